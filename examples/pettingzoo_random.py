"""Random agents in the PettingZoo environment of Ultimate Euchre: the standard AEC agent loop.

Each agent picks uniformly among the legal actions of its mask; the loop
prints every hand's points and, at the end of each game, every seat's total
reward (``net``: its team's points less the other team's) and the table as text.

Usage: ``python examples/pettingzoo_random.py [--games 1] [--short]``
"""

from __future__ import annotations

import argparse

import numpy as np

from bowers.env import env


def play(games: int, seed: int, target: int | None) -> None:
    options = {} if target is None else {"target": target}
    environment = env("ultimate", whole_game=True, render_mode="ansi", **options)
    rng = np.random.default_rng(seed)
    for game in range(games):
        environment.reset(seed=seed + game)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        shown = None  # the last hand printed: every agent that observes a hand's end sees its result
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, info = environment.last()
            totals[agent] += reward
            if "hand_result" in info and info["hand_result"] is not shown:
                shown = info["hand_result"]
                print(f"game {game + 1}: hand points {shown['points']}")
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        print(f"game {game + 1}: net reward per seat {totals}")
        print(environment.unwrapped.render())
    environment.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--short", action="store_true", help="one short game to 8 points (a smoke test)")
    arguments = parser.parse_args()
    play(1 if arguments.short else arguments.games, arguments.seed, 8 if arguments.short else None)


if __name__ == "__main__":
    main()
