"""Thinking time per decision of a bot (the default ``pimc`` unless told otherwise), on one core.

The bot plays every seat of a side in a duplicate match against the
heuristic bot (or ``--opponent``), in this one process (``workers=1``), and every decision with
more than one legal action is timed around ``bot.act(observation)`` (a
decision with one legal action is not a decision and is not counted).  For
each variant it prints the number of decisions timed, the median, the 90th
and 99th percentiles and the longest, and checks them against the targets:
``standard`` median under 150 ms and longest under 1 s, ``ultimate`` (every
world solved exactly from the first trick) median under 500 ms and longest
under 3 s.

Usage::

    python benchmarks/latency.py [--variants standard,ultimate] [--deals 20] [--bot pimc]
        [--opponent heuristic] [--setting NAME=VALUE ...] [--seed 1] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
from typing import Any

from arguments import setting

from bowers.match import Side, play_match
from bowers.variants import variant, variants

# Targets in seconds: (median, longest); None where there is no target.
TARGETS: dict[str, tuple[float | None, float | None]] = {"standard": (0.150, 1.0), "ultimate": (0.500, 3.0)}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(
    variant_name: str, bot: str, settings: dict[str, Any], deals: int, seed: int, opponent: str = "heuristic"
) -> dict[str, Any]:
    """Time every real decision of ``bot`` over ``deals`` duplicate deals against ``opponent`` (at its defaults)."""
    teams = variant(variant_name).teams
    result = play_match(variant_name, [Side(bot, settings)] + [opponent] * (teams - 1), deals=deals, seed=seed, workers=1)
    times = list(result.sides[0].decision_seconds)
    median_target, longest_target = TARGETS.get(variant_name, (None, None))
    figures: dict[str, Any] = {
        "variant": variant_name,
        "bot": bot,
        "opponent": opponent,
        "settings": settings,
        "deals": deals,
        "hands": result.hands,
        "decisions": len(times),
        "median_ms": 1000 * statistics.median(times) if times else None,
        "p90_ms": 1000 * percentile(times, 0.90) if times else None,
        "p99_ms": 1000 * percentile(times, 0.99) if times else None,
        "max_ms": 1000 * max(times) if times else None,
        "net_points_per_deal": result.sides[0].net_points.mean,
    }
    if times and median_target is not None:
        figures["median_target_ms"] = 1000 * median_target
        figures["median_met"] = statistics.median(times) < median_target
    if times and longest_target is not None:
        figures["max_target_ms"] = 1000 * longest_target
        figures["max_met"] = max(times) < longest_target
    return figures


def line(figures: dict[str, Any]) -> str:
    """One variant's figures in one line."""
    if not figures["decisions"]:
        return f"{figures['variant']:<11} no decisions timed"
    text = (
        f"{figures['variant']:<11} {figures['deals']:>4} deals {figures['decisions']:>5} decisions  "
        f"median {figures['median_ms']:8.1f} ms  p90 {figures['p90_ms']:8.1f} ms  p99 {figures['p99_ms']:8.1f} ms  "
        f"max {figures['max_ms']:8.1f} ms"
    )
    if "median_met" in figures:
        text += f"  median < {figures['median_target_ms']:.0f} ms: {'met' if figures['median_met'] else 'NOT met'}"
    if "max_met" in figures:
        text += f"  max < {figures['max_target_ms']:.0f} ms: {'met' if figures['max_met'] else 'NOT met'}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="standard,ultimate", help=f"comma-separated, from {', '.join(variants())}")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument(
        "--opponent", default="heuristic", help="the other side's bot, at its defaults (pimc: the bot reads pimc's own bids)"
    )
    parser.add_argument("--setting", type=setting, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    arguments = parser.parse_args()
    settings = dict(arguments.setting) or "(defaults)"
    print(
        f"{arguments.bot} {settings} against {arguments.opponent}, one core, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )
    results = []
    for variant_name in [name.strip() for name in arguments.variants.split(",") if name.strip()]:
        figures = measure(
            variant_name, arguments.bot, dict(arguments.setting), arguments.deals, arguments.seed, arguments.opponent
        )
        results.append(figures)
        print(line(figures), flush=True)
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
