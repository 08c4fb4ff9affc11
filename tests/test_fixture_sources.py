"""Static checks of the hand fixtures (fixtures/hands*.toml): shape, ids, sources, count.

This does not run the engine (tests/test_fixtures.py runs every case through `agari batch --check`).
It checks that every case can be traced to where its expected value comes from.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FILES = sorted(FIXTURES.glob("hands*.toml"))
PRESETS = {
    "wrc2025",
    "ema2016",
    "tenhou",
    "majsoul",
    "mleague",
    "tenhou-sanma",
    "majsoul-sanma",
    "riichicity",
    "riichicity-sanma",
}
#: Presets of three-player mahjong: a tsumo is paid by two players (RULES.md "Three-player").
THREE_PLAYER = {"tenhou-sanma", "majsoul-sanma", "riichicity-sanma"}
EXPECT_KEYS = {
    "status",
    "han",
    "fu",
    "yakuman",
    "yaku",
    "limit",
    "points",
    "payment",
    "total",
    "dora",
    "wait",
    "error",
}
STATUSES = {"win", "no_yaku", "not_winning", "tenpai", "noten", "error"}
YAKU_IDS = {
    "riichi",
    "double_riichi",
    "ippatsu",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "haku",
    "hatsu",
    "chun",
    "seat_wind",
    "round_wind",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "chiitoitsu",
    "sanshoku",
    "ittsu",
    "chanta",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "honitsu",
    "junchan",
    "chinitsu",
    "renhou",
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
    # house rules (issue 16; fixtures/hands_house.toml)
    "open_riichi",
    "daisharin",
    "daichikurin",
    "daisuurin",
    "daichisei",
    "sashikomi",
    "paarenchan",
}


def _cases() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    out = []
    for f in FILES:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        for case in data.get("case", []):
            out.append((f.name, data, case))
    return out


CASES = _cases()


def test_files_exist() -> None:
    assert FILES, "no fixtures/hands*.toml"


def test_at_least_300_cases() -> None:
    assert len(CASES) >= 300


def test_ids_unique_across_files() -> None:
    seen: dict[str, str] = {}
    for fname, _, case in CASES:
        cid = case.get("id")
        assert cid not in seen, f"duplicate id {cid!r} in {fname} and {seen.get(cid)}"
        seen[cid] = fname


@pytest.mark.parametrize("fname,data,case", CASES, ids=[c.get("id", "?") for _, _, c in CASES])
def test_case_shape(fname: str, data: dict[str, Any], case: dict[str, Any]) -> None:
    for key in ("id", "hand", "expect", "source"):
        assert key in case, f"{fname}: case without {key}"
    assert isinstance(case["id"], str) and case["id"].strip()
    assert isinstance(case["hand"], str) and case["hand"].strip()
    assert isinstance(case["source"], str) and case["source"].strip(), "empty source"
    # a source names a rulebook section, a seed document, the SPEC, or carries a worked trace
    assert re.search(r"RULES\.md|SPEC|seeds/|worked trace", case["source"]), case["source"]
    exp = case["expect"]
    assert isinstance(exp, dict) and exp, "empty expect"
    assert set(exp) <= EXPECT_KEYS, set(exp) - EXPECT_KEYS
    assert exp.get("status", "win") in STATUSES
    if exp.get("status") == "error":
        assert isinstance(exp.get("error"), dict) and exp["error"].get("code")
    for y in exp.get("yaku", []):
        assert y in YAKU_IDS, y
    preset = case.get("rules", data.get("rules", "wrc2025"))
    assert preset in PRESETS
    if "payment" in exp:
        pay = exp["payment"]
        assert set(pay) in ({"ron"}, {"tsumo_dealer", "tsumo_non_dealer"}, {"tsumo_each"}), pay
        assert all(v % 100 == 0 for v in pay.values())
        if "points" in exp:
            others = 2 if preset in THREE_PLAYER else 3  # tsumo loss in three-player
            if "ron" in pay:
                assert exp["points"] == pay["ron"]
            elif "tsumo_each" in pay:
                assert exp["points"] == others * pay["tsumo_each"]
            else:
                non_dealers = others - 1
                assert exp["points"] == pay["tsumo_dealer"] + non_dealers * pay["tsumo_non_dealer"]
    if "total" in exp and "points" in exp:
        assert exp["total"] >= exp["points"]
    if exp.get("yakuman") and case.get("rule", {}).get("aotenjou") != "on":
        # (aotenjou: a yakuman is 13 han beside the other yaku and dora, SPEC §6)
        assert exp.get("han") in (None, 13 * exp["yakuman"]) or exp.get("limit") == "kazoe_yakuman"
    if "dora" in exp:
        assert set(exp["dora"]) == {"dora", "aka", "ura", "kita"}


def test_every_yaku_id_is_covered() -> None:
    """Issue 3: the fixtures cover every yaku and yakuman id of SPEC §5."""
    seen = {y for _, _, case in CASES for y in case["expect"].get("yaku", [])}
    assert YAKU_IDS - seen == set()


def test_every_preset_is_used() -> None:
    used = {case.get("rules", data.get("rules", "wrc2025")) for _, data, case in CASES}
    assert used == PRESETS


def test_every_error_code_of_the_brief() -> None:
    codes = {
        case["expect"]["error"]["code"]
        for _, _, case in CASES
        if case["expect"].get("status") == "error"
    }
    assert {"tile_count", "too_many_copies", "bad_meld"} <= codes


def test_structured_fixture_records_cite_their_toml_case() -> None:
    """fixtures/hands_structured.jsonl holds TOML cases again in SPEC §2 form: each record
    names the case it repeats, and its expectation is that case's, unchanged."""
    import json

    by_id = {case["id"]: case for _, _, case in CASES}
    lines = (FIXTURES / "hands_structured.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines
    for line in lines:
        record = json.loads(line)
        original = by_id[record["id"].removeprefix("structured/")]
        assert record["expect"] == original["expect"]
        assert f"case {original['id']}" in record["source"]
