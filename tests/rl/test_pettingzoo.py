"""The PettingZoo AEC environment: PettingZoo's own API, seed and render tests on every variant, the reward modes,
seats that sit a hand out, whole games, bad input.

(PettingZoo's ``max_cycles_test`` needs a parallel environment with a ``max_cycles`` argument, which a turn-based
card game has not; its ``bombardment_test`` fails on every environment whose observations are dicts, PettingZoo's
own included.)"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import bowers
from bowers.env import env, raw_env

TEAMS = {variant: bowers.make_rules(variant).teams for variant in bowers.variants()}
SMALL_TARGETS = {"railroad": 20, "railroad-6": 20, "bid-railroad": 20, "ultimate": 14}  # whole games of a few hands

# Every variant at its defaults, and the main option sets.
OPTION_SETS = [(variant, {}) for variant in bowers.variants()] + [
    ("standard", {"stick_the_dealer": True, "defend_alone": True, "deck": 32}),
    ("standard", {"deck": 25, "reneges": True}),
    ("railroad", {"deck": 24}),
    ("ultimate", {"going_alone": True}),
    ("bid-railroad", {"defend_alone": False, "reneges": True}),
]
IDS = [f"{variant}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}" for variant, options in OPTION_SETS]


@pytest.fixture(autouse=True)
def quiet() -> None:
    warnings.simplefilter("ignore")


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS, ids=IDS)
def test_pettingzoo_api_and_seed_tests(variant: str, options: dict[str, object]) -> None:
    api_test(env(variant, **options), num_cycles=60)
    api_test(env(variant, whole_game=True, **options), num_cycles=60)
    seed_test(lambda: env(variant, **options), num_cycles=30)


@pytest.mark.parametrize("variant", bowers.variants())
def test_pettingzoo_render_test_and_api_test_of_every_reward(variant: str) -> None:
    render_test(lambda render_mode=None: env(variant, render_mode=render_mode))
    api_test(env(variant, reward="points"), num_cycles=30)
    api_test(env(variant, whole_game=True, reward="win", target=SMALL_TARGETS.get(variant, 5)), num_cycles=60)


def play_out(environment, seed: int) -> dict[str, float]:
    """Random legal play to the end of the episode; returns each agent's total reward."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def expected_values(mode: str, team_points: list[int]) -> list[float]:
    """Each team's value, spelled out: its points, or its points less the mean of the other teams' points."""
    if mode == "points":
        return [float(points) for points in team_points]
    teams = len(team_points)
    return [points - (sum(team_points) - points) / (teams - 1) for points in team_points]


def seat_totals(totals: dict[str, float]) -> list[float]:
    return [totals[f"seat_{seat}"] for seat in range(len(totals))]


@pytest.mark.parametrize("mode", ["net", "points", "win"])
@pytest.mark.parametrize("variant", bowers.variants())
def test_a_whole_game_pays_every_hand_and_ends_at_the_target(variant: str, mode: str) -> None:
    """Net and points pay the score hand by hand (net zero-sum); win pays +1, and -1 shared by the losers, at the end."""
    teams = TEAMS[variant]
    environment = raw_env(variant, whole_game=True, reward=mode, target=SMALL_TARGETS.get(variant, 5))
    for seed in range(2):
        totals = seat_totals(play_out(environment, seed))
        game = environment.game
        assert game is not None and game.is_over
        if mode == "win":
            values = [1.0 if team == game.winner else -1.0 / (teams - 1) for team in range(teams)]
        else:
            values = expected_values(mode, game.scores)
        assert totals == pytest.approx([values[seat % teams] for seat in range(len(totals))])
        if mode != "points":
            assert sum(totals) == pytest.approx(0.0)


@pytest.mark.parametrize("mode", ["net", "points"])
@pytest.mark.parametrize("variant", bowers.variants())
def test_one_hand_episode_pays_every_seat_that_hand(variant: str, mode: str) -> None:
    environment = raw_env(variant, reward=mode)
    for seed in range(4):
        totals = seat_totals(play_out(environment, seed))
        game = environment.game
        assert game is not None and len(game.results) == 1
        values = expected_values(mode, game.results[0]["points"])
        assert totals == [values[seat % TEAMS[variant]] for seat in range(len(totals))]


def test_a_seat_that_sits_the_hand_out_is_paid_like_its_partner() -> None:
    """No hand is left out of the episodes: a seat whose partner goes alone before it acts still gets the hand's value."""
    environment = raw_env("standard", reward="points")
    sat_out = 0
    for seed in range(150):
        environment.reset(seed=seed)
        acted = set()
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            acted.add(agent)
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        points = environment.game.results[0]["points"]
        assert seat_totals(totals) == [float(points[seat % 2]) for seat in range(4)]
        sat_out += len(acted) < 4
    assert sat_out >= 5


def test_win_needs_whole_games() -> None:
    with pytest.raises(bowers.OptionError, match="needs whole games"):
        raw_env("standard", reward="win")
    with pytest.raises(bowers.OptionError, match="the rewards are"):
        env("railroad-6", whole_game=True, reward="score")


def test_the_environment_is_version_1() -> None:
    """Version 1 pays ``net`` by default (version 0 paid points)."""
    assert raw_env("standard").metadata["name"] == "bowers_v1"
    assert raw_env("standard").reward_mode == "net"


def test_illegal_action_raises_and_changes_nothing() -> None:
    environment = raw_env("standard")
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        environment.step(0)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = environment.game.record()
    with pytest.raises(bowers.IllegalAction):
        environment.step(illegal)
    with pytest.raises(bowers.OptionError):
        environment.step(1.5)
    assert environment.game.record() == before


def test_bad_variant_options_and_render_mode_raise() -> None:
    with pytest.raises(bowers.OptionError):
        raw_env("pinochle")
    with pytest.raises(bowers.OptionError):
        raw_env("standard", colour="red")
    with pytest.raises(bowers.OptionError):
        raw_env("standard", render_mode="rgb_array")


def test_render_shows_the_public_table_only() -> None:
    environment = raw_env("standard", render_mode="ansi")
    environment.reset(seed=4)
    text = environment.render()
    assert isinstance(text, str) and "bowers standard" in text and "seat" in text
    game = environment.game
    turn_up = game.observation(0)["turn_up"]
    hidden = {card for seat in range(4) for card in game.hand_cards(seat)} - {turn_up}
    assert not any(card in text for card in hidden)
