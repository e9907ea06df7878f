"""The heuristic's auction in the bid variants: partner's bid read as cards, no-trump bid on sure tricks."""

from __future__ import annotations

import pytest

from bowers.bots.heuristic import HeuristicBot
from bowers.bots.strength import sure_tricks
from bowers.bots.view import card_of
from bowers.cards import to_hand
from bowers.game import Game
from bowers.tables import NO_TRUMP, trump_tables

# A deal of ``bid`` (seat 1 deals, seat 2 bids first) with a single ace for seat 0 and a heart hand for its partner:
# seed 203, deal 9 of a pimc self-play match, where seat 0 took partner's five hearts out to five no-trump and failed.
ONE_ACE = [["9C", "QC", "AC", "TH", "TS"], ["TC", "JC", "9D", "QD", "KS"], ["JD", "AD", "JH", "QH", "KH"],
           ["KC", "KD", "AH", "JS", "AS"]]  # fmt: skip
ONE_ACE_KITTY = ["QS", "9H", "TD"]
ONE_ACE_BIDDING = ["bid:3H", "bid:4C", "bid:4H", "pass", "bid:5H", "pass"]


def _choice(hands: list[list[str]], kitty: list[str], bidding: list[str], dealer: int, version: int = 2) -> str:
    game = Game.from_deal("bid", dealer=dealer, hands=hands, kitty=kitty, seed=0)
    for action in bidding:
        game.apply_id(game.space.index[action])
    assert game.to_act is not None
    return HeuristicBot(seed=0, version=version).act(game.observation(game.to_act))


def test_four_aces_and_a_king_bid_five_no_trump() -> None:
    # Five tricks cashed from the top: 5NT closes the auction at two points, where 3H (the first release's bid)
    # leaves the opponents room and the hand's aces to the bowers.
    hands = [["AC", "AD", "AH", "AS", "KS"], ["9C", "TC", "JC", "QC", "KC"], ["9D", "TD", "JD", "QD", "KD"],
             ["9H", "TH", "JH", "QH", "KH"]]  # fmt: skip
    assert _choice(hands, ["TS", "JS", "QS"], [], dealer=3) == "bid:5NT"
    assert _choice(hands, ["TS", "JS", "QS"], [], dealer=3, version=1) == "bid:3H"


def test_a_single_ace_opens_no_higher_than_a_suit_and_a_run_from_the_ace_opens_no_trump() -> None:
    # No-trump must take every trick: a lone ace is one sure trick, an ace-king-queen-jack run four.
    others = [["9C", "TC", "JC", "KC", "9D"], ["TD", "JD", "QD", "KD", "9H"], ["JH", "QH", "KH", "AH", "JS"]]
    assert _choice([["AC", "QC", "TH", "TS", "QS"], *others], ["AD", "AS", "KS"], [], dealer=3) != "bid:5NT"
    others = [["9C", "TC", "JC", "QC", "KC"], ["TD", "JD", "QD", "KD", "AD"], ["9H", "TH", "JH", "QH", "KH"]]
    assert _choice([["AS", "KS", "QS", "JS", "9D"], *others], ["AC", "AH", "TS"], [], dealer=3) == "bid:5NT"


def test_the_five_top_trumps_bid_their_suit() -> None:
    # Every trick is as certain in diamonds as four aces and a king make it in no-trump: the suit, the cheapest bid.
    hands = [["JH", "JD", "AD", "KD", "QD"], ["9C", "TC", "JC", "QC", "KC"], ["9H", "TH", "QH", "KH", "AH"],
             ["TS", "JS", "QS", "KS", "AS"]]  # fmt: skip
    assert _choice(hands, ["AC", "9D", "TD"], [], dealer=3) == "bid:3D"


def test_a_single_ace_leaves_partners_five_hearts_alone() -> None:
    assert _choice(ONE_ACE, ONE_ACE_KITTY, ONE_ACE_BIDDING, dealer=1) == "pass"


def test_aces_without_the_tricks_to_run_leave_partners_five_level_suit() -> None:
    # Two aces and their kings cash four tricks; no-trump must take five, partner's hearts are worth five already.
    hands = [["AC", "KC", "AD", "KD", "9H"], ["9C", "TC", "JC", "QC", "TS"], ["JD", "9D", "JH", "QH", "KH"],
             ["TH", "AH", "JS", "QS", "AS"]]  # fmt: skip
    assert _choice(hands, ["KS", "TD", "QD"], ["bid:5H", "pass"], dealer=1) == "pass"


def test_partners_bid_is_raised_only_over_the_opponents() -> None:
    # Partner's 3D stands: with diamond support the hand passes, since the contract scores the same at any level.
    hands = [["AD", "KD", "9C", "TC", "9H"], ["TH", "JC", "QC", "KC", "TS"], ["JD", "JH", "QD", "AC", "AH"],
             ["QH", "KH", "JS", "QS", "AS"]]  # fmt: skip
    assert _choice(hands, ["KS", "TD", "9D"], ["bid:3D", "pass"], dealer=1) == "pass"


@pytest.mark.parametrize(
    ("cards", "sure"),
    [
        (["AC", "AD", "AH", "AS", "KS"], 5),  # four aces, and the king under its own ace
        (["AC", "KD", "AH", "QS", "9S"], 2),  # a king or a queen with a higher card out is no stopper
        (["9C", "QC", "AC", "TH", "TS"], 1),
    ],
)
def test_sure_tricks_count_the_cards_no_outstanding_card_outranks(cards: list[str], sure: int) -> None:
    rules = Game("bid", seed=0).rules
    tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, NO_TRUMP)
    hand = to_hand(card_of(name) for name in cards)
    assert sure_tricks(hand, tables, rules.deck, to_hand(rules.deck) & ~hand) == sure


def test_the_joker_is_a_sure_trick_in_bid_railroad_no_trump() -> None:
    rules = Game("bid-railroad", seed=0).rules
    tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, NO_TRUMP)
    joker = to_hand(card for card in rules.deck if card >= 52)
    assert sure_tricks(joker, tables, rules.deck, to_hand(rules.deck) & ~joker) == 1


@pytest.mark.parametrize("variant", ["bid", "bid-railroad"])
def test_every_auction_choice_is_legal(variant: str) -> None:
    bot = HeuristicBot(seed=0)
    for seed in range(20):
        game = Game(variant, seed=seed)
        while game.to_act is not None and game.observation(game.to_act)["phase"] == "auction":
            observation = game.observation(game.to_act)
            action = bot.act(observation)
            assert action in observation["legal_actions"]
            game.apply_id(game.space.index[action])
