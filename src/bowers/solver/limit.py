"""The node limit of one solve: how a search that must answer in time gives up."""

from __future__ import annotations


class NodeLimitReached(RuntimeError):
    """A search gave up after visiting its ``node_limit`` nodes, without an answer.

    The solver stays usable: later questions are answered exactly (the compiled
    core's table keeps only what finished searches proved).  A bot that must
    answer in time catches this and falls back to a cheaper decision.
    """

    def __init__(self, node_limit: int) -> None:
        super().__init__(f"the search gave up after {node_limit} nodes without an answer")
        self.node_limit = node_limit

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.node_limit,))


def check_node_limit(node_limit: int | None) -> int:
    """The node limit as the searches take it: 0 for none."""
    if node_limit is None:
        return 0
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
        raise ValueError(f"node_limit must be a positive whole number of nodes or None, not {node_limit!r}")
    return node_limit
