"""Tiles: the 34 kinds, red fives, their notation and the dora successor.

A tile kind is an ``int`` from 0 to 33: 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s and
27-33 the honours 1z-7z (East, South, West, North, white, green, red). Kinds are plain
ints because every table in the engine is indexed by them; :class:`Tile` adds the red
flag and the notation.

>>> Tile.parse("0p")
Tile('0p')
>>> Tile.parse("0p").kind, Tile.parse("0p").red
(13, True)
>>> str(dora_from_indicator(Tile.parse("9m")))
'1m'
>>> str(dora_from_indicator(Tile.parse("4z"))), str(dora_from_indicator(Tile.parse("7z")))
('1z', '5z')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from agari.native import reduce_fields

SUITS: Final = "mpsz"
# The honour kinds, each a Final literal: compiled modules take the number itself rather
# than looking the name up in this module's globals at every use.
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
HAKU: Final = 31
HATSU: Final = 32
CHUN: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (HAKU, HATSU, CHUN)
WIND_LETTERS: Final = "ESWN"

#: Kinds of the terminals and honours, the thirteen tiles of kokushi.
TERMINALS_AND_HONOURS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
IS_TERMINAL_OR_HONOUR: Final = tuple(k in TERMINALS_AND_HONOURS for k in range(34))
IS_HONOUR: Final = tuple(k >= 27 for k in range(34))
#: 2s 3s 4s 6s 8s and the green dragon.
GREEN_KINDS: Final = frozenset({19, 20, 21, 23, 25, HATSU})

_FIVES: Final = (4, 13, 22)


def kind_suit(kind: int) -> int:
    """0 for m, 1 for p, 2 for s, 3 for honours."""
    return kind // 9


def kind_number(kind: int) -> int:
    """1-9 within the suit (1-7 for honours)."""
    return kind % 9 + 1


def kind_name(kind: int) -> str:
    """The notation of a kind, e.g. ``5m`` or ``7z``."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def absent_in_three_player(kind: int) -> bool:
    """Whether the kind is one of 2m-8m, taken out of the set in three-player mahjong
    (RULES.md "Three-player")."""
    return 1 <= kind <= 7


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: a kind (0-33) and whether it is a red five."""

    kind: int
    red: bool = False

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return reduce_fields(self)  # pickled and copied alike in both builds

    def __post_init__(self) -> None:
        if not 0 <= self.kind < 34:
            raise ValueError(f"tile kind {self.kind} is outside 0..33")
        if self.red and self.kind not in _FIVES:
            raise ValueError(f"{kind_name(self.kind)} cannot be red: only fives are")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile such as ``5m``, ``0p`` (red five) or ``7z`` / ``7h``."""
        if len(text) != 2 or not text[0].isdigit() or text[1] not in "mpszh":
            raise ValueError(f"not a tile: {text!r}")
        return cls.from_digit(int(text[0]), text[1])

    @classmethod
    def from_digit(cls, digit: int, suit: str) -> Tile:
        """The tile written as ``digit`` in ``suit`` (``0`` is a red five)."""
        suit = "z" if suit == "h" else suit
        index = SUITS.index(suit)
        if digit == 0:
            if index == 3:
                raise ValueError("0z is not a tile: only 5m, 5p and 5s have red fives")
            return cls(index * 9 + 4, red=True)
        if index == 3 and digit > 7:
            raise ValueError(f"{digit}z is not a tile: honours are 1z–7z")  # noqa: RUF001
        if digit < 1:
            raise ValueError(f"{digit}{suit} is not a tile")
        return cls(index * 9 + digit - 1)

    @property
    def suit(self) -> str:
        return SUITS[self.kind // 9]

    @property
    def number(self) -> int:
        return self.kind % 9 + 1

    @property
    def digit(self) -> int:
        """The digit used in notation: 0 for a red five."""
        return 0 if self.red else self.kind % 9 + 1

    @property
    def is_honour(self) -> bool:
        return self.kind >= 27

    @property
    def is_terminal_or_honour(self) -> bool:
        return IS_TERMINAL_OR_HONOUR[self.kind]

    def __str__(self) -> str:
        return _RED_NAMES[self.kind] if self.red else _NAMES[self.kind]

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"


#: The plain (not red) tile of each kind, made once: a tile made anew runs its checks.
PLAIN_TILES: Final[tuple[Tile, ...]] = tuple(Tile(kind) for kind in range(34))
#: The notation of every kind, and of its red five (only fives have one).
_NAMES: Final = tuple(kind_name(k) for k in range(34))
_RED_NAMES: Final = tuple(f"0{SUITS[k // 9]}" if k in _FIVES else _NAMES[k] for k in range(34))


def tile_code(tile: Tile) -> int:
    """A tile as an int: ``kind * 2``, plus 1 for a plain tile. Sorted codes are tiles in
    the notation's order (a red five before its plain five); a list of ints is searched
    and sorted in C, where comparing tiles calls Python for each pair (the round table
    keeps concealed tiles so)."""
    return tile.kind * 2 + (not tile.red)


#: The tile of each code (:func:`tile_code`); an even code of a kind with no red five
#: stands for nothing and maps to 1m.
TILE_OF_CODE: Final[tuple[Tile, ...]] = tuple(
    Tile(code >> 1, red=not code & 1) if code & 1 or (code >> 1) in _FIVES else Tile(0)
    for code in range(68)
)


def dora_from_indicator(indicator: Tile, players: int = 4) -> Tile:
    """The dora shown by ``indicator``: the next tile in order (RULES.md, "Dora").

    Numbers wrap 9→1, winds E→S→W→N→E, dragons white→green→red→white. With three
    players 1m indicates 9m (2m-8m are not in the set).
    """
    return Tile(dora_kind(indicator.kind, players))


def dora_kind(kind: int, players: int = 4) -> int:
    """The dora kind shown by an indicator kind."""
    if kind >= 31:
        return 31 + (kind - 31 + 1) % 3
    if kind >= 27:
        return 27 + (kind - 27 + 1) % 4
    if players == 3 and kind == 0:
        return 8
    if players == 3 and kind == 8:
        return 0
    return kind - kind % 9 + (kind % 9 + 1) % 9


def wind_letter(kind: int) -> str:
    """``E``, ``S``, ``W`` or ``N`` for a wind kind."""
    return WIND_LETTERS[kind - EAST]
