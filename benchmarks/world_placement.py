"""How well ``pimc``'s sampled worlds read the other seats' bids: the share of hidden cards put in the right hand.

Deals are played by ``pimc`` on every seat (``--level``, no time budget, so
that the same seed gives the same positions).  At every decision with more
than one legal action after another seat has acted, worlds are drawn from
the deciding seat's view in each way of reading the bids, on the same
positions, and every card of the other hands is checked: did the world put
it in the hand that really holds it?  The ways (``--readings``):

- ``none``: the unseen cards dealt at random, only what was seen respected;
- ``deals:N``: whole deals drawn, the first of N that explains every bid of
  the others kept (else the closest), as ``pimc`` with ``bidding_tries=N``;
- ``seats:N``: each bidder's hand fitted to its own bids with up to N draws,
  as ``pimc`` with ``bid_reading=seats`` and ``bidding_tries=N``.

The bids are read with the model ``pimc`` uses in the variant (the learned
values in ``standard`` and ``bid``, the heuristic elsewhere), and a loner,
Jambone or lone defence among them multiplies the draws as ``pimc`` does.
It prints, before play and in play, each way's share of cards placed right
and the seconds its draws took.

Usage::

    python benchmarks/world_placement.py [--variant bid] [--deals 12] [--worlds 20]
        [--readings none,deals:8,seats:8,deals:32,seats:32] [--level 2] [--seed 700] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict

import bowers
from bowers.bots.pimc import RARE_CALL_FACTOR, PimcBot
from bowers.bots.sampler import Sampler


def reading(text: str) -> tuple[str, int]:
    """A way of reading the bids: ``none``, ``deals:N`` or ``seats:N``."""
    kind, _, tries = text.partition(":")
    if kind == "none" and not tries:
        return kind, 0
    if kind in ("deals", "seats") and tries.isdigit() and int(tries) >= 1:
        return kind, int(tries)
    raise argparse.ArgumentTypeError(f"expected none, deals:N or seats:N, got {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="bid")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=20, help="worlds drawn at each decision in each way")
    parser.add_argument("--readings", default="none,deals:8,seats:8,deals:32,seats:32")
    parser.add_argument("--level", type=int, default=2, help="level of the pimc bots that play the deals")
    parser.add_argument("--seed", type=int, default=700, help="deal k is dealt from seed + k")
    parser.add_argument("--json", help="write the figures to this file")
    arguments = parser.parse_args()
    readings = [reading(text) for text in arguments.readings.split(",")]
    model = PimcBot(seed=0).bidding_model(arguments.variant)
    # (phase, reading) -> [cards placed right, cards, seconds]
    totals: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for deal in range(arguments.deals):
        game = bowers.Game(arguments.variant, seed=arguments.seed + deal)
        players = game.rules.players
        bots = [PimcBot(seed=deal * players + seat, level=arguments.level, time_budget=None) for seat in range(players)]
        hands_played = len(game.results)
        while len(game.results) == hands_played and not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observation(seat)
            if len(observation["legal_actions"]) > 1 and any(actor != seat for actor, _ in observation["history"]):
                phase = "in play" if observation["phase"] == "play" else "before play"
                truth = game.hand.hands
                for kind, tries in readings:
                    sampler = Sampler(observation)
                    rng = random.Random(deal * 1000 + len(observation["history"]))
                    draws = tries * (RARE_CALL_FACTOR if sampler.rare_bid else 1)
                    started = time.perf_counter()
                    right = cards = 0
                    for _ in range(arguments.worlds):
                        if kind == "none":
                            world = sampler.sample(rng)
                        else:
                            world = sampler.sample(rng, model, draws, by_seat=kind == "seats")
                        for other in range(players):
                            if other != seat:
                                right += (world.hand.hands[other] & truth[other]).bit_count()
                                cards += truth[other].bit_count()
                    entry = totals[(phase, f"{kind}:{tries}" if tries else kind)]
                    entry[0] += right
                    entry[1] += cards
                    entry[2] += time.perf_counter() - started
            game.apply(bots[seat].act(observation), seat=seat)
    figures = []
    print(f"{arguments.variant}, {arguments.deals} deals from seed {arguments.seed}, {arguments.worlds} worlds a decision")
    names = [f"{kind}:{tries}" if tries else kind for kind, tries in readings]
    for phase, name in ((phase, name) for phase in ("before play", "in play") for name in names):
        if (phase, name) not in totals:
            continue
        right, cards, seconds = totals[(phase, name)]
        share = right / cards if cards else 0.0
        figures.append({"phase": phase, "reading": name, "placed_right": share, "cards": cards, "seconds": seconds})
        print(f"  {phase:<12} {name:<9} {share:6.1%} of {int(cards):>6} cards placed right, {seconds:6.1f} s")
    if arguments.json:
        summary = {"variant": arguments.variant, "deals": arguments.deals, "seed": arguments.seed, "figures": figures}
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=1)


if __name__ == "__main__":
    main()
