"""pimc in the auctions: in bid, partner's five-level suit bid is not taken out to no-trump on a single ace; in
bid-railroad, 7NT is bid where it pays (on every trick, or as a cheap sacrifice) and not opened on a weak hand."""

from __future__ import annotations

import pytest

from bowers.bots import create
from bowers.game import Game
from tests.bots.test_auction import ONE_ACE, ONE_ACE_BIDDING, ONE_ACE_KITTY


@pytest.mark.parametrize("seed", range(4))
def test_pimc_leaves_partners_five_hearts_with_a_single_ace(seed: int) -> None:
    # Seed 203, deal 9 of a pimc self-play match: the first release bid 5NT here (and failed), its worlds giving
    # partner a random hand for its five hearts, so that passing looked as bad as failing.
    game = Game.from_deal("bid", dealer=1, hands=ONE_ACE, kitty=ONE_ACE_KITTY, seed=0)
    for action in ONE_ACE_BIDDING:
        game.apply_id(game.space.index[action])
    bot = create("pimc", seed=seed, samples=24, time_budget=0)
    assert bot.act(game.observation(0)) == "pass"


# bid-railroad: a failed contract costs its makers only the defenders' tricks, and 7NT ends the auction, so 7NT is
# right on a hand that takes every trick and, as a sacrifice, against the other side's contract that would make.
SEVEN_TRICKS_HANDS = [
    ["9C", "JD", "JC", "KD", "TD", "7H", "QS"],
    ["JK", "AS", "AH", "AD", "AC", "KS", "KC"],
    ["9S", "QH", "JS", "7D", "TC", "JH", "9H"],
    ["8S", "QC", "8C", "8D", "8H", "7C", "TH"],
]
SEVEN_TRICKS_KITTY = ["7S", "QD", "TS", "9D", "KH"]
# Deal 200 of a pimc self-play study (dealer 3), solved double dummy: seven hearts over seven clubs makes on these
# cards (seat 1's side loses 7 points), and 7NT from seat 1 loses 2.
SACRIFICE_HANDS = [
    ["8D", "8H", "9H", "TH", "JH", "9S", "JK"],
    ["7C", "8C", "9C", "KD", "QH", "AH", "AS"],
    ["TC", "TD", "AD", "7H", "7S", "8S", "TS"],
    ["JC", "QC", "KC", "7D", "9D", "QD", "KH"],
]
SACRIFICE_KITTY = ["AC", "JD", "JS", "QS", "KS"]
# Deal 304 (dealer 3), solved the same way: the opening seat holds no ace, and 7NT would lose 6 points where
# passing (the heuristic bidding on for every seat) gains 4.
NO_ACE_HANDS = [
    ["9C", "KD", "TH", "JH", "7S", "JS", "KS"],
    ["QC", "AC", "8H", "QH", "KH", "AH", "QS"],
    ["JC", "TD", "QD", "AD", "7H", "8S", "TS"],
    ["8C", "TC", "KC", "8D", "9S", "AS", "JK"],
]
NO_ACE_KITTY = ["7C", "7D", "9D", "JD", "9H"]


@pytest.mark.parametrize("seed", range(4))
def test_pimc_bids_seven_no_trump_on_seven_sure_tricks(seed: int) -> None:
    game = Game.from_deal("bid-railroad", dealer=3, hands=SEVEN_TRICKS_HANDS, kitty=SEVEN_TRICKS_KITTY, seed=0)
    game.apply("bid:6D")
    bot = create("pimc", seed=seed, samples=8, time_budget=0)
    assert bot.act(game.observation(1)) == "bid:7NT"


@pytest.mark.parametrize("seed", range(4))
def test_pimc_outbids_a_making_contract_with_a_cheap_seven_no_trump(seed: int) -> None:
    game = Game.from_deal("bid-railroad", dealer=3, hands=SACRIFICE_HANDS, kitty=SACRIFICE_KITTY, seed=0)
    for action in ("bid:5H", "bid:7C", "bid:7H", "pass", "pass"):
        game.apply(action)
    bot = create("pimc", seed=seed, samples=8, time_budget=0)
    assert bot.act(game.observation(1)) == "bid:7NT"


@pytest.mark.parametrize("seed", range(4))
def test_pimc_does_not_open_seven_no_trump_without_an_ace(seed: int) -> None:
    game = Game.from_deal("bid-railroad", dealer=3, hands=NO_ACE_HANDS, kitty=NO_ACE_KITTY, seed=0)
    bot = create("pimc", seed=seed, samples=8, time_budget=0)
    assert bot.act(game.observation(0)) != "bid:7NT"
