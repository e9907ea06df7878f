"""The heuristic counts the last tricks: with a few cards left, each card is solved on deals of the unseen cards."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import bowers
from bowers.bots import create
from bowers.bots.endgame import ENDGAME_CARDS, _Deals, counted_play, counts, leads_into_a_loner
from bowers.bots.heuristic import DEFAULTS
from bowers.bots.sampler import Sampler
from bowers.bots.view import View
from bowers.cards import cards_of
from bowers.solver import Position
from tests.bots.test_pimc_ties import _position

# Positions of the heuristic's self-play (``benchmarks/blunders.py --bot heuristic --setting endgame_worlds=0 --hands
# 200 --variants standard --seed 5``) where its rules played a card that another never beat and that beat it in a
# fifth to a third of 1,000 deals: the history, the seat to play, the rules' card and the better card.
ENDINGS = [
    (
        500093,
        [
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, "order"),
            (0, "partner"),
            (0, "discard:TD"),
            (1, "play:QC"),
            (2, "play:TC"),
            (3, "play:9C"),
            (0, "play:TS"),
            (0, "play:JS"),
            (1, "play:JD"),
            (2, "play:9S"),
            (3, "play:9H"),
            (0, "play:KD"),
            (1, "play:QD"),
        ],
        2,
        "play:9D",
        "play:AD",
    ),
    (
        500139,
        [
            (0, "pass"),
            (1, "pass"),
            (2, "order"),
            (2, "partner"),
            (3, "discard:QC"),
            (0, "play:AS"),
            (1, "play:TH"),
            (2, "play:9S"),
            (3, "play:TS"),
            (1, "play:TD"),
            (2, "play:AH"),
            (3, "play:JD"),
            (0, "play:QD"),
            (3, "play:JS"),
            (0, "play:9H"),
            (1, "play:9D"),
            (2, "play:JC"),
        ],
        0,
        "play:AD",
        "play:9C",
    ),
]


# First tricks of the heuristic's self-play (``benchmarks/blunders.py --bot heuristic --setting endgame_cards=4
# --setting endgame_worlds=32 --hands 200 --variants standard --seed 5``, and ``--seed 6``) where a card was played
# that another never beat in 1,000 deals and beat in 14 to 29: a low trump thrown under partner's winning ruff
# while a side ace could go, the ten of trumps led from the ace, king and ten, a lone maker's second-hand ruff
# with the nine of trumps, a low club thrown from three where the lone ten of spades could go.  Counting every
# trick on 256 deals plays the better card.
FIRST_TRICKS = [
    (
        500040,
        [
            (3, "pass"), (0, "pass"), (1, "pass"), (2, "order"), (2, "partner"), (2, "discard:KS"), (3, "play:QS"),
            (0, "play:QD"), (1, "play:TS"),
        ],
        2,
        "play:9D",
        "play:AC",
    ),
    (500055, [(2, "order"), (2, "partner"), (1, "discard:QC")], 2, "play:TH", "play:KH"),
    (
        600104,
        [
            (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "call:C"), (3, "alone"),
            (2, "play:TS"),
        ],
        3,
        "play:9C",
        "play:AC",
    ),
    (
        600185,
        [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass"), (2, "call:D"), (2, "partner"), (2, "play:JH"), (3, "play:QD")],
        0,
        "play:9C",
        "play:TS",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("seed", "history", "seat", "fewer_card", "better"), FIRST_TRICKS)
def test_the_count_of_every_trick_plays_the_better_first_card(
    seed: int, history: list[tuple[int, str]], seat: int, fewer_card: str, better: str
) -> None:
    observation = _position(seed, history).observation(seat)
    assert create("heuristic", endgame_cards=4, endgame_worlds=32).act(observation) == fewer_card
    assert {create("heuristic", seed=bot_seed).act(observation) for bot_seed in range(4)} == {better}


@pytest.mark.parametrize(("seed", "history", "seat", "rules_card", "better"), ENDINGS)
def test_the_count_plays_the_card_the_rules_miss(
    seed: int, history: list[tuple[int, str]], seat: int, rules_card: str, better: str
) -> None:
    observation = _position(seed, history).observation(seat)
    assert create("heuristic", endgame_worlds=0).act(observation) == rules_card
    assert create("heuristic").act(observation) == better
    assert create("heuristic", version=1).act(observation) == rules_card  # the baseline never counts


def test_the_count_depends_on_the_position_alone() -> None:
    seed, history, seat, _, better = ENDINGS[0]
    observation = _position(seed, history).observation(seat)
    assert {create("heuristic", seed=bot_seed).act(observation) for bot_seed in range(4)} == {better}


def test_the_count_keeps_the_rules_card_where_no_card_is_worth_more() -> None:
    seed, history, seat, rules_card, _ = ENDINGS[0]
    view = View(_position(seed, history).observation(seat))
    plays = {"play:9D": 0, "play:AD": 1}  # only the names matter to the count
    assert counted_play(view, plays, rules_card, 32, lambda further: 0.0) == rules_card  # every card worth nothing
    assert counted_play(view, plays, rules_card, 0, lambda further: float(further)) == rules_card  # no deals: no count
    assert counted_play(view, plays, rules_card, 32, lambda further: float(further)) == "play:AD"


def test_the_count_runs_only_with_few_cards_in_play() -> None:
    game = bowers.Game("standard", seed=3)
    seen = set()
    while not game.results:
        seat = game.to_act
        assert seat is not None
        view = View(game.observation(seat))
        seen.add(counts(view))
        assert counts(view) == (view.phase == "play" and view.hand.bit_count() <= ENDGAME_CARDS)
        assert counts(view, 3) == (view.phase == "play" and view.hand.bit_count() <= 3)
        game.apply(create("heuristic").act(game.observation(seat)), seat=seat)
    assert seen == {True, False}


def test_the_count_is_a_setting_on_by_default() -> None:
    assert DEFAULTS["endgame_worlds"] == 256
    assert DEFAULTS["endgame_cards"] == ENDGAME_CARDS == 5  # every trick of a five-card hand
    with pytest.raises(bowers.OptionError, match="endgame_worlds"):
        create("heuristic", endgame_worlds="many")
    with pytest.raises(bowers.OptionError, match="endgame_cards"):
        create("heuristic", endgame_cards="all")


@pytest.mark.parametrize("variant", ["railroad", "ultimate", "two-hand", "bid", "bid-railroad"])
def test_the_count_plays_whole_hands_of_every_variant(variant: str) -> None:
    played = 0
    for seed in range(6):
        game = bowers.Game(variant, seed=seed)
        bots = [create("heuristic") for _ in range(game.rules.players)]
        while not game.results:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)), seat=seat)
        tricks = sum(game.results[0]["tricks"])
        assert tricks in (0, game.rules.hand_size)  # a hand thrown in is not played
        played += tricks > 0
    assert played >= 3


def _deals_and_sampler(game: bowers.Game, seat: int) -> tuple[_Deals, Sampler, Position]:
    observation = game.observation(seat)
    view = View(observation)
    sampler = Sampler(observation)
    sitting_out = sum(1 << other for other in view.sitting_out)
    hands = [0] * view.players
    hands[seat] = view.hand
    base = Position.from_parts(view.rules, view.trump, hands, seat, view.trick, view.led, sitting_out)
    return _Deals(sampler, base, sitting_out), sampler, base


def test_the_counts_deals_are_drawn_as_the_sampler_draws_its_worlds() -> None:
    history = [
        (3, "pass"), (0, "order"), (0, "partner"), (2, "discard:TH"), (3, "play:AD"), (0, "play:TC"), (1, "play:TD"),
        (2, "play:KD"), (0, "play:JC"), (1, "play:9S"), (2, "play:9C"), (3, "play:QC"), (0, "play:QH"),
        (1, "play:KH"), (2, "play:JH"),
    ]  # fmt: skip
    deals, sampler, base = _deals_and_sampler(_position(500028, history), 3)  # seat 1 is out of clubs, seat 0 of diamonds
    draws = 4000
    sampled: Counter[tuple[int, int]] = Counter()
    counted: Counter[tuple[int, int]] = Counter()
    first = random.Random(1)
    for _ in range(draws):
        for seat, cards in enumerate(sampler.holdings(first)[0]):
            sampled.update((seat, card) for card in cards_of(cards))
    drawn = deals.draw_many(np.random.default_rng(2), draws)
    assert sum(times for _, times in drawn) == draws
    assert len({deal for deal, _ in drawn}) == len(drawn)  # each deal once, with the times it was drawn
    for deal, times in drawn:
        for seat, compact in enumerate(deal):
            counted.update({(seat, card): times for card in cards_of(base.compact.to_cards(compact))})
    assert set(sampled) == set(counted)
    # Each seat's chance of holding each card agrees (the error of each is about 0.01; a draw that dealt every seat
    # from one shuffle, the later seats from what the first left, was off by 0.13).
    assert max(abs(sampled[key] - counted[key]) / draws for key in sampled) < 0.05


def test_a_seat_that_sits_out_holds_cards_but_plays_none() -> None:
    game = bowers.Game("standard", seed=1)
    game.apply("order", seat=game.to_act)
    game.apply("alone", seat=game.to_act)
    while game.observation(game.to_act)["phase"] != "play":
        game.apply(create("heuristic").act(game.observation(game.to_act)), seat=game.to_act)
    seat = game.to_act
    deals, sampler, _ = _deals_and_sampler(game, seat)
    out = game.observation(seat)["sitting_out"][0]
    assert sampler.needs[out] == 5  # the loner's partner's cards are out of play, in no other hand
    rng = np.random.default_rng(0)
    for _ in range(50):
        hands = deals.draw(rng)
        assert hands[out] == 0
        assert sum(hand.bit_count() for hand in hands) == 5 * 3


def test_deals_the_quick_draw_cannot_make_come_from_the_samplers_own_draw() -> None:
    history = [(3, "pass"), (0, "order"), (0, "partner"), (2, "discard:TH"), (3, "play:AD")]
    deals = _deals_and_sampler(_position(500028, history), 0)[0]
    seat = deals.order[0][0]
    deals.allowed_columns[seat][:] = False  # every quick draw for this seat now fails
    drawn = deals.draw_many(np.random.default_rng(3), 20)
    assert sum(times for _, times in drawn) == 20
    for deal, _ in drawn:
        assert sum(hand.bit_count() for hand in deal) == 4 * 5 - 1  # every hand (one card is on the table)


def test_the_opening_lead_against_a_lone_hand_is_the_rules_lead() -> None:
    from tests.rules.deals import deal, run

    game = deal("standard", 0, ["", "AC 9C AD TS 9S", "JH JD AH KH QH", ""], "9H")
    run(game, "1:pass 2:order 2:alone")
    defender = View(game.observation(1))
    assert leads_into_a_loner(defender) and not counts(defender)
    assert create("heuristic").act(game.observation(1)) == create("heuristic", endgame_worlds=0).act(game.observation(1))
    game.apply("play:TS", seat=1)
    loner = View(game.observation(2))
    assert not leads_into_a_loner(loner) and counts(loner)  # the loner's own play, and every later lead, is counted
