"""pimc in play breaks an exact tie between cards that are not equivalent by drawing worlds that tell them apart."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from bowers.bots.outcomes import Outcome, Tally
from bowers.bots.pimc import equivalent_cards, unseparated_tie
from bowers.bots.view import View, card_of

# Positions of pimc's self-play (``benchmarks/blunders.py --hands 14 --variants standard --seed 5``) where it played a
# card that another never beat and that beat it in 1 world of 128: the history, the seat to act and the better card.
TIES = [
    (
        500027,
        [
            (2, "pass"),
            (3, "pass"),
            (0, "pass"),
            (1, "order"),
            (1, "alone"),
            (1, "discard:TS"),
            (2, "play:9H"),
            (0, "play:TH"),
            (1, "play:KH"),
            (1, "play:JC"),
            (2, "play:QC"),
            (0, "play:JS"),
        ],
        1,
        "play:AH",
    ),
    (
        500028,
        [
            (3, "pass"),
            (0, "order"),
            (0, "partner"),
            (2, "discard:TH"),
            (3, "play:AD"),
            (0, "play:AC"),
            (1, "play:TD"),
            (2, "play:KD"),
            (0, "play:JC"),
            (1, "play:9S"),
            (2, "play:9C"),
            (3, "play:QC"),
            (0, "play:QH"),
            (1, "play:KH"),
            (2, "play:JH"),
        ],
        3,
        "play:QS",
    ),
]


def _position(seed: int, history: list[tuple[int, str]]) -> bowers.Game:
    game = bowers.Game("standard", seed=seed)
    for seat, action in history:
        game.apply(action, seat=seat)
    return game


@pytest.mark.parametrize(("seed", "history", "seat", "better"), TIES)
def test_a_tie_on_the_worlds_drawn_is_broken_by_more_worlds(
    seed: int, history: list[tuple[int, str]], seat: int, better: str
) -> None:
    game = _position(seed, history)
    assert game.to_act == seat
    observation = game.observation(seat)
    picks = [create("pimc", seed=bot_seed, time_budget=0).act(observation) for bot_seed in range(4)]
    assert picks == [better] * 4


def _view(seed: int, history: list[tuple[int, str]]) -> View:
    game = _position(seed, history)
    return View(game.observation(game.to_act))


def test_equivalent_cards_are_those_with_nothing_unknown_between_them() -> None:
    seed, history, _, _ = TIES[1]
    view = _view(seed, history)  # clubs trump; seat 3 holds 9D QD QS; TD has been played, JD not
    assert not equivalent_cards(view, card_of("9D"), card_of("QD"))  # JD, still unseen, lies between them
    assert not equivalent_cards(view, card_of("9D"), card_of("QS"))  # different suits
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)  # clubs trump; seat 1 holds 9C TC AH
    assert equivalent_cards(view, card_of("9C"), card_of("TC"))  # touching trumps
    assert not equivalent_cards(view, card_of("9C"), card_of("AH"))


def _tally(values: list[float]) -> Tally:
    tally = Tally()
    for value in values:
        tally.add(Outcome(net=value, utility=value, tricks=0, march=False, made=False, euchred_them=False))
    return tally


def test_only_a_tie_of_cards_that_are_not_equivalent_asks_for_more_worlds() -> None:
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)
    same = [1.0, 0.0, 1.0]
    assert unseparated_tie({"play:9C": _tally(same), "play:AH": _tally(same), "play:TC": _tally([0.0, 0.0, 0.0])}, view)
    assert not unseparated_tie({"play:9C": _tally(same), "play:TC": _tally(same), "play:AH": _tally([0.0, 0.0, 0.0])}, view)
    assert not unseparated_tie({"play:9C": _tally(same), "play:AH": _tally([1.0, 0.0, 0.5])}, view)


def test_a_tie_on_the_planned_worlds_draws_more_within_its_bounds() -> None:
    from bowers.bots.pimc import STEADY_FACTOR, PimcBot
    from tests.bots.test_pimc import _late_play_position

    game, seat = _late_play_position()  # level 1's four worlds tie two cards of different suits here
    observation = game.observation(seat)
    current = PimcBot(seed=1, level=1, time_budget=0)
    current.act(observation)
    assert 4 < current.worlds_scored <= 4 * STEADY_FACTOR
    first = PimcBot(seed=1, level=1, time_budget=0, version=1)
    first.act(observation)
    assert first.worlds_scored == 4
