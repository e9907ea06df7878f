"""Self-play: how many points each team scores in one hand, by the dealer's team, for every variant.

The win-probability tables the bots use (``bowers.bots.win_probability``) are
computed from these distributions.  Each hand is dealt from a seed derived
from ``--seed`` and its number and played by the named bot in every seat, on
all cores; the outcome is the hand's points, listed from the dealer's team
round the teams.  The result is written as JSON (by default into the package,
``src/bowers/bots/data/hand_outcomes.json``).

    python training/hand_outcomes.py --hands 40000 --seed 1 --bot model-bidder
    python training/hand_outcomes.py --variant standard --hands 2000 --bot pimc --setting level=1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bowers.bots import Bot, create
from bowers.bots.learned import ModelBidder
from bowers.game import Game
from bowers.variants import VARIANTS

DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "src" / "bowers" / "bots" / "data" / "hand_outcomes.json"


def hand_seed(seed: int, variant: str, index: int) -> int:
    """The deal seed of hand ``index``: a hash of the run's seed, the variant and the index."""
    digest = hashlib.blake2b(f"bowers-outcomes:{seed}:{variant}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)


def make_bot(name: str, seed: int, settings: dict[str, Any]) -> Bot:
    """A bot by its registered name, or ``model-bidder``: the heuristic bidding by the learned values."""
    if name == "model-bidder":
        return ModelBidder(seed=seed, **settings)
    return create(name, seed=seed, **settings)


def play_hands(job: tuple[str, int, int, int, str, dict[str, Any]]) -> Counter[tuple[int, ...]]:
    """Play hands ``start`` to ``stop`` of a variant and count each outcome (points from the dealer's team round)."""
    variant, seed, start, stop, bot_name, settings = job
    counts: Counter[tuple[int, ...]] = Counter()
    for index in range(start, stop):
        game = Game(variant, seed=hand_seed(seed, variant, index))
        players = game.rules.players
        bots = [make_bot(bot_name, hand_seed(seed, variant, index) + seat, settings) for seat in range(players)]
        while game.hand_number == 0 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)), seat=seat)
        result = game.results[0]
        teams = game.rules.teams
        dealer_team = result["dealer"] % teams
        points = result["points"]
        counts[tuple(points[(dealer_team + step) % teams] for step in range(teams))] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help="a variant (repeatable; default: every variant)")
    parser.add_argument("--hands", type=int, default=40000, help="hands per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot", default="model-bidder", help="the bot in every seat (model-bidder: the heuristic bidding by the learned values)"
    )
    parser.add_argument("--setting", action="append", default=[], help="NAME=VALUE setting of the bot (repeatable)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {}
    for pair in args.setting:
        name, _, value = pair.partition("=")
        settings[name] = json.loads(value) if value[:1].isdigit() or value in ("true", "false") else value
    variants = args.variant or list(VARIANTS)
    data: dict[str, Any] = json.loads(args.output.read_text()) if args.output.exists() else {}
    chunk = 250
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.workers, mp_context=context) as pool:
        for variant in variants:
            started = time.perf_counter()
            jobs = [
                (variant, args.seed, start, min(args.hands, start + chunk), args.bot, settings)
                for start in range(0, args.hands, chunk)
            ]
            total: Counter[tuple[int, ...]] = Counter()
            for counts in pool.map(play_hands, jobs):
                total.update(counts)
            seconds = time.perf_counter() - started
            data[variant] = {
                "bot": args.bot,
                "settings": settings,
                "hands": args.hands,
                "seed": args.seed,
                "outcomes": [[*outcome, count] for outcome, count in sorted(total.items())],
            }
            print(f"{variant}: {args.hands} hands in {seconds:.0f} s, {len(total)} distinct outcomes", file=sys.stderr)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
