"""The solver: compiled core = Python reference = plain exhaustive minimax, on positions of every variant."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import bowers
from bowers import solver
from bowers.cards import CARD_NAMES, JOKER
from bowers.solver import Position, move_values, reaches, reference, value
from bowers.solver import search as search_module
from bowers.tables import trump_tables
from bowers.variants import make_rules
from tests.solver.positions import CASES, case_id, exhaustive, play_phase_game

needs_compiled = pytest.mark.skipif(not solver.compiled_available(), reason="the compiled solver is not built here")


def positions(
    variant: str, options: dict[str, Any], seeds: range, tricks_left: int | None = None, prefer: tuple[str, ...] = ()
) -> Iterator[bowers.Game]:
    """Play-phase games of a case: with ``tricks_left`` tricks to play (the one in progress included) when given,
    else at varied points of the hand; trick starts and mid-trick points both occur."""
    for seed in seeds:
        start = play_phase_game(variant, seed, 0, prefer, **options)
        if start is None:
            continue
        hand = start.hand
        active = hand.active_count
        total = hand.hands[hand.turn].bit_count() * active
        plays = seed % max(1, total - 2) if tricks_left is None else max(0, total - tricks_left * active + seed % active)
        game = play_phase_game(variant, seed, plays, prefer, **options) if plays else start
        if game is not None:
            yield game


@pytest.fixture
def pure() -> Iterator[None]:
    """Answer with the reference search for the duration of a test."""
    was = solver.using_compiled()
    solver.use_compiled(False)
    yield
    solver.use_compiled(was)


@needs_compiled
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_compiled_equals_reference(case: tuple[str, dict[str, Any]]) -> None:
    variant, options = case
    # Fewer, later positions where the reference is slow (long hands).
    seeds, tricks_left = {"ultimate": (range(250), 5), "railroad": (range(250), 5), "railroad-6": (range(250), 4)}.get(
        variant, (range(600), None)
    )
    checked = 0
    for game in positions(variant, options, seeds, tricks_left):
        position = Position.from_game(game)
        moves = position.moves()
        compiled = move_values(position, moves)
        assert compiled == reference.move_values(position, moves), (game.record(), compiled)
        assert value(position) == max(compiled) if position.maximising() else min(compiled)
        checked += 1
    assert checked > len(seeds) // 2


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("tricks_left", [2, 3])
def test_solvers_equal_exhaustive_minimax(case: tuple[str, dict[str, Any]], tricks_left: int) -> None:
    variant, options = case
    seeds = range(6) if tricks_left == 3 else range(20)
    checked = 0
    for game in positions(variant, options, seeds, tricks_left):
        if Position.from_game(game).tricks_left > tricks_left:
            continue
        expected = exhaustive(game.hand, game.to_act % game.rules.teams)
        assert bowers.solve(game) == expected, game.record()
        solver.use_compiled(False)
        try:
            assert bowers.solve(game) == expected, game.record()
        finally:
            solver.use_compiled(True)
        checked += 1
    assert checked >= len(seeds) // 2


@pytest.mark.parametrize(
    ("variant", "prefer", "what"),
    [
        ("railroad", ("order", "play:JK:", "partner"), "no-trump Joker leads"),
        ("railroad", ("order", "call", "jambone"), "Jambone"),
        ("railroad-6", ("order", "call", "jambone"), "Jambone for six"),
        ("railroad", ("order", "call", "alone", "defend-alone"), "lone defender"),
        ("standard", ("order", "call", "alone"), "alone"),
    ],
)
def test_special_plays_match_exhaustive(variant: str, prefer: tuple[str, ...], what: str) -> None:
    checked = 0
    for seed in range(40):
        game = no_trump_game(seed) if what.startswith("no-trump") else play_phase_game(variant, seed, 0, prefer)
        if game is None:
            continue
        hand = game.hand
        if what.startswith("no-trump") and game.trump != "NT":
            continue
        if what.startswith("Jambone") and hand.jambone_seat < 0:
            continue
        if what == "lone defender" and hand.lone_defender < 0:
            continue
        if what == "alone" and not hand.sitting_out:
            continue
        # Play down to two or three tricks, leading the Joker with a suit where possible.
        keep = 2 + seed % 2
        while game.phase == "play" and game.hand.hands[game.hand.turn].bit_count() > keep:
            names = game.legal_actions()
            choice = next((n for n in names if n.startswith("play:JK:")), names[seed % len(names)])
            if choice == "claim-renege":
                choice = names[0]
            game.apply(choice)
        if game.phase != "play":
            continue
        expected = exhaustive(game.hand, game.to_act % game.rules.teams)
        assert bowers.solve(game) == expected, game.record()
        checked += 1
    assert checked >= 3, f"too few {what} positions"


def no_trump_game(seed: int) -> bowers.Game | None:
    """A railroad game whose turned-up Joker was ordered: a no-trump hand, at its opening lead."""
    rng = random.Random(seed)
    cards = [CARD_NAMES[c] for c in make_rules("railroad").deck if c != JOKER]
    rng.shuffle(cards)
    hands = [cards[7 * seat : 7 * seat + 7] for seat in range(4)]
    game = bowers.Game.from_deal("railroad", dealer=0, hands=hands, kitty=["JK", *cards[28:]], seed=seed)
    game.apply("order")
    while game.phase != "play":
        legal = game.legal_actions()
        game.apply("partner" if "partner" in legal else rng.choice(legal))
    return game if game.trump == "NT" else None


@needs_compiled
@pytest.mark.parametrize("variant", ["railroad", "railroad-6"])
def test_jambone_hands_match_reference(variant: str) -> None:
    # A Jambone hand counts for its makers but is played by an opponent: its ruff would take the lead from the side
    # it counts for, which the quick tricks of that side must allow for.
    checked = 0
    for seed in range(60):
        start = play_phase_game(variant, seed, 0, ("order", "call", "jambone"))
        if start is None or start.hand.jambone_seat < 0:
            continue
        hand = start.hand
        for tricks_left, into_trick in ((3, 0), (4, 0), (5, 0), (4, 1 + seed % (hand.active_count - 1))):
            plays = (hand.hands[hand.turn].bit_count() - tricks_left) * hand.active_count + into_trick
            game = play_phase_game(variant, seed, plays, ("order", "call", "jambone"))
            if game is None:
                continue
            position = Position.from_game(game)
            moves = position.moves()
            assert move_values(position, moves) == reference.move_values(position, moves), game.record()
            checked += 1
    assert checked >= 40


def test_jambone_chooser_is_the_side_to_act() -> None:
    for seed in range(60):
        game = play_phase_game("railroad", seed, 0, ("order", "call", "jambone"))
        if game is None or game.hand.jambone_seat < 0:
            continue
        hand = game.hand
        while game.phase == "play" and hand.turn != hand.jambone_seat:
            game.apply(game.legal_actions()[0])
        if game.phase != "play":
            continue
        position = Position.from_game(game)
        assert game.to_act == hand.jambone_chooser
        assert position.team == hand.jambone_chooser % 2
        assert position.maximising()  # the chooser picks the Jambone hand's card for its own side
        assert not (position.max_credit >> hand.jambone_seat) & 1
        return
    pytest.fail("no Jambone position found")


def test_reneges_solve_as_if_following() -> None:
    checked = 0
    for seed in range(10):
        game = play_phase_game("standard", seed, 0, reneges=True)
        twin = play_phase_game("standard", seed, 0)
        if game is None or twin is None:
            continue
        for step in range(3 + seed % 6):
            answers = bowers.solve(game)
            assert "claim-renege" not in answers
            assert answers == bowers.solve(twin)
            follow = twin.legal_actions()[step % len(twin.legal_actions())]
            game.apply(follow)
            twin.apply(follow)
            checked += 1
    assert checked > 40


def test_values_count_the_team_to_act() -> None:
    game = play_phase_game("standard", 3, 0)
    assert game is not None
    answers = bowers.solve(game)
    assert set(answers) == set(game.legal_actions())
    position = Position.from_game(game)
    assert position.actions == game.legal_action_ids()
    assert all(0 <= v <= 5 for v in answers.values())
    other = Position.from_game(game, team=1 - game.to_act % 2)
    assert value(other) == 5 - value(position)
    best = value(position)
    assert reaches(position, best) and not reaches(position, best + 1)


def test_principal_line_reaches_the_value() -> None:
    for seed in range(8):
        game = play_phase_game("railroad", seed, seed % 5)
        if game is None:
            continue
        team = game.to_act % game.rules.teams
        expected = max(bowers.solve(game).values())
        line = bowers.solve_line(game)
        copy = game.copy()
        hand = copy.hand
        before = sum(c for s, c in enumerate(hand.tricks_won) if s % 2 == team)
        for action in line:
            copy.apply(action)
        assert copy.hand is not hand or hand.phase_name != "play"
        after = sum(c for s, c in enumerate(hand.tricks_won) if s % 2 == team)
        assert after - before == expected
        assert game.hand.phase_name == "play"  # the game itself is untouched


def test_with_hands_and_after() -> None:
    game = play_phase_game("railroad", 5, 2)
    assert game is not None
    position = Position.from_game(game)
    same = position.with_hands(game.hand.hands)
    assert move_values(same) == move_values(position)
    action = game.legal_actions()[0]
    child = position.after(action)
    copy = game.copy()
    copy.apply(action)
    assert move_values(child) == move_values(Position.from_game(copy))


def test_from_parts_matches_from_game() -> None:
    game = play_phase_game("railroad", 11, 5, ("order", "call", "alone"))
    assert game is not None
    hand = game.hand
    parts = Position.from_parts(
        game.rules,
        hand.trump,
        hand.hands,
        hand.turn,
        trick=hand.trick,
        led=hand.led,
        sitting_out=hand.sitting_out,
        jambone_seat=hand.jambone_seat,
        jambone_chooser=hand.jambone_chooser,
    )
    assert move_values(parts) == move_values(Position.from_game(game))
    assert parts.actions == [i for i in game.legal_action_ids() if game.space.names[i] != "claim-renege"]


def test_refuses_outside_the_play_phase() -> None:
    game = bowers.Game("standard", seed=1)
    with pytest.raises(bowers.IllegalAction, match="play of the cards"):
        bowers.solve(game)
    with pytest.raises(bowers.IllegalAction):
        bowers.solve_line(game)
    over = bowers.Game("standard", seed=2, target=1)
    rng = random.Random(2)
    while not over.is_over:
        over.apply_id(rng.choice(over.legal_action_ids()))
    with pytest.raises(bowers.IllegalAction, match="over"):
        bowers.solve(over)


def test_illegal_move_is_refused() -> None:
    game = play_phase_game("standard", 4, 0)
    assert game is not None
    position = Position.from_game(game)
    with pytest.raises(bowers.IllegalAction, match="legal"):
        position.after("play:2C")


def test_fallback_warns_once(pure: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # `pure` first: it is undone last, after monkeypatch has put the compiled core back, and so turns it on again.
    monkeypatch.setattr(search_module, "_compiled", None)
    monkeypatch.setattr(search_module, "_active", None)
    monkeypatch.setattr(search_module, "_warned", False)
    game = play_phase_game("standard", 6, 4)
    assert game is not None
    with pytest.warns(RuntimeWarning, match="pure-Python"):
        first = bowers.solve(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bowers.solve(game) == first


def test_environment_switch_selects_the_reference() -> None:
    code = (
        "import bowers, bowers.solver as s, warnings\n"
        "warnings.simplefilter('error')\n"
        "g = bowers.Game('standard', seed=3)\n"
        "while g.phase != 'play': g.apply(g.legal_actions()[-1])\n"
        "print(s.using_compiled(), sorted(bowers.solve(g).items()))\n"
    )
    environment = dict(os.environ, BOWERS_PURE="1")
    out = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True).stdout
    assert out.startswith("False ")
    game = bowers.Game("standard", seed=3)
    while game.phase != "play":
        game.apply(game.legal_actions()[-1])
    assert out.strip() == f"False {sorted(bowers.solve(game).items())}"


@needs_compiled
@pytest.mark.parametrize("variant", ["standard", "ultimate", "railroad"])
def test_small_cards_match_reference(variant: str) -> None:
    # Random endgames whose hands hold several cards of a suit with other hands' cards between them: a card searched
    # below every card that decided its answer stands for the smaller cards of its suit, which are then not searched.
    rules = make_rules(variant)
    rng = random.Random(f"small-cards:{variant}")
    checked = 0
    for _ in range(60):
        suits = rng.sample("CDHS", 2)
        cards = sorted(rules.deck, key=lambda card: (CARD_NAMES[card][-1] not in suits, rng.random()))[:16]
        rng.shuffle(cards)
        hands = [sum(1 << card for card in cards[seat::4]) for seat in range(4)]
        position = Position.from_parts(rules, rng.randrange(4), hands, rng.randrange(4))
        moves = position.moves()
        assert move_values(position, moves) == reference.move_values(position, moves), (variant, hands)
        checked += 1
    assert checked == 60


@needs_compiled
@pytest.mark.parametrize("variant", ["standard", "ultimate", "railroad"])
def test_move_values_in_any_order(variant: str) -> None:
    # Each move's first question depends on the value of the move valued before it (one trick more than that value),
    # so moves asked about in another order are valued from other first questions: the values must not change.
    rng = random.Random(f"move-order:{variant}")
    checked = 0
    for game in positions(variant, {}, range(80), 4):
        position = Position.from_game(game)
        moves = position.moves()
        expected = reference.move_values(position, moves)
        for _ in range(3):
            order = rng.sample(range(len(moves)), len(moves))
            solver.clear_table()
            worth = move_values(position, [moves[i] for i in order])
            assert worth == [expected[i] for i in order], (game.record(), order)
        checked += 1
    assert checked > 40


@needs_compiled
@pytest.mark.parametrize("variant", ["ultimate", "railroad"])
def test_full_table_matches_reference(variant: str) -> None:
    # Deals of one trump and seating solved one after another share the table, and a small position gets a small
    # table: its buckets fill, so that a shape's entries spill into the second bucket of its pair and old entries are
    # replaced. Every answer must still be the reference's.
    rules = make_rules(variant)
    rng = random.Random(f"full-table:{variant}")
    solver.clear_table()
    for _ in range(60):
        cards = rng.sample(sorted(rules.deck), 20)
        hands = [sum(1 << card for card in cards[seat::4]) for seat in range(4)]
        position = Position.from_parts(rules, 1, hands, 2)
        moves = position.moves()
        assert move_values(position, moves) == reference.move_values(position, moves), (variant, hands)


@needs_compiled
@pytest.mark.parametrize("variant", ["standard", "ultimate", "railroad"])
def test_quick_tricks_through_a_partner_match_reference(variant: str) -> None:
    # Random endgames of three suits: the side to lead often has winners in both hands, so that the leader cashes its
    # own before leading to a partner's winner and the partner cashes the rest (a bound that settles questions without
    # a search). Every answer must be the reference's.
    rules = make_rules(variant)
    rng = random.Random(f"quick-tricks:{variant}")
    for _ in range(120):
        suits = rng.sample("CDHS", 3)
        cards = [card for card in sorted(rules.deck) if CARD_NAMES[card][-1] in suits]
        cards = rng.sample(cards, 20 if len(cards) >= 20 else 16)
        hands = [sum(1 << card for card in cards[seat::4]) for seat in range(4)]
        position = Position.from_parts(rules, rng.randrange(4), hands, rng.randrange(4))
        moves = position.moves()
        assert move_values(position, moves) == reference.move_values(position, moves), (variant, hands)


@needs_compiled
@pytest.mark.parametrize("variant", ["standard", "ultimate", "railroad", "railroad-6"])
def test_runs_of_top_trumps_match_reference(variant: str) -> None:
    # Endgames made mostly of trumps: a side often holds the highest live trumps split between its hands (a bound
    # counts them when the side has at most two hands), and both its hands often hold only such trumps, so that a trump
    # lead makes two of them fall together. In `railroad-6` the side against the team to act has four hands, where that
    # bound would be wrong. Every answer must be the reference's.
    rules = make_rules(variant)
    rng = random.Random(f"trump-runs:{variant}")
    seats = rules.players
    for _ in range(100):
        trump = rng.randrange(4)
        effective = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump).effective_suit
        trumps = [card for card in sorted(rules.deck) if effective[card] == trump]
        others = [card for card in sorted(rules.deck) if effective[card] != trump]
        dealt = seats * 4  # four tricks to play
        in_trumps = min(len(trumps), dealt - rng.randrange(1, 5))
        cards = rng.sample(trumps, in_trumps) + rng.sample(others, dealt - in_trumps)
        rng.shuffle(cards)
        hands = [sum(1 << card for card in cards[seat::seats]) for seat in range(seats)]
        position = Position.from_parts(rules, trump, hands, rng.randrange(seats))
        moves = position.moves()
        assert move_values(position, moves) == reference.move_values(position, moves), (variant, trump, hands)
