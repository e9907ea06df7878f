"""Railroad Euchre for four (specification section 5): Joker deck, no-trump, loner exchange, Jambone, Jamboree, scoring."""

from __future__ import annotations

import pytest

import bowers

from .variant_helpers import (
    act,
    assert_no_secret_shown,
    check_seating_follows_draw,
    draw_places,
    finish_hand,
    first_trick_winner,
    game_of,
    names,
    random_hands_keep_secrets,
    refuse,
    result_of,
    trick,
)

# Deal R, seat 3 deals and the turn-up is 7H.  Seat 0 holds five hearts trumps (no KH),
# seat 1 KH 9H and high clubs, seat 2 QH 8H and diamonds, seat 3 spades.
R = ["JK JH JD AH TH 7C 8C", "KH 9H AC KC QC JC TC", "QH 8H AD KD QD TD 9D", "AS KS QS JS TS 9S 8S"]
R_KITTY = "7H 7S 9C 8D 7D"

# Deal L, seat 3 deals, turn-up 7H: seat 0 is weak in hearts, seat 1 (its left) strong.
L = ["JH AH KH 7C 8C 7D 8D", "JK JD QH TH AC KC AD", "9H 8H QC JC TC 9C KD", "AS KS QS JS TS 9S 8S"]
L_KITTY = "7H QD TD 9D 7S"

# Deal J, seat 3 deals, turn-up 7H: seat 0 holds the seven highest trumps in play (KH lies in the kitty).
J = ["JK JH JD AH QH TH 9H", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
J_KITTY = "7H KH 7C 8C 7S"

# Deal N, seat 3 deals and the Joker is turned up; seat 3 holds JH JD AH KH.
N = ["AC KC QC JC TC QH 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S", "JH JD AH KH 7C 8C 9C"]
N_KITTY = "JK TH 9H 7H 7S"


def r_game(**options: object) -> bowers.Game:
    return game_of("railroad", 3, R, R_KITTY, **options)


# ---------------------------------------------------------------------- deck, deal, trump order


def test_deck_is_33_cards_seven_each_kitty_five() -> None:
    """Railroad deals 7 cards each from 33 (7-A and the Joker); the kitty holds 5, its top card turned up."""
    game = bowers.Game("railroad", seed=11)
    deal = game.record()["deals"][0]
    dealt = [card for hand in deal["hands"] for card in hand] + deal["kitty"]
    assert [len(hand) for hand in deal["hands"]] == [7, 7, 7, 7]
    assert len(deal["kitty"]) == 5
    assert sorted(dealt) == sorted(names("JK " + " ".join(r + s for s in "CDHS" for r in "789TJQKA")))
    assert game.observation(0)["turn_up"] == deal["kitty"][0]


def test_deck_option_offers_32_and_24_only() -> None:
    """Option ``deck``: 32 (7-A, the default) or 24 (9-A), the Joker added to either; nothing else."""
    assert len(bowers.make_rules("railroad").deck) == 33
    assert len(bowers.make_rules("railroad", deck=24).deck) == 25
    with pytest.raises(bowers.OptionError):
        bowers.Game("railroad", seed=1, deck=25)


def test_deal_packets_two_three_two() -> None:
    """A given deck order is dealt from the dealer's left in packets of 2-3-2; the last five cards are the kitty."""
    from bowers.game import deal_from_order

    rules = bowers.make_rules("railroad")
    hands, kitty = deal_from_order(rules, 1, list(rules.deck))
    positions = {seat: [i for i, card in enumerate(rules.deck) if hands[seat] >> card & 1] for seat in range(4)}
    assert positions[2] == [0, 1, 8, 9, 10, 20, 21]
    assert positions[3] == [2, 3, 11, 12, 13, 22, 23]
    assert positions[0] == [4, 5, 14, 15, 16, 24, 25]
    assert positions[1] == [6, 7, 17, 18, 19, 26, 27]
    assert kitty == list(rules.deck[28:])


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["JH", "JK", "JD", "AH"], "JK"),
        (["JD", "JH", "AH", "KH"], "JH"),
        (["AH", "JD", "KH", "QH"], "JD"),
        (["KH", "AH", "QH", "TH"], "AH"),
        (["QH", "KH", "TH", "9H"], "KH"),
        (["TH", "QH", "9H", "8H"], "QH"),
        (["9H", "TH", "8H", "7H"], "TH"),
        (["8H", "9H", "7H", "AC"], "9H"),
        (["7H", "8H", "AS", "AC"], "8H"),
        (["AC", "7H", "KC", "QC"], "7H"),
    ],
)
def test_trump_order_joker_right_left_ace_king_down_to_seven(cards: list[str], winner: str) -> None:
    """Railroad trump order: Joker > right bower > left bower > A > K > Q > 10 > 9 > 8 > 7, and any trump beats a plain ace."""
    assert first_trick_winner("railroad", "H", cards) == winner


# ---------------------------------------------------------------------- bidding and the Joker turned up


def test_maker_chooses_partner_alone_or_jambone() -> None:
    """Railroad: after the order the maker (and only the maker) says partner, alone or jambone."""
    game = r_game()
    act(game, "0:order")
    assert game.phase == "maker-choice"
    assert game.to_act == 0
    assert game.legal_actions() == ["partner", "alone", "jambone"]
    error = refuse(game, "jambone", seat=1)
    assert error.seat == 1


def test_round_two_may_not_name_the_turned_down_suit() -> None:
    """Railroad round 2 offers the three suits other than the turned-down one (Decision, as in standard)."""
    game = r_game()
    act(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.phase == "round-2"
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    error = refuse(game, "call:H", seat=0)
    assert error.action == "call:H"
    assert "H" in error.reason


def test_misdeal_when_everyone_passes_twice() -> None:
    """Railroad misdeal: all pass both rounds, the hand is dead (no points) and the deal passes to the left."""
    game = r_game()
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass")
    result = result_of(game)
    assert result["misdeal"] is True
    assert result["points"] == [0, 0]
    assert game.scores == [0, 0]
    assert game.hand_number == 1
    assert game.dealer == 0
    assert game.to_act == 1


def test_stick_the_dealer_option() -> None:
    """Railroad option stick_the_dealer: the dealer may not pass in round 2."""
    game = r_game(stick_the_dealer=True)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass")
    assert game.to_act == 3
    assert game.legal_actions() == ["call:C", "call:D", "call:S"]
    refuse(game, "pass", seat=3)


def test_ordering_the_turned_up_joker_makes_no_trump() -> None:
    """Railroad: ordering up a turned-up Joker makes the hand no-trump; the dealer takes the Joker and discards."""
    game = game_of("railroad", 3, N, N_KITTY)
    assert game.legal_actions() == ["pass", "order"]
    act(game, "0:order 0:partner")
    assert game.trump == "NT"
    assert game.phase == "discard"
    assert game.to_act == 3
    assert "JK" in game.hand_cards(3)
    assert len(game.hand_cards(3)) == 8
    act(game, "3:discard:7C")
    assert game.phase == "play"
    assert game.hand_cards(3) == names("JK JH JD AH KH 8C 9C")
    assert game.observation(1)["trump"] == "NT"


def test_turned_down_joker_lets_round_two_name_any_suit() -> None:
    """Railroad Decision: a turned-down Joker lets round 2 name any of the four suits (never no-trump)."""
    game = game_of("railroad", 3, N, N_KITTY)
    act(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.observation(0)["turn_up_state"] == "turned-down"
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H", "call:S"]
    act(game, "0:call:H 0:partner")
    assert game.trump == "H"
    assert game.phase == "play"


# ---------------------------------------------------------------------- no-trump play


def no_trump_game() -> bowers.Game:
    game = game_of("railroad", 3, N, N_KITTY)
    act(game, "0:order 0:partner 3:discard:7C")
    return game


def test_no_trump_has_no_bowers_and_aces_high() -> None:
    """Railroad no-trump: no bowers (every Jack is an ordinary card of its suit) and the ace is high in every suit."""
    game = no_trump_game()
    act(game, "0:QH 1:7D 2:8S")
    # Seat 3 must follow hearts: JH is a heart, JD is not, and the Joker may not be played.
    assert game.legal_actions() == ["play:JH", "play:KH", "play:AH"]
    assert trick(game, "3:AH") == 3
    # JD leads diamonds and loses to the ace of diamonds.
    assert trick(game, "3:JD 0:TC 1:AD 2:9S") == 1
    assert trick(game, "1:TD 2:TS 3:8C 0:8H") == 1
    # The black Jacks are no trumps either: both lose to the nine of diamonds led.
    assert trick(game, "1:9D 2:JS 3:9C 0:JC") == 1


def test_no_trump_joker_led_names_the_suit_to_follow() -> None:
    """Railroad no-trump: the Joker is led with a named suit (play:JK:S); the others must follow that suit; the Joker wins."""
    game = no_trump_game()
    assert trick(game, "0:QH 1:7D 2:8S 3:AH") == 3
    legal = game.legal_actions()
    assert "play:JK" not in legal
    assert legal[-4:] == ["play:JK:C", "play:JK:D", "play:JK:H", "play:JK:S"]
    refuse(game, "play:JK", seat=3)
    act(game, "3:play:JK:S")
    assert game.observation(0)["trick"] == [[3, "JK"]]
    # Seat 0 has no spades: any card.  Seat 2 holds spades: spades only.
    assert game.legal_actions() == ["play:TC", "play:JC", "play:QC", "play:KC", "play:AC", "play:8H"]
    act(game, "0:8H 1:8D")
    assert game.legal_actions() == ["play:9S", "play:TS", "play:JS", "play:QS", "play:KS", "play:AS"]
    act(game, "2:AS")
    assert game.observation(1)["tricks_won"] == [0, 0, 0, 2]


def test_no_trump_joker_only_when_void_and_wins_any_trick() -> None:
    """Railroad no-trump: the Joker may be played only when unable to follow the suit led, and then wins the trick."""
    game = no_trump_game()
    act(game, "0:QH 1:7D 2:8S")
    error = refuse(game, "play:JK", seat=3)
    assert "follow" in error.reason
    assert trick(game, "3:JH") == 0
    act(game, "0:AC 1:8D 2:9S")
    assert "play:JK" not in game.legal_actions()
    assert trick(game, "3:8C") == 0
    act(game, "0:KC 1:9D 2:TS")
    assert trick(game, "3:9C") == 0
    # Seat 3 is now void in clubs: the Joker is legal and beats the queen of clubs.
    act(game, "0:QC 1:TD 2:JS")
    assert "play:JK" in game.legal_actions()
    assert trick(game, "3:JK") == 3


def test_no_jamboree_in_no_trump() -> None:
    """Railroad Jamboree is not possible in no-trump, even holding the Joker, both red Jacks, AH and KH."""
    game = no_trump_game()
    assert game.observation(0)["jamboree"] == {}
    result = finish_hand(game)
    assert result["jamboree"] == []
    assert result["trump"] == "NT"


# ---------------------------------------------------------------------- the loner exchange


def test_loner_exchange_give_and_give_back_then_partner_sits_out() -> None:
    """Railroad loner exchange: the lone player gives a card, its partner gives any card back (even that one), then sits out."""
    game = r_game()
    act(game, "0:order 0:alone")
    assert game.phase == "exchange"
    assert game.to_act == 0
    assert game.legal_actions() == [f"give:{c}" for c in names("JK JH JD AH TH 7C 8C")]
    assert game.observation(0)["sitting_out"] == []
    act(game, "0:give:7C")
    assert game.to_act == 2
    assert "give:7C" in game.legal_actions()
    assert len(game.legal_actions()) == 8
    act(game, "2:give:7C")
    assert game.hand_cards(0) == names("JK JH JD AH TH 7C 8C")
    assert game.hand_cards(2) == names("QH 8H AD KD QD TD 9D")
    assert game.observation(1)["sitting_out"] == [2]
    assert game.phase == "defend"


def test_loner_exchange_moves_the_cards() -> None:
    """Railroad loner exchange: the card given leaves the giver's hand for the receiver's, both ways."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH")
    assert game.hand_cards(0) == names("JK JH JD AH TH QH 8C")
    assert game.hand_cards(2) == names("7C 8H AD KD QD TD 9D")


def test_loner_exchange_refuses_a_card_not_held() -> None:
    """Railroad loner exchange: giving a card the giver does not hold is refused and changes nothing."""
    game = r_game()
    act(game, "0:order 0:alone")
    error = refuse(game, "give:AD", seat=0)
    assert error.seat == 0
    assert error.action == "give:AD"
    assert "AD" in error.reason
    act(game, "0:give:7C")
    error = refuse(game, "give:JK", seat=2)
    assert "JK" in error.reason
    refuse(game, "give:AD", seat=0)


def test_loner_exchange_cards_are_seen_only_by_giver_and_receiver() -> None:
    """Hidden information: a card passed in the loner exchange is seen by its giver and receiver only (give:?? to the others)."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH")
    full = [[0, "order"], [0, "alone"], [0, "give:7C"], [2, "give:QH"]]
    masked = [[0, "order"], [0, "alone"], [0, "give:??"], [2, "give:??"]]
    assert game.observation(0)["history"] == full
    assert game.observation(2)["history"] == full
    assert game.observation(1)["history"] == masked
    assert game.observation(3)["history"] == masked
    assert_no_secret_shown(game)
    act(game, "1:pass 3:pass 3:discard:8S")
    assert game.observation(1)["history"][-1] == [3, "discard:??"]
    assert game.observation(3)["history"][-1] == [3, "discard:8S"]
    assert_no_secret_shown(game)


def test_exchange_comes_before_the_dealers_pickup() -> None:
    """Railroad order of steps: alone, the loner exchange, defend-alone, then the dealer's pick-up and discard."""
    game = r_game()
    act(game, "0:order 0:alone")
    assert game.phase == "exchange"
    assert game.observation(3)["turn_up_state"] == "face-up"
    assert len(game.hand_cards(3)) == 7
    act(game, "0:give:7C 2:give:QH")
    assert game.phase == "defend"
    assert len(game.hand_cards(3)) == 7
    act(game, "1:pass 3:pass")
    assert game.phase == "discard"
    assert game.to_act == 3
    assert game.hand_cards(3) == names("7H AS KS QS JS TS 9S 8S")
    # Decision: the dealer may discard any of its cards, the turn-up included.
    assert game.legal_actions() == [f"discard:{c}" for c in names("7H AS KS QS JS TS 9S 8S")]


def test_dealer_going_alone_exchanges_before_picking_up() -> None:
    """Railroad: a dealer who goes alone makes its loner exchange before taking the turn-up (it cannot give the turn-up)."""
    game = r_game()
    act(game, "0:pass 1:pass 2:pass 3:order 3:alone")
    assert game.phase == "exchange"
    refuse(game, "give:7H", seat=3)
    act(game, "3:give:8S 1:give:9H 0:pass 2:pass")
    assert game.phase == "discard"
    assert game.hand_cards(3) == names("7H 9H AS KS QS JS TS 9S")
    assert game.observation(0)["sitting_out"] == [1]


def test_dealer_sitting_out_does_not_pick_up() -> None:
    """Railroad: if the dealer sits out (its partner went alone) the turn-up is not picked up and play begins."""
    game = r_game()
    act(game, "0:pass 1:order 1:alone 1:give:9H 3:give:8S 2:pass 0:pass")
    assert game.phase == "play"
    assert game.hand_cards(3) == names("9H AS KS QS JS TS 9S")
    assert "7H" not in game.hand_cards(1)
    assert game.observation(0)["sitting_out"] == [3]
    assert game.to_act == 0


def test_first_lead_skips_a_sitting_out_dealers_left() -> None:
    """Railroad Decision: the player left of the dealer leads, or the next active player if that one sits out."""
    game = r_game()
    act(game, "0:pass 1:pass 2:order 2:alone 2:give:QH 0:give:7C 3:pass 1:pass 3:discard:8S")
    assert game.phase == "play"
    assert game.observation(1)["sitting_out"] == [0]
    assert game.to_act == 1


@pytest.mark.parametrize(("alone_lead", "leader"), [("dealer-left", 0), ("maker-left", 2)])
def test_alone_lead_option(alone_lead: str, leader: int) -> None:
    """Railroad option alone_lead: dealer-left (default) or maker-left leads when someone goes alone."""
    game = r_game(alone_lead=alone_lead)
    act(game, "0:pass 1:order 1:alone 1:give:9H 3:give:8S 2:pass 0:pass")
    assert game.to_act == leader


# ---------------------------------------------------------------------- defending alone


def test_defend_alone_is_offered_from_the_makers_left() -> None:
    """Railroad defend_alone (default on): after alone and its exchange, each opponent from the maker's left may defend alone."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH")
    assert game.to_act == 1
    assert game.legal_actions() == ["pass", "defend-alone"]
    act(game, "1:pass")
    assert game.to_act == 3
    assert game.legal_actions() == ["pass", "defend-alone"]
    act(game, "3:pass")
    assert game.phase == "discard"
    assert game.observation(0)["lone_defender"] is None


def test_defend_alone_option_off() -> None:
    """Railroad option defend_alone=false: no one is asked to defend alone."""
    game = r_game(defend_alone=False)
    act(game, "0:order 0:alone 0:give:7C 2:give:QH")
    assert game.phase == "discard"
    assert game.to_act == 3


def test_lone_defender_exchanges_and_its_partner_sits_out() -> None:
    """Railroad: the first to defend alone exchanges with its partner, who sits out; the other opponent is not asked."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:defend-alone")
    assert game.phase == "exchange"
    assert game.to_act == 1
    act(game, "1:give:9H")
    assert game.to_act == 3
    assert "give:9H" in game.legal_actions()
    act(game, "3:give:AS")
    assert game.hand_cards(1) == names("KH AC KC QC JC TC AS")
    assert game.observation(0)["sitting_out"] == [2, 3]
    assert game.observation(0)["lone_defender"] == 1
    # The dealer sits out, so the turn-up stays where it is and play begins at once.
    assert game.phase == "play"
    assert game.to_act == 0
    assert game.observation(2)["history"][-2:] == [[1, "give:??"], [3, "give:??"]]
    assert game.observation(3)["history"][-2:] == [[1, "give:9H"], [3, "give:AS"]]


def test_dealer_defending_alone_picks_up_after_the_exchanges() -> None:
    """Railroad: a dealer who defends alone makes its exchange, then takes the turn-up and discards."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:pass 3:defend-alone 3:give:8S 1:give:KH")
    assert game.phase == "discard"
    assert game.hand_cards(3) == names("7H KH AS KS QS JS TS 9S")
    assert game.observation(0)["sitting_out"] == [1, 2]


# ---------------------------------------------------------------------- scoring


def play_r_with_partner(game: bowers.Game, bidding: str) -> None:
    """Deal R played with partners: seat 0 takes five tricks with its trumps, seat 1 the last two with clubs."""
    act(game, bidding)
    assert trick(game, "0:JK 1:9H 2:8H 3:7H") == 0
    assert trick(game, "0:JH 1:KH 2:QH 3:9S") == 0
    assert trick(game, "0:JD 1:AC 2:AD 3:TS") == 0
    assert trick(game, "0:AH 1:KC 2:KD 3:JS") == 0
    assert trick(game, "0:TH 1:QC 2:QD 3:QS") == 0
    assert trick(game, "0:7C 1:JC 2:TD 3:KS") == 1
    assert trick(game, "1:TC 2:9D 3:AS 0:8C") == 1


def test_makers_with_partner_score_one_per_trick() -> None:
    """Railroad scoring: makers with partner who take 4-7 tricks score 1 point per trick taken."""
    game = r_game()
    play_r_with_partner(game, "0:order 0:partner 3:discard:8S")
    result = result_of(game)
    assert result["tricks"] == [5, 2, 0, 0]
    assert result["made"] is True
    assert result["points"] == [5, 0]
    assert game.scores == [5, 0]


def test_makers_with_partner_failing_give_defenders_one_per_trick() -> None:
    """Railroad scoring: makers with partner who take 0-3 tricks give the defenders 1 point per trick they took."""
    game = r_game()
    play_r_with_partner(game, "0:pass 1:order 1:partner 3:discard:8S")
    result = result_of(game)
    assert result["maker"] == 1
    assert result["made"] is False
    assert result["points"] == [5, 0]


def test_lone_maker_scores_two_per_trick() -> None:
    """Railroad scoring: a lone maker who takes 4-7 tricks scores 2 points per trick taken."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:pass 3:pass 3:discard:8S")
    assert trick(game, "0:JK 1:9H 3:7H") == 0
    assert trick(game, "0:JH 1:KH 3:9S") == 0
    assert trick(game, "0:JD 1:AC 3:TS") == 0
    assert trick(game, "0:AH 1:KC 3:JS") == 0
    assert trick(game, "0:TH 1:QC 3:QS") == 0
    assert trick(game, "0:QH 1:JC 3:KS") == 0
    assert trick(game, "0:8C 1:TC 3:AS") == 1
    result = result_of(game)
    assert result["alone"] is True
    assert result["tricks"] == [6, 1, 0, 0]
    assert result["points"] == [12, 0]


def test_lone_maker_failing_gives_defenders_two_per_trick() -> None:
    """Railroad scoring: a lone maker who takes 0-3 tricks (no lone defender) gives the defenders 2 points per trick they took."""
    game = game_of("railroad", 3, L, L_KITTY)
    act(game, "0:order 0:alone 0:give:7D 2:give:9H 1:pass 3:pass 3:discard:8S")
    assert trick(game, "0:JH 1:JK 3:7H") == 1
    assert trick(game, "1:AC 3:AS 0:7C") == 1
    assert trick(game, "1:AD 3:KS 0:8D") == 1
    assert trick(game, "1:KC 3:QS 0:8C") == 1
    assert trick(game, "1:TH 3:JS 0:AH") == 0
    assert trick(game, "0:KH 1:QH 3:TS") == 0
    assert trick(game, "0:9H 1:JD 3:9S") == 1
    result = result_of(game)
    assert result["tricks"] == [2, 5, 0, 0]
    assert result["lone_defender"] is None
    assert result["points"] == [0, 10]


def test_lone_defender_taking_four_or_more_scores_three_per_trick() -> None:
    """Railroad scoring Decision: a lone defender who takes 4-7 tricks scores 3 points per trick taken."""
    game = game_of("railroad", 3, L, L_KITTY)
    act(game, "0:order 0:alone 0:give:7D 2:give:9H 1:defend-alone 1:give:KC 3:give:AS")
    assert game.phase == "play"
    assert trick(game, "0:JH 1:JK") == 1
    assert trick(game, "1:AC 0:7C") == 1
    assert trick(game, "1:AD 0:8D") == 1
    assert trick(game, "1:AS 0:8C") == 1
    assert trick(game, "1:TH 0:AH") == 0
    assert trick(game, "0:KH 1:QH") == 0
    assert trick(game, "0:9H 1:JD") == 1
    result = result_of(game)
    assert result["lone_defender"] == 1
    assert result["tricks"] == [2, 5, 0, 0]
    assert result["points"] == [0, 15]


def test_lone_maker_beating_a_lone_defender_scores_two_per_trick() -> None:
    """Railroad scoring: a lone maker who takes 4-7 tricks against a lone defender scores 2 points per trick."""
    game = r_game()
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:defend-alone 1:give:9H 3:give:AS")
    assert trick(game, "0:JK 1:KH") == 0
    assert trick(game, "0:JH 1:AC") == 0
    assert trick(game, "0:JD 1:KC") == 0
    assert trick(game, "0:AH 1:QC") == 0
    assert trick(game, "0:8C 1:JC") == 1
    assert trick(game, "1:AS 0:TH") == 0
    assert trick(game, "0:QH 1:TC") == 0
    result = result_of(game)
    assert result["tricks"] == [6, 1, 0, 0]
    assert result["points"] == [12, 0]


def test_target_is_64() -> None:
    """Railroad target: 64 points; a team reaching it wins."""
    game = r_game(initial_scores=[60, 0])
    assert game.observation(0)["target"] == 64
    play_r_with_partner(game, "0:order 0:partner 3:discard:8S")
    assert game.scores == [65, 0]
    assert game.is_over
    assert game.winner == 0


# ---------------------------------------------------------------------- Jambone


def jambone_game(kitty: str = J_KITTY, hands: list[str] | None = None) -> bowers.Game:
    game = game_of("railroad", 3, hands or J, kitty)
    act(game, "0:order 0:jambone")
    return game


def test_jambone_includes_the_loner_exchange_and_cannot_be_defended() -> None:
    """Railroad Jambone: the maker's jambone includes the loner exchange; no one may defend it alone."""
    game = jambone_game()
    assert game.phase == "exchange"
    act(game, "0:give:9H 2:give:9H")
    assert game.phase == "discard"
    assert game.to_act == 3
    assert "defend-alone" not in game.legal_actions()
    refuse(game, "defend-alone", seat=3)
    act(game, "3:discard:8S")
    assert game.phase == "play"
    assert game.observation(0)["sitting_out"] == [2]


def test_jambone_hand_is_exposed_to_everyone() -> None:
    """Railroad Jambone: the lone player's hand is played face up, in every seat's observation."""
    game = jambone_game()
    act(game, "0:give:9H 2:give:9H 3:discard:8S")
    for seat in range(4):
        assert game.observation(seat)["exposed"] == {"0": names("JK JH JD AH QH TH 9H")}
        assert game.observation(seat)["jambone"] is True
    act(game, "1:JK")
    assert game.observation(3)["exposed"] == {"0": names("JH JD AH QH TH 9H")}
    assert_no_secret_shown(game)


def test_jambone_plays_are_chosen_by_the_opponent_on_its_left() -> None:
    """Railroad Jambone Decision: the opponent on the Jambone's left is to_act and chooses each Jambone play from its hand."""
    game = jambone_game()
    act(game, "0:give:9H 2:give:9H 3:discard:8S")
    assert game.observation(0)["turn"] == 0
    assert game.to_act == 1
    assert game.legal_actions() == [f"play:{c}" for c in names("JK JH JD AH QH TH 9H")]
    assert game.observation(1)["legal_actions"] == game.legal_actions()
    assert game.observation(0)["legal_actions"] == []
    refuse(game, "play:9H", seat=0)
    refuse(game, "play:AC", seat=1)
    act(game, "1:9H")
    assert game.hand_cards(0) == names("JK JH JD AH QH TH")
    # Seat 1 then plays its own card.
    assert game.to_act == 1
    assert game.legal_actions() == ["play:8H"]


def test_jambone_taking_all_seven_scores_28() -> None:
    """Railroad scoring: a Jambone that takes all 7 tricks scores 28 for the makers."""
    game = jambone_game()
    act(game, "0:give:9H 2:give:9H 3:discard:8S")
    assert trick(game, "1:JK 1:8H 3:7H") == 0
    for card, follow, dealer in [("JH", "AC", "AS"), ("JD", "KC", "KS"), ("AH", "QC", "QS"), ("QH", "JC", "JS")]:
        assert trick(game, f"1:{card} 1:{follow} 3:{dealer}") == 0
    assert trick(game, "1:TH 1:TC 3:TS") == 0
    assert trick(game, "1:9H 1:9C 3:9S") == 0
    result = result_of(game)
    assert result["jambone"] is True
    assert result["tricks"] == [7, 0, 0, 0]
    assert result["points"] == [28, 0]
    assert result["jamboree"] == []


def test_failed_jambone_gives_the_defenders_28() -> None:
    """Railroad scoring: a Jambone that takes fewer than 7 tricks gives the defenders 28; the chooser's plays must be legal."""
    hands = ["JK JH JD AH QH TH 7C", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
    game = jambone_game("7H KH 9H 8C 7S", hands)
    act(game, "0:give:7C 2:give:7C 3:discard:8S")
    assert trick(game, "1:7C 1:AC 3:AS") == 1
    act(game, "1:8H 3:7H")
    # The Jambone holds trumps, so its chooser must play one of them.
    assert game.to_act == 1
    assert game.legal_actions() == [f"play:{c}" for c in names("JK JH JD AH QH TH")]
    refuse(game, "play:8C", seat=1)
    assert trick(game, "1:TH") == 0
    result = finish_hand(game)
    assert result["tricks"] == [6, 1, 0, 0]
    assert result["points"] == [0, 28]


# ---------------------------------------------------------------------- Jamboree


def test_jamboree_with_partner_adds_16_and_is_public() -> None:
    """Railroad Jamboree: an active player holding Joker, right, left, A, K of trump scores 16 more; all see the cards."""
    hands = ["JK JH JD AH KH 7C 8C", "AC KC QC AS KS QS 7S", "AD KD QD TD 9D 8D 7D", "TC 9C JC JS TS 9S 8S"]
    game = game_of("railroad", 3, hands, "QH TH 9H 8H 7H")
    act(game, "0:order 0:partner")
    assert game.observation(1)["jamboree"] == {}
    act(game, "3:discard:8S")
    for seat in range(4):
        assert game.observation(seat)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    assert_no_secret_shown(game)
    assert trick(game, "0:JK 1:7S 2:7D 3:QH") == 0
    assert trick(game, "0:JH 1:QS 2:8D 3:9S") == 0
    assert trick(game, "0:JD 1:KS 2:9D 3:TS") == 0
    assert trick(game, "0:AH 1:AS 2:TD 3:JS") == 0
    assert trick(game, "0:KH 1:QC 2:QD 3:JC") == 0
    assert trick(game, "0:7C 1:AC 2:KD 3:9C") == 1
    assert trick(game, "1:KC 2:AD 3:TC 0:8C") == 1
    result = result_of(game)
    assert result["jamboree"] == [0]
    assert result["tricks"] == [5, 2, 0, 0]
    assert result["points"] == [5 + 16, 0]


def test_jamboree_counts_the_card_received_in_the_exchange() -> None:
    """Railroad Jamboree Decision: it is checked when play begins, so a card received in the loner exchange counts."""
    hands = ["JK JH JD AH 7C 8C 9C", "AC KC QC JC TC QH 8H", "KH AD KD QD TD 9D 8D", "AS KS QS JS TS 9S 8S"]
    game = game_of("railroad", 3, hands, "7H TH 9H 7D 7S")
    act(game, "0:order 0:alone 0:give:7C 2:give:KH 1:pass 3:pass")
    assert game.observation(0)["jamboree"] == {}
    act(game, "3:discard:8S")
    assert game.observation(1)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    assert trick(game, "0:JK 1:8H 3:7H") == 0
    assert trick(game, "0:JH 1:QH 3:9S") == 0
    assert trick(game, "0:JD 1:TC 3:TS") == 0
    assert trick(game, "0:AH 1:JC 3:JS") == 0
    assert trick(game, "0:KH 1:QC 3:QS") == 0
    assert trick(game, "0:8C 1:KC 3:KS") == 1
    assert trick(game, "1:AC 3:AS 0:9C") == 1
    result = result_of(game)
    assert result["jamboree"] == [0]
    assert result["tricks"] == [5, 2, 0, 0]
    assert result["points"] == [2 * 5 + 16, 0]


PICKUP = ["AC KC QC JC TC QH 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S", "JK JH JD AH 7C 8C 9C"]
PICKUP_KITTY = "KH TH 9H 7H 7S"


def test_jamboree_counts_the_turn_up_and_scores_for_defenders() -> None:
    """Railroad Jamboree: the dealer's pick-up counts, and a defender's Jamboree adds 16 to its own side."""
    game = game_of("railroad", 3, PICKUP, PICKUP_KITTY)
    act(game, "0:order 0:partner 3:discard:7C")
    assert game.observation(2)["jamboree"] == {"3": ["JK", "JH", "JD", "AH", "KH"]}
    assert trick(game, "0:AC 1:7D 2:8S 3:8C") == 0
    assert trick(game, "0:KC 1:8D 2:9S 3:9C") == 0
    assert trick(game, "0:QC 1:9D 2:TS 3:JK") == 3
    assert trick(game, "3:JH 0:8H 1:TD 2:JS") == 3
    assert trick(game, "3:JD 0:QH 1:QD 2:QS") == 3
    assert trick(game, "3:AH 0:JC 1:KD 2:KS") == 3
    assert trick(game, "3:KH 0:TC 1:AD 2:AS") == 3
    result = result_of(game)
    assert result["jamboree"] == [3]
    assert result["made"] is False
    assert result["points"] == [0, 5 + 16]


def test_no_jamboree_when_one_of_the_five_is_discarded() -> None:
    """Railroad Jamboree: it is checked after the dealer's discard, so discarding one of the five cards loses it."""
    game = game_of("railroad", 3, PICKUP, PICKUP_KITTY)
    act(game, "0:order 0:partner 3:discard:KH")
    assert game.phase == "play"
    assert game.observation(0)["jamboree"] == {}
    assert finish_hand(game)["jamboree"] == []


def test_no_jamboree_for_a_player_sitting_out() -> None:
    """Railroad Jamboree: only an active player has one; a partner sitting out with the five cards has none."""
    hands = ["AC KC QC JC TC 7C 8C", "AD KD QD TD 9D 8D 7D", "JK JH JD AH KH 9C 8H", "AS KS QS JS TS 9S 8S"]
    game = game_of("railroad", 3, hands, "7H QH TH 9H 7S")
    act(game, "0:order 0:alone 0:give:7C 2:give:8H 1:pass 3:pass 3:discard:8S")
    assert game.observation(1)["sitting_out"] == [2]
    assert game.observation(1)["jamboree"] == {}
    assert finish_hand(game)["jamboree"] == []


def test_jamboree_with_a_made_jambone_scores_44() -> None:
    """Railroad scoring: a Jamboree with a successful Jambone scores 28 + 16 = 44."""
    hands = ["JK JH JD AH KH QH TH", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
    game = jambone_game("7H 9H 7C 8C 7S", hands)
    act(game, "0:give:TH 2:give:TH 3:discard:8S")
    assert game.observation(2)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    result = finish_hand(game)
    assert result["tricks"] == [7, 0, 0, 0]
    assert result["jambone"] is True
    assert result["jamboree"] == [0]
    assert result["points"] == [44, 0]


def test_jamboree_stands_when_the_jambone_fails() -> None:
    """Railroad Jamboree Decision: the bonus stands whatever else happens; a failed Jambone gives 28, the Jamboree keeps 16."""
    hands = ["JK JH JD AH KH QH 7C", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
    game = jambone_game("7H TH 9H 8C 7S", hands)
    act(game, "0:give:7C 2:give:7C 3:discard:8S")
    assert trick(game, "1:7C 1:AC 3:AS") == 1
    result = finish_hand(game)
    assert result["tricks"] == [6, 1, 0, 0]
    assert result["jamboree"] == [0]
    assert result["points"] == [16, 28]


def test_jamboree_is_automatic_not_an_action() -> None:
    """Railroad Jamboree Decision: it is declared automatically; there is no action to declare or decline it."""
    assert not [action for action in bowers.action_space("railroad") if "jambo" in action and action != "jambone"]


# ---------------------------------------------------------------------- refusals and hidden information


def test_refused_actions_name_seat_action_and_reason() -> None:
    """Illegal input: an action not legal now raises IllegalAction naming the seat, the action and why, and changes nothing."""
    game = r_game()
    error = refuse(game, "order", seat=2)
    assert (error.seat, error.action) == (2, "order")
    assert "seat 0" in error.reason
    refuse(game, "jambone", seat=0)
    refuse(game, "give:7C", seat=0)
    act(game, "0:order 0:partner 3:discard:8S")
    act(game, "0:8C")
    error = refuse(game, "play:KH", seat=1)
    assert "follow" in error.reason
    refuse(game, "play:JK:S", seat=1)
    refuse(game, "play:8C", seat=1)


def test_joker_in_a_trump_hand_is_played_without_a_suit() -> None:
    """Railroad: the Joker is a trump in a suit hand, so leading it with a named suit (play:JK:S) is refused."""
    game = r_game()
    act(game, "0:order 0:partner 3:discard:8S")
    assert "play:JK" in game.legal_actions()
    assert not any(a.startswith("play:JK:") for a in game.legal_actions())
    refuse(game, "play:JK:S", seat=0)


def test_observations_never_show_hidden_cards() -> None:
    """Hidden information: in random railroad hands no observation names another hand, the kitty, a discard or an exchange."""
    assert random_hands_keep_secrets("railroad", range(12), hands=2) > 200


def test_replay_rechecks_a_railroad_record() -> None:
    """Records: a railroad hand with an exchange, a Jambone and a Jamboree replays to the same result."""
    hands = ["JK JH JD AH KH QH TH", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]
    game = jambone_game("7H 9H 7C 8C 7S", hands)
    act(game, "0:give:TH 2:give:TH 3:discard:8S")
    finish_hand(game)
    again = bowers.replay(game.record())
    assert again.results[0] == game.results[0]
    assert again.scores == [44, 0]


# ---------------------------------------------------------------------- the draw for partners


@pytest.mark.parametrize("seed", range(40))
def test_draw_seats_lowest_two_as_partners_and_lowest_deals(seed: int) -> None:
    """Railroad draw option: the two lowest are partners (seats 0 and 2), the highest two seats 1 and 3; seat 0 deals first."""
    check_seating_follows_draw("railroad", seed)


def test_draw_is_recorded_and_replayed() -> None:
    """Railroad draw option: the record holds "seating" and "draw"; replay keeps them; teams stay by seat."""
    game = bowers.Game("railroad", seed=12, draw=True)
    record = game.record()
    assert record["draw"] == [
        [[0, "JS"], [1, "9D"], [2, "AH"], [3, "JD"]],
        [[0, "KS"], [3, "KC"]],
        [[0, "TD"], [3, "8C"]],
    ]
    # 9D lowest deals from seat 0; the Jacks tie for its partner and redraw twice: 8C beats TD to seat 2.
    assert record["seating"] == [1, 0, 3, 2]
    again = bowers.replay(record)
    assert again.seating == [1, 0, 3, 2]
    assert again.draw == record["draw"]
    assert [game.observation(seat)["team"] for seat in range(4)] == [0, 1, 0, 1]
    assert "seating" not in bowers.Game("railroad", seed=12).record()


def test_draw_redraws_only_ties_that_matter() -> None:
    """Railroad draw Decision: only players whose ranks tie for a place that matters redraw (not the two highest)."""
    for seed in range(40):
        draw = bowers.Game("railroad", seed=seed, draw=True).draw
        _, redraws = draw_places(draw)
        assert all(matters for _, matters in redraws), f"seed {seed}: redraw {redraws} in {draw}"


JAMBONE_FOLLOWS = [
    "AH KH 9H 8H 7C 8C 7D",
    "AC KC QC JC TC 9C 8D",
    "AS KS QS JS TS 9S 8S",
    "AD KD QD TD 9D 7S 7H",
]


def test_jambone_hand_always_follows_suit_even_with_reneges_on() -> None:
    """Railroad Jambone with option reneges: the exposed hand's chooser picks a legal card, so it can never renege for it."""
    game = game_of("railroad", 3, JAMBONE_FOLLOWS, "QH JD TH JH JK", reneges=True)
    act(game, "0:order 0:jambone 0:give:7C 2:give:7C 3:discard:7S 1:7D 1:8D 3:AD 3:7H")
    assert game.hand.turn == 0 and game.to_act == 1
    assert game.legal_actions() == ["play:8H", "play:9H", "play:KH", "play:AH"]
    refuse(game, "play:7C", seat=1)


def test_from_deal_keeps_its_dealer_with_the_draw() -> None:
    """Draw option: a game started from explicit cards keeps the dealer it was given, and records the drawn seating."""
    game = game_of("railroad", 3, JAMBONE_FOLLOWS, "QH JD TH JH JK", draw=True)
    assert game.dealer == 3
    assert game.to_act == 0
    record = game.record()
    assert sorted(record["seating"]) == [0, 1, 2, 3]
    assert record["deals"][0]["dealer"] == 3


# ---------------------------------------------------------------------- option deck=24 (docs/variants.md, Decisions)

# Deal S (deck=24), seat 3 deals, turn-up 9H; the Joker lies in the kitty.
S = ["JH JD AH 9C TC", "AC KC QC JC KD", "AD QD TD 9D KS", "AS QS JS TS 9S"]
S_KITTY = "9H KH QH TH JK"
# Deal T (deck=24), seat 0 holds the five highest hearts trumps.
T = ["JK JH JD AH KH", "AC KC QC JC KD", "AD QD TD 9D KS", "AS QS JS TS 9S"]
T_KITTY = "9H QH TH 9C TC"


def test_short_deck_is_25_cards_five_each_kitty_five() -> None:
    """deck=24: 9-A and the Joker (25 cards), 5 cards each in packets of 2-3, 5 left in the kitty."""
    game = bowers.Game("railroad", seed=3, deck=24)
    deal = game.record()["deals"][0]
    assert [len(hand) for hand in deal["hands"]] == [5, 5, 5, 5]
    assert len(deal["kitty"]) == 5
    dealt = [card for hand in deal["hands"] for card in hand] + deal["kitty"]
    assert sorted(dealt) == sorted(names("JK " + " ".join(r + s for s in "CDHS" for r in "9TJQKA")))
    assert bowers.make_rules("railroad", deck=24).deal_rounds == ((2, 2, 2, 2), (3, 3, 3, 3))


def test_short_deck_makers_need_three_and_score_per_trick() -> None:
    """deck=24 Decision: makers need 3 of the 5 tricks and score 1 per trick taken, as in railroad-6."""
    assert bowers.make_rules("railroad", deck=24).tricks_to_make == 3
    game = game_of("railroad", 3, S, S_KITTY, deck=24)
    act(game, "0:order 0:partner 3:discard:9S")
    result = finish_hand(game)
    assert result["tricks"] == [3, 0, 1, 1]
    assert result["made"] is True
    assert result["points"] == [4, 0]


def test_short_deck_euchred_makers_give_defenders_a_point_a_trick() -> None:
    """deck=24: makers who take fewer than 3 tricks are euchred; the defenders score 1 per trick they took."""
    game = game_of("railroad", 3, S, S_KITTY, deck=24)
    act(game, "0:pass 1:order 1:partner 3:discard:9S")
    result = finish_hand(game)
    assert result["tricks"] == [3, 0, 1, 1]
    assert result["made"] is False
    assert result["points"] == [4, 0]


def test_short_deck_jamboree_is_the_whole_hand_and_scores_16() -> None:
    """deck=24 Decision: the Jamboree (Joker, right, left, A, K) still scores 16; with 5 cards it is the whole hand."""
    game = game_of("railroad", 3, T, T_KITTY, deck=24)
    act(game, "0:order 0:partner 3:discard:9S")
    assert game.observation(1)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    result = finish_hand(game)
    assert result["tricks"] == [5, 0, 0, 0]
    assert result["points"] == [5 + 16, 0]


def test_short_deck_jambone_needs_all_five() -> None:
    """deck=24 Decision: a Jambone needs all 5 tricks for its 28 points (44 with a Jamboree)."""
    game = game_of("railroad", 3, T, T_KITTY, deck=24)
    act(game, "0:order 0:jambone 0:give:KH 2:give:KH 3:discard:9S")
    result = finish_hand(game)
    assert result["jambone"] is True
    assert result["tricks"] == [5, 0, 0, 0]
    assert result["points"] == [44, 0]


def test_short_deck_draw_uses_nine_to_ace() -> None:
    """deck=24 with draw: the cards drawn for partners come from the 24 cards, 9 low to A high."""
    for seed in range(10):
        game = bowers.Game("railroad", seed=seed, deck=24, draw=True)
        drawn = {card for draw in game.draw or [] for _, card in draw}
        assert drawn <= set(names(" ".join(r + s for s in "CDHS" for r in "9TJQKA")))
        assert game.dealer == 0


# ---------------------------------------------------------------------- Jamboree with the Joker out of play (Decision)

OUT = ["JH JD AH KH QH 7C 8C", "AC KC QC JC TC 9C 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S"]


def test_no_jamboree_with_the_joker_in_the_kitty() -> None:
    """Jamboree Decision: it is always Joker, right, left, A, K; with the Joker in the kitty no one can have one.

    Seat 0 holds the five highest hearts in play (right, left, A, K, Q), which is not a Jamboree:
    counting it would tell the table that the Joker lies in the kitty.
    """
    game = game_of("railroad", 3, OUT, "7H JK TH 9H 7S")
    act(game, "0:order 0:partner 3:discard:8S")
    assert game.observation(1)["jamboree"] == {}
    result = finish_hand(game)
    assert result["jamboree"] == [] and result["jamboree_scored"] is False


def test_no_jamboree_with_the_joker_turned_down() -> None:
    """Jamboree Decision: a turned-down Joker is out of play, so a suit named in round 2 has no Jamboree."""
    game = game_of("railroad", 3, OUT, "JK 7H TH 9H 7S")
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:H 0:partner")
    assert game.phase == "play"
    assert game.observation(2)["jamboree"] == {}
    assert finish_hand(game)["jamboree"] == []


def test_no_jamboree_when_the_dealer_sits_out_with_the_joker_turned_up() -> None:
    """Jamboree Decision: an ordered Joker left on the table (the dealer sits out) makes a no-trump hand: no Jamboree."""
    game = game_of("railroad", 3, OUT, "JK 7H TH 9H 7S")
    act(game, "0:pass 1:order 1:alone 1:give:9C 3:give:9S 2:pass 0:pass")
    assert game.trump == "NT" and game.phase == "play"
    assert game.observation(0)["turn_up_state"] == "face-up"
    assert finish_hand(game)["jamboree"] == []


def test_scored_jamboree_is_marked_scored() -> None:
    """Result key ``jamboree_scored``: true when the Jamboree's 16 points were added."""
    game = game_of("railroad", 3, T, T_KITTY, deck=24)
    act(game, "0:order 0:partner 3:discard:9S")
    result = finish_hand(game)
    assert result["jamboree"] == [0] and result["jamboree_scored"] is True


def test_draw_is_off_by_default() -> None:
    """Draw Decision (docs/variants.md): off by default; the seed picks the first dealer and seats stay as chosen."""
    for name in ("railroad", "railroad-6", "bid-railroad"):
        rules = bowers.make_rules(name)
        assert rules.draw is False
        game = bowers.Game(name, seed=5)
        assert game.seating == list(range(rules.players))
        assert "seating" not in game.record()


# ---------------------------------------------------------------------- without the Joker


def test_without_the_joker_the_deck_is_the_cards_alone() -> None:
    """Railroad option joker=false: 32 cards (or 24), no Joker, a kitty of 4, and no Joker to turn up."""
    rules = bowers.make_rules("railroad", joker=False)
    assert len(rules.deck) == 32
    assert rules.kitty_size == 4
    assert rules.trump_jokers == ()
    short = bowers.make_rules("railroad", joker=False, deck=24)
    assert (len(short.deck), short.hand_size, short.kitty_size) == (24, 5, 4)
    for seed in range(40):
        game = bowers.Game("railroad", seed=seed, joker=False)
        assert game.observation(0)["turn_up"] != "JK"
        assert "JK" not in game.hand_cards(0)
    with pytest.raises(bowers.OptionError, match="joker"):
        bowers.Game("railroad", seed=1, joker="maybe")


JAMBOREE_WITHOUT_JOKER = ["JH JD AH KH QH 7C 8C", "AC KC QC AS KS QS 7S", "AD KD QD TD 9D 8D 7D", "TC 9C JC JS TS 9S 8S"]


def test_without_the_joker_the_jamboree_is_the_five_highest_trumps_left() -> None:
    """Railroad joker=false Decision: the Jamboree is right, left, A, K and Q of trumps, for 16 points."""
    game = game_of("railroad", 3, JAMBOREE_WITHOUT_JOKER, "9H TH 8H 7H", joker=False)
    act(game, "0:order 0:partner 3:discard:8S")
    assert game.observation(1)["jamboree"] == {"0": ["JH", "JD", "AH", "KH", "QH"]}
    assert trick(game, "0:JH 1:7S 2:7D 3:9H") == 0
    assert trick(game, "0:JD 1:QS 2:8D 3:9S") == 0
    assert trick(game, "0:AH 1:KS 2:9D 3:TS") == 0
    assert trick(game, "0:KH 1:AS 2:TD 3:JS") == 0
    assert trick(game, "0:QH 1:QC 2:QD 3:JC") == 0
    assert trick(game, "0:7C 1:AC 2:KD 3:9C") == 1
    assert trick(game, "1:KC 2:AD 3:TC 0:8C") == 1
    result = result_of(game)
    assert result["jamboree"] == [0]
    assert result["points"] == [5 + 16, 0]
