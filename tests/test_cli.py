"""End-to-end tests of the ``agari`` command (hand mode, stdin, exit codes, --json, rules).

Exit codes and JSON keys are those of docs/TEAM.md and SPEC §3; tile counts are SPEC §1.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from agari.cli import main

SPEC_KEYS = {"input", "hand", "rules", "status", "error", "warnings"}


def agari(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agari", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_python_m_agari_reads_a_hand_and_exits_0() -> None:
    """Brief: `agari HAND...` prints the normal form; exit 0 when every hand was read."""
    out = agari("234m067p3457899s+6s tsumo riichi dora=4p")
    assert out.returncode == 0, out.stderr
    assert "234m067p3457899s+6s tsumo riichi dora=4p" in out.stdout
    assert "Traceback" not in out.stderr


def test_rejected_hand_exits_1_with_caret_and_no_traceback() -> None:
    """SPEC §3: errors are results, never tracebacks; brief: exit 1 when any input is
    rejected; the caret sits under column 3 of "12x"."""
    out = agari("123m456p789s1155z+5z", "12x")
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    at = lines.index("  12x")
    assert lines[at + 1] == "    ^"
    assert "Traceback" not in out.stderr


def test_design_brief_example_message() -> None:
    """SPEC §1/§3: the brief's `123m456p789s11z+5z` is rejected with a message counting 12."""
    out = agari("--json", "123m456p789s11z+5z")
    assert out.returncode == 1
    record = json.loads(out.stdout)
    assert record["status"] == "error"
    assert record["error"]["code"] == "tile_count"
    assert record["error"]["message"].startswith("12 tiles: a winning hand has 14")


def test_stdin_mode_one_record_per_line_json() -> None:
    """Brief: without HAND, one hand per line from stdin; --json is JSON Lines with the
    SPEC §3 keys. Blank lines and # comments are skipped."""
    text = "123m456p789s1155z+5z\n\n# a comment\n123m456p789s1155z\n12x\n"
    out = agari("--json", stdin=text)
    assert out.returncode == 1  # the last line is rejected
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(records) == 3
    for record in records:
        assert set(record) >= SPEC_KEYS
    assert [r["input"] for r in records] == [
        "123m456p789s1155z+5z",
        "123m456p789s1155z",
        "12x",
    ]
    assert records[2]["error"]["column"] == 3


def test_unquoted_context_words_join_the_hand() -> None:
    """Convenience beyond SPEC §1: `agari 123m...+6s tsumo riichi` is one hand."""
    out = agari("--json", "234m067p3457899s+6s", "tsumo", "riichi", "dora=4p")
    assert out.returncode == 0, out.stdout
    (record,) = [json.loads(line) for line in out.stdout.splitlines()]
    assert record["input"] == "234m067p3457899s+6s tsumo riichi dora=4p"


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "house", "123m456p789s1155z+5z"],
        ["--rule", "kiriage=maybe", "123m456p789s1155z+5z"],
        ["--rule", "nosuch=on", "123m456p789s1155z+5z"],
        ["--rule", "kiriage", "123m456p789s1155z+5z"],
        ["--bogus", "123m456p789s1155z+5z"],
        ["rules", "house"],
    ],
)
def test_usage_errors_exit_2_and_list_what_is_valid(args: list[str]) -> None:
    """docs/TEAM.md: exit 2 for usage errors; the message lists what is valid."""
    out = agari(*args)
    assert out.returncode == 2
    assert out.stderr and "Traceback" not in out.stderr


def test_bad_rules_name_lists_presets() -> None:
    """SPEC §6 preset names appear in the message for an unknown --rules."""
    out = agari("--rules", "house", "1z")
    for name in ("wrc2025", "ema2016", "tenhou", "majsoul", "mleague"):
        assert name in out.stderr


def test_rules_subcommand_lists_presets_and_switches() -> None:
    """SPEC §6: `agari rules` lists presets and switches with their values and sources."""
    out = agari("rules")
    assert out.returncode == 0
    for word in ("wrc2025", "ema2016", "tenhou", "majsoul", "mleague", "kiriage", "aka"):
        assert word in out.stdout
    one = agari("rules", "tenhou")
    assert one.returncode == 0 and "Tenhou" in one.stdout and "kiriage" in one.stdout


def test_rules_json() -> None:
    out = agari("rules", "--json")
    data = json.loads(out.stdout)
    assert data["presets"]["tenhou"]["aka"] == "on"  # RULES.md Presets: tenhou aka on


def _run_main(monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = main(argv)
    return code, out.getvalue(), err.getvalue()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_stdin_prints_usage_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Brief: when standard input is a terminal, print a short usage instead of waiting."""
    code, out, err = _run_main(monkeypatch, [], _Tty())
    assert code == 2 and "usage: agari" in err and out == ""


def test_help_exits_0(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _run_main(monkeypatch, ["--help"], io.StringIO())
    assert code == 0 and "usage: agari" in out and "exit status" in out


def test_version_names_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: ``agari --version`` ends in ``(compiled)``, ``(pure Python, C core)`` or
    ``(pure Python)``, as the engine's modules are extension modules or not and the
    review's C core was built or not; .ci/run sets AGARI_EXPECT_BUILD to the build it
    installed, so that a compiled run cannot pass on the pure modules."""
    import agari.engine.scoring
    from agari.analysis.efficiency import NATIVE

    code, out, _ = _run_main(monkeypatch, ["--version"], io.StringIO())
    compiled = not agari.engine.scoring.__file__.endswith(".py")
    build = "compiled" if compiled else "pure Python, C core" if NATIVE else "pure Python"
    assert code == 0 and out.endswith(f"({build})\n")
    expected = os.environ.get("AGARI_EXPECT_BUILD")
    if expected:
        assert out.endswith(f"({expected})\n")


def test_answers_that_are_not_wins_exit_0(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/TEAM.md: not winning, no yaku, tenpai, noten are answers (exit 0)."""
    hands = ["123m456p789s1155z", "123m456p789s1135z", "234m067p3457899s1z"]
    code, out, _ = _run_main(monkeypatch, ["--json", *hands], io.StringIO())
    assert code == 0
    statuses = [json.loads(line)["status"] for line in out.splitlines()]
    assert "error" not in statuses and len(statuses) == 3


def test_scoring_a_hand_imports_only_what_it_needs() -> None:
    """Start-up (issue 27): ``agari HAND`` does not import the expected value's model, nor
    ``fractions`` (with ``decimal``) or ``pathlib`` (with ``urllib.parse``): together about
    10 ms of every start of the pure build; nor, for a complete hand, the analysis of
    unfinished hands (``agari.analysis``: 9 % of the pure build's start-up instructions, and
    the compiled build's costliest module to set up). Counted against what a bare
    interpreter of this environment already holds."""
    listing = "import sys; print(' '.join(sorted(sys.modules)), file=sys.stderr)"
    bare = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True)
    hand = "234m067p3457899s+6s tsumo riichi dora=4p"
    code = f"from agari.cli import main; main([{hand!r}]); {listing}"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    added = set(run.stderr.split()) - set(bare.stderr.split())
    assert "agari.api" in added  # the hand was scored here
    assert not added & {
        "agari.analysis",
        "agari.analysis.ev",
        "fractions",
        "decimal",
        "pathlib",
        "urllib.parse",
    }


@pytest.mark.parametrize("argv", [["234m067p3457899s+6s"], ["ev", "12455m34567p6777s"]])
def test_ctrl_c_in_any_command_stops_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Ctrl-C in a command that does not catch it itself (the hand report, ``agari ev``, a
    module still being imported): exit 130 and one line naming the command, as the long
    commands do (tests/test_game_faults.py), not a traceback."""
    import agari.cli

    def interrupted(args: list[str]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(agari.cli, "_dispatch", interrupted)
    assert main(argv) == 130
    err = capsys.readouterr().err
    prog = "agari ev" if argv[0] == "ev" else "agari"
    assert err == f"\n{prog}: interrupted\n"
