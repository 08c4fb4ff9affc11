"""What the commands over game files share (``agari.cli.game_files``): the progress line on
a terminal only, cleared before each file's lines; one result per file in the order given;
the worst status; a file over the size bound refused by name."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from agari.cli import game_files
from agari.cli.game_files import FileDone, Progress, play_file, run_files
from agari.cli.options import ProgressLine

ROOT = Path(__file__).resolve().parents[1]
SHEET = str(ROOT / "fixtures" / "games" / "tenhou_half_game.txt")
SHORT = "2009030612gm-00e1-0000-5d04801a.xml"  # an east-only game


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _options(no_progress: bool = False) -> argparse.Namespace:
    return argparse.Namespace(jobs=1, no_progress=no_progress)


def _work(shared: str, path: str) -> FileDone[int]:
    status = 1 if path == "bad" else 0
    return FileDone(
        out=f"{shared} {path}\n",
        err=[f"err {path}"] if status else [],
        status=status,
        value=len(path),
    )


def test_the_progress_line_is_rewritten_in_place_and_cleared_once() -> None:
    err = io.StringIO()
    line = ProgressLine(err)
    line.clear()  # nothing shown: nothing written
    assert err.getvalue() == ""
    line.show("half")
    line.show("all")
    line.clear()
    line.clear()
    assert err.getvalue() == "\r\x1b[Khalf\r\x1b[Kall\r\x1b[K"


def test_the_files_progress_bar_fills_with_the_files_done() -> None:
    err = io.StringIO()
    progress = Progress(err, 4)
    progress.update(1, "3 rounds")
    assert err.getvalue().startswith("\r\x1b[K[######------------------] 1/4 files, 3 rounds, ")
    assert err.getvalue().endswith(" files/s")
    progress.update(4, "9 rounds")
    assert "[########################] 4/4 files, 9 rounds" in err.getvalue()


def test_run_files_writes_each_file_in_order_with_the_worst_status() -> None:
    out, err = io.StringIO(), _Tty()
    kept: list[int] = []

    def absorb(done: FileDone[int]) -> str:
        kept.append(done.value or 0)
        return f"{sum(kept)} letters"

    status = run_files("agari x", _work, ["a", "bad", "cc"], "read", _options(), out, err, absorb)
    assert status == 1
    assert out.getvalue() == "read a\nread bad\nread cc\n"
    assert kept == [1, 3, 2]
    shown = err.getvalue()
    # the bar is cleared before the error line, and at the end
    assert "\r\x1b[Kerr bad\n" in shown and shown.endswith("\r\x1b[K")
    assert "3/3 files, 6 letters" in shown


@pytest.mark.parametrize(
    ("paths", "no_progress", "stream"),
    [(["a", "b"], True, _Tty), (["a"], False, _Tty), (["a", "b"], False, io.StringIO)],
    ids=["--no-progress", "one file", "not a terminal"],
)
def test_no_progress_line_unless_asked_for_on_a_terminal(
    paths: list[str], no_progress: bool, stream: type[io.StringIO]
) -> None:
    err = stream()
    run_files("agari x", _work, paths, "read", _options(no_progress), io.StringIO(), err, str)
    assert "\r" not in err.getvalue()


def test_play_file_names_what_stops_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, done = play_file("agari x", str(tmp_path / "missing.json"), None, ())
    assert game is None and done.status == 1
    assert done.err == [f"agari x: {tmp_path / 'missing.json'}: No such file or directory"]
    monkeypatch.setattr(game_files, "MAX_GAME_FILE", 10)
    game, done = play_file("agari x", SHEET, None, (), data=b"x" * 11)
    assert game is None and done.status == 1 and "more than" in done.err[0]
    monkeypatch.undo()
    game, done = play_file("agari x", SHEET, None, (), play_to="review")
    assert game is None and done.status == 1
    assert done.err == [f"agari x: {SHEET}: not a game log (a game sheet holds no play to review)"]
    game, done = play_file("agari x", SHEET, None, ())
    assert game is not None and game.sheet is not None and done.err == [] and done.status == 0


def test_folders_are_searched_for_logs_and_globs_expanded(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    for name in ("b/2.json", "a.xml", "b/1.mjlog", "notes.txt", "c.JSON"):
        (tmp_path / name).write_text("x")
    found = game_files.expand_paths([str(tmp_path)])
    assert [Path(p).relative_to(tmp_path).as_posix() for p in found] == [
        "a.xml", "c.JSON", "b/1.mjlog", "b/2.json",
    ]  # fmt: skip
    # a glob where no file has that name; a name given is kept (a sheet, a missing file, -)
    assert game_files.expand_paths([str(tmp_path / "*.xml"), "-", "none.txt"]) == [
        str(tmp_path / "a.xml"), "-", "none.txt",
    ]  # fmt: skip
    star = tmp_path / "odd*.json"
    star.write_text("x")
    assert game_files.expand_paths([str(star)]) == [str(star)]


def test_no_file_found_is_said_and_none_returned(tmp_path: Path) -> None:
    err = io.StringIO()
    assert game_files.found_files("agari game", [str(tmp_path), "*.nothing"], err) is None
    assert err.getvalue() == "agari game: no game logs found\n"


@pytest.mark.parametrize("command", ["game", "review", "stats"])
def test_every_game_command_reads_a_folder(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from agari.cli import main

    folder = tmp_path / "logs"
    (folder / "more").mkdir(parents=True)
    source = ROOT / "fixtures" / "logs" / "mjlog"
    for name, to in (("2022010107gm-00e1-0000-2153c673.xml", "a.xml"), (SHORT, "more/b.xml")):
        (folder / to).write_bytes((source / name).read_bytes())
    (folder / "notes.txt").write_text("not a log")
    assert main([command, "--no-progress", str(folder)]) == 0
    out = capsys.readouterr().out
    if command == "game":  # both logs, the one in the folder's folder too; not the notes
        assert out.count("\nfinal standings (") == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([command, str(empty)]) == 1
    assert capsys.readouterr().err == f"agari {command}: no game logs found\n"
