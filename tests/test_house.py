"""House rules and local yaku (issue 16): the words, records, switches and warnings.

Values are the worked ones of fixtures/hands_house.toml (each cited there); these tests check
that every new thing works from the notation, the CLI (``--rule``), the API (``overrides=``)
and SPEC §2 records, that the normal form keeps the words, and that the switches are named in
the warnings and in ``agari rules``.
"""

from __future__ import annotations

import json

import pytest

from agari.api import analyse
from agari.cli import main
from agari.errors import HandError, RuleError
from agari.notation import parse_hand
from agari.rules import PRESETS, SWITCH_SOURCES, Rules

OPEN = "123m456p789s234s5z+5z open-riichi"

HOUSE_DEFAULTS = {
    "open_riichi": "off",
    "aotenjou": "off",
    "paarenchan": "off",
    "daisharin": "off",
    "daichisei": "off",
    "sashikomi": "off",
    "yakuman_limit": "none",
    "open_pinfu_fu": "30",
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_keeps_the_house_switches_off(name: str) -> None:
    switches = Rules.preset(name).switches()
    assert {k: switches[k] for k in HOUSE_DEFAULTS} == HOUSE_DEFAULTS
    assert switches["renhou"] != "5han" and switches["kazoe"] != "multiple"
    assert switches["aka"] in ("on", "off")


@pytest.mark.parametrize(
    "text",
    [
        "123m456p234789s5z+5z open-riichi",
        "123m456p234789s5z+5z double-open-riichi",
        "123m456p234789s5z+5z open-riichi sashikomi",
        "123m456p234789s5z+5z seat=E paarenchan=7",
    ],
)
def test_normal_form_keeps_the_house_words(text: str) -> None:
    hand = parse_hand(text)
    assert str(hand) == text
    assert parse_hand(str(hand)) == hand


def test_open_riichi_words_set_riichi() -> None:
    c = parse_hand(OPEN).context
    assert (c.riichi, c.double_riichi, c.open_riichi) == (True, False, True)
    c = parse_hand("123m456p789s234s5z+5z double-open-riichi").context
    assert (c.riichi, c.double_riichi, c.open_riichi) == (False, True, True)


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s234s5z+5z riichi open-riichi",
        "123m456p789s234s5z+5z open-riichi double-open-riichi",
        "123m456p789s234s5z+5z sashikomi",
        "123m456p789s234s5z+5z open-riichi sashikomi tsumo",
        "123m456p789s234s5z+5z paarenchan=7",
    ],
)
def test_house_words_that_cannot_be_true_are_errors(text: str) -> None:
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert info.value.code == "conflicting_context"


def test_paarenchan_is_a_bounded_counter() -> None:
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s234s5z+5z seat=E paarenchan=100")
    assert info.value.code == "bad_value"


def test_records_take_the_house_keys() -> None:
    record = {
        "concealed": "123m456p789s234s55z",
        "win": "5z",
        "riichi": True,
        "open_riichi": True,
        "sashikomi": True,
    }
    result = analyse(record, overrides={"open_riichi": "on", "sashikomi": "on"})
    assert [y.id for y in result.yaku or ()] == ["sashikomi"] and result.points == 32000
    no_riichi = {"concealed": "123m456p789s234s55z", "win": "5z", "open_riichi": True}
    assert analyse(no_riichi).status == "error"
    dealer = {"concealed": "123m456p789s123s55z", "win": "1s", "seat_wind": "E", "paarenchan": 7}
    assert analyse(dealer, overrides={"paarenchan": "on"}).points == 48000


def test_switches_read_from_the_cli_spelling() -> None:
    rules = Rules.from_options(
        "tenhou",
        ["aka=M1P2S1", "yakuman_limit=6", "kazoe=multiple", "open_pinfu_fu=20", "aotenjou=on"],
    )
    assert rules.red_fives == (1, 2, 1) and rules.value_text("aka") == "m1p2s1"
    assert rules.yakuman_cap == 6 and rules.kazoe == "multiple" and rules.open_pinfu_fu == 20
    assert Rules.preset("wrc2025").with_overrides({"aka": "p2"}).red_fives == (0, 2, 0)
    assert Rules.preset("wrc2025").with_overrides({"aka": True}).aka is True
    for bad in ("aka=m5", "aka=x1", "yakuman_limit=0", "open_pinfu_fu=25", "daisharin=sou"):
        with pytest.raises(RuleError):
            Rules.from_options(None, [bad])


def test_warnings_name_the_switch() -> None:
    assert "open riichi counts as riichi (open_riichi=off)" in analyse(OPEN).warnings
    on = analyse(OPEN, overrides={"open_riichi": "on"}).warnings
    assert any("open_riichi=on" in w for w in on)
    word = "123m456p789s234s5z+5z open-riichi sashikomi"
    assert any("sashikomi=off" in w for w in analyse(word).warnings)
    dealer = "123m456p789s23s55z+1s seat=E paarenchan=7 riichi"
    assert any("paarenchan=off" in w for w in analyse(dealer).warnings)
    wheel = analyse("2233445566778s+8s", overrides={"daisharin": "pin"})
    assert any("daisharin=pin" in w for w in wheel.warnings)
    big = analyse("234m456p789s23s55m+1s riichi dora=6", overrides={"aotenjou": "on"})
    assert any("aotenjou=on" in w for w in big.warnings) and big.limit is None
    capped = analyse("1112223334445z+5z", overrides={"yakuman_limit": "2"})
    assert any("yakuman_limit=2" in w for w in capped.warnings)
    cheap = analyse("234m456p55s67s+8s, 5-67p", overrides={"open_pinfu_fu": "20"})
    assert any("open_pinfu_fu=20" in w for w in cheap.warnings)
    red = analyse("234m067p3457899s+6s tsumo riichi", overrides={"aka": "m1s1"})
    assert any("aka=m1p0s1" in w for w in red.warnings)
    kazoe = analyse(
        "2233445566778s+8s riichi ippatsu tsumo dora=12", overrides={"kazoe": "multiple"}
    )
    assert any("kazoe=multiple" in w for w in kazoe.warnings)


def test_cli_rule_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json", "--rule", "daisharin=pin", "2233445566778p+8p"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["yaku"] == [{"id": "daisharin", "han": 13}] and record["points"] == 32000
    assert main(["--rule", "aka=on", "234m003467p7899s+6s tsumo riichi"]) == 1
    assert "too_many_red" in capsys.readouterr().out


def test_agari_rules_lists_the_house_switches_with_sources(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for key in (*HOUSE_DEFAULTS, "aka", "kazoe", "renhou"):
        assert key in out
        assert key in SWITCH_SOURCES
    assert main(["rules", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(SWITCH_SOURCES) <= set(data["switch_sources"])


def test_batch_records_with_rules(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "house.jsonl"
    lines = [
        {
            "hand": "2233445566778m+8m tsumo seat=E",
            "rule": {"daisharin": "all"},
            "expect": {"yaku": ["daisuurin"], "points": 48000},
        },
        {
            "hand": "1122334455667z+7z",
            "rule": {"daichisei": "on"},
            "expect": {"yakuman": 2, "points": 64000},
        },
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    assert main(["batch", "--check", str(path)]) == 0
    captured = capsys.readouterr()
    assert "matched 2, mismatched 0" in captured.out + captured.err
