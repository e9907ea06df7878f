"""Replay refuses any record that says what the replay does not reproduce; EGN import and export stay exact."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bowers
from bowers import Game, RecordError, replay
from bowers.egn import dump_egn, egn_to_record, import_note, load_egn, record_to_egn
from bowers.game import RESULT_KEYS, read_json
from tests.random_play import played
from tests.shared_data import EGN_DIRECTORY


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A finished standard game (a lone hand and a misdeal among its deals make every field matter)."""
    return played("standard", seed=12).record()


def _refused(record: dict[str, Any], *fragments: str) -> RecordError:
    with pytest.raises(RecordError) as error:
        replay(record)
    for fragment in fragments:
        assert fragment in str(error.value), str(error.value)
    return error.value


# ---------------------------------------------------------------------- every result field (item 3)


def _wrong_values(value: Any) -> list[Any]:
    """Values that differ from ``value`` in JSON, including by type alone (``1`` for ``true``, ``2.0`` for ``2``)."""
    if isinstance(value, bool):
        return [not value, int(value)]
    if isinstance(value, int):
        return [value + 1, float(value), value == 1]
    if isinstance(value, str):
        return ["X", value.lower() + "x"]
    if isinstance(value, list):
        return [[*value, 0], [float(v) for v in value] if value else [1]]
    return [0, False, {"claimant": 0, "reneger": 1, "penalty": 2}, "S"]


@pytest.mark.parametrize("field", RESULT_KEYS)
def test_every_result_field_must_equal_the_replay(record: dict[str, Any], field: str) -> None:
    value = record["deals"][0]["result"][field]
    for bad in _wrong_values(value):
        changed = copy.deepcopy(record)
        changed["deals"][0]["result"][field] = bad
        error = _refused(changed, f"recorded {field}")
        assert error.deal == 0


def test_result_must_be_null_exactly_while_the_hand_is_unfinished(record: dict[str, Any]) -> None:
    changed = copy.deepcopy(record)
    changed["deals"][0]["result"] = None
    _refused(changed, "deal 0", "result")
    unfinished = played("standard", seed=12, actions=5).record()
    unfinished["deals"][0]["result"] = record["deals"][0]["result"]
    _refused(unfinished, "deal 0", "not finished")
    changed = copy.deepcopy(record)
    changed["deals"][0]["result"]["bonus"] = 1
    _refused(changed, "unknown result field 'bonus'")
    del changed["deals"][0]["result"]["bonus"]
    del changed["deals"][0]["result"]["maker"]  # a result that leaves a field out says nothing about it
    assert replay(changed).scores == record["scores"]


@pytest.mark.parametrize("scores", ["ab", [True, 0], None, 5])
def test_scores_of_the_wrong_type_are_refused(record: dict[str, Any], scores: Any) -> None:
    _refused({**record, "scores": scores}, "recorded scores")


def test_scores_equal_but_of_another_type_are_refused(record: dict[str, Any]) -> None:
    _refused({**record, "scores": [float(s) for s in record["scores"]]}, "recorded scores")


# ---------------------------------------------------------------------- seats, actions, keys


@pytest.mark.parametrize("seat", [None, 2.0, True, "1", -1, 4])
def test_seats_must_be_seat_numbers(record: dict[str, Any], seat: Any) -> None:
    changed = copy.deepcopy(record)
    changed["deals"][0]["actions"][0][0] = seat
    error = _refused(changed, "seat")
    assert (error.deal, error.action_index) == (0, 0)


@pytest.mark.parametrize("action", [0, None, ["pass"], 1.5])
def test_actions_must_be_text(record: dict[str, Any], action: Any) -> None:
    changed = copy.deepcopy(record)
    changed["deals"][0]["actions"][0][1] = action
    _refused(changed, "deal 0, action 0", "not text")


@pytest.mark.parametrize("version", [1.0, True, 2, 0, "1", None])
def test_format_version_must_be_a_known_integer(record: dict[str, Any], version: Any) -> None:
    _refused({**record, "format_version": version}, "format_version")


def test_unknown_keys_are_refused(record: dict[str, Any]) -> None:
    _refused({**record, "comment": "x"}, "unknown key 'comment'")
    changed = copy.deepcopy(record)
    changed["deals"][0]["note"] = "x"
    _refused(changed, "deal 0", "unknown key 'note'")


@pytest.mark.parametrize("initial", [[1.5, 0], [True, 0], [0, 10], "a,b"])
def test_initial_scores_must_be_whole_numbers_below_the_target(record: dict[str, Any], initial: Any) -> None:
    _refused({**record, "options": {**record["options"], "initial_scores": initial}}, "initial_scores")


@pytest.mark.parametrize(
    ("metadata", "fragment"),
    [
        ("abc", "metadata must be an object"),
        ([1], "metadata must be an object"),
        ({"x": float("nan")}, "not a JSON number"),
        ({"x": {1, 2}}, "not a JSON value"),
        ({"x": "\ud800"}, "not valid Unicode"),
    ],
)
def test_metadata_must_be_a_json_object(record: dict[str, Any], metadata: Any, fragment: str) -> None:
    _refused({**record, "metadata": metadata}, fragment)


def test_deeply_nested_metadata_is_refused_without_recursion_error(record: dict[str, Any]) -> None:
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    _refused({**record, "metadata": {"x": nested}}, "nested more than")


# ---------------------------------------------------------------------- seating and the draw


def test_seating_and_draw_must_agree_with_the_seed_and_the_option() -> None:
    record = played("railroad", seed=3, actions=30, draw=True).record()
    assert replay(record).record() == record
    seating = record["seating"]
    _refused({**record, "seating": seating[1:] + seating[:1]}, "seating")
    changed = copy.deepcopy(record)
    changed["draw"][0][0][1] = "AS" if changed["draw"][0][0][1] != "AS" else "KS"
    _refused(changed, "draw is not")
    _refused({**record, "seed": record["seed"] + 1}, "seating")
    plain = played("railroad", seed=3, actions=30).record()
    _refused({**plain, "seating": [1, 0, 2, 3]}, "draw option is off")
    for wrong_type in (5, "abc", {"0": 0}, [0.0, 1, 2, 3], [True, 1, 2, 3]):
        _refused({**plain, "seating": wrong_type}, "draw option is off")
        _refused({**record, "seating": wrong_type}, "seating")
    _refused({**plain, "draw": record["draw"]}, "draw option is off")
    assert replay({**plain, "seating": [0, 1, 2, 3]}).seating == [0, 1, 2, 3]


# ---------------------------------------------------------------------- accepted records say only the truth


@pytest.mark.parametrize("variant", bowers.variants())
def test_an_accepted_record_replays_to_exactly_what_it_says(variant: str) -> None:
    for seed, actions in ((1, None), (2, 37)):
        record = played(variant, seed=seed, actions=actions).record()
        assert replay(record).record() == record
        assert replay(json.loads(json.dumps(record))).record() == record


# ---------------------------------------------------------------------- reading files (items 1, 13)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"target": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"x": Infinity}', "Infinity is not a JSON number"),
        ('{"x": NaN}', "NaN is not a JSON number"),
        ("", "not valid JSON"),
    ],
)
def test_read_json_refuses_hostile_files(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError, match=fragment):
        read_json(path)


def test_a_byte_order_mark_is_read_by_replay_and_import(tmp_path: Path, record: dict[str, Any]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode())
    assert replay(read_json(path)).scores == record["scores"]


# ---------------------------------------------------------------------- EGN (items 4, 5, 6, 13)


def test_export_checks_the_record_first(record: dict[str, Any]) -> None:
    changed = copy.deepcopy(record)
    changed["deals"][0]["actions"][-1][1] = "play:" + ("AS" if changed["deals"][0]["actions"][-1][1] != "play:AS" else "KS")
    changed["deals"][0]["result"] = None
    with pytest.raises(RecordError, match="deal 0"):
        dump_egn(changed)
    changed = copy.deepcopy(record)
    changed["deals"][0]["hands"][0][0] = changed["deals"][0]["hands"][1][0]
    with pytest.raises(RecordError, match="dealt twice"):
        dump_egn(changed)
    changed = copy.deepcopy(record)
    changed["deals"][1]["dealer"] = (changed["deals"][1]["dealer"] + 1) % 4
    with pytest.raises(RecordError, match="deal 1: dealer should be"):
        dump_egn(changed)
    with pytest.raises(RecordError, match="recorded scores"):
        dump_egn({**record, "scores": [0, 0]})
    for hostile in ({}, {"variant": "standard", "deals": [{}]}, {"variant": "standard", "deals": [{"dealer": 0, "hands": 3}]}):
        with pytest.raises(RecordError):
            dump_egn(hostile)


def _real(name: str) -> dict[str, Any]:
    return json.loads((EGN_DIRECTORY / name).read_text(encoding="utf-8"))


def test_a_final_score_the_deals_do_not_reach_is_an_error() -> None:
    raw = _real("MotE_W5_G1.egn")
    raw["metadata"]["finalScore"] = [10, 3]  # the published final score
    assert egn_to_record(raw)["scores"] == [10, 3]
    cut = {**raw, "deals": raw["deals"][:-2]}
    with pytest.raises(RecordError, match="finalScore"):
        egn_to_record(cut)
    altered = copy.deepcopy(raw)
    altered["metadata"]["finalScore"] = [10, 4]
    with pytest.raises(RecordError, match="finalScore is"):
        egn_to_record(altered)
    bad = copy.deepcopy(raw)
    bad["metadata"]["finalScore"] = "10-3"
    with pytest.raises(RecordError, match="finalScore must be"):
        egn_to_record(bad)


def test_a_game_without_a_final_score_imports_as_unfinished_and_says_so() -> None:
    raw = _real("MotE_W5_G1.egn")
    metadata = raw["metadata"]
    assert "finalScore" not in metadata
    whole = egn_to_record({**raw, "metadata": metadata})
    assert import_note(whole) is None  # the deals finish the game
    cut = egn_to_record({**raw, "metadata": metadata, "deals": raw["deals"][:-2]})
    note = import_note(cut)
    assert note is not None and "unfinished" in note and "finalScore" in note
    assert not replay(cut).is_over
    assert "unfinished" in (import_note(load_egn(EGN_DIRECTORY / "Another_fun_euchre.egn")) or "")


def test_import_replays_each_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Import is linear in the number of deals: each recorded action goes through the engine exactly once.

    Counting needs a patchable ``Game``: with the compiled engine the count runs in the pure one, in a fresh interpreter.
    """
    if bowers.engine_kind() == "compiled":
        test = f"{__file__}::test_import_replays_each_action_once"
        env = {**os.environ, "BOWERS_PURE": "1"}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test]
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stdout[-2000:]
        return
    game = played("standard", seed=21, target=150)
    record = game.record()
    deals = [deal for deal in record["deals"] if deal["actions"]]
    assert len(deals) > 60
    egn = record_to_egn({**record, "deals": deals})
    calls = 0
    original = Game._apply_legal

    def counting(self: Game, action: int) -> None:
        nonlocal calls
        calls += 1
        original(self, action)

    monkeypatch.setattr(Game, "_apply_legal", counting)
    imported = egn_to_record(egn)
    assert calls == sum(len(deal["actions"]) for deal in imported["deals"])
    assert imported["scores"] == record["scores"]


def test_a_deal_stopped_after_alone_with_defend_alone_comes_back_without_invented_passes() -> None:
    game = Game("standard", seed=1, defend_alone=True)
    while game.phase != "maker-choice":
        game.apply("pass" if "order" not in game.legal_actions() else "order")
    game.apply("alone")
    assert game.phase == "defend"
    record = game.record()
    again = egn_to_record(record_to_egn(record))
    assert again["deals"][0]["actions"] == record["deals"][0]["actions"]
    game.apply("pass")
    game.apply("pass")
    record = game.record()
    again = egn_to_record(record_to_egn(record))
    assert again["deals"][0]["actions"] == record["deals"][0]["actions"]
