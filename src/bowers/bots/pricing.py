"""How a hand's points count for one team at the current score: in chance of winning the game, or in points.

``pimc`` prices every result of a hand it compares with a ``GameScore``: the
team's chance of winning the game from the score the result leads to, read
from the variant's win-probability table, so that near the end of a game the
choice that wins most games is played rather than the one with most points.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bowers.bots.win_probability import WinTable, hand_outcomes, has_outcomes, table_for
from bowers.variants import Rules, game_winner


class GameScore:
    """How a hand's points count for one team at the current score.

    With ``model="win-probability"`` (the default) a hand is worth the team's chance of winning the game
    from the score it leads to, read from the variant's table (``win_probability``); with ``"points"``
    (the earlier model, kept for comparison) it is worth its net points, plus ``weight`` points when it
    wins the game and minus as many when it loses it.  A variant no table covers falls back to points.
    """

    def __init__(self, rules: Rules, scores: Sequence[int], dealer: int, team: int, model: str, weight: float) -> None:
        self.rules = rules
        self.scores = list(scores)
        self.team = team
        self.weight = weight
        teams = rules.teams
        self.table: WinTable | None = table_for(rules) if model == "win-probability" else None
        dealer_team = dealer % rules.players % teams
        self.next_dealer_team = (dealer + 1) % rules.players % teams
        if self.table is not None:
            self.before: float | None = self.table.chance(self.scores, dealer_team, team)
            # A point's worth in chance of winning here, and the unit of the bot's prior: the same, but never
            # more than at the start of a game.  The heuristic whose choice the prior favours does not read the
            # score, so where a point decides more (9-9 in standard: half a game) its choice deserves no more.
            self.point_unit = self.table.point_value(self.scores, dealer_team, team)
            self.prior_unit = min(self.point_unit, self.table.point_value([0] * teams, dealer_team, team))
        else:
            self.before = None
            self.point_unit = self.prior_unit = 1.0

    def after_net(self, net: float) -> float:
        """With two teams, the hand's worth to the team when its net points are ``net`` (only one team scores)."""
        points = [0, 0]
        points[self.team if net > 0 else 1 - self.team] = round(abs(net))
        return self.utility(points, net)[0]

    def utility(self, points: Sequence[int], net: float) -> tuple[float, bool, float | None]:
        """(the hand's worth to the team, whether it wins the game for the team, the team's chance of winning after it)."""
        after = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        winner = game_winner(after, self.rules.target)
        decided = winner is not None
        won = winner == self.team
        if self.table is not None:
            chance = self.table.chance(after, self.next_dealer_team, self.team)
            return chance, won, chance
        utility = net
        if decided:
            utility += self.weight if won else -self.weight
        return utility, won, None


@lru_cache(maxsize=64)
def hand_points(variant: str) -> float | None:
    """The mean points a hand of ``variant`` scores in self-play (from the shipped outcomes), or None where the data
    does not cover it: the scale of the variant's points (1.4 in standard, 5.6 in Ultimate and Railroad)."""
    if not has_outcomes(variant):
        return None
    return sum(sum(points) * chance for points, chance in hand_outcomes(variant))


def points_scale(variant: str) -> float:
    """How many of ``variant``'s points a point of standard Euchre is worth, by the points a hand scores in each
    (1.0 where the data does not cover the variant): margins set in standard points are scaled by it."""
    own, standard = hand_points(variant), hand_points("standard")
    return own / standard if own and standard else 1.0


__all__ = ["GameScore", "hand_points", "points_scale"]
