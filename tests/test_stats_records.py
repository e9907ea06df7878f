"""Studies of records: a duplicate match's records keep their deals and games through EGN, whole games give their
length and who won, and the heading counts what the match played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from bowers.cli import cli
from bowers.match import play_games, play_match
from bowers.stats import study, study_records


def _stats(*arguments: str) -> Any:
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["stats", *arguments])


def test_a_matchs_records_exported_to_egn_keep_their_deals_and_passes(tmp_path: Path) -> None:
    play_match("standard", ["heuristic", "random"], deals=10, seed=5, workers=1, records=tmp_path / "json")
    (tmp_path / "egn").mkdir()
    for path in sorted((tmp_path / "json").glob("*.json")):
        exported = CliRunner().invoke(cli, ["export", str(path), "--egn", "-o", str(tmp_path / "egn" / f"{path.stem}.egn")])
        assert exported.exit_code == 0, exported.output
    from_json = json.loads(_stats("--json", str(tmp_path / "json")).output)
    from_egn = json.loads(_stats("--json", str(tmp_path / "egn")).output)
    # The same deals and passes, so the same figures and intervals (not each pass taken as its own deal).
    assert from_egn["figures"] == from_json["figures"] and from_egn["deals"] == 10 and from_egn["passes"] == 2
    assert from_egn["figures"]["luck_share"]["value"] is not None
    printed = _stats(str(tmp_path / "egn")).output
    assert "10 duplicate deals (20 records, 20 hands) by A: heuristic, B: random, seed 5" in printed
    assert "recorded games" not in printed
    assert from_json["players"] == ["heuristic", "random"] and from_json["seed"] == 5
    # Records of no match (a table's games, real games) name no bots and no seed.
    (tmp_path / "json" / "deal-000000-pass-0.json").rename(tmp_path / "one.json")
    single = json.loads((tmp_path / "one.json").read_text())
    del single["metadata"]["match"]
    (tmp_path / "one.json").write_text(json.dumps(single))
    alone = _stats("--json", str(tmp_path / "one.json"))
    assert json.loads(alone.output)["players"] == [] and json.loads(alone.output)["seed"] is None
    assert "1 recorded game (1 hand)" in _stats(str(tmp_path / "one.json")).output


def test_whole_games_recorded_give_hands_per_game_and_who_won(tmp_path: Path) -> None:
    play_games("two-hand", ["heuristic", "random"], games=3, seed=2, workers=1, records=tmp_path)
    played = study("two-hand", players=["heuristic", "random"], games=3, seed=2, workers=1)
    recorded = study_records([json.loads(path.read_text()) for path in sorted(tmp_path.glob("*.json"))])
    for name in ("hands_per_game", "hands_per_game_median", "game_won_seat_0", "game_won_seat_1", "comeback_1"):
        assert recorded.figures[name] == played.figures[name], name
    assert recorded.games == 3 and recorded.figures["hands_per_game"].value is not None
    won = recorded.figures["game_won_seat_0"], recorded.figures["game_won_seat_1"]
    assert won[0].count is not None and won[1].count is not None and won[0].count + won[1].count == 6
    printed = _stats(str(tmp_path)).output
    assert "hands per game (mean)" in printed and "3 whole games in duplicate (6 records" in printed
    assert "games won by the first dealer's team" in printed


def test_the_games_of_a_study_are_measured_to_the_end() -> None:
    result = study("standard", players="heuristic,random", games=3, seed=1, workers=1)
    figures = result.figures
    lengths = sorted(game.hands for game in result.games_list)
    assert figures["hands_per_game"].value == sum(lengths) / len(lengths)
    quartiles = [figures[f"hands_per_game_{name}"].value for name in ("quartile_1", "median", "quartile_3")]
    assert lengths[0] <= quartiles[0] <= quartiles[1] <= quartiles[2] <= lengths[-1]  # type: ignore[operator]
    # Every game was won by the first dealer's team or the other, and the winner was never behind by more than
    # the target.
    assert (figures["game_won_seat_0"].count or 0) + (figures["game_won_seat_1"].count or 0) == 6
    assert all(0 <= game.behind < 10 for game in result.games_list)
    data = result.to_dict()["figures"]
    assert {"hands_per_game_median", "comeback_1", "comeback_2", "comeback_5"} <= set(data)
