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

from typing import TYPE_CHECKING

from agari.tiles import NORTH, dora_kind

if TYPE_CHECKING:
    from agari.hand import Hand


def count_dora(hand: Hand, aka: bool, players: int) -> dict[str, int]:
    """``{"dora", "aka", "ura", "kita"}`` for a hand.

    Every tile counts once per indicator pointing at it (kans count four tiles). A bare
    number (``dora=2``) adds that many. Red fives count only under ``aka``; ura dora
    only for a hand in riichi. Kita tiles are one dora each, and a kita (a North tile)
    also counts as an ordinary dora when North is the dora.
    """
    ctx = hand.context
    counts = [0] * 34
    red = 0
    for t in hand.closed_tiles:
        counts[t.kind] += 1
        red += t.red
    for m in hand.melds:
        for t in m.tiles:
            counts[t.kind] += 1
            red += t.red
    counts[NORTH] += ctx.kita
    dora = ctx.dora_count + sum(counts[dora_kind(t.kind, players)] for t in ctx.dora_indicators)
    ura = 0
    if ctx.in_riichi:
        ura = ctx.ura_count + sum(counts[dora_kind(t.kind, players)] for t in ctx.ura_indicators)
    return {"dora": dora, "aka": red if aka else 0, "ura": ura, "kita": ctx.kita}
