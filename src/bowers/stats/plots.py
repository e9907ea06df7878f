"""Plots of a study (PNG and SVG, with matplotlib): the chance of winning from each score, how trump is made, the
seats, and the differences between two options.

matplotlib is an extra (``pip install 'bowers[plots]'``); it is imported only here, and only when asked.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bowers.errors import OptionError
from bowers.stats.figures import Figure, figure_label
from bowers.stats.study import Comparison, Study

FORMATS = ("png", "svg")
# The shares charted as "how the hands go", besides how trump was made and the contracts by level.
HAND_FIGURES = (
    "trump_made",
    "makers_made",
    "euchred",
    "march",
    "loners",
    "loners_made",
    "defended_alone",
    "jambone",
    "jamboree",
    "twos_threes",
    "misdeal",
    "no_trump",
)


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


def _title(result: Study, arm: str | None = None) -> str:
    """A plot's heading: the study's (size, bots, seed), and under ``--compare`` which option value it shows."""
    heading = result.heading() + (f" — with {arm}" if arm else "")
    return "\n".join(textwrap.wrap(heading, 90))


def _bars(pyplot: Any, names: Sequence[str], figures: Sequence[Figure], title: str, percent: bool = True) -> Any:
    """A horizontal bar chart of figures with their 95% intervals as error bars."""
    shown = [(name, figure) for name, figure in zip(names, figures, strict=True) if figure.value is not None]
    figure, axes = pyplot.subplots(figsize=(8, 0.45 * len(shown) + 1.4))
    scale = 100 if percent else 1
    values = [scale * (f.value or 0.0) for _, f in shown]
    below = [scale * ((f.value or 0.0) - (f.low if f.low is not None else f.value or 0.0)) for _, f in shown]
    above = [scale * ((f.high if f.high is not None else f.value or 0.0) - (f.value or 0.0)) for _, f in shown]
    positions = list(range(len(shown)))
    axes.barh(positions, values, xerr=[below, above], color="#2f6f4f", ecolor="#222222", capsize=3)
    axes.set_yticks(positions, [figure_label(name) for name, _ in shown])
    axes.invert_yaxis()
    axes.set_xlabel("% (95% interval)" if percent else "value (95% interval)")
    axes.set_title(title, loc="left")
    axes.grid(axis="x", alpha=0.3)
    return figure


def plot_study(result: Study, folder: str | Path, formats: Sequence[str] = FORMATS, arm: str | None = None) -> list[Path]:
    """Write the study's plots into ``folder`` (created if need be), as PNG and SVG (or the ``formats`` given);
    returns the files written.  ``arm`` (``OPTION=VALUE``) is the option value of one study of a comparison: its
    plots say so and are named after it (``standard-stick_the_dealer-true-hands.png``)."""
    pyplot = load_pyplot()
    directory = prepare_folder(folder)
    prefix = result.variant if arm is None else f"{result.variant}-{arm.replace('=', '-')}"
    written: list[Path] = []
    figures = result.figures
    bidding = [name for name in figures if name in HAND_FIGURES or name.startswith(("made_", "contract_"))]
    bidding = [name for name in bidding if (figures[name].count or 0) > 0]
    chart = _bars(pyplot, bidding, [figures[name] for name in bidding], f"How the hands go — {_title(result, arm)}")
    written += _save(chart, directory, f"{prefix}-hands", formats)
    pyplot.close(chart)
    players = result.rules.players
    seats = [f"seat_{offset}_made_trump" for offset in range(players)]
    seats += [f"seat_{offset}_makers_made" for offset in range(players)]
    chart = _bars(pyplot, seats, [figures[name] for name in seats], f"The seats, counted from the dealer — {_title(result, arm)}")
    written += _save(chart, directory, f"{prefix}-seats", formats)
    pyplot.close(chart)
    rules = result.rules
    # The bots' table of the chance of winning: part of a study of bots, not of games already played.
    grid = win_grid(result.variant, rules.target) if result.records is None else None
    if grid is not None:
        chart, axes = pyplot.subplots(figsize=(6.4, 5.4))
        image = axes.imshow(grid, origin="lower", cmap="RdYlGn", vmin=0.0, vmax=1.0, aspect="auto")
        axes.set_xlabel("the opponents' score")
        axes.set_ylabel("your score (you deal next)")
        axes.set_title(f"{result.variant} to {rules.target}: your chance of winning the game", loc="left")
        chart.colorbar(image, ax=axes, label="chance of winning")
        if rules.target <= 15:
            axes.set_xticks(range(rules.target))
            axes.set_yticks(range(rules.target))
            for mine, row in enumerate(grid):
                for theirs, chance in enumerate(row):
                    axes.text(theirs, mine, f"{100 * chance:.0f}", ha="center", va="center", fontsize=7)
        written += _save(chart, directory, f"{prefix}-win-probability", formats)
        pyplot.close(chart)
    if result.games_list:
        written += _game_lengths(pyplot, result, directory, prefix, formats, arm)
    return written


def _game_lengths(
    pyplot: Any, result: Study, directory: Path, prefix: str, formats: Sequence[str], arm: str | None
) -> list[Path]:
    """A histogram of hands per game, every game played (each pass of each game), with its median marked."""
    lengths = [game.hands for game in result.games_list]
    chart, axes = pyplot.subplots(figsize=(8, 4.5))
    axes.hist(lengths, bins=range(min(lengths), max(lengths) + 2), align="left", color="#2f6f4f", rwidth=0.85)
    median = result.figures["hands_per_game_median"].value
    if median is not None:
        axes.axvline(median, color="#222222", linestyle="--", label=f"median {median:g}")
        axes.legend()
    axes.set_xlabel("hands in the game")
    axes.set_ylabel("games")
    axes.set_title(f"How long a game lasts — {_title(result, arm)}", loc="left", fontsize=9)
    axes.grid(axis="y", alpha=0.3)
    written = _save(chart, directory, f"{prefix}-game-length", formats)
    pyplot.close(chart)
    return written


def plot_comparison(comparison: Comparison, folder: str | Path, formats: Sequence[str] = FORMATS) -> list[Path]:
    """Write a chart of each figure's difference between the two option values (second minus first)."""
    pyplot = load_pyplot()
    directory = prepare_folder(folder)
    first_figures, second_figures = comparison.first.figures, comparison.second.figures
    rates = [
        name
        for name, change in comparison.differences.items()
        if change.value is not None
        and first_figures[name].count is not None
        and (first_figures[name].count or 0) + (second_figures[name].count or 0) > 0
    ]
    first, second = (str(value).lower() if isinstance(value, bool) else value for value in comparison.values)
    how = "paired over the same deals" if comparison.paired else "other cards under each: taken as independent"
    title = f"{comparison.first.variant}: {comparison.option}={second} minus {first} (percentage points; {how})"
    chart = _bars(pyplot, rates, [comparison.differences[name] for name in rates], title)
    written = _save(chart, directory, f"{comparison.first.variant}-{comparison.option}", formats)
    pyplot.close(chart)
    return written


__all__ = ["FORMATS", "load_pyplot", "plot_comparison", "plot_study", "prepare_folder", "win_grid"]
