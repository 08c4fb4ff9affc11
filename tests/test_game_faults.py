"""``agari game`` under faults (issue 25, items 4 and 5): Ctrl-C, SIGTERM, a worker killed,
more workers than cores. ``agari batch`` did all this already (tests/test_hardening.py);
both now share one worker pool (``agari.workers``)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

from tests.conftest import alive, children_of

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
LOGS = sorted(p for p in (ROOT / "fixtures" / "logs").glob("*/*") if p.is_file())
LINUX = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")


def agari_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "agari", *args]


def run(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        agari_cmd(*args), capture_output=True, env=ENV, timeout=60, check=False, **kwargs
    )


def many_logs(folder: Path, copies: int) -> list[str]:
    paths = []
    for n in range(copies):
        for log in LOGS:
            target = folder / f"{n:03d}-{log.name}"
            shutil.copyfile(log, target)
            paths.append(str(target))
    return paths


def start_jobs(
    paths: list[str], out: IO[bytes], out_path: Path
) -> tuple[subprocess.Popen[bytes], list[int]]:
    """``agari game --json -j 2 PATHS`` in a session of its own (a terminal's Ctrl-C goes to
    the whole group), once it has its two workers and has printed something."""
    proc = subprocess.Popen(
        agari_cmd("game", "--json", "-j", "2", *paths),
        stdout=out,
        stderr=subprocess.PIPE,
        env=ENV,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    found: list[int] = []
    while time.monotonic() < deadline and (len(found) < 2 or not out_path.stat().st_size):
        time.sleep(0.05)
        found = children_of(proc.pid)
    assert len(found) == 2
    return proc, found


def _whole_games(out_path: Path, paths: list[str]) -> list[dict[str, Any]]:
    """The records printed: every line whole JSON, the files in the order given, and the
    last one printed finished (its ``end`` record)."""
    records = [json.loads(line) for line in out_path.read_text(encoding="utf-8").splitlines()]
    assert records and records[-1]["kind"] == "end"
    games = [r["game"].split(" ")[0] for r in records if r["kind"] == "end"]
    assert games == paths[: len(games)]
    assert len(games) < len(paths)  # stopped before the end
    return records


@LINUX
@pytest.mark.parametrize(
    ("signum", "status", "said"),
    [(signal.SIGINT, 130, b"agari game: interrupted"), (signal.SIGTERM, 143, b"terminated")],
)
def test_a_signal_stops_jobs_cleanly(tmp_path: Path, signum: int, status: int, said: bytes) -> None:
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) and SIGTERM (to
    the command alone, as ``timeout`` sends it): the status says which, one line says why,
    no traceback from the command or its workers, the workers end, and the output is the
    games printed so far, each whole."""
    paths = many_logs(tmp_path, 12)
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        proc, workers = start_jobs(paths, out, out_path)
        if signum == signal.SIGINT:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == status, err
    assert said in err
    assert b"Traceback" not in err and b"Error" not in err
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)
    _whole_games(out_path, paths)


@LINUX
def test_a_worker_killed_from_outside_loses_nothing(tmp_path: Path) -> None:
    """SIGKILL to a worker (what the out-of-memory killer sends): the command notices,
    reads that worker's file again, and prints every game."""
    paths = many_logs(tmp_path, 6)
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        proc, workers = start_jobs(paths, out, out_path)
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    records = [json.loads(line) for line in out_path.read_text(encoding="utf-8").splitlines()]
    games = [r["game"].split(" ")[0] for r in records if r["kind"] == "end"]
    assert games == paths


KILLER = """
import os, sys
from agari.cli import game_cmd, main
real = game_cmd.process
def process(path, options, data=None):
    if path.endswith("killer.txt"):
        os.kill(os.getpid(), 9)  # as the out-of-memory killer ends a process
    return real(path, options, data)
game_cmd.process = process
sys.exit(main(["game", "-j", "2", *sys.argv[1:]]))
"""


def test_a_file_that_kills_its_worker_is_reported_not_waited_for(tmp_path: Path) -> None:
    """Before, a dead worker hung ``multiprocessing.Pool`` for ever."""
    sheet = ROOT / "fixtures" / "games" / "tenhou_half_game.txt"
    killer = tmp_path / "killer.txt"
    shutil.copyfile(sheet, killer)
    paths = [str(sheet), str(killer), str(sheet)]
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, *paths],
        capture_output=True,
        env=ENV,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert err.splitlines() == [
        f"agari game: {killer}: the worker process reading it died (killed or out of memory)"
    ]
    assert proc.stdout.decode().count("final standings") == 2


def test_more_jobs_than_cores_are_cut_with_a_warning() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    sheet = str(ROOT / "fixtures" / "games" / "tenhou_half_game.txt")
    proc = run("game", "-j", "50", sheet, sheet)
    assert proc.returncode == 0
    assert proc.stderr.decode() == (
        f"agari game: --jobs 50: this machine has {cores} cores; using {cores}\n"
    )


# --------------------------------------------------------------------------- item 4: inputs

TENHOU6 = ROOT / "fixtures" / "logs" / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json"
SHARED_SANMA = ROOT.parent / "shared" / "logs" / "mjlog" / "2009030520gm-00b9-0000-be2415fd.xml"


def test_a_name_holding_a_lone_surrogate_is_printed_escaped(tmp_path: Path) -> None:
    """A JSON log may name a player "A\\ud800B" (valid JSON, not UTF-8): the sheet prints
    the name as its escape, nothing lost, where it stopped with a UnicodeEncodeError."""
    data = json.loads(TENHOU6.read_text(encoding="utf-8"))
    data["name"][0] = "A\ud800B"
    log = tmp_path / "surrogate.json"
    log.write_text(json.dumps(data), encoding="ascii")  # json.dump's \u escapes
    for args in ([], ["--json"]):
        proc = run("game", *args, str(log))
        assert proc.returncode == 0, proc.stderr
        assert b"Traceback" not in proc.stderr
        text = proc.stdout.decode("utf-8")  # strict: the output is UTF-8
        if args:
            assert [json.loads(line)["kind"] for line in text.splitlines()][-1] == "end"
        else:
            assert "A\\ud800B" in text and "final standings" in text


def _memory_cap() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # a regression fails fast


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_input_is_refused_at_the_cap() -> None:
    """/dev/zero as a file or as standard input was read until a MemoryError."""
    said = "more than 16 MB, the most a game file holds\n"
    proc = run("game", "/dev/zero", preexec_fn=_memory_cap)
    assert (proc.returncode, proc.stderr.decode()) == (1, f"agari game: /dev/zero: {said}")
    with open("/dev/zero", "rb") as endless:
        proc = run("game", "-", stdin=endless, preexec_fn=_memory_cap)
    assert (proc.returncode, proc.stderr.decode()) == (1, f"agari game: <stdin>: {said}")


def test_a_three_player_preset_on_a_four_player_log_is_a_usage_error() -> None:
    proc = run("game", "--rules", "tenhou-sanma", str(TENHOU6))
    assert proc.returncode == 2
    assert proc.stderr.decode() == (
        f"agari game: {TENHOU6}: --rules tenhou-sanma is a 3-player preset but the log has 4 "
        "players: give one of the four-player presets wrc2025, ema2016, tenhou, majsoul, "
        "mleague, riichicity\n"
    )
    proc = run("game", "--rule", "players=3", str(TENHOU6))
    assert proc.returncode == 2
    assert proc.stderr.decode() == (
        f"agari game: {TENHOU6}: the log has 4 players but the rules say players=3: drop "
        "players=3, or give one of the four-player presets wrc2025, ema2016, tenhou, "
        "majsoul, mleague, riichicity\n"
    )


@pytest.mark.skipif(not SHARED_SANMA.exists(), reason="needs ../shared/logs")
def test_a_four_player_preset_on_a_three_player_log_names_the_three_player_presets() -> None:
    proc = run("game", "--rules", "tenhou", str(SHARED_SANMA))
    assert proc.returncode == 2
    assert proc.stderr.decode().endswith(
        "give one of the three-player presets tenhou-sanma, majsoul-sanma, riichicity-sanma\n"
    )
    assert run("game", "--rules", "tenhou-sanma", str(SHARED_SANMA)).returncode == 0


def test_three_names_under_a_four_player_preset_get_a_hint(tmp_path: Path) -> None:
    """Issue 25, item 9: the uma message said nothing of what to do."""
    sheet = tmp_path / "three.txt"
    sheet.write_text("players: A B C\nE1 A tsumo 111m456p789s1155z+5z\n", encoding="utf-8")
    proc = run("game", str(sheet))
    assert proc.returncode == 1
    assert proc.stderr.decode() == (
        f"agari game: {sheet}: line 2: rule uma=15,5,-5,-15 has 4 places but the game has 3 "
        "players: give one of the three-player presets tenhou-sanma, majsoul-sanma, "
        "riichicity-sanma, or an uma of 3 places\n"
    )
