"""Score the majiang-core oracle (../shared/oracle/majiang_hule.jsonl) and compare.

Usage: python scripts/oracle_check.py [PATH] [--examples N] [--key KEY]

Each record is SPEC §2 structured input plus ``expect`` (SPEC §3 keys). Every record is
scored under the ``tenhou`` preset (the rules the corpus implies, see its README) and
the keys status, han, fu, yakuman, yaku (ids and han, as a set), dora, points, payment
and total are compared where the record has them. Prints the agreement per key and the
first few mismatches of each key. Not a test dependency: the corpus lives beside the
repository. Records are converted to a Hand here (not with the notation module), so
this checks the engine alone; ``--structured`` reads them with ``hand_from_dict``
instead (engine and structured-input reader together).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from agari.api import score  # noqa: E402
from agari.hand import Context, Hand, Meld, MeldKind  # noqa: E402
from agari.rules import Rules  # noqa: E402
from agari.tiles import Tile  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "oracle" / "majiang_hule.jsonl"
KEYS = ("status", "han", "fu", "yakuman", "yaku", "dora", "points", "payment", "total")
SOURCES = {"left": "left", "across": "across", "right": "right"}


def tiles_of(text: str) -> list[Tile]:
    out: list[Tile] = []
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out.extend(Tile.from_digit(d, ch) for d in digits)
            digits = []
    return out


def hand_of(record: dict[str, Any]) -> Hand:
    closed = sorted(tiles_of(record["concealed"]))
    win = tiles_of(record["win"])[0]
    closed.remove(win)
    melds = []
    for m in record.get("melds", []):
        tiles = tuple(sorted(tiles_of(m["tiles"])))
        melds.append(Meld(MeldKind(m["kind"]), tiles, m.get("from")))
    ctx = Context(
        tsumo=bool(record.get("tsumo")),
        riichi=bool(record.get("riichi")) or bool(record.get("double_riichi")),
        double_riichi=bool(record.get("double_riichi")),
        ippatsu=bool(record.get("ippatsu")),
        haitei=bool(record.get("haitei")),
        houtei=bool(record.get("houtei")),
        rinshan=bool(record.get("rinshan")),
        chankan=bool(record.get("chankan")),
        tenhou=bool(record.get("tenhou")),
        chiihou=bool(record.get("chiihou")),
        renhou=bool(record.get("renhou")),
        seat_wind=record.get("seat_wind", "S"),
        round_wind=record.get("round_wind", "E"),
        dora_indicators=tuple(tiles_of(record.get("dora_indicators", ""))),
        ura_indicators=tuple(tiles_of(record.get("ura_indicators", ""))),
        honba=record.get("honba", 0),
        sticks=record.get("riichi_sticks", 0),
        kita=record.get("kita", 0),
    )
    return Hand(tuple(closed), win, tuple(melds), ctx)


def actual_of(result: Any) -> dict[str, Any]:
    got = result.to_json()
    if got.get("yaku") is not None:
        got["yaku"] = sorted((y["id"], y["han"]) for y in got["yaku"])
    return got


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--examples", type=int, default=3)
    parser.add_argument("--key", help="show examples only for this key")
    parser.add_argument(
        "--structured",
        action="store_true",
        help="read records with hand_from_dict (the notation module) instead of here",
    )
    args = parser.parse_args(argv)
    rules = Rules.preset("tenhou")
    total = 0
    mismatch: Counter[str] = Counter()
    compared: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    bad_records = 0
    with open(args.path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            record = json.loads(line)
            total += 1
            expect = dict(record["expect"])
            if "yaku" in expect:
                expect["yaku"] = sorted((y["id"], y["han"]) for y in expect["yaku"])
            if args.structured:
                inputs = {k: v for k, v in record.items() if k not in ("expect", "id")}
                got = actual_of(score(inputs, rules))
            else:
                got = actual_of(score(hand_of(record), rules))
            wrong = False
            for key in KEYS:
                if key not in expect:
                    continue
                compared[key] += 1
                want = expect[key]
                have = got.get(key)
                if key == "dora" and isinstance(have, dict):
                    have = {k: have.get(k) for k in want}
                if have != want:
                    wrong = True
                    mismatch[key] += 1
                    shown = examples.setdefault(key, [])
                    if len(shown) < args.examples and (args.key in (None, key)):
                        inputs = {k: v for k, v in record.items() if k != "expect"}
                        shown.append(
                            f"  {record['id']}: {key} expected {want!r}, got {have!r}\n"
                            f"    record: {json.dumps(inputs)}\n"
                            f"    expected: {json.dumps(record['expect'])}\n"
                            f"    got: reading={got.get('reading')} wait={got.get('wait')} "
                            f"han={got.get('han')} fu={got.get('fu')} yaku={got.get('yaku')} "
                            f"dora={got.get('dora')} fu_breakdown={got.get('fu_breakdown')}"
                        )
            bad_records += wrong
    print(f"{total} records, {total - bad_records} agree on every compared key")
    for key in KEYS:
        n = compared[key]
        if n:
            print(f"  {key:8} {n - mismatch[key]:6}/{n} agree ({mismatch[key]} mismatch)")
    for key in KEYS:
        for text in examples.get(key, []):
            print(text)
    return 0 if bad_records == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
