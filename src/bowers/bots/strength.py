"""Hand evaluation shared by the bots: expected tricks of a hand for a trump, and expected points of a contract.

``expected_tricks`` is a fast count of honours, guards, length and voids that
works for any deck and trump (no-trump included); ``contract_value`` turns an
expected trick count into expected net points with the variant's own scoring.
"""

from __future__ import annotations

import math
from functools import lru_cache

from bowers.cards import JOKER
from bowers.hand import hand_points
from bowers.tables import NO_TRUMP, TrumpTables
from bowers.variants import Rules

# How much an outstanding higher trump (held by an opponent) costs one of ours.
HIGHER_TRUMP_COST = 0.9
# An honour with as many small trumps below it as higher trumps are out is guarded: half the cost.
GUARD_FACTOR = 0.5
# Each trump beyond the first makes every trump likelier to score (length wins the late tricks).
LENGTH_BONUS = 0.1
# A void side suit with a spare trump to ruff it.
RUFF_BONUS = 0.3
# Side-suit winners of a hand with no trump: the other hands hold every trump, so they are ruffed more often.
NO_TRUMP_HELD_FACTOR = 0.7


class _SuitLayout:
    """Each suit's cards of one deck and trump, in order and as bit sets, so that a hand is counted card by card,
    not the deck.

    ``orders[suit]`` lists the suit's cards from the highest; ``masks[suit]`` holds them as a bit set;
    ``ranked(suit, held)`` gives, for the cards of ``held`` in that suit from the highest down, the bit set of the
    suit's cards above each (memoised in ``known``: a suit has few subsets).
    """

    __slots__ = ("_above", "known", "masks", "orders")

    def __init__(self, tables: TrumpTables, deck: tuple[int, ...]) -> None:
        self.orders: list[list[int]] = [[] for _ in range(5)]
        for suit in range(5):
            cards = [c for c in deck if tables.effective_suit[c] == suit]
            led = suit if suit < 4 else 0
            cards.sort(key=lambda c: (tables.power[led][c], -c), reverse=True)
            self.orders[suit] = cards
        if tables.trump < 4:
            self.orders[tables.trump] = list(tables.trump_order)
        self.masks = [0] * 5
        self._above: list[list[tuple[int, int]]] = [[] for _ in range(5)]
        for suit in range(5):
            above = 0
            for card in self.orders[suit]:
                self._above[suit].append((card, above))
                above |= 1 << card
            self.masks[suit] = above
        self.known: list[dict[int, tuple[int, ...]]] = [{} for _ in range(5)]

    def ranked(self, suit: int, held: int) -> tuple[int, ...]:
        """For each card of ``held`` in ``suit``, highest first, the suit's cards ranked above it."""
        found = tuple(above for card, above in self._above[suit] if held >> card & 1)
        self.known[suit][held] = found
        return found


_LAYOUTS: dict[int, tuple[TrumpTables, _SuitLayout]] = {}


def _layout(tables: TrumpTables, deck: tuple[int, ...]) -> _SuitLayout:
    """The layout of the deck's suits for these trump tables (built once for each)."""
    cached = _LAYOUTS.get(id(tables))
    if cached is not None and cached[0] is tables:
        return cached[1]
    layout = _SuitLayout(tables, deck)
    _LAYOUTS[id(tables)] = (tables, layout)
    return layout


def suit_orders(tables: TrumpTables, deck: tuple[int, ...]) -> list[list[int]]:
    """For each effective suit 0-4, its cards of the deck from highest to lowest (trump in trump order)."""
    return _layout(tables, deck).orders


def expected_tricks(hand: int, tables: TrumpTables, deck: tuple[int, ...], outstanding: int, live: float) -> float:
    """The tricks ``hand`` should take with this trump.

    ``outstanding`` holds the cards that may still beat ours (unseen, not ours);
    ``live`` is the chance that one of them lies in an opponent's hand rather
    than in partner's hand or the kitty.  (The bots' most called function: each card of the hand is
    measured against the outstanding cards above it with bit sets; ``tests/bots/test_strength.py`` checks it
    against a card-by-card count.)
    """
    layout = _layout(tables, deck)
    masks = layout.masks
    known = layout.known
    trump = tables.trump
    beaters = outstanding & ~hand  # an outstanding card we hold cannot beat ours
    tricks = 0.0
    trump_count = 0
    spare = 0.0
    trump_shortfall = 0.0  # what the trumps fall short of a trick each: all a ruff can add
    if trump != NO_TRUMP:
        held = hand & masks[trump]
        ranked = (known[trump].get(held) or layout.ranked(trump, held)) if held else ()
        mine = trump_count = len(ranked)
        for seen_mine, above in enumerate(ranked, 1):
            higher = (beaters & above).bit_count()
            below = mine - seen_mine
            cost = HIGHER_TRUMP_COST * higher * live
            if higher and below >= higher:
                cost *= GUARD_FACTOR
            value = 1.0 - cost + LENGTH_BONUS * (mine - 1)
            value = 1.0 if value > 1.0 else (0.05 if value < 0.05 else value)
            tricks += value
            trump_shortfall += 1.0 - value
        out_trumps = (outstanding & masks[trump]).bit_count()
        spare = mine - out_trumps * live * 0.5
    elif hand >> JOKER & 1 and tables.effective_suit[JOKER] == 4:
        tricks += 1.0
    ruffs = 0.0
    side = 0.0
    for suit in range(4):
        if suit == trump:
            continue
        held = hand & masks[suit]
        if not held:
            if trump_count and spare > 0:
                ruffs += RUFF_BONUS * (1.0 if spare >= 1 else spare)
            continue
        ranked = known[suit].get(held) or layout.ranked(suit, held)
        length = len(ranked)
        out_in_suit = (outstanding & masks[suit]).bit_count()
        for count, above in enumerate(ranked, 1):
            higher = (beaters & above).bit_count()
            if trump == NO_TRUMP:
                if higher == 0:
                    side += 0.95
                elif higher == 1 and length >= 2:
                    side += 0.45
                elif count >= 4:
                    side += 0.4
            elif higher == 0:
                ruff_risk = 0.12 * (count - 1) + (0.25 if out_in_suit * live < 1.5 else 0.0)
                side += max(0.1, 0.85 - ruff_risk)
            elif higher == 1 and length >= 2 and count == 1:
                side += 0.3
    if trump != NO_TRUMP and trump_count == 0:
        side *= NO_TRUMP_HELD_FACTOR
    # A trump that takes its trick anyway gains nothing by ruffing: the ruffs add at most what the trumps lack.
    tricks += side + min(ruffs, trump_shortfall)
    cards = hand.bit_count()
    return tricks if tricks < cards else float(cards)


def sure_tricks(hand: int, tables: TrumpTables, deck: tuple[int, ...], outstanding: int) -> int:
    """The tricks ``hand`` cashes from the top in no-trump while it holds the lead: its cards that no outstanding
    card of their suit outranks (an ace, a king under its own ace) and the Joker, which wins any trick.

    No-trump at the auction's top level must take every trick, so these stoppers, not honours that may win
    later, are what it is bid on.
    """
    layout = _layout(tables, deck)
    beaters = outstanding & ~hand
    sure = 1 if hand >> JOKER & 1 and tables.effective_suit[JOKER] == 4 else 0
    for suit in range(4):
        held = hand & layout.masks[suit]
        if held:
            ranked = layout.known[suit].get(held) or layout.ranked(suit, held)
            sure += sum(1 for above in ranked if not beaters & above)
    return sure


@lru_cache(maxsize=8192)
def _distribution(mean: float, spread: float, tricks: int) -> tuple[float, ...]:
    """Chances of taking 0..tricks tricks: a discretised normal around ``mean``."""
    weights = [math.exp(-((k - mean) ** 2) / (2 * spread * spread)) for k in range(tricks + 1)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def contract_value(
    rules: Rules,
    mean: float,
    spread: float,
    need: int,
    *,
    alone: bool = False,
    lone_defender: bool = False,
    makers_reach: int | None = None,
) -> float:
    """Expected net points (makers' points minus the others') of a contract whose makers expect ``mean`` tricks.

    ``makers_reach``, when given, is the most points the makers can use (what they lack of the target):
    points past the target win no more, so near the end of a game a loner's extra points count for nothing.
    """
    rounded_mean, rounded_spread = round(mean, 2), round(spread, 2)
    return _contract_value(
        rules.scoring, rules.hand_size, rules.teams, rounded_mean, rounded_spread, need, alone, lone_defender, makers_reach
    )


@lru_cache(maxsize=16384)
def _contract_value(
    scoring: str,
    tricks: int,
    teams: int,
    mean: float,
    spread: float,
    need: int,
    alone: bool,
    lone_defender: bool,
    makers_reach: int | None,
) -> float:
    total = 0.0
    for taken, chance in enumerate(_distribution(mean, spread, tricks)):
        team_tricks = [0] * teams
        team_tricks[0] = taken
        team_tricks[1] = tricks - taken
        points = hand_points(scoring, tricks, team_tricks, 0, taken >= need, alone, lone_defender)
        makers = points[0] if makers_reach is None else min(points[0], makers_reach)
        total += chance * (makers - sum(points[1:]))
    return total
