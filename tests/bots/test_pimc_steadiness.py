"""Steady choices before play: ``pimc`` draws more worlds while its two best choices are within the noise."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from bowers.bots.pimc import STEADY_FACTOR, PimcBot, near_tie
from bowers.bots.pricing import points_scale
from bowers.bots.view import View


def test_a_near_tie_is_a_paired_difference_within_two_standard_errors() -> None:
    assert not near_tie({"order": [1.0, 2.0, 3.0], "pass": [1.0, 2.0, 3.0]}, {})  # the same in every world: no noise
    assert not near_tie({"order": [2.0, 3.0, 4.1, 5.0], "pass": [1.0, 2.0, 3.0, 4.0]}, {})  # a steady lead
    assert near_tie({"order": [3.0, 0.0, 3.0, 0.0], "pass": [0.0, 2.0, 0.0, 2.0]}, {})  # a lead within the noise
    # The credit of the heuristic's favourite counts: it can close a steady lead.
    assert near_tie({"order": [2.0, 3.0, 4.1, 5.0], "pass": [1.0, 2.0, 3.0, 4.0]}, {"pass": 1.0})
    # Only choices scored on every world are compared (a budget may stop within the first world).
    assert not near_tie({"order": [3.0, 0.0, 3.0], "pass": [0.0, 2.0], "alone": [1.0]}, {})


def _railroad_decision(game_seed: int, step: int) -> tuple[bowers.Game, int]:
    """Railroad's decision after ``step`` actions of the heuristic's self-play from ``game_seed``."""
    game = bowers.Game("railroad", seed=game_seed)
    bot = create("heuristic", seed=0)
    for _ in range(step):
        game.apply(bot.act(game.observation(game.to_act)))  # type: ignore[arg-type]
    seat = game.to_act
    assert seat is not None
    return game, seat


def _marginal_order() -> tuple[bowers.Game, int]:
    """The third seat's order or pass in game seed 700003 (7S 8H AD JH JS QS TD)."""
    return _railroad_decision(700003, 2)


# Railroad decisions before play which version 1 answered both ways over the ten seeds 1000 to 1009, and whose best
# choice over 1,000 worlds leads the other by at least half a point (benchmarks/steadiness.py finds such decisions):
# (game seed, step, hand, the best choice, seeds of which version 1 answered the other way on the first listed).
STEADY = [
    pytest.param(700000, 1, "7H 7S 8C AS QD TH TS", "pass", range(1000, 1004), id="no-order-by-half-a-point"),
    pytest.param(700003, 2, "7S 8H AD JH JS QS TD", "order", range(1001, 1005), id="order-by-0.85-points"),
    pytest.param(900047, 5, "7C 7S 8C 8S JD JS KH", "pass", range(1000, 1004), id="no-lone-defence-with-junk"),
    pytest.param(900041, 2, "9C 9D AH JK KC KH QC", "alone", range(1006, 1010), id="alone-by-1.1-points"),
    pytest.param(900021, 2, "7C 8H AS JD KD KS QS", "partner", range(1007, 1011), id="partner-by-1.6-points"),
]


@pytest.mark.parametrize(("game_seed", "step", "hand", "best", "seeds"), STEADY)
def test_a_close_choice_before_play_gets_one_answer_over_seeds(
    game_seed: int, step: int, hand: str, best: str, seeds: range
) -> None:
    game, seat = _railroad_decision(game_seed, step)
    observation = game.observation(seat)
    assert sorted(observation["hand"]) == hand.split()
    assert {PimcBot(seed=seed, time_budget=0).act(observation) for seed in seeds} == {best}
    assert PimcBot(seed=seeds[0], time_budget=0, version=1).act(observation) != best


def test_a_near_tie_before_play_draws_more_worlds_from_version_two() -> None:
    game, seat = _marginal_order()
    observation = game.observation(seat)
    unit = PimcBot().game_score(View(observation)).prior_unit
    drawn = set()
    for seed in range(4):
        bot = PimcBot(seed=seed, samples=20, time_budget=0)
        credit = bot._compare(observation)[3]
        drawn.add(bot.worlds_scored)
        # The favourite's credit is worth the planned worlds' evidence: less where more were drawn.
        assert credit == pytest.approx(bot.prior_points("railroad") * unit * 20 / bot.worlds_scored)
        baseline = PimcBot(seed=seed, samples=20, time_budget=0, version=1)
        baseline.act(observation)
        assert baseline.worlds_scored == 20
    # Up to four times the worlds, times the variant's points in standard points (Railroad's hands score about 4).
    most = round(20 * STEADY_FACTOR * points_scale("railroad"))
    assert drawn <= {20, 40, 80, 160, 320, most} and max(drawn) > 20 * STEADY_FACTOR


def test_the_heuristics_credit_is_in_the_variants_points() -> None:
    assert points_scale("standard") == 1.0
    assert 3.5 < points_scale("ultimate") < 4.5 and 3.5 < points_scale("railroad") < 4.5  # about 5.6 points a hand
    assert PimcBot().prior_points("ultimate") == 0.1 * points_scale("ultimate")
    assert PimcBot(version=1).prior_points("ultimate") == PimcBot().prior_points("standard") == 0.1


class _SteppingClock:
    """A clock that advances ``step`` seconds each time it is read."""

    def __init__(self, step: float = 1.0) -> None:
        self.step = step
        self.now = -step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_more_worlds_are_drawn_only_as_many_as_end_within_the_budget() -> None:
    game, seat = _marginal_order()
    observation = game.observation(seat)
    unbounded, bounded = [], []
    for seed in range(4):
        bot = PimcBot(seed=seed, samples=20, time_budget=0)
        bot.act(observation)
        unbounded.append(bot.worlds_scored)
        # About two clock reads a world: 20 worlds take some 40 "seconds", and 40 would take 80, past the budget
        # of 60, so only the 10 more that fit are drawn (a Railroad near tie may spend the whole budget).
        slow = PimcBot(seed=seed, samples=20, time_budget=60)
        slow._clock = _SteppingClock()
        slow.act(observation)
        bounded.append(slow.worlds_scored)
    assert max(unbounded) > 20
    assert all(20 < drawn <= 30 if more > 20 else drawn == 20 for drawn, more in zip(bounded, unbounded, strict=True))


def test_a_standard_near_tie_spends_at_most_two_fifths_of_the_budget() -> None:
    game = bowers.Game("standard", seed=700003)
    bot = create("heuristic", seed=0)
    for _ in range(2):
        game.apply(bot.act(game.observation(game.to_act)))  # type: ignore[arg-type]
    observation = game.observation(game.to_act)  # type: ignore[arg-type]
    drawn = []
    for seed in range(2):
        slow = PimcBot(seed=seed, samples=20, time_budget=150)
        slow._clock = _SteppingClock()
        slow.act(observation)
        drawn.append(slow.worlds_scored)
        assert slow._clock.now <= 60 + 4  # two fifths of the budget, and the reads of the last world
    assert max(drawn) > 20  # a near tie drew more worlds, as many as fit in two fifths of the budget


def test_an_ultimate_order_that_leads_by_one_and_a_half_points_is_picked_over_seeds() -> None:
    # Ultimate's order or pass in game seed 100002 after five actions: ordering leads by 1.4 points over 500 worlds
    # (benchmarks/steadiness.py).  At a pace of some 20 ms a world, 40 worlds take 0.8 s of the 2 s budget: twice
    # as many would have ended past half of it (a near tie's share then), so none were drawn and the pick went the
    # other way on four of these eight seeds (1002, 1003, 1006, 1007); a near tie in Ultimate spends the whole budget.
    game = bowers.Game("ultimate", seed=100002)
    bot = create("heuristic", seed=0)
    for _ in range(5):
        game.apply(bot.act(game.observation(game.to_act)))  # type: ignore[arg-type]
    observation = game.observation(game.to_act)  # type: ignore[arg-type]
    assert sorted(observation["hand"]) == ["4D", "4S", "7C", "7H", "7S", "8D", "9C", "AD", "AH", "JD", "TH"]
    picks = []
    for seed in range(1000, 1008):
        pimc = PimcBot(seed=seed)
        pimc._clock = _SteppingClock(0.01)  # two reads a world: 20 ms a world
        picks.append(pimc.act(observation))
        assert pimc.worlds_scored > 80
    assert picks.count("order") >= 7
