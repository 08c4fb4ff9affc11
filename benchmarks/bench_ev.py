"""Time ``agari ev`` (issue 30): a 1-shanten and a 2-shanten hand at the command line, and
where the time goes inside.

    python benchmarks/bench_ev.py                 # both hands, both presets, 5 runs each
    python benchmarks/bench_ev.py --runs 3 --hand "12455m34567p6777s seat=E" --rules tenhou
    python benchmarks/bench_ev.py --three         # also the 3-shanten hand of mahjong-cpp's README
    python benchmarks/bench_ev.py --python /path/to/compiled-venv/bin/python

The hands are the reference tool's own published examples (fixtures/ev/reference.toml):
``12455m34567p6777s`` (1-shanten, mahjong-cpp issue 20) and ``12577m222468p445s``
(2-shanten, issue 18), dealer in the East round, the default switches (riichi with ura and
ippatsu, tegawari, back-tracking, 17 draws), under the default preset ``wrc2025`` (no red
fives) and under ``tenhou`` (red fives, as the reference's own runs: each hand holding a
five then comes in red and plain variants, and the search is two to four times larger).

Printed per hand: the command line's wall time (``agari ev HAND``, a fresh process each run:
start-up, reading the hand, building and valuing every reachable hand, printing the table)
as median and range; then one run inside this process split into building the hands
(shanten, waits, the engine's value of every win), valuing them for every number of draws
left, and following the best play of one discard forward (what ``--explain`` adds), with the
hands visited.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HANDS = ("12455m34567p6777s seat=E", "12577m222468p445s seat=E")
PRESETS = ("wrc2025", "tenhou")
THREE = "026m1358p1345579s seat=E"
ROOT = Path(__file__).resolve().parents[1]


def command_line(python: str, hand: str, rules: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [python, "-m", "agari", "ev", hand, "--rules", rules],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return times


def stages(hand: str, rules: str) -> str:
    """One run split into its stages, in this process (the source tree's build)."""
    sys.path.insert(0, str(ROOT / "src"))
    from agari.analysis import ev as model
    from agari.notation import parse_hand
    from agari.rules import Rules

    parsed = parse_hand(hand)
    options = model.EvOptions()
    start = time.process_time()
    setup = model._setup(parsed, Rules.preset(rules), options, (), False)
    graph = model._Graph(setup)
    starts = []
    for thrown in setup.discards(setup.start):
        rest = model._remove(setup.start, thrown)
        declares = setup.shanten(rest[0]) == 0 and setup.closed
        starts.append(graph.node(rest, declares, declares))
    graph.build()
    built = time.process_time()
    graph.solve(options.turn)
    solved = time.process_time()
    graph.play(starts[0], options.turn)
    played = time.process_time()
    return (
        f"build {built - start:.2f} s, value {solved - built:.2f} s, "
        f"play one discard {played - solved:.2f} s (CPU); {len(graph.tiles)} hands of 13, "
        f"{len(graph.hands)} of 14"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hand", action="append", help="a hand instead of the two defaults")
    parser.add_argument("--three", action="store_true", help="also the 3-shanten README hand")
    parser.add_argument("--rules", action="append", help="a preset instead of both defaults")
    parser.add_argument("--python", default=sys.executable, help="the Python that runs agari")
    args = parser.parse_args()
    hands = list(args.hand or HANDS)
    runs = [(hand, rules) for hand in hands for rules in args.rules or PRESETS]
    if args.three:
        runs.append((THREE, "tenhou"))
    for hand, rules in runs:
        count = 1 if hand == THREE else args.runs
        times = command_line(args.python, hand, rules, count)
        print(
            f"agari ev {hand!r} --rules {rules}: median {statistics.median(times):.2f} s "
            f"(min {min(times):.2f}, max {max(times):.2f}, {count} runs)"
        )
        if args.python == sys.executable and hand != THREE:
            print(f"  {stages(hand, rules)}")


if __name__ == "__main__":
    main()
