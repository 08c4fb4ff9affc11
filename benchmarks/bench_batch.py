"""Hands per second of ``agari batch`` on a 100,000-hand JSON Lines file, by worker count.

    PYTHONPATH=src python3 benchmarks/bench_batch.py                 # 100,000 hands, jobs 1 and 2
    PYTHONPATH=src python3 benchmarks/bench_batch.py --count 20000 --jobs 1 2 4 --repeat 3
    PYTHONPATH=src python3 benchmarks/bench_batch.py --memory 1000000   # flat memory check

The hands are real complete hands built from random groups with a fixed seed
(benchmarks/handgen.py: closed and open hands, seven pairs, kokushi, ron and tsumo, riichi,
dora, red fives), written as ``{"id": n, "hand": "<notation>"}`` lines to a temporary
directory. Each run is ``agari batch --json --jobs N -o OUT FILE`` in this process (workers
are forked), timed wall-clock from start to the last record written; start-up of the Python
interpreter is not included. The output is checked to hold one record per input line.
With ``--repeat R`` each worker count runs R times (interleaved) and the best rate is kept
(the machine may be shared). The CPU seconds of the main process and of the workers show how
the work was split: on a busy machine the wall-clock speed-up is lower than the split allows.

``--memory N`` instead writes N short lines (four in five a 2-tile hand, an error record, one
in five not JSON) and N/100 of the same, scores both in a child process and prints each
child's peak resident memory: streaming means the two are about the same.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from handgen import generate

from agari.cli import batch_cmd


def write_hands(path: Path, count: int, seed: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        for n, hand in enumerate(generate(count, seed), start=1):
            out.write(json.dumps({"id": n, "hand": hand.notation}) + "\n")


def bench(path: Path, jobs: int, count: int) -> float:
    target = path.with_suffix(f".out{jobs}.jsonl")
    err = io.StringIO()
    start, cpu = time.perf_counter(), os.times()
    code = batch_cmd.run(["--json", "--jobs", str(jobs), "-o", str(target), str(path)], stderr=err)
    elapsed, after = time.perf_counter() - start, os.times()
    main_cpu = after.user + after.system - cpu.user - cpu.system
    worker_cpu = max(
        0.0, after.children_user + after.children_system - cpu.children_user - cpu.children_system
    )
    if code not in (0, 1):
        raise SystemExit(f"agari batch failed ({code}): {err.getvalue()}")
    statuses: dict[str, int] = {}
    lines = 0
    with target.open(encoding="utf-8") as handle:
        for line in handle:
            lines += 1
            status = json.loads(line)["status"]
            statuses[status] = statuses.get(status, 0) + 1
    if lines != count:
        raise SystemExit(f"{lines} output records for {count} input records")
    print(
        f"--jobs {jobs}: {count:,} hands in {elapsed:.2f} s = {count / elapsed:,.0f} hands/s"
        f"  ({', '.join(f'{k} {v:,}' for k, v in sorted(statuses.items()))});"
        f" CPU: main process {main_cpu:.1f} s, workers {worker_cpu:.1f} s"
    )
    target.unlink()
    return count / elapsed


def memory(lines: int, jobs_list: list[int]) -> None:
    """Peak RSS of a child ``agari batch --json`` over ``lines`` lines and over 1% of them."""
    src = Path(__file__).resolve().parent.parent / "src"
    env = dict(os.environ, PYTHONPATH=f"{src}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    child = (
        "import resource, sys; from agari.cli.batch_cmd import run; "
        "run(['--json', '--jobs', sys.argv[3], '-o', sys.argv[2], sys.argv[1]]); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
        "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in (max(lines // 100, 1), lines):
            path = Path(tmp) / f"lines{n}.jsonl"
            with path.open("w", encoding="utf-8") as out:
                for i in range(n):
                    out.write(f'{{"id": {i}, "hand": "12m"}}\n' if i % 5 else "not json\n")
            for jobs in jobs_list:
                target = Path(tmp) / "out.jsonl"
                start = time.perf_counter()
                done = subprocess.run(
                    [sys.executable, "-c", child, str(path), str(target), str(jobs)],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                elapsed = time.perf_counter() - start
                with target.open("rb") as handle:
                    records = sum(1 for _ in handle)
                main_kb, worker_kb = (int(x) for x in done.stdout.split()[-2:])
                workers = f", largest worker {worker_kb / 1024:.1f} MB" if jobs != 1 else ""
                print(
                    f"--jobs {jobs}: {n:>9,} lines ({path.stat().st_size / 1e6:.1f} MB): "
                    f"{records:,} records, peak RSS main {main_kb / 1024:.1f} MB{workers}, "
                    f"{elapsed:.1f} s"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1, help="runs per worker count; best kept")
    parser.add_argument("--memory", type=int, metavar="LINES", help="flat-memory check instead")
    args = parser.parse_args()
    if args.memory:
        memory(args.memory, args.jobs)
        return
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores visible")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        start = time.perf_counter()
        write_hands(path, args.count, args.seed)
        size = path.stat().st_size
        print(
            f"generated {args.count:,} hands (seed {args.seed}, {size / 1e6:.1f} MB) "
            f"in {time.perf_counter() - start:.1f} s"
        )
        rates: dict[int, float] = {}
        for _ in range(args.repeat):  # interleaved, so a burst of load hits every setting
            for jobs in args.jobs:
                rates[jobs] = max(rates.get(jobs, 0.0), bench(path, jobs, args.count))
    if 1 in rates:
        for jobs, rate in rates.items():
            if jobs != 1:
                print(f"speed-up with {jobs} workers: {rate / rates[1]:.2f}x")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"peak RSS: this process {peak:.0f} MB (it also generated the hands), "
        f"largest worker {children:.0f} MB"
    )


if __name__ == "__main__":
    main()
