"""The websocket API refuses bad input with a clear error or a closed socket, and never changes the game for it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bowers
from bowers.bots import create
from bowers.egn import dump_egn
from bowers.server import create_app
from bowers.server.app import MAX_MESSAGE
from bowers.server.database import Database
from bowers.server.limits import MESSAGE_BURST
from bowers.server.schema import schema
from tests.server.conftest import new_table, receive_state


def join(websocket: Any, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    token = None if seat is None else table["seats"][seat]["token"]
    websocket.send_json({"type": "join", "table": table["table"], "token": token})
    return receive_state(websocket)


def error_of(websocket: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = websocket.receive_json()
        if message["type"] == "error":
            return message


def stored_actions(database_path: Path, table_id: str) -> int:
    stored = Database(database_path).table(table_id)
    assert stored is not None
    return len(stored.actions)


def test_variants_api_lists_every_variant_and_its_options(client: TestClient) -> None:
    catalogue = client.get("/api/variants").json()
    assert [v["name"] for v in catalogue["variants"]] == bowers.variants()
    standard = next(v for v in catalogue["variants"] if v["name"] == "standard")
    declared = bowers.variant("standard").options
    assert [o["name"] for o in standard["options"]] == [o.name for o in declared]
    assert {o["name"]: o["kind"] for o in standard["options"]} == {o.name: o.kind for o in declared}
    assert "random" in [bot["name"] for bot in catalogue["bots"]]


def test_variants_api_gives_each_variant_a_starting_score_per_team(client: TestClient) -> None:
    catalogue = client.get("/api/variants").json()
    allowed = {
        v["name"]: next(o["allowed"] for o in v["options"] if o["name"] == "initial_scores") for v in catalogue["variants"]
    }
    assert allowed["railroad-6"].endswith("such as [0, 0, 0]")
    assert allowed["standard"].endswith("such as [0, 0]")


def test_the_largest_target_the_room_offers_is_accepted_and_shown_to_the_form(client: TestClient) -> None:
    catalogue = client.get("/api/variants").json()
    limits = {v["name"]: next(o["max"] for o in v["options"] if o["name"] == "target") for v in catalogue["variants"]}
    assert (limits["standard"], limits["railroad"], limits["ultimate"]) == (40, 256, 140)
    body = {"variant": "standard", "options": {"target": 40, "initial_scores": [-40, 0]}, "seats": [{"kind": "human"}] * 4}
    assert client.post("/api/tables", json=body).status_code == 201


def test_schema_documents_both_directions(client: TestClient) -> None:
    document = client.get("/api/schema").json()
    assert document == json.loads(json.dumps(schema()))
    assert set(document["incoming"]["discriminator"]["mapping"]) == {"join", "act", "state", "hint", "undo", "ping"}
    assert set(document["outgoing"]["discriminator"]["mapping"]) == {"state", "error", "hint", "pong"}


def test_the_page_and_its_assets_are_served(client: TestClient) -> None:
    assert "bowers" in client.get("/").text
    assert client.get("/t/abc").status_code == 200
    assert client.get("/static/js/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"variant": "nope", "seats": []}, "unknown variant"),
        ({"variant": "standard", "options": {"deck": 99}, "seats": [{"kind": "human"}] * 4}, "allowed: 24, 32, 25"),
        ({"variant": "standard", "seats": [{"kind": "human"}] * 3}, "4 seats"),
        ({"variant": "standard", "seats": [{"kind": "human"}] * 3 + [{"kind": "oracle"}]}, "unknown bot"),
        ({"variant": "standard", "seats": [{"kind": "human"}] * 3 + [{"kind": "random", "settings": {"x": 1}}]}, "settings"),
        ({"variant": "standard", "seats": [{"kind": "human", "name": "x" * 41}] * 4}, "at most 40"),
        ({"variant": "standard", "seats": [{"kind": "human", "name": " Partner "}] * 4}, "what the table calls a seat"),
        ({"variant": "railroad-6", "seats": [{"kind": "human", "name": "left 2"}] * 6}, "what the table calls a seat"),
        ([1, 2], "object"),
        ({"variant": "standard", "options": {"seed": 1}, "seats": [{"kind": "human"}] * 4}, "no option 'seed'"),
        ({"variant": "standard", "seed": "x", "seats": [{"kind": "human"}] * 4}, "seed must be"),
        ({"variant": "standard", "options": {"target": 10**18}, "seats": [{"kind": "random"}] * 4}, "allowed: 1 to 40"),
        ({"variant": "standard", "options": {"target": 41}, "seats": [{"kind": "random"}] * 4}, "at most 40 points"),
        ({"variant": "railroad", "options": {"target": 257}, "seats": [{"kind": "random"}] * 4}, "allowed: 1 to 256"),
        (
            {"variant": "standard", "options": {"initial_scores": [-(10**12), 0]}, "seats": [{"kind": "random"}] * 4},
            "-40 points at the lowest",
        ),
    ],
)
def test_a_bad_new_table_is_refused_with_the_reason(client: TestClient, body: Any, fragment: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert fragment in response.json()["error"]


def test_invite_tokens_are_distinct_and_unguessable(client: TestClient) -> None:
    table = new_table(client)
    tokens = [seat["token"] for seat in table["seats"]]
    assert len(set(tokens)) == 4 and all(len(token) >= 32 for token in tokens)


def test_wrong_token_and_unknown_table_close_the_socket(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect("/ws") as websocket:
        websocket.send_json({"type": "join", "table": table["table"], "token": "guess" * 8})
        assert error_of(websocket)["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
        assert closed.value.code == 4003
    other = new_table(client)
    with client.websocket_connect("/ws") as websocket:  # a token of another table opens nothing here
        websocket.send_json({"type": "join", "table": table["table"], "token": other["seats"][0]["token"]})
        assert error_of(websocket)["code"] == "bad-token"
    with client.websocket_connect("/ws") as websocket:
        websocket.send_json({"type": "join", "table": "no-such-table", "token": None})
        assert error_of(websocket)["code"] == "no-table"


def test_a_reused_token_moves_the_seat_to_the_new_window(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        assert join(first, table, 0)["seat"] == 0
        assert join(second, table, 0)["seat"] == 0
        assert error_of(first)["code"] == "seat-taken"
        with pytest.raises(WebSocketDisconnect):
            first.receive_json()


def test_malformed_out_of_turn_and_illegal_messages_change_nothing(client: TestClient, database_path: Path) -> None:
    table = new_table(client, seed=5)
    game = bowers.Game("standard", seed=5)
    to_act = game.to_act
    assert to_act is not None
    other = (to_act + 1) % 4
    with client.websocket_connect("/ws") as actor, client.websocket_connect("/ws") as bystander:
        before = join(actor, table, to_act)
        join(bystander, table, other)
        for text, code in [
            ("not json", "malformed"),
            (json.dumps({"type": "teleport"}), "malformed"),
            (json.dumps({"type": "act"}), "malformed"),
            (json.dumps({"type": "act", "action": 7}), "malformed"),
            (json.dumps({"type": "act", "action": "pass", "extra": 1}), "malformed"),
            (json.dumps({"type": "act", "action": "play:ZZ"}), "illegal"),
            (json.dumps({"type": "act", "action": "play:9C"}), "illegal"),
            (json.dumps({"type": "act", "action": "pass", "expect": before["actions"] + 3}), "illegal"),
            (json.dumps({"type": "join", "table": table["table"], "token": None}), "already-joined"),
            (json.dumps([1, 2, 3]), "malformed"),
        ]:
            actor.send_text(text)
            message = error_of(actor)
            assert message["code"] == code, (text, message)
            assert message["message"]
        bystander.send_json({"type": "act", "action": "pass"})
        refused = error_of(bystander)
        assert refused["code"] == "illegal" and f"seat {to_act}'s turn" in refused["message"]
        actor.send_json({"type": "state"})
        after = receive_state(actor)
        assert after["observation"] == before["observation"] and after["actions"] == 0
        assert stored_actions(database_path, table["table"]) == 0
        actor.send_json({"type": "act", "action": "pass", "expect": 0})
        assert receive_state(actor, 1)["last_action"] == [to_act, "pass"]
        assert stored_actions(database_path, table["table"]) == 1


def test_spectators_and_strangers_cannot_act(client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect("/ws") as websocket:
        websocket.send_json({"type": "act", "action": "pass"})
        assert error_of(websocket)["code"] == "not-joined"
        state = join(websocket, table, None)
        assert state["seat"] is None and state["observation"]["hand"] == []
        websocket.send_json({"type": "act", "action": "pass"})
        assert error_of(websocket)["code"] == "spectator"


def test_an_oversized_message_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws") as websocket:
        websocket.send_text(json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}))
        assert error_of(websocket)["code"] == "too-large"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
        assert closed.value.code == 1009


def test_a_flood_of_messages_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/ws") as websocket:
        for _ in range(MESSAGE_BURST + 10):
            websocket.send_json({"type": "ping"})
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                codes.append(websocket.receive_json()["type"])
        assert closed.value.code == 1008
        assert codes.count("pong") <= MESSAGE_BURST + 1 and "error" in codes


def test_binary_messages_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws") as websocket:
        websocket.send_bytes(b"\x00\x01")
        assert error_of(websocket)["code"] == "malformed"
        websocket.send_json({"type": "ping"})
        assert websocket.receive_json() == {"type": "pong"}


def test_undo_only_where_every_other_seat_is_a_bot(client: TestClient) -> None:
    friends = new_table(client)
    with client.websocket_connect("/ws") as websocket:
        assert join(websocket, friends, 0)["can_undo"] is False
        websocket.send_json({"type": "undo"})
        assert error_of(websocket)["code"] == "illegal"


def play_out(websocket: Any, state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play the seat's turns with a random bot until the game is over."""
    bot = create("random", seed=seat)
    while state["winner"] is None:
        observation = state["observation"]
        if observation["to_act"] == seat and observation["legal_actions"]:
            time.sleep(1 / 7)  # at a person's pace: the server takes at most 8 messages a second from one connection
            websocket.send_json({"type": "act", "action": bot.act(observation), "expect": state["actions"]})
        state = receive_state(websocket)
    return state


def test_a_whole_game_against_bots_then_its_record_and_replay(client: TestClient) -> None:
    seats = [{"kind": "human"}] + [{"kind": "random"}] * 3
    table = new_table(client, seats=seats, target=3)
    assert client.get(f"/api/tables/{table['table']}/record").status_code == 403
    with client.websocket_connect("/ws") as websocket:
        state = play_out(websocket, join(websocket, table, 0), 0)
    assert max(state["observation"]["scores"]) >= 3
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert bowers.replay(record).winner == state["winner"]
    replay = client.post(f"/api/replays?table={table['table']}").json()
    assert replay["deals"] == [len(deal["actions"]) + 1 for deal in record["deals"]]
    assert len(replay["positions"]) == replay["deals"][0]  # the first hand comes with the answer; the others on request
    first = replay["positions"][0]
    assert first["hands"] == record["deals"][0]["hands"]
    last = len(record["deals"]) - 1
    answer = client.get(f"/api/replays/{replay['replay']}/deals/{last}").json()
    assert answer["deal"] == last and len(answer["positions"]) == replay["deals"][last]
    assert answer["positions"][-1]["observation"]["scores"] == state["observation"]["scores"]
    assert client.get(f"/api/replays/{replay['replay']}/deals/{last + 1}").status_code == 400
    assert client.get(f"/api/replays/{replay['replay']}/deals/minus-one").status_code == 400
    assert client.get(f"/api/replays/{replay['replay']}/deals/%C2%B2").status_code == 400  # a digit, but not 0-9
    assert client.get(f"/api/replays/{replay['replay']}/deals/%D9%A3").status_code == 400
    assert client.get("/api/replays/unknown/deals/0").status_code == 404


def test_undo_against_bots_takes_back_the_persons_decision(client: TestClient, database_path: Path) -> None:
    seats = [{"kind": "human"}] + [{"kind": "random"}] * 3
    table = new_table(client, seats=seats)
    with client.websocket_connect("/ws") as websocket:
        state = join(websocket, table, 0)
        # The person's first real decision: a card that is the only one they may play is no decision to take back.
        while state["observation"]["to_act"] != 0 or len(state["observation"]["legal_actions"]) == 1:
            if state["observation"]["to_act"] == 0:
                forced = state["observation"]["legal_actions"][0]
                websocket.send_json({"type": "act", "action": forced, "expect": state["actions"]})
                state = receive_state(websocket, state["actions"] + 1)
            else:
                state = receive_state(websocket)
        before = state
        websocket.send_json({"type": "act", "action": state["observation"]["legal_actions"][0], "expect": state["actions"]})
        state = receive_state(websocket, before["actions"] + 1)
        assert state["can_undo"]
        # The bots answer until it is the person's turn again, or a new hand begins (whose first actions, some
        # of them maybe the person's forced ones, are not the decision to take back).
        hand = before["observation"]["hand_number"]
        while state["observation"]["to_act"] != 0 and state["winner"] is None and state["observation"]["hand_number"] == hand:
            state = receive_state(websocket)
        websocket.send_json({"type": "undo"})
        state = receive_state(websocket, before["actions"])
        assert state["observation"] == before["observation"]
    assert stored_actions(database_path, table["table"]) == before["actions"]


def test_uploads_of_records_and_egn_files_replay(client: TestClient) -> None:
    game = bowers.Game("standard", seed=11, target=2)
    bot = create("random", seed=3)
    while not game.is_over:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)  # type: ignore[arg-type]
    record = game.record()
    answer = client.post("/api/replays", content=json.dumps(record)).json()
    last = client.get(f"/api/replays/{answer['replay']}/deals/{len(record['deals']) - 1}").json()
    assert answer["variant"] == "standard" and last["positions"][-1]["observation"]["scores"] == game.scores
    egn = client.post("/api/replays", content=dump_egn(record))
    assert egn.status_code == 201 and egn.json()["deals"] == answer["deals"]
    evaluation = client.get(f"/api/replays/{answer['replay']}/evaluation", params={"deal": 0, "index": 0})
    assert evaluation.status_code == 200 and "values" in evaluation.json()
    assert client.get(f"/api/replays/{answer['replay']}/evaluation", params={"deal": "x"}).status_code == 400
    for body, fragment in [("{", "not valid JSON"), ("[]", "JSON object"), (json.dumps({**record, "deals": []}), "deals")]:
        refused = client.post("/api/replays", content=body)
        assert refused.status_code == 400 and fragment in refused.json()["error"]
    assert client.post("/api/replays", content=b"\xff\xfe\x00").status_code == 400


def test_a_hint_on_your_turn_and_not_otherwise(client: TestClient) -> None:
    table = new_table(client, seed=5)
    to_act = bowers.Game("standard", seed=5).to_act
    assert to_act is not None
    with client.websocket_connect("/ws") as actor, client.websocket_connect("/ws") as other:
        state = join(actor, table, to_act)
        assert state["hint_available"]
        join(other, table, (to_act + 1) % 4)
        other.send_json({"type": "hint"})
        assert "your own turn" in error_of(other)["message"]
        actor.send_json({"type": "hint"})
        while (message := actor.receive_json())["type"] != "hint":
            pass
        assert message["advice"] and {a["action"] for a in message["advice"]} <= set(state["observation"]["legal_actions"])
        # The first decision is a bid, valued by the learned chances of the hand's results at this score.
        assert state["observation"]["phase"] != "play"
        assert all(0.0 <= a["win_chance"] <= 1.0 and isinstance(a["win_change"], float) for a in message["advice"])
        assert all("learned" in a["reason"] and "chance of winning the game" in a["reason"] for a in message["advice"])


def test_a_flood_of_new_tables_is_refused(database_path: Path) -> None:
    with TestClient(create_app(database_path, pool="thread", table_burst=2)) as limited:
        body = {"variant": "two-hand", "seats": [{"kind": "human"}, {"kind": "random"}]}
        assert [limited.post("/api/tables", json=body).status_code for _ in range(3)] == [201, 201, 429]


def finished_record(seed: int = 11) -> dict[str, Any]:
    game = bowers.Game("standard", seed=seed, target=2)
    bot = create("random", seed=3)
    while not game.is_over:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)  # type: ignore[arg-type]
    return game.record()


def test_the_replay_evaluation_is_the_solvers(client: TestClient) -> None:
    from bowers.server import replay as replays

    record = finished_record()
    answer = client.post("/api/replays", content=json.dumps(record)).json()
    play = next(p for p in answer["positions"] if any(a.startswith("play:") for a in p["observation"]["legal_actions"]))
    query = {"deal": play["deal"], "index": play["index"]}
    evaluation = client.get(f"/api/replays/{answer['replay']}/evaluation", params=query).json()
    if hasattr(bowers, "solve"):
        expected = bowers.solve(replays.game_at(record, play["deal"], play["index"]))
        assert evaluation == {"available": True, "values": expected, "reason": ""}
        assert set(evaluation["values"]) == set(play["observation"]["legal_actions"])
    else:
        assert evaluation["available"] is False and evaluation["values"] == {}


def test_positions_outside_play_get_the_solvers_reason(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_solve(game: bowers.Game) -> dict[str, int]:
        if game.phase != "play":
            raise bowers.IllegalAction(game.to_act, "solve", "the solver evaluates the play of the cards")
        return {action: 1 for action in game.legal_actions()}

    monkeypatch.setattr(bowers, "solve", fake_solve, raising=False)
    answer = client.post("/api/replays", content=json.dumps(finished_record())).json()
    assert answer["solver"] is True
    first = client.get(f"/api/replays/{answer['replay']}/evaluation", params={"deal": 0, "index": 0}).json()
    assert first["values"] == {} and "play of the cards" in first["reason"]
    play = next(p for p in answer["positions"] if p["observation"]["phase"] == "play")
    values = client.get(
        f"/api/replays/{answer['replay']}/evaluation", params={"deal": play["deal"], "index": play["index"]}
    ).json()
    assert values["values"] == {action: 1 for action in play["observation"]["legal_actions"]}
    missing = client.get(f"/api/replays/{answer['replay']}/evaluation", params={"deal": 99, "index": 0})
    assert missing.status_code == 400


def test_a_long_finished_game_is_sent_in_pages(database_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bowers.server import app as app_module
    from bowers.server.schema import RESULTS_SHOWN

    game = bowers.Game("standard", seed=5, target=160)
    bots = [create("random", seed=seat) for seat in range(4)]
    while len(game.results) < RESULTS_SHOWN + 5:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    database = Database(database_path)
    seats = [{"kind": "random", "settings": {}, "name": None}] * 4
    database.add_table("long", "standard", {"target": 160}, 5, 1, seats, [None] * 4)
    for number, (seat, action) in enumerate((s, a) for deal in game.record()["deals"] for s, a in deal["actions"]):
        database.add_action("long", number, seat, action, False)
    database.end("long", "owner", "The person who opened this table has ended it.")
    database.close()
    monkeypatch.setattr(app_module, "RECORD_PAGE", 10)
    with TestClient(create_app(database_path, pool="thread")) as client:
        whole = client.get("/api/tables/long/record").json()
        assert whole == json.loads(json.dumps(game.record()))
        pages = [client.get(f"/api/tables/long/record?from={first}").json() for first in range(0, len(whole["deals"]), 10)]
        assert [deal for page in pages for deal in page["deals"]] == whole["deals"]
        assert {page["deals_total"] for page in pages} == {len(whole["deals"])} and pages[1]["deals_from"] == 10
        assert client.get("/api/tables/long/record?from=-1").status_code == 400
        with client.websocket_connect("/ws") as socket:
            socket.send_json({"type": "join", "table": "long", "token": None})
            state = receive_state(socket)
    assert state["results_from"] == len(game.results) - RESULTS_SHOWN
    assert state["results"] == json.loads(json.dumps(game.results[-RESULTS_SHOWN:]))
