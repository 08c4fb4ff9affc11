"""Value types for a hand: :class:`Meld`, :class:`Context` and :class:`Hand`.

All three are frozen, and each prints as its normal form (SPEC §1): digit-first, suits in
m p s z order, tiles sorted (a red five printed as ``0`` in its place), melds after ``", "``
with their markers, context words in a fixed order with defaults left out. Reading text or
records into a :class:`Hand` is :mod:`agari.notation`'s job (``agari.parse_hand``); parsing the
normal form gives back an equal hand (tests/test_notation.py checks it on random hands).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final, Literal, NamedTuple, get_args

from agari.native import reduce_fields
from agari.tiles import EAST, SUITS, WIND_LETTERS, Tile

Source = Literal["left", "across", "right"]
Wind = Literal["E", "S", "W", "N"]
#: The seat winds in turn order: the dealer is East.
SEAT_WINDS: Final[tuple[Wind, ...]] = get_args(Wind)

#: What a context word's value is: a flag (how the hand was won, riichi, or a situation),
#: a wind letter, a whole number, indicator tiles (or a number of them), tiles in sight
#: (``seen=``, ``river=``: kept sorted), one tile with an optional discarder marker
#: (``call=``), or a preset name.
WordKind = Literal[
    "way", "riichi", "situation", "wind", "count", "tiles", "tile_list", "tile", "preset"
]


@dataclass(frozen=True, slots=True)
class ContextWord:
    """One context word (SPEC §1), declared once: the notation reader, the record reader
    (SPEC §2), the normal form, the human description and ``--help`` all read this table.

    ``word`` is its spelling in the normal form (``aliases`` are read too; the first is the
    one error messages show beside it), ``key`` what the
    notation reader calls it, ``field`` the :class:`Context` field it sets (``count_field``:
    the field a bare number sets, for ``dora=2``), ``record_keys`` its SPEC §2 keys,
    ``example`` how help shows it, ``meaning`` one line for people; ``names_seat`` when its
    value is a player's seat (North, absent in three-player, is then refused)."""

    word: str
    key: str
    kind: WordKind
    meaning: str
    example: str
    field: str | None = None
    aliases: tuple[str, ...] = ()
    record_keys: tuple[str, ...] = ()
    count_field: str | None = None
    names_seat: bool = False

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return reduce_fields(self)  # pickled and copied alike in both builds

    @property
    def takes_value(self) -> bool:
        return self.kind not in ("way", "riichi", "situation")


def _flag(word: str, meaning: str) -> ContextWord:
    return ContextWord(word, word, "situation", meaning, word, word, record_keys=(word,))


#: Every context word, in normal-form order.
CONTEXT_WORDS: Final = (
    ContextWord(
        "tsumo",
        "tsumo",
        "way",
        "won on a self-drawn tile",
        "tsumo",
        "tsumo",
        record_keys=("tsumo",),
    ),
    ContextWord("ron", "ron", "way", "won on a discard (the default)", "ron"),
    ContextWord(
        "riichi", "riichi", "riichi", "riichi declared", "riichi", "riichi", record_keys=("riichi",)
    ),
    ContextWord(
        "double-riichi",
        "double_riichi",
        "riichi",
        "riichi declared on the first discard (implies riichi)",
        "double-riichi",
        "double_riichi",
        aliases=("wriichi", "w-riichi", "double_riichi", "doubleriichi"),
        record_keys=("double_riichi",),
    ),
    ContextWord(
        "open-riichi",
        "open_riichi",
        "riichi",
        "riichi declared with the hand shown (rule open_riichi; implies riichi)",
        "open-riichi",
        "open_riichi",
        aliases=("open_riichi", "openriichi"),
        record_keys=("open_riichi",),
    ),
    ContextWord(
        "double-open-riichi",
        "double_open_riichi",
        "riichi",
        "open riichi declared on the first discard (rule open_riichi)",
        "double-open-riichi",
        aliases=("double_open_riichi",),
    ),
    _flag("ippatsu", "won within one turn of declaring riichi"),
    _flag("haitei", "won by tsumo on the last tile of the wall"),
    _flag("houtei", "won by ron on the last discard"),
    _flag("rinshan", "won by tsumo on a kan replacement tile"),
    _flag("chankan", "won by robbing a kan"),
    _flag("tenhou", "the dealer won on the first draw"),
    _flag("chiihou", "a non-dealer won on the first draw"),
    _flag("renhou", "won on a discard before the first draw"),
    ContextWord(
        "kita-ron",
        "kita_ron",
        "situation",
        "won by ron on a North another player set aside as kita (three-player; not chankan)",
        "kita-ron",
        "kita_ron",
        aliases=("kita_ron", "kitaron"),
        record_keys=("kita_ron",),
    ),
    _flag("sashikomi", "a player not in riichi dealt into an open riichi (rule sashikomi)"),
    ContextWord(
        "seat",
        "seat_wind",
        "wind",
        "the winner's seat wind (E deals)",
        "seat=E",
        "seat_wind",
        record_keys=("seat_wind",),
        names_seat=True,
    ),
    ContextWord(
        "round",
        "round_wind",
        "wind",
        "the round (prevailing) wind",
        "round=S",
        "round_wind",
        record_keys=("round_wind",),
    ),
    ContextWord(
        "dora",
        "dora",
        "tiles",
        "dora indicators, or a number of dora",
        "dora=3s7z",
        "dora_indicators",
        record_keys=("dora_indicators",),
        count_field="dora_count",
    ),
    ContextWord(
        "ura",
        "ura",
        "tiles",
        "ura-dora indicators (riichi only), or a number",
        "ura=2",
        "ura_indicators",
        record_keys=("ura_indicators",),
        count_field="ura_count",
    ),
    ContextWord(
        "honba",
        "honba",
        "count",
        "repeat counters (honba)",
        "honba=1",
        "honba",
        record_keys=("honba",),
    ),
    ContextWord(
        "paarenchan",
        "paarenchan",
        "count",
        "the dealer's wins in a row before this one (rule paarenchan: 7 makes this the 8th)",
        "paarenchan=7",
        "paarenchan",
        record_keys=("paarenchan",),
    ),
    ContextWord(
        "sticks",
        "sticks",
        "count",
        "riichi sticks on the table",
        "sticks=1",
        "sticks",
        record_keys=("riichi_sticks", "sticks"),
    ),
    ContextWord(
        "kita",
        "kita",
        "count",
        "north tiles set aside (three-player)",
        "kita=1",
        "kita",
        record_keys=("kita",),
    ),
    ContextWord(
        "pao",
        "pao",
        "wind",
        "the seat liable for a yakuman",
        "pao=W",
        "pao",
        record_keys=("pao",),
        names_seat=True,
    ),
    ContextWord(
        "wareme",
        "wareme",
        "wind",
        "the seat whose wall was broken (rule wareme)",
        "wareme=N",
        "wareme",
        record_keys=("wareme",),
        names_seat=True,
    ),
    ContextWord(
        "seen",
        "seen",
        "tile_list",
        "tiles this player sees beside the hand (rivers, others' melds): the waiting-hand "
        "analysis does not count them as unseen",
        "seen=19m5z",
        "seen",
        aliases=("visible",),
        record_keys=("seen",),
    ),
    ContextWord(
        "river",
        "river",
        "tile_list",
        "this player's own discards: a wait among them is furiten (no ron); seen too",
        "river=4p",
        "river",
        aliases=("discards", "kawa"),
        record_keys=("river",),
    ),
    ContextWord(
        "call",
        "call",
        "tile",
        "a discard this 13-tile hand may call: each chi, pon and open kan of it "
        "(optional marker: - left, = across, + right)",
        "call=3p",
        "call",
        aliases=("claim",),
        record_keys=("call",),
    ),
    ContextWord(
        "rules",
        "rules",
        "preset",
        "the rule preset for this hand",
        "rules=tenhou",
        "rules",
        record_keys=("rules",),
    ),
)

#: The situational context words that are plain flags, in normal-form order.
SITUATIONAL: Final = tuple(w.key for w in CONTEXT_WORDS if w.kind == "situation")


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

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return reduce_fields(self)  # pickled and copied alike in both builds

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
        return format_meld(self)

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"


class Offer(NamedTuple):
    """A discard a waiting hand may call (word ``call=``): the tile, and who discarded it
    (``source``, the marker after the tile: ``call=3p-``; ``None`` when not said). Prints
    as the word's value."""

    tile: Tile
    source: Source | None = None

    def __str__(self) -> str:
        return f"{self.tile}{_SOURCE_MARKER[self.source] if self.source else ''}"


class Context(NamedTuple):
    """Everything about a win that is not the tiles (SPEC §1 "Context words").

    Winds are letters ``E S W N``; the dealer is the player whose seat wind is East.
    ``dora_count``/``ura_count`` hold a bare number given as ``dora=2``.
    ``win_from`` is the marker after the winning tile (``+5z=``): it implies ron.
    A named tuple: immutable, made in one step from its values (:func:`context_of`), and
    its fields are read as fast in the pure build as in the compiled one, where a frozen
    dataclass is made field by field through ``object.__setattr__``.
    """

    tsumo: bool = False
    riichi: bool = False
    # The rarer situational words, side by side (see :func:`says_rare_words`).
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    #: Open riichi (words ``open-riichi``, ``double-open-riichi``): beside ``riichi`` or
    #: ``double_riichi``, the riichi was declared with the hand shown (rule ``open_riichi``).
    open_riichi: bool = False
    #: What the player sees beside the hand (word ``seen=``) and their own discards
    #: (``river=``), each sorted: the waiting-hand analysis counts both as seen, and a wait
    #: in the river is furiten. A win's value does not depend on them. Among the rarer
    #: words: the reader's checks of them (copies, ``call=``) run only when one is given.
    seen: tuple[Tile, ...] = ()
    river: tuple[Tile, ...] = ()
    #: A discard the waiting hand may call (``call=3p``, ``call=3p-``).
    call: Offer | None = None
    #: A player not in riichi dealt into this open riichi (word ``sashikomi``).
    sashikomi: bool = False
    seat_wind: Wind = "S"
    round_wind: Wind = "E"
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    dora_count: int = 0
    ura_count: int = 0
    honba: int = 0
    sticks: int = 0
    kita: int = 0
    #: Three-player: the win is a ron on a North another player set aside as kita (word
    #: ``kita-ron``): a ron, but not on a discard and not chankan (RULES.md "Three-player").
    kita_ron: bool = False
    #: The dealer's consecutive wins before this one (``paarenchan=N``).
    paarenchan: int = 0
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


#: Where the fields of the rarer words start and end (:func:`says_rare_words`;
#: ``paarenchan`` counts), ints, so that compiled code slices the tuple directly; and
#: their values when none is given.
_FIRST_RARE: Final = Context._fields.index("double_riichi")
_END_RARE: Final = Context._fields.index("sashikomi") + 1
_NO_RARE_FLAGS: Final[tuple[object, ...]] = tuple(
    Context._field_defaults[name] for name in Context._fields[_FIRST_RARE:_END_RARE]
)


def says_sight_words(context: Context) -> bool:
    """Whether ``seen=``, ``river=`` or ``call=`` is given (rare words too: see
    :func:`says_rare_words`)."""
    return bool(context.seen or context.river or context.call is not None)


def says_rare_words(context: Context) -> bool:
    """Whether any of the rarer words is given (double riichi, ippatsu, haitei, houtei,
    rinshan, chankan, tenhou, chiihou, renhou, the house rules' open riichi, sashikomi,
    paarenchan, and what the player sees: seen, river, call). Most hands have none, and
    the engine and the reader then skip what they decide (one test of the fields' slice,
    in C; a function, not a property, which compiled code would call through Python's
    attribute protocol)."""
    flags: tuple[object, ...] = context  # as a plain tuple, for its slice
    return flags[_FIRST_RARE:_END_RARE] != _NO_RARE_FLAGS or context.paarenchan > 0


#: Makes a named tuple from its fields' values, as ``_make`` does.
_new_tuple: Final = tuple.__new__
#: A context's fields with their defaults; the defaults in field order, and where each
#: field sits.
_CONTEXT_DEFAULTS: Final = Context._field_defaults
_DEFAULT_VALUES: Final = [_CONTEXT_DEFAULTS[name] for name in Context._fields]
_CONTEXT_INDEX: Final = {name: i for i, name in enumerate(Context._fields)}


def make_context(**values: Any) -> Context:
    """``Context(**values)`` made in one step (see :func:`context_of`)."""
    return context_of(values)


def context_of(changes: Mapping[str, Any]) -> Context:
    """``Context(**changes)`` made in one step, for the readers (most hands read bring a
    context not seen before): the defaults updated with ``changes``, as one tuple."""
    values = _DEFAULT_VALUES.copy()
    for name, value in changes.items():
        index = _CONTEXT_INDEX.get(name)
        assert index is not None, f"{name!r} is not a Context field"
        values[index] = value
    # ``Context._make`` without its Python-level frame: the fields are all there.
    return _new_tuple(Context, values)


def replace_context(context: Context, **changes: Any) -> Context:
    """``context`` with some fields changed (the game ledger completes every win's context
    this way)."""
    return context._replace(**changes)


#: The red-five counts (m, p, s) of a hand that holds none (:attr:`Hand._reds`); compare
#: with ``==``: compiled code makes the tuple anew at each use.
NO_REDS: Final = (0, 0, 0)


def red_fives(tiles: Iterable[Tile]) -> tuple[int, int, int]:
    """Red fives per suit (m, p, s) among ``tiles``."""
    red = [0, 0, 0]
    for tile in tiles:
        if tile.red:
            red[tile.kind // 9] += 1
    return (red[0], red[1], red[2])


#: A hand's context when none is given: every word at its default.
NO_CONTEXT: Final = Context()


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """A hand: concealed tiles, the winning tile (if known), melds and context.

    ``concealed`` holds the closed tiles *without* the winning tile, sorted.
    ``win`` is ``None`` for a 13-tile waiting hand, or a 14-tile hand whose winning
    tile is not known.
    """

    concealed: tuple[Tile, ...]
    win: Tile | None
    melds: tuple[Meld, ...]
    context: Context
    #: Whether :func:`agari.validate.validate` has passed the hand: the readers check
    #: every hand they make, and the API checks a hand made directly before using it.
    #: Not part of the value (a copy made with ``replace`` is checked afresh).
    _checked: bool = field(init=False, repr=False, compare=False)
    #: Red fives per suit (m, p, s) in everything the hand shows, and among its own tiles
    #: (concealed, winning tile, melds), noted by the check that counts its tiles
    #: (:func:`agari.notation.validate.check_tiles`): whether the rules allow that many is
    #: known only when the hand is scored, and the dora count reads the hand's own. Not
    #: part of the value.
    _reds: tuple[int, int, int] | None = field(init=False, repr=False, compare=False)
    _own_reds: tuple[int, int, int] | None = field(init=False, repr=False, compare=False)

    # Written out rather than generated, like the two notes below: the compiled build turns
    # ``object.__setattr__(self, "name", value)`` in a method into a plain store, where the
    # dataclass's own ``__init__`` stays interpreted Python (a tenth of the cost of
    # reading a hand from its text). The pure build does the same work either way.
    def __init__(
        self,
        concealed: tuple[Tile, ...],
        win: Tile | None = None,
        melds: tuple[Meld, ...] = (),
        context: Context = NO_CONTEXT,
    ) -> None:
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "win", win)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "context", context)
        object.__setattr__(self, "_checked", False)
        object.__setattr__(self, "_reds", None)
        object.__setattr__(self, "_own_reds", None)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return reduce_fields(self)  # pickled and copied alike in both builds

    def _note_reds(self, reds: tuple[int, int, int], own_reds: tuple[int, int, int]) -> None:
        """Note the red fives counted by :func:`agari.notation.validate.check_tiles`."""
        object.__setattr__(self, "_reds", reds)
        object.__setattr__(self, "_own_reds", own_reds)

    def _note_checked(self) -> None:
        """Note that :func:`agari.notation.validate.validate` has passed the hand."""
        object.__setattr__(self, "_checked", True)

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

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """The tiles the hand is made of: concealed, the winning tile, the melds' (not the
        indicators, nor kita set aside)."""
        tiles = [*self.concealed]
        if self.win is not None:
            tiles.append(self.win)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tuple(tiles)

    def __str__(self) -> str:
        return format_hand(self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


# --------------------------------------------------------------------------- normal form

_SOURCE_MARKER: Final[dict[str, str]] = {"left": "-", "across": "=", "right": "+"}
#: Enough entries for the melds and contexts of a large batch; then no more are kept.
_CACHE_LIMIT: Final = 8192


def clear_text_caches() -> None:
    """Forget the printed melds and context words (benchmarks, tests)."""
    _MELD_TEXT.clear()
    _WORDS_TEXT.clear()


def _meld_order(meld: Meld) -> list[tuple[Tile, str]]:
    """The meld's tiles in printing order, each with the marker printed after it."""
    tiles = list(meld.tiles)
    marker = _SOURCE_MARKER[meld.source] if meld.source and meld.called is not None else ""
    if not marker or meld.called is None:
        return [(t, "") for t in tiles]
    if meld.kind is MeldKind.SHOUMINKAN:
        others = list(tiles)
        others.remove(meld.called)
        return [(others[0], ""), (others[1], ""), (meld.called, marker), (others[2], "")]
    at = max(i for i, t in enumerate(tiles) if t == meld.called)
    return [(t, marker if i == at else "") for i, t in enumerate(tiles)]


def format_meld(meld: Meld) -> str:
    """A meld in digit-first normal form: ``3-45m``, ``777=z``, ``555=5p``, ``0555p``.

    >>> from agari.notation import parse_hand
    >>> format_meld(parse_hand("1z+1z, 3-45m, 777=z, 6666+s, 555=5p").melds[3])
    '555=5p'
    """
    hit = _MELD_TEXT.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if not meld.tiles:
        return ""
    body = "".join(f"{t.digit}{m}" for t, m in _meld_order(meld))
    text = body + meld.tiles[0].suit
    if len(_MELD_TEXT) < _CACHE_LIMIT:
        _MELD_TEXT[id(meld)] = (meld, text)
    return text


def format_tiles(tiles: tuple[Tile, ...] | list[Tile], *, keep_order: bool = False) -> str:
    """Tiles in digit-first form, grouped by suit (``123m406p``).

    With ``keep_order`` the tiles stay in the given order and only neighbours of the
    same suit share a suit letter (dora indicators are printed this way).
    """
    if not tiles:
        return ""
    if not keep_order:
        # By kind alone (a key read in C, not a Python call per tile); a red five that
        # came after a plain five of its kind is moved before it below.
        tiles = sorted(tiles, key=_KIND)
    out: list[str] = []
    suit = _SUIT_OF[tiles[0].kind]
    for tile in tiles:
        kind = tile.kind
        if _SUIT_OF[kind] != suit:
            out.append(suit)
            suit = _SUIT_OF[kind]
        out.append("0" if tile.red else _DIGIT_OF[kind])
    out.append(suit)
    text = "".join(out)
    if not keep_order and "50" in text:  # only a plain five and then a red one make "50"
        text = _FIVES.sub(_reds_first, text)
    return text


def format_codes(codes: Sequence[int]) -> str:
    """Sorted tile codes (:func:`~agari.tiles.tile_code`, the round table's) in the form
    :func:`format_tiles` gives their tiles: sorted codes are already in its order.

    >>> format_codes([1, 3, 5, 26, 27, 27, 55, 55])
    '123m055p11z'
    """
    # A digit for every code in one C call (bytes.translate), and each suit's letter after
    # its run, the runs found by bisection: no Python step a tile (the review prints a
    # hand at every decision).
    digits = bytes(codes).translate(_CODE_DIGITS).decode()
    m = bisect_left(codes, _FIRST_CODE_OF_SUIT[1])
    p = bisect_left(codes, _FIRST_CODE_OF_SUIT[2], m)
    s = bisect_left(codes, _FIRST_CODE_OF_SUIT[3], p)
    text = digits[:m] + SUITS[0] if m else ""
    if p > m:
        text += digits[m:p] + SUITS[1]
    if s > p:
        text += digits[p:s] + SUITS[2]
    if len(codes) > s:
        text += digits[s:] + SUITS[3]
    return text


_KIND: Final = attrgetter("kind")
#: The fives of one suit, red (``0``) and plain, side by side once sorted by kind.
_FIVES: Final = re.compile("[05]{2,}")


def _reds_first(fives: re.Match[str]) -> str:
    return "".join(sorted(fives.group()))


_SUIT_OF: Final = tuple(SUITS[kind // 9] for kind in range(34))
_DIGIT_OF: Final = tuple(str(kind % 9 + 1) for kind in range(34))
#: The digit of each tile code as a ``bytes.translate`` table: a red five's (even) code is
#: ``0``; bytes past the last code are never looked up.
_CODE_DIGITS: Final = bytes(
    ord("0") if code % 2 == 0 else ord(_DIGIT_OF[code // 2]) for code in range(68)
).ljust(256, b"?")
#: The first code of each suit (two codes a kind, nine kinds a suit).
_FIRST_CODE_OF_SUIT: Final = tuple(2 * 9 * suit for suit in range(4))
#: Printed melds and context words by object identity (the object is kept with its text,
#: so an id is never reused while its entry lives). Melds and contexts read by
#: parse_hand come from its caches, so the same objects come back again and again.
_MELD_TEXT: Final[dict[int, tuple[Meld, str]]] = {}
_WORDS_TEXT: Final[dict[int, tuple[Context, str]]] = {}


def _words(context: Context) -> list[str]:
    """The context words of the normal form: each word of :data:`CONTEXT_WORDS` whose field
    differs from its default, in the table's order (``riichi`` is implied by
    ``double-riichi``)."""
    c = context
    words: list[str] = []
    for w, name in _PRINTED_WORDS:
        if w.kind == "riichi":
            if w.key == _riichi_word(c):
                words.append(w.word)
            continue
        value = getattr(c, name)
        if value != _CONTEXT_DEFAULTS[name]:
            if not w.takes_value:
                words.append(w.word)
            elif w.kind == "tiles":
                words.append(f"{w.word}={format_tiles(value, keep_order=True)}")
            elif w.kind == "tile_list":
                words.append(f"{w.word}={format_tiles(value)}")
            else:
                words.append(f"{w.word}={value}")
        if w.count_field is not None and getattr(c, w.count_field):
            words.append(f"{w.word}={getattr(c, w.count_field)}")
    return words


def _riichi_word(c: Context) -> str | None:
    """The one riichi word of the normal form: ``riichi``, ``double-riichi``,
    ``open-riichi`` or ``double-open-riichi`` (each implies the ones before it)."""
    if c.double_riichi:
        return "double_open_riichi" if c.open_riichi else "double_riichi"
    if c.riichi:
        return "open_riichi" if c.open_riichi else "riichi"
    return None


#: The words the normal form may print (``ron`` is the default and has no field; the
#: riichi words are printed by :func:`_riichi_word`).
_PRINTED_WORDS: Final = tuple(
    (w, w.field or w.key) for w in CONTEXT_WORDS if w.field is not None or w.kind == "riichi"
)


def format_hand(hand: Hand) -> str:
    """The normal form (SPEC §1): digit-first, sorted, melds after ``", "``, context words
    in a fixed order with defaults left out.

    >>> from agari.notation import parse_hand
    >>> format_hand(parse_hand("m123p055z1112+z2=,s7-89 SEAT=e"))
    '123m055p1112z+2z=, 7-89s seat=E'
    """
    parts = [format_tiles(hand.concealed)]
    win = hand.win
    if win is not None:
        win_from = hand.context.win_from
        marker = _SOURCE_MARKER[win_from] if win_from else ""
        parts.append("+" + str(win) + marker)
    for meld in hand.melds:
        parts.append(", ")
        parts.append(format_meld(meld))
    context = hand.context
    hit = _WORDS_TEXT.get(id(context))
    if hit is not None and hit[0] is context:
        words = hit[1]
    else:
        words = " ".join(_words(context))
        if len(_WORDS_TEXT) < _CACHE_LIMIT:
            _WORDS_TEXT[id(context)] = (context, words)
    if words:
        parts.append(" ")
        parts.append(words)
    return "".join(parts)
