"""The information-state tensor is perfect recall: two views a seat can tell apart never share a tensor.

Each case replays a few deals many times with random legal actions (one hand a game), so that different
histories of the same cards meet often, and compares, at every step and for every seat, the tensor with
``information_state_key`` (everything the seat has seen of the hand, as one string).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import bowers
from bowers.cards import CARD_NAMES
from bowers.encoding import Encoding, InformationStateEncoding, information_state_key

# Every variant with its defaults, and the options that add actions or information.
CASES: list[tuple[str, dict[str, Any]]] = [
    *((variant, {}) for variant in bowers.variants()),
    ("standard", {"stick_the_dealer": True, "defend_alone": True, "reneges": True}),
    ("two-hand", {"stick_the_dealer": True, "discard_turn_up": False}),
    ("british", {"defend_alone": True, "alone_lead": "maker-left"}),
    ("railroad", {"stick_the_dealer": True, "defend_alone": False, "reneges": True}),
    ("railroad", {"deck": 24}),
    ("railroad", {"joker": False, "defend_alone": False}),
    ("railroad-6", {"stick_the_dealer": True, "reneges": True}),
    ("ultimate", {"going_alone": True, "reneges": True}),
    ("bid", {"reneges": True}),
    ("bid-railroad", {"defend_alone": False, "reneges": True}),
]


def views(variant: str, options: dict[str, Any], deals: int, playouts: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every seat's observation at every step of ``playouts`` random one-hand games of each of ``deals`` deals."""
    rng = random.Random(seed)
    for deal in range(deals):
        for _ in range(playouts):
            game = bowers.Game(variant, seed=seed + deal, **options)
            while True:
                for seat in range(game.rules.players):
                    yield game.observation(seat)
                if game.is_over or game.hand_number > 0:
                    break
                game.apply_id(rng.choice(game.legal_action_ids()))
                if game.hand_number > 0:  # the hand is over: its finished view stands for the last step
                    for seat in range(game.rules.players):
                        yield game.hand_over_view(seat)
                    break


def collisions(encoding: Encoding | InformationStateEncoding, observations: list[dict[str, Any]]) -> tuple[int, int]:
    """(keys that share a tensor with another key, keys whose tensor differs between two observations)."""
    key_of: dict[tuple[int, bytes], str] = {}
    tensor_of: dict[str, bytes] = {}
    merged = split = 0
    for observation in observations:
        key = information_state_key(observation)
        tensor = encoding.encode(observation).tobytes()
        seen = key_of.setdefault((observation["seat"], tensor), key)
        merged += seen != key
        split += tensor_of.setdefault(key, tensor) != tensor
    return merged, split


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{'-'.join(o) or 'defaults'}" for v, o in CASES])
def test_different_views_never_share_a_tensor(variant: str, options: dict[str, Any]) -> None:
    encoding = InformationStateEncoding(variant, **options)
    observations = list(views(variant, options, deals=2, playouts=12, seed=40))
    assert len({information_state_key(o) for o in observations}) > 300
    for observation in observations:
        tensor = encoding.encode(observation)
        assert tensor.shape == (encoding.size,) and tensor.dtype == np.float32
        assert tensor.min() >= 0.0 and tensor.max() <= 1.0
    assert collisions(encoding, observations) == (0, 0)


def test_the_compact_encoding_merges_views_that_the_information_state_tells_apart() -> None:
    """The summary tensor does merge histories (so the test above can fail); the information state does not."""
    observations = list(views("standard", {}, deals=2, playouts=40, seed=40))
    merged, _ = collisions(Encoding("standard"), observations)
    assert merged > 0
    assert collisions(InformationStateEncoding("standard"), observations) == (0, 0)


def test_rules_or_a_name_give_the_same_layout() -> None:
    rules = bowers.make_rules("railroad", deck=24, reneges=True)
    by_rules, by_name = InformationStateEncoding(rules), InformationStateEncoding("railroad", deck=24, reneges=True)
    assert by_rules.describe() == by_name.describe() and by_rules.num_actions == by_name.num_actions


@pytest.mark.parametrize("variant", ["standard", "two-hand", "railroad"])
def test_held_is_the_dealt_hand_with_the_cards_taken_up_or_received(variant: str) -> None:
    """Checked against the engine's deal: the dealt cards, the turn-up if this seat took it, and cards passed to it."""
    encoding = InformationStateEncoding(variant)
    rng = random.Random(9)
    for number in range(10):
        game = bowers.Game(variant, seed=number)
        while not game.is_over and game.hand_number == 0:
            hand = game.hand
            for seat in range(encoding.players):
                truth = hand.dealt_hands[seat]
                if seat == hand.dealer and hand.turn_up_state == "taken":
                    truth |= 1 << hand.turn_up
                for _, receiver, card in hand.exchanges:
                    truth |= (1 << card) if receiver == seat else 0
                expected = np.zeros(encoding.deck_size, dtype=np.float32)
                expected[[encoding.card_index[CARD_NAMES[c]] for c in encoding.deck if (truth >> c) & 1]] = 1.0
                assert (encoding.view(encoding.encode(game.observation(seat)), "held") == expected).all()
            game.apply_id(rng.choice(game.legal_action_ids()))


def perturbed(history: list[list[Any]]) -> Iterator[list[list[Any]]]:
    """Histories one change away that a seat would tell apart: two neighbouring actions swapped (besides two
    plays, whose order the tricks keep), a renege claim moved past a play, a Joker lead naming another suit."""
    for i in range(len(history) - 1):
        first, second = history[i], history[i + 1]
        plays = [entry[1].startswith("play:") for entry in (first, second)]
        if first != second and not all(plays) and (not any(plays) or "claim-renege" in (first[1], second[1])):
            yield [*history[:i], second, first, *history[i + 2 :]]
    for i, (actor, text) in enumerate(history):
        if text.startswith("play:JK:"):
            other = "play:JK:" + ("H" if text.endswith("S") else "S")
            yield [*history[:i], [actor, other], *history[i + 1 :]]


@pytest.mark.parametrize(("variant", "options"), [*CASES[:8], ("standard", {"reneges": True}), ("bid", {"reneges": True})])
def test_a_changed_order_of_actions_changes_the_tensor(variant: str, options: dict[str, Any]) -> None:
    """Orders the random histories above rarely meet: discards one by one, claims between plays, Joker leads."""
    encoding = InformationStateEncoding(variant, **options)
    changed = 0
    for observation in views(variant, options, deals=2, playouts=3, seed=8):
        tensor = encoding.encode(observation)
        for history in perturbed(observation["history"]):
            assert (encoding.encode({**observation, "history": history}) != tensor).any(), history
            changed += 1
    assert changed > 100


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{'-'.join(o) or 'defaults'}" for v, o in CASES])
def test_the_writer_keeps_every_tensor_and_the_mask_equal_to_encode(variant: str, options: dict[str, Any]) -> None:
    """The fast path against the reference, through whole short games, updated after some actions and not others."""
    options = {**options, "target": 3}
    encoding = InformationStateEncoding(variant, **options)
    writer = encoding.writer()
    rng = random.Random(5)
    compared = 0
    for number in range(4):
        game = bowers.Game(variant, seed=number, **options)
        while True:
            if game.is_over or rng.random() < 0.5:
                writer.update(game)
                for seat in range(encoding.players):
                    assert (writer.tensors[seat] == encoding.encode(game.observation(seat))).all()
                    compared += 1
                expected = [] if game.is_over else game.legal_action_ids()
                assert writer.mask.nonzero()[0].tolist() == expected
            if game.is_over or compared > 600:
                break
            game.apply_id(rng.choice(game.legal_action_ids()))
    assert compared > 60


def test_a_writer_follows_games_of_its_own_rules_only() -> None:
    writer = InformationStateEncoding("standard").writer()
    writer.update(bowers.Game("standard", seed=1))
    with pytest.raises(ValueError, match="standard"):
        writer.update(bowers.Game("standard", seed=1, stick_the_dealer=True))


def test_a_view_before_the_first_dealer_is_drawn_has_no_dealer() -> None:
    """OpenSpiel's views before its chance move draws the first dealer give none."""
    encoding = InformationStateEncoding("standard")
    view = {**bowers.Game("standard", seed=1).observation(0), "dealer": None}
    assert not encoding.view(encoding.encode(view), "dealer").any()


@pytest.mark.parametrize("variant", ["railroad", "bid-railroad", "ultimate", "two-hand"])
def test_the_private_blocks_are_all_that_differ_from_anyone_watchings_view(variant: str) -> None:
    """Every block but those and ``actions`` (whose ``hidden`` column tells which discarded or passed cards this
    seat saw, never the card) is the same for the seat as for anyone watching, seen from the seat's place."""
    encoding = InformationStateEncoding(variant)
    public = [block for block in encoding.blocks if block not in encoding.private_blocks and block != "actions"]
    rng = random.Random(2)
    game = bowers.Game(variant, seed=4)
    while not game.is_over and game.hand_number == 0:
        for seat in range(encoding.players):
            own = encoding.encode(game.observation(seat))
            shown = encoding.encode({**game.public_observation(), "seat": seat})
            for block in public:
                assert (encoding.view(own, block) == encoding.view(shown, block)).all(), block
        game.apply_id(rng.choice(game.legal_action_ids()))


def kitty_swapped(variant: str, seat_hand: int, seed: int) -> tuple[bowers.Game, bowers.Game]:
    """Two deals of ``variant`` that differ only in one card of seat ``seat_hand``'s hand swapped with a kitty card."""
    deal = bowers.Game(variant, seed=seed).record()["deals"][0]
    hands, kitty = [list(hand) for hand in deal["hands"]], list(deal["kitty"])
    other_hands = [list(hand) for hand in hands]
    other_kitty = kitty[:]
    other_hands[seat_hand][0], other_kitty[-1] = kitty[-1], hands[seat_hand][0]
    return (
        bowers.Game.from_deal(variant, dealer=deal["dealer"], hands=hands, kitty=kitty, seed=seed),
        bowers.Game.from_deal(variant, dealer=deal["dealer"], hands=other_hands, kitty=other_kitty, seed=seed),
    )


@pytest.mark.parametrize("variant", ["bid", "bid-railroad"])
def test_a_declarer_remembers_which_cards_came_from_the_kitty(variant: str) -> None:
    first, second = kitty_swapped(variant, 0, seed=3)
    encoding = InformationStateEncoding(variant)
    writers = [encoding.writer(), encoding.writer()]
    while first.hand.phase < 9:  # up to the declarer's discard: seat 0 bids, the others pass
        for game in (first, second):
            seat = game.to_act
            legal = game.legal_actions()
            bids = [action for action in legal if action.startswith("bid:")]
            choice = bids[-1] if seat == 0 and bids else ("pass" if "pass" in legal else legal[0])
            game.apply(choice, seat=seat)
    views = [game.observation(0) for game in (first, second)]
    # The same hand now, and the same history: only what came from the kitty tells the deals apart.
    assert sorted(views[0]["hand"]) == sorted(views[1]["hand"]) and views[0]["history"] == views[1]["history"]
    assert views[0]["from_kitty"] != views[1]["from_kitty"]
    assert information_state_key(views[0]) != information_state_key(views[1])
    tensors = [encoding.encode(view) for view in views]
    assert not np.array_equal(*tensors)
    for writer, game, tensor in zip(writers, (first, second), tensors, strict=True):
        writer.update(game)
        assert np.array_equal(writer.tensors[0], tensor)
    for seat in (1, 2, 3):  # the others saw nothing of the kitty
        assert first.observation(seat)["from_kitty"] == []
        assert np.array_equal(encoding.encode(first.observation(seat)), encoding.encode(second.observation(seat)))


def test_ultimate_remembers_which_cards_replaced_the_twos_and_threes() -> None:
    encoding = InformationStateEncoding("ultimate")
    for seed in range(60):
        game = bowers.Game("ultimate", seed=seed)
        returns = [a for a in game.legal_actions() if a.startswith("twos-threes:")]
        if returns:
            break
    else:
        raise AssertionError("no deal of 60 lets the first seat return twos and threes")
    seat = game.to_act
    before = set(game.hand_cards(seat))
    game.apply(returns[0], seat=seat)
    taken = game.observation(seat)["from_kitty"]
    assert len(taken) == 3 and set(taken) == set(game.hand_cards(seat)) - before
    assert all(game.observation(other)["from_kitty"] == [] for other in range(4) if other != seat)
    assert game.public_observation()["from_kitty"] == []
    tensor = encoding.encode(game.observation(seat))
    assert set(np.flatnonzero(encoding.view(tensor, "from_kitty"))) == {encoding.card_index[c] for c in taken}
    writer = encoding.writer()
    writer.update(game)
    assert np.array_equal(writer.tensors[seat], tensor)
