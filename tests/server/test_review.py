"""Reviewing a finished game: the seat's decisions and the strong bot's values of them, the chance of winning hand
by hand, the progress while it runs, one review at a time per address, and never a card the seat did not see."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

import bowers
from bowers.bots import create
from bowers.server import replay as replays
from bowers.server import review
from bowers.server.pool import TimeLimitExceeded
from tests.server.conftest import new_table, receive_state
from tests.server.test_protocol import join, play_out

CARD = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def finished_table(client: TestClient, seed: int = 4) -> dict[str, Any]:
    """A game of a person (played by a random bot through the websocket) and three bots, to 3 points."""
    seats = [{"kind": "human"}] + [{"kind": "random"}] * 3
    table = new_table(client, seats=seats, target=3, seed=seed)
    with client.websocket_connect("/ws") as websocket:
        play_out(websocket, join(websocket, table, 0), 0)
    return table


def finished_record(seed: int = 12, target: int = 6) -> dict[str, Any]:
    """A game of four random bots to ``target`` points."""
    game = bowers.Game("standard", seed=seed, target=target)
    bot = create("random", seed=3)
    while not game.is_over:
        game.apply(bot.act(game.observation(game.to_act)), seat=game.to_act)  # type: ignore[arg-type]
    return game.record()


def reviewed(client: TestClient, body: dict[str, Any], seconds: float = 120) -> dict[str, Any]:
    """Ask for a review until it is done, checking each answer on the way."""
    deadline = time.monotonic() + seconds
    while True:
        response = client.post("/api/reviews", json=body)
        answer: dict[str, Any] = response.json()
        if response.status_code == 200:
            return answer
        assert response.status_code == 202, answer
        assert answer["status"] == "running"
        assert re.fullmatch(r"getting the game ready for review|reviewing hand \d+ of \d+", answer["message"])
        assert time.monotonic() < deadline
        time.sleep(0.05)


def seat_decisions(record: dict[str, Any], seat: int) -> list[tuple[int, int, str]]:
    """Every decision of a seat in a record: (hand, action index, action) where it had more than one choice."""
    found = []
    for number, deal in enumerate(record["deals"]):
        for index, (actor, action) in enumerate(deal["actions"]):
            game = replays.game_at(record, number, index)
            if actor == seat and len(game.legal_actions()) > 1:
                found.append((number, index, game.space.names[game.action_id(action, seat)]))
    return found


def only_what_the_seat_saw(record: dict[str, Any], answer: dict[str, Any]) -> None:
    """Each decision names only cards in the seat's own observation at that moment (its hand, the turn-up, the
    cards played): no other seat's hidden card."""
    seat = answer["seat"]
    for decision in answer["decisions"]:
        seen = set(CARD.findall(json.dumps(replays.game_at(record, decision["hand"], decision["index"]).observation(seat))))
        named = set(CARD.findall(json.dumps(decision)))
        assert named <= seen, (decision, named - seen)
        hidden = {card for other, hand in enumerate(record["deals"][decision["hand"]]["hands"]) if other != seat for card in hand}
        assert not (set(decision["cards"]) & hidden)


def test_a_player_reviews_their_own_decisions_in_the_tables_game(client: TestClient) -> None:
    table = finished_table(client)
    record = client.get(f"/api/tables/{table['table']}/record").json()
    token = table["seats"][0]["token"]
    answer = reviewed(client, {"table": table["table"], "token": token})
    assert answer["seat"] == 0 and answer["status"] == "done" and answer["level"] == review.REVIEW_LEVEL
    assert answer["hands_total"] == len(record["deals"]) and answer["first_hand"] == 0 and not answer["hands_skipped"]
    assert [(d["hand"], d["index"], d["played"]) for d in answer["decisions"]] == seat_decisions(record, 0)
    for decision in answer["decisions"]:
        values = [choice["value"] for choice in decision["choices"]]
        assert decision["best"] == decision["choices"][0]["action"]
        assert decision["played"] in [choice["action"] for choice in decision["choices"]]
        # Standard Euchre has a chance-of-winning table: each choice carries the chance it leaves the seat's team,
        # and the bot ranks its choices by it, best first (the chances are rounded to 4 places, the ranking is not).
        chances = [choice["chance"] for choice in decision["choices"]]
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert all(later <= earlier + 1e-4 for earlier, later in itertools.pairwise(chances))
        played = next(choice["value"] for choice in decision["choices"] if choice["action"] == decision["played"])
        assert decision["cost"] == pytest.approx(max(0.0, values[0] - played), abs=0.002)
    only_what_the_seat_saw(record, answer)
    # The chance of winning before the first hand and after each, for the seat's team: the last says who won.
    chances = answer["chances"]
    assert [point["hand"] for point in chances] == list(range(len(record["deals"]) + 1))
    assert chances[0]["scores"] == [0, 0] and 0.3 < chances[0]["chance"] < 0.7
    won = bowers.replay(record).winner == 0
    assert chances[-1]["chance"] == (1.0 if won else 0.0)
    # Kept: asked again, it answers at once; the seat's key reviews its own seat only.
    assert client.post("/api/reviews", json={"table": table["table"], "token": token}).json() == answer
    other = client.post("/api/reviews", json={"table": table["table"], "token": token, "seat": 1})
    assert other.status_code == 403 and "own seat" in other.json()["error"]
    wrong = client.post("/api/reviews", json={"table": table["table"], "token": "not-a-key", "seat": 0})
    assert wrong.status_code == 403


def test_a_claimed_seat_is_reviewed_with_its_secret_not_its_invite_link(client: TestClient) -> None:
    table = finished_table(client)
    invite = table["seats"][0]["token"]
    claimed = client.post(f"/api/tables/{table['table']}/claim", json={"token": invite})
    assert claimed.status_code == 200, claimed.text
    secret = claimed.json()["secret"]
    answer = reviewed(client, {"table": table["table"], "token": secret})
    assert answer["seat"] == 0
    other = client.post("/api/reviews", json={"table": table["table"], "token": secret, "seat": 1})
    assert other.status_code == 403 and "own seat" in other.json()["error"]
    # The invite link of the claimed seat opens it no more: its holder (the opener, say) reviews as a spectator does.
    refused = client.post("/api/reviews", json={"table": table["table"], "token": invite})
    assert refused.status_code == 403 and "opens no seat" in refused.json()["error"]
    assert reviewed(client, {"table": table["table"], "seat": 1})["seat"] == 1


def test_a_spectator_chooses_the_seat_and_sees_only_that_seats_cards(client: TestClient) -> None:
    table = finished_table(client, seed=9)
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert client.post("/api/reviews", json={"table": table["table"]}).status_code == 400  # no seat chosen
    answer = reviewed(client, {"table": table["table"], "seat": 2})
    assert answer["seat"] == 2 and answer["team"] == 0
    assert [(d["hand"], d["index"], d["played"]) for d in answer["decisions"]] == seat_decisions(record, 2)
    only_what_the_seat_saw(record, answer)


def test_a_game_still_played_is_not_reviewed(client: TestClient) -> None:
    table = new_table(client, seats=[{"kind": "human"}] + [{"kind": "random"}] * 3)
    response = client.post("/api/reviews", json={"table": table["table"], "token": table["seats"][0]["token"]})
    assert response.status_code == 403 and "still being played" in response.json()["error"]
    assert client.post("/api/reviews", json={"table": "nosuchtable", "seat": 0}).status_code == 404


def test_a_replay_is_reviewed_for_the_chosen_seat_and_a_long_game_for_its_last_hands(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(review, "REVIEW_HANDS", 2)
    record = finished_record(seed=12)
    upload = client.post("/api/replays", content=json.dumps(record)).json()
    answer = reviewed(client, {"replay": upload["replay"], "seat": 1})
    total = len(record["deals"])
    assert total > 2 and answer["hands_total"] == total and answer["first_hand"] == total - 2 and answer["hands_reviewed"] == 2
    assert [(d["hand"], d["index"], d["played"]) for d in answer["decisions"]] == [
        found for found in seat_decisions(record, 1) if found[0] >= total - 2
    ]
    assert len(answer["chances"]) == total + 1  # the chart covers the whole game
    only_what_the_seat_saw(record, answer)
    assert client.post("/api/reviews", json={"replay": "gone", "seat": 0}).status_code == 404


def test_progress_and_one_review_at_a_time_from_an_address(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record(seed=12)
    upload = client.post("/api/replays", content=json.dumps(record)).json()
    gate = threading.Event()
    started = threading.Semaphore(0)
    quick = review.hand_decisions

    def held(hand: dict[str, Any], seat: int, thinking: float) -> list[dict[str, Any]]:
        started.release()
        assert gate.wait(30)
        return quick(hand, seat, thinking)

    monkeypatch.setattr(review, "hand_decisions", held)
    first = client.post("/api/reviews", json={"replay": upload["replay"], "seat": 0})
    assert first.status_code == 202 and first.json()["status"] == "running"
    assert started.acquire(timeout=30)
    hands = len(record["deals"])
    progress = client.post("/api/reviews", json={"replay": upload["replay"], "seat": 0}).json()
    assert progress["message"] == f"reviewing hand 1 of {hands}" and progress["hands"] == hands
    # Another review from the same address waits for this one, said in words; nothing is started.
    second = client.post("/api/reviews", json={"replay": upload["replay"], "seat": 1})
    assert second.status_code == 429 and "still under way" in second.json()["error"]
    gate.set()
    answer = reviewed(client, {"replay": upload["replay"], "seat": 0})
    assert answer["hands_reviewed"] == hands
    assert reviewed(client, {"replay": upload["replay"], "seat": 1})["seat"] == 1  # now it may start


def test_an_addresss_reviews_are_budgeted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record(seed=12)
    upload = client.post("/api/replays", content=json.dumps(record)).json()
    monkeypatch.setattr(review, "REVIEW_HANDS", 1)
    client.app.state.reviews = review.Reviews()  # type: ignore[attr-defined]
    client.app.state.reviews.limits = review.AddressLimits(1 / 60, 2)  # type: ignore[attr-defined]
    for seat in (0, 1):
        reviewed(client, {"replay": upload["replay"], "seat": seat})
    refused = client.post("/api/reviews", json={"replay": upload["replay"], "seat": 2})
    assert refused.status_code == 429 and "reviews an hour" in refused.json()["error"]
    assert client.post("/api/reviews", json={"replay": upload["replay"], "seat": 0}).status_code == 200  # kept ones stay


def test_a_table_ended_in_the_middle_of_a_hand_is_reviewed_up_to_where_it_stopped(client: TestClient) -> None:
    table = new_table(client, seats=[{"kind": "human"}] + [{"kind": "random"}] * 3, seed=5, target=10)
    token = table["seats"][0]["token"]
    with client.websocket_connect("/ws") as websocket:
        state = join(websocket, table, 0)
        bot = create("random", seed=1)
        while state["observation"]["hand_number"] < 1 or len(state["observation"]["hand"]) > 3:
            observation = state["observation"]
            if observation["to_act"] == 0 and observation["legal_actions"]:
                time.sleep(1 / 7)
                websocket.send_json({"type": "act", "action": bot.act(observation), "expect": state["actions"]})
            state = receive_state(websocket)
    assert client.post(f"/api/tables/{table['table']}/end", json={"token": token}).status_code == 200
    record = client.get(f"/api/tables/{table['table']}/record").json()
    answer = reviewed(client, {"table": table["table"], "token": token})
    assert answer["hands_total"] == len(record["deals"]) >= 2
    assert [(d["hand"], d["index"], d["played"]) for d in answer["decisions"]] == seat_decisions(record, 0)
    assert len(answer["chances"]) == len(record["deals"])  # no chance after the hand that was cut short
    only_what_the_seat_saw(record, answer)


def test_a_review_that_fails_says_so_and_may_be_asked_for_again(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record(seed=12)
    upload = client.post("/api/replays", content=json.dumps(record)).json()

    def broken(hand: dict[str, Any], seat: int, thinking: float) -> list[dict[str, Any]]:
        raise RuntimeError("a fault")

    monkeypatch.setattr(review, "hand_decisions", broken)
    body = {"replay": upload["replay"], "seat": 0}
    with pytest.raises(AssertionError, match="could not review this game"):
        reviewed(client, body)
    monkeypatch.undo()
    assert reviewed(client, body)["seat"] == 0


def test_a_hand_that_runs_past_the_time_limit_is_tried_again_quicker_then_left_out(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = finished_record(seed=12)
    upload = client.post("/api/replays", content=json.dumps(record)).json()
    monkeypatch.setattr(review, "REVIEW_HANDS", 2)
    quick = review.hand_decisions
    tries: list[float] = []

    def busy(hand: dict[str, Any], seat: int, thinking: float) -> list[dict[str, Any]]:
        tries.append(thinking)
        first_try = thinking == review.REVIEW_THINKING_SECONDS
        last_hand = hand["deals"][0] == record["deals"][-1]
        if first_try or last_hand:  # every hand's first try runs past the limit, and the last hand's second too
            raise TimeLimitExceeded("the job ran past its limit of 10 seconds")
        return quick(hand, seat, thinking)

    monkeypatch.setattr(review, "hand_decisions", busy)
    answer = reviewed(client, {"replay": upload["replay"], "seat": 0})
    hands = len(record["deals"])
    assert tries == [review.REVIEW_THINKING_SECONDS, review.REVIEW_RETRY_SECONDS] * 2
    assert answer["hands_skipped"] == [hands - 1]  # tried twice, then left out; the hand before, reviewed on its retry
    assert {decision["hand"] for decision in answer["decisions"]} == {hands - 2}
