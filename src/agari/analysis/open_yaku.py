"""Which yaku an open hand can still reach, and how far away the nearest one is.

A call opens the hand: riichi, menzen tsumo, pinfu, iipeikou and the other closed-only yaku
are gone, and a hand without a yaku cannot win however many dora it holds. This module
answers, for the concealed counts beside the melds, the fewest tiles missing from a
complete hand that has a yaku of one of these *families* -- each a shape that guarantees
its yaku whatever the winning tile and the way of winning:

* ``haku``, ``hatsu``, ``chun``, ``seat_wind``, ``round_wind``: a triplet (pon or kan) of
  that honour (the winds of the hand's context);
* ``tanyao``: only 2-8 (when the rules allow it open, ``open_tanyao``);
* ``honitsu``: one suit with or without honours (chinitsu, tsuuiisou, ryuuiisou are such
  hands too);
* ``toitoi``: four triplets (honroutou, chinroutou, suukantsu too);
* ``chanta``: a terminal or honour in every group and the pair (junchan, honroutou too);
* ``ittsu``, ``sanshoku``, ``sanshoku_doukou``: the three groups each needs.

A family's distance is counted like the hand's own (the exact per-suit distance tables of
:mod:`agari.analysis.tables`), under ``limits``: the copies of each kind the concealed part
may ever hold (those held, plus those not in sight), so that a path needing a tile whose
every copy is in sight (discarded, in a meld, an indicator) is not counted. The situational
yaku (haitei, houtei, rinshan, chankan) are luck, not a path; sanankou and sankantsu are not
looked for (both are rare in an open hand, and toitoi covers most of their shapes).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Final

from agari.analysis.tables import (
    SCRATCH,
    Distance,
    honour_distance,
    merge_distance,
    suit_distances,
)
from agari.hand import Context, Meld, MeldKind
from agari.tiles import CHUN, HAKU, HATSU

__all__ = ["hand_distance", "open_yaku"]

_INF: Final = 99
_SIZE: Final = 10
#: Kinds that are terminals or honours.
_OUTSIDE: Final = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))


def _total(tables: Sequence[Distance], need: int) -> int:
    """The fewest tiles missing for ``need`` groups and a pair over the suits' tables."""
    a, b, c, d = tables
    total = merge_distance(merge_distance(merge_distance(a, b), merge_distance(c, d)), SCRATCH)
    return total[5 + need] if 0 <= need <= 4 else _INF


def hand_distance(counts: Sequence[int], limits: Sequence[int], need: int) -> int:
    """The fewest tiles missing from a complete standard hand (``need`` groups beside the
    melds, and a pair), never holding more of a kind than ``limits`` allows."""
    return _total(suit_distances(counts, limits), need)


def _forced(
    counts: Sequence[int], limits: Sequence[int], need: int, groups: Sequence[Sequence[int]]
) -> int:
    """The distance of a hand that must hold ``groups`` (kinds, one entry per tile) in its
    concealed part beside ``need`` groups in all: their missing tiles plus the rest's."""
    if len(groups) > need:
        return _INF
    demand = [0] * 34
    for group in groups:
        for kind in group:
            demand[kind] += 1
    cost = 0
    rest = list(counts)
    left = list(limits)
    for kind, n in enumerate(demand):
        if not n:
            continue
        if n > limits[kind]:
            return _INF
        used = min(n, counts[kind])
        cost += n - used
        rest[kind] -= used
        left[kind] -= n
    return cost + hand_distance(rest, left, need - len(groups))


def _only(limits: Sequence[int], allowed: frozenset[int]) -> list[int]:
    return [n if kind in allowed else 0 for kind, n in enumerate(limits)]


def _meld_kinds(meld: Meld) -> list[int]:
    return [t.kind for t in meld.tiles[:3]]


def _triplet_of(meld: Meld) -> int | None:
    return meld.tiles[0].kind if meld.kind is not MeldKind.CHI else None


@lru_cache(maxsize=4096)
def _chanta_suit(counts: tuple[int, ...], limits: tuple[int, ...]) -> Distance:
    """Exact distances of one number suit (nine counts) whose groups are 123, 789, 111 or
    999 and whose pair is 11 or 99: every way of choosing them, tried."""
    groups = ((0, 1, 2), (6, 7, 8), (0, 0, 0), (8, 8, 8))
    out = [_INF] * _SIZE
    for m in range(5):
        for chosen in combinations_with_replacement(groups, m):
            for pair in ((), (0, 0), (8, 8)):
                demand = [0] * 9
                for group in (*chosen, pair):
                    for rank in group:
                        demand[rank] += 1
                if any(d > limit for d, limit in zip(demand, limits, strict=True)):
                    continue
                cost = sum(max(0, d - c) for d, c in zip(demand, counts, strict=True))
                index = (1 if pair else 0) * 5 + m
                out[index] = min(out[index], cost)
    return tuple(out)


def _chanta(counts: Sequence[int], limits: Sequence[int], need: int) -> int:
    honours = suit_distances(counts, _only(limits, _OUTSIDE))[3]
    suits = [_chanta_suit(tuple(counts[s : s + 9]), tuple(limits[s : s + 9])) for s in (0, 9, 18)]
    total = merge_distance(merge_distance(suits[0], suits[1]), merge_distance(suits[2], honours))
    return total[5 + need] if 0 <= need <= 4 else _INF


def _toitoi(counts: Sequence[int], limits: Sequence[int], need: int) -> int:
    """Four triplets: each kind alone gives a triplet, the pair or nothing (the honours'
    table, whose kinds form no sequences, over all 34 kinds), plus groups of drawn tiles."""
    table = honour_distance(tuple(sorted((counts[k], limits[k]) for k in range(34) if counts[k])))
    total = merge_distance(table, SCRATCH)
    return total[5 + need] if 0 <= need <= 4 else _INF


def open_yaku(
    counts: Sequence[int],
    melds: Sequence[Meld],
    limits: Sequence[int],
    context: Context,
    open_tanyao: bool,
) -> dict[str, int]:
    """Each yaku family (see the module notes) an open hand can still make, with the
    fewest tiles missing from a complete hand of that family: ``counts`` are the concealed
    tiles' kinds, ``limits`` the copies of each kind the concealed part may ever hold."""
    need = 4 - len(melds)
    found: dict[str, int] = {}

    def note(name: str, distance: int) -> None:
        if distance < _INF and distance < found.get(name, _INF):
            found[name] = distance

    free = hand_distance(counts, limits, need)
    triplets = {_triplet_of(m) for m in melds}
    for name, kind in (
        ("haku", HAKU),
        ("hatsu", HATSU),
        ("chun", CHUN),
        ("seat_wind", context.seat_wind_kind),
        ("round_wind", context.round_wind_kind),
    ):
        note(name, free if kind in triplets else _forced(counts, limits, need, [(kind,) * 3]))
    kinds = [_meld_kinds(m) for m in melds]
    simples = frozenset(k for k in range(27) if k not in _OUTSIDE)
    if open_tanyao and all(k in simples for group in kinds for k in group):
        note("tanyao", hand_distance(counts, _only(limits, simples), need))
    for first in (0, 9, 18):
        flush = frozenset((*range(first, first + 9), *range(27, 34)))
        if all(k in flush for group in kinds for k in group):
            note("honitsu", hand_distance(counts, _only(limits, flush), need))
    if all(t is not None for t in triplets):
        note("toitoi", _toitoi(counts, limits, need))
    if all(any(k in _OUTSIDE for k in group) for group in kinds):
        note("chanta", _chanta(counts, limits, need))
    for name, wanted in _STRAIGHT_SHAPES:
        note(name, _with_groups(counts, limits, need, wanted, kinds))
    return found


def _with_groups(
    counts: Sequence[int],
    limits: Sequence[int],
    need: int,
    wanted: Sequence[tuple[int, ...]],
    melds: Sequence[Sequence[int]],
) -> int:
    """The distance of a hand that must hold the groups ``wanted`` (each a run or a triplet,
    by kinds), the melds (by kinds) supplying those they already are."""
    supplied = [tuple(group) for group in melds]
    missing = []
    for group in wanted:
        if group in supplied:
            supplied.remove(group)
        else:
            missing.append(group)
    return _forced(counts, limits, need, missing)


def _straight_shapes() -> tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...]:
    """The groups each of ittsu, sanshoku and sanshoku doukou needs, every way."""
    out: list[tuple[str, tuple[tuple[int, int, int], ...]]] = []
    for first in (0, 9, 18):
        out.append(("ittsu", tuple((first + r, first + r + 1, first + r + 2) for r in (0, 3, 6))))
    for rank in range(7):
        out.append(("sanshoku", tuple((s + rank, s + rank + 1, s + rank + 2) for s in (0, 9, 18))))
    for rank in range(9):
        out.append(("sanshoku_doukou", tuple((s + rank,) * 3 for s in (0, 9, 18))))
    return tuple(out)


_STRAIGHT_SHAPES: Final = _straight_shapes()
