"""Several winners on one discard: ``agari.settle.settle_rons`` and ``agari points --also``.

Every expected figure is worked from RULES.md (../shared/RULES.md): base points = fu x 2^(2+han)
(3 han 30 fu: 960; 2 han 40 fu: 640), a ron pays 4 x base (6 x to the dealer) rounded up to 100;
mangan base 2000, yakuman 8000; honba 300 per counter on a ron; a riichi stick 1000. "Games":
Tenhou and Mahjong Soul pay each winner and only the winner nearest the discarder in turn order
(E, S, W, N, E ...) takes the honba and the sticks; a triple ron is an abortive draw on Tenhou;
WRC, EMA and M.League use the head bump (only the nearest wins) -- the presets' switches
``multiple_ron``, ``multiple_ron_honba`` (EMA: ``each``) and ``triple_ron`` say which.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from agari.cli.payment_cmds import run_points
from agari.errors import SettleError
from agari.hand import Context
from agari.rules import Rules
from agari.settle import Settlement, settle_rons, settle_win, source_of


def _settle(bases: dict[str, int], discarder: str, rules: Rules) -> Any:
    def one(seat: str, honba: int, sticks: int) -> Settlement:
        source = source_of(seat, discarder, rules)
        context = Context(seat_wind=seat, win_from=source, honba=honba, sticks=sticks)  # type: ignore[arg-type]
        return settle_win(bases[seat], context, rules)

    return one


def _points(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = run_points([*argv, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    record: dict[str, Any] = json.loads(out)
    return record


# ------------------------------------------------------------------ the Python API


def test_double_ron_pays_each_and_the_nearest_takes_honba_and_sticks() -> None:
    # Tenhou: E deals in to S (3 han 30 fu: 4 x 960 = 3840 -> 3900) and W (2 han 40 fu:
    # 4 x 640 = 2560 -> 2600); 1 honba, 1 stick. S sits next after E: 3900 + 300 + 1000.
    rules = Rules.preset("tenhou")
    bases = {"S": 960, "W": 640}
    rons = settle_rons("E", ["W", "S"], 1, 1, rules, _settle(bases, "E", rules))
    assert rons.order == rons.winners == ("S", "W")
    assert not rons.bumped and not rons.aborted
    assert [w.total for w in rons.wins] == [5200, 2600]
    assert rons.settlement.deltas == {"E": -6800, "S": 5200, "W": 2600, "N": 0}
    assert rons.settlement.table_change == -1000


def test_turn_order_wraps_past_north() -> None:
    # W deals in; after W come N, E, S: the dealer E is nearest. E: 2 han 40 fu dealer ron
    # 6 x 640 = 3840 -> 3900, + 2 x 300 honba + 1000; S: 3900 only; W pays 3900 + 600 + 3900.
    rules = Rules.preset("majsoul")
    bases = {"S": 960, "E": 640}
    rons = settle_rons("W", ["S", "E"], 2, 1, rules, _settle(bases, "W", rules))
    assert rons.winners == ("E", "S")
    assert rons.settlement.deltas == {"E": 5500, "S": 3900, "W": -8400, "N": 0}


def test_head_bump_pays_only_the_nearest() -> None:
    # wrc2025 (multiple_ron=head_bump): N deals in to S and E; after N comes E.
    rules = Rules.preset("wrc2025")
    bases = {"S": 960, "E": 640}
    rons = settle_rons("N", ["S", "E"], 1, 0, rules, _settle(bases, "N", rules))
    assert rons.winners == ("E",) and rons.bumped == ("S",)
    assert rons.settlement.deltas == {"E": 4200, "S": 0, "W": 0, "N": -4200}
    assert any(n.startswith("head bump") for n in rons.settlement.notes)


def test_triple_ron_aborts_on_tenhou_and_pays_all_under_ema() -> None:
    bases = {"S": 960, "W": 640, "N": 2000}
    tenhou = Rules.preset("tenhou")
    rons = settle_rons("E", ["S", "W", "N"], 1, 1, tenhou, _settle(bases, "E", tenhou))
    assert rons.aborted and rons.winners == () and rons.settlement.kind == "draw"
    assert rons.settlement.deltas == {"E": 0, "S": 0, "W": 0, "N": 0}
    # ema2016: multiple_ron=all, triple_ron=win, multiple_ron_honba=each: every winner gets
    # 300 per counter, the sticks (from the table) only the nearest (S). N: mangan ron
    # 4 x 2000 = 8000. E pays 3900 + 300 + 2600 + 300 + 8000 + 300.
    ema = Rules.preset("ema2016")
    rons = settle_rons("E", ["N", "W", "S"], 1, 1, ema, _settle(bases, "E", ema))
    assert rons.winners == ("S", "W", "N")
    assert [w.total for w in rons.wins] == [3900 + 300 + 1000, 2600 + 300, 8000 + 300]
    assert rons.settlement.deltas == {"E": -15400, "S": 5200, "W": 2900, "N": 8300}


@pytest.mark.parametrize(
    ("discarder", "winners"), [("E", ["E", "S"]), ("E", ["S", "S"]), ("E", []), ("X", ["S"])]
)
def test_settle_rons_refuses_what_cannot_happen(discarder: str, winners: list[str]) -> None:
    rules = Rules.preset("tenhou")
    with pytest.raises(SettleError):
        settle_rons(discarder, winners, 0, 0, rules, _settle({}, discarder, rules))


# ------------------------------------------------------------------ agari points --also


def test_points_double_ron_json(capsys: pytest.CaptureFixture[str]) -> None:
    rec = _points(
        capsys,
        *("3", "30", "--seat", "S", "--from", "E", "--also", "2/40@W"),
        *("--honba", "1", "--sticks", "1", "--rules", "tenhou"),
    )
    assert rec["rons"] == 2 and rec["from"] == "E" and not rec["aborted"]
    s, w = rec["winners"]
    assert (s["seat"], s["base_points"], s["payment"], s["honba"], s["sticks"], s["total"]) == (
        "S",
        960,
        {"ron": 3900},
        1,
        1,
        5200,
    )
    assert (w["seat"], w["base_points"], w["payment"], w["honba"], w["sticks"], w["total"]) == (
        "W",
        640,
        {"ron": 2600},
        0,
        0,
        2600,
    )
    assert rec["paid"] == {"E": 6800}
    assert rec["deltas"] == {"E": -6800, "S": 5200, "W": 2600, "N": 0}


def test_points_head_bump_and_triple_ron_text(capsys: pytest.CaptureFixture[str]) -> None:
    code = run_points(["3", "30", "--from", "E", "--also", "2/40@W"])  # wrc2025: head bump
    out = capsys.readouterr().out
    assert code == 0
    assert "W: 2 han 40 fu, non-dealer; base points 640\n  not paid" in out
    assert "deltas       E -3900  S +3900  W 0  N 0" in out
    code = run_points(
        ["3", "30", "--from", "E", "--also", "2/40@W", "--also", "5@N", "--rules", "tenhou"]
    )
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("triple ron on E's discard; rules tenhou\n")
    assert "deltas       E 0  S 0  W 0  N 0" in out
    assert "note: three rons on one discard: an abortive draw (triple_ron=abort)" in out


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["3", "30", "--also", "2/40@W"], 2, "--also needs --from"),
        (["3", "30", "--tsumo", "--also", "2/40@W"], 2, "not with --tsumo"),
        (["3", "30", "--from", "E", "--also", "2/40"], 2, "HAN[/FU]@SEAT"),
        (["3", "30", "--from", "E", "--also", "2/40@S"], 1, "already wins"),
        (["3", "30", "--from", "W", "--also", "2/40@W"], 1, "cannot deal in"),
        (["3", "30", "--from", "E", "--also", "2/45@W"], 1, "--also 2/45@W: 45 fu"),
        (["yakuman", "--from", "E", "--pao", "W", "--also", "5@N"], 2, "--pao"),
    ],
)
def test_points_also_refuses(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str
) -> None:
    assert run_points(argv) == code
    assert message in capsys.readouterr().err
