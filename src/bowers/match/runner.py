"""Bot-versus-bot matches: deals, or whole games, played in duplicate on a process pool or on Ray, and their result.

A match seats one *side* (a bot with its settings) at each team's seats and
plays a number of *units*: single deals (``plan_match``) or whole games to
the target with the real score (``plan_games``).  Unit ``k`` of a match is
dealt from a seed derived from ``(seed, k)``, so its cards and dealer do not
depend on the number of units or of workers.  In duplicate (the default) unit
``k`` is played once per side: pass ``p`` seats side ``(t + p) mod S`` at
team ``t``'s seats, so with two sides the second pass has each side holding
exactly the cards the other held, at the same seats, with the same dealer and
turn-up (in whole games, as long as both games last); with three sides
(railroad-6) each side holds each team's cards once.  Without duplicate a unit
is played once, the seating rotating from one unit to the next.

A deal starts from the variant's initial scores, so deals are independent and
can be played in any order on any worker; the games won in a match of deals
are counted by chaining each seating's hands, in deal order, into games to the
target.  In a match of whole games the figure that matters is the share of
games each side won, with a 95% interval over the duplicate sets.  Everything
but the timings is the same for a given seed whatever the number of workers.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bowers.bots import Bot, create
from bowers.errors import BowersError, MatchFailure, OptionError
from bowers.facts import HandFacts, game_facts, net
from bowers.game import Game
from bowers.match.hands import hand_summary, prepare_records_directory, side_rates, write_record
from bowers.match.parallel import play_all
from bowers.match.statistics import (
    Elo,
    Estimate,
    elo_difference,
    elo_from_share,
    mean_interval,
    share_interval,
)
from bowers.seeds import derived_seed
from bowers.variants import Rules, as_rules, game_winner

SIDE_LABELS = "ABCDEF"
SEED_STREAM = "bowers-match"  # the stream every seed of a match is derived in (see ``bowers.seeds``)
HAND_LIMIT = 1000  # a game still going after this many hands is reported as a failure, never run forever

BotFactory = Callable[..., Bot]


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
class Unit:
    """What a match plays: single deals from the initial scores, or whole games to the target.

    ``name`` names it in the seeds, the records' names and metadata and the JSON; ``bot_stream`` is the part of
    the bots' seeds that keeps them apart from the other unit's.
    """

    name: str
    bot_stream: str

    @property
    def whole_game(self) -> bool:
        """Whether a unit is played to the end of the game (else it is one hand)."""
        return self.name == "game"


DEAL = Unit("deal", "bot")
GAME = Unit("game", "game-bot")


@dataclass(frozen=True)
class PlayPlan:
    """What every worker needs to play any unit of a match (picklable)."""

    rules: Rules
    sides: tuple[Side, ...]
    seed: int
    duplicate: bool
    keep_records: bool = False  # return each played game's record (for ``--records``)
    unit: Unit = DEAL


@dataclass
class PassOutcome:
    """One playing of a unit: the seating (side at each team), the points per side over its hands, the facts of
    each hand, and, for a whole game, the winning side and the final scores per side.

    ``record`` is the game's record when the match keeps records (until they are written).
    """

    seating: list[int]
    points: list[int]
    facts: tuple[HandFacts, ...] = ()
    record: dict[str, Any] | None = None
    winner: int | None = None
    scores: list[int] | None = None

    @property
    def hands(self) -> int:
        """The number of hands played."""
        return len(self.facts)


@dataclass
class Outcome:
    """Every pass of one unit (deal or game) ``number``, and the thinking time of each side's decisions (seconds,
    several legal actions only)."""

    number: int
    passes: list[PassOutcome]
    decision_seconds: list[list[float]]
    forced_decisions: list[int]


def unit_seed(seed: int, unit: Unit, number: int) -> int:
    """The game seed of unit ``number`` of a match started from ``seed`` (every pass of the unit uses it)."""
    return derived_seed(SEED_STREAM, seed, unit.name, number)


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` of a match started from ``seed`` (every pass of the deal uses it).

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    return unit_seed(seed, DEAL, deal)


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of a match of whole games started from ``seed`` (every pass of the game uses it).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return unit_seed(seed, GAME, game)


def seatings(sides: int, number: int, duplicate: bool) -> list[list[int]]:
    """The side at each team for every pass of a unit: ``seating[t]`` is the side seated at team ``t``.

    >>> seatings(2, 0, True)
    [[0, 1], [1, 0]]
    >>> seatings(3, 5, False)
    [[2, 0, 1]]
    """
    rotations = range(sides) if duplicate else [number % sides]
    return [[(team + rotation) % sides for team in range(sides)] for rotation in rotations]


def play_pass(
    plan: PlayPlan, number: int, seating: Sequence[int], pass_number: int
) -> tuple[PassOutcome, list[list[float]], list[int]]:
    """Play unit ``number`` once (a deal, or a game to its end) with the given seating; the pass, and each side's
    thinking times and forced-move counts."""
    unit = plan.unit
    seed = unit_seed(plan.seed, unit, number)
    game = Game(plan.rules, seed=seed)
    rules = game.rules
    seat_side = [seating[rules.team_of(seat)] for seat in range(rules.players)]
    bots = [
        plan.sides[seat_side[seat]].create(seed=derived_seed(SEED_STREAM, plan.seed, unit.bot_stream, number, pass_number, seat))
        for seat in range(rules.players)
    ]
    times: list[list[float]] = [[] for _ in plan.sides]
    forced = [0] * len(plan.sides)
    deal, game_number = (None, number) if unit.whole_game else (number, None)
    while True:
        number_of_hand = game.hand_number
        if number_of_hand >= HAND_LIMIT:
            failure = f"not over after {HAND_LIMIT} hands"
            raise MatchFailure(rules.variant, plan.seed, deal, "the game", failure, game_number, number_of_hand)
        for seat, bot in enumerate(bots):
            see_deal = getattr(bot, "see_deal", None)
            if see_deal is not None:  # adapters to other programs that need a full state (see benchmarks/peers)
                see_deal(game.record()["deals"][number_of_hand], seat)
        _play_until(plan, game, bots, seat_side, times, forced, deal, game_number)
        if game.is_over or not unit.whole_game:
            break
    if plan.keep_records:
        game.metadata["match"] = {
            "seed": plan.seed,
            unit.name: number,
            f"{unit.name}_seed": seed,
            "pass": pass_number,
            "seats": [{"side": SIDE_LABELS[side], "player": plan.sides[side].describe()} for side in seat_side],
        }
    facts = tuple(game_facts(game))
    points = [0] * len(plan.sides)
    for hand in facts:
        for team, team_points in enumerate(hand.points):
            points[seating[team]] += team_points
    played = PassOutcome(list(seating), points, facts, game.record() if plan.keep_records else None)
    if unit.whole_game:
        played.scores = [0] * len(plan.sides)
        for team, score in enumerate(game.scores):
            played.scores[seating[team]] = score
        winner = game.winner
        assert winner is not None
        played.winner = seating[winner]
    return played, times, forced


def _play_until(
    plan: PlayPlan,
    game: Game,
    bots: Sequence[Bot],
    seat_side: Sequence[int],
    times: list[list[float]],
    forced: list[int],
    deal: int | None,
    game_number: int | None,
) -> None:
    """Let the bots play the game's current hand to its end, timing each side's decisions.

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
        observation = game.observation(seat)  # the rules are public: bots read the options from here
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
        try:
            game.apply(action, seat=seat)
        except BowersError as error:
            failure = f"chose an illegal action: {error}"
            raise MatchFailure(rules.variant, plan.seed, deal, who, failure, game_number, hand + 1) from None


def play_unit(plan: PlayPlan, number: int) -> Outcome:
    """Play every pass of one unit (a deal or a game): the job each worker is given."""
    outcome = Outcome(number, [], [[] for _ in plan.sides], [0] * len(plan.sides))
    for pass_number, seating in enumerate(seatings(len(plan.sides), number, plan.duplicate)):
        played, times, forced = play_pass(plan, number, seating, pass_number)
        outcome.passes.append(played)
        for side in range(len(plan.sides)):
            outcome.decision_seconds[side].extend(times[side])
            outcome.forced_decisions[side] += forced[side]
    return outcome


def net_points(outcome: Outcome, side: int, per_hand: bool = False) -> float:
    """A side's net on a unit: over its passes, the mean of its points minus the mean of its opponents' points
    (``bowers.facts.net``), each pass's divided by its hands when ``per_hand``.

    On the scale of points per deal (or hand): +1.0 means the side scored one point more than its opponents.
    """
    nets = [net(played.points, side) / (played.hands if per_hand else 1) for played in outcome.passes]
    return sum(nets) / len(nets)


def game_share(outcome: Outcome, side: int) -> float:
    """The share of a game's passes that ``side`` won (in duplicate with two sides: 0, 0.5 or 1)."""
    return sum(1 for played in outcome.passes if played.winner == side) / len(outcome.passes)


@dataclass(frozen=True)
class SideResult:
    """The figures of one side of a match.

    ``net_points`` is per deal in a match of deals and per hand in one of whole games; ``share`` (whole games
    only) is the share of the games played that the side won, its interval over the duplicate sets.
    """

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
    share: Estimate | None = None
    even_share: float = 0.5

    @property
    def significant(self) -> bool:
        """True when the interval of the share won (of net points, in a match of deals) lies wholly on one side of
        an even share (of zero)."""
        if self.share is None:
            return self.net_points.significant
        low, high = self.share.low, self.share.high
        return low is not None and high is not None and (low > self.even_share or high < self.even_share)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able figures (the individual decision times are left out): of the share of games won in a match of
        whole games, of the net points per deal in one of deals."""
        head = {"label": self.label, "bot": self.bot, "settings": dict(self.settings)}
        decisions = {"decisions": self.decisions, "forced_decisions": self.forced_decisions}
        times = {
            "median_seconds_per_decision": self.median_seconds_per_decision,
            "max_seconds_per_decision": self.max_seconds_per_decision,
        }
        estimate = self.net_points
        if self.share is not None:
            return {
                **head,
                "games_won": self.games_won,
                "share_won": self.share.mean,
                "ci95": [self.share.low, self.share.high],
                "significant": self.significant,
                "net_points_per_hand": estimate.mean,
                "net_points_ci95": [estimate.low, estimate.high],
                **decisions,
                **times,
            }
        return {
            **head,
            "net_points_per_deal": estimate.mean,
            "ci95": [estimate.low, estimate.high],
            "significant": estimate.significant,
            "points_per_hand": self.points_per_hand,
            "games_won": self.games_won,
            **decisions,
            "seconds_per_decision": self.seconds_per_decision,
            **times,
        }


@dataclass(frozen=True)
class MatchResult:
    """Everything a match measured; ``to_dict`` is the ``bowers match --json`` output (with ``--games`` for a
    match of whole games).

    ``count`` is the number of units played (deals, or games each played once per pass); ``finished`` the games
    that ended: chained from the hands in a match of deals, every game played in one of whole games.
    """

    rules: Rules
    unit: Unit
    seed: int
    count: int
    duplicate: bool
    hands: int
    workers: int
    seconds: float
    sides: tuple[SideResult, ...]
    finished: int
    elo: tuple[Elo, ...]  # the first side against each other side, in order
    outcomes: tuple[Outcome, ...] = field(repr=False, default=())

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.rules.variant

    @property
    def options(self) -> dict[str, Any]:
        """The variant's options as JSON writes them (lists for tuples)."""
        return self.rules.json_options()

    @property
    def deals(self) -> int:
        """The number of deals of a match of deals."""
        return self.count

    @property
    def games(self) -> int:
        """In a match of deals, the games finished by chaining its hands; in one of whole games, the games
        (duplicate sets) played."""
        return self.count if self.unit.whole_game else self.finished

    @property
    def played(self) -> int:
        """The games played, every pass counted (a match of whole games)."""
        return self.finished

    @property
    def hands_per_second(self) -> float | None:
        """Hands played per second of wall-clock time."""
        return self.hands / self.seconds if self.seconds > 0 else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able summary."""
        whole = self.unit.whole_game
        head: dict[str, Any] = {"variant": self.variant, "options": dict(self.options), "seed": self.seed}
        if whole:
            head.update(games=self.count, duplicate=self.duplicate, games_played=self.finished, hands=self.hands)
            head.update(workers=self.workers, seconds=self.seconds)
        else:
            head.update(deals=self.count, duplicate=self.duplicate, hands=self.hands, workers=self.workers)
            head.update(seconds=self.seconds, hands_per_second=self.hands_per_second, games=self.finished)
        rates = self.rates()
        return {
            **head,
            "sides": [{**side.to_dict(), "rates": rate} for side, rate in zip(self.sides, rates, strict=True)],
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
            f"per_{self.unit.name}": [
                {
                    self.unit.name: outcome.number,
                    "seed": unit_seed(self.seed, self.unit, outcome.number),
                    "passes": [self._pass(played) for played in outcome.passes],
                }
                for outcome in self.outcomes
            ],
        }

    def _pass(self, played: PassOutcome) -> dict[str, Any]:
        """One pass as the JSON reports it: the side at each team, then the deal's hand or the game's result."""
        labels = SIDE_LABELS[: len(self.sides)]
        seating = {"seating": [labels[side] for side in played.seating]}
        if not self.unit.whole_game:
            return {**seating, **hand_summary(played.facts[0], played.seating, labels)}
        assert played.winner is not None and played.scores is not None
        return {
            **seating,
            "winner": labels[played.winner],
            "scores": dict(zip(labels, played.scores, strict=False)),
            "hands": played.hands,
            "points": dict(zip(labels, played.points, strict=False)),
        }

    def rates(self) -> list[dict[str, dict[str, Any]]]:
        """Each side's rates over every hand played (trump made, contracts made, euchres, loners, no-trump; see
        ``side_rates``)."""
        hands = [(facts, played.seating) for outcome in self.outcomes for played in outcome.passes for facts in played.facts]
        return [side_rates(hands, side) for side in range(len(self.sides))]


def chain_games(outcomes: Sequence[Outcome], sides: int, rules: Rules) -> list[int]:
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
            winner = game_winner(scores, rules.target)
            if winner is not None:
                winners.append(winner)
                scores = None
    return winners


def _elos(winners: Sequence[int], count: int, passes: int, first_share: Estimate | None) -> tuple[Elo, ...]:
    """The first side's Elo against each other side: with two sides and a share of whole games won, from that share
    and its interval over duplicate sets; else from the games one of the two won, the games of a duplicate set
    (which hold the same cards) counting as one independent game."""
    if count == 2 and first_share is not None:
        return (elo_from_share(first_share, winners.count(0), winners.count(1)),)
    return tuple(
        elo_difference(winners.count(0), winners.count(other), independent=(winners.count(0) + winners.count(other)) / passes)
        for other in range(1, count)
    )


def summarise(plan: MatchPlan, outcomes: list[Outcome], seconds: float) -> MatchResult:
    """The figures of a match from its outcomes (in unit order) and how long they took to play."""
    count = len(plan.sides)
    whole = plan.unit.whole_game
    if whole:
        winners = [played.winner for outcome in outcomes for played in outcome.passes if played.winner is not None]
    else:
        winners = chain_games(outcomes, count, plan.rules)
    hands = sum(played.hands for o in outcomes for played in o.passes)
    side_results = []
    for side, spec in enumerate(plan.sides):
        times = [t for o in outcomes for t in o.decision_seconds[side]]
        points = sum(p.points[side] for o in outcomes for p in o.passes)
        share = None
        if whole:
            share = share_interval([game_share(o, side) for o in outcomes], winners.count(side), len(winners))
        side_results.append(
            SideResult(
                label=SIDE_LABELS[side],
                bot=spec.bot,
                settings=dict(spec.settings),
                net_points=mean_interval([net_points(o, side, per_hand=whole) for o in outcomes]),
                points_per_hand=points / hands,
                games_won=winners.count(side),
                decisions=len(times),
                forced_decisions=sum(o.forced_decisions[side] for o in outcomes),
                seconds_per_decision=math.fsum(times) / len(times) if times else None,
                median_seconds_per_decision=statistics.median(times) if times else None,
                max_seconds_per_decision=max(times) if times else None,
                decision_seconds=tuple(times),
                share=share,
                even_share=1 / count,
            )
        )
    passes = max((len(o.passes) for o in outcomes), default=1)
    return MatchResult(
        rules=plan.rules,
        unit=plan.unit,
        seed=plan.seed,
        count=len(outcomes),
        duplicate=plan.duplicate,
        hands=hands,
        workers=plan.workers,
        seconds=seconds,
        sides=tuple(side_results),
        finished=len(winners),
        elo=_elos(winners, count, passes, side_results[0].share),
        outcomes=tuple(outcomes),
    )


def _as_side(player: str | Side, settings: Mapping[str, Any] | None) -> Side:
    if isinstance(player, Side):
        return Side(player.bot, {**player.settings, **(settings or {})}, player.factory)
    if not isinstance(player, str):
        raise OptionError(f"a player is a bot name or a Side, not {player!r}", "players")
    return Side(player.strip().lower(), dict(settings or {}))


@dataclass(frozen=True)
class MatchPlan:
    """A checked match, ready to play: the rules, the sides, the number of units (deals or whole games) and of
    workers.

    ``cluster`` is None to play on local processes, ``"local"`` or a cluster's address to play on Ray.
    """

    rules: Rules
    sides: tuple[Side, ...]
    count: int
    seed: int
    workers: int
    duplicate: bool
    cluster: str | None = None
    unit: Unit = DEAL

    @property
    def deals(self) -> int:
        """The number of units (deals in a match of deals)."""
        return self.count

    @property
    def games(self) -> int:
        """The number of units (games in a match of whole games)."""
        return self.count

    def play(self, progress: Callable[[int], None] | None = None, records: str | os.PathLike[str] | None = None) -> MatchResult:
        """Play every unit (on a process pool when there is more than one worker, or on Ray) and summarise.

        ``progress`` is told the number of units finished.  With ``records`` (a folder), every hand (or game)
        played is written there as a game record, named ``deal-K-pass-P.json`` (``game-K-pass-P.json``), with the
        match seed, the unit and the player at each seat in its metadata.
        """
        start = time.perf_counter()
        outcomes = self.play_units(progress, records)
        return summarise(self, outcomes, time.perf_counter() - start)

    def play_units(
        self, progress: Callable[[int], None] | None = None, records: str | os.PathLike[str] | None = None
    ) -> list[Outcome]:
        """Play every unit as ``play`` does, and give their outcomes in order, unsummarised (what a study reads)."""
        folder = prepare_records_directory(records) if records is not None else None
        plan = PlayPlan(self.rules, self.sides, self.seed, self.duplicate, folder is not None, self.unit)

        def write(outcome: Outcome) -> None:
            for number, played in enumerate(outcome.passes):
                if folder is not None and played.record is not None:
                    write_record(folder, f"{self.unit.name}-{outcome.number:06d}-pass-{number}", played.record)
                    played.record = None

        return play_all(play_unit, plan, self.count, self.workers, progress, write, self.cluster)


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
) -> MatchPlan:
    """Check the arguments of ``play_games`` and return the plan; raises ``OptionError`` naming what is wrong."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"games must be a whole number of at least 1, not {games!r}", "games")
    checked = plan_match(variant, players, games, seed, workers, duplicate, options, settings, cluster)
    return MatchPlan(checked.rules, checked.sides, games, seed, checked.workers, duplicate, checked.cluster, GAME)


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
) -> MatchResult:
    """Play ``games`` whole games of ``variant`` (each once per side in duplicate) and return the figures.

    The arguments are those of ``play_match``, with games in place of deals;
    ``progress`` is called with the number of games (duplicate sets) finished; with ``records`` (a folder),
    every game played is written there as a game record (see ``MatchPlan.play``); with ``cluster`` the games are
    played on Ray (see ``play_match``).
    """
    return plan_games(variant, players, games, seed, workers, duplicate, options, settings, cluster).play(progress, records)
