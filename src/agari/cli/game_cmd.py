"""``agari game``: whole games from game logs or game sheets, as a score sheet or SPEC §7
JSON Lines.

Usage: ``agari game [--json] [--check] [--to FORMAT [-o PATH]] [--jobs N] [--no-progress]
[--rules PRESET] [--rule KEY=VALUE]... FILE...`` (``-`` reads standard input). Each FILE is
told apart by its content: a game log (tenhou.net/6 JSON, Tenhou mjlog XML, a Mahjong Soul
or Riichi City record, mjai JSON Lines; plain or gzip) is replayed and every win re-scored
beside the log's values; anything else is read as a game sheet. ``--to mjai`` or ``--to
tenhou6`` writes each replayed log in that format instead of the score sheet, with agari's
own values (:mod:`agari.game.export`): to standard output, or ``-o`` a file (one FILE) or a
folder (several).

Exit status: 0 every file read to its end; 1 a file with an error (a damaged log or a bad
sheet line: the rounds before it and the standings so far are still printed, and the next
file is still read), or with ``--check`` a log whose values agari does not reproduce;
2 usage error; 130 Ctrl-C, 143 SIGTERM (the games printed so far whole).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final

from agari.cli import cannot_write
from agari.cli.options import (
    Parser,
    UsageError,
    add_jobs_option,
    add_rule_options,
    isatty,
    run_until_stopped,
)
from agari.errors import RuleError
from agari.game.export import FORMATS, SUFFIXES, export
from agari.game.files import read_game
from agari.render.game_file import game_json_lines, game_text
from agari.render.log_sheet import ReplayCounts, counts_of, summary_line
from agari.rules import Rules
from agari.web.params import MAX_GAME_FILE
from agari.workers import capped_jobs, ordered_map

__all__ = ["run"]

_EPILOG = """\
game logs (told apart by their content; plain or gzip):
  tenhou.net/6 JSON (an object with "log", or one round per line; Tenhou's export,
  mjlog2json, Mahjong Soul games converted by tensoul), Tenhou mjlog XML, Mahjong Soul
  records (head + .lq.GameDetailRecords), Riichi City records (handRecord), mjai JSON Lines
  (Mortal, mjai.app, mjai-reviewer, converters). Every win is scored by agari and every
  round settled by agari; the log's own han, fu, points, yaku, deltas and final result are
  only compared ("log ... -- agrees" or "DIFFERS: ..." beneath each round). Rules: Tenhou
  tenhou / tenhou-sanma, Mahjong Soul majsoul / majsoul-sanma, Riichi City riichicity /
  riichicity-sanma; red fives, open tanyao, length, starting points, uma and the rounding
  of the final points from the log; mjai states none (the Tenhou half game, three-player
  with three hands); --rules/--rule override.

export (--to mjai | tenhou6): the replayed log written again, every win's value agari's:
  agari game --to mjai game.xml > game.mjson      each hora with han, fu, yaku, points
  agari game --to tenhou6 game.mjson -o game.json  a file the Tenhou viewer opens
  agari game --to mjai -o out/ logs/*.xml          several files: -o names a folder

game sheet (README "Games"; one round per line, clauses separated by ';'):
  players: Alice Bob Carol Dave           seat order; the first deals first
  rules: tenhou                           optional (--rules/--rule override it)
  E1  Alice tsumo 234m067p3457899s+6s riichi dora=4p
  Carol ron Alice 123m456p789s1155z+5z; riichi Bob
  Bob ron Alice 22m456p789s+2m, 777=z; Dave ron Alice 11z234p345678s+1z
  draw tenpai Bob Dave; riichi Dave
  nagashi Dave tenpai Alice  |  abort kyuushu  |  chombo Carol
  Hands leave out seat=, round=, honba=, sticks= (the game supplies them).
  WHO: a name or the seat wind this round (E = the dealer). A name holding a blank or
  one of " ; # , or read as a wind, a round or a word of the sheet (E, E1, Ron, all) is
  quoted, in the players line and where it is used: players: "Ron" "a;b" 1q4d Dave

exit status: 0 every file read; 1 a file with an error (or, with --check, a log agari
disagrees with); 2 usage error; 130 interrupted (Ctrl-C), 143 terminated (SIGTERM): the
games printed so far are whole
"""


def _parser() -> Parser:
    parser = Parser(
        prog="agari game",
        description="Replay whole games from game logs (Tenhou, Mahjong Soul, Riichi City, "
        "mjai) or game sheets: every win scored, every round's settlement, the running scores "
        "and the final standings; a log's own values beside agari's; or a log written again "
        "as mjai or tenhou.net/6 with agari's values (--to).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="game logs or sheets (- stdin)")
    parser.add_argument("--json", action="store_true", help="SPEC §7 JSON Lines")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a log states a value agari does not get"
    )
    parser.add_argument(
        "--to",
        choices=tuple(FORMATS),
        metavar="FORMAT",
        help="write each log replayed as FORMAT (mjai, tenhou6) instead of the score sheet",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="with --to: the file to write (one FILE) or the folder (several)",
    )
    add_jobs_option(parser)
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress line on standard error"
    )
    add_rule_options(parser)
    return parser


@dataclass(slots=True)
class _Done:
    """One file done: what to print, what to say on standard error, its exit status, and
    (for a log) what the replay found."""

    out: str = ""
    err: list[str] = field(default_factory=list)
    status: int = 0
    counts: ReplayCounts | None = None
    disagrees: bool = False


@dataclass(frozen=True, slots=True)
class _Options:
    json: bool
    rules: str | None
    rule: tuple[str, ...]
    #: ``--to``: the format to write each log replayed in, or ``None`` for the score sheet
    to: str | None = None


def _read(path: str) -> bytes:
    """The file's bytes, at most one more than :data:`MAX_GAME_FILE` (an endless input such
    as ``/dev/zero`` is not read to the end)."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_GAME_FILE + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_GAME_FILE + 1)


def process(path: str, options: _Options, data: bytes | None = None) -> _Done:
    """Read, replay and print one file; never raises for bad input."""
    name = "<stdin>" if path == "-" else path
    try:
        raw = _read(path) if data is None else data
    except OSError as error:
        return _Done(err=[f"agari game: {name}: {error.strerror or error}"], status=1)
    if len(raw) > MAX_GAME_FILE:
        message = (
            f"agari game: {name}: more than {MAX_GAME_FILE // 2**20} MB, the most a game file holds"
        )
        return _Done(err=[message], status=1)
    done = read_game(raw, name, options.rules, options.rule, max_unpacked=MAX_GAME_FILE)
    if done.kind is None or (done.replay is None and done.sheet is None):
        return _Done(err=[f"agari game: {done.error}"], status=done.status)
    if options.to is not None and done.replay is None:
        message = f"agari game: {name}: a game sheet holds no play to write as {options.to}"
        return _Done(err=[message], status=1)
    if done.replay is not None and options.to is not None:
        out = export(done.replay, options.to)
    else:
        out = game_json_lines(done) if options.json else game_text(done)
    result = _Done(out=out, status=done.status)
    if done.error:
        result.err.append(f"agari game: {done.error}")
    if done.replay is not None:
        result.counts = counts_of(done.replay)
        result.disagrees = bool(done.replay.differences)
    return result


# --------------------------------------------------------------------------- many files


def _process_in_worker(options: _Options, path: str) -> _Done:
    return process(path, options)


def _lost(path: str) -> _Done:
    """A file whose worker process died reading it, twice (killed: out of memory?)."""
    message = f"agari game: {path}: the worker process reading it died (killed or out of memory)"
    return _Done(err=[message], status=1)


def _results(paths: list[str], options: _Options, jobs: int) -> Generator[_Done, None, None]:
    """Each file's result in the order given; ``jobs`` worker processes when more than one
    (standard input is read here, never by a worker)."""
    if "-" in paths:
        jobs = 1
    return ordered_map(
        _process_in_worker, paths, shared=options, jobs=min(jobs, len(paths)), lost=_lost
    )


class _Progress:
    """One line on standard error, rewritten in place: files done, logs' rounds and wins."""

    def __init__(self, stream: IO[str], total: int) -> None:
        self.stream = stream
        self.total = total
        self.start = time.perf_counter()
        self.shown = False

    def update(self, done: int, counts: ReplayCounts) -> None:
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        width = 24
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} files, {counts.rounds} rounds, "
            f"{counts.wins} wins, {rate:.0f} files/s\x1b[K"
        )
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def run(args: list[str]) -> int:
    """Run ``agari game`` with the arguments after ``game``; return the exit status."""
    try:
        options = _parser().parse_args(args)
    except UsageError as error:
        sys.stderr.write(f"agari game: {error}\n")
        return 2
    except SystemExit as exited:  # --help
        return int(exited.code or 0)
    try:  # a bad preset or switch is a usage error, whatever the files hold
        Rules.from_options(options.rules, options.rule)
    except RuleError as error:
        sys.stderr.write(f"agari game: {error}\n")
        return 2
    problem = _export_usage(options)
    if problem:
        sys.stderr.write(f"agari game: {problem}\n{_parser().format_usage()}")
        return 2
    out, err = sys.stdout, sys.stderr
    jobs, note = capped_jobs(options.jobs)
    if note:
        err.write(f"agari game: {note}\n")
    settings = _Options(options.json, options.rules, tuple(options.rule), options.to)
    return run_until_stopped(
        "agari game", lambda: _replay_all(options, settings, jobs, out, err), out, err
    )


def _export_usage(options: argparse.Namespace) -> str | None:
    """What is wrong with ``--to`` and ``-o`` as given, or ``None``."""
    if options.output and not options.to:
        return "-o goes with --to (the file or folder the export is written to)"
    if options.to and options.json:
        return "--to and --json are two outputs: give one"
    if options.to and len(options.files) > 1 and not options.output:
        return "--to with several files writes one file each: give -o FOLDER"
    return None


class _Exports:
    """Where ``--to -o PATH`` writes each file's export: ``PATH`` itself for one FILE,
    else ``PATH/NAME`` + the format's ending (``game.xml`` -> ``game.mjson``), a name
    met twice numbered."""

    def __init__(self, options: argparse.Namespace) -> None:
        self.output = Path(options.output)
        self.folder = len(options.files) > 1
        self.suffix = SUFFIXES[options.to]
        self.taken: set[Path] = set()

    def write(self, path: str, text: str) -> None:
        if not self.folder:
            self.output.write_text(text, encoding="utf-8", errors="backslashreplace")
            return
        self.output.mkdir(parents=True, exist_ok=True)
        stem = "stdin" if path == "-" else Path(path).name
        while Path(stem).suffix.lower() in _LOG_ENDINGS:
            stem = Path(stem).stem
        target = self.output / f"{stem}{self.suffix}"
        number = 1
        while target in self.taken:
            number += 1
            target = self.output / f"{stem}-{number}{self.suffix}"
        self.taken.add(target)
        target.write_text(text, encoding="utf-8", errors="backslashreplace")


#: The endings a log's name loses before the export's is put on.
_LOG_ENDINGS: Final = frozenset({".gz", ".json", ".jsonl", ".mjson", ".xml", ".mjlog", ".log"})


def _replay_all(
    options: argparse.Namespace, settings: _Options, jobs: int, out: IO[str], err: IO[str]
) -> int:
    progress = (
        _Progress(err, len(options.files))
        if len(options.files) > 1 and not options.no_progress and isatty(err)
        else None
    )
    status = 0
    disagrees = False
    total = ReplayCounts()
    logs = 0
    exports = _Exports(options) if options.output else None
    results = _results(options.files, settings, jobs)
    with contextlib.closing(results):
        for count, (path, done) in enumerate(zip(options.files, results, strict=True), start=1):
            if progress is not None:
                progress.clear()
            if exports is None:
                out.write(done.out)
                out.flush()
            elif done.out:
                try:
                    exports.write(path, done.out)
                except OSError as error:
                    return cannot_write("agari game", error, options.output)
            for line in done.err:
                err.write(line + "\n")
            status = max(status, done.status)
            if done.counts is not None:
                logs += 1
                total.add(done.counts)
                disagrees = disagrees or done.disagrees
            if progress is not None:
                progress.update(count, total)
    if progress is not None:
        progress.clear()
    if logs:
        line = f"summary: {summary_line(total)}\n"
        apart = options.json or options.to  # the output is a format: the summary goes beside
        (err if apart else out).write(line if apart else "\n" + line)
    if options.check and disagrees and status == 0:
        status = 1
    return status
