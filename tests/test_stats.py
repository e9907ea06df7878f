"""Studies of the variants: the figures, their intervals, how trump was made, and comparing two options."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bowers.cli import cli
from bowers.egn import load_egn
from bowers.errors import OptionError
from bowers.facts import hand_facts
from bowers.game import Game, replay
from bowers.match import Side, play_match
from bowers.stats import compare, figure_label, study, study_records
from bowers.stats.figures import IMPOSSIBLE, Figure, Hand, difference, figures_of, hand_tallies, luck_share, rate_figure
from bowers.variants import make_rules
from tests.shared_data import EGN_DIRECTORY


def _hand(
    deal: int, pass_number: int = 0, maker_offset: int | None = 0, made: bool = True, side_net: float = 1.0, **result: Any
) -> Hand:
    base = {"dealer": 0, "maker": maker_offset, "points": [1, 0], "made": made, "tricks": [2, 1, 1, 1], "alone": False}
    base.update(result)
    facts = hand_facts(make_rules("standard"), base)
    facts = replace(facts, making="round 1" if facts.maker is not None else None)
    return Hand(deal, pass_number, facts, (1.0, -1.0, 1.0, -1.0), side_net)


def test_a_rate_counts_every_hand_and_its_interval_is_taken_over_deals() -> None:
    figure = rate_figure([(2, 2)] * 10 + [(0, 2)] * 10)
    assert (figure.value, figure.count, figure.out_of) == (0.5, 20, 40)
    assert figure.low is not None and figure.high is not None
    # The passes of a deal agree here, so the interval is as wide as 20 independent hands', not 40's.
    width = figure.high - figure.low
    assert width > 0.35
    assert rate_figure([(0, 0)]).value is None
    rare = rate_figure([(0, 1)] * 99 + [(1, 1)])
    assert rare.low is not None and rare.high is not None and rare.low >= 0 and rare.high > 0.03  # Wilson keeps it honest


def test_hand_figures_count_contracts_by_seat_and_round() -> None:
    hands = [
        _hand(0, maker_offset=0),
        _hand(0, 1, maker_offset=1, made=False),
        _hand(1, maker_offset=2, alone=True, tricks=[5, 0, 0, 0]),
        _hand(1, 1, maker_offset=None, misdeal=True, made=False),
    ]
    figures = figures_of(hand_tallies(hands, players=4, auction=False, levels=[]), passes=2)
    assert (figures["trump_made"].count, figures["trump_made"].out_of) == (3, 4)
    assert (figures["makers_made"].count, figures["makers_made"].out_of) == (2, 3)
    assert figures["seat_1_made_trump"].count == 1 and figures["seat_1_makers_made"].count == 0
    assert (figures["loners"].count, figures["loner_marches"].count) == (1, 1)
    assert figures["made_round_1"].count == 3 and figures["misdeal"].count == 1
    assert figures["deal_value"].value == pytest.approx(1.0)
    assert figure_label("seat_0_net").startswith("the dealer") and "left of the dealer" in figure_label("seat_2_made_trump")


def test_luck_share_is_all_luck_when_the_cards_decide_and_none_when_they_do_not() -> None:
    mirrored = [_hand(deal, number, side_net=(deal % 5) * (1 if number == 0 else -1)) for deal in range(30) for number in (0, 1)]
    assert luck_share(mirrored).value == pytest.approx(1.0)
    independent = [_hand(deal, number, side_net=float((deal * 7 + number * 3) % 5)) for deal in range(40) for number in (0, 1)]
    share = luck_share(independent)
    assert share.value is not None and share.value < 0.5
    assert share.low is not None and share.high is not None and share.low <= share.value <= share.high


def test_a_difference_has_an_interval_around_it() -> None:
    change = difference(Figure(0.5, 0.4, 0.6), Figure(0.7, 0.6, 0.8))
    assert change.value == pytest.approx(0.2) and change.low is not None and change.high is not None
    assert change.low < 0.2 < change.high and change.low > 0


class PassingBot:
    """Passes whenever it may, else plays its first legal action: every hand of stick the dealer sticks the dealer."""

    name = "passer"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = observation["legal_actions"]
        return "pass" if "pass" in legal else str(legal[0])


def test_a_stuck_dealer_is_told_from_a_dealer_who_chose_to_call() -> None:
    passers = [Side("passer", factory=PassingBot), Side("passer", factory=PassingBot)]
    stuck = play_match("standard", passers, deals=5, seed=2, workers=1, options={"stick_the_dealer": True})
    for outcome in stuck.outcomes:
        for played in outcome.passes:
            facts = played.facts[0]
            assert facts.making == "stuck dealer" and facts.maker == facts.dealer
    chosen = play_match("standard", ["random", "random"], deals=60, seed=2, workers=1, options={"stick_the_dealer": True})
    makings = [played.facts[0].making for outcome in chosen.outcomes for played in outcome.passes]
    assert {"round 1", "round 2"} <= set(makings)
    assert makings.count(None) == sum(played.facts[0].misdeal for o in chosen.outcomes for played in o.passes)


def test_a_study_of_a_variant_reports_every_figure_with_an_interval() -> None:
    result = study("railroad", players="heuristic", deals=30, workers=1)
    assert result.hands == 60 and result.players == ("heuristic", "heuristic")
    figures = result.figures
    for name in ("points_per_hand", "deal_value", "trump_made", "makers_made", "loners", "jambone", "luck_share"):
        assert name in figures
    assert figures["trump_made"].low is not None and figures["trump_made"].low <= figures["trump_made"].value  # type: ignore[operator]
    # Identical deterministic bots: the cards decide every difference between the passes.
    assert figures["luck_share"].value == pytest.approx(1.0)
    data = result.to_dict()
    assert set(data["figures"]["trump_made"]) == {"value", "ci95", "count", "of"}


def test_whole_games_give_hands_per_game() -> None:
    result = study("two-hand", players="heuristic,random", games=3, workers=1)
    assert result.figures["hands_per_game"].value is not None and result.figures["hands_per_game"].value >= 5
    assert result.games == 3 and result.deals is None


def test_an_auction_reports_contracts_by_level() -> None:
    figures = study("bid", players="heuristic", deals=20, workers=1).figures
    levels = [name for name in figures if name.startswith("contract_") and not name.endswith("_made")]
    assert levels == ["contract_3", "contract_4", "contract_5", "contract_5NT"]
    assert sum(figures[name].count or 0 for name in levels) == figures["trump_made"].count
    assert "made_round_1" not in figures


def test_compare_plays_the_same_deals_under_two_values() -> None:
    comparison = compare("standard", "stick_the_dealer", True, players="heuristic", deals=60, workers=1)
    assert comparison.values == (False, True) and comparison.paired
    # What the rules never allow is no measured zero: a stuck dealer without the rule, a misdeal with it.
    assert comparison.first.figures["made_stuck_dealer"].value is None
    assert comparison.first.figures["made_stuck_dealer"].note == IMPOSSIBLE
    assert (comparison.second.figures["made_stuck_dealer"].count or 0) > 0
    assert comparison.second.figures["misdeal"].value is None
    misdeals = comparison.differences["misdeal"]
    assert misdeals.value == pytest.approx(-(comparison.first.figures["misdeal"].value or 0))
    # Paired over the same deals: a figure the option cannot change (the first round's orders) differs by nothing,
    # but not with certainty: the interval spans what 60 deals could miss; a change the option causes is told
    # apart from zero.
    unchanged = comparison.differences["made_round_1"]
    assert unchanged.value == 0.0 and unchanged.low is not None and unchanged.high is not None
    assert unchanged.low < -0.03 and unchanged.high > 0.03
    assert misdeals.high is not None and misdeals.high < 0


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: study("standard", players="heuristic,random,random", deals=2, workers=1), "one per side"),
        (lambda: study("standard", players="heuristic", deals=2, games=2, workers=1), "deals or whole games"),
        (lambda: compare("standard", "colour", "red", players="heuristic", deals=2, workers=1), "no option"),
        (lambda: compare("standard", "stick_the_dealer", False, players="heuristic", deals=2, workers=1), "already has"),
        (lambda: study("canasta", deals=2), "unknown variant"),
    ],
)
def test_bad_studies_are_refused_before_anything_is_played(call: Any, fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        call()


def _run(*arguments: str) -> Any:
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["stats", "--workers", "1", *arguments])


def test_the_command_prints_every_figure_with_its_interval() -> None:
    result = _run("--variant", "two-hand", "--players", "heuristic", "--deals", "10")
    assert result.exit_code == 0, result.output
    for words in ("value of the deal", "95% interval", "hands in which trump is made", "the dealer makes trump"):
        assert words in result.output
    # The heading says what was measured: the size, the bots and the seed.
    assert "two-hand: 10 duplicate deals (20 hands) by heuristic, seed 0" in result.output
    settings = _run("--players", "heuristic,random", "--setting", "heuristic.version=1", "--deals", "2", "--seed", "4")
    assert "2 duplicate deals (4 hands) by A: heuristic (version=1), B: random, seed 4" in settings.output, settings.output
    assert "Jambone" not in result.output  # an event the variant does not have is left out


def test_the_command_as_json() -> None:
    result = _run("--variant", "railroad", "--players", "heuristic", "--deals", "5", "--json")
    data = json.loads(result.output)
    assert data["variant"] == "railroad" and data["hands"] == 10
    assert set(data["figures"]["deal_value"]) == {"value", "ci95"}


def test_the_command_compares_two_values_of_an_option() -> None:
    result = _run("--players", "heuristic", "--deals", "10", "--compare", "stick_the_dealer=true")
    assert result.exit_code == 0, result.output
    # The heading says which way the differences go: the second value minus the first.
    assert "stick_the_dealer=true against stick_the_dealer=false" in result.output
    assert "difference: true minus false" in result.output.replace("\n", " ")
    # Shares differ in percentage points, never "pts" (which reads as the game's points).
    assert " pp " in result.output and "pp: percentage points" in " ".join(result.output.split())
    assert "pts" not in result.output
    # The time is all of it, playing and measuring both.
    assert "played and measured in" in result.output


def test_a_comparison_takes_as_long_as_it_says_and_gives_the_same_figures_for_the_same_seed() -> None:
    first = compare("standard", "stick_the_dealer", True, players="heuristic,random", deals=8, seed=3, workers=1)
    again = compare("standard", "stick_the_dealer", True, players="heuristic,random", deals=8, seed=3, workers=1)
    assert first.seconds >= first.first.seconds + first.second.seconds
    assert first.differences == again.differences


@pytest.mark.parametrize(("variant", "files"), [("standard", 6), ("railroad-6", 4)])
def test_plots_are_written_as_png_and_svg(tmp_path: Path, variant: str, files: int) -> None:
    result = _run("--variant", variant, "--players", "heuristic", "--deals", "6", "--plots", str(tmp_path))
    assert result.exit_code == 0, result.output
    written = sorted(tmp_path.iterdir())
    assert len(written) == files  # three teams have no table of the chance of winning to draw
    for path in written:
        head = path.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if path.suffix == ".png" else b"<svg" in path.read_bytes()[:2000]
    assert (tmp_path / f"{variant}-hands.svg").exists() and (tmp_path / f"{variant}-seats.png").exists()


def test_a_comparison_is_plotted_too(tmp_path: Path) -> None:
    result = _run("--players", "heuristic", "--deals", "6", "--compare", "stick_the_dealer=true", "--plots", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "standard-stick_the_dealer.png").exists()
    # Each value's own plots, named after it (and headed by it), not one of them unnamed.
    assert (tmp_path / "standard-stick_the_dealer-false-hands.png").exists()
    assert (tmp_path / "standard-stick_the_dealer-true-seats.svg").exists()
    assert "with stick_the_dealer=true" in (tmp_path / "standard-stick_the_dealer-true-hands.svg").read_text()
    assert not (tmp_path / "standard-hands.png").exists()


def test_whole_games_plot_how_long_a_game_lasts(tmp_path: Path) -> None:
    result = _run("--variant", "two-hand", "--players", "heuristic,random", "--games", "2", "--plots", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "two-hand-game-length.png").exists() and (tmp_path / "two-hand-game-length.svg").exists()


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        (["--deals", "2", "--games", "2"], "two kinds of study"),
        (["--compare", "stick_the_dealer"], "OPTION=VALUE"),
        (["--compare", "colour=red", "--deals", "2"], "no option"),
        (["--setting", "level"], "NAME=VALUE"),
        (["--setting", "B.level=2"], "no side 'B'; sides are A or a bot name: pimc"),
        (["--players", "heuristic,,random"], "--players"),
        (["--players", "nobody", "--deals", "2"], "unknown bot"),
        (["--variant", "canasta", "--deals", "2"], "unknown variant"),
    ],
)
def test_bad_input_to_the_command_is_one_line(arguments: list[str], fragment: str) -> None:
    result = _run(*arguments)
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and fragment in lines[0], result.output


def test_a_turned_up_joker_is_not_a_stuck_dealer() -> None:
    result = play_match("british", ["heuristic", "heuristic"], deals=200, seed=0, workers=1)
    makings = [(played.facts[0].making, played.facts[0]) for outcome in result.outcomes for played in outcome.passes]
    jokers = [facts for making, facts in makings if making == "joker turn-up"]
    assert jokers and all(facts.maker == facts.dealer for facts in jokers)
    assert all(making != "stuck dealer" for making, _ in makings)  # British has no stick the dealer by default


def test_a_plots_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    result = _run("--players", "random", "--deals", "2", "--plots", str(taken))
    assert result.exit_code != 0 and "Traceback" not in result.output
    blocked = tmp_path / "plots"
    (blocked / "standard-hands.png").mkdir(parents=True)  # a folder where a plot's file would go
    result = _run("--players", "random", "--deals", "2", "--plots", str(blocked))
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and "cannot write the plot" in lines[0], result.output


EGN_GAMES = sorted(EGN_DIRECTORY.glob("*.egn"))


def _records_cli(*arguments: str) -> Any:
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, ["stats", *arguments])


def test_real_games_give_the_figures_of_their_hands() -> None:
    records = [load_egn(path) for path in EGN_GAMES]
    assert len(records) >= 20
    result = study_records(records)
    results = [r for record in records for r in replay(record).results]
    assert result.variant == "standard" and result.records == len(records) and result.hands == len(results)
    figures = result.figures
    assert figures["makers_made"].count == sum(bool(r["made"]) for r in results)
    assert figures["loners"].count == sum(bool(r["alone"]) for r in results)
    # How trump was made, read off the bidding itself: an order is the first round, a call the second.
    bids = [next(a for _, a in deal["actions"] if a.startswith(("order", "call"))) for r in records for deal in r["deals"]]
    assert figures["made_round_1"].count == sum(a.startswith("order") for a in bids)
    stuck = figures["made_stuck_dealer"].count or 0
    assert (figures["made_round_2"].count or 0) + stuck == sum(a.startswith("call") for a in bids)
    # Records are not duplicate: no deal was played by both sides, and the figure says so.
    assert figures["luck_share"].value is None and "not played in duplicate" in (figures["luck_share"].note or "")


def test_saved_games_of_any_variant_are_studied(tmp_path: Path) -> None:
    games = []
    for seed in range(3):
        game = Game("railroad", seed=seed)
        while not game.is_over:
            game.apply(random.Random(seed * 1000 + len(game.record()["deals"])).choice(game.legal_actions()))
        games.append(game)
    result = study_records([game.record() for game in games])
    results = [r for game in games for r in game.results]
    assert result.variant == "railroad" and result.hands == len(results)
    assert result.figures["jambone"].count == sum(bool(r["jambone"]) for r in results)
    assert result.figures["trump_made"].count == sum(r["maker"] is not None and not r["misdeal"] for r in results)


def test_records_of_two_variants_are_refused() -> None:
    with pytest.raises(OptionError, match="one variant"):
        study_records([Game("standard", seed=1).record(), Game("two-hand", seed=1).record()])


def test_the_command_studies_real_games() -> None:
    printed = _records_cli(*map(str, EGN_GAMES))
    assert printed.exit_code == 0, printed.output
    assert f"standard: {len(EGN_GAMES)} recorded games" in printed.output
    assert "trump ordered up in the first round" in printed.output
    as_json = json.loads(_records_cli("--json", str(EGN_GAMES[0]), str(EGN_GAMES[1])).output)
    assert as_json["records"] == 2 and as_json["seed"] is None and as_json["players"] == []
    # A file named twice, once itself and once in its folder, counts once.
    twice = json.loads(_records_cli("--json", str(EGN_GAMES[0]), str(EGN_GAMES[0].parent / "." / EGN_GAMES[0].name)).output)
    assert twice["records"] == 1


def test_how_trump_was_made_is_read_whatever_the_notation() -> None:
    game = Game("standard", seed=3, stick_the_dealer=True)
    while not game.results:
        actions = game.legal_actions()
        game.apply(next((a for a in actions if a.startswith("call")), actions[0]) if "order" not in actions else "pass")
    record = game.record()
    canonical = study_records([record]).figures
    shouted = json.loads(json.dumps(record).replace('"call:', '"CALL:').replace('"pass"', '"Pass"'))
    assert shouted != record
    figures = study_records([shouted]).figures
    assert (figures["made_round_2"].count, figures["made_stuck_dealer"].count) == (
        canonical["made_round_2"].count,
        canonical["made_stuck_dealer"].count,
    )
    assert (figures["made_round_2"].count or 0) + (figures["made_stuck_dealer"].count or 0) == 1


def test_real_games_are_plotted(tmp_path: Path) -> None:
    result = _records_cli("--plots", str(tmp_path), *map(str, EGN_GAMES))
    assert result.exit_code == 0, result.output
    names = {path.name for path in tmp_path.iterdir()}
    assert names >= {"standard-hands.png", "standard-seats.svg"}
    assert not any("win-probability" in name for name in names)  # the bots' table says nothing about these games


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--deals", "3"], "--deals is for bots' play"),
        (["--players", "heuristic", "--option", "target=5"], "--players, --option are for bots' play"),
        (["--variant", "railroad"], "none of these records is of railroad"),
        (["--variant", "nope"], "unknown variant"),
        (["--compare", "stick_the_dealer=true"], "--compare is for bots' play"),
    ],
)
def test_records_with_the_options_of_bots_play_are_one_line(extra: list[str], fragment: str) -> None:
    result = _records_cli(*extra, str(EGN_GAMES[0]))
    assert result.exit_code != 0 and fragment in result.output and "Traceback" not in result.output


def test_a_file_that_is_not_a_record_is_named_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(Game("standard", seed=2).record()))
    (tmp_path / "b.json").write_text('{"variant": "standard", "deals": [{"dealer": 9}]}')
    result = _records_cli(str(tmp_path))
    assert result.exit_code != 0 and "b.json: not a game bowers can replay" in result.output
    (tmp_path / "b.json").write_text("{not json")
    assert "b.json: not valid JSON (line 1" in _records_cli(str(tmp_path)).output
    (tmp_path / "b.json").write_text("[" * 100_000 + "]" * 100_000)
    assert "b.json: not a JSON file bowers reads (nested too deeply)" in _records_cli(str(tmp_path)).output
    (tmp_path / "b.json").write_bytes(b"\xff\xfe\x00")
    assert "b.json: not a text file" in _records_cli(str(tmp_path)).output
    (tmp_path / "b.json").unlink()
    assert "no finished hand" in _records_cli(str(tmp_path)).output  # a game saved before its first hand ended
    game = Game("standard", seed=2)
    while not game.results:
        game.apply(game.legal_actions()[0])
    (tmp_path / "a.json").write_text(json.dumps(game.record()))
    assert "1 recorded game (1 hand)" in _records_cli(str(tmp_path)).output
    (tmp_path / "subfolder.json").mkdir()  # a folder named like a record is not read as one
    (tmp_path / "d.json").write_text(json.dumps(Game("standard", seed=4).record()))  # saved before a hand ended
    assert "1 recorded game (1 hand)" in _records_cli(str(tmp_path)).output
    # A folder of saved games holds every variant played: --variant picks one.
    (tmp_path / "c.json").write_text(json.dumps(Game("two-hand", seed=2).record()))
    assert "are of 2 variants (standard, two-hand): choose one with --variant" in _records_cli(str(tmp_path)).output
    assert "standard: 1 recorded game" in _records_cli("--variant", "standard", str(tmp_path)).output
    assert "no such file or folder" in _records_cli(str(tmp_path / "missing")).output
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "holds no records" in _records_cli(str(empty)).output


@pytest.mark.parametrize("kind", ["deals", "games"])
def test_a_duplicate_matchs_records_give_the_figures_of_the_study_that_played_them(kind: str, tmp_path: Path) -> None:
    # The same bots, seed and count: the records, grouped by deal and pass as the match played them, give the
    # same figures and intervals as the study (luck share included), not the narrower ones of independent hands.
    from bowers.match import play_games

    if kind == "deals":
        play_match("railroad", ["heuristic", "random"], deals=12, seed=3, workers=1, records=tmp_path)
        played = study("railroad", players=["heuristic", "random"], deals=12, seed=3, workers=1)
    else:
        play_games("two-hand", ["heuristic", "random"], games=3, seed=3, workers=1, records=tmp_path)
        played = study("two-hand", players=["heuristic", "random"], games=3, seed=3, workers=1)
    records = [json.loads(path.read_text()) for path in sorted(tmp_path.glob("*.json"))]
    recorded = study_records(records)
    assert recorded.hands == played.hands
    for name, figure in recorded.figures.items():
        assert figure == played.figures[name], name
    assert "luck_share" in recorded.figures


def test_whole_games_compared_pair_hands_per_game_and_say_how_many_were_played() -> None:
    # The same games under both values (the heuristic follows suit, so allowing reneges changes none of its plays):
    # hands per game are paired game by game.
    comparison = compare("standard", "reneges", "false", options={"reneges": True}, players="heuristic", games=3, workers=1)
    first, second = ([game.hands for game in arm.games_list] for arm in (comparison.first, comparison.second))
    change = comparison.differences["hands_per_game"]
    assert len(first) == len(second) == 6  # 3 games, each played once per side
    assert change.value == pytest.approx((sum(second) - sum(first)) / 6)
    assert change.low is not None and change.high is not None and change.low < change.value < change.high
    result = _run("--players", "heuristic,random", "--games", "2")
    assert result.exit_code == 0, result.output
    assert "2 whole games in duplicate (4 played," in result.output


def test_one_bots_settings_by_its_name_or_side() -> None:
    result = _run("--players", "pimc,heuristic", "--setting", "pimc.level=1", "--deals", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["settings"] == {"A": {"level": 1}, "B": {}}
    refused = _run("--players", "pimc,heuristic", "--setting", "level=1", "--deals", "2")
    assert refused.exit_code != 0 and "no setting 'level'" in refused.output


def test_a_folder_taken_by_ray_for_an_address_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["stats", "--ray", str(tmp_path)])
    assert result.exit_code != 0 and "records are studied without --ray" in result.output


@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)).map(lambda pair: (min(pair), max(pair))), min_size=1, max_size=12),
    st.integers(1, 3),
)
def test_a_rates_interval_always_holds_the_rate(per_deal: list[tuple[int, int]], passes: int) -> None:
    figure = rate_figure(per_deal, passes=passes)
    if figure.value is None:
        assert sum(trials for _, trials in per_deal) == 0
        return
    assert figure.low is not None and figure.high is not None
    assert figure.low <= figure.value <= figure.high


def test_one_success_in_one_pass_of_a_duplicate_deal_is_not_given_an_interval_of_none() -> None:
    figure = rate_figure([(1, 1)], passes=2)
    assert figure.value == 1.0 and figure.low is not None and figure.high == 1.0 and figure.low < 1.0


def test_a_kept_study_is_measured_again_from_its_hands() -> None:
    result = study("railroad", players="heuristic", deals=10, seed=2, workers=1)
    spoiled = replace(result, figures={name: Figure(0.5, 0.0, 1.0) for name in result.figures})
    assert spoiled.remeasured().figures == result.figures
    assert pickle.loads(pickle.dumps(result)).remeasured().figures == result.figures
    compared = compare("standard", "stick_the_dealer", True, players="heuristic", deals=10, seed=2, workers=1)
    spoilt = replace(compared, differences={name: Figure(0.5, 0.0, 1.0) for name in compared.differences})
    assert spoilt.remeasured().differences == compared.differences
