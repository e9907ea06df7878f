"""The single-seat Gymnasium environment: check_env on every variant, bots, rewards and bad input."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import bowers
from bowers.env import SingleSeatEnv, gymnasium_id


@pytest.fixture(autouse=True)
def quiet() -> None:
    warnings.simplefilter("ignore")


@pytest.mark.parametrize("variant", bowers.variants())
def test_check_env_passes(variant: str) -> None:
    """check_env samples actions without the mask, so it runs with illegal actions ending the episode."""
    environment = gymnasium.make(gymnasium_id(variant), illegal_action="penalty")
    check_env(environment.unwrapped)
    environment.close()


def test_every_variant_is_registered() -> None:
    for variant in bowers.variants():
        assert gymnasium_id(variant) in gymnasium.registry


def test_masked_play_against_heuristic_bots_pays_points() -> None:
    environment = SingleSeatEnv("standard", seat=2, opponents="heuristic", whole_game=True, target=4)
    observation, _ = environment.reset(seed=5)
    rng = np.random.default_rng(5)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, _ = environment.step(action)
        assert not truncated
        total += reward
    game = environment.game
    assert game is not None and game.is_over and total == game.scores[0]


def test_illegal_action_raises_by_default_and_penalises_when_asked() -> None:
    environment = SingleSeatEnv("two-hand")
    observation, _ = environment.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(bowers.IllegalAction):
        environment.step(illegal)
    penalised = SingleSeatEnv("two-hand", illegal_action="penalty", illegal_penalty=3)
    penalised.reset(seed=2)
    last, reward, terminated, _, info = penalised.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-3.0, True, True)
    assert last["action_mask"].sum() == 0  # a terminal observation allows nothing, as at a hand's normal end


def test_bad_settings_raise() -> None:
    with pytest.raises(bowers.OptionError):
        SingleSeatEnv("standard", opponents="grandmaster")
    with pytest.raises(bowers.OptionError):
        SingleSeatEnv("standard", seat=4)
    with pytest.raises(bowers.OptionError):
        SingleSeatEnv("standard", illegal_action="ignore")
    with pytest.raises(bowers.OptionError):
        SingleSeatEnv("railroad", deck=52)


def test_points_scored_before_the_learners_first_decision_are_paid_in_a_whole_game() -> None:
    environment = SingleSeatEnv("standard", seat=0, opponents="random", whole_game=True, target=5)
    observation, _ = environment.reset(seed=26)
    game = environment.game
    assert game is not None and len(game.results) >= 1  # a hand ended before the learner's first turn
    before = sum(result["points"][0] for result in game.results)
    assert before > 0
    rng = np.random.default_rng(26)
    rewards, done = [], False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, _, _ = environment.step(action)
        rewards.append(reward)
    assert game.is_over and sum(rewards) == game.scores[0]
    assert rewards[0] >= before
