"""Specification section 2: `standard`, American 4-player Euchre — decks, bidding, going alone, the order of steps, scoring."""

from __future__ import annotations

import pytest

import bowers
from bowers import IllegalAction

from .deals import MARCH, MARCH_BIDS, MARCH_KITTY, MARCH_PLAY, deal, deck, run, snapshot, winning_card

# Seat 1 names hearts holding JH JD AH: it takes exactly three tricks (MAKE_THREE) or, with its partner's AC, four.
MAKE_THREE = ["AC KC QC AS KS", "JH JD AH 9C TC", "AD KD QD QS JS", "9D TD JC TS 9H"]
MAKE_FOUR = ["JC KC QC AS KS", "JH JD AH 9C TC", "AD KD QD QS JS", "9D TD AC TS 9H"]
MAKE_KITTY = "9S KH QH TH"

# Seat 1 names hearts holding TH 9H; seat 0 holds the five top hearts and takes every trick.
EUCHRE = ["JH JD AH KH QH", "TH 9H 9C 9D TC", "AC KC QC AD KD", "AS KS QS JS TS"]
EUCHRE_KITTY = "9S JC TD QD"

ROUND_ONE_PASSES = "1:pass 2:pass 3:pass 0:pass"


def march_game(**options: object) -> bowers.Game:
    return deal("standard", 0, MARCH, MARCH_KITTY, **options)


def points(game: bowers.Game) -> list[int]:
    assert game.results, "the hand is not over"
    return game.results[0]["points"]


# ---------------------------------------------------------------------- decks


def test_deck_24_is_nine_to_ace_five_each_kitty_four() -> None:
    """Deck: 24 cards (9-A); 5 cards each; the kitty holds 4 cards."""
    assert sorted(deck("standard")) == sorted(r + s for r in "9TJQKA" for s in "CDHS")
    record = bowers.Game("standard", seed=3).record()["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5, 5, 5]
    assert len(record["kitty"]) == 4
    assert sorted([*(c for h in record["hands"] for c in h), *record["kitty"]]) == sorted(deck("standard"))


def test_deck_32_adds_sevens_and_eights_kitty_twelve() -> None:
    """Option `deck`: `32` adds 7s and 8s; the kitty holds 12 cards."""
    cards = deck("standard", deck=32)
    assert len(cards) == 32
    assert {"7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S"} <= set(cards)
    record = bowers.Game("standard", seed=3, deck=32).record()["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5, 5, 5]
    assert len(record["kitty"]) == 12


def test_deck_25_adds_the_joker_kitty_five() -> None:
    """Option `deck`: `25` adds the Joker; the kitty holds 5 cards."""
    cards = deck("standard", deck=25)
    assert len(cards) == 25 and "JK" in cards
    assert set(cards) - {"JK"} == set(deck("standard"))
    record = bowers.Game("standard", seed=3, deck=25).record()["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5, 5, 5]
    assert len(record["kitty"]) == 5


def test_deck_option_default_is_24() -> None:
    """Option `deck`: `24` is the default."""
    assert bowers.Game("standard", seed=1).options["deck"] == 24


# ---------------------------------------------------------------------- trump order

ORDER_24 = ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]
ORDER_32 = [*ORDER_24, "8H", "7H"]


@pytest.mark.parametrize(("high", "low"), [(a, b) for i, a in enumerate(ORDER_24) for b in ORDER_24[i + 1 :]])
def test_trump_order_right_left_a_k_q_10_9(high: str, low: str) -> None:
    """Trump order: right bower > left bower > A > K > Q > 10 > 9."""
    assert winning_card("standard", "H", [low, high, "9C", "9S"]) == high
    assert winning_card("standard", "H", [high, low, "9C", "9S"]) == high


@pytest.mark.parametrize(("high", "low"), [("9H", "8H"), ("8H", "7H"), ("9H", "7H"), ("JD", "7H"), ("7H", "AC")])
def test_trump_order_32_cards_ends_9_8_7(high: str, low: str) -> None:
    """Trump order with `deck=32`: ... > 10 > 9 > 8 > 7; the 7 of trump still beats any plain card."""
    assert winning_card("standard", "H", [low, high, "7C", "7S"], deck=32) == high
    assert winning_card("standard", "H", [high, low, "7C", "7S"], deck=32) == high


def test_plain_suit_32_cards_ranks_down_to_7() -> None:
    """Non-trump suits rank A K Q J 10 9 8 7 (whatever the deck holds)."""
    assert winning_card("standard", "H", ["7C", "8C", "7D", "7S"], deck=32) == "8C"
    assert winning_card("standard", "H", ["8C", "9C", "7D", "7S"], deck=32) == "9C"
    assert winning_card("standard", "H", ["8C", "7C", "9D", "AS"], deck=32) == "8C"


@pytest.mark.parametrize("other", ORDER_24)
def test_deck_25_joker_is_the_highest_trump(other: str) -> None:
    """Option `deck=25`: "adds the Joker as highest trump", above the right bower."""
    assert winning_card("standard", "H", [other, "JK", "9C", "9S"], deck=25) == "JK"
    assert winning_card("standard", "H", ["JK", other, "9C", "9S"], deck=25) == "JK"


def test_deck_25_joker_belongs_to_trump() -> None:
    """Effective suit: "Jokers belong to T": the Joker follows a trump lead and trumps a plain-suit lead."""
    assert winning_card("standard", "S", ["AC", "JK", "KC", "QC"], deck=25) == "JK"
    game = deal("standard", 0, ["", "9H AC AD AS KS", "JK 9C TC QC KC", ""], "KH", deck=25)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:S 1:partner 1:AS")
    assert game.legal_actions() == ["play:JK"]  # seat 2 holds no other trump: it must follow with the Joker


def test_deck_25_joker_turned_up_dealer_names_trump() -> None:
    """Section 4: the Joker-turned-up rule applies to `standard` with `deck=25`: the dealer says `call:S`, no bidding."""
    game = deal("standard", 2, ["", "", "", ""], "JK", deck=25)
    assert game.phase == "joker-call"
    assert game.to_act == 2
    assert game.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    run(game, "2:call:D 2:partner")
    assert game.to_act == 2 and game.phase == "discard"
    assert "JK" in game.hand_cards(2) and len(game.hand_cards(2)) == 6
    run(game, "2:discard:JK")
    assert game.trump == "D" and game.to_act == 3


# ---------------------------------------------------------------------- round 1


def test_round_one_from_dealers_left_pass_or_order() -> None:
    """Round 1: "from the dealer's left, each says `pass` or `order`"."""
    game = deal("standard", 2, MARCH, MARCH_KITTY)
    seats = []
    for _ in range(4):
        seats.append(game.to_act)
        assert game.legal_actions() == ["pass", "order"]
        game.apply("pass")
    assert seats == [3, 0, 1, 2]


def test_order_makes_turn_up_suit_trump_and_dealer_takes_it() -> None:
    """Round 1: "An order makes the turn-up's suit trump; the dealer takes the turn-up and discards one card face down"."""
    game = march_game()
    run(game, "1:pass 2:order 2:partner")
    assert game.trump == "S"
    assert game.phase == "discard" and game.to_act == 0
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC", "KS"]
    assert game.legal_actions() == ["discard:9C", "discard:TC", "discard:JC", "discard:QC", "discard:KC", "discard:KS"]
    run(game, "0:discard:9C")
    assert game.hand_cards(0) == ["TC", "JC", "QC", "KC", "KS"]
    assert game.phase == "play" and game.to_act == 1
    assert game.observation(1)["turn_up_state"] == "taken"


def test_dealer_may_order_the_turn_up_into_its_own_hand() -> None:
    """Round 1: the dealer, last to speak, may itself say `order` and then takes the turn-up."""
    game = march_game()
    run(game, "1:pass 2:pass 3:pass 0:order 0:partner")
    assert game.trump == "S" and game.hand.maker == 0
    assert game.phase == "discard" and game.to_act == 0


def test_dealer_may_discard_the_turn_up() -> None:
    """Decision: "the dealer may discard any of its six cards, the turn-up included"."""
    game = march_game()
    run(game, "1:order 1:partner 0:discard:KS")
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]
    assert game.trump == "S" and game.phase == "play"
    assert game.record()["deals"][0]["actions"][-1] == [0, "discard:KS"]


# ---------------------------------------------------------------------- round 2 and misdeal


def test_round_two_turn_up_turned_down_from_dealers_left() -> None:
    """Round 2: "the turn-up is turned down; from the dealer's left each says `pass` or `call:S`"."""
    game = deal("standard", 3, MARCH, MARCH_KITTY)
    run(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.phase == "round-2"
    assert game.to_act == 0
    assert game.observation(2)["turn_up_state"] == "turned-down"
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H"]


def test_round_two_cannot_name_the_turned_down_suit() -> None:
    """Round 2: `call:S` names "a suit other than the turned-down suit"; naming it is refused and changes nothing."""
    game = march_game()
    run(game, ROUND_ONE_PASSES)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as error:
        game.apply("call:S", seat=1)
    assert "turned-down" in error.value.reason
    assert snapshot(game) == before
    run(game, "1:pass 2:pass")
    with pytest.raises(IllegalAction):
        game.apply("call:♠", seat=3)
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H"]


def test_round_two_call_makes_trump_without_pick_up() -> None:
    """Round 2: a call makes the named suit trump; the turn-up was turned down, so the dealer picks nothing up."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:pass 2:call:D 2:partner")
    assert game.trump == "D" and game.hand.maker == 2
    assert game.phase == "play" and game.to_act == 1
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]


def test_all_pass_both_rounds_misdeal_deal_passes_left() -> None:
    """Round 2: "All pass: misdeal" — no points and the deal passes to the left."""
    game = march_game(seed=4)
    run(game, ROUND_ONE_PASSES + " 1:pass 2:pass 3:pass 0:pass")
    assert game.results[0]["misdeal"] is True
    assert game.results[0]["points"] == [0, 0]
    assert game.scores == [0, 0]
    assert game.hand_number == 1 and game.dealer == 1 and game.to_act == 2


def test_stick_the_dealer_dealer_may_not_pass_in_round_two() -> None:
    """Option `stick_the_dealer`: "the dealer may not pass in round 2" (the others still may)."""
    game = march_game(stick_the_dealer=True)
    run(game, "1:pass 2:pass 3:pass")
    assert game.legal_actions() == ["pass", "order"]  # the dealer may pass in round 1
    run(game, "0:pass")
    for seat in (1, 2, 3):
        assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H"]
        game.apply("pass", seat=seat)
    assert game.to_act == 0
    assert game.legal_actions() == ["call:C", "call:D", "call:H"]
    before = snapshot(game)
    with pytest.raises(IllegalAction) as error:
        game.apply("pass", seat=0)
    assert "call" in error.value.reason
    assert snapshot(game) == before
    run(game, "0:call:C 0:partner")
    assert game.trump == "C" and game.hand_number == 0 and game.phase == "play"


def test_stick_the_dealer_off_by_default() -> None:
    """Option `stick_the_dealer` (default off): the dealer may pass in round 2 and the hand is a misdeal."""
    game = march_game()
    assert game.options["stick_the_dealer"] is False
    run(game, ROUND_ONE_PASSES + " 1:pass 2:pass 3:pass")
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H"]
    run(game, "0:pass")
    assert game.results[0]["misdeal"] is True


# ---------------------------------------------------------------------- going alone and the order of steps


def test_maker_says_alone_or_partner() -> None:
    """Maker's choice: "The maker then says `alone` or `partner`" (after a round-2 call too)."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:call:H")
    assert game.phase == "maker-choice" and game.to_act == 1
    assert game.legal_actions() == ["partner", "alone"]


def test_alone_partner_sits_out_and_is_skipped_in_play() -> None:
    """Alone: "the maker's partner sits out" and "is skipped everywhere: in play, in leading"."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    assert game.observation(0)["sitting_out"] == [3]
    assert game.to_act == 1
    run(game, "1:JH 2:AC")
    assert game.to_act == 0  # seat 3 is skipped
    run(game, "0:9C")
    assert game.observation(0)["tricks_won"] == [0, 1, 0, 0]
    assert game.hand_cards(3) == ["AD", "9S", "TS", "JS", "QS"]
    assert game.observation(3)["legal_actions"] == []


def test_alone_decision_comes_before_the_dealers_discard() -> None:
    """Decision (order of steps): "the maker's alone decision comes right after the order/call"; the discard after it."""
    game = march_game()
    run(game, "1:order")
    assert game.phase == "maker-choice" and game.to_act == 1
    assert len(game.hand_cards(0)) == 5  # the turn-up is not yet taken
    run(game, "1:alone")
    assert game.phase == "discard" and game.to_act == 0
    assert len(game.hand_cards(0)) == 6


def test_dealer_sitting_out_does_not_pick_up() -> None:
    """Decision: "If the dealer sits out, the turn-up is not picked up" (no discard step)."""
    game = march_game()
    run(game, "1:pass 2:order 2:alone")
    assert game.observation(1)["sitting_out"] == [0]
    assert game.phase == "play" and game.to_act == 1
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]
    assert all("KS" not in game.hand_cards(s) for s in range(4))
    assert [a for _, a in game.record()["deals"][0]["actions"]] == ["pass", "order", "alone"]
    run(game, "1:JH 2:AC 3:AD")
    assert game.to_act == 1  # the trick had three cards: seat 0 sits out
    assert game.trump == "S"


def test_lead_dealers_left_next_active_if_sitting_out() -> None:
    """Decision: "where a rule names a seat to lead and that seat sits out, the next active seat to its left leads"."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:pass 2:pass 3:call:H 3:alone")
    assert game.observation(0)["sitting_out"] == [1]
    assert game.to_act == 2


def test_first_lead_is_dealers_left() -> None:
    """First lead: "The player left of the dealer leads the first trick"."""
    game = deal("standard", 2, MARCH, MARCH_KITTY)
    run(game, "3:pass 0:pass 1:order 1:partner 2:discard:KS")
    assert game.phase == "play" and game.to_act == 3


def test_alone_lead_dealer_left_is_default() -> None:
    """Option `alone_lead`: `dealer-left` (default): with a lone maker the dealer's left still leads."""
    game = march_game()
    assert game.options["alone_lead"] == "dealer-left"
    run(game, ROUND_ONE_PASSES + " 1:pass 2:call:H 2:alone")
    assert game.to_act == 1


def test_alone_lead_maker_left() -> None:
    """Option `alone_lead=maker-left`: "when a player goes alone, the player on the lone player's left leads"."""
    game = march_game(alone_lead="maker-left")
    run(game, ROUND_ONE_PASSES + " 1:pass 2:call:H 2:alone")
    assert game.to_act == 3
    game = march_game(alone_lead="maker-left")
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    assert game.to_act == 2


def test_alone_lead_maker_left_only_when_alone() -> None:
    """Option `alone_lead=maker-left` changes the lead only "when a player goes alone"."""
    game = march_game(alone_lead="maker-left")
    run(game, ROUND_ONE_PASSES + " 1:pass 2:call:H 2:partner")
    assert game.to_act == 1


def test_alone_lead_maker_left_skips_a_seat_sitting_out() -> None:
    """Option `alone_lead=maker-left` with the seat on the maker's left sitting out: the next active seat leads."""
    game = march_game(alone_lead="maker-left", defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:pass 0:defend-alone")
    assert game.observation(0)["sitting_out"] == [2, 3]
    assert game.to_act == 0


# ---------------------------------------------------------------------- defending alone


def test_defend_alone_off_by_default() -> None:
    """Option `defend_alone` (default off): after an alone call play begins, and `defend-alone` is refused."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    assert game.phase == "play"
    with pytest.raises(IllegalAction):
        game.apply("defend-alone")


def test_defend_alone_asks_opponents_from_makers_left() -> None:
    """Option `defend_alone`: "each opponent in turn from the maker's left may say `defend-alone` or `pass`"."""
    game = march_game(defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:pass 2:pass 3:call:H 3:alone")
    assert game.phase == "defend" and game.to_act == 0
    assert game.legal_actions() == ["pass", "defend-alone"]
    run(game, "0:pass")
    assert game.phase == "defend" and game.to_act == 2
    run(game, "2:pass")
    assert game.phase == "play"
    assert game.observation(0)["sitting_out"] == [1]
    assert game.hand.lone_defender == -1


def test_defend_alone_only_after_an_alone_call() -> None:
    """Option `defend_alone`: opponents are asked only "after an alone call"."""
    game = march_game(defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:partner")
    assert game.phase == "play"


def test_defend_alone_first_one_defends_other_sits_out() -> None:
    """Option `defend_alone`: "the first one does; the other opponent then sits out"."""
    game = march_game(defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:defend-alone")
    assert game.phase == "play"
    assert game.observation(1)["sitting_out"] == [0, 3]
    assert game.observation(1)["lone_defender"] == 2
    run(game, "1:JH 2:AC")
    assert game.to_act == 1  # a two-card trick
    assert game.observation(1)["tricks_won"] == [0, 1, 0, 0]


def test_defend_alone_comes_before_the_dealers_discard() -> None:
    """Decision (order of steps): "the dealer's pick-up and discard comes after all alone decisions"."""
    game = march_game(defend_alone=True)
    run(game, "1:order 1:alone")
    assert game.phase == "defend" and game.to_act == 2
    run(game, "2:pass")
    assert game.phase == "defend" and game.to_act == 0
    run(game, "0:pass")
    assert game.phase == "discard" and game.to_act == 0


def test_lone_defender_dealer_picks_up_and_discards() -> None:
    """Order of steps: a dealer defending alone still picks up and discards after the alone decisions."""
    game = march_game(defend_alone=True)
    run(game, "1:order 1:alone 2:pass 0:defend-alone")
    assert game.phase == "discard" and game.to_act == 0
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC", "KS"]


def test_lone_defenders_partner_dealer_does_not_pick_up() -> None:
    """Decision: the dealer sitting out as a lone defender's partner does not pick up the turn-up."""
    game = march_game(defend_alone=True)
    run(game, "1:order 1:alone 2:defend-alone")
    assert game.observation(1)["sitting_out"] == [0, 3]
    assert game.phase == "play" and game.to_act == 1
    assert game.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]


def test_lone_defender_exchanges_no_cards() -> None:
    """Decision: "A lone defender exchanges no cards here (only railroad has exchanges)"."""
    game = march_game(defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:defend-alone")
    assert [game.hand_cards(s) for s in range(4)] == [game.record()["deals"][0]["hands"][s] for s in range(4)]
    assert game.phase == "play"


# ---------------------------------------------------------------------- scoring


def test_makers_three_tricks_score_1() -> None:
    """Scoring: makers take "3-4 tricks 1 point" (three tricks)."""
    game = deal("standard", 0, MAKE_THREE, MAKE_KITTY)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:partner")
    run(game, "1:JH 2:QD 3:9H 0:QC 1:JD 2:KD 3:9D 0:KC 1:AH 2:JS 3:TD 0:KS 1:9C 2:QS 3:JC 0:AC 0:AS 1:TC 2:AD 3:TS")
    assert game.results[0]["tricks"] == [2, 3, 0, 0]
    assert points(game) == [0, 1]


def test_makers_four_tricks_score_1() -> None:
    """Scoring: makers take "3-4 tricks 1 point" (four tricks, the partner taking one)."""
    game = deal("standard", 0, MAKE_FOUR, MAKE_KITTY)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:partner")
    run(game, "1:JH 2:QD 3:9H 0:QC 1:JD 2:KD 3:9D 0:KC 1:AH 2:JS 3:TD 0:KS 1:9C 2:QS 3:AC 0:JC 3:TS 0:AS 1:TC 2:AD")
    assert game.results[0]["tricks"] == [1, 3, 0, 1]
    assert points(game) == [0, 1]


def test_makers_march_score_2() -> None:
    """Scoring: makers take "all 5 (march) 2 points"."""
    game = march_game()
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert points(game) == [0, 2]


def test_alone_three_tricks_score_1() -> None:
    """Scoring: "alone 3-4 tricks 1 point"."""
    game = deal("standard", 0, MAKE_THREE, MAKE_KITTY)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    run(game, "1:JH 2:QD 0:QC 1:JD 2:KD 0:KC 1:AH 2:JS 0:KS 1:9C 2:QS 0:AC 0:AS 1:TC 2:AD")
    result = game.results[0]
    assert result["alone"] is True and result["tricks"] == [2, 3, 0, 0]
    assert points(game) == [0, 1]


def test_alone_march_scores_4() -> None:
    """Scoring: "alone march 4 points"."""
    game = march_game()
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    run(game, "1:JH 2:AC 0:9C 1:JD 2:9D 0:TC 1:AH 2:TD 0:JC 1:KH 2:QD 0:QC 1:QH 2:KD 0:KC")
    assert game.results[0]["tricks"] == [0, 5, 0, 0]
    assert points(game) == [0, 4]


def test_euchre_defenders_score_2() -> None:
    """Scoring: "makers take fewer than 3 (euchred): defenders 2 points"."""
    game = deal("standard", 0, EUCHRE, EUCHRE_KITTY)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:partner")
    run(game, "1:9C 2:AC 3:AS 0:JH 0:JD 1:9H 2:AD 3:KS 0:AH 1:TH 2:KD 3:QS 0:KH 1:9D 2:KC 3:JS 0:QH 1:TC 2:QC 3:TS")
    assert game.results[0]["tricks"] == [5, 0, 0, 0]
    assert points(game) == [2, 0]


def test_lone_maker_euchred_defenders_score_2() -> None:
    """Scoring: a lone maker euchred (no lone defender): defenders 2 points."""
    game = deal("standard", 0, EUCHRE, EUCHRE_KITTY)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone")
    run(game, "1:9C 2:AC 0:JH 0:JD 1:9H 2:AD 0:AH 1:TH 2:KD 0:KH 1:9D 2:KC 0:QH 1:TC 2:QC")
    assert points(game) == [2, 0]


def test_lone_defender_euchre_scores_4() -> None:
    """Decision: "a lone defender who euchres the makers scores 4 points"."""
    game = deal("standard", 0, EUCHRE, EUCHRE_KITTY, defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:pass 0:defend-alone")
    run(game, "1:9C 0:JH 0:JD 1:9H 0:AH 1:TH 0:KH 1:9D 0:QH 1:TC")
    result = game.results[0]
    assert result["lone_defender"] == 0 and result["alone"] is True
    assert points(game) == [4, 0]


def test_lone_maker_against_lone_defender_march_scores_4() -> None:
    """Scoring: a lone maker's march scores 4 against a lone defender too."""
    game = march_game(defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:defend-alone")
    run(game, "1:JH 2:AC 1:JD 2:9D 1:AH 2:TD 1:KH 2:QD 1:QH 2:KD")
    assert points(game) == [0, 4]


def test_lone_maker_against_lone_defender_three_tricks_score_1() -> None:
    """Scoring: a lone maker taking 3 tricks against a lone defender scores 1 (the lone defender scores nothing)."""
    game = deal("standard", 0, MAKE_THREE, MAKE_KITTY, defend_alone=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 2:pass 0:defend-alone")
    run(game, "1:JH 0:QC 1:JD 0:KC 1:AH 0:KS 1:9C 0:AC 0:AS 1:TC")
    assert game.results[0]["tricks"] == [2, 3, 0, 0]
    assert points(game) == [0, 1]


def test_scores_accumulate_per_team() -> None:
    """Scoring: points are added to the team's score, which starts at `initial_scores`."""
    game = march_game(initial_scores=[5, 3])
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.scores == [5, 5]
    assert game.observation(2)["scores"] == [5, 5]


def test_target_is_10() -> None:
    """Target: 10 points."""
    assert bowers.Game("standard", seed=1).rules.target == 10
    game = march_game(initial_scores=[0, 8])
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.is_over and game.winner == 1


# ---------------------------------------------------------------------- reneges


def test_renege_penalty_2() -> None:
    """Renege penalty: 2 points (option `reneges`); a correct claim ends the hand and nothing else is scored."""
    game = deal("standard", 0, MAKE_THREE, MAKE_KITTY, reneges=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:partner 1:JH 2:QD 3:TD")  # seat 3 holds 9H: a renege
    run(game, "0:claim-renege")
    assert game.results[0]["points"] == [2, 0]
    assert game.results[0]["renege"] == {"claimant": 0, "reneger": 3, "penalty": 2}
    assert game.scores == [2, 0]


def test_renege_penalty_4_when_played_alone() -> None:
    """Renege penalty: "4 if the hand was played alone"."""
    game = deal("standard", 0, MAKE_THREE, MAKE_KITTY, reneges=True)
    run(game, ROUND_ONE_PASSES + " 1:call:H 1:alone 1:JH 2:QD 0:QC 1:JD 2:KD 0:KC 1:9C 2:QS 0:KS")  # seat 0 holds AC
    assert game.to_act == 1
    run(game, "1:claim-renege")
    assert game.results[0]["points"] == [0, 4]
    assert game.results[0]["renege"]["reneger"] == 0
