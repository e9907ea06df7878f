"""The user's data directory and atomic saves of game records, shared by every front end.

Games live as JSON records in ``<data dir>/games/``.  The data directory is
the platform's convention for user data (through ``platformdirs``) unless the
environment variable ``BOWERS_DATA_DIR`` names another.  Every save writes a
temporary file in the same folder, flushes it to disk and renames it over the
old one, so a killed process leaves either the previous save or the new one,
never a half-written file.  A file that cannot be read is reported as such and
never written over.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

DATA_DIR_VARIABLE = "BOWERS_DATA_DIR"
GAMES_FOLDER = "games"


def data_dir() -> Path:
    """The folder bowers keeps the user's data in: ``$BOWERS_DATA_DIR`` or the platform's user data folder."""
    chosen = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    return Path(chosen).expanduser() if chosen else Path(user_data_dir("bowers", appauthor=False))


def games_dir() -> Path:
    """The folder of saved games (not created here)."""
    return data_dir() / GAMES_FOLDER


def new_game_path(variant: str, now: datetime | None = None) -> Path:
    """A fresh file name for a new game: its start time, variant and a random suffix, so names never collide."""
    moment = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    return games_dir() / f"{moment}-{variant}-{secrets.token_hex(3)}.json"


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: a temporary file in the same folder, fsync, then ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entry list so a rename survives a crash (where the platform allows it)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def save_record(path: Path, record: Mapping[str, Any]) -> None:
    """Write a game record to ``path`` atomically, as indented JSON."""
    atomic_write_text(path, json.dumps(record, indent=1) + "\n")


@dataclass(frozen=True)
class SavedGame:
    """One file in the games folder: its record, or why it could not be read."""

    path: Path
    record: dict[str, Any] | None
    error: str | None = None

    @property
    def modified(self) -> datetime:
        """When the file was last written (local time)."""
        try:
            return datetime.fromtimestamp(self.path.stat().st_mtime).astimezone()
        except OSError:
            return datetime.fromtimestamp(0).astimezone()

    @property
    def finished(self) -> bool:
        """True when the record's game has reached its target (only for a readable record)."""
        if self.record is None:
            return False
        target = (self.record.get("options") or {}).get("target")
        scores = self.record.get("scores")
        if not isinstance(target, int) or not isinstance(scores, list):
            return False
        return any(isinstance(score, int) and score >= target for score in scores)


def load_record(path: Path) -> SavedGame:
    """Read one saved game; a missing, unreadable or malformed file comes back with ``error`` set, never raising."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return SavedGame(path, None, "not a text file")
    except OSError as error:
        return SavedGame(path, None, f"cannot be read ({error.strerror or error})")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        return SavedGame(path, None, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    if not isinstance(record, dict) or not isinstance(record.get("variant"), str) or not isinstance(record.get("deals"), list):
        return SavedGame(path, None, "not a game record (no variant or deals)")
    problem = _malformed_part(record)
    if problem is not None:
        return SavedGame(path, None, f"not a game record ({problem})")
    return SavedGame(path, record)


def _malformed_part(record: Mapping[str, Any]) -> str | None:
    """What is wrong with the parts of a record that listings read without replaying it, or None when they are sound."""
    scores = record.get("scores")
    if scores is not None and (
        not isinstance(scores, list) or not all(isinstance(score, int) and not isinstance(score, bool) for score in scores)
    ):
        return "its scores are not a list of whole numbers"
    for part in ("options", "metadata"):
        if record.get(part) is not None and not isinstance(record[part], dict):
            return f"its {part} are not an object"
    table = (record.get("metadata") or {}).get("table")
    if table is not None and (not isinstance(table, dict) or not isinstance(table.get("seats", []), list)):
        return "its table seats are not a list"
    return None


def saved_games() -> list[SavedGame]:
    """Every ``*.json`` file in the games folder, newest first; unreadable ones included with their error."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    games = [load_record(path) for path in folder.glob("*.json") if path.is_file()]
    return sorted(games, key=lambda game: (game.modified, game.path.name), reverse=True)


__all__ = [
    "DATA_DIR_VARIABLE",
    "SavedGame",
    "atomic_write_text",
    "data_dir",
    "games_dir",
    "load_record",
    "new_game_path",
    "save_record",
    "saved_games",
]
