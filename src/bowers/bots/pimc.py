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

The parts: ``pimc_config`` (the settings), ``sampler`` (the worlds), ``evaluator``
(a world's tricks), ``outcomes`` (a world's result for the team), ``pricing``
(its worth at the score) and ``advice`` (the choices, explained).

Tricks become points with the variant's own scoring (the march, the euchre,
the lone bonuses, the Jambone and the Jamboree), and points become the chance
of winning the game from the score they lead to (``win_probability``: a
match-equity table per variant and target, computed from self-play).  The
action with the best average chance wins; far from the end of a game that is
the action with the most points, near it the one that wins most games.  With
three teams the makers' tricks are solved with both other teams against them (both score only when the makers
fail).  A decision stops sampling once its ``time_budget`` (2 s by default)
is spent, checked between solves.  From version 2, where the two best choices
before play are still within the noise of their difference over the same
worlds, it draws more worlds, as many as end within 40% of the budget (the
whole budget where the variant's hands score 2.5 times standard's points or
more: Railroad, bid-railroad and Ultimate): up to four times as many, and as
many times more as the variant's hands score more points than standard's
(sixteen times in Railroad and Ultimate).
From version 2, in play, the heuristic's own card is credited only while the
best card on the worlds leads it within the noise of their difference world
by world, and a card that ties with it in every world drawn (not an
equivalent card), or differs from it in a few worlds only that do not tell
which is better (a near twin, ``near_twins``), draws more worlds, as such a
tie with the best card does, and so does a lead of the best card of one to two
standard errors that only the credit outweighs (``contested_credit``); of plays
that still tie in points in every world, the one that takes more tricks over
them is played (the heuristic's card hands its credit to it, as it does to a
near twin never worse and better in some world, only as far as it reached
with it), and of those
that take the same tricks too, with five cards or fewer in the hand, the one
the heuristic's count values most on 512 deals (``counted_twin``).
From version 2 every position is solved exactly from the first trick.  In
version 1 (and with a smaller ``exact_tricks``) positions with more tricks
left, Ultimate's first tricks, are played by the heuristic until that many
remain, then solved; from version 2 that play-out never lets an opponent's
Joker or bower win a trick the seat to play can surely take from it.  Without the solver
the worlds are played out by the heuristic bot instead
(``evaluator="rollout"``), which is weaker but needs no solver.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bowers import facts
from bowers.actions import DISCARD, DISCARD_KITTY, TWOS_THREES
from bowers.bots.advice import Advice, blended, learned_advice, note_first_for_the_game, world_advice
from bowers.bots.base import register
from bowers.bots.endgame import counted_play
from bowers.bots.evaluator import Evaluator, solver_function
from bowers.bots.heuristic import HeuristicBot, decide, hand_net, hand_tricks
from bowers.bots.learned import ModelBidder, decision_outcomes, decision_values
from bowers.bots.learned_features import FEATURE_SETS
from bowers.bots.learned_models import Models, load_models
from bowers.bots.outcomes import NO_MAKERS, Outcome, Tally, made, settle
from bowers.bots.pimc_config import PimcConfig
from bowers.bots.pricing import GameScore, points_scale
from bowers.bots.sampler import Sampler
from bowers.bots.view import View
from bowers.cards import to_hand
from bowers.errors import OptionError
from bowers.game import Game
from bowers.hand import PLAY_PHASE

# Figures of the search that are fixed (each measured level against the others tried: the figures are in
# docs/notes/2026-11-29-pimc-settings.md).
PRIOR = 0.1  # standard points the heuristic's own choice is credited with, at most what they are worth at a game's start
CANDIDATES = 8  # at most this many actions are compared before play (the heuristic ranks them)
BIDDING_TRIES = 8  # deals drawn per world to find one in which the model bids as the other seats did
COUNT_DEALS = 512  # deals the heuristic's count settles a tie in play on, where the worlds drawn could not
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
STEADY_FACTOR = 4  # at most this many times the worlds (in standard points) while the best two are within the noise
# More worlds only as many as, at the pace so far, end within this share of the budget, in standard points (so that
# standard's longest decision stays under a second; a variant whose hands score 2.5 times the points or more may
# spend the whole budget on them).
STEADY_SHARE = 0.4
# In play, more worlds for a tie only as many as end within this share of the budget.
TIE_SHARE = 0.25
# In play, plays whose worth differs in at most this share of the worlds (and at least one) are near twins: more worlds
# are drawn while one is better in some of the worlds that differ and the other in others, or while fewer than
# TWIN_EVIDENCE worlds differ at all.
TWIN_SHARE = 0.03
TWIN_EVIDENCE = 3
STEADY_Z = 2.0  # within the noise: their paired difference is less than this many standard errors
LONG_TRICKS = 7  # a position with more tricks left than this (or than ``exact_tricks``) gets half the worlds
SETUP_STEPS_LIMIT = 64  # actions of bidding a world may take before play; more means a bug


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
        self._heuristic = HeuristicBot(seed=0, version=config.version, endgame_worlds=0)  # it solves the end itself
        # Who bids for the seats in a sampled world (the others, and this seat's later bids): the learned values
        # where a model covers the decision, else the heuristic.
        self._feature_sets = frozenset(FEATURE_SETS.values()) if config.bidding == "learned" else AUTO_FEATURE_SETS
        self._model_bidder: HeuristicBot = ModelBidder(
            seed=0, feature_sets=self._feature_sets, models=self._models, version=config.version
        )
        self._evaluator = Evaluator(self._heuristic, config.exact, use_solver=solve is not None, captures=config.version >= 2)

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
        advice, utilities, favourite, bonus = self._compare(observation)
        if not advice:  # nothing could be evaluated: the heuristic decides
            return decide(View(observation), self._heuristic.settings)
        # The heuristic's favourite is played unless another choice is worth ``bonus`` more (``prior_points``, at
        # most what they are worth at the start of a game, less where a near tie drew more worlds): small
        # differences between choices on a few samples are noise.

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
        among them (None for a learned decision) and the credit of that favourite in that unit."""
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
                advice = learned_advice(learned, priced, score)
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
        tallies = {action: Tally() for action in candidates}
        started = self._clock()
        budget = self.time_budget

        def spent() -> bool:
            return budget is not None and self._clock() - started > budget

        # The share of the budget a near tie may spend: more in a variant whose hands score more points (the noise
        # to tell a margin from grows with them), the whole budget from 2.5 times standard's points.
        steady_share = min(1.0, STEADY_SHARE * max(1.0, points_scale(view.rules.variant)))

        def affordable(worlds: int) -> int:  # the most of ``worlds`` that end within the near tie's share, at this pace
            pace = (self._clock() - started) / max(1, self.worlds_scored)
            return worlds if budget is None or pace <= 0 else min(worlds, int(steady_share * budget / pace))

        # A long position (Ultimate's first tricks, and its bidding) costs several times more to score, played out
        # before the solve or solved from further: it gets half the worlds.
        hand_size = view.rules.hand_size
        tricks_left = hand_size - len(view.observation.get("tricks") or ())
        long_position = min(self._evaluator.exact_limit(hand_size), LONG_TRICKS)
        samples = self.samples if tricks_left <= long_position else max(2, self.samples // 2)
        auction = view.rules.bidding == "auction"
        # Before play every candidate is scored on the same worlds: the heuristic's favourite first, so that a
        # budget spent inside the first world still leaves it compared.
        favourite = decide(view, self._heuristic.settings)
        scoring_order = sorted(candidates, key=lambda action: action != favourite)
        bonus = self.prior_points(view.rules.variant) * score.prior_unit
        # From version 2, where the two best choices before play are still within the noise of their difference on
        # the same worlds, twice the worlds are drawn, and twice again, as many as fit in the near tie's share of the
        # budget, up to STEADY_FACTOR times as many in standard points: a variant whose hands score four times the
        # points has four times the noise to tell the same margin in points from.
        steady = self.config.version >= 2 and view.phase != "play" and len(candidates) > 1
        # From version 2, in play, where the best card is worth exactly what another (not an equivalent card) is worth
        # in every world so far, or in all but a few that do not tell which is better, more worlds are drawn the same
        # way, to find those that tell them apart.
        separating = self.config.version >= 2 and view.phase == "play" and len(candidates) > 1
        most = round(samples * STEADY_FACTOR * max(1.0, points_scale(view.rules.variant)))
        if separating:  # a smaller share of the budget and of the worlds: ties in play are many, and cost little
            # (counted from the level's worlds even where a long position drew half: past the first tricks they are
            # cheap, and the share of the budget bounds them where they are not)
            steady_share, most = TIE_SHARE, (self.samples if self.config.near_twins else samples) * STEADY_FACTOR
        worths: dict[str, list[float]] = {action: [] for action in candidates}
        credited = learned_part is None  # a learned decision credits no favourite

        def credit() -> dict[str, float]:  # the favourite's credit now (see ``prior_points``)
            return {favourite: self._credit(bonus, samples)} if credited else {}

        planned = samples
        self.worlds_scored = 0
        while self.worlds_scored < planned:
            if self.worlds_scored and spent():
                break
            world = sampler.sample(rng, model, tries)
            if view.phase == "play":
                self._score_play(world, view, tallies, score)
            else:
                outcomes: list[tuple[str, Outcome]] = []
                for action in scoring_order:
                    if outcomes and spent():
                        break
                    outcomes.append((action, self._score_setup(world, view, action, score)))
                if self.worlds_scored and len(outcomes) < len(scoring_order):
                    break  # a world not scored for every candidate is left out: they are compared on the same worlds
                for action, outcome in outcomes:
                    tallies[action].add(outcome)
                    worths[action].append(outcome.utility)
            self.worlds_scored += 1
            if self.worlds_scored == planned < most and (
                (steady and near_tie(worths, credit()))
                or (separating and unseparated_tie(tallies, view, favourite, self.config.near_twins))
                or (separating and self.config.contested_credit and contested(tallies, favourite, bonus))
            ):
                # Twice the worlds (few looks: each risks stopping on noise), or as many more as the time allows.
                planned = max(planned, affordable(min(2 * planned, most)))
        # A play the solver does not consider (a renege, with the reneges option) is left out.
        before_play = view.phase != "play"
        # From version 2, in play, of plays worth the same in every world drawn the one that takes more tricks over
        # them is preferred, and of near twins the one never worse and better in some: the rare world that tells
        # them apart is likelier to favour it (the heuristic's card hands its credit to such a play).
        by_tricks = self.config.version >= 2 and not before_play
        heuristics_card = favourite
        if by_tricks and favourite in tallies:
            favourite = more_tricks(favourite, tallies, self.config.near_twins)
            # And of those that take the same tricks too, with few cards left, the one the heuristic's count values
            # most on many cheap deals: a rare deal that tells them apart is likelier among them than among the
            # worlds drawn.
            favourite = counted_twin(view, favourite, tallies)
        advice = [world_advice(tally, action, score, before_play, auction) for action, tally in tallies.items() if tally.count]
        utilities = {action: round(tally.utility_mean, 9) for action, tally in tallies.items() if tally.count}
        order = {action: i for i, action in enumerate(candidates)}
        tricks = {action: -tally.tricks / tally.count if by_tricks else 0.0 for action, tally in tallies.items() if tally.count}
        advice.sort(
            key=lambda choice: (
                -utilities[choice.action],
                tricks[choice.action],
                choice.action != favourite,
                order[choice.action],
            )
        )
        if score.table is not None:
            note_first_for_the_game(advice, only_with_chances=True)
        if learned_part is not None and advice:
            advice, utilities = blended(advice, utilities, learned_part, weight, score)
            return advice, utilities, None, 0.0
        final_bonus = self._credit(bonus, samples) if steady else bonus
        # From version 2 a favourite that another compared choice dominates on the worlds (never worse in any, better
        # in some) is not credited: the credit weighs noise, and there is none between them.
        counted = tallies.get(favourite)
        others = [tally for action, tally in tallies.items() if action != favourite]
        if self.config.version >= 2 and counted is not None and any(counted.dominated_by(tally) for tally in others):
            final_bonus = 0.0
        # From version 2, in play, nor is a favourite that the best card leads by more than the noise of their
        # difference on the same worlds: each card is solved exactly there, so the credit only settles what they
        # cannot tell apart.
        if self.config.version >= 2 and not before_play and counted is not None and clearly_behind(counted, others):
            final_bonus = 0.0
        if favourite != heuristics_card and heuristics_card in tallies and favourite in utilities:
            # A twin that took the heuristic's card's credit takes it only as far as that card reached with it, and
            # not where that card was clearly behind: it chooses among the twins, and never lifts one further.
            own = tallies[heuristics_card]
            rivals = [tally for action, tally in tallies.items() if action != heuristics_card]
            reach = utilities[heuristics_card] + (0.0 if clearly_behind(own, rivals) else final_bonus)
            final_bonus = max(0.0, reach - utilities[favourite]) if final_bonus else 0.0
        return advice, utilities, favourite, final_bonus

    def _credit(self, bonus: float, samples: int) -> float:
        """The favourite's credit after the worlds scored so far: ``bonus`` on the planned ``samples``, as much less
        as more worlds were drawn (it is worth as many worlds of evidence however many are drawn)."""
        return bonus * min(1.0, samples / max(1, self.worlds_scored))

    def prior_points(self, variant: str) -> float:
        """The points the heuristic's favourite is credited with in ``variant``: ``PRIOR`` standard points, scaled
        from version 2 to the variant's points (a hand of Ultimate or Railroad scores about four times as many).

        From version 2, before play, the credit is worth a fixed weight of evidence: where a near tie draws more
        worlds than planned, it falls in proportion, so a lead those worlds show is not outweighed by it."""
        return PRIOR * (points_scale(variant) if self.config.version >= 2 else 1.0)

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

    def _score_play(self, world: Game, view: View, tallies: dict[str, Tally], score: GameScore) -> None:
        hand = world.hand
        remaining = world.rules.hand_size - hand.tricks_played
        if world.rules.teams == 2:
            acting_team = world.rules.team_of(hand.to_act)  # type: ignore[arg-type]
            further = self._evaluator.move_values(world)
            for action, tally in tallies.items():
                tricks = further.get(action)
                if tricks is not None:
                    tally.add(settle(world, hand, {acting_team: tricks}, remaining, score))
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
            tally.add(settle(world, hand, split, remaining, score))

    def _score_setup(self, world: Game, view: View, action: str, score: GameScore) -> Outcome:
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
            net = facts.net(points, score.team)
            utility, won, chance = score.utility(points, net)
            return Outcome(net, utility, 0, False, False, False, won, chance, NO_MAKERS)
        hand = game.hand
        size = game.rules.hand_size
        if game.rules.teams == 2:
            acting_team = game.rules.team_of(hand.to_act)  # type: ignore[arg-type]
            split = {acting_team: self._evaluator.value(game)}
        else:  # the makers against both other teams; a defender's share of the rest when the makers fail
            maker_team = hand.maker % game.rules.teams
            split = {maker_team: self._evaluator.value(game, maker_team)}
            if view.team != maker_team and not made(game, hand, split[maker_team]):
                split[view.team] = min(self._evaluator.value(game, view.team), size - split[maker_team])
        return settle(game, hand, split, size, score)


def near_tie(worths: Mapping[str, Sequence[float]], credit: Mapping[str, float]) -> bool:
    """Whether the two best choices are within the noise: each choice's worth in each world scored for every
    choice (the worlds in the same order), plus its ``credit``, and the difference of the best two, world by
    world, less than ``STEADY_Z`` standard errors of its mean."""
    count = max((len(values) for values in worths.values()), default=0)
    scored = {action: values for action, values in worths.items() if len(values) == count}
    if count < 2 or len(scored) < 2:
        return False
    means = sorted(((sum(values) / count + credit.get(action, 0.0), action) for action, values in scored.items()), reverse=True)
    (best, first), (runner_up, second) = means[:2]
    _, error = paired_difference(scored[first], scored[second])
    return best - runner_up < STEADY_Z * error


def unseparated_tie(tallies: Mapping[str, Tally], view: View, favourite: str | None = None, twins: bool = True) -> bool:
    """Whether the best play, or the ``favourite`` (the play the credit may choose), has a twin the worlds scored
    have not told apart from it (not an equivalent card): a play worth exactly what it is worth in every world, or a
    near twin (``near_twins``) better in some of the few worlds where they differ and worse in others, or differing
    in fewer than ``TWIN_EVIDENCE`` worlds at all (where only worlds the sample has missed can tell which is
    better); with ``twins`` false, only a play worth exactly the same."""
    scored = {action: tally for action, tally in tallies.items() if tally.count}
    if len(scored) < 2:
        return False
    best = max(scored, key=lambda action: scored[action].utility_mean)
    looked_at = [best] if favourite not in scored or favourite == best else [best, favourite]
    for action in looked_at:
        counted = scored[action]
        card = view.space.decode_text(action).card
        for twin, differing in near_twins(action, scored).items():
            other = scored[twin]
            told_apart = other.dominated_by(counted) or counted.dominated_by(other)
            if (differing and not twins) or (differing >= TWIN_EVIDENCE and told_apart):
                continue
            if not equivalent_cards(view, card, view.space.decode_text(twin).card):
                return True
    return False


def near_twins(action: str, tallies: Mapping[str, Tally]) -> dict[str, int]:
    """The other plays counted on the same worlds as ``action`` whose worth differs from its worth in a few of them
    at most (``TWIN_SHARE`` of the worlds, and at least one), exact twins included, each with the number of worlds
    where it differs: plays the worlds judge all but alike, where those few worlds are the only evidence between
    them."""
    counted = tallies[action]
    allowed = max(1, round(TWIN_SHARE * counted.count))
    found: dict[str, int] = {}
    for other, tally in tallies.items():
        if other == action or tally.count != counted.count:
            continue
        differing = sum(ours != theirs for ours, theirs in zip(counted.utilities, tally.utilities, strict=True))
        if differing <= allowed:
            found[other] = differing
    return found


def contested(tallies: Mapping[str, Tally], favourite: str | None, credit: float) -> bool:
    """Whether the ``credit`` alone keeps ``favourite`` (the heuristic's play) ahead of the best play, which leads it
    by more than one standard error of their difference world by world but less than ``STEADY_Z`` of them (past that
    the favourite loses its credit): a lead of that size is as likely real as noise, and more worlds tell which."""
    counted = tallies.get(favourite) if favourite is not None else None
    if counted is None or credit <= 0:
        return False
    found = best_lead(counted, [tally for action, tally in tallies.items() if action != favourite])
    if found is None:
        return False
    lead, error = found
    return error < lead < min(credit, STEADY_Z * error)


def clearly_behind(counted: Tally, others: Sequence[Tally]) -> bool:
    """Whether the best of ``others``, counted on the same worlds as ``counted``, leads it by at least ``STEADY_Z``
    standard errors of their difference world by world (a lead no credit for the heuristic's choice should undo)."""
    found = best_lead(counted, others)
    if found is None:
        return False
    lead, error = found
    return lead > 0 and lead >= STEADY_Z * error


def best_lead(counted: Tally, others: Sequence[Tally]) -> tuple[float, float] | None:
    """How far the best of ``others`` counted on the same worlds as ``counted`` (at least two) leads it, world by
    world, with the standard error of that lead; None when no other was counted on those worlds."""
    rivals = [tally for tally in others if tally.count == counted.count >= 2]
    if not rivals:
        return None
    return paired_difference(max(rivals, key=lambda tally: tally.utility_mean).utilities, counted.utilities)


def more_tricks(action: str, tallies: Mapping[str, Tally], twins: bool = True) -> str:
    """The play that takes the credit of ``action`` (the heuristic's card): of its twins worth exactly what it is worth
    in every world counted and taking more tricks over them, and of its near twins (``near_twins``) never worse in
    any world and better in some, the one worth most over them, then taking the most tricks (``action`` itself where
    there is none): the rare world that tells such plays apart is likelier to favour it. With ``twins`` false, only
    the twins worth exactly the same."""
    counted = tallies[action]
    better = [
        (round(tallies[other].utility_mean, 9), tallies[other].tricks, other)
        for other in near_twins(action, tallies)
        if (tallies[other].utilities == counted.utilities and tallies[other].tricks > counted.tricks)
        or (twins and counted.dominated_by(tallies[other]))
    ]
    return max(better)[2] if better else action


def counted_twin(view: View, action: str, tallies: Mapping[str, Tally]) -> str:
    """Of ``action`` and the plays worth exactly what it is worth, and taking the same tricks, in every world counted,
    the one the heuristic's count (``endgame.counted_play``) values most on ``COUNT_DEALS`` deals of the unseen
    cards: only with the few cards it counts, and ``action`` itself unless another is worth more there."""
    counted = tallies[action]
    twins = [
        other
        for other, tally in tallies.items()
        if tally.count == counted.count and tally.tricks == counted.tricks and tally.utilities == counted.utilities
    ]
    return count_among(view, twins, action) if len(twins) > 1 else action


def count_among(view: View, plays: Sequence[str], action: str) -> str:
    """``action``, unless another of ``plays`` is worth more points to the heuristic's count on ``COUNT_DEALS``
    deals of the unseen cards (only with the few cards it counts)."""
    return counted_play(view, dict.fromkeys(plays, 0), action, COUNT_DEALS, hand_net(view))


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of ``first`` less ``second`` world by world (at least two worlds, the same in each), and its
    standard error."""
    count = len(first)
    differences = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(differences) / count
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return mean, math.sqrt(variance / count)


def equivalent_cards(view: View, first: int, second: int) -> bool:
    """Whether two cards of the acting hand are worth the same in any deal: the same suit once trump is fixed, and
    every card ranked between them in this hand or out of play."""
    tables = view.tables
    if tables is None or first < 0 or second < 0:
        return False
    suit = tables.effective_suit[first]
    if suit != tables.effective_suit[second] or not 0 <= suit < 4:
        return False
    power = tables.power[suit]
    low, high = sorted((power[first], power[second]))
    known = view.acting_hand | view.out_of_play
    between = [card for card in range(55) if tables.suit_mask[suit] >> card & 1 and low < power[card] < high]
    return all(known >> card & 1 for card in between)


def _quick_value(view: View, action: str) -> float:
    """A cheap score to rank many candidate actions (discards by the hand they leave)."""
    decoded = view.space.decode_text(action)
    if decoded.kind in (DISCARD, DISCARD_KITTY) and view.trump >= 0:
        return hand_tricks(view, view.hand & ~to_hand(decoded.cards), view.trump)
    if decoded.kind == TWOS_THREES:
        return -sum(card % 13 for card in decoded.cards)
    return 0.0


def advise(observation: Mapping[str, Any], **settings: Any) -> list[Advice]:
    """The choices the strong bot compares, with their expected net points and a reason, best first.

    Settings are those of the ``pimc`` bot (``level``, ``samples``, ...); the
    default seed is 0, so the same observation gets the same advice.
    """
    seed = settings.pop("seed", 0)
    return PimcBot(seed=seed if isinstance(seed, int) else None, **settings).advise(observation)


register("pimc", PimcBot)

__all__ = ["PimcBot", "advise"]
