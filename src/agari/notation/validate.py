"""Checks that a :class:`~agari.hand.Hand` can exist, with messages that count and point.

``parse_hand`` and ``hand_from_dict`` call :func:`validate` on every hand they build; the
tile-level problems (bad tiles, bad melds, unknown words, bad values) are found while
reading. Codes (SPEC §3): ``too_many_copies``, ``too_many_red``, ``tile_count``,
``conflicting_context``.

>>> from agari.notation.text import parse_hand
>>> try:
...     parse_hand("123m456p789s1155z+5z tsumo chankan")
... except HandError as error:
...     print(error.code, error.column)
conflicting_context 28
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from agari.errors import HandError, and_list
from agari.hand import (
    CONTEXT_WORDS,
    NO_REDS,
    SEAT_WINDS,
    SITUATIONAL,
    Context,
    Hand,
    Meld,
    MeldKind,
    Offer,
    red_fives,
    says_rare_words,
    says_sight_words,
)
from agari.lang import N_, _, ngettext
from agari.lang.terms import term
from agari.tiles import NORTH, Tile, absent_in_three_player, kind_name

if TYPE_CHECKING:
    from agari.rules import Rules

__all__ = [
    "COUNTER_LIMITS",
    "MAX_INDICATORS",
    "check_conflicts",
    "check_context_values",
    "check_four_player",
    "check_made_hand",
    "check_meld_shapes",
    "check_red_fives",
    "check_three_player",
    "check_tile_count",
    "check_tiles",
    "check_tiles_in_sight",
    "check_value_types",
    "counter_problem",
    "mark_checked",
    "meld_shape_problem",
    "validate",
]

#: The most each counter can be in a game (the readers and :func:`check_made_hand` apply
#: the same bounds). ``honba``: a generous bound, far above any real game; ``sticks``: the
#: points in play (at most 4 x 30,000) in 1,000-point riichi sticks; ``kita``: the four North
#: tiles; ``dora_count``/``ura_count``: a hand's at most 18 tiles (four kans) times five
#: indicators.
COUNTER_LIMITS: Final[dict[str, int]] = {
    "honba": 99,
    "sticks": 120,
    "kita": 4,
    "dora_count": 90,
    "ura_count": 90,
    "paarenchan": 99,
}
#: Dora (and ura) indicators: one, plus one for each kan declared in the hand.
MAX_INDICATORS: Final = 5
_SOURCES: Final = ("left", "across", "right")


def validate(
    hand: Hand,
    said: Mapping[str, Any] | None = None,
    columns: Mapping[str, int] | None = None,
    win_column: int | None = None,
) -> None:
    """Raise :class:`HandError` if ``hand`` cannot exist.

    ``said`` holds the context words as written (``ron`` is only there when written),
    ``columns`` where each was written, so that messages can point at them.
    """
    check_tiles(hand)
    check_tile_count(hand)
    c = hand.context
    if len(c.dora_indicators) > MAX_INDICATORS or len(c.ura_indicators) > MAX_INDICATORS:
        which = "dora" if len(c.dora_indicators) > MAX_INDICATORS else "ura"
        n = len(c.dora_indicators if which == "dora" else c.ura_indicators)
        raise HandError(
            "bad_value",
            _(
                "{word}= shows {count} indicators: at most {limit} (one, plus one for each kan)"
            ).format(word=which, count=n, limit=MAX_INDICATORS),
            columns.get(which) if columns is not None else None,
        )
    if (c.ura_indicators or c.ura_count) and not (c.riichi or c.double_riichi):
        raise _conflict(
            _("ura= without riichi: ura dora are revealed and counted only for a riichi win"),
            columns.get("ura") or columns.get("ura_count") if columns is not None else None,
        )
    check_conflicts(
        hand, said if said is not None else {}, columns if columns is not None else {}, win_column
    )
    hand._note_checked()


def _check_sight(hand: Hand, col: Callable[[str], int | None]) -> None:
    """The words ``seen=``, ``river=`` and ``call=`` (rare: checked with the conflicts):
    no fifth copy nor second red five with the tiles they put in sight, and ``call=``
    on a hand that can call."""
    check_tiles_in_sight(hand)
    if hand.context.call is not None:
        _check_call(hand, col("call"))


def _check_call(hand: Hand, column: int | None) -> None:
    """``call=`` asks what calling a discard gives a 13-tile waiting hand: not a hand of
    14 tiles, not a hand in riichi (which calls no chi, pon or open kan), not beside a
    first-turn win (a call ends those chances)."""
    c = hand.context
    if hand.win is not None or hand.tile_count != 13:
        if hand.win:
            message = _(
                "call= asks what calling a discard gives a waiting hand of 13 tiles, but this "
                "hand has {count} with its winning tile"
            )
        else:
            message = _(
                "call= asks what calling a discard gives a waiting hand of 13 tiles, but this "
                "hand has {count}"
            )
        raise _conflict(message.format(count=hand.tile_count), column)
    if c.in_riichi:
        said = "double-riichi" if c.double_riichi else "riichi"
        raise _conflict(
            _("call= with {word}: a player in riichi calls no chi, pon or open kan").format(
                word=said
            ),
            column,
        )
    for word in ("tenhou", "chiihou", "renhou"):
        if getattr(c, word):
            raise _conflict(
                _("call= with {word}: a call ends the first-turn wins").format(word=word), column
            )


def check_made_hand(hand: Hand) -> None:
    """Raise :class:`HandError` if a :class:`Hand` made directly in Python (not read from
    notation or a record, which check while reading) cannot exist: the melds' shapes and
    everything :func:`validate` checks. A hand that passed once is not checked again.

    >>> from agari.hand import Hand, Meld, MeldKind
    >>> from agari.tiles import Tile
    >>> chi = Meld(MeldKind.CHI, (Tile(9), Tile(9), Tile(9)))
    >>> try:
    ...     check_made_hand(Hand((), None, (chi,)))
    ... except HandError as error:
    ...     print(error.code, error.message)
    bad_meld chi 1p 1p 1p: a chi is three consecutive numbers of one suit
    """
    if hand._checked:
        return
    check_value_types(hand)
    check_context_values(hand.context)
    check_meld_shapes(hand)
    validate(hand)


#: What a counter out of range is told, by counter (translated where shown).
_COUNTER_PROBLEMS: Final = {
    "kita": N_("{name} takes a whole number from 0 to {limit} (the four North tiles), not {value}"),
    "sticks": N_("{name} takes a whole number from 0 to {limit} (the points in play), not {value}"),
}


def counter_problem(
    name: str, value: int, shown_name: str | None = None, digits: int | None = None
) -> str | None:
    """Why ``value`` cannot be the counter ``name`` (a :data:`COUNTER_LIMITS` key), or
    ``None``: a counter is a whole number from 0 to its limit. The message calls the
    counter ``shown_name`` (the word or key the input wrote: ``kita=``), else ``name``;
    ``digits`` is how many digits the input wrote, where it wrote more than 12.

    >>> counter_problem("honba", 3) is None, counter_problem("kita", 5)
    (True, 'kita takes a whole number from 0 to 4 (the four North tiles), not 5')
    """
    limit = COUNTER_LIMITS[name]
    if 0 <= value <= limit:
        return None
    if digits is not None:
        shown = _("a number of {count} digits").format(count=digits)
    elif -(10**12) < value < 10**12:
        shown = str(value)
    else:
        shown = _("a number of more than 12 digits")
    message = _COUNTER_PROBLEMS.get(
        name, N_("{name} takes a whole number from 0 to {limit}, not {value}")
    )
    return _(message).format(name=shown_name or name, limit=limit, value=shown)


def check_context_values(context: Context) -> None:
    """Every field of a context made in Python holds a value the readers would accept:
    flags are ``True``/``False``, winds ``E S W N``, counters whole numbers within
    :data:`COUNTER_LIMITS`, at most :data:`MAX_INDICATORS` indicators of each kind. A wrong
    type is a ``bad_record`` error, a value out of range ``bad_value``."""
    c = context
    for name in ("tsumo", "riichi", "double_riichi", "open_riichi", *SITUATIONAL):
        value = getattr(c, name)
        if not isinstance(value, bool):
            raise HandError(
                "bad_record",
                _("{name} is {value}, not True or False").format(name=name, value=repr(value)),
            )
    for name, optional in (
        ("seat_wind", False),
        ("round_wind", False),
        ("pao", True),
        ("wareme", True),
    ):
        value = getattr(c, name)
        if value is None and optional:
            continue
        if value not in SEAT_WINDS or not isinstance(value, str):
            raise HandError(
                "bad_value",
                _("{name} takes 'E', 'S', 'W' or 'N', not {value}").format(
                    name=name, value=repr(value)
                ),
            )
    for name in COUNTER_LIMITS:
        value = getattr(c, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise HandError(
                "bad_record",
                _("{name} is {type} {value}, not a whole number").format(
                    name=name, type=type(value).__name__, value=repr(value)
                ),
            )
        problem = counter_problem(name, value)
        if problem is not None:
            raise HandError("bad_value", problem)
    if c.win_from is not None and (not isinstance(c.win_from, str) or c.win_from not in _SOURCES):
        raise HandError(
            "bad_value",
            _("win_from takes left, across or right, not {value}").format(value=repr(c.win_from)),
        )
    if c.rules is not None and not isinstance(c.rules, str):
        raise HandError(
            "bad_record",
            _("rules is {type}, not a preset name").format(type=type(c.rules).__name__),
        )
    for name in ("dora_indicators", "ura_indicators", "seen", "river"):
        if not isinstance(getattr(c, name), tuple):
            raise HandError("bad_record", _("{name} must be a tuple of Tile").format(name=name))
    offer: object = c.call
    if offer is not None and not (isinstance(offer, Offer) and isinstance(offer.tile, Tile)):
        raise HandError(
            "bad_record",
            _("call is {type}, not an Offer of a Tile").format(type=type(offer).__name__),
        )
    source = c.call.source if c.call is not None else None
    if source is not None and source not in _SOURCES:
        raise HandError(
            "bad_value",
            _("call's source takes left, across or right, not {value}").format(value=repr(source)),
        )


def check_value_types(hand: Hand) -> None:
    """Every part of a hand made in Python is of the type the engine reads: tiles are
    :class:`~agari.tiles.Tile` values, melds :class:`~agari.hand.Meld` values, the context a
    :class:`~agari.hand.Context` (a ``bad_record`` error names the first that is not)."""

    def wrong(what: str, value: Any, expected: str, name: str = "") -> HandError:
        # ``what`` is a field's own name (kept as it is) or a message marked with N_,
        # translated here (with ``name`` in it); ``expected`` is a type.
        shown = what if what in _FIELD_NAMES else _(what).format(name=name)
        return HandError(
            "bad_record",
            _("{what} is {type} {value}, not a {expected}").format(
                what=shown, type=type(value).__name__, value=repr(value), expected=expected
            ),
        )

    def tiles_of(what: str, each: str, value: object, name: str = "") -> None:
        if not isinstance(value, tuple):
            raise wrong(what, value, "tuple of Tile", name)
        for tile in value:
            if not isinstance(tile, Tile):
                raise wrong(each, tile, "Tile", name)

    # Each part is read as a plain object: the compiled build would check a declared type
    # on reading it, before the check here could name what is wrong.
    tiles_of("concealed", N_("a concealed tile"), hand.concealed)
    win: object = hand.win
    if win is not None and not isinstance(win, Tile):
        raise wrong(N_("the winning tile"), win, "Tile")
    melds: object = hand.melds
    if not isinstance(melds, tuple):
        raise wrong("melds", melds, "tuple of Meld")
    for meld in melds:
        if not isinstance(meld, Meld):
            raise wrong(N_("a meld"), meld, "Meld")
        tiles_of(N_("the tiles of meld {name}"), N_("a tile of meld {name}"), meld.tiles, meld.kind)
    context: object = hand.context
    if not isinstance(context, Context):
        raise wrong(N_("the context"), context, "Context")
    for field in ("dora_indicators", "ura_indicators"):
        tiles_of(field, N_("a dora indicator"), getattr(context, field))
    for field in ("seen", "river"):
        tiles_of(field, N_("a tile of {name}"), getattr(context, field), field)


#: The fields :func:`check_value_types` names as they are (the others by a message).
_FIELD_NAMES: Final = frozenset(
    {"concealed", "melds", "dora_indicators", "ura_indicators", "seen", "river"}
)


def mark_checked(hand: Hand) -> Hand:
    """``hand``, noted as checked without checking it: for a hand the engine derives from
    a checked one (the waits analysis values a wait even when every copy of its tile is in
    sight, as if it could still come)."""
    hand._note_checked()
    return hand


#: Each kind of called or declared group made of one tile kind: its size and the rule.
_PON: Final = (3, N_("a pon is three identical tiles"))
_KAN: Final = (4, N_("a kan is four identical tiles"))
_SAME_KIND: Final = {"pon": _PON, "kan": _KAN, "shouminkan": _KAN, "ankan": _KAN}


def meld_shape_problem(kind: str, tiles: Sequence[Tile]) -> str | None:
    """Why ``tiles`` (in ascending order) are not a meld of ``kind``, or ``None``: a chi is
    three consecutive numbers of one suit, a pon three identical tiles, a kan four.

    >>> from agari.tiles import Tile
    >>> meld_shape_problem("chi", (Tile(7), Tile(8), Tile(9)))  # 8m 9m 1p
    'a chi is three consecutive numbers of one suit'
    """
    kinds = [t.kind for t in tiles]
    if kind == "chi":
        if len(kinds) != 3:
            return _("a chi has 3 tiles, not {count}").format(count=len(kinds))
        first = kinds[0]
        if first >= 27:
            return _("honours cannot form a chi")
        if first % 9 > 6 or kinds != [first, first + 1, first + 2]:
            return _("a chi is three consecutive numbers of one suit")
        return None
    size, rule = _SAME_KIND[kind]
    if len(kinds) != size or kinds.count(kinds[0]) != size:
        return _(rule)
    return None


def check_meld_shapes(hand: Hand) -> None:
    """Every meld is the group its kind says (:func:`meld_shape_problem`)."""
    for meld in hand.melds:
        problem = meld_shape_problem(meld.kind, meld.tiles)
        if problem is not None:
            shown = " ".join(str(t) for t in meld.tiles)
            raise HandError("bad_meld", f"{meld.kind} {shown}: {problem}")


def _visible(hand: Hand, own: tuple[Tile, ...]) -> list[Tile]:
    """Everything the hand shows: its own tiles (``hand.all_tiles``) and the indicators
    (with :func:`_in_sight`, all that the player sees)."""
    return [*own, *hand.context.dora_indicators, *hand.context.ura_indicators]


def _in_sight(c: Context) -> list[Tile]:
    """The tiles the words ``seen=``, ``river=`` and ``call=`` put in sight."""
    return [*c.seen, *c.river, *((c.call.tile,) if c.call is not None else ())]


def check_tiles(hand: Hand) -> None:
    """At most four of a kind and one red five per suit, counting everything visible (the
    North tiles set aside as kita too; the tiles the words ``seen=``, ``river=`` and
    ``call=`` put in sight are counted by :func:`check_tiles_in_sight`)."""
    own = hand.all_tiles
    everything = _visible(hand, own)
    # Red fives per suit, for check_red_fives and the dora count; the usual hand has none.
    # (Comprehensions and loops here rather than ``map`` over attrgetters: as fast in the
    # pure build, and the compiled build reads a tile's fields directly.)
    if [t for t in everything if t.red]:
        hand._note_reds(red_fives(everything), red_fives(own))
    else:
        hand._note_reds(NO_REDS, NO_REDS)
    kinds = [t.kind for t in everything]
    if hand.context.kita:
        kinds += (NORTH,) * hand.context.kita
    kinds.sort()
    # Sorted, a fifth copy of a kind sits four places after the first one. (A zip of two
    # lengths on purpose, without ``strict``: the compiled build makes this one an index
    # loop.)
    for kind, fifth in zip(kinds, kinds[4:]):  # noqa: B905
        if kind == fifth:
            break
    else:
        return
    _check_copies(hand, kinds)


def check_tiles_in_sight(hand: Hand) -> None:
    """:func:`check_tiles` counting also the tiles the player says they see (``seen=``,
    ``river=``) and the tile ``call=`` offers: the reader asks only when one is given."""
    own = hand.all_tiles
    everything = [*_visible(hand, own), *_in_sight(hand.context)]
    hand._note_reds(red_fives(everything), red_fives(own))
    _check_copies(hand, [t.kind for t in everything] + [NORTH] * hand.context.kita)


def _check_copies(hand: Hand, kinds: list[int]) -> None:
    """Raise ``too_many_copies`` for the first kind seen more than four times among
    ``kinds``, naming where the copies are counted."""
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    c = hand.context
    for kind, n in enumerate(counts):
        if n > 4:
            extra = []
            if hand.melds:
                extra.append(_("melds"))
            if c.dora_indicators or c.ura_indicators:
                extra.append(_("dora indicators"))
            if kind == NORTH and c.kita:
                extra.append("kita")
            offered = (c.call.tile,) if c.call is not None else ()
            for word, tiles in (("seen=", c.seen), ("river=", c.river), ("call=", offered)):
                if any(t.kind == kind for t in tiles):
                    extra.append(word)
            if extra:
                message = _("{count} copies of {tile} (counting {where}): a set has only 4")
            else:
                message = _("{count} copies of {tile}: a set has only 4")
            raise HandError(
                "too_many_copies",
                message.format(count=n, tile=kind_name(kind), where=and_list(extra)),
            )


def check_red_fives(hand: Hand, counts: tuple[int, int, int], aka: bool | str = True) -> None:
    """At most as many red fives of a suit as the rule ``aka`` puts in the set (``counts``
    per suit m, p, s; one where the rule counts none, as in a set whose red fives are not
    dora), counting everything visible. The notation cannot know the rules, so the
    engine calls this (``too_many_red``) with the counts :func:`check_tiles` noted."""
    red = hand._reds
    if red is None:
        red = red_fives([*_visible(hand, hand.all_tiles), *_in_sight(hand.context)])
    if red == NO_REDS:
        return
    for suit, n in enumerate(red):
        allowed = max(1, counts[suit])
        if n > allowed:
            if allowed == 1 and isinstance(aka, bool):
                message = _(
                    "{count} red fives of {suit} (0{suit}): a set has one red five per suit"
                )
            else:
                message = _(
                    "{count} red fives of {suit} (0{suit}): the set has {allowed} (rule aka={aka})"
                )
            raise HandError(
                "too_many_red", message.format(count=n, suit="mps"[suit], allowed=allowed, aka=aka)
            )


#: The context words whose value is a player's seat (``seat=``, ``pao=``, ``wareme=``).
_SEAT_WORDS: Final = tuple(w for w in CONTEXT_WORDS if w.names_seat)


def check_three_player(hand: Hand) -> None:
    """Three-player mahjong (rule ``players=3``) has no 2m-8m and so no chi, no North seat
    and so no player across the table (RULES.md "Three-player": the North seat is absent).
    The notation cannot know the rules, so the engine calls this. (``round=N`` names a
    wind, not a seat: it is allowed, as in four-player.)"""
    for word in _SEAT_WORDS:
        if getattr(hand.context, word.field or word.key) == "N":
            raise HandError(
                "bad_value",
                _(
                    "{word}=N: three-player mahjong has no North seat; the seats are E, S and W"
                ).format(word=word.word),
                word=word.word,
            )
    if hand.context.call is not None and hand.context.call.source == "across":
        raise HandError(
            "conflicting_context",
            _(
                "call= marks the tile as discarded from across (=), but three-player mahjong "
                "has nobody across: the discarder is left (-) or right (+)"
            ),
            word="call",
        )
    if hand.context.win_from == "across":
        raise HandError(
            "conflicting_context",
            _(
                "the winning tile came from across (=), but three-player mahjong has nobody "
                "across: the discarder is left (-) or right (+)"
            ),
        )
    for meld in hand.melds:
        if meld.kind is MeldKind.CHI:
            raise HandError(
                "bad_meld",
                _("chi {meld} in a three-player game: there is no chi").format(meld=meld),
            )
        if meld.source == "across":
            raise HandError(
                "bad_meld",
                _(
                    "{meld} is called from across (=), but three-player mahjong has nobody across"
                ).format(meld=meld),
            )
    for tile in [*_visible(hand, hand.all_tiles), *_in_sight(hand.context)]:
        if absent_in_three_player(tile.kind):
            raise HandError(
                "bad_tile",
                _("{tile} is not in a three-player set: it has only 1m and 9m").format(tile=tile),
            )


def check_four_player(hand: Hand) -> None:
    """Kita -- North tiles set aside -- exist only in three-player mahjong (SPEC §1
    ``kita=N``, RULES.md "Three-player"), and so does a ron on one (``kita-ron``)."""
    if hand.context.kita:
        raise HandError(
            "conflicting_context",
            _(
                "kita={count}: North tiles are set aside only in three-player mahjong "
                "(rule players=3)"
            ).format(count=hand.context.kita),
            word="kita",
        )
    if hand.context.kita_ron:
        raise HandError(
            "conflicting_context",
            _(
                "kita-ron is a ron on a North set aside as kita, which exists only in "
                "three-player mahjong (rule players=3)"
            ),
            word="kita-ron",
        )


def check_tile_count(hand: Hand) -> None:
    """14 with a winning tile; 13 or 14 without one (each meld counts 3)."""
    n = hand.tile_count
    if n == 14 or (n == 13 and hand.win is None):
        return
    if hand.win is not None:
        if n != 14:
            if hand.melds:
                message = _(
                    "{count} tiles (each meld counts as 3): a winning hand has 14 — 13 plus the "
                    "winning tile"
                )
            else:
                message = _("{count} tiles: a winning hand has 14 — 13 plus the winning tile")
            raise HandError("tile_count", message.format(count=n))
    elif n not in (13, 14):
        if hand.melds:
            message = _(
                "{count} tiles (each meld counts as 3): a hand has 13 (waiting) or 14 "
                "(complete); mark the winning tile with +, e.g. 123m456p789s1155z+5z"
            )
        else:
            message = _(
                "{count} tiles: a hand has 13 (waiting) or 14 (complete); mark the winning "
                "tile with +, e.g. 123m456p789s1155z+5z"
            )
        raise HandError("tile_count", message.format(count=n))


def _conflict(message: str, column: int | None = None) -> HandError:
    return HandError("conflicting_context", message, column)


#: A tsumo whose winning tile is marked as discarded, by the marker (translated where shown).
_TSUMO_MARKED: Final = {
    "left": N_(
        "the winning tile's marker says it was discarded (from left), but the hand says tsumo"
    ),
    "across": N_(
        "the winning tile's marker says it was discarded (from across), but the hand says tsumo"
    ),
    "right": N_(
        "the winning tile's marker says it was discarded (from right), but the hand says tsumo"
    ),
}


#: Context words that cannot both be true of one win: ``(first, second, why)``; the
#: error points at the second.
_EXCLUSIVE_WORDS: Final = (
    ("tsumo", "chankan", N_("a kan robbed from another player is a win on their tile (ron)")),
    ("tsumo", "houtei", N_("houtei is a win on the last discard (ron)")),
    ("haitei", "rinshan", N_("the kan replacement tile is never the last tile of the wall")),
    (
        "houtei",
        "chankan",
        N_("one is a win on the last discard, the other on a tile added to a kan"),
    ),
)
#: A first-turn win is never on the last tile.
_FIRST_TURN_NOT_LAST: Final = tuple(
    (first, last, N_("a first-turn win is not on the last tile"))
    for first in ("tenhou", "chiihou", "renhou")
    for last in ("haitei", "houtei")
)


def _check_exclusive(
    context: Context,
    pairs: tuple[tuple[str, str, str], ...],
    col: Callable[[str], int | None],
) -> None:
    """Raise the conflict of the first pair of ``pairs`` whose words both hold."""
    for first, second, why in pairs:
        if getattr(context, first) and getattr(context, second):
            raise _conflict(
                _("{first} and {second} conflict: {why}").format(
                    first=first, second=second, why=_(why)
                ),
                col(second) or col(first),
            )


def _check_chankan(hand: Hand, column: int | None) -> None:
    """A robbed kan holds the other three copies of the winning tile (the pon it was added
    to), so the winner can see no other copy: not in the hand, a meld or an indicator."""
    kind = hand.win.kind if hand.win is not None else -1
    c = hand.context
    seen = [*hand.concealed, *c.dora_indicators, *c.ura_indicators, *c.seen, *c.river]
    for meld in hand.melds:
        seen.extend(meld.tiles)
    others = sum(1 for tile in seen if tile.kind == kind)
    if others:
        raise _conflict(
            ngettext(
                "chankan on {tile}, but {count} other {tile} is in sight: the robbed kan holds "
                "the other three copies",
                "chankan on {tile}, but {count} other {tile} are in sight: the robbed kan holds "
                "the other three copies",
                others,
            ).format(tile=kind_name(kind), count=others),
            column,
        )


def check_conflicts(
    hand: Hand,
    said: Mapping[str, Any],
    columns: Mapping[str, int],
    win_column: int | None = None,
) -> None:
    """Context words that cannot all be true of one win."""
    c = hand.context
    col = columns.get
    ron_said = bool(said.get("ron"))
    if not (
        ron_said
        or c.win_from
        or says_rare_words(c)
        or c.kita_ron
        or ((c.riichi or c.double_riichi) and hand.melds)
    ):
        return  # nothing that can conflict
    if says_sight_words(c):
        _check_sight(hand, col)
    if c.tsumo and ron_said:
        raise _conflict(_("tsumo and ron conflict: a win is one or the other"), col("ron"))
    if c.tsumo and c.win_from is not None:
        raise _conflict(_(_TSUMO_MARKED[c.win_from]), win_column)
    _check_exclusive(c, _EXCLUSIVE_WORDS, col)
    if not c.tsumo:
        if ron_said or c.win_from:
            how = term("ron")
        else:
            how = _("ron (the default when tsumo is not written)")
        if c.haitei:
            raise _conflict(
                _(
                    "haitei is a win by tsumo on the last tile of the wall, but this win is "
                    "{how}; write tsumo (or houtei for a win on the last discard)"
                ).format(how=how),
                col("haitei"),
            )
        if c.rinshan:
            raise _conflict(
                _(
                    "rinshan is a win by tsumo on a kan replacement tile, but this win is "
                    "{how}; write tsumo"
                ).format(how=how),
                col("rinshan"),
            )
        for word in ("tenhou", "chiihou"):
            if getattr(c, word):
                raise _conflict(
                    _(
                        "{word} is a win by tsumo on the first draw, but this win is {how}; "
                        "write tsumo"
                    ).format(word=word, how=how),
                    col(word),
                )
    if c.chankan and hand.win is not None:
        _check_chankan(hand, col("chankan"))
    if c.rinshan and not c.kita and not any(m.is_kan for m in hand.melds):
        raise _conflict(
            _(
                "rinshan needs a kan (or, in three-player, a kita: kita=N): the win is on the "
                "replacement tile drawn after a kan or after setting a North aside"
            ),
            col("rinshan"),
        )
    if c.rinshan and c.ippatsu:
        if c.kita:
            message = _(
                "ippatsu and rinshan conflict: the replacement tile comes after one's own kan "
                "or kita, and that ends ippatsu"
            )
        else:
            message = _(
                "ippatsu and rinshan conflict: the replacement tile comes after one's own kan, "
                "and that ends ippatsu"
            )
        raise _conflict(message, col("ippatsu"))
    if c.kita_ron:
        _check_kita_ron(hand, col, win_column)
    _check_house_words(hand, col)
    if c.ippatsu and not c.in_riichi:
        raise _conflict(
            _("ippatsu without riichi: ippatsu is a win within one turn of declaring riichi"),
            col("ippatsu"),
        )
    open_melds = [m for m in hand.melds if m.is_open]
    if c.in_riichi and open_melds:
        word = "double-riichi" if c.double_riichi else "riichi"
        raise _conflict(
            _(
                "{word} with an open hand: riichi needs a closed hand (closed kans are fine); "
                "the hand has {count} called meld(s)"
            ).format(word=word, count=len(open_melds)),
            col("double_riichi" if c.double_riichi else "riichi"),
        )
    for word in ("tenhou", "chiihou", "renhou"):
        if getattr(c, word) and hand.melds:
            raise _conflict(
                _("{word} with a meld: a first-turn win has no calls and no kans").format(
                    word=word
                ),
                col(word),
            )
        if getattr(c, word) and c.kita:
            raise _conflict(
                _(
                    "{word} with kita={count}: setting a North aside ends the first-turn "
                    "chances like a call"
                ).format(word=word, count=c.kita),
                col(word),
            )
    for word in ("tenhou", "chiihou", "renhou"):
        if getattr(c, word) and c.in_riichi:
            said_riichi = "double_riichi" if c.double_riichi else "riichi"
            raise _conflict(
                _(
                    "{word} with {riichi}: riichi is declared with a discard, and a first-turn "
                    "win comes before one's first discard"
                ).format(word=word, riichi=said_riichi.replace("_", "-")),
                col(said_riichi) or col(word),
            )
    _check_exclusive(c, _FIRST_TURN_NOT_LAST, col)
    if c.tenhou and not c.dealer:
        raise _conflict(
            _(
                "tenhou is the dealer's win on the first draw, but the seat is {seat} "
                "(the dealer is seat=E)"
            ).format(seat=c.seat_wind),
            col("tenhou"),
        )
    if c.chiihou and c.dealer:
        raise _conflict(
            _("chiihou is a non-dealer's first-draw win; the dealer's is tenhou"),
            col("chiihou"),
        )
    if c.renhou and c.tsumo:
        raise _conflict(
            _("renhou is a win on a discard before one's first draw: it cannot be tsumo"),
            col("renhou"),
        )
    if c.renhou and c.dealer:
        raise _conflict(
            _("renhou is for a non-dealer (the dealer draws first)"),
            col("renhou"),
        )
    if sum(1 for w in ("tenhou", "chiihou", "renhou") if getattr(c, w)) > 1:
        raise _conflict(_("tenhou, chiihou and renhou exclude each other"), col("renhou"))


def _check_house_words(hand: Hand, col: Callable[[str], int | None]) -> None:
    """The house rules' words (issue 16): open riichi is a riichi; sashikomi is a ron on
    an open riichi; paarenchan counts the dealer's wins."""
    c = hand.context
    if c.open_riichi and not c.in_riichi:
        raise _conflict(
            _(
                "open_riichi without riichi: open riichi is a riichi declared with the hand "
                "shown (write open-riichi or double-open-riichi)"
            ),
            col("open_riichi"),
        )
    if c.sashikomi and not c.open_riichi:
        raise _conflict(
            _(
                "sashikomi is a deal-in to an open riichi: the winner needs open-riichi "
                "(or double-open-riichi)"
            ),
            col("sashikomi"),
        )
    if c.sashikomi and c.tsumo:
        raise _conflict(
            _("tsumo and sashikomi conflict: sashikomi is a discard dealt into an open riichi"),
            col("sashikomi"),
        )
    if c.paarenchan and not c.dealer:
        raise _conflict(
            _(
                "paarenchan={count} counts the dealer's wins in a row, but the seat is {seat} "
                "(the dealer is seat=E)"
            ).format(count=c.paarenchan, seat=c.seat_wind),
            col("paarenchan"),
        )


def _check_kita_ron(hand: Hand, col: Callable[[str], int | None], win_column: int | None) -> None:
    """``kita-ron``: a ron on the North another player sets aside as kita (RULES.md
    "Three-player"): the winning tile is a North, the win is not tsumo, and it is neither
    a win on a discard (houtei) nor on a kan (chankan)."""
    c = hand.context
    if hand.win is not None and hand.win.kind != NORTH:
        raise _conflict(
            _(
                "kita-ron is a ron on a North set aside as kita, but the winning tile is "
                "{tile}; write +4z"
            ).format(tile=hand.win),
            win_column or col("kita_ron"),
        )
    if c.tsumo:
        raise _conflict(
            _(
                "tsumo and kita-ron conflict: a ron on another player's kita is a win on "
                "their tile (ron)"
            ),
            col("kita_ron"),
        )
    if c.chankan:
        raise _conflict(
            _(
                "chankan and kita-ron conflict: a North set aside as kita is not a kan, so no "
                "chankan"
            ),
            col("chankan"),
        )
    if c.houtei:
        raise _conflict(
            _(
                "houtei and kita-ron conflict: a North set aside as kita is not a discard, so "
                "no houtei"
            ),
            col("houtei"),
        )


def check_under_rules(hand: Hand, rules: Rules) -> None:
    """What the notation cannot know of a hand without the rules, checked once they are
    known: the red fives the set holds, and the tiles and words of three- or four-player
    mahjong."""
    check_red_fives(hand, rules.red_fives, rules.aka)
    if rules.players == 3:
        check_three_player(hand)
    elif hand.context.kita or hand.context.kita_ron:
        check_four_player(hand)
