"""Every table ends: at its caps on hands and actions, when no one watches its bots or comes to it, or at its
opener's word; everyone at it is told why, and its state stays readable."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bowers.server import create_app, serve
from bowers.server.database import Database
from bowers.server.rooms import MAX_ACTIONS, MAX_HANDS, OWNER_ENDED, Lobby, TableBounds, duration_words
from tests.server.conftest import new_table, receive_state

BOTS = [{"kind": "random"}] * 4
ME_AND_BOTS = [{"kind": "human"}] + [{"kind": "random"}] * 3


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def app(database_path: Path, clock: Clock | None = None, **bounds: Any) -> TestClient:
    return TestClient(create_app(database_path, pool="thread", workers=2, bounds=TableBounds(**bounds), clock=clock or time.time))


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.bowers.lobby  # type: ignore[attr-defined]
    return lobby


def join(websocket: Any, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    token = None if seat is None else table["seats"][seat]["token"]
    websocket.send_json({"type": "join", "table": table["table"], "token": token})
    return receive_state(websocket)


def until_ended(websocket: Any) -> dict[str, Any]:
    """Read states until one says the table ended."""
    state = receive_state(websocket)
    while state["ended"] is None:
        assert state["winner"] is None
        state = receive_state(websocket)
    return state


def play_until(websocket: Any, state: dict[str, Any], done: Any) -> dict[str, Any]:
    """Play seat 0's first legal action on each of its turns until ``done(state)``."""
    acted = None
    while not done(state):
        observation = state["observation"]
        if observation["to_act"] == 0 and state["actions"] != acted and state["ended"] is None:
            time.sleep(1 / 7)  # a person's pace: a socket may send 8 messages a second
            websocket.send_json({"type": "act", "action": observation["legal_actions"][0], "expect": state["actions"]})
            acted = state["actions"]
        state = receive_state(websocket)
    return state


def error_of(websocket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = websocket.receive_json()
        if message["type"] == "error":
            return message


def wait_for(condition: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def stored(database_path: Path, table_id: str) -> Any:
    database = Database(database_path)
    try:
        return database.table(table_id)
    finally:
        database.close()


def test_a_table_at_its_cap_on_hands_ends_and_tells_every_seat_and_spectator(database_path: Path) -> None:
    with app(database_path, max_hands=2) as client:
        table = new_table(client, seats=ME_AND_BOTS)
        with client.websocket_connect("/ws") as me, client.websocket_connect("/ws") as watcher:
            state = join(me, table, 0)
            join(watcher, table, None)
            state = play_until(me, state, lambda state: state["ended"] is not None)
            message = "This table has reached its limit of 2 hands and has ended."
            assert state["ended"] == message and state["winner"] is None and len(state["results"]) == 2
            assert until_ended(watcher)["ended"] == message
            assert state["can_undo"] is False and state["can_end"] is False
            me.send_json({"type": "act", "action": "pass"})
            refused = error_of(me)
            assert refused == {"type": "error", "code": "ended", "message": message}
            me.send_json({"type": "hint"})
            assert error_of(me)["code"] == "ended"
        row = stored(database_path, table["table"])
        assert row.end_reason == "hands" and row.ended == message and len(row.actions) == state["actions"]
        record = client.get(f"/api/tables/{table['table']}/record")
        assert record.status_code == 200 and len(record.json()["deals"]) >= 2
        assert client.post(f"/api/replays?table={table['table']}").status_code == 201
        wait_for(lambda: table["table"] not in lobby_of(client).rooms)  # no one is at it: out of memory
    with app(database_path) as client:  # not resumed after a restart, and still readable
        assert table["table"] not in lobby_of(client).rooms
        with client.websocket_connect("/ws") as me:
            assert join(me, table, 0)["ended"] == message


def test_passing_and_redealing_for_ever_ends_at_the_cap_on_hands(database_path: Path) -> None:
    with app(database_path, max_hands=3) as client:
        lobby = lobby_of(client)
        table = new_table(client)  # four people; no stick-the-dealer
        room = lobby.rooms[table["table"]]
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, None)
            for _ in range(3 * 8):
                seat = room.game.to_act
                assert seat is not None and room.ended is None
                client.portal.call(lobby.act, room, seat, "pass")  # type: ignore[union-attr]
            assert [result["misdeal"] for result in room.game.results] == [True] * 3
            assert until_ended(watcher)["ended"] == "This table has reached its limit of 3 hands and has ended."


def test_the_cap_on_actions_counts_undone_actions_too(database_path: Path) -> None:
    def next_state(websocket: Any) -> dict[str, Any]:
        """The next state; a choice that reached the table just after the bots took it to its cap is refused."""
        while True:
            message: dict[str, Any] = websocket.receive_json()
            if message["type"] == "state":
                return message
            assert message["type"] == "error" and message["code"] == "ended", message

    with app(database_path, max_actions=12) as client:
        # The rule player decides alike whatever its seed, so the game goes the same way each time: random bots
        # (their seeds drawn at each run) sometimes take the table to its cap before the first undo.
        table = new_table(client, seats=[{"kind": "human"}] + [{"kind": "heuristic"}] * 3, seed=4)
        with client.websocket_connect("/ws") as me:
            state = join(me, table, 0)
            for _ in range(20):  # act, then take it back: the game never gets longer
                while state["observation"]["to_act"] != 0 and state["ended"] is None:
                    state = next_state(me)
                if state["ended"] is not None:
                    break
                before = state["actions"]
                time.sleep(1 / 7)
                me.send_json({"type": "act", "action": state["observation"]["legal_actions"][0], "expect": before})
                while state["actions"] <= before and state["ended"] is None:
                    state = next_state(me)
                if state["ended"] is not None:
                    break
                time.sleep(1 / 7)
                me.send_json({"type": "undo"})
                while state["actions"] > before and state["ended"] is None:
                    state = next_state(me)
            assert state["ended"] == "This table has reached its limit of 12 moves and has ended."
            assert state["actions"] < 12
        row = stored(database_path, table["table"])
        assert row.taken == 12 and row.end_reason == "actions"


def test_a_table_of_bots_plays_only_while_someone_watches(database_path: Path) -> None:
    with app(database_path) as client:
        lobby = lobby_of(client)
        table = new_table(client, seats=BOTS)
        room = lobby.rooms[table["table"]]
        time.sleep(0.3)
        assert room.action_count == 0 and room.bot_task is None
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, None)
            receive_state(watcher, 20)
        wait_for(lambda: room.bot_task is not None and room.bot_task.done())
        paused = room.action_count
        time.sleep(0.3)
        assert room.action_count == paused and not room.game.is_over
    with app(database_path) as client:  # after a restart it waits for someone to watch again
        room = lobby_of(client).rooms[table["table"]]
        time.sleep(0.3)
        assert room.action_count == paused and room.bot_task is None
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, None)
            receive_state(watcher, paused + 5)


def test_a_watched_table_of_bots_plays_at_the_bot_pace(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", bot_delay=0.15)) as client:
        table = new_table(client, seats=BOTS)
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, None)
            started = time.monotonic()
            receive_state(watcher, 4)
            assert time.monotonic() - started >= 3 * 0.15


def test_a_table_of_bots_no_one_watches_ends_after_a_while(database_path: Path) -> None:
    clock = Clock()
    with app(database_path, clock, unwatched_seconds=600) as client:
        lobby = lobby_of(client)
        table = new_table(client, seats=BOTS)
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, None)
            receive_state(watcher, 3)
            clock.now += 3600  # someone watching keeps it at play however long
            assert client.portal.call(lobby.sweep) == 0  # type: ignore[union-attr]
        wait_for(lambda: lobby.rooms[table["table"]].bot_task is None or lobby.rooms[table["table"]].bot_task.done())  # type: ignore[union-attr]
        clock.now += 599
        assert client.portal.call(lobby.sweep) == 0  # type: ignore[union-attr]
        clock.now += 1
        assert client.portal.call(lobby.sweep) == 1  # type: ignore[union-attr]
        assert table["table"] not in lobby.rooms
        message = "No one watched this table of bots for 10 minutes, so it has ended."
        with client.websocket_connect("/ws") as visitor:
            state = join(visitor, table, None)
            assert state["ended"] == message
            time.sleep(0.3)
            visitor.send_json({"type": "state"})
            assert receive_state(visitor)["actions"] == state["actions"]  # it plays no more
    assert stored(database_path, table["table"]).end_reason == "unwatched"


def test_a_table_no_one_comes_to_is_ended_and_a_returning_player_is_told(database_path: Path) -> None:
    clock = Clock()
    with app(database_path, clock, abandoned_seconds=7 * 86_400) as client:
        lobby = lobby_of(client)
        table = new_table(client, seats=ME_AND_BOTS)
        kept = new_table(client, seats=ME_AND_BOTS)
        with client.websocket_connect("/ws") as me:
            join(me, table, 0)
        clock.now += 7 * 86_400 - 1
        with client.websocket_connect("/ws") as me:
            join(me, kept, 0)
        clock.now += 1
        assert client.portal.call(lobby.sweep) == 1  # type: ignore[union-attr]
        assert table["table"] not in lobby.rooms and kept["table"] in lobby.rooms
        with client.websocket_connect("/ws") as me:
            state = join(me, table, 0)
            assert state["ended"] == "No one came to this table for 7 days, so it has ended."
            me.send_json({"type": "act", "action": "pass"})
            assert error_of(me)["code"] == "ended"
    clock.now += 7 * 86_400
    with app(database_path, clock, abandoned_seconds=7 * 86_400) as client:  # found idle at start-up: ended, not resumed
        assert kept["table"] not in lobby_of(client).rooms
    assert stored(database_path, kept["table"]).end_reason == "abandoned"


def test_the_opener_ends_the_table_and_everyone_at_it_is_told(database_path: Path) -> None:
    with app(database_path) as client:
        table = new_table(client)
        assert table["owner"] == table["seats"][0]["token"]
        url = f"/api/tables/{table['table']}/end"
        with contextlib.ExitStack() as stack:
            opener, friend, watcher = (stack.enter_context(client.websocket_connect("/ws")) for _ in range(3))
            assert join(opener, table, 0)["can_end"] is True
            assert join(friend, table, 1)["can_end"] is False
            assert join(watcher, table, None)["can_end"] is False
            assert client.post(url, json={"token": table["seats"][1]["token"]}).status_code == 403
            assert client.post(url, json={"token": "x" * 32}).status_code == 403
            assert client.post(url, json={}).status_code == 400
            assert client.post(url, json={"token": table["seats"][0]["token"]}).json() == {
                "table": table["table"],
                "ended": OWNER_ENDED,
            }
            for websocket in (opener, friend, watcher):
                assert until_ended(websocket)["ended"] == OWNER_ENDED
        assert client.post(url, json={"token": table["seats"][0]["token"]}).status_code == 200  # again: no harm
        assert client.post("/api/tables/nope/end", json={"token": "x"}).status_code == 404
        assert stored(database_path, table["table"]).end_reason == "owner"


def test_a_table_of_bots_is_ended_with_its_owner_key(client: TestClient) -> None:
    table = new_table(client, seats=BOTS)
    assert table["owner"] and all(seat["token"] is None for seat in table["seats"])
    answer = client.post(f"/api/tables/{table['table']}/end", json={"token": table["owner"]})
    assert answer.status_code == 200 and answer.json()["ended"] == OWNER_ENDED


def test_a_game_already_over_cannot_be_ended(client: TestClient) -> None:
    table = new_table(client, seats=[{"kind": "human"}] + [{"kind": "random"}] * 3, target=1)
    with client.websocket_connect("/ws") as me:
        play_until(me, join(me, table, 0), lambda state: state["winner"] is not None)
    answer = client.post(f"/api/tables/{table['table']}/end", json={"token": table["owner"]})
    assert answer.status_code == 409 and "already over" in answer.json()["error"]


def test_a_database_of_an_earlier_server_gains_the_new_columns(database_path: Path) -> None:
    old = sqlite3.connect(database_path)
    old.executescript(
        """
        CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, variant TEXT NOT NULL, options TEXT NOT NULL,
            seed INTEGER NOT NULL, bot_seed INTEGER NOT NULL, seats TEXT NOT NULL, tokens TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), number INTEGER NOT NULL,
            seat INTEGER NOT NULL, action TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, number));
        INSERT INTO tables VALUES ('people', 100.0, 'standard', '{}', 3, 3,
            '[{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}]', '["key", null, null, null]', 0);
        INSERT INTO tables VALUES ('bots', 100.0, 'standard', '{}', 3, 3, '[]', '[null, null, null, null]', 0);
        INSERT INTO actions VALUES ('people', 0, 1, 'pass', 150.0);
        INSERT INTO actions VALUES ('people', 1, 2, 'pass', 160.0);
        """
    )
    old.commit()
    old.close()
    people, bots = stored(database_path, "people"), stored(database_path, "bots")
    assert (people.seen, people.taken, people.owner, people.ended) == (160.0, 2, "key", None)
    assert (bots.seen, bots.taken, bots.owner) == (100.0, 0, None)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(600, "10 minutes"), (7 * 86_400, "7 days"), (3_600, "1 hour"), (30, "30 seconds"), (90, "1.5 minutes")],
)
def test_spans_of_time_read_as_a_player_says_them(seconds: float, words: str) -> None:
    assert duration_words(seconds) == words


def test_serve_passes_its_time_limits_to_the_card_room(database_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: served.append(app))
    serve(db_path=database_path, unwatched_minutes=2, abandoned_days=0.5)
    bounds = served[0].state.bowers.bounds
    assert (bounds.unwatched_seconds, bounds.abandoned_seconds) == (120, 43_200)
    assert (bounds.max_hands, bounds.max_actions) == (MAX_HANDS, MAX_ACTIONS)
