"""agari against the PyPI ``mahjong`` package (2.1.0), on the same hands, in one process.

    python benchmarks/bench_speed.py            # 6,000 hands, 5 repeats, everything
    python benchmarks/bench_speed.py --quick    # 1,500 hands, 3 repeats, a few start-ups

The hands come from benchmarks/handgen.py (fixed seed; closed and open hands with chi, pon
and kans, seven pairs, kokushi and other yakuman shapes, ron and tsumo, riichi, dora, red
fives), scored under agari's ``tenhou`` preset and the peer's matching ``OptionalRules``
(open tanyao, red fives, no double yakuman, no kiriage). Printed:

(a) prepared input: agari ``agari.api.score(hand, rules)`` on already parsed ``Hand``
    values against the peer's ``HandCalculator.estimate_hand_value`` on prepared 136-tile
    arrays, melds, dora indicators and ``HandConfig``;
(b) end to end from text: ``agari.api.score(notation, rules)`` (parse and score) against the
    peer converting mpsz strings (``TilesConverter``: tiles, winning tile, melds, dora
    indicators), building its melds and scoring, with its ``HandConfig`` made in advance
    (agari reads winds, riichi and tsumo from the string; the peer has no text for them);
    agari's notation caches (context words, melds, contexts) are emptied before each run,
    so they fill as in a batch of new hands, and a second figure empties them before every
    line;
    each at four levels of what is done with a result (``LEVELS``): the result alone
    (``score()`` alone: agari's explanation -- the hand's text, reading, fu breakdown,
    warnings -- is made only when read), its points and payment read (the value: the peer
    computes its whole cost inside its call), the JSON object ``agari batch`` prints (the
    peer's: the keys of SPEC §3 it can fill, made from its result, :func:`peer_record`), and
    that object written as the batch's JSON line (agari's built directly by
    ``Result.json_text``; the peer's by ``json.dumps``); the targets of issue 27 are judged on
    the value read and on the JSON line;
    each as hands per second and µs per hand, the median of ``--repeat`` repeats; within
    every repeat agari and the peer take turns on the same blocks of 250 hands, so a burst
    of load on the shared machine slows both, and the ratio printed is the median of the
    per-repeat ratios (each: the peer's time for all hands over agari's);
    and how often the two agree on han, fu and points (a sanity check, not a test: the rule
    sets differ in corners such as double-wind pair fu);
(c) the 13-tile waiting-hand analysis (``agari.analysis.analyse_waiting``) on the same
    hands without their winning tile: median µs per hand;
(d) ``agari batch --json`` throughput with 1 and 2 worker processes on a JSON Lines file of
    generated hands (a subprocess each, so interpreter start-up is included);
(e) the wall time of ``python -m agari "<hand>"`` for one hand, median of several runs (and
    of the installed ``agari`` console script when there is one).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: ``--installed``: measure the agari installed in this interpreter (the compiled build in
#: its own virtual environment), not the source tree beside this script.
INSTALLED = "--installed" in sys.argv
sys.path.insert(0, str(HERE))
if not INSTALLED:
    sys.path.insert(0, str(ROOT / "src"))

from handgen import SUITS, BenchHand, generate, peer_inputs  # noqa: E402

from agari.api import score  # noqa: E402
from agari.hand import Hand  # noqa: E402
from agari.notation import parse_hand  # noqa: E402
from agari.notation.text import clear_caches  # noqa: E402
from agari.result import Result, result_line  # noqa: E402
from agari.rules import Rules  # noqa: E402

PRESET = "tenhou"
CLI_HAND = "234m067p3457899s+6s tsumo riichi dora=4p"


# --------------------------------------------------------------------------- the peer


def peer_setup() -> tuple[Any, Any, Any]:
    """The peer's calculator, config class and rules matching agari's ``tenhou`` preset."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    except ImportError:
        raise SystemExit("the peer is missing: pip install mahjong==2.1.0") from None

    options = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kiriage=False,
        kazoe_limit=HandConfig.KAZOE_LIMITED,
    )
    return HandCalculator(), HandConfig, options


def peer_config(config_class: Any, options: Any, hand: BenchHand) -> Any:
    return config_class(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi,
        player_wind=27 + hand.seat,
        round_wind=27 + hand.round,
        options=options,
    )


def peer_strings(hand: BenchHand) -> tuple[str, str, list[tuple[str, str, bool]], str]:
    """The hand as the peer's users write it: one mpsz line of all tiles (red fives as 0),
    the winning tile, each meld as (type, mpsz, opened), the dora indicators."""
    closed = list(hand.closed_kinds)
    closed.remove(hand.win)
    reds = set(hand.red)
    digits = []
    for k in sorted(closed):
        if k in reds:
            reds.discard(k)
            digits.append(f"0{SUITS[k // 9]}")
        else:
            digits.append(f"{k % 9 + 1}{SUITS[k // 9]}")
    win = f"{hand.win % 9 + 1}{SUITS[hand.win // 9]}"
    melds = []
    for g in hand.groups:
        text = "".join(f"{k % 9 + 1}{SUITS[k // 9]}" for k in g.kinds())
        kind = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "kan"}[g.meld or ""]
        melds.append((kind, text, g.meld != "ankan"))
        digits.append(text)
    dora = "".join(f"{k % 9 + 1}{SUITS[k // 9]}" for k in hand.dora)
    return "".join(digits) + win, win, melds, dora


def peer_from_strings(
    calc: Any,
    config_class: Any,
    options: Any,
    hands: Sequence[BenchHand],
    keep: bool,
    each: bool = False,
) -> Callable[[], Any]:
    """A run of the peer from strings: conversion, melds, config and scoring; the results
    are returned when ``keep``, or given one by one (a generator) with ``each``."""
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    meld_types = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}
    to_136 = TilesConverter.one_line_string_to_136_array
    # The config (winds, riichi, tsumo) is made in advance: the peer has no text form
    # for it, and making it is most of the peer's cost beyond conversion and scoring.
    jobs = [(peer_strings(h), peer_config(config_class, options, h)) for h in hands]

    def results() -> Iterator[Any]:
        for (tiles_text, win_text, meld_texts, dora_text), config in jobs:
            tiles = to_136(tiles_text, has_aka_dora=True)
            win = to_136(win_text, has_aka_dora=True)[0]
            melds = [
                Meld(meld_type=meld_types[k], tiles=to_136(t, has_aka_dora=True), opened=o)
                for k, t, o in meld_texts
            ]
            dora = to_136(dora_text, has_aka_dora=True)
            yield calc.estimate_hand_value(
                tiles,
                win,
                melds=melds,
                dora_indicators=dora,
                config=config,
            )

    if each:
        return results

    def run() -> list[Any]:
        if keep:
            return list(results())
        for _ in results():
            pass
        return []

    return run


def peer_points(r: Any, hand: BenchHand) -> tuple[int, int | None, int] | None:
    """(han, fu or None for yakuman, points) of a peer result; ``None`` without a yaku."""
    if r.error is not None or r.cost is None:
        return None
    cost = r.cost
    if not hand.tsumo:
        points = cost["main"]
    elif hand.seat == 0:  # the dealer: three equal shares
        points = 3 * cost["main"]
    else:
        points = cost["main"] + 2 * cost["additional"]
    yakuman = any(y.is_yakuman for y in r.yaku)
    return r.han, None if yakuman else r.fu, points


def agari_points(r: Result) -> tuple[int, int | None, int] | None:
    if r.status != "win":
        return None
    assert r.han is not None and r.points is not None
    return r.han, r.fu if not r.yakuman else None, r.points


def _json(r: Result) -> dict[str, Any]:
    """The record without ``input`` (a string here, a ``Hand`` there)."""
    record = r.to_json()
    del record["input"]
    return record


# --------------------------------------------------------------------------- riichienv


def riichienv_inputs(hand: BenchHand) -> Callable[[], Any] | None:
    """A call of riichienv's Rust core (``HandEvaluator(tiles, melds).calc``) on the hand's
    prepared 136-tile ids (the same ids as the peer's), or ``None`` without riichienv."""
    try:
        from riichienv import _riichienv as core
    except ImportError:
        return None
    from mahjong.meld import Meld

    tiles, win, melds, dora = peer_inputs(hand)
    in_melds = {t for m in melds for t in m.tiles}  # type: ignore[attr-defined]
    concealed = sorted(t for t in tiles if t not in in_melds)
    kinds = {Meld.CHI: core.MeldType.Chi, Meld.PON: core.MeldType.Pon}
    rmelds = []
    for m in melds:
        kind = kinds.get(m.type)  # type: ignore[attr-defined]
        if kind is None:
            kind = core.MeldType.Daiminkan if m.opened else core.MeldType.Ankan  # type: ignore[attr-defined]
        rmelds.append(core.Meld(kind, list(m.tiles), m.opened))  # type: ignore[attr-defined]
    winds = (core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North)
    conditions = core.Conditions(
        tsumo=hand.tsumo,
        riichi=hand.riichi,
        player_wind=winds[hand.seat],
        round_wind=winds[hand.round],
    )
    evaluator, calc = core.HandEvaluator, core.HandEvaluator.calc

    def run() -> Any:
        return calc(evaluator(concealed, rmelds), win, dora, [], conditions)

    return run


def riichienv_points(r: Any, hand: BenchHand) -> int | None:
    """The points of a riichienv result (``None`` when it does not win)."""
    if not r.is_win or not r.yaku:
        return None
    if not hand.tsumo:
        return int(r.ron_agari)
    if hand.seat == 0:
        return 3 * int(r.tsumo_agari_ko)
    return int(r.tsumo_agari_oya) + 2 * int(r.tsumo_agari_ko)


def bench_riichienv(hands: list[BenchHand], repeat: int) -> dict[str, float]:
    """(a) against riichienv's Rust core, when installed: the ratio of its time to agari's
    (below 1: riichienv is faster), as in :func:`race`; the call alone, and with the points
    and payment read on both sides (riichienv's are fields of the result it returns)."""
    calls = [riichienv_inputs(h) for h in hands]
    if calls[0] is None:
        print("riichienv: not installed (pip install riichienv), skipped")
        return {}
    rules = Rules.preset(PRESET)
    parsed = [parse_hand(h.notation) for h in hands]
    agree = 0
    for call, h, p in zip(calls, hands, parsed, strict=True):
        assert call is not None
        ours = agari_points(score(p, rules))
        agree += (ours[2] if ours else None) == riichienv_points(call(), h)

    def ours_a(part: Sequence[Hand]) -> Callable[[], Any]:
        return lambda: (score(h, rules) for h in part)

    def theirs(level: str, part: Sequence[Any]) -> Callable[[], None]:
        if level == "alone":

            def run() -> None:
                for call in part:
                    call()

        else:

            def run() -> None:
                for call in part:
                    r = call()
                    r.ron_agari  # noqa: B018 - the value read, as a user reads it
                    r.tsumo_agari_oya  # noqa: B018
                    r.tsumo_agari_ko  # noqa: B018

        return run

    print(f"riichienv agrees with agari on the points of {agree:,} of {len(hands):,} hands")
    figures = {}
    for level in ("alone", "value"):
        _, _, ratio = race(
            f"(a) prepared input, {LEVEL_NAMES[level]}, against riichienv",
            len(hands),
            repeat,
            [_ours(level, ours_a(part)) for part in blocks(parsed)],
            [theirs(level, part) for part in blocks(calls)],
            peer_name="riichienv",
        )
        figures[f"riichienv_{level}_ratio"] = ratio
    return figures


# --------------------------------------------------------------------------- timing


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


#: Hands per block in :func:`race`: agari and the peer take turns block by block.
BLOCK = 250


def race(
    label: str,
    n: int,
    repeat: int,
    ours: Sequence[Callable[[], object]],
    theirs: Sequence[Callable[[], object]],
    peer_name: str = "mahjong",
) -> tuple[float, float, float]:
    """Median seconds per run of each and the median of the per-repeat ratios; prints one
    summary line. ``ours`` and ``theirs`` run the same blocks of hands; within a repeat
    the two take turns block by block (who goes first alternates), so a burst of load
    from other jobs on the shared machine lands on both rather than on one whole run."""
    ours_t, theirs_t, ratios = [], [], []
    for i in range(repeat):
        a = b = 0.0
        for j, (mine, peer) in enumerate(zip(ours, theirs, strict=True)):
            if (i + j) % 2:
                b += timed(peer)
                a += timed(mine)
            else:
                a += timed(mine)
                b += timed(peer)
        ours_t.append(a)
        theirs_t.append(b)
        ratios.append(b / a)
    a, b, ratio = statistics.median(ours_t), statistics.median(theirs_t), statistics.median(ratios)
    print(
        f"{label}: agari {n / a:>9,.0f} hands/s ({a / n * 1e6:5.1f} µs/hand)   "
        f"{peer_name} {n / b:>9,.0f} hands/s ({b / n * 1e6:5.1f} µs/hand)   "
        f"ratio {ratio:.2f}x  (min {min(ratios):.2f}, max {max(ratios):.2f})"
    )
    return a, b, ratio


def blocks(items: Sequence[Any]) -> list[Sequence[Any]]:
    """``items`` in blocks of :data:`BLOCK`."""
    return [items[i : i + BLOCK] for i in range(0, len(items), BLOCK)]


#: The batch's output line for one record: its id, file and line, then the SPEC §3 record.
BATCH_FILE = "hands.jsonl"


def peer_record(r: Any, hand: BenchHand, text: str) -> dict[str, Any]:
    """The peer's result as a JSON object with the keys of agari's SPEC §3 record that the
    peer can fill (input, status, han, fu, yakuman, limit, payment, points, yaku, fu
    breakdown; it has no normal form, wait, reading, dora counts, deltas or warnings), made
    from its ``HandResponse`` as a user of the peer would make it."""
    if r.error is not None or r.cost is None:
        return {"input": text, "status": "no_yaku", "error": r.error, "warnings": []}
    cost = r.cost
    if not hand.tsumo:
        payment = {"ron": cost["main"]}
    elif hand.seat == 0:
        payment = {"tsumo_each": cost["main"]}
    else:
        payment = {"tsumo_dealer": cost["main"], "tsumo_non_dealer": cost["additional"]}
    yakuman = sum(1 for y in r.yaku if y.is_yakuman)
    return {
        "input": text,
        "status": "win",
        "error": None,
        "warnings": [],
        "han": r.han,
        "fu": r.fu,
        "yakuman": yakuman,
        "limit": cost["yaku_level"] or None,
        "payment": payment,
        "points": cost["total"],
        "yaku": [
            {"id": y.name, "han": y.han_open if r.is_open_hand else y.han_closed} for y in r.yaku
        ],
        "fu_breakdown": [{"item": d["reason"], "fu": d["fu"]} for d in r.fu_details or ()],
    }


#: What each row times of one hand: the result alone, its value read (``points`` and
#: ``payment``: the peer computes its whole value inside its call), the JSON object ``agari
#: batch`` prints, and that object written as the batch's JSON line.
LEVELS: Final = ("alone", "value", "object", "line")
LEVEL_NAMES: Final = {
    "alone": "score() alone",
    "value": "points and payment read",
    "object": "the JSON object",
    "line": "the JSON line",
}


def _ours(level: str, results: Callable[[], Any]) -> Callable[[], None]:
    """One run of agari over a block at ``level``: ``results()`` gives the block's results
    one by one (scored as they are asked for), each used and let go as a batch does."""
    if level == "alone":

        def run() -> None:
            for _ in results():
                pass

    elif level == "value":

        def run() -> None:
            for r in results():
                r.points  # noqa: B018 - the value read, as a user reads it
                r.payment  # noqa: B018

    elif level == "object":

        def run() -> None:
            for r in results():
                r.to_json()

    else:

        def run() -> None:  # as agari batch --json writes it (batch.run: result_line)
            for n, r in enumerate(results(), start=1):
                result_line(r, {"id": n, "file": BATCH_FILE, "line": n}, {})

    return run


def _theirs(level: str, results: Callable[[], Any], pairs: Sequence[Any]) -> Callable[[], None]:
    """The peer at ``level`` (see :func:`_ours`); ``pairs`` are the block's (BenchHand,
    text) for the peer's record."""
    if level == "alone":

        def run() -> None:
            for _ in results():
                pass

    elif level == "value":

        def run() -> None:
            for r in results():
                r.cost  # noqa: B018 - made inside the call; read as a user reads it

    elif level == "object":

        def run() -> None:
            for r, (h, t) in zip(results(), pairs, strict=True):
                peer_record(r, h, t)

    else:
        dumps = json.dumps

        def run() -> None:
            for n, (r, (h, t)) in enumerate(zip(results(), pairs, strict=True), start=1):
                out: dict[str, Any] = {"id": n, "file": BATCH_FILE, "line": n}
                out.update(peer_record(r, h, t))
                dumps(out, ensure_ascii=False, allow_nan=False)

    return run


def bench_scoring(hands: list[BenchHand], repeat: int, levels: Sequence[str]) -> dict[str, float]:
    rules = Rules.preset(PRESET)
    texts = [h.notation for h in hands]
    parsed = [parse_hand(t) for t in texts]
    calc, config_class, options = peer_setup()
    prepared = []
    for h in hands:
        tiles, win, melds, dora = peer_inputs(h)
        prepared.append((tiles, win, melds, dora, peer_config(config_class, options, h)))
    estimate = calc.estimate_hand_value

    # The timed loops use each result and let it go, as a batch does (keeping thousands
    # of results alive would time the garbage collector's full passes over them).
    def ours_a(part: Sequence[Hand]) -> Callable[[], Any]:
        return lambda: (score(h, rules) for h in part)

    def theirs_a(part: Sequence[Any]) -> Callable[[], Any]:
        return lambda: (
            estimate(t, w, melds=m, dora_indicators=d, config=c) for t, w, m, d, c in part
        )

    def ours_b(part: Sequence[str], first: bool) -> Callable[[], Any]:
        def results() -> Any:
            if first:
                clear_caches()  # each run is a batch of hands never seen before
            return (score(t, rules) for t in part)

        return results

    # Warm both up once (imports, per-suit tables, the peer's caches) and check agreement.
    ours = [score(h, rules) for h in parsed]
    theirs = [estimate(t, w, melds=m, dora_indicators=d, config=c) for t, w, m, d, c in prepared]
    ours_text = [score(t, rules) for t in texts]
    theirs_text = peer_from_strings(calc, config_class, options, hands, keep=True)()
    agree = sum(
        agari_points(o) == peer_points(t, h) for o, t, h in zip(ours, theirs, hands, strict=True)
    )
    same_text = sum(_json(o) == _json(p) for o, p in zip(ours, ours_text, strict=True))
    same_peer = sum(
        peer_points(t, h) == peer_points(u, h)
        for t, u, h in zip(theirs, theirs_text, hands, strict=True)
    )
    wins = sum(o.status == "win" for o in ours)
    n = len(hands)
    del ours, theirs, ours_text, theirs_text
    print(
        f"{len(hands):,} distinct hands ({wins:,} with a yaku under agari); agari and mahjong "
        f"agree on han, fu and points (or both: no yaku) for {agree:,} of {len(hands):,}"
    )
    if same_text != len(hands):
        print(f"  warning: agari's text and prepared runs differ on {n - same_text} hands")
    if same_peer != len(hands):
        # Under aka, TilesConverter turns a fourth plain five into a six (it skips the red
        # copy's id), so the peer reads those few hands as not winning from the string.
        print(f"  note: the peer's string conversion misreads {n - same_peer} hands (4 fives)")
    pairs = list(zip(hands, texts, strict=True))
    figures: dict[str, float] = {}
    for source in ("a", "b"):
        for level in levels:
            if source == "a":
                ours_runs = [_ours(level, ours_a(part)) for part in blocks(parsed)]
                theirs_runs = [
                    _theirs(level, theirs_a(part), pp)
                    for part, pp in zip(blocks(prepared), blocks(pairs), strict=True)
                ]
                where = "(a) prepared input"
            else:
                ours_runs = [
                    _ours(level, ours_b(part, i == 0)) for i, part in enumerate(blocks(texts))
                ]
                theirs_runs = [
                    _theirs(level, _peer_results(calc, config_class, options, part), pp)
                    for part, pp in zip(blocks(hands), blocks(pairs), strict=True)
                ]
                where = "(b) from the string"
            took, peer, ratio = race(
                f"{where}, {LEVEL_NAMES[level]}", n, repeat, ours_runs, theirs_runs
            )
            figures[f"{source}_{level}_us"] = took / n * 1e6
            figures[f"{source}_{level}_ratio"] = ratio
            if source == "b" and level == "alone":
                peer_b = peer

    if "alone" in levels:
        # The notation module remembers context words, melds and contexts it has read (a
        # batch meets the same ones again and again); emptied before every line, the worst
        # case:
        def ours_b_cold() -> None:
            for t in texts:
                clear_caches()
                score(t, rules)

        cold = statistics.median(timed(ours_b_cold) for _ in range(repeat))
        print(
            f"    (b) with agari's notation caches emptied before every line: {n / cold:,.0f} "
            f"hands/s ({cold / n * 1e6:.1f} µs/hand), {peer_b / cold:.2f}x the peer's median"
        )
    return figures


def _peer_results(
    calc: Any, config_class: Any, options: Any, hands: Sequence[BenchHand]
) -> Callable[[], Any]:
    """The peer's results from strings, one by one (:func:`peer_from_strings`)."""
    return peer_from_strings(calc, config_class, options, hands, keep=False, each=True)


def bench_waits(hands: list[BenchHand], repeat: int) -> float:
    from agari.analysis.waiting import analyse_waiting

    rules = Rules.preset(PRESET)
    waiting = []
    for h in hands:
        hand = parse_hand(h.notation)
        waiting.append(replace(hand, win=None))
    analyse_waiting(waiting[0], rules)
    runs = [timed(lambda: [analyse_waiting(w, rules) for w in waiting]) for _ in range(repeat)]
    per = statistics.median(runs) / len(waiting)
    print(
        f"(c) waits analysis (13 tiles, values of every wait by ron and tsumo): "
        f"{1 / per:,.0f} hands/s ({per * 1e6:,.0f} µs/hand) over {len(waiting):,} hands"
    )
    return per * 1e6


# --------------------------------------------------------------------------- subprocesses


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if not INSTALLED:
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    return env


def bench_batch(count: int, repeat: int) -> dict[str, float]:
    check = subprocess.run(
        [sys.executable, "-m", "agari", "batch", "--help"],
        capture_output=True,
        env=_env(),
        check=False,
    )
    if check.returncode != 0:
        print("(d) agari batch: not available, skipped")
        return {}
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for n, hand in enumerate(generate(count, seed=7), start=1):
                out.write(json.dumps({"id": n, "hand": hand.notation}) + "\n")
        for jobs in (1, 2):
            target = Path(tmp) / f"out{jobs}.jsonl"
            command = [sys.executable, "-m", "agari", "batch", "--json", "--no-progress"]
            command += ["--rules", PRESET, "--jobs", str(jobs), "-o", str(target), str(path)]
            runs = []
            for _ in range(repeat):
                start = time.perf_counter()
                done = subprocess.run(command, capture_output=True, env=_env(), check=False)
                runs.append(time.perf_counter() - start)
                if done.returncode not in (0, 1):
                    print(f"(d) agari batch --jobs {jobs} failed: {done.stderr[-300:]!r}")
                    return rates
            lines = sum(1 for _ in target.open(encoding="utf-8"))
            best = statistics.median(runs)
            rates[f"batch_jobs{jobs}"] = count / best
            print(
                f"(d) agari batch --json --jobs {jobs}: {count / best:,.0f} hands/s "
                f"({count:,} hands in {best:.2f} s, median of {repeat}; {lines:,} records out)"
            )
    return rates


def bench_startup(runs: int) -> tuple[float, float | None]:
    command = [sys.executable, "-m", "agari", CLI_HAND]
    # Timed as a user meets it after the first run, with the modules' bytecode cached: the
    # first run writes it unless PYTHONDONTWRITEBYTECODE forbids that, and then every start
    # would compile agari's sources again (0.3-0.5 s for the pure build from a checkout).
    env = _env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(command, capture_output=True, env=env, check=False)  # the first run
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env=env, check=False)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    bare = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], capture_output=True, check=False)
        bare.append(time.perf_counter() - start)
    print(
        f'(e) start-up: python -m agari "{CLI_HAND}": {median:.3f} s wall, median of {runs} '
        f"(a bare python -c pass: {statistics.median(bare):.3f} s)"
    )
    script = shutil.which("agari", path=str(Path(sys.executable).parent))
    script_wall = None
    if script is not None:  # the installed console script (through any version shim)
        wall = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([script, CLI_HAND], capture_output=True, env=env, check=False)
            wall.append(time.perf_counter() - start)
        script_wall = statistics.median(wall)
        print(f'    agari "{CLI_HAND}" ({script}): {script_wall:.3f} s wall')
    return median, script_wall


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and repeats")
    parser.add_argument("-n", "--count", type=int, help="hands to score (default 6000)")
    parser.add_argument("--repeat", type=int, help="repeats of each timing (default 5)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--batch-count", type=int, help="hands in the batch file (20000)")
    parser.add_argument(
        "--skip", nargs="*", default=(), choices=("waits", "batch", "startup", "riichienv")
    )
    parser.add_argument(
        "--installed", action="store_true", help="the agari installed here, not ../src"
    )
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="then run again with this Python (whose agari is the compiled build, installed "
        "with AGARI_COMPILE=1) and print both builds side by side",
    )
    parser.add_argument("--summary", type=Path, help=argparse.SUPPRESS)  # JSON, for --compiled
    args = parser.parse_args(argv)
    count = args.count or (1500 if args.quick else 6000)
    repeat = args.repeat or (3 if args.quick else 5)
    batch_count = args.batch_count or (4000 if args.quick else 20000)
    from agari.cli import build_kind

    build = build_kind()
    where = "installed" if INSTALLED else "source tree"
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, preset {PRESET}")
    print(f"agari: the {build} build ({where}: {Path(sys.modules['agari'].__file__ or '').parent})")
    hands = generate(count, args.seed)
    figures: dict[str, Any] = {"build": build, **bench_scoring(hands, repeat, LEVELS)}
    if "riichienv" not in args.skip:
        figures.update(bench_riichienv(hands, repeat))
    if "waits" not in args.skip:
        figures["waits_us"] = bench_waits(hands[: max(300, count // 6)], repeat)
    if "batch" not in args.skip:
        figures.update(bench_batch(batch_count, 1 if args.quick else 3))
    if "startup" not in args.skip:
        figures["startup"], figures["startup_script"] = bench_startup(5 if args.quick else 11)
    if args.summary is not None:
        args.summary.write_text(json.dumps(figures), encoding="utf-8")
    table = [figures]
    if args.compiled:
        with tempfile.TemporaryDirectory() as tmp:
            summary = Path(tmp) / "compiled.json"
            command = [args.compiled, __file__, "--installed", "--summary", str(summary)]
            command += [a for a in (argv if argv is not None else sys.argv[1:])]
            command = [c for i, c in enumerate(command) if not _is_compiled_option(command, i)]
            print(f"\n--- the same with {args.compiled} ---", flush=True)
            done = subprocess.run(command, check=False)
            if done.returncode != 0 or not summary.is_file():
                print(f"the run with {args.compiled} failed (exit {done.returncode})")
                return 1
            table.append(json.loads(summary.read_text(encoding="utf-8")))
    print()
    _side_by_side(table)
    return 0


def _is_compiled_option(command: list[str], i: int) -> bool:
    """Whether ``command[i]`` is ``--compiled`` or its value (not passed on)."""
    return command[i] == "--compiled" or (i > 0 and command[i - 1] == "--compiled")


#: Issue 27's targets, ratios to the peer doing the same work, by build: prepared input and
#: from the string with the points and payment read, and the JSON line (prepared input, as
#: the issue measured it); start-up under 0.1 s.
TARGETS: Final = {
    "pure Python": {"a_value_ratio": 3.0, "b_value_ratio": 2.0, "a_line_ratio": 2.0},
    "compiled": {"a_value_ratio": 8.0, "b_value_ratio": 5.0, "a_line_ratio": 5.0},
}
#: Within 3x of riichienv's core with the points read: its time over agari's at least 1/3.
RIICHIENV_TARGET: Final = 1 / 3
STARTUP_TARGET: Final = 0.1


def _side_by_side(table: list[dict[str, Any]]) -> None:
    """One column per build, and the verdict on the targets."""

    def row(label: str, key: str, form: str) -> None:
        cells = [form.format(f[key]) if f.get(key) is not None else "-" for f in table]
        print(f"{label:<52}" + "".join(f"{c:>16}" for c in cells))

    print(f"{'':<52}" + "".join(f"{f['build']:>16}" for f in table))
    for source, where in (("a", "(a) prepared"), ("b", "(b) from the string")):
        for level in LEVELS:
            row(f"{where}, {LEVEL_NAMES[level]}, µs/hand", f"{source}_{level}_us", "{:.1f}")
            row("    ratio to mahjong 2.1.0 (same work)", f"{source}_{level}_ratio", "{:.2f}x")
    row("(a) ratio to riichienv, score() alone", "riichienv_alone_ratio", "{:.2f}x")
    row("(a) ratio to riichienv, points read", "riichienv_value_ratio", "{:.2f}x")
    row("(c) waits analysis, µs/hand", "waits_us", "{:.0f}")
    row("(d) batch --jobs 1, hands/s", "batch_jobs1", "{:,.0f}")
    row("(d) batch --jobs 2, hands/s", "batch_jobs2", "{:,.0f}")
    row("(e) start-up, python -m agari, s", "startup", "{:.3f}")
    row("(e) start-up, agari script, s", "startup_script", "{:.3f}")
    verdicts = []
    for f in table:
        wants = TARGETS.get(f["build"], TARGETS["pure Python"])
        parts = []
        met = True
        for key, want in wants.items():
            got = f.get(key)
            met = met and got is not None and got >= want
            parts.append(f"{key.removesuffix('_ratio')} {got or 0:.2f}x >= {want}x")
        if f["build"] == "compiled" and f.get("riichienv_value_ratio") is not None:
            got = f["riichienv_value_ratio"]
            met = met and got >= RIICHIENV_TARGET
            parts.append(f"riichienv {got:.2f}x >= {RIICHIENV_TARGET:.2f}x")
        if f.get("startup") is not None:
            met = met and f["startup"] < STARTUP_TARGET
            parts.append(f"start-up {f['startup']:.3f} s < {STARTUP_TARGET} s")
        verdicts.append(f"{f['build']}: {', '.join(parts)}: {'met' if met else 'NOT met'}")
    print("targets (issue 27):\n  " + "\n  ".join(verdicts))


if __name__ == "__main__":
    raise SystemExit(main())
