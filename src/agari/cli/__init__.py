"""The ``agari`` command: subcommand dispatch and the hand command.

    agari [--rules PRESET] [--rule KEY=VALUE]... [--json] HAND...
    agari rules [PRESET]
    agari points HAN [FU] | table | draw | chombo SEAT ...
    agari batch FILE...
    agari game SHEET...
    agari svg HAND | serve

Without HAND the hand command reads one hand per line from standard input. Exit status:
0 when every hand was read (a hand that does not win is an answer too), 1 when any input
was rejected, 2 for usage errors. Heavy modules (Lark, the engine) load only when needed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from agari.hand import Hand
    from agari.result import Result
    from agari.rules import Rules

__all__ = ["USAGE", "main"]

USAGE = """\
usage: agari [--rules PRESET] [--rule KEY=VALUE]... [--json] [HAND ...]
       agari rules [PRESET]                 presets and rule switches
       agari points HAN [FU] [options]      payments for a counted hand
       agari table [--dealer] [--tsumo]     the points table
       agari draw [--tenpai SEATS]          exhaustive-draw settlement
       agari chombo SEAT                    the chombo penalty
       agari batch [options] FILE...        score fixture files (--check, --json, --jobs, -o)
       agari game [options] SHEET...        replay whole games: running scores, final standings
       agari svg HAND [-o FILE] [--info]    a picture of the hand (SVG)
       agari serve [--host H] [--port N]    the local web page (needs agari[web])
Each subcommand has --help.

A HAND is one line of notation, e.g.  agari "234m067p3457899s+6s tsumo riichi dora=4p"
Without HAND, hands are read from standard input, one per line.
"""

HELP = (
    USAGE
    + """
options:
  --rules PRESET     rule preset: wrc2025 (default), ema2016, tenhou, majsoul, mleague,
                     tenhou-sanma, majsoul-sanma (three-player)
  --rule KEY=VALUE   change one switch (repeatable); `agari rules` lists them
  --json             one SPEC §3 JSON record per hand (JSON Lines)
  -h, --help         this help
  --version          the version

notation:
  123m456p789s1155z+5z                 concealed tiles, +winning tile (m p s z; 0 = red five)
  234p67s55s+8s, 3-45m, 777=z tsumo    melds after commas; - left, = across, + right
  m123p055z1112+z2=,s7-89              majiang-core (suit-first) style
  context words: tsumo ron riichi double-riichi ippatsu haitei houtei rinshan chankan
  tenhou chiihou renhou seat=E round=S dora=3s7z ura=2 honba=1 sticks=1 kita=1 pao=W
  wareme=N rules=tenhou

exit status: 0 every hand read, 1 some input rejected, 2 usage error
"""
)

_PAYMENT_COMMANDS = {
    "points": "run_points",
    "table": "run_table",
    "draw": "run_draw",
    "chombo": "run_chombo",
}


class _UsageError(Exception):
    pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``agari`` command with ``argv`` (default: ``sys.argv[1:]``); return the
    exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] == "rules":
            from agari.cli import rules_cmd

            return rules_cmd.run(args[1:])
        if args and args[0] in _PAYMENT_COMMANDS:
            return _subcommand("agari.cli.payment_cmds", _PAYMENT_COMMANDS[args[0]], args)
        if args and args[0] == "batch":
            return _subcommand("agari.cli.batch_cmd", "run", args)
        if args and args[0] == "game":
            return _subcommand("agari.cli.game_cmd", "run", args)
        if args and args[0] in ("svg", "serve"):
            return _subcommand(f"agari.cli.{args[0]}_cmd", "run", args)
        return _hand_command(args)
    except BrokenPipeError:  # e.g. `agari ... | head`: stop quietly (Python docs recipe)
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _subcommand(module: str, function: str, args: list[str]) -> int:
    import importlib

    try:
        mod = importlib.import_module(module)
        run: Callable[[list[str]], int] = getattr(mod, function)
    except (ImportError, AttributeError):
        sys.stderr.write(
            f"agari {args[0]}: not available yet in this installation ({module} is missing)\n"
            + USAGE
        )
        return 2
    return int(run(args[1:]))


def _parse_options(args: list[str]) -> tuple[str | None, list[str], bool, list[str]]:
    """``--rules``, the ``--rule`` texts, ``--json`` and the hands (in order)."""
    preset: str | None = None
    overrides: list[str] = []
    as_json = False
    hands: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            hands.extend(args[i:])
            break
        name, eq, value = arg.partition("=")
        if name in ("--rules", "--rule"):
            if not eq:
                if i >= len(args):
                    raise _UsageError(f"{name} needs a value")
                value = args[i]
                i += 1
            if name == "--rules":
                preset = value
            else:
                overrides.append(value)
        elif arg == "--json":
            as_json = True
        elif arg.startswith("-") and len(arg) > 1 and not arg[1].isdigit():
            raise _UsageError(f"unknown option {arg!r}")
        else:
            hands.append(arg)
    return preset, overrides, as_json, _join_words(hands)


def _join_words(args: list[str]) -> list[str]:
    """Glue unquoted context words and melds to the hand before them, so that
    ``agari 123m456p789s1155z+5z tsumo riichi`` reads one hand."""
    import re

    starts_hand = re.compile(r"\s*(?:[0-9]|[mpszh][0-9])")
    hands: list[str] = []
    for arg in args:
        if hands and not starts_hand.match(arg):
            hands[-1] = f"{hands[-1]} {arg}" if not arg.startswith(",") else hands[-1] + arg
        else:
            hands.append(arg)
    return hands


def _analyser(rules: Rules) -> Callable[[str], Result]:
    """``text -> Result`` under the chosen rules (built once, not once per hand)."""
    from agari.api import analyse

    def run(text: str) -> Result:
        return analyse(text, rules=rules)

    return run


def _lines(stream: IO[str]) -> Iterable[str]:
    first = True
    for line in stream:
        text = line.rstrip("\r\n")
        if first:  # a byte-order mark some editors put at the start of a file
            text, first = text.removeprefix("\ufeff"), False
        if text.strip() and not text.lstrip().startswith("#"):
            yield text


def _hand_command(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args):
        sys.stdout.write(HELP)
        return 0
    if "--version" in args:
        from importlib.metadata import version

        sys.stdout.write(f"agari {version('agari')}\n")
        return 0
    try:
        preset, overrides, as_json, hands = _parse_options(args)
        rules = _rules(preset, overrides)
    except _UsageError as error:
        sys.stderr.write(f"agari: {error}\n{USAGE}")
        return 2
    if not hands:
        if sys.stdin is None or sys.stdin.isatty():
            sys.stderr.write(USAGE)
            return 2
        source: Iterable[str] = _lines(sys.stdin)
    else:
        source = hands
    analyse = _analyser(rules)
    rejected = False
    first = True
    out = sys.stdout
    for text in source:
        try:
            result = analyse(text)
        except Exception as exc:  # a bug, not bad input: still no traceback for the user
            result = _internal_error(text, exc)
        rejected = rejected or result.status == "error"
        if as_json:
            import json

            out.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        else:
            from agari.render.text import render

            if not first:
                out.write("\n")
            out.write(render(result, _hand_or_none(text, result)) + "\n")
        first = False
        if not hands:
            out.flush()
    return 1 if rejected else 0


def _internal_error(text: str, exc: Exception) -> Result:
    from agari.result import Result

    message = f"internal error ({type(exc).__name__}: {exc}); please report this hand"
    return Result(
        input=text, status="error", error={"code": "internal", "message": message, "column": None}
    )


def _hand_or_none(text: str, result: Result) -> Hand | None:
    if result.status == "error":
        return None
    from agari.errors import HandError
    from agari.notation.text import parse_hand

    try:
        return parse_hand(text)
    except HandError:
        return None


def _rules(preset: str | None, overrides: list[str]) -> Rules:
    """The rules of the command line; a bad name or switch is a usage error."""
    from agari.errors import RuleError
    from agari.rules import Rules

    try:
        return Rules.from_options(preset, overrides)
    except RuleError as error:
        raise _UsageError(str(error)) from None
