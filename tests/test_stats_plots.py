"""The plots of a study: one denominator per chart with every bar's count, never-seen events to their bound, the
comparison a panel per unit, the win map as the bots' model, and a split's small multiples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bowers.stats import study
from bowers.stats.figures import IMPOSSIBLE, figure_label
from bowers.stats.plots import (
    EACH_BAR,
    Chart,
    bar_label,
    comparison_charts,
    comparison_heading,
    hand_charts,
    load_pyplot,
    plot_comparison,
    plot_split,
    plot_study,
    seat_charts,
    split_charts,
    win_chart,
    win_marks,
)
from bowers.stats.splits import split_study
from bowers.stats.study import Comparison, Study, compare

COUNT = re.compile(r"(\d[\d,]*) of (\d[\d,]*)")


@pytest.fixture(scope="module")
def railroad() -> Study:
    return study("railroad", players="heuristic", deals=20, seed=1, workers=1)


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return compare("standard", "stick_the_dealer", True, players="heuristic", deals=20, seed=1, workers=1)


def _denominators(chart: Chart) -> set[int]:
    """The counts every bar of a chart is of, read from the bars' texts."""
    return {int(COUNT.findall(bar.text)[-1][1].replace(",", "")) for bar in chart.bars}


def test_each_chart_of_the_hands_is_of_one_denominator_with_every_bar_counted(railroad: Study) -> None:
    charts = hand_charts(railroad) + seat_charts(railroad)
    assert len({chart.of for chart in hand_charts(railroad)}) == len(hand_charts(railroad)) >= 4
    for chart in charts:
        assert chart.title.lower().startswith(chart.of) and chart.of in chart.axis
        assert all(COUNT.search(bar.text) for bar in chart.bars), chart
        if chart.of not in EACH_BAR:
            assert len(_denominators(chart)) == 1, chart
            assert f"({_denominators(chart).pop():,})" in chart.title
    # The rates of contracts, of hands and of loners are never in one chart.
    hands = next(chart for chart in charts if chart.of == "of all hands")
    labels = {bar.label for bar in hands.bars}
    assert bar_label("trump_made") in labels and not labels & {bar_label("makers_made"), bar_label("loners_made")}


def test_contracts_defended_alone_are_of_the_loners(railroad: Study) -> None:
    chart = next(chart for chart in hand_charts(railroad) if bar_label("defended_alone") in {bar.label for bar in chart.bars})
    assert chart.of == "of loners"
    assert _denominators(chart) == {railroad.figures["loners"].count}


def test_never_seen_events_show_their_bound_and_impossible_ones_are_left_out(railroad: Study) -> None:
    bars = {bar.label: bar for chart in hand_charts(railroad) for bar in chart.bars}
    figures = railroad.figures
    never = [name for name, figure in figures.items() if figure.never_seen and bar_label(name) in bars]
    assert {"jambone", "defended_alone"} <= set(never)
    for name in never:
        bar = bars[bar_label(name)]
        assert bar.never_seen and bar.value is None and bar.text.startswith("never seen (at most ")
        assert bar.high == pytest.approx(100 * (figures[name].high or 0.0)) and (bar.high or 0.0) > 0
    impossible = [name for name, figure in railroad.figures.items() if figure.note == IMPOSSIBLE]
    assert "twos_threes" in impossible
    assert not {bar_label(name) for name in impossible} & set(bars)


def test_a_bar_gives_its_share_and_count(railroad: Study) -> None:
    bars = {bar.label: bar for chart in hand_charts(railroad) for bar in chart.bars}
    made = railroad.figures["makers_made"]
    assert bars[bar_label("makers_made")].text == f"{100 * (made.value or 0):.0f}% ({made.count} of {made.out_of})"


def test_the_comparison_has_a_panel_per_unit_with_the_points_and_the_luck_share(comparison: Comparison) -> None:
    charts = {chart.title: chart for chart in comparison_charts(comparison)}
    points = charts["Points per hand"]
    assert {bar.label for bar in points.bars} == {bar_label("points_per_hand"), bar_label("deal_value")}
    assert "points per hand" in points.axis and "percentage" not in points.axis
    assert "percentage points" in charts["The luck share"].axis
    for chart in charts.values():
        assert "%" not in chart.axis.replace("95%", "") and "pts" not in chart.axis
        if chart.title.startswith("Shares "):
            assert chart.axis.startswith("difference, percentage points of ")
        for bar in chart.bars:
            assert "false:" in bar.text and "true:" in bar.text, bar
    # Never seen under either value: a mark, not a zero bar.
    never = [bar for chart in charts.values() for bar in chart.bars if bar.never_seen]
    assert never and all(bar.value is None and bar.text.startswith("never seen in either arm") for bar in never)
    # An event impossible under one value differs by the other's figure; under neither, it is left out.
    shares = {bar.label: bar for chart in charts.values() for bar in chart.bars}
    assert "false: impossible" in shares[bar_label("made_stuck_dealer")].text
    assert bar_label("twos_threes") not in shares


def test_the_comparison_heading_says_which_minus_which_and_the_sizes(comparison: Comparison, tmp_path: Path) -> None:
    heading = comparison_heading(comparison)
    assert "stick_the_dealer=true minus stick_the_dealer=false, paired over the same deals" in heading
    assert comparison.first.size() in heading and "by heuristic, seed 1" in heading
    written = plot_comparison(comparison, tmp_path, formats=("png",))
    assert [path.name for path in written] == ["standard-stick_the_dealer.png"]


@pytest.mark.parametrize(("variant", "target"), [("standard", 32), ("railroad", 64)])
def test_the_win_map_is_the_bots_model_with_numbers_at_any_target(variant: str, target: int) -> None:
    pyplot = load_pyplot()
    figure = win_chart(pyplot, variant, target, "beside the study")
    assert figure is not None
    try:
        axes = figure.axes[0]
        title = " ".join(axes.get_title(loc="left").split())
        assert "The bots' model of the chance of winning" in title and "not measured by this study" in title
        marks = win_marks(target, max(1, -(-target // 12)))
        assert marks[0] == 0 and marks[-1] == target - 1 and 8 <= len(marks) <= 14
        assert len(axes.texts) == len(marks) ** 2
        low, high = axes.get_xlim()
        assert all(low < text.get_position()[0] < high for text in axes.texts)
        assert [int(label.get_text()) for label in axes.get_xticklabels()] == marks
    finally:
        pyplot.close(figure)


def test_every_plot_is_headed_by_the_study(railroad: Study, tmp_path: Path) -> None:
    written = plot_study(railroad, tmp_path, formats=("svg",), arm="defend_alone=true")
    names = {path.name for path in written}
    assert names == {f"railroad-defend_alone-true-{kind}.svg" for kind in ("hands", "seats", "win-probability")}
    for path in written:
        text = " ".join(re.findall(r"<!-- (.*?) -->", path.read_text()))  # its texts, a line each
        assert "by heuristic, seed 1" in text and "with defend_alone=true" in text, path


def test_a_split_is_drawn_as_small_multiples(railroad: Study, tmp_path: Path) -> None:
    split = split_study(railroad, "holder:JK")
    charts = split_charts(split)
    assert charts[0].of == "of all hands"
    assert {figure_label(name) for name in ("makers_made", "euchred", "march")} <= {chart.title.split(",")[0] for chart in charts}
    assert any(chart.of == "points per hand" for chart in charts)
    for chart in charts:
        assert [bar.label for bar in chart.bars] == [group.name for group in split.groups]
        if chart.of != "points per hand":
            assert all(COUNT.search(bar.text) for bar in chart.bars)
    written = plot_split(split, tmp_path)
    assert sorted(path.name for path in written) == ["railroad-by-holder-JK.png", "railroad-by-holder-JK.svg"]
    assert "split by who played JK" in (tmp_path / "railroad-by-holder-JK.svg").read_text()


def test_a_comparison_of_whole_games_gives_hands_per_game_in_hands() -> None:
    games = compare("standard", "stick_the_dealer", True, players="heuristic", games=2, seed=1, workers=1)
    charts = {chart.title: chart for chart in comparison_charts(games)}
    lengths = charts["Hands per game"]
    assert lengths.axis.startswith("difference, hands per game") and lengths.of == "hands per game"
    assert bar_label("hands_per_game") in {bar.label for bar in lengths.bars}
    assert charts["Shares of games"].axis.startswith("difference, percentage points of games")


def test_a_comparison_takes_contracts_defended_alone_of_the_loners() -> None:
    result = compare("railroad", "stick_the_dealer", True, players="heuristic", deals=20, seed=1, workers=1)
    arms = result.first.figures, result.second.figures
    for figures, arm in zip(arms, (result.first, result.second), strict=True):
        assert figures["defended_alone"].out_of == arm.figures["loners"].count
    change = result.differences["defended_alone"]
    first, second = (figures["defended_alone"].value for figures in arms)
    assert change.value == pytest.approx((second or 0.0) - (first or 0.0))
    bar = next(bar for chart in comparison_charts(result) for bar in chart.bars if bar.label == bar_label("defended_alone"))
    assert re.search(rf"\b\d+ of {result.first.figures['loners'].count}\b", bar.text), bar.text
