"""The deal hash: the compiled SHAKE-128 gives the same integers as hashlib's, the reference."""

from __future__ import annotations

import random

import pytest

import bowers
from bowers import deal_hash


def test_the_reference_is_hashlibs_shake_128_read_big_endian() -> None:
    # FIPS 202's SHAKE-128 of the empty message begins 7f9c2ba4e88f827d616045507605853e.
    assert deal_hash.shake128_int_reference(b"", 16) == 0x7F9C2BA4E88F827D616045507605853E


@pytest.mark.skipif(not deal_hash.compiled_available(), reason="the compiled deal hash is not built")
def test_the_compiled_digest_agrees_with_the_reference() -> None:
    compiled = deal_hash._compiled
    assert compiled is not None
    rng = random.Random(2024)
    # Message lengths around the 168-byte block, outputs that need several squeezes, and the texts games hash.
    cases = [(bytes(rng.randrange(256) for _ in range(size)), rng.randrange(1, 700)) for size in range(0, 400, 7)]
    cases += [(b"x" * size, length) for size in (166, 167, 168, 169, 335, 336, 337) for length in (1, 168, 169, 400)]
    cases += [(f"bowers:{seed}:deal:{number}".encode(), 18) for seed in (0, 7, 2**200 + 3) for number in range(40)]
    for data, length in cases:
        assert compiled(data, length) == deal_hash.shake128_int_reference(data, length), (data[:20], length)


@pytest.mark.skipif(not deal_hash.compiled_available(), reason="the compiled deal hash is not built")
def test_the_compiled_digest_refuses_bad_arguments() -> None:
    compiled = deal_hash._compiled
    assert compiled is not None
    with pytest.raises(TypeError, match="bytes"):
        compiled("text", 4)  # type: ignore[arg-type]
    for length in (0, -1, 4097):
        with pytest.raises(ValueError, match="1 to 4096"):
            compiled(b"x", length)
    with pytest.raises(TypeError):
        compiled(b"x")  # type: ignore[call-arg]


@pytest.mark.skipif(not deal_hash.compiled_available(), reason="the compiled deal hash is not built")
def test_the_compiled_shuffle_walks_the_engines_fisher_yates() -> None:
    from bowers.game import _shuffle_bits, _shuffle_in_place

    shuffle = deal_hash._compiled_shuffle
    assert shuffle is not None
    rng = random.Random(7)
    # Every deck size in use (24 to 54 cards, with Jokers and kitties) and beyond, several chunks of digits
    # each, with the engine's number of bytes and with fewer (a number smaller than the deck's permutations).
    for size in [*range(1, 60), 100, 333, 1000]:
        for _ in range(12):
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
            for length in ((_shuffle_bits(size) + 7) // 8, rng.randrange(1, 64)):
                cards = [f"card{i}" for i in range(size)]
                expected = cards[:]
                shuffle(cards, data, length)
                _shuffle_in_place(expected, deal_hash.shake128_int_reference(data, length))
                assert cards == expected, (size, length)


@pytest.mark.skipif(not deal_hash.compiled_available(), reason="the compiled deal hash is not built")
def test_the_compiled_shuffle_refuses_bad_arguments() -> None:
    shuffle = deal_hash._compiled_shuffle
    assert shuffle is not None
    with pytest.raises(TypeError, match="list"):
        shuffle((1, 2, 3), b"x", 4)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="bytes"):
        shuffle([1, 2, 3], "x", 4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 to 4096"):
        shuffle([1, 2, 3], b"x", 0)
    with pytest.raises(ValueError, match="at most 4096 cards"):
        shuffle(list(range(5000)), b"x", 8)
    cards = [3, 1, 2]
    shuffle(cards, b"x", 8)
    assert sorted(cards) == [1, 2, 3]


def test_games_deal_the_same_cards_with_either_shuffle() -> None:
    # A game deals through the compiled shuffle when it is built; the reference walk must give the same hands.
    from bowers.game import deal_from_order, shuffled

    for variant in bowers.variants():
        game = bowers.Game(variant, seed=99)
        checked: set[int] = set()
        while not game.is_over and len(checked) < 3:
            number = game.hand_number
            if number not in checked:
                checked.add(number)
                hand = game.hand
                order = shuffled(game.rules.deck, 99, f"deal:{number}")
                hands, kitty = deal_from_order(game.rules, hand.dealer, order)
                assert list(hand.dealt_hands) == hands, (variant, number)
                assert hand.kitty_as_dealt == kitty, (variant, number)
            game.apply_id(game.legal_action_ids()[0])
        assert len(checked) == 3, variant


@pytest.mark.skipif(not deal_hash.compiled_available(), reason="the compiled deal hash is not built")
def test_many_deals_in_one_call_are_the_engines_deals_and_first_dealers() -> None:
    from bowers.game import hash_message, random_integer

    deal_rows = deal_hash._compiled_deal_rows
    assert deal_rows is not None
    seeds = [0, 5, 7 * 2**64 + 3, 2**100 + 12345, 99]
    numbers = [0, 2, 1, 7, 30]
    for size, length in ((24, 18), (33, 30), (54, 60), (4, 1)):
        rows, dealers = deal_rows(seeds, numbers, size, length, 4)
        assert len(rows) == size * len(seeds) and dealers is not None
        for lane, (seed, number) in enumerate(zip(seeds, numbers, strict=True)):
            cards = list(range(size))
            shuffle = deal_hash._compiled_shuffle
            assert shuffle is not None
            shuffle(cards, hash_message(seed, f"deal:{number}"), length)
            assert list(rows[lane * size : (lane + 1) * size]) == cards
            assert dealers[lane] == random_integer(seed, "first-dealer", 64) % 4
    assert deal_rows(seeds, numbers, 24, 18, 0)[1] is None
    with pytest.raises(TypeError):
        deal_rows(seeds, numbers[:2], 24, 18, 4)
