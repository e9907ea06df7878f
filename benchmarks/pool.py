"""Several ``bowers match --json`` runs of the same sides in one variant, pooled into one figure a side.

A long match can be played in pieces: with different seeds, on different
machines, or a piece at a time so that a run stopped early keeps what it
finished.  This reads the JSON each piece printed and gives the figures of
the whole, as one match of all their deals (or games) would:

* a match of deals: each side's net points a deal with its 95% Student t
  interval, from every deal's points (each piece's JSON lists them), as
  ``bowers match`` computes it on one match;
* a match of whole games: each side's games won and share of games won
  with its interval over the duplicate sets (from each game's passes), as
  ``bowers match --games`` computes it.

Every piece must be of the same variant and options, the same kind (deals
or games) and the same sides; pieces of the same seed are refused (they
would be the same deals counted twice).

Usage::

    python benchmarks/pool.py ultimate-*.json
    python benchmarks/pool.py --json pooled.json runs/*.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from arguments import write_json

from bowers.facts import net
from bowers.match.statistics import mean_interval, share_interval


class PoolError(ValueError):
    """Pieces that cannot be pooled, with the reason in the player's words."""


def _sides(run: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    return [(side["label"], side["bot"], json.dumps(side["settings"], sort_keys=True)) for side in run["sides"]]


def check(runs: Sequence[Mapping[str, Any]], names: Sequence[str]) -> None:
    """Raise ``PoolError`` unless the runs are pieces of one match: the same variant, options, kind and sides, and
    each of its own seed."""
    if not runs:
        raise PoolError("no runs to pool")
    first, first_name = runs[0], names[0]
    seen: dict[int, str] = {}
    for run, name in zip(runs, names, strict=True):
        for key in ("variant", "options", "duplicate"):
            if run.get(key) != first.get(key):
                raise PoolError(f"{name} has {key} {run.get(key)!r}, but {first_name} has {first.get(key)!r}")
        if ("per_game" in run) != ("per_game" in first):
            raise PoolError(f"{name} and {first_name} are not both matches of deals, or both of whole games")
        if _sides(run) != _sides(first):
            raise PoolError(f"{name} and {first_name} have different sides (bots or settings)")
        if run["seed"] in seen:
            raise PoolError(f"{name} and {seen[run['seed']]} have the same seed {run['seed']}: the same deals twice")
        seen[run["seed"]] = name


def deal_nets(runs: Sequence[Mapping[str, Any]], side: int) -> list[float]:
    """Every deal's net points for ``side`` (its index among the sides): over the deal's passes, the mean of the
    side's points less the mean of its opponents' (``bowers.facts.net``), as ``bowers match`` counts them."""
    labels = [entry["label"] for entry in runs[0]["sides"]]
    nets = []
    for run in runs:
        for deal in run["per_deal"]:
            passes = [net([played["points"][label] for label in labels], side) for played in deal["passes"]]
            nets.append(sum(passes) / len(passes))
    return nets


def pool(runs: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    """The pooled figures of ``runs`` (pieces of one match, read from ``names``)."""
    check(runs, names)
    first = runs[0]
    whole = "per_game" in first
    result: dict[str, Any] = {"variant": first["variant"], "options": first["options"], "runs": len(runs)}
    result["seeds"] = [run["seed"] for run in runs]
    sides = []
    if whole:
        games = [game for run in runs for game in run["per_game"]]
        passes = [played for game in games for played in game["passes"]]
        result.update(games=len(games), games_played=len(passes))
        for side in first["sides"]:
            label = side["label"]
            shares = [sum(p["winner"] == label for p in game["passes"]) / len(game["passes"]) for game in games]
            wins = sum(p["winner"] == label for p in passes)
            share = share_interval(shares, wins, len(passes))
            sides.append(
                {
                    "label": label,
                    "bot": side["bot"],
                    "settings": side["settings"],
                    "games_won": wins,
                    "share_won": share.mean,
                    "ci95": [share.low, share.high],
                }
            )
    else:
        result["deals"] = sum(run["deals"] for run in runs)
        for index, side in enumerate(first["sides"]):
            estimate = mean_interval(deal_nets(runs, index))
            sides.append(
                {
                    "label": side["label"],
                    "bot": side["bot"],
                    "settings": side["settings"],
                    "net_points_per_deal": estimate.mean,
                    "ci95": [estimate.low, estimate.high],
                    "significant": estimate.significant,
                }
            )
    result["sides"] = sides
    return result


def describe(result: Mapping[str, Any]) -> list[str]:
    """The pooled figures as lines of text."""
    whole = "games_played" in result
    size = f"{result['games']} games ({result['games_played']} played)" if whole else f"{result['deals']} deals"
    lines = [f"{result['variant']}: {result['runs']} runs, {size}"]
    for side in result["sides"]:
        settings = ", ".join(f"{name}={value}" for name, value in side["settings"].items())
        who = f"{side['label']} ({side['bot']}{f', {settings}' if settings else ''})"
        low, high = side["ci95"]
        sign = "" if whole else "+"  # a share won is never negative; net points are signed
        interval = "no interval" if low is None else f"[{low:{sign}.3f}, {high:{sign}.3f}]"
        if whole:
            lines.append(f"  {who}: {side['games_won']} games won, share {side['share_won']:.3f} {interval}")
        else:
            mark = " (excludes zero)" if side["significant"] else ""
            lines.append(f"  {who}: {side['net_points_per_deal']:+.3f} net points a deal {interval}{mark}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="+", help="files each holding one bowers match --json result")
    parser.add_argument("--json", metavar="FILE", help="also write the pooled figures to FILE as JSON")
    arguments = parser.parse_args(argv)
    runs = []
    for name in arguments.runs:
        try:
            with open(name, encoding="utf-8") as stream:
                runs.append(json.load(stream))
        except (OSError, json.JSONDecodeError) as error:
            print(f"cannot read {name}: {error}", file=sys.stderr)
            return 2
    try:
        result = pool(runs, arguments.runs)
    except (PoolError, KeyError, TypeError) as error:
        print(f"cannot pool these runs: {error}", file=sys.stderr)
        return 2
    print("\n".join(describe(result)))
    write_json(arguments.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
