"""Every variant plays whole random games that replay to the same scores."""

import random

import pytest

import bowers


@pytest.mark.parametrize("variant", bowers.variants())
def test_random_games_replay(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(5):
        game = bowers.Game(variant, seed=seed)
        while not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        assert game.winner is not None
        assert bowers.replay(game.record()).scores == game.scores
