"""The ``bowers solve`` command: a table of every legal play's worth and the principal line; bad input is one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

import bowers
from bowers.cli import cli
from bowers.cli.solve import position_at


def record_file(tmp_path: Path) -> Path:
    """A railroad record of a few random deals."""
    game = bowers.Game("railroad", seed=5)
    rng = random.Random(1)
    while game.hand_number < 2:
        game.apply_id(rng.choice(game.legal_action_ids()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


def test_solve_shows_every_play_and_the_line(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    result = CliRunner().invoke(cli, ["solve", str(path), "--deal", "1", "--trick", "3"])
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    game = position_at(record, 1, 3)
    assert game.hand_number == 1 and game.hand.tricks_played == 2 and not game.hand.trick
    played = [pair[1] for pair in record["deals"][1]["actions"] if pair[1].startswith("play:")]
    replayed = [name for _, name in game.record()["deals"][1]["actions"] if name.startswith("play:")]
    assert replayed == played[: 2 * game.hand.active_count]
    answers = bowers.solve(game)
    assert "deal 1, trick 3" in result.output
    for action, worth in answers.items():
        assert any(action in line and str(worth) in line for line in result.output.splitlines())
    assert "principal line" in result.output


def test_solve_refuses_bad_arguments(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    runner = CliRunner()
    for arguments, message in (
        (["--deal", "9"], "there is no deal 9"),
        (["--trick", "0"], "numbered from 1"),
        (["--deal", "1", "--trick", "9"], "does not reach"),
    ):
        result = runner.invoke(cli, ["solve", str(path), *arguments])
        assert result.exit_code == 1
        assert message in result.output
        assert "Traceback" not in result.output
    missing = runner.invoke(cli, ["solve", str(tmp_path / "none.json")])
    assert missing.exit_code == 1 and "no such file" in missing.output
    garbage = tmp_path / "bad.json"
    garbage.write_text("{not json", encoding="utf-8")
    bad = runner.invoke(cli, ["solve", str(garbage)])
    assert bad.exit_code == 1 and "not valid JSON" in bad.output
