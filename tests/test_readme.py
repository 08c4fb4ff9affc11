"""The README's examples run as written: its Python block, and the quick-start output.

The README is where a newcomer starts; these tests keep it telling the same story as the
code (the expected values are the ones the README states, checked against the engine's
own fixtures elsewhere).
"""

from __future__ import annotations

import contextlib
import glob
import io
import re
import shlex
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


# --------------------------------------------------------------------------- every example


def _indented_blocks() -> list[list[str]]:
    """Every fenced block, indented ones (inside a list) too, as lines without the indent."""
    blocks: list[list[str]] = []
    lines: list[str] | None = None
    indent = 0
    for line in README.read_text(encoding="utf-8").splitlines():
        stripped = line.lstrip()
        if lines is None and stripped.startswith("```"):
            lines, indent = [], len(line) - len(stripped)
        elif lines is not None and stripped == "```":
            blocks.append(lines)
            lines = None
        elif lines is not None:
            lines.append(line[indent:])
    return blocks


def _examples() -> list[tuple[str, list[str]]]:
    """Each ``$ agari ...`` line of the README with the output shown under it."""
    found: list[tuple[str, list[str]]] = []
    for block in _indented_blocks():
        current: list[str] | None = None
        for line in block:
            if line.startswith("$ "):
                current = []
                found.append((line[2:], current))
            elif current is not None:
                current.append(line)
    for _, shown in found:
        while shown and not shown[-1].strip():
            shown.pop()
    return found


#: What changes from run to run: the batch summary's time and rate.
_TIMING = re.compile(r"in \d+\.\d+ s \([\d,]+ hands/s\)")


def _matches(shown: list[str], actual: list[str]) -> bool:
    """``shown`` is ``actual`` where a line ``...`` stands for any number of lines."""
    if not shown:
        return not actual
    head, rest = shown[0], shown[1:]
    if head.strip() == "...":
        return any(_matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return (
        bool(actual)
        and _TIMING.sub("", head) == _TIMING.sub("", actual[0])
        and _matches(rest, actual[1:])
    )


EXAMPLES = _examples()


def test_the_readme_has_examples_to_check() -> None:
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_every_readme_example_prints_what_the_readme_shows(
    command: str,
    shown: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Issue 12: every `$ agari ...` example is checked against what agari prints (standard
    output, then standard error; nothing where the README shows nothing), run in a folder
    that sees the repository's examples/ and fixtures/ (and takes any file written)."""
    from agari.cli import main

    for folder in ("examples", "fixtures"):
        (tmp_path / folder).symlink_to(README.parent / folder, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps help to the terminal's width
    folder, _, command = command.rpartition(" && ")  # `cd DIR && agari ...`
    if folder:
        assert folder.startswith("cd ")
        monkeypatch.chdir(tmp_path / folder[3:])
    words = shlex.split(command, comments=True)
    assert words[0] == "agari"
    args: list[str] = []
    for word in words[1:]:
        args.extend(sorted(glob.glob(word)) if "*" in word else [word])
    main(args)
    captured = capsys.readouterr()
    actual = (captured.out + captured.err).rstrip("\n").splitlines()
    assert _matches(shown, actual), "\n".join(actual)
