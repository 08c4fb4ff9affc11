"""``agari game``: whole games from game logs or game sheets, as a score sheet or SPEC §7
JSON Lines.

Usage: ``agari game [--json] [--check] [--jobs N] [--no-progress] [--rules PRESET]
[--rule KEY=VALUE]... FILE...`` (``-`` reads standard input). Each FILE is told apart by its
content: a game log (tenhou.net/6 JSON, Tenhou mjlog XML, plain or gzip) is replayed and
every win re-scored beside the log's values; anything else is read as a game sheet.

Exit status: 0 every file read to its end; 1 a file with an error (a damaged log or a bad
sheet line: the rounds before it and the standings so far are still printed, and the next
file is still read), or with ``--check`` a log whose values agari does not reproduce;
2 usage error; 130 Ctrl-C, 143 SIGTERM (the games printed so far whole).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import IO

from agari.cli.game_files import (
    FileDone,
    add_file_options,
    parse_game_options,
    play_file,
    run_files,
)
from agari.cli.options import Parser, run_until_stopped
from agari.render.game_file import game_json_lines, game_text
from agari.render.log_sheet import ReplayCounts, counts_of, summary_line

__all__ = ["run"]

_EPILOG = """\
game logs (told apart by their content):
  tenhou.net/6 JSON (an object with "log", or one round per line; Tenhou's export,
  mjlog2json, Mahjong Soul games converted by tensoul), Tenhou mjlog XML (plain or gzip).
  Every win is scored by agari and every round settled by agari; the log's own han, fu,
  points, yaku, deltas and final result are only compared ("log ... -- agrees" or
  "DIFFERS: ..." beneath each round). Rules: Tenhou four-player tenhou, three-player
  tenhou-sanma, Mahjong Soul majsoul; red fives, open tanyao, length, uma and the rounding
  of the final points from the log; --rules/--rule override.

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
        description="Replay whole games from game logs (Tenhou, Mahjong Soul) or game sheets: "
        "every win scored, every round's settlement, the running scores and the final "
        "standings; a log's own values beside agari's.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="game logs or sheets (- stdin)")
    parser.add_argument("--json", action="store_true", help="SPEC §7 JSON Lines")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when a log states a value agari does not get"
    )
    add_file_options(parser)
    return parser


@dataclass(slots=True)
class _Replayed:
    """What the summary line keeps of a log: its counts, and whether agari disagrees."""

    counts: ReplayCounts
    disagrees: bool


@dataclass(frozen=True, slots=True)
class _Options:
    json: bool
    rules: str | None
    rule: tuple[str, ...]


def process(path: str, options: _Options, data: bytes | None = None) -> FileDone[_Replayed]:
    """Read, replay and print one file; never raises for bad input."""
    game, done = play_file("agari game", path, options.rules, options.rule, data=data)
    if game is None:
        return done
    done.out = game_json_lines(game) if options.json else game_text(game)
    if game.replay is not None:
        done.value = _Replayed(counts_of(game.replay), bool(game.replay.differences))
    return done


def _process_in_worker(options: _Options, path: str) -> FileDone[_Replayed]:
    return process(path, options)  # looked up when called: the fault tests replace it


def run(args: list[str]) -> int:
    """Run ``agari game`` with the arguments after ``game``; return the exit status."""
    options = parse_game_options("agari game", _parser(), args)
    if isinstance(options, int):
        return options
    out, err = sys.stdout, sys.stderr
    return run_until_stopped("agari game", lambda: _replay_all(options, out, err), out, err)


def _replay_all(options: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    settings = _Options(options.json, options.rules, tuple(options.rule))
    total = ReplayCounts()
    logs = 0
    disagrees = False

    def absorb(done: FileDone[_Replayed]) -> str:
        nonlocal logs, disagrees
        if done.value is not None:
            logs += 1
            total.add(done.value.counts)
            disagrees = disagrees or done.value.disagrees
        return f"{total.rounds} rounds, {total.wins} wins"

    status = run_files(
        "agari game", _process_in_worker, options.files, settings, options, out, err, absorb
    )
    if logs:
        line = f"summary: {summary_line(total)}\n"
        (err if options.json else out).write(line if options.json else "\n" + line)
    if options.check and disagrees and status == 0:
        status = 1
    return status
