"""The ``bowers simulate`` command: random whole games, their speed and how often each rule's events happen."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bowers.cli.common import checked_rules, make_console, parse_options, show, team_name, user_errors
from bowers.variants import Rules, variant


def _percent(rate: float | None) -> str:
    """A rate as a percentage, or a dash when there was nothing to measure."""
    return "-" if rate is None else f"{100 * rate:.1f}%"


def _event(event: Mapping[str, Any]) -> str:
    """An event summary (count, successes, rate) in words."""
    if not event["count"]:
        return "0"
    return f"{event['count']} ({event['succeeded']} succeeded, {_percent(event['success_rate'])})"


def _simulation_table(summary: Mapping[str, Any], rules: Rules) -> Table:
    """The figures of a ``simulate`` summary as a two-column table."""
    table = Table(title=f"{summary['games']} random games of {summary['variant']}", title_justify="left")
    table.add_column("figure", no_wrap=True)
    table.add_column("value")
    changed = {k: v for k, v in summary["options"].items() if show(v) != show(variant(summary["variant"]).option(k).default)}
    table.add_row("options", ", ".join(f"{k}={show(v)}" for k, v in changed.items()) or "defaults")
    table.add_row("seed", str(summary["seed"]))
    table.add_row("seconds", f"{summary['seconds']:.2f}")
    gps = summary["games_per_second"]
    table.add_row("games per second", "-" if gps is None else f"{gps:,.1f}")
    hps = summary["hands_per_second"]
    table.add_row("hands per second", "-" if hps is None else f"{hps:,.0f}")
    table.add_row("engine", summary["engine"])
    table.add_row("hands", str(summary["hands"]))
    table.add_row("hands per game", f"{summary['hands_per_game']:.2f}")
    table.add_row("maker success", _percent(summary["maker_success_rate"]))
    average = summary["average_points_per_hand"]
    table.add_row("average points per hand", "-" if average is None else f"{average:.2f}")
    for team, wins in enumerate(summary["wins"]):
        table.add_row(f"wins, {team_name(rules, team)}", str(wins))
    table.add_row("misdeals", str(summary["misdeals"]))
    for key, label in (("loners", "loners"), ("lone_defences", "lone defences"), ("jambones", "Jambones")):
        if key in summary:
            table.add_row(label, _event(summary[key]))
    if "jamborees" in summary:
        table.add_row("Jamborees", str(summary["jamborees"]))
    if "twos_threes" in summary:
        table.add_row("twos and threes exchanges", str(summary["twos_threes"]))
    for level, event in summary.get("contracts", {}).items():
        table.add_row(f"contracts of {level}", _event(event))
    if "reneges" in summary:
        table.add_row("reneges caught", str(summary["reneges"]))
    return table


@click.command("simulate")
@click.option("--variant", "variant_name", default="standard", show_default=True, help="Variant to play.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of whole games.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the run; game i uses seeds derived from (seed, i).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option; repeat for several.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate_command(variant_name: str, games: int, seed: int, option_pairs: tuple[str, ...], as_json: bool) -> None:
    """Play random whole games and report speed and how often each rule's events happen."""
    from bowers.simulate import simulate

    options = parse_options(option_pairs)
    rules = checked_rules(variant_name, options)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=make_console(stderr=True), transient=True) as bar, user_errors():
        task = bar.add_task(f"simulating {rules.variant}", total=games)
        summary = simulate(rules, games, seed, progress=lambda done: bar.update(task, completed=done))
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        make_console().print(_simulation_table(summary, rules))
