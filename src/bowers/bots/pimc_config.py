"""The ``pimc`` bot's settings: a frozen, validated value built once from ``create("pimc", **settings)``.

Each field is one setting a user may turn; a wrong name or value raises
``OptionError`` naming what is allowed.  The figures behind the defaults are
in docs/notes/2026-11-29-performance-experiments.md and docs/notes/2026-11-29-pimc-settings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from bowers.errors import OptionError

# Seconds a decision may take by default: checked between solves, so a decision ends within this and one more
# solve.  Typical decisions take far less, so it binds (and results then depend on the machine) only on the rare
# slow ones (Ultimate's bidding and first tricks on a loaded machine).
DEFAULT_TIME_BUDGET = 2.0

# Worlds a decision at each level (level 3 is the default, 80 worlds; level 2 the earlier default's 20).
LEVEL_SAMPLES = {1: 4, 2: 20, 3: 80, 4: 160, 5: 320}

EVALUATORS = ("auto", "solver", "rollout")
BIDDING_MODELS = ("auto", "learned", "worlds")
SCORE_MODELS = ("win-probability", "points")
VERSIONS = (1, 2)
VERSION_1_EXACT_TRICKS = 7  # version 1 played out positions with more tricks left (Ultimate's first four) first


def _whole(value: object, least: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= least


def _number(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float)


@dataclass(frozen=True)
class PimcConfig:
    """Everything that sets how ``pimc`` searches and prices its choices; every other figure of the search is fixed."""

    level: int = 3
    """1 (quick) to 5 (strongest): 4, 20, 80, 160 or 320 worlds a decision."""

    samples: int | None = None
    """Worlds a decision, overriding ``level`` (None: the level's)."""

    time_budget: float | None = DEFAULT_TIME_BUDGET
    """Seconds a decision may take, checked between solves; 0 or None for no budget (then seeds fix every choice)."""

    evaluator: str = "auto"
    """How a world is scored: ``solver`` (double-dummy), ``rollout`` (the heuristic plays it out), ``auto`` (the
    solver when installed)."""

    exact_tricks: int | None = None
    """Positions with more tricks left are played by the heuristic until this many remain, then solved; None: the
    version's (every trick from version 2, 7 in version 1)."""

    bidding: str = "auto"
    """``learned``: decisions before play that a learned model covers are chosen by its values; ``worlds``: by
    solved worlds (the earlier bot); ``auto``: learned where that was measured at least as good (standard, bid)."""

    score_model: str = "win-probability"
    """``win-probability``: maximise the chance of winning the game; ``points``: the hand's net points, plus the
    target for a result that decides the game (the earlier bot's model, kept for comparison)."""

    learned_weight: float | None = None
    """Where a learned model decides, its share of each choice's worth (0 to 1), the rest solved worlds; None: the
    variant's default (0.5 in standard and bid, else 1)."""

    version: int = 2
    """The bot's rules of search and play: 1 as first released (kept as the baseline later versions are measured
    against; its models of the other seats are ``heuristic`` version 1), 2 the current ones."""

    models: str | None = None
    """A file of learned models (``training/bidding.py --output``) to use in the place of the shipped ones."""

    near_twins: bool = True
    """From version 2, in play: cards worth the same in all but a few worlds that do not tell which is better draw
    more worlds, and one never worse and better in some takes the heuristic's card's credit; False: only cards worth
    exactly the same do (the bot before 2026-11-30, kept for comparison)."""

    contested_credit: bool = True
    """From version 2, in play: where the heuristic's card is behind the best card by more than one standard error of
    their difference world by world, and only its credit keeps it ahead, more worlds are drawn (as for a tie) to tell
    a real lead from noise; False: the credit decides on the worlds planned (the bot before this rule, kept for
    comparison)."""

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or self.level not in LEVEL_SAMPLES:
            raise OptionError(f"setting 'level' must be 1, 2, 3, 4 or 5, not {self.level!r}", "level", tuple(LEVEL_SAMPLES))
        if self.samples is not None and not _whole(self.samples, 1):
            message = f"setting 'samples' must be a whole number of at least 1, not {self.samples!r}"
            raise OptionError(message, "samples", "1 or more")
        budget = self.time_budget
        if budget is not None and (not _number(budget) or budget < 0):
            message = f"setting 'time_budget' must be a number of seconds (0 for none), not {budget!r}"
            raise OptionError(message, "time_budget")
        if self.evaluator not in EVALUATORS:
            message = f"setting 'evaluator' must be auto, solver or rollout, not {self.evaluator!r}"
            raise OptionError(message, "evaluator", EVALUATORS)
        if self.exact_tricks is not None and not _whole(self.exact_tricks, 1):
            message = f"setting 'exact_tricks' must be a whole number of at least 1, not {self.exact_tricks!r}"
            raise OptionError(message, "exact_tricks", "1 or more")
        if self.bidding not in BIDDING_MODELS:
            message = f"setting 'bidding' must be auto, learned or worlds, not {self.bidding!r}"
            raise OptionError(message, "bidding", BIDDING_MODELS)
        if self.score_model not in SCORE_MODELS:
            message = f"setting 'score_model' must be win-probability or points, not {self.score_model!r}"
            raise OptionError(message, "score_model", SCORE_MODELS)
        if isinstance(self.version, bool) or self.version not in VERSIONS:
            raise OptionError(f"setting 'version' must be 1 or 2, not {self.version!r}", "version", VERSIONS)
        weight = self.learned_weight
        if weight is not None and (not _number(weight) or not 0 <= weight <= 1):
            message = f"setting 'learned_weight' must be a number from 0 to 1 (or None for the default), not {weight!r}"
            raise OptionError(message, "learned_weight", "0 to 1")
        if not isinstance(self.near_twins, bool):
            raise OptionError(f"setting 'near_twins' must be true or false, not {self.near_twins!r}", "near_twins", (True, False))
        if not isinstance(self.contested_credit, bool):
            message = f"setting 'contested_credit' must be true or false, not {self.contested_credit!r}"
            raise OptionError(message, "contested_credit", (True, False))
        if self.models is not None and (not isinstance(self.models, str) or not self.models.strip()):
            message = f"setting 'models' must be the path of a file of learned models, not {self.models!r}"
            raise OptionError(message, "models", "a file written by training/bidding.py --output")

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> PimcConfig:
        """The configuration of ``create("pimc", **settings)``; an unknown name raises ``OptionError`` listing them all."""
        allowed = tuple(sorted(SETTINGS))
        for name in sorted(settings):
            if name not in SETTINGS:
                message = f"the pimc bot has no setting {name!r}; its settings are: {', '.join(allowed)}"
                raise OptionError(message, name, allowed)
        return cls(**settings)

    @property
    def worlds(self) -> int:
        """Worlds a decision: ``samples`` where given, else the level's."""
        return self.samples if self.samples is not None else LEVEL_SAMPLES[self.level]

    @property
    def exact(self) -> int | None:
        """The most tricks left at which a position is solved without a play-out first (None: every position)."""
        if self.exact_tricks is not None:
            return self.exact_tricks
        return VERSION_1_EXACT_TRICKS if self.version == 1 else None

    @property
    def budget(self) -> float | None:
        """The seconds a decision may take, or None for no budget."""
        return float(self.time_budget) if self.time_budget else None


# Settings under which pimc plays exactly as first released (tests/bots/test_baseline.py locks it): the baseline
# that later versions are measured against, kept runnable.
BASELINE_SETTINGS: dict[str, Any] = {"version": 1}

SETTINGS = frozenset(field.name for field in fields(PimcConfig))

__all__ = ["BASELINE_SETTINGS", "DEFAULT_TIME_BUDGET", "LEVEL_SAMPLES", "SETTINGS", "PimcConfig"]
