"""Every word that names a seat, in three-player, is a clear error wherever a hand goes in
(issue 25, item 1: ``seat=N`` under ``tenhou-sanma`` had become a ``SettleError``
traceback on the command line, an ``internal`` record in a batch and an HTTP 500 on the
page).

The rule: three-player mahjong has no North seat and nobody across (RULES.md
"Three-player"; SPEC §6 ``players=3``). So ``seat=N``, ``pao=N`` and ``wareme=N`` name a
player who is not there (``bad_value``), and a winning tile or a meld from across (``=``)
comes from nobody (``conflicting_context`` / ``bad_meld``). ``round=N`` names the round's
wind, not a seat, and stays allowed as in four-player.
"""

from __future__ import annotations

import io
import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from agari.api import analyse, score
from agari.cli import batch_cmd, main

WIN = "111m456p789s1155z+5z"  # 13 tiles + the winning 5z, legal in three-player
WAITING = "111m456p789s1155z"  # the same 13 tiles, waiting

#: (words, code, what the message must name): each in a 14- and a 13-tile hand.
SEAT_CASES = (
    ("seat=N", "bad_value", "seat=N"),
    ("seat=north", "bad_value", "seat=N"),
    ("pao=N", "bad_value", "pao=N"),
    ("wareme=N", "bad_value", "wareme=N"),
    ("seat=E pao=N", "bad_value", "pao=N"),
    ("seat=W wareme=N tsumo", "bad_value", "wareme=N"),
)
#: A discarder or a meld from across: nobody sits there in three-player.
ACROSS_CASES = (
    ("111m456p789s1155z+5z=", "conflicting_context", "across"),
    ("111m456p789s1z+1z, 555=z", "bad_meld", "across"),
    ("111m456p789s1z+1z, 5555=z", "bad_meld", "across"),
    ("111m456p789s1z+1z, 555=5z", "bad_meld", "across"),
)
PRESETS = ("tenhou-sanma", "majsoul-sanma")


def hands() -> list[tuple[str, str, str]]:
    cases = [(f"{WIN} {w}", code, named) for w, code, named in SEAT_CASES]
    cases += [(f"{WAITING} {w}", code, named) for w, code, named in SEAT_CASES]
    cases += list(ACROSS_CASES)
    return cases


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("text", "code", "named"), hands())
def test_api_refuses_a_seat_nobody_has(preset: str, text: str, code: str, named: str) -> None:
    for result in (analyse(text, preset), score(text, preset)):
        assert result.status == "error", text
        assert result.error is not None
        assert result.error["code"] == code, result.error
        assert named in result.error["message"]
        json.dumps(result.to_json())  # every field made, nothing deferred raises


def test_the_message_names_the_seats_and_points_at_the_word() -> None:
    result = analyse(f"{WIN} seat=N", "tenhou-sanma")
    assert result.error == {
        "code": "bad_value",
        "message": "seat=N: three-player mahjong has no North seat; the seats are E, S and W",
        "column": len(WIN) + 2,
    }


def test_players_3_on_a_four_player_preset_refuses_them_too() -> None:
    result = analyse(f"{WIN} pao=N", "tenhou", {"players": 3})
    assert result.error is not None and result.error["code"] == "bad_value"


def test_structured_records_are_checked_alike() -> None:
    record = {"concealed": "111m456p789s11555z", "win": "5z"}
    for key in ("seat_wind", "pao", "wareme"):
        result = analyse({**record, key: "N"}, "tenhou-sanma")
        assert result.error is not None and result.error["code"] == "bad_value", key
    melds = [{"kind": "pon", "tiles": "555z", "from": "across"}]
    result = analyse({"concealed": "111m456p789s11z", "win": "1z", "melds": melds}, "tenhou-sanma")
    assert result.error is not None and result.error["code"] == "bad_meld"


def test_four_player_keeps_north() -> None:
    for words in ("seat=N", "pao=N", "wareme=N"):
        assert analyse(f"{WIN} {words}", "tenhou").status != "error", words


def test_round_north_is_a_wind_not_a_seat() -> None:
    """``round=N`` makes North the round wind (a yakuhai pair's fu, a yakuhai triplet);
    no seat is named, so three-player takes it as four-player does."""
    result = analyse("111m456p789s1z+1z, 444+z round=N", "tenhou-sanma")
    assert result.status == "win"
    assert [y.id for y in result.yaku] == ["round_wind"]


@pytest.mark.parametrize(("text", "code", "named"), hands())
def test_hand_command_prints_the_error_not_a_traceback(
    text: str, code: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--rules", "tenhou-sanma", text]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"error ({code}): ") and named in out
    assert err == ""
    assert main(["--rules", "tenhou-sanma", "--json", text]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["error"]["code"] == code


@pytest.mark.parametrize("info", [[], ["--info"]])
def test_svg_command_refuses_them(info: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    for text, _, named in hands():
        assert main(["svg", *info, "--rules", "tenhou-sanma", text]) == 1, text
        out, err = capsys.readouterr()
        assert out == "" and named in err and "Traceback" not in err


def test_batch_gives_one_error_record_each(tmp_path: Path) -> None:
    cases = hands()
    path = tmp_path / "seats.txt"
    path.write_text("".join(f"{text}\n" for text, _, _ in cases), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = batch_cmd.run(["--json", "--rules", "tenhou-sanma", str(path)], stdout=out, stderr=err)
    assert status == 1
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["error"]["code"] for r in records] == [code for _, code, _ in cases]
    assert all(
        named in r["error"]["message"] for r, (_, _, named) in zip(records, cases, strict=True)
    )


def web_client() -> Any:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from agari.web.app import create_app

    return TestClient(create_app(), raise_server_exceptions=False)


def test_web_api_and_page_answer_400_with_the_error() -> None:
    client = web_client()
    for text, code, named in hands():
        params = {"hand": text, "rules": "tenhou-sanma"}
        for path in ("/api/analyse", "/api/svg"):
            response = client.get(path, params=params)
            assert response.status_code == 400, (path, text)
            assert response.json()["error"]["code"] == code
        for path in ("/", "/part/result"):
            response = client.get(path, params=params)
            assert response.status_code == 200
            assert named in response.text and "internal" not in response.text
