"""Per-suit tables for the shanten number of the standard form (four sets and a pair).

The standard-form shanten of a hand depends on each suit only through the *options* that
suit offers: how many complete sets (``m``) it can give, whether it gives the pair (``p``),
and how many partial sets (``t``: two tiles a set away — ``45``, ``46``, ``12`` or a pair)
come with them. For every ``(p, m)`` only the largest ``t`` matters, so a suit is summarised
by a :data:`Table` of ten numbers: ``table[p * 5 + m]`` is the most partial sets the suit can
give next to ``m`` sets and ``p`` pairs, or ``-1`` when it cannot give that combination.

A suit's table depends only on its count tuple. Number suits are translation invariant
(a shape such as ``2 3 4`` reads the same at ``123`` and ``789``), so the key strips leading
and trailing empty ranks; honours form no sequences, so their key is the sorted counts.
Tables are built on first use by a small exhaustive recursion over the lowest tile and
memoised, and every distinct table gets a number (see "tables by number" below), so a
hand's shanten costs a few dictionary look-ups on ints — never a search over the 34 kinds.

>>> suit_table((1, 1, 1, 0, 0, 0, 0, 0, 0))[0 * 5 + 1]  # 123: one set, no partial set
0
>>> standard_shanten([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, 0)  # 1112345678999m: tenpai
0
>>> standard_shanten([2] + [0] * 33, 4)  # four melds called, a pair left: complete
-1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final

#: ``table[p * 5 + m]`` = most partial sets with ``m`` sets and ``p`` (0/1) pairs, or -1.
Table = tuple[int, ...]

_SIZE: Final = 10
EMPTY_TABLE: Final[Table] = (0, -1, -1, -1, -1, -1, -1, -1, -1, -1)

_NUMBER_MEMO: dict[tuple[int, ...], Table] = {}
_HONOUR_MEMO: dict[tuple[int, ...], Table] = {}

#: Kinds of the thirteen orphans (terminals and honours).
_ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _number_key(counts: Sequence[int]) -> tuple[int, ...]:
    start = 0
    end = len(counts)
    while start < end and counts[start] == 0:
        start += 1
    while end > start and counts[end - 1] == 0:
        end -= 1
    return tuple(counts[start:end])


def _honour_key(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted((c for c in counts if c), reverse=True))


def _absorb(best: list[int], sub: Table, dm: int, dt: int, dp: int) -> None:
    """Fold ``sub`` shifted by ``dm`` sets, ``dt`` partial sets and ``dp`` pairs into ``best``."""
    for index in range(_SIZE):
        t = sub[index]
        if t < 0:
            continue
        p = index // 5 + dp
        m = index % 5 + dm
        if p > 1 or m > 4:
            continue
        target = p * 5 + m
        if t + dt > best[target]:
            best[target] = t + dt


def _number_table(key: tuple[int, ...]) -> Table:
    """The table of a stripped number-suit shape (first and last entries non-zero)."""
    cached = _NUMBER_MEMO.get(key)
    if cached is not None:
        return cached
    if not key:
        return EMPTY_TABLE
    best = [-1] * _SIZE
    counts = list(key)
    first = counts[0]
    n = len(counts)

    def sub(*removals: tuple[int, int]) -> Table:
        rest = counts[:]
        for position, amount in removals:
            rest[position] -= amount
        return _number_table(_number_key(rest))

    # The lowest tile is either left alone or belongs to a group starting at it.
    _absorb(best, sub((0, 1)), 0, 0, 0)
    if first >= 2:
        pair_rest = sub((0, 2))
        _absorb(best, pair_rest, 0, 1, 0)  # pair as a partial set (waiting for a triplet)
        _absorb(best, pair_rest, 0, 0, 1)  # pair as the hand's pair
    if first >= 3:
        _absorb(best, sub((0, 3)), 1, 0, 0)
    if n >= 2 and counts[1]:
        _absorb(best, sub((0, 1), (1, 1)), 0, 1, 0)  # 12-type partial set
        if n >= 3 and counts[2]:
            _absorb(best, sub((0, 1), (1, 1), (2, 1)), 1, 0, 0)  # sequence
    if n >= 3 and counts[2]:
        _absorb(best, sub((0, 1), (2, 1)), 0, 1, 0)  # 13-type partial set
    table = tuple(best)
    _NUMBER_MEMO[key] = table
    return table


def _honour_table(key: tuple[int, ...]) -> Table:
    """The table of honour counts (sorted, non-zero): only pairs and triplets form."""
    cached = _HONOUR_MEMO.get(key)
    if cached is not None:
        return cached
    if not key:
        return EMPTY_TABLE
    best = [-1] * _SIZE
    first = key[0]

    def sub(amount: int) -> Table:
        return _honour_table(_honour_key((first - amount, *key[1:])))

    _absorb(best, sub(1), 0, 0, 0)
    if first >= 2:
        pair_rest = sub(2)
        _absorb(best, pair_rest, 0, 1, 0)
        _absorb(best, pair_rest, 0, 0, 1)
    if first >= 3:
        _absorb(best, sub(3), 1, 0, 0)
    table = tuple(best)
    _HONOUR_MEMO[key] = table
    return table


def suit_table(counts: Sequence[int], honours: bool = False) -> Table:
    """The table of one suit given its nine (or, for honours, seven) counts."""
    if honours:
        return _honour_table(_honour_key(counts))
    return _number_table(_number_key(counts))


def merge(a: Table, b: Table) -> Table:
    """The table of two suits together: sets, pairs and partial sets add up. Memoised by
    the tables' numbers (:func:`_merge_id`): few distinct tables meet."""
    out = [-1] * _SIZE
    for i in range(_SIZE):
        ta = a[i]
        if ta < 0:
            continue
        pa, ma = divmod(i, 5)
        for j in range(_SIZE):
            tb = b[j]
            if tb < 0:
                continue
            p = pa + j // 5
            m = ma + j % 5
            if p > 1 or m > 4:
                continue
            k = p * 5 + m
            if ta + tb > out[k]:
                out[k] = ta + tb
    return tuple(out)


def table_shanten(table: Table, need: int) -> int:
    """Shanten of a hand that still needs ``need`` sets (4 minus its called melds) and a pair.

    ``2 * (need - m) - min(t, need - m) - p``: every missing set costs two tiles, one of them
    already there for each usable partial set, and the pair one tile less when present.
    """
    best = 8
    for index in range(_SIZE):
        t = table[index]
        if t < 0:
            continue
        p, m = divmod(index, 5)
        if m > need:
            continue
        missing = need - m
        value = 2 * missing - min(t, missing) - p
        if value < best:
            best = value
    return best


def standard_shanten(counts: Sequence[int], melds: int) -> int:
    """Standard-form shanten of the concealed ``counts`` beside ``melds`` called melds."""
    _bound_registers()
    a, b, c, d = _suit_ids(counts)
    return _BY_NEED[_merge_id(_merge_id(a, b), _merge_id(c, d))][4 - melds]


def chiitoitsu_shanten(counts: Sequence[int]) -> int:
    """Seven pairs: seven *different* kinds; four copies of a kind are one pair, not two."""
    pairs = 0
    kinds = 0
    for c in counts:
        if c:
            kinds += 1
            if c >= 2:
                pairs += 1
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts: Sequence[int]) -> int:
    """Thirteen orphans: one of each terminal and honour plus a pair of one of them."""
    kinds = 0
    pair = 0
    for k in _ORPHANS:
        if counts[k]:
            kinds += 1
            if counts[k] >= 2:
                pair = 1
    return 13 - kinds - pair


def formula_shanten(counts: Sequence[int], melds: int) -> int:
    """The least shanten over the three forms; seven pairs and thirteen orphans need a hand
    with no melds at all. This is the pure formula: it does not know that a wait may need a
    fifth copy (see :func:`agari.analysis.shanten`, which does)."""
    value = standard_shanten(counts, melds)
    if melds == 0 and value > -1:
        value = min(value, chiitoitsu_shanten(counts), kokushi_shanten(counts))
    return value


# --------------------------------------------------------------------------- tables by number
#
# The analysis of play asks for the shanten of thousands of hands a game, each a draw or a
# discard away from the last: the same suits, tables and merges come back. So a suit is
# packed into an int (a byte a rank: ``int.from_bytes``), each distinct table gets a number
# in a register with its shanten for every count of sets still needed, and merges and a
# suit's shanten after each draw or discard (a *row*) are memoised on those ints -- no tuple
# is hashed on the way.

#: Marks a packed honour suit (seven ranks) apart from a number suit of the same counts.
_HONOUR_SUIT: Final = 1 << 72
#: The registers are emptied past this many tables (a batch of unrelated hands).
_REGISTER_LIMIT: Final = 1 << 17

_TABLES: list[Table] = []
_TABLE_IDS: dict[Table, int] = {}
#: by table number: its shanten when 0, 1, 2, 3 or 4 sets are still needed
_BY_NEED: list[tuple[int, ...]] = []
_SUIT_IDS: dict[int, int] = {}
_MERGE_IDS: dict[int, int] = {}
_DRAW_ROWS: dict[int, tuple[int, ...]] = {}
_DISCARD_ROWS: dict[int, tuple[int, ...]] = {}


def _bound_registers() -> None:
    """Empty the memos when they have grown past their limit (called where no table
    number is held: a number does not outlive the call that looked it up)."""
    if (
        len(_TABLES) > _REGISTER_LIMIT
        or len(_DRAW_ROWS) + len(_DISCARD_ROWS) > _REGISTER_LIMIT
        or len(_NUMBER_DISTANCE) > _REGISTER_LIMIT
    ):
        forget_tables()


def forget_tables() -> None:
    """Empty every memo of this module: the registers of tables, merges and rows, the suit
    tables and the exact distances (what a fresh process starts with)."""
    for memo in (_TABLES, _TABLE_IDS, _BY_NEED, _SUIT_IDS, _MERGE_IDS, _DRAW_ROWS, _DISCARD_ROWS):
        memo.clear()
    for table_memo in (_NUMBER_MEMO, _HONOUR_MEMO, _NUMBER_DISTANCE, _HONOUR_DISTANCE):
        table_memo.clear()
    _TRANSITIONS.clear()
    merge_distance.cache_clear()


def _table_id(table: Table) -> int:
    found = _TABLE_IDS.get(table)
    if found is None:
        found = len(_TABLES)
        _TABLES.append(table)
        _TABLE_IDS[table] = found
        _BY_NEED.append(tuple(table_shanten(table, need) for need in range(5)))
    return found


def _suit_id(packed: int) -> int:
    """The table number of a packed suit."""
    found = _SUIT_IDS.get(packed)
    if found is None:
        if packed & _HONOUR_SUIT:
            table = _honour_table(_honour_key(packed.to_bytes(10, "little")[:7]))
        else:
            table = _number_table(_number_key(packed.to_bytes(9, "little")))
        found = _table_id(table)
        _SUIT_IDS[packed] = found
    return found


def _merge_id(a: int, b: int) -> int:
    """The table number of two tables merged."""
    key = a << 32 | b if a < b else b << 32 | a
    found = _MERGE_IDS.get(key)
    if found is None:
        found = _table_id(merge(_TABLES[a], _TABLES[b]))
        _MERGE_IDS[key] = found
    return found


def packed_suits(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits of 34 counts packed, a byte a rank (honours marked)."""
    return (
        int.from_bytes(bytes(counts[0:9]), "little"),
        int.from_bytes(bytes(counts[9:18]), "little"),
        int.from_bytes(bytes(counts[18:27]), "little"),
        int.from_bytes(bytes(counts[27:34]), "little") | _HONOUR_SUIT,
    )


def _suit_ids(counts: Sequence[int]) -> tuple[int, int, int, int]:
    m, p, s, z = packed_suits(counts)
    return _suit_id(m), _suit_id(p), _suit_id(s), _suit_id(z)


def _rests(t0: int, t1: int, t2: int, t3: int) -> tuple[int, int, int, int]:
    """For each suit, the other three suits' tables merged (a draw or a discard changes
    one suit: the rest is merged once)."""
    low = _merge_id(t0, t1)
    high = _merge_id(t2, t3)
    return _merge_id(t1, high), _merge_id(t0, high), _merge_id(low, t3), _merge_id(low, t2)


def _draw_row(packed: int, rest: int, need: int) -> tuple[int, ...]:
    """The standard form's shanten after one more tile of each rank of a suit, beside the
    ``rest`` of the hand (9 for a rank held four times: no such draw)."""
    key = (rest << 3 | need) << 73 | packed
    found = _DRAW_ROWS.get(key)
    if found is None:
        row = []
        for rank in range(7 if packed & _HONOUR_SUIT else 9):
            if (packed >> 8 * rank) & 0xFF >= 4:
                row.append(9)
            else:
                grown = _suit_id(packed + (1 << 8 * rank))
                row.append(_BY_NEED[_merge_id(grown, rest)][need])
        found = tuple(row)
        _DRAW_ROWS[key] = found
    return found


def _discard_row(packed: int, rest: int, need: int) -> tuple[int, ...]:
    """The standard form's shanten after one tile less of each rank of a suit, beside the
    ``rest`` of the hand (9 for a rank not held)."""
    key = (rest << 3 | need) << 73 | packed
    found = _DISCARD_ROWS.get(key)
    if found is None:
        row = []
        for rank in range(7 if packed & _HONOUR_SUIT else 9):
            if not (packed >> 8 * rank) & 0xFF:
                row.append(9)
            else:
                reduced = _suit_id(packed - (1 << 8 * rank))
                row.append(_BY_NEED[_merge_id(reduced, rest)][need])
        found = tuple(row)
        _DISCARD_ROWS[key] = found
    return found


def _rows(
    counts: Sequence[int], melds: int, row: Callable[[int, int, int], tuple[int, ...]]
) -> tuple[list[int], int]:
    """The 34 values of ``row`` (draws or discards), suit by suit beside the other three,
    and the standard form's shanten of ``counts`` itself."""
    _bound_registers()
    packed = packed_suits(counts)
    t0, t1, t2, t3 = (_suit_id(part) for part in packed)
    rests = _rests(t0, t1, t2, t3)
    need = 4 - melds
    values = [
        *row(packed[0], rests[0], need),
        *row(packed[1], rests[1], need),
        *row(packed[2], rests[2], need),
        *row(packed[3], rests[3], need),
    ]
    return values, _BY_NEED[_merge_id(t0, rests[0])][need]


_ORPHAN_COUNTS: Final = itemgetter(*_ORPHANS)


def _closed_facts(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """What seven pairs and thirteen orphans read: pairs, kinds held, orphan kinds held and
    orphan kinds held twice or more."""
    every = bytes(counts)
    orphans = bytes(_ORPHAN_COUNTS(counts))
    kinds = 34 - every.count(0)
    orphan_kinds = 13 - orphans.count(0)
    return (
        kinds - every.count(1),
        kinds,
        orphan_kinds,
        orphan_kinds - orphans.count(1),
    )


def formula_shanten_after_draws(counts: Sequence[int], melds: int) -> list[int]:
    """:func:`formula_shanten` of ``counts`` plus one tile of each kind (34 values; a kind
    already held four times gets 9, an impossible draw). Each suit's row is looked up beside
    the other three suits merged once.

    >>> after = formula_shanten_after_draws([1, 1, 1, 0, 0, 0, 0, 0, 0] + [0] * 18
    ...     + [3, 3, 2, 2, 0, 0, 0], 0)  # 123m 11122233344z: ready on 3z and 4z
    >>> after[29], after[30], after[3], after[33]
    (-1, -1, 0, 0)
    """
    out, standard = _rows(counts, melds, _draw_row)
    if melds:
        return out
    # Seven pairs and thirteen orphans, which one draw lowers by at most one, as it lowers
    # the standard form by at most one: they count only where they are as low already.
    facts = _closed_facts(counts)
    if min(_seven_pairs(facts), _orphans(facts)) > standard:
        return out
    return _other_forms(out, counts, facts, 1)


def formula_shanten_after_discards(counts: Sequence[int], melds: int) -> list[int]:
    """:func:`formula_shanten` of ``counts`` less one tile of each kind (34 values; 9 for a
    kind not held): the discards of a 14-tile hand. As in
    :func:`formula_shanten_after_draws`, each suit's row is looked up beside the other three
    suits merged once.

    >>> after = formula_shanten_after_discards([1, 1, 1, 0, 0, 0, 0, 0, 1] + [0] * 18
    ...     + [3, 3, 2, 2, 0, 0, 0], 0)  # 1239m 11122233344z: throw 9m, ready
    >>> after[8], after[0], after[3]
    (0, 1, 9)
    """
    out, _ = _rows(counts, melds, _discard_row)
    if melds:
        return out
    # Seven pairs and thirteen orphans, which one discard changes by at most one, never
    # lowering either: when both are above every standard value, they lose.
    facts = _closed_facts(counts)
    if min(_seven_pairs(facts), _orphans(facts)) > max(v for v in out if v != 9):
        return out
    return _other_forms(out, counts, facts, -1)


def _seven_pairs(facts: tuple[int, int, int, int]) -> int:
    pairs, kinds, _, _ = facts
    return 6 - pairs + max(0, 7 - kinds)


def _orphans(facts: tuple[int, int, int, int]) -> int:
    _, _, orphan_kinds, orphan_pairs = facts
    return 13 - orphan_kinds - (orphan_pairs > 0)


def _other_forms(
    out: list[int], counts: Sequence[int], facts: tuple[int, int, int, int], step: int
) -> list[int]:
    """``out`` (the standard form's shanten after one tile more, ``step`` 1, or less,
    ``step`` -1, of each kind; 9 where there is no such tile) lowered to seven pairs' or
    thirteen orphans' where one is lower (``facts``: :func:`_closed_facts` of ``counts``)."""
    pairs, kinds, orphan_kinds, orphan_pairs = facts
    orphans_now = _orphans(facts)
    # written out (no call per kind): this runs for most closed hands of a review
    for kind, c in enumerate(counts):
        value = out[kind]
        if value == 9 or value == -1:
            continue
        after = c + step
        paired = (after >= 2) - (c >= 2)
        held = (after >= 1) - (c >= 1)
        k = kinds + held
        seven = 6 - pairs - paired + (7 - k if k < 7 else 0)
        if seven < value:
            value = seven
        if kind in _ORPHANS:
            orphans = 13 - orphan_kinds - held - (orphan_pairs + paired > 0)
        else:
            orphans = orphans_now
        if orphans < value:
            value = orphans
        out[kind] = value
    return out


# --------------------------------------------------------------------------- exact distances
#
# The formula above counts partial sets without asking whether the tile they wait for still
# exists: with four copies of a kind in the hand (or three in a pon and one in hand) it can
# count a wait on a fifth copy. The *distance* tables below are exact: for each suit and each
# (sets, pair) target they give the fewest tiles to draw so that the suit holds that many sets
# and pairs, never asking for more copies of a kind than exist (4 minus the copies in melds).
# Shanten is then the fewest tiles missing from a complete hand, minus one. They are slower to
# build than the formula's tables, so the analysis uses them only where a limit can bite.

_INF: Final = 99
#: ``distance[p * 5 + m]`` = fewest tiles to draw for ``m`` sets and ``p`` pairs, or _INF.
Distance = tuple[int, ...]

_NUMBER_DISTANCE: dict[tuple[tuple[int, ...], tuple[int, ...]], Distance] = {}
_HONOUR_DISTANCE: dict[tuple[tuple[int, int], ...], Distance] = {}
_EMPTY_LIMITS: Final = (4,) * 9


_Transition = tuple[int, int, int, int]  # demand, sequences started, sets after, pairs after
_TRANSITIONS: dict[tuple[int, int, int, int, bool, bool], tuple[_Transition, ...]] = {}

#: Sets and a pair made wholly of drawn tiles cost 3 and 2 wherever they go, and a hand of
#: at most 14 tiles beside at most 4 melds always leaves 5 untouched kinds to put them on.
#: So the suit tables only place groups that touch a held rank, and this table adds the rest.
SCRATCH: Final[Distance] = tuple(3 * (i % 5) + 2 * (i // 5) for i in range(_SIZE))


def _transitions(
    limit: int, owed: int, m: int, p: int, can_start: bool, can_group: bool
) -> tuple[_Transition, ...]:
    """The ways one rank can be used, whatever the hand holds there: new sequences started,
    a triplet, the pair — with how many copies of the rank that demands in all."""
    key = (limit, owed, m, p, can_start, can_group)
    found = _TRANSITIONS.get(key)
    if found is not None:
        return found
    out: list[_Transition] = []
    max_new = min(limit - owed, 4 - m) if can_start else 0
    for starts in range(max_new + 1):
        for trip in (0, 1) if can_group else (0,):
            sets = m + starts + trip
            if sets > 4:
                break
            for pair in (0, 1) if p == 0 and can_group else (0,):
                demand = owed + starts + 3 * trip + 2 * pair
                if demand > limit:
                    break
                out.append((demand, starts, sets, p + pair))
    result = tuple(out)
    _TRANSITIONS[key] = result
    return result


def _number_distance(counts: tuple[int, ...], limits: tuple[int, ...]) -> Distance:
    """Exact distances of one number suit: a left-to-right pass over the nine ranks whose
    state is (sequences started one rank back, two ranks back, sets so far, pairs so far)."""
    key = (counts, limits)
    cached = _NUMBER_DISTANCE.get(key)
    if cached is not None:
        return cached
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    owing = False  # some state has sequences running into the next rank
    for rank in range(9):
        have = counts[rank]
        limit = limits[rank]
        # Only groups that touch a held rank (SCRATCH covers the others).
        can_start = rank <= 6 and (have > 0 or counts[rank + 1] > 0 or counts[rank + 2] > 0)
        can_group = have > 0
        if not can_start and not can_group and not owing:
            continue  # a rank no group touches and no sequence runs through: as it was
        new_states: dict[tuple[int, int, int, int], int] = {}
        get = new_states.get
        for (back1, back2, m, p), cost in states.items():
            owed = back1 + back2
            if owed > limit:
                continue
            ways = _TRANSITIONS.get((limit, owed, m, p, can_start, can_group))
            if ways is None:
                ways = _transitions(limit, owed, m, p, can_start, can_group)
            for demand, starts, sets, pairs in ways:
                total = cost + demand - have if demand > have else cost
                state = (starts, back1, sets, pairs)
                if total < get(state, _INF):
                    new_states[state] = total
        states = new_states
        owing = any(back1 or back2 for back1, back2, _, _ in states)
    out = [_INF] * _SIZE
    for (back1, back2, m, p), cost in states.items():
        if back1 == 0 and back2 == 0 and cost < out[p * 5 + m]:
            out[p * 5 + m] = cost
    table = tuple(out)
    _NUMBER_DISTANCE[key] = table
    return table


def _honour_distance(pairs: tuple[tuple[int, int], ...]) -> Distance:
    """Exact distances of the honours, given (count, limit) per kind (sorted)."""
    cached = _HONOUR_DISTANCE.get(pairs)
    if cached is not None:
        return cached
    out: list[int] = [_INF] * _SIZE
    out[0] = 0
    for have, limit in pairs:
        if not have:
            continue  # groups of drawn tiles only: SCRATCH
        options = [(0, 0, 0)]  # (sets, pairs, cost)
        if limit >= 2:
            options.append((0, 1, max(0, 2 - have)))
        if limit >= 3:
            options.append((1, 0, max(0, 3 - have)))
        new = [_INF] * _SIZE
        for index in range(_SIZE):
            base = out[index]
            if base >= _INF:
                continue
            p0, m0 = divmod(index, 5)
            for dm, dp, cost in options:
                m = m0 + dm
                p = p0 + dp
                if m > 4 or p > 1:
                    continue
                if base + cost < new[p * 5 + m]:
                    new[p * 5 + m] = base + cost
        out = new
    table = tuple(out)
    _HONOUR_DISTANCE[pairs] = table
    return table


def honour_distance(pairs: tuple[tuple[int, int], ...]) -> Distance:
    """Exact distances of kinds that form no sequences, given (count, limit) per kind held,
    sorted: the honours, or any kinds when only triplets and the pair count (toitoi)."""
    return _honour_distance(pairs)


@lru_cache(maxsize=1 << 16)
def merge_distance(a: Distance, b: Distance) -> Distance:
    """Distances of two suits together (min-plus over the ways to split sets and pair).
    Memoised like :func:`merge`: the same tables meet again and again (the yaku families
    of :mod:`agari.analysis.open_yaku` merge the same suits under several limits)."""
    out = [_INF] * _SIZE
    for i in range(_SIZE):
        da = a[i]
        if da >= _INF:
            continue
        pa, ma = divmod(i, 5)
        for j in range(_SIZE):
            db = b[j]
            if db >= _INF:
                continue
            p = pa + j // 5
            m = ma + j % 5
            if p > 1 or m > 4:
                continue
            k = p * 5 + m
            if da + db < out[k]:
                out[k] = da + db
    return tuple(out)


def suit_distances(
    counts: Sequence[int], limits: Sequence[int]
) -> tuple[Distance, Distance, Distance, Distance]:
    """The four exact distance tables of a 34-count vector under per-kind copy limits."""
    return (
        _number_distance(tuple(counts[0:9]), tuple(limits[0:9])),
        _number_distance(tuple(counts[9:18]), tuple(limits[9:18])),
        _number_distance(tuple(counts[18:27]), tuple(limits[18:27])),
        _honour_distance(tuple(sorted((counts[k], limits[k]) for k in range(27, 34) if counts[k]))),
    )


def exact_shanten(counts: Sequence[int], melds: int, limits: Sequence[int]) -> int:
    """Shanten as the fewest tiles missing from a complete hand, minus one, drawing no kind
    beyond ``limits`` (4 minus its copies in melds): exact where four copies are involved.
    Seven pairs and thirteen orphans (no melds) are exact by their formulas.

    >>> c = [0] * 34
    >>> for k in (0, 1, 2, 12, 13, 14, 24, 25, 26): c[k] = 1
    >>> c[27] = 4  # 123m 456p 789s 1111z: waiting on a fifth 1z only
    >>> standard_shanten(c, 0), exact_shanten(c, 0, [4] * 34)
    (0, 1)
    """
    a, b, c, d = suit_distances(counts, limits)
    total = merge_distance(merge_distance(merge_distance(a, b), merge_distance(c, d)), SCRATCH)
    value = total[5 + 4 - melds] - 1
    if melds == 0 and value > -1:
        value = min(value, chiitoitsu_shanten(counts), kokushi_shanten(counts))
    return value
