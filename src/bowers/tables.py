"""Lookup tables per (rules, trump): effective suit, suit masks, trick power, top trumps.

Built once per deck and trump and cached, so the hot path of play is a few
list lookups and bit operations.  ``NO_TRUMP`` (4) is the trump value of a
no-trump hand; in it there are no bowers and the Joker belongs to no suit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from bowers.cards import JACK, JOKER, Card, make_card, rank_of, same_colour_suit, suit_of

NO_TRUMP: Final = 4
NO_SUIT: Final = 4  # the effective "suit" of the Joker in a no-trump hand
TRUMP_BASE: Final = 100  # every trump outranks every plain card
NO_TRUMP_JOKER_POWER: Final = 1000  # the Joker in no-trump wins any trick


class TrumpTables:
    """What every rule needs to know about cards once trump is fixed."""

    __slots__ = ("effective_suit", "power", "suit_mask", "top_trumps", "trump", "trump_order")

    def __init__(self, deck: tuple[Card, ...], trump_jokers: tuple[Card, ...], left_above_right: bool, trump: int) -> None:
        self.trump = trump
        effective = [-1] * 55
        order: list[Card] = []
        if trump == NO_TRUMP:
            for card in deck:
                effective[card] = NO_SUIT if card >= 52 else suit_of(card)
        else:
            right = make_card(JACK, trump)
            left = make_card(JACK, same_colour_suit(trump))
            bowers = [left, right] if left_above_right else [right, left]
            order = [c for c in trump_jokers if c in deck] + [c for c in bowers if c in deck]
            rest = sorted((c for c in deck if c < 52 and suit_of(c) == trump and c != right), key=rank_of, reverse=True)
            order += rest
            for card in deck:
                effective[card] = suit_of(card) if card < 52 else trump
            for card in order:
                effective[card] = trump
        self.effective_suit: list[int] = effective
        self.trump_order: tuple[Card, ...] = tuple(order)
        masks = [0] * 5
        for card in deck:
            masks[effective[card]] |= 1 << card
        self.suit_mask: list[int] = masks
        trump_power = {card: TRUMP_BASE + len(order) - i for i, card in enumerate(order)}
        # power[led][card]: 0 for a card that cannot win a trick led in suit ``led``.
        power = []
        for led in range(4):
            row = [0] * 55
            for card in deck:
                if card in trump_power:
                    row[card] = trump_power[card]
                elif trump == NO_TRUMP and card == JOKER:
                    row[card] = NO_TRUMP_JOKER_POWER
                elif effective[card] == led:
                    row[card] = rank_of(card) + 1
            power.append(row)
        self.power: list[list[int]] = power
        top = 0
        for card in order[:5]:
            top |= 1 << card
        self.top_trumps: int = top if len(order) >= 5 else 0


@lru_cache(maxsize=256)
def trump_tables(deck: tuple[Card, ...], trump_jokers: tuple[Card, ...], left_above_right: bool, trump: int) -> TrumpTables:
    """The cached tables of one deck and trump."""
    return TrumpTables(deck, trump_jokers, left_above_right, trump)
