"""The state machine of one hand (one deal), for every variant.

A ``Hand`` starts from dealt cards and moves through phases (twos and threes,
bidding, the maker's choice, loner exchanges, defending alone, the pick-up,
play, the renege review) until it has a result.  Legal actions and ``apply``
dispatch on the phase.  ``Hand.apply_id`` is the unchecked door, for search
and simulation on copies of hands: the caller guarantees that the id is legal.
``Game.apply_id`` and ``Game.apply`` are the checked doors (``is_legal``) for
people, files and the network.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from itertools import combinations
from typing import Any, Final

from bowers.actions import (
    ALONE,
    BID,
    CALL,
    CLAIM_RENEGE,
    DECLINE,
    DEFEND_ALONE,
    DISCARD,
    DISCARD_KITTY,
    JAMBONE,
    ORDER,
    ORDER_SUIT,
    PARTNER,
    PASS,
    PLAY,
    PLAY_JOKER,
    TWOS_THREES,
    ActionSpace,
    bid_name,
)
from bowers.cards import JOKER, SUIT_LETTERS, THREE, TWO, cards_of, rank_of, suit_of
from bowers.tables import NO_TRUMP, TrumpTables, trump_tables
from bowers.variants import (
    AUCTION,
    JOKER_DEALER_NAMES,
    JOKER_NO_TRUMP,
    JOKER_ORDERER_NAMES,
    KITTY_DISCARD_TOGETHER,
    TWO_HAND,
    Rules,
)

# Phases.
TWOS_THREES_PHASE: Final = 0
JOKER_CALL: Final = 1
ROUND_ONE: Final = 2
PICKUP_CHOICE: Final = 3
ROUND_TWO: Final = 4
AUCTION_PHASE: Final = 5
MAKER_CHOICE: Final = 6
EXCHANGE: Final = 7
DEFEND: Final = 8
DISCARD_PHASE: Final = 9
PLAY_PHASE: Final = 10
REVIEW: Final = 11
OVER: Final = 12

PHASE_NAMES = (
    "twos-threes",
    "joker-call",
    "round-1",
    "pickup-choice",
    "round-2",
    "auction",
    "maker-choice",
    "exchange",
    "defend",
    "discard",
    "play",
    "renege-review",
    "over",
)

TWO_THREE_RANKS = (TWO, THREE)

# ---------------------------------------------------------------------- rule facts
# What the rules say about a hand, as functions of the few facts they read: the engine scores and leads by
# these, and bots, adapters and tools call them rather than work the rules out again.

JAMBOREE_BONUS: Final = 16  # points a Jamboree (the five top trumps in one hand) adds to its holder's team


class TrumpMade(Enum):
    """How trump was made in a hand; the value is the name tools print (``round 1``, ``stuck dealer``...)."""

    ORDERED_UP = "round 1"  # ordered up in the first round (``order``, or ``order:S`` naming a suit for a turned Joker)
    CALLED = "round 2"  # named in the second round by a seat free to pass
    STUCK_DEALER = "stuck dealer"  # named in the second round by the dealer, who may not pass (stick the dealer)
    JOKER_TURN_UP = "joker turn-up"  # named by the dealer for a turned-up Joker, before any bidding
    BID = "bid"  # the contract an auction's high bidder won


def tricks_needed(rules: Rules, contract_level: int = 0, jambone: bool = False) -> int:
    """The tricks the makers need to make their hand: all of them in a Jambone, the contract's level in an auction
    (``contract_level``), else the rules' ``tricks_to_make``."""
    if jambone:
        return rules.hand_size
    if rules.bidding == AUCTION:
        return contract_level
    return rules.tricks_to_make


def first_leader(rules: Rules, dealer: int, maker: int, alone: bool, sitting_out: Iterable[int] = ()) -> int:
    """The seat that leads the first trick: the auction's declarer, or the first seat playing to the left of the
    dealer (of a lone maker, where ``alone_lead`` is ``maker-left``); ``sitting_out`` lists the seats not playing."""
    if rules.bidding == AUCTION:
        return maker
    start = maker if alone and rules.alone_lead == "maker-left" else dealer
    out = set(sitting_out)
    n = rules.players
    for step in range(1, n + 1):
        seat = (start + step) % n
        if seat not in out:
            return seat
    raise ValueError("every seat sits out")


def add_jamboree_bonus(points: list[int], jamboree: Iterable[int], teams: int) -> list[int]:
    """Add ``JAMBOREE_BONUS`` to the team of each seat in ``jamboree`` (the seats that held one); returns ``points``,
    changed in place.  A renege that ends the hand voids the bonus: the engine then does not add it."""
    for seat in jamboree:
        points[seat % teams] = points[seat % teams] + JAMBOREE_BONUS
    return points


def trump_name(trump: int) -> str | None:
    """Trump as text: a suit letter, ``NT`` or None while undecided."""
    if trump < 0:
        return None
    return "NT" if trump == NO_TRUMP else SUIT_LETTERS[trump]


class Hand:
    """One deal of one variant, from the dealt cards to the hand's result."""

    __slots__ = (
        "active_count",
        "alone",
        "auction_out",
        "bid_index",
        "bid_suit",
        "claimed",
        "claims",
        "contract_level",
        "dealer",
        "dealt_hands",
        "defend_queue",
        "discarded",
        "effective_suit",
        "exchange_queue",
        "exchanges",
        "hands",
        "high_bidder",
        "history",
        "jambone",
        "jambone_chooser",
        "jambone_seat",
        "jamboree",
        "joker_leads",
        "kitty",
        "kitty_bottom",
        "leader",
        "led",
        "lone_defender",
        "maker",
        "n",
        "next_active",
        "passes",
        "pending_sit_out",
        "phase",
        "pickup_pending",
        "play_id",
        "power",
        "reneged",
        "reneges",
        "result",
        "returned",
        "review_queue",
        "rules",
        "shares_trick_lists",
        "sitting_out",
        "space",
        "suit_mask",
        "tables",
        "to_act",
        "trick_best",
        "trick_cards",
        "trick_leaders",
        "trick_winner",
        "tricks_played",
        "tricks_won",
        "trump",
        "turn",
        "turn_up",
        "turn_up_state",
        "twos_queue",
    )

    def __new__(cls, rules: Rules, space: ActionSpace, dealer: int, hands: list[int], kitty: list[int]) -> Hand:
        """A blank hand; ``copy`` fills one in without running ``__init__``.

        Its arguments match ``__init__``'s so that compiled code constructs a hand with direct calls.
        """
        return object.__new__(cls)

    def __init__(self, rules: Rules, space: ActionSpace, dealer: int, hands: list[int], kitty: list[int]) -> None:
        n = rules.players
        self.rules = rules
        self.space = space
        self.play_id = space.play_id
        self.reneges = rules.reneges
        self.suit_mask: list[int] = []
        self.power: list[list[int]] = []
        self.effective_suit: list[int] = []
        self.active_count = n
        self.joker_leads = False
        self.jambone_seat = -1
        self.n = n
        self.dealer = dealer
        self.hands = list(hands)
        self.dealt_hands = tuple(hands)
        self.kitty = list(kitty)
        self.turn_up = kitty[0] if rules.turn_up and kitty else -1
        self.turn_up_state = "face-up" if self.turn_up >= 0 else None
        self.history: list[int] = []  # seat, action id, seat, action id, ...: no object per action
        self.phase = ROUND_ONE
        self.to_act: int | None = (dealer + 1) % n
        self.turn = -1
        self.trump = -1
        self.tables: TrumpTables | None = None
        self.maker = -1
        self.alone = False
        self.lone_defender = -1
        self.jambone = False
        self.jambone_chooser = -1
        self.jamboree: tuple[int, ...] = ()
        self.sitting_out = 0  # bit set of seats
        self.next_active = NEXT_SEAT[n]
        self.passes = 0
        self.auction_out = 0
        self.high_bidder = -1
        self.contract_level = 0
        self.bid_index = -1
        self.bid_suit = -1
        self.pickup_pending = False
        # Queues and records are tuples: only ever replaced, never changed in place, so copies share them.
        self.exchange_queue: tuple[tuple[int, int], ...] = ()
        self.exchanges: tuple[tuple[int, int, int], ...] = ()  # (giver, receiver, card)
        self.pending_sit_out: tuple[int, ...] = ()
        self.defend_queue: tuple[int, ...] = ()
        self.discarded: tuple[int, ...] = ()
        self.returned: dict[int, list[int]] = {}
        self.twos_queue: tuple[int, ...] = ()
        self.kitty_bottom = len(self.kitty)
        self.trick_cards: list[int] = []  # the cards of the trick in progress, in play order (seats: from its leader)
        self.trick_leaders: list[int] = []  # the leader of each trick so far
        self.led = -1
        self.trick_best = -1
        self.trick_winner = -1
        self.leader = -1
        self.tricks_won = [0] * n
        self.shares_trick_lists = False  # tricks_won and trick_leaders are shared with a copy (copy on write)
        self.tricks_played = 0
        self.reneged: tuple[int, ...] = ()
        self.claimed = 0
        self.claims: tuple[tuple[int, bool], ...] = ()  # (claimant, correct) for every renege claim, in order
        self.review_queue: tuple[int, ...] = ()
        self.result: dict[str, Any] | None = None
        if rules.twos_threes:
            self.twos_queue = tuple((dealer + i) % n for i in range(1, n + 1))
            self._next_twos_threes()
        else:
            self._start_bidding()

    # ------------------------------------------------------------------ copying

    def copy(self) -> Hand:
        """An independent copy, field by field so that it compiles to plain stores.

        The lists changed in place on every action (``hands``, ``history``, ``trick_cards``) are copied;
        ``tricks_won`` and ``trick_leaders``, which change only when a trick ends, are shared until then
        (copy on write, ``_own_trick_lists``); every other list and dict is only ever replaced, never
        changed in place, so it is shared, like the immutable parts.
        """
        other = Hand.__new__(Hand, self.rules, self.space, self.dealer, self.hands, self.kitty)
        other.history = self.history[:]
        other.active_count = self.active_count
        other.alone = self.alone
        other.auction_out = self.auction_out
        other.bid_index = self.bid_index
        other.bid_suit = self.bid_suit
        other.claimed = self.claimed
        other.claims = self.claims
        other.contract_level = self.contract_level
        other.dealer = self.dealer
        other.dealt_hands = self.dealt_hands
        other.defend_queue = self.defend_queue
        other.discarded = self.discarded
        other.effective_suit = self.effective_suit
        other.exchange_queue = self.exchange_queue
        other.exchanges = self.exchanges
        other.hands = self.hands[:]
        other.high_bidder = self.high_bidder
        other.jambone = self.jambone
        other.jambone_chooser = self.jambone_chooser
        other.jambone_seat = self.jambone_seat
        other.jamboree = self.jamboree
        other.joker_leads = self.joker_leads
        other.kitty = self.kitty
        other.kitty_bottom = self.kitty_bottom
        other.leader = self.leader
        other.led = self.led
        other.lone_defender = self.lone_defender
        other.maker = self.maker
        other.n = self.n
        other.next_active = self.next_active
        other.passes = self.passes
        other.pending_sit_out = self.pending_sit_out
        other.phase = self.phase
        other.pickup_pending = self.pickup_pending
        other.play_id = self.play_id
        other.power = self.power
        other.reneged = self.reneged
        other.reneges = self.reneges
        other.result = self.result
        other.returned = self.returned
        other.review_queue = self.review_queue
        other.rules = self.rules
        other.sitting_out = self.sitting_out
        other.space = self.space
        other.suit_mask = self.suit_mask
        other.tables = self.tables
        other.to_act = self.to_act
        other.trick_cards = self.trick_cards[:]
        other.trick_leaders = self.trick_leaders  # shared until a trick ends in either hand (_own_trick_lists)
        other.trick_best = self.trick_best
        other.trick_winner = self.trick_winner
        other.tricks_played = self.tricks_played
        other.tricks_won = self.tricks_won
        other.shares_trick_lists = self.shares_trick_lists = True
        other.trump = self.trump
        other.turn = self.turn
        other.turn_up = self.turn_up
        other.turn_up_state = self.turn_up_state
        other.twos_queue = self.twos_queue
        return other

    # ------------------------------------------------------------------ helpers

    def team(self, seat: int) -> int:
        """Team of a seat."""
        return seat % self.rules.teams

    def partner(self, seat: int) -> int:
        """The seat opposite (two-hand: none, returns -1)."""
        if self.n == 2:
            return -1
        return (seat + self.n // 2) % self.n

    def is_active(self, seat: int) -> bool:
        """True unless the seat sits out this hand."""
        return not (self.sitting_out >> seat) & 1

    def active_from(self, seat: int) -> int:
        """The first active seat at or to the left of ``seat``."""
        n = self.n
        for i in range(n):
            candidate = (seat + i) % n
            if not (self.sitting_out >> candidate) & 1:
                return candidate
        raise AssertionError("no active seat")

    def _sit_out(self, seat: int) -> None:
        self.sitting_out |= 1 << seat
        self.next_active = tuple(self.active_from((s + 1) % self.n) for s in range(self.n))

    def _set_trump(self, trump: int) -> None:
        rules = self.rules
        self.trump = trump
        key = (rules.trump_jokers, rules.left_above_right, trump)
        tables = self.space.trump_tables.get(key)
        if tables is None:
            tables = self.space.trump_tables[key] = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump)
        self.tables = tables

    def turn_up_is_joker(self) -> bool:
        """True when the turned-up card is a Joker."""
        return self.turn_up >= 52

    # ------------------------------------------------------------------ phase starts

    def _next_twos_threes(self) -> None:
        if self.twos_queue and self.kitty_bottom - 1 >= 3:
            self.phase = TWOS_THREES_PHASE
            self.to_act = self.twos_queue[0]
            self.twos_queue = self.twos_queue[1:]
            return
        self.twos_queue = ()
        self._start_bidding()

    def _start_bidding(self) -> None:
        rules = self.rules
        self.passes = 0
        self.to_act = (self.dealer + 1) % self.n
        if rules.bidding == AUCTION:
            self.phase = AUCTION_PHASE
        elif self.turn_up_is_joker() and rules.joker_turn_up == JOKER_DEALER_NAMES:
            self.phase = JOKER_CALL
            self.to_act = self.dealer
        else:
            self.phase = ROUND_ONE

    def _trump_fixed(self, maker: int, trump: int, pickup: bool) -> None:
        self.maker = maker
        self._set_trump(trump)
        self.pickup_pending = pickup
        if self.rules.can_go_alone:
            self.phase = MAKER_CHOICE
            self.to_act = maker
        else:
            self._advance()

    def _advance(self) -> None:
        """Move to the next pending step after trump is fixed, or start play."""
        if self.exchange_queue:
            self.phase = EXCHANGE
            self.to_act = self.exchange_queue[0][0]
            return
        if self.pending_sit_out:
            for seat in self.pending_sit_out:
                self._sit_out(seat)
            self.pending_sit_out = ()
        if self.defend_queue:
            self.phase = DEFEND
            self.to_act = self.defend_queue[0]
            return
        if self.pickup_pending:
            self.pickup_pending = False
            if self.rules.bidding == AUCTION:
                for card in self.kitty:
                    self.hands[self.maker] |= 1 << card
                self.phase = DISCARD_PHASE
                self.to_act = self.maker
                return
            if self.is_active(self.dealer):
                self.hands[self.dealer] |= 1 << self.turn_up
                self.turn_up_state = "taken"
                self.phase = DISCARD_PHASE
                self.to_act = self.dealer
                return
        self._start_play()

    def _start_play(self) -> None:
        rules = self.rules
        tables = self.tables
        assert tables is not None
        if rules.jamboree and self.trump != NO_TRUMP and tables.top_trumps:
            top = tables.top_trumps
            self.jamboree = tuple(s for s in range(self.n) if self.is_active(s) and self.hands[s] & top == top)
        leader = first_leader(rules, self.dealer, self.maker, self.alone, self.sitting_out_seats)
        self.suit_mask = tables.suit_mask
        self.power = tables.power
        self.effective_suit = tables.effective_suit
        self.active_count = self.n - self.sitting_out.bit_count()
        self.joker_leads = self.trump == NO_TRUMP and rules.joker_turn_up == JOKER_NO_TRUMP and JOKER in rules.deck
        self.jambone_seat = self.maker if self.jambone else -1
        self.phase = PLAY_PHASE
        self._begin_turn(leader, new_trick=True)

    def _own_trick_lists(self) -> None:
        """Make ``tricks_won`` and ``trick_leaders`` this hand's own before changing them (a copy shares them)."""
        self.tricks_won = self.tricks_won[:]
        self.trick_leaders = self.trick_leaders[:]
        self.shares_trick_lists = False

    def _begin_turn(self, seat: int, new_trick: bool = False) -> None:
        if new_trick:
            self.leader = seat
            if self.shares_trick_lists:
                self._own_trick_lists()
            self.trick_leaders.append(seat)
        self.turn = seat
        self.to_act = self.jambone_chooser if seat == self.jambone_seat else seat

    # ------------------------------------------------------------------ legal actions

    def legal_ids(self) -> list[int]:
        """Ids of the legal actions of the seat to act, in id order."""
        if self.phase != PLAY_PHASE:
            return self._legal_setup()
        seat = self.turn
        playable = self.hands[seat]
        if self.reneges:
            return self._legal_play_reneges(seat, playable)
        if self.trick_cards:
            follow = playable & self.suit_mask[self.led]
            if follow:
                playable = follow
        elif self.joker_leads and playable >> JOKER & 1:
            return self._joker_lead_ids(playable)
        return _card_ids(playable, self.play_id)  # what _play_ids does, without the call

    def is_legal(self, action: int) -> bool:
        """Whether an action id (``0 <= action < len(space)``) is legal now: bit tests on the hand in play."""
        phase = self.phase
        if phase != PLAY_PHASE:
            if phase in (ROUND_ONE, ROUND_TWO):
                return self._is_legal_bid(action)
            if phase == DISCARD_PHASE and self.space.kinds[action] == DISCARD and self.to_act is not None:
                return self._is_legal_discard(self.to_act, self.space.cards[action])
            return action in self._legal_setup()
        space = self.space
        kind = space.kinds[action]
        if kind == PLAY:
            card = space.cards[action]
            seat = self.turn
            held = self.hands[seat]
            if self.reneges and self.trick_cards and seat != self.jambone_seat:
                return held >> card & 1 == 1  # any held card may be played, and the renege claimed later
            return self._may_play(card, held)
        if kind == PLAY_JOKER:
            return not self.trick_cards and self.joker_leads and self.hands[self.turn] >> JOKER & 1 == 1
        if kind == CLAIM_RENEGE:
            seat = self.turn
            return self.reneges and self.to_act == seat and self.claimed >> seat & 1 == 0
        return False

    def _may_play(self, card: int, held: int) -> bool:
        """Whether the seat in turn, holding ``held``, may play ``card`` (``play:C``) following suit."""
        if not held >> card & 1:
            return False
        if not self.trick_cards:
            return card != JOKER or not self.joker_leads  # a no-trump Joker leads with a suit named
        follow = held & self.suit_mask[self.led]
        return not follow or follow >> card & 1 == 1

    def _is_legal_bid(self, action: int) -> bool:
        """``is_legal`` in the two rounds of bidding on a turn-up, without building the list of legal actions."""
        if self.to_act is None:
            return False
        first = self.space.first_id
        if self.turn_up_is_joker() and (self.phase == ROUND_TWO or self.rules.joker_turn_up == JOKER_ORDERER_NAMES):
            return action in self._legal_setup()  # a Joker turned up: rare, the general rule
        if self.phase == ROUND_ONE:
            return action == first[PASS] or action == first[ORDER]
        if action == first[PASS]:
            return not (self.rules.stick_the_dealer and self.to_act == self.dealer)
        suit = action - first[CALL]
        return 0 <= suit < 4 and suit != suit_of(self.turn_up)

    def _is_legal_discard(self, seat: int, card: int) -> bool:
        """``is_legal`` for a one-card discard (``discard:C``), without listing the legal actions."""
        if self.rules.bidding == AUCTION and self.rules.kitty_discard == KITTY_DISCARD_TOGETHER:
            return False  # the kitty goes back as one action, ``discard:C1,C2,..``
        return self._discardable(seat) >> card & 1 == 1

    def _discardable(self, seat: int) -> int:
        """The cards ``seat`` may discard one at a time: all it holds but a taken turn-up that must be kept."""
        keep = 1 << self.turn_up if self.turn_up_state == "taken" and not self.rules.discard_turn_up else 0
        return self.hands[seat] & ~keep

    def _play_ids(self, playable: int) -> list[int]:
        """Play ids of a set of cards, in id order (play ids rise with the card): one step per card."""
        return _card_ids(playable, self.play_id)

    def _joker_lead_ids(self, playable: int) -> list[int]:
        """A no-trump Joker leads with a suit named: its four ``play:JK:S`` ids replace its plain play."""
        ids = self._play_ids(playable & ~(1 << JOKER))
        first = self.space.first_id[PLAY_JOKER]
        ids.extend(range(first, first + 4))
        return ids

    def _legal_play_reneges(self, seat: int, playable: int) -> list[int]:
        """With reneges allowed any held card may be played, and the player may claim a renege first.

        A Jambone hand lies face up, so its plays stay legal ones: its chooser cannot renege for it.
        """
        if self.trick_cards and seat == self.jambone_seat:
            follow = playable & self.suit_mask[self.led]
            if follow:
                playable = follow
        if not self.trick_cards and self.joker_leads and playable >> JOKER & 1:
            legal = self._joker_lead_ids(playable)
        else:
            legal = self._play_ids(playable)
        if self.to_act == seat and not (self.claimed >> seat) & 1:
            legal.append(self.space.first_id[CLAIM_RENEGE])
        return legal

    def _legal_setup(self) -> list[int]:
        space = self.space
        first = space.first_id
        phase = self.phase
        seat = self.to_act
        rules = self.rules
        if seat is None or phase == OVER:
            return []
        if phase == ROUND_ONE:
            if self.turn_up_is_joker() and rules.joker_turn_up == JOKER_ORDERER_NAMES:
                return [first[PASS], *range(first[ORDER_SUIT], first[ORDER_SUIT] + 4)]
            return [first[PASS], first[ORDER]]
        if phase == ROUND_TWO:
            ids = [] if (rules.stick_the_dealer and seat == self.dealer) else [first[PASS]]
            turned = -1 if self.turn_up_is_joker() else suit_of(self.turn_up)
            for suit in range(4):
                if suit != turned:
                    ids.append(first[CALL] + suit)
            return ids
        if phase == JOKER_CALL:
            return list(range(first[CALL], first[CALL] + 4))
        if phase == PICKUP_CHOICE:
            cards = self.hands[seat] | (1 << self.turn_up if rules.discard_turn_up else 0)
            return sorted([*(space.discard_id[c] for c in cards_of(cards)), first[DECLINE]])
        if phase == MAKER_CHOICE:
            ids = [first[PARTNER], first[ALONE]]
            if rules.jambone:
                ids.append(first[JAMBONE])
            return ids
        if phase == EXCHANGE:
            return _card_ids(self.hands[seat], space.give_id)
        if phase == DEFEND:
            return [first[PASS], first[DEFEND_ALONE]]
        if phase == DISCARD_PHASE:
            if rules.bidding == AUCTION and rules.kitty_discard == KITTY_DISCARD_TOGETHER:
                held = cards_of(self.hands[seat])
                ids = [space.kitty_discard_id[g] for g in _combinations(held, rules.kitty_size)]
                return sorted(ids)
            return _card_ids(self._discardable(seat), space.discard_id)
        if phase == AUCTION_PHASE:
            ids = [first[PASS]]
            start = first[BID]
            if self.high_bidder >= 0:
                standing = self._standing_bid_id()
                ids.extend(range(standing + 1, start + space.bid_count))
            else:
                ids.extend(range(start, start + space.bid_count))
            return ids
        if phase == TWOS_THREES_PHASE:
            low = [c for c in cards_of(self.hands[seat]) if rank_of(c) in TWO_THREE_RANKS]
            ids = [space.twos_threes_id[g] for g in _combinations(low, 3)]
            return [first[PASS], *sorted(ids)]
        if phase == REVIEW:
            return [first[PASS], first[CLAIM_RENEGE]]
        return []

    def _standing_bid_id(self) -> int:
        return self.space.first_id[BID] + self.bid_index

    # ------------------------------------------------------------------ applying

    def apply_if_legal(self, action: int) -> bool:
        """Apply an action id (``0 <= action < len(space)``) if it is legal now and return True; else change nothing.

        ``Game.apply_id``'s door: a card played in a hand without reneges is checked and applied in one step,
        with the lookups shared; every other action goes through ``is_legal`` and ``apply_id``.
        """
        if self.phase == PLAY_PHASE and not self.reneges:
            space = self.space
            if space.kinds[action] == PLAY:
                card = space.cards[action]
                if not self._may_play(card, self.hands[self.turn]):
                    return False
                history = self.history
                history.append(self.to_act)  # type: ignore[arg-type]  # a seat is to act in play
                history.append(action)
                self._play(card, -1)
                return True
        if not self.is_legal(action):
            return False
        self.apply_id(action)
        return True

    def apply_id(self, action: int) -> None:
        """Apply a legal action id, unchecked: the caller guarantees legality (``Game.apply_id`` checks)."""
        seat: int = self.to_act  # type: ignore[assignment]
        history = self.history
        history.append(seat)
        history.append(action)
        if self.phase != PLAY_PHASE:
            self._apply_setup(seat, action)
            return
        space = self.space
        kind = space.kinds[action]
        if kind == PLAY:
            self._play(space.cards[action], -1)
        elif kind == PLAY_JOKER:
            self._play(JOKER, space.suits[action])
        else:
            self._claim(seat)

    def _apply_setup(self, seat: int, action: int) -> None:
        space = self.space
        kind = space.kinds[action]
        phase = self.phase
        n = self.n
        rules = self.rules
        if phase == ROUND_ONE:
            if kind == PASS:
                self.passes += 1
                if self.passes == n:
                    self.phase = ROUND_TWO
                    self.turn_up_state = "turned-down"
                    self.passes = 0
                self.to_act = (seat + 1) % n
                return
            if kind == ORDER_SUIT:
                self._trump_fixed(seat, space.suits[action], pickup=True)
                return
            trump = NO_TRUMP if self.turn_up_is_joker() else suit_of(self.turn_up)
            if rules.bidding == TWO_HAND and seat != self.dealer:
                self.maker = seat
                self._set_trump(trump)
                self.phase = PICKUP_CHOICE
                self.to_act = self.dealer
                return
            self._trump_fixed(seat, trump, pickup=True)
            return
        if phase == ROUND_TWO:
            if kind == PASS:
                self.passes += 1
                if self.passes == n:
                    self._misdeal()
                    return
                self.to_act = (seat + 1) % n
                return
            self._trump_fixed(seat, space.suits[action], pickup=False)
            return
        if phase == JOKER_CALL:
            self._trump_fixed(seat, space.suits[action], pickup=True)
            return
        if phase == PICKUP_CHOICE:
            if kind == DISCARD:
                card = space.cards[action]
                self.hands[seat] = (self.hands[seat] | 1 << self.turn_up) & ~(1 << card)
                self.discarded = (*self.discarded, card)
                self.turn_up_state = "taken"
            self._advance()
            return
        if phase == MAKER_CHOICE:
            if kind != PARTNER:
                self.alone = True
                partner = self.partner(seat)
                if kind == JAMBONE:
                    self.jambone = True
                    self.jambone_chooser = (seat + 1) % n
                if rules.loner_exchange:
                    self.exchange_queue = ((seat, partner), (partner, seat))
                    self.pending_sit_out = (partner,)
                else:
                    self._sit_out(partner)
                if rules.defend_alone and kind == ALONE:
                    self.defend_queue = tuple(s for s in ((seat + i) % n for i in range(1, n)) if self.team(s) != self.team(seat))
            self._advance()
            return
        if phase == EXCHANGE:
            giver, receiver = self.exchange_queue[0]
            self.exchange_queue = self.exchange_queue[1:]
            card = space.cards[action]
            self.hands[giver] &= ~(1 << card)
            self.hands[receiver] |= 1 << card
            self.exchanges = (*self.exchanges, (giver, receiver, card))
            self._advance()
            return
        if phase == DEFEND:
            self.defend_queue = self.defend_queue[1:]
            if kind == DEFEND_ALONE:
                self.lone_defender = seat
                self.defend_queue = ()
                partner = self.partner(seat)
                if rules.loner_exchange:
                    self.exchange_queue = ((seat, partner), (partner, seat))
                    self.pending_sit_out = (partner,)
                else:
                    self._sit_out(partner)
            self._advance()
            return
        if phase == DISCARD_PHASE:
            cards = space.card_sets[action] if kind == DISCARD_KITTY else (space.cards[action],)
            for card in cards:
                self.hands[seat] &= ~(1 << card)
            self.discarded = (*self.discarded, *cards)
            if self.hands[seat].bit_count() > rules.hand_size:  # a kitty discarded one card at a time
                return
            self._start_play()
            return
        if phase == AUCTION_PHASE:
            self._auction(seat, action)
            return
        if phase == TWOS_THREES_PHASE:
            if kind == TWOS_THREES:
                group = space.card_sets[action]
                for card in group:
                    self.hands[seat] &= ~(1 << card)
                bottom = self.kitty_bottom
                for card in self.kitty[bottom - 3 : bottom]:
                    self.hands[seat] |= 1 << card
                self.kitty_bottom = bottom - 3
                self.returned = {**self.returned, seat: list(group)}  # replaced, never changed in place: copies share it
            self._next_twos_threes()
            return
        if phase == REVIEW:
            self.review_queue = self.review_queue[1:]
            if kind == CLAIM_RENEGE and self._claim(seat):
                return
            self._next_review()
            return
        raise AssertionError(f"no action in phase {PHASE_NAMES[phase]}")

    # ------------------------------------------------------------------ auction

    def _auction(self, seat: int, action: int) -> None:
        space = self.space
        n = self.n
        if space.kinds[action] == PASS:
            self.auction_out |= 1 << seat
        else:
            self.high_bidder = seat
            self.contract_level = space.levels[action]
            self.trump = -1
            self.bid_suit = space.suits[action]
            self.bid_index = action - space.first_id[BID]
            if space.suits[action] == NO_TRUMP:
                self._auction_won()
                return
        still_in = [s for s in range(n) if not (self.auction_out >> s) & 1]
        if not still_in:
            self._misdeal()
            return
        if self.high_bidder >= 0 and still_in == [self.high_bidder]:
            self._auction_won()
            return
        for i in range(1, n + 1):
            candidate = (seat + i) % n
            if not (self.auction_out >> candidate) & 1:
                self.to_act = candidate
                return

    def _auction_won(self) -> None:
        self._trump_fixed(self.high_bidder, self.bid_suit, pickup=True)

    def contract(self) -> str | None:
        """The winning bid of an auction hand (``4H``, ``5NT``), else None."""
        if self.rules.bidding != AUCTION or self.high_bidder < 0:
            return None
        return bid_name(self.contract_level, self.bid_suit)

    # ------------------------------------------------------------------ play

    def _play(self, card: int, named_suit: int) -> None:
        seat = self.turn
        bit = 1 << card
        hands = self.hands
        held = hands[seat]
        hands[seat] = held ^ bit
        trick = self.trick_cards
        if not trick:
            led = named_suit if named_suit >= 0 else self.effective_suit[card]
            self.led = led
            self.trick_best = self.power[led][card]
            self.trick_winner = seat
        else:
            led = self.led
            if self.reneges:
                mask = self.suit_mask[led]
                if not bit & mask and held & mask:
                    self.reneged = (*self.reneged, seat)
            power = self.power[led][card]
            if power > self.trick_best:
                self.trick_best = power
                self.trick_winner = seat
        trick.append(card)
        if len(trick) < self.active_count:
            following = self.next_active[seat]
            self.turn = following
            self.to_act = self.jambone_chooser if following == self.jambone_seat else following
            return
        winner = self.trick_winner
        if self.shares_trick_lists:
            self._own_trick_lists()
        tricks_won = self.tricks_won
        tricks_won[winner] = tricks_won[winner] + 1  # compiled: a native add, where += goes through the generic one
        self.tricks_played += 1
        trick.clear()  # a copy of the hand copies this list, so clearing it in place is safe
        self.led = -1
        if self.tricks_played < self.rules.hand_size:
            self._begin_turn(winner, new_trick=True)
            return
        if self.rules.reneges:
            seats_from_dealers_left = ((self.dealer + i) % self.n for i in range(1, self.n + 1))
            self.review_queue = tuple(s for s in seats_from_dealers_left if self.is_active(s))
            self._next_review()
            return
        self._score()

    def _next_review(self) -> None:
        while self.review_queue and (self.claimed >> self.review_queue[0]) & 1:
            self.review_queue = self.review_queue[1:]
        if self.review_queue:
            self.phase = REVIEW
            self.to_act = self.review_queue[0]
            return
        self._score()

    def _claim(self, seat: int) -> bool:
        """A renege claim by ``seat``; returns True when it was right (and ended the hand)."""
        self.claimed |= 1 << seat
        team = self.team(seat)
        for reneger in self.reneged:
            if self.team(reneger) != team:
                self.claims = (*self.claims, (seat, True))
                self._renege_penalty(seat, reneger)
                return True
        self.claims = (*self.claims, (seat, False))
        return False

    # ------------------------------------------------------------------ endings

    def _misdeal(self) -> None:
        self.phase = OVER
        self.to_act = None
        self.turn = -1
        self.result = self._base_result(misdeal=True, points=[0] * self.rules.teams, made=None)

    def _renege_penalty(self, claimant: int, reneger: int) -> None:
        rules = self.rules
        played_alone = self.alone or self.lone_defender >= 0
        penalty = rules.renege_penalty_alone if played_alone else rules.renege_penalty
        reneger_team = self.team(reneger)
        points = [0 if t == reneger_team else penalty for t in range(rules.teams)]
        self.phase = OVER
        self.to_act = None
        self.turn = -1
        self.result = self._base_result(misdeal=False, points=points, made=None)
        self.result["renege"] = {"claimant": claimant, "reneger": reneger, "penalty": penalty}
        self.result["jamboree_scored"] = False  # the Jamboree was held (``jamboree``) but the renege voids its bonus

    def _score(self) -> None:
        rules = self.rules
        teams = rules.teams
        team_tricks = self.team_tricks
        maker_team = self.team(self.maker)
        made = team_tricks[maker_team] >= tricks_needed(rules, self.contract_level, self.jambone)
        lone_defence = self.lone_defender >= 0
        alone, jambone = self.alone, self.jambone
        points = hand_points(rules.scoring, rules.hand_size, team_tricks, maker_team, made, alone, lone_defence, jambone)
        if self.jamboree:
            add_jamboree_bonus(points, self.jamboree, teams)
        self.phase = OVER
        self.to_act = None
        self.turn = -1
        self.result = self._base_result(misdeal=False, points=points, made=made)

    def _base_result(self, misdeal: bool, points: list[int], made: bool | None) -> dict[str, Any]:
        # Filling in a copy of a template (the keys in record order) is cheaper than building a dict key by key.
        result = _RESULT_TEMPLATE.copy()
        result["dealer"] = self.dealer
        result["maker"] = None if self.maker < 0 else self.maker
        result["trump"] = trump_name(self.trump)
        result["alone"] = self.alone
        result["lone_defender"] = None if self.lone_defender < 0 else self.lone_defender
        result["tricks"] = self.tricks_won[:]
        result["points"] = points
        result["misdeal"] = misdeal
        result["made"] = made
        result["jambone"] = self.jambone
        result["jamboree"] = list(self.jamboree)
        result["jamboree_scored"] = bool(self.jamboree) and not misdeal
        result["twos_threes"] = sorted(self.returned) if self.returned else []
        result["contract"] = self.contract()
        result["renege_claims"] = [{"claimant": claimant, "correct": correct} for claimant, correct in self.claims]
        return result

    # ------------------------------------------------------------------ reading

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every action of the hand so far as ``(seat, action id)``, in order (a fresh list)."""
        history = self.history
        return [(history[i], history[i + 1]) for i in range(0, len(history), 2)]

    @property
    def trick(self) -> list[tuple[int, int]]:
        """The trick in progress as ``(seat, card)`` in play order (a fresh list)."""
        out = []
        seat = self.leader
        for card in self.trick_cards:
            out.append((seat, card))
            seat = self.next_active[seat]
        return out

    def finished_plays(self) -> list[int]:
        """The play actions of the finished tricks, in order (read from the history: ``played`` and ``suits_led``
        take them as an argument so that a reader wanting both scans the history once)."""
        if not self.tricks_played:
            return []
        kinds = self.space.kinds
        plays = [action for action in self.history[1::2] if PLAY <= kinds[action] <= PLAY_JOKER]
        return plays[: self.tricks_played * self.active_count]

    @property
    def played(self) -> list[list[tuple[int, int]]]:
        """The finished tricks, each as ``(seat, card)`` in play order with the seat whose hand the card came from
        (in a Jambone an opponent chooses the exposed hand's card, so the seat that acted is not always its owner);
        fresh lists, rebuilt from the history."""
        return self.played_from(self.finished_plays())

    def played_from(self, plays: list[int]) -> list[list[tuple[int, int]]]:
        """``played``, from the finished tricks' play actions (``finished_plays``)."""
        tricks: list[list[tuple[int, int]]] = []
        cards = self.space.cards
        size = self.active_count
        next_active = self.next_active
        for number in range(self.tricks_played):
            seat = self.trick_leaders[number]
            trick = []
            for action in plays[number * size : (number + 1) * size]:
                trick.append((seat, cards[action]))
                seat = next_active[seat]
            tricks.append(trick)
        return tricks

    @property
    def suits_led(self) -> list[int]:
        """The suit led to each finished trick (the suit a no-trump Joker named when it led), in order (a fresh list)."""
        return self.suits_led_from(self.finished_plays())

    def suits_led_from(self, plays: list[int]) -> list[int]:
        """``suits_led``, from the finished tricks' play actions (``finished_plays``)."""
        suits: list[int] = []
        tables = self.tables
        if tables is None:
            return suits
        space = self.space
        kinds = space.kinds
        for start in range(0, len(plays), self.active_count):
            action = plays[start]
            suits.append(space.suits[action] if kinds[action] == PLAY_JOKER else tables.effective_suit[space.cards[action]])
        return suits

    @property
    def trick_winners(self) -> list[int]:
        """The seat that took each finished trick, in order (a fresh list)."""
        played = self.tricks_played
        winners = self.trick_leaders[1 : played + 1]  # each trick's winner leads the next
        if len(winners) < played:
            winners.append(self.trick_winner)  # the last trick of the hand: no one led after it
        return winners

    @property
    def team_tricks(self) -> list[int]:
        """Tricks taken so far by each team (a fresh list)."""
        teams = self.rules.teams
        team_tricks = [0] * teams
        for seat, count in enumerate(self.tricks_won):
            team = seat % teams
            team_tricks[team] = team_tricks[team] + count  # compiled: a native add (+= on an item is the generic one)
        return team_tricks

    @property
    def tricks_needed(self) -> int | None:
        """The tricks the makers need (``tricks_needed`` of the rules); None until someone makes trump."""
        if self.maker < 0:
            return None
        return tricks_needed(self.rules, self.contract_level, self.jambone)

    @property
    def trump_made(self) -> TrumpMade | None:
        """How trump was made (see ``TrumpMade``); None until it is, and in a misdeal.

        Read from the history when asked, so that making trump costs the engine nothing more.
        """
        if self.maker < 0:
            return None
        rules = self.rules
        if rules.bidding == AUCTION:
            return TrumpMade.BID
        history = self.history
        kinds = self.space.kinds
        for index in range(1, len(history), 2):
            kind = kinds[history[index]]
            if kind in (ORDER, ORDER_SUIT):
                return TrumpMade.ORDERED_UP
            if kind == CALL:
                if self.turn_up_is_joker() and rules.joker_turn_up == JOKER_DEALER_NAMES:
                    return TrumpMade.JOKER_TURN_UP
                if rules.stick_the_dealer and history[index - 1] == self.dealer:
                    return TrumpMade.STUCK_DEALER
                return TrumpMade.CALLED
        raise AssertionError("a maker without an order or a call")

    @property
    def sitting_out_seats(self) -> list[int]:
        """The seats that sit out this hand, in seat order (a fresh list)."""
        return [seat for seat in range(self.n) if (self.sitting_out >> seat) & 1]

    @property
    def action_count(self) -> int:
        """How many actions the hand has had."""
        return len(self.history) // 2

    @property
    def kitty_as_dealt(self) -> list[int]:
        """The kitty in dealt order, turn-up first (it is never reordered)."""
        return self.kitty

    @property
    def phase_name(self) -> str:
        """The phase as text."""
        return PHASE_NAMES[self.phase]


# Every key of a hand's result, in the order records write them ("renege" stays None unless a claim ends the hand).
_RESULT_TEMPLATE: Final[dict[str, Any]] = {
    "dealer": None,
    "maker": None,
    "trump": None,
    "alone": False,
    "lone_defender": None,
    "tricks": None,
    "points": None,
    "misdeal": False,
    "made": None,
    "jambone": False,
    "jamboree": None,
    "jamboree_scored": False,
    "twos_threes": None,
    "contract": None,
    "renege": None,
    "renege_claims": None,
}
RESULT_KEYS: Final = tuple(_RESULT_TEMPLATE)  # the fields of a hand's result, in record order


def _card_ids(cards: int, id_of_card: list[Any]) -> list[int]:
    """The ids of a set of cards (a bit set) by a table from card to id, in card order.

    The ids are moved as objects (``Any``): compiled code then neither unboxes nor reboxes them.
    """
    ids: list[Any] = []
    while cards:
        low = cards & -cards
        ids.append(id_of_card[low.bit_length() - 1])
        cards ^= low
    return ids


# The seat to the left of each seat, for each number of players (shared: a hand replaces it, never changes it).
NEXT_SEAT: Final = tuple(tuple((seat + 1) % players for seat in range(players)) for players in range(7))


def _combinations(cards: list[int], size: int) -> list[tuple[int, ...]]:
    return list(combinations(cards, size))


# ---------------------------------------------------------------------- scoring hooks


def _score_standard(
    hand_size: int, team_tricks: list[int], maker_team: int, made: bool, alone: bool, lone_defence: bool, jambone: bool
) -> list[int]:
    points = [0] * len(team_tricks)
    if made:
        if team_tricks[maker_team] == hand_size:
            points[maker_team] = 4 if alone else 2
        else:
            points[maker_team] = 1
    else:
        points[1 - maker_team] = 4 if lone_defence else 2
    return points


def _score_railroad(
    hand_size: int, team_tricks: list[int], maker_team: int, made: bool, alone: bool, lone_defence: bool, jambone: bool
) -> list[int]:
    teams = len(team_tricks)
    points = [0] * teams
    if jambone:
        if team_tricks[maker_team] == hand_size:
            points[maker_team] = 28
        else:
            points = [0 if t == maker_team else 28 for t in range(teams)]
        return points
    if made:
        points[maker_team] = (2 if alone else 1) * team_tricks[maker_team]
        return points
    multiplier = 3 if lone_defence else 2 if alone else 1
    for team in range(teams):
        if team != maker_team:
            points[team] = multiplier * team_tricks[team]
    return points


def _score_ultimate(
    hand_size: int, team_tricks: list[int], maker_team: int, made: bool, alone: bool, lone_defence: bool, jambone: bool
) -> list[int]:
    points = [0, 0]
    if made:
        march = 14 if alone else 7  # a lone march doubles, as in the standard game
        points[maker_team] = march if team_tricks[maker_team] == hand_size else 5
    else:
        points[1 - maker_team] = 7
    return points


def _score_bid(
    hand_size: int, team_tricks: list[int], maker_team: int, made: bool, alone: bool, lone_defence: bool, jambone: bool
) -> list[int]:
    points = [0, 0]
    if made:
        points[maker_team] = 2 if team_tricks[maker_team] == hand_size else 1
    else:
        points[1 - maker_team] = 2
    return points


SCORING = {
    "standard": _score_standard,
    "two-hand": _score_standard,
    "railroad": _score_railroad,
    "ultimate": _score_ultimate,
    "bid": _score_bid,
}


def hand_points(
    scoring: str,
    hand_size: int,
    team_tricks: list[int],
    maker_team: int,
    made: bool,
    alone: bool = False,
    lone_defence: bool = False,
    jambone: bool = False,
) -> list[int]:
    """Each team's points for a played-out hand under a named scoring hook (before any Jamboree bonus).

    The scoring hooks read only these facts, so bots can price a contract without a hand in play.
    """
    # Direct calls for the known hooks: cheaper in compiled code than a call through the table.
    if scoring in ("standard", "two-hand"):
        return _score_standard(hand_size, team_tricks, maker_team, made, alone, lone_defence, jambone)
    if scoring == "railroad":
        return _score_railroad(hand_size, team_tricks, maker_team, made, alone, lone_defence, jambone)
    return SCORING[scoring](hand_size, team_tricks, maker_team, made, alone, lone_defence, jambone)


__all__ = [
    "JAMBOREE_BONUS",
    "PHASE_NAMES",
    "RESULT_KEYS",
    "Hand",
    "TrumpMade",
    "add_jamboree_bonus",
    "first_leader",
    "hand_points",
    "tricks_needed",
    "trump_name",
]
