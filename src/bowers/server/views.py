"""What each receiver sees of a table: a seat's observation, or the public view for spectators.

Every card sent to a browser comes from ``game.observation(seat)`` or from
actions everyone saw; discards and loner-exchange cards are masked here for
anyone who did not make (or receive) them.
"""

from __future__ import annotations

from typing import Any

from bowers.game import Game
from bowers.observation import HIDDEN

PRIVATE_KEYWORDS = ("discard", "give")


def masked_action(action: str, actor: int, viewer: int | None) -> str:
    """An action's text as ``viewer`` (a seat, or None for a spectator) may see it."""
    keyword, _, rest = action.partition(":")
    if keyword in PRIVATE_KEYWORDS and actor != viewer and rest:
        return f"{keyword}:" + ",".join([HIDDEN] * len(rest.split(",")))
    return action


def public_observation(game: Game) -> dict[str, Any]:
    """The observation a spectator gets (built by the engine's one observation builder)."""
    return game.public_observation()


def observation_for(game: Game, viewer: int | None) -> dict[str, Any]:
    """The observation of a seat, or the public one for a spectator."""
    return public_observation(game) if viewer is None else game.observation(viewer)


def _tricks(plays: list[list[Any]], size: int) -> list[list[list[Any]]]:
    """Plays grouped into tricks of ``size`` cards (the last group may be partial)."""
    if size <= 0:
        return []
    return [plays[i : i + size] for i in range(0, len(plays), size)]


def _plays(history: list[list[Any]]) -> list[list[Any]]:
    return [[seat, action.split(":")[1]] for seat, action in history if action.startswith("play:")]


def last_trick(
    game: Game, observation: dict[str, Any], previous: dict[str, Any] | None
) -> tuple[list[list[Any]] | None, int | None]:
    """The last finished trick of the hand in progress (or of the previous hand) and who took it."""
    active = game.rules.players - len(observation["sitting_out"])
    plays = _plays(observation["history"])
    finished = len(plays) // active if active else 0
    if finished:
        trick = plays[(finished - 1) * active : finished * active]
        winner = observation["leader"]
        return trick, winner
    if previous is not None and previous["tricks"]:
        return previous["tricks"][-1], None
    return None, None


def previous_hand(game: Game, record: dict[str, Any], viewer: int | None) -> dict[str, Any] | None:
    """The last finished hand, as ``viewer`` may see it: its actions (masked), tricks and result."""
    deals = record["deals"]
    finished = [deal for deal in deals if deal.get("result") is not None]
    if not finished:
        return None
    deal = finished[-1]
    number = len(finished) - 1
    actions = [[actor, masked_action(action, actor, viewer)] for actor, action in deal["actions"]]
    plays = _plays(actions)
    tricks_total = game.rules.tricks
    size = len(plays) // tricks_total if plays and len(plays) % tricks_total == 0 else len({seat for seat, _ in plays})
    tricks = _tricks(plays, size)
    return {
        "hand_number": number,
        "dealer": deal["dealer"],
        "actions": actions,
        "tricks": tricks,
        "result": deal["result"],
    }
