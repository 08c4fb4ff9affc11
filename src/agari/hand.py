"""Value types for a hand: :class:`Meld`, :class:`Context` and :class:`Hand`.

All three are frozen. A :class:`Hand` prints as its normal form (SPEC §1) and
``Hand.parse`` reads any notation the grammar accepts.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from agari.tiles import EAST, WIND_LETTERS, Tile

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

Source = Literal["left", "across", "right"]
Wind = Literal["E", "S", "W", "N"]

#: The situational context words that are plain flags, in normal-form order.
SITUATIONAL: Final = (
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)


class _Notation(NamedTuple):
    """The functions of :mod:`agari.notation` that the value types call."""

    parse_hand: Callable[[str], Hand]
    hand_from_dict: Callable[[Mapping[str, Any]], Hand]
    format_hand: Callable[[Hand], str]
    format_meld: Callable[[Meld], str]


@functools.cache
def _notation() -> _Notation:
    """The reading and printing functions, imported on first use (those modules import
    this one) and kept: an import statement in every ``str()`` and ``parse`` costs more."""
    from agari import normal_form, notation, records

    return _Notation(
        notation.parse_hand,
        records.hand_from_dict,
        normal_form.format_hand,
        normal_form.format_meld,
    )


class MeldKind(StrEnum):
    """The five kinds of called or declared group (SPEC §1 "Melds")."""

    CHI = "chi"
    PON = "pon"
    KAN = "kan"  # open kan (daiminkan), called from a discard
    SHOUMINKAN = "shouminkan"  # added kan: a pon plus the fourth tile
    ANKAN = "ankan"  # closed kan


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared group.

    ``tiles`` are in ascending order (red five before a plain five of the same kind).
    ``source`` says whom the called tile came from; ``called`` is the called tile
    (for a chi it tells which of the three was taken). A closed kan has neither.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    source: Source | None = None
    called: Tile | None = None

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.KAN, MeldKind.SHOUMINKAN, MeldKind.ANKAN)

    @property
    def first_kind(self) -> int:
        """The lowest tile kind of the group (the kind itself for pon and kan)."""
        return self.tiles[0].kind

    def __str__(self) -> str:
        return _notation().format_meld(self)

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"


@dataclass(frozen=True)
class Context:
    """Everything about a win that is not the tiles (SPEC §1 "Context words").

    Winds are letters ``E S W N``; the dealer is the player whose seat wind is East.
    ``dora_count``/``ura_count`` hold a bare number given as ``dora=2``.
    ``win_from`` is the marker after the winning tile (``+5z=``): it implies ron.
    Not slotted, so that :func:`make_context` can fill all fields at once.
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Wind = "S"
    round_wind: Wind = "E"
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    dora_count: int = 0
    ura_count: int = 0
    honba: int = 0
    sticks: int = 0
    kita: int = 0
    pao: Wind | None = None
    wareme: Wind | None = None
    rules: str | None = None
    win_from: Source | None = None

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def seat_wind_kind(self) -> int:
        return EAST + WIND_LETTERS.index(self.seat_wind)

    @property
    def round_wind_kind(self) -> int:
        return EAST + WIND_LETTERS.index(self.round_wind)

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @functools.cached_property
    def rare_words(self) -> bool:
        """Whether any of the rarer situational words is given (double riichi, ippatsu,
        haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou). Most wins have none,
        and the engine then skips what they decide; worked out once per context (a
        context is shared by every hand read with the same words)."""
        return (
            self.double_riichi
            or self.ippatsu
            or self.haitei
            or self.houtei
            or self.rinshan
            or self.chankan
            or self.tenhou
            or self.chiihou
            or self.renhou
        )


_CONTEXT_DEFAULTS: Final = {f.name: f.default for f in fields(Context)}
_CONTEXT_FIELDS: Final = frozenset(_CONTEXT_DEFAULTS)


def make_context(**values: Any) -> Context:
    """``Context(**values)`` made in one step, for the notation reader (most hands read
    bring a context not seen before): the ``__init__`` of a frozen dataclass sets its 24
    fields one by one through ``object.__setattr__``, four times slower."""
    assert values.keys() <= _CONTEXT_FIELDS, values.keys() - _CONTEXT_FIELDS
    context = object.__new__(Context)
    object.__setattr__(context, "__dict__", {**_CONTEXT_DEFAULTS, **values})
    return context


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: concealed tiles, the winning tile (if known), melds and context.

    ``concealed`` holds the closed tiles *without* the winning tile, sorted.
    ``win`` is ``None`` for a 13-tile waiting hand, or a 14-tile hand whose winning
    tile is not known.
    """

    concealed: tuple[Tile, ...]
    win: Tile | None = None
    melds: tuple[Meld, ...] = ()
    context: Context = field(default_factory=Context)
    #: Whether :func:`agari.validate.validate` has passed the hand: the readers check
    #: every hand they make, and the API checks a hand made directly before using it.
    #: Not part of the value (a copy made with ``replace`` is checked afresh).
    _checked: bool = field(default=False, init=False, repr=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand from its notation (SPEC §1); raise :class:`HandError` if bad."""
        return _notation().parse_hand(text)

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> Hand:
        """Read a hand from the structured form (SPEC §2)."""
        return _notation().hand_from_dict(record)

    @property
    def tile_count(self) -> int:
        """Tiles counting each meld as three (a kan's fourth tile is extra)."""
        return len(self.concealed) + (self.win is not None) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """No meld but closed kans."""
        return all(not m.is_open for m in self.melds)

    @property
    def closed_tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles with the winning tile, if any."""
        if self.win is None:
            return self.concealed
        return (*self.concealed, self.win)

    def __str__(self) -> str:
        return _notation().format_hand(self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"
