"""The chance of winning the game from a score: a match-equity table per variant and target.

Backgammon programs price a position by the chance of winning the match, not
by points; this module does the same for every Euchre variant.  The points a
hand brings come from self-play (``training/hand_outcomes.py`` plays tens of
thousands of hands per variant and ships their distribution in
``data/hand_outcomes.json``, listed from the dealer's team round the teams).
Taking hands as independent draws from that distribution, with the deal
passing to the left after every hand, the chance that each team wins from
any score and dealer is then exact dynamic programming over the scores:

* a team at or above the target with the highest score has won; an exact tie
  at the top would play another hand, and is counted as an even share;
* a hand that scores nothing (everyone passed) only moves the deal on.

Points are never negative in any variant, so every hand that scores moves the
game strictly forward and the table is computed layer by layer, from the
highest total score down, with numpy (a few milliseconds for two teams, about
a second for Railroad for six at 64 points).  A table holds at most
``MAX_VALUES`` values: a larger target is priced on a coarser grid of points,
so memory and time are bounded whatever the target.  Tables are cached per
variant and target.

>>> table = win_table("standard", 10)
>>> round(sum(table.chances([9, 9], 0)), 6)
1.0
>>> table.chances([9, 0], 0)[0] > 0.9 > table.chances([0, 9], 0)[0]
True
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from bowers.variants import Rules


@lru_cache(maxsize=1)
def _outcome_data() -> dict[str, Any]:
    """The shipped self-play distributions of one hand's points, by variant."""
    text = resources.files("bowers.bots").joinpath("data/hand_outcomes.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def hand_outcomes(variant: str) -> list[tuple[tuple[int, ...], float]]:
    """One hand's outcomes with their chances: points from the dealer's team round the teams.

    A variant the data does not cover raises ``KeyError``.
    """
    entry = _outcome_data()[variant]
    rows = entry["outcomes"]
    total = sum(row[-1] for row in rows)
    return [(tuple(int(p) for p in row[:-1]), row[-1] / total) for row in rows]


def has_outcomes(variant: str) -> bool:
    """True when the shipped data covers ``variant``."""
    return variant in _outcome_data()


# The most values a table holds (float64: about 96 MB).  Railroad for six at its default 64 points needs 11.3
# million and stays exact; a larger target (or more teams) is priced on a coarser grid of points instead, so a
# table's memory and time are bounded whatever the target.
MAX_VALUES = 12_000_000


def grid_scale(teams: int, target: int, reach: int, max_values: int | None = None) -> int:
    """Points per step of the score grid: 1 (exact) while the table fits in ``max_values`` values (by default
    ``MAX_VALUES``), else the smallest step that makes it fit.

    >>> grid_scale(2, 10, 4), grid_scale(3, 64, 44), grid_scale(2, 10**18, 4) > 10**14
    (1, 1, True)
    """

    limit = MAX_VALUES if max_values is None else max_values

    def values(scale: int) -> int:
        return teams * teams * (-(-target // scale) + -(-reach // scale)) ** teams

    low, high = 1, max(1, target + reach)  # values() falls as the step grows: the smallest step that fits
    while low < high:
        middle = (low + high) // 2
        if values(middle) <= limit:
            high = middle
        else:
            low = middle + 1
    return low


def coarse_outcomes(
    outcomes: Sequence[tuple[tuple[int, ...], float]], scale: int
) -> list[tuple[tuple[int, ...], float]]:
    """One hand's outcomes in steps of ``scale`` points: each team's points split between the two nearest steps
    so that its expected points stay the same.

    >>> coarse_outcomes([((3, 0), 1.0)], 2)
    [((1, 0), 0.5), ((2, 0), 0.5)]
    """
    if scale == 1:
        return list(outcomes)
    merged: dict[tuple[int, ...], float] = {}
    for points, chance in outcomes:
        combos: list[tuple[tuple[int, ...], float]] = [((), chance)]
        for value in points:
            low, rest = divmod(value, scale)
            up = rest / scale
            split = [(low, 1.0 - up), (low + 1, up)] if rest else [(low, 1.0)]
            combos = [((*part, step), weight * share) for part, weight in combos for step, share in split if share]
        for part, weight in combos:
            merged[part] = merged.get(part, 0.0) + weight
    return sorted(merged.items())


class WinTable:
    """Each team's chance of winning the game from any score, with a given team dealing the next hand.

    Past ``MAX_VALUES`` the scores are kept in steps of ``scale`` points (``grid_scale``): each team's distance
    to the target counts in whole steps, rounded up, and each hand's points are split between the nearest steps.
    """

    def __init__(self, teams: int, target: int, outcomes: Sequence[tuple[tuple[int, ...], float]]) -> None:
        self.teams = teams
        self.target = target
        widest = max((max(points) for points, _ in outcomes if any(points)), default=1)
        self.scale = grid_scale(teams, target, widest)
        outcomes = coarse_outcomes(outcomes, self.scale)
        target = -(-target // self.scale)  # the target in steps of the grid
        self._grid_target = target
        scoring = [(points, chance) for points, chance in outcomes if any(points)]
        nothing = sum(chance for points, chance in outcomes if not any(points))
        if self.scale == 1:
            scores = 1.0 - nothing
            nothing_powers = [nothing**step for step in range(teams)]
            cycle = 1.0 - nothing**teams
        else:
            # On a coarse grid a hand seldom moves a score by a whole step: the chance that it does is summed
            # directly, and nothing**k and 1 - nothing**teams are taken through logarithms, since 1 - nothing
            # would lose it.
            scores = sum(chance for _, chance in scoring)
            log_nothing = math.log1p(-scores) if scores < 1.0 else -math.inf
            nothing_powers = [math.exp(step * log_nothing) for step in range(teams)]
            cycle = -math.expm1(teams * log_nothing)
        reach = max((max(points) for points, _ in scoring), default=1)
        self._reach = reach
        size = target + reach
        shape = (teams, teams) + (size,) * teams  # [team whose chance, dealing team, score of each team...]
        values = np.zeros(shape, dtype=np.float64)
        # Finished games: the highest score at or above the target wins; a tie at the top shares.
        grid = np.indices((size,) * teams)
        top = grid.max(axis=0)
        finished = top >= target
        leaders = sum((grid[t] == top).astype(np.float64) for t in range(teams))
        for team in range(teams):
            share = np.where(finished & (grid[team] == top), 1.0 / leaders, 0.0)
            for dealer in range(teams):
                values[(team, dealer)] = share
        # Playing states, layer by layer from the highest total score down.  Reads and writes go through flat
        # indices into the array: one gather per outcome instead of a fancy index over every axis.
        playing = ~finished
        totals = grid.sum(axis=0)
        flat = values.reshape(-1)
        score_strides = [stride // values.itemsize for stride in values.strides[2:]]
        team_stride, dealer_stride = (stride // values.itemsize for stride in values.strides[:2])
        team_offsets = np.arange(teams) * team_stride
        moves: list[list[tuple[int, float]]] = []  # per dealing team: (flat offset of the outcome, chance)
        for dealer in range(teams):
            following = (dealer + 1) % teams
            row = []
            for points, chance in scoring:
                offset = sum(points[(t - dealer) % teams] * score_strides[t] for t in range(teams))
                row.append((following * dealer_stride + offset, chance))
            moves.append(row)
        stay = 1.0 / scores if nothing < 1.0 else 0.0
        # The playing states' flat offsets within one [team, dealer] slice, grouped by total score.
        states = np.flatnonzero(playing)
        state_totals = totals.reshape(-1)[states]
        order = np.argsort(-state_totals, kind="stable")
        states, state_totals = states[order], state_totals[order]
        boundaries = np.flatnonzero(np.diff(state_totals)) + 1
        for layer in np.split(states, boundaries):
            # A score grid's flat offset is its offset in the whole array at [team 0, dealer 0].
            cells = team_offsets[:, None] + layer[None, :]  # [team, state]
            # r[d]: the chances after a hand that scores, dealt by team d; a scoreless hand passes the deal on.
            after = np.zeros((teams, teams, layer.size))
            for dealer in range(teams):
                for offset, chance in moves[dealer]:
                    after[:, dealer] += chance * flat[cells + offset]
            if nothing:
                # W_d = r_d + n W_{d+1} round the cycle of dealers: W_d = sum_k n^k r_{d+k} / (1 - n^teams).
                solved = np.zeros_like(after)
                for dealer in range(teams):
                    for step in range(teams):
                        solved[:, dealer] += nothing_powers[step] * after[:, (dealer + step) % teams]
                solved /= cycle
                after = solved
            else:
                after *= stay
            for dealer in range(teams):
                flat[cells + dealer * dealer_stride] = after[:, dealer]
        self._values = values

    @property
    def nbytes(self) -> int:
        """The memory the table's values take."""
        return int(self._values.nbytes)

    def chances(self, scores: Sequence[int], dealer_team: int) -> tuple[float, ...]:
        """Each team's chance of winning from ``scores`` when team ``dealer_team`` deals the next hand."""
        teams = self.teams
        if len(scores) != teams:
            raise ValueError(f"{len(scores)} scores given to a table of {teams} teams")
        limit = self._grid_target + self._reach - 1
        scale = self.scale
        # A score's place on the grid keeps its distance to the target, in whole steps rounded up.
        index = tuple(min(max(0, self._grid_target - -(-(self.target - int(score)) // scale)), limit) for score in scores)
        if max(scores) >= self.target:  # finished (or beyond the table): read the finishing rule directly
            top = max(scores)
            leaders = [t for t in range(teams) if scores[t] == top]
            return tuple(1.0 / len(leaders) if t in leaders else 0.0 for t in range(teams))
        return tuple(float(self._values[(team, dealer_team % teams, *index)]) for team in range(teams))

    def chance(self, scores: Sequence[int], dealer_team: int, team: int) -> float:
        """``team``'s chance of winning from ``scores`` when team ``dealer_team`` deals the next hand."""
        return self.chances(scores, dealer_team)[team]

    def point_value(self, scores: Sequence[int], dealer_team: int, team: int) -> float:
        """What one more point for ``team`` (against one for each other team) is worth in chance of winning.

        The slope that converts points into chances near ``scores``: the bots use it to price small margins
        (such as their prior for the rule player's choice) in the same unit as the table.
        """
        teams = self.teams
        step = self.scale  # one step of the grid (a point, where the table is exact), priced per point
        mine = list(scores)
        mine[team] += step
        gain = self.chance(mine, dealer_team, team) - self.chance(scores, dealer_team, team)
        loss = 0.0
        for other in range(teams):
            if other == team:
                continue
            theirs = list(scores)
            theirs[other] += step
            loss += self.chance(scores, dealer_team, team) - self.chance(theirs, dealer_team, team)
        return max(1e-6, (gain + loss / max(1, teams - 1)) / 2 / step)


# Tables kept for reuse, most recently used last, within this many bytes in all: a process that meets many
# large targets rebuilds some rather than holding them all.
CACHE_BYTES = 256 * 2**20
_TABLES: OrderedDict[tuple[str, int, int | None], WinTable] = OrderedDict()


def win_table(variant: str, target: int, teams: int | None = None) -> WinTable:
    """The table of a variant and target, from the variant's shipped self-play outcomes (cached within
    ``CACHE_BYTES``, the least recently used dropped first)."""
    key = (variant, target, teams)
    table = _TABLES.get(key)
    if table is not None:
        _TABLES.move_to_end(key)
        return table
    outcomes = hand_outcomes(variant)
    team_count = teams if teams is not None else len(outcomes[0][0])
    table = WinTable(team_count, target, outcomes)
    _TABLES[key] = table
    while len(_TABLES) > 1 and sum(kept.nbytes for kept in _TABLES.values()) > CACHE_BYTES:
        _TABLES.popitem(last=False)
    return table


def table_for(rules: Rules) -> WinTable | None:
    """The table of a game's rules (its variant and target), or None when no self-play data covers the variant."""
    if not has_outcomes(rules.variant):
        return None
    return win_table(rules.variant, rules.target, rules.teams)


__all__ = ["WinTable", "hand_outcomes", "has_outcomes", "table_for", "win_table"]
