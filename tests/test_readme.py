"""The README's examples run as written: its Python block, and the quick-start output.

The README is where a newcomer starts; these tests keep it telling the same story as the
code (the expected values are the ones the README states, checked against the engine's
own fixtures elsewhere).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks(language: str) -> list[str]:
    """The README's fenced blocks of ``language`` ("" for plain ones), in order."""
    blocks: list[str] = []
    lines: list[str] | None = None
    opened = ""
    for line in README.read_text(encoding="utf-8").splitlines():
        if lines is None and line.startswith("```"):
            lines, opened = [], line[3:].strip()
        elif lines is not None and line.strip() == "```":
            if opened == language:
                blocks.append("\n".join(lines) + "\n")
            lines = None
        elif lines is not None:
            lines.append(line)
    return blocks


def test_the_python_api_block_runs() -> None:
    (block,) = [b for b in _blocks("python") if "import agari" in b]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})  # the README's own code
    # The values the block's comments state.
    assert "1z 2 1300 2700" in out.getvalue()
    assert "5z 2 1300 2700" in out.getvalue()


def test_the_quick_start_output_is_what_agari_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from agari.cli import main

    hand = "234m067p3457899s+6s tsumo riichi dora=4p"
    shown = next(b for b in _blocks("") if b.startswith(f"hand      {hand}\n"))
    main([hand])
    assert capsys.readouterr().out == shown
