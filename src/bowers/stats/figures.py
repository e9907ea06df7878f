"""The figures of a study of a variant, each with its 95% interval, from the hands the bots played, and the
differences between two studies.

Every hand is one pass of a deal (in duplicate a deal is played once per side
with the sides rotated round the teams, so its passes share the cards and are
not independent).  So every interval is taken over *deals*: a mean is the
Student t interval of the deals' means, and a rate (so many of so many) is the
ratio estimator's interval over deals, widened to the Wilson interval of the
same rate counted once per deal where that is wider (for rare events).  The
figures of whole games are taken over games the same way.  Differences are
paired over the deals where both studies dealt the same cards, and never
claim a certainty the deals do not give (see ``figure_differences``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bowers.cards import JOKER
from bowers.facts import MAKING_LABELS, MAKINGS, RATES, HandFacts, making_name, named_rate, seat_label
from bowers.match.statistics import CONFIDENCE, mean_interval, t_quantile, wilson_interval
from bowers.variants import AUCTION, JOKER_DEALER_NAMES, JOKER_NO_TRUMP, Rules


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
    """A figure with its 95% interval; a rate also gives its count and what it is out of.  ``note`` says why a
    figure that cannot be measured is None (an event the rules never allow, a study not played in duplicate)."""

    value: float | None
    low: float | None
    high: float | None
    count: int | None = None
    out_of: int | None = None
    note: str | None = None

    @property
    def never_seen(self) -> bool:
        """A rate of an event that could happen but never did: its value is no certain zero (see its ``high``)."""
        return self.count == 0 and bool(self.out_of)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: ``value`` and ``ci95``, with ``count`` and ``of`` for a rate and ``note`` where there is one."""
        data: dict[str, Any] = {"value": self.value, "ci95": [self.low, self.high]}
        if self.count is not None:
            data.update(count=self.count, of=self.out_of)
        if self.note is not None:
            data["note"] = self.note
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


def resampling_weights(deals: int, resamples: int, seed: int) -> np.ndarray:
    """How many times each of ``deals`` deals is drawn in each of ``resamples`` bootstrap samples (one row each):
    the whole bootstrap as one matrix, so that a figure of every sample is a product of arrays."""
    rng = np.random.default_rng(seed)
    return rng.multinomial(deals, np.full(deals, 1.0 / deals), size=resamples).astype(float)


def _percentiles(samples: np.ndarray) -> tuple[float, float] | None:
    """The 95% percentile interval of bootstrap samples (NaN left out), or None with too few of them."""
    kept = np.sort(samples[~np.isnan(samples)])
    if len(kept) < max(2, len(samples) // 2):
        return None
    tail = (1 - CONFIDENCE) / 2
    return float(kept[int(tail * (len(kept) - 1))]), float(kept[int((1 - tail) * (len(kept) - 1))])


def _luck_shares(nets: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The luck share of each weighted sample of deals (``nets``: one row per deal, one column per pass; one row of
    ``weights`` per sample); NaN where the single nets do not vary."""
    passes = nets.shape[1]
    sums = nets.sum(axis=1)
    drawn = weights.sum(axis=1)
    singles = drawn * passes
    single_mean = weights @ sums / singles
    single_variance = (weights @ (nets**2).sum(axis=1) - singles * single_mean**2) / (singles - 1)
    sum_variance = (weights @ sums**2 - drawn * (weights @ sums / drawn) ** 2) / (drawn - 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        shares = 1 - sum_variance / (passes * single_variance)
    return np.where(single_variance > 1e-12, shares, np.nan)


def deal_nets(hands: Sequence[Hand]) -> dict[int, list[float]]:
    """The first side's net of every pass of each deal played more than once, by deal."""
    by_deal: dict[int, list[float]] = {}
    for hand in hands:
        by_deal.setdefault(hand.deal, []).append(hand.side_net)
    return {deal: nets for deal, nets in by_deal.items() if len(nets) > 1}


def _net_matrix(by_deal: Mapping[int, list[float]], deals: Sequence[int]) -> np.ndarray:
    """The nets of ``deals`` as a matrix (a row per deal, as many passes as every one of them has)."""
    passes = min(len(by_deal[deal]) for deal in deals)
    return np.array([by_deal[deal][:passes] for deal in deals], dtype=float)


def luck_share(hands: Sequence[Hand], resamples: int = 1000, seed: int = 0) -> Figure:
    """The share of the points' variance that duplicate play removes: how much of a hand's result is the cards.

    For each deal the first side's nets over its passes (it holds each team's cards once) are summed: if the
    cards decided everything, the sum would be 0.  The share is 1 - var(sum) / (passes * var(single net)), with
    a bootstrap interval over deals.  None without duplicate passes or without variance.
    """
    by_deal = deal_nets(hands)
    if len(by_deal) < 3:
        return Figure(None, None, None)
    nets = _net_matrix(by_deal, list(by_deal))
    value = float(_luck_shares(nets, np.ones((1, len(nets))))[0])
    if math.isnan(value):
        return Figure(None, None, None)
    interval = _percentiles(_luck_shares(nets, resampling_weights(len(nets), resamples, seed))) if resamples else None
    if interval is None:
        return Figure(value, None, None)
    return Figure(value, min(interval[0], value), max(interval[1], value))


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

IMPOSSIBLE = "impossible under these rules"


def impossible_figures(rules: Rules) -> frozenset[str]:
    """The figures of events these rules never allow (twos and threes in standard Euchre, a stuck dealer without
    stick the dealer): a study gives them as None, not as a zero with an interval."""
    joker = JOKER in rules.deck
    allowed = {
        "loners": rules.can_go_alone,
        "loners_made": rules.can_go_alone,
        "loner_marches": rules.can_go_alone,
        "defended_alone": rules.defend_alone,
        "jambone": rules.jambone,
        "jambone_made": rules.jambone,
        "jamboree": rules.jamboree,
        "twos_threes": rules.twos_threes,
        "made_stuck_dealer": rules.stick_the_dealer,
        "misdeal": not rules.stick_the_dealer or rules.bidding == AUCTION,  # a stuck dealer must name trump
        "made_joker_turn_up": joker and rules.joker_turn_up == JOKER_DEALER_NAMES,
        "no_trump": rules.bidding == AUCTION or (joker and rules.joker_turn_up == JOKER_NO_TRUMP),
    }
    return frozenset(name for name, possible in allowed.items() if not possible)


@dataclass(frozen=True)
class Tally:
    """A figure's raw material deal by deal: of a rate, each deal's (successes, trials) over its passes; of a
    mean, each deal's (mean over its passes, 1).  Studies give figures from it, comparisons differences."""

    rate: bool
    counts: Mapping[int, tuple[float, float]]

    def figure(self, passes: int) -> Figure:
        """The figure with its interval over deals (see ``rate_figure`` and ``mean_figure``)."""
        if self.rate:
            return rate_figure([(int(s), int(n)) for s, n in self.counts.values()], passes)
        return mean_figure([value for value, _ in self.counts.values()])


def _rate_tally(items: Sequence[tuple[int, bool, bool]]) -> Tally:
    """A rate's tally from (deal, trial, success) of every hand."""
    counts: dict[int, tuple[float, float]] = {}
    for deal, trial, success in items:
        successes, trials = counts.get(deal, (0.0, 0.0))
        counts[deal] = (successes + success, trials + trial)
    return Tally(True, counts)


def _mean_tally(items: Sequence[tuple[int, float]]) -> Tally:
    """A mean's tally from (deal, value) of every hand: each deal's mean over its passes."""
    sums: dict[int, tuple[float, float]] = {}
    for deal, value in items:
        total, count = sums.get(deal, (0.0, 0.0))
        sums[deal] = (total + value, count + 1)
    return Tally(False, {deal: (total / count, 1.0) for deal, (total, count) in sums.items()})


def hand_tallies(hands: Sequence[Hand], players: int, auction: bool, levels: Sequence[str]) -> dict[str, Tally]:
    """Every figure of hands a study gives, by name, deal by deal: each rate as ``bowers.facts.RATES`` defines
    it (see ``FIGURE_LABELS`` for what each means), the points and each seat's net."""
    tallies: dict[str, Tally] = {}

    def rate(name: str) -> None:
        counted = named_rate(name)
        assert counted is not None
        tallies[name] = _rate_tally([(hand.deal, *counted.counts(hand.facts)) for hand in hands])

    tallies["points_per_hand"] = _mean_tally([(hand.deal, float(sum(hand.facts.points))) for hand in hands])
    tallies["deal_value"] = _mean_tally([(hand.deal, hand.net_by_offset[0]) for hand in hands])
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
            tallies[f"seat_{offset}_net"] = _mean_tally([(hand.deal, hand.net_by_offset[offset]) for hand in hands])
    for name in STUDY_RATES:
        rate(name)
    return tallies


def figures_of(tallies: Mapping[str, Tally], passes: int, impossible: frozenset[str] = frozenset()) -> dict[str, Figure]:
    """The figures of these tallies, those of impossible events as None (with why)."""
    return {
        name: Figure(None, None, None, note=IMPOSSIBLE) if name in impossible else tally.figure(passes)
        for name, tally in tallies.items()
    }


NOT_DUPLICATE = "not played in duplicate: no deal was played by both sides, so the cards' part cannot be told apart"


# The figures that are not rates of hands (those are named in ``bowers.facts``; see ``figure_label``).
FIGURE_LABELS: dict[str, str] = {
    "points_per_hand": "points scored per hand (all teams)",
    "deal_value": "value of the deal: the dealer's team's net points per hand",
    **{name: rate.label for name, rate in RATES.items()},
    **{making_name(making): MAKING_LABELS[making] for making in MAKINGS},
    "luck_share": "share of the points' variance duplicate removes (the luck of the cards)",
    "hands_per_game": "hands per game (mean)",
    "hands_per_game_median": "hands per game: median",
    "hands_per_game_quartile_1": "hands per game: lower quartile",
    "hands_per_game_quartile_3": "hands per game: upper quartile",
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
    if name.startswith("game_won_seat_"):
        offset = int(name.removeprefix("game_won_seat_"))
        whose = {0: "the first dealer's team", 1: "the team of the first dealer's left"}
        return f"games won by {whose.get(offset, f'the team {offset} seats left of the first dealer')}"
    if name.startswith("comeback_"):
        return f"games won from {name.removeprefix('comeback_')} or more points behind (of games)"
    return name


def _arrays(first: Tally, second: Tally) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The two tallies over the deals either has (0 where one lacks a deal): values and sizes of each."""
    deals = sorted(set(first.counts) | set(second.counts))
    rows = [[*first.counts.get(deal, (0.0, 0.0)), *second.counts.get(deal, (0.0, 0.0))] for deal in deals]
    table = np.array(rows, dtype=float).reshape(len(deals), 4)
    return table[:, 0], table[:, 1], table[:, 2], table[:, 3]


def paired_rate_difference(first: Tally, second: Tally, passes: int = 1) -> Figure:
    """``second``'s rate minus ``first``'s over the same deals, with a paired interval that never claims certainty.

    A rate of every hand (the same trials in every deal under both arms): each deal's difference is split into
    its gains and its losses, each given its Wilson interval over deals, combined as Newcombe's hybrid score
    interval does (with their correlation); where the arms never differ, the interval still spans what a change
    on fewer deals than were played could hide.  A rate of some hands (of contracts, of loners): the ratio
    estimator's t interval of the deals' paired differences, widened to at least the Wilson bound of none in the
    trials (counted once per deal, ``passes``) on each side.
    """
    successes_1, trials_1, successes_2, trials_2 = _arrays(first, second)
    if not trials_1.sum() or not trials_2.sum():
        return Figure(None, None, None)
    rate_1, rate_2 = float(successes_1.sum() / trials_1.sum()), float(successes_2.sum() / trials_2.sum())
    value = float(rate_2 - rate_1)
    deals = len(trials_1)
    if np.array_equal(trials_1, trials_2) and np.all(trials_1 == trials_1[0]):
        per_deal = (successes_2 - successes_1) / trials_1[0]
        gains, losses = np.maximum(per_deal, 0), np.maximum(-per_deal, 0)
        gain, loss = float(gains.mean()), float(losses.mean())
        gain_low, gain_high = wilson_interval(gain * deals, deals)
        loss_low, loss_high = wilson_interval(loss * deals, deals)
        spread = float(np.corrcoef(gains, losses)[0, 1]) if gains.std() > 0 and losses.std() > 0 else 0.0
        below, above = _hybrid(gain - gain_low, loss_high - loss, spread), _hybrid(gain_high - gain, loss - loss_low, spread)
        return Figure(value, value - below, value + above)
    used = (trials_1 + trials_2) > 0
    linear = (successes_2 - rate_2 * trials_2)[used] / trials_2[used].mean()
    linear -= (successes_1 - rate_1 * trials_1)[used] / trials_1[used].mean()
    half = 0.0
    if len(linear) > 1:
        half = t_quantile(0.5 + CONFIDENCE / 2, len(linear) - 1) * float(linear.std(ddof=1)) / math.sqrt(len(linear))
    floor = wilson_interval(0, max(1.0, float(min(trials_1.sum(), trials_2.sum())) / passes))[1]
    return Figure(value, value - max(half, floor), value + max(half, floor))


def _hybrid(one: float, other: float, correlation: float) -> float:
    """Newcombe's combination of two half-widths, one of each estimate, of estimates so correlated."""
    return math.sqrt(max(0.0, one**2 + other**2 - 2 * correlation * one * other))


def paired_mean_difference(first: Tally, second: Tally, weights: np.ndarray | None = None, seed: int = 0) -> Figure:
    """``second``'s mean minus ``first``'s over the same deals, with a paired bootstrap interval, floored.

    Each resampled deal is drawn with its values under both arms (``weights``: the draws, a row per resample, a
    column per deal either tally has).  The floor keeps each side of the interval at least as far from the value
    as a change of a deal's usual spread (the values' standard deviation) on fewer deals than were played could
    hide (a Wilson bound of none in so many): deals that never differed do not make a difference certain.
    """
    values_1, present_1, values_2, present_2 = _arrays(first, second)
    deals = len(values_1)
    if not present_1.sum() or not present_2.sum():
        return Figure(None, None, None)
    value = float(values_2[present_2 > 0].mean() - values_1[present_1 > 0].mean())
    if weights is None:
        weights = resampling_weights(deals, 1000, seed)
    with np.errstate(divide="ignore", invalid="ignore"):
        arms = ((values_1, present_1), (values_2, present_2))
        means = [weights @ (values * present) / (weights @ present) for values, present in arms]
        drawn = means[1] - means[0]
    interval = _percentiles(drawn)
    seen = np.concatenate([values_1[present_1 > 0], values_2[present_2 > 0]])
    floor = float(seen.std()) * wilson_interval(0, deals)[1]
    low, high = interval if interval is not None else (value, value)
    return Figure(value, min(low, value - floor), max(high, value + floor))


def paired_luck_difference(first: Sequence[Hand], second: Sequence[Hand], resamples: int = 1000, seed: int = 0) -> Figure:
    """The luck share's difference over the deals both arms played in duplicate, with a paired bootstrap interval."""
    nets = deal_nets(first), deal_nets(second)
    deals = sorted(set(nets[0]) & set(nets[1]))
    if len(deals) < 3:
        return Figure(None, None, None)
    matrices = [_net_matrix(by_deal, deals) for by_deal in nets]
    once = np.ones((1, len(deals)))
    value = float(_luck_shares(matrices[1], once)[0] - _luck_shares(matrices[0], once)[0])
    if math.isnan(value):
        return Figure(None, None, None)
    weights = resampling_weights(len(deals), resamples, seed)
    interval = _percentiles(_luck_shares(matrices[1], weights) - _luck_shares(matrices[0], weights))
    if interval is None:
        return Figure(value, None, None)
    return Figure(value, min(interval[0], value), max(interval[1], value))


def figure_differences(
    first: Mapping[str, Figure],
    second: Mapping[str, Figure],
    tallies: tuple[Mapping[str, Tally], Mapping[str, Tally]] | None,
    passes: int = 1,
    seed: int = 0,
) -> dict[str, Figure]:
    """Each figure's difference (``second`` minus ``first``) with its 95% interval.

    With ``tallies`` (the same deals under both arms), paired: ``paired_rate_difference`` for rates,
    ``paired_mean_difference`` for means (``passes``: the passes of each deal).  Without (the arms dealt other
    cards), the two are independent:
    ``difference``.  A figure of an event one arm's rules never allow differs by the other's figure.  Figures
    without tallies (the luck share) are left to the caller where paired.
    """
    differences: dict[str, Figure] = {}
    for name, before in first.items():
        after = second.get(name, Figure(None, None, None))
        if before.note == IMPOSSIBLE and after.note == IMPOSSIBLE:
            differences[name] = Figure(None, None, None, note=IMPOSSIBLE)
        elif before.note == IMPOSSIBLE:
            differences[name] = Figure(after.value, after.low, after.high)
        elif after.note == IMPOSSIBLE:
            differences[name] = _negated(before)
        elif tallies is not None and name in tallies[0] and name in tallies[1]:
            pair = tallies[0][name], tallies[1][name]
            paired = paired_rate_difference(*pair, passes) if pair[0].rate else paired_mean_difference(*pair, seed=seed)
            differences[name] = paired
        else:
            differences[name] = difference(before, after)
    return differences


def _negated(figure: Figure) -> Figure:
    """Minus a figure: its value and interval turned round."""
    value, low, high = (None if end is None else 0.0 - end for end in (figure.value, figure.high, figure.low))
    return Figure(value, low, high)


def difference(first: Figure, second: Figure) -> Figure:
    """``second`` minus ``first`` with an approximate 95% interval taking the two as independent: Newcombe's hybrid
    score interval for rates (from their Wilson-floored intervals), else the two widths combined (as Welch's)."""
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
    "IMPOSSIBLE",
    "NOT_DUPLICATE",
    "QUARTILES",
    "Figure",
    "GamePlayed",
    "Hand",
    "Tally",
    "comeback_margins",
    "difference",
    "figure_differences",
    "figure_label",
    "figures_of",
    "game_played",
    "game_tallies",
    "hand_tallies",
    "impossible_figures",
    "luck_share",
    "mean_figure",
    "paired_luck_difference",
    "paired_mean_difference",
    "paired_rate_difference",
    "quartile_figures",
    "rate_figure",
    "resampling_weights",
]


@dataclass(frozen=True)
class GamePlayed:
    """One pass of a whole game as a study sees it: its game (passes of a game share it), how many hands it took,
    its first dealer, the team that won and the most points the winner was ever behind by."""

    game: int
    pass_number: int
    hands: int
    first_dealer: int
    winner: int
    behind: int


def game_played(game: int, pass_number: int, facts: Sequence[HandFacts], initial: Sequence[int], winner: int) -> GamePlayed:
    """A finished game from its hands' facts and the scores it started from."""
    scores = list(initial)
    behind = max(scores) - scores[winner]
    for hand in facts:
        scores = [score + points for score, points in zip(scores, hand.points, strict=True)]
        behind = max(behind, max(scores) - scores[winner])
    return GamePlayed(game, pass_number, len(facts), facts[0].dealer, winner, behind)


def comeback_margins(target: int) -> tuple[int, ...]:
    """The deficits whose comebacks a study counts: 1 point, a quarter and half of the target.

    >>> comeback_margins(10), comeback_margins(32)
    ((1, 2, 5), (1, 8, 16))
    """
    return tuple(sorted({1, max(1, target // 4), max(1, target // 2)}))


def game_tallies(games: Sequence[GamePlayed], players: int, teams: int, target: int) -> dict[str, Tally]:
    """The figures of whole games, game by game: hands per game, each team's share of games won (named by its
    first seat from the first dealer: ``game_won_seat_0`` is the first dealer's team) and the comebacks."""
    tallies = {"hands_per_game": _mean_tally([(game.game, float(game.hands)) for game in games])}
    for offset in range(teams):
        won = [(game.game, True, game.winner == (game.first_dealer + offset) % players % teams) for game in games]
        tallies[f"game_won_seat_{offset}"] = _rate_tally(won)
    for margin in comeback_margins(target):
        tallies[f"comeback_{margin}"] = _rate_tally([(game.game, True, game.behind >= margin) for game in games])
    return tallies


QUARTILES = {"hands_per_game_quartile_1": 0.25, "hands_per_game_median": 0.5, "hands_per_game_quartile_3": 0.75}


def quartile_figures(games: Sequence[GamePlayed], resamples: int = 1000, seed: int = 0) -> dict[str, Figure]:
    """The quartiles of hands per game (each game's mean over its passes), each with a bootstrap interval over
    games."""
    lengths = [value for value, _ in game_tallies(games, 1, 1, 1)["hands_per_game"].counts.values()]
    ordered = np.sort(np.array(lengths, dtype=float))
    weights = resampling_weights(len(ordered), resamples, seed)
    cumulative = np.cumsum(weights, axis=1)
    figures = {}
    for name, share in QUARTILES.items():
        value = float(np.quantile(ordered, share, method="inverted_cdf"))
        drawn = ordered[np.argmax(cumulative >= share * len(ordered), axis=1)]
        interval = _percentiles(drawn)
        low, high = interval if interval is not None else (value, value)
        figures[name] = Figure(value, min(low, value), max(high, value))
    return figures
