"""Studies of the variants: bots play in duplicate and every figure comes with its 95% interval.

>>> result = study("two-hand", players="heuristic", deals=20, workers=1)
>>> result.hands, 0 < result.figures["trump_made"].value < 1
(40, True)
"""

from __future__ import annotations

from bowers.stats.figures import FIGURE_LABELS, Figure, figure_label
from bowers.stats.study import DEFAULT_BOT, Comparison, Study, compare, study, study_records

__all__ = ["DEFAULT_BOT", "FIGURE_LABELS", "Comparison", "Figure", "Study", "compare", "figure_label", "study", "study_records"]
