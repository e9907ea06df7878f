"""``solve`` and ``solve_line``: the solver's answers for a ``Game``, in action strings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bowers.solver.position import Position, move_name
from bowers.solver.search import move_values

if TYPE_CHECKING:
    from bowers.game import Game


def solve(game: Game) -> dict[str, int]:
    """Each legal play of ``game.to_act`` and the further tricks its team then takes against best play.

    Every hand must be known (a ``Game`` holds them all); the game must be in
    the play phase (mid-trick is fine).  Keys are canonical action strings in
    action order (``claim-renege`` is never among them: with reneges on the
    solver assumes everyone follows suit).  Raises ``IllegalAction`` outside
    the play phase or when the game is over.
    """
    position = Position.from_game(game)
    moves = position.moves()
    values = move_values(position, moves)
    return {move_name(position, move): worth for move, worth in zip(moves, values, strict=True)}


def solve_line(game: Game) -> list[str]:
    """A principal line: best plays by everyone from now to the end of the hand, as action strings.

    At each step the side to play picks a play of best value for it (for the
    team of ``game.to_act`` the most tricks, for its opponents the fewest),
    the first in action order among equals.
    """
    position = Position.from_game(game)
    return principal_line(position)


def principal_line(position: Position) -> list[str]:
    """The principal line of a ``Position`` (see ``solve_line``)."""
    line: list[str] = []
    current = position.copy()
    while current.tricks_left > 0:
        moves = current.moves()
        values = move_values(current, moves)
        target = max(values) if current.maximising() else min(values)
        move = moves[values.index(target)]
        line.append(move_name(current, move))
        current.play(move)
    return line
