"""Property-based fuzzing of the record and EGN readers with mutations of real records and real EGN files.

Whatever the mutation, replay, EGN import and EGN export either raise a documented ``BowersError`` or
succeed; and a record that replay accepts replays to exactly what it says.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bowers
from bowers import BowersError, Game, replay
from bowers.cards import CARD_NAMES, parse_card
from bowers.egn import dump_egn, egn_to_record
from tests.shared_data import EGN_DIRECTORY

SHORT_TARGETS = {"railroad": 12, "railroad-6": 12, "ultimate": 8}

# Values that a mutation puts anywhere: wrong types, edge numbers, near-valid text.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    2.0,
    float("inf"),
    10**40,
    "",
    "x",
    "pass",
    "order",
    "alone",
    "partner",
    "call:S",
    "play:AS",
    "discard:9C",
    "AS",
    "JK",
    "9h",
    "Pass",
    "Order",
    "R",
    "\ud800",
    [],
    {},
    [0, 0],
    [[0, "pass"]],
    {"a": 1},
]
CARD_TEXT = [name for name in CARD_NAMES if name]
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def records() -> list[dict[str, Any]]:
    """Records of random games of every variant, finished and stopped part way, kept short."""
    out = []
    for variant in bowers.variants():
        for seed, stop in ((1, None), (2, 23)):
            target = SHORT_TARGETS.get(variant, 5)
            game = Game(variant, seed=seed, target=target, **({"draw": True} if variant == "railroad" and seed == 2 else {}))
            rng = random.Random(seed)
            count = 0
            while not game.is_over and (stop is None or count < stop):
                game.apply_id(rng.choice(game.legal_action_ids()))
                count += 1
            out.append(game.record())
    return out


@cache
def egn_files() -> list[dict[str, Any]]:
    """The real EGN files (the folder's README and non-EGN samples included: they must be refused cleanly)."""
    assert EGN_DIRECTORY.is_dir(), f"the real games are expected in {EGN_DIRECTORY}"
    return [json.loads(path.read_text(encoding="utf-8-sig")) for path in sorted(EGN_DIRECTORY.glob("*.egn"))]


def _places(value: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) in a JSON value."""
    if isinstance(value, dict):
        for key in list(value):
            out.append((value, key))
            _places(value[key], out)
    elif isinstance(value, list):
        for index in range(len(value)):
            out.append((value, index))
            _places(value[index], out)
    return out


def _mutate_once(data: st.DataObject, root: Any) -> None:
    places = _places(root, [])
    if not places:
        return
    container, key = data.draw(st.sampled_from(places))
    old = container[key]
    operation = data.draw(st.sampled_from(["odd", "nudge", "card", "delete", "duplicate", "swap", "wrap"]))
    if operation == "odd":
        container[key] = copy.deepcopy(data.draw(st.sampled_from(ODD_VALUES)))
    elif operation == "nudge" and isinstance(old, int) and not isinstance(old, bool):
        container[key] = old + data.draw(st.sampled_from([-1, 1, 4]))
    elif operation == "card" and isinstance(old, str):
        card = data.draw(st.sampled_from(CARD_TEXT))
        prefix = old.split(":")[0] + ":" if ":" in old else ""
        container[key] = prefix + card
    elif operation == "delete":
        del container[key]
    elif operation == "duplicate" and isinstance(container, list):
        container.insert(key, copy.deepcopy(old))
    elif operation == "swap" and isinstance(container, list) and len(container) > 1:
        other = data.draw(st.integers(0, len(container) - 1))
        container[key], container[other] = container[other], container[key]
    else:
        container[key] = [old]


def _mutated(data: st.DataObject, value: Any) -> Any:
    value = copy.deepcopy(value)
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate_once(data, value)
    return value


def _says_only_the_truth(record: dict[str, Any], game: Game) -> None:
    """Everything an accepted record states is what its replay gives."""
    replayed = game.record()
    for key in ("variant", "seed", "metadata", "scores", "seating", "draw"):
        if key in record and not (key in ("seating", "draw") and record[key] is None):
            assert record[key] == replayed[key], key
    for number, deal in enumerate(record["deals"]):
        again = replayed["deals"][number]
        for key in ("dealer", "kitty", "inferred"):
            if key in deal:
                assert deal[key] == again[key], key
        if "actions" in deal:
            assert [list(pair) for pair in deal["actions"]] == again["actions"]
        if "hands" in deal:  # a hand is a set of cards: the order it is listed in says nothing
            stated = [sorted(map(parse_card, hand)) for hand in deal["hands"]]
            assert stated == [sorted(map(parse_card, hand)) for hand in again["hands"]]
        if "result" in deal:
            if deal["result"] is None:
                assert again["result"] is None
            else:
                assert {k: again["result"][k] for k in deal["result"]} == deal["result"]
    assert replay(replayed).record() == replayed


@SETTINGS
@given(st.data())
def test_mutated_records_replay_truthfully_or_raise_a_bowers_error(data: st.DataObject) -> None:
    original = data.draw(st.sampled_from(records()))
    record = _mutated(data, original)
    try:
        game = replay(record)
    except BowersError:
        return
    _says_only_the_truth(record, game)


@SETTINGS
@given(st.data())
def test_mutated_records_export_or_raise_a_bowers_error(data: st.DataObject) -> None:
    standard = [r for r in records() if r["variant"] == "standard"]
    record = _mutated(data, data.draw(st.sampled_from(standard)))
    try:
        text = dump_egn(record)
    except BowersError:
        return
    replay(record)  # export accepts only what replay accepts
    again = egn_to_record(json.loads(text))
    assert replay(again).scores[:2] == again["scores"]


@SETTINGS
@given(st.data())
def test_mutated_egn_files_import_truthfully_or_raise_a_bowers_error(data: st.DataObject) -> None:
    document = _mutated(data, data.draw(st.sampled_from(egn_files())))
    try:
        record = egn_to_record(document)
    except BowersError:
        return
    game = replay(record)
    assert game.scores == record["scores"]
    _says_only_the_truth(record, game)


def test_the_unmutated_inputs_are_accepted() -> None:
    """The fuzzing starts from valid inputs: every record replays, every real game imports."""
    for record in records():
        _says_only_the_truth(record, replay(record))
    imported = 0
    for document in egn_files():
        try:
            egn_to_record(document)
            imported += 1
        except BowersError:
            assert document.get("fileType") != "Euchre Game Notation"
    assert imported >= 20


@pytest.mark.parametrize("seed", range(3))
def test_random_byte_damage_to_a_record_file_never_escapes_as_another_error(tmp_path: Path, seed: int) -> None:
    """Flipped and cut bytes in a saved file: read and replay raise ``BowersError`` or replay a truthful game."""
    from bowers.game import read_json

    rng = random.Random(seed)
    text = json.dumps(records()[seed]).encode()
    for _ in range(40):
        damaged = bytearray(text)
        for _ in range(rng.randint(1, 4)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        damaged = damaged[: rng.randint(len(damaged) // 2, len(damaged))] if rng.random() < 0.3 else damaged
        path = tmp_path / "damaged.json"
        path.write_bytes(bytes(damaged))
        try:
            record = read_json(path)
            game = replay(record)
        except BowersError:
            continue
        _says_only_the_truth(record, game)
