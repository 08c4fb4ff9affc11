"""The one worker pool (``agari.workers``) that ``agari batch`` and ``agari game`` share
(issue 25, item 5): results in input order, a dead worker noticed and only its killer lost,
work in flight bounded, the workers gone when the caller stops early."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from agari.workers import capped_jobs, cpu_count, ordered_map
from tests.conftest import alive


def square(shared: int, item: int) -> int:
    return shared * item * item


def die_on_13(shared: int, item: int) -> int:
    if item == 13:
        os._exit(3)  # as the out-of-memory killer would end it: no exception, no result
    return square(shared, item)


def report_pid(shared: Any, item: int) -> int:
    return os.getpid()


def lost(item: int) -> int:
    return -item


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("chunk_size", [1, 7])
def test_results_in_input_order(jobs: int, chunk_size: int) -> None:
    got = list(
        ordered_map(square, range(100), shared=2, jobs=jobs, lost=lost, chunk_size=chunk_size)
    )
    assert got == [2 * n * n for n in range(100)]


@pytest.mark.parametrize("chunk_size", [1, 7])
def test_a_dying_worker_loses_only_its_killer(chunk_size: int) -> None:
    got = list(
        ordered_map(die_on_13, range(40), shared=1, jobs=2, lost=lost, chunk_size=chunk_size)
    )
    assert got == [n * n if n != 13 else -13 for n in range(40)]


def test_work_in_flight_is_bounded() -> None:
    """Inputs are pulled lazily: at most 4 chunks per worker ahead of the result read."""
    pulled = 0

    def inputs() -> Any:
        nonlocal pulled
        for n in range(200):
            pulled += 1
            yield n

    ahead = []
    for done, _ in enumerate(ordered_map(square, inputs(), shared=1, jobs=2, lost=lost), 1):
        ahead.append(pulled - done)
    assert max(ahead) <= 4 * 2


def test_workers_run_in_other_processes_and_end_with_the_loop() -> None:
    pids = set(ordered_map(report_pid, range(20), shared=None, jobs=2, lost=lost))
    assert os.getpid() not in pids
    assert not any(alive(pid) for pid in pids)


def test_stopping_early_ends_the_workers_at_once() -> None:
    """Leaving the loop (as Ctrl-C does) stops the workers without finishing the inputs
    they hold: here each would sleep for a minute."""
    results = ordered_map(sleep_or_pid, range(20), shared=None, jobs=2, lost=lost)
    start = time.monotonic()
    with contextlib.closing(results):
        first = next(results)
    assert time.monotonic() - start < 30
    deadline = time.monotonic() + 10
    while alive(first) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(first)


def sleep_or_pid(shared: Any, item: int) -> int:
    if item:
        time.sleep(60)
    return os.getpid()


STOP_WHILE_SENDING = """
import contextlib
from agari.workers import ordered_map
from tests.test_workers import big, lost
for attempt in range(8):
    results = ordered_map(big, range(10_000), shared=4_000_000, jobs=2, lost=lost)
    with contextlib.closing(results):
        for count, _ in enumerate(results):
            if count == 2 + attempt:
                break
print("stopped")
"""


def big(shared: int, item: int) -> str:
    return "x" * shared


def test_stopping_while_a_worker_sends_a_result_does_not_hang() -> None:
    """A worker ended in the middle of sending a large result left the pool's reading
    thread waiting for the rest, and the command with it, for ever (SIGTERM to
    ``agari batch --jobs 2`` hung about one time in ten; this script, eight stops in
    the middle of four-megabyte results, hung every time)."""
    proc = subprocess.run(
        [sys.executable, "-c", STOP_WHILE_SENDING],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "stopped\n"


def test_jobs_are_capped_at_the_cores() -> None:
    cores = cpu_count()
    assert capped_jobs(0) == (cores, None)
    assert capped_jobs(1) == (1, None)
    assert capped_jobs(cores + 48) == (
        cores,
        f"--jobs {cores + 48}: this machine has {cores} cores; using {cores}",
    )
