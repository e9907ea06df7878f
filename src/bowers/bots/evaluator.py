"""The worth of a full-information world: each legal play's further tricks, solved double-dummy or played out.

``pimc`` scores every world it samples with an ``Evaluator``: the compiled
solver (``bowers.solve``) where it is installed and few enough tricks remain,
else the heuristic bot plays the hand on until the solver can finish it (or
to the end, without the solver).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from bowers.bots.heuristic import HeuristicBot
from bowers.game import Game
from bowers.hand import PLAY_PHASE

Solve = Callable[[Game], dict[str, int]]


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

    Positions with at most ``exact_tricks`` tricks left are solved double-dummy;
    longer ones (the first tricks of Ultimate's eleven) are played by the
    heuristic bot until that many are left, then solved.  Without the solver
    the heuristic plays every world to the end.
    """

    def __init__(self, heuristic: HeuristicBot, exact_tricks: int, use_solver: bool) -> None:
        self.heuristic = heuristic
        self.exact_tricks = exact_tricks
        module = _solver_module() if use_solver else None
        self._solve: Solve | None = getattr(module, "solve", None) if module is not None else None
        self._value: Callable[[Any], int] | None = getattr(module, "value", None) if module is not None else None
        self._position: Any = getattr(module, "Position", None) if module is not None else None
        self._move_values: Callable[..., list[int]] | None = getattr(module, "move_values", None) if module is not None else None

    @property
    def exact(self) -> bool:
        """True when the solver is available."""
        return self._solve is not None

    def _remaining(self, world: Game) -> int:
        return world.rules.hand_size - world.hand.tricks_played

    def move_values(self, world: Game, team: int | None = None) -> dict[str, int]:
        """Each legal play's further tricks for ``team`` (default: the side to act), which plays against all the others."""
        acting_team = world.rules.team_of(world.hand.to_act)  # type: ignore[arg-type]
        counted = acting_team if team is None else team
        if self._solve is not None and self._remaining(world) <= self.exact_tricks:
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
        if self._value is not None and self._position is not None and self._remaining(world) <= self.exact_tricks:
            return self._value(self._position.from_game(world, counted))
        return self._finish(world.copy(), len(world.results), counted) - world.hand.team_tricks[counted]

    def _finish(self, game: Game, hand_index: int, team: int) -> int:
        """``team``'s tricks at the end of the hand: the heuristic plays on, the solver finishes when it can."""
        rules = game.rules
        while len(game.results) == hand_index:
            remaining = rules.hand_size - game.hand.tricks_played
            if self._value is not None and self._position is not None and remaining <= self.exact_tricks:
                if game.hand.phase != PLAY_PHASE or game.hand.to_act is None:
                    break
                return game.hand.team_tricks[team] + self._value(self._position.from_game(game, team))
            to_act = game.to_act
            assert to_act is not None
            choice = self.heuristic.act(game.observation(to_act))
            game.apply_id(game.space.index[choice])
        tricks = game.results[hand_index]["tricks"]
        return sum(count for seat, count in enumerate(tricks) if seat % rules.teams == team)


__all__ = ["Evaluator", "Solve", "solver_function"]
