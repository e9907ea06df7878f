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

from bowers.server import create_app
from bowers.server.database import Database
from bowers.server.worker import BotPool, TimeLimitExceeded

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
    ],
)
def test_unbounded_bot_settings_from_the_network_are_refused(client: TestClient, settings: dict[str, Any], fragment: str) -> None:
    body = {"variant": "standard", "seats": [{"kind": "pimc", "settings": settings}] * 4}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and fragment in response.json()["error"]
    assert client.app.state.bowers["lobby"].rooms == {}  # type: ignore[attr-defined]


def test_a_level_is_the_one_bot_setting_a_table_takes(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "pimc", "settings": {"level": 2}}, {"kind": "heuristic"}, {"kind": "random"}]
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
        room = client.app.state.bowers["lobby"].rooms["stored"]  # type: ignore[attr-defined]
        assert [dict(seat.settings) for seat in room.table.seats] == [{}, {"level": 5}, {"level": 5}, {"level": 5}]


@linux_only
def test_a_job_past_the_time_limit_is_stopped_and_its_worker_replaced() -> None:
    async def scenario() -> None:
        pool = BotPool("process", workers=1, time_limit=1.0)
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
        pool = BotPool("thread", workers=1)
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
        pool = BotPool("process", workers=1, time_limit=60.0)
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
