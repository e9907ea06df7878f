"""The engine says why it refuses an action as a kind and details (``IllegalAction.kind``/``details``); the
terminal's words translate them.  The messages are those bowers has always shown: ``refusals.json`` holds
refusals of every kind in every variant, with the library's reason and the terminal's words for each."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

import bowers
from bowers.errors import IllegalAction, Refusal
from bowers.play.reasons import error_words, refusal

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "refusals.json").read_text(encoding="utf-8"))


def _refused(game: bowers.Game, action: str, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.action_id(action, seat)
    return caught.value


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case['variant']}-{case['kind']}-{case['action']}")
def test_each_refusal_keeps_its_reason_and_words(case: dict[str, Any]) -> None:
    game = bowers.Game(case["variant"], seed=case["seed"])
    for action in case["actions"]:
        game.apply(action)
    seat = game.to_act
    error = _refused(game, case["action"], seat)
    assert str(error) == case["message"] and error.kind is Refusal(case["kind"])
    observation = game.observation(seat)
    assert error_words(error, observation) == case["words"] == refusal(error.action, observation, game.rules)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.kind, copy.details, str(copy)) == (error.kind, error.details, str(error))


def test_the_cases_cover_every_kind_of_refusal_by_the_rules() -> None:
    covered = {Refusal(case["kind"]) for case in CASES}
    by_hand = {Refusal.MUST_NAME_TRUMP, Refusal.KEEP_TURN_UP}  # tested below
    outside = {Refusal.NOT_AN_ID, Refusal.NO_SUCH_ID, Refusal.GAME_OVER, Refusal.NOT_YOUR_TURN, Refusal.NOTHING_TO_UNDO}
    assert covered | by_hand | outside | {Refusal.OTHER} == set(Refusal)


def test_a_dealer_who_must_name_trump() -> None:
    game = bowers.Game("standard", seed=1, stick_the_dealer=True)
    for _ in range(7):
        game.apply("pass")
    error = _refused(game, "pass")
    assert error.kind is Refusal.MUST_NAME_TRUMP
    assert error.reason == "the dealer is stuck and must name a suit (call:<suit>)"
    words = "The dealer is stuck and must name trump: call ♦, call ♥ or call ♠."
    assert error_words(error, game.observation(game.to_act)) == words
    game = bowers.Game("british", seed=10)
    assert game.phase == "joker-call"
    error = _refused(game, "pass")
    assert error.kind is Refusal.MUST_NAME_TRUMP and error.reason == "the hand is in the joker-call step, where seat 2 may: call"
    words = "The dealer is stuck and must name trump: call ♣, call ♦, call ♥ or call ♠."
    assert error_words(error, game.observation(game.to_act)) == words


def test_a_dealer_who_must_keep_the_turn_up() -> None:
    game = bowers.Game("standard", seed=1, discard_turn_up=False)
    game.apply("order")
    game.apply("partner")
    error = _refused(game, "discard:KC")
    assert (error.kind, error.details) == (Refusal.KEEP_TURN_UP, {"card": "KC"})
    assert error.reason == "the dealer keeps the card just taken up (KC): discard_turn_up is off"
    words = "You must keep the card you took up (K♣): discard 9♣, Q♣, K♦, Q♥ or A♥."
    assert error_words(error, game.observation(game.to_act)) == words


def test_refusals_outside_the_hand_carry_their_kind() -> None:
    game = bowers.Game("standard", seed=1)
    assert _refused(game, 999).kind is Refusal.NO_SUCH_ID and _refused(game, 999).details == {"id": 999, "count": 56}
    assert _refused(game, "pass", (game.to_act + 1) % 4).kind is Refusal.NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as caught:
        game.apply_id(1.5)
    assert caught.value.kind is Refusal.NOT_AN_ID
    with pytest.raises(IllegalAction) as caught:
        game.undo()
    assert caught.value.kind is Refusal.NOTHING_TO_UNDO
    assert error_words(_refused(game, "pass", (game.to_act + 1) % 4), game.observation((game.to_act + 1) % 4)) == (
        "It is not your turn."
    )


def test_a_bid_the_game_does_not_have_is_named_as_such_not_as_too_low() -> None:
    game = bowers.Game("bid", seed=1)  # the first bidder: there is no high bid to beat
    observation = game.observation(game.to_act)
    for action, shown in (("bid:3NT", "3 NT"), ("bid:6H", "6 ♥")):
        words = refusal(action, observation, game.rules)
        assert words.startswith(f"There is no bid of {shown} in this game: pass, bid 3 ♠")
        assert "high bid" not in words
