"""Every exception bowers raises survives pickling: a match's worker process sends it back whole."""

from __future__ import annotations

import pickle

import pytest

from bowers.errors import BowersError, IllegalAction, MatchFailure, NotationError, OptionError, RecordError, Refusal
from bowers.solver.limit import NodeLimitReached

EXAMPLES = [
    NotationError("XX", "no such card", seat=2),
    IllegalAction(1, "play:7S", "must follow D (the suit led) while holding it"),
    IllegalAction(1, "play:7S", "must follow D (the suit led)", Refusal.MUST_FOLLOW, {"suit": "D", "card": "AD", "trump": False}),
    IllegalAction(None, "pass", "the game is over"),
    OptionError("target must be at least 1", "target", [1, 64]),
    RecordError("the deal has 23 cards", deal=3, action_index=12),
    MatchFailure("bid-railroad", 24, 29, "side A (pimc) at seat 1", "IllegalAction: illegal action"),
    MatchFailure("railroad", 3, None, "side B (heuristic) at seat 2", "KeyError: 'JK'", game=4, hand=11),
    BowersError("a plain message"),
    NodeLimitReached(5000),
]


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
def test_an_error_survives_pickling_with_its_message_and_details(error: Exception) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert vars(copy) == vars(error)


def test_every_error_class_is_covered() -> None:
    classes = {BowersError, *BowersError.__subclasses__()}
    assert classes <= {type(error) for error in EXAMPLES}
