"""A ``Rules`` value travels: it pickles, hashes, and a ``Game`` is made from it as from a name and options."""

from __future__ import annotations

import pickle

import pytest

from bowers import Game
from bowers.variants import VARIANTS, as_rules, make_rules


@pytest.mark.parametrize("name", list(VARIANTS))
def test_rules_pickle_to_equal_rules_with_equal_hashes(name: str) -> None:
    rules = make_rules(name)
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules
    assert hash(copy) == hash(rules)
    assert {rules: name}[copy] == name


def test_rules_with_other_options_differ_and_hash_apart() -> None:
    railroad, short = make_rules("railroad"), make_rules("railroad", deck=24)
    assert railroad != short
    assert len({railroad, short, make_rules("railroad", deck=32)}) == 2


def test_a_game_from_rules_deals_as_a_game_from_the_name_and_options() -> None:
    rules = make_rules("standard", stick_the_dealer=True, deck=32)
    by_value, by_name = Game(rules, seed=11), Game("standard", seed=11, stick_the_dealer=True, deck=32)
    assert by_value.rules == by_name.rules
    assert by_value.record() == by_name.record()


def test_options_given_with_rules_change_them() -> None:
    rules = as_rules(make_rules("railroad"), target=32)
    assert rules.target == 32
    assert Game(make_rules("railroad"), seed=1, target=32).rules == rules


def test_from_deal_takes_rules() -> None:
    game = Game("standard", seed=5)
    deal = game.record()["deals"][0]
    again = Game.from_deal(make_rules("standard"), deal["dealer"], deal["hands"], deal["kitty"], seed=5)
    assert again.hand_cards(0) == game.hand_cards(0)


def test_json_options_are_every_option_with_tuples_as_lists() -> None:
    rules = make_rules("railroad-6", initial_scores=(1, 2, 3))
    written = rules.json_options()
    assert written["initial_scores"] == [1, 2, 3]
    assert set(written) == set(rules.options)
    assert Game(rules, seed=1).options == written
