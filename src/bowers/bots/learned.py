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
with numpy in tens of microseconds a decision.

``ModelBidder`` is the heuristic bot with those values for its covered
decisions: the strong bot's model of the other seats' bidding, and of its own
later bids in the worlds it scores.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from bowers.bots.heuristic import HeuristicBot, best_discard, hand_tricks, maker_hand, tables_for
from bowers.bots.view import View, cards_from_names
from bowers.cards import cards_of, rank_of
from bowers.errors import OptionError
from bowers.tables import NO_TRUMP
from bowers.variants import VARIANTS

# The phases a model may cover, by the name of the model's feature set.
FEATURE_SETS = {"auction": "auction", "round-1": "rounds", "round-2": "rounds", "maker-choice": "maker", "discard": "discard"}
_TRUMP_LETTERS = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": NO_TRUMP}
ACE, KING, QUEEN = 12, 11, 10  # card ranks (2 is 0)


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
def _models() -> dict[str, ValueModel]:
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
    return {key: model for key, model in {**_models(), **loaded}.items() if key not in switched_off}


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
    found = _models() if models is None else models
    return found.get(model_key(variant, feature_set, options)) or found.get(f"{variant}/{feature_set}")


def reload_models() -> None:
    """Forget the loaded models (after training writes new ones)."""
    _models.cache_clear()
    load_models.cache_clear()


# ---------------------------------------------------------------------- features


def trump_features(view: View, hand: int, trump: int) -> list[float]:
    """Twelve numbers that measure ``hand`` for a trump (or no-trump), each scaled to about 0..1.

    For a suit: the expected tricks, the trump length, which of the five top trumps it holds, side aces and
    kings, voids and singletons.  For no-trump the same places hold the longest suit, the Joker, aces,
    kings and queens.
    """
    size = view.rules.hand_size
    tables = tables_for(view, trump)
    tricks = hand_tricks(view, hand, trump) / size
    lengths = [(hand & tables.suit_mask[suit]).bit_count() for suit in range(4)]
    cards = cards_of(hand)
    if trump == NO_TRUMP:
        ranks = [rank_of(card) for card in cards if card < 52]
        joker = float(any(card >= 52 for card in cards))
        aces, kings, queens = ranks.count(ACE), ranks.count(KING), ranks.count(QUEEN)
        voids = sum(1 for length in lengths if length == 0)
        singletons = sum(1 for length in lengths if length == 1)
        return [tricks, max(lengths) / size, joker, aces / 4, kings / 4, queens / 4, 0.0, aces / 4, kings / 4, voids / 3,
                singletons / 3, 1.0]  # fmt: skip
    trumps = (hand & tables.suit_mask[trump]).bit_count()
    top = [float(hand >> card & 1) for card in tables.trump_order[:5]]
    top += [0.0] * (5 - len(top))
    side = [card for card in cards if tables.effective_suit[card] not in (trump, 4)]
    aces = sum(1 for card in side if rank_of(card) == ACE)
    kings = sum(1 for card in side if rank_of(card) == KING)
    side_lengths = [lengths[suit] for suit in range(4) if suit != trump]
    voids = sum(1 for length in side_lengths if length == 0)
    singletons = sum(1 for length in side_lengths if length == 1)
    return [tricks, trumps / size, *top, aces / 3, kings / 3, voids / 3, singletons / 3, 0.0]


def _position(view: View) -> list[float]:
    """The seat's place in the bidding order, from the dealer's left (one-hot over four places)."""
    place = (view.seat - view.dealer - 1) % view.players
    return [float(place == index) for index in range(4)]


def _dealer_relation(view: View) -> list[float]:
    """Who deals, one-hot: the seat itself, its partner, or an opponent."""
    dealer = view.dealer
    return [float(dealer == view.seat), float(dealer == view.partner), float(dealer not in (view.seat, view.partner))]


def _rank_among_trumps(view: View, card: int, trump: int) -> float:
    """How high ``card`` ranks among the trumps of suit ``trump``: 1 for the highest, 0 for the lowest or a non-trump."""
    order = tables_for(view, trump).trump_order
    return 1.0 - order.index(card) / max(1, len(order) - 1) if card in order else 0.0


def _best_trump(view: View, hand: int, trumps: Sequence[int]) -> tuple[int, float]:
    best, value = trumps[0], -1.0
    for trump in trumps:
        tricks = hand_tricks(view, hand, trump)
        if tricks > value:
            best, value = trump, tricks
    return best, value


def auction_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per auction action (``pass`` or ``bid:NS``) for the seat to act."""
    rules = view.rules
    size = rules.hand_size
    levels = [*rules.bid_levels, size]
    partner = view.partner
    standing_level, standing_trump, standing_seat = 0, -1, -1
    partner_trumps: set[int] = set()
    opponent_trumps: set[int] = set()
    passes = 0
    for actor, action in view.history:
        if action == "pass":
            passes += 1
        elif action.startswith("bid:"):
            letters = action[5:]
            trump = _TRUMP_LETTERS[letters]
            standing_level, standing_trump, standing_seat = int(action[4]), trump, actor
            if actor == partner:
                partner_trumps.add(trump)
            elif actor != view.seat:
                opponent_trumps.add(trump)
    all_trumps = [0, 1, 2, 3, NO_TRUMP]
    best_trump, best_tricks = _best_trump(view, view.hand, all_trumps)
    context = [
        *_position(view),
        standing_level / size,
        float(standing_trump == NO_TRUMP),
        float(standing_seat >= 0 and standing_seat == partner),
        float(standing_seat >= 0 and standing_seat != partner and standing_seat != view.seat),
        float(standing_seat == view.seat),
        passes / 4,
        best_tricks / size,
    ]
    cache: dict[int, list[float]] = {}
    rows = []
    for action in actions:
        if action.startswith("bid:"):
            level = int(action[4])
            trump = _TRUMP_LETTERS[action[5:]]
            kind = [0.0, float(trump != NO_TRUMP), float(trump == NO_TRUMP)]
        else:
            level, trump = 0, best_trump
            kind = [1.0, 0.0, 0.0]
        level_slots = [float(level == value) for value in levels[:4]]
        level_slots += [0.0] * (4 - len(level_slots))
        if trump not in cache:
            cache[trump] = trump_features(view, view.hand, trump)
        support = [float(trump in partner_trumps), float(trump in opponent_trumps)]
        rows.append([*kind, *level_slots, level / size, *cache[trump], *support, *context])
    return np.asarray(rows, dtype=np.float64)


def _turn_up_trump(view: View) -> int:
    turn_up = view.turn_up
    return NO_TRUMP if turn_up >= 52 else turn_up // 13


def round_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per action of the two bidding rounds (``pass``, ``order``, ``order:S``, ``call:S``)."""
    rules = view.rules
    size = rules.hand_size
    round_two = view.phase == "round-2"
    turn_up = view.turn_up
    turn_up_rank = 0.0
    if turn_up >= 0 and not round_two:
        trump = _turn_up_trump(view)
        turn_up_rank = _rank_among_trumps(view, turn_up, trump) if trump != NO_TRUMP else 1.0
    passes = sum(1 for _, action in view.history if action == "pass")
    candidates = [s for s in range(4) if not (round_two and turn_up >= 0 and turn_up < 52 and s == turn_up // 13)]
    best_trump, best_tricks = _best_trump(view, view.hand, candidates or [0])
    context = [*_position(view), *_dealer_relation(view), float(round_two), turn_up_rank, passes / 8, best_tricks / size]
    rows = []
    for action in actions:
        hand = view.hand
        if action == "pass":
            trump, kind = best_trump, [1.0, 0.0]
        else:
            named = action.startswith(("order:", "call:"))
            trump = _TRUMP_LETTERS[action.split(":")[1]] if named else _turn_up_trump(view)
            kind = [0.0, 1.0]
            if not round_two and view.seat == view.dealer and turn_up >= 0:
                with_turn_up = hand | 1 << turn_up
                hand = with_turn_up & ~best_discard(view, with_turn_up, trump)
        rows.append([*kind, *trump_features(view, hand, trump), *context])
    return np.asarray(rows, dtype=np.float64)


def maker_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per choice of the maker once trump is made (``partner``, ``alone``, ``jambone``).

    The maker's hand is measured as it will be after the pick-up (a dealer who ordered keeps the turn-up); the
    context says who deals (the turn-up goes to an opponent, to partner, or to the maker), in which round trump
    was made, how strong the turn-up is, the seat's place and the hand's expected tricks against those it needs.
    """
    rules = view.rules
    trump = view.trump
    round_one = view.turn_up >= 0 and view.turn_up_state == "face-up" and rules.bidding != "auction"
    turn_up_rank = _rank_among_trumps(view, view.turn_up, trump) if round_one and trump != NO_TRUMP else 0.0
    measured = trump_features(view, maker_hand(view), trump)
    needed = measured[0] * rules.hand_size / rules.tricks_to_make
    context = [*_position(view), *_dealer_relation(view), float(round_one), turn_up_rank, needed]
    rows = []
    for action in actions:
        kind = [float(action == "partner"), float(action == "alone"), float(action == "jambone")]
        rows.append([*kind, *measured, *context])
    return np.asarray(rows, dtype=np.float64)


def _discarded(action: str) -> int:
    """The cards a ``discard:`` action lays away, as a bit set (one card, or the auction declarer's several)."""
    return cards_from_names(action.split(":", 1)[1].split(","))


def discard_rows(view: View, actions: Sequence[str]) -> np.ndarray:
    """One row of features per discard (a dealer's after the pick-up, or an auction declarer's after the kitty).

    The hand kept is measured against trump as for the bidding; the cards laid away are described by how many
    were trumps and how high the best of them ranked, the side aces and kings among them, the side suits they
    leave void, and whether they are the ``heuristic``'s choice; the context says whose contract it is (the
    seat's, its partner's or an opponent's), whether the maker is alone, the contract's level and the seat's
    place.
    """
    rules = view.rules
    size = rules.hand_size
    trump = view.trump
    tables = tables_for(view, trump)
    maker = view.maker
    contract = view.observation.get("contract")
    level = int(str(contract)[0]) / size if contract else 0.0
    context = [
        *_position(view),
        float(maker == view.seat),
        float(maker >= 0 and maker != view.seat and view.same_team(maker, view.seat)),
        float(maker >= 0 and not view.same_team(maker, view.seat)),
        float(view.alone),
        level,
    ]
    hand = view.hand
    count = _discarded(actions[0]).bit_count() if actions else 1
    favourite = best_discard(view, hand, trump, count)
    lengths = [(hand & tables.suit_mask[suit]).bit_count() for suit in range(4)]
    rows = []
    for action in actions:
        laid = _discarded(action)
        kept = hand & ~laid
        cards = cards_of(laid)
        trumps = [card for card in cards if trump != NO_TRUMP and tables.effective_suit[card] == trump]
        side = [card for card in cards if card not in trumps]
        top_trump = max((_rank_among_trumps(view, card, trump) for card in trumps), default=0.0)
        voids = sum(1 for suit in range(4) if suit != trump and lengths[suit] and not (kept & tables.suit_mask[suit]))
        described = [
            len(trumps) / len(cards),
            top_trump,
            sum(1 for card in side if card < 52 and rank_of(card) == ACE) / len(cards),
            sum(1 for card in side if card < 52 and rank_of(card) == KING) / len(cards),
            voids / 3,
            float(laid == favourite),
        ]
        rows.append([*trump_features(view, kept, trump), *described, *context])
    return np.asarray(rows, dtype=np.float64)


FEATURE_BUILDERS = {"auction": auction_rows, "rounds": round_rows, "maker": maker_rows, "discard": discard_rows}


def decision_rows(view: View, actions: Sequence[str]) -> np.ndarray | None:
    """The feature rows of ``actions`` at the view's decision, or None for a phase no feature set covers."""
    feature_set = FEATURE_SETS.get(view.phase)
    if feature_set is None:
        return None
    return FEATURE_BUILDERS[feature_set](view, actions)


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


__all__ = [
    "FEATURE_SETS",
    "ModelBidder",
    "ValueModel",
    "decision_outcomes",
    "decision_rows",
    "decision_values",
    "load_models",
    "model_for",
    "model_game",
    "model_key",
    "reload_models",
]
