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
    players = vector.players
    while finished < episodes:
        expected_mask = np.zeros_like(step.mask)
        for lane, game in enumerate(games):
            expected_mask[lane, game.legal_action_ids()] = True
            if lane < observed:
                expected = encoding.encode(game.observation(game.to_act))
                assert step.observation is not None
                if not np.array_equal(step.observation[lane], expected):
                    wrong = np.flatnonzero(step.observation[lane] != expected)
                    where = [name for name, start, stop, _, _ in encoding.describe() if any(start <= w < stop for w in wrong)]
                    raise AssertionError(f"lane {lane}: observation differs in {where}: {game.record()}")
        assert step.to_act.tolist() == [game.to_act for game in games]
        if not np.array_equal(step.mask, expected_mask):
            lane = int(np.flatnonzero((step.mask != expected_mask).any(axis=1))[0])
            raise AssertionError(f"lane {lane}: mask differs: {games[lane].record()}")
        actions = random_actions(step.mask, rng)
        step = vector.step(actions, observe=True)
        decisions += lanes
        expected_reward = np.zeros((lanes, players))
        expected_done = np.zeros(lanes, dtype=np.bool_)
        for lane, (game, action) in enumerate(zip(games, actions.tolist(), strict=True)):
            hands_before = len(game.results)
            game.step_id(action)
            if len(game.results) == hands_before:
                continue
            result = game.results[-1]
            values = team_values(reward, result["points"])
            if game.is_over:
                values = [v + w for v, w in zip(values, winner_values(reward, teams, game.winner or 0), strict=True)]
            expected_reward[lane] = seat_values(values, players)
            if game.is_over or not whole_game:
                expected_done[lane] = True
                assert vector.final_scores[lane].tolist() == game.scores, lane
                assert vector.final_points[lane].tolist() == result["points"], lane
                assert vector.final_tricks[lane].tolist() == result["tricks"], lane
                finished += 1
                games[lane] = Game(variant, seed=vector.episode_seed(lane), **options)
        assert np.array_equal(step.done, expected_done)
        assert np.array_equal(step.reward, expected_reward.astype(np.float32))
    return decisions
