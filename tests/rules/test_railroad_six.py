"""Railroad Euchre for six (specification section 6): three teams of two, 5 cards each, makers need 3 tricks."""

from __future__ import annotations

import pytest

import bowers

from .variant_helpers import (
    act,
    assert_no_secret_shown,
    check_seating_follows_draw,
    draw_places,
    finish_hand,
    game_of,
    names,
    random_hands_keep_secrets,
    refuse,
    result_of,
    trick,
)

# Seat 5 deals, turn-up TH.  Team {0,3} holds JK JH AH and KH QH, team {1,4} clubs and spades, seat 5 JD 9H.
SIX = ["JK JH AH 7C 8C", "AC KC QC JC TC", "AD KD QD TD 9D", "KH QH 8D 7D 9C", "AS KS QS JS TS", "9S 8S 7S JD 9H"]
SIX_KITTY = "TH 8H 7H"

# Seat 5 deals, turn-up 7H; seat 0 holds the five highest trumps in play (KH lies in the kitty).
SIX_JAMBONE = ["JK JH JD AH QH", "AC KC QC JC TC", "AD KD QD TD 9D", "9H 8D 7D 9C 8C", "AS KS QS JS TS", "9S 8S 7S 7C 8H"]
SIX_JAMBONE_KITTY = "7H KH TH"


def six() -> bowers.Game:
    return game_of("railroad-6", 5, SIX, SIX_KITTY)


def play_six(game: bowers.Game) -> None:
    """Deal SIX with all six active: seat 0 takes the first three tricks, seat 1 the last two."""
    assert trick(game, "0:JK 1:AC 2:AD 3:QH 4:AS 5:JD") == 0
    assert trick(game, "0:JH 1:KC 2:KD 3:KH 4:KS 5:TH") == 0
    assert trick(game, "0:AH 1:QC 2:QD 3:9C 4:QS 5:9H") == 0
    assert trick(game, "0:7C 1:JC 2:TD 3:8D 4:JS 5:9S") == 1
    assert trick(game, "1:TC 2:9D 3:7D 4:TS 5:8S 0:8C") == 1


def test_six_players_five_cards_each_kitty_three() -> None:
    """Railroad-6: 33 cards, 5 to each of six players, 3 in the kitty; scores for three teams."""
    game = bowers.Game("railroad-6", seed=5)
    deal = game.record()["deals"][0]
    assert [len(hand) for hand in deal["hands"]] == [5] * 6
    assert len(deal["kitty"]) == 3
    assert len({c for hand in deal["hands"] for c in hand} | set(deal["kitty"])) == 33
    assert game.scores == [0, 0, 0]
    assert game.observation(0)["target"] == 64


def test_deal_packets_two_three() -> None:
    """Railroad-6: a given deck order is dealt from the dealer's left in packets of 2 then 3; the last 3 cards are the kitty."""
    from bowers.game import deal_from_order

    rules = bowers.make_rules("railroad-6")
    hands, kitty = deal_from_order(rules, 5, list(rules.deck))
    positions = [[i for i, card in enumerate(rules.deck) if hands[seat] >> card & 1] for seat in range(6)]
    assert positions == [[2 * s, 2 * s + 1, 12 + 3 * s, 13 + 3 * s, 14 + 3 * s] for s in range(6)]
    assert kitty == list(rules.deck[30:])


def test_teams_are_partners_opposite() -> None:
    """Railroad-6: three teams of two, partners opposite: {0,3}, {1,4}, {2,5}."""
    game = six()
    assert [game.observation(seat)["team"] for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    act(game, "0:order 0:alone")
    act(game, "0:give:7C")
    assert game.to_act == 3


def test_makers_need_three_of_five() -> None:
    """Railroad-6 Decision: makers who take 3 of the 5 tricks make it and score 1 per trick."""
    game = six()
    act(game, "0:order 0:partner 5:discard:7S")
    play_six(game)
    result = result_of(game)
    assert result["tricks"] == [3, 2, 0, 0, 0, 0]
    assert result["made"] is True
    assert result["points"] == [3, 0, 0]


def test_failed_makers_each_other_team_scores_its_own_tricks() -> None:
    """Railroad-6 Decision: when makers fail, each other team scores for the tricks it took."""
    game = six()
    act(game, "0:pass 1:pass 2:pass 3:pass 4:pass 5:order 5:partner 5:discard:7S")
    play_six(game)
    result = result_of(game)
    assert result["maker"] == 5
    assert result["made"] is False
    assert result["points"] == [3, 2, 0]
    assert game.scores == [3, 2, 0]


def test_failed_lone_maker_each_other_team_scores_two_per_trick() -> None:
    """Railroad-6: a lone maker who fails gives each other team 2 points per trick it took."""
    game = six()
    act(game, "0:pass 1:pass 2:pass 3:pass 4:pass 5:order 5:alone 5:give:7S 2:give:7S")
    assert game.phase == "discard"
    act(game, "5:discard:8S")
    assert game.observation(0)["sitting_out"] == [2]
    assert trick(game, "0:JK 1:AC 3:QH 4:AS 5:JD") == 0
    assert trick(game, "0:JH 1:KC 3:KH 4:KS 5:TH") == 0
    assert trick(game, "0:AH 1:QC 3:9C 4:QS 5:9H") == 0
    assert trick(game, "0:7C 1:JC 3:8D 4:JS 5:9S") == 1
    assert trick(game, "1:TC 3:7D 4:TS 5:7S 0:8C") == 1
    result = result_of(game)
    assert result["alone"] is True
    assert result["points"] == [6, 4, 0]


def test_no_defending_alone() -> None:
    """Railroad-6 Decision: defending alone is not available (two defending teams); no option, no action."""
    with pytest.raises(bowers.OptionError):
        bowers.Game("railroad-6", seed=1, defend_alone=True)
    assert "defend-alone" not in bowers.action_space("railroad-6")
    game = six()
    act(game, "0:order 0:alone 0:give:7C 3:give:7C")
    assert game.phase == "discard"
    assert game.to_act == 5
    error = refuse(game, "defend-alone", seat=5)
    assert error.action == "defend-alone"


def test_misdeal_passes_the_deal_left() -> None:
    """Railroad-6 misdeal: all six pass both rounds; no points; seat 0 deals next."""
    game = six()
    act(game, " ".join(f"{seat}:pass" for seat in range(6)) + " " + " ".join(f"{seat}:pass" for seat in range(6)))
    assert result_of(game)["misdeal"] is True
    assert result_of(game)["points"] == [0, 0, 0]
    assert game.dealer == 0


def test_jambone_chooser_is_the_next_seat_left() -> None:
    """Railroad-6 Decision: the chooser of a Jambone's plays is the next player on its left; no defend-alone step."""
    game = game_of("railroad-6", 5, SIX_JAMBONE, SIX_JAMBONE_KITTY)
    act(game, "0:order 0:jambone 0:give:QH 3:give:QH")
    assert game.phase == "discard"
    act(game, "5:discard:7C")
    assert game.to_act == 1
    assert game.observation(1)["legal_actions"] == [f"play:{c}" for c in names("JK JH JD AH QH")]
    for seat in range(6):
        assert game.observation(seat)["exposed"] == {"0": names("JK JH JD AH QH")}
    assert_no_secret_shown(game)


def test_jambone_taking_all_five_scores_28() -> None:
    """Railroad-6 Decision: a Jambone needs all 5 tricks for its 28 points."""
    game = game_of("railroad-6", 5, SIX_JAMBONE, SIX_JAMBONE_KITTY)
    act(game, "0:order 0:jambone 0:give:QH 3:give:QH 5:discard:7C")
    result = finish_hand(game)
    assert result["tricks"] == [5, 0, 0, 0, 0, 0]
    assert result["points"] == [28, 0, 0]


def test_failed_jambone_gives_each_other_team_28() -> None:
    """Railroad-6 Decision: when a Jambone fails, each other team scores 28."""
    game = game_of("railroad-6", 5, SIX_JAMBONE, SIX_JAMBONE_KITTY)
    act(game, "0:order 0:jambone 0:give:QH 3:give:9C 5:discard:9S")
    assert trick(game, "1:9C 1:AC 2:AD 4:AS 5:7C") == 1
    result = finish_hand(game)
    assert result["tricks"] == [4, 1, 0, 0, 0, 0]
    assert result["jambone"] is True
    assert result["points"] == [0, 28, 28]


def test_jamboree_in_six() -> None:
    """Railroad-6 Jamboree: the five highest trumps in an active hand add 16 for its team."""
    hands = ["JK JH JD AH KH", "AC KC QC JC TC", "AD KD QD TD 9D", "QH 8D 7D 9C 8C", "AS KS QS JS TS", "9S 8S 7S 7C 8H"]
    game = game_of("railroad-6", 5, hands, "7H 9H TH")
    act(game, "0:order 0:partner 5:discard:7C")
    assert game.observation(4)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    result = finish_hand(game)
    assert result["jamboree"] == [0]
    assert result["points"] == [5 + 16, 0, 0]


@pytest.mark.parametrize("seed", range(40))
def test_draw_seats_three_teams_by_rank(seed: int) -> None:
    """Railroad-6 draw option: the lowest two are team {0,3}, the next two {1,4}, the highest two {2,5}; seat 0 deals."""
    check_seating_follows_draw("railroad-6", seed)


def test_draw_recorded_in_six() -> None:
    """Railroad-6 draw option: the record holds "seating" and "draw" and replay keeps them."""
    game = bowers.Game("railroad-6", seed=0, draw=True)
    record = game.record()
    assert record["draw"][0] == [[0, "AC"], [1, "8C"], [2, "9D"], [3, "7C"], [4, "8D"], [5, "KC"]]
    # 7C deals; the two 8s tie across the first team's edge and redraw: 7H beats AH to seat 3.
    assert record["draw"][1] == [[1, "7H"], [4, "AH"]]
    assert record["seating"] == [3, 4, 5, 1, 2, 0]
    assert bowers.replay(record).seating == [3, 4, 5, 1, 2, 0]


def test_draw_redraws_only_ties_that_matter_in_six() -> None:
    """Railroad-6 draw Decision: only ties for a place that matters are redrawn (not within a team's two places)."""
    for seed in range(40):
        draw = bowers.Game("railroad-6", seed=seed, draw=True).draw
        _, redraws = draw_places(draw)
        assert all(matters for _, matters in redraws), f"seed {seed}: redraw {redraws} in {draw}"


def test_observations_never_show_hidden_cards_in_six() -> None:
    """Hidden information: in random railroad-6 hands no observation names a card its seat may not see."""
    assert random_hands_keep_secrets("railroad-6", range(10), hands=2) > 150


def test_short_deck_is_refused_with_the_reason() -> None:
    """Decision: railroad-6 cannot use the 24-card deck (25 cards give six players 4 each); it is refused, saying why."""
    with pytest.raises(bowers.OptionError) as caught:
        bowers.Game("railroad-6", seed=1, deck=24)
    message = str(caught.value)
    assert "4 cards each" in message and "32-card deck" in message
    with pytest.raises(bowers.OptionError):
        bowers.make_rules("railroad-6", deck="24")
