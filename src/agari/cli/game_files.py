"""What the commands over game files share (``agari game``, ``agari review``): reading a
file with a bound (an endless input is not read to its end), many files through the worker
pool in the order given, and the progress line on a terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator
from typing import IO, TypeVar

from agari.web.params import MAX_GAME_FILE
from agari.workers import ordered_map

__all__ = ["Progress", "each_file", "read_file", "too_large"]

S = TypeVar("S")
R = TypeVar("R")


def read_file(path: str) -> bytes:
    """The file's bytes (``-``: standard input), at most one more than
    :data:`MAX_GAME_FILE`."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_GAME_FILE + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_GAME_FILE + 1)


def too_large(command: str, name: str) -> str:
    """The message for a file over :data:`MAX_GAME_FILE`."""
    return f"{command}: {name}: more than {MAX_GAME_FILE // 2**20} MB, the most a game file holds"


def each_file(
    work: Callable[[S, str], R],
    paths: list[str],
    shared: S,
    jobs: int,
    lost: Callable[[str], R],
) -> Generator[R, None, None]:
    """``work(shared, path)`` for each path, in the order given; ``jobs`` worker processes
    when more than one (standard input is read here, never by a worker); ``lost(path)``
    for a file whose worker died on it twice."""
    if "-" in paths:
        jobs = 1
    return ordered_map(work, paths, shared=shared, jobs=min(jobs, len(paths)), lost=lost)


class Progress:
    """One line on standard error, rewritten in place: files done, and what the caller
    counts (``detail``), with the rate."""

    def __init__(self, stream: IO[str], total: int) -> None:
        self.stream = stream
        self.total = total
        self.start = time.perf_counter()
        self.shown = False

    def update(self, done: int, detail: str) -> None:
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        width = 24
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} files, {detail}, {rate:.0f} files/s\x1b[K"
        )
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
