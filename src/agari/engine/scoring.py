"""Score a complete hand: every reading is valued and the one worth the most wins.

RULES.md, "Hand value in one line": every reading is scored and the one worth the most
points wins; ties go to more han, then more fu (then more fu before rounding, so the
reading shown is the one with more fu items). Limits and payments come from
:mod:`agari.settle`.

Decisions where RULES.md/SPEC leave room (also in the engine report):

* Double-yakuman patterns keep their own ids (``kokushi_13``, ``suuankou_tanki``,
  ``junsei_chuuren``) under every rule; ``double_yakuman`` only decides whether they
  count 2 (``han`` 26) or 1 (``han`` 13). Daisuushii has no separate id.
* ``yakuman_stacking=off``: only the yakuman with the largest multiple counts (the first
  in SPEC §5 order on a tie); a warning names the ones dropped.
* ``renhou=mangan`` (WRC row: "mangan, not combined with other yaku or dora"; ema2016
  read the same way): a renhou reading is worth exactly a mangan with ``yaku`` =
  ``[renhou 5]`` and zero dora; the hand's ordinary value is scored too and the larger
  wins; a yakuman always beats it. ``renhou=none``: not a yaku (warning).
* Kazoe: 13+ han without a yakuman reports the counted ``han`` and, under
  ``kazoe=yakuman``, ``yakuman`` 1 (SPEC §3 "a counted 13+ han yakuman is 1"; the
  majiang-core corpus writes 0 there).
* Yakuman results carry no ``fu``/``fu_breakdown`` and ``dora`` is null (RULES.md:
  yakuman hands ignore dora; fu do not matter), as in the oracle corpus.
* Liability: ``liable_base`` is 8000 x the multiple of daisangen/daisuushii (and
  suukantsu under ``pao_suukantsu``) among the yakuman that count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from agari.engine.decompose import (
    CHIITOITSU,
    KOKUSHI,
    UNIT,
    Reading,
    meld_groups,
    readings_of_keys,
    suit_keys,
)
from agari.engine.dora import DORA_SOURCES, DoraCounts, dora_counts
from agari.engine.features import PAARENCHAN_WINS, Features, HandFacts
from agari.engine.fu import fu_items, fu_total, round_fu
from agari.engine.yaku import IMPLIED, YAKUMAN, RuleTables, tables, yaku_of, yakuman_of
from agari.frozen import ReadOnlyDict
from agari.hand import red_fives
from agari.lang import N_, _, ngettext
from agari.native import mypyc_attr
from agari.result import _KEEP, NO_EXTRA, Details, Result, YakuHan
from agari.settle.limits import (
    base_points,
    kazoe_count,
    kiriage_applies,
    yakuman_base,
)
from agari.settle.win import discarder_unknown, hand_points, settle_win

if TYPE_CHECKING:
    from agari.hand import Hand
    from agari.rules import Rules
    from agari.settlement import Settlement

_PAO_YAKUMAN: Final = frozenset({"daisangen", "daisuushii"})
_RENHOU_MANGAN_HAN: Final = 5
# Held as a Final value, which the compiled build keeps in a C static: a name imported from an
# interpreted module (``frozen``) is otherwise looked up in this module's globals at each use.
# (A compiled class such as Result is called by its own name: the compiled build calls its
# constructor directly, where through an alias it would parse the arguments as a Python
# call does.)
_READ_ONLY: Final = ReadOnlyDict
_NO_DORA: Final = (0, 0, 0, 0)
_DOUBLE_PATTERNS: Final = frozenset({d.id for d in YAKUMAN if d.yakuman == 2})


@mypyc_attr(acyclic=True)
class Scored:
    """One reading's value. ``yaku`` are ``(id, han)``; ``fu`` is ``None`` for yakuman,
    ``raw_fu`` the fu before rounding; ``features`` make the fu breakdown when asked.

    A slotted class made with keywords only (positions would let two ints swap unseen);
    the compiled build makes it a native class, read without a lookup."""

    __slots__ = (
        "base",
        "dora",
        "features",
        "fu",
        "han",
        "liable_base",
        "limit",
        "note",
        "raw_fu",
        "reading",
        "yaku",
        "yakuman",
        "yakuman_hand",
    )

    def __init__(
        self,
        *,
        reading: Reading,
        yaku: tuple[YakuHan, ...],
        yakuman: int,
        han: int,
        fu: int | None,
        raw_fu: int,
        features: Features | None,
        base: int,
        limit: str | None,
        liable_base: int,
        dora: DoraCounts | None,
        note: str | None = None,
        yakuman_hand: bool = False,
    ) -> None:
        self.reading = reading
        self.yaku = yaku
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.raw_fu = raw_fu
        self.features = features
        self.base = base
        self.limit = limit
        self.liable_base = liable_base
        self.dora = dora
        self.note = note
        #: A yakuman pattern (not 13+ han counted as one): its fu and dora do not count.
        self.yakuman_hand = yakuman_hand

    @property
    def key(self) -> tuple[int, bool, int, int, int]:
        """Ordering: base points (so points), then a true yakuman over a counted one of the
        same value, then han, then fu, then fu before rounding (so of two readings worth the
        same, the one with more fu items is shown)."""
        return (self.base, self.yakuman_hand, self.han, self.fu or 0, self.raw_fu)


def score_readings(hand: Hand, rules: Rules) -> tuple[list[Reading], list[Scored]]:
    """All readings of ``hand`` and the value of each reading that has a yaku."""
    readings, scored, _ = _score_readings(hand, rules, every=True)
    return readings, scored


def _score_readings(
    hand: Hand, rules: Rules, every: bool = False
) -> tuple[list[Reading], list[Scored], HandFacts | None]:
    """:func:`score_readings` and the hand's facts (``None`` when there is no reading).
    Without ``every``, only the best reading's value (see :func:`best`) is made, as the one
    item of the list. The suit keys and the melds' groups are made once and serve the
    decomposer, the facts and the dora."""
    if hand.win is None:
        return [], [], None
    win = hand.win.kind
    keys = suit_keys(hand.concealed)
    keys[win // 9] += UNIT[win]
    fixed = meld_groups(hand.melds)
    readings, entries = readings_of_keys(keys, win, hand.context.tsumo, fixed)
    if not readings:
        return readings, [], None
    facts = HandFacts(hand, keys, entries, fixed)
    table = tables(rules)
    dora: DoraCounts | None = None
    dora_han = 0
    scored: list[Scored] = []
    # The best ordinary reading so far, kept as its key and the values a Scored is made of
    # (made once, at the end: a Scored is made by keywords, and most readings lose).
    top_key: tuple[int, bool, int, int, int] = (-1, False, 0, 0, 0)
    top: tuple[Reading, tuple[YakuHan, ...], int, int, int, Features, int, str | None] | None
    top = None
    for reading in readings:
        f = Features(reading, facts)
        if facts.yakuman_possible or reading.shape == KOKUSHI:  # else no yakuman: not asked
            found = yakuman_of(f, table)
            if found and facts.paarenchan and rules.paarenchan == "needs_yaku":
                found = _paarenchan_needs_yaku(found, f, table)
            if found:
                if rules.aotenjou:
                    if dora is None:
                        dora, dora_han = _dora(hand, rules, facts)
                    value = _aotenjou_yakuman(reading, found, f, table, rules, dora, dora_han)
                else:
                    value = _yakuman_value(reading, f, found, hand, rules)
                if every or value.key > top_key:
                    scored, top, top_key = [*scored, value] if every else [value], None, value.key
                continue
        yaku = tuple(yaku_of(f, table))
        renhou_mangan = facts.renhou and rules.renhou == "mangan"
        if not yaku and not renhou_mangan:
            continue  # no yaku: the fu do not matter
        raw_fu = fu_total(f, rules)
        fu = round_fu(raw_fu, rules.fu_rounding)
        if renhou_mangan:
            value = _renhou_mangan(reading, fu, raw_fu, f, rules)
            if every or value.key > top_key:
                scored, top, top_key = [*scored, value] if every else [value], None, value.key
        if not yaku:
            continue
        if dora is None:  # the same for every reading: counted once
            dora, dora_han = _dora(hand, rules, facts)
        han = _han(yaku) + dora_han
        base, limit = base_points(han, fu, rules)
        key = (base, False, han, fu, raw_fu)
        if every or key > top_key:
            top_key = key
            top = (reading, yaku, han, fu, raw_fu, f, base, limit)
            if every:
                scored.append(_ordinary_value(top, dora))
    if top is not None and not every:
        scored = [_ordinary_value(top, dora)]
    return readings, scored, facts


def _dora(hand: Hand, rules: Rules, facts: HandFacts) -> tuple[DoraCounts, int]:
    """The hand's dora counts and the han they add (the same for every reading)."""
    dora = dora_counts(hand, rules.red_fives, rules.players, facts.keys)
    return dora, dora[0] + dora[1] + dora[2] + dora[3]


def _han(yaku: tuple[YakuHan, ...]) -> int:
    """The han of the yaku (a loop: the compiled build reads each pair directly)."""
    han = 0
    for _yaku, h in yaku:
        han += h
    return han


def _ordinary_value(
    values: tuple[Reading, tuple[YakuHan, ...], int, int, int, Features, int, str | None],
    dora: DoraCounts | None,
) -> Scored:
    reading, yaku, han, fu, raw_fu, features, base, limit = values
    return Scored(
        reading=reading,
        yaku=yaku,
        yakuman=kazoe_count(limit),
        han=han,
        fu=fu,
        raw_fu=raw_fu,
        features=features,
        base=base,
        limit=limit,
        liable_base=0,
        dora=dora,
    )


def _yakuman_value(
    reading: Reading, f: Features, found: list[tuple[str, int]], hand: Hand, rules: Rules
) -> Scored:
    """A yakuman reading's value. Its fu (and their breakdown) are the reading's, as Tenhou's
    records and the ``mahjong`` package report them, though they do not change the value;
    its dora are zeros: dora do not add to a yakuman (RULES.md)."""
    note = None
    if not rules.yakuman_stacking and len(found) > 1:
        top = max(m for _, m in found)
        kept = next(y for y in found if y[1] == top)
        dropped = ", ".join(y for y, _ in found if y != kept[0])
        note = f"yakuman_stacking=off: only {kept[0]} counts ({dropped} not added)"
        found = [kept]
    multiple = sum(m for _, m in found)
    cap = rules.yakuman_cap
    if cap is not None and multiple > cap:
        capped = f"{multiple} yakuman capped at {cap} (yakuman_limit={cap})"
        note = f"{note}; {capped}" if note else capped
        multiple = cap
    base, limit = yakuman_base(multiple)
    liable = 0
    if hand.context.pao is not None:
        pao_ids = _PAO_YAKUMAN | {"suukantsu"} if rules.pao_suukantsu else _PAO_YAKUMAN
        liable = 8000 * sum(m for y, m in found if y in pao_ids)
    yaku = tuple(YakuHan(y, 13 * m) for y, m in found)
    raw_fu = fu_total(f, rules)
    return Scored(
        reading=reading,
        yaku=yaku,
        yakuman=multiple,
        han=13 * multiple,
        fu=round_fu(raw_fu, rules.fu_rounding),
        raw_fu=raw_fu,
        features=f,
        base=base,
        limit=limit,
        liable_base=liable,
        dora=_NO_DORA,
        note=note,
        yakuman_hand=True,
    )


def _paarenchan_needs_yaku(
    found: list[tuple[str, int]], f: Features, table: RuleTables
) -> list[tuple[str, int]]:
    """``paarenchan=needs_yaku``: paarenchan counts only beside another yaku (a yakuman or
    an ordinary yaku of the reading; riichi.wiki: "the dealer must still have another
    yaku"; mahjong 2.1.0 ``paarenchan_needs_yaku``)."""
    others = [y for y in found if y[0] != "paarenchan"]
    if others or yaku_of(f, table):
        return found
    return others


def _aotenjou_yakuman(
    reading: Reading,
    found: list[tuple[str, int]],
    f: Features,
    table: RuleTables,
    rules: Rules,
    dora: DoraCounts,
    dora_han: int,
) -> Scored:
    """A yakuman reading under ``aotenjou``: each yakuman is 13 han (26 for a double
    pattern under ``double_yakuman``) beside the reading's ordinary yaku, less those the
    yakuman implies (:data:`IMPLIED`), and the dora; fu as counted; no limit
    (riichi.wiki Aotenjou)."""
    implied: set[str] = set()
    for y, _count in found:
        implied |= IMPLIED.get(y, frozenset())
    ordinary = [y for y in yaku_of(f, table) if y.id not in implied]
    yaku = (*(YakuHan(y, 13 * m) for y, m in found), *ordinary)
    multiple = sum(m for _, m in found)
    han = _han(yaku) + dora_han
    raw_fu = fu_total(f, rules)
    fu = round_fu(raw_fu, rules.fu_rounding)
    base, limit = base_points(han, fu, rules)
    return Scored(
        reading=reading,
        yaku=yaku,
        yakuman=multiple,
        han=han,
        fu=fu,
        raw_fu=raw_fu,
        features=f,
        base=base,
        limit=limit,
        liable_base=0,
        dora=dora,
    )


def _renhou_mangan(reading: Reading, fu: int, raw_fu: int, f: Features, rules: Rules) -> Scored:
    """WRC: renhou is a mangan, not combined with other yaku or dora."""
    base, limit = base_points(_RENHOU_MANGAN_HAN, fu, rules)
    zero = _NO_DORA
    note = "renhou counts as a mangan and is not combined with other yaku or dora"
    yaku = (YakuHan("renhou", _RENHOU_MANGAN_HAN),)
    return Scored(
        reading=reading,
        yaku=yaku,
        yakuman=0,
        han=_RENHOU_MANGAN_HAN,
        fu=fu,
        raw_fu=raw_fu,
        features=f,
        base=base,
        limit=limit,
        liable_base=0,
        dora=zero,
        note=note,
    )


def best(scored: list[Scored]) -> Scored:
    """The reading worth the most points; ties to more han, then more fu (first wins)."""
    top = scored[0]
    for s in scored[1:]:
        if s.key > top.key:
            top = s
    return top


def _switch_notes(top: Scored, rules: Rules) -> list[str]:
    """Warnings for switches that changed the outcome (SPEC §3 ``warnings``)."""
    notes = []
    if top.yakuman_hand:
        doubles = [y for y, h in top.yaku if y in _DOUBLE_PATTERNS]
        for y in doubles:
            if rules.double_yakuman:
                notes.append(
                    _("{yaku} counts as a double yakuman (double_yakuman=on)").format(yaku=y)
                )
            else:
                notes.append(
                    _("{yaku} counts as a single yakuman (double_yakuman=off)").format(yaku=y)
                )
        return notes
    if rules.aotenjou:
        return notes  # no limits: see _house_notes
    if top.han >= 13:
        if top.limit == "kazoe_yakuman":
            notes.append(
                _("{han} han counted as a yakuman (kazoe={kazoe})").format(
                    han=top.han, kazoe=rules.kazoe
                )
            )
        elif top.yakuman > 1:
            notes.append(
                _("{han} han counted as {count} yakuman (kazoe=multiple)").format(
                    han=top.han, count=top.yakuman
                )
            )
            cap = rules.yakuman_cap
            if cap is not None and top.yakuman == cap and top.han // 13 > cap:
                notes.append(
                    _("{count} yakuman capped at {cap} (yakuman_limit={cap})").format(
                        count=top.han // 13, cap=cap
                    )
                )
        else:
            notes.append(_("{han} han capped at sanbaiman (kazoe=sanbaiman)").format(han=top.han))
    elif rules.kiriage and top.limit == "mangan" and kiriage_applies(top.han, top.fu or 0):
        notes.append(
            _("{han} han {fu} fu rounded up to mangan (kiriage=on)").format(han=top.han, fu=top.fu)
        )
    return notes


def _rule_notes(top: Scored, hand: Hand, rules: Rules) -> list[str]:
    """Warnings for switches that shaped the chosen reading's value (SPEC §3
    ``warnings``): red fives not counted, a double-wind pair's fu, no tsumo fu on a kan
    replacement tile, Kansai seven pairs, no pinfu by tsumo, fu rounded down, no open
    tanyao (kiriage, kazoe and the yakuman switches: :func:`_switch_notes`)."""
    f = top.features
    if f is None or top.yakuman_hand:  # nothing but the yakuman counts
        return []
    facts = f.facts
    notes = []
    if not rules.open_tanyao and not facts.closed and facts.all_simple:
        notes.append(_(_NO_OPEN_TANYAO))
    counted = rules.red_fives
    if not all(counted):
        reds = [str(t) for t in hand.all_tiles if t.red and not counted[t.kind // 9]]
        if reds:
            notes.append(
                ngettext(
                    "red five {tiles} not counted as dora: aka={aka} under {rules}",
                    "red fives {tiles} not counted as dora: aka={aka} under {rules}",
                    len(reds),
                ).format(tiles=" ".join(reds), aka=rules.value_text("aka"), rules=rules.name)
            )
    if f.pair == facts.seat_wind == facts.round_wind:
        notes.append(
            _("a pair of the seat and round wind: {fu} fu (double_wind_fu={fu})").format(
                fu=rules.double_wind_fu
            )
        )
    if facts.rinshan and facts.tsumo and not rules.rinshan_fu:
        notes.append(_("no 2 tsumo fu on the kan replacement tile (rinshan_fu=off)"))
    if f.shape == CHIITOITSU and rules.chiitoitsu == "50fu1han":
        notes.append(_("seven pairs counted 50 fu 1 han (chiitoitsu=50fu1han)"))
    if f.pinfu and facts.tsumo and not rules.pinfu_tsumo:
        notes.append(_("no pinfu on a tsumo: the tsumo keeps its 2 fu (pinfu_tsumo=off)"))
    if rules.fu_rounding == "fives" and top.fu is not None and top.fu < top.raw_fu:
        notes.append(
            _("{raw} fu rounded down to {fu} (fu_rounding=fives)").format(raw=top.raw_fu, fu=top.fu)
        )
    return notes


def _house_notes(top: Scored, hand: Hand, rules: Rules) -> list[str]:
    """Warnings for the house rules (issue 16) that shaped the chosen value."""
    notes = []
    ids = {y.id for y in top.yaku}
    f = top.features
    facts = f.facts if f is not None else None
    if rules.aotenjou and (top.base > 2000 or top.yakuman):
        notes.append(
            _("no limits (aotenjou=on): base {base} = {fu} fu x 2^(2+{han})").format(
                base=top.base, fu=top.fu, han=top.han
            )
            + (_(", each yakuman 13 han") if top.yakuman else "")
        )
    if "open_riichi" in ids:
        notes.append(_("open riichi counts 2 han, 3 if double (open_riichi=on)"))
    if "renhou" in ids and rules.renhou == "5han":
        notes.append(_("renhou is a 5-han yaku beside the others (renhou=5han)"))
    if not ids.isdisjoint(_HOUSE_YAKUMAN_IDS):
        for yid, rule in _HOUSE_YAKUMAN:
            if yid in ids:
                notes.append(
                    _("{yaku} is a yakuman ({rule}={value})").format(
                        yaku=yid, rule=rule, value=rules.value_text(rule)
                    )
                )
    if facts is not None and facts.seven_run >= 0 and ids.isdisjoint(_WHEELS):
        notes.append(
            _("seven pairs 2-8 of one suit are not a yakuman (daisharin={value})").format(
                value=rules.daisharin
            )
        )
    if (
        rules.open_pinfu_fu == 20
        and facts is not None
        and not facts.closed
        and not facts.tsumo
        and top.fu is not None
        and top.fu < 30
    ):
        notes.append(
            _("an open ron without fu counts {fu} fu (open_pinfu_fu=20)").format(fu=top.fu)
        )
    if isinstance(rules.aka, str) and top.dora is not None and top.dora[_AKA]:
        notes.append(_("red fives counted as dora per suit (aka={aka})").format(aka=rules.aka))
    return notes


#: The house rules' yakuman, each with the rule that makes it one (a note names the rule).
_HOUSE_YAKUMAN: Final = (
    ("daisharin", "daisharin"),
    ("daichikurin", "daisharin"),
    ("daisuurin", "daisharin"),
    ("daichisei", "daichisei"),
    ("paarenchan", "paarenchan"),
    ("sashikomi", "sashikomi"),
)
_HOUSE_YAKUMAN_IDS: Final = frozenset(yid for yid, _rule in _HOUSE_YAKUMAN)
#: Seven pairs 2-8 of one suit, by suit.
_WHEELS: Final = frozenset({"daisharin", "daichikurin", "daisuurin"})
#: Where the red fives sit in :data:`~agari.engine.dora.DoraCounts`.
_AKA: Final = DORA_SOURCES.index("aka")
_NO_OPEN_TANYAO: Final = N_("tanyao does not count in an open hand (open_tanyao=off)")


def _no_yaku_reason(readings: list[Reading], texts: list[tuple[str, ...]]) -> str:
    """The warning that lists every reading (``texts``: each reading's notation)."""
    listed = "; ".join(
        [" ".join(text) + f" ({r.wait})" for r, text in zip(readings, texts, strict=True)]
    )
    return _("complete, but no yaku in any reading: {readings}").format(readings=listed)


def _context_notes(hand: Hand, rules: Rules) -> list[str]:
    """Warnings for context words a switch makes worth nothing."""
    ctx = hand.context
    notes = []
    if ctx.renhou and rules.renhou == "none":
        notes.append(_("renhou is not a yaku under {rules}").format(rules=rules.name))
    if ctx.open_riichi and not rules.open_riichi:
        notes.append(
            _("open riichi counts as double riichi (open_riichi=off)")
            if ctx.double_riichi
            else _("open riichi counts as riichi (open_riichi=off)")
        )
    if ctx.sashikomi and not rules.sashikomi:
        notes.append(_("sashikomi is not a yakuman (sashikomi=off)"))
    if ctx.paarenchan >= PAARENCHAN_WINS and rules.paarenchan == "off":
        notes.append(
            _(
                "paarenchan={count}: the dealer's eighth win in a row is not a yakuman "
                "(paarenchan=off)"
            ).format(count=ctx.paarenchan)
        )
    if ctx.wareme is not None and not rules.wareme:
        notes.append(
            _(
                "wareme={seat} ignored: wareme=off under rules {rules} (add --rule wareme=on)"
            ).format(seat=ctx.wareme, rules=rules.describe())
        )
    return notes


def _win_warnings(top: Scored, hand: Hand, rules: Rules, settlement: Settlement) -> tuple[str, ...]:
    """A win's warnings (SPEC §3), made when the result's ``warnings`` are first read.
    "discarder unknown" is the normal case of a ron without a marker: ``deltas`` say it."""
    warnings = _context_notes(hand, rules)
    if top.note:
        warnings.append(top.note)
    if top.yakuman_hand or top.han >= 13 or top.limit == "mangan":  # a switch may have mattered
        warnings.extend(_switch_notes(top, rules))
    warnings.extend(_rule_notes(top, hand, rules))
    warnings.extend(_house_notes(top, hand, rules))
    pao = hand.context.pao
    if pao is not None and not top.liable_base:
        warnings.append(
            _("pao={seat} ignored: liability is for a yakuman of {yaku} only").format(
                seat=pao,
                yaku="daisangen, daisuushii" + (" or suukantsu" if rules.pao_suukantsu else ""),
            )
        )
    if settlement.notes:
        unknown = discarder_unknown()
        warnings.extend([n for n in settlement.notes if n not in unknown])
    return tuple(warnings)


def _no_yaku_warnings(
    readings: list[Reading],
    texts: list[tuple[str, ...]],
    facts: HandFacts,
    hand: Hand,
    rules: Rules,
) -> tuple[str, ...]:
    """The warnings of a complete hand without a yaku (``texts``: each reading's
    notation), made when first read."""
    warnings = _context_notes(hand, rules)
    if not rules.open_tanyao and not facts.closed and facts.all_simple:
        warnings.append(_(_NO_OPEN_TANYAO))
    if facts.paarenchan and rules.paarenchan == "needs_yaku":
        warnings.append(
            _(
                "paarenchan={count} is a yakuman only beside another yaku (paarenchan=needs_yaku)"
            ).format(count=hand.context.paarenchan)
        )
    return (*warnings, _no_yaku_reason(readings, texts))


def score_hand(
    hand: Hand, rules: Rules, value: Any = None, *, input_is_text: bool = False
) -> Result | None:
    """The SPEC §3 result of a hand with a known winning tile, or ``None`` when the
    tiles form no complete hand. ``value`` is the result's ``input``, or with
    ``input_is_text`` the hand's normal form (as for a prepared :class:`~agari.hand.Hand`).
    The value -- han, fu, yaku, limit, the settlement and what is read off it, the dora --
    is made here; what explains it (the hand's text, the reading, the fu breakdown, the
    warnings) is the result's :class:`~agari.result.Details`, made when first read.
    """
    readings, scored, facts = _score_readings(hand, rules)
    if facts is None:
        return None
    win_tile = str(hand.win) if hand.win is not None else None
    rules_text = rules.name if not rules.overrides else rules.describe()
    if not scored:
        dora = dora_counts(hand, rules.red_fives, rules.players, facts.keys)
        return Result(
            status="no_yaku",
            rules=rules_text,
            han=0,
            yakuman=0,
            yaku=(),
            dora=_dora_mapping(dora),
            wait=readings[0].wait,
            win_tile=win_tile,
            details=_NoYakuDetails(readings, facts, hand, rules, value, input_is_text),
        )
    top, settlement = _settled(scored, hand, rules)
    points, total, deltas = settlement.figures()
    # Positional, in the order of SPEC §3 (Result's keywords), the details' fields _KEEP:
    # made for every hand scored, where twenty keywords cost as much as the settlement.
    return Result(
        _KEEP,  # input: the details'
        "win",
        _KEEP,  # hand
        rules_text,
        None,  # error
        _KEEP,  # warnings
        top.han,
        top.fu,
        top.yakuman,
        top.yaku,
        None if top.dora is None else _dora_mapping(top.dora),
        _KEEP,  # fu_breakdown
        top.reading.wait,
        top.limit,
        top.base,
        settlement.payment,
        points,
        total,
        _KEEP,  # reading
        win_tile,
        None if deltas is None else _READ_ONLY(deltas),
        None,  # shanten
        None,  # waits
        None,  # discards
        None,  # candidates
        _KEEP,  # extra
        settlement,
        _WinDetails(top, hand, rules, settlement, value, input_is_text),
    )


def _settled(scored: list[Scored], hand: Hand, rules: Rules) -> tuple[Scored, Settlement]:
    """The best of a win's scored readings and its settlement."""
    top = scored[0] if len(scored) == 1 else best(scored)
    return top, settle_win(top.base, hand.context, rules, top.liable_base)


def win_points(hand: Hand, rules: Rules) -> int:
    """The points of a hand with a known winning tile (its result's ``points``), 0 when it
    has no yaku or does not win: for a caller that compares values (the review's
    value-aware choice) and reads nothing else of the result."""
    _, scored, facts = _score_readings(hand, rules)
    if facts is None or not scored:
        return 0
    top = scored[0] if len(scored) == 1 else best(scored)
    return hand_points(top.base, hand.context, rules, top.liable_base)


def _dora_mapping(dora: DoraCounts) -> ReadOnlyDict[int]:
    """A result's ``dora``: the count from each source (:data:`DORA_SOURCES`, in order;
    keywords rather than a ``zip``). One read-only mapping for each set of counts, shared
    by the results that have them: the same few dozen come back hand after hand."""
    made = _DORA_MAPPINGS.get(dora)
    if made is None:
        made = _READ_ONLY(dora=dora[0], aka=dora[1], ura=dora[2], kita=dora[3])
        if len(_DORA_MAPPINGS) < _DORA_MAPPINGS_LIMIT:
            _DORA_MAPPINGS[dora] = made
    return made


#: The dora mappings made (:func:`_dora_mapping`), by their counts; up to
#: :data:`_DORA_MAPPINGS_LIMIT` of them (counts past what a game shows are made each time).
_DORA_MAPPINGS: Final[dict[DoraCounts, ReadOnlyDict[int]]] = {}
_DORA_MAPPINGS_LIMIT: Final = 1024


assert DORA_SOURCES == ("dora", "aka", "ura", "kita")  # the keywords of _dora_mapping


class _HandDetails(Details):
    """The details of a complete hand's result: its input, and its normal form made from
    the hand when first read (as the input too, for a prepared hand)."""

    __slots__ = ("_input_is_text", "_of", "_rules_used")

    def __init__(self, hand: Hand, rules: Rules, value: Any, input_is_text: bool) -> None:
        self._of = hand
        self._rules_used = rules
        self._input = value
        self._input_is_text = input_is_text
        self._made = False

    def make(self) -> None:
        text = str(self._of)
        self._hand = text
        if self._input_is_text:
            self._input = text


class _WinDetails(_HandDetails):
    """A win's details: the warnings (which name what liability or wareme did), the fu
    breakdown and the reading's text, made together when one of them is first read."""

    __slots__ = ("_settlement", "_top")

    def __init__(
        self,
        top: Scored,
        hand: Hand,
        rules: Rules,
        settlement: Settlement,
        value: Any,
        input_is_text: bool,
    ) -> None:
        self._of = hand
        self._rules_used = rules
        self._input = value
        self._input_is_text = input_is_text
        self._made = False
        self._top = top
        self._settlement = settlement

    def make(self) -> None:
        top, hand, rules = self._top, self._of, self._rules_used
        super().make()
        self._warnings = _win_warnings(top, hand, rules, self._settlement)
        self._fu_breakdown = None if top.features is None else tuple(fu_items(top.features, rules))
        self._reading = top.reading.notation(red_fives(hand.closed_tiles))
        self._extra = NO_EXTRA


class _NoYakuDetails(_HandDetails):
    """The details of a complete hand without a yaku: the warnings, the first reading's
    text and the ``extra`` that lists every reading."""

    __slots__ = ("_facts", "_readings")

    def __init__(
        self,
        readings: list[Reading],
        facts: HandFacts,
        hand: Hand,
        rules: Rules,
        value: Any,
        input_is_text: bool,
    ) -> None:
        self._of = hand
        self._rules_used = rules
        self._input = value
        self._input_is_text = input_is_text
        self._made = False
        self._readings = readings
        self._facts = facts

    def make(self) -> None:
        readings, hand, rules = self._readings, self._of, self._rules_used
        super().make()
        reds = red_fives(hand.closed_tiles)
        texts = [r.notation(reds) for r in readings]
        self._warnings = _no_yaku_warnings(readings, texts, self._facts, hand, rules)
        self._fu_breakdown = None
        self._reading = texts[0]
        complete = tuple(
            [_READ_ONLY(reading=t, wait=r.wait) for r, t in zip(readings, texts, strict=True)]
        )
        self._extra = _READ_ONLY(reason="no yaku", complete_readings=complete)
