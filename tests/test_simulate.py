"""Random play: simulation that is reproducible, JSON-able and counts each variant's events, and the random player."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bowers.errors import OptionError
from bowers.facts import contract_levels
from bowers.game import Game
from bowers.players import RandomPlayer
from bowers.simulate import game_seeds, play_random_game, simulate
from bowers.variants import make_rules, variants

TIMING = ("seconds", "games_per_second", "hands_per_second")
COMMON_KEYS = {
    "variant",
    "options",
    "seed",
    "games",
    "hands",
    "seconds",
    "games_per_second",
    "hands_per_second",
    "engine",
    "actions",
    "hands_per_game",
    "maker_success_rate",
    "average_points_per_hand",
    "wins",
    "misdeals",
}
EVENT_KEYS = {
    "standard": {"loners"},
    "two-hand": set(),
    "british": {"loners"},
    "railroad": {"loners", "lone_defences", "jambones", "jamborees"},
    "railroad-6": {"loners", "jambones", "jamborees"},
    "ultimate": {"twos_threes"},
    "bid": {"contracts"},
    "bid-railroad": {"contracts", "loners", "lone_defences", "jambones", "jamborees"},
}


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING}


def test_every_variant_is_listed_here() -> None:
    assert set(EVENT_KEYS) == set(variants())


@pytest.mark.parametrize("name", variants())
def test_summary_is_json_and_consistent(name: str) -> None:
    summary = simulate(name, 6, seed=3)
    assert json.loads(json.dumps(summary)) == summary
    assert set(summary) == COMMON_KEYS | EVENT_KEYS[name]
    rules = make_rules(name)
    assert summary["variant"] == name
    assert summary["games"] == 6
    assert sum(summary["wins"]) == 6
    assert len(summary["wins"]) == rules.teams
    assert summary["hands"] >= 6
    assert summary["hands_per_game"] == pytest.approx(summary["hands"] / 6)
    assert summary["actions"] > summary["hands"]
    assert summary["seconds"] > 0
    assert summary["hands_per_second"] == pytest.approx(summary["hands"] / summary["seconds"])
    assert summary["engine"] in ("compiled", "pure")
    assert 0 <= summary["maker_success_rate"] <= 1
    assert summary["average_points_per_hand"] > 0


@pytest.mark.parametrize("name", variants())
def test_same_seed_same_games(name: str) -> None:
    assert _untimed(simulate(name, 3, seed=11)) == _untimed(simulate(name, 3, seed=11))


def test_game_i_does_not_depend_on_the_number_of_games() -> None:
    one = simulate("standard", 1, seed=5)
    game, actions = play_random_game("standard", *game_seeds(5, 0), {})
    assert one["actions"] == actions
    assert one["hands"] == len(game.results)
    assert one["wins"][game.winner] == 1


def test_different_seeds_give_different_games() -> None:
    assert _untimed(simulate("standard", 5, seed=1)) != _untimed(simulate("standard", 5, seed=2))


def test_progress_reports_games_finished() -> None:
    seen: list[int] = []
    simulate("two-hand", 4, seed=0, progress=seen.append)
    assert seen == [1, 2, 3, 4]


def test_options_are_validated_and_accept_strings() -> None:
    summary = simulate("standard", 5, seed=2, options={"stick_the_dealer": "true", "deck": "32", "initial_scores": "0,7"})
    assert summary["misdeals"] == 0
    assert summary["options"]["deck"] == 32
    assert summary["options"]["initial_scores"] == [0, 7]
    with pytest.raises(OptionError):
        simulate("standard", 1, seed=0, options={"deck": "33"})
    with pytest.raises(OptionError):
        simulate("standard", 1, seed=0, options={"jambone": "true"})
    with pytest.raises(OptionError):
        simulate("canasta", 1, seed=0)
    with pytest.raises(ValueError):
        simulate("standard", 0, seed=0)


def test_target_shortens_games() -> None:
    assert simulate("railroad", 10, seed=4, options={"target": "1"})["hands_per_game"] == 1


def test_counts_match_the_results() -> None:
    """Recount the events of a railroad run by hand from the games' results."""
    games = [play_random_game("railroad", *game_seeds(9, i), {})[0] for i in range(8)]
    results = [r for game in games for r in game.results]
    summary = simulate("railroad", 8, seed=9)
    assert summary["hands"] == len(results)
    assert summary["misdeals"] == sum(r["misdeal"] for r in results)
    played = [r for r in results if not r["misdeal"]]
    with_maker = [r for r in played if r["maker"] is not None and r["made"] is not None]
    assert summary["maker_success_rate"] == pytest.approx(sum(r["made"] for r in with_maker) / len(with_maker))
    assert summary["average_points_per_hand"] == pytest.approx(sum(sum(r["points"]) for r in results) / len(results))
    loners = [r for r in played if r["maker"] is not None and r["alone"]]  # a Jambone is played alone too
    assert summary["loners"]["count"] == len(loners)
    assert summary["loners"]["succeeded"] == sum(bool(r["made"]) for r in loners)
    defended = [r for r in played if r["lone_defender"] is not None]
    assert summary["lone_defences"]["count"] == len(defended)
    assert summary["lone_defences"]["succeeded"] == sum(r["made"] is False for r in defended)
    jambones = [r for r in played if r["jambone"]]
    assert summary["jambones"]["count"] == len(jambones)
    assert summary["jamborees"] == sum(len(r["jamboree"]) for r in played)
    assert summary["wins"] == [sum(game.winner == team for game in games) for team in range(2)]


def test_a_jambone_is_made_only_with_every_trick() -> None:
    """``made`` of a Jambone hand means the makers took all the tricks, and agrees with who scored."""
    rules = make_rules("railroad")
    seen = 0
    for index in range(30):
        game, _ = play_random_game("railroad", *game_seeds(1, index), {})
        for result in game.results:
            if not result["jambone"] or result["made"] is None:
                continue
            seen += 1
            team = rules.team_of(result["maker"])
            taken = sum(t for seat, t in enumerate(result["tricks"]) if rules.team_of(seat) == team)
            assert result["made"] == (taken == rules.tricks), result
            assert (result["points"][team] > 0) == result["made"], result
    assert seen > 0


def test_ultimate_counts_twos_and_threes() -> None:
    games = [play_random_game("ultimate", *game_seeds(2, i), {})[0] for i in range(4)]
    expected = sum(len(r["twos_threes"]) for game in games for r in game.results)
    assert simulate("ultimate", 4, seed=2)["twos_threes"] == expected > 0


def test_bid_counts_contracts_by_level() -> None:
    summary = simulate("bid", 10, seed=6)
    contracts = summary["contracts"]
    assert list(contracts) == list(contract_levels(make_rules("bid"))) == ["3", "4", "5", "5NT"]
    played = summary["hands"] - summary["misdeals"]
    assert sum(level["count"] for level in contracts.values()) == played
    for level in contracts.values():
        assert 0 <= level["succeeded"] <= level["count"]


def test_reneges_are_counted_when_allowed() -> None:
    summary = simulate("standard", 5, seed=8, options={"reneges": "true"})
    assert summary["reneges"] >= 0
    assert "reneges" not in simulate("standard", 1, seed=8)


@pytest.mark.parametrize("name", variants())
def test_random_players_finish_a_game_through_observations(name: str) -> None:
    """``RandomPlayer`` sees only an observation; its choices are always legal through the checked path."""
    game = Game(name, seed=12)
    players = [RandomPlayer(seed=seat) for seat in range(game.rules.players)]
    while not game.is_over:
        seat = game.to_act
        game.apply(players[seat].choose(game.observation(seat)), seat)
    assert game.winner is not None


def test_random_player_is_reproducible_and_refuses_an_empty_choice() -> None:
    observation = {"legal_actions": ["pass", "order", "call:H"]}
    first = [RandomPlayer(seed=4).choose(observation) for _ in range(3)]
    assert first == [RandomPlayer(seed=4).choose(observation) for _ in range(3)]
    player = RandomPlayer(seed=4)
    assert {player.choose(observation) for _ in range(60)} == set(observation["legal_actions"])
    with pytest.raises(ValueError):
        player.choose({"legal_actions": []})


def test_simulate_and_stats_give_the_same_value_for_the_same_figure_on_the_same_games() -> None:
    from bowers.stats import study_records

    games = [play_random_game("bid-railroad", *game_seeds(4, i), {})[0] for i in range(6)]
    summary = simulate("bid-railroad", 6, seed=4)
    figures = study_records([game.record() for game in games]).figures
    assert summary["maker_success_rate"] == figures["makers_made"].value
    assert summary["jambones"]["count"] == figures["jambone"].count
    assert summary["jambones"]["success_rate"] == figures["jambone_made"].value
    assert summary["loners"]["count"] == figures["loners"].count
    assert summary["loners"]["success_rate"] == figures["loners_made"].value
    for level, event in summary["contracts"].items():
        assert event["count"] == figures[f"contract_{level}"].count
        assert event["success_rate"] == figures[f"contract_{level}_made"].value


def test_a_hand_a_renege_claim_ended_is_a_contract_without_a_verdict() -> None:
    from bowers.facts import RATES, hand_facts

    rules = make_rules("standard", reneges=True)
    renege = {"dealer": 0, "maker": 1, "points": [2, 0], "made": None, "renege": {"claimant": 0, "reneger": 1}}
    facts = hand_facts(rules, renege)
    assert facts.maker == 1 and not facts.decided
    assert RATES["trump_made"].counts(facts) == (True, True)
    assert RATES["loners"].counts(facts) == (True, False)
    for name in ("makers_made", "euchred", "march"):
        assert RATES[name].counts(facts) == (False, False), name
