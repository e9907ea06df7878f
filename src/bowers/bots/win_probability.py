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
highest total score down, with numpy (a few milliseconds for two teams, under
a second for Railroad for six at 64 points).  Tables are cached per variant
and target.

>>> table = win_table("standard", 10)
>>> round(sum(table.chances([9, 9], 0)), 6)
1.0
>>> table.chances([9, 0], 0)[0] > 0.9 > table.chances([0, 9], 0)[0]
True
"""

from __future__ import annotations

import json
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


class WinTable:
    """Each team's chance of winning the game from any score, with a given team dealing the next hand."""

    def __init__(self, teams: int, target: int, outcomes: Sequence[tuple[tuple[int, ...], float]]) -> None:
        self.teams = teams
        self.target = target
        scoring = [(points, chance) for points, chance in outcomes if any(points)]
        nothing = sum(chance for points, chance in outcomes if not any(points))
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
        stay = 1.0 / (1.0 - nothing) if nothing < 1.0 else 0.0
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
                        solved[:, dealer] += nothing**step * after[:, (dealer + step) % teams]
                solved /= 1.0 - nothing**teams
                after = solved
            else:
                after *= stay
            for dealer in range(teams):
                flat[cells + dealer * dealer_stride] = after[:, dealer]
        self._values = values

    def chances(self, scores: Sequence[int], dealer_team: int) -> tuple[float, ...]:
        """Each team's chance of winning from ``scores`` when team ``dealer_team`` deals the next hand."""
        teams = self.teams
        if len(scores) != teams:
            raise ValueError(f"{len(scores)} scores given to a table of {teams} teams")
        limit = self.target + self._reach - 1
        index = tuple(min(max(0, int(score)), limit) for score in scores)
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
        mine = list(scores)
        mine[team] += 1
        gain = self.chance(mine, dealer_team, team) - self.chance(scores, dealer_team, team)
        loss = 0.0
        for other in range(teams):
            if other == team:
                continue
            theirs = list(scores)
            theirs[other] += 1
            loss += self.chance(scores, dealer_team, team) - self.chance(theirs, dealer_team, team)
        return max(1e-6, (gain + loss / max(1, teams - 1)) / 2)


@lru_cache(maxsize=32)
def win_table(variant: str, target: int, teams: int | None = None) -> WinTable:
    """The table of a variant and target, from the variant's shipped self-play outcomes (cached)."""
    outcomes = hand_outcomes(variant)
    team_count = teams if teams is not None else len(outcomes[0][0])
    return WinTable(team_count, target, outcomes)


def table_for(rules: Rules) -> WinTable | None:
    """The table of a game's rules (its variant and target), or None when no self-play data covers the variant."""
    if not has_outcomes(rules.variant):
        return None
    return win_table(rules.variant, rules.target, rules.teams)


__all__ = ["WinTable", "hand_outcomes", "has_outcomes", "table_for", "win_table"]
