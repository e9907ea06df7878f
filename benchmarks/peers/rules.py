"""Playing under a peer's narrower rules: a wrapper that hides the actions those rules do not have."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bowers.bots import Bot, create


class WithoutActions:
    """A bowers bot that never sees (so never chooses) the listed actions, such as ``alone``.

    Used to play bowers' bots under a peer's rules: euchre-cli has no going
    alone, so in those matches neither side may go alone.
    """

    def __init__(self, inner: Bot, removed: frozenset[str]) -> None:
        self.name = inner.name
        self._inner = inner
        self._removed = removed

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = [action for action in observation["legal_actions"] if action not in self._removed]
        if not legal:
            raise ValueError(f"every legal action is one these rules remove: {observation['legal_actions']}")
        return self._inner.act({**observation, "legal_actions": legal})


def bowers_bot_without(removed: tuple[str, ...], bot: str, seed: int | None = None, **settings: Any) -> Bot:
    """A registered bowers bot that cannot choose ``removed`` actions (a picklable factory with ``functools.partial``)."""
    return WithoutActions(create(bot, seed=seed, **settings), frozenset(removed))
