"""Learned values of the decisions before play, trained on self-play results rather than double-dummy worlds.

For a seat at a decision before play (an auction bid, ordering up or calling
trump, and in standard Euchre the maker's partner or alone and the dealer's
discard), ``decision_values`` returns each legal action's expected net points
for the seat's team, predicted by a small neural network from what the seat
sees: its cards measured against the action's trump, the auction or the
turn-up so far, its position and the kind of action.  The networks were
trained by ``training/bidding.py`` on hands whose every choice was tried and
then played out by the bots with only their own cards to go on, so a value
says what the choice scores in real play, where defenders do not see through
the cards (the double-dummy worlds ``pimc`` solves make high and no-trump bids
look safer than they are).  They ship in ``data/decision_models.json`` and run
with numpy in tens of microseconds a decision.  Their storage is
``learned_models``, the features they read ``learned_features``.

``ModelBidder`` is the heuristic bot with those values for its covered
decisions: the strong bot's model of the other seats' bidding, and of its own
later bids in the worlds it scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from bowers.bots.heuristic import HeuristicBot
from bowers.bots.learned_features import FEATURE_SETS, decision_rows
from bowers.bots.learned_models import Models, ValueModel, model_for
from bowers.bots.view import View


def _model_and_rows(view: View, actions: Sequence[str], models: Models | None) -> tuple[ValueModel, np.ndarray] | None:
    """The model of the view's decision and the feature rows of ``actions``, or None where no model covers it."""
    model = model_for(view.rules.variant, view.phase, models, view.rules.options)
    if model is None:
        return None
    rows = decision_rows(view, actions)
    if rows is None or rows.shape[1] != model.features:
        return None
    return model, rows


def decision_values(view: View, actions: Sequence[str] | None = None, models: Models | None = None) -> dict[str, float] | None:
    """Each action's learned expected net points for the seat's team, or None where no model covers the decision.

    ``models`` (default: the shipped ones) are the models to read, such as ``load_models(path)``.
    """
    chosen = list(actions if actions is not None else view.legal)
    found = _model_and_rows(view, chosen, models)
    if found is None:
        return None
    model, rows = found
    return dict(zip(chosen, (float(value) for value in model.predict(rows)), strict=True))


def decision_outcomes(
    view: View, actions: Sequence[str], models: Models | None = None
) -> tuple[np.ndarray, dict[str, np.ndarray]] | None:
    """The net points a hand can bring the seat's team and each action's learned chance of each, or None.

    None where no model covers the decision or the model predicts only a mean. An action's expected
    points (``decision_values``) are its chances times the net points.
    """
    found = _model_and_rows(view, actions, models)
    if found is None or found[0].outcomes is None:
        return None
    model, rows = found
    chances = model.distribution(rows)
    assert chances is not None and model.outcomes is not None
    return model.outcomes, dict(zip(actions, chances, strict=True))


class ModelBidder(HeuristicBot):
    """The heuristic bot, but choosing by the learned values wherever a model covers the decision.

    ``feature_sets`` (default: all) limits it to the models of those feature sets, such as ``{"rounds"}``;
    ``models`` (default: the shipped ones) are the models it reads.
    """

    name = "model-bidder"

    def __init__(
        self,
        seed: int | None = None,
        feature_sets: frozenset[str] | None = None,
        models: Models | None = None,
        **settings: Any,
    ) -> None:
        super().__init__(seed, **settings)
        self.feature_sets = frozenset(FEATURE_SETS.values()) if feature_sets is None else feature_sets
        self.models = models

    def act(self, observation: Mapping[str, Any]) -> str:
        """The learned model's best action where it covers the decision, else the heuristic's."""
        legal = list(observation.get("legal_actions") or [])
        if len(legal) > 1 and FEATURE_SETS.get(str(observation.get("phase"))) in self.feature_sets:
            view = View(observation)
            values = decision_values(view, legal, self.models)
            if values:
                return max(legal, key=lambda action: values[action])
        return super().act(observation)  # the heuristic's choice, never an illegal one


__all__ = ["ModelBidder", "decision_outcomes", "decision_values"]
