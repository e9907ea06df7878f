"""``bowers serve`` as people run it: a real server process, stopped with SIGTERM, and databases it cannot use."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bowers.server import database as database_module
from bowers.server.app import serve
from bowers.server.database import Database, DatabaseUnusable

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")

COMMAND = [sys.executable, "-c", "from bowers.cli import main; main()", "serve"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    """Every process whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def environment() -> dict[str, str]:
    return {**os.environ, "BOWERS_PURE": "1"}  # the engine's speed does not matter here; no stale-build warning


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def test_stopping_the_server_stops_its_busy_workers(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [*COMMAND, "--port", str(port), "--db", str(tmp_path / "t.sqlite3"), "--bot-delay", "0"],
        env=environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/variants", timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.3)
        workers = children(server.pid)
        assert workers, "the server has no worker processes"
        for _ in range(2):  # strong bots at every seat keep the workers thinking
            post(f"{base}/api/tables", {"variant": "ultimate", "seats": [{"kind": "pimc", "settings": {"level": 5}}] * 4})
        time.sleep(1.5)
        workers = children(server.pid)
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if alive(pid)], "worker processes outlived the server"


def test_a_corrupt_database_stops_the_server_in_one_line(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(b"this is not an SQLite database\n" * 200)
    result = subprocess.run(
        [*COMMAND, "--port", str(free_port()), "--db", str(corrupt)],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot use the database" in lines[0] and str(corrupt) in lines[0], result.stderr
    assert "Traceback" not in result.stdout


def test_a_read_only_database_is_refused_before_the_server_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "tables.sqlite3"
    Database(path).close()
    real_connect = sqlite3.connect

    def read_only(target: str, **arguments: Any) -> sqlite3.Connection:
        """Open the file read-only, as a file without write permission is (chmod is no use to root)."""
        return real_connect(f"file:{target}?mode=ro", uri=True, **arguments)

    monkeypatch.setattr(database_module.sqlite3, "connect", read_only)
    with pytest.raises(DatabaseUnusable, match="readonly"):
        Database(path)
    with pytest.raises(SystemExit) as stopped:
        serve(port=free_port(), db_path=path)
    message = str(stopped.value.code)
    assert message.startswith("bowers serve: cannot use the database") and "\n" not in message


def test_serve_command_passes_the_time_limits_of_idle_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import bowers.server
    from bowers.cli import cli

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(bowers.server, "serve", lambda **arguments: calls.append(arguments))
    runner = CliRunner()
    result = runner.invoke(cli, ["serve", "--unwatched-minutes", "2.5", "--abandoned-days", "1", "--absent-minutes", "0.5"])
    assert result.exit_code == 0, result.output
    assert calls[0]["unwatched_minutes"] == 2.5 and calls[0]["abandoned_days"] == 1.0
    assert calls[0]["absent_minutes"] == 0.5
    assert runner.invoke(cli, ["serve"]).exit_code == 0 and calls[1]["absent_minutes"] == 2.0
    refused = runner.invoke(cli, ["serve", "--abandoned-days", "0"])
    assert refused.exit_code == 2 and "--abandoned-days" in refused.output
    assert runner.invoke(cli, ["serve", "--absent-minutes", "0"]).exit_code == 2


def test_serve_command_passes_the_hosts_and_proxies_it_trusts(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import bowers.server
    from bowers.cli import cli

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(bowers.server, "serve", lambda **arguments: calls.append(arguments))
    options = ["--allowed-host", "cards.example.org", "--allowed-host", "box.local"]
    options += ["--forwarded-allow-ips", "127.0.0.1, 10.0.0.0/8", "--max-sockets", "5", "--idle-minutes", "2"]
    result = CliRunner().invoke(cli, ["serve", *options])
    assert result.exit_code == 0, result.output
    assert calls[0]["allowed_hosts"] == ("cards.example.org", "box.local")
    assert calls[0]["forwarded_allow_ips"] == ("127.0.0.1", "10.0.0.0/8")
    assert (calls[0]["max_sockets"], calls[0]["idle_minutes"]) == (5, 2.0)
    assert CliRunner().invoke(cli, ["serve"]) and calls[1]["forwarded_allow_ips"] == ()


def test_serve_trusts_no_proxy_and_answers_to_its_own_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from starlette.testclient import TestClient

    served: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: served.append((app, settings)))
    serve(host="box.lan", db_path=tmp_path / "t.sqlite3", allowed_hosts=("cards.example.org",), max_sockets=3, idle_minutes=1)
    app, settings = served[0]
    assert settings["proxy_headers"] is False  # uvicorn's own would believe X-Forwarded-For from 127.0.0.1
    assert (app.state.bowers.sockets.most, app.state.bowers.idle_seconds) == (3, 60)
    with TestClient(app, base_url="http://box.lan:8000") as client:
        for host in ("box.lan:8000", "localhost:8000", "127.0.0.1", "cards.example.org"):
            assert client.get("/api/variants", headers={"Host": host}).status_code == 200, host
        assert client.get("/api/variants", headers={"Host": "evil.example"}).status_code == 400
