"""Score a complete hand: every reading is valued and the one worth the most wins.

RULES.md, "Hand value in one line": every reading is scored and the one worth the most
points wins; ties go to more han, then more fu (then more fu before rounding, so the
reading shown is the one with more fu items). Limits and payments come from
:mod:`agari.payment`.

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from agari.decompose import Reading, hand_readings
from agari.dora import count_dora
from agari.fu import fu_items, round_fu
from agari.payment import base_points, settle_win, yakuman_base
from agari.result import FuItem, Result, YakuHan
from agari.yaku import YAKUMAN, Features, HandFacts, tables, yaku_of, yakuman_of

if TYPE_CHECKING:
    from agari.hand import Hand
    from agari.rules import Rules

_PAO_YAKUMAN: Final = frozenset({"daisangen", "daisuushii"})
_RENHOU_MANGAN_HAN: Final = 5
_DOUBLE_PATTERNS: Final = frozenset({d.id for d in YAKUMAN if d.yakuman == 2})


@dataclass(frozen=True, slots=True)
class Scored:
    """One reading's value. ``yaku`` are ``(id, han)``; ``fu`` is ``None`` for yakuman."""

    reading: Reading
    yaku: tuple[tuple[str, int], ...]
    yakuman: int
    han: int
    fu: int | None
    fu_items: tuple[tuple[str, int], ...]
    base: int
    limit: str | None
    liable_base: int
    dora: dict[str, int] | None
    note: str | None = None

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Ordering: base points (so points), then han, then fu, then fu before rounding
        (so of two readings worth the same, the one with more fu items is shown)."""
        return (self.base, self.han, self.fu or 0, sum(f for _, f in self.fu_items))


def score_readings(hand: Hand, rules: Rules) -> tuple[list[Reading], list[Scored]]:
    """All readings of ``hand`` and the value of each reading that has a yaku."""
    readings = hand_readings(hand)
    if not readings:
        return readings, []
    facts = HandFacts(hand)
    table = tables(rules)
    dora: dict[str, int] | None = None
    dora_han = 0
    pao = hand.context.pao is not None
    pao_ids = _PAO_YAKUMAN | {"suukantsu"} if rules.pao_suukantsu else _PAO_YAKUMAN
    scored: list[Scored] = []
    for reading in readings:
        f = Features(reading, facts)
        found = yakuman_of(f, table)
        limit: str | None
        if found:
            note = None
            if not rules.yakuman_stacking and len(found) > 1:
                top = max(m for _, m in found)
                kept = next(y for y in found if y[1] == top)
                dropped = ", ".join(y for y, _ in found if y != kept[0])
                note = f"yakuman_stacking=off: only {kept[0]} counts ({dropped} not added)"
                found = [kept]
            multiple = sum(m for _, m in found)
            base, limit = yakuman_base(multiple)
            liable = 8000 * sum(m for y, m in found if y in pao_ids) if pao else 0
            scored.append(
                Scored(
                    reading,
                    tuple((y, 13 * m) for y, m in found),
                    multiple,
                    13 * multiple,
                    None,
                    (),
                    base,
                    limit,
                    liable,
                    None,
                    note,
                )
            )
            continue
        items = fu_items(f, rules)
        fu = round_fu(sum(fu for _, fu in items), rules.fu_rounding)
        yaku = yaku_of(f, table)
        if facts.renhou and rules.renhou == "mangan":
            # WRC: renhou is a mangan, not combined with other yaku or dora.
            base, limit = base_points(_RENHOU_MANGAN_HAN, fu, rules)
            zero = {"dora": 0, "aka": 0, "ura": 0, "kita": 0}
            note = "renhou counts as a mangan and is not combined with other yaku or dora"
            scored.append(
                Scored(
                    reading,
                    (("renhou", _RENHOU_MANGAN_HAN),),
                    0,
                    _RENHOU_MANGAN_HAN,
                    fu,
                    tuple(items),
                    base,
                    limit,
                    0,
                    zero,
                    note,
                )
            )
        if not yaku:
            continue
        if dora is None:
            dora = count_dora(hand, rules.aka, rules.players)
            dora_han = sum(dora.values())
        han = sum(h for _, h in yaku) + dora_han
        base, limit = base_points(han, fu, rules)
        scored.append(
            Scored(
                reading,
                tuple(yaku),
                1 if limit == "kazoe_yakuman" else 0,
                han,
                fu,
                tuple(items),
                base,
                limit,
                0,
                dora,
            )
        )
    return readings, scored


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
    if top.fu is None:
        doubles = [y for y, h in top.yaku if y in _DOUBLE_PATTERNS]
        for y in doubles:
            if rules.double_yakuman:
                notes.append(f"{y} counts as a double yakuman (double_yakuman=on)")
            else:
                notes.append(f"{y} counts as a single yakuman (double_yakuman=off)")
        return notes
    if top.han >= 13:
        if top.limit == "kazoe_yakuman":
            notes.append(f"{top.han} han counted as a yakuman (kazoe=yakuman)")
        else:
            notes.append(f"{top.han} han capped at sanbaiman (kazoe=sanbaiman)")
    elif rules.kiriage and top.limit == "mangan" and (top.han, top.fu) in ((4, 30), (3, 60)):
        notes.append(f"{top.han} han {top.fu} fu rounded up to mangan (kiriage=on)")
    return notes


def _hand_text(hand: Hand) -> str | None:
    try:
        return str(hand)
    except ImportError:  # the notation module is not there yet
        return None


def score_hand(hand: Hand, rules: Rules) -> Result | None:
    """The SPEC §3 result of a hand with a known winning tile, or ``None`` when the
    tiles form no complete hand. ``input`` is left ``None`` for the caller to fill."""
    readings, scored = score_readings(hand, rules)
    if not readings:
        return None
    win_tile = str(hand.win) if hand.win is not None else None
    reds = [0, 0, 0]
    for t in hand.closed_tiles:
        if t.red:
            reds[t.kind // 9] += 1
    warnings: list[str] = []
    ctx = hand.context
    if ctx.renhou and rules.renhou == "none":
        warnings.append(f"renhou is not a yaku under {rules.name}")
    if not scored:
        listed = "; ".join(" ".join(r.notation(reds)) + f" ({r.wait})" for r in readings)
        reason = "complete, but no yaku in any reading: " + listed
        first = readings[0]
        return Result(
            input=None,
            status="no_yaku",
            hand=_hand_text(hand),
            rules=rules.describe(),
            warnings=(*warnings, reason),
            han=0,
            yakuman=0,
            yaku=(),
            dora=count_dora(hand, rules.aka, rules.players),
            wait=first.wait,
            reading=first.notation(reds),
            win_tile=win_tile,
            extra={
                "reason": "no yaku",
                "complete_readings": [
                    {"reading": list(r.notation(reds)), "wait": r.wait} for r in readings
                ],
            },
        )
    top = best(scored)
    if top.note:
        warnings.append(top.note)
    warnings.extend(_switch_notes(top, rules))
    settlement = settle_win(top.base, ctx, rules, top.liable_base)
    # "discarder unknown" is the normal case of a ron without a marker: deltas say it.
    warnings.extend(n for n in settlement.notes if not n.startswith("discarder unknown"))
    return Result(
        input=None,
        status="win",
        hand=_hand_text(hand),
        rules=rules.describe(),
        warnings=tuple(warnings),
        han=top.han,
        fu=top.fu,
        yakuman=top.yakuman,
        yaku=tuple(YakuHan(y, h) for y, h in top.yaku),
        dora=top.dora,
        fu_breakdown=tuple(FuItem(i, f) for i, f in top.fu_items) if top.fu is not None else None,
        wait=top.reading.wait,
        limit=top.limit,
        base_points=top.base,
        payment=settlement.payment,
        points=settlement.points,
        total=settlement.total,
        reading=top.reading.notation(reds),
        win_tile=win_tile,
        deltas=settlement.deltas,
    )
