"""What the subcommands share: an argument parser that reports a usage error instead of
exiting, the ``--rules``/``--rule`` options and the rules they ask for, and whether an output
stream is a terminal."""

from __future__ import annotations

import argparse
from typing import IO, NoReturn

from agari.rules import PRESET_NAMES, Rules

__all__ = ["Parser", "UsageError", "add_rule_options", "isatty", "rules_of"]


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


def isatty(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
