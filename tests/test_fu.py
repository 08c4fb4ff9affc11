"""Every fu item of RULES.md "Fu", each checked on a hand built to show it.

Expected values are the RULES.md fu table (base 20, closed ron 10, tsumo 2, triplets
2/4/4/8, kans 8/16/16/32, valued pairs 2, double wind per ``double_wind_fu``, wait 2)
and the arithmetic written next to each case; rounding per ``fu_rounding``.
"""

from __future__ import annotations

import pytest

from agari.api import analyse
from agari.engine.fu import round_fu


def _items(hand: str, rules: str = "wrc2025", **overrides: str) -> dict[str, int]:
    result = analyse(hand, rules=rules, overrides=overrides or None)
    assert result.status == "win", result.to_json()
    items = {f.item: f.fu for f in result.fu_breakdown or ()}
    assert sum(items.values()) <= (result.fu or 0) + 9 or result.fu == 25
    return items


def _fu(hand: str, rules: str = "wrc2025", **overrides: str) -> int | None:
    return analyse(hand, rules=rules, overrides=overrides or None).fu


@pytest.mark.parametrize(
    ("hand", "fu", "why"),
    [
        # pinfu ron: 20 + 10 closed ron = 30 (RULES.md "Pinfu ... ron 30 fu")
        ("234m456p789s23s55m+1s", 30, "pinfu ron"),
        # pinfu tsumo: 20, no tsumo fu (RULES.md "tsumo 20 fu ... no tsumo fu")
        ("234m456p789s23s55m+1s tsumo", 20, "pinfu tsumo"),
        # open hand with no fu by ron: 20 -> 30 (RULES.md)
        ("234m456p66s78s+6s, 345p", 30, "open no-fu ron"),
        # open tsumo with no other fu: 20 + 2 = 22 -> 30
        ("234m456p66s78s+6s, 345p tsumo", 30, "open tsumo"),
        # closed triplet 2-8 (4) + tanki (2) + closed ron (10) + 20 = 36 -> 40
        ("222m456p789s345s1p+1p riichi", 40, "closed simple triplet"),
        # closed terminal triplet 8 + tanki 2 + 10 + 20 = 40
        ("111m456p789s345s1p+1p riichi", 40, "closed terminal triplet"),
        # open 222m 2 + open 777z 4 + tanki 2 + 20 = 28 -> 30
        ("456p345s1p+1p, 222=m, 777=z", 30, "open triplets"),
        # open kan 2-8 (8) + open 777z (4) + tanki 2 + 20 = 34 -> 40
        ("123m456p1p+1p, 5555+s, 777=z", 40, "open kan"),
        # added kan counts as open kan: same 34 -> 40
        ("123m456p1p+1p, 555=5s, 777=z", 40, "added kan"),
        # open terminal kan 16 + 4 + 2 + 20 = 42 -> 50
        ("123m456p1p+1p, 9999+s, 777=z", 50, "open terminal kan"),
        # closed kan 2-8 (16) + tanki 2 + closed ron 10 + 20 = 48 -> 50
        ("123m456p789s1p+1p, 5555s riichi", 50, "closed kan"),
        # closed terminal kan 32 + double-wind pair 2 (wrc2025) + tanki 2 + 10 + 20 = 66 -> 70
        ("123p456s789s1z+1z, 1111m riichi seat=E", 70, "closed terminal kan"),
        # kanchan 2 + 10 + 20 = 32 -> 40
        ("123m456p789s13s55m+2s riichi", 40, "kanchan"),
        # penchan 2 + 10 + 20 = 32 -> 40
        ("123m456p789s12s55m+3s riichi", 40, "penchan"),
        # seven pairs: 25, not rounded (RULES.md)
        ("1133m5577p2299s1z+1z", 25, "chiitoitsu"),
    ],
)
def test_fu_total(hand: str, fu: int, why: str) -> None:
    assert _fu(hand) == fu, why


def test_ron_on_shanpon_makes_the_triplet_open() -> None:
    """RULES.md: a triplet completed by the winning tile on ron counts as open.
    222s open 2 + pair 55z 2 + closed ron 10 + 20 = 34 -> 40."""
    items = _items("123m456p789s22s55z+2s riichi")
    assert items["open triplet 222s"] == 2
    assert _fu("123m456p789s22s55z+2s riichi") == 40


def test_tsumo_on_shanpon_keeps_the_triplet_closed() -> None:
    """RULES.md: on tsumo it stays closed. 222s closed 4 + 55z 2 + tsumo 2 + 20 = 28 -> 30."""
    items = _items("123m456p789s22s55z+2s riichi tsumo")
    assert items["closed triplet 222s"] == 4
    assert items["tsumo"] == 2
    assert _fu("123m456p789s22s55z+2s riichi tsumo") == 30


@pytest.mark.parametrize(
    ("seat", "round_", "fu"),
    [("S", "E", 2), ("E", "S", 2), ("S", "S", 0)],
    ids=["round wind", "seat wind", "no value"],
)
def test_wind_pair_fu(seat: str, round_: str, fu: int) -> None:
    """RULES.md: pair of the seat wind, of the round wind: 2 each; other winds 0."""
    items = _items(f"123m456p789s234s1z+1z riichi seat={seat} round={round_}")
    assert items.get("pair 11z", 0) == fu


@pytest.mark.parametrize(("rules", "fu"), [("wrc2025", 2), ("tenhou", 4), ("ema2016", 4)])
def test_double_wind_pair_fu_follows_the_switch(rules: str, fu: int) -> None:
    """RULES.md presets, double_wind_fu: wrc2025 2, tenhou 4, ema2016 4."""
    items = _items("123m456p789s234s1z+1z riichi seat=E round=E", rules)
    assert items["pair 11z"] == fu


def test_dragon_pair_fu() -> None:
    """RULES.md: pair of dragons 2."""
    assert _items("123m456p789s234s5z+5z riichi")["pair 55z"] == 2


def test_rinshan_fu_switch() -> None:
    """RULES.md rinshan_fu: on gives the 2 tsumo fu on the kan replacement tile, off not."""
    hand = "123m456p1p+1p, 7777s, 555=z tsumo rinshan"
    assert _items(hand, rinshan_fu="on")["tsumo"] == 2
    assert "tsumo" not in _items(hand, rinshan_fu="off")


def test_pinfu_tsumo_switch() -> None:
    """Seed 000 (English), "Counting Fu": "Add 2 fu if one wins by drawing the tile
    yourself unless Pinfu is treated as a possible winning hand". With pinfu by tsumo
    (every preset): pinfu + menzen tsumo, 20 fu. Without (``pinfu_tsumo=off``): menzen
    tsumo only, 20 + 2 = 22 -> 30 fu; a non-dealer's 1 han 30 fu tsumo is 30 x 2^3 = 240
    base, 500 from the dealer and 300 from each other player, 1,100 in all. A ron keeps
    pinfu either way (RULES.md "Fu": pinfu ron 30 fu)."""
    hand = "234m456p789s23s55m+1s"
    allowed = analyse(hand + " tsumo")
    assert ([y.id for y in allowed.yaku or ()], allowed.fu) == (["menzen_tsumo", "pinfu"], 20)
    barred = analyse(hand + " tsumo", overrides={"pinfu_tsumo": "off"})
    assert ([y.id for y in barred.yaku or ()], barred.fu, barred.points) == (
        ["menzen_tsumo"],
        30,
        1100,
    )
    assert _items(hand + " tsumo", pinfu_tsumo="off")["tsumo"] == 2
    ron = analyse(hand, overrides={"pinfu_tsumo": "off"})
    assert ([y.id for y in ron.yaku or ()], ron.fu) == (["pinfu"], 30)


def test_kansai_seven_pairs_50_fu() -> None:
    """Seeds (OnPedia): seven pairs 25 fu 2 han, or in Kansai 50 fu 1 han."""
    result = analyse("1133m5577p2299s1z+1z", overrides={"chiitoitsu": "50fu1han"})
    assert (result.fu, result.han) == (50, 1)


def test_fu_rounding_fives() -> None:
    """RULES.md "Fu": fives, "4 down, 6 up" (seed OnPedia "rounded by 4 or 6 rule").
    Kanchan closed ron 20 + 10 + 2 = 32 -> 30 (tens: 40). 1 han 30 fu: 30 x 8 = 240,
    x4 = 960 -> 1000."""
    result = analyse("123m456p789s13s55m+2s riichi", overrides={"fu_rounding": "fives"})
    assert result.fu == 30
    assert result.points == 1000


def test_fu_rounding_fives_keeps_an_open_ron_at_30_fu() -> None:
    """RULES.md "Fu": an open hand won by ron is 30 fu at least. Open tanyao, kanchan,
    ron: 20 + 2 = 22, which fives rounds down to 20, so the 30 fu minimum applies (as it
    does to 20 with no fu at all): 1 han 30 fu, 30 x 8 x 4 = 960 -> 1000. More fu may
    never score fewer points: the same hand without its 2 fu is 30 fu too."""
    for hand in ("678p24s66s+3s, 5-67m, 4-56p", "678p23s66s+4s, 5-67m, 4-56p"):
        result = analyse(hand, overrides={"fu_rounding": "fives"})
        assert (result.han, result.fu, result.points) == (1, 30, 1000), hand


@pytest.mark.parametrize(
    ("raw", "tens", "fives"),
    [
        (20, 20, 20),
        (22, 30, 20),
        (24, 30, 20),
        (26, 30, 30),
        (30, 30, 30),
        (32, 40, 30),
        (36, 40, 40),
        (25, 25, 25),
        (108, 110, 110),
    ],
)
def test_round_fu(raw: int, tens: int, fives: int) -> None:
    """RULES.md: round up to the next 10; fives: units 1-4 down, 6-9 up, 5 kept."""
    assert round_fu(raw, "tens") == tens
    assert round_fu(raw, "fives") == fives


def test_breakdown_sums_to_fu_before_rounding() -> None:
    """SPEC §3: fu_breakdown sums (before rounding) to the fu. 20+10+32+2+2 = 66 -> 70."""
    result = analyse("123p456s789s1z+1z, 1111m riichi seat=E")
    total = sum(f.fu for f in result.fu_breakdown or ())
    assert total == 66
    assert result.fu == round_fu(total, "tens") == 70
