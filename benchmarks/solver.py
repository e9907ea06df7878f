"""Double-dummy solver speed: every legal opening lead of random deals, compiled core and Python reference.

For each variant: deals from seeds 0, 1, 2, ... with random legal bidding
(one generator per variant, seeded), stopped at the opening lead; for each
position the time of ``move_values(Position.from_game(game))`` (the exact
value of every legal lead, conversion included), with the transposition
table cleared first, in this one process.  Prints the median and worst
wall-clock time, the median and worst CPU time of the thread (the machine may
be shared: a wall time can include time the process waited for a core, so the
targets are judged on CPU time), the nodes per second of the compiled core,
the reference search's time on the first positions (``--reference``, within
``--reference-seconds``), and, for a variant with targets (``TARGETS_MS``: a
median and, for some, a worst CPU time, judged over at least 200 positions),
the share of positions whose CPU time is past each target and whether the
targets are met.

``--compare PATH`` also times another build of the compiled core (its
``_search`` shared library, say a copy kept from before a change) against
the current one on the same positions, the two interleaved (which goes first
alternates), and prints the median and worst CPU time of each and the median
of the per-position ratios (other / current): on a shared machine whose load
varies, that ratio is steadier than either time.

    .venv/bin/python benchmarks/solver.py [--positions 200] [--variants standard,railroad] [--reference 20]
    .venv/bin/python benchmarks/solver.py --variants ultimate --reference 0 --compare /tmp/old_search.so
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import statistics
import time
from types import ModuleType

import bowers
from bowers import solver
from bowers.solver import Position, move_values, reference, search

TARGETS_MS = {"standard": (0.041, None), "railroad": (0.2, None), "ultimate": (5.0, 100.0)}


def opening_leads(variant: str, count: int) -> list[bowers.Game]:
    """Games at the opening lead after random legal bidding, one per deal."""
    rng = random.Random(f"solver-benchmark:{variant}")
    games = []
    seed = 0
    while len(games) < count:
        game = bowers.Game(variant, seed=seed)
        seed += 1
        for _ in range(300):
            if game.phase == "play":
                break
            game.apply_id(rng.choice(game.legal_action_ids()))
        if game.phase == "play" and game.hand_number == 0:
            games.append(game)
    return games


def milliseconds(seconds: float) -> str:
    """A time in milliseconds, to three significant figures."""
    return f"{seconds * 1000:.3g}"


def past(seconds: list[float], limit_ms: float) -> str:
    """The share of the times (in seconds) over a limit in milliseconds, as a percentage."""
    return f"{100 * sum(1 for t in seconds if t * 1000 > limit_ms) / len(seconds):.1f}%"


def load_core(path: str) -> ModuleType:
    """Another build of the compiled core, loaded from its shared library under a name of its own."""
    name = "compared._search"  # the module's init function is named after its last part
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:
        raise SystemExit(f"cannot load {path}")
    core = importlib.util.module_from_spec(spec)
    loader.exec_module(core)
    return core


def cpu_time_of(core: ModuleType, game: bowers.Game) -> float:
    """The thread's CPU time of ``core`` valuing every legal move of ``game`` (conversion included), its table cleared."""
    core.clear()
    start = time.thread_time()
    position = Position.from_game(game)
    search._call(core, position, 2, -1, position.moves(), 0)
    return time.thread_time() - start


def compare(current: ModuleType, other: ModuleType, games: list[bowers.Game]) -> None:
    """Print the CPU times of two builds of the core on the same positions, interleaved, and their median ratio."""
    times: tuple[list[float], list[float]] = ([], [])
    for index, game in enumerate(games):
        for which in (0, 1) if index % 2 else (1, 0):
            times[which].append(cpu_time_of((current, other)[which], game))
    ratio = statistics.median(o / c for c, o in zip(*times, strict=True) if c > 0)
    print(
        f"{'':<11} current / compared CPU ms, median {milliseconds(statistics.median(times[0]))} / "
        f"{milliseconds(statistics.median(times[1]))}, worst {milliseconds(max(times[0]))} / "
        f"{milliseconds(max(times[1]))}; median ratio compared / current: {ratio:.3f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200, help="positions per variant (default 200)")
    parser.add_argument("--variants", default=",".join(bowers.variants()), help="comma-separated variants (default: all)")
    parser.add_argument("--reference", type=int, default=20, help="positions also solved by the Python reference (default 20)")
    parser.add_argument("--reference-seconds", type=float, default=60.0, help="time budget of the reference per variant")
    parser.add_argument("--compare", metavar="PATH", help="another build of the compiled core to time on the same positions")
    args = parser.parse_args()
    other = load_core(args.compare) if args.compare else None
    if not solver.compiled_available():
        print("the compiled solver is not built: figures below are the reference search's")
    header = (
        f"{'variant':<11} {'positions':>9} {'median ms':>10} {'worst ms':>10} {'median CPU ms':>13} {'worst CPU ms':>12} "
        f"{'nodes/s':>12}"
    )
    print(f"{header}  {'reference median ms (n)':>24}  target")
    for variant in args.variants.split(","):
        games = opening_leads(variant.strip(), args.positions)
        times, cpu_times, nodes = [], [], 0
        for game in games:
            solver.clear_table()
            start, cpu_start = time.perf_counter(), time.thread_time()
            position = Position.from_game(game)
            move_values(position, position.moves())
            times.append(time.perf_counter() - start)
            cpu_times.append(time.thread_time() - cpu_start)
            nodes += solver.last_nodes()
        reference_times = []
        budget = time.perf_counter() + args.reference_seconds
        for game in games[: args.reference]:
            if time.perf_counter() > budget:
                break
            start = time.perf_counter()
            position = Position.from_game(game)
            reference.move_values(position, position.moves())
            reference_times.append(time.perf_counter() - start)
        median, worst = statistics.median(times), max(times)
        median_cpu, worst_cpu = statistics.median(cpu_times), max(cpu_times)
        rate = nodes / sum(times) if solver.using_compiled() else float("nan")
        reference_text = (
            f"{milliseconds(statistics.median(reference_times))} ({len(reference_times)})" if reference_times else "-"
        )
        target = TARGETS_MS.get(variant)
        verdict = ""
        if target is not None:
            met = median_cpu * 1000 <= target[0] and (target[1] is None or worst_cpu * 1000 <= target[1])
            wanted = f"CPU median <= {target[0]:g} ms ({past(cpu_times, target[0])} past)"
            if target[1] is not None:
                wanted += f", worst <= {target[1]:g} ms ({past(cpu_times, target[1])} past)"
            verdict = f"{wanted}: {'met' if met else 'NOT met'}"
        print(
            f"{variant:<11} {len(times):>9} {milliseconds(median):>10} {milliseconds(worst):>10} "
            f"{milliseconds(median_cpu):>13} {milliseconds(worst_cpu):>12} {rate:>12,.0f}  "
            f"{reference_text:>24}  {verdict}",
            flush=True,
        )
        if other is not None and search._compiled is not None:
            compare(search._compiled, other, games)


if __name__ == "__main__":
    main()
