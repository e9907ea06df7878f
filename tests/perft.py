"""Perft for cards: count every legal action sequence from a fixed deal to a given depth.

A sequence that ends the hand before the depth counts once, as a leaf.
"""

from __future__ import annotations

from bowers.hand import Hand


def perft(hand: Hand, depth: int) -> int:
    """Number of legal action sequences of length ``depth`` (or ending the hand sooner) from ``hand``."""
    if depth == 0 or hand.result is not None:
        return 1
    legal = hand.legal_ids()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = hand.copy()
        child.apply_id(action)
        total += perft(child, depth - 1)
    return total
