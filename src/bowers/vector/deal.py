"""Episode seeds and batched deals: the scalar engine's deals for many lanes at once.

Lane ``i``'s ``k``-th episode is the scalar game ``bowers.Game(variant, seed=episode_seed(seed, i, k), **options)``.
Its deal ``j`` is the scalar engine's: the deck shuffled by SHAKE-128 of ``bowers:<episode seed>:deal:<j>`` (the
compiled shuffle of ``bowers.deal_hash`` where it is built, else ``bowers.game.shuffled``), dealt in the variant's
packets from the dealer's left (``bowers.game.deal_plan``); the first dealer is the scalar game's too.  The
hashes and shuffles of every lane dealt in a step run in one call to C (``bowers.deal_hash.deal_rows``; the
engine's own walk, one lane at a time, where the compiled module is missing); everything around them (the
packets, the bit sets) is array work.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from bowers.deal_hash import deal_rows as compiled_deal_rows
from bowers.deal_hash import shuffle as compiled_shuffle
from bowers.game import deal_plan, hash_message, random_integer, shuffled
from bowers.variants import Rules

LANE_BITS: Final = 24  # lanes per VectorGame: fewer than 2**24
EPISODE_BITS: Final = 40  # episodes per lane: fewer than 2**40
MAX_LANES: Final = 1 << LANE_BITS


def episode_seed(seed: int, lane: int, episode: int) -> int:
    """The scalar game seed of lane ``lane``'s ``episode``-th episode (from 0) of a VectorGame seeded ``seed``.

    >>> episode_seed(7, 3, 2) == 7 * 2**64 + 2 * 2**24 + 3
    True
    """
    return (seed << (LANE_BITS + EPISODE_BITS)) + (episode << LANE_BITS) + lane


class Dealer:
    """Deals one variant's deck for many lanes: hands as bit sets over deck positions, and the kitty."""

    def __init__(self, rules: Rules) -> None:
        plan = deal_plan(rules)
        self.rules = rules
        self.size = len(rules.deck)
        self.shuffle_bytes = plan.shuffle_bytes
        # [dealer, seat, card] -> position in the shuffled deck; [dealer, card] -> kitty position.
        self.seat_positions = np.array(plan.seat_positions, dtype=np.int64)
        self.kitty_positions = np.array(plan.kitty_positions, dtype=np.int64).reshape(rules.players, -1)
        self.bits = np.left_shift(np.uint64(1), np.arange(self.size, dtype=np.uint64))

    def shuffled(self, seeds: list[int], numbers: list[int], dealers: list[int] | None = None) -> np.ndarray:
        """Each lane's shuffled deck as deck indices, shape (lanes, deck): deal ``numbers[i]`` of seed ``seeds[i]``.

        With ``dealers`` (a list), each seed's first dealer is appended to it in the same pass: the scalar game's,
        seat 0 after a draw for seats (the lowest card deals), else drawn from the seed.
        """
        players = self.rules.players
        if compiled_deal_rows is not None:  # every lane in one call to C
            drawing = dealers is not None and not self.rules.draw  # after a draw for seats, seat 0 deals first
            drawn, first = compiled_deal_rows(seeds, numbers, self.size, self.shuffle_bytes, players if drawing else 0)
            if dealers is not None:
                dealers.extend(first if first is not None else [0] * len(seeds))
            return np.frombuffer(drawn, dtype=np.uint8).astype(np.int64).reshape(len(seeds), self.size)
        order = list(range(self.size))
        rows = bytearray()  # deck indices are below 256
        for seed, number in zip(seeds, numbers, strict=True):
            if dealers is not None:
                dealers.append(0 if self.rules.draw else random_integer(seed, "first-dealer", 64) % players)
            if compiled_shuffle is not None:
                cards = order[:]
                compiled_shuffle(cards, hash_message(seed, f"deal:{number}"), self.shuffle_bytes)
            else:
                cards = shuffled(order, seed, f"deal:{number}")
            rows.extend(cards)
        return np.frombuffer(rows, dtype=np.uint8).astype(np.int64).reshape(len(seeds), self.size)

    def deal(self, seeds: list[int], numbers: list[int], dealers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hands (lanes, players) uint64 bit sets of deck indices, and the kitty (lanes, kitty) of deck indices."""
        return self.packets(self.shuffled(seeds, numbers), dealers)

    def first_deal(self, seeds: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The first dealer, hands and kitty of each seed's game (``deal`` of deal 0 by ``first_dealers``)."""
        dealers: list[int] = []
        cards = self.shuffled(seeds, [0] * len(seeds), dealers)
        first = np.array(dealers, dtype=np.int64)
        hands, kitty = self.packets(cards, first)
        return first, hands, kitty

    def packets(self, cards: np.ndarray, dealers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Shuffled decks dealt by ``dealers`` in the variant's packets: hands as bit sets, and the kitty."""
        positions = self.seat_positions[dealers]  # (lanes, players, hand size)
        lanes = np.arange(len(cards))[:, None, None]
        hands = self.bits[cards[lanes, positions]].sum(axis=2, dtype=np.uint64)
        kitty = np.take_along_axis(cards, self.kitty_positions[dealers], axis=1)
        return hands, kitty
