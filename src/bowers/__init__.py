"""bowers: every Euchre game, played exactly.

The public API: ``Game``, ``replay``, ``action_space``, ``variants``, the
double-dummy solver (``solve``, ``solve_line``; more in ``bowers.solver``) and
the errors.  Cards and actions use one text notation (``play:TH``, ``call:S``).

The engine modules (``ENGINE_MODULES``) are compiled with mypyc at install
where possible; the ``.py`` sources are the reference and the fallback.  Before
anything imports them, this module chooses which to load: the compiled ones
when every one was built from the source now beside it, else the pure-Python
sources (with a warning when a compiled module is stale).  ``BOWERS_PURE=1``
asks for the pure engine.  ``engine_kind()`` says which is running.  This file
is never compiled.
"""

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from importlib.machinery import ModuleSpec
from types import ModuleType

ENGINE_MODULES = ("cards", "tables", "variants", "actions", "hand", "observation", "game", "information_state")
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_PURE_REASON: str | None = None  # why the pure engine runs, or None when the compiled one does


class _PureEngineFinder(importlib.abc.MetaPathFinder):
    """Loads the engine modules from their ``.py`` sources, so that compiled modules beside them do not shadow them."""

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        """The source spec of an engine module; None for every other module."""
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in ENGINE_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, os.path.join(_PACKAGE_DIR, f"{name}.py"))


def _why_not_compiled() -> str | None:
    """None when every engine module has a compiled build of its current source; else the reason why not."""
    if os.environ.get("BOWERS_PURE", "").strip().lower() not in ("", "0", "false", "no", "off"):
        return "BOWERS_PURE is set"
    try:
        recorded: dict[str, str] = importlib.import_module(f"{__name__}._compiled").SOURCE_HASHES
    except ImportError:
        recorded = {}
    if not recorded:
        return "the engine was not compiled at install"
    for name in ENGINE_MODULES:
        built = (os.path.join(_PACKAGE_DIR, name + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
        if not any(os.path.exists(path) for path in built):
            return f"there is no compiled {name} module"
        with open(os.path.join(_PACKAGE_DIR, f"{name}.py"), "rb") as source:
            if hashlib.sha256(source.read()).hexdigest() != recorded.get(f"{__name__}.{name}"):
                warnings.warn(
                    f"bowers: the compiled {name} module is older than {name}.py; running the pure-Python engine "
                    "(reinstall with `pip install -e .` to recompile, or set BOWERS_PURE=1 to silence this)",
                    RuntimeWarning,
                    stacklevel=3,
                )
                return f"the compiled {name} module is stale"
    return None


def _choose_engine() -> str | None:
    """Import the compiled engine if it is current and loads; otherwise arrange for the pure sources; returns the reason."""
    reason = _why_not_compiled()
    if reason is None:
        try:
            for name in ENGINE_MODULES:
                importlib.import_module(f"{__name__}.{name}")
        except ImportError as error:
            for name in ENGINE_MODULES:
                sys.modules.pop(f"{__name__}.{name}", None)
            reason = f"the compiled engine failed to load ({error})"
    if reason is not None:
        sys.meta_path.insert(0, _PureEngineFinder())
    return reason


_PURE_REASON = _choose_engine()


def engine_kind() -> str:
    """``"compiled"`` when the engine modules running are the mypyc-compiled ones, else ``"pure"``."""
    loaded = [sys.modules.get(f"{__name__}.{name}") for name in ENGINE_MODULES]
    compiled = all(module is not None and not str(module.__file__).endswith(".py") for module in loaded)
    return "compiled" if compiled else "pure"


def engine_note() -> str:
    """Which engine runs and, for the pure one, why (for reports such as ``bowers simulate``)."""
    return "compiled" if _PURE_REASON is None and engine_kind() == "compiled" else f"pure ({_PURE_REASON or 'not compiled'})"


# The public API, imported after the engine is chosen.
from bowers.errors import BowersError, IllegalAction, MatchFailure, NotationError, OptionError, RecordError, Refusal  # noqa: E402
from bowers.game import Game, action_space, replay  # noqa: E402
from bowers.hand import TrumpMade  # noqa: E402
from bowers.solver import solve, solve_line  # noqa: E402
from bowers.variants import Rules, Variant, make_rules, variant, variants  # noqa: E402


def variant_info(name: str) -> Variant:
    """The declaration of a variant: summary and documented options."""
    return variant(name)


__all__ = [
    "ENGINE_MODULES",
    "BowersError",
    "Game",
    "IllegalAction",
    "MatchFailure",
    "NotationError",
    "OptionError",
    "RecordError",
    "Refusal",
    "Rules",
    "TrumpMade",
    "Variant",
    "action_space",
    "engine_kind",
    "engine_note",
    "make_rules",
    "replay",
    "solve",
    "solve_line",
    "variant",
    "variant_info",
    "variants",
]
__version__ = "0.1.0"
