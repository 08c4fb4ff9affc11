"""Fixed-seed generator of distinct complete hands for the benchmarks.

Each hand is produced twice: as agari notation (SPEC §1) and as the inputs of the PyPI
``mahjong`` package (136-tile ids, melds, dora indicators), so both libraries score the
very same hands. Hands are built from random groups, so they are complete by
construction: closed hands, open hands with chi/pon/kan, seven pairs and yakuman shapes,
won by ron or tsumo, some in riichi, with dora indicators and red fives. Three hands in a
hundred take a yakuman shape (big three dragons, the wind hands, all honours, all green,
all terminals, nine gates), closed or with called triplets.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SUITS = "mpsz"
RED_FIVES = (4, 13, 22)


@dataclass
class Group:
    kind: str  # "seq", "trip", "pair", "raw" (any tiles: ``tiles``)
    first: int  # tile kind 0..33
    meld: str | None = None  # None (concealed), "chi", "pon", "kan", "ankan"
    tiles: list[int] = field(default_factory=list)

    def kinds(self) -> list[int]:
        if self.kind == "raw":
            return list(self.tiles)
        if self.kind == "seq":
            return [self.first, self.first + 1, self.first + 2]
        size = {"trip": 3, "pair": 2}[self.kind]
        if self.meld in ("kan", "ankan"):
            size = 4
        return [self.first] * size


@dataclass
class BenchHand:
    notation: str
    closed_kinds: list[int]  # concealed tiles including the winning tile
    win: int
    groups: list[Group] = field(default_factory=list)  # melds only
    tsumo: bool = False
    riichi: bool = False
    seat: int = 1
    round: int = 0
    dora: list[int] = field(default_factory=list)
    red: set[int] = field(default_factory=set)  # kinds whose first copy is red


def _name(kind: int, red: bool = False) -> str:
    return f"{0 if red else kind % 9 + 1}{SUITS[kind // 9]}"


def _mpsz(kinds: list[int], red_kinds: set[int]) -> str:
    """Tiles in digit-first runs; one copy of each kind in red_kinds printed as 0."""
    out = []
    for suit in range(4):
        digits = []
        used_red = set()
        for k in sorted(x for x in kinds if x // 9 == suit):
            if k in red_kinds and k not in used_red:
                used_red.add(k)
                digits.append("0")
            else:
                digits.append(str(k % 9 + 1))
        if digits:
            out.append("".join(digits) + SUITS[suit])
    return "".join(out)


def _random_group(rng: random.Random, counts: list[int], allow_seq: bool = True) -> Group | None:
    for _ in range(50):
        if allow_seq and rng.random() < 0.6:
            suit = rng.randrange(3)
            first = suit * 9 + rng.randrange(7)
            g = Group("seq", first)
        else:
            g = Group("trip", rng.randrange(34))
        need = g.kinds()
        if all(counts[k] + need.count(k) <= 4 for k in set(need)):
            for k in need:
                counts[k] += 1
            return g
    return None


def generate(count: int, seed: int = 20261130) -> list[BenchHand]:
    """``count`` distinct complete hands, the same ones for every run with this seed."""
    rng = random.Random(seed)
    seen: set[str] = set()
    hands: list[BenchHand] = []
    while len(hands) < count:
        hand = _one(rng)
        if hand is not None and hand.notation not in seen:
            seen.add(hand.notation)
            hands.append(hand)
    return hands


#: Yakuman shapes as (groups, pair): "t" a triplet, "s" a sequence; picked at random.
_YAKUMAN_SHAPES: tuple[tuple[tuple[tuple[str, int], ...], int], ...] = (
    ((("t", 31), ("t", 32), ("t", 33), ("s", 2)), 5),  # daisangen
    ((("t", 31), ("t", 32), ("t", 33), ("t", 27)), 18),  # daisangen, toitoi
    ((("t", 27), ("t", 28), ("t", 29), ("s", 10)), 30),  # shousuushii
    ((("t", 27), ("t", 28), ("t", 29), ("t", 30)), 33),  # daisuushii, tsuuiisou
    ((("t", 27), ("t", 29), ("t", 31), ("t", 33)), 28),  # tsuuiisou
    ((("s", 19), ("s", 19), ("t", 23), ("t", 32)), 25),  # ryuuiisou
    ((("t", 0), ("t", 8), ("t", 9), ("t", 26)), 17),  # chinroutou
)


def _yakuman_shape(rng: random.Random, counts: list[int]) -> tuple[list[Group], int]:
    """The groups and pair of a yakuman hand (a nine-gates hand as one closed group)."""
    if rng.random() < 0.25:  # chuuren: 1112345678999 plus any tile of the suit
        base = 9 * rng.randrange(3)
        extra = base + rng.randrange(9)
        kinds = [base + d for d in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
        for k in kinds:
            counts[k] += 1
        return [Group("raw", 0, None, kinds)], -1
    shape, pair = rng.choice(_YAKUMAN_SHAPES)
    groups = [Group("seq" if t == "s" else "trip", k) for t, k in shape]
    for g in groups:
        for k in g.kinds():
            counts[k] += 1
    counts[pair] += 2
    return groups, pair


def _one(rng: random.Random) -> BenchHand | None:
    counts = [0] * 34
    shape = rng.random()
    groups: list[Group] = []
    melds: list[Group] = []
    closed: list[int] = []
    if shape >= 0.97:  # yakuman shapes, closed or with called triplets
        shaped, pair = _yakuman_shape(rng, counts)
        n_melds = rng.choice((0, 0, 1, 2)) if pair >= 0 else 0
        for i, g in enumerate(shaped):
            if i < n_melds and g.kind == "trip":
                g.meld = "pon"
                melds.append(g)
            else:
                groups.append(g)
        for g in groups:
            closed += g.kinds()
        if pair >= 0:
            closed += [pair, pair]
    elif shape < 0.12:  # seven pairs
        kinds = rng.sample(range(34), 7)
        for k in kinds:
            counts[k] += 2
            closed += [k, k]
    elif shape < 0.16:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        closed = [*orphans, rng.choice(orphans)]
        for k in closed:
            counts[k] += 1
    else:
        n_melds = 0 if shape < 0.6 else rng.randint(1, 3)
        triplet_heavy = shape < 0.22  # toitoi, yakuhai and yakuman-like shapes
        for i in range(4):
            made = _random_group(rng, counts, allow_seq=not triplet_heavy or rng.random() < 0.3)
            if made is None:
                return None
            g = made
            if i < n_melds:
                if g.kind == "seq":
                    g.meld = "chi"
                else:
                    g.meld = rng.choice(["pon", "pon", "pon", "kan", "ankan"])
                    if g.meld in ("kan", "ankan"):
                        if counts[g.first] + 1 > 4:
                            g.meld = "pon"
                        else:
                            counts[g.first] += 1
                melds.append(g)
            else:
                groups.append(g)
        pair = rng.randrange(34)
        if counts[pair] + 2 > 4:
            return None
        counts[pair] += 2
        for g in groups:
            closed += g.kinds()
        closed += [pair, pair]
    win = rng.choice(closed)
    is_closed = all(m.meld == "ankan" for m in melds)
    tsumo = rng.random() < 0.4
    riichi = is_closed and rng.random() < 0.7
    seat = rng.randrange(4)
    round_wind = rng.randrange(2)
    dora: list[int] = []
    for _ in range(rng.randint(1, 2)):
        k = rng.randrange(34)
        if counts[k] < 4:
            counts[k] += 1
            dora.append(k)
    red: set[int] = set()
    for five in RED_FIVES:
        if five in closed and five != win and rng.random() < 0.5:
            red.add(five)
    rest = list(closed)
    rest.remove(win)
    parts = [_mpsz(rest, red), "+" + _name(win)]
    for m in melds:
        if m.meld == "chi":
            parts.append(", " + _mpsz(m.kinds(), set()))
        elif m.meld == "pon":
            d = m.first % 9 + 1
            parts.append(f", {d}{d}{d}={SUITS[m.first // 9]}")
        elif m.meld == "kan":
            d = m.first % 9 + 1
            parts.append(f", {d}{d}{d}{d}+{SUITS[m.first // 9]}")
        else:
            parts.append(", " + _mpsz(m.kinds(), set()))
    words = []
    if tsumo:
        words.append("tsumo")
    if riichi:
        words.append("riichi")
    words.append(f"seat={'ESWN'[seat]} round={'ESWN'[round_wind]}")
    if dora:
        words.append("dora=" + "".join(_name(k) for k in dora))
    notation = "".join(parts) + " " + " ".join(words)
    return BenchHand(notation, closed, win, melds, tsumo, riichi, seat, round_wind, dora, red)


def peer_inputs(
    hand: BenchHand, aka: bool = True
) -> tuple[list[int], int, list[object], list[int]]:
    """The same hand for the PyPI ``mahjong`` package: (tiles136, win136, melds, dora136).

    Copies of a kind are numbered 0-3; copy 0 of a five is the red one there, so it is
    given to the red tile and handed to plain fives only last.
    """
    from mahjong.meld import Meld

    next_copy = [0] * 34
    order = {k: [1, 2, 3, 0] if k in RED_FIVES else [0, 1, 2, 3] for k in range(34)}

    def take(kind: int, red: bool = False) -> int:
        if red and aka:
            order[kind].remove(0)
            return kind * 4
        copy = order[kind][next_copy[kind]]
        next_copy[kind] += 1
        return kind * 4 + copy

    closed_rest = list(hand.closed_kinds)
    closed_rest.remove(hand.win)
    tiles: list[int] = []
    for k in closed_rest:
        red = k in hand.red and k * 4 not in tiles
        tiles.append(take(k, red))
    win136 = take(hand.win)
    tiles.append(win136)
    melds: list[object] = []
    for g in hand.groups:
        ids = [take(k) for k in g.kinds()]
        tiles += ids
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "ankan": Meld.KAN}[g.meld or ""]
        melds.append(Meld(meld_type=kind, tiles=ids, opened=g.meld != "ankan"))
    dora136 = [take(k) for k in hand.dora]
    return tiles, win136, melds, dora136
