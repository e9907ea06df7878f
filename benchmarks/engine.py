"""Random-play speed of the bowers engine, side by side with OpenSpiel's ``euchre`` and euchre-cli.

What it measures: complete hands per second of ``standard`` Euchre, every hand
dealt and played to the end by uniformly random legal choices, in one Python
process, each engine driven its fastest way: methods bound to locals, and
one uniform pick per decision written inline for every engine alike,
``ids[int(random() * len(ids))]`` with ``random = random.Random(seed).random``
(a C call, where ``Random.choice`` runs two Python functions per pick),
with the builtins ``int`` and ``len`` bound to locals as well (CPython 3.11
fails to specialise global lookups inside some ``while`` loops, among them
the two-level loop that plays whole games, and then looks each one up in two
dictionaries per use):

* ``bowers str``: ``bowers.Game("standard", stick_the_dealer=True)`` through
  the string API, ``game.apply(pick(game.legal_actions()))``;
* ``bowers id``: the same through the integer path,
  ``game.apply_id(pick(game.legal_action_ids()))``;
* ``bowers step``: the integer path one call per decision,
  ``ids = game.step_id(pick(ids))`` until ``ids`` is empty (``step_id`` is
  ``apply_id`` and ``legal_action_ids`` in one call, which also stands for
  ``is_over``): the fastest way to drive bowers;
* ``pure id``: the integer path of the pure-Python reference engine
  (``BOWERS_PURE=1``), timed in a child process so that both engines are
  measured in the same run;
* ``openspiel``: OpenSpiel's ``euchre`` (C++ engine, Python API,
  ``stick_the_dealer=True``, ``allow_lone_defender=False``), one episode per
  hand, ``state.apply_action(pick(state.legal_actions()))`` at chance nodes
  too (the dealer, the 20 cards, the up-card): Euchre's chance outcomes are
  uniform, so this draws from the same distribution as ``chance_outcomes()``
  at less cost;
* ``euchre-cli``: the engine of the ``euchre-cli`` package (its card, suit and
  player classes and ``euchre.util``'s ``create_deck``, ``deal_hand``,
  ``valid_play``, ``trick_winner``, ``rotate_trick_order`` and
  ``hand_winner``), with its game loop's order of events but random choices
  instead of its computer players' and none of its console output.  That
  package has no programmatic API beyond these functions (its ``play``
  command sleeps between messages), so this is the fastest way to drive it.
  It has no stick-the-dealer and no going alone: a deal that all pass is
  re-dealt and not counted as a hand.

A bowers hand is one entry of ``game.results``; a game ends at 10 points, and
then a fresh ``bowers.Game(seed=...)`` starts, so the game set-up and the
dealing are counted too.

``copy+apply`` measures what search does most: ``game.copy().apply_id(a)``
over the positions of seeded random games (every decision of every game,
each with its randomly chosen action), in operations per second, for the
engine in use and (``copy+apply pure``, in a child process) for the pure one.

Every run replays the same seeded work, and the columns are interleaved (run 1
of each, then run 2 of each, ...) so that machine noise falls on all of them
alike.  Each run is timed in CPU time of its process (``time.process_time``;
all of these engines run on one thread), so that other work on a shared
machine counts for less than it would in wall time.  How to read it: one line per run, then the median of each column, the
ratios of the medians, and the median of each run's own ratios.  A ratio above 1 means bowers plays more hands per
second than the peer.  The figures depend on the machine and the Python build;
compare ratios, not absolute rates, across machines.

Usage: ``python benchmarks/engine.py [--hands N] [--runs 31] [--seed S]``
(needs ``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib.metadata import version

import pyspiel
from euchre.abstract import Player, Team
from euchre.util import create_deck, deal_hand, hand_winner, rotate_trick_order, trick_winner, valid_play

import bowers

VARIANT = "standard"
OPTIONS = {"stick_the_dealer": True}
OPENSPIEL_PARAMETERS = {"stick_the_dealer": True, "allow_lone_defender": False}
DEFAULT_HANDS = 4000
DEFAULT_RUNS = 31
DEFAULT_SEED = 20250101
COPY_GAMES = 4  # random games whose positions copy+apply replays: few, so they stay in cache like a search's node


def _bowers_two_calls(hands: int, seed: int, legal_name: str, apply_name: str) -> int:
    """Play at least ``hands`` hands by the game's ``legal_name`` and ``apply_name`` methods; return the number played."""
    uniform = random.Random(seed).random
    integer, length = int, len  # locals: see the module docstring
    played = 0
    game_seed = seed
    while played < hands:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        legal = getattr(game, legal_name)  # bound once per game, as the loop below calls them
        apply = getattr(game, apply_name)
        while not game.is_over:
            choices = legal()
            apply(choices[integer(uniform() * length(choices))])
        played += len(game.results)
    return played


def bowers_strings(hands: int, seed: int) -> int:
    """Play at least ``hands`` hands through the string API; return the number played."""
    return _bowers_two_calls(hands, seed, "legal_actions", "apply")


def bowers_ids(hands: int, seed: int) -> int:
    """Play at least ``hands`` hands through the integer path; return the number played."""
    return _bowers_two_calls(hands, seed, "legal_action_ids", "apply_id")


def bowers_steps(hands: int, seed: int) -> int:
    """Play at least ``hands`` hands through ``step_id``, one call per decision; return the number played."""
    uniform = random.Random(seed).random
    integer, length = int, len  # locals: see the module docstring
    played = 0
    game_seed = seed
    while played < hands:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        step = game.step_id
        ids = game.legal_action_ids()
        while ids:
            ids = step(ids[integer(uniform() * length(ids))])
        played += len(game.results)
    return played


def openspiel(hands: int, seed: int) -> int:
    """Play ``hands`` OpenSpiel euchre episodes, chance nodes included; return the number played."""
    uniform = random.Random(seed).random
    integer, length = int, len  # locals: see the module docstring
    new_state = pyspiel.load_game("euchre", OPENSPIEL_PARAMETERS).new_initial_state
    for _ in range(hands):
        state = new_state()
        is_terminal = state.is_terminal
        legal = state.legal_actions
        apply = state.apply_action
        while not is_terminal():
            ids = legal()
            apply(ids[integer(uniform() * length(ids))])
    return hands


def euchre_cli(hands: int, seed: int) -> int:
    """Play ``hands`` hands on euchre-cli's engine with random legal choices; return the number played."""
    uniform = random.Random(seed).random
    integer, length = int, len  # locals: see the module docstring
    random.seed(seed)  # euchre-cli's create_deck shuffles with the module-level generator
    teams = [Team("Team 1"), Team("Team 2")]
    players = [Player(f"Player {i + 1}", teams[i % 2]) for i in range(4)]
    players[-1].is_dealer = True  # euchre-cli keeps the dealer last in the play order
    played = 0
    while played < hands:
        deck = create_deck()
        deal_hand(players, deck)
        face_up = deck.pop(0)
        trump = None
        for player in players:  # round one: order it up or pass
            if uniform() < 0.5:
                trump = face_up.suit
                player.team.called_trump = True
                dealer = players[-1]
                dealer.hand.insert(0, face_up)
                deck.append(dealer.hand.pop(integer(uniform() * length(dealer.hand))))
                break
        if trump is None:  # round two: name another suit or pass
            others = list({card.suit.name: card.suit for card in deck if card.suit is not face_up.suit}.values())
            for player in players:
                options = [None, *others]
                pick = options[integer(uniform() * length(options))]
                if pick is not None:
                    trump = pick
                    player.team.called_trump = True
                    break
        if trump is None:  # everyone passed: euchre-cli re-deals
            continue
        for _ in range(5):
            cards: list = []
            for player in players:
                hand = player.hand
                legal = [c for c in hand if valid_play(c, hand, cards, trump)]
                card = legal[integer(uniform() * length(legal))]
                cards.append(hand.pop(hand.index(card)))
            trick_winner(players, cards, trump)
            rotate_trick_order(players)
        hand_winner(teams)
        for team in teams:
            if team.game_score >= 10:
                team.game_score = 0
        played += 1
    return played


def copy_positions(seed: int) -> list[tuple[bowers.Game, int]]:
    """Every decision of ``COPY_GAMES`` seeded random games: a copy of the game there and the action chosen."""
    choice = random.Random(seed).choice
    positions = []
    for offset in range(COPY_GAMES):
        game = bowers.Game(VARIANT, seed=seed + offset, **OPTIONS)
        while not game.is_over:
            action = choice(game.legal_action_ids())
            positions.append((game.copy(), action))
            game.apply_id(action)
    return positions


def copy_and_apply(positions: list[tuple[bowers.Game, int]], operations: int) -> int:
    """Copy each position and apply its action, at least ``operations`` times in all; return the number done."""
    done = 0
    while done < operations:
        for game, action in positions:
            game.copy().apply_id(action)
        done += len(positions)
    return done


def timed(name: str, hands: int, seed: int) -> float:
    """Hands (or, for ``copy+apply``, operations) per second of one run of a measure."""
    if name == "copy+apply":
        positions = copy_positions(seed)  # set up outside the timed part
        gc.collect()
        start = time.process_time()
        done = copy_and_apply(positions, hands)
        return done / (time.process_time() - start)
    gc.collect()
    start = time.process_time()
    played = PLAYERS[name](hands, seed)
    return played / (time.process_time() - start)


PLAYERS: dict[str, Callable[[int, int], int]] = {
    "bowers str": bowers_strings,
    "bowers id": bowers_ids,
    "bowers step": bowers_steps,
    "openspiel": openspiel,
    "euchre-cli": euchre_cli,
}
MEASURES = (*PLAYERS, "copy+apply")
PURE_COLUMNS = {"pure id": "bowers id", "copy+apply pure": "copy+apply"}  # timed with BOWERS_PURE=1 in a child
# OpenSpiel right after the bowers columns, so that the runs compared most are measured close together.
COLUMNS = ("bowers str", "bowers id", "bowers step", "openspiel", "pure id", "euchre-cli", "copy+apply", "copy+apply pure")


def timed_pure(measure: str, hands: int, seed: int) -> float:
    """One run of a measure on the pure-Python engine, in a child process."""
    command = [sys.executable, __file__, "--measure", measure, "--hands", str(hands), "--seed", str(seed)]
    output = subprocess.run(command, env={**os.environ, "BOWERS_PURE": "1"}, check=True, capture_output=True, text=True)
    return float(output.stdout.split()[-1])


def checked_apply_id_cost(games: int = 300, runs: int = 5, seed: int = DEFAULT_SEED) -> str:
    """Microseconds per action of the checked ``Game.apply_id`` and of the unchecked hand-level door.

    The same random games of standard are first recorded as id sequences, then applied both ways (best
    of ``runs``), so the difference is the legality check alone (a bit test against the legal set).
    """
    rng = random.Random(seed)
    sequences = []
    for number in range(games):
        game = bowers.Game(VARIANT, seed=seed + number, **OPTIONS)
        ids = []
        while not game.is_over:
            ids.append(rng.choice(game.legal_action_ids()))
            game.apply_id(ids[-1])
        sequences.append(ids)

    def replay(checked: bool) -> float:
        start = time.process_time()  # CPU time: steadier than wall time on a shared machine
        for number, ids in enumerate(sequences):
            game = bowers.Game(VARIANT, seed=seed + number, **OPTIONS)
            if checked:
                for action in ids:
                    game.apply_id(action)
                continue
            for action in ids:
                hand = game.hand
                hand.apply_id(action)  # unchecked: the door for search on copies of hands
                if hand.result is not None:
                    game._end_hand()  # what Game.apply_id does after the hand's last action
        return time.process_time() - start

    actions = sum(len(ids) for ids in sequences)
    best = {checked: min(replay(checked) for _ in range(runs)) for checked in (True, False)}
    checked_us, unchecked_us = (1e6 * best[checked] / actions for checked in (True, False))
    return (
        f"apply per action over {actions} actions of random standard play (game set-up and dealing included): "
        f"checked Game.apply_id {checked_us:.2f} us, unchecked hand-level {unchecked_us:.2f} us, "
        f"check {checked_us - unchecked_us:+.2f} us"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help=f"hands per run (default {DEFAULT_HANDS})")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help=f"runs of each (default {DEFAULT_RUNS})")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"seed of every run (default {DEFAULT_SEED})")
    parser.add_argument("--measure", choices=sorted(MEASURES), help="time one run of one measure and print its rate")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.runs < 1:
        parser.error("--hands and --runs must be at least 1")
    if args.measure:
        print(f"{bowers.engine_kind()} {timed(args.measure, args.hands, args.seed)}")
        return

    print(f"{VARIANT} {OPTIONS}, random play, {args.hands} hands per run, {args.runs} runs, seed {args.seed}")
    print(f"OpenSpiel euchre {OPENSPIEL_PARAMETERS}; euchre-cli: no stick the dealer, no going alone")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"bowers {version('bowers')} ({bowers.engine_note()} engine), open_spiel {version('open_spiel')}, "
        f"euchre-cli {version('euchre-cli')}, {platform.machine()}"
    )
    print("hands per second (copy+apply: operations per second):")
    width = 17
    print(f"{'run':>6}" + "".join(f"{name:>{width}}" for name in COLUMNS))
    rates: dict[str, list[float]] = {name: [] for name in COLUMNS}
    for run in range(1, args.runs + 1):
        line = f"{run:>6}"
        for name in COLUMNS:
            if name in PURE_COLUMNS:
                rate = timed_pure(PURE_COLUMNS[name], args.hands, args.seed)
            else:
                rate = timed(name, args.hands, args.seed)
            rates[name].append(rate)
            line += f"{rate:>{width},.0f}"
        print(line, flush=True)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print(f"{'median':>6}" + "".join(f"{medians[name]:>{width},.0f}" for name in COLUMNS))
    base = medians["openspiel"]
    print(
        f"ratio bowers/OpenSpiel: string API {medians['bowers str'] / base:.2f}, integer path {medians['bowers id'] / base:.2f}, "
        f"integer path by step_id {medians['bowers step'] / base:.2f}, pure integer path {medians['pure id'] / base:.2f}"
    )
    peer = medians["euchre-cli"]
    print(
        f"ratio bowers/euchre-cli: string API {medians['bowers str'] / peer:.1f}, integer path {medians['bowers id'] / peer:.1f}"
    )
    print(
        f"copy+apply: {medians['copy+apply'] / medians['copy+apply pure']:.2f}x the pure engine; "
        f"integer path: {medians['bowers id'] / medians['pure id']:.2f}x the pure engine"
    )
    # Each run's own ratio, then their median: steadier than the ratio of medians when the machine's speed
    # drifts from run to run, since the columns of one run are measured close together.
    def run_ratio(top: str, bottom: str) -> float:
        return statistics.median(a / b for a, b in zip(rates[top], rates[bottom], strict=True))

    print(
        f"median of the runs' own ratios: bowers/OpenSpiel string API {run_ratio('bowers str', 'openspiel'):.2f}, "
        f"integer path {run_ratio('bowers id', 'openspiel'):.2f}, by step_id {run_ratio('bowers step', 'openspiel'):.2f}; "
        f"copy+apply {run_ratio('copy+apply', 'copy+apply pure'):.2f}x the pure engine"
    )
    print(checked_apply_id_cost(seed=args.seed), flush=True)


if __name__ == "__main__":
    main()
