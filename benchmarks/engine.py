"""Random-play speed of the bowers engine, side by side with OpenSpiel's ``euchre``.

What it measures: complete hands per second of ``standard`` Euchre with
``stick_the_dealer=True``, every hand dealt and played to the end by uniformly
random legal choices, in one Python process, three ways:

* ``bowers str``: ``bowers.Game`` driven through the string API,
  ``game.apply(random.choice(game.legal_actions()))``;
* ``bowers id``: the same through the integer path,
  ``game.apply_id(random.choice(game.legal_action_ids()))``;
* ``openspiel``: OpenSpiel's ``euchre`` (C++ engine, called through its Python
  API, ``stick_the_dealer=True``, ``allow_lone_defender=False``), one episode
  from the initial state to the terminal state per hand, its chance outcomes
  (dealer, the 20 cards, the up-card) drawn uniformly like the actions.

A bowers hand is one entry of ``game.results``; a game ends at 10 points, and
then a fresh ``bowers.Game(seed=...)`` starts, so the game set-up and the
dealing are counted too. Every run replays the same seeded work, and the three
are interleaved (str, id, openspiel, str, id, openspiel, ...) so that machine
noise falls on all of them alike.

How to read it: one line per run, then the median of each column and the
ratios of the bowers medians to the OpenSpiel median. A ratio of 0.25 means
bowers plays a quarter as many hands per second as OpenSpiel does through
its Python bindings; above 1, bowers is faster. The figures depend on the
machine and the Python build; compare ratios, not absolute rates, across
machines.

Usage: ``python benchmarks/engine.py [--hands N] [--runs 5] [--seed S]``
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

import pyspiel

import bowers

VARIANT = "standard"
OPTIONS = {"stick_the_dealer": True}
OPENSPIEL_PARAMETERS = {"stick_the_dealer": True, "allow_lone_defender": False}
DEFAULT_HANDS = 20000
DEFAULT_RUNS = 5
DEFAULT_SEED = 20250101


def bowers_strings(hands: int, seed: int) -> int:
    """Play at least ``hands`` hands through the string API; return the number played."""
    rng = random.Random(seed)
    played = 0
    game_seed = seed
    while played < hands:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        played += len(game.results)
    return played


def bowers_ids(hands: int, seed: int) -> int:
    """Play at least ``hands`` hands through the integer path; return the number played."""
    rng = random.Random(seed)
    played = 0
    game_seed = seed
    while played < hands:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        while not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        played += len(game.results)
    return played


def openspiel(hands: int, seed: int) -> int:
    """Play ``hands`` OpenSpiel euchre episodes, chance nodes included; return the number played."""
    rng = random.Random(seed)
    game = pyspiel.load_game("euchre", OPENSPIEL_PARAMETERS)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                # Euchre's chance outcomes are uniform (each dealer, each undealt card).
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return hands


ENGINES: dict[str, Callable[[int, int], int]] = {"bowers str": bowers_strings, "bowers id": bowers_ids, "openspiel": openspiel}


def timed(engine: Callable[[int, int], int], hands: int, seed: int) -> float:
    """Hands per second of one run."""
    gc.collect()
    start = time.perf_counter()
    played = engine(hands, seed)
    return played / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help=f"hands per run (default {DEFAULT_HANDS})")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help=f"runs of each (default {DEFAULT_RUNS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"seed of every run (default {DEFAULT_SEED})")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.runs < 1:
        parser.error("--hands and --runs must be at least 1")

    print(f"{VARIANT} {OPTIONS}, random play, {args.hands} hands per run, {args.runs} runs, seed {args.seed}")
    print(f"OpenSpiel euchre {OPENSPIEL_PARAMETERS}")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"bowers {version('bowers')}, open_spiel {version('open_spiel')}, {platform.machine()}"
    )
    print("hands per second:")
    print(f"{'run':>6}" + "".join(f"{name:>14}" for name in ENGINES))
    rates: dict[str, list[float]] = {name: [] for name in ENGINES}
    for run in range(1, args.runs + 1):
        line = f"{run:>6}"
        for name, engine in ENGINES.items():
            rate = timed(engine, args.hands, args.seed)
            rates[name].append(rate)
            line += f"{rate:>14,.0f}"
        print(line, flush=True)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print(f"{'median':>6}" + "".join(f"{medians[name]:>14,.0f}" for name in ENGINES))
    base = medians["openspiel"]
    print(
        f"ratio bowers/OpenSpiel: string API {medians['bowers str'] / base:.3f}, integer path {medians['bowers id'] / base:.3f}"
    )
    sys.stdout.flush()


if __name__ == "__main__":
    main()


def checked_apply_id_cost(games: int = 300, runs: int = 5, seed: int = DEFAULT_SEED) -> str:
    """Microseconds per action of the checked ``Game.apply_id`` and of the unchecked hand-level door.

    The same random games of standard are first recorded as id sequences, then applied both ways (best
    of ``runs``), so the difference is the legality check alone (a bit test against the legal set).
    """
    rng = random.Random(seed)
    sequences = []
    for number in range(games):
        game = bowers.Game(VARIANT, seed=seed + number, **OPTIONS)
        ids = []
        while not game.is_over:
            ids.append(rng.choice(game.legal_action_ids()))
            game.apply_id(ids[-1])
        sequences.append(ids)

    def replay(checked: bool) -> float:
        start = time.process_time()  # CPU time: steadier than wall time on a shared machine
        for number, ids in enumerate(sequences):
            game = bowers.Game(VARIANT, seed=seed + number, **OPTIONS)
            if checked:
                for action in ids:
                    game.apply_id(action)
                continue
            for action in ids:
                hand = game.hand
                hand.apply_id(action)  # unchecked: the door for search on copies of hands
                if hand.result is not None:
                    game._end_hand()  # what Game.apply_id does after the hand's last action
        return time.process_time() - start

    actions = sum(len(ids) for ids in sequences)
    best = {checked: min(replay(checked) for _ in range(runs)) for checked in (True, False)}
    checked_us, unchecked_us = (1e6 * best[checked] / actions for checked in (True, False))
    return (
        f"apply per action over {actions} actions of random standard play (game set-up and dealing included): "
        f"checked Game.apply_id {checked_us:.2f} us, unchecked hand-level {unchecked_us:.2f} us, "
        f"check {checked_us - unchecked_us:+.2f} us"
    )


if __name__ == "__main__":
    print(checked_apply_id_cost(), flush=True)
