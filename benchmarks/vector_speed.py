"""Decisions per second of ``bowers.vector.VectorGame`` on one core, against OpenSpiel's all-C++ euchre loop.

Every lane plays uniformly random legal actions (``bowers.vector.random_actions``) through one-hand episodes,
finished lanes starting their next episode inside the step.  Two figures per variant, both in CPU time of this
process (numpy runs on one core here):

* ``step``: the time spent in ``VectorGame.step`` alone (the environment: apply, deal, mask, tensor);
* ``loop``: the whole loop, the random choice of each lane's action included.

each with the observation tensor built as a new array every step (``yes``), written into one array the caller
keeps (``buffer``: ``step(actions, out=array)``, as a rollout buffer would take it), and without it (``no``: masks
only).

The peer is OpenSpiel's own ``euchre`` (stick the dealer, no lone defender: bowers' ``standard`` with
``stick_the_dealer=True``) played entirely in C++ by ``pyspiel.evaluate_bots`` with uniform random bots, one call
per hand; it builds no observation.  ``evaluate_bots`` does not report its decisions, so they are counted by playing
the same game with random legal actions from Python (``--peer-hands`` hands) and the hands per second are multiplied
by that mean.

Usage: ``python benchmarks/vector_speed.py [--lanes 4096] [--steps 200] [--runs 3] [--variants standard,...]``.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core: numpy's elementwise work is single-threaded anyway

import argparse
import random
import statistics
import time

import numpy as np

import bowers
from bowers.variants import variant as declared_variant
from bowers.vector import SUPPORTED, VectorGame, random_actions

OPTIONS = {"stick_the_dealer": True}  # as OpenSpiel's euchre plays (and rl_speed.py measures), where a variant has it


def variant_options(name: str) -> set[str]:
    """The names of a variant's options."""
    return {option.name for option in declared_variant(name).options}


def vector_rates(variant: str, lanes: int, steps: int, seed: int, observe: str) -> tuple[float, float]:
    """Decisions per second of CPU time in ``step`` alone, and in the whole loop with the random choice.

    ``observe``: ``yes`` (a new tensor each step), ``buffer`` (the tensor written into one array, ``out=``), ``no``.
    """
    options = {name: value for name, value in OPTIONS.items() if name in variant_options(variant)}
    games = VectorGame(variant, lanes, seed, observations=observe == "yes", **options)
    buffer = np.zeros((lanes, games.encoding.size), dtype=np.float32) if observe == "buffer" else None
    generator = np.random.default_rng(seed)
    result = games.reset()
    for _ in range(20):  # past the first deals, into the steady mix of bidding and play
        result = games.step(random_actions(result.mask, generator))
    in_step = 0.0
    start = time.process_time()
    for _ in range(steps):
        actions = random_actions(result.mask, generator)
        before = time.process_time()
        result = games.step(actions, out=buffer)
        in_step += time.process_time() - before
    loop = time.process_time() - start
    decisions = lanes * steps
    return decisions / in_step, decisions / loop


def openspiel_rate(hands: int, count_hands: int, seed: int) -> tuple[float, float] | None:
    """OpenSpiel's C++ euchre: decisions per second of ``evaluate_bots`` and the mean decisions a hand (None: no pyspiel)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})
    uniform = random.Random(seed).random
    decisions = 0
    for _ in range(count_hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(uniform() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(uniform() * len(legal))])
            decisions += 1
    per_hand = decisions / count_hands
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(game.num_players())]
    start = time.process_time()
    for hand in range(hands):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + hand)
    return hands * per_hand / (time.process_time() - start), per_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lanes", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=200, help="timed steps per run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--variants", default=",".join(SUPPORTED))
    parser.add_argument("--peer-hands", type=int, default=20000, help="OpenSpiel hands timed per run (0: no peer)")
    arguments = parser.parse_args()
    print(
        f"bowers {bowers.engine_note()}; numpy {np.__version__}; {OPTIONS} where a variant has it; {arguments.lanes} lanes, "
        f"{arguments.steps} steps, median of {arguments.runs} runs; decisions per second of CPU time"
    )
    if arguments.peer_hands:
        runs = [openspiel_rate(arguments.peer_hands, 2000, arguments.seed + run) for run in range(arguments.runs)]
        if runs[0] is None:
            print("OpenSpiel: pyspiel is not installed, no peer figure")
        else:
            rate = statistics.median(r[0] for r in runs if r is not None)
            per_hand = statistics.median(r[1] for r in runs if r is not None)
            print(f"{'OpenSpiel euchre, C++ evaluate_bots':>40}  {rate:>12,.0f}  ({per_hand:.2f} decisions a hand)")
    print(f"{'variant':>14} {'observations':>13}  {'step':>12}  {'loop':>12}")
    for variant in arguments.variants.split(","):
        for observe in ("yes", "buffer", "no"):
            rates = [
                vector_rates(variant, arguments.lanes, arguments.steps, arguments.seed + run, observe)
                for run in range(arguments.runs)
            ]
            step = statistics.median(r[0] for r in rates)
            loop = statistics.median(r[1] for r in rates)
            print(f"{variant:>14} {observe:>13}  {step:>12,.0f}  {loop:>12,.0f}")


if __name__ == "__main__":
    main()
