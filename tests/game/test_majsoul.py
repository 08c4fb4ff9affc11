"""The Mahjong Soul record reader (agari.game.logs.majsoul, SPEC §7): a real record read
into the event stream, and records made for a test where the real one has no example.

The real record is ``fixtures/logs/majsoul/mahjongsoul_210815-…json`` (MIT, its README);
the facts checked were read from its raw JSON and are quoted beside the checks. The field
meanings are those of Mahjong Soul's ``liqi.proto`` (``RecordAnGangAddGang.type`` 3 a
closed kan, 2 an added kan; ``RecordLiuJu.type`` 1 nine terminals; a field at its default
is left out).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agari.game.files import read_game
from agari.game.logs import (
    Abort,
    Call,
    Discard,
    Draw,
    LogError,
    RiichiAccepted,
    StatedFuriten,
    StatedWaits,
    Win,
    read_log,
)
from agari.game.logs.majsoul import tile_of
from agari.game.replay_log import replay_log
from agari.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "fixtures/logs/majsoul/mahjongsoul_210815-6da08e40-2605-42fb-a5e3-f8aa5940362a.json"


def test_the_record_read_whole() -> None:
    log = read_log(RECORD)
    # head: "uuid": "210815-6da08e40-…", accounts' nicknames player A … D
    assert log.source == "majsoul" and log.game_id == "210815-6da08e40-2605-42fb-a5e3-f8aa5940362a"
    assert log.names == ("player A", "player B", "player C", "player D")
    assert log.date is not None and log.date.isoformat() == "2021-08-15" and log.date_from == "log"
    assert (log.rules.server, log.rules.players) == ("majsoul", 4)
    # head.result.players: part_point_1 (final score) and total_point (points x 1000)
    assert log.final_scores == (-3600, 23600, 39500, 40500)
    assert log.final_points == (-43.6, -6.4, 19.5, 30.5)
    assert len(log.rounds) == 9 and log.complete


def test_the_first_round_as_the_records_say() -> None:
    first = read_log(RECORD).rounds[0]
    # RecordNewRound: chang 0, ju 0, ben 0, the dealer's tiles0 has 14 tiles ending in 3z
    assert (first.name, first.honba, first.sticks, first.dealer) == ("E1", 0, 0, 0)
    assert all(len(h) == 13 for h in first.hands)
    assert first.events[0] == Draw(0, Tile.parse("3z"))
    # RecordDiscardTile seat 0 3z moqie false, zhenting all false
    assert first.events[1] == Discard(0, Tile.parse("3z"), False, False)
    assert first.events[2] == StatedFuriten((False,) * 4)
    # RecordChiPengGang seat 0 type 1 tiles 1z 1z 1z froms [0, 0, 2]: pon of seat 2's 1z
    pon = next(e for e in first.events if isinstance(e, Call))
    assert (pon.seat, pon.kind, pon.from_seat, str(pon.called)) == (0, "pon", 2, "1z")
    # a discard whose tingpais list 3m: its waits
    waits = [e for e in first.events if isinstance(e, StatedWaits)]
    assert waits and waits[0].waits == (Tile.parse("3m"),)
    # seat 2 wins by ron (zimo absent), in riichi; the stick was accepted at the next draw
    win = next(e for e in first.events if isinstance(e, Win))
    assert (win.seat, win.from_seat, win.han, win.fu, win.points) == (2, 0, 6, 30, 12000)
    assert RiichiAccepted(2) in first.events


def test_the_record_replays_as_the_server_scored_it() -> None:
    replay = replay_log(read_log(RECORD))
    assert replay.error is None and replay.differences == []
    assert replay.rules.name == "majsoul"
    assert replay.standings.points == (-43.6, -6.4, 19.5, 30.5)


def test_tiles() -> None:
    assert tile_of("0p") == Tile.parse("0p") and tile_of("7z") == Tile.parse("7z")
    for bad in ("8z", "0z", "5x", 5, "55m"):
        with pytest.raises(ValueError):
            tile_of(bad)


# --------------------------------------------------------------------------- made records


def _record(players: int, rounds: list[list[tuple[str, dict[str, Any]]]]) -> bytes:
    actions = [
        {"type": 1, "result": {"name": f".lq.{name}", "data": data}}
        for records in rounds
        for name, data in records
    ]
    head = {
        "uuid": "230101-00000000-0000-0000-0000-000000000000",
        "config": {"mode": {"mode": 12 if players == 3 else 2}},
        "accounts": [{"seat": s, "nickname": f"P{s}"} for s in range(players)],
    }
    return json.dumps({"head": head, "data": {"data": {"actions": actions}}}).encode()


def _new_round(hands: list[str], *, dora: str = "3s", players: int = 3) -> dict[str, Any]:
    tiles = {f"tiles{s}": _tiles(hands[s]) for s in range(players)}
    return {"scores": [35000] * players, "doras": [dora], **tiles}  # chang, ju, ben: 0


def _tiles(text: str) -> list[str]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def test_a_closed_kan_and_a_kita_then_a_win_on_the_replacement_tile() -> None:
    """Three players. The dealer (seat 0, left out of each record: its default) declares a
    closed kan of 1m, draws 7z, sets aside a North, draws 6p and wins: rinshan."""
    hands = ["1111999m12345p47z", "6789p11s1234566z", "6789p99s1234577z"]
    data = _record(
        3,
        [
            [
                ("RecordNewRound", _new_round(hands)),
                ("RecordAnGangAddGang", {"type": 3, "tiles": "1m"}),
                ("RecordDealTile", {"tile": "7z"}),
                ("RecordBaBei", {}),
                ("RecordDealTile", {"tile": "6p", "doras": ["3s"]}),
                ("RecordHule", {"hules": [{"zimo": True, "qinjia": True}]}),
            ]
        ],
    )
    log = read_log(data, game="made.json")
    assert log.rules.players == 3 and log.rules.length == "south"
    events = log.rounds[0].events
    kan = next(e for e in events if isinstance(e, Call))
    assert (kan.kind, [str(t) for t in kan.tiles]) == ("ankan", ["1m"] * 4)
    draws = [e for e in events if isinstance(e, Draw)]
    assert [d.replacement for d in draws] == [False, True, True]
    assert any(isinstance(e, Call) and e.kind == "kita" for e in events)
    replay = replay_log(log)
    assert replay.error is None
    won = replay.rounds[0].played.wins[0]
    assert "rinshan" in {y.id for y in won.result.yaku or ()}
    assert won.result.dora is not None and won.result.dora["kita"] == 1


def test_a_pon_then_an_added_kan_and_an_abortive_draw() -> None:
    """Four players: seat 1 pons seat 0's 5z, later adds the fourth 5z (type 2) and draws
    its replacement; the round ends in nine terminals (RecordLiuJu type 1)."""
    # 14 tiles for the dealer, which discards its 5z first; no kind dealt, drawn or shown
    # more than four times (the replay counts them)
    hands = ["1234567m123456p5z", "55z234m456p678s12s", "19m19p19s1234667z", "19m19p19s1234677z"]
    data = _record(
        4,
        [
            [
                ("RecordNewRound", {**_new_round(hands, players=4)}),
                ("RecordDiscardTile", {"tile": "5z"}),
                (
                    "RecordChiPengGang",
                    {"seat": 1, "type": 1, "tiles": ["5z", "5z", "5z"], "froms": [1, 1, 0]},
                ),
                ("RecordDiscardTile", {"seat": 1, "tile": "1s"}),
                ("RecordDealTile", {"seat": 2, "tile": "9s"}),
                ("RecordDiscardTile", {"seat": 2, "tile": "9s", "moqie": True}),
                ("RecordDealTile", {"seat": 3, "tile": "9s"}),
                ("RecordDiscardTile", {"seat": 3, "tile": "9s", "moqie": True}),
                ("RecordDealTile", {"tile": "8m"}),
                ("RecordDiscardTile", {"tile": "8m", "moqie": True}),
                ("RecordDealTile", {"seat": 1, "tile": "5z"}),
                ("RecordAnGangAddGang", {"seat": 1, "type": 2, "tiles": "5z"}),
                ("RecordDealTile", {"seat": 1, "tile": "3s", "doras": ["3s", "1m"]}),
                ("RecordDiscardTile", {"seat": 1, "tile": "3s", "moqie": True}),
                ("RecordLiuJu", {"type": 1}),
            ]
        ],
    )
    log = read_log(data, game="made.json")
    events = log.rounds[0].events
    kakan = [e for e in events if isinstance(e, Call) and e.kind == "kakan"]
    assert len(kakan) == 1 and kakan[0].from_seat == 0 and str(kakan[0].added) == "5z"
    assert any(isinstance(e, Abort) and e.reason == "kyuushu" for e in events)
    replay = replay_log(log)
    assert replay.error is None and replay.rounds[0].played.result == "abort"


def test_a_damaged_record_keeps_the_rounds_before_the_damage() -> None:
    text = RECORD.read_text(encoding="utf-8")
    later = text.index('RecordNewRound"', 100000)  # a round's start, well into the file
    cut = text[:later]
    done = read_game(cut.encode(), "cut.json")
    assert done.status == 1 and done.error is not None and "cut off" in done.error
    rounds = [r for r in done.records() if r["kind"] == "round"]
    assert rounds and all(r["match"] for r in rounds)
    with pytest.raises(LogError, match=r"without its \.lq\.GameDetailRecords"):
        read_log(b'{"head": {"uuid": "x"}, "data": 5}', game="x.json")
