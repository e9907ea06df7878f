"""Match records and per-hand data: every hand a match plays can be replayed, and the rates add up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import bowers
from bowers.cli import cli
from bowers.errors import OptionError
from bowers.facts import HandFacts, game_facts, hand_facts
from bowers.match import play_games, play_match
from bowers.match.hands import hand_summary, side_rates
from bowers.variants import make_rules


def _records(folder: Path) -> dict[str, dict[str, Any]]:
    return {path.name: json.loads(path.read_text()) for path in sorted(folder.glob("*.json"))}


@pytest.mark.parametrize("workers", [1, 2])
def test_every_hand_of_a_match_is_written_as_a_record_that_replays_to_the_reported_hand(tmp_path: Path, workers: int) -> None:
    result = play_match("railroad", ["heuristic", "random"], deals=6, seed=4, workers=workers, records=tmp_path)
    records = _records(tmp_path)
    assert sorted(records) == [f"deal-{deal:06d}-pass-{number}.json" for deal in range(6) for number in range(2)]
    reported = result.to_dict()["per_deal"]
    assert [deal["deal"] for deal in reported] == list(range(6))
    for deal in reported:
        for number, played in enumerate(deal["passes"]):
            record = records[f"deal-{deal['deal']:06d}-pass-{number}.json"]
            game = bowers.replay(record)  # replays every action, re-checking it
            facts = game_facts(game)[0]
            assert facts == result.outcomes[deal["deal"]].passes[number].facts[0]
            match = record["metadata"]["match"]
            assert (match["seed"], match["deal"], match["pass"], match["deal_seed"]) == (4, deal["deal"], number, deal["seed"])
            assert record["seed"] == deal["seed"]
            sides = [seat["side"] for seat in match["seats"]]
            assert sides == [played["seating"][seat % 2] for seat in range(4)]
            assert {seat["player"] for seat in match["seats"] if seat["side"] == "A"} == {"heuristic"}
            # The side that made trump is the one holding the maker's seat, and a euchre scores it nothing.
            maker_seat = game.results[0]["maker"]
            if played["maker"] is not None:
                assert played["maker"] == sides[maker_seat]
                if played["euchred"]:
                    assert played["points"][played["maker"]] == 0
            assert played["points"] == {sides[team]: points for team, points in enumerate(game.results[0]["points"])}
    # Written as they arrive, and taken out of the result once written.
    assert all(played.record is None for outcome in result.outcomes for played in outcome.passes)


def test_a_match_without_records_keeps_none_and_writes_nothing(tmp_path: Path) -> None:
    result = play_match("standard", ["random", "random"], deals=3, seed=1, workers=1)
    assert all(played.record is None for outcome in result.outcomes for played in outcome.passes)
    assert len(result.to_dict()["per_deal"]) == 3


def test_whole_games_are_written_as_records_with_their_final_score(tmp_path: Path) -> None:
    result = play_games("two-hand", ["heuristic", "random"], games=2, seed=3, workers=1, records=tmp_path)
    records = _records(tmp_path)
    assert sorted(records) == [f"game-{game:06d}-pass-{number}.json" for game in range(2) for number in range(2)]
    for game in result.to_dict()["per_game"]:
        for number, played in enumerate(game["passes"]):
            record = records[f"game-{game['game']:06d}-pass-{number}.json"]
            replayed = bowers.replay(record)
            assert replayed.is_over and len(replayed.results) == played["hands"]
            seats = record["metadata"]["match"]["seats"]
            assert {seats[team]["side"]: score for team, score in enumerate(replayed.scores)} == played["scores"]
            assert played["winner"] == seats[replayed.winner]["side"]


def test_standard_match_records_export_to_egn(tmp_path: Path) -> None:
    play_match("standard", ["heuristic", "heuristic"], deals=2, seed=8, workers=1, records=tmp_path)
    record = sorted(tmp_path.glob("*.json"))[0]
    result = CliRunner().invoke(cli, ["export", "--egn", str(record)])
    assert result.exit_code == 0, result.output
    egn = json.loads(result.output)
    assert egn["fileType"] == "Euchre Game Notation" and len(egn["metadata"]["players"]) == 4


def test_side_rates_count_contracts_loners_and_defences() -> None:
    # Side A holds team 0's seats (0 and 2), side B team 1's (1 and 3).
    seats = {"A": 0, "B": 1}
    seating = [0, 1]

    def hand(
        maker: str | None, made: bool = True, alone: bool = False, defended: str | None = None, trump: str = "H"
    ) -> tuple[HandFacts, list[int]]:
        result = {
            "dealer": 3,
            "maker": None if maker is None else seats[maker],
            "made": made if maker else None,
            "alone": alone,
            "lone_defender": None if defended is None else seats[defended],
            "trump": trump,
            "points": [0, 0],
        }
        return hand_facts(make_rules("standard"), result), seating

    hands = [
        hand("A"),
        hand("A", made=False),
        hand("A", alone=True),
        hand("A", alone=True, made=False, defended="B"),
        hand("A", trump="NT"),
        hand("B", alone=True, defended="A"),
        hand("B", alone=True),
        hand("B", made=False),
        hand(None),
    ]
    rates = side_rates(hands, 0)
    assert (rates["trump_made"]["count"], rates["trump_made"]["of"]) == (5, 9)
    assert (rates["makers_made"]["count"], rates["makers_made"]["of"]) == (3, 5)
    # Euchred as makers is out of the side's contracts, as ``bowers stats`` counts it.
    assert (rates["euchred"]["count"], rates["euchred"]["of"]) == (2, 5)
    assert (rates["loners"]["count"], rates["loners"]["of"]) == (2, 5)
    assert (rates["loners_made"]["count"], rates["loners_made"]["of"]) == (1, 2)
    # Defended alone is out of the other side's loners: only a loner can be defended alone.
    assert (rates["defended_alone"]["count"], rates["defended_alone"]["of"]) == (1, 2)
    assert (rates["no_trump"]["count"], rates["no_trump_made"]["count"]) == (1, 1)
    low, high = rates["makers_made"]["ci95"]
    assert low < 0.6 < high
    other = side_rates(hands, 1)
    assert (other["trump_made"]["count"], other["euchred"]["count"], other["defended_alone"]["count"]) == (3, 1, 1)
    assert other["defended_alone"]["of"] == 2
    assert side_rates([], 0)["makers_made"]["rate"] is None


def test_a_hand_summary_names_sides_not_seats() -> None:
    rules = make_rules("standard")
    result = {"dealer": 0, "maker": 3, "trump": "S", "alone": True, "lone_defender": 0, "points": [0, 4], "made": True,
              "misdeal": False, "jambone": False, "jamboree": [], "twos_threes": [2], "contract": None}
    summary = hand_summary(hand_facts(rules, result), [1, 0], "AB")  # side B holds team 0's seats
    assert summary["maker"] == "A" and summary["defended_alone"] == "B" and summary["twos_threes"] == ["B"]
    assert summary["points"] == {"A": 4, "B": 0} and summary["made"] is True and summary["euchred"] is False
    misdeal = {**result, "maker": -1, "misdeal": True, "points": [0, 0], "made": False, "alone": False}
    assert hand_summary(hand_facts(rules, misdeal), [0, 1], "AB")["maker"] is None


def test_the_command_reports_rates_and_writes_records(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    arguments = ["match", "--players", "heuristic,random", "--deals", "5", "--workers", "1", "--records", str(folder)]
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 0, result.output
    assert "trump made (of hands)" in result.output and "contracts made" in result.output
    assert len(list(folder.glob("*.json"))) == 10
    as_json = CliRunner().invoke(cli, [*arguments[:-2], "--json"])
    summary = json.loads(as_json.output)
    assert {"trump_made", "makers_made", "euchred", "loners"} <= set(summary["sides"][0]["rates"])
    assert len(summary["per_deal"]) == 5 and {"maker", "alone", "euchred", "points"} <= set(summary["per_deal"][0]["passes"][0])


def test_records_into_a_file_are_refused_in_one_line(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("")
    with pytest.raises(OptionError, match="is a file"):
        play_match("standard", ["random", "random"], deals=1, workers=1, records=target)
    result = CliRunner().invoke(cli, ["match", "--players", "random,random", "--deals", "1", "--records", str(target)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("Error: Invalid value for '--records'")
