"""Replay uploads cannot freeze the server: rate-limited, worked off the event loop, linear in the game's length,
answered with only what the viewer draws; malformed files get a 400 naming the problem."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import bowers
from bowers.server import create_app
from bowers.server import replay as replays
from bowers.simulate import random_record

VIEWER_KEYS = {"deal", "index", "action", "hands", "observation"}


@pytest.fixture(scope="module")
def record_300() -> dict[str, Any]:
    return random_record(300)


@pytest.fixture
def roomy_client(database_path: Path) -> Iterator[TestClient]:
    """An app that lets one address upload as often as a test needs (the limit has its own test)."""
    with TestClient(create_app(database_path, pool="thread", workers=2, upload_burst=1000)) as test_client:
        yield test_client


def test_positions_replay_each_deal_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    deals_read = 0
    real_reader = replays.RecordReader

    class CountingReader:
        """The engine's record reader, counting the deals it replays."""

        def __init__(self, record: Any) -> None:
            self.reader = real_reader(record)

        def add_deal(self, deal: Any) -> None:
            nonlocal deals_read
            deals_read += 1
            self.reader.add_deal(deal)

        @property
        def game(self) -> Any:
            return self.reader.game

    monkeypatch.setattr(replays, "RecordReader", CountingReader)
    real_replay = replays.replay

    def counting_replay(record: Any) -> bowers.Game:
        nonlocal deals_read
        deals_read += len(record["deals"])
        return real_replay(record)

    monkeypatch.setattr(replays, "replay", counting_replay)
    for hands in (10, 40):
        deals_read = 0
        record = random_record(hands)
        positions = replays.positions(record)
        assert len(positions) == sum(len(deal["actions"]) + 1 for deal in record["deals"])
        assert deals_read <= 2 * hands  # once to check the record, once to walk it: linear, not quadratic


def test_a_long_upload_leaves_every_table_responsive(roomy_client: TestClient, record_300: dict[str, Any]) -> None:
    text = json.dumps(record_300)
    answers: list[Any] = []
    upload = threading.Thread(target=lambda: answers.append(roomy_client.post("/api/replays", content=text)))
    worst = 0.0
    with roomy_client.websocket_connect("/ws") as websocket:
        upload.start()
        while upload.is_alive():
            started = time.monotonic()
            websocket.send_json({"type": "ping"})
            assert websocket.receive_json() == {"type": "pong"}
            worst = max(worst, time.monotonic() - started)
            time.sleep(0.05)
    upload.join()
    assert answers[0].status_code == 201, answers[0].text
    assert worst < 1.0, f"a ping waited {worst:.2f} s during an upload"


def test_the_answer_holds_one_hand_of_what_the_viewer_draws(roomy_client: TestClient, record_300: dict[str, Any]) -> None:
    response = roomy_client.post("/api/replays", content=json.dumps(record_300), headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 201 and response.headers["content-encoding"] == "gzip"
    answer = response.json()
    assert answer["deals"] == [len(deal["actions"]) + 1 for deal in record_300["deals"]]
    # The answer is the size of one hand, however long the game: the viewer asks for each other hand when shown.
    assert len(answer["positions"]) == answer["deals"][0]
    size = len(json.dumps(answer))
    assert size < 40_000, f"the answer to a {len(record_300['deals'])}-hand game is {size} bytes"
    deal_response = roomy_client.get(f"/api/replays/{answer['replay']}/deals/1", headers={"Accept-Encoding": "gzip"})
    assert deal_response.status_code == 200 and deal_response.headers["content-encoding"] == "gzip"
    positions = answer["positions"] + deal_response.json()["positions"]
    assert all(set(position) == VIEWER_KEYS for position in positions)
    deal_size = len(deal_response.content)
    assert deal_size / answer["deals"][1] < 700, "each position should carry only what the viewer draws"
    assert deal_response.num_bytes_downloaded < deal_size / 3  # sent compressed
    # Every field the viewer reads is there, the hands are the record's and the calls are the hand's bids.
    first = positions[0]
    assert first["hands"] == record_300["deals"][0]["hands"]
    for name in ("phase", "to_act", "dealer", "trick", "tricks_won", "trump", "turn_up", "scores", "legal_actions", "history"):
        assert name in first["observation"]
    deal = record_300["deals"][1]
    end_of_deal = next(p for p in positions if p["deal"] == 1 and p["index"] == len(deal["actions"]))
    calls = [pair for pair in deal["actions"] if not pair[1].startswith("play:")]
    assert end_of_deal["observation"]["history"] == calls
    plain = roomy_client.post("/api/replays", content=json.dumps(record_300), headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.num_bytes_downloaded > size / 2
    # The last hand ends on the record's final score.
    last = len(record_300["deals"]) - 1
    final = roomy_client.get(f"/api/replays/{answer['replay']}/deals/{last}").json()["positions"][-1]
    assert final["observation"]["scores"] == bowers.replay(record_300).scores


def test_uploads_from_one_address_are_rate_limited(database_path: Path) -> None:
    record = json.dumps(random_record(2))
    with TestClient(create_app(database_path, pool="thread", upload_burst=2)) as limited:
        codes = [limited.post("/api/replays", content=record).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        assert "too many replays" in limited.post("/api/replays", content=record).json()["error"]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"variant": "standard", "seed": ' + "9" * 4400 + "}", "not valid JSON"),
        ('{"variant": "standard", "seed": NaN, "deals": []}', "NaN is not a JSON number"),
        ('{"metadata": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}", "nested more than 32 deep"),
        ('{"variant": "standard", "seed": ' + str(2**5000) + ', "deals": []}', "seed must be"),
    ],
    ids=["deep", "digits", "nan", "deep-metadata", "huge-seed"],
)
def test_malformed_uploads_get_a_400_naming_the_problem(
    roomy_client: TestClient, caplog: pytest.LogCaptureFixture, text: str, fragment: str
) -> None:
    response = roomy_client.post("/api/replays", content=text)
    assert response.status_code == 400 and fragment in response.json()["error"], response.text
    assert not [record for record in caplog.records if record.exc_info], "bad input logged a traceback"


def test_every_number_of_a_record_can_be_huge_without_a_500(roomy_client: TestClient) -> None:
    record = random_record(1)

    def numbers(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        if isinstance(value, dict):
            for key, item in value.items():
                yield from numbers(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from numbers(item, (*path, index))
        elif isinstance(value, int) and not isinstance(value, bool):
            yield path

    for path in list(numbers(record))[:40]:
        for huge in (2**63, -(2**63) - 1, 10**4000):
            changed = json.loads(json.dumps(record))
            target = changed
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = huge
            response = roomy_client.post("/api/replays", content=json.dumps(changed))
            assert response.status_code in (201, 400), (path, huge, response.text)


def test_each_address_keeps_its_own_last_replays_and_pushes_out_no_one_elses(database_path: Path) -> None:
    quota = replays.ReplayQuota(per_address=2)
    app = create_app(database_path, pool="thread", upload_burst=1000, replay_quota=quota, forwarded_allow_ips=("testclient",))
    record = json.dumps(random_record(2))
    with TestClient(app) as client:

        def upload(address: str) -> str:
            response = client.post("/api/replays", content=record, headers={"X-Forwarded-For": address})
            assert response.status_code == 201, response.text
            replay: str = response.json()["replay"]
            return replay

        others = upload("198.51.100.1")
        flood = [upload("203.0.113.66") for _ in range(5)]
        kept = {replay: client.get(f"/api/replays/{replay}/deals/1").status_code for replay in [others, *flood]}
    assert list(kept.values()) == [200, 404, 404, 404, 200, 200], kept


def test_the_replays_kept_are_bounded_in_all_and_outlive_a_restart(database_path: Path) -> None:
    record = json.dumps(random_record(3))
    packed = len(replays.pack(json.loads(record)))
    quota = replays.ReplayQuota(total_bytes=3 * packed)
    app = create_app(database_path, pool="thread", upload_burst=1000, replay_quota=quota, forwarded_allow_ips=("testclient",))
    with TestClient(app) as client:
        kept = [
            client.post("/api/replays", content=record, headers={"X-Forwarded-For": f"10.0.0.{n}"}).json()["replay"]
            for n in range(5)
        ]
    with TestClient(create_app(database_path, pool="thread")) as restarted:
        codes = [restarted.get(f"/api/replays/{replay}/deals/2").status_code for replay in kept]
        assert codes == [404, 404, 200, 200, 200]
        deal = restarted.get(f"/api/replays/{kept[-1]}/deals/2").json()
        assert deal["positions"] == replays.deal_positions(json.loads(record), 2)
