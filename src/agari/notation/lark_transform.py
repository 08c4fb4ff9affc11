"""The Lark transformer of the hand grammar's two spellings (digit-first and suit-first).

A module of its own, imported only when a line needs Lark's full parse, so that importing
:mod:`agari.notation.text` does not import Lark (and because mypyc, which compiles that
module in the compiled build, does not compile a class defined inside a function)."""

from __future__ import annotations

from typing import Any

from lark import Transformer


class Collect(Transformer[Any, Any]):
    """Tags each parsed hand with its spelling: ``(suit_first, children)``."""

    def digit_first(self, children: list[Any]) -> tuple[bool, list[Any]]:
        return False, children

    def suit_first(self, children: list[Any]) -> tuple[bool, list[Any]]:
        return True, children
