"""Bot-versus-bot matches in duplicate (single deals, or whole games with the real score), and their statistics.

>>> result = play_match("standard", ["random", "random"], deals=4, seed=1, workers=1)
>>> result.hands, len(result.sides)
(8, 2)
"""

from __future__ import annotations

from bowers.match.games import (
    GameOutcome,
    GamePass,
    GameSideResult,
    GamesPlan,
    GamesResult,
    game_seed,
    plan_games,
    play_games,
)
from bowers.match.runner import (
    SIDE_LABELS,
    DealOutcome,
    MatchPlan,
    MatchResult,
    PassOutcome,
    Side,
    SideResult,
    chain_games,
    deal_seed,
    net_points,
    plan_match,
    play_deal,
    play_match,
    seatings,
)
from bowers.match.statistics import Elo, Estimate, elo_difference, elo_from_score, mean_interval, t_quantile

__all__ = [
    "SIDE_LABELS",
    "DealOutcome",
    "Elo",
    "Estimate",
    "GameOutcome",
    "GamePass",
    "GameSideResult",
    "GamesPlan",
    "GamesResult",
    "MatchPlan",
    "MatchResult",
    "PassOutcome",
    "Side",
    "SideResult",
    "chain_games",
    "deal_seed",
    "elo_difference",
    "elo_from_score",
    "game_seed",
    "mean_interval",
    "net_points",
    "plan_games",
    "plan_match",
    "play_deal",
    "play_games",
    "play_match",
    "seatings",
    "t_quantile",
]
