"""Rewards for learners: the one definition the PettingZoo, Gymnasium and OpenSpiel interfaces share.

A reward mode turns the points a hand paid each team (or the winner of a whole game) into one value per seat, the
seat's team's value.  ``net`` is the default and is zero-sum, as OpenSpiel's euchre is: a team's points minus the
mean of the other teams' points (with two teams, minus the opponents' points), so the values of all the teams add up
to zero.  ``points`` is the team's own points (general-sum: being euchred pays what passing pays).  ``win`` is for
whole games only: +1 to the winning team, and -1 shared among the others (-1 each with two teams, -1/2 with three),
paid when the game ends, so it is zero-sum too.
"""

from __future__ import annotations

from collections.abc import Sequence

from bowers.errors import OptionError

REWARD_MODES = ("net", "points", "win")
"""The reward modes, default first."""

ZERO_SUM_MODES = frozenset({"net", "win"})
"""The modes whose values add up to zero over the teams."""


def check_reward(mode: object, whole_game: bool) -> str:
    """The reward mode named by ``mode``; an unknown name, or ``win`` for one-hand episodes, raises OptionError."""
    if mode not in REWARD_MODES:
        raise OptionError(f"unknown reward {mode!r}: the rewards are {', '.join(REWARD_MODES)}", "reward", REWARD_MODES)
    if mode == "win" and not whole_game:
        raise OptionError("reward 'win' needs whole games (whole_game=True): a single hand has no winner", "reward", REWARD_MODES)
    return str(mode)


def team_values(mode: str, team_points: Sequence[float]) -> list[float]:
    """Each team's reward for a hand that paid ``team_points`` (zero for every team in the ``win`` mode)."""
    if mode == "points":
        return [float(points) for points in team_points]
    if mode == "win":
        return [0.0] * len(team_points)
    others = len(team_points) - 1
    total = float(sum(team_points))
    return [points - (total - points) / others for points in team_points]


def winner_values(mode: str, teams: int, winner: int) -> list[float]:
    """Each team's reward when team ``winner`` wins the game: ``win`` pays it here, the other modes pay nothing more."""
    if mode != "win":
        return [0.0] * teams
    return [1.0 if team == winner else -1.0 / (teams - 1) for team in range(teams)]


def seat_values(values: Sequence[float], players: int) -> list[float]:
    """Spread per-team values over the seats (a seat's team is its number modulo the number of teams)."""
    teams = len(values)
    return [values[seat % teams] for seat in range(players)]
