"""Plots of a study (PNG and SVG, with matplotlib): how the hands go and the seats, the bots' model of the chance of
winning, how long a game lasts, a study split by a property of its hands, and the differences between two options.

Every chart of shares is of one denominator (its title and axis say what its percentages are of) and every bar
carries its value and count as text; an event never seen is drawn as an outline up to its 95% bound, and an event
the rules never allow is left out.  The charts' data are made by pure functions (``hand_charts``,
``seat_charts``, ``comparison_charts``, ``split_charts``), which ``draw_charts`` draws as the panels of one figure
headed by the study (what it shows, its size, the bots with their settings and the seed).

matplotlib is an extra (``pip install 'bowers[plots]'``); it is imported only here, and only when asked.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bowers.errors import OptionError
from bowers.facts import named_rate
from bowers.stats.figures import IMPOSSIBLE, Figure, figure_label
from bowers.stats.splits import Split
from bowers.stats.study import Comparison, Study

FORMATS = ("png", "svg")

# What a rate is a share of: the hands its trial in ``bowers.facts`` accepts ("played out": the contracts whose
# tricks decided them, not ended by a renege claim).
OF_HANDS = "of all hands"
OF_CONTRACTS = "of contracts"
OF_PLAYED = "of contracts played out"
OF_LONERS = "of loners"
OF_LONERS_PLAYED = "of loners played out"
OF_JAMBONES = "of Jambones played out"
OF_NO_TRUMP = "of no-trump contracts played out"
OF_LEVEL = "of the contracts of each level played out"
OF_SEAT = "of the contracts each seat made, played out"
OF_GAMES = "of games"
OF_GROUP = "of the group's contracts played out"
OF_GROUP_CONTRACTS = "of the group's contracts"
# The denominators that differ from bar to bar (each bar's own level or seat): their counts say how many.
EACH_BAR = frozenset({OF_LEVEL, OF_SEAT})
DENOMINATORS = {
    "trump_made": OF_HANDS,
    "makers_made": OF_PLAYED,
    "euchred": OF_PLAYED,
    "march": OF_PLAYED,
    "loners": OF_CONTRACTS,
    "loners_made": OF_LONERS_PLAYED,
    "loner_marches": OF_LONERS_PLAYED,
    "defended_alone": OF_LONERS,  # only a loner can be defended alone
    "jambone": OF_HANDS,
    "jambone_made": OF_JAMBONES,
    "jamboree": OF_HANDS,
    "twos_threes": OF_HANDS,
    "misdeal": OF_HANDS,
    "no_trump": OF_CONTRACTS,
    "no_trump_made": OF_NO_TRUMP,
}

PERCENTAGE_POINTS = "percentage points"
POINTS = "points per hand"
HANDS = "hands per game"
LUCK = "the luck share"

GREEN, DARK, GREY = "#2f6f4f", "#222222", "#777777"
HATCHED = "hatched: never seen, drawn up to its 95% bound"
BOX = {"boxstyle": "round,pad=0.15", "facecolor": (1.0, 1.0, 1.0, 0.7), "edgecolor": "none"}  # a number on a map
ROW_INCHES, PANEL_INCHES = 0.34, 1.05  # the height of a bar's row and of a panel's title and axis


def load_pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, or a one-line error saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as pyplot
    except ImportError:
        raise OptionError("plots need matplotlib: pip install 'bowers[plots]'", "plots") from None
    return pyplot


def win_grid(variant: str, target: int) -> list[list[float]] | None:
    """The first team's chance of winning from every score below the target, dealing next (rows: its score,
    columns: the other team's), from the table the bots use; None for three teams or a variant without one."""
    from bowers.bots.win_probability import has_outcomes, win_table

    if not has_outcomes(variant):
        return None
    table = win_table(variant, target)
    if table.teams != 2:
        return None
    return [[table.chance([mine, theirs], 0, 0) for theirs in range(target)] for mine in range(target)]


def prepare_folder(folder: str | Path) -> Path:
    """The folder plots go to, created if need be; ``OptionError`` in one line if it cannot be written (checked
    before a study is played, so that its figures are not lost to a folder that refuses them)."""
    directory = Path(folder)
    try:
        if directory.exists() and not directory.is_dir():
            raise OptionError(f"plots folder {str(directory)!r} is a file, not a folder", "plots")
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / ".bowers-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as error:
        raise OptionError(f"cannot write plots in {str(directory)!r} ({error.strerror or error})", "plots") from None
    return directory


@dataclass(frozen=True)
class Bar:
    """One bar of a chart in the chart's unit: its value, its 95% interval and the text beside it (the value with
    its count).  A bar ``never_seen`` is drawn as an outline up to its bound ``high`` (or as a mark at zero without
    one); a bar whose ``value`` is None otherwise draws nothing but its text."""

    label: str
    value: float | None
    low: float | None
    high: float | None
    text: str
    never_seen: bool = False


@dataclass(frozen=True)
class Chart:
    """One panel: its title, its x-axis (the unit, and what its shares are of), what every bar's figure is of
    (``of``: a denominator, or the unit of a figure that is not a share) and its bars, top to bottom."""

    title: str
    axis: str
    of: str
    bars: tuple[Bar, ...]


def denominator(name: str) -> str:
    """What a rate of a study is a share of, in words (``"of all hands"``): the hands its trial accepts."""
    if name in DENOMINATORS:
        return DENOMINATORS[name]
    if name.startswith(("game_won_seat_", "comeback_")):
        return OF_GAMES
    if name.startswith("contract_"):
        return OF_LEVEL if name.endswith("_made") else OF_HANDS
    if name.startswith("seat_"):
        return OF_SEAT if name.endswith("_makers_made") else OF_HANDS
    if name.startswith("made_") and named_rate(name) is not None:
        return OF_HANDS
    raise KeyError(f"{name!r} is not a rate a chart knows the denominator of")


def is_rate(name: str) -> bool:
    """Whether a study's figure of this name is a share (so many of so many), charted in percent."""
    return named_rate(name) is not None or name.startswith(("game_won_seat_", "comeback_"))


def percent(share: float) -> str:
    """A share in percent, to two significant figures at most (a share below 1 never shows as 100%).

    >>> percent(0.3095), percent(0.0213), percent(0.0004), percent(0.9996), percent(1.0)
    ('31%', '2.1%', '0.04%', '99.96%', '100%')
    """
    value = 100 * share
    digits = 0 if value >= 10 else 1 if value >= 1 else 2
    while digits < 4 and 0 < share < 1 and float(f"{value:.{digits}f}") in (0.0, 100.0):
        digits += 1
    return f"{value:.{digits}f}%"


def counted(figure: Figure) -> str:
    """A rate with its count: ``31% (52 of 168)``; never seen: ``never seen (at most 1.8%), 0 of 168``."""
    if figure.never_seen:
        return f"never seen (at most {percent(figure.high or 0.0)}), 0 of {figure.out_of:,}"
    if figure.value is None:
        return f"none to count (0 of {figure.out_of or 0})"
    return f"{percent(figure.value)} ({figure.count:,} of {figure.out_of:,})"


def rate_bar(label: str, figure: Figure) -> Bar:
    """A rate's bar in percent: its value and interval, or the outline up to its bound where never seen."""
    if figure.never_seen:
        return Bar(label, None, 0.0, 100 * (figure.high or 0.0), counted(figure), never_seen=True)
    if figure.value is None:
        return Bar(label, None, None, None, counted(figure))
    low, high = (None if end is None else 100 * end for end in (figure.low, figure.high))
    return Bar(label, 100 * figure.value, low, high, counted(figure))


def bar_label(name: str) -> str:
    """A figure's label without the "(of hands)" its chart already says."""
    label = figure_label(name)
    return label.split(" (of ")[0] if label.endswith(")") else label


def shares_axis(of: str) -> str:
    """The x-axis of a chart of shares."""
    return f"% {of} (lines: 95% intervals)"


def rate_charts(figures: Mapping[str, Figure], names: Sequence[str]) -> list[Chart]:
    """The rates named, a chart for each denominator (in the order they first appear), leaving out the events the
    rules never allow and a chart of a count that is empty; each chart's title says what it is of, and how many
    where every bar shares it."""
    grouped: dict[str, list[Bar]] = {}
    totals: dict[str, set[int]] = {}
    for name in names:
        figure = figures[name]
        if figure.note == IMPOSSIBLE:
            continue
        of = denominator(name)
        grouped.setdefault(of, []).append(rate_bar(bar_label(name), figure))
        totals.setdefault(of, set()).add(figure.out_of or 0)
    charts = []
    for of, bars in grouped.items():
        if all(bar.value is None and not bar.never_seen for bar in bars):
            continue  # nothing to count it of (no loners, no Jambones)
        sizes = totals[of]
        title = of[0].upper() + of[1:] + (f" ({sizes.pop():,})" if len(sizes) == 1 and of not in EACH_BAR else "")
        charts.append(Chart(title, shares_axis(of), of, tuple(bars)))
    return charts


def hand_charts(result: Study) -> list[Chart]:
    """How the hands go, a chart per denominator: how trump is made and the rules' events (of all hands), how
    contracts end (of contracts played out), loners (of contracts, of loners), the contracts of each level."""
    figures = result.figures
    names = [name for name in figures if named_rate(name) is not None and not name.startswith("seat_")]
    return rate_charts(figures, names)


def seat_charts(result: Study) -> list[Chart]:
    """The seats counted from the dealer: who makes trump (of all hands) and who makes their contract (each of the
    contracts its seat made)."""
    players = result.rules.players
    names = [f"seat_{offset}_made_trump" for offset in range(players)]
    names += [f"seat_{offset}_makers_made" for offset in range(players)]
    return rate_charts(result.figures, names)


def heading(what: str, result: Study, arm: str | None = None) -> str:
    """A plot's heading: what it shows, then the study's (size, bots with settings, seed), and under ``--compare``
    which option value it shows."""
    study = result.heading() + (f" — with {arm}" if arm else "")
    return "\n".join([what, *textwrap.wrap(study, 100)])


def _limits(bars: Sequence[Bar]) -> tuple[float, float]:
    """The x-axis of these bars: zero and every value and interval end, with a margin."""
    ends = [0.0] + [end for bar in bars for end in (bar.value, bar.low, bar.high) if end is not None]
    low, high = min(ends), max(ends)
    margin = 0.06 * (high - low) or 1.0
    return (low - margin if low < 0 else 0.0), (high + margin if high > 0 else margin)


def _draw_chart(axes: Any, chart: Chart) -> None:
    """One panel: each bar with its interval, its label on the left and its text on the right."""
    for row, bar in enumerate(chart.bars):
        if bar.never_seen and bar.high is not None:
            axes.barh(row, bar.high, height=0.6, color="none", edgecolor=GREY, hatch="////", linewidth=0.8)
        elif bar.never_seen:
            axes.plot([0.0], [row], marker="D", markersize=6, markerfacecolor="none", markeredgecolor=DARK)
        elif bar.value is not None:
            axes.barh(row, bar.value, height=0.6, color=GREEN)
            if bar.low is not None and bar.high is not None:
                spread = [[max(0.0, bar.value - bar.low)], [max(0.0, bar.high - bar.value)]]
                axes.errorbar([bar.value], [row], xerr=spread, fmt="none", ecolor=DARK, capsize=3, linewidth=1)
    rows = list(range(len(chart.bars)))
    axes.set_xlim(*_limits(chart.bars))
    if axes.get_xlim()[0] < 0:
        axes.axvline(0.0, color=DARK, linewidth=0.8)
    axes.set_ylim(len(chart.bars) - 0.5, -0.5)
    axes.set_yticks(rows, [textwrap.fill(bar.label, 40) for bar in chart.bars], fontsize=9)
    right = axes.twinx()
    right.set_ylim(axes.get_ylim())
    right.set_yticks(rows, [bar.text for bar in chart.bars], fontsize=8.5)
    right.tick_params(axis="y", length=0)
    axes.set_xlabel(chart.axis, fontsize=9)
    axes.set_title(chart.title, loc="left", fontsize=10, fontweight="bold")
    axes.grid(axis="x", alpha=0.3)


def draw_charts(pyplot: Any, charts: Sequence[Chart], title: str, columns: int = 1, width: float = 10.0) -> Any:
    """The charts as the panels of one figure (``columns`` side by side, each row as tall as its most bars), under
    its heading."""
    rows = [charts[start : start + columns] for start in range(0, len(charts), columns)]
    heights = [PANEL_INCHES + ROW_INCHES * max(len(chart.bars) for chart in row) for row in rows]
    lines = title.count("\n") + 1
    figure = pyplot.figure(figsize=(width, sum(heights) + 0.2 * lines + 0.3), layout="constrained")
    grid = figure.add_gridspec(len(rows), columns, height_ratios=heights)
    for number, row in enumerate(rows):
        for column, chart in enumerate(row):
            _draw_chart(figure.add_subplot(grid[number, column]), chart)
    figure.suptitle(title, x=0.01, ha="left", fontsize=10)
    return figure


def _save(figure: Any, folder: Path, name: str, formats: Sequence[str] = FORMATS) -> list[Path]:
    paths = []
    for extension in formats:
        path = folder / f"{name}.{extension}"
        try:
            figure.savefig(path, dpi=110, bbox_inches="tight")
        except OSError as error:
            raise OptionError(f"cannot write the plot {str(path)!r} ({error.strerror or error})", "plots") from None
        paths.append(path)
    return paths


def _write(pyplot: Any, figure: Any, folder: Path, name: str, formats: Sequence[str]) -> list[Path]:
    """Save a figure in every format, then close it."""
    try:
        return _save(figure, folder, name, formats)
    finally:
        pyplot.close(figure)


def win_marks(target: int, step: int) -> list[int]:
    """The scores a map of the chance of winning gives numbers at: every ``step``-th from 0, and one short of the
    target (the one before it left out where it would crowd it).

    >>> win_marks(10, 1), win_marks(32, 3), win_marks(64, 6)
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 31], [0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 63])
    """
    marks = list(range(0, target, step))
    if marks[-1] != target - 1:
        if target - 1 - marks[-1] < step / 2:
            marks.pop()
        marks.append(target - 1)
    return marks


def win_chart(pyplot: Any, variant: str, target: int, below: str = "") -> Any | None:
    """The bots' model of the chance of winning from every score (a heat map, headed as the bots' model and not
    the study's measure, ``below`` under it), with the chance in numbers at every ``step``-th score of both axes
    and one short of the target (a dozen or so a side, whatever the target); None where the bots have no table."""
    grid = win_grid(variant, target)
    if grid is None:
        return None
    step = max(1, math.ceil(target / 12))
    marked = win_marks(target, step)
    side = 6.4 if step == 1 and target <= 10 else 8.0
    figure, axes = pyplot.subplots(figsize=(side, side * 0.86), layout="constrained")
    percents = [[100 * chance for chance in row] for row in grid]
    image = axes.imshow(percents, origin="lower", cmap="RdYlGn", vmin=0.0, vmax=100.0, aspect="auto")
    if step > 1:  # room for the numbers at the map's edges
        room = max(1.5, step / 2)
        axes.set_xlim(-0.5 - room, target - 0.5 + room)
        axes.set_ylim(-0.5 - room, target - 0.5 + room)
    axes.set_xticks(marked, [str(score) for score in marked])
    axes.set_yticks(marked, [str(score) for score in marked])
    for mine in marked:
        for theirs in marked:
            axes.text(theirs, mine, f"{percents[mine][theirs]:.0f}", ha="center", va="center", fontsize=7.5, bbox=BOX)
    axes.set_xlabel("the opponents' score")
    axes.set_ylabel("your score (your team deals next)")
    every = f"; numbers every {step} points and one short of the target" if step > 1 else ""
    title = (
        f"The bots' model of the chance of winning {variant} to {target} from each score, in %: the table the bots "
        f"play by, from their self-play, not measured by this study{every}"
    )
    axes.set_title("\n".join(textwrap.wrap(title, 80) + ([below] if below else [])), loc="left", fontsize=9)
    figure.colorbar(image, ax=axes, label="chance of winning, % (the bots' model)")
    return figure


def plot_study(result: Study, folder: str | Path, formats: Sequence[str] = FORMATS, arm: str | None = None) -> list[Path]:
    """Write the study's plots into ``folder`` (created if need be), as PNG and SVG (or the ``formats`` given);
    returns the files written.  ``arm`` (``OPTION=VALUE``) is the option value of one study of a comparison: its
    plots say so and are named after it (``standard-stick_the_dealer-true-hands.png``)."""
    pyplot = load_pyplot()
    directory = prepare_folder(folder)
    prefix = result.variant if arm is None else f"{result.variant}-{arm.replace('=', '-')}"
    written: list[Path] = []
    what = f"How the hands go: each chart's percentages are of the count its title names; {HATCHED}"
    charts = draw_charts(pyplot, hand_charts(result), heading(what, result, arm))
    written += _write(pyplot, charts, directory, f"{prefix}-hands", formats)
    title = heading(f"The seats, counted from the dealer: who makes trump, and who makes their contract; {HATCHED}", result, arm)
    written += _write(pyplot, draw_charts(pyplot, seat_charts(result), title), directory, f"{prefix}-seats", formats)
    # The bots' table of the chance of winning: part of a study of bots, not of games already played.
    if result.records is None:
        study_line = "\n".join(textwrap.wrap(f"Beside the study {result.heading()}" + (f" — with {arm}" if arm else ""), 90))
        chart = win_chart(pyplot, result.variant, result.rules.target, study_line)
        if chart is not None:
            written += _write(pyplot, chart, directory, f"{prefix}-win-probability", formats)
    if result.games_list:
        written += _game_lengths(pyplot, result, directory, prefix, formats, arm)
    return written


def _game_lengths(
    pyplot: Any, result: Study, directory: Path, prefix: str, formats: Sequence[str], arm: str | None
) -> list[Path]:
    """A histogram of hands per game, every game played (each pass of each game), with its median marked."""
    lengths = [game.hands for game in result.games_list]
    chart, axes = pyplot.subplots(figsize=(8, 4.5), layout="constrained")
    axes.hist(lengths, bins=range(min(lengths), max(lengths) + 2), align="left", color=GREEN, rwidth=0.85)
    median = result.figures["hands_per_game_median"].value
    if median is not None:
        axes.axvline(median, color=DARK, linestyle="--", label=f"median {median:g} hands")
        axes.legend()
    axes.set_xlabel("hands in the game")
    axes.set_ylabel(f"games (of {len(lengths):,} played)")
    axes.yaxis.get_major_locator().set_params(integer=True)
    axes.set_title(heading("How long a game lasts: hands per game, every game played", result, arm), loc="left", fontsize=9)
    axes.grid(axis="y", alpha=0.3)
    return _write(pyplot, chart, directory, f"{prefix}-game-length", formats)


def _arm_value(figure: Figure, scale: float, digits: int) -> str:
    """One arm's figure as a comparison's text gives it: a rate with its count, a mean in its unit."""
    if figure.note == IMPOSSIBLE:
        return "impossible"
    if figure.value is None:
        return "not measured"
    if figure.count is not None:
        return counted(figure)
    return percent(figure.value) if scale != 1.0 else f"{figure.value:.{digits}f}"


def _panel_of(name: str) -> tuple[str, str, float, int]:
    """Which comparison panel a figure's difference goes to: its title, its unit in words, the scale of the unit
    and the digits its values are given to."""
    if name in ("points_per_hand", "deal_value") or (name.startswith("seat_") and name.endswith("_net")):
        return "Points per hand", POINTS, 1.0, 2
    if name == "luck_share":
        return "The luck share", PERCENTAGE_POINTS, 100.0, 1
    if name.startswith("hands_per_game"):
        return "Hands per game", HANDS, 1.0, 1
    of = denominator(name)
    return f"Shares {of}", f"{PERCENTAGE_POINTS} {of}", 100.0, 1


def _difference_bar(name: str, change: Figure, arms: tuple[Figure, Figure], values: tuple[str, str]) -> Bar | None:
    """A figure's difference as a bar with both arms' values as text; never seen in either arm, a mark; None for
    an event neither arm's rules allow or with nothing to count it of in either arm."""
    if change.note == IMPOSSIBLE or all(arm.note == IMPOSSIBLE for arm in arms):
        return None
    _, _, scale, digits = _panel_of(name)
    both = "; ".join(f"{value}: {_arm_value(arm, scale, digits)}" for value, arm in zip(values, arms, strict=True))
    if all(arm.never_seen for arm in arms):
        counts = "; ".join(f"{value}: 0 of {arm.out_of:,}" for value, arm in zip(values, arms, strict=True))
        return Bar(bar_label(name), None, None, None, f"never seen in either arm [{counts}]", never_seen=True)
    if change.value is None and not any(arm.out_of for arm in arms):
        return None  # nothing to count it of in either arm (no loners under either)
    if change.value is None:
        return Bar(bar_label(name), None, None, None, f"not measured [{both}]")
    low, high = (None if end is None else scale * end for end in (change.low, change.high))
    return Bar(bar_label(name), scale * change.value, low, high, f"{scale * change.value:+.{digits}f}  [{both}]")


def comparison_charts(comparison: Comparison) -> list[Chart]:
    """Every figure's difference (second arm minus first), a panel per unit and denominator: points per hand
    (the points scored, the value of the deal), shares in percentage points (one panel for each count they are
    of), the luck share, and hands per game where whole games were played."""
    arms = comparison.first.figures, comparison.second.figures
    differences = comparison.differences
    values = _arm_names(comparison)
    if not all(value.isalpha() for value in values):  # a bare number would read as a figure: name the option
        values = (f"{comparison.option}={values[0]}", f"{comparison.option}={values[1]}")
    panels: dict[tuple[str, str], list[Bar]] = {}
    ordered = sorted(differences, key=lambda name: name not in ("points_per_hand", "deal_value"))
    for name in ordered:
        if name not in arms[0] or name not in arms[1]:
            continue
        bar = _difference_bar(name, differences[name], (arms[0][name], arms[1][name]), values)
        if bar is not None:
            panels.setdefault(_panel_of(name)[:2], []).append(bar)
    return [
        Chart(title, f"difference, {unit} (lines: 95% intervals)", unit, tuple(bars)) for (title, unit), bars in panels.items()
    ]


def _arm_names(comparison: Comparison) -> tuple[str, str]:
    """The option's two values as a command line writes them (``true``, not ``True``)."""
    first, second = (str(value).lower() if isinstance(value, bool) else str(value) for value in comparison.values)
    return first, second


def comparison_heading(comparison: Comparison) -> str:
    """A comparison's heading: which arm minus which, paired or independent, and the size of each arm."""
    first, second = _arm_names(comparison)
    option = comparison.option
    how = "paired over the same deals" if comparison.paired else "the arms dealt other cards: taken as independent"
    sizes = [comparison.first.size(), comparison.second.size()]
    size = sizes[0] if sizes[0] == sizes[1] else f"{option}={first}: {sizes[0]}; {option}={second}: {sizes[1]}"
    lines = [
        f"What changes in {comparison.first.variant} with {option}={second} instead of {option}={first}:",
        f"{option}={second} minus {option}={first}, {how}",
        f"each arm: {size} by {comparison.first.bots()}, seed {comparison.first.seed}",
    ]
    return "\n".join(line for text in lines for line in textwrap.wrap(text, 110))


def plot_comparison(comparison: Comparison, folder: str | Path, formats: Sequence[str] = FORMATS) -> list[Path]:
    """Write a figure of every figure's difference between the two option values (second minus first), a panel per
    unit, each bar with its interval and both arms' values."""
    pyplot = load_pyplot()
    directory = prepare_folder(folder)
    chart = draw_charts(pyplot, comparison_charts(comparison), comparison_heading(comparison), width=13.0)
    return _write(pyplot, chart, directory, f"{comparison.first.variant}-{comparison.option}", formats)


# The headline figures of a split, each a panel: its name in the group's figures, its title and what it is of.
SPLIT_FIGURES = (
    ("makers_made", OF_GROUP),
    ("euchred", OF_GROUP),
    ("march", OF_GROUP),
    ("loners", OF_GROUP_CONTRACTS),
    ("deal_value", POINTS),
    ("points_per_hand", POINTS),
)


def split_charts(split: Split) -> list[Chart]:
    """Small multiples of a split: each group's share of the hands, then a panel per headline figure (makers make
    their contract, euchred, take every trick, loners where there are any, the value of the deal, points per
    hand), a bar per group in the split's order; every panel of one denominator or unit."""
    groups = split.groups
    total = sum(group.hands for group in groups)
    share = tuple(rate_bar(group.name, group.share) for group in groups)
    charts = [Chart(f"Each group's share of the hands ({total:,})", shares_axis(OF_HANDS), OF_HANDS, share)]
    for name, of in SPLIT_FIGURES:
        figures = [group.figures.get(name, Figure(None, None, None)) for group in groups]
        if all(figure.note == IMPOSSIBLE for figure in figures):
            continue
        if name == "loners" and not any(figure.count for figure in figures):
            continue
        if of == POINTS:
            bars = tuple(_mean_bar(group.name, figure, group.hands) for group, figure in zip(groups, figures, strict=True))
            charts.append(Chart(bar_label(name), f"{POINTS} (lines: 95% intervals)", POINTS, bars))
        else:
            bars = tuple(rate_bar(group.name, figure) for group, figure in zip(groups, figures, strict=True))
            charts.append(Chart(f"{bar_label(name)}, {of}", shares_axis(of), of, bars))
    return charts


def _mean_bar(label: str, figure: Figure, hands: int) -> Bar:
    """A mean's bar with its interval and how many hands it is over."""
    over = f"over {hands:,} hand{'s' if hands != 1 else ''}"
    if figure.value is None:
        return Bar(label, None, None, None, f"not measured ({over})")
    return Bar(label, figure.value, figure.low, figure.high, f"{figure.value:.2f} points ({over})")


def plot_split(split: Split, folder: str | Path, formats: Sequence[str] = FORMATS) -> list[Path]:
    """Write a split's small multiples into ``folder``: a panel per headline figure, a bar per group with its 95%
    interval and count, named ``{variant}-by-{key}`` (``railroad-by-holder-JK.png``)."""
    pyplot = load_pyplot()
    directory = prepare_folder(folder)
    what = f"The study's hands split by {split.label}: each group's figures, groups in the same order in every panel; {HATCHED}"
    title = "\n".join([what, *textwrap.wrap(split.heading(), 130)])
    chart = draw_charts(pyplot, split_charts(split), title, columns=2, width=15.0)
    return _write(pyplot, chart, directory, f"{split.study.variant}-by-{split.key.replace(':', '-')}", formats)


__all__ = [
    "DENOMINATORS",
    "EACH_BAR",
    "FORMATS",
    "Bar",
    "Chart",
    "bar_label",
    "comparison_charts",
    "comparison_heading",
    "denominator",
    "draw_charts",
    "hand_charts",
    "load_pyplot",
    "plot_comparison",
    "plot_split",
    "plot_study",
    "prepare_folder",
    "seat_charts",
    "split_charts",
    "win_chart",
    "win_grid",
    "win_marks",
]
