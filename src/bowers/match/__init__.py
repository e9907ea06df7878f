"""Bot-versus-bot matches in duplicate (single deals, or whole games with the real score), and their statistics.

>>> result = play_match("standard", ["random", "random"], deals=4, seed=1, workers=1)
>>> result.hands, len(result.sides)
(8, 2)
"""

from __future__ import annotations

from bowers.match.runner import (
    DEAL,
    GAME,
    SIDE_LABELS,
    MatchPlan,
    MatchResult,
    Outcome,
    PassOutcome,
    Side,
    SideResult,
    Unit,
    chain_games,
    deal_seed,
    game_seed,
    net_points,
    plan_games,
    plan_match,
    play_games,
    play_match,
    play_unit,
    seatings,
)
from bowers.match.statistics import Elo, Estimate, elo_difference, elo_from_score, mean_interval, t_quantile

__all__ = [
    "DEAL",
    "GAME",
    "SIDE_LABELS",
    "Elo",
    "Estimate",
    "MatchPlan",
    "MatchResult",
    "Outcome",
    "PassOutcome",
    "Side",
    "SideResult",
    "Unit",
    "chain_games",
    "deal_seed",
    "elo_difference",
    "elo_from_score",
    "game_seed",
    "mean_interval",
    "net_points",
    "plan_games",
    "plan_match",
    "play_games",
    "play_match",
    "play_unit",
    "seatings",
    "t_quantile",
]
