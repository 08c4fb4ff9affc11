"""Tests for agari.settle: limits, win/draw/chombo settlement, the points table.

Expected values come from the sources named next to each test:
- RULES.md = ../shared/RULES.md (sections "Limits and points", "At the end of a hand without a
  winner", "Presets", "Three-player");
- seed 001 = ../shared/seeds/001_616749d32dd1097a.txt (German scoring guide);
- seed 002 = ../shared/seeds/002_ad57056007f10c4c.txt (Vietnamese scoring article);
- seed 003 = ../shared/seeds/003_df98f4828744e616.txt (Dutch payment calculator);
- riichi.wiki "Sekinin barai" (https://riichi.wiki/Sekinin_barai) for liability;
- reachmahjong.com forum "Wareme Rule" (viewtopic.php?f=5&t=52571) for wareme;
- or worked arithmetic from the formula base = fu x 2^(2+han), payments rounded up to 100.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari.errors import SettleError
from agari.hand import Context
from agari.rules import PRESET_NAMES, Rules
from agari.settle import (
    FU_ROWS,
    base_points,
    impossible_reason,
    points_table,
    seat_from,
    settle_chombo,
    settle_draw,
    settle_win,
    source_of,
    yakuman_base,
)
from tests.conftest import examples

#: The four-player presets (tenhou-sanma and majsoul-sanma seat three players).
FOUR_PLAYER_PRESETS = [n for n in PRESET_NAMES if Rules.preset(n).players == 4]

TENHOU = Rules.preset("tenhou")  # kiriage off (RULES.md Presets)
WRC = Rules.preset("wrc2025")  # kiriage on, kazoe yakuman
EMA = Rules.preset("ema2016")  # kiriage off, kazoe sanbaiman
SANMA = Rules.preset("majsoul").with_overrides({"players": 3})


def ceil100(x: int) -> int:
    return (x + 99) // 100 * 100


def ctx(**kw: Any) -> Context:
    return Context(**kw)


def ron(base: int, rules: Rules, dealer: bool = False, **kw: Any) -> Any:
    seat = "E" if dealer else "S"
    return settle_win(base, ctx(seat_wind=seat, win_from="left", **kw), rules)


def tsumo(base: int, rules: Rules, dealer: bool = False, **kw: Any) -> Any:
    seat = "E" if dealer else "S"
    return settle_win(base, ctx(seat_wind=seat, tsumo=True, **kw), rules)


# ------------------------------------------------------------------ the formula, every cell

HAN_FU = [
    (han, fu)
    for han in range(1, 5)
    for fu in (20, 25, *range(30, 111, 10))
    if not (fu == 25 and han == 1)
]


@pytest.mark.parametrize(("han", "fu"), HAN_FU)
@pytest.mark.parametrize("rules", [TENHOU, WRC], ids=["no-kiriage", "kiriage"])
def test_every_cell_against_formula(han: int, fu: int, rules: Rules) -> None:
    # RULES.md "Limits and points": base = fu x 2^(2+han), mangan (2000) at base >= 2000;
    # with kiriage also 4 han 30 fu and 3 han 60 fu. Ron 4x (dealer 6x); non-dealer tsumo
    # dealer 2x others 1x; dealer tsumo 2x each; each payment rounded up to 100.
    raw = fu * 2 ** (2 + han)
    expected = 2000 if raw >= 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))) else raw
    base, limit = base_points(han, fu, rules)
    assert base == expected
    assert limit == ("mangan" if expected == 2000 else None)

    assert ron(base, rules).payment == {"ron": ceil100(4 * expected)}
    assert ron(base, rules, dealer=True).payment == {"ron": ceil100(6 * expected)}
    nd = tsumo(base, rules)
    assert nd.payment == {
        "tsumo_dealer": ceil100(2 * expected),
        "tsumo_non_dealer": ceil100(expected),
    }
    assert nd.points == ceil100(2 * expected) + 2 * ceil100(expected)
    d = tsumo(base, rules, dealer=True)
    assert d.payment == {"tsumo_each": ceil100(2 * expected)}
    assert d.points == 3 * ceil100(2 * expected)


# ------------------------------------------------------------------ seed tables


@pytest.mark.parametrize(
    ("han", "non_dealer", "dealer"),
    [(1, 1000, 1500), (2, 2000, 2900), (3, 3900, 5800), (4, 8000, 12000)],
)
def test_seed001_thirty_fu_row_with_kiriage(han: int, non_dealer: int, dealer: int) -> None:
    # seed 001 lines 18-22: the 30 fu table "Ron eines Nicht-Gebers 1,000 2,000 3,900 8,000 /
    # Ron des Gebers 1,500 2,900 5,800 12,000", 4 han by kiriage mangan (WRC 2025).
    base, _ = base_points(han, 30, WRC)
    assert ron(base, WRC).points == non_dealer
    assert ron(base, WRC, dealer=True).points == dealer


def test_seed001_four_han_thirty_fu_without_kiriage() -> None:
    # seed 001 line 22: "Bei 4 Han waere der Rohwert 7.700 (11.600 fuer den Geber)".
    base, limit = base_points(4, 30, TENHOU)
    assert (base, limit) == (1920, None)
    assert ron(base, TENHOU).points == 7700
    assert ron(base, TENHOU, dealer=True).points == 11600


@pytest.mark.parametrize(
    ("han", "limit", "non_dealer", "dealer"),
    [
        (5, "mangan", 8000, 12000),
        (6, "haneman", 12000, 18000),
        (7, "haneman", 12000, 18000),
        (8, "baiman", 16000, 24000),
        (10, "baiman", 16000, 24000),
        (11, "sanbaiman", 24000, 36000),
        (12, "sanbaiman", 24000, 36000),
        (13, "kazoe_yakuman", 32000, 48000),
    ],
)
def test_seed001_limit_table(han: int, limit: str, non_dealer: int, dealer: int) -> None:
    # seed 001 lines 9-15: Mangan 5 / 8,000 / 12,000; Haneman 6-7 / 12,000 / 18,000;
    # Baiman 8-10 / 16,000 / 24,000; Sanbaiman 11-12 / 24,000 / 36,000; Yakuman 13+ /
    # 32,000 / 48,000 (13+ counted as yakuman: the guide follows WRC 2025).
    base, name = base_points(han, 30, WRC)
    assert name == limit
    assert ron(base, WRC).points == non_dealer
    assert ron(base, WRC, dealer=True).points == dealer


def test_seed001_worked_example_and_honba() -> None:
    # seed 001 line 32: "3 Han 30 Fu -> 30 x 2^5 = 960 Grundpunkte -> x4 = 3.840 -> 3.900";
    # honba add 300 per repeat on ron, 100 from each player on tsumo; sticks go to the winner.
    assert base_points(3, 30, WRC) == (960, None)
    s = ron(960, WRC, honba=2, sticks=1)
    assert (s.points, s.total) == (3900, 3900 + 600 + 1000)
    t = tsumo(960, WRC, honba=2, sticks=1)
    assert t.points == 2000 + 1000 + 1000
    assert t.total == 4000 + 3 * 200 + 1000
    assert t.paid == {"E": 2200, "W": 1200, "N": 1200}


def test_rules_md_example_three_han_thirty_fu() -> None:
    # RULES.md "Limits and points": 3 han 30 fu -> base 960 -> non-dealer ron 3900, dealer 5800.
    assert ron(960, WRC).payment == {"ron": 3900}
    assert ron(960, WRC, dealer=True).payment == {"ron": 5800}


def test_seed003_one_han_thirty_fu() -> None:
    # seed 003 line 32: "1 han/30 fu heeft een basis van 240 punten ... 960, afgerond op 1.000".
    assert base_points(1, 30, TENHOU) == (240, None)
    assert ron(240, TENHOU).points == 1000


@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_seed003_kiriage_switch(han: int, fu: int) -> None:
    # seed 003 lines 21 and 32: both give a raw base of 1920; "Formulescore" keeps 1920 and pays
    # 7.700, "WRC 2025 kiriage mangan" makes it 2.000 and 8.000; "Hetzelfde verschil geldt bij
    # 3 han/60 fu".
    assert base_points(han, fu, TENHOU) == (1920, None)
    assert ron(1920, TENHOU).points == 7700
    assert base_points(han, fu, WRC) == (2000, "mangan")
    assert ron(2000, WRC).points == 8000
    # The switch, not the preset, decides (SPEC §6 kiriage).
    assert base_points(han, fu, WRC.with_overrides({"kiriage": "off"})) == (1920, None)


def test_seed003_non_dealer_haneman_tsumo() -> None:
    # seed 003 line 38: a non-dealer 6 han tsumo is haneman, base 3.000: the dealer pays 6.000,
    # each other non-dealer 3.000, the winner receives 12.000.
    base, limit = base_points(6, 30, WRC)
    assert (base, limit) == (3000, "haneman")
    s = tsumo(base, WRC)
    assert s.payment == {"tsumo_dealer": 6000, "tsumo_non_dealer": 3000}
    assert s.total == 12000
    assert s.deltas == {"E": -6000, "S": 12000, "W": -3000, "N": -3000}


def test_seed003_tsumo_rounded_per_payment() -> None:
    # seed 003 line 36: every transfer is rounded on its own. 1 han 40 fu: base 320 ->
    # dealer 640 -> 700, non-dealer 320 -> 400 (total 1500, not ceil100(1280) = 1300).
    s = tsumo(320, TENHOU)
    assert s.payment == {"tsumo_dealer": 700, "tsumo_non_dealer": 400}
    assert s.points == 1500


@pytest.mark.parametrize(("han", "fu"), [(3, 70), (4, 40), (3, 110), (4, 110)])
def test_seed002_mangan_by_fu(han: int, fu: int) -> None:
    # seed 002 line 9: 3 han 70+ fu / 4 han 40+ fu are mangan (also RULES.md limits table).
    assert base_points(han, fu, TENHOU) == (2000, "mangan")


def test_kazoe_per_preset() -> None:
    # RULES.md Presets row kazoe: yakuman for wrc2025/tenhou/majsoul, sanbaiman for
    # ema2016/mleague; RULES.md limits: sanbaiman 6000, yakuman 8000.
    for name in PRESET_NAMES:
        rules = Rules.preset(name)
        expected = (8000, "kazoe_yakuman") if rules.kazoe == "yakuman" else (6000, "sanbaiman")
        for han in (13, 14, 20):
            assert base_points(han, 40, rules) == expected
    assert Rules.preset("ema2016").kazoe == "sanbaiman"
    assert Rules.preset("wrc2025").kazoe == "yakuman"


def test_yakuman_base() -> None:
    # RULES.md limits: yakuman 8000, n x yakuman 8000 x n; SPEC §3 limit names.
    assert yakuman_base(1) == (8000, "yakuman")
    assert yakuman_base(2) == (16000, "2x_yakuman")
    assert yakuman_base(6) == (48000, "6x_yakuman")
    with pytest.raises(SettleError):
        yakuman_base(0)


def test_bad_input_raises() -> None:
    with pytest.raises(SettleError):
        base_points(0, 30, WRC)
    with pytest.raises(SettleError):
        base_points(2, 10, WRC)


# ------------------------------------------------------------------ seats


def test_seat_from_turn_order() -> None:
    # TEAM brief / SPEC §1 markers: left = kamicha (seat before in E->S->W->N),
    # right = shimocha (seat after), across = toimen.
    assert [seat_from("E", s, WRC) for s in ("left", "across", "right")] == ["N", "W", "S"]
    assert [seat_from("N", s, WRC) for s in ("left", "across", "right")] == ["W", "S", "E"]
    assert seat_from("S", None, WRC) is None
    # three-player: turn order E->S->W, nobody across (module docstring choice)
    assert seat_from("E", "left", SANMA) == "W"
    assert seat_from("W", "right", SANMA) == "E"
    assert seat_from("S", "across", SANMA) is None
    for winner, discarder in itertools.permutations("ESWN", 2):
        assert seat_from(winner, source_of(winner, discarder, WRC), WRC) == discarder


def test_ron_deltas_and_unknown_discarder() -> None:
    s = settle_win(960, ctx(seat_wind="W", win_from="across", honba=1, sticks=2), WRC)
    # discarder is E (across from W); 3900 + 300 honba; sticks 2000 from the table.
    assert s.deltas == {"E": -4200, "S": 0, "W": 6200, "N": 0}
    unknown = settle_win(960, ctx(seat_wind="W", honba=1, sticks=2), WRC)
    assert unknown.deltas is None
    assert (unknown.points, unknown.total) == (3900, 6200)


# ------------------------------------------------------------------ property tests

SEAT = st.sampled_from(["E", "S", "W", "N"])


@settings(max_examples=examples(200), deadline=None)
@given(
    han=st.integers(1, 15),
    fu=st.sampled_from(FU_ROWS),
    yakuman=st.integers(0, 3),
    winner=SEAT,
    by_tsumo=st.booleans(),
    source=st.sampled_from(["left", "across", "right"]),
    honba=st.integers(0, 6),
    sticks=st.integers(0, 4),
    pao=st.none() | SEAT,
    wareme=st.none() | SEAT,
    preset=st.sampled_from(PRESET_NAMES),
    three=st.booleans(),
    wareme_on=st.booleans(),
)
def test_deltas_sum_to_sticks_and_payments_are_hundreds(
    han: int,
    fu: int,
    yakuman: int,
    winner: str,
    by_tsumo: bool,
    source: str,
    honba: int,
    sticks: int,
    pao: str | None,
    wareme: str | None,
    preset: str,
    three: bool,
    wareme_on: bool,
) -> None:
    # Every settlement moves points between seats, plus the riichi sticks leaving the table
    # (issue 6 "Tests"); every payment is a multiple of 100 (RULES.md: rounded up to 100).
    rules = Rules.preset(preset).with_overrides({"wareme": wareme_on})
    three = three or rules.players == 3
    if three:
        rules = rules.with_overrides({"players": 3})
        if winner == "N":
            winner = "S"
        if source == "across":
            source = "left"
    if yakuman:
        base, _ = yakuman_base(yakuman)
        liable = 8000 if pao else 0
    else:
        base, _ = base_points(han, fu, rules)
        liable = 0
    context = Context(
        seat_wind=winner,  # type: ignore[arg-type]
        tsumo=by_tsumo,
        win_from=None if by_tsumo else source,  # type: ignore[arg-type]
        honba=honba,
        sticks=sticks,
        pao=pao,  # type: ignore[arg-type]
        wareme=wareme,  # type: ignore[arg-type]
    )
    s = settle_win(base, context, rules, liable)
    assert s.deltas is not None
    assert sum(s.deltas.values()) == 1000 * sticks
    assert set(s.deltas) == ({"E", "S", "W"} if three else {"E", "S", "W", "N"})
    assert s.deltas[winner] == s.total
    assert all(v % 100 == 0 for v in s.deltas.values())
    assert all(v % 100 == 0 for v in s.payment.values())
    assert s.points % 100 == 0
    assert s.total == s.points + s.honba_points + 1000 * sticks
    assert all(v <= 0 for seat, v in s.deltas.items() if seat != winner)


# ------------------------------------------------------------------ three-player


def test_three_player_tsumo_loss_and_honba() -> None:
    # RULES.md "Three-player": a tsumo is paid by the two other players only (no share for the
    # missing seat); honba 200 per counter on ron and 100 per payer on tsumo.
    s = tsumo(2000, SANMA, honba=1)  # non-dealer mangan tsumo
    assert s.payment == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}
    assert s.points == 6000  # 8000 in four-player; the 2000 share of North is lost
    assert s.deltas == {"E": -4100, "S": 6200, "W": -2100}
    d = tsumo(2000, SANMA, dealer=True, honba=2)
    assert d.deltas == {"E": 8400, "S": -4200, "W": -4200}
    r = ron(2000, SANMA, honba=2)  # S wins, left = E
    assert r.deltas == {"E": -8400, "S": 8400, "W": 0}
    assert r.total == 8000 + 400


# ------------------------------------------------------------------ liability (pao)


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
def test_pao_tsumo_liable_pays_all(preset: str) -> None:
    # RULES.md "Liability (pao)": the liable player pays the whole yakuman on tsumo (all presets
    # have pao for daisangen/daisuushii, RULES.md Presets row "pao on"); riichi.wiki Sekinin
    # barai: "including honba ... as if ron was called against the liable player".
    rules = Rules.preset(preset)
    s = settle_win(8000, ctx(seat_wind="S", tsumo=True, pao="W", honba=1, sticks=1), rules, 8000)
    assert s.deltas == {"E": 0, "S": 32000 + 300 + 1000, "W": -32300, "N": 0}
    assert s.payment == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}
    dealer = settle_win(8000, ctx(seat_wind="E", tsumo=True, pao="N", honba=2), rules, 8000)
    assert dealer.deltas == {"E": 48600, "S": 0, "W": 0, "N": -48600}


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
def test_pao_ron_split_half(preset: str) -> None:
    # RULES.md "Liability (pao)": half on a ron by someone else, the discarder pays the other
    # half; honba by the liable player (riichi.wiki Sekinin barai: "the liable player pays the
    # full value of any honba").
    rules = Rules.preset(preset)
    # S wins by ron from E (left); W is liable.
    s = settle_win(8000, ctx(seat_wind="S", win_from="left", pao="W", honba=1), rules, 8000)
    assert s.deltas == {"E": -16000, "S": 32300, "W": -16300, "N": 0}
    assert s.payment == {"ron": 32000}
    # dealer winner: 48000 split 24000/24000
    d = settle_win(8000, ctx(seat_wind="E", win_from="right", pao="N"), rules, 8000)
    assert d.deltas == {"E": 48000, "S": -24000, "W": 0, "N": -24000}


def test_pao_discarder_is_liable_pays_all() -> None:
    # Brief: if the pao seat is the discarder, they pay all (it is an ordinary ron).
    s = settle_win(8000, ctx(seat_wind="S", win_from="right", pao="W", honba=1), WRC, 8000)
    assert s.deltas == {"E": 0, "S": 32300, "W": -32300, "N": 0}


def test_pao_double_yakuman_split_riichi_wiki_example() -> None:
    # riichi.wiki Sekinin barai, "Example of Tsumo", 1 honba, W liable for S's daisangen,
    # S wins daisangen + tsuuiisou by tsumo, pao on certain yakuman only:
    # East 16000, West 32300 + 8000, North 8000.
    s = settle_win(16000, ctx(seat_wind="S", tsumo=True, pao="W", honba=1), WRC, 8000)
    assert s.deltas == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}
    # the same hand by ron from E: tsuuiisou 32000 by E, daisangen 32000 split 16000/16000,
    # honba by the liable W.
    r = settle_win(16000, ctx(seat_wind="S", win_from="left", pao="W", honba=1), WRC, 8000)
    assert r.deltas == {"E": -48000, "S": 64300, "W": -16300, "N": 0}


def test_pao_three_player_tsumo_as_if_ron() -> None:
    # Choice (module docstring): the liable seat pays "as if ron was called against" it
    # (riichi.wiki), so 32000 for a non-dealer yakuman also in three-player.
    s = settle_win(8000, ctx(seat_wind="S", tsumo=True, pao="W"), SANMA, 8000)
    assert s.deltas == {"E": 0, "S": 32000, "W": -32000}


def test_pao_ignored_for_winner_or_absent_seat() -> None:
    s = settle_win(8000, ctx(seat_wind="S", tsumo=True, pao="S"), WRC, 8000)
    assert s.deltas == {"E": -16000, "S": 32000, "W": -8000, "N": -8000}
    assert any("ignored" in n for n in s.notes)


# ------------------------------------------------------------------ wareme

WAREME = WRC.with_overrides({"wareme": "on"})


@pytest.mark.parametrize(
    ("winner", "how", "wareme", "multiple"),
    [
        # reachmahjong.com forum "Wareme Rule" (zzo38), multiples of the base:
        ("S", "tsumo", "W", 5),  # self-drawn, not east or wareme, east not wareme = 5x
        ("S", "left", "W", 4),  # discard from not wareme, not east = 4x
        ("S", "left", "E", 8),  # discard from wareme, not east = 8x
        ("E", "left", "S", 6),  # discard from not wareme, east = 6x
        ("E", "left", "N", 12),  # discard from wareme, east = 12x (N is left of E)
        ("S", "tsumo", "E", 6),  # self-drawn, east is wareme = 6x
        ("E", "tsumo", "E", 12),  # self-drawn, east and wareme = 12x
    ],
)
def test_wareme_multiples(winner: str, how: str, wareme: str, multiple: int) -> None:
    base = 2000  # a mangan: every share a multiple of 100, so multiples are exact
    context = Context(
        seat_wind=winner,  # type: ignore[arg-type]
        tsumo=how == "tsumo",
        win_from=None if how == "tsumo" else how,  # type: ignore[arg-type]
        wareme=wareme,  # type: ignore[arg-type]
    )
    s = settle_win(base, context, WAREME)
    assert s.points == multiple * base
    off = settle_win(base, context, WRC)  # rule off: the context seat changes nothing
    assert off.points == (6 if winner == "E" else 4) * base


def test_wareme_honba_and_sticks_not_doubled() -> None:
    # Choice (module docstring; forum: "not for the 1000 points bet for riichi"): honba and
    # sticks are not doubled.
    s = settle_win(2000, ctx(seat_wind="S", tsumo=True, wareme="E", honba=1, sticks=1), WAREME)
    assert s.deltas == {"E": -8100, "S": 13300, "W": -2100, "N": -2100}
    assert s.payment == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000, "wareme": 8000}
    w = settle_win(2000, ctx(seat_wind="S", win_from="left", wareme="S", honba=1), WAREME)
    assert w.payment == {"ron": 16000}
    assert w.deltas == {"E": -16300, "S": 16300, "W": 0, "N": 0}


# ------------------------------------------------------------------ draws


def _noten_expected(ready: set[str], seats: tuple[str, ...], pot: int) -> dict[str, int]:
    # RULES.md "At the end of a hand without a winner": pot split from the noten players to the
    # ready players; nobody or everybody ready: no payment.
    out = dict.fromkeys(seats, 0)
    if 0 < len(ready) < len(seats):
        for s in seats:
            out[s] = pot // len(ready) if s in ready else -pot // (len(seats) - len(ready))
    return out


@pytest.mark.parametrize(
    "ready", [set(c) for n in range(5) for c in itertools.combinations("ESWN", n)]
)
def test_draw_every_case_four_player(ready: set[str]) -> None:
    d = settle_draw(ready, None, honba=2, sticks=3, rules=WRC)
    assert d.deltas == _noten_expected(ready, ("E", "S", "W", "N"), 3000)
    assert sum(d.deltas.values()) == 0  # sticks stay on the table
    assert d.sticks == 3
    assert d.next_honba == 3
    assert d.dealer_keeps == ("E" in ready)
    assert d.kind == ("noten" if 0 < len(ready) < 4 else "none")


def test_draw_named_amounts() -> None:
    # RULES.md: one waiting: each other pays 1000; two: each noten pays 1500; three: the noten
    # pays 1000 to each.
    assert settle_draw({"W"}, None, 0, 0, WRC).deltas == {
        "E": -1000,
        "S": -1000,
        "W": 3000,
        "N": -1000,
    }
    assert settle_draw({"E", "N"}, None, 0, 0, WRC).deltas == {
        "E": 1500,
        "S": -1500,
        "W": -1500,
        "N": 1500,
    }
    assert settle_draw({"E", "S", "W"}, None, 0, 0, WRC).deltas == {
        "E": 1000,
        "S": 1000,
        "W": 1000,
        "N": -3000,
    }


@pytest.mark.parametrize(
    "ready", [set(c) for n in range(4) for c in itertools.combinations("ESW", n)]
)
def test_draw_every_case_three_player(ready: set[str]) -> None:
    # RULES.md "Three-player": noten payments 2000 in all (Mahjong Soul).
    d = settle_draw(ready, None, 0, 0, SANMA)
    assert d.deltas == _noten_expected(ready, ("E", "S", "W"), 2000)


def test_draw_three_player_rejects_north() -> None:
    with pytest.raises(SettleError, match="three-player"):
        settle_draw({"N"}, None, 0, 0, SANMA)


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
def test_nagashi_per_preset(preset: str) -> None:
    # RULES.md "Nagashi mangan (where nagashi=on): paid as a mangan tsumo, replacing noten
    # payments"; Presets row nagashi: on for tenhou and majsoul.
    rules = Rules.preset(preset)
    if not rules.nagashi:
        with pytest.raises(SettleError, match="nagashi"):
            settle_draw({"E"}, "S", 0, 0, rules)
        return
    d = settle_draw({"E"}, "S", 1, 2, rules)
    assert d.kind == "nagashi"
    assert d.deltas == {"E": -4000, "S": 8000, "W": -2000, "N": -2000}
    assert (d.sticks, d.next_honba) == (2, 2)
    dealer = settle_draw(set(), "E", 0, 0, rules)
    assert dealer.deltas == {"E": 12000, "S": -4000, "W": -4000, "N": -4000}


def test_nagashi_three_player_tsumo_loss() -> None:
    d = settle_draw(set(), "S", 0, 0, SANMA)
    assert d.deltas == {"E": -4000, "S": 6000, "W": -2000}


# ------------------------------------------------------------------ chombo


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
@pytest.mark.parametrize("seat", ["E", "S", "W", "N"])
def test_chombo_per_preset(preset: str, seat: str) -> None:
    # RULES.md "Chombo" and Presets row chombo: reverse mangan (non-dealer pays 4000 to the
    # dealer and 2000 to each other; dealer pays 4000 to each) for tenhou/majsoul (and
    # riichicity, which takes majsoul's); 20000 at the end for wrc2025/ema2016/mleague.
    rules = Rules.preset(preset)
    c = settle_chombo(seat, rules)
    if preset in ("tenhou", "majsoul", "riichicity"):
        assert c.rule == "mangan"
        assert c.penalty == 0
        if seat == "E":
            expected = {"E": -12000, "S": 4000, "W": 4000, "N": 4000}
        else:
            expected = {s: (4000 if s == "E" else 2000) for s in "ESWN"}
            expected[seat] = -8000
        assert c.deltas == expected
    else:
        assert c.rule == "20000"
        assert c.penalty == 20000
        assert c.deltas == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_chombo_three_player() -> None:
    rules = Rules.preset("tenhou").with_overrides({"players": 3})
    assert settle_chombo("S", rules).deltas == {"E": 4000, "S": -6000, "W": 2000}
    assert settle_chombo("E", rules).deltas == {"E": -8000, "S": 4000, "W": 4000}
    with pytest.raises(SettleError):
        settle_chombo("N", rules)


# ------------------------------------------------------------------ table


@pytest.mark.parametrize(("dealer", "tsumo_"), list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rules", [TENHOU, WRC], ids=["no-kiriage", "kiriage"])
def test_points_table_cells(dealer: bool, tsumo_: bool, rules: Rules) -> None:
    table = points_table(dealer, tsumo_, rules)
    assert [fu for fu, _ in table.rows] == [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]
    for fu, cells in table.rows:
        for han, cell in enumerate(cells, start=1):
            if impossible_reason(han, fu, tsumo_, rules):
                assert cell is None
                continue
            raw = fu * 2 ** (2 + han)
            kiri = rules.kiriage and (han, fu) in ((4, 30), (3, 60))
            b = 2000 if raw >= 2000 or kiri else raw
            if not tsumo_:
                assert cell == str(ceil100((6 if dealer else 4) * b))
            elif dealer:
                assert cell == f"{ceil100(2 * b)} all"
            else:
                assert cell == f"{ceil100(b)}/{ceil100(2 * b)}"
    # limits rows, seed 001 lines 9-15 (ron) and seed 003 line 38 (haneman tsumo 3000/6000)
    limits = {name: cell for name, _, cell in table.limits}
    if not tsumo_ and not dealer:
        assert limits == {
            "mangan": "8000",
            "haneman": "12000",
            "baiman": "16000",
            "sanbaiman": "24000",
            "yakuman": "32000",
        }
    if tsumo_ and not dealer:
        assert limits["haneman"] == "3000/6000"


def test_points_table_invalid_cells() -> None:
    # 20 fu only for pinfu tsumo (RULES.md Fu: pinfu ron 30 fu, open 20 fu ron scored 30) and
    # at least 2 han (pinfu + menzen tsumo); 25 fu is seven pairs, 2 han (3 by tsumo).
    ron_rows = dict(points_table(False, False, TENHOU).rows)
    assert ron_rows[20] == (None, None, None, None)
    assert ron_rows[25][0] is None and ron_rows[25][1] == "1600"
    tsumo_rows = dict(points_table(False, True, TENHOU).rows)
    assert tsumo_rows[20][0] is None and tsumo_rows[20][1] == "400/700"
    assert tsumo_rows[25][:2] == (None, None)
    assert ron_rows[30][3] == "7700"
    assert dict(points_table(False, False, WRC).rows)[30][3] == "8000"


def test_impossible_reasons() -> None:
    assert impossible_reason(3, 35, False, WRC) is not None
    # fu_rounding=fives rounds the units digit 4 down, 6 up (RULES.md "Fu"); fu before
    # rounding are even (every RULES.md fu item is), so no hand but seven pairs ends in 5,
    # and a tsumo of 22 or 24 fu rounds down to 20 -- at 1 han too.
    fives = WRC.with_overrides({"fu_rounding": "fives"})
    assert impossible_reason(3, 35, False, fives) is not None
    assert impossible_reason(1, 20, True, fives) is None
    assert impossible_reason(1, 20, False, fives) is not None  # an open ron is 30 fu at least
    # pinfu_tsumo=off: 20 fu by tsumo is only ever pinfu tsumo (seed 000 "Counting Fu").
    assert impossible_reason(2, 20, True, WRC.with_overrides({"pinfu_tsumo": "off"}))
    assert impossible_reason(2, 25, False, WRC.with_overrides({"chiitoitsu": "50fu1han"}))
    assert impossible_reason(2, 140, False, WRC) is not None
    assert impossible_reason(2, 10, False, WRC) is not None
    assert impossible_reason(0, 30, False, WRC) is not None
    assert impossible_reason(2, 20, True, WRC) is None


# ------------------------------------------------------------------ fixtures/payments.toml


def _payment_cases() -> list[dict[str, Any]]:
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "fixtures" / "payments.toml"
    with path.open("rb") as fh:
        cases: list[dict[str, Any]] = tomllib.load(fh)["case"]
    return cases


@pytest.mark.parametrize("case", _payment_cases(), ids=lambda c: c["source"][:40])
def test_payment_fixture(case: dict[str, Any]) -> None:
    # fixtures/payments.toml: each case names its source (seed line, RULES.md section).
    rules = Rules.preset(case["rules"])
    if "yakuman" in case:
        base, limit = yakuman_base(case["yakuman"])
    else:
        base, limit = base_points(case["han"], case.get("fu", 0), rules)
    context = Context(
        seat_wind="E" if case.get("dealer") else "S",
        tsumo=case.get("tsumo", False),
        win_from=None if case.get("tsumo") else "left",
        honba=case.get("honba", 0),
        sticks=case.get("sticks", 0),
    )
    s = settle_win(base, context, rules)
    if "base" in case:
        assert base == case["base"]
    if "limit" in case:
        assert limit == case["limit"]
    assert s.payment == case["payment"]
    if "points" in case:
        assert s.points == case["points"]
    if "total" in case:
        assert s.total == case["total"]


def test_calculate_api() -> None:
    from agari.settle import calculate

    # seed 003 line 38: non-dealer haneman tsumo 3000/6000, 12000 in all.
    c = calculate(6, None, WRC, tsumo=True)
    assert (c.base, c.limit, c.settlement.total) == (3000, "haneman", 12000)
    # seed 003 line 32 / seed 001 line 22: 4 han 30 fu 7700 without kiriage, with a warning.
    c = calculate(4, 30, TENHOU)
    assert c.settlement.payment == {"ron": 7700}
    assert any("kiriage=off" in w for w in c.warnings)
    assert calculate(1, 1, WRC, yakuman=2).settlement.points == 64000
    with pytest.raises(SettleError, match="20 fu"):
        calculate(2, 20, WRC)
    with pytest.raises(SettleError, match="fu are needed"):
        calculate(3, None, WRC)


def test_points_table_fives() -> None:
    # RULES.md Fu: fu_rounding=fives rounds the units digit 4 down, 6 up. Fu before
    # rounding are even, so the rows are those of tens (20, 25 for seven pairs, 30, 40 ...);
    # a tsumo of 22 or 24 fu rounds down to 20 even at 1 han: base 20 x 2^3 = 160, 200
    # from each non-dealer and 400 from the dealer (RULES.md "Limits and points").
    rules = TENHOU.with_overrides({"fu_rounding": "fives"})
    assert list(dict(points_table(False, False, rules).rows)) == list(FU_ROWS)
    tsumo_rows = dict(points_table(False, True, rules).rows)
    assert tsumo_rows[20][0] == f"{ceil100(160)}/{ceil100(2 * 160)}"


def test_tenhou_liable_seat_pays_a_whole_compound_yakuman_won_by_tsumo() -> None:
    """Issue 15, from a real Tenhou game: daisangen + tsuuiisou by tsumo, the liable seat
    (for the daisangen) paid all 64,000 -- a non-dealer's double yakuman (base 16000) times
    4, as if it had dealt in; nobody else paid. The honba go to the liable seat too, at the
    ron rate (300 a counter). Under liable_part (riichi.wiki's reading) it pays only its
    yakuman at the ron rate (32000) and the others share the rest as a tsumo (riichi.wiki
    "Sekinin barai": W pays 32300 + 8000, E 16000, N 8000)."""
    context = ctx(seat_wind="S", tsumo=True, pao="W", honba=1)
    whole = settle_win(16000, context, TENHOU, liable_base=8000)
    assert whole.deltas == {"E": 0, "S": 64300, "W": -64300, "N": 0}
    assert whole.points == 64000
    split = settle_win(16000, context, WRC, liable_base=8000)
    assert split.deltas == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}
