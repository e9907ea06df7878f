"""Every variant as data: one frozen ``Rules`` value per game, built from a declaration.

A ``Variant`` names its documented options (defaults, allowed values) and a
``build`` function that turns chosen option values into the ``Rules`` the
engine reads.  Adding a variant means adding one declaration at the bottom of
this file; the engine is shared.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Final

from bowers.cards import (
    ACE,
    CLUBS,
    JACK,
    JOKER,
    LOW_JOKER,
    NINE,
    RED_JOKER,
    SEVEN,
    SPADES,
    Card,
    deck_of,
    make_card,
)
from bowers.errors import OptionError, quoted

# How the deal goes round: a round is "K" (one card to the kitty) or a tuple
# of packet sizes, one per seat starting at the dealer's left.
DealRound = str | tuple[int, ...]

# Bidding styles.
TURN_UP: Final = "turn-up"  # two rounds around a turned-up card (standard and its kin)
TWO_HAND: Final = "two-hand"  # two-hand Euchre: the dealer may decline the turn-up after an order
AUCTION: Final = "auction"  # bid Euchre: tricks and suit, no turn-up

# What a turned-up Joker means.
JOKER_DEALER_NAMES: Final = "dealer-names"  # british: no bidding, the dealer names trump
JOKER_NO_TRUMP: Final = "no-trump"  # railroad: ordering it up makes the hand no-trump
JOKER_ORDERER_NAMES: Final = "orderer-names"  # ultimate: the orderer names trump

ALONE_LEADS = ("dealer-left", "maker-left")

# How the auction's declarer discards after taking the kitty.
KITTY_DISCARD_TOGETHER = "together"  # one action names every discarded card (`discard:C,C,C`)
KITTY_DISCARD_ONE_BY_ONE = "one-by-one"  # one `discard:C` per card, until the hand is back to its size


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one variant with its options chosen."""

    variant: str
    players: int
    teams: int
    deck: tuple[Card, ...]
    hand_size: int
    deal_rounds: tuple[DealRound, ...]
    bidding: str = TURN_UP
    turn_up: bool = True
    joker_turn_up: str = JOKER_DEALER_NAMES
    trump_jokers: tuple[Card, ...] = ()  # Jokers in trump, highest first
    left_above_right: bool = False
    can_go_alone: bool = True
    jambone: bool = False
    loner_exchange: bool = False
    jamboree: bool = False
    twos_threes: bool = False
    stick_the_dealer: bool = False
    discard_turn_up: bool = True  # the dealer may discard the card just taken up
    bid_levels: tuple[int, ...] = (3, 4, 5)  # auction: the trick counts a suit bid may name; no-trump bids all tricks
    kitty_discard: str = KITTY_DISCARD_TOGETHER  # auction: discard the kitty in one action, or one card at a time
    defend_alone: bool = False
    alone_lead: str = "dealer-left"
    tricks_to_make: int = 3
    scoring: str = "standard"
    renege_penalty: int = 2
    renege_penalty_alone: int = 2
    reneges: bool = False
    draw: bool = False
    target: int = 10
    initial_scores: tuple[int, ...] = (0, 0)
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def kitty_size(self) -> int:
        """Cards left over after the deal."""
        return len(self.deck) - self.players * self.hand_size

    @property
    def tricks(self) -> int:
        """Tricks in a hand."""
        return self.hand_size

    def team_of(self, seat: int) -> int:
        """The team of a seat: seat modulo the number of teams."""
        return seat % self.teams

    def option_items(self) -> tuple[tuple[str, Any], ...]:
        """The chosen options as sorted ``(name, value)`` pairs: with the variant's name, all that identifies these rules."""
        return tuple(sorted(self.options.items()))

    def json_options(self) -> dict[str, Any]:
        """Every option, defaults included, as records and reports write them: tuples as lists (a fresh dict)."""
        return {name: list(value) if isinstance(value, tuple) else value for name, value in self.options.items()}

    def __hash__(self) -> int:
        return hash((self.variant, self.option_items()))


@dataclass(frozen=True)
class Option:
    """A documented option of a variant: its default, the values allowed and what it means."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None  # None: validated by ``kind``
    kind: str = "choice"  # "choice", "bool", "positive-int", "scores"

    def describe_allowed(self, teams: int = 2) -> str:
        """The allowed values in words, for error messages and help (a scores example has one number per team)."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "positive-int":
            return "a whole number of at least 1"
        if self.kind == "scores":
            return (
                f"one whole number per team, each below the target or tied at the top (a game that plays on), "
                f"such as [{', '.join(['0'] * teams)}]"
            )
        return ", ".join(str(c) for c in self.choices or ())

    def validate(self, value: Any, teams: int) -> Any:
        """Return the value in canonical form, or raise ``OptionError`` naming what is allowed.

        Python values must have the option's own type (``True`` is not a number, ``3.5`` or
        ``Fraction(7, 2)`` is not a whole number); text is read as typed on the command line.
        """
        allowed = self.describe_allowed(teams)
        bad = OptionError(f"option {self.name!r}: {quoted(value)} is not allowed; allowed: {allowed}", self.name, allowed)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "on", "yes", "1", "false", "off", "no", "0"):
                return value.strip().lower() in ("true", "on", "yes", "1")
            raise bad
        if self.kind == "positive-int":
            number = _whole_number(value)
            if number is None or number < 1:
                raise bad
            return number
        if self.kind == "scores":
            if isinstance(value, str):
                value = [part for part in value.replace("[", "").replace("]", "").split(",") if part.strip()]
            elif not isinstance(value, list | tuple):
                raise bad
            scores = tuple(_whole_number(v) for v in value)
            if None in scores:
                raise bad
            if len(scores) != teams:
                raise OptionError(
                    f"option {self.name!r}: {teams} scores needed (one per team), got {len(scores)}",
                    self.name,
                    allowed,
                )
            return scores
        for choice in self.choices or ():
            if isinstance(value, str) and value.strip().lower() == str(choice):
                return choice
            if type(value) is type(choice) and value == choice:
                return choice
        raise bad


def _whole_number(value: Any) -> int | None:
    """An ``int`` (not a bool) as it is, or whole-number text as an ``int``; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str) and len(value) <= 100:
        text = value.strip()
        if text.lstrip("+-").isdecimal():
            try:
                return int(text)
            except ValueError:
                return None
    return None


@dataclass(frozen=True)
class Variant:
    """A declared variant: name, one-line summary, options, and how options become ``Rules``."""

    name: str
    summary: str
    teams: int
    options: tuple[Option, ...]
    build: Callable[[dict[str, Any]], Rules]
    rules_section: str = ""
    refused: tuple[tuple[str, Any, str], ...] = ()  # (option, value, why): values players ask for that cannot work here

    def option(self, name: str) -> Option:
        """The option called ``name`` or an ``OptionError`` listing the options there are."""
        for option in self.options:
            if option.name == name:
                return option
        allowed = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"variant {self.name!r} has no option {quoted(name)}; its options are: {allowed}", name, allowed)

    def _check_not_refused(self, name: str, value: Any) -> None:
        """Raise ``OptionError`` with the reason when ``name=value`` is a documented impossibility of this variant."""
        for option, refused_value, why in self.refused:
            if option == name and str(value).strip().lower() == str(refused_value):
                allowed = self.option(name).describe_allowed() if any(o.name == name for o in self.options) else "none"
                raise OptionError(f"{self.name} cannot be played with {name}={refused_value}: {why}", name, allowed)

    def allowed_text(self, option: Option) -> str:
        """The allowed values of one of this variant's options, with an example that fits the variant."""
        if option.kind == "scores":
            return f"one whole number per team, such as {','.join(['0'] * self.teams)}"
        return option.describe_allowed(self.teams)

    def defaults(self) -> dict[str, Any]:
        """Every option at its default value."""
        return {o.name: o.default for o in self.options}

    def rules(self, **chosen: Any) -> Rules:
        """Validate the chosen options and build the rules."""
        values = self.defaults()
        for name, value in chosen.items():
            self._check_not_refused(name, value)
            values[name] = self.option(name).validate(value, self.teams)
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in values.items()}
        target, initial = values.get("target"), values.get("initial_scores")
        if isinstance(target, int) and isinstance(initial, tuple) and game_winner(initial, target) is not None:
            message = (
                f"option 'initial_scores': {list(initial)} would start a game already won "
                f"(one team alone at the top, at or above the target {target}); "
                f"allowed: scores below the target, or teams tied at the top (they play another hand)"
            )
            raise OptionError(message, "initial_scores", f"scores below the target {target}, or tied at the top")
        rules = self.build(values)
        # Rules are cached and shared by every game of these options: hand out a read-only view.
        return replace(rules, options=MappingProxyType(dict(values)))


def game_winner(scores: Sequence[int], target: int) -> int | None:
    """The team that has won a game at these scores (alone at the top, at or above the target), else None.

    Teams tied at the top at or above the target play another hand, so a game may be at such scores (and a
    position of it rebuilt from them) without having been won.
    """
    top = max(scores)
    if top >= target and scores.count(top) == 1:
        return scores.index(top)
    return None


# ----------------------------------------------------------------------------- shared options


def _stick() -> Option:
    return Option("stick_the_dealer", False, "The dealer may not pass in the second bidding round.", kind="bool")


def _defend(default: bool) -> Option:
    return Option(
        "defend_alone",
        default,
        "After a lone call, an opponent may defend alone, its partner sitting out.",
        kind="bool",
    )


def _alone_lead() -> Option:
    return Option(
        "alone_lead",
        "dealer-left",
        "Who leads when someone goes alone: the dealer's left (dealer-left) or the lone player's left (maker-left).",
        ALONE_LEADS,
    )


def _target(default: int) -> Option:
    return Option("target", default, "Points a team needs to win the game.", kind="positive-int")


def _initial(teams: int) -> Option:
    return Option("initial_scores", (0,) * teams, "Each team's score when the game starts.", kind="scores")


def _reneges() -> Option:
    return Option(
        "reneges",
        False,
        "Any card may be played; failing to follow suit is a renege that opponents may claim for a penalty.",
        kind="bool",
    )


def _discard_turn_up() -> Option:
    return Option(
        "discard_turn_up",
        True,
        "The dealer may discard the card just taken up; false: the dealer keeps it and discards another card.",
        kind="bool",
    )


def _going_alone() -> Option:
    return Option(
        "going_alone",
        False,
        "The maker may go alone, its partner sitting out; a lone maker who takes all 11 tricks scores 14.",
        kind="bool",
    )


def _railroad_deck() -> Option:
    return Option(
        "deck",
        32,
        "32 cards (7-A) or 24 cards (9-A), the Joker added to either (33 or 25 cards); with 24, 5 cards each and makers need 3.",
        (32, 24),
    )


def _joker() -> Option:
    return Option(
        "joker",
        True,
        "The Joker is in the deck as the highest trump; false: the 32 (or 24) cards alone, with no no-trump hands.",
        kind="bool",
    )


def _draw() -> Option:
    return Option("draw", False, "Draw cards before the first hand for partners (seats) and the first dealer.", kind="bool")


def _deck_option() -> Option:
    return Option(
        "deck",
        24,
        "24 cards (9-A), 32 cards (7-A), or 25 (9-A and the Joker as the highest trump).",
        (24, 32, 25),
    )


TINY_DECK: Final = 4  # two-hand's deck for research: the red jacks and aces, one card each
_BLACK_JACKS_AND_ACES: Final = tuple(make_card(rank, suit) for suit in (CLUBS, SPADES) for rank in (JACK, ACE))


def _two_hand_deck_option() -> Option:
    return Option(
        "deck",
        24,
        "24 cards (9-A), 32 cards (7-A), 25 (9-A and the Joker as the highest trump), or 4, a tiny deck for research: "
        "the red jacks and aces, one card each, the turn-up and one card face down.",
        (24, 32, 25, TINY_DECK),
    )


def _classic_deck(size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The deck and its trump Jokers for the classic deck sizes 24, 32 and 25."""
    if size == 32:
        return deck_of(range(SEVEN, 13)), ()
    if size == 25:
        return deck_of(range(NINE, 13), jokers=(JOKER,)), (JOKER,)
    return deck_of(range(NINE, 13)), ()


def _each(*sizes: int, players: int) -> tuple[DealRound, ...]:
    """Deal rounds in which every player gets the same packet sizes in turn."""
    return tuple((size,) * players for size in sizes)


def _build_standard(values: dict[str, Any], variant: str = "standard") -> Rules:
    deck, jokers = _classic_deck(int(values.get("deck", 25)))
    return Rules(
        variant=variant,
        players=4,
        teams=2,
        deck=deck,
        hand_size=5,
        deal_rounds=_each(2, 3, players=4),
        trump_jokers=jokers,
        stick_the_dealer=values["stick_the_dealer"],
        discard_turn_up=values["discard_turn_up"],
        defend_alone=values["defend_alone"],
        alone_lead=values["alone_lead"],
        renege_penalty=2,
        renege_penalty_alone=4,
        reneges=values["reneges"],
        target=values["target"],
        initial_scores=values["initial_scores"],
    )


def _build_two_hand(values: dict[str, Any]) -> Rules:
    tiny = values["deck"] == TINY_DECK  # one card each and one trick, which the maker needs
    deck, jokers = (deck_of((JACK, ACE), missing=_BLACK_JACKS_AND_ACES), ()) if tiny else _classic_deck(int(values["deck"]))
    hand_size = 1 if tiny else 5
    return Rules(
        variant="two-hand",
        players=2,
        teams=2,
        deck=deck,
        hand_size=hand_size,
        deal_rounds=_each(1, players=2) if tiny else _each(2, 3, players=2),
        tricks_to_make=1 if tiny else 3,
        bidding=TWO_HAND,
        trump_jokers=jokers,
        can_go_alone=False,
        stick_the_dealer=values["stick_the_dealer"],
        discard_turn_up=values["discard_turn_up"],
        scoring="two-hand",
        reneges=values["reneges"],
        target=values["target"],
        initial_scores=values["initial_scores"],
    )


def _build_railroad(values: dict[str, Any], players: int = 4) -> Rules:
    teams = players // 2
    short_deck = values.get("deck", 32) == 24  # 9-A and the Joker: 5 cards each for four players
    deals_five = players == 6 or short_deck
    jokers = (JOKER,) if values.get("joker", True) else ()
    return Rules(
        variant="railroad" if players == 4 else "railroad-6",
        players=players,
        teams=teams,
        deck=deck_of(range(NINE if short_deck else SEVEN, 13), jokers=jokers),
        hand_size=5 if deals_five else 7,
        deal_rounds=_each(2, 3, players=players) if deals_five else _each(2, 3, 2, players=4),
        joker_turn_up=JOKER_NO_TRUMP,
        trump_jokers=jokers,
        jambone=True,
        loner_exchange=True,
        jamboree=True,
        stick_the_dealer=values["stick_the_dealer"],
        discard_turn_up=values["discard_turn_up"],
        defend_alone=values.get("defend_alone", False) and players == 4,
        alone_lead=values["alone_lead"],
        tricks_to_make=3 if deals_five else 4,
        scoring="railroad",
        renege_penalty=2,
        renege_penalty_alone=4,
        reneges=values["reneges"],
        draw=values["draw"],
        target=values["target"],
        initial_scores=values["initial_scores"],
    )


def _build_ultimate(values: dict[str, Any]) -> Rules:
    return Rules(
        variant="ultimate",
        players=4,
        teams=2,
        deck=deck_of(range(13), jokers=(RED_JOKER, LOW_JOKER)),
        hand_size=11,
        deal_rounds=_each(2, 1, 2, 2, 1, 2, 1, players=4),
        joker_turn_up=JOKER_ORDERER_NAMES,
        trump_jokers=(RED_JOKER, LOW_JOKER),
        can_go_alone=values["going_alone"],
        twos_threes=True,
        stick_the_dealer=True,
        tricks_to_make=6,
        scoring="ultimate",
        renege_penalty=7,
        renege_penalty_alone=7,
        reneges=values["reneges"],
        target=values["target"],
        initial_scores=values["initial_scores"],
    )


def _build_bid(values: dict[str, Any]) -> Rules:
    return Rules(
        variant="bid",
        players=4,
        teams=2,
        deck=deck_of(range(NINE, 13), missing=(make_card(NINE, SPADES),)),
        hand_size=5,
        deal_rounds=("K", (3, 2, 3, 2), "K", (2, 3, 2, 3), "K"),
        bidding=AUCTION,
        turn_up=False,
        left_above_right=True,
        can_go_alone=False,
        scoring="bid",
        renege_penalty=2,
        renege_penalty_alone=2,
        reneges=values["reneges"],
        target=values["target"],
        initial_scores=values["initial_scores"],
    )


def _build_bid_railroad(values: dict[str, Any]) -> Rules:
    """Bid's auction and kitty over Railroad's deck, Joker, loners, Jambone, Jamboree and scoring."""
    railroad = _build_railroad(values | {"stick_the_dealer": False, "discard_turn_up": True, "alone_lead": "dealer-left"})
    return replace(
        railroad,
        variant="bid-railroad",
        bidding=AUCTION,
        turn_up=False,
        bid_levels=(4, 5, 6, 7),
        kitty_discard=KITTY_DISCARD_ONE_BY_ONE,
    )


VARIANTS: dict[str, Variant] = {}


def declare(variant: Variant) -> Variant:
    """Add a variant to the registry."""
    VARIANTS[variant.name] = variant
    return variant


declare(
    Variant(
        "standard",
        "American 4-player Euchre: 24 cards, two bidding rounds, going alone, 10 points.",
        2,
        (_deck_option(), _stick(), _discard_turn_up(), _defend(False), _alone_lead(), _target(10), _initial(2), _reneges()),
        _build_standard,
        "2",
    )
)
declare(
    Variant(
        "two-hand",
        "Two-hand Euchre: each player a side, the dealer may decline the turn-up, no going alone.",
        2,
        (_two_hand_deck_option(), _stick(), _discard_turn_up(), _target(10), _initial(2), _reneges()),
        _build_two_hand,
        "3",
    )
)
declare(
    Variant(
        "british",
        "25-card Euchre with the Joker (Benny) as the highest trump; a turned-up Joker lets the dealer name trump.",
        2,
        (_stick(), _discard_turn_up(), _defend(False), _alone_lead(), _target(10), _initial(2), _reneges()),
        lambda values: _build_standard(values | {"deck": 25}, "british"),
        "4",
    )
)
declare(
    Variant(
        "railroad",
        "Railroad Euchre: 33 cards with the Joker, 7 cards each, loner exchange, Jambone and Jamboree, 64 points.",
        2,
        (
            _railroad_deck(),
            _joker(),
            _stick(),
            _discard_turn_up(),
            _defend(True),
            _alone_lead(),
            _target(64),
            _initial(2),
            _reneges(),
            _draw(),
        ),
        _build_railroad,
        "5",
    )
)
declare(
    Variant(
        "railroad-6",
        "Railroad Euchre for six: three teams of two, 5 cards each, 64 points.",
        3,
        (_stick(), _discard_turn_up(), _alone_lead(), _target(64), _initial(3), _reneges(), _draw()),
        lambda values: _build_railroad(values, players=6),
        "6",
        refused=(
            (
                "deck",
                24,
                "the 24-card deck with the Joker (25 cards) gives six players only 4 cards each, "
                "too few for a Jamboree's five trumps, and the six-player game deals 5 each (30 cards); "
                "play it with the 32-card deck (7-A and the Joker)",
            ),
        ),
    )
)
declare(
    Variant(
        "ultimate",
        "Ultimate Euchre: the full deck with two Jokers, 11 cards each, twos and threes, 35 points.",
        2,
        (_going_alone(), _target(35), _initial(2), _reneges()),
        _build_ultimate,
        "7",
    )
)
declare(
    Variant(
        "bid",
        "Auction Euchre: bid tricks and a suit or no-trump, the declarer takes the kitty, 23 cards.",
        2,
        (_target(10), _initial(2), _reneges()),
        _build_bid,
        "8",
    )
)
declare(
    Variant(
        "bid-railroad",
        "Bid Railroad: bid's auction and kitty with Railroad's 33 cards, Joker, loners, Jambone, Jamboree, 64 points.",
        2,
        (_defend(True), _target(64), _initial(2), _reneges(), _draw()),
        _build_bid_railroad,
    )
)


def variant(name: object) -> Variant:
    """The declared variant called ``name``, or an ``OptionError`` listing the variants."""
    if not isinstance(name, str) or name.strip().lower() not in VARIANTS:
        raise OptionError(f"unknown variant {quoted(name)}; variants: {', '.join(VARIANTS)}", "variant", tuple(VARIANTS))
    return VARIANTS[name.strip().lower()]


def variants() -> list[str]:
    """Names of every variant bowers plays."""
    return list(VARIANTS)


_RULES_CACHE: dict[tuple[object, ...], Rules] = {}


def as_rules(variant: object, **options: Any) -> Rules:
    """Rules from a variant's name and options, or from ``Rules`` with any options given changed (parse at the edge once).

    >>> as_rules(as_rules("railroad"), target=32).target
    32
    """
    if isinstance(variant, Rules):
        return make_rules(variant.variant, **{**variant.options, **options}) if options else variant
    return make_rules(variant, **options)


def _rules_from_items(name: str, items: tuple[tuple[str, Any], ...]) -> Rules:
    """The rules of a variant from its sorted option pairs (what a pickled ``Rules`` holds)."""
    return make_rules(name, **dict(items))


def _reduce_rules(rules: Rules) -> tuple[Any, ...]:
    """Pickle rules as the variant's name and options: unpickling builds (or finds) the same rules with ``make_rules``."""
    return (_rules_from_items, (rules.variant, rules.option_items()))


# Registered rather than a ``__reduce__`` method, which the compiled engine's native class would not use.
copyreg.pickle(Rules, _reduce_rules)


def make_rules(name: object, **options: Any) -> Rules:
    """Rules of a variant with its options validated (cached: rules are immutable)."""
    try:
        key: tuple[object, ...] | None = (name, *sorted((k, repr(v)) for k, v in options.items()))
        cached = _RULES_CACHE.get(key)  # type: ignore[arg-type]
    except (TypeError, ValueError):  # an unhashable value, or an integer too long to print
        key, cached = None, None
    if cached is not None:
        return cached
    rules = variant(name).rules(**options)
    if key is not None and len(_RULES_CACHE) < 1024:
        _RULES_CACHE[key] = rules
    return rules
