"""The action notation and each variant's fixed integer action space.

Every action has one canonical string (lower-case keyword, upper-case cards,
``play:TH``, ``call:S``, ``discard:9C``) and, within a variant, one integer id:
its index in ``ActionSpace.names``.  Legal actions are always listed in id
order, which is the documented order of the action space:

``pass``, ``order``, ``order:<suit>`` (per suit), ``call:<suit>`` (per suit), ``decline``,
``partner``, ``alone``, ``jambone``, ``defend-alone``, ``twos-threes:...``,
``bid:...`` (lowest bid first, the no-trump bid last), ``discard:<card>,<card>,<card>``
(bid), ``discard:<card>`` (per card), ``give:<card>``, ``play:<card>``,
``play:JK:<suit>``, ``claim-renege``.
Cards within a section follow the deck order (clubs, diamonds, hearts,
spades, each 2..A, then Jokers); suits go C, D, H, S.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, NamedTuple

from bowers.cards import (
    CARD_NAMES,
    JOKER,
    SUIT_LETTERS,
    THREE,
    TWO,
    Card,
    parse_card,
    parse_suit,
    rank_of,
)
from bowers.errors import NotationError, quoted
from bowers.tables import TrumpTables
from bowers.variants import AUCTION, JOKER_NO_TRUMP, JOKER_ORDERER_NAMES, KITTY_DISCARD_TOGETHER, TWO_HAND, Rules

# Action kinds.
PASS: Final = 0
ORDER: Final = 1
ORDER_SUIT: Final = 2
CALL: Final = 3
DECLINE: Final = 4
PARTNER: Final = 5
ALONE: Final = 6
JAMBONE: Final = 7
DEFEND_ALONE: Final = 8
TWOS_THREES: Final = 9
BID: Final = 10
DISCARD: Final = 11
DISCARD_KITTY: Final = 12
GIVE: Final = 13
PLAY: Final = 14
PLAY_JOKER: Final = 15
CLAIM_RENEGE: Final = 16

KIND_COUNT: Final = 17  # kinds of action, 0..16

KEYWORDS = (
    "pass",
    "order",
    "order",
    "call",
    "decline",
    "partner",
    "alone",
    "jambone",
    "defend-alone",
    "twos-threes",
    "bid",
    "discard",
    "discard",
    "give",
    "play",
    "play",
    "claim-renege",
)

# Bidding suit rank in the auction, lowest first: spades < clubs < hearts < diamonds.
BID_SUIT_ORDER = (3, 0, 2, 1)
NO_TRUMP: Final = 4  # the trump value of a no-trump hand
BID_NO_TRUMP_NAME: Final = "NT"


def bid_name(level: int, suit: int) -> str:
    """The contract text of a bid, such as ``4H`` or ``5NT``."""
    return f"{level}{BID_NO_TRUMP_NAME if suit == NO_TRUMP else SUIT_LETTERS[suit]}"


def parse_contract(contract: str) -> tuple[int, int]:
    """The level (tricks) and suit (``NO_TRUMP`` for no-trump) of a contract text such as ``4H`` or ``5NT``.

    The inverse of ``bid_name``, for the ``contract`` of an observation or a hand's result.

    >>> parse_contract("4H"), parse_contract("5NT")
    ((4, 2), (5, 4))
    """
    level_text, suit_text = contract[:1], contract[1:]
    if not level_text.isdigit() or not suit_text:
        raise NotationError(contract, "a contract is tricks and a suit, such as '4H' or '5NT'")
    if suit_text.upper() == BID_NO_TRUMP_NAME:
        return int(level_text), NO_TRUMP
    return int(level_text), parse_suit(suit_text)


def contract_level(contract: str | None) -> int:
    """The tricks a contract text (``4H``, ``5NT``) names; 0 for none (no auction, or no bid yet).

    >>> contract_level("4H"), contract_level(None)
    (4, 0)
    """
    return parse_contract(contract)[0] if contract else 0


HIDDEN: Final = "??"  # a card an observation does not show (another seat's discard, a card passed between others)


class DecodedAction(NamedTuple):
    """What an action means, read from the action space rather than from its text.

    ``id`` is -1 for a masked history text (``discard:??``), whose ``cards`` are then unknown (empty) and
    ``hidden`` is True.  ``card`` is the card of a one-card action (-1 otherwise); ``cards`` every card the
    action names, in deck order; ``suit`` the suit named or bid (``NO_TRUMP`` for a no-trump bid; -1 if none);
    ``level`` the tricks of a bid (0 otherwise).
    """

    id: int
    name: str
    kind: int
    keyword: str
    card: int
    cards: tuple[Card, ...]
    suit: int
    level: int
    hidden: bool


class ActionSpace:
    """A variant's actions: canonical names by id, and what each id means."""

    def __init__(self, rules: Rules) -> None:
        names: list[str] = []
        kinds: list[int] = []
        cards: list[int] = []  # the card of a one-card action, else -1
        suits: list[int] = []  # the suit named (or bid suit, NO_TRUMP for no-trump), else -1
        card_sets: list[tuple[Card, ...]] = []  # the cards of a several-card action
        levels: list[int] = []  # the tricks of a bid, else 0

        def add(name: str, kind: int, card: int = -1, suit: int = -1, group: tuple[Card, ...] = (), level: int = 0) -> None:
            names.append(name)
            kinds.append(kind)
            cards.append(card)
            suits.append(suit)
            card_sets.append(group)
            levels.append(level)

        deck = rules.deck
        auction = rules.bidding == AUCTION
        self.variant: str = rules.variant
        add("pass", PASS)
        if not auction:
            add("order", ORDER)
            if rules.joker_turn_up == JOKER_ORDERER_NAMES and rules.trump_jokers:
                for suit in range(4):
                    add(f"order:{SUIT_LETTERS[suit]}", ORDER_SUIT, suit=suit)
            for suit in range(4):
                add(f"call:{SUIT_LETTERS[suit]}", CALL, suit=suit)
        if rules.bidding == TWO_HAND:
            add("decline", DECLINE)
        if rules.can_go_alone:
            add("partner", PARTNER)
            add("alone", ALONE)
            if rules.jambone:
                add("jambone", JAMBONE)
        if rules.defend_alone:
            add("defend-alone", DEFEND_ALONE)
        if rules.twos_threes:
            low = [c for c in deck if rank_of(c) in (TWO, THREE)]
            for group in combinations(low, 3):
                add("twos-threes:" + ",".join(CARD_NAMES[c] for c in group), TWOS_THREES, group=group)
        if auction:
            for level in rules.bid_levels:
                for suit in BID_SUIT_ORDER:
                    add(f"bid:{bid_name(level, suit)}", BID, suit=suit, level=level)
            add(f"bid:{bid_name(rules.hand_size, NO_TRUMP)}", BID, suit=NO_TRUMP, level=rules.hand_size)
        if auction and rules.kitty_discard == KITTY_DISCARD_TOGETHER:
            for kitty_group in combinations(deck, rules.kitty_size):
                add("discard:" + ",".join(CARD_NAMES[c] for c in kitty_group), DISCARD_KITTY, group=kitty_group)
        else:
            for card in deck:
                add(f"discard:{CARD_NAMES[card]}", DISCARD, card=card)
        if rules.loner_exchange:
            for card in deck:
                add(f"give:{CARD_NAMES[card]}", GIVE, card=card)
        for card in deck:
            add(f"play:{CARD_NAMES[card]}", PLAY, card=card)
        if rules.joker_turn_up == JOKER_NO_TRUMP and JOKER in deck:
            for suit in range(4):
                add(f"play:JK:{SUIT_LETTERS[suit]}", PLAY_JOKER, card=JOKER, suit=suit)
        if rules.reneges:
            add("claim-renege", CLAIM_RENEGE)

        self.names: tuple[str, ...] = tuple(names)
        self.kinds: tuple[int, ...] = tuple(kinds)
        self.cards: tuple[int, ...] = tuple(cards)
        self.suits: tuple[int, ...] = tuple(suits)
        self.card_sets: tuple[tuple[Card, ...], ...] = tuple(card_sets)
        self.levels: tuple[int, ...] = tuple(levels)
        self.index: dict[str, int] = {name: i for i, name in enumerate(names)}
        first = {kind: i for i, kind in reversed(list(enumerate(kinds)))}
        self.first_id: list[int] = [first.get(kind, -1) for kind in range(KIND_COUNT)]  # the first id of each kind; -1: none
        self.bid_count: int = kinds.count(BID)  # suit bids then the no-trump bid, lowest first
        # Direct lookups for the hot path: card -> id of play:C, discard:C, give:C.
        self.play_id = _by_card(names, kinds, cards, PLAY)
        self.discard_id = _by_card(names, kinds, cards, DISCARD)
        self.give_id = _by_card(names, kinds, cards, GIVE)
        self.kitty_discard_id = {group: i for i, group in enumerate(card_sets) if kinds[i] == DISCARD_KITTY}
        # Trump tables by (trump Jokers, left above right, trump), filled by the engine: cheaper to look up here
        # than through trump_tables' cache, whose key hashes the whole deck.
        self.trump_tables: dict[tuple[tuple[Card, ...], bool, int], TrumpTables] = {}
        self.twos_threes_id = {group: i for i, group in enumerate(card_sets) if kinds[i] == TWOS_THREES}
        # What each id and each history text means, built on first use (some spaces hold tens of thousands of ids).
        self._decoded: dict[int, DecodedAction] = {}
        self._decoded_text: dict[str, DecodedAction] = {}
        self._hidden: dict[str, DecodedAction] = {}
        hidden_kitty = "discard:" + ",".join([HIDDEN] * rules.kitty_size)
        for text, kind in ((f"discard:{HIDDEN}", DISCARD), (hidden_kitty, DISCARD_KITTY), (f"give:{HIDDEN}", GIVE)):
            if self.first_id[kind] >= 0:
                self._hidden[text] = DecodedAction(-1, text, kind, KEYWORDS[kind], -1, (), -1, 0, True)

    def __len__(self) -> int:
        return len(self.names)

    def decode(self, action: int) -> DecodedAction:
        """What action id ``action`` means: its kind, keyword, cards, suit and level (cached).

        >>> from bowers.variants import make_rules
        >>> space = space_for(make_rules("bid"))
        >>> decoded = space.decode(space.index["bid:4H"])
        >>> decoded.kind == BID, decoded.suit, decoded.level
        (True, 2, 4)
        """
        decoded = self._decoded.get(action)
        if decoded is None:
            if not 0 <= action < len(self.names):
                raise IndexError(f"no action id {action}; ids run 0..{len(self.names) - 1}")
            kind = self.kinds[action]
            card = self.cards[action]
            group = self.card_sets[action]
            cards = group if group else ((card,) if card >= 0 else ())
            decoded = DecodedAction(
                action, self.names[action], kind, KEYWORDS[kind], card, cards, self.suits[action], self.levels[action], False
            )
            self._decoded[action] = decoded
        return decoded

    def decode_text(self, text: str) -> DecodedAction:
        """What an action text means: a canonical name, any spelling ``canonical_action`` reads, or a masked
        history text such as ``discard:??`` (``hidden``, no cards).  Raises ``NotationError`` for text that is
        not an action, ``KeyError`` for an action this variant does not have.

        >>> from bowers.variants import make_rules
        >>> space = space_for(make_rules("standard"))
        >>> space.decode_text("play:TH").card == space.decode_text("Play:10h").card
        True
        >>> space.decode_text("discard:??").hidden
        True
        """
        decoded = self._decoded_text.get(text)
        if decoded is not None:
            return decoded
        action = self.index.get(text)
        if action is None:
            hidden = self._hidden.get(text)
            if hidden is not None:
                return hidden
            action = self.index.get(canonical_action(text))
            if action is None:
                raise KeyError(f"{self.variant} has no action {quoted(text)}")
        decoded = self.decode(action)
        if len(self._decoded_text) < MAX_DECODED_TEXTS:
            self._decoded_text[text] = decoded
        return decoded


def _by_card(names: list[str], kinds: list[int], cards: list[int], kind: int) -> list[int]:
    table = [-1] * 55
    for i, k in enumerate(kinds):
        if k == kind:
            table[cards[i]] = i
    return table


MAX_DECODED_TEXTS: Final = 100_000  # texts whose meaning a space remembers (canonical names and a few spellings)
MAX_ACTION_LENGTH = 100  # far beyond any action typed with spaces; longer text is refused before it is parsed
_PLAIN = {"pass", "decline", "partner", "alone", "jambone", "defend-alone", "claim-renege"}
_WITH_CARDS = {"discard", "give", "twos-threes"}


def canonical_action(text: object, seat: int | None = None) -> str:
    """Normalise an action string to canonical notation, or raise ``NotationError``.

    >>> canonical_action("Play:10h")
    'play:TH'
    >>> canonical_action("twos-threes:3d, 2c ,2h")
    'twos-threes:2C,3D,2H'
    """
    if not isinstance(text, str):
        raise NotationError(text, "an action is a string such as 'pass' or 'play:TH'", seat)
    if len(text) > MAX_ACTION_LENGTH:
        raise NotationError(text, f"an action is at most {MAX_ACTION_LENGTH} characters", seat)
    parts = [p.strip() for p in text.strip().split(":")]
    keyword = parts[0].lower().replace("_", "-")
    args = parts[1:]
    if keyword in _PLAIN:
        if args:
            raise NotationError(text, f"{quoted(keyword)} takes no argument", seat)
        return keyword
    if keyword == "order" and not args:
        return "order"
    if keyword in ("order", "call"):
        if len(args) != 1:
            raise NotationError(text, f"{quoted(keyword)} takes one suit, such as '{keyword}:H'", seat)
        return f"{keyword}:{SUIT_LETTERS[parse_suit(args[0])]}"
    if keyword in _WITH_CARDS:
        if len(args) != 1 or not args[0]:
            raise NotationError(text, f"{quoted(keyword)} takes cards, such as '{keyword}:9C'", seat)
        try:
            group = sorted({parse_card(c) for c in args[0].split(",")})
        except NotationError as error:
            raise NotationError(text, error.reason, seat) from None
        if len(group) != len(args[0].split(",")):
            raise NotationError(text, "the same card is named twice", seat)
        return f"{keyword}:" + ",".join(CARD_NAMES[c] for c in group)
    if keyword == "play":
        if len(args) not in (1, 2):
            raise NotationError(text, "'play' takes a card, such as 'play:TH' (or 'play:JK:S' to lead the Joker)", seat)
        try:
            card = parse_card(args[0])
        except NotationError as error:
            raise NotationError(text, error.reason, seat) from None
        if len(args) == 2:
            if card != JOKER:
                raise NotationError(text, "only the Joker is played with a suit ('play:JK:S')", seat)
            return f"play:JK:{SUIT_LETTERS[parse_suit(args[1])]}"
        return f"play:{CARD_NAMES[card]}"
    if keyword == "bid":
        if len(args) != 1 or len(args[0]) < 2:
            raise NotationError(text, "a bid is tricks and a suit, such as 'bid:4H' or 'bid:5NT'", seat)
        level_text, suit_text = args[0][0], args[0][1:]
        if level_text not in "34567":
            raise NotationError(text, "a bid is for 3 to 7 tricks (3-5 in bid, 4-7 in bid-railroad)", seat)
        if suit_text.upper() == BID_NO_TRUMP_NAME:
            return f"bid:{level_text}{BID_NO_TRUMP_NAME}"
        return f"bid:{level_text}{SUIT_LETTERS[parse_suit(suit_text)]}"
    allowed = (
        "pass, order, call, decline, partner, alone, jambone, defend-alone, twos-threes, bid, discard, give, play, claim-renege"
    )
    raise NotationError(text, f"unknown action {quoted(keyword)}; actions are: {allowed}", seat)


_SPACES: dict[tuple[object, ...], ActionSpace] = {}


def space_for(rules: Rules) -> ActionSpace:
    """The (cached) action space of a rules value."""
    key = (
        rules.variant,
        rules.deck,
        rules.hand_size,
        rules.can_go_alone,
        rules.jambone,
        rules.defend_alone,
        rules.reneges,
        rules.loner_exchange,
    )
    space = _SPACES.get(key)
    if space is None:
        space = _SPACES[key] = ActionSpace(rules)
    return space
