"""A player that makes one class of decision with one bowers bot and the rest with another, to tell which class wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bowers.bots import Bot, create


class SplitBot:
    """``play_bot`` chooses the cards played; ``bidding_bot`` every decision before play (and renege reviews).

    Comparing ``pimc`` bidding with ``heuristic`` play, and the other way round,
    against ``heuristic`` shows whether a variant's result comes from the
    bidding or from the play.
    """

    def __init__(self, bidding_bot: Bot, play_bot: Bot) -> None:
        self.name = f"{bidding_bot.name}-bidding+{play_bot.name}-play"
        self._bidding = bidding_bot
        self._play = play_bot

    def act(self, observation: Mapping[str, Any]) -> str:
        bot = self._play if observation.get("phase") == "play" else self._bidding
        return bot.act(observation)


def split_bot(bidding: str, play: str, seed: int | None = None, **settings: Any) -> Bot:
    """A ``SplitBot`` of two registered bots; ``settings`` go to ``pimc`` (a picklable factory with ``functools.partial``)."""

    def make(name: str) -> Bot:
        return create(name, seed=seed, **(settings if name == "pimc" else {}))

    return SplitBot(make(bidding), make(play))
