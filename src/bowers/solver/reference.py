"""The pure-Python double-dummy search: the reference for the compiled core, and its fallback.

A zero-window search ("can the team counted take at least ``target`` more
tricks?") with alpha-beta cut-offs, a transposition table of lower and upper
bounds keyed at each trick's start on the relative ranks of the cards still
out, and only one card searched of each run of equivalent cards in a hand.
The exact value of a move is found by bisecting on the target; the table is
shared by every question about one position, so later ones are cheap.
"""

from __future__ import annotations

from bowers.solver.limit import NodeLimitReached
from bowers.solver.position import Position


class ReferenceSearch:
    """Answers questions about one position; create one per position (the table belongs to it)."""

    def __init__(self, position: Position, node_limit: int = 0) -> None:
        compact = position.compact
        self.hands = position.hands[:]
        self.power = compact.power
        self.group_mask = compact.group_mask
        self.group_of = compact.group_of
        self.next_seat = position.next_seat
        self.max_controls = position.max_controls
        self.max_credit = position.max_credit
        self.active_count = position.active_count
        self.joker = compact.joker if position.joker_leads else -1
        self.trick = position.trick[:]
        self.led = position.led
        self.best = position.best
        self.winner = position.winner
        self.turn = position.turn
        self.tricks_left = position.tricks_left
        self.players = position.players
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = node_limit  # 0: none; else NodeLimitReached after this many nodes

    # ------------------------------------------------------------------ questions

    def reaches(self, target: int) -> bool:
        """True when the team counted takes at least ``target`` more tricks against best defence."""
        return self._reaches(target)

    def value(self) -> int:
        """The exact number of further tricks the team counted takes with best play by all."""
        low, high = 0, self.tricks_left
        while low < high:
            middle = (low + high + 1) // 2
            if self._reaches(middle):
                low = middle
            else:
                high = middle - 1
        return low

    def move_values(self, moves: list[tuple[int, int]]) -> list[int]:
        """The exact value of each move (the tricks the team counted takes after playing it)."""
        values = []
        for card, named in moves:
            low, high = 0, self.tricks_left
            while low < high:
                middle = (low + high + 1) // 2
                if self._move_reaches(card, named, middle):
                    low = middle
                else:
                    high = middle - 1
            values.append(low)
        return values

    # ------------------------------------------------------------------ search

    def _reaches(self, target: int) -> bool:
        if target <= 0:
            return True
        if target > self.tricks_left:
            return False
        self.nodes += 1
        if self.nodes > self.node_limit > 0:
            raise NodeLimitReached(self.node_limit)
        if self.trick:
            return self._branch(target)
        key = self._key()
        bounds = self.table.get(key)
        if bounds is not None:
            if bounds[0] >= target:
                return True
            if bounds[1] < target:
                return False
        else:
            bounds = (0, self.tricks_left)
        result = self._branch(target)
        if result:
            self.table[key] = (max(bounds[0], target), bounds[1])
        else:
            self.table[key] = (bounds[0], min(bounds[1], target - 1))
        return result

    def _branch(self, target: int) -> bool:
        maximising = bool((self.max_controls >> self.turn) & 1)
        for card, named in self._moves():
            if self._move_reaches(card, named, target) == maximising:
                return maximising
        return not maximising

    def _move_reaches(self, card: int, named: int, target: int) -> bool:
        seat = self.turn
        saved = (self.led, self.best, self.winner)
        bit = 1 << card
        self.hands[seat] ^= bit
        if not self.trick:
            led = named if named >= 0 else self.group_of[card]
            self.led = led
            self.best = self.power[led][card]
            self.winner = seat
        else:
            strength = self.power[self.led][card]
            if strength > self.best:
                self.best = strength
                self.winner = seat
        self.trick.append(card)
        if len(self.trick) < self.active_count:
            self.turn = self.next_seat[seat]
            result = self._reaches(target)
        else:
            winner = self.winner
            trick = self.trick
            self.trick = []
            self.turn = winner
            self.tricks_left -= 1
            result = self._reaches(target - ((self.max_credit >> winner) & 1))
            self.tricks_left += 1
            self.trick = trick
        self.trick.pop()
        self.turn = seat
        self.hands[seat] ^= bit
        self.led, self.best, self.winner = saved
        return result

    def _moves(self) -> list[tuple[int, int]]:
        """Legal moves less equivalent cards: of a run with no other live card between, only the highest."""
        seat = self.turn
        playable = self.hands[seat]
        if self.trick:
            follow = playable & self.group_mask[self.led]
            if follow:
                playable = follow
        separators = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                separators |= hand
        for card in self.trick:
            separators |= 1 << card
        moves: list[tuple[int, int]] = []
        previous = -1
        group_of = self.group_of
        while playable:
            low = playable & -playable
            card = low.bit_length() - 1
            playable ^= low
            if previous >= 0 and group_of[previous] == group_of[card] and not separators & ((1 << card) - (2 << previous)):
                previous = card
                continue
            previous = card
            if card == self.joker and not self.trick:
                moves.extend((card, suit) for suit in range(4))
            else:
                moves.append((card, -1))
        return moves

    def _key(self) -> int:
        """The relative-rank key of a trick's start: the leader, then per group the holders of its live cards in rank order."""
        hands = self.hands
        live = 0
        for hand in hands:
            live |= hand
        key = self.turn
        for mask in self.group_mask:
            cards = live & mask
            key = (key << 5) | cards.bit_count()
            while cards:
                low = cards & -cards
                cards ^= low
                for seat, hand in enumerate(hands):
                    if hand & low:
                        key = (key << 3) | seat
                        break
        return key


def move_values(position: Position, moves: list[tuple[int, int]], node_limit: int = 0) -> list[int]:
    """The exact value of each move of a position, by the reference search (``node_limit``: 0 for none)."""
    return ReferenceSearch(position, node_limit).move_values(moves)


def value(position: Position, node_limit: int = 0) -> int:
    """The exact value of a position, by the reference search (``node_limit``: 0 for none)."""
    return ReferenceSearch(position, node_limit).value()


def reaches(position: Position, target: int, node_limit: int = 0) -> bool:
    """Whether the team counted takes at least ``target`` more tricks, by the reference search."""
    return ReferenceSearch(position, node_limit).reaches(target)
