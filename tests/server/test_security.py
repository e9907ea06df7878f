"""What another site, or the opener of a table, could try: chosen seeds among people, foreign origins,
framing, and request bodies built to break the parser. Each is refused with a clear answer and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bowers
from bowers.server.database import Database

FOREIGN = {"Origin": "https://evil.example", "Content-Type": "text/plain"}
STANDARD = {"variant": "standard", "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}, {"kind": "random"}]}


def stored_tables(database_path: Path) -> int:
    database = Database(database_path)
    try:
        return int(database._connection.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
    finally:
        database.close()


# ---------------------------------------------------------------------- a chosen seed


def test_a_chosen_seed_is_refused_at_a_table_with_a_friend(client: TestClient, database_path: Path) -> None:
    seats = [{"kind": "human"}, {"kind": "random"}, {"kind": "human"}, {"kind": "random"}]
    response = client.post("/api/tables", json={"variant": "standard", "seats": seats, "seed": 12345})
    assert response.status_code == 400
    assert "seed" in response.json()["error"] and "more than one person" in response.json()["error"]
    assert stored_tables(database_path) == 0


def test_a_chosen_seed_is_allowed_with_only_bots_beside_the_opener(client: TestClient) -> None:
    response = client.post("/api/tables", json={**STANDARD, "seed": 12345})
    assert response.status_code == 201
    room = client.app.state.bowers.lobby.rooms[response.json()["table"]]  # type: ignore[attr-defined]
    assert room.game.hand_cards(2) == bowers.Game("standard", seed=12345).hand_cards(2)


@pytest.mark.parametrize("seed", [2**63, -1, 2**64 + 5, 10**4000])
def test_a_seed_out_of_range_is_a_400(client: TestClient, database_path: Path, seed: int) -> None:
    seats = json.dumps(STANDARD["seats"])
    response = client.post("/api/tables", content=f'{{"variant": "standard", "seats": {seats}, "seed": {seed}}}')
    assert response.status_code == 400
    error = response.json()["error"]
    assert "seed" in error or "not valid JSON" in error, error
    assert stored_tables(database_path) == 0


# ---------------------------------------------------------------------- bodies built to break the parser


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"variant": "standard", "options": ' + '{"a": ' * 50 + "1" + "}" * 50 + "}", "nested more than 32 deep"),
        ('{"variant": "standard", "seed": ' + "9" * 4400 + "}", "not valid JSON"),
        ('{"variant": "standard", "seed": Infinity}', "Infinity is not a JSON number"),
        (b"\xff\xfe{", "not UTF-8"),
    ],
    ids=["deep", "deep-options", "digits", "infinity", "not-utf8"],
)
def test_a_malformed_new_table_body_is_a_400(
    client: TestClient, caplog: pytest.LogCaptureFixture, body: str | bytes, fragment: str
) -> None:
    response = client.post("/api/tables", content=body)
    assert response.status_code == 400 and fragment in response.json()["error"], response.text
    assert not [record for record in caplog.records if record.exc_info], "bad input logged a traceback"


# ---------------------------------------------------------------------- other sites


def test_another_site_cannot_open_a_table_from_a_visitors_browser(client: TestClient, database_path: Path) -> None:
    response = client.post("/api/tables", content=json.dumps(STANDARD), headers=FOREIGN)
    assert response.status_code == 403 and "evil.example" in response.json()["error"]
    cross_site = client.post("/api/tables", json=STANDARD, headers={"Sec-Fetch-Site": "cross-site"})
    assert cross_site.status_code == 403
    assert client.post("/api/tables", json=STANDARD, headers={"Origin": "null"}).status_code == 403
    assert stored_tables(database_path) == 0
    assert client.post("/api/replays", content="{}", headers=FOREIGN).status_code == 403


def test_the_page_itself_and_programs_without_an_origin_may(client: TestClient) -> None:
    assert client.post("/api/tables", json=STANDARD, headers={"Origin": "http://testserver"}).status_code == 201
    assert client.post("/api/tables", json=STANDARD, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 201
    assert client.post("/api/tables", json=STANDARD).status_code == 201


def test_an_allowed_origin_may(database_path: Path) -> None:
    from bowers.server import create_app

    app = create_app(database_path, pool="thread", allowed_origins=("https://cards.example.org",))
    with TestClient(app) as allowed:
        assert allowed.post("/api/tables", json=STANDARD, headers={"Origin": "https://cards.example.org"}).status_code == 201
        assert allowed.post("/api/tables", json=STANDARD, headers={"Origin": "https://other.example"}).status_code == 403


def test_another_site_cannot_join_a_table_over_the_websocket(client: TestClient) -> None:
    table: dict[str, Any] = client.post("/api/tables", json=STANDARD).json()
    foreign = {"Origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws", headers=foreign) as socket:
        socket.send_json({"type": "join", "table": table["table"], "token": table["seats"][0]["token"]})
        socket.receive_json()
    with client.websocket_connect("/ws", headers={"Origin": "http://testserver"}) as socket:
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [client.get(path) for path in ("/", "/static/js/app.js", "/api/variants")]
    answers.append(client.post("/api/tables", content="{"))
    for response in answers:
        policy = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert "ws://testserver" in policy and "wss://testserver" in policy  # the page's own websocket
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"


def test_a_forged_host_header_cannot_write_into_the_policy(client: TestClient) -> None:
    policy = client.get("/", headers={"Host": "x; script-src *"}).headers["content-security-policy"]
    assert "script-src *" not in policy and "script-src 'self'" in policy


# ---------------------------------------------------------------------- proxies and hosts

PROXIED = {"Origin": "https://cards.example.org", "X-Forwarded-Host": "cards.example.org"}


def test_proxy_headers_are_believed_only_from_the_proxies_the_operator_names(database_path: Path) -> None:
    from bowers.server import create_app

    with TestClient(create_app(database_path, pool="thread", table_burst=2)) as direct:
        for n in range(2):
            assert direct.post("/api/tables", json=STANDARD, headers={"X-Forwarded-For": f"10.0.0.{n}"}).status_code == 201
        chosen = direct.post("/api/tables", json=STANDARD, headers={"X-Forwarded-For": "10.0.0.9"})
        assert chosen.status_code == 429, "a visitor chose the address its limit is counted against"
        assert direct.post("/api/tables", json=STANDARD, headers=PROXIED).status_code == 403
    behind = create_app(database_path, pool="thread", table_burst=2, forwarded_allow_ips=("testclient",))
    with TestClient(behind) as proxy:
        for _ in range(2):
            assert proxy.post("/api/tables", json=STANDARD, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
        assert proxy.post("/api/tables", json=STANDARD, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 429
        other = {"X-Forwarded-For": "203.0.113.1, 203.0.113.2"}  # the proxy heard 203.0.113.2, whatever it claims
        assert proxy.post("/api/tables", json=STANDARD, headers=other).status_code == 201
        assert proxy.post("/api/tables", json=STANDARD, headers=PROXIED).status_code == 201


def test_a_trusted_proxy_sets_the_client_scheme_and_host_and_no_one_else_does() -> None:
    from bowers.server.security import TrustedProxies, forwarded

    headers = [(b"host", b"127.0.0.1:8000"), (b"x-forwarded-for", b"198.51.100.7"), (b"x-forwarded-proto", b"https")]
    headers.append((b"x-forwarded-host", b"cards.example.org"))
    scope = {"type": "websocket", "scheme": "ws", "client": ("10.1.2.3", 5000), "headers": headers}
    trusted = forwarded(scope, TrustedProxies(["10.0.0.0/8"]))
    assert trusted["client"] == ("198.51.100.7", 0) and trusted["scheme"] == "wss"
    assert (b"host", b"cards.example.org") in trusted["headers"] and (b"host", b"127.0.0.1:8000") not in trusted["headers"]
    untrusted = forwarded(scope, TrustedProxies(["127.0.0.1"]))
    assert untrusted["client"] == ("10.1.2.3", 5000) and untrusted["scheme"] == "ws"
    assert untrusted["headers"] == [(b"host", b"127.0.0.1:8000")]
    assert forwarded({**scope, "client": ("::1", 1)}, TrustedProxies(["*"]))["client"] == ("198.51.100.7", 0)


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20:8000", "cards.example.org"])
def test_the_server_answers_to_local_names_addresses_and_the_names_allowed(database_path: Path, host: str) -> None:
    from bowers.server import create_app

    app = create_app(database_path, pool="thread", allowed_hosts=("localhost", "cards.example.org"))
    with TestClient(app) as local:
        assert local.get("/api/variants", headers={"Host": host}).status_code == 200


def test_a_rebound_name_is_refused_over_http_and_the_websocket(database_path: Path) -> None:
    from starlette.testclient import WebSocketDenialResponse

    from bowers.server import create_app

    with TestClient(create_app(database_path, pool="thread", allowed_hosts=("localhost",))) as local:
        refused = local.get("/", headers={"Host": "rebind.evil.example:8000"})
        assert refused.status_code == 400 and "rebind.evil.example" in refused.json()["error"]
        assert "--allowed-host" in refused.json()["error"]
        posted = local.post("/api/tables", json=STANDARD, headers={"Host": "rebind.evil.example"})
        assert posted.status_code == 400
        rebound = {"Host": "rebind.evil.example"}
        with pytest.raises(WebSocketDenialResponse) as denied, local.websocket_connect("/ws", headers=rebound):
            pass
        assert denied.value.status_code == 400 and "rebind.evil.example" in denied.value.json()["error"]
        with local.websocket_connect("/ws", headers={"Host": "localhost:8000", "Origin": "http://localhost:8000"}) as socket:
            socket.send_json({"type": "ping"})
            assert socket.receive_json() == {"type": "pong"}
