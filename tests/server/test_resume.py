"""Tables live in the database: a restarted server resumes each one exactly, bots included."""

from __future__ import annotations

import os
import random
import signal
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import bowers
from bowers.server import create_app
from bowers.server import rooms as rooms_module
from bowers.server.database import Database, StoredTable, default_path
from tests.server.conftest import new_table, receive_state


def test_a_restarted_server_resumes_every_seat_exactly(database_path: Path) -> None:
    rng = random.Random(4)
    with TestClient(create_app(database_path, pool="thread")) as client:
        table = new_table(client, "railroad", seed=9)
        tokens = [seat["token"] for seat in table["seats"]]
        with client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "join", "table": table["table"], "token": tokens[0]})
            receive_state(websocket)
        room = client.app.state.bowers.lobby.rooms[table["table"]]  # type: ignore[attr-defined]
        for _ in range(37):
            seat = room.game.to_act
            with client.websocket_connect("/ws") as websocket:
                websocket.send_json({"type": "join", "table": table["table"], "token": tokens[seat]})
                state = receive_state(websocket)
                websocket.send_json({"type": "act", "action": rng.choice(state["observation"]["legal_actions"])})
                receive_state(websocket, state["actions"] + 1)
        before_record = room.game.record()
        before = [room.game.observation(seat) for seat in range(4)]
    with TestClient(create_app(database_path, pool="thread")) as client:
        room = client.app.state.bowers.lobby.rooms[table["table"]]  # type: ignore[attr-defined]
        assert room.game.record() == before_record
        for seat, token in enumerate(tokens):
            with client.websocket_connect("/ws") as websocket:
                websocket.send_json({"type": "join", "table": table["table"], "token": token})
                state = receive_state(websocket)
                assert state["actions"] == 37 and state["observation"] == before[seat]


def test_bots_in_a_process_pool_play_a_whole_game(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="process", workers=2)) as client:
        table = new_table(client, seats=[{"kind": "random"}] * 4, target=3)
        with client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "join", "table": table["table"], "token": None})
            state = receive_state(websocket)
            while state["winner"] is None:
                state = receive_state(websocket)
    stored = Database(database_path).table(table["table"])
    assert stored is not None and stored.finished and len(stored.actions) == state["actions"]


def test_the_default_database_follows_bowers_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOWERS_DATA_DIR", str(tmp_path))
    assert default_path() == tmp_path / "server.sqlite3"
    monkeypatch.delenv("BOWERS_DATA_DIR")
    assert default_path().name == "server.sqlite3" and "bowers" in str(default_path())


def test_a_dead_bot_worker_is_replaced_and_the_table_goes_on(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="process", workers=1)) as client:
        lobby = client.app.state.bowers.lobby  # type: ignore[attr-defined]
        table = new_table(client, seats=[{"kind": "human"}] + [{"kind": "random"}] * 3, seed=3)
        with client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]})
            state = receive_state(websocket)
            while state["observation"]["to_act"] != 0:
                state = receive_state(websocket)
            for pid in lobby.pool.pids():
                os.kill(pid, signal.SIGKILL)
            websocket.send_json({"type": "act", "action": state["observation"]["legal_actions"][0]})
            later = receive_state(websocket, state["actions"] + 1)
            while later["observation"]["to_act"] != 0 and later["winner"] is None:
                later = receive_state(websocket)
            assert later["actions"] > state["actions"] + 1


def test_a_finished_table_leaves_memory_and_opens_again_from_the_database(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread")) as client:
        lobby = client.app.state.bowers.lobby  # type: ignore[attr-defined]
        table = new_table(client, seats=[{"kind": "random"}] * 4, target=2)
        with client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "join", "table": table["table"], "token": None})
            state = receive_state(websocket)
            while state["winner"] is None:
                state = receive_state(websocket)
        assert table["table"] not in lobby.rooms
        record = client.get(f"/api/tables/{table['table']}/record").json()
        assert sum(len(deal["actions"]) for deal in record["deals"]) == state["actions"]
        # Joined again, it is rebuilt from the database off the event loop (a long game takes a while to replay).
        threads: list[str] = []
        replay = rooms_module.stored_game

        def recording(stored: StoredTable) -> bowers.Game:
            threads.append(threading.current_thread().name)
            return replay(stored)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(rooms_module, "stored_game", recording)
            loop_thread = client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
            with client.websocket_connect("/ws") as websocket:
                websocket.send_json({"type": "join", "table": table["table"], "token": None})
                assert receive_state(websocket)["actions"] == state["actions"]
        assert threads and loop_thread not in threads


def test_a_stored_table_whose_bots_carry_the_games_options_resumes_without_them(database_path: Path) -> None:
    """Bots read the game's rules from the observation: an ``options`` setting stored by older servers is dropped."""
    options = {"stick_the_dealer": True, "target": 5}
    database = Database(database_path)
    seats = [
        {"kind": "human", "settings": {}, "name": None},
        {"kind": "heuristic", "settings": {"options": options}, "name": None},
        {"kind": "pimc", "settings": {"level": 1, "options": options}, "name": None},
        {"kind": "random", "settings": {"options": options}, "name": None},
    ]
    database.add_table("stored", "standard", options, 7, 7, seats, ["token", None, None, None])
    database.close()
    with TestClient(create_app(database_path, pool="thread", workers=1)) as client:
        room = client.app.state.bowers.lobby.rooms["stored"]  # type: ignore[attr-defined]
        assert [dict(seat.settings) for seat in room.table.seats] == [{}, {}, {"level": 1}, {}]
        with client.websocket_connect("/ws") as websocket:
            websocket.send_json({"type": "join", "table": "stored", "token": "token"})
            state = receive_state(websocket)
            assert state["options"]["stick_the_dealer"] is True
            assert [seat["settings"] for seat in state["seats"]] == [{}, {}, {"level": 1}, {}]
            while state["actions"] < 12:  # the bots play on: you play your first legal action each turn
                if state["observation"]["to_act"] == 0:
                    websocket.send_json({"type": "act", "action": state["observation"]["legal_actions"][0]})
                state = receive_state(websocket)
