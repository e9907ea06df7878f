"""One hostile visitor against everyone else: its sockets, joins, hints and bots are capped per address, a socket
that says nothing is closed, a slow reader holds up no one, and the worker pool leaves workers to other visitors."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bowers.server import create_app
from bowers.server.pool import WorkerPool
from bowers.server.rooms import OUTBOX, Connection
from tests.server.conftest import new_table, receive_state

BOTS = [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}]


def join(socket: Any, table: str, token: str | None = None) -> dict[str, Any]:
    socket.send_json({"type": "join", "table": table, "token": token})
    return receive_state(socket)


def next_message(socket: Any) -> dict[str, Any]:
    """The next message other than a state (a ping's pong shows that nothing else came before it)."""
    socket.send_json({"type": "ping"})
    message: dict[str, Any] = socket.receive_json()
    return message


# ---------------------------------------------------------------------- sockets


def test_an_address_holds_a_bounded_number_of_sockets(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", max_sockets=2)) as client:
        with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
            with client.websocket_connect("/ws") as third:
                refused = third.receive_json()
                assert refused["code"] == "too-many-sockets" and "at most 2 connections" in refused["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 1008
            assert next_message(first) == next_message(second) == {"type": "pong"}
        with client.websocket_connect("/ws") as again:  # a closed socket frees its place
            assert next_message(again) == {"type": "pong"}


def test_a_socket_with_no_message_either_way_is_closed(database_path: Path) -> None:
    app = create_app(database_path, pool="thread", idle_seconds=0.5)
    with TestClient(app) as client, client.websocket_connect("/ws") as talking, client.websocket_connect("/ws") as silent:
        started = time.monotonic()
        for _ in range(4):
            time.sleep(0.25)
            assert next_message(talking) == {"type": "pong"}
        idle = silent.receive_json()
        assert idle["code"] == "idle" and "with no message either way" in idle["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            silent.receive_json()
        assert closed.value.code == 4008 and time.monotonic() - started < 5


def test_a_socket_that_does_not_read_is_closed_and_holds_up_no_one() -> None:
    async def scenario() -> tuple[list[str], list[tuple[int, str]]]:
        written: list[str] = []
        closed: list[tuple[int, str]] = []
        stuck = asyncio.Event()

        async def never(text: str) -> None:
            await stuck.wait()

        async def shut(code: int, reason: str) -> None:
            closed.append((code, reason))

        slow = Connection(write=never, shut=shut)
        quick = Connection(write=lambda text: asyncio.sleep(0, written.append(text)), shut=shut)
        writers = [asyncio.create_task(slow.pump()), asyncio.create_task(quick.pump())]
        for number in range(OUTBOX + 2):
            for connection in (slow, quick):
                await connection.send({"type": "state", "n": number})  # returns at once, whoever reads slowly
            await asyncio.sleep(0)  # the writers' turn        await asyncio.sleep(0.05)
        stuck.set()
        await asyncio.wait_for(writers[0], 1)
        writers[1].cancel()
        return written, closed

    written, closed = asyncio.run(scenario())
    assert len(written) == OUTBOX + 2
    assert closed == [(1008, "too slow to read the table's messages")]


# ---------------------------------------------------------------------- joins and hints


def test_a_spectator_joining_is_sent_the_state_and_no_one_else_is(client: TestClient) -> None:
    table = new_table(client, "standard", seats=[{"kind": "human"}] * 4)
    with client.websocket_connect("/ws") as player, client.websocket_connect("/ws") as watcher:
        join(player, table["table"], table["seats"][0]["token"])
        join(watcher, table["table"])
        for _ in range(3):
            with client.websocket_connect("/ws") as another:
                assert join(another, table["table"])["seat"] is None
        assert next_message(player) == next_message(watcher) == {"type": "pong"}
        with client.websocket_connect("/ws") as friend:
            join(friend, table["table"], table["seats"][2]["token"])
            assert receive_state(watcher)["seats"][2]["connected"]  # a seat filled is news to everyone


def test_joins_from_one_address_are_refused_past_its_budget(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", join_burst=3)) as client:
        table = new_table(client, "standard", seats=BOTS)
        for _ in range(3):
            with client.websocket_connect("/ws") as socket:
                join(socket, table["table"], table["seats"][0]["token"])
        with client.websocket_connect("/ws") as socket:
            socket.send_json({"type": "join", "table": table["table"], "token": None})
            refused = socket.receive_json()
            assert refused["code"] == "too-many-joins" and "joins a minute" in refused["message"]


def test_a_hint_flood_is_refused_past_its_budget(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", hint_burst=2)) as client:
        table = new_table(client, "standard", seats=BOTS, seed=3)
        with client.websocket_connect("/ws") as socket:
            state = join(socket, table["table"], table["seats"][0]["token"])
            while state["observation"]["to_act"] != 0:
                state = receive_state(socket)
            answers = []
            for _ in range(4):
                socket.send_json({"type": "hint"})
                answers.append(socket.receive_json())
    assert [answer["type"] for answer in answers] == ["hint", "hint", "error", "error"]
    assert answers[2]["code"] == "too-many-hints" and "hints a minute" in answers[2]["message"]


# ---------------------------------------------------------------------- the worker pool


def test_one_group_however_many_keys_leaves_workers_to_another() -> None:
    async def scenario() -> float:
        pool = WorkerPool("thread", workers=2, time_limit=10.0)
        try:
            flood = [asyncio.create_task(pool.run(f"table{n}", time.sleep, 0.3, group="attacker")) for n in range(12)]
            await asyncio.sleep(0.05)
            started = time.monotonic()
            await pool.run("victim", time.sleep, 0.0, group="victim")
            waited = time.monotonic() - started
            await asyncio.gather(*flood)
        finally:
            pool.close()
        return waited

    assert asyncio.run(scenario()) < 0.2


def test_a_groups_tables_take_turns() -> None:
    async def scenario() -> list[str]:
        pool = WorkerPool("thread", workers=1, time_limit=10.0)
        order: list[str] = []

        def work(key: str) -> None:
            order.append(key)
            time.sleep(0.01)

        try:
            jobs = [pool.run(key, work, key, group="one") for key in ("a", "a", "a", "b", "b", "b", "c")]
            await asyncio.gather(*(asyncio.ensure_future(job) for job in jobs))
        finally:
            pool.close()
        return order

    order = asyncio.run(scenario())
    assert order[:4] == ["a", "b", "c", "a"], order


@pytest.mark.parametrize(
    ("host", "counted"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("testclient", "testclient"),
    ],
)
def test_the_limits_count_an_ipv6_visitor_by_its_network(host: str, counted: str) -> None:
    from bowers.server.limits import address_key

    assert address_key(host) == counted


def test_an_ipv6_network_shares_one_socket_cap(database_path: Path) -> None:
    app = create_app(database_path, pool="thread", max_sockets=1, forwarded_allow_ips=("testclient",))
    first = {"X-Forwarded-For": "2001:db8:1:2::1"}
    with TestClient(app) as client, client.websocket_connect("/ws", headers=first) as socket:
        assert next_message(socket) == {"type": "pong"}
        with client.websocket_connect("/ws", headers={"X-Forwarded-For": "2001:db8:1:2::2"}) as neighbour:
            assert neighbour.receive_json()["code"] == "too-many-sockets"
        with client.websocket_connect("/ws", headers={"X-Forwarded-For": "2001:db8:1:3::1"}) as elsewhere:
            assert next_message(elsewhere) == {"type": "pong"}


def test_a_group_may_have_only_so_many_jobs_waiting() -> None:
    from bowers.server.pool import PoolBusy

    async def scenario() -> list[Any]:
        pool = WorkerPool("thread", workers=1, time_limit=10.0)
        try:
            jobs = [asyncio.ensure_future(pool.run("replay:a", time.sleep, 0.05, group="a", most_waiting=2)) for _ in range(5)]
            other = asyncio.ensure_future(pool.run("replay:b", time.sleep, 0.0, group="b", most_waiting=2))
            return list(await asyncio.gather(*jobs, other, return_exceptions=True))
        finally:
            pool.close()

    outcomes = asyncio.run(scenario())
    assert outcomes[:3] == [None, None, None] and outcomes[5] is None  # one ran, two waited; b's was not refused
    assert isinstance(outcomes[3], PoolBusy) and isinstance(outcomes[4], PoolBusy)


def test_requests_past_the_work_waiting_and_the_record_budget_get_429(
    database_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bowers.server import app as app_module

    with TestClient(create_app(database_path, pool="thread", record_burst=2)) as client:
        table = new_table(client, "standard", seats=BOTS)
        client.post(f"/api/tables/{table['table']}/end", json={"token": table["owner"]})
        client.app.state.bowers.lobby.rooms.clear()  # type: ignore[attr-defined]  (read back from the database)
        assert [client.get(f"/api/tables/{table['table']}/record").status_code for _ in range(3)] == [200, 200, 429]
        monkeypatch.setattr(app_module, "REQUESTS_WAITING", 0)
        busy = client.post(f"/api/replays?table={table['table']}")
        assert busy.status_code == 429 and "waiting for the server already" in busy.json()["error"]
