"""What the subcommands share: an argument parser that reports a usage error instead of
exiting, the ``--rules``/``--rule`` options and the rules they ask for, and whether an output
stream is a terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import IO, NoReturn

from agari.rules import PRESET_NAMES, Rules

__all__ = ["Parser", "UsageError", "add_rule_options", "hand_arguments", "isatty", "rules_of"]


class UsageError(Exception):
    """A command line that cannot be run: exit status 2 with the message and the usage."""


class Parser(argparse.ArgumentParser):
    """``argparse`` that raises :class:`UsageError` (message and usage) instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message}\n{self.format_usage().rstrip()}")


def add_rule_options(
    parser: argparse.ArgumentParser,
    rule_help: str = "override one rule switch (repeatable), e.g. --rule kiriage=off",
) -> None:
    """``--rules PRESET`` and the repeatable ``--rule KEY=VALUE``, read by :func:`rules_of`."""
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        default=None,
        help=f"rule preset: {', '.join(PRESET_NAMES)} (the first is the default)",
    )
    parser.add_argument("--rule", metavar="KEY=VALUE", action="append", default=[], help=rule_help)


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
        sys.stderr.write(f"{prog}: error: {error}\n")
        return 2
    return args, rules, " ".join(args.hand).replace(" ,", ",")


def isatty(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
