"""Matches and self-play data on Ray: the same figures as on local processes, errors that arrive whole.

One local Ray cluster (two CPUs) is started for the module; the runs under
test join it.  The command-line runs start and stop their own.  In CI (``CI``
set) a missing Ray is a failure, never a skip.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from functools import partial
from http.server import HTTPServer, SimpleHTTPRequestHandler
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from bowers.cli import cli
from bowers.errors import MatchFailure, OptionError
from bowers.match import Side, cluster, plan_match, play_games, play_match
from tests.repository_scripts import load_script

if importlib.util.find_spec("ray") is None:
    if os.environ.get("CI"):
        raise RuntimeError("the cluster tests need Ray: pip install 'bowers[cluster]'")
    pytest.skip("Ray is not installed (pip install 'bowers[cluster]')", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
SLOW_FIRST, QUICK = 4.0, 0.15  # seconds of the first argument of ``finish_slowly`` and of every other
BOWERS = [sys.executable, "-c", "from bowers.cli import main; main()"]  # the ``bowers`` command


@pytest.fixture(scope="module", autouse=True)
def ray_session() -> Iterator[None]:
    """A local Ray cluster with two CPUs for every test of the module; the matches under test join it."""
    ray = cluster.import_ray()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()


def figures(summary: Any) -> Any:
    """A result's JSON without what depends on the machine: the timings and the number of workers."""
    if isinstance(summary, Mapping):
        return {
            key: figures(value)
            for key, value in summary.items()
            if "seconds" not in key and key not in ("workers", "hands_per_second")
        }
    if isinstance(summary, list):
        return [figures(value) for value in summary]
    return summary


def read_folder(folder: Path) -> dict[str, str]:
    """Every file of a folder by name, with its text."""
    return {path.name: path.read_text() for path in sorted(folder.iterdir())}


def test_outcomes_arrive_in_order_in_chunks() -> None:
    arguments = list(range(53))
    assert list(cluster.map_ordered(abs, [-n for n in arguments], "local", chunk=4)) == arguments
    assert cluster.chunk_size(53, 2) == 1 and cluster.chunk_size(100_000, 2) == 32


def finish_slowly(folder: Path, number: int) -> int:
    """``number``, after a sleep (far longer for the first), leaving a file in ``folder`` to say it is done."""
    time.sleep(SLOW_FIRST if number == 0 else QUICK)
    (folder / str(number)).touch()
    return number


def test_a_slow_first_task_leaves_the_other_cpus_working_and_the_results_in_order(tmp_path: Path) -> None:
    arguments = list(range(24))  # a task each, on two CPUs: the first holds one CPU while the other works on
    started = time.perf_counter()
    with closing(cluster.map_ordered(partial(finish_slowly, tmp_path), arguments, "local", chunk=1)) as arriving:
        outcomes = [next(arriving)]
        done_meanwhile = len(list(tmp_path.iterdir()))  # the tasks finished when the first one's result came
        outcomes += arriving
    seconds = time.perf_counter() - started
    assert outcomes == arguments
    # More tasks ran than can be in flight at once (the other CPU kept working), but no more than are ever held.
    assert cluster.TASKS_PER_CPU * 2 < done_meanwhile <= cluster.HELD_PER_CPU * 2
    serial = SLOW_FIRST + QUICK * (len(arguments) - 1)  # one CPU, or a second one idle behind the first task
    assert seconds < serial - 1.5, seconds


def test_a_match_of_deals_is_the_same_on_ray_as_on_local_processes(tmp_path: Path) -> None:
    players = ["heuristic", "random"]
    arrived: dict[str, list[int]] = {"local": [], "ray": []}
    local = plan_match("standard", players, deals=48, seed=5, workers=2).play(
        progress=arrived["local"].append, records=tmp_path / "local"
    )
    on_ray = plan_match("standard", players, deals=48, seed=5, workers=2, cluster="local")
    assert on_ray.cluster == "local"
    ray_result = on_ray.play(progress=arrived["ray"].append, records=tmp_path / "ray")
    assert figures(ray_result.to_dict()) == figures(local.to_dict())
    assert arrived["ray"] == arrived["local"] == list(range(1, 49))  # progress told of every deal, in order
    assert read_folder(tmp_path / "ray") == read_folder(tmp_path / "local")  # every record written, the same


def test_whole_games_are_the_same_on_ray_as_on_local_processes() -> None:
    local = play_games("two-hand", ["heuristic", "random"], games=4, seed=3, workers=1)
    on_ray = play_games("two-hand", ["heuristic", "random"], games=4, seed=3, workers=2, cluster="local")
    assert figures(on_ray.to_dict()) == figures(local.to_dict())


def test_a_study_is_the_same_on_ray_as_on_local_processes() -> None:
    from bowers.stats import study

    local = study("railroad", players="heuristic,random", deals=12, seed=4, workers=2)
    on_ray = study("railroad", players="heuristic,random", deals=12, seed=4, workers=2, cluster="local")
    assert figures(on_ray.to_dict()) == figures(local.to_dict())
    result = CliRunner().invoke(cli, ["stats", "--players", "heuristic", "--deals", "4", "--ray", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hands"] == 8


def training_script(name: str) -> ModuleType:
    """A script of ``training/``, loaded by path as the repository keeps it (it is not part of the package)."""
    return load_script(f"training/{name}.py", f"bowers_training_{name}")


def test_self_play_data_is_the_same_on_ray_as_on_local_processes(tmp_path: Path) -> None:
    hand_outcomes = training_script("hand_outcomes")
    common = ["--variant", "standard", "--variant", "railroad", "--hands", "520", "--bot", "heuristic", "--seed", "4"]
    assert hand_outcomes.main([*common, "--workers", "1", "--output", str(tmp_path / "local.json")]) == 0
    assert hand_outcomes.main([*common, "--workers", "2", "--ray", "--output", str(tmp_path / "ray.json")]) == 0
    local = json.loads((tmp_path / "local.json").read_text())
    assert sum(count for *_, count in local["railroad"]["outcomes"]) == 520
    assert (tmp_path / "ray.json").read_text() == (tmp_path / "local.json").read_text()


class CrashingBot:
    """Fails on its third decision of a hand, the way a bot with a bug would."""

    name = "crashing"

    def __init__(self, seed: int | None = None) -> None:
        self.decisions = 0

    def act(self, observation: Mapping[str, Any]) -> str:
        self.decisions += 1
        if self.decisions == 3:
            raise KeyError("no such card")
        return str(observation["legal_actions"][0])


def test_a_failing_bot_arrives_whole_from_ray() -> None:
    players = ["random", Side("crashing", factory=CrashingBot)]
    with pytest.raises(MatchFailure) as local:
        play_match("two-hand", players, deals=4, seed=7, workers=1)
    with pytest.raises(MatchFailure) as on_ray:
        play_match("two-hand", players, deals=4, seed=7, workers=2, cluster="local")
    assert type(on_ray.value) is MatchFailure
    assert on_ray.value._arguments() == local.value._arguments()
    assert str(on_ray.value) == str(local.value)


def test_a_missing_ray_is_one_error_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` now fails, as where it is not installed
    with pytest.raises(OptionError, match=r"pip install 'bowers\[cluster\]'"):
        play_match("standard", ["random", "random"], deals=2, workers=1, cluster="local")
    result = CliRunner().invoke(cli, ["match", "--players", "random,random", "--deals", "2", "--ray", "--json"])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert lines[0].startswith("Error:") and "pip install 'bowers[cluster]'" in lines[0]


def test_a_bad_address_is_refused_quickly_and_named() -> None:
    with pytest.raises(OptionError, match="not a Ray cluster's address"):
        cluster.check_reachable("ray://:10001")
    started = time.perf_counter()
    with pytest.raises(OptionError, match=r"cannot reach a Ray cluster at 127\.0\.0\.1:9"):
        cluster.check_reachable("127.0.0.1:9")
    assert time.perf_counter() - started < 5


@pytest.fixture(scope="module")
def web_server() -> Iterator[str]:
    """The address of a web server on this machine: it accepts connections and answers, but is no Ray cluster."""
    with HTTPServer(("127.0.0.1", 0), SimpleHTTPRequestHandler) as server:
        serving = threading.Thread(target=server.serve_forever, daemon=True)
        serving.start()
        yield f"127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.mark.parametrize("command", ["match", "stats"])
@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("127.0.0.1", "cannot reach a Ray cluster at 127.0.0.1:6379"),  # no port: the head's default
        ("127.0.0.1:9", "cannot reach a Ray cluster at 127.0.0.1:9"),
        ("web", "answers, but not as a Ray cluster does"),
    ],
)
def test_a_bad_address_ends_the_command_in_one_line(command: str, address: str, said: str, web_server: str) -> None:
    address = web_server if address == "web" else address
    # The command in a process of its own, which holds no Ray session yet.
    started = time.perf_counter()
    command_line = [*BOWERS, command, "--players", "heuristic,heuristic", "--deals", "4", "--ray", address]
    done = subprocess.run(command_line, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert time.perf_counter() - started < 10
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1, done.stdout + done.stderr
    assert lines[0].startswith("Error:") and said in lines[0]


def test_the_command_starts_its_own_cluster_and_prints_the_same_figures() -> None:
    arguments = ["match", "--players", "heuristic,random", "--deals", "12", "--seed", "2", "--workers", "2", "--json"]
    done = subprocess.run([*BOWERS, *arguments, "--ray"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    local = CliRunner().invoke(cli, [*arguments, "--workers", "1"])
    assert figures(json.loads(done.stdout)) == figures(json.loads(local.stdout))  # nothing but the JSON on stdout


def test_the_engine_and_the_command_never_import_ray() -> None:
    probe = (
        "import sys, bowers, bowers.match, bowers.cli\n"
        "bowers.match.play_match('standard', ['random', 'random'], deals=2, workers=1)\n"
        "assert 'ray' not in sys.modules and 'bowers.match.cluster' not in sys.modules, 'Ray was imported'\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_plan_refuses_a_cluster_that_is_not_text() -> None:
    with pytest.raises(OptionError, match="cluster"):
        plan_match("standard", ["random", "random"], deals=2, workers=1, cluster="  ")


def test_stopping_early_leaves_the_held_session_working() -> None:
    for _ in range(5):  # the tasks left in flight finish on their own; nothing of theirs reaches the next run
        arriving = cluster.map_ordered(abs, list(range(-400, 0)), "local", chunk=1)
        with closing(arriving):
            assert next(arriving) == 400
    assert cluster.import_ray().is_initialized()  # the session this process holds stays open
    assert list(cluster.map_ordered(abs, list(range(-50, 0)), "local", chunk=3)) == list(range(50, 0, -1))


def test_stopping_early_shuts_down_a_cluster_started_for_the_run() -> None:
    probe = (
        "from contextlib import closing\n"
        "from bowers.match import cluster\n"
        "arriving = cluster.map_ordered(abs, list(range(-400, 0)), 'local', workers=1, chunk=1)\n"
        "with closing(arriving):\n"
        "    assert next(arriving) == 400\n"
        "assert not cluster.import_ray().is_initialized(), 'the cluster is still up'\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_held_starts_one_cluster_for_several_runs() -> None:
    probe = (
        "import ray\n"
        "from bowers.match.parallel import held, play_all\n"
        "starts = []\n"
        "init = ray.init\n"
        "ray.init = lambda *args, **options: starts.append(options) or init(*args, **options)\n"
        "with held('local', 1):\n"
        "    assert play_all(pow, 2, 3, 1, None, cluster='local') == [1, 2, 4]\n"
        "    assert play_all(pow, 3, 2, 1, None, cluster='local') == [1, 3]\n"
        "assert len(starts) == 1, starts\n"
        "assert not ray.is_initialized(), 'the cluster is still up'\n"
        "with held(None, 1):\n"
        "    assert play_all(pow, 2, 2, 1, None) == [1, 2]\n"
        "assert len(starts) == 1, starts\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@contextmanager
def http2_server(status: int) -> Iterator[str]:
    """The address of a server speaking HTTP/2 that answers every request with ``status`` (as a static HPACK index)
    and is no gRPC server unless that is 0x88, 200."""
    listener = socket.create_server(("127.0.0.1", 0))

    def answer() -> None:
        connection = listener.accept()[0]
        with connection:
            connection.recv(4096)
            settings, headers = cluster._frame(0x4, 0), cluster._frame(0x1, 0x4, bytes((status,)), stream=1)
            connection.sendall(settings + headers)
            connection.recv(4096)

    threading.Thread(target=answer, daemon=True).start()
    with listener:
        yield f"127.0.0.1:{listener.getsockname()[1]}"


def test_a_server_speaking_http2_passes_only_if_it_answers_as_grpc() -> None:
    refused = pytest.raises(OptionError, match="answers, but not as a Ray cluster does")
    with http2_server(0x8D) as address, refused:  # 404, as a web server or a proxy answers
        cluster.check_reachable(address, seconds=1.0)
    with http2_server(0x88) as address:  # 200, as any gRPC server answers
        cluster.check_reachable(address, seconds=1.0)


def test_an_address_that_answers_but_is_not_ray_is_refused_in_one_line() -> None:
    with socket.create_server(("127.0.0.1", 0)) as listener:  # accepts connections and never speaks HTTP/2
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        accepting = threading.Thread(target=lambda: listener.accept()[0].recv(64), daemon=True)
        accepting.start()
        started = time.perf_counter()
        with pytest.raises(OptionError, match="answers, but not as a Ray cluster does"):
            cluster.check_reachable(address, seconds=1.0)
        assert time.perf_counter() - started < 5


def test_a_running_clusters_own_address_passes_the_check() -> None:
    ray = cluster.import_ray()
    gcs_address = ray.get_runtime_context().gcs_address  # the head of the module's local cluster
    cluster.check_reachable(gcs_address)
