"""Building blocks of the rules tests: compact deals, action scripts and what a seat may see."""

from __future__ import annotations

import re
from typing import Any

import bowers
from bowers.cards import CARD_NAMES, parse_card

# Seat 1 holds the five top hearts and marches when it names hearts in the second round.
MARCH = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
MARCH_KITTY = "KS TH 9H AS"
MARCH_BIDS = "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner"
MARCH_PLAY = "1:JH 2:AC 3:AD 0:9C 1:JD 2:9D 3:9S 0:TC 1:AH 2:TD 3:TS 0:JC 1:KH 2:QD 3:JS 0:QC 1:QH 2:KD 3:QS 0:KC"

# Hearts trump (named by seat 1): the left bower JD, and jacks of the other colour, tested trick by trick.
EFFECTIVE = ["AC KC QC AS KS", "AD 9H QS JS TS", "JD TD 9C TC JC", "KD QD 9D JH AH"]
EFFECTIVE_KITTY = "9S TH QH KH"

CARD_TOKEN = re.compile(r"(?<![A-Z0-9])(?:[2-9TJQKA][CDHS]|JK|RJ|LJ)(?![A-Z0-9])")


def deck(variant: str = "standard", **options: Any) -> list[str]:
    """The cards of a variant's deck, in deck order."""
    return [CARD_NAMES[c] for c in bowers.make_rules(variant, **options).deck]


def deal(variant: str, dealer: int, hands: list[str], kitty: str = "", seed: int = 0, **options: Any) -> bowers.Game:
    """A game whose first hand deals these cards (space-separated, per seat; the kitty's turn-up first).

    Cards named nowhere fill the short hands (seat 0 first), then the kitty, in deck order.
    """
    rules = bowers.make_rules(variant, **options)
    seats = [text.split() for text in hands]
    pile = kitty.split()
    named = {CARD_NAMES[parse_card(c)] for c in [*pile, *(c for h in seats for c in h)]}
    spare = [c for c in deck(variant, **options) if c not in named]
    for cards in seats:
        while len(cards) < rules.hand_size:
            cards.append(spare.pop(0))
    while len(pile) < rules.kitty_size:
        pile.append(spare.pop(0))
    return bowers.Game.from_deal(variant, dealer=dealer, hands=seats, kitty=pile, seed=seed, **options)


def run(game: bowers.Game, script: str) -> list[str]:
    """Apply ``seat:action`` steps (``seat:CARD`` plays CARD), checking each seat; returns the canonical forms."""
    done = []
    for step in script.split():
        seat_text, action = step.split(":", 1)
        if CARD_TOKEN.fullmatch(action.upper()):
            action = f"play:{action}"
        done.append(game.apply(action, seat=int(seat_text)))
    return done


def snapshot(game: bowers.Game) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged: the record and every seat's observation."""
    return (game.record(), [game.observation(s) for s in range(game.rules.players)], game.legal_actions(), game.to_act)


def visible_cards(observation: dict[str, Any]) -> set[str]:
    """Every card named anywhere in an observation."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.update(CARD_TOKEN.findall(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(observation)
    return found


def winning_card(variant: str, trump: str, cards: list[str], **options: Any) -> str:
    """The card that wins a first trick in which the seats from the dealer's left play ``cards`` in order.

    Seat 0 deals; trump is named in the second round (the turn-up is of another suit); every seat
    but the leader is void in the suit led apart from the card it plays, so any card is legal.
    """
    rules = bowers.make_rules(variant, **options)
    n = rules.players
    game_deck = deck(variant, **options)
    # Effective suits from specification section 1: the left bower and the Joker belong to trump.
    left = {"C": "JS", "S": "JC", "D": "JH", "H": "JD"}[trump]

    def suit(card: str) -> str:
        return trump if card in ("JK", left) else card[1]

    led = suit(cards[0])
    turn_up = next(c for c in game_deck if c not in cards and c != "JK" and suit(c) not in (trump, led) and c[0] != "J")
    rest = [c for c in game_deck if c not in cards and c != turn_up]
    followers = [c for c in rest if suit(c) != led]
    same = [c for c in rest if suit(c) == led]
    seats = [[] for _ in range(n)]
    for position, card in enumerate(cards):
        seats[(1 + position) % n].append(card)
    leader = seats[1]
    while len(leader) < rules.hand_size and same:
        leader.append(same.pop())
    pile = [turn_up, *same]
    if len(pile) > rules.kitty_size:
        raise AssertionError("too many cards of the suit led to place")
    for seat in [*range(2, n), 0]:
        while len(seats[seat]) < rules.hand_size:
            seats[seat].append(followers.pop(0))
    while len(leader) < rules.hand_size:
        leader.append(followers.pop(0))
    pile.extend(followers[: rules.kitty_size - len(pile)])
    game = bowers.Game.from_deal(variant, dealer=0, hands=seats, kitty=pile, seed=0, **options)
    for _ in range(n):
        game.apply("pass")
    game.apply(f"call:{trump}")
    if game.phase == "maker-choice":
        game.apply("partner")
    for card in cards:
        game.apply(f"play:{card}")
    won = game.observation(0)["tricks_won"]
    winner = won.index(1)
    return cards[(winner - 1) % n]
