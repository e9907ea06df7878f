"""SHAKE-128 of a short text, read as a big-endian integer, and the shuffle it drives: every deal's randomness.

A game's deals are fixed by SHAKE-128 of its seed and the deal number (see
``bowers.game``, whose Fisher-Yates walk is the reference shuffle).
``hashlib`` is the reference digest.  The package's build also compiles
``_shake.c``, which computes the same digest without OpenSSL's per-call
set-up (most of the cost for a message this short) and walks the same
shuffle on a list in place.  It is used unless it is missing or
``BOWERS_PURE`` is set; the tests check that both ways agree.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any


def shake128_int_reference(data: bytes, length: int) -> int:
    """SHAKE-128 of ``data``, ``length`` bytes of output read as a big-endian integer, by ``hashlib``."""
    return int.from_bytes(hashlib.shake_128(data).digest(length), "big")


DealRows = Callable[[list[int], list[int], int, int, int], tuple[bytes, list[int] | None]]
_compiled: Callable[[bytes, int], int] | None
_compiled_shuffle: Callable[[list[Any], bytes, int], None] | None
_compiled_deal_rows: DealRows | None
try:
    from bowers._shake import deal_rows as _compiled_deal_rows
    from bowers._shake import shake128_int as _compiled
    from bowers._shake import shuffle as _compiled_shuffle
except ImportError:  # pragma: no cover - depends on the build
    _compiled = None
    _compiled_shuffle = None
    _compiled_deal_rows = None

_pure_requested = os.environ.get("BOWERS_PURE", "").strip().lower() not in ("", "0", "false", "no", "off")
_use_compiled = _compiled is not None and not _pure_requested

# What the engine calls: the compiled digest when built and wanted, else the reference.
shake128_int: Callable[[bytes, int], int] = _compiled if _use_compiled and _compiled else shake128_int_reference

# ``shuffle(cards, data, length)`` shuffles a list in place by the number ``shake128_int(data, length)``, exactly
# as the engine's own walk would; None where the compiled module is missing or BOWERS_PURE is set.
shuffle: Callable[[list[Any], bytes, int], None] | None = _compiled_shuffle if _use_compiled else None

# ``deal_rows(seeds, numbers, size, length, players)``: many deals in one call, for ``bowers.vector``: each seed's
# deck indices ``range(size)`` shuffled for its deal number, as ``shuffle`` with ``hash_message(seed, f"deal:{n}")``
# would, as bytes (a row of ``size`` per seed), and with ``players`` > 0 each seed's first dealer as the engine
# draws it (else None); None where the compiled module is missing or BOWERS_PURE is set.
deal_rows: DealRows | None = _compiled_deal_rows if _use_compiled else None


def compiled_available() -> bool:
    """True when the compiled digest and shuffle were built and import."""
    return _compiled is not None
