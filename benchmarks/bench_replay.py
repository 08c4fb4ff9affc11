"""Games and wins per second of the game-log replay, on the development logs, and where the
time goes.

    PYTHONPATH=src python3 benchmarks/bench_replay.py                  # ../shared/logs
    PYTHONPATH=src python3 benchmarks/bench_replay.py --repeat 20 --profile 25
    PYTHONPATH=src python3 benchmarks/bench_replay.py fixtures/logs     # any folder of logs

Every log (``.json``, ``.jsonl``, ``.mjson``, ``.xml``, ``.gz`` under the folder) is read into
memory once; then, in this process, each pass reads every log from its bytes (``read_log``) and
replays it (``replay_log``: every round walked, every win scored by agari, every round
settled by the ledger, the log's values compared), and builds its SPEC §7 records; the best
of ``--repeat`` passes is kept. The rates are given for all logs and for the four-player
half games alone (the issue's target: at least 200 per second in one process), split into
reading and replaying. ``--profile N`` prints the N costliest functions of one more pass
(cProfile, by cumulative time) and a summary by stage (reading the log, walking the rounds,
scoring the wins, the ledger and standings, the comparison and the records).

    PYTHONPATH=src python3 benchmarks/bench_replay.py --instructions   # counted, not timed

``--instructions`` counts the machine instructions (valgrind's callgrind) of reading and of
replaying a four-player half game, which the machine's load does not move: four fresh
processes, each set up alike and warmed up by one pass, with and without one more pass of
reading alone and of reading and replaying; the differences over the games are the costs
of one.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

from callgrind import instructions

from agari.game.logs import GameLog, LogError, read_log
from agari.game.replay_log import replay_log

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent.parent / "shared" / "logs"
if not DEFAULT.is_dir():
    DEFAULT = Path("/work/shared/logs")


def _files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in (".json", ".jsonl", ".mjson", ".xml", ".gz")
    )


def _pass(datas: list[tuple[str, bytes]]) -> tuple[float, float, int, int, int]:
    """One pass: seconds reading, seconds replaying, games, rounds, wins."""
    read = replay = 0.0
    rounds = wins = 0
    for name, data in datas:
        t0 = time.perf_counter()
        log = read_log(data, game=name)
        t1 = time.perf_counter()
        done = replay_log(log, name=name)
        done.records()
        t2 = time.perf_counter()
        read += t1 - t0
        replay += t2 - t1
        rounds += len(done.rounds)
        wins += done.wins
    return read, replay, len(datas), rounds, wins


def _is_half_four(log: GameLog) -> bool:
    return log.players == 4 and log.rules.length == "south"


def _report(label: str, datas: list[tuple[str, bytes]], repeat: int) -> None:
    if not datas:
        print(f"{label}: no logs")
        return
    best: tuple[float, float, int, int, int] | None = None
    for _ in range(repeat):
        result = _pass(datas)
        if best is None or result[0] + result[1] < best[0] + best[1]:
            best = result
    assert best is not None
    read, replay, games, rounds, wins = best
    total = read + replay
    print(
        f"{label}: {games} games, {rounds} rounds, {wins} wins in {total * 1000:.1f} ms: "
        f"{games / total:.0f} games/s, {wins / total:.0f} wins/s "
        f"(reading {read / total:.0%}: {games / read:.0f} games/s alone; "
        f"replaying {replay / total:.0%}: {games / replay:.0f} games/s, "
        f"{wins / replay:.0f} wins/s alone)"
    )


_STAGES = (
    ("reading the log (agari.game.logs)", ("game/logs/",)),
    ("scoring the wins (agari.api / engine)", ("agari/api.py", "agari/engine/", "notation/")),
    ("settling (settle, ledger, standings)", ("agari/settle/", "game/ledger.py", "standings")),
    ("walking the rounds (replay_log)", ("game/replay_log.py",)),
    ("SPEC §7 records (result.to_json)", ("agari/result.py", "game/replay.py")),
)


def _profile(datas: list[tuple[str, bytes]], top: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    _pass(datas)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = max(getattr(stats, "total_tt", 0.0), 1e-9)
    print(f"\nprofile of one pass ({total * 1000:.0f} ms under cProfile), own time by stage:")
    own: dict[str, float] = {}
    for (filename, _, _), row in stats.stats.items():  # type: ignore[attr-defined]
        stage = next(
            (name for name, parts in _STAGES if any(p in filename for p in parts)), "other"
        )
        own[stage] = own.get(stage, 0.0) + row[2]
    for stage, seconds in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {seconds / total:6.1%}  {stage}")
    print(f"\n{top} costliest functions by cumulative time:")
    stats.sort_stats("cumulative").print_stats(top)


#: What each process counted by ``--instructions`` does after its warm-up pass.
STAGES = ("read", "replay")


def _logs(folder: Path) -> tuple[list[tuple[str, bytes, bool]], list[str]]:
    """Every log under ``folder`` that agari reads, as (name, bytes, a four-player half
    game), and the files skipped, each with why."""
    datas, skipped = [], []
    for p in _files(folder):
        data = p.read_bytes()
        try:
            log = read_log(data, game=p.name)
        except LogError as error:  # a format agari does not read (yet): not timed
            skipped.append(f"{p.name} ({error})")
            continue
        datas.append((p.name, data, _is_half_four(log)))
    return datas, skipped


def _stage(stage: str, datas: list[tuple[str, bytes]]) -> None:
    """One pass of ``stage`` over the logs: reading each, or reading and replaying it."""
    for name, data in datas:
        log = read_log(data, game=name)
        if stage == "replay":
            replay_log(log, name=name).records()


def _child(stage: str, folder: Path, passes: int) -> None:
    """A process counted by ``--instructions``: the four-player half games, one pass of
    ``stage`` to warm up, then ``passes`` more."""
    half_four = [(n, d) for n, d, half in _logs(folder)[0] if half]
    for _ in range(1 + passes):
        _stage(stage, half_four)


def _counted(folder: Path) -> None:
    """``--instructions``: reading and replaying a four-player half game, each the
    difference of two processes (with one more pass, and without) over the games."""
    games = sum(half for _, _, half in _logs(folder)[0])
    if not games:
        raise SystemExit(f"no four-player half games under {folder}")
    base = [sys.executable, __file__, str(folder), "--child"]
    cost = {
        stage: instructions([*base, stage, "--passes", "1"], stage)
        - instructions([*base, stage, "--passes", "0"], stage)
        for stage in STAGES
    }
    read, total = cost["read"] / games, cost["replay"] / games
    print(f"instructions a four-player half game ({games} games from {folder}):")
    print(f"reading:   {read / 1e6:7.2f} M ({read / total:.0%})")
    print(f"replaying: {(total - read) / 1e6:7.2f} M ({(total - read) / total:.0%})")
    print(f"both:      {total / 1e6:7.2f} M")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=10, help="passes; the best is kept")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="cProfile top N")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind instead of timing (four-player half games)",
    )
    parser.add_argument("--child", choices=STAGES, help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not _files(args.folder):
        print(f"no logs under {args.folder}", file=sys.stderr)
        return 1
    if args.child:
        _child(args.child, args.folder, args.passes)
        return 0
    if args.instructions:
        _counted(args.folder)
        return 0
    datas, skipped = _logs(args.folder)
    if skipped:
        print(f"skipped {len(skipped)} files agari does not read: " + "; ".join(skipped)[:300])
    half_four = [(n, d) for n, d, half in datas if half]
    every = [(n, d) for n, d, _ in datas]
    print(
        f"logs: {args.folder} ({len(datas)} files), best of {args.repeat} passes, "
        "one process (one core)"
    )
    _report("all logs", every, args.repeat)
    _report("four-player half games", half_four, args.repeat)
    if args.profile:
        _profile(every, args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
