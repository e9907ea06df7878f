"""Ray for matches, studies and self-play data: the local process pool's work, spread over a cluster.

This module is imported only when a cluster is asked for (``--ray``), and it
imports Ray only when called, so the engine and the default install never
need Ray (an extra: ``pip install 'bowers[cluster]'``).

``map_ordered`` runs a function over a sequence of arguments as Ray tasks,
several arguments to a task and a bounded number of tasks in flight, and
yields the results in the arguments' order.  Whatever reads them (records
written as deals arrive, a progress bar, a running total) sees exactly what
the local process pool gives, so the same seed gives the same figures on
either.  ``cluster`` is ``"local"`` for a Ray cluster on this machine, or the
address of a running one (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``).
"""

from __future__ import annotations

import importlib
import logging
import socket
import sys
import urllib.parse
from collections import deque
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
TASKS_PER_CPU = 2  # tasks in flight per CPU of the cluster: every CPU busy, the results held in memory bounded

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
    """Raise one ``OptionError`` naming ``address`` unless it accepts a connection within ``seconds``.

    Ray itself keeps trying a head node that is not there for minutes; this answers in seconds.
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
            speaks_grpc = _answers_http2(connection)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise OptionError(
            f"cannot reach a Ray cluster at {address} ({reason}): is its head running (ray start --head)?", "ray"
        ) from None
    if not speaks_grpc:
        raise OptionError(
            f"{address} answers, but not as a Ray cluster does: give its head's address and port "
            f"(ray start --head prints it; {HEAD_PORT} by default, {CLIENT_PORT} for ray://)",
            "ray",
        )


# What an HTTP/2 client sends first: the connection preface and an empty SETTINGS frame.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"


def _answers_http2(connection: socket.socket) -> bool:
    """Whether the server on ``connection`` speaks HTTP/2, as Ray's head and client server (gRPC) do: it answers
    the client's preface with a SETTINGS frame, where anything else (a web server, a database) does not."""
    try:
        connection.sendall(_HTTP2_PREFACE)
        header = b""
        while len(header) < 9:
            chunk = connection.recv(9 - len(header))
            if not chunk:
                return False
            header += chunk
    except OSError:
        return False
    return header[3] == 0x04  # the frame's type: SETTINGS


@contextmanager
def connected(cluster: str, workers: int | None = None) -> Iterator[Any]:
    """Ray connected to ``cluster`` for the ``with`` block: ``"local"`` starts one on this machine with ``workers``
    CPUs (every core when None), anything else is the address of a running one.

    A cluster started here is shut down at the end; a running one is only disconnected from, and a Ray session this
    process already holds is used as it is and left open.
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
    ``bowers.match.parallel.chunk_size``) and at most
    ``TASKS_PER_CPU`` tasks per CPU are in flight.  An error raised on a worker arrives whole, as raised there.
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
        in_flight: deque[Any] = deque()
        for start in range(0, len(arguments), size):
            in_flight.append(task.remote(shared, list(arguments[start : start + size])))
            if len(in_flight) >= TASKS_PER_CPU * cpus:
                yield from _results(ray, in_flight.popleft())
        while in_flight:
            yield from _results(ray, in_flight.popleft())


def _results(ray: Any, pending: Any) -> list[Any]:
    """The results of one task, or the error its function raised, re-raised as it was raised on the worker."""
    try:
        return list(ray.get(pending))
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)
        if isinstance(cause, Exception):
            raise cause from error
        raise
