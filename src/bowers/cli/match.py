"""The ``bowers match`` command: bot against bot, in duplicate, on every core.

Settings are given per side as ``--setting SIDE.NAME=VALUE``, where ``SIDE``
is the side's letter (``A`` for the first player, ``B``, ``C``) or the bot's
name when only one side plays that bot; ``--setting NAME=VALUE`` with no side
applies to every side.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bowers.cli.common import fail, parse_options
from bowers.errors import BowersError
from bowers.match import SIDE_LABELS, Elo, MatchPlan, MatchResult, SideResult, plan_games, plan_match
from bowers.match.hands import RATE_LABELS
from bowers.variants import make_rules


def setting_value(text: str) -> Any:
    """A setting typed on the command line: ``true``/``false``, a whole number, a decimal number, or else the text.

    >>> [setting_value(t) for t in ("true", "3", "0.5", "fast")]
    [True, 3, 0.5, 'fast']
    """
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(lowered)
        except ValueError:
            pass
    return text.strip()


def parse_players(text: str) -> list[str]:
    """``A,B[,C]`` as a list of bot names."""
    names = [name.strip().lower() for name in text.split(",")]
    if not text.strip() or any(not name for name in names):
        fail(f"--players expects bot names separated by commas, such as heuristic,random; got {text!r}")
    return names


def parse_settings(pairs: Sequence[str], players: Sequence[str]) -> list[dict[str, Any]]:
    """``[SIDE.]NAME=VALUE`` strings as one settings dict per side."""
    per_side: list[dict[str, Any]] = [{} for _ in players]
    letters = SIDE_LABELS[: len(players)]
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            fail(f"--setting expects [SIDE.]NAME=VALUE, such as B.level=2; got {pair!r}")
        prefix, dot, name = key.rpartition(".")
        if not dot:
            targets = list(range(len(players)))
        elif prefix.upper() in letters and len(prefix) == 1:
            targets = [letters.index(prefix.upper())]
        elif prefix.lower() in players:
            targets = [i for i, player in enumerate(players) if player == prefix.lower()]
            if len(targets) > 1:
                sides = " or ".join(letters[i] for i in targets)
                fail(f"--setting {pair!r}: more than one side plays {prefix.lower()}; name the side ({sides}) instead")
        else:
            fail(f"--setting {pair!r}: no side {prefix!r}; sides are {', '.join(letters)} or a bot name: {', '.join(players)}")
        if not name.strip():
            fail(f"--setting expects [SIDE.]NAME=VALUE, such as B.level=2; got {pair!r}")
        for target in targets:
            per_side[target][name.strip().lower().replace("-", "_")] = setting_value(value)
    return per_side


def _number(value: float | None, digits: int = 2, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _interval(low: float | None, high: float | None) -> str:
    return f"{_number(low, signed=True)} .. {_number(high, signed=True)}"


def _milliseconds(value: float | None) -> str:
    return "-" if value is None else f"{1000 * value:.1f} ms"


def _side_table(title: str, sides: Sequence[SideResult], rows: list[tuple[str, list[str]]]) -> Table:
    """A table with one column per side: ``rows``, then the sides' decisions and thinking times."""
    table = Table(title=title, title_justify="left")
    table.add_column("figure", no_wrap=True)
    for side in sides:
        table.add_column(f"{side.label}: {side.bot}" + "".join(f" {k}={v}" for k, v in sorted(side.settings.items())))
    rows = [
        *rows,
        ("decisions (forced)", [f"{s.decisions} ({s.forced_decisions})" for s in sides]),
        ("median time per decision", [_milliseconds(s.median_seconds_per_decision) for s in sides]),
        ("longest decision", [_milliseconds(s.max_seconds_per_decision) for s in sides]),
    ]
    for label, cells in rows:
        table.add_row(label, *cells)
    return table


def _elo_lines(labels: Sequence[str], elos: Sequence[Elo], games_word: str, none_finished: bool) -> list[str]:
    """One line per Elo difference of the first side against each other side (``none_finished``: say so when no
    game between the two finished)."""
    lines = []
    for other, elo in enumerate(elos, start=1):
        names = f"{labels[0]} - {labels[other]}"
        if none_finished and elo.difference is None and elo.games == 0:
            lines.append(f"Elo {names}: no finished games")
            continue
        interval = f"{_number(elo.low, 0, True)} .. {_number(elo.high, 0, True)}"
        lines.append(f"Elo {names}: {_number(elo.difference, 0, True)} (95% {interval}) from {elo.wins}-{elo.losses}{games_word}")
    return lines


CORE_RATES = ("trump_made", "makers_made", "euchred")


def _rate_rows(rates: Sequence[dict[str, dict[str, Any]]]) -> list[tuple[str, list[str]]]:
    """Rows of each side's rates with their 95% intervals in brackets: the core ones always, the others where any
    side has one."""
    rows = []
    for name, label in RATE_LABELS.items():
        if name not in CORE_RATES and not any(side[name]["count"] for side in rates):
            continue
        cells = []
        for side in rates:
            rate = side[name]
            if rate["rate"] is None:
                cells.append("-")
            else:
                low, high = rate["ci95"]
                cells.append(f"{_percent(rate['rate'])} ({100 * low:.1f}-{100 * high:.1f})")
        rows.append((label, cells))
    return rows


def result_table(result: MatchResult) -> Table:
    """The figures of a match as a table, one column per side."""
    kind = "duplicate deals" if result.duplicate else "deals"
    sides = result.sides
    rows: list[tuple[str, list[str]]] = [
        ("net points per deal", [_number(s.net_points.mean, signed=True) for s in sides]),
        ("95% interval", [_interval(s.net_points.low, s.net_points.high) for s in sides]),
        ("significant", ["yes" if s.net_points.significant else "no" for s in sides]),
        ("points per hand", [_number(s.points_per_hand) for s in sides]),
        ("games won", [str(s.games_won) for s in sides]),
        *_rate_rows(result.rates()),
    ]
    return _side_table(f"{result.deals} {kind} of {result.variant}, seed {result.seed}", sides, rows)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def games_table(result: MatchResult) -> Table:
    """The figures of a match of whole games as a table, one column per side."""
    kind = "duplicate games" if result.duplicate else "games"
    target = result.rules.target
    sides = result.sides
    shares = [side.share for side in sides if side.share is not None]  # every side's, in a match of whole games
    rows: list[tuple[str, list[str]]] = [
        ("games won", [f"{s.games_won} of {result.played}" for s in sides]),
        ("share of games won", [_percent(share.mean) for share in shares]),
        ("95% interval", [f"{_percent(share.low)} .. {_percent(share.high)}" for share in shares]),
        ("significant", ["yes" if s.significant else "no" for s in sides]),
        ("net points per hand", [_number(s.net_points.mean, signed=True) for s in sides]),
        *_rate_rows(result.rates()),
    ]
    return _side_table(f"{result.games} {kind} of {result.variant} to {target}, seed {result.seed}", sides, rows)


def where_played(workers: int, cluster: str | None = None) -> str:
    """Where a match was played, for its speed line: local workers, a local Ray cluster's, or a Ray cluster's address.

    >>> where_played(2), where_played(4, "local"), where_played(4, "10.0.0.5:6379")
    ('2 workers', '4 workers of a local Ray cluster', 'the Ray cluster at 10.0.0.5:6379')
    """
    if cluster is not None and cluster != "local":
        return f"the Ray cluster at {cluster}"
    local = f"{workers} worker{'s' if workers > 1 else ''}"
    return local if cluster is None else f"{local} of a local Ray cluster"


def games_summary_lines(result: MatchResult, cluster: str | None = None) -> list[str]:
    """The whole-match figures of a match of whole games: Elo and speed (``cluster`` as given to ``--ray``)."""
    lines = _elo_lines([side.label for side in result.sides], result.elo, "", none_finished=False)
    workers = where_played(result.workers, cluster)
    lines.append(f"{result.played} games, {result.hands} hands in {result.seconds:.2f} s on {workers}")
    return lines


def summary_lines(result: MatchResult, cluster: str | None = None) -> list[str]:
    """The whole-match figures that are not per side: Elo, games, speed (``cluster`` as given to ``--ray``)."""
    lines = _elo_lines([side.label for side in result.sides], result.elo, " in games", none_finished=True)
    lines.append(f"games to {result.rules.target}: {result.games}")
    speed = result.hands_per_second
    lines.append(
        f"{result.hands} hands in {result.seconds:.2f} s on {where_played(result.workers, cluster)}: "
        f"{_number(speed, 1)} hands per second"
    )
    return lines


@click.command("match")
@click.option("--variant", "variant_name", default="standard", show_default=True, help="Variant to play.")
@click.option("--players", "players_text", required=True, metavar="A,B[,C]", help="Bot of each side, one per team.")
@click.option("--deals", type=click.IntRange(min=1), help="Number of single deals, each from 0-0  [default: 100].")
@click.option("--games", type=click.IntRange(min=1), help="Play this many whole games to the target instead of single deals.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the match: deal k is dealt from (seed, k).")
@click.option("--workers", type=click.IntRange(min=1), help="Processes playing deals [default: every core].")
@click.option(
    "--ray",
    "cluster",
    is_flag=False,
    flag_value="local",
    default=None,
    metavar="[ADDRESS]",
    help="Play on Ray: alone, a Ray cluster started on this machine (--workers CPUs); with HOST:PORT, a running one.",
)
@click.option("--duplicate/--no-duplicate", default=True, show_default=True, help="Play each deal once per side, sides swapped.")
@click.option("--setting", "setting_pairs", multiple=True, metavar="[SIDE.]NAME=VALUE", help="A bot setting, e.g. B.level=2.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option; repeat for several.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--records",
    "records_folder",
    metavar="DIR",
    type=click.Path(file_okay=False, writable=True),
    help="Write every hand (or game) played as a game record in this folder.",
)
def match_command(
    variant_name: str,
    players_text: str,
    deals: int | None,
    games: int | None,
    seed: int,
    workers: int | None,
    cluster: str | None,
    duplicate: bool,
    setting_pairs: tuple[str, ...],
    option_pairs: tuple[str, ...],
    as_json: bool,
    records_folder: str | None,
) -> None:
    """Play bots against each other and report net points, games won, Elo and speed.

    With --games, whole games are played from the first deal to the target with the real score, and the
    share of games won is reported with its interval.  With --ray the deals are played on Ray (pip install
    'bowers[cluster]'); the same seed gives the same figures as on local processes.
    """
    players = parse_players(players_text)
    settings = parse_settings(setting_pairs, players)
    options = parse_options(option_pairs)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    if deals is not None and games is not None:
        fail("--deals and --games are two kinds of match: give one of them")
    count = games if games is not None else (100 if deals is None else deals)
    try:
        rules = make_rules(variant_name, **options)  # the variant and its options, read once
        if games is not None:
            checked: MatchPlan = plan_games(rules, players, games, seed, workers, duplicate, None, settings, cluster)
            label = f"{' vs '.join(players)}, whole games of {checked.rules.variant}"
        else:
            checked = plan_match(rules, players, count, seed, workers, duplicate, None, settings, cluster)
            label = f"{' vs '.join(players)} at {checked.rules.variant}"
        errors = Console(stderr=True)
        # The bar only where someone watches: on a file or a pipe it would leave a stray blank line.
        with Progress(*columns, console=errors, transient=True, disable=not errors.is_terminal) as bar:
            task = bar.add_task(label, total=count)
            result = checked.play(progress=lambda done: bar.update(task, completed=done), records=records_folder)
    except BowersError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
        return
    if result.unit.whole_game:
        console = Console(highlight=False)
        console.print(games_table(result))
        for line in games_summary_lines(result, checked.cluster):
            console.print(line)
        return
    console = Console(highlight=False)
    console.print(result_table(result))
    for line in summary_lines(result, checked.cluster):
        console.print(line)
