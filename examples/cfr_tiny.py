"""OpenSpiel's tabular CFR+ (or CFR) on two-hand Euchre's tiny deck, ``bowers_two_hand(deck=4)``.

The tiny deck is the red jacks and aces, one card each, the turn-up and one
card face down, and one trick (docs/variants.md, "Two-hand: the tiny deck").
Its whole game tree is small enough for OpenSpiel's tabular algorithms: the
solver walks it every iteration, and the NashConv of its average policy (the
sum of what each player would gain by a best response; 0 at an equilibrium)
is printed every ``--every`` iterations, falling towards 0.

Usage: ``python examples/cfr_tiny.py [--iterations 300] [--every 25] [--solver cfr+|cfr] [--short]``
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability, get_all_states

import bowers.openspiel

GAME: str = f"{bowers.openspiel.game_name('two-hand')}(deck=4)"
SOLVERS: dict[str, Any] = {"cfr+": cfr.CFRPlusSolver, "cfr": cfr.CFRSolver}


def tree_size(game: Any) -> tuple[int, int]:
    """The histories of the whole game tree (chance and terminal ones included) and those where a player acts."""
    states = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=True, to_string=lambda state: state.history_str()
    )
    acting = sum(1 for state in states.values() if not state.is_terminal() and not state.is_chance_node())
    return len(states), acting


def solve(iterations: int, every: int, solver_name: str) -> list[tuple[int, float, float]]:
    """Run the solver, printing and returning ``(iteration, NashConv, seconds so far)`` at the first iteration,
    every ``every`` iterations and the last."""
    game = pyspiel.load_game(GAME)
    histories, acting = tree_size(game)
    start = time.perf_counter()
    solver = SOLVERS[solver_name](game)
    information_states = len(solver.average_policy().state_lookup)
    print(f"{GAME}: {histories} histories, {acting} where a player acts, {information_states} information states")
    rows = []
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration == 1 or iteration % every == 0 or iteration == iterations:
            nash_conv = exploitability.nash_conv(game, solver.average_policy())
            seconds = time.perf_counter() - start
            rows.append((iteration, nash_conv, seconds))
            print(f"iteration {iteration}: NashConv {nash_conv:.6f} ({seconds:.1f} s)", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--every", type=int, default=25, help="print NashConv every this many iterations")
    parser.add_argument("--solver", choices=sorted(SOLVERS), default="cfr+")
    parser.add_argument("--short", action="store_true", help="4 iterations, NashConv every 2 (a smoke test)")
    arguments = parser.parse_args()
    iterations, every = (4, 2) if arguments.short else (arguments.iterations, arguments.every)
    rows = solve(iterations, every, arguments.solver)
    print(f"{arguments.solver} after {rows[-1][0]} iterations: NashConv {rows[-1][1]:.6f} in {rows[-1][2]:.1f} s")


if __name__ == "__main__":
    main()
