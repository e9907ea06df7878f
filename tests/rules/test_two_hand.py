"""Specification section 3: `two-hand` — two players, the dealer's pick-up choice, no going alone, the non-dealer leads."""

from __future__ import annotations

import pytest

import bowers
from bowers import IllegalAction, OptionError

from .deals import deal, deck, run, snapshot, visible_cards, winning_card

# Seat 0 deals; seat 1 holds the five top hearts and the turn-up is the 9 of hearts.
MARCH = ["9C TC JC QC KC", "JH JD AH KH QH"]
MARCH_KITTY = "9H"
MARCH_PLAY = "1:JH 0:9C 1:JD 0:TC 1:AH 0:JC 1:KH 0:QC 1:QH 0:KC"

# Seat 1 orders hearts holding JH JD AH and takes three tricks (with AC instead of 9C, four).
MAKE_THREE = ["AC AD TC TD 9S", "JH JD AH 9C 9D"]
MAKE_FOUR = ["KC QD TC TD 9S", "JH JD AH AC 9D"]
MAKE_KITTY = "KH"

# Seat 1 names hearts in the second round holding TH 9H; seat 0 holds the five top hearts.
EUCHRE = ["JH JD AH KH QH", "TH 9H 9C 9D 9S"]
EUCHRE_KITTY = "AS"


def game(hands: list[str], kitty: str, dealer: int = 0, **options: object) -> bowers.Game:
    return deal("two-hand", dealer, hands, kitty, **options)


# ---------------------------------------------------------------------- players, deck, deal


def test_two_players_each_its_own_side() -> None:
    """Two-hand: "2 players, each a side"; scores are kept per player."""
    g = game(MARCH, MARCH_KITTY)
    assert g.rules.players == 2
    assert [g.observation(s)["team"] for s in (0, 1)] == [0, 1]
    run(g, "1:order 0:decline " + MARCH_PLAY)
    assert g.scores == [0, 2]


@pytest.mark.parametrize(("size", "kitty"), [(24, 14), (32, 22), (25, 15)])
def test_deck_options_five_each_rest_face_down(size: int, kitty: int) -> None:
    """Deck option `deck`: 24 (default), 32, 25 (Joker); "5 cards each; the rest face down with the top card turned up"."""
    cards = deck("two-hand", deck=size)
    assert len(cards) == size
    assert ("7C" in cards) == (size == 32) and ("JK" in cards) == (size == 25)
    record = bowers.Game("two-hand", seed=8, deck=size).record()["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5]
    assert len(record["kitty"]) == kitty
    g = bowers.Game("two-hand", seed=8, deck=size)
    assert g.observation(0)["turn_up"] == record["kitty"][0]


def test_deck_default_24() -> None:
    """Deck option `deck`: 24 is the default."""
    assert bowers.Game("two-hand", seed=1).options["deck"] == 24


def test_no_going_alone_options_absent() -> None:
    """Two-hand: "No going alone" — there is no `defend_alone` or `alone_lead` option."""
    with pytest.raises(OptionError):
        bowers.Game("two-hand", defend_alone=True)
    with pytest.raises(OptionError):
        bowers.Game("two-hand", alone_lead="maker-left")


def test_kitty_hidden_only_turn_up_visible() -> None:
    """Hidden information: each player sees its own cards and the turn-up, never the other hand or the stock."""
    g = game(MARCH, MARCH_KITTY)
    for seat in (0, 1):
        assert visible_cards(g.observation(seat)) == set(MARCH[seat].split()) | {"9H"}


# ---------------------------------------------------------------------- round 1


def test_round_one_non_dealer_speaks_first() -> None:
    """Round 1: "the non-dealer says `pass` or `order`"."""
    for dealer in (0, 1):
        g = game(MARCH, MARCH_KITTY, dealer=dealer)
        assert g.to_act == 1 - dealer
        assert g.legal_actions() == ["pass", "order"]


def test_order_then_dealer_picks_up_or_declines() -> None:
    """Round 1: "After `order` trump is fixed and the dealer chooses to pick up the turn-up (`discard:C`) or ... (`decline`)"."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order")
    assert g.trump == "H" and g.hand.maker == 1
    assert g.phase == "pickup-choice" and g.to_act == 0
    assert g.legal_actions() == [
        "decline",
        "discard:9C",
        "discard:TC",
        "discard:JC",
        "discard:QC",
        "discard:KC",
        "discard:9H",
    ]


def test_dealer_picks_up_with_discard() -> None:
    """Round 1: the dealer picks up with `discard:C`, "taking it and discarding C"; the non-dealer then leads."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order 0:discard:QC")
    assert g.hand_cards(0) == ["9C", "TC", "JC", "KC", "9H"]
    assert g.trump == "H" and g.phase == "play" and g.to_act == 1
    assert g.observation(1)["turn_up_state"] == "taken"


def test_dealer_may_discard_the_turn_up() -> None:
    """Decision: the dealer may discard the turn-up itself (every variant with a pick-up)."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order 0:discard:9H")
    assert g.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]
    assert g.trump == "H" and g.phase == "play"


def test_dealer_declines_trump_is_still_the_turn_up_suit() -> None:
    """Round 1: with `decline` the dealer leaves the turn-up; "trump is the turn-up's suit either way"."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order 0:decline")
    assert g.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC"]
    assert g.trump == "H" and g.hand.maker == 1
    assert g.phase == "play" and g.to_act == 1


def test_dealer_accepts_with_order_takes_turn_up_and_discards() -> None:
    """Round 1: "If the non-dealer passed, the dealer says `pass` or `order`" — accepting, it takes the turn-up and discards."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:pass")
    assert g.to_act == 0 and g.legal_actions() == ["pass", "order"]
    run(g, "0:order")
    assert g.trump == "H" and g.hand.maker == 0
    assert g.phase == "discard" and g.to_act == 0
    assert "decline" not in g.legal_actions()
    assert g.hand_cards(0) == ["9C", "TC", "JC", "QC", "KC", "9H"]
    run(g, "0:discard:9C")
    assert g.phase == "play" and g.to_act == 1


def test_dealers_discard_hidden_from_the_non_dealer() -> None:
    """Hidden information: the non-dealer sees `discard:??`, never the card discarded."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order 0:discard:QC")
    assert g.observation(1)["history"] == [[1, "order"], [0, "discard:??"]]
    assert g.observation(0)["history"] == [[1, "order"], [0, "discard:QC"]]
    assert "QC" not in visible_cards(g.observation(1))


# ---------------------------------------------------------------------- round 2 and misdeal


def test_round_two_non_dealer_then_dealer_not_the_turned_down_suit() -> None:
    """Round 2: "the non-dealer, then the dealer, say `pass` or `call:S`"; Decision: not the turned-down suit."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:pass 0:pass")
    assert g.phase == "round-2" and g.to_act == 1
    assert g.observation(0)["turn_up_state"] == "turned-down"
    assert g.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply("call:H", seat=1)
    assert snapshot(g) == before
    run(g, "1:pass")
    assert g.to_act == 0 and g.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    run(g, "0:call:C")
    assert g.trump == "C" and g.hand.maker == 0
    assert g.phase == "play" and g.to_act == 1  # no pick-up after round 2


def test_both_pass_misdeal_other_player_deals() -> None:
    """Round 2: "Both pass: misdeal, the other player deals"."""
    g = game(MARCH, MARCH_KITTY, initial_scores=[1, 2])
    run(g, "1:pass 0:pass 1:pass 0:pass")
    assert g.results[0]["misdeal"] is True and g.results[0]["points"] == [0, 0]
    assert g.scores == [1, 2]
    assert g.dealer == 1 and g.to_act == 0


def test_stick_the_dealer() -> None:
    """Option `stick_the_dealer` "as in `standard`": the dealer may not pass in round 2."""
    g = game(MARCH, MARCH_KITTY, stick_the_dealer=True)
    run(g, "1:pass 0:pass 1:pass")
    assert g.legal_actions() == ["call:C", "call:D", "call:S"]
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply("pass", seat=0)
    assert snapshot(g) == before


# ---------------------------------------------------------------------- no alone, the lead


def test_no_going_alone() -> None:
    """Two-hand: "No going alone" — after the call play begins; `alone` and `partner` are refused."""
    g = game(EUCHRE, EUCHRE_KITTY)
    run(g, "1:pass 0:pass 1:call:H")
    assert g.phase == "play"
    for action in ("alone", "partner", "defend-alone"):
        with pytest.raises(IllegalAction):
            g.apply(action)
    assert "alone" not in bowers.action_space("two-hand")


def test_non_dealer_leads_first() -> None:
    """Two-hand: "The non-dealer leads first" (also when the dealer is the maker)."""
    g = game(MARCH, MARCH_KITTY, dealer=1)
    run(g, "0:pass 1:order 1:discard:JH")
    assert g.phase == "play" and g.to_act == 0


def test_trump_order_and_following_in_two_hand() -> None:
    """Trump order as in `standard`: right bower > left bower > A; the left bower follows trump."""
    assert winning_card("two-hand", "H", ["JD", "JH"]) == "JH"
    assert winning_card("two-hand", "H", ["AH", "JD"]) == "JD"
    assert winning_card("two-hand", "H", ["AC", "9H"]) == "9H"
    assert winning_card("two-hand", "H", ["9C", "AS"]) == "9C"
    assert winning_card("two-hand", "S", ["JS", "JK"], deck=25) == "JK"
    assert winning_card("two-hand", "S", ["8S", "9S"], deck=32) == "9S"


# ---------------------------------------------------------------------- scoring


def test_maker_three_tricks_scores_1() -> None:
    """Scoring: "maker 3-4 tricks 1 point" (three tricks)."""
    g = game(MAKE_THREE, MAKE_KITTY)
    run(g, "1:order 0:decline 1:JH 0:9S 1:JD 0:TC 1:AH 0:TD 1:9C 0:AC 0:AD 1:9D")
    assert g.results[0]["tricks"] == [2, 3]
    assert g.results[0]["points"] == [0, 1]


def test_maker_four_tricks_scores_1() -> None:
    """Scoring: "maker 3-4 tricks 1 point" (four tricks)."""
    g = game(MAKE_FOUR, MAKE_KITTY)
    run(g, "1:order 0:decline 1:JH 0:9S 1:JD 0:TC 1:AH 0:TD 1:AC 0:KC 1:9D 0:QD")
    assert g.results[0]["tricks"] == [1, 4]
    assert g.results[0]["points"] == [0, 1]


def test_maker_five_tricks_scores_2() -> None:
    """Scoring: "5 tricks 2 points"."""
    g = game(MARCH, MARCH_KITTY)
    run(g, "1:order 0:decline " + MARCH_PLAY)
    assert g.results[0]["tricks"] == [0, 5]
    assert g.results[0]["points"] == [0, 2]


def test_maker_fewer_than_three_defender_scores_2() -> None:
    """Scoring: "fewer than 3: the defender 2 points"."""
    g = game(EUCHRE, EUCHRE_KITTY)
    run(g, "1:pass 0:pass 1:call:H 1:9C 0:JH 0:JD 1:9H 0:AH 1:TH 0:KH 1:9D 0:QH 1:9S")
    result = g.results[0]
    assert result["maker"] == 1 and result["tricks"] == [5, 0]
    assert result["points"] == [2, 0]
    assert result["alone"] is False and result["lone_defender"] is None


def test_renege_penalty_2() -> None:
    """Scoring: "Renege penalty 2"."""
    g = game(MAKE_THREE, MAKE_KITTY, reneges=True)
    run(g, "1:order 0:decline 1:9C 0:TD 1:claim-renege")  # seat 0 held AC and TC
    assert g.results[0]["points"] == [0, 2]


def test_target_10() -> None:
    """Scoring: "Target 10"."""
    g = game(MARCH, MARCH_KITTY, initial_scores=[0, 8])
    assert g.rules.target == 10
    run(g, "1:order 0:decline " + MARCH_PLAY)
    assert g.is_over and g.winner == 1 and g.scores == [0, 10]


# ---------------------------------------------------------------------- the Joker turned up (deck=25)


def test_joker_turned_up_dealer_names_trump_takes_it_and_discards() -> None:
    """Section 4 Decision for `two-hand` with `deck=25`: no bidding; the dealer says `call:S`, takes the Joker and discards."""
    g = game(["", ""], "JK", deck=25)
    assert g.phase == "joker-call" and g.to_act == 0
    assert g.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    for action in ("pass", "order"):
        with pytest.raises(IllegalAction):
            g.apply(action)
    run(g, "0:call:H")
    assert g.trump == "H" and g.hand.maker == 0
    assert g.phase == "discard" and g.to_act == 0
    assert "JK" in g.hand_cards(0) and len(g.hand_cards(0)) == 6
    run(g, "0:discard:9C")
    assert g.phase == "play" and g.to_act == 1


# ---------------------------------------------------------------------- the tiny deck (deck=4)

# Seat 0 deals: the non-dealer (seat 1) holds the right bower of hearts, the turn-up is the ace of hearts.
TINY = ["AD", "JH"]
TINY_KITTY = "AH JD"


def test_tiny_deck_red_jacks_and_aces_one_card_each() -> None:
    """Decision, the tiny deck: `JD AD JH AH`, one card each dealt from the non-dealer, the turn-up and one card face down."""
    assert deck("two-hand", deck=4) == ["JD", "AD", "JH", "AH"]
    rules = bowers.make_rules("two-hand", deck=4)
    assert (rules.hand_size, rules.kitty_size, rules.tricks_to_make, rules.deal_rounds) == (1, 2, 1, ((1, 1),))
    for seed in range(6):
        g = bowers.Game("two-hand", seed=seed, deck="4")
        record = g.record()["deals"][0]
        assert [len(h) for h in record["hands"]] == [1, 1] and len(record["kitty"]) == 2
        assert g.observation(0)["turn_up"] == record["kitty"][0]
        assert visible_cards(g.observation(0)) == {*record["hands"][0], record["kitty"][0]}
    assert bowers.action_space("two-hand", deck=4) == [
        "pass",
        "order",
        "call:C",
        "call:D",
        "call:H",
        "call:S",
        "decline",
        "discard:JD",
        "discard:AD",
        "discard:JH",
        "discard:AH",
        "play:JD",
        "play:AD",
        "play:JH",
        "play:AH",
    ]


def test_tiny_deck_order_pick_up_and_march() -> None:
    """Decision, the tiny deck: the usual bidding and pick-up; the maker who takes the one trick scores a march, 2."""
    g = game(TINY, TINY_KITTY, deck=4)
    assert g.to_act == 1 and g.legal_actions() == ["pass", "order"]
    run(g, "1:order")
    assert g.legal_actions() == ["decline", "discard:AD", "discard:AH"]
    run(g, "0:discard:AD 1:JH 0:AH")
    result = g.results[0]
    assert result["maker"] == 1 and result["tricks"] == [0, 1] and result["made"] is True
    assert result["points"] == [0, 2]


def test_tiny_deck_euchred_maker_gives_2() -> None:
    """Decision, the tiny deck: the maker needs the one trick; a euchred maker gives the other player 2."""
    g = game(["JH", "AD"], TINY_KITTY, deck=4)
    run(g, "1:order 0:decline 1:AD 0:JH")
    result = g.results[0]
    assert result["maker"] == 1 and result["tricks"] == [1, 0] and result["made"] is False
    assert result["points"] == [2, 0]


def test_tiny_deck_round_two_may_name_a_suit_with_no_cards() -> None:
    """Decision, the tiny deck: round 2 names any suit but the one turned down; clubs leave the hand without trumps."""
    g = game(["JH", "AD"], TINY_KITTY, deck=4)
    run(g, "1:pass 0:pass")
    assert g.legal_actions() == ["pass", "call:C", "call:D", "call:S"]
    run(g, "1:call:C 1:AD 0:JH")  # no trumps: the jack of hearts cannot beat the ace of diamonds led
    assert g.results[0]["trump"] == "C" and g.results[0]["tricks"] == [0, 1] and g.results[0]["points"] == [0, 2]
    g = game(["AH", "JH"], "AD JD", deck=4)
    run(g, "1:pass 0:pass 1:call:S 1:JH 0:AH")  # the ace of the suit led wins
    assert g.results[0]["tricks"] == [1, 0] and g.results[0]["points"] == [2, 0]


def test_tiny_deck_both_pass_twice_misdeal() -> None:
    """Decision, the tiny deck: four passes throw the hand in, as in the full game."""
    g = game(TINY, TINY_KITTY, deck=4)
    run(g, "1:pass 0:pass 1:pass 0:pass")
    assert g.results[0]["misdeal"] is True and g.results[0]["points"] == [0, 0]
    assert g.dealer == 1 and len(g.hand_cards(0)) == 1
