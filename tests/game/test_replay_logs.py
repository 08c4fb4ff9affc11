"""Real game logs replayed (agari.game.replay_log, ``agari game LOG``): every win scored by
agari, every round settled by the ledger, the log's own values only compared.

The development logs (``../shared/logs``, skipped when absent) and the MIT / Apache logs of
``fixtures/logs`` must agree with the server on every round's deltas, every win's han, fu,
points and yaku, and the final scores and points. Their blanked form (every stated value
removed) must give the same rounds and standings. Synthetic rounds check the context facts
that the real logs here do not show (haitei, houtei, tenhou, double riichi, chankan keeping
ippatsu, liability, nagashi mangan) and damaged logs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from agari.game.logs import (
    Call,
    Discard,
    Draw,
    ExhaustiveDraw,
    GameLog,
    LogRules,
    Nagashi,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    Win,
    read_log,
)
from agari.game.logs.mjlog import YAKU_NAMES as MJLOG_YAKU
from agari.game.logs.yaku_names import LOG_NAMES, TENHOU_IDS, dora_key, yaku_id
from agari.game.outcomes import Draw as DrawOutcome
from agari.game.outcomes import Wins
from agari.game.replay_log import (
    LogReplay,
    ReplayError,
    blank_log,
    check_copies,
    log_rules,
    replay_log,
    walk_round,
)
from agari.hand import Hand
from agari.notation import parse_hand
from agari.rules import Rules
from agari.tiles import Tile
from tests.conftest import run_agari

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


def _replay(path: Path) -> LogReplay:
    return replay_log(read_log(path), name=path.name)


def _unexplained(replay: LogReplay) -> list[str]:
    return [str(d) for d in replay.differences]


def _plain(records: list[dict[str, Any]]) -> str:
    """The records without what the log states (``log``, ``match``, ``differences``)."""
    out = []
    for r in records:
        r = {k: v for k, v in r.items() if k not in ("log", "match", "differences")}
        out.append(r)
    return json.dumps(out, sort_keys=True)


# --------------------------------------------------------------------------- real logs


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.name)
def test_every_fixture_log_agrees_with_the_server(path: Path) -> None:
    replay = _replay(path)
    assert replay.error is None
    assert _unexplained(replay) == []
    assert replay.rounds and len(replay.rounds) == len(replay.log.rounds)


@needs_shared
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: p.name)
def test_every_development_log_agrees_with_the_server(path: Path) -> None:
    replay = _replay(path)
    assert replay.error is None
    assert _unexplained(replay) == []
    if replay.log.final_points is not None:
        assert replay.standings.finished


@needs_shared
def test_the_development_logs_in_figures() -> None:
    """59 games: 12 tenhou.net/6 (114 rounds, 100 wins), 20 mjlog (165, 140), the Mahjong
    Soul record (9, 8), 3 Riichi City records (28, 26) and 23 mjai conversions (192, 169):
    508 rounds, 443 wins (the rounds and wins each file holds); every round's deltas, every
    win's han, fu, points and yaku and every final result the logs state (43 of them: 6 ``sc``,
    20 ``owari``, 1 ``head.result``, 3 RoomEnd, 13 ``end_game``) agree."""
    replays = [_replay(p) for p in SHARED_FILES]
    assert len(replays) == 59
    assert sum(len(r.rounds) for r in replays) == 508
    assert sum(r.wins for r in replays) == 443
    stated_ends = [r for r in replays if r.end_stated]
    assert len(stated_ends) == 43
    rounds = [x for r in replays for x in r.rounds]
    assert all(x.stated for x in rounds)
    wrong = [x for x in rounds if not x.match]
    assert wrong == [], [str(d) for x in wrong for d in x.differences]
    assert all(r.end_match for r in stated_ends)


@pytest.mark.parametrize("path", FIXTURE_FILES + SHARED_FILES, ids=lambda p: p.name)
def test_a_blanked_log_gives_the_same_output(path: Path) -> None:
    log = read_log(path)
    blank = blank_log(log)
    assert all(
        e.han is None and e.points is None and e.deltas is None and e.yaku is None
        for r in blank.rounds
        for e in r.events
        if isinstance(e, Win)
    )
    full = replay_log(log, name="game")
    stripped = replay_log(blank, name="game")
    assert stripped.differences == [] and stripped.error is None
    assert _plain(full.records()) == _plain(stripped.records())
    assert all(r["match"] is None for r in stripped.records())


def test_rules_from_the_log() -> None:
    four = read_log(FIXTURES / "tenhou6" / "tenhou_2019021004gm-00a9-0000-e2f6516d.json")
    rules = log_rules(four)
    assert (rules.name, rules.uma, rules.final_points, rules.game_length) == (
        "tenhou",
        "20,10,-10,-20",
        "rounded",
        "south",
    )
    east_2009 = read_log(FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml")
    assert log_rules(east_2009).uma == "10,5,-5,-10"
    assert log_rules(east_2009).game_length == "east"
    three = read_log(FIXTURES / "mjlog" / "2022011300gm-00b9-0000-551d5cff.xml")
    sanma = log_rules(three)
    assert (sanma.players, sanma.start_points, sanma.return_points, sanma.uma) == (
        3,
        35000,
        40000,
        "20,0,-20",
    )
    # The rounding of the final points: as the log's final result shows it (issue 24),
    # whatever the date; by the date only where the log states no final points.
    later = replace(four, date=four.date.replace(year=2024) if four.date else None)
    assert log_rules(later).final_points == "rounded"
    assert log_rules(blank_log(later)).final_points == "decimal"
    no_red = replace(four, rules=replace(four.rules, red_fives=False, open_tanyao=False))
    assert (log_rules(no_red).aka, log_rules(no_red).open_tanyao) == (False, False)
    soul = replace(four, rules=replace(four.rules, server="majsoul"))
    assert log_rules(soul).name == "majsoul"
    assert log_rules(four, "mleague", ["kiriage=off"]).describe().startswith("mleague")


def test_every_tenhou_yaku_name_maps_to_an_agari_id() -> None:
    for number, name in enumerate(MJLOG_YAKU):
        key = yaku_id(name) or dora_key(name)
        assert key is not None, name
        assert TENHOU_IDS[number] == key
    assert set(LOG_NAMES) <= {*TENHOU_IDS.values()}
    assert yaku_id("役牌\uff1a自風牌") == "seat_wind" and yaku_id("Under the River") == "houtei"


# --------------------------------------------------------------------------- synthetic rounds


def _tiles(text: str) -> tuple[Tile, ...]:
    return parse_hand(text).concealed


T = Tile.parse
FILLER = ("19m19p19s1234567z", "19m19p19s1234566z", "19m19p19s1234577z", "19m19p19s1234556z")


def _round(hands: list[str], events: list[Any], *, dealer: int = 0, dora: str = "9s") -> RoundLog:
    return RoundLog(
        index=0,
        wind=0,
        number=dealer + 1,
        honba=0,
        sticks=0,
        dealer=dealer,
        scores=(25000,) * 4,
        hands=tuple(tuple(sorted(_tiles(h))) for h in hands),
        dora_indicator=T(dora),
        events=(*events, RoundEnd()),
    )


def _burn(first: int, count: int, tile: str = "1z") -> list[Any]:
    """``count`` turns of draw-and-discard the same tile, from seat ``first`` on."""
    out: list[Any] = []
    for k in range(count):
        seat = (first + k) % 4
        out += [Draw(seat, T(tile)), Discard(seat, T(tile), tsumogiri=True)]
    return out


def _win_hand(round_log: RoundLog) -> tuple[Wins, Hand]:
    outcome, _ = walk_round(round_log, Rules.preset("tenhou"))
    assert isinstance(outcome, Wins)
    hand = outcome.wins[0].hand
    assert isinstance(hand, Hand)
    return outcome, hand


def test_haitei_on_the_last_wall_tile_and_houtei_on_the_last_discard() -> None:
    hands = ["123m456p789s1155z", *FILLER[1:]]
    # 69 draws, then seat 1 draws the 70th and last tile and wins on it
    hands_s1 = [FILLER[0], "123m456p789s1155z", *FILLER[2:]]
    tsumo = _round(hands_s1, [*_burn(0, 69), Draw(1, T("5z")), Win(1, 1)])
    _, hand = _win_hand(tsumo)
    assert hand.context.haitei and hand.context.tsumo
    ron = _round(
        hands, [*_burn(0, 69), Draw(1, T("5z")), Discard(1, T("5z"), tsumogiri=True), Win(0, 1)]
    )
    _, hand = _win_hand(ron)
    assert hand.context.houtei and not hand.context.tsumo
    assert str(hand.win) == "5z"


def test_tenhou_and_double_riichi() -> None:
    heaven = _round(["123m456p789s1155z", *FILLER[1:]], [Draw(0, T("5z")), Win(0, 0)])
    _, hand = _win_hand(heaven)
    assert hand.context.tenhou
    double = _round(
        [FILLER[0], "123m456p789s1155z", *FILLER[2:]],
        [
            *_burn(0, 1),
            Draw(1, T("9m")),
            Discard(1, T("9m"), tsumogiri=True, riichi=True),
            RiichiAccepted(1),
            *_burn(2, 3),
            Draw(1, T("5z")),
            Win(1, 1),
        ],
    )
    _, hand = _win_hand(double)
    assert hand.context.double_riichi and hand.context.ippatsu and hand.context.tsumo


def test_a_robbed_added_kan_keeps_ippatsu_and_is_chankan() -> None:
    hands = [FILLER[0], "123m456p789s1112z", "2233445m55p66p22z", FILLER[3]]
    events = [
        Draw(0, T("9m")),
        Discard(0, T("2z")),
        Call(2, "pon", (T("2z"),) * 3, T("2z"), 0),
        Discard(2, T("2m")),
        *_burn(3, 2),
        Draw(1, T("9m")),
        Discard(1, T("9m"), tsumogiri=True, riichi=True),
        RiichiAccepted(1),
        Draw(2, T("2z")),
        Call(2, "kakan", (T("2z"),) * 4, T("2z"), 0, T("2z")),
        Win(1, 2),
    ]
    outcome, hand = _win_hand(_round(hands, events))
    assert hand.context.chankan and hand.context.ippatsu and hand.context.riichi
    assert outcome.wins[0].from_seat == 2 and str(hand.win) == "2z"
    # a kan that is not robbed breaks the ippatsu chance
    events[-1] = Discard(2, T("2m"))
    events += [Draw(3, T("1z")), Discard(3, T("1z")), Draw(0, T("2z")), Discard(0, T("2z"))]
    events.append(Win(1, 0))
    outcome, hand = _win_hand(_round(hands, events))
    assert not hand.context.ippatsu and not hand.context.chankan


def test_liability_from_the_calls() -> None:
    """The seat that fed the third dragon set is liable; the ledger settles it."""
    # no dragons and few copies of what is drawn beside seat 0's (the replay counts them)
    hands = ["55z66z77z123m456p9s", "2589m2589p19s123z", "2589m2589p28s124z", "2589m2589p37s134z"]
    events: list[Any] = [Draw(0, T("1z")), Discard(0, T("1z"))]
    for dragon, discard in (("5z", "1m"), ("6z", "2m"), ("7z", "3m")):
        events += [
            Draw(1, T(dragon)),
            Discard(1, T(dragon), tsumogiri=True),
            Call(0, "pon", (T(dragon),) * 3, T(dragon), 1),
            Discard(0, T(discard)),
        ]
    events += [*_burn(1, 3, "6s"), Draw(0, T("9s")), Win(0, 0)]
    outcome, _ = _win_hand(_round(hands, events))
    assert outcome.wins[0].pao == 1
    log = GameLog(
        "test",
        "game",
        None,
        ("A", "B", "C", "D"),
        LogRules(4, "tenhou"),
        None,
        (_round(hands, events),),
    )
    replay = replay_log(log, Rules.preset("tenhou"))
    assert replay.error is None
    # a dealer daisangen tsumo: the liable seat 1 pays it all (48000)
    assert replay.game.rounds[0].deltas == (48000, -48000, 0, 0)


def test_nagashi_mangan_from_the_rivers() -> None:
    hands = [FILLER[0], FILLER[1], "19m19p19s1234567z", FILLER[3]]
    events: list[Any] = []
    for k in range(70):
        seat = k % 4
        tile = "1z" if seat == 2 else "5m"
        events += [Draw(seat, T(tile)), Discard(seat, T(tile), tsumogiri=True)]
    events.append(Nagashi())
    outcome, facts = walk_round(_round(hands, events), Rules.preset("tenhou"))
    assert isinstance(outcome, DrawOutcome)
    assert outcome.nagashi == 2 and 2 in facts.nagashi
    events[-1] = ExhaustiveDraw()
    outcome, facts = walk_round(_round(hands, events), Rules.preset("tenhou"))
    assert isinstance(outcome, DrawOutcome) and outcome.nagashi is None


def test_no_kind_comes_out_of_the_wall_five_times() -> None:
    """Four copies of a kind: dealt, drawn and shown as dora indicators in all. A fifth is
    a damaged log, named by the draw or indicator that shows it (a deal by no event)."""
    hands = ["1111m456p789s125z", "258m258p258s1234z", "369m369p369s1234z", "147p147s2589m123z"]
    ok = _round(hands, [Draw(0, T("9m")), Discard(0, T("9m"))], dora="9m")
    check_copies(ok)  # 1m four times, 9m four times (the indicator and the draw among them)
    drawn = _round(hands, [Draw(0, T("9m")), Discard(0, T("9m")), Draw(1, T("9m"))], dora="9m")
    with pytest.raises(ReplayError, match=r"^9m is dealt, drawn or shown 5 times$") as error:
        check_copies(drawn)
    assert error.value.event == 2
    shown = _round(hands, [Draw(0, T("2p")), NewDora(T("1m"))])
    with pytest.raises(ReplayError, match=r"^1m is dealt, drawn or shown 5 times$") as error:
        check_copies(shown)
    assert error.value.event == 1
    dealt = _round([hands[0], "1258m58p258s1234z", *hands[2:]], [])
    with pytest.raises(ReplayError, match=r"^1m is dealt, drawn or shown 5 times$") as error:
        check_copies(dealt)
    assert error.value.event is None
    # The readers of tenhou.net/6 and mjlog refuse a fifth copy as they read: their rounds
    # are not counted again; every other format's are.
    for source in ("tenhou6", "mjlog"):
        check_copies(drawn, source)
    for source in ("majsoul", "riichicity", "mjai"):
        with pytest.raises(ReplayError, match=r"^9m is dealt, drawn or shown 5 times$"):
            check_copies(drawn, source)


# --------------------------------------------------------------------------- damaged logs

GOOD = FIXTURES / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"


def _agari(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return run_agari("game", *args, stdin=stdin)


def test_a_discard_not_in_the_hand_names_the_game_round_and_event(tmp_path: Path) -> None:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    # E2-0 (the second round): seat 0's first discard becomes a tile it never holds
    held = {c for c in data["log"][1][4] + data["log"][1][5] if isinstance(c, int)}
    data["log"][1][6][0] = next(c for c in range(41, 48) if c not in held)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    done = _agari(str(bad), str(GOOD))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    message = done.stderr.strip().splitlines()[0]
    assert "bad.json" in message and "round E2-0" in message and "event" in message
    assert "not in its hand" in message
    # the round before the damage is printed, and the next file is still read
    assert "E1-0" in done.stdout and "stopped:" in done.stdout
    assert done.stdout.count("\nstandings so far") == 1
    assert done.stdout.count("\nfinal standings (game over") == 1
    assert "summary: 2 games" in done.stdout


def test_a_truncated_log_keeps_the_rounds_before_the_cut(tmp_path: Path) -> None:
    text = (FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml").read_text(encoding="utf-8")
    cut = tmp_path / "2009031123gm-00e1-0000-1456d6b0.xml"
    cut.write_text(text[: len(text) * 2 // 3], encoding="utf-8")
    done = _agari(str(cut), "--json")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    kinds = [r["kind"] for r in records]
    assert kinds[-2:] == ["error", "end"] and kinds.count("round") >= 2
    assert "cut off" in records[-2]["message"] or "damaged" in records[-2]["message"]
    assert records[-1]["finished"] is False


def test_a_call_that_does_not_fit_the_hand() -> None:
    log = read_log(GOOD)
    first = log.rounds[0]
    events = list(first.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Call))
    call = events[at]
    assert isinstance(call, Call)
    events[at] = replace(call, tiles=(T("1m"), T("1m"), T("1m")), called=T("1m"))
    broken = replace(log, rounds=(replace(first, events=tuple(events)), *log.rounds[1:]))
    replay = replay_log(broken, name="broken")
    assert replay.error is not None and "round E1-0" in replay.error
    assert f"event {at}" in replay.error and replay.rounds == []


# --------------------------------------------------------------------------- the command


def test_check_json_and_jobs() -> None:
    # logs that state every round's deltas (a bot's mjai log may state none)
    files = [str(p) for p in FIXTURE_FILES if p.parent.name != "mjai"][:6]
    one = _agari(*files, "--json", "--check")
    assert one.returncode == 0, one.stderr
    records = [json.loads(line) for line in one.stdout.splitlines()]
    rounds = [r for r in records if r["kind"] == "round"]
    assert all(r["match"] is True and r["log"]["deltas"] == r["deltas"] for r in rounds)
    for key in ("kind", "game", "index", "round", "honba", "sticks", "dealer", "scores"):
        assert key in rounds[0]
    win = next(r for r in rounds if r["wins"])["wins"][0]
    assert {"seat", "from", "pao", "hand", "result"} <= set(win)
    assert "summary: 6 games" in one.stderr
    many = _agari(*files, "--json", "--check", "--jobs", "3")
    assert many.stdout == one.stdout


def test_check_fails_on_a_value_agari_does_not_reproduce(tmp_path: Path) -> None:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    result = data["log"][0][-1]
    result[2][3] = result[2][3].replace("7700", "8000")  # "30符4飜7700点" -> 8000
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    done = _agari(str(changed), "--check")
    assert done.returncode == 1
    assert "DIFFERS: points log 8000 agari 7700" in done.stdout
    assert _agari(str(changed)).returncode == 0


def test_the_readme_shows_the_real_output() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = (
        "$ cd fixtures/logs/tenhou6 && agari game tenhou_2019050417gm-0029-0000-4f2a8622.json\n"
    )
    shown = readme.split(command, 1)[1].split("\n```", 1)[0] + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "agari", "game", "tenhou_2019050417gm-0029-0000-4f2a8622.json"],
        capture_output=True,
        text=True,
        cwd=FIXTURES / "tenhou6",
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == shown
