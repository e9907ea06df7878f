"""A seat's observation read into bit sets: what every bot and the sampler reason from.

``View`` turns ``Game.observation(seat)`` (or its JSON round-trip) into the
rules, the trump tables, the seat's cards, the cards seen played, the suits
each seat has shown out of, and the cards whose holder is known.  It reads
nothing but the observation, so nothing built on it can see a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bowers.actions import CLAIM_RENEGE, GIVE, PLAY, PLAY_JOKER, ActionSpace, space_for
from bowers.cards import CARD_NAMES, parse_card, to_hand
from bowers.tables import NO_TRUMP, TrumpTables, trump_tables
from bowers.variants import Rules, make_rules

_CARD_INDEX = {name: card for card, name in enumerate(CARD_NAMES)}
TRUMP_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": NO_TRUMP}  # a trump's letters in actions and observations, and its index


def card_of(name: str) -> int:
    """The card of a canonical card name (fast path), any notation otherwise."""
    try:
        return _CARD_INDEX[name]
    except KeyError:
        return parse_card(name)


def cards_from_names(names: Any) -> int:
    """A bit set from a list of card names."""
    return to_hand(card_of(name) for name in names)


def rules_of(observation: Mapping[str, Any]) -> Rules:
    """The rules of the game an observation is of: its ``variant`` and ``options`` (``make_rules`` caches them)."""
    return make_rules(observation["variant"], **(observation.get("options") or {}))


class View:
    """Everything a seat knows, as bit sets and small lists (built once per decision)."""

    __slots__ = (
        "__weakref__",
        "alone",
        "dealer",
        "deck_hand",
        "exposed",
        "given",
        "hand",
        "hand_sizes",
        "history",
        "jambone",
        "jamboree",
        "led",
        "legal",
        "lone_defender",
        "maker",
        "observation",
        "out_of_play",
        "phase",
        "played",
        "played_by",
        "players",
        "playing_for",
        "received",
        "returned",
        "rules",
        "seat",
        "sitting_out",
        "space",
        "tables",
        "team",
        "teams",
        "to_act",
        "trick",
        "tricks_won",
        "trump",
        "turn_up",
        "turn_up_state",
        "unseen_cards",
        "voids",
    )

    def __init__(self, observation: Mapping[str, Any]) -> None:
        self.observation = observation
        self.unseen_cards: int | None = None  # worked out on first use
        self.rules: Rules = rules_of(observation)
        rules = self.rules
        self.space: ActionSpace = space_for(rules)  # what each action text means (``space.decode_text``)
        self.deck_hand = _deck_hand(rules)
        self.players = rules.players
        self.teams = rules.teams
        self.seat: int = observation["seat"]
        self.team = self.seat % self.teams
        self.phase: str = observation["phase"]
        self.to_act = observation.get("to_act")
        self.dealer: int = observation["dealer"]
        self.legal: list[str] = list(observation.get("legal_actions") or [])
        self.hand: int = cards_from_names(observation["hand"])
        self.hand_sizes: list[int] = list(observation["hand_sizes"])
        turn_up = observation.get("turn_up")
        self.turn_up = card_of(turn_up) if turn_up else -1
        self.turn_up_state = observation.get("turn_up_state")
        self.trump = TRUMP_INDEX[observation["trump"]] if observation.get("trump") else -1
        self.tables: TrumpTables | None = (
            trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, self.trump) if self.trump >= 0 else None
        )
        maker = observation.get("maker")
        self.maker: int = -1 if maker is None else maker
        self.alone = bool(observation.get("alone"))
        defender = observation.get("lone_defender")
        self.lone_defender: int = -1 if defender is None else defender
        self.jambone = bool(observation.get("jambone"))
        self.sitting_out: list[int] = list(observation.get("sitting_out") or [])
        self.tricks_won: list[int] = list(observation.get("tricks_won") or [0] * self.players)
        playing_for = observation.get("playing_for")
        self.playing_for: int = -1 if playing_for is None else playing_for
        # Cards out of play for good (returned twos and threes), and the cards rules make public.
        self.returned = 0
        for cards in (observation.get("twos_threes") or {}).values():
            self.returned |= cards_from_names(cards)
        self.exposed = [0] * self.players
        for seat_text, cards in (observation.get("exposed") or {}).items():
            self.exposed[int(seat_text)] = cards_from_names(cards)
        self.jamboree = [0] * self.players
        for seat_text, cards in (observation.get("jamboree") or {}).items():
            self.jamboree[int(seat_text)] = cards_from_names(cards)
        self.history: list[tuple[int, str]] = [(int(actor), str(action)) for actor, action in observation.get("history") or []]
        self._read_history()

    def _read_history(self) -> None:
        """Cards played and who played them, suits shown out of, cards given and received, the trick in progress:
        the observation's tricks (each card with its owner) and suits led, and its history's exchanges and claims."""
        observation = self.observation
        tables = self.tables
        played = 0
        played_by = [0] * self.players
        voids = [0] * self.players  # bit per effective suit (0-4)
        given = 0  # cards this seat gave away
        received = 0  # cards this seat received in an exchange
        plays = 0  # cards played so far, at each point of the history
        # With reneges allowed, a card off the suit led proves a void only once an opponent of its player has
        # claimed a renege later in the hand and been wrong (a correct claim ends the hand, so every claim in the
        # history of the hand in progress was wrong): then none of them had reneged.
        claims: list[tuple[int, int]] = []  # (cards played before the claim, claimer)
        decode = self.space.decode_text
        for actor, action in self.history:
            decoded = decode(action)
            kind = decoded.kind
            if kind in (PLAY, PLAY_JOKER):
                plays += 1
            elif kind == CLAIM_RENEGE:
                claims.append((plays, actor))
            elif kind == GIVE and not decoded.hidden:  # in order: a card may go to the partner and come straight back
                card = decoded.card
                if actor == self.seat:
                    given |= 1 << card
                    received &= ~(1 << card)
                else:
                    received |= 1 << card
                    given &= ~(1 << card)
        self.trick = [(seat, card_of(name)) for seat, name in observation.get("trick") or []]
        led_now = observation.get("led")
        self.led = TRUMP_INDEX[led_now] if self.trick and led_now else -1
        if tables is not None:
            check_voids = not self.rules.reneges
            team_of = self.rules.team_of
            effective_suit = tables.effective_suit
            number = 0  # the card's place among the cards played
            for led, cards in self.tricks_led():
                for place, (player, card) in enumerate(cards):
                    played |= 1 << card
                    played_by[player] |= 1 << card
                    shown_out = place and effective_suit[card] != led
                    if shown_out and (check_voids or any(n > number and team_of(c) != team_of(player) for n, c in claims)):
                        voids[player] |= 1 << led
                    number += 1
        self.played = played
        self.played_by = played_by
        self.voids = voids
        self.given = given
        self.received = received
        self.out_of_play = played | self.returned

    def tricks_led(self) -> list[tuple[int, list[tuple[int, int]]]]:
        """Every trick of the hand so far, the one in progress last: the suit led to it (the suit a leading Joker
        named) and its ``(seat, card)`` in play order, each card with the seat whose hand it came from."""
        observation = self.observation
        tricks = [
            (TRUMP_INDEX[suit], [(seat, card_of(name)) for seat, name in cards])
            for suit, cards in zip(observation.get("suits_led") or [], observation.get("tricks") or [], strict=True)
        ]
        if self.trick:
            tricks.append((self.led, self.trick))
        return tricks

    # ------------------------------------------------------------------ small questions

    def partner_of(self, seat: int) -> int:
        """The partner of a seat (-1 in two-hand)."""
        if self.players == 2:
            return -1
        return (seat + self.players // 2) % self.players

    @property
    def partner(self) -> int:
        """This seat's partner (-1 in two-hand)."""
        return self.partner_of(self.seat)

    def same_team(self, seat: int, other: int) -> bool:
        """True when the two seats are partners (or the same seat)."""
        return seat % self.teams == other % self.teams

    @property
    def unseen(self) -> int:
        """Cards of the deck this seat has not seen: in other hands, the kitty or the discards."""
        if self.unseen_cards is None:
            self.unseen_cards = self.deck_hand & ~self.hand & ~self.out_of_play & ~self._visible_elsewhere()
        return self.unseen_cards

    def _visible_elsewhere(self) -> int:
        out = 0
        for cards in self.exposed:
            out |= cards
        return out & ~self.played

    @property
    def acting_hand(self) -> int:
        """The cards of the hand this seat is choosing for: its own, or the Jambone hand it plays for."""
        if self.playing_for >= 0:
            return self.exposed[self.playing_for] & ~self.played
        return self.hand

    @property
    def acting_seat(self) -> int:
        """The seat whose card is being chosen."""
        return self.playing_for if self.playing_for >= 0 else self.seat


_DECK_HANDS: dict[tuple[int, ...], int] = {}


def _deck_hand(rules: Rules) -> int:
    """The deck of a rules value as a bit set (cached)."""
    deck = _DECK_HANDS.get(rules.deck)
    if deck is None:
        deck = _DECK_HANDS[rules.deck] = to_hand(rules.deck)
    return deck
