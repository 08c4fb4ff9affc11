"""Fuzz the game-log readers and replay (issue 25): real logs cut, flipped, stripped of an
event, nested, blown up, given a value of the wrong type and given the wrong rules, read by
the same path as ``agari game`` (:func:`agari.game.files.read_game`).

    python benchmarks/fuzz_logs.py                 # 5,000 cases over every log found
    python benchmarks/fuzz_logs.py -n 20000 --seed 7
    python benchmarks/fuzz_logs.py -n 500 --review # each case reviewed too (agari review)
    /path/to/compiled-venv/bin/python benchmarks/fuzz_logs.py --installed
                                                   # the agari installed there (compiled)

Every case must end in a :class:`~agari.game.files.GameFile` (never an exception), whose
records are strict JSON and whose text sheet renders; a damaged file's error names the file.
Where the damage is a cut or an event taken out of one round, every round before it must be
printed, with the very records the intact file gives (its values included). With
``--review`` each case is also reviewed as ``agari review`` does (never an exception, strict
JSON). The first failures are printed with their case; the script exits 1 if there was any.
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

if "--installed" not in sys.argv:  # else the agari installed (the compiled build, say)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from agari.game.files import GameFile, read_game
from agari.play.summary import review_replay
from agari.render.game_file import game_text

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "logs"
LOG_SUFFIXES = (".json", ".jsonl", ".xml", ".mjson")
READ_FOLDERS = ("tenhou6", "mjlog", "mahjongsoul", "riichicity", "mjai")


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


def _kind(text: str) -> str:
    """The file's format, as far as the cases need to know it."""
    head = text[:4096]
    if head.lstrip().startswith("<"):
        return "xml"
    if '"handRecord"' in head:
        return "riichicity"
    if re.match(r'\s*\{[^\n]*"type"\s*:\s*"start_(?:game|kyoku)"', head):
        return "mjai"
    return "majsoul" if '"head"' in head else "tenhou6"


def _items(text: str, key: str) -> list[tuple[int, int, object]]:
    """Every value of every JSON list ``key`` holds, with where it starts and ends."""
    decoder = json.JSONDecoder()
    out: list[tuple[int, int, object]] = []
    for m in re.finditer(rf'"{key}"\s*:\s*\[', text):
        at = m.end()
        while True:
            while at < len(text) and text[at] in " \t\r\n,":
                at += 1
            if at >= len(text) or text[at] == "]":
                break
            value, end = decoder.raw_decode(text, at)
            out.append((at, end, value))
            at = end
    return out


def _mjai_lines(text: str) -> list[tuple[int, int, str]]:
    """Each event line of an mjai file: where it starts and ends (without the newline), and
    its type."""
    out, at = [], 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if body.strip():
            out.append((at, at + len(body), str(json.loads(body).get("type"))))
        at += len(line)
    return out


def round_ends(path: Path, text: str) -> list[int]:
    """Where each round of the intact file ends (a cut at or after it keeps the round)."""
    kind = _kind(text)
    if kind == "mjai":  # a round ends with its end_kyoku line
        return [end for _, end, what in _mjai_lines(text) if what == "end_kyoku"]
    if kind == "riichicity":  # a hand record a round
        return [end for _, end, _ in _items(text, "handRecord")]
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
    elif _kind(text) == "mjai":  # one event line (not the game's start)
        start, end, _ = rng.choice(_mjai_lines(text)[1:])
        end += 1  # its newline too
    elif _kind(text) == "riichicity":  # one event of one hand
        start, end, _ = rng.choice(_items(text, "handEventRecord"))
        start, end = _with_comma(text, start, end)
    else:
        # tenhou.net/6 entries; in a Mahjong Soul record, whole records (one a line)
        pattern = r'(?<=[\[,])(?:\d+|"[^"]*")(?=[,\]])'
        if '"head"' in text[:4096]:
            pattern = r'(?m)^\s*\{\s*"passed"[^\n]*\n(?:(?!^\s*\{\s*"passed").*\n)*?\s*\},?$'
        entries = list(re.finditer(pattern, text))
        m = rng.choice(entries)
        start, end = _with_comma(text, m.start(), m.end())
    whole = sum(1 for e in ends if e <= start)
    return Case(
        f"entry {text[start:end]!r} at {start} dropped", (text[:start] + text[end:]).encode(), whole
    )


def _with_comma(text: str, start: int, end: int) -> tuple[int, int]:
    """A list entry's span with the comma after it (or before it), to keep the JSON whole."""
    after = end
    while after < len(text) and text[after] in " \t\r\n":
        after += 1
    if after < len(text) and text[after] == ",":
        return start, after + 1
    before = start - 1
    while before > 0 and text[before] in " \t\r\n":
        before -= 1
    return (before, end) if text[before] == "," else (start, end)


#: Values of each JSON type, put where a value of another type was: the compiled build checks
#: the type of what it reads where the Python only uses it.
_ODD_VALUES: tuple[object, ...] = (
    None,
    True,
    0,
    -1,
    1.5,
    10**20,
    "",
    "x",
    "1m",
    [],
    {},
    [0, "x"],
    {"x": 0},
)
#: Attribute values of another kind than a number list.
_ODD_ATTRIBUTES = ("", "x", "-1", "1.5", "99999999999999999999", ",,", "1,x")


def _retype(path: Path, data: bytes, rng: random.Random) -> Case:
    """One value of the log replaced by one of another type (an mjlog attribute by text
    that is not its numbers)."""
    text = data.decode("utf-8")
    if path.suffix == ".xml":
        found = list(re.finditer(r'\b(\w+)="([^"]*)"', text))
        m = rng.choice(found)
        odd_text = rng.choice(_ODD_ATTRIBUTES)
        done = text[: m.start(2)] + odd_text + text[m.end(2) :]
        return Case(f"attribute {m.group(1)} at {m.start()} = {odd_text!r}", done.encode(), None)
    lines = text.splitlines() if path.suffix in (".jsonl", ".mjson") else [text]
    at = rng.choice([k for k, line in enumerate(lines) if line.strip()])
    document = json.loads(lines[at])
    places: list[tuple[dict[str, object] | list[object], str | int]] = []
    stack: list[object] = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            pairs: list[tuple[object, object]] = list(node.items())
        elif isinstance(node, list):
            pairs = list(enumerate(node))
        else:
            continue
        for key, value in pairs:
            places.append((node, key))  # type: ignore[arg-type]
            stack.append(value)
    if not places:
        return Case("nothing to retype", data, None)
    node, key = rng.choice(places)
    old = node[key]  # type: ignore[index]
    odd = rng.choice([v for v in _ODD_VALUES if type(v) is not type(old)])
    node[key] = json.loads(json.dumps(odd))  # type: ignore[index]
    lines[at] = json.dumps(document, ensure_ascii=False)
    return Case(f"line {at + 1}: {key!r} {old!r:.30} -> {odd!r}", "\n".join(lines).encode(), None)


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
    _retype,
    _retype,
    _nest,
    _huge,
    _wrong_rules,
]


# --------------------------------------------------------------------------- checks


def _rounds(done: GameFile) -> list[str]:
    """The rounds printed, values and all; each win's rules are named apart (a damaged
    file's final result is lost, so the rules' name may tell how they were guessed), and so
    is the game's label."""
    out = []
    for r in done.records():
        if r["kind"] != "round":
            continue
        # the game's id may stand after the cut (a Riichi City record's keyValue follows
        # its hands): the file's label is not the round's
        r.pop("game", None)
        r["wins"] = [
            {**w, "result": {k: v for k, v in w["result"].items() if k != "rules"}}
            for w in r["wins"]
        ]
        out.append(json.dumps(r, sort_keys=True))
    return out


def check(case: Case, intact: list[str], name: str, review: bool = False) -> str | None:
    """``None`` when the case ends as it must, else what went wrong (``review``: the case
    reviewed too)."""
    try:
        done = read_game(case.data, name, case.preset, case.pairs)
        records = done.records()
        json.dumps(records, allow_nan=False)
        game_text(done)
        if review and done.replay is not None:
            json.dumps(review_replay(done.replay, name).records(), allow_nan=False)
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


def run(
    count: int, seed: int = 1, *, quiet: bool = True, review: bool = False
) -> tuple[Counter[str], list[str]]:
    """``count`` cases (``review``: each reviewed too); the kinds of case run and the
    failures."""
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
        problem = check(case, intact[path], "game" + path.suffix, review)
        if problem is not None:
            failures.append(f"{path.name}: {case.what}: {problem}")
            if not quiet and len(failures) <= 5:
                print(failures[-1], file=sys.stderr)
    return kinds, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=5000, help="cases (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--review", action="store_true", help="review each case too")
    parser.add_argument(
        "--installed", action="store_true", help="the agari installed here, not ../src"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    kinds, failures = run(args.n, args.seed, quiet=False, review=args.review)
    seconds = time.perf_counter() - start
    print(
        f"{sum(kinds.values())} cases in {seconds:.0f} s over {len(log_files())} logs "
        f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}): "
        f"{len(failures)} failures"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
