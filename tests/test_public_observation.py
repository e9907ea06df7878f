"""The public view (spectators): a seat's observation less everything private to any seat."""

from __future__ import annotations

import random

import pytest

import bowers

PRIVATE = ("discard:", "give:")
SEAT_KEYS = ("seat", "team", "hand", "from_kitty", "legal_actions", "history", "playing_for")


@pytest.mark.parametrize("variant", bowers.variants())
def test_the_public_view_is_every_seat_s_view_less_what_is_private(variant: str) -> None:
    rng = random.Random(variant)
    game = bowers.Game(variant, seed=11)
    checked_private = 0
    while not game.is_over and game.hand_number < 3:
        public = game.public_observation()
        assert public["seat"] is None and public["team"] is None
        assert public["hand"] == [] and public["legal_actions"] == [] and "playing_for" not in public
        assert public["from_kitty"] == []
        for seat in range(game.rules.players):
            view = game.observation(seat)
            assert {k: v for k, v in public.items() if k not in SEAT_KEYS} == {
                k: v for k, v in view.items() if k not in SEAT_KEYS
            }
            assert len(view["history"]) == len(public["history"])
            for (actor, seen), (public_actor, shown) in zip(view["history"], public["history"], strict=True):
                assert actor == public_actor
                if shown.startswith(PRIVATE):
                    assert all(part == "??" for part in shown.split(":", 1)[1].split(","))
                    checked_private += 1
                else:
                    assert shown == seen
        game.apply_id(rng.choice(game.legal_action_ids()))
    if game.rules.players > 2:
        assert checked_private > 0  # every variant but two-hand has a dealer's discard in three hands
