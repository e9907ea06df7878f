"""Random robustness sweep: bots, analysis and records under random variants, options, scores and settings.

    python scripts/robustness_sweep.py --seconds 600 --seed 1 --log failures.jsonl
    python scripts/robustness_sweep.py --cases 50 --seed 2

Each case draws a variant, a random combination of its options (small targets, reneges allowed, starting
scores below the target, negative or tied at the top past it), and one of three kinds of work:

* ``match``: a short match as `bowers match` plays it (single deals, or one whole game) between random
  choices of `pimc` (with random `level`, `bidding`, `score_model`, `learned_weight` and `prior_unit`),
  `heuristic` and `random` (which, with reneges allowed, reneges and claims reneges at random);
* ``analysis``: a whole game by `heuristic` and `random` players, then the analysis `bowers analyze` gives of
  one seat, at level 1;
* ``records``: such a game's record through JSON, replayed with every check, measured as `bowers stats`
  measures records and, for standard Euchre, exported to EGN and imported back.

Every exception is a failure: it is printed with the case that reproduces it (and appended to ``--log`` as
JSON), and the sweep exits with status 1.  The unit tests sweep every option set one change at a time
(``tests/bots/test_sweep.py``); this sweep draws combinations no test lists, for as long as it is given.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from bowers import Game, replay
from bowers.bots import create
from bowers.bots.analysis import analyze_record
from bowers.egn import dump_egn, egn_to_record
from bowers.errors import RecordError
from bowers.match import play_games, play_match
from bowers.stats import study_records
from bowers.variants import variant, variants

KINDS = ("match", "analysis", "records")
TARGETS = (1, 2, 3, 5, 7, 11, 20, 64)


def target_of(name: str, options: dict[str, Any]) -> int:
    """The points a game of the case is played to: its drawn `target` option, else the variant's default."""
    return int(options.get("target", variant(name).option("target").default))


def random_options(rng: random.Random, name: str) -> dict[str, Any]:
    """A random combination of the variant's options, with a small target and odd starting scores half the time."""
    declared = variant(name)
    teams = declared.teams
    options: dict[str, Any] = {}
    for option in declared.options:
        if option.name in ("target", "initial_scores"):
            continue
        if option.choices and rng.random() < 0.5:
            options[option.name] = rng.choice(option.choices)
        elif option.kind == "bool" and rng.random() < 0.5:
            options[option.name] = rng.random() < 0.5
    if rng.random() < 0.7:
        options["target"] = rng.choice(TARGETS)
    target = target_of(name, options)
    draw = rng.random()
    if draw < 0.4:
        options["initial_scores"] = [rng.randrange(-2, target) for _ in range(teams)]
    elif draw < 0.5:
        top = target + rng.randrange(3)
        options["initial_scores"] = [top, top, *(rng.randrange(top) for _ in range(teams - 2))]
    return options


def pimc_settings(rng: random.Random) -> dict[str, Any]:
    """Quick `pimc` settings, each of its modes drawn at random."""
    settings: dict[str, Any] = {"level": rng.choice((1, 1, 2)), "time_budget": 0}
    if rng.random() < 0.5:
        settings["bidding"] = rng.choice(("auto", "learned", "worlds"))
    if rng.random() < 0.3:
        settings["score_model"] = rng.choice(("points", "win-probability"))
    if rng.random() < 0.3:
        settings["learned_weight"] = rng.choice((0, 0.5, 1))
    if rng.random() < 0.2:
        settings["prior_unit"] = rng.choice(("opening", "current"))
    return settings


def played_game(name: str, options: dict[str, Any], seed: int, rng: random.Random) -> Game:
    """A whole game (at most a few hundred actions) by `heuristic` and `random` players."""
    game = Game(name, seed=seed, **options)
    players = [create(rng.choice(("heuristic", "random")), seed=seed + seat) for seat in range(game.rules.players)]
    for _ in range(2000):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].act(game.observation(seat)), seat=seat)
    return game


def run_case(kind: str, name: str, options: dict[str, Any], seed: int, rng: random.Random) -> None:
    """One case; any exception is the failure to report."""
    if kind == "match":
        teams = variant(name).teams
        players = [rng.choice(("pimc", "pimc", "heuristic", "random")) for _ in range(teams)]
        settings = [pimc_settings(rng) if player == "pimc" else {} for player in players]
        if target_of(name, options) <= 11 and rng.random() < 0.3:
            play_games(name, players, games=1, seed=seed, workers=1, options=options, settings=settings)
        else:
            play_match(name, players, deals=2, seed=seed, workers=1, options=options, settings=settings)
        return
    game = played_game(name, options, seed, rng)
    record = json.loads(json.dumps(game.record()))
    if kind == "analysis":
        seat = rng.randrange(game.rules.players)
        for decision in analyze_record(record, seats=[seat], level=1):
            assert all(math.isfinite(choice.value) for choice in decision.choices), decision
        return
    again = replay(record)
    assert again.scores == game.scores and again.is_over == game.is_over, (again.scores, game.scores)
    study_records([record])
    if name == "standard":
        try:
            text = dump_egn(record)
        except RecordError:
            return  # what EGN cannot hold (renege claims, a turned-up Joker) is refused with a clear error
        assert replay(egn_to_record(json.loads(text))).scores == game.scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="stop drawing new cases after this long")
    parser.add_argument("--cases", type=int, default=None, help="stop after this many cases instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None, help="append each failure to this file as a JSON line")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    deadline = time.monotonic() + arguments.seconds
    done: Counter[str] = Counter()
    failures = 0
    while (done.total() < arguments.cases) if arguments.cases is not None else (time.monotonic() < deadline):
        name = rng.choice(variants())
        kind, options, seed = rng.choice(KINDS), random_options(rng, name), rng.randrange(10**6)
        case = {"kind": kind, "variant": name, "options": options, "seed": seed}
        try:
            run_case(kind, name, options, seed, random.Random(seed))
        except Exception as error:  # every failure is reported with the case that reproduces it
            failures += 1
            report = {"case": case, "error": repr(error), "trace": traceback.format_exc()}
            print(f"FAILED {json.dumps(case)}\n{report['trace']}", file=sys.stderr)
            if arguments.log is not None:
                with arguments.log.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(report) + "\n")
        done[kind] += 1
    print(f"{done.total()} cases ({', '.join(f'{kind} {done[kind]}' for kind in KINDS)}), {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
