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

from bowers.facts import MAKING_LABELS, MAKINGS, RATES, HandFacts, making_name, named_rate, seat_label
from bowers.match.statistics import CONFIDENCE, mean_interval, t_quantile, wilson_interval


@dataclass(frozen=True)
class Hand:
    """One hand as the study sees it: its deal, which playing of the deal it is, and the hand's facts.

    ``net_by_offset[k]`` is the net points of the team of the seat ``k`` places after the dealer (its points
    minus the mean of the other teams'); ``side_net`` the first side's net (for luck against skill).
    """

    deal: int
    pass_number: int
    facts: HandFacts
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
    >>> once = rate_figure([(1, 1)], passes=2)  # one success, in one pass of one deal of two
    >>> once.low <= once.value == 1.0 <= once.high
    True
    """
    successes = sum(s for s, _ in per_deal)
    trials = sum(n for _, n in per_deal)
    if trials == 0:
        return Figure(None, None, None, 0, 0)
    rate = successes / trials
    deals = [(s, n) for s, n in per_deal if n]
    # Each deal counted once: the counts divided by the passes, kept fractional so that the interval is centred
    # on the rate itself (rounding one success in two passes down to none would give an interval without it).
    counted = max(1.0, trials / passes)
    low, high = wilson_interval(rate * counted, counted)
    if len(deals) > 1:
        mean_trials = trials / len(deals)
        spread = sum((s - rate * n) ** 2 for s, n in deals) / (len(deals) - 1)
        half = t_quantile(0.5 + CONFIDENCE / 2, len(deals) - 1) * math.sqrt(spread / len(deals)) / mean_trials
        low, high = min(low, rate - half), max(high, rate + half)
    return Figure(rate, max(0.0, low), min(1.0, high), successes, trials)


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


# The rates of hands a study reports after those of the bidding and the seats, in order.
STUDY_RATES = (
    "loners",
    "loners_made",
    "loner_marches",
    "defended_alone",
    "jambone",
    "jambone_made",
    "jamboree",
    "twos_threes",
    "misdeal",
    "no_trump",
)


def hand_figures(
    hands: Sequence[Hand], players: int, passes: int, auction: bool, levels: Sequence[str], with_luck: bool = True
) -> dict[str, Figure]:
    """Every figure of a study from its hands, by name: each rate as ``bowers.facts.RATES`` defines it, over every
    hand (see ``FIGURE_LABELS`` for what each means); the share of luck, whose interval is itself a bootstrap, only
    ``with_luck``."""
    figures: dict[str, Figure] = {}

    def rate(name: str) -> None:
        counted = named_rate(name)
        assert counted is not None
        per_deal: dict[int, list[int]] = {}
        for hand in hands:
            entry = per_deal.setdefault(hand.deal, [0, 0])
            trial, success = counted.counts(hand.facts)
            entry[0] += success
            entry[1] += trial
        figures[name] = rate_figure([(successes, trials) for successes, trials in per_deal.values()], passes)

    figures["points_per_hand"] = mean_figure(_deal_means(hands, lambda hand: float(sum(hand.facts.points))))
    figures["deal_value"] = mean_figure(_deal_means(hands, lambda hand: hand.net_by_offset[0]))
    names = ["trump_made", "makers_made", "euchred", "march"]
    if not auction:
        names += [making_name(making) for making in MAKINGS]
    else:
        names += [name for level in levels for name in (f"contract_{level}", f"contract_{level}_made")]
    for name in names:
        rate(name)
    for offset in range(players):
        rate(f"seat_{offset}_made_trump")
        rate(f"seat_{offset}_makers_made")
        if hands and hands[0].facts.teams > 2:  # with two teams it is the value of the deal, or minus it
            figures[f"seat_{offset}_net"] = mean_figure(_deal_means(hands, _net_at(offset)))
    for name in STUDY_RATES:
        rate(name)
    if with_luck:
        figures["luck_share"] = luck_share(hands)
    return figures


def _net_at(offset: int) -> Callable[[Hand], float]:
    """The net points of the team of the seat ``offset`` places after the dealer."""
    return lambda hand: hand.net_by_offset[offset]


# The figures that are not rates of hands (those are named in ``bowers.facts``; see ``figure_label``).
FIGURE_LABELS: dict[str, str] = {
    "points_per_hand": "points scored per hand (all teams)",
    "deal_value": "value of the deal: the dealer's team's net points per hand",
    **{name: rate.label for name, rate in RATES.items()},
    **{making_name(making): MAKING_LABELS[making] for making in MAKINGS},
    "luck_share": "share of the points' variance duplicate removes (the luck of the cards)",
    "hands_per_game": "hands per game",
}


def figure_label(name: str) -> str:
    """A figure's name in words."""
    if name in FIGURE_LABELS:
        return FIGURE_LABELS[name]
    rate = named_rate(name)
    if rate is not None:
        return rate.label
    if name.startswith("seat_") and name.endswith("_net") and name.split("_")[1].isdigit():
        return seat_label(int(name.split("_")[1]))
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
