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
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from agari.cli import cannot_write
from agari.cli.game_files import (
    FileDone,
    add_file_options,
    found_files,
    parse_game_options,
    play_file,
    run_files,
)
from agari.cli.options import Parser, run_until_stopped
from agari.game.export import FORMATS, SUFFIXES, export
from agari.lang import N_, _
from agari.render.game_file import game_json_lines, game_text
from agari.render.log_sheet import ReplayCounts, counts_of, summary_line

__all__ = ["run"]

_EPILOG = N_("""\
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
""")


def _parser() -> Parser:
    parser = Parser(
        prog="agari game",
        description=_(
            "Replay whole games from game logs (Tenhou, Mahjong Soul, Riichi City, "
            "mjai) or game sheets: every win scored, every round's settlement, the running scores "
            "and the final standings; a log's own values beside agari's; or a log written again "
            "as mjai or tenhou.net/6 with agari's values (--to)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_EPILOG),
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help=_("game logs or sheets, folders (searched for logs) or globs (- stdin)"),
    )
    parser.add_argument("--json", action="store_true", help=_("SPEC §7 JSON Lines"))
    parser.add_argument(
        "--check",
        action="store_true",
        help=_("exit 1 when a log states a value agari does not get"),
    )
    parser.add_argument(
        "--to",
        choices=tuple(FORMATS),
        metavar="FORMAT",
        help=_("write each log replayed as FORMAT (mjai, tenhou6) instead of the score sheet"),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help=_("with --to: the file to write (one FILE) or the folder (several)"),
    )
    add_file_options(parser)
    return parser


@dataclass(slots=True)
class _Replayed:
    """What the run keeps of a log: its counts, whether agari disagrees, and (``--to`` with
    ``-o``) the export to write for it."""

    counts: ReplayCounts
    disagrees: bool
    export: str | None = None


@dataclass(frozen=True, slots=True)
class _Options:
    json: bool
    rules: str | None
    rule: tuple[str, ...]
    #: ``--to``: the format to write each log replayed in, or ``None`` for the score sheet
    to: str | None = None
    #: ``-o``: the exports go to files (kept in the result), not to standard output
    to_files: bool = False


def process(path: str, options: _Options, data: bytes | None = None) -> FileDone[_Replayed]:
    """Read, replay and print (or export) one file; never raises for bad input."""
    game, done = play_file("agari game", path, options.rules, options.rule, data=data)
    if game is None:
        return done
    replay = game.replay
    if options.to is not None and replay is None:
        said = _("{file}: a game sheet holds no play to write as {format}").format(
            file=game.name, format=options.to
        )
        message = f"agari game: {said}"
        return FileDone(err=[message], status=1)
    exported = export(replay, options.to) if replay is not None and options.to else None
    if exported is None:
        done.out = game_json_lines(game) if options.json else game_text(game)
    elif not options.to_files:
        done.out = exported
    if replay is not None:
        kept = exported if options.to_files else None
        done.value = _Replayed(counts_of(replay), bool(replay.differences), kept)
    return done


def _process_in_worker(options: _Options, path: str) -> FileDone[_Replayed]:
    return process(path, options)  # looked up when called: the fault tests replace it


def run(args: list[str]) -> int:
    """Run ``agari game`` with the arguments after ``game``; return the exit status."""
    options = parse_game_options("agari game", _parser(), args)
    if isinstance(options, int):
        return options
    files = found_files("agari game", options.files, sys.stderr)
    if files is None:
        return 1
    options.files = files
    problem = _export_usage(options)
    if problem:
        sys.stderr.write(f"agari game: {problem}\n{_parser().format_usage()}")
        return 2
    out, err = sys.stdout, sys.stderr
    return run_until_stopped("agari game", lambda: _replay_all(options, out, err), out, err)


def _export_usage(options: argparse.Namespace) -> str | None:
    """What is wrong with ``--to`` and ``-o`` as given, or ``None``."""
    if options.output and not options.to:
        return _("-o goes with --to (the file or folder the export is written to)")
    if options.to and options.json:
        return _("--to and --json are two outputs: give one")
    if options.to and len(options.files) > 1 and not options.output:
        return _("--to with several files writes one file each: give -o FOLDER")
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


class _WriteFailed(Exception):
    """An export could not be written: the run stops there."""


def _replay_all(options: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    settings = _Options(
        options.json, options.rules, tuple(options.rule), options.to, bool(options.output)
    )
    exports = _Exports(options) if options.output else None
    total = ReplayCounts()
    logs = 0
    disagrees = False
    paths = iter(options.files)

    def absorb(done: FileDone[_Replayed]) -> str:
        nonlocal logs, disagrees
        path = next(paths)
        if done.value is not None:
            logs += 1
            total.add(done.value.counts)
            disagrees = disagrees or done.value.disagrees
            if exports is not None and done.value.export is not None:
                try:
                    exports.write(path, done.value.export)
                except OSError as error:
                    raise _WriteFailed(error) from error
        return _("{rounds} rounds, {wins} wins").format(rounds=total.rounds, wins=total.wins)

    try:
        status = run_files(
            "agari game", _process_in_worker, options.files, settings, options, out, err, absorb
        )
    except _WriteFailed as failed:
        cause = failed.__cause__
        assert isinstance(cause, OSError)
        return cannot_write("agari game", cause, options.output)
    if logs:
        line = _("summary: {summary}").format(summary=summary_line(total)) + "\n"
        apart = options.json or options.to  # the output is a format: the summary goes beside
        (err if apart else out).write(line if apart else "\n" + line)
    if options.check and disagrees and status == 0:
        status = 1
    return status
