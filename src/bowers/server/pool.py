"""A pool of worker processes that can be killed: jobs shared fairly between keys, each under a hard time limit.

Each job belongs to a key (say, a table) and a group of keys (say, the
address that opened the table or asked for the work).  A key has at most one
job running at a time and a group at most ``group_share`` (half the workers,
at least one), so one visitor, however many tables or requests it starts,
always leaves workers to everyone else.  A free worker goes to the waiting
group that used the least worker time lately, and within a group to its keys
in turn (round-robin).  A worker process that overruns a job's time limit is
killed and replaced.  Closing the pool kills its workers, and a worker dies
with the parent process even if that is killed.  The jobs are any picklable
function and arguments: the pool knows nothing of what they compute.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Any

log = logging.getLogger("bowers.server")

# How fast a key's record of worker time fades: it halves every this many seconds.
USAGE_HALF_LIFE = 60.0
MAX_KEYS = 10_000
STARTUP_SECONDS = 60.0  # how long a new worker process may take to start (its imports); not part of a job's limit


class TimeLimitExceeded(Exception):
    """A job ran past the pool's time limit and its worker was stopped."""


class PoolBusy(Exception):
    """A group already has as many jobs waiting as its caller allows; nothing was queued."""


class WorkerDied(Exception):
    """The worker process running a job died (it was killed, or crashed) before answering."""


# ---------------------------------------------------------------------- the worker process


def _die_with_parent(parent: int) -> None:
    """Make this worker end when the server process ends, however it ends (a kill included)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        """The fallback where the kernel cannot do it: leave once the parent is gone."""
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="bowers-parent-watch", daemon=True).start()


def _answer(value: Any) -> tuple[str, Any]:
    """A job's outcome in a form that crosses the pipe (an exception that does not pickle becomes a RuntimeError)."""
    if not isinstance(value, BaseException):
        return ("ok", value)
    try:
        pickle.loads(pickle.dumps(value))
    except Exception:
        return ("error", RuntimeError(f"{type(value).__name__}: {value}"))
    return ("error", value)


def serve_jobs(connection: Connection, parent: int) -> None:
    """A worker process's loop: run each ``(function, arguments)`` received and send back its outcome."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which then stops its workers
    try:
        connection.send(("ready", None))
    except (EOFError, OSError):
        return
    while True:
        try:
            function, arguments = connection.recv()
        except (EOFError, OSError):
            return
        try:
            outcome = _answer(function(*arguments))
        except Exception as problem:
            outcome = _answer(problem)
        try:
            connection.send(outcome)
        except (pickle.PicklingError, TypeError, AttributeError) as problem:
            connection.send(_answer(RuntimeError(f"the result could not be sent back: {problem}")))
        except (EOFError, OSError):
            return


class ProcessWorker:
    """One worker process and the pipe to it; restarted when it dies or overruns a job.

    ``name`` says what its jobs are, in its process's name (``bowers-<name>``) and in its errors.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.context = multiprocessing.get_context("spawn")
        self.process: SpawnProcess | None = None
        self.connection: Connection | None = None
        self.broken = False
        self.ready = False
        # stop() runs on a job's thread (a dead or overrunning worker) and on the event loop's (closing the pool),
        # sometimes at once: the lock lets only one of them close the pipe.
        self._stopping = threading.Lock()
        self.start()

    def start(self) -> None:
        """Start a fresh process (called on the event loop's thread, which lives as long as the server)."""
        parent_end, child_end = self.context.Pipe()
        process = self.context.Process(target=serve_jobs, args=(child_end, os.getpid()), name=f"bowers-{self.name}", daemon=True)
        process.start()
        child_end.close()
        self.process, self.connection, self.broken, self.ready = process, parent_end, False, False

    def wait_until_ready(self) -> None:
        """Wait for a fresh process to say it started, so that its start-up is not counted against a job."""
        connection = self.connection
        assert connection is not None
        try:
            if connection.poll(STARTUP_SECONDS) and connection.recv() == ("ready", None):
                self.ready = True
                return
        except (EOFError, OSError):
            pass
        self.stop()
        raise WorkerDied(f"a {self.name} worker did not start")

    def call(self, function: Callable[..., Any], arguments: tuple[Any, ...], limit: float) -> Any:
        """Run one job in the process and return its result (blocks: runs on a waiting thread)."""
        if not self.ready:
            self.wait_until_ready()
        connection = self.connection
        assert connection is not None
        try:
            connection.send((function, arguments))
            answered = connection.poll(limit)
            if answered:
                status, value = connection.recv()
        except (EOFError, OSError) as problem:
            self.stop()
            raise WorkerDied(f"a {self.name} worker died: {problem or type(problem).__name__}") from None
        if not answered:
            self.stop()
            raise TimeLimitExceeded(f"the job ran past its limit of {limit:g} seconds")
        if status == "error":
            raise value
        return value

    def stop(self) -> None:
        """Kill the process now (a job it was running is lost) and mark the worker for a restart."""
        with self._stopping:
            self.broken = True
            process = self.process
            if process is not None and process.is_alive():
                process.kill()
                process.join(5)
            if self.connection is not None and not self.connection.closed:
                self.connection.close()

    def pid(self) -> int | None:
        """The worker process's id (for tests and logs)."""
        return None if self.process is None else self.process.pid


class ThreadWorker:
    """A worker that runs jobs on its waiting thread: for tests and single-process setups (no hard limit)."""

    broken = False

    def start(self) -> None:
        """Nothing to start."""

    def call(self, function: Callable[..., Any], arguments: tuple[Any, ...], limit: float) -> Any:
        """Run one job here and now."""
        return function(*arguments)

    def stop(self) -> None:
        """Nothing to stop (a running thread cannot be killed; it finishes its job)."""

    def pid(self) -> int | None:
        """Thread workers have no process."""
        return None


Worker = ProcessWorker | ThreadWorker


@dataclass(eq=False)
class Job:
    """One call waiting for, or running on, a worker."""

    key: str
    group: str
    function: Callable[..., Any]
    arguments: tuple[Any, ...]
    future: asyncio.Future[Any]


@dataclass
class Usage:
    """A key's recent worker time in seconds, fading with ``USAGE_HALF_LIFE``."""

    seconds: float = 0.0
    stamp: float = 0.0

    def now(self, when: float) -> float:
        """The faded seconds at time ``when``."""
        return self.seconds * 0.5 ** (max(0.0, when - self.stamp) / USAGE_HALF_LIFE)

    def add(self, seconds: float, when: float) -> None:
        """Count ``seconds`` more worker time at time ``when``."""
        self.seconds = self.now(when) + seconds
        self.stamp = when


class WorkerPool:
    """Workers shared fairly between groups of keys, each job under a hard time limit of ``time_limit`` seconds.

    ``kind`` is ``process`` (a process per worker: parallel, killable) or ``thread`` (for tests: no hard limit);
    ``workers`` is how many (by default one per core, up to four); ``name`` says what the jobs are, in
    process names, errors and the log; ``group_share`` how many workers one group may hold at once (by default
    half of them, at least one).
    """

    def __init__(
        self, kind: str, workers: int | None, time_limit: float, name: str = "worker", group_share: int | None = None
    ) -> None:
        if kind not in ("process", "thread"):
            raise ValueError(f"a {name} pool is 'process' or 'thread', not {kind!r}")
        self.kind = kind
        self.name = name
        self.count = workers or max(1, min(4, multiprocessing.cpu_count()))
        self.time_limit = time_limit
        self.group_share = group_share or max(1, self.count // 2)
        self.workers: list[Worker] = [ProcessWorker(name) if kind == "process" else ThreadWorker() for _ in range(self.count)]
        self.idle: list[Worker] = list(self.workers)
        self.waiting: dict[str, deque[Job]] = {}
        self.running: set[str] = set()
        self.holding: dict[str, int] = {}  # workers each group holds now
        self.queued: dict[str, int] = {}  # jobs each group has waiting
        self.turns: dict[str, int] = {}  # when each key last got a worker (a count), for its group's round-robin
        self.started = 0
        self.usage: dict[str, Usage] = {}  # each group's recent worker time
        self.tasks: set[asyncio.Task[None]] = set()
        self.threads = ThreadPoolExecutor(max_workers=self.count, thread_name_prefix=f"bowers-{name}")
        self.closed = False

    async def run(
        self, key: str, function: Callable[..., Any], *arguments: Any, group: str | None = None, most_waiting: int | None = None
    ) -> Any:
        """Run ``function(*arguments)`` on a worker when ``key``'s turn comes in its ``group`` (by default a
        group of its own); raises what it raised, ``TimeLimitExceeded`` past the time limit, ``WorkerDied`` if
        its worker died twice, or at once ``PoolBusy`` when the group has ``most_waiting`` jobs waiting already."""
        if self.closed:
            raise RuntimeError(f"the {self.name} pool is closed")
        group = key if group is None else group
        if most_waiting is not None and self.queued.get(group, 0) >= most_waiting:
            raise PoolBusy(f"{most_waiting} jobs of this group are waiting already")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(key, deque()).append(Job(key, group, function, arguments, future))
        self.queued[group] = self.queued.get(group, 0) + 1
        self.dispatch()
        return await future

    def dispatch(self) -> None:
        """Give idle workers to the waiting keys that used the least worker time lately."""
        loop = asyncio.get_running_loop()
        while self.idle:
            job = self.next_job(loop.time())
            if job is None:
                return
            worker = self.idle.pop()
            self.running.add(job.key)
            self.holding[job.group] = self.holding.get(job.group, 0) + 1
            self.started += 1
            self.turns.pop(job.key, None)
            self.turns[job.key] = self.started  # most recently served last
            task = loop.create_task(self.execute(worker, job))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def next_job(self, now: float) -> Job | None:
        """The next job to run: from the least-served group under its share, the first job of its key served
        longest ago that has nothing running."""
        while True:
            keys = [
                key
                for key, queue in self.waiting.items()
                if key not in self.running and self.holding.get(queue[0].group, 0) < self.group_share
            ]
            if not keys:
                return None
            key = min(keys, key=lambda k: (self.group_usage(self.waiting[k][0].group, now), self.turns.get(k, 0)))
            queue = self.waiting[key]
            job = queue.popleft()
            if not queue:
                del self.waiting[key]
            self.queued[job.group] -= 1
            if not self.queued[job.group]:
                del self.queued[job.group]
            if not job.future.done():  # a job whose caller gave up is dropped
                return job

    def group_usage(self, group: str, now: float) -> float:
        """A group's recent worker time in seconds (fading)."""
        usage = self.usage.get(group)
        return 0.0 if usage is None else usage.now(now)

    async def execute(self, worker: Worker, job: Job) -> None:
        """Run one job on ``worker``, retrying once on a fresh process if the worker died, then free the worker."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        outcome: Any = None
        failure: BaseException | None = None
        try:
            for attempt in (1, 2):
                try:
                    outcome = await loop.run_in_executor(self.threads, worker.call, job.function, job.arguments, self.time_limit)
                    failure = None
                    break
                except WorkerDied as problem:
                    failure = problem
                    if self.closed:
                        break
                    log.error("a %s worker died; starting a new one%s", self.name, " and asking it again" if attempt == 1 else "")
                    worker.start()
                except Exception as problem:
                    failure = problem
                    break
        except asyncio.CancelledError:
            job.future.cancel()
            raise
        finally:
            self.running.discard(job.key)
            self.holding[job.group] -= 1
            if not self.holding[job.group]:
                del self.holding[job.group]
            usage = self.usage.pop(job.group, None) or Usage()
            usage.add(loop.time() - started, loop.time())
            self.usage[job.group] = usage  # most recently used last
            self.forget_old_usage()
            if worker.broken and not self.closed:
                worker.start()
            if not self.closed:
                self.idle.append(worker)
                self.dispatch()
        if job.future.done():
            return
        if failure is None:
            job.future.set_result(outcome)
        else:
            job.future.set_exception(failure)

    def forget_old_usage(self) -> None:
        """Keep the usage records of at most ``MAX_KEYS`` groups, and the turns of as many keys (the least
        recently used go first)."""
        for group in list(self.usage)[: max(0, len(self.usage) - MAX_KEYS)]:
            if group not in self.holding:
                del self.usage[group]
        for key in list(self.turns)[: max(0, len(self.turns) - MAX_KEYS)]:
            if key not in self.running and key not in self.waiting:
                del self.turns[key]

    def pids(self) -> list[int]:
        """The worker processes' ids (none for a thread pool)."""
        return [pid for worker in self.workers if (pid := worker.pid()) is not None]

    def close(self) -> None:
        """Stop every worker now: waiting jobs are cancelled and running ones killed with their processes."""
        self.closed = True
        for queue in self.waiting.values():
            for job in queue:
                job.future.cancel()
        self.waiting.clear()
        self.queued.clear()
        for worker in self.workers:
            worker.stop()
        self.threads.shutdown(wait=False, cancel_futures=True)
