"""Every file command (replay, import, export) answers any hostile file with one line and exit status 1."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bowers.cli import cli
from bowers.simulate import game_seeds, play_random_game

COMMANDS = (("replay",), ("import",), ("export", "--egn"))


def _record() -> dict[str, Any]:
    game, _ = play_random_game("standard", *game_seeds(3, 0), {})
    return game.record()


def _egn() -> dict[str, Any]:
    from bowers.egn import record_to_egn

    return record_to_egn(_record())


def _hostile_files() -> dict[str, bytes]:
    """Files that once raised tracebacks, and their kin."""
    record = _record()
    with_metadata_text = {**record, "metadata": "abc"}
    egn = _egn()
    egn_metadata_text = {**egn, "metadata": "abc"}
    target_one = json.dumps({**record, "options": {**record["options"], "target": 1}})
    no_calls = {"initialState": {"dealer": 0, "upCard": "9h"}, "phases": [{"type": "EUCHRE_BIDDING", "calls": 5}]}
    surrogate = copy.deepcopy(record)
    surrogate["metadata"] = {"title": "\ud800"}
    return {
        "nested": b"[" * 100_000 + b"]" * 100_000,
        "nested-object": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        "long-integer": b'{"variant": "standard", "options": {"target": ' + b"9" * 5000 + b'}, "deals": []}',
        "1e400": target_one.replace('"target": 1', '"target": 1e400').encode(),
        "infinity": target_one.replace('"target": 1', '"target": Infinity').encode(),
        "metadata-text": json.dumps(with_metadata_text).encode(),
        "egn-metadata-text": json.dumps(egn_metadata_text).encode(),
        "surrogate": json.dumps(surrogate).encode(),
        "empty": b"",
        "binary": bytes(range(256)),
        "list": b"[1, 2]",
        "null": b"null",
        "deals-text": json.dumps({**record, "deals": "x"}).encode(),
        "egn-deals-text": json.dumps({**egn, "deals": ["x"]}).encode(),
        "egn-calls": json.dumps({**egn, "deals": [no_calls]}).encode(),
    }


HOSTILE = _hostile_files()


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def assert_one_line_failure(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output[:2000]
    assert lines[0].startswith("Error: ")
    assert len(lines[0]) < 600
    return lines[0]


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_answers_a_hostile_file_with_one_line(tmp_path: Path, command: tuple[str, ...], name: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(HOSTILE[name])
    line = assert_one_line_failure(run(*command, str(path)))
    assert str(path) in line


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_missing_files_and_directories(tmp_path: Path, command: tuple[str, ...]) -> None:
    assert "no such file" in assert_one_line_failure(run(*command, str(tmp_path / "absent.json")))
    assert "directory" in assert_one_line_failure(run(*command, str(tmp_path)))


def test_replay_and_export_read_a_byte_order_mark_as_import_does(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode())
    assert run("replay", str(path)).exit_code == 0
    exported = run("export", "--egn", str(path))
    assert exported.exit_code == 0
    egn = tmp_path / "bom.egn"
    egn.write_bytes(b"\xef\xbb\xbf" + exported.output.encode())
    assert run("import", str(egn)).exit_code == 0


def test_export_refuses_a_record_that_replay_refuses(tmp_path: Path) -> None:
    record = _record()
    record["deals"][0]["actions"][0][1] = "order" if record["deals"][0]["actions"][0][1] == "pass" else "pass"
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = assert_one_line_failure(run("export", "--egn", str(path)))
    assert "deal 0" in line


def test_import_says_when_a_game_is_imported_unfinished(tmp_path: Path) -> None:
    egn = _egn()
    egn["deals"] = egn["deals"][:2]
    path = tmp_path / "cut.egn"
    path.write_text(json.dumps(egn), encoding="utf-8")
    result = CliRunner().invoke(cli, ["import", str(path), "-o", str(tmp_path / "cut.json")])
    assert result.exit_code == 0
    assert "unfinished" in result.output and "finalScore" in result.output
    egn["metadata"]["finalScore"] = [10, 10]
    path.write_text(json.dumps(egn), encoding="utf-8")
    assert "finalScore is [10, 10]" in assert_one_line_failure(run("import", str(path)))
