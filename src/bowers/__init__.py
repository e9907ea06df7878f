"""bowers: every Euchre game, played exactly.

The public API: ``Game``, ``replay``, ``action_space``, ``variants``, the
double-dummy solver (``solve``, ``solve_line``; more in ``bowers.solver``) and
the errors.  Cards and actions use one text notation (``play:TH``, ``call:S``).
"""

from bowers.errors import BowersError, IllegalAction, NotationError, OptionError, RecordError
from bowers.game import Game, action_space, replay
from bowers.solver import solve, solve_line
from bowers.variants import Rules, Variant, make_rules, variant, variants


def variant_info(name: str) -> Variant:
    """The declaration of a variant: summary and documented options."""
    return variant(name)


__all__ = [
    "BowersError",
    "Game",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "RecordError",
    "Rules",
    "Variant",
    "action_space",
    "make_rules",
    "replay",
    "solve",
    "solve_line",
    "variant",
    "variant_info",
    "variants",
]
__version__ = "0.1.0"
