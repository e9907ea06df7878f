"""``bowers analyze``: every decision of a seat with the strong bot's choices, mistakes flagged, bad files refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import bowers
from bowers.bots import create
from bowers.bots.analysis import analyze_record, seats_to_analyze
from bowers.cli import cli
from bowers.egn import load_egn
from tests.shared_data import EGN_DIRECTORY


def finished_record(seed: int = 3) -> dict[str, object]:
    game = bowers.Game("standard", seed=seed, target=2)
    bots = [create("heuristic", seed=s) for s in range(4)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    return game.record()


def test_every_decision_of_the_seat_is_analysed() -> None:
    record = finished_record()
    decisions = analyze_record(record, seats=[1], samples=2)
    assert decisions and all(d.seat == 1 for d in decisions)
    played = [
        (deal, index) for deal, data in enumerate(record["deals"]) for index, (seat, _) in enumerate(data["actions"]) if seat == 1
    ]  # type: ignore[index, arg-type]
    assert {(d.deal, d.action_index) for d in decisions} <= set(played)
    for decision in decisions:
        actions = [choice.action for choice in decision.choices]
        assert decision.played in actions
        assert decision.cost >= 0
        assert decision.mistake == (decision.cost >= 0.5)


def test_a_costly_choice_is_flagged() -> None:
    # Seat 1 goes alone holding nothing: a mistake by any measure.
    game = bowers.Game.from_deal(
        "standard",
        dealer=0,
        hands=[
            ["9C", "TC", "JC", "QC", "KC"],
            ["9D", "TD", "9S", "TS", "QS"],
            ["AC", "JH", "JD", "AH", "KH"],
            ["QD", "KD", "AD", "JS", "KS"],
        ],
        kitty=["9H", "TH", "QH", "AS"],
        seed=1,
    )
    for action in ("pass", "pass", "pass", "pass", "call:S", "alone"):
        game.apply(action)
    decisions = analyze_record(game.record(), seats=[1], samples=4)
    alone = next(d for d in decisions if d.played == "alone")
    assert alone.mistake and alone.best == "partner"


def test_human_seats_from_the_table_metadata() -> None:
    record = {"metadata": {"table": {"seats": [{"kind": "heuristic"}, {"kind": "human"}, {"kind": "pimc"}, {"kind": "random"}]}}}
    assert seats_to_analyze(record, 4) == [1]
    assert seats_to_analyze({}, 4) == [0, 1, 2, 3]


def test_command_prints_text_and_json(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record()), encoding="utf-8")
    runner = CliRunner()
    text = runner.invoke(cli, ["analyze", str(path), "--seat", "2", "--level", "1"])
    assert text.exit_code == 0, text.output
    assert "seat 2" in text.output and "decisions" in text.output
    as_json = runner.invoke(cli, ["analyze", str(path), "--seat", "2", "--level", "1", "--json"])
    data = json.loads(as_json.output)
    assert data and {"deal", "played", "best", "choices", "cost", "mistake"} <= set(data[0])


def test_bad_files_end_with_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(cli, ["analyze", str(tmp_path / "none.json")])
    assert missing.exit_code == 1 and missing.output.count("\n") == 1 and "no such file" in missing.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"variant": "standard", "deals": [{"dealer": 0}]}', encoding="utf-8")
    result = runner.invoke(cli, ["analyze", str(broken)])
    assert result.exit_code == 1 and result.output.startswith("Error:") and result.output.count("\n") == 1
    seat = tmp_path / "game.json"
    seat.write_text(json.dumps(finished_record()), encoding="utf-8")
    result = runner.invoke(cli, ["analyze", str(seat), "--seat", "9"])
    assert result.exit_code == 1 and "no seat 9" in result.output


def test_cards_an_imported_file_does_not_show_are_not_judged(tmp_path: Path) -> None:
    # Deal 6 of this tournament game: the dealer (seat 1) orders up alone.  The file names neither the
    # dealer's discard nor the cards of its partner (seat 3, who sits out), so the importer placed them
    # itself; no verdict may rest on a hand nobody is known to have held.
    record = load_egn(EGN_DIRECTORY / "MotE_W5_G5.egn")
    deal = record["deals"][6]
    one_deal = {key: value for key, value in record.items() if key != "scores"}
    one_deal["deals"] = [deal]
    inferred = set(deal["inferred"])
    decisions = analyze_record(one_deal, seats=[1, 3], samples=2)
    unjudged = {(d.seat, d.phase) for d in decisions if not d.judged}
    assert unjudged == {(1, "round-1"), (1, "maker-choice"), (1, "discard"), (3, "round-1")}
    for decision in decisions:
        assert decision.judged == (not inferred & set(decision.hand))
        if decision.judged:
            assert decision.choices and not decision.unrecorded
        else:
            assert not decision.choices and decision.cost == 0 and not decision.mistake
            assert set(decision.unrecorded) == inferred & set(decision.hand)
            assert decision.as_json()["best"] is None and decision.as_json()["judged"] is False
    path = tmp_path / "imported.json"
    path.write_text(json.dumps(one_deal), encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyze", str(path), "--seat", "1", "--level", "1"])
    assert result.exit_code == 0, result.output
    discard = next(line for line in result.output.splitlines() if "(discard;" in line)
    assert "not judged: the imported file does not show this seat holding KH" in discard and "MISTAKE" not in discard
    assert result.output.rstrip().endswith("3 not judged (the seat held cards the record does not show)")
