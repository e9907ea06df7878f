"""Ultimate Euchre (specification section 7): 54 cards, twos and threes, two Jokers, stuck dealer, 5/7/7 to 35."""

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
)

# Seat 3 deals, turn-up 4H.  Seat 0 holds 2C 3D 2H, seat 1 3C 2D 3H 2S, seat 2 3S, seat 3 no 2 or 3.
# The kitty's bottom three (6D 5D 4D) go to the first caller, the next three (5C 4C 7D) to the second.
TWOS = [
    "2C 3D 2H AC KC QC JC TC 9C 8C 7C",
    "3C 2D 3H 2S AD KD QD JD TD 9D 8D",
    "3S AH KH QH JH TH 9H 8H 7H 6H 5H",
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
]
TWOS_KITTY = "4H RJ LJ 6C 5C 4C 7D 6D 5D 4D"
JOKER_UP_KITTY = "RJ 4H LJ 6C 5C 4C 7D 6D 5D 4D"

# Seat 3 deals, turn-up 3H.  Seat 0 holds the eleven highest spades trumps; seat 1 eleven hearts.
TOP = [
    "RJ LJ JS JC AS KS QS TS 9S 8S 7S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H",
    "AC KC QC TC 9C 8C 7C 6C 5C 4C 3C",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
]
TOP_KITTY = "3H 2H 6S 5S 4S 3S 2S 2C 3D 2D"
# The same with seat 0's 7S swapped for the kitty's 2H: seat 0 loses exactly the 2H trick to seat 1.
TEN = [TOP[0].replace("7S", "2H"), *TOP[1:]]
TEN_KITTY = TOP_KITTY.replace("2H", "7S")


def pass_twos_threes(game: bowers.Game) -> None:
    act(game, "0:pass 1:pass 2:pass 3:pass")


def test_deck_54_cards_eleven_each_kitty_ten() -> None:
    """Ultimate: 52 cards and two Jokers, 11 to each player, 10 in the kitty; the turn-up is shown right after the deal."""
    game = bowers.Game("ultimate", seed=4)
    deal = game.record()["deals"][0]
    assert [len(hand) for hand in deal["hands"]] == [11, 11, 11, 11]
    assert len(deal["kitty"]) == 10
    every = {c for hand in deal["hands"] for c in hand} | set(deal["kitty"])
    assert every == set(names("RJ LJ " + " ".join(r + s for s in "CDHS" for r in "23456789TJQKA")))
    assert game.phase == "twos-threes"
    for seat in range(4):
        assert game.observation(seat)["turn_up"] == deal["kitty"][0]
        assert game.observation(seat)["turn_up_state"] == "face-up"


def test_deal_packets_two_one_two() -> None:
    """Ultimate Decision: a given deck order is dealt in packets 2-1-2-2-1-2-1 from the dealer's left; 10 left for the kitty."""
    from bowers.game import deal_from_order

    rules = bowers.make_rules("ultimate")
    hands, kitty = deal_from_order(rules, 2, list(rules.deck))
    expected: dict[int, list[int]] = {seat: [] for seat in range(4)}
    position = 0
    for size in (2, 1, 2, 2, 1, 2, 1):
        for seat in (3, 0, 1, 2):
            expected[seat].extend(range(position, position + size))
            position += size
    assert position == 44
    for seat in range(4):
        assert [i for i, card in enumerate(rules.deck) if hands[seat] >> card & 1] == expected[seat]
    assert kitty == list(rules.deck[44:])


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["2C", "LJ", "3C", "RJ"], "RJ"),
        (["4C", "JS", "5C", "LJ"], "LJ"),
        (["4D", "JC", "5D", "JS"], "JS"),
        (["AS", "4H", "JC", "5H"], "JC"),
        (["KS", "AS", "4H", "5H"], "AS"),
        (["3S", "2S", "4S", "4H"], "4S"),
        (["AH", "2S", "KH", "QH"], "2S"),
        (["KH", "AH", "4D", "5D"], "AH"),
        (["JH", "TH", "QH", "9H"], "QH"),
        (["TH", "JH", "9H", "8H"], "JH"),
        (["2H", "3H", "4C", "5C"], "3H"),
    ],
)
def test_trump_order_two_jokers_then_bowers_then_ace_to_two(cards: list[str], winner: str) -> None:
    """Ultimate trump order RJ > LJ > right > left > A > K > ... > 2; plain suits A > K > Q > J > 10 > ... > 2."""
    assert first_trick_winner("ultimate", "S", cards) == winner


# ---------------------------------------------------------------------- twos and threes


def test_twos_threes_offered_from_the_dealers_left_only_with_three() -> None:
    """Ultimate twos and threes: each player in turn from the dealer's left passes or returns three 2s/3s it holds."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    assert game.phase == "twos-threes"
    assert game.to_act == 0
    assert game.legal_actions() == ["pass", "twos-threes:2C,3D,2H"]
    act(game, "0:pass")
    assert game.legal_actions() == [
        "pass",
        "twos-threes:3C,2D,3H",
        "twos-threes:3C,2D,2S",
        "twos-threes:3C,3H,2S",
        "twos-threes:2D,3H,2S",
    ]
    act(game, "1:pass")
    assert game.legal_actions() == ["pass"]
    act(game, "2:pass")
    assert game.to_act == 3
    assert game.legal_actions() == ["pass"]
    act(game, "3:pass")
    assert game.phase == "round-1"
    assert game.to_act == 0


def test_twos_threes_take_the_bottom_kitty_cards_in_turn() -> None:
    """Ultimate twos and threes: the caller gets the last three kitty cards; a later caller the next three from the bottom."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    act(game, "0:twos-threes:2H,2C,3D")
    assert game.hand_cards(0) == names("AC KC QC JC TC 9C 8C 7C 6D 5D 4D")
    act(game, "1:twos-threes:3C,2D,2S")
    assert game.hand_cards(1) == names("3H AD KD QD JD TD 9D 8D 5C 4C 7D")
    # Three cards still lie under the turn-up, so the last two players are still asked.
    assert game.phase == "twos-threes"
    assert game.to_act == 2
    act(game, "2:pass 3:pass")
    assert game.phase == "round-1"
    assert game.observation(0)["turn_up"] == "4H"


def test_twos_threes_are_public_and_out_of_play() -> None:
    """Ultimate twos and threes: the returned cards are shown to all and out of play; the cards received stay hidden."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    act(game, "0:twos-threes:2C,3D,2H 1:twos-threes:3C,2D,2S 2:pass 3:pass")
    for seat in range(4):
        observation = game.observation(seat)
        assert observation["twos_threes"] == {"0": ["2C", "3D", "2H"], "1": ["3C", "2D", "2S"]}
        assert observation["history"][:2] == [[0, "twos-threes:2C,3D,2H"], [1, "twos-threes:3C,2D,2S"]]
    assert_no_secret_shown(game)
    for card in ["6D", "5D", "4D"]:
        assert all(card not in str(game.observation(seat)) for seat in (1, 2, 3))
    result = finish_hand(game)
    assert result["twos_threes"] == [0, 1]
    played = {action.split(":")[1] for _, action in game.record()["deals"][0]["actions"] if action.startswith("play:")}
    assert played.isdisjoint({"2C", "3D", "2H", "3C", "2D", "2S"})
    assert len(played) == 44


def test_twos_threes_refused_without_three_such_cards() -> None:
    """Ultimate twos and threes: returning cards not held, fewer than three or not all 2s and 3s is refused."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    error = refuse(game, "twos-threes:2C,3C,3D", seat=0)
    assert error.seat == 0
    assert "three cards ranked 2 or 3" in error.reason
    refuse(game, "twos-threes:2C,3D", seat=0)
    refuse(game, "twos-threes:2C,3D,4H", seat=0)
    refuse(game, "twos-threes:2C,3D,AC", seat=0)
    act(game, "0:pass 1:pass")
    error = refuse(game, "twos-threes:3S,2H,3H", seat=2)
    assert error.seat == 2


def test_twos_threes_not_offered_when_fewer_than_three_lie_under_the_turn_up() -> None:
    """Ultimate Decision: twos and threes are not offered once fewer than three kitty cards lie under the turn-up."""
    # The 54-card deal always leaves enough cards for every possible caller, so this deals twelve cards
    # each (a kitty of six: the turn-up and five under it) to the same state machine.
    from dataclasses import replace

    from bowers.actions import space_for
    from bowers.cards import CARD_NAMES, parse_card, to_hand
    from bowers.hand import Hand

    rules = replace(bowers.make_rules("ultimate"), hand_size=12)
    assert rules.kitty_size == 6
    hands = [
        "2C 3C 2D AC KC QC JC TC 9C 8C 7C 6C",
        "3D 2H 3H AD KD QD JD TD 9D 8D 7D 6D",
        "2S 3S AH KH QH JH TH 9H 8H 7H 6H 5H",
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 4H",
    ]
    kitty = "RJ LJ 5C 4C 5D 4D"
    hand = Hand(
        rules,
        space_for(rules),
        3,
        [to_hand(parse_card(c) for c in h.split()) for h in hands],
        [parse_card(c) for c in kitty.split()],
    )
    names_of = hand.space.names
    assert hand.phase_name == "twos-threes"
    hand.apply_id(names_of.index("twos-threes:2C,3C,2D"))
    assert [CARD_NAMES[c] for c in range(55) if hand.hands[0] >> c & 1] == names("6C 7C 8C 9C TC JC QC KC AC 4C 5D 4D")
    # Two cards lie under the turn-up now: seat 1, holding 3D 2H 3H, is not asked.
    assert hand.phase_name == "round-1"
    assert hand.to_act == 0


# ---------------------------------------------------------------------- bidding


def test_turned_up_joker_orderer_names_trump() -> None:
    """Ultimate: with a Joker turned up, the player who orders it into the dealer's hand names trump (order:S)."""
    game = game_of("ultimate", 3, TWOS, JOKER_UP_KITTY)
    pass_twos_threes(game)
    assert game.legal_actions() == ["pass", "order:C", "order:D", "order:H", "order:S"]
    refuse(game, "order", seat=0)
    act(game, "0:pass 1:order:D")
    assert game.trump == "D"
    assert game.observation(0)["maker"] == 1
    assert game.phase == "discard"
    assert game.to_act == 3
    assert "RJ" in game.hand_cards(3)
    act(game, "3:discard:4S")
    assert game.phase == "play"
    assert game.to_act == 0


def test_turned_down_joker_round_two_any_suit_and_dealer_stuck() -> None:
    """Ultimate: a turned-down Joker lets round 2 name any of the four suits; the dealer is stuck and may not pass."""
    game = game_of("ultimate", 3, TWOS, JOKER_UP_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.phase == "round-2"
    assert game.legal_actions() == ["pass", "call:C", "call:D", "call:H", "call:S"]
    act(game, "0:pass 1:pass 2:pass")
    assert game.legal_actions() == ["call:C", "call:D", "call:H", "call:S"]
    error = refuse(game, "pass", seat=3)
    assert "stuck" in error.reason


def test_stuck_dealer_names_a_suit_other_than_the_turned_down_one() -> None:
    """Ultimate: the dealer is stuck in round 2 and may not name the turned-down suit."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass")
    assert game.legal_actions() == ["call:C", "call:D", "call:S"]
    refuse(game, "call:H", seat=3)
    act(game, "3:call:S")
    assert game.trump == "S"
    assert game.phase == "play"


def test_no_going_alone_and_dealers_left_leads() -> None:
    """Ultimate Decision: no going alone; after the order the dealer picks up and the player left of the dealer leads."""
    assert not {"alone", "partner", "jambone"} & set(bowers.action_space("ultimate"))
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY)
    pass_twos_threes(game)
    act(game, "0:order")
    assert game.phase == "discard"
    refuse(game, "alone", seat=0)
    act(game, "3:discard:4H")
    assert game.phase == "play"
    assert game.to_act == 0


# ---------------------------------------------------------------------- scoring and target


def test_makers_taking_all_eleven_score_7() -> None:
    """Ultimate scoring: makers who take all 11 tricks score 7 points."""
    game = game_of("ultimate", 3, TOP, TOP_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S")
    assert game.to_act == 0
    result = finish_hand(game)
    assert result["tricks"] == [11, 0, 0, 0]
    assert result["points"] == [7, 0]


def test_makers_taking_six_to_ten_score_5() -> None:
    """Ultimate scoring: makers who take 6-10 tricks score 5 points."""
    game = game_of("ultimate", 3, TEN, TEN_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S")
    result = finish_hand(game)
    assert result["tricks"] == [10, 1, 0, 0]
    assert result["made"] is True
    assert result["points"] == [5, 0]


def test_euchred_makers_give_defenders_7() -> None:
    """Ultimate scoring: makers who take fewer than 6 tricks are euchred; the defenders score 7."""
    game = game_of("ultimate", 3, TOP, TOP_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:call:S")
    result = finish_hand(game)
    assert result["maker"] == 1
    assert result["made"] is False
    assert result["points"] == [7, 0]


def test_target_is_35() -> None:
    """Ultimate target: 35 points."""
    game = game_of("ultimate", 3, TEN, TEN_KITTY, initial_scores=[30, 0])
    assert game.observation(2)["target"] == 35
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S")
    finish_hand(game)
    assert game.scores == [35, 0]
    assert game.winner == 0
    assert game.legal_actions() == []


def test_result_fields_of_an_ultimate_hand() -> None:
    """Ultimate results carry twos_threes (seats that returned) and no jambone, jamboree, contract or renege."""
    game = game_of("ultimate", 3, TOP, TOP_KITTY)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S")
    result = finish_hand(game)
    assert result["twos_threes"] == []
    assert (result["jambone"], result["jamboree"], result["contract"], result["renege"]) == (False, [], None, None)
    assert result_of(game) == result


def test_observations_never_show_hidden_cards() -> None:
    """Hidden information: in random ultimate hands no observation names another hand, the kitty or a discard."""
    assert random_hands_keep_secrets("ultimate", range(8), hands=2) > 300


# ---------------------------------------------------------------------- option going_alone (docs/variants.md, Decisions)


def test_going_alone_is_off_by_default_and_adds_partner_and_alone() -> None:
    """Option ``going_alone``: off by default (the specification's rule); on, the maker says partner or alone."""
    assert bowers.make_rules("ultimate").can_go_alone is False
    space = bowers.action_space("ultimate", going_alone=True)
    assert {"partner", "alone"} <= set(space)
    assert "jambone" not in space and "defend-alone" not in space
    game = game_of("ultimate", 3, TOP, TOP_KITTY, going_alone=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S")
    assert game.legal_actions() == ["partner", "alone"]


def test_lone_march_of_eleven_scores_14() -> None:
    """going_alone: a lone maker who takes all 11 tricks scores 14 (double the march, as standard doubles 2 to 4)."""
    game = game_of("ultimate", 3, TOP, TOP_KITTY, going_alone=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S 0:alone")
    assert game.observation(0)["sitting_out"] == [2]
    assert game.to_act == 0  # the dealer's left leads, as in the standard game
    result = finish_hand(game)
    assert result["alone"] is True
    assert result["tricks"] == [11, 0, 0, 0]
    assert result["points"] == [14, 0]


def test_lone_maker_taking_six_to_ten_scores_5() -> None:
    """going_alone: a lone maker who takes 6-10 tricks scores 5, as with a partner."""
    game = game_of("ultimate", 3, TEN, TEN_KITTY, going_alone=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:call:S 0:alone")
    result = finish_hand(game)
    assert result["tricks"] == [10, 1, 0, 0]
    assert result["points"] == [5, 0]


def test_euchred_lone_maker_gives_defenders_7() -> None:
    """going_alone: a lone maker who takes fewer than 6 tricks is euchred; the defenders score 7."""
    game = game_of("ultimate", 3, TOP, TOP_KITTY, going_alone=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:call:S 1:alone")
    result = finish_hand(game)
    assert result["alone"] is True and result["made"] is False
    assert result["points"] == [7, 0]


def test_dealer_sitting_out_leaves_the_turn_up() -> None:
    """going_alone: when the dealer's partner goes alone after an order, the dealer sits out and takes nothing."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY, going_alone=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:order 1:alone")
    assert game.phase == "play"
    assert game.observation(0)["sitting_out"] == [3]
    assert game.observation(0)["turn_up_state"] == "face-up"
    assert game.to_act == 0


def test_renege_penalty_alone_is_7() -> None:
    """going_alone with reneges: the penalty after a lone hand stays 7 (the Ultimate text's one renege penalty)."""
    game = game_of("ultimate", 3, TWOS, TWOS_KITTY, going_alone=True, reneges=True)
    pass_twos_threes(game)
    act(game, "0:pass 1:order 1:alone")
    assert game.observation(0)["sitting_out"] == [3]
    act(game, "0:AC 1:2D 2:claim-renege")
    result = result_of(game)
    assert result["alone"] is True
    assert result["renege"] == {"claimant": 2, "reneger": 1, "penalty": 7}
    assert result["points"] == [7, 0]
