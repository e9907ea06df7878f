"""What each side did with the hands of a match: who made trump, loners, euchres, and their rates.

A hand's result (``Game.results``) speaks of seats and teams; a match speaks of
sides, which change teams from one pass to the next.  ``hand_summary`` turns a
result into the side's view of it, and ``side_rates`` counts, for each side,
how often it made trump, made its contract, was euchred, went alone or bid
no-trump, each with a 95% Wilson interval (the hands of a match are
independent deals in a deal-by-deal match; in whole games they depend a
little on the score, so the interval is then a guide).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bowers.errors import OptionError
from bowers.match.statistics import wilson_interval


def hand_summary(result: Mapping[str, Any], seating: Sequence[int], teams: int, labels: str) -> dict[str, Any]:
    """One hand as a match reports it: each side's points, and who made trump (by side label), alone or not.

    ``seating[t]`` is the side at team ``t``; ``labels`` the sides' letters.

    >>> result = {"maker": 1, "trump": "H", "alone": True, "lone_defender": None, "points": [0, 4], "made": True,
    ...           "misdeal": False, "jambone": False, "jamboree": [], "twos_threes": [], "contract": None}
    >>> hand_summary(result, [1, 0], 2, "AB")["maker"], hand_summary(result, [1, 0], 2, "AB")["points"]
    ('A', {'A': 4, 'B': 0})
    """

    def side_of(seat: int | None) -> str | None:
        return None if seat is None or seat < 0 else labels[seating[seat % teams]]

    maker = result.get("maker")
    made_trump = maker is not None and maker >= 0 and not result.get("misdeal")
    points = {labels[seating[team]]: team_points for team, team_points in enumerate(result["points"])}
    return {
        "points": dict(sorted(points.items())),
        "maker": side_of(maker) if made_trump else None,
        "trump": result.get("trump"),
        "contract": result.get("contract"),
        "alone": bool(result.get("alone")) if made_trump else False,
        "defended_alone": side_of(result.get("lone_defender")),
        "made": bool(result.get("made")) if made_trump else None,
        "euchred": (not result.get("made")) if made_trump else None,
        "misdeal": bool(result.get("misdeal")),
        "jambone": bool(result.get("jambone")),
        "jamboree": sorted({labels[seating[seat % teams]] for seat in result.get("jamboree") or []}),
        "twos_threes": sorted({labels[seating[seat % teams]] for seat in result.get("twos_threes") or []}),
    }


def _rate(count: int, out_of: int) -> dict[str, Any]:
    """A count out of a total, with its rate and 95% Wilson interval (None where the total is 0)."""
    if out_of == 0:
        return {"count": count, "of": out_of, "rate": None, "ci95": [None, None]}
    low, high = wilson_interval(count, out_of)
    return {"count": count, "of": out_of, "rate": count / out_of, "ci95": [low, high]}


def side_rates(hands: Iterable[Mapping[str, Any]], label: str) -> dict[str, dict[str, Any]]:
    """How often side ``label`` made trump, made it, was euchred, went alone, bid no-trump, over ``hands``.

    ``hands`` are ``hand_summary`` dicts; each rate is ``{"count", "of", "rate", "ci95"}``: ``trump_made`` and
    ``euchred`` (its contracts that failed) are out of the hands played, ``makers_made`` out of its contracts,
    ``loners`` out of its contracts and ``loners_made`` out of its loners, ``defended_alone`` out of the hands
    the other side made trump, and ``no_trump``/``no_trump_made`` out of its contracts and its no-trump ones.
    """
    played = contracts = made = euchred = loners = loners_made = defences = against = no_trump = no_trump_made = 0
    for hand in hands:
        played += 1
        maker = hand["maker"]
        if maker is None:
            continue
        if maker != label:
            against += 1
            defences += hand["defended_alone"] == label
            continue
        contracts += 1
        made += bool(hand["made"])
        euchred += bool(hand["euchred"])
        if hand["alone"]:
            loners += 1
            loners_made += bool(hand["made"])
        if hand["trump"] == "NT":
            no_trump += 1
            no_trump_made += bool(hand["made"])
    return {
        "trump_made": _rate(contracts, played),
        "makers_made": _rate(made, contracts),
        "euchred": _rate(euchred, played),
        "loners": _rate(loners, contracts),
        "loners_made": _rate(loners_made, loners),
        "defended_alone": _rate(defences, against),
        "no_trump": _rate(no_trump, contracts),
        "no_trump_made": _rate(no_trump_made, no_trump),
    }


RATE_LABELS = {
    "trump_made": "trump made (of hands)",
    "makers_made": "contracts made",
    "euchred": "euchred as makers (of hands)",
    "loners": "loners (of contracts)",
    "loners_made": "loners made",
    "defended_alone": "defended alone (of their contracts)",
    "no_trump": "no-trump contracts",
    "no_trump_made": "no-trump contracts made",
}


def prepare_records_directory(directory: str | os.PathLike[str]) -> Path:
    """The folder match records go to, created if need be; raises ``OptionError`` if it cannot be written."""
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise OptionError(f"records folder {str(path)!r} is a file, not a folder", "records")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".bowers-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as error:
        raise OptionError(f"cannot write match records in {str(path)!r} ({error.strerror or error})", "records") from None
    return path


def write_record(directory: Path, name: str, record: Mapping[str, Any]) -> Path:
    """Write one game record as ``directory/name.json`` (written whole, then renamed, so no half file is left)."""
    path = directory / f"{name}.json"
    partial = directory / f".{name}.json.partial"
    partial.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    partial.replace(path)
    return path


__all__ = ["RATE_LABELS", "hand_summary", "prepare_records_directory", "side_rates", "write_record"]
