"""The script that writes docs/statistics.md's figures: its tables keep never-seen events with their bound, and a
kept study is read back instead of played again."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from bowers.stats import compare, study
from bowers.stats.splits import split_study
from tests.repository_scripts import load_script


@pytest.fixture(scope="module")
def report() -> ModuleType:
    return load_script("scripts/statistics_report.py", "statistics_report")


def test_never_seen_events_keep_their_row_and_bound(report: ModuleType) -> None:
    result = study("railroad", players="heuristic", deals=20, seed=1, workers=1)
    assert result.figures["jambone"].never_seen
    lines = report.section(dict(result.figures), "railroad", [])
    row = next(line for line in lines if line.startswith("| Jambones"))
    assert "never seen (at most " in row and "(0 of 40)" in row
    assert not any(line.startswith("| hands with twos and threes") for line in lines)  # impossible: left out
    split = split_study(result, "holder:JK")
    table = report.split_section(split, [])
    assert table[2].count("|") == len(split.groups) + 2 and "share of hands" in table[4]
    compared = compare("railroad", "joker", False, players="heuristic", deals=10, seed=1, workers=1)
    rows = report.comparison_section(compared, [])
    assert "other cards under each" in rows[0]
    assert any(line.startswith("| Jambones") and "never seen under either" in line for line in rows)


def test_a_kept_study_is_read_back_not_played_again(report: ModuleType, tmp_path: Path) -> None:
    played = []

    def make() -> object:
        played.append(1)
        return study("two-hand", players="heuristic", deals=5, seed=1, workers=1)

    key = {"kind": "study", "variant": "two-hand", "deals": 5}
    first = report.cached(tmp_path, key, make)
    again = report.cached(tmp_path, key, make)
    assert len(played) == 1 and again.figures == first.figures
    assert len(list(tmp_path.glob("study-two-hand-*.pickle"))) == 1
