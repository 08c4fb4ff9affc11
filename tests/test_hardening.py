"""Issue 12, the hostile user: exit codes on a closed pipe, encodings, signals, worker
counts, typos in batch records, JSON that is always JSON, the hand read once."""

from __future__ import annotations

import io
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import agari
from agari.cli import BLANKS, EXIT_PIPE_CLOSED, batch_cmd, main
from tests.conftest import COMPILED, alive, children_of

HAND = "123m456p789s1155z+5z"
ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def agari_cmd(*args: str, **kwargs: Any) -> list[str]:
    return [sys.executable, "-m", "agari", *args]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        agari_cmd(*args), input=stdin, capture_output=True, timeout=60, env=ENV, check=False
    )


# --------------------------------------------------------------------------- closed pipe


def _closed_pipe_status(args: list[str], stdin: bytes | None = None) -> tuple[int, bytes]:
    """Run agari with its standard output a pipe whose reading end is already closed."""
    read, write = os.pipe()
    os.close(read)
    proc = subprocess.Popen(
        agari_cmd(*args),
        stdin=subprocess.PIPE,
        stdout=write,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    os.close(write)
    _, err = proc.communicate(stdin, timeout=60)
    return proc.returncode, err


@pytest.mark.parametrize(
    "args",
    [
        [HAND],
        ["--json", HAND],
        ["table"],
        ["table", "--all"],
        ["rules"],
        ["points", "3", "30", "--from", "E"],
        ["batch", "--json", "-"],
        ["batch", "--json", "--jobs", "2", "-"],
        ["batch", "-"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_closed_pipe_ends_quietly_with_141(args: list[str]) -> None:
    """Issue 12: one rule for every command when the reader goes away, the Unix one: no
    message, status 141 (128 + SIGPIPE, what `seq 1 100000 | head` reports)."""
    records = b"".join(b'{"hand": "%s"}\n' % HAND.encode() for _ in range(50))
    code, err = _closed_pipe_status(args, records)
    assert code == EXIT_PIPE_CLOSED, err
    assert err == b""


def test_head_in_a_real_shell_pipeline(tmp_path: Path) -> None:
    """`agari batch --json FILE | head -1`: head gets one whole line and agari's status
    (PIPESTATUS) is 141, with nothing on standard error."""
    hands = tmp_path / "many.txt"
    hands.write_text(f"{HAND}\n" * 3000, encoding="utf-8")
    script = (
        f"{sys.executable} -m agari batch --json {hands} 2>{tmp_path / 'err'} | head -1; "
        "echo status ${PIPESTATUS[0]}"
    )
    out = subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, env=ENV, timeout=60, check=False
    )
    first, status = out.stdout.splitlines()
    assert json.loads(first)["status"] == "win"
    assert status == "status 141"
    assert (tmp_path / "err").read_text() == ""


# --------------------------------------------------------------------------- encodings


def test_hand_command_and_batch_agree_on_bad_utf8(tmp_path: Path) -> None:
    """Issue 12: bytes that are not UTF-8 are `bad_encoding` in the hand command (as an
    argument and on standard input) as in batch."""
    bad = HAND.encode() + b"\xff"
    from_stdin = run("--json", stdin=bad + b"\n")
    (tmp_path / "bad.txt").write_bytes(bad + b"\n")
    from_batch = run("batch", "--json", str(tmp_path / "bad.txt"))
    from_arg = subprocess.run(
        [sys.executable.encode(), b"-m", b"agari", b"--json", bad],
        capture_output=True,
        env=ENV,
        timeout=60,
        check=False,
    )
    for out in (from_stdin, from_batch, from_arg):
        assert out.returncode == 1, out.stderr
        record = json.loads(out.stdout.decode("utf-8"))
        assert record["error"]["code"] == "bad_encoding"
        assert b"Traceback" not in out.stderr


def test_hand_command_and_batch_agree_on_blank_lines(tmp_path: Path) -> None:
    """Issue 12: one rule for blank lines — only ASCII blanks (BLANKS); a line of other
    spaces (U+3000, NBSP, U+2028 ...) is read, and rejected, by both."""
    lines = [HAND, " \t", "\x0b\x0c ", "\u3000", "\xa0", "\u2028", "  # comment", HAND]
    text = "\n".join(lines) + "\n"
    hand_cmd = run("--json", stdin=text.encode())
    (tmp_path / "h.txt").write_text(text, encoding="utf-8")
    batch = run("batch", "--json", str(tmp_path / "h.txt"))
    got_hand = [json.loads(x)["status"] for x in hand_cmd.stdout.decode().split("\n") if x]
    got_batch = [json.loads(x)["status"] for x in batch.stdout.decode().split("\n") if x]
    expected = ["win", "error", "error", "error", "win"]
    assert got_hand == expected and got_batch == expected
    assert all(not c.strip(BLANKS) for c in (" \t", "\x0b\x0c "))


SURROGATE_RECORDS = (
    b'{"id": 1, "hand": "123m456p789s1155z+5z"}\n'
    b'{"id": 2, "hand": "123m456p789s1155z+5z\\ud800"}\n'
    b'{"id": 3, "hand": "\\udcff\\udc80"}\n'
    b'{"id": 4, "concealed": "123m456p789s11555z\\udfff", "win": "5z"}\n'
    b'{"id": 5, "hand": "123m456p789s1155z+5z", "note": "\\ud83d"}\n'
    b'{"id": 6, "hand": "123m456p789s1155z+5z"}\n'
)


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("where", ["stdout", "file"])
@pytest.mark.parametrize("json_out", [True, False])
def test_lone_surrogates_in_records_never_crash_batch(
    tmp_path: Path, jobs: str, where: str, json_out: bool
) -> None:
    """Issue 12: JSON records holding lone surrogates (valid JSON) give exactly one result
    each, on standard input, with --jobs 2 and with -o FILE; the output is UTF-8."""
    args = ["batch", "--jobs", jobs, *(["--json"] if json_out else [])]
    out_file = tmp_path / "out.jsonl"
    if where == "file":
        args += ["-o", str(out_file)]
    proc = run(*args, "-", stdin=SURROGATE_RECORDS)
    assert b"Traceback" not in proc.stderr, proc.stderr.decode()
    assert proc.returncode == 1  # records 2-4 are rejected
    data = out_file.read_bytes() if where == "file" else proc.stdout
    text = data.decode("utf-8")  # strict: the output is UTF-8
    if json_out:
        records = [json.loads(line) for line in text.splitlines()]
        assert [r["id"] for r in records] == [1, 2, 3, 4, 5, 6]
        assert [r["status"] for r in records] == ["win", "error", "error", "error", "win", "win"]
        assert records[1]["input"] == "123m456p789s1155z+5z\ud800"  # kept exactly, escaped
    else:
        assert "6 records" in text and "failed: 3" in text


# --------------------------------------------------------------------------- signals, jobs


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_sigterm_stops_a_parallel_batch_cleanly(tmp_path: Path) -> None:
    """Issue 12: SIGTERM to `agari batch --jobs 2` ends the workers with the parent and
    leaves a clean prefix (whole records, in order), as Ctrl-C does; status 143."""
    hands = tmp_path / "many.txt"
    hands.write_text(f"{HAND}\n" * 200_000, encoding="utf-8")
    out_path = tmp_path / "out.jsonl"
    with out_path.open("wb") as out:
        proc = subprocess.Popen(
            agari_cmd("batch", "--json", "--jobs", "2", str(hands)),
            stdout=out,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while time.monotonic() < deadline and (len(workers) < 2 or out_path.stat().st_size == 0):
            time.sleep(0.05)
            workers = children_of(proc.pid)
        assert len(workers) == 2
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143, err
    assert b"Traceback" not in err
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)
    lines = out_path.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) < 200_000
    records = [json.loads(line) for line in lines]  # every line whole
    assert [r["line"] for r in records] == list(range(1, len(records) + 1))


def test_jobs_are_bounded_to_the_cores(tmp_path: Path) -> None:
    """Issue 12: --jobs 1000 uses at most the cores, with a warning."""
    hands = tmp_path / "h.txt"
    hands.write_text(f"{HAND}\n" * 10, encoding="utf-8")
    proc = run("batch", "--jobs", "1000", str(hands))
    assert proc.returncode == 0, proc.stderr
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert f"--jobs 1000: this machine has {cores} cores; using {cores}" in proc.stderr.decode()


# --------------------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("record", "named"),
    [
        ({"hand": HAND, "expcet": {"han": 1}}, "'expcet' (did you mean 'expect'?)"),
        ({"hand": HAND, "rulse": "tenhou"}, "'rulse' (did you mean 'rule"),
        ({"concealed": "123m456p789s11555z", "win": "5z", "expcet": {}}, "'expcet'"),
    ],
)
def test_unknown_batch_keys_are_an_error_record(record: dict[str, Any], named: str) -> None:
    """Issue 12: a misspelt key does not silently turn a check off."""
    out, err = io.StringIO(), io.StringIO()
    line = json.dumps(record).encode() + b"\n"
    code = batch_cmd.run(["--json", "--check", "-"], stdin=io.BytesIO(line), stdout=out, stderr=err)
    result = json.loads(out.getvalue())
    assert code == 1
    assert result["error"]["code"] == "bad_record"
    assert named in result["error"]["message"]


def test_unknown_keys_in_a_toml_case(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(f'[[case]]\nid = "a"\nhand = "{HAND}"\n[case.expcet]\nhan = 1\n')
    out, err = io.StringIO(), io.StringIO()
    code = batch_cmd.run(["--json", "--check", str(path)], stdout=out, stderr=err)
    assert code == 1
    assert json.loads(out.getvalue())["error"]["code"] == "bad_record"


@pytest.mark.parametrize(
    "record",
    [
        {"concealed": math.nan},
        {"concealed": "123m456p789s11555z", "win": "5z", "honba": math.inf},
        {"concealed": {1, 2}},
        {"concealed": b"123m"},
        {"concealed": "123m", "melds": [frozenset({"x"})]},
        {(1, 2): "tuple key", "concealed": 10**5000},
    ],
    ids=["nan", "inf", "set", "bytes", "frozenset", "tuple-key-huge-int"],
)
def test_to_json_is_json_whatever_the_input(record: dict[Any, Any]) -> None:
    """Issue 12: `to_json()` is JSON (strict: no NaN) even for an input JSON cannot hold."""
    result = agari.analyse(record)
    assert result.status == "error"
    text = json.dumps(result.to_json(), allow_nan=False)
    assert json.loads(text)["status"] == "error"


def test_dir_lists_the_lazy_functions() -> None:
    """Issue 12: REPL completion finds analyse, score and waits."""
    assert {"analyse", "score", "waits", "parse_hand"} <= set(dir(agari))


# --------------------------------------------------------------------------- hand command


@pytest.mark.skipif(
    COMPILED, reason="a monkeypatched module function is not seen by compiled callers"
)
def test_the_hand_command_reads_each_hand_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12: the text command parses each hand once (it used to read it again for the
    rendering)."""
    import agari.api
    import agari.notation.text as text_module

    calls: list[str] = []
    real = text_module.parse_hand

    def counting(text: str) -> Any:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(text_module, "parse_hand", counting)
    monkeypatch.setattr(agari.api, "parse_hand", counting)
    assert main([HAND, "234m067p3457899s+6s tsumo riichi dora=4p"]) == 0
    assert "shanpon" in capsys.readouterr().out
    assert len(calls) == 2


@pytest.mark.skipif(
    COMPILED, reason="a monkeypatched module function is not seen by compiled callers"
)
def test_hand_command_internal_error_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 12: one internal-error code for the hand command, the API and batch."""
    import agari.api

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(agari.api, "score_hand", broken)
    assert main(["--json", HAND]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["error"]["code"] == "internal" and record["input"] == HAND
    out, err = io.StringIO(), io.StringIO()
    batch_cmd.run(["--json", "-"], stdin=io.BytesIO(HAND.encode() + b"\n"), stdout=out, stderr=err)


@pytest.mark.parametrize("text", ["\ud800m123p055z112z2=,s7-89", "123\udcffm456p789s1155z+5z"])
def test_hand_command_lone_surrogates_in_arguments(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by benchmarks/fuzz.py: a lone surrogate in an argument given to main() (not
    only the bytes Python keeps from a non-UTF-8 argv) is bad_encoding, not a traceback."""
    assert main(["--json", "--", text]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["error"]["code"] == "bad_encoding"
    assert main(["--", text]) == 1
    assert "bad_encoding" in capsys.readouterr().out


# --------------------------------------------------------------------------- a full disk

FULL = "/dev/full"  # every write fails with ENOSPC, as on a full disk
GAME = str(ROOT / "fixtures" / "games" / "tenhou_half_game.txt")
HANDS = str(ROOT / "examples" / "hands.txt")
LOG = str(ROOT / "fixtures" / "logs" / "tenhou6" / "tenhou_2019050417gm-0029-0000-4f2a8622.json")
#: Every subcommand (and its --help) with its output on the full disk; ``-o`` where it has one.
FULL_DISK_CASES = [
    [HAND],
    ["--json", HAND],
    ["--help"],
    ["--version"],
    ["rules"],
    ["rules", "tenhou"],
    ["rules", "--json"],
    ["rules", "--help"],
    ["points", "3", "30"],
    ["points", "--help"],
    ["table"],
    ["table", "--all", "--json"],
    ["draw", "--tenpai", "E"],
    ["chombo", "E"],
    ["batch", HANDS],
    ["batch", "--json", HANDS],
    ["batch", "--json", "-j", "2", HANDS],
    ["batch", "--json", HANDS, "-o", FULL],
    ["batch", "--help"],
    ["game", GAME],
    ["game", "--json", "-j", "2", GAME, GAME],
    ["game", "--help"],
    ["review", LOG],
    ["review", "--json", "-j", "2", LOG, LOG],
    ["review", LOG, "--html", FULL],
    ["review", "--help"],
    ["stats", LOG],
    ["stats", "--json", "-j", "2", LOG, LOG],
    ["stats", "--explain"],
    ["stats", "--help"],
    ["ev", "1233m456p789s1155z"],
    ["ev", "--json", "1233m456p789s1155z"],
    ["ev", "--help"],
    ["game", "--to", "mjai", LOG, "-o", FULL],
    ["game", "--to", "tenhou6", LOG],
    ["svg", HAND],
    ["svg", HAND, "-o", FULL],
    ["serve", "--help"],
]


@pytest.mark.skipif(not Path(FULL).exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", FULL_DISK_CASES, ids=lambda a: " ".join(a)[:40])
def test_a_full_disk_is_one_clear_message_and_status_1(args: list[str]) -> None:
    """Issue 25, item 6: one line naming what could not be written, exit 1; never a
    traceback, never "a bug in agari" (`table` and `points` said so before)."""
    with open(FULL, "wb") as full:
        proc = subprocess.run(
            agari_cmd(*args), stdout=full, stderr=subprocess.PIPE, env=ENV, timeout=60
        )
    prog = "agari" + (f" {args[0]}" if args[0].isalpha() else "")
    where = FULL if "-o" in args else "the output"
    assert proc.stderr.decode() == f"{prog}: cannot write {where}: No space left on device\n"
    assert proc.returncode == 1


def test_the_full_disk_cases_cover_every_subcommand() -> None:
    from agari.cli import USAGE

    named = {line.split()[1] for line in USAGE.splitlines() if line.strip().startswith("agari ")}
    named.discard("[--rules")  # the hand command's own line
    assert named <= {args[0] for args in FULL_DISK_CASES}
    assert {"rules", "points", "table", "draw", "chombo", "batch", "game", "svg"} <= named


@pytest.mark.skipif(not Path(FULL).exists(), reason="needs /dev/full")
def test_serve_with_its_log_on_a_full_disk_stops_with_status_1() -> None:
    """`agari serve 2>/dev/full`: it cannot say where it listens, so it does not start
    (status 1), rather than a traceback nobody can read or a server that logs nothing."""
    pytest.importorskip("uvicorn", reason="the web extra is not installed")
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with open(FULL, "wb") as full:
        proc = subprocess.run(
            agari_cmd("serve", "--port", str(port)),
            stdout=subprocess.PIPE,
            stderr=full,
            env=ENV,
            timeout=60,
        )
    assert (proc.returncode, proc.stdout) == (1, b"")
