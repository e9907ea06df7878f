"""The features the learned models read: what a seat sees at a decision before play, as rows of numbers.

One row per legal action: the seat's cards measured against the action's
trump (``trump_features``), the auction or the turn-up so far, its position
and the kind of action.  ``decision_rows`` picks the builder of the phase's
feature set (``FEATURE_SETS``).  The same rows train the models
(``training/bidding.py``) and feed them in play.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bowers.actions import BID, CALL, ORDER_SUIT, PASS, contract_level
from bowers.bots.heuristic import best_discard, hand_tricks, maker_hand, tables_for
from bowers.bots.view import View
from bowers.cards import ACE, KING, QUEEN, cards_of, rank_of, to_hand
from bowers.tables import NO_TRUMP

# The phases a model may cover, by the name of the model's feature set.
FEATURE_SETS = {"auction": "auction", "round-1": "rounds", "round-2": "rounds", "maker-choice": "maker", "discard": "discard"}


def trump_features(view: View, hand: int, trump: int) -> list[float]:
    """Twelve numbers that measure ``hand`` for a trump (or no-trump), each scaled to about 0..1.

    For a suit: the expected tricks, the trump length, which of the five top trumps it holds, side aces and
    kings, voids and singletons.  For no-trump the same places hold the longest suit, the Joker, aces,
    kings and queens.
    """
    size = view.rules.hand_size
    tables = tables_for(view, trump)
    tricks = hand_tricks(view, hand, trump) / size
    lengths = [(hand & tables.suit_mask[suit]).bit_count() for suit in range(4)]
    cards = cards_of(hand)
    if trump == NO_TRUMP:
        ranks = [rank_of(card) for card in cards if card < 52]
        joker = float(any(card >= 52 for card in cards))
        aces, kings, queens = ranks.count(ACE), ranks.count(KING), ranks.count(QUEEN)
        voids = sum(1 for length in lengths if length == 0)
        singletons = sum(1 for length in lengths if length == 1)
        return [tricks, max(lengths) / size, joker, aces / 4, kings / 4, queens / 4, 0.0, aces / 4, kings / 4, voids / 3,
                singletons / 3, 1.0]  # fmt: skip
    trumps = (hand & tables.suit_mask[trump]).bit_count()
    top = [float(hand >> card & 1) for card in tables.trump_order[:5]]
    top += [0.0] * (5 - len(top))
    side = [card for card in cards if tables.effective_suit[card] not in (trump, 4)]
    aces = sum(1 for card in side if rank_of(card) == ACE)
    kings = sum(1 for card in side if rank_of(card) == KING)
    side_lengths = [lengths[suit] for suit in range(4) if suit != trump]
    voids = sum(1 for length in side_lengths if length == 0)
    singletons = sum(1 for length in side_lengths if length == 1)
    return [tricks, trumps / size, *top, aces / 3, kings / 3, voids / 3, singletons / 3, 0.0]


def _position(view: View) -> list[float]:
    """The seat's place in the bidding order, from the dealer's left (one-hot over four places)."""
    place = (view.seat - view.dealer - 1) % view.players
    return [float(place == index) for index in range(4)]


def _dealer_relation(view: View) -> list[float]:
    """Who deals, one-hot: the seat itself, its partner, or an opponent."""
    dealer = view.dealer
    return [float(dealer == view.seat), float(dealer == view.partner), float(dealer not in (view.seat, view.partner))]


def _rank_among_trumps(view: View, card: int, trump: int) -> float:
    """How high ``card`` ranks among the trumps of suit ``trump``: 1 for the highest, 0 for the lowest or a non-trump."""
    order = tables_for(view, trump).trump_order
    return 1.0 - order.index(card) / max(1, len(order) - 1) if card in order else 0.0


def _best_trump(view: View, hand: int, trumps: Sequence[int]) -> tuple[int, float]:
    best, value = trumps[0], -1.0
    for trump in trumps:
        tricks = hand_tricks(view, hand, trump)
        if tricks > value:
            best, value = trump, tricks
    return best, value


def auction_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per auction action (``pass`` or ``bid:NS``) for the seat to act."""
    rules = view.rules
    size = rules.hand_size
    levels = [*rules.bid_levels, size]
    partner = view.partner
    standing_level, standing_trump, standing_seat = 0, -1, -1
    partner_trumps: set[int] = set()
    opponent_trumps: set[int] = set()
    passes = 0
    decode = view.space.decode_text
    for actor, action in view.history:
        decoded = decode(action)
        if decoded.kind == PASS:
            passes += 1
        elif decoded.kind == BID:
            trump = decoded.suit
            standing_level, standing_trump, standing_seat = decoded.level, trump, actor
            if actor == partner:
                partner_trumps.add(trump)
            elif actor != view.seat:
                opponent_trumps.add(trump)
    all_trumps = [0, 1, 2, 3, NO_TRUMP]
    best_trump, best_tricks = _best_trump(view, view.hand, all_trumps)
    context = [
        *_position(view),
        standing_level / size,
        float(standing_trump == NO_TRUMP),
        float(standing_seat >= 0 and standing_seat == partner),
        float(standing_seat >= 0 and standing_seat != partner and standing_seat != view.seat),
        float(standing_seat == view.seat),
        passes / 4,
        best_tricks / size,
    ]
    cache: dict[int, list[float]] = {}
    rows = []
    for action in actions:
        bid = decode(action)
        if bid.kind == BID:
            level, trump = bid.level, bid.suit
            kind = [0.0, float(trump != NO_TRUMP), float(trump == NO_TRUMP)]
        else:
            level, trump = 0, best_trump
            kind = [1.0, 0.0, 0.0]
        level_slots = [float(level == value) for value in levels[:4]]
        level_slots += [0.0] * (4 - len(level_slots))
        if trump not in cache:
            cache[trump] = trump_features(view, view.hand, trump)
        support = [float(trump in partner_trumps), float(trump in opponent_trumps)]
        rows.append([*kind, *level_slots, level / size, *cache[trump], *support, *context])
    return np.asarray(rows, dtype=np.float64)


def _turn_up_trump(view: View) -> int:
    turn_up = view.turn_up
    return NO_TRUMP if turn_up >= 52 else turn_up // 13


def round_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per action of the two bidding rounds (``pass``, ``order``, ``order:S``, ``call:S``)."""
    rules = view.rules
    size = rules.hand_size
    round_two = view.phase == "round-2"
    turn_up = view.turn_up
    turn_up_rank = 0.0
    if turn_up >= 0 and not round_two:
        trump = _turn_up_trump(view)
        turn_up_rank = _rank_among_trumps(view, turn_up, trump) if trump != NO_TRUMP else 1.0
    passes = sum(1 for _, action in view.history if action == "pass")
    candidates = [s for s in range(4) if not (round_two and turn_up >= 0 and turn_up < 52 and s == turn_up // 13)]
    best_trump, best_tricks = _best_trump(view, view.hand, candidates or [0])
    context = [*_position(view), *_dealer_relation(view), float(round_two), turn_up_rank, passes / 8, best_tricks / size]
    rows = []
    for action in actions:
        hand = view.hand
        if action == "pass":
            trump, kind = best_trump, [1.0, 0.0]
        else:
            decoded = view.space.decode_text(action)
            trump = decoded.suit if decoded.kind in (ORDER_SUIT, CALL) else _turn_up_trump(view)
            kind = [0.0, 1.0]
            if not round_two and view.seat == view.dealer and turn_up >= 0:
                with_turn_up = hand | 1 << turn_up
                hand = with_turn_up & ~best_discard(view, with_turn_up, trump)
        rows.append([*kind, *trump_features(view, hand, trump), *context])
    return np.asarray(rows, dtype=np.float64)


def maker_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per choice of the maker once trump is made (``partner``, ``alone``, ``jambone``).

    The maker's hand is measured as it will be after the pick-up (a dealer who ordered keeps the turn-up); the
    context says who deals (the turn-up goes to an opponent, to partner, or to the maker), in which round trump
    was made, how strong the turn-up is, the seat's place and the hand's expected tricks against those it needs.
    """
    rules = view.rules
    trump = view.trump
    round_one = view.turn_up >= 0 and view.turn_up_state == "face-up" and rules.bidding != "auction"
    turn_up_rank = _rank_among_trumps(view, view.turn_up, trump) if round_one and trump != NO_TRUMP else 0.0
    measured = trump_features(view, maker_hand(view), trump)
    needed = measured[0] * rules.hand_size / rules.tricks_to_make
    context = [*_position(view), *_dealer_relation(view), float(round_one), turn_up_rank, needed]
    rows = []
    for action in actions:
        kind = [float(action == "partner"), float(action == "alone"), float(action == "jambone")]
        rows.append([*kind, *measured, *context])
    return np.asarray(rows, dtype=np.float64)


def _discarded(view: View, action: str) -> int:
    """The cards a ``discard:`` action lays away, as a bit set (one card, or the auction declarer's several)."""
    return to_hand(view.space.decode_text(action).cards)


def discard_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per discard (a dealer's after the pick-up, or an auction declarer's after the kitty).

    The hand kept is measured against trump as for the bidding; the cards laid away are described by how many
    were trumps and how high the best of them ranked, the side aces and kings among them, the side suits they
    leave void, and whether they are the ``heuristic``'s choice; the context says whose contract it is (the
    seat's, its partner's or an opponent's), whether the maker is alone, the contract's level and the seat's
    place.
    """
    rules = view.rules
    size = rules.hand_size
    trump = view.trump
    tables = tables_for(view, trump)
    maker = view.maker
    level = contract_level(view.observation.get("contract")) / size
    context = [
        *_position(view),
        float(maker == view.seat),
        float(maker >= 0 and maker != view.seat and view.same_team(maker, view.seat)),
        float(maker >= 0 and not view.same_team(maker, view.seat)),
        float(view.alone),
        level,
    ]
    hand = view.hand
    count = _discarded(view, actions[0]).bit_count() if actions else 1
    favourite = best_discard(view, hand, trump, count)
    lengths = [(hand & tables.suit_mask[suit]).bit_count() for suit in range(4)]
    rows = []
    for action in actions:
        laid = _discarded(view, action)
        kept = hand & ~laid
        cards = cards_of(laid)
        trumps = [card for card in cards if trump != NO_TRUMP and tables.effective_suit[card] == trump]
        side = [card for card in cards if card not in trumps]
        top_trump = max((_rank_among_trumps(view, card, trump) for card in trumps), default=0.0)
        voids = sum(1 for suit in range(4) if suit != trump and lengths[suit] and not (kept & tables.suit_mask[suit]))
        described = [
            len(trumps) / len(cards),
            top_trump,
            sum(1 for card in side if card < 52 and rank_of(card) == ACE) / len(cards),
            sum(1 for card in side if card < 52 and rank_of(card) == KING) / len(cards),
            voids / 3,
            float(laid == favourite),
        ]
        rows.append([*trump_features(view, kept, trump), *described, *context])
    return np.asarray(rows, dtype=np.float64)


FEATURE_BUILDERS = {"auction": auction_rows, "rounds": round_rows, "maker": maker_rows, "discard": discard_rows}


def decision_rows(view: View, actions: Sequence[str]) -> np.ndarray | None:
    """The feature rows of ``actions`` at the view's decision, or None for a phase no feature set covers."""
    feature_set = FEATURE_SETS.get(view.phase)
    if feature_set is None:
        return None
    return FEATURE_BUILDERS[feature_set](view, actions)


__all__ = [
    "FEATURE_BUILDERS",
    "FEATURE_SETS",
    "auction_rows",
    "decision_rows",
    "discard_rows",
    "maker_rows",
    "round_rows",
    "trump_features",
]
