"""The sampler deals hidden cards consistently with everything the seat has seen."""

from __future__ import annotations

import json
import random

import pytest

import bowers
from bowers.bots import create
from bowers.bots.sampler import Sampler
from bowers.cards import parse_card
from tests.rules.deals import deal, run


@pytest.mark.parametrize("variant", bowers.variants())
def test_every_world_shows_the_seat_exactly_what_it_saw(variant: str) -> None:
    for seed in range(2):
        options = {"defend_alone": True} if variant == "standard" else {}
        game = bowers.Game(variant, seed=seed, **options)
        bots = [create("heuristic" if seed else "random", seed=s, options=options) for s in range(game.rules.players)]
        rng = random.Random(seed)
        while game.hand_number < 2 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = json.loads(json.dumps(game.observation(seat)))
            if rng.random() < 0.25:
                world = Sampler(observation, options).sample(rng)
                seen = world.observation(seat)
                for key in ("hand_number",):
                    seen.pop(key)
                expected = dict(observation)
                expected.pop("hand_number")
                # A world starts from the scores so far: its own initial_scores option is the observed scores.
                assert seen.pop("options") == {**expected.pop("options"), "initial_scores": observation["scores"]}
                assert seen == expected
            game.apply(bots[seat].act(observation), seat=seat)


def test_voids_shown_are_respected() -> None:
    # Seat 1 showed out of clubs at the first trick: no world gives it a club.
    game = deal("standard", 3, ["AC", "9D TD QD KD AD", "KC", "QC"], "9H")
    run(game, "0:pass 1:pass 2:pass 3:pass 0:call:S 0:partner 0:AC 1:9D 2:KC 3:QC")
    observation = game.observation(0)
    sampler = Sampler(observation)
    rng = random.Random(1)
    clubs = {parse_card(c) for c in ("9C", "TC", "JC")} - {parse_card("JC")}  # the jack of clubs is the left bower
    for _ in range(50):
        world = sampler.sample(rng)
        assert not any(world.hand.hands[1] >> card & 1 for card in clubs)


def test_turn_up_is_placed_with_the_dealer_and_discards_stay_hidden() -> None:
    game = deal("standard", 0, ["", "", "", ""], "9H")
    run(game, "1:order 1:partner 0:discard:9C")
    observation = game.observation(2)
    assert observation["history"][-1] == [0, "discard:??"]
    sampler = Sampler(observation)
    rng = random.Random(2)
    discards = set()
    for _ in range(40):
        world = sampler.sample(rng)
        assert world.hand.hands[0] >> parse_card("9H") & 1
        discards.update(world.hand.discarded)
    assert len(discards) > 3  # the real discard is not treated as known
