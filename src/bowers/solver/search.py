"""The solver's questions on a ``Position``, answered by the compiled core or, without it, by the reference search.

The compiled core (``bowers.solver._search``, built from ``_search.c`` by the
package's own build) is used when it imports and ``BOWERS_PURE`` is not set
to ``1`` in the environment.  Without it the pure-Python reference gives the
same answers, slower, with one warning on first use.  ``use_compiled`` switches
between the two at run time (tests compare them).  Each question takes an
optional ``node_limit``: both searches honour it, raising ``NodeLimitReached``
when they give up.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType

from bowers.solver import reference
from bowers.solver.limit import NodeLimitReached, check_node_limit
from bowers.solver.position import Position

_compiled: ModuleType | None
try:
    from bowers.solver import _search as _compiled  # type: ignore[attr-defined,no-redef,unused-ignore]
except ImportError:  # pragma: no cover - depends on the build
    _compiled = None

_pure_requested = os.environ.get("BOWERS_PURE", "") == "1"
_active: ModuleType | None = None if _pure_requested else _compiled
_warned = False


def compiled_available() -> bool:
    """True when the compiled core was built and imports."""
    return _compiled is not None


def using_compiled() -> bool:
    """True when the solver's questions go to the compiled core."""
    return _active is not None


def use_compiled(flag: bool) -> None:
    """Send the solver's questions to the compiled core (``True``, when built) or to the reference search."""
    global _active
    _active = _compiled if flag else None


def _core() -> ModuleType | None:
    global _warned
    if _active is None and not _warned and not _pure_requested and _compiled is None:
        _warned = True
        warnings.warn(
            "bowers.solver: the compiled search is not built; using the pure-Python solver (same answers, slower)",
            RuntimeWarning,
            stacklevel=3,
        )
    return _active


def _call(
    core: ModuleType, position: Position, mode: int, target: int, moves: list[tuple[int, int]] | None, node_limit: int
) -> object:
    compact = position.compact
    answer = core.run(
        compact.blob,
        position.hands,
        position.next_seat,
        position.max_controls,
        position.max_credit,
        position.active_count,
        position.turn,
        position.trick,
        position.led,
        position.best,
        position.winner,
        compact.joker if position.joker_leads else -1,
        position.tricks_left,
        mode,
        target,
        moves,
        node_limit,
    )
    if answer is None:
        raise NodeLimitReached(node_limit)
    return answer


def move_values(
    position: Position, moves: list[tuple[int, int]] | None = None, *, node_limit: int | None = None
) -> list[int]:
    """The exact value of each legal move (default: ``position.moves()``, in action-id order).

    A value is the number of tricks the position's team takes from here on, the
    trick in progress included, when that move is played and everyone plays
    best afterwards.  With ``node_limit``, a search that visits that many
    nodes (all the moves' questions together) gives up and raises
    ``NodeLimitReached``.
    """
    if moves is None:
        moves = position.moves()
    limit = check_node_limit(node_limit)
    core = _core()
    if core is None:
        return reference.move_values(position, moves, node_limit=limit)
    return _call(core, position, 2, -1, moves, limit)  # type: ignore[return-value]


def value(position: Position, *, node_limit: int | None = None) -> int:
    """The exact number of further tricks the position's team takes with best play by everyone.

    With ``node_limit``, raises ``NodeLimitReached`` after visiting that many nodes without an answer.
    """
    limit = check_node_limit(node_limit)
    core = _core()
    if core is None:
        return reference.value(position, node_limit=limit)
    return _call(core, position, 0, 0, None, limit)  # type: ignore[return-value]


def reaches(position: Position, target: int, *, node_limit: int | None = None) -> bool:
    """Whether the position's team takes at least ``target`` further tricks against best play.

    A bound is cheaper than the exact ``value``: a bot that only needs to know
    whether a contract is made asks this.  With ``node_limit``, raises
    ``NodeLimitReached`` after visiting that many nodes without an answer.
    """
    limit = check_node_limit(node_limit)
    core = _core()
    if core is None:
        return reference.reaches(position, target, node_limit=limit)
    return _call(core, position, 1, target, None, limit)  # type: ignore[return-value]


def last_nodes() -> int:
    """Nodes the compiled core searched in its last call (0 without it)."""
    return int(_compiled.nodes()) if _compiled is not None else 0


def clear_table() -> None:
    """Make the compiled core forget its transposition table (for timing cold searches)."""
    if _compiled is not None:
        _compiled.clear()
