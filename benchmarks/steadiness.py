"""How steadily ``pimc`` picks the best choice before play: the share of seeds on which it picks the long-run best.

For each variant it plays hands of self-play by the heuristic bot and keeps
the decisions before play (ordering, calling, going alone, defending alone,
bids) with more than one choice.  Each is valued over ``--worlds`` sampled
worlds (1,000 by default, no time budget, no extra worlds for near ties;
half as many in Ultimate, whose long positions ``pimc`` halves); a
decision is kept where the best choice (by the bot's own worth: its chance
of winning the game) also leads every other by at least ``--lead`` points.
The bot under test (the default ``pimc`` unless ``--setting`` says otherwise)
then decides each kept decision with ``--seeds`` seeds, and the share of its
picks that are the long-run best is printed with a 95% Wilson interval, with
each decision that some seed got wrong.  Target: at least 95%.

The long runs cost most of the time (some 30 seconds a decision in Ultimate):
``--json`` writes every decision's long-run best and lead, and ``--long-runs``
reads them back from such a file, so that only the bot's picks are made again
(for the same variants, hands and seed, and ``--worlds``).

Usage::

    python benchmarks/steadiness.py [--variants railroad,standard] [--hands 40] [--seeds 20]
        [--worlds 1000] [--lead 0.5] [--setting NAME=VALUE ...] [--seed 1] [--json out.json]
        [--long-runs out.json]
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterator
from typing import Any

from arguments import setting

import bowers
from bowers.bots import create, pimc
from bowers.bots.pimc import PimcBot

# The actions of the decisions measured (discards, the loner's exchange and twos and threes are left out).
DECISIONS = ("pass", "order", "call", "alone", "partner", "jambone", "defend-alone", "bid")
TARGET = 0.95


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``successes / trials``."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def decisions(variant: str, hands: int, seed: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """(game seed, step, observation) of each decision before play in ``hands`` hands of the heuristic's self-play."""
    for number in range(hands):
        game_seed = seed * 100_000 + number
        game = bowers.Game(variant, seed=game_seed)
        bot = create("heuristic", seed=0)
        step = 0
        while game.hand_number == 0 and not game.is_over and game.hand.phase_name != "play":
            seat = game.to_act
            assert seat is not None
            observation = game.observation(seat)
            legal = observation["legal_actions"]
            if len(legal) > 1 and all(action.split(":")[0] in DECISIONS for action in legal):
                yield game_seed, step, observation
            game.apply(bot.act(observation), seat=seat)
            step += 1


def long_run(observation: dict[str, Any], worlds: int) -> tuple[str, float]:
    """The best choice over ``worlds`` worlds and its lead in points over the next best (negative where the best
    for the game is not the one with most points)."""
    steady_factor = pimc.STEADY_FACTOR
    pimc.STEADY_FACTOR = 0  # the long run draws its worlds and no more
    try:
        advice = PimcBot(seed=12345, samples=worlds, time_budget=0).advise(observation)
    finally:
        pimc.STEADY_FACTOR = steady_factor
    best = advice[0]
    return best.action, best.value - max(choice.value for choice in advice[1:])


def known_long_runs(path: str) -> dict[tuple[str, int, int], tuple[str, float]]:
    """The long runs of an earlier ``--json`` file by (variant, game seed, step): every decision's where the file has
    them, else the kept decisions'."""
    with open(path, encoding="utf-8") as source:
        results = json.load(source)
    known = {}
    for figures in results:
        for case in figures.get("long_runs", figures["cases"]):
            known[figures["variant"], case["game_seed"], case["step"]] = (case["best"], case["lead"])
    return known


def measure(
    variant: str,
    hands: int,
    seeds: int,
    worlds: int,
    lead: float,
    settings: dict[str, Any],
    seed: int,
    known: dict[tuple[str, int, int], tuple[str, float]] | None = None,
) -> dict[str, Any]:
    """The share of seeds on which the bot picks the long-run best, over the kept decisions of ``variant`` (their
    long runs taken from ``known`` where given: a decision it lacks is one an earlier run did not keep)."""
    kept: list[dict[str, Any]] = []
    long_runs: list[dict[str, Any]] = []
    found = 0
    for game_seed, step, observation in decisions(variant, hands, seed):
        found += 1
        if known is None:
            best, margin = long_run(observation, worlds)
        else:
            best, margin = known.get((variant, game_seed, step), ("", -math.inf))
        long_runs.append({"game_seed": game_seed, "step": step, "best": best, "lead": round(margin, 3)})
        if margin < lead:
            continue
        picks = [PimcBot(seed=1000 + number, **settings).act(observation) for number in range(seeds)]
        right = sum(pick == best for pick in picks)
        kept.append(
            {
                "game_seed": game_seed,
                "step": step,
                "phase": observation["phase"],
                "best": best,
                "lead": round(margin, 3),
                "right": right,
                "picks": sorted(set(picks)),
            }
        )
        print(
            f"  {variant} game seed {game_seed} step {step} {observation['phase']}: best {best} by {margin:.2f} "
            f"points, picked on {right}/{seeds} seeds",
            flush=True,
        )
    right = sum(case["right"] for case in kept)
    trials = seeds * len(kept)
    low, high = wilson(right, trials)
    return {
        "variant": variant,
        "hands": hands,
        "decisions": found,
        "kept": len(kept),
        "seeds": seeds,
        "worlds": worlds,
        "lead": lead,
        "settings": settings,
        "right": right,
        "trials": trials,
        "share": right / trials if trials else None,
        "low": low,
        "high": high,
        "cases": kept,
        "long_runs": long_runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="railroad,standard")
    parser.add_argument("--hands", type=int, default=40, help="hands of self-play searched for decisions per variant")
    parser.add_argument("--seeds", type=int, default=20, help="seeds of the bot under test per decision")
    parser.add_argument("--worlds", type=int, default=1000, help="worlds of the long run")
    parser.add_argument("--lead", type=float, default=0.5, help="points the long-run best must lead by")
    parser.add_argument("--setting", type=setting, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    parser.add_argument("--long-runs", metavar="FILE", help="take the long runs from an earlier --json FILE")
    arguments = parser.parse_args()
    settings = dict(arguments.setting)
    known = known_long_runs(arguments.long_runs) if arguments.long_runs else None
    print(
        f"pimc {settings or '(defaults)'}: share of seeds picking the best of {arguments.worlds} worlds "
        f"(lead >= {arguments.lead} points), target {100 * TARGET:.0f}%"
    )
    results = []
    for variant in [name.strip() for name in arguments.variants.split(",") if name.strip()]:
        figures = measure(
            variant, arguments.hands, arguments.seeds, arguments.worlds, arguments.lead, settings, arguments.seed, known
        )
        results.append(figures)
        if figures["trials"]:
            verdict = "met" if figures["share"] >= TARGET else "NOT met"
            print(
                f"{variant:<13} {figures['kept']:>3} of {figures['decisions']} decisions kept  "
                f"best picked {100 * figures['share']:.1f}% [{100 * figures['low']:.1f}%, {100 * figures['high']:.1f}%] "
                f"of {figures['trials']} picks: {verdict}",
                flush=True,
            )
        else:
            print(f"{variant:<13} no decision of {figures['decisions']} had a lead of {arguments.lead} points", flush=True)
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
