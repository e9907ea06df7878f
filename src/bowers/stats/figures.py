"""The figures of a study of a variant, each with its 95% interval, from the hands the bots played.

Every hand is one pass of a deal (in duplicate a deal is played once per side
with the sides rotated round the teams, so its passes share the cards and are
not independent).  So every interval is taken over *deals*: a mean is the
Student t interval of the deals' means, and a rate (so many of so many) is the
ratio estimator's interval over deals, widened to the Wilson interval of the
same rate counted once per deal where that is wider (for rare events).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bowers.match.statistics import CONFIDENCE, mean_interval, t_quantile, wilson_interval


@dataclass(frozen=True)
class Hand:
    """One hand as the study sees it: its deal, the hand's result and how trump was made.

    ``net_by_offset[k]`` is the net points of the team of the seat ``k`` places after the dealer (its points
    minus the mean of the other teams'); ``side_net`` the first side's net (for luck against skill), and
    ``pass_number`` which playing of the deal this is.
    """

    deal: int
    pass_number: int
    result: Mapping[str, Any]
    making: str | None
    maker_offset: int | None  # the maker's seat counted from the dealer, None where no one made trump
    net_by_offset: tuple[float, ...]
    side_net: float


@dataclass(frozen=True)
class Figure:
    """A figure with its 95% interval; a rate also gives its count and what it is out of."""

    value: float | None
    low: float | None
    high: float | None
    count: int | None = None
    out_of: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: ``value`` and ``ci95``, with ``count`` and ``of`` for a rate."""
        data: dict[str, Any] = {"value": self.value, "ci95": [self.low, self.high]}
        if self.count is not None:
            data.update(count=self.count, of=self.out_of)
        return data


def mean_figure(per_deal: Sequence[float]) -> Figure:
    """The mean of per-deal values with the t interval over deals."""
    estimate = mean_interval(list(per_deal))
    return Figure(estimate.mean if per_deal else None, estimate.low, estimate.high)


def rate_figure(per_deal: Sequence[tuple[int, int]], passes: int = 1) -> Figure:
    """A rate from each deal's (successes, trials): the ratio over all deals, with its interval over deals.

    The interval is the ratio estimator's (linearised) t interval, widened to the Wilson interval of the counts
    divided by ``passes`` (each deal counted once) where that is wider: with few or rare events the t interval
    alone would be too narrow.

    >>> figure = rate_figure([(1, 2), (0, 2), (2, 2), (1, 2)])
    >>> figure.value, figure.count, figure.out_of
    (0.5, 4, 8)
    """
    successes = sum(s for s, _ in per_deal)
    trials = sum(n for _, n in per_deal)
    if trials == 0:
        return Figure(None, None, None, 0, 0)
    rate = successes / trials
    deals = [(s, n) for s, n in per_deal if n]
    low, high = wilson_interval(round(successes / passes), max(1, round(trials / passes)))
    if len(deals) > 1:
        mean_trials = trials / len(deals)
        spread = sum((s - rate * n) ** 2 for s, n in deals) / (len(deals) - 1)
        half = t_quantile(0.5 + CONFIDENCE / 2, len(deals) - 1) * math.sqrt(spread / len(deals)) / mean_trials
        low, high = min(low, rate - half), max(high, rate + half)
    return Figure(rate, max(0.0, low), min(1.0, high), successes, trials)


def _per_deal(hands: Sequence[Hand], trial: Callable[[Hand], bool], success: Callable[[Hand], bool]) -> list[tuple[int, int]]:
    """Each deal's (successes, trials) for a rate."""
    counts: dict[int, list[int]] = {}
    for hand in hands:
        if trial(hand):
            entry = counts.setdefault(hand.deal, [0, 0])
            entry[1] += 1
            entry[0] += bool(success(hand))
        else:
            counts.setdefault(hand.deal, [0, 0])
    return [(entry[0], entry[1]) for entry in counts.values()]


def _deal_means(hands: Sequence[Hand], value: Callable[[Hand], float]) -> list[float]:
    """Each deal's mean of ``value`` over its passes."""
    sums: dict[int, list[float]] = {}
    for hand in hands:
        entry = sums.setdefault(hand.deal, [0.0, 0.0])
        entry[0] += value(hand)
        entry[1] += 1
    return [total / count for total, count in sums.values()]


def luck_share(hands: Sequence[Hand], resamples: int = 400, seed: int = 0) -> Figure:
    """The share of the points' variance that duplicate play removes: how much of a hand's result is the cards.

    For each deal the first side's nets over its passes (it holds each team's cards once) are summed: if the
    cards decided everything, the sum would be 0.  The share is 1 - var(sum) / (passes * var(single net)), with
    a bootstrap interval over deals.  None without duplicate passes or without variance.
    """
    by_deal: dict[int, list[float]] = {}
    for hand in hands:
        by_deal.setdefault(hand.deal, []).append(hand.side_net)
    deals = [nets for nets in by_deal.values() if len(nets) > 1]
    if len(deals) < 3:
        return Figure(None, None, None)
    passes = min(len(nets) for nets in deals)
    deals = [nets[:passes] for nets in deals]

    def share(sample: Sequence[Sequence[float]]) -> float | None:
        singles = [net for nets in sample for net in nets]
        sums = [sum(nets) for nets in sample]
        single_variance = _variance(singles)
        if single_variance <= 0:
            return None
        return 1 - _variance(sums) / (passes * single_variance)

    value = share(deals)
    if value is None:
        return Figure(None, None, None)
    rng = random.Random(seed)
    shares = sorted(
        s for s in (share([deals[rng.randrange(len(deals))] for _ in deals]) for _ in range(resamples)) if s is not None
    )
    tail = (1 - CONFIDENCE) / 2
    low = shares[int(tail * (len(shares) - 1))] if shares else None
    high = shares[int((1 - tail) * (len(shares) - 1))] if shares else None
    return Figure(value, low, high)


def _variance(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def hand_figures(
    hands: Sequence[Hand], players: int, passes: int, auction: bool, levels: Sequence[str], with_luck: bool = True
) -> dict[str, Figure]:
    """Every figure of a study from its hands, by name (see ``FIGURE_LABELS`` for what each means); the share of
    luck, whose interval is itself a bootstrap, only ``with_luck``."""
    figures: dict[str, Figure] = {}

    def rate(name: str, trial: Callable[[Hand], bool], success: Callable[[Hand], bool]) -> None:
        figures[name] = rate_figure(_per_deal(hands, trial, success), passes)

    def always(hand: Hand) -> bool:
        return True

    def made_trump(hand: Hand) -> bool:
        return hand.maker_offset is not None

    def contract_made(hand: Hand) -> bool:
        return bool(hand.result.get("made"))

    def alone(hand: Hand) -> bool:
        return made_trump(hand) and bool(hand.result.get("alone"))

    def points(hand: Hand) -> float:
        return float(sum(hand.result["points"]))

    figures["points_per_hand"] = mean_figure(_deal_means(hands, points))
    figures["deal_value"] = mean_figure(_deal_means(hands, lambda hand: hand.net_by_offset[0]))
    rate("trump_made", always, made_trump)
    rate("makers_made", made_trump, contract_made)
    rate("euchred", made_trump, lambda hand: not hand.result.get("made"))
    rate("march", made_trump, lambda hand: _march(hand, players))
    if not auction:
        for making in ("round 1", "round 2", "stuck dealer", "joker turn-up"):
            rate(f"made_{making.replace(' ', '_').replace('-', '_')}", always, _made_in(making))
    else:
        for level in levels:
            rate(f"contract_{level}", always, _contract_of(level))
            rate(f"contract_{level}_made", _contract_of(level), contract_made)
    for offset in range(players):
        rate(f"seat_{offset}_made_trump", always, _maker_at(offset))
        rate(f"seat_{offset}_makers_made", _maker_at(offset), contract_made)
        if hands and len(hands[0].result["points"]) > 2:  # with two teams it is the value of the deal, or minus it
            figures[f"seat_{offset}_net"] = mean_figure(_deal_means(hands, _net_at(offset)))
    rate("loners", made_trump, lambda hand: bool(hand.result.get("alone")))
    rate("loners_made", alone, contract_made)
    rate("loner_marches", alone, lambda hand: _march(hand, players))
    rate("defended_alone", made_trump, lambda hand: hand.result.get("lone_defender") is not None)
    rate("jambone", always, lambda hand: bool(hand.result.get("jambone")))
    rate("jambone_made", lambda hand: bool(hand.result.get("jambone")), contract_made)
    rate("jamboree", always, lambda hand: bool(hand.result.get("jamboree")))
    rate("twos_threes", always, lambda hand: bool(hand.result.get("twos_threes")))
    rate("misdeal", always, lambda hand: bool(hand.result.get("misdeal")))
    rate("no_trump", made_trump, lambda hand: hand.result.get("trump") == "NT")
    if with_luck:
        figures["luck_share"] = luck_share(hands)
    return figures


def _made_in(making: str) -> Callable[[Hand], bool]:
    """Whether trump was made the given way (``round 1``, ``round 2``, ``stuck dealer``, ``joker turn-up``)."""
    return lambda hand: hand.making == making


def _contract_of(level: str) -> Callable[[Hand], bool]:
    """Whether an auction's contract was of the given level."""
    return lambda hand: _level(hand) == level


def _maker_at(offset: int) -> Callable[[Hand], bool]:
    """Whether the maker sat ``offset`` places after the dealer."""
    return lambda hand: hand.maker_offset == offset


def _net_at(offset: int) -> Callable[[Hand], float]:
    """The net points of the team of the seat ``offset`` places after the dealer."""
    return lambda hand: hand.net_by_offset[offset]


def _level(hand: Hand) -> str | None:
    """An auction contract's level as the study lists it: ``3`` .. ``5``, or ``5NT`` (the bid without its suit)."""
    contract = hand.result.get("contract")
    if not contract:
        return None
    return str(contract) if str(contract).endswith("NT") else str(contract)[:-1]


def _march(hand: Hand, players: int) -> bool:
    """Whether the makers took every trick."""
    maker = hand.result.get("maker")
    tricks = hand.result.get("tricks") or ()
    if maker is None or maker < 0 or not tricks:
        return False
    teams = len(hand.result["points"])
    won = sum(taken for seat, taken in enumerate(tricks) if seat % teams == maker % teams)
    return won == sum(tricks) and won > 0


FIGURE_LABELS: dict[str, str] = {
    "points_per_hand": "points scored per hand (all teams)",
    "deal_value": "value of the deal: the dealer's team's net points per hand",
    "trump_made": "hands in which trump is made",
    "made_round_1": "trump ordered up in the first round",
    "made_round_2": "trump called in the second round",
    "made_stuck_dealer": "trump called by a stuck dealer",
    "made_joker_turn_up": "trump named by the dealer for a turned-up Joker",
    "makers_made": "makers make their contract",
    "euchred": "makers euchred",
    "march": "makers take every trick",
    "loners": "contracts played alone",
    "loners_made": "loners made",
    "loner_marches": "loners that take every trick",
    "defended_alone": "contracts defended alone",
    "jambone": "Jambones (of hands)",
    "jambone_made": "Jambones made",
    "jamboree": "Jamborees (of hands)",
    "twos_threes": "hands with twos and threes returned",
    "misdeal": "hands thrown in (misdeals)",
    "no_trump": "no-trump contracts (of contracts)",
    "luck_share": "share of the points' variance duplicate removes (the luck of the cards)",
    "hands_per_game": "hands per game",
}


def figure_label(name: str) -> str:
    """A figure's name in words."""
    if name in FIGURE_LABELS:
        return FIGURE_LABELS[name]
    if name.startswith("seat_"):
        _, offset, rest = name.split("_", 2)
        seat = {"0": "the dealer", "1": "the dealer's left"}.get(offset, f"{offset} seats left of the dealer")
        return {
            "made_trump": f"{seat} makes trump (of hands)",
            "makers_made": f"{seat} makes its contract",
            "net": f"{seat}: its team's net points per hand",
        }.get(rest, name)
    if name.startswith("contract_"):
        level = name.removeprefix("contract_").removesuffix("_made")
        return f"contracts of {level} made" if name.endswith("_made") else f"contracts of {level} (of hands)"
    return name


def paired_differences(
    first: Sequence[Hand],
    second: Sequence[Hand],
    compute: Callable[[Sequence[Hand]], Mapping[str, Figure]],
    resamples: int = 200,
    seed: int = 0,
) -> dict[str, Figure]:
    """Each figure's difference (``second`` minus ``first``) with a paired bootstrap interval over the deals.

    Both studies played the same deals, so a deal's hands under one option are resampled together with the same
    deal's hands under the other: what the cards do alike cancels out of the interval, which taking the two
    as independent would not allow.  ``compute`` gives a list of hands its figures.
    """
    by_deal: list[dict[int, list[Hand]]] = [{}, {}]
    for side, hands in enumerate((first, second)):
        for hand in hands:
            by_deal[side].setdefault(hand.deal, []).append(hand)
    deals = sorted(set(by_deal[0]) & set(by_deal[1]))
    whole = [compute(first), compute(second)]
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {}
    for _ in range(resamples if len(deals) > 2 else 0):
        chosen = [deals[rng.randrange(len(deals))] for _ in deals]
        # Each draw is its own deal (a deal drawn twice counts twice, as two deals).
        drawn = [
            [replace(hand, deal=number) for number, deal in enumerate(chosen) for hand in by_deal[side][deal]] for side in (0, 1)
        ]
        before, after = compute(drawn[0]), compute(drawn[1])
        for name, figure in before.items():
            other = after.get(name)
            if figure.value is not None and other is not None and other.value is not None:
                samples.setdefault(name, []).append(other.value - figure.value)
    tail = (1 - CONFIDENCE) / 2
    differences = {}
    for name, figure in whole[0].items():
        other = whole[1].get(name)
        if other is None or figure.value is None or other.value is None:
            differences[name] = Figure(None, None, None)
            continue
        drawn_differences = sorted(samples.get(name, []))
        if len(drawn_differences) < resamples // 2:
            differences[name] = difference(figure, other)
            continue
        low = drawn_differences[int(tail * (len(drawn_differences) - 1))]
        high = drawn_differences[int((1 - tail) * (len(drawn_differences) - 1))]
        value = other.value - figure.value
        differences[name] = Figure(value, min(low, value), max(high, value))
    return differences


def difference(first: Figure, second: Figure) -> Figure:
    """``second`` minus ``first`` with an approximate 95% interval (Newcombe's for rates, else the two widths
    combined), taking the two as independent."""
    if first.value is None or second.value is None:
        return Figure(None, None, None)
    value = second.value - first.value
    if None in (first.low, first.high, second.low, second.high):
        return Figure(value, None, None)
    assert first.low is not None and first.high is not None and second.low is not None and second.high is not None
    below = math.sqrt((second.value - second.low) ** 2 + (first.high - first.value) ** 2)
    above = math.sqrt((second.high - second.value) ** 2 + (first.value - first.low) ** 2)
    return Figure(value, value - below, value + above)


__all__ = [
    "FIGURE_LABELS",
    "Figure",
    "Hand",
    "difference",
    "figure_label",
    "hand_figures",
    "luck_share",
    "mean_figure",
    "paired_differences",
    "rate_figure",
]
