"""The ``pimc`` bot and ``advise``: sample the hidden cards, solve each world, choose the best chance of winning.

Where a learned model covers a decision before play (``learned``: auction bids,
ordering up and calling, in the variants that have one; with ``bidding="learned"`` also partner or alone) the bot takes each
action's learned chances of the hand's results and prices each result by the
chance of winning the game it leaves; in standard Euchre and bid (``learned_weight``)
that is half of each action's worth, the other half its worth on solved
worlds as below.  Otherwise it samples worlds consistent
with what its seat has seen (``sampler.Sampler``), preferring deals in which
its model of the other players would have bid as they did, and scores each
candidate action on each world:

* in play, the double-dummy solver gives every legal card's further tricks
  for the side to act;
* before play (ordering, calling, alone, defending alone, the loner exchange,
  discards, auction bids, twos and threes) the action is applied, the rest of
  the bidding is played by the model of the players for every seat, and the
  play from the first lead is solved double-dummy.

Tricks become points with the variant's own scoring (the march, the euchre,
the lone bonuses, the Jambone and the Jamboree), and points become the chance
of winning the game from the score they lead to (``win_probability``: a
match-equity table per variant and target, computed from self-play).  The
action with the best average chance wins; far from the end of a game that is
the action with the most points, near it the one that wins most games.  With
three teams the makers' tricks are solved with both other teams against them (both score only when the makers
fail).  A decision stops sampling once its ``time_budget`` (2 s by default)
is spent, checked between solves.
Positions with many tricks left (Ultimate's first tricks) are played by the
heuristic until ``exact_tricks`` remain, then solved.  Without the solver
the worlds are played out by the heuristic bot instead
(``evaluator="rollout"``), which is weaker but needs no solver.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bowers.bots.base import register
from bowers.bots.heuristic import HeuristicBot, decide, hand_tricks
from bowers.bots.learned import FEATURE_SETS, ModelBidder, Models, decision_outcomes, decision_values, load_models
from bowers.bots.pimc_config import PimcConfig
from bowers.bots.sampler import Sampler
from bowers.bots.view import View, card_of
from bowers.bots.win_probability import WinTable, table_for
from bowers.errors import OptionError
from bowers.game import Game
from bowers.hand import PLAY_PHASE, Hand, hand_points

# Figures of the search that are fixed (each measured level against the others tried: the figures are in
# docs/notes/2026-11-29-pimc-settings.md).
PRIOR = 0.1  # points the heuristic's own choice is credited with, at most what they are worth at the start of a game
CANDIDATES = 8  # at most this many actions are compared before play (the heuristic ranks them)
BIDDING_TRIES = 8  # deals drawn per world to find one in which the model bids as the other seats did
RARE_CALL_FACTOR = 16  # as many times the draws after a rare call (a loner, a Jambone, a lone defence)
# The variants whose learned values bid at least as well as solved worlds in duplicate matches: with
# bidding="auto" (the default) pimc bids by them there and on solved worlds elsewhere.
LEARNED_BIDDING = frozenset({"standard", "bid"})
# Which learned models ``bidding="auto"`` uses there: the auction and the two rounds (the maker's partner-or-alone
# and the dealer's discard models only with bidding="learned").
AUTO_FEATURE_SETS = frozenset({"auction", "rounds"})
# The learned values' share of a choice's worth where they decide, by default (``learned_weight``); the rest is
# solved worlds.  Elsewhere (bid-railroad with bidding="learned") they decide alone.
LEARNED_WEIGHTS = {"standard": 0.5, "bid": 0.5}
SETUP_STEPS_LIMIT = 64  # actions of bidding a world may take before play; more means a bug


@dataclass(frozen=True)
class Advice:
    """One choice the strong bot compared: its action, its value and why.

    ``value`` is the expected net points of this hand for the seat's team: the
    team's points minus the opponents' points (with three teams, minus the mean
    of the other two teams'), averaged over the sampled deals.  ``win_chance``
    is the team's chance of winning the game after this hand, averaged the same
    way (for a learned decision, over the model's chances of the hand's results),
    and ``win_change`` its change from the chance when the hand was dealt (both
    None where no win-probability table covers the variant, and with the points model).
    """

    action: str
    value: float
    reason: str
    win_chance: float | None = None
    win_change: float | None = None


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
        base = _team_tricks(world, counted)
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
        return self._finish(world.copy(), len(world.results), counted) - _team_tricks(world, counted)

    def _finish(self, game: Game, hand_index: int, team: int) -> int:
        """``team``'s tricks at the end of the hand: the heuristic plays on, the solver finishes when it can."""
        rules = game.rules
        while len(game.results) == hand_index:
            remaining = rules.hand_size - game.hand.tricks_played
            if self._value is not None and self._position is not None and remaining <= self.exact_tricks:
                if game.hand.phase != PLAY_PHASE or game.hand.to_act is None:
                    break
                return _team_tricks(game, team) + self._value(self._position.from_game(game, team))
            to_act = game.to_act
            assert to_act is not None
            choice = self.heuristic.act(game.observation(to_act))
            game.apply_id(game.space.index[choice])
        tricks = game.results[hand_index]["tricks"]
        return sum(count for seat, count in enumerate(tricks) if seat % rules.teams == team)


def _team_tricks(game: Game, team: int) -> int:
    teams = game.rules.teams
    return sum(count for seat, count in enumerate(game.hand.tricks_won) if seat % teams == team)


class PimcBot:
    """Perfect-information Monte Carlo: sampled worlds, each solved, averaged in points."""

    name = "pimc"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        self.config = config = PimcConfig.from_settings(settings)
        solve = solver_function() if config.evaluator != "rollout" else None
        if config.evaluator == "solver" and solve is None:
            raise OptionError(
                "setting evaluator='solver' needs bowers.solve, which is not installed", "evaluator", ("auto", "rollout")
            )
        self.samples: int = config.worlds
        self.time_budget: float | None = config.budget
        self._models: Models | None = load_models(config.models) if config.models is not None else None
        self._rng = random.Random(seed)
        self._clock: Callable[[], float] = time.perf_counter  # the budget's clock (a test may give another)
        self.worlds_scored = 0  # worlds the last decision scored every compared action on
        self._heuristic = HeuristicBot(seed=0)
        # Who bids for the seats in a sampled world (the others, and this seat's later bids): the learned values
        # where a model covers the decision, else the heuristic.
        self._feature_sets = frozenset(FEATURE_SETS.values()) if config.bidding == "learned" else AUTO_FEATURE_SETS
        self._model_bidder: HeuristicBot = ModelBidder(seed=0, feature_sets=self._feature_sets, models=self._models)
        self._evaluator = Evaluator(self._heuristic, config.exact_tricks, use_solver=solve is not None)

    # ------------------------------------------------------------------ the bot

    def act(self, observation: Mapping[str, Any]) -> str:
        """The action with the best expected value over the sampled worlds."""
        legal = list(observation.get("legal_actions") or [])
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        if len(legal) == 1:
            return str(legal[0])
        if "claim-renege" in legal:  # claims are the heuristic's: it claims only a renege it has seen
            claim = decide(View(observation), self._heuristic.settings)
            if claim == "claim-renege" or observation.get("phase") == "renege-review":
                return claim
        advice, utilities, favourite, unit = self._compare(observation)
        if not advice:  # nothing could be evaluated: the heuristic decides
            return decide(View(observation), self._heuristic.settings)
        # The heuristic's favourite is played unless another choice is worth ``prior`` points more (at most what
        # they are worth at the start of a game): small differences between choices on a few samples are noise.
        bonus = PRIOR * unit

        def credited(choice: Advice) -> float:
            return round(utilities[choice.action] + (bonus if choice.action == favourite else 0.0), 9)

        return min(advice, key=lambda choice: (-credited(choice), choice.action != favourite)).action

    def advise(self, observation: Mapping[str, Any], include: Sequence[str] = ()) -> list[Advice]:
        """Every compared action with its expected net points and a reason, best first.

        Best means best for the game as sampled: by the chance of winning it where a table covers the
        variant, else by points.  Actions named in ``include`` are compared even where the heuristic would
        have left them out.  (``act`` also credits the heuristic's own choice with ``prior`` points, so the
        bot may play a choice within that margin of the first.)
        """
        return self._compare(observation, include)[0]

    def _compare(
        self, observation: Mapping[str, Any], include: Sequence[str] = ()
    ) -> tuple[list[Advice], dict[str, float], str | None, float]:
        """The advice best first, each action's worth (the unit it is ordered by), the heuristic's favourite
        among them (None for a learned decision) and a point's worth in that unit."""
        legal = list(observation.get("legal_actions") or [])
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        sampler = Sampler(observation)
        view = sampler.view
        rng = random.Random(self._rng.getrandbits(64))
        score = self.game_score(view)
        learned_bidding = self.learned_bidding(view.rules.variant)
        learned_part: dict[str, Advice] | None = None  # the learned advice, where solved worlds are blended in
        weight = self.weight_of_learned(view.rules.variant)
        if learned_bidding and view.phase != "play" and self._covered(view.phase):
            # One pass of the network: the chances of each result where the model gives them, else the mean.
            results = decision_outcomes(view, legal, self._models)
            if results is not None:
                nets, chances = results
                learned: dict[str, float] | None = {action: float(chances[action] @ nets) for action in legal}
            else:
                learned = decision_values(view, legal, self._models)
            if learned:
                priced = results if score.table is not None and view.rules.teams == 2 else None
                advice = _learned_advice(learned, priced, score)
                if weight >= 1 or (score.table is not None and any(c.win_chance is None for c in advice)):
                    # Already best first: each choice's worth is its place, so no prior can reorder them.
                    return advice, {choice.action: -place for place, choice in enumerate(advice)}, None, 0.0
                learned_part = {choice.action: choice for choice in advice}
                include = [*include, *legal]  # every choice the model valued is scored on the worlds too
        # How the other seats bid (each sampled world's observations carry the game's options).
        model = self.bidding_model(view.rules.variant)
        # A rare call (a loner, a Jambone, a lone defence) needs more draws to find a hand that explains it.
        tries = BIDDING_TRIES * (RARE_CALL_FACTOR if sampler.rare_bid else 1)
        candidates = self._candidates(view, legal)
        candidates += [action for action in include if action in legal and action not in candidates]
        tallies = {action: _Tally() for action in candidates}
        started = self._clock()
        budget = self.time_budget

        def spent() -> bool:
            return budget is not None and self._clock() - started > budget

        # A position too long to solve exactly (Ultimate's first tricks, and its bidding) is played out
        # before the solve, which costs several times more: it gets half the worlds.
        played = sum(1 for _, action in view.history if action.startswith("play:"))
        tricks_left = view.rules.hand_size - played // max(1, view.players - len(view.sitting_out))
        samples = self.samples if tricks_left <= self._evaluator.exact_tricks else max(2, self.samples // 2)
        auction = view.rules.bidding == "auction"
        # Before play every candidate is scored on the same worlds: the heuristic's favourite first, so that a
        # budget spent inside the first world still leaves it compared.
        favourite = decide(view, self._heuristic.settings)
        scoring_order = sorted(candidates, key=lambda action: action != favourite)
        self.worlds_scored = 0
        for _ in range(samples):
            if self.worlds_scored and spent():
                break
            world = sampler.sample(rng, model, tries)
            if view.phase == "play":
                self._score_play(world, view, tallies, score)
            else:
                outcomes: list[tuple[str, _Outcome]] = []
                for action in scoring_order:
                    if outcomes and spent():
                        break
                    outcomes.append((action, self._score_setup(world, view, action, score)))
                if self.worlds_scored and len(outcomes) < len(scoring_order):
                    break  # a world not scored for every candidate is left out: they are compared on the same worlds
                for action, outcome in outcomes:
                    tallies[action].add(*outcome)
            self.worlds_scored += 1
        # A play the solver does not consider (a renege, with the reneges option) is left out.
        before_play = view.phase != "play"
        advice = [tally.advice(action, score, before_play, auction) for action, tally in tallies.items() if tally.count]
        utilities = {action: round(tally.utility_mean, 9) for action, tally in tallies.items() if tally.count}
        order = {action: i for i, action in enumerate(candidates)}
        advice.sort(key=lambda choice: (-utilities[choice.action], choice.action != favourite, order[choice.action]))
        if len(advice) > 1 and score.table is not None:
            first = advice[0]
            top_points = max(advice, key=lambda choice: choice.value)
            if first.value < top_points.value and top_points.win_chance is not None:
                advice[0] = replace(first, reason=first.reason + _first_for_the_game(first, top_points))
        if learned_part is not None and advice:
            advice, utilities = _blended(advice, utilities, learned_part, weight, score)
            return advice, utilities, None, score.point_unit
        return advice, utilities, favourite, score.prior_unit

    def learned_bidding(self, variant: str) -> bool:
        """Whether this bot bids by the learned values (and models the other seats' bidding with them) in ``variant``."""
        bidding = self.config.bidding
        return bidding == "learned" or (bidding == "auto" and variant in LEARNED_BIDDING)

    def bidding_model(self, variant: str) -> HeuristicBot:
        """The model of every seat's bidding in ``variant``: the learned values where this bot bids by them, else the
        heuristic.  The sampler reads the other seats' bids with it, and the worlds bid on with it."""
        return self._model_bidder if self.learned_bidding(variant) else self._heuristic

    def weight_of_learned(self, variant: str) -> float:
        """The learned values' share of a choice's worth in ``variant``, where a learned model decides."""
        if self.config.learned_weight is not None:
            return float(self.config.learned_weight)
        return LEARNED_WEIGHTS.get(variant, 1.0)

    def _covered(self, phase: str) -> bool:
        """Whether this bot decides ``phase`` by a learned model (where the variant has one)."""
        return FEATURE_SETS.get(phase) in self._feature_sets

    def game_score(self, view: View) -> GameScore:
        """How this decision's points count for the seat's team: in chance of winning the game, or in points."""
        scores = list(view.observation.get("scores") or view.rules.initial_scores)
        return GameScore(view.rules, scores, view.dealer, view.team, self.config.score_model, float(view.rules.target))

    # ------------------------------------------------------------------ candidates

    def _candidates(self, view: View, legal: list[str]) -> list[str]:
        """The actions to compare: all of them in play, the heuristic's best few before play."""
        if view.phase == "play" or len(legal) <= CANDIDATES:
            return [a for a in legal if a != "claim-renege"] or legal
        favourite = decide(view, self._heuristic.settings)
        ranked = sorted(legal, key=lambda a: -_quick_value(view, a))
        chosen = [favourite] + [a for a in ranked if a != favourite]
        return chosen[:CANDIDATES]

    # ------------------------------------------------------------------ scoring worlds

    def _score_play(self, world: Game, view: View, tallies: dict[str, _Tally], score: GameScore) -> None:
        hand = world.hand
        remaining = world.rules.hand_size - hand.tricks_played
        if world.rules.teams == 2:
            acting_team = world.rules.team_of(hand.to_act)  # type: ignore[arg-type]
            further = self._evaluator.move_values(world)
            for action, tally in tallies.items():
                tricks = further.get(action)
                if tricks is not None:
                    tally.add(*_settle(world, hand, {acting_team: tricks}, remaining, score))
            return
        # Three teams: the makers' tricks are solved with both other teams against them (both score only when
        # the makers fail); a defender's own share of the rest is solved with everyone else against it.
        maker_team = hand.maker % world.rules.teams
        makers = self._evaluator.move_values(world, maker_team)
        own = self._evaluator.move_values(world, view.team) if view.team != maker_team else {}
        for action, tally in tallies.items():
            tricks = makers.get(action)
            if tricks is None:
                continue
            split = {maker_team: tricks}
            if view.team != maker_team:
                split[view.team] = min(own.get(action, 0), remaining - tricks)
            tally.add(*_settle(world, hand, split, remaining, score))

    def _score_setup(self, world: Game, view: View, action: str, score: GameScore) -> _Outcome:
        """The outcome of ``action`` in one world: the heuristic bids on for every seat, then the play is solved."""
        game = world.copy()
        game.apply_id(game.space.index[action])
        bidder = self.bidding_model(view.rules.variant)
        steps = 0
        while game.hand.phase != PLAY_PHASE and len(game.results) == len(world.results):
            seat = game.to_act
            assert seat is not None
            choice = bidder.act(game.observation(seat))
            game.apply_id(game.space.index[choice])
            steps += 1
            if steps > SETUP_STEPS_LIMIT:
                raise AssertionError("the bidding of a sampled world did not end")
        if len(game.results) > len(world.results):  # the hand ended before play: a misdeal, or a renege claim
            points = list(game.results[len(world.results)]["points"])
            net = score.net(points)
            utility, won, chance = score.utility(points, net)
            return (net, utility, 0, False, False, False, won, chance, NO_MAKERS)
        hand = game.hand
        size = game.rules.hand_size
        if game.rules.teams == 2:
            acting_team = game.rules.team_of(hand.to_act)  # type: ignore[arg-type]
            split = {acting_team: self._evaluator.value(game)}
        else:  # the makers against both other teams; a defender's share of the rest when the makers fail
            maker_team = hand.maker % game.rules.teams
            split = {maker_team: self._evaluator.value(game, maker_team)}
            if view.team != maker_team and not _made(game, hand, split[maker_team]):
                split[view.team] = min(self._evaluator.value(game, view.team), size - split[maker_team])
        return _settle(game, hand, split, size, score)


class GameScore:
    """How a hand's points count for one team at the current score.

    With ``model="win-probability"`` (the default) a hand is worth the team's chance of winning the game
    from the score it leads to, read from the variant's table (``win_probability``); with ``"points"``
    (the earlier model, kept for comparison) it is worth its net points, plus ``weight`` points when it
    wins the game and minus as many when it loses it.  A variant no table covers falls back to points.
    """

    def __init__(self, rules: Any, scores: Sequence[int], dealer: int, team: int, model: str, weight: float) -> None:
        self.rules = rules
        self.scores = list(scores)
        self.team = team
        self.weight = weight
        teams = rules.teams
        self.table: WinTable | None = table_for(rules) if model == "win-probability" else None
        dealer_team = dealer % rules.players % teams
        self.next_dealer_team = (dealer + 1) % rules.players % teams
        if self.table is not None:
            self.before: float | None = self.table.chance(self.scores, dealer_team, team)
            # A point's worth in chance of winning here, and the unit of the bot's prior: the same, but never
            # more than at the start of a game.  The heuristic whose choice the prior favours does not read the
            # score, so where a point decides more (9-9 in standard: half a game) its choice deserves no more.
            self.point_unit = self.table.point_value(self.scores, dealer_team, team)
            self.prior_unit = min(self.point_unit, self.table.point_value([0] * teams, dealer_team, team))
        else:
            self.before = None
            self.point_unit = self.prior_unit = 1.0

    def net(self, points: Sequence[int]) -> float:
        """The team's points minus the others' (their mean, with three teams)."""
        teams = len(points)
        return float(points[self.team] - sum(p for t, p in enumerate(points) if t != self.team) / (teams - 1))

    def after_net(self, net: float) -> float:
        """With two teams, the hand's worth to the team when its net points are ``net`` (only one team scores)."""
        points = [0, 0]
        points[self.team if net > 0 else 1 - self.team] = round(abs(net))
        return self.utility(points, net)[0]

    def utility(self, points: Sequence[int], net: float) -> tuple[float, bool, float | None]:
        """(the hand's worth to the team, whether it wins the game for the team, the team's chance of winning after it)."""
        rules = self.rules
        after = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        best = max(after)
        decided = best >= rules.target and after.count(best) == 1
        won = decided and after.index(best) == self.team
        if self.table is not None:
            chance = self.table.chance(after, self.next_dealer_team, self.team)
            return chance, won, chance
        utility = net
        if decided:
            utility += self.weight if won else -self.weight
        return utility, won, None


# (net points, utility, my team's tricks, march, my team made it, my team set the makers, my team won the game,
#  my team's chance of winning the game after the hand, who made trump: OUR_MAKERS, THEIR_MAKERS or NO_MAKERS)
#  of one world.
_Outcome = tuple[float, float, int, bool, bool, bool, bool, float | None, int]
OUR_MAKERS, THEIR_MAKERS, NO_MAKERS = 1, 0, -1


class _Tally:
    """Running sums of one action's outcomes over the sampled worlds."""

    __slots__ = ("chance", "count", "made", "march", "net", "ours", "set", "theirs", "tricks", "utility", "wins")

    def __init__(self) -> None:
        self.count = 0
        self.net = 0.0
        self.utility = 0.0
        self.tricks = 0
        self.march = 0
        self.made = 0
        self.set = 0
        self.wins = 0
        self.chance = 0.0
        self.ours = 0  # worlds where the team made trump
        self.theirs = 0  # worlds where another team did

    def add(
        self,
        net: float,
        utility: float,
        tricks: int,
        march: bool,
        made: bool,
        euchred_them: bool,
        won_game: bool = False,
        chance: float | None = None,
        makers: int = NO_MAKERS,
    ) -> None:
        self.count += 1
        self.net += net
        self.utility += utility
        self.tricks += tricks
        self.march += march
        self.made += made
        self.set += euchred_them
        self.wins += won_game
        self.chance += chance if chance is not None else 0.0
        self.ours += makers == OUR_MAKERS
        self.theirs += makers == THEIR_MAKERS

    @property
    def utility_mean(self) -> float:
        return self.utility / self.count if self.count else -1e9

    def advice(self, action: str, score: GameScore, before_play: bool = True, auction: bool = False) -> Advice:
        """The action's advice, its reason in a player's words for who made trump in the sampled deals."""
        if not self.count:
            return Advice(action, float("nan"), "not evaluated")
        count = self.count

        def share(part: int) -> str:
            return f"{100 * part / count:.0f}%"

        making, their_making = ("wins the bid", "win the bid") if auction else ("makes trump", "make trump")
        setting, being_set = ("sets them", "are set") if auction else ("euchres them", "are euchred")
        tricks = f"takes {self.tricks / count:.1f} tricks on average"
        parts: list[str] = []
        if self.ours == count:  # the team are the makers in every sampled deal
            opening = f"your side {making} and {tricks}" if before_play else f"your side {tricks}"
            parts += [opening, f"makes its contract on {share(self.made)} of deals"]
        elif self.theirs == count:
            opening = f"the opponents {their_making}; your side {tricks}" if before_play else f"your side {tricks}"
            parts += [opening, f"{setting} on {share(self.set)} of deals"]
        else:
            parts.append(f"your side {tricks}")
            if self.ours:
                parts.append(f"{making} on {share(self.ours)} of deals and makes its contract on {share(self.made)}")
            if self.theirs:
                parts.append(f"the opponents {their_making} on {share(self.theirs)} and {being_set} on {share(self.set)}")
            thrown_in = count - self.ours - self.theirs
            if thrown_in:
                parts.append(f"no one makes trump on {share(thrown_in)}")
        if self.march:
            parts.append(f"takes every trick on {share(self.march)} of deals")
        if self.wins:
            parts.append(f"wins the game with this hand on {share(self.wins)} of deals")
        chance = change = None
        if score.before is not None:
            chance = round(self.chance / count, 4)
            change = round(chance - score.before, 4)
            parts.append(f"chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)")
        return Advice(action, round(self.net / count, 3), "; ".join(parts), chance, change)


def _needed(game: Game, hand: Hand) -> int:
    """The tricks the makers need this hand."""
    rules = game.rules
    if hand.jambone:
        return rules.hand_size
    if rules.bidding == "auction":
        return hand.contract_level
    return rules.tricks_to_make


def _made(game: Game, hand: Hand, maker_further: int) -> bool:
    """Whether the makers, taking ``maker_further`` more tricks, make their contract."""
    teams = game.rules.teams
    maker_team = hand.maker % teams if hand.maker >= 0 else 0
    return _team_tricks(game, maker_team) + maker_further >= _needed(game, hand)


def _settle(game: Game, hand: Hand, further: Mapping[int, int], remaining: int, score: GameScore) -> _Outcome:
    """The outcome (see ``_Outcome``) of a finished line for ``score``'s team.

    ``further`` gives the further tricks of the teams that were solved; the rest of the ``remaining`` tricks go
    to the other team (with two teams), or to the first other defending team (with three: when the makers fail,
    the defenders' points then add up the same however the rest is split, which is all the net of the makers
    and of a defender whose own share was solved depends on).  The net is the team's points minus the others'
    (their mean, with three teams).
    """
    rules = game.rules
    teams = rules.teams
    team_tricks = [0] * teams
    for seat, count in enumerate(hand.tricks_won):
        team_tricks[seat % teams] += count
    for team, count in further.items():
        team_tricks[team] += count
    others = remaining - sum(further.values())
    maker_team = hand.maker % teams if hand.maker >= 0 else 0
    receiver = next((team for team in range(teams) if team not in further), maker_team)
    team_tricks[receiver] += others
    made = team_tricks[maker_team] >= _needed(game, hand)
    lone_defence = hand.lone_defender >= 0
    points = hand_points(rules.scoring, rules.hand_size, team_tricks, maker_team, made, hand.alone, lone_defence, hand.jambone)
    for seat in hand.jamboree:
        points[seat % teams] += 16
    my_team = score.team
    net = score.net(points)
    utility, won, chance = score.utility(points, net)
    mine = team_tricks[my_team]
    march = mine == rules.hand_size
    ours = maker_team == my_team
    makers = OUR_MAKERS if ours else THEIR_MAKERS
    return net, utility, mine, march, made and ours, not made and not ours, won, chance, makers


def _learned_advice(
    values: Mapping[str, float], outcomes: tuple[Any, Mapping[str, Any]] | None = None, score: GameScore | None = None
) -> list[Advice]:
    """Advice from the learned values of a decision before play.

    With the learned chances of each result of the hand (``outcomes``: the net points the hand can bring,
    and each action's chance of each) and a win-probability table, each action is worth the chance of
    winning the game it leaves, averaged over those results, and the advice is in that order; otherwise
    it is in order of expected points and carries no chance of winning.
    """
    chances: dict[str, float] = {}
    if outcomes is not None and score is not None and score.table is not None and score.before is not None:
        nets, distributions = outcomes
        after_each = [score.after_net(float(net)) for net in nets]
        for action in values:
            chances[action] = float(sum(p * after for p, after in zip(distributions[action], after_each, strict=True)))
    if chances:
        order = sorted(values, key=lambda action: (-chances[action], -values[action]))
    else:
        order = sorted(values, key=lambda action: -values[action])
    advice = []
    for action in order:
        value = round(values[action], 3)  # the one number both the value and the reason show, rounded once
        reason = f"scores {value:+.2f} points on average in real play (learned from self-play)"
        if chances and score is not None and score.before is not None:
            chance = chances[action]
            reason += f"; chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)"
            advice.append(Advice(action, value, reason, round(chance, 4), round(chance - score.before, 4)))
        else:
            advice.append(Advice(action, value, reason))
    if chances and len(advice) > 1 and advice[0].value < max(choice.value for choice in advice):
        top_points = max(advice, key=lambda choice: choice.value)
        advice[0] = replace(advice[0], reason=advice[0].reason + _first_for_the_game(advice[0], top_points))
    return advice


def _blended(
    worlds: Sequence[Advice], world_worth: Mapping[str, float], learned: Mapping[str, Advice], weight: float, score: GameScore
) -> tuple[list[Advice], dict[str, float]]:
    """Each choice scored on the worlds, worth ``weight`` times its learned worth plus the rest times its worth on the
    worlds (``world_worth``: in chance of winning the game where a table covers the variant, else in points), best
    first."""
    advice: list[Advice] = []
    utilities: dict[str, float] = {}
    for world in worlds:
        taught = learned[world.action]
        value = round(weight * taught.value + (1 - weight) * world.value, 3)
        reason = (
            f"scores {value:+.2f} points on average: {taught.value:+.2f} as learned from self-play, "
            f"{world.value:+.2f} on solved worlds"
        )
        chance = change = None
        if score.before is not None and taught.win_chance is not None and world.win_chance is not None:
            chance = round(weight * taught.win_chance + (1 - weight) * world.win_chance, 4)
            change = round(chance - score.before, 4)
            reason += f"; chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)"
            utilities[world.action] = weight * taught.win_chance + (1 - weight) * world_worth[world.action]
        else:
            utilities[world.action] = weight * taught.value + (1 - weight) * world_worth[world.action]
        advice.append(Advice(world.action, value, reason, chance, change))
    advice.sort(key=lambda choice: -utilities[choice.action])
    if score.before is not None and len(advice) > 1 and advice[0].value < max(choice.value for choice in advice):
        top_points = max(advice, key=lambda choice: choice.value)
        advice[0] = replace(advice[0], reason=advice[0].reason + _first_for_the_game(advice[0], top_points))
    return advice, utilities


def _first_for_the_game(first: Advice, top_points: Advice) -> str:
    """Why a choice that scores fewer points on average than ``top_points`` is listed first."""
    return (
        f"; first for the game: {100 * (first.win_chance or 0.0):.0f}% to win it against "
        f"{100 * (top_points.win_chance or 0.0):.0f}% for the choice that scores the most points"
    )


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

__all__ = ["Advice", "PimcBot", "advise", "solver_function"]
