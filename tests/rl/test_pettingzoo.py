"""The PettingZoo AEC environment: PettingZoo's own API and seed tests on every variant, whole games, bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import bowers
from bowers.env import env, raw_env

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


@pytest.mark.parametrize("variant", ["standard", "two-hand", "railroad-6"])
def test_a_whole_game_pays_every_hand_and_ends_at_the_target(variant: str) -> None:
    environment = raw_env(variant, whole_game=True, target=5 if variant != "railroad-6" else 20)
    totals = play_out(environment, 3)
    game = environment.game
    assert game is not None and game.is_over
    teams = len(game.scores)
    assert [totals[f"seat_{seat}"] for seat in range(len(totals))] == [float(game.scores[s % teams]) for s in range(len(totals))]


def test_one_hand_episode_pays_that_hand_and_shows_it_over() -> None:
    environment = raw_env("railroad")
    totals = play_out(environment, 8)
    game = environment.game
    assert game is not None and len(game.results) == 1
    assert [totals[f"seat_{seat}"] for seat in range(4)] == [float(game.results[0]["points"][s % 2]) for s in range(4)]


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
