"""The one error type agari raises for bad input, with a stable code."""

from __future__ import annotations

from collections.abc import Sequence

from agari.lang import _

__all__ = ["HandError", "RuleError", "SettleError", "and_list", "or_list"]


class HandError(ValueError):
    """Input that is not a legal hand.

    ``code`` is stable (SPEC §3): ``syntax``, ``tile_count``, ``too_many_copies``,
    ``bad_tile``, ``too_many_red``, ``bad_meld``, ``conflicting_context``,
    ``unknown_word``, ``bad_value``, ``bad_record`` (and ``internal`` in a result, for a bug
    in agari). ``column`` is 1-based where the
    problem has a place in the input string, else ``None``.
    """

    def __init__(
        self, code: str, message: str, column: int | None = None, word: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.column = column
        #: The context word the problem is about, found without the text (by the engine):
        #: a caller that has the text can point at it (see :meth:`point_at_word`).
        self.word = word

    def point_at_word(self, text: str) -> None:
        """Set ``column`` to where ``word`` stands in ``text`` (a blank-separated word such
        as ``kita=2``), if it is not set and the word is there."""
        if self.column is not None or self.word is None:
            return
        at = 0
        for token in text.split(" "):
            name = token.split("=", 1)[0].lower()
            if token and name == self.word:
                self.column = at + 1
                return
            at += len(token) + 1

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "column": self.column}


class RuleError(ValueError):
    """A rule preset or switch that does not exist, or a value it cannot take."""


class SettleError(ValueError):
    """A settlement that cannot be: a seat that does not play, a han and fu no hand has, a
    rule that forbids it (nagashi under ``nagashi=off``), a negative counter. The payment
    commands report it as rejected input; any other exception there is a bug in agari."""


def or_list(items: Sequence[str]) -> str:
    """``items`` as a message lists choices, in the current language: ``a or b or c``.

    >>> or_list(["13", "14"]), or_list(["on"])
    ('13 or 14', 'on')
    """
    shown = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: two choices in a message ("13 or 14"); {one} may itself be a list.
        shown = _("{one} or {other}").format(one=shown, other=item)
    return shown


def and_list(items: Sequence[str]) -> str:
    """``items`` as a message lists them all, in the current language: ``a, b and c``.

    >>> and_list(["melds", "seen=", "call="]), and_list(["kita"])
    ('melds, seen= and call=', 'kita')
    """
    if len(items) <= 1:
        return items[0] if items else ""
    shown = items[0]
    for item in items[1:-1]:
        # TRANSLATORS: a list in a message, before its last item ("melds, seen= and call=").
        shown = _("{list}, {item}").format(list=shown, item=item)
    # TRANSLATORS: the last item of a list in a message ("melds, seen= and call=").
    return _("{list} and {item}").format(list=shown, item=items[-1])
