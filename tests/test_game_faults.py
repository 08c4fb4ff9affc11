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
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
LOGS = sorted(p for p in (ROOT / "fixtures" / "logs").glob("*/*") if p.is_file())
LINUX = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")


def agari_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "agari", *args]


def many_logs(folder: Path, copies: int) -> list[str]:
    paths = []
    for n in range(copies):
        for log in LOGS:
            target = folder / f"{n:03d}-{log.name}"
            shutil.copyfile(log, target)
            paths.append(str(target))
    return paths


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(x) for x in (task / "children").read_text().split()]
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in state


def _started(proc: subprocess.Popen[bytes], out_path: Path, workers: int) -> list[int]:
    """Wait until the command has its workers and has printed something."""
    deadline = time.monotonic() + 30
    found: list[int] = []
    while time.monotonic() < deadline and (len(found) < workers or not out_path.stat().st_size):
        time.sleep(0.05)
        found = _children(proc.pid)
    assert len(found) == workers
    return found


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
        proc = subprocess.Popen(
            agari_cmd("game", "--json", "-j", "2", *paths),
            stdout=out,
            stderr=subprocess.PIPE,
            env=ENV,
            start_new_session=True,
        )
        workers = _started(proc, out_path, 2)
        if signum == signal.SIGINT:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == status, err
    assert said in err
    assert b"Traceback" not in err and b"Error" not in err
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
    _whole_games(out_path, paths)


@LINUX
def test_a_worker_killed_from_outside_loses_nothing(tmp_path: Path) -> None:
    """SIGKILL to a worker (what the out-of-memory killer sends): the command notices,
    reads that worker's file again, and prints every game."""
    paths = many_logs(tmp_path, 6)
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        proc = subprocess.Popen(
            agari_cmd("game", "--json", "-j", "2", *paths),
            stdout=out,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        workers = _started(proc, out_path, 2)
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
    proc = subprocess.run(
        agari_cmd("game", "-j", "50", sheet, sheet),
        capture_output=True,
        env=ENV,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert proc.stderr.decode() == (
        f"agari game: --jobs 50: this machine has {cores} cores; using {cores}\n"
    )
