"""SHAKE-128 of a short text, read as a big-endian integer: the source of every deal's randomness.

A game's deals are fixed by SHAKE-128 of its seed and the deal number (see
``bowers.game``).  ``hashlib`` is the reference.  The package's build also
compiles ``_shake.c``, which computes the same integers without OpenSSL's
per-call set-up (most of the cost for a message this short); it is used
unless it is missing or ``BOWERS_PURE`` is set, and the tests check that the
two agree.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable


def shake128_int_reference(data: bytes, length: int) -> int:
    """SHAKE-128 of ``data``, ``length`` bytes of output read as a big-endian integer, by ``hashlib``."""
    return int.from_bytes(hashlib.shake_128(data).digest(length), "big")


_compiled: Callable[[bytes, int], int] | None
try:
    from bowers._shake import shake128_int as _compiled
except ImportError:  # pragma: no cover - depends on the build
    _compiled = None

_pure_requested = os.environ.get("BOWERS_PURE", "").strip().lower() not in ("", "0", "false", "no", "off")

# What the engine calls: the compiled digest when built and wanted, else the reference.
shake128_int: Callable[[bytes, int], int] = (
    _compiled if _compiled is not None and not _pure_requested else shake128_int_reference
)


def compiled_available() -> bool:
    """True when the compiled digest was built and imports."""
    return _compiled is not None
