"""Where the tests find the real data written by no one here: the tournament games carried in ``tests/data``."""

from __future__ import annotations

from pathlib import Path

TEST_DATA = Path(__file__).resolve().parent / "data"
EGN_DIRECTORY = TEST_DATA / "egn"  # real tournament games of standard Euchre, as EGN files (see its README.md)
