"""One parallel map for matches, studies and training jobs: in this process, on a local process pool, or on Ray.

``play_all(play_one, plan, count, ...)`` gives ``play_one(plan, k)`` for k in 0..count-1 in order, wherever they
were computed, so the same seed gives the same figures on one worker, on many, or on a cluster.  The work is
cut into chunks the same way (``chunk_size``) for the local pool and for Ray.  ``held(cluster, workers)`` keeps one
Ray connection (one local cluster started) for several runs.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import closing, contextmanager
from functools import partial
from itertools import repeat
from typing import TypeVar

PlanT = TypeVar("PlanT")
OutcomeT = TypeVar("OutcomeT")

CHUNKS_PER_WORKER = 16  # chunks per worker: every worker busy to the end, few enough to pass cheaply
LARGEST_CHUNK = 32


def chunk_size(count: int, workers: int) -> int:
    """Arguments per chunk of work: about sixteen chunks per worker (or CPU of a cluster), at most 32 each.

    >>> chunk_size(10_000, 2), chunk_size(10, 2)
    (32, 1)
    """
    return max(1, min(LARGEST_CHUNK, count // (workers * CHUNKS_PER_WORKER)))


def _pool_context() -> multiprocessing.context.BaseContext:
    """Workers start from a fork server where there is one: never forked from a process running threads (a progress bar)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


@contextmanager
def held(cluster: str | None, workers: int | None = None) -> Iterator[None]:
    """One Ray connection to ``cluster`` for the ``with`` block, which every run inside it uses (a local cluster is
    started once, not once per run) and which is closed at its end; nothing when ``cluster`` is None.

    For a command of several runs, such as a study compared with another: ``with held(cluster, workers): ...``.
    """
    if cluster is None:
        yield
        return
    from bowers.match.cluster import connected  # Ray is imported only when a cluster is asked for

    with connected(cluster, workers):
        yield


def play_all(
    play_one: Callable[[PlanT, int], OutcomeT],
    plan: PlanT,
    count: int,
    workers: int,
    progress: Callable[[int], None] | None,
    each: Callable[[OutcomeT], None] | None = None,
    cluster: str | None = None,
) -> list[OutcomeT]:
    """``play_one(plan, k)`` for k in 0..count-1, in order: in this process with one worker, else on a process pool,
    or on Ray when ``cluster`` is given (``"local"``: a Ray cluster on this machine with ``workers`` CPUs; else the
    address of a running one; see ``bowers.match.cluster``).

    ``each`` sees every outcome as it arrives, in order (to write its records), before ``progress`` is told.
    """
    outcomes: list[OutcomeT] = []

    def arrived(outcome: OutcomeT) -> None:
        if each is not None:
            each(outcome)
        outcomes.append(outcome)
        if progress is not None:
            progress(len(outcomes))

    if cluster is not None:
        from bowers.match.cluster import map_ordered  # Ray is imported only when a cluster is asked for

        with closing(map_ordered(partial(play_one, plan), range(count), cluster, workers)) as arriving:
            for outcome in arriving:
                arrived(outcome)
        return outcomes
    if workers == 1:
        for number in range(count):
            arrived(play_one(plan, number))
        return outcomes
    with ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context()) as pool:
        for outcome in pool.map(play_one, repeat(plan), range(count), chunksize=chunk_size(count, workers)):
            arrived(outcome)
    return outcomes


__all__ = ["chunk_size", "held", "play_all"]
