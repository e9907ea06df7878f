"""Command-line pieces the benchmark scripts share: reading settings, dealing jobs, printing a mean with its interval."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bowers.cli.match import setting_value
from bowers.match.statistics import mean_interval


def setting(text: str) -> tuple[str, Any]:
    """A ``NAME=VALUE`` bot setting, its value read as ``bowers match --setting`` reads it."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), setting_value(value)


def interval_text(values: Sequence[float]) -> str:
    """The mean of ``values`` with its 95% Student t interval, as ``bowers match`` computes it (``+0.123 [+0.045, +0.201]``)."""
    estimate = mean_interval(values)
    if estimate.low is None or estimate.high is None:
        return f"{estimate.mean:+.3f} (one value, no interval)"
    return f"{estimate.mean:+.3f} [{estimate.low:+.3f}, {estimate.high:+.3f}]"


def add_deal_arguments(parser: argparse.ArgumentParser, json_help: str, bot: bool = False) -> None:
    """Add the arguments of a script that deals its own hands: ``--variant``, ``--deals``, ``--seed``,
    ``--workers``, ``--setting``, ``--option`` and ``--json`` (and ``--bot`` when the bot can be chosen)."""
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="deal k is dealt by bowers.Game(variant, seed=seed * 100003 + k)")
    parser.add_argument("--workers", type=int, default=2)
    if bot:
        parser.add_argument("--bot", default="pimc")
    parser.add_argument("--setting", action="append", default=[], type=setting, help="a setting of the bot, NAME=VALUE")
    parser.add_argument("--option", action="append", default=[], type=setting, help="a game option, NAME=VALUE")
    parser.add_argument("--json", help=json_help)


def deal_jobs(arguments: argparse.Namespace, **extra: Any) -> list[dict[str, Any]]:
    """One job a deal, as ``add_deal_arguments`` read them: the variant, the deal's seed, the game's options and
    the bot's settings, with ``extra`` added to each."""
    return [
        {
            "variant": arguments.variant,
            "seed": arguments.seed * 100003 + k,
            "options": dict(arguments.option),
            "settings": dict(arguments.setting),
            **extra,
        }
        for k in range(arguments.deals)
    ]


def gather(work: Callable[[Any], list[dict[str, Any]]], jobs: Sequence[Any], workers: int) -> list[dict[str, Any]]:
    """Run ``work`` on every job on ``workers`` processes; the rows every job found, in the order of the jobs."""
    with ProcessPoolExecutor(workers) as pool:
        return [row for found in pool.map(work, jobs) for row in found]


def write_json(path: str | None, rows: Any) -> None:
    """Write ``rows`` to ``path`` as JSON, where a path was given."""
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(rows, out)
