"""The server's embedded SQLite database: one row per table, one row per action.

Every action is committed here before anyone hears of it, so a table killed at
any moment resumes exactly: its game is rebuilt from the variant, options and
seed in its row and the actions in order.  WAL mode keeps a commit cheap and
durable against the server process dying.  A table's row also says when a
socket was last at it, how many actions it has taken (undone ones included),
its opener's key, each seat's claim (the secret of the browser that took the seat with its invite link), and
why it ended, if it was ended before its game was over.
Uploaded replays are kept here too, compressed, under their quota.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    bot_seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    tokens TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    seen REAL,
    taken INTEGER NOT NULL DEFAULT 0,
    owner TEXT,
    end_reason TEXT,
    ended TEXT,
    claims TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS replays (
    id TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    created REAL NOT NULL,
    size INTEGER NOT NULL,
    record BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS replays_by_address ON replays (address, created);
CREATE INDEX IF NOT EXISTS replays_by_age ON replays (created);
"""
# Columns added since the first release, with how a row stored before them gets its value: when a socket was last
# at it (its last action's time, or its creation's), its actions so far, and its opener's key (its first seat's
# token, that seat being the page's "Me"), and each seat's claim (none: every invite link opens its seat until a
# browser claims it).
ADDED_COLUMNS = {
    "seen": ("REAL", "UPDATE tables SET seen = COALESCE((SELECT MAX(created) FROM actions WHERE table_id = id), created)"),
    "taken": ("INTEGER NOT NULL DEFAULT 0", "UPDATE tables SET taken = (SELECT COUNT(*) FROM actions WHERE table_id = id)"),
    "owner": ("TEXT", "UPDATE tables SET owner = json_extract(tokens, '$[0]')"),
    "end_reason": ("TEXT", None),
    "ended": ("TEXT", None),
    "claims": ("TEXT", None),
}
COLUMNS = "id, variant, options, seed, bot_seed, seats, tokens, finished, seen, taken, owner, end_reason, ended, claims"


def default_path() -> Path:
    """Where the database lives unless ``--db`` says otherwise: ``$BOWERS_DATA_DIR`` or the user's data directory."""
    base = os.environ.get("BOWERS_DATA_DIR")
    directory = Path(base) if base else Path(platformdirs.user_data_dir("bowers", appauthor=False))
    return directory / "server.sqlite3"


@dataclass
class StoredTable:
    """A table's row and its actions, as read back to resume it."""

    id: str
    variant: str
    options: dict[str, Any]
    seed: int
    bot_seed: int
    seats: list[dict[str, Any]]
    tokens: list[str | None]
    finished: bool
    actions: list[tuple[int, str]]
    seen: float  # when a socket was last at the table (or it was created), in seconds since the epoch
    taken: int  # actions taken, undone ones included
    owner: str | None  # the key that lets its opener end it
    end_reason: str | None  # why it ended before its game was over (``hands``, ``actions``, ``owner``, ...)
    ended: str | None  # the same, in the words its players are told
    claims: list[str | None]  # each seat's claim: the secret of the browser that took it with its invite link


class DatabaseUnusable(Exception):
    """The database file cannot serve: it is not an SQLite database, or it cannot be written."""


class Database:
    """A connection to the server's SQLite file with the few statements the server needs."""

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database and check that it can be written; ``DatabaseUnusable`` says why not."""
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as problem:
            raise DatabaseUnusable(f"cannot open the database {self.path}: {problem}") from None
        try:
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=NORMAL")
            self._connection.execute("PRAGMA foreign_keys=ON")
            self._connection.executescript(SCHEMA)
            self._add_columns()
            version = int(self._connection.execute("PRAGMA user_version").fetchone()[0])
            self._connection.execute(f"PRAGMA user_version = {version}")  # a write: a read-only file fails here, not later
        except sqlite3.Error as problem:
            self._connection.close()
            raise DatabaseUnusable(f"cannot use the database {self.path}: {problem}") from None

    def _add_columns(self) -> None:
        """Bring a database written by an earlier server up to the current columns, filling them in for its rows."""
        present = {row[1] for row in self._connection.execute("PRAGMA table_info(tables)")}
        with self._connection:
            for name, (kind, fill) in ADDED_COLUMNS.items():
                if name not in present:
                    self._connection.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
                    if fill is not None:
                        self._connection.execute(fill)

    def close(self) -> None:
        """Close the connection (committed work is already on disk)."""
        self._connection.close()

    def add_table(
        self,
        table_id: str,
        variant: str,
        options: dict[str, Any],
        seed: int,
        bot_seed: int,
        seats: list[dict[str, Any]],
        tokens: list[str | None],
        owner: str | None = None,
        now: float | None = None,
    ) -> None:
        """Store a new table's row (``owner`` is its opener's key, ``now`` its creation's time)."""
        created = time.time() if now is None else now
        with self._connection:
            self._connection.execute(
                "INSERT INTO tables (id, created, variant, options, seed, bot_seed, seats, tokens, seen, owner)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    *(table_id, created, variant, json.dumps(options), seed, bot_seed),
                    *(json.dumps(seats), json.dumps(tokens), created, owner),
                ),
            )

    def add_action(self, table_id: str, number: int, seat: int, action: str, finished: bool) -> None:
        """Commit action ``number`` of a table (and whether it ended the game) in one transaction."""
        with self._connection:
            self._connection.execute(
                "INSERT INTO actions (table_id, number, seat, action, created) VALUES (?, ?, ?, ?, ?)",
                (table_id, number, seat, action, time.time()),
            )
            self._connection.execute("UPDATE tables SET taken = taken + 1 WHERE id = ?", (table_id,))
            if finished:
                self._connection.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    def truncate(self, table_id: str, length: int) -> None:
        """Forget a table's actions from number ``length`` on (an undo)."""
        with self._connection:
            self._connection.execute("DELETE FROM actions WHERE table_id = ? AND number >= ?", (table_id, length))
            self._connection.execute("UPDATE tables SET finished = 0 WHERE id = ?", (table_id,))

    def see(self, table_id: str, when: float) -> None:
        """Note that a socket was at a table at time ``when``."""
        with self._connection:
            self._connection.execute("UPDATE tables SET seen = ? WHERE id = ?", (when, table_id))

    def end(self, table_id: str, reason: str, message: str) -> None:
        """Mark a table ended before its game was over: it is no longer played nor resumed, and stays readable."""
        with self._connection:
            self._connection.execute("UPDATE tables SET end_reason = ?, ended = ? WHERE id = ?", (reason, message, table_id))

    def set_claims(self, table_id: str, claims: list[str | None]) -> None:
        """Store each seat's claim (None: the seat's invite link opens it)."""
        with self._connection:
            self._connection.execute("UPDATE tables SET claims = ? WHERE id = ?", (json.dumps(claims), table_id))

    def add_replay(
        self, replay_id: str, address: str, packed: bytes, per_address: int, address_bytes: int, total_bytes: int, oldest: float
    ) -> None:
        """Keep an uploaded replay (``packed``, compressed) for ``address``: then its own oldest go while it keeps
        more than ``per_address`` or ``address_bytes``, anyone's oldest while all keep more than ``total_bytes``,
        and every one stored before ``oldest``."""
        with self._connection:
            execute = self._connection.execute
            execute(
                "INSERT INTO replays (id, address, created, size, record) VALUES (?, ?, ?, ?, ?)",
                (replay_id, address, time.time(), len(packed), packed),
            )
            execute("DELETE FROM replays WHERE created < ?", (oldest,))
            kept = execute("SELECT id, size FROM replays WHERE address = ? ORDER BY created DESC, rowid DESC", (address,))
            self._drop(kept.fetchall(), per_address, address_bytes)
            everyone = execute("SELECT id, size FROM replays ORDER BY created DESC, rowid DESC")
            self._drop(everyone.fetchall(), None, total_bytes)

    def _drop(self, newest_first: list[tuple[str, int]], count: int | None, size: int) -> None:
        """Delete the replays past the first ``count`` (None: any number) or past ``size`` bytes in all."""
        total = 0
        for number, (replay_id, bytes_) in enumerate(newest_first):
            total += bytes_
            if (count is not None and number >= count) or (number and total > size):
                self._connection.execute("DELETE FROM replays WHERE id = ?", (replay_id,))

    def replay(self, replay_id: str) -> bytes | None:
        """A kept replay's packed record, or None."""
        row = self._connection.execute("SELECT record FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return None if row is None else bytes(row[0])

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table with its actions, or None."""
        row = self._connection.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else self._stored(row)

    def unfinished(self) -> Iterator[StoredTable]:
        """Every table whose game is not over and that was not ended, to resume at start-up."""
        rows = self._connection.execute(
            f"SELECT {COLUMNS} FROM tables WHERE finished = 0 AND ended IS NULL ORDER BY created"
        ).fetchall()
        for row in rows:
            yield self._stored(row)

    def _stored(self, row: tuple[Any, ...]) -> StoredTable:
        actions = self._connection.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY number", (row[0],)
        ).fetchall()
        return StoredTable(
            id=row[0],
            variant=row[1],
            options=json.loads(row[2]),
            seed=row[3],
            bot_seed=row[4],
            seats=json.loads(row[5]),
            tokens=json.loads(row[6]),
            finished=bool(row[7]),
            actions=[(seat, action) for seat, action in actions],
            seen=row[8],
            taken=row[9],
            owner=row[10],
            end_reason=row[11],
            ended=row[12],
            claims=json.loads(row[13]) if row[13] else [None] * len(json.loads(row[6])),
        )
