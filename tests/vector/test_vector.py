"""VectorGame against the scalar engine: masks, seats, observations, rewards and episode ends, lane by lane."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bowers import Game, IllegalAction, OptionError, variants
from bowers.encoding import Encoding
from bowers.vector import SUPPORTED, VectorGame, episode_seed, random_actions
from tests.vector.differential import compare

# Ten thousand one-hand games per variant, tensors compared on an eighth of the lanes (masks, seats, rewards and
# ends on every lane).
TEN_THOUSAND = [
    ("standard", {}),
    ("british", {}),
    ("two-hand", {}),
    ("bid", {}),
    ("railroad", {}),
    ("railroad-6", {}),
    ("ultimate", {}),
    ("bid-railroad", {}),
]


@pytest.mark.parametrize(("variant", "options"), TEN_THOUSAND)
def test_ten_thousand_games_agree_with_the_engine(variant: str, options: dict[str, Any]) -> None:
    assert compare(variant, 10_000, 512, seed=11, observe_lanes=64, **options) > 100_000


OPTIONS = [
    ("standard", {"stick_the_dealer": True}),
    ("standard", {"defend_alone": True}),
    ("standard", {"defend_alone": True, "alone_lead": "maker-left", "stick_the_dealer": True}),
    ("standard", {"discard_turn_up": False, "deck": 32}),
    ("standard", {"deck": 25, "defend_alone": True, "target": 5}),
    ("standard", {"reward": "points", "initial_scores": [3, 7]}),
    ("british", {"stick_the_dealer": True, "discard_turn_up": False}),
    ("two-hand", {"stick_the_dealer": True, "discard_turn_up": False, "deck": 25}),
    ("bid", {"reward": "points", "target": 7, "initial_scores": [2, 4]}),
    ("railroad", {"deck": 24, "stick_the_dealer": True}),
    ("railroad", {"defend_alone": False, "alone_lead": "maker-left", "discard_turn_up": False}),
    ("railroad-6", {"stick_the_dealer": True, "initial_scores": [10, 20, 30]}),
    ("bid-railroad", {"defend_alone": False, "reward": "points", "draw": True}),
    ("railroad", {"draw": True, "deck": 24}),
    ("ultimate", {"going_alone": True, "target": 20}),
    ("standard", {"reneges": True, "defend_alone": True}),
    ("two-hand", {"reneges": True}),
    ("railroad", {"reneges": True}),
    ("railroad-6", {"reneges": True}),
    ("ultimate", {"reneges": True, "going_alone": True}),
    ("bid", {"reneges": True}),
    ("bid-railroad", {"reneges": True}),
]


@pytest.mark.parametrize(("variant", "options"), OPTIONS)
def test_options_agree_with_the_engine(variant: str, options: dict[str, Any]) -> None:
    compare(variant, 1_000, 128, seed=5, **options)


@pytest.mark.parametrize("reward", ["net", "points", "win"])
@pytest.mark.parametrize("variant", ["standard", "two-hand", "bid", "railroad-6"])
def test_whole_games_agree_with_the_engine(variant: str, reward: str) -> None:
    teams = 3 if variant == "railroad-6" else 2
    compare(variant, 60, 32, seed=8, whole_game=True, reward=reward, target=6, initial_scores=[1] + [0] * (teams - 1))


def test_a_lane_is_the_scalar_game_of_its_seed() -> None:
    vector = VectorGame("standard", 16, seed=3, defend_alone=True)
    encoding = Encoding("standard", defend_alone=True)
    step = vector.reset()
    rng = np.random.default_rng(0)
    for _ in range(40):
        step = vector.step(random_actions(step.mask, rng))
    assert step.observation is not None
    for lane in range(16):
        game = vector.game(lane)
        assert game.seed == episode_seed(3, lane, int(vector.episode[lane]))
        assert game.legal_action_ids() == np.flatnonzero(step.mask[lane]).tolist()
        assert np.array_equal(encoding.encode(game.observation(game.to_act)), step.observation[lane])
        finished = vector.finished_game(lane)
        assert finished is not None
        assert finished.scores == vector.final_scores[lane].tolist()
        assert finished.results[-1]["tricks"] == vector.final_tricks[lane].tolist()


def test_the_first_deal_is_the_scalar_deal() -> None:
    vector = VectorGame("british", 50, seed=2**70 + 9)
    vector.reset()
    for lane in range(50):
        hand = Game("british", seed=episode_seed(2**70 + 9, lane, 0)).hand
        deck = vector.rules.deck
        assert [sum(1 << deck.index(c) for c in range(55) if held >> c & 1) for held in hand.dealt_hands] == vector.hands[
            lane
        ].tolist()
        assert [deck[d] for d in vector.kitty[lane]] == hand.kitty_as_dealt
        assert vector.dealer[lane] == hand.dealer


def test_without_observations_and_reset_repeat() -> None:
    vector = VectorGame("standard", 64, seed=4, observations=False)
    first = vector.reset()
    assert first.observation is None
    rng = np.random.default_rng(1)
    actions = [random_actions(first.mask, rng)]
    rewards = [vector.step(actions[0]).reward]
    again = vector.reset(observe=True)
    assert again.observation is not None and np.array_equal(again.mask, first.mask)
    assert np.array_equal(vector.step(actions[0]).reward, rewards[0])


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    vector = VectorGame("standard", 4, seed=6)
    step = vector.reset()
    actions = random_actions(step.mask, np.random.default_rng(2))
    actions[2] = np.flatnonzero(~step.mask[2])[0]
    with pytest.raises(IllegalAction, match="lane 2"):
        vector.step(actions)
    assert np.array_equal(vector.mask, step.mask)
    assert not vector.history_length.any()
    with pytest.raises(IllegalAction):
        vector.step(np.zeros(3, dtype=np.int64))


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(OptionError, match="variants"):
        VectorGame("pinochle", 4)
    with pytest.raises(OptionError):
        VectorGame("standard", 0)
    with pytest.raises(OptionError):
        VectorGame("standard", 4, seed=-1)
    with pytest.raises(OptionError):
        VectorGame("standard", 4, reward="win")


def test_whole_game_lanes_replay_their_finished_games() -> None:
    vector = VectorGame("standard", 8, seed=12, whole_game=True, reward="win", target=3)
    step = vector.reset()
    rng = np.random.default_rng(3)
    finished: set[int] = set()
    while len(finished) < 8:
        step = vector.step(random_actions(step.mask, rng))
        for lane in np.flatnonzero(step.done).tolist():
            finished.add(lane)
            game = vector.finished_game(lane)
            assert game is not None and game.is_over
            assert game.scores == vector.final_scores[lane].tolist()
            assert step.reward[lane].tolist() == [1.0 if seat % 2 == game.winner else -1.0 for seat in range(4)]


def test_a_jamboree_is_shown_and_scored_as_the_engine_does() -> None:
    vector = VectorGame("railroad", 2048, seed=1, observations=False)
    step = vector.reset()
    rng = np.random.default_rng(0)
    lane = -1
    while lane < 0:
        step = vector.step(random_actions(step.mask, rng))
        starting = (vector.jamboree != 0) & (np.array(vector.phase_names()) == "play") & (vector.tricks_played == 0)
        if starting.any():
            lane = int(np.flatnonzero(starting)[0])
    game = vector.game(lane)
    assert [seat for seat in range(4) if vector.jamboree[lane] >> seat & 1] == list(game.hand.jamboree)
    while not step.done[lane]:
        step = vector.step(random_actions(step.mask, rng))
    finished = vector.finished_game(lane)
    assert finished is not None and finished.results[-1]["jamboree_scored"]
    assert finished.results[-1]["points"] == vector.final_points[lane].tolist()


def test_every_variant_is_played() -> None:
    assert sorted(SUPPORTED) == sorted(variants())


def test_the_reference_shuffle_deals_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = VectorGame("railroad", 20, seed=5)
    monkeypatch.setattr("bowers.vector.deal.compiled_shuffle", None)
    reference = VectorGame("railroad", 20, seed=5)
    assert np.array_equal(fast.hands, reference.hands) and np.array_equal(fast.kitty, reference.kitty)
    assert np.array_equal(fast.dealer, reference.dealer)


def test_observations_written_into_a_buffer() -> None:
    fresh = VectorGame("railroad", 32, seed=9)
    buffered = VectorGame("railroad", 32, seed=9, observations=False)
    rollout = np.full((3, 32, fresh.encoding.size), 7.0, dtype=np.float32)
    step = fresh.reset()
    into = buffered.reset(out=rollout[0])
    assert into.observation is not None and np.shares_memory(into.observation, rollout)
    assert step.observation is not None and np.array_equal(rollout[0], step.observation)
    actions = random_actions(step.mask, np.random.default_rng(4))
    with pytest.raises(OptionError):
        buffered.step(actions, out=rollout[1].astype(np.float64))
    assert not buffered.history_length.any()
    step = fresh.step(actions)
    buffered.step(actions, out=rollout[1])
    assert step.observation is not None and np.array_equal(rollout[1], step.observation)


def test_every_state_array_is_declared_once_with_its_start_value() -> None:
    """The lanes' state arrays are exactly the declared fields, and a new hand starts each hand field afresh."""
    from bowers.vector.game import _GAME_FIELDS, _HAND_FIELDS

    names = [field.name for field in _GAME_FIELDS + _HAND_FIELDS]
    assert len(names) == len(set(names))
    vector = VectorGame("railroad", n=3, seed=5)
    arrays = {name for name, value in vars(vector).items() if isinstance(value, np.ndarray) and not name.startswith("_")}
    assert arrays == set(names)
    assert {name for name, kind in VectorGame.__annotations__.items() if kind in ("np.ndarray", np.ndarray)} == set(names)
    vector.reset()
    generator = np.random.default_rng(0)
    while not vector.tricks_played.all():
        vector.step(random_actions(vector.mask, generator))
    lanes = np.arange(3)
    vector._deal(lanes)
    fresh = VectorGame("railroad", n=3, seed=5)
    for field in _HAND_FIELDS:
        assert np.array_equal(getattr(vector, field.name), getattr(fresh, field.name)), field.name
