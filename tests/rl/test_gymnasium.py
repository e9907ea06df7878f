"""The single-seat Gymnasium environment: Gymnasium's own checks and vector environments on every variant, the
reward modes, hands the learner never acts in, bots and bad input."""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import bowers
from bowers.bots import base
from bowers.env import SingleSeatEnv, gymnasium_id
from bowers.game import Game, replay

VARIANTS = bowers.variants()
TEAMS = {variant: bowers.make_rules(variant).teams for variant in VARIANTS}
SMALL_TARGETS = {"railroad": 20, "railroad-6": 20, "bid-railroad": 20, "ultimate": 14}  # whole games of a few hands


@pytest.fixture(autouse=True)
def quiet() -> None:
    warnings.simplefilter("ignore")


class PassingBot:
    """Passes nine times in ten when it may, else a random legal action: hands are thrown in often."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = list(observation["legal_actions"])
        return "pass" if "pass" in legal and self._rng.random() < 0.9 else str(self._rng.choice(legal))


@pytest.fixture
def passing_bot(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(base._REGISTRY, "passing", PassingBot)
    return "passing"


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_episode(environment: SingleSeatEnv, seed: int) -> tuple[float, dict[str, Any], dict[str, Any]]:
    """Uniformly random legal play through one episode; returns its total reward, reset's info and the last step's."""
    observation, first = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done, info = 0.0, False, first
    while not done:
        observation, reward, done, truncated, info = environment.step(masked_choice(rng, observation["action_mask"]))
        assert not truncated
        total += reward
    return total, first, info


# ---------------------------------------------------------------------- Gymnasium's tools


@pytest.mark.parametrize("variant", VARIANTS)
def test_check_env_passes_on_the_environment_as_made(variant: str) -> None:
    """check_env samples actions without the mask: the registered environment penalises illegal ones by default."""
    environment = gymnasium.make(gymnasium_id(variant))
    check_env(environment)
    check_env(environment.unwrapped)
    environment.close()
    check_env(gymnasium.make(gymnasium_id(variant), whole_game=True, reward="win").unwrapped)


def test_every_variant_is_registered() -> None:
    for variant in VARIANTS:
        assert gymnasium_id(variant) in gymnasium.registry


def signature(value: Any) -> Any:
    """The keys, types and shapes of an info, which vector environments need to be the same at every step."""
    if isinstance(value, dict):
        return {key: signature(item) for key, item in value.items()}
    if isinstance(value, np.ndarray):
        return (value.dtype, value.shape)
    return type(value)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_info_has_the_same_keys_and_types(variant: str, passing_bot: str) -> None:
    """Misdeals (and renege claims, in Ultimate, which has no misdeal) once turned result fields to None."""
    environment = SingleSeatEnv(variant, opponents=passing_bot, reneges=True)
    expected = None
    ended = {"misdeal": 0, "renege": 0, "hands": 0}
    for seed in range(40):
        observation, info = environment.reset(seed=seed)
        infos = [info]
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            observation, _, done, _, info = environment.step(masked_choice(rng, observation["action_mask"]))
            infos.append(info)
        for info in infos:
            expected = expected or signature(info)
            assert signature(info) == expected
            result = info["hand_result"]
            ended["misdeal"] += result["ended"] and result["misdeal"]
            ended["renege"] += result["ended"] and result["renege"]
            ended["hands"] += info["hands"]
        assert info["hand_result"]["ended"] and info["hands"] == 1
        assert info["hand_result"]["points"].tolist() == environment.hand_results[-1]["points"]
    assert ended["misdeal"] + ended["renege"] >= 3


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_make_vec_plays_through_misdeals(variant: str, mode: str, passing_bot: str) -> None:
    """Vector environments stack every info field; each must keep its type through misdeals and renege claims."""
    environment = gymnasium.make_vec(
        gymnasium_id(variant), num_envs=2, vectorization_mode=mode, opponents=passing_bot, reneges=True
    )
    observation, _ = environment.reset(seed=1)
    rng = np.random.default_rng(1)
    thrown_in = episodes = 0
    for _ in range(2000):
        actions = np.array([masked_choice(rng, mask) if mask.any() else 0 for mask in observation["action_mask"]])
        observation, reward, terminated, _, info = environment.step(actions)
        assert reward.dtype == np.float64
        result = info["hand_result"]
        thrown_in += int(np.sum(result["ended"] & (result["misdeal"] | result["renege"])))
        episodes += int(terminated.sum())
        if thrown_in >= 4 and episodes >= 8:
            break
    environment.close()
    assert thrown_in >= 4 and episodes >= 8


# ---------------------------------------------------------------------- rewards


def expected_values(mode: str, team_points: list[int]) -> list[float]:
    """Each team's value, spelled out: its points, or its points less the mean of the other teams' points."""
    if mode == "points":
        return [float(points) for points in team_points]
    teams = len(team_points)
    return [points - (sum(team_points) - points) / (teams - 1) for points in team_points]


@pytest.mark.parametrize("mode", ["net", "points"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_one_hand_rewards_are_the_teams_value_of_the_hand(variant: str, mode: str) -> None:
    players = bowers.make_rules(variant).players
    seat = players - 1
    environment = SingleSeatEnv(variant, seat=seat, reward=mode)
    for seed in range(6):
        total, first, _ = play_episode(environment, seed)
        game = environment.game
        assert game is not None and len(game.results) == 1
        assert total == expected_values(mode, game.results[0]["points"])[seat % TEAMS[variant]]
        assert first["episodes_without_learner"] == 0 or variant in ("standard", "british")


@pytest.mark.parametrize("mode", ["net", "points", "win"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_game_rewards(variant: str, mode: str) -> None:
    """A whole game pays its score (net: less the others' mean) or, with ``win``, +1 or -1 shared by the losers."""
    teams = TEAMS[variant]
    environment = SingleSeatEnv(variant, seat=1, whole_game=True, reward=mode, target=SMALL_TARGETS.get(variant, 5))
    for seed in range(2):
        total, _, _ = play_episode(environment, seed)
        game = environment.game
        assert game is not None and game.is_over
        if mode == "win":
            assert total == (1.0 if game.winner == 1 % teams else -1.0 / (teams - 1))
        else:
            assert total == pytest.approx(expected_values(mode, game.scores)[1 % teams])


def test_net_pays_being_euchred_below_passing() -> None:
    """With points, being euchred paid what a thrown-in hand pays (nothing); net charges the defenders' points."""
    for seed in range(60):
        net = SingleSeatEnv("standard", seat=0, reward="net")
        total, _, info = play_episode(net, seed)
        result = info["hand_result"]
        if result["ended"] and result["maker"] % 2 == 0 and result["made"] == 0:
            assert total == -2.0
            points = SingleSeatEnv("standard", seat=0, reward="points")
            assert play_episode(points, seed)[0] == 0.0
            return
    raise AssertionError("no hand of the learner's team was euchred")


def test_win_needs_whole_games_and_unknown_rewards_are_refused() -> None:
    with pytest.raises(bowers.OptionError, match="needs whole games"):
        SingleSeatEnv("standard", reward="win")
    with pytest.raises(bowers.OptionError, match="needs whole games"):
        gymnasium.make(gymnasium_id("railroad-6"), reward="win")
    with pytest.raises(bowers.OptionError, match="the rewards are"):
        SingleSeatEnv("standard", reward="score", whole_game=True)


# ---------------------------------------------------------------------- hands the learner never acts in


@pytest.mark.parametrize("mode", ["points", "net"])
@pytest.mark.parametrize("variant", ["standard", "british"])
def test_hands_the_learner_never_acts_in_are_reported_and_the_mean_is_per_hand(
    variant: str, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over the same deals replayed by the engine, the episodes with those reported at reset pay the mean per hand.

    The learner's partner may go alone before the learner is asked anything (about one hand in ten with random bots):
    such hands were once dealt again silently, which raised the mean episode reward.
    """
    environment = SingleSeatEnv(variant, seat=0, reward=mode)
    games: list[Game] = []
    new_game = environment._new_game

    def recording_new_game() -> None:
        new_game()
        assert environment.game is not None
        games.append(environment.game)

    monkeypatch.setattr(environment, "_new_game", recording_new_game)
    returns: list[float] = []
    without_learner = 0
    reward_without_learner = 0.0
    for seed in range(300):
        total, first, _ = play_episode(environment, seed)
        returns.append(total)
        without_learner += first["episodes_without_learner"]
        reward_without_learner += first["reward_without_learner"]
    per_hand = [expected_values(mode, replay(game.record()).results[0]["points"])[0] for game in games]
    assert len(per_hand) == len(returns) + without_learner
    assert without_learner >= 15
    mean_episode_reward = (sum(returns) + reward_without_learner) / (len(returns) + without_learner)
    assert mean_episode_reward == pytest.approx(sum(per_hand) / len(per_hand), abs=1e-12)
    assert sum(returns) / len(returns) != pytest.approx(sum(per_hand) / len(per_hand), abs=0.01)


def test_a_hand_played_before_the_learners_first_turn_is_reported_with_its_result() -> None:
    environment = SingleSeatEnv("standard", seat=0, reward="points")
    for seed in range(100):
        _, info = environment.reset(seed=seed)
        if info["episodes_without_learner"]:
            result = info["hand_result"]
            assert result["ended"] and result["alone"] and result["maker"] == 2
            assert info["hands"] == info["episodes_without_learner"] == len(environment.hand_results)
            assert info["reward_without_learner"] == sum(float(hand["points"][0]) for hand in environment.hand_results)
            return
    raise AssertionError("no hand was played without the learner")


# ---------------------------------------------------------------------- bots, illegal actions, settings


def test_masked_play_against_heuristic_bots_pays_points() -> None:
    environment = SingleSeatEnv("standard", seat=2, opponents="heuristic", whole_game=True, reward="points", target=4)
    total, _, _ = play_episode(environment, 5)
    game = environment.game
    assert game is not None and game.is_over and total == game.scores[0]


def test_illegal_action_raises_in_the_class_and_is_penalised_as_made() -> None:
    environment = SingleSeatEnv("two-hand")
    observation, _ = environment.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(bowers.IllegalAction):
        environment.step(illegal)
    for penalised in (
        SingleSeatEnv("two-hand", illegal_action="penalty", illegal_penalty=3),
        gymnasium.make(gymnasium_id("two-hand"), illegal_penalty=3),
    ):
        penalised.reset(seed=2)
        last, reward, terminated, _, info = penalised.step(illegal)
        assert (reward, terminated, info["illegal_action"]) == (-3.0, True, True)
        assert last["action_mask"].sum() == 0  # a terminal observation allows nothing, as at a hand's normal end
    made = gymnasium.make(gymnasium_id("two-hand"), illegal_action="raise")
    made.reset(seed=2)
    with pytest.raises(bowers.IllegalAction):
        made.step(illegal)


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
    environment = SingleSeatEnv("standard", seat=0, opponents="random", whole_game=True, reward="points", target=5)
    observation, info = environment.reset(seed=26)
    game = environment.game
    assert game is not None and len(game.results) >= 1  # a hand ended before the learner's first turn
    assert info["hands"] == len(game.results) and info["episodes_without_learner"] == 0
    before = sum(result["points"][0] for result in game.results)
    assert before > 0
    rng = np.random.default_rng(26)
    rewards, done = [], False
    while not done:
        observation, reward, done, _, _ = environment.step(masked_choice(rng, observation["action_mask"]))
        rewards.append(reward)
    assert game.is_over and sum(rewards) == game.scores[0]
    assert rewards[0] >= before
