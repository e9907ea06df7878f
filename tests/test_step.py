"""``Game.step_id`` and ``Game.step``: apply an action and get the next legal actions in one call."""

from __future__ import annotations

import random

import pytest

import bowers
from bowers import Game, IllegalAction, NotationError


@pytest.mark.parametrize("variant", bowers.variants())
def test_step_id_plays_the_same_game_as_apply_id(variant: str) -> None:
    stepped, applied = Game(variant, seed=21), Game(variant, seed=21)
    rng = random.Random(variant)
    ids = stepped.legal_action_ids()
    while ids:
        action = rng.choice(ids)
        ids = stepped.step_id(action)
        applied.apply_id(action)
        assert ids == applied.legal_action_ids()
    assert stepped.is_over and applied.is_over
    assert stepped.record() == applied.record()


def test_step_id_refuses_what_apply_id_refuses_and_changes_nothing() -> None:
    game = Game("standard", seed=4)
    before = game.record()
    for bad in (-1, len(game.space), game.space.index["play:AS"], True, 1.0, "0"):
        with pytest.raises(IllegalAction):
            game.step_id(bad)
        assert game.record() == before
    rng = random.Random(4)
    while not game.is_over:
        game.apply_id(rng.choice(game.legal_action_ids()))  # always passing would redeal forever
    with pytest.raises(IllegalAction, match="the game is over"):
        game.step_id(0)


def test_step_takes_text_and_checks_the_seat() -> None:
    game = Game("standard", seed=4)
    seat = game.to_act
    assert game.step("PASS", seat=seat) == game.legal_actions()
    with pytest.raises(IllegalAction):
        game.step("pass", seat=seat)  # no longer this seat's turn
    with pytest.raises(NotationError):
        game.step("pas")
    names = game.legal_actions()
    while names:
        names = game.step(names[-1])
    assert game.is_over and game.legal_actions() == []
