"""One source per fact for rule switches (issue 11): every switch is one declaration with a
field, its values and its meaning; every preset gives it a value it may take; every
subcommand reads ``--rules``/``--rule`` the same way."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields

import pytest

from agari.errors import RuleError
from agari.rules import PRESET_NAMES, PRESET_SOURCES, SWITCH_MEANINGS, SWITCH_VALUES, Rules


def test_every_switch_has_a_field_values_and_a_meaning() -> None:
    declared = {f.name for f in fields(Rules) if f.init} - {"name", "overrides"}
    assert set(SWITCH_VALUES) == declared == set(SWITCH_MEANINGS)
    assert all(SWITCH_MEANINGS[key].strip() for key in declared)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_gives_every_switch_an_allowed_value(name: str) -> None:
    rules = Rules.preset(name)
    assert PRESET_SOURCES[name]
    for key, allowed in SWITCH_VALUES.items():
        text = rules.value_text(key)
        assert text in allowed or (allowed == ("<integer>",) and text.isdigit()), (key, text)
        # the CLI spelling reads back to the same value
        assert getattr(rules.with_overrides({key: text}), key) == getattr(rules, key)


def test_rule_options_are_read_in_one_place() -> None:
    assert Rules.from_options(None, ["KIRIAGE=off"]).kiriage is False
    with pytest.raises(RuleError, match="KEY=VALUE"):
        Rules.from_options(None, ["kiriage"])
    with pytest.raises(RuleError, match="unknown rule switch"):
        Rules.from_options("tenhou", ["kiri=off"])


@pytest.mark.parametrize(
    "command",
    [
        ["234m067p3457899s+6s tsumo"],
        ["batch", "-"],
        ["points", "3", "30"],
        ["table"],
    ],
)
def test_every_subcommand_takes_a_switch_in_any_case(command: list[str]) -> None:
    """Issue 11: `agari batch --rule KIRIAGE=off` was a usage error while the hand command
    took it; now every subcommand reads the same options."""
    done = subprocess.run(
        [sys.executable, "-m", "agari", *command, "--rules", "tenhou", "--rule", "KIRIAGE=on"],
        input='{"hand": "123m456p789s1155z+5z"}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
