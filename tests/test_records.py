"""Records without a seed (as imported from other formats) replay, undo and continue consistently."""

from __future__ import annotations

import random

import bowers


def test_record_without_seed_continues_from_seed_zero_and_undoes_consistently() -> None:
    """A record whose seed is null deals later hands from seed 0, before and after an undo, and keeps the null seed."""
    game = bowers.Game("standard", seed=5)
    rng = random.Random(5)
    while game.hand_number == 0:
        game.apply_id(rng.choice(game.legal_action_ids()))
    first = game.record()["deals"][0]
    record = game.record()
    record["seed"] = None
    record["deals"] = [first]
    replayed = bowers.replay(record)
    assert replayed.seed is None and replayed.record()["seed"] is None

    same_cards_seed_zero = bowers.Game.from_deal(
        "standard", dealer=first["dealer"], hands=first["hands"], kitty=first["kitty"], seed=0
    )
    for seat, action in first["actions"]:
        same_cards_seed_zero.apply(action, seat=seat)
    expected_next = same_cards_seed_zero.record()["deals"][1]
    assert replayed.record()["deals"][1] == expected_next

    replayed.apply(replayed.legal_actions()[0])
    replayed.undo()
    assert replayed.record()["deals"][1] == expected_next
    assert replayed.seed is None
