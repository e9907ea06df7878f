"""The worth of a full-information world: each legal play's further tricks, solved double-dummy or played out.

``pimc`` scores every world it samples with an ``Evaluator``: the compiled
solver (``bowers.solve``) where it is installed and few enough tricks remain,
else the heuristic bot plays the hand on until the solver can finish it (or
to the end, without the solver).  With ``captures`` the play-out never lets
an opponent's Joker or bower win a trick that the seat to play can surely
take from it (the heuristic alone sometimes does, and a capture it would not
make was then never valued).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from bowers.bots.heuristic import HeuristicBot
from bowers.cards import JACK, JOKER, rank_of
from bowers.game import Game
from bowers.hand import PLAY_PHASE

Solve = Callable[[Game], dict[str, int]]

# A whole hand of Ultimate is solved in milliseconds, but a rare world takes the solver seconds: a position with
# more than FALLBACK_TRICKS tricks left is given up past WORLD_NODE_LIMIT nodes (about a third of a second), then
# played out by the heuristic to FALLBACK_TRICKS tricks and solved from there, so one world never holds a decision
# up for long.
WORLD_NODE_LIMIT = 3_000_000
FALLBACK_TRICKS = 7


def solver_function() -> Solve | None:
    """The double-dummy solver (``bowers.solve``) when it is installed, else None."""
    module = _solver_module()
    solve = getattr(module, "solve", None) if module is not None else None
    return solve if callable(solve) else None


def _solver_module() -> Any:
    try:
        return importlib.import_module("bowers.solver")
    except ImportError:
        return None


class Evaluator:
    """Further tricks of the side to act in a full-information world: solved exactly, or played out first.

    Positions with at most ``exact_tricks`` tricks left (None: every position) are solved double-dummy;
    longer ones are played by the heuristic bot until that many are left, then
    solved, the heuristic's cards corrected by ``captures`` (see the module).
    Without the solver the heuristic plays every world to the end.
    """

    def __init__(self, heuristic: HeuristicBot, exact_tricks: int | None, use_solver: bool, captures: bool = False) -> None:
        self.heuristic = heuristic
        self.exact_tricks = exact_tricks
        self.captures = captures
        module = _solver_module() if use_solver else None
        self._solve: Solve | None = getattr(module, "solve", None) if module is not None else None
        self._value: Callable[..., int] | None = getattr(module, "value", None) if module is not None else None
        self._position: Any = getattr(module, "Position", None) if module is not None else None
        self._move_values: Callable[..., list[int]] | None = getattr(module, "move_values", None) if module is not None else None
        self._gave_up: type[Exception] | None = getattr(module, "NodeLimitReached", None) if module is not None else None

    @property
    def exact(self) -> bool:
        """True when the solver is available."""
        return self._solve is not None

    def _remaining(self, world: Game) -> int:
        return world.rules.hand_size - world.hand.tricks_played

    def exact_limit(self, hand_size: int) -> int:
        """The most tricks left at which a position of a hand of ``hand_size`` cards is solved without a play-out."""
        return hand_size if self.exact_tricks is None else self.exact_tricks

    def move_values(self, world: Game, team: int | None = None) -> dict[str, int]:
        """Each legal play's further tricks for ``team`` (default: the side to act), which plays against all the others."""
        acting_team = world.rules.team_of(world.hand.to_act)  # type: ignore[arg-type]
        counted = acting_team if team is None else team
        if self._solve is not None and self._remaining(world) <= self.exact_limit(world.rules.hand_size):
            if counted == acting_team:
                return self._solve(world)
            assert self._move_values is not None and self._position is not None  # the solver module has them all
            position = self._position.from_game(world, counted)
            return dict(zip(position.action_names(), self._move_values(position), strict=True))
        names = world.space.names
        base = world.hand.team_tricks[counted]
        out: dict[str, int] = {}
        for action_id in world.hand.legal_ids():
            if names[action_id] == "claim-renege":
                continue
            game = world.copy()
            game.apply_id(action_id)
            out[names[action_id]] = self._finish(game, len(world.results), counted) - base
        return out

    def value(self, world: Game, team: int | None = None) -> int:
        """The further tricks of ``team`` (default: the side to act) with best play (or the heuristic's play)."""
        counted = world.rules.team_of(world.hand.to_act) if team is None else team  # type: ignore[arg-type]
        exact = self._remaining(world) <= self.exact_limit(world.rules.hand_size)
        if exact:
            solved = self._solved(world, counted)
            if solved is not None:
                return solved
        return self._finish(world.copy(), len(world.results), counted) - world.hand.team_tricks[counted]

    def _solved(self, world: Game, team: int) -> int | None:
        """``team``'s further tricks with best play, or None without the solver or where a long position passed
        ``WORLD_NODE_LIMIT`` nodes."""
        if self._value is None or self._position is None:
            return None
        position = self._position.from_game(world, team)
        if self._remaining(world) <= FALLBACK_TRICKS or self._gave_up is None:
            return self._value(position)
        try:
            return self._value(position, node_limit=WORLD_NODE_LIMIT)
        except self._gave_up:
            return None

    def _finish(self, game: Game, hand_index: int, team: int) -> int:
        """``team``'s tricks at the end of the hand: the heuristic plays on, the solver finishes when it can (at
        ``FALLBACK_TRICKS`` tricks left where a longer position passed the node limit)."""
        rules = game.rules
        limit = self.exact_limit(rules.hand_size)
        while len(game.results) == hand_index:
            remaining = rules.hand_size - game.hand.tricks_played
            if remaining <= limit and self._value is not None:
                if game.hand.phase != PLAY_PHASE or game.hand.to_act is None:
                    break
                solved = self._solved(game, team)
                if solved is not None:
                    return game.hand.team_tricks[team] + solved
                limit = FALLBACK_TRICKS
            game.apply_id(self.play_out_action(game))
        tricks = game.results[hand_index]["tricks"]
        return sum(count for seat, count in enumerate(tricks) if seat % rules.teams == team)

    def play_out_action(self, game: Game) -> int:
        """The action id the play-out takes for the seat to act: the heuristic's, or with ``captures`` the sure
        capture of an opponent's Joker or bower where the heuristic's card would let that card win the trick."""
        to_act = game.to_act
        assert to_act is not None
        action_id = game.space.index[self.heuristic.act(game.observation(to_act))]
        if not self.captures or game.hand.phase != PLAY_PHASE:
            return action_id
        capture = sure_capture(game)
        if capture is None or game.space.decode(action_id).keyword != "play":
            return action_id
        power = game.hand.power[game.hand.led]
        decode = game.space.decode
        return action_id if power[decode(action_id).card] >= power[decode(capture).card] else capture


def sure_capture(game: Game) -> int | None:
    """The play (an action id) of the seat to act that takes the trick in progress from an opponent's Joker or
    bower most cheaply and that no player still to play to it can beat (every hand is known), or None where
    the trick is not won by such a card or no play surely takes it."""
    hand = game.hand
    seat = hand.turn
    tables = hand.tables
    if not hand.trick_cards or hand.to_act != seat or tables is None:  # a Jambone hand is played by an opponent
        return None
    rules = game.rules
    team = rules.team_of(seat)
    winning_card = next(card for played_by, card in hand.trick if played_by == hand.trick_winner)
    if rules.team_of(hand.trick_winner) == team or winning_card not in _high_trumps(tables.trump_order):
        return None
    power = hand.power[hand.led]
    to_beat = hand.trick_best
    following = hand.next_active[seat]
    for _ in range(hand.active_count - len(hand.trick_cards) - 1):  # the opponents still to play to the trick
        if rules.team_of(following) != team:
            to_beat = max(to_beat, _best_power(hand.hands[following], hand.suit_mask[hand.led], power))
        following = hand.next_active[following]
    decoded = [game.space.decode(action_id) for action_id in hand.legal_ids()]
    winners = [(power[play.card], play.id) for play in decoded if play.keyword == "play" and power[play.card] > to_beat]
    return min(winners)[1] if winners else None


@lru_cache(maxsize=64)
def _high_trumps(trump_order: tuple[int, ...]) -> frozenset[int]:
    """The Jokers and bowers of a trump order (its cards above the ace of trump)."""
    return frozenset(card for card in trump_order if card >= JOKER or rank_of(card) == JACK)


def _best_power(held: int, led_mask: int, power: list[int]) -> int:
    """The highest power a hand can play to a trick led in the suit whose cards are ``led_mask`` (it must follow)."""
    playable = held & led_mask or held
    best = 0
    while playable:
        low = playable & -playable
        best = max(best, power[low.bit_length() - 1])
        playable ^= low
    return best


__all__ = ["Evaluator", "Solve", "solver_function", "sure_capture"]
