"""Hand-written fixture cases and the arithmetic that turns them into fixtures/hands_*.toml.

Written by the fixtures helper. This is NOT agari: every case below states its yaku (ids and
han from SPEC §5) and its fu items (RULES.md "Fu") by hand; this module only does the
arithmetic of RULES.md "Limits and points" (base = fu x 2^(2+han), limits, payments rounded
up to 100, honba and sticks) with the preset switches copied from the RULES.md "Presets"
table, and writes the whole trace into each case's `source`. agari is never imported.

Run: python scripts/fixture_casebook.py   (rewrites fixtures/hands_*.toml)
Cross-check: python scripts/crosscheck_fixtures.py
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# RULES.md "Presets" table (copied by hand; not read from agari.rules).
PRESETS: dict[str, dict[str, Any]] = {
    "wrc2025": dict(
        aka=False,
        kiriage=True,
        kazoe="yakuman",
        double_yakuman=False,
        yakuman_stacking=True,
        double_wind_fu=2,
        renhou="mangan",
    ),
    "ema2016": dict(
        aka=False,
        kiriage=False,
        kazoe="sanbaiman",
        double_yakuman=False,
        yakuman_stacking=False,
        double_wind_fu=4,
        renhou="mangan",
    ),
    "tenhou": dict(
        aka=True,
        kiriage=False,
        kazoe="yakuman",
        double_yakuman=False,
        yakuman_stacking=True,
        double_wind_fu=4,
        renhou="none",
    ),
    "majsoul": dict(
        aka=True,
        kiriage=False,
        kazoe="yakuman",
        double_yakuman=True,
        yakuman_stacking=True,
        double_wind_fu=4,
        renhou="none",
    ),
    "mleague": dict(
        aka=True,
        kiriage=True,
        kazoe="sanbaiman",
        double_yakuman=False,
        yakuman_stacking=True,
        double_wind_fu=2,
        renhou="none",
    ),
}
COMMON = dict(
    chiitoitsu="25fu2han", fu_rounding="tens", honba=300, rinshan_fu=True, open_tanyao=True
)

# SPEC §5: (closed han, open han or None when closed only)
YAKU_HAN: dict[str, tuple[int, int | None]] = {
    "riichi": (1, None),
    "double_riichi": (2, None),
    "ippatsu": (1, None),
    "menzen_tsumo": (1, None),
    "pinfu": (1, None),
    "tanyao": (1, 1),
    "iipeikou": (1, None),
    "haku": (1, 1),
    "hatsu": (1, 1),
    "chun": (1, 1),
    "seat_wind": (1, 1),
    "round_wind": (1, 1),
    "chankan": (1, 1),
    "rinshan": (1, 1),
    "haitei": (1, 1),
    "houtei": (1, 1),
    "chiitoitsu": (2, None),
    "sanshoku": (2, 1),
    "ittsu": (2, 1),
    "chanta": (2, 1),
    "sanshoku_doukou": (2, 2),
    "sankantsu": (2, 2),
    "toitoi": (2, 2),
    "sanankou": (2, 2),
    "shousangen": (2, 2),
    "honroutou": (2, 2),
    "ryanpeikou": (3, None),
    "honitsu": (3, 2),
    "junchan": (3, 2),
    "chinitsu": (6, 5),
}
YAKUMAN = {
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "shousuushii",
    "daisuushii",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chiihou",
}
DOUBLE_PATTERNS = {"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"}

LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}


def ceil100(x: float) -> int:
    return int(math.ceil(x / 100.0) * 100)


@dataclass
class Ctx:
    tsumo: bool = False
    dealer: bool = False
    honba: int = 0
    sticks: int = 0
    is_open: bool = False
    riichi: bool = False


def parse_ctx(hand: str) -> Ctx:
    """Just the context words the payment arithmetic needs (my own tiny reading of SPEC §1)."""
    c = Ctx()
    # melds are "," separated right after the tiles; a meld is open unless it is a bare 4-of-a-kind
    parts = hand.split(",")
    for p in parts[1:]:
        m = p.strip().split(" ")[0]
        digits = re.sub(r"[^0-9]", "", m)
        has_marker = any(ch in m for ch in "-=+")
        if len(digits) == 4 and not has_marker:
            continue  # ankan keeps the hand closed
        c.is_open = True
    for w in hand.lower().split():
        if w == "tsumo":
            c.tsumo = True
        elif w in ("riichi", "double-riichi", "wriichi"):
            c.riichi = True
        elif w == "seat=e":
            c.dealer = True
        elif w.startswith("honba="):
            c.honba = int(w[6:])
        elif w.startswith("sticks="):
            c.sticks = int(w[7:])
    return c


def tile_count(hand: str) -> int:
    """Tiles in the hand with each meld counted as 3 (SPEC §1), for a sanity check of the cases."""
    words = [w for w in hand.split() if "=" not in w or "," in w]
    body = "".join(w for w in words if re.search(r"[0-9]", w))
    parts = body.split(",")
    n = len(re.findall(r"[0-9]", re.sub(r"\+([0-9])", r"\1", parts[0])))
    return n + 3 * (len(parts) - 1)


@dataclass
class Case:
    id: str
    hand: str
    yaku: str = ""  # space separated ids; han from SPEC §5 unless "id:han"
    fu: str | None = None  # "20 base; 10 menzen ron; ..." or "chiitoitsu" or None
    dora: int = 0
    aka: int = 0
    ura: int = 0
    rules: str | None = None
    rule: dict[str, Any] = field(default_factory=dict)
    wait: str | None = None
    cite: str = ""
    note: str | None = None
    status: str = "win"
    error: str | None = None
    check: tuple[str, ...] | None = None  # subset of expect keys to emit (None = all computed)
    flat: str | None = None  # e.g. "mangan" for renhou-as-mangan
    dora_note: str = ""


def switches(case: Case) -> dict[str, Any]:
    s = dict(COMMON)
    s.update(PRESETS[case.rules or "wrc2025"])
    for k, v in case.rule.items():
        if v in ("on", "off"):
            v = v == "on"
        elif k in ("double_wind_fu", "honba"):
            v = int(v)
        s[k] = v
    return s


def settle(base: int, ctx: Ctx, sw: dict[str, Any]) -> tuple[dict[str, int], int, int, str]:
    """RULES.md payments; returns payment, points, total, trace text."""
    hb = sw["honba"]
    if not ctx.tsumo:
        mult = 6 if ctx.dealer else 4
        pay = ceil100(base * mult)
        payment = {"ron": pay}
        points = pay
        trace = f"{'dealer' if ctx.dealer else 'non-dealer'} ron {mult} x {base} = {base * mult}"
        trace += f" -> {pay}" if pay != base * mult else ""
        extra = hb * ctx.honba
        extra_t = f"{ctx.honba} honba x {hb}" if ctx.honba else ""
    elif ctx.dealer:
        each = ceil100(base * 2)
        payment = {"tsumo_each": each}
        points = 3 * each
        trace = f"dealer tsumo 2 x {base} = {base * 2}" + (
            f" -> {each}" if each != base * 2 else ""
        )
        trace += f" from each of 3 = {points}"
        extra = 3 * (hb // 3) * ctx.honba
        extra_t = f"{ctx.honba} honba x {hb // 3} x 3 payers" if ctx.honba else ""
    else:
        d = ceil100(base * 2)
        n = ceil100(base)
        payment = {"tsumo_dealer": d, "tsumo_non_dealer": n}
        points = d + 2 * n
        trace = (
            f"non-dealer tsumo: dealer 2 x {base} = {base * 2}"
            + (f" -> {d}" if d != base * 2 else "")
            + f", others 1 x {base}"
            + (f" -> {n}" if n != base else "")
            + f"; {d} + 2 x {n} = {points}"
        )
        extra = 3 * (hb // 3) * ctx.honba
        extra_t = f"{ctx.honba} honba x {hb // 3} x 3 payers" if ctx.honba else ""
    total = points + extra + 1000 * ctx.sticks
    if ctx.honba or ctx.sticks:
        bits = [f"{points}"]
        if ctx.honba:
            bits.append(f"{extra} ({extra_t})")
        if ctx.sticks:
            bits.append(f"{1000 * ctx.sticks} ({ctx.sticks} riichi stick(s) x 1000)")
        trace += f"; total {' + '.join(bits)} = {total}"
    return payment, points, total, trace


def round_fu(raw: int, sw: dict[str, Any]) -> tuple[int, str]:
    if sw["fu_rounding"] == "fives":
        # "4 down, 6 up" applied to the units digit (RULES.md Fu; seed 000): 32 -> 30, 38 -> 40
        units = raw % 10
        if units == 0:
            return raw, ""
        if units <= 4:
            return raw - units, f" -> {raw - units} (fives rounding: units {units} rounded down)"
        if units == 5:
            return raw, ""
        return (
            raw - units + 10,
            f" -> {raw - units + 10} (fives rounding: units {units} rounded up)",
        )
    r = int(math.ceil(raw / 10.0) * 10)
    return r, (f" -> {r}" if r != raw else "")


def build(case: Case) -> dict[str, Any]:
    sw = switches(case)
    ctx = parse_ctx(case.hand)
    out: dict[str, Any] = {"id": case.id, "hand": case.hand}
    if case.rules:
        out["rules"] = case.rules
    if case.rule:
        out["rule"] = case.rule
    expect: dict[str, Any] = {}
    if case.error:
        expect = {"status": "error", "error": {"code": case.error}}
        out["expect"] = expect
        out["source"] = case.cite
        if case.note:
            out["note"] = case.note
        return out
    if case.status != "win":
        expect = {"status": case.status}
        out["expect"] = expect
        out["source"] = case.cite
        if case.note:
            out["note"] = case.note
        return out

    assert tile_count(case.hand) == 14, (case.id, tile_count(case.hand))
    ids = case.yaku.split()
    ym = [i.split(":")[0] for i in ids if i.split(":")[0] in YAKUMAN]
    trace: list[str] = []
    if ym:
        mults = []
        for y in ym:
            m = 2 if (y in DOUBLE_PATTERNS and sw["double_yakuman"]) else 1
            mults.append(m)
        if sw["yakuman_stacking"]:
            n = sum(mults)
            how = " + ".join(f"{y} {13 * m}" for y, m in zip(ym, mults, strict=True))
            trace.append(
                f"yakuman: {how} = {13 * n} han = {n} yakuman"
                + (" (yakuman_stacking on)" if len(ym) > 1 else "")
                + (" (double_yakuman on: double pattern)" if any(m == 2 for m in mults) else "")
            )
        else:
            n = max(mults)
            trace.append(
                f"yakuman: {', '.join(ym)} present but yakuman_stacking off"
                f" -> counted once = {n} yakuman"
            )
        base = 8000 * n
        limit = "yakuman" if n == 1 else f"{n}x_yakuman"
        trace.append(f"base 8000 x {n} = {base}")
        han = 13 * n
        fu = None
        expect["status"] = "win"
        expect["yakuman"] = n
        expect["han"] = han
        if sw["yakuman_stacking"] or len(ym) == 1:
            expect["yaku"] = ym
        expect["limit"] = limit
    else:
        is_open = ctx.is_open
        yhan: list[tuple[str, int]] = []
        for tok in ids:
            if ":" in tok:
                y, h = tok.split(":")
                yhan.append((y, int(h)))
                continue
            if (
                tok == "renhou"
            ):  # renhou=mangan: scored as a flat mangan (case.flat); han shown as 5
                yhan.append((tok, 5))
                continue
            closed, opened = YAKU_HAN[tok]
            if tok == "chiitoitsu" and sw["chiitoitsu"] == "50fu1han":
                closed = 1
            h = opened if is_open else closed
            assert h is not None, (case.id, tok)
            yhan.append((tok, h))
        yaku_han = sum(h for _, h in yhan)
        han = yaku_han + case.dora + case.aka + case.ura
        hp = [f"{y} {h}" for y, h in yhan]
        if case.dora:
            hp.append(f"dora {case.dora}")
        if case.aka:
            hp.append(f"aka {case.aka}")
        if case.ura:
            hp.append(f"ura {case.ura}")
        htrace = f"han: {' + '.join(hp)} = {han}"
        # fu
        if case.fu == "chiitoitsu":
            if sw["chiitoitsu"] == "50fu1han":
                fu = 50
                ftrace = "fu: seven pairs 50 fu (chiitoitsu=50fu1han, Kansai rule)"
            else:
                fu = 25
                ftrace = "fu: seven pairs 25 fu, not rounded"
        elif case.flat and not case.fu:
            fu = None
            ftrace = "fu: not needed (flat limit)"
        else:
            assert case.fu, case.id
            items = [p.strip() for p in case.fu.split(";") if p.strip()]
            vals = [int(p.split(" ", 1)[0]) for p in items]
            raw = sum(vals)
            ftrace = "fu: " + " + ".join(items) + f" = {raw}"
            if is_open and not ctx.tsumo and raw == 20:
                fu = 30
                ftrace += " -> 30 (open hand with no fu won by ron is scored 30 fu)"
            else:
                fu, rt = round_fu(raw, sw)
                ftrace += rt
        trace.append(ftrace)
        trace.append(htrace)
        limit = None
        if case.flat:
            base = LIMIT_BASE[case.flat]
            limit = case.flat
            trace.append(f"{case.flat} flat (renhou={sw['renhou']}): base {base}")
        elif han >= 13:
            if sw["kazoe"] == "yakuman":
                base, limit = 8000, "kazoe_yakuman"
                trace.append(
                    f"{han} han without a yakuman, kazoe=yakuman -> counted yakuman, base 8000"
                )
            else:
                base, limit = 6000, "sanbaiman"
                trace.append(
                    f"{han} han without a yakuman, kazoe=sanbaiman -> sanbaiman, base 6000"
                )
        elif han >= 11:
            base, limit = 6000, "sanbaiman"
            trace.append(f"{han} han (11-12) -> sanbaiman, base 6000")
        elif han >= 8:
            base, limit = 4000, "baiman"
            trace.append(f"{han} han (8-10) -> baiman, base 4000")
        elif han >= 6:
            base, limit = 3000, "haneman"
            trace.append(f"{han} han (6-7) -> haneman, base 3000")
        elif han >= 5:
            base, limit = 2000, "mangan"
            trace.append("5 han -> mangan, base 2000")
        else:
            raw_base = fu * 2 ** (2 + han)
            t = f"base {fu} x 2^{2 + han} = {raw_base}"
            if raw_base >= 2000:
                base, limit = 2000, "mangan"
                t += " >= 2000 -> mangan, base 2000"
            elif sw["kiriage"] and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
                base, limit = 2000, "mangan"
                t += f" -> kiriage on: {han} han {fu} fu is mangan, base 2000"
            else:
                base = raw_base
                if (han, fu) in ((4, 30), (3, 60)):
                    t += " (kiriage off: stays below mangan)"
            trace.append(t)
        expect["status"] = "win"
        expect["han"] = han
        if fu is not None:
            expect["fu"] = fu
        expect["yakuman"] = 1 if limit == "kazoe_yakuman" else 0
        expect["yaku"] = [y for y, _ in yhan]
        if limit:
            expect["limit"] = limit
        expect["dora"] = {"dora": case.dora, "aka": case.aka, "ura": case.ura, "kita": 0}
    payment, points, total, ptrace = settle(base, ctx, sw)
    trace.append(ptrace)
    expect["points"] = points
    expect["payment"] = payment
    expect["total"] = total
    if case.wait:
        expect["wait"] = case.wait
    if case.check is not None:
        expect = {k: v for k, v in expect.items() if k in case.check or k == "status"}
    out["expect"] = expect
    src = case.cite.strip()
    src = (
        (src + " | " if src else "")
        + "worked trace (RULES.md 'Fu', 'Limits and points'): "
        + "; ".join(trace)
    )
    if case.dora_note:
        src += f"; dora: {case.dora_note}"
    out["source"] = src
    if case.note:
        out["note"] = case.note
    return out


# ---------------------------------------------------------------- TOML writer


def tv(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(tv(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {tv(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def write_file(name: str, header: str, cases: list[Case]) -> int:
    lines = [f"# {line}".rstrip() for line in header.strip().splitlines()]
    lines.append(
        "# Generated from scripts/fixture_casebook.py (hand-written cases + RULES.md arithmetic)."
    )
    lines.append("# Default preset: wrc2025 unless a case sets `rules`.")
    lines.append("")
    for c in cases:
        d = build(c)
        lines.append("[[case]]")
        lines.append(f"id = {tv(d['id'])}")
        lines.append(f"hand = {tv(d['hand'])}")
        if "rules" in d:
            lines.append(f"rules = {tv(d['rules'])}")
        lines.append(f"source = {tv(d['source'])}")
        if "note" in d:
            lines.append(f"note = {tv(d['note'])}")
        if "rule" in d:
            lines.append("[case.rule]")
            for k, v in d["rule"].items():
                lines.append(f"{k} = {tv(v)}")
        lines.append("[case.expect]")
        for k, v in d["expect"].items():
            lines.append(f"{k} = {tv(v)}")
        lines.append("")
    (ROOT / "fixtures" / name).write_text("\n".join(lines), encoding="utf-8")
    return len(cases)


if __name__ == "__main__":
    from fixture_cases import FILES

    ids: set[str] = set()
    total = 0
    for fname, header, cases in FILES:
        for c in cases:
            assert c.id not in ids, c.id
            ids.add(c.id)
        n = write_file(fname, header, cases)
        total += n
        print(f"{fname}: {n}")
    print("total", total)
