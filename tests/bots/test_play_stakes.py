"""The heuristic plays for the hand's points: it takes the trick that decides the contract, trumps in against a
loner, and goes alone when a lone march wins the game (version 2; version 1 is the baseline that did not)."""

from __future__ import annotations

import bowers
from bowers.bots import create
from tests.rules.deals import deal, run


def choice(game: bowers.Game, version: int = 2) -> str:
    seat = game.to_act
    assert seat is not None
    return create("heuristic", seed=0, version=version).act(game.observation(seat))


def test_maker_overruffs_the_trick_that_makes_the_contract() -> None:
    # Spades are trump and the makers hold two tricks.  Partner led the queen of diamonds, seat 1 ruffed with the
    # king of trump; seat 2 overruffs with the ace (the right bower is gone, the left played): the third trick.
    game = deal("standard", 0, ["TC QD AD JH 9S", "9C QC KD QS KS", "TD 9H AH TS AS", "JC AC 9D JD TH"], "JS")
    run(game, "1:pass 2:order 2:partner 0:discard:TC 1:KD 2:TD 3:9D 0:AD 0:JS 1:QS 2:TS 3:JC 0:QD 1:KS")
    assert game.to_act == 2
    assert choice(game) == "play:AS"
    assert choice(game, version=1) == "play:9H"  # the baseline threw a heart and left the contract to the last trick


def test_defender_overruffs_for_the_euchre() -> None:
    # Hearts are trump and the defenders hold two tricks.  Seat 0 plays last to a trick the maker won with the
    # king of trump over partner's nine: its ace of trump takes the third trick, the euchre.
    game = deal("standard", 1, ["KC QH AH 9S JS", "JC TD AD KS AS", "9C TC AC 9H TS", "QC JD KD TH KH"], "JH")
    run(game, "2:pass 3:order 3:partner 1:discard:TD 2:AC 3:QC 0:KC 1:JC 2:TC 3:TH 0:QH 1:KS 0:9S 1:AS 2:TS 3:KD")
    run(game, "1:AD 2:9H 3:KH")
    assert game.to_act == 0
    assert choice(game) == "play:AH"
    assert choice(game, version=1) == "play:JS"  # the baseline kept its ace for a trick after the contract was made


def test_railroad_defender_trumps_in_against_a_loner() -> None:
    # Spades are trump and seat 1 is alone.  Seat 2, last to play and void in diamonds, trumps the loner's ace:
    # the trick is sure, spoils the march and counts toward the euchre, where the baseline threw a club.
    hands = ["7D TD JD 8H TH QH 8S", "KC AC AD KH AH JS JK", "TC JC 9H JH 9S QS AS", "8C 9C 8D KD 7H TS KS"]
    game = deal("railroad", 3, hands, "7S")
    run(game, "0:pass 1:order 1:alone 1:give:KC 3:give:KS 2:pass 0:pass 0:7D 1:AD")
    assert game.to_act == 2
    assert choice(game) == "play:9S"
    assert choice(game, version=1) == "play:TC"


def lone_candidate(scores: list[int]) -> bowers.Game:
    """Seat 2 has ordered diamonds with both bowers, the ace and two top hearts: a lone march is likely."""
    game = deal("standard", 1, ["", "", "JD AD JH KH AH", ""], "TD", initial_scores=scores)
    run(game, "2:order")
    assert game.phase == "maker-choice" and game.to_act == 2
    return game


def test_goes_alone_when_a_lone_march_wins_the_game() -> None:
    # At 7 points a lone march (4) wins the game, a march with partner (2) does not.  The baseline, counting a
    # lone march as the 3 points the game still needed, kept its partner.
    assert choice(lone_candidate([7, 5])) == "alone"
    assert choice(lone_candidate([7, 5]), version=1) == "partner"
    # Far from the target the points decide, as they did.
    assert choice(lone_candidate([0, 0])) == choice(lone_candidate([0, 0]), version=1) == "alone"


def test_keeps_partner_when_any_contract_wins_the_game() -> None:
    # At 9 points any contract made wins the game: playing with partner is the safer way, however strong the hand.
    game = deal("standard", 0, ["", "JH JD AH KH AS", "", ""], "9H", initial_scores=[5, 9])
    run(game, "1:order")
    assert choice(game) == "partner"
    start = deal("standard", 0, ["", "JH JD AH KH AS", "", ""], "9H")
    run(start, "1:order")
    assert choice(start) == "alone"  # the same hand at 0-0 goes alone
