"""Time of one learned decision before play, and of a win-probability table, on one core.

For every shipped model (``bowers.bots.learned``) it collects the decisions
the model covers from heuristic self-play and times, on each, what ``pimc``
computes for a learned decision: ``decision_outcomes`` (features and network,
numpy; ``decision_values`` for a model of the mean only) and the chance of
winning of every result;
it prints the median, the 99th percentile and the longest against the target
of well under a millisecond, and the median of ``pimc``'s whole decision
(``PimcBot.act``, which also reads the observation).  It also
times building each variant's win-probability table
(``bowers.bots.win_probability``) once, and reading one chance.

Usage::

    python benchmarks/learned.py [--deals 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bowers.bots.learned import ModelBidder, decision_outcomes, decision_values
from bowers.bots.learned_features import FEATURE_SETS
from bowers.bots.learned_models import model_game, shipped_models
from bowers.bots.pimc import PimcBot
from bowers.bots.view import View
from bowers.bots.win_probability import win_table
from bowers.game import Game
from bowers.variants import make_rules, variants

TARGET_SECONDS = 0.001


def decision_times(variant: str, deals: int, seed: int, options: dict[str, Any]) -> tuple[list[float], list[float]]:
    """Seconds of the learned valuation, and of ``pimc``'s whole decision, at every covered decision of ``deals`` hands
    (of games with ``options``)."""
    times = []
    whole = []
    strong = PimcBot(seed=0)
    for deal in range(deals):
        game = Game(variant, seed=seed * 100_000 + deal, **options)
        bots = [ModelBidder(seed=seat) for seat in range(game.rules.players)]
        while game.hand_number == 0 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observation(seat)
            if len(observation["legal_actions"]) > 1 and observation["phase"] in FEATURE_SETS:
                start = time.process_time()
                view = View(observation)
                legal = view.legal
                results = decision_outcomes(view, legal)  # as pimc: the chances of each result, else the mean
                if results is None:
                    decision_values(view, legal)
                else:
                    score = strong.game_score(view)
                    for net in results[0]:
                        score.after_net(float(net))
                times.append(time.process_time() - start)
                start = time.process_time()
                strong.act(observation)
                whole.append(time.process_time() - start)
            game.apply(bots[seat].act(observation), seat=seat)
    return times, whole


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for key in sorted(shipped_models()):
        variant, options, _ = model_game(key)
        times, whole = decision_times(variant, args.deals, args.seed, options)
        times.sort()
        median = statistics.median(times)
        worst = times[-1]
        high = times[min(len(times) - 1, int(0.99 * len(times)))]
        verdict = "met" if median < TARGET_SECONDS else "NOT met"
        print(
            f"{key}: {len(times)} decisions, median {1e6 * median:.0f} µs, 99th percentile {1e6 * high:.0f} µs, "
            f"longest {1e6 * worst:.0f} µs (target: median well under {1e6 * TARGET_SECONDS:.0f} µs: {verdict}); "
            f"pimc's whole decision: median {1e6 * statistics.median(whole):.0f} µs"
        )
    for variant in variants():
        rules = make_rules(variant)
        win_table.cache_clear()
        start = time.process_time()
        table = win_table(variant, rules.target, rules.teams)
        built = time.process_time() - start
        start = time.process_time()
        for _ in range(1000):
            table.chances([0] * rules.teams, 0)
        read = (time.process_time() - start) / 1000
        print(f"win-probability table {variant} to {rules.target}: built in {1000 * built:.0f} ms, a read {1e6 * read:.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
