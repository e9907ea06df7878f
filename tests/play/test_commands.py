"""``bowers play`` argument errors and ``bowers history``, run in-process with click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import bowers
from bowers.cli import cli
from bowers.storage import save_record


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("BOWERS_DATA_DIR", str(tmp_path))
    return CliRunner()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--variant", "canasta"], "unknown variant 'canasta'"),
        (["--seat", "4"], "--seat must be 0 to 3"),
        (["--variant", "two-hand", "--partner", "random"], "two-hand has no partners"),
        (["--opponents", "nobody"], "unknown bot 'nobody'"),
        (["--option", "deck=7"], "deck"),
        (["--option", "nonsense"], "--option expects NAME=VALUE"),
        (["--resume"], "no unfinished game to resume"),
    ],
)
def test_play_reports_bad_arguments_in_one_line(runner: CliRunner, tmp_path: Path, arguments: list[str], message: str) -> None:
    result = runner.invoke(cli, ["play", *arguments])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "games").exists()


def test_play_without_a_terminal_saves_nothing(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["play", "--seed", "1"])
    assert result.exit_code == 1 and "needs a terminal" in result.output
    assert not (tmp_path / "games").exists()


def test_history_lists_games_and_unreadable_files(runner: CliRunner, tmp_path: Path) -> None:
    empty = runner.invoke(cli, ["history"])
    assert empty.exit_code == 0 and "No saved games yet" in empty.output
    game = bowers.Game("railroad", seed=2, target=64)
    game.metadata["table"] = {"seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}]}
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    save_record(tmp_path / "games" / "a-railroad.json", game.record())
    (tmp_path / "games" / "b-broken.json").write_text("[1, 2", encoding="utf-8")
    result = runner.invoke(cli, ["history"])
    assert result.exit_code == 0, result.output
    state = f"unfinished, hand {len(game.results) + 1}"
    assert "railroad" in result.output and state in result.output
    assert "unreadable" in result.output and "b-broken.json: not valid JSON" in result.output
    rows = json.loads(runner.invoke(cli, ["history", "--json"]).output)
    assert {row["state"].split(":")[0] for row in rows} == {state, "unreadable"}
    assert (tmp_path / "games" / "b-broken.json").read_text(encoding="utf-8") == "[1, 2"


def _unfinished(tmp_path: Path, name: str, variant: str = "standard") -> Path:
    game = bowers.Game(variant, seed=4)
    players = game.rules.players
    game.metadata["table"] = {"seats": [{"kind": "human"}] + [{"kind": "random"}] * (players - 1)}
    game.apply(game.legal_actions()[0])
    path = tmp_path / "games" / f"{name}.json"
    save_record(path, game.record())
    return path


def test_a_save_with_bad_scores_is_listed_as_unreadable_and_skipped(runner: CliRunner, tmp_path: Path) -> None:
    path = _unfinished(tmp_path, "20250101-120000-standard-bad001")
    record = json.loads(path.read_text(encoding="utf-8"))
    record["scores"] = [99, "x"]
    path.write_text(json.dumps(record), encoding="utf-8")
    listing = runner.invoke(cli, ["history"])
    assert listing.exit_code == 0 and "Traceback" not in listing.output, listing.output
    assert "its scores are not a list of whole numbers" in listing.output
    assert runner.invoke(cli, ["history", "--json"]).exit_code == 0
    resumed = runner.invoke(cli, ["play", "--resume"])
    assert resumed.exit_code == 1
    assert "Skipping" in resumed.output and "its scores are not a list of whole numbers" in resumed.output
    assert json.loads(path.read_text(encoding="utf-8"))["scores"] == [99, "x"]


def test_history_says_why_a_save_is_unreadable(runner: CliRunner, tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a-standard.json").write_text('{"variant": "standard",\n "deals": [', encoding="utf-8")
    (games / "b-canasta.json").write_text('{"variant": "canasta", "deals": [], "options": {}}', encoding="utf-8")
    (games / "c-standard.json").write_text('{"variant": "standard", "deals": [{"dealer": 9}]}', encoding="utf-8")
    listing = CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["history"])
    assert listing.exit_code == 0, listing.output
    reasons = {line.split(":")[1].strip(): line for line in listing.output.splitlines() if line.startswith("Unreadable:")}
    assert "not valid JSON (line 2" in reasons["a-standard.json"]
    assert "unknown variant 'canasta'" in reasons["b-canasta.json"]
    assert "dealer must be a seat" in reasons["c-standard.json"]
    assert "unfinished" not in listing.output and "Continue one with" not in listing.output
    rows = {Path(row["file"]).name: row["state"] for row in json.loads(runner.invoke(cli, ["history", "--json"]).output)}
    assert "unknown variant 'canasta'" in rows["b-canasta.json"] and rows["b-canasta.json"].startswith("unreadable: ")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--resume", "--seat", "2"], "--seat cannot change a resumed game"),
        (["--resume", "--opponents", "random", "--partner", "random"], "--partner, --opponents cannot change a resumed game"),
        (["--resume", "--variant", "railroad"], "no unfinished railroad game to resume"),
        (["--resume", "nothing-like-it"], "no saved game named 'nothing-like-it'"),
        (["--resume", "standard"], "'standard' names 2 saved games"),
    ],
)
def test_resume_says_what_it_cannot_do_in_one_line(runner: CliRunner, tmp_path: Path, arguments: list[str], message: str) -> None:
    _unfinished(tmp_path, "20250101-120000-standard-aaa111")
    _unfinished(tmp_path, "20250102-120000-standard-bbb222")
    result = runner.invoke(cli, ["play", *arguments])
    assert result.exit_code == 1
    assert message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_resume_finds_the_game_named_then_needs_a_terminal(runner: CliRunner, tmp_path: Path) -> None:
    _unfinished(tmp_path, "20250101-120000-standard-aaa111")
    full_path = str(tmp_path / "games" / "20250101-120000-standard-aaa111.json")
    for wanted in ("aaa111", "20250101-120000-standard-aaa111.json", full_path):
        result = runner.invoke(cli, ["play", "--resume", wanted])
        assert result.exit_code == 1 and "needs a terminal" in result.output, (wanted, result.output)


def test_history_keeps_each_file_name_on_one_line_at_80_columns(runner: CliRunner, tmp_path: Path) -> None:
    names = ["20250101-120000-railroad-6-abc123", "20250102-120000-bid-railroad-def456", "20250103-120000-standard-fff999"]
    variants = ["railroad-6", "bid-railroad", "standard"]
    for name, variant in zip(names, variants, strict=True):
        _unfinished(tmp_path, name, variant)
    result = runner.invoke(cli, ["history"], terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for name in names:
        assert any(name in line for line in lines), result.output
    assert all(len(line) <= 80 for line in lines if "-120000-" in line), result.output
    assert "bowers play --resume FILE" in result.output
    assert result.output.count("unfinished, hand ") == 3


def test_history_at_60_columns_shows_the_end_of_each_name_which_resume_takes(runner: CliRunner, tmp_path: Path) -> None:
    names = ["20250101-120000-railroad-6-abc123", "20250102-120000-bid-railroad-def456", "20250103-120000-standard-fff999"]
    variants = ["railroad-6", "bid-railroad", "standard"]
    for name, variant in zip(names, variants, strict=True):
        _unfinished(tmp_path, name, variant)
    result = runner.invoke(cli, ["history"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "…" in line]
    assert len(rows) == 3 and all(len(line) <= 60 for line in rows), result.output
    for name, row in zip(names, rows[::-1], strict=True):
        assert name[-13:] in row and "unfinished, hand " in row, result.output
