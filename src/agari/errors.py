"""The one error type agari raises for bad input, with a stable code."""

from __future__ import annotations


class HandError(ValueError):
    """Input that is not a legal hand.

    ``code`` is stable (SPEC §3): ``syntax``, ``tile_count``, ``too_many_copies``,
    ``bad_tile``, ``too_many_red``, ``bad_meld``, ``conflicting_context``,
    ``unknown_word``, ``bad_value``, ``bad_record``. ``column`` is 1-based where the
    problem has a place in the input string, else ``None``.
    """

    def __init__(self, code: str, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.column = column

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "column": self.column}


class RuleError(ValueError):
    """A rule preset or switch that does not exist, or a value it cannot take."""
