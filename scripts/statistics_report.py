"""Regenerate docs/statistics.md's figures and docs/statistics/'s plots: a study of every variant, and comparisons.

    python scripts/statistics_report.py                 # every variant, as published
    python scripts/statistics_report.py --deals 20 --part variants   # a quick look
    python scripts/statistics_report.py --part tournament   # only real tournament games beside pimc
    python scripts/statistics_report.py --cache .stats-cache   # keep each study, to redraw without replaying

Each variant is studied with ``bowers.stats.study`` (the bots, level, deals and seed below, the same for
every variant), its plots written to docs/statistics/ (PNG, which the page shows), and the Markdown between
the ``<!-- figures -->`` markers of docs/statistics.md replaced with the figures, the command that made them
and how long it took; some studies are also split by a property of the hands (``bowers stats --by``).
With ``--cache DIR`` each study is kept (pickled, named by what was played) and read back on the next run, so
the tables and plots can be made again without playing again; delete the folder after changing the bots.
Between the ``<!-- tournament -->`` markers go the figures of real tournament games (the
EGN files that come with the tests) beside the strong bot playing itself under the same rules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from bowers import variants
from bowers.cli.stats import MEANS
from bowers.egn import load_egn
from bowers.stats import Comparison, Study, compare, figure_label, study, study_records
from bowers.stats.figures import Figure
from bowers.stats.plots import plot_comparison, plot_split, plot_study
from bowers.stats.splits import Split, split_study

Result = TypeVar("Result", Study, Comparison)

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "docs" / "statistics.md"
PLOTS = ROOT / "docs" / "statistics"
START, END = "<!-- figures -->", "<!-- end of figures -->"
TOURNAMENT_START, TOURNAMENT_END = "<!-- tournament -->", "<!-- end of tournament -->"
TOURNAMENT_GAMES = ROOT / "tests" / "data" / "egn"
# The figures of the bidding that players quote, in the order the table shows them.
TOURNAMENT_FIGURES = (
    "points_per_hand", "deal_value", "made_round_1", "made_round_2", "made_stuck_dealer", "makers_made", "euchred",
    "march", "seat_0_made_trump", "seat_0_makers_made", "seat_1_made_trump", "seat_1_makers_made",
    "seat_2_made_trump", "seat_2_makers_made", "seat_3_made_trump", "seat_3_makers_made", "loners", "loners_made",
    "loner_marches",
)
COMPARISONS = [
    ("standard", "stick_the_dealer", "true"),
    ("railroad", "defend_alone", "false"),
    ("ultimate", "going_alone", "true"),
    ("railroad", "joker", "false"),
]
# The studies split by a property of their hands, and the figures each split's table shows.
SPLITS = [("railroad", "holder:JK"), ("standard", "maker"), ("bid", "level")]
SPLIT_FIGURES = ("makers_made", "euchred", "march", "loners", "deal_value", "points_per_hand")


def cached(cache: Path | None, key: dict[str, Any], make: Callable[[], Result]) -> Result:
    """``make()``, or, with a ``cache`` folder, the result kept there by an earlier run for the same ``key``, its
    figures measured again from its hands (so that a change in how a figure is counted needs no replay)."""
    if cache is None:
        return make()
    name = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:20]
    path = cache / f"{key['kind']}-{key['variant']}-{name}.pickle"
    if path.exists():
        kept: Result = pickle.loads(path.read_bytes())
        return kept.remeasured()
    result = make()
    cache.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(result))
    return result


def cell(name: str, figure: Figure) -> str:
    """A figure as ``value [low, high]``: shares in percent, means in points."""
    if figure.value is None:
        return "-"
    if figure.never_seen:
        return f"never seen (at most {100 * (figure.high or 0.0):.1f}%) (0 of {figure.out_of})"
    share = name not in MEANS and not name.endswith("_net")
    scale, unit = (100.0, "%") if share else (1.0, "")
    digits = 1 if share else 2

    def shown(value: float | None) -> str:
        return "-" if value is None else f"{scale * value:.{digits}f}{unit}"

    text = f"{shown(figure.value)} [{shown(figure.low)}, {shown(figure.high)}]"
    return text + (f" ({figure.count} of {figure.out_of})" if figure.count is not None else "")


def difference_cell(name: str, change: Figure) -> str:
    """A difference as ``+value [low, high]``: percentage points for shares, points or hands for means."""
    share = name not in MEANS and not name.endswith("_net")
    scale, unit, digits = (100.0, " pp", 1) if share else (1.0, "", 2)

    def shown(value: float | None) -> str:
        return "-" if value is None else f"{scale * value:+.{digits}f}"

    return f"{shown(change.value)}{unit} [{shown(change.low)}, {shown(change.high)}]"


def images(plots: list[str]) -> list[str]:
    """The Markdown that shows these plots (their PNG files), then a blank line."""
    return [*(f"![{Path(plot).stem}](statistics/{Path(plot).name})" for plot in plots if plot.endswith(".png")), ""]


def section(result_figures: dict[str, Figure], heading: str, plots: list[str]) -> list[str]:
    """One variant's Markdown: its figures as a table, then its plots."""
    lines = [f"### {heading}", "", "| figure | value [95% interval] |", "| --- | --- |"]
    for name, figure in result_figures.items():
        if figure.value is None:
            continue
        lines.append(f"| {figure_label(name)} | {cell(name, figure)} |")
    return [*lines, "", *images(plots)]


def replace_between(start: str, end: str, lines: list[str]) -> None:
    """Put ``lines`` between the markers ``start`` and ``end`` of docs/statistics.md."""
    text = DOCUMENT.read_text(encoding="utf-8")
    before, _, rest = text.partition(start)
    _, _, after = rest.partition(end)
    DOCUMENT.write_text(before + start + "\n" + "\n".join(lines) + "\n" + end + after, encoding="utf-8")


def tournament(deals: int, seed: int, workers: int | None, games: Path, cache: Path | None) -> None:
    """Real tournament games beside pimc (its default level) playing itself under their rules (stick the dealer)."""
    files = sorted(games.glob("*.egn"))
    if not files:
        raise SystemExit(f"no real games (*.egn) in {games}: name their folder with --tournament-games")
    real: Study = study_records([load_egn(path) for path in files])
    key = {"kind": "tournament", "variant": "standard", "deals": deals, "seed": seed}
    bots = cached(
        cache,
        key,
        lambda: study("standard", players="pimc", deals=deals, seed=seed, workers=workers, options={"stick_the_dealer": True}),
    )
    minutes = bots.seconds / 60
    lines = [
        f"| figure | tournament players ({real.records} games, {real.hands} hands) | pimc ({bots.deals} duplicate deals, "
        f"{bots.hands} hands) |",
        "| --- | --- | --- |",
    ]
    for name in TOURNAMENT_FIGURES:
        lines.append(f"| {figure_label(name)} | {cell(name, real.figures[name])} | {cell(name, bots.figures[name])} |")
    command = f"python scripts/statistics_report.py --part tournament --tournament-deals {deals} --seed {seed}"
    lines += ["", f"Made by `{command}` in {minutes:.0f} minutes on this machine.", ""]
    replace_between(TOURNAMENT_START, TOURNAMENT_END, lines)
    print(f"tournament: {real.hands} real hands; pimc {bots.hands} hands in {minutes:.0f} minutes", flush=True)


def split_section(split: Split, plots: list[str]) -> list[str]:
    """A split's Markdown: its heading, a table of each group's share and headline figures, then its plot."""
    groups = split.groups
    lines = [f"#### {split.study.variant}, split by {split.label} (`--by {split.key}`)", ""]
    lines += ["| figure | " + " | ".join(group.name for group in groups) + " |", "| --- |" + " --- |" * len(groups)]
    lines.append("| share of hands | " + " | ".join(cell("share", group.share) for group in groups) + " |")
    for name in SPLIT_FIGURES:
        if all(group.figures[name].value is None for group in groups):
            continue
        lines.append(f"| {figure_label(name)} | " + " | ".join(cell(name, group.figures[name]) for group in groups) + " |")
    return [*lines, "", *images(plots)]


def comparison_section(comparison: Comparison, plots: list[str]) -> list[str]:
    """A comparison's Markdown: its heading, each figure's difference, then its plot."""
    name, option = comparison.first.variant, comparison.option
    first, second = (str(value).lower() if isinstance(value, bool) else value for value in comparison.values)
    how = "paired over the same deals" if comparison.paired else "other cards under each, taken as independent"
    lines = [f"### {name}: {option}={second} against {option}={first} (difference: {second} minus {first}; {how})", ""]
    lines += ["| figure | difference [95% interval] (pp: percentage points) |", "| --- | --- |"]
    for figure_name, change in comparison.differences.items():
        before, after = comparison.first.figures[figure_name], comparison.second.figures[figure_name]
        if change.value is None:
            continue
        if before.count is not None and (before.count or 0) + (after.count or 0) == 0:
            most = max(arm.high or 0.0 for arm in (before, after))
            lines.append(f"| {figure_label(figure_name)} | never seen under either (at most {100 * most:.1f}%) |")
            continue
        lines.append(f"| {figure_label(figure_name)} | {difference_cell(figure_name, change)} |")
    return [*lines, "", *images(plots)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="pimc", help="the bot at every seat (default pimc)")
    parser.add_argument("--level", type=int, default=1, help="the strong bot's level (default 1)")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per variant (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--variant", action="append", help="only these variants (repeatable)")
    parser.add_argument(
        "--part", choices=("all", "variants", "tournament"), default="all", help="what to make again (--variant: variants)"
    )
    parser.add_argument("--tournament-deals", type=int, default=300, help="pimc's duplicate deals beside the real games")
    parser.add_argument("--tournament-games", type=Path, default=TOURNAMENT_GAMES, help="the folder of real games (EGN)")
    parser.add_argument("--cache", type=Path, default=None, help="keep each study here and read it back next time")
    arguments = parser.parse_args()
    if arguments.variant and arguments.part == "all":
        arguments.part = "variants"
    if arguments.part in ("all", "tournament"):
        tournament(arguments.tournament_deals, arguments.seed, arguments.workers, arguments.tournament_games, arguments.cache)
    if arguments.part == "tournament":
        return
    settings = {"level": arguments.level} if arguments.players == "pimc" else {}
    common = {"players": arguments.players, "deals": arguments.deals, "seed": arguments.seed, "workers": arguments.workers}
    plan = {"players": arguments.players, "settings": settings, "deals": arguments.deals, "seed": arguments.seed}
    PLOTS.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    seconds = 0.0
    for name in arguments.variant or variants():
        studied = partial(study, name, settings=settings, **common)
        result = cached(arguments.cache, {"kind": "study", "variant": name, **plan}, studied)
        seconds += result.seconds
        plots = [str(path) for path in plot_study(result, PLOTS, formats=("png",))]
        heading = f"{name} ({result.hands} hands, {result.seconds:.0f} s)"
        lines += section(dict(result.figures), heading, plots)
        for split_variant, key in SPLITS:
            if split_variant == name:
                split = split_study(result, key)
                lines += split_section(split, [str(path) for path in plot_split(split, PLOTS, formats=("png",))])
        print(f"{name}: {result.hands} hands in {result.seconds:.0f} s", flush=True)
    lines += ["## Comparing options", ""]
    for name, option, value in COMPARISONS:
        if arguments.variant and name not in arguments.variant:
            continue
        wanted = {"kind": "comparison", "variant": name, "option": option, "value": value, **plan}
        compared = partial(compare, name, option, value, settings=settings, **common)
        comparison = cached(arguments.cache, wanted, compared)
        seconds += comparison.seconds
        plots = [str(path) for path in plot_comparison(comparison, PLOTS, formats=("png",))]
        lines += comparison_section(comparison, plots)
        print(f"{name} {option}={value}: {comparison.seconds:.0f} s", flush=True)
    command = "python scripts/statistics_report.py" + (
        f" --players {arguments.players} --level {arguments.level} --deals {arguments.deals} --seed {arguments.seed}"
    )
    header = [
        f"Made by `{command}`: {seconds / 60:.0f} minutes of play on this machine ({arguments.players}"
        + (f" at level {arguments.level}" if settings else "")
        + f" in every seat, {arguments.deals} duplicate deals per variant, seed {arguments.seed}).",
        "",
    ]
    replace_between(START, END, header + lines)


if __name__ == "__main__":
    main()
