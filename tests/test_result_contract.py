"""Issue 12: every result of one status has the same keys (SPEC §3), so that a program
reading JSON Lines never special-cases a yakuman, a counted yakuman, a ron without a
discarder or an error. ``candidates`` is a key added by the input (a 14-tile hand without a
marked winning tile), as SPEC §3 says, and so is ``calls`` (a 13-tile hand with ``call=``,
README "What the player sees")."""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import agari

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from handgen import generate  # the benchmarks' fixed-seed hand maker

SPECIAL = [
    "111m222p333s44s55z+5z tsumo riichi dora=1m",  # yakuman: dora that count are zeros
    "1112223335557m+7m riichi tsumo ippatsu dora=4m ura=4m",  # true yakuman over kazoe
    "22334455667788p+8p riichi tsumo dora=1p ura=1p",  # 13+ han: a counted yakuman
    "123m456p789s1155z+5z",  # ron without a discarder: deltas null
    "123m456p789s1155z+5z-",  # ron from the left
    "123m456p789s1155z",  # tenpai
    "123m456p789s1357z",  # noten
    "234m067p3457899s1z",  # 14 tiles that do not win
    "123m456p789s55z+5z",  # a tile short: error
    "19m19p19s1234567z+1m",  # kokushi 13-sided
    "123m456p789s1155z river=1z seen=5z",  # tenpai and furiten (issue 28)
    "123m456p789s1357z seen=1z call=1z",  # noten, with its calls
    "234m067p3457899s1z river=6s",  # a discard table with a furiten row
]


def _key_sets() -> dict[str, set[tuple[str, ...]]]:
    found: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    texts = SPECIAL + [h.notation for h in generate(400, seed=12)]
    for text in texts:
        for preset in ("wrc2025", "tenhou", "ema2016"):
            record = agari.analyse(text, rules=preset).to_json()
            found[record["status"]].add(tuple(sorted(set(record) - {"candidates", "calls"})))
    return found


def test_every_status_has_one_key_set() -> None:
    found = _key_sets()
    assert {"win", "no_yaku", "tenpai", "noten", "not_winning", "error"} <= set(found)
    for status, sets in found.items():
        assert len(sets) == 1, (status, sets)


def test_a_yakuman_has_the_keys_of_every_win() -> None:
    win = agari.analyse("111m222p333s44s55z+5z tsumo riichi dora=1m").to_json()
    assert win["dora"] == {"dora": 0, "aka": 0, "ura": 0, "kita": 0}
    assert win["fu"] == 50 and sum(item["fu"] for item in win["fu_breakdown"]) == 46


def test_a_true_yakuman_is_named_over_a_counted_one_of_the_same_value() -> None:
    """Issue 12: suuankou tanki (13 han) and the same tiles counted as 13+ han (riichi,
    tsumo, ippatsu, dora, ura, sanankou, toitoi ...) are both worth one yakuman; the result
    names the yakuman pattern."""
    result = agari.analyse("1112223335557m+7m riichi tsumo ippatsu dora=4m ura=4m")
    assert [y.id for y in result.yaku or ()] == ["suuankou_tanki"]
    assert result.limit == "yakuman"


def test_the_json_line_is_the_record_as_json_dumps_writes_it() -> None:
    """``Result.json_text`` and ``result_line`` build the JSON text directly (issue 27): the
    same text as ``json.dumps`` of the record, for every status, with the batch's head and
    tail keys, with yaku names, and for values that only the generic encoder writes."""
    import json

    from agari.lang import use
    from agari.result import Result, json_line, result_line

    texts = SPECIAL + [h.notation for h in generate(200, seed=27)]
    results = [
        agari.analyse(text, rules=preset) for text in texts for preset in ("tenhou", "wrc2025")
    ]
    results.append(
        Result(
            input={"a": 1.5, 2: (None, True)},
            status="error",
            error={"code": "x", "column": 2.0},
            extra={"k": [1, {"nested": False}], 3: "int key"},
        )
    )
    for n, result in enumerate(results):
        record = result.to_json()
        assert result.json_text() == json.dumps(record, ensure_ascii=False)
        head = {"id": n, "file": "hands.jsonl", "line": n if n % 2 else None}
        tail = {"check": {"ok": True, "mismatches": []}} if n % 3 else {}
        assert result_line(result, head, tail) == json_line({**head, **record, **tail})
    with use("en", "ja"):
        for result in results[:40]:
            assert result.json_text() == json.dumps(result.to_json(), ensure_ascii=False)
