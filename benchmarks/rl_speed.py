"""Environment steps per second: bowers' engine integer path, its RL adapters, and OpenSpiel's C++ euchre.

Each column plays random legal actions (chosen from the mask or the legal ids)
through complete hands of standard Euchre, ``stick_the_dealer=True``, and
counts decisions (player actions; chance moves are not counted):

* ``engine``: ``ids = game.step_id(pick(ids))``, the engine's fastest integer path, whole games;
* ``engine hand``: the same with one hand a game (a new game each hand), as one-hand episodes play;
* ``engine+obs``: the same plus ``Game.observation(seat)`` for the seat to act;
* ``encode``: the same plus ``bowers.encoding``'s tensor and mask (what every adapter builds);
* ``infostate``: the same with the perfect-recall ``InformationStateEncoding`` tensor and mask, from the observation;
* ``infostate fast``: the engine plus that tensor and mask kept current by its compiled writer
  (``writer.update(game)``, no observation dict), reading the tensor of the seat to act;
* ``pettingzoo``: ``env.step(action)`` on the raw AEC environment, no observation, one hand an episode;
* ``pettingzoo game``: the same with whole games as episodes (``whole_game=True``), as the engine column plays;
* ``pettingzoo+obs``: the PettingZoo agent loop, ``env.last()`` (tensor and mask) then ``env.step``;
* ``gymnasium``: ``SingleSeatEnv`` with random bots in the other seats, counting every seat's decision;
* ``openspiel``: the registered ``bowers_standard`` game, ``state.apply_action``;
* ``openspiel c++``: OpenSpiel's own ``euchre`` (C++ engine) stepped from Python;
* ``openspiel c++ tensor``: the same plus its ``information_state_tensor`` of the player to act and its legal-actions mask.

The last line compares ``infostate fast`` with ``openspiel c++ tensor``: the information-state tensor and mask
at every decision, one process, random legal actions.

Usage: ``python benchmarks/rl_speed.py [--decisions N] [--runs R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from collections.abc import Callable

import numpy as np
import pyspiel

import bowers
import bowers.openspiel
from bowers.encoding import Encoding, InformationStateEncoding
from bowers.env import SingleSeatEnv, raw_env

VARIANT = "standard"
OPTIONS = {"stick_the_dealer": True}
OPENSPIEL_EUCHRE: dict[str, object] = {"stick_the_dealer": True, "allow_lone_defender": False}


def engine_hands(decisions: int, seed: int) -> int:
    """The engine's integer path with one hand a game, as PettingZoo's one-hand episodes play: a new game each hand."""
    uniform = random.Random(seed).random
    done = 0
    game_seed = seed
    while done < decisions:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        ids = game.legal_action_ids()
        while ids and game.hand_number == 0:
            ids = game.step_id(ids[int(uniform() * len(ids))])
            done += 1
    return done


def engine(decisions: int, seed: int, observe: bool = False, encode: bool = False, recall: bool = False) -> int:
    """The engine's integer path (with the observation, and the compact or information-state tensor, when asked)."""
    uniform = random.Random(seed).random
    encoding = InformationStateEncoding(VARIANT, **OPTIONS) if recall else Encoding(VARIANT, **OPTIONS)
    done = 0
    game_seed = seed
    while done < decisions:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        ids = game.legal_action_ids()
        while ids:
            if observe or encode:
                view = game.observation(game.to_act)
                if encode:
                    encoding.encode(view)
                    encoding.mask(view)
            ids = game.step_id(ids[int(uniform() * len(ids))])
            done += 1
    return done


def information_state_writer(decisions: int, seed: int) -> int:
    """The engine plus the information-state tensor and mask kept current by the compiled writer (whole games)."""
    uniform = random.Random(seed).random
    writer = InformationStateEncoding(VARIANT, **OPTIONS).writer()
    tensors = writer.tensors
    done = 0
    game_seed = seed
    while done < decisions:
        game = bowers.Game(VARIANT, seed=game_seed, **OPTIONS)
        game_seed += 1
        ids = game.legal_action_ids()
        while ids:
            writer.update(game)
            tensors[game.to_act]  # the tensor of the seat to act, as a learner reads it; writer.mask is its mask
            ids = game.step_id(ids[int(uniform() * len(ids))])
            done += 1
    return done


def pettingzoo(decisions: int, seed: int, observe: bool = False, whole_game: bool = False) -> int:
    """The raw AEC environment, one hand an episode (or a whole game, as the engine column plays)."""
    uniform = random.Random(seed).random
    environment = raw_env(VARIANT, whole_game=whole_game, **OPTIONS)
    done = 0
    episode = seed
    while done < decisions:
        environment.reset(seed=episode)
        episode += 1
        while not environment.terminations[environment.agent_selection]:
            if observe:
                environment.last()
            ids = environment.legal_action_ids()
            environment.step(ids[int(uniform() * len(ids))])
            done += 1
    return done


def gymnasium_env(decisions: int, seed: int) -> int:
    """The single-seat environment with random bots; every seat's decision counts."""
    uniform = random.Random(seed).random
    environment = SingleSeatEnv(VARIANT, opponents="random", **OPTIONS)
    done = 0
    episode = seed
    while done < decisions:
        observation, _ = environment.reset(seed=episode)
        episode += 1
        terminated = False
        before = environment.game.hand.action_count
        while not terminated:
            legal = np.flatnonzero(observation["action_mask"])
            observation, _, terminated, _, _ = environment.step(int(legal[int(uniform() * len(legal))]))
        done += len(environment.game.record()["deals"][0]["actions"]) - before
    return done


def openspiel(decisions: int, seed: int, name: str, parameters: dict[str, object], tensor: bool = False) -> int:
    """An OpenSpiel game stepped from Python: chance by a uniform pick, players by a uniform legal pick
    (with the information-state tensor of the player to act and the legal-actions mask, when asked)."""
    uniform = random.Random(seed).random
    game = pyspiel.load_game(name, parameters)
    done = 0
    while done < decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(uniform() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if tensor:
                state.information_state_tensor(state.current_player())
                state.legal_actions_mask()
            state.apply_action(legal[int(uniform() * len(legal))])
            done += 1
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20000, help="decisions per column and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    warnings.simplefilter("ignore")
    columns: dict[str, Callable[[int, int], int]] = {
        "engine": engine,
        "engine hand": engine_hands,
        "engine+obs": lambda n, s: engine(n, s, observe=True),
        "encode": lambda n, s: engine(n, s, encode=True),
        "infostate": lambda n, s: engine(n, s, encode=True, recall=True),
        "infostate fast": information_state_writer,
        "pettingzoo": pettingzoo,
        "pettingzoo game": lambda n, s: pettingzoo(n, s, whole_game=True),
        "pettingzoo+obs": lambda n, s: pettingzoo(n, s, observe=True),
        "gymnasium": gymnasium_env,
        "openspiel": lambda n, s: openspiel(n, s, "bowers_standard", {"stick_the_dealer": True}),
        "openspiel c++": lambda n, s: openspiel(n, s, "euchre", OPENSPIEL_EUCHRE),
        "openspiel c++ tensor": lambda n, s: openspiel(n, s, "euchre", OPENSPIEL_EUCHRE, tensor=True),
    }
    rates: dict[str, list[float]] = {name: [] for name in columns}
    for run in range(arguments.runs):
        for name, column in columns.items():
            start = time.process_time()
            done = column(arguments.decisions, arguments.seed + run)
            rates[name].append(done / (time.process_time() - start))
    print(f"bowers {bowers.engine_note()}: {VARIANT} {OPTIONS}, median of {arguments.runs} runs, decisions per second (CPU time)")
    base = statistics.median(rates["engine"])
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:>20}  {rate:>10,.0f}  {rate / base:6.3f} x engine")
    # Each PettingZoo column against the engine playing the same episodes: whole games, or one hand a game.
    whole = statistics.median(rates["pettingzoo game"]) / base
    one_hand = statistics.median(rates["pettingzoo"]) / statistics.median(rates["engine hand"])
    print(f"PettingZoo step against the engine on the same episodes: whole games {whole:.3f}, one hand {one_hand:.3f}")
    fast = statistics.median(rates["infostate fast"]) / statistics.median(rates["openspiel c++ tensor"])
    print(f"Information-state tensor and mask, bowers' writer against OpenSpiel's C++ euchre: {fast:.2f} x")


if __name__ == "__main__":
    main()
