"""Rooms: live tables with their seats, connections and bots, backed by the database.

A room owns a ``bowers.table.Table``.  Each action is checked against the game,
committed to the database, then applied and sent to every connection as that
connection's own view.  One asyncio lock per room orders its actions; bots
choose in the worker pool while the lock is free.  Each view is built once per
change of the table, off the event loop, and written to each socket by that
socket's own writer, so a socket that reads slowly holds up no one (one that
falls too far behind is closed); someone joining gets the state alone, and
the others are told only when a seat's presence changed.

Every table ends (``TableBounds``): at a cap on hands and on actions, when a
table of bots has had no one watching for a while, when no one has come to it
for days, or when its opener ends it.  An ended table is no longer played nor
resumed; its state stays readable and everyone at it is told why, in words.

A person's seat is claimed, not shared: the first browser that claims it with its invite token gets the seat's
own secret, and from then on only that secret opens it (the opener may release it, so the link works again).
A person who stays away on their turn for ``TableBounds.absent_seconds`` may have a bot play for them, at the
others' word, until they come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import bowers.bots
from bowers.errors import BowersError, IllegalAction, OptionError
from bowers.game import Game
from bowers.server import views, worker
from bowers.server.database import Database, StoredTable
from bowers.server.pool import TimeLimitExceeded, WorkerPool
from bowers.server.schema import RESULTS_SHOWN, ErrorMessage, HintMessage, Notice, SeatInfo, StateMessage
from bowers.table import HUMAN, Seat, Table
from bowers.variants import Rules, Variant
from bowers.variants import variant as variant_declaration

log = logging.getLogger("bowers.server")

Write = Callable[[str], Awaitable[None]]
MAX_SEAT_NAME = 40
OUTBOX = 16  # messages waiting for a socket that reads slowly; past that it is closed
# Every word the table page uses for a place at the table (static/js/words.js, PLACE_WORDS): a player named one of
# them would read as a place ("Partner plays"), so no seat may take one as its name.
PLACE_WORDS = frozenset(
    {"you", "opponent", "left", "right", "partner", "across", "left 2", "right 2"}
    | {"south", "west", "north", "east", "southwest", "northwest", "northeast", "southeast"}
)
MAX_SEED = 2**63 - 1  # a chosen seed is stored as an SQLite integer
# The card room's games end: points to win are at most this many times the variant's own (standard to 40,
# Railroad to 256), and no team starts further below zero than that.
TARGET_FACTOR = 4


def max_target(declaration: Variant) -> int:
    """The most points to win a visitor may choose for a variant in the card room."""
    return TARGET_FACTOR * int(declaration.option("target").default)


def check_table_size(declaration: Variant, rules: Rules) -> None:
    """Refuse, with ``OptionError`` naming the range, a target or starting score past the card room's bounds."""
    most = max_target(declaration)
    if rules.target > most:
        allowed = f"1 to {most}"
        message = (
            f"option 'target': at most {most} points in the card room ({TARGET_FACTOR} times {declaration.name}'s "
            f"{most // TARGET_FACTOR}), not {rules.target}; allowed: {allowed}"
        )
        raise OptionError(message, "target", allowed)
    if any(score < -most for score in rules.initial_scores):
        allowed = f"scores from -{most} up to below the target"
        message = f"option 'initial_scores': a team starts at -{most} points at the lowest; allowed: {allowed}"
        raise OptionError(message, "initial_scores", allowed)


# Every table ends whatever is played there.  The longest games bots played at the largest target, starting at
# its lowest score, were 313 hands (heuristic bots, Railroad for six) and 9,808 actions (the same): see
# docs/server.md, "Every table ends".  The caps are several times that.
MAX_HANDS = 1_500
MAX_ACTIONS = 50_000
UNWATCHED_SECONDS = 600.0  # a table of bots no one watched for this long ends
ABANDONED_SECONDS = 7 * 86_400.0  # a table no one came to for this long ends
SWEEP_SECONDS = 60.0  # how often the lobby looks for tables to end
ABSENT_SECONDS = 120.0  # a person away this long on their turn may have a bot play for them
NOTICES_KEPT = 8  # the latest seat events every state carries for the table's log
STAND_IN = ("pimc", {"level": 3})  # the bot that plays for an away person at a table with no bot of its own


@dataclass(frozen=True)
class TableBounds:
    """When a table ends before its game is over: ``max_hands`` hands played, ``max_actions`` actions taken
    (undone ones included), ``unwatched_seconds`` without a socket at a table of bots only, or
    ``abandoned_seconds`` without a socket at any table; and ``absent_seconds``, how long a person's seat waits on
    its turn with no one at it before the others may give it to a bot."""

    max_hands: int = MAX_HANDS
    max_actions: int = MAX_ACTIONS
    unwatched_seconds: float = UNWATCHED_SECONDS
    abandoned_seconds: float = ABANDONED_SECONDS
    absent_seconds: float = ABSENT_SECONDS


DEFAULT_BOUNDS = TableBounds()
UNITS = (("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1))


def duration_words(seconds: float) -> str:
    """A span of time as a player says it: ``10 minutes``, ``7 days``, ``1 hour``, ``30 seconds``."""
    unit, size = next(((unit, size) for unit, size in UNITS if seconds >= size), UNITS[-1])
    number = f"{round(seconds / size, 1):g}"
    return f"{number} {unit}{'' if number == '1' else 's'}"


def stored_game(stored: StoredTable) -> Game:
    """A stored table's game, rebuilt action by action."""
    game = Game(stored.variant, seed=stored.seed, **stored.options)
    for seat, action in stored.actions:
        game.apply(action, seat=seat)
    return game


def matching_seat(keys: Sequence[str | None], key: str) -> int | None:
    """The seat whose key (an invite token or a claimed seat's secret) is ``key``, compared in constant time: every
    seat is compared, so the time says nothing of which matched."""
    found = None
    for seat, expected in enumerate(keys):
        if expected is not None and secrets.compare_digest(expected.encode(), key.encode()):
            found = seat
    return found


class SeatClaimed(PermissionError):
    """An invite link opened after a browser claimed its seat: the seat is taken, and the link may watch."""


class TableEnded(Exception):
    """An action, undo or hint at a table that has ended; the message says why it ended, in a player's words."""


OWNER_ENDED = "The person who opened this table has ended it."


def fallback_action(observation: dict[str, Any], seed: int) -> str:
    """The action a seat plays when its bot failed or ran past the time limit: the rule player's choice, which
    takes microseconds here on the server, so that a partner still plays sensibly; a random legal action only
    if the rule player fails too."""
    legal: list[str] = observation["legal_actions"]
    try:
        action = str(bowers.bots.create("heuristic", seed=seed).act(observation))
    except Exception:  # the table must go on whatever the bot does
        log.exception("the rule player failed too; playing a random legal action")
        action = ""
    return action if action in legal else random.Random(seed).choice(legal)


@dataclass(eq=False)
class Connection:
    """One browser's socket at a table: its seat (None for a spectator), its client address, and its outbox.

    Messages are queued (``send``, ``post``) and written in order by ``pump``, the socket's writer, so that
    sending never waits on the socket; one that lets more than ``OUTBOX`` messages pile up is closed.
    ``active`` is when a message last went either way (``time.monotonic()``).
    """

    write: Write
    shut: Callable[[int, str], Awaitable[None]]
    address: str = "unknown"
    seat: int | None = None
    room: Room | None = None
    active: float = field(default_factory=time.monotonic)
    outbox: deque[str | tuple[int, str]] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False

    async def send(self, message: dict[str, Any]) -> None:
        """Queue a message."""
        self.post(json.dumps(message, separators=(",", ":")))

    def post(self, text: str) -> None:
        """Queue a message already written as JSON text; a socket too far behind is closed instead."""
        if self.closing:
            return
        if len(self.outbox) >= OUTBOX:
            self.outbox.clear()
            self.request_close(1008, "too slow to read the table's messages")
            return
        self.outbox.append(text)
        self.ready.set()

    def request_close(self, code: int, reason: str) -> None:
        """Close the socket once the messages queued before are written."""
        if not self.closing:
            self.closing = True
            self.outbox.append((code, reason))
            self.ready.set()

    async def close(self, code: int, reason: str) -> None:
        """Close the socket once the messages queued before are written (does not wait for it)."""
        self.request_close(code, reason)

    async def pump(self) -> None:
        """Write the queued messages in order until the socket is closed: the socket's writer task."""
        while True:
            await self.ready.wait()
            self.ready.clear()
            while self.outbox:
                item = self.outbox.popleft()
                if isinstance(item, tuple):
                    with contextlib.suppress(Exception):
                        await self.shut(*item)
                    return
                await self.write(item)
                self.active = time.monotonic()


@dataclass(eq=False)
class Room:
    """A live table."""

    id: str
    table: Table
    tokens: list[str | None]
    bot_seed: int
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    action_count: int = 0  # actions taken so far in the whole game
    record_cache: tuple[int, dict[str, Any]] | None = None
    taken: int = 0  # actions taken at the table, undone ones included
    seen: float = 0.0  # when a socket was last at the table (time.time())
    owner: str | None = None  # the key that lets the table's opener end it
    ended: str | None = None  # why the table ended before its game was over, in a player's words
    group: str = ""  # whose share of the worker pool its bots use: the opener's address, or the table's own
    views: dict[int | None, tuple[tuple[Any, ...], str]] = field(default_factory=dict)  # each seat's state as text
    claims: list[str | None] = field(default_factory=list)  # each seat's secret, once a browser claimed it
    notices: deque[Notice] = field(default_factory=lambda: deque(maxlen=NOTICES_KEPT))
    noticed: int = 0  # seat events so far
    stand_ins: dict[int, Seat] = field(default_factory=dict)  # the person's seat a bot plays for meanwhile
    absent: int | None = None  # the person's seat to act with no one at it, being waited for
    absent_timer: asyncio.TimerHandle | None = None
    replaceable: int | None = None  # that seat, once it has waited long enough to be given to a bot
    offer_task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.group = self.group or f"table:{self.id}"
        self.claims = self.claims or [None] * len(self.tokens)

    def people(self) -> list[int]:
        """The seats that people play, a seat a bot plays for meanwhile included."""
        return sorted({*self.table.humans(), *self.stand_ins})

    @property
    def bots_only(self) -> bool:
        """Whether every seat is a bot: such a table plays only while someone watches it."""
        return not self.people()

    def notice(self, seat: int, event: str) -> None:
        """Note a seat event for the table's log (every state carries the latest)."""
        self.noticed += 1
        self.notices.append(Notice(number=self.noticed, seat=seat, event=event))  # type: ignore[arg-type]

    @property
    def done(self) -> bool:
        """Whether nothing more is played here: the game is over or the table ended."""
        return self.ended is not None or self.game.is_over

    def is_owner(self, key: str) -> bool:
        """Whether ``key`` is the opener's, compared in constant time."""
        return self.owner is not None and secrets.compare_digest(self.owner.encode(), key.encode())

    @property
    def game(self) -> Game:
        """The room's game."""
        return self.table.game

    def record(self) -> dict[str, Any]:
        """The game's record, cached until the next action."""
        count = self.action_count
        if self.record_cache is None or self.record_cache[0] != count:
            self.record_cache = (count, self.game.record())
        return self.record_cache[1]

    def seat_of_token(self, token: str) -> int | None:
        """The seat an invite token names, compared in constant time."""
        return self._match(self.tokens, token)

    def seat_of_secret(self, secret: str) -> int | None:
        """The seat a claimed seat's secret opens, compared in constant time."""
        return self._match(self.claims, secret)

    def seat_of_key(self, key: str) -> int:
        """The seat a key opens: a claimed seat's secret, or an invite token while no browser has claimed its seat;
        ``SeatClaimed`` for the invite token of a claimed seat, ``PermissionError`` for any other key."""
        seat = self.seat_of_secret(key)
        if seat is not None:
            return seat
        seat = self.seat_of_token(key)
        if seat is None:
            raise PermissionError("this invite token opens no seat at this table")
        if self.claims[seat] is not None:
            raise SeatClaimed("this seat was taken by another browser with its invite link; you may watch the table")
        return seat

    @staticmethod
    def _match(keys: list[str | None], key: str) -> int | None:
        return matching_seat(keys, key)

    def can_undo(self, seat: int | None) -> bool:
        """Undo is allowed to a seat where every other seat is a bot and that seat has decided something."""
        if seat is None or self.done:
            return False
        if self.people() != [seat]:
            return False
        return any(actor == seat for deal in self.record()["deals"] for actor, _ in deal["actions"])

    def state_for(self, seat: int | None, connected: frozenset[int | None] | None = None) -> dict[str, Any]:
        """The ``state`` message for a seat or a spectator; ``connected`` are the seats with a socket (by default
        read from the connections, which only the event loop's thread may do)."""
        game = self.game
        observation = views.observation_for(game, seat)
        previous = views.previous_hand(game, seat)
        trick, winner = views.last_trick(game, observation, previous)
        if connected is None:
            connected = frozenset(c.seat for c in self.connections)
        message = StateMessage(
            table=self.id,
            seat=seat,
            variant=game.variant,
            options=game.options,
            seats=[self.seat_info(n, connected) for n in range(len(self.table.seats))],
            actions=self.action_count,
            last_action=views.last_action(observation, previous),
            observation=observation,
            last_trick=trick,
            last_trick_winner=winner,
            results=list(game.results[-RESULTS_SHOWN:]),
            results_from=max(0, len(game.results) - RESULTS_SHOWN),
            previous_hand=previous,
            winner=game.winner,
            can_undo=self.can_undo(seat),
            hint_available=True,  # every installation has the advising bots
            ended=self.ended,
            can_end=seat is not None and not self.done and self.is_owner(self.tokens[seat] or ""),
            notices=list(self.notices),
            replaceable=None if self.done else self.replaceable,
        )
        return message.model_dump()

    def seat_info(self, number: int, connected: frozenset[int | None]) -> SeatInfo:
        """Who sits in a seat, as everyone may know it: a person's seat a bot plays for shows the person, and the bot."""
        stand_in = self.table.seats[number] if number in self.stand_ins else None
        seat = self.stand_ins.get(number, self.table.seats[number])
        return SeatInfo(
            seat=number,
            kind=seat.kind,
            settings=dict(seat.settings),
            name=seat.name,
            connected=seat.is_bot or number in connected,
            claimed=self.claims[number] is not None,
            stand_in=None if stand_in is None else {"kind": stand_in.kind, "settings": dict(stand_in.settings)},
        )

    def version(self) -> tuple[Any, ...]:
        """What every view of the table depends on besides the seat: it changes with each action, undo, ending,
        seat taken or left, and seat event (the fourth, the seats with a socket)."""
        claimed = tuple(claim is not None for claim in self.claims)
        seats = frozenset(c.seat for c in self.connections)
        return (self.action_count, self.taken, self.ended, seats, self.noticed, self.replaceable, claimed)

    async def state_text(self, seat: int | None) -> str:
        """A seat's (or a spectator's) ``state`` message as JSON text: built off the event loop, once per change
        of the table (the caller holds the room's lock, so the game does not change meanwhile)."""
        version = self.version()
        cached = self.views.get(seat)
        if cached is not None and cached[0] == version:
            return cached[1]
        text = await asyncio.to_thread(lambda: json.dumps(self.state_for(seat, version[3]), separators=(",", ":")))
        self.views = {known: view for known, view in self.views.items() if view[0] == version}
        self.views[seat] = (version, text)
        return text

    async def broadcast(self) -> None:
        """Send every connection its own view of the table (the caller holds the room's lock)."""
        for connection in list(self.connections):
            connection.post(await self.state_text(connection.seat))


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message."""
    return ErrorMessage(code=code, message=message).model_dump()


class Lobby:
    """Every live room, the database behind them and the bot pool; ``bounds`` says when a table ends, and
    ``clock`` (seconds since the epoch) when it is now."""

    def __init__(
        self,
        database: Database,
        pool: WorkerPool,
        bot_delay: float = 0.0,
        bounds: TableBounds = DEFAULT_BOUNDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.database = database
        self.pool = pool
        self.bot_delay = bot_delay
        self.bounds = bounds
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ creating and resuming

    def create(
        self,
        variant: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
        allow_seed_among_people: bool = False,
        group: str = "",
    ) -> tuple[Room, list[str | None]]:
        """A new table: options and seats checked, stored, then opened; returns it and each person's invite token.

        A chosen ``seed`` fixes every deal, so whoever chose it could know every hand: it is accepted only
        at a table where at most one seat (the opener's) is a person, unless ``allow_seed_among_people``
        (never from the network: for tests, whose deals must be known).  Its bots think within ``group``'s share
        of the worker pool (the opener's address; by default the table's own).
        """
        declaration = variant_declaration(variant)
        if not isinstance(options, dict):
            raise OptionError("options must be an object of option names and values", "options")
        for name in options:
            declaration.option(str(name))  # an unknown option raises OptionError naming the options there are
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise OptionError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}", "seed", f"0 to {MAX_SEED}")
        game = Game(declaration.name, seed=seed, **options)
        check_table_size(declaration, game.rules)
        players = game.rules.players
        if not isinstance(seats, list) or len(seats) != players:
            raise OptionError(f"{declaration.name} has {players} seats: give one entry per seat", "seats", players)
        seat_objects = []
        for number, data in enumerate(seats):
            seat = Seat.from_json(data) if isinstance(data, dict) else None
            if seat is None:
                raise OptionError(f"seat {number} must be an object with a kind", "seats")
            if seat.name is not None and len(seat.name) > MAX_SEAT_NAME:
                raise OptionError(f"seat {number}: a name has at most {MAX_SEAT_NAME} characters", "name")
            if seat.name is not None and seat.name.strip().lower() in PLACE_WORDS:
                message = f"seat {number}: {seat.name.strip()!r} is what the table calls a seat; choose another name"
                raise OptionError(message, "name")
            if seat.is_bot:
                kind = seat.kind.strip().lower()
                bowers.bots.create(kind, seed=0)  # raises OptionError naming the bots there are
                try:
                    settings = worker.table_settings(kind, dict(seat.settings))
                except OptionError as problem:
                    raise OptionError(f"seat {number}: {problem}", "settings", problem.allowed) from None
                bowers.bots.create(kind, seed=0, **settings)
                seat = Seat(kind, settings, seat.name)
            elif seat.settings:
                raise OptionError(f"seat {number}: a person's seat has no settings", "settings")
            seat_objects.append(seat)
        if seed is not None and not allow_seed_among_people and sum(not seat.is_bot for seat in seat_objects) > 1:
            raise OptionError(
                "a chosen seed fixes every deal, so it is refused at a table with more than one person:"
                " leave the seed out, or seat only bots beside you",
                "seed",
            )
        bot_seed = random.SystemRandom().randrange(2**31)
        tokens = [None if seat.is_bot else secrets.token_urlsafe(24) for seat in seat_objects]
        owner = tokens[0] or secrets.token_urlsafe(24)  # the first seat is the opener's where a person sits there
        table_id = secrets.token_urlsafe(9)
        table = Table(game, seat_objects, bot_seed=bot_seed)
        assert game.seed is not None
        now = self.clock()
        self.database.add_table(
            table_id, game.variant, game.options, game.seed, bot_seed, [s.as_json() for s in seat_objects], tokens, owner, now
        )
        room = Room(table_id, table, tokens, bot_seed, seen=now, owner=owner, group=group)
        self.rooms[table_id] = room
        self.wake_bots(room)
        return room, tokens

    def resume(self, stored: StoredTable, game: Game | None = None) -> Room:
        """The room of a stored table, its game rebuilt action by action (or ``game``, rebuilt already)."""
        if game is None:
            game = stored_game(stored)
        table = Table(game, [self.stored_seat(stored.id, seat) for seat in stored.seats], bot_seed=stored.bot_seed)
        room = Room(
            stored.id,
            table,
            list(stored.tokens),
            stored.bot_seed,
            action_count=len(stored.actions),
            taken=stored.taken,
            seen=stored.seen,
            owner=stored.owner,
            ended=stored.ended,
            claims=list(stored.claims),
        )
        self.rooms[stored.id] = room
        return room

    @staticmethod
    def stored_seat(table_id: str, data: dict[str, Any]) -> Seat:
        """A stored seat, its bot's settings cut down to what a table accepts now (older servers stored any)."""
        seat = Seat.from_json(data)
        if not seat.is_bot:
            return seat
        settings = worker.stored_table_settings(seat.kind, dict(seat.settings))
        if settings != dict(seat.settings):
            log.warning(
                "table %s: a %s bot's settings %s are beyond a table's; it plays with %s",
                table_id,
                seat.kind,
                dict(seat.settings),
                settings,
            )
        return Seat(seat.kind, settings, seat.name)

    def resume_all(self) -> int:
        """Open every unfinished stored table and start its bots (a table of bots waits for someone to watch);
        a table past its bounds is ended instead.  Returns how many were resumed."""
        count = 0
        for stored in self.database.unfinished():
            try:
                room = self.resume(stored)
            except BowersError as problem:
                log.error("table %s cannot be resumed: %s", stored.id, problem)
                continue
            ending = self.limit_reached(room) or self.idle_too_long(room)
            if ending is not None:
                self.mark_ended(room, *ending)
                del self.rooms[room.id]
                continue
            self.watch_absence(room)
            self.wake_bots(room)
            count += 1
        return count

    # ------------------------------------------------------------------ ending

    def limit_reached(self, room: Room) -> tuple[str, str] | None:
        """The reason and the players' words when a table at play has reached its cap on hands or actions."""
        if room.done:
            return None
        if len(room.game.results) >= self.bounds.max_hands:
            return "hands", f"This table has reached its limit of {self.bounds.max_hands:,} hands and has ended."
        if room.taken >= self.bounds.max_actions:
            return "actions", f"This table has reached its limit of {self.bounds.max_actions:,} moves and has ended."
        return None

    def idle_too_long(self, room: Room) -> tuple[str, str] | None:
        """The reason and the players' words when no one has been at a table at play for too long."""
        if room.done or room.connections:
            return None
        idle = self.clock() - room.seen
        if room.bots_only and idle >= self.bounds.unwatched_seconds:
            span = duration_words(self.bounds.unwatched_seconds)
            return "unwatched", f"No one watched this table of bots for {span}, so it has ended."
        if idle >= self.bounds.abandoned_seconds:
            span = duration_words(self.bounds.abandoned_seconds)
            return "abandoned", f"No one came to this table for {span}, so it has ended."
        return None

    def mark_ended(self, room: Room, reason: str, message: str) -> None:
        """Store that a table ended and why (the caller holds its lock or owns it alone); its bots stop."""
        self.database.end(room.id, reason, message)
        room.ended = message
        log.info("table %s ended (%s): %s", room.id, reason, message)

    async def end(self, room: Room, reason: str, message: str) -> None:
        """End a table at play: stored, every seat and spectator told, its bots stopped, and out of memory once
        no one is at it."""
        async with room.lock:
            if room.done:
                return
            self.mark_ended(room, reason, message)
            await room.broadcast()
        self.forget_if_done(room)

    async def end_by_owner(self, room: Room, key: str) -> None:
        """End a table for its opener, whose key ``key`` must be; ``PermissionError`` for anyone else,
        ``LookupError`` for a game already over."""
        if not room.is_owner(key):
            raise PermissionError("only the person who opened this table can end it")
        if room.game.is_over:
            raise LookupError("this game is already over")
        await self.end(room, "owner", OWNER_ENDED)

    async def sweep(self) -> int:
        """End every table at play that no one has been at for too long; returns how many."""
        count = 0
        for room in list(self.rooms.values()):
            ending = self.idle_too_long(room)
            if ending is not None:
                await self.end(room, *ending)
                count += 1
        return count

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """Sweep every ``every`` seconds while the server runs."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:  # a fault of the server's own: logged, and tried again next time
                log.exception("looking for idle tables failed")

    def start(self) -> None:
        """Start looking for idle tables (call on the running event loop)."""
        self.sweeper = asyncio.get_running_loop().create_task(self.sweep_forever())

    async def open_room(self, table_id: str) -> Room | None:
        """``room``, with a stored table read and its game rebuilt off the event loop: a long finished game takes a
        while to replay, and a visitor opening one must not hold up every other table."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        stored = await asyncio.to_thread(self.database.table, table_id)
        if stored is None:
            return None
        try:
            game = await asyncio.to_thread(stored_game, stored)
        except BowersError as problem:
            log.error("table %s cannot be opened: %s", table_id, problem)
            return None
        opened = self.rooms.get(table_id)  # another visitor's join may have opened it meanwhile
        return opened if opened is not None else self.resume(stored, game)

    def forget_if_done(self, room: Room) -> None:
        """Drop a finished or ended table nobody is at from memory (the database keeps it; ``room`` reopens it)."""
        if room.done and not room.connections and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    # ------------------------------------------------------------------ acting

    async def act(self, room: Room, seat: int, action: str, expect: int | None = None) -> None:
        """Check, commit, apply and broadcast one action; a refused one raises and changes nothing."""
        async with room.lock:
            if room.ended is not None:
                raise TableEnded(room.ended)
            if expect is not None and expect != room.action_count:
                raise IllegalAction(seat, action, "the table has moved on since you chose; look again")
            game = room.game
            action_id = game.action_id(action, seat=seat)  # raises NotationError / IllegalAction
            canonical = game.space.names[action_id]
            number = room.action_count
            probe = game.copy()
            probe.apply_id(action_id)
            self.database.add_action(room.id, number, seat, canonical, probe.is_over)
            game.apply_id(action_id)
            room.action_count += 1
            room.taken += 1
            ending = self.limit_reached(room)
            if ending is not None:
                self.mark_ended(room, *ending)
            self.watch_absence(room)
            await room.broadcast()
        self.wake_bots(room)
        self.forget_if_done(room)

    async def undo(self, room: Room, seat: int) -> None:
        """Take back ``seat``'s last decision (and the bots' actions after it)."""
        async with room.lock:
            if room.ended is not None:
                raise TableEnded(room.ended)
            if not room.can_undo(seat):
                raise IllegalAction(seat, "undo", "undo is for a table where every other seat is a bot, after your own decision")
            room.action_count -= room.table.undo_for(seat)
            self.database.truncate(room.id, room.action_count)
            self.watch_absence(room)
            await room.broadcast()
        self.wake_bots(room)

    def wake_bots(self, room: Room) -> None:
        """Start the room's bot loop if a bot is to act and none is running (at a table of bots, while someone
        watches it)."""
        if not self.bots_may_act(room):
            return
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.get_running_loop().create_task(self._run_bots(room))

    @staticmethod
    def bots_may_act(room: Room) -> bool:
        """Whether a bot is to act and may: the table is at play, and at a table of bots someone watches."""
        if room.ended is not None or room.table.bot_to_act() is None:
            return False
        return bool(room.connections) or not room.bots_only

    async def _run_bots(self, room: Room) -> None:
        """Let bots act while one is to act; each thinks in the pool, then acts through ``act``."""
        failures = 0
        while failures < 5:
            try:
                if not await self._bot_turn(room):
                    return
                failures = 0
            except asyncio.CancelledError:
                raise
            except TableEnded:  # the table ended while its bot thought
                return
            except Exception:  # a fault of the server's own: logged, tried again a few times
                failures += 1
                log.exception("table %s: a bot's turn failed", room.id)
                await asyncio.sleep(1)

    async def _bot_turn(self, room: Room) -> bool:
        """One bot action, if a bot is to act; False when none is."""
        loop = asyncio.get_running_loop()
        seat = room.table.bot_to_act()
        if seat is None or not self.bots_may_act(room):
            return False
        number = room.action_count
        bot = room.table.seats[seat]
        observation = room.game.observation(seat)
        seed = worker.decision_seed(room.bot_seed, seat, number)
        started = loop.time()
        try:
            action = await self.think(room.id, worker.choose, bot.kind, dict(bot.settings), seed, observation, group=room.group)
        except TimeLimitExceeded:  # the worker was stopped; the table goes on
            message = "bot %s at table %s seat %d ran past the time limit; it plays the rule player's choice"
            log.warning(message, bot.kind, room.id, seat)
            action = fallback_action(observation, seed)
        except Exception as problem:  # a failing bot must not stall the table
            log.exception(
                "bot %s at table %s seat %d failed: %s; playing the rule player's choice", bot.kind, room.id, seat, problem
            )
            action = fallback_action(observation, seed)
        wait = self.bot_delay - (loop.time() - started)
        if wait > 0 and room.connections:
            await asyncio.sleep(wait)
        if not self.bots_may_act(room):  # ended, or the last watcher left, meanwhile
            return False
        if room.action_count != number or room.table.bot_to_act() != seat:  # an undo, or its person came back
            return True
        try:
            await self.act(room, seat, action, expect=number)
        except BowersError as problem:
            log.error("bot %s at table %s chose %r: %s", bot.kind, room.id, action, problem)
            fallback = fallback_action(observation, seed)
            await self.act(room, seat, fallback, expect=number)
        return True

    async def think(
        self, key: str, function: Callable[..., Any], *arguments: Any, group: str | None = None, most_waiting: int | None = None
    ) -> Any:
        """Run ``function`` in the worker pool as ``key``'s job (a table's id, or an uploader's), within ``group``'s
        share (the address it is done for; by default ``key``'s own); ``PoolBusy`` at once where the group has
        ``most_waiting`` jobs waiting already."""
        return await self.pool.run(key, function, *arguments, group=group, most_waiting=most_waiting)

    async def hint(self, room: Room, seat: int, group: str | None = None) -> dict[str, Any]:
        """The advising bots' suggestions for ``seat``'s turn, thought within ``group``'s share (the asker's)."""
        if room.ended is not None:
            raise TableEnded(room.ended)
        if room.game.to_act != seat:
            raise IllegalAction(seat, "hint", "a hint is for your own turn")
        number = room.action_count
        observation = room.game.observation(seat)
        try:
            advice = await self.think(room.id, worker.advise, observation, group=group)
        except TimeLimitExceeded:
            raise LookupError("the advising bots took too long over this position; try again") from None
        return HintMessage(actions=number, advice=advice).model_dump()

    # ------------------------------------------------------------------ connections

    async def claim(self, room: Room, token: str) -> tuple[int, str]:
        """Claim the seat an invite token names for one browser: returns the seat and its new secret, which alone
        opens it from now on (whoever sat there with the invite token is closed).  ``SeatClaimed`` once a browser
        has claimed it, ``PermissionError`` for a token that names no seat."""
        seat = room.seat_of_token(token)
        if seat is None:
            raise PermissionError("this invite token opens no seat at this table")
        async with room.lock:
            if room.claims[seat] is not None:
                raise SeatClaimed("this seat was taken by another browser with its invite link; you may watch the table")
            secret = secrets.token_urlsafe(24)
            await self._set_claim(room, seat, secret, "claimed", "this seat was claimed by a browser with its invite link", 4009)
        return seat, secret

    async def _set_claim(self, room: Room, seat: int, secret: str | None, event: str, why: str, code: int) -> None:
        """Give ``seat``'s claim to ``secret`` (None frees it), kept in the database: the table is told (``event``),
        whoever sat there is closed with ``why`` and ``code``, and the seats' absences are watched again.  The caller
        holds the room's lock."""
        room.claims[seat] = secret
        self.database.set_claims(room.id, room.claims)
        room.notice(seat, event)
        self.unseat(room, seat, f"seat-{event}", why, code)
        self.watch_absence(room)
        await room.broadcast()

    @staticmethod
    def unseat(room: Room, seat: int, code: str, message: str, close_code: int) -> bool:
        """Close whoever sits at a seat, telling them why; whether anyone did (the caller holds the room's lock)."""
        found = False
        for other in list(room.connections):
            if other.seat == seat:
                room.connections.discard(other)
                other.post(json.dumps(error(code, message), separators=(",", ":")))
                other.request_close(close_code, code)
                found = True
        return found

    async def join(self, connection: Connection, table_id: str, token: str | None) -> Room:
        """Seat a connection or make it a spectator (no token); a seat opened elsewhere is closed there, and the
        table told.  ``token`` is a claimed seat's secret, or an invite token while no browser has claimed its seat
        (``SeatClaimed`` after).  A person coming back to a seat a bot played for takes it back."""
        room = await self.open_room(table_id)
        if room is None:
            raise LookupError("no table with that id")
        seat = None if token is None else room.seat_of_key(token)
        async with room.lock:
            if seat is not None:
                if self.unseat(room, seat, "seat-taken", "this seat was opened in another window", 4001):
                    room.notice(seat, "moved")
                if seat in room.stand_ins:
                    self.take_back(room, seat)
            connection.seat = seat
            connection.room = room
            room.connections.add(connection)
            self.see(room)
            if seat is not None:  # the others see the seat filled
                self.watch_absence(room)
                await room.broadcast()
            else:  # a spectator: no one else's view changed
                connection.post(await room.state_text(seat))
        self.wake_bots(room)
        return room

    async def leave(self, connection: Connection) -> None:
        """Forget a closed connection and tell the table its seat is empty."""
        room = connection.room
        if room is None:
            return
        present = connection in room.connections  # a seat opened in another window was moved there already
        room.connections.discard(connection)
        self.see(room)
        if present and connection.seat is not None:
            async with room.lock:
                self.watch_absence(room)
                await room.broadcast()
        self.forget_if_done(room)

    # ------------------------------------------------------------------ seats: release, absence, stand-ins

    async def release(self, room: Room, key: str, seat: int) -> None:
        """Free a claimed seat for the table's opener (``key``), so that its invite link opens it again (for a
        player who lost their browser's secret); whoever sits there is told and closed.  ``PermissionError`` for
        anyone else, ``LookupError`` for a seat no person plays or no browser claimed."""
        if not room.is_owner(key):
            raise PermissionError("only the person who opened this table can release a seat")
        if not 0 <= seat < len(room.claims) or room.claims[seat] is None:
            raise LookupError("no browser has claimed that seat")
        async with room.lock:
            await self._set_claim(room, seat, None, "released", "the person who opened this table released your seat", 4002)

    def watch_absence(self, room: Room) -> None:
        """Start waiting on a person's seat to act with no one at it, or stop (the caller holds the room's lock and
        broadcasts next): after ``absent_seconds`` the others may give it to a bot."""
        seat = room.game.to_act
        connected = {c.seat for c in room.connections}
        away = seat is not None and not room.done and seat in room.table.humans() and seat not in connected
        if away and room.absent == seat:
            return
        if room.absent_timer is not None:
            room.absent_timer.cancel()
        room.absent, room.absent_timer, room.replaceable = None, None, None
        if away and seat is not None:
            room.absent = seat
            loop = asyncio.get_running_loop()
            room.absent_timer = loop.call_later(self.bounds.absent_seconds, self._absence_due, room, seat)

    def _absence_due(self, room: Room, seat: int) -> None:
        """A person's seat has waited long enough: the others are offered to give it to a bot."""
        room.absent_timer = None

        async def offer() -> None:
            async with room.lock:
                if room.absent == seat and not room.done:
                    room.replaceable = seat
                    await room.broadcast()

        room.offer_task = asyncio.get_running_loop().create_task(offer())

    async def stand_in(self, room: Room, by: int, seat: int) -> None:
        """Let a bot play for ``seat``, whose person has been away on their turn long enough, at the word of the
        person at seat ``by``; the bot is the table's own kind (its first bot's kind and level), else ``STAND_IN``.
        ``LookupError`` when that seat may not be given a bot now."""
        async with room.lock:
            if room.replaceable != seat or seat == by or room.done:
                raise LookupError("that seat is not waiting for an absent player now")
            kind, settings = next(
                ((s.kind, dict(s.settings)) for n, s in enumerate(room.table.seats) if s.is_bot and n not in room.stand_ins),
                STAND_IN,
            )
            person = room.table.seats[seat]
            room.stand_ins[seat] = person
            room.table.seats[seat] = Seat(kind, settings, person.name)
            room.table.bots[seat] = bowers.bots.create(kind, seed=room.bot_seed * 16 + seat, **settings)
            room.notice(seat, "stand-in")
            log.info("table %s: a %s bot plays for seat %d", room.id, kind, seat)
            self.watch_absence(room)
            await room.broadcast()
        self.wake_bots(room)

    @staticmethod
    def take_back(room: Room, seat: int) -> None:
        """Give a seat a bot played for back to its person (the caller holds the room's lock)."""
        room.table.seats[seat] = room.stand_ins.pop(seat)
        room.table.bots.pop(seat, None)
        room.notice(seat, "back")

    def see(self, room: Room) -> None:
        """Note that a socket is at a table now (a table ends when no one has been at it for a while)."""
        room.seen = self.clock()
        if not room.done:
            self.database.see(room.id, room.seen)

    async def close(self) -> None:
        """Stop the sweep and every bot loop (the database already holds every action)."""
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        for room in self.rooms.values():
            if room.absent_timer is not None:
                room.absent_timer.cancel()
            if room.bot_task is not None:
                room.bot_task.cancel()
        for room in self.rooms.values():
            if room.bot_task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.bot_task


__all__ = ["HUMAN", "Connection", "Lobby", "Room", "SeatClaimed", "TableBounds", "TableEnded", "error"]
