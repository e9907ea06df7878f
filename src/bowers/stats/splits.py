"""A study's figures split by a property of each hand: who held a card, the maker's seat, the maker's trumps, the
bid level or how trump was made, or the score the hand began from (``bowers stats --by KEY``).

Each group is measured exactly as the whole study is (``study.measure``): its intervals are taken over the deals
its hands come from, so a group's figures are as honest as the study's.  Each group also gets its share of the
hands, a rate over deals with its interval.  The keys:

- ``holder:CARD``: who played ``CARD`` (``holder:JK``): the maker, the maker's partner, a defender, or no one
  (it lay in the kitty, was discarded, or sat out with a loner's partner); hands without a maker apart.
- ``maker``: the maker's seat counted from the dealer.
- ``trumps``: how many trumps the maker played (held when the tricks began, with any card a partner passed).
- ``level``: an auction's contract level; ``making``: how trump was made in the turn-up rounds.
- ``score``: the dealer's team's lead before the hand (its score minus the best other team's), in bands of a
  quarter of the target: only whole games (``--games``) and records of them begin hands from other scores.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bowers.cards import CARD_NAMES, parse_card, parse_suit
from bowers.errors import BowersError, OptionError
from bowers.facts import MAKINGS, HandFacts, contract_level, contract_levels, seat_words
from bowers.stats.figures import Figure, Hand, impossible_figures, rate_figure
from bowers.stats.study import Study, measure
from bowers.tables import trump_tables
from bowers.variants import AUCTION, Rules

NO_MAKER = "no maker"
KEYS = ("holder:CARD", "maker", "trumps", "level", "making", "score")


@dataclass(frozen=True)
class Group:
    """One group of a split: its name, how many hands fell in it, their share of all hands, and its figures."""

    name: str
    hands: int
    share: Figure
    figures: Mapping[str, Figure]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: the name, hands, share and figures (each with ``ci95``)."""
        return {
            "name": self.name,
            "hands": self.hands,
            "share": self.share.to_dict(),
            "figures": {name: figure.to_dict() for name, figure in self.figures.items()},
        }


@dataclass(frozen=True)
class Split:
    """A study's hands split by ``key`` (as ``bowers stats --by`` takes it): what the groups are, and each group."""

    key: str
    label: str
    study: Study
    groups: tuple[Group, ...]

    def heading(self) -> str:
        """The split's heading: the study's, then what splits it."""
        return f"{self.study.heading()}; split by {self.label}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: the key, what it means and every group."""
        return {"key": self.key, "label": self.label, "groups": [group.to_dict() for group in self.groups]}


@dataclass(frozen=True)
class Splitter:
    """How to split hands: what the groups mean, their names in order, and the group of a hand."""

    key: str
    label: str
    order: tuple[str, ...]
    group_of: Callable[[HandFacts], str]


def _holder(rules: Rules, text: str) -> Splitter:
    """Groups by who played the card named ``text``."""
    try:
        card = parse_card(text)
    except BowersError as error:
        raise OptionError(f"--by holder:CARD needs a card such as holder:JK or holder:JS ({error})", "by") from None
    name = CARD_NAMES[card]
    if card not in rules.deck:
        raise OptionError(f"{name} is not in {rules.variant}'s deck (with these options): choose a card it deals", "by")
    partner = "the maker's partner" if rules.players > rules.teams else None

    def group_of(hand: HandFacts) -> str:
        if hand.maker is None:
            return NO_MAKER
        for seat, cards in enumerate(hand.played):
            if name in cards:
                if seat == hand.maker:
                    return "the maker"
                return (partner or "the maker") if hand.team_of(seat) == hand.maker_team else "a defender"
        return "not in play"

    order = ("the maker", *((partner,) if partner else ()), "a defender", "not in play", NO_MAKER)
    return Splitter(f"holder:{name}", f"who played {name}", order, group_of)


def _maker(rules: Rules) -> Splitter:
    """Groups by the maker's seat counted from the dealer."""
    names = [seat_words(offset) for offset in range(rules.players)]

    def group_of(hand: HandFacts) -> str:
        return NO_MAKER if hand.maker_offset is None else names[hand.maker_offset]

    order = (*names[1:], names[0], NO_MAKER)
    return Splitter("maker", "the maker's seat", order, group_of)


def _trumps(rules: Rules) -> Splitter:
    """Groups by how many trumps the maker played."""

    def group_of(hand: HandFacts) -> str:
        if hand.maker is None or hand.trump is None:
            return NO_MAKER
        if hand.trump == "NT":
            return "no trump"
        suit = parse_suit(hand.trump)
        effective = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, suit).effective_suit
        count = sum(effective[parse_card(card)] == suit for card in hand.played[hand.maker])
        return f"{count} trump" + ("s" if count != 1 else "")

    counts = tuple(f"{count} trump" + ("s" if count != 1 else "") for count in range(rules.hand_size + 2))
    extra = () if "no_trump" in impossible_figures(rules) else ("no trump",)
    return Splitter("trumps", "the trumps the maker played", (*counts, *extra, NO_MAKER), group_of)


def _level(rules: Rules) -> Splitter:
    """Groups by an auction's contract level."""
    if rules.bidding != AUCTION:
        raise OptionError(f"--by level splits an auction's contracts; {rules.variant} has none: try --by making", "by")

    def group_of(hand: HandFacts) -> str:
        return NO_MAKER if hand.maker is None or not hand.contract else f"contracts of {contract_level(hand.contract)}"

    order = (*(f"contracts of {level}" for level in contract_levels(rules)), NO_MAKER)
    return Splitter("level", "the contract's level", order, group_of)


def _making(rules: Rules) -> Splitter:
    """Groups by how trump was made in the turn-up rounds."""
    if rules.bidding == AUCTION:
        raise OptionError(f"--by making splits the turn-up rounds; {rules.variant} has an auction: try --by level", "by")

    def group_of(hand: HandFacts) -> str:
        return NO_MAKER if hand.maker is None or hand.making is None else hand.making

    return Splitter("making", "how trump was made", (*MAKINGS, NO_MAKER), group_of)


def _score(rules: Rules) -> Splitter:
    """Groups by the dealer's team's lead before the hand, in bands of a quarter of the target."""
    band = max(1, rules.target // 4)

    def group_of(hand: HandFacts) -> str:
        if not hand.scores_before:
            raise OptionError("--by score needs the scores each hand began from, which these hands lack", "by")
        team = hand.team_of(hand.dealer)
        lead = hand.scores_before[team] - max(s for t, s in enumerate(hand.scores_before) if t != team)
        if lead == 0:
            return "level"
        side = "ahead" if lead > 0 else "behind"
        size = abs(lead)
        return f"{side} by {band} or more" if size >= band else (f"{side} by 1" if band == 2 else f"{side} by 1 to {band - 1}")

    near = [] if band == 1 else (["by 1"] if band == 2 else [f"by 1 to {band - 1}"])
    order = (
        f"behind by {band} or more",
        *(f"behind {words}" for words in near),
        "level",
        *(f"ahead {words}" for words in near),
        f"ahead by {band} or more",
    )
    return Splitter("score", "the dealer's team's lead before the hand", order, group_of)


def splitter(rules: Rules, key: str) -> Splitter:
    """The splitter ``key`` names (see the module), or ``OptionError`` naming the keys allowed."""
    text = key.strip()
    name, _, card = text.partition(":")
    name = name.strip().lower()
    if name == "holder" and card.strip():
        return _holder(rules, card.strip())
    plain: dict[str, Callable[[Rules], Splitter]] = {
        "maker": _maker,
        "trumps": _trumps,
        "level": _level,
        "making": _making,
        "score": _score,
    }
    if name in plain and not card:
        return plain[name](rules)
    raise OptionError(f"--by {text!r} is not a split; splits: {', '.join(KEYS)} (such as holder:JK)", "by")


def split_study(result: Study, key: str, seed: int | None = None) -> Split:
    """``result``'s hands split by ``key``, each group measured as a study is, with its share of the hands."""
    cut = splitter(result.rules, key)
    hands: Sequence[Hand] = result.hands_list
    needs_cards = cut.key == "trumps" or cut.key.startswith("holder:")
    if hands and needs_cards and not any(hand.facts.played for hand in hands):
        raise OptionError(f"--by {cut.key} needs the cards each seat played, which these hands lack", "by")
    grouped: dict[str, list[Hand]] = {}
    for hand in hands:
        grouped.setdefault(cut.group_of(hand.facts), []).append(hand)
    impossible = impossible_figures(result.rules)
    per_deal: dict[int, int] = {}
    for hand in hands:
        per_deal[hand.deal] = per_deal.get(hand.deal, 0) + 1
    groups = []
    for name in [*cut.order, *sorted(set(grouped) - set(cut.order))]:
        members = grouped.get(name)
        if not members:
            continue
        in_group: dict[int, int] = {}
        for hand in members:
            in_group[hand.deal] = in_group.get(hand.deal, 0) + 1
        share = rate_figure([(in_group.get(deal, 0), total) for deal, total in per_deal.items()], result.passes)
        figures, _ = measure(result.rules, members, [], result.passes, result.seed if seed is None else seed, impossible)
        groups.append(Group(name, len(members), share, figures))
    return Split(cut.key, cut.label, result, tuple(groups))


__all__ = ["KEYS", "NO_MAKER", "Group", "Split", "Splitter", "split_study", "splitter"]
