"""The repository's own hand fixtures run through ``agari batch --check`` (issue 5).

Which files: every ``fixtures/*.jsonl`` / ``*.ndjson``, and every ``fixtures/*.toml`` whose
``[[case]]`` tables hold hands (a ``hand`` or a structured ``concealed`` key). Files named
``payments*.toml`` belong to the payment calculator and have another shape; they are left
to tests/test_payment.py, as is any TOML file none of whose cases holds a hand.

The expected values live in the fixture files with their sources (fixtures/README.md); this
test only asserts that every case was checked and matched.
"""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from agari.cli import batch_cmd

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _toml_cases(path: Path) -> list[Any]:
    cases = tomllib.loads(path.read_text(encoding="utf-8")).get("case", [])
    return cases if isinstance(cases, list) else []


def _holds_hands(path: Path) -> bool:
    if path.suffix in (".jsonl", ".ndjson"):
        return True
    if path.name.startswith("payments"):
        return False
    return any(isinstance(c, dict) and ("hand" in c or "concealed" in c) for c in _toml_cases(path))


def _case_count(path: Path) -> int:
    if path.suffix == ".toml":
        return len(_toml_cases(path))
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.strip())


HAND_FILES = sorted(
    p
    for pattern in ("*.toml", "*.jsonl", "*.ndjson")
    for p in FIXTURES.glob(pattern)
    if _holds_hands(p)
)


def _check(files: list[Path], *extra: str) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``agari batch --check`` twice: --json for the records, plain for the report."""
    out, err = io.StringIO(), io.StringIO()
    args = ["--check", *extra, *map(str, files)]
    code = batch_cmd.run(["--json", *args], stdout=out, stderr=err)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    report = io.StringIO()
    if code != 0:
        batch_cmd.run(args, stdout=report, stderr=io.StringIO())
    return code, records, report.getvalue() + err.getvalue()


@pytest.mark.parametrize("path", HAND_FILES, ids=lambda p: p.name)
def test_fixture_file_matches_every_expectation(path: Path) -> None:
    code, records, report = _check([path])
    assert code == 0, report
    assert len(records) == _case_count(path)
    unchecked = [r["id"] for r in records if "check" not in r]
    assert not unchecked, f"cases without 'expect': {unchecked}"
    assert all(r["check"]["ok"] for r in records)


def test_all_fixtures_together_with_two_workers() -> None:
    """One run over every file, as ``agari batch --check --jobs 2 fixtures/...`` would."""
    code, records, report = _check(HAND_FILES, "--jobs", "2")
    assert code == 0, report
    assert len(records) == sum(_case_count(p) for p in HAND_FILES)
    assert sum("check" in r for r in records) == len(records)


def test_the_fixture_files_are_there() -> None:
    """The checks above run over every file found: an empty folder must not pass quietly."""
    assert len(HAND_FILES) >= 9
