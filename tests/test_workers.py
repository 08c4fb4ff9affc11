"""The one worker pool (``agari.workers``) that ``agari batch`` and ``agari game`` share
(issue 25, item 5): results in input order, a dead worker noticed and only its killer lost,
work in flight bounded, the workers gone when the caller stops early."""

from __future__ import annotations

import contextlib
import os
import time
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


def test_jobs_are_capped_at_the_cores() -> None:
    cores = cpu_count()
    assert capped_jobs(0) == (cores, None)
    assert capped_jobs(1) == (1, None)
    assert capped_jobs(cores + 48) == (
        cores,
        f"--jobs {cores + 48}: this machine has {cores} cores; using {cores}",
    )
