"""An independent enumerator of the ``agari ev`` model, for tests/test_ev.py.

It follows the model as the README ("Expected value of a discard") and the docstring of
``agari.analysis.ev`` state it, with none of that module's code: every draw order is
enumerated (each coming draw: every tile kind left, or "a tile the hand does not use"), the
player's best answer to each draw found by trying every option on the rest of the draws, in
exact fractions, without memoising values. Its shanten is its own (a plain search over
sets, partial sets and the pair; seven pairs; thirteen orphans), its ura chances come from
listing every set of indicator tiles, and every win is scored by ``agari.api.score`` on
notation text (so the engine's whole path, ura and ippatsu words included).

Kept small on purpose: a few draws, and walls thinned with ``seen=``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from agari.api import score as _score
from agari.result import Result


@functools.lru_cache(maxsize=1 << 16)
def score(text: str) -> Result:
    """``agari.api.score`` of a text (a pure function: kept to save time)."""
    return _score(text)


RED_KINDS = (4, 13, 22)  # 5m 5p 5s
TERMINALS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# --------------------------------------------------------------------------- shanten


@functools.cache
def _suit_options(part: tuple[int, ...], numbers: bool) -> frozenset[tuple[int, int, int]]:
    """Every (sets, partial sets, pairs) one suit's tiles can be split into (the pair at most
    one), by taking groups from the lowest tile or leaving it alone."""
    i = 0
    while i < len(part) and not part[i]:
        i += 1
    if i == len(part):
        return frozenset({(0, 0, 0)})
    out: set[tuple[int, int, int]] = set()

    def rest(*taken: int) -> list[int]:
        left = list(part)
        for k in taken:
            left[k] -= 1
        return left

    def add(left: list[int], sets: int, partial: int, pairs: int) -> None:
        for m, t, p in _suit_options(tuple(left), numbers):
            if p + pairs <= 1:
                out.add((m + sets, t + partial, p + pairs))

    add(rest(i), 0, 0, 0)  # the lowest tile alone
    if part[i] >= 3:
        add(rest(i, i, i), 1, 0, 0)
    if part[i] >= 2:
        add(rest(i, i), 0, 0, 1)
        add(rest(i, i), 0, 1, 0)
    if numbers:
        if i + 2 < len(part) and part[i + 1] and part[i + 2]:
            add(rest(i, i + 1, i + 2), 1, 0, 0)
        for gap in (1, 2):
            if i + gap < len(part) and part[i + gap]:
                add(rest(i, i + gap), 0, 1, 0)
    return frozenset(out)


def _standard(counts: list[int], need: int) -> int:
    """Shanten of the standard form: two tiles per missing set, less one per usable partial
    set and one for the pair, over every split of the four suits."""
    combined = {(0, 0, 0)}
    for first, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        options = _suit_options(tuple(counts[first : first + size]), size == 9)
        combined = {
            (m + m2, t + t2, p + p2)
            for m, t, p in combined
            for m2, t2, p2 in options
            if p + p2 <= 1
        }
    best = 8
    for m, t, p in combined:
        if m > need:
            continue
        best = min(best, 2 * (need - m) - min(t, need - m) - p)
    return best


@functools.cache
def shanten(counts: tuple[int, ...], melds: int) -> int:
    """-1 complete, 0 ready, ... (the least of the three forms; the last two closed only)."""
    value = _standard(list(counts), 4 - melds)
    if melds == 0:
        pairs = sum(1 for c in counts if c >= 2)
        kinds = sum(1 for c in counts if c)
        value = min(value, 6 - pairs + max(0, 7 - kinds))
        orphans = sum(1 for k in TERMINALS if counts[k])
        value = min(value, 13 - orphans - any(counts[k] >= 2 for k in TERMINALS))
    return value


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class Case:
    """One hand's situation: the text after the tiles (context words), the melds (text),
    the rules preset, and the switches."""

    words: str
    melds: str
    melds_count: int
    rules: str
    riichi: bool
    ura: bool
    ippatsu: bool
    tegawari: bool
    backtrack: bool
    aka: tuple[bool, bool, bool]
    ura_indicators: int
    closed: bool
    # Copies the hand's melds hold of each kind, and kita (for the ura chances).
    meld_counts: tuple[int, ...]
    kita: int
    sanma: bool


# A hand: the 34 counts and the red fives held per suit.
Tiles = tuple[tuple[int, ...], tuple[int, int, int]]

SUITS = "mpsz"


def notation(tiles: Tiles) -> str:
    counts, reds = tiles
    out = []
    for suit in range(4):
        digits = ""
        for n in range(9 if suit < 3 else 7):
            kind = suit * 9 + n
            red = reds[suit] if suit < 3 and n == 4 else 0
            digits += "0" * red + str(n + 1) * (counts[kind] - red)
        if digits:
            out.append(digits + SUITS[suit])
    return "".join(out)


def event_text(event: int) -> str:
    if event >= 34:
        return "0" + "mps"[event - 34]
    return f"{event % 9 + 1}{SUITS[event // 9]}"


def events_of(kind: int, case: Case) -> list[int]:
    if kind in RED_KINDS and case.aka[kind // 9]:
        return [kind, 34 + kind // 9]
    return [kind]


def add(tiles: Tiles, event: int) -> Tiles:
    counts, reds = list(tiles[0]), list(tiles[1])
    if event >= 34:
        counts[RED_KINDS[event - 34]] += 1
        reds[event - 34] += 1
    else:
        counts[event] += 1
    return tuple(counts), (reds[0], reds[1], reds[2])


def remove(tiles: Tiles, event: int) -> Tiles:
    counts, reds = list(tiles[0]), list(tiles[1])
    if event >= 34:
        counts[RED_KINDS[event - 34]] -= 1
        reds[event - 34] -= 1
    else:
        counts[event] -= 1
    return tuple(counts), (reds[0], reds[1], reds[2])


def throwable(tiles: Tiles, case: Case) -> list[int]:
    counts, reds = tiles
    out = []
    for kind in range(34):
        if not counts[kind]:
            continue
        if kind in RED_KINDS and case.aka[kind // 9]:
            red = reds[kind // 9]
            if counts[kind] > red:
                out.append(kind)
            if red:
                out.append(34 + kind // 9)
        else:
            out.append(kind)
    return out


def held_beyond(tiles: Tiles, start: Tiles, event: int, case: Case) -> int:
    """Copies of ``event`` held beyond the start: a red five apart from the plain ones
    where red fives are draws of their own."""
    counts, reds = tiles
    if event >= 34:
        return max(0, reds[event - 34] - start[1][event - 34])
    plain, start_plain = counts[event], start[0][event]
    if event in RED_KINDS and case.aka[event // 9]:
        plain -= reds[event // 9]
        start_plain -= start[1][event // 9]
    return max(0, plain - start_plain)


@dataclass(frozen=True)
class Values:
    ev: Fraction
    win: Fraction
    ready: Fraction

    def key(self) -> tuple[Fraction, Fraction, Fraction]:
        return (self.ev, self.win, self.ready)


class Brute:
    """The model, enumerated."""

    def __init__(self, case: Case, start: Tiles, unseen: Sequence[int], wall: int) -> None:
        self.case = case
        self.start = start
        self.unseen = list(unseen)
        self.wall = wall
        self.start_shanten = shanten(start[0], case.melds_count)
        # Facts of a hand and payoffs of a win (pure functions of their arguments: kept to
        # save time; the values of the play are never kept).
        self._wins: dict[tuple[Tiles, int, bool, bool], Fraction | None] = {}

    # ------------------------------------------------------------------ facts

    def sh(self, tiles: Tiles) -> int:
        return shanten(tiles[0], self.case.melds_count)

    def held(self, tiles: Tiles, kind: int) -> int:
        return tiles[0][kind] + self.case.meld_counts[kind]

    def left(self, tiles: Tiles, event: int) -> int:
        return self.unseen[event] - held_beyond(tiles, self.start, event, self.case)

    def kept(self, counts: tuple[int, ...]) -> int:
        return sum(max(0, c - s) for c, s in zip(counts, self.start[0], strict=True))

    def waits(self, tiles: Tiles) -> list[int]:
        out = []
        for kind in range(34):
            if self.held(tiles, kind) >= 4:
                continue
            if self.sh(add(tiles, kind)) == -1:
                out.append(kind)
        return out

    def useful(self, tiles: Tiles) -> list[int]:
        now = self.sh(tiles)
        return [k for k in range(34) if self.held(tiles, k) < 4 and self.sh(add(tiles, k)) < now]

    # ------------------------------------------------------------------ values

    def win_value(self, tiles: Tiles, event: int, riichi: bool, ippatsu: bool) -> Fraction | None:
        """The value of winning on ``event``, ura averaged over every set of indicators."""
        key = (tiles, event, riichi, ippatsu)
        if key not in self._wins:
            self._wins[key] = self._win_value(tiles, event, riichi, ippatsu)
        return self._wins[key]

    def _win_value(self, tiles: Tiles, event: int, riichi: bool, ippatsu: bool) -> Fraction | None:
        case = self.case
        words = f"tsumo {case.words}" + (" riichi" if riichi else "")
        base = f"{notation(tiles)}+{event_text(event)}{case.melds} {words} rules={case.rules}"
        plain = score(base)
        if plain.status != "win":
            return None
        if not riichi:
            return Fraction(plain.total or 0)
        extra = " ippatsu" if ippatsu and case.ippatsu else ""
        if not case.ura:
            result = score(base + extra)
            return Fraction(result.total or 0)
        # The wall after the win, as tiles: every set of ura indicators equally likely.
        final = add(tiles, event)
        wall: list[int] = []
        for e in range(37):
            n = self.left(final, e)
            kind = RED_KINDS[e - 34] if e >= 34 else e
            wall.extend([kind] * n)
        total = Fraction(0)
        count = 0
        for chosen in itertools.combinations(range(len(wall)), case.ura_indicators):
            ura = 0
            for index in chosen:
                shown = _dora_of(wall[index], case.sanma)
                ura += final[0][shown] + case.meld_counts[shown]
                if shown == 30:
                    ura += case.kita
            result = score(base + extra + f" ura={ura}")
            total += result.total or 0
            count += 1
        return total / count

    def stay(self, tiles: Tiles, riichi: bool, ippatsu: bool) -> tuple[Tiles, bool, bool]:
        case = self.case
        if riichi:
            return (tiles, True, False)
        if self.sh(tiles) == 0 and case.closed and case.riichi:
            return (tiles, True, case.ippatsu)
        return (tiles, False, False)

    def keeps(self, drawn: Tiles) -> list[tuple[Tiles, bool, bool]]:
        """The hands a 14-tile hand may become by one allowed discard."""
        case = self.case
        after = [(e, remove(drawn, e)) for e in throwable(drawn, case)]
        values = [self.sh(rest) for _, rest in after]
        whole = self.sh(drawn)
        detour = case.backtrack and self.kept(drawn[0]) + whole <= self.start_shanten
        out = []
        for (_, rest), value in zip(after, values, strict=True):
            if value == whole or detour:
                declares = case.closed and case.riichi and value == 0
                out.append((rest, declares, declares and case.ippatsu))
        return out

    def value(self, tiles: Tiles, riichi: bool, ippatsu: bool, drawn: int, left: int) -> Values:
        """The figures of a hand about to draw with ``left`` draws to come, ``drawn`` made.

        Each coming draw is one of the tiles the hand can do something with -- win, or keep
        (a tile that lowers the shanten, or under tegawari any other) -- or a tile it can
        only throw back. A tile of the first kind (winning or lowering the shanten) is
        drawn with the chance copies / tiles in the wall; a tegawari tile the same, as far
        as the wall has room beside the first kind (else in proportion, sharing the room
        left); the rest of the wall changes nothing."""
        case = self.case
        ready = self.sh(tiles) == 0
        if left == 0:
            return Values(Fraction(0), Fraction(0), Fraction(int(ready)))
        wall = self.wall - drawn
        stay = self.stay(tiles, riichi, ippatsu)
        lowers = self.waits(tiles) if riichi else self.useful(tiles)
        if (
            not riichi
            and case.tegawari
            and self.kept(tiles[0]) + self.sh(tiles) <= self.start_shanten
        ):
            kinds = list(range(34))
        else:
            kinds = lowers
        waits = self.waits(tiles) if ready else []
        base = self.value(*stay, drawn + 1, left - 1)
        draws: list[tuple[int, bool, Values]] = []
        for kind in kinds:
            for event in events_of(kind, case):
                copies = self.left(tiles, event)
                if copies <= 0:
                    continue
                options = [base]
                won = None
                if kind in waits:
                    won = self.win_value(tiles, event, riichi, ippatsu)
                    if won is not None:
                        options.append(Values(won, Fraction(1), Fraction(1)))
                if riichi:
                    if won is None:
                        continue
                else:
                    keeps = [k for k in self.keeps(add(tiles, event)) if k != stay]
                    if won is None and not keeps:
                        continue  # a tile it can only throw back
                    for rest, r, i in keeps:
                        options.append(self.value(rest, r, i, drawn + 1, left - 1))
                draws.append((copies, kind in lowers, max(options, key=Values.key)))
        first = sum(c for c, lower, _ in draws if lower)
        second = sum(c for c, lower, _ in draws if not lower)
        if first >= wall:
            chance_first, chance_second = Fraction(1, first), Fraction(0)
        else:
            chance_first = Fraction(1, wall)
            chance_second = (
                Fraction(min(second, wall - first), wall * second) if second else Fraction(0)
            )
        nothing = 1 - first * chance_first - second * chance_second
        ev = nothing * base.ev
        win = nothing * base.win
        rdy = nothing * base.ready
        for copies, lower, best in draws:
            p = copies * (chance_first if lower else chance_second)
            ev += p * best.ev
            win += p * best.win
            rdy += p * best.ready
        return Values(ev, win, Fraction(1) if ready else rdy)


def _dora_of(kind: int, sanma: bool) -> int:
    if sanma and kind == 0:
        return 8
    if sanma and kind == 8:
        return 0
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3
