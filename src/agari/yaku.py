"""The yaku table (SPEC §5): one declarative entry per yaku and yakuman.

Each entry has an id, the han when closed, the han when open (``None``: closed only),
a yakuman multiple (0 for ordinary yaku; 2 for the double patterns that count twice
under ``double_yakuman=on``) and a predicate over the :class:`Features` of one reading.
Features are computed once per reading from facts computed once per hand; the
predicates only look at them. Exclusions (ryanpeikou over iipeikou, junchan over
chanta, chinitsu over honitsu, double riichi over riichi) live in the predicates.

A row either is decided by one hand fact alone (riichi, menzen tsumo, tanyao, honitsu,
chinitsu, honroutou, the situational yaku: ``fact``), or says what a reading needs for
its predicate to be worth asking (so many sequences or triplets, an honour triplet, all
groups outside, no groups). A reading's *plan key* holds the hand facts that hold and
what the reading offers; the plan for a key -- the rows that hold, and the rows worth
testing -- is made once per key and rule set, and a reading is tested against its plan
only. The yakuman rows are skipped altogether unless the hand facts allow a yakuman.

>>> [d.id for d in YAKU if d.han_open is None][:5]
['riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo', 'pinfu']
>>> next(d for d in YAKUMAN if d.id == "suuankou_tanki").yakuman
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Final

from agari.decompose import (
    CHIITOITSU,
    KAN,
    KOKUSHI,
    PAIR,
    SEQUENCE,
    STANDARD,
    TRIPLET,
    Group,
    Reading,
    kind_counts,
    meld_groups,
)
from agari.fu import GROUP_FU
from agari.result import YakuHan
from agari.tiles import (
    CHUN,
    DRAGONS,
    EAST,
    GREEN_KINDS,
    HAKU,
    HATSU,
    IS_TERMINAL_OR_HONOUR,
    TERMINALS_AND_HONOURS,
    WIND_LETTERS,
    WINDS,
)

if TYPE_CHECKING:
    from agari.hand import Context, Hand
    from agari.rules import Rules

_TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
_DRAGON_SET: Final = frozenset(DRAGONS)
_WIND_SET: Final = frozenset(WINDS)


def _mask(kinds: Iterable[int]) -> int:
    bits = 0
    for k in kinds:
        bits |= 1 << (8 * k)
    return bits


# Sets of kinds as bitmasks: "every tile held is X" is then one AND against the mask of
# the kinds present instead of a loop over the tiles. Kind k is bit 8k, so that the
# mask of the kinds present is made from the 34 counts in C: each count is one byte,
# ``translate`` turns every non-zero count into 1 and the bytes are read as one int.
_PRESENT: Final = bytes([0] + [1] * 255)
_ALL: Final = _mask(range(34))
_HONOURS: Final = _mask(range(27, 34))
_NOT_HONOUR: Final = _ALL & ~_HONOURS
_SUIT_MASKS: Final = tuple(_mask(range(9 * s, 9 * s + 9)) for s in range(3))
#: Every kind but one number suit and the honours: a hand of one suit holds none of them.
_NOT_M_OR_HONOUR, _NOT_P_OR_HONOUR, _NOT_S_OR_HONOUR = (
    _ALL & ~(suit | _HONOURS) for suit in _SUIT_MASKS
)
_NOT_SIMPLE: Final = _mask(TERMINALS_AND_HONOURS)
_NOT_TERMINAL: Final = _ALL & ~_mask(_TERMINALS)
_NOT_TERMINAL_OR_HONOUR: Final = _ALL & ~_NOT_SIMPLE
_NOT_GREEN: Final = _ALL & ~_mask(GREEN_KINDS)
#: The tiles of a fixed group of each type (SEQUENCE, TRIPLET, KAN) by its first kind, as
#: an int holding one byte per kind like the counts read with ``int.from_bytes``: a
#: meld's tiles join the hand's counts in one addition (a count never carries).
_GROUP_TILES: Final = {
    type_: tuple(n << (8 * k) for k in range(34))
    for type_, n in ((SEQUENCE, 1 | 1 << 8 | 1 << 16), (TRIPLET, 3), (KAN, 4))
}
#: Wind letters (as in a Context) to kinds.
_WIND_KIND: Final = {letter: EAST + i for i, letter in enumerate(WIND_LETTERS)}
#: Pair kinds that earn fu / spoil pinfu, by (seat wind, round wind): dragons and both.
_VALUED: Final = {
    (seat, round_): _DRAGON_SET | {seat, round_} for seat in WINDS for round_ in WINDS
}
#: Whether a group starting at a kind holds a terminal or an honour (chanta/junchan):
#: for sequences 123 and 789, for triplets and pairs the kind itself.
_SEQ_OUTSIDE: Final = tuple(k < 27 and k % 9 in (0, 6) for k in range(34))


#: The bit of each hand fact that alone decides a yaku row (``YakuDef.fact``): a hand's
#: plan key holds the bits of the facts that hold, so a plan lists the rows that hold
#: and tests only the rows that look at the reading.
_FACT_BITS: Final = {
    name: 1 << i
    for i, name in enumerate(
        (
            "riichi",
            "closed_tsumo",
            "all_simple",
            "one_suit_with_honours",
            "one_suit_only",
            "all_terminal_or_honour",
            "double_riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
        )
    )
}
_SITUATIONAL_FACTS: Final = ("double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
_BIT_RIICHI: Final = _FACT_BITS["riichi"]
_BIT_CLOSED_TSUMO: Final = _FACT_BITS["closed_tsumo"]
_BIT_ALL_SIMPLE: Final = _FACT_BITS["all_simple"]
_BIT_HONITSU: Final = _FACT_BITS["one_suit_with_honours"]
_BIT_CHINITSU: Final = _FACT_BITS["one_suit_only"]
_BIT_HONROUTOU: Final = _FACT_BITS["all_terminal_or_honour"]
#: A reading's part of its plan key: sequences (3 bits), triplets (3), offers (3).
_READING_KEY_BITS: Final = 9


class HandFacts:
    """What every reading of one hand shares: tiles present, openness, context.

    Computed once per hand; the tile tests are bitmask tests on the kinds present."""

    # Not slotted, for these class-level defaults: the facts of the rarer context words
    # are set on an instance only for a hand that has one of those words.
    double_riichi = ippatsu = haitei = houtei = rinshan = chankan = False
    tenhou = chiihou = renhou = False

    def __init__(
        self,
        hand: Hand,
        closed_counts: Sequence[int] | None = None,
        fixed: tuple[Group, ...] | None = None,
    ) -> None:
        """``closed_counts``: the 34 kind counts of the concealed tiles with the winning
        tile, and ``fixed``: the melds' groups, when the caller has them already (the
        decomposer needs them too)."""
        ctx = hand.context
        if closed_counts is None:
            closed_counts = bytes(kind_counts(hand.closed_tiles))
        if fixed is None:
            fixed = meld_groups(hand.melds)
        closed = True
        kans = closed_kans = 0
        counts = bytes(closed_counts)  # no copy when they are bytes already
        if fixed:  # add the melds' tiles; note openness and kans
            with_melds = int.from_bytes(counts, "little")
            for t, k, concealed, _ in fixed:
                with_melds += _GROUP_TILES[t][k]
                if t == KAN:
                    kans += 1
                    closed_kans += concealed
                closed = closed and concealed
            counts = with_melds.to_bytes(34, "little")
        #: The hand's 34 kind counts (melds included), as bytes.
        self.counts = counts
        present = int.from_bytes(counts.translate(_PRESENT), "little")
        self.closed = closed
        tsumo = self.tsumo = ctx.tsumo
        seat = self.seat_wind = _WIND_KIND[ctx.seat_wind]
        round_ = self.round_wind = _WIND_KIND[ctx.round_wind]
        self.valued = _VALUED[seat, round_]
        riichi = self.riichi = closed and ctx.riichi and not ctx.double_riichi
        rare = ctx.rare_words
        situation = self._situation(ctx, closed, tsumo) if rare else 0
        has_honour = self.has_honour = present & _HONOURS != 0
        all_honour = self.all_honour = not present & _NOT_HONOUR
        one_suit = not all_honour and (
            not present & _NOT_M_OR_HONOUR
            or not present & _NOT_P_OR_HONOUR
            or not present & _NOT_S_OR_HONOUR
        )
        honitsu = self.one_suit_with_honours = one_suit and has_honour
        chinitsu = self.one_suit_only = one_suit and not has_honour
        closed_tsumo = self.closed_tsumo = closed and tsumo
        all_simple = self.all_simple = not present & _NOT_SIMPLE
        honroutou = self.all_terminal_or_honour = not present & _NOT_TERMINAL_OR_HONOUR
        all_terminal = self.all_terminal = not present & _NOT_TERMINAL
        all_green = self.all_green = not present & _NOT_GREEN
        # The hand-level rows that hold, as bits (see _FACT_BITS), and whether the hand is
        # closed: the part of a reading's plan key that every reading shares.
        bits = (
            situation
            | (_BIT_RIICHI if riichi else 0)
            | (_BIT_CLOSED_TSUMO if closed_tsumo else 0)
            | (_BIT_ALL_SIMPLE if all_simple else 0)
            | (_BIT_HONITSU if honitsu else 0)
            | (_BIT_CHINITSU if chinitsu else 0)
            | (_BIT_HONROUTOU if honroutou else 0)
        )
        self.plan_base = (bits << 1 | closed) << _READING_KEY_BITS
        chuuren = junsei = False
        if chinitsu and not fixed:
            base = 0 if present & _SUIT_MASKS[0] else 9 if present & _SUIT_MASKS[1] else 18
            c = closed_counts[base : base + 9]
            if c[0] >= 3 and c[8] >= 3 and all(c[1:8]):
                chuuren = True
                if hand.win is not None:
                    before = list(c)
                    before[hand.win.kind - base] -= 1
                    junsei = before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
        self.chuuren = chuuren
        self.junsei = junsei
        # Every yakuman but kokushi needs one of these, so a hand without any of them
        # skips the yakuman table (kokushi is told by the reading's shape): suuankou four
        # concealed triplets (three closed copies of four kinds, closed kans counted),
        # daisangen the three dragons, the wind yakuman three winds, suukantsu four kans.
        concealed_triplets = closed_counts.count(3) + closed_counts.count(4) + closed_kans
        possible = (
            concealed_triplets >= 4
            or kans == 4
            or all_green
            or all_terminal
            or chuuren
            or (rare and (self.tenhou or self.chiihou or self.renhou))
        )
        if has_honour and not possible:
            winds = (counts[27] >= 3) + (counts[28] >= 3) + (counts[29] >= 3) + (counts[30] >= 3)
            possible = (
                all_honour
                or winds >= 3
                or (counts[HAKU] >= 3 and counts[HATSU] >= 3 and counts[CHUN] >= 3)
            )
        self.yakuman_possible = possible

    def _situation(self, ctx: Context, closed: bool, tsumo: bool) -> int:
        """The facts of the rarer context words, each only where it can be true; returns
        the bits (:data:`_FACT_BITS`) of those that decide a yaku row."""
        self.double_riichi = closed and ctx.double_riichi
        self.ippatsu = closed and ctx.in_riichi and ctx.ippatsu
        self.haitei = tsumo and ctx.haitei
        self.houtei = not tsumo and ctx.houtei
        self.rinshan = tsumo and ctx.rinshan
        self.chankan = not tsumo and ctx.chankan
        self.tenhou = ctx.tenhou and tsumo and closed
        self.chiihou = ctx.chiihou and tsumo and closed
        self.renhou = ctx.renhou and not tsumo and closed
        return sum(_FACT_BITS[name] for name in _SITUATIONAL_FACTS if getattr(self, name))


#: Things a row may require of a reading (bits of ``YakuDef.requires``): a triplet of
#: honours, every group holding a terminal or honour, no groups at all (seven pairs).
HONOUR_TRIPLET: Final = 1
OUTSIDE: Final = 2
NO_GROUPS: Final = 4


class Features:
    """The facts of one reading that the yaku predicates and the fu count look at."""

    __slots__ = (
        "ankou",
        "chanta_shape",
        "facts",
        "iipeikou",
        "kans",
        "offers",
        "pair",
        "pinfu",
        "plan",
        "reading",
        "ryanpeikou",
        "seqs",
        "set_fu",
        "shape",
        "trips",
        "wait",
    )

    def __init__(self, reading: Reading, facts: HandFacts) -> None:
        self.reading = reading
        self.facts = facts
        shape = self.shape = reading.shape
        wait = self.wait = reading.wait
        seqs: list[int] = []
        trips: list[int] = []
        ankou = 0
        kans = 0
        set_fu = 0
        chanta = True
        offers = 0
        pair = -1
        if shape == STANDARD:
            outside = IS_TERMINAL_OR_HONOUR
            for t, k, concealed, _ in reading.groups:
                if t == SEQUENCE:
                    seqs.append(k)
                    chanta = chanta and _SEQ_OUTSIDE[k]
                    continue
                chanta = chanta and outside[k]
                if t == PAIR:
                    pair = k
                    continue
                trips.append(k)
                set_fu += GROUP_FU[t][concealed][k]
                if concealed:
                    ankou += 1
                if t == KAN:
                    kans += 1
                if k >= EAST:
                    offers = HONOUR_TRIPLET
            if chanta:
                offers |= OUTSIDE
        else:
            chanta = False
            offers = NO_GROUPS
        self.pair = pair
        seqs.sort()
        # Lists, not tuples: only read, and a copy for every reading costs more.
        self.seqs = seqs
        # Identical sequences count in a closed hand only: two pairs of them are
        # ryanpeikou, one pair iipeikou (never both).
        iipeikou = ryanpeikou = False
        if facts.closed and len(seqs) >= 2:
            if len(seqs) == 4 and seqs[0] == seqs[1] and seqs[2] == seqs[3]:
                ryanpeikou = True
            else:
                iipeikou = len(set(seqs)) < len(seqs)
        self.iipeikou = iipeikou
        self.ryanpeikou = ryanpeikou
        self.trips = trips
        self.ankou = ankou
        self.kans = kans
        #: The fu of the reading's triplets and kans (see :func:`agari.fu.fu_total`).
        self.set_fu = set_fu
        self.chanta_shape = chanta
        self.pinfu = (
            facts.closed and len(seqs) == 4 and wait == "ryanmen" and pair not in facts.valued
        )
        #: What this reading offers the rows' ``requires`` (see :data:`HONOUR_TRIPLET`).
        self.offers = offers
        #: The key of the reading's plan in :attr:`RuleTables.plans`.
        self.plan = facts.plan_base | len(seqs) << 6 | len(trips) << 3 | offers


Predicate = Callable[[Features], bool]
#: Rows of the yaku table for one kind of reading: ``(result value, test)``; ``test`` is
#: ``None`` for a row the hand facts decided (it holds).
Plan = tuple[tuple[YakuHan, Predicate | None], ...]


@dataclass(frozen=True, slots=True)
class YakuDef:
    """One row of the yaku table. ``needs`` is how many sequences and triplets (kans
    included) a reading must hold at the least for ``test`` to be worth asking: a
    necessary condition only, so rows that cannot hold are not tested at all (likewise
    ``situational`` and ``requires``)."""

    id: str
    name: str
    han_closed: int
    han_open: int | None
    yakuman: int
    test: Predicate
    needs: tuple[int, int] = (0, 0)
    #: Bits the reading must offer (HONOUR_TRIPLET, OUTSIDE, NO_GROUPS): necessary only.
    requires: int = 0
    #: The :class:`HandFacts` flag that alone decides the row (``None``: the row looks
    #: at the reading). Such a row is decided once per hand, not per reading.
    fact: str | None = None


def _fact(name: str) -> Predicate:
    """The predicate "the hand fact ``name`` holds" (a C-level attribute getter)."""
    getter: Predicate = attrgetter(f"facts.{name}")
    return getter


def _hand_row(id: str, name: str, han_closed: int, han_open: int | None, fact: str) -> YakuDef:
    """A row decided by the hand fact ``fact`` alone."""
    return YakuDef(id, name, han_closed, han_open, 0, _fact(fact), fact=fact)


_SEQS_4: Final = (4, 0)
_SEQS_3: Final = (3, 0)
_SEQS_2: Final = (2, 0)
_SEQS_1: Final = (1, 0)
_TRIPS_1: Final = (0, 1)
_TRIPS_2: Final = (0, 2)
_TRIPS_3: Final = (0, 3)
_TRIPS_4: Final = (0, 4)


# The predicates below are plain loops and set operations rather than ``any()`` over a
# generator (hence the noqa): they run for most readings, and making a generator costs
# as much as the test.


def _sanshoku(f: Features) -> bool:
    s = f.seqs
    for k in s:  # noqa: SIM110
        if k < 9 and k + 9 in s and k + 18 in s:
            return True
    return False


def _ittsu(f: Features) -> bool:
    s = f.seqs
    for k in s:  # noqa: SIM110
        if k % 9 == 0 and k + 3 in s and k + 6 in s:
            return True
    return False


def _doukou(f: Features) -> bool:
    t = f.trips
    for k in t:  # noqa: SIM110
        if k < 9 and k + 9 in t and k + 18 in t:
            return True
    return False


def _dragon_trips(f: Features) -> int:
    return len(_DRAGON_SET.intersection(f.trips))  # a kind has at most one triplet


def _wind_trips(f: Features) -> int:
    return len(_WIND_SET.intersection(f.trips))


#: Ordinary yaku in display order.
YAKU: Final[tuple[YakuDef, ...]] = (
    _hand_row("riichi", "Riichi", 1, None, "riichi"),
    _hand_row("double_riichi", "Double riichi", 2, None, "double_riichi"),
    _hand_row("ippatsu", "One-shot", 1, None, "ippatsu"),
    _hand_row("menzen_tsumo", "Fully concealed self-draw", 1, None, "closed_tsumo"),
    YakuDef("pinfu", "All sequences", 1, None, 0, attrgetter("pinfu"), _SEQS_4),
    _hand_row("tanyao", "All simples", 1, 1, "all_simple"),
    YakuDef(
        "iipeikou",
        "Pure double sequence",
        1,
        None,
        0,
        attrgetter("iipeikou"),
        _SEQS_2,
    ),
    YakuDef(
        "haku",
        "White dragon",
        1,
        1,
        0,
        lambda f: HAKU in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "hatsu",
        "Green dragon",
        1,
        1,
        0,
        lambda f: HATSU in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "chun", "Red dragon", 1, 1, 0, lambda f: CHUN in f.trips, _TRIPS_1, requires=HONOUR_TRIPLET
    ),
    YakuDef(
        "seat_wind",
        "Seat wind",
        1,
        1,
        0,
        lambda f: f.facts.seat_wind in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "round_wind",
        "Round wind",
        1,
        1,
        0,
        lambda f: f.facts.round_wind in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    _hand_row("chankan", "Robbing a kan", 1, 1, "chankan"),
    _hand_row("rinshan", "After a kan", 1, 1, "rinshan"),
    _hand_row("haitei", "Last tile draw", 1, 1, "haitei"),
    _hand_row("houtei", "Last tile discard", 1, 1, "houtei"),
    YakuDef(
        "chiitoitsu", "Seven pairs", 2, None, 0, lambda f: f.shape == CHIITOITSU, requires=NO_GROUPS
    ),
    YakuDef("sanshoku", "Mixed triple sequence", 2, 1, 0, _sanshoku, _SEQS_3),
    YakuDef("ittsu", "Pure straight", 2, 1, 0, _ittsu, _SEQS_3),
    YakuDef(
        "chanta",
        "Half outside hand",
        2,
        1,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and f.facts.has_honour,
        _SEQS_1,
        requires=OUTSIDE,
    ),
    YakuDef("sanshoku_doukou", "Triple triplets", 2, 2, 0, _doukou, _TRIPS_3),
    YakuDef("sankantsu", "Three kans", 2, 2, 0, lambda f: f.kans == 3, _TRIPS_3),
    YakuDef("toitoi", "All triplets", 2, 2, 0, lambda f: len(f.trips) == 4, _TRIPS_4),
    YakuDef("sanankou", "Three concealed triplets", 2, 2, 0, lambda f: f.ankou == 3, _TRIPS_3),
    YakuDef(
        "shousangen",
        "Little three dragons",
        2,
        2,
        0,
        lambda f: f.pair in _DRAGON_SET and _dragon_trips(f) == 2,
        _TRIPS_2,
        requires=HONOUR_TRIPLET,
    ),
    # Thirteen orphans is all terminals and honours too, but it is a yakuman, and a
    # reading with a yakuman is never tested for ordinary yaku (scoring.py).
    _hand_row("honroutou", "All terminals and honours", 2, 2, "all_terminal_or_honour"),
    YakuDef(
        "ryanpeikou",
        "Twice pure double sequence",
        3,
        None,
        0,
        attrgetter("ryanpeikou"),
        _SEQS_4,
    ),
    _hand_row("honitsu", "Half flush", 3, 2, "one_suit_with_honours"),
    YakuDef(
        "junchan",
        "Fully outside hand",
        3,
        2,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and not f.facts.has_honour,
        _SEQS_1,
        requires=OUTSIDE,
    ),
    _hand_row("chinitsu", "Full flush", 6, 5, "one_suit_only"),
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

#: The ordinary rows by id.
_ROWS: Final = {d.id: d for d in YAKU}

#: English names of every id, for display.
NAMES: Final[dict[str, str]] = {d.id: d.name for d in (*YAKU, *YAKUMAN, RENHOU)}


@dataclass(frozen=True, slots=True)
class RuleTables:
    """The yaku table under one set of rules: ``(id, han_closed, han_open, test)`` rows
    for ordinary yaku and ``(id, multiple, test)`` rows for yakuman. ``closed_rows`` and
    ``open_rows`` are the ordinary rows as ``(id, han, test)`` for a closed and for an open
    hand, without the rows worth nothing there (so closed-only yaku are not even tested
    on an open hand), each with its ready-made result value."""

    ordinary: tuple[tuple[str, int, int, Predicate], ...]
    yakuman: tuple[tuple[str, int, Predicate], ...]
    closed_rows: tuple[tuple[YakuHan, Predicate], ...] = ()
    open_rows: tuple[tuple[YakuHan, Predicate], ...] = ()
    #: Whether a closed hand won by tsumo can be pinfu (``pinfu_tsumo``).
    pinfu_tsumo: bool = True
    #: Plans by key (:attr:`Features.plan`), made as readings of each kind are met.
    plans: dict[int, Plan] = field(default_factory=dict)


#: Tables by the identity of the Rules object (presets are built once, so this is the
#: common case): looking a Rules value up by equality hashes all of its switches.
_BY_IDENTITY: dict[int, tuple[Rules, RuleTables]] = {}


def tables(rules: Rules) -> RuleTables:
    """The yaku table with the rules applied (``open_tanyao``, ``chiitoitsu``,
    ``double_yakuman``, ``renhou``); built once per rule set. Closed-only yaku get
    ``han_open`` 0."""
    entry = _BY_IDENTITY.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    table = _tables(rules)
    if len(_BY_IDENTITY) < 64:  # the entry keeps ``rules`` alive, so its id stays its own
        _BY_IDENTITY[id(rules)] = (rules, table)
    return table


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> RuleTables:
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
    closed_rows = tuple((YakuHan(y, h), test) for y, h, _, test in ordinary if h)
    open_rows = tuple((YakuHan(y, h), test) for y, _, h, test in ordinary if h)
    return RuleTables(tuple(ordinary), tuple(yakuman), closed_rows, open_rows, rules.pinfu_tsumo)


def _plan(t: RuleTables, key: int) -> Plan:
    """The plan of one kind of reading (``key``: :attr:`Features.plan`): the rows that
    hand facts decide and that hold, as ``(value, None)``, and the rows worth testing on
    a reading with so many sequences and triplets (kans included) and the ``offers``
    bits, as ``(value, test)``; in table order. Made once per key and rule set."""
    offers = key & 7
    trips = key >> 3 & 7
    seqs = key >> 6 & 7
    closed = key >> _READING_KEY_BITS & 1
    facts = key >> (_READING_KEY_BITS + 1)
    plan: list[tuple[YakuHan, Predicate | None]] = []
    no_pinfu = not t.pinfu_tsumo and facts & _BIT_CLOSED_TSUMO  # pinfu by ron only
    for value, test in t.closed_rows if closed else t.open_rows:
        row = _ROWS[value.id]
        if no_pinfu and row.id == "pinfu":
            continue
        if row.fact is not None:
            if facts & _FACT_BITS[row.fact]:
                plan.append((value, None))
        elif (
            row.needs[0] <= seqs and row.needs[1] <= trips and row.requires & offers == row.requires
        ):
            plan.append((value, test))
    made = t.plans[key] = tuple(plan)
    return made


def yakuman_of(f: Features, t: RuleTables) -> list[tuple[str, int]]:
    """The yakuman of one reading with their multiples (stacking not yet applied)."""
    if not f.facts.yakuman_possible and f.shape != KOKUSHI:
        return []
    return [(yid, mult) for yid, mult, test in t.yakuman if test(f)]


def yaku_of(f: Features, t: RuleTables) -> list[YakuHan]:
    """The ordinary yaku of one reading with their han: the rows the hand facts decided,
    and of the rest only those that can hold for the reading's numbers of sequences and
    triplets are tested."""
    plan = t.plans.get(f.plan)
    if plan is None:
        plan = _plan(t, f.plan)
    return [value for value, test in plan if test is None or test(f)]
