"""A study of a variant: bots play it in duplicate, and every figure a game designer asks for comes with its interval.

``study(variant, ...)`` plays ``deals`` single deals (each from the initial
score) or ``games`` whole games with the bots named, in duplicate, on local
processes, and returns a ``Study``: the figures of ``figures.hand_tallies``,
those of whole games (``figures.game_tallies``), and the win-probability table the bots use.
``compare`` plays the same deals under two values of one option, and
``study_records`` measures games already played (saved games, match records,
real games imported from EGN) the same way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bowers.errors import OptionError, RecordError
from bowers.facts import HandFacts, contract_levels, game_facts, net
from bowers.game import replay
from bowers.match.parallel import held
from bowers.match.runner import SIDE_LABELS, plan_games, plan_match
from bowers.stats.figures import (
    IMPOSSIBLE,
    NOT_DUPLICATE,
    Figure,
    GamePlayed,
    Hand,
    Tally,
    figure_differences,
    figures_of,
    game_played,
    game_tallies,
    hand_tallies,
    impossible_figures,
    luck_share,
    paired_luck_difference,
    quartile_figures,
)
from bowers.variants import AUCTION, Rules, as_rules

DEFAULT_BOT = "pimc"


@dataclass(frozen=True)
class Study:
    """What a study measured: its plan, its figures by name, and how long it took."""

    rules: Rules  # of a study of records, the first record's
    options: Mapping[str, Any]  # as JSON writes them; of a study of records, those every record shares
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    seed: int
    deals: int | None
    games: int | None
    hands: int
    seconds: float
    figures: Mapping[str, Figure]
    hands_list: tuple[Hand, ...] = field(repr=False, default=())
    records: int | None = None  # with study_records: the games with a finished hand (players, seed, deals mean nothing)
    games_list: tuple[GamePlayed, ...] = field(repr=False, default=())  # every pass of every whole game
    tallies: Mapping[str, Tally] = field(repr=False, default_factory=dict)  # each figure deal by deal (or game by game)
    passes: int = 1  # the passes of each deal: the sides in duplicate, 1 for records not of a duplicate match

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.rules.variant

    def bots(self) -> str:
        """The bots with their settings, as headings give them: one for every seat, or each side's."""

        def described(bot: str, settings: Mapping[str, Any]) -> str:
            shown = {name: value if isinstance(value, str) else json.dumps(value) for name, value in settings.items()}
            chosen = ", ".join(f"{name}={value}" for name, value in shown.items())
            return f"{bot} ({chosen})" if chosen else bot

        settings = self.settings
        per_side = any(isinstance(value, Mapping) for value in settings.values())  # {"A": {...}, "B": {...}}
        if not per_side and len(set(self.players)) == 1:
            return described(self.players[0], settings)
        sides = [
            f"{SIDE_LABELS[side]}: {described(bot, settings.get(SIDE_LABELS[side], {}) if per_side else settings)}"
            for side, bot in enumerate(self.players)
        ]
        return ", ".join(sides)

    def size(self) -> str:
        """What the study measured, counted as it was played: deals (each played once per side) or whole games,
        and the hands; of records, the deals or games of a duplicate match, else the records."""
        hands = _count(self.hands, "hand")
        if self.records is not None:
            records = _count(self.records, "record")
            if self.passes > 1 and self.games:
                return f"{_count(self.games, 'whole game')} in duplicate ({records}, {hands})"
            if self.passes > 1 and self.deals:
                return f"{_count(self.deals, 'duplicate deal')} ({records}, {hands})"
            whole = f", {_count(self.games, 'whole game')}" if self.games else ""
            return f"{_count(self.records, 'recorded game')} ({hands}{whole})"
        if self.games:
            played = f"{self.games * self.passes} played, " if self.passes > 1 else ""
            return f"{_count(self.games, 'whole game')} in duplicate ({played}{hands})"
        return f"{_count(self.deals or 0, 'duplicate deal')} ({hands})"

    def heading(self) -> str:
        """The study's heading: the variant, its size, and for bots' play the bots with their settings and the seed."""
        if self.records is not None and not self.players:
            return f"{self.variant}: {self.size()}"
        return f"{self.variant}: {self.size()} by {self.bots()}, seed {self.seed}"

    def remeasured(self) -> Study:
        """The study with its figures measured again from its hands and games, as today's definitions count them
        (a study kept on disk and read back); of records, the figures it gave as impossible stay so."""
        impossible = impossible_figures(self.rules)
        if self.records is not None:  # the records' own rules (tables differ in their options) are not kept
            impossible = frozenset(name for name, figure in self.figures.items() if figure.note == IMPOSSIBLE)
        figures, tallies = measure(self.rules, self.hands_list, self.games_list, self.passes, self.seed, impossible)
        return replace(self, figures=figures, tallies=tallies)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able study: what was played and every figure with its ``ci95``."""
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "players": list(self.players),
            "settings": dict(self.settings),
            "seed": self.seed if self.records is None or self.players else None,
            "deals": self.deals,
            "games": self.games,
            "hands": self.hands,
            "seconds": self.seconds,
            "records": self.records,
            "passes": self.passes,
            "figures": {name: figure.to_dict() for name, figure in self.figures.items()},
        }


def _count(number: int, thing: str) -> str:
    """``number`` things in words: ``1 duplicate deal``, ``2 duplicate deals``."""
    return f"{number} {thing}{'s' if number != 1 else ''}"


def _hand(facts: HandFacts, seating: Sequence[int], deal: int, pass_number: int, rules: Rules) -> Hand:
    """A played hand as the study sees it (see ``figures.Hand``)."""
    points = facts.points
    by_offset = tuple(net(points, rules.team_of((facts.dealer + offset) % rules.players)) for offset in range(rules.players))
    side_points = [0] * rules.teams
    for team, team_points in enumerate(points):
        side_points[seating[team]] += team_points
    return Hand(deal=deal, pass_number=pass_number, facts=facts, net_by_offset=by_offset, side_net=net(side_points, 0))


def _checked_players(players: Sequence[str] | str | None, teams: int) -> tuple[str, ...]:
    """One bot per side: a single name plays every side."""
    if players is None:
        players = [DEFAULT_BOT]
    if isinstance(players, str):
        players = [name.strip() for name in players.split(",")]
    names = tuple(name.strip().lower() for name in players)
    if len(names) == 1:
        names = names * teams
    if len(names) != teams or not all(names):
        given = f"{len(players)}: {', '.join(players)}"
        raise OptionError(f"a study needs one bot, or one per side ({teams}), not {given}", "players")
    return names


def study(
    variant: str | Rules,
    players: Sequence[str] | str | None = None,
    deals: int | None = None,
    games: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    settings: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
    progress: Callable[[int], None] | None = None,
    cluster: str | None = None,
) -> Study:
    """Play ``deals`` duplicate deals (default 200) or ``games`` whole games of ``variant`` and measure it.

    ``players`` is one bot for every seat (default ``pimc``) or one per side; ``settings`` go to every bot, or,
    a list of one mapping per side, each to its side's bot.
    ``cluster`` plays on Ray as ``bowers.match.play_match`` does (the same seed, the same figures).  A bad
    variant, option, bot, setting or count raises ``OptionError`` before anything is played.
    """
    rules = as_rules(variant, **dict(options or {}))
    if deals is not None and games is not None:
        raise OptionError("a study plays deals or whole games: give one of them", "games")
    if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 1):
        raise OptionError(f"games must be a whole number of at least 1, not {games!r}", "games")
    count = games if games is not None else (200 if deals is None else deals)
    names = _checked_players(players, rules.teams)
    if isinstance(settings, Sequence):
        if len(settings) != len(names):
            raise OptionError(f"settings for {len(settings)} sides, but the study has {len(names)}", "settings")
        per_side = [dict(side or {}) for side in settings]
        shown: dict[str, Any] = {SIDE_LABELS[i]: side for i, side in enumerate(per_side)}
    else:
        per_side = [dict(settings or {}) for _ in names]
        shown = dict(settings or {})
    planner = plan_match if games is None else plan_games
    checked = planner(rules, list(names), count, seed, workers, True, None, per_side, cluster)
    start = time.perf_counter()
    hands: list[Hand] = []
    games_list: list[GamePlayed] = []
    outcomes = checked.play_units(progress)
    for outcome in outcomes:
        for number, played in enumerate(outcome.passes):
            for index, facts in enumerate(played.facts):
                # Each hand of a game is its own "deal" for the intervals (the hands of a game are nearly
                # independent), its passes sharing it as they share its cards.
                key = outcome.number if games is None else outcome.number * 10_000 + index
                hands.append(_hand(facts, played.seating, key, number, checked.rules))
            if games is not None:
                assert played.winner is not None
                winner = played.seating.index(played.winner)
                games_list.append(game_played(outcome.number, number, played.facts, checked.rules.initial_scores, winner))
    figures, tallies = measure(checked.rules, hands, games_list, len(checked.sides), seed)
    return Study(
        rules=checked.rules,
        options=checked.rules.json_options(),
        players=names,
        settings=shown,
        seed=seed,
        deals=None if games is not None else count,
        games=games,
        hands=len(hands),
        seconds=time.perf_counter() - start,
        figures=figures,
        hands_list=tuple(hands),
        games_list=tuple(games_list),
        tallies=tallies,
        passes=len(checked.sides),
    )


def measure(
    rules: Rules,
    hands: Sequence[Hand],
    games: Sequence[GamePlayed],
    passes: int,
    seed: int = 0,
    impossible: frozenset[str] | None = None,
) -> tuple[dict[str, Figure], dict[str, Tally]]:
    """Every figure of these hands (and whole games, where there are any), and their tallies deal by deal; the
    luck share only where each deal was played more than once (``passes``), else None with the reason; the
    ``impossible`` figures (by default those ``rules`` never allow) as None."""
    tallies = hand_tallies(hands, rules.players, rules.bidding == AUCTION, contract_levels(rules))
    figures = figures_of(tallies, passes, impossible_figures(rules) if impossible is None else impossible)
    figures["luck_share"] = luck_share(hands, seed=seed) if passes > 1 else Figure(None, None, None, note=NOT_DUPLICATE)
    if games:
        played = game_tallies(games, rules.players, rules.teams, rules.target)
        of_games = figures_of(played, passes)
        figures["hands_per_game"] = of_games.pop("hands_per_game")
        figures.update(quartile_figures(games, seed=seed))
        figures.update(of_games)
        tallies.update(played)
    return figures, tallies


@dataclass(frozen=True)
class Comparison:
    """Two studies under two values of one option, and each figure's difference; ``paired`` where both dealt the
    same cards (an option that changes the deck, the players or the cards dealt leaves nothing paired), and how
    long it all took (playing and measuring)."""

    option: str
    values: tuple[Any, Any]
    first: Study
    second: Study
    differences: Mapping[str, Figure]
    paired: bool = True
    seconds: float = 0.0

    def remeasured(self) -> Comparison:
        """The comparison with both studies and their differences measured again (see ``Study.remeasured``)."""
        first, second = self.first.remeasured(), self.second.remeasured()
        differences = measured_differences(first, second, self.paired, first.seed)
        return replace(self, first=first, second=second, differences=differences)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: the option, both studies and the differences (second minus first)."""
        return {
            "option": self.option,
            "values": list(self.values),
            "paired": self.paired,
            "seconds": self.seconds,
            "first": self.first.to_dict(),
            "second": self.second.to_dict(),
            "differences": {name: figure.to_dict() for name, figure in self.differences.items()},
        }


def same_cards(first: Rules, second: Rules) -> bool:
    """Whether the same seed deals the same cards under both rules: the same deck, players and deal."""
    return (first.deck, first.players, first.hand_size, first.deal_rounds) == (
        second.deck,
        second.players,
        second.hand_size,
        second.deal_rounds,
    )


def compare(
    variant: str | Rules, option: str, value: Any, options: Mapping[str, Any] | None = None, **arguments: Any
) -> Comparison:
    """Study ``variant`` (a name or ``Rules``) with its options, then with ``option`` set to ``value``, on the same
    seed, and give each figure's difference with its interval: paired over the deals where both deal the same
    cards, else taking the two studies as independent (see ``figures.figure_differences``)."""
    start = time.perf_counter()
    name = option.strip().lower().replace("-", "_")
    first_rules = as_rules(variant, **dict(options or {}))
    if name not in first_rules.options:
        raise OptionError(f"{first_rules.variant} has no option {name!r}; options: {', '.join(first_rules.options)}", name)
    second_rules = as_rules(first_rules, **{name: value})
    first_value, second_value = first_rules.options[name], second_rules.options[name]
    if first_value == second_value:
        raise OptionError(f"--compare {name}={value} is the value the study already has: choose another", name)
    with held(arguments.get("cluster"), arguments.get("workers")):  # one Ray cluster for both studies, not one each
        first = study(first_rules, **arguments)
        second = study(second_rules, **arguments)
    paired = same_cards(first_rules, second_rules)
    differences = measured_differences(first, second, paired, int(arguments.get("seed", 0)))
    seconds = time.perf_counter() - start
    return Comparison(name, (first_value, second_value), first, second, differences, paired, seconds)


def measured_differences(first: Study, second: Study, paired: bool, seed: int) -> dict[str, Figure]:
    """Each figure's difference between two studies (second minus first), paired over their deals where ``paired``
    (the same cards under both), with the luck share's paired difference; else the two taken as independent."""
    tallies = (first.tallies, second.tallies) if paired else None
    differences = figure_differences(first.figures, second.figures, tallies, first.passes, seed)
    if paired:
        differences["luck_share"] = paired_luck_difference(first.hands_list, second.hands_list, seed=seed)
    return differences


def study_records(records: Sequence[Mapping[str, Any]], names: Sequence[str] | None = None) -> Study:
    """Measure games already played: each record is replayed and checked, and its finished hands give the same
    figures as a study of bots.  The records of a duplicate match (``bowers match --records``, which name the
    deal or game and the pass) are grouped as the match played them, every interval taken over deals and the
    luck share measured; any other hand counts as its own deal.  A record that does not replay raises its
    ``RecordError`` (naming it by ``names``, where given: its file); records of more than one variant raise
    ``OptionError``.
    """
    if not records:
        raise OptionError("no games to study: give at least one record", "records")
    start = time.perf_counter()
    games = []
    for number, record in enumerate(records):
        try:
            games.append(replay(record))
        except RecordError as error:
            if names is None:
                raise
            raise RecordError(f"{names[number]}: not a game bowers can replay ({error})") from None
    variants = sorted({game.variant for game in games})
    if len(variants) > 1:
        raise OptionError(f"a study is of one variant; these records are of {', '.join(variants)}", "records")
    rules = games[0].rules
    # The options every record shares (tables differ, for instance, in stick the dealer).
    shared = {name: value for name, value in games[0].options.items() if all(g.options.get(name) == value for g in games)}
    hands: list[Hand] = []
    deal_numbers: dict[Any, int] = {}
    game_numbers: dict[Any, int] = {}
    whole: list[GamePlayed] = []
    contributing = 0  # the games with at least one finished hand (a game saved mid-hand gives its finished ones)
    for number, (record, game) in enumerate(zip(records, games, strict=True)):
        contributing += bool(game.results)
        where = _match_place(record, game.rules)
        facts = game_facts(game)
        for index, of_hand in enumerate(facts):
            if where is None:
                key: Any = ("hand", len(hands))
                pass_number, seating = 0, list(range(rules.teams))
            else:
                key, pass_number, seating = (*where[0], index), where[1], where[2]
            deal = deal_numbers.setdefault(key, len(deal_numbers))
            hands.append(_hand(of_hand, seating, deal, pass_number, game.rules))
        # A whole game: over, and played from the start (not joined at a later score).
        if game.winner is not None and facts and not any(game.rules.initial_scores):
            unit = ("record", number) if where is None else where[0]
            played = game_numbers.setdefault(unit, len(game_numbers))
            whole.append(game_played(played, 0 if where is None else where[1], facts, game.rules.initial_scores, game.winner))
    if not hands:
        raise OptionError("these records hold no finished hand to measure", "records")
    passes_of: dict[int, int] = {}
    for hand in hands:
        passes_of[hand.deal] = passes_of.get(hand.deal, 0) + 1
    passes = max(passes_of.values())
    # Impossible only where no record's rules allow it (tables differ in their options).
    impossible = frozenset.intersection(*(impossible_figures(game.rules) for game in games))
    # A duplicate match's records: its seed, so that the luck share's bootstrap is the study's.
    seeds = [key[1] for key in deal_numbers if key[0] != "hand" and isinstance(key[1], int)]
    figures, tallies = measure(rules, hands, whole, passes, seeds[0] if seeds else 0, impossible)
    deals = len({key[:3] for key in deal_numbers if key[0] == "deal"}) or None
    return Study(
        rules=rules,
        options={k: list(v) if isinstance(v, tuple) else v for k, v in shared.items()},
        players=_match_players(records, rules.teams),
        settings={},
        seed=seeds[0] if seeds and len(set(seeds)) == 1 else 0,
        deals=deals,
        games=len(game_numbers) or None,
        hands=len(hands),
        seconds=time.perf_counter() - start,
        figures=figures,
        hands_list=tuple(hands),
        records=contributing,
        games_list=tuple(whole),
        tallies=tallies,
        passes=passes,
    )


def _match_players(records: Sequence[Mapping[str, Any]], sides: int) -> tuple[str, ...]:
    """The player of each side (A, B, ...) as ``bowers match --records`` names it, where every record is of one
    duplicate match that names them alike; none otherwise (the records of tables, of real games)."""
    found: set[tuple[str, ...]] = set()
    for record in records:
        metadata = record.get("metadata")
        match = metadata.get("match") if isinstance(metadata, Mapping) else None
        seats = match.get("seats") if isinstance(match, Mapping) else None
        if not isinstance(seats, list) or not all(isinstance(seat, Mapping) for seat in seats):
            return ()
        by_side = {str(seat.get("side")): str(seat.get("player")) for seat in seats}
        if sorted(by_side) != list(SIDE_LABELS[:sides]):
            return ()
        found.add(tuple(by_side[label] for label in SIDE_LABELS[:sides]))
    return found.pop() if len(found) == 1 else ()


def _match_place(record: Mapping[str, Any], rules: Rules) -> tuple[tuple[Any, ...], int, list[int]] | None:
    """Where a record of a duplicate match lies: its deal (or game), its pass and which side held each team's
    seats, from the ``match`` metadata ``bowers match --records`` writes; None for any other record."""
    metadata = record.get("metadata")
    match = metadata.get("match") if isinstance(metadata, Mapping) else None
    if not isinstance(match, Mapping):
        return None
    unit = "deal" if "deal" in match else "game"
    seats = match.get("seats")
    number, pass_number = match.get(unit), match.get("pass")
    if not (isinstance(number, int) and isinstance(pass_number, int) and isinstance(seats, list)):
        return None
    if len(seats) != rules.players or not all(isinstance(seat, Mapping) for seat in seats):
        return None
    labels = sorted({str(seat.get("side")) for seat in seats})
    seating = [0] * rules.teams
    for seat, entry in enumerate(seats):
        seating[rules.team_of(seat)] = labels.index(str(entry.get("side")))
    return (unit, match.get("seed"), number), pass_number, seating


__all__ = ["DEFAULT_BOT", "SIDE_LABELS", "Comparison", "Study", "compare", "study", "study_records"]
