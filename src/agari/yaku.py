"""The yaku table (SPEC §5): one declarative entry per yaku and yakuman.

Each entry has an id, the han when closed, the han when open (``None``: closed only),
a yakuman multiple (0 for ordinary yaku; 2 for the double patterns that count twice
under ``double_yakuman=on``) and a predicate over the :class:`Features` of one reading.
Features are computed once per reading from facts computed once per hand; the
predicates only look at them. Exclusions (ryanpeikou over iipeikou, junchan over
chanta, chinitsu over honitsu, double riichi over riichi) live in the predicates.

>>> [d.id for d in YAKU if d.han_open is None][:5]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo', 'pinfu']
>>> next(d for d in YAKUMAN if d.id == "suuankou_tanki").yakuman
2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from agari.decompose import CHIITOITSU, KOKUSHI, PAIR, SEQUENCE, STANDARD, Reading
from agari.tiles import CHUN, DRAGONS, GREEN_KINDS, HAKU, HATSU, IS_TERMINAL_OR_HONOUR, WINDS

if TYPE_CHECKING:
    from agari.hand import Hand
    from agari.rules import Rules

_TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
_DRAGON_SET: Final = frozenset(DRAGONS)
_WIND_SET: Final = frozenset(WINDS)


class HandFacts:
    """What every reading of one hand shares: tiles present, openness, context."""

    __slots__ = (
        "all_green",
        "all_honour",
        "all_simple",
        "all_terminal",
        "all_terminal_or_honour",
        "chankan",
        "chiihou",
        "chuuren",
        "closed",
        "counts",
        "dealer",
        "double_riichi",
        "haitei",
        "has_honour",
        "houtei",
        "ippatsu",
        "junsei",
        "n_suits",
        "renhou",
        "riichi",
        "rinshan",
        "round_wind",
        "seat_wind",
        "tenhou",
        "tsumo",
        "valued",
    )

    def __init__(self, hand: Hand) -> None:
        ctx = hand.context
        counts = [0] * 34
        for t in hand.closed_tiles:
            counts[t.kind] += 1
        closed_counts = tuple(counts)
        for m in hand.melds:
            for t in m.tiles:
                counts[t.kind] += 1
        self.counts = tuple(counts)
        present = [k for k in range(34) if counts[k]]
        self.closed = hand.is_closed
        self.tsumo = ctx.tsumo
        self.dealer = ctx.dealer
        self.seat_wind = ctx.seat_wind_kind
        self.round_wind = ctx.round_wind_kind
        self.riichi = self.closed and ctx.riichi and not ctx.double_riichi
        self.double_riichi = self.closed and ctx.double_riichi
        self.ippatsu = self.closed and ctx.in_riichi and ctx.ippatsu
        self.haitei = ctx.tsumo and ctx.haitei
        self.houtei = not ctx.tsumo and ctx.houtei
        self.rinshan = ctx.tsumo and ctx.rinshan
        self.chankan = not ctx.tsumo and ctx.chankan
        self.tenhou = ctx.tenhou and ctx.tsumo and self.closed
        self.chiihou = ctx.chiihou and ctx.tsumo and self.closed
        self.renhou = ctx.renhou and not ctx.tsumo and self.closed
        self.has_honour = any(k >= 27 for k in present)
        suits = {k // 9 for k in present if k < 27}
        self.n_suits = len(suits)
        self.all_simple = all(k < 27 and k % 9 not in (0, 8) for k in present)
        self.all_terminal_or_honour = all(IS_TERMINAL_OR_HONOUR[k] for k in present)
        self.all_honour = all(k >= 27 for k in present)
        self.all_terminal = all(k in _TERMINALS for k in present)
        self.all_green = all(k in GREEN_KINDS for k in present)
        #: pair kinds that earn fu / spoil pinfu: dragons and both winds
        self.valued = _DRAGON_SET | {self.seat_wind, self.round_wind}
        self.chuuren = False
        self.junsei = False
        if not hand.melds and self.n_suits == 1 and not self.has_honour:
            base = 9 * next(iter(suits))
            c = closed_counts[base : base + 9]
            if c[0] >= 3 and c[8] >= 3 and all(c[1:8]):
                self.chuuren = True
                if hand.win is not None:
                    before = list(c)
                    before[hand.win.kind - base] -= 1
                    self.junsei = before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


class Features:
    """The facts of one reading that the yaku predicates and the fu count look at."""

    __slots__ = (
        "ankou",
        "chanta_shape",
        "facts",
        "kans",
        "pair",
        "pinfu",
        "reading",
        "seqs",
        "shape",
        "trips",
        "wait",
    )

    def __init__(self, reading: Reading, facts: HandFacts) -> None:
        self.reading = reading
        self.facts = facts
        self.shape = reading.shape
        self.wait = reading.wait
        seqs: list[int] = []
        trips: list[int] = []
        ankou = 0
        kans = 0
        chanta = True
        if reading.shape == STANDARD:
            for g in reading.groups:
                if not g.has_terminal_or_honour:
                    chanta = False
                if g.type == SEQUENCE:
                    seqs.append(g.kind)
                elif g.type != PAIR:
                    trips.append(g.kind)
                    if g.concealed:
                        ankou += 1
                    if g.type == 2:
                        kans += 1
            self.pair = reading.groups[-1].kind
        else:
            chanta = False
            self.pair = -1
        seqs.sort()
        self.seqs = tuple(seqs)
        self.trips = tuple(trips)
        self.ankou = ankou
        self.kans = kans
        self.chanta_shape = chanta
        self.pinfu = (
            facts.closed
            and len(seqs) == 4
            and reading.wait == "ryanmen"
            and self.pair not in facts.valued
        )


Predicate = Callable[[Features], bool]


@dataclass(frozen=True, slots=True)
class YakuDef:
    """One row of the yaku table."""

    id: str
    name: str
    han_closed: int
    han_open: int | None
    yakuman: int
    test: Predicate


def _sanshoku(f: Features) -> bool:
    s = f.seqs
    return any(k < 9 and k + 9 in s and k + 18 in s for k in s)


def _ittsu(f: Features) -> bool:
    s = f.seqs
    return any(k % 9 == 0 and k + 3 in s and k + 6 in s for k in s)


def _doukou(f: Features) -> bool:
    t = f.trips
    return any(k < 9 and k + 9 in t and k + 18 in t for k in t)


def _peikou_count(f: Features) -> int:
    if not f.facts.closed or len(f.seqs) < 2:
        return 0
    s = f.seqs
    if len(s) == 4 and s[0] == s[1] and s[2] == s[3]:
        return 2
    return 1 if any(s[i] == s[i + 1] for i in range(len(s) - 1)) else 0


def _dragon_trips(f: Features) -> int:
    return sum(1 for k in f.trips if k in _DRAGON_SET)


def _wind_trips(f: Features) -> int:
    return sum(1 for k in f.trips if k in _WIND_SET)


def _std(f: Features) -> bool:
    return f.shape == STANDARD


#: Ordinary yaku in display order.
YAKU: Final[tuple[YakuDef, ...]] = (
    YakuDef("riichi", "Riichi", 1, None, 0, lambda f: f.facts.riichi),
    YakuDef("double_riichi", "Double riichi", 2, None, 0, lambda f: f.facts.double_riichi),
    YakuDef("ippatsu", "One-shot", 1, None, 0, lambda f: f.facts.ippatsu),
    YakuDef(
        "menzen_tsumo",
        "Fully concealed self-draw",
        1,
        None,
        0,
        lambda f: f.facts.closed and f.facts.tsumo,
    ),
    YakuDef("pinfu", "All sequences", 1, None, 0, lambda f: f.pinfu),
    YakuDef("tanyao", "All simples", 1, 1, 0, lambda f: f.facts.all_simple),
    YakuDef("iipeikou", "Pure double sequence", 1, None, 0, lambda f: _peikou_count(f) == 1),
    YakuDef("haku", "White dragon", 1, 1, 0, lambda f: HAKU in f.trips),
    YakuDef("hatsu", "Green dragon", 1, 1, 0, lambda f: HATSU in f.trips),
    YakuDef("chun", "Red dragon", 1, 1, 0, lambda f: CHUN in f.trips),
    YakuDef("seat_wind", "Seat wind", 1, 1, 0, lambda f: f.facts.seat_wind in f.trips),
    YakuDef("round_wind", "Round wind", 1, 1, 0, lambda f: f.facts.round_wind in f.trips),
    YakuDef("chankan", "Robbing a kan", 1, 1, 0, lambda f: f.facts.chankan),
    YakuDef("rinshan", "After a kan", 1, 1, 0, lambda f: f.facts.rinshan),
    YakuDef("haitei", "Last tile draw", 1, 1, 0, lambda f: f.facts.haitei),
    YakuDef("houtei", "Last tile discard", 1, 1, 0, lambda f: f.facts.houtei),
    YakuDef("chiitoitsu", "Seven pairs", 2, None, 0, lambda f: f.shape == CHIITOITSU),
    YakuDef("sanshoku", "Mixed triple sequence", 2, 1, 0, _sanshoku),
    YakuDef("ittsu", "Pure straight", 2, 1, 0, _ittsu),
    YakuDef(
        "chanta",
        "Half outside hand",
        2,
        1,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and f.facts.has_honour,
    ),
    YakuDef("sanshoku_doukou", "Triple triplets", 2, 2, 0, _doukou),
    YakuDef("sankantsu", "Three kans", 2, 2, 0, lambda f: f.kans == 3),
    YakuDef("toitoi", "All triplets", 2, 2, 0, lambda f: len(f.trips) == 4),
    YakuDef("sanankou", "Three concealed triplets", 2, 2, 0, lambda f: f.ankou == 3),
    YakuDef(
        "shousangen",
        "Little three dragons",
        2,
        2,
        0,
        lambda f: f.pair in _DRAGON_SET and _dragon_trips(f) == 2,
    ),
    YakuDef(
        "honroutou",
        "All terminals and honours",
        2,
        2,
        0,
        lambda f: f.facts.all_terminal_or_honour and f.shape != KOKUSHI,
    ),
    YakuDef(
        "ryanpeikou", "Twice pure double sequence", 3, None, 0, lambda f: _peikou_count(f) == 2
    ),
    YakuDef(
        "honitsu",
        "Half flush",
        3,
        2,
        0,
        lambda f: f.facts.n_suits == 1 and f.facts.has_honour,
    ),
    YakuDef(
        "junchan",
        "Fully outside hand",
        3,
        2,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and not f.facts.has_honour,
    ),
    YakuDef(
        "chinitsu",
        "Full flush",
        6,
        5,
        0,
        lambda f: f.facts.n_suits == 1 and not f.facts.has_honour,
    ),
)

#: Yakuman in display order. ``yakuman`` 2 marks the double patterns.
YAKUMAN: Final[tuple[YakuDef, ...]] = (
    YakuDef("kokushi", "Thirteen orphans", 13, None, 1, lambda f: f.wait == "kokushi"),
    YakuDef(
        "kokushi_13", "Thirteen orphans, 13-sided", 13, None, 2, lambda f: f.wait == "kokushi_13"
    ),
    YakuDef(
        "suuankou",
        "Four concealed triplets",
        13,
        None,
        1,
        lambda f: f.ankou == 4 and f.wait != "tanki",
    ),
    YakuDef(
        "suuankou_tanki",
        "Four concealed triplets, single wait",
        13,
        None,
        2,
        lambda f: f.ankou == 4 and f.wait == "tanki",
    ),
    YakuDef("daisangen", "Big three dragons", 13, 13, 1, lambda f: _dragon_trips(f) == 3),
    YakuDef("tsuuiisou", "All honours", 13, 13, 1, lambda f: f.facts.all_honour),
    YakuDef("ryuuiisou", "All green", 13, 13, 1, lambda f: f.facts.all_green),
    YakuDef("chinroutou", "All terminals", 13, 13, 1, lambda f: f.facts.all_terminal),
    YakuDef(
        "shousuushii",
        "Little four winds",
        13,
        13,
        1,
        lambda f: f.pair in _WIND_SET and _wind_trips(f) == 3,
    ),
    YakuDef("daisuushii", "Big four winds", 13, 13, 2, lambda f: _wind_trips(f) == 4),
    YakuDef(
        "chuuren",
        "Nine gates",
        13,
        None,
        1,
        lambda f: f.facts.chuuren and not f.facts.junsei,
    ),
    YakuDef("junsei_chuuren", "Pure nine gates", 13, None, 2, lambda f: f.facts.junsei),
    YakuDef("suukantsu", "Four kans", 13, 13, 1, lambda f: f.kans == 4),
    YakuDef("tenhou", "Blessing of heaven", 13, None, 1, lambda f: f.facts.tenhou),
    YakuDef("chiihou", "Blessing of earth", 13, None, 1, lambda f: f.facts.chiihou),
)

RENHOU: Final = YakuDef("renhou", "Blessing of man", 13, None, 1, lambda f: f.facts.renhou)

#: English names of every id, for display.
NAMES: Final[dict[str, str]] = {d.id: d.name for d in (*YAKU, *YAKUMAN, RENHOU)}


@dataclass(frozen=True, slots=True)
class RuleTables:
    """The yaku table under one set of rules: ``(id, han_closed, han_open, test)`` rows
    for ordinary yaku and ``(id, multiple, test)`` rows for yakuman."""

    ordinary: tuple[tuple[str, int, int, Predicate], ...]
    yakuman: tuple[tuple[str, int, Predicate], ...]


@lru_cache(maxsize=64)
def tables(rules: Rules) -> RuleTables:
    """The yaku table with the rules applied (``open_tanyao``, ``chiitoitsu``,
    ``double_yakuman``, ``renhou``); built once per rule set. Closed-only yaku get
    ``han_open`` 0."""
    ordinary = []
    for d in YAKU:
        han_closed = d.han_closed
        han_open = d.han_open or 0
        if d.id == "tanyao" and not rules.open_tanyao:
            han_open = 0
        if d.id == "chiitoitsu" and rules.chiitoitsu == "50fu1han":
            han_closed = 1
        ordinary.append((d.id, han_closed, han_open, d.test))
    yakuman = [
        (d.id, d.yakuman if rules.double_yakuman else 1, d.test)
        for d in (*YAKUMAN, *((RENHOU,) if rules.renhou == "yakuman" else ()))
    ]
    return RuleTables(tuple(ordinary), tuple(yakuman))


def yakuman_of(f: Features, t: RuleTables) -> list[tuple[str, int]]:
    """The yakuman of one reading with their multiples (stacking not yet applied)."""
    return [(yid, mult) for yid, mult, test in t.yakuman if test(f)]


def yaku_of(f: Features, t: RuleTables) -> list[tuple[str, int]]:
    """The ordinary yaku of one reading with their han."""
    closed = f.facts.closed
    out = []
    for yid, han_closed, han_open, test in t.ordinary:
        han = han_closed if closed else han_open
        if han and test(f):
            out.append((yid, han))
    return out
