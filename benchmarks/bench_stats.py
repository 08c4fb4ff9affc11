"""Games per second per core of ``agari stats`` (issue 29): each log read, replayed, its
rounds followed for the deal-ins while ready, and its tables made -- what a worker does
for each file -- in one process, on the CPU time it takes (the machine may be shared).

    PYTHONPATH=src python3 benchmarks/bench_stats.py               # ../shared/logs
    PYTHONPATH=src python3 benchmarks/bench_stats.py fixtures/logs --repeat 3

Memory: the statistics of many files are partial sums (a few numbers per player); the
tables are written as the games come, so the command's memory does not grow with the
number of files (``--rss`` prints the peak resident size after counting the folder
``--times`` times over, to compare with one pass).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from agari.game.files import read_game
from agari.play.stats import Stats, game_tables

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "logs"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--times", type=int, default=1, help="passes over the folder")
    parser.add_argument("--rss", action="store_true", help="print the peak resident size")
    args = parser.parse_args()
    folder = args.folder or (DEFAULT if DEFAULT.is_dir() else ROOT / "fixtures" / "logs")
    datas = [
        (p.name, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.suffix in (".json", ".jsonl", ".xml", ".gz")
    ]
    best = float("inf")
    games = 0
    for _ in range(args.repeat):
        stats = Stats()
        games = 0
        start = time.process_time()
        for _ in range(args.times):
            for name, data in datas:
                done = read_game(data, name)
                if done.replay is None:
                    continue
                stats.add_rows(game_tables(done.replay).players)
                games += 1
        best = min(best, time.process_time() - start)
    print(f"{games} games from {folder}: {games / best:.0f} games a second of CPU (one core)")
    if args.rss:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"peak resident size {peak / 1024:.0f} MB after {args.times} pass(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
