"""Matches: duplicate seating, determinism across workers, the statistics, the command, every variant."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import click
import pytest
from click.testing import CliRunner, Result

from bowers.cli import cli
from bowers.cli.match import parse_settings, setting_value
from bowers.errors import MatchFailure, OptionError
from bowers.match import (
    Outcome,
    PassOutcome,
    Side,
    chain_games,
    elo_difference,
    elo_from_score,
    mean_interval,
    net_points,
    play_match,
    seatings,
    t_quantile,
)
from bowers.variants import make_rules, variant, variants


class RecordingBot:
    """Plays at random and remembers what each bot was dealt; bots are created seat by seat, hand by hand."""

    name = "recording"
    created: ClassVar[int] = 0
    seen: ClassVar[dict[int, dict[str, Any]]] = {}

    def __init__(self, seed: int | None = None, tag: str = "") -> None:
        self._rng = random.Random(seed)
        self._tag = tag
        self._index = RecordingBot.created
        RecordingBot.created += 1

    def act(self, observation: Mapping[str, Any]) -> str:
        if self._index not in RecordingBot.seen:
            RecordingBot.seen[self._index] = {
                "tag": self._tag,
                "seat": observation["seat"],
                "dealer": observation["dealer"],
                "turn_up": observation["turn_up"],
                "hand": sorted(observation["hand"]) if not observation["history"] else None,
            }
        return str(self._rng.choice(list(observation["legal_actions"])))


class IllegalBot:
    """Always answers with an action that is never legal."""

    name = "illegal"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def act(self, observation: Mapping[str, Any]) -> str:
        return "play:2C"


def run(*args: str) -> Result:
    return CliRunner(env={"COLUMNS": "200"}).invoke(cli, list(args))


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    for fragment in fragments:
        assert fragment in lines[0]


# ----------------------------------------------------------------------------- duplicate


def test_seatings_rotate_every_side_through_every_team() -> None:
    assert seatings(2, 7, True) == [[0, 1], [1, 0]]
    assert seatings(3, 0, True) == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert [seatings(2, deal, False) for deal in range(3)] == [[[0, 1]], [[1, 0]], [[0, 1]]]


@pytest.mark.parametrize("variant_name", ["standard", "two-hand", "railroad-6"])
def test_duplicate_deals_the_same_cards_with_the_sides_swapped(variant_name: str) -> None:
    rules = make_rules(variant_name)
    RecordingBot.created = 0
    RecordingBot.seen = {}
    sides = [Side(f"recording-{label}", {"tag": label}, RecordingBot) for label in "ABC"[: rules.teams]]
    deals = 4
    result = play_match(variant_name, sides, deals=deals, seed=11, workers=1)
    assert result.hands == deals * rules.teams
    checks = rules.teams  # one bot per side is created first, to check its settings
    assert RecordingBot.created == checks + deals * rules.teams * rules.players
    # Bot checks + (hand * players + seat) played `seat` in hand number `hand` (deal by deal, pass by pass).
    hands: dict[tuple[int, int], dict[int, dict[str, Any]]] = {}
    for index, record in RecordingBot.seen.items():
        hand, seat = divmod(index - checks, rules.players)
        assert record["seat"] == seat
        hands.setdefault(divmod(hand, rules.teams), {})[seat] = record
    compared = 0
    for deal in range(deals):
        first, *others = (hands[(deal, p)] for p in range(rules.teams))
        for other in others:
            for seat in set(first) & set(other):
                assert first[seat]["dealer"] == other[seat]["dealer"]
                assert first[seat]["turn_up"] == other[seat]["turn_up"]
                assert first[seat]["tag"] != other[seat]["tag"], "another side holds the seat"
                if first[seat]["hand"] is not None and other[seat]["hand"] is not None:
                    assert first[seat]["hand"] == other[seat]["hand"], "the seat holds the same cards"
                    compared += 1
        # The side at each team follows the seating: team t in pass p is side (t + p) mod S.
        for pass_number, records in enumerate(hands[(deal, p)] for p in range(rules.teams)):
            for seat, record in records.items():
                assert record["tag"] == "ABC"[(rules.team_of(seat) + pass_number) % rules.teams]
    assert compared >= deals


def test_duplicate_sides_swap_points_when_the_bots_are_identical_and_deterministic() -> None:
    """Two copies of one deterministic bot: in duplicate each side gets exactly the other's points, so every deal nets zero."""

    class FirstLegal:
        name = "first"

        def __init__(self, seed: int | None = None) -> None:
            pass

        def act(self, observation: Mapping[str, Any]) -> str:
            return str(observation["legal_actions"][0])

    result = play_match(
        "standard", [Side("first", factory=FirstLegal), Side("first", factory=FirstLegal)], deals=20, seed=3, workers=1
    )
    for outcome in result.outcomes:
        one, two = outcome.passes
        assert one.points == two.points[::-1]
        assert net_points(outcome, 0) == 0
    assert result.sides[0].net_points.mean == 0


def test_no_duplicate_plays_each_deal_once() -> None:
    result = play_match("standard", ["random", "random"], deals=6, seed=1, workers=1, duplicate=False)
    assert result.hands == 6
    assert [len(o.passes) for o in result.outcomes] == [1] * 6


# ----------------------------------------------------------------------------- determinism


def _without_timings(summary: dict[str, Any]) -> dict[str, Any]:
    summary = dict(summary)
    for key in ("seconds", "hands_per_second", "workers"):
        summary.pop(key)
    summary["sides"] = [{k: v for k, v in side.items() if "seconds" not in k} for side in summary["sides"]]
    return summary


def test_the_same_seed_gives_the_same_match_on_any_number_of_workers() -> None:
    one = play_match("british", ["random", "random"], deals=40, seed=5, workers=1)
    two = play_match("british", ["random", "random"], deals=40, seed=5, workers=2)
    assert two.workers == 2
    assert _without_timings(one.to_dict()) == _without_timings(two.to_dict())
    assert [[p.facts for p in o.passes] for o in one.outcomes] == [[p.facts for p in o.passes] for o in two.outcomes]
    other = play_match("british", ["random", "random"], deals=40, seed=6, workers=1)
    assert _without_timings(other.to_dict()) != _without_timings(one.to_dict())


# ----------------------------------------------------------------------------- statistics


@pytest.mark.parametrize(("freedom", "exact"), [(4, 2.7764), (9, 2.2622), (29, 2.0452), (120, 1.9799), (100000, 1.9600)])
def test_t_quantile_matches_the_table(freedom: int, exact: float) -> None:
    assert t_quantile(0.975, freedom) == pytest.approx(exact, rel=3e-3)


def test_mean_interval_on_known_values() -> None:
    estimate = mean_interval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    # mean 5.5, sample sd 3.02765, se 0.957427, t(0.975, 9) = 2.2622
    assert estimate.mean == 5.5
    assert estimate.low == pytest.approx(5.5 - 2.2622 * 0.957427, abs=2e-3)
    assert estimate.high == pytest.approx(5.5 + 2.2622 * 0.957427, abs=2e-3)
    assert estimate.significant
    assert not mean_interval([-1, 1, -1, 1]).significant
    single = mean_interval([2.0])
    assert (single.mean, single.low, single.high, single.significant) == (2.0, None, None, False)
    with pytest.raises(ValueError):
        mean_interval([])


def test_elo_on_known_scores() -> None:
    assert elo_from_score(0.5) == 0
    assert elo_from_score(0.75) == pytest.approx(190.849, abs=1e-3)
    assert elo_from_score(1 / 11) == pytest.approx(-400, abs=1e-9)
    assert elo_from_score(0) is None and elo_from_score(1) is None
    elo = elo_difference(30, 10)
    # Wilson interval of 30/40 at 95%: 0.5981 .. 0.8581
    assert elo.difference == pytest.approx(190.849, abs=1e-3)
    assert elo.low == pytest.approx(400 * __import__("math").log10(0.59808 / 0.40192), abs=0.5)
    assert elo.high == pytest.approx(400 * __import__("math").log10(0.85806 / 0.14194), abs=0.5)
    assert elo_difference(10, 30).difference == pytest.approx(-190.849, abs=1e-3)
    swept = elo_difference(5, 0)
    assert swept.difference is None and swept.high is None and swept.low is not None and swept.low > 0
    assert elo_difference(299, 0).high is None and elo_difference(0, 299).low is None
    assert elo_difference(0, 0).difference is None


def _outcome(deal: int, *passes: tuple[list[int], list[int]]) -> Outcome:
    return Outcome(deal, [PassOutcome(seating, points) for seating, points in passes], [[], [], []], [0, 0, 0])


def test_net_points_is_the_side_minus_its_opponents_averaged_over_passes() -> None:
    two = _outcome(0, ([0, 1], [2, 0]), ([1, 0], [0, 1]))
    assert net_points(two, 0) == pytest.approx((2 - 0 + 0 - 1) / 2)
    assert net_points(two, 1) == -net_points(two, 0)
    three = _outcome(0, ([0, 1, 2], [6, 0, 3]))
    assert net_points(three, 0) == pytest.approx(6 - 1.5)
    assert net_points(three, 1) == pytest.approx(0 - 4.5)
    assert sum(net_points(three, side) for side in range(3)) == pytest.approx(0)


def test_games_chain_each_seatings_hands_to_the_target() -> None:
    # Points are per side (A, B); the seating says which side sits at each team.
    outcomes = [
        _outcome(0, ([0, 1], [4, 0]), ([1, 0], [0, 2])),
        _outcome(1, ([0, 1], [0, 2]), ([1, 0], [0, 4])),
        _outcome(2, ([0, 1], [1, 0]), ([1, 0], [2, 0])),
        _outcome(3, ([0, 1], [0, 4]), ([1, 0], [0, 1])),
    ]
    # Table 0: A 4-0, 4-2, 5-2 wins; then 0-4 unfinished.  Table 1: B 0-2, 0-6 wins; then 2-0, 2-1 unfinished.
    assert chain_games(outcomes, 2, make_rules("standard", target=5)) == [0, 1]
    # Team 1 starting on 4.  Table 0 (B at team 1): B 4-6 wins on deal 1, B 1-8 on deal 3.
    # Table 1 (A at team 1, so A starts on 4): B 4-6 wins on deal 1, A 6-0 on deal 2, then 4-1 unfinished.
    assert chain_games(outcomes, 2, make_rules("standard", target=5, initial_scores=[0, 4])) == [1, 1, 1, 0]


# ----------------------------------------------------------------------------- every variant, errors


@pytest.mark.parametrize("variant_name", variants())
def test_every_variant_plays_with_random_bots(variant_name: str) -> None:
    teams = variant(variant_name).teams
    result = play_match(variant_name, ["random"] * teams, deals=3, seed=2, workers=1)
    assert result.hands == 3 * teams
    assert sum(side.net_points.mean for side in result.sides) == pytest.approx(0)
    total = sum(sum(played.facts[0].points) for outcome in result.outcomes for played in outcome.passes)
    assert sum(side.points_per_hand for side in result.sides) * result.hands == pytest.approx(total)
    assert result.hands_per_second is not None and result.hands_per_second > 0
    assert len(result.elo) == teams - 1


def test_an_illegal_bot_action_names_the_side() -> None:
    expected = r"standard, match seed 0, deal 0: side B \(illegal\) at seat \d failed: chose an illegal"
    with pytest.raises(MatchFailure, match=expected):
        play_match("standard", ["random", Side("illegal", factory=IllegalBot)], deals=1, workers=1)


class CrashingBot:
    """Fails on its third decision of a hand, the way a bot with a bug would."""

    name = "crashing"

    def __init__(self, seed: int | None = None) -> None:
        self.decisions = 0

    def act(self, observation: Mapping[str, Any]) -> str:
        self.decisions += 1
        if self.decisions == 3:
            raise KeyError("no such card")
        return str(observation["legal_actions"][0])


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_fails_is_reported_by_deal_not_by_a_broken_pool(workers: int) -> None:
    with pytest.raises(MatchFailure) as caught:
        play_match("two-hand", ["random", Side("crashing", factory=CrashingBot)], deals=4, seed=7, workers=workers)
    failure = caught.value
    assert (failure.variant, failure.seed) == ("two-hand", 7) and 0 <= failure.deal < 4
    assert "side B (crashing)" in failure.side and failure.error == "KeyError: 'no such card'"


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({"players": ["random"]}, "needs 2 players"),
        ({"players": ["random", "nobody"]}, "unknown bot"),
        ({"players": ["random", "random"], "deals": 0}, "deals"),
        ({"players": ["random", "random"], "workers": 0}, "workers"),
        ({"players": ["random", "random"], "settings": [{}, {"level": 2}]}, "no setting"),
        ({"players": ["random", "random"], "options": {"colour": "red"}}, "no option"),
    ],
)
def test_bad_arguments_raise_option_errors(arguments: dict[str, Any], fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        play_match("standard", **arguments)


# ----------------------------------------------------------------------------- the command


def test_settings_syntax() -> None:
    assert [setting_value(text) for text in ("TRUE", "false", "12", "0.25", "fast")] == [True, False, 12, 0.25, "fast"]
    assert parse_settings(["B.level=2", "samples=30", "a.budget=0.5"], ["pimc", "pimc"]) == [
        {"samples": 30, "budget": 0.5},
        {"level": 2, "samples": 30},
    ]
    assert parse_settings(["pimc.level=4"], ["pimc", "heuristic"]) == [{"level": 4}, {}]
    for bad in (["pimc.level=4"], ["C.level=1"], ["level"], ["B.=3"]):
        with pytest.raises(click.ClickException):
            parse_settings(bad, ["pimc", "pimc"])


def test_match_command_json_shape() -> None:
    result = run("match", "--variant", "two-hand", "--players", "random,random", "--deals", "5", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert {
        "variant",
        "options",
        "seed",
        "deals",
        "duplicate",
        "hands",
        "workers",
        "seconds",
        "hands_per_second",
        "games",
        "sides",
        "elo",
    } <= set(summary)
    assert summary["hands"] == 10 and summary["duplicate"] is True
    side = summary["sides"][0]
    for key in (
        "label",
        "bot",
        "settings",
        "net_points_per_deal",
        "ci95",
        "significant",
        "points_per_hand",
        "games_won",
        "decisions",
    ):
        assert key in side
    assert len(side["ci95"]) == 2
    assert summary["elo"][0]["sides"] == ["A", "B"]


def test_match_command_table() -> None:
    result = run("match", "--players", "random,random", "--deals", "4", "--workers", "1", "--no-duplicate", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "net points per deal" in result.output
    assert "4 deals of standard, seed 3" in result.output
    assert "hands per second" in result.output


@pytest.mark.parametrize(
    ("arguments", "fragments"),
    [
        (["--players", "random"], ["needs 2 players"]),
        (["--players", "random,nobody"], ["unknown bot", "nobody"]),
        (["--players", "random,,random"], ["--players"]),
        (["--players", "random,random", "--setting", "B.level=2"], ["no setting", "level"]),
        (["--players", "random,random", "--setting", "level"], ["--setting"]),
        (["--players", "random,random", "--setting", "Z.level=2"], ["no side", "Z"]),
        (["--players", "random,random", "--option", "colour=red"], ["no option", "colour"]),
        (["--variant", "canasta", "--players", "random,random"], ["unknown variant"]),
    ],
)
def test_match_command_bad_input_is_one_line(arguments: list[str], fragments: list[str]) -> None:
    assert_one_line_error(run("match", "--deals", "2", "--workers", "1", *arguments), *fragments)


# ----------------------------------------------------------------------------- rules as a value, one definition of a figure


def test_a_plan_and_its_result_pickle_with_their_rules() -> None:
    import pickle

    from bowers.match import plan_games, plan_match

    rules = make_rules("standard", deck=32, stick_the_dealer=True)
    plan = plan_match(rules, ["random", "random"], deals=2, seed=4, workers=1)
    assert plan.rules is rules  # read once, carried as it is
    copy = pickle.loads(pickle.dumps(plan))
    assert copy == plan and copy.rules == rules and hash(copy.rules) == hash(rules)
    result = plan.play()
    again = pickle.loads(pickle.dumps(result))
    assert again.rules == rules and again.to_dict() == result.to_dict()
    assert result.to_dict()["options"]["deck"] == 32
    games = plan_games(rules, ["random", "random"], games=1, seed=4, workers=1)
    assert pickle.loads(pickle.dumps(games)) == games and games.unit.whole_game


def test_match_and_stats_give_the_same_value_for_each_named_figure_on_the_same_hands() -> None:
    from bowers.match.hands import RATE_LABELS
    from bowers.stats import study

    result = play_match("railroad", ["heuristic", "random"], deals=16, seed=9, workers=1)
    figures = study("railroad", players=["heuristic", "random"], deals=16, seed=9, workers=1).figures
    rates = result.rates()
    compared = [name for name in RATE_LABELS if name in figures]
    assert {"trump_made", "makers_made", "euchred", "loners", "loners_made", "defended_alone", "no_trump"} <= set(compared)
    for name in compared:
        counts = [side[name]["count"] for side in rates]
        trials = [side[name]["of"] for side in rates]
        assert sum(counts) == figures[name].count, name
        if name == "trump_made":  # of every hand, for each side
            assert trials == [figures[name].out_of] * 2
            continue
        assert sum(trials) == figures[name].out_of, name  # each hand's contract is one side's
    euchred = figures["euchred"]
    assert euchred.count is not None and euchred.count + (figures["makers_made"].count or 0) == euchred.out_of
