"""Auction Euchre (specification section 8): 23 cards, bids of tricks and suit or 5NT, the declarer takes the kitty."""

from __future__ import annotations

import pytest

import bowers

from .variant_helpers import (
    act,
    assert_no_secret_shown,
    finish_hand,
    first_trick_winner,
    game_of,
    names,
    random_hands_keep_secrets,
    refuse,
    result_of,
    trick,
)

ALL_BIDS = [f"bid:{level}{suit}" for level in "345" for suit in ("S", "C", "H", "D")] + ["bid:5NT"]

# Seat 3 deals.  Seat 0 holds the five highest hearts trumps (left bower JD first); the kitty TH 9H 9C.
B = ["JD JH AH KH QH", "AC KC QC JC TC", "AD KD QD TD 9D", "AS KS QS JS TS"]
B_KITTY = "TH 9H 9C"

# Seat 3 deals.  With hearts trump seat 0 holds three top trumps and two low clubs; seat 1 holds KH.
B2 = ["JD JH AH 9C TC", "AC KC QC JC KH", "AD KD QD TD 9D", "AS KS QS JS TS"]
B2_KITTY = "QH TH 9H"


def b_game() -> bowers.Game:
    return game_of("bid", 3, B, B_KITTY)


def test_deck_23_cards_without_nine_of_spades() -> None:
    """Bid: 23 cards (9-A of every suit but the 9 of spades), 5 each, 3 in the kitty, none turned up."""
    game = bowers.Game("bid", seed=3)
    deal = game.record()["deals"][0]
    assert [len(hand) for hand in deal["hands"]] == [5, 5, 5, 5]
    assert len(deal["kitty"]) == 3
    every = {c for hand in deal["hands"] for c in hand} | set(deal["kitty"])
    assert every == set(names(" ".join(r + s for s in "CDHS" for r in "9TJQKA"))) - {"9S"}
    assert game.observation(0)["turn_up"] is None
    assert game.phase == "auction"


def test_deal_packets_with_kitty_cards_between() -> None:
    """Bid: a given deck order deals one card to the kitty, 3-2-3-2, one to the kitty, 2-3-2-3, one to the kitty."""
    from bowers.game import deal_from_order

    rules = bowers.make_rules("bid")
    hands, kitty = deal_from_order(rules, 0, list(rules.deck))
    positions = [[i for i, card in enumerate(rules.deck) if hands[seat] >> card & 1] for seat in range(4)]
    assert positions[1] == [1, 2, 3, 12, 13]
    assert positions[2] == [4, 5, 14, 15, 16]
    assert positions[3] == [6, 7, 8, 17, 18]
    assert positions[0] == [9, 10, 19, 20, 21]
    assert kitty == [rules.deck[0], rules.deck[11], rules.deck[22]]


# ---------------------------------------------------------------------- the auction


def test_auction_starts_left_of_dealer_with_every_bid() -> None:
    """Bid auction: from the dealer's left; pass or any bid, ranked by tricks then suit (S < C < H < D), 5NT highest."""
    game = b_game()
    assert game.to_act == 0
    assert game.legal_actions() == ["pass", *ALL_BIDS]


def test_a_bid_must_beat_the_standing_bid() -> None:
    """Bid auction: a bid must beat the standing bid: more tricks, or equal tricks in a higher suit (D > H > C > S)."""
    game = b_game()
    act(game, "0:bid:3H")
    assert game.to_act == 1
    assert game.legal_actions() == ["pass", *ALL_BIDS[ALL_BIDS.index("bid:3D") :]]
    error = refuse(game, "bid:3C", seat=1)
    assert error.action == "bid:3C"
    assert "beat" in error.reason
    refuse(game, "bid:3H", seat=1)
    refuse(game, "bid:3S", seat=1)
    act(game, "1:bid:3D")
    assert game.legal_actions() == ["pass", *ALL_BIDS[ALL_BIDS.index("bid:4S") :]]
    act(game, "2:bid:4S")
    assert game.legal_actions() == ["pass", *ALL_BIDS[ALL_BIDS.index("bid:4C") :]]


def test_passed_players_stay_out_and_bidders_may_raise() -> None:
    """Bid auction: a player who passes stays out; one who has bid may bid again; it ends when all others have passed."""
    game = b_game()
    act(game, "0:bid:3H 1:bid:3D 2:bid:4S 3:pass 0:bid:4C 1:pass")
    assert game.to_act == 2
    act(game, "2:bid:4D")
    # Seats 3 and 1 passed: seat 0 is the only one left to answer.
    assert game.to_act == 0
    assert game.observation(1)["high_bidder"] == 2
    act(game, "0:pass")
    assert game.phase == "discard"
    assert game.to_act == 2
    assert game.observation(0)["contract"] == "4D"
    assert game.trump == "D"


def test_a_lone_bid_stands_once_the_others_pass() -> None:
    """Bid auction: a lone bid stands once the other three have passed, even the ones after it."""
    game = b_game()
    act(game, "0:pass 1:bid:3S 2:pass 3:pass")
    assert game.phase == "discard"
    assert game.to_act == 1
    assert game.observation(3)["contract"] == "3S"


def test_five_no_trump_ends_the_auction() -> None:
    """Bid auction: 5NT beats everything and ends the auction at once."""
    game = b_game()
    act(game, "0:bid:3H 1:bid:5NT")
    assert game.phase == "discard"
    assert game.to_act == 1
    assert game.trump == "NT"
    assert game.observation(2)["contract"] == "5NT"


def test_all_pass_is_a_misdeal() -> None:
    """Bid Decision: if all four pass without a bid, the hand is a misdeal and the deal passes left."""
    game = b_game()
    act(game, "0:pass 1:pass 2:pass 3:pass")
    result = result_of(game)
    assert result["misdeal"] is True
    assert result["points"] == [0, 0]
    assert result["contract"] is None
    assert game.dealer == 0
    assert game.to_act == 1


def test_dealer_bids_last_when_the_others_pass() -> None:
    """Bid auction: after three passes the dealer may still bid."""
    game = b_game()
    act(game, "0:pass 1:pass 2:pass")
    assert game.to_act == 3
    assert game.legal_actions() == ["pass", *ALL_BIDS]
    act(game, "3:bid:3C")
    assert game.phase == "discard"
    assert game.to_act == 3


# ---------------------------------------------------------------------- kitty and discard


def test_declarer_takes_the_kitty_discards_three_and_leads() -> None:
    """Bid: the declarer takes the 3 kitty cards, discards any 3 (discard:C,C,C) and leads the first trick."""
    game = b_game()
    act(game, "0:pass 1:bid:3C 2:pass 3:pass")
    assert game.hand_cards(1) == names("AC KC QC JC TC TH 9H 9C")
    assert len(game.legal_actions()) == 56
    act(game, "1:discard:TH,AC,9C")
    assert game.hand_cards(1) == names("KC QC JC TC 9H")
    assert game.phase == "play"
    assert game.to_act == 1


def test_declarer_discard_is_hidden_and_must_be_held() -> None:
    """Bid: the kitty and the declarer's discards are hidden from the others; discarding a card not held is refused."""
    game = b_game()
    act(game, "0:bid:3H 1:pass 2:pass 3:pass")
    assert_no_secret_shown(game)
    error = refuse(game, "discard:AC,TH,9H", seat=0)
    assert "AC" in error.reason
    refuse(game, "discard:TH", seat=0)
    act(game, "0:discard:TH,9H,9C")
    assert game.observation(0)["history"][-1] == [0, "discard:9C,9H,TH"]
    for seat in (1, 2, 3):
        assert game.observation(seat)["history"][-1] == [0, "discard:??,??,??"]
        assert not {"TH", "9H", "9C"} & set(str(game.observation(seat)).replace("'", " ").split())
    assert_no_secret_shown(game)


# ---------------------------------------------------------------------- trump order


@pytest.mark.parametrize(
    ("trump", "cards", "winner"),
    [
        ("H", ["JH", "JD", "AH", "KH"], "JD"),
        ("H", ["AH", "JH", "KH", "QH"], "JH"),
        ("H", ["KH", "AH", "QH", "TH"], "AH"),
        ("H", ["9H", "TH", "AC", "AS"], "TH"),
        ("S", ["JS", "JC", "AS", "KS"], "JC"),
        ("C", ["AD", "9C", "KD", "QD"], "9C"),
        ("NT", ["JD", "AD", "QD", "KD"], "AD"),
        ("NT", ["QH", "JH", "TH", "JD"], "QH"),
        ("NT", ["TS", "JS", "JC", "AC"], "JS"),
    ],
)
def test_left_bower_above_right_and_no_bowers_in_no_trump(trump: str, cards: list[str], winner: str) -> None:
    """Bid trump order: left bower > right bower > A > K > Q > 10 > 9; in no-trump every suit ranks A K Q J 10 9."""
    assert first_trick_winner("bid", trump, cards) == winner


# ---------------------------------------------------------------------- scoring


def test_bid_of_three_taking_five_scores_2() -> None:
    """Bid scoring Decision: points count tricks taken, so a bid of 3 that takes all 5 scores 2."""
    game = b_game()
    act(game, "0:bid:3H 1:pass 2:pass 3:pass 0:discard:TH,9H,9C")
    result = finish_hand(game)
    assert result["tricks"] == [5, 0, 0, 0]
    assert result["contract"] == "3H"
    assert result["points"] == [2, 0]


def test_contract_made_with_four_scores_1() -> None:
    """Bid scoring: a contract made with 4 tricks taken scores 1."""
    game = b_game()
    act(game, "0:bid:4H 1:pass 2:pass 3:pass 0:discard:QH,TH,9H")
    result = finish_hand(game)
    assert result["tricks"][0] + result["tricks"][2] == 4
    assert result["made"] is True
    assert result["contract"] == "4H"
    assert result["points"] == [1, 0]


def b2_play(game: bowers.Game) -> None:
    """Deal B2 with hearts trump: seat 0 takes three trump tricks, seat 1 the two club tricks."""
    assert trick(game, "0:JD 1:KH 2:9D 3:TS") == 0
    assert trick(game, "0:JH 1:AC 2:TD 3:JS") == 0
    assert trick(game, "0:AH 1:KC 2:QD 3:QS") == 0
    assert trick(game, "0:9C 1:QC 2:KD 3:KS") == 1
    assert trick(game, "1:JC 2:AD 3:AS 0:TC") == 1


def test_contract_made_with_three_scores_1() -> None:
    """Bid scoring: a bid of 3 that takes 3 tricks scores 1."""
    game = game_of("bid", 3, B2, B2_KITTY)
    act(game, "0:bid:3H 1:pass 2:pass 3:pass 0:discard:QH,TH,9H")
    b2_play(game)
    result = result_of(game)
    assert result["tricks"] == [3, 2, 0, 0]
    assert result["points"] == [1, 0]


def test_defeated_contract_gives_defenders_2() -> None:
    """Bid scoring: a contract defeated (fewer tricks than bid) gives the defenders 2."""
    game = game_of("bid", 3, B2, B2_KITTY)
    act(game, "0:bid:4H 1:pass 2:pass 3:pass 0:discard:QH,TH,9H")
    b2_play(game)
    result = result_of(game)
    assert result["made"] is False
    assert result["contract"] == "4H"
    assert result["points"] == [0, 2]


def test_five_no_trump_made_scores_2() -> None:
    """Bid scoring: 5NT made (all 5 tricks) scores 2; the contract reads 5NT and trump NT."""
    game = b_game()
    act(game, "0:bid:5NT 0:discard:JD,JH,9C")
    assert game.hand_cards(0) == names("AH KH QH TH 9H")
    result = finish_hand(game)
    assert result["tricks"] == [5, 0, 0, 0]
    assert result["trump"] == "NT"
    assert result["contract"] == "5NT"
    assert result["points"] == [2, 0]


def test_five_no_trump_defeated_gives_defenders_2() -> None:
    """Bid scoring: 5NT that loses a trick is defeated; the defenders score 2."""
    game = b_game()
    act(game, "0:bid:5NT 0:discard:TH,9H,JD")
    assert trick(game, "0:9C 1:TC 2:AD 3:TS") == 1
    result = finish_hand(game)
    assert result["made"] is False
    assert result["points"] == [0, 2]


def test_target_is_10() -> None:
    """Bid target Decision: 10 points."""
    game = game_of("bid", 3, B, B_KITTY, initial_scores=[8, 0])
    assert game.observation(0)["target"] == 10
    act(game, "0:bid:3H 1:pass 2:pass 3:pass 0:discard:TH,9H,9C")
    finish_hand(game)
    assert game.scores == [10, 0]
    assert game.winner == 0


def test_no_going_alone_in_bid() -> None:
    """Bid Decision: no going alone."""
    assert not {"alone", "partner", "order"} & set(bowers.action_space("bid"))
    game = b_game()
    act(game, "0:bid:3H 1:pass 2:pass 3:pass")
    refuse(game, "alone", seat=0)


def test_observations_never_show_hidden_cards() -> None:
    """Hidden information: in random bid hands no observation names another hand, the kitty or a discard."""
    assert random_hands_keep_secrets("bid", range(15), hands=2) > 200
