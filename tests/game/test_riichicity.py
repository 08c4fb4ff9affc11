"""The Riichi City record reader (agari.game.logs.riichicity, SPEC §7) and the rules of its
games: records made for a test (Riichi City's records are not licensed for copying), and the
development records of ``../shared/logs/riichicity`` when they are there.

The fields and codes are those of the game client's enums as 0num4/paifu-playground
``riichicity/Types/commonConsts.py`` lists them (``EMjReplayEventType``: 1 the deal, 2 a turn,
4 an action, 5 the hand's end, 6 the game's end, 7 a kan dora, 8 a riichi accepted, 9 a
furiten notice, 11 the waits; ``EMjActionType``: 11 a discard, 7 ron, 10 tsumo …;
``EMjGameEndType``: 0 ron, 1 tsumo, 7 the wall ran out, 8 a vote …); the tile codes those of
InjusticeJudge ``fetch/riichicity.py`` (0x01-0x09 pin, 0x11-0x19 sou, 0x21-0x29 man, 0x31 …
0x91 the honours, 0x100 a red five). Facts of a development record are quoted beside the
checks, read from its raw JSON.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from agari.game.files import read_game
from agari.game.log_rules import decide_rules
from agari.game.logs import (
    Discard,
    Draw,
    LogError,
    RoundEnd,
    StatedFuriten,
    StatedWaits,
    Win,
    detect_format,
    read_log,
)
from agari.game.logs.riichicity import tile_of
from agari.game.replay_log import replay_log
from agari.rules import Rules
from agari.settle.draws import settle_draw
from agari.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent.parent / "shared" / "logs" / "riichicity"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/logs/riichicity")
needs_shared = pytest.mark.skipif(
    not SHARED.is_dir(), reason="../shared/logs/riichicity (the development records) is not here"
)
FIRST = SHARED / "riichicity_cd1aa9uai08a0i7csbjg.json"

_SUITS = {"p": 0x00, "s": 0x10, "m": 0x20}


def code(text: str) -> int:
    """A tile's Riichi City code: ``5p`` 0x05, ``0s`` 0x115, ``7z`` 0x91."""
    number, suit = int(text[0]), text[1]
    if suit == "z":
        return 0x21 + number * 0x10
    return (0x100 + _SUITS[suit] + 5) if number == 0 else _SUITS[suit] + number


def codes(text: str) -> list[int]:
    """``123p55z`` as codes."""
    out: list[int] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        else:
            out += [code(d + ch) for d in digits]
            digits = []
    return out


USERS = (11, 22, 33)


def event(kind: int, user: int, data: dict[str, Any]) -> dict[str, Any]:
    return {"eventType": kind, "userId": user, "eventPos": 0, "data": json.dumps(data)}


def deal(hands: list[str], dealer: int = 0, dora: str = "1z") -> list[dict[str, Any]]:
    return [
        event(
            1,
            user,
            {
                "hand_cards": codes(hand),
                "dealer_pos": dealer,
                "bao_pai_card": code(dora),
                "li_zhi_bang_num": 0,
            },
        )
        for user, hand in zip(USERS, hands, strict=True)
    ]


def hand_record(number: int, points: list[int], events: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "changCi": number,
        "benChangNum": 0,
        "quanFeng": 0x31,
        "players": [
            {"userId": u, "position": p, "nickname": f"player {'ABC'[p]}", "points": s}
            for p, (u, s) in enumerate(zip(USERS, points, strict=True))
        ],
        # copies: a test that damages a record's event must not damage E1 for the others
        "handEventRecord": [dict(e) for e in events],
    }


#: Seat 0 deals 123456789p11s46z and draws 9s; seat 1 holds 123p456s78s555z99p, ready on 6s
#: and 9s; seat 2 anything. Seat 0 lets go of the 9s it drew; seat 1 wins on it (haku, 40 fu:
#: 20 + 10 closed ron + 8 a closed haku triplet; 1 han 40 fu, 4 x 320 = 1280 -> 1300).
E1 = [
    *deal(["123456789p11s46z9s", "123p45678s555z99p", "1199m123s7766z23z"]),
    event(2, 11, {"in_card": 0}),
    event(4, 11, {"action": 11, "user_id": 11, "card": code("9s"), "move_cards_pos": [14, 13]}),
    event(9, 33, {}),
    event(4, 22, {"action": 7, "user_id": 22, "card": code("9s")}),
    event(
        5,
        0,
        {
            "end_type": 0,
            "win_info": [
                {
                    "user_id": 22,
                    "fang_info": [{"fang_type": 9, "fang_num": 1}],
                    "all_fang_num": 1,
                    "all_fu": 40,
                    "all_point": 1300,
                    "li_bao_card": None,
                }
            ],
            "user_profit": [
                {"user_id": 11, "point_profit": -1300},
                {"user_id": 22, "point_profit": 1300},
                {"user_id": 33, "point_profit": 0},
            ],
        },
    ),
]
#: E2: the game is stopped by a vote (end type 8) before anyone plays; then its end, the
#: points after return and uma of the ranked rooms (40000, +20 0 -20, oka 15: seat 1 36300
#: -> -3.7 + 20 + 15 = 31.3; seat 2 35000 -> -5.0; seat 0 33700 -> -6.3 - 20 = -26.3).
E2 = [
    *deal(["123456789p11s46z", "1199m123s7766z23z9s", "123p45678s555z99p"], dealer=1),
    event(5, 0, {"end_type": 8, "win_info": [], "user_profit": []}),
    event(
        6,
        0,
        {
            "user_data": [
                {"user_id": 22, "point_num": 36300, "score": 313},
                {"user_id": 33, "point_num": 35000, "score": -50},
                {"user_id": 11, "point_num": 33700, "score": -263},
            ]
        },
    ),
]


def record(**game: Any) -> dict[str, Any]:
    return {
        "keyValue": "aaaaaaaaaaaaaaaaaaaa",
        "playerCount": 3,
        "initPoints": 35000,
        "round": 2,
        "gamePlay": 1001,
        "nowTime": 1700000000,
        "handRecord": [
            hand_record(1, [35000, 35000, 35000], E1),
            hand_record(2, [33700, 36300, 35000], E2),
        ],
        **game,
    }


def made(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode()


# --------------------------------------------------------------------------- made records


def test_tile_codes() -> None:
    assert [str(tile_of(c)) for c in (0x01, 0x09, 0x11, 0x19, 0x21, 0x29)] == [
        "1p", "9p", "1s", "9s", "1m", "9m",
    ]  # fmt: skip
    assert [str(tile_of(c)) for c in (0x31, 0x41, 0x51, 0x61, 0x71, 0x81, 0x91)] == [
        f"{n}z" for n in range(1, 8)
    ]
    assert [str(tile_of(c)) for c in (0x105, 0x115, 0x125)] == ["0p", "0s", "0m"]
    for bad in (0, 0x0A, 0x32, 0xA1, 0x106, 0x131, True, "5p"):
        with pytest.raises(ValueError, match="not a"):
            tile_of(bad)


def test_a_made_record_read() -> None:
    log = read_log(made(record()), game="made.json")
    assert detect_format(made(record()).decode()) == "riichicity"
    assert (log.source, log.game_id, log.players, log.rules.server) == (
        "riichicity",
        "aaaaaaaaaaaaaaaaaaaa",
        3,
        "riichicity",
    )
    assert log.names == ("player A", "player B", "player C")
    assert log.rules.length == "south" and log.rules.room == "ranked"
    assert dict(log.rules.stated_switches) == {"start_points": "35000"}
    assert log.date is not None and log.date.isoformat() == "2023-11-14"  # nowTime
    # the vote in E2 ends the game without a result: E1 only, the final result kept
    assert len(log.rounds) == 1 and not log.complete
    assert log.final_scores == (33700, 36300, 35000)
    assert log.final_points == (-26.3, 31.3, -5.0)
    first = log.rounds[0]
    assert (first.name, first.dealer, first.scores) == ("E1", 0, (35000, 35000, 35000))
    assert str(first.dora_indicator) == "1z"
    assert first.events[0] == Draw(0, Tile.parse("9s"))  # the dealer's 14th tile
    assert first.events[1] == Discard(0, Tile.parse("9s"), tsumogiri=True)
    assert first.events[2] == StatedFuriten((None, None, True))
    win = first.events[3]
    assert isinstance(win, Win)
    assert (win.seat, win.from_seat, win.han, win.fu, win.points) == (1, 0, 1, 40, 1300)
    assert win.yaku == (("役牌 白", 1),) and win.yakuman == ()
    final = ((33700, 36300, 35000), (-26.3, 31.3, -5.0))
    assert first.events[-1] == RoundEnd((-1300, 1300, 0), *final)


def test_a_made_record_replays_and_the_envelope_and_gzip_are_the_same() -> None:
    replay = replay_log(read_log(made(record()), game="made.json"))
    assert replay.error is None and replay.differences == []
    assert replay.rules.name == "riichicity-sanma"
    plain = read_log(made(record()), game="made.json")
    enveloped = read_log(made({"code": 0, "data": record(), "message": ""}), game="made.json")
    assert enveloped == plain
    assert read_log(gzip.compress(made(record())), game="made.json") == plain


def test_seat_zero_is_the_first_dealer() -> None:
    """A record whose first hand is dealt by table position 1: that player is seat 0."""
    rotated = record()
    first = rotated["handRecord"][0]
    for player in first["players"]:
        player["position"] = (player["position"] + 1) % 3
    first["handEventRecord"] = [
        {**e, "data": json.dumps({**json.loads(e["data"]), "dealer_pos": 1})}
        if e["eventType"] == 1
        else e
        for e in first["handEventRecord"]
    ]
    rotated["handRecord"] = [first]
    log = read_log(made(rotated), game="made.json")
    assert log.names == ("player A", "player B", "player C")
    assert log.rounds[0].events[0] == Draw(0, Tile.parse("9s"))


def test_the_waits_after_a_riichi_are_kept() -> None:
    """Event 11 (Ting): the waits the server states for a seat."""
    events = [*E1[:3], event(11, 22, {"ting_info": [{"ting_card": code("6s")}]}), *E1[3:]]
    obj = record()
    obj["handRecord"][0]["handEventRecord"] = events
    stream = read_log(made(obj), game="made.json").rounds[0].events
    assert StatedWaits(1, (Tile.parse("6s"),)) in stream


def test_damage_names_the_hand_and_keeps_the_hands_before() -> None:
    obj = record()
    text = json.dumps(obj)
    second = text.index('"changCi": 2')
    done = read_game(text[: second + 40].encode(), "cut.json")
    assert done.status == 1 and done.error is not None and "cut off" in done.error
    assert [r["round"] for r in done.records() if r["kind"] == "round"] == ["E1"]
    chombo = record()
    end = chombo["handRecord"][0]["handEventRecord"][-1]
    end["data"] = json.dumps({**json.loads(end["data"]), "end_type": 9})
    with pytest.raises(LogError, match=r"round E1-0 \(#1\), event 3: .*end type 9"):
        read_log(made(chombo), game="made.json")
    bad = record()
    bad["handRecord"][0]["handEventRecord"][4]["data"] = json.dumps({"action": 11, "card": 1})
    with pytest.raises(LogError, match="user None does not play"):
        read_log(made(bad), game="made.json")


def test_each_ready_seat_paid_the_whole_noten_amount() -> None:
    """``noten_payments``: Tenhou's pool, 2000 in all in three-player (RULES.md
    "Three-player"), or 2000 to each ready seat, as Riichi City's 2022 tournaments pay it:
    cd1bilmai08a0i7cvlh0 (Badtaro/RiichiCityTournamentBot), hand E1-1, two ready hands in
    ``win_info``, ``point_profit`` 2000, -4000, 2000."""
    pool = Rules.preset("riichicity-sanma")
    assert settle_draw({"E", "W"}, None, 0, 0, pool).deltas == {"E": 1000, "S": -2000, "W": 1000}
    each = pool.with_overrides({"noten_payments": "each_ready"})
    assert settle_draw({"E", "W"}, None, 0, 0, each).deltas == {"E": 2000, "S": -4000, "W": 2000}
    # one ready seat: both ways 2000 from the two others (cd1akouai08a0i7ctb6g E3-0:
    # point_profit -1000, 2000, -1000)
    assert settle_draw({"S"}, None, 0, 0, each).deltas == {"E": -1000, "S": 2000, "W": -1000}


# --------------------------------------------------------------------------- real records


@needs_shared
def test_the_first_development_record() -> None:
    log = read_log(FIRST)
    # keyValue "cd1aa9uai08a0i7csbjg", playerCount 3, initPoints 50000, round 2, gamePlay 1002
    assert (log.game_id, log.players, log.rules.length, log.rules.room) == (
        "cd1aa9uai08a0i7csbjg",
        3,
        "south",
        "tournament",
    )
    first = log.rounds[0]
    # the first hand: changCi 1, quanFeng 49, points 50000 each, bao_pai_card 1 (1p); the
    # dealer's hand_cards end in 6 (6p), and its first action is a kita (13, card 97)
    assert (first.label, first.scores, str(first.dora_indicator)) == (
        "E1-0",
        (50000, 50000, 50000),
        "1p",
    )
    assert first.events[0] == Draw(0, Tile.parse("6p"))
    # RoomEnd: point_num 67300 / 53800 / 28900 and score 273 / 38 / -311 for users
    # 613632115 (seat 0), 812100047 (seat 2), 614791416 (seat 1)
    assert log.final_scores == (67300, 28900, 53800)
    assert log.final_points == (27.3, -31.1, 3.8)


@needs_shared
def test_a_tournament_record_under_its_rooms_rules() -> None:
    """The 2022 tournaments: kiriage (E3-0: all_fang_num 4, all_fu 30, all_point 6000 by
    tsumo), no agari-yame (the dealer on top after S3-0 deals S3-1), 50000 without oka and
    uma +10 0 -10 (67300 is 27.3: 17.3 + 10)."""
    log = read_log(FIRST)
    rules = decide_rules(log).rules
    assert (rules.name, rules.kiriage, rules.agari_yame, rules.noten_payments) == (
        "riichicity-sanma",
        True,
        False,
        "each_ready",
    )
    assert (rules.start_points, rules.return_points, rules.uma) == (50000, 50000, "10,0,-10")
    kiriage = next(
        e for r in log.rounds if r.label == "E3-0" for e in r.events if isinstance(e, Win)
    )
    assert (kiriage.han, kiriage.fu, kiriage.points) == (4, 30, 6000)
    replay = replay_log(log)
    assert replay.error is None and replay.differences == []
    assert replay.rounds[-1].played.before.label == "S3"  # S3-1: the game went on


def test_a_damaged_first_deal_is_an_error_that_names_its_event() -> None:
    """The first deal's ``data`` is read before the hands to find the first dealer: a
    damaged one there is the same error as anywhere (found by benchmarks/fuzz_logs.py)."""
    broken = record()
    broken["handRecord"][0]["handEventRecord"][0]["data"] = '{"hand_cards": [1, 2'
    with pytest.raises(LogError, match=r"made\.json, round E1-0 \(#1\), event 0: "):
        read_log(made(broken), game="made.json")
