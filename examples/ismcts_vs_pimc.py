"""OpenSpiel's IS-MCTS against bowers' ``pimc`` bot on Railroad Euchre.

Seats 0 and 2 are IS-MCTS (OpenSpiel's Python implementation on the
registered ``bowers_railroad`` game, resampling hidden cards with bowers'
sampler); seats 1 and 3 are ``pimc``, which sees only its observation.  Each
hand is dealt by OpenSpiel's chance nodes.  Prints each team's points.

Usage: ``python examples/ismcts_vs_pimc.py [--hands 4] [--simulations 200] [--short]``
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bowers.openspiel
from bowers.bots import create


def play(hands: int, simulations: int, seed: int) -> list[float]:
    """Team points over ``hands`` hands: IS-MCTS for team 0, ``pimc`` for team 1."""
    game = pyspiel.load_game(bowers.openspiel.game_name("railroad"), {"reward": "points"})  # each team's own points
    generator = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(2, random_state=generator)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=generator)
    rng = random.Random(seed)
    totals = [0.0, 0.0]
    for hand in range(hands):
        pimc = create("pimc", seed=seed + hand)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
                continue
            player = state.current_player()
            if player % 2 == 0:
                action = searcher.step(state)
            else:
                name = pimc.act(state.view(player))
                action = state.legal_actions()[[state.action_to_string(a) for a in state.legal_actions()].index(name)]
            state.apply_action(action)
        returns = state.returns()
        totals[0] += returns[0]
        totals[1] += returns[1]
        print(f"hand {hand + 1}: IS-MCTS {returns[0]:g}, pimc {returns[1]:g}")
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="one hand, few simulations (a smoke test)")
    arguments = parser.parse_args()
    hands, simulations = (1, 10) if arguments.short else (arguments.hands, arguments.simulations)
    totals = play(hands, simulations, arguments.seed)
    print(f"total over {hands} hands: IS-MCTS {totals[0]:g}, pimc {totals[1]:g}")


if __name__ == "__main__":
    main()
