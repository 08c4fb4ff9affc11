"""JSON read for the log readers: :func:`json.loads` and ``raw_decode`` whose every failure
is a :class:`json.JSONDecodeError`, a nesting too deep for the decoder's recursion included
(a file of a thousand ``[``), so that a reader reports it as damage, never a traceback."""

from __future__ import annotations

import json
from typing import Any, Final

__all__ = ["decode_at", "loads"]

_DECODER: Final = json.JSONDecoder()


def loads(text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, 0) from None


def decode_at(text: str, at: int) -> tuple[Any, int]:
    """The JSON value that starts at ``at`` and where it ends."""
    try:
        return _DECODER.raw_decode(text, at)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, at) from None
