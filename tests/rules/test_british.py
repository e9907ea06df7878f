"""Specification section 4: `british` — `standard` with the 25-card deck; the Joker (Benny) is the highest trump."""

from __future__ import annotations

import pytest

import bowers
from bowers import IllegalAction, OptionError

from .deals import deal, deck, run, snapshot, visible_cards, winning_card

# The Joker turned up with seat 0 dealing: seat 0 holds four top hearts and, with the Joker, takes every trick alone.
JOKER_UP = ["JH JD AH KH QH", "AC KC QC JC TC", "9D AS KS QS JS", "9C AD KD QD TD"]
JOKER_UP_KITTY = "JK 9H TH TS 9S"

# A plain turn-up (KS): bidding goes as in `standard`.
PLAIN = ["9C TC JC QC KC", "JH JD AH KH QH", "AC 9D TD QD KD", "AD 9S TS JS QS"]
PLAIN_KITTY = "KS TH 9H AS JK"

ORDER = ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H"]


def test_deck_25_cards_with_the_joker() -> None:
    """British: "As `standard` with `deck=25`": 9-A and the Joker, 5 cards each, 5 in the kitty."""
    cards = deck("british")
    assert len(cards) == 25 and "JK" in cards
    assert set(cards) - {"JK"} == {r + s for r in "9TJQKA" for s in "CDHS"}
    record = bowers.Game("british", seed=2).record()["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5, 5, 5] and len(record["kitty"]) == 5


def test_deck_is_fixed_no_deck_option() -> None:
    """British: the deck is always 25 cards; a `deck` option is refused with the options listed."""
    with pytest.raises(OptionError) as error:
        bowers.Game("british", deck=24)
    assert "stick_the_dealer" in str(error.value)


def test_options_as_standard() -> None:
    """British: "As `standard`": `stick_the_dealer`, `defend_alone`, `alone_lead`, `target` (10) work as there."""
    options = bowers.Game("british", seed=1).options
    assert options["stick_the_dealer"] is False and options["defend_alone"] is False
    assert options["alone_lead"] == "dealer-left" and options["target"] == 10


@pytest.mark.parametrize(("high", "low"), [(a, b) for i, a in enumerate(ORDER) for b in ORDER[i + 1 :]])
def test_trump_order_joker_above_right_bower(high: str, low: str) -> None:
    """British: "the Joker is the highest trump, above the right bower", then left bower > A > K > Q > 10 > 9."""
    assert winning_card("british", "H", [low, high, "9C", "9S"]) == high
    assert winning_card("british", "H", [high, low, "9C", "9S"]) == high


def test_joker_trumps_a_plain_lead() -> None:
    """Effective suit: "Jokers belong to T" — a Joker played to a plain-suit lead by a void player wins."""
    assert winning_card("british", "C", ["AD", "JK", "KD", "QD"]) == "JK"


def test_joker_led_is_a_trump_lead() -> None:
    """Effective suit: the Joker "is led as trump": the others must follow trump."""
    game = deal("british", 3, ["JK", "JH", "", ""], "9S")
    run(game, "0:pass 1:pass 2:pass 3:pass 0:call:H 0:partner")
    assert game.to_act == 0
    run(game, "0:JK")
    assert game.legal_actions() == ["play:JH"]


def test_joker_must_follow_a_trump_lead() -> None:
    """Effective suit: the Joker "follows trump": holding it and no other trump, it must be played to a trump lead."""
    game = deal("british", 0, ["", "AH", "JK 9C TC QC KC", ""], "9S")
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AH")
    assert game.legal_actions() == ["play:JK"]


def test_joker_notation_jk_any_case() -> None:
    """Cards: "`JK` is the single Joker of the 33-card and 25-card decks"; input is accepted in any case."""
    game = deal("british", 3, ["JK", "JH", "", ""], "9S")
    run(game, "0:pass 1:pass 2:pass 3:pass 0:call:H 0:partner")
    assert game.apply("Play:jk", seat=0) == "play:JK"


# ---------------------------------------------------------------------- the Joker turned up


def test_joker_turned_up_no_bidding_dealer_names_trump() -> None:
    """Decision (Joker turned up): "there is no bidding; ... the dealer names the trump suit (`call:S`)"."""
    game = deal("british", 0, JOKER_UP, JOKER_UP_KITTY)
    assert game.phase == "joker-call" and game.to_act == 0
    assert game.observation(2)["turn_up"] == "JK"
    assert game.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    before = snapshot(game)
    for action in ("pass", "order"):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert snapshot(game) == before
    with pytest.raises(IllegalAction):
        game.apply("call:H", seat=1)
    assert snapshot(game) == before


def test_joker_turned_up_dealers_side_are_makers_dealer_takes_it_and_discards() -> None:
    """Decision (Joker turned up): "the dealer's side are the makers, the dealer ... takes the Joker and discards"."""
    game = deal("british", 0, JOKER_UP, JOKER_UP_KITTY)
    run(game, "0:call:S 0:partner")
    assert game.trump == "S" and game.hand.maker == 0
    assert game.phase == "discard" and game.to_act == 0
    assert game.hand_cards(0) == ["JD", "JH", "QH", "KH", "AH", "JK"]
    run(game, "0:discard:QH")
    assert sorted(game.hand_cards(0)) == sorted(["JH", "JD", "AH", "KH", "JK"])
    assert game.phase == "play" and game.to_act == 1
    assert game.observation(1)["history"] == [[0, "call:S"], [0, "partner"], [0, "discard:??"]]


def test_joker_turned_up_dealer_may_discard_the_joker() -> None:
    """Decision: the dealer may discard any of its six cards, the turn-up included (here the Joker)."""
    game = deal("british", 0, JOKER_UP, JOKER_UP_KITTY)
    run(game, "0:call:H 0:partner 0:discard:JK")
    assert sorted(game.hand_cards(0)) == sorted(JOKER_UP[0].split())
    assert game.phase == "play"


def test_joker_turned_up_dealer_may_go_alone_and_marches_for_4() -> None:
    """Decision (Joker turned up): the dealer "may then go alone where the variant allows it"; alone march 4 points."""
    game = deal("british", 0, JOKER_UP, JOKER_UP_KITTY)
    run(game, "0:call:H")
    assert game.phase == "maker-choice" and game.legal_actions() == ["partner", "alone"]
    run(game, "0:alone")
    assert game.observation(1)["sitting_out"] == [2]
    run(game, "0:discard:QH")
    assert game.to_act == 1
    run(game, "1:AC 3:9C 0:KH 0:JK 1:KC 3:AD 0:JH 1:QC 3:KD 0:JD 1:JC 3:QD 0:AH 1:TC 3:TD")
    result = game.results[0]
    assert (result["maker"], result["trump"], result["alone"], result["tricks"]) == (0, "H", True, [5, 0, 0, 0])
    assert result["points"] == [4, 0]


def test_joker_turned_up_with_defend_alone() -> None:
    """Decision (Joker turned up) with `defend_alone`: after the dealer's alone call the opponents are asked, then the discard."""
    game = deal("british", 0, JOKER_UP, JOKER_UP_KITTY, defend_alone=True)
    run(game, "0:call:H 0:alone")
    assert game.phase == "defend" and game.to_act == 1
    run(game, "1:pass 3:pass")
    assert game.phase == "discard" and game.to_act == 0


def test_joker_turned_up_makers_euchred_defenders_score_2() -> None:
    """Scoring as `standard`: the dealer's side, makers by the Joker rule, euchred: defenders 2 points."""
    hands = ["9C 9D TD 9S TS", "JH JD AH KH QH", "TC JC QC KC AC", "QD KD AD JS QS"]
    game = deal("british", 0, hands, "JK 9H TH KS AS")
    run(game, "0:call:H 0:partner 0:discard:9C")
    run(game, "1:JH 2:TC 3:QD 0:JK")  # the Joker wins the first trick
    run(game, "0:9D 1:JD 2:JC 3:KD 1:AH 2:QC 3:AD 0:TD 1:KH 2:KC 3:JS 0:9S 1:QH 2:AC 3:QS 0:TS")
    result = game.results[0]
    assert result["maker"] == 0 and result["tricks"] == [1, 4, 0, 0]
    assert result["points"] == [0, 2]


# ---------------------------------------------------------------------- as standard otherwise


def test_plain_turn_up_bids_as_standard() -> None:
    """British: "As `standard`": with a plain turn-up there are two bidding rounds; round 2 may not name the turned-down suit."""
    game = deal("british", 0, PLAIN, PLAIN_KITTY)
    assert game.phase == "round-1" and game.to_act == 1 and game.legal_actions() == ["pass", "order"]
    run(game, "1:pass 2:pass 3:pass 0:pass")
    assert game.phase == "round-2" and game.legal_actions() == ["pass", "call:C", "call:D", "call:H"]
    run(game, "1:pass 2:pass 3:pass 0:pass")
    assert game.results[0]["misdeal"] is True and game.dealer == 1


def test_plain_turn_up_order_dealer_picks_up_after_alone_decision() -> None:
    """British as `standard`: after an order, the maker's choice, then the dealer takes the turn-up and discards."""
    game = deal("british", 0, PLAIN, PLAIN_KITTY)
    run(game, "1:order")
    assert game.phase == "maker-choice" and game.to_act == 1
    run(game, "1:partner")
    assert game.phase == "discard" and "KS" in game.hand_cards(0)


def test_joker_in_the_kitty_stays_hidden() -> None:
    """Hidden information: a Joker lying in the kitty under the turn-up is never seen."""
    game = deal("british", 0, PLAIN, PLAIN_KITTY)
    for seat in range(4):
        assert "JK" not in visible_cards(game.observation(seat))
