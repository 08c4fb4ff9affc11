"""Dora, red fives, ura dora and kita of a hand (RULES.md, "Limits and points", "Dora
from indicators", "Three-player").

>>> from agari.hand import Context, Hand
>>> from agari.tiles import Tile
>>> tiles = tuple(Tile(k) for k in (1, 2, 3, 4, 4, 4, 10, 11, 12, 19, 20, 21, 30))
>>> hand = Hand(tiles, Tile(30), context=Context(dora_indicators=(Tile(3),), riichi=True,
...     ura_indicators=(Tile(29),)))
>>> count_dora(hand, aka=True, players=4)
{'dora': 3, 'aka': 0, 'ura': 2, 'kita': 0}
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Final

from agari.engine.decompose import KIND_BITS, count_of, suit_keys
from agari.hand import NO_REDS, Hand
from agari.tiles import NORTH, dora_kind

_RED: Final = attrgetter("red")
#: The count of the five in a number suit's key.
_FIVES: Final = 15 << KIND_BITS * 4
#: The dora shown by each indicator kind, four-player and three-player.
_DORA_KIND: Final = (
    tuple(dora_kind(k, 4) for k in range(34)),
    tuple(dora_kind(k, 3) for k in range(34)),
)


def count_dora(
    hand: Hand,
    aka: bool | tuple[int, int, int],
    players: int,
    keys: Sequence[int] | None = None,
) -> dict[str, int]:
    """``{"dora", "aka", "ura", "kita"}`` for a hand.

    Every tile counts once per indicator pointing at it (kans count four tiles). A bare
    number (``dora=2``) adds that many. Red fives count only under ``aka`` (``True``: every
    suit; or the rule's red fives per suit m, p, s: a suit with none counts none); ura dora
    only for a hand in riichi. Kita tiles are one dora each, and a kita (a North tile)
    also counts as an ordinary dora when North is the dora. ``keys`` are the hand's suit
    keys (concealed tiles, winning tile and melds; :func:`~agari.engine.decompose.suit_keys`)
    when the caller has them.
    """
    ctx = hand.context
    if not isinstance(aka, bool) and not any(aka):
        aka = False
    if keys is None:
        keys = suit_keys((*hand.closed_tiles, *(t for m in hand.melds for t in m.tiles)))
    red = 0
    # Any five at all, and a red one in sight (as the hand's check noted, if it was made):
    # look for red ones in the hand.
    seen = hand._reds
    if aka and seen != NO_REDS and (keys[0] | keys[1] | keys[2]) & _FIVES:
        red = sum(map(_RED, hand.concealed))
        if hand.win is not None and hand.win.red:
            red += 1
        for m in hand.melds:
            red += sum(map(_RED, m.tiles))
        if red and not isinstance(aka, bool) and not all(aka):  # a suit whose reds do not count
            tiles = [*hand.closed_tiles, *(t for m in hand.melds for t in m.tiles)]
            red = sum(1 for t in tiles if t.red and aka[t.kind // 9])
    kita = ctx.kita  # kita tiles are North tiles set aside: they count for a North dora
    shown = _DORA_KIND[players == 3]
    dora = ctx.dora_count
    for t in ctx.dora_indicators:
        k = shown[t.kind]
        dora += count_of(keys, k) + (kita if k == NORTH else 0)
    ura = 0
    if ctx.riichi or ctx.double_riichi:
        ura = ctx.ura_count
        for t in ctx.ura_indicators:
            k = shown[t.kind]
            ura += count_of(keys, k) + (kita if k == NORTH else 0)
    return {"dora": dora, "aka": red, "ura": ura, "kita": kita}
