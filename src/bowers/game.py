"""A whole game to the target: deals from a seed, scores, results, records and replay.

Deal ``k`` of a game depends only on ``(seed, k)``: the deck is shuffled by a
Fisher-Yates walk driven by SHAKE-128 of the seed and the deal number, so a
record, a replay and ``from_deal`` all continue the same way on every Python
version.  The next hand is dealt inside the ``apply`` that ends the last one.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from bowers.actions import ActionSpace, canonical_action, space_for
from bowers.cards import CARD_NAMES, SEVEN, Card, cards_of, hand_names, parse_card, rank_of, to_hand
from bowers.errors import BowersError, IllegalAction, NotationError, OptionError, RecordError
from bowers.hand import Hand, trump_name
from bowers.observation import build_observation
from bowers.variants import DealRound, Rules, make_rules

FORMAT_VERSION: Final = 1


def _random_integer(seed: int, label: str, bits: int) -> int:
    digest = hashlib.shake_128(f"bowers:{seed}:{label}".encode()).digest((bits + 7) // 8)
    return int.from_bytes(digest, "big")


@lru_cache(maxsize=64)
def _shuffle_bits(size: int) -> int:
    # 64 spare bits keep the bias of the final modulo below 2**-64.
    return math.ceil(math.log2(math.factorial(size))) + 64


_WORD: Final = 1 << 60  # chunk products stay below this, so the digit arithmetic stays in small integers


def shuffled(deck: Sequence[Card], seed: int, label: str) -> list[Card]:
    """A uniformly shuffled copy of ``deck``, determined by ``seed`` and ``label`` alone."""
    cards = list(deck)
    size = len(cards)
    number = _random_integer(seed, label, _shuffle_bits(size))
    # Swap i takes the next digit of ``number`` in the mixed radix (size, size - 1, ..., 2). The digits are
    # read a chunk at a time: one big-integer division per chunk of radices whose product fits a machine word.
    i = size - 1
    while i > 0:
        chunk_end = i
        product = 1
        while chunk_end > 0 and product * (chunk_end + 1) < _WORD:
            product *= chunk_end + 1
            chunk_end -= 1
        number, digits = divmod(number, product)
        while i > chunk_end:
            j = digits % (i + 1)
            digits //= i + 1
            cards[i], cards[j] = cards[j], cards[i]
            i -= 1
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
    hands = [0] * rules.players
    kitty: list[Card] = []
    recipients = _recipients(rules.deal_rounds, rules.players, len(rules.deck), dealer)
    if len(order) != len(recipients):
        raise ValueError(f"a deal needs {len(recipients)} cards in order, not {len(order)}")
    for position in range(len(recipients)):
        card: int = order[position]
        seat = recipients[position]
        if seat < 0:
            kitty.append(card)
        else:
            hands[seat] |= 1 << card
    return hands, kitty


class Game:
    """A game of one variant, from the first deal to the target.

    >>> game = Game("standard", seed=7)
    >>> game.legal_actions()
    ['pass', 'order']
    """

    def __new__(cls, *args: Any, **options: Any) -> Game:
        """A blank game (``from_deal``, ``copy`` and ``replay`` fill one in without running ``__init__``)."""
        return object.__new__(cls)

    def __init__(self, variant: str, seed: object = None, **options: Any) -> None:
        rules = make_rules(variant, **options)
        self._setup(rules, _check_seed(seed), {})

    @classmethod
    def from_deal(
        cls,
        variant: str,
        dealer: object,
        hands: Sequence[Sequence[str]],
        kitty: Sequence[str],
        seed: object = None,
        **options: Any,
    ) -> Game:
        """A game whose first hand uses exactly these cards (``kitty[0]`` is the turn-up where there is one)."""
        rules = make_rules(variant, **options)
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
        self.seed: int | None = seed  # None only for a record that had none (later deals then use 0)
        self._dealing_seed: int = seed
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
            first_dealer = _random_integer(seed, "first-dealer", 64) % rules.players
        self.first_dealer: int = first_dealer
        self.scores: list[int] = list(rules.initial_scores)
        self.results: list[dict[str, Any]] = []
        self._finished: list[Hand] = []
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
            hands, kitty = deal_from_order(rules, dealer, shuffled(rules.deck, self._dealing_seed, f"deal:{number}"))
        return Hand(rules, self.space, dealer, hands, kitty)

    # ------------------------------------------------------------------ reading

    @property
    def variant(self) -> str:
        """Name of the variant."""
        return self.rules.variant

    @property
    def options(self) -> dict[str, Any]:
        """Every option of the game, defaults included, in JSON-able form."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.rules.options.items()}

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
        """The hand in progress (full information; front ends use ``observation``)."""
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

    def hand_cards(self, seat: int) -> list[str]:
        """Cards a seat holds now (full information: not for showing other players)."""
        return hand_names(self._hand.hands[seat])

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[str]:
        """Canonical strings of the legal actions of the seat to act, in action-space order."""
        if self.winner is not None:
            return []
        names = self.space.names
        return [names[i] for i in self._hand.legal_ids()]

    def legal_action_ids(self) -> list[int]:
        """Integer ids of the legal actions, ascending (the fast path)."""
        return self._hand.legal_ids()

    def apply_id(self, action: int) -> None:
        """Apply a legal action id without checking it (for search and simulation)."""
        hand = self._hand
        hand.apply_id(action)
        if hand.result is not None:
            self._end_hand()

    def apply(self, action: object, seat: int | None = None) -> str:
        """Check and apply an action typed in any case; returns its canonical form.

        With ``seat`` given, an action from a seat that is not to act is refused.
        A refused action raises (``NotationError`` or ``IllegalAction``) and changes nothing.
        """
        action_id = self.action_id(action, seat)
        self.apply_id(action_id)
        return self.space.names[action_id]

    def action_id(self, action: object, seat: int | None = None) -> int:
        """The id of an action that is legal now, or the error that explains why not."""
        to_act = self._hand.to_act
        action_id = self.space.index.get(action) if isinstance(action, str) else None
        if action_id is not None and (seat is None or seat == to_act) and action_id in self._hand.legal_ids():
            return action_id
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(self.space):
                raise IllegalAction(seat, str(action), f"no action id {action}; ids run 0..{len(self.space) - 1}")
            name = self.space.names[action]
        else:
            name = canonical_action(action, seat)
        if self.winner is not None:
            raise IllegalAction(seat, name, "the game is over")
        if seat is not None and seat != to_act:
            raise IllegalAction(seat, name, f"it is seat {to_act}'s turn to act, not seat {seat}'s")
        action_id = self.space.index.get(name)
        if action_id is None:
            raise IllegalAction(to_act, name, f"{self.variant} has no such action ({_why_absent(self, name)})")
        if action_id not in self._hand.legal_ids():
            raise IllegalAction(to_act, name, _why_illegal(self, name))
        return action_id

    def undo(self) -> None:
        """Take back the last action (across the end of a hand too); raises if there is none."""
        history = self._all_actions()
        if not history:
            raise IllegalAction(None, "undo", "there is no action to take back")
        history.pop()
        fixed = dict(self._fixed)
        for number, hand in enumerate(self._hands()):
            fixed[number] = (hand.dealer, list(hand.dealt_hands), list(hand.kitty_as_dealt))
        seed, metadata, notes = self.seed, self.metadata, self._deal_notes
        self._setup(self.rules, self._dealing_seed, fixed, self.first_dealer, self.seating, self.draw)
        self.seed, self.metadata, self._deal_notes = seed, metadata, notes
        for _, action in history:
            self.apply_id(action)

    def _hands(self) -> list[Hand]:
        """Every hand of the game so far: the finished ones, then the one in progress (if the game is not over)."""
        return [*self._finished] if self.winner is not None else [*self._finished, self._hand]

    def _all_actions(self) -> list[tuple[int, int]]:
        return [pair for hand in self._hands() for pair in hand.actions]

    def _end_hand(self) -> None:
        hand = self._hand
        result = hand.result
        assert result is not None
        self.results.append(result)
        self._finished.append(hand)
        for team, points in enumerate(result["points"]):
            self.scores[team] += points
        target = self.rules.target
        best = max(self.scores)
        if best >= target and self.scores.count(best) == 1:
            self.winner = self.scores.index(best)
            return
        self._hand = self._deal(len(self._finished), (hand.dealer + 1) % self.rules.players)

    # ------------------------------------------------------------------ copies, views, records

    def copy(self) -> Game:
        """An independent copy, cheap enough for search (finished hands are shared)."""
        other = Game.__new__(Game)
        other.rules = self.rules
        other.space = self.space
        other.seed = self.seed
        other._dealing_seed = self._dealing_seed
        other._fixed = self._fixed
        other.metadata = self.metadata
        other._deal_notes = self._deal_notes
        other.seating = self.seating
        other.draw = self.draw
        other.first_dealer = self.first_dealer
        other.winner = self.winner
        other.scores = self.scores[:]
        other.results = self.results[:]
        other._finished = self._finished[:]
        other._hand = self._hand.copy()
        return other

    def observation(self, seat: object) -> dict[str, Any]:
        """A JSON-able view of exactly what ``seat`` may see now."""
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise OptionError(f"no seat {seat!r}; seats are 0..{self.rules.players - 1}", "seat")
        return build_observation(self, seat)

    def record(self) -> dict[str, Any]:
        """The JSON-able record of the game so far, the deal in progress included."""
        deals = []
        names = self.space.names
        for number, hand in enumerate(self._hands()):
            deal: dict[str, Any] = {
                "dealer": hand.dealer,
                "hands": [hand_names(h) for h in hand.dealt_hands],
                "kitty": [CARD_NAMES[c] for c in hand.kitty_as_dealt],
                "actions": [[seat, names[action]] for seat, action in hand.actions],
                "result": hand.result,
            }
            deal.update(self._deal_notes.get(number, {}))
            deals.append(deal)
        record: dict[str, Any] = {
            "format_version": FORMAT_VERSION,
            "variant": self.variant,
            "options": self.options,
            "seed": self.seed,
        }
        if self.rules.draw:
            record["seating"] = list(self.seating)
            record["draw"] = self.draw
        if self.metadata:
            record["metadata"] = self.metadata
        record["deals"] = deals
        record["scores"] = list(self.scores)
        return record


# ---------------------------------------------------------------------- checks and helpers


def _check_seed(seed: object) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be a whole number, not {seed!r}", "seed", "a whole number")
    return seed


def _check_deal(
    rules: Rules, dealer: object, hands: Sequence[Sequence[str]], kitty: Sequence[str]
) -> tuple[int, list[int], list[Card]]:
    """Validate dealt cards (counts, duplicates, deck) and return them as bit sets."""
    n = rules.players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise RecordError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
    if not isinstance(hands, Sequence) or isinstance(hands, str) or len(hands) != n:
        raise RecordError(f"{rules.variant} needs {n} hands, one per seat")
    seen: set[Card] = set()
    deck = set(rules.deck)

    def parse(texts: Sequence[str], where: str, size: int) -> list[Card]:
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


def _why_absent(game: Game, name: str) -> str:
    parts = name.split(":")
    keyword = parts[0]
    if keyword in ("play", "discard", "give") and len(parts) > 1:
        if keyword == "give" and not game.rules.loner_exchange:
            return "there is no loner exchange"
        if len(parts) > 2:
            return "only the Joker in a no-trump hand is played with a suit"
        cards = parts[1].split(",")
        foreign = [c for c in cards if parse_card(c) not in game.rules.deck]
        if foreign:
            return f"{', '.join(foreign)} is not a card of its deck"
        if keyword == "discard":
            size = game.rules.kitty_size if game.rules.bidding == "auction" else 1
            return f"a discard here is {size} card{'s' if size > 1 else ''}, not {len(cards)}"
        return f"{keyword} takes one card"
    return f"its actions are: {', '.join(sorted({n.split(':')[0] for n in game.space.names}))}"


def _why_illegal(game: Game, name: str) -> str:
    """A player-facing reason why a well-formed action is not legal now."""
    hand = game._hand
    seat = hand.to_act
    phase = hand.phase_name
    keyword = name.split(":")[0]
    legal = game.legal_actions()
    legal_keywords = sorted({n.split(":")[0] for n in legal})
    if name == "pass" and phase == "round-2" and seat == hand.dealer:
        return "the dealer is stuck and must name a suit (call:S)"
    if keyword not in legal_keywords:
        return f"the hand is in the {phase} step, where seat {seat} may: {', '.join(legal_keywords)}"
    if keyword in ("play", "discard", "give") and seat is not None:
        held = hand.hands[hand.turn if keyword == "play" else seat]
        cards = [parse_card(c) for c in name.split(":")[1].split(",")]
        missing = [CARD_NAMES[c] for c in cards if not held >> c & 1]
        if missing:
            owner = "the hand it plays from" if keyword == "play" and hand.turn != seat else "its hand"
            return f"{', '.join(missing)} is not in {owner}"
        if keyword == "play" and hand.trick and hand.tables is not None:
            led = hand.led
            suit_text = trump_name(led) if led < 4 else "the led suit"
            return f"must follow {suit_text} (the suit led) while holding it"
        if keyword == "play" and name == "play:JK":
            return "the Joker leads a no-trump hand only with a suit named: play:JK:S"
    if keyword == "call" and hand.turn_up >= 0:
        return f"the turned-down suit ({CARD_NAMES[hand.turn_up][1]}) cannot be named; legal: {', '.join(legal)}"
    if keyword == "bid":
        return f"a bid must beat the standing bid; legal: {', '.join(legal)}"
    if keyword == "twos-threes":
        return "twos and threes returns exactly three cards ranked 2 or 3 from the hand"
    return f"not legal now; legal: {', '.join(legal)}"


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
    """Rebuild a game from its record, re-checking every action; a corrupt record raises ``RecordError``."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with variant, options, seed and deals")
    for key in ("variant", "deals"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    version = record.get("format_version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RecordError(f"format_version {version!r} is not supported (this bowers reads {FORMAT_VERSION})")
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("options must be an object of option names and values")
    try:
        rules = make_rules(record["variant"], **options)
    except OptionError as error:
        raise RecordError(str(error)) from None
    deals = record["deals"]
    if not isinstance(deals, list) or not deals:
        raise RecordError("deals must be a non-empty list")
    fixed: dict[int, tuple[int, list[int], list[Card]]] = {}
    for number, deal in enumerate(deals):
        if not isinstance(deal, dict):
            raise RecordError("a deal is an object with dealer, hands, kitty and actions", deal=number)
        try:
            fixed[number] = _check_deal(rules, deal.get("dealer"), deal.get("hands"), deal.get("kitty"))  # type: ignore[arg-type]
        except RecordError as error:
            raise RecordError(str(error), deal=number) from None
    seed = record.get("seed")
    if seed is None:
        seed = 0
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"seed must be a whole number, not {seed!r}")
    seating = record.get("seating")
    if seating is not None and sorted(seating) != list(range(rules.players)):
        raise RecordError(f"seating must list each player 0..{rules.players - 1} once")
    game = Game.__new__(Game)
    game._setup(rules, seed, fixed, fixed[0][0], seating, record.get("draw"))
    game.seed = record.get("seed")
    game.metadata = dict(record.get("metadata") or {})
    for number, deal in enumerate(deals):
        notes = {k: v for k, v in deal.items() if k not in ("dealer", "hands", "kitty", "actions", "result")}
        if notes:
            game._deal_notes[number] = notes
        if game.is_over:
            raise RecordError("the game was already over before this deal", deal=number)
        if game.hand_number != number:
            raise RecordError("the previous deal did not finish its hand", deal=number)
        if game.dealer != fixed[number][0]:
            raise RecordError(f"dealer should be seat {game.dealer} (the deal passes to the left)", deal=number)
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions must be a list of [seat, action] pairs", deal=number)
        for index, pair in enumerate(actions):
            if not (isinstance(pair, list | tuple) and len(pair) == 2):
                raise RecordError(f"{pair!r} is not a [seat, action] pair", deal=number, action_index=index)
            if game.hand_number != number or game.is_over:
                raise RecordError("the hand was already over before this action", deal=number, action_index=index)
            try:
                game.apply(pair[1], seat=pair[0])
            except BowersError as error:
                raise RecordError(str(error), deal=number, action_index=index) from None
        recorded = deal.get("result")
        if isinstance(recorded, dict) and len(game.results) > number:
            replayed = game.results[number]["points"]
            if recorded.get("points") != replayed:
                message = f"the recorded points {recorded.get('points')} differ from the replayed {replayed}"
                raise RecordError(message, deal=number)
    if "scores" in record and list(record["scores"]) != game.scores:
        raise RecordError(f"the recorded scores {record['scores']} differ from the replayed {game.scores}")
    return game


def action_space(variant: str, **options: Any) -> list[str]:
    """The fixed action space of a variant: canonical strings whose index is the action id."""
    return list(space_for(make_rules(variant, **options)).names)


__all__ = ["Game", "action_space", "cards_of", "deal_from_order", "replay", "shuffled"]
