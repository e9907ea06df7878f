"""The heuristic's auction in the bid variants (``bid``, ``bid-railroad``) from version 2: bids read as cards.

A suit bid promises the tricks its level needs: ``expected_from_bidder`` is what
the bidder's own hand should take in the bid suit, the rest coming from the
kitty and an average partner (``promised_tricks`` the least of it).  No-trump
over partner's standing suit bid must beat that contract as its bid promises it,
with this hand's help (a five-level heart bid makes with this hand's ace), and
``sampler`` deals the other seats hands that keep their bids' promises.
No-trump, which must take every trick, is valued by the tricks the hand cashes
from the top (``strength.sure_tricks``) and what the kitty adds (the declarer
keeps the best of its cards and the kitty's, and leads).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bowers.actions import BID
from bowers.bots.heuristic import hand_tricks, tables_for
from bowers.bots.strength import contract_value, sure_tricks
from bowers.bots.view import View
from bowers.cards import to_hand
from bowers.tables import NO_TRUMP
from bowers.variants import Rules

# Tricks a bid's promise may fall short of the level's need: bids compete, so some are stretched.
PROMISE_SLACK = 0.75
# Of the tricks a no-trump hand does not cash from the top, the share it takes all the same (guarded kings).
NO_TRUMP_HONOUR_SHARE = 0.8
# What the kitty adds to a no-trump hand: much, since the declarer keeps the best of its cards and the kitty's and
# leads.  Measured in heuristic duplicate matches against version 1 (2,000 deals, seeds 11-13): 1.4 here and 0.8
# above gain 0.06-0.07 points a deal in bid (in self-play a fifth of the contracts in no-trump, two in three made) and lose
# nothing in bid-railroad, where 1.6 lost up to 0.03; 0.3 and 0.5 (no-trump on sure tricks alone) gained nothing.
NO_TRUMP_KITTY = 1.4
# What partner adds to it: less when partner has bid a suit (its strength is in trumps no-trump does not have).
NO_TRUMP_PARTNER = 0.3
NO_TRUMP_PARTNER_BID = 0.15
# The spread of a hand's tricks when it cashes every trick it needs from the top (no-trump's sure tricks, or a suit
# hand of nothing but top trumps); a no-trump hand short of them widens it to a suit's.
SURE_SPREAD = 0.35
# Points a bid over partner's standing bid must gain on top of ``bid_margin``.
PARTNER_MARGIN = 0.5
# Tricks partner's trumps add to a bid in a suit partner bid, beyond an average partner's.
PARTNER_SUIT_SUPPORT = 0.6


@dataclass(frozen=True)
class Bids:
    """What one seat has bid in the auction: its highest level in each suit (no-trump included), by trump index."""

    levels: dict[int, int]

    def level(self, trump: int) -> int:
        """The highest level bid in ``trump`` (0 if none)."""
        return self.levels.get(trump, 0)


def bids_by_seat(view: View) -> dict[int, Bids]:
    """Every seat's bids so far, by seat (seats that have not bid are absent)."""
    decode = view.space.decode_text
    levels: dict[int, dict[int, int]] = {}
    for actor, action in view.history:
        bid = decode(action)
        if bid.kind == BID:
            seat = levels.setdefault(actor, {})
            seat[bid.suit] = max(seat.get(bid.suit, 0), bid.level)
    return {seat: Bids(found) for seat, found in levels.items()}


def average_share(rules: Rules, settings: Mapping[str, Any]) -> float:
    """The tricks an average partner takes (the heuristic's ``partner_share`` of a seat's tricks)."""
    return float(settings["partner_share"]) * rules.hand_size / rules.players


def expected_from_bidder(rules: Rules, settings: Mapping[str, Any], level: int) -> float:
    """The tricks a bid of ``level`` expects from its bidder's own hand: the level, less what the kitty and an
    average partner bring."""
    return level - float(settings["kitty_gain"]) - average_share(rules, settings)


def promised_tricks(rules: Rules, settings: Mapping[str, Any], level: int) -> float:
    """The least a bid of ``level`` promises from its bidder's own hand: what it expects, less ``PROMISE_SLACK``
    for a stretched bid."""
    return expected_from_bidder(rules, settings, level) - PROMISE_SLACK


def promised_top_trumps(rules: Rules, level: int) -> int:
    """How many of the top trumps a suit bid of ``level`` promises: two at the top level, else one."""
    return 2 if level >= rules.hand_size else 1


def tricks_beside_partner(view: View, trump: int, level: int) -> float:
    """This hand's tricks in the trump partner bid at ``level``: the top trumps that bid promises are partner's,
    not the opponents', so this hand's lower trumps count as they would behind them."""
    tables = tables_for(view, trump)
    partners = [card for card in tables.trump_order if view.unseen >> card & 1 and not view.hand >> card & 1]
    taken = to_hand(partners[: promised_top_trumps(view.rules, level)])
    return hand_tricks(view, view.hand, trump, view.unseen & ~view.hand & ~taken)


def top_trumps(view: View, trump: int) -> int:
    """How many of the hand's trumps no outstanding trump outranks: the top of the suit down to the first trump
    this hand lacks (a card played or laid away does not break the run)."""
    run = 0
    for card in tables_for(view, trump).trump_order:
        if view.hand >> card & 1:
            run += 1
        elif view.unseen >> card & 1:
            break
    return run


def no_trump_value(view: View, settings: Mapping[str, Any], level: int, partner_bids: Bids) -> float:
    """Expected net points of declaring no-trump at ``level``, the better of two readings of the hand.

    By its sure tricks: those, most of its other honours, what the kitty brings and a little from partner, with a
    spread that narrows as the sure tricks reach the level (four aces and a king are five tricks, not an average hand's
    estimate).  By its honours, as the first release did: where failing costs little (Railroad's scoring pays
    the defenders only their tricks), a hand short of sure tricks may still be worth the try.
    """
    rules = view.rules
    spread = float(settings["trick_spread"])
    kitty = float(settings["kitty_gain"])
    tables = tables_for(view, NO_TRUMP)
    sure = sure_tricks(view.hand, tables, rules.deck, view.unseen & ~view.hand)
    estimate = hand_tricks(view, view.hand, NO_TRUMP)
    bid_suit = any(trump != NO_TRUMP for trump in partner_bids.levels)
    partner = NO_TRUMP_PARTNER_BID if bid_suit else NO_TRUMP_PARTNER
    mean = sure + NO_TRUMP_HONOUR_SHARE * max(0.0, estimate - sure) + NO_TRUMP_KITTY + partner
    missing = max(0.0, level - sure) / level
    by_sure_tricks = contract_value(rules, mean, spread * (SURE_SPREAD + (1.0 - SURE_SPREAD) * missing), level)
    support = average_share(rules, settings) + (PARTNER_SUIT_SUPPORT if partner_bids.level(NO_TRUMP) else 0.0)
    by_honours = contract_value(rules, estimate + kitty + support, spread, level)
    return max(by_sure_tricks, by_honours)


def auction_choice(view: View, settings: Mapping[str, Any]) -> str:
    """The bid (or pass) worth most, each bid by its contract's expected points.

    As in the first release, a bid in a suit partner bid counts on partner's trumps, and a bid over partner's
    standing bid must be worth half a point more than passing; no-trump over it must also beat partner's
    contract as its bid promises it, with this hand's help (a five-level heart bid makes with this hand's ace).
    """
    rules = view.rules
    spread = float(settings["trick_spread"])
    kitty = float(settings["kitty_gain"])
    average = average_share(rules, settings)
    partner_bids = bids_by_seat(view).get(view.partner, Bids({}))
    decode = view.space.decode_text
    standing = next(((seat, bid) for seat, action in reversed(view.history) if (bid := decode(action)).kind == BID), None)
    margin = float(settings["bid_margin"])
    partners_contract = -1e9  # passing: partner's standing contract, as its bid promises it, with this hand's help
    if standing is not None and standing[0] == view.partner:
        margin += PARTNER_MARGIN
        level, trump = standing[1].level, standing[1].suit
        if trump != NO_TRUMP:
            mean = expected_from_bidder(rules, settings, level) + kitty + tricks_beside_partner(view, trump, level)
            partners_contract = contract_value(rules, mean, spread, level)
    best, best_value = "pass", margin
    for action in view.legal:
        bid = decode(action)
        if bid.kind != BID:
            continue
        if bid.suit == NO_TRUMP:
            value = no_trump_value(view, settings, bid.level, partner_bids) - max(0.0, partners_contract)
        elif not view.hand & to_hand(tables_for(view, bid.suit).trump_order):
            continue  # the kitty may bring a trump, but a bid that needs it is a gamble
        else:
            support = average + (PARTNER_SUIT_SUPPORT if partner_bids.level(bid.suit) else 0.0)
            mean = hand_tricks(view, view.hand, bid.suit) + kitty + support
            # A hand of nothing but the top trumps takes every trick: as sure as no-trump on as many sure tricks.
            certain = top_trumps(view, bid.suit) >= view.hand.bit_count()
            value = contract_value(rules, mean, spread * (SURE_SPREAD if certain else 1.0), bid.level)
        if value > best_value:
            best, best_value = action, value
    return best


__all__ = [
    "Bids",
    "auction_choice",
    "bids_by_seat",
    "expected_from_bidder",
    "no_trump_value",
    "promised_top_trumps",
    "promised_tricks",
    "top_trumps",
    "tricks_beside_partner",
]
