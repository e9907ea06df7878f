"""Self-play: how many points each team scores in one hand, by the dealer's team, for every variant.

The win-probability tables the bots use (``bowers.bots.win_probability``) are
computed from these distributions.  Each hand is dealt from a seed derived
from ``--seed`` and its number and played by the named bot in every seat, on
all cores; the outcome is the hand's points, listed from the dealer's team
round the teams.  The result is written as JSON (by default into the package,
``src/bowers/bots/data/hand_outcomes.json``).

    python training/hand_outcomes.py --hands 40000 --seed 1 --bot model-bidder
    python training/hand_outcomes.py --variant standard --hands 2000 --bot pimc --setting level=1

``--ray`` plays the hands on a Ray cluster started on this machine, ``--ray
HOST:PORT`` on a running one (``pip install 'bowers[cluster]'``; see
docs/cluster.md); the counts are the same as on local processes for the same
seed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bowers.bots import Bot, create
from bowers.bots.learned import ModelBidder
from bowers.game import Game
from bowers.match.parallel import held, play_all
from bowers.seeds import derived_seed
from bowers.variants import VARIANTS

DEFAULT_OUTPUT = Path(__file__).resolve().parent.parent / "src" / "bowers" / "bots" / "data" / "hand_outcomes.json"
CHUNK = 250  # hands played by one job

HandsPlan = tuple[str, int, int, str, dict[str, Any]]  # variant, seed, hands, bot, settings


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
        hand_seed = derived_seed("bowers-outcomes", seed, variant, index)  # the deal's seed, and its bots' from it
        game = Game(variant, seed=hand_seed)
        players = game.rules.players
        bots = [make_bot(bot_name, hand_seed + seat, settings) for seat in range(players)]
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


def play_hands_chunk(plan: HandsPlan, number: int) -> Counter[tuple[int, ...]]:
    """The outcomes of the ``number``-th run of ``CHUNK`` hands: one job of ``play_all``, on local processes or Ray."""
    variant, seed, hands, bot_name, settings = plan
    start = number * CHUNK
    return play_hands((variant, seed, start, min(hands, start + CHUNK), bot_name, settings))


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
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        metavar="ADDRESS",
        help="play on Ray: alone, a cluster started on this machine (--workers CPUs); with HOST:PORT, a running one",
    )
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {}
    for pair in args.setting:
        name, _, value = pair.partition("=")
        settings[name] = json.loads(value) if value[:1].isdigit() or value in ("true", "false") else value
    variants = args.variant or list(VARIANTS)
    data: dict[str, Any] = json.loads(args.output.read_text()) if args.output.exists() else {}
    with held(args.ray, args.workers):
        for variant in variants:
            started = time.perf_counter()
            plan: HandsPlan = (variant, args.seed, args.hands, args.bot, settings)
            total: Counter[tuple[int, ...]] = Counter()
            play_all(play_hands_chunk, plan, -(-args.hands // CHUNK), args.workers, None, total.update, args.ray)
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
