"""The ``pimc`` bot and ``advise``: sample the hidden cards, solve each world, choose the best average in points.

For every decision the bot samples worlds consistent with what its seat has
seen (``sampler.Sampler``) and scores each candidate action on each world:

* in play, the double-dummy solver gives every legal card's further tricks
  for the side to act;
* before play (ordering, calling, alone, defending alone, the loner exchange,
  discards, auction bids, twos and threes) the action is applied, the rest of
  the bidding is played by the heuristic bot for every seat, and the play from
  the first lead is solved double-dummy.

Tricks become points with the variant's own scoring (the march, the euchre,
the lone bonuses, the Jambone and the Jamboree), as the seat's team's points
minus the others'; near the end of a game, reaching the target (or letting
the others reach it) is weighted too.  The action with the best average wins.
Without the compiled solver the worlds are played out by the heuristic bot
instead (``evaluator="rollout"``), which is weaker but needs no solver.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bowers.bots.base import register
from bowers.bots.heuristic import HeuristicBot, decide, hand_tricks
from bowers.bots.sampler import Sampler
from bowers.bots.view import View, card_of
from bowers.errors import OptionError
from bowers.game import Game
from bowers.hand import PLAY_PHASE, SCORING, Hand

# Samples per decision at each level (level 3 is the default).
LEVEL_SAMPLES = {1: 4, 2: 8, 3: 16, 4: 32, 5: 64}

PIMC_DEFAULTS: dict[str, Any] = {
    "level": 3,  # 1 (quick) .. 5 (strongest): sets the samples
    "samples": None,  # worlds per decision; overrides the level
    "time_budget": None,  # seconds per decision; stops sampling early (then results depend on the machine)
    "candidates": 8,  # at most this many actions are compared before play (the heuristic ranks them)
    "game_weight": None,  # points that winning the game is worth (default: the variant's target)
    "evaluator": "auto",  # "solver", "rollout", or "auto" (the solver when it is available)
    "options": None,  # the game's options when the observation does not carry them
}

SETUP_STEPS_LIMIT = 64  # actions of bidding a world may take before play; more means a bug


@dataclass(frozen=True)
class Advice:
    """One choice the strong bot compared: its action, its value and why.

    ``value`` is the expected net points of this hand for the seat's team: the
    team's points minus the opponents' points, averaged over the sampled deals.
    """

    action: str
    value: float
    reason: str


Solve = Callable[[Game], dict[str, int]]


def solver_function() -> Solve | None:
    """The double-dummy solver (``bowers.solve``) when it is installed, else None."""
    import bowers

    solve = getattr(bowers, "solve", None)
    if solve is None:
        try:
            solve = getattr(importlib.import_module("bowers.solver"), "solve", None)
        except ImportError:
            return None
    return solve if callable(solve) else None


class PimcBot:
    """Perfect-information Monte Carlo: sampled worlds, each solved, averaged in points."""

    name = "pimc"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        unknown = sorted(set(settings) - set(PIMC_DEFAULTS))
        if unknown:
            names = ", ".join(sorted(PIMC_DEFAULTS))
            raise OptionError(
                f"the pimc bot has no setting {unknown[0]!r}; its settings are: {names}", unknown[0], tuple(PIMC_DEFAULTS)
            )
        values = dict(PIMC_DEFAULTS)
        values.update(settings)
        level = values["level"]
        if isinstance(level, bool) or level not in LEVEL_SAMPLES:
            raise OptionError(f"setting 'level' must be 1, 2, 3, 4 or 5, not {level!r}", "level", tuple(LEVEL_SAMPLES))
        samples = values["samples"]
        if samples is None:
            samples = LEVEL_SAMPLES[level]
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise OptionError(f"setting 'samples' must be a whole number of at least 1, not {samples!r}", "samples", "1 or more")
        budget = values["time_budget"]
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int | float) or budget <= 0):
            raise OptionError(f"setting 'time_budget' must be a positive number of seconds, not {budget!r}", "time_budget")
        candidates = values["candidates"]
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise OptionError(f"setting 'candidates' must be a whole number of at least 1, not {candidates!r}", "candidates")
        evaluator = values["evaluator"]
        if evaluator not in ("auto", "solver", "rollout"):
            raise OptionError(
                f"setting 'evaluator' must be auto, solver or rollout, not {evaluator!r}",
                "evaluator",
                ("auto", "solver", "rollout"),
            )
        solve = solver_function() if evaluator != "rollout" else None
        if evaluator == "solver" and solve is None:
            raise OptionError(
                "setting evaluator='solver' needs bowers.solve, which is not installed", "evaluator", ("auto", "rollout")
            )
        self.samples: int = samples
        self.time_budget: float | None = budget
        self.candidates: int = candidates
        self.game_weight: float | None = values["game_weight"]
        self.options: Mapping[str, Any] | None = values["options"]
        self._solve = solve
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed=0, options=self.options)

    # ------------------------------------------------------------------ the bot

    def act(self, observation: Mapping[str, Any]) -> str:
        """The action with the best expected value over the sampled worlds."""
        legal = list(observation.get("legal_actions") or [])
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        if len(legal) == 1:
            return str(legal[0])
        if "claim-renege" in legal:  # claims are the heuristic's: it claims only a renege it has seen
            claim = decide(View(observation, self.options), self._heuristic.settings)
            if claim == "claim-renege" or observation.get("phase") == "renege-review":
                return claim
        return self.advise(observation)[0].action

    def advise(self, observation: Mapping[str, Any], include: Sequence[str] = ()) -> list[Advice]:
        """Every compared action with its expected net points and a reason, best first.

        Actions named in ``include`` are compared even where the heuristic would have left them out.
        """
        legal = list(observation.get("legal_actions") or [])
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        sampler = Sampler(observation, self.options)
        view = sampler.view
        rng = random.Random(self._rng.getrandbits(64))
        candidates = self._candidates(view, legal)
        candidates += [action for action in include if action in legal and action not in candidates]
        tallies = {action: _Tally() for action in candidates}
        started = time.perf_counter()
        for index in range(self.samples):
            world = sampler.sample(rng)
            if view.phase == "play":
                self._score_play(world, view, tallies)
            else:
                for action in candidates:
                    self._score_setup(world, view, action, tallies[action])
            if self.time_budget is not None and index >= 1 and time.perf_counter() - started > self.time_budget:
                break
        advice = [tally.advice(action, view) for action, tally in tallies.items()]
        order = {action: i for i, action in enumerate(candidates)}
        advice.sort(key=lambda a: (-tallies[a.action].utility_mean, order[a.action]))
        return advice

    # ------------------------------------------------------------------ candidates

    def _candidates(self, view: View, legal: list[str]) -> list[str]:
        """The actions to compare: all of them in play, the heuristic's best few before play."""
        if view.phase == "play" or len(legal) <= self.candidates:
            return [a for a in legal if a != "claim-renege"] or legal
        favourite = decide(view, self._heuristic.settings)
        ranked = sorted(legal, key=lambda a: -_quick_value(view, a))
        chosen = [favourite] + [a for a in ranked if a != favourite]
        return chosen[: self.candidates]

    # ------------------------------------------------------------------ scoring worlds

    def _further(self, world: Game) -> dict[str, int]:
        """Each legal action's further tricks for the side to act, with best play (or heuristic play-outs)."""
        if self._solve is not None:
            return self._solve(world)
        return _rollouts(world, self._heuristic)

    def _score_play(self, world: Game, view: View, tallies: dict[str, _Tally]) -> None:
        hand = world.hand
        acting_team = world.rules.team_of(hand.to_act)  # type: ignore[arg-type]
        further = self._further(world)
        remaining = world.rules.hand_size - hand.tricks_played
        for action, tally in tallies.items():
            tricks = further.get(action)
            if tricks is None:
                continue
            tally.add(*_settle(world, hand, acting_team, tricks, remaining, view.team, self._weight(world)))

    def _score_setup(self, world: Game, view: View, action: str, tally: _Tally) -> None:
        game = world.copy()
        game.apply_id(game.space.index[action])
        steps = 0
        while game.hand.phase != PLAY_PHASE and len(game.results) == len(world.results):
            seat = game.to_act
            assert seat is not None
            choice = self._heuristic.act(game.observation(seat))
            game.apply_id(game.space.index[choice])
            steps += 1
            if steps > SETUP_STEPS_LIMIT:
                raise AssertionError("the bidding of a sampled world did not end")
        if len(game.results) > len(world.results):  # the hand ended before play: a misdeal, or a renege claim
            points = game.results[len(world.results)]["points"]
            net = float(points[view.team] - sum(p for t, p in enumerate(points) if t != view.team))
            tally.add(net, net, 0, False, False, False)
            return
        hand = game.hand
        acting_team = game.rules.team_of(hand.to_act)  # type: ignore[arg-type]
        further = self._further(game)
        best = max(further.values())
        tally.add(*_settle(game, hand, acting_team, best, game.rules.hand_size, view.team, self._weight(game)))

    def _weight(self, world: Game) -> float:
        return float(self.game_weight) if self.game_weight is not None else float(world.rules.target)


class _Tally:
    """Running sums of one action's outcomes over the sampled worlds."""

    __slots__ = ("count", "made", "march", "net", "set", "tricks", "utility", "wins")

    def __init__(self) -> None:
        self.count = 0
        self.net = 0.0
        self.utility = 0.0
        self.tricks = 0
        self.march = 0
        self.made = 0
        self.set = 0
        self.wins = 0

    def add(self, net: float, utility: float, tricks: int, march: bool, made: bool, euchred_them: bool) -> None:
        self.count += 1
        self.net += net
        self.utility += utility
        self.tricks += tricks
        self.march += march
        self.made += made
        self.set += euchred_them
        self.wins += utility - net > 0

    @property
    def utility_mean(self) -> float:
        return self.utility / self.count if self.count else -1e9

    def advice(self, action: str, view: View) -> Advice:
        if not self.count:
            return Advice(action, float("nan"), "not evaluated")
        count = self.count
        parts = [f"wins {self.tricks / count:.1f} tricks on average"]
        if self.march:
            parts.append(f"takes every trick on {100 * self.march / count:.0f}% of deals")
        if self.made:
            parts.append(f"makes the contract on {100 * self.made / count:.0f}% of deals")
        if self.set:
            parts.append(f"sets the makers on {100 * self.set / count:.0f}% of deals")
        if self.wins:
            parts.append(f"wins the game on {100 * self.wins / count:.0f}% of deals")
        return Advice(action, round(self.net / count, 3), "; ".join(parts))


def _settle(
    game: Game, hand: Hand, acting_team: int, further: int, remaining: int, my_team: int, game_weight: float
) -> tuple[float, float, int, bool, bool, bool]:
    """(net points, utility, my team's tricks, march, my team made it, my team set the makers) of a finished line."""
    rules = game.rules
    teams = rules.teams
    team_tricks = [0] * teams
    for seat, count in enumerate(hand.tricks_won):
        team_tricks[seat % teams] += count
    team_tricks[acting_team] += further
    others = remaining - further
    maker_team = hand.maker % teams if hand.maker >= 0 else 0
    if teams == 2:
        team_tricks[1 - acting_team] += others
    else:  # three teams: the tricks the solver does not split go to the makers (the worse case for the others)
        receiver = maker_team if maker_team != acting_team else (acting_team + 1) % teams
        team_tricks[receiver] += others
    if hand.jambone:
        needed = rules.hand_size
    elif rules.bidding == "auction":
        needed = hand.contract_level
    else:
        needed = rules.tricks_to_make
    made = team_tricks[maker_team] >= needed
    points = SCORING[rules.scoring](hand, team_tricks, maker_team, made)
    for seat in hand.jamboree:
        points[seat % teams] += 16
    net = float(points[my_team] - sum(p for t, p in enumerate(points) if t != my_team))
    utility = net
    scores = [game.scores[t] + points[t] for t in range(teams)]
    best = max(scores)
    if best >= rules.target and scores.count(best) == 1:
        utility += game_weight if scores.index(best) == my_team else -game_weight
    mine = team_tricks[my_team]
    march = mine == rules.hand_size
    return net, utility, mine, march, made and maker_team == my_team, not made and maker_team != my_team


def _rollouts(world: Game, heuristic: HeuristicBot) -> dict[str, int]:
    """Each legal action's further tricks for the side to act when the heuristic plays the rest of the hand."""
    hand = world.hand
    acting_team = world.rules.team_of(hand.to_act)  # type: ignore[arg-type]
    names = world.space.names
    start = [0] * world.rules.teams
    for seat, count in enumerate(hand.tricks_won):
        start[seat % world.rules.teams] += count
    out: dict[str, int] = {}
    for action_id in hand.legal_ids():
        game = world.copy()
        game.apply_id(action_id)
        while len(game.results) == len(world.results):
            to_act = game.to_act
            assert to_act is not None
            choice = heuristic.act(game.observation(to_act))
            game.apply_id(game.space.index[choice])
        tricks = game.results[len(world.results)]["tricks"]
        taken = sum(count for seat, count in enumerate(tricks) if seat % world.rules.teams == acting_team)
        out[names[action_id]] = taken - start[acting_team]
    return out


def _quick_value(view: View, action: str) -> float:
    """A cheap score to rank many candidate actions (discards by the hand they leave)."""
    if action.startswith("discard:") and view.trump >= 0:
        cards = 0
        for name in action.split(":")[1].split(","):
            cards |= 1 << card_of(name)
        return hand_tricks(view, view.hand & ~cards, view.trump)
    if action.startswith("twos-threes:"):
        return -sum(card_of(name) % 13 for name in action.split(":")[1].split(","))
    return 0.0


def advise(observation: Mapping[str, Any], **settings: Any) -> list[Advice]:
    """The choices the strong bot compares, with their expected net points and a reason, best first.

    Settings are those of the ``pimc`` bot (``level``, ``samples``, ...); the
    default seed is 0, so the same observation gets the same advice.
    """
    seed = settings.pop("seed", 0)
    return PimcBot(seed=seed if isinstance(seed, int) else None, **settings).advise(observation)


register("pimc", PimcBot)

__all__ = ["LEVEL_SAMPLES", "PIMC_DEFAULTS", "Advice", "PimcBot", "advise", "solver_function"]
