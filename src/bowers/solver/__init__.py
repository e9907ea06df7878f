"""Double-dummy solver: exact trick values of every play with every hand known, for every variant.

For people and simple use::

    bowers.solve(game)       # {"play:JH": 4, "play:9C": 3, ...}: further tricks for the team of game.to_act
    bowers.solve_line(game)  # ["play:JH", "play:AC", ...]: best play by everyone to the end of the hand

The fast path, for bots that solve thousands of sampled worlds per decision
(no strings, one conversion per world)::

    from bowers.solver import Position, move_values, value, reaches

    position = Position.from_game(game)           # or Position.from_parts(rules, trump, hands, turn, ...)
    world = position.with_hands(sampled_hands)   # the same position with other cards (engine bit sets)
    moves = world.moves()                         # (compact card, named suit) pairs, in action-id order
    worth = move_values(world, moves)             # tricks for world.team after each move
    world.action_id(moves[0])                     # the move's id in the variant's action space
    value(world)                                  # the position's value with best play
    reaches(world, 3)                             # does world.team take at least 3 more tricks? (cheaper)
    move_values(world, moves, node_limit=100_000) # or NodeLimitReached: a bound on one solve's work

Values count the tricks taken from the current point to the end of the hand,
the trick in progress included, by ``position.team`` (by default the team of
the seat to act; in a Jambone hand the opponent who chooses its plays).  Its
seats play to maximise that count and every other seat plays to minimise it:
with three teams, the team counted plays against the other two together.

The search runs in a small C extension (``bowers.solver._search``) built by
the package's own build; where it cannot be built, or with the environment
variable ``BOWERS_PURE=1``, the pure-Python reference search answers instead
(same values, slower).  See docs/solver.md.
"""

from bowers.solver.analysis import principal_line, solve, solve_line
from bowers.solver.limit import NodeLimitReached
from bowers.solver.position import Position
from bowers.solver.search import (
    clear_table,
    compiled_available,
    last_nodes,
    move_values,
    reaches,
    use_compiled,
    using_compiled,
    value,
)

__all__ = [
    "NodeLimitReached",
    "Position",
    "clear_table",
    "compiled_available",
    "last_nodes",
    "move_values",
    "principal_line",
    "reaches",
    "solve",
    "solve_line",
    "use_compiled",
    "using_compiled",
    "value",
]
