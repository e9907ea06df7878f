"""The Starlette application: the page, a small JSON API and the websocket where tables are played.

Routes (``ROUTES``): ``/`` (the page; ``/t/{id}`` and ``/replay`` are the same page),
``/static/*`` (its assets, shipped in the package), ``/api/variants``,
``POST /api/tables``, ``POST /api/tables/{id}/end`` (its opener ends a table),
``POST /api/tables/{id}/claim`` (a browser takes the seat its invite names), ``POST /api/tables/{id}/release`` (its
opener frees a claimed seat), ``POST /api/tables/{id}/stand-in`` (a bot plays for a person away),
``/api/tables/{id}/record`` (finished or ended games only),
``POST /api/replays``, ``/api/replays/{id}/deals/{n}`` and ``/api/replays/{id}/evaluation``,
``POST /api/reviews`` (a finished game's decisions valued by the strong bot, ``review.py``), ``/api/schema``
and the websocket ``/ws``.  Every answer carries the security headers, and
requests that change something must come from the server's own page
(``security.py``).  The handlers find the card room's state (``CardRoom``) at ``app.state.bowers``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import hashlib
import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

from bowers.errors import BowersError, OptionError
from bowers.game import Game, json_copy, parse_json
from bowers.server import replay as replays
from bowers.server import worker
from bowers.server.catalogue import catalogue
from bowers.server.database import Database, DatabaseUnusable, StoredTable, default_path
from bowers.server.limits import (
    HINT_BURST,
    HINTS_PER_MINUTE,
    IDLE_SECONDS,
    JOIN_BURST,
    JOINS_PER_MINUTE,
    MAX_SOCKETS,
    MESSAGE_BURST,
    MESSAGES_PER_SECOND,
    RECORD_BURST,
    RECORDS_PER_MINUTE,
    TABLE_BURST,
    TABLES_PER_MINUTE,
    UPLOAD_BURST,
    UPLOADS_PER_MINUTE,
    AddressLimits,
    RateLimit,
    SocketCounts,
    client_address,
)
from bowers.server.pool import PoolBusy, TimeLimitExceeded, WorkerPool
from bowers.server.review import review_endpoint
from bowers.server.rooms import (
    ABANDONED_SECONDS,
    ABSENT_SECONDS,
    DEFAULT_BOUNDS,
    UNWATCHED_SECONDS,
    Connection,
    Lobby,
    SeatClaimed,
    TableBounds,
    TableEnded,
    duration_words,
    error,
)
from bowers.server.schema import INCOMING, Act, AskHint, Join, Ping, Refresh, Undo, schema
from bowers.server.security import LOCAL_HOSTS, SecurityMiddleware

log = logging.getLogger("bowers.server")

STATIC = Path(__file__).parent / "static"


def static_version(directory: Path = STATIC) -> str:
    """A short hash of every static file, which the page's asset URLs carry: a new release's page never loads a
    browser's cached old scripts and styles, nor a mix of old and new."""
    digest = hashlib.sha256()
    for path in sorted(found for found in directory.rglob("*") if found.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


RELEASE_STATIC = f"/static/v/{static_version()}"  # the static files of this release, cached for good


class ReleaseFiles(StaticFiles):
    """The static files under this release's URL: they never change there, so a browser keeps them."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


@functools.cache
def index_html() -> str:
    """The page, its asset URLs under this release's (module imports are relative, so they follow)."""
    return (STATIC / "index.html").read_text(encoding="utf-8").replace('"/static/', f'"{RELEASE_STATIC}/')

MAX_MESSAGE = 2048  # characters in one websocket message
MAX_BODY = replays.MAX_UPLOAD + 1024  # bytes in one request body
REQUESTS_WAITING = 16  # jobs (replays, evaluations, records) one address may have waiting in the worker pool
ALLOWED_ORIGINS_VARIABLE = "BOWERS_ALLOWED_ORIGINS"  # extra page origins (comma-separated), for a reverse proxy


@dataclass(eq=False)
class CardRoom:
    """One application's settings and state: where tables are stored, how bots think, the rate limits and the
    sockets each address holds, the replay quota, and (while the application runs) the lobby
    of live tables."""

    path: Path
    pool: str
    workers: int | None
    job_seconds: float
    bot_delay: float
    messages_per_second: float
    message_burst: int
    table_limits: AddressLimits
    upload_limits: AddressLimits
    join_limits: AddressLimits
    record_limits: AddressLimits
    hint_limits: AddressLimits
    sockets: SocketCounts
    idle_seconds: float
    bounds: TableBounds = field(default_factory=TableBounds)
    replay_quota: replays.ReplayQuota = field(default_factory=replays.ReplayQuota)
    clock: Callable[[], float] = time.time
    running_lobby: Lobby | None = None

    @property
    def lobby(self) -> Lobby:
        """The live tables (the application must be running: its lifespan opens them)."""
        if self.running_lobby is None:
            raise RuntimeError("the card room is not running")
        return self.running_lobby

    def keep_replay(self, replay_id: str, address: str, packed: bytes) -> None:
        """Keep an uploaded replay's packed record for its later questions, under the replay quota."""
        quota = self.replay_quota
        oldest = self.clock() - quota.days * 86_400
        database = self.lobby.database
        database.add_replay(replay_id, address, packed, quota.per_address, quota.address_bytes, quota.total_bytes, oldest)

    def replay(self, replay_id: str) -> bytes | None:
        """A kept replay's packed record, or None once it is no longer kept."""
        return self.lobby.database.replay(replay_id)


def card_room(connection: HTTPConnection) -> CardRoom:
    """The state of the application that a request or websocket reached."""
    room: CardRoom = connection.app.state.bowers
    return room


def address_group(connection: HTTPConnection) -> str:
    """The worker pool's group of whatever a client address asks for: its tables' bots, hints and replays."""
    return f"address:{client_address(connection)}"


async def request_job(request: Request, key: str, function: Callable[..., Any], *arguments: Any) -> Any:
    """Run a request's work in the worker pool, in its address's share; ``PoolBusy`` (answered ``429``) when that
    address has ``REQUESTS_WAITING`` jobs waiting already, so a flood of requests queues no unbounded work."""
    return await card_room(request).lobby.think(
        key, function, *arguments, group=address_group(request), most_waiting=REQUESTS_WAITING
    )


async def pool_busy(request: Request, problem: Exception) -> Response:
    """The answer to a request refused because its address has too much work waiting."""
    message = f"{REQUESTS_WAITING} requests from this address are waiting for the server already; try again in a moment"
    return JSONResponse({"error": message}, status_code=429)


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Open the database, the bot pool and the lobby (resuming every unfinished table); close them at the end."""
    room: CardRoom = app.state.bowers
    database = Database(room.path)
    bot_pool = WorkerPool(room.pool, room.workers, room.job_seconds, name="bot")
    lobby = Lobby(database, bot_pool, room.bot_delay, room.bounds, room.clock)
    room.running_lobby = lobby
    try:
        resumed = lobby.resume_all()
        log.info("bowers: %d unfinished tables resumed from %s", resumed, room.path)
        lobby.start()
        yield
    finally:
        await lobby.close()
        bot_pool.close()
        database.close()


# ---------------------------------------------------------------------- request bodies and answers


async def read_body(request: Request) -> bytes:
    """The request body, refused past ``MAX_BODY`` bytes."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise OptionError(f"the request is larger than {MAX_BODY} bytes", "body")
        chunks.append(chunk)
    return b"".join(chunks)


def read_json_body(body: bytes) -> Any:
    """A request body's JSON value: plain JSON only (no NaN, no numbers of thousands of digits), nested at most
    ``MAX_JSON_DEPTH`` deep, or ``RecordError`` saying what was wrong."""
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise OptionError("the body is not UTF-8 text", "body") from None
    return json_copy(parse_json(text, "the body"), "the body")


def replay_answer(
    replay_id: str, record: dict[str, Any], compress: bool, seats: list[dict[str, Any]] | None = None
) -> tuple[bytes, bytes]:
    """The upload's JSON answer as bytes, gzip-compressed when asked (runs in the worker pool, off the event loop).

    It carries the first deal's result, which the viewer says at the deal's end, and, for a table's game, who sat
    where (``seats``: kind, settings and name), so the viewer names the players as the table did.  Returns the
    record packed for the database, and the answer.
    """
    answer = {
        "replay": replay_id,
        **replays.summary(record),
        "result": deal_result(record, 0),
        "seats": seats,
        "solver": replays.solver_available(),
    }
    data = json.dumps(answer, separators=(",", ":")).encode()
    return replays.pack(record), gzip.compress(data, compresslevel=5) if compress else data


def deal_result(record: dict[str, Any], deal: int) -> dict[str, Any] | None:
    """A deal's result: the record's, else (an EGN file carries none) the game's after the deal's last action; None
    for a deal that did not finish."""
    stored: dict[str, Any] | None = record["deals"][deal].get("result")
    if stored is not None:
        return stored
    game = replays.game_at(record, deal, len(record["deals"][deal].get("actions", [])))
    return game.results[deal] if len(game.results) > deal else None


def deal_answer(replay_id: str, packed: bytes, deal: int, compress: bool) -> bytes:
    """One deal's positions and its result as JSON bytes, gzip-compressed when asked (runs in the worker pool)."""
    record = replays.unpack(replay_id, packed)
    positions = replays.deal_positions(record, deal)
    data = json.dumps({"deal": deal, "positions": positions, "result": deal_result(record, deal)}, separators=(",", ":")).encode()
    return gzip.compress(data, compresslevel=5) if compress else data


def upload_answer(replay_id: str, text: str, compress: bool) -> tuple[bytes, bytes]:
    """An uploaded file's record, checked and packed, and the upload's answer (runs in the worker pool)."""
    return replay_answer(replay_id, replays.parse_upload(text), compress)


def json_bytes(data: bytes, compressed: bool, status_code: int) -> Response:
    """A response of JSON bytes made in the worker pool, gzip-compressed or not."""
    headers = {"Vary": "Accept-Encoding"}
    if compressed:
        headers["Content-Encoding"] = "gzip"
    return Response(data, status_code=status_code, media_type="application/json", headers=headers)


def accepts_gzip(request: Request) -> bool:
    """Whether the client takes a gzip-compressed answer."""
    return "gzip" in request.headers.get("accept-encoding", "").lower()


# ---------------------------------------------------------------------- the page and the JSON API


async def page(request: Request) -> Response:
    """The single page (every page path serves it; its script reads the path)."""
    return HTMLResponse(index_html(), headers={"Cache-Control": "no-cache"})


async def variants_endpoint(request: Request) -> Response:
    """The variants, bots and solver a new table can use."""
    return JSONResponse(catalogue())


async def schema_endpoint(request: Request) -> Response:
    """The JSON schema of the websocket messages."""
    return JSONResponse(schema())


async def create_table(request: Request) -> Response:
    """Open a new table from ``{variant, options, seats, seed}``; answers its id and each seat's invite token."""
    room = card_room(request)
    if not room.table_limits.allow(request):
        return JSONResponse({"error": "too many new tables from this address; wait a minute"}, status_code=429)
    try:
        data = read_json_body(await read_body(request))
        if not isinstance(data, dict):
            raise OptionError("send an object with variant, options and seats", "body")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"seed must be a whole number, not {seed!r}", "seed")
        table, tokens = room.lobby.create(
            str(data.get("variant", "")),
            data.get("options") or {},
            data.get("seats") or [],
            seed,
            group=address_group(request),
        )
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    except TypeError as problem:
        return JSONResponse({"error": f"malformed table: {problem}"}, status_code=400)
    except sqlite3.Error as problem:
        log.error("a new table could not be stored: %s", problem)
        return JSONResponse({"error": "the server cannot store new tables right now; try again later"}, status_code=503)
    seats = [{"seat": n, "kind": s.kind, "token": tokens[n]} for n, s in enumerate(table.table.seats)]
    return JSONResponse({"table": table.id, "seats": seats, "owner": table.owner}, status_code=201)


async def end_table(request: Request) -> Response:
    """End a table for its opener, from ``{"token"}``: the first seat's token, or the ``owner`` key of a table
    whose first seat is a bot.  Everyone at the table is told."""
    room = card_room(request)
    try:
        data = read_json_body(await read_body(request))
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str) or not 0 < len(token) <= 128:
        return JSONResponse({"error": "send an object with the opener's key as token"}, status_code=400)
    table = await room.lobby.open_room(request.path_params["table"])
    if table is None:
        return JSONResponse({"error": "no table with that id"}, status_code=404)
    try:
        await room.lobby.end_by_owner(table, token)
    except PermissionError as problem:
        return JSONResponse({"error": str(problem)}, status_code=403)
    except LookupError as problem:
        return JSONResponse({"error": str(problem)}, status_code=409)
    except sqlite3.Error as problem:
        log.error("table %s could not be ended: %s", table.id, problem)
        return JSONResponse({"error": "the server cannot store that right now; try again later"}, status_code=503)
    finally:
        room.lobby.forget_if_done(table)
    return JSONResponse({"table": table.id, "ended": table.ended})


RECORD_PAGE = 200  # deals in one page of a finished game's record (``?from=``)


def stored_record(stored: StoredTable) -> dict[str, Any]:
    """A stored table's game record, its game rebuilt from its actions (runs in the worker pool)."""
    game = Game(stored.variant, seed=stored.seed, **stored.options)
    for seat, action in stored.actions:
        game.apply(action, seat=seat)
    return game.record()


def record_answer(record: dict[str, Any], first: int | None, compress: bool) -> bytes:
    """A game record as JSON bytes, gzip-compressed when asked; from deal ``first`` on, ``RECORD_PAGE`` deals of it,
    with ``deals_from`` and ``deals_total`` (runs in the worker pool, or a thread for a live table's)."""
    if first is not None:
        deals = record["deals"]
        record = {**record, "deals": deals[first : first + RECORD_PAGE], "deals_from": first, "deals_total": len(deals)}
    data = json.dumps(record, separators=(",", ":")).encode()
    return gzip.compress(data, compresslevel=5) if compress else data


async def finished_record(request: Request, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | Response:
    """A finished or ended table's record and seats, or the answer that refuses them.  A table in memory gives its
    own; one only in the database is rebuilt in the worker pool, as part of the asker's share, never on the
    event loop (a long game has tens of thousands of actions)."""
    room = card_room(request)
    live = room.lobby.rooms.get(table_id)
    if live is not None and not live.done:
        return JSONResponse({"error": "the game is still being played; its record opens when it is over"}, status_code=403)
    if live is not None:
        return live.record(), [seat.as_json() for seat in live.table.seats]
    stored = room.lobby.database.table(table_id)
    if stored is None:
        return JSONResponse({"error": "no table with that id"}, status_code=404)
    if not stored.finished and stored.ended is None:
        return JSONResponse({"error": "the game is still being played; its record opens when it is over"}, status_code=403)
    record = await request_job(request, f"record:{table_id}", stored_record, stored)
    return record, [Lobby.stored_seat(table_id, seat).as_json() for seat in stored.seats]


async def seat_request(request: Request, *fields: str) -> tuple[Any, ...] | Response:
    """A seat request's table and fields: a key as ``token`` and whole numbers for ``fields``; or the answer that
    refuses it (``400``, or ``404`` for no such table)."""
    try:
        data = read_json_body(await read_body(request))
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    data = data if isinstance(data, dict) else {}
    token = data.get("token")
    values = [data.get(name) for name in fields]
    numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    if not isinstance(token, str) or not 0 < len(token) <= 128 or not numbers:
        words = "".join(f" and a {name} number" for name in fields)
        return JSONResponse({"error": f"send an object with a key as token{words}"}, status_code=400)
    table = await card_room(request).lobby.open_room(request.path_params["table"])
    if table is None:
        return JSONResponse({"error": "no table with that id"}, status_code=404)
    return (table, token, *values)


async def claim_seat(request: Request) -> Response:
    """A browser claims the seat its invite token names, from ``{"token"}``: answers ``{"table", "seat", "secret"}``,
    the secret alone opening the seat from now on; ``409`` once another browser claimed it."""
    asked = await seat_request(request)
    if isinstance(asked, Response):
        return asked
    table, token = asked
    try:
        seat, secret = await card_room(request).lobby.claim(table, token)
    except SeatClaimed as problem:
        return JSONResponse({"error": str(problem), "code": "seat-claimed"}, status_code=409)
    except PermissionError as problem:
        return JSONResponse({"error": str(problem)}, status_code=403)
    return JSONResponse({"table": table.id, "seat": seat, "secret": secret})


async def stand_in(request: Request) -> Response:
    """A player, from ``{"token": their seat's key, "seat"}``, lets a bot play for a person away on their turn for
    a while; ``409`` when that seat is not waiting for its player."""
    asked = await seat_request(request, "seat")
    if isinstance(asked, Response):
        return asked
    table, token, seat = asked

    async def give() -> None:
        await card_room(request).lobby.stand_in(table, table.seat_of_key(token), seat)

    return await seat_change(give, {"table": table.id, "seat": seat, "stand_in": True})


async def release_seat(request: Request) -> Response:
    """Free a claimed seat for the table's opener, from ``{"token": the owner key, "seat"}``: its invite link opens
    it again (for a player whose browser lost the seat's secret), and the table is told."""
    asked = await seat_request(request, "seat")
    if isinstance(asked, Response):
        return asked
    table, token, seat = asked
    return await seat_change(
        lambda: card_room(request).lobby.release(table, token, seat), {"table": table.id, "seat": seat, "released": True}
    )


async def seat_change(change: Callable[[], Awaitable[None]], answer: dict[str, Any]) -> Response:
    """Make a change to a seat and answer ``answer``; a change the asker may not make is a 403 and one the seat's
    state refuses (nothing to release, no one absent) a 409, each with its reason."""
    try:
        await change()
    except PermissionError as problem:
        return JSONResponse({"error": str(problem)}, status_code=403)
    except LookupError as problem:
        return JSONResponse({"error": str(problem)}, status_code=409)
    return JSONResponse(answer)


async def table_record(request: Request) -> Response:
    """A finished or ended table's game record, whole or (``?from=N``) ``RECORD_PAGE`` deals from deal ``N``."""
    if not card_room(request).record_limits.allow(request):
        return JSONResponse({"error": "too many records asked for from this address; wait a minute"}, status_code=429)
    first_text = request.query_params.get("from")
    if first_text is not None and not (first_text.isascii() and first_text.isdigit() and len(first_text) <= 6):
        return JSONResponse({"error": f"from is a deal's number from 0, not {first_text[:20]!r}"}, status_code=400)
    try:
        found = await finished_record(request, request.path_params["table"])
    except TimeLimitExceeded:
        return JSONResponse({"error": "the game took too long to read back"}, status_code=503)
    if isinstance(found, Response):
        return found
    compress = accepts_gzip(request)
    first = None if first_text is None else int(first_text)
    data = await asyncio.to_thread(record_answer, found[0], first, compress)
    return json_bytes(data, compress, 200)


async def upload_replay(request: Request) -> Response:
    """Read an uploaded record (or a finished table's, with ``?table=``) for replay; answers its summary."""
    room = card_room(request)
    if not room.upload_limits.allow(request):
        return JSONResponse({"error": "too many replays from this address; wait a minute"}, status_code=429)
    compress = accepts_gzip(request)
    replay_id = secrets.token_urlsafe(9)
    key = f"replay:{client_address(request)}"
    try:
        body = await read_body(request)
        table_id = request.query_params.get("table")
        if table_id:
            found = await finished_record(request, table_id)
            if isinstance(found, Response):
                return JSONResponse({"error": "no finished game at that table"}, status_code=404)
            record, seats = found
            packed, data = await request_job(request, key, replay_answer, replay_id, record, compress, seats)
        else:
            text = body.decode("utf-8-sig")
            packed, data = await request_job(request, key, upload_answer, replay_id, text, compress)
    except UnicodeDecodeError:
        return JSONResponse({"error": "the file is not UTF-8 text"}, status_code=400)
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    except TimeLimitExceeded:
        message = "the file took too long to read; it is too long a game for this server"
        return JSONResponse({"error": message}, status_code=400)
    try:
        room.keep_replay(replay_id, client_address(request), packed)
    except sqlite3.Error as problem:
        log.error("a replay could not be stored: %s", problem)
        return JSONResponse({"error": "the server cannot keep replays right now; try again later"}, status_code=503)
    return json_bytes(data, compress, 201)


async def evaluation(request: Request) -> Response:
    """The solver's values of the actions at one position of a replay (``?deal=&index=``)."""
    room = card_room(request)
    replay_id = request.path_params["replay"]
    packed = room.replay(replay_id)
    if packed is None:
        return JSONResponse({"error": "no such replay (they are kept for a while only)"}, status_code=404)
    try:
        deal = int(request.query_params.get("deal", ""))
        index = int(request.query_params.get("index", ""))
    except ValueError as problem:
        return JSONResponse({"error": f"deal and index must be whole numbers of a position ({problem})"}, status_code=400)
    try:
        key = f"replay:{client_address(request)}"
        result = await request_job(request, key, replays.evaluate_stored, replay_id, packed, deal, index)
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    except TimeLimitExceeded:
        result = {"available": True, "values": {}, "reason": "the solver took too long over this position"}
    return JSONResponse(result)


async def replay_deal(request: Request) -> Response:
    """Every position of one deal of a replay."""
    room = card_room(request)
    replay_id = request.path_params["replay"]
    packed = room.replay(replay_id)
    if packed is None:
        return JSONResponse({"error": "no such replay (they are kept for a while only)"}, status_code=404)
    text = request.path_params["deal"]
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        return JSONResponse({"error": f"a deal is a whole number from 0, not {text[:20]!r}"}, status_code=400)
    compress = accepts_gzip(request)
    try:
        key = f"replay:{client_address(request)}"
        data = await request_job(request, key, deal_answer, replay_id, packed, int(text), compress)
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    except TimeLimitExceeded:
        return JSONResponse({"error": "that deal took too long to read"}, status_code=400)
    return json_bytes(data, compress, 200)


# ---------------------------------------------------------------------- the websocket


async def websocket_endpoint(websocket: WebSocket) -> None:
    """A browser's socket: its messages answered in order, under the size and rate limits, until it closes or has
    been idle (no message either way) for ``idle_seconds``; an address holds at most ``sockets.most`` at once."""
    room = card_room(websocket)
    address = client_address(websocket)
    await websocket.accept()
    if not room.sockets.enter(address):
        message = f"at most {room.sockets.most} connections from one address at once; close another table's page first"
        await websocket.send_json(error("too-many-sockets", message))
        await websocket.close(1008, "too many connections from this address")
        return
    connection = Connection(write=websocket.send_text, shut=websocket.close, address=address)
    writer = asyncio.get_running_loop().create_task(connection.pump())
    try:
        await read_messages(room, connection, websocket, writer)
    except WebSocketDisconnect:
        pass
    finally:
        room.sockets.leave(address)
        await room.lobby.leave(connection)
        connection.request_close(1000, "closed")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)  # the last words and the close, to a client that still reads


async def read_messages(room: CardRoom, connection: Connection, websocket: WebSocket, writer: asyncio.Task[None]) -> None:
    """Answer the socket's messages until it closes, the writer closed it, or it was idle too long."""
    limit = RateLimit(room.messages_per_second, room.message_burst)
    receiving: asyncio.Task[Any] | None = None
    try:
        while not connection.closing:
            left = connection.active + room.idle_seconds - time.monotonic()
            if left <= 0:
                words = duration_words(room.idle_seconds)
                await connection.send(error("idle", f"this connection was closed after {words} with no message either way"))
                await connection.close(4008, "idle")
                return
            receiving = receiving or asyncio.ensure_future(websocket.receive())
            done, _ = await asyncio.wait({receiving, writer}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            if receiving not in done:
                if writer in done:
                    return
                continue
            message, receiving = receiving.result(), None
            if message["type"] == "websocket.disconnect":
                return
            connection.active = time.monotonic()
            text = message.get("text")
            if text is None:
                await connection.send(error("malformed", "send JSON text messages, not binary"))
                continue
            if len(text) > MAX_MESSAGE:
                await connection.send(error("too-large", f"a message has at most {MAX_MESSAGE} characters"))
                await connection.close(1009, "message too large")
                return
            if not limit.allow():
                await connection.send(error("too-many", f"at most {room.messages_per_second:g} messages a second"))
                await connection.close(1008, "too many messages")
                return
            await handle(room, connection, text)
    finally:
        if receiving is not None:
            receiving.cancel()


async def handle(card: CardRoom, connection: Connection, text: str) -> None:
    """Answer one message (an answer that closes the socket sets ``connection.closing``)."""
    lobby = card.lobby
    try:
        message = INCOMING.validate_json(text)
    except ValidationError as problem:
        details = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in problem.errors()[:3])
        await connection.send(
            error("malformed", f"{details}. Messages are JSON objects with a type: join, act, state, hint, undo, ping")
        )
        return
    if isinstance(message, Ping):
        await connection.send({"type": "pong"})
        return
    room = connection.room
    if isinstance(message, Join):
        if room is not None:
            await connection.send(error("already-joined", "this connection already joined a table"))
            return
        if not card.join_limits.allow_address(connection.address):
            words = f"at most {card.join_limits.per_minute:g} joins a minute from one address; wait a little"
            await connection.send(error("too-many-joins", words))
            return
        try:
            await lobby.join(connection, message.table, message.token)
        except LookupError as problem:
            await connection.send(error("no-table", str(problem)))
            await connection.close(4004, "no such table")
        except SeatClaimed as problem:
            await connection.send(error("seat-claimed", str(problem)))
            await connection.close(4009, "seat claimed")
        except PermissionError as problem:
            await connection.send(error("bad-token", str(problem)))
            await connection.close(4003, "bad token")
        return
    if room is None:
        await connection.send(error("not-joined", "join a table first"))
        return
    if isinstance(message, Refresh):
        async with room.lock:
            connection.post(await room.state_text(connection.seat))
        return
    seat = connection.seat
    if seat is None:
        await connection.send(error("spectator", "spectators watch; they do not act"))
        return
    if room.ended is not None:
        await connection.send(error("ended", room.ended))
        return
    if isinstance(message, AskHint) and not card.hint_limits.allow_address(connection.address):
        words = f"at most {card.hint_limits.per_minute:g} hints a minute from one address; wait a little"
        await connection.send(error("too-many-hints", words))
        return
    try:
        if isinstance(message, Act):
            await lobby.act(room, seat, message.action, message.expect)
        elif isinstance(message, Undo):
            await lobby.undo(room, seat)
        elif isinstance(message, AskHint):  # one at a time: a socket's messages are answered in order
            await connection.send(await lobby.hint(room, seat, f"address:{connection.address}"))
    except BowersError as problem:
        await connection.send(error("illegal", str(problem)))
    except TableEnded as ended:
        await connection.send(error("ended", str(ended)))
    except LookupError as problem:
        await connection.send(error("unavailable", str(problem)))
    except Exception:  # a fault of the server's own: logged, and the table goes on unchanged
        log.exception("table %s: %r from seat %s failed", room.id, message, seat)
        await connection.send(error("internal", "the server could not do that; the table is unchanged"))


# ---------------------------------------------------------------------- the application

ROUTES: list[BaseRoute] = [
    Route("/", page),
    Route("/t/{table}", page),
    Route("/replay", page),
    Route("/replay/{table}", page),
    Route("/api/variants", variants_endpoint),
    Route("/api/schema", schema_endpoint),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{table}/end", end_table, methods=["POST"]),
    Route("/api/tables/{table}/claim", claim_seat, methods=["POST"]),
    Route("/api/tables/{table}/release", release_seat, methods=["POST"]),
    Route("/api/tables/{table}/stand-in", stand_in, methods=["POST"]),
    Route("/api/tables/{table}/record", table_record),
    Route("/api/replays", upload_replay, methods=["POST"]),
    Route("/api/replays/{replay}/evaluation", evaluation),
    Route("/api/replays/{replay}/deals/{deal}", replay_deal),
    Route("/api/reviews", review_endpoint, methods=["POST"]),
    WebSocketRoute("/ws", websocket_endpoint),
    Mount(RELEASE_STATIC, app=ReleaseFiles(directory=STATIC)),
    Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
]


def create_app(
    db_path: str | Path | None = None,
    pool: str = "process",
    bot_delay: float = 0.0,
    workers: int | None = None,
    messages_per_second: float = MESSAGES_PER_SECOND,
    message_burst: int = MESSAGE_BURST,
    table_burst: int = TABLE_BURST,
    upload_burst: int = UPLOAD_BURST,
    job_seconds: float = worker.JOB_SECONDS_LIMIT,
    allowed_origins: tuple[str, ...] = (),
    bounds: TableBounds = DEFAULT_BOUNDS,
    clock: Callable[[], float] = time.time,
    allowed_hosts: tuple[str, ...] | None = None,
    forwarded_allow_ips: tuple[str, ...] = (),
    join_burst: int = JOIN_BURST,
    record_burst: int = RECORD_BURST,
    hint_burst: int = HINT_BURST,
    max_sockets: int = MAX_SOCKETS,
    idle_seconds: float = IDLE_SECONDS,
    replay_quota: replays.ReplayQuota = replays.DEFAULT_QUOTA,
) -> Starlette:
    """The bowers card room as an ASGI application, its tables kept in the SQLite file ``db_path``.

    ``pool`` is where bots think (``process`` or ``thread``), ``workers`` how many think at once and
    ``job_seconds`` the hard limit on one decision, hint or replay; ``bot_delay`` paces bots while people
    watch; each socket may send ``message_burst`` messages at once, then ``messages_per_second``;
    each client address may open ``table_burst`` tables at once, then ``TABLES_PER_MINUTE``, and upload
    ``upload_burst`` replays, then ``UPLOADS_PER_MINUTE``. ``allowed_origins`` are page origins accepted
    besides the server's own (``https://cards.example.org``, for a reverse proxy that rewrites ``Host``).
    ``bounds`` says when a table ends before its game is over, and ``clock`` (for tests) tells the time.
    ``allowed_hosts`` are the host names the server answers to besides IP addresses (None: any, for a server in
    front that checks them; ``serve`` always names them), and ``forwarded_allow_ips`` the proxies whose
    ``X-Forwarded-*`` headers are believed (none by default).  An address's sockets may join ``join_burst``
    tables at once, then ``JOINS_PER_MINUTE``, read ``record_burst`` finished games' records, then
    ``RECORDS_PER_MINUTE``, and ask ``hint_burst`` hints, then ``HINTS_PER_MINUTE``; an
    address holds at most ``max_sockets`` sockets, and a socket with no message either way for ``idle_seconds``
    is closed.  ``replay_quota`` says how many uploaded replays are kept, for each address and in all.
    """
    middleware = [
        Middleware(
            SecurityMiddleware,
            allowed_origins=allowed_origins,
            allowed_hosts=allowed_hosts,
            forwarded_allow_ips=forwarded_allow_ips,
        )
    ]
    app = Starlette(routes=ROUTES, lifespan=lifespan, middleware=middleware, exception_handlers={PoolBusy: pool_busy})
    app.state.bowers = CardRoom(
        path=Path(db_path) if db_path is not None else default_path(),
        pool=pool,
        workers=workers,
        job_seconds=job_seconds,
        bot_delay=bot_delay,
        messages_per_second=messages_per_second,
        message_burst=message_burst,
        table_limits=AddressLimits(TABLES_PER_MINUTE, table_burst),
        upload_limits=AddressLimits(UPLOADS_PER_MINUTE, upload_burst),
        join_limits=AddressLimits(JOINS_PER_MINUTE, join_burst),
        record_limits=AddressLimits(RECORDS_PER_MINUTE, record_burst),
        hint_limits=AddressLimits(HINTS_PER_MINUTE, hint_burst),
        sockets=SocketCounts(max_sockets),
        idle_seconds=idle_seconds,
        bounds=bounds,
        replay_quota=replay_quota,
        clock=clock,
    )
    return app


def allowed_origins_from_environment() -> tuple[str, ...]:
    """The extra page origins named in ``$BOWERS_ALLOWED_ORIGINS`` (comma-separated), if any."""
    return tuple(origin.strip() for origin in os.environ.get(ALLOWED_ORIGINS_VARIABLE, "").split(",") if origin.strip())


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path | None = None,
    bot_delay: float = 0.6,
    unwatched_minutes: float = UNWATCHED_SECONDS / 60,
    abandoned_days: float = ABANDONED_SECONDS / 86_400,
    allowed_hosts: tuple[str, ...] = (),
    forwarded_allow_ips: tuple[str, ...] = (),
    max_sockets: int = MAX_SOCKETS,
    idle_minutes: float = IDLE_SECONDS / 60,
    absent_minutes: float = ABSENT_SECONDS / 60,
) -> None:
    """Run the card room with uvicorn until interrupted; a database it cannot use stops it at once, in one line.

    A table of bots no one has watched for ``unwatched_minutes``, and any table no one has come to for
    ``abandoned_days``, ends.  The server answers to ``localhost``, every IP address, the ``host`` it listens on
    and ``allowed_hosts``; it believes ``X-Forwarded-*`` headers only from ``forwarded_allow_ips`` (uvicorn's own
    proxy handling, which trusts 127.0.0.1, is off).  A client address holds at most ``max_sockets`` websockets, and
    one with no message either way for ``idle_minutes`` is closed.  A person away on their turn for
    ``absent_minutes`` may have a bot play for them, at the others' word.
    """
    import uvicorn

    path = Path(db_path) if db_path is not None else default_path()
    try:
        Database(path).close()
    except DatabaseUnusable as problem:
        raise SystemExit(f"bowers serve: {problem}") from None
    bounds = TableBounds(
        unwatched_seconds=unwatched_minutes * 60, abandoned_seconds=abandoned_days * 86_400, absent_seconds=absent_minutes * 60
    )
    app = create_app(
        path,
        pool="process",
        bot_delay=bot_delay,
        allowed_origins=allowed_origins_from_environment(),
        bounds=bounds,
        allowed_hosts=(*LOCAL_HOSTS, host, *allowed_hosts),
        forwarded_allow_ips=forwarded_allow_ips,
        max_sockets=max_sockets,
        idle_seconds=idle_minutes * 60,
    )
    uvicorn.run(app, host=host, port=port, ws_max_size=64 * 1024, log_level="info", proxy_headers=False)
