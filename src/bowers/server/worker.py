"""Bots think in a worker pool, off the event loop, so a thinking bot never holds up another table.

A bot is created afresh for each decision from its kind, settings and a seed
derived from the table's bot seed and the action number: a table resumed
after a restart asks the same bots the same questions with the same seeds.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import bowers.bots


def decision_seed(bot_seed: int, seat: int, number: int) -> int:
    """The seed of a bot's decision: one per table, seat and action number."""
    return (bot_seed * 1_000_003 + number * 16 + seat) % (2**63)


# Seconds the strong bot may think over one decision at a table, and over a hint (a few of its sampled
# deals take far longer than the rest in Ultimate; people should never wait on those).
TABLE_THINKING_SECONDS = 1.5
HINT_THINKING_SECONDS = 3.0


def choose(kind: str, settings: dict[str, Any], seed: int, observation: dict[str, Any]) -> str:
    """The action a bot of this kind chooses from a seat's observation (runs in the worker)."""
    if kind == "pimc":
        settings = {"time_budget": TABLE_THINKING_SECONDS, **settings}
    return bowers.bots.create(kind, seed=seed, **settings).act(observation)


def advise(observation: dict[str, Any]) -> list[dict[str, Any]]:
    """The advising bots' suggestions, best first, as JSON-able dicts (runs in the worker)."""
    advise_function = getattr(bowers.bots, "advise", None)
    if advise_function is None:
        raise LookupError("hints need the advising bots, which this installation of bowers lacks")
    out = []
    for advice in advise_function(observation, time_budget=HINT_THINKING_SECONDS):
        item: dict[str, Any] = {"action": str(advice.action), "value": float(advice.value), "reason": str(advice.reason)}
        win_chance = getattr(advice, "win_chance", None)
        win_change = getattr(advice, "win_change", None)
        item["win_chance"] = None if win_chance is None else float(win_chance)
        item["win_change"] = None if win_change is None else float(win_change)
        out.append(item)
    return out


def hints_available() -> bool:
    """Whether ``bowers.bots.advise`` exists in this installation."""
    return hasattr(bowers.bots, "advise")


def make_pool(kind: str = "process", workers: int | None = None) -> Executor:
    """A pool for bots: ``process`` (the default: bots think in parallel on every core) or ``thread``."""
    count = workers or max(1, min(4, multiprocessing.cpu_count()))
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=count, thread_name_prefix="bowers-bot")
    return ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("spawn"))
