"""The examples run in their short form."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("ismcts_vs_pimc.py", "total over 1 hands"),
        ("pettingzoo_random.py", "bowers ultimate"),
        ("reinforce_two_hand.py", "net points per hand against random"),
        ("selfplay_vector.py", "against heuristic:"),
    ],
)
def test_example_runs_in_short_form(script: str, expected: str) -> None:
    command = [sys.executable, str(EXAMPLES / script), "--short"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout
