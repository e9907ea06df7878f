"""Bot-versus-bot matches: deals played in duplicate on a process pool, and their result.

A match seats one *side* (a bot with its settings) at each team's seats and
plays single hands.  Deal ``k`` of a match is dealt from a seed derived from
``(seed, k)``, so its cards and dealer do not depend on the number of deals
or of workers.  In duplicate (the default) deal ``k`` is played once per
side: pass ``p`` seats side ``(t + p) mod S`` at team ``t``'s seats, so with
two sides the second pass has each side holding exactly the cards the other
held, at the same seats, with the same dealer and turn-up; with three sides
(railroad-6) each side holds each team's cards once.  Without duplicate a
deal is played once, the seating rotating from one deal to the next.

Every hand starts from the variant's initial scores, so deals are independent
and can be played in any order on any worker; the games won are counted by
chaining each seating's hands, in deal order, into games to the target.
Everything but the timings is the same for a given seed whatever the number
of workers.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat
from typing import Any, Protocol, TypeVar

from bowers.bots import Bot, create
from bowers.errors import BowersError, MatchFailure, OptionError
from bowers.game import Game
from bowers.match.hands import hand_summary, prepare_records_directory, side_rates, write_record
from bowers.match.statistics import Elo, Estimate, elo_difference, mean_interval
from bowers.variants import Rules, as_rules

SIDE_LABELS = "ABCDEF"

BotFactory = Callable[..., Bot]
PlanT = TypeVar("PlanT")
OutcomeT = TypeVar("OutcomeT")
ResultT = TypeVar("ResultT")


@dataclass(frozen=True)
class Side:
    """One side of a match: a bot by its registered name, or by a factory, with its settings.

    ``factory`` (a picklable callable taking ``seed=`` and the settings) lets a
    benchmark seat a player that is not in the bot registry; ``name`` is then
    only its label in the results.
    """

    bot: str
    settings: Mapping[str, Any] = field(default_factory=dict)
    factory: BotFactory | None = None

    def create(self, seed: int) -> Bot:
        """A new bot of this side, seeded."""
        if self.factory is not None:
            return self.factory(seed=seed, **self.settings)
        return create(self.bot, seed=seed, **self.settings)

    def describe(self) -> str:
        """The bot and its settings in one short string, such as ``pimc(level=2)``."""
        if not self.settings:
            return self.bot
        return f"{self.bot}({', '.join(f'{k}={v}' for k, v in sorted(self.settings.items()))})"


@dataclass(frozen=True)
class PlayPlan:
    """What every worker needs to play any deal of a match (picklable)."""

    rules: Rules
    sides: tuple[Side, ...]
    seed: int
    duplicate: bool
    keep_records: bool = False  # return each played game's record (for ``--records``)


@dataclass
class PassOutcome:
    """One hand of a deal: the seating (side at each team), the points per side and the hand's result.

    ``record`` is the hand's game record when the match keeps records (until they are written).
    """

    seating: list[int]
    points: list[int]
    result: dict[str, Any]
    record: dict[str, Any] | None = None
    making: str | None = None  # how trump was made (see ``MAKINGS``), None where no one made it or in an auction


@dataclass
class DealOutcome:
    """Every pass of one deal, and the thinking time of each side's decisions (seconds, several legal actions only)."""

    deal: int
    passes: list[PassOutcome]
    decision_seconds: list[list[float]]
    forced_decisions: list[int]


# How trump was made in a hand: ordered up in the first round, called in the second, called by a dealer the
# stick-the-dealer rule left no pass, or named by the dealer for a turned-up Joker (British Euchre's Benny).
MAKINGS = ("round 1", "round 2", "stuck dealer", "joker turn-up")


def _derived_seed(*parts: object) -> int:
    """A 63-bit seed from a hash of ``parts``: independent streams for deals and bots."""
    digest = hashlib.blake2b(":".join(str(p) for p in ("bowers-match", *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)


def json_options(rules: Rules) -> dict[str, Any]:
    """The rules' options as a JSON report writes them: tuples as lists."""
    return {name: list(value) if isinstance(value, tuple) else value for name, value in rules.options.items()}


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` of a match started from ``seed`` (every pass of the deal uses it).

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    return _derived_seed(seed, "deal", deal)


def seatings(sides: int, deal: int, duplicate: bool) -> list[list[int]]:
    """The side at each team for every pass of a deal: ``seating[t]`` is the side seated at team ``t``.

    >>> seatings(2, 0, True)
    [[0, 1], [1, 0]]
    >>> seatings(3, 5, False)
    [[2, 0, 1]]
    """
    rotations = range(sides) if duplicate else [deal % sides]
    return [[(team + rotation) % sides for team in range(sides)] for rotation in rotations]


def play_hand(
    plan: PlayPlan, deal: int, seating: Sequence[int], pass_number: int
) -> tuple[PassOutcome, list[list[float]], list[int]]:
    """Play deal ``deal`` once with the given seating; points per side, thinking times and forced-move counts."""
    game = Game(plan.rules, seed=deal_seed(plan.seed, deal))
    rules = game.rules
    seat_side = [seating[rules.team_of(seat)] for seat in range(rules.players)]
    bots = [
        plan.sides[seat_side[seat]].create(seed=_derived_seed(plan.seed, "bot", deal, pass_number, seat))
        for seat in range(rules.players)
    ]
    for seat, bot in enumerate(bots):
        see_deal = getattr(bot, "see_deal", None)
        if see_deal is not None:
            # Only adapters to other programs that need a full state (see benchmarks/peers) have this.
            see_deal(game.record()["deals"][0], seat)
    times: list[list[float]] = [[] for _ in plan.sides]
    forced = [0] * len(plan.sides)
    makings: dict[int, str] = {}
    _play_until(plan, game, bots, seat_side, times, forced, deal=deal, makings=makings)
    result = game.results[0]
    points = [0] * len(plan.sides)
    for team, team_points in enumerate(result["points"]):
        points[seating[team]] += team_points
    record = match_record(plan, game, seat_side, {"deal": deal, "deal_seed": deal_seed(plan.seed, deal), "pass": pass_number})
    return PassOutcome(list(seating), points, result, record, makings.get(0)), times, forced


def match_record(plan: PlayPlan, game: Game, seat_side: Sequence[int], where: Mapping[str, Any]) -> dict[str, Any] | None:
    """The game's record with who played each seat and where it lies in the match (None unless records are kept)."""
    if not plan.keep_records:
        return None
    game.metadata["match"] = {
        "seed": plan.seed,
        **where,
        "seats": [{"side": SIDE_LABELS[side], "player": plan.sides[side].describe()} for side in seat_side],
    }
    return game.record()


def _play_until(
    plan: PlayPlan,
    game: Game,
    bots: Sequence[Bot],
    seat_side: Sequence[int],
    times: list[list[float]],
    forced: list[int],
    deal: int | None = None,
    game_number: int | None = None,
    makings: dict[int, str] | None = None,
) -> None:
    """Let the bots play the game's current hand to its end, timing each side's decisions.

    ``makings`` is told how trump was made in the hand (by hand number; see ``MAKINGS``).

    A bot that raises, or answers with an action the rules refuse, ends the match with a ``MatchFailure``
    naming the deal (or the game and hand) so that it can be played again alone.
    """
    rules = game.rules
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        seat = to_act
        side = seat_side[seat]
        observation = game.observation(seat)
        who = f"side {SIDE_LABELS[side]} ({plan.sides[side].describe()}) at seat {seat}"
        start = time.perf_counter()
        try:
            action = bots[seat].act(observation)
        except Exception as error:  # a bot that fails is reported with the deal that shows it, not a dead pool
            failure = f"{type(error).__name__}: {error}"
            raise MatchFailure(rules.variant, plan.seed, deal, who, failure, game_number, hand + 1) from error
        elapsed = time.perf_counter() - start
        if len(observation["legal_actions"]) > 1:
            times[side].append(elapsed)
        else:
            forced[side] += 1
        if makings is not None and action.startswith(("order", "call")):
            makings[hand] = trump_making(action, observation)
        try:
            game.apply(action, seat=seat)
        except BowersError as error:
            failure = f"chose an illegal action: {error}"
            raise MatchFailure(rules.variant, plan.seed, deal, who, failure, game_number, hand + 1) from None


def trump_making(action: str, observation: Mapping[str, Any]) -> str:
    """How an order or a call makes trump (see ``MAKINGS``)."""
    if action.startswith("order"):
        return "round 1"
    if observation.get("phase") == "joker-call":
        return "joker turn-up"
    return "round 2" if "pass" in observation["legal_actions"] else "stuck dealer"


def play_deal(plan: PlayPlan, deal: int) -> DealOutcome:
    """Play every pass of one deal."""
    outcome = DealOutcome(deal, [], [[] for _ in plan.sides], [0] * len(plan.sides))
    for pass_number, seating in enumerate(seatings(len(plan.sides), deal, plan.duplicate)):
        played, times, forced = play_hand(plan, deal, seating, pass_number)
        outcome.passes.append(played)
        for side in range(len(plan.sides)):
            outcome.decision_seconds[side].extend(times[side])
            outcome.forced_decisions[side] += forced[side]
    return outcome


def net_points(outcome: DealOutcome, side: int) -> float:
    """A side's net on a deal: over its passes, the mean of its points minus the mean of its opponents' points.

    On the scale of points per hand: +1.0 means the side scored one point a hand more than its opponents.
    """
    return sum(side_net(played.points, side) for played in outcome.passes) / len(outcome.passes)


def side_net(points: Sequence[int], side: int) -> float:
    """A side's points minus its opponents' (the mean of them, with three sides)."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


@dataclass(frozen=True)
class SideResult:
    """The figures of one side of a match."""

    label: str
    bot: str
    settings: Mapping[str, Any]
    net_points: Estimate
    points_per_hand: float
    games_won: int
    decisions: int
    forced_decisions: int
    seconds_per_decision: float | None
    median_seconds_per_decision: float | None
    max_seconds_per_decision: float | None
    decision_seconds: tuple[float, ...] = field(repr=False, default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-able figures (the individual decision times are left out)."""
        estimate = self.net_points
        return {
            "label": self.label,
            "bot": self.bot,
            "settings": dict(self.settings),
            "net_points_per_deal": estimate.mean,
            "ci95": [estimate.low, estimate.high],
            "significant": estimate.significant,
            "points_per_hand": self.points_per_hand,
            "games_won": self.games_won,
            "decisions": self.decisions,
            "forced_decisions": self.forced_decisions,
            "seconds_per_decision": self.seconds_per_decision,
            "median_seconds_per_decision": self.median_seconds_per_decision,
            "max_seconds_per_decision": self.max_seconds_per_decision,
        }


@dataclass(frozen=True)
class MatchResult:
    """Everything a match measured; ``to_dict`` is the ``bowers match --json`` output."""

    rules: Rules
    seed: int
    deals: int
    duplicate: bool
    hands: int
    workers: int
    seconds: float
    sides: tuple[SideResult, ...]
    games: int
    elo: tuple[Elo, ...]  # the first side against each other side, in order
    outcomes: tuple[DealOutcome, ...] = field(repr=False, default=())

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.rules.variant

    @property
    def options(self) -> dict[str, Any]:
        """The variant's options as JSON writes them (lists for tuples)."""
        return json_options(self.rules)

    @property
    def hands_per_second(self) -> float | None:
        """Hands played per second of wall-clock time."""
        return self.hands / self.seconds if self.seconds > 0 else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able summary."""
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "hands": self.hands,
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "games": self.games,
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
            "per_deal": [
                {
                    "deal": outcome.deal,
                    "seed": deal_seed(self.seed, outcome.deal),
                    "passes": [self._hand(played) for played in outcome.passes],
                }
                for outcome in self.outcomes
            ],
        }

    def _hand(self, played: PassOutcome) -> dict[str, Any]:
        """One pass of a deal as the JSON reports it: the side at each team, then the hand's summary."""
        labels = SIDE_LABELS[: len(self.sides)]
        summary = hand_summary(played.result, played.seating, len(self.sides), labels)
        return {"seating": [labels[side] for side in played.seating], **summary}

    def rates(self) -> list[dict[str, dict[str, Any]]]:
        """Each side's rates (trump made, contracts made, euchres, loners, no-trump; see ``side_rates``)."""
        labels = SIDE_LABELS[: len(self.sides)]
        hands = [
            hand_summary(played.result, played.seating, len(self.sides), labels) for o in self.outcomes for played in o.passes
        ]
        return [side_rates(hands, side.label) for side in self.sides]


def chain_games(outcomes: Sequence[DealOutcome], sides: int, rules: Rules) -> list[int]:
    """The winning side of every whole game made by chaining each seating's hands, in deal order, to the target.

    Each pass number (one seating per deal in duplicate) is a separate table;
    a game starts at the variant's initial scores and is won by the first side
    to reach the target alone in the lead.  A game left unfinished at the end
    of the match is not counted.
    """
    winners: list[int] = []
    tables = max((len(o.passes) for o in outcomes), default=0)
    for table in range(tables):
        scores: list[int] | None = None
        for outcome in outcomes:
            if table >= len(outcome.passes):
                continue
            played = outcome.passes[table]
            if scores is None:
                scores = [0] * sides
                for team, side in enumerate(played.seating):
                    scores[side] = rules.initial_scores[team]
            for side in range(sides):
                scores[side] += played.points[side]
            best = max(scores)
            if best >= rules.target and scores.count(best) == 1:
                winners.append(scores.index(best))
                scores = None
    return winners


def _summarise(plan: PlayPlan, rules: Rules, outcomes: list[DealOutcome], workers: int, seconds: float) -> MatchResult:
    count = len(plan.sides)
    winners = chain_games(outcomes, count, rules)
    hands = sum(len(o.passes) for o in outcomes)
    side_results = []
    for side, spec in enumerate(plan.sides):
        times = [t for o in outcomes for t in o.decision_seconds[side]]
        forced = sum(o.forced_decisions[side] for o in outcomes)
        points = sum(p.points[side] for o in outcomes for p in o.passes)
        side_results.append(
            SideResult(
                label=SIDE_LABELS[side],
                bot=spec.bot,
                settings=dict(spec.settings),
                net_points=mean_interval([net_points(o, side) for o in outcomes]),
                points_per_hand=points / hands,
                games_won=winners.count(side),
                decisions=len(times),
                forced_decisions=forced,
                seconds_per_decision=math.fsum(times) / len(times) if times else None,
                median_seconds_per_decision=statistics.median(times) if times else None,
                max_seconds_per_decision=max(times) if times else None,
                decision_seconds=tuple(times),
            )
        )
    # In duplicate the tables hold the same cards: their games count as one independent game a deal's passes.
    passes = max((len(o.passes) for o in outcomes), default=1)
    elos = tuple(
        elo_difference(winners.count(0), winners.count(other), independent=(winners.count(0) + winners.count(other)) / passes)
        for other in range(1, count)
    )
    return MatchResult(
        rules=rules,
        seed=plan.seed,
        deals=len(outcomes),
        duplicate=plan.duplicate,
        hands=hands,
        workers=workers,
        seconds=seconds,
        sides=tuple(side_results),
        games=len(winners),
        elo=elos,
        outcomes=tuple(outcomes),
    )


def _as_side(player: str | Side, settings: Mapping[str, Any] | None) -> Side:
    if isinstance(player, Side):
        return Side(player.bot, {**player.settings, **(settings or {})}, player.factory)
    if not isinstance(player, str):
        raise OptionError(f"a player is a bot name or a Side, not {player!r}", "players")
    return Side(player.strip().lower(), dict(settings or {}))


def _pool_context() -> multiprocessing.context.BaseContext:
    """Workers start from a fork server where there is one: never forked from a process running threads (a progress bar)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


def play_all(
    play_one: Callable[[PlanT, int], OutcomeT],
    plan: PlanT,
    count: int,
    workers: int,
    progress: Callable[[int], None] | None,
    each: Callable[[OutcomeT], None] | None = None,
    cluster: str | None = None,
) -> list[OutcomeT]:
    """``play_one(plan, k)`` for k in 0..count-1, in order: in this process with one worker, else on a process pool,
    or on Ray when ``cluster`` is given (``"local"``: a Ray cluster on this machine with ``workers`` CPUs; else the
    address of a running one; see ``bowers.match.cluster``).

    ``each`` sees every outcome as it arrives, in order (to write its records), before ``progress`` is told.
    """
    outcomes: list[OutcomeT] = []

    def arrived(outcome: OutcomeT) -> None:
        if each is not None:
            each(outcome)
        outcomes.append(outcome)
        if progress is not None:
            progress(len(outcomes))

    if cluster is not None:
        from bowers.match.cluster import map_ordered  # Ray is imported only when a cluster is asked for

        with closing(map_ordered(partial(play_one, plan), range(count), cluster, workers)) as arriving:
            for outcome in arriving:
                arrived(outcome)
        return outcomes
    if workers == 1:
        for number in range(count):
            arrived(play_one(plan, number))
        return outcomes
    chunk = max(1, min(32, count // (workers * 16)))
    with ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context()) as pool:
        for outcome in pool.map(play_one, repeat(plan), range(count), chunksize=chunk):
            arrived(outcome)
    return outcomes


class CheckedPlan(Protocol):
    """What ``play_checked`` reads of a checked plan (a ``MatchPlan`` or a ``GamesPlan``)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def sides(self) -> tuple[Side, ...]: ...
    @property
    def seed(self) -> int: ...
    @property
    def duplicate(self) -> bool: ...
    @property
    def workers(self) -> int: ...
    @property
    def cluster(self) -> str | None: ...


def play_checked(
    checked: CheckedPlan,
    play_one: Callable[[PlayPlan, int], OutcomeT],
    count: int,
    unit: str,
    summarise: Callable[[PlayPlan, Rules, list[OutcomeT], int, float], ResultT],
    progress: Callable[[int], None] | None,
    records: str | os.PathLike[str] | None,
) -> ResultT:
    """Play a checked plan's ``count`` deals or games (``unit``) with ``play_one`` and ``summarise`` them.

    With ``records`` (a folder), every hand or game played is written there as ``{unit}-K-pass-P.json``.
    """
    folder = prepare_records_directory(records) if records is not None else None
    plan = PlayPlan(checked.rules, checked.sides, checked.seed, checked.duplicate, folder is not None)

    def write(outcome: Any) -> None:
        for number, played in enumerate(outcome.passes):
            if folder is not None and played.record is not None:
                write_record(folder, f"{unit}-{getattr(outcome, unit):06d}-pass-{number}", played.record)
                played.record = None

    start = time.perf_counter()
    outcomes = play_all(play_one, plan, count, checked.workers, progress, write, checked.cluster)
    return summarise(plan, checked.rules, outcomes, checked.workers, time.perf_counter() - start)


@dataclass(frozen=True)
class MatchPlan:
    """A checked match, ready to play: the rules, the sides, the number of deals and of workers.

    ``cluster`` is None to play on local processes, ``"local"`` or a cluster's address to play on Ray.
    """

    rules: Rules
    sides: tuple[Side, ...]
    deals: int
    seed: int
    workers: int
    duplicate: bool
    cluster: str | None = None

    def play(self, progress: Callable[[int], None] | None = None, records: str | os.PathLike[str] | None = None) -> MatchResult:
        """Play every deal (on a process pool when there is more than one worker, or on Ray) and summarise.

        With ``records`` (a folder), every hand played is written there as a game record, named
        ``deal-K-pass-P.json``, with the match seed, the deal and the player at each seat in its metadata.
        """
        return play_checked(self, play_deal, self.deals, "deal", _summarise, progress, records)


def plan_match(
    variant: str | Rules,
    players: Sequence[str | Side],
    deals: int = 100,
    seed: int = 0,
    workers: int | None = None,
    duplicate: bool = True,
    options: Mapping[str, Any] | None = None,
    settings: Sequence[Mapping[str, Any] | None] | None = None,
    cluster: str | None = None,
) -> MatchPlan:
    """Check the arguments of ``play_match`` and return the plan; raises ``OptionError`` naming what is wrong.

    ``variant`` is a variant's name or its ``Rules``; ``options`` are read once, here, into the plan's rules.
    """
    rules = as_rules(variant, **dict(options or {}))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise OptionError("players is a list of bots, one per side", "players")
    if settings is not None and len(settings) != len(players):
        raise OptionError(f"settings must be given for each of the {len(players)} sides, or not at all", "settings")
    sides = tuple(_as_side(player, settings[i] if settings else None) for i, player in enumerate(players))
    if len(sides) != rules.teams:
        labels = ",".join(SIDE_LABELS[: rules.teams])
        raise OptionError(
            f"{rules.variant} is played by {rules.teams} sides, so a match needs "
            f"{rules.teams} players ({labels}), not {len(sides)}",
            "players",
        )
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise OptionError(f"deals must be a whole number of at least 1, not {deals!r}", "deals")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be a whole number, not {seed!r}", "seed")
    if workers is None:
        workers = os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"workers must be a whole number of at least 1, not {workers!r}", "workers")
    if cluster is not None and (not isinstance(cluster, str) or not cluster.strip()):
        raise OptionError(f"cluster is 'local' or a Ray cluster's address, not {cluster!r}", "cluster")
    for side in sides:
        side.create(seed=0)  # an unknown bot or setting fails here, once, with the registry's message
    return MatchPlan(rules, sides, deals, seed, min(workers, deals), duplicate, cluster.strip() if cluster else None)


def play_match(
    variant: str | Rules,
    players: Sequence[str | Side],
    deals: int = 100,
    seed: int = 0,
    workers: int | None = None,
    duplicate: bool = True,
    options: Mapping[str, Any] | None = None,
    settings: Sequence[Mapping[str, Any] | None] | None = None,
    progress: Callable[[int], None] | None = None,
    records: str | os.PathLike[str] | None = None,
    cluster: str | None = None,
) -> MatchResult:
    """Play ``deals`` deals of ``variant`` between the ``players`` (one per team) and return the figures.

    ``players`` are bot names or ``Side`` values, first side first;
    ``settings[i]`` are extra settings for side ``i``.  ``workers`` processes
    play the deals (default: every core; 1 plays in this process).  A bad
    variant, option, bot, setting or count raises ``OptionError`` before any
    deal is played.  ``progress`` is called with the number of deals finished.  With ``records`` (a
    folder), every hand played is written there as a game record (see ``MatchPlan.play``).  With ``cluster``
    the deals are played on Ray instead: ``"local"`` starts a Ray cluster on this machine with ``workers`` CPUs,
    anything else is the address of a running cluster; the figures are the same as on local processes.
    """
    plan = plan_match(variant, players, deals, seed, workers, duplicate, options, settings, cluster)
    return plan.play(progress, records)
