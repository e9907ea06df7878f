"""The facts of one played hand, read once from the engine's result, and the one definition of every figure
counted from them.

``bowers match`` counts them for each side and ``bowers stats`` over every hand of a study, both through
``RATES``, so the same name gives the same value on the same hands; ``bowers simulate`` counts its random
games' events with the same rates (its maker success rate is ``makers_made``).  A figure is a rate: of the
hands its ``trial`` accepts, the share its ``success`` accepts.  Both are asked about a set of teams
(``whose``): every team for a study, the teams one side held for a match, so that "euchred" is the same count
whether it is of every maker or of one side's contracts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bowers.actions import NO_TRUMP, parse_contract
from bowers.game import Game
from bowers.hand import TrumpMade
from bowers.variants import AUCTION, Rules

# How trump was made in a hand, as the engine tells it (``TrumpMade``): the turn-up rounds' ways, an auction's bid apart.
MAKINGS = tuple(made.value for made in TrumpMade if made is not TrumpMade.BID)


def net(points: Any, who: int) -> float:
    """The net points of team (or side) ``who``: its points minus the mean of the others' points.

    On the scale of points per hand: +1.0 means it scored one point a hand more than its opponents.

    >>> net([3, 1], 0), net([6, 0, 3], 1)
    (2.0, -4.5)
    """
    others = [p for index, p in enumerate(points) if index != who]
    return float(points[who] - sum(others) / len(others))


@dataclass(frozen=True)
class HandFacts:
    """What happened in one hand, by seat and team: who dealt and made trump and how, the contract and whether it
    stood, loners, the rules' special events, and each team's points.

    ``maker`` is None where no one made trump (a misdeal, or no one ordered or called); ``made`` is None without
    a maker, or where a renege claim ended the hand before its tricks decided it; ``making`` is None where no one
    made trump in the bidding rounds, or where the hand's record was not read (``hand_facts`` without ``deal``).
    """

    dealer: int
    points: tuple[int, ...]
    maker: int | None
    maker_team: int | None
    maker_offset: int | None  # the maker's seat counted from the dealer (1: the dealer's left)
    making: str | None
    trump: str | None
    contract: str | None
    made: bool | None
    alone: bool
    lone_defender: int | None
    lone_defender_team: int | None
    march: bool
    misdeal: bool
    jambone: bool
    jamboree: tuple[int, ...]  # the seats that held a Jamboree
    twos_threes: tuple[int, ...]  # the seats that returned twos and threes
    renege: bool  # a renege claim ended the hand
    played: tuple[tuple[str, ...], ...] = ()  # each seat's cards as it played them (empty where not read)
    scores_before: tuple[int, ...] = ()  # each team's score as the hand began (empty where not read)

    @property
    def teams(self) -> int:
        """The number of teams."""
        return len(self.points)

    def team_of(self, seat: int) -> int:
        """The team of a seat (``Rules.team_of``: the teams sit in turn round the table)."""
        return seat % self.teams

    @property
    def decided(self) -> bool:
        """Whether there was a contract and its tricks decided it (made or euchred)."""
        return self.made is not None


def hand_facts(
    rules: Rules,
    result: Mapping[str, Any],
    making: str | None = None,
    played: Sequence[Sequence[str]] = (),
    scores_before: Sequence[int] = (),
) -> HandFacts:
    """A finished hand's facts from its result (``Game.results``), how trump was made in it (``game_makings``) and,
    where known, the cards each seat played and the scores the hand began from (``game_facts`` reads them all)."""
    misdeal = bool(result.get("misdeal"))
    recorded = result.get("maker")
    maker = None if recorded is None or recorded < 0 or misdeal else int(recorded)
    maker_team = None if maker is None else rules.team_of(maker)
    defender = result.get("lone_defender")
    lone_defender = None if defender is None or defender < 0 else int(defender)
    tricks = result.get("tricks") or ()
    won = sum(taken for seat, taken in enumerate(tricks) if maker is not None and rules.team_of(seat) == maker_team)
    made = result.get("made")
    return HandFacts(
        dealer=int(result["dealer"]),
        points=tuple(result["points"]),
        maker=maker,
        maker_team=maker_team,
        maker_offset=None if maker is None else (maker - int(result["dealer"])) % rules.players,
        making=making if maker is not None else None,
        trump=result.get("trump"),
        contract=result.get("contract"),
        made=None if maker is None or made is None else bool(made),
        alone=maker is not None and bool(result.get("alone")),
        lone_defender=lone_defender,
        lone_defender_team=None if lone_defender is None else rules.team_of(lone_defender),
        march=maker is not None and won > 0 and won == sum(tricks),
        misdeal=misdeal,
        jambone=bool(result.get("jambone")),
        jamboree=tuple(result.get("jamboree") or ()),
        twos_threes=tuple(result.get("twos_threes") or ()),
        renege=bool(result.get("renege")),
        played=tuple(tuple(cards) for cards in played),
        scores_before=tuple(scores_before),
    )


def game_facts(game: Game) -> list[HandFacts]:
    """The facts of every finished hand of ``game``, with how trump was made, the cards each seat played and the
    scores each hand began from (what ``bowers stats --by`` splits hands by)."""
    facts: list[HandFacts] = []
    scores = list(game.rules.initial_scores)
    for number, result in enumerate(game.results):
        view = game.hand_over_view(None, number)
        made = view["trump_made"]
        played: list[list[str]] = [[] for _ in range(game.rules.players)]
        for trick in view["tricks"]:
            for seat, card in trick:
                played[seat].append(card)
        making = None if made in (None, TrumpMade.BID.value) else made
        facts.append(hand_facts(game.rules, result, making, played, scores))
        scores = [score + points for score, points in zip(scores, result["points"], strict=True)]
    return facts


Whose = Callable[[int], bool]  # whether a team is one the figure is about


def every_team(team: int) -> bool:
    """``whose`` for the figures of every hand, whoever held it."""
    return True


HandTest = Callable[[HandFacts, Whose], bool]


@dataclass(frozen=True)
class Rate:
    """A figure counting hands: of the hands ``trial`` accepts, the share ``success`` accepts (see the module).

    ``label`` says it of every hand (``bowers stats``); ``side_label``, where a match reports it, of one side.
    """

    label: str
    trial: HandTest
    success: HandTest
    side_label: str | None = None

    def counts(self, hand: HandFacts, whose: Whose = every_team) -> tuple[bool, bool]:
        """Whether ``hand`` is a trial of this figure, and a success, for the teams ``whose`` accepts."""
        trial = self.trial(hand, whose)
        return trial, trial and self.success(hand, whose)


def any_hand(hand: HandFacts, whose: Whose) -> bool:
    """Every hand."""
    return True


def made_by(hand: HandFacts, whose: Whose) -> bool:
    """Trump was made by one of the teams."""
    return hand.maker_team is not None and whose(hand.maker_team)


def decided_by(hand: HandFacts, whose: Whose) -> bool:
    """One of the teams made trump and the tricks decided its contract."""
    return made_by(hand, whose) and hand.decided


def stood(hand: HandFacts, whose: Whose) -> bool:
    """The contract was made."""
    return hand.made is True


def alone_by(hand: HandFacts, whose: Whose) -> bool:
    """One of the teams made trump alone and the tricks decided it."""
    return decided_by(hand, whose) and hand.alone


def defending(hand: HandFacts, whose: Whose) -> bool:
    """Another team made trump, against one of these."""
    maker = hand.maker_team
    return maker is not None and any(whose(team) for team in range(hand.teams) if team != maker)


def defending_loner(hand: HandFacts, whose: Whose) -> bool:
    """Another team made trump alone, against one of these: the only contracts a lone defender can meet."""
    return hand.alone and defending(hand, whose)


def no_trump_by(hand: HandFacts, whose: Whose) -> bool:
    """One of the teams made a no-trump contract the tricks decided."""
    return decided_by(hand, whose) and hand.trump == "NT"


def made_in(making: str) -> HandTest:
    """Trump made by one of the teams in the given way (see ``MAKINGS``)."""
    return lambda hand, whose: made_by(hand, whose) and hand.making == making


def contract_level(contract: str) -> str:
    """The level of an auction's contract, as figures name it: ``"4H"`` -> ``"4"``, ``"5NT"`` -> ``"5NT"``.

    >>> contract_level("4H"), contract_level("5NT")
    ('4', '5NT')
    """
    level, suit = parse_contract(contract)
    return f"{level}NT" if suit == NO_TRUMP else str(level)


def contract_levels(rules: Rules) -> tuple[str, ...]:
    """An auction's contract levels as figures name them, lowest first: its suit levels, then its no-trump bid
    (none without an auction).

    >>> from bowers.variants import make_rules
    >>> contract_levels(make_rules("bid")), contract_levels(make_rules("standard"))
    (('3', '4', '5', '5NT'), ())
    """
    if rules.bidding != AUCTION:
        return ()
    return (*(str(level) for level in rules.bid_levels), f"{rules.hand_size}NT")


def contract_of(level: str) -> HandTest:
    """One of the teams made an auction's contract of the given level."""
    return lambda hand, whose: made_by(hand, whose) and bool(hand.contract) and contract_level(str(hand.contract)) == level


def maker_at(offset: int) -> HandTest:
    """One of the teams made trump from the seat ``offset`` places after the dealer."""
    return lambda hand, whose: made_by(hand, whose) and hand.maker_offset == offset


def decided(test: HandTest) -> HandTest:
    """``test``, of a hand whose contract the tricks decided."""
    return lambda hand, whose: test(hand, whose) and hand.decided


RATES: dict[str, Rate] = {
    "trump_made": Rate("hands in which trump is made", any_hand, made_by, "trump made (of hands)"),
    "makers_made": Rate("makers make their contract", decided_by, stood, "contracts made"),
    "euchred": Rate("makers euchred", decided_by, lambda hand, whose: hand.made is False, "euchred as makers (of contracts)"),
    "march": Rate("makers take every trick", decided_by, lambda hand, whose: hand.march),
    "loners": Rate("contracts played alone", made_by, lambda hand, whose: hand.alone, "loners (of contracts)"),
    "loners_made": Rate("loners made", alone_by, stood, "loners made"),
    "loner_marches": Rate("loners that take every trick", alone_by, lambda hand, whose: hand.march),
    "defended_alone": Rate(
        "loners defended alone",
        defending_loner,
        lambda hand, whose: hand.lone_defender_team is not None and whose(hand.lone_defender_team),
        "defended alone (of their loners)",
    ),
    "jambone": Rate("Jambones (of hands)", any_hand, lambda hand, whose: made_by(hand, whose) and hand.jambone),
    "jambone_made": Rate("Jambones made", lambda hand, whose: decided_by(hand, whose) and hand.jambone, stood),
    "jamboree": Rate("Jamborees (of hands)", any_hand, lambda hand, whose: any(whose(hand.team_of(s)) for s in hand.jamboree)),
    "twos_threes": Rate(
        "hands with twos and threes returned",
        any_hand,
        lambda hand, whose: any(whose(hand.team_of(s)) for s in hand.twos_threes),
    ),
    "misdeal": Rate("hands thrown in (misdeals)", any_hand, lambda hand, whose: hand.misdeal),
    "no_trump": Rate("no-trump contracts (of contracts)", made_by, lambda hand, whose: hand.trump == "NT", "no-trump contracts"),
    "no_trump_made": Rate("no-trump contracts made", no_trump_by, stood, "no-trump contracts made"),
}

# How trump was made, in the words of a figure's label (``made_round_1`` and so on).
MAKING_LABELS = {
    "round 1": "trump ordered up in the first round",
    "round 2": "trump called in the second round",
    "stuck dealer": "trump called by a stuck dealer",
    "joker turn-up": "trump named by the dealer for a turned-up Joker",
}


def making_name(making: str) -> str:
    """The figure's name of a way of making trump: ``"stuck dealer"`` -> ``"made_stuck_dealer"``."""
    return f"made_{making.replace(' ', '_').replace('-', '_')}"


def seat_words(offset: int) -> str:
    """A seat counted from the dealer, in words: ``0`` -> ``the dealer``."""
    return {0: "the dealer", 1: "the dealer's left"}.get(offset, f"{offset} seats left of the dealer")


def named_rate(name: str) -> Rate | None:
    """The rate a figure's name stands for: one of ``RATES``, or a family of them: ``made_<way>`` (how trump was
    made), ``contract_<level>`` and ``contract_<level>_made`` (an auction's contracts), ``seat_<k>_made_trump``
    and ``seat_<k>_makers_made`` (the seat ``k`` places after the dealer); None for any other name.

    >>> named_rate("seat_1_made_trump").label, named_rate("contract_5NT_made").label
    ("the dealer's left makes trump (of hands)", 'contracts of 5NT made')
    """
    if name in RATES:
        return RATES[name]
    for making in MAKINGS:
        if name == making_name(making):
            return Rate(MAKING_LABELS[making], any_hand, made_in(making))
    if name.startswith("contract_"):
        level = name.removeprefix("contract_").removesuffix("_made")
        of_level = contract_of(level)
        if name.endswith("_made"):
            return Rate(f"contracts of {level} made", decided(of_level), stood)
        return Rate(f"contracts of {level} (of hands)", any_hand, of_level)
    if name.startswith("seat_"):
        _, offset, rest = name.split("_", 2)
        if not offset.isdigit():
            return None
        at = maker_at(int(offset))
        if rest == "made_trump":
            return Rate(f"{seat_words(int(offset))} makes trump (of hands)", any_hand, at)
        if rest == "makers_made":
            return Rate(f"{seat_words(int(offset))} makes its contract", decided(at), stood)
    return None


def seat_label(offset: int) -> str:
    """The label of ``seat_<k>_net``: the net points of the team of the seat ``offset`` places after the dealer."""
    return f"{seat_words(offset)}: its team's net points per hand"
