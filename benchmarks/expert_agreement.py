"""How often does the strong bot choose what strong players chose?  Real tournament games, decision by decision.

Every EGN game in a folder (by default the 20 real games of ``shared/data/egn``)
is imported and gone through with ``bowers analyze`` (``analyze_record``) for
every seat: at each decision with more than one choice, ``pimc`` values the
choices on worlds of its own, and the players' choice is compared with the
bot's first.  The table gives, by kind of decision, how often the two agree
(with a 95% Wilson interval), and how many expected points the bot reckons
the players' choice lost where they differ.  A disagreement is not a verdict:
the bot's values are its own estimates, and the players are strong; and two cards the bot rates alike (the nine or the ten
of a suit it will lose anyway) count as different choices, so the table also
gives how often the players' choice was rated within 0.05 points of the bot's
first.  Decisions
taken while a seat held a card the file does not show (placed by the
importer: a discard the file leaves out, a lone player's partner's hand) are
not judged and are counted apart.

Usage::

    python benchmarks/expert_agreement.py --level 3 --workers 2 [--setting NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arguments import gather, setting, write_json

from bowers.bots.analysis import analyze_record
from bowers.egn import load_egn
from bowers.match.statistics import wilson_interval

GAMES = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "egn"
PHASE_ORDER = ("round-1", "round-2", "maker-choice", "discard", "play")
CLOSE = 0.05  # points: a choice rated this close to the bot's first is as good as its values can tell


def _analyse(job: tuple[str, int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every decision of every seat of one EGN game, as JSON-able rows."""
    path, level, settings = job
    record = load_egn(path)
    rows = []
    for decision in analyze_record(record, seats=list(range(4)), level=level, **settings):
        if len(decision.choices) == 1:
            continue  # one legal choice only after the bot's filtering: nothing to agree on
        row = decision.as_json()
        row["game"] = Path(path).stem
        row.pop("choices")
        rows.append(row)
    return rows


def _kind(action: str) -> str:
    return action.split(":")[0]


def report(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The table: agreement and the bot's reckoned cost of the players' choices, by kind of decision."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    unjudged = 0
    for row in rows:
        if not row["judged"]:
            unjudged += 1
            continue
        phase = row["phase"]
        groups[phase].append(row)
        if phase in ("round-1", "round-2", "maker-choice"):
            groups[f"{phase}: the players {_kind(row['played'])}"].append(row)
    lines = [
        f"| decision | judged | pimc chose the same [95%] | the players' choice within {CLOSE} points of pimc's [95%] "
        "| where not the same, the bot reckons the players lost (points, mean) | of them 0.5 or more |"
    ]
    lines.append("| --- | --- | --- | --- | --- | --- |")

    def order(name: str) -> tuple[int, str]:
        phase = name.split(":")[0]
        return (PHASE_ORDER.index(phase) if phase in PHASE_ORDER else len(PHASE_ORDER), name)

    for name in sorted(groups, key=order):
        group = groups[name]
        agree = sum(row["played"] == row["best"] for row in group)
        low, high = wilson_interval(agree, len(group))
        close = sum(row["cost"] < CLOSE for row in group)
        close_low, close_high = wilson_interval(close, len(group))
        costs = [row["cost"] for row in group if row["played"] != row["best"]]
        mean_cost = f"{sum(costs) / len(costs):.2f}" if costs else "-"
        large = sum(cost >= 0.5 for cost in costs)
        share = f"{agree / len(group):.0%} [{low:.0%}, {high:.0%}]"
        close_share = f"{close / len(group):.0%} [{close_low:.0%}, {close_high:.0%}]"
        lines.append(f"| {name} | {len(group)} | {share} | {close_share} | {mean_cost} | {large} |")
    lines.append("")
    lines.append(f"Not judged (the seat held a card the file does not show): {unjudged} decisions.")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=str(GAMES), help="a folder of EGN games (default: shared/data/egn)")
    parser.add_argument("--level", type=int, default=3, help="the analysing pimc's level (1-5)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--setting", action="append", default=[], type=setting, help="a setting of the pimc bot, NAME=VALUE")
    parser.add_argument("--json", help="write every decision compared to this file")
    arguments = parser.parse_args()
    paths = sorted(str(path) for path in Path(arguments.games).glob("*.egn"))
    if not paths:
        parser.error(f"no .egn files in {arguments.games}")
    jobs = [(path, arguments.level, dict(arguments.setting)) for path in paths]
    rows = gather(_analyse, jobs, arguments.workers)
    print(f"{len(paths)} games, pimc at level {arguments.level} against the players' choices")
    print("\n".join(report(rows)))
    write_json(arguments.json, rows)


if __name__ == "__main__":
    main()
