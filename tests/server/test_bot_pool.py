"""Bot work cannot be taken over: settings from the network are bounded, a job has a hard time limit,
tables share the workers fairly, and closing the pool (or stopping the server) stops its workers."""

from __future__ import annotations

import asyncio
import operator
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bowers.bots import create
from bowers.game import Game
from bowers.server import create_app, worker
from bowers.server.database import Database
from bowers.server.pool import TimeLimitExceeded, WorkerPool
from bowers.server.rooms import fallback_action
from tests.server.conftest import new_table, receive_state

ATTACK_SETTINGS = {"level": 5, "samples": 1_000_000_000, "time_budget": 0}
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.parametrize(
    ("settings", "fragment"),
    [
        (ATTACK_SETTINGS, "'samples' is not accepted"),
        ({"level": 5, "time_budget": 0}, "'time_budget' is not accepted"),
        ({"level": 6}, "level is 1, 2, 3, 4 or 5"),
        ({"level": True}, "level is 1, 2, 3, 4 or 5"),
        ({"version": 3}, "version is 1 or 2"),
    ],
)
def test_unbounded_bot_settings_from_the_network_are_refused(client: TestClient, settings: dict[str, Any], fragment: str) -> None:
    body = {"variant": "standard", "seats": [{"kind": "pimc", "settings": settings}] * 4}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and fragment in response.json()["error"]
    assert client.app.state.bowers.lobby.rooms == {}  # type: ignore[attr-defined]


def test_a_level_and_a_version_are_the_bot_settings_a_table_takes(client: TestClient) -> None:
    first_release = {"kind": "heuristic", "settings": {"version": 1}}
    seats = [{"kind": "human"}, {"kind": "pimc", "settings": {"level": 2, "version": 1}}, first_release, {"kind": "random"}]
    assert client.post("/api/tables", json={"variant": "standard", "seats": seats}).status_code == 201
    leveled = {"kind": "random", "settings": {"level": 1}}
    refused = client.post("/api/tables", json={"variant": "standard", "seats": [*seats[:2], leveled, leveled]})
    assert refused.status_code == 400 and "no settings" in refused.json()["error"]


def test_a_stored_table_with_unbounded_settings_resumes_with_bounded_ones(database_path: Path) -> None:
    database = Database(database_path)
    attacker = {"kind": "pimc", "settings": ATTACK_SETTINGS, "name": None}
    seats: list[dict[str, Any]] = [{"kind": "human", "settings": {}, "name": None}, attacker, attacker, attacker]
    database.add_table("stored", "standard", {}, 7, 7, seats, ["token", None, None, None])
    database.close()
    with TestClient(create_app(database_path, pool="thread", workers=1)) as client:
        room = client.app.state.bowers.lobby.rooms["stored"]  # type: ignore[attr-defined]
        assert [dict(seat.settings) for seat in room.table.seats] == [{}, {"level": 5}, {"level": 5}, {"level": 5}]


@linux_only
def test_a_job_past_the_time_limit_is_stopped_and_its_worker_replaced() -> None:
    async def scenario() -> None:
        pool = WorkerPool("process", workers=1, time_limit=1.0)
        try:
            assert await pool.run("warm-up", operator.add, 1, 1) == 2
            [first] = pool.pids()
            started = time.monotonic()
            with pytest.raises(TimeLimitExceeded):
                await pool.run("table", time.sleep, 60)
            assert time.monotonic() - started < 10
            assert not alive(first)
            assert await pool.run("table", operator.add, 2, 3) == 5
            [second] = pool.pids()
            assert second != first and alive(second)
        finally:
            pool.close()
        assert not alive(second)

    asyncio.run(scenario())


def test_a_busy_table_does_not_starve_another() -> None:
    async def scenario() -> list[str]:
        pool = WorkerPool("thread", workers=1, time_limit=10.0)
        finished: list[str] = []

        async def job(key: str, seconds: float) -> None:
            await pool.run(key, time.sleep, seconds)
            finished.append(key)

        try:
            busy = [asyncio.create_task(job("busy", 0.2)) for _ in range(6)]
            await asyncio.sleep(0.05)  # the busy table's first decision is running, five more wait
            await asyncio.gather(job("new", 0.0), *busy)
        finally:
            pool.close()
        return finished

    finished = asyncio.run(scenario())
    assert finished.index("new") <= 1, finished


@linux_only
def test_closing_the_pool_stops_a_worker_in_the_middle_of_a_job() -> None:
    async def scenario() -> int:
        pool = WorkerPool("process", workers=1, time_limit=60.0)
        await pool.run("warm-up", operator.add, 1, 1)
        [pid] = pool.pids()
        running = asyncio.create_task(pool.run("table", time.sleep, 60))
        await asyncio.sleep(0.5)
        pool.close()
        with pytest.raises(Exception):  # noqa: B017  (the job is lost with its worker; how it fails does not matter)
            await asyncio.wait_for(running, 10)
        return pid

    pid = asyncio.run(scenario())
    deadline = time.monotonic() + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(pid)


def test_a_bot_cut_off_at_a_table_plays_the_rule_players_choice(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*arguments: Any) -> str:
        raise TimeLimitExceeded("the job ran past its limit of 10 seconds")

    monkeypatch.setattr(worker, "choose", stopped)
    table = new_table(client, "standard", seats=[{"kind": "human"}] + [{"kind": "pimc"}] * 3, seed=1)
    room = client.app.state.bowers.lobby.rooms[table["table"]]  # type: ignore[attr-defined]
    with client.websocket_connect("/ws") as websocket:
        websocket.send_json({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]})
        state = receive_state(websocket)
        while state["actions"] < 40:  # you play your first legal action each turn; the bots play two hands or so
            if state["observation"]["to_act"] == 0:
                websocket.send_json({"type": "act", "action": state["observation"]["legal_actions"][0]})
            state = receive_state(websocket)
    record = room.game.record()
    game = Game("standard", seed=1)
    number = 0
    bot_actions = 0
    for deal in record["deals"]:
        for seat, action in deal["actions"]:
            if seat != 0:
                seed = worker.decision_seed(room.bot_seed, seat, number)
                assert action == create("heuristic", seed=seed).act(game.observation(seat)), (number, seat)
                bot_actions += 1
            game.apply(action)
            number += 1
    assert bot_actions >= 25


def test_the_fallback_is_a_legal_action_even_when_the_rule_player_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    observation = Game("railroad", seed=4).observation(Game("railroad", seed=4).to_act)
    assert fallback_action(observation, 9) == create("heuristic", seed=9).act(observation)

    def broken(*arguments: Any, **settings: Any) -> Any:
        raise RuntimeError("no bots here")

    monkeypatch.setattr("bowers.bots.create", broken)
    assert fallback_action(observation, 9) in observation["legal_actions"]
