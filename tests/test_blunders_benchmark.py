"""``benchmarks/blunders.py``: the kinds of clear error it flags, on worths built by hand and on dealt endgames."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

import bowers
from tests.repository_scripts import load_script
from tests.rules.deals import deal, run


@pytest.fixture(scope="module")
def blunders() -> ModuleType:
    """The script as a module."""
    return load_script("benchmarks/blunders.py", "blunders_benchmark")


# Spades trump, named by seat 1 in the second round (dealer 0, the turn-up turned down); seat 1 leads the first trick.
BIDDING = "1:pass 2:pass 3:pass 0:pass 1:call:S 1:partner"


def ruff_or_throw() -> bowers.Game:
    """The makers (seats 1 and 3) hold two tricks; seat 0 leads the ace of clubs and seat 3, last and void in
    clubs, holds the nine of trumps and the nine of diamonds.  Ruffing makes the contract; throwing the diamond
    lets seat 2's ten of trumps take the last trick, and the makers are euchred."""
    game = deal(
        "standard",
        0,
        ["9H JD AH AC KC", "JS AD KH 9C QC", "QS QD QH TC TS", "KS TD JH 9S 9D"],
        "TH AS JC KD",
    )
    run(game, f"{BIDDING} 1:JS 2:QS 3:KS 0:9H 1:AD 2:QD 3:TD 0:JD 1:KH 2:QH 3:JH 0:AH 0:AC 1:9C 2:TC")
    return game


def trump_partners_ace() -> bowers.Game:
    """The makers hold one trick; seat 1's ace of clubs wins the fourth trick and seat 3, last and void in clubs,
    holds the nine of trumps and the nine of diamonds.  The defenders have shown out of trumps: keeping the nine
    takes the last trick whatever is led and makes the contract; trumping the ace leaves seat 3 leading the
    diamond, and where a defender holds the king of diamonds the makers are euchred."""
    game = deal(
        "standard",
        0,
        ["9H AH AD KC QC", "JS KH QD AC 9C", "TH QH TD TC KD", "KS JH JD 9S 9D"],
        "JC QS TS AS",
    )
    run(game, f"{BIDDING} 1:JS 2:TH 3:KS 0:9H 1:KH 2:QH 3:JH 0:AH 0:AD 1:QD 2:TD 3:JD 0:KC 1:AC 2:TC")
    return game


def scan(blunders: ModuleType, game: bowers.Game, played: str, seed: int, verify: int = 0) -> dict[str, Any]:
    """The flags of ``played`` in ``game``, by kind."""
    valuer = blunders.valuer_for(game.rules)
    flags = blunders.scan_decision(game, played, valuer, 16, 32, random.Random(seed), verify)
    return {flag.kind: flag for flag in flags}


def test_a_play_never_worse_and_better_once_dominates(blunders: ModuleType) -> None:
    Worth = blunders.Worth
    low, high = Worth((1.0, -2.0, 1.0), (3, 2, 3)), Worth((1.0, 1.0, 1.0), (3, 3, 3))
    assert blunders.dominates(high, low, tricks=False)
    assert not blunders.dominates(low, high, tricks=False)
    assert not blunders.dominates(high, high, tricks=False)  # a tie in every world is no error
    mixed = Worth((2.0, -2.0, 1.0), (4, 2, 3))  # better in one world, worse in another: a judgement, not an error
    assert not blunders.dominates(mixed, high, tricks=False) and not blunders.dominates(high, mixed, tricks=False)
    # With tricks counted, a trick more at the same points is better, and a trick fewer is never allowed.
    assert blunders.dominates(Worth((1.0,), (4,)), Worth((1.0,), (3,)), tricks=True)
    assert not blunders.dominates(Worth((2.0,), (3,)), Worth((1.0,), (4,)), tricks=True)


def test_flags_name_the_best_of_the_better_plays(blunders: ModuleType) -> None:
    worths = {
        "play:9C": blunders.Worth((-2.0, -2.0), (2, 2)),
        "play:QC": blunders.Worth((-2.0, 1.0), (2, 3)),
        "play:AC": blunders.Worth((1.0, 1.0), (3, 3)),
    }
    leading = blunders.TrickState(last=False, partner_winning=False, beats=frozenset())
    (flag,) = blunders.flags(worths, "play:9C", leading)
    assert (flag.kind, flag.better, flag.worse_in, flag.worlds, flag.mean_loss) == ("dominated", "play:AC", 2, 2, 3.0)
    assert flag.costs_points
    assert blunders.flags(worths, "play:AC", leading) == []
    assert blunders.flags(worths, "play:JK", leading) == []  # a play the solver did not value is not judged


def test_a_trick_kept_at_no_cost_in_points_is_a_slip(blunders: ModuleType) -> None:
    worths = {"play:9D": blunders.Worth((1.0, 1.0), (3, 3)), "play:9S": blunders.Worth((1.0, 1.0), (4, 3))}
    last = blunders.TrickState(last=True, partner_winning=False, beats=frozenset({"play:9S"}))
    (flag,) = blunders.flags(worths, "play:9D", last)
    assert (flag.kind, flag.better, flag.costs_points) == ("kept-trick", "play:9S", False)
    row = {"flags": [{"costs_points": flag.costs_points}]}
    assert not blunders.is_error(row)
    # Not last to play, or the partner winning: no trick is kept from the opponents.
    assert blunders.flags(worths, "play:9D", blunders.TrickState(False, False, frozenset({"play:9S"}))) == []
    assert blunders.flags(worths, "play:9D", blunders.TrickState(True, True, frozenset({"play:9S"}))) == []


def test_the_trick_state_of_the_last_seat(blunders: ModuleType) -> None:
    state = blunders.trick_state(ruff_or_throw())
    assert state == blunders.TrickState(last=True, partner_winning=False, beats=frozenset({"play:9S"}))
    state = blunders.trick_state(trump_partners_ace())
    assert state == blunders.TrickState(last=True, partner_winning=True, beats=frozenset({"play:9S"}))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_throwing_a_card_when_a_ruff_takes_the_trick_for_nothing(blunders: ModuleType, seed: int) -> None:
    game = ruff_or_throw()
    flags = scan(blunders, game, "play:9D", seed)
    assert set(flags) == {"dominated", "kept-trick"}
    for flag in flags.values():
        assert flag.better == "play:9S" and flag.costs_points
    assert scan(blunders, game, "play:9S", seed) == {}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_trumping_the_partners_sure_winner(blunders: ModuleType, seed: int) -> None:
    game = trump_partners_ace()
    flags = scan(blunders, game, "play:9S", seed)
    assert set(flags) == {"dominated", "overtook"}
    for flag in flags.values():
        assert flag.better == "play:9D" and flag.costs_points
    assert scan(blunders, game, "play:9D", seed) == {}


def test_a_flag_the_third_look_does_not_find_again_is_a_judgement(blunders: ModuleType) -> None:
    Worth = blunders.Worth
    flag = blunders.Flag("dominated", "play:7H", worse_in=2, worlds=128, mean_loss=0.016)
    # On more worlds the played card wins in one of them: no longer dominated, a judgement, with the third look's
    # figures.
    third = {"play:TC": Worth((1.0, 2.0, 1.0, 1.0), (3, 4, 3, 3)), "play:7H": Worth((1.0, 1.0, 2.0, 3.0), (3, 3, 4, 5))}
    tie = blunders.as_judgement(flag, third, "play:TC")
    assert (tie.judgement, tie.worse_in, tie.better_in, tie.worlds, tie.mean_loss) == (True, 2, 1, 4, 0.5)
    assert not tie.costs_points  # neither a clear error nor a slip
    row = {"flags": [{**blunders.asdict(tie), "costs_points": tie.costs_points}]}
    assert blunders.is_judgement(row) and not blunders.is_error(row)
    position = {"seed": 1, "deal": 0, "index": 5, "seat": 3, "trump": "D", "hand": [], "trick": [], "tricks_won": [0, 0]}
    line = blunders.describe({**row, **position, "played": "play:TC"})
    assert "a judgement on a later look (worse in 2/4 worlds, better in 1" in line


@pytest.mark.parametrize("seed", [0, 1])
def test_a_real_error_survives_the_third_look(blunders: ModuleType, seed: int) -> None:
    flags = scan(blunders, ruff_or_throw(), "play:9D", seed, verify=64)
    assert set(flags) == {"dominated", "kept-trick"}
    assert all(not flag.judgement and flag.worlds == 64 and flag.costs_points for flag in flags.values())


def test_a_hand_of_self_play_is_scanned_and_replayable(blunders: ModuleType) -> None:
    job = {
        "variant": "standard",
        "seed": 100003,
        "deal": 0,
        "options": {},
        "bot": "random",
        "settings": {},
        "worlds": 4,
        "confirm": 8,
        "verify": 16,
        "reseeds": 2,
    }
    row = blunders.scan_deal(job)
    assert row["decisions"] > 0
    assert any(blunders.is_error(item) for item in row["flagged"])  # random play errs in every hand of this seed
    for item in row["flagged"]:  # each clear error, and only those, decided again by two fresh bots
        assert sum(item["fresh_picks"].values()) == (2 if blunders.is_error(item) else 0)
    for item in row["flagged"]:  # each flagged decision replays from its history to the same position
        game = bowers.Game("standard", seed=item["seed"])
        for seat, action in item["history"]:
            game.apply(action, seat=seat)
        assert game.to_act == item["seat"]
        assert item["played"] in game.legal_actions()
    lines = blunders.report("random", "standard", [row], 4, 8, 16)
    assert lines[0].startswith("standard: 1 hands, random in every seat")
    assert "judged again on 16 more" in lines[0] and "judgements (not dominated on a later look)" in lines[2]


def test_a_flag_found_again_is_judged_a_last_time_only_where_it_costs_points(blunders: ModuleType) -> None:
    looks: list[int] = []
    real = blunders.worths

    def counted(valuer: Any, observation: Any, worlds: int, rng: random.Random) -> Any:
        looks.append(worlds)
        return real(valuer, observation, worlds, rng)

    blunders.worths = counted
    try:
        game = ruff_or_throw()
        valuer = blunders.valuer_for(game.rules)
        flags = blunders.scan_decision(game, "play:9D", valuer, 16, 32, random.Random(0), verify=64, settle=96)
        assert looks == [16, 32, 64, 96]  # a real error: every look finds it, the last one too
        assert {flag.kind for flag in flags} == {"dominated", "kept-trick"}
        assert all(flag.worlds == 96 and flag.costs_points and not flag.judgement for flag in flags)
        looks.clear()
        assert blunders.scan_decision(game, "play:9S", valuer, 16, 32, random.Random(0), verify=64, settle=96) == []
        assert looks == [16]  # nothing to judge again
    finally:
        blunders.worths = real


def test_a_clear_error_is_decided_again_by_fresh_bots(blunders: ModuleType) -> None:
    game = ruff_or_throw()
    observation = game.observation(3)
    picks = blunders.fresh_picks("pimc", {"time_budget": 0}, observation, 3)
    assert picks == {"play:9S": 3}  # every fresh bot ruffs: throwing the diamond was no draw of worlds
    row = {
        "seed": 1,
        "deal": 0,
        "index": 18,
        "seat": 3,
        "trump": "S",
        "hand": ["9S", "9D"],
        "trick": ["AC"],
        "tricks_won": [2, 1],
        "played": "play:9D",
        "flags": [{"kind": "dominated", "better": "play:9S", "worse_in": 3, "worlds": 4, "mean_loss": 1.0, "costs_points": True}],
        "fresh_picks": picks,
    }
    assert blunders.describe(row).endswith("; decided again by 3 fresh bots: 0 played it, 3 the better play")
    assert "fresh bots" not in blunders.describe({**row, "fresh_picks": {}})
