"""The intervals of a study's figures and differences cover the truth as often as they say, and never claim a
certainty they do not have: coverage simulations on known data, and the command on what never happened."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from bowers.cli import cli
from bowers.stats import compare
from bowers.stats.figures import Figure, Tally, difference, paired_mean_difference, paired_rate_difference, rate_figure

# Simulated data sets per check: a 95% interval should cover the truth in 93% to 97% of them (the simulation's own
# error is about 1.3 points either way; each check's seed is fixed, so the check is the same every run).
SAMPLES = 300


def _covers(figure: Figure, truth: float) -> bool:
    assert figure.low is not None and figure.high is not None
    return figure.low <= truth <= figure.high


def _tally(values: np.ndarray, rate: bool) -> Tally:
    return Tally(rate, {deal: (float(value), 1.0) for deal, value in enumerate(values)})


@pytest.mark.parametrize(("share", "deals"), [(0.3, 200), (0.05, 300)])
def test_a_rates_interval_covers_the_true_rate(share: float, deals: int) -> None:
    rng = np.random.default_rng(1)
    covered = [_covers(rate_figure([(int(hit), 1) for hit in rng.random(deals) < share]), share) for _ in range(SAMPLES)]
    assert 0.93 <= sum(covered) / SAMPLES <= 0.97


@pytest.mark.parametrize(
    ("base", "gained", "lost", "deals", "rare"), [(0.5, 0.1, 0.05, 300, False), (0.3, 0.01, 0.005, 400, True)]
)
def test_a_paired_difference_of_rates_covers_the_true_difference(
    base: float, gained: float, lost: float, deals: int, rare: bool
) -> None:
    # The same deals under two values: most deals alike, some gained or lost under the second.
    rng = np.random.default_rng(2)
    truth = gained * (1 - base) - lost * base
    covered = []
    for _ in range(SAMPLES):
        first = (rng.random(deals) < base).astype(float)
        draw = rng.random(deals)
        second = first.copy()
        second[draw < gained] = 1.0
        second[(draw >= gained) & (draw < gained + lost)] = 0.0
        covered.append(_covers(paired_rate_difference(_tally(first, True), _tally(second, True)), truth))
    coverage = sum(covered) / SAMPLES
    # A rare change is covered at least as often as said (score intervals are cautious there), never less.
    assert 0.93 <= coverage <= (1.0 if rare else 0.97)


def test_a_paired_difference_of_means_covers_the_true_difference() -> None:
    rng = np.random.default_rng(1)
    deals, changed = 300, 0.3
    covered = []
    for sample in range(SAMPLES):
        first = rng.choice([-2.0, -1.0, 1.0, 2.0, 4.0], size=deals)
        second = first + (rng.random(deals) < changed) * rng.choice([-1.0, 2.0], size=deals)
        change = paired_mean_difference(_tally(first, False), _tally(second, False), seed=sample)
        covered.append(_covers(change, changed * 0.5))
    assert 0.93 <= sum(covered) / SAMPLES <= 0.97


def test_an_independent_difference_of_rates_covers_the_true_difference() -> None:
    rng = np.random.default_rng(4)
    covered = []
    for _ in range(SAMPLES):
        first = rate_figure([(int(hit), 1) for hit in rng.random(200) < 0.3])
        second = rate_figure([(int(hit), 1) for hit in rng.random(200) < 0.4])
        covered.append(_covers(difference(first, second), 0.1))
    assert 0.93 <= sum(covered) / SAMPLES <= 0.97


def test_deals_that_never_differ_do_not_make_a_difference_certain() -> None:
    # 2 of 800 hands (400 deals, 2 passes) under the second value only, none under the first: the interval reaches
    # as far as a Wilson bound does (one deal's worth in 400: up to 1.4%), not just to what was seen.
    first = Tally(True, {deal: (0.0, 2.0) for deal in range(400)})
    second = Tally(True, {deal: (2.0 if deal == 7 else 0.0, 2.0) for deal in range(400)})
    change = paired_rate_difference(first, second, passes=2)
    assert change.value == pytest.approx(0.0025) and change.high is not None and change.high > 0.012
    alike = paired_rate_difference(first, first, passes=2)
    assert alike.value == 0.0 and alike.low is not None and alike.high is not None
    assert alike.low < -0.009 and alike.high > 0.009
    never = rate_figure([(0, 2)] * 400, passes=2)  # possible, never seen: 0 with the most it could be, in JSON too
    assert never.never_seen and never.to_dict()["value"] == 0 and never.to_dict()["ci95"][1] == pytest.approx(0.0095, abs=1e-4)
    points = Tally(False, {deal: (float(deal % 5), 1.0) for deal in range(400)})
    same = paired_mean_difference(points, points)
    assert same.value == 0.0 and same.low is not None and same.high is not None and same.low < 0 < same.high


def _run(*arguments: str) -> Any:
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["stats", "--workers", "1", *arguments])


def test_an_event_never_seen_is_shown_as_such_and_an_impossible_one_as_null() -> None:
    result = _run("--players", "heuristic", "--deals", "4", "--compare", "going_alone=true", "--variant", "ultimate")
    assert result.exit_code == 0, result.output
    # No difference of the hands is certain (the luck share of a bot that never varies is all luck under both).
    rows = [line for line in result.output.splitlines() if "luck of the cards" not in line]
    assert not any("+0.0 .. +0.0" in line for line in rows), result.output
    printed = _run("--variant", "ultimate", "--players", "heuristic", "--deals", "4")
    assert "never seen" in printed.output and "at most" in printed.output
    data = json.loads(_run("--players", "heuristic", "--deals", "4", "--json").output)["figures"]
    assert data["twos_threes"]["value"] is None and data["twos_threes"]["ci95"] == [None, None]  # none in standard
    assert data["twos_threes"]["note"] == "impossible under these rules"
    assert data["luck_share"]["value"] is not None


def test_an_option_that_changes_the_deck_pairs_nothing() -> None:
    comparison = compare("standard", "deck", "25", players="heuristic", deals=12, workers=1)
    assert not comparison.paired
    # Taken as independent: the difference's interval is the two studies' intervals combined.
    before, after = comparison.first.figures["made_round_1"], comparison.second.figures["made_round_1"]
    assert comparison.differences["made_round_1"] == difference(before, after)
    printed = _run("--players", "heuristic", "--deals", "3", "--compare", "deck=25")
    assert printed.exit_code == 0, printed.output
    text = " ".join(printed.output.split())
    assert "the same deals" not in text and "nothing paired" in text and "taken as independent" in text
    assert "paired over the same deals" not in text
    assert json.loads(_run("--players", "heuristic", "--deals", "3", "--compare", "deck=25", "--json").output)["paired"] is False
