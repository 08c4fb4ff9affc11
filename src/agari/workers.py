"""One pool of worker processes for every command that works through many inputs (``agari
batch``'s records, ``agari game``'s files): a function over an iterable, the results in
input order, and nothing lost or hung when something goes wrong.

- Order and memory: the inputs are pulled lazily, in chunks, at most ``window`` chunks ahead
  of the result being waited for, so memory stays flat however long the input.
- A worker that dies (killed by the out-of-memory killer or a signal, or crashing in C) is
  noticed at once (``concurrent.futures`` sees its pipe close, where ``multiprocessing.Pool``
  waits for ever): the pool is replaced and the inputs it held are run again, a chunk at a
  time, then one by one; only an input that kills its worker again becomes ``lost(input)``.
- Signals are the parent's: workers are forked with SIGINT and SIGTERM blocked, ignore Ctrl-C
  (the terminal sends it to the whole process group; the parent stops the pool), take SIGTERM
  as an ordinary death, and are sent SIGTERM by Linux when the parent dies, however it dies.
  When the caller stops early (Ctrl-C, SIGTERM turned into an exception, an error, or simply
  leaving the loop) the workers are stopped at once rather than left to finish their work.

>>> list(ordered_map(pow, [1, 2, 3], shared=2, jobs=2, lost=lambda x: 0))  # pow(2, item)
[2, 4, 8]
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final, TypeVar

from agari.lang import _

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["capped_jobs", "cpu_count", "ordered_map"]

Item = TypeVar("Item")
Out = TypeVar("Out")

#: Chunks in flight per worker: enough to keep every worker busy while the oldest result is
#: written out, few enough that memory does not grow with the input.
WINDOW_PER_JOB: Final = 4


def cpu_count() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def capped_jobs(requested: int) -> tuple[int, str | None]:
    """The workers to start for ``--jobs requested`` (0: every core) and, when the request
    was cut to the cores, the warning to print (more workers than cores only cost memory
    and start-up time).

    >>> capped_jobs(10**6)[1].startswith("--jobs 1000000: this machine has ")
    True
    """
    cores = cpu_count()
    if requested == 0:
        return cores, None
    if requested > cores:
        return cores, _("--jobs {jobs}: this machine has {cores} cores; using {cores}").format(
            jobs=requested, cores=cores
        )
    return requested, None


def ordered_map(
    function: Callable[[Any, Item], Out],
    inputs: Iterable[Item],
    *,
    shared: Any,
    jobs: int,
    lost: Callable[[Item], Out],
    chunk_size: int = 1,
) -> Generator[Out, None, None]:
    """``function(shared, item)`` for each item, in input order; ``jobs`` worker processes
    when more than one, else in this process (``lost`` is then never called).

    ``function`` must be a module-level function (it is sent to the workers by name);
    ``shared`` reaches each worker once, when it starts (forked: it is not pickled).
    ``lost(item)`` stands for the result of an item whose worker died on it twice.
    Close the iterator (or finish the loop) to stop the workers: ``contextlib.closing``.
    """
    if jobs <= 1:
        for item in inputs:
            yield function(shared, item)
        return
    yield from _parallel(function, inputs, shared, jobs, lost, chunk_size)


# --------------------------------------------------------------------------- in the workers

_function: Callable[[Any, Any], Any] | None = None
_shared: Any = None


def _start_worker(function: Callable[[Any, Any], Any], shared: Any) -> None:
    global _function, _shared
    _function, _shared = function, shared
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler
    _end_with_parent()
    if hasattr(signal, "pthread_sigmask"):  # forked with both blocked: see _signals_blocked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def _end_with_parent() -> None:
    """On Linux, ask for SIGTERM when the parent process dies, however it dies (even by
    SIGKILL): a worker never outlives its command, blocked on a queue nobody writes to."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)
        if os.getppid() == 1:  # the parent died before the request was made
            os._exit(1)


def _run_chunk(chunk: list[Any]) -> list[Any]:
    assert _function is not None
    return [_function(_shared, item) for item in chunk]


# --------------------------------------------------------------------------- in the parent


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """SIGINT and SIGTERM held back while worker processes are forked: a worker is born
    with them blocked and sets its own handlers before it takes them; the parent takes a
    signal that came meanwhile (Ctrl-C during start-up) right after, and stops cleanly."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now (SIGTERM, which they do not catch), without waiting for
    the work they hold; the pool is shut down after."""
    processes = getattr(pool, "_processes", None) or {}  # no public way before Python 3.14
    for process in list(processes.values()):
        with contextlib.suppress(Exception):
            process.terminate()
    # A worker ended in the middle of sending a result leaves the pool's reading thread
    # waiting for the rest for ever (and the shutdown with it), unless no writer is left:
    # the workers' ends close as they die; close this process's own (it never writes).
    results: Any = getattr(pool, "_result_queue", None)
    with contextlib.suppress(Exception):
        results._writer.close()


def _parallel(
    function: Callable[[Any, Item], Out],
    inputs: Iterable[Item],
    shared: Any,
    jobs: int,
    lost: Callable[[Item], Out],
    chunk_size: int,
) -> Generator[Out, None, None]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")

    def new_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            jobs, mp_context=context, initializer=_start_worker, initargs=(function, shared)
        )

    pool = new_pool()

    def replace_pool() -> None:
        nonlocal pool
        pool.shutdown(wait=False, cancel_futures=True)
        pool = new_pool()

    def submit(chunk: list[Item]) -> Future[list[Out]]:
        with _signals_blocked():  # a submit may fork the pool's workers
            try:
                return pool.submit(_run_chunk, chunk)
            except BrokenProcessPool:  # it broke before a result told us
                replace_pool()
                return pool.submit(_run_chunk, chunk)

    def rescue(chunk: list[Item]) -> list[Out]:
        """A chunk whose pool broke: again whole (another worker may have died), then
        item by item, so that only the item that kills its worker is lost."""
        if len(chunk) > 1:
            try:
                return submit(chunk).result()
            except BrokenProcessPool:
                replace_pool()
        results: list[Out] = []
        for item in chunk:
            try:
                results.extend(submit([item]).result())
            except BrokenProcessPool:
                replace_pool()
                results.append(lost(item))
        return results

    pending: deque[tuple[Future[list[Out]], list[Item], ProcessPoolExecutor]] = deque()

    def settle_first() -> list[Out]:
        future, chunk, owner = pending.popleft()
        try:
            return future.result()
        except BrokenProcessPool:
            if owner is pool:  # the first failure seen from this pool
                replace_pool()
            return rescue(chunk)

    finished = False
    try:
        for chunk in _chunks(inputs, chunk_size):
            pending.append((submit(chunk), chunk, pool))
            while len(pending) >= WINDOW_PER_JOB * jobs or (pending and pending[0][0].done()):
                yield from settle_first()
        while pending:
            yield from settle_first()
        finished = True
    finally:
        if not finished:  # stopped early: Ctrl-C, SIGTERM, an error, or the loop left
            _stop_workers(pool)
        pool.shutdown(wait=True, cancel_futures=True)
