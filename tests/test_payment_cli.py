"""Tests for the payment subcommands (agari.cli.payment_cmds): points, table, draw, chombo.

Called in-process through ``run_*`` and, once the dispatcher ``agari.cli.main`` exists, through
``python -m agari``. Expected values: RULES.md (../shared/RULES.md), the seed documents in
../shared/seeds/ (001 German guide, 003 Dutch calculator), riichi.wiki "Sekinin barai".
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agari.cli.payment_cmds import run_chombo, run_draw, run_points, run_table

SRC = Path(__file__).resolve().parents[1] / "src"


def _json(capsys: pytest.CaptureFixture[str], code: int) -> dict[str, Any]:
    out = capsys.readouterr().out
    assert code == 0, out
    record: dict[str, Any] = json.loads(out)
    return record


# ------------------------------------------------------------------ points


def test_points_seed_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 001 line 32 / RULES.md: 3 han 30 fu -> base 960 -> 3900; honba 300 per counter on
    # ron, sticks 1000 each to the winner.
    rec = _json(capsys, run_points(["3", "30", "--honba", "1", "--sticks", "2", "--json"]))
    assert rec["base_points"] == 960
    assert rec["limit"] is None
    assert rec["payment"] == {"ron": 3900}
    assert rec["points"] == 3900
    assert rec["total"] == 3900 + 300 + 2000
    assert set(rec["deltas"]) == {"E", "S", "W", "N"}
    assert sum(rec["deltas"].values()) == 2000  # the sticks leave the table
    assert any("discarder assumed" in w for w in rec["warnings"])


def test_points_dealer_ron_text(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md: 3 han 30 fu dealer ron 5800.
    assert run_points(["3", "30", "--dealer", "--from", "W"]) == 0
    out = capsys.readouterr().out
    assert "5800" in out
    assert "W -5800" in out


def test_points_haneman_tsumo(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 003 line 38: non-dealer 6 han tsumo: dealer 6000, others 3000, 12000 in all.
    rec = _json(capsys, run_points(["6", "--tsumo", "--json"]))
    assert rec["limit"] == "haneman"
    assert rec["payment"] == {"tsumo_dealer": 6000, "tsumo_non_dealer": 3000}
    assert rec["total"] == 12000
    assert rec["deltas"] == {"E": -6000, "S": 12000, "W": -3000, "N": -3000}


@pytest.mark.parametrize(
    ("preset", "points", "word"), [("tenhou", 7700, "kiriage=off"), ("wrc2025", 8000, "kiriage=on")]
)
def test_points_kiriage_warning(
    capsys: pytest.CaptureFixture[str], preset: str, points: int, word: str
) -> None:
    # seed 003 lines 21-32 and seed 001 line 22: 4 han 30 fu is 7700, or 8000 by kiriage.
    rec = _json(capsys, run_points(["4", "30", "--rules", preset, "--json"]))
    assert rec["points"] == points
    assert any(word in w and preset in w for w in rec["warnings"])
    rec = _json(capsys, run_points(["3", "60", "--rules", preset, "--json"]))
    assert rec["points"] == points


@pytest.mark.parametrize(
    ("preset", "limit"), [("wrc2025", "kazoe_yakuman"), ("ema2016", "sanbaiman")]
)
def test_points_kazoe_warning(capsys: pytest.CaptureFixture[str], preset: str, limit: str) -> None:
    # RULES.md Presets row kazoe; seed 003 line 17 ("Bij 13 han verschijnt bewust een
    # waarschuwing").
    rec = _json(capsys, run_points(["13", "--rules", preset, "--json"]))
    assert rec["limit"] == limit
    assert any("kazoe=" in w and preset in w for w in rec["warnings"])


def test_points_rule_override(capsys: pytest.CaptureFixture[str]) -> None:
    rec = _json(capsys, run_points(["4", "30", "--rule", "kiriage=off", "--json"]))
    assert rec["points"] == 7700
    assert rec["rules"] == "wrc2025 (kiriage=off)"


def test_points_yakuman_words(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md limits: yakuman 8000, n x yakuman 8000 x n; seed 001 line 15: 32,000 / 48,000.
    rec = _json(capsys, run_points(["yakuman", "--json"]))
    assert (rec["base_points"], rec["limit"], rec["points"]) == (8000, "yakuman", 32000)
    rec = _json(capsys, run_points(["yakuman", "--dealer", "--json"]))
    assert rec["points"] == 48000
    rec = _json(capsys, run_points(["2x-yakuman", "--json"]))
    assert (rec["base_points"], rec["limit"], rec["points"]) == (16000, "2x_yakuman", 64000)


def test_points_pao(capsys: pytest.CaptureFixture[str]) -> None:
    # riichi.wiki Sekinin barai, tsumo example (1 honba, W liable for one of S's two yakuman):
    # E 16000, W 32300 + 8000, N 8000.
    argv = ["2x-yakuman", "--tsumo", "--pao", "W", "--liable", "1", "--honba", "1", "--json"]
    rec = _json(capsys, run_points(argv))
    assert rec["deltas"] == {"E": -16000, "S": 64300, "W": -40300, "N": -8000}
    # RULES.md: ron by someone else -> liable and discarder pay half each.
    rec = _json(capsys, run_points(["yakuman", "--from", "E", "--pao", "W", "--json"]))
    assert rec["deltas"] == {"E": -16000, "S": 32000, "W": -16000, "N": 0}


def test_points_wareme(capsys: pytest.CaptureFixture[str]) -> None:
    # reachmahjong.com "Wareme Rule": self-drawn, east is wareme = 6x the base.
    argv = ["5", "--tsumo", "--wareme", "E", "--rule", "wareme=on", "--json"]
    rec = _json(capsys, run_points(argv))
    assert rec["points"] == 12000
    assert rec["deltas"] == {"E": -8000, "S": 12000, "W": -2000, "N": -2000}
    rec = _json(capsys, run_points(["5", "--tsumo", "--wareme", "E", "--json"]))
    assert rec["points"] == 8000
    assert any("wareme=off" in w for w in rec["warnings"])


def test_points_three_player(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md "Three-player": tsumo loss; deltas for E, S, W only.
    rec = _json(capsys, run_points(["5", "--tsumo", "--rule", "players=3", "--json"]))
    assert rec["deltas"] == {"E": -4000, "S": 6000, "W": -2000}
    assert run_points(["5", "--seat", "N", "--rule", "players=3"]) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["1", "20"],  # 20 fu ron
        ["3", "20"],
        ["1", "25"],  # 25 fu with 1 han
        ["2", "25", "--tsumo"],  # seven pairs by tsumo is 3+ han
        ["1", "20", "--tsumo"],  # pinfu tsumo is 2+ han
        ["3", "35"],  # not a multiple of 10
        ["2", "10"],
        ["2", "150"],
        ["0", "30"],  # han < 1
        ["3", "30", "--from", "S"],  # the winner cannot deal in
        ["3", "30", "--pao", "W"],  # pao only for yakuman
    ],
)
def test_points_rejects_impossible(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert run_points(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "agari points:" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    "argv",
    [
        ["abc", "30"],
        ["3"],  # fu needed below 5 han
        ["6", "--rule", "aotenjou=on"],  # and at every han without limits
        ["3", "x"],
        ["3", "30", "--rules", "nosuch"],
        ["3", "30", "--rule", "kiriage=maybe"],
        ["3", "30", "--rule", "nosuch=on"],
        ["3", "30", "--rule", "kiriage"],
        ["3", "30", "--honba", "-1"],
        ["3", "30", "--tsumo", "--from", "E"],
        ["3", "30", "--dealer", "--seat", "S"],
        ["3", "30", "--bogus"],
    ],
)
def test_points_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert run_points(argv) == 2
    err = capsys.readouterr().err
    assert "error" in err
    assert "Traceback" not in err


def test_points_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_points(["--help"]) == 0
    out = capsys.readouterr().out
    assert "exit codes" in out


# ------------------------------------------------------------------ table


def test_table_non_dealer_ron_tenhou(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_table(["--rules", "tenhou"]) == 0
    out = capsys.readouterr().out
    lines = {line.split("|")[0].strip(): line for line in out.splitlines() if "|" in line}
    # seed 003 line 32 (1 han 30 fu 1000; 4 han 30 fu 7700 without kiriage); RULES.md 3900.
    assert [c.strip() for c in lines["30"].split("|")[1:]] == ["1000", "2000", "3900", "7700"]
    assert [c.strip() for c in lines["20"].split("|")[1:]] == ["-", "-", "-", "-"]
    assert "haneman" in out and "12000" in out


def test_table_tsumo_json(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 003 line 38: non-dealer haneman tsumo 3000/6000; seed 001 30 fu row with kiriage.
    rec = _json(capsys, run_table(["--tsumo", "--json"]))
    limits = {r["limit"]: r["payment"] for r in rec["limits"]}
    assert limits["haneman"] == "3000/6000"
    rows = {r["fu"]: r["cells"] for r in rec["rows"]}
    assert rows[30]["4"] == "2000/4000"
    assert rows[20]["1"] is None


def test_table_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_table(["--all"]) == 0
    out = capsys.readouterr().out
    for title in ("Non-dealer ron", "Dealer ron", "Non-dealer tsumo", "Dealer tsumo"):
        assert title in out
    assert run_table(["--all", "--dealer"]) == 2
    assert run_table(["--rules", "nosuch"]) == 2


# ------------------------------------------------------------------ draw


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        # RULES.md "At the end of a hand without a winner": 3000 in all.
        ("none", {"E": 0, "S": 0, "W": 0, "N": 0}),
        ("E", {"E": 3000, "S": -1000, "W": -1000, "N": -1000}),
        ("E,S", {"E": 1500, "S": 1500, "W": -1500, "N": -1500}),
        ("E,S,W", {"E": 1000, "S": 1000, "W": 1000, "N": -3000}),
        ("E,S,W,N", {"E": 0, "S": 0, "W": 0, "N": 0}),
    ],
)
def test_draw(capsys: pytest.CaptureFixture[str], tenpai: str, deltas: dict[str, int]) -> None:
    argv = ["--tenpai", tenpai, "--sticks", "2", "--honba", "1", "--json"]
    rec = _json(capsys, run_draw(argv))
    assert rec["deltas"] == deltas
    assert rec["sticks"] == 2  # sticks stay on the table
    assert rec["next_honba"] == 2  # the counter goes up


def test_draw_no_flag_is_nobody(capsys: pytest.CaptureFixture[str]) -> None:
    rec = _json(capsys, run_draw(["--json"]))
    assert rec["kind"] == "none"


def test_draw_nagashi(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md: nagashi mangan where nagashi=on (tenhou), paid as a mangan tsumo.
    rec = _json(
        capsys, run_draw(["--tenpai", "E", "--nagashi", "W", "--rules", "tenhou", "--json"])
    )
    assert rec["deltas"] == {"E": -4000, "S": -2000, "W": 8000, "N": -2000}
    assert run_draw(["--nagashi", "W"]) == 1  # wrc2025: nagashi=off
    assert "nagashi=off" in capsys.readouterr().err


def test_draw_three_player(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md "Three-player": noten payments 2000 in all.
    rec = _json(capsys, run_draw(["--tenpai", "S", "--rule", "players=3", "--json"]))
    assert rec["deltas"] == {"E": -1000, "S": 2000, "W": -1000}
    assert run_draw(["--tenpai", "N", "--rule", "players=3"]) == 1


def test_draw_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_draw(["--tenpai", "E,S"]) == 0
    assert "E +1500" in capsys.readouterr().out
    assert run_draw(["--tenpai", "X"]) == 2
    assert run_draw(["--tenpai", "E", "--sticks", "x"]) == 2


# ------------------------------------------------------------------ chombo


@pytest.mark.parametrize(
    ("preset", "seat", "deltas", "penalty"),
    [
        # RULES.md "Chombo" + Presets row chombo.
        ("tenhou", "S", {"E": 4000, "S": -8000, "W": 2000, "N": 2000}, 0),
        ("majsoul", "E", {"E": -12000, "S": 4000, "W": 4000, "N": 4000}, 0),
        ("wrc2025", "S", {"E": 0, "S": 0, "W": 0, "N": 0}, 20000),
        ("ema2016", "E", {"E": 0, "S": 0, "W": 0, "N": 0}, 20000),
        ("mleague", "N", {"E": 0, "S": 0, "W": 0, "N": 0}, 20000),
    ],
)
def test_chombo(
    capsys: pytest.CaptureFixture[str],
    preset: str,
    seat: str,
    deltas: dict[str, int],
    penalty: int,
) -> None:
    rec = _json(capsys, run_chombo([seat, "--rules", preset, "--json"]))
    assert rec["deltas"] == deltas
    assert rec["penalty"] == penalty
    assert sum(rec["deltas"].values()) == 0


def test_chombo_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_chombo(["W"]) == 0
    assert "20000" in capsys.readouterr().out
    assert run_chombo(["X"]) == 2
    assert run_chombo(["N", "--rule", "players=3"]) == 1
    assert run_chombo([]) == 2


def test_chombo_text_names_the_penalty_rule_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_chombo(["S", "--rule", "chombo=mangan"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "chombo by S; rules wrc2025 (chombo=mangan)"


# ------------------------------------------------------------------ via the dispatcher


def _has_dispatcher() -> bool:
    try:
        spec = importlib.util.find_spec("agari.cli")
    except (ImportError, ValueError):
        return False
    return spec is not None and Path(spec.origin or "").name == "__init__.py"


def _agari(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "agari", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(
    not _has_dispatcher(), reason="agari/cli/__init__.py (dispatcher) not there yet"
)
def test_subprocess_subcommands() -> None:
    proc = _agari("points", "3", "30", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"] == 3900
    proc = _agari("table", "--dealer")
    assert proc.returncode == 0, proc.stderr
    assert "5800" in proc.stdout
    proc = _agari("draw", "--tenpai", "E,S", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["deltas"]["N"] == -1500
    proc = _agari("chombo", "S", "--rules", "tenhou", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["deltas"]["S"] == -8000
    proc = _agari("points", "1", "20")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    proc = _agari("points", "3", "30", "--rules", "nosuch")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_a_bug_in_a_payment_command_is_named_internal_not_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12: only a settlement that cannot be (SettleError) is rejected input; any other
    exception is reported as an internal error with the command line, never a traceback."""
    import agari.settle
    from agari.cli import main

    assert main(["points", "3", "31"]) == 1  # a real rejection reads as one
    assert "internal" not in capsys.readouterr().err

    def broken(*args: object, **kwargs: object) -> object:
        raise ValueError("a bug")

    monkeypatch.setattr(agari.settle, "impossible_reason", broken)
    assert main(["points", "3", "30"]) == 1
    err = capsys.readouterr().err
    assert "internal error (ValueError: a bug)" in err and "agari points 3 30" in err
