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
