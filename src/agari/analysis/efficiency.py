"""Tile efficiency on counts, for the analysis of play: a hand's shanten, the tiles that
improve it counted on what one player has not seen, and every discard of 14 tiles with
those figures (SPEC §8 ``best`` and ``chosen``).

The hand analysis (:mod:`agari.analysis.waiting`) works on a :class:`~agari.hand.Hand`
and counts as unseen every copy outside the hand; a player at the table sees more (rivers,
melds, dora indicators). These functions take the counts the table keeps -- the concealed
tiles (``closed``, 34 counts), the melds, the copies in hand and melds (``held``) and the
copies that player can see (``seen``) -- and use the same shanten and acceptance rules
(:func:`~agari.analysis.waiting.shanten`: the fewest tiles missing, minus one; no fifth
copy; seven pairs of seven kinds). Results are memoised per hand for a game's review: a
player's hand after its discard is the one it draws to next.

These figures are in C as well (``_acceptance.c``, which every install builds where a C
compiler is there, and the compiled build always): the review asks for them at every
decision of every game, and in Python they cost most of its time. Where the C core is
there, these functions use it (:data:`NATIVE`); the two are held to the same answers by
tests, on random hands and on whole reviews.

>>> closed = [0] * 34
>>> for kind in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 31, 31):
...     closed[kind] += 1
>>> shanten_of(closed, 0, closed), winning_kinds(closed, 0, closed)
(0, (27, 31))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from agari.analysis.tables import forget_tables
from agari.analysis.waiting import (
    _improving_kinds,
    _limit_may_bite,
    _shanten,
    _shanten_after_discards,
)
from agari.native import mypyc_attr
from agari.tiles import PLAIN_TILES, Tile

try:  # the C core, where it was built
    from agari.analysis import _acceptance

    NATIVE = True
except ImportError:  # no C compiler at install, or AGARI_PURE=1
    NATIVE = False

__all__ = [
    "NATIVE",
    "DiscardFigures",
    "FigureRow",
    "discard_figures",
    "discard_rows",
    "figures_of",
    "forget_hands",
    "improving_kinds",
    "shanten_of",
    "tally",
    "winning_kinds",
]

_MEMO_LIMIT: Final = 1 << 16
_SHANTEN: dict[tuple[bytes, int], int] = {}
_IMPROVING: dict[tuple[bytes, int], tuple[int, ...]] = {}


def forget_hands() -> None:
    """Empty the memo of hands seen and the shanten tables' memos (what a fresh process
    starts with): a benchmark that reviews the same games again must not time them from
    what the pass before left."""
    _SHANTEN.clear()
    _IMPROVING.clear()
    forget_tables()
    if NATIVE:
        _acceptance.forget()


def _key(closed: Sequence[int], held: Sequence[int], melds: int) -> tuple[bytes, int]:
    """One hand's key: its concealed counts and the copies its melds hold (the four-copy
    limit reads both), and how many melds."""
    return bytes(closed) + bytes(held), melds


def tally(codes: list[int], base: bytes | None = None) -> bytes:
    """34 counts: ``base``'s (``None``: none) plus one for the kind of each tile code
    (:func:`~agari.tiles.tile_code`: the round table keeps a hand as codes). A code that is
    none, a base that is not 34 counts of at most 4, or a fifth copy of a kind is a
    ``ValueError``, as in the C core."""
    if NATIVE:
        return _acceptance.tally(codes, base)
    if base is None:
        out = bytearray(34)
    elif len(base) != 34:
        raise ValueError("base: 34 counts as bytes expected")
    else:
        for kind in range(34):  # by index: mypyc cannot loop over a bytes object
            if base[kind] > 4:
                raise ValueError(f"base: {base[kind]} copies of kind {kind}")
        out = bytearray(base)
    for code in codes:
        if not 0 <= code < 68:
            raise ValueError(f"codes: {code} is no tile code")
        if out[code >> 1] >= 4:
            raise ValueError(f"codes: a fifth copy of kind {code >> 1}")
        out[code >> 1] += 1
    return bytes(out)


def shanten_of(closed: Sequence[int], melds: int, held: Sequence[int]) -> int:
    """The shanten of 13 or 14 concealed counts beside ``melds`` melds."""
    if NATIVE:
        return _acceptance.shanten(bytes(closed), bytes(held), melds)
    return _shanten_memo(list(closed), melds, list(held))


def _shanten_memo(closed: list[int], melds: int, held: list[int]) -> int:
    """:func:`shanten_of` in Python, memoised."""
    key = _key(closed, held, melds)
    value = _SHANTEN.get(key)
    if value is None:
        value = _shanten(closed, melds, held)
        if len(_SHANTEN) < _MEMO_LIMIT:
            _SHANTEN[key] = value
    return value


def improving_kinds(closed: Sequence[int], melds: int, held: Sequence[int]) -> tuple[int, ...]:
    """The kinds whose draw lowers 13 tiles' shanten (a ready hand's: its winning kinds),
    none held four times."""
    if NATIVE:
        closed_bytes, held_bytes = bytes(closed), bytes(held)
        current = _acceptance.shanten(closed_bytes, held_bytes, melds)
        return _acceptance.improving(closed_bytes, held_bytes, melds, current)
    return _improving(list(closed), melds, list(held), shanten_of(closed, melds, held), None)


def _improving(
    closed: list[int], melds: int, held: list[int], shanten: int, bites: bool | None
) -> tuple[int, ...]:
    """:func:`improving_kinds` of 13 tiles whose ``shanten`` is known (and whether the
    four-copy limit may bite, when known), memoised."""
    key = _key(closed, held, melds)
    found = _IMPROVING.get(key)
    if found is None:
        found = tuple(_improving_kinds(closed, melds, held, shanten, bites))
        if len(_IMPROVING) < _MEMO_LIMIT:
            _IMPROVING[key] = found
    return found


def winning_kinds(closed: Sequence[int], melds: int, held: Sequence[int]) -> tuple[int, ...]:
    """The kinds that complete 13 tiles (empty when not ready; a kind held four times
    cannot be drawn, so a hand waiting only on such is not ready: karaten)."""
    if shanten_of(closed, melds, held) != 0:
        return ()
    if NATIVE:
        return _acceptance.improving(bytes(closed), bytes(held), melds, 0)
    # a ready hand's improving kinds are its winning kinds (memoised: the review has
    # counted the acceptance of the discard that made this hand)
    return _improving(list(closed), melds, list(held), 0, None)


@mypyc_attr(acyclic=True)  # values only: the compiled build leaves it out of the collector
@dataclass(slots=True, init=False)
class DiscardFigures:
    """One discard of 14 tiles: the shanten after it, the kinds that then improve the hand
    and how many copies of them the player has not seen (``count``). A value, not to be
    changed, but not frozen (see ``__init__``)."""

    kind: int
    shanten: int
    kinds: tuple[int, ...]
    count: int

    # Written out, and not frozen: a plain store per field in both builds (the compiled
    # build's dataclass __init__ would stay interpreted; a frozen class is filled through
    # ``object.__setattr__``, a call per field in the pure build). Two of these a decision.
    def __init__(self, kind: int, shanten: int, kinds: tuple[int, ...], count: int) -> None:
        self.kind = kind
        self.shanten = shanten
        self.kinds = kinds
        self.count = count

    @property
    def tile(self) -> Tile:
        """The tile discarded (the kind's plain copy)."""
        return PLAIN_TILES[self.kind]

    @property
    def key(self) -> tuple[int, int]:
        """Better first: lower shanten, then more acceptance."""
        return self.shanten, -self.count


#: A discard's figures as the C core gives them: the kind discarded, the shanten after it,
#: the kinds that then improve the hand, their copies not seen. The review reads every
#: discard's and keeps the few it shows as :class:`DiscardFigures`.
FigureRow = tuple[int, int, tuple[int, ...], int]


def figures_of(row: FigureRow) -> DiscardFigures:
    """A row's :class:`DiscardFigures`."""
    kind, shanten, kinds, count = row
    return DiscardFigures(kind, shanten, kinds, count)


def discard_figures(
    closed: Sequence[int],
    melds: int,
    held: Sequence[int],
    seen: Sequence[int],
    also: int | None = None,
) -> tuple[list[DiscardFigures], int]:
    """The discards of 14 concealed counts at the lowest shanten, and ``also`` (the one
    made) wherever it is, each kind once, best first (lowest shanten, then most unseen
    acceptance, then tile order), with the shanten before the discard: what a review
    weighs (the others are never the best, and the review does not show them). ``seen``:
    the copies of each kind the player can see, its own tiles and the discarded one among
    them."""
    rows, before = discard_rows(closed, melds, held, seen, also)
    return [figures_of(row) for row in rows], before


def discard_rows(
    closed: Sequence[int],
    melds: int,
    held: Sequence[int],
    seen: Sequence[int],
    also: int | None = None,
) -> tuple[list[FigureRow], int]:
    """:func:`discard_figures` as rows (:data:`FigureRow`), none made an object."""
    if NATIVE:
        before, found = _acceptance.figures(
            bytes(closed), bytes(held), melds, bytes(seen), -1 if also is None else also
        )
        return found, before  # best first already
    return _discard_rows_python(list(closed), melds, list(held), seen, also)


def _discard_rows_python(
    closed: list[int], melds: int, held: list[int], seen: Sequence[int], also: int | None
) -> tuple[list[FigureRow], int]:
    """:func:`discard_rows` in Python (where the C core was not built)."""
    before = _shanten_memo(closed, melds, held)
    after = _shanten_after_discards(closed, melds, held)
    # Fewer tiles never let the four-copy limit bite where all of them do not.
    bites = _limit_may_bite(closed, held)
    lowest = min(after)
    rows: list[FigureRow] = []
    for kind, value in enumerate(after):
        if not closed[kind]:
            continue
        if value != lowest and kind != also:
            continue
        closed[kind] -= 1
        held[kind] -= 1
        kinds = _improving(closed, melds, held, value, None if bites else False)
        closed[kind] += 1
        held[kind] += 1
        # the discarded copy lies in the river: seen, though no longer held
        count = sum(4 - seen[k] for k in kinds)
        rows.append((kind, value, kinds, count))
    rows.sort(key=lambda row: (row[1], -row[3], row[0]))
    return rows, before
