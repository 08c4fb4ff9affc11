"""The writers (agari.game.export, ``agari game --to``): a replayed log written as mjai or
tenhou.net/6, every value agari's, read back into the same game, round for round.

Every fixture log and every development log (``../shared/logs``, when it is there) goes
through both formats (Tenhou -> mjai -> agari, Tenhou -> tenhou.net/6 -> agari, and the
Mahjong Soul, Riichi City and mjai games alike). Where the values written can be checked
against a log, they are: a Tenhou game written as tenhou.net/6 gets Tenhou's own score
strings back (the ``和了`` entries of the files).
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from agari.game.export import export, to_mjai
from agari.game.files import read_game
from agari.game.logs import read_log
from agari.game.replay_log import replay_log
from tests.conftest import run_agari

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "logs"
SHARED = ROOT.parent.parent / "shared" / "logs"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/logs")
SUFFIXES = (".json", ".jsonl", ".xml", ".mjson")
FOLDERS = ("tenhou6", "mjlog", "mahjongsoul", "riichicity", "mjai")
LOGS = sorted(p for p in FIXTURES.glob("*/*") if p.suffix in SUFFIXES) + (
    sorted(p for f in FOLDERS for p in (SHARED / f).glob("*") if p.suffix in SUFFIXES)
    if SHARED.is_dir()
    else []
)
TENHOU6 = [p for p in LOGS if p.parent.name == "tenhou6" and p.suffix == ".json"]


def _rounds(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game as played: every round and the end, without what names the file or the
    rules (a log's rules read back are the same switches, named from the server's preset)
    and without what the log states (compared apart)."""
    out = []
    for record in records:
        record = {
            k: v
            for k, v in record.items()
            if k not in ("game", "log", "match", "differences", "message")
        }
        if "wins" in record:
            record["wins"] = [
                {**w, "result": {k: v for k, v in w["result"].items() if k != "rules"}}
                for w in record["wins"]
            ]
        out.append(record)
    return out


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_export_read_back_is_the_same_game(path: Path, fmt: str) -> None:
    done = read_game(path.read_bytes(), path.name)
    assert done.replay is not None and done.error is None
    text = export(done.replay, fmt)
    back = read_game(text.encode(), path.name)
    assert back.error is None and back.replay is not None
    assert back.replay.rules.switches() == done.replay.rules.switches()
    assert _rounds(back.records()) == _rounds(done.records())
    # the values written are agari's, and agari reproduces them
    assert back.replay.differences == []
    assert all(r.match is not False for r in back.replay.rounds)


def _fold_kita(yaku: list[str]) -> Counter[str]:
    """Yaku strings with kita counted in ドラ, as Tenhou writes three-player wins."""
    out: Counter[str] = Counter()
    dora = 0
    for text in yaku:
        name, _, han = text.partition("(")
        if name in ("ドラ", "抜きドラ"):
            dora += int(han.rstrip("飜)"))
        else:
            out[text] += 1
    if dora:
        out[f"ドラ({dora}飜)"] += 1
    return out


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.name)
def test_a_tenhou_game_written_as_tenhou6_has_tenhous_own_results(path: Path) -> None:
    """Every win's score string (``30符4飜7700点``, ``満貫2000-4000点``, ``倍満8000点∀``) and
    its yaku (kita folded into ドラ, as Tenhou writes them) as the log has them; the same
    header, scores and deals."""
    original = json.loads(path.read_text(encoding="utf-8"))
    written = json.loads(export(replay_log(read_log(path)), "tenhou6"))
    assert written["rule"]["disp"] == original["rule"]["disp"]
    assert len(written["log"]) == len(original["log"])
    for theirs, mine in zip(original["log"], written["log"], strict=True):
        assert mine[:3] == theirs[:3] or mine[:2] == theirs[:2]  # header, scores (dora)
        assert mine[4::3][:4] == theirs[4::3][:4]  # the deals
        if theirs[-1][0] != "和了":
            assert mine[-1][0] == theirs[-1][0]
            continue
        for k in range(2, len(theirs[-1]), 2):
            assert mine[-1][k][:4] == theirs[-1][k][:4]
            assert _fold_kita(mine[-1][k][4:]) == _fold_kita(theirs[-1][k][4:])
    if "sc" in original:
        assert written["sc"] == original["sc"]


def test_every_hora_carries_agaris_value() -> None:
    """tenhou_2019050417gm-0029-…json states E1 ``[3, 2, 3, "30符4飜7700点", "役牌 發(1飜)",
    "混一色(2飜)", "赤ドラ(1飜)"]`` (seat 3 rons seat 2) and deltas [0, 0, -7700, 7700]."""
    path = FIXTURES / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
    lines = [json.loads(line) for line in to_mjai(replay_log(read_log(path))).splitlines()]
    horas = [e for e in lines if e["type"] == "hora"]
    assert len(horas) == 3
    first = horas[0]
    assert (first["actor"], first["target"], first["deltas"]) == (3, 2, [0, 0, -7700, 7700])
    assert (first["han"], first["fu"], first["points"], first["yakuman"]) == (4, 30, 7700, 0)
    assert first["yaku"] == [{"id": "hatsu", "han": 1}, {"id": "honitsu", "han": 2}]
    assert first["dora"]["aka"] == 1
    assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"
    # sc [21100, -19, 55000, 65, -4900, -55, 28800, 9]
    assert lines[-1]["scores"] == [21100, 55000, -4900, 28800]
    assert lines[-1]["points"] == [-19.0, 65.0, -55.0, 9.0]


# --------------------------------------------------------------------------- the command


def _agari(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_agari("game", *args, cwd=cwd)


def test_the_command_writes_exports(tmp_path: Path) -> None:
    one = FIXTURES / "tenhou6" / "tenhou_2020020316gm-0001-0000-7b22ddf5.json"
    two = FIXTURES / "mjlog" / "2022011023gm-00e1-0000-c2dfff77.xml"
    out = _agari("--to", "mjai", str(one))
    assert out.returncode == 0 and out.stdout.startswith('{"type": "start_game"')
    assert "summary: 1 game" in out.stderr
    to_file = _agari("--to", "tenhou6", "-o", str(tmp_path / "x.json"), str(one))
    assert to_file.returncode == 0 and to_file.stdout == ""
    assert json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))["log"]
    folder = _agari("--to", "mjai", "-o", str(tmp_path / "out"), str(one), str(two), str(two))
    assert folder.returncode == 0, folder.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "2022011023gm-00e1-0000-c2dfff77-2.mjson",
        "2022011023gm-00e1-0000-c2dfff77.mjson",
        "tenhou_2020020316gm-0001-0000-7b22ddf5.mjson",
    ]


def test_the_commands_usage_errors(tmp_path: Path) -> None:
    one = str(FIXTURES / "tenhou6" / "tenhou_2020020316gm-0001-0000-7b22ddf5.json")
    for args, says in (
        (("--to", "mjai", "--json", one), "--to and --json"),
        (("--to", "mjai", one, one), "give -o FOLDER"),
        (("-o", "x", one), "-o goes with --to"),
        (("--to", "csv", one), "invalid choice"),
    ):
        proc = _agari(*args, cwd=tmp_path)
        assert proc.returncode == 2 and says in proc.stderr, (args, proc.stderr)
    sheet = tmp_path / "club.txt"
    sheet.write_text("players: A B C D\nE1 A tsumo 234m567p23455s78s+6s\n", encoding="utf-8")
    proc = _agari("--to", "mjai", str(sheet))
    assert proc.returncode == 1 and "a game sheet holds no play" in proc.stderr


def test_an_export_whose_rules_are_edited_wrong_is_refused() -> None:
    """The rules an export states are read as stated: a value no switch takes is damage of
    the file, named with its line (mjai) or the file (tenhou.net/6)."""
    path = FIXTURES / "tenhou6" / "tenhou_2020020316gm-0001-0000-7b22ddf5.json"
    replay = replay_log(read_log(path))
    mjai = export(replay, "mjai").replace('"tenpai_yame": "on"', '"tenpai_yame": "maybe"')
    done = read_game(mjai.encode(), "x.mjson")
    assert done.status == 1
    assert (
        done.error
        == "x.mjson: line 1: the export's rules: rule tenpai_yame takes on or off, not 'maybe'"
    )
    tenhou6 = json.loads(export(replay, "tenhou6"))
    tenhou6["agari"]["rules"]["kiriage"] = "maybe"
    done = read_game(json.dumps(tenhou6).encode(), "x.json")
    assert done.status == 1 and "rule kiriage takes on or off" in (done.error or "")
