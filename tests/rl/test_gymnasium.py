"""The single-seat Gymnasium environment: Gymnasium's own checks and vector environments on every variant, the
reward modes, hands the learner never acts in (one-step episodes), versions, bots and bad input."""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import RecordEpisodeStatistics

import bowers
from bowers.bots import base
from bowers.encoding import Encoding
from bowers.env import CONTINUE, SingleSeatEnv, gymnasium_id
from bowers.game import replay

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


def test_every_variant_is_registered_as_v1_and_v0_is_refused_as_deprecated() -> None:
    for variant in VARIANTS:
        assert gymnasium_id(variant) == f"bowers/{variant}-v1" in gymnasium.registry
        assert f"bowers/{variant}-v0" not in gymnasium.registry
    with pytest.raises(gymnasium.error.DeprecatedEnv, match="use `bowers/standard-v1`"):
        gymnasium.make("bowers/standard-v0")


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
        assert not first["no_decision"] or variant in ("standard", "british")


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


@pytest.mark.parametrize("mode", ["net", "points"])
@pytest.mark.parametrize(("variant", "options"), [("standard", {}), ("british", {}), ("standard", {"defend_alone": True})])
def test_the_mean_episode_return_is_the_teams_mean_per_hand(variant: str, options: dict[str, Any], mode: str) -> None:
    """No hand is skipped: as ``RecordEpisodeStatistics`` counts, the mean return is the mean of every deal replayed.

    The learner's partner may go alone (or, with ``defend_alone``, a defender may defend alone) before the learner is
    asked anything, about one hand in ten with random bots. Such hands were once dealt again, and later played out
    inside ``reset``, which left them out of the mean episode return; each is now a one-step episode.
    """
    environment = RecordEpisodeStatistics(SingleSeatEnv(variant, seat=0, reward=mode, **options))
    returns: list[float] = []
    per_deal: list[float] = []
    without_decision = 0
    for seed in range(2000):
        observation, info = environment.reset(seed=seed)
        without_decision += info["no_decision"]
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            observation, _, done, _, info = environment.step(masked_choice(rng, observation["action_mask"]))
        returns.append(info["episode"]["r"])
        game = environment.unwrapped.game  # type: ignore[attr-defined]
        replayed = replay(game.record()).results
        assert len(replayed) == 1
        per_deal.append(expected_values(mode, replayed[0]["points"])[0])
        assert returns[-1] == per_deal[-1]
    assert without_decision >= 150
    assert sum(returns) / len(returns) == sum(per_deal) / len(per_deal)


@pytest.mark.parametrize(("variant", "options"), [("standard", {}), ("british", {}), ("standard", {"defend_alone": True})])
def test_a_hand_the_learner_sits_out_is_one_step_that_accepts_any_action(variant: str, options: dict[str, Any]) -> None:
    """The observation is the learner's view when it is left out; the only action allowed is CONTINUE (``pass``)."""
    encoding = Encoding(variant, **options)
    assert encoding.action_names[CONTINUE] == "pass"
    seen = {"partner alone": 0, "lone defender": 0}
    for seed in range(300):
        for action in (CONTINUE, 7, 10**6, -1):
            environment = SingleSeatEnv(variant, seat=0, illegal_action="penalty", reward="points", **options)
            observation, info = environment.reset(seed=seed)
            if not info["no_decision"]:
                break
            game = environment.game
            assert game is not None and not game.hand.is_active(0) and game.to_act != 0
            view = game.observation(0)
            assert 0 in view["sitting_out"] and view["alone"] and view["hand"]
            assert np.array_equal(observation["observation"], encoding.encode(view))
            assert np.flatnonzero(observation["action_mask"]).tolist() == [CONTINUE]
            assert environment.action_masks().tolist() == observation["action_mask"].astype(bool).tolist()
            assert info["hands"] == 0 and not info["hand_result"]["ended"]
            last, reward, terminated, truncated, info = environment.step(action)
            assert terminated and not truncated and not info["illegal_action"] and not info["no_decision"]
            result = info["hand_result"]
            assert result["ended"] and result["alone"] and info["hands"] == 1
            assert reward == float(result["points"][0]) == game.results[0]["points"][0]
            assert last["action_mask"].sum() == 0
            with pytest.raises(RuntimeError, match="the episode is over"):
                environment.step(CONTINUE)
        else:
            seen["partner alone" if result["maker"] == 2 else "lone defender"] += 1
    assert seen["partner alone"] >= 5
    assert seen["lone defender"] >= 5 if options else seen["lone defender"] == 0


@pytest.mark.parametrize("mode", ["points", "win"])
def test_a_whole_game_over_before_the_learners_first_decision_is_one_step(mode: str) -> None:
    """With whole games the hands the learner sits out are inside its episode; a game ended by one is one step."""
    for seed in range(200):
        environment = SingleSeatEnv("standard", seat=0, whole_game=True, reward=mode, target=1)
        observation, info = environment.reset(seed=seed)
        game = environment.game
        assert game is not None
        if info["no_decision"]:
            assert game.is_over and info["hands"] == 1
            assert np.flatnonzero(observation["action_mask"]).tolist() == [CONTINUE]
            _, reward, terminated, _, info = environment.step(3)
            expected = (1.0 if game.winner == 0 else -1.0) if mode == "win" else float(game.scores[0])
            assert terminated and reward == expected and info["hands"] == 0
            return
        assert not game.is_over
    raise AssertionError("no game ended before the learner's first decision")


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
    assert info["hands"] == len(game.results) and not info["no_decision"]
    before = sum(result["points"][0] for result in game.results)
    assert before > 0
    rng = np.random.default_rng(26)
    rewards, done = [], False
    while not done:
        observation, reward, done, _, _ = environment.step(masked_choice(rng, observation["action_mask"]))
        rewards.append(reward)
    assert game.is_over and sum(rewards) == game.scores[0]
    assert rewards[0] >= before
