"""Bots: players that turn a seat's observation into an action.

A bot is created by name from a registry (``create``), holds its settings and
its own random generator, and sees nothing but ``Game.observation(seat)`` (it
works on a JSON round-trip of it).  Bots are deterministic for a given seed.

>>> bot = create("random", seed=1)
>>> bot.act({"legal_actions": ["pass"]})
'pass'
"""

from __future__ import annotations

from bowers.bots.advice import Advice
from bowers.bots.base import Bot, BotFactory, create, names, register
from bowers.bots.heuristic import HeuristicBot
from bowers.bots.pimc import PimcBot, advise
from bowers.bots.random_bot import RandomBot

__all__ = ["Advice", "Bot", "BotFactory", "HeuristicBot", "PimcBot", "RandomBot", "advise", "create", "names", "register"]
