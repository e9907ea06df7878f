"""Whole games between bots: every game played from the first deal to the target, with the real score.

A deal-by-deal match starts every hand at 0-0, so nothing a bot does about the
score (a loner at 9-9, a sacrifice to stop a march that ends the game) is ever
tested.  Here game ``k`` of a match is dealt from a seed derived from
``(seed, k)`` and played to its end.  In duplicate (the default) it is played
once per side with the sides rotated round the teams, as deals are: the cards
of each hand depend only on the game's seed and the hand's number, so as long
as both games last, each side is dealt exactly the cards the other side held.
The figure that matters is the share of games each side won, with a 95%
interval over the duplicate sets (each set is one game played once per
seating, so the luck of the cards cancels out as far as the games run alike).
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bowers.errors import MatchFailure, OptionError
from bowers.game import Game
from bowers.match.hands import hand_summary, side_rates
from bowers.match.runner import (
    SIDE_LABELS,
    PlayPlan,
    Side,
    _derived_seed,
    _play_until,
    json_options,
    match_record,
    play_checked,
    seatings,
    side_net,
)
from bowers.match.statistics import Elo, Estimate, elo_difference, elo_from_share, mean_interval, wilson_interval
from bowers.variants import Rules

HAND_LIMIT = 1000  # a game still going after this many hands is reported as a failure, never run forever


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a match of whole games started from ``seed`` (every pass of the game uses it).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return _derived_seed(seed, "game", game)


@dataclass
class GamePass:
    """One playing of a game: the seating (side at each team), the winning side, final scores and points per side.

    ``results`` are its hands' results (``Game.results``); ``record`` the game's record when the match keeps
    records (until it is written).
    """

    seating: list[int]
    winner: int
    scores: list[int]
    hands: int
    points: list[int]
    results: list[dict[str, Any]] = field(default_factory=list)
    record: dict[str, Any] | None = None
    makings: list[str | None] = field(default_factory=list)  # how trump was made in each hand (see ``MAKINGS``)


@dataclass
class GameOutcome:
    """Every pass of one game, and the thinking time of each side's decisions (seconds, several legal actions only)."""

    game: int
    passes: list[GamePass]
    decision_seconds: list[list[float]]
    forced_decisions: list[int]


def play_game_pass(
    plan: PlayPlan, number: int, seating: Sequence[int], pass_number: int
) -> tuple[GamePass, list[list[float]], list[int]]:
    """Play game ``number`` once, to its end, with the given seating."""
    game = Game(plan.rules, seed=game_seed(plan.seed, number))
    rules = game.rules
    seat_side = [seating[rules.team_of(seat)] for seat in range(rules.players)]
    bots = [
        plan.sides[seat_side[seat]].create(seed=_derived_seed(plan.seed, "game-bot", number, pass_number, seat))
        for seat in range(rules.players)
    ]
    times: list[list[float]] = [[] for _ in plan.sides]
    forced = [0] * len(plan.sides)
    makings: dict[int, str] = {}
    while not game.is_over:
        hand = game.hand_number
        if hand >= HAND_LIMIT:
            failure = f"not over after {HAND_LIMIT} hands"
            raise MatchFailure(plan.rules.variant, plan.seed, None, "the game", failure, number, hand)
        for seat, bot in enumerate(bots):
            see_deal = getattr(bot, "see_deal", None)
            if see_deal is not None:  # adapters to other programs that need a full state (see benchmarks/peers)
                see_deal(game.record()["deals"][hand], seat)
        _play_until(plan, game, bots, seat_side, times, forced, game_number=number, makings=makings)
    scores = [0] * len(plan.sides)
    for team, score in enumerate(game.scores):
        scores[seating[team]] = score
    points = [0] * len(plan.sides)
    for result in game.results:
        for team, team_points in enumerate(result["points"]):
            points[seating[team]] += team_points
    winner_team = game.winner
    assert winner_team is not None
    record = match_record(plan, game, seat_side, {"game": number, "game_seed": game_seed(plan.seed, number), "pass": pass_number})
    hand_makings = [makings.get(hand) for hand in range(len(game.results))]
    hands = len(game.results)
    played = GamePass(list(seating), seating[winner_team], scores, hands, points, list(game.results), record, hand_makings)
    return played, times, forced


def play_game(plan: PlayPlan, number: int) -> GameOutcome:
    """Play every pass of one game."""
    outcome = GameOutcome(number, [], [[] for _ in plan.sides], [0] * len(plan.sides))
    for pass_number, seating in enumerate(seatings(len(plan.sides), number, plan.duplicate)):
        played, times, forced = play_game_pass(plan, number, seating, pass_number)
        outcome.passes.append(played)
        for side in range(len(plan.sides)):
            outcome.decision_seconds[side].extend(times[side])
            outcome.forced_decisions[side] += forced[side]
    return outcome


def game_share(outcome: GameOutcome, side: int) -> float:
    """The share of a game's passes that ``side`` won (in duplicate with two sides: 0, 0.5 or 1)."""
    return sum(1 for played in outcome.passes if played.winner == side) / len(outcome.passes)


def net_points_per_hand(outcome: GameOutcome, side: int) -> float:
    """A side's points minus its opponents' (the mean of them, with three sides) per hand, over a game's passes."""
    return sum(side_net(played.points, side) / played.hands for played in outcome.passes) / len(outcome.passes)


@dataclass(frozen=True)
class GameSideResult:
    """The figures of one side of a match of whole games."""

    label: str
    bot: str
    settings: Mapping[str, Any]
    games_won: int
    share: Estimate  # of the games played, the share won; its interval is over the duplicate sets
    net_points_per_hand: Estimate
    decisions: int
    forced_decisions: int
    median_seconds_per_decision: float | None
    max_seconds_per_decision: float | None
    even_share: float = 0.5

    @property
    def significant(self) -> bool:
        """True when the interval of the share won lies wholly above or wholly below an even share."""
        low, high = self.share.low, self.share.high
        return low is not None and high is not None and (low > self.even_share or high < self.even_share)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able figures."""
        return {
            "label": self.label,
            "bot": self.bot,
            "settings": dict(self.settings),
            "games_won": self.games_won,
            "share_won": self.share.mean,
            "ci95": [self.share.low, self.share.high],
            "significant": self.significant,
            "net_points_per_hand": self.net_points_per_hand.mean,
            "net_points_ci95": [self.net_points_per_hand.low, self.net_points_per_hand.high],
            "decisions": self.decisions,
            "forced_decisions": self.forced_decisions,
            "median_seconds_per_decision": self.median_seconds_per_decision,
            "max_seconds_per_decision": self.max_seconds_per_decision,
        }


@dataclass(frozen=True)
class GamesResult:
    """Everything a match of whole games measured; ``to_dict`` is ``bowers match --games N --json``."""

    rules: Rules
    seed: int
    games: int  # duplicate sets (or single games without duplicate)
    duplicate: bool
    played: int  # games played, every pass counted
    hands: int
    workers: int
    seconds: float
    sides: tuple[GameSideResult, ...]
    elo: tuple[Elo, ...]
    outcomes: tuple[GameOutcome, ...] = field(repr=False, default=())

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.rules.variant

    @property
    def options(self) -> dict[str, Any]:
        """The variant's options as JSON writes them (lists for tuples)."""
        return json_options(self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able summary."""
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "games": self.games,
            "duplicate": self.duplicate,
            "games_played": self.played,
            "hands": self.hands,
            "workers": self.workers,
            "seconds": self.seconds,
            "sides": [{**side.to_dict(), "rates": rates} for side, rates in zip(self.sides, self.rates(), strict=True)],
            "elo": [
                {
                    "sides": [self.sides[0].label, self.sides[other].label],
                    "difference": elo.difference,
                    "ci95": [elo.low, elo.high],
                    "wins": elo.wins,
                    "losses": elo.losses,
                }
                for other, elo in enumerate(self.elo, start=1)
            ],
            "per_game": [
                {
                    "game": outcome.game,
                    "seed": game_seed(self.seed, outcome.game),
                    "passes": [
                        {
                            "seating": [SIDE_LABELS[side] for side in played.seating],
                            "winner": SIDE_LABELS[played.winner],
                            "scores": dict(zip(SIDE_LABELS, played.scores, strict=False)),
                            "hands": played.hands,
                            "points": dict(zip(SIDE_LABELS, played.points, strict=False)),
                        }
                        for played in outcome.passes
                    ],
                }
                for outcome in self.outcomes
            ],
        }

    def rates(self) -> list[dict[str, dict[str, Any]]]:
        """Each side's rates over every hand of every game (trump made, contracts made, euchres, loners, no-trump)."""
        labels = SIDE_LABELS[: len(self.sides)]
        hands = [
            hand_summary(result, played.seating, len(self.sides), labels)
            for outcome in self.outcomes
            for played in outcome.passes
            for result in played.results
        ]
        return [side_rates(hands, side.label) for side in self.sides]


def _share_interval(shares: Sequence[float], wins: int, played: int) -> Estimate:
    """The mean share of games won with the Student t interval over the duplicate sets, widened to the Wilson
    interval of the games won where that is wider (with few games, or a side that won or lost them all)."""
    estimate = mean_interval(shares)
    low, high = wilson_interval(wins, played)
    if estimate.low is not None and estimate.high is not None:
        low, high = min(low, estimate.low), max(high, estimate.high)
    return Estimate(estimate.mean, max(0.0, low), min(1.0, high), estimate.count)


def _elos(sides: Sequence[GameSideResult], winners: Sequence[int], count: int, passes: int) -> tuple[Elo, ...]:
    """The first side's Elo against each other side: with two sides from its share of games won and that share's
    interval over duplicate sets; with three, from the games one of the two won, a duplicate set counting once."""
    if count == 2:
        return (elo_from_share(sides[0].share, winners.count(0), winners.count(1)),)
    return tuple(
        elo_difference(winners.count(0), winners.count(other), independent=(winners.count(0) + winners.count(other)) / passes)
        for other in range(1, count)
    )


def _summarise(plan: PlayPlan, rules: Rules, outcomes: list[GameOutcome], workers: int, seconds: float) -> GamesResult:
    count = len(plan.sides)
    winners = [played.winner for outcome in outcomes for played in outcome.passes]
    side_results = []
    for side, spec in enumerate(plan.sides):
        times = [t for o in outcomes for t in o.decision_seconds[side]]
        side_results.append(
            GameSideResult(
                label=SIDE_LABELS[side],
                bot=spec.bot,
                settings=dict(spec.settings),
                games_won=winners.count(side),
                share=_share_interval([game_share(o, side) for o in outcomes], winners.count(side), len(winners)),
                net_points_per_hand=mean_interval([net_points_per_hand(o, side) for o in outcomes]),
                decisions=len(times),
                forced_decisions=sum(o.forced_decisions[side] for o in outcomes),
                median_seconds_per_decision=statistics.median(times) if times else None,
                max_seconds_per_decision=max(times) if times else None,
                even_share=1 / count,
            )
        )
    return GamesResult(
        rules=rules,
        seed=plan.seed,
        games=len(outcomes),
        duplicate=plan.duplicate,
        played=len(winners),
        hands=sum(played.hands for o in outcomes for played in o.passes),
        workers=workers,
        seconds=seconds,
        sides=tuple(side_results),
        elo=_elos(side_results, winners, count, max((len(o.passes) for o in outcomes), default=1)),
        outcomes=tuple(outcomes),
    )


@dataclass(frozen=True)
class GamesPlan:
    """A checked match of whole games, ready to play (on local processes, or on Ray when ``cluster`` is given)."""

    rules: Rules
    sides: tuple[Side, ...]
    games: int
    seed: int
    workers: int
    duplicate: bool
    cluster: str | None = None

    def play(self, progress: Callable[[int], None] | None = None, records: str | os.PathLike[str] | None = None) -> GamesResult:
        """Play every game (on a process pool when there is more than one worker, or on Ray) and summarise.

        With ``records`` (a folder), every game played is written there as a game record, named
        ``game-K-pass-P.json``, with the match seed, the game and the player at each seat in its metadata.
        """
        return play_checked(self, play_game, self.games, "game", _summarise, progress, records)


def plan_games(
    variant: str | Rules,
    players: Sequence[str | Side],
    games: int = 20,
    seed: int = 0,
    workers: int | None = None,
    duplicate: bool = True,
    options: Mapping[str, Any] | None = None,
    settings: Sequence[Mapping[str, Any] | None] | None = None,
    cluster: str | None = None,
) -> GamesPlan:
    """Check the arguments of ``play_games`` and return the plan; raises ``OptionError`` naming what is wrong."""
    from bowers.match.runner import plan_match

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"games must be a whole number of at least 1, not {games!r}", "games")
    checked = plan_match(variant, players, games, seed, workers, duplicate, options, settings, cluster)
    return GamesPlan(checked.rules, checked.sides, games, seed, checked.workers, duplicate, checked.cluster)


def play_games(
    variant: str | Rules,
    players: Sequence[str | Side],
    games: int = 20,
    seed: int = 0,
    workers: int | None = None,
    duplicate: bool = True,
    options: Mapping[str, Any] | None = None,
    settings: Sequence[Mapping[str, Any] | None] | None = None,
    progress: Callable[[int], None] | None = None,
    records: str | os.PathLike[str] | None = None,
    cluster: str | None = None,
) -> GamesResult:
    """Play ``games`` whole games of ``variant`` (each once per side in duplicate) and return the figures.

    The arguments are those of ``play_match``, with games in place of deals;
    ``progress`` is called with the number of games (duplicate sets) finished; with ``records`` (a folder),
    every game played is written there as a game record (see ``GamesPlan.play``); with ``cluster`` the games are
    played on Ray (see ``play_match``).
    """
    return plan_games(variant, players, games, seed, workers, duplicate, options, settings, cluster).play(progress, records)


__all__ = [
    "HAND_LIMIT",
    "GameOutcome",
    "GamePass",
    "GameSideResult",
    "GamesPlan",
    "GamesResult",
    "game_seed",
    "game_share",
    "net_points_per_hand",
    "plan_games",
    "play_game",
    "play_games",
]
