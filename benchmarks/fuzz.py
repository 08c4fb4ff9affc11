"""Fuzz the API and the command line with hypothesis (issue 12): random bytes, mutated valid
hands, huge lines, unicode (full-width digits, NUL, RTL marks, lone surrogates), wrong-typed
and out-of-range structured records. Not part of the test suite (it takes minutes).

    python benchmarks/fuzz.py              # 50,000+ cases; --scale 0.1 for a quick run

Every case must end in a result (never an exception): an error result has one of the
documented codes, ``to_json()`` is strict JSON, ``parse_hand`` raises only ``HandError``,
``agari batch`` gives exactly one record per input record with status 0 or 1, and the hand
command exits 0 or 1. The first failure of each target is printed with its input; the
script exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agari
from agari.cli import batch_cmd
from agari.cli import main as cli_main

CODES = {
    "syntax",
    "tile_count",
    "too_many_copies",
    "bad_tile",
    "too_many_red",
    "bad_meld",
    "conflicting_context",
    "unknown_word",
    "bad_value",
    "bad_record",
}
BATCH_CODES = CODES | {"bad_json", "bad_encoding", "line_too_long", "bad_rules", "unreadable_file"}
STATUSES = {"win", "no_yaku", "not_winning", "tenpai", "noten", "error"}

VALID = [
    "123m456p789s1155z+5z",
    "234m067p3457899s+6s tsumo riichi dora=4p",
    "234p67s55s+8s, 3-45m, 777=z tsumo",
    "123p456s789s1z+1z, 1111m riichi ura=9p seat=E",
    "m123p055z1112+z2=,s7-89",
    "123m456p789s1155z",
    "234m067p3457899s1z",
    "11m+1m, 2222p, 3333s, 4444z, 5555z tsumo rinshan",
    "19m19p19s1234567z+1z tsumo seat=E honba=3 sticks=2",
    "111m999m123p456s1z+1z riichi kita=1 rules=tenhou",
]
ODD = [
    "\x00",
    "\u200f",
    "\u202e",
    "\ufeff",
    "\u3000",
    "\xa0",
    "\u2028",
    "\uff11",
    "\uff12",
    "\uff4d",
    "\ud800",
    "\udcff",
    "=",
    "+",
    "-",
    ",",
    " ",
    "\t",
    "\r",
    "\n",
    "9" * 50,
    "z",
    "0",
    "dora=",
    "honba=",
    "rules=",
    "riichi",
    "chankan",
    "tsumo",
    "seat=",
    "pao=",
    "kita=",
    "ura=",
    "\U0001d7cf",
    "٣",
    "Ⅲ",
]


@st.composite
def mutated(draw: Any) -> str:
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 3))
        if how == 0:
            text = text[:at] + draw(st.sampled_from(ODD)) + text[at:]
        elif how == 1:
            text = text[:at] + text[at + 1 :]
        elif how == 2:
            text = text[:at] + draw(st.text(max_size=3)) + text[at:]
        else:
            text = text[:at] + text[at:] * draw(st.integers(1, 3))
    return text


def huge(draw_digits: int) -> st.SearchStrategy[str]:
    return st.sampled_from(VALID).map(lambda v: v + " honba=" + "9" * draw_digits)


TEXTS = st.one_of(
    mutated(),
    st.text(max_size=60),
    st.text(alphabet="0123456789mpszh+-=, ", max_size=60),
    st.binary(max_size=60).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.integers(4000, 6000).flatmap(huge),
    st.sampled_from(VALID).map(lambda v: v * 200),  # a long line
    st.sampled_from(VALID).map(lambda v: v + " dora=" + "1m" * 40),
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(10**100, 10**101),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=4),
    st.sampled_from(["E", "S", "x", "left", "1m", "5z", "tenhou"]),
)
KEYS = [
    "concealed",
    "win",
    "melds",
    "dora_indicators",
    "ura_indicators",
    "rules",
    "win_from",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "chankan",
    "honba",
    "riichi_sticks",
    "sticks",
    "kita",
    "dora_count",
    "ura_count",
    "seat_wind",
    "round_wind",
    "pao",
    "wareme",
    "bogus",
]
MELD = st.dictionaries(
    st.sampled_from(["kind", "tiles", "from", "called", "x"]),
    st.one_of(SCALARS, st.sampled_from(["chi", "pon", "kan", "ankan", "345m", "555z"])),
    max_size=4,
)
RECORDS = st.fixed_dictionaries(
    {"concealed": st.one_of(st.sampled_from(["123m456p789s11555z", "123m456p789s1155z"]), SCALARS)},
    optional={
        k: st.one_of(SCALARS, st.lists(st.one_of(SCALARS, MELD), max_size=3), MELD)
        for k in KEYS
        if k != "concealed"
    },
)


failures: dict[str, list[str]] = {}
counts: dict[str, int] = {}


def _fail(target: str, what: str, case: Any) -> None:
    failures.setdefault(target, []).append(f"{what}: {case!r}"[:500])


def check_result(target: str, result: Any, case: Any) -> None:
    if not isinstance(result, agari.api_result_type):  # type: ignore[attr-defined]
        _fail(target, "not a Result", case)
        return
    record = result.to_json()
    try:
        json.dumps(record, allow_nan=False)
    except (TypeError, ValueError) as exc:
        _fail(target, f"to_json not JSON ({exc})", case)
    if result.status not in STATUSES:
        _fail(target, f"status {result.status}", case)
    if result.status == "error":
        code = (result.error or {}).get("code")
        if code not in CODES:
            _fail(target, f"error code {code}: {(result.error or {}).get('message')}", case)


def run_target(name: str, n: int, strategy: Any, body: Callable[[Any], None]) -> None:
    counts[name] = 0

    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def target(case: Any) -> None:
        counts[name] += 1
        try:
            body(case)
        except Exception as exc:
            _fail(name, f"raised {type(exc).__name__}: {exc}", case)

    start = time.perf_counter()
    target()
    print(
        f"{name:<14} {counts[name]:>7,} cases  {time.perf_counter() - start:6.1f} s  "
        f"{len(failures.get(name, []))} failures",
        flush=True,
    )


def api_text(case: str) -> None:
    check_result("api-text", agari.analyse(case), case)
    check_result("api-text", agari.score(case), case)


def parse_only(case: str) -> None:
    with contextlib.suppress(agari.HandError):  # any other exception is a finding
        agari.parse_hand(case)


def api_record(case: dict[str, Any]) -> None:
    check_result("api-record", agari.analyse(case), case)


def _lines_of(case: list[Any]) -> bytes:
    out = []
    for item in case:
        if isinstance(item, bytes):
            out.append(item.replace(b"\n", b" "))
        elif isinstance(item, str):
            out.append(item.replace("\n", " ").encode("utf-8", "surrogatepass"))
        else:
            out.append(json.dumps(item, default=repr).encode())
    return b"\n".join(out) + b"\n"


BATCH_ITEMS = st.lists(
    st.one_of(
        st.binary(max_size=40),
        TEXTS.map(lambda t: json.dumps({"id": 1, "hand": t})),
        RECORDS.map(lambda r: {k: v for k, v in r.items() if not isinstance(v, bytes | float)}),
        st.dictionaries(
            st.sampled_from(["hand", "expect", "expcet", "rules", "rule", "id"]),
            SCALARS,
            max_size=4,
        ),
    ),
    min_size=1,
    max_size=6,
)


def batch(case: list[Any]) -> None:
    data = _lines_of(case)
    # A UTF-8 byte order mark opening the input is the encoding's signature, which the
    # batch reader drops (utf-8-sig), not a line's content: a line of it alone is blank.
    expected = sum(1 for line in data.removeprefix(b"\xef\xbb\xbf").split(b"\n") if line.strip())
    out, err = io.StringIO(), io.StringIO()
    code = batch_cmd.run(["--json", "-"], stdin=io.BytesIO(data), stdout=out, stderr=err)
    records = [json.loads(x) for x in out.getvalue().split("\n") if x]
    if code not in (0, 1) or len(records) != expected or "Traceback" in err.getvalue():
        _fail("batch", f"exit {code}, {len(records)} records for {expected}", data)
    for r in records:
        if r["status"] == "error" and r["error"]["code"] not in BATCH_CODES:
            _fail("batch", f"code {r['error']['code']}: {r['error']['message']}", data)


def hand_command(case: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(["--json", "--", case])
        code2 = cli_main(["--", case])
    for r in (json.loads(x) for x in out.getvalue().split("\n") if x.startswith("{")):
        if r["status"] == "error" and r["error"]["code"] not in CODES | {"bad_encoding"}:
            _fail("hand-command", f"code {r['error']['code']}: {r['error']['message']}", case)
    if code not in (0, 1) or code2 not in (0, 1):
        _fail("hand-command", f"exit {code}/{code2}: {err.getvalue()[:200]}", case)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every case count")
    scale = parser.parse_args().scale
    from agari.result import Result

    agari.api_result_type = Result  # type: ignore[attr-defined]
    plan = [
        ("api-text", 20_000, TEXTS, api_text),
        ("parse-hand", 8_000, TEXTS, parse_only),
        ("api-record", 12_000, RECORDS, api_record),
        ("batch", 5_000, BATCH_ITEMS, batch),
        ("hand-command", 5_000, TEXTS, hand_command),
    ]
    start = time.perf_counter()
    for name, n, strategy, body in plan:
        run_target(name, max(1, int(n * scale)), strategy, body)
    total = sum(counts.values())
    found = sum(len(v) for v in failures.values())
    print(f"total {total:,} cases in {time.perf_counter() - start:.0f} s; {found} failures")
    for name, items in failures.items():
        print(f"\n{name}: {len(items)} failures, first ones:")
        for item in items[:5]:
            print("  " + item)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
