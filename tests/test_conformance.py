"""Random legal games of every variant and every combination of its enumerated options keep every invariant."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bowers
from bowers.game import Game
from tests.conformance import (
    check_action_sets,
    check_cards_conserved,
    check_observations,
    check_replay,
    check_scores,
    option_combinations,
)

CASES = [(name, options) for name in bowers.variants() for options in option_combinations(name)]


@pytest.mark.parametrize("name", bowers.variants())
def test_option_combinations_cover_every_three_way_interaction(name: str) -> None:
    """The cases include every option at its default and every value of any three enumerated options together."""
    combos = option_combinations(name)
    declared = [o for o in bowers.variant(name).options if o.kind in ("choice", "bool")]
    assert combos[0] == {o.name: o.default for o in declared}
    choices = {o.name: (o.choices if o.kind == "choice" else (False, True)) for o in declared}
    for trio in itertools.combinations(choices, min(3, len(choices))):
        for values in itertools.product(*(choices[o] for o in trio)):
            wanted = dict(zip(trio, values, strict=True))
            assert any(all(c[k] == v for k, v in wanted.items()) for c in combos), f"{name}: {wanted} never played"


def _id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return name + "-" + "-".join(f"{k}={v}" for k, v in sorted(options.items()))


def play_checked(game: Game, rng: random.Random, full_checks_every: int) -> None:
    """Play to the end with random legal actions, checking the invariants along the way."""
    step = 0
    undo_step = rng.randrange(1, 40)
    while not game.is_over:
        check_cards_conserved(game)
        if step % full_checks_every == 0:
            check_action_sets(game)
            check_observations(game)
        legal = game.legal_action_ids()
        assert legal, f"no legal action in phase {game.phase} with the game not over"
        choice = rng.choice(legal)
        if step == undo_step:
            before = game.record()
            game.apply_id(choice)
            game.undo()
            assert game.record() == before, "undo did not restore the state"
        game.apply_id(choice)
        step += 1
    check_observations(game)
    check_scores(game)
    check_replay(game)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2**40), choices=st.integers(0, 2**32))
def test_random_games_keep_invariants(case: tuple[str, dict[str, Any]], seed: int, choices: int) -> None:
    """Cards conserved, action sets exact, observations hide what they must, scores add up, records replay, undo restores."""
    name, options = case
    game = Game(name, seed=seed, **options)
    # The auction's kitty discards make its action space large; check it fully every few steps.
    play_checked(game, random.Random(choices), full_checks_every=5 if name == "bid" else 1)


@pytest.mark.parametrize("name", bowers.variants())
@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**40), choices=st.integers(0, 2**32))
def test_copy_then_apply_equals_apply(name: str, seed: int, choices: int) -> None:
    """A copy evolves independently: applying to the copy leaves the original as it was."""
    game = Game(name, seed=seed)
    rng = random.Random(choices)
    for _ in range(rng.randrange(1, 60)):
        if game.is_over:
            break
        twin = game.copy()
        before = game.record()
        action = rng.choice(game.legal_action_ids())
        twin.apply_id(action)
        assert game.record() == before
        game.apply_id(action)
        assert game.record() == twin.record()
