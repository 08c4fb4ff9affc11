"""Damaged game logs never end in a traceback, and every round before the damage is printed
with the values the intact log gives (issue 25): a short run of ``benchmarks/fuzz_logs.py``
(cuts, a gzip cut, flipped bytes, an event taken out, nesting, blown-up files, wrong rules).
The script runs thousands of cases (its docstring says how); this keeps a few hundred in
every test run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _fuzz_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("fuzz_logs", ROOT / "benchmarks" / "fuzz_logs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_logs"] = module
    spec.loader.exec_module(module)
    return module


def test_damaged_logs_end_in_an_error_with_every_round_before_it() -> None:
    fuzz = _fuzz_module()
    kinds, failures = fuzz.run(250, seed=11)
    every_kind = {mutate.__name__.strip("_") for mutate in fuzz.MUTATIONS}
    assert sum(kinds.values()) == 250 and set(kinds) == every_kind  # every kind was tried
    assert failures == []


def test_a_cut_keeps_every_whole_round() -> None:
    """The check itself: a log cut just after its third round prints those three."""
    fuzz = _fuzz_module()
    path = ROOT / "fixtures" / "logs" / "mjlog" / "2009031123gm-00e1-0000-1456d6b0.xml"
    text = path.read_text(encoding="utf-8")
    ends = fuzz.round_ends(path, text)
    intact = fuzz._rounds(fuzz.read_game(path.read_bytes(), "game.xml"))
    case = fuzz.Case("cut", text[: ends[2] + 3].encode(), 3)
    assert fuzz.check(case, intact, "game.xml") is None
    wrong = fuzz.Case("cut", text[: ends[2] + 3].encode(), 4)  # one round more than there is
    assert fuzz.check(wrong, intact, "game.xml") is not None


def test_damaged_logs_are_reviewed_without_a_traceback() -> None:
    """``agari review`` on the same kinds of damage: the review of what the replay got
    through, never an exception (it once raised the table's error on a log damaged where
    only the replay sees it)."""
    fuzz = _fuzz_module()
    kinds, failures = fuzz.run(60, seed=13, review=True)
    assert sum(kinds.values()) == 60 and failures == []
