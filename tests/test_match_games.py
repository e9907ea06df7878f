"""Whole games with the real score: duplicate games, games won with an interval, the command and its failures."""

from __future__ import annotations

import json

import pytest

import bowers
from bowers.bots import create
from bowers.errors import MatchFailure, OptionError
from bowers.match import Side, game_seed, play_games
from tests.test_match import CrashingBot, run


def test_the_cards_of_each_hand_depend_only_on_the_games_seed() -> None:
    # What makes duplicate games fair: the same seed deals the same hands however the bots play.
    seed = game_seed(5, 0)
    records = []
    for bot_name in ("random", "heuristic"):
        game = bowers.Game("standard", seed=seed)
        bots = [create(bot_name, seed=seat) for seat in range(4)]
        while game.hand_number < 4 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)), seat=seat)
        records.append(game.record()["deals"])
    common = min(len(records[0]), len(records[1]))
    assert common >= 2
    for first, second in zip(records[0][:common], records[1][:common], strict=True):
        assert (first["dealer"], first["hands"], first["kitty"]) == (second["dealer"], second["hands"], second["kitty"])


def test_whole_games_are_played_to_the_target_once_per_seating() -> None:
    result = play_games("standard", ["heuristic", "random"], games=3, seed=2, workers=1)
    assert result.games == 3 and result.played == 6 and result.duplicate
    rules = bowers.make_rules("standard")
    for outcome in result.outcomes:
        assert [played.seating for played in outcome.passes] == [[0, 1], [1, 0]]
        for played in outcome.passes:
            assert max(played.scores) >= rules.target and played.scores[played.winner] == max(played.scores)
            assert played.hands >= 3  # ten points take at least three hands of at most four
    assert sum(side.games_won for side in result.sides) == result.played
    assert result.sides[0].share.mean + result.sides[1].share.mean == pytest.approx(1.0)
    assert result.hands == sum(played.hands for outcome in result.outcomes for played in outcome.passes)


def test_the_interval_of_the_share_is_honest_when_one_side_wins_every_game() -> None:
    result = play_games("standard", ["heuristic", "random"], games=4, seed=1, workers=1)
    winner, loser = result.sides
    assert winner.games_won == 8 and winner.share.mean == 1.0
    assert winner.share.low is not None and 0.5 < winner.share.low < 0.8 and winner.share.high == 1.0
    assert winner.significant and loser.significant


def test_three_sides_each_hold_every_teams_seats() -> None:
    result = play_games("railroad-6", ["random", "random", "random"], games=1, seed=4, workers=1, options={"target": 20})
    assert result.played == 3
    assert sorted(tuple(played.seating) for played in result.outcomes[0].passes) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert sum(side.share.mean for side in result.sides) == pytest.approx(1.0)
    assert all(side.even_share == pytest.approx(1 / 3) for side in result.sides)


def test_the_result_does_not_depend_on_the_number_of_workers() -> None:
    alone = play_games("two-hand", ["heuristic", "random"], games=3, seed=9, workers=1)
    pooled = play_games("two-hand", ["heuristic", "random"], games=3, seed=9, workers=2)
    assert [o.passes for o in alone.outcomes] == [o.passes for o in pooled.outcomes]


def test_a_failing_bot_is_reported_by_game_and_hand() -> None:
    with pytest.raises(MatchFailure, match=r"two-hand, match seed 7, game 0, hand \d+: side B \(crashing\)") as caught:
        play_games("two-hand", ["random", Side("crashing", factory=CrashingBot)], games=2, seed=7, workers=1)
    failure = caught.value
    assert (failure.game, failure.deal) == (0, None) and failure.hand is not None and failure.hand >= 1


def test_a_bad_number_of_games_is_refused() -> None:
    with pytest.raises(OptionError, match="games must be a whole number"):
        play_games("standard", ["random", "random"], games=0)


def test_the_command_reports_games_won_with_an_interval() -> None:
    result = run("match", "--players", "heuristic,random", "--games", "2", "--workers", "1", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "2 duplicate games of standard to 10, seed 3" in result.output
    for label in ("games won", "share of games won", "95% interval", "net points per hand", "Elo A - B"):
        assert label in result.output
    as_json = run("match", "--players", "heuristic,random", "--games", "2", "--workers", "1", "--json")
    figures = json.loads(as_json.output)
    assert figures["games"] == 2 and figures["games_played"] == 4
    assert {"games_won", "share_won", "ci95", "significant", "net_points_per_hand"} <= set(figures["sides"][0])


def test_the_command_refuses_deals_and_games_together() -> None:
    result = run("match", "--players", "heuristic,random", "--games", "2", "--deals", "5")
    assert result.exit_code == 1
    assert "--deals and --games are two kinds of match" in result.output


def test_the_elo_interval_of_whole_games_is_the_share_interval_over_duplicate_sets() -> None:
    from bowers.match.statistics import elo_from_score

    result = play_games("two-hand", ["heuristic", "random"], games=4, seed=2, workers=1)
    elo, share = result.elo[0], result.sides[0].share
    assert elo.wins == result.sides[0].games_won
    assert share.low is not None and share.low > 0  # heuristic wins most games against random
    assert elo.low == elo_from_score(share.low)
    if share.high is not None and share.high < 1:
        assert elo.high == elo_from_score(share.high)


def test_chained_games_in_duplicate_count_each_pair_once_for_the_elo_interval() -> None:
    from bowers.match import elo_difference, play_match

    result = play_match("two-hand", ["heuristic", "random"], deals=200, seed=3, workers=1)
    elo = result.elo[0]
    naive = elo_difference(elo.wins, elo.losses)
    assert elo.difference == naive.difference
    assert elo.low is not None and naive.low is not None
    assert elo.low < naive.low  # wider in duplicate: the two tables share their cards


def test_a_match_of_deals_and_one_of_games_are_one_runner_with_two_units() -> None:
    from bowers.match import DEAL, GAME, deal_seed, plan_games, plan_match

    deals = plan_match("standard", ["random", "random"], deals=2, seed=8, workers=1)
    games = plan_games("standard", ["random", "random"], games=2, seed=8, workers=1)
    assert (deals.unit, games.unit) == (DEAL, GAME) and deals.rules == games.rules
    assert deal_seed(8, 1) != game_seed(8, 1)  # the two units deal from streams of their own
    whole = games.play()
    assert all(played.hands == len(played.facts) for outcome in whole.outcomes for played in outcome.passes)


def test_both_units_give_the_figures_they_gave_when_each_had_a_runner_of_its_own() -> None:
    # Pinned from the two runners the one runner replaced: the same seeds, cards, bots and sums, with the
    # heuristic as first released (version 1), whose games these figures were pinned on.
    from bowers.match import play_match

    settings = [{"version": 1}, None]
    deals = play_match("railroad", ["heuristic", "random"], deals=6, seed=11, workers=1, settings=settings).to_dict()
    assert [side["net_points_per_deal"] for side in deals["sides"]] == [10.75, -10.75] and deals["games"] == 1
    points = [[played["points"] for played in deal["passes"]] for deal in deals["per_deal"]]
    assert points == [
        [{"A": 28, "B": 0}, {"A": 0, "B": 4}],
        [{"A": 28, "B": 0}, {"A": 4, "B": 0}],
        [{"A": 12, "B": 0}, {"A": 0, "B": 5}],
        [{"A": 28, "B": 0}, {"A": 0, "B": 4}],
        [{"A": 28, "B": 0}, {"A": 6, "B": 0}],
        [{"A": 4, "B": 0}, {"A": 4, "B": 0}],
    ]
    assert [side["rates"]["makers_made"]["count"] for side in deals["sides"]] == [3, 2]
    games = play_games("two-hand", ["heuristic", "random"], games=2, seed=11, workers=1, settings=settings).to_dict()
    assert [side["share_won"] for side in games["sides"]] == [1.0, 0.0]
    assert [side["net_points_per_hand"] for side in games["sides"]] == pytest.approx([0.971153846153846, -0.971153846153846])
    played = [[(p["winner"], p["scores"], p["hands"]) for p in game["passes"]] for game in games["per_game"]]
    assert played == [
        [("A", {"A": 11, "B": 0}, 6), ("A", {"A": 10, "B": 2}, 8)],
        [("A", {"A": 11, "B": 6}, 13), ("A", {"A": 10, "B": 4}, 9)],
    ]
