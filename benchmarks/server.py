"""Load on the card room: many tables of bots playing at once through the websocket API, on loopback only.

Starts the server on 127.0.0.1 with a fresh database, opens TABLES
tables (one seat played by this script through the websocket like a person,
the other seats by the server's random bots in its worker pool), plays for at
most SECONDS, then stops the server.  Prints the latency of this script's
actions (send to the state that includes them: check, SQLite commit,
broadcast) as p50/p99, the server's throughput, and the tables one core
carries at a person's pace.

    python benchmarks/server.py [--tables 200] [--seconds 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, database: Path, tables: int) -> subprocess.Popen[bytes]:
    """``bowers serve`` as its command runs it, with the new-table limit raised to let one address open every table."""
    program = (
        "import sys, uvicorn; from bowers.server import create_app; "
        "uvicorn.run(create_app(sys.argv[1], bot_delay=0, table_burst=int(sys.argv[2])), "
        "host=sys.argv[3], port=int(sys.argv[4]), ws_max_size=65536, log_level='warning')"
    )
    command = [sys.executable, "-c", program, str(database), str(tables + 1), HOST, str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/api/variants", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("bowers serve did not start")


def open_table(port: int) -> tuple[str, str]:
    body = json.dumps({"variant": "standard", "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).encode()
    request = urllib.request.Request(f"http://{HOST}:{port}/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        answer = json.load(response)
    return answer["table"], answer["seats"][0]["token"]


async def play(port: int, table: str, token: str, stop: float, latencies: list[float], rng: random.Random) -> int:
    """Play seat 0 of one table until the game ends or time is up; returns the table's action count."""
    actions = 0
    async with websockets.connect(f"ws://{HOST}:{port}/ws", max_size=2**20) as socket_:
        await socket_.send(json.dumps({"type": "join", "table": table, "token": token}))
        sent_at: float | None = None
        waiting_for = -1
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(socket_.recv(), timeout=max(0.01, stop - time.monotonic())))
            except TimeoutError:
                break
            if message["type"] != "state":
                continue
            actions = message["actions"]
            if sent_at is not None and actions >= waiting_for:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["winner"] is not None:
                break
            observation = message["observation"]
            if observation["to_act"] == 0 and observation["legal_actions"] and sent_at is None:
                waiting_for = actions + 1
                sent_at = time.perf_counter()
                action = rng.choice(observation["legal_actions"])
                await socket_.send(json.dumps({"type": "act", "action": action, "expect": actions}))
    return actions


async def run(port: int, tables: int, seconds: float) -> tuple[list[float], list[int], float]:
    opened = [open_table(port) for _ in range(tables)]
    latencies: list[float] = []
    started = time.monotonic()
    stop = started + seconds
    rng = random.Random(1)
    counts = await asyncio.gather(
        *(play(port, table, token, stop, latencies, random.Random(rng.random())) for table, token in opened)
    )
    return latencies, list(counts), time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables playing at once (at most 1000)")
    parser.add_argument("--seconds", type=float, default=40.0, help="how long to play (at most 300)")
    arguments = parser.parse_args()
    tables = max(1, min(arguments.tables, 1000))
    seconds = max(1.0, min(arguments.seconds, 300.0))
    port = free_port()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as directory:
        server = start_server(port, Path(directory) / "load.sqlite3", tables)
        try:
            latencies, counts, elapsed = asyncio.run(run(port, tables, seconds))
        finally:
            server.send_signal(signal.SIGTERM)
            _, _, usage = os.wait4(server.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    total = sum(counts)
    latencies.sort()
    p50 = statistics.quantiles(latencies, n=100)[49] * 1000 if len(latencies) > 1 else float("nan")
    p99 = statistics.quantiles(latencies, n=100)[98] * 1000 if len(latencies) > 1 else float("nan")
    per_cpu_second = total / cpu if cpu else float("nan")
    person_pace = 0.5  # actions a second at a table where people play and bots wait --bot-delay between moves
    client_cpu = resource.getrusage(resource.RUSAGE_SELF)
    print(f"tables: {tables}, played for {elapsed:.1f} s on {os.cpu_count()} cores (load average {load:.1f} at the start)")
    print(f"actions: {total} ({total / elapsed:.0f} a second; {len(latencies)} of them sent by this script)")
    print(f"action latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"server CPU: {cpu:.1f} s (bot workers included), {per_cpu_second:.0f} actions per CPU second")
    print(f"this script's CPU (the clients): {client_cpu.ru_utime + client_cpu.ru_stime:.1f} s")
    print(f"tables per core at {person_pace} actions a second: {per_cpu_second / person_pace:.0f}")


if __name__ == "__main__":
    main()
