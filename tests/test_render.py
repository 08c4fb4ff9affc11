"""Human output (src/agari/render.py): errors with a caret, payments as players say them,
names for every SPEC §5 yaku id, deterministic text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agari.engine.yaku import NAMES
from agari.notation.text import parse_hand
from agari.render.text import render, yaku_name
from agari.result import FuItem, Result, YakuHan
from agari.settle import format_payment

SPEC = Path(__file__).resolve().parents[2] / "shared" / "SPEC.md"

SPEC_YAKU_IDS = {
    # SPEC §5 table and yakuman list, copied from the spec text
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou",
    "haku", "hatsu", "chun", "seat_wind", "round_wind", "chankan", "rinshan", "haitei",
    "houtei", "chiitoitsu", "sanshoku", "ittsu", "chanta", "sanshoku_doukou", "sankantsu",
    "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "honitsu", "junchan",
    "chinitsu", "renhou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen",
    "tsuuiisou", "ryuuiisou", "chinroutou", "shousuushii", "daisuushii", "chuuren",
    "junsei_chuuren", "suukantsu", "tenhou", "chiihou",
}  # fmt: skip


def test_every_spec_yaku_id_has_a_romaji_and_english_name() -> None:
    """SPEC §5: every yaku id gets a name (romaji and English)."""
    assert set(NAMES) >= SPEC_YAKU_IDS
    if SPEC.exists():  # the shared spec beside the repository, when present
        text = SPEC.read_text(encoding="utf-8").split("## 5.")[1].split("## 6.")[0]
        assert set(re.findall(r"`([a-z_0-9]+)`", text)) - {"han"} <= set(NAMES)
    for yaku_id in SPEC_YAKU_IDS:
        romaji, english = NAMES[yaku_id]
        assert romaji and english
        assert yaku_name(yaku_id) == f"{romaji} ({english})"


def test_payments_the_way_players_say_them() -> None:
    """Brief: `8000`, `2000/4000` (non-dealer/dealer), `4000 all` (RULES.md payments)."""
    assert format_payment({"ron": 8000}) == "8000"
    assert format_payment({"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}) == "2000/4000"
    assert format_payment({"tsumo_each": 4000}) == "4000 all"


def test_error_shows_input_and_caret_under_the_column() -> None:
    result = Result(
        input="123m456p789s1155z+5z tsumo,",
        status="error",
        error={"code": "syntax", "message": "column 27: unexpected ','", "column": 27},
    )
    lines = render(result).splitlines()
    assert lines[0] == "error (syntax): column 27: unexpected ','"
    assert lines[1] == "  123m456p789s1155z+5z tsumo,"
    assert lines[2].index("^") == 2 + 26


def test_parsed_hand_spells_out_every_default() -> None:
    """Brief: "what it is (tile count, winning tile, melds, context with every default
    spelled out)" — SPEC §1 defaults: ron, round=E seat=S, counters 0."""
    hand = parse_hand("123m456p789s1155z+5z")
    text = render(Result(input=str(hand), status="parsed", hand=str(hand)), hand)
    assert "tiles     14" in text
    assert "5z (white)" in text and "ron (default" in text
    assert "S (South, default)" in text and "E (East, default)" in text
    assert "honba 0, riichi sticks 0, kita 0" in text
    assert "melds     none" in text


def test_scored_result_lines() -> None:
    """A scored result prints yaku with han, the fu lines, value, payment, total.
    (Values: RULES.md example 3 han 30 fu -> base 960 -> non-dealer ron 3900.)"""
    result = Result(
        input="x",
        status="win",
        hand="x",
        han=3,
        fu=30,
        yakuman=0,
        yaku=(YakuHan("riichi", 1), YakuHan("pinfu", 1), YakuHan("tanyao", 1)),
        fu_breakdown=(FuItem("base", 20), FuItem("closed ron", 10)),
        base_points=960,
        payment={"ron": 3900},
        points=3900,
        total=3900,
        dora={"dora": 0, "aka": 0, "ura": 0, "kita": 0},
    )
    text = render(result)
    assert "Riichi (ready hand declared)" in text and " 1 han" in text
    assert "3 han 30 fu" in text and "(base 960)" in text
    assert "payment   3900" in text and "total     3900" in text
    assert render(result) == text  # deterministic


def test_waits_and_discards_tables() -> None:
    tenpai = Result(
        input="x",
        status="tenpai",
        shanten=0,
        waits=({"tile": "1z", "unseen": 2, "ron": {"status": "no_yaku"}, "tsumo": None},),
    )
    text = render(tenpai)
    assert "shanten   0 (tenpai)" in text and "no yaku" in text
    discards = Result(
        input="x",
        status="not_winning",
        shanten=1,
        discards=({"tile": "1z", "shanten": 1, "ukeire_total": 6,
                   "ukeire": [{"tile": "6s", "unseen": 4}, {"tile": "9s", "unseen": 2}]},),
    )  # fmt: skip
    text = render(discards)
    assert "discard" in text and "6s\u00d74 9s\u00d72" in text


def test_a_win_says_who_deals_next() -> None:
    # Seed 001 (German): a winning dealer keeps the deal for another hand (the counter
    # goes up by one, RULES.md "honba"); after anyone else's win the deal moves on.
    from agari.api import analyse

    text = "123m456p789s1155z+5z seat=E honba=2"
    shown = render(analyse(text), parse_hand(text))
    assert "next hand the dealer (E) wins and keeps the deal; honba 3" in shown
    text = "123m456p789s1155z+5z honba=2"
    assert "the deal passes to the next seat; honba 0" in render(analyse(text), parse_hand(text))


def _next_in_three_player(ind: str) -> str:
    """RULES.md "Three-player" (written out here, not asked of agari): 2m-8m are not in
    the set, so 1m indicates 9m and 9m indicates 1m; other suits wrap 9 -> 1, winds
    E S W N E, dragons white green red white."""
    digit, suit = int(ind[0]), ind[1]
    if suit == "m":
        return {1: "9m", 9: "1m"}[digit]
    if suit in "ps":
        return f"{digit % 9 + 1}{suit}"
    if digit <= 4:
        return f"{digit % 4 + 1}z"
    return f"{(digit - 5 + 1) % 3 + 5}z"


THREE_PLAYER_HAND = "111m999m123p456s1z+1z riichi"
THREE_PLAYER_TILES = ["1m"] * 3 + ["9m"] * 3 + ["1p", "2p", "3p", "4s", "5s", "6s", "1z", "1z"]
THREE_PLAYER_INDICATORS = (
    ["1m", "9m"] + [f"{d}{s}" for s in "ps" for d in range(1, 10)] + [f"{d}z" for d in range(1, 8)]
)


@pytest.mark.parametrize("indicator", THREE_PLAYER_INDICATORS)
def test_three_player_indicators_text_and_json_agree(
    indicator: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12: the three-player text used to show `indicators 1m -> 2m` while the value
    counted 9m. Every indicator of the three-player set: the text names the tile of the
    rule, and the JSON counts exactly the copies of that tile in the hand."""
    import json

    from agari.cli import main

    text = f"{THREE_PLAYER_HAND} dora={indicator}"
    dora = _next_in_three_player(indicator)
    assert main(["--rule", "players=3", "--json", text]) in (0, 1)
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "win", record["error"]
    assert record["dora"]["dora"] == THREE_PLAYER_TILES.count(dora)
    assert main(["--rule", "players=3", text]) == 0
    shown = capsys.readouterr().out
    assert f"indicators {indicator} -> {dora}" in shown
    assert f"dora      dora {THREE_PLAYER_TILES.count(dora)}," in shown
