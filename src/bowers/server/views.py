"""What each receiver sees of a table: a seat's observation, or the public view for spectators.

Every card sent to a browser comes from the engine's one observation builder
(``bowers.observation``): the hand in progress from ``game.observation`` and
the last finished hand from ``build_hand_summary``, which mask discards and
loner-exchange cards with the same rule for a seat and for a spectator.
"""

from __future__ import annotations

from typing import Any

from bowers.game import Game
from bowers.observation import SPECTATOR, build_hand_summary, played_tricks


def public_observation(game: Game) -> dict[str, Any]:
    """The observation a spectator gets (built by the engine's one observation builder)."""
    return game.public_observation()


def observation_for(game: Game, viewer: int | None) -> dict[str, Any]:
    """The observation of a seat, or the public one for a spectator."""
    return public_observation(game) if viewer is None else game.observation(viewer)


def last_trick(
    game: Game, observation: dict[str, Any], previous: dict[str, Any] | None
) -> tuple[list[list[Any]] | None, int | None]:
    """The last finished trick of the hand in progress (or of the previous hand) and who took it."""
    hand = game.hand
    if not game.is_over and hand.tricks_played:
        # Each card with the seat it came from (in a Jambone the opponent who chose it is not its owner).
        return played_tricks(game, hand)[hand.tricks_played - 1], observation["leader"]
    if previous is not None and previous["tricks"]:
        return previous["tricks"][-1], last_trick_winner(previous)
    return None, None


def last_trick_winner(summary: dict[str, Any]) -> int | None:
    """Who took the last trick of a finished hand (None when it ended before a trick was played)."""
    winners = summary.get("trick_winners") or []
    return int(winners[-1]) if winners else None


def previous_hand(game: Game, viewer: int | None) -> dict[str, Any] | None:
    """The last finished hand as ``viewer`` (a seat, or None for a spectator) may see it, or None before the first ends."""
    finished = len(game.results)
    if not finished:
        return None
    return build_hand_summary(game, finished - 1, SPECTATOR if viewer is None else viewer)


def last_action(observation: dict[str, Any], previous: dict[str, Any] | None) -> list[Any] | None:
    """The game's latest action as the receiver may see it: the last of this hand's history, else of the previous hand."""
    for history in (observation["history"], previous["actions"] if previous is not None else []):
        if history:
            actor, action = history[-1]
            return [actor, action]
    return None
