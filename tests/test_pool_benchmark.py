"""``benchmarks/pool.py``: pieces of a match pooled into the figures of the whole."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bowers.match import play_games, play_match
from bowers.match.statistics import mean_interval
from tests.repository_scripts import load_script


@pytest.fixture(scope="module")
def pool() -> ModuleType:
    """The script as a module."""
    return load_script("benchmarks/pool.py", "pool_benchmark")


def write(tmp_path: Path, name: str, result: dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(result))
    return str(path)


def test_match_runs_of_deals_pool_and_print(pool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [play_match("standard", ["heuristic", "random"], deals=6, seed=seed, workers=1).to_dict() for seed in (1, 2)]
    names = [write(tmp_path, f"run-{seed}.json", run) for seed, run in zip((1, 2), runs, strict=True)]
    out = tmp_path / "pooled.json"
    assert pool.main([*names, "--json", str(out)]) == 0
    pooled = json.loads(out.read_text())
    assert pooled["deals"] == 12 and pooled["seeds"] == [1, 2]
    first = pooled["sides"][0]
    means = [run["sides"][0]["net_points_per_deal"] for run in runs]
    assert first["net_points_per_deal"] == pytest.approx(sum(means) / 2)
    # Each piece's own figures come back from its deals, and the whole's from all twelve.
    for run in runs:
        alone = mean_interval(pool.deal_nets([run], 0))
        assert (alone.mean, alone.low, alone.high) == pytest.approx((means[runs.index(run)], *run["sides"][0]["ci95"]))
    whole = mean_interval(pool.deal_nets(runs, 0))
    assert first["ci95"] == pytest.approx([whole.low, whole.high])
    assert pooled["sides"][1]["net_points_per_deal"] == pytest.approx(-first["net_points_per_deal"])
    printed = capsys.readouterr().out
    assert printed.startswith("standard: 2 runs, 12 deals")
    assert "A (heuristic): " in printed and "net points a deal [" in printed


def test_runs_of_whole_games_pool_their_games(pool: ModuleType) -> None:
    runs = [play_games("standard", ["heuristic", "random"], games=2, seed=seed, workers=1).to_dict() for seed in (3, 4)]
    pooled = pool.pool(runs, ["a.json", "b.json"])
    assert pooled["games"] == 4 and pooled["games_played"] == 8
    first, second = pooled["sides"]
    assert first["games_won"] + second["games_won"] == 8
    assert first["games_won"] == sum(run["sides"][0]["games_won"] for run in runs)
    assert 0.0 <= first["ci95"][0] <= first["share_won"] <= first["ci95"][1] <= 1.0
    assert "4 games (8 played)" in pool.describe(pooled)[0]


def test_pieces_of_different_matches_are_refused(pool: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = play_match("standard", ["heuristic", "random"], deals=2, seed=5, workers=1).to_dict()
    with pytest.raises(pool.PoolError, match="same seed 5"):
        pool.pool([run, run], ["a.json", "b.json"])
    other = {**run, "seed": 6, "variant": "railroad"}
    with pytest.raises(pool.PoolError, match=r"b\.json has variant 'railroad'"):
        pool.pool([run, other], ["a.json", "b.json"])
    swapped = {**run, "seed": 7, "sides": list(reversed(run["sides"]))}
    with pytest.raises(pool.PoolError, match="different sides"):
        pool.pool([run, swapped], ["a.json", "b.json"])
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert pool.main([str(broken)]) == 2
    assert "cannot read" in capsys.readouterr().err
