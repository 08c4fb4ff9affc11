"""The cost of the analysis of play beside the plain replay (issue 28): per game, reading
and replaying a log (what ``agari game`` does), following its rounds with every seat's
shanten, waits and furiten (:mod:`agari.play.follow`), and reviewing every decision
(:mod:`agari.play.review`: the efficiency-best discards, the chosen one's figures).

    PYTHONPATH=src python3 benchmarks/bench_review.py            # ../shared/logs (or fixtures)
    PYTHONPATH=src python3 benchmarks/bench_review.py fixtures/logs --repeat 3
    /path/to/compiled-venv/bin/python benchmarks/bench_review.py --installed   # that build

Each pass runs in a fresh process (the logs read into memory first, then every log read from
its bytes and worked on, timed): a pass must not be timed from the memos (hands, suit
tables, rows, exact distances, the scoring's) that a pass before it filled, nor the review
from those the replay or the following filled. The passes take turns (replay, follow,
review, then again) so a burst of load on the shared machine falls on all three; the best of
``--repeat`` is kept, and the ratios are what to compare. The review is timed with the
replay it needs (reading, the rules, the replay's values), as ``agari review`` runs it.

    PYTHONPATH=src python3 benchmarks/bench_review.py --instructions   # counted, not timed

``--instructions`` counts, with valgrind's callgrind, the machine instructions of one fresh
process for each of: the logs read into memory alone (``base``), the replay, the review; the
base is subtracted from the other two, so the ratio is the one the times give (reading and
replaying in both), without the machine's load. Issue 28's figure.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

if "--installed" not in sys.argv:  # else the agari installed with this Python (compiled)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from callgrind import instructions

from agari.game.log_rules import log_rules
from agari.game.logs import read_log
from agari.game.replay_log import replay_log
from agari.play.follow import follow_round
from agari.play.summary import review_game

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "logs"
PASSES = ("replay", "follow", "review")
#: The processes counted by ``--instructions``: the logs read into memory alone, then the
#: passes whose ratio issue 28 sets.
COUNTED = ("base", "replay", "review")


def _logs(folder: Path) -> list[tuple[str, bytes]]:
    paths = sorted(p for p in folder.rglob("*") if p.suffix in (".json", ".jsonl", ".xml", ".gz"))
    out = []
    for path in paths:
        data = path.read_bytes()
        try:
            read_log(data, game=path.name)
        except ValueError:
            continue
        out.append((path.name, data))
    return out


def _pass(what: str, folder: Path) -> tuple[float, int, int]:
    """One timed pass of ``what`` over the logs of ``folder``, in this (fresh) process: the
    seconds, the games, and the decisions reviewed (0 unless reviewing)."""
    datas = _logs(folder)
    if what == "base":  # what every pass does before its timed part
        return 0.0, len(datas), 0
    decisions = 0
    start = time.perf_counter()
    for name, data in datas:
        log = read_log(data, game=name)
        if what == "follow":
            rules = log_rules(log)
            for round_log in log.rounds:
                for _ in follow_round(round_log, rules):
                    pass
            continue
        played = replay_log(log, name=name)
        if what == "review":
            decisions += len(review_game(log, played.rules, name).decisions)
    return time.perf_counter() - start, len(datas), decisions


def _command(what: str, folder: Path, installed: bool) -> list[str]:
    """The command line of :func:`_pass` in a new process of this interpreter."""
    command = [sys.executable, __file__, str(folder), "--pass", what]
    if installed:
        command.append("--installed")
    return command


def _fresh(what: str, folder: Path, installed: bool) -> tuple[float, int, int]:
    """:func:`_pass` in a new process of this interpreter."""
    command = _command(what, folder, installed)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]), int(out[2])


def _counted(folder: Path, installed: bool) -> None:
    """``--instructions``: each of :data:`COUNTED` in a process of its own under callgrind,
    and the review's ratio to the replay with the base subtracted from both."""
    counts = {what: instructions(_command(what, folder, installed), what) for what in COUNTED}
    replay = counts["replay"] - counts["base"]
    review = counts["review"] - counts["base"]
    print(f"instructions, each a fresh process, logs from {folder}:")
    print(f"reading the logs into memory (subtracted): {counts['base'] / 1e9:6.3f} G")
    print(f"replay (read + replay):                    {replay / 1e9:6.3f} G")
    print(f"review (replay + decisions):               {review / 1e9:6.3f} G ", end="")
    print(f"({review / replay:.2f}x the replay)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--installed", action="store_true", help="the agari installed here, not ../src"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind instead of timing (a fresh process a pass)",
    )
    parser.add_argument("--pass", dest="one", choices=(*PASSES, "base"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    folder = args.folder or (DEFAULT if DEFAULT.is_dir() else ROOT / "fixtures" / "logs")
    if args.one:  # a child: one pass
        print(*_pass(args.one, folder))
        return 0
    if args.instructions:
        _counted(folder, args.installed)
        return 0
    best = dict.fromkeys(PASSES, float("inf"))
    games = decisions = 0
    for _ in range(args.repeat):
        for what in PASSES:
            seconds, games, counted = _fresh(what, folder, args.installed)
            best[what] = min(best[what], seconds)
            decisions = max(decisions, counted)
    t_replay, t_follow, t_review = best["replay"], best["follow"], best["review"]
    print(f"{games} games from {folder}, {decisions} decisions; each pass a fresh process")
    print(f"replay (read + replay):            {t_replay * 1000 / games:8.2f} ms a game")
    print(
        f"follow (read + each seat's facts): {t_follow * 1000 / games:8.2f} ms a game "
        f"({t_follow / t_replay:.2f}x the replay)"
    )
    print(
        f"review (replay + decisions):       {t_review * 1000 / games:8.2f} ms a game "
        f"({t_review / t_replay:.1f}x the replay; {t_review / decisions * 1e6:.0f} us a decision)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
