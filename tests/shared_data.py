"""Where the tests find the real data that sits beside the repository (``../shared/data``), written by no one here."""

from __future__ import annotations

from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
EGN_DIRECTORY = SHARED_DATA / "egn"  # real tournament games of standard Euchre, as EGN files
