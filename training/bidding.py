"""Train the learned values of the decisions before play (``bowers.bots.learned``) from self-play.

Three steps, all reproducible from ``--seed``:

1. **Generate** (on all cores): deal hands of the variant; wherever a seat faces
   a decision the model covers (an auction bid, ordering up or calling), try
   every legal action in a copy of the hand and play the hand out with the bots
   (the heuristic's play, each seat seeing only its own cards), recording the
   features the seat saw and the net points its team scored.  Then play on with
   the behaviour bot's own choice.  Deals are split by number: every tenth is
   held back for evaluation.
2. **Train** a small network (two ReLU layers) with Adam in numpy, keeping the
   epoch with the lowest loss on the held-back deals.  With two teams it
   predicts the chance of each possible net result of the hand (softmax over
   the values seen, cross-entropy), whose mean is the expected points and
   which a score-aware player prices by the chance of winning the game.
3. **Evaluate** on the held-back deals (calibration: predicted against realised
   points by decile of prediction; the share of variance explained), and write
   the network into ``src/bowers/bots/data/decision_models.json``.

    python training/bidding.py --variant bid --deals 4000 --seed 1
    python training/bidding.py --variant standard --deals 6000 --seed 1 --behaviour model

Generation is the slow part (each branch is a whole hand played out): about
30 ms of CPU per decision in ``bid``.  ``--data DIR`` keeps the generated rows
(``.npz``) so that training can be rerun with ``--reuse``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from bowers.bots.heuristic import HeuristicBot
from bowers.bots.learned import FEATURE_SETS, ModelBidder, decision_rows, reload_models
from bowers.bots.view import View
from bowers.game import Game

MODELS = Path(__file__).resolve().parent.parent / "src" / "bowers" / "bots" / "data" / "decision_models.json"
HELD_BACK = 10  # every tenth deal is held back for evaluation


def derived_seed(*parts: object) -> int:
    """A 63-bit seed from a hash of ``parts``."""
    digest = hashlib.blake2b(":".join(str(p) for p in ("bowers-bidding", *parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & ((1 << 63) - 1)


def _bots(kind: str, players: int, seed: int) -> list[HeuristicBot]:
    factory = ModelBidder if kind == "model" else HeuristicBot
    return [factory(seed=seed + seat) for seat in range(players)]


def _net(game: Game, hand_index: int, team: int) -> float:
    points = game.results[hand_index]["points"]
    teams = len(points)
    return float(points[team] - sum(p for t, p in enumerate(points) if t != team) / (teams - 1))


def _play_out(game: Game, bots: list[HeuristicBot]) -> None:
    while game.hand_number == 0 and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)


def generate(job: tuple[str, int, int, int, str, str]) -> dict[str, list[Any]]:
    """Rows of deals ``start`` to ``stop``: features, realised net points, deal number, decision number."""
    variant, seed, start, stop, behaviour, feature_set = job
    rows: list[np.ndarray] = []
    values: list[float] = []
    deals: list[int] = []
    decisions: list[int] = []
    decision = 0
    for deal in range(start, stop):
        game = Game(variant, seed=derived_seed(seed, variant, deal))
        players = game.rules.players
        bots = _bots(behaviour, players, derived_seed(seed, "bots", deal))
        while game.hand_number == 0 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            observation = game.observation(seat)
            legal = list(observation["legal_actions"])
            if len(legal) > 1 and FEATURE_SETS.get(str(observation["phase"])) == feature_set:
                view = View(observation)
                features = decision_rows(view, legal)
                assert features is not None
                team = game.rules.team_of(seat)
                for action, row in zip(legal, features, strict=True):
                    branch = game.copy()
                    branch.apply(action, seat=seat)
                    _play_out(branch, _bots(behaviour, players, derived_seed(seed, "branch", deal, decision)))
                    rows.append(row)
                    values.append(_net(branch, 0, team))
                    deals.append(deal)
                    decisions.append(decision)
                decision += 1
            game.apply(bots[seat].act(observation), seat=seat)
    return {"rows": rows, "values": values, "deals": deals, "decisions": decisions}


def generate_all(variant: str, feature_set: str, deals: int, seed: int, behaviour: str, workers: int) -> dict[str, np.ndarray]:
    chunk = 20
    jobs = [(variant, seed, start, min(deals, start + chunk), behaviour, feature_set) for start in range(0, deals, chunk)]
    parts: dict[str, list[Any]] = {"rows": [], "values": [], "deals": [], "decisions": []}
    context = multiprocessing.get_context("spawn")
    offset = 0
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for done, result in enumerate(pool.map(generate, jobs), 1):
            parts["rows"].extend(result["rows"])
            parts["values"].extend(result["values"])
            parts["deals"].extend(result["deals"])
            parts["decisions"].extend(d + offset for d in result["decisions"])
            offset += (max(result["decisions"]) + 1) if result["decisions"] else 0
            if done % 10 == 0 or done == len(jobs):
                print(f"  {min(deals, done * chunk)}/{deals} deals, {len(parts['values'])} rows", file=sys.stderr)
    return {
        "rows": np.asarray(parts["rows"], dtype=np.float64),
        "values": np.asarray(parts["values"], dtype=np.float64),
        "deals": np.asarray(parts["deals"], dtype=np.int64),
        "decisions": np.asarray(parts["decisions"], dtype=np.int64),
    }


# ---------------------------------------------------------------------- the network


def _forward(layers: list[list[np.ndarray]], inputs: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The network's last layer (logits, or the one predicted value) and every layer's activations."""
    activations = [inputs]
    values = inputs
    for index, (weights, bias) in enumerate(layers):
        values = values @ weights + bias
        if index < len(layers) - 1:
            values = np.maximum(values, 0.0)
        activations.append(values)
    return values, activations


def _softmax(logits: np.ndarray) -> np.ndarray:
    weights = np.exp(logits - logits.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True)


def _mean_points(output: np.ndarray, outcomes: np.ndarray | None) -> np.ndarray:
    """The predicted net points: the single output, or the mean of the outcomes under the predicted chances."""
    return output[:, 0] if outcomes is None else _softmax(output) @ outcomes


def train(
    rows: np.ndarray,
    values: np.ndarray,
    held: np.ndarray,
    seed: int,
    hidden: tuple[int, ...] = (64, 32),
    epochs: int = 60,
    outcomes: np.ndarray | None = None,
) -> tuple[dict[str, Any], dict[str, float]]:
    """Fit the network on the rows not held back; the best epoch by held-back loss, and its figures.

    With ``outcomes`` (every net value the points can take) the network predicts the chance of each
    (softmax, cross-entropy loss); without, the points themselves (squared error).
    """
    rng = np.random.default_rng(seed)
    mean = rows[~held].mean(axis=0)
    scale = rows[~held].std(axis=0)
    scale[scale < 1e-6] = 1.0
    inputs = (rows - mean) / scale
    train_x, train_y = inputs[~held], values[~held]
    test_x, test_y = inputs[held], values[held]
    labels = None if outcomes is None else np.searchsorted(outcomes, values)
    sizes = [inputs.shape[1], *hidden, 1 if outcomes is None else len(outcomes)]
    layers = [
        [rng.normal(0.0, np.sqrt(2.0 / fan_in), (fan_in, fan_out)), np.zeros(fan_out)]
        for fan_in, fan_out in pairwise(sizes)
    ]
    moments = [[np.zeros_like(p) for p in layer] for layer in layers]
    squares = [[np.zeros_like(p) for p in layer] for layer in layers]
    rate, beta1, beta2, decay = 1e-3, 0.9, 0.999, 1e-5
    step = 0
    best_loss, best_layers, best_epoch = float("inf"), [[p.copy() for p in layer] for layer in layers], 0
    batch = 256
    for epoch in range(epochs):
        order = rng.permutation(len(train_y))
        for begin in range(0, len(order), batch):
            index = order[begin : begin + batch]
            output, activations = _forward(layers, train_x[index])
            if labels is None:
                gradient = (2.0 * (output[:, 0] - train_y[index]) / len(index))[:, None]
            else:
                gradient = _softmax(output)
                gradient[np.arange(len(index)), labels[~held][index]] -= 1.0
                gradient /= len(index)
            step += 1
            for layer_index in range(len(layers) - 1, -1, -1):
                weights, _ = layers[layer_index]
                below = activations[layer_index]
                grads = [below.T @ gradient + decay * weights, gradient.sum(axis=0)]
                if layer_index:
                    gradient = (gradient @ weights.T) * (activations[layer_index] > 0)
                for part in range(2):
                    moments[layer_index][part] = beta1 * moments[layer_index][part] + (1 - beta1) * grads[part]
                    squares[layer_index][part] = beta2 * squares[layer_index][part] + (1 - beta2) * grads[part] ** 2
                    corrected = moments[layer_index][part] / (1 - beta1**step)
                    spread = squares[layer_index][part] / (1 - beta2**step)
                    layers[layer_index][part] -= rate * corrected / (np.sqrt(spread) + 1e-8)
        output = _forward(layers, test_x)[0]
        if labels is None:
            loss = float(np.mean((output[:, 0] - test_y) ** 2))
        else:
            chances = _softmax(output)[np.arange(len(test_y)), labels[held]]
            loss = float(-np.mean(np.log(np.maximum(chances, 1e-12))))
        if loss < best_loss:
            best_loss, best_layers, best_epoch = loss, [[p.copy() for p in layer] for layer in layers], epoch
        if epoch - best_epoch >= 8:
            break
    prediction = _mean_points(_forward(best_layers, test_x)[0], outcomes)
    baseline = float(np.mean((test_y - train_y.mean()) ** 2))
    squared = float(np.mean((prediction - test_y) ** 2))
    figures = {
        "held_back_loss": best_loss,
        "held_back_squared_error": squared,
        "variance": baseline,
        "explained": 1 - squared / baseline,
        "epoch": best_epoch,
    }
    model: dict[str, Any] = {
        "features": int(rows.shape[1]),
        "mean": mean.round(6).tolist(),
        "scale": scale.round(6).tolist(),
        "layers": [{"weights": w.round(6).tolist(), "bias": b.round(6).tolist()} for w, b in best_layers],
    }
    if outcomes is not None:
        model["outcomes"] = outcomes.tolist()
    calibration = []
    order = np.argsort(prediction)
    for part in np.array_split(order, 10):
        calibration.append([round(float(prediction[part].mean()), 3), round(float(test_y[part].mean()), 3), int(part.size)])
    figures["calibration"] = calibration  # type: ignore[assignment]
    return model, figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--features", choices=sorted(set(FEATURE_SETS.values())), help="default: the variant's bidding")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--behaviour", choices=("heuristic", "model"), default="heuristic", help="the bots that bid and play")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--data", type=Path, default=Path("training/data"), help="where the generated rows are kept")
    parser.add_argument("--reuse", action="store_true", help="train on rows generated before instead of generating")
    parser.add_argument("--output", type=Path, default=MODELS)
    parser.add_argument(
        "--head", choices=("outcomes", "mean"), default="outcomes", help="predict the chance of each outcome, or the mean points"
    )
    args = parser.parse_args(argv)
    game = Game(args.variant, seed=0)
    feature_set = args.features or ("auction" if game.rules.bidding == "auction" else "rounds")
    key = f"{args.variant}/{feature_set}"
    stored = args.data / f"{args.variant}-{feature_set}-{args.seed}-{args.deals}-{args.behaviour}.npz"
    started = time.perf_counter()
    if args.reuse and stored.exists():
        loaded = np.load(stored)
        data = {name: loaded[name] for name in loaded.files}
    else:
        print(f"{key}: generating {args.deals} deals on {args.workers} processes", file=sys.stderr)
        data = generate_all(args.variant, feature_set, args.deals, args.seed, args.behaviour, args.workers)
        stored.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(stored, **data)
    generated = time.perf_counter() - started
    held = data["deals"] % HELD_BACK == 0
    # Two teams: a hand's net points say exactly how the score moves (only one team scores), so the model
    # predicts the chance of each and a score-aware player prices them by the chance of winning the game.
    outcomes = np.unique(data["values"]) if game.rules.teams == 2 and args.head == "outcomes" else None
    model, figures = train(data["rows"], data["values"], held, args.seed, outcomes=outcomes)
    trained = time.perf_counter() - started - generated
    models: dict[str, Any] = json.loads(args.output.read_text()) if args.output.exists() else {}
    if args.reuse and stored.exists():
        # The rows were generated before: keep the time that took, as the model it replaces recorded it.
        before = models.get(key, {}).get("info", {})
        wanted = {"deals": args.deals, "seed": args.seed, "behaviour": args.behaviour}
        same = all(before.get(name) == value for name, value in wanted.items())
        generation_time = before.get("generation_seconds") if same else None
    else:
        generation_time = round(generated, 1)
    model["info"] = {
        "deals": args.deals,
        "rows": len(data["values"]),
        "decisions": len(np.unique(data["decisions"])),
        "seed": args.seed,
        "behaviour": args.behaviour,
        "generation_seconds": generation_time,
        "training_seconds": round(trained, 1),
        **{name: (round(value, 4) if isinstance(value, float) else value) for name, value in figures.items()},
    }
    models[key] = model
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(models, separators=(",", ":"), sort_keys=True) + "\n")
    reload_models()
    print(json.dumps({key: model["info"]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
