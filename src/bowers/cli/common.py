"""What every ``bowers`` command shares: one-line errors, reading files, option pairs and a hand in words.

Every bad input (unknown variant, bad option, missing or malformed file)
ends with a one-line ``Error: ...`` message and a non-zero exit status,
never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console

from bowers.errors import BowersError, quoted
from bowers.variants import AUCTION, Rules, make_rules

T = TypeVar("T")

# A last guard: what code expecting the documented structure could raise on a malformed file.  The
# readers refuse malformed files with ``RecordError`` first; this keeps any gap to one line too.
_MALFORMED = (KeyError, IndexError, TypeError, AttributeError, OverflowError, RecursionError, ValueError)


def fail(message: str) -> NoReturn:
    """Stop with a one-line error message and exit status 1."""
    raise click.ClickException(message)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bowers' input errors (unknown variant, bad option) into one-line command-line errors."""
    try:
        yield
    except BowersError as error:
        fail(str(error))


def make_console(stderr: bool = False) -> Console:
    """A rich console for stdout (or stderr), created per command so it sees the current streams."""
    return Console(stderr=stderr, highlight=False)


def show(value: Any) -> str:
    """An option value as it is typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``NAME=VALUE`` strings as a dict; names may use ``-`` for ``_``."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(f"--option expects NAME=VALUE, such as stick_the_dealer=true; got {pair!r}")
        options[name.strip().lower().replace("-", "_")] = value.strip()
    return options


def checked_rules(name: str, options: Mapping[str, Any]) -> Rules:
    """The rules of a variant with its options, or a one-line error naming what is allowed."""
    with user_errors():
        return make_rules(name, **options)


def from_file(path: str, what: str, call: Callable[[], T]) -> T:
    """The result of ``call`` (which reads or converts the file ``path``), or a one-line error about that file."""
    try:
        return call()
    except BowersError as error:
        message = str(error)
        fail(message if message.startswith(path) else f"{path}: {message}")
    except json.JSONDecodeError as error:
        fail(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    except UnicodeDecodeError:
        fail(f"{path}: not a text file")
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except IsADirectoryError:
        fail(f"{path}: is a directory, not a file")
    except OSError as error:
        fail(f"{path}: cannot be read ({error.strerror or error})")
    except _MALFORMED as error:
        fail(f"{path}: not a valid {what} ({type(error).__name__}: {quoted(str(error))})")


def read_json(path: str) -> Any:
    """The JSON value in a file (UTF-8, a byte-order mark allowed), or a one-line error saying why it cannot be read."""
    from bowers.game import read_json

    return from_file(path, "JSON file", lambda: read_json(path))


def write_output(text: str, out: str | None) -> None:
    """Write ``text`` to the file ``out``, or to stdout when ``out`` is None."""
    if not text.endswith("\n"):
        text += "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        Path(out).write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"{out}: cannot be written ({error.strerror or error})")


def team_name(rules: Rules, team: int) -> str:
    """A team in words: ``team 0 (seats 0, 2)``, or ``seat 1`` when a player is a side alone."""
    seats = [seat for seat in range(rules.players) if rules.team_of(seat) == team]
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"team {team} (seats {', '.join(str(s) for s in seats)})"


def dash(numbers: Sequence[int]) -> str:
    """Numbers joined by dashes, such as a score ``7-10``."""
    return "-".join(str(n) for n in numbers)


def hand_line(index: int, result: Mapping[str, Any], rules: Rules, score: Sequence[int]) -> str:
    """One hand's result in one line: what was made by whom, tricks per team, points and the score after it."""
    head = f"deal {index} (dealer {result['dealer']}): "
    if result.get("misdeal"):
        return head + f"misdeal, no points, score {dash(score)}"
    parts: list[str] = []
    maker = result.get("maker")
    if maker is not None:
        trump = result.get("trump")
        if result.get("contract"):
            made = f"contract {result['contract']} by seat {maker}"
        elif trump == "NT":
            made = f"no-trump by seat {maker}"
        else:
            made = f"trump {trump} by seat {maker}"
        if result.get("jambone"):
            made += ", Jambone"
        elif result.get("alone"):
            made += " alone"
        parts.append(made)
    if result.get("lone_defender") is not None:
        parts.append(f"seat {result['lone_defender']} defended alone")
    tricks = [0] * rules.teams
    for seat, taken in enumerate(result.get("tricks") or ()):
        tricks[rules.team_of(seat)] += taken
    parts.append(f"tricks {dash(tricks)}")
    if result.get("twos_threes"):
        parts.append("twos and threes by seat " + ", ".join(str(s) for s in result["twos_threes"]))
    if result.get("jamboree"):
        parts.append("Jamboree by seat " + ", ".join(str(s) for s in result["jamboree"]))
    if result.get("renege"):
        parts.append("renege claimed")
    elif result.get("made") is True:
        parts.append("made")
    elif result.get("made") is False:
        parts.append("defeated" if rules.bidding == AUCTION else "euchred")
    parts.append(f"points {dash(result.get('points') or ())}")
    parts.append(f"score {dash(score)}")
    return head + ", ".join(parts)
