"""Seeds derived from a run's seed by hashing: independent, reproducible streams for deals, bots and actions.

Deal ``k`` of a match, game ``i`` of a simulation, or a bot's seat in a pass each get a seed from a hash of the
run's seed and their place, so they do not depend on how many there are or on which worker plays them.
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 63) - 1


def derived_seeds(stream: str, *parts: object, count: int = 1) -> tuple[int, ...]:
    """``count`` 63-bit seeds from a hash of ``stream`` and ``parts`` (their text joined by colons).

    >>> derived_seeds("bowers-match", 1, "deal", 0) == derived_seeds("bowers-match", 1, "deal", 0)
    True
    >>> len(derived_seeds("bowers-simulate", 7, 0, count=2))
    2
    """
    digest = hashlib.blake2b(":".join(str(p) for p in (stream, *parts)).encode(), digest_size=8 * count).digest()
    return tuple(int.from_bytes(digest[8 * i : 8 * i + 8], "big") & _MASK for i in range(count))


def derived_seed(stream: str, *parts: object) -> int:
    """One 63-bit seed from a hash of ``stream`` and ``parts`` (see ``derived_seeds``)."""
    return derived_seeds(stream, *parts)[0]


__all__ = ["derived_seed", "derived_seeds"]
