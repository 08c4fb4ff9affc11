"""How long agari takes to read one hand string (notation -> validated Hand).

    python benchmarks/bench_parse.py            # 3000 random legal hands, seed 1
    python benchmarks/bench_parse.py -n 5000 --seed 7
    python benchmarks/bench_parse.py --end-to-end   # also parse + score (agari.api.score)

Prints the median (and 10th/90th percentile) microseconds per hand string for
``agari.notation.parse_hand`` -- after a warm-up on *other* random hands, as inside a batch,
and with its small caches (context words, melds, contexts) cleared before every line --
and, for comparison, for Lark's parse alone (the LALR parser with the inline transformer,
which the fast path skips for well-formed lines). Each string is timed once; the median is
robust to the noise of a shared machine.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from agari.hand import Context, Hand, Meld, MeldKind
from agari.notation.text import _lark, clear_caches, parse_hand
from agari.tiles import Tile


def random_hand(rng: random.Random) -> Hand:
    """A random legal 14-tile hand with a winning tile, some melds and some context."""
    while True:
        counts = [0] * 34
        groups: list[list[int]] = []
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                group = [suit * 9 + start + i for i in range(3)]
            else:
                group = [rng.randrange(34)] * 3
            groups.append(group)
        pair = [rng.randrange(34)] * 2
        for kind in [k for g in groups for k in g] + pair:
            counts[kind] += 1
        if max(counts) <= 4:
            break
    n_melds = rng.choice((0, 0, 0, 1, 2, 3))
    melds: list[Meld] = []
    closed: list[int] = list(pair)
    for i, group in enumerate(groups):
        if i >= n_melds:
            closed.extend(group)
            continue
        tiles = tuple(Tile(k) for k in group)
        if group[0] != group[1]:
            melds.append(Meld(MeldKind.CHI, tiles, "left", None))
        elif counts[group[0]] == 3 and rng.random() < 0.3:
            counts[group[0]] += 1
            meld_kind = rng.choice((MeldKind.KAN, MeldKind.ANKAN))
            tiles = (*tiles, tiles[0])
            if meld_kind is MeldKind.ANKAN:
                melds.append(Meld(meld_kind, tiles))
            else:
                melds.append(Meld(meld_kind, tiles, "right", tiles[0]))
        else:
            melds.append(Meld(MeldKind.PON, tiles, "across", tiles[0]))
    win_kind = rng.choice(closed)
    closed.remove(win_kind)
    tsumo = rng.random() < 0.5
    is_closed = all(m.kind is MeldKind.ANKAN for m in melds)
    riichi = is_closed and rng.random() < 0.5
    free = [k for k in range(34) if counts[k] < 4]
    context = Context(
        tsumo=tsumo,
        riichi=riichi,
        ippatsu=riichi and rng.random() < 0.2,
        seat_wind=rng.choice("ESWN"),  # type: ignore[arg-type]
        round_wind=rng.choice("ES"),  # type: ignore[arg-type]
        dora_indicators=(Tile(rng.choice(free)),),
        honba=rng.choice((0, 0, 1, 2)),
    )
    concealed = tuple(sorted(Tile(k) for k in closed))
    return Hand(concealed, Tile(win_kind), tuple(melds), context)


def suit_first(text: str) -> str:
    """The same hand in majiang-core (suit-first) style."""
    tiles, space, words = text.partition(" ") if ", " not in text else (text, "", "")
    if ", " in text:
        head, _, rest = text.rpartition(", ")
        last, space, words = rest.partition(" ")
        tiles = head + ", " + last
    swapped = re.sub(r"([0-9][0-9=+-]*)([mpsz])", r"\2\1", tiles).replace(", ", ",")
    return swapped + space + words


def _scorer() -> object:
    from agari.api import score

    return score


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3000, help="number of hand strings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--end-to-end",
        action="store_true",
        help="also time agari.api.score (parse + score + result) on the same strings",
    )
    args = ap.parse_args()

    def hands(seed: int) -> list[str]:
        rng = random.Random(seed)
        out = []
        for _ in range(args.n):
            text = str(random_hand(rng))
            out.append(suit_first(text) if rng.random() < 0.3 else text)
        return out

    texts = hands(args.seed)
    for text in hands(args.seed + 10_000):  # warm-up on OTHER hands (fills the word/meld caches
        parse_hand(text)  # the way earlier lines of a batch would)
    lark = _lark()

    def timed(fn: object, cold: bool = False) -> list[float]:
        out = []
        for text in texts:
            if cold:
                clear_caches()
            t0 = time.perf_counter_ns()
            fn(text)  # type: ignore[operator]
            out.append((time.perf_counter_ns() - t0) / 1000)
        return out

    for name, fn, cold in (
        ("parse_hand", parse_hand, False),
        ("parse_hand, caches cleared before each line", parse_hand, True),
        ("Lark's parse alone (for comparison)", lark.parse, False),
        *((("agari.api.score, end to end", _scorer(), False),) if args.end_to_end else ()),
    ):
        times = timed(fn, cold)
        q = statistics.quantiles(times, n=10)
        print(
            f"{name:45s} median {statistics.median(times):6.1f} µs/hand "
            f"(p10 {q[0]:.1f}, p90 {q[-1]:.1f}) over {len(texts)} hand strings"
        )
    avg = sum(len(t) for t in texts) / len(texts)
    print(f"mean length {avg:.0f} characters; example: {texts[0]!r}")


if __name__ == "__main__":
    main()
