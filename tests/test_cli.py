"""The ``bowers`` command line: every command, and a one-line error (never a traceback) for every bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bowers.cli import cli
from bowers.egn import dump_egn
from bowers.simulate import game_seeds, play_random_game
from bowers.variants import variant, variants


def run(*args: str) -> Result:
    """Invoke ``bowers`` with a wide terminal so tables do not wrap."""
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, list(args))


def assert_one_line_error(result: Result, *fragments: str) -> None:
    """A failed command: non-zero exit, one ``Error:`` line naming each fragment, no traceback."""
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for fragment in fragments:
        assert fragment in errors[0]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished standard game's JSON record."""
    game, _ = play_random_game("standard", *game_seeds(1, 0), {})
    path = tmp_path_factory.mktemp("records") / "standard.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- variants and rules


def test_variants_lists_names_options_and_defaults() -> None:
    result = run("variants")
    assert result.exit_code == 0, result.output
    for name in variants():
        assert name in result.output
        for option in variant(name).options:
            assert option.name in result.output
    assert "dealer-left, maker-left" in result.output
    assert "24, 32, 25" in result.output


@pytest.mark.parametrize("name", variants())
def test_rules_prints_the_rules_text(name: str) -> None:
    result = run("rules", name)
    assert result.exit_code == 0
    assert f"(`{name}`)" in result.output.splitlines()[0]
    assert "## Euchre basics" in result.output and "## Rules every variant shares" in result.output


def test_rules_on_a_terminal_are_laid_out_in_the_pager(tmp_path: Path) -> None:
    import pexpect

    from tests.play.terminal import BOWERS, environment, plain

    pager = tmp_path / "pager"
    pager.write_text("#!/bin/sh\necho PAGER-START\ncat\necho PAGER-END\n", encoding="utf-8")
    pager.chmod(0o755)
    env = {**environment(tmp_path), "PAGER": str(pager)}
    child = pexpect.spawn(BOWERS, ["rules", "railroad"], env=env, dimensions=(24, 80), encoding="utf-8", timeout=20)
    shown = plain(child.read())
    child.close()
    assert child.exitstatus == 0, shown
    # Through the pager, as text laid out for reading: headings without their Markdown marks, no line past 80 columns.
    assert shown.index("PAGER-START") < shown.index("Railroad Euchre") < shown.index("PAGER-END")
    assert "## " not in shown and "Euchre basics" in shown
    assert all(len(line) <= 80 for line in shown.splitlines())
    raw = run("rules", "railroad", "--markdown")
    assert raw.output.startswith("# Railroad Euchre (`railroad`)")


def test_rules_of_an_unknown_variant() -> None:
    assert_one_line_error(run("rules", "canasta"), "canasta", "standard", "railroad-6")


# ----------------------------------------------------------------------------- simulate


def test_simulate_prints_the_figures() -> None:
    result = run("simulate", "--variant", "standard", "--games", "5", "--seed", "1")
    assert result.exit_code == 0, result.output
    labels = ("games per second", "hands per second", "engine", "hands per game", "maker success", "average points per hand")
    for label in (*labels, "loners", "misdeals"):
        assert label in result.stdout
    assert "team 0 (seats 0, 2)" in result.stdout


@pytest.mark.parametrize(
    ("name", "label"),
    [("railroad", "Jambones"), ("railroad", "lone defences"), ("ultimate", "twos and threes"), ("bid", "contracts of 5NT")],
)
def test_simulate_prints_variant_events(name: str, label: str) -> None:
    result = run("simulate", "--variant", name, "--games", "3")
    assert result.exit_code == 0, result.output
    assert label in result.stdout


def test_simulate_json_matches_the_library() -> None:
    from bowers.simulate import simulate

    result = run("simulate", "--variant", "railroad", "--games", "4", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    expected = simulate("railroad", 4, seed=7)
    for timing in ("seconds", "games_per_second", "hands_per_second"):
        summary.pop(timing)
        expected.pop(timing)
    assert summary == expected


def test_simulate_takes_options_as_strings() -> None:
    result = run(
        "simulate",
        "--games",
        "3",
        "--option",
        "stick-the-dealer=true",
        "--option",
        "initial_scores=0,7",
        "--option",
        "deck=32",
        "--json",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["options"]["stick_the_dealer"] is True
    assert summary["options"]["initial_scores"] == [0, 7]
    assert summary["options"]["deck"] == 32
    assert summary["misdeals"] == 0


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--variant", "canasta"), ("unknown variant", "standard")),
        (("--option", "jambone=true"), ("no option 'jambone'", "stick_the_dealer")),
        (("--option", "deck=33"), ("deck", "24, 32, 25")),
        (("--option", "stick_the_dealer=maybe"), ("stick_the_dealer", "true or false")),
        (("--option", "target=0"), ("target",)),
        (("--option", "initial_scores=1,2,3"), ("initial_scores",)),
        (("--option", "deck"), ("NAME=VALUE",)),
        (("--variant", "railroad-6", "--option", "defend_alone=true"), ("defend_alone",)),
    ],
)
def test_simulate_bad_input(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("simulate", "--games", "1", *args), *fragments)


def test_simulate_needs_at_least_one_game() -> None:
    result = run("simulate", "--games", "0")
    assert result.exit_code != 0
    assert "Traceback" not in result.output


# ----------------------------------------------------------------------------- replay


def test_replay_summarises_a_record(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    result = run("replay", str(record_file))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "variant: standard"
    assert lines[1].startswith("options: deck=24, stick_the_dealer=false")
    assert lines[2] == f"deals: {len(record['deals'])}"
    scores = record["scores"]
    assert lines[3] == f"final scores: team 0 (seats 0, 2) {scores[0]}, team 1 (seats 1, 3) {scores[1]}"
    winner = scores.index(max(scores))
    assert lines[4] == f"winner: team {winner} (seats {winner}, {winner + 2})"
    hand_lines = lines[5:]
    assert len(hand_lines) == len(record["deals"])
    assert hand_lines[0].startswith("deal 0 (dealer ")
    assert hand_lines[-1].endswith(f"score {scores[0]}-{scores[1]}")


@pytest.mark.parametrize("name", ["two-hand", "railroad", "railroad-6", "ultimate", "bid"])
def test_replay_every_variant(tmp_path: Path, name: str) -> None:
    game, _ = play_random_game(name, *game_seeds(3, 0), {})
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert f"variant: {name}" in result.output
    assert f"deals: {len(game.results)}" in result.output


def test_replay_refuses_a_corrupt_record(tmp_path: Path, record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    seat, _ = record["deals"][0]["actions"][0]
    record["deals"][0]["actions"][0] = [seat, "play:AS"]
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert_one_line_error(result, str(path), "deal 0", "play:AS")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "a record is a JSON object"),
        ('{"variant": "canasta", "options": {}, "seed": 1, "deals": []}', "canasta"),
        ("", "not valid JSON"),
    ],
)
def test_replay_bad_files(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert_one_line_error(run("replay", str(path)), fragment)


def test_replay_missing_file_and_directory(tmp_path: Path) -> None:
    assert_one_line_error(run("replay", str(tmp_path / "none.json")), "no such file")
    assert_one_line_error(run("replay", str(tmp_path)), "directory")


def test_replay_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    assert_one_line_error(run("replay", str(path)), "not a text file")


# ----------------------------------------------------------------------------- import and export


def test_export_then_import_round_trip(tmp_path: Path, record_file: Path) -> None:
    egn_path = tmp_path / "game.egn"
    result = run("export", "--egn", str(record_file), "-o", str(egn_path))
    assert result.exit_code == 0, result.output
    record = json.loads(record_file.read_text(encoding="utf-8"))
    assert egn_path.read_text(encoding="utf-8").rstrip("\n") == dump_egn(record).rstrip("\n")

    result = run("import", str(egn_path))
    assert result.exit_code == 0, result.output
    imported = json.loads(result.stdout)
    assert imported["variant"] == "standard"
    assert imported["scores"] == record["scores"]

    out = tmp_path / "back.json"
    assert run("import", str(egn_path), "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8")) == imported
    assert run("replay", str(out)).exit_code == 0


def test_export_prints_to_stdout(record_file: Path) -> None:
    result = run("export", "--egn", str(record_file))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["fileType"] == "Euchre Game Notation"


def test_export_needs_a_format(record_file: Path) -> None:
    assert_one_line_error(run("export", str(record_file)), "--egn")


def test_export_refuses_what_egn_cannot_hold(tmp_path: Path) -> None:
    game, _ = play_random_game("railroad", *game_seeds(1, 0), {})
    path = tmp_path / "railroad.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    assert_one_line_error(run("export", "--egn", str(path)), str(path), "railroad")


def test_import_bad_files(tmp_path: Path) -> None:
    assert_one_line_error(run("import", str(tmp_path / "none.egn")), "no such file")
    not_json = tmp_path / "notes.egn"
    not_json.write_text("hello", encoding="utf-8")
    assert_one_line_error(run("import", str(not_json)), str(not_json), "not valid JSON")
    layout = tmp_path / "layout.egn"
    layout.write_text('{"fileType": "Euchre Layout Template", "version": "1.0.0"}', encoding="utf-8")
    assert_one_line_error(run("import", str(layout)), "fileType")


def test_output_that_cannot_be_written(tmp_path: Path, record_file: Path) -> None:
    out = tmp_path / "missing-folder" / "out.egn"
    assert_one_line_error(run("export", "--egn", str(record_file), "-o", str(out)), "cannot be written")


def test_version_and_help() -> None:
    assert run("--version").exit_code == 0
    result = run("--help")
    assert result.exit_code == 0
    for command in ("variants", "rules", "simulate", "replay", "import", "export"):
        assert command in result.output


def test_analyze_of_a_record_without_a_table_speaks_in_notation(tmp_path: Path) -> None:
    game, _ = play_random_game("two-hand", *game_seeds(1, 3), {"target": 3})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyze", str(path), "--level", "1", "--seat", "0"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    # Deals from 0, actions by index, seats by number, cards and actions as the records write them.
    assert first.startswith("deal 0, action ") and ", seat 0 (" in first and "; hand " in first, first
    assert " played " in first
    assert result.output.splitlines()[-1].split(" decisions")[0].isdigit()


def test_analyze_takes_a_saved_games_short_name_and_speaks_as_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bowers.storage import save_record

    monkeypatch.setenv("BOWERS_DATA_DIR", str(tmp_path))
    game, _ = play_random_game("two-hand", *game_seeds(1, 3), {"target": 3})
    game.metadata["table"] = {"seats": [{"kind": "random"}, {"kind": "human"}]}
    save_record(tmp_path / "games" / "20260101-120000-two-hand-abc123.json", game.record())
    result = CliRunner().invoke(cli, ["analyze", "two-hand-abc123", "--level", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # The person's seat is "You", hands count from 1, cards and actions read as on the table's screen.
    assert lines[0].startswith("hand 1, You (") and "seat" not in lines[0] and "deal 0" not in lines[0]
    assert "play:" not in result.output and ":" not in lines[0].split("chose ")[1].split("  ")[0]
    assert any(symbol in result.output for symbol in "♣♦♥♠")
    assert_one_line_error(CliRunner().invoke(cli, ["analyze", "no-such-game"]), "no such file, nor a saved game")
    # On a terminal every line is wrapped to its width; piped (above) each stays whole.
    import pexpect

    from tests.play.terminal import BOWERS, environment, plain

    env = environment(tmp_path, fixed_size=False)
    arguments = ["analyze", "abc123", "--level", "1"]
    child = pexpect.spawn(BOWERS, arguments, env=env, dimensions=(24, 60), encoding="utf-8", timeout=120)
    shown = plain(child.read()).splitlines()
    child.close()
    assert child.exitstatus == 0 and shown[0].startswith("hand 1, You (")
    assert all(len(line) <= 60 for line in shown) and len(shown) > len(lines)


def test_python_dash_m_bowers_is_the_command() -> None:
    """``python -m bowers`` runs the same command as the ``bowers`` script, under the same name."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "bowers", "variants"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ultimate" in done.stdout
    refused = subprocess.run([sys.executable, "-m", "bowers", "nonsense"], capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert "Usage: bowers" in refused.stderr
