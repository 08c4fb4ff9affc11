"""Best reading, limits, payments, stacking, kazoe, liability.

Expected values: RULES.md "Limits and points" (base = fu x 2^(2+han), limits table,
payments 4x/6x/2x/1x rounded up to 100, honba 300 / 100 per payer, sticks 1000),
"Presets" (kiriage, kazoe, stacking, double yakuman), and the arithmetic beside each case.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari.api import analyse
from agari.engine.decompose import SEQUENCE
from agari.engine.scoring import best, score_hand, score_readings
from agari.hand import Context, Hand, Meld, MeldKind
from agari.notation import parse_hand
from agari.rules import Rules
from agari.tiles import Tile
from tests.conftest import examples

PINFU = "234m456p789s23s55m+1s riichi"  # riichi + pinfu, 30 fu


@pytest.mark.parametrize(
    ("extra", "rules", "points", "limit"),
    [
        # RULES.md example: 3 han 30 fu -> base 960 -> non-dealer ron 3840 -> 3900
        ("dora=1m", "wrc2025", 3900, None),
        # ... dealer ron 5760 -> 5800
        ("dora=1m seat=E", "wrc2025", 5800, None),
        # 4 han 30 fu: 1920 x 4 = 7680 -> 7700 without kiriage (Tenhou), 8000 with (WRC)
        ("dora=1m4p", "tenhou", 7700, None),
        ("dora=1m4p", "wrc2025", 8000, "mangan"),
        # 5 han: mangan 2000 x 4
        ("dora=1m4p9s", "wrc2025", 8000, "mangan"),
        # 6-7 han haneman 3000 x 4; 8-10 baiman 4000 x 4; 11-12 sanbaiman 6000 x 4
        ("dora=4", "wrc2025", 12000, "haneman"),
        ("dora=5", "wrc2025", 12000, "haneman"),
        ("dora=6", "wrc2025", 16000, "baiman"),
        ("dora=8", "wrc2025", 16000, "baiman"),
        ("dora=9", "wrc2025", 24000, "sanbaiman"),
        ("dora=10", "wrc2025", 24000, "sanbaiman"),
        # 13+ han: counted yakuman (kazoe=yakuman) 8000 x 4, or sanbaiman (kazoe=sanbaiman)
        ("dora=11", "wrc2025", 32000, "kazoe_yakuman"),
        ("dora=11", "ema2016", 24000, "sanbaiman"),
    ],
)
def test_limits_on_a_pinfu_ron(extra: str, rules: str, points: int, limit: str | None) -> None:
    result = analyse(f"{PINFU} {extra}", rules=rules)
    assert result.status == "win"
    assert result.points == points
    assert result.limit == limit


def test_kazoe_yakuman_counts_as_one_yakuman() -> None:
    """SPEC §3 yakuman: "a counted 13+ han yakuman is 1"; han stays the counted han."""
    result = analyse(f"{PINFU} dora=11")
    assert result.yakuman == 1 and result.han == 13


def test_three_han_seventy_fu_is_mangan() -> None:
    """RULES.md: mangan for 3 han 70+ fu (70 x 32 = 2240 >= 2000). Closed terminal kan 32
    + tanki 2 + double-wind pair 2 + closed ron 10 + 20 = 66 -> 70; riichi + 2 dora
    (indicator 4z -> 1z pair). Dealer ron mangan = 6 x 2000 = 12000."""
    result = analyse("123p456s789s1z+1z, 1111m riichi seat=E dora=4z")
    assert (result.han, result.fu, result.limit, result.points) == (3, 70, "mangan", 12000)


def test_tsumo_payments() -> None:
    """RULES.md: non-dealer tsumo: dealer 2 x base, others 1 x base; dealer tsumo 2 x base
    each. Riichi + tsumo + pinfu 20 fu + dora 1: 4 han 20 fu: base 1280 ->
    2600 / 1300; as dealer 2600 all."""
    result = analyse(f"{PINFU} tsumo dora=1m")
    assert result.payment == {"tsumo_dealer": 2600, "tsumo_non_dealer": 1300}
    assert result.points == 5200
    result = analyse(f"{PINFU} tsumo dora=1m seat=E")
    assert result.payment == {"tsumo_each": 2600}
    assert result.points == 7800


def test_honba_and_sticks_on_ron_and_tsumo() -> None:
    """RULES.md: +300 per counter on ron, +100 per counter from each payer on tsumo;
    riichi sticks 1000 each to the winner. Ron 3900 + 2 x 300 + 1000 = 5500; tsumo
    (2600+1300+1300) + 3 x 100 + 2000 = 7500."""
    assert analyse(f"{PINFU} dora=1m honba=2 sticks=1").total == 5500
    assert analyse(f"{PINFU} tsumo dora=1m honba=1 sticks=2").total == 7500


def test_ryanpeikou_beats_seven_pairs() -> None:
    """RULES.md / seeds: 223344m556677p55s read as ryanpeikou (3 han) beats seven pairs
    (2 han). Ryanpeikou + tanyao 4 han 40 fu (tanki) = mangan 8000 vs seven pairs +
    tanyao 3 han 25 fu = 3200."""
    result = analyse("223344m556677p5s+5s")
    assert "ryanpeikou" in {y.id for y in result.yaku or ()}
    assert result.points == 8000


def test_ryanmen_pinfu_reading_chosen_over_tanki() -> None:
    """RULES.md "Fu": a winning tile that fits several groups gives several readings; take
    the best. 4m on 456m + 4m: 44m pair + 456m completed by 4m (ryanmen: pinfu) or 456m
    held + 44m completed (tanki). Riichi + pinfu 2 han 30 fu = 30 x 16 x 4 = 1920 -> 2000
    beats riichi 1 han, 20 + 10 + 2 = 32 -> 40 fu = 1280 -> 1300."""
    result = analyse("456m123p789p123s4m+4m riichi")
    assert result.wait == "ryanmen"
    assert result.points == 2000


def test_tanki_reading_chosen_when_its_2_fu_cross_a_ten() -> None:
    """RULES.md "Fu": the best reading, e.g. 2 wait fu "only when it scores more".
    4566m + 6m, closed tsumo, closed 111s: ryanmen 20 + 2 + 8 = 30 fu; tanki 32 -> 40 fu.
    menzen tsumo 1 han 40 fu: base 320 -> 700 / 400 (points 1500) beats 30 fu 500 / 300."""
    result = analyse("4566m123p789p111s+6m tsumo")
    assert result.wait == "tanki"
    assert result.fu == 40
    assert result.payment == {"tsumo_dealer": 700, "tsumo_non_dealer": 400}


@pytest.mark.parametrize(
    ("rules", "yakuman", "points"),
    [
        # stacking on, double off: daisangen + tsuuiisou + suuankou tanki (1) = 3
        ("wrc2025", 3, 96000),
        # stacking off: only the highest yakuman counts: 1
        ("ema2016", 1, 32000),
        # majsoul: stacking on and suuankou tanki double: 1 + 1 + 2 = 4
        ("majsoul", 4, 128000),
    ],
)
def test_yakuman_stacking_and_doubles(rules: str, yakuman: int, points: int) -> None:
    """RULES.md presets yakuman_stacking / double_yakuman; 8000 x n x 4 on a ron."""
    result = analyse("555z666z777z111z2z+2z", rules=rules)
    assert result.yakuman == yakuman
    assert result.han == 13 * yakuman
    assert result.points == points


def test_pao_on_tsumo_pays_all() -> None:
    """RULES.md "Liability": the player who fed the third dragon pon pays the whole
    yakuman on tsumo: 4 x 8000 = 32000 from W, nothing from the others."""
    result = analyse("123m4p+4p, 555=z, 666=z, 777+z tsumo pao=W")
    assert result.deltas == {"E": 0, "S": 32000, "W": -32000, "N": 0}


def test_pao_on_ron_by_another_splits() -> None:
    """RULES.md "Liability": half on a ron by someone else (the discarder pays the other
    half): 32000 -> 16000 each from N (across of S) and W."""
    result = analyse("123m4p+4p=, 555=z, 666=z, 777+z pao=W")
    assert result.deltas == {"E": 0, "S": 32000, "W": -16000, "N": -16000}


def test_no_yaku_lists_the_complete_readings() -> None:
    """RULES.md: a complete hand needs at least one yaku; dora alone are not a yaku."""
    result = analyse("123m456p789s234s5z+5z dora=4z")
    assert result.status == "no_yaku"
    assert result.extra["complete_readings"][0]["wait"] == "tanki"
    assert any("no yaku" in w for w in result.warnings)


def test_aka_counts_only_under_aka() -> None:
    """RULES.md: red fives count as dora when aka is on (tenhou on, wrc2025 off)."""
    assert analyse("234m067p3457899s+6s riichi", rules="tenhou").dora["aka"] == 1  # type: ignore[index]
    assert analyse("234m067p3457899s+6s riichi", rules="wrc2025").dora["aka"] == 0  # type: ignore[index]


def test_ura_only_in_riichi() -> None:
    """RULES.md: ura dora count only for a hand in riichi."""
    assert analyse(f"{PINFU} ura=1m").dora["ura"] == 1  # type: ignore[index]
    # Issue 12: ura indicators without riichi are not dropped without a word.
    without = analyse("234m456p789s23s55m+1s tsumo ura=1m")
    assert without.status == "error" and without.error is not None
    assert without.error["code"] == "conflicting_context"
    assert without.error["column"] == len("234m456p789s23s55m+1s tsumo ") + 1


# --------------------------------------------------------------------------- hypothesis


@st.composite
def complete_hands(draw: Any) -> Hand:
    counts = [0] * 34
    closed: list[int] = []
    melds: list[Meld] = []
    n_melds = draw(st.integers(0, 2))
    for i in range(4):
        if draw(st.booleans()):
            first = 9 * draw(st.integers(0, 2)) + draw(st.integers(0, 6))
            kinds = [first, first + 1, first + 2]
            kind = SEQUENCE
        else:
            first = draw(st.integers(0, 33))
            kinds = [first] * 3
            kind = 1
        for k in kinds:
            counts[k] += 1
        tiles = tuple(Tile(k) for k in kinds)
        if i < n_melds:
            mk = MeldKind.CHI if kind == SEQUENCE else MeldKind.PON
            melds.append(Meld(mk, tiles, "left"))
        else:
            closed += kinds
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    closed += [pair, pair]
    if max(counts) > 4:
        from hypothesis import assume

        assume(False)
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    ctx = Context(
        tsumo=draw(st.booleans()),
        riichi=not melds and draw(st.booleans()),
        seat_wind=draw(st.sampled_from(["E", "S", "W", "N"])),
        dora_indicators=(Tile(draw(st.integers(0, 33))),),
        honba=draw(st.integers(0, 3)),
        sticks=draw(st.integers(0, 2)),
    )
    return Hand(tuple(Tile(k) for k in sorted(closed)), Tile(win), tuple(melds), ctx)


@settings(max_examples=examples(200), deadline=None)
@given(hand=complete_hands(), preset=st.sampled_from(["wrc2025", "tenhou", "majsoul"]))
def test_payment_properties_and_best_reading(hand: Hand, preset: str) -> None:
    """DESIGN.md properties: payments are multiples of 100 and tsumo payments add up to
    points; the chosen reading is never worth less than any other reading."""
    rules = Rules.preset(preset)
    result = score_hand(hand, rules)
    assert result is not None
    assert result.status in ("win", "no_yaku")
    _, scored = score_readings(hand, rules)
    if result.status == "no_yaku":
        assert scored == []
        return
    payment = result.payment or {}
    assert all(v % 100 == 0 for v in payment.values())
    if "tsumo_each" in payment:
        assert result.points == 3 * payment["tsumo_each"]
    elif "tsumo_dealer" in payment:
        assert result.points == payment["tsumo_dealer"] + 2 * payment["tsumo_non_dealer"]
    else:
        assert result.points == payment["ron"]
    assert result.total == (result.points or 0) + (
        hand.context.honba * 300 + hand.context.sticks * 1000
    )
    top = best(scored)
    assert all(top.key >= s.key for s in scored)
    assert result.base_points == max(s.base for s in scored)


def test_pao_suukantsu_follows_the_switch() -> None:
    """RULES.md presets "pao on": wrc2025 includes suukantsu, tenhou does not. On tsumo a
    liable seat pays the whole yakuman (4 x 8000); otherwise the ordinary non-dealer
    tsumo split 16000 / 8000 / 8000."""
    hand = "1m+1m, 2222+m, 3333+p, 4444+s, 6666+s tsumo pao=W"
    assert analyse(hand, rules="wrc2025").deltas == {"E": 0, "S": 32000, "W": -32000, "N": 0}
    assert analyse(hand, rules="tenhou").deltas == {
        "E": -16000,
        "S": 32000,
        "W": -8000,
        "N": -8000,
    }


def test_pao_for_a_double_daisuushii_covers_both_yakuman() -> None:
    """RULES.md: majsoul counts daisuushii double; the liable seat pays the whole
    (double) yakuman on tsumo: 4 x 16000 = 64000."""
    result = analyse("111z222z333z5m+5m, 444=z tsumo pao=W", rules="majsoul")
    assert result.deltas == {"E": 0, "S": 64000, "W": -64000, "N": 0}


def test_three_player_dora_and_kita() -> None:
    """RULES.md "Three-player": 1m indicates 9m; kita are one dora each. Riichi 1 +
    dora 3 (999m) + kita 1 = 5 han: mangan, non-dealer ron 4 x 2000 = 8000."""
    result = analyse("111m999m123p456p4z+4z riichi kita=1 dora=1m", overrides={"players": "3"})
    assert result.dora == {"dora": 3, "aka": 0, "ura": 0, "kita": 1}
    assert result.han == 5 and result.points == 8000


def test_kita_is_also_a_dora_when_north_is_dora() -> None:
    """Kita tiles are North tiles: with a West indicator (North is dora) the 44z pair
    gives 2 dora and the kita tile 1 more, plus 1 kita dora."""
    result = analyse("111m999m123p456p4z+4z riichi kita=1 dora=3z", overrides={"players": "3"})
    assert result.dora == {"dora": 3, "aka": 0, "ura": 0, "kita": 1}


def _fu_total_and_items(hand: Hand, rules: Rules) -> list[tuple[int, int]]:
    """For every reading of ``hand``: (fu_total, sum of fu_items)."""
    from agari.engine.decompose import hand_readings
    from agari.engine.features import Features, HandFacts
    from agari.engine.fu import fu_items, fu_total

    facts = HandFacts(hand)
    pairs = []
    for reading in hand_readings(hand):
        f = Features(reading, facts)
        pairs.append((fu_total(f, rules), sum(item.fu for item in fu_items(f, rules))))
    return pairs


@settings(max_examples=examples(300), deadline=None)
@given(
    hand=complete_hands(),
    preset=st.sampled_from(["wrc2025", "tenhou", "ema2016"]),
    rinshan_fu=st.booleans(),
    pinfu_tsumo=st.booleans(),
    fives=st.booleans(),
)
def test_fu_total_is_the_sum_of_the_fu_items(
    hand: Hand, preset: str, rinshan_fu: bool, pinfu_tsumo: bool, fives: bool
) -> None:
    # The engine counts every reading's fu without its items (scoring.py) and makes the
    # items only for the breakdown shown: the two must agree.
    rules = Rules.preset(preset).with_overrides(
        {
            "rinshan_fu": rinshan_fu,
            "pinfu_tsumo": pinfu_tsumo,
            "fu_rounding": "fives" if fives else "tens",
        }
    )
    for total, items in _fu_total_and_items(hand, rules):
        assert total == items


@pytest.mark.parametrize(
    "text",
    [
        "1231m+1m, 2222+p, 3333+s, 4444+s tsumo rinshan",  # open kans, rinshan
        "123m456p1p+1p, 7777s, 555=z tsumo rinshan",  # closed kan
        "234m55p23s+4s, 6-78s, 3-45p",  # open ron without fu: 30
        "123m456p789s23s11z+1s seat=E round=E",  # double-wind pair
        "1133m5577p2299s1z+1z",  # seven pairs
        "19m19p19s1234567z+1m",  # thirteen orphans
        "111222333m555p5z+5z tsumo",  # several readings
    ],
)
@pytest.mark.parametrize("preset", ["wrc2025", "tenhou", "ema2016"])
def test_fu_total_agrees_with_items_on_worked_shapes(text: str, preset: str) -> None:
    rules = Rules.preset(preset)
    for overrides in (
        {},
        {"rinshan_fu": False},
        {"chiitoitsu": "50fu1han"},
        {"pinfu_tsumo": False},
        {"fu_rounding": "fives"},
    ):
        pairs = _fu_total_and_items(parse_hand(text), rules.with_overrides(overrides))
        assert pairs
        for total, items in pairs:
            assert total == items


@pytest.mark.parametrize(
    ("hand", "rules", "overrides", "note"),
    [
        # RULES.md presets: aka off in wrc2025, on in tenhou.
        ("234m067p3457899s+6s tsumo", "wrc2025", {}, "red five 0p not counted as dora"),
        # RULES.md "Fu": a double-wind pair is 2 or 4 fu per double_wind_fu.
        ("123m456p789s23s11z+1s seat=E riichi", "wrc2025", {}, "(double_wind_fu=2)"),
        ("123m456p789s23s11z+1s seat=E riichi", "tenhou", {}, "(double_wind_fu=4)"),
        (
            "123m456p1p+1p, 7777s, 555=z tsumo rinshan",
            "wrc2025",
            {"rinshan_fu": "off"},
            "rinshan_fu=off",
        ),
        ("1133m5577p2299s1z+1z", "wrc2025", {"chiitoitsu": "50fu1han"}, "chiitoitsu=50fu1han"),
        ("234m456p789s23s55m+1s tsumo", "wrc2025", {"pinfu_tsumo": "off"}, "pinfu_tsumo=off"),
        # 20 + 10 + 2 (kanchan) = 32 -> 30 under fives.
        (
            "123m456p789s13s55m+2s riichi",
            "wrc2025",
            {"fu_rounding": "fives"},
            "32 fu rounded down to 30",
        ),
        ("234m55p23s+4s, 6-78s, 3-45p", "wrc2025", {"open_tanyao": "off"}, "open_tanyao=off"),
    ],
)
def test_switches_that_shaped_the_value_are_named_in_warnings(
    hand: str, rules: str, overrides: dict[str, str], note: str
) -> None:
    # SPEC §3 warnings: "switches that changed the outcome".
    result = analyse(hand, rules=rules, overrides=overrides or None)
    assert any(note in w for w in result.warnings), result.warnings


def test_no_switch_note_where_the_switch_did_nothing() -> None:
    result = analyse("234m067p3457899s+6s tsumo", rules="tenhou")  # aka on: the red five counts
    assert result.dora is not None and result.dora["aka"] == 1
    assert result.warnings == ()
