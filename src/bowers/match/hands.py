"""What each side did with the hands of a match: who made trump, loners, euchres, and their rates.

A hand's facts (``bowers.facts.HandFacts``) speak of seats and teams; a match
speaks of sides, which change teams from one pass to the next.  ``hand_summary``
turns a hand's facts into the sides' view of it, and ``side_rates`` counts, for each side,
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
from bowers.facts import RATES, HandFacts
from bowers.match.statistics import wilson_interval


def hand_summary(facts: HandFacts, seating: Sequence[int], labels: str) -> dict[str, Any]:
    """One hand as a match reports it: each side's points, and who made trump (by side label), alone or not.

    ``seating[t]`` is the side at team ``t``; ``labels`` the sides' letters.

    >>> from bowers.facts import hand_facts
    >>> from bowers.variants import make_rules
    >>> result = {"dealer": 0, "maker": 1, "trump": "H", "alone": True, "lone_defender": None, "points": [0, 4],
    ...           "made": True, "misdeal": False, "jambone": False, "jamboree": [], "twos_threes": [], "contract": None}
    >>> summary = hand_summary(hand_facts(make_rules("standard"), result), [1, 0], "AB")
    >>> summary["maker"], summary["points"]
    ('A', {'A': 4, 'B': 0})
    """
    def side_of(team: int | None) -> str | None:
        return None if team is None else labels[seating[team]]

    made_trump = facts.maker_team is not None
    points = {labels[seating[team]]: team_points for team, team_points in enumerate(facts.points)}
    return {
        "points": dict(sorted(points.items())),
        "maker": side_of(facts.maker_team),
        "trump": facts.trump,
        "contract": facts.contract,
        "alone": facts.alone,
        "defended_alone": side_of(facts.lone_defender_team),
        "made": bool(facts.made) if made_trump else None,
        "euchred": (not facts.made) if made_trump else None,
        "misdeal": facts.misdeal,
        "jambone": facts.jambone,
        "jamboree": sorted({labels[seating[facts.team_of(seat)]] for seat in facts.jamboree}),
        "twos_threes": sorted({labels[seating[facts.team_of(seat)]] for seat in facts.twos_threes}),
    }


def _rate(count: int, out_of: int) -> dict[str, Any]:
    """A count out of a total, with its rate and 95% Wilson interval (None where the total is 0)."""
    if out_of == 0:
        return {"count": count, "of": out_of, "rate": None, "ci95": [None, None]}
    low, high = wilson_interval(count, out_of)
    return {"count": count, "of": out_of, "rate": count / out_of, "ci95": [low, high]}


# The figures a match reports for each side, with their wording there (``bowers.facts.RATES`` defines them).
RATE_LABELS = {name: rate.side_label for name, rate in RATES.items() if rate.side_label is not None}


def side_rates(hands: Iterable[tuple[HandFacts, Sequence[int]]], side: int) -> dict[str, dict[str, Any]]:
    """How often ``side`` made trump, made it, was euchred, went alone, bid no-trump, over ``hands`` (each hand's
    facts with the seating it was played in: the side at each team).

    Each figure is the one of that name in ``bowers.facts.RATES``, counted over the hands the side held, as
    ``{"count", "of", "rate", "ci95"}``: ``trump_made`` is out of the hands played; ``makers_made`` and
    ``euchred`` out of its contracts (that the tricks decided), ``loners`` out of its contracts and
    ``loners_made`` out of its loners, ``defended_alone`` out of the hands another side made trump alone, and
    ``no_trump``/``no_trump_made`` out of its contracts and its no-trump ones.
    """
    counts = {name: [0, 0] for name in RATE_LABELS}
    for facts, seating in hands:

        def whose(team: int, seating: Sequence[int] = seating) -> bool:
            return seating[team] == side

        for name, entry in counts.items():
            trial, success = RATES[name].counts(facts, whose)
            entry[0] += success
            entry[1] += trial
    return {name: _rate(successes, trials) for name, (successes, trials) in counts.items()}


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
