"""The hand evaluation every bot leans on: ``expected_tricks`` against a plain card-by-card count.

``expected_tricks`` counts with bit sets and memoised suit layouts because the
bots call it hundreds of thousands of times a match; the count below walks
the cards one by one, as the rule reads.  The two must agree to the last bit
for every deck, trump, hand and set of outstanding cards, so that the faster
count changes no bot's choice.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bowers
from bowers.bots.strength import (
    GUARD_FACTOR,
    HIGHER_TRUMP_COST,
    LENGTH_BONUS,
    NO_TRUMP_HELD_FACTOR,
    RUFF_BONUS,
    expected_tricks,
    suit_orders,
)
from bowers.cards import JOKER, to_hand
from bowers.tables import NO_TRUMP, TrumpTables, trump_tables


def card_by_card(hand: int, tables: TrumpTables, deck: tuple[int, ...], outstanding: int, live: float) -> float:
    """The expected tricks of ``hand``, each suit walked from its highest card down (the rule as written)."""
    orders = suit_orders(tables, deck)
    trump = tables.trump
    tricks = trump_shortfall = spare = 0.0
    trump_count = 0
    if trump != NO_TRUMP:
        order = orders[trump]
        mine = trump_count = sum(1 for card in order if hand >> card & 1)
        higher = seen_mine = 0
        for card in order:
            if hand >> card & 1:
                seen_mine += 1
                cost = HIGHER_TRUMP_COST * higher * live
                if higher and mine - seen_mine >= higher:
                    cost *= GUARD_FACTOR
                value = min(1.0, max(0.05, 1.0 - cost + LENGTH_BONUS * (mine - 1)))
                tricks += value
                trump_shortfall += 1.0 - value
            elif outstanding >> card & 1:
                higher += 1
        spare = mine - sum(1 for card in order if outstanding >> card & 1) * live * 0.5
    elif hand >> JOKER & 1 and tables.effective_suit[JOKER] == 4:
        tricks += 1.0
    ruffs = side = 0.0
    for suit in range(4):
        if suit == trump:
            continue
        order = orders[suit]
        length = sum(1 for card in order if hand >> card & 1)
        if length == 0:
            if trump_count and spare > 0:
                ruffs += RUFF_BONUS * min(1.0, spare)
            continue
        out_in_suit = sum(1 for card in order if outstanding >> card & 1)
        higher = held = 0
        for card in order:
            if hand >> card & 1:
                held += 1
                if trump == NO_TRUMP:
                    if higher == 0:
                        side += 0.95
                    elif higher == 1 and length >= 2:
                        side += 0.45
                    elif held >= 4:
                        side += 0.4
                elif higher == 0:
                    ruff_risk = 0.12 * (held - 1) + (0.25 if out_in_suit * live < 1.5 else 0.0)
                    side += max(0.1, 0.85 - ruff_risk)
                elif higher == 1 and length >= 2 and held == 1:
                    side += 0.3
            elif outstanding >> card & 1:
                higher += 1
    if trump != NO_TRUMP and trump_count == 0:
        side *= NO_TRUMP_HELD_FACTOR
    tricks += side + min(ruffs, trump_shortfall)
    return min(tricks, float(hand.bit_count()))


# Every deck the variants use, each with its own trump order: 24 cards, 32, 25 with the Joker, Ultimate's 54, ...
RULES = [*map(bowers.make_rules, bowers.variants()), *(bowers.make_rules("standard", deck=size) for size in (25, 32))]
DECKS = sorted({(rules.deck, rules.trump_jokers, rules.left_above_right) for rules in RULES})


@pytest.mark.parametrize("deck,trump_jokers,left_above_right", DECKS, ids=[f"{len(d[0])}-cards" for d in DECKS])
@pytest.mark.parametrize("trump", [0, 1, 2, 3, NO_TRUMP], ids=["clubs", "diamonds", "hearts", "spades", "no-trump"])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32), size=st.integers(0, 12), share=st.floats(0.0, 1.0), live=st.sampled_from([0.0, 0.5, 2 / 3, 1.0])
)
def test_expected_tricks_matches_the_card_by_card_count(
    deck: tuple[int, ...], trump_jokers: tuple[int, ...], left_above_right: bool, trump: int, seed: int, size: int,
    share: float, live: float,
) -> None:  # fmt: skip
    tables = trump_tables(deck, trump_jokers, left_above_right, trump)
    cards = list(deck)
    rng = random.Random(seed)
    rng.shuffle(cards)
    hand = to_hand(cards[:size])
    outstanding = to_hand(card for card in cards[size:] if rng.random() < share)
    if seed % 7 == 0:  # a caller may count some of the hand's own cards as outstanding: they never beat it
        outstanding |= to_hand(cards[: size // 2])
    for value in (live, rng.random()):
        assert expected_tricks(hand, tables, deck, outstanding, value) == card_by_card(hand, tables, deck, outstanding, value)


def test_expected_tricks_of_a_strong_hand() -> None:
    """Both bowers, the ace of trump and a side ace with nothing outstanding above them: about four tricks."""
    rules = bowers.make_rules("standard")
    tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, 3)  # spades
    hand = to_hand(bowers.cards.parse_card(name) for name in ("JS", "JC", "AS", "AH", "9D"))
    outstanding = to_hand(rules.deck) & ~hand
    tricks = expected_tricks(hand, tables, rules.deck, outstanding, 2 / 3)
    assert tricks == card_by_card(hand, tables, rules.deck, outstanding, 2 / 3)
    assert 3.5 < tricks <= 4.5
