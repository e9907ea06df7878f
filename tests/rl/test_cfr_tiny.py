"""Two-hand's tiny deck as an OpenSpiel game: OpenSpiel's checks that walk the whole tree, its exact sizes, and the
tabular CFR example's NashConv falling."""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
import unittest
from pathlib import Path
from typing import Any

import pyspiel
import pytest
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import get_all_states

import bowers.openspiel  # noqa: F401  (registers the games)
from bowers.encoding import Encoding

GAME = "bowers_two_hand(deck=4)"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cfr_tiny.py"
# (chance, a player acts, terminal) histories of one hand: 2 first dealers, then the 4 cards one at a time.
NODES = (83, 1344, 576)
INFORMATION_STATES = 888
# OpenSpiel's checks over the whole tree; its no-overlap check also compares tensors, which are relative to the
# player (two seats in the same position see the same tensor), so only its string half is run (below).
FULL_TREE_CHECKS = (
    "test_legal_actions_empty",
    "test_number_of_nodes",
    "test_current_player_returns_terminal_player_on_terminal_nodes",
    "test_information_state_no_argument_raises_on_terminal_nodes",
    "test_constant_sum",
    "test_information_state_functions_raises_on_chance_nodes",
)


def every_history(game: Any) -> dict[str, Any]:
    """Every state of the game, chance and terminal ones included, by history; keyed by a state's text (OpenSpiel's
    default) they are as many, since the text shows the deal and the kitty."""
    by_history = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=True, to_string=lambda state: state.history_str()
    )
    by_text = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True, include_chance_states=True)
    assert len(by_text) == len(by_history)
    return by_history


@pytest.mark.parametrize("options", ["", ",stick_the_dealer=true,discard_turn_up=false"])
def test_openspiel_checks_on_the_whole_tree(options: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game_string = GAME[:-1] + options + ")"
    game = pyspiel.load_game(game_string)
    states = every_history(game)
    counts = (
        sum(state.is_chance_node() for state in states.values()),
        sum(not state.is_chance_node() and not state.is_terminal() for state in states.values()),
        sum(state.is_terminal() for state in states.values()),
    )
    if not options:
        assert counts == NODES
    monkeypatch.setitem(api_test.TOTAL_NUM_STATES, game_string, counts)
    checks = type(
        "Checks",
        (api_test.EnforceAPIOnFullTreeBase,),
        {"game": game, "game_name": game_string, "setUpClass": classmethod(lambda cls: None)},
    )
    checks.all_states = set(states.values())
    suite = unittest.TestSuite(checks(name) for name in FULL_TREE_CHECKS)
    result = unittest.TextTestRunner(stream=io.StringIO()).run(suite)
    assert result.testsRun == len(FULL_TREE_CHECKS) and result.wasSuccessful(), [
        text for _, text in result.failures + result.errors
    ]
    recall = api_test._assert_is_perfect_recall(game)  # raises if a player forgets what it knew or did
    acting = [state for state in states.values() if not state.is_chance_node() and not state.is_terminal()]
    by_player = [{s.information_state_string() for s in acting if s.current_player() == p} for p in (0, 1)]
    assert not by_player[0] & by_player[1]
    if not options:
        assert len(recall) == len(by_player[0] | by_player[1]) == INFORMATION_STATES


def test_sizes_bound_the_tree() -> None:
    """Chance outcomes, game length and utilities: the game's declared sizes hold every history of the tree."""
    game = pyspiel.load_game(GAME)
    encoding = Encoding("two-hand", deck=4)
    assert game.num_distinct_actions() == encoding.num_actions == 15
    assert game.max_chance_outcomes() == encoding.deck_size == 4
    states = every_history(game).values()
    assert max(len(state.history()) for state in states) <= game.max_game_length()
    for state in states:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 <= outcome < game.max_chance_outcomes() for outcome, _ in outcomes)
    returns = {tuple(state.returns()) for state in states if state.is_terminal()}
    assert returns == {(2.0, -2.0), (0.0, 0.0), (-2.0, 2.0)}  # a march or a euchre is 2; a misdeal nothing
    assert game.min_utility() <= -2 and game.max_utility() >= 2


def test_example_nash_conv_falls() -> None:
    """``examples/cfr_tiny.py --short``: CFR+'s NashConv falls at every report."""
    done = subprocess.run([sys.executable, str(EXAMPLE), "--short"], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"{NODES[0] + NODES[1] + NODES[2]} histories" in done.stdout
    assert f"{INFORMATION_STATES} information states" in done.stdout
    values = [float(value) for value in re.findall(r"^iteration \d+: NashConv ([0-9.]+)", done.stdout, re.MULTILINE)]
    assert len(values) == 3, done.stdout
    assert all(later < earlier for earlier, later in itertools.pairwise(values)), values
    assert values[-1] < values[0] / 4, values
