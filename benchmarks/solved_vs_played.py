"""How far a solved deal is from the same deal played: the makers' tricks at the end against their solved count.

Plays single hands of ``pimc`` against itself (every seat the same bot) and,
at each hand's first lead, solves the real deal double-dummy (every seat
seeing every card) for the makers' tricks; at the end of the hand it
counts the tricks the makers actually took.  The table it prints, per kind
of contract (with partner, alone, against a lone defender, a Jambone;
no-trump apart) and solved count, says how often real play, where no seat
sees the others' cards, comes out the same, worse or better for the makers.

Usage::

    python benchmarks/solved_vs_played.py --variant standard --deals 2000 [--level 2]
        [--setting NAME=VALUE ...] [--seed 10000] [--workers 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections import Counter, defaultdict
from typing import Any

from arguments import setting

from bowers.bots.evaluator import Evaluator
from bowers.bots.heuristic import HeuristicBot
from bowers.bots.pimc import PimcBot
from bowers.game import Game
from bowers.hand import PLAY_PHASE
from bowers.tables import NO_TRUMP


def contract_kind(game: Game) -> str:
    """The hand's kind of contract, in the words of the printed table."""
    hand = game.hand
    kind = "jambone" if hand.jambone else "alone" if hand.alone else "partner"
    if hand.lone_defender >= 0:
        kind += ", lone defender"
    if hand.trump == NO_TRUMP:
        kind += ", no-trump"
    return kind


def play_hands(job: tuple[str, list[int], dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per hand that reached play: its kind, the makers' solved and real tricks."""
    variant, seeds, settings = job
    rules = Game(variant, seed=0).rules
    # The whole hand solved exactly (in Ultimate that can take seconds a hand).
    evaluator = Evaluator(HeuristicBot(seed=0), exact_tricks=rules.hand_size, use_solver=True)
    records = []
    for seed in seeds:
        # Seeded by the deal, so that the figures do not depend on how the deals are shared among workers.
        bots = [PimcBot(seed=seed * 16 + seat, **settings) for seat in range(rules.players)]
        game = Game(variant, seed=seed)
        record: dict[str, Any] | None = None
        while not game.results:
            hand = game.hand
            if record is None and hand.phase == PLAY_PHASE and hand.tricks_played == 0 and hand.maker >= 0:
                makers = hand.maker % game.rules.teams
                record = {"kind": contract_kind(game), "makers": makers, "solved": evaluator.value(game, makers)}
            seat = game.to_act
            assert seat is not None
            game.apply_id(game.space.index[bots[seat].act(game.observation(seat))])
        if record is not None:
            tricks = game.results[0]["tricks"]
            record["real"] = sum(count for seat, count in enumerate(tricks) if seat % game.rules.teams == record["makers"])
            records.append(record)
    return records


def table(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows by kind and solved count: hands, the mean real count and the share of each real count."""
    counts: dict[tuple[str, int], Counter[int]] = defaultdict(Counter)
    for record in records:
        counts[record["kind"], record["solved"]][record["real"]] += 1
    rows = []
    for (kind, solved), reals in sorted(counts.items()):
        hands = sum(reals.values())
        rows.append(
            {
                "kind": kind,
                "solved": solved,
                "hands": hands,
                "mean_real": sum(real * count for real, count in reals.items()) / hands,
                "real": {real: count / hands for real, count in sorted(reals.items())},
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--level", type=int, default=2, help="pimc's level for every seat (default 2: 20 worlds)")
    parser.add_argument("--setting", type=setting, action="append", default=[], help="another pimc setting, NAME=VALUE")
    parser.add_argument("--seed", type=int, default=10_000, help="the first deal's seed; deal i uses seed + i")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="also write the records and the table to this file")
    args = parser.parse_args()
    settings = {"level": args.level, **dict(args.setting)}
    seeds = [args.seed + index for index in range(args.deals)]
    jobs = [(args.variant, seeds[worker :: args.workers], settings) for worker in range(args.workers)]
    with multiprocessing.Pool(args.workers) as pool:
        records = [record for part in pool.map(play_hands, jobs) for record in part]
    rows = table(records)
    print(f"{args.variant}: {len(records)} hands of {args.deals} deals reached play (pimc {settings})")
    print(f"{'contract':<34} {'solved':>6} {'hands':>6} {'real mean':>9}  real tricks: share of hands")
    for row in rows:
        shares = "  ".join(f"{real}: {100 * share:.0f}%" for real, share in row["real"].items())
        print(f"{row['kind']:<34} {row['solved']:>6} {row['hands']:>6} {row['mean_real']:>9.2f}  {shares}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"variant": args.variant, "settings": settings, "records": records, "table": rows}, handle, indent=1)


if __name__ == "__main__":
    main()
