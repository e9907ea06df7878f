"""The replay viewer's data: a finished game's positions, a deal at a time, and the solver's evaluation of each play.

A replay shows every hand (the game is over, or the record was uploaded by the
person viewing it).  Positions are rebuilt through ``bowers.game``'s record
reader, which re-checks every action, so a bad upload is refused with the
record error.  The work is linear in the game's length (one replay to check
it, one walk through it), runs in the worker pool, and each position carries
only what the viewer draws.

Uploaded replays are kept in the server's database, gzip-compressed
(``pack``), under a ``ReplayQuota``: each client address keeps its own last
few, and the server a bounded total, so one visitor's uploads neither fill
the server's memory nor push out anyone else's.  A worker unpacks a stored
record when it is asked about it, keeping the last few it unpacked.
"""

from __future__ import annotations

import gzip
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import bowers
from bowers.egn import egn_to_record
from bowers.errors import BowersError, RecordError
from bowers.game import Game, RecordReader, json_copy, parse_json, replay

MAX_UPLOAD = 2_000_000
UNPACKED = 2  # stored records a worker keeps unpacked (a long game's is tens of MB in memory)


@dataclass(frozen=True)
class ReplayQuota:
    """How many uploaded replays the server keeps: ``per_address`` (and ``address_bytes``, compressed) for each
    client address, whose oldest go first past them; ``total_bytes`` in all, the oldest anyone's going first;
    and none longer than ``days``."""

    per_address: int = 32
    address_bytes: int = 32_000_000
    total_bytes: int = 512_000_000
    days: float = 7.0


DEFAULT_QUOTA = ReplayQuota()

# The observation fields the viewer draws (felt and replay controls); the rest of an observation is left out.
VIEWER_FIELDS = (
    "phase",
    "to_act",
    "dealer",
    "maker",
    "alone",
    "lone_defender",
    "high_bidder",
    "sitting_out",
    "exposed",
    "hand_sizes",
    "trick",
    "tricks_won",
    "trump",
    "turn_up",
    "turn_up_state",
    "scores",
)


def parse_upload(text: str) -> dict[str, Any]:
    """A record from uploaded text: a bowers JSON record, or an EGN file (recognised by its ``fileType``).

    Anything that is not plain JSON (NaN, numbers of thousands of digits, nesting past the record
    format's limit) or not a valid record raises ``RecordError`` saying what was wrong.
    """
    if len(text) > MAX_UPLOAD:
        raise RecordError(f"the file is larger than {MAX_UPLOAD // 1_000_000} MB")
    data = json_copy(parse_json(text, "the file"), "the file")
    if isinstance(data, dict) and "fileType" in data:
        return egn_to_record(data)
    replay(data)  # raises RecordError for anything corrupt
    record: dict[str, Any] = data
    return record


def _deals(record: dict[str, Any]) -> list[Any]:
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("deals must be a non-empty list")
    return deals


def _start_deal(reader: RecordReader, deal: Any) -> Game:
    """The game at the start of ``deal``, which the reader checks (its actions are left to the caller)."""
    if not isinstance(deal, dict):
        reader.add_deal(deal)  # raises the reader's own error
    reader.add_deal({key: value for key, value in deal.items() if key not in ("actions", "result")})
    assert reader.game is not None
    return reader.game


def _position(game: Game, action: list[Any] | None, calls: list[list[Any]], deal: int, index: int) -> dict[str, Any]:
    """One position with every hand shown, carrying the fields the viewer draws.

    ``history`` holds only the hand's calls so far (every action but the plays, shown as bubbles):
    the plays are in ``trick``, and a full history in every position would grow with the square of a hand.
    """
    public = game.public_observation()
    observation = {name: public[name] for name in VIEWER_FIELDS}
    observation["history"] = list(calls)
    observation["legal_actions"] = game.legal_actions()
    return {
        "deal": deal,
        "index": index,
        "action": action,
        "hands": [game.hand_cards(seat) for seat in range(game.rules.players)],
        "observation": observation,
    }


def _walk_deal(game: Game, deal: dict[str, Any], number: int) -> list[dict[str, Any]]:
    """The positions of one deal from its start: the start, then one after each action."""
    calls: list[list[Any]] = []
    out = [_position(game, None, calls, number, 0)]
    for index, (seat, action) in enumerate(deal.get("actions", []), start=1):
        canonical = game.apply(action, seat=seat)
        if not canonical.startswith("play:"):
            calls.append([seat, canonical])
        out.append(_position(game, [seat, canonical], calls, number, index))
    return out


def positions(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every position of a game: the start of each deal, then one after each action (time linear in the game)."""
    replay(record)  # the whole record is checked first, results and scores included
    reader = RecordReader(record)
    out: list[dict[str, Any]] = []
    for number, deal in enumerate(_deals(record)):
        out += _walk_deal(_start_deal(reader, deal), deal, number)
    return out


def deal_positions(record: dict[str, Any], number: int) -> list[dict[str, Any]]:
    """The positions of deal ``number`` of a checked record (time linear in the deals before it and this one)."""
    deals = _deals(record)
    if not 0 <= number < len(deals):
        raise RecordError(f"there is no deal {number}; the game has deals 0..{len(deals) - 1}")
    reader = RecordReader(record)
    for earlier in deals[:number]:
        reader.add_deal(earlier)
    return _walk_deal(_start_deal(reader, deals[number]), deals[number], number)


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """The upload's answer without its id (runs in the worker pool): the variant, the number of positions of each
    deal, and the positions of the first deal; the viewer asks for each other deal when it is shown, so the
    answer stays the size of one hand however long the game."""
    replay(record)  # the whole record is checked once, at the upload
    counts = [len(deal.get("actions", [])) + 1 for deal in _deals(record)]
    return {"variant": record["variant"], "deals": counts, "positions": deal_positions(record, 0)}


def upload(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An uploaded file's record and the upload's answer (runs in the worker pool)."""
    record = parse_upload(text)
    return record, summary(record)


def game_at(record: dict[str, Any], deal: int, index: int) -> Game:
    """The game after ``index`` actions of deal ``deal`` (time linear in ``deal``)."""
    deals = _deals(record)
    if not 0 <= deal < len(deals) or not 0 <= index <= len(deals[deal].get("actions", [])):
        raise RecordError(f"no position {index} in deal {deal}")
    reader = RecordReader(record)
    for earlier in deals[:deal]:
        reader.add_deal(earlier)
    game = _start_deal(reader, deals[deal])
    for seat, action in deals[deal]["actions"][:index]:
        game.apply(action, seat=seat)
    return game


def solver_available() -> bool:
    """Whether this installation has the double-dummy solver (``bowers.solve``)."""
    return hasattr(bowers, "solve")


def evaluate(record: dict[str, Any], deal: int, index: int) -> dict[str, Any]:
    """The solver's tricks for each legal action at a position (runs in the worker pool)."""
    solve = getattr(bowers, "solve", None)
    if solve is None:
        return {"available": False, "values": {}, "reason": "the solver is not part of this installation"}
    game = game_at(record, deal, index)
    try:
        values = solve(game)
    except (BowersError, NotImplementedError, ValueError) as problem:
        return {"available": True, "values": {}, "reason": str(problem)}
    return {"available": True, "values": {str(action): tricks for action, tricks in values.items()}, "reason": ""}


def pack(record: dict[str, Any]) -> bytes:
    """A checked record as it is stored: compact JSON, gzip-compressed (runs in the worker pool)."""
    return gzip.compress(json.dumps(record, separators=(",", ":")).encode(), compresslevel=5)


_unpacked: OrderedDict[str, dict[str, Any]] = OrderedDict()
_unpacking = threading.Lock()


def unpack(replay_id: str, packed: bytes) -> dict[str, Any]:
    """A stored record (runs in the worker pool), from the last ``UNPACKED`` this worker unpacked when it can."""
    with _unpacking:
        record = _unpacked.pop(replay_id, None)
    if record is None:
        record = json.loads(gzip.decompress(packed))
    with _unpacking:
        _unpacked[replay_id] = record
        while len(_unpacked) > UNPACKED:
            _unpacked.popitem(last=False)
    return record


def evaluate_stored(replay_id: str, packed: bytes, deal: int, index: int) -> dict[str, Any]:
    """``evaluate`` for a stored replay (runs in the worker pool)."""
    return evaluate(unpack(replay_id, packed), deal, index)
