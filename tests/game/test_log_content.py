"""A game log's replay comes from its content alone (issue 24, SPEC §7): the same game with
its stated values blanked out of the file, or under a neutral file name, replays the same;
the rules, the starting scores, the end of the game and Tenhou's final points come from
what the file holds; damaged and odd files give errors that name the round and event.

Real games come from ``fixtures/logs`` (MIT / Apache sources, its README) and, when it is
there, ``../shared/logs``. Facts checked against a log were read from the raw file, and are
quoted next to the check.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agari.game.files import read_game
from agari.game.ledger import GameState, step
from agari.game.log_rules import TENHOU_2009_CHANGE, decide_rules
from agari.game.logs import LogError, read_log
from agari.game.outcomes import Abort, Draw, Win, Wins
from agari.game.replay_log import replay_log
from agari.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "logs"
SHARED = ROOT.parent / "shared" / "logs"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/logs")
SUFFIXES = (".json", ".jsonl", ".xml", ".mjson")
LOGS = sorted(p for p in FIXTURES.glob("*/*") if p.suffix in SUFFIXES) + (
    sorted(
        p
        for folder in ("tenhou6", "mjlog", "mahjongsoul", "riichicity", "mjai")
        for p in (SHARED / folder).glob("*")
        if p.suffix in SUFFIXES
    )
    if SHARED.is_dir()
    else []
)
#: Whole games (the one-round excerpts of mjai-reviewer's tests are not).
WHOLE = [p for p in LOGS if not p.name.startswith("confusing_nakis")]


def _records(data: bytes, name: str = "game") -> list[dict[str, Any]]:
    done = read_game(data, name)
    assert done.error is None, done.error
    return done.records()


def _plain(records: list[dict[str, Any]]) -> str:
    """The records without what the log states (``log``, ``match``, ``differences``)."""
    keep = [
        {k: v for k, v in r.items() if k not in ("log", "match", "differences")} for r in records
    ]
    return json.dumps(keep, sort_keys=True)


# --------------------------------------------------------------------------- blanking files

_TENHOU6_DRAW_WORDS = ("全員聴牌", "全員不聴")


def _blank_tenhou6(obj: dict[str, Any], first: bool) -> dict[str, Any]:
    """One tenhou.net/6 object with every stated value taken out, as a simulator writes
    it: wins as ``[winner, from, pao]`` beside zero deltas, draws without deltas (and
    without 全員聴牌 / 全員不聴, which name the ready seats), no ``sc``, the scores of every
    round but the game's first left out."""
    obj = {k: v for k, v in obj.items() if k != "sc"}
    rounds = []
    for index, raw in enumerate(obj["log"]):
        raw = list(raw)
        if not (first and index == 0):
            raw[1] = []
        result = raw[-1]
        word = result[0]
        if word in ("和了", "和", "Agari"):
            blank: list[Any] = [word]
            for item in result[1:]:
                # the win's entry [winner, from, pao, texts…]; the deltas lists are dropped
                if (
                    isinstance(item, list)
                    and len(item) >= 3
                    and all(isinstance(v, int) for v in item[:3])
                    and all(isinstance(v, str) for v in item[3:])
                ):
                    blank += [[0] * len(result[1]), item[:3]]
            raw[-1] = blank
        else:
            raw[-1] = ["流局" if word in _TENHOU6_DRAW_WORDS else word]
        rounds.append(raw)
    obj["log"] = rounds
    return obj


#: What a Mahjong Soul record states beside the play: the winners' values, the ready seats,
#: the scores and deltas, the server's furiten flags and waits.
_MAJSOUL_VALUES = frozenset(
    {
        "count", "fu", "fans", "point_rong", "point_zimo_qin", "point_zimo_xian", "point_sum",
        "title_id", "dadian", "yiman", "delta_scores", "old_scores", "tingpai", "tings",
        "zhenting", "tingpais", "hand", "ming",
    }
)  # fmt: skip


def _blank_majsoul(obj: dict[str, Any]) -> dict[str, Any]:
    head = {k: v for k, v in obj["head"].items() if k != "result"}
    actions = obj["data"]["data"]["actions"]
    first = True

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in _MAJSOUL_VALUES}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    blank = []
    for action in actions:
        result = action.get("result")
        if result is not None:
            data = strip(result["data"])
            if result["name"].endswith("RecordNewRound"):
                if not first:
                    data.pop("scores", None)
                first = False
            elif "scores" in data:  # a result's scores after it
                data.pop("scores")
            action = {**action, "result": {**result, "data": data}}
        blank.append(action)
    return {**obj, "head": head, "data": {**obj["data"], "data": {"actions": blank}}}


#: What an mjai event states beside the play: values of wins and draws, scores, the hands
#: shown at a draw (agari's export, mjai-manue's, jansou's and gimite's keys).
_MJAI_VALUES = frozenset(
    {
        "deltas", "scores", "han", "fu", "yaku", "yakuman", "points", "dora", "fan",
        "hora_points", "yakus", "hora_tehais", "tenpais", "tehais",
    }
)  # fmt: skip


def _blank_mjai(text: str) -> str:
    """mjai with every value left out: each event's values, the scores of every round but
    the first (the game's start), and the final scores."""
    lines = []
    first = True
    for line in text.splitlines():
        if not line.strip():
            continue
        event = json.loads(line)
        kind = event.get("type")
        if kind == "start_kyoku":
            if not first:
                event.pop("scores", None)
            first = False
        elif kind in ("hora", "ryukyoku", "reach_accepted", "end_game"):
            event = {k: v for k, v in event.items() if k not in _MJAI_VALUES}
        lines.append(json.dumps(event, ensure_ascii=False))
    return "\n".join(lines) + "\n"


#: What a Riichi City win or draw states beside the play (``win_info``), and the events of
#: values: each hand's result's ``user_profit``, the game's end (RoomEnd, event type 6).
_RIICHICITY_VALUES = frozenset(
    {
        "fang_info", "all_fang_num", "all_fu", "all_point", "bash_points", "luck_score",
        "user_cards", "ting_card_list", "user_profit", "zhong_liu_info",
    }
)  # fmt: skip


def _blank_riichicity(obj: dict[str, Any]) -> dict[str, Any]:
    """A Riichi City record with its values left out: the winners' values, every hand's
    score changes and ready hands, the game's end, every hand's points but the first's."""
    record = obj.get("data", obj) if "handRecord" not in obj else obj
    hands = []
    for index, hand in enumerate(record["handRecord"]):
        players = (
            hand["players"]
            if index == 0
            else [{k: v for k, v in p.items() if k != "points"} for p in hand["players"]]
        )
        events = []
        for event in hand["handEventRecord"]:
            if event["eventType"] == 6:
                continue
            if event["eventType"] == 5:
                data = json.loads(event["data"])
                data = {k: v for k, v in data.items() if k not in _RIICHICITY_VALUES}
                data["win_info"] = [
                    {k: v for k, v in w.items() if k not in _RIICHICITY_VALUES}
                    for w in data.get("win_info") or ()
                    if data.get("end_type") in (0, 1)
                ]
                event = {**event, "data": json.dumps(data)}
            events.append(event)
        hands.append({**hand, "players": players, "handEventRecord": events})
    return {**record, "handRecord": hands}


def blank_file(path: Path) -> bytes:
    """The file with every value the log states removed (SPEC §7, issue 24)."""
    text = path.read_text(encoding="utf-8")
    if path.parent.name in ("majsoul", "mahjongsoul"):
        return json.dumps(_blank_majsoul(json.loads(text)), ensure_ascii=False).encode()
    if path.parent.name == "mjai":
        return _blank_mjai(text).encode()
    if path.parent.name == "riichicity":
        return json.dumps(_blank_riichicity(json.loads(text)), ensure_ascii=False).encode()
    if path.suffix == ".xml":
        # AGARI / RYUUKYOKU: no ten, yaku, yakuman, sc, owari, nor the shown hands of the
        # ready seats; REACH: no scores; every INIT but the first: no scores.
        text = re.sub(r'\s(?:ten|yaku|yakuman|sc|owari)="[^"]*"', "", text)
        text = re.sub(r'(<RYUUKYOKU[^>]*?)\shai\d="[^"]*"', r"\1", text)
        while re.search(r'<RYUUKYOKU[^>]*\shai\d="', text):
            text = re.sub(r'(<RYUUKYOKU[^>]*?)\shai\d="[^"]*"', r"\1", text)
        first_init = text.index("<INIT")
        head, rest = text[: first_init + 5], text[first_init + 5 :]
        # the first INIT keeps its scores: put them back (removed above with the rest)
        original = path.read_text(encoding="utf-8")
        first_ten = re.search(r'<INIT[^>]*\sten="([^"]*)"', original)
        assert first_ten is not None
        text = head + f' ten="{first_ten[1]}"' + rest
        return text.encode()
    if path.suffix == ".jsonl":
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        out = [_blank_tenhou6(o, i == 0) for i, o in enumerate(lines)]
        return "\n".join(json.dumps(o, ensure_ascii=False) for o in out).encode()
    return json.dumps(_blank_tenhou6(json.loads(text), True), ensure_ascii=False).encode()


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_log_blanked_in_its_file_replays_the_same(path: Path) -> None:
    """Wins reduced to winner / discarder / liable seat, no deltas, no points, no yaku, no
    final result, later scores removed: the same rounds, wins and standings."""
    full = _records(path.read_bytes(), path.name)
    blank = _records(blank_file(path), path.name)
    assert _plain(blank) == _plain(full)
    # nothing of the values was left to compare (but an abortive draw's, which pays
    # nobody: tenhou.net/6 writes its word alone, and that states its zero deltas)
    stated = [r for r in blank if r["kind"] == "round" and r["log"] is not None]
    assert all(r["result"] == "abort" and not any(r["log"]["deltas"]) for r in stated)
    assert blank[-1]["log"] is None


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_log_under_a_neutral_name_replays_the_same(path: Path, tmp_path: Path) -> None:
    """The rounds and final scores do not depend on the file's name (SPEC §7)."""
    renamed = tmp_path / ("game" + path.suffix)
    renamed.write_bytes(path.read_bytes())
    full = _records(path.read_bytes(), path.name)
    neutral = _records(renamed.read_bytes(), renamed.name)

    def rounds(records: list[dict[str, Any]]) -> str:
        """The rounds as played; each win's rules are named apart (a name without its
        date leaves a guessed game-end rule named at its default, the same in effect)."""
        out = []
        for r in records:
            if r["kind"] != "round":
                continue
            r = {k: v for k, v in r.items() if k != "game"}
            r["wins"] = [
                {**w, "result": {k: v for k, v in w["result"].items() if k != "rules"}}
                for w in r["wins"]
            ]
            out.append(r)
        return json.dumps(out, sort_keys=True)

    assert rounds(neutral) == rounds(full)
    assert neutral[-1]["scores"] == full[-1]["scores"]
    assert neutral[-1]["match"] == full[-1]["match"]


def test_an_mjlog_is_always_tenhou() -> None:
    """A renamed mjlog with its values blanked is still Tenhou's (issue 24: it came out
    as majsoul-sanma)."""
    path = FIXTURES / "mjlog" / "2022011300gm-00b9-0000-551d5cff.xml"
    log = read_log(blank_file(path), game="game.xml")
    choice = decide_rules(log)
    assert choice.rules.name == "tenhou-sanma"
    assert any("neither its final points nor its date" in n for n in choice.notes)


# --------------------------------------------------------------------------- the rules


def test_tenhou_final_points_as_the_log_shows_them() -> None:
    """2009031123gm-00e1: a Phoenix east-only game of March 2009; its owari
    (``owari="…"``) fits uma +10 +5 -5 -10 and whole points."""
    path = FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml"
    choice = decide_rules(read_log(path))
    assert (choice.rules.uma, choice.rules.final_points) == ("10,5,-5,-10", "rounded")
    assert any("as the log's final result shows" in n for n in choice.notes)
    # blanked: the date in the file name decides, and the note says where it came from
    blank = decide_rules(read_log(blank_file(path), game=path.name))
    assert blank.rules.uma == "10,5,-5,-10"
    assert any("by the date in the file name (2009-03-11)" in n for n in blank.notes)
    # a half game of the same month: +20 +10 -10 -20 (RULES.md "Games")
    half = decide_rules(read_log(FIXTURES / "mjlog" / "2009022022gm-00a9-0000-cd94aac8.xml"))
    assert half.rules.uma == "20,10,-10,-20"


def test_the_date_comes_from_the_id_inside_the_file() -> None:
    """A tenhou.net/6 file holds its id in ``ref``: the date comes from there, whatever
    the file is called."""
    path = FIXTURES / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
    log = read_log(path.read_bytes(), game="paste.json")
    assert log.date is not None and log.date.isoformat() == "2019-05-04"
    assert log.date_from == "log"
    mjlog = read_log(FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml")
    assert mjlog.date_from == "name"


def test_the_starting_scores_come_from_the_first_round(tmp_path: Path) -> None:
    """A game whose log starts every player at 30000 (as a tournament may) is replayed
    from 30000: every round's scores are the log's, and the sheet says so."""
    path = FIXTURES / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for raw in data["log"]:
        raw[1] = [s + 5000 for s in raw[1]]
    del data["sc"]  # its points were counted from 25000
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    replay = replay_log(read_log(moved))
    assert replay.error is None and replay.differences == []
    assert replay.rules.start_points == 30000 and replay.rules.return_points == 35000
    starts = [r.played.before.scores for r in replay.rounds]
    assert starts == [tuple(raw[1]) for raw in data["log"]]
    assert any("every player starts with 30000" in n for n in replay.rules_notes)


def test_a_log_that_begins_part_way_through_a_game() -> None:
    """A log holding only the later rounds of a game starts from its first round's state
    (round, counter, sticks, scores) and agrees with the server from there."""
    path = FIXTURES / "mjlog" / "2022010415gm-00a9-0000-9bfd3aa2.xml"
    log = read_log(path)
    from dataclasses import replace

    later = replace(log, rounds=log.rounds[3:])
    replay = replay_log(later)
    assert replay.error is None and replay.differences == []
    first = replay.rounds[0].played.before
    assert (first.label, first.honba, first.sticks, first.scores) == (
        later.rounds[0].name,
        later.rounds[0].honba,
        later.rounds[0].sticks,
        later.rounds[0].scores,
    )


def test_rules_for_the_wrong_number_of_players_is_a_usage_error() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "agari",
            "game",
            "--rules",
            "tenhou",
            str(FIXTURES / "mjlog" / "2022011300gm-00b9-0000-551d5cff.xml"),
        ],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "4-player preset" in done.stderr and "tenhou-sanma" in done.stderr


# --------------------------------------------------------------------------- the end


def _s4(scores: tuple[int, ...], wind: str = "S") -> GameState:
    return GameState(scores, round_wind=wind, round_number=4, penalties=(0,) * 4)


P = "234m567p23455s78s+6s"  # a 1 han hand (tanyao), worth little


def test_the_last_dealer_ends_the_game_by_a_win_and_by_tenpai_where_the_rules_say() -> None:
    """RULES.md "Games", and the 2009 / 2022 logs of fixtures/logs: a win by the last dealer
    then on top with 30000 ends the game; ready at an exhaustive draw it does so only under
    tenpai_yame (Tenhou from its 2009 change on); an abortive draw never does."""
    state = _s4((20000, 20000, 20000, 40000))
    win = Wins((Win(3, None, P),))
    after, _ = step(state, win, Rules.preset("tenhou"))
    assert after.finished and after.end_reason == "agari-yame"
    ready = Draw(tenpai=frozenset({3}))
    after, _ = step(state, ready, Rules.preset("tenhou"))
    assert after.finished and after.end_reason == "tenpai-yame"
    no_tenpai_yame = Rules.preset("tenhou").with_overrides({"tenpai_yame": "off"})
    after, _ = step(state, ready, no_tenpai_yame)
    assert not after.finished and (after.label, after.honba) == ("S4", 1)
    after, _ = step(state, Abort("kyuushu"), Rules.preset("tenhou"))
    assert not after.finished and (after.label, after.honba) == ("S4", 1)
    # on top but under 30000: nobody has reached the goal, the game goes on
    low = _s4((15000, 15000, 15000, 15000))
    after, _ = step(low, win, Rules.preset("tenhou"))
    assert not after.finished


def test_extra_rounds_go_on_as_far_as_the_rules_say() -> None:
    """An east-only game with nobody at 30000 goes into South; with ``extension=to_west``
    (Tenhou before its 2009 change) on into West, with ``next_wind`` (after it) it ends
    after South."""
    east = Rules.preset("tenhou").with_overrides({"game_length": "east"})
    e4 = _s4((25000,) * 4, wind="E")
    after, _ = step(e4, Draw(), east)
    assert not after.finished and after.label == "S1"
    s4 = _s4((25000,) * 4)
    to_west = east.with_overrides({"extension": "to_west"})
    after, _ = step(s4, Draw(), to_west)
    assert not after.finished and after.label == "W1"
    next_wind = east.with_overrides({"extension": "next_wind"})
    after, _ = step(s4, Draw(), next_wind)
    assert after.finished and after.end_reason == "extra round"
    w4 = _s4((25000,) * 4, wind="W")
    after, _ = step(w4, Draw(), to_west)
    assert after.finished and after.end_reason == "extra round"


def test_an_extra_round_is_played_as_a_last_round() -> None:
    """2022010223gm-00e1 (fixtures): in S1-1, an extra round of an east-only game, the
    dealer is ready and another player passes 30000: the game goes on to S1-2. Without the
    deal staying, a player at 30000 ends it."""
    tenhou = Rules.preset("tenhou").with_overrides({"game_length": "east"})
    s1 = GameState((16000, 29800, 27500, 26700), round_wind="S", round_number=1, penalties=(0,) * 4)
    ready = Draw(tenpai=frozenset({0, 1, 3}))  # seat 1 goes to 30800
    after, _ = step(s1, ready, tenhou)
    assert not after.finished and (after.label, after.honba) == ("S1", 1)
    s2 = GameState((16000, 31800, 25500, 26700), round_wind="S", round_number=2, penalties=(0,) * 4)
    after, _ = step(s2, Draw(tenpai=frozenset({0, 3})), tenhou)  # seat 1, noten: 30300
    assert after.finished and after.end_reason == "last round"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        # March 2009: the dealer of S1 is ready and on top, the game goes on (no tenpai-yame)
        ("2009030921gm-00e1-0000-95e6fe14.xml", {"tenpai_yame": False}),
        # February 2009: the same in a half game's S4
        ("2009022022gm-00a9-0000-cd94aac8.xml", {"tenpai_yame": False}),
        # March 2009: an east-only game into West
        ("2009030812gm-00e1-0000-270195f3.xml", {"extension": "to_west"}),
        # January 2022: an east-only game that stops after South with nobody at 30000
        ("2022010107gm-00e1-0000-2153c673.xml", {"extension": "next_wind"}),
        # January 2022: the last dealer ready and on top ends it
        ("2022010115gm-00a9-0000-ab4d3702.xml", {"tenpai_yame": True}),
    ],
)
def test_tenhous_rules_of_the_end_by_era(name: str, shown: dict[str, Any]) -> None:
    log = read_log(FIXTURES / "mjlog" / name)
    replay = replay_log(log)
    assert replay.differences == [] and replay.error is None
    for key, value in shown.items():
        assert getattr(replay.rules, key) == value
    assert log.date is not None
    era_value = {
        "tenpai_yame": log.date >= TENHOU_2009_CHANGE,
        "extension": "to_west" if log.date < TENHOU_2009_CHANGE else "next_wind",
    }
    assert all(era_value[k] == v for k, v in shown.items())


def test_the_rounds_of_a_game_correct_a_guessed_rule() -> None:
    """Under a date that puts it in the other era, the same game's rounds still show where
    it ends: the replay follows them and says so."""
    log = read_log(FIXTURES / "mjlog" / "2009030921gm-00e1-0000-95e6fe14.xml", game="x.xml")
    assert log.date is None  # no date: taken as after the change (tenpai-yame on)
    replay = replay_log(log)
    assert replay.differences == [] and replay.rules.tenpai_yame is False
    assert any("tenpai_yame=off: as the game's rounds show" in n for n in replay.rules_notes)


def test_kokushi_has_no_fu_as_tenhou_records() -> None:
    """2022010321gm-00a9-0000-dc0cefb2: AGARI yakuman="47" (kokushi) ten="0,32000,5":
    fu 0."""
    replay = replay_log(read_log(FIXTURES / "mjlog" / "2022010321gm-00a9-0000-dc0cefb2.xml"))
    kokushi = [
        (w, s)
        for r in replay.rounds
        for w, s in zip(r.played.wins, r.stated_wins, strict=False)
        if any(y.id == "kokushi" for y in w.result.yaku or ())
    ]
    assert kokushi
    for win, stated in kokushi:
        assert win.result.fu == 0 and stated.fu == 0
        assert win.result.fu_breakdown == ()


# --------------------------------------------------------------------------- odd files

MJLOG = FIXTURES / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml"


@pytest.mark.parametrize(
    "prefix",
    [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        "<!-- saved by a log archive -->\n",
        '<?xml version="1.0"?>\n<!-- a comment\n over two lines -->\n',
    ],
)
def test_an_mjlog_may_begin_with_a_declaration_or_a_comment(prefix: str) -> None:
    data = MJLOG.read_bytes()
    assert _plain(_records(prefix.encode() + data)) == _plain(_records(data))


def test_a_doctype_or_entity_is_refused_and_nothing_expanded() -> None:
    laughs = b'<!DOCTYPE mjloggm [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>\n'
    done = read_game(laughs + MJLOG.read_bytes(), "bomb.xml")
    assert done.status == 1 and done.error is not None
    assert "DOCTYPE" in done.error and "not expand" in done.error


def _mjlog_with(change: Any) -> str:
    text = MJLOG.read_text(encoding="utf-8")
    return str(change(text))


@pytest.mark.parametrize(
    ("what", "change", "words"),
    [
        (
            "the third round's win without who=",
            lambda t: _nth_tag(t, "AGARI", 2, lambda tag: re.sub(r'\swho="\d"', "", tag)),
            "no who=",
        ),
        (
            "the third round's INIT without seed=",
            lambda t: _nth_tag(t, "INIT", 2, lambda tag: re.sub(r'\sseed="[^"]*"', "", tag)),
            "<INIT> has no seed=",
        ),
        (
            "the third round's hand not numbers",
            lambda t: _nth_tag(
                t, "INIT", 2, lambda tag: re.sub(r'\shai1="[^"]*"', ' hai1="x"', tag)
            ),
            "not a list of whole numbers",
        ),
    ],
)
def test_a_missing_or_malformed_attribute_names_the_round(
    what: str, change: Any, words: str
) -> None:
    done = read_game(_mjlog_with(change).encode(), "broken.xml")
    assert done.status == 1 and done.error is not None, what
    assert "broken.xml" in done.error and words in done.error
    assert "round" in done.error and "round ?" not in done.error
    damaged = re.search(r"#(\d+)", done.error)
    assert damaged is not None
    rounds = [r for r in done.records() if r["kind"] == "round"]
    assert len(rounds) == int(damaged[1]) - 1 >= 2  # every round before, with its values
    assert all(r["match"] is True for r in rounds)


def _nth_tag(text: str, name: str, n: int, edit: Any) -> str:
    matches = list(re.finditer(rf"<{name}\b[^>]*>", text))
    m = matches[n]
    return text[: m.start()] + edit(m[0]) + text[m.end() :]


def test_a_log_without_values_is_read() -> None:
    """SPEC §7: a tenhou.net/6 win given as ``["和了", [0,0,0,0], [winner, from, pao]]``."""
    path = FIXTURES / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    result = data["log"][0][-1]
    assert result[2][:3] == [3, 2, 3]  # player D ron player C, no liability
    data["log"][0][-1] = ["和了", [0, 0, 0, 0], [3, 2, 3]]
    records = _records(json.dumps(data, ensure_ascii=False).encode())
    first = records[0]
    assert first["deltas"] == [0, 0, -7700, 7700] and first["log"] is None
    assert first["wins"][0]["result"]["points"] == 7700


def test_a_log_without_values_stays_out_of_the_check() -> None:
    """Nothing stated, nothing to differ: --check passes on a blanked log."""
    path = FIXTURES / "mjlog" / "2022010415gm-00a9-0000-9bfd3aa2.xml"
    done = read_game(blank_file(path), path.name)
    assert done.replay is not None and done.replay.differences == []
    with pytest.raises(LogError):
        read_log(b"<mjloggm ver='2.3'><GO type='169'/><INIT oya='0'/></mjloggm>", game="x.xml")
