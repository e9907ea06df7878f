"""The ``bowers`` command: list variants, print rules, simulate, replay records, and convert EGN files.

Every bad input (unknown variant, bad option, missing or malformed file)
ends with a one-line ``Error: ...`` message and a non-zero exit status,
never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bowers.errors import BowersError, quoted
from bowers.rules_text import rules_text
from bowers.variants import AUCTION, Rules, make_rules, variant, variants

T = TypeVar("T")

# A last guard: what code expecting the documented structure could raise on a malformed file.  The
# readers refuse malformed files with ``RecordError`` first; this keeps any gap to one line too.
_MALFORMED = (KeyError, IndexError, TypeError, AttributeError, OverflowError, RecursionError, ValueError)


def _fail(message: str) -> NoReturn:
    """Stop with a one-line error message and exit status 1."""
    raise click.ClickException(message)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn bowers' input errors (unknown variant, bad option) into one-line command-line errors."""
    try:
        yield
    except BowersError as error:
        _fail(str(error))


def _console(stderr: bool = False) -> Console:
    """A rich console for stdout (or stderr), created per command so it sees the current streams."""
    return Console(stderr=stderr, highlight=False)


def _show(value: Any) -> str:
    """An option value as it is typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``NAME=VALUE`` strings as a dict; names may use ``-`` for ``_``."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            _fail(f"--option expects NAME=VALUE, such as stick_the_dealer=true; got {pair!r}")
        options[name.strip().lower().replace("-", "_")] = value.strip()
    return options


def _checked_rules(name: str, options: Mapping[str, Any]) -> Rules:
    """The rules of a variant with its options, or a one-line error naming what is allowed."""
    with _user_errors():
        return make_rules(name, **options)


def _from_file(path: str, what: str, call: Callable[[], T]) -> T:
    """The result of ``call`` (which reads or converts the file ``path``), or a one-line error about that file."""
    try:
        return call()
    except BowersError as error:
        message = str(error)
        _fail(message if message.startswith(path) else f"{path}: {message}")
    except json.JSONDecodeError as error:
        _fail(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    except UnicodeDecodeError:
        _fail(f"{path}: not a text file")
    except FileNotFoundError:
        _fail(f"{path}: no such file")
    except IsADirectoryError:
        _fail(f"{path}: is a directory, not a file")
    except OSError as error:
        _fail(f"{path}: cannot be read ({error.strerror or error})")
    except _MALFORMED as error:
        _fail(f"{path}: not a valid {what} ({type(error).__name__}: {quoted(str(error))})")


def _read_json(path: str) -> Any:
    """The JSON value in a file (UTF-8, a byte-order mark allowed), or a one-line error saying why it cannot be read."""
    from bowers.game import read_json

    return _from_file(path, "JSON file", lambda: read_json(path))


def _write(text: str, out: str | None) -> None:
    """Write ``text`` to the file ``out``, or to stdout when ``out`` is None."""
    if not text.endswith("\n"):
        text += "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as error:
        _fail(f"{out}: cannot be written ({error.strerror or error})")


def _team_name(rules: Rules, team: int) -> str:
    """A team in words: ``team 0 (seats 0, 2)``, or ``seat 1`` when a player is a side alone."""
    seats = [seat for seat in range(rules.players) if rules.team_of(seat) == team]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"team {team} (seats {', '.join(str(s) for s in seats)})"


def _dash(numbers: Sequence[int]) -> str:
    """Numbers joined by dashes, such as a score ``7-10``."""
    return "-".join(str(n) for n in numbers)


def _hand_line(index: int, result: Mapping[str, Any], rules: Rules, score: Sequence[int]) -> str:
    """One hand's result in one line: what was made by whom, tricks per team, points and the score after it."""
    head = f"deal {index} (dealer {result['dealer']}): "
    if result.get("misdeal"):
        return head + f"misdeal, no points, score {_dash(score)}"
    parts: list[str] = []
    maker = result.get("maker")
    if maker is not None:
        trump = result.get("trump")
        if result.get("contract"):
            made = f"contract {result['contract']} by seat {maker}"
        elif trump == "NT":
            made = f"no-trump by seat {maker}"
        else:
            made = f"trump {trump} by seat {maker}"
        if result.get("jambone"):
            made += ", Jambone"
        elif result.get("alone"):
            made += " alone"
        parts.append(made)
    if result.get("lone_defender") is not None:
        parts.append(f"seat {result['lone_defender']} defended alone")
    tricks = [0] * rules.teams
    for seat, taken in enumerate(result.get("tricks") or ()):
        tricks[rules.team_of(seat)] += taken
    parts.append(f"tricks {_dash(tricks)}")
    if result.get("twos_threes"):
        parts.append("twos and threes by seat " + ", ".join(str(s) for s in result["twos_threes"]))
    if result.get("jamboree"):
        parts.append("Jamboree by seat " + ", ".join(str(s) for s in result["jamboree"]))
    if result.get("renege"):
        parts.append("renege claimed")
    elif result.get("made") is True:
        parts.append("made")
    elif result.get("made") is False:
        parts.append("defeated" if rules.bidding == AUCTION else "euchred")
    parts.append(f"points {_dash(result.get('points') or ())}")
    parts.append(f"score {_dash(score)}")
    return head + ", ".join(parts)


# ----------------------------------------------------------------------------- commands


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bowers", prog_name="bowers")
def cli() -> None:
    """Every Euchre game, played exactly: standard, two-hand, British, Railroad, Ultimate and auction Euchre."""


@cli.command("variants")
def variants_command() -> None:
    """List the variants with their options, defaults and allowed values."""
    console = _console()
    for name in variants():
        declared = variant(name)
        table = Table(title=f"[bold]{escape(name)}[/bold]: {escape(declared.summary)}", title_justify="left", expand=False)
        table.add_column("option", no_wrap=True)
        table.add_column("default", no_wrap=True)
        table.add_column("allowed")
        table.add_column("what it does")
        for option in declared.options:
            table.add_row(option.name, _show(option.default), declared.allowed_text(option), option.doc)
        console.print(table)
        console.print()


@cli.command("rules")
@click.argument("variant_name", metavar="VARIANT")
def rules_command(variant_name: str) -> None:
    """Print the rules of VARIANT for players (Markdown)."""
    with _user_errors():
        text = rules_text(variant_name)
    click.echo(text, nl=not text.endswith("\n"))


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
    changed = {k: v for k, v in summary["options"].items() if _show(v) != _show(variant(summary["variant"]).option(k).default)}
    table.add_row("options", ", ".join(f"{k}={_show(v)}" for k, v in changed.items()) or "defaults")
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
        table.add_row(f"wins, {_team_name(rules, team)}", str(wins))
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


@cli.command("simulate")
@click.option("--variant", "variant_name", default="standard", show_default=True, help="Variant to play.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Number of whole games.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the run; game i uses seeds derived from (seed, i).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option; repeat for several.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate_command(variant_name: str, games: int, seed: int, option_pairs: tuple[str, ...], as_json: bool) -> None:
    """Play random whole games and report speed and how often each rule's events happen."""
    from bowers.simulate import simulate

    options = _parse_options(option_pairs)
    rules = _checked_rules(variant_name, options)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=_console(stderr=True), transient=True) as bar, _user_errors():
        task = bar.add_task(f"simulating {rules.variant}", total=games)
        summary = simulate(rules.variant, games, seed, options, progress=lambda done: bar.update(task, completed=done))
    if as_json:
        click.echo(json.dumps(summary, indent=2))
    else:
        _console().print(_simulation_table(summary, rules))


@cli.command("replay")
@click.argument("path", metavar="FILE")
def replay_command(path: str) -> None:
    """Replay a JSON game record, checking every action, and summarise it."""
    from bowers import replay

    record = _read_json(path)
    game = _from_file(path, "game record", lambda: replay(record))
    rules = game.rules
    scores = list(rules.initial_scores)
    lines = []
    for index, result in enumerate(game.results):
        for team, points in enumerate(result.get("points") or ()):
            scores[team] += points
        lines.append(_hand_line(index, result, rules, scores))
    click.echo(f"variant: {rules.variant}")
    click.echo("options: " + (", ".join(f"{k}={_show(v)}" for k, v in rules.options.items()) or "none"))
    click.echo(f"deals: {len(game.results)}")
    final = ", ".join(f"{_team_name(rules, team)} {score}" for team, score in enumerate(game.scores))
    click.echo(f"final scores: {final}")
    click.echo(f"winner: {_team_name(rules, game.winner) if game.winner is not None else 'none (the game is not finished)'}")
    for line in lines:
        click.echo(line)


@cli.command("import")
@click.argument("path", metavar="FILE.egn")
@click.option("-o", "--output", "out", metavar="OUT.json", help="Write the record here instead of to stdout.")
def import_command(path: str, out: str | None) -> None:
    """Read an EGN file and print (or write) it as a JSON game record."""
    from bowers.egn import import_note, load_egn

    record = _from_file(path, "EGN file", lambda: load_egn(path))
    _write(json.dumps(record, indent=2), out)
    note = _from_file(path, "EGN file", lambda: import_note(record))
    if note is not None:
        click.echo(f"Note: {path}: {note}", err=True)


@cli.command("export")
@click.argument("path", metavar="RECORD.json")
@click.option("--egn", "to_egn", is_flag=True, help="Write Euchre Game Notation (EGN).")
@click.option("-o", "--output", "out", metavar="OUT", help="Write here instead of to stdout.")
def export_command(path: str, to_egn: bool, out: str | None) -> None:
    """Convert a JSON game record to another format (--egn)."""
    from bowers.egn import dump_egn

    if not to_egn:
        _fail("choose the format to export: --egn")
    record = _read_json(path)
    text = _from_file(path, "game record", lambda: dump_egn(record))
    _write(text, out)


def main() -> None:
    """Entry point of the ``bowers`` console script."""
    cli(prog_name="bowers")


from bowers.cli_solve import solve_command  # noqa: E402  (the solver's command, registered here)

cli.add_command(solve_command)

from bowers.analyze_command import analyze_command  # noqa: E402  (commands living in their own modules)

cli.add_command(analyze_command)

# The terminal table: bowers play and bowers history.
from bowers.play.cli import register as _register_play  # noqa: E402

_register_play(cli)

@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every network).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "db_path", metavar="PATH", help="SQLite database of the tables (default: in the user data directory).")
@click.option(
    "--bot-delay",
    default=0.6,
    show_default=True,
    type=click.FloatRange(0, 10),
    help="Seconds a bot waits before acting while people watch.",
)
def serve_command(host: str, port: int, db_path: str | None, bot_delay: float) -> None:
    """Run the card room: play in a browser with friends and bots."""
    from bowers.server import serve

    serve(host=host, port=port, db_path=db_path, bot_delay=bot_delay)

from bowers.cli_match import match_command  # noqa: E402  (registered after the group exists)

cli.add_command(match_command)
