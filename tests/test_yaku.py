"""Every yaku and yakuman of SPEC §5 with the han the table there gives.

Each case is a hand built to hold the yaku, its id and the han from SPEC §5 ("han
closed/open"); exclusions (ryanpeikou over iipeikou, junchan over chanta, chinitsu over
honitsu, double riichi over riichi) are RULES.md/SPEC §5 readings of the same table.
"""

from __future__ import annotations

import pytest

from agari.api import analyse
from agari.engine.yaku import LOCAL_YAKUMAN, NAMES, YAKU, YAKUMAN

# (hand, rules, id, han) — han from SPEC §5 (closed / open column as the hand is).
CASES = [
    ("123m456p789s234s5z+5z riichi", "wrc2025", "riichi", 1),
    ("123m456p789s234s5z+5z double-riichi", "wrc2025", "double_riichi", 2),
    ("123m456p789s234s5z+5z riichi ippatsu", "wrc2025", "ippatsu", 1),
    ("123m456p789s234s5z+5z tsumo", "wrc2025", "menzen_tsumo", 1),
    ("234m456p789s23s55m+1s", "wrc2025", "pinfu", 1),
    ("234m456p66s78s+6s, 555p", "wrc2025", "tanyao", 1),  # open: open_tanyao on
    ("112233m456p789s5z+5z riichi", "wrc2025", "iipeikou", 1),
    ("123m456p789s1p555z+1p", "wrc2025", "haku", 1),
    ("123m456p789s1p666z+1p", "wrc2025", "hatsu", 1),
    ("123m456p789s1p777z+1p", "wrc2025", "chun", 1),
    ("123m456p789s1p222z+1p seat=S round=E", "wrc2025", "seat_wind", 1),
    ("123m456p789s1p111z+1p seat=S round=E", "wrc2025", "round_wind", 1),
    ("123m456p789s23p55z+1p chankan", "wrc2025", "chankan", 1),
    ("123m456p1p+1p, 7777s, 555=z tsumo rinshan", "wrc2025", "rinshan", 1),
    ("123m456p789s1p555z+1p tsumo haitei", "wrc2025", "haitei", 1),
    ("123m456p789s1p555z+1p houtei", "wrc2025", "houtei", 1),
    ("1133m5577p2299s1z+1z", "wrc2025", "chiitoitsu", 2),
    ("1133m5577p2299s1z+1z", "wrc2025:chiitoitsu=50fu1han", "chiitoitsu", 1),
    ("123m123p123s789p5z+5z", "wrc2025", "sanshoku", 2),
    ("123p123s789p5z+5z, 1-23m", "wrc2025", "sanshoku", 1),
    ("123456789m234p5z+5z", "wrc2025", "ittsu", 2),
    ("123456m234p5z+5z, 7-89m", "wrc2025", "ittsu", 1),
    ("123m789p999s111z5z+5z", "wrc2025", "chanta", 2),
    ("789p999s111z5z+5z, 1-23m", "wrc2025", "chanta", 1),
    ("222m222p222s789s5z+5z", "wrc2025", "sanshoku_doukou", 2),
    ("1p+1p, 2222m, 3333p, 4444s, 5-67m", "wrc2025", "sankantsu", 2),
    ("222m333p444s1p+1p, 777=z", "wrc2025", "toitoi", 2),
    ("222m333p444s1p+1p, 777=z", "wrc2025", "sanankou", 2),
    ("55566677z123m45p+6p", "wrc2025", "shousangen", 2),
    ("111m999p111s99s11z+1z", "wrc2025", "honroutou", 2),
    ("112233m556677p5s+5s", "wrc2025", "ryanpeikou", 3),
    ("123345m999m111z5z+5z", "wrc2025", "honitsu", 3),
    ("345m999m111z5z+5z, 1-23m", "wrc2025", "honitsu", 2),
    ("123m789p999s123s1p+1p", "wrc2025", "junchan", 3),
    ("789p999s123s1p+1p, 1-23m", "wrc2025", "junchan", 2),
    ("1123345567999m+1m", "wrc2025", "chinitsu", 6),
    ("1123345567m+1m, 9999+m", "wrc2025", "chinitsu", 5),
    # yakuman: 13 han each (SPEC §3/§5), 26 for a double pattern under double_yakuman
    ("119m19p19s123456z+7z", "wrc2025", "kokushi", 13),
    ("19m19p19s1234567z+1m", "wrc2025", "kokushi_13", 13),
    ("19m19p19s1234567z+1m", "majsoul", "kokushi_13", 26),
    ("111m222p333s44s55z+5z tsumo", "wrc2025", "suuankou", 13),
    ("111m222p333s555z4s+4s", "wrc2025", "suuankou_tanki", 13),
    ("111m222p333s555z4s+4s", "majsoul", "suuankou_tanki", 26),
    ("555z666z777z123m4p+4p", "wrc2025", "daisangen", 13),
    ("111z222z333z555z6z+6z", "wrc2025", "tsuuiisou", 13),
    ("223344s666s888s6z+6z", "wrc2025", "ryuuiisou", 13),
    ("111m999m111p999p1s+1s", "wrc2025", "chinroutou", 13),
    ("111z222z333z44z12m+3m", "wrc2025", "shousuushii", 13),
    ("111z222z333z444z5m+5m", "wrc2025", "daisuushii", 13),
    ("111z222z333z444z5m+5m", "majsoul", "daisuushii", 26),
    ("1112345678899m+9m", "wrc2025", "chuuren", 13),
    ("1112345678999m+5m", "wrc2025", "junsei_chuuren", 13),
    ("1112345678999m+5m", "majsoul", "junsei_chuuren", 26),
    ("1m+1m, 2222+m, 3333+p, 4444+s, 6666+s", "wrc2025", "suukantsu", 13),
    ("123m456p789s234s5z+5z tsumo tenhou seat=E", "wrc2025", "tenhou", 13),
    ("123m456p789s234s5z+5z tsumo chiihou", "wrc2025", "chiihou", 13),
    ("123m456p789s234s5z+5z renhou", "wrc2025:renhou=yakuman", "renhou", 13),
    # house rules (issue 16, SPEC §6): each row under its switch
    ("123m456p789s234s5z+5z open-riichi", "wrc2025:open_riichi=on", "open_riichi", 2),
    ("123m456p789s234s5z+5z double-open-riichi", "wrc2025:open_riichi=on", "open_riichi", 3),
    ("123m456p789s234s5z+5z renhou", "wrc2025:renhou=5han", "renhou", 5),
    ("2233445566778p+8p", "wrc2025:daisharin=pin", "daisharin", 13),
    ("2233445566778s+8s", "wrc2025:daisharin=all", "daichikurin", 13),
    ("2233445566778m+8m", "wrc2025:daisharin=all", "daisuurin", 13),
    ("1122334455667z+7z", "wrc2025:daichisei=on", "daichisei", 13),
    ("123m456p789s234s5z+5z seat=E paarenchan=7", "wrc2025:paarenchan=on", "paarenchan", 13),
    ("123m456p789s234s5z+5z open-riichi sashikomi", "wrc2025:sashikomi=on", "sashikomi", 13),
]


def _run(hand: str, rules: str) -> object:
    preset, _, override = rules.partition(":")
    overrides = dict([override.split("=")]) if override else None
    return analyse(hand, rules=preset, overrides=overrides)


@pytest.mark.parametrize(("hand", "rules", "yaku_id", "han"), CASES)
def test_yaku_is_found_with_spec_han(hand: str, rules: str, yaku_id: str, han: int) -> None:
    result = _run(hand, rules)
    assert result.status == "win", result.to_json()  # type: ignore[attr-defined]
    found = {(y.id, y.han) for y in result.yaku}  # type: ignore[attr-defined]
    assert (yaku_id, han) in found


def test_every_spec_yaku_id_is_covered_by_a_case() -> None:
    """SPEC §5 lists every id; each must have a case above."""
    covered = {c[2] for c in CASES}
    spec_ids = {d.id for d in (*YAKU, *YAKUMAN, *LOCAL_YAKUMAN)} | {"renhou"}
    assert spec_ids <= covered, spec_ids - covered
    assert set(NAMES) - {"nagashi_mangan"} == spec_ids  # nagashi: named, paid at a draw


@pytest.mark.parametrize(
    ("hand", "present", "absent"),
    [
        # ryanpeikou replaces iipeikou (SPEC §5 "ryanpeikou 3/-": the peikou family)
        ("112233m556677p5s+5s", "ryanpeikou", "iipeikou"),
        # junchan replaces chanta; chinitsu replaces honitsu
        ("123m789p999s123s1p+1p", "junchan", "chanta"),
        ("1123345567999m+1m", "chinitsu", "honitsu"),
        # double riichi replaces riichi
        ("123m456p789s234s5z+5z double-riichi", "double_riichi", "riichi"),
        # a ron on a shanpon opens that triplet: sanankou + toitoi, not suuankou
        # (RULES.md "Yakuman notes")
        ("111m222p333s44s55z+5z", "sanankou", "suuankou"),
        ("111m222p333s44s55z+5z", "toitoi", "suuankou"),
        # honroutou hands have no sequences, so no chanta (SPEC §5 exclusive)
        ("111m999p111s99s11z+1z", "honroutou", "chanta"),
    ],
)
def test_yaku_exclusions(hand: str, present: str, absent: str) -> None:
    ids = {y.id for y in analyse(hand).yaku or ()}
    assert present in ids
    assert absent not in ids


def test_double_wind_gives_seat_and_round_wind() -> None:
    """SPEC §5: seat_wind and round_wind 1 han each; a double wind gives both."""
    result = analyse("123m456p789s1p111z+1p seat=E round=E")
    ids = [(y.id, y.han) for y in result.yaku or ()]
    assert ("seat_wind", 1) in ids and ("round_wind", 1) in ids


def test_open_tanyao_off_means_no_yaku() -> None:
    """SPEC §5: tanyao open 1 "(open: rule)"; with open_tanyao=off the hand has none."""
    result = analyse("234m456p66s78s+6s, 555p", overrides={"open_tanyao": "off"})
    assert result.status == "no_yaku"


def test_closed_only_yaku_do_not_count_open() -> None:
    """SPEC §5 "-" in the open column: iipeikou is closed only."""
    result = analyse("112233m789s5z+5z, 4-56p")
    assert result.status == "no_yaku"


def test_yakuman_drops_ordinary_yaku_and_dora() -> None:
    """RULES.md: yakuman hands ignore dora and ordinary yaku; the result's dora are the dora
    that counted (zeros), and its fu the reading's (issue 12: every win has the same keys)."""
    result = analyse("111m222p333s44s55z+5z tsumo riichi dora=1m")
    assert [y.id for y in result.yaku or ()] == ["suuankou"]
    assert result.han == 13 and result.dora == {"dora": 0, "aka": 0, "ura": 0, "kita": 0}
    # 20 base + 2 tsumo + 8 (111m) + 4 + 4 (222p, 333s closed) + 8 (555z closed) + 0 = 46 -> 50
    assert result.fu == 50


def test_renhou_none_is_not_a_yaku() -> None:
    """RULES.md presets: tenhou renhou none."""
    result = analyse("123m456p789s234s5z+5z renhou", rules="tenhou")
    assert result.status == "no_yaku"


def test_renhou_mangan_not_combined() -> None:
    """RULES.md presets, WRC: renhou is a mangan, not combined with other yaku or dora.
    Non-dealer ron mangan = 4 x 2000 = 8000."""
    result = analyse("123m456p789s234s5z+5z renhou dora=4z")
    assert [(y.id, y.han) for y in result.yaku or ()] == [("renhou", 5)]
    assert result.limit == "mangan" and result.points == 8000


def test_renhou_mangan_loses_to_a_bigger_hand() -> None:
    """WRC: renhou is a mangan and the hand is otherwise valued normally; a haneman
    (riichi-free chinitsu 6 han, 4 x 3000 = 12000) is worth more, so it is taken."""
    result = analyse("1123345567999m+1m renhou")
    assert result.points == 12000
    assert "renhou" not in {y.id for y in result.yaku or ()}


@pytest.mark.parametrize(("hand", "rules", "yaku_id", "han"), CASES)
def test_plan_key_bits_match_the_hand_facts(hand: str, rules: str, yaku_id: str, han: int) -> None:
    # A hand-level row is decided once per hand by a bit of the plan key (yaku.py
    # FACT_BITS); each bit must say what the named fact says.
    from agari.engine.features import FACT_BITS, READING_KEY_BITS, HandFacts
    from agari.notation import parse_hand

    facts = HandFacts(parse_hand(hand.split(" rules=")[0]))
    bits = facts.plan_base >> (READING_KEY_BITS + 1)
    assert facts.plan_base >> READING_KEY_BITS & 1 == facts.closed
    for name, bit in FACT_BITS.items():
        assert bool(bits & bit) == bool(getattr(facts, name)), name
    assert {d.fact for d in YAKU if d.fact is not None} == set(FACT_BITS)
