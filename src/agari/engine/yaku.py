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

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Final

from agari.engine.decompose import (
    CHIITOITSU,
    KOKUSHI,
)
from agari.engine.features import (
    BIT_CLOSED_TSUMO,
    FACT_BITS,
    HONOUR_TRIPLET,
    NO_GROUPS,
    OUTSIDE,
    READING_KEY_BITS,
    Features,
)
from agari.result import YakuHan
from agari.tiles import (
    CHUN,
    DRAGONS,
    HAKU,
    HATSU,
    WINDS,
)

if TYPE_CHECKING:
    from agari.rules import Rules

_TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
_DRAGON_SET: Final = frozenset(DRAGONS)
_WIND_SET: Final = frozenset(WINDS)


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
    #: The name players use (romaji) and what it means in English, as shown to users.
    name: str
    english: str
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
    #: A house rule's row: ``(switch, values)``, the row counts only while the rule
    #: switch has one of those values (``("daichisei", ("on",))``); ``None``: always.
    switch: tuple[str, tuple[str, ...]] | None = None


def _fact(name: str) -> Predicate:
    """The predicate "the hand fact ``name`` holds" (a C-level attribute getter)."""
    getter: Predicate = attrgetter(f"facts.{name}")
    return getter


def _hand_row(
    id: str,
    name: str,
    english: str,
    han_closed: int,
    han_open: int | None,
    fact: str,
    switch: tuple[str, tuple[str, ...]] | None = None,
) -> YakuDef:
    """A row decided by the hand fact ``fact`` alone."""
    return YakuDef(
        id, name, english, han_closed, han_open, 0, _fact(fact), fact=fact, switch=switch
    )


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
    _hand_row("riichi", "Riichi", "ready hand declared", 1, None, "riichi"),
    _hand_row(
        "double_riichi",
        "Double riichi",
        "riichi declared on the first turn",
        2,
        None,
        "double_riichi",
    ),
    _hand_row("ippatsu", "Ippatsu", "one-shot: win within a turn of riichi", 1, None, "ippatsu"),
    _hand_row(
        "menzen_tsumo", "Menzen tsumo", "fully concealed hand, self-drawn", 1, None, "closed_tsumo"
    ),
    YakuDef("pinfu", "Pinfu", "all sequences, no fu", 1, None, 0, attrgetter("pinfu"), _SEQS_4),
    _hand_row("tanyao", "Tanyao", "all simples", 1, 1, "all_simple"),
    YakuDef(
        "iipeikou",
        "Iipeikou",
        "pure double sequence",
        1,
        None,
        0,
        attrgetter("iipeikou"),
        _SEQS_2,
    ),
    YakuDef(
        "haku",
        "Yakuhai haku",
        "white dragon triplet",
        1,
        1,
        0,
        lambda f: HAKU in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "hatsu",
        "Yakuhai hatsu",
        "green dragon triplet",
        1,
        1,
        0,
        lambda f: HATSU in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "chun",
        "Yakuhai chun",
        "red dragon triplet",
        1,
        1,
        0,
        lambda f: CHUN in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "seat_wind",
        "Jikaze",
        "seat wind triplet",
        1,
        1,
        0,
        lambda f: f.facts.seat_wind in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    YakuDef(
        "round_wind",
        "Bakaze",
        "round wind triplet",
        1,
        1,
        0,
        lambda f: f.facts.round_wind in f.trips,
        _TRIPS_1,
        requires=HONOUR_TRIPLET,
    ),
    _hand_row("chankan", "Chankan", "robbing a kan", 1, 1, "chankan"),
    _hand_row("rinshan", "Rinshan kaihou", "win on a kan replacement tile", 1, 1, "rinshan"),
    _hand_row("haitei", "Haitei raoyue", "win on the last tile of the wall", 1, 1, "haitei"),
    _hand_row("houtei", "Houtei raoyui", "win on the last discard", 1, 1, "houtei"),
    YakuDef(
        "chiitoitsu",
        "Chiitoitsu",
        "seven pairs",
        2,
        None,
        0,
        lambda f: f.shape == CHIITOITSU,
        requires=NO_GROUPS,
    ),
    YakuDef("sanshoku", "Sanshoku doujun", "mixed triple sequence", 2, 1, 0, _sanshoku, _SEQS_3),
    YakuDef("ittsu", "Ikkitsuukan", "pure straight", 2, 1, 0, _ittsu, _SEQS_3),
    YakuDef(
        "chanta",
        "Chanta",
        "terminal or honour in each group",
        2,
        1,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and f.facts.has_honour,
        _SEQS_1,
        requires=OUTSIDE,
    ),
    YakuDef("sanshoku_doukou", "Sanshoku doukou", "triple triplets", 2, 2, 0, _doukou, _TRIPS_3),
    YakuDef("sankantsu", "Sankantsu", "three kans", 2, 2, 0, lambda f: f.kans == 3, _TRIPS_3),
    YakuDef("toitoi", "Toitoi", "all triplets", 2, 2, 0, lambda f: len(f.trips) == 4, _TRIPS_4),
    YakuDef(
        "sanankou",
        "Sanankou",
        "three concealed triplets",
        2,
        2,
        0,
        lambda f: f.ankou == 3,
        _TRIPS_3,
    ),
    YakuDef(
        "shousangen",
        "Shousangen",
        "little three dragons",
        2,
        2,
        0,
        lambda f: f.pair in _DRAGON_SET and _dragon_trips(f) == 2,
        _TRIPS_2,
        requires=HONOUR_TRIPLET,
    ),
    # Thirteen orphans is all terminals and honours too, but it is a yakuman, and a
    # reading with a yakuman is never tested for ordinary yaku (scoring.py).
    _hand_row(
        "honroutou", "Honroutou", "all terminals and honours", 2, 2, "all_terminal_or_honour"
    ),
    YakuDef(
        "ryanpeikou",
        "Ryanpeikou",
        "twice pure double sequence",
        3,
        None,
        0,
        attrgetter("ryanpeikou"),
        _SEQS_4,
    ),
    _hand_row("honitsu", "Honitsu", "half flush", 3, 2, "one_suit_with_honours"),
    YakuDef(
        "junchan",
        "Junchan",
        "terminal in each group",
        3,
        2,
        0,
        lambda f: f.chanta_shape and bool(f.seqs) and not f.facts.has_honour,
        _SEQS_1,
        requires=OUTSIDE,
    ),
    _hand_row("chinitsu", "Chinitsu", "full flush", 6, 5, "one_suit_only"),
    # House rules (issue 16): rows that count only under their switch.
    # Open riichi (rule open_riichi): the riichi and double riichi of a hand shown; with
    # the rule off they count as riichi and double riichi (see _tables).
    _hand_row("open_riichi", "Open riichi", "riichi with the hand shown", 2, None, "open_riichi"),
    _hand_row(
        "open_riichi",
        "Open riichi",
        "riichi with the hand shown",
        3,
        None,
        "double_open_riichi",
    ),
    _hand_row(
        "renhou",
        "Renhou",
        "blessing of man: win on a discard before the first draw",
        5,
        None,
        "renhou",
        switch=("renhou", ("5han",)),
    ),
)

#: Yakuman in display order. ``yakuman`` 2 marks the double patterns.
YAKUMAN: Final[tuple[YakuDef, ...]] = (
    YakuDef(
        "kokushi", "Kokushi musou", "thirteen orphans", 13, None, 1, lambda f: f.wait == "kokushi"
    ),
    YakuDef(
        "kokushi_13",
        "Kokushi musou juusanmen",
        "thirteen orphans, 13-sided wait",
        13,
        None,
        2,
        lambda f: f.wait == "kokushi_13",
    ),
    YakuDef(
        "suuankou",
        "Suuankou",
        "four concealed triplets",
        13,
        None,
        1,
        lambda f: f.ankou == 4 and f.wait != "tanki",
    ),
    YakuDef(
        "suuankou_tanki",
        "Suuankou tanki",
        "four concealed triplets, pair wait",
        13,
        None,
        2,
        lambda f: f.ankou == 4 and f.wait == "tanki",
    ),
    YakuDef(
        "daisangen", "Daisangen", "big three dragons", 13, 13, 1, lambda f: _dragon_trips(f) == 3
    ),
    YakuDef("tsuuiisou", "Tsuuiisou", "all honours", 13, 13, 1, lambda f: f.facts.all_honour),
    YakuDef("ryuuiisou", "Ryuuiisou", "all green", 13, 13, 1, lambda f: f.facts.all_green),
    YakuDef("chinroutou", "Chinroutou", "all terminals", 13, 13, 1, lambda f: f.facts.all_terminal),
    YakuDef(
        "shousuushii",
        "Shousuushii",
        "little four winds",
        13,
        13,
        1,
        lambda f: f.pair in _WIND_SET and _wind_trips(f) == 3,
    ),
    YakuDef("daisuushii", "Daisuushii", "big four winds", 13, 13, 2, lambda f: _wind_trips(f) == 4),
    YakuDef(
        "chuuren",
        "Chuuren poutou",
        "nine gates",
        13,
        None,
        1,
        lambda f: f.facts.chuuren and not f.facts.junsei,
    ),
    YakuDef(
        "junsei_chuuren",
        "Junsei chuuren poutou",
        "pure nine gates, nine-sided wait",
        13,
        None,
        2,
        lambda f: f.facts.junsei,
    ),
    YakuDef("suukantsu", "Suukantsu", "four kans", 13, 13, 1, lambda f: f.kans == 4),
    YakuDef(
        "tenhou",
        "Tenhou",
        "blessing of heaven: dealer wins on the first draw",
        13,
        None,
        1,
        lambda f: f.facts.tenhou,
    ),
    YakuDef(
        "chiihou",
        "Chiihou",
        "blessing of earth: non-dealer wins on the first draw",
        13,
        None,
        1,
        lambda f: f.facts.chiihou,
    ),
)

#: Local yakuman (house rules, issue 16): each counts only under its switch.
LOCAL_YAKUMAN: Final[tuple[YakuDef, ...]] = (
    YakuDef(
        "daisharin",
        "Daisharin",
        "big wheels: seven pairs 22334455667788 of circles",
        13,
        None,
        1,
        lambda f: f.facts.seven_run == 1,
        switch=("daisharin", ("pin", "all")),
    ),
    YakuDef(
        "daichikurin",
        "Daichikurin",
        "bamboo forest: seven pairs 22334455667788 of bamboo",
        13,
        None,
        1,
        lambda f: f.facts.seven_run == 2,
        switch=("daisharin", ("all",)),
    ),
    YakuDef(
        "daisuurin",
        "Daisuurin",
        "numerous neighbours: seven pairs 22334455667788 of characters",
        13,
        None,
        1,
        lambda f: f.facts.seven_run == 0,
        switch=("daisharin", ("all",)),
    ),
    YakuDef(
        "daichisei",
        "Daichisei",
        "big seven stars: seven pairs of honours",
        13,
        None,
        1,
        lambda f: f.shape == CHIITOITSU and f.facts.all_honour,
        switch=("daichisei", ("on",)),
    ),
    YakuDef(
        "paarenchan",
        "Paarenchan",
        "the dealer's eighth win in a row",
        13,
        13,
        1,
        lambda f: f.facts.paarenchan,
        switch=("paarenchan", ("on", "needs_yaku")),
    ),
    YakuDef(
        "sashikomi",
        "Sashikomi",
        "a player not in riichi dealt into an open riichi",
        13,
        None,
        1,
        lambda f: f.facts.sashikomi,
        switch=("sashikomi", ("on",)),
    ),
)

#: Under ``aotenjou`` a yakuman is 13 han beside the ordinary yaku, but not beside the yaku
#: its own pattern implies (riichi.wiki Aotenjou: "any yaku that are implied by the
#: completion of a yakuman are not scored"; the lists are mahjong 2.1.0's
#: ``Aotenjou.aotenjou_filter_yaku``).
IMPLIED: Final[dict[str, frozenset[str]]] = {
    "daisangen": frozenset({"haku", "hatsu", "chun", "shousangen"}),
    "tsuuiisou": frozenset({"toitoi", "honroutou"}),
    "daisuushii": frozenset({"toitoi"}),
    "suuankou": frozenset({"toitoi", "sanankou"}),
    "suuankou_tanki": frozenset({"toitoi", "sanankou"}),
    "chinroutou": frozenset({"toitoi", "honroutou"}),
    "suukantsu": frozenset({"toitoi", "sankantsu"}),
    "chuuren": frozenset({"chinitsu"}),
    "junsei_chuuren": frozenset({"chinitsu"}),
    "daisharin": frozenset({"chinitsu", "pinfu", "tanyao", "ryanpeikou", "chiitoitsu"}),
    "daichikurin": frozenset({"chinitsu", "pinfu", "tanyao", "ryanpeikou", "chiitoitsu"}),
    "daisuurin": frozenset({"chinitsu", "pinfu", "tanyao", "ryanpeikou", "chiitoitsu"}),
    "ryuuiisou": frozenset({"honitsu"}),
    # thirteen orphans is all terminals and honours by its pattern (riichi.wiki Aotenjou
    # values a kokushi at 13 han, 14 with menzen tsumo: no honroutou)
    "kokushi": frozenset({"honroutou"}),
    "kokushi_13": frozenset({"honroutou"}),
}

RENHOU: Final = YakuDef(
    "renhou",
    "Renhou",
    "blessing of man: win on a discard before the first draw",
    13,
    None,
    1,
    lambda f: f.facts.renhou,
)


#: Every id's name and English meaning, for display: the rows', and nagashi mangan (paid at
#: an exhaustive draw, so not a row of the table).
NAMES: Final[dict[str, tuple[str, str]]] = {
    **{d.id: (d.name, d.english) for d in (*YAKU, *YAKUMAN, *LOCAL_YAKUMAN, RENHOU)},
    "nagashi_mangan": ("Nagashi mangan", "all terminal and honour discards"),
}


@dataclass(frozen=True, slots=True)
class RuleTables:
    """The yaku table under one set of rules: ``(id, han_closed, han_open, test)`` rows
    for ordinary yaku and ``(id, multiple, test)`` rows for yakuman. ``closed_rows`` and
    ``open_rows`` are the ordinary rows as ``(id, han, test)`` for a closed and for an open
    hand, without the rows worth nothing there (so closed-only yaku are not even tested
    on an open hand), each with its ready-made result value."""

    ordinary: tuple[tuple[str, int, int, Predicate], ...]
    yakuman: tuple[tuple[str, int, Predicate], ...]
    closed_rows: tuple[tuple[YakuHan, Predicate, YakuDef], ...] = ()
    open_rows: tuple[tuple[YakuHan, Predicate, YakuDef], ...] = ()
    #: Whether a closed hand won by tsumo can be pinfu (``pinfu_tsumo``).
    pinfu_tsumo: bool = True
    #: Plans by key (:attr:`Features.plan`), made as readings of each kind are met.
    plans: dict[int, Plan] = field(default_factory=dict)


#: Tables by the identity of the Rules object (presets are built once, so this is the
#: common case): looking a Rules value up by equality hashes all of its switches.
_BY_IDENTITY: Final[dict[int, tuple[Rules, RuleTables]]] = {}
#: The last rule set asked for and its tables: a batch asks for the same one every hand, and
#: ``id()`` makes an int object to look the dict up by.
_LAST: Final[list[tuple[Rules, RuleTables] | None]] = [None]


def tables(rules: Rules) -> RuleTables:
    """The yaku table with the rules applied (``open_tanyao``, ``chiitoitsu``,
    ``double_yakuman``, ``renhou``); built once per rule set. Closed-only yaku get
    ``han_open`` 0."""
    last = _LAST[0]
    if last is not None and last[0] is rules:
        return last[1]
    entry = _BY_IDENTITY.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = (rules, _tables(rules))
        if len(_BY_IDENTITY) < 64:  # the entry keeps ``rules`` alive, so its id stays its own
            _BY_IDENTITY[id(rules)] = entry
    _LAST[0] = entry
    return entry[1]


def switched_on(d: YakuDef, rules: Rules) -> bool:
    """Whether a row counts under ``rules``: always, or while its house rule's switch has
    one of the row's values."""
    return d.switch is None or rules.value_text(d.switch[0]) in d.switch[1]


#: The open riichi rows under ``open_riichi=off``: plain riichi and double riichi.
_OPEN_RIICHI_OFF: Final = {"open_riichi": ("riichi", 1), "double_open_riichi": ("double_riichi", 2)}


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> RuleTables:
    ordinary = []
    rows = []
    for d in YAKU:
        if not switched_on(d, rules):
            continue
        yid = d.id
        han_closed = d.han_closed
        han_open = d.han_open or 0
        if d.id == "tanyao" and not rules.open_tanyao:
            han_open = 0
        if d.id == "chiitoitsu" and rules.chiitoitsu == "50fu1han":
            han_closed = 1
        if d.fact in _OPEN_RIICHI_OFF and not rules.open_riichi:
            yid, han_closed = _OPEN_RIICHI_OFF[d.fact]
        ordinary.append((yid, han_closed, han_open, d.test))
        rows.append(d)
    yakuman = [
        (d.id, d.yakuman if rules.double_yakuman else 1, d.test)
        for d in (
            *YAKUMAN,
            *(d for d in LOCAL_YAKUMAN if switched_on(d, rules)),
            *((RENHOU,) if rules.renhou == "yakuman" else ()),
        )
    ]
    closed_rows = tuple(
        (YakuHan(y, h), test, d) for (y, h, _, test), d in zip(ordinary, rows, strict=True) if h
    )
    open_rows = tuple(
        (YakuHan(y, h), test, d) for (y, _, h, test), d in zip(ordinary, rows, strict=True) if h
    )
    return RuleTables(tuple(ordinary), tuple(yakuman), closed_rows, open_rows, rules.pinfu_tsumo)


def _plan(t: RuleTables, key: int) -> Plan:
    """The plan of one kind of reading (``key``: :attr:`Features.plan`): the rows that
    hand facts decide and that hold, as ``(value, None)``, and the rows worth testing on
    a reading with so many sequences and triplets (kans included) and the ``offers``
    bits, as ``(value, test)``; in table order. Made once per key and rule set."""
    offers = key & 7
    trips = key >> 3 & 7
    seqs = key >> 6 & 7
    closed = key >> READING_KEY_BITS & 1
    facts = key >> (READING_KEY_BITS + 1)
    plan: list[tuple[YakuHan, Predicate | None]] = []
    no_pinfu = not t.pinfu_tsumo and facts & BIT_CLOSED_TSUMO  # pinfu by ron only
    for value, test, row in t.closed_rows if closed else t.open_rows:
        if no_pinfu and row.id == "pinfu":
            continue
        if row.fact is not None:
            if facts & FACT_BITS[row.fact]:
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
