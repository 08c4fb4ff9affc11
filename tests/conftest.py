"""Shared test helpers.

Test modules import them as ``from tests.conftest import tiles`` (pytest runs with
``--import-mode=importlib``, which registers this file as ``tests.conftest``).
"""

from __future__ import annotations

from agari.tiles import Tile


def tiles(text: str) -> list[Tile]:
    """``123m0p11z`` -> tiles in the order written: a tiny digit-first mpsz reader,
    independent of the notation module (so engine tests do not lean on the parser).

    >>> [str(t) for t in tiles("13m0p")]
    ['1m', '3m', '0p']
    """
    out: list[Tile] = []
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out.extend(Tile.from_digit(d, ch) for d in digits)
            digits = []
    assert not digits, f"tile digits without a suit letter: {text!r}"
    return out
