"""The mjai reader (agari.game.logs.mjai, SPEC §7): the writers' dialects as real files have
them (``fixtures/logs/mjai``, licences in its README), and made files for what they lack.

Facts checked against a file were read from its raw lines, quoted beside the checks (line
numbers of the file). mjai's events and tiles as the protocol has them (gimite/mjai): ``5mr``
a red five, ``E S W N P F C`` the honours.
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
    Abort,
    Call,
    Discard,
    ExhaustiveDraw,
    LogError,
    NewDora,
    RoundEnd,
    Win,
    detect_format,
    read_log,
)
from agari.game.logs.mjai import tile_of
from agari.game.replay_log import replay_log
from tests.conftest import run_agari

ROOT = Path(__file__).resolve().parents[2]
MJAI = ROOT / "fixtures" / "logs" / "mjai"
SANMA = MJAI / "2009030612gm-00b9-0000-8753731c.mjson"
DOUBLE_RON = MJAI / "2022011023gm-00e1-0000-c2dfff77.mjson"
FROM_TENHOU6 = MJAI / "tenhou_2019080322gm-00a9-0000-81e85e04.mjson"
RIICHIENV = MJAI / "riichienv_126_204_0.mjson"
AKOCHAN = MJAI / "akochan_haifu_log_sample.mjson"
MANUE = MJAI / "mjai-manue_2026-07-01-130909.mjson"


def test_tiles() -> None:
    assert [str(tile_of(t)) for t in ("1m", "9p", "5sr", "0m", "E", "N", "P", "F", "C")] == [
        "1m", "9p", "0s", "0m", "1z", "4z", "5z", "6z", "7z",
    ]  # fmt: skip
    for bad in ("6mr", "5z", "X", "10m", 5):
        with pytest.raises(ValueError, match="not an mjai tile"):
            tile_of(bad)
    with pytest.raises(ValueError, match="hidden"):
        tile_of("?")


def test_every_fixture_is_told_apart_as_mjai() -> None:
    for path in sorted(MJAI.glob("*.mjson")):
        assert detect_format(path.read_text(encoding="utf-8")) == "mjai", path.name


def test_a_three_player_game_with_kita() -> None:
    """Line 2: ``start_kyoku`` with ``scores`` [35000, 35000, 35000, 0] and three tehais;
    line 6: ``{"type":"kita","actor":1,"pai":"N"}``."""
    log = read_log(SANMA)
    assert (log.players, log.source, log.rules.server) == (3, "mjai", None)
    first = log.rounds[0]
    assert first.scores == (35000, 35000, 35000)
    assert any(isinstance(e, Call) and e.kind == "kita" and e.seat == 1 for e in first.events)
    choice = decide_rules(log)
    assert choice.rules.name == "tenhou-sanma"
    assert any("does not name its server" in note for note in choice.notes)


def test_a_double_ron_and_the_length_jansou_states() -> None:
    """Line 1: jansou's ``rules`` with ``game_length`` "E"; lines 134-135: two ``hora`` on
    seat 1's discard, ``deltas`` [0,-2600,5600,0] (the sticks to the first) and
    [0,-8000,0,8000] with ``uradora_markers`` ["5s","S"]."""
    log = read_log(DOUBLE_RON)
    assert log.rules.length == "east"
    wins = [e for e in log.rounds[0].events if isinstance(e, Win)]
    assert [(w.seat, w.from_seat, w.deltas) for w in wins] == [
        (2, 1, (0, -2600, 5600, 0)),
        (3, 1, (0, -8000, 0, 8000)),
    ]
    assert [str(t) for t in wins[1].ura_indicators] == ["5s", "2z"]
    assert log.rounds[0].end.deltas == (0, -10600, 5600, 8000)
    assert log.complete  # end_game


def test_a_conversion_from_tenhou6() -> None:
    """Line 108: the abortive draw ``{"reason":"九種九牌","deltas":[]}``; line 686: a kan
    ``dora`` written just before its round's result, as jansou writes them from
    tenhou.net/6: it counts for the win, so it stands before it."""
    log = read_log(FROM_TENHOU6)
    aborts = [e for r in log.rounds for e in r.events if isinstance(e, Abort)]
    assert [(a.reason, a.deltas) for a in aborts] == [("kyuushu", (0, 0, 0, 0))]
    for r in log.rounds:
        kinds = [type(e) for e in r.events]
        if NewDora in kinds:
            assert kinds.index(NewDora) < min(
                i for i, k in enumerate(kinds) if k in (Win, ExhaustiveDraw)
            )


def test_a_draw_without_a_reason_is_told_by_the_play() -> None:
    """RiichiEnv writes ``ryukyoku`` with ``deltas`` only (line 746: [1000,1000,1000,-3000])
    after the wall is used up: an exhaustive draw with three ready seats."""
    log = read_log(RIICHIENV)
    draws = [e for r in log.rounds for e in r.events if isinstance(e, ExhaustiveDraw)]
    assert draws[0].deltas == (1000, 1000, 1000, -3000) and draws[0].tenpai == (0, 1, 2)
    replay = replay_log(log)
    assert replay.error is None and replay.differences == []


def test_a_bots_log_without_values() -> None:
    """akochan: keys sorted, ``start_game`` {"kyoku_first": 4, "aka_flag": true, "names":
    []}; ``hora`` {"actor": 0, "target": 0, "type": "hora"}; ``end_game`` with the final
    ``scores`` [31500, 14400, 40800, 13300]; it ends after East 4: an east-only game."""
    log = read_log(AKOCHAN)
    assert (log.rules.length, log.rules.red_fives, log.names) == ("east", True, ("",) * 4)
    assert all(w.deltas is None and w.han is None for w in log.rounds[0].results)
    assert log.final_scores == (31500, 14400, 40800, 13300)
    replay = replay_log(log)
    assert replay.error is None and replay.differences == []
    assert replay.standings.scores == (31500, 14400, 40800, 13300)


def test_a_bots_log_with_its_values() -> None:
    """mjai-manue: ``start_kyoku`` without ``scores``; line 110: ``hora`` with "fu":40,
    "fan":2, "hora_points":2600, "deltas":[0,0,3600,-2600]."""
    log = read_log(MANUE)
    assert log.rounds[0].scores is None
    win = next(e for e in log.rounds[0].events if isinstance(e, Win))
    assert (win.han, win.fu, win.points, win.deltas, win.yaku) == (
        2,
        40,
        2600,
        (0, 0, 3600, -2600),
        None,  # its yaku names are not read
    )
    replay = replay_log(log)
    assert replay.error is None and replay.differences == []


# --------------------------------------------------------------------------- made files


def lines(*events: dict[str, Any]) -> bytes:
    return "".join(json.dumps(e) + "\n" for e in events).encode()


START = {"type": "start_game", "names": ["A", "B", "C", "D"]}
HANDS = [
    ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"],
    ["1m", "1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F"],
    ["2m", "3m", "4m", "2p", "3p", "4p", "2s", "3s", "4s", "6s", "6s", "7m", "8m"],
    ["5m", "5m", "6m", "6p", "7p", "8p", "3s", "4s", "5s", "9m", "9m", "9p", "9p"],
]
KYOKU = {
    "type": "start_kyoku",
    "bakaze": "E",
    "kyoku": 1,
    "honba": 0,
    "kyotaku": 0,
    "oya": 0,
    "scores": [25000] * 4,
    "dora_marker": "1p",
    "tehais": HANDS,
}


def test_a_reach_marks_the_discard_and_a_missing_tsumogiri_is_worked_out() -> None:
    """Seat 0 draws S and declares riichi discarding 1m; seat 1 then has nine terminals (a
    ``ryukyoku`` without reason, the wall far from used up: kyuushu)."""
    data = lines(
        START,
        KYOKU,
        {"type": "tsumo", "actor": 0, "pai": "S"},
        {"type": "reach", "actor": 0},
        {"type": "dahai", "actor": 0, "pai": "1m"},
        {"type": "reach_accepted", "actor": 0},
        {"type": "tsumo", "actor": 1, "pai": "C"},
        {"type": "ryukyoku"},
        {"type": "end_kyoku"},
    )
    log = read_log(data, game="made.mjson")
    events = log.rounds[0].events
    assert Discard(0, events[1].tile, tsumogiri=False, riichi=True) == events[1]  # type: ignore[union-attr]
    assert isinstance(events[-2], Abort) and events[-2].reason == "kyuushu"
    assert isinstance(events[-1], RoundEnd) and not log.complete


def test_damage_names_the_line_and_keeps_the_rounds_before() -> None:
    whole = lines(
        START,
        KYOKU,
        {"type": "tsumo", "actor": 1, "pai": "C"},
        {"type": "ryukyoku", "reason": "kyushukyuhai"},
        {"type": "end_kyoku"},
        {**KYOKU, "honba": 1},
        {"type": "tsumo", "actor": 0, "pai": "S"},
    )
    with pytest.raises(LogError, match="stops inside the round") as cut:
        read_log(whole, game="made.mjson")
    assert [r.label for r in cut.value.rounds] == ["E1-0"]
    done = read_game(whole[:-10], "cut.mjson")
    assert done.status == 1 and "line 7 is not whole JSON" in (done.error or "")
    assert [r["round"] for r in done.records() if r["kind"] == "round"] == ["E1"]
    hidden = lines(START, {**KYOKU, "tehais": [["?"] * 13, *HANDS[1:]]})
    with pytest.raises(LogError, match=r"line 2: a tile hidden"):
        read_log(hidden, game="made.mjson")
    twice = lines(START, {"type": "end_game"}, START)
    with pytest.raises(LogError, match="line 3: a second game starts"):
        read_log(twice, game="made.mjson")
    odd = lines(START, KYOKU, {"type": "shout", "actor": 0})
    with pytest.raises(LogError, match=r"line 3: an event of type 'shout'"):
        read_log(odd, game="made.mjson")


def test_gzip_is_read_like_the_plain_file() -> None:
    plain = SANMA.read_bytes()
    assert read_log(gzip.compress(plain), game="x.mjson.gz") == read_log(plain, game="x.mjson.gz")


def _second_round_dealt_five(path: Path, tmp_path: Path) -> Path:
    """``path`` with seat 0 of its second round dealt three more 2p: five in its hand, six
    dealt in all (seat 1 holds one). The mjai reader reads it (it does not count copies);
    the replay finds it damaged."""
    out = []
    rounds = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["type"] == "start_kyoku":
            rounds += 1
            if rounds == 2:
                assert event["tehais"][0].count("2p") == 2
                event["tehais"][0][0:3] = ["2p", "2p", "2p"]
        out.append(json.dumps(event))
    damaged = tmp_path / "five.mjson"
    damaged.write_text("\n".join(out) + "\n", encoding="utf-8")
    return damaged


def test_a_fifth_copy_stops_the_replay_and_the_review_keeps_the_rounds_before(
    tmp_path: Path,
) -> None:
    """A log that deals, draws or shows a kind a fifth time is damaged, whichever reader
    read it: the replay stops there with the round named; ``agari review`` reviews the
    rounds before (it once raised the table's error from the damaged round)."""
    damaged = _second_round_dealt_five(SANMA, tmp_path)
    log = read_log(damaged.read_bytes(), game="five.mjson")
    assert len(log.rounds) > 2  # read whole
    replay = replay_log(log, name="five.mjson")
    assert replay.error == "five.mjson, round E1-1 (#2): 2p is dealt, drawn or shown 6 times"
    assert [r.log.label for r in replay.rounds] == [log.rounds[0].label]
    done = run_agari("review", str(damaged))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"agari review: {damaged}, round E1-1 (#2): 2p is dealt, drawn or shown 6 times"
    )
    assert " E1-0 turn " in done.stdout and " E1-1 " not in done.stdout
    records = [
        json.loads(x) for x in run_agari("review", "--json", str(damaged)).stdout.splitlines()
    ]
    assert {(r["round"], r["honba"]) for r in records if r["kind"] == "decision"} == {("E1", 0)}
