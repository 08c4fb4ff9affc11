"""All readings of a complete hand, each with the wait the winning tile completed.

A *reading* is one way to split the tiles into groups: four groups and a pair, seven
different pairs (chiitoitsu) or thirteen orphans (kokushi), together with the group the
winning tile completed and the resulting wait (RULES.md, "Fu": "the wait is a property of
the reading"). Called melds and kans are fixed groups.

The concealed part is split suit by suit. Each suit's entry comes from a table keyed by
the suit's tile counts as one int (:func:`suit_keys`), so a suit shape is worked out once
per process; an entry (:class:`SuitEntry`) holds the splits as ready-made :class:`Group`
values (shared by every reading: groups and readings are immutable named tuples), whether
the suit holds the pair, and the facts the hand facts, seven pairs and thirteen orphans
read (kinds present, pairs, triplets). The hand's readings are the product of its suits'
splits. No reading is produced twice.

>>> from agari.tiles import Tile
>>> tiles = [Tile(k) for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 27)]
>>> [r.wait for r in readings(tuple(tiles), Tile(27))]
['tanki']
>>> [(r.wait, r.notation()) for r in readings(tuple(tiles[:-1]) + (Tile(10),), Tile(11))]
[('penchan', ('123m', '456m', '789m', '123p', '11p'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Final, NamedTuple

from agari.hand import MeldKind
from agari.native import mypyc_attr
from agari.result import Wait
from agari.tiles import IS_TERMINAL_OR_HONOUR, SUITS, TERMINALS_AND_HONOURS

if TYPE_CHECKING:
    from agari.hand import Hand, Meld
    from agari.tiles import Tile

# Group types.
SEQUENCE: Final = 0
TRIPLET: Final = 1
KAN: Final = 2
PAIR: Final = 3

# Shapes.
STANDARD: Final = "standard"
CHIITOITSU: Final = "chiitoitsu"
KOKUSHI: Final = "kokushi"

#: One suit's split: ``(groups, pair)``; ``groups`` holds ``(type, local index)`` pairs
#: (SEQUENCE or TRIPLET), ``pair`` the local index of the pair or -1.
SuitSplit = tuple[tuple[tuple[int, int], ...], int]


class Group(NamedTuple):
    """One group of a reading (a named tuple: cheap to make, immutable).

    ``kind`` is the lowest tile kind. ``meld`` is the called/declared meld for fixed
    groups (``None`` for groups formed from the concealed tiles). ``concealed`` says
    whether the group counts as concealed for fu and for sanankou/suuankou: a closed
    kan is concealed, a triplet completed by a ron is not (RULES.md, "Fu").
    """

    type: int
    kind: int
    concealed: bool
    meld: Meld | None = None

    @property
    def is_triplet(self) -> bool:
        """Triplet or kan."""
        return self.type == TRIPLET or self.type == KAN

    @property
    def has_terminal_or_honour(self) -> bool:
        if self.type == SEQUENCE:
            return self.kind % 9 in (0, 6)
        return IS_TERMINAL_OR_HONOUR[self.kind]

    def notation(self) -> str:
        """The group in notation: ``123m``, ``555p``, ``55z``; melds as written."""
        if self.meld is not None:
            return _meld_notation(self.meld)
        return _GROUP_TEXT[self.type][self.kind]


def _group_text(type_: int, kind: int) -> str:
    digit = kind % 9 + 1
    suit = SUITS[kind // 9]
    if type_ == SEQUENCE:
        return f"{digit}{digit + 1}{digit + 2}{suit}"
    if type_ == PAIR:
        return f"{digit}{digit}{suit}"
    return f"{digit}{digit}{digit}{suit}"


#: The notation of a concealed group by type and kind (a reading's text is made of them).
_GROUP_TEXT: Final = tuple(tuple(_group_text(t, k) for k in range(34)) for t in range(4))


def _meld_notation(meld: Meld) -> str:
    try:
        return str(meld)
    except Exception:  # the notation module may not be there yet
        digits = "".join(str(t.digit) for t in meld.tiles)
        return f"{digits}{meld.tiles[0].suit}"


class Reading(NamedTuple):
    """One reading of a complete hand (a named tuple, like :class:`Group`).

    ``groups`` lists the four groups (melds included) and the pair last for the
    standard shape; seven pairs for chiitoitsu; for kokushi the pair and then the
    twelve single kinds as PAIR/SEQUENCE-free singles are not groups, so ``groups``
    holds only the pair. ``win_index`` is the index in ``groups`` of the group the
    winning tile completed (-1 for kokushi). ``wait`` is one of ``ryanmen``,
    ``kanchan``, ``penchan``, ``tanki``, ``shanpon``, ``kokushi``, ``kokushi_13``.
    """

    shape: str
    groups: tuple[Group, ...]
    win_index: int
    wait: Wait

    @property
    def pair(self) -> int:
        """The kind of the pair (standard and kokushi shapes)."""
        return self.groups[-1].kind

    def notation(self, reds: Sequence[int] = (0, 0, 0)) -> tuple[str, ...]:
        """Each group in notation (SPEC §3 ``reading``). ``reds`` are the red fives among
        the concealed tiles per suit (m, p, s): each is shown as ``0`` in the first
        concealed groups holding a five of its suit."""
        if self.shape == KOKUSHI:
            pair = self.groups[0].kind
            singles = tuple(
                f"{k % 9 + 1}{SUITS[k // 9]}" for k in TERMINALS_AND_HONOURS if k != pair
            )
            return (self.groups[0].notation(), *singles)
        left = list(reds)
        out = []
        for g in self.groups:
            if g.meld is not None:
                out.append(_meld_notation(g.meld))
                continue
            text = _GROUP_TEXT[g.type][g.kind]
            suit = g.kind // 9
            if suit < 3 and left[suit]:
                fives = text.count("5")
                use = min(fives, left[suit])
                if use:
                    left[suit] -= use
                    text = (
                        "0" * use + text.replace("5", "", use)
                        if g.type != SEQUENCE
                        else (text.replace("5", "0", 1))
                    )
            out.append(text)
        return tuple(out)


# --------------------------------------------------------------------------- per suit


@cache
def suit_splits(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every split of one number suit (9 counts) into sequences, triplets and at most
    one pair, each split once.

    >>> suit_splits((3, 3, 3, 0, 0, 0, 0, 0, 0))
    ((((0, 0), (0, 0), (0, 0)), -1), (((1, 0), (1, 1), (1, 2)), -1))
    >>> suit_splits((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    total = sum(counts)
    if total % 3 == 1:
        return ()
    found: set[SuitSplit] = set()
    _split(list(counts), [], -1, total % 3 == 2, found)
    return tuple(sorted(found))


def _split(
    c: list[int],
    groups: list[tuple[int, int]],
    pair: int,
    need_pair: bool,
    found: set[SuitSplit],
) -> None:
    i = 0
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        if not need_pair or pair >= 0:
            found.add((tuple(sorted(groups)), pair))
        return
    if c[i] >= 3:
        c[i] -= 3
        groups.append((TRIPLET, i))
        _split(c, groups, pair, need_pair, found)
        groups.pop()
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        groups.append((SEQUENCE, i))
        _split(c, groups, pair, need_pair, found)
        groups.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if need_pair and pair < 0 and c[i] >= 2:
        c[i] -= 2
        _split(c, groups, i, need_pair, found)
        c[i] += 2


@cache
def honour_splits(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """The split of the honours (7 counts): triplets and at most one pair, or none."""
    groups: list[tuple[int, int]] = []
    pair = -1
    for i, n in enumerate(counts):
        if n == 3:
            groups.append((TRIPLET, i))
        elif n == 2 and pair < 0:
            pair = i
        elif n != 0:
            return ()
    if sum(counts) % 3 == 2 and pair < 0:
        return ()
    return ((tuple(groups), pair),)


# --------------------------------------------------------------------------- whole hand


def _sequence_wait(start: int, win: int) -> Wait:
    pos = win - start
    if pos == 1:
        return "kanchan"
    if (pos == 2 and start % 9 == 0) or (pos == 0 and start % 9 == 6):
        return "penchan"
    return "ryanmen"


#: Makes a named tuple from a tuple of its fields without the Python-level ``__new__``
#: of the class (half the cost): for the values made for every hand and reading, only
#: behind the typed makers below.
_new_tuple: Final = tuple.__new__
# The two classes as Final values, which the compiled build keeps in C statics (it looks a
# class's own name up in the module's globals at each use).
_READING: Final = Reading
_GROUP: Final = Group


def _reading(shape: str, groups: tuple[Group, ...], win_index: int, wait: Wait) -> Reading:
    """``Reading(shape, groups, win_index, wait)``, made at half the cost."""
    return _new_tuple(_READING, (shape, groups, win_index, wait))


def _group(type_: int, kind: int, concealed: bool, meld: Meld | None) -> Group:
    """``Group(type_, kind, concealed, meld)``, made at half the cost."""
    return _new_tuple(_GROUP, (type_, kind, concealed, meld))


#: The group a meld of each kind is: its type and whether it counts as concealed (only
#: a closed kan does). A table, so a meld's group is one lookup.
_MELD_SHAPE: Final = {
    MeldKind.CHI: (SEQUENCE, False),
    MeldKind.PON: (TRIPLET, False),
    MeldKind.KAN: (KAN, False),
    MeldKind.SHOUMINKAN: (KAN, False),
    MeldKind.ANKAN: (KAN, True),
}


def meld_groups(melds: Sequence[Meld]) -> tuple[Group, ...]:
    """The fixed groups of a hand's melds, in order (made once per hand: the readings and
    the hand facts both start from them)."""
    groups = []
    for meld in melds:
        type_, concealed = _MELD_SHAPE[meld.kind]
        groups.append(_group(type_, meld.tiles[0].kind, concealed, meld))
    return tuple(groups)


#: Bits per kind in a suit key: room for a count up to 15, so that no count carries into
#: the next kind (a hand holds at most 14 concealed tiles).
KIND_BITS: Final = 4
_COUNT: Final = (1 << KIND_BITS) - 1
#: What one tile of each kind adds to its suit's key (see :func:`suit_keys`).
UNIT: Final = tuple(1 << (KIND_BITS * (k % 9)) for k in range(34))
#: Where each kind's count sits in its suit's key.
_SHIFT: Final = tuple(KIND_BITS * (k % 9) for k in range(34))

#: Where a winning tile of one kind can sit in a split: ``(index of the group in the
#: split, wait)`` for each distinct group holding that kind (the pair is told apart).
WinPlaces = tuple[tuple[int, Wait], ...]

#: One suit's split with global kinds: ``(groups, pair, places)``; ``groups`` holds the
#: suit's concealed :class:`Group` values (shared, see ``_CONCEALED``); ``places[i]``
#: are the :data:`WinPlaces` of the suit's ``i``-th kind.
GlobalSplit = tuple[tuple[Group, ...], int, tuple[WinPlaces, ...]]


def _interned(type_: int, concealed: bool) -> tuple[Group, ...]:
    return tuple(Group(type_, k, concealed) for k in range(34))


# Groups formed from concealed tiles, one object per (type, kind, concealed): they are
# immutable, so every reading shares them instead of building its own.
_CONCEALED: Final = {t: _interned(t, True) for t in (SEQUENCE, TRIPLET, PAIR)}
_RON_TRIPLET: Final = _interned(TRIPLET, False)
_PAIRS: Final = _CONCEALED[PAIR]


@mypyc_attr(acyclic=True)
class SuitEntry:
    """What one suit's tiles contribute to a hand, worked out once per suit shape (a
    slotted class: the compiled build reads its fields without a lookup)."""

    __slots__ = ("kinds", "pairs", "present", "splits", "triplets", "twos")

    def __init__(self, base: int, counts: tuple[int, ...], splits: tuple[SuitSplit, ...]) -> None:
        """The entry of a suit whose first kind is ``base``, from its ``counts`` and their
        ``splits``; kinds are made global so that a hand's readings are put together
        without re-indexing."""
        n = sum(counts)
        made = tuple(_global_split(base, len(counts), groups, pair) for groups, pair in splits)
        #: The suit's splits (:data:`GlobalSplit`).
        self.splits = made
        #: -1 when the suit cannot be split into groups and at most one pair (no standard
        #: reading), 0 for an empty suit, else the number of pairs its splits hold plus one.
        self.pairs = 0 if n == 0 else -1 if not made else 2 if n % 3 == 2 else 1
        #: The kinds held, bit ``k`` for kind ``k``.
        self.present = kind_bits(base + i for i, c in enumerate(counts) if c)
        #: How many kinds are held, how many exactly twice, how many three times or more.
        self.kinds = sum(1 for c in counts if c)
        self.twos = counts.count(2)
        self.triplets = sum(1 for c in counts if c >= 3)


#: Per suit (m, p, s, z): suit key -> its entry. Filled as suit shapes are met, so each
#: shape is worked out once per process.
_SUIT_ENTRIES: Final[tuple[dict[int, SuitEntry], ...]] = ({}, {}, {}, {})


_clear_splits = suit_splits.cache_clear


def _clear_suit_tables() -> None:
    """Forget every suit shape: the splits and the per-suit entries made from them (which
    must not outlive them). Installed as ``suit_splits.cache_clear``."""
    _clear_splits()
    for table in _SUIT_ENTRIES:
        table.clear()


setattr(suit_splits, "cache_clear", _clear_suit_tables)  # noqa: B010 (a method of the cache)


def suit_keys(tiles: Iterable[Tile]) -> list[int]:
    """The suit keys of ``tiles``, one per suit (m, p, s, honours): a suit's tile counts
    as one int, :data:`KIND_BITS` bits per kind, the suit's lowest kind lowest. A key is
    cheap to make and to hash (and a machine int in the compiled build): the suit tables
    are keyed by it.

    >>> from agari.tiles import Tile
    >>> [hex(k) for k in suit_keys([Tile(0), Tile(0), Tile(2), Tile(27)])]
    ['0x102', '0x0', '0x0', '0x1']
    """
    m = p = s = z = 0
    for t in tiles:
        kind = t.kind
        if kind < 9:
            m += UNIT[kind]
        elif kind < 18:
            p += UNIT[kind]
        elif kind < 27:
            s += UNIT[kind]
        else:
            z += UNIT[kind]
    return [m, p, s, z]


def suit_key(counts: Iterable[int]) -> int:
    """One suit's key (:func:`suit_keys`) from its counts, lowest kind first."""
    return sum(n << KIND_BITS * i for i, n in enumerate(counts))


def keys_of_counts(counts: Sequence[int]) -> list[int]:
    """The suit keys (:func:`suit_keys`) of 34 kind counts."""
    return [suit_key(counts[base : base + 9]) for base in (0, 9, 18, 27)]


def kind_bits(kinds: Iterable[int]) -> int:
    """Kinds as bits, bit ``k`` for kind ``k`` (as a suit entry's ``present``)."""
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return bits


def count_of(keys: list[int], kind: int) -> int:
    """How many tiles of ``kind`` the suit keys hold."""
    return keys[kind // 9] >> _SHIFT[kind] & _COUNT


def suit_entries(keys: list[int]) -> tuple[SuitEntry, ...]:
    """The entries of the four suits' keys, from the suit tables."""
    m, p, s, z = _SUIT_ENTRIES
    key_m, key_p, key_s, key_z = keys
    return (
        m.get(key_m) or _suit_entry(0, key_m),
        p.get(key_p) or _suit_entry(1, key_p),
        s.get(key_s) or _suit_entry(2, key_s),
        z.get(key_z) or _suit_entry(3, key_z),
    )


def _suit_entry(suit: int, key: int) -> SuitEntry:
    """Work out the entry of one suit's key and keep it."""
    counts = tuple(key >> KIND_BITS * i & _COUNT for i in range(7 if suit == 3 else 9))
    splits = honour_splits(counts) if suit == 3 else suit_splits(counts)
    entry = _SUIT_ENTRIES[suit][key] = SuitEntry(9 * suit, counts, splits)
    return entry


def _global_split(
    base: int, size: int, groups: tuple[tuple[int, int], ...], pair: int
) -> GlobalSplit:
    """One split of a suit with global kinds and the places of a winning tile of each of
    the suit's kinds (a repeated group, as in iipeikou, is one place)."""
    made = tuple(_CONCEALED[t][base + i] for t, i in groups)
    places: list[list[tuple[int, Wait]]] = [[] for _ in range(size)]
    for index, (t, i) in enumerate(groups):
        if index and groups[index - 1] == (t, i):
            continue
        if t == SEQUENCE:
            for win in range(i, i + 3):
                places[win].append((index, _sequence_wait(base + i, base + win)))
        else:
            places[i].append((index, "shanpon"))
    return made, base + pair if pair >= 0 else -1, tuple(tuple(p) for p in places)


def standard_readings(
    entries: Sequence[SuitEntry], win: int, tsumo: bool, fixed: tuple[Group, ...] = ()
) -> list[Reading]:
    """Readings as four groups and a pair. ``entries`` are the suit entries
    (:func:`suit_entries`) of the concealed tiles *with* the winning tile; ``fixed`` the
    melds' groups (:func:`meld_groups`)."""
    # The usual case is one way to split each suit: its groups so far, the pair, where
    # the winning tile's suit starts among the groups and the winning tile's places in
    # that suit (see GlobalSplit). ``ways`` lists every way once a suit splits in more.
    acc: tuple[Group, ...] = ()
    pair = -1
    start = 0
    found: WinPlaces = ()
    ways: list[tuple[tuple[Group, ...], int, int, WinPlaces]] | None = None
    win_base = win - win % 9  # the first kind of the winning tile's suit
    pair_suits = 0
    base = -9
    for entry in entries:
        base += 9
        pairs = entry.pairs
        splits = entry.splits
        if pairs <= 0:
            if pairs < 0:
                return []
            continue  # an empty suit
        if pairs == 2:
            pair_suits += 1
        if ways is None and len(splits) == 1:
            groups, p, places = splits[0]
            if base == win_base:
                start, found = len(acc), places[win - base]
            acc += groups
            if p >= 0:
                pair = p
            continue
        if ways is None:
            ways = [(acc, pair, start, found)]
        ways = [
            (
                acc + groups,
                pair if p < 0 else p,
                len(acc) if base == win_base else start,
                places[win - base] if base == win_base else found,
            )
            for acc, pair, start, found in ways
            for groups, p, places in splits
        ]
    if pair_suits != 1:
        return []
    result: list[Reading] = []
    for way_groups, way_pair, way_start, way_found in ways or ((acc, pair, start, found),):
        for index, wait in way_found:
            result.append(_build(way_groups, way_pair, way_start + index, wait, tsumo, fixed))
        if way_pair == win:
            result.append(_build(way_groups, way_pair, -1, "tanki", tsumo, fixed))
    return result


def _build(
    closed_groups: tuple[Group, ...],
    pair: int,
    win_index: int,
    wait: Wait,
    tsumo: bool,
    fixed: tuple[Group, ...],
) -> Reading:
    """The reading whose winning tile completed ``closed_groups[win_index]`` (-1: the
    pair)."""
    groups = [*closed_groups, *fixed, _PAIRS[pair]]
    if win_index < 0:
        win_index = len(groups) - 1
    else:
        win_group = closed_groups[win_index]
        if win_group.type == TRIPLET and not tsumo:
            # A triplet completed by a ron counts as open (RULES.md, "Fu").
            groups[win_index] = _RON_TRIPLET[win_group.kind]
    return _reading(STANDARD, tuple(groups), win_index, wait)


def chiitoitsu_reading(entries: Sequence[SuitEntry]) -> Reading | None:
    """Seven pairs of seven different kinds, or ``None`` (``entries`` of 14 tiles)."""
    m, p, s, z = entries
    if m.twos + p.twos + s.twos + z.twos != 7 or m.kinds + p.kinds + s.kinds + z.kinds != 7:
        return None
    present = m.present | p.present | s.present | z.present
    pairs = _PAIRS
    groups = tuple(pairs[k] for k in range(34) if present >> k & 1)
    return Reading(CHIITOITSU, groups, -1, "tanki")


#: The thirteen kinds of thirteen orphans, as the bits of a suit entry's ``present``.
_ORPHAN_BITS: Final = kind_bits(TERMINALS_AND_HONOURS)


def kokushi_reading(entries: Sequence[SuitEntry], keys: list[int], win: int) -> Reading | None:
    """Thirteen orphans, or ``None``; 13-sided when the winning tile made the pair.
    ``entries`` are the suit entries of the suit ``keys``."""
    m, p, s, z = entries
    # Thirteen kinds, all terminals and honours, one of them twice: fourteen tiles.
    if (
        m.present | p.present | s.present | z.present != _ORPHAN_BITS
        or m.twos + p.twos + s.twos + z.twos != 1
        or m.triplets + p.triplets + s.triplets + z.triplets
    ):
        return None
    pair = next(k for k in TERMINALS_AND_HONOURS if count_of(keys, k) == 2)
    wait: Wait = "kokushi_13" if pair == win else "kokushi"
    return Reading(KOKUSHI, (Group(PAIR, pair, True),), -1, wait)


def readings_of_keys(
    keys: list[int], win: int, tsumo: bool, fixed: tuple[Group, ...] = ()
) -> tuple[list[Reading], tuple[SuitEntry, ...]]:
    """Every reading of the concealed tiles' suit ``keys`` (with the winning tile) plus
    the melds' groups ``fixed`` (:func:`meld_groups`), and the suits' entries (the hand
    facts are read off them too)."""
    entries = suit_entries(keys)
    result = standard_readings(entries, win, tsumo, fixed)
    if fixed:
        return result, entries
    seven = chiitoitsu_reading(entries)
    if seven is not None:
        result.append(seven)
    elif not result:  # thirteen orphans has no other reading
        orphans = kokushi_reading(entries, keys, win)
        if orphans is not None:
            result.append(orphans)
    return result, entries


def readings_of_counts(
    counts: Sequence[int], win: int, tsumo: bool, fixed: tuple[Group, ...] = ()
) -> list[Reading]:
    """Every reading of concealed kind ``counts`` (with the winning tile) plus the melds'
    groups ``fixed``."""
    return readings_of_keys(keys_of_counts(counts), win, tsumo, fixed)[0]


def readings(
    concealed: tuple[Tile, ...], win: Tile, tsumo: bool = False, melds: tuple[Meld, ...] = ()
) -> list[Reading]:
    """Every reading of ``concealed`` (without the winning tile) plus ``win``."""
    keys = suit_keys(concealed)
    keys[win.kind // 9] += UNIT[win.kind]
    return readings_of_keys(keys, win.kind, tsumo, meld_groups(melds))[0]


def hand_readings(hand: Hand) -> list[Reading]:
    """Every reading of a hand whose winning tile is known."""
    if hand.win is None:
        return []
    return readings(hand.concealed, hand.win, hand.context.tsumo, hand.melds)


def is_complete(keys: list[int], n_melds: int) -> bool:
    """Whether the concealed tiles' suit ``keys`` (``14 - 3 * n_melds`` tiles) plus
    ``n_melds`` fixed groups form a complete hand (any shape). Used for waits: no readings
    are built."""
    entries = suit_entries(keys)
    pair_suits = 0
    for entry in entries:
        if entry.pairs < 0:
            break
        pair_suits += entry.pairs == 2
    else:
        if pair_suits == 1:
            return True
    if n_melds:
        return False
    return chiitoitsu_reading(entries) is not None or kokushi_reading(entries, keys, -1) is not None
