"""JSON read for the log readers: :func:`json.loads` and ``raw_decode`` whose every failure
is a :class:`json.JSONDecodeError`, a nesting too deep for the decoder's recursion included
(a file of a thousand ``[``), so that a reader reports it as damage, never a traceback; the
whole values of a list cut off part way (:func:`whole_items`); a record's fields read as
the readers need them (:func:`as_dict`, :func:`int_field`; a format's tiles by their text,
:class:`TileTable`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Final

from agari.lang import _
from agari.tiles import Tile

__all__ = ["TileTable", "as_dict", "decode_at", "int_field", "loads", "whole_items"]

_DECODER: Final = json.JSONDecoder()


def loads(text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError(_("nested too deeply"), text, 0) from None


def decode_at(text: str, at: int) -> tuple[Any, int]:
    """The JSON value that starts at ``at`` and where it ends."""
    try:
        return _DECODER.raw_decode(text, at)
    except RecursionError:
        raise json.JSONDecodeError(_("nested too deeply"), text, at) from None


def whole_items(text: str, at: int) -> list[Any]:
    """The values of the JSON list whose first item starts at ``at`` (just after its
    ``[``), up to the first that does not read whole: what a list cut off part way holds."""
    items: list[Any] = []
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        try:
            value, at = decode_at(text, at)
        except json.JSONDecodeError:
            return items
        items.append(value)


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` where it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def int_field(record: dict[str, Any], key: str, default: int | None = None) -> int:
    """A whole-number field (``default`` where it is left out): :class:`ValueError` naming
    the field for anything else, a boolean included."""
    value = record.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(
            _("{field} is {value}, not a whole number").format(field=key, value=repr(value))
        )
    return value


class TileTable:
    """A format's tiles by their text, read once by the format's own tile reader ``read``
    from each of ``texts`` it takes: :meth:`tile` looks the common case up (a :class:`Tile`
    is a shared value) and leaves the reader to say why a text is no tile."""

    def __init__(self, read: Callable[[object], Tile], texts: Iterable[str]) -> None:
        self._read = read
        self._tiles: dict[str, Tile] = {}
        for text in texts:
            try:
                self._tiles[text] = read(text)
            except ValueError:
                continue

    def tile(self, text: object) -> Tile:
        if type(text) is str:
            tile = self._tiles.get(text)
            if tile is not None:
                return tile
        return self._read(text)
