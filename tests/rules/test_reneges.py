"""The reneges option (specification section 1): any card may be played, failures to follow may be claimed for a penalty."""

from __future__ import annotations

import json

import pytest

import bowers

from .variant_helpers import act, game_of, random_hands_keep_secrets, refuse, result_of, trick

# Standard, seat 3 deals, turn-up 9S.  Seat 1 holds a single heart (9H) to renege with.
STD = ["AH KH AC KC QC", "9H AD KD QD TD", "QH TH JC TC 9C", "AS KS QS JS TS"]
STD_KITTY = "9S JH JD 9D"


def std(**options: object) -> bowers.Game:
    """The standard deal with spades ordered up by seat 0 and the dealer's discard made (renege option on)."""
    game = game_of("standard", 3, STD, STD_KITTY, reneges=True, **options)
    act(game, "0:order 0:partner 3:discard:9S")
    return game


def test_reneges_off_allows_only_legal_plays() -> None:
    """Reneges off (default): only legal plays are allowed, so no renege can happen and there is no claim."""
    game = game_of("standard", 3, STD, STD_KITTY)
    act(game, "0:order 0:partner 3:discard:9S 0:AH")
    assert game.legal_actions() == ["play:9H"]
    error = refuse(game, "play:AD", seat=1)
    assert "follow" in error.reason
    refuse(game, "claim-renege", seat=1)


def test_reneges_on_any_card_may_be_played_and_claimed_before_playing() -> None:
    """Reneges on: any card in hand may be played; the player to play may claim-renege first."""
    game = std()
    act(game, "0:AH")
    assert game.legal_actions() == ["play:TD", "play:QD", "play:KD", "play:AD", "play:9H", "claim-renege"]
    act(game, "1:AD")
    assert game.to_act == 2
    assert game.legal_actions()[-1] == "claim-renege"


def test_renege_is_hidden_until_claimed() -> None:
    """Reneges: a renege is recorded in the hidden state only; no observation tells of it."""
    game = std()
    act(game, "0:AH 1:AD")
    for seat in range(4):
        observation = game.observation(seat)
        observation.pop("legal_actions")
        assert observation.pop("options")["reneges"] is True  # the rule is public; a renege is not
        assert "reneg" not in json.dumps(observation)


def test_correct_claim_during_play_ends_the_hand_with_the_penalty() -> None:
    """Reneges: a correct claim ends the hand at once; every team but the reneger's scores the penalty (standard: 2)."""
    game = std()
    act(game, "0:AH 1:AD 2:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 2, "reneger": 1, "penalty": 2}
    assert result["renege_claims"] == [{"claimant": 2, "correct": True}]
    assert result["points"] == [2, 0]
    assert game.scores == [2, 0]
    assert game.hand_number == 1
    assert game.dealer == 0
    assert game.record()["deals"][0]["actions"][-1] == [2, "claim-renege"]


def test_correct_claim_by_the_defenders_in_an_alone_hand_scores_4() -> None:
    """Reneges, standard: the penalty is 4 if the hand was played alone."""
    game = game_of("standard", 3, STD, STD_KITTY, reneges=True)
    act(game, "0:order 0:alone 3:discard:9S")
    assert trick(game, "0:AH 1:AD 3:AS") == 3
    act(game, "3:KS 0:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 0, "reneger": 1, "penalty": 4}
    assert result["points"] == [4, 0]


def test_wrong_claim_changes_nothing_and_the_claimer_then_plays() -> None:
    """Reneges: a wrong claim (no opponent reneged) changes nothing; the claimer then plays its card."""
    game = std()
    act(game, "0:AH 1:AD 2:QH")
    before = game.observation(0)
    # Seat 1 reneged, but it is seat 3's partner: the claim is wrong.
    act(game, "3:claim-renege")
    assert game.phase == "play"
    assert game.to_act == 3
    assert game.scores == [0, 0]
    assert "claim-renege" not in game.legal_actions()
    after = game.observation(0)
    assert after["history"] == [*before["history"], [3, "claim-renege"]]
    assert after["trick"] == before["trick"]
    act(game, "3:AS")
    assert game.observation(0)["tricks_won"] == [0, 0, 0, 1]


def test_claim_before_any_renege_is_wrong() -> None:
    """Reneges: a claim made before any opponent has reneged is wrong."""
    game = std()
    act(game, "0:AH 1:claim-renege")
    assert game.to_act == 1
    assert game.phase == "play"
    assert len(game.results) == 0


def test_each_player_claims_once_per_hand() -> None:
    """Reneges: each player may claim once per hand; the next hand it may claim again."""
    game = std()
    act(game, "0:claim-renege")
    refuse(game, "claim-renege", seat=0)
    act(game, "0:AH 1:9H 2:QH 3:AS")
    act(game, "3:KS")
    # Seat 0 may not claim again this hand, not even later.
    assert "claim-renege" not in game.legal_actions()
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert game.phase == "renege-review"
    assert game.to_act == 1
    act(game, "1:pass 2:pass 3:pass")
    assert game.hand_number == 1
    while game.phase != "play":
        legal = game.legal_actions()
        game.apply("order" if "order" in legal else legal[0])
    assert game.legal_actions()[-1] == "claim-renege"


def test_claim_only_on_ones_own_turn() -> None:
    """Reneges: a player claims when it is its turn to play; a claim out of turn is refused."""
    game = std()
    act(game, "0:AH 1:AD")
    error = refuse(game, "claim-renege", seat=0)
    assert error.seat == 0
    refuse(game, "claim-renege", seat=3)


def test_review_after_the_last_trick_from_the_dealers_left() -> None:
    """Reneges: after the last trick each active player from the dealer's left says claim-renege or pass; then scoring."""
    game = std()
    assert trick(game, "0:AH 1:9H 2:QH 3:AS") == 3
    assert trick(game, "3:KS 0:KH 1:AD 2:JC") == 2
    assert trick(game, "2:TH 3:QS 0:AC 1:KD") == 3
    assert trick(game, "3:JS 0:KC 1:QD 2:TC") == 3
    act(game, "3:TS 0:QC 1:TD 2:9C")
    assert game.phase == "renege-review"
    for seat in range(4):
        assert game.to_act == seat
        assert game.legal_actions() == ["pass", "claim-renege"]
        act(game, f"{seat}:pass")
    result = result_of(game)
    assert result["renege"] is None
    assert result["renege_claims"] == []
    assert result["tricks"] == [0, 0, 1, 4]
    assert result["points"] == [0, 2]


def play_with_one_renege(game: bowers.Game) -> None:
    """The standard deal played out with a single renege: seat 1 keeps its 9H on the AH led."""
    assert trick(game, "0:AH 1:AD 2:QH 3:AS") == 3
    assert trick(game, "3:KS 0:KH 1:9H 2:JC") == 2
    assert trick(game, "2:TH 3:QS 0:AC 1:KD") == 3
    assert trick(game, "3:JS 0:KC 1:QD 2:TC") == 3
    act(game, "3:TS 0:QC 1:TD 2:9C")
    assert game.phase == "renege-review"
    assert game.to_act == 0


def test_correct_claim_in_the_review_ends_the_hand() -> None:
    """Reneges: a correct claim in the review ends the hand at once with the penalty; later players are not asked."""
    game = std()
    play_with_one_renege(game)
    act(game, "0:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 0, "reneger": 1, "penalty": 2}
    assert result["points"] == [2, 0]
    assert game.record()["deals"][0]["actions"][-1] == [0, "claim-renege"]


def test_wrong_claim_in_the_review_passes_to_the_next_player() -> None:
    """Reneges: a wrong claim in the review changes nothing and the review goes on; an uncaught renege stands."""
    game = std()
    play_with_one_renege(game)
    act(game, "0:pass 1:claim-renege")
    assert game.phase == "renege-review"
    assert game.to_act == 2
    act(game, "2:pass 3:pass")
    result = result_of(game)
    assert result["renege"] is None
    assert result["renege_claims"] == [{"claimant": 1, "correct": False}]
    assert result["points"] == [0, 2]


# ---------------------------------------------------------------------- penalties of the variants


R = ["JK JH JD AH TH 7C 8C", "KH 9H AC KC QC JC TC", "QH 8H AD KD QD TD 9D", "AS KS QS JS TS 9S 8S"]
R_KITTY = "7H 7S 9C 8D 7D"


def test_railroad_penalty_2_with_partner() -> None:
    """Reneges, railroad Decision: the penalty is 2 points."""
    game = game_of("railroad", 3, R, R_KITTY, reneges=True)
    act(game, "0:order 0:partner 3:discard:8S 0:JK 1:AC 2:claim-renege")
    assert result_of(game)["points"] == [2, 0]
    assert result_of(game)["renege"] == {"claimant": 2, "reneger": 1, "penalty": 2}


def test_railroad_penalty_4_alone_and_review_skips_the_sitting_out_partner() -> None:
    """Reneges, railroad Decision: 4 points if the hand was played alone; the review asks only active players."""
    game = game_of("railroad", 3, R, R_KITTY, reneges=True)
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:pass 3:pass 3:discard:8S")
    assert trick(game, "0:JK 1:AC 3:7H") == 0
    act(game, "0:claim-renege")
    assert result_of(game)["points"] == [4, 0]
    game = game_of("railroad", 3, R, R_KITTY, reneges=True)
    act(game, "0:order 0:alone 0:give:7C 2:give:QH 1:pass 3:pass 3:discard:8S")
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    asked = []
    while game.hand_number == 0:
        asked.append(game.to_act)
        game.apply("pass")
    assert asked == [0, 1, 3]


def test_correct_claim_cancels_a_jamboree() -> None:
    """Reneges: after a correct claim nothing else is scored for the hand, not even a Jamboree.

    The result still names the Jamboree's holder (``jamboree``) and says it scored nothing (``jamboree_scored``).
    """
    hands = ["JK JH JD AH KH 7C 8C", "AC KC QC AS KS QS 7S", "AD KD QD TD 9D 8D 7D", "TC 9C JC JS TS 9S 8S"]
    game = game_of("railroad", 3, hands, "QH TH 9H 8H 7H", reneges=True)
    act(game, "0:order 0:partner 3:discard:8S")
    assert game.observation(1)["jamboree"] == {"0": ["JK", "JH", "JD", "AH", "KH"]}
    act(game, "0:7C 1:AS 2:claim-renege")
    result = result_of(game)
    assert result["jamboree"] == [0]
    assert result["jamboree_scored"] is False
    assert result["points"] == [2, 0]
    replayed = bowers.replay(game.record()).results[0]
    assert (replayed["jamboree"], replayed["jamboree_scored"]) == ([0], False)


def test_playing_the_joker_while_able_to_follow_is_a_renege() -> None:
    """Reneges, railroad no-trump: the Joker played to a led suit its holder could follow is a renege."""
    hands = ["AC KC QC JC TC QH 8H", "AD KD QD TD 9D 8D 7D", "AS KS QS JS TS 9S 8S", "JH JD AH KH 7C 8C 9C"]
    game = game_of("railroad", 3, hands, "JK TH 9H 7H 7S", reneges=True)
    act(game, "0:order 0:partner 3:discard:7C")
    assert trick(game, "0:QH 1:7D 2:8S 3:JK") == 3
    act(game, "3:8C 0:claim-renege")
    assert result_of(game)["renege"] == {"claimant": 0, "reneger": 3, "penalty": 2}
    assert result_of(game)["points"] == [2, 0]


def test_railroad_six_penalty_to_each_other_team() -> None:
    """Reneges, railroad-6 Decision: the renege penalty is paid to each other team."""
    hands = ["JK JH AH 7C 8C", "AC KC QC JC TC", "AD KD QD TD 9D", "KH QH 8D 7D 9C", "AS KS QS JS TS", "9S 8S 7S JD 9H"]
    game = game_of("railroad-6", 5, hands, "TH 8H 7H", reneges=True)
    act(game, "0:order 0:partner 5:discard:7S")
    assert trick(game, "0:JK 1:AC 2:AD 3:QH 4:AS 5:9S") == 0
    act(game, "0:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 0, "reneger": 5, "penalty": 2}
    assert result["points"] == [2, 2, 0]


def test_ultimate_penalty_7() -> None:
    """Reneges, ultimate: the penalty is 7 points."""
    hands = [
        "RJ LJ JS JC AS KS QS TS 9S 8S 7S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 6S",
        "AC KC QC TC 9C 8C 7C 6C 5C 4C 3C",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
    ]
    game = game_of("ultimate", 3, hands, "3H 2H 4H 5S 4S 3S 2S 2C 3D 2D", reneges=True)
    act(game, "0:pass 1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:call:S")
    assert trick(game, "0:RJ 1:AH 2:3C 3:AD") == 0
    act(game, "0:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 0, "reneger": 1, "penalty": 7}
    assert result["points"] == [7, 0]


def test_bid_penalty_2() -> None:
    """Reneges, bid Decision: the penalty is 2 points."""
    game = game_of("bid", 3, ["JD JH AH 9C TC", "AC KC QC JC KH", "AD KD QD TD 9D", "AS KS QS JS TS"], "QH TH 9H", reneges=True)
    act(game, "0:bid:3H 1:pass 2:pass 3:pass 0:discard:QH,TH,9H 0:JD 1:AC 2:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 2, "reneger": 1, "penalty": 2}
    assert result["points"] == [2, 0]
    assert result["contract"] == "3H"


def test_two_hand_penalty_2() -> None:
    """Reneges, two-hand: the penalty is 2 points, to the other player."""
    kitty = "9S JH JD 9D QH TH JC TC 9C AS KS QS JS TS"
    game = game_of("two-hand", 0, ["AH KH AC KC QC", "9H AD KD QD TD"], kitty, reneges=True)
    act(game, "1:order 0:decline")
    assert trick(game, "1:9H 0:AC") == 1
    act(game, "1:claim-renege")
    result = result_of(game)
    assert result["renege"] == {"claimant": 1, "reneger": 0, "penalty": 2}
    assert result["points"] == [0, 2]


@pytest.mark.parametrize("variant", ["standard", "two-hand", "railroad", "railroad-6", "ultimate", "bid"])
def test_random_games_with_reneges_replay(variant: str) -> None:
    """Reneges: random games with the option on (claims included) replay to the same scores."""
    import random

    rng = random.Random(variant)
    for seed in range(3):
        game = bowers.Game(variant, seed=seed, reneges=True)
        while game.hand_number < 4 and not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        assert bowers.replay(game.record()).scores == game.scores
        for result in game.results:
            if result["renege"] is not None:
                reneger_team = result["renege"]["reneger"] % game.rules.teams
                assert result["points"][reneger_team] == 0
                assert result["jamboree"] == []


@pytest.mark.parametrize("variant", ["railroad", "ultimate", "bid"])
def test_observations_keep_secrets_with_reneges_on(variant: str) -> None:
    """Hidden information with reneges on: claims, reviews and reneges show no card a seat may not see."""
    assert random_hands_keep_secrets(variant, range(4), hands=2, reneges=True) > 60
