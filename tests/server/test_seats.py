"""A seat is claimed by one browser, not shared through its invite link; an absent player's seat may go to a bot."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bowers.server import create_app
from bowers.server.rooms import TableBounds
from tests.server.conftest import new_table, receive_state

FRIEND = 1


def join(websocket: Any, table: dict[str, Any], token: str | None) -> dict[str, Any]:
    websocket.send_json({"type": "join", "table": table["table"], "token": token})
    return receive_state(websocket)


def refused(websocket: Any, table: dict[str, Any], token: str) -> tuple[str, int]:
    """The error a join gets and the code the socket is then closed with."""
    websocket.send_json({"type": "join", "table": table["table"], "token": token})
    message = websocket.receive_json()
    assert message["type"] == "error", message
    with pytest.raises(WebSocketDisconnect) as closed:
        websocket.receive_json()
    return message["code"], closed.value.code


def claim(client: TestClient, table: dict[str, Any], seat: int) -> str:
    answer = client.post(f"/api/tables/{table['table']}/claim", json={"token": table["seats"][seat]["token"]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] == seat
    secret: str = answer.json()["secret"]
    return secret


def next_error(websocket: Any) -> str:
    """The code of the next error a socket gets, past any states."""
    message = websocket.receive_json()
    while message["type"] == "state":
        message = websocket.receive_json()
    assert message["type"] == "error", message
    code: str = message["code"]
    return code


def events(state: dict[str, Any]) -> list[tuple[int, str]]:
    return [(notice["seat"], notice["event"]) for notice in state["notices"]]


def test_a_claimed_seat_is_not_opened_by_its_invite_link_again(client: TestClient) -> None:
    table = new_table(client)
    invite = table["seats"][FRIEND]["token"]
    secret = claim(client, table, FRIEND)
    assert secret != invite
    again = client.post(f"/api/tables/{table['table']}/claim", json={"token": invite})  # the opener, say
    assert again.status_code == 409 and again.json()["code"] == "seat-claimed"
    with client.websocket_connect("/ws") as websocket:  # the opener opens the friend's link: no cards
        assert refused(websocket, table, invite) == ("seat-claimed", 4009)
    with client.websocket_connect("/ws") as websocket:
        state = join(websocket, table, secret)
        assert state["seat"] == FRIEND and len(state["observation"]["hand"]) == 5
        assert state["seats"][FRIEND]["claimed"] and not state["seats"][2]["claimed"]
        assert events(state) == [(FRIEND, "claimed")]


def test_a_claim_closes_whoever_sat_there_with_the_invite_link(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect("/ws") as opener, client.websocket_connect("/ws") as peeking:
        join(opener, table, table["seats"][0]["token"])
        join(peeking, table, table["seats"][FRIEND]["token"])  # before the friend came: the link still opens it
        receive_state(opener)
        claim(client, table, FRIEND)
        assert next_error(peeking) == "seat-claimed"
        state = receive_state(opener)
        assert state["seats"][FRIEND]["connected"] is False and events(state) == [(FRIEND, "claimed")]


def test_a_seat_opened_in_another_window_is_said_at_the_table_and_can_be_taken_back(client: TestClient) -> None:
    table = new_table(client)
    secret = claim(client, table, FRIEND)
    with client.websocket_connect("/ws") as opener:
        join(opener, table, table["seats"][0]["token"])
        with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
            join(first, table, secret)
            join(second, table, secret)
            assert next_error(first) == "seat-taken"
            state = receive_state(opener)
            while (FRIEND, "moved") not in events(state):
                state = receive_state(opener)
            assert state["seats"][FRIEND]["connected"]
        with client.websocket_connect("/ws") as back:  # the displaced window's secret still opens the seat
            assert join(back, table, secret)["seat"] == FRIEND


def test_the_opener_releases_a_seat_so_that_its_invite_link_opens_it_again(client: TestClient) -> None:
    table = new_table(client)
    url = f"/api/tables/{table['table']}/release"
    secret = claim(client, table, FRIEND)
    assert client.post(url, json={"token": secret, "seat": FRIEND}).status_code == 403  # only the opener
    assert client.post(url, json={"token": table["seats"][2]["token"], "seat": FRIEND}).status_code == 403
    assert client.post(url, json={"token": table["owner"], "seat": 2}).status_code == 409  # never claimed
    assert client.post(url, json={"token": table["owner"], "seat": "1"}).status_code == 400
    with client.websocket_connect("/ws") as friend:
        join(friend, table, secret)
        assert client.post(url, json={"token": table["owner"], "seat": FRIEND}).status_code == 200
        assert next_error(friend) == "seat-released"
    with client.websocket_connect("/ws") as websocket:  # the old secret opens nothing now
        assert refused(websocket, table, secret)[0] == "bad-token"
    new_secret = claim(client, table, FRIEND)
    with client.websocket_connect("/ws") as websocket:
        state = join(websocket, table, new_secret)
        assert events(state) == [(FRIEND, "claimed"), (FRIEND, "released"), (FRIEND, "claimed")]


def test_claims_outlive_a_restart_and_a_database_from_before_them_still_opens(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread")) as client:
        table = new_table(client)
        old = new_table(client)
        secret = claim(client, table, FRIEND)
    with sqlite3.connect(database_path) as connection:  # a table stored before seats were claimed
        connection.execute("UPDATE tables SET claims = NULL WHERE id = ?", (old["table"],))
    with TestClient(create_app(database_path, pool="thread")) as client:
        with client.websocket_connect("/ws") as websocket:
            assert refused(websocket, table, table["seats"][FRIEND]["token"])[0] == "seat-claimed"
        with client.websocket_connect("/ws") as websocket:
            assert join(websocket, table, secret)["seat"] == FRIEND
        with client.websocket_connect("/ws") as websocket:
            assert join(websocket, old, old["seats"][FRIEND]["token"])["seat"] == FRIEND
        claim(client, old, FRIEND)


def test_a_database_without_the_claims_column_is_brought_up_to_date(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread")) as client:
        table = new_table(client)
    with sqlite3.connect(database_path) as connection:
        connection.execute("ALTER TABLE tables DROP COLUMN claims")
    with TestClient(create_app(database_path, pool="thread")) as client:
        with client.websocket_connect("/ws") as websocket:
            assert join(websocket, table, table["seats"][FRIEND]["token"])["seat"] == FRIEND
        claim(client, table, FRIEND)


def play_until_the_friend_is_waited_for(websocket: Any, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play seat 0 at random, from ``state`` on, until the absent friend's seat has waited long enough to be given
    a bot."""
    acted = None
    while state["replaceable"] is None:
        observation = state["observation"]
        if observation["to_act"] == 0 and state["winner"] is None and acted != state["actions"]:
            acted = state["actions"]
            action = rng.choice(observation["legal_actions"])
            websocket.send_json({"type": "act", "action": action, "expect": state["actions"]})
        state = receive_state(websocket)
    return state


def test_an_absent_friends_seat_goes_to_a_bot_at_the_others_word_and_back_to_the_friend(database_path: Path) -> None:
    bounds = TableBounds(absent_seconds=0.3)
    with TestClient(create_app(database_path, pool="thread", bounds=bounds)) as client:
        seats = [{"kind": "human"}, {"kind": "human", "name": "Ann"}, {"kind": "random"}, {"kind": "random"}]
        table = new_table(client, seats=seats)
        url = f"/api/tables/{table['table']}/stand-in"
        mine = table["seats"][0]["token"]
        friend = claim(client, table, FRIEND)
        with client.websocket_connect("/ws") as websocket:
            state = join(websocket, table, mine)
            if state["replaceable"] is None:
                early = client.post(url, json={"token": mine, "seat": FRIEND})
                assert early.status_code == 409  # not waited for (yet)
            state = play_until_the_friend_is_waited_for(websocket, state, random.Random(2))
            assert state["replaceable"] == FRIEND and state["observation"]["to_act"] == FRIEND
            assert client.post(url, json={"token": "guess" * 8, "seat": FRIEND}).status_code == 403
            assert client.post(url, json={"token": friend, "seat": FRIEND}).status_code == 409  # not by the seat itself
            assert client.post(url, json={"token": mine, "seat": FRIEND}).status_code == 200
            while state["observation"]["to_act"] == FRIEND:  # the bot plays the friend's turn
                state = receive_state(websocket)
            assert state["seats"][FRIEND]["stand_in"] == {"kind": "random", "settings": {}}
            assert state["seats"][FRIEND]["kind"] == "human" and state["seats"][FRIEND]["name"] == "Ann"
            assert (FRIEND, "stand-in") in events(state) and state["replaceable"] is None
            with client.websocket_connect("/ws") as back:  # the friend comes back: the seat is theirs again
                again = join(back, table, friend)
                assert again["seats"][FRIEND]["stand_in"] is None and events(again)[-1] == (FRIEND, "back")
                assert "legal_actions" in again["observation"]
            room = client.app.state.bowers.lobby.rooms[table["table"]]  # type: ignore[attr-defined]
            assert room.table.humans() == [0, FRIEND] and not room.stand_ins


def test_a_seat_is_waited_for_only_while_no_one_is_at_it_on_its_turn(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", bounds=TableBounds(absent_seconds=0.2))) as client:
        table = new_table(client)
        keys = [claim(client, table, seat) for seat in range(4)]
        with client.websocket_connect("/ws") as spectator:
            to_act = join(spectator, table, None)["observation"]["to_act"]
        other = (to_act + 1) % 4
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, keys[other])
            with client.websocket_connect("/ws") as player:
                join(player, table, keys[to_act])
                time.sleep(0.4)  # the seat to act is here: nothing is offered
                watcher.send_json({"type": "state"})
                assert receive_state(watcher)["replaceable"] is None
            state = receive_state(watcher)
            while state["replaceable"] is None:  # the seat to act was left empty: after the wait, it is offered
                state = receive_state(watcher)
            assert state["replaceable"] == to_act


def test_serve_takes_the_wait_for_an_absent_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from bowers.server.app import serve

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: served.append(app))
    serve(db_path=tmp_path / "t.sqlite3", absent_minutes=0.5)
    serve(db_path=tmp_path / "t.sqlite3")
    assert [app.state.bowers.bounds.absent_seconds for app in served] == [30, 120]
