"""``benchmarks/paired_plays.py``: two settings of pimc decide the same play decisions, and where they differ both cards
are judged on the same fresh worlds."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.repository_scripts import load_script


@pytest.fixture(scope="module")
def paired() -> ModuleType:
    """The script as a module."""
    return load_script("benchmarks/paired_plays.py", "paired_plays_benchmark")


def test_a_hand_is_played_by_a_and_each_decision_b_makes_differently_is_judged(paired: ModuleType) -> None:
    quick = {"time_budget": 0, "level": 1}
    job = {"variant": "standard", "seed": 3, "a": quick, "b": {**quick, "evaluator": "rollout"}, "judge": 40}
    row = paired.compare_deal(job)
    assert row["decisions"] >= 4  # the play decisions of a hand with more than one legal card
    assert row["differing"], "a solver and a play-out at four worlds choose alike everywhere: a hand too easy to test"
    for item in row["differing"]:
        assert item["a"] != item["b"] and item["a"].startswith("play:") and item["b"].startswith("play:")
        assert item["a_better"] + item["b_better"] <= 40
        assert (item["gain"] > 0) <= (item["a_better"] > 0) and (item["gain"] < 0) <= (item["b_better"] > 0)
    same = paired.compare_deal({**job, "b": quick})
    assert same["differing"] == [] and same["decisions"] == row["decisions"]  # the same bot: never a difference
    lines = paired.report([row, same], 40)
    assert lines[0].startswith(f"2 hands, {2 * row['decisions']} play decisions") and f"at {len(row['differing'])}" in lines[0]
    assert "A's net points less B's on 40 fresh worlds" in lines[1] and "per 100 hands" in lines[1]
    assert len(lines) == 2 + len(row["differing"])
