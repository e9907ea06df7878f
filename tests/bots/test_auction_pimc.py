"""pimc in the bid auction: partner's five-level suit bid is not taken out to no-trump on a single ace."""

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
