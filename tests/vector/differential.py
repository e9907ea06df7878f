"""Play lanes of ``VectorGame`` and the scalar engine side by side with the same random legal actions, comparing
every seat to act, mask, observation tensor, reward and done, and each finished episode's scores and last hand."""

from __future__ import annotations

from typing import Any

import numpy as np

from bowers import Game
from bowers.encoding import Encoding
from bowers.rewards import seat_values, team_values, winner_values
from bowers.vector import VectorGame, episode_seed, random_actions


def compare(
    variant: str,
    episodes: int,
    lanes: int,
    seed: int,
    whole_game: bool = False,
    reward: str = "net",
    observe_lanes: int | None = None,
    **options: Any,
) -> int:
    """Play at least ``episodes`` episodes over ``lanes`` lanes, asserting agreement at every decision; returns the
    number of decisions compared.  Observation tensors are compared on the first ``observe_lanes`` lanes (all: None)."""
    vector = VectorGame(variant, lanes, seed, whole_game=whole_game, reward=reward, **options)
    encoding = Encoding(variant, **options)
    observed = lanes if observe_lanes is None else observe_lanes
    games = [Game(variant, seed=episode_seed(seed, lane, 0), **options) for lane in range(lanes)]
    rng = np.random.default_rng(seed)
    step = vector.reset()
    finished = decisions = 0
    teams = vector.teams
    while finished < episodes:
        for lane, game in enumerate(games):
            seat = game.to_act
            assert step.to_act[lane] == seat, (lane, step.to_act[lane], seat)
            assert np.flatnonzero(step.mask[lane]).tolist() == game.legal_action_ids(), (lane, game.record())
            if lane < observed:
                expected = encoding.encode(game.observation(seat))
                assert step.observation is not None
                if not np.array_equal(step.observation[lane], expected):
                    wrong = np.flatnonzero(step.observation[lane] != expected)
                    where = [name for name, start, stop, _, _ in encoding.describe() if any(start <= w < stop for w in wrong)]
                    raise AssertionError(f"lane {lane}: observation differs in {where}: {game.record()}")
        actions = random_actions(step.mask, rng)
        step = vector.step(actions, observe=True)
        decisions += lanes
        for lane, game in enumerate(games):
            hands_before = len(game.results)
            game.step_id(int(actions[lane]))
            expected_reward = [0.0] * game.rules.players
            if len(game.results) > hands_before:
                result = game.results[-1]
                values = team_values(reward, result["points"])
                if game.is_over:
                    values = [v + w for v, w in zip(values, winner_values(reward, teams, game.winner or 0), strict=True)]
                expected_reward = seat_values(values, game.rules.players)
            assert np.allclose(step.reward[lane], expected_reward), (lane, step.reward[lane], expected_reward)
            over = game.is_over if whole_game else len(game.results) > hands_before
            assert step.done[lane] == over, (lane, game.record())
            if over:
                result = game.results[-1]
                assert vector.final_scores[lane].tolist() == game.scores
                assert vector.final_points[lane].tolist() == result["points"]
                assert vector.final_tricks[lane].tolist() == result["tricks"]
                finished += 1
                games[lane] = Game(variant, seed=vector.episode_seed(lane), **options)
    return decisions
