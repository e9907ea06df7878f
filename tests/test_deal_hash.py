"""The deal hash: the compiled SHAKE-128 gives the same integers as hashlib's, the reference."""

from __future__ import annotations

import random

import pytest

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
