"""The ``bowers stats`` command: a variant measured by bots in duplicate, every figure with its 95% interval."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from bowers.cli.common import fail, parse_options, show
from bowers.cli.match import parse_settings
from bowers.errors import BowersError
from bowers.stats import DEFAULT_BOT, Comparison, Figure, Study, compare, figure_label, study, study_records
from bowers.stats.figures import IMPOSSIBLE, QUARTILES
from bowers.stats.splits import KEYS, Group, Split, split_study, splitter
from bowers.variants import make_rules

# The figures in points or hands (with each seat's net, ``seat_K_net``); the rest are shares, shown in %.
MEANS = ("points_per_hand", "deal_value", "hands_per_game", *QUARTILES)


def _is_share(name: str) -> bool:
    """Whether a figure is a share (shown in %) rather than points or hands."""
    return name not in MEANS and not name.endswith("_net")


def _format(name: str, figure: Figure) -> tuple[str, str, str]:
    """A figure's value, interval and count as table cells; a rate of an event never seen says so, with the most
    its interval allows."""
    if figure.value is None:
        return ("not allowed" if figure.note == IMPOSSIBLE else "-"), "", ""
    share = _is_share(name)
    scale, unit, digits = (100.0, "%", 1) if share else (1.0, "", 2)

    def shown(value: float | None, signed: bool = False) -> str:
        if value is None:
            return "-"
        return f"{scale * value:+.{digits}f}{unit}" if signed else f"{scale * value:.{digits}f}{unit}"

    signed = name == "deal_value" or name.endswith("_net")
    count = f"{figure.count} of {figure.out_of}" if figure.count is not None else ""
    if figure.never_seen:
        return "never seen", f"at most {shown(figure.high)}", count
    interval = f"{shown(figure.low, signed)} .. {shown(figure.high, signed)}" if figure.low is not None else ""
    return shown(figure.value, signed), interval, count


def _worth_showing(figures: Mapping[str, Figure], name: str) -> bool:
    """Every figure with a value; those the rules never allow, or with nothing to measure, are left out."""
    return figures[name].value is not None


def study_table(result: Study) -> Table:
    """The figures of a study as a table: value, 95% interval and what a rate counts."""
    table = Table(title=result.heading(), title_justify="left")
    table.add_column("figure", min_width=24)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("95% interval", no_wrap=True)
    table.add_column("count", no_wrap=True)
    for name in result.figures:
        if _worth_showing(result.figures, name):
            table.add_row(figure_label(name), *_format(name, result.figures[name]))
    return table


def split_tables(split: Split, width: int | None = None) -> list[Table]:
    """A split's figures as tables: a column per group, each cell the value, its 95% interval and its count; as
    many groups to a table as fit in ``width`` columns (all in one without it), each table with every figure."""
    per_table = len(split.groups) if width is None else max(1, (width - SPLIT_FIGURE_WIDTH) // SPLIT_CELL_WIDTH)
    parts = [split.groups[start : start + per_table] for start in range(0, len(split.groups), per_table)]
    return [_split_table(split, groups, number, len(parts)) for number, groups in enumerate(parts, start=1)]


SPLIT_FIGURE_WIDTH = 24  # the figure column of a split's table, with the borders
SPLIT_CELL_WIDTH = 19  # a group's column: "100.0% .. 100.0%" and its border


def _split_table(split: Split, groups: Sequence[Group], number: int, parts: int) -> Table:
    """One table of a split, of these of its groups (part ``number`` of ``parts``)."""
    title = split.heading() + (f" (groups, part {number} of {parts})" if parts > 1 else "")
    table = Table(title=title, title_justify="left")
    table.add_column("figure", min_width=20)
    for group in groups:
        table.add_column(f"{group.name}\n({group.hands} hands)", justify="right", no_wrap=True)

    def cell(name: str, figure: Figure) -> str:
        value, interval, count = _format(name, figure)
        return "\n".join(part for part in (value, interval, count) if part)

    table.add_row("share of hands", *(cell("share", group.share) for group in groups), end_section=True)
    for name in split.study.figures:  # the figures of hands (those of whole games are not split)
        if any(group.figures.get(name, Figure(None, None, None)).value is not None for group in split.groups):
            table.add_row(figure_label(name), *(cell(name, group.figures[name]) for group in groups))
    return table


def comparison_heading(comparison: Comparison) -> str:
    """A comparison's heading: which way the differences go, whether the deals are paired, and the studies' size,
    bots and seed."""
    first, second = comparison.values
    option = comparison.option
    unit = "games" if comparison.first.games else "deals"
    how = (
        f"the same {unit} under both, paired"
        if comparison.paired
        else "other cards under each (the option changes the deck or the deal): nothing paired, the two taken as independent"
    )
    return (
        f"{comparison.first.variant}: {option}={show(second)} against {option}={show(first)} "
        f"(difference: {show(second)} minus {show(first)}); {how}; each {comparison.first.size()} "
        f"by {comparison.first.bots()}, seed {comparison.first.seed}"
    )


def comparison_table(comparison: Comparison) -> Table:
    """Each figure under the two option values, and the difference with its interval."""
    first, second = comparison.values
    table = Table(title=comparison_heading(comparison), title_justify="left")
    table.add_column("figure", min_width=24)
    table.add_column(show(first), justify="right")
    table.add_column(show(second), justify="right")
    table.add_column("difference (95% interval; pp: percentage points)", min_width=22)
    for name, change in comparison.differences.items():
        before_figure, after_figure = comparison.first.figures[name], comparison.second.figures[name]
        if not (_worth_showing(comparison.first.figures, name) or _worth_showing(comparison.second.figures, name)):
            continue
        before = _format(name, before_figure)[0]
        after = _format(name, after_figure)[0]
        share = _is_share(name)
        arms = (before_figure, after_figure)
        if any(arm.never_seen for arm in arms) and all(arm.never_seen or arm.note == IMPOSSIBLE for arm in arms):
            most = max(arm.high or 0.0 for arm in arms)
            table.add_row(figure_label(name), before, after, f"never seen (at most {100 * most:.1f}%)")
            continue
        value, interval = _points(change) if share else _signed(change)
        table.add_row(figure_label(name), before, after, f"{value} ({interval})" if interval else value)
    return table


def _signed(change: Figure) -> tuple[str, str]:
    """A difference of two means (points, or hands), signed."""
    if change.value is None:
        return "-", ""
    interval = ""
    if change.low is not None and change.high is not None:
        interval = f"{change.low:+.2f} .. {change.high:+.2f}"
    return f"{change.value:+.2f}", interval


def _points(change: Figure) -> tuple[str, str]:
    """A difference of two shares in percentage points."""
    if change.value is None:
        return "-", ""
    interval = ""
    if change.low is not None and change.high is not None:
        interval = f"{100 * change.low:+.1f} .. {100 * change.high:+.1f}"
    return f"{100 * change.value:+.1f} pp", interval


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
@click.option(
    "--setting",
    "setting_pairs",
    multiple=True,
    metavar="[BOT.]NAME=VALUE",
    help="A setting for every bot (level=2), or for one (pimc.level=1, or by side: B.level=1).",
)
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option; repeat for several.")
@click.option("--compare", "compared", metavar="OPTION=VALUE", help="Also study the same deals with this option changed.")
@click.option(
    "--by",
    "split_keys",
    multiple=True,
    metavar="KEY",
    help=f"Also give every figure split by a property of the hand; repeat for several. Keys: {', '.join(KEYS)}.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--plots", "plots_folder", metavar="DIR", type=click.Path(file_okay=False), help="Write plots (PNG and SVG) here.")
@click.argument("record_paths", nargs=-1, metavar="[RECORD]...")
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
    split_keys: Sequence[str],
    as_json: bool,
    plots_folder: str | None,
    record_paths: Sequence[str],
) -> None:
    """Measure a variant: bots play it in duplicate and every figure comes with its 95% interval.

    The value of the deal and of each seat, how trump is made and how often it stands, loners, lone defences,
    Jambones, Jamborees, twos and threes, contracts by level, points per hand (and hands per game with --games),
    and how much of the points is the luck of the cards. --compare runs the same deals with one option changed.
    Given RECORDs (bowers records, .json, or EGN files, .egn, or folders of them), it measures those games,
    already played (saved games, match records, real games), the same way instead; --variant then picks
    that variant's records.
    """
    if record_paths:
        context = click.get_current_context()
        given = [
            f"--{name.replace('_', '-')}"
            for name in ("players", "deals", "games", "seed", "workers", "setting", "option", "compare")
            if context.get_parameter_source(_PARAMETERS.get(name, name)) == click.core.ParameterSource.COMMANDLINE
        ]
        if cluster is not None:
            given.append("--ray")
        if given:
            verb = "is" if len(given) == 1 else "are"
            fail(f"records are games already played; {', '.join(given)} {verb} for bots' play and cannot go with them")
        chosen = context.get_parameter_source("variant_name") == click.core.ParameterSource.COMMANDLINE
        try:
            records, names = _read_records(record_paths)
            if chosen:  # --variant picks that variant's records (a folder of saved games holds every variant played)
                wanted = make_rules(variant_name).variant
                kept = [number for number, record in enumerate(records) if make_rules(record["variant"]).variant == wanted]
                records, names = [records[number] for number in kept], [names[number] for number in kept]
                if not records:
                    fail(f"none of these records is of {wanted}")
            variants = sorted({make_rules(record["variant"]).variant for record in records})
            if len(variants) > 1:
                fail(f"these records are of {len(variants)} variants ({', '.join(variants)}): choose one with --variant")
            for key in split_keys:  # a key these records' rules cannot split by is told before they are replayed
                splitter(make_rules(variants[0]), key)
            recorded = study_records(records, names)
            splits = [split_study(recorded, key) for key in split_keys]
            drawn = []
            if plots_folder is not None:
                from bowers.stats.plots import load_pyplot, plot_split, plot_study, prepare_folder

                load_pyplot()
                prepare_folder(plots_folder)
                drawn = plot_study(recorded, plots_folder)
                for split in splits:
                    drawn += plot_split(split, plots_folder)
        except BowersError as error:
            fail(str(error))
        _report(recorded, as_json, drawn, splits)
        return
    if cluster is not None and cluster != "local" and Path(cluster).exists():
        fail(f"--ray took {cluster!r} for a Ray cluster's address, but it is a file or folder here: "
             f"records are studied without --ray (bowers stats {cluster})")
    if deals is not None and games is not None:
        fail("--deals and --games are two kinds of study: give one of them")
    players = [name.strip().lower() for name in players_text.split(",")]
    if any(not name for name in players):
        fail(f"--players expects bot names separated by commas, such as pimc or pimc,heuristic; got {players_text!r}")
    per_side = parse_settings(setting_pairs, players)  # NAME=VALUE for every bot, SIDE.NAME or BOT.NAME for one
    settings: dict[str, Any] | list[dict[str, Any]] = per_side if any(s != per_side[0] for s in per_side) else per_side[0]
    options = parse_options(option_pairs)
    arguments: dict[str, Any] = {"players": players, "deals": deals, "games": games, "seed": seed, "workers": workers}
    arguments["settings"] = settings
    arguments["cluster"] = cluster
    count = games if games is not None else (deals or 200)
    if compared is not None and split_keys:
        fail("--by splits one study's hands; a --compare plays two: run each value's study with --by instead")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    try:
        for key in split_keys:  # a key these rules cannot split by is told before anything is played
            splitter(make_rules(variant_name, **options), key)
        if plots_folder is not None:  # before the study: a folder that refuses plots is told at once
            from bowers.stats.plots import load_pyplot, prepare_folder

            load_pyplot()
            prepare_folder(plots_folder)
        errors = Console(stderr=True)
        # The bar only where someone watches: on a file or a pipe it would leave a stray blank line.
        with Progress(*columns, console=errors, transient=True, disable=not errors.is_terminal) as bar:
            if compared is not None:
                option, sep, value = compared.partition("=")
                if not sep or not option.strip() or not value.strip():
                    fail(f"--compare expects OPTION=VALUE, such as stick_the_dealer=true; got {compared!r}")
                rules = make_rules(variant_name, **options)  # the variant and its options, read once
                task = bar.add_task(f"studying {variant_name} twice", total=2 * count)
                done = [0]

                def advance(finished: int) -> None:
                    bar.update(task, completed=done[0] + finished)
                    if finished == count:
                        done[0] += count
                    if done[0] == 2 * count:  # both played: what is left is measuring the differences
                        bar.update(task, description="measuring the differences")

                comparison = compare(rules, option, value.strip(), progress=advance, **arguments)
                result: Study | Comparison = comparison
            else:
                rules = make_rules(variant_name, **options)
                task = bar.add_task(f"studying {variant_name}", total=count)
                result = study(rules, progress=lambda finished: bar.update(task, completed=finished), **arguments)
        splits = [split_study(result, key) for key in split_keys] if isinstance(result, Study) else []
        written = []
        if plots_folder is not None:
            from bowers.stats.plots import plot_comparison, plot_split, plot_study

            if isinstance(result, Comparison):  # each value's plots, named and headed by it, and the differences
                for arm, value in zip((result.first, result.second), result.values, strict=True):
                    written += plot_study(arm, plots_folder, arm=f"{result.option}={show(value)}")
                written += plot_comparison(result, plots_folder)
            else:
                written = plot_study(result, plots_folder)
                for split in splits:
                    written += plot_split(split, plots_folder)
    except BowersError as error:
        fail(str(error))
    _report(result, as_json, written, splits)


# The command's parameter names where they differ from the options' names.
_PARAMETERS = {"compare": "compared", "players": "players_text", "setting": "setting_pairs", "option": "option_pairs"}


def _report(result: Study | Comparison, as_json: bool, written: Sequence[Any], splits: Sequence[Split] = ()) -> None:
    """Print the figures (a table, or JSON; with each split's after the study's) and the plot files written."""
    if as_json:
        data = result.to_dict()
        if splits:
            data["splits"] = [split.to_dict() for split in splits]
        click.echo(json.dumps(data, indent=2))
        return
    console = Console(highlight=False)
    tables = [comparison_table(result) if isinstance(result, Comparison) else study_table(result)]
    width = console.width if console.is_terminal else None  # on a screen, a split's groups in tables that fit it
    for table in [*tables, *(table for split in splits for table in split_tables(split, width))]:
        if console.is_terminal:
            console.print(table)
        else:  # into a file or a pipe: the whole table, as wide as it needs, never cropped to 80 columns
            width = Measurement.get(console, console.options.update_width(10_000), table).maximum
            Console(highlight=False, width=max(width, console.width)).print(table)
    if isinstance(result, Study) and result.records is not None:
        console.print(f"read in {_duration(result.seconds)}; intervals are 95%, taken over deals (a duplicate match's, "
                      "or each hand its own; see docs/statistics.md)")
    elif isinstance(result, Comparison):
        how = "paired over the same deals" if result.paired else "the two studies taken as independent"
        console.print(f"played and measured in {_duration(result.seconds)}; intervals are 95%, taken over deals, "
                      f"differences {how} (see docs/statistics.md)")
    else:
        console.print(f"played in {_duration(result.seconds)}; intervals are 95%, taken over deals (see docs/statistics.md)")
    for path in written:
        console.print(f"wrote {path}")


def _duration(seconds: float) -> str:
    """Seconds as people read them: ``12.3 s``, ``3 min 25 s``."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


def _read_records(paths: Sequence[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The records in these files and folders (a folder's *.json and *.egn files, in name order), and their files'
    names (``study_records`` replays each, naming the file of one that does not replay); a file that is missing,
    unreadable or not a record ends the command in one line naming it."""
    from bowers.egn import egn_to_record
    from bowers.errors import RecordError
    from bowers.game import read_json

    files: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            try:
                entries = sorted(path.iterdir())
            except OSError as error:
                fail(f"{text}: this folder cannot be read ({error.strerror or error})")
            found = [p for p in entries if p.suffix.lower() in (".json", ".egn") and not p.name.startswith(".") and p.is_file()]
            if not found:
                fail(f"{text}: this folder holds no records (*.json or *.egn files)")
            files += found
        elif path.is_file():
            files.append(path)
        else:
            fail(f"{text}: no such file or folder")
    unique: dict[Path, Path] = {}
    for path in files:  # a file named twice (itself and in its folder) counts once
        unique.setdefault(path.resolve(), path)
    files = list(unique.values())
    records: list[dict[str, Any]] = []
    for path in files:
        try:
            data = read_json(path)  # any problem reading it names the file
        except RecordError as error:
            fail(str(error))
        try:
            record = egn_to_record(data) if path.suffix.lower() == ".egn" else data
        except BowersError as error:
            fail(f"{path}: not a game bowers can replay ({error})")
        if not isinstance(record, dict) or not isinstance(record.get("variant"), str):
            fail(f"{path}: not a game bowers can replay (a record is a JSON object with variant, options, seed and deals)")
        try:
            make_rules(record["variant"])  # the variant is read before the replay, to choose and group the records
        except BowersError as error:
            fail(f"{path}: not a game bowers can replay ({error})")
        records.append(record)
    return records, [str(path) for path in files]
