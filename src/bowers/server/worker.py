"""What bots do at a table: the settings a seat's bot may have, and the jobs it runs in the worker pool.

A bot is created afresh for each decision from its kind, settings and a seed
derived from the table's bot seed and the action number: a table resumed
after a restart asks the same bots the same questions with the same seeds.
The jobs (``choose``, ``advise``) run in the server's ``pool.WorkerPool``,
off the event loop, so a thinking bot never holds up another table.
"""

from __future__ import annotations

from typing import Any

import bowers.bots
from bowers.errors import OptionError


def decision_seed(bot_seed: int, seat: int, number: int) -> int:
    """The seed of a bot's decision: one per table, seat and action number."""
    return (bot_seed * 1_000_003 + number * 16 + seat) % (2**63)


# Seconds the strong bot may think over one decision at a table, and over a hint (a few of its sampled
# deals take far longer than the rest in Ultimate; people should never wait on those).
TABLE_THINKING_SECONDS = 1.5
HINT_THINKING_SECONDS = 3.0
# The hard limit on any one job in the pool (a decision, a hint, a replay's positions or evaluation):
# the thinking budgets above are checked between solves, this one is enforced by killing the worker.
JOB_SECONDS_LIMIT = 10.0

LEVELS = (1, 2, 3, 4, 5)
VERSIONS = (1, 2)


def takes_level(kind: str) -> bool:
    """Whether a bot of this kind takes a ``level`` setting (1 quick .. 5 strongest)."""
    try:
        bowers.bots.create(kind, seed=0, level=1)
    except (OptionError, TypeError):
        return False
    return True


def takes_version(kind: str) -> bool:
    """Whether a bot of this kind takes a ``version`` setting (1: as first released, 2: the current one)."""
    try:
        bowers.bots.create(kind, seed=0, version=1)
    except (OptionError, TypeError):
        return False
    return True


# The settings a table accepts from the network, with their allowed values; a bot kind takes those it has.
TABLE_SETTINGS = {"level": LEVELS, "version": VERSIONS}
SETTING_WORDS = {"level": "a level from 1 to 5", "version": "a version, 1 or 2"}


def table_setting_names(kind: str) -> tuple[str, ...]:
    """The settings of ``TABLE_SETTINGS`` that a bot of this kind takes."""
    return (("level",) if takes_level(kind) else ()) + (("version",) if takes_version(kind) else ())


def table_settings(kind: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings a seat's bot may have at a table, checked; anything else raises ``OptionError``.

    Settings arrive from the network, so only the level (1 to 5) and the version (1 or 2), for bots that take
    them, are accepted: the samples, time budget and the rest are the server's, which keeps every decision bounded.
    """
    allowed = table_setting_names(kind)
    for name in settings:
        if name not in allowed:
            what = " and ".join(SETTING_WORDS[known] for known in allowed) or "no settings"
            raise OptionError(f"a {kind} bot at a table takes {what}; {name!r} is not accepted", str(name), allowed)
    for name, values in TABLE_SETTINGS.items():
        value = settings.get(name)
        if name in settings and (isinstance(value, bool) or value not in values):
            shown = ", ".join(str(v) for v in values[:-1]) + f" or {values[-1]}"
            raise OptionError(f"a {kind} bot's {name} is {shown}, not {value!r}", name, values)
    return dict(settings)


def stored_table_settings(kind: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A stored seat's settings cut down to what ``table_settings`` accepts (tables stored by older servers)."""
    return {
        name: settings[name]
        for name in table_setting_names(kind)
        if not isinstance(settings.get(name), bool) and settings.get(name) in TABLE_SETTINGS[name]
    }


def choose(kind: str, settings: dict[str, Any], seed: int, observation: dict[str, Any]) -> str:
    """The action a bot of this kind chooses from a seat's observation (runs in the worker)."""
    if kind == "pimc":
        settings = {**settings, "time_budget": TABLE_THINKING_SECONDS}
    return bowers.bots.create(kind, seed=seed, **settings).act(observation)


def advise(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The advising bots' suggestions, best first, as JSON-able dicts (runs in the worker)."""
    return [
        {
            "action": str(advice.action),
            "value": float(advice.value),
            "reason": str(advice.reason),
            "win_chance": None if advice.win_chance is None else float(advice.win_chance),
            "win_change": None if advice.win_change is None else float(advice.win_change),
        }
        for advice in bowers.bots.advise(observation, time_budget=HINT_THINKING_SECONDS)
    ]
