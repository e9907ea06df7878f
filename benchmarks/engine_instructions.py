"""Machine instructions per hand of random play, for bowers and OpenSpiel: a figure that other work cannot disturb.

``benchmarks/engine.py`` times the engines in CPU seconds, and on a machine
shared with other work its ratios move from run to run.  This script counts
instructions instead, with valgrind's ``callgrind`` tool: it runs each
measure of ``engine.py`` (the same driver loops, the same seeds) twice under
callgrind, with ``--hands`` and with ``--hands`` plus ``--extra`` hands, and
divides the difference by ``--extra``, so that starting Python and importing
the engines cancel out.  Instructions are not time (memory stalls and the
processor's parallelism differ between engines), but the counts are exactly
reproducible, and their ratio shows where an engine stands without the noise.

Usage: ``python benchmarks/engine_instructions.py [--hands 500] [--extra 2000]``
(needs ``valgrind`` on the path and ``pip install -e '.[bench]'``; takes a
minute or two).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

ENGINE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine.py")
MEASURES = ("bowers id", "bowers step", "bowers str", "openspiel")


def instructions(measure: str, hands: int, environment: dict[str, str]) -> int:
    """Instructions executed by one run of ``engine.py --measure`` for ``hands`` hands, start-up included."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        ENGINE_SCRIPT,
        "--measure",
        measure,
        "--hands",
        str(hands),
    ]
    output = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : ([\d,]+)", output.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no instruction count for {measure!r}:\n{output.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_hand(measure: str, hands: int, extra: int, pure: bool = False) -> float:
    """Instructions per hand of one measure: the difference of two runs, divided by the extra hands."""
    environment = {**os.environ, "BOWERS_PURE": "1"} if pure else dict(os.environ)
    return (instructions(measure, hands + extra, environment) - instructions(measure, hands, environment)) / extra


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="hands of the shorter run (default 500)")
    parser.add_argument("--extra", type=int, default=2000, help="extra hands of the longer run (default 2000)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.extra < 1:
        parser.error("--hands and --extra must be at least 1")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: this benchmark counts instructions with valgrind's callgrind tool")
    counts = {measure: per_hand(measure, args.hands, args.extra) for measure in MEASURES}
    counts["pure id"] = per_hand("bowers id", args.hands, args.extra, pure=True)
    print(f"instructions per hand of random standard play ({args.extra} hands counted, start-up cancelled):")
    for name, count in counts.items():
        print(f"{name:>12}: {count:>10,.0f}")
    base = counts["openspiel"]
    print(
        f"ratio OpenSpiel/bowers (fewer instructions is better): integer path {base / counts['bowers id']:.2f}, "
        f"by step_id {base / counts['bowers step']:.2f}, "
        f"string API {base / counts['bowers str']:.2f}, pure integer path {base / counts['pure id']:.2f}"
    )


if __name__ == "__main__":
    main()
