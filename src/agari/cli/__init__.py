"""The ``agari`` command: subcommand dispatch and the hand command.

    agari [--rules PRESET] [--rule KEY=VALUE]... [--json] HAND...
    agari rules [PRESET]
    agari points HAN [FU] | table | draw | chombo SEAT ...
    agari batch FILE...
    agari game FILE...
    agari ev HAND
    agari svg HAND | serve

Without HAND the hand command reads one hand per line from standard input. Exit status:
0 when every hand was read (a hand that does not win is an answer too), 1 when any input
was rejected or the output could not be written (a full disk, every subcommand), 2 for usage
errors, 141 (every subcommand) when the reader of the output went away (``agari ... |
head``). Heavy modules (Lark, the engine) load only when needed.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from agari.lang import N_

if TYPE_CHECKING:
    from agari.hand import Hand
    from agari.result import Result
    from agari.rules import Rules

__all__ = [
    "BLANKS",
    "EXIT_PIPE_CLOSED",
    "USAGE",
    "build_kind",
    "cannot_write",
    "is_write_failure",
    "main",
    "pipe_closed",
]

#: The hand command's first usage line, and each subcommand's usage beside what it does
#: (translated where shown: :func:`usage`).
_USAGE_FIRST: Final = "agari [--rules PRESET] [--rule KEY=VALUE]... [--json] [--ev] [HAND ...]"
_USAGE_LINES: Final = (
    ("agari rules [PRESET]", N_("presets and rule switches")),
    ("agari points HAN [FU] [options]", N_("payments for a counted hand")),
    ("agari table [--dealer] [--tsumo]", N_("the points table")),
    ("agari draw [--tenpai SEATS]", N_("exhaustive-draw settlement")),
    ("agari chombo SEAT", N_("the chombo penalty")),
    ("agari batch [options] FILE...", N_("score fixture files (--check, --json, --jobs, -o)")),
    (
        "agari game [options] FILE...",
        N_("replay whole games: running scores, final standings"),
    ),
    ("agari review [options] LOG|DIR...", N_("every decision of every player, beside the best")),
    (
        "agari stats [options] LOG|DIR...",
        N_("players' figures over many games (--csv, --parquet)"),
    ),
    (
        "agari ev HAND [--explain TILE]",
        N_("expected value of each discard (win chances, points)"),
    ),
    ("agari svg HAND [-o FILE] [--info]", N_("a picture of the hand (SVG)")),
    ("agari serve [--host H] [--port N]", N_("the local web page (needs the web extra)")),
)
_USAGE_END: Final = N_("""\
Each subcommand has --help.

A HAND is one line of notation, e.g.  agari "{example}"
Without HAND, hands are read from standard input, one per line.
""")
_EXAMPLE: Final = "234m067p3457899s+6s tsumo riichi dora=4p"


def usage(translate: Callable[[str], str] | None = None) -> str:
    """The hand command's usage, every subcommand's line with it, in the current language
    (``translate``: :func:`agari.lang._`; the identity gives :data:`USAGE`, the English)."""
    if translate is None:
        from agari.lang import _

        translate = _
    said = translate("usage: ")
    if said.isascii():
        indent = " " * len(said)
    else:  # the heavy module only where a language needs it (as a terminal shows it)
        from agari.render.sheet import display_width

        indent = " " * display_width(said)
    lines = [said + _USAGE_FIRST]
    lines += [f"{indent}{command:<37}{translate(does)}" for command, does in _USAGE_LINES]
    return "\n".join(lines) + "\n" + translate(_USAGE_END).format(example=_EXAMPLE)


#: The hand command's usage in English (:func:`usage` gives it in the current language).
USAGE: Final = usage(str)

#: The hand command's help after its usage; ``{context_words}`` is filled by :func:`_help`.
_OPTIONS_HELP: Final = N_("""\
options:
  --rules PRESET     rule preset: wrc2025 (default), ema2016, tenhou, majsoul, mleague,
                     riichicity; tenhou-sanma, majsoul-sanma, riichicity-sanma (three-player)
  --rule KEY=VALUE   change one switch (repeatable); `agari rules` lists them
  --json             one SPEC §3 JSON record per hand (JSON Lines)
  --ev               14 tiles that do not win: each discard's expected value beside it
                     (points and chance of winning, as `agari ev` counts them)
  -h, --help         this help
  --version          the version, and the build: (compiled), (pure Python, C core)
                     or (pure Python)
""")
_NOTATION_HELP: Final = N_("""\
notation:
  123m456p789s1155z+5z                 concealed tiles, +winning tile (m p s z; 0 = red five)
  234p67s55s+8s, 3-45m, 777=z tsumo    melds after commas; - left, = across, + right
  m123p055z1112+z2=,s7-89              majiang-core (suit-first) style
  123m456p789s1155z seen=5z river=1z   a waiting hand, what the player sees: seen tiles
                                       are not unseen, a wait in one's river is furiten
  34m678p235s15677z call=7z            each chi, pon and kan of a discard, with the best
                                       discard after it and whether a yaku remains
""")
_EXIT_HELP: Final = N_("""\
exit status: 0 every hand read, 1 some input rejected (or the output could not be
  written: a full disk), 2 usage error, 141 the output pipe closed (e.g. | head)
""")


def _help() -> str:
    """The hand command's help, in the current language; its list of context words is read
    off the words' table."""
    import textwrap

    from agari.hand import CONTEXT_WORDS
    from agari.lang import _

    examples = " ".join(w.example for w in CONTEXT_WORDS)
    words = textwrap.fill(
        _("context words: {words}").format(words=examples),
        width=88,
        initial_indent="  ",
        subsequent_indent="  ",
    )
    return "".join(
        (usage(), "\n", _(_OPTIONS_HELP), "\n", _(_NOTATION_HELP), words, "\n\n", _(_EXIT_HELP))
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
    _escape_unencodable(sys.stdout)
    try:
        args, language, json_names = _speak(args)
    except _UsageError as error:
        sys.stderr.write(f"{_prog(args)}: {error}\n")
        return 2
    from agari.lang import use

    try:
        with use(language, json_names):
            status = _dispatch(args)
        sys.stdout.flush()  # the output's last part: a full disk is seen here, not at exit
        return status
    except BrokenPipeError:  # e.g. `agari ... | head`: stop quietly (Python docs recipe)
        return pipe_closed()
    except KeyboardInterrupt as stopped:  # Ctrl-C in a command that does not catch it itself
        from agari.cli.options import stopped_by

        return stopped_by(stopped, _prog(args), sys.stdout, sys.stderr)
    except OSError as error:
        if not is_write_failure(error):
            raise
        return cannot_write(_prog(args), error)


def _prog(args: Sequence[str]) -> str:
    """The command's name in its messages: ``agari`` and the subcommand, if one is given."""
    return f"agari {args[0]}" if args and args[0] in _SUBCOMMANDS else "agari"


def _speak(args: list[str]) -> tuple[list[str], str, str | None]:
    """Take ``--lang LANG`` (``--lang=LANG``) from the arguments, wherever it stands
    before a ``--``: the other arguments, the language to speak (that one, or
    ``AGARI_LANG``'s, or the locale's: :func:`agari.lang.choose`; set before anything is
    parsed, so that ``--help`` and usage errors speak it too) and the language JSON names
    the yaku in. JSON is for programs: ids and English messages whatever the language
    (SPEC §3), with each yaku's name beside its id where a language is asked for."""
    import os

    from agari.lang import _, choose, use

    rest: list[str] = []
    given: str | None = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest += args[index:]
            break
        if arg == "--lang":
            if index + 1 == len(args):  # said in the language of the environment
                with use(choose(None, os.environ)):
                    raise _UsageError(_("--lang needs a language: en, ja, zh or ko"))
            given = args[index + 1]
            index += 2
            continue
        if arg.startswith("--lang="):
            given = arg.partition("=")[2]
        else:
            rest.append(arg)
        index += 1
    try:
        language = choose(given, os.environ)
    except ValueError as error:
        raise _UsageError(str(error)) from None
    if "--json" not in rest:
        return rest, language, None
    return rest, "en", language if given is not None and language != "en" else None


def _escape_unencodable(stream: object) -> None:
    """Text that UTF-8 cannot hold (a lone surrogate from a JSON record, or in a player's
    name in a log) is written as its backslash escape (``\\ud800``), nothing lost, rather
    than stopping the command with a ``UnicodeEncodeError``."""
    import contextlib

    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(Exception):  # a stand-in stream (tests) may refuse
            reconfigure(errors="backslashreplace")


_SUBCOMMANDS = (
    "rules",
    *_PAYMENT_COMMANDS,
    "batch",
    "game",
    "review",
    "stats",
    "ev",
    "svg",
    "serve",
)


def _dispatch(args: list[str]) -> int:
    if args and args[0] == "rules":
        from agari.cli import rules_cmd

        return rules_cmd.run(args[1:])
    if args and args[0] in _PAYMENT_COMMANDS:
        return _subcommand("agari.cli.payment_cmds", _PAYMENT_COMMANDS[args[0]], args)
    if args and args[0] == "batch":
        return _subcommand("agari.cli.batch_cmd", "run", args)
    if args and args[0] == "game":
        return _subcommand("agari.cli.game_cmd", "run", args)
    if args and args[0] in ("review", "stats", "ev", "svg", "serve"):
        return _subcommand(f"agari.cli.{args[0]}_cmd", "run", args)
    return _hand_command(args)


def _subcommand(module: str, function: str, args: list[str]) -> int:
    import importlib

    run: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return int(run(args[1:]))


def _parse_options(args: list[str]) -> tuple[str | None, list[str], bool, list[str]]:
    """``--rules``, the ``--rule`` texts, ``--json`` and the hands (in order); ``--ev`` is
    read by the caller."""
    from agari.lang import _

    preset: str | None = None
    overrides: list[str] = []
    as_json = False
    args = [a for a in args if a != "--ev"]
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
                    raise _UsageError(_("{option} needs a value").format(option=name))
                value = args[i]
                i += 1
            if name == "--rules":
                preset = value
            else:
                overrides.append(value)
        elif arg == "--json":
            as_json = True
        elif arg.startswith("-") and len(arg) > 1 and not arg[1].isdigit():
            raise _UsageError(_("unknown option {option}").format(option=repr(arg)))
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


#: The characters that make a line blank, for the hand command and ``agari batch`` alike:
#: ASCII blanks (the bytes ``bytes.strip`` removes). A line of other spaces (U+3000, NBSP)
#: is not blank: it is read, and rejected as a hand.
BLANKS = " \t\n\r\x0b\x0c"
#: The exit status when the reader of the output goes away (``agari ... | head``): 128 +
#: SIGPIPE, what a Unix tool stopped by SIGPIPE reports. Every subcommand uses it.
EXIT_PIPE_CLOSED = 141


#: What a write gives when the disk, the quota or the file size limit is full; a read never
#: gives these, so an error escaping a command with one of them is its output's.
_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def is_write_failure(error: BaseException) -> bool:
    """Whether ``error`` is an output that could not be written (a full disk)."""
    return isinstance(error, OSError) and error.errno in _WRITE_ERRNOS


def cannot_write(prog: str, error: OSError, where: str | None = None) -> int:
    """Say once that the output (``where``: a file; ``None``: standard output) could not be
    written and return 1. Standard output is then silenced, so that Python's flush at exit
    does not fail again with a traceback; a message that cannot be written either is
    dropped."""
    import contextlib
    import os

    from agari.lang import _

    if where is None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    reason = error.strerror or error
    said = (
        _("cannot write the output: {reason}").format(reason=reason)
        if not where
        else _("cannot write {file}: {reason}").format(file=where, reason=reason)
    )
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"{prog}: {said}\n")
        sys.stderr.flush()
    return 1


def pipe_closed() -> int:
    """Stop quietly after the reader of standard output went away: nothing more is written
    (Python's own flush at exit included) and the status is :data:`EXIT_PIPE_CLOSED`."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_PIPE_CLOSED


def _lines(stream: Iterable[bytes]) -> Iterable[tuple[str, bool]]:
    """The hands of standard input as ``(text, is UTF-8)``: lines that are not blank (only
    :data:`BLANKS`) or ``#`` comments; a byte-order mark at the start is dropped. A line
    that is not UTF-8 is given decoded with replacement characters, flagged."""
    first = True
    for raw in stream:
        line = raw.rstrip(b"\r\n")
        if first:  # a byte-order mark some editors put at the start of a file
            line, first = line.removeprefix(b"\xef\xbb\xbf"), False
        stripped = line.strip()
        if not stripped or stripped.startswith(b"#"):
            continue
        try:
            yield line.decode("utf-8"), True
        except UnicodeDecodeError:
            yield line.decode("utf-8", "replace"), False


def _is_utf8(text: str) -> bool:
    """Whether a command-line argument was UTF-8 (Python keeps other bytes as surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def build_kind() -> str:
    """``"compiled"`` when the engine's modules are extension modules (the mypyc build,
    ``AGARI_COMPILE=1 pip install .``), else ``"pure Python"``."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from agari.engine import scoring

    compiled = (scoring.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
    return "compiled" if compiled else "pure Python"


def _hand_command(args: list[str]) -> int:
    if any(a in ("-h", "--help") for a in args):
        sys.stdout.write(_help())
        return 0
    if "--version" in args:
        from importlib.metadata import version

        from agari.analysis.efficiency import NATIVE

        # the compiled build always has the C core; the default one where it could be built
        build = build_kind() + (", C core" if NATIVE and build_kind() != "compiled" else "")
        sys.stdout.write(f"agari {version('agari')} ({build})\n")
        return 0
    try:
        preset, overrides, as_json, hands = _parse_options(args)
        rules = _rules(preset, overrides)
    except _UsageError as error:
        sys.stderr.write(f"agari: {error}\n{usage()}")
        return 2
    if not hands:
        if sys.stdin is None or sys.stdin.isatty():
            sys.stderr.write(usage())
            return 2
        stream = getattr(sys.stdin, "buffer", None)  # a text stand-in (tests) has none
        if stream is None:
            stream = (line.encode("utf-8", "surrogateescape") for line in sys.stdin)
        source: Iterable[tuple[str, bool]] = _lines(stream)
    else:
        source = ((text, _is_utf8(text)) for text in hands)
    from agari.api import analyse_text, internal_error

    ev = "--ev" in args

    rejected = False
    first = True
    out = sys.stdout
    for text, utf8 in source:
        hand: Hand | None = None
        used = rules
        if not utf8:
            text = _shown(text)
            result = _not_utf8(text, rules)
        else:
            try:
                result, hand, used = analyse_text(text, rules)
                if ev and hand is not None and result.status == "not_winning":
                    from agari.api import with_ev

                    result = with_ev(result, hand, used)
            except Exception as exc:  # a bug, not bad input: still no traceback for the user
                result = internal_error(text, rules, exc)
        rejected = rejected or result.status == "error"
        if as_json:
            from agari.result import utf8_line

            out.write(utf8_line(result.json_text()) + "\n")
        else:
            from agari.render.text import render

            if not first:
                out.write("\n")
            shown = hand if result.status != "error" else None
            out.write(render(result, shown, used.players) + "\n")
        first = False
        if not hands:
            out.flush()
    return 1 if rejected else 0


def _shown(text: str) -> str:
    """A text that is not UTF-8, shown with replacement characters: the bytes Python kept as
    surrogates (an argument's or a line's) decoded again, any other lone surrogate (a
    caller's own string) replaced."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogatepass")
    return raw.decode("utf-8", "replace")


def _not_utf8(text: str, rules: Rules) -> Result:
    """The error for a hand whose bytes are not UTF-8: code ``bad_encoding``, as in
    ``agari batch``; the input shown with replacement characters."""
    from agari.lang import _
    from agari.result import Result

    message = _("the hand is not UTF-8")  # English for --json: the command speaks it then
    return Result(
        input=text,
        status="error",
        rules=rules.describe(),
        error={"code": "bad_encoding", "message": message, "column": None},
    )


def _rules(preset: str | None, overrides: list[str]) -> Rules:
    """The rules of the command line; a bad name or switch is a usage error."""
    from agari.errors import RuleError
    from agari.rules import Rules

    try:
        return Rules.from_options(preset, overrides)
    except RuleError as error:
        raise _UsageError(str(error)) from None
