"""What the commands over game files share (``agari game``, ``agari review``, ``agari
stats``): their options checked the same way, a file read with a bound (an endless input is
not read to its end) and played, many files through the worker pool in the order given with
each file's lines written as it is done, and the progress line on a terminal."""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import sys
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import IO, Any, Final, Generic, TypeVar

from agari.cli.options import (
    ProgressLine,
    UsageError,
    add_jobs_option,
    add_rule_options,
    isatty,
)
from agari.errors import RuleError
from agari.game.files import GameFile, read_game
from agari.lang import N_, _
from agari.rules import Rules
from agari.web.params import MAX_GAME_FILE
from agari.workers import capped_jobs, ordered_map

__all__ = [
    "FileDone",
    "Progress",
    "add_file_options",
    "each_file",
    "expand_paths",
    "found_files",
    "parse_game_options",
    "play_file",
    "read_file",
    "run_files",
    "too_large",
]

#: What a command that needs a game's play says of a file that holds none, by what it does
#: with the play (``play_to``; translated where shown).
_NO_PLAY: Final = {
    "review": N_("{file}: not a game log (a game sheet holds no play to review)"),
    "count": N_("{file}: not a game log (a game sheet holds no play to count)"),
}

#: The endings of the files a folder is searched for (the log formats, gzip included; a game
#: sheet has no fixed ending: name it).
LOG_SUFFIXES: Final = (".json", ".jsonl", ".xml", ".mjlog", ".gz", ".mjson")

S = TypeVar("S")
R = TypeVar("R")
T = TypeVar("T")


@dataclass(slots=True)
class FileDone(Generic[T]):
    """One file done: what to print, the lines for standard error, its exit status, and
    what the command keeps of it (``value``: counts, tables, a report)."""

    out: str = ""
    err: list[str] = field(default_factory=list)
    status: int = 0
    value: T | None = None


def expand_paths(paths: list[str]) -> list[str]:
    """Files as given (``-`` too); folders searched for logs (:data:`LOG_SUFFIXES`, sorted);
    globs expanded where no file has that name."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _dirs, names in sorted(os.walk(path)):
                out += sorted(
                    os.path.join(folder, n) for n in names if n.lower().endswith(LOG_SUFFIXES)
                )
        elif any(ch in path for ch in "*?[") and not os.path.exists(path):
            out += sorted(glob.glob(path, recursive=True))
        else:
            out.append(path)
    return out


def found_files(command: str, paths: list[str], err: IO[str]) -> list[str] | None:
    """:func:`expand_paths`, or ``None`` after saying on ``err`` that they name no file (a
    folder with no log in it, a glob that matches nothing)."""
    files = expand_paths(paths)
    if not files:
        err.write(f"{command}: " + _("no game logs found") + "\n")
        return None
    return files


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """The options every command over game files ends with: ``--jobs``, ``--no-progress``
    and the rules (``--rules``, ``--rule``)."""
    add_jobs_option(parser)
    parser.add_argument(
        "--no-progress", action="store_true", help=_("no progress line on standard error")
    )
    add_rule_options(parser)


def parse_game_options(
    command: str, parser: argparse.ArgumentParser, args: list[str]
) -> argparse.Namespace | int:
    """The options, or the exit status to end with: 2 for a usage error (a bad preset or
    switch is one, whatever the files hold), 0 after ``--help``."""
    try:
        options = parser.parse_args(args)
    except UsageError as error:
        sys.stderr.write(f"{command}: {error}\n")
        return 2
    except SystemExit as exited:  # --help
        return int(exited.code or 0)
    try:
        Rules.from_options(options.rules, options.rule)
    except RuleError as error:
        sys.stderr.write(f"{command}: {error}\n")
        return 2
    return options


def play_file(
    command: str,
    path: str,
    rules: str | None,
    rule: tuple[str, ...],
    *,
    play_to: str | None = None,
    data: bytes | None = None,
) -> tuple[GameFile | None, FileDone[Any]]:
    """``path`` (``-``: standard input; ``data``: its bytes, already read) read and played,
    with its :class:`FileDone` so far: the error that stopped it and its status. The game
    is ``None`` when there is nothing to go on with: nothing could be read, or, for a
    command that needs the play (``play_to``: what it does with it), a game sheet."""
    name = "<stdin>" if path == "-" else path
    try:
        raw = read_file(path) if data is None else data
    except OSError as error:
        return None, FileDone(err=[f"{command}: {name}: {error.strerror or error}"], status=1)
    if len(raw) > MAX_GAME_FILE:
        return None, FileDone(err=[too_large(command, name)], status=1)
    game = read_game(raw, name, rules, rule, max_unpacked=MAX_GAME_FILE)
    if game.replay is None and (play_to is not None or game.sheet is None):
        why = game.error or _no_play(name, play_to)
        return None, FileDone(err=[f"{command}: {why}"], status=game.status or 1)
    return game, FileDone(
        err=[f"{command}: {game.error}"] if game.error else [], status=game.status
    )


def _no_play(name: str, play_to: str | None) -> str:
    """The message for a file that is no game log, to a command that needs its play."""
    known = _NO_PLAY.get(play_to or "")
    if known is not None:
        return _(known).format(file=name)
    return _("{file}: not a game log (a game sheet holds no play to {use})").format(
        file=name, use=play_to
    )


def run_files(
    command: str,
    work: Callable[[S, str], FileDone[T]],
    paths: list[str],
    shared: S,
    options: argparse.Namespace,
    out: IO[str],
    err: IO[str],
    absorb: Callable[[FileDone[T]], str],
) -> int:
    """``work(shared, path)`` for each path (``options.jobs`` workers), each file's output
    and error lines written as it is done, in the order given; ``absorb(done)`` takes what
    the command keeps of each and says what the progress line shows (a line on a terminal,
    for more than one file, unless ``options.no_progress``). Returns the worst status."""
    jobs, note = capped_jobs(options.jobs)
    if note:
        err.write(f"{command}: {note}\n")
    progress = (
        Progress(err, len(paths))
        if len(paths) > 1 and not options.no_progress and isatty(err)
        else None
    )

    def lost(path: str) -> FileDone[T]:
        said = _("{file}: the worker process reading it died (killed or out of memory)").format(
            file=path
        )
        message = f"{command}: {said}"
        return FileDone(err=[message], status=1)

    status = 0
    results = each_file(work, paths, shared, jobs, lost)
    with contextlib.closing(results):
        for count, done in enumerate(results, start=1):
            if progress is not None:
                progress.clear()
            if done.out:
                out.write(done.out)
                out.flush()
            for line in done.err:
                err.write(line + "\n")
            status = max(status, done.status)
            detail = absorb(done)
            if progress is not None:
                progress.update(count, detail)
    if progress is not None:
        progress.clear()
    return status


def read_file(path: str) -> bytes:
    """The file's bytes (``-``: standard input), at most one more than
    :data:`MAX_GAME_FILE`."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_GAME_FILE + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_GAME_FILE + 1)


def too_large(command: str, name: str) -> str:
    """The message for a file over :data:`MAX_GAME_FILE`."""
    said = _("{file}: more than {size} MB, the most a game file holds").format(
        file=name, size=MAX_GAME_FILE // 2**20
    )
    return f"{command}: {said}"


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


class Progress(ProgressLine):
    """The files done, what the caller counts (``detail``), and the rate."""

    def __init__(self, stream: IO[str], total: int) -> None:
        super().__init__(stream)
        self.total = total
        self.start = time.perf_counter()

    def update(self, done: int, detail: str) -> None:
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        width = 24
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (width - filled)
        said = _("{done}/{total} files, {detail}, {rate} files/s").format(
            done=done, total=self.total, detail=detail, rate=f"{rate:.0f}"
        )
        self.show(f"[{bar}] {said}")
