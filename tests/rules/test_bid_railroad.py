"""Bid Railroad (docs/variants.md, Decisions): bid's auction and kitty with Railroad's deck, Joker, loners and scoring."""

from __future__ import annotations

import pytest

import bowers

from .variant_helpers import act, finish_hand, game_of, names, random_hands_keep_secrets, refuse, result_of, trick

# Seat 3 deals.  Seat 0 holds the Joker and the top hearts, seat 1 clubs, seat 2 diamonds, seat 3 spades.
BR = ["JK JH JD AH QH 7C 8H", "AC KC QC JC TC 9C 8C", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
BR_KITTY = "KH TH 9H 7H 7S"
DISCARD_HEARTS_KITTY = "0:discard:7C 0:discard:7S 0:discard:7H 0:discard:9H 0:discard:8H"


def br_game(**options: object) -> bowers.Game:
    return game_of("bid-railroad", 3, BR, BR_KITTY, **options)


def test_railroad_deck_seven_each_kitty_five_no_turn_up() -> None:
    """Bid Railroad: Railroad's 33 cards, 7 each (packets 2-3-2), 5 in the kitty, nothing turned up."""
    game = bowers.Game("bid-railroad", seed=4)
    deal = game.record()["deals"][0]
    assert [len(hand) for hand in deal["hands"]] == [7, 7, 7, 7]
    assert len(deal["kitty"]) == 5
    dealt = sorted(card for hand in deal["hands"] for card in [*hand]) + deal["kitty"]
    assert sorted(dealt) == sorted(names("JK " + " ".join(r + s for s in "CDHS" for r in "789TJQKA")))
    assert game.observation(0)["turn_up"] is None
    assert game.phase == "auction"


def test_bids_are_four_to_seven_tricks_and_seven_no_trump() -> None:
    """Decision: suit bids name 4-7 of the 7 tricks (4 is what Railroad makers need); no-trump is bid for all 7."""
    game = br_game()
    assert game.to_act == 0  # the auction starts on the dealer's left
    bids = [a for a in game.legal_actions() if a.startswith("bid:")]
    assert bids == [f"bid:{n}{s}" for n in "4567" for s in "SCHD"] + ["bid:7NT"]
    refuse(game, "bid:3H", seat=0)
    refuse(game, "bid:5NT", seat=0)
    act(game, "0:bid:5H")
    assert "bid:5C" not in game.legal_actions() and "bid:5D" in game.legal_actions()


def test_auction_ends_when_the_others_pass_and_the_declarer_chooses_partner_alone_or_jambone() -> None:
    """Decision: after the auction the declarer says partner, alone or jambone (Railroad's maker's choice)."""
    game = br_game()
    act(game, "0:bid:4H 1:pass 2:pass 3:pass")
    assert game.phase == "maker-choice" and game.to_act == 0
    assert game.legal_actions() == ["partner", "alone", "jambone"]
    assert game.observation(1)["contract"] == "4H"


def test_declarer_takes_the_kitty_and_discards_five_one_at_a_time() -> None:
    """Decision: the declarer takes all 5 kitty cards and discards 5, one ``discard:<card>`` at a time, then leads."""
    game = br_game()
    act(game, "0:bid:4H 1:pass 2:pass 3:pass 0:partner")
    assert game.phase == "discard" and len(game.hand_cards(0)) == 12
    refuse(game, "discard:7C,7S,7H,9H,8H", seat=0)
    act(game, "0:discard:7C 0:discard:7S")
    assert game.phase == "discard" and len(game.hand_cards(0)) == 10
    assert game.observation(1)["history"][-1] == [0, "discard:??"]
    act(game, "0:discard:7H 0:discard:9H 0:discard:8H")
    assert game.phase == "play" and game.to_act == 0  # the declarer leads, as in bid
    assert game.hand_cards(0) == names("JD TH JH QH KH AH JK")


def test_jamboree_counts_kitty_cards_and_made_contract_scores_per_trick() -> None:
    """Railroad scoring: a made contract scores 1 per trick taken; a Jamboree (KH from the kitty) adds 16."""
    game = br_game()
    act(game, f"0:bid:4H 1:pass 2:pass 3:pass 0:partner {DISCARD_HEARTS_KITTY}")
    assert game.observation(2)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    result = finish_hand(game)
    assert result["contract"] == "4H" and result["made"] is True
    assert result["tricks"] == [7, 0, 0, 0]
    assert result["points"] == [7 + 16, 0]


def test_defeated_contract_gives_defenders_a_point_per_trick() -> None:
    """Decision: a contract is made with at least the tricks bid; defeated, the defenders score 1 per trick they took."""
    game = br_game()
    act(game, "0:pass 1:bid:7C 2:pass 3:pass 1:partner")
    act(game, "1:discard:TH 1:discard:9H 1:discard:7H 1:discard:KH 1:discard:7S")
    result = finish_hand(game)
    assert result["tricks"] == [1, 5, 0, 1]
    assert result["made"] is False
    assert result["points"] == [1, 0]


def test_lone_declarer_exchanges_before_the_kitty_and_scores_double() -> None:
    """Decision: alone comes with Railroad's exchange and the defenders' choice, before the kitty; 2 points a trick."""
    game = br_game()
    act(game, "0:bid:4H 1:pass 2:pass 3:pass 0:alone")
    assert game.phase == "exchange"
    act(game, "0:give:7C 2:give:AD")
    assert game.phase == "defend" and game.to_act == 1
    act(game, "1:pass 3:pass")
    assert game.phase == "discard" and len(game.hand_cards(0)) == 12
    act(game, "0:discard:AD 0:discard:7S 0:discard:7H 0:discard:9H 0:discard:8H")
    assert game.observation(1)["sitting_out"] == [2]
    result = finish_hand(game)
    assert result["tricks"] == [7, 0, 0, 0]
    assert result["points"] == [2 * 7 + 16, 0]


def test_lone_defender_scores_triple() -> None:
    """Railroad's lone defender in the auction game: it exchanges with its partner and scores 3 a trick when it wins."""
    game = br_game()
    act(game, "0:pass 1:pass 2:pass 3:bid:4D 3:alone 3:give:8S 1:give:AC 0:pass 2:defend-alone 2:give:7D 0:give:JK")
    assert game.observation(1)["sitting_out"] == [0, 1]
    act(game, "3:discard:7S 3:discard:7H 3:discard:9H 3:discard:TH 3:discard:KH")
    assert game.to_act == 3  # the declarer leads even against a lone defender
    result = finish_hand(game)
    assert result["lone_defender"] == 2 and result["made"] is False
    assert result["tricks"] == [0, 0, 7, 0]
    assert result["points"] == [21, 0]


def test_jambone_needs_all_seven() -> None:
    """Railroad's Jambone in the auction game: 28 for all 7 tricks whatever the contract (44 with a Jamboree)."""
    game = br_game()
    act(game, "0:bid:4H 1:pass 2:pass 3:pass 0:jambone 0:give:7C 2:give:7C")
    assert game.phase == "discard"  # a Jambone cannot be defended alone
    act(game, DISCARD_HEARTS_KITTY)
    result = finish_hand(game)
    assert result["jambone"] is True and result["tricks"] == [7, 0, 0, 0]
    assert result["points"] == [44, 0]


def test_seven_no_trump_ends_the_auction_and_the_joker_leads_with_a_suit() -> None:
    """Decision: in 7NT the Joker is Railroad's no-trump Joker: no suit, led with a suit named, and it wins any trick."""
    game = br_game()
    act(game, "0:bid:7NT")
    assert game.phase == "maker-choice" and game.trump == "NT"
    act(game, f"0:partner {DISCARD_HEARTS_KITTY}")
    assert game.observation(0)["jamboree"] == {}  # no Jamboree in no-trump
    legal = game.legal_actions()
    assert "play:JK" not in legal
    assert {"play:JK:C", "play:JK:D", "play:JK:H", "play:JK:S"} <= set(legal)
    assert trick(game, "0:play:JK:S 1:8C 2:7D 3:AS") == 0
    refuse(game, "play:JK", seat=0)


def test_everyone_passing_is_a_misdeal() -> None:
    """As in bid: four passes without a bid throw the hand in and the deal passes to the left."""
    game = br_game()
    act(game, "0:pass 1:pass 2:pass 3:pass")
    assert result_of(game)["misdeal"] is True
    assert game.dealer == 0


def test_options_and_their_defaults() -> None:
    """Decision: defend_alone (on), target 64, initial_scores, reneges, draw; no turn-up options (no turn-up)."""
    declared = bowers.variant("bid-railroad")
    assert [o.name for o in declared.options] == ["defend_alone", "target", "initial_scores", "reneges", "draw"]
    rules = bowers.make_rules("bid-railroad")
    assert (rules.defend_alone, rules.target, rules.renege_penalty, rules.renege_penalty_alone) == (True, 64, 2, 4)
    assert "defend-alone" not in bowers.action_space("bid-railroad", defend_alone=False)
    for option in ("stick_the_dealer", "alone_lead", "discard_turn_up", "deck"):
        with pytest.raises(bowers.OptionError):
            bowers.make_rules("bid-railroad", **{option: "true"})


def test_railroad_trump_order_not_bids() -> None:
    """Decision: the trumps rank as in Railroad (Joker, right bower, left bower, A ...), not bid's left-above-right."""
    rules = bowers.make_rules("bid-railroad")
    assert rules.left_above_right is False
    assert rules.trump_jokers == (52,)


def test_observations_never_show_hidden_cards() -> None:
    """Hidden information: in random hands no observation shows the kitty, a discard or another hand."""
    assert random_hands_keep_secrets("bid-railroad", range(6)) > 0
