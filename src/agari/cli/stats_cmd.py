"""``agari stats``: the figures players compare, over any number of game logs (SPEC §9).

Usage: ``agari stats [--json] [--explain] [--by name|seat] [--player NAME] [--players 3|4]
[--room TEXT] [--server NAME] [--since DATE] [--until DATE] [--csv DIR] [--parquet DIR]
[--jobs N] [--no-progress] [--rules PRESET] [--rule KEY=VALUE]... FILE|FOLDER...``

Exit status: 0 every file read; 1 a file that could not be read whole (the games and rounds
before the damage still count; it is named on standard error); 2 usage error; 130 Ctrl-C,
143 SIGTERM.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from dataclasses import dataclass
from typing import IO

from agari.cli.game_files import (
    FileDone,
    add_file_options,
    found_files,
    parse_game_options,
    play_file,
    run_files,
)
from agari.cli.options import Parser, run_until_stopped
from agari.lang import N_, _
from agari.play.stats import DEFINITIONS, GameTables, Stats, game_tables
from agari.render.stats import explain_text, stats_text
from agari.render.tables import CsvTables, ParquetTables, TableWriter

__all__ = ["run"]


_EPILOG = N_("""\
files: game logs in every format agari game reads, folders (searched for logs), globs.
Four- and three-player games are counted apart; a player is the name in the logs (--by
seat where names are hidden). Figures (--explain prints their definitions, SPEC §9):
win, tsumo, deal-in, riichi and call rates, average win and deal-in, tenpai at draws,
deal-ins while ready, places, average place, points.

tables (--csv DIR, --parquet DIR): players (a row per game and player), rounds (a row per
round and player), wins (a row per win); columns in the README.

exit status: 0 every file read; 1 a file that could not be read whole; 2 usage error;
130 interrupted (Ctrl-C), 143 terminated (SIGTERM)
""")


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a date as YYYY-MM-DD, not {value}").format(value=repr(text))
        ) from None


def _parser() -> Parser:
    parser = Parser(
        prog="agari stats",
        description=_(
            "The figures players compare, over many game logs: win, deal-in, riichi "
            "and call rates, places, points, tenpai at draws, deal-ins while ready."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_EPILOG),
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help=_("logs, folders or globs"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object per player"))
    parser.add_argument("--explain", action="store_true", help=_("print the definitions"))
    parser.add_argument(
        "--by", choices=("name", "seat"), default="name", help=_("count players by name or seat")
    )
    parser.add_argument("--player", metavar="NAME", help=_("only games with this player"))
    parser.add_argument("--players", type=int, choices=(3, 4), help=_("only 3- or 4-player games"))
    parser.add_argument("--room", metavar="TEXT", help=_("only games whose room holds TEXT"))
    parser.add_argument("--server", metavar="NAME", help=_("only games under this rules preset"))
    parser.add_argument("--since", type=_date, metavar="DATE", help=_("only games from DATE on"))
    parser.add_argument("--until", type=_date, metavar="DATE", help=_("only games up to DATE"))
    parser.add_argument("--csv", metavar="DIR", help=_("write the tables as CSV files in DIR"))
    parser.add_argument(
        "--parquet", metavar="DIR", help=_("write the tables as Parquet files in DIR (pyarrow)")
    )
    add_file_options(parser)
    return parser


@dataclass(frozen=True, slots=True)
class _Filters:
    """What a game must be to count (``None``: anything)."""

    player: str | None = None
    players: int | None = None
    room: str | None = None
    server: str | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None

    def keep(self, tables: GameTables) -> bool:
        if not tables.players:
            return False
        first = tables.players[0]
        date = datetime.date.fromisoformat(first.date) if first.date else None
        if self.player is not None:
            wanted = self.player.casefold()
            if not any(row.name.casefold() == wanted for row in tables.players):
                return False
        return (
            (self.players is None or first.players == self.players)
            and (self.room is None or (first.room is not None and self.room in first.room))
            and (self.server is None or first.rules == self.server)
            and (self.since is None or (date is not None and date >= self.since))
            and (self.until is None or (date is not None and date <= self.until))
        )


@dataclass(frozen=True, slots=True)
class _Options:
    rules: str | None
    rule: tuple[str, ...]


def count_file(options: _Options, path: str) -> FileDone[GameTables]:
    """One file read, replayed and made into its tables; never raises for bad input."""
    game, done = play_file("agari stats", path, options.rules, options.rule, play_to="count")
    if game is not None and game.replay is not None:
        done.value = game_tables(game.replay)
    return done


def run(args: list[str]) -> int:
    """Run ``agari stats`` with the arguments after ``stats``; return the exit status."""
    options = parse_game_options("agari stats", _parser(), args)
    if isinstance(options, int):
        return options
    if options.explain:
        sys.stdout.write(explain_text(DEFINITIONS))
        return 0
    if not options.files:
        sys.stderr.write(
            "agari stats: " + _("give game logs, folders or globs (or --explain)") + "\n"
        )
        return 2
    files = found_files("agari stats", options.files, sys.stderr)
    if files is None:
        return 1
    out, err = sys.stdout, sys.stderr
    return run_until_stopped("agari stats", lambda: _count_all(options, files, out, err), out, err)


def _writers(options: argparse.Namespace, err: IO[str]) -> list[TableWriter] | None:
    writers: list[TableWriter] = []
    try:
        if options.csv:
            writers.append(CsvTables(options.csv))
        if options.parquet:
            writers.append(ParquetTables(options.parquet))
    except ImportError:
        said = _("--parquet needs pyarrow: {command}").format(
            command="pip install 'agari[parquet]'"
        )
        err.write(f"agari stats: {said}\n")
        return None
    except OSError as error:
        said = _("cannot write the tables: {reason}").format(reason=error.strerror or error)
        err.write(f"agari stats: {said}\n")
        return None
    return writers


def _count_all(options: argparse.Namespace, files: list[str], out: IO[str], err: IO[str]) -> int:
    writers = _writers(options, err)
    if writers is None:
        return 1 if options.csv or options.parquet else 2
    filters = _Filters(
        options.player, options.players, options.room, options.server, options.since, options.until
    )
    stats = Stats(options.by)
    games = 0

    def absorb(done: FileDone[GameTables]) -> str:
        nonlocal games
        if done.value is not None and filters.keep(done.value):
            games += 1
            stats.add_rows(done.value.players)
            for writer in writers:
                writer.add(done.value)
        return _("{count} games counted").format(count=games)

    settings = _Options(options.rules, tuple(options.rule))
    status = run_files("agari stats", count_file, files, settings, options, out, err, absorb)
    for writer in writers:
        writer.close()
    players = stats.players()
    if options.player is not None:
        wanted = options.player.casefold()
        players = [t for t in players if t.name.casefold() == wanted]
    if options.json:
        for totals in players:
            out.write(json.dumps(totals.figures(), ensure_ascii=False) + "\n")
    else:
        out.write(stats_text(players) if players else _("no games counted") + "\n")
    return status
