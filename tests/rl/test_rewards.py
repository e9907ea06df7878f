"""The reward modes shared by the research interfaces."""

from __future__ import annotations

import pytest

from bowers.errors import OptionError
from bowers.rewards import check_reward, seat_values, team_values, winner_values


def test_net_is_points_minus_the_opponents_and_sums_to_zero() -> None:
    assert team_values("net", [2, 0]) == [2.0, -2.0]
    assert team_values("net", [0, 4]) == [-4.0, 4.0]
    three = team_values("net", [0, 28, 28])
    assert three == [-28.0, 14.0, 14.0]
    assert sum(three) == 0.0


def test_points_is_the_teams_own_points() -> None:
    assert team_values("points", [0, 2]) == [0.0, 2.0]


def test_win_pays_only_at_the_end_and_sums_to_zero() -> None:
    assert team_values("win", [4, 0]) == [0.0, 0.0]
    assert winner_values("win", 2, 1) == [-1.0, 1.0]
    assert winner_values("win", 3, 0) == [1.0, -0.5, -0.5]
    assert winner_values("net", 2, 0) == [0.0, 0.0]


def test_seats_take_their_teams_value() -> None:
    assert seat_values([1.0, -1.0], 4) == [1.0, -1.0, 1.0, -1.0]
    assert seat_values([1.0, 2.0, 3.0], 6) == [1.0, 2.0, 3.0, 1.0, 2.0, 3.0]


def test_bad_modes_are_refused_in_words() -> None:
    assert check_reward("net", False) == "net"
    with pytest.raises(OptionError, match="the rewards are net, points, win"):
        check_reward("score", True)
    with pytest.raises(OptionError, match="needs whole games"):
        check_reward("win", False)
