"""The arithmetic of a match: a mean with its 95% confidence interval, and an Elo difference from games won.

Kept apart from the playing code so that it can be checked on known inputs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

CONFIDENCE = 0.95


def t_quantile(probability: float, degrees_of_freedom: int) -> float:
    """The Student t quantile, by the Cornish-Fisher expansion around the normal quantile.

    Within 0.3% of the exact value from 4 degrees of freedom up, and exact in the limit;
    enough for confidence intervals over tens of deals or more.

    >>> round(t_quantile(0.975, 29), 3)
    2.045
    """
    if degrees_of_freedom < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {degrees_of_freedom}")
    z = NormalDist().inv_cdf(probability)
    v = float(degrees_of_freedom)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
    )


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its two-sided 95% confidence interval (None when there are fewer than two values)."""

    mean: float
    low: float | None
    high: float | None
    count: int

    @property
    def significant(self) -> bool:
        """True when the interval lies wholly above or wholly below zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Estimate:
    """The mean of ``values`` with its Student t confidence interval.

    >>> estimate = mean_interval([1, 2, 3, 4, 5])
    >>> estimate.mean, round(estimate.high - estimate.mean, 2)
    (3.0, 1.96)
    """
    count = len(values)
    if count == 0:
        raise ValueError("no values to average")
    mean = math.fsum(values) / count
    if count < 2:
        return Estimate(mean, None, None, count)
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half_width = t_quantile(0.5 + confidence / 2, count - 1) * math.sqrt(variance / count)
    return Estimate(mean, mean - half_width, mean + half_width, count)


def wilson_interval(wins: float, games: float, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``games``: sound at 0 and 1, where a mean's interval collapses.

    Counts may be fractional (a count shared between the passes of a duplicate deal); the interval always holds
    the share ``wins / games``.

    >>> [round(end, 3) for end in wilson_interval(10, 10)]
    [0.722, 1.0]
    """
    if games <= 0:
        raise ValueError("no games to take a share of")
    share = wins / games
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    # The share is always inside, rounding error at 0 and 1 included.
    return min(share, max(0.0, centre - spread)), max(share, min(1.0, centre + spread))



def share_interval(shares: Sequence[float], wins: int, played: int) -> Estimate:
    """The mean share of games won with the Student t interval over the duplicate sets, widened to the Wilson
    interval of the games won where that is wider (with few games, or a side that won or lost them all)."""
    estimate = mean_interval(shares)
    low, high = wilson_interval(wins, played)
    if estimate.low is not None and estimate.high is not None:
        low, high = min(low, estimate.low), max(high, estimate.high)
    return Estimate(estimate.mean, max(0.0, low), min(1.0, high), estimate.count)

def elo_from_score(score: float) -> float | None:
    """The Elo difference that predicts ``score`` (the share of games won, 0..1); None at 0 or 1, where it is unbounded.

    >>> round(elo_from_score(0.75), 1)
    190.8
    """
    if not 0 < score < 1:
        return None
    return 400 * math.log10(score / (1 - score))


@dataclass(frozen=True)
class Elo:
    """An Elo difference (first side minus second) from games won, with the 95% interval of the Wilson score interval."""

    difference: float | None
    low: float | None
    high: float | None
    wins: int
    losses: int

    @property
    def games(self) -> int:
        """Games in which one of the two sides won."""
        return self.wins + self.losses


def elo_difference(wins: int, losses: int, confidence: float = CONFIDENCE, independent: float | None = None) -> Elo:
    """The Elo difference of a side that won ``wins`` games and lost ``losses``, with its 95% interval.

    The interval maps the Wilson score interval of the winning share through
    ``elo_from_score``; an end at 0 or 1 is unbounded and given as None.
    ``independent`` is how many independent games the interval may count on
    when the games are not independent (games played in duplicate share their
    cards: two passes count as one); by default every game counts.

    >>> elo = elo_difference(30, 10)
    >>> round(elo.difference, 1), round(elo.low, 1), round(elo.high, 1)
    (190.8, 69.0, 312.7)
    >>> round(elo_difference(30, 10, independent=20).low, 1)
    21.8
    """
    if wins + losses == 0:
        return Elo(None, None, None, wins, losses)
    share = wins / (wins + losses)
    games = float(wins + losses) if independent is None else max(1.0, min(float(wins + losses), independent))
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = elo_from_score(centre - spread) if wins else None
    high = elo_from_score(centre + spread) if losses else None
    return Elo(elo_from_score(share), low, high, wins, losses)


def elo_from_share(share: Estimate, wins: int, losses: int) -> Elo:
    """The Elo difference of a share of games won whose interval is already known (``share``, 0..1), mapped
    through ``elo_from_score``; an end at 0 or 1 is unbounded and given as None.

    >>> round(elo_from_share(Estimate(0.75, 0.6, 0.9, 40), 30, 10).low, 1)
    70.4
    """
    low = elo_from_score(share.low) if share.low is not None and share.low > 0 else None
    high = elo_from_score(share.high) if share.high is not None and share.high < 1 else None
    return Elo(elo_from_score(share.mean), low, high, wins, losses)
