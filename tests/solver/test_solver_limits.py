"""The compiled search's table entries that record only the cards that decided them, and the node limit of a solve."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bowers import solver
from bowers.solver import NodeLimitReached, Position, move_values, reaches, reference, value
from tests.solver.positions import play_phase_game

needs_compiled = pytest.mark.skipif(not solver.compiled_available(), reason="the compiled solver is not built here")


@pytest.fixture(autouse=True)
def compiled_where_built() -> None:
    """The compiled tests here must not run on the reference by accident (an earlier test left it switched on)."""
    if solver.compiled_available():
        assert solver.using_compiled(), "the compiled solver is built but switched off"


@pytest.fixture
def pure() -> Iterator[None]:
    """Answer with the reference search for the duration of a test."""
    was = solver.using_compiled()
    solver.use_compiled(False)
    yield
    solver.use_compiled(was)


def late_position(variant: str, seed: int, tricks_left: int, prefer: tuple[str, ...] = ()) -> Position | None:
    """A position of ``variant`` at the start of a trick with ``tricks_left`` tricks to play, after random play
    (bidding with the actions starting with one of ``prefer`` where legal)."""
    start = play_phase_game(variant, seed, 0, prefer)
    if start is None:
        return None
    hand = start.hand
    plays = (hand.hands[hand.turn].bit_count() - tricks_left) * hand.active_count
    game = play_phase_game(variant, seed, plays, prefer) if plays > 0 else start
    return None if game is None else Position.from_game(game)


def same_shape_swaps(position: Position, rng: random.Random, count: int) -> list[Position]:
    """Positions that differ from ``position`` only in which of two hands holds which of two cards of one suit.

    Every hand keeps its number of cards of each effective suit, so each such position falls in the same table bucket
    as the original, and whether an entry applies rests on the cards it recorded alone.
    """
    compact = position.compact
    hands = [compact.to_cards(bits) for bits in position.hands]
    cards = [(seat, card) for seat, bits in enumerate(hands) for card in range(64) if bits >> card & 1]
    out = []
    for _ in range(count * 10):
        (seat_a, card_a), (seat_b, card_b) = rng.sample(cards, 2)
        group_a, group_b = (compact.group_of[compact.index_of[card]] for card in (card_a, card_b))
        if seat_a == seat_b or group_a != group_b:
            continue
        swapped = hands[:]
        swapped[seat_a] ^= 1 << card_a | 1 << card_b
        swapped[seat_b] ^= 1 << card_a | 1 << card_b
        out.append(position.with_hands(swapped))
        if len(out) == count:
            break
    return out


@needs_compiled
@pytest.mark.parametrize(
    ("variant", "tricks_left", "prefer"),
    [
        ("ultimate", 5, ()),
        ("railroad", 5, ()),
        ("railroad", 5, ("order", "call", "jambone")),
        ("railroad", 5, ("order", "call", "alone", "defend-alone")),
        ("standard", 5, ()),
        ("railroad-6", 4, ()),
        ("railroad-6", 4, ("order", "call", "jambone")),
    ],
)
def test_entries_are_not_reused_where_a_card_they_ignore_matters(
    variant: str, tricks_left: int, prefer: tuple[str, ...]
) -> None:
    # The table stays warm from one position to the next (same trump and sides): each swapped position is solved
    # right after the original, so any entry applied too widely gives a wrong value.
    rng = random.Random(variant)
    checked = differing = 0
    for seed in range(40):
        position = late_position(variant, seed, tricks_left, prefer)
        if position is None or position.tricks_left != tricks_left:
            continue
        original = move_values(position)
        assert original == reference.move_values(position, position.moves())
        for other in same_shape_swaps(position, rng, 4):
            compiled = move_values(other)
            assert compiled == reference.move_values(other, other.moves()), (seed, compiled)
            differing += compiled != original
            checked += 1
    assert checked >= 40
    assert differing >= 5  # the swaps do change values: the test can catch an entry reused wrongly


@needs_compiled
@pytest.mark.parametrize("variant", ["standard", "british", "two-hand", "bid"])
def test_opening_leads_match_reference(variant: str) -> None:
    # Whole hands: the searches are deep enough for entries stored under one lead to answer under another.  British
    # seed 106 once went wrong: a lead searched for a run of two trumps (the Joker and the ace, nothing live between)
    # recorded the Joker only, and its entry then answered where the smaller trump was no longer next to it.
    checked = 0
    for seed in range(150):
        game = play_phase_game(variant, seed, 0)
        if game is None:
            continue
        position = Position.from_game(game)
        moves = position.moves()
        assert move_values(position, moves) == reference.move_values(position, moves), (variant, seed)
        checked += 1
    assert checked >= 100


@needs_compiled
def test_a_run_searched_as_one_card_is_recorded_whole() -> None:
    game = play_phase_game("british", 106, 0)
    assert game is not None
    position = Position.from_game(game)
    solver.clear_table()
    assert move_values(position) == reference.move_values(position, position.moves()) == [0, 1, 0, 0, 1]


@needs_compiled
def test_node_limit_aborts_a_big_search_promptly() -> None:
    game = play_phase_game("ultimate", 8, 0)
    assert game is not None
    position = Position.from_game(game)
    for limit in (1, 10, 1000):
        solver.clear_table()
        with pytest.raises(NodeLimitReached, match=f"after {limit} nodes") as caught:
            move_values(position, node_limit=limit)
        assert caught.value.node_limit == limit
        assert solver.last_nodes() <= limit + 1
    with pytest.raises(NodeLimitReached):
        value(position, node_limit=50)
    with pytest.raises(NodeLimitReached):
        reaches(position, 6, node_limit=50)


@needs_compiled
def test_answers_after_an_abort_are_exact() -> None:
    checked = aborted = 0
    for seed in range(12):
        position = late_position("ultimate", seed, 6)
        if position is None:
            continue
        expected = reference.move_values(position, position.moves())
        solver.clear_table()
        for limit in (3, 30, 300, 3000):  # each abort leaves a partly filled table behind
            try:
                assert move_values(position, node_limit=limit) == expected
            except NodeLimitReached:
                aborted += 1
            assert move_values(position) == expected  # a later search on the same table is still exact
        assert move_values(position, node_limit=10**9) == expected
        assert value(position, node_limit=10**9) == (max(expected) if position.maximising() else min(expected))
        checked += 1
    assert checked >= 6
    assert aborted >= checked


def test_reference_honours_the_node_limit(pure: None) -> None:
    position = late_position("railroad", 3, 5)
    assert position is not None
    with pytest.raises(NodeLimitReached):
        move_values(position, node_limit=5)
    assert move_values(position, node_limit=10**9) == move_values(position)


@pytest.mark.parametrize("limit", [0, -3, 2.5, True, "100"])
def test_node_limit_must_be_a_positive_count(limit: object) -> None:
    position = late_position("standard", 1, 3)
    assert position is not None
    with pytest.raises(ValueError, match="node_limit"):
        move_values(position, node_limit=limit)  # type: ignore[arg-type]
