"""The ``bowers stats`` command: a variant measured by bots in duplicate, every figure with its 95% interval."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bowers.cli.common import fail, parse_options, show
from bowers.cli.match import setting_value
from bowers.errors import BowersError
from bowers.stats import DEFAULT_BOT, Comparison, Figure, Study, compare, figure_label, study

MEANS = ("points_per_hand", "deal_value", "hands_per_game")  # figures in points or hands; the rest are shares


def _format(name: str, figure: Figure) -> tuple[str, str, str]:
    """A figure's value, interval and count as table cells."""
    if figure.value is None:
        return "-", "", ""
    share = name not in MEANS and not name.endswith("_net")
    scale, unit, digits = (100.0, "%", 1) if share else (1.0, "", 2)

    def shown(value: float | None, signed: bool = False) -> str:
        if value is None:
            return "-"
        return f"{scale * value:+.{digits}f}{unit}" if signed else f"{scale * value:.{digits}f}{unit}"

    signed = name == "deal_value" or name.endswith("_net")
    interval = f"{shown(figure.low, signed)} .. {shown(figure.high, signed)}" if figure.low is not None else ""
    count = f"{figure.count} of {figure.out_of}" if figure.count is not None else ""
    return shown(figure.value, signed), interval, count


def _worth_showing(figures: Mapping[str, Figure], name: str) -> bool:
    """Every figure with a value, but rates of events that never happened (a Jambone in standard) are left out."""
    figure = figures[name]
    return figure.value is not None and (figure.count is None or figure.count > 0 or name in ("euchred", "makers_made"))


def study_table(result: Study) -> Table:
    """The figures of a study as a table: value, 95% interval and what a rate counts."""
    games = f"{result.games} whole games" if result.games else f"{result.deals} duplicate deals"
    players = ", ".join(sorted(set(result.players)))
    title = f"{result.variant}: {games} ({result.hands} hands) by {players}, seed {result.seed}"
    table = Table(title=title, title_justify="left")
    table.add_column("figure", min_width=24)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("95% interval", no_wrap=True)
    table.add_column("count", no_wrap=True)
    for name in result.figures:
        if _worth_showing(result.figures, name):
            table.add_row(figure_label(name), *_format(name, result.figures[name]))
    return table


def comparison_table(comparison: Comparison) -> Table:
    """Each figure under the two option values, and the difference with its interval."""
    first, second = comparison.values
    option = comparison.option
    title = f"{comparison.first.variant}: {option}={show(first)} against {option}={show(second)}, the same deals"
    table = Table(title=title, title_justify="left")
    table.add_column("figure", min_width=24)
    table.add_column(show(first), justify="right")
    table.add_column(show(second), justify="right")
    table.add_column("difference (95% interval)", min_width=22)
    for name, change in comparison.differences.items():
        if not (_worth_showing(comparison.first.figures, name) or _worth_showing(comparison.second.figures, name)):
            continue
        before = _format(name, comparison.first.figures[name])[0]
        after = _format(name, comparison.second.figures[name])[0]
        value, interval, _ = _signed(change) if name in MEANS or name.endswith("_net") else _points(change)
        table.add_row(figure_label(name), before, after, f"{value} ({interval})" if interval else value)
    return table


def _signed(change: Figure) -> tuple[str, str, str]:
    """A difference of two means (points, or hands), signed."""
    if change.value is None:
        return "-", "", ""
    interval = ""
    if change.low is not None and change.high is not None:
        interval = f"{change.low:+.2f} .. {change.high:+.2f}"
    return f"{change.value:+.2f}", interval, ""


def _points(change: Figure) -> tuple[str, str, str]:
    """A difference of two shares in percentage points."""
    if change.value is None:
        return "-", "", ""
    interval = ""
    if change.low is not None and change.high is not None:
        interval = f"{100 * change.low:+.1f} .. {100 * change.high:+.1f}"
    return f"{100 * change.value:+.1f} pts", interval, ""


@click.command("stats")
@click.option("--variant", "variant_name", default="standard", show_default=True, help="Variant to study.")
@click.option("--players", "players_text", default=DEFAULT_BOT, show_default=True, metavar="BOT[,BOT...]",
              help="The bot at every seat, or one per side.")
@click.option("--deals", type=click.IntRange(min=1), help="Duplicate deals, each from the initial scores  [default: 200].")
@click.option("--games", type=click.IntRange(min=1), help="Whole games to the target instead of deals (gives hands per game).")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the study: the same seed, the same figures.")
@click.option("--workers", type=click.IntRange(min=1), help="Processes playing at once [default: every core].")
@click.option(
    "--ray",
    "cluster",
    is_flag=False,
    flag_value="local",
    default=None,
    metavar="[ADDRESS]",
    help="Play on Ray: alone, a Ray cluster started on this machine (--workers CPUs); with HOST:PORT, a running one.",
)
@click.option("--setting", "setting_pairs", multiple=True, metavar="NAME=VALUE", help="A setting for every bot, e.g. level=2.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option; repeat for several.")
@click.option("--compare", "compared", metavar="OPTION=VALUE", help="Also study the same deals with this option changed.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--plots", "plots_folder", metavar="DIR", type=click.Path(file_okay=False), help="Write plots (PNG and SVG) here.")
def stats_command(
    variant_name: str,
    players_text: str,
    deals: int | None,
    games: int | None,
    seed: int,
    workers: int | None,
    cluster: str | None,
    setting_pairs: Sequence[str],
    option_pairs: Sequence[str],
    compared: str | None,
    as_json: bool,
    plots_folder: str | None,
) -> None:
    """Measure a variant: bots play it in duplicate and every figure comes with its 95% interval.

    The value of the deal and of each seat, how trump is made and how often it stands, loners, lone defences,
    Jambones, Jamborees, twos and threes, contracts by level, points per hand (and hands per game with --games),
    and how much of the points is the luck of the cards. --compare runs the same deals with one option changed.
    """
    if deals is not None and games is not None:
        fail("--deals and --games are two kinds of study: give one of them")
    players = [name.strip().lower() for name in players_text.split(",")]
    if any(not name for name in players):
        fail(f"--players expects bot names separated by commas, such as pimc or pimc,heuristic; got {players_text!r}")
    settings: dict[str, Any] = {}
    for pair in setting_pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or "." in name or not value.strip():
            fail(f"--setting expects NAME=VALUE for every bot, such as level=2; got {pair!r}")
        settings[name.strip().lower().replace("-", "_")] = setting_value(value)
    options = parse_options(option_pairs)
    arguments: dict[str, Any] = {"players": players, "deals": deals, "games": games, "seed": seed, "workers": workers}
    arguments["settings"] = settings
    arguments["cluster"] = cluster
    count = games if games is not None else (deals or 200)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    try:
        if plots_folder is not None:  # before the study: a folder that refuses plots is told at once
            from bowers.stats.plots import load_pyplot, prepare_folder

            load_pyplot()
            prepare_folder(plots_folder)
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            if compared is not None:
                option, sep, value = compared.partition("=")
                if not sep or not option.strip() or not value.strip():
                    fail(f"--compare expects OPTION=VALUE, such as stick_the_dealer=true; got {compared!r}")
                task = bar.add_task(f"studying {variant_name} twice", total=2 * count)
                done = [0]

                def advance(finished: int) -> None:
                    bar.update(task, completed=done[0] + finished)
                    if finished == count:
                        done[0] += count

                comparison = compare(variant_name, option, value.strip(), options=options, progress=advance, **arguments)
                result: Study | Comparison = comparison
            else:
                task = bar.add_task(f"studying {variant_name}", total=count)
                result = study(
                    variant_name, options=options, progress=lambda finished: bar.update(task, completed=finished), **arguments
                )
        written = []
        if plots_folder is not None:
            from bowers.stats.plots import plot_comparison, plot_study

            if isinstance(result, Comparison):
                written = plot_study(result.first, plots_folder) + plot_comparison(result, plots_folder)
            else:
                written = plot_study(result, plots_folder)
    except BowersError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
        return
    console = Console(highlight=False)
    console.print(comparison_table(result) if isinstance(result, Comparison) else study_table(result))
    seconds = result.first.seconds + result.second.seconds if isinstance(result, Comparison) else result.seconds
    console.print(f"played in {seconds:.1f} s; intervals are 95%, taken over deals (see docs/statistics.md)")
    for path in written:
        console.print(f"wrote {path}")
