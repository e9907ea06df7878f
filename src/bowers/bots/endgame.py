"""The heuristic's count of the last tricks: with a few cards left, every card it may play is solved on deals of
the unseen cards, and the card worth the most points on them is played.

A strong player counts the end of a hand out: which cards are left, who can still hold them (the suits each seat
has shown out of), what each play leads to.  The heuristic's rules stand for that count earlier in the hand; from
``ENDGAME_CARDS`` cards in the hand (every trick of a five-card hand) the count itself is cheap.  The deals are
drawn as ``pimc`` draws its worlds (``sampler.Sampler``, without reading the bidding) from a seed fixed by the
observation, so the same position always gets the same card.  Each card is worth the hand's net points for the
seat's side after exact play of the rest of the hand (``bowers.solver``), averaged over the deals; the rules' own
card is kept wherever no other card is worth more.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping

import numpy as np

from bowers.bots.sampler import Sampler
from bowers.bots.view import View
from bowers.cards import cards_of
from bowers.solver import Position, move_values

PointsOf = Callable[[int], float]  # the hand's net points for the side to play, by its further tricks

ENDGAME_CARDS = 5  # by default the count runs with at most this many cards in the hand
# A card must be worth this many points more on average to replace the rules' own (a float's rounding, no more).
MARGIN = 1e-9
_BARRED = 2.0  # a key above every uniform key: a card the seat may not hold, or already dealt


def counted_play(
    view: View, plays: Mapping[str, int], choice: str, worlds: int, points: PointsOf, cards: int = ENDGAME_CARDS
) -> str:
    """The card to play among ``plays`` (action -> card): ``choice`` (the rules' card) unless another is worth more
    points on ``worlds`` deals of the unseen cards, where ``points(further)`` is the hand's net points for the side
    to play when it takes ``further`` more tricks, the trick in progress included; only with at most ``cards``
    cards in the hand."""
    if worlds <= 0 or len(plays) < 2 or not counts(view, cards):
        return choice
    left = view.rules.hand_size - sum(view.tricks_won)  # tricks to play, the one in progress included
    if len({points(further) for further in range(left + 1)}) == 1:
        return choice  # the hand's points are settled whatever the cards do
    sampler = Sampler(view.observation)
    rng = np.random.default_rng(_seed_of(view))
    sitting_out = sum(1 << seat for seat in view.sitting_out)
    hands = [0] * view.players
    hands[view.seat] = view.hand
    base = Position.from_parts(view.rules, view.trump, hands, view.seat, view.trick, view.led, sitting_out)
    deals = _Deals(sampler, base, sitting_out)
    moves = base.moves()  # the seat's own cards: the same in every world
    counted = [(index, name) for index, name in enumerate(base.action_names()) if name in plays]
    totals = dict.fromkeys(plays, 0.0)
    worth: dict[int, float] = {}
    for hands_now, times in deals.draw_many(rng, worlds):  # a deal drawn again is solved once, counted each time
        base.hands = list(hands_now)  # each world's cards go into ``base`` itself: the solver only reads it
        values = move_values(base, moves)
        for index, name in counted:
            further = values[index]
            value = worth.get(further)
            if value is None:
                value = worth[further] = points(further)
            totals[name] += value * times
    best = max(totals.values())
    if totals.get(choice, -1e18) >= best - MARGIN * worlds:
        return choice
    return next(action for action, total in totals.items() if total >= best - MARGIN * worlds)


def counts(view: View, cards: int = ENDGAME_CARDS) -> bool:
    """Whether the count runs for this view: in play, with at most ``cards`` cards, two teams and no Jambone hand, and
    not for the opening lead against a lone hand (there the bidding says the most, and the count's deals ignore it:
    the rules' lead stands)."""
    return (
        view.phase == "play"
        and view.rules.teams == 2
        and view.tables is not None
        and not view.jambone
        and view.playing_for < 0
        and view.hand.bit_count() <= cards
        and not leads_into_a_loner(view)
    )


def leads_into_a_loner(view: View) -> bool:
    """Whether the seat leads the first trick against a maker playing alone."""
    opening = not view.trick and sum(view.tricks_won) == 0
    return opening and view.alone and view.maker >= 0 and not view.same_team(view.seat, view.maker)


def _seed_of(view: View) -> int:
    """A seed fixed by what the seat has seen: the same position draws the same deals."""
    seen = repr((view.seat, view.hand, view.history, view.observation.get("tricks"), view.observation.get("trick")))
    return zlib.crc32(seen.encode())


class _Deals:
    """Deals of the unseen cards drawn as the sampler draws them (seat by seat, the most constrained seat first, each
    seat's cards uniform among those it may still hold), straight into the solver's compact hands (a seat that sits
    the hand out draws its cards too: they are out of play, and in no other hand)."""

    __slots__ = ("allowed_columns", "bit_array", "cards", "fixed", "order", "sampler", "solver_seats", "to_compact")

    def __init__(self, sampler: Sampler, base: Position, sitting_out: int) -> None:
        self.sampler = sampler
        self.to_compact = base.compact.to_compact
        self.cards = cards_of(sampler.pool)
        index_of = base.compact.index_of
        players = len(sampler.needs)
        self.solver_seats = [not sitting_out >> seat & 1 for seat in range(players)]
        known = sampler.holdings_known()
        self.fixed = [self.to_compact(cards) if self.solver_seats[seat] else 0 for seat, cards in enumerate(known)]
        self.order = [(seat, sampler.needs[seat], self.solver_seats[seat]) for seat in sampler.order]
        # Each card's compact bit, and which cards each seat may hold, in array form.
        self.bit_array = np.array([1 << index_of[card] for card in self.cards], dtype=np.uint64)
        self.allowed_columns = {
            seat: np.array([bool(sampler.allowed[seat] >> card & 1) for card in self.cards], dtype=bool) for seat in sampler.order
        }

    def draw(self, rng: np.random.Generator) -> tuple[int, ...]:
        """One deal: every seat's cards in compact form (none for a seat that sits out)."""
        return self.draw_many(rng, 1)[0][0]

    def draw_many(self, rng: np.random.Generator, count: int) -> list[tuple[tuple[int, ...], int]]:
        """``count`` deals at once, each as :meth:`draw` gives it, as (deal, times drawn) pairs, each deal once.

        Each seat's cards are the ``need`` free cards it may hold with the smallest of a row of uniform keys: a
        uniform choice among them, as the sampler's ``rng.sample`` makes it, for every deal in a few array steps.
        """
        width = len(self.cards)
        rows = np.arange(count)[:, None]
        taken = np.zeros((count, width), dtype=bool)
        hands = np.tile(np.array(self.fixed, dtype=np.uint64), (count, 1))
        failed = np.zeros(count, dtype=bool)
        for seat, need, plays in self.order:
            if need <= 0:
                continue
            if need > width:  # more cards than are unseen: no quick draw can deal it
                failed[:] = True
                break
            keys = rng.random((count, width))
            keys[:, ~self.allowed_columns[seat]] = _BARRED
            keys[taken] = _BARRED
            picked = np.argpartition(keys, need - 1, axis=1)[:, :need]
            failed |= (np.take_along_axis(keys, picked, axis=1) >= _BARRED).any(axis=1)
            taken[rows, picked] = True
            if plays:
                hands[:, seat] |= np.bitwise_or.reduce(self.bit_array[picked], axis=1)
        deals: dict[tuple[int, ...], int] = {}
        for row in hands[~failed].tolist():
            deal = tuple(row)
            deals[deal] = deals.get(deal, 0) + 1
        if failed.any():  # a dead end of the quick draw: the sampler's own draw never fails
            fallback = random.Random(int(rng.integers(1 << 62)))
            for _ in range(int(failed.sum())):
                deal = self._fallback(fallback)
                deals[deal] = deals.get(deal, 0) + 1
        return list(deals.items())

    def _fallback(self, rng: random.Random) -> tuple[int, ...]:
        holdings = self.sampler.holdings(rng)[0]
        return tuple(self.to_compact(cards) if plays else 0 for cards, plays in zip(holdings, self.solver_seats, strict=True))
