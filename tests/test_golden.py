"""Golden records of whole games and perft counts from fixed deals, for every variant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bowers
from bowers.game import Game
from tests.golden_games import GOLDEN_SEEDS, golden_game
from tests.perft import perft

GOLDEN = Path(__file__).parent / "golden"
PERFT = json.loads((GOLDEN / "perft.json").read_text())


def test_every_variant_has_golden_record_and_perft() -> None:
    """A variant without a golden record or perft counts is not finished."""
    for name in bowers.variants():
        assert (GOLDEN / f"{name}.json").exists(), f"{name} has no golden record"
        assert any(entry["variant"] == name for entry in PERFT.values()), f"{name} has no perft counts"


@pytest.mark.parametrize("key", list(GOLDEN_SEEDS))
def test_golden_record_replays_and_regenerates(key: str) -> None:
    """The stored record replays to itself, and the same seed and choices deal and play the same game today."""
    stored = json.loads((GOLDEN / f"{key}.json").read_text())
    assert bowers.replay(stored).record() == stored
    assert golden_game(key) == stored


@pytest.mark.parametrize("key", list(PERFT))
def test_perft_counts(key: str) -> None:
    """Counts of every legal action sequence from a fixed deal match the golden numbers at each depth."""
    entry = PERFT[key]
    game = Game.from_deal(entry["variant"], dealer=entry["dealer"], hands=entry["hands"], kitty=entry["kitty"], seed=0)
    counts = [perft(game.hand.copy(), depth) for depth in range(1, len(entry["counts"]) + 1)]
    assert counts == entry["counts"]
