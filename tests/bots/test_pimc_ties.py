"""pimc in play breaks an exact tie between cards that are not equivalent by drawing worlds that tell them apart."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from bowers.bots.heuristic import decide
from bowers.bots.outcomes import Outcome, Tally
from bowers.bots.pimc import (
    PimcBot,
    best_lead,
    clearly_behind,
    contested,
    counted_twin,
    equivalent_cards,
    more_tricks,
    near_twins,
    unseparated_tie,
)
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


def _position(seed: int, history: list[tuple[int, str]], variant: str = "standard") -> bowers.Game:
    game = bowers.Game(variant, seed=seed)
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


def _tally(values: list[float], tricks: list[int] | None = None) -> Tally:
    tally = Tally()
    for value, taken in zip(values, tricks or [0] * len(values), strict=True):
        tally.add(Outcome(net=value, utility=value, tricks=taken, march=False, made=False, euchred_them=False))
    return tally


def test_only_a_tie_of_cards_that_are_not_equivalent_asks_for_more_worlds() -> None:
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)
    same = [1.0, 0.0, 1.0]
    assert unseparated_tie({"play:9C": _tally(same), "play:AH": _tally(same), "play:TC": _tally([0.0, 0.0, 0.0])}, view)
    assert not unseparated_tie({"play:9C": _tally(same), "play:TC": _tally(same), "play:AH": _tally([0.0, 0.0, 0.0])}, view)
    assert not unseparated_tie({"play:9C": _tally(same), "play:AH": _tally([0.0, 1.0, 0.0])}, view)  # far apart


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


def test_a_tie_of_the_favourite_with_another_card_asks_for_more_worlds_too() -> None:
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)  # seat 1 holds 9C TC AH
    tallies = {"play:TC": _tally([1.0, 1.0, 1.0]), "play:AH": _tally([0.0, 0.5, 0.0]), "play:9C": _tally([0.0, 0.5, 0.0])}
    assert not unseparated_tie(tallies, view)  # the best card, TC, ties with none
    assert unseparated_tie(tallies, view, favourite="play:AH")  # the favourite ties with a card not equivalent to it
    assert not unseparated_tie({**tallies, "play:9C": _tally([0.2, 0.0, 0.2])}, view, favourite="play:AH")  # apart


SAME = [1.0, 0.0] * 50  # a hundred worlds' worths: near twins differ in three of them at most


def _changed(worlds: dict[int, float]) -> list[float]:
    """``SAME`` with the worths of a few worlds changed."""
    return [worlds.get(world, value) for world, value in enumerate(SAME)]


def test_a_near_twin_neither_ahead_nor_behind_in_the_few_worlds_that_differ_asks_for_more_worlds() -> None:
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)  # clubs trump; seat 1 holds 9C TC AH (9C and TC equivalent)
    even = _changed({1: 1.0, 2: 0.0})  # better in one world, worse in another
    ahead_in_one = _changed({1: 1.0})
    ahead_in_three = _changed({1: 1.0, 3: 1.0, 5: 1.0})
    apart = _changed({1: 1.0, 3: 1.0, 5: 1.0, 7: 1.0})  # differs in four worlds of a hundred: no twin
    tallies = {"play:9C": _tally(SAME), "play:AH": _tally(even), "play:TC": _tally(apart)}
    assert near_twins("play:9C", tallies) == {"play:AH": 2}
    assert unseparated_tie({"play:9C": _tally(SAME), "play:AH": _tally(even)}, view)
    assert unseparated_tie({"play:9C": _tally(SAME), "play:AH": _tally(ahead_in_one)}, view)  # too few to tell
    assert not unseparated_tie({"play:9C": _tally(SAME), "play:AH": _tally(ahead_in_three)}, view)  # AH never worse
    assert not unseparated_tie({"play:9C": _tally(SAME), "play:AH": _tally(apart)}, view)
    assert not unseparated_tie({"play:9C": _tally(SAME), "play:TC": _tally(even)}, view)  # equivalent cards


def test_the_credit_goes_to_a_near_twin_never_worse_and_better_in_some_world() -> None:
    ahead = _changed({1: 1.0})  # better in one world, the same in the others
    even = _changed({1: 1.0, 2: 0.0})  # better in one world, worse in another
    tallies = {"play:2H": _tally(SAME, [3] * 100), "play:TH": _tally(SAME, [4] * 100), "play:9D": _tally(ahead, [2] * 100)}
    assert more_tricks("play:2H", tallies) == "play:9D"  # never worse, better in a world: before more tricks
    assert more_tricks("play:TH", tallies) == "play:9D"
    assert more_tricks("play:9D", tallies) == "play:9D"
    assert more_tricks("play:2H", {**tallies, "play:9D": _tally(even, [5] * 100)}) == "play:TH"  # not never worse


def test_a_favourite_is_clearly_behind_only_beyond_the_noise_of_the_paired_difference() -> None:
    behind = _tally([0.0, 0.5, 0.0, 0.5, 0.0])
    assert clearly_behind(behind, [_tally([0.2, 0.7, 0.2, 0.7, 0.1])])  # ahead in every world
    assert clearly_behind(behind, [_tally([0.0, 0.5, 0.1, 0.5, 0.0]), _tally([0.3, 0.6, 0.2, 0.6, 0.2])])  # the best rival
    assert not clearly_behind(behind, [_tally([1.0, 0.0, 0.5, 0.0, 0.0])])  # ahead on average, within the noise
    assert not clearly_behind(behind, [_tally([0.0, 0.5, 0.0, 0.5, 0.0])])  # the same everywhere
    assert not clearly_behind(behind, [_tally([0.0, 0.0, 0.0, 0.0, 0.0])])  # behind it
    assert not clearly_behind(behind, [_tally([1.0, 1.0])])  # not the same worlds
    assert not clearly_behind(_tally([0.0]), [_tally([1.0])])  # one world has no noise to measure


def test_the_best_lead_is_the_best_rival_counted_on_the_same_worlds_with_its_standard_error() -> None:
    counted = _tally([0.0, 0.5, 0.0, 0.5, 0.0])
    lead, error = best_lead(counted, [_tally([0.1, 0.6, 0.1, 0.6, 0.1]), _tally([0.2, 0.8, 0.2, 0.6, 0.2]), _tally([9.0, 9.0])])
    assert lead == pytest.approx(0.2)  # the second rival: the best mean on the same five worlds
    assert error == pytest.approx((0.02 / 4 / 5) ** 0.5)  # differences 0.2, 0.3, 0.2, 0.1, 0.2
    assert best_lead(counted, [_tally([9.0, 9.0])]) is None  # no rival on the same worlds
    assert best_lead(_tally([0.0]), [_tally([1.0])]) is None  # one world has no noise to measure


# Positions of pimc's Ultimate self-play (``benchmarks/blunders.py --hands 6 --variants ultimate --seed 5``) where the
# heuristic's credit kept its choice over a card its worlds showed clearly better: the history, and the better card.
ULTIMATE_LEAD = (
    500017,
    [
        (0, "pass"),
        (1, "twos-threes:2D,3D,3H"),
        (2, "pass"),
        (3, "pass"),
        (0, "pass"),
        (1, "order"),
        (3, "discard:3C"),
        (0, "play:5D"),
        (1, "play:AD"),
        (2, "play:6D"),
        (3, "play:4D"),
        (1, "play:7D"),
        (2, "play:4C"),
        (3, "play:JD"),
        (0, "play:2C"),
        (3, "play:AS"),
        (0, "play:2S"),
        (1, "play:3S"),
        (2, "play:4S"),
        (3, "play:AH"),
        (0, "play:4H"),
        (1, "play:7H"),
        (2, "play:QH"),
    ],
)


def test_the_credit_does_not_undo_a_clear_lead_on_the_worlds() -> None:
    game = _position(*ULTIMATE_LEAD, variant="ultimate")
    observation = game.observation(3)  # diamonds trump; seat 3 leads from 9C 9D QD KD 2H 5H 6H
    assert [create("pimc", seed=bot_seed, time_budget=0).act(observation) for bot_seed in range(4)] == ["play:2H"] * 4
    bot = PimcBot(seed=0, time_budget=0)
    _, utilities, favourite, credit = bot._compare(observation)
    assert favourite == "play:9C" and credit == 0.0  # the heuristic's 9C, not credited
    full_credit = bot.prior_points("ultimate") * bot.game_score(View(observation)).prior_unit
    assert 0 < utilities["play:2H"] - utilities["play:9C"] < full_credit  # which would have kept it


def test_of_plays_worth_the_same_in_every_world_the_one_taking_more_tricks_is_preferred() -> None:
    same = [1.0, 0.0, 1.0]
    tallies = {
        "play:2H": _tally(same, [3, 2, 3]),
        "play:TH": _tally(same, [3, 3, 3]),
        "play:KS": _tally([0.0, 0.0, 0.5], [4, 4, 4]),  # more tricks, but worth less in two worlds of three: no twin
        "play:6D": _tally(same, [3, 2, 2]),
    }
    assert more_tricks("play:2H", tallies) == "play:TH"
    assert more_tricks("play:6D", tallies) == "play:TH"
    assert more_tricks("play:TH", tallies) == "play:TH"  # none of its twins takes more
    assert more_tricks("play:KS", tallies) == "play:KS"


# A lead of pimc's Ultimate self-play (seed 900007, as ``benchmarks/blunders.py`` plays it) where 2H and TH are worth
# the same in every world pimc draws: on 1,000 fresh worlds TH is better in 3 and never worse, and it takes more
# tricks on pimc's own worlds.
ULTIMATE_TRICKS = (
    900007,
    [
        (0, "pass"),
        (1, "pass"),
        (2, "twos-threes:3C,3D,2S"),
        (3, "pass"),
        (0, "pass"),
        (1, "pass"),
        (2, "pass"),
        (3, "order"),
        (3, "discard:7C"),
        (0, "play:AC"),
        (1, "play:2C"),
        (2, "play:5C"),
        (3, "play:2D"),
        (3, "play:3H"),
        (0, "play:KH"),
        (1, "play:6H"),
        (2, "play:4H"),
        (0, "play:AH"),
        (1, "play:9H"),
        (2, "play:8H"),
        (3, "play:5H"),
    ],
)


def test_a_tie_in_points_goes_to_the_card_that_takes_more_tricks() -> None:
    game = _position(*ULTIMATE_TRICKS, variant="ultimate")
    observation = game.observation(0)  # diamonds trump; seat 0 leads from 6D KD 2H TH 3S 6S 9S KS
    assert [create("pimc", seed=bot_seed, time_budget=0).act(observation) for bot_seed in range(6)] == ["play:TH"] * 6
    bot = PimcBot(seed=1, time_budget=0)  # a bot that drew no world telling the two apart
    _, utilities, favourite, _ = bot._compare(observation)
    assert utilities["play:2H"] == utilities["play:TH"]  # a tie in points on every world drawn
    assert decide(View(observation), bot._heuristic.settings) == "play:2H"  # the heuristic's card...
    assert favourite == "play:TH"  # ...hands its credit to the twin that takes more tricks


# Positions of pimc's self-play of standard Euchre (``benchmarks/ties.py --variant standard --hands 150 --seed 9``, as
# it played them before the count settled its ties) where the card it played tied in points and tricks, on every
# world it drew, with a card never worse on 840 fresh worlds and better in some: the history, the seat to act, the
# card it played on most bot seeds, and the better card.
COUNTED_TIES = [
    (
        900061,
        [
            (3, "pass"), (0, "pass"), (1, "pass"), (2, "order"), (2, "partner"), (2, "discard:KH"), (3, "play:AH"),
            (0, "play:JH"), (1, "play:JD"), (2, "play:9S"), (1, "play:AS"), (2, "play:JS"), (3, "play:9H"),
            (0, "play:KS"), (1, "play:QS"), (2, "play:9D"),
        ],
        3,
        "play:QC",
        "play:TH",
    ),
    (
        900122,
        [
            (2, "pass"), (3, "pass"), (0, "pass"), (1, "order"), (1, "alone"), (1, "discard:AC"), (2, "play:AS"),
            (0, "play:9S"), (1, "play:TH"), (1, "play:JH"), (2, "play:JD"),
        ],
        0,
        "play:TC",
        "play:JS",
    ),
    (
        900140,
        [
            (3, "pass"), (0, "pass"), (1, "pass"), (2, "order"), (2, "partner"), (2, "discard:9C"), (3, "play:AC"),
            (0, "play:9D"), (1, "play:QC"), (2, "play:9S"), (2, "play:JS"), (3, "play:9H"),
        ],
        0,
        "play:TD",
        "play:TH",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("seed", "history", "seat", "tied", "better"), COUNTED_TIES)
def test_a_tie_in_points_and_tricks_goes_to_the_card_the_count_values_most(
    seed: int, history: list[tuple[int, str]], seat: int, tied: str, better: str
) -> None:
    game = _position(seed, history)
    assert game.to_act == seat
    observation = game.observation(seat)
    assert [create("pimc", seed=bot_seed, time_budget=0).act(observation) for bot_seed in range(6)] == [better] * 6
    view = View(observation)
    same = _tally([1.0, 0.0, 1.0], [2, 1, 2])
    # The count picks among cards tied in points and tricks alike, and only there.
    assert counted_twin(view, tied, {tied: same, better: _tally([1.0, 0.0, 1.0], [2, 1, 2])}) == better
    assert counted_twin(view, tied, {tied: same, better: _tally([1.0, 0.0, 1.0], [2, 2, 2])}) == tied
    assert counted_twin(view, tied, {tied: same, better: _tally([1.0, 0.0, 0.5], [2, 1, 2])}) == tied
    assert counted_twin(view, tied, {tied: same}) == tied


def test_the_count_settles_no_tie_with_more_cards_in_the_hand_than_it_counts() -> None:
    game = _position(*ULTIMATE_TRICKS, variant="ultimate")
    view = View(game.observation(0))  # eight cards in the hand: more than the count's five
    tallies = {"play:2H": _tally([1.0, 0.0]), "play:TH": _tally([1.0, 0.0])}
    assert counted_twin(view, "play:2H", tallies) == "play:2H"
    assert counted_twin(view, "play:TH", tallies) == "play:TH"


def test_without_near_twins_only_an_exact_tie_asks_for_more_worlds_or_hands_on_the_credit() -> None:
    seed, history, _, _ = TIES[0]
    view = _view(seed, history)
    ahead_in_one = _changed({1: 1.0})
    tallies = {"play:9C": _tally(SAME), "play:AH": _tally(ahead_in_one)}
    assert unseparated_tie(tallies, view) and not unseparated_tie(tallies, view, twins=False)
    assert unseparated_tie({"play:9C": _tally(SAME), "play:AH": _tally(SAME)}, view, twins=False)
    assert more_tricks("play:9C", tallies) == "play:AH" and more_tricks("play:9C", tallies, twins=False) == "play:9C"


def test_the_near_twins_setting_is_true_or_false() -> None:
    assert PimcBot().config.near_twins and not create("pimc", near_twins=False).config.near_twins  # type: ignore[attr-defined]
    with pytest.raises(bowers.OptionError, match="'near_twins' must be true or false, not 'no'"):
        PimcBot(near_twins="no")


def test_a_credit_against_a_lead_of_one_to_two_standard_errors_is_contested() -> None:
    favourite = _tally([0.0, 0.5, 0.0, 0.5, 0.0])
    # The best card's lead: 0.16 points, its standard error 0.075 (2.1 of them): clearly behind, not contested.
    assert not contested({"play:9C": favourite, "play:AH": _tally([0.2, 0.9, 0.0, 0.5, 0.2])}, "play:9C", 1.0)
    # 0.08 points with a standard error of 0.049 (1.6 of them): the credit of 1 would keep the favourite.
    rival = _tally([0.2, 0.7, 0.0, 0.5, 0.0])
    assert contested({"play:9C": favourite, "play:AH": rival}, "play:9C", 1.0)
    assert not contested({"play:9C": favourite, "play:AH": rival}, "play:9C", 0.05)  # too small a credit to keep it
    assert not contested({"play:9C": favourite, "play:AH": rival}, "play:9C", 0.0)
    assert not contested({"play:9C": favourite, "play:AH": rival}, "play:AH", 1.0)  # the favourite leads
    assert not contested({"play:9C": favourite, "play:AH": rival}, None, 1.0)  # no favourite (a learned decision)
    noisy = _tally([1.0, 0.0, 0.1, 0.5, 0.0])  # ahead by 0.12 on average, with a standard error of 0.24
    assert not contested({"play:9C": favourite, "play:AH": noisy}, "play:9C", 1.0)  # within one standard error
    assert not contested({"play:9C": favourite, "play:AH": _tally([1.0, 1.0])}, "play:9C", 1.0)  # not the same worlds


# A position of pimc's Ultimate self-play (``benchmarks/blunders.py --hands 100 --variants ultimate --seed 7``, seed
# 700083, action 23): seat 3 leads with hearts trump from 4H 8H QH 5S JS QS KS.  On 1,000 worlds 5S, the heuristic's
# card, loses 0.68 points on average to JS (worse in 59, better in 2), and 4H and 8H are within 0.05 of JS.  On its 80
# worlds the bot's credit kept 5S on bot seeds 4 and 5.
CONTESTED_LEAD = (
    700083,
    [
        (1, "twos-threes:2C,2H,2S"),
        (2, "pass"),
        (3, "pass"),
        (0, "pass"),
        (1, "pass"),
        (2, "order"),
        (0, "discard:3S"),
        (1, "play:AS"),
        (2, "play:8S"),
        (3, "play:4S"),
        (0, "play:3H"),
        (0, "play:AD"),
        (1, "play:4D"),
        (2, "play:2D"),
        (3, "play:8D"),
        (0, "play:9C"),
        (1, "play:QC"),
        (2, "play:5C"),
        (3, "play:7C"),
        (1, "play:4C"),
        (2, "play:6C"),
        (3, "play:AC"),
        (0, "play:3C"),
    ],
)


def test_a_credit_contested_by_the_worlds_draws_more_of_them() -> None:
    game = _position(*CONTESTED_LEAD, variant="ultimate")
    observation = game.observation(3)
    assert create("heuristic").act(observation) == "play:5S"
    assert create("pimc", seed=4, time_budget=0, contested_credit=False).act(observation) == "play:5S"
    for bot_seed in (0, 4, 5):
        bot = PimcBot(seed=bot_seed, time_budget=0)
        assert bot.act(observation) != "play:5S"
        assert bot_seed == 0 or bot.worlds_scored > 80  # the seeds whose 80 worlds left the credit deciding drew more


def test_the_contested_credit_setting_is_true_or_false() -> None:
    assert PimcBot().config.contested_credit and not create("pimc", contested_credit=False).config.contested_credit  # type: ignore[attr-defined]
    with pytest.raises(bowers.OptionError, match="'contested_credit' must be true or false, not 'no'"):
        PimcBot(contested_credit="no")
