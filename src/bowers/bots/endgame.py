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
    tables = view.tables
    assert tables is not None
    sampler = Sampler(view.observation)
    rng = random.Random(_seed_of(view))
    sitting_out = sum(1 << seat for seat in view.sitting_out)
    hands = [0] * view.players
    hands[view.seat] = view.hand
    base = Position.from_parts(view.rules, view.trump, hands, view.seat, view.trick, view.led, sitting_out)
    to_compact = base.compact.to_compact  # each world's cards go into ``base`` itself: the solver only reads it
    out = sitting_out
    moves = base.moves()  # the seat's own cards: the same in every world
    counted = [(index, name) for index, name in enumerate(base.action_names()) if name in plays]
    totals = dict.fromkeys(plays, 0.0)
    worth: dict[int, float] = {}
    solved: dict[tuple[int, ...], list[int]] = {}  # a deal drawn again is not solved again
    for _ in range(worlds):
        holdings = tuple(sampler.holdings(rng)[0])
        values = solved.get(holdings)
        if values is None:
            base.hands = [0 if out >> seat & 1 else to_compact(hand) for seat, hand in enumerate(holdings)]
            values = solved[holdings] = move_values(base, moves)
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
