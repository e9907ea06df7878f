"""Euchre Game Notation (EGN): import real games as bowers records, export records as EGN.

EGN (the NextSuit-Labs ``euchre-game-notation`` format) is JSON that keeps
only what the rules cannot work out: per deal the dealer, the turn-up, the
bidding calls from the dealer's left, whether the maker went alone, sometimes
the dealer's discard, and every trick's cards in the order they were played.
Who led and won each trick, and the score, follow from the rules of standard
Euchre, so the importer plays the tricks through to learn which seat played
each card.

EGN never shows the cards nobody played: the kitty under the turn-up, a
discard it leaves out, the hand of a lone player's partner (and of a lone
defender's partner).  The importer places these unseen cards by one rule,
and lists them in the deal's ``"inferred"`` key (in deck order):

    The unseen cards, in deck order (clubs, diamonds, hearts, spades, each
    9 up to the Ace, then the Joker), fill these places in turn: the hands of
    the seats that sit out, clockwise from the dealer's left; the dealer's
    discard, when the dealer played the turn-up and the file names no
    discard; the unplayed cards of the playing seats (only in an unfinished
    last deal), clockwise from the dealer's left; and last the kitty after
    the turn-up.  Each place takes the lowest unseen card that still lets
    every later place be filled legally: no inferred card goes to a seat
    that, holding it, failed to follow its suit.

When the dealer picked up, did not play the turn-up, and the file names no
discard, the dealer discarded the turn-up (bowers allows it).  Cards that
are never held while a seat plays (a sitting-out hand, a discard, the kitty)
cannot make a recorded play illegal, so a finished deal is always legal as
reconstructed when its recorded plays are.

>>> egn_card_name(parse_egn_card("Nc"))
'9c'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bowers.actions import canonical_action
from bowers.cards import (
    CARD_NAMES,
    JACK,
    JOKER,
    SUIT_LETTERS,
    Card,
    make_card,
    parse_card,
    same_colour_suit,
    suit_of,
)
from bowers.errors import BowersError, RecordError, quoted
from bowers.game import RecordReader, json_copy, read_json, replay
from bowers.tables import TrumpTables, trump_tables
from bowers.variants import Rules, make_rules

EGN_FILE_TYPE = "Euchre Game Notation"
EGN_VERSION = "1.4"  # the version written by ``record_to_egn``
UNKNOWN = -1  # a card the file marks as unknown ("Xx", "")

# EGN metadata kept in a bowers record (and written back); ``matchId`` is the pre-1.2 name of ``gameId``; ``match``
# is bowers' own: where a duplicate match played the game (its deal or game, pass and seats), for ``bowers stats``.
METADATA_KEYS = ("gameId", "title", "description", "date", "players", "teamNames", "finalScore", "match")
ANALYSIS_KEY = "egn_analysis"  # record metadata: per deal, the EGN annotations and alternative lines
_DEAL_ANALYSIS = ("alternativeLines",)
_BIDDING_ANALYSIS = ("callAnnotations",)
_PLAY_ANALYSIS = ("playAnnotations",)

_ALONE_LEADS = {"LEFT_OF_DEALER": "dealer-left", "LEFT_OF_LONER": "maker-left"}
_SWITCHES = {  # EGN rules bowers does not play, each with what it means
    "canadian": "Canadian loner (the dealer's partner who orders up must go alone)",
    "farmers": "farmer's hands",
    "partners_best": "partner's best (a lone player's partner passes a card)",
    "go_under": "going under (swapping cards with the kitty)",
    "allow_no_trump": "no-trump calls",
    "fast_break": "fast break scoring",
    "four_trick_tokens": "four-trick tokens",
}
_FIXED_NUMBERS = {  # EGN rules bowers plays only at their default value
    "loner_march_score": (4, "a lone march scoring other than 4 points"),
    "loner_euchred_score": (2, "a euchred loner scoring other than 2 points"),
    "num_players": (4, "other than 4 players"),
    "num_deals": (0, "a fixed number of deals instead of a winning score"),
}


# ---------------------------------------------------------------------- cards


def parse_egn_card(text: object, trump: int | None = None, where: str = "") -> Card:
    """An EGN card (``"Th"``, ``"Nc"`` for a nine, ``"R"``/``"L"`` for the bowers, ``"B"`` for the Joker).

    Returns ``UNKNOWN`` for an unknown card (``"Xx"`` or an empty string); ``trump`` resolves the bowers.
    """
    prefix = f"{where}: " if where else ""
    if not isinstance(text, str):
        raise RecordError(f"{prefix}a card is a string such as 'Th', not {quoted(text)}")
    if text == "" or "X" in text or "x" in text:
        return UNKNOWN
    if text in ("R", "L"):
        if trump is None:
            raise RecordError(f"{prefix}{quoted(text)} (a bower) can only be used once trump is known")
        return make_card(JACK, trump if text == "R" else same_colour_suit(trump))
    if text == "B":
        return JOKER
    if len(text) == 2 and text[1] in "tng":
        raise RecordError(f"{prefix}{quoted(text)} uses a generic suit (t, n, g); bowers needs the real suit")
    if len(text) == 2 and text[0] in "Nn":
        text = "9" + text[1]
    try:
        return parse_card(text)
    except BowersError:
        raise RecordError(f"{prefix}{quoted(text)} is not an EGN card (rank 9 T J Q K A, then suit c d h s)") from None


def egn_card_name(card: Card) -> str:
    """The EGN text of a card: rank then lower-case suit (``"Th"``), ``"B"`` for the Joker."""
    if card == JOKER:
        return "B"
    name = CARD_NAMES[card]
    return name[0] + name[1].lower()


# ---------------------------------------------------------------------- rules


def _ruleset_options(metadata: dict[str, Any]) -> dict[str, Any]:
    """The bowers options (non-default ones only) of an EGN ruleset and initial score."""
    ruleset = metadata.get("ruleset", {})
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, dict):
        raise RecordError(f"metadata.ruleset must be an object of EGN rules, not {quoted(ruleset)}")
    options: dict[str, Any] = {}

    def flag(name: str, default: bool) -> bool:
        value = ruleset.get(name, default)
        if not isinstance(value, bool):
            raise RecordError(f"EGN rule {quoted(name)} must be true or false, not {quoted(value)}")
        return value

    def number(name: str, default: int) -> int:
        value = ruleset.get(name, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"EGN rule {quoted(name)} must be a whole number, not {quoted(value)}")
        return value

    if flag("std", True):  # EGN's default: stick the dealer
        options["stick_the_dealer"] = True
    if flag("defend_alone", False):
        options["defend_alone"] = True
    lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(lead, str) or lead not in _ALONE_LEADS:
        raise RecordError(f"EGN rule 'loner_lead' is {quoted(lead)}; bowers plays LEFT_OF_DEALER and LEFT_OF_LONER")
    if _ALONE_LEADS[lead] != "dealer-left":
        options["alone_lead"] = _ALONE_LEADS[lead]
    for name, meaning in _SWITCHES.items():
        if flag(name, False):
            raise RecordError(f"EGN rule {quoted(name)} ({meaning}) is on; bowers does not play it")
    for name, (default, meaning) in _FIXED_NUMBERS.items():
        if number(name, default) != default:
            raise RecordError(f"EGN rule {quoted(name)} is {quoted(ruleset[name])} ({meaning}); bowers does not play it")
    min_rank = number("min_rank", 9)
    joker = flag("joker", False)
    if min_rank not in (7, 9):
        raise RecordError(f"EGN rule 'min_rank' is {min_rank}; bowers plays decks from 9 (24 cards) or 7 (32 cards)")
    if min_rank == 7 and joker:
        raise RecordError("EGN rules 'min_rank' 7 and 'joker' together make a 33-card deck, which standard Euchre does not use")
    if min_rank == 7:
        options["deck"] = 32
    if joker:
        options["deck"] = 25
    target = number("winning_score", 10)
    if target <= 0:
        raise RecordError(f"EGN rule 'winning_score' is {target}; bowers plays games to a winning score of at least 1")
    if target != 10:
        options["target"] = target
    known = {"std", "defend_alone", "loner_lead", "min_rank", "joker", "winning_score", *_SWITCHES, *_FIXED_NUMBERS}
    for name, value in ruleset.items():
        if name not in known and value not in (False, 0, None, ""):
            raise RecordError(f"EGN rule {quoted(name)} is set to {quoted(value)}; bowers does not know it")
    initial = metadata.get("initialScore", [0, 0])
    if not isinstance(initial, list) or len(initial) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in initial):
        raise RecordError(f"metadata.initialScore must be two whole numbers [team 0/2, team 1/3], not {quoted(initial)}")
    if initial != [0, 0]:
        options["initial_scores"] = list(initial)
    return options


def _options_ruleset(rules: Rules) -> tuple[dict[str, Any], list[int]]:
    """The EGN ruleset and initial score of a bowers rules value."""
    if rules.variant != "standard":
        raise RecordError(f"EGN records standard Euchre only, not {quoted(rules.variant)}")
    if rules.reneges:
        raise RecordError("EGN cannot record the 'reneges' option (renege claims)")
    ruleset: dict[str, Any] = {
        "std": rules.stick_the_dealer,
        "canadian": False,
        "loner_lead": "LEFT_OF_LONER" if rules.alone_lead == "maker-left" else "LEFT_OF_DEALER",
    }
    if rules.defend_alone:
        ruleset["defend_alone"] = True
    deck = rules.options.get("deck", 24)
    if deck == 32:
        ruleset["min_rank"] = 7
    if deck == 25:
        ruleset["joker"] = True
    if rules.target != 10:
        ruleset["winning_score"] = rules.target
    return ruleset, list(rules.initial_scores)


def _rules(options: dict[str, Any]) -> Rules:
    try:
        return make_rules("standard", **options)
    except BowersError as error:
        raise RecordError(str(error)) from None


# ---------------------------------------------------------------------- one deal


class _Deal:
    """One EGN deal as bowers sees it: seats, calls, tricks and the cards placed."""

    def __init__(self, rules: Rules, number: int) -> None:
        self.rules = rules
        self.number = number
        self.dealer = 0
        self.turn_up: Card = UNKNOWN
        self.actions: list[list[Any]] = []
        self.maker: int | None = None
        self.trump: int | None = None
        self.round_one = False
        self.alone = False
        self.defender: int | None = None
        self.sitting_out: set[int] = set()
        self.picks_up = False
        self.discard: Card = UNKNOWN
        self.plays: list[tuple[int, Card]] = []
        self.tricks_done = 0
        self.failed: list[set[int]] = [set() for _ in range(4)]  # effective suits each seat failed to follow
        self.known_hands: list[set[Card]] = [set() for _ in range(4)]  # playerCards
        self.complete = False
        self.misdeal = False

    def error(self, message: str) -> RecordError:
        """A ``RecordError`` naming this deal."""
        return RecordError(message, deal=self.number)

    def card(self, text: object, where: str) -> Card:
        """An EGN card of this deal (``UNKNOWN`` for an unknown one); errors name the deal and the place."""
        try:
            return parse_egn_card(text, self.trump, where)
        except RecordError as error:
            raise self.error(str(error)) from None

    @property
    def tables(self) -> TrumpTables:
        """The trump tables of this deal's trump."""
        assert self.trump is not None
        return trump_tables(self.rules.deck, self.rules.trump_jokers, self.rules.left_above_right, self.trump)

    def active(self) -> list[int]:
        """The seats that play, clockwise from the dealer's left."""
        return [(self.dealer + k) % 4 for k in range(1, 5) if (self.dealer + k) % 4 not in self.sitting_out]

    def first_leader(self) -> int:
        """Who leads the first trick: the dealer's left, or the lone player's left (``alone_lead``), or the next active seat."""
        assert self.maker is not None
        start = self.maker + 1 if self.alone and self.rules.alone_lead == "maker-left" else self.dealer + 1
        for k in range(4):
            if (start + k) % 4 not in self.sitting_out:
                return (start + k) % 4
        raise AssertionError("no active seat")


def _read_deal(rules: Rules, number: int, deal: Any, last: bool, dealer_due: int | None) -> _Deal:
    """Parse one EGN deal: its bidding into actions, its tricks into seats and plays."""
    out = _Deal(rules, number)
    if isinstance(deal, str):
        raise out.error("condensed (base64) EGN deals are not supported; expand the file to JSON deals first")
    if not isinstance(deal, dict):
        raise out.error(f"an EGN deal is an object with initialState and phases, not {type(deal).__name__}")
    state = deal.get("initialState", deal.get("initial_state"))
    if not isinstance(state, dict):
        raise out.error("the deal has no initialState object")
    dealer = state.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
        raise out.error(f"initialState.dealer must be a seat 0..3, not {quoted(dealer)}")
    if dealer_due is not None and dealer != dealer_due:
        raise out.error(f"the dealer is seat {dealer}, but the deal passes to the left (to seat {dealer_due})")
    out.dealer = dealer
    turn_up = out.card(state.get("upCard", state.get("up_card")), "upCard")
    if turn_up == UNKNOWN or turn_up not in rules.deck:
        raise out.error(f"upCard {quoted(state.get('upCard'))} is not a known card of the deck")
    if turn_up == JOKER:
        raise out.error("the Joker is turned up; EGN has no notation for the dealer naming trump")
    out.turn_up = turn_up
    phases = deal.get("phases", [])
    if not isinstance(phases, list):
        raise out.error("phases must be a list")
    bidding: dict[str, Any] | None = None
    play: dict[str, Any] | None = None
    for phase in phases:
        kind = phase.get("type") if isinstance(phase, dict) else None
        if kind == "EUCHRE_BIDDING" and bidding is None and play is None:
            bidding = phase
        elif kind == "TRICK_PLAY" and play is None and bidding is not None:
            play = phase
        else:
            raise out.error(f"unexpected phase {quoted(kind)}: a deal has one EUCHRE_BIDDING phase, then one TRICK_PLAY phase")
    player_cards = state.get("playerCards", state.get("player_cards"))
    _read_bidding(out, bidding or {"calls": []}, play)
    _read_player_cards(out, player_cards)
    if play is not None:
        _read_tricks(out, play)
    if not out.complete and not last:
        raise out.error("the deal stops before the hand is over; only the last deal of a file may stop early")
    return out


def _read_bidding(out: _Deal, bidding: dict[str, Any], play: dict[str, Any] | None) -> None:
    """Turn the calls (from the dealer's left) into bowers actions and find the maker and trump."""
    calls = bidding.get("calls", [])
    if not isinstance(calls, list):
        raise out.error("calls must be a list")
    turned_down = suit_of(out.turn_up)
    for index, call in enumerate(calls):
        seat = (out.dealer + 1 + index) % 4
        where = f"call {index} ({quoted(call)}) by seat {seat}"
        if out.maker is not None:
            raise out.error(f"{where} comes after seat {out.maker} already made trump")
        if index >= 8:
            raise out.error(f"{where}: there are only two bidding rounds (8 calls)")
        text = call.strip().lower() if isinstance(call, str) else ""
        if text == "pass":
            out.actions.append([seat, "pass"])
        elif text == "order" and index < 4:
            out.actions.append([seat, "order"])
            out.maker, out.trump, out.round_one = seat, turned_down, True
        elif text in ("c", "d", "h", "s") and index >= 4:
            suit = SUIT_LETTERS.index(text.upper())
            if suit == turned_down:
                raise out.error(f"{where} names the turned-down suit")
            out.actions.append([seat, f"call:{SUIT_LETTERS[suit]}"])
            out.maker, out.trump = seat, suit
        elif text == "n":
            raise out.error(f"{where}: no-trump is not played in standard Euchre")
        elif text == "x":
            raise out.error(f"{where}: the call is unknown; bowers needs every call")
        else:
            expected = "'Pass' or 'Order'" if index < 4 else "'Pass' or a suit letter c, d, h, s"
            raise out.error(f"{where} is not a call of bidding round {1 + index // 4}; expected {expected}")
    if out.maker is None:
        if len(calls) == 8:
            if out.rules.stick_the_dealer:
                raise out.error("every call is Pass, but the dealer is stuck (std) and must name a suit")
            out.misdeal = out.complete = True
        if play is not None and play.get("tricks"):
            raise out.error("tricks are played although nobody made trump")
        if bidding.get("isAlone") or "discard" in bidding:
            raise out.error("isAlone or discard is given although nobody made trump")
        return
    out.alone = bool(bidding.get("isAlone")) or bool(play is not None and play.get("isAlone"))
    out.actions.append([out.maker, "alone" if out.alone else "partner"])
    if out.alone:
        out.sitting_out.add((out.maker + 2) % 4)
    defender = bidding.get("aloneDefender")
    undecided = defender is None and not (play and play.get("tricks")) and "discard" not in bidding
    if out.rules.defend_alone and out.alone and undecided:
        return  # the deal stops before the opponents decide whether to defend alone
    if defender is None:
        defender = -1
    if isinstance(defender, bool) or not isinstance(defender, int) or defender not in (-1, 0, 1, 2, 3):
        raise out.error(f"aloneDefender must be a seat 0..3 or -1, not {quoted(defender)}")
    if out.rules.defend_alone and out.alone:
        for seat in ((out.maker + 1) % 4, (out.maker + 3) % 4):
            if seat == defender:
                out.actions.append([seat, "defend-alone"])
                out.defender = seat
                out.sitting_out.add((seat + 2) % 4)
                break
            out.actions.append([seat, "pass"])
        if defender != -1 and out.defender is None:
            raise out.error(f"aloneDefender {defender} is not an opponent of the lone player (seat {out.maker})")
    elif defender != -1:
        raise out.error("aloneDefender is given, but the ruleset does not allow defending alone")
    discard = bidding.get("discard")
    dealer_plays = out.dealer not in out.sitting_out
    if discard is not None:
        if not (out.round_one and dealer_plays):
            raise out.error("a discard is given, but the dealer did not pick up the turn-up")
        card = out.card(discard, "discard")
        if card != UNKNOWN:
            if card not in out.rules.deck:
                raise out.error(f"the discard {quoted(discard)} is not a card of the deck")
            out.discard = card
    out.picks_up = out.round_one and dealer_plays and (play is not None or out.discard != UNKNOWN)
    if out.picks_up:
        out.actions.append([out.dealer, "discard"])  # the card is settled once the hands are placed


def _read_player_cards(out: _Deal, player_cards: Any) -> None:
    """Known dealt cards (``playerCards``, optional; unknown cards are ``"Xx"``)."""
    if player_cards is None:
        return
    if not isinstance(player_cards, list) or len(player_cards) not in (0, 4):
        raise out.error("playerCards must list the 4 seats' hands")
    for seat, cards in enumerate(player_cards):
        if not isinstance(cards, list) or len(cards) > 5:
            raise out.error(f"playerCards of seat {seat} must be a list of at most 5 cards")
        for text in cards:
            card = out.card(text, f"playerCards of seat {seat}")
            if card == UNKNOWN:
                continue
            if card not in out.rules.deck:
                raise out.error(f"playerCards of seat {seat}: {quoted(text)} is not a card of the deck")
            out.known_hands[seat].add(card)


def _read_tricks(out: _Deal, play: dict[str, Any]) -> None:
    """Seat every played card: the first leader by the rules, then each trick's winner leads."""
    tricks = play.get("tricks", [])
    if not isinstance(tricks, list):
        raise out.error("tricks must be a list of tricks")
    if out.maker is None:
        return
    active = out.active()
    leader = out.first_leader()
    initial = play.get("initialLead")
    if initial is not None and tricks and initial != leader:
        raise out.error(f"initialLead is seat {quoted(initial)}, but by the rules seat {leader} leads the first trick")
    tables = out.tables
    seen: set[Card] = set()
    if len(tricks) > out.rules.tricks:
        raise out.error(f"{len(tricks)} tricks recorded; a hand has {out.rules.tricks}")
    for number, trick in enumerate(tricks):
        if not isinstance(trick, list) or not trick:
            raise out.error(f"trick {number + 1} must be a non-empty list of cards")
        partial = number == len(tricks) - 1 and len(trick) < len(active)
        if len(trick) > len(active) or (len(trick) < len(active) and number != len(tricks) - 1):
            raise out.error(f"trick {number + 1} has {len(trick)} cards; {len(active)} seats play")
        order = active[active.index(leader) :] + active[: active.index(leader)]
        cards: list[Card] = []
        for seat, text in zip(order, trick, strict=False):
            card = out.card(text, f"trick {number + 1}")
            if card == UNKNOWN:
                unknown = f"trick {number + 1}: seat {seat}'s card is unknown ({quoted(text)})"
                raise out.error(f"{unknown}; bowers needs every played card")
            if card not in out.rules.deck:
                raise out.error(f"trick {number + 1}: {quoted(text)} is not a card of the deck")
            if card in seen:
                raise out.error(f"trick {number + 1}: {egn_card_name(card)} was already played")
            if card == out.turn_up and (not out.picks_up or seat != out.dealer):
                raise out.error(f"trick {number + 1}: seat {seat} plays the turn-up {text}, which it never held")
            seen.add(card)
            cards.append(card)
            out.plays.append((seat, card))
            out.actions.append([seat, f"play:{CARD_NAMES[card]}"])
            led = tables.effective_suit[cards[0]]
            if tables.effective_suit[card] != led:
                out.failed[seat].add(led)
        if partial:
            break
        led = tables.effective_suit[cards[0]]
        powers = [tables.power[led][c] for c in cards]
        leader = order[powers.index(max(powers))]
        out.tricks_done += 1
    out.complete = out.tricks_done == out.rules.tricks


# ---------------------------------------------------------------------- placing the unseen cards


def _place_unseen(out: _Deal) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Dealt hands, kitty (turn-up first) and the inferred cards of a deal, by the documented rule."""
    rules = out.rules
    holding: list[set[Card]] = [set(h) for h in out.known_hands]  # cards held after the pick-up, per seat
    capacity = [rules.hand_size] * 4
    for seat, card in out.plays:
        holding[seat].add(card)
    dealer = out.dealer
    if out.picks_up:
        capacity[dealer] += 1
        holding[dealer].add(out.turn_up)
        played = {c for s, c in out.plays if s == dealer}
        if out.discard != UNKNOWN:
            if out.discard in played:
                raise out.error(f"the dealer discards {egn_card_name(out.discard)} and also plays it")
            holding[dealer].add(out.discard)
        elif out.turn_up not in played:
            out.discard = out.turn_up
        else:  # a known card the dealer never played (from playerCards) may be the discard
            kept = sorted(holding[dealer] - played)
            renege = [c for c in kept if out.trump is not None and out.tables.effective_suit[c] in out.failed[dealer]]
            if renege or len(holding[dealer]) == capacity[dealer]:
                out.discard = (renege or kept)[0]
    owner: dict[Card, str] = {out.turn_up: "the turn-up"}
    for seat in range(4):
        if len(holding[seat]) > capacity[seat]:
            raise out.error(f"seat {seat} would hold {len(holding[seat])} cards: {_names(holding[seat])}")
        for card in holding[seat]:
            if card in owner and not (card == out.turn_up and out.picks_up and seat == dealer):
                raise out.error(f"{egn_card_name(card)} is both {owner[card]} and in seat {seat}'s hand")
            owner.setdefault(card, f"in seat {seat}'s hand")
    pool = [c for c in rules.deck if c not in owner]
    # The places to fill, in the documented order, each with the effective suits it must avoid.
    places: list[tuple[str, int, frozenset[int]]] = []
    seats = [(dealer + k) % 4 for k in range(1, 5)]
    for seat in seats:
        if seat in out.sitting_out:
            places += [("hand", seat, frozenset())] * (capacity[seat] - len(holding[seat]))
    if out.picks_up and out.discard == UNKNOWN:
        places.append(("discard", dealer, frozenset()))
        capacity[dealer] -= 1
    for seat in seats:
        if seat not in out.sitting_out:
            places += [("hand", seat, frozenset(out.failed[seat]))] * (capacity[seat] - len(holding[seat]))
    places += [("kitty", -1, frozenset())] * (rules.kitty_size - 1)
    if len(places) != len(pool):
        raise out.error(f"{len(pool)} unseen cards for {len(places)} places; the deal's cards do not add up")
    effective = out.tables.effective_suit if out.trump is not None else [suit_of(c) for c in range(55)]
    chosen = _assign(places, pool, lambda place, card: effective[card] not in place[2])
    if chosen is None:
        raise out.error("the unseen cards cannot be placed without making a recorded play illegal")
    kitty_rest: list[Card] = []
    for (kind, seat, _), card in zip(places, chosen, strict=True):
        if kind == "hand":
            holding[seat].add(card)
        elif kind == "discard":
            holding[seat].add(card)
            out.discard = card
        else:
            kitty_rest.append(card)
    hands = []
    for seat in range(4):
        dealt = holding[seat] - {out.turn_up} if out.picks_up and seat == dealer else holding[seat]
        hands.append(sorted(dealt))
    return hands, [out.turn_up, *sorted(kitty_rest)], sorted(chosen)


def _assign(
    places: Sequence[tuple[str, int, frozenset[int]]], pool: Sequence[Card], fits: Callable[[Any, Card], bool]
) -> list[Card] | None:
    """Give each place in turn the lowest card of ``pool`` that still lets every later place get a fitting card."""
    chosen: list[Card] = []
    free = list(pool)
    for index, place in enumerate(places):
        for card in free:
            if fits(place, card) and _matchable(places[index + 1 :], [c for c in free if c != card], fits):
                chosen.append(card)
                free.remove(card)
                break
        else:
            return None
    return chosen


def _matchable(places: Sequence[Any], cards: Sequence[Card], fits: Callable[[Any, Card], bool]) -> bool:
    """Whether every place can get its own fitting card (bipartite matching by augmenting paths)."""
    match: dict[int, int] = {}  # card index -> place index

    def augment(place: int, tried: set[int]) -> bool:
        for j, card in enumerate(cards):
            if j in tried or not fits(places[place], card):
                continue
            tried.add(j)
            if j not in match or augment(match[j], tried):
                match[j] = place
                return True
        return False

    return all(augment(i, set()) for i in range(len(places)))


def _names(cards: set[Card]) -> str:
    return ", ".join(egn_card_name(c) for c in sorted(cards))


def _check_follow(out: _Deal, hands: list[list[Card]]) -> None:
    """Raise if a recorded play fails to follow suit while the reconstructed hand could (a renege)."""
    if out.trump is None or not out.plays:
        return
    tables = out.tables
    held = [set(h) for h in hands]
    if out.picks_up:
        held[out.dealer] = (held[out.dealer] | {out.turn_up}) - {out.discard}
    trick: list[Card] = []
    size = len(out.active())
    for index, (seat, card) in enumerate(out.plays):
        if index % size == 0:
            trick = []
        if trick:
            led = tables.effective_suit[trick[0]]
            if tables.effective_suit[card] != led:
                could = sorted(c for c in held[seat] if tables.effective_suit[c] == led)
                if could:
                    raise out.error(
                        f"trick {index // size + 1}: seat {seat} plays {egn_card_name(card)} without following suit "
                        f"while holding {_names(set(could))} (a renege); bowers replays legal plays only"
                    )
        held[seat].discard(card)
        trick.append(card)


# ---------------------------------------------------------------------- import


def egn_to_record(data: Any) -> dict[str, Any]:
    """A bowers game record (variant ``standard``) from a parsed EGN document."""
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else type(data).__name__
        raise RecordError(f"not an EGN file: the top level is {kind}, not an object with fileType {quoted(EGN_FILE_TYPE)}")
    file_type = data.get("fileType")
    if file_type != EGN_FILE_TYPE:
        raise RecordError(f"not an EGN file: fileType is {quoted(file_type)}, expected {quoted(EGN_FILE_TYPE)}")
    version = data.get("version")
    if not isinstance(version, str) or not version.startswith("1."):
        raise RecordError(f"EGN version {quoted(version)} is not supported; bowers reads EGN 1.x")
    metadata = data.get("metadata")
    if not isinstance(metadata, dict):
        raise RecordError("the EGN file has no metadata object")
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("the EGN file has no deals")
    options = _ruleset_options(metadata)
    rules = _rules(options)  # refuses the scores of a game already won, as the engine does
    out_deals: list[dict[str, Any]] = []
    analysis: dict[str, Any] = {}
    record: dict[str, Any] = {"format_version": 1, "variant": "standard", "options": options, "seed": None}
    # The engine replays each deal as it is read: it checks every action, scores the deal and says whether
    # the game is over, in time linear in the number of deals.
    reader = RecordReader(record)
    for number, deal in enumerate(deals):
        game = reader.game
        if game is not None and game.is_over:
            message = f"the game was already won before this deal (score {game.scores}, winning score {rules.target})"
            raise RecordError(message, deal=number)
        dealer_due = (out_deals[-1]["dealer"] + 1) % 4 if out_deals else None
        parsed = _read_deal(rules, number, deal, number == len(deals) - 1, dealer_due)
        hands, kitty, inferred = _place_unseen(parsed)
        _check_follow(parsed, hands)
        actions = [
            [seat, f"discard:{CARD_NAMES[parsed.discard]}"] if action == "discard" else [seat, action]
            for seat, action in parsed.actions
        ]
        out_deal = {
            "dealer": parsed.dealer,
            "hands": [[CARD_NAMES[c] for c in hand] for hand in hands],
            "kitty": [CARD_NAMES[c] for c in kitty],
            "actions": actions,
            "inferred": [CARD_NAMES[c] for c in inferred],
        }
        reader.add_deal(out_deal)
        out_deals.append(out_deal)
        notes = _analysis_of(deal)
        if notes:
            analysis[str(number)] = notes
    scores = reader.finish().scores
    if "finalScore" in metadata:
        final = metadata["finalScore"]
        if not isinstance(final, list) or len(final) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in final):
            raise RecordError(f"metadata.finalScore must be two whole numbers [team 0/2, team 1/3], not {quoted(final)}")
        if final != scores:
            raise RecordError(f"metadata.finalScore is {final}, but the deals reach {scores}: the file is cut short or altered")
    kept = {key: metadata[key] for key in METADATA_KEYS if key in metadata}
    if "gameId" not in kept and "matchId" in metadata:
        kept["gameId"] = metadata["matchId"]
    if analysis:
        kept[ANALYSIS_KEY] = analysis
    return {**record, "metadata": json_copy(kept, "metadata"), "deals": out_deals, "scores": scores}


def import_note(record: dict[str, Any]) -> str | None:
    """What a user should know about an imported game: that it stops unfinished when its file gives no final score."""
    metadata = record.get("metadata") or {}
    if "finalScore" in metadata:
        return None
    game = replay(record)
    if game.is_over:
        return None
    return f"the file gives no finalScore; imported as an unfinished game at score {game.scores[0]}-{game.scores[1]}"


def _analysis_of(deal: dict[str, Any]) -> dict[str, Any]:
    """The analysis-only content of an EGN deal (annotations, alternative lines), kept for export."""
    notes: dict[str, Any] = {key: deal[key] for key in _DEAL_ANALYSIS if key in deal}
    for phase in deal.get("phases", []):
        keys = _BIDDING_ANALYSIS if phase.get("type") == "EUCHRE_BIDDING" else _PLAY_ANALYSIS
        notes.update({key: phase[key] for key in keys if key in phase})
    return notes


def load_egn(path: str | Path) -> dict[str, Any]:
    """Read an EGN file (UTF-8, a byte-order mark allowed) and return it as a bowers record."""
    return egn_to_record(read_json(path))


# ---------------------------------------------------------------------- export


def record_to_egn(record: dict[str, Any]) -> dict[str, Any]:
    """An EGN document (version 1.4) of a bowers record of standard Euchre; the record is replayed and checked first."""
    game = replay(record)
    if game.variant != "standard":
        raise RecordError(f"EGN records standard Euchre only, not {quoted(game.variant)}")
    rules = game.rules
    ruleset, initial = _options_ruleset(rules)
    checked = game.record()
    source = checked.get("metadata", {})
    metadata: dict[str, Any] = {key: source[key] for key in METADATA_KEYS if key in source and key != "finalScore"}
    metadata.setdefault("players", [f"Seat {seat}" for seat in range(4)])
    metadata["initialScore"] = initial
    if "finalScore" in source:
        metadata["finalScore"] = source["finalScore"]
    metadata["ruleset"] = ruleset
    analysis = source.get(ANALYSIS_KEY) or {}
    if not isinstance(analysis, dict) or not all(isinstance(notes, dict) for notes in analysis.values()):
        raise RecordError(f"metadata.{ANALYSIS_KEY} must be an object of EGN annotations by deal number")
    deals = []
    for number, deal in enumerate(checked["deals"][: len(record["deals"])]):  # not the next deal the engine dealt
        try:
            deals.append(_export_deal(rules, number, deal, analysis.get(str(number), {})))
        except BowersError as error:
            if isinstance(error, RecordError) and error.deal is not None:
                raise
            raise RecordError(str(error), deal=number) from None
    return {"fileType": EGN_FILE_TYPE, "version": EGN_VERSION, "metadata": metadata, "deals": deals}


def _export_deal(rules: Rules, number: int, deal: dict[str, Any], notes: dict[str, Any]) -> dict[str, Any]:
    """One bowers deal as an EGN deal."""
    if not isinstance(deal, dict):
        raise RecordError("a deal is an object with dealer, hands, kitty and actions", deal=number)
    dealer = deal["dealer"]
    hands = [[parse_card(c) for c in hand] for hand in deal["hands"]]
    turn_up = parse_card(deal["kitty"][0])
    if turn_up == JOKER:
        raise RecordError("the Joker is turned up; EGN has no notation for the dealer naming trump", deal=number)
    inferred = {parse_card(c) for c in deal.get("inferred", [])}
    calls: list[str] = []
    bidding: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": False}
    plays: list[tuple[int, Card]] = []
    maker: int | None = None
    sitting_out: set[int] = set()
    discard: Card | None = None
    step = "bid"
    for index, pair in enumerate(deal.get("actions", [])):
        seat, action = pair[0], canonical_action(pair[1], pair[0])
        where = f"action {index} ({quoted(action)} by seat {seat})"
        if step == "bid" and (action == "pass" or action == "order" or action.startswith("call:")):
            calls.append("Pass" if action == "pass" else "Order" if action == "order" else action[-1].lower())
            if action != "pass":
                maker, step = seat, "maker"
        elif step == "maker" and action in ("alone", "partner"):
            bidding["isAlone"] = action == "alone"
            if action == "alone":
                sitting_out.add((seat + 2) % 4)
            step = "defend" if action == "alone" and rules.defend_alone else "play"
        elif step == "defend" and action in ("pass", "defend-alone"):
            if action == "defend-alone":
                bidding["aloneDefender"] = seat
                sitting_out.add((seat + 2) % 4)
                step = "play"
            elif maker is not None and seat == (maker + 3) % 4:
                step = "play"
        elif step in ("defend", "play") and action.startswith("discard:") and not plays:
            discard = parse_card(action.split(":")[1])
            if discard not in inferred:
                bidding["discard"] = egn_card_name(discard)
            step = "play"
        elif step in ("defend", "play") and action.startswith("play:"):
            plays.append((seat, parse_card(action.split(":")[1])))
            step = "play"
        else:
            raise RecordError(f"{where} cannot be written in EGN", deal=number)
    if rules.defend_alone and bidding["isAlone"] and "aloneDefender" not in bidding and step != "defend":
        bidding["aloneDefender"] = -1  # both opponents passed (a deal stopped while they decide gives no aloneDefender)
    bidding.update({key: notes[key] for key in _BIDDING_ANALYSIS if key in notes})
    phases: list[dict[str, Any]] = [bidding] if calls else []
    if plays:
        size = 4 - len(sitting_out)
        tricks = [[egn_card_name(card) for _, card in plays[k : k + size]] for k in range(0, len(plays), size)]
        trick_play: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
        trick_play.update({key: notes[key] for key in _PLAY_ANALYSIS if key in notes})
        phases.append(trick_play)
    state: dict[str, Any] = {"dealer": dealer, "upCard": egn_card_name(turn_up)}
    # Dealt cards that the plays and the discard do not show are written as playerCards.
    shown = {card for _, card in plays} | ({discard} if discard is not None else set()) | inferred
    if any(card not in shown for hand in hands for card in hand):
        state["playerCards"] = [[egn_card_name(c) if c not in inferred else "Xx" for c in hand] for hand in hands]
    out: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    out.update({key: notes[key] for key in _DEAL_ANALYSIS if key in notes})
    return out


def dump_egn(record: dict[str, Any]) -> str:
    """The EGN text (JSON, version 1.4) of a bowers record."""
    return json.dumps(record_to_egn(record), indent=2, ensure_ascii=False) + "\n"


__all__ = ["dump_egn", "egn_card_name", "egn_to_record", "import_note", "load_egn", "parse_egn_card", "record_to_egn"]
