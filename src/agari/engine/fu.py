"""Fu of one reading, itemised (RULES.md, "Fu").

:func:`fu_items` lists ``(item, fu)`` lines that add up to the fu before rounding;
:func:`round_fu` rounds per ``fu_rounding``.

>>> round_fu(32, "tens"), round_fu(25, "tens"), round_fu(34, "fives"), round_fu(36, "fives")
(40, 25, 30, 40)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from agari.engine.decompose import CHIITOITSU, KAN, PAIR, SEQUENCE, STANDARD
from agari.engine.features import group_fu
from agari.lang import N_
from agari.result import FuItem
from agari.tiles import HAKU, SUITS

if TYPE_CHECKING:
    from agari.engine.features import Features
    from agari.rules import Rules

_WAIT_FU: Final = {"kanchan": 2, "penchan": 2, "tanki": 2}
# The fu lines' words are English (SPEC §3 ``item``), marked for the report to translate.
_WAIT_ITEM: Final = {
    wait: FuItem(text, _WAIT_FU[wait])
    for wait, text in (
        ("kanchan", N_("kanchan wait")),
        ("penchan", N_("penchan wait")),
        ("tanki", N_("tanki wait")),
    )
}
_GROUP_LABEL: Final = {
    (False, False): N_("open triplet"),
    (False, True): N_("closed triplet"),
    (True, False): N_("open kan"),
    (True, True): N_("closed kan"),
}


def _kind_text(kind: int, copies: int) -> str:
    return f"{str(kind % 9 + 1) * copies}{SUITS[kind // 9]}"


# The fu line of every group formed from concealed tiles (a triplet, or a triplet a ron
# completed), made once at import instead of formatted for every reading:
# _TRIPLET_ITEM[concealed][kind].
_TRIPLET_ITEM: Final = tuple(
    tuple(
        FuItem(
            f"{_GROUP_LABEL[False, concealed]} {_kind_text(k, 3)}", group_fu(k, False, concealed)
        )
        for k in range(34)
    )
    for concealed in (False, True)
)
_PAIR: Final = N_("pair")
_PAIR_TEXT: Final = tuple(f"{_PAIR} {_kind_text(k, 2)}" for k in range(34))


_BASE: Final = FuItem(N_("base"), 20)
_CLOSED_RON: Final = FuItem(N_("closed ron"), 10)
_TSUMO: Final = FuItem(N_("tsumo"), 2)
_OPEN_RON: Final = FuItem(N_("open ron without fu (30 fu minimum)"), 10)
#: Under ``fu_rounding=fives`` an open ron of 22 or 24 fu would round down to 20.
_OPEN_RON_ROUNDED: Final = FuItem(N_("open ron under 30 fu (30 fu minimum)"), 10)
#: Aotenjou values a kokushi's fu (riichi.wiki Aotenjou: 40 fu ron, 30 fu tsumo).
_KOKUSHI_WAIT: Final = FuItem(N_("single wait (kokushi)"), 2)
_CHIITOITSU_25: Final = FuItem(N_("chiitoitsu"), 25)
_CHIITOITSU_50: Final = FuItem(N_("chiitoitsu"), 50)


def fu_items(f: Features, rules: Rules) -> list[FuItem]:
    """The fu lines of one reading; their sum is the fu before rounding.

    Seven pairs: 25 (or 50 under ``chiitoitsu=50fu1han``). Otherwise base 20, closed ron
    10, tsumo 2 (not for pinfu, unless ``pinfu_tsumo=off`` makes a tsumo never pinfu; not
    on a kan replacement tile when ``rinshan_fu=off``),
    triplets and kans by openness and terminal/honour, valued pairs, wait 2; an open
    hand won by ron that would round to less than 30 fu (no fu at all; or 22 or 24 under
    ``fu_rounding=fives``) gets 10 more, to make 30 (not under ``open_pinfu_fu=20``).
    Kokushi musou has no fu (SPEC §3: 0, as Tenhou records it); under ``aotenjou`` it gets
    base 20, closed ron 10 or tsumo 2 and 2 for its single wait.
    """
    if f.shape == CHIITOITSU:
        return [_CHIITOITSU_50 if rules.chiitoitsu == "50fu1han" else _CHIITOITSU_25]
    facts = f.facts
    if f.shape != STANDARD:  # kokushi: no sets, no pair to count: 0 fu, as Tenhou records
        if rules.aotenjou:  # which values it as a closed hand on a single wait
            return [_BASE, _TSUMO if facts.tsumo else _CLOSED_RON, _KOKUSHI_WAIT]
        return []
    items = [_BASE]
    if facts.closed and not facts.tsumo:
        items.append(_CLOSED_RON)
    if (
        facts.tsumo
        and not (f.pinfu and rules.pinfu_tsumo)
        and (rules.rinshan_fu or not facts.rinshan)
    ):
        items.append(_TSUMO)
    pair_items = _pair_items(facts.seat_wind, facts.round_wind, rules.double_wind_fu)
    for g in f.reading.groups:
        t = g.type
        if t == SEQUENCE:
            continue
        if t == PAIR:
            pair_item = pair_items[g.kind]
            if pair_item is not None:
                items.append(pair_item)
        elif g.meld is None and t != KAN:
            items.append(_TRIPLET_ITEM[g.concealed][g.kind])
        else:  # a called or declared meld: labelled as written
            kan = t == KAN
            label = _GROUP_LABEL[kan, g.concealed]
            items.append(FuItem(f"{label} {g.notation()}", group_fu(g.kind, kan, g.concealed)))
    wait_item = _WAIT_ITEM.get(f.wait)
    if wait_item is not None:
        items.append(wait_item)
    if not facts.closed and not facts.tsumo and rules.open_pinfu_fu == 30:
        raw = sum(item.fu for item in items)
        if round_fu(raw, rules.fu_rounding) < 30:  # an open ron is worth 30 fu at least
            items.append(_OPEN_RON if raw == 20 else _OPEN_RON_ROUNDED)
    return items


def fu_total(f: Features, rules: Rules) -> int:
    """The sum of :func:`fu_items`, counted without making the items: every reading with
    a yaku needs its fu, only the chosen one its breakdown. ``f.set_fu`` is the fu of the
    reading's triplets and kans (:data:`GROUP_FU`)."""
    if f.shape == CHIITOITSU:
        return 50 if rules.chiitoitsu == "50fu1han" else 25
    facts = f.facts
    if f.shape != STANDARD:  # kokushi: 0 (aotenjou: a closed hand on a single wait)
        return (22 + (2 if facts.tsumo else 10)) if rules.aotenjou else 0
    fu = 20 + f.set_fu + _WAIT_FU.get(f.wait, 0)
    fu += _pair_fu(f.pair, facts.seat_wind, facts.round_wind, rules.double_wind_fu)
    if facts.tsumo:
        if not (f.pinfu and rules.pinfu_tsumo) and (rules.rinshan_fu or not facts.rinshan):
            fu += 2
    elif facts.closed or (rules.open_pinfu_fu == 30 and round_fu(fu, rules.fu_rounding) < 30):
        fu += 10  # closed ron; or an open ron, which is worth 30 fu at least
    return fu


def _pair_fu(kind: int, seat: int, round_: int, double_wind_fu: int) -> int:
    """The fu of a pair of ``kind`` under a seat and round wind (a few comparisons: the
    compiled build makes them on machine ints)."""
    if kind >= HAKU:  # a dragon
        return 2
    if kind == seat and kind == round_:
        return double_wind_fu
    if kind in (seat, round_):
        return 2
    return 0


@cache
def _pair_items(seat: int, round_: int, double_wind_fu: int) -> tuple[FuItem | None, ...]:
    """The fu line of a pair of each kind (``None``: no fu) under one seat and round wind:
    a table per wind pair, so a reading's pair costs one lookup."""
    return tuple(
        FuItem(_PAIR_TEXT[k], fu) if (fu := _pair_fu(k, seat, round_, double_wind_fu)) else None
        for k in range(34)
    )


def round_fu(fu: int, rounding: str) -> int:
    """Round ``fu`` up to the next 10 (``tens``); 25 (seven pairs) stays.

    ``fives`` is the old rule of the seeds ("rounded by 4 or 6 rule in which case the
    fu will be 20, 25, 30, 35"), RULES.md "to 5s (4 down, 6 up)": read as the Japanese
    四捨六入 on the units digit — 1 to 4 round down to the ten, 6 to 9 round up to the
    next ten, 5 stays (so only 25, 35 … survive as odd fives). 32 -> 30, 36 -> 40.
    The fixtures (fixtures/hands_fu.toml) read it the same way.
    """
    if fu == 25:
        return 25
    if rounding == "fives":
        unit = fu % 10
        if unit < 5:
            return max(fu - unit, 20)
        if unit == 5:
            return fu
        return fu - unit + 10
    return -(-fu // 10) * 10
