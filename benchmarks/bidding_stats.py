"""How each side of a duplicate match bids: trump made, makers' success, loners, no-trump and auction contracts.

Plays a ``bowers.match.play_match`` in duplicate (the same deals for both
sides, swapped) and counts, per side, from every hand's result: how often it
made trump (per hand it played), how often its contracts were made, its
loners and how many marched, its no-trump contracts and how many were made,
and for auction variants its contracts by level with their success.  It also
prints the match's net points per deal with the 95% interval.  Each rate has a
95% Wilson interval.

Usage::

    python benchmarks/bidding_stats.py --variant bid --deals 300 [--first pimc] [--second pimc]
        [--first-setting NAME=VALUE ...] [--second-setting NAME=VALUE ...] [--seed 1] [--workers 2] [--json out.json]

The defaults compare the current ``pimc`` with the earlier one
(``bidding=worlds``, ``score_model=points``, ``level=2``: 20 worlds a decision).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from typing import Any

from arguments import setting

from bowers.match import MatchResult, Side, play_match

EARLIER_PIMC = {"bidding": "worlds", "score_model": "points", "level": 2}


def wilson(successes: int, trials: int) -> tuple[float | None, float | None]:
    """The 95% Wilson interval of a proportion (None, None with no trials)."""
    if trials == 0:
        return None, None
    z = 1.959964
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: int, trials: int) -> dict[str, Any]:
    """A count, its share and the share's interval."""
    low, high = wilson(successes, trials)
    return {"count": successes, "of": trials, "share": successes / trials if trials else None, "ci95": [low, high]}


def side_statistics(result: MatchResult, side: int) -> dict[str, Any]:
    """The bidding figures of one side over every hand it played."""
    hands = makes = made = alone = alone_made = marches = no_trump = no_trump_made = 0
    levels: Counter[str] = Counter()
    levels_made: Counter[str] = Counter()
    teams = len(result.sides)
    for outcome in result.outcomes:
        for played in outcome.passes:
            hands += 1
            hand = played.facts[0]
            maker = hand.maker
            if maker is None or played.seating[maker % teams] != side:
                continue
            makes += 1
            success = bool(hand.made)
            made += success
            if hand.trump == "NT":
                no_trump += 1
                no_trump_made += success
            if hand.alone:
                alone += 1
                alone_made += success
                marches += hand.march
            contract = str(hand.contract or "")
            if contract:  # by level: "4" for any suit at four, "5NT" for no-trump
                level = contract if contract.endswith("NT") else contract.rstrip("CDHS")
                levels[level] += 1
                levels_made[level] += success
    return {
        "hands": hands,
        "made_trump": rate(makes, hands),
        "makers_success": rate(made, makes),
        "alone": rate(alone, makes),
        "alone_made": rate(alone_made, alone),
        "alone_marched": rate(marches, alone),
        "no_trump": rate(no_trump, makes),
        "no_trump_made": rate(no_trump_made, no_trump),
        "contracts": {level: rate(levels_made[level], count) for level, count in sorted(levels.items())},
    }


def _percent(figure: dict[str, Any]) -> str:
    if not figure["of"]:
        return "-"
    low, high = figure["ci95"]
    return f"{100 * figure['share']:.0f}% [{100 * low:.0f}, {100 * high:.0f}] of {figure['of']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", default="pimc")
    parser.add_argument("--second", default="pimc")
    parser.add_argument("--first-setting", type=setting, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--second-setting", type=setting, action="append", default=None, metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--json", metavar="FILE")
    arguments = parser.parse_args()
    if arguments.second_setting is not None:
        second_settings = dict(arguments.second_setting)
    else:  # the earlier pimc, unless another bot was named
        second_settings = dict(EARLIER_PIMC) if arguments.second == "pimc" else {}
    sides = [Side(arguments.first, dict(arguments.first_setting)), Side(arguments.second, second_settings)]
    result = play_match(arguments.variant, sides, deals=arguments.deals, seed=arguments.seed, workers=arguments.workers)
    figures: dict[str, Any] = {"variant": arguments.variant, "deals": arguments.deals, "seed": arguments.seed, "sides": []}
    first = result.sides[0].net_points
    interval = "no interval from one deal" if first.low is None or first.high is None else f"{first.low:+.3f}, {first.high:+.3f}"
    print(
        f"{arguments.variant}: {sides[0].describe()} vs {sides[1].describe()}, {arguments.deals} duplicate deals: "
        f"{first.mean:+.3f} [{interval}] points per deal, {result.seconds:.0f} s"
    )
    for index, side in enumerate(sides):
        stats = side_statistics(result, index)
        figures["sides"].append({"side": side.describe(), **stats})
        print(f"  {side.describe()}:")
        for name in ("made_trump", "makers_success", "alone", "alone_made", "alone_marched", "no_trump", "no_trump_made"):
            print(f"    {name.replace('_', ' '):<15} {_percent(stats[name])}")
        for level, figure in stats["contracts"].items():
            print(f"    contract {level:<6} made {_percent(figure)}")
    figures["net_points_per_deal"] = {"mean": first.mean, "ci95": [first.low, first.high]}
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump(figures, out, indent=2)


if __name__ == "__main__":
    main()
