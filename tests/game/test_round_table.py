"""The round table (``agari.game.table``) event by event, without a log (issue 26: the game
wing's tests kill at least 90 % of its mutants; ``benchmarks/mutation.py`` measures it): the
wall, the riichi chances, the words a win takes from the events, calls, kans, kita,
liability, nagashi and the errors of events that do not fit.

Sources: RULES.md (../shared/RULES.md) "Yakuman notes" (tenhou: the dealer wins on the
first draw; chiihou: a non-dealer on the first draw with no call made before), "Three-player"
(a kita breaks ippatsu and the first-turn chances like a call, the tile drawn after it is a
replacement tile -- rinshan --, a ron on a kita North is allowed without chankan) and
"At the end of a hand without a winner" (nagashi mangan); riichi.wiki "Ippatsu" (any call
ends the chance, and so does the riichi player's next discard), "Double riichi" (riichi on
the first discard, no call before), "Haitei raoyue" / "Houtei raoyui" (a win on the last
tile of the wall / on the last discard; a replacement tile is not haitei), "Chankan" (a
win on the tile added to a kan), "Sekinin barai" (the seat that fed the third dragon set or
the fourth wind set is liable), "Nagashi mangan" (every discard a terminal or honour and
none called); the wall's arithmetic: 136 tiles - 14 in the dead wall - 4 x 13 dealt = 70
draws, 108 - 14 - 3 x 13 = 55 in three-player.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari.game.logs.events import Call, Discard, Draw, Win
from agari.game.table import Called, KanDeclared, RoundTable, SeatTable, TableError
from agari.hand import Meld, MeldKind, format_codes, format_tiles
from agari.tiles import TILE_OF_CODE, Tile, tile_code
from tests.conftest import examples, tiles

#: Hands that never win here: only their size matters.
FILLER = ("147m147p147s1234z", "258m258p258s1234z", "369m369p369s1234z", "147m258p369s5677z")


def T(text: str) -> Tile:
    return Tile.parse(text)


def _table(*hands: str, dealer: int = 0, dora: str = "1m") -> RoundTable:
    return RoundTable(
        players=len(hands), dealer=dealer, hands=[tiles(h) for h in hands], dora=T(dora)
    )


def _four(seat: int = 0, hand: str = "123m456p789s1155z", dealer: int = 0) -> RoundTable:
    hands = list(FILLER)
    hands[seat] = hand
    return _table(*hands, dealer=dealer)


def _turn(table: RoundTable, seat: int, tile: str, *, riichi: bool = False) -> None:
    """``seat`` draws ``tile`` and discards it."""
    table.draw(Draw(seat, T(tile)))
    table.discard(Discard(seat, T(tile), tsumogiri=True, riichi=riichi))


def _error(action: object, *args: object) -> str:
    with pytest.raises(TableError) as error:
        action(*args)  # type: ignore[operator]
    assert str(error.value) == error.value.message
    return error.value.message


# --------------------------------------------------------------------------- deal and wall


def test_the_wall_holds_70_draws_with_four_players_and_55_with_three() -> None:
    assert _table(*FILLER).wall_left == 70
    assert _table(*FILLER[:3]).wall_left == 55
    table = _table(*FILLER)
    table.draw(Draw(0, T("9m")))
    assert table.wall_left == 69 and table.last == Draw(0, T("9m"))


def test_a_deal_that_does_not_fit_the_table() -> None:
    with pytest.raises(TableError, match=r"^3 starting hands for 4 players$"):
        RoundTable(players=4, dealer=0, hands=[tiles(h) for h in FILLER[:3]], dora=T("1m"))
    short = [tiles(h) for h in FILLER]
    short[1] = short[1][:12]
    with pytest.raises(TableError, match=r"^seat 1 starts with 12 tiles, not 13$"):
        RoundTable(players=4, dealer=0, hands=short, dora=T("1m"))
    for dealer in (-1, 4):
        with pytest.raises(
            TableError, match=rf"^dealer seat {dealer} does not play \(4 players\)$"
        ):
            _table(*FILLER, dealer=dealer)


def test_a_draw_needs_a_seat_in_play_a_tile_in_the_wall_and_a_hand_of_13() -> None:
    table = _table(*FILLER)
    assert _error(table.draw, Draw(4, T("1m"))) == "seat 4 does not play (4 players)"
    assert _error(table.draw, Draw(-1, T("1m"))) == "seat -1 does not play (4 players)"
    table.draw(Draw(0, T("9m")))
    assert _error(table.draw, Draw(0, T("9m"))) == "seat 0 draws holding 14 tiles beside 0 melds"
    table.discard(Discard(0, T("9m")))
    table.wall_left = 0
    assert _error(table.draw, Draw(1, T("9m"))) == "a draw from an empty wall"


def test_a_discard_of_a_tile_not_held_leaves_the_table_as_it_was() -> None:
    table = _table(*FILLER)
    table.draw(Draw(0, T("9m")))
    before = (list(table.seats[0].codes), table.last)
    assert _error(table.discard, Discard(0, T("9p"))) == (
        "seat 0 discards 9p, which is not in its hand (1m 4m 7m 9m 1p 4p 7p 1s 4s 7s 1z 2z 3z 4z)"
    )
    assert (table.seats[0].codes, table.last) == before and table.seats[0].river == []
    assert _error(table.discard, Discard(4, T("9m"))) == "seat 4 does not play (4 players)"


def test_the_concealed_tiles_sort_a_red_five_before_its_five() -> None:
    # README "Notation cheat sheet": 0 is the red five, written before the 5 (`0555p`).
    seat = _table("0555p123m456s117z", *FILLER[1:]).seat(0)
    assert [str(t) for t in seat.concealed[:4]] == ["1m", "2m", "3m", "0p"]
    assert seat.size == 13 and not seat.is_open
    assert str(seat.waiting_hand()) == "123m0555p456s117z"
    assert _error(_table(*FILLER).seat, 4) == "seat 4 does not play (4 players)"


# --------------------------------------------------------------------------- riichi


def test_riichi_on_the_first_discard_is_double_riichi_with_ippatsu() -> None:
    table = _four(1)
    _turn(table, 0, "9m")
    _turn(table, 1, "9p", riichi=True)
    seat = table.seat(1)
    assert seat.riichi and seat.double_riichi and seat.ippatsu and seat.discarded
    table.accept_riichi(1)
    assert table.sticks == {1}


def test_riichi_after_a_call_or_a_first_discard_is_no_double_riichi() -> None:
    table = _four(1)
    _turn(table, 0, "9m")
    _turn(table, 1, "9p")
    _turn(table, 0, "9m")
    _turn(table, 1, "9p", riichi=True)  # the second discard
    assert table.seat(1).riichi and not table.seat(1).double_riichi
    # seat 2's first discard, after seat 3 called a pon: interrupted
    table = _table(FILLER[0], FILLER[1], "123m456p789s1155z", "11m" + "258p369s5677z" + "9m")
    _turn(table, 0, "1m")
    table.call(Call(3, "pon", (T("1m"),) * 3, T("1m"), 0))
    table.discard(Discard(3, T("9m")))
    _turn(table, 2, "9p", riichi=True)
    assert table.seat(2).riichi and not table.seat(2).double_riichi


def test_a_riichi_that_cannot_be_declared() -> None:
    table = _four(1)
    _turn(table, 1, "9p", riichi=True)
    table.draw(Draw(1, T("9s")))
    message = _error(table.discard, Discard(1, T("9s"), riichi=True))
    assert message == "seat 1 declares riichi twice"
    assert table.seat(1).size == 14  # the tile stays in the hand
    assert _error(table.accept_riichi, 2) == "a riichi stick from seat 2, which did not declare"
    opened = _table("11m" + "258p369s5677z" + "9m", *FILLER[1:])
    _turn(opened, 1, "1m")
    opened.call(Call(0, "pon", (T("1m"),) * 3, T("1m"), 1))
    assert opened.seat(0).is_open
    message = _error(opened.discard, Discard(0, T("9m"), riichi=True))
    assert message == "seat 0 declares riichi with an open hand"


def test_ippatsu_ends_with_the_riichi_players_next_discard_or_any_call() -> None:
    table = _four(1)
    _turn(table, 1, "9p", riichi=True)
    _turn(table, 1, "9p")
    assert table.seat(1).riichi and not table.seat(1).ippatsu
    # a pon by another seat ends it at once
    table = _table(FILLER[0], "123m456p789s1155z", "11m" + "258p369s5677z" + "9m", FILLER[3])
    _turn(table, 1, "9p", riichi=True)
    _turn(table, 3, "1m")
    assert table.seat(1).ippatsu
    table.call(Call(2, "pon", (T("1m"),) * 3, T("1m"), 3))
    assert not table.seat(1).ippatsu and table.interrupted
    assert table.last == Called(2)


# --------------------------------------------------------------------------- a win's words


def test_tenhou_and_chiihou_on_the_first_draw() -> None:
    dealer = _four(0)
    dealer.draw(Draw(0, T("5z")))
    words = dealer.win_hand(Win(0, 0)).context
    assert words.tsumo and words.tenhou and not words.chiihou and not words.haitei
    child = _four(1)
    _turn(child, 0, "9m")
    child.draw(Draw(1, T("5z")))
    words = child.win_hand(Win(1, 1)).context
    assert words.chiihou and not words.tenhou and not words.rinshan


def test_no_chiihou_after_a_call_or_the_seats_own_discard() -> None:
    table = _table("11m" + "258p369s5677z" + "9m", "123m456p789s1155z", FILLER[2], FILLER[3])
    _turn(table, 3, "1m")  # (seat 3 acts first here: only the order of events matters)
    table.call(Call(0, "pon", (T("1m"),) * 3, T("1m"), 3))
    table.discard(Discard(0, T("9m")))
    table.draw(Draw(1, T("5z")))
    assert not table.win_hand(Win(1, 1)).context.chiihou
    again = _four(1)
    _turn(again, 1, "9p")
    again.draw(Draw(1, T("5z")))
    assert not again.win_hand(Win(1, 1)).context.chiihou


def test_haitei_on_the_last_wall_tile_and_houtei_on_the_last_discard() -> None:
    table = _four(1)
    _turn(table, 0, "9m")
    table.wall_left = 1
    table.draw(Draw(1, T("5z")))
    assert table.wall_left == 0 and table.win_hand(Win(1, 1)).context.haitei
    ron = _four(2)
    ron.wall_left = 1
    _turn(ron, 1, "5z")
    words = ron.win_hand(Win(2, 1)).context
    assert words.houtei and not words.tsumo and not words.haitei
    early = _four(2)
    _turn(early, 1, "5z")
    assert not early.win_hand(Win(2, 1)).context.houtei


def test_a_closed_kan_gives_a_replacement_tile_rinshan_not_haitei() -> None:
    table = _four(1, "5555m456p789s122z")
    _turn(table, 0, "9m")
    table.draw(Draw(1, T("2z")))
    table.kan(Call(1, "ankan", (T("5m"),) * 4))
    assert table.last == KanDeclared(1, T("5m"), "ankan")
    assert [m.kind for m in table.seat(1).melds] == [MeldKind.ANKAN]
    table.wall_left = 1  # the replacement comes from the live wall's end: its last tile
    table.draw(Draw(1, T("1z"), replacement=True))
    assert table.wall_left == 0
    hand = table.win_hand(Win(1, 1))
    assert hand.context.rinshan and not hand.context.haitei and not hand.context.chiihou
    assert str(hand.win) == "1z" and len(hand.concealed) == 10  # 456p 789s 1z 222z


def test_dora_and_ura_indicators_of_a_riichi_winner() -> None:
    table = _four(1)
    table.reveal_dora(T("3p"))
    assert table.dora_indicators == (T("1m"), T("3p"))
    _turn(table, 1, "9p", riichi=True)
    table.draw(Draw(1, T("2z")))
    ura = (T("4s"), T("5s"), T("6s"))  # a log may show more than were revealed
    words = table.win_hand(Win(1, 1, ura_indicators=ura)).context
    assert words.dora_indicators == (T("1m"), T("3p"))
    assert words.ura_indicators == (T("4s"), T("5s"))
    assert words.double_riichi and words.ippatsu and not words.riichi  # the first discard
    # without riichi the ura indicators are not the winner's
    plain = _four(1)
    plain.draw(Draw(1, T("5z")))
    assert plain.win_hand(Win(1, 1, ura_indicators=ura)).context.ura_indicators == ()


def test_a_win_on_nothing_and_a_hand_of_the_wrong_size() -> None:
    table = _four(1)
    message = _error(table.win_hand, Win(1, 1))
    assert message == "seat 1 wins by tsumo without having drawn"
    table.draw(Draw(0, T("9m")))
    assert _error(table.win_hand, Win(1, 1)) == "seat 1 wins by tsumo without having drawn"
    assert _error(table.win_hand, Win(1, 0)) == (
        "seat 1 wins on a tile from seat 0, who did not just discard or add to a kan"
    )
    table.discard(Discard(0, T("9m")))
    assert _error(table.win_hand, Win(1, 2)) == (
        "seat 1 wins on a tile from seat 2, who did not just discard or add to a kan"
    )
    assert _error(table.win_hand, Win(1, 4)) == "seat 4 does not play (4 players)"
    table.seats[1].codes.pop()  # a seat that lost a tile
    assert _error(table.win_hand, Win(1, 0)) == "seat 1 wins holding 12 tiles beside 0 melds"


# --------------------------------------------------------------------------- calls


def test_a_pon_from_across_spoils_the_feeders_nagashi_and_shows_the_tile_once() -> None:
    table = _table("11m" + "258p369s5677z" + "9m", FILLER[1], FILLER[2], FILLER[3])
    _turn(table, 2, "1m")
    assert 2 in table.nagashi_seats()  # 1m is a terminal
    table.call(Call(0, "pon", (T("1m"),) * 3, T("1m"), 2))
    meld = table.seat(0).melds[0]
    assert (meld.kind, meld.source, str(meld.called)) == (MeldKind.PON, "across", "1m")
    assert table.seat(2).called == [0] and 2 not in table.nagashi_seats()
    # seat 1 sees the pon's three 1m once (not the called discard again) and the dora
    # indicator 1m
    assert table.visible(1)[T("1m").kind] == 3 + 1
    assert table.visible(1)[T("2m").kind] == 1  # its own 2m
    assert table.seat(0).size == 11 + 3  # 11 concealed and the pon: 14, to discard


def test_chi_only_from_the_left() -> None:
    table = _table(FILLER[0], "23m" + "258p369s5677z" + "9m", FILLER[2], FILLER[3])
    _turn(table, 2, "1m")
    message = _error(table.call, Call(1, "chi", tuple(tiles("123m")), T("1m"), 2))
    assert message == "seat 1 calls chi from seat 2, not the seat before"
    ok = _table("1m147p147s1234z47m", "23m" + "258p369s5677z" + "9m", *FILLER[2:])
    _turn(ok, 0, "1m")
    ok.call(Call(1, "chi", tuple(tiles("123m")), T("1m"), 0))
    assert ok.seat(1).melds[0].source == "left" and ok.seat(1).is_open


def test_a_call_on_anything_but_the_last_discard_is_refused() -> None:
    table = _table("11m" + "258p369s5677z" + "9m", FILLER[1], FILLER[2], FILLER[3])
    _turn(table, 2, "1m")
    pon = (T("1m"),) * 3
    assert _error(table.call, Call(0, "pon", pon, T("1m"), 3)) == (
        "seat 0 calls pon on 1m from seat 3, which was not the last discard"
    )
    assert _error(table.call, Call(0, "pon", pon, T("9m"), 2)) == (
        "seat 0 calls pon on 9m from seat 2, which was not the last discard"
    )
    assert _error(table.call, Call(2, "pon", pon, T("1m"), 2)) == "seat 2 calls its own discard"
    assert _error(table.call, Call(0, "pon", pon, None, 2)) == "a pon that names no discarder"
    assert _error(table.call, Call(0, "pon", pon, T("1m"))) == "a pon that names no discarder"
    assert _error(table.call, Call(0, "ankan", pon + pon[:1])) == (
        "a ankan is not a call on a discard"
    )
    table.draw(Draw(3, T("9m")))
    assert _error(table.call, Call(0, "pon", pon, T("1m"), 2)) == (
        "seat 0 calls pon on 1m from seat 2, which was not the last discard"
    )
    # a tile drawn is not discarded yet
    table.discard(Discard(3, T("9m")))
    table.draw(Draw(0, T("1m")))
    assert _error(table.call, Call(1, "pon", pon, T("1m"), 0)) == (
        "seat 1 calls pon on 1m from seat 0, which was not the last discard"
    )


def test_a_call_with_tiles_not_held_and_a_red_five_in_a_meld() -> None:
    table = _table("05p147m147s1234z9m", *FILLER[1:])
    _turn(table, 1, "5p")
    assert _error(table.call, Call(0, "pon", tuple(tiles("555p")), T("5p"), 1)) == (
        "seat 0 calls pon with 5p, which is not in its hand "
        "(1m 4m 7m 9m 0p 5p 1s 4s 7s 1z 2z 3z 4z)"
    )
    # README "Notation cheat sheet": the red five is written first (`0555p`)
    table.call(Call(0, "pon", tuple(tiles("505p")), T("5p"), 1))
    assert table.seat(0).melds[0].tiles == tuple(tiles("055p"))


def test_no_win_on_a_call() -> None:
    table = _table("11m" + "258p369s5677z" + "9m", *FILLER[1:])
    _turn(table, 1, "1m")
    table.call(Call(0, "pon", (T("1m"),) * 3, T("1m"), 1))
    assert _error(table.win_hand, Win(2, 0)) == (
        "seat 2 wins on a tile from seat 0, who did not just discard or add to a kan"
    )


def test_an_open_kan_is_rinshan_on_its_replacement_tile() -> None:
    table = _table("111m258p369s56z99m", *FILLER[1:])
    _turn(table, 1, "1m")
    table.call(Call(0, "daiminkan", (T("1m"),) * 4, T("1m"), 1))
    assert table.seat(0).melds[0].kind is MeldKind.KAN and table.interrupted
    table.draw(Draw(0, T("9m"), replacement=True))
    assert table.win_hand(Win(0, 0)).context.rinshan


# --------------------------------------------------------------------------- kans


def test_an_added_kan_robbed_is_chankan_and_never_happened() -> None:
    # riichi.wiki "Chankan"; the module: a robbed kan's interruption never takes effect.
    table = _table("55z258p369s123z9m9p", "123m456p789s1166z", FILLER[2], FILLER[3])
    _turn(table, 1, "5z")  # no win on it here
    table.call(Call(0, "pon", (T("5z"),) * 3, T("5z"), 1))
    table.discard(Discard(0, T("9p")))
    _turn(table, 1, "9s", riichi=True)
    table.draw(Draw(0, T("5z")))
    table.kan(Call(0, "kakan", (T("5z"),) * 4, T("5z"), 1, T("5z")))
    meld = table.seat(0).melds[0]
    assert (meld.kind, meld.source, meld.called) == (MeldKind.SHOUMINKAN, "right", T("5z"))
    assert table.last == KanDeclared(0, T("5z"), "kakan")
    words = table.win_hand(Win(1, 0)).context
    assert words.chankan and not words.kita_ron and words.ippatsu and not words.tsumo


def test_a_kan_not_robbed_ends_ippatsu_with_its_replacement_draw() -> None:
    table = _table("5555m" + "369s1234z" + "99m", "123m456p789s1155z", FILLER[2], FILLER[3])
    _turn(table, 1, "9s", riichi=True)
    table.draw(Draw(0, T("9p")))
    table.kan(Call(0, "ankan", (T("5m"),) * 4))
    assert table.seat(1).ippatsu and not table.interrupted  # a ron could still rob it
    table.draw(Draw(0, T("8p"), replacement=True))
    assert not table.seat(1).ippatsu and table.interrupted


def test_a_ron_on_a_closed_kan_is_not_chankan() -> None:
    table = _table("5555m" + "369s1234z" + "99m", "123m456p789s1155z", FILLER[2], FILLER[3])
    table.draw(Draw(0, T("9p")))
    table.kan(Call(0, "ankan", (T("5m"),) * 4))
    assert not table.win_hand(Win(1, 0)).context.chankan


def test_kans_that_do_not_fit() -> None:
    table = _table("5555m" + "369s1234z" + "99m", *FILLER[1:])
    kan = Call(0, "ankan", (T("5m"),) * 4)
    assert _error(table.kan, kan) == "seat 0 declares a kan out of turn"
    table.draw(Draw(0, T("9p")))
    added = Call(0, "kakan", (T("5z"),) * 4, T("5z"), 1, T("5z"))
    assert _error(table.kan, added) == "seat 0 adds 5z to a pon it does not have"
    assert _error(table.kan, Call(0, "kakan", (T("5z"),) * 4, T("5z"), 1)) == (
        "an added kan without its tile"
    )
    assert _error(table.kan, Call(0, "pon", (T("5m"),) * 3)) == "a pon is not a kan of one's own"
    assert _error(table.kan, Call(0, "ankan", (T("6m"),) * 4)) == (
        "seat 0 declares a closed kan with 6m, which is not in its hand "
        "(5m 5m 5m 5m 9m 9m 9p 3s 6s 9s 1z 2z 3z 4z)"
    )
    assert len(table.seat(0).codes) == 14  # nothing was taken
    ponned = _table("55z258p369s123z9m9p", *FILLER[1:])
    _turn(ponned, 1, "5z")
    ponned.call(Call(0, "pon", (T("5z"),) * 3, T("5z"), 1))
    ponned.discard(Discard(0, T("9p")))
    _turn(ponned, 1, "9s")
    ponned.draw(Draw(0, T("1z")))
    assert _error(ponned.kan, Call(0, "kakan", (T("5z"),) * 4, T("5z"), 1, T("5z"))) == (
        "seat 0 adds to a kan 5z, which is not in its hand (9m 2p 5p 8p 3s 6s 9s 1z 1z 2z 3z)"
    )


# --------------------------------------------------------------------------- kita


def test_kita_is_three_player_only_north_only_and_on_ones_turn() -> None:
    four = _table("4z" + "147m147p147s123z", *FILLER[1:])
    four.draw(Draw(0, T("4z")))
    assert _error(four.kita, Call(0, "kita", (T("4z"),))) == "kita in a four-player game"
    three = _table("4z19m147p147s1235z", FILLER[1], FILLER[2])
    assert _error(three.kita, Call(0, "kita", (T("4z"),))) == ("seat 0 sets aside kita out of turn")
    three.draw(Draw(0, T("4z")))
    assert _error(three.kita, Call(0, "kita", (T("1z"),))) == (
        "seat 0 sets aside 1z as kita, not a North"
    )
    none = _table("19m147p147s12355z", FILLER[1], FILLER[2])
    none.draw(Draw(0, T("9m")))
    assert _error(none.kita, Call(0, "kita", (T("4z"),))) == (
        "seat 0 sets aside kita 4z, which is not in its hand "
        "(1m 9m 9m 1p 4p 7p 1s 4s 7s 1z 2z 3z 5z 5z)"
    )


def test_kita_counts_breaks_ippatsu_and_gives_a_replacement_tile() -> None:
    # RULES.md "Three-player".
    table = _table("4z19m147p147s1235z", "123p456p789s1155z", FILLER[2])
    _turn(table, 1, "9s", riichi=True)
    table.draw(Draw(0, T("4z")))
    table.kita(Call(0, "kita", ()))  # no tile named: a North
    assert table.seat(0).kita == 1 and table.last == KanDeclared(0, T("4z"), "kita")
    assert table.seat(1).ippatsu  # not yet: a ron could still take the North
    ron = table.win_hand(Win(1, 0)).context
    assert ron.kita_ron and not ron.chankan and str(table.win_hand(Win(1, 0)).win) == "4z"
    table.draw(Draw(0, T("9m"), replacement=True))
    assert not table.seat(1).ippatsu
    table.kita(Call(0, "kita", (T("4z"),)))
    table.draw(Draw(0, T("1m"), replacement=True))
    words = table.win_hand(Win(0, 0)).context
    assert words.kita == 2 and words.rinshan and not words.tenhou
    assert table.visible(1)[T("4z").kind] == 2


# --------------------------------------------------------------------------- liability


def test_the_seat_that_fed_the_third_dragon_set_is_liable() -> None:
    table = _table("55z66z77z11m4m1p1s9s9p", *FILLER[1:])
    for dragon, feeder, discard in (("5z", 1, "1p"), ("6z", 2, "9s"), ("7z", 3, "9p")):
        _turn(table, feeder, dragon)
        table.call(Call(0, "pon", (T(dragon),) * 3, T(dragon), feeder))
        assert table.liable(0) == (3 if dragon == "7z" else None)
        table.discard(Discard(0, T(discard)))
    # a later pon of something else leaves the liability where it is
    _turn(table, 1, "1m")
    table.call(Call(0, "pon", (T("1m"),) * 3, T("1m"), 1))
    assert table.liable(0) == 3


def test_the_seat_that_fed_the_fourth_wind_set_is_liable() -> None:
    table = _table("11z22z33z44z9m9p9s1m1p", *FILLER[1:])
    for wind, feeder, discard in (("1z", 1, "9m"), ("2z", 2, "9p"), ("3z", 3, "9s")):
        _turn(table, feeder, wind)
        table.call(Call(0, "pon", (T(wind),) * 3, T(wind), feeder))
        assert table.liable(0) is None
        table.discard(Discard(0, T(discard)))
    _turn(table, 2, "4z")
    table.call(Call(0, "pon", (T("4z"),) * 3, T("4z"), 2))
    assert table.liable(0) == 2


# --------------------------------------------------------------------------- the rest


def test_nagashi_needs_every_discard_a_terminal_or_honour() -> None:
    table = _table(*FILLER)
    _turn(table, 0, "9m")
    _turn(table, 1, "1z")
    _turn(table, 2, "5m")
    assert table.nagashi_seats() == (0, 1, 3)  # seat 3 has not discarded yet


def test_apply_takes_each_kind_of_play_event() -> None:
    table = _table("4z19m147p147s1235z", "11m47p147s1234z99m", FILLER[2])
    table.apply(Draw(0, T("1m")))
    table.apply(Discard(0, T("1m")))
    table.apply(Call(1, "pon", (T("1m"),) * 3, T("1m"), 0))
    table.apply(Discard(1, T("9m")))
    table.apply(Draw(2, T("4z")))
    table.apply(Discard(2, T("4z")))
    table.apply(Draw(0, T("4z")))
    table.apply(Call(0, "kita", (T("4z"),)))
    assert table.seat(0).kita == 1
    table.apply(Draw(0, T("9p"), replacement=True))
    table.apply(Discard(0, T("9p")))
    table.apply(Draw(1, T("1m")))
    table.apply(Call(1, "kakan", (T("1m"),) * 4, T("1m"), 0, T("1m")))
    assert table.seat(1).melds[0].kind is MeldKind.SHOUMINKAN
    assert table.last == KanDeclared(1, T("1m"), "kakan")


# --------------------------------------------------------------------------- the hand's text


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(0, 67), min_size=1, max_size=14), st.integers(0, 2))
def test_a_seats_text_is_its_hands_normal_form(codes: list[int], pons: int) -> None:
    """The review prints a seat's hand from its codes (``SeatTable.text``, by
    ``format_codes``): the same text as the hand made of its tiles and melds, red fives
    and plain ones mixed, honours, melds after ``", "``."""
    concealed = [TILE_OF_CODE[code] for code in codes]
    seat = SeatTable([tile_code(t) for t in concealed])
    for kind in range(pons):
        seat.melds.append(Meld(MeldKind.PON, (Tile(9 + kind),) * 3, "left", Tile(9 + kind)))
    assert seat.text() == str(seat.waiting_hand())
    assert format_codes(sorted(tile_code(t) for t in concealed)) == format_tiles(concealed)
