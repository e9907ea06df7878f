"""A whole game to the target: deals from a seed, scores, results, records and replay.

Deal ``k`` of a game depends only on ``(seed, k)``: the deck is shuffled by a
Fisher-Yates walk driven by SHAKE-128 of the seed and the deal number, so a
record, a replay and ``from_deal`` all continue the same way on every Python
version.  The next hand is dealt inside the ``apply`` that ends the last one.
"""

from __future__ import annotations

import copy
import json
import math
import os
import secrets
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, overload

from bowers.actions import ActionSpace, canonical_action, space_for
from bowers.cards import CARD_NAMES, SEVEN, Card, cards_of, hand_names, parse_card, rank_of, to_hand
from bowers.deal_hash import shake128_int
from bowers.deal_hash import shuffle as compiled_shuffle
from bowers.errors import BowersError, IllegalAction, NotationError, OptionError, RecordError, Refusal, quoted
from bowers.hand import RESULT_KEYS, Hand, trump_name
from bowers.observation import SPECTATOR, build_observation, build_public_observation
from bowers.refusals import why_refused
from bowers.variants import DealRound, Rules, as_rules, game_winner, make_rules

FORMAT_VERSION: Final = 1
MAX_SEED_BITS = 4096  # far beyond any seed in use; longer ones could not even be written out as text
MAX_JSON_DEPTH = 32  # nesting allowed inside a record's metadata

# The keys a record and a deal may have (a hand result's are RESULT_KEYS); replay refuses any other.
RECORD_KEYS = ("format_version", "variant", "options", "seed", "seating", "draw", "metadata", "deals", "scores")
DEAL_KEYS = ("dealer", "hands", "kitty", "actions", "result", "inferred")


def hash_message(seed: int, label: str) -> bytes:
    """What a draw hashes: ``bowers:SEED:LABEL`` (public so that ``bowers.vector`` deals with the engine's own draws)."""
    return f"bowers:{seed}:{label}".encode()


def random_integer(seed: int, label: str, bits: int) -> int:
    """A whole number of ``bits`` bits drawn from ``seed`` for ``label`` (the first dealer, a shuffle)."""
    return shake128_int(hash_message(seed, label), (bits + 7) // 8)


@lru_cache(maxsize=64)
def _shuffle_bits(size: int) -> int:
    # 64 spare bits keep the bias of the final modulo below 2**-64.
    return math.ceil(math.log2(math.factorial(size))) + 64


_WORD: Final = 1 << 60  # chunk products stay below this, so the digit arithmetic stays in small integers

# Per deck size: the chunks of a shuffle, each (product of its radices, the positions it swaps, highest first).
_SHUFFLE_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _shuffle_plan(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """How a shuffle of ``size`` cards reads its random number: chunks of radices whose product fits a machine word."""
    plan = _SHUFFLE_PLANS.get(size)
    if plan is None:
        chunks = []
        i = size - 1
        while i > 0:
            chunk_end = i
            product = 1
            while chunk_end > 0 and product * (chunk_end + 1) < _WORD:
                product *= chunk_end + 1
                chunk_end -= 1
            chunks.append((product, tuple(range(i, chunk_end, -1))))
            i = chunk_end
        plan = _SHUFFLE_PLANS[size] = tuple(chunks)
    return plan


def _shuffle_in_place(cards: list[Any], number: int) -> None:
    """Fisher-Yates: swap ``i`` takes the next digit of ``number`` in the mixed radix (size, size - 1, ..., 2).

    The digits are read a chunk at a time: one big-integer division per chunk of radices whose product fits a
    machine word, then small-integer arithmetic within it.
    """
    _shuffle_by_plan(cards, number, _shuffle_plan(len(cards)))


def _shuffle_by_plan(cards: list[Any], number: int, plan: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
    """``_shuffle_in_place`` with the deck's plan already at hand (a deal plan keeps it)."""
    for product, positions in plan:
        number, digits = divmod(number, product)  # one big-integer division for both
        for i in positions:
            radix = i + 1
            j = digits % radix
            digits //= radix
            cards[i], cards[j] = cards[j], cards[i]  # the cards are moved as objects (Any): no unboxing


def shuffled(deck: Sequence[Card], seed: int, label: str) -> list[Card]:
    """A uniformly shuffled copy of ``deck``, determined by ``seed`` and ``label`` alone."""
    cards = list(deck)
    _shuffle_in_place(cards, random_integer(seed, label, _shuffle_bits(len(cards))))
    return cards


@lru_cache(maxsize=256)
def _recipients(deal_rounds: tuple[DealRound, ...], players: int, deck_size: int, dealer: int) -> tuple[int, ...]:
    """For each position of a deck order, the seat that receives it, or -1 for the kitty.

    A round is "K" (one card to the kitty) or packet sizes per seat from the dealer's left;
    whatever is left after the rounds goes to the kitty.
    """
    out: list[int] = []
    for round_ in deal_rounds:
        if isinstance(round_, str):
            out.append(-1)
            continue
        for offset, size in enumerate(round_, start=1):
            out.extend([(dealer + offset) % players] * size)
    out.extend([-1] * (deck_size - len(out)))
    return tuple(out)


def deal_from_order(rules: Rules, dealer: int, order: Sequence[Card]) -> tuple[list[int], list[Card]]:
    """Deal a deck given in order, by the variant's packets, from the dealer's left; returns hands (bit sets) and kitty."""
    if len(order) != len(rules.deck):
        raise ValueError(f"a deal needs {len(rules.deck)} cards in order, not {len(order)}")
    return deal_plan(rules).deal(dealer, list(order))


def deal_recipients(rules: Rules, dealer: int) -> tuple[int, ...]:
    """For each position of a deck in dealing order, the seat that receives that card (-1: the kitty, whose
    first card is the turn-up): the variant's packets from the dealer's left, as ``deal_from_order`` deals."""
    return _recipients(rules.deal_rounds, rules.players, len(rules.deck), dealer)


def deal_order(rules: Rules, dealer: int, hands: Sequence[int], kitty: Sequence[Card]) -> list[Card]:
    """A deck order that ``deal_from_order`` deals into exactly these hands (bit sets) and kitty: the inverse of
    dealing, each seat's cards in deck order within its packets, the kitty in its own order."""
    plan = deal_plan(rules)
    order: list[Card] = [0] * len(plan.deck)
    for seat, positions in enumerate(plan.seat_positions[dealer]):
        cards = cards_of(hands[seat])
        if len(cards) != len(positions):
            raise ValueError(f"seat {seat} is dealt {len(positions)} cards, not {len(cards)}")
        for position, card in zip(positions, cards, strict=True):
            order[position] = card
    kitty_positions = plan.kitty_positions[dealer]
    if len(kitty) != len(kitty_positions):
        raise ValueError(f"the kitty is dealt {len(kitty_positions)} cards, not {len(kitty)}")
    for position, card in zip(kitty_positions, kitty, strict=True):
        order[position] = card
    return order


class DealPlan:
    """What dealing one variant's deck needs, worked out once per game: the deck, the shuffle's size, the packets."""

    __slots__ = ("deck", "kitty_positions", "seat_positions", "shuffle_bits", "shuffle_bytes", "shuffle_plan")

    def __init__(self, rules: Rules) -> None:
        self.deck: list[int] = list(rules.deck)
        self.shuffle_bits: int = _shuffle_bits(len(self.deck))
        self.shuffle_bytes: int = (self.shuffle_bits + 7) // 8
        self.shuffle_plan: tuple[tuple[int, tuple[int, ...]], ...] = _shuffle_plan(len(self.deck))
        # For each dealer: the positions of the shuffled deck that each seat receives, and those of the kitty.
        self.seat_positions: list[list[tuple[int, ...]]] = []
        self.kitty_positions: list[tuple[int, ...]] = []
        for dealer in range(rules.players):
            recipients = _recipients(rules.deal_rounds, rules.players, len(rules.deck), dealer)
            self.seat_positions.append(
                [tuple(p for p, seat in enumerate(recipients) if seat == s) for s in range(rules.players)]
            )
            self.kitty_positions.append(tuple(p for p, seat in enumerate(recipients) if seat < 0))

    def deal(self, dealer: int, cards: list[int]) -> tuple[list[int], list[Card]]:
        """Hands (bit sets) and kitty of a shuffled deck: what ``deal_from_order`` gives, a seat at a time."""
        hands = []
        for positions in self.seat_positions[dealer]:
            held = 0
            for position in positions:
                held |= 1 << cards[position]
            hands.append(held)
        return hands, [cards[position] for position in self.kitty_positions[dealer]]


_DEAL_PLANS: dict[tuple[tuple[Card, ...], tuple[DealRound, ...], int], DealPlan] = {}


def deal_plan(rules: Rules) -> DealPlan:
    """The (cached) deal plan of a deck, its packets and its number of players."""
    key = (rules.deck, rules.deal_rounds, rules.players)
    plan = _DEAL_PLANS.get(key)
    if plan is None:
        plan = _DEAL_PLANS[key] = DealPlan(rules)
    return plan


class Game:
    """A game of one variant, from the first deal to the target.

    >>> game = Game("standard", seed=7)
    >>> game.legal_actions()
    ['pass', 'order']
    """

    def __new__(cls, *args: Any, **options: Any) -> Game:
        """A blank game (``from_deal``, ``copy`` and ``replay`` fill one in without running ``__init__``)."""
        return object.__new__(cls)

    def __init__(self, variant: str | Rules, seed: object = None, **options: Any) -> None:
        """A new game of a variant named with its options, or of ``Rules`` already made (options given then change them)."""
        rules = as_rules(variant, **options)
        self._setup(rules, _check_seed(seed), {})

    @classmethod
    def from_deal(
        cls,
        variant: str | Rules,
        dealer: object,
        hands: Sequence[Sequence[str]],
        kitty: Sequence[str],
        seed: object = None,
        **options: Any,
    ) -> Game:
        """A game whose first hand uses exactly these cards (``kitty[0]`` is the turn-up where there is one)."""
        rules = as_rules(variant, **options)
        cards = _check_deal(rules, dealer, hands, kitty)
        game = cls.__new__(cls)
        game._setup(rules, _check_seed(seed), {0: cards}, first_dealer=cards[0])
        return game

    # ------------------------------------------------------------------ set-up

    def _setup(
        self,
        rules: Rules,
        seed: int,
        fixed_deals: dict[int, tuple[int, list[int], list[Card]]],
        first_dealer: int | None = None,
        seating: list[int] | None = None,
        draw: list[list[list[Any]]] | None = None,
    ) -> None:
        self.rules: Rules = rules
        self.space: ActionSpace = space_for(rules)
        self._space_size = len(self.space)
        self.seed: int | None = seed  # None only for a record that had none (later deals then use 0)
        self._dealing_seed: int = seed
        self._deal_plan = deal_plan(rules)
        self._fixed: dict[int, tuple[int, list[int], list[Card]]] = dict(fixed_deals)
        self.metadata: dict[str, Any] = {}
        self._deal_notes: dict[int, dict[str, Any]] = {}
        if seating is None and rules.draw:
            seating, draw = draw_for_seats(rules, seed)
            if first_dealer is None:
                first_dealer = 0  # the lowest card, at seat 0, deals first
        self.seating: list[int] = seating if seating is not None else list(range(rules.players))
        self.draw: list[list[list[Any]]] | None = draw
        if first_dealer is None:
            first_dealer = random_integer(seed, "first-dealer", 64) % rules.players
        self.first_dealer: int = first_dealer
        self._scores: list[int] = list(rules.initial_scores)
        # Copies of the game share these two lists and the scores until one of them changes them (copy on write).
        self._results: list[dict[str, Any]] = []
        self._finished: list[Hand] = []
        self._shares_finished = False
        self.winner: int | None = None
        self._hand = self._deal(0, first_dealer)

    def _deal(self, number: int, dealer: int) -> Hand:
        rules = self.rules
        fixed = self._fixed.get(number)
        if fixed is not None:
            _, hands, kitty = fixed
            hands = list(hands)
            kitty = list(kitty)
        else:
            # The same deal as deal_from_order(rules, dealer, shuffled(rules.deck, seed, f"deal:{number}")), with
            # the per-game work done once in the deal plan.
            plan = self._deal_plan
            cards = plan.deck[:]
            message = hash_message(self._dealing_seed, f"deal:{number}")
            if compiled_shuffle is not None:
                compiled_shuffle(cards, message, plan.shuffle_bytes)
            else:
                _shuffle_by_plan(cards, shake128_int(message, plan.shuffle_bytes), plan.shuffle_plan)
            hands, kitty = plan.deal(dealer, cards)
        return Hand(rules, self.space, dealer, hands, kitty)

    # ------------------------------------------------------------------ reading

    @property
    def variant(self) -> str:
        """Name of the variant."""
        return self.rules.variant

    @property
    def options(self) -> dict[str, Any]:
        """Every option of the game, defaults included, in JSON-able form (a fresh dict)."""
        return self.rules.json_options()

    @property
    def scores(self) -> list[int]:
        """Points per team so far (a fresh list: editing it changes nothing)."""
        return self._scores[:]

    @property
    def results(self) -> HandResults:
        """One dict per finished hand, misdeals included: a read-only list whose items are fresh copies."""
        return HandResults(self._results)

    @property
    def to_act(self) -> int | None:
        """The seat that must act now; None when the game is over."""
        return self._hand.to_act

    @property
    def is_over(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    @property
    def phase(self) -> str:
        """The phase of the hand in progress (``over`` when the game is)."""
        return "over" if self.is_over else self._hand.phase_name

    @property
    def hand(self) -> Hand:
        """The hand in progress (full information, live: front ends use ``observation``)."""
        return self._hand

    @property
    def hand_number(self) -> int:
        """Number of the deal in progress, from 0."""
        return len(self._finished)

    @property
    def dealer(self) -> int:
        """Dealer of the hand in progress."""
        return self._hand.dealer

    @property
    def trump(self) -> str | None:
        """Trump of the hand in progress: a suit letter, ``NT`` or None."""
        return trump_name(self._hand.trump)

    def hand_cards(self, seat: object) -> list[str]:
        """Cards a seat holds now (full information: not for showing other players)."""
        return hand_names(self._hand.hands[_check_seat(seat, self.rules.players)])

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[str]:
        """Canonical strings of the legal actions of the seat to act, in action-space order."""
        if self.winner is not None:
            return []
        names = self.space.names
        return [names[i] for i in self._hand.legal_ids()]

    def legal_action_ids(self) -> list[int]:
        """Integer ids of the legal actions, ascending (the fast path); none once the game is over."""
        return self._hand.legal_ids()

    def apply_id(self, action: object) -> None:
        """Apply an action id, the fast checked door: an id that is not legal now raises ``IllegalAction`` and changes nothing.

        The check is a bit test against the legal set, made in the same step as the move
        (``Hand.apply_if_legal``).  Search that needs no check uses
        ``Hand.apply_id`` on copies of hands (``game.hand.copy()``), the unchecked door.
        """
        self._apply_checked(action)

    def step_id(self, action: object) -> list[int]:
        """``apply_id`` and then ``legal_action_ids`` in one call: the ids legal after the action, none once the game is over.

        The fastest way to play a game by ids: one call per decision, ``ids = game.step_id(choose(ids))`` until
        ``ids`` is empty, where ``apply_id`` needs ``legal_action_ids`` and ``is_over`` beside it.
        """
        self._apply_checked(action)
        return self._hand.legal_ids()

    def step(self, action: object, seat: object = None) -> list[str]:
        """``apply`` and then ``legal_actions`` in one call: the actions legal after this one, none once the game is over."""
        self._apply_legal(self.action_id(action, seat))
        return self.legal_actions()

    def _apply_checked(self, action: object) -> None:
        # Typed ``object`` so that compiled code, too, refuses a bool or a float instead of converting it.
        number: int = action if type(action) is int else _action_number(action)
        hand = self._hand
        # Once the game is over its last hand is over too, and is_legal refuses everything.
        if 0 <= number < self._space_size and hand.apply_if_legal(number):
            if hand.result is not None:
                self._end_hand()
            return
        self.action_id(number)  # raises the error that says why
        raise AssertionError("action_id accepted an action that is_legal refused")

    def _apply_legal(self, action: int) -> None:
        hand = self._hand
        hand.apply_id(action)
        if hand.result is not None:
            self._end_hand()

    def apply(self, action: object, seat: object = None) -> str:
        """Check and apply an action typed in any case; returns its canonical form.

        With ``seat`` given, an action from a seat that is not to act is refused.
        A refused action raises (``NotationError`` or ``IllegalAction``) and changes nothing.
        """
        action_id = self.action_id(action, seat)
        self._apply_legal(action_id)
        return self.space.names[action_id]

    def action_id(self, action: object, seat: object = None) -> int:
        """The id of an action that is legal now, or the error that explains why not."""
        if seat is not None:
            seat = _check_seat(seat, self.rules.players)
        to_act = None if self.winner is not None else self._hand.to_act
        action_id = self.space.index.get(action) if isinstance(action, str) else None
        if action_id is not None and to_act is not None and (seat is None or seat == to_act) and self._hand.is_legal(action_id):
            return action_id
        if isinstance(action, int) and not isinstance(action, bool):
            count = len(self.space)
            if not 0 <= action < count:
                reason = f"no action id {quoted(action)}; ids run 0..{count - 1}"
                raise IllegalAction(seat, quoted(action), reason, Refusal.NO_SUCH_ID, {"id": action, "count": count})
            name = self.space.names[action]
        else:
            name = canonical_action(action, seat)
        if self.winner is not None:
            raise IllegalAction(seat, name, "the game is over", Refusal.GAME_OVER)
        if seat is not None and seat != to_act:
            reason = f"it is seat {to_act}'s turn to act, not seat {seat}'s"
            raise IllegalAction(seat, name, reason, Refusal.NOT_YOUR_TURN, {"to_act": to_act})
        action_id = self.space.index.get(name)
        if action_id is None or not self._hand.is_legal(action_id):
            assert to_act is not None  # the game is not over
            kind, details, reason = why_refused(name, build_observation(self, to_act), self.rules)
            raise IllegalAction(to_act, name, reason, kind, details)
        return action_id

    def redeal(self, hands: Sequence[Sequence[str]], kitty: Sequence[str]) -> None:
        """Deal the hand in progress, before its first action, with these cards instead (``kitty[0]`` is the
        turn-up where there is one): for an adapter whose deal is a chance outcome, or a record read back.

        The cards are checked as ``from_deal`` checks them; later deals are dealt from the seed as before.
        """
        if self.winner is not None or self._hand.history:
            raise IllegalAction(None, "redeal", "only a hand that has had no action yet can be dealt again", Refusal.NOT_LEGAL)
        self._redeal(_check_deal(self.rules, self._hand.dealer, hands, kitty))

    def _redeal(self, cards: tuple[int, list[int], list[Card]]) -> None:
        """``redeal`` with the cards checked: the hand in progress dealt again from them."""
        self._fixed = {**self._fixed, self.hand_number: cards}  # replaced, not changed: copies of the game share it
        self._hand = self._deal(self.hand_number, cards[0])

    def undo(self) -> None:
        """Take back the last action (across the end of a hand too); raises if there is none.

        Only the hand concerned is replayed, from its dealt cards: the cost is that of one hand.
        """
        hand = self._hand
        if self.winner is None and hand.history:
            self._hand = self._rebuilt(hand, hand.action_count - 1)
            return
        if not self._finished:
            raise IllegalAction(None, "undo", "there is no action to take back", Refusal.NOTHING_TO_UNDO)
        self._own_finished()
        last = self._finished.pop()
        result = self._results.pop()
        for team, points in enumerate(result["points"]):
            self._scores[team] -= points
        self.winner = None
        self._hand = self._rebuilt(last, last.action_count - 1)

    def _rebuilt(self, hand: Hand, count: int) -> Hand:
        """A fresh hand from ``hand``'s dealt cards with its first ``count`` actions applied."""
        rebuilt = Hand(self.rules, self.space, hand.dealer, list(hand.dealt_hands), list(hand.kitty_as_dealt))
        for action in hand.history[1 : 2 * count : 2]:
            rebuilt.apply_id(action)
        return rebuilt

    def _hands(self) -> list[Hand]:
        """Every hand of the game so far: the finished ones, then the one in progress (if the game is not over)."""
        return [*self._finished] if self.winner is not None else [*self._finished, self._hand]

    def _own_finished(self) -> None:
        """Make the scores and the lists of finished hands and results this game's own before changing them.

        A copy of the game shares them with its original until either changes them (copy on write).
        """
        if self._shares_finished:
            self._scores = self._scores[:]
            self._results = self._results[:]
            self._finished = self._finished[:]
            self._shares_finished = False

    def _end_hand(self) -> None:
        hand = self._hand
        result = hand.result
        assert result is not None
        self._own_finished()
        self._results.append(result)
        self._finished.append(hand)
        scores = self._scores
        team_points: list[int] = result["points"]
        for team, points in enumerate(team_points):
            scores[team] = scores[team] + points
        winner = game_winner(scores, self.rules.target)
        if winner is not None:
            self.winner = winner
            return
        self._hand = self._deal(len(self._finished), (hand.dealer + 1) % self.rules.players)

    # ------------------------------------------------------------------ copies, views, records

    def copy(self) -> Game:
        """An independent copy, cheap enough for search (finished hands, which never change, are shared)."""
        other = Game.__new__(Game)
        other.rules = self.rules
        other.space = self.space
        other._space_size = self._space_size
        other.seed = self.seed
        other._dealing_seed = self._dealing_seed
        other._deal_plan = self._deal_plan
        other._fixed = self._fixed
        other.draw = self.draw
        other.first_dealer = self.first_dealer
        other.winner = self.winner
        other._scores = self._scores
        other._results = self._results
        other._finished = self._finished
        other._shares_finished = self._shares_finished = True
        other._hand = self._hand.copy()
        other.metadata = copy.deepcopy(self.metadata) if self.metadata else {}
        other._deal_notes = copy.deepcopy(self._deal_notes) if self._deal_notes else {}
        other.seating = self.seating[:]
        return other

    def observation(self, seat: object) -> dict[str, Any]:
        """A JSON-able view of exactly what ``seat`` may see now."""
        return build_observation(self, _check_seat(seat, self.rules.players))

    def hand_over_view(self, seat: object = None, number: object = None) -> dict[str, Any]:
        """What ``seat`` (None: anyone watching) saw when finished hand ``number`` (by default the last) ended,
        before the next deal: the observation with phase ``over``, nobody to act, every trick taken and scored.

        The engine deals the next hand inside the action that ends one, so an episode of one hand, or a table
        that shows how a hand ended, reads this instead of the observation of the hand now in progress.
        """
        viewer = SPECTATOR if seat is None else _check_seat(seat, self.rules.players)
        count = len(self._finished)
        if number is None:
            number = count - 1
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < count:
            raise IndexError(f"no finished hand {quoted(number)}: {count} hands are finished")
        return build_observation(self, viewer, int(number))

    def public_observation(self) -> dict[str, Any]:
        """What anyone watching may see now: no hand, no legal actions, every discard and passed card masked."""
        return build_public_observation(self)

    def record(self) -> dict[str, Any]:
        """The JSON-able record of the game so far, the deal in progress included (a fresh copy)."""
        deals = []
        names = self.space.names
        for number, hand in enumerate(self._hands()):
            deal: dict[str, Any] = {
                "dealer": hand.dealer,
                "hands": [hand_names(h) for h in hand.dealt_hands],
                "kitty": [CARD_NAMES[c] for c in hand.kitty_as_dealt],
                "actions": [[seat, names[action]] for seat, action in hand.actions],
                "result": None if hand.result is None else _copy_result(hand.result),
            }
            deal.update(copy.deepcopy(self._deal_notes.get(number, {})))
            deals.append(deal)
        record: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
        }
        if self.rules.draw:
            record["seating"] = list(self.seating)
            record["draw"] = copy.deepcopy(self.draw)
        if self.metadata:
            record["metadata"] = copy.deepcopy(self.metadata)
        record["deals"] = deals
        record["scores"] = self.scores
        return record


# ---------------------------------------------------------------------- checks and helpers


def _check_seat(seat: Any, players: int) -> int:
    """A seat number as given, or ``OptionError`` for anything else (``2.0``, ``True``, ``None``)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise OptionError(f"no seat {quoted(seat)}; seats are the whole numbers 0..{players - 1}", "seat", f"0..{players - 1}")
    return int(seat)


def _action_number(action: Any) -> int:
    """An action id given as an integer-like value (a NumPy integer, say); anything else raises ``IllegalAction``."""
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise IllegalAction(None, quoted(action), "an action id is a whole number", Refusal.NOT_AN_ID)
    return int(action.__index__())


class HandResults(Sequence[dict[str, Any]]):
    """The results of a game's finished hands as they were when read: ``len`` is cheap, each item a fresh copy.

    It compares equal to a list of the same results, so ``game.results == []`` reads naturally.
    """

    __slots__ = ("_items",)

    def __init__(self, results: Sequence[dict[str, Any]]) -> None:
        self._items = tuple(results)

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [_copy_result(result) for result in self._items[index]]
        return _copy_result(self._items[index])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandResults):
            return self._items == other._items
        return isinstance(other, list | tuple) and self._items == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self._items))


def _copy_result(result: dict[str, Any]) -> dict[str, Any]:
    """A copy of a hand result that shares nothing mutable with it."""
    out = dict(result)
    for key, value in out.items():
        if isinstance(value, list):
            out[key] = [dict(item) if isinstance(item, dict) else item for item in value]
        elif isinstance(value, dict):
            out[key] = dict(value)
    return out


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed.bit_length() > MAX_SEED_BITS:
        allowed = f"a whole number of at most {MAX_SEED_BITS} bits"
        raise OptionError(f"seed must be {allowed}, not {quoted(seed)}", "seed", allowed)
    return int(seed)


def _check_deal(
    rules: Rules, dealer: object, hands: Any, kitty: Any
) -> tuple[int, list[int], list[Card]]:
    """Validate dealt cards (counts, duplicates, deck) and return them as bit sets."""
    n = rules.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise RecordError(f"dealer must be a seat 0..{n - 1}, not {quoted(dealer)}")
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != n:
        raise RecordError(f"{rules.variant} needs {n} hands, one per seat")
    seen: set[Card] = set()
    deck = set(rules.deck)

    def parse(texts: Any, where: str, size: int) -> list[Card]:
        if isinstance(texts, str) or not isinstance(texts, Sequence):
            raise RecordError(f"{where} must be a list of cards")
        if len(texts) != size:
            raise RecordError(f"{where} must hold {size} cards in {rules.variant}, not {len(texts)}")
        out = []
        for text in texts:
            try:
                card = parse_card(text)
            except NotationError as error:
                raise RecordError(f"{where}: {error}") from None
            if card not in deck:
                raise RecordError(f"{where}: {CARD_NAMES[card]} is not in the {rules.variant} deck")
            if card in seen:
                raise RecordError(f"{where}: {CARD_NAMES[card]} is dealt twice")
            seen.add(card)
            out.append(card)
        return out

    bit_hands = [to_hand(parse(h, f"seat {s}'s hand", rules.hand_size)) for s, h in enumerate(hands)]
    kitty_cards = parse(kitty, "the kitty", rules.kitty_size)
    return dealer, bit_hands, kitty_cards


def draw_for_seats(rules: Rules, seed: int) -> tuple[list[int], list[list[list[Any]]]]:
    """Draw for partners: returns ``seating`` (player at each seat) and the draw rounds as ``[[player, card], ...]``.

    Each player draws from the deck without Jokers (7 low, A high); the lowest
    two are partners at seats 0 and n/2 and the lowest deals first, the next two
    the next team, and so on.  Players tied in rank redraw among themselves only
    where the tie spans a place that matters: between the first dealer and its
    partner, or between two teams.  Within a team the lower card (or, tied, the
    lower player number) takes the lower seat.
    """
    n = rules.players
    pack = shuffled([c for c in rules.deck if c < 52], seed, "draw")
    rounds: list[list[list[Any]]] = []
    boundaries = {1, *range(2, n, 2)}  # a boundary k lies between places k-1 and k

    def order(players: list[int], first_place: int) -> list[int]:
        if len(pack) < len(players):  # a long run of ties: gather the cards and shuffle again
            pack[:] = shuffled([c for c in rules.deck if c < 52], seed, f"draw:{len(rounds)}")
        drawn = {p: pack.pop() for p in players}
        rounds.append([[p, CARD_NAMES[c]] for p, c in drawn.items()])
        by_rank: dict[int, list[int]] = {}
        for p, c in drawn.items():
            by_rank.setdefault(rank_of(c) - SEVEN, []).append(p)
        out: list[int] = []
        place = first_place
        for rank in sorted(by_rank):
            tied = sorted(by_rank[rank])
            matters = any(place < k < place + len(tied) for k in boundaries)
            out.extend(order(tied, place) if matters else tied)
            place += len(tied)
        return out

    ranking = order(list(range(n)), 0)
    teams = n // 2
    seating = [0] * n
    for place, player in enumerate(ranking):
        team, member = divmod(place, 2)
        seating[team + member * teams] = player
    return seating, rounds


def replay(record: object) -> Game:
    """Rebuild a game from its record, re-checking every action and every stated result.

    A record that is malformed, or says anything the replay does not reproduce, raises
    ``RecordError`` naming the deal, the action or the field (see docs/records.md).
    """
    reader = RecordReader(record)
    assert isinstance(record, dict)  # RecordReader refuses anything else
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("deals must be a non-empty list")
    for deal in deals:
        reader.add_deal(deal)
    return reader.finish(record.get("scores"), "scores" in record)


class RecordReader:
    """Replays a record deal by deal, checking each deal as it comes (``replay``, and EGN import as it reads)."""

    def __init__(self, record: object) -> None:
        if not isinstance(record, dict):
            raise RecordError("a record is a JSON object with variant, options, seed and deals")
        unknown = [key for key in record if key not in RECORD_KEYS]
        if unknown:
            raise RecordError(f"the record has an unknown key {quoted(unknown[0])}; its keys are: {', '.join(RECORD_KEYS)}")
        if "variant" not in record:
            raise RecordError("the record has no 'variant'")
        version = record.get("format_version", FORMAT_VERSION)
        if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
            raise RecordError(f"format_version {quoted(version)} is not supported (this bowers reads {FORMAT_VERSION})")
        options = record.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict) or not all(isinstance(name, str) for name in options):
            raise RecordError("options must be an object of option names and values")
        try:
            rules = make_rules(record["variant"], **options)
        except OptionError as error:
            raise RecordError(str(error)) from None
        seed = record.get("seed")
        if seed is not None:
            try:
                seed = _check_seed(seed)
            except OptionError as error:
                raise RecordError(f"{error} (or null)") from None
        self.rules = rules
        self.seed: int | None = seed
        self.dealing_seed: int = 0 if seed is None else seed
        self.seating, self.draw = self._check_draw(record.get("seating"), record.get("draw"))
        metadata = record.get("metadata")
        if metadata is not None and not isinstance(metadata, dict):
            raise RecordError(f"metadata must be an object, not {quoted(metadata)}")
        self.metadata: dict[str, Any] = json_copy(metadata or {}, "metadata")
        self.game: Game | None = None
        self.deals = 0

    def _check_draw(self, seating: Any, draw: Any) -> tuple[list[int] | None, list[list[list[Any]]] | None]:
        """The seating and the draw, which must be those the seed gives (with the ``draw`` option) or absent."""
        rules = self.rules
        if not rules.draw:
            if seating is not None and not _same(seating, list(range(rules.players))):
                raise RecordError("seating is given, but the draw option is off (every player sits at its own seat)")
            if draw is not None:
                raise RecordError("draw is given, but the draw option is off")
            return None, None
        expected_seating, expected_draw = draw_for_seats(rules, self.dealing_seed)
        if seating is not None and not _same(seating, expected_seating):
            raise RecordError(f"seating {quoted(seating)} is not the one the seed's draw gives: {expected_seating}")
        if draw is not None and not _same(draw, expected_draw):
            raise RecordError("draw is not the draw for partners that the seed gives")
        return expected_seating, expected_draw

    def add_deal(self, deal: Any) -> None:
        """Replay one more deal of the record, checking its cards, dealer, actions and result."""
        number = self.deals
        rules = self.rules
        if not isinstance(deal, dict):
            raise RecordError("a deal is an object with dealer, hands, kitty and actions", deal=number)
        unknown = [key for key in deal if key not in DEAL_KEYS]
        if unknown:
            raise RecordError(f"unknown key {quoted(unknown[0])}; a deal's keys are: {', '.join(DEAL_KEYS)}", deal=number)
        try:
            cards = _check_deal(rules, deal.get("dealer"), deal.get("hands"), deal.get("kitty"))
        except RecordError as error:
            raise RecordError(str(error), deal=number) from None
        game = self.game
        if game is None:
            game = self.game = Game.__new__(Game)
            game._setup(rules, self.dealing_seed, {0: cards}, cards[0], self.seating, self.draw)
            game.seed = self.seed
            game.metadata = self.metadata
        else:
            if game.is_over:
                raise RecordError("the game was already over before this deal", deal=number)
            if game.hand_number != number or game.hand.history:
                raise RecordError("the previous deal did not finish its hand", deal=number)
            if game.dealer != cards[0]:
                raise RecordError(f"dealer should be seat {game.dealer} (the deal passes to the left)", deal=number)
            game._redeal(cards)
        self.deals += 1
        if "inferred" in deal:
            game._deal_notes[number] = {"inferred": _check_inferred(deal["inferred"], cards, number)}
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions must be a list of [seat, action] pairs", deal=number)
        for index, pair in enumerate(actions):
            if not (isinstance(pair, list | tuple) and len(pair) == 2):
                raise RecordError(f"{quoted(pair)} is not a [seat, action] pair", deal=number, action_index=index)
            seat, action = pair
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
                message = f"the seat {quoted(seat)} is not a seat number 0..{rules.players - 1}"
                raise RecordError(message, deal=number, action_index=index)
            if not isinstance(action, str):
                raise RecordError(f"the action {quoted(action)} is not text such as 'pass'", deal=number, action_index=index)
            if game.hand_number != number or game.is_over:
                raise RecordError("the hand was already over before this action", deal=number, action_index=index)
            try:
                game._apply_legal(game.action_id(action, seat))
            except BowersError as error:
                raise RecordError(str(error), deal=number, action_index=index) from None
        finished = game.hand_number > number
        if "result" in deal:
            _check_result(deal["result"], game._results[number] if finished else None, number)

    def finish(self, scores: Any = None, check_scores: bool = False) -> Game:
        """The replayed game, after checking the recorded final ``scores`` (when ``check_scores``)."""
        game = self.game
        if game is None:
            raise RecordError("deals must be a non-empty list")
        if check_scores and not _same(scores, game._scores):
            raise RecordError(f"the recorded scores {quoted(scores)} differ from the replayed {game._scores}")
        return game


def _check_result(recorded: Any, replayed: dict[str, Any] | None, number: int) -> None:
    """A deal's recorded result must say only what the replay derived: null while unfinished, else equal fields."""
    if replayed is None:
        if recorded is not None:
            raise RecordError("the record gives a result, but the hand is not finished", deal=number)
        return
    if not isinstance(recorded, dict):
        raise RecordError(f"the hand is finished, but its result is {quoted(recorded)}, not the hand's result", deal=number)
    for key, value in recorded.items():
        if key not in replayed:
            raise RecordError(f"unknown result field {quoted(key)}; fields are: {', '.join(RESULT_KEYS)}", deal=number)
        if not _same(value, replayed[key]):
            message = f"the recorded {key} {quoted(value)} differs from the replayed {quoted(replayed[key])}"
            raise RecordError(message, deal=number)


def _check_inferred(inferred: Any, cards: tuple[int, list[int], list[Card]], number: int) -> list[str]:
    """An import's list of inferred cards: distinct cards of this deal, as canonical names."""
    _, hands, kitty = cards
    dealt = set(kitty)
    for hand in hands:
        dealt.update(cards_of(hand))
    if not isinstance(inferred, list):
        raise RecordError("inferred must be a list of cards of the deal", deal=number)
    names: list[str] = []
    for text in inferred:
        try:
            card = parse_card(text)
        except NotationError as error:
            raise RecordError(f"inferred: {error}", deal=number) from None
        if card not in dealt or CARD_NAMES[card] in names:
            raise RecordError(f"inferred: {CARD_NAMES[card]} is not a card of this deal, or is listed twice", deal=number)
        names.append(CARD_NAMES[card])
    return names


def _same(recorded: Any, expected: Any) -> bool:
    """JSON equality with types kept apart: ``true`` is not 1 and ``2.0`` is not 2 (``expected`` is trusted)."""
    if expected is None or isinstance(expected, bool):
        return recorded is expected
    if isinstance(expected, int):
        return isinstance(recorded, int) and not isinstance(recorded, bool) and recorded == expected
    if isinstance(expected, str):
        return isinstance(recorded, str) and recorded == expected
    if isinstance(expected, list | tuple):
        return (
            isinstance(recorded, list | tuple)
            and len(recorded) == len(expected)
            and all(_same(r, e) for r, e in zip(recorded, expected, strict=True))
        )
    if isinstance(expected, dict):
        return (
            isinstance(recorded, dict)
            and recorded.keys() == expected.keys()
            and all(_same(recorded[key], value) for key, value in expected.items())
        )
    return bool(recorded == expected)


def json_copy(value: Any, where: str, depth: int = 0) -> Any:
    """A copy of a JSON value (objects with text keys, lists, text, finite numbers, true, false, null).

    Anything else, text that is not valid Unicode, or nesting deeper than ``MAX_JSON_DEPTH``
    raises ``RecordError`` naming ``where``.
    """
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise RecordError(f"{where}: {value} is not a JSON number")
        return value
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError(f"{where}: text that is not valid Unicode") from None
        return value
    if depth >= MAX_JSON_DEPTH:
        raise RecordError(f"{where}: nested more than {MAX_JSON_DEPTH} deep")
    if isinstance(value, list | tuple):
        return [json_copy(item, where, depth + 1) for item in value]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(f"{where}: the key {quoted(key)} is not text")
            out[json_copy(key, where)] = json_copy(item, f"{where}.{quoted(key)[1:-1]}", depth + 1)
        return out
    raise RecordError(f"{where}: a {type(value).__name__} is not a JSON value")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, where: str) -> Any:
    """Standard JSON only (no NaN or Infinity, no number longer than Python reads), or ``RecordError`` naming ``where``."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"{where}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    except RecursionError:
        raise RecordError(f"{where}: not a JSON file bowers reads (nested too deeply)") from None
    except ValueError as error:  # a constant refused above, or an integer of thousands of digits
        reason = str(error).split(":")[0].split(";")[0]
        raise RecordError(f"{where}: not valid JSON ({reason})") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value of a UTF-8 file (a byte-order mark allowed); any problem raises ``RecordError`` naming the file."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not a text file ({error.reason})") from None
    except (OSError, ValueError) as error:
        raise RecordError(f"{path}: cannot be read ({getattr(error, 'strerror', None) or error})") from None
    return parse_json(text, str(path))


def action_space(variant: str, **options: Any) -> list[str]:
    """The fixed action space of a variant: canonical strings whose index is the action id."""
    return list(space_for(make_rules(variant, **options)).names)


__all__ = [
    "Game",
    "RecordReader",
    "action_space",
    "cards_of",
    "deal_from_order",
    "deal_order",
    "deal_recipients",
    "read_json",
    "replay",
    "shuffled",
]
