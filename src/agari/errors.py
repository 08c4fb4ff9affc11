"""The one error type agari raises for bad input, with a stable code."""

from __future__ import annotations


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
