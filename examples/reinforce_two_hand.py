"""A linear softmax policy learns two-hand Euchre by REINFORCE against the ``random`` bot, in numpy.

The learner sits in seat 0 of the Gymnasium environment ``bowers/two-hand-v1``
(the other seat is bowers' ``random`` bot).  Its policy scores each legal
action by a weight row dotted with the observation tensor (``bowers.encoding``)
and samples from the softmax over the legal actions; after each hand every
decision's weights move along the gradient of its log-probability times the
hand's net points (the learner's points less the opponent's) minus a running
baseline.  Before and after training, the greedy policy plays the same
evaluation deals; a random learner sets the mark.

Usage: ``python examples/reinforce_two_hand.py [--hands 20000] [--short]``
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from bowers.env import SingleSeatEnv


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ [tensor, 1]``."""

    def __init__(self, actions: int, features: int) -> None:
        self.weights = np.zeros((actions, features + 1))

    def probabilities(self, observation: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal ids, their probabilities, and the feature vector used."""
        features = np.append(observation["observation"], 1.0)
        legal = np.flatnonzero(observation["action_mask"])
        logits = self.weights[legal] @ features
        logits -= logits.max()
        weights = np.exp(logits)
        return legal, weights / weights.sum(), features


def net_points(info: dict[str, Any]) -> float:
    """The learner's (seat 0's) points less the opponent's in the hand just ended."""
    points = info["hand_result"]["points"]
    return float(points[0] - points[1])


Decision = tuple[np.ndarray, int, np.ndarray, np.ndarray]  # features, choice, legal ids, probabilities


def play_hand(
    environment: SingleSeatEnv, policy: LinearPolicy, rng: np.random.Generator, seed: int, greedy: bool, learn: bool = False
) -> tuple[float, list[Decision]]:
    """One hand; returns the learner's net points and its decisions (features, choice, legal ids, probabilities)."""
    observation, _ = environment.reset(seed=seed)
    decisions = []
    while True:
        legal, probabilities, features = policy.probabilities(observation)
        choice = int(np.argmax(probabilities)) if greedy else int(rng.choice(len(legal), p=probabilities))
        if learn:
            decisions.append((features, choice, legal, probabilities))
        observation, _, terminated, _, info = environment.step(int(legal[choice]))
        if terminated:
            return net_points(info), decisions


def evaluate(environment: SingleSeatEnv, policy: LinearPolicy | None, hands: int, seed: int) -> float:
    """Mean net points per hand over fixed deals: the greedy policy, or uniformly random choices when ``policy`` is None."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for hand in range(hands):
        if policy is None:
            observation, _ = environment.reset(seed=seed + hand)
            while True:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                observation, _, terminated, _, info = environment.step(action)
                if terminated:
                    break
            total += net_points(info)
        else:
            total += play_hand(environment, policy, rng, seed + hand, greedy=True)[0]
    return total / hands


def train(environment: SingleSeatEnv, policy: LinearPolicy, hands: int, rate: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for hand in range(hands):
        points, decisions = play_hand(environment, policy, rng, 10**6 + seed + hand, greedy=False, learn=True)
        advantage = points - baseline
        baseline += 0.01 * (points - baseline)
        for features, choice, legal, probabilities in decisions:
            gradient = -probabilities
            gradient[choice] += 1.0
            policy.weights[legal] += rate * advantage * np.outer(gradient, features)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="training hands")
    parser.add_argument("--evaluation", type=int, default=2000, help="evaluation hands")
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--short", action="store_true", help="a few hundred hands (a smoke test)")
    arguments = parser.parse_args()
    hands, evaluation = (300, 100) if arguments.short else (arguments.hands, arguments.evaluation)
    environment = SingleSeatEnv("two-hand", opponents="random")
    policy = LinearPolicy(environment.encoding.num_actions, environment.encoding.size)
    before = evaluate(environment, None, evaluation, arguments.seed)
    train(environment, policy, hands, arguments.rate, arguments.seed)
    after = evaluate(environment, policy, evaluation, arguments.seed)
    print(
        f"net points per hand against random over {evaluation} deals: "
        f"random play {before:+.3f}, after {hands} hands of REINFORCE {after:+.3f}"
    )


if __name__ == "__main__":
    main()
