"""Three-player as the servers play it (issue 13): the presets, kita in the notation and the
engine, three-seat settlement from the commands, unseen counts. Expected values come from
RULES.md ("Three-player", "Games") and the arithmetic written out beside them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agari.api import analyse
from agari.cli import main
from agari.notation import parse_hand
from agari.rules import PRESET_NAMES, PRESET_SOURCES, Rules


@pytest.mark.parametrize("name", ["tenhou-sanma", "majsoul-sanma"])
def test_sanma_presets(name: str) -> None:
    # RULES.md "Three-player": players=3, red 5p/5s (aka on), open tanyao, no kiriage, kazoe
    # yakuman; "Games": three-player start 35000.
    r = Rules.preset(name)
    assert name in PRESET_NAMES and PRESET_SOURCES[name]
    assert (r.players, r.aka, r.open_tanyao, r.kiriage, r.kazoe) == (
        3,
        True,
        True,
        False,
        "yakuman",
    )
    assert r.start_points == 35000
    assert r.double_yakuman is (name == "majsoul-sanma")  # RULES.md: no double yakuman on Tenhou


def test_tenhou_sanma_game_rules() -> None:
    # RULES.md "Games", Tenhou 3p column: 35000 / 40000, uma +20 0 -20.
    r = Rules.preset("tenhou-sanma")
    assert (r.start_points, r.return_points, r.uma) == (35000, 40000, "20,0,-20")


def test_players_3_override_on_a_four_player_preset_stays() -> None:
    assert Rules.preset("tenhou").with_overrides({"players": 3}).players == 3


def test_kita_ron_normal_form_round_trip() -> None:
    hand = parse_hand("999m234p567p789s4z+4z- riichi KitaRon")
    assert hand.context.kita_ron
    assert str(hand) == "999m234567p789s4z+4z- riichi kita-ron"
    assert parse_hand(str(hand)) == hand


def test_kita_ron_record() -> None:
    record: dict[str, Any] = {
        "concealed": "999m234p567p789s44z",
        "win": "4z",
        "riichi": True,
        "kita_ron": True,
    }
    r = analyse(record, rules="tenhou-sanma")
    # riichi 1, no chankan (RULES.md "Three-player"); 40 fu, 2600 as in hands_sanma.toml
    assert r.status == "win" and [y.id for y in r.yaku or ()] == ["riichi"]


def test_rinshan_after_kita_only_in_three_player() -> None:
    text = "999m234p567p78s11z+9s tsumo rinshan kita=1"
    assert analyse(text, rules="tenhou-sanma").status == "win"
    four = analyse(text, rules="tenhou")
    assert four.status == "error" and four.error is not None
    assert "three-player" in four.error["message"]


def test_unseen_counts_take_the_kita() -> None:
    # 13 tiles waiting on 4z tanki with one North in hand and one kita: 4 - 1 - 1 = 2 unseen.
    r = analyse("999m234p567p789s4z kita=1", rules="tenhou-sanma")
    assert r.waits is not None
    assert [(w["tile"], w["unseen"]) for w in r.waits] == [("4z", 2)]
    # Without kita: 3.
    r = analyse("999m234p567p789s4z", rules="tenhou-sanma")
    assert r.waits is not None and r.waits[0]["unseen"] == 3


def test_no_2m_to_8m_in_three_player_waits() -> None:
    # 9m tanki? no: 1m-9m wait shape 19m can never wait on 2m-8m; a kanchan-looking 13m is not
    # possible (3m absent); here a 99m + 11m shanpon waits on 1m and 9m only.
    r = analyse("11m99m234p567p789s", rules="tenhou-sanma")
    assert r.waits is not None
    assert sorted(w["tile"] for w in r.waits) == ["1m", "9m"]


def test_points_command_three_seats(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md "Three-player": non-dealer mangan tsumo 2000 + 4000 = 6000; honba 100 per payer.
    assert (
        main(["points", "--rules", "tenhou-sanma", "5", "--tsumo", "--honba", "1", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == {"E": -4100, "S": 6200, "W": -2100}


def test_draw_command_three_seats(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md "Three-player": two ready: 2000 from the noten player, 1000 to each.
    assert main(["draw", "--rules", "tenhou-sanma", "--tenpai", "E,S", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == {"E": 1000, "S": 1000, "W": -2000}


def test_ron_honba_200_from_the_points_command(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES.md "Three-player": honba 200 per counter on ron. 3 han 30 fu 3900 + 2 x 200.
    assert main(["points", "--rules", "tenhou-sanma", "3", "30", "--from", "W", "--honba", "2",
                 "--json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == {"E": 0, "S": 4300, "W": -4300}
