"""The settlement's rules at their edges (issue 26: the game wing's tests kill at least 90 %
of the mutants of ``agari.settle``; ``benchmarks/mutation.py`` measures it): the limits at
12-13 and 24-26 han under each ``kazoe`` rule, no limits under ``aotenjou``, the seats, the
notes and reasons a settlement carries, wareme and liability, several rons, draws, nagashi,
chombo, and the points table and calculator behind ``agari points``.

Expected values come from the sources named beside them: RULES.md (../shared/RULES.md,
"Limits and points", "At the end of a hand without a winner", "Three-player", "Games"),
seed 001 (../shared/seeds/001_616749d32dd1097a.txt, the German guide's limit table), the
reachmahjong.com forum "Wareme Rule", riichi.wiki "Sekinin barai" and "Aotenjou",
mahjong 2.1.0 (``HandConstants.KAZOE_NO_LIMIT``: "13+ han as yakuman, 26+ as double
yakuman, and so on"; ``limit_to_sextuple_yakuman``), or the arithmetic written out from
RULES.md's base = fu x 2^(2+han), payments rounded up to 100. A note or a message is
checked whole where it is what a player reads (the score sheet, ``agari points``).
"""

from __future__ import annotations

import itertools
import pickle
from typing import Any

import pytest

from agari.errors import SettleError
from agari.hand import Context
from agari.rules import Rules
from agari.settle import (
    base_points,
    calculate,
    impossible_reason,
    points_table,
    rule_warnings,
    seat_from,
    settle_chombo,
    settle_draw,
    settle_rons,
    settle_win,
    source_of,
    value_words,
    yakuman_base,
)
from agari.settle.draws import noten_total
from agari.settle.limits import kazoe_count, kazoe_limit
from agari.settle.win import hand_points, honba_per_ron, honba_per_tsumo_payer
from agari.settlement import Settlement, Transfer

WRC = Rules.preset("wrc2025")  # kiriage on, kazoe yakuman, nagashi off, chombo 20000
TENHOU = Rules.preset("tenhou")  # kiriage off, nagashi on, chombo mangan
EMA = Rules.preset("ema2016")  # kazoe sanbaiman, multiple_ron all, honba to each
MLEAGUE = Rules.preset("mleague")  # kazoe sanbaiman
MULTIPLE = WRC.with_overrides({"kazoe": "multiple"})
SANMA = Rules.preset("tenhou-sanma")
AOTENJOU = WRC.with_overrides({"aotenjou": "on"})
WAREME = WRC.with_overrides({"wareme": "on"})


def _win(base: int, rules: Rules = WRC, liable: int = 0, **context: Any) -> Settlement:
    return settle_win(base, Context(**context), rules, liable)


# --------------------------------------------------------------------------- limits


@pytest.mark.parametrize(
    ("han", "wrc", "ema"),
    [
        # RULES.md "Limits and points": sanbaiman 11-12 han; 13+ han a counted yakuman
        # (kazoe=yakuman, wrc2025) or still sanbaiman (kazoe=sanbaiman, ema2016), however
        # many han more: 24 and 25 han are worth what 13 is.
        (12, (6000, "sanbaiman"), (6000, "sanbaiman")),
        (13, (8000, "kazoe_yakuman"), (6000, "sanbaiman")),
        (24, (8000, "kazoe_yakuman"), (6000, "sanbaiman")),
        (25, (8000, "kazoe_yakuman"), (6000, "sanbaiman")),
        (26, (8000, "kazoe_yakuman"), (6000, "sanbaiman")),
    ],
)
def test_kazoe_from_13_han_under_yakuman_and_sanbaiman(
    han: int, wrc: tuple[int, str], ema: tuple[int, str]
) -> None:
    assert base_points(han, 30, WRC) == wrc
    assert base_points(han, 30, EMA) == ema


@pytest.mark.parametrize(
    ("han", "expected"),
    [
        # mahjong 2.1.0 KAZOE_NO_LIMIT: 13+ han one yakuman, 26+ two, "and so on" (39+ three);
        # below 13 han the ordinary limits (RULES.md: sanbaiman 11-12 han, base 6000).
        (12, (6000, "sanbaiman")),
        (13, (8000, "kazoe_yakuman")),
        (24, (8000, "kazoe_yakuman")),
        (25, (8000, "kazoe_yakuman")),
        (26, (2 * 8000, "2x_yakuman")),
        (38, (2 * 8000, "2x_yakuman")),
        (39, (3 * 8000, "3x_yakuman")),
    ],
)
def test_kazoe_multiple_counts_a_yakuman_for_every_13_han(
    han: int, expected: tuple[int, str]
) -> None:
    assert base_points(han, 30, MULTIPLE) == expected


def test_kazoe_multiple_stops_at_the_yakuman_limit() -> None:
    # yakuman_limit (mahjong 2.1.0 limit_to_sextuple_yakuman: a cap on the yakuman a hand
    # can be worth): 39 han is 3 yakuman (39 // 13), capped at 2 -- base 2 x 8000.
    capped = MULTIPLE.with_overrides({"yakuman_limit": "2"})
    assert base_points(39, 30, capped) == (16000, "2x_yakuman")
    assert base_points(26, 30, capped) == (16000, "2x_yakuman")
    assert base_points(13, 30, capped) == (8000, "kazoe_yakuman")


@pytest.mark.parametrize(
    ("limit", "count"),
    [("kazoe_yakuman", 1), ("2x_yakuman", 2), ("3x_yakuman", 3), ("sanbaiman", 0), (None, 0)],
)
def test_kazoe_count_reads_the_number_of_yakuman_off_the_limit_name(
    limit: str | None, count: int
) -> None:
    # SPEC §3 limit names: kazoe_yakuman is one counted yakuman, "2x_yakuman" two ...
    assert kazoe_count(limit) == count
    if count:
        assert kazoe_limit(count) == limit


@pytest.mark.parametrize(
    ("han", "limit"),
    # RULES.md "Limits and points": mangan 5 han, haneman 6-7, baiman 8-10, sanbaiman 11-12.
    [(5, "mangan"), (6, "haneman"), (7, "haneman"), (8, "baiman"), (10, "baiman")],
)
def test_limit_classes_at_their_first_and_last_han(han: int, limit: str) -> None:
    base = {"mangan": 2000, "haneman": 3000, "baiman": 4000}[limit]
    assert base_points(han, 30, TENHOU) == (base, limit)


def test_a_base_of_exactly_2000_is_a_mangan() -> None:
    # RULES.md: mangan for "1-4 han with base >= 2000" -- 2 han 125 fu is 125 x 2^4 = 2000,
    # a mangan by the base alone (no kiriage needed: tenhou has none).
    assert base_points(2, 125, TENHOU) == (2000, "mangan")
    assert base_points(2, 120, TENHOU) == (120 * 16, None)  # 1920, below


def test_aotenjou_has_no_limits() -> None:
    # riichi.wiki Aotenjou: basic points = fu x 2^(2+han) without limits.
    assert base_points(2, 20, AOTENJOU) == (20 * 2**4, None)  # 320: 20 fu is a hand
    assert base_points(5, 30, AOTENJOU) == (30 * 2**7, None)  # 3840, not a mangan
    assert base_points(13, 40, AOTENJOU) == (40 * 2**15, None)  # 1310720
    assert base_points(4, 30, AOTENJOU) == (1920, None)  # kiriage=on does not apply
    with pytest.raises(SettleError, match=r"^a winning hand has at least 20 fu, not 10$"):
        base_points(5, 10, AOTENJOU)


def test_limits_refuse_what_no_hand_has_and_say_so() -> None:
    with pytest.raises(SettleError, match=r"^a winning hand has at least 1 han, not 0$"):
        base_points(0, 30, WRC)
    with pytest.raises(SettleError, match=r"^a winning hand has at least 20 fu, not 10$"):
        base_points(2, 10, WRC)
    message = r"^a yakuman hand is worth at least one yakuman, not 0$"
    with pytest.raises(SettleError, match=message):
        yakuman_base(0)


# --------------------------------------------------------------------------- seats


def test_seats_that_do_not_play_have_no_neighbours() -> None:
    # Three-player (RULES.md): North is absent, and nobody sits across.
    assert seat_from("N", "left", SANMA) is None
    assert seat_from("S", "across", SANMA) is None
    assert seat_from("S", "behind", WRC) is None  # not a marker
    assert (source_of("S", "N", WRC), source_of("S", "W", WRC)) == ("across", "right")


@pytest.mark.parametrize(
    ("winner", "discarder", "rules", "message"),
    [
        ("N", "E", SANMA, "winner N: seat N does not play in three-player mahjong"),
        ("S", "N", SANMA, "discarder N: seat N does not play in three-player mahjong"),
        ("S", "X", WRC, "discarder 'X' is not a seat; seats are E, S, W, N"),
        ("S", "S", WRC, "the winner (S) cannot also be the discarder"),
    ],
)
def test_a_discarder_must_be_another_seat_in_play(
    winner: str, discarder: str, rules: Rules, message: str
) -> None:
    with pytest.raises(SettleError) as error:
        source_of(winner, discarder, rules)
    assert str(error.value) == message


# --------------------------------------------------------------------------- wins


def test_honba_rates_in_four_and_three_player() -> None:
    # RULES.md: 300 a counter on a ron, 100 from each payer on a tsumo; "Three-player": 200
    # a counter on a ron, 100 per payer on a tsumo.
    assert (honba_per_ron(WRC), honba_per_tsumo_payer(WRC)) == (300, 100)
    assert (honba_per_ron(SANMA), honba_per_tsumo_payer(SANMA)) == (200, 100)
    assert type(honba_per_ron(SANMA)) is int  # points are whole


def test_a_win_is_a_settlement_of_its_hand_its_honba_and_the_sticks() -> None:
    # RULES.md: 3 han 30 fu, non-dealer ron 3900; 300 a counter; the sticks to the winner.
    s = _win(960, seat_wind="S", win_from="left", honba=1, sticks=2)
    assert s.kind == "win" and s.winner == "S"
    assert s.transfers == (
        Transfer("E", "S", 3900, "hand"),
        Transfer("E", "S", 300, "honba"),
        Transfer(None, "S", 2000, "sticks"),
    )


def test_a_liable_seat_without_a_liable_part_pays_as_anyone() -> None:
    # RULES.md "Liability (pao)" is for the yakuman it fed: with no liable part (a hand
    # that is not that yakuman, liable_base left out) the tsumo is shared the ordinary way,
    # 100 a counter each.
    s = settle_win(2000, Context(seat_wind="S", tsumo=True, pao="W", honba=1), WRC)
    assert s.deltas == {"E": -4100, "S": 8300, "W": -2100, "N": -2100}
    assert s.notes == ()


def test_a_base_of_0_pays_only_the_counters() -> None:
    # settle_win refuses negative bases only: nothing for the hand, 100 a counter each.
    assert _win(0, seat_wind="S", tsumo=True, honba=1).deltas == {
        "E": -100,
        "S": 300,
        "W": -100,
        "N": -100,
    }


def test_a_settlement_pickles_as_its_fields() -> None:
    # worker processes send results (README "Architecture": the one worker pool)
    s = _win(960, seat_wind="S", win_from="left", honba=1, sticks=2)
    assert pickle.loads(pickle.dumps(s)) == s


def test_a_winner_must_play() -> None:
    with pytest.raises(SettleError) as error:
        _win(2000, SANMA, seat_wind="N", tsumo=True)
    assert str(error.value) == "winner N: seat N does not play in three-player mahjong"


def test_a_negative_base_is_refused() -> None:
    with pytest.raises(SettleError, match=r"^base points cannot be negative$"):
        _win(-1, seat_wind="S", tsumo=True)
    with pytest.raises(SettleError, match=r"^base points cannot be negative$"):
        _win(8000, liable=-1, seat_wind="S", tsumo=True)


def test_a_three_player_tsumo_notes_the_tsumo_loss() -> None:
    # RULES.md "Three-player": a tsumo is paid by the two other players only.
    s = _win(2000, SANMA, seat_wind="S", tsumo=True)
    assert s.notes == ("three-player: tsumo loss (no share for the absent North seat)",)
    assert _win(2000, SANMA, seat_wind="S", win_from="left").notes == ()


def test_a_ron_from_an_unknown_discarder_says_so() -> None:
    s = _win(960, seat_wind="S")
    assert s.notes == ("discarder unknown: no per-seat settlement",)
    assert s.transfers == (Transfer("?", "S", 3900, "hand"),)  # 4 x 960 = 3840 -> 3900


def test_the_liable_seat_alone_pays_a_single_yakuman_won_by_tsumo() -> None:
    # riichi.wiki "Sekinin barai": the liable player pays the whole yakuman of a tsumo, as if
    # it had dealt in (4 x 8000); nobody else pays anything, not even a share of 0.
    s = _win(8000, liable=8000, seat_wind="S", tsumo=True, pao="W")
    assert s.transfers == (Transfer("W", "S", 32000, "pao"),)
    assert s.notes == ("liability: W pays the liable part as if it had dealt in, and the honba",)
    assert all(type(t.amount) is int for t in s.transfers)


def test_a_liable_seat_and_the_discarder_pay_half_each_in_whole_points() -> None:
    # riichi.wiki "Sekinin barai": on a ron by another seat the liable player and the
    # discarder pay half each: 32000 / 2 = 16000 (whole points, as every payment).
    s = _win(8000, liable=8000, seat_wind="S", win_from="left", pao="W")
    assert s.transfers == (Transfer("E", "S", 16000, "hand"), Transfer("W", "S", 16000, "pao"))
    assert all(type(t.amount) is int for t in s.transfers)
    assert s.notes == (
        "liability: W pays half of the liable part (16000) and the honba; "
        "the discarder pays the rest",
    )
    # the liable seat dealt in itself: an ordinary ron, no note
    alone = _win(8000, liable=8000, seat_wind="S", win_from="right", pao="W")
    assert alone.transfers == (Transfer("W", "S", 32000, "hand"),) and alone.notes == ()


def test_liability_for_one_yakuman_of_two_on_a_ron() -> None:
    # riichi.wiki "Sekinin barai", its example by ron: daisangen + tsuuiisou (base 16000)
    # from E, W liable for the daisangen: W pays half of that yakuman, 32000 / 2 = 16000;
    # E the other half and the whole tsuuiisou, 16000 + 32000.
    s = _win(16000, liable=8000, seat_wind="S", win_from="left", pao="W")
    assert s.transfers == (Transfer("E", "S", 48000, "hand"), Transfer("W", "S", 16000, "pao"))
    assert s.notes == (
        "liability: W pays half of the liable part (16000) and the honba; "
        "the discarder pays the rest",
    )


def test_liability_for_a_seat_that_cannot_be_liable_is_ignored_with_a_note() -> None:
    s = _win(8000, liable=8000, seat_wind="S", tsumo=True, pao="S")
    assert s.notes == ("liability ignored: seat S cannot be liable for this win",)
    north = _win(8000, SANMA, liable=8000, seat_wind="S", tsumo=True, pao="N")
    assert north.notes[0] == "liability ignored: seat N cannot be liable for this win"


# --------------------------------------------------------------------------- wareme


def test_wareme_seat_paying_double_on_a_tsumo() -> None:
    # RULES.md "Wareme": the wareme seat pays double; forum "Wareme Rule": a non-dealer
    # tsumo with the wareme seat a non-dealer payer is 5 x base (E 2, W 1 + 1, N 1).
    s = _win(2000, WAREME, seat_wind="S", tsumo=True, wareme="W")
    assert s.deltas == {"E": -4000, "S": 10000, "W": -4000, "N": -2000}
    assert s.payment == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000, "wareme": 4000}
    assert s.notes == ("wareme: W pays double (honba not)",)
    assert [t.reason for t in s.transfers if t.payer == "W"] == ["hand", "wareme"]


def test_wareme_winner_receives_double() -> None:
    # RULES.md "Wareme": the wareme seat receives double: a non-dealer mangan tsumo of the
    # wareme seat is 2 x (4000 + 2000 + 2000) = 16000 (forum: 8 x base); SPEC §3 payment
    # doubled.
    s = _win(2000, WAREME, seat_wind="S", tsumo=True, wareme="S")
    assert s.deltas == {"E": -8000, "S": 16000, "W": -4000, "N": -4000}
    assert s.payment == {"tsumo_dealer": 8000, "tsumo_non_dealer": 4000}
    assert s.notes == ("wareme: the winner S receives double (honba and sticks not)",)


def test_wareme_seat_not_in_the_payment_changes_nothing() -> None:
    # E deals in to S, N is the wareme seat: N pays nothing, so nothing is doubled.
    s = _win(2000, WAREME, seat_wind="S", win_from="left", wareme="N")
    assert s.deltas == {"E": -8000, "S": 8000, "W": 0, "N": 0}
    assert s.notes == ()


def test_a_wareme_seat_that_pays_nothing_pays_nothing_double() -> None:
    # Tenhou: the liable seat pays the whole yakuman of a tsumo (pao_tsumo=whole, a real
    # game: 4 x 8000 = 32000); N, the wareme seat, pays no share of it, so none double.
    rules = TENHOU.with_overrides({"wareme": "on"})
    s = _win(8000, rules, liable=8000, seat_wind="S", tsumo=True, pao="W", wareme="N")
    assert s.deltas == {"E": 0, "S": 32000, "W": -32000, "N": 0}
    assert s.payment == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}


def test_wareme_with_an_unknown_discarder_is_noted() -> None:
    s = _win(2000, WAREME, seat_wind="S", wareme="W")
    assert s.notes == (
        "discarder unknown: no per-seat settlement",
        "discarder unknown: a wareme discarder would pay double",
    )
    assert s.payment == {"ron": 8000}


# --------------------------------------------------------------------------- several rons


def _rons(rules: Rules, bases: dict[str, int], discarder: str, honba: int, sticks: int) -> Any:
    def one(seat: str, h: int, s: int) -> Settlement:
        source = source_of(seat, discarder, rules)
        return _win(bases[seat], rules, seat_wind=seat, win_from=source, honba=h, sticks=s)

    return settle_rons(discarder, list(bases), honba, sticks, rules, one)


def test_double_ron_notes_who_takes_the_counters() -> None:
    # RULES.md "Games": only the winner nearest the discarder takes the honba and the sticks
    # (tenhou); EMA pays the honba to each (multiple_ron_honba=each), the sticks to the
    # nearest. E discards; S sits next.
    bases = {"W": 640, "S": 960}
    nearest = _rons(TENHOU, bases, "E", 1, 1)
    assert nearest.discarder == "E" and nearest.settlement.kind == "win"
    assert nearest.settlement.notes == ("honba and sticks to S, the winner nearest the discarder",)
    each = _rons(EMA, bases, "E", 1, 1)
    assert each.settlement.notes == ("sticks to S, the winner nearest the discarder",)
    # 2 han 40 fu: 4 x 640 = 2560 -> 2600, + 300 honba under EMA
    assert each.settlement.deltas == {"E": -(3900 + 300 + 2600 + 300), "S": 5200, "W": 2900, "N": 0}
    assert _rons(TENHOU, bases, "E", 0, 0).settlement.notes == ()  # no counters to give
    honba_only = _rons(TENHOU, bases, "E", 1, 0)
    assert honba_only.settlement.notes == (
        "honba and sticks to S, the winner nearest the discarder",
    )
    # one winner: nothing to say about who takes the counters
    assert _rons(TENHOU, {"S": 960}, "E", 1, 1).settlement.notes == ()


def test_turn_order_from_the_discarder_wraps_past_north() -> None:
    # RULES.md "Games": the nearest winner in turn order E, S, W, N, E ... W discards: N
    # comes first, then E. N takes the counter: 3900 + 300; E (dealer, 2 han 40 fu):
    # 6 x 640 = 3840 -> 3900.
    rons = _rons(TENHOU, {"E": 640, "N": 960}, "W", 1, 0)
    assert rons.order == rons.winners == ("N", "E")
    assert rons.settlement.deltas == {"E": 3900, "S": 0, "W": -8100, "N": 4200}


def test_a_triple_ron_that_aborts_pays_nothing() -> None:
    # RULES.md "Games": a triple ron is an abortive draw on Tenhou.
    rons = _rons(TENHOU, {"S": 960, "W": 640, "N": 2000}, "E", 1, 1)
    assert rons.aborted and rons.winners == () and rons.bumped == () and rons.wins == ()
    assert rons.order == ("S", "W", "N") and rons.discarder == "E"
    assert rons.settlement.kind == "draw" and rons.settlement.transfers == ()
    assert rons.settlement.notes == (
        "three rons on one discard: an abortive draw (triple_ron=abort)",
    )


def test_the_head_bump_takes_a_triple_ron_too() -> None:
    # RULES.md "Games": under the head bump only the nearest winner wins, three rons or two
    # (triple_ron=abort is the rule of games that pay every winner).
    rules = WRC.with_overrides({"triple_ron": "abort"})
    rons = _rons(rules, {"S": 960, "W": 640, "N": 2000}, "E", 0, 0)
    assert not rons.aborted and rons.winners == ("S",) and rons.bumped == ("W", "N")
    assert rons.settlement.deltas == {"E": -3900, "S": 3900, "W": 0, "N": 0}
    assert rons.settlement.notes == (
        "head bump (multiple_ron=head_bump): only S, the winner nearest the discarder, "
        "wins; W, N not paid",
    )
    # one winner: no head bump to speak of
    assert _rons(rules, {"W": 640}, "E", 0, 0).settlement.notes == ()


@pytest.mark.parametrize(
    ("discarder", "winners", "message"),
    [
        ("E", ["E", "S"], "the discarder (E) cannot also win on the discard"),
        ("E", [], "a ron needs a winner"),
        ("E", ["S", "S"], "the same seat wins twice on one discard"),
        ("N", ["S"], "discarder N: seat N does not play in three-player mahjong"),
        ("E", ["N"], "winner N: seat N does not play in three-player mahjong"),
    ],
)
def test_several_rons_need_different_winners_beside_the_discarder(
    discarder: str, winners: list[str], message: str
) -> None:
    def never(seat: str, honba: int, sticks: int) -> Settlement:
        raise AssertionError("no winner is settled")

    with pytest.raises(SettleError) as error:
        settle_rons(discarder, winners, 0, 0, SANMA, never)
    assert str(error.value) == message


# --------------------------------------------------------------------------- draws


def test_noten_payments_are_3000_in_all_and_2000_in_three_player() -> None:
    # RULES.md "At the end of a hand without a winner" and "Three-player".
    assert (noten_total(WRC), noten_total(SANMA)) == (3000, 2000)
    # three-player, two ready: 2000 from the noten player, 1000 to each
    d = settle_draw({"E", "S"}, None, 0, 0, SANMA)
    assert d.deltas == {"E": 1000, "S": 1000, "W": -2000}
    assert {t.reason for t in d.settlement.transfers} == {"noten"}
    assert d.settlement.kind == "draw" and d.kind == "noten"
    assert (d.tenpai, d.noten) == (("E", "S"), ("W",))


@pytest.mark.parametrize(
    ("ready", "sticks", "honba", "notes"),
    [
        ((), 0, 0, ("nobody ready", "no noten payments", "the counter goes up to 1")),
        (
            ("E", "S", "W", "N"),
            1,
            2,
            (
                "everybody ready",
                "no noten payments",
                "1 riichi stick stays on the table; the counter goes up to 3",
            ),
        ),
        (("S",), 2, 0, ("2 riichi sticks stay on the table; the counter goes up to 1",)),
    ],
)
def test_a_draw_says_what_stays_on_the_table(
    ready: tuple[str, ...], sticks: int, honba: int, notes: tuple[str, ...]
) -> None:
    # RULES.md: nobody or everybody waiting, no payment; riichi sticks stay on the table; the
    # counter goes up.
    d = settle_draw(set(ready), None, honba, sticks, WRC)
    assert d.notes == notes
    assert (d.sticks, d.next_honba) == (sticks, honba + 1)


def test_nagashi_is_a_mangan_tsumo_without_honba() -> None:
    # RULES.md: nagashi mangan is paid as a mangan tsumo, replacing noten payments (and, as
    # real Tenhou logs show, without honba): dealer 4000 all.
    d = settle_draw({"S"}, "E", 3, 1, TENHOU)
    assert d.deltas == {"E": 12000, "S": -4000, "W": -4000, "N": -4000}
    assert d.settlement.kind == "nagashi" and d.kind == "nagashi" and d.nagashi == "E"
    assert {t.reason for t in d.settlement.transfers} == {"nagashi"}
    assert d.notes == (
        "nagashi mangan: E is paid as a mangan tsumo, replacing noten payments; no honba is paid",
        "1 riichi stick stays on the table; the counter goes up to 4",
    )
    assert not d.dealer_keeps  # only S was ready: the deal passes


@pytest.mark.parametrize(
    ("args", "rules", "message"),
    [
        (({"N"}, None, 0, 0), SANMA, "tenpai seat N: seat N does not play in three-player mahjong"),
        ((set(), "N", 0, 0), SANMA, "nagashi seat N: seat N does not play in three-player mahjong"),
        ((set(), "S", 0, 0), WRC, "nagashi mangan is off under rules wrc2025 (rule nagashi=off)"),
        ((set(), None, -1, 0), WRC, "honba and sticks cannot be negative"),
        ((set(), None, 0, -1), WRC, "honba and sticks cannot be negative"),
    ],
)
def test_a_draw_that_cannot_happen_is_refused(
    args: tuple[Any, ...], rules: Rules, message: str
) -> None:
    with pytest.raises(SettleError) as error:
        settle_draw(*args, rules=rules)
    assert str(error.value) == message


def test_chombo_reverse_mangan_notes_and_reasons() -> None:
    # RULES.md "Chombo": a reverse mangan -- the dealer pays 4000 to each, a non-dealer 4000
    # to the dealer and 2000 to each other; the hand is replayed.
    dealer = settle_chombo("E", TENHOU)
    assert dealer.notes == (
        "reverse mangan: the dealer E pays 4000 to each other player",
        "the hand is replayed with the same counter",
    )
    assert dealer.settlement.kind == "chombo"
    assert {t.reason for t in dealer.settlement.transfers} == {"chombo"}
    west = settle_chombo("W", TENHOU)
    assert (
        west.notes[0] == "reverse mangan: W pays 4000 to the dealer and 2000 to each other player"
    )
    assert west.deltas == {"E": 4000, "S": 2000, "W": -8000, "N": 2000}
    with pytest.raises(SettleError, match=r"^chombo seat N: seat N does not play"):
        settle_chombo("N", SANMA)


def test_chombo_20000_is_taken_at_the_end_outside_the_table() -> None:
    # RULES.md "Chombo": in WRC/EMA a 20,000-point penalty applied at the end.
    c = settle_chombo("S", WRC)
    assert c.settlement.transfers == (Transfer("S", None, 20000, "chombo", at_end=True),)
    assert c.settlement.kind == "chombo" and c.rule == "20000"
    assert c.notes == (
        "S loses 20000 points from the final score, applied at the end outside the table; "
        "nothing changes hands now",
        "the hand is replayed with the same counter",
    )


def test_a_settlement_pays_by_reason() -> None:
    # a non-dealer tsumo of 1 han 30 fu with 1 honba (RULES.md: base 240; the dealer pays
    # 480 -> 500 and 100 honba, the others 300 and 100)
    s = _win(240, seat_wind="S", tsumo=True, honba=1)
    assert (s.paid_by("E"), s.paid_by("E", "hand"), s.paid_by("E", "honba")) == (600, 500, 100)
    assert s.paid_by("W", "sticks") == 0


# --------------------------------------------------------------------------- points table


def test_points_table_limit_rows_for_the_dealer() -> None:
    # seed 001 lines 9-15, the dealer's column: Mangan 12,000, Haneman 18,000, Baiman
    # 24,000, Sanbaiman 36,000, Yakuman 48,000; "13+" counted as yakuman under WRC 2025.
    table = points_table(True, False, WRC)
    assert table.limits == (
        ("mangan", "5 han", "12000"),
        ("haneman", "6-7 han", "18000"),
        ("baiman", "8-10 han", "24000"),
        ("sanbaiman", "11-12 han", "36000"),
        ("yakuman", "13+ han or a yakuman", "48000"),
    )
    assert (table.rules, table.kiriage, table.dealer, table.tsumo) == ("wrc2025", True, True, False)
    assert table.kiriage_note == "4 han 30 fu and 3 han 60 fu are rounded up to mangan"


def test_points_table_under_kazoe_sanbaiman() -> None:
    # RULES.md: sanbaiman "11-12 han (and 13+ when kazoe=sanbaiman)"; a yakuman only by a
    # yakuman pattern. M.League: kazoe sanbaiman, kiriage on.
    limits = {name: hans for name, hans, _ in points_table(False, False, MLEAGUE).limits}
    assert limits["sanbaiman"] == "11+ han" and limits["yakuman"] == "a yakuman"
    assert limits["baiman"] == "8-10 han"


def test_points_table_notes_for_kiriage_off_and_three_player_tsumo() -> None:
    # RULES.md: 4 han 30 fu and 3 han 60 fu have base 30 x 2^6 = 60 x 2^5 = 1920, a mangan
    # only by kiriage (off on Tenhou); "Three-player": the two other players pay a tsumo.
    tsumo = points_table(False, True, SANMA)
    assert tsumo.kiriage_note == (
        "4 han 30 fu and 3 han 60 fu stay below mangan (base 1920); "
        "three-player: only the two other players pay a tsumo (tsumo loss)"
    )
    assert not tsumo.kiriage and tsumo.rules == "tenhou-sanma"
    ron = points_table(False, False, SANMA)
    assert ron.kiriage_note == "4 han 30 fu and 3 han 60 fu stay below mangan (base 1920)"
    four = points_table(False, True, TENHOU)
    assert four.kiriage_note == "4 han 30 fu and 3 han 60 fu stay below mangan (base 1920)"


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "rules", "reason"),
    [
        (
            1,
            20,
            True,
            WRC,
            "1 han 20 fu by tsumo is impossible: 20 fu is pinfu tsumo, at least 2 han",
        ),
        (
            2,
            20,
            True,
            WRC.with_overrides({"pinfu_tsumo": "off"}),
            "20 fu by tsumo is pinfu tsumo, which rule pinfu_tsumo=off rules out",
        ),
        (
            2,
            25,
            False,
            WRC.with_overrides({"chiitoitsu": "50fu1han"}),
            "25 fu is seven pairs, which is 50 fu 1 han under rule chiitoitsu=50fu1han",
        ),
        (1, 25, False, WRC, "25 fu is seven pairs, which is at least 2 han"),
        (
            2,
            25,
            True,
            WRC,
            "2 han 25 fu by tsumo is impossible: seven pairs by tsumo is at least 3 han",
        ),
        (
            3,
            35,
            False,
            WRC.with_overrides({"fu_rounding": "fives"}),
            "35 fu: fu_rounding=fives rounds the units digit 4 down and 6 up, and fu before "
            "rounding are even, so only seven pairs' 25 ends in 5",
        ),
        (
            3,
            35,
            False,
            WRC,
            "35 fu: fu are rounded up to a multiple of 10; only seven pairs has 25",
        ),
        (2, 10, False, WRC, "fu must be between 20 and 130, not 10"),
    ],
)
def test_impossible_hands_say_why(
    han: int, fu: int, tsumo: bool, rules: Rules, reason: str
) -> None:
    # RULES.md "Fu": pinfu tsumo 20 fu with menzen tsumo (2 han); seven pairs 25 fu 2 han
    # (Kansai 50 fu 1 han), 3 han by tsumo with menzen tsumo; fu rounded up to tens (or the
    # old 4-down 6-up rule).
    assert impossible_reason(han, fu, tsumo, rules) == reason


def test_130_fu_is_a_hand() -> None:
    # RULES.md "Fu": 20 base + 10 closed ron + three closed kans of terminals 3 x 32 + a
    # dragon pair 2 = 128 -> 130 fu.
    assert impossible_reason(2, 130, False, WRC) is None


@pytest.mark.parametrize(
    ("han", "fu", "rules", "warnings"),
    [
        (3, 30, WRC, []),  # no rule set differs on 3 han 30 fu
        (
            4,
            30,
            WRC,
            [
                "4 han 30 fu is rounded up to mangan by kiriage=on (rules wrc2025); "
                "without kiriage the base is 1920"  # 30 x 2^6
            ],
        ),
        (
            3,
            60,
            WRC,
            [
                "3 han 60 fu is rounded up to mangan by kiriage=on (rules wrc2025); "
                "without kiriage the base is 1920"  # 60 x 2^5
            ],
        ),
        (
            13,
            None,
            WRC,
            [
                "13 han counted as a yakuman (kazoe=yakuman, rules wrc2025); "
                "rule sets with kazoe=sanbaiman pay sanbaiman"
            ],
        ),
        (
            13,
            None,
            EMA,
            [
                "13 han capped at sanbaiman (kazoe=sanbaiman, rules ema2016); "
                "rule sets with kazoe=yakuman count it as a yakuman"
            ],
        ),
        (
            25,
            None,
            MULTIPLE,
            [
                "25 han counted as a yakuman (kazoe=multiple, rules wrc2025 (kazoe=multiple)); "
                "rule sets with kazoe=sanbaiman pay sanbaiman"
            ],
        ),
        (
            26,
            None,
            MULTIPLE,
            [
                "26 han counted as 2 yakuman (kazoe=multiple, rules wrc2025 (kazoe=multiple)); "
                "kazoe=yakuman counts it as one yakuman, kazoe=sanbaiman as sanbaiman"
            ],
        ),
        (4, 30, AOTENJOU, []),  # riichi.wiki Aotenjou: no limits, so neither rule applies
        (13, None, AOTENJOU, []),
    ],
)
def test_rule_warnings_name_the_rule_that_decided(
    han: int, fu: int | None, rules: Rules, warnings: list[str]
) -> None:
    # RULES.md "Limits and points": kiriage makes 4 han 30 fu and 3 han 60 fu mangan; 13+
    # han is a counted yakuman or sanbaiman by kazoe; mahjong 2.1.0 KAZOE_NO_LIMIT: 26+ han
    # two yakuman.
    assert rule_warnings(han, fu, rules) == warnings


def test_value_words() -> None:
    # SPEC §3's yakuman count as players say it: "yakuman", "2x yakuman".
    assert value_words(13, None, 1) == "yakuman"
    assert value_words(26, None, 2) == "2x yakuman"
    assert value_words(5, None, 0) == "5 han"


def test_calculate_settles_a_counted_tsumo_with_its_counters() -> None:
    # RULES.md: 3 han 30 fu non-dealer tsumo: base 960, dealer 1920 -> 2000, others 1000;
    # honba 100 from each payer a counter; sticks 1000 each to the winner.
    c = calculate(3, 30, WRC, tsumo=True, honba=2, sticks=1)
    assert c.settlement.deltas == {"E": -2200, "S": 4000 + 600 + 1000, "W": -1200, "N": -1200}
    # the same hand by ron comes from the seat before the winner: E pays 3900 + 2 x 300
    c = calculate(3, 30, WRC, honba=2)
    assert c.settlement.deltas == {"E": -4500, "S": 4500, "W": 0, "N": 0}


def test_calculate_takes_20_fu_by_tsumo() -> None:
    # RULES.md "Fu": pinfu tsumo is 20 fu (2 han with menzen tsumo): base 20 x 2^4 = 320,
    # the dealer pays 640 -> 700, the others 320 -> 400.
    c = calculate(2, 20, WRC, tsumo=True)
    assert c.settlement.payment == {"tsumo_dealer": 700, "tsumo_non_dealer": 400}


def test_calculate_needs_fu_only_below_5_han() -> None:
    # RULES.md: "Fu do not matter for 5 han and above".
    with pytest.raises(SettleError, match=r"^fu are needed below 5 han \(4 han given\)$"):
        calculate(4, None, WRC)
    assert (calculate(5, None, WRC).base, calculate(5, None, WRC).limit) == (2000, "mangan")
    # without limits (riichi.wiki Aotenjou: fu x 2^(2+han) at any han) every han needs its fu
    message = r"^fu are needed at every han under aotenjou=on \(6 han given\)$"
    with pytest.raises(SettleError, match=message):
        calculate(6, None, AOTENJOU)


# --------------------------------------------------------------------------- points alone


@pytest.mark.parametrize("rules", [WRC, TENHOU, SANMA, WAREME, AOTENJOU])
@pytest.mark.parametrize("tsumo", [False, True])
def test_the_points_alone_are_the_settlements_points(rules: Rules, tsumo: bool) -> None:
    """``hand_points`` (the review's value-aware choice reads it for thousands of ready
    hands) is what ``settle_win(...).points`` reads, for every winner, base, discarder,
    liable seat, wareme seat and counters; a win the settlement refuses is refused too."""
    for base, winner, source, pao, liable, wareme, honba in itertools.product(
        (0, 320, 960, 1920, 2000, 8000),
        ("E", "S", "W", "N"),
        (None, "left", "across", "right"),
        (None, "E", "W", "N"),
        (0, 8000),
        (None, "E", "W"),
        (0, 2),
    ):
        context = Context(
            seat_wind=winner,
            tsumo=tsumo,
            win_from=None if tsumo else source,
            pao=pao,
            wareme=wareme,
            honba=honba,
            sticks=honba // 2,
        )
        try:
            want = settle_win(min(base, 8000), context, rules, min(liable, base)).points
        except SettleError:
            with pytest.raises(SettleError):
                hand_points(min(base, 8000), context, rules, min(liable, base))
            continue
        assert hand_points(min(base, 8000), context, rules, min(liable, base)) == want


def test_the_points_alone_of_a_ron_and_a_tsumo() -> None:
    # RULES.md "Limits and points": base 960 (30 fu 3 han) by ron to a non-dealer is 3840,
    # rounded up to 3900 (the honba not counted); by tsumo the dealer pays 2 x 960 rounded
    # up (2000) and each other seat 960 rounded up (1000); in three-player nobody pays the
    # absent North's share.
    ron = Context(seat_wind="S", win_from="left", honba=1)
    assert hand_points(960, ron, WRC) == 3900
    tsumo = Context(seat_wind="S", tsumo=True)
    assert hand_points(960, tsumo, WRC) == 2000 + 1000 + 1000
    assert hand_points(960, tsumo, SANMA) == 2000 + 1000
    with pytest.raises(SettleError):
        hand_points(-1, tsumo, WRC)
    with pytest.raises(SettleError):
        hand_points(960, tsumo, WRC, -1)
