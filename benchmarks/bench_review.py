"""The cost of the analysis of play beside the plain replay (issue 28): per game, reading
and replaying a log (what ``agari game`` does), following its rounds with every seat's
shanten, waits and furiten (:mod:`agari.play.follow`), and reviewing every decision
(:mod:`agari.play.review`: the efficiency-best discards, the chosen one's figures).

    PYTHONPATH=src python3 benchmarks/bench_review.py            # ../shared/logs (or fixtures)
    PYTHONPATH=src python3 benchmarks/bench_review.py fixtures/logs --repeat 3
    /path/to/compiled-venv/bin/python benchmarks/bench_review.py --installed   # that build

Each figure is the best of ``--repeat`` passes over every log, in one process, each pass
with the memo of hands emptied (a pass must not be timed from the hands of the one before);
the ratios are what to compare (the machine may be shared). The review is timed with the replay it
needs (reading, the rules, the replay's values), as ``agari review`` runs it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if "--installed" not in sys.argv:  # else the agari installed with this Python (compiled)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from agari.analysis.efficiency import forget_hands
from agari.game.log_rules import log_rules
from agari.game.logs import GameLog, read_log
from agari.game.replay_log import replay_log
from agari.play.follow import follow_round
from agari.play.summary import review_game

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "logs"


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


def _best(repeat: int, work: object) -> float:
    best = float("inf")
    for _ in range(repeat):
        forget_hands()  # each pass as the first: not the hands of the pass before
        start = time.perf_counter()
        work()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--installed", action="store_true", help="the agari installed here, not ../src"
    )
    args = parser.parse_args()
    folder = args.folder or (DEFAULT if DEFAULT.is_dir() else ROOT / "fixtures" / "logs")
    datas = _logs(folder)
    logs: list[GameLog] = [read_log(d, game=n) for n, d in datas]

    def replay() -> None:
        for name, data in datas:
            replay_log(read_log(data, game=name), name=name)

    def follow() -> None:
        for log in logs:
            rules = log_rules(log)
            for round_log in log.rounds:
                for _ in follow_round(round_log, rules):
                    pass

    def review() -> None:
        for name, data in datas:
            log = read_log(data, game=name)
            played = replay_log(log, name=name)
            review_game(log, played.rules, name)

    games = len(datas)
    t_replay = _best(args.repeat, replay)
    t_follow = _best(args.repeat, follow)
    t_review = _best(args.repeat, review)
    decisions = sum(len(review_game(g, log_rules(g), "x").decisions) for g in logs)
    print(f"{games} games from {folder}, {decisions} decisions")
    print(f"replay (read + replay):        {t_replay * 1000 / games:8.2f} ms a game")
    print(
        f"follow (every seat's facts):   {t_follow * 1000 / games:8.2f} ms a game "
        f"({t_follow / t_replay:.2f}x the replay)"
    )
    print(
        f"review (replay + decisions):   {t_review * 1000 / games:8.2f} ms a game "
        f"({t_review / t_replay:.1f}x the replay; {t_review / decisions * 1e6:.0f} us a decision)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
