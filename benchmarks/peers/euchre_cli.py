"""euchre-cli's computer player (the ``euchre-cli`` package) choosing bowers actions from a bowers observation.

euchre-cli plays standard Euchre with no stick the dealer and no going alone;
matches against it use ``stick_the_dealer=false`` and remove ``alone`` from
both sides' choices (``benchmarks.peers.rules``), so each of its decisions
maps onto one of bowers':

* round 1, ``pass``/``order``: ``Computer.call_pick_up(turn_up, partner_is_dealer)``;
* the maker's ``alone``/``partner``: always ``partner``;
* the dealer's discard: ``Computer.pick_up_card(turn_up)`` from the five cards held before the pick-up;
* round 2, ``pass``/``call:S``: ``Computer.call_trump_suit(turned-down suit)``;
* a card: ``Computer.play_card(cards of the trick so far, trump)``.

Its one random choice (an occasional "accidental" order in round 1) is drawn
from the adapter's own seeded generator, so a match stays reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import euchre.abstract.computer as computer_module
from euchre.abstract import Card, Computer, Face, Suit, Team

SUITS = {"C": Suit("Club", "Black"), "D": Suit("Diamond", "Red"), "H": Suit("Heart", "Red"), "S": Suit("Spade", "Black")}
LETTER_OF_SUIT = {id(suit): letter for letter, suit in SUITS.items()}
FACES = {
    "9": Face("Nine", 9),
    "T": Face("Ten", 10),
    "J": Face("Jack", 11),
    "Q": Face("Queen", 12),
    "K": Face("King", 13),
    "A": Face("Ace", 14),
}
LETTER_OF_FACE = {id(face): letter for letter, face in FACES.items()}


def to_card(name: str) -> Card:
    """A euchre-cli card from bowers notation (``"JH"``).

    Suits and faces are shared objects, as euchre-cli compares them by identity.
    """
    return Card(SUITS[name[1]], FACES[name[0]])


def to_name(card: Card) -> str:
    """The bowers notation of a euchre-cli card."""
    return LETTER_OF_FACE[id(card.face)] + LETTER_OF_SUIT[id(card.suit)]


class EuchreCliComputer:
    """euchre-cli's ``Computer`` as a bowers bot for ``standard`` (24 cards, no stick the dealer, no going alone)."""

    name = "euchre-cli"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._player = Computer("bowers", Team("bowers"))

    def _hold(self, observation: Mapping[str, Any], cards: list[str]) -> None:
        self._player.hand = [to_card(name) for name in cards]
        self._player.is_dealer = observation["seat"] == observation["dealer"]

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = list(observation["legal_actions"])
        choice = self._choose(observation, legal)
        return choice if choice in legal else legal[0]

    def _choose(self, observation: Mapping[str, Any], legal: list[str]) -> str:
        seat, dealer = observation["seat"], observation["dealer"]
        turn_up = observation["turn_up"]
        if "order" in legal:
            self._hold(observation, observation["hand"])
            saved = computer_module.choices
            computer_module.choices = self._rng.choices  # its "accidental" call, from this bot's generator
            try:
                order = self._player.call_pick_up(to_card(turn_up), dealer == (seat + 2) % 4)
            finally:
                computer_module.choices = saved
            return "order" if order else "pass"
        if "partner" in legal:
            return "partner"
        if legal[0].startswith("discard:"):
            held = [name for name in observation["hand"] if name != turn_up]
            self._hold(observation, held)
            return "discard:" + to_name(self._player.pick_up_card(to_card(turn_up)))
        if any(action.startswith("call:") for action in legal):
            self._hold(observation, observation["hand"])
            turned_down = SUITS[turn_up[1]]
            called = self._player.call_trump_suit(turned_down)
            if called is turned_down:
                return "pass"
            return "call:" + LETTER_OF_SUIT[id(called)]
        if legal[0].startswith("play:"):
            hand = [to_card(name) for name in observation["hand"]]
            self._player.hand = hand
            played = [to_card(name) for _, name in observation["trick"]]
            card = self._player.play_card(played, SUITS[observation["trump"]])
            return "play:" + to_name(card)
        return legal[0]


def euchre_cli_computer(seed: int | None = None) -> EuchreCliComputer:
    """Factory for ``bowers.match.Side``."""
    return EuchreCliComputer(seed=seed)
