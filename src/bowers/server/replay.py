"""The replay viewer's data: a finished game's every position, and the solver's evaluation of each play.

A replay shows every hand (the game is over, or the record was uploaded by the
person viewing it).  Positions are rebuilt through ``bowers.replay``, which
re-checks every action, so a bad upload is refused with the record error.
"""

from __future__ import annotations

import json
from typing import Any

import bowers
from bowers.egn import egn_to_record
from bowers.errors import BowersError, RecordError
from bowers.game import Game, replay

MAX_UPLOAD = 2_000_000


def parse_upload(text: str) -> dict[str, Any]:
    """A record from uploaded text: a bowers JSON record, or an EGN file (recognised by its ``fileType``)."""
    if len(text) > MAX_UPLOAD:
        raise RecordError(f"the file is larger than {MAX_UPLOAD // 1_000_000} MB")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if isinstance(data, dict) and "fileType" in data:
        return egn_to_record(data)
    replay(data)  # raises RecordError for anything corrupt
    record: dict[str, Any] = data
    return record


def _deal_start(record: dict[str, Any], number: int) -> Game:
    """The game at the start of deal ``number``, every earlier deal replayed and checked."""
    deals = record["deals"]
    prefix = {key: value for key, value in record.items() if key not in ("deals", "scores")}
    prefix["deals"] = [*deals[:number], {**deals[number], "actions": [], "result": None}]
    return replay(prefix)


def _position(game: Game, action: list[Any] | None) -> dict[str, Any]:
    """One position with every hand shown (a replay of a finished or uploaded game)."""
    observation = game.observation(0)
    observation["seat"] = None
    observation["team"] = None
    observation["hand"] = []
    observation.pop("playing_for", None)
    observation["legal_actions"] = game.legal_actions()
    return {
        "action": action,
        "hands": [game.hand_cards(seat) for seat in range(game.rules.players)],
        "observation": observation,
    }


def positions(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every position of a game: the start of each deal, then one after each action."""
    replay(record)  # the whole record is checked first
    out: list[dict[str, Any]] = []
    for number, deal in enumerate(record["deals"]):
        game = _deal_start(record, number)
        position = _position(game, None)
        position.update(deal=number, index=0)
        out.append(position)
        for index, (seat, action) in enumerate(deal["actions"], start=1):
            canonical = game.apply(action, seat=seat)
            position = _position(game, [seat, canonical])
            position.update(deal=number, index=index)
            out.append(position)
    return out


def game_at(record: dict[str, Any], deal: int, index: int) -> Game:
    """The game after ``index`` actions of deal ``deal``."""
    deals = record["deals"]
    if not 0 <= deal < len(deals) or not 0 <= index <= len(deals[deal]["actions"]):
        raise RecordError(f"no position {index} in deal {deal}")
    game = _deal_start(record, deal)
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
