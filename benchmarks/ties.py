"""Which card a tie in points should go to: rules for breaking ``pimc``'s ties in play, judged on fresh worlds.

``pimc`` solves each legal card on its sampled worlds; where two cards
score the same points in every world it drew (and are not equivalent
cards, with nothing unseen between them in one suit), something else must
choose.
This script plays self-play hands of a bot (``pimc`` at its defaults with
``time_budget=0`` unless ``--setting`` says otherwise; hand k is
``bowers.Game(variant, seed=seed * 100003 + k)``, each seat's bot seeded as
``blunders.py`` seeds it) and, at every play decision, takes the
heuristic's card and each other legal card not equivalent to it.  The
position is sampled into ``--sample`` worlds as ``pimc`` samples them and
every card solved exactly to the end of the hand: a pair that scores the
same points in each of them is a tie, and the tricks each card takes over
them are counted.  Each tie is then judged on ``--judge`` fresh worlds.  A
rule errs on a tie where the card it chooses is never better than the other
in the judging worlds and worse in some (a clear error, as ``blunders.py``
counts one).  The rules:

* ``heuristic``: the heuristic's card (``pimc`` version 2 before the tie
  went to the card that takes more tricks);
* ``tricks``: the card that takes more tricks over the sample, else the
  heuristic's (``pimc`` version 2 before the count below);
* ``count``: the ``tricks`` rule, but where both cards take the same tricks
  over the sample, the card the heuristic's count values most on
  ``pimc.COUNT_DEALS`` deals of the unseen cards, with at most five cards
  in the hand (``pimc`` version 2 now);
* ``lower`` and ``higher``: always the lower, or the higher, of two cards
  of one suit.

It reports the ties of two cards of one suit apart from those of two suits.

Usage::

    python benchmarks/ties.py --variant ultimate --hands 16 --seed 9 --workers 2
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping
from typing import Any

from arguments import setting, write_json
from blunders import Worth, valuer_for, worths
from selfplay import play_decisions

import bowers
from bowers.bots import create
from bowers.bots.heuristic import decide
from bowers.bots.pimc import count_among, equivalent_cards
from bowers.bots.view import View
from bowers.match.parallel import play_all

SAMPLE = 160  # worlds standing for pimc's own sample (level 3's 80 worlds, doubled once for a tie)
JUDGE = 840  # fresh worlds a tie is judged on
RULES = ("heuristic", "tricks", "count", "lower", "higher")


def tied_pairs(view: View, favourite: str, sample: Mapping[str, Worth]) -> list[str]:
    """The cards, not equivalent to the favourite, that score exactly its points in every sampled world."""
    decode = view.space.decode_text
    card = decode(favourite).card
    if view.tables is None or card < 0 or favourite not in sample:
        return []
    return [
        action
        for action in sample
        if action != favourite
        and (other := decode(action).card) >= 0
        and not equivalent_cards(view, card, other)
        and sample[action].points == sample[favourite].points
    ]


def same_suit(view: View, first: str, second: str) -> bool:
    """Whether two plays are cards of one suit (trump counting as one suit)."""
    decode = view.space.decode_text
    assert view.tables is not None
    return bool(view.tables.effective_suit[decode(first).card] == view.tables.effective_suit[decode(second).card])


def choices(view: View, favourite: str, other: str, sample: Mapping[str, Worth]) -> dict[str, str]:
    """Each rule's card of the tie between ``favourite`` (the heuristic's card) and ``other`` (``lower`` and
    ``higher`` only for two cards of one suit)."""
    decode = view.space.decode_text
    assert view.tables is not None
    theirs, ours = sum(sample[other].tricks), sum(sample[favourite].tricks)
    more = other if theirs > ours else favourite
    picks = {
        "heuristic": favourite,
        "tricks": more,
        "count": count_among(view, (favourite, other), favourite) if theirs == ours else more,
    }
    if same_suit(view, favourite, other):
        power = view.tables.power[view.tables.effective_suit[decode(favourite).card]]
        picks["higher"], picks["lower"] = sorted((favourite, other), key=lambda action: -power[decode(action).card])
    return picks


def clear_error(chosen: str, rejected: str, judged: Mapping[str, Worth]) -> bool:
    """Whether ``rejected`` is never worse than ``chosen`` in points over the judging worlds and better in some."""
    pairs = list(zip(judged[chosen].points, judged[rejected].points, strict=True))
    return all(theirs >= ours for ours, theirs in pairs) and any(theirs > ours for ours, theirs in pairs)


def study_deal(job: Mapping[str, Any]) -> dict[str, Any]:
    """One hand of self-play, every tie at its play decisions judged by every rule."""
    started = time.perf_counter()
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    players = [create(job["bot"], seed=job["seed"] * 16 + s, **job["settings"]) for s in range(game.rules.players)]
    valuer = valuer_for(game.rules)
    ties: list[dict[str, Any]] = []
    for decision in play_decisions(game, lambda seat, observation, index: players[seat].act(observation)):
        observation, index = decision.observation, decision.index
        view = View(observation)
        favourite = decide(view, valuer._heuristic.settings)
        rng = random.Random(job["seed"] * 1009 + index)
        sample = worths(valuer, observation, job["sample"], rng)
        pairs = tied_pairs(view, favourite, sample)
        if not pairs:
            continue
        judged = worths(valuer, observation, job["judge"], rng)
        for other in pairs:
            picks = choices(view, favourite, other, sample)
            ties.append(
                {
                    "seed": job["seed"],
                    "index": index,
                    "seat": decision.seat,
                    "favourite": favourite,
                    "other": other,
                    "same_suit": same_suit(view, favourite, other),
                    "apart": any(a != b for a, b in zip(judged[favourite].points, judged[other].points, strict=True)),
                    "errors": {
                        rule: clear_error(pick, other if pick == favourite else favourite, judged) for rule, pick in picks.items()
                    },
                }
            )
    return {"variant": job["variant"], "ties": ties, "seconds": time.perf_counter() - started}


def _study_job(jobs: list[Mapping[str, Any]], number: int) -> dict[str, Any]:
    return study_deal(jobs[number])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="ultimate")
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--seed", type=int, default=9, help="hand k is bowers.Game(variant, seed=seed * 100003 + k)")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--setting", action="append", default=[], type=setting, help="a setting of the bot, NAME=VALUE")
    parser.add_argument("--option", action="append", default=[], type=setting, help="a game option, NAME=VALUE")
    parser.add_argument("--sample", type=int, default=SAMPLE, help="worlds standing for pimc's sample")
    parser.add_argument("--judge", type=int, default=JUDGE, help="fresh worlds a tie is judged on")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="write every tie with each rule's verdict to this file")
    arguments = parser.parse_args()
    settings = dict(arguments.setting)
    if arguments.bot == "pimc":
        settings.setdefault("time_budget", 0)
    jobs: list[Mapping[str, Any]] = [
        {
            "variant": arguments.variant,
            "seed": arguments.seed * 100003 + k,
            "options": dict(arguments.option),
            "bot": arguments.bot,
            "settings": settings,
            "sample": arguments.sample,
            "judge": arguments.judge,
        }
        for k in range(arguments.hands)
    ]
    rows = play_all(_study_job, jobs, len(jobs), arguments.workers, None)
    ties = [tie for row in rows for tie in row["ties"]]
    seconds = sum(row["seconds"] for row in rows) / max(1, len(rows))
    print(
        f"{arguments.variant}: {len(rows)} hands of {arguments.bot} ({settings or 'defaults'}), seed {arguments.seed},"
        f" {seconds:.1f} s a hand; ties of the heuristic's card with another on {arguments.sample} worlds, judged on"
        f" {arguments.judge} more"
    )
    print("\n".join(report(ties)))
    write_json(arguments.json, ties)


def report(ties: list[Mapping[str, Any]]) -> list[str]:
    """Each rule's clear errors, for the ties of two cards of one suit and for those of two suits."""
    lines = []
    for label, suited in (("one suit", True), ("two suits", False)):
        chosen = [tie for tie in ties if tie["same_suit"] == suited]
        apart = sum(tie["apart"] for tie in chosen)
        lines.append(f"  {label}: {len(chosen)} ties, {apart} told apart on the judging worlds")
        for rule in RULES:
            if rule in ("lower", "higher") and not suited:
                continue
            errors = sum(tie["errors"][rule] for tie in chosen)
            lines.append(f"    {rule:<9} clear errors: {errors}")
    return lines


if __name__ == "__main__":
    main()
