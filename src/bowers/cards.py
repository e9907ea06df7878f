"""Cards as small integers, hands as integer bit sets, and the card notation.

A card is ``suit * 13 + rank`` with suits clubs, diamonds, hearts, spades
(0-3) and ranks 2..A (0-12); the Jokers are 52 (``JK``), 53 (``RJ``) and 54
(``LJ``).  A hand is an ``int`` whose bit ``c`` is set when card ``c`` is held.

>>> parse_card("10h") == parse_card("TH") == parse_card("T♥")
True
>>> card_name(parse_card("jd"))
'JD'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from bowers.errors import NotationError

Card = int
Hand = int
Suit = int

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUITS: tuple[Suit, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_LETTERS: Final = "CDHS"
RANK_LETTERS: Final = "23456789TJQKA"
SUIT_SYMBOLS: Final = "♣♦♥♠"

TWO: Final = 0
THREE: Final = 1
SEVEN: Final = 5
EIGHT: Final = 6
NINE: Final = 7
TEN: Final = 8
JACK: Final = 9
QUEEN: Final = 10
KING: Final = 11
ACE: Final = 12

JOKER: Final = 52
RED_JOKER: Final = 53  # "RJ": Ultimate's marked Joker, the highest trump
LOW_JOKER: Final = 54  # "LJ": Ultimate's unmarked Joker, second-highest trump
JOKERS: tuple[Card, ...] = (JOKER, RED_JOKER, LOW_JOKER)
CARD_COUNT: Final = 55

_JOKER_NAMES = {JOKER: "JK", RED_JOKER: "RJ", LOW_JOKER: "LJ"}


def make_card(rank: int, suit: Suit) -> Card:
    """Return the card of the given rank index (2=0 .. A=12) and suit."""
    return suit * 13 + rank


def suit_of(card: Card) -> Suit:
    """Printed suit of a card (meaningless for Jokers: -1)."""
    return card // 13 if card < 52 else -1


def rank_of(card: Card) -> int:
    """Rank index of a card, 2=0 .. A=12 (-1 for Jokers)."""
    return card % 13 if card < 52 else -1


def is_joker(card: Card) -> bool:
    """True for any of the three Joker cards."""
    return card >= 52


def same_colour_suit(suit: Suit) -> Suit:
    """The other suit of the same colour (clubs-spades, diamonds-hearts)."""
    return (CLUBS, HEARTS, DIAMONDS, SPADES)[suit] if suit in (DIAMONDS, HEARTS) else 3 - suit


def card_name(card: Card) -> str:
    """Canonical two-letter name of a card: rank then suit, upper case."""
    if card >= 52:
        return _JOKER_NAMES[card]
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


CARD_NAMES: tuple[str, ...] = tuple(card_name(c) for c in range(CARD_COUNT))

_SUIT_INPUT = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_INPUT.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})
_SUIT_INPUT.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def parse_suit(text: str) -> Suit:
    """Parse a suit letter (any case) or symbol."""
    key = text.strip().upper()
    if key not in _SUIT_INPUT:
        raise NotationError(text, "a suit is one of C, D, H, S (or ♣ ♦ ♥ ♠)")
    return _SUIT_INPUT[key]


def parse_card(text: object) -> Card:
    """Parse card notation: rank then suit (``TH``, ``10h``, ``9♠``), or ``JK``/``RJ``/``LJ``."""
    if not isinstance(text, str):
        raise NotationError(text, "a card is a string such as 'TH' or '9S'")
    key = text.strip().upper()
    for card, name in _JOKER_NAMES.items():
        if key == name:
            return card
    if key.startswith("10"):
        key = "T" + key[2:]
    if len(key) != 2:
        raise NotationError(text, "a card is a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S), or JK, RJ, LJ")
    rank = RANK_LETTERS.find(key[0])
    if rank < 0:
        raise NotationError(text, f"unknown rank {key[0]!r}; ranks are 2-9, T (or 10), J, Q, K, A")
    if key[1] not in _SUIT_INPUT:
        raise NotationError(text, f"unknown suit {key[1]!r}; suits are C, D, H, S (or ♣ ♦ ♥ ♠)")
    return make_card(rank, _SUIT_INPUT[key[1]])


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards."""
    return [parse_card(t) for t in texts]


def bit(card: Card) -> Hand:
    """The one-card hand holding ``card``."""
    return 1 << card


def to_hand(cards: Iterable[Card]) -> Hand:
    """Bit set of the given cards."""
    hand = 0
    for card in cards:
        hand |= 1 << card
    return hand


def cards_of(hand: Hand) -> list[Card]:
    """Cards of a bit set in ascending card order."""
    out = []
    while hand:
        low = hand & -hand
        out.append(low.bit_length() - 1)
        hand ^= low
    return out


def iter_cards(hand: Hand) -> Iterator[Card]:
    """Iterate the cards of a bit set in ascending card order."""
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def hand_names(hand: Hand) -> list[str]:
    """Card names of a bit set in ascending card order."""
    return [CARD_NAMES[c] for c in cards_of(hand)]


def deck_of(ranks: Iterable[int], jokers: Iterable[Card] = (), missing: Iterable[Card] = ()) -> tuple[Card, ...]:
    """A deck: every suit in the given ranks, plus Jokers, less missing cards, in card order."""
    rank_set = set(ranks)
    gone = set(missing)
    cards = [make_card(r, s) for s in SUITS for r in sorted(rank_set) if make_card(r, s) not in gone]
    return tuple(sorted(cards)) + tuple(jokers)
