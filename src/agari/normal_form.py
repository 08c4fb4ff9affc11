"""The normal form of a hand (SPEC §1): ``str(hand)``, ``str(meld)`` and tile lists.

Digit-first, suits in m p s z order, tiles sorted (a red five printed as ``0`` in its
place), melds after ``", "`` with their markers, context words in a fixed order with
defaults left out. Parsing the normal form gives back an equal hand
(tests/test_notation.py checks it on random hands).
"""

from __future__ import annotations

from typing import Final

from agari.hand import SITUATIONAL, Context, Hand, Meld, MeldKind
from agari.tiles import Tile

__all__ = ["clear_text_caches", "format_hand", "format_meld", "format_tiles"]

_SOURCE_MARKER: Final[dict[str, str]] = {"left": "-", "across": "=", "right": "+"}
#: Enough entries for the melds and contexts of a large batch; then no more are kept.
_CACHE_LIMIT: Final = 8192


def _sort_key(tile: Tile) -> int:
    """Tiles by kind, a red five before a plain five."""
    return tile.kind * 2 + (not tile.red)


def clear_text_caches() -> None:
    """Forget the printed melds and context words (benchmarks, tests)."""
    _MELD_TEXT.clear()
    _WORDS_TEXT.clear()


def _meld_order(meld: Meld) -> list[tuple[Tile, str]]:
    """The meld's tiles in printing order, each with the marker printed after it."""
    tiles = list(meld.tiles)
    marker = _SOURCE_MARKER[meld.source] if meld.source and meld.called is not None else ""
    if not marker or meld.called is None:
        return [(t, "") for t in tiles]
    if meld.kind is MeldKind.SHOUMINKAN:
        others = list(tiles)
        others.remove(meld.called)
        return [(others[0], ""), (others[1], ""), (meld.called, marker), (others[2], "")]
    at = max(i for i, t in enumerate(tiles) if t == meld.called)
    return [(t, marker if i == at else "") for i, t in enumerate(tiles)]


def format_meld(meld: Meld) -> str:
    """A meld in digit-first normal form: ``3-45m``, ``777=z``, ``555=5p``, ``0555p``.

    >>> format_meld(Hand.parse("1z+1z, 3-45m, 777=z, 6666+s, 555=5p").melds[3])
    '555=5p'
    """
    hit = _MELD_TEXT.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if not meld.tiles:
        return ""
    body = "".join(f"{t.digit}{m}" for t, m in _meld_order(meld))
    text = body + meld.tiles[0].suit
    if len(_MELD_TEXT) < _CACHE_LIMIT:
        _MELD_TEXT[id(meld)] = (meld, text)
    return text


def format_tiles(tiles: tuple[Tile, ...] | list[Tile], *, keep_order: bool = False) -> str:
    """Tiles in digit-first form, grouped by suit (``123m406p``).

    With ``keep_order`` the tiles stay in the given order and only neighbours of the
    same suit share a suit letter (dora indicators are printed this way).
    """
    if not tiles:
        return ""
    if not keep_order:
        tiles = sorted(tiles, key=_sort_key)
    out: list[str] = []
    suit = _SUIT_OF[tiles[0].kind]
    for tile in tiles:
        kind = tile.kind
        if _SUIT_OF[kind] != suit:
            out.append(suit)
            suit = _SUIT_OF[kind]
        out.append("0" if tile.red else _DIGIT_OF[kind])
    out.append(suit)
    return "".join(out)


_SUIT_OF: Final = tuple("mpsz"[kind // 9] for kind in range(34))
_DIGIT_OF: Final = tuple(str(kind % 9 + 1) for kind in range(34))
#: Printed melds and context words by object identity (the object is kept with its text,
#: so an id is never reused while its entry lives). Melds and contexts read by
#: parse_hand come from its caches, so the same objects come back again and again.
_MELD_TEXT: dict[int, tuple[Meld, str]] = {}
_WORDS_TEXT: dict[int, tuple[Context, str]] = {}


def _words(context: Context) -> list[str]:
    c = context
    words: list[str] = []
    if c.tsumo:
        words.append("tsumo")
    if c.double_riichi:
        words.append("double-riichi")
    elif c.riichi:
        words.append("riichi")
    for flag in SITUATIONAL:
        if getattr(c, flag):
            words.append(flag)
    if c.seat_wind != "S":
        words.append(f"seat={c.seat_wind}")
    if c.round_wind != "E":
        words.append(f"round={c.round_wind}")
    if c.dora_indicators:
        words.append("dora=" + format_tiles(c.dora_indicators, keep_order=True))
    if c.dora_count:
        words.append(f"dora={c.dora_count}")
    if c.ura_indicators:
        words.append("ura=" + format_tiles(c.ura_indicators, keep_order=True))
    if c.ura_count:
        words.append(f"ura={c.ura_count}")
    for key, value in (("honba", c.honba), ("sticks", c.sticks), ("kita", c.kita)):
        if value:
            words.append(f"{key}={value}")
    if c.pao:
        words.append(f"pao={c.pao}")
    if c.wareme:
        words.append(f"wareme={c.wareme}")
    if c.rules:
        words.append(f"rules={c.rules}")
    return words


def format_hand(hand: Hand) -> str:
    """The normal form (SPEC §1): digit-first, sorted, melds after ``", "``, context words
    in a fixed order with defaults left out.

    >>> format_hand(Hand.parse("m123p055z1112+z2=,s7-89 SEAT=e"))
    '123m055p1112z+2z=, 7-89s seat=E'
    """
    parts = [format_tiles(hand.concealed)]
    if hand.win is not None:
        marker = _SOURCE_MARKER[hand.context.win_from] if hand.context.win_from else ""
        parts.append(f"+{hand.win}{marker}")
    for meld in hand.melds:
        parts.append(", ")
        parts.append(format_meld(meld))
    context = hand.context
    hit = _WORDS_TEXT.get(id(context))
    if hit is not None and hit[0] is context:
        words = hit[1]
    else:
        words = " ".join(_words(context))
        if len(_WORDS_TEXT) < _CACHE_LIMIT:
            _WORDS_TEXT[id(context)] = (context, words)
    if words:
        parts.append(" ")
        parts.append(words)
    return "".join(parts)
