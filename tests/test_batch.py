"""Tests of ``agari batch`` (issue 5): formats, expectations, ids, order, nothing lost.

Most tests score with a fake scorer (:func:`fake_scorer`) so that they test the batch layer
alone, quickly and whatever state the engine is in; the expected values below are what that
fake returns by construction, not agari's output. The tests at the end use the real engine.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agari.batch.run import (
    LINE_CAP,
    RawRecord,
    Settings,
    compare,
    iter_records,
    process,
    run_batch,
)
from agari.cli import batch_cmd
from agari.rules import Rules
from tests.conftest import examples

HAND_CHARS = set("0123456789mpszh+-=, ")


def fake_scorer(hand: Any, rules: Rules) -> dict[str, Any]:
    """A stand-in for agari.api.analyse(...).to_json().

    A string of notation characters "wins" with han = its number of digits mod 13 + 1 and
    fu 30; anything else is a syntax error. A mapping needs a string "concealed". The hand
    "boom" raises, as a scorer bug would.
    """
    base: dict[str, Any] = {"input": hand, "rules": rules.describe(), "warnings": []}
    if hand == "boom":
        raise RuntimeError("scorer bug")
    if isinstance(hand, dict):
        text = hand.get("concealed")
        if not isinstance(text, str):
            return base | {
                "hand": None,
                "status": "error",
                "error": {"code": "bad_record", "message": "no concealed", "column": None},
            }
    else:
        text = hand
    if not text or not set(text) <= HAND_CHARS:
        return base | {
            "hand": None,
            "status": "error",
            "error": {"code": "syntax", "message": "not notation", "column": 1},
        }
    digits = sum(c.isdigit() for c in text)
    return base | {
        "hand": text,
        "status": "win",
        "error": None,
        "han": digits % 13 + 1,
        "fu": 30,
        "yaku": [{"id": "riichi", "han": 1}, {"id": "pinfu", "han": 1}],
        "payment": {"ron": 1000},
        "dora": {"dora": 0, "aka": 0, "ura": 0, "kita": 0},
    }


def run_cli(
    args: Sequence[str], stdin: bytes | None = None, scorer: Any = fake_scorer
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = batch_cmd.run(
        list(args),
        scorer=scorer,
        stdin=io.BytesIO(stdin) if stdin is not None else None,
        stdout=out,
        stderr=err,
    )
    return code, out.getvalue(), err.getvalue()


def json_records(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- formats


def test_txt_one_hand_per_line_skipping_blanks_and_comments(tmp_path: Path) -> None:
    f = write(tmp_path / "h.txt", "# header\n123m456p789s1155z+5z\n\n   \n  # note\n12m x\n")
    code, out, _ = run_cli(["--json", f])
    records = json_records(out)
    assert [r["id"] for r in records] == [f"{f}:2", f"{f}:6"]
    assert [r["line"] for r in records] == [2, 6]
    assert records[0]["status"] == "win" and records[0]["han"] == 14 % 13 + 1
    assert records[1]["status"] == "error" and records[1]["error"]["code"] == "syntax"
    assert code == 1  # one record failed


def test_jsonl_notation_structured_and_ids(tmp_path: Path) -> None:
    lines = [
        {"id": "a", "hand": "123m"},
        {"id": 7, "concealed": "11z", "win": "1z", "tsumo": True},
        {"hand": {"concealed": "22z", "win": "2z"}},
        "345p",
    ]
    f = write(tmp_path / "h.jsonl", "".join(json.dumps(x) + "\n" for x in lines))
    code, out, _ = run_cli(["--json", f])
    records = json_records(out)
    assert code == 0
    assert [r["id"] for r in records] == ["a", 7, f"{f}:3", f"{f}:4"]
    # the structured record reaches the scorer without the batch's own keys
    assert records[1]["input"] == {"concealed": "11z", "win": "1z", "tsumo": True}
    assert records[2]["input"] == {"concealed": "22z", "win": "2z"}
    assert all(r["file"] == f for r in records)


def test_ndjson_extension_is_json_lines(tmp_path: Path) -> None:
    f = write(tmp_path / "h.ndjson", '{"hand": "123m"}\n')
    code, out, _ = run_cli(["--json", f])
    assert code == 0 and json_records(out)[0]["status"] == "win"


def test_toml_cases_defaults_and_lines(tmp_path: Path) -> None:
    f = write(
        tmp_path / "h.toml",
        'rules = "tenhou"\nrule = { kiriage = "on" }\n\n[[case]]\nid = "one"\nhand = "123m"\n'
        'source = "made up"\n\n[[case]]\nid = "two"\nhand = "456p"\nrules = "ema2016"\n'
        'rule = { kiriage = false }\n\n[[case]]\nid = "three"\nconcealed = "11z"\n'
        'win = "1z"\n',
    )
    code, out, _ = run_cli(["--json", "--rule", "aka=off", f])
    records = json_records(out)
    assert code == 0
    assert [(r["id"], r["line"]) for r in records] == [("one", 4), ("two", 9), ("three", 15)]
    # CLI < file < record (rules.py describe(): preset then overridden switches)
    assert records[0]["rules"] == "tenhou (aka=off kiriage=on)"
    assert records[1]["rules"] == "ema2016 (aka=off kiriage=off)"
    assert records[2]["input"] == {"concealed": "11z", "win": "1z"}


def test_stdin_dash_is_json_lines() -> None:
    code, out, _ = run_cli(["--json", "-"], stdin=b'{"id": 1, "hand": "123m"}\n"9s"\n')
    records = json_records(out)
    assert code == 0
    assert [r["id"] for r in records] == [1, "<stdin>:2"]


def test_format_option_reads_stdin_as_text() -> None:
    code, out, _ = run_cli(["--json", "--format", "txt", "-"], stdin=b"123m\n# c\n456p\n")
    assert code == 0 and [r["line"] for r in json_records(out)] == [1, 3]


def test_mixed_files_in_command_line_order(tmp_path: Path) -> None:
    a = write(tmp_path / "a.txt", "123m\n456m\n")
    b = write(tmp_path / "b.jsonl", '{"id": "b1", "hand": "789m"}\n')
    c = write(tmp_path / "c.toml", '[[case]]\nid = "c1"\nhand = "11z"\n')
    code, out, _ = run_cli(["--json", c, a, b, a])
    assert code == 0
    assert [r["id"] for r in json_records(out)] == [
        "c1",
        f"{a}:1",
        f"{a}:2",
        "b1",
        f"{a}:1",
        f"{a}:2",
    ]


# --------------------------------------------------------------------------- nothing lost


def test_bad_records_each_give_one_error_record(tmp_path: Path) -> None:
    lines = [
        "not json",  # 1
        "5",  # 2
        "null",  # 3
        "[1, 2]",  # 4
        '{"hand": 5}',  # 5
        '{"id": "x"}',  # 6
        '{"id": [1], "hand": "123m"}',  # 7
        '{"hand": "123m", "rules": "nope"}',  # 8
        '{"hand": "123m", "rule": {"kiriage": "maybe"}}',  # 9
        '{"hand": "123m", "rule": {"nosuch": "on"}}',  # 10
        '{"hand": "123m", "expect": 3}',  # 11
        '{"hand": "123m", "concealed": "123m"}',  # 12
        '{"hand": "boom"}',  # 13
        "NaN",  # 14
        '{"hand": "123m", "x": 1e999}',  # 15
        "[" * 100_000,  # 16: longer than the cap
        '{"hand": "123m"}',  # 17: still read after the long line
    ]
    f = write(tmp_path / "bad.jsonl", "\n".join(lines) + "\n")
    code, out, _ = run_cli(["--json", f])
    records = json_records(out)
    assert code == 1
    assert len(records) == len(lines)
    codes = [r["error"]["code"] if r["error"] else None for r in records]
    assert codes == [
        "bad_json",
        "bad_record",
        "bad_record",
        "bad_record",
        "bad_record",
        "bad_record",
        "bad_record",
        "bad_rules",
        "bad_rules",
        "bad_rules",
        "bad_record",
        "bad_record",
        "internal",
        "bad_json",
        "bad_json",
        "line_too_long",
        None,
    ]
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))


def test_line_exactly_at_the_cap_is_read(tmp_path: Path) -> None:
    hand = json.dumps({"hand": "123m", "note": "x" * (LINE_CAP - 40)})
    hand = hand[:-1] + " " * (LINE_CAP - len(hand)) + "}"
    assert len(hand) == LINE_CAP
    f = write(tmp_path / "cap.jsonl", hand + "\n" + "x" * (LINE_CAP + 1))
    code, out, _ = run_cli(["--json", f])
    records = json_records(out)
    assert records[0]["status"] == "win"
    assert records[1]["error"]["code"] == "line_too_long" and records[1]["line"] == 2
    assert code == 1


def test_not_utf8_line_is_an_error_record(tmp_path: Path) -> None:
    path = tmp_path / "enc.txt"
    path.write_bytes(b"123m\n\xff\xfe\n456m\n")
    code, out, _ = run_cli(["--json", str(path)])
    records = json_records(out)
    assert [r["status"] for r in records] == ["win", "error", "win"]
    assert records[1]["error"]["code"] == "bad_encoding" and records[1]["line"] == 2
    assert code == 1


def test_missing_file_and_directory_give_one_record_each(tmp_path: Path) -> None:
    (tmp_path / "dir.jsonl").mkdir()
    good = write(tmp_path / "good.txt", "123m\n")
    missing = str(tmp_path / "missing.txt")
    code, out, _ = run_cli(["--json", missing, str(tmp_path / "dir.jsonl"), good])
    records = json_records(out)
    assert code == 1
    assert [r["status"] for r in records] == ["error", "error", "win"]
    assert records[0]["error"]["code"] == "unreadable_file"
    assert missing in records[0]["error"]["message"]
    assert records[1]["error"]["code"] == "unreadable_file"


def test_invalid_toml_is_one_error_record_with_its_line(tmp_path: Path) -> None:
    f = write(tmp_path / "bad.toml", '[[case]]\nid = "a"\nhand = \n')
    code, out, _ = run_cli(["--json", f])
    (record,) = json_records(out)
    assert code == 1
    assert record["error"]["code"] == "unreadable_file" and record["line"] == 3


def test_toml_case_of_wrong_shape(tmp_path: Path) -> None:
    f = write(tmp_path / "w.toml", 'case = [1, {hand = "123m"}, {id = "x"}]\n')
    code, out, _ = run_cli(["--json", f])
    records = json_records(out)
    assert code == 1
    assert [r["status"] for r in records] == ["error", "win", "error"]
    assert [r["id"] for r in records] == [f"{f}#1", f"{f}#2", "x"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_generated_file_with_garbage_interleaved(tmp_path: Path, jobs: str) -> None:
    rng = random.Random(5)
    garbage = ["{", "]", "hello", "123", "true", '{"hand": null}', '{"id": {}}', "\x00\x01", "[]"]
    lines: list[str] = []
    bad_lines: set[int] = set()
    for n in range(1, 3001):
        if rng.random() < 0.2:
            lines.append(rng.choice(garbage))
            bad_lines.add(n)
        else:
            lines.append(json.dumps({"id": f"h{n}", "hand": "123m456p789s1155z+5z"}))
    f = write(tmp_path / "mixed.jsonl", "\n".join(lines) + "\n")
    code, out, _ = run_cli(["--json", "--jobs", jobs, f])
    records = json_records(out)
    assert code == 1
    assert len(records) == len(lines)
    for n, record in enumerate(records, start=1):
        assert record["line"] == n
        if n in bad_lines:
            assert record["status"] == "error" and record["id"] == f"{f}:{n}"
        else:
            assert record["status"] == "win" and record["id"] == f"h{n}"


# --------------------------------------------------------------------------- checking


def test_check_pass_exits_zero(tmp_path: Path) -> None:
    f = write(
        tmp_path / "ok.toml",
        '[[case]]\nid = "a"\nhand = "123m"\n'
        'expect = { status = "win", han = 4, fu = 30, yaku = ["pinfu", "riichi"], '
        "payment = { ron = 1000 } }\n"
        '[[case]]\nid = "b"\nhand = "12q"\n'
        'expect = { status = "error", "error.code" = "syntax" }\n'
        '[[case]]\nid = "c"\nhand = "12q"\nexpect = { error = { code = "syntax" } }\n',
    )
    code, out, _ = run_cli(["--check", f])
    assert code == 0, out
    assert "checked: 3, matched 3, mismatched 0" in out
    assert "failed: 0" in out


def test_check_fail_reports_id_file_line_expected_actual(tmp_path: Path) -> None:
    f = write(
        tmp_path / "no.jsonl",
        '{"id": "p1", "hand": "123m", "expect": {"han": 5, "yaku": ["riichi"]}}\n',
    )
    code, out, _ = run_cli(["--check", f])
    assert code == 1
    assert f"{f}:1 [p1]: mismatch han: expected 5, got 4" in out
    assert f"{f}:1 [p1]: mismatch yaku: expected" in out
    code, out, _ = run_cli(["--check", "--json", f])
    (record,) = json_records(out)
    assert record["check"]["ok"] is False
    assert {"key": "han", "expected": 5, "actual": 4} in record["check"]["mismatches"]


def test_unexpected_error_fails_check_but_expected_one_passes(tmp_path: Path) -> None:
    f = write(tmp_path / "e.txt", "12q\n")
    assert run_cli(["--check", f])[0] == 1  # no expectation: an error is a failure
    g = write(tmp_path / "e.jsonl", '{"hand": "12q", "expect": {"error": {"code": "syntax"}}}\n')
    assert run_cli(["--check", g])[0] == 0
    assert run_cli([g])[0] == 1  # without --check, every error record fails


def test_compare_yaku_multiset_and_forms() -> None:
    actual = {
        "yaku": [{"id": "riichi", "han": 1}, {"id": "haku", "han": 1}, {"id": "haku", "han": 1}]
    }
    assert compare({"yaku": ["haku", "riichi", "haku"]}, actual) == []
    assert compare({"yaku": ["haku", "riichi"]}, actual) != []
    assert compare({"yaku": [{"id": "haku", "han": 1}, "riichi", "haku"]}, actual) == []
    assert compare({"yaku": [{"id": "haku", "han": 2}, "riichi", "haku"]}, actual) != []
    assert compare({"yaku": {"riichi": 1, "haku": 1}}, {"yaku": actual["yaku"][:2]}) == []


def test_compare_objects_dotted_keys_and_types() -> None:
    actual = {"error": None, "payment": {"tsumo_dealer": 2000, "tsumo_non_dealer": 1000}, "fu": 30}
    assert compare({"error": None, "error.code": None}, actual) == []
    assert compare({"payment": {"tsumo_dealer": 2000}}, actual) == []
    assert [m.key for m in compare({"payment": {"ron": 3900}}, actual)] == ["payment"]
    assert compare({"fu": 30.0}, actual) == []
    assert compare({"fu": True}, {"fu": 1}) != []
    (missing,) = compare({"limit": "mangan"}, actual)
    assert missing.present is False and missing.to_json()["missing"] is True


# --------------------------------------------------------------------------- workers, order


def test_jobs_2_keeps_order_and_count(tmp_path: Path) -> None:
    lines = []
    for n in range(3000):
        lines.append(json.dumps({"id": n, "hand": "1" * (n % 20) + "m"}) if n % 7 else "junk")
    f = write(tmp_path / "many.jsonl", "\n".join(lines) + "\n")
    code1, out1, _ = run_cli(["--json", "--jobs", "1", f])
    code2, out2, _ = run_cli(["--json", "--jobs", "2", f])
    assert code1 == code2 == 1
    assert out1 == out2
    records = json_records(out2)
    assert len(records) == len(lines)
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))


def dying_scorer(hand: Any, rules: Rules) -> dict[str, Any]:
    """Like fake_scorer, but the worker process dies outright on the hand "die"."""
    if hand == "die":
        os._exit(3)
    return fake_scorer(hand, rules)


def test_a_dying_worker_loses_no_record_and_does_not_hang(tmp_path: Path) -> None:
    lines = ["123m"] * 700 + ["die"] + ["456m"] * 700
    f = write(tmp_path / "die.txt", "\n".join(lines) + "\n")
    code, out, _ = run_cli(["--json", "--jobs", "2", f], scorer=dying_scorer)
    records = json_records(out)
    assert code == 1
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))
    (lost,) = [r for r in records if r["status"] == "error"]  # only the killer itself
    assert lost["line"] == 701 and lost["error"]["code"] == "internal"


def test_run_batch_bounds_work_in_flight() -> None:
    """The reader is pulled lazily: with 2 workers at most 4 * 2 chunks are ahead of output."""
    pulled = 0
    delivered = 0
    ahead: list[int] = []

    def records() -> Any:
        nonlocal pulled
        for n in range(40 * 16):
            pulled += 1
            yield RawRecord("text", "gen", n + 1, b"123m")

    def emit(_: Any) -> None:
        nonlocal delivered
        delivered += 1
        ahead.append(pulled - delivered)

    summary = run_batch(records(), Settings(), emit, jobs=2, scorer=fake_scorer, chunk_size=16)
    assert summary.records == delivered == 640
    assert max(ahead) <= (4 * 2 + 1) * 16


# --------------------------------------------------------------------------- usage, output


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["x.csv"],
        ["--rules", "nope", "x.txt"],
        ["--rule", "kiriage", "x.txt"],
        ["--rule", "kiriage=maybe", "x.txt"],
        ["--jobs", "-1", "x.txt"],
        ["--jobs", "two", "x.txt"],
        ["-", "-"],
        ["--bogus", "x.txt"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    code, out, err = run_cli(args)
    assert code == 2
    assert out == "" and err.startswith("agari batch:")


def test_output_over_an_input_file_is_a_usage_error(tmp_path: Path) -> None:
    f = write(tmp_path / "h.txt", "123m\n")
    code, _, err = run_cli(["--json", "-o", f, f])
    assert code == 2 and "overwrite" in err
    assert Path(f).read_text() == "123m\n"


def test_output_file_and_human_summary(tmp_path: Path) -> None:
    f = write(tmp_path / "h.txt", "123m\n12q\n")
    target = tmp_path / "out.txt"
    code, out, _ = run_cli(["-o", str(target), f])
    text = target.read_text()
    assert code == 1 and out.startswith("2 records in")  # the summary shown here too
    assert f"{f}:2 [{f}:2]: error syntax: not notation (column 1)" in text
    assert "2 records in" in text and "hands/s" in text
    assert "by status: error 1, win 1" in text


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_never_in_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    f = write(tmp_path / "h.txt", "123m\n" * 50)
    monkeypatch.setattr(batch_cmd.Progress, "update", _forced(batch_cmd.Progress.update))
    out, err = io.StringIO(), _Tty()
    batch_cmd.run(["--json", f], scorer=fake_scorer, stdout=out, stderr=err)
    assert "records" in err.getvalue() and "\r" in err.getvalue()  # bar on the terminal
    assert "\r" not in out.getvalue()
    assert len(out.getvalue().splitlines()) == 50
    out, err = _Tty(), _Tty()
    batch_cmd.run(["--json", f], scorer=fake_scorer, stdout=out, stderr=err)
    assert "\r" not in err.getvalue()  # --json to a terminal: no bar mixed into it
    out, err = io.StringIO(), io.StringIO()
    batch_cmd.run([f], scorer=fake_scorer, stdout=out, stderr=err)
    assert err.getvalue() == ""  # piped: no bar


def _forced(update: Any) -> Any:
    def always(self: Any, records: int, done: int, *, force: bool = False) -> None:
        update(self, records, done, force=True)

    return always


# --------------------------------------------------------------------------- properties

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
record_like = st.fixed_dictionaries(
    {},
    optional={
        "id": json_values,
        "hand": json_values | st.text(alphabet="0123456789mpsz+-=, ", max_size=20),
        "concealed": json_values,
        "rules": json_values | st.sampled_from(["tenhou", "wrc2025"]),
        "rule": json_values | st.dictionaries(st.sampled_from(["aka", "kiriage"]), json_values),
        "expect": json_values
        | st.dictionaries(st.sampled_from(["han", "yaku", "error.code"]), json_values),
    },
)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(json_values | record_like | st.binary(max_size=30), min_size=1, max_size=8))
def test_random_json_values_never_crash_the_batch(values: list[Any]) -> None:
    lines = []
    for value in values:
        if isinstance(value, bytes):
            lines.append(value.replace(b"\n", b" ").replace(b"\r", b" "))
        else:
            lines.append(json.dumps(value).encode())
    data = b"\n".join(lines) + b"\n"
    if lines[0].startswith(b"\xef\xbb\xbf"):  # a byte-order mark opening the input is not data
        lines[0] = lines[0][3:]
    expected = sum(1 for line in lines if line.strip())
    out: list[Any] = []
    records = iter_records(["-"], stdin=io.BytesIO(data))
    summary = run_batch(
        records, Settings(check=True, want_json=True), out.append, scorer=fake_scorer
    )
    assert summary.records == len(out) == expected
    for outcome in out:
        assert outcome.json_line is not None
        record = json.loads(outcome.json_line)
        assert record["status"] in ("win", "error")


@settings(max_examples=examples(200), deadline=None)
@given(json_values)
def test_process_never_raises_for_a_case_value(value: Any) -> None:
    record = RawRecord("case", "f.toml", None, value, file_rules=value, file_rule=value)
    outcome = process(record, Settings(check=True, want_json=True), fake_scorer)
    assert outcome.json_line is not None and json.loads(outcome.json_line)["id"] is not None


# --------------------------------------------------------------------------- real engine

HAS_ENGINE = importlib.util.find_spec("agari.api") is not None
needs_engine = pytest.mark.skipif(not HAS_ENGINE, reason="agari.api (engine) not available yet")


@needs_engine
def test_engine_scores_a_shanpon_ron(tmp_path: Path) -> None:
    # 123m 456p 789s, haku triplet, East pair; ron on 5z (shanpon), non-dealer, East round.
    # RULES.md fu table: 20 base + 10 closed ron + 4 (haku triplet completed by ron counts as
    # open: honours 4) + 2 (pair of the round wind) = 36 -> 40 fu; haku 1 han.
    # 1 han 40 fu non-dealer ron: 40 * 2^(2+1) = 320 base, x4 = 1280 -> 1300.
    f = write(
        tmp_path / "e.jsonl",
        '{"id": "shanpon", "hand": "123m456p789s1155z+5z", '
        '"expect": {"han": 1, "fu": 40, "yaku": ["haku"], "points": 1300}}\n',
    )
    code, out, _ = run_cli(["--check", f], scorer=None)
    assert code == 0, out


@needs_engine
@settings(max_examples=examples(150), deadline=None)
@given(st.lists(json_values | record_like, min_size=1, max_size=4))
def test_random_records_through_the_engine_give_one_record_each(values: list[Any]) -> None:
    data = b"".join(json.dumps(v).encode() + b"\n" for v in values)
    out: list[Any] = []
    records = iter_records(["-"], stdin=io.BytesIO(data))
    summary = run_batch(records, Settings(check=True, want_json=True), out.append)
    assert summary.records == len(out) == len(values)
    for outcome in out:
        assert outcome.json_line is not None
        json.loads(outcome.json_line)
        # SPEC §3: bad input is an error result; the engine never raises for it
        assert outcome.error is None or outcome.error[0] != "internal", outcome.error


def test_jobs_0_means_all_cores(tmp_path: Path) -> None:
    f = write(tmp_path / "h.txt", "123m\n" * 600)
    code, out, _ = run_cli(["--json", "--jobs", "0", f])
    assert code == 0 and len(out.splitlines()) == 600


@needs_engine
def test_agari_batch_through_the_dispatcher(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from agari.cli import main

    f = write(tmp_path / "h.txt", "123m456p789s1155z+5z\n12m\n")
    code = main(["batch", "--json", f])
    records = json_records(capsys.readouterr().out)
    assert code == 1  # the second hand has 2 tiles (SPEC §1: any other count is an error)
    assert [r["status"] for r in records] == ["win", "error"]
    assert records[1]["error"]["code"] == "tile_count"


def test_stdin_output_is_written_before_the_next_line_is_read() -> None:
    """Streaming: a slow producer on a pipe sees each record's output as it is scored."""
    out = io.StringIO()

    class SlowPipe(io.BytesIO):
        reads = 0

        def readline(self, size: int | None = -1) -> bytes:
            self.reads += 1
            if self.reads == 2:  # about to read line 2: line 1's record is already out
                assert len(out.getvalue().splitlines()) == 1
            return super().readline(size)

    stdin = SlowPipe(b'{"hand": "123m"}\n{"hand": "456m"}\n')
    code = batch_cmd.run(["--json", "-"], scorer=fake_scorer, stdin=stdin, stdout=out)
    assert code == 0 and len(out.getvalue().splitlines()) == 2


@needs_engine
def test_engine_scores_structured_records(tmp_path: Path) -> None:
    # SPEC §2 structured form of two SPEC §1 examples. s1: as the shanpon ron above (1 han
    # 40 fu, 1300). s2: "234p67s55s+8s, 3-45m, 777=z tsumo" (open, so no menzen tsumo):
    # chun 1 han; fu (RULES.md 'Fu') 20 base + 2 tsumo + 4 open honour pon 777z + 0 pair 55s
    # + 0 ryanmen 67s-8s = 26 -> 30; 1 han 30 fu non-dealer tsumo (RULES.md 'Limits and
    # points'): base 30 x 2^3 = 240, dealer pays 480 -> 500, the others 240 -> 300.
    records = [
        {"id": "s1", "concealed": "123m456p789s11555z", "win": "5z"},
        {
            "id": "s2",
            "hand": {
                "concealed": "234p67s55s8s",
                "win": "8s",
                "melds": [
                    {"kind": "chi", "tiles": "345m", "from": "left"},
                    {"kind": "pon", "tiles": "777z", "from": "across"},
                ],
                "tsumo": True,
            },
        },
    ]
    records[0]["expect"] = {"han": 1, "fu": 40, "points": 1300, "yaku": ["haku"]}
    records[1]["expect"] = {
        "han": 1,
        "fu": 30,
        "yaku": ["chun"],
        "payment": {"tsumo_dealer": 500, "tsumo_non_dealer": 300},
    }
    f = write(tmp_path / "s.jsonl", "".join(json.dumps(r) + "\n" for r in records))
    code, out, _ = run_cli(["--check", f], scorer=None)
    assert code == 0, out


def test_a_line_that_is_not_json_names_the_run_rules(tmp_path: Path) -> None:
    # SPEC §3: every record carries `rules`; for a line that cannot be read, the rules it
    # would have been scored under (the command line's and the file's).
    path = tmp_path / "hands.jsonl"
    path.write_text('{"id": 1, "hand": "123m456p789s1155z+5z"}\nnot json\n', encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "agari", "batch", "--json", "--rules", "tenhou", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["status"] for r in records] == ["win", "error"]
    assert [r["rules"] for r in records] == ["tenhou", "tenhou"]


def test_output_to_a_file_still_shows_the_summary(tmp_path: Path) -> None:
    """Issue 25, item 9: with -o the summary went into the file only (or, with --json,
    nowhere): the terminal showed nothing at all."""
    f = write(tmp_path / "h.txt", "123m456p789s1155z+5z\n!!\n")  # the second: an error
    for json_out in ([], ["--json"]):
        target = tmp_path / "out.txt"
        code, out, _ = run_cli([*json_out, "-o", str(target), f])
        assert code == 1
        assert out.splitlines()[1:] == [
            "by status: error 1, win 1",
            f"failed: 1 (listed in {target})",
        ]
        assert out.startswith("2 records in ")
        written = target.read_text(encoding="utf-8")
        assert written.count("\n") == (2 if json_out else 4)  # records, or problem + summary
