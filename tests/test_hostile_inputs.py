"""Hostile input to the library: odd option values, seats and ids, live internals, huge messages, undo's cost."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import bowers
from bowers import Game, IllegalAction, OptionError, RecordError, replay
from bowers.errors import BowersError
from tests.random_play import played

# ---------------------------------------------------------------------- option values (items 2, 8, 9)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"target": float("inf")}, "target"),
        ({"target": float("nan")}, "target"),
        ({"target": 12.0}, "target"),
        ({"target": Fraction(7, 2)}, "target"),
        ({"target": True}, "target"),
        ({"target": "3.5"}, "target"),
        ({"target": "9" * 5000}, "target"),
        ({"initial_scores": [float("inf"), 0]}, "initial_scores"),
        ({"initial_scores": [1.5, 2.7]}, "initial_scores"),
        ({"initial_scores": {1: 2, 3: 4}}, "initial_scores"),
        ({"initial_scores": [True, False]}, "initial_scores"),
        ({"initial_scores": 0}, "initial_scores"),
        ({"initial_scores": [0, 0, 0]}, "initial_scores"),
        ({"deck": 24.0}, "deck"),
        ({"deck": True}, "deck"),
        ({"stick_the_dealer": 1}, "stick_the_dealer"),
    ],
)
def test_odd_option_values_are_refused_naming_what_is_allowed(options: dict[str, Any], name: str) -> None:
    with pytest.raises(OptionError) as error:
        Game("standard", **options)
    assert error.value.name == name
    assert "allowed" in str(error.value) or "needed" in str(error.value)


def test_text_values_typed_on_the_command_line_keep_working() -> None:
    game = Game("standard", seed=1, target="12", initial_scores="0,3", deck=" 32 ", stick_the_dealer="yes")
    assert (game.rules.target, game.scores, game.rules.options["deck"], game.rules.stick_the_dealer) == (12, [0, 3], 32, True)
    assert Game("railroad-6", initial_scores="[1, 2, 3]").scores == [1, 2, 3]
    assert Game("standard", initial_scores=(-2, 4)).scores == [-2, 4]


@pytest.mark.parametrize("initial", [[10, 0], [0, 12], [10, 9]])
def test_initial_scores_of_a_game_already_won_are_refused(initial: list[int]) -> None:
    with pytest.raises(OptionError, match=r"already won .* at or above the target 10") as error:
        Game("standard", initial_scores=initial)
    assert error.value.name == "initial_scores"
    assert "tied at the top" in str(error.value.allowed)
    assert Game("standard", initial_scores=[9, 9], target=10).scores == [9, 9]
    with pytest.raises(OptionError):
        Game("railroad-6", initial_scores=[0, 64, 0])


@pytest.mark.parametrize(("variant", "initial"), [("standard", [10, 10]), ("railroad-6", [70, 70, 3])])
def test_a_tie_at_the_top_past_the_target_is_a_score_a_game_plays_on_from(variant: str, initial: list[int]) -> None:
    # An exact tie at the top plays another hand, so a game can stand at such scores, and a position rebuilt
    # from them (by the bots, by bowers analyze) starts there.
    game = Game(variant, initial_scores=initial, seed=1)
    assert (game.is_over, game.scores) == (False, initial)


def test_seats_must_be_seat_numbers() -> None:
    game = Game("standard", seed=1)
    seat = game.to_act
    before = game.record()
    for bad in (float(seat or 0), True, "1", 7, -1):
        with pytest.raises(OptionError, match=r"seats are the whole numbers 0\.\.3"):
            game.apply("pass", seat=bad)  # type: ignore[arg-type]
    for bad_seat in (True, 1.0, 4, "0"):
        with pytest.raises(OptionError):
            game.observation(bad_seat)  # type: ignore[arg-type]
        with pytest.raises(OptionError):
            game.hand_cards(bad_seat)  # type: ignore[arg-type]
    assert game.record() == before


@pytest.mark.parametrize("seed", [10**5000, 2**4096, 1.0, True, "7"], ids=["5001-digits", "4097-bits", "float", "bool", "text"])
def test_seeds_must_be_whole_numbers_that_can_be_written_out(seed: Any) -> None:
    with pytest.raises(OptionError, match="seed must be"):
        Game("standard", seed=seed)
    with pytest.raises(RecordError, match="seed must be"):
        replay({**Game("standard", seed=1).record(), "seed": seed})
    assert Game("standard", seed=-(2**4000)).seed == -(2**4000)


def test_non_text_option_names_in_a_record_are_refused() -> None:
    record = Game("standard", seed=1).record()
    with pytest.raises(RecordError, match="option names"):
        replay({**record, "options": {1: 2}})


# ---------------------------------------------------------------------- checked apply_id (item 11)


def test_apply_id_refuses_every_id_that_is_not_legal_now_and_changes_nothing() -> None:
    for variant in bowers.variants():
        game = played(variant, seed=3, actions=40)
        space = len(game.space)
        for _ in range(12):
            if game.is_over:
                break
            legal = set(game.legal_action_ids())
            before = game.record()
            illegal = [i for i in range(space) if i not in legal]
            for bad in [-1, space, 999, *random.Random(len(legal)).sample(illegal, min(12, len(illegal)))]:
                with pytest.raises(IllegalAction):
                    game.apply_id(bad)
                assert game.record() == before, (variant, bad)
            game.apply_id(min(legal))


def test_apply_id_accepts_exactly_the_legal_ids_at_every_decision() -> None:
    # Every id at every decision of random games (reneges and Jokers included): apply_id checks and moves in
    # one step for plain plays, so it must agree with legal_action_ids everywhere, and a refusal changes nothing.
    for variant, options in [(name, {}) for name in bowers.variants()] + [("standard", {"reneges": True})]:
        game = Game(variant, seed=11, **options)
        rng = random.Random(variant)
        for _ in range(70):
            if game.is_over:
                break
            legal = set(game.legal_action_ids())
            for action in range(len(game.space)):
                trial = game.copy()
                before = trial.record()
                if action in legal:
                    trial.apply_id(action)
                else:
                    with pytest.raises(IllegalAction):
                        trial.apply_id(action)
                    assert trial.record() == before, (variant, action)
            game.apply_id(rng.choice(sorted(legal)))


def test_apply_id_refuses_a_card_of_another_seat_and_after_the_game_is_over() -> None:
    game = played("standard", seed=5, actions=12)
    while game.phase != "play":
        game.apply_id(game.legal_action_ids()[0])
    turn = game.hand.turn
    other = (turn + 1) % 4
    card = game.hand_cards(other)[0]
    before = game.record()
    with pytest.raises(IllegalAction, match="not in"):
        game.apply_id(game.space.index[f"play:{card}"])
    assert game.record() == before
    finished = played("standard", seed=6)
    final = finished.record()
    for action in (0, 1, finished.space.index["play:AS"]):
        with pytest.raises(IllegalAction, match="the game is over"):
            finished.apply_id(action)
    assert finished.record() == final
    assert finished.legal_action_ids() == []


def test_apply_id_takes_integer_like_ids_and_refuses_the_rest() -> None:
    game = Game("standard", seed=1)
    for bad in (True, 0.0, "0", None):
        with pytest.raises(IllegalAction):
            game.apply_id(bad)  # type: ignore[arg-type]

    class Index:
        def __index__(self) -> int:
            return game.legal_action_ids()[0]

    game.apply_id(Index())  # type: ignore[arg-type]
    assert len(game.record()["deals"][0]["actions"]) == 1


def test_the_unchecked_hand_door_is_for_copies_of_hands() -> None:
    """``Hand.apply_id`` checks nothing (search uses it on copies); ``is_legal`` is the check the game makes."""
    game = Game("standard", seed=2)
    hand = game.hand.copy()
    legal = hand.legal_ids()
    assert all(hand.is_legal(action) == (action in legal) for action in range(len(game.space)))
    hand.apply_id(legal[0])
    assert game.hand.actions == []


# ---------------------------------------------------------------------- live internals (item 7)


def test_objects_handed_out_are_copies() -> None:
    game = played("standard", seed=8, actions=60)
    record = game.record()
    expected = replay(record).record()
    record["deals"][0]["result"]["points"][0] = 99
    record["deals"][0]["actions"].clear()
    record["scores"].append(5)
    assert game.record() == expected
    game.scores.append(3)
    game.scores[0] = 50
    game.results[0]["points"][0] = 77
    game.results[0]["tricks"].clear()
    assert game.record() == expected
    assert replay(game.record()).record() == expected
    assert game.results == expected_results(expected)
    assert len(game.results) == len(expected_results(expected))
    assert game.results[-1:] == expected_results(expected)[-1:]


def expected_results(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [deal["result"] for deal in record["deals"] if deal["result"] is not None]


def test_copy_does_not_share_metadata_and_rules_options_are_read_only() -> None:
    game = Game("standard", seed=1)
    game.metadata["players"] = ["a", "b"]
    other = game.copy()
    other.metadata["players"].append("c")
    other.metadata["title"] = "x"
    assert game.metadata == {"players": ["a", "b"]}
    with pytest.raises(TypeError):
        game.rules.options["target"] = 3  # type: ignore[index]
    assert Game("standard").rules.target == 10
    replayed = replay(game.record())
    record = game.record()
    record["metadata"]["players"].append("z")
    assert replayed.metadata == {"players": ["a", "b"]}


# ---------------------------------------------------------------------- short messages (item 10)


@pytest.mark.parametrize(
    "call",
    [
        lambda game: game.apply("x" * 10_000_000),
        lambda game: game.apply("play:" + "x" * 10_000_000),
        lambda game: game.apply("discard:" + "9C," * 1_000_000),
        lambda game: game.apply(["pass"] * 1_000_000),
        lambda game: Game("standard", alone_lead="y" * 10_000_000),
        lambda game: Game("y" * 10_000_000),
        lambda game: Game("standard", target=10**5000),  # accepted: a very long game
        lambda game: Game("standard", seed=1.5 * 10**300),
        lambda game: replay({**game.record(), "seed": "s" * 10_000_000}),
        lambda game: replay({**game.record(), "scores": [10**5000, 0]}),
    ],
)
def test_error_messages_quote_at_most_a_short_prefix(call: Any) -> None:
    game = Game("standard", seed=1)
    try:
        call(game)
    except BowersError as error:
        assert len(str(error)) < 600
        assert "\n" not in str(error)


# ---------------------------------------------------------------------- undo (item 12)


@pytest.mark.parametrize("variant", bowers.variants())
def test_undo_restores_exactly_the_state_before_the_last_action(variant: str) -> None:
    game = played(variant, seed=11)
    records = []
    probe = Game(variant, seed=11)
    rng = random.Random(11)
    while not probe.is_over:
        records.append(probe.record())
        probe.apply_id(rng.choice(probe.legal_action_ids()))
    for expected in reversed(records[-80:]):
        game.undo()
        assert game.record() == expected
        assert game.scores == expected["scores"]
        assert not game.is_over
    assert game.legal_action_ids() == replay(records[-80]).legal_action_ids()


def test_undo_costs_one_hand_not_the_whole_game() -> None:
    """After many hands undo replays only the hand concerned: it never deals or replays the earlier hands again."""
    game = played("standard", seed=4, actions=3000, target=10**6)
    finished = list(game._finished)
    game.undo()
    assert game._finished == finished or game._finished == finished[:-1]
    assert all(a is b for a, b in zip(game._finished, finished, strict=False))


def test_copies_share_finished_hands_until_one_of_them_changes_them() -> None:
    # A copy shares the lists of finished hands and results with its original; ending a hand or undoing into
    # the previous one makes them its own first, so neither game ever sees the other's change.
    game = played("standard", seed=8, actions=120)
    assert game.hand_number >= 2 and not game.is_over
    rng = random.Random(8)
    for change in ("end the hand", "undo into the previous hand"):
        twin = game.copy()
        before, results = game.record(), list(game.results)
        number = twin.hand_number
        if change == "end the hand":
            while twin.hand_number == number and not twin.is_over:
                twin.apply_id(rng.choice(twin.legal_action_ids()))
            assert len(twin.results) == len(results) + 1
        else:
            while twin.hand_number == number:
                twin.undo()
            assert len(twin.results) == len(results) - 1
        assert game.record() == before and list(game.results) == results
        twin_record = twin.record()
        while game.hand_number == number and not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        assert twin.record() == twin_record
        game = played("standard", seed=8, actions=120)


def test_hand_copies_share_trick_counts_until_a_trick_ends_in_either() -> None:
    # tricks_won and trick_leaders change only when a trick ends, so a copy shares them until then: ending a
    # trick in the copy, or in the original, must leave the other's counts and leaders as they were.
    for variant in bowers.variants():
        game = Game(variant, seed=5)
        rng = random.Random(variant)
        while game.phase != "play" and not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        hand = game.hand
        for _ in range(3):  # the last card of a trick, three tricks running
            while len(hand.trick_cards) < hand.active_count - 1:
                hand.apply_id(hand.legal_ids()[0])
            for changed in ("copy", "original"):
                twin = hand.copy()
                mover, keeper = (twin, hand) if changed == "copy" else (hand, twin)
                won, leaders = list(keeper.tricks_won), list(keeper.trick_leaders)
                mover.apply_id([a for a in mover.legal_ids() if mover.space.names[a].startswith("play:")][-1])
                assert sum(mover.tricks_won) == sum(won) + 1, variant
                assert (keeper.tricks_won, keeper.trick_leaders) == (won, leaders), (variant, changed)
                if changed == "original":
                    hand = twin  # the original moved on: go on from the copy that did not
            hand.apply_id(next(a for a in hand.legal_ids() if hand.space.names[a].startswith("play:")))  # end the trick
            if hand.result is not None or hand.phase_name != "play":
                break


def test_undo_with_no_action_raises() -> None:
    with pytest.raises(IllegalAction, match="no action to take back"):
        Game("standard", seed=1).undo()


def test_a_refused_score_shows_an_example_with_one_number_per_team() -> None:
    with pytest.raises(OptionError, match=r"such as \[0, 0, 0\]"):
        Game("railroad-6", initial_scores=[1.5, 0, 0])
    with pytest.raises(OptionError, match=r"such as \[0, 0\]$"):
        Game("standard", initial_scores=[1.5, 0])
