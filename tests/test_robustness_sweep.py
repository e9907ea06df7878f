"""``scripts/robustness_sweep.py``: its cases run clean, and a failing case is reported with what reproduces it."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.repository_scripts import load_script
from tests.sizes import size


def sweep_module() -> ModuleType:
    return load_script("scripts/robustness_sweep.py", "robustness_sweep")


# The seed's first six cases hold every kind and take a second or two: a match of two deals between two
# strong bots, an analysis and four records (one of standard Euchre, through EGN). BOWERS_LONG_TESTS=1 runs 60.
SEED = 27
CASES = size(6, 60)


def test_a_few_cases_of_every_kind_run_clean(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["robustness_sweep.py", "--cases", str(CASES), "--seed", str(SEED)])
    module = sweep_module()
    assert module.main() == 0
    summary = capsys.readouterr().out.strip()
    assert summary.endswith("0 failed")
    counts = dict(re.findall(r"(\w+) (\d+)[,)]", summary))
    assert all(int(counts[kind]) >= 1 for kind in module.KINDS), summary


def test_a_failure_is_reported_with_its_case(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    module = sweep_module()

    def broken(kind: str, name: str, options: dict[str, Any], seed: int, rng: object) -> None:
        raise ValueError(f"broken {name}")

    monkeypatch.setattr(module, "run_case", broken)
    log = tmp_path / "failures.jsonl"
    monkeypatch.setattr(sys, "argv", ["robustness_sweep.py", "--cases", "2", "--seed", "5", "--log", str(log)])
    assert module.main() == 1
    reports = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(reports) == 2 and all(report["error"].startswith("ValueError('broken ") for report in reports)
    assert {"kind", "variant", "options", "seed"} <= set(reports[0]["case"])
    assert "FAILED" in capsys.readouterr().err
