"""Machine instructions per hand scored, agari against the PyPI ``mahjong`` package (2.1.0),
counted by valgrind: a figure that other jobs on a shared machine cannot disturb.

    python benchmarks/bench_instructions.py            # 3,000 hands, about two minutes
    python benchmarks/bench_instructions.py -n 1000    # quicker
    python benchmarks/bench_instructions.py --text     # from the string, as bench_speed (b)
    /path/to/compiled-venv/bin/python benchmarks/bench_instructions.py --installed
                                                       # the agari installed there (compiled)

Times on a shared machine move with its load; the number of instructions a run executes
barely does. Each side runs in a process of its own under ``valgrind --tool=callgrind``
twice -- set up, warm up, then score the hands ``--loops`` times, or not at all -- and the
difference over the hands scored is the cost of scoring one. The inputs are those of
benchmarks/bench_speed.py (a), the same generated hands under the ``tenhou`` preset:
parsed :class:`~agari.hand.Hand` values for agari, prepared 136-tile arrays and configs for
the peer. With ``--text`` they are those of (b): agari scores the notation (its notation
caches emptied before each pass, as in bench_speed.py), the peer converts its mpsz strings
and builds its melds before scoring. Instructions are not time (a cache miss costs more
than an add), so use this to see whether a change made agari do less work, and
bench_speed.py for the speed itself.
Needs valgrind (``apt install valgrind``); ``PYTHONHASHSEED`` is fixed in the children so
that two runs count the same.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from callgrind import instructions

#: What is done with each result (bench_speed.py ``LEVELS``, repeated here so that the
#: parent process need not import agari).
LEVELS = ("alone", "value", "object", "line")
LEVEL_TEXT = {
    "alone": "score() alone",
    "value": "points and payment read",
    "object": "the JSON object made",
    "line": "the JSON line made",
}

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _workload(side: str, count: int, seed: int, text: bool, level: str) -> Callable[[], None]:
    """One pass over the hands by ``side`` (``agari`` or ``peer``) at ``level`` (see
    bench_speed.py ``LEVELS``: the result alone, its value read, the JSON object, the JSON
    line), set up and warmed up; from the string when ``text``."""
    sys.path.insert(0, str(HERE))
    if "--installed" not in sys.argv:  # else the agari installed here (bench_speed.py reads it)
        sys.path.insert(0, str(ROOT / "src"))
    from bench_speed import (
        PRESET,
        _ours,
        _theirs,
        peer_config,
        peer_from_strings,
        peer_setup,
    )
    from handgen import generate, peer_inputs

    hands = generate(count, seed)
    pairs = [(h, h.notation) for h in hands]
    results: Callable[[], Any]
    if side == "agari":
        from agari.api import score
        from agari.notation import parse_hand
        from agari.notation.text import clear_caches
        from agari.rules import Rules

        rules = Rules.preset(PRESET)
        parsed = [parse_hand(h.notation) for h in hands]
        texts = [h.notation for h in hands]

        def results() -> Any:
            return (score(h, rules) for h in parsed)

        def results_text() -> Any:
            clear_caches()
            return (score(line, rules) for line in texts)

        run = _ours(level, results_text if text else results)
    else:
        calc, config_class, options = peer_setup()
        if text:
            results = peer_from_strings(calc, config_class, options, hands, False, each=True)
        else:
            prepared = []
            for h in hands:
                tiles, win, melds, dora = peer_inputs(h)
                prepared.append((tiles, win, melds, dora, peer_config(config_class, options, h)))
            estimate = calc.estimate_hand_value

            def results() -> Any:
                return (
                    estimate(t, w, melds=m, dora_indicators=d, config=c)
                    for t, w, m, d, c in prepared
                )

        run = _theirs(level, results, pairs)

    run()  # warm up: imports, tables and caches filled as in a long batch
    return run


def _child(side: str, count: int, seed: int, loops: int, text: bool, level: str) -> None:
    run = _workload(side, count, seed, text, level)
    for _ in range(loops):
        run()


def _count(side: str, count: int, seed: int, loops: int, text: bool, level: str) -> int:
    """Instructions of a whole child process under callgrind."""
    command = [sys.executable, __file__, "--child", side]
    command += ["-n", str(count), "--seed", str(seed), "--loops", str(loops)]
    command += ["--text"] if text else []
    command += ["--level", level]
    command += ["--installed"] if "--installed" in sys.argv else []
    return instructions(command, side)


def per_hand(side: str, count: int, seed: int, loops: int, text: bool, level: str) -> float:
    """Instructions per hand scored: (loops passes - no pass) / hands scored."""
    counted = _count(side, count, seed, loops, text, level)
    counted -= _count(side, count, seed, 0, text, level)
    return counted / (count * loops)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--count", type=int, default=3000, help="hands (3000)")
    parser.add_argument("--loops", type=int, default=1, help="passes counted (1)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--text", action="store_true", help="from the string (bench_speed (b))")
    parser.add_argument(
        "--level",
        choices=LEVELS,
        default="value",
        help="what is done with each result (bench_speed.py): score() alone, the points and "
        "payment read (the default), the JSON object, the JSON line",
    )
    parser.add_argument(
        "--installed", action="store_true", help="the agari installed here, not ../src"
    )
    parser.add_argument("--child", choices=("agari", "peer"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.count, args.seed, args.loops, args.text, args.level)
        return 0
    ours = per_hand("agari", args.count, args.seed, args.loops, args.text, args.level)
    theirs = per_hand("peer", args.count, args.seed, args.loops, args.text, args.level)
    print(f"Python {sys.version.split()[0]}, {args.count:,} hands, preset tenhou, valgrind")
    print(f"each result: {args.level} ({LEVEL_TEXT[args.level]}), the same on both sides")
    print(f"agari: {'the build installed in ' + sys.prefix if args.installed else 'src/'}")
    if args.text:
        print(f"agari   {ours:>10,.0f} instructions per hand (notation -> score)")
        print(f"mahjong {theirs:>10,.0f} instructions per hand (mpsz strings -> melds -> estimate)")
    else:
        print(f"agari   {ours:>10,.0f} instructions per hand (prepared Hand -> score)")
        print(f"mahjong {theirs:>10,.0f} instructions per hand (prepared arrays -> estimate)")
    print(f"ratio   {theirs / ours:10.2f}x fewer instructions for agari")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
