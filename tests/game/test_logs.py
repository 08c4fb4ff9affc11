"""The game-log readers (agari.game.logs): real logs read into one event stream.

Real games come from ``fixtures/logs`` (MIT / Apache sources, see its README) and, when it
is there, ``../shared/logs`` (also the two three-player tenhou.net/6 games with no
licence, which may not be copied). Facts checked against a log were read from the raw
file text, and are quoted next to the check.
"""

from __future__ import annotations

import datetime
import gzip
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from agari.game.logs import (
    Abort,
    Call,
    Discard,
    Draw,
    ExhaustiveDraw,
    GameLog,
    LogError,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    Win,
    decode_meld,
    game_date,
    parse_call,
    read_log,
    tile_from_code,
)
from agari.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "logs"
SHARED = ROOT.parent.parent / "shared" / "logs"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/logs")
SUFFIXES = (".json", ".jsonl", ".xml", ".mjson")
FIXTURE_FILES = sorted(p for p in FIXTURES.glob("*/*") if p.suffix in SUFFIXES)
#: The development folders, every format (issue 26: Mahjong Soul and Riichi City records,
#: mjai conversions).
READ_FOLDERS = ("tenhou6", "mjlog", "mahjongsoul", "riichicity", "mjai")
SHARED_FILES = (
    sorted(p for p in SHARED.glob("*/*") if p.suffix in SUFFIXES and p.parent.name in READ_FOLDERS)
    if SHARED.is_dir()
    else []
)
needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason="../shared/logs (the development logs) is not here"
)
PAIR = FIXTURES / "pair" / "2019021004gm-00a9-0000-e2f6516d"


def t(text: str) -> Tile:
    return Tile.parse(text)


# --- every log reads, and its rounds hold together --------------------------------------


def check_round(game: GameLog, r: RoundLog) -> None:
    """Invariants of one round: hands, dealer, a playable order of events, tile counts,
    and stated deltas that add up."""
    n = game.players
    assert len(r.hands) == n and (r.scores is None or len(r.scores) == n)
    assert all(len(hand) == 13 for hand in r.hands)
    assert r.dealer == r.number - 1 < n
    hands = [Counter(hand) for hand in r.hands]
    # 13 = waiting for a turn, 14 = to act: concealed tiles + 3 per meld.
    size = [13] * n
    kinds = Counter(tile.kind for hand in r.hands for tile in hand)
    kinds[r.dora_indicator.kind] += 1
    riichi_down = 0
    results = 0
    for event in r.events:
        if isinstance(event, Draw):
            assert size[event.seat] == 13, (r.label, event)
            hands[event.seat][event.tile] += 1
            size[event.seat] = 14
            kinds[event.tile.kind] += 1
        elif isinstance(event, Discard):
            assert size[event.seat] == 14, (r.label, event)
            assert hands[event.seat][event.tile] > 0, (r.label, event)
            hands[event.seat][event.tile] -= 1
            size[event.seat] = 13
        elif isinstance(event, Call):
            for tile in event.from_hand:
                assert hands[event.seat][tile] > 0, (r.label, event)
                hands[event.seat][tile] -= 1
            if event.kind in ("chi", "pon", "daiminkan"):
                assert size[event.seat] == 13, (r.label, event)
                assert event.from_seat is not None and event.from_seat != event.seat
                assert 0 <= event.from_seat < n
                size[event.seat] = 14 if event.kind != "daiminkan" else 13
            else:
                assert size[event.seat] == 14, (r.label, event)
                size[event.seat] = 13
        elif isinstance(event, RiichiAccepted):
            riichi_down += 1
        elif isinstance(event, NewDora):
            kinds[event.indicator.kind] += 1
        elif isinstance(event, Win):
            results += 1
            assert size[event.seat] == (14 if event.tsumo else 13), (r.label, event)
        elif isinstance(event, ExhaustiveDraw | Abort):
            results += 1
    assert results >= 1 and isinstance(r.events[-1], RoundEnd)
    assert all(count <= 4 for count in kinds.values()), (r.label, kinds)
    if n == 3:
        assert not any(1 <= kind <= 7 for kind in kinds), "2m-8m in a three-player round"
    end = r.end
    if end.deltas is not None:
        # Sticks on the table and the ones put down this round go to a winner; draws pay
        # among the players only.
        won = any(isinstance(e, Win) for e in r.results)
        assert sum(end.deltas) == (1000 * (r.sticks + riichi_down) if won else 0), r.label


def check_game(game: GameLog) -> None:
    assert game.players in (3, 4) and len(game.names) == game.players
    previous: RoundLog | None = None
    for index, r in enumerate(game.rounds):
        assert r.index == index
        check_round(game, r)
        if previous is not None and previous.end.deltas is not None and r.scores is not None:
            assert previous.scores is not None
            start = [s + d for s, d in zip(previous.scores, previous.end.deltas, strict=True)]
            riichi = [0] * game.players
            for e in previous.events:
                if isinstance(e, RiichiAccepted):
                    riichi[e.seat] += 1000
            assert list(r.scores) == [s - k for s, k in zip(start, riichi, strict=True)]
        if previous is not None:
            assert (r.wind, r.number) >= (previous.wind, previous.number)
            if (r.wind, r.number) == (previous.wind, previous.number):
                assert r.honba == previous.honba + 1
        previous = r
    if game.final_scores is not None:
        assert game.rounds[-1].end.final_scores == game.final_scores
        assert len(game.final_scores) == game.players


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_every_fixture_log_reads_and_holds_together(path: Path) -> None:
    game = read_log(path)
    assert game.rounds
    check_game(game)


@needs_shared
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.name)
def test_every_development_log_reads_and_holds_together(path: Path) -> None:
    game = read_log(path)
    assert game.rounds
    check_game(game)


def test_the_fixtures_cover_the_formats_and_both_table_sizes() -> None:
    games = [read_log(p) for p in FIXTURE_FILES]
    assert {(g.source, g.players) for g in games} >= {
        ("tenhou6", 4),
        ("mjlog", 4),
        ("mjlog", 3),
        ("majsoul", 4),
        ("mjai", 4),
        ("mjai", 3),
    }
    assert sum(len(g.rounds) for g in games) > 200


def test_every_fixture_log_names_its_source() -> None:
    """fixtures/logs/README.md gives each copied log's repository, path, commit and licence."""
    readme = (FIXTURES / "README.md").read_text(encoding="utf-8")
    for path in FIXTURE_FILES:
        assert f"`{path.parent.name}/{path.name}`" in readme, path


# --- the same game in both formats -------------------------------------------------------


def _without_limit_fu(game: GameLog) -> list[tuple[object, ...]]:
    """The rounds as comparable values; tenhou.net/6 does not state fu on limit hands
    (mjlog does), the one difference the formats have."""
    out: list[tuple[object, ...]] = []
    for r in game.rounds:
        events = tuple(
            replace(e, fu=None) if isinstance(e, Win) and e.limit is not None else e
            for e in r.events
        )
        out.append((replace(r, events=()), events))
    return out


def test_one_game_read_from_both_formats_gives_the_same_stream() -> None:
    json_game = read_log(PAIR.with_suffix(".json"))
    xml_game = read_log(PAIR.with_suffix(".xml"))
    assert json_game.source == "tenhou6" and xml_game.source == "mjlog"
    assert json_game.rules == xml_game.rules
    assert json_game.names == xml_game.names
    assert json_game.game_id == xml_game.game_id == "2019021004gm-00a9-0000-e2f6516d"
    assert json_game.date == xml_game.date == datetime.date(2019, 2, 10)
    assert json_game.final_scores == xml_game.final_scores == (4400, 7100, 40700, 47800)
    assert json_game.final_points == xml_game.final_points == (-46.0, -33.0, 21.0, 58.0)
    assert _without_limit_fu(json_game) == _without_limit_fu(xml_game)
    # mjlog states 40 fu for the first round's haneman ('ten="40,12000,2"').
    first_win = xml_game.rounds[0].results[0]
    assert isinstance(first_win, Win) and first_win.fu == 40 and first_win.limit == "haneman"


# --- facts read from the raw logs --------------------------------------------------------


def test_tenhou6_pair_game_first_round_calls() -> None:
    # E1, seat 2's draws: [46, 36, 11, "41p4141", "1515p15", ...]; seat 0 discards 41 4th.
    game = read_log(PAIR.with_suffix(".json"))
    calls = [e for e in game.rounds[0].events if isinstance(e, Call)]
    by_seat2 = [c for c in calls if c.seat == 2]
    assert by_seat2[0] == Call(2, "pon", (t("1z"),) * 3, t("1z"), 0)
    assert by_seat2[1] == Call(2, "pon", (t("5m"),) * 3, t("5m"), 3)
    # Seat 3's draws: [41, "c363435", ...]: chi of 6s with 4s 5s from seat 2 (its left).
    assert calls[0] == Call(3, "chi", (t("4s"), t("5s"), t("6s")), t("6s"), 2)
    # The result: ["和了", [-6000, -3000, 12000, -3000], [2, 2, 2, "跳満3000-6000点", ...]]
    win = game.rounds[0].results[0]
    assert isinstance(win, Win)
    assert (win.seat, win.from_seat, win.pao_seat, win.points, win.limit) == (
        2,
        2,
        None,
        12000,
        "haneman",
    )
    assert win.deltas == (-6000, -3000, 12000, -3000)
    assert win.yaku == (("対々和", 2), ("場風 東", 1), ("自風 西", 1), ("混一色", 2))
    assert win.han == 6 and win.fu is None


def test_tenhou6_kan_dora_placed_as_tenhou_reveals_it() -> None:
    # S1 (round 5): seat 3 discards "272727a27" (ankan of 7p); mjlog: N, DORA 91, rinshan.
    game = read_log(PAIR.with_suffix(".json"))
    events = list(game.rounds[4].events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Call) and e.kind == "ankan")
    assert events[at] == Call(3, "ankan", (t("7p"),) * 4)
    assert events[at + 1] == NewDora(t("5s"))  # dora [33, 35]: the second is 5s (id 91)
    assert isinstance(events[at + 2], Draw) and events[at + 2] == Draw(3, t("6p"), True)
    # S3-2 (round 9): seat 2's "3737k3737": kakan of 7s; the dora follows the rinshan draw.
    events = list(game.rounds[8].events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Call) and e.kind == "kakan")
    assert events[at] == Call(2, "kakan", (t("7s"),) * 4, t("7s"), 3, t("7s"))
    assert isinstance(events[at + 1], Draw) and events[at + 1].replacement
    assert events[at + 2] == NewDora(t("5s"))  # dora [18, 35]
    assert isinstance(events[at + 3], Discard) and events[at + 3].tsumogiri


def test_tenhou6_double_ron_and_suukantsu() -> None:
    # tenhou_2020020316…: round 2 ends ["和了", [0, 0, -32000, 33000], [3, 2, 3, "役満32000点",
    # "四槓子(役満)"], [16000, 0, -16000, 0], [0, 2, 0, "倍満16000点", "立直(1飜)", ...]].
    game = read_log(FIXTURES / "tenhou6" / "tenhou_2020020316gm-0001-0000-7b22ddf5.json")
    r = game.rounds[1]
    first, second = r.results
    assert isinstance(first, Win) and isinstance(second, Win)
    assert (first.seat, first.from_seat, first.pao_seat) == (3, 2, None)
    assert first.yakuman == ("四槓子",) and first.limit == "yakuman" and first.han is None
    assert first.points == 32000
    assert (second.seat, second.from_seat, second.points, second.limit) == (0, 2, 16000, "baiman")
    assert r.end.deltas == (16000, 0, -48000, 33000)
    kans = [e for e in r.events if isinstance(e, Call) and "kan" in e.kind]
    assert [k.kind for k in kans] == ["kakan", "daiminkan", "kakan", "kakan"]
    assert sum(isinstance(e, NewDora) for e in r.events) == 4
    # "222222m22" in seat 3's draws: daiminkan of 2p from its right (seat 0).
    assert kans[1] == Call(3, "daiminkan", (t("2p"),) * 4, t("2p"), 0)


def test_tenhou6_exhaustive_draw_and_nine_terminals() -> None:
    # tenhou_2010081709…, line 2: ["流局", [-1500, 1500, 1500, -1500]]
    game = read_log(FIXTURES / "tenhou6" / "tenhou_2010081709gm-00a9-0000-fe3371ad.jsonl")
    assert game.rounds[1].results == (ExhaustiveDraw((1, 2), (-1500, 1500, 1500, -1500)),)
    # tenhou_2010112714…: one round is ["九種九牌"]
    game = read_log(FIXTURES / "tenhou6" / "tenhou_2010112714gm-00a9-0000-d497e395.jsonl")
    aborts = [r for r in game.rounds if isinstance(r.results[0], Abort)]
    assert len(aborts) == 1 and aborts[0].results == (Abort("kyuushu", (0, 0, 0, 0)),)
    last = aborts[0].events[-3]  # the declarer's first draw, and no discard after it
    assert isinstance(last, Draw)


def test_mjlog_three_player_kita_and_riichi() -> None:
    # 2009030520gm-00b9…: '<T64/><N who="0" m="30752" /><T51/><D2/>' opens the game.
    game = read_log(FIXTURES / "mjlog" / "2009030520gm-00b9-0000-be2415fd.xml")
    assert game.players == 3 and game.rules.room == "三鳳南喰赤"
    first = game.rounds[0].events[:4]
    assert first == (
        Draw(0, t("8p")),  # id 64 // 4 = 16
        Call(0, "kita", (t("4z"),)),  # m=30752: bit 0x20, id 120
        Draw(0, t("4p"), True),  # id 51
        Discard(0, t("1m")),  # id 2
    )
    # '<REACH who="0" step="1"/><D45/><REACH who="0" step="2"/>'
    events = game.rounds[0].events
    at = events.index(Discard(0, t("3p"), False, True))  # id 45 // 4 = 11
    assert events[at + 1] == RiichiAccepted(0)
    # '<AGARI ba="0,2" ... ten="40,6000,1" ... who="2" fromWho="2" sc="340,-40,350,-20,340,80,0,0"'
    win = game.rounds[0].results[0]
    assert isinstance(win, Win)
    assert (win.seat, win.from_seat, win.fu, win.points, win.limit) == (2, 2, 40, 6000, "mangan")
    assert win.deltas == (-4000, -2000, 8000)
    assert game.rounds[0].scores == (35000, 35000, 35000)
    # owari="343,-6,126,-47,581,53,0,0" (MANIFEST)
    assert game.final_scores == (34300, 12600, 58100)
    assert game.final_points == (-6.0, -47.0, 53.0)


def test_mjlog_riichi_discard_won_on_puts_no_stick_down() -> None:
    # 2009031123gm…: '<REACH who="0" step="1"/><D24/><AGARI … who="1" fromWho="0" …/>'
    game = read_log(FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml")
    r = next(r for r in game.rounds if Discard(0, t("7m"), False, True) in r.events)
    assert r.events[-3:-1] == (
        Discard(0, t("7m"), False, True),
        r.results[0],
    )
    win = r.results[0]
    assert isinstance(win, Win) and (win.seat, win.from_seat) == (1, 0)
    assert not any(isinstance(e, RiichiAccepted) and e.seat == 0 for e in r.events)


def test_mjlog_chankan_shows_the_kakan_then_the_win() -> None:
    # 2009030822gm…, first round: seat 0 adds to its pon of 6s; seat 2 robs it (槍槓).
    game = read_log(FIXTURES / "mjlog" / "2009030822gm-00e1-0000-e6eff941.xml")
    r = game.rounds[0]
    kakan, win = r.events[-3], r.events[-2]
    assert isinstance(kakan, Call) and kakan.kind == "kakan" and kakan.seat == 0
    assert isinstance(win, Win) and win.from_seat == 0 and win.yaku is not None
    assert ("槍槓", 1) in win.yaku


@needs_shared
def test_tenhou6_three_player_daiminkan_and_kita() -> None:
    path = SHARED / "tenhou6" / "tenhou_2024010120gm-00b9-0000-e324b88a.json"
    game = read_log(path)
    assert game.players == 3 and game.names == ("player A", "player B", "player C")
    assert game.final_scores == (75700, 6800, 22500) and game.final_points == (70.7, -53.2, -17.5)
    # E1-0 seat 0: draws [44, 19, 44, ...], discards ['f44', 60, 'f44', 41, ...]
    assert game.rounds[0].events[:4] == (
        Draw(0, t("4z")),
        Call(0, "kita", (t("4z"),)),
        Draw(0, t("9m"), True),
        Discard(0, t("9m"), True),
    )
    # E1-1 seat 2: draws [..., 'm39393939', 35], discards [..., 60, 0, 60]: daiminkan of 9s
    # from its left, which round a four-seat table is seat 1.
    r = game.rounds[1]
    kan = next(e for e in r.events if isinstance(e, Call) and e.kind == "daiminkan")
    assert kan == Call(2, "daiminkan", (t("9s"),) * 4, t("9s"), 1)
    at = r.events.index(kan)
    assert r.events[at + 1] == Draw(2, t("5s"), True)
    # ["和了", [17000, -8000, -8000, 0], [0, 0, 0, "倍満8000点∀", ...]]: dealer tsumo.
    win = game.rounds[0].results[0]
    assert isinstance(win, Win) and win.points == 16000 and win.deltas == (17000, -8000, -8000)


# --- the format details --------------------------------------------------------------------


def test_tile_codes() -> None:
    assert tile_from_code(11) == t("1m") and tile_from_code(29) == t("9p")
    assert tile_from_code(47) == t("7z") and tile_from_code(52) == t("0p")
    for bad in (10, 20, 48, 50, 54, 60, 0, 99):
        with pytest.raises(ValueError):
            tile_from_code(bad)


def test_call_strings_name_where_the_tile_came_from() -> None:
    # The letter's place among the tile pairs: 1st = left (3), 2nd = across (2), 3rd = right.
    assert parse_call("c375336").relative == 3
    pon_left, pon_across, pon_right = (parse_call(s) for s in ("p121212", "12p1212", "1212p12"))
    assert (pon_left.relative, pon_across.relative, pon_right.relative) == (3, 2, 1)
    red = parse_call("25p5225")
    assert red.called == t("0p") and red.tiles == (t("5p"), t("5p"), t("0p"))
    assert parse_call("m39393939").relative == 3
    assert parse_call("39m393939").relative == 2
    assert parse_call("393939m39").relative == 1
    kakan = parse_call("1515k5115")
    assert (kakan.relative, kakan.added, kakan.called) == (1, t("0m"), t("5m"))
    assert parse_call("k52252525").added == t("0p")
    assert parse_call("121212a12").relative is None
    assert parse_call("f44").tiles == (t("4z"),)
    for bad in ("x121212", "12p12", "c111213p", "f45", "c121416", "p121213", "r12"):
        with pytest.raises(ValueError):
            parse_call(bad)


def test_meld_codes_worked_by_hand() -> None:
    # Chi, m=54647 = 0b1101010101110111: bits 0-1 = 3 (from the left), bit 2 set;
    # bits 10-15 = 53 = 17 * 3 + 2: run 17 = sou 4-5-6, the called one is index 2;
    # copies (bits 3-4, 5-6, 7-8) = 2, 3, 2: ids 21*4+2, 22*4+3, 23*4+2 = 86, 91, 94.
    chi = decode_meld(54647)
    assert (chi.kind, chi.ids, chi.called, chi.relative) == ("chi", (86, 91, 94), 94, 3)
    # Pon, m=42058 = 0xA44A: from 2 (across), bit 3; bits 9-15 = 82 = 27 * 3 + 1 (East,
    # called index 1); bits 5-6 = 2, the copy left out: ids 108, 109, 111, called 109.
    pon = decode_meld(42058)
    assert (pon.kind, pon.ids, pon.called, pon.relative) == ("pon", (108, 109, 111), 109, 2)
    # Kakan, m=37969 = 0x9451: from 1 (right), bit 4; 74 = 24 * 3 + 2 (7s, index 2);
    # copy 2 left out of the pon (96, 97, 99) and added: 98.
    kakan = decode_meld(37969)
    assert (kakan.kind, kakan.called, kakan.added, kakan.relative) == ("kakan", 99, 98, 1)
    assert kakan.ids == (96, 97, 98, 99)
    # Ankan, m=15360 = 0x3C00: bits 0-5 clear, bits 8-15 = 60: 7p.
    ankan = decode_meld(15360)
    assert (ankan.kind, ankan.ids, ankan.relative) == ("ankan", (60, 61, 62, 63), None)
    # Daiminkan, m=31747 = 0x7C03: from 3 (left), bits 8-15 = 124 (white), called 124.
    kan = decode_meld(31747)
    assert (kan.kind, kan.called, kan.relative) == ("daiminkan", 124, 3)
    # Kita, m=30752 = 0x7820: bit 5, bits 8-15 = 120: North.
    assert decode_meld(30752).kind == "kita" and decode_meld(30752).ids == (120,)


def test_game_dates() -> None:
    assert game_date("2022010121gm-00a9-0000-679c4bb2") == datetime.date(2022, 1, 1)
    assert game_date("230530-8c1e2a5e-3b6b-4a3c-9f5b-0123456789ab") == datetime.date(2023, 5, 30)
    assert game_date("whatever") is None and game_date(None) is None


def test_rules_from_tenhou_and_mahjong_soul_rooms() -> None:
    game = read_log(FIXTURES / "tenhou6" / "tenhou_2020020316gm-0001-0000-7b22ddf5.json")
    assert game.rules.length == "east" and game.rules.room == "般東喰赤"
    assert game.rules.server == "tenhou" and game.rules.red_fives
    majsoul = _mini(
        title=["玉の間南喰赤", "2023/5/30 12:00"],
        ref="230530-8c1e2a5e-3b6b-4a3c-9f5b-0123456789ab",
        rule={"disp": "玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 1},
    )
    game = read_log(majsoul)
    assert game.rules.server == "majsoul" and game.rules.length == "south"
    assert game.rules.open_tanyao and game.date == datetime.date(2023, 5, 30)
    assert game.title == "玉の間南喰赤 2023/5/30 12:00"
    mjlog = read_log(b'<mjloggm ver="2.3"><GO type="7"/></mjloggm>')  # 1 | 2 | 4
    assert (mjlog.rules.red_fives, mjlog.rules.open_tanyao, mjlog.rules.length) == (
        False,
        False,
        "east",
    )


# --- small logs written here ---------------------------------------------------------------

# A short four-player round: the dealer (seat 0) declares riichi on its first discard and
# seat 1 wins on it. The hands are plain lists of codes.
_HANDS = [
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24],
    [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 41, 25, 26],
    [41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47, 47],
    [21, 22, 23, 24, 25, 26, 27, 28, 29, 11, 12, 13, 14],
]


def _round(result: list[object], seat1_draws: list[object] | None = None) -> list[object]:
    return [
        [0, 0, 0],
        [25000, 25000, 25000, 25000],
        [29],
        [],
        _HANDS[0],
        [27],
        ["r60"],
        _HANDS[1],
        seat1_draws or [],
        [],
        _HANDS[2],
        [],
        [],
        _HANDS[3],
        [],
        [],
        result,
    ]


def _mini(log: list[object] | None = None, **head: object) -> bytes:
    obj: dict[str, object] = {
        "title": ["", ""],
        "name": ["a", "b", "c", "d"],
        "rule": {"disp": "般南喰赤", "aka": 1},
        **head,
        "log": log
        if log is not None
        else [_round(["和了", [-1000, 1000, 0, 0], [1, 0, 1, "30符1飜1000点", "役牌 白(1飜)"]])],
    }
    return json.dumps(obj, ensure_ascii=False).encode()


@pytest.mark.parametrize("count", ["x", 1.5, True, [1], None])
def test_a_red_five_count_that_is_no_whole_number_is_named(count: object) -> None:
    """A tenhou.net/6 rule's ``aka52`` (the red 5p) of another type: an error naming the
    field and the file, not a traceback (found by fuzz_logs.py's retype)."""
    with pytest.raises(LogError) as info:
        read_log(_mini(rule={"disp": "般南喰赤", "aka51": 1, "aka52": count, "aka53": 1}),
                 game="t.json")  # fmt: skip
    assert "aka52" in str(info.value) and "t.json" in str(info.value)


@pytest.mark.parametrize("names", [1.5, "abcd", {"a": 1}, None])
def test_names_that_are_no_list_are_no_names(names: object) -> None:
    """The seats' names are only shown: a ``name`` that is no list leaves them blank, and
    the game is read (found by fuzz_logs.py's retype: a number raised a TypeError)."""
    game = read_log(_mini(name=names))
    assert game.names == ("", "", "", "") and len(game.rounds) == 1


def test_a_riichi_discard_won_on_puts_no_stick_down_in_tenhou6() -> None:
    game = read_log(_mini())
    events = game.rounds[0].events
    assert events[:2] == (Draw(0, t("7p")), Discard(0, t("7p"), True, True))
    assert not any(isinstance(e, RiichiAccepted) for e in events)
    assert isinstance(events[2], Win) and events[2].from_seat == 0


def test_a_result_with_only_winner_and_discarder_reads_with_no_values() -> None:
    game = read_log(_mini([_round(["和了", [1, 0, 1]])]))
    (win,) = game.rounds[0].results
    assert win == Win(1, 0)
    assert game.rounds[0].end == RoundEnd()


def test_everyone_ready_and_nobody_ready() -> None:
    game = read_log(_mini([_round(["全員聴牌"]), _round(["全員不聴"])]))
    assert game.rounds[0].results == (ExhaustiveDraw((0, 1, 2, 3), (0, 0, 0, 0)),)
    assert game.rounds[1].results == (ExhaustiveDraw((), (0, 0, 0, 0)),)


def test_json_lines_rounds_follow_each_other() -> None:
    one = json.loads(_mini())
    lines = "\n".join(json.dumps(one) for _ in range(3)).encode()
    game = read_log(lines)
    assert [r.index for r in game.rounds] == [0, 1, 2]


def test_gzip_mjlog_reads_like_the_plain_one() -> None:
    path = FIXTURES / "mjlog" / "2022010121gm-00a9-0000-679c4bb2.xml"
    plain = read_log(path)
    packed = read_log(gzip.compress(path.read_bytes()), game=path.name)
    assert packed == plain
    declared = b'<?xml version="1.0" encoding="UTF-8"?>\n' + path.read_bytes()
    assert read_log(declared, game=path.name) == plain


# --- damaged logs ----------------------------------------------------------------------------


def test_cut_off_json_keeps_the_rounds_before_the_cut() -> None:
    text = (FIXTURES / "tenhou6" / "tenhou_2019080322gm-00a9-0000-81e85e04.json").read_bytes()
    whole = read_log(text)
    cut = text[: len(text) * 2 // 3]
    with pytest.raises(LogError) as caught:
        read_log(cut, game="cut.json")
    error = caught.value
    done = len(error.rounds)
    assert 0 < done < len(whole.rounds)
    assert error.rounds == whole.rounds[:done]
    assert error.round_index == done and error.round_label == whole.rounds[done].label
    assert "cut.json" in str(error) and whole.rounds[done].label in str(error)


def test_cut_off_xml_keeps_the_rounds_before_the_cut() -> None:
    path = FIXTURES / "mjlog" / "2022010518gm-00a9-0000-3a3a6e2b.xml"
    text = path.read_bytes()
    whole = read_log(path)
    packed = gzip.compress(text)
    for data, least in ((text[: len(text) // 2], 1), (packed[: len(packed) * 3 // 4], 0)):
        with pytest.raises(LogError) as caught:
            read_log(data, game=path.name)
        error = caught.value
        done = len(error.rounds)
        assert least <= done < len(whole.rounds) and error.rounds == whole.rounds[:done]
        assert error.round_label == whole.rounds[done].label
        assert error.event_index is not None and error.event_index > 0
        assert "cut off" in str(error) and path.name in str(error)


def test_a_tile_code_out_of_range() -> None:
    rounds = [_round(["流局", [0, 0, 0, 0]]), _round(["流局", [0, 0, 0, 0]])]
    rounds[1][5] = [99]  # the dealer's first draw
    with pytest.raises(LogError) as caught:
        read_log(_mini(rounds), game="bad.json")
    error = caught.value
    assert error.round_index == 1 and error.round_label == "E1-0" and error.event_index == 0
    assert "99" in str(error) and len(error.rounds) == 1


def test_a_tile_id_out_of_range_or_twice_in_mjlog() -> None:
    text = (FIXTURES / "mjlog" / "2022010121gm-00a9-0000-679c4bb2.xml").read_text()
    at = text.index("<T", text.index("<INIT", text.index("<INIT") + 1))
    end = text.index("/>", at)
    for tag in ("<T136", "<T0/><T0"):
        broken = text[:at] + tag + text[end:]
        with pytest.raises(LogError) as caught:
            read_log(broken.encode(), game="x.xml")
        assert caught.value.round_index == 1 and len(caught.value.rounds) == 1


def test_an_unknown_call_string() -> None:
    with pytest.raises(LogError) as caught:
        read_log(_mini([_round(["和了", [1, 0, 1]], seat1_draws=["x272727"])]))
    assert "x272727" in str(caught.value) and caught.value.round_label == "E1-0"


def test_an_unknown_result_word() -> None:
    with pytest.raises(LogError) as caught:
        read_log(_mini([_round(["流局", [0, 0, 0, 0]]), _round(["何か"])]))
    assert caught.value.round_index == 1 and "何か" in str(caught.value)
    assert len(caught.value.rounds) == 1


def test_a_call_naming_a_seat_that_does_not_exist() -> None:
    # Three players (the fourth seat dealt nothing): seat 0's draws hold a chi from its
    # left, which round a four-seat table is seat 3.
    r = _round(["流局", [0, 0, 0, 0]])
    r[13] = []
    r[5], r[6] = ["c272829"], []
    with pytest.raises(LogError) as caught:
        read_log(_mini([r]))
    assert "seat 3" in str(caught.value) and "does not exist" in str(caught.value)


def test_a_call_naming_a_seat_that_does_not_exist_in_mjlog() -> None:
    text = (FIXTURES / "mjlog" / "2009030520gm-00b9-0000-be2415fd.xml").read_text()
    # The game's first pon, '<N who="1" m="43049"' (bit 3; from 1, the right): made seat 2's,
    # its right is seat 3, which a three-player game does not have.
    old = '<N who="1" m="43049"'
    broken = text.replace(old, '<N who="2" m="43049"', 1)
    with pytest.raises(LogError) as caught:
        read_log(broken.encode())
    assert "does not exist" in str(caught.value)


def test_not_a_log() -> None:
    for data in (b"", b"hello", b"<html></html>", b"[1, 2]", b'{"log": 3}'):
        with pytest.raises(LogError):
            read_log(data)
    with pytest.raises(LogError):
        read_log(ROOT / "no-such-file.json")
