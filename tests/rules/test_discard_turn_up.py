"""Option ``discard_turn_up`` (docs/variants.md, Decisions): false forbids the dealer to discard the card just taken up."""

from __future__ import annotations

import pytest

import bowers

from .deals import deal, run
from .variant_helpers import refuse

TURN_UP_VARIANTS = ("standard", "two-hand", "british", "railroad", "railroad-6")


@pytest.mark.parametrize("name", TURN_UP_VARIANTS)
def test_default_is_true_and_the_space_is_unchanged(name: str) -> None:
    """The option is on by default (the specification's rule) and adds or removes no action."""
    assert bowers.make_rules(name).discard_turn_up is True
    assert bowers.action_space(name, discard_turn_up=False) == bowers.action_space(name)


@pytest.mark.parametrize("name", ("ultimate", "bid", "bid-railroad"))
def test_not_an_option_where_it_does_not_apply(name: str) -> None:
    """Only the five variants named in docs/variants.md take the option."""
    with pytest.raises(bowers.OptionError):
        bowers.make_rules(name, discard_turn_up=False)


def test_standard_dealer_keeps_the_turn_up() -> None:
    """Standard, false: after an order the dealer may discard any card but the turn-up."""
    hands = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
    game = deal("standard", 3, hands, "KS TH 9H AS", discard_turn_up=False)
    run(game, "0:order 0:partner")
    assert game.to_act == 3
    assert "play:KS" not in game.legal_actions()
    assert game.legal_actions() == ["discard:AD", "discard:9S", "discard:TS", "discard:JS", "discard:QS"]
    error = refuse(game, "discard:KS", seat=3)
    assert "keeps the card just taken up (KS)" in error.reason
    run(game, "3:discard:9S")
    assert "KS" in game.hand_cards(3)


def test_standard_default_allows_discarding_the_turn_up() -> None:
    """Standard, true (default): the turn-up is among the dealer's discards."""
    hands = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
    game = deal("standard", 3, hands, "KS TH 9H AS")
    run(game, "0:order 0:partner")
    assert "discard:KS" in game.legal_actions()


def test_two_hand_pickup_choice_without_the_turn_up() -> None:
    """Two-hand, false: after the non-dealer orders, the dealer picks up discarding one of its own five, or declines."""
    game = deal("two-hand", 1, ["9C TC JC QC KC", "JH JD AH KH QH"], "AS", discard_turn_up=False)
    run(game, "0:order")
    assert game.phase == "pickup-choice"
    legal = game.legal_actions()
    assert "discard:AS" not in legal
    assert "decline" in legal
    assert sorted(legal) == sorted(["decline", "discard:JD", "discard:QH", "discard:KH", "discard:AH", "discard:JH"])
    refuse(game, "discard:AS", seat=1)


def test_two_hand_pickup_choice_default_offers_the_turn_up() -> None:
    """Two-hand, true: discarding the turn-up itself is one of the dealer's pick-up choices."""
    game = deal("two-hand", 1, ["9C TC JC QC KC", "JH JD AH KH QH"], "AS")
    run(game, "0:order")
    assert "discard:AS" in game.legal_actions()


def test_two_hand_dealer_who_accepts_keeps_the_turn_up() -> None:
    """Two-hand, false: the dealer's own order ("I accept") leads to a discard of any card but the turn-up."""
    game = deal("two-hand", 1, ["9C TC JC QC KC", "JH JD AH KH QH"], "AS", discard_turn_up=False)
    run(game, "0:pass 1:order")
    assert game.phase == "discard"
    assert "discard:AS" not in game.legal_actions()
    assert len(game.legal_actions()) == 5


def test_british_turned_up_joker_is_kept() -> None:
    """British, false: with the Joker turned up, the dealer names trump, takes the Joker and may not discard it."""
    hands = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
    game = deal("british", 3, hands, "JK TH 9H AS", discard_turn_up=False)
    run(game, "3:call:S 3:partner")
    assert game.phase == "discard"
    assert "discard:JK" not in game.legal_actions()
    refuse(game, "discard:JK", seat=3)


def test_railroad_ordered_joker_is_kept() -> None:
    """Railroad, false: an ordered Joker (a no-trump hand) cannot be discarded by the dealer."""
    hands = ["AC KC QC JC TC QH 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S", "JH JD AH KH 7C 8C 9C"]
    game = deal("railroad", 3, hands, "JK TH 9H 7H 7S", discard_turn_up=False)
    run(game, "0:order 0:partner")
    assert game.trump == "NT"
    assert game.phase == "discard"
    assert "discard:JK" not in game.legal_actions()
    assert len(game.legal_actions()) == 7


def test_railroad_six_dealer_keeps_the_turn_up() -> None:
    """Railroad-6, false: the dealer keeps the turn-up it took."""
    hands = ["JK JH AH 7C 8C", "AC KC QC JC TC", "AD KD QD TD 9D", "KH QH 8D 7D 9C", "AS KS QS JS TS", "9S 8S 7S JD 9H"]
    game = deal("railroad-6", 5, hands, "TH 8H 7H", discard_turn_up=False)
    run(game, "0:order 0:partner")
    assert game.to_act == 5
    assert "discard:TH" not in game.legal_actions()
    assert len(game.legal_actions()) == 5


def test_a_dealer_sitting_out_takes_nothing_either_way() -> None:
    """With the dealer sitting out (its partner alone) there is no pick-up, so the option changes nothing."""
    hands = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
    game = deal("standard", 3, hands, "KS TH 9H AS", discard_turn_up=False)
    run(game, "0:pass 1:order 1:alone")
    assert game.phase == "play"
    assert game.observation(0)["turn_up_state"] == "face-up"
