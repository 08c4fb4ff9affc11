"""``agari svg``: a picture of a hand as one self-contained SVG (issue 17).

    agari svg HAND [-o FILE] [--info] [--rules PRESET] [--rule KEY=VALUE]...

Exit status as the hand command: 0 written, 1 the hand was rejected (the error and its
column on standard error), 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from agari.cli import cannot_write
from agari.cli.options import Parser, add_rule_options, hand_arguments
from agari.lang import N_, _

__all__ = ["run"]

_DESCRIPTION = N_("""\
Write a picture of HAND as players lay it out, as one self-contained SVG: concealed tiles
sorted, the winning tile set apart, melds on the right with the called tile turned sideways
(first from the left, middle from across, last from the right), an added kan's tile on the
turned one, a closed kan's outer tiles face down, red fives red. HAND is notation (words
after it join it, as for `agari HAND`) or a SPEC §2 record as JSON ('{"concealed": ...}').
""")

_EPILOG = N_("""\
examples:
  agari svg "234p67s55s+8s, 3-45m, 777=z tsumo" -o hand.svg
  agari svg --info "234m067p3457899s+6s tsumo riichi dora=4p" > hand.svg

exit status: 0 written, 1 the hand was rejected, 2 usage error
""")


def _parser() -> Parser:
    parser = Parser(
        prog="agari svg",
        description=_(_DESCRIPTION),
        epilog=_(_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", nargs="+", metavar="HAND", help=_("the hand (quote it)"))
    parser.add_argument("-o", "--output", metavar="FILE", help=_("write here (default: stdout)"))
    parser.add_argument(
        "--info",
        action="store_true",
        help=_("also the dora indicators and a caption with the value"),
    )
    add_rule_options(parser, N_("override one rule switch (repeatable), e.g. --rule players=3"))
    return parser


def run(argv: Sequence[str]) -> int:
    from agari.errors import HandError
    from agari.web.params import read_hand

    read = hand_arguments(_parser(), argv, "agari svg")
    if isinstance(read, int):
        return read
    args, rules, text = read
    from agari.api import analyse
    from agari.render.svg import hand_svg
    from agari.render.text import render

    try:
        hand = read_hand(text)
    except HandError as error:
        said = _("error ({code}): {message}").format(code=error.code, message=error.message)
        sys.stderr.write(f"agari svg: {said}\n")
        return 1
    result = analyse(hand, rules=rules)
    if result.status == "error":
        sys.stderr.write(render(result) + "\n")
        return 1
    picture = hand_svg(hand, info=result if args.info else None)
    if args.output and args.output != "-":
        try:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(picture)
        except OSError as error:
            return cannot_write("agari svg", error, args.output)
    else:
        sys.stdout.write(picture)
    return 0
