"""The shared encodings (the compact one and the information state): fixed size, values in [0, 1], the mask,
who played what, and nothing hidden."""

from __future__ import annotations

import random

import numpy as np
import pytest

import bowers
from bowers.cards import CARD_NAMES
from bowers.encoding import Encoding, InformationStateEncoding

VARIANTS = bowers.variants()
ENCODINGS = [Encoding, InformationStateEncoding]


def random_positions(variant: str, games: int, seed: int, **options: object):
    """(game, seat to act) at every decision of a few random games (first two hands of each)."""
    rng = random.Random(seed)
    for number in range(games):
        game = bowers.Game(variant, seed=seed + number, **options)
        while not game.is_over and game.hand_number < 2:
            yield game
            game.apply_id(rng.choice(game.legal_action_ids()))


@pytest.mark.parametrize("kind", ENCODINGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_tensor_size_range_and_mask(variant: str, kind: type[Encoding | InformationStateEncoding]) -> None:
    encoding = kind(variant)
    for game in random_positions(variant, 3, 11):
        for seat in range(encoding.players):
            view = game.observation(seat)
            tensor = encoding.encode(view)
            assert tensor.shape == (encoding.size,) and tensor.dtype == np.float32
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            mask = encoding.mask(view)
            expected = game.legal_action_ids() if seat == game.to_act else []
            assert mask.dtype == np.int8 and mask.nonzero()[0].tolist() == expected


@pytest.mark.parametrize("variant", ["railroad", "railroad-6", "bid-railroad", "standard", "ultimate"])
def test_played_cards_are_credited_to_the_hand_they_came_from(variant: str) -> None:
    """Checked against the engine's full record of tricks, Jambone hands (an opponent plays the maker's cards) included."""
    encoding = Encoding(variant)
    for game in random_positions(variant, 12, 5):
        seat = game.to_act
        truth = np.zeros((encoding.players, encoding.deck_size), dtype=np.float32)
        for trick in [*game.hand.played, game.hand.trick]:
            for who, card in trick:
                truth[(who - seat) % encoding.players, encoding.card_index[CARD_NAMES[card]]] = 1.0
        assert (encoding.view(encoding.encode(game.observation(seat)), "played") == truth).all()


def swapped_deal(game: bowers.Game, seat: int, rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """The first deal of ``game`` with hidden cards swapped between the other seats and the kitty below the turn-up.

    The kitty takes part only where no seat may take it up (the auction's declarer and the twos and threes do).
    """
    hand = game.hand
    hands = [[CARD_NAMES[c] for c in range(len(CARD_NAMES)) if (cards >> c) & 1] for cards in hand.dealt_hands]
    kitty = [CARD_NAMES[c] for c in hand.kitty_as_dealt]
    keep = 1 if game.rules.turn_up else 0
    kitty_hidden = len(kitty) > keep and not game.rules.twos_threes and game.rules.bidding != "auction"
    places = [hands[s] for s in range(len(hands)) if s != seat] + ([kitty] if kitty_hidden else [])
    for _ in range(6):
        first, second = rng.sample(range(len(places)), 2)
        low = keep if places[first] is kitty else 0
        i = rng.randrange(low, len(places[first]))
        low = keep if places[second] is kitty else 0
        j = rng.randrange(low, len(places[second]))
        places[first][i], places[second][j] = places[second][j], places[first][i]
    return hands, kitty


@pytest.mark.parametrize("kind", ENCODINGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_other_seats_hidden_cards_never_change_a_seats_tensor(
    variant: str, kind: type[Encoding | InformationStateEncoding]
) -> None:
    """Two deals that differ only in cards a seat cannot see give that seat the same tensor at every shared step."""
    rng = random.Random(3)
    encoding = kind(variant)
    compared = 0
    for number in range(8):
        seat = number % encoding.players
        original = bowers.Game(variant, seed=100 + number)
        hands, kitty = swapped_deal(original, seat, rng)
        other = bowers.Game.from_deal(variant, dealer=original.dealer, hands=hands, kitty=kitty)
        while original.hand_number == 0 and not original.is_over:
            views = original.observation(seat), other.observation(seat)
            if any(view["exposed"] or view["jamboree"] for view in views):
                break  # a Jambone hand or a Jamboree is shown to everyone: the swapped cards may be public now
            assert (encoding.encode(views[0]) == encoding.encode(views[1])).all()
            compared += 1
            action = rng.choice(original.legal_action_ids())
            if action not in other.legal_action_ids():
                break  # the swapped cards now decide what is legal: the deals part here
            original.apply_id(action)
            other.apply_id(action)
    assert compared > 20


@pytest.mark.parametrize("kind", ENCODINGS)
def test_bad_variant_and_option_raise(kind: type[Encoding | InformationStateEncoding]) -> None:
    with pytest.raises(bowers.OptionError):
        kind("pinochle")
    with pytest.raises(bowers.OptionError):
        kind("standard", deck=7)


@pytest.mark.parametrize("kind", ENCODINGS)
def test_blocks_tile_the_tensor(kind: type[Encoding | InformationStateEncoding]) -> None:
    for variant in VARIANTS:
        encoding = kind(variant)
        stops = [0] + [stop for _, _, stop, _, _ in encoding.describe()]
        assert [start for _, start, _, _, _ in encoding.describe()] == stops[:-1]
        assert stops[-1] == encoding.size
