"""What ``--ray`` costs a command in starting and stopping a local Ray cluster.

A tiny match (``heuristic,heuristic``, 4 deals) is run as the ``bowers``
command would be, each in a process of its own, with and without ``--ray``,
for each ``--workers`` count; the runs take turns, so that the machine's
load falls alike on each.  It prints each setting's median wall time over
the runs and the start-up cost: the median with ``--ray`` less the median
without, for the same workers.

Usage::

    python benchmarks/ray_startup.py [--workers 1,2] [--runs 3] [--deals 4] [--players heuristic,heuristic]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from importlib.metadata import version

BOWERS = [sys.executable, "-c", "from bowers.cli import main; main()"]  # the ``bowers`` command


def wall_seconds(command: list[str]) -> float:
    """The wall time of ``command`` in a process of its own, which must succeed."""
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2", help="comma-separated --workers counts")
    parser.add_argument("--runs", type=int, default=3, help="runs of each setting (the median is printed)")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--players", default="heuristic,heuristic")
    args = parser.parse_args(argv)
    match = [*BOWERS, "match", "--players", args.players, "--deals", str(args.deals), "--seed", "1", "--json"]
    settings = [(int(workers), ray) for workers in args.workers.split(",") for ray in (False, True)]
    times: dict[tuple[int, bool], list[float]] = {setting: [] for setting in settings}
    for _ in range(args.runs):
        for workers, ray in settings:
            times[workers, ray].append(wall_seconds([*match, "--workers", str(workers), *(["--ray"] if ray else [])]))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load average {load}; "
          f"Python {platform.python_version()}, Ray {version('ray')}")
    print(f"bowers match --players {args.players} --deals {args.deals} --seed 1 --json, {args.runs} runs each, median wall time:")
    for workers in dict.fromkeys(workers for workers, _ in settings):
        local, on_ray = (statistics.median(times[workers, ray]) for ray in (False, True))
        print(f"  --workers {workers}: {local:.1f} s without --ray, {on_ray:.1f} s with --ray: "
              f"{on_ray - local:.1f} s starting and stopping Ray")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
