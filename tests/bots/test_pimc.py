"""The pimc bot's models: three teams, and the bounds on a decision's work."""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

import bowers
from bowers.bots import create
from bowers.bots.evaluator import Evaluator
from bowers.bots.heuristic import HeuristicBot
from bowers.bots.outcomes import settle
from bowers.bots.pimc import PimcBot
from bowers.bots.pimc_config import DEFAULT_TIME_BUDGET, PimcConfig
from bowers.bots.pricing import GameScore
from bowers.solver import Position, value


def _first_lead(variant: str, seed: int) -> bowers.Game:
    """A game of ``variant`` bid by the heuristic bot up to its first lead."""
    game = bowers.Game(variant, seed=seed)
    bot = create("heuristic", seed=0)
    while game.hand.phase_name != "play" and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(game.observation(seat)), seat=seat)
    return game


def test_three_team_makers_are_solved_against_both_other_teams() -> None:
    # In railroad-6 both defending teams score only when the makers fail, so the makers' tricks are those they
    # take with both other teams against them: never more than the leading team's solve would leave them.
    evaluator = Evaluator(HeuristicBot(seed=0), exact_tricks=7, use_solver=True)
    fewer = 0
    for seed in range(30):
        game = _first_lead("railroad-6", seed)
        if game.is_over or game.hand.phase_name != "play":
            continue
        maker_team = game.hand.maker % 3
        leader_team = game.rules.team_of(game.to_act)  # type: ignore[arg-type]
        makers = evaluator.value(game, maker_team)
        assert makers == value(Position.from_game(game, maker_team))
        if leader_team == maker_team:
            continue
        left_by_leader = game.rules.hand_size - evaluator.value(game, leader_team)
        assert makers <= left_by_leader
        fewer += makers < left_by_leader
    assert fewer > 0  # counting the leader's opponents as the makers would have credited them tricks they lack


def _points_for(game: bowers.Game, team: int) -> GameScore:
    """The points model of the game's score for ``team`` (no bonus for winning the game)."""
    return GameScore(game.rules, game.scores, game.hand.dealer, team, "points", 0.0)


def test_three_team_points_are_net_of_the_mean_of_the_other_two_teams() -> None:
    game = next(g for g in (_first_lead("railroad-6", seed) for seed in range(20)) if not g.hand.alone and not g.hand.jamboree)
    hand = game.hand
    assert game.scores == [0, 0, 0]
    maker_team = hand.maker % 3
    defenders = [team for team in range(3) if team != maker_team]
    # Made with 4 of 5 tricks: 1 point a trick to the makers, nothing to the others.
    net = settle(game, hand, {maker_team: 4}, 5, _points_for(game, maker_team)).net
    assert net == 4.0
    assert settle(game, hand, {maker_team: 4}, 5, _points_for(game, defenders[0])).net == -2.0
    # Set with 2: the defenders score their 3 tricks between them, however they split them.
    assert settle(game, hand, {maker_team: 2}, 5, _points_for(game, maker_team)).net == -1.5
    # A defender that took 2 of those 3: 2 - (0 + 1) / 2.
    outcome = settle(game, hand, {maker_team: 2, defenders[1]: 2}, 5, _points_for(game, defenders[1]))
    assert outcome.net == 1.5 and outcome.tricks == 2 and outcome.euchred_them


@pytest.mark.parametrize("variant", ["railroad-6"])
def test_three_team_play_values_every_legal_card(variant: str) -> None:
    game = _first_lead(variant, 3)
    seat = game.to_act
    assert seat is not None
    advice = PimcBot(seed=1, time_budget=0, samples=3).advise(game.observation(seat))
    legal = [a for a in game.legal_actions() if a != "claim-renege"]
    assert sorted(choice.action for choice in advice) == sorted(legal)


class _SteppingClock:
    """A clock that advances one second each time it is read: the budget's checks are counted, not timed."""

    def __init__(self) -> None:
        self.now = -1.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _late_play_position() -> tuple[bowers.Game, int]:
    """A standard-Euchre position in play with a choice of cards (the heuristic's rules alone play up to it)."""
    game = bowers.Game("standard", seed=4)
    bot = create("heuristic", seed=0, endgame_worlds=0)
    while True:
        seat = game.to_act
        assert seat is not None
        if game.hand.phase_name == "play" and game.hand.tricks_played >= 1 and len(game.legal_actions()) > 1:
            return game, seat
        game.apply(bot.act(game.observation(seat)), seat=seat)


def _bidding_position() -> tuple[bowers.Game, int]:
    """A standard-Euchre bidding decision (scored on solved worlds with ``bidding="worlds"``)."""
    game = bowers.Game("standard", seed=4)
    seat = game.to_act
    assert seat is not None and game.hand.phase_name != "play"
    return game, seat


def test_the_budget_is_checked_between_worlds_of_play() -> None:
    game, seat = _late_play_position()
    bot = PimcBot(seed=1, samples=10, time_budget=2.5)
    bot._clock = _SteppingClock()
    bot.act(game.observation(seat))
    # Read at the start (0 s), then before the 2nd, 3rd and 4th worlds (1, 2, 3 s): the 4th is not started.
    assert bot.worlds_scored == 3
    unbounded = PimcBot(seed=1, samples=10, time_budget=0)
    unbounded._clock = _SteppingClock()
    unbounded.act(game.observation(seat))
    assert unbounded.worlds_scored == 10


def test_a_budget_spent_within_the_first_world_keeps_the_heuristics_choice() -> None:
    game, seat = _bidding_position()
    observation = game.observation(seat)
    favourite = create("heuristic", seed=0).act(observation)
    bot = PimcBot(seed=1, samples=10, time_budget=0.5, bidding="worlds")
    bot._clock = _SteppingClock()
    advice = bot.advise(observation)
    assert [choice.action for choice in advice] == [favourite]  # only the favourite was scored before time ran out
    assert bot.act(observation) == favourite


def test_before_play_every_choice_is_compared_on_the_same_worlds() -> None:
    game, seat = _bidding_position()
    bot = PimcBot(seed=1, samples=10, time_budget=3.5, bidding="worlds")
    bot._clock = _SteppingClock()
    advice = bot.advise(game.observation(seat))
    # Reads: start 0; world 1's second choice 1; world 2 at 2 and its second choice at 3; world 3 at 4: stop.
    assert bot.worlds_scored == 2
    assert len(advice) == len(game.legal_actions())


def test_the_default_budget_is_documented_and_can_be_turned_off() -> None:
    assert PimcBot().time_budget == DEFAULT_TIME_BUDGET
    assert PimcBot(time_budget=0).time_budget is None
    assert PimcBot(time_budget=None).time_budget is None


def test_each_level_scores_its_worlds_and_level_two_is_the_earlier_default() -> None:
    game, seat = _late_play_position()
    observation = game.observation(seat)
    scored = []
    for level in range(1, 4):  # version 1 draws no more worlds for a tie (level 1's four worlds tie two cards here)
        bot = PimcBot(seed=1, level=level, time_budget=0, version=1)
        bot.act(observation)
        scored.append(bot.worlds_scored)
    assert scored == [4, 20, 80]
    assert [PimcBot(level=level).samples for level in (4, 5)] == [160, 320]
    assert PimcBot(level=2).samples == 20 and PimcBot().samples == 80  # the earlier default, and level 3's
    sampled = PimcBot(seed=1, level=5, samples=6, time_budget=0, version=1)
    sampled.act(observation)
    assert sampled.worlds_scored == 6  # samples overrides the level


def test_the_settings_are_a_frozen_value_and_settings_given_as_text_still_work() -> None:
    from bowers.cli.match import parse_settings

    config = PimcConfig.from_settings({"level": 4, "time_budget": 0})
    assert config == PimcConfig(level=4, time_budget=0) and config.worlds == 160 and config.budget is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.level = 5  # type: ignore[misc]
    # ``--players pimc --setting level=4 --setting evaluator=rollout`` on the command line.
    [settings] = parse_settings(["level=4", "time_budget=0.5", "evaluator=rollout", "bidding=worlds"], ["pimc"])
    bot = create("pimc", seed=0, **settings)
    assert isinstance(bot, PimcBot)
    assert (bot.samples, bot.time_budget, bot.config.evaluator, bot.config.bidding) == (160, 0.5, "rollout", "worlds")


def test_an_unknown_or_retired_setting_is_refused_with_the_settings_there_are() -> None:
    for retired in ("prior", "prior_unit", "candidates", "bidding_tries", "bid_reading", "game_weight"):
        with pytest.raises(bowers.OptionError, match=f"no setting '{retired}'") as raised:
            PimcBot(**{retired: 1})
        assert raised.value.allowed == tuple(sorted(field.name for field in dataclasses.fields(PimcConfig)))
        assert "level" in str(raised.value) and "time_budget" in str(raised.value)


def test_every_setting_says_what_it_is() -> None:
    source = inspect.getsource(PimcConfig)
    for field in dataclasses.fields(PimcConfig):
        assert re.search(rf"\n    {field.name}: [^\n]+\n    \"\"\"\S", source), field.name  # a docstring under each field


def test_every_trick_is_solved_exactly_from_version_two_and_version_one_plays_out_the_first_tricks() -> None:
    assert PimcConfig().exact is None and PimcBot()._evaluator.exact_limit(11) == 11
    assert PimcConfig(version=1).exact == 7 and PimcBot(version=1)._evaluator.exact_limit(11) == 7
    assert PimcConfig(exact_tricks=5).exact == PimcConfig(exact_tricks=5, version=1).exact == 5
    assert PimcBot()._evaluator.captures and not PimcBot(version=1)._evaluator.captures


def test_a_tally_is_dominated_only_by_one_never_worse_on_the_same_worlds() -> None:
    from bowers.bots.outcomes import Tally

    def tally(*worths: float) -> Tally:
        counted = Tally()
        for worth in worths:
            counted.utilities.append(worth)
            counted.count += 1
        return counted

    assert tally(1.0, 0.5, 0.0).dominated_by(tally(1.0, 0.75, 0.0))
    assert not tally(1.0, 0.5, 0.0).dominated_by(tally(1.0, 0.5, 0.0))  # equal everywhere: no better world
    assert not tally(1.0, 0.5, 0.0).dominated_by(tally(0.75, 2.0, 0.0))  # worse in one world
    assert not tally(1.0, 0.5).dominated_by(tally(1.0, 0.75, 0.0))  # not the same worlds
