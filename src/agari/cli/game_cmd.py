"""``agari game``: whole games from game sheets, as a score sheet or SPEC §7 JSON Lines.

Usage: ``agari game [--json] [--rules PRESET] [--rule KEY=VALUE]... SHEET...`` (``-`` reads
standard input). Exit status: 0 every game read to its end or to the end of its sheet; 1 a
sheet with an error (the rounds before it and the standings so far are still printed);
2 usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from agari.game.outcomes import GameError
from agari.game.replay import end_record, round_record
from agari.game.sheet import play_sheet
from agari.render.sheet import render_game
from agari.rules import PRESET_NAMES

__all__ = ["run"]

_EPILOG = """\
game sheet (README "Games"; one round per line, clauses separated by ';'):
  players: Alice Bob Carol Dave           seat order; the first deals first
  rules: tenhou                           optional (--rules/--rule override it)
  E1  Alice tsumo 234m067p3457899s+6s riichi dora=4p
  Carol ron Alice 123m456p789s1155z+5z; riichi Bob
  Bob ron Alice 22m456p789s+2m, 777=z; Dave ron Alice 11z234p345678s+1z
  draw tenpai Bob Dave; riichi Dave
  nagashi Dave tenpai Alice  |  abort kyuushu  |  chombo Carol
  Hands leave out seat=, round=, honba=, sticks= (the game supplies them).
  WHO: a name or the seat wind this round (E = the dealer).

exit status: 0 every sheet read; 1 a sheet with an error; 2 usage error
"""


class _Usage(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(f"{message}\n{self.format_usage().rstrip()}")


def _parser() -> _Parser:
    parser = _Parser(
        prog="agari game",
        description="Replay whole games from game sheets: every round's settlement, the "
        "running scores and the final standings (return, oka, uma).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    parser.add_argument("sheets", nargs="+", metavar="SHEET", help="game sheet files (- stdin)")
    parser.add_argument("--json", action="store_true", help="SPEC §7 JSON Lines")
    parser.add_argument(
        "--rules", metavar="PRESET", help=f"rule preset ({', '.join(PRESET_NAMES)})"
    )
    parser.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help="override a switch"
    )
    return parser


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def run(args: list[str]) -> int:
    """Run ``agari game`` with the arguments after ``game``; return the exit status."""
    try:
        options = _parser().parse_args(args)
    except _Usage as error:
        sys.stderr.write(f"agari game: {error}\n")
        return 2
    except SystemExit as done:  # --help
        return int(done.code or 0)
    status = 0
    for path in options.sheets:
        name = "<stdin>" if path == "-" else path
        try:
            text = _read(path)
        except OSError as error:
            sys.stderr.write(f"agari game: {name}: {error.strerror or error}\n")
            status = 1
            continue
        try:
            played = play_sheet(text, options.rules, tuple(options.rule))
        except GameError as error:
            sys.stderr.write(f"agari game: {name}: {error}\n")
            status = 1
            continue
        game = played.game
        final = game.standings()
        if options.json:
            out: list[dict[str, Any]] = [
                round_record(name, i, r) for i, r in enumerate(game.rounds)
            ]
            if played.error:
                out.append(
                    {
                        "kind": "error",
                        "game": name,
                        "line": played.error.line,
                        "message": played.error.message,
                    }
                )
            out.append(end_record(name, final))
            sys.stdout.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
        else:
            sys.stdout.write(
                render_game(
                    game.rounds,
                    game.names,
                    final,
                    title=played.sheet.title or name,
                    rules=game.rules.describe(),
                    start=(game.rules.start_points,) * game.state.players,
                    error=str(played.error) if played.error else None,
                )
            )
        if played.error:
            sys.stderr.write(f"agari game: {name}: {played.error}\n")
            status = 1
    return status
