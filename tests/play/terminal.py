"""Driving ``bowers play`` in a real pseudo-terminal, as a person would, with pexpect."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect

BOWERS = str(Path(sys.executable).with_name("bowers"))
ESCAPE = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])")
CHOICE_PROMPT = "Your choice>"
NEXT_HAND_PROMPT = "Press Enter for the next hand>"
GAME_OVER_PROMPT = "Game over: press Enter to leave>"
ROWS, COLUMNS = 24, 80


def plain(text: str) -> str:
    """Terminal output without its escape sequences."""
    return ESCAPE.sub("", text).replace("\r", "")


def environment(data_dir: Path, colour: bool = False, fixed_size: bool = True) -> dict[str, str]:
    """The environment of a test session: its own data folder, a fixed terminal, no colour unless asked.

    With ``fixed_size`` off the size is not in the environment, so the program follows the terminal's own (resizing).
    """
    env = dict(os.environ)
    env.update({"BOWERS_DATA_DIR": str(data_dir), "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)})
    if not fixed_size:
        env.pop("COLUMNS")
        env.pop("LINES")
    env.update({"PROMPT_TOOLKIT_NO_CPR": "1", "PAGER": "cat"})
    env.pop("NO_COLOR", None)
    if not colour:
        env["NO_COLOR"] = "1"
    return env


class Session:
    """One ``bowers play`` process in a pseudo-terminal of 80x24 (``env`` adds to or replaces its environment)."""

    def __init__(
        self,
        arguments: Sequence[str],
        data_dir: Path,
        colour: bool = False,
        timeout: float = 20,
        fixed_size: bool = True,
        env: dict[str, str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.child = pexpect.spawn(
            BOWERS,
            ["play", *arguments],
            env={**environment(data_dir, colour, fixed_size), **(env or {})},
            dimensions=(ROWS, COLUMNS),
            encoding="utf-8",
            timeout=timeout,
        )
        self.child.delaybeforesend = 0.005
        self.raw = io.StringIO()  # everything the program wrote, escape sequences included
        self.child.logfile_read = self.raw
        self.screen = ""

    def wait(self) -> str:
        """Wait for the next prompt; returns which (``choice``, ``next``, ``over`` or ``end``) and keeps the screen before it."""
        prompts = [CHOICE_PROMPT, NEXT_HAND_PROMPT, GAME_OVER_PROMPT]
        # What each fresh screen shows above its prompt (prompt_toolkit also redraws the answered prompt line).
        drawn = [("Choices: ", "Waiting"), ("is over",), ("Final score",)]
        seen = ""
        while True:
            index = self.child.expect([*prompts, pexpect.EOF])
            seen += plain(self.child.before or "")
            if index == len(prompts) or any(mark in seen for mark in drawn[index]):
                self.screen = seen
                return ("choice", "next", "over", "end")[index]
            seen += prompts[index]

    def send(self, line: str) -> None:
        """Type a line and press Enter."""
        self.child.sendline(line)

    def choices(self) -> str:
        """The last ``Choices:`` line on the screen."""
        lines = [line for line in self.screen.splitlines() if line.startswith("Choices: ")]
        assert lines, f"no choices on the screen:\n{self.screen}"
        return lines[-1][len("Choices: ") :]

    def first_choice(self) -> str:
        """What to type for the first legal choice shown."""
        group = self.choices().split("  ·  ")[0].strip()
        example = re.search(r"such as: (.+)$", group)
        if example:
            return example.group(1)
        numbered = re.search(r"(?:^|\s)(\d+):", group)
        if numbered:
            return numbered.group(1)
        tokens = group.split()
        return tokens[0] if len(tokens) == 1 else f"{tokens[0]} {tokens[1]}"

    def play_until(self, decisions: int | None = None, leave: bool = True) -> str:
        """Make the first legal choice at every prompt (Enter between hands) until the game ends or ``decisions`` are made.

        At the end of the game Enter leaves (``end``, the screen kept is the game's end), unless ``leave`` is off (``over``).
        """
        made = 0
        while True:
            state = self.wait()
            if state == "over":
                if not leave:
                    return state
                over = self.screen
                self.send("")
                self.child.expect(pexpect.EOF)
                self.screen = over
                return "end"
            if state == "end":
                return state
            if state == "next":
                self.send("")
                continue
            if decisions is not None and made >= decisions:
                return state
            self.send(self.first_choice())
            made += 1

    def close(self) -> None:
        """End the process if it still runs."""
        if self.child.isalive():
            self.child.terminate(force=True)


def saved_records(data_dir: Path) -> list[tuple[Path, Any]]:
    """Every saved game in a data folder with its parsed record (None when it does not parse)."""
    found = []
    for path in sorted((data_dir / "games").glob("*.json")):
        try:
            found.append((path, json.loads(path.read_text(encoding="utf-8"))))
        except ValueError:
            found.append((path, None))
    return found


def action_count(record: Any) -> int:
    """How many actions a record holds, over all its deals."""
    return sum(len(deal["actions"]) for deal in record["deals"])
