"""Median time per 13-tile waiting-hand analysis and per 14-tile discard analysis.

    PYTHONPATH=src python3 benchmarks/bench_analysis.py              # 300 hands of each kind
    PYTHONPATH=src python3 benchmarks/bench_analysis.py --count 1000 --seed 7 --rules tenhou

Hands (fixed seed): a complete hand is built from four random sets (sequences or
triplets, some called as chi/pon) and a pair, with random seat/round winds and dora
indicators. A 13-tile hand is that hand less one concealed tile (tenpai), and for half of
them one more concealed tile swapped for a random one (mostly 1-shanten); a 14-tile hand
is the 13-tile hand plus a random tile (redrawn while it would complete the hand), so every
14-tile hand is one that does not win.

Timed, each hand once, in this process (``time.perf_counter``):

* ``analyse_waiting(hand, rules)`` — shanten, waits, unseen counts and the engine's value by
  ron and by tsumo for every wait (or ukeire for noten hands);
* ``analyse_discards(hand, rules)`` — every discard with shanten, ukeire and, for discards
  that leave the hand tenpai, the waits with both values;
* ``shanten(hand)`` alone on the 13-tile hands (the per-suit tables).

The first pass fills the memoised per-suit tables; a second pass over the same hands shows the
warm figure. Printed: median, 90th percentile and mean in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from agari.analysis.tables import formula_shanten
from agari.analysis.waiting import analyse_discards, analyse_waiting, shanten
from agari.hand import Context, Hand, Meld, MeldKind
from agari.rules import Rules
from agari.tiles import Tile

WINDS = "ESWN"


def _complete(rng: random.Random) -> tuple[list[int], list[Meld]]:
    held = [0] * 34
    concealed: list[int] = []
    melds: list[Meld] = []
    n_called = rng.choice((0, 0, 0, 1, 1, 2))
    for i in range(4):
        while True:
            if rng.random() < 0.6:
                k = rng.choice([k for k in range(27) if k % 9 <= 6])
                group = [k, k + 1, k + 2]
            else:
                k = rng.randrange(34)
                group = [k, k, k]
            if all(held[x] + group.count(x) <= 4 for x in set(group)):
                break
        for x in group:
            held[x] += 1
        if i < n_called:
            kind = MeldKind.PON if group[0] == group[1] else MeldKind.CHI
            melds.append(Meld(kind, tuple(Tile(x) for x in group), "left"))
        else:
            concealed += group
    pair = rng.choice([k for k in range(34) if held[k] <= 2])
    concealed += [pair, pair]
    return concealed, melds


def make_hands(count: int, seed: int) -> tuple[list[Hand], list[Hand]]:
    rng = random.Random(seed)
    thirteen: list[Hand] = []
    fourteen: list[Hand] = []
    while len(thirteen) < count:
        concealed, melds = _complete(rng)
        concealed.pop(rng.randrange(len(concealed)))
        if rng.random() < 0.5:  # one more tile changed: mostly 1-shanten
            concealed.pop(rng.randrange(len(concealed)))
            held_now = [concealed.count(k) for k in range(34)]
            for m in melds:
                for t in m.tiles:
                    held_now[t.kind] += 1
            concealed.append(rng.choice([k for k in range(34) if held_now[k] < 4]))
        context = Context(
            seat_wind=rng.choice(WINDS),  # type: ignore[arg-type]
            round_wind=rng.choice("EESW"),  # type: ignore[arg-type]
            riichi=not melds and rng.random() < 0.4,
            dora_indicators=(Tile(rng.randrange(34)),),
        )
        h13 = Hand(tuple(sorted(Tile(k) for k in concealed)), None, tuple(melds), context)
        held = [0] * 34
        for k in concealed:
            held[k] += 1
        for m in melds:
            for t in m.tiles:
                held[t.kind] += 1
        while True:
            draw = rng.randrange(34)
            if held[draw] >= 4:
                continue
            counts = [0] * 34
            for k in (*concealed, draw):
                counts[k] += 1
            if formula_shanten(counts, len(melds)) >= 0:
                break
        h14 = Hand(tuple(sorted(Tile(k) for k in (*concealed, draw))), None, tuple(melds), context)
        thirteen.append(h13)
        fourteen.append(h14)
    return thirteen, fourteen


def timed(fn: Callable[[Hand], object], hands: list[Hand]) -> list[float]:
    times: list[float] = []
    for h in hands:
        start = time.perf_counter()
        fn(h)
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    print(
        f"{label:<44} median {statistics.median(times):8.2f} ms   p90 {p90:8.2f} ms   "
        f"mean {statistics.fmean(times):8.2f} ms   (n={len(times)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--rules", default="wrc2025")
    args = parser.parse_args()
    rules = Rules.preset(args.rules)
    thirteen, fourteen = make_hands(args.count, args.seed)
    tenpai = sum(1 for h in thirteen if shanten(h) == 0)
    print(
        f"{args.count} hands of each kind, seed {args.seed}, rules {rules.describe()}; "
        f"{tenpai} of the 13-tile hands are tenpai"
    )
    for label in ("cold (tables filling)", "warm (second pass)"):
        print(f"-- {label}")
        report("shanten, 13 tiles", timed(shanten, thirteen))
        report(
            "analyse_waiting, 13 tiles (waits + values)",
            timed(lambda h: analyse_waiting(h, rules), thirteen),
        )
        report(
            "analyse_discards, 14 tiles",
            timed(lambda h: analyse_discards(h, rules), fourteen),
        )


if __name__ == "__main__":
    main()
