"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bowers.errors import OptionError


class Bot(Protocol):
    """Anything that chooses an action for a seat from that seat's observation."""

    name: str

    def act(self, observation: Mapping[str, Any]) -> str:
        """One of ``observation["legal_actions"]``, as a canonical action string."""
        ...


BotFactory = Callable[..., Bot]

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    """Make a bot available to ``create`` under ``name``."""
    _REGISTRY[name] = factory


def names() -> list[str]:
    """The names of every bot, in registration order."""
    return list(_REGISTRY)


def create(name: str, seed: int | None = None, **settings: Any) -> Bot:
    """A new bot of the named kind with its own generator seeded by ``seed``; unknown names or settings raise ``OptionError``."""
    if not isinstance(name, str) or name.strip().lower() not in _REGISTRY:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(_REGISTRY)}", "bot", tuple(_REGISTRY))
    return _REGISTRY[name.strip().lower()](seed=seed, **settings)
