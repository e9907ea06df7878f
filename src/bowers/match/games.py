"""Whole games between bots, every game played from the first deal to the target with the real score.

A deal-by-deal match starts every hand at 0-0, so nothing a bot does about the score (a loner at 9-9, a
sacrifice to stop a march that ends the game) is ever tested.  A match of whole games is the same match with
games as its unit (``bowers.match.runner``, ``GAME``): these are its names where callers look for them.
"""

from __future__ import annotations

from bowers.match.runner import HAND_LIMIT, game_seed, game_share, plan_games, play_games

__all__ = ["HAND_LIMIT", "game_seed", "game_share", "plan_games", "play_games"]
