"""Ray for matches, studies and self-play data: the local process pool's work, spread over a cluster.

This module is imported only when a cluster is asked for (``--ray``), and it
imports Ray only when called, so the engine and the default install never
need Ray (an extra: ``pip install 'bowers[cluster]'``).

``map_ordered`` runs a function over a sequence of arguments as Ray tasks,
several arguments to a task: a new task starts whenever any task finishes,
so one slow task does not idle the other CPUs, and the results are yielded
in the arguments' order, held back while an earlier one is still running
(a bounded number).  Whatever reads them (records written as deals arrive,
a progress bar, a running total) sees exactly what the local process pool
gives, so the same seed gives the same figures on either.  ``cluster`` is
``"local"`` for a Ray cluster on this machine, or the address of a running
one (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``).
"""

from __future__ import annotations

import importlib
import logging
import socket
import sys
import urllib.parse
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, TypeVar

from bowers.errors import OptionError
from bowers.match.parallel import chunk_size

LOCAL = "local"  # start a Ray cluster on this machine for the run (or use the one this process already joined)
INSTALL = "pip install 'bowers[cluster]'"
HEAD_PORT = 6379  # the port of a head node started by ``ray start --head``
CLIENT_PORT = 10001  # the port of the Ray client server (``ray://`` addresses)
REACH_SECONDS = 3.0  # how long to wait for a cluster's address to answer before saying it cannot be reached
TASKS_PER_CPU = 2  # tasks running or waiting to run, per CPU of the cluster: every CPU busy, the next task queued
HELD_PER_CPU = 8  # tasks started and not yet yielded (running, or finished behind an earlier one), per CPU: the memory bound

Argument = TypeVar("Argument")
Outcome = TypeVar("Outcome")


def import_ray() -> Any:
    """The ``ray`` module, or one ``OptionError`` saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise OptionError(f"running on Ray needs Ray, which is not installed: {INSTALL}", "ray") from None


def with_port(address: str) -> str:
    """A cluster's address with its port: the head's default (or the client server's, for ``ray://``) where none
    is given, as ``check_reachable`` reads it; ``auto`` and addresses with a port as they are.

    >>> with_port("10.0.0.5"), with_port("ray://head"), with_port("10.0.0.5:7000"), with_port("auto")
    ('10.0.0.5:6379', 'ray://head:10001', '10.0.0.5:7000', 'auto')
    """
    if address == "auto":
        return address
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "", address
    try:
        if urllib.parse.urlsplit("//" + rest).port is not None:
            return address
    except ValueError:
        return address
    return f"{address}:{CLIENT_PORT if scheme == 'ray' else HEAD_PORT}"


def check_reachable(address: str, seconds: float = REACH_SECONDS) -> None:
    """Raise one ``OptionError`` naming ``address`` unless a gRPC server, as Ray's head and client server are,
    answers there within ``seconds``.

    Ray itself keeps trying an address that is not a Ray cluster's for tens of seconds, printing a warning a
    second; this answers in seconds, in one line.
    """
    if address == "auto":  # Ray finds the cluster this machine belongs to, or says at once that there is none
        return
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "", address
    try:
        parts = urllib.parse.urlsplit("//" + rest)
        host, port = parts.hostname, parts.port or (CLIENT_PORT if scheme == "ray" else HEAD_PORT)
    except ValueError:
        host, port = None, 0
    if not host:
        raise OptionError(f"{address!r} is not a Ray cluster's address: give HOST:PORT, such as 10.0.0.5:6379", "ray")
    try:
        with socket.create_connection((host, port), timeout=seconds) as connection:
            speaks_grpc = _answers_grpc(connection)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise OptionError(
            f"cannot reach a Ray cluster at {with_port(address)} ({reason}): is its head running (ray start --head)?", "ray"
        ) from None
    if not speaks_grpc:
        raise OptionError(
            f"{with_port(address)} answers, but not as a Ray cluster does: give its head's address and port "
            f"(ray start --head prints it; {HEAD_PORT} by default, {CLIENT_PORT} for ray://)",
            "ray",
        )


def _frame(kind: int, flags: int, payload: bytes = b"", stream: int = 0) -> bytes:
    """One HTTP/2 frame."""
    return len(payload).to_bytes(3, "big") + bytes((kind, flags)) + stream.to_bytes(4, "big") + payload


def _header(name: bytes, value: bytes) -> bytes:
    """One header as HPACK writes it plainly: a literal name and value, not indexed, not compressed."""
    return b"\x00" + bytes((len(name),)) + name + bytes((len(value),)) + value


_SETTINGS, _HEADERS, _RST_STREAM, _GOAWAY = 0x4, 0x1, 0x3, 0x7  # the HTTP/2 frame types read here
_ACK, _END_STREAM_HEADERS, _PADDED, _PRIORITY = 0x1, 0x5, 0x8, 0x20  # and their flags
# A gRPC call of a method no server has: the connection preface, an empty SETTINGS frame, then the call's headers
# (``:method POST`` and ``:scheme http`` by their static indices 3 and 6).  A gRPC server answers it with HTTP status
# 200 (and the gRPC status "unimplemented"); a web server or a proxy speaking HTTP/2 answers 404 or closes.
_GRPC_PROBE = (
    b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
    + _frame(_SETTINGS, 0)
    + _frame(
        _HEADERS,
        _END_STREAM_HEADERS,
        b"\x83\x86"
        + _header(b":path", b"/bowers.Probe/Probe")
        + _header(b":authority", b"ray")
        + _header(b"content-type", b"application/grpc")
        + _header(b"te", b"trailers"),
        stream=1,
    )
)
_OTHER_STATUSES = range(0x89, 0x8F)  # ``:status`` 204, 206, 304, 400, 404, 500 by their static indices (200 is 0x88)


def _answers_grpc(connection: socket.socket, frames: int = 16) -> bool:
    """Whether the server on ``connection`` answers a gRPC call as a gRPC server does (HTTP status 200), within
    ``frames`` frames; a server that says anything else, closes, or is silent until the socket's timeout is not one.
    A status written in a way this does not read is taken as a gRPC server's, to let Ray decide."""
    try:
        connection.sendall(_GRPC_PROBE)
        for _ in range(frames):
            header = _receive(connection, 9)
            if header is None or header[3] not in range(0x0, 0xA):  # not an HTTP/2 frame (a web server's text)
                return False
            kind, flags = header[3], header[4]
            payload = _receive(connection, int.from_bytes(header[:3], "big"))
            if payload is None or kind in (_RST_STREAM, _GOAWAY):
                return False
            if kind == _SETTINGS and not flags & _ACK:
                connection.sendall(_frame(_SETTINGS, _ACK))
            if kind == _HEADERS and int.from_bytes(header[5:9], "big") & 0x7FFFFFFF == 1:
                block = payload[1 : len(payload) - payload[0]] if flags & _PADDED else payload
                block = block[5:] if flags & _PRIORITY else block
                while block and block[0] & 0xE0 == 0x20:  # a dynamic table size update before the first header
                    block = block[1:] if block[0] != 0x3F else block[1:].lstrip(bytes(range(0x80, 0x100)))[1:]
                return not block or block[0] not in _OTHER_STATUSES
    except OSError:
        return False
    return False


def _receive(connection: socket.socket, count: int) -> bytes | None:
    """Exactly ``count`` bytes from ``connection``, or None where it closes first."""
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


@contextmanager
def connected(cluster: str, workers: int | None = None) -> Iterator[Any]:
    """Ray connected to ``cluster`` for the ``with`` block: ``"local"`` starts one on this machine with ``workers``
    CPUs (every core when None), anything else is the address of a running one.

    A cluster started here is shut down at the end; a running one is only disconnected from, and a Ray session this
    process already holds is used as it is and left open: a ``connected`` (or ``map_ordered``) inside another's
    ``with`` block reuses its connection, which is how ``bowers.match.parallel.held`` serves several runs.
    """
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    if cluster == LOCAL:
        ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
    else:
        check_reachable(cluster)
        try:
            ray.init(address=with_port(cluster), **quiet)
        except (ConnectionError, TimeoutError) as error:
            raise OptionError(f"cannot connect to a Ray cluster at {cluster}: {error}{_token_hint(error)}", "ray") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _token_hint(error: BaseException) -> str:
    """A hint when a cluster refused the connection for want of its token (``ray start`` asks for one by default)."""
    causes = f"{error} {error.__cause__} {error.__context__}"
    if "AuthToken" not in causes and "Authentication" not in causes:
        return ""
    return " (the cluster asks for its token: set RAY_AUTH_MODE=token, with the token in ~/.ray/auth_token or RAY_AUTH_TOKEN)"


def run_chunk(function: Callable[[Argument], Outcome], arguments: Sequence[Argument]) -> list[Outcome]:
    """``function`` over one chunk of the arguments, in order: the body of every Ray task."""
    return [function(argument) for argument in arguments]


def send_script_code(function: Callable[..., Any], ray: Any) -> None:
    """Send the code of ``function`` with it when it comes from a script rather than an installed package.

    A function of a top-level module that is not a package (a training script loaded by path) could not be
    imported on the workers of another node; Ray's pickler then sends its module by value.
    """
    while isinstance(function, partial):
        function = function.func
    module = sys.modules.get(getattr(function, "__module__", "") or "")
    if module is None or module.__name__ == "__main__" or "." in module.__name__ or hasattr(module, "__path__"):
        return  # ``__main__`` is always sent by value; a package's module is imported on the workers
    ray.cloudpickle.register_pickle_by_value(module)


def map_ordered(
    function: Callable[[Argument], Outcome],
    arguments: Sequence[Argument],
    cluster: str,
    workers: int | None = None,
    chunk: int | None = None,
) -> Generator[Outcome, None, None]:
    """``function(argument)`` for every argument, run as Ray tasks on ``cluster``, yielded in the arguments' order.

    ``chunk`` arguments go to a task (default: from the cluster's CPUs, as the local pool cuts its work; see
    ``bowers.match.parallel.chunk_size``).  A new task is started whenever any task finishes, keeping
    ``TASKS_PER_CPU`` tasks per CPU running or waiting to run, and a finished task's results wait in a reorder
    buffer until every earlier task's are yielded.  At most ``HELD_PER_CPU`` tasks per CPU are started and not
    yet yielded: when the oldest task is slow the other CPUs keep working through the later ones until that
    many are held, then wait for it, so the memory held stays bounded however slow one task is.
    An error raised on a worker arrives whole, as raised there, when its task's turn comes (the first in the
    arguments' order, as on the local pool).
    Close the iterator (``contextlib.closing``) when stopping early: a cluster started for the run is shut down
    and a running one disconnected from, which ends the tasks in flight; in a Ray session this process already
    held, they finish and their results are dropped.  (They are not cancelled: Ray aborts the whole process when a
    task is cancelled just as its result arrives, a race of Ray's own.)
    """
    with connected(cluster, workers) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = chunk or chunk_size(len(arguments), cpus)
        send_script_code(function, ray)
        task = ray.remote(run_chunk)
        shared = ray.put(function)  # sent to the object store once, not with every task
        starts = range(0, len(arguments), size)
        running: dict[Any, int] = {}  # a task not yet finished, with its number
        finished: dict[int, Any] = {}  # the reorder buffer: a finished task by its number, behind an earlier one
        started = yielded = 0  # tasks started, tasks whose results were yielded
        while yielded < len(starts):
            while started < len(starts) and len(running) < TASKS_PER_CPU * cpus and started - yielded < HELD_PER_CPU * cpus:
                start = starts[started]
                running[task.remote(shared, list(arguments[start : start + size]))] = started
                started += 1
            if yielded in finished:
                yield from _results(ray, finished.pop(yielded))
                yielded += 1
                continue
            done, _ = ray.wait(list(running), num_returns=1)
            for pending in done:
                finished[running.pop(pending)] = pending


def _results(ray: Any, pending: Any) -> list[Any]:
    """The results of one task, or the error its function raised, re-raised as it was raised on the worker."""
    try:
        return list(ray.get(pending))
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, Exception):
            raise cause from error
        raise
