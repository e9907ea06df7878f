"""Fixtures for the server tests: an in-process app (Starlette's TestClient) on a temporary database."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*", category=Warning)

from starlette.testclient import TestClient  # noqa: E402

from bowers.server import create_app  # noqa: E402


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def client(database_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database_path, pool="thread", workers=2)) as test_client:
        yield test_client


def new_table(
    client: TestClient, variant: str = "standard", seats: list[Any] | None = None, seed: int | None = None, **options: Any
) -> dict[str, Any]:
    """Open a table (people in every seat unless told) and return the API's answer.

    The API refuses a chosen seed at a table of several people (its opener could know every hand), so such
    a table, whose deals a test needs to know, is opened through the lobby itself, answered in the same form.
    """
    if seats is None:
        players = {"two-hand": 2, "railroad-6": 6}.get(variant, 4)
        seats = [{"kind": "human"} for _ in range(players)]
    if seed is not None and sum(seat.get("kind") == "human" for seat in seats) > 1:
        lobby = client.app.state.bowers.lobby  # type: ignore[attr-defined]
        create = functools.partial(lobby.create, variant, options, seats, seed, allow_seed_among_people=True)
        room, tokens = client.portal.call(create)  # type: ignore[union-attr]
        seat_list = [{"seat": n, "kind": seat.kind, "token": tokens[n]} for n, seat in enumerate(room.table.seats)]
        return {"table": room.id, "seats": seat_list}
    response = client.post("/api/tables", json={"variant": variant, "options": options, "seats": seats, "seed": seed})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def receive_state(websocket: Any, actions: int | None = None) -> dict[str, Any]:
    """Read messages until a state (with ``actions`` actions taken, when given) arrives."""
    while True:
        message: dict[str, Any] = websocket.receive_json()
        if message["type"] == "state" and (actions is None or message["actions"] == actions):
            return message
        assert message["type"] in ("state", "pong"), message
