"""Undo at a table (the terminal's and the browser's): a seat's last real decision, never an earlier hand."""

from __future__ import annotations

import pytest

import bowers
from bowers.errors import IllegalAction
from bowers.table import HUMAN, Seat, Table


def _table(game: bowers.Game) -> Table:
    seats = [Seat(HUMAN)] + [Seat("random") for _ in range(game.rules.players - 1)]
    return Table(game, seats)


def _after_the_first_hand(seed: int) -> tuple[bowers.Game, Table, bowers.bots.Bot]:
    """A seeded standard game whose first hand a random bot has played for every seat, with its table and the bot."""
    game = bowers.Game("standard", seed=seed)
    table = _table(game)
    bot = bowers.bots.create("random", seed=3)
    while game.hand_number == 0:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)
    return game, table, bot


def _real_decision_then_forced_card(seed: int) -> tuple[bowers.Game, int] | None:
    """A game where seat 0 made a real choice, then played a forced card, and now has a choice again; with the
    number of actions at that first choice (None if the deal does not go that way)."""
    game = bowers.Game("standard", seed=seed)
    bot = bowers.bots.create("random", seed=seed)
    chosen_at = None
    forced = 0
    while not game.is_over and game.hand_number == 0:
        seat = game.to_act
        assert seat is not None
        actions = game.legal_actions()
        if seat == 0:
            if len(actions) > 1:
                if chosen_at is not None and forced:
                    return game, chosen_at
                chosen_at, forced = len(game.record()["deals"][0]["actions"]), 0
            else:
                forced += chosen_at is not None
        game.apply(actions[0] if seat == 0 else bot.act(game.observation(seat)), seat=seat)
    return None


def test_undo_goes_back_past_forced_cards_to_the_last_real_decision() -> None:
    found = next(result for result in map(_real_decision_then_forced_card, range(200)) if result is not None)
    game, chosen_at = found
    game.apply(game.legal_actions()[0], seat=0)  # a real decision, to be taken back
    taken_back = _table(game).undo_for(0)
    assert taken_back == 1 and len(game.record()["deals"][0]["actions"]) > chosen_at
    # Once more: back past the forced card to the real decision before it.
    table = _table(game)
    before = len(game.record()["deals"][0]["actions"])
    count = table.undo_for(0)
    assert len(game.record()["deals"][0]["actions"]) == chosen_at == before - count
    assert game.to_act == 0 and len(game.legal_actions()) > 1


def test_undo_never_crosses_into_an_earlier_hand() -> None:
    game, table, bot = _after_the_first_hand(9)
    while game.to_act != 0 and game.hand_number == 1:  # the bots open the new hand; seat 0 has not acted in it
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)
    before = game.record()
    with pytest.raises(IllegalAction, match="no decision to take back in this hand"):
        table.undo_for(0, earliest_hand=1)
    assert game.record() == before  # nothing changed
    # Until the seat acts in the new hand, its last decision is still the one in the hand just ended.
    assert table.undo_for(0) >= 1 and game.hand_number == 0


def test_once_the_seat_acts_in_a_hand_undo_stays_in_it() -> None:
    game, table, bot = _after_the_first_hand(9)
    while game.to_act != 0:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)
    actions = game.legal_actions()
    assert len(actions) > 1  # seat 0's first action of the hand is a call of its own
    game.apply(actions[0], seat=0)
    assert table.undo_for(0) == 1 and game.hand_number == 1
    with pytest.raises(IllegalAction):  # and now nothing of this hand is left to take back
        table.undo_for(0, earliest_hand=1)


def test_a_forced_card_in_the_new_hand_does_not_hide_the_decision_in_the_hand_before() -> None:
    # Seed 19: in the second hand the bidding ends before seat 0's turn, and its first card is its only one of the
    # suit led; the bots play on to its next real choice.
    game, table, bot = _after_the_first_hand(19)
    forced = 0
    while game.to_act != 0 or len(game.legal_actions()) == 1:
        forced += game.to_act == 0
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)
    assert forced and game.hand_number == 1
    with pytest.raises(IllegalAction):  # nothing of the new hand is the seat's to take back
        table.undo_for(0, earliest_hand=1)
    table.undo_for(0)
    assert game.hand_number == 0 and game.to_act == 0 and len(game.legal_actions()) > 1
