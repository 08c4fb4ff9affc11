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

from typing import Final

from agari.engine.decompose import count_of, suit_keys
from agari.hand import Hand, red_fives
from agari.tiles import NORTH, dora_kind

#: The dora shown by each indicator kind, four-player and three-player.
_DORA_KIND: Final[tuple[tuple[int, ...], ...]] = (
    tuple(dora_kind(k, 4) for k in range(34)),
    tuple(dora_kind(k, 3) for k in range(34)),
)


#: A hand's dora by where they come from, in the order of :data:`DORA_SOURCES`.
DoraCounts = tuple[int, int, int, int]
DORA_SOURCES: Final = ("dora", "aka", "ura", "kita")


def count_dora(
    hand: Hand,
    aka: bool | tuple[int, int, int],
    players: int,
    keys: list[int] | None = None,
) -> dict[str, int]:
    """``{"dora", "aka", "ura", "kita"}`` for a hand (see :func:`dora_counts`)."""
    return dict(zip(DORA_SOURCES, dora_counts(hand, aka, players, keys), strict=True))


def dora_counts(
    hand: Hand,
    aka: bool | tuple[int, int, int],
    players: int,
    keys: list[int] | None = None,
) -> DoraCounts:
    """The dora of a hand: ordinary, red fives, ura dora and kita (:data:`DoraCounts`).

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
        keys = suit_keys(hand.all_tiles)
    red = 0
    if aka:
        own = hand._own_reds  # noted by the hand's check
        if own is None:
            own = red_fives(hand.all_tiles)
        m, p, s = own
        if isinstance(aka, bool):
            red = m + p + s
        else:  # the rule's red fives per suit: a suit with none counts none
            red = (m if aka[0] else 0) + (p if aka[1] else 0) + (s if aka[2] else 0)
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
    return (dora, red, ura, kita)
