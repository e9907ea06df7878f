"""What the page is told about the last trick: who took it, also when it ended the hand."""

from __future__ import annotations

import random

import pytest

import bowers
from bowers.observation import SPECTATOR, build_hand_summary
from bowers.server.views import last_trick_winner


@pytest.mark.parametrize("variant", bowers.variants())
def test_the_winner_of_a_hands_last_trick_is_named(variant: str) -> None:
    checked = 0
    for seed in range(6):
        game = bowers.Game(variant, seed=seed)
        rng = random.Random(seed)
        while not game.results:
            before = list(game.hand.tricks_won)
            actions = [action for action in game.legal_actions() if action != "claim-renege"]
            game.apply(rng.choice(actions), seat=game.to_act)
        result = game.results[0]
        if result["misdeal"] or not any(result["tricks"]):
            continue
        # The seat whose count rose with the hand's last card took the last trick.
        taken = [seat for seat, (was, now) in enumerate(zip(before, result["tricks"], strict=True)) if now > was]
        summary = build_hand_summary(game, 0, SPECTATOR)
        assert last_trick_winner(summary) == (taken[0] if len(taken) == 1 else None)
        checked += 1
    assert checked > 0


def test_a_jambone_hands_cards_are_credited_to_the_exposed_hand_not_to_the_opponent_who_chose_them() -> None:
    game = bowers.Game("railroad", seed=0)
    rng = random.Random(0)
    while not game.results:
        actions = [action for action in game.legal_actions() if action != "claim-renege"]
        game.apply("jambone" if "jambone" in actions else rng.choice(actions), seat=game.to_act)
    result = game.results[0]
    assert result["jambone"]
    summary = build_hand_summary(game, 0, SPECTATOR)
    maker = result["maker"]
    for trick in summary["tricks"]:
        seats = [seat for seat, _ in trick]
        assert len(set(seats)) == len(seats) and maker in seats  # every seat once, the maker's card its own
    for trick, winner in zip(summary["tricks"], summary["trick_winners"][:-1], strict=False):
        assert winner in [seat for seat, _ in trick]
    # The cards credited to the maker are exactly those its hand held when the play began.
    record = game.record()
    actions = record["deals"][0]["actions"]
    first_play = next(index for index, (_, action) in enumerate(actions) if action.startswith("play:"))
    replayed = bowers.Game("railroad", seed=0)
    for seat, action in actions[:first_play]:
        replayed.apply(action, seat=seat)
    played_by_maker = [card for trick in summary["tricks"] for seat, card in trick if seat == maker]
    assert sorted(played_by_maker) == sorted(replayed.hand_cards(maker))
