"""What the subcommands share: an argument parser that reports a usage error instead of
exiting, the ``--rules``/``--rule`` options and the rules they ask for, whether an output
stream is a terminal, and how a long command stops on Ctrl-C or SIGTERM."""

from __future__ import annotations

import argparse
import contextlib
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, Final, NoReturn

from agari.lang import N_, _
from agari.rules import PRESET_NAMES, Rules

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_TERMINATED",
    "Parser",
    "UsageError",
    "add_jobs_option",
    "add_rule_options",
    "argparse_message",
    "error_line",
    "hand_arguments",
    "isatty",
    "rules_of",
    "run_until_stopped",
    "stopped_by",
]

#: The exit status after Ctrl-C (128 + SIGINT) and after SIGTERM (128 + SIGTERM), what a
#: shell reports for a command those signals stopped.
EXIT_INTERRUPTED: Final = 130
EXIT_TERMINATED: Final = 143


def _usage_in_language(text: str) -> str:
    """argparse's text with its ``usage:`` in the current language."""
    english = "usage: "
    return _("usage: ") + text[len(english) :] if text.startswith(english) else text


class UsageError(Exception):
    """A command line that cannot be run: exit status 2 with the message and the usage."""


#: argparse's own messages as Python writes them in English, each with the same message as
#: agari's catalogs hold it (translated where shown: :func:`argparse_message`). A message
#: another Python's argparse words otherwise stays as argparse wrote it.
_ARGPARSE_MESSAGES: Final = (
    (
        re.compile(r"the following arguments are required: (?P<arguments>.+)", re.DOTALL),
        N_("the following arguments are required: {arguments}"),
    ),
    (
        re.compile(r"unrecognized arguments: (?P<arguments>.*)", re.DOTALL),
        N_("unrecognized arguments: {arguments}"),
    ),
    (
        re.compile(r"one of the arguments (?P<arguments>.+) is required", re.DOTALL),
        N_("one of the arguments {arguments} is required"),
    ),
    (
        re.compile(r"not allowed with argument (?P<argument>.+)", re.DOTALL),
        N_("not allowed with argument {argument}"),
    ),
    (
        re.compile(r"ignored explicit argument (?P<value>.+)", re.DOTALL),
        N_("ignored explicit argument {value}"),
    ),
    (re.compile(r"expected one argument"), N_("expected one argument")),
    (re.compile(r"expected at most one argument"), N_("expected at most one argument")),
    (re.compile(r"expected at least one argument"), N_("expected at least one argument")),
    (
        re.compile(r"ambiguous option: (?P<option>.+?) could match (?P<matches>.+)", re.DOTALL),
        N_("ambiguous option: {option} could match {matches}"),
    ),
    (
        re.compile(r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)", re.DOTALL),
        N_("invalid choice: {value} (choose from {choices})"),
    ),
    (
        re.compile(r"invalid (?P<type>\S+) value: (?P<value>.+)", re.DOTALL),
        N_("invalid {type} value: {value}"),
    ),
)
_ARGUMENT: Final = re.compile(r"argument (?P<argument>[^\s:]+): (?P<message>.+)", re.DOTALL)


def error_line(prog: str, error: object) -> str:
    """``PROG: error: MESSAGE`` and a newline, in the current language: the line a command
    writes on standard error for a usage error."""
    return _("{command}: error: {message}").format(command=prog, message=error) + "\n"


def argparse_message(message: str) -> str:
    """One of argparse's error messages (``argument --honba: expected one argument``) in
    the current language; a message it does not know stays as it is (the text an option's
    type gave is in the language already)."""
    whole = _ARGUMENT.fullmatch(message)
    if whole is not None:
        return _("argument {argument}: {message}").format(
            argument=whole["argument"], message=argparse_message(whole["message"])
        )
    for pattern, text in _ARGPARSE_MESSAGES:
        found = pattern.fullmatch(message)
        if found is not None:
            return _(text).format(**found.groupdict())
    return message


#: A character a line of Japanese or Chinese may break before (an ideograph, kana, a
#: full-width form), with what must not begin a line kept after it (the full-width and
#: ideographic commas, stops and closing brackets, small kana, the long-vowel mark);
#: anything else breaks only at blanks (Korean, like English, breaks between words).
_WRAP_TOKEN: Final = re.compile(
    r"\s+"
    r"|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]"
    r"[\u3001\u3002\uff0c\uff0e\uff1b\uff1a\uff01\uff1f\uff09\u300d\u300f\u3011\u3015"
    r"ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.;:!?)\]]*"
    r"|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+"
)


def _wrap(text: str, width: int) -> list[str]:
    """``text``'s words (blanks made one) in lines of at most ``width`` columns as a
    terminal shows them: a CJK character takes two, and a line may break between two of
    them. A word wider than ``width`` has a line of its own."""
    from agari.render.sheet import display_width

    lines: list[str] = []
    line, used, blank = "", 0, False
    for token in _WRAP_TOKEN.findall(" ".join(text.split())):
        if token.isspace():
            blank = True
            continue
        size = display_width(token)
        gap = 1 if blank and line else 0
        if line and used + gap + size > width:
            lines.append(line)
            line, used, gap = "", 0, 0
        line += " " * gap + token
        used += gap + size
        blank = False
    return [*lines, line] if line else lines


class _ByColumns(argparse.HelpFormatter):
    """argparse's help with translated text wrapped by its width on a terminal (:func:`_wrap`),
    not by its length; English (ASCII) text is wrapped as argparse does, and a raw formatter's
    text is left as written."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if text.isascii() or isinstance(self, argparse.RawTextHelpFormatter):
            return super()._split_lines(text, width)
        return _wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii() or isinstance(self, argparse.RawDescriptionHelpFormatter):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _wrap(text, width - len(indent)))


class Parser(argparse.ArgumentParser):
    """``argparse`` that raises :class:`UsageError` (message and usage) instead of exiting,
    wraps translated help by its width on a terminal (:class:`_ByColumns`), and lists
    ``--lang`` after the command's own options (``agari`` takes it before any
    command parses its arguments: :func:`agari.cli._speak`)."""

    _lang_listed = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # argparse's own words in the language too, where it lets them be given
        kwargs["add_help"] = False
        formatter = kwargs.get("formatter_class", argparse.HelpFormatter)
        kwargs["formatter_class"] = type("ByColumns", (_ByColumns, formatter), {})
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def _list_lang(self) -> None:
        if not self._lang_listed:
            self._lang_listed = True
            self.add_argument(
                "--lang",
                metavar="LANG",
                help=_(
                    "the language of the output: en, ja, zh or ko (default: AGARI_LANG, "
                    "else the locale, else en)"
                ),
            )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._list_lang()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._list_lang()
        return _usage_in_language(super().format_usage())

    def format_help(self) -> str:
        self._list_lang()
        return _usage_in_language(super().format_help())

    def error(self, message: str) -> NoReturn:
        text = argparse_message(message)
        raise UsageError(f"{text}\n{self.format_usage().rstrip()}")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        # argparse's own drops a write error: a full disk must be reported, not lost.
        (file or sys.stdout).write(self.format_help())


def add_rule_options(
    parser: argparse.ArgumentParser,
    rule_help: str = N_("override one rule switch (repeatable), e.g. --rule kiriage=off"),
) -> None:
    """``--rules PRESET`` and the repeatable ``--rule KEY=VALUE``, read by :func:`rules_of`."""
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        default=None,
        help=_("rule preset: {presets} (the first is the default)").format(
            presets=", ".join(PRESET_NAMES)
        ),
    )
    parser.add_argument(
        "--rule", metavar="KEY=VALUE", action="append", default=[], help=_(rule_help)
    )


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """``--jobs N`` (``-j``): worker processes, 0 for every core; :func:`agari.workers.
    capped_jobs` cuts more than the cores to the cores."""
    parser.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
        default=1,
        metavar="N",
        help=_("worker processes (0: all cores; at most the cores)"),
    )


def _jobs(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(
            _("takes 0 (all cores) or a positive number, not {value}").format(value=repr(text))
        )
    return int(text)


def rules_of(args: argparse.Namespace) -> Rules:
    """The rules ``--rules``/``--rule`` ask for (:class:`~agari.errors.RuleError` if bad)."""
    return Rules.from_options(args.rules, args.rule)


def hand_arguments(
    parser: argparse.ArgumentParser, argv: Sequence[str], prog: str
) -> tuple[argparse.Namespace, Rules, str] | int:
    """The arguments of a subcommand that takes ``HAND`` (words that join into one hand, as
    for ``agari HAND``), its rules and the hand's text; or the exit status to return: 0 after
    ``--help``, 2 (the message on standard error) for a usage error or bad rules."""
    from agari.errors import RuleError

    try:
        args = parser.parse_args(list(argv))
        rules = rules_of(args)
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else 0
    except (UsageError, RuleError) as error:
        sys.stderr.write(error_line(prog, error))
        return 2
    return args, rules, " ".join(args.hand).replace(" ,", ",")


def isatty(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressLine:
    """One line on a terminal's standard error, rewritten in place; :meth:`clear` it before
    writing anything else there."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.shown = False

    def show(self, text: str) -> None:
        self.stream.write("\r\x1b[K" + text)
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


class _Terminated(KeyboardInterrupt):
    """SIGTERM, stopping a command as Ctrl-C does."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While a long command runs, SIGTERM (``timeout``, CI cancellation, ``docker stop``)
    stops it like Ctrl-C instead of killing the parent and leaving its workers blocked."""

    def stop(signum: int, frame: Any) -> None:
        raise _Terminated

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_until_stopped(prog: str, body: Callable[[], int], out: IO[str], err: IO[str]) -> int:
    """``body()``'s exit status; on Ctrl-C :data:`EXIT_INTERRUPTED` and on SIGTERM
    :data:`EXIT_TERMINATED`, with a line on ``err`` and no traceback. ``body`` writes whole
    records (lines, a file's sheet) to ``out``, which is flushed here, so the output stops
    after the last whole one; the worker pool (:mod:`agari.workers`) ends its workers."""
    try:
        with _terminate_as_interrupt():
            return body()
    except KeyboardInterrupt as stopped:
        return stopped_by(stopped, prog, out, err)


def stopped_by(stopped: KeyboardInterrupt, prog: str, out: IO[str], err: IO[str]) -> int:
    """The exit status of a command that ``stopped`` (Ctrl-C, or SIGTERM where
    :func:`run_until_stopped` turned it into one): ``out`` flushed as far as it got, a line
    on ``err``, no traceback."""
    with contextlib.suppress(OSError, ValueError):
        out.flush()
    if isinstance(stopped, _Terminated):
        err.write(prog + ": " + _("terminated") + "\n")
        return EXIT_TERMINATED
    err.write("\n" + prog + ": " + _("interrupted") + "\n")
    return EXIT_INTERRUPTED
