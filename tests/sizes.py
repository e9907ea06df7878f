"""How much the slow tests play: a size that keeps the default run fast, or the full one with BOWERS_LONG_TESTS=1.

Both sizes check the same things; the long one plays more deals and positions, so a rare case is likelier met.
"""

from __future__ import annotations

import os

LONG = os.environ.get("BOWERS_LONG_TESTS") == "1"


def size(default: int, long: int) -> int:
    """``long`` when BOWERS_LONG_TESTS=1 is set, else ``default``."""
    return long if LONG else default
