"""The heuristic's count of the last tricks: with a few cards left, every card it may play is solved on deals of
the unseen cards, and the card worth the most points on them is played.

A strong player counts the end of a hand out: which cards are left, who can still hold them (the suits each seat
has shown out of), what each play leads to.  The heuristic's rules stand for that count earlier in the hand; from
``ENDGAME_CARDS`` cards in the hand the count itself is cheap.  The deals are drawn as ``pimc`` draws its worlds
(``sampler.Sampler``, without reading the bidding) from a seed fixed by the observation, so the same position
always gets the same card.  Each card is worth the hand's net points for the seat's side after exact play of the
rest of the hand (``bowers.solver``), averaged over the deals; the rules' own card is kept wherever no other card
is worth more.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping

from bowers.bots.sampler import Sampler
from bowers.bots.view import View
from bowers.cards import cards_of
from bowers.solver import Position, move_values

PointsOf = Callable[[int], float]  # the hand's net points for the side to play, by its further tricks

ENDGAME_CARDS = 4  # the count runs with at most this many cards in the hand
# A card must be worth this many points more on average to replace the rules' own (a float's rounding, no more).
MARGIN = 1e-9


def counted_play(view: View, plays: Mapping[str, int], choice: str, worlds: int, points: PointsOf) -> str:
    """The card to play among ``plays`` (action -> card): ``choice`` (the rules' card) unless another is worth more
    points on ``worlds`` deals of the unseen cards, where ``points(further)`` is the hand's net points for the side
    to play when it takes ``further`` more tricks, the trick in progress included."""
    if worlds <= 0 or len(plays) < 2 or not counts(view):
        return choice
    left = view.rules.hand_size - sum(view.tricks_won)  # tricks to play, the one in progress included
    if len({points(further) for further in range(left + 1)}) == 1:
        return choice  # the hand's points are settled whatever the cards do
    sampler = Sampler(view.observation)
    rng = random.Random(_seed_of(view))
    sitting_out = sum(1 << seat for seat in view.sitting_out)
    hands = [0] * view.players
    hands[view.seat] = view.hand
    base = Position.from_parts(view.rules, view.trump, hands, view.seat, view.trick, view.led, sitting_out)
    deals = _Deals(sampler, base, sitting_out)
    moves = base.moves()  # the seat's own cards: the same in every world
    counted = [(index, name) for index, name in enumerate(base.action_names()) if name in plays]
    totals = dict.fromkeys(plays, 0.0)
    worth: dict[int, float] = {}
    solved: dict[tuple[int, ...], list[int]] = {}  # a deal drawn again is not solved again
    for _ in range(worlds):
        hands_now = deals.draw(rng)
        values = solved.get(hands_now)
        if values is None:
            base.hands = list(hands_now)  # each world's cards go into ``base`` itself: the solver only reads it
            values = solved[hands_now] = move_values(base, moves)
        for index, name in counted:
            further = values[index]
            value = worth.get(further)
            if value is None:
                value = worth[further] = points(further)
            totals[name] += value
    best = max(totals.values())
    if totals.get(choice, -1e18) >= best - MARGIN * worlds:
        return choice
    return next(action for action, total in totals.items() if total >= best - MARGIN * worlds)


def counts(view: View) -> bool:
    """Whether the count runs for this view: in play, with few cards, two teams and no Jambone hand."""
    return (
        view.phase == "play"
        and view.rules.teams == 2
        and view.tables is not None
        and not view.jambone
        and view.playing_for < 0
        and view.hand.bit_count() <= ENDGAME_CARDS
    )


def _seed_of(view: View) -> int:
    """A seed fixed by what the seat has seen: the same position draws the same deals."""
    seen = repr((view.seat, view.hand, view.history, view.observation.get("tricks"), view.observation.get("trick")))
    return zlib.crc32(seen.encode())


class _Deals:
    """Deals of the unseen cards drawn as the sampler draws them (seat by seat, the most constrained seat first, each
    seat's cards uniform among those it may still hold), straight into the solver's compact hands (a seat that sits
    the hand out draws its cards too: they are out of play, and in no other hand)."""

    __slots__ = ("bits", "cards", "fixed", "order", "sampler", "solver_seats", "to_compact")

    def __init__(self, sampler: Sampler, base: Position, sitting_out: int) -> None:
        self.sampler = sampler
        self.to_compact = base.compact.to_compact
        self.cards = cards_of(sampler.pool)
        index_of = base.compact.index_of
        self.bits = {card: 1 << index_of[card] for card in self.cards}
        players = len(sampler.needs)
        self.solver_seats = [not sitting_out >> seat & 1 for seat in range(players)]
        known = sampler.holdings_known()
        self.fixed = [self.to_compact(cards) if self.solver_seats[seat] else 0 for seat, cards in enumerate(known)]
        self.order = [(seat, sampler.needs[seat], sampler.allowed[seat], self.solver_seats[seat]) for seat in sampler.order]

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        """One deal: every seat's cards in compact form (none for a seat that sits out)."""
        hands = self.fixed[:]
        taken = 0
        bits = self.bits
        sample = rng.sample
        for seat, need, allowed, plays in self.order:
            free = [card for card in self.cards if allowed >> card & 1 and not taken >> card & 1]
            if len(free) < need:  # a dead end of the quick draw: the sampler's own draw never fails
                return self._fallback(rng)
            hand = 0
            for card in sample(free, need):
                taken |= 1 << card
                hand |= bits[card]
            if plays:
                hands[seat] |= hand
        return tuple(hands)

    def _fallback(self, rng: random.Random) -> tuple[int, ...]:
        holdings = self.sampler.holdings(rng)[0]
        return tuple(self.to_compact(cards) if plays else 0 for cards, plays in zip(holdings, self.solver_seats, strict=True))
