"""The pimc bot's models: three teams, and the bounds on a decision's work."""

from __future__ import annotations

import pytest

import bowers
from bowers.bots import create
from bowers.bots.heuristic import HeuristicBot
from bowers.bots.pimc import Evaluator
from bowers.solver import Position, value


def _first_lead(variant: str, seed: int) -> bowers.Game:
    """A game of ``variant`` bid by the heuristic bot up to its first lead."""
    game = bowers.Game(variant, seed=seed)
    bot = create("heuristic", seed=0)
    while game.hand.phase_name != "play" and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(game.observation(seat)), seat=seat)
    return game


def test_three_team_makers_are_solved_against_both_other_teams() -> None:
    # In railroad-6 both defending teams score only when the makers fail, so the makers' tricks are those they
    # take with both other teams against them: never more than the leading team's solve would leave them.
    evaluator = Evaluator(HeuristicBot(seed=0), exact_tricks=7, use_solver=True)
    fewer = 0
    for seed in range(30):
        game = _first_lead("railroad-6", seed)
        if game.is_over or game.hand.phase_name != "play":
            continue
        maker_team = game.hand.maker % 3
        leader_team = game.rules.team_of(game.to_act)  # type: ignore[arg-type]
        makers = evaluator.value(game, maker_team)
        assert makers == value(Position.from_game(game, maker_team))
        if leader_team == maker_team:
            continue
        left_by_leader = game.rules.hand_size - evaluator.value(game, leader_team)
        assert makers <= left_by_leader
        fewer += makers < left_by_leader
    assert fewer > 0  # counting the leader's opponents as the makers would have credited them tricks they lack


@pytest.mark.parametrize("variant", ["railroad-6"])
def test_three_team_play_values_every_legal_card(variant: str) -> None:
    game = _first_lead(variant, 3)
    seat = game.to_act
    assert seat is not None
    advice = create("pimc", seed=1, samples=3).advise(game.observation(seat))
    legal = [a for a in game.legal_actions() if a != "claim-renege"]
    assert sorted(choice.action for choice in advice) == sorted(legal)
