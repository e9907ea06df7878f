"""How the person runs ``bowers``, for the messages that say what to type next."""

from __future__ import annotations

import os
import shlex
import shutil
import sys


def command_name() -> str:
    """``bowers`` as the person can type it again: the plain name where that runs this program, else its full path.

    A quick start that leaves ``bowers`` in ``.venv/bin`` without putting it on PATH gets ``/…/.venv/bin/bowers``
    in every message that says what to run next, so the command shown always runs.
    """
    program = sys.argv[0] if sys.argv else ""
    if os.path.basename(program) != "bowers":
        return "bowers"  # not run as the console script (a test, or a program that embeds the commands)
    found = shutil.which("bowers")
    try:
        if found is not None and os.path.samefile(found, program):
            return "bowers"
    except OSError:
        pass
    return shlex.quote(os.path.abspath(program))


__all__ = ["command_name"]
