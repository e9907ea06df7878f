"""How much one hostile visitor costs everyone else, measured against ``bowers serve`` on 127.0.0.1.

A visitor's table of four quick bots is watched while another address, in turn, sends 250 spectators to that table,
asks for hints without pause at 10 tables of its own, and watches 30 tables of strong bots; the target is that each
bot move of the visitor's table comes at most a second later than its ``--bot-delay``.  Then 65 uploads of a 1.9 MB
record, from 65 addresses, may add at most 100 MB to the server process, and push out no earlier upload.

Usage: ``python benchmarks/server_abuse.py [--seconds 25] [--only delays|uploads]`` (a minute or two with the
default; the figures and whether each target is met are printed).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket as sockets
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

import bowers
from bowers.simulate import random_record

DELAY = 0.3
VICTIM = {"X-Forwarded-For": "10.0.0.2"}
ATTACKER = {"X-Forwarded-For": "10.0.0.66"}
STRONG = {"variant": "ultimate", "seats": [{"kind": "pimc", "settings": {"level": 5}}] * 4}
QUICK = {"variant": "standard", "options": {"target": 40}, "seats": [{"kind": "heuristic"}] * 4}
HINTED = {"variant": "ultimate", "seats": [{"kind": "human"}] + [{"kind": "heuristic"}] * 3}


class Abuse:
    """The server's address, the victim's state arrivals, and what the attacker was refused."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.arrivals: list[tuple[float, int]] = []
        self.refused = 0
        self.hints = 0
        self.hinting: set[int] = set()

    async def table(self, client: httpx.AsyncClient, body: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        response = await client.post(f"http://127.0.0.1:{self.port}/api/tables", json=body, headers=headers)
        return response.json() if response.status_code == 201 else None

    async def watch(self, table: str, headers: dict[str, str], token: str | None = None, record: bool = False) -> None:
        """Join a table and read it until cancelled; the victim records each state, the attacker asks for hints."""
        try:
            async with connect(f"ws://127.0.0.1:{self.port}/ws", additional_headers=headers, max_size=2**24) as socket:
                await socket.send(json.dumps({"type": "join", "table": table, "token": token}))
                async for raw in socket:
                    message = json.loads(raw)
                    if message["type"] == "state" and record:
                        self.arrivals.append((time.monotonic(), message["actions"]))
                    if message["type"] == "error" and message["code"].startswith("too-many"):
                        self.refused += 1
                    if token is not None:
                        await self.hint(socket, message)
        except Exception:  # refused or closed by the server: counted, the attack goes on
            self.refused += 1

    async def hint(self, socket: ClientConnection, message: dict[str, Any]) -> None:
        """Ask for a hint as soon as the last is answered (on the attacker's own turn)."""
        if message["type"] == "state" and message["observation"]["to_act"] == 0 and id(socket) not in self.hinting:
            self.hinting.add(id(socket))
            await socket.send(json.dumps({"type": "hint"}))
        elif message["type"] in ("hint", "error") and id(socket) in self.hinting:
            self.hints += message["type"] == "hint"
            await asyncio.sleep(0.13 if message["type"] == "hint" else 1.0)  # within the socket's message rate
            await socket.send(json.dumps({"type": "hint"}))

    def extra_delays(self, start: float, end: float) -> list[float]:
        """How much later than the bot delay each of the victim's moves came between ``start`` and ``end``."""
        pairs = zip(self.arrivals, self.arrivals[1:], strict=False)
        return sorted(b[0] - a[0] - DELAY for a, b in pairs if start <= b[0] < end and b[1] == a[1] + 1)


async def attack(abuse: Abuse, seconds: float) -> dict[str, list[float]]:
    """Each abuse in turn for ``seconds``: the victim's extra delays during each."""
    phases: dict[str, list[float]] = {}
    async with httpx.AsyncClient(timeout=60) as client:
        victim = await abuse.table(client, QUICK, VICTIM)
        if victim is None:
            raise RuntimeError("the victim's table was refused")
        watcher = asyncio.create_task(abuse.watch(victim["table"], VICTIM, record=True))
        await asyncio.sleep(5)  # the workers warm up
        spectators = [lambda: abuse.watch(victim["table"], ATTACKER)] * 250
        hinted = [await abuse.table(client, HINTED, ATTACKER) for _ in range(10)]
        hints = [lambda t=t: abuse.watch(t["table"], ATTACKER, t["seats"][0]["token"]) for t in hinted if t]
        strong = [await abuse.table(client, STRONG, ATTACKER) for _ in range(30)]
        bots = [lambda t=t: abuse.watch(t["table"], ATTACKER) for t in strong if t]
        for name, starts in (("250 spectators", spectators), ("hint spam", hints), ("30 strong-bot tables", bots)):
            start = time.monotonic()
            tasks = [asyncio.create_task(begin()) for begin in starts]
            await asyncio.sleep(seconds)
            phases[name] = abuse.extra_delays(start, time.monotonic())
            for task in tasks:
                task.cancel()
            await asyncio.sleep(2)
        watcher.cancel()
    return phases


@contextlib.contextmanager
def running_server(folder: Path) -> Iterator[tuple[int, int]]:
    """A ``bowers serve`` on a free loopback port that believes the ``X-Forwarded-For`` of 127.0.0.1 (so that one
    machine plays several addresses): its port and process id."""
    port = free_port()
    source = str(Path(bowers.__file__).parent.parent)
    command = [sys.executable, "-c", "from bowers.cli import main; main()", "serve", "--port", str(port)]
    command += ["--db", str(folder / "t.sqlite3"), "--bot-delay", str(DELAY), "--forwarded-allow-ips", "127.0.0.1"]
    environment = {**os.environ, "PYTHONPATH": source}
    server = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/variants", timeout=2)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.3)
        yield port, server.pid
    finally:
        server.terminate()
        server.wait(30)


def memory_mb(pid: int) -> int:
    """A process's resident memory in MB (Linux)."""
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) // 1024


def free_port() -> int:
    """A free loopback port."""
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def delays(folder: Path, seconds: float) -> bool:
    """Measure the victim's extra delays under each abuse; True when every one stays under a second."""
    with running_server(folder) as (port, _):
        abuse = Abuse(port)
        phases = asyncio.run(attack(abuse, seconds))
    met = True
    for name, extra in phases.items():
        if not extra:
            print(f"{name}: no move of the victim's table at all (NOT met)")
            met = False
            continue
        print(f"{name}: {len(extra)} moves, extra delay median {extra[len(extra) // 2]:.2f} s, max {extra[-1]:.2f} s")
        met = met and extra[-1] < 1.0
    print(f"the attacker was refused {abuse.refused} times and answered {abuse.hints} hints")
    print(f"target, every extra delay under 1 s: {'met' if met else 'NOT met'}")
    return met


def uploads(folder: Path) -> bool:
    """Upload 65 records of about 1.9 MB from 65 addresses; True when memory grew under 100 MB and the first stayed."""
    hands = 300
    text = json.dumps(random_record(hands))
    while not 1_800_000 < len(text) <= 2_000_000:
        hands = int(hands * 1_900_000 / len(text))
        text = json.dumps(random_record(hands))
    with running_server(folder) as (port, pid):
        base = f"http://127.0.0.1:{port}"
        before = memory_mb(pid)
        kept = []
        for n in range(65):
            answer = httpx.post(f"{base}/api/replays", content=text, headers={"X-Forwarded-For": f"10.1.0.{n}"}, timeout=120)
            if answer.status_code != 201:
                raise RuntimeError(f"upload {n} refused: {answer.text[:200]}")
            kept.append(answer.json()["replay"])
        after = memory_mb(pid)
        first = httpx.get(f"{base}/api/replays/{kept[0]}/deals/1", timeout=60).status_code
    database = (folder / "t.sqlite3").stat().st_size  # the server checkpointed its journal into it as it stopped
    print(f"65 uploads of {len(text):,} bytes: the server from {before} MB to {after} MB, the database {database:,} bytes")
    met = after - before < 100 and first == 200
    print(f"target, under 100 MB more and the first upload still served: {'met' if met else 'NOT met'}")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=25.0, help="Seconds of each abuse.")
    parser.add_argument("--only", choices=("delays", "uploads"), help="One measurement only.")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if arguments.only in (None, "delays"):
            (Path(folder) / "delays").mkdir()
            delays(Path(folder) / "delays", arguments.seconds)
        if arguments.only in (None, "uploads"):
            (Path(folder) / "uploads").mkdir()
            uploads(Path(folder) / "uploads")


if __name__ == "__main__":
    main()
