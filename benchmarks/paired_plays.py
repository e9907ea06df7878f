"""Two settings of ``pimc`` on the same card-play decisions: where they choose differently, both cards judged on fresh worlds.

Bot A (``pimc`` at its defaults with ``time_budget=0``, plus ``--setting
A.NAME=VALUE``) plays every seat of single hands (hand k is
``bowers.Game(variant, seed=seed * 100003 + k)``).  At each of its play
decisions with more than one legal play, bot B (the same, plus ``--setting
B.NAME=VALUE``) decides the same observation from the same bot seed, so
that both draw the same first worlds and differ only where their settings
make them.  Where the two cards differ, the position is sampled into
``--judge`` fresh worlds as ``pimc`` samples them and both cards are solved
exactly to the end of the hand (as ``blunders.py`` judges a card).

It prints the decisions, those where A and B chose differently, and A's
net points less B's over the judging worlds, per differing decision with a
95% interval and per 100 hands, then each differing decision.  A change
that only breaks near ties shows as few differing decisions, each worth
little either way; one that shows as a lead in points at A's own
decisions, not only at B's, is a change of play worth a match.

Usage::

    python benchmarks/paired_plays.py --variant ultimate --hands 20 --seed 8 --setting B.near_twins=false --workers 2
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from arguments import interval_text, setting
from blunders import valuer_for, worths
from selfplay import play_decisions

import bowers
from bowers.bots.pimc import PimcBot
from bowers.match.parallel import play_all

JUDGE = 1000  # fresh worlds each differing decision is judged on


def _bot_seed(deal_seed: int, index: int) -> int:
    return deal_seed * 1009 + index


def compare_deal(job: Mapping[str, Any]) -> dict[str, Any]:
    """One hand of A's self-play: every play decision decided by B too, and each one they decide differently judged."""
    started = time.perf_counter()
    game = bowers.Game(job["variant"], seed=job["seed"])
    valuer = valuer_for(game.rules)
    decisions = 0
    differing: list[dict[str, Any]] = []

    def choose(seat: int, observation: Mapping[str, Any], index: int) -> str:
        return PimcBot(seed=_bot_seed(job["seed"], index), **job["a"]).act(observation)

    for decision in play_decisions(game, choose):
        decisions += 1
        observation, first = decision.observation, decision.action
        bot_seed = _bot_seed(job["seed"], decision.index)
        second = PimcBot(seed=bot_seed, **job["b"]).act(observation)
        if second == first:
            continue
        judged = worths(valuer, observation, job["judge"], random.Random(bot_seed))
        gains = [a - b for a, b in zip(judged[first].points, judged[second].points, strict=True)]
        differing.append(
            {
                "seed": job["seed"],
                "index": decision.index,
                "hand": list(observation["hand"]),
                "a": first,
                "b": second,
                "gain": sum(gains) / len(gains),
                "a_better": sum(gain > 0 for gain in gains),
                "b_better": sum(gain < 0 for gain in gains),
            }
        )
    return {"decisions": decisions, "differing": differing, "seconds": time.perf_counter() - started}


def _compare_job(jobs: list[Mapping[str, Any]], number: int) -> dict[str, Any]:
    return compare_deal(jobs[number])


def report(rows: list[Mapping[str, Any]], judge: int) -> list[str]:
    """The figures of a run: decisions, differing ones, and A's points less B's on them."""
    hands = len(rows)
    decisions = sum(row["decisions"] for row in rows)
    found = [item for row in rows for item in row["differing"]]
    gains = [item["gain"] for item in found]
    lines = [
        f"{hands} hands, {decisions} play decisions ({sum(row['seconds'] for row in rows) / max(1, hands):.1f} s a hand);"
        f" A and B chose differently at {len(found)}",
    ]
    if found:
        mean = interval_text(gains) if len(gains) > 1 else f"{gains[0]:+.3f}"
        lines.append(
            f"  A's net points less B's on {judge} fresh worlds a decision: {mean} per differing decision;"
            f" {100 * sum(gains) / hands:+.3f} per 100 hands"
        )
        lines += [
            f"  - seed {item['seed']}, action {item['index']}, hand {' '.join(item['hand'])}: A {item['a']}, B {item['b']}:"
            f" {item['gain']:+.3f} (A better in {item['a_better']} worlds, B in {item['b_better']})"
            for item in found
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="hand k is bowers.Game(variant, seed=seed * 100003 + k)")
    parser.add_argument(
        "--setting", action="append", default=[], type=setting, help="A.NAME=VALUE or B.NAME=VALUE: a setting of one bot"
    )
    parser.add_argument("--judge", type=int, default=JUDGE, help="fresh worlds each differing decision is judged on")
    parser.add_argument("--workers", type=int, default=1)
    arguments = parser.parse_args()
    bots: dict[str, dict[str, Any]] = {"A": {"time_budget": 0}, "B": {"time_budget": 0}}
    for name, value in arguments.setting:
        bot, dot, key = name.partition(".")
        if not dot or bot not in bots:
            parser.error(f"a setting is A.NAME=VALUE or B.NAME=VALUE, not {name}={value}")
        bots[bot][key] = value
    PimcBot(**bots["A"]), PimcBot(**bots["B"])  # a wrong setting is refused before any hand is played
    jobs = [
        {
            "variant": arguments.variant,
            "seed": arguments.seed * 100003 + k,
            "a": bots["A"],
            "b": bots["B"],
            "judge": arguments.judge,
        }
        for k in range(arguments.hands)
    ]
    rows = play_all(_compare_job, jobs, len(jobs), arguments.workers, None)
    print(f"{arguments.variant}: A pimc {bots['A']}, B pimc {bots['B']}, seed {arguments.seed}")
    print("\n".join(report(rows, arguments.judge)))


if __name__ == "__main__":
    main()
