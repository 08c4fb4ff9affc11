"""``agari ev``: the expected value of each discard (issue 30, SPEC §10).

    agari ev HAND [--explain TILE] [--turn N] [--dama] [--no-ura] [--no-ippatsu]
                  [--no-tegawari] [--no-backtrack] [--json] [--rules PRESET] [--rule KEY=VALUE]...

Exit status as the hand command: 0 the hand was valued, 1 it was rejected (the error and its
column), 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from agari.cli.options import Parser, add_rule_options, hand_arguments
from agari.lang import N_, _

__all__ = ["run"]

_DESCRIPTION = N_("""\
For each discard of a 14-tile HAND (a 13-tile hand: a draw earlier), the chance of being
ready and of winning within the draws to come, and the points to expect, in a one-player
model: only this player's draws, without replacement from the tiles they have not seen
(the hand, its melds, the dora indicators, and seen=TILES: rivers, others' melds), wins by
tsumo valued by agari's engine under the rules. A closed hand declares riichi when ready
(with its han, the ura dora's chance and ippatsu), and may keep a drawn tile that changes
the hand without getting closer (tegawari) or throw one that gets it further for a better
shape (back-tracking), one detour in all. HAND is notation; turn=N among its words sets the
draws left (default 17). The README's "Expected value of a discard" says what the model
leaves out.
""")

_EPILOG = N_("""\
examples:
  agari ev "234m067p3457899s1z dora=4p" --rules tenhou
  agari ev "234m067p3457899s1z dora=4p turn=8 seen=69s" --explain 1z
  agari ev "12455m34567p6777s seat=E" --dama --json

exit status: 0 valued, 1 the hand was rejected, 2 usage error
""")


def _parser() -> Parser:
    parser = Parser(
        prog="agari ev",
        description=_(_DESCRIPTION),
        epilog=_(_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", nargs="+", metavar="HAND", help=_("the hand (quote it)"))
    parser.add_argument(
        "--explain",
        metavar="TILE",
        help=_(
            "how the figures of discarding TILE add up: each ready hand and winning tile "
            "with its copies left, chance by draw and value (for a 13-tile hand: any tile)"
        ),
    )
    parser.add_argument(
        "--turn", type=int, metavar="N", help=_("draws left (default 17; as turn=N)")
    )
    parser.add_argument("--dama", action="store_true", help=_("never declare riichi"))
    parser.add_argument("--no-ura", action="store_true", help=_("no ura dora in riichi"))
    parser.add_argument("--no-ippatsu", action="store_true", help=_("no ippatsu in riichi"))
    parser.add_argument(
        "--no-tegawari",
        action="store_true",
        help=_("throw every tile that does not lower the shanten"),
    )
    parser.add_argument(
        "--no-backtrack", action="store_true", help=_("never discard to raise the shanten")
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_(
            "one JSON object: every discard's figures, chances by each draw, and with "
            "--explain how that discard's add up"
        ),
    )
    add_rule_options(parser, N_("override one rule switch (repeatable), e.g. --rule aka=off"))
    return parser


def run(argv: Sequence[str]) -> int:
    from agari.errors import HandError

    read = hand_arguments(_parser(), argv, "agari ev")
    if isinstance(read, int):
        return read
    args, rules, text = read
    from agari.api import ev
    from agari.render.ev import render_ev

    try:
        analysis = ev(
            text,
            rules,
            turn=args.turn,
            riichi=not args.dama,
            ura=not args.no_ura,
            ippatsu=not args.no_ippatsu,
            tegawari=not args.no_tegawari,
            backtrack=not args.no_backtrack,
            curves=args.json,
            explain=args.explain,
        )
    except HandError as error:
        return _rejected(text, error, args.json)
    except ValueError as error:  # a bad --explain tile
        return _rejected(text, HandError("bad_tile", f"--explain: {error}"), args.json)
    explained = None
    if args.explain is not None:
        explained = next((d for d in analysis.discards if d.shares or d.win_by), None)
    if args.json:
        from agari.result import json_line

        record = {"input": text, "status": "ev", **analysis.to_json(), "error": None}
        sys.stdout.write(json_line(record) + "\n")
    else:
        sys.stdout.write(render_ev(analysis, explained) + "\n")
    return 0


def _rejected(text: str, error: Exception, as_json: bool) -> int:
    from agari.errors import HandError

    assert isinstance(error, HandError)
    if as_json:
        from agari.result import json_line

        record = {"input": text, "status": "error", "error": error.to_json()}
        sys.stdout.write(json_line(record) + "\n")
        return 1
    said = _("error ({code}): {message}").format(code=error.code, message=error.message)
    sys.stderr.write(said + "\n")
    if error.column is not None:
        sys.stderr.write(f"  {text}\n  {' ' * (error.column - 1)}^\n")
    return 1
