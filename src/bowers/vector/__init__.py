"""Many games of one variant stepped at once in numpy: ``VectorGame`` (see docs/vector.md).

>>> from bowers.vector import VectorGame
>>> games = VectorGame("standard", n=8, seed=1)
>>> first = games.reset()
>>> first.observation.shape, first.mask.shape
((8, 354), (8, 56))
"""

from bowers.vector.deal import episode_seed
from bowers.vector.game import SUPPORTED, VectorGame, VectorStep, random_actions

__all__ = ["SUPPORTED", "VectorGame", "VectorStep", "episode_seed", "random_actions"]
