"""The learned models' storage: small networks read from JSON, the shipped ones and those of a file, by key.

A model is stored under ``variant/feature set`` (``standard/rounds``), or with
the options it was trained for that change what a bid is worth
(``standard+stick_the_dealer/rounds``: ``model_key``).  The shipped models are
in ``data/decision_models.json``; ``load_models`` reads a file written by
``training/bidding.py --output`` in their place.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from bowers.bots.learned_features import FEATURE_SETS
from bowers.errors import OptionError
from bowers.variants import VARIANTS


class ValueModel:
    """A small multilayer perceptron (ReLU hidden layers) with its input scaling.

    With ``outcomes`` (the hand's possible net points for the seat's team), the last layer gives a
    probability for each outcome (softmax), so a score-aware player can price each one by the chance of
    winning the game it leaves; the predicted points are their mean. Without, one linear output is the
    predicted net points.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.features = int(data["features"])
        self.mean = np.asarray(data["mean"], dtype=np.float64)
        self.scale = np.asarray(data["scale"], dtype=np.float64)
        self.layers = [
            (np.asarray(layer["weights"], dtype=np.float64), np.asarray(layer["bias"], dtype=np.float64))
            for layer in data["layers"]
        ]
        outcomes = data.get("outcomes")
        self.outcomes: np.ndarray | None = None if outcomes is None else np.asarray(outcomes, dtype=np.float64)
        self.info: dict[str, Any] = dict(data.get("info") or {})

    def _output(self, rows: np.ndarray) -> np.ndarray:
        values = (rows - self.mean) / self.scale
        last = len(self.layers) - 1
        for index, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if index < last:
                values = np.maximum(values, 0.0)
        return values

    def distribution(self, rows: np.ndarray) -> np.ndarray | None:
        """Each row's probabilities of the ``outcomes`` (rows by outcomes), or None for a model of the mean only."""
        if self.outcomes is None:
            return None
        logits = self._output(rows)
        logits = logits - logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True)

    def predict(self, rows: np.ndarray) -> np.ndarray:
        """The predicted net points of each row of features."""
        chances = self.distribution(rows)
        if chances is None or self.outcomes is None:
            return self._output(rows)[:, 0]
        return chances @ self.outcomes


@lru_cache(maxsize=1)
def shipped_models() -> dict[str, ValueModel]:
    """The shipped models, by ``variant/feature set`` (empty when the data file is absent)."""
    try:
        text = resources.files("bowers.bots").joinpath("data/decision_models.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return {key: ValueModel(value) for key, value in json.loads(text).items()}


Models = Mapping[str, ValueModel]  # models by ``variant/feature set``


@lru_cache(maxsize=8)
def load_models(path: str) -> dict[str, ValueModel]:
    """The models of a file written by ``training/bidding.py --output``, each in the place of the shipped one of
    its decision (the shipped ones stand for the decisions the file has no model of).  A decision given as
    ``null`` in the file has no model: it is scored on solved worlds, so that one model can be set against none.

    A missing, unreadable or malformed file raises ``OptionError`` naming it.
    """
    try:
        stored = json.loads(Path(path).read_text(encoding="utf-8"))
        loaded = {str(key): ValueModel(value) for key, value in stored.items() if value is not None}
        switched_off = {str(key) for key, value in stored.items() if value is None}
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
        message = f"setting 'models': {path!r} is not a readable file of learned models ({type(error).__name__}: {error})"
        raise OptionError(message, "models", "a file written by training/bidding.py --output") from None
    return {key: model for key, model in {**shipped_models(), **loaded}.items() if key not in switched_off}


# Options that change what a bid is worth in ways the score does not say: with stick the dealer a pass can force
# the dealer to call, where without it four passes throw the hand in; another deck changes every hand.  A model is
# trained for a variant played with such options (``training/bidding.py --option``), and its key names those not at
# the variant's default: ``standard+stick_the_dealer/rounds``, ``standard+deck=32/rounds``.
MODEL_OPTIONS = ("deck", "stick_the_dealer")


def model_key(variant: str, feature_set: str, options: Mapping[str, Any] | None = None) -> str:
    """The key of the model of ``feature_set`` in ``variant`` played with ``options`` (those of ``MODEL_OPTIONS``
    away from the variant's default; the rest do not change the key)."""
    declared = {option.name: option.default for option in VARIANTS[variant].options} if variant in VARIANTS else {}
    named = []
    for name in MODEL_OPTIONS:
        value = (options or {}).get(name, declared.get(name))
        if name in declared and value != declared[name]:
            named.append(name if value is True else f"{name}={value}")
    return "+".join([variant, *named]) + f"/{feature_set}"


def model_game(key: str) -> tuple[str, dict[str, Any], str]:
    """The variant, options and feature set a model's key names (the inverse of ``model_key``)."""
    game, _, feature_set = key.partition("/")
    variant, *named = game.split("+")
    options: dict[str, Any] = {}
    for part in named:
        name, sep, value = part.partition("=")
        options[name] = (int(value) if value.isdigit() else value) if sep else True
    return variant, options, feature_set


def model_for(
    variant: str, phase: str, models: Models | None = None, options: Mapping[str, Any] | None = None
) -> ValueModel | None:
    """The model of a variant's decisions in ``phase`` (from ``models``, default the shipped ones), or None when
    none was trained for it.

    With ``options`` (the game's), the model trained for them where there is one (``model_key``), else the
    variant's model.
    """
    feature_set = FEATURE_SETS.get(phase)
    if feature_set is None:
        return None
    found = shipped_models() if models is None else models
    return found.get(model_key(variant, feature_set, options)) or found.get(f"{variant}/{feature_set}")


def reload_models() -> None:
    """Forget the loaded models (after training writes new ones)."""
    shipped_models.cache_clear()
    load_models.cache_clear()


__all__ = [
    "MODEL_OPTIONS",
    "Models",
    "ValueModel",
    "load_models",
    "model_for",
    "model_game",
    "model_key",
    "reload_models",
    "shipped_models",
]
