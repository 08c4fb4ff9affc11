"""Fuzz the game-log readers and replay (issue 25): real logs cut, flipped, stripped of an
event, nested, blown up and given the wrong rules, read by the same path as ``agari game``
(:func:`agari.game.files.read_game`).

    python benchmarks/fuzz_logs.py                 # 5,000 cases over every log found
    python benchmarks/fuzz_logs.py -n 20000 --seed 7

Every case must end in a :class:`~agari.game.files.GameFile` (never an exception), whose
records are strict JSON and whose text sheet renders; a damaged file's error names the file.
Where the damage is a cut or an event taken out of one round, every round before it must be
printed, with the very records the intact file gives (its values included). The first
failures are printed with their case; the script exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from agari.game.files import GameFile, read_game
from agari.render.game_file import game_text

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "logs"
LOG_SUFFIXES = (".json", ".jsonl", ".xml")
READ_FOLDERS = ("tenhou6", "mjlog", "mahjongsoul")


def log_files() -> list[Path]:
    """Every log of the fixtures, and of ``../shared/logs`` where it is."""
    found = sorted(p for p in (ROOT / "fixtures" / "logs").glob("*/*") if p.suffix in LOG_SUFFIXES)
    if SHARED.is_dir():
        for folder in READ_FOLDERS:
            found += sorted(p for p in (SHARED / folder).glob("*") if p.suffix in LOG_SUFFIXES)
    return found


@dataclass(frozen=True)
class Case:
    """One damaged input: what was done, the bytes, and how many rounds of the intact log
    must still be printed whole (``None``: the damage may reach any round)."""

    what: str
    data: bytes
    whole_rounds: int | None
    preset: str | None = None
    pairs: tuple[str, ...] = ()


# --------------------------------------------------------------------------- round extents


def round_ends(path: Path, text: str) -> list[int]:
    """Where each round of the intact file ends (a cut at or after it keeps the round)."""
    if path.suffix == ".xml":
        starts = [m.start() for m in re.finditer(r"<INIT\b", text)]
        # a round ends where the next begins; the last one at the closing tag
        return [*starts[1:], text.rindex("</mjloggm>")]
    if path.suffix == ".jsonl":
        ends, at = [], 0
        for line in text.splitlines(keepends=True):
            at += len(line)
            if line.strip():
                ends.append(at - len(line) + len(line.rstrip()))
        return ends
    decoder = json.JSONDecoder()
    majsoul = '"head"' in text[:4096]
    m = re.search(r'"actions"\s*:\s*\[' if majsoul else r'"log"\s*:\s*\[', text)
    assert m is not None
    ends, at = [], m.end()
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        if at >= len(text) or text[at] == "]":
            return ends
        value, at = decoder.raw_decode(text, at)
        # a Mahjong Soul round ends with its result record
        name = str(value.get("result", {}).get("name", "")) if majsoul else ""
        if not majsoul or name.endswith(("RecordHule", "RecordNoTile", "RecordLiuJu")):
            ends.append(at)


# --------------------------------------------------------------------------- mutations


def _cut(path: Path, data: bytes, rng: random.Random) -> Case:
    text = data.decode("utf-8")
    at = rng.randrange(len(text))
    ends = round_ends(path, text)
    whole = sum(1 for end in ends if end <= at)
    return Case(f"cut at character {at}", text[:at].encode("utf-8"), whole)


def _cut_gzip(path: Path, data: bytes, rng: random.Random) -> Case:
    packed = gzip.compress(data)
    at = rng.randrange(20, len(packed))
    return Case(f"gzip cut at byte {at}", packed[:at], None)


def _flip(path: Path, data: bytes, rng: random.Random) -> Case:
    raw = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        raw[rng.randrange(len(raw))] = rng.randrange(256)
    return Case("bytes flipped", bytes(raw), None)


def _drop_event(path: Path, data: bytes, rng: random.Random) -> Case:
    """One draw, discard, call or other tag taken out of one round."""
    text = data.decode("utf-8")
    ends = round_ends(path, text)
    if path.suffix == ".xml":
        tags = [m for m in re.finditer(r"<(?:[TUVWDEFG]\d+|N|REACH|DORA)\b[^>]*>", text)]
        if not tags:
            return Case("nothing to drop", data, None)
        m = rng.choice(tags)
        start, end = m.start(), m.end()
    else:
        # tenhou.net/6 entries; in a Mahjong Soul record, whole records (one a line)
        pattern = r'(?<=[\[,])(?:\d+|"[^"]*")(?=[,\]])'
        if '"head"' in text[:4096]:
            pattern = r'(?m)^\s*\{\s*"passed"[^\n]*\n(?:(?!^\s*\{\s*"passed").*\n)*?\s*\},?$'
        entries = list(re.finditer(pattern, text))
        m = rng.choice(entries)
        start, end = m.start(), m.end()
        # take the comma with it, to keep the JSON whole
        if text[end] == ",":
            end += 1
        elif text[start - 1] == ",":
            start -= 1
    whole = sum(1 for e in ends if e <= start)
    return Case(
        f"entry {text[start:end]!r} at {start} dropped", (text[:start] + text[end:]).encode(), whole
    )


def _nest(path: Path, data: bytes, rng: random.Random) -> Case:
    depth = rng.choice([100, 1000, 100_000])
    opener = rng.choice([b"[", b'{"log":[', b"<mjloggm><"])
    return Case(f"nested {depth}", opener * depth, 0)


def _huge(path: Path, data: bytes, rng: random.Random) -> Case:
    pad = rng.choice([b" ", b"\n", b"0"])
    return Case("blown up", data + pad * rng.choice([10_000, 2_000_000]), None)


def _wrong_rules(path: Path, data: bytes, rng: random.Random) -> Case:
    preset = rng.choice([None, "tenhou", "tenhou-sanma", "majsoul", "wrc2025", "nonsense"])
    pairs = rng.choice(
        [
            (),
            ("players=3",),
            ("uma=30,10,-10,-30",),
            ("aka=off",),
            ("bust=off", "west_round=off"),
            ("kiriage=maybe",),
        ]
    )
    return Case(f"rules {preset} {' '.join(pairs)}", data, None, preset, pairs)


MUTATIONS: list[Callable[[Path, bytes, random.Random], Case]] = [
    _cut,
    _cut,
    _cut_gzip,
    _flip,
    _drop_event,
    _drop_event,
    _nest,
    _huge,
    _wrong_rules,
]


# --------------------------------------------------------------------------- checks


def _rounds(done: GameFile) -> list[str]:
    """The rounds printed, values and all; each win's rules are named apart (a damaged
    file's final result is lost, so the rules' name may tell how they were guessed)."""
    out = []
    for r in done.records():
        if r["kind"] != "round":
            continue
        r["wins"] = [
            {**w, "result": {k: v for k, v in w["result"].items() if k != "rules"}}
            for w in r["wins"]
        ]
        out.append(json.dumps(r, sort_keys=True))
    return out


def check(case: Case, intact: list[str], name: str) -> str | None:
    """``None`` when the case ends as it must, else what went wrong."""
    try:
        done = read_game(case.data, name, case.preset, case.pairs)
        records = done.records()
        json.dumps(records, allow_nan=False)
        game_text(done)
    except Exception:
        return "a traceback:\n" + traceback.format_exc()
    if done.error is not None and name not in done.error:
        return f"the error does not name the file: {done.error}"
    if case.whole_rounds is None:
        return None
    printed = _rounds(done)
    want = intact[: case.whole_rounds]
    if printed[: len(want)] != want:
        for k, (a, b) in enumerate(zip(printed, want, strict=False)):
            if a != b:
                return (
                    f"round {k + 1} of {case.whole_rounds} whole ones differs from the intact log's"
                )
        return f"{len(printed)} rounds printed, {case.whole_rounds} were whole before the damage"
    return None


def run(count: int, seed: int = 1, *, quiet: bool = True) -> tuple[Counter[str], list[str]]:
    """``count`` cases; the kinds of case run and the failures."""
    rng = random.Random(seed)
    files = log_files()
    intact: dict[Path, list[str]] = {}
    for path in files:
        intact[path] = _rounds(read_game(path.read_bytes(), "game" + path.suffix))
    kinds: Counter[str] = Counter()
    failures: list[str] = []
    for _ in range(count):
        path = rng.choice(files)
        mutate = rng.choice(MUTATIONS)
        case = mutate(path, path.read_bytes(), rng)
        kinds[mutate.__name__.strip("_")] += 1
        problem = check(case, intact[path], "game" + path.suffix)
        if problem is not None:
            failures.append(f"{path.name}: {case.what}: {problem}")
            if not quiet and len(failures) <= 5:
                print(failures[-1], file=sys.stderr)
    return kinds, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=5000, help="cases (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    kinds, failures = run(args.n, args.seed, quiet=False)
    seconds = time.perf_counter() - start
    print(
        f"{sum(kinds.values())} cases in {seconds:.0f} s over {len(log_files())} logs "
        f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}): "
        f"{len(failures)} failures"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
