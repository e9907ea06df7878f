"""Self-play on ``bowers.vector``: a small numpy network learns standard Euchre in minutes, then meets the bots.

Every seat of ``VectorGame("standard", n=LANES)`` plays the same policy: a network with one hidden layer (ReLU)
over the observation tensor, a softmax head over the legal actions and a value head.  After each rollout every
decision of a finished hand moves along the gradient of its log-probability times its advantage (the seat's net
points for the hand, the ``net`` reward, less the value head's estimate), with an entropy bonus, by Adam.  All of it
is numpy: the environment steps every lane at once, and the network sees a batch of lanes per step.

At the end the greedy policy plays duplicate matches through ``bowers.match`` (the scalar engine, each deal played
twice with the seats swapped): against ``random``, which it should beat, and against ``heuristic``, which shows
where it stands.  Each figure is the policy's mean net points per deal with a 95% interval over the deals.

Usage: ``python examples/selfplay_vector.py [--minutes 3] [--lanes 512] [--deals 1000] [--seed 1] [--short]``
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from bowers.encoding import Encoding
from bowers.match import Side, play_match
from bowers.vector import VectorGame

VARIANT = "standard"


class Network:
    """One hidden ReLU layer, a policy head (logits over every action id, illegal ones masked) and a value head."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        scale = np.sqrt(2.0 / inputs)
        self.params: dict[str, np.ndarray] = {
            "w1": (rng.standard_normal((inputs, hidden)) * scale).astype(np.float32),
            "b1": np.zeros(hidden, dtype=np.float32),
            "wp": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
            "bp": np.zeros(actions, dtype=np.float32),
            "wv": (rng.standard_normal((hidden, 1)) * 0.01).astype(np.float32),
            "bv": np.zeros(1, dtype=np.float32),
        }

    def forward(self, observations: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The hidden activations, the action probabilities (zero where illegal) and the values, one row per input."""
        p = self.params
        hidden = np.maximum(observations @ p["w1"] + p["b1"], 0.0)
        logits = np.where(masks, hidden @ p["wp"] + p["bp"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        probabilities = weights / weights.sum(axis=1, keepdims=True)
        values = (hidden @ p["wv"] + p["bv"])[:, 0]
        return hidden, probabilities, values

    def gradients(
        self,
        observations: np.ndarray,
        masks: np.ndarray,
        actions: np.ndarray,
        returns: np.ndarray,
        entropy_weight: float,
    ) -> dict[str, np.ndarray]:
        """Gradients of the loss: minus the advantage-weighted log-probability, plus half the squared value error,
        minus the entropy bonus, averaged over the batch."""
        p = self.params
        hidden, probabilities, values = self.forward(observations, masks)
        count = len(actions)
        advantages = returns - values
        chosen = np.zeros_like(probabilities)
        chosen[np.arange(count), actions] = 1.0
        # d(-A log pi)/dlogits = -A (onehot - pi); the entropy's gradient is -pi (log pi + H).
        logs = np.log(np.where(probabilities > 0, probabilities, 1.0))
        entropy = -(probabilities * logs).sum(axis=1, keepdims=True)
        entropy_gradient = -probabilities * (logs + entropy)
        d_logits = (-(chosen - probabilities) * advantages[:, None] - entropy_weight * entropy_gradient) / count
        d_values = -(advantages / count)[:, None]
        d_hidden = d_logits @ p["wp"].T + d_values @ p["wv"].T
        d_hidden *= hidden > 0
        return {
            "w1": observations.T @ d_hidden,
            "b1": d_hidden.sum(axis=0),
            "wp": hidden.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": hidden.T @ d_values,
            "bv": d_values.sum(axis=0),
        }


class Adam:
    """The Adam optimiser over a network's parameters."""

    def __init__(self, params: dict[str, np.ndarray], rate: float) -> None:
        self.params = params
        self.rate = rate
        self.first = {name: np.zeros_like(value) for name, value in params.items()}
        self.second = {name: np.zeros_like(value) for name, value in params.items()}
        self.steps = 0

    def step(self, gradients: Mapping[str, np.ndarray]) -> None:
        """Move every parameter against its gradient."""
        self.steps += 1
        for name, gradient in gradients.items():
            self.first[name] = 0.9 * self.first[name] + 0.1 * gradient
            self.second[name] = 0.999 * self.second[name] + 0.001 * gradient**2
            first = self.first[name] / (1 - 0.9**self.steps)
            second = self.second[name] / (1 - 0.999**self.steps)
            self.params[name] -= (self.rate * first / (np.sqrt(second) + 1e-8)).astype(np.float32)


def sample(probabilities: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row drawn from its probabilities."""
    cumulative = probabilities.cumsum(axis=1)
    draws = rng.random((len(probabilities), 1)) * cumulative[:, -1:]
    return np.minimum((cumulative < draws).sum(axis=1), probabilities.shape[1] - 1)


def train(network: Network, lanes: int, seconds: float, seed: int, rollout: int) -> tuple[int, int]:
    """Self-play for ``seconds``: returns the hands finished and the decisions learned from."""
    rng = np.random.default_rng(seed)
    game = VectorGame(VARIANT, n=lanes, seed=seed)
    optimiser = Adam(network.params, rate=1e-3)
    observation, mask, to_act, reward, done = game.reset()
    episode = np.zeros(lanes, dtype=np.int64)  # each lane's episode number, to pair decisions with their hand's points
    returns = np.zeros((lanes, game.rules.players), dtype=np.float32)
    hands = decisions = 0
    # Decisions of hands still going when a rollout ends wait for the next one: (observations, masks, actions, keys, seats).
    pending: list[np.ndarray] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        steps: list[tuple[np.ndarray, ...]] = [tuple(pending)] if pending else []
        finished_keys: list[np.ndarray] = []
        finished_points: list[np.ndarray] = []
        for _ in range(rollout):
            assert observation is not None  # the game was made to observe
            _, probabilities, _ = network.forward(observation, mask)
            actions = sample(probabilities, rng)
            keys = np.arange(lanes) * (1 << 32) + episode
            steps.append((observation, mask, actions, keys, to_act))
            observation, mask, to_act, reward, done = game.step(actions)
            returns += reward
            if done.any():
                ended = np.flatnonzero(done)
                finished_keys.append(ended * (1 << 32) + episode[ended])
                finished_points.append(returns[ended].copy())
                returns[ended] = 0.0
                episode[ended] += 1
        batch = [np.concatenate([step[field] for step in steps]) for field in range(5)]
        if not finished_keys:
            pending = batch
            continue
        keys_done = np.concatenate(finished_keys)
        points_done = np.concatenate(finished_points)
        order = np.argsort(keys_done)
        keys_done, points_done = keys_done[order], points_done[order]
        batch_observations, batch_masks, batch_actions, batch_keys, batch_seats = batch
        where = np.minimum(np.searchsorted(keys_done, batch_keys), len(keys_done) - 1)
        known = keys_done[where] == batch_keys
        pending = [column[~known] for column in batch]
        batch_returns = points_done[where, batch_seats][known]
        gradients = network.gradients(
            batch_observations[known], batch_masks[known], batch_actions[known], batch_returns, entropy_weight=0.01
        )
        optimiser.step(gradients)
        hands += len(keys_done)
        decisions += int(known.sum())
    return hands, decisions


class PolicyBot:
    """The trained network as a bowers bot: the greedy legal action for the observation's tensor."""

    name = "policy"

    def __init__(self, network: Network, seed: int | None = None, **settings: Any) -> None:
        self.network = network
        self.encoding = Encoding(VARIANT)

    def act(self, observation: Mapping[str, Any]) -> str:
        """The legal action the policy rates most likely."""
        tensor = self.encoding.encode(observation)[None, :]
        mask = self.encoding.mask(observation)[None, :].astype(bool)
        _, probabilities, _ = self.network.forward(tensor, mask)
        return self.encoding.action_names[int(probabilities[0].argmax())]


def evaluate(network: Network, opponent: str, deals: int, seed: int) -> str:
    """The policy's mean net points per deal against ``opponent`` over duplicate deals, with its 95% interval."""
    policy = Side("policy", {}, lambda seed=None, **settings: PolicyBot(network, seed, **settings))
    result = play_match(VARIANT, [policy, opponent], deals=deals, seed=seed, workers=1)
    estimate = result.sides[0].net_points
    return f"{estimate.mean:+.3f} [{estimate.low:+.3f}, {estimate.high:+.3f}] net points per deal over {deals} duplicate deals"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="Training time.")
    parser.add_argument("--lanes", type=int, default=512, help="Games stepped at once.")
    parser.add_argument("--rollout", type=int, default=64, help="Steps of every lane between two updates.")
    parser.add_argument("--hidden", type=int, default=128, help="Units in the hidden layer.")
    parser.add_argument("--deals", type=int, default=1000, help="Duplicate deals of each evaluation match.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="A smoke test: seconds of training, a few deals.")
    arguments = parser.parse_args()
    if arguments.short:
        arguments.minutes, arguments.lanes, arguments.deals = 0.05, 64, 20
    rng = np.random.default_rng(arguments.seed)
    encoding = Encoding(VARIANT)
    network = Network(encoding.size, encoding.num_actions, arguments.hidden, rng)
    started = time.perf_counter()
    hands, decisions = train(network, arguments.lanes, 60 * arguments.minutes, arguments.seed, arguments.rollout)
    print(f"trained on {hands:,} hands ({decisions:,} decisions) of self-play in {time.perf_counter() - started:.0f} s")
    evaluation_seed = arguments.seed + 1000  # deals the training never saw
    print(f"against random:    {evaluate(network, 'random', arguments.deals, evaluation_seed)}")
    print(f"against heuristic: {evaluate(network, 'heuristic', arguments.deals, evaluation_seed)}")


if __name__ == "__main__":
    main()
