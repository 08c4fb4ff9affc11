"""Reading hand notation (SPEC §1) into a :class:`~agari.hand.Hand`.

Printing the normal form is :mod:`agari.hand`; structured records (SPEC §2) are
:mod:`agari.notation.records`.

The syntax lives in ``grammar/hand.lark`` (shipped as ``agari/grammar/hand.lark``). Its
terminals are coarse -- the whole concealed part, each meld, each context word is one
token -- and this module reads the inside of each token itself, so that every error can
name its column.

Two ways through the grammar, same result:

* a fast path: one compiled regular expression assembled from the grammar's own terminal
  patterns in the shape of its ``start`` rule. It accepts a subset of what Lark accepts
  (tests/test_notation.py checks the two agree) and handles every well-formed line;
* Lark (LALR, contextual lexer, inline transformer, parser cache in the user's cache
  directory) for everything else: it either reads the line or says at which column what
  was expected.

>>> hand = parse_hand("234p67s55s+8s, 3-45m, 777=z tsumo")
>>> str(hand)
'234p5567s+8s, 3-45m, 777=z tsumo'
>>> hand.win, len(hand.melds), hand.context.tsumo
(Tile('8s'), 2, True)
>>> parse_hand("m123p055z1112+z2=,s7-89") == parse_hand("123m055p1112z+2z=, 7-89s")
True
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from agari.errors import HandError, or_list
from agari.hand import (
    CONTEXT_WORDS,
    Context,
    Hand,
    Meld,
    MeldKind,
    Offer,
    Source,
    clear_text_caches,
    context_of,
)
from agari.lang import N_, _
from agari.notation.validate import counter_problem, meld_shape_problem, validate
from agari.tiles import Tile

if TYPE_CHECKING:
    from pathlib import Path

    from lark import Lark

__all__ = ["clear_caches", "grammar_path", "parse_hand", "parse_tiles"]

# --------------------------------------------------------------------------------------
# Tiles as small integer codes: code = kind * 2 + (0 if red else 1), so that sorting codes
# sorts tiles by kind with a red five before a plain five of the same kind.

_TILE_BY_CODE: Final[tuple[Tile | None, ...]] = tuple(
    (Tile(code // 2, red=True) if code // 2 in (4, 13, 22) else None)
    if code % 2 == 0
    else Tile(code // 2)
    for code in range(68)
)
CODE_OF: Final[dict[Tile, int]] = {
    tile: code for code, tile in enumerate(_TILE_BY_CODE) if tile is not None
}


def _digit_codes(suit: str) -> dict[str, int]:
    index = "mpsz".index("z" if suit == "h" else suit)
    codes: dict[str, int] = {}
    for digit in range(10):
        if index == 3 and not 1 <= digit <= 7:
            continue
        if digit == 0:
            codes["0"] = (index * 9 + 4) * 2
        else:
            codes[str(digit)] = (index * 9 + digit - 1) * 2 + 1
    return codes


#: suit letter -> digit character -> tile code; missing entries are not tiles (8z, 0z).
_CODES: Final[dict[str, dict[str, int]]] = {suit: _digit_codes(suit) for suit in "mpszh"}

#: A suit letter's byte -> a ``bytes.translate`` table from a digit's byte to its tile code,
#: and from a digit that is no tile in the suit to :data:`_NOT_A_TILE`.
_NOT_A_TILE: Final = 255
_CODE_TABLES: Final[dict[int, bytes]] = {
    ord(suit): bytes(codes.get(chr(byte), _NOT_A_TILE) for byte in range(256))
    for suit, codes in _CODES.items()
}
#: In tile text, bytes above ``9`` are suit letters and bytes below ``0`` are blanks.
_ZERO: Final = ord("0")
_NINE: Final = ord("9")

_MARKER_SOURCE: Final[dict[str, Source]] = {"-": "left", "=": "across", "+": "right"}


def _bad_tile(digit: str, suit: str, column: int | None) -> HandError:
    if suit in "zh" and digit == "0":
        message = _("{tile} is not a tile: only 5m, 5p and 5s have red fives")
    elif suit in "zh":
        message = _(
            "{tile} is not a tile: honours are 1z-7z (East, South, West, North, white, green, red)"
        )
    else:  # pragma: no cover - every digit is a tile in m, p and s
        message = "{tile} is not a tile: not a tile"
    return HandError("bad_tile", message.format(tile=f"{digit}{suit}"), column)


_RUN: Final = re.compile(r"([0-9]+)([mpszh])")
_TILES_TEXT: Final = re.compile(r"(?:[0-9]+[mpszh])+|(?:[mpszh][0-9]+)+")
_SF_RUN: Final = re.compile(r"([mpszh])([0-9]+)")


def _tile_codes(text: str, column: int | None, suit_first: bool) -> bytes:
    """Codes of the tiles in ``text`` (``123m406p`` or ``m123p406``, runs may be separated
    by blanks), in the order written. The caller has checked the shape of ``text``, so it
    is ASCII: a loop over its bytes (plain C in the compiled build) finds the runs, and one
    ``bytes.translate`` turns each run's digits into codes."""
    raw = text.encode()
    runs = []
    start = 0
    if suit_first:
        table = _CODE_TABLES[raw[0]]
        for i, byte in enumerate(raw):
            if byte > _NINE or byte < _ZERO:  # a suit letter or a blank ends a run
                runs.append(raw[start:i].translate(table))
                start = i + 1
                if byte > _NINE:
                    table = _CODE_TABLES[byte]
        runs.append(raw[start:].translate(table))
    else:
        for i, byte in enumerate(raw):
            if byte > _NINE:  # a suit letter ends the run of digits before it
                runs.append(raw[start:i].translate(_CODE_TABLES[byte]))
                start = i + 1
            elif byte < _ZERO:  # a blank between two runs
                start = i + 1
    codes = b"".join(runs)
    if _NOT_A_TILE not in codes:
        return codes
    for m in (_SF_RUN if suit_first else _RUN).finditer(text):
        digits = m.group(2 if suit_first else 1)
        suit = m.group(1 if suit_first else 2)
        for i, d in enumerate(digits):
            if d not in _CODES[suit]:
                where = m.start(2 if suit_first else 1) + i
                raise _bad_tile(d, suit, None if column is None else column + where)
    raise AssertionError(f"{text!r}: a digit that is no tile was not found")  # pragma: no cover


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles written in either style, in the order written.

    >>> parse_tiles("3s7z")
    (Tile('3s'), Tile('7z'))
    >>> parse_tiles("z7s3")
    (Tile('7z'), Tile('3s'))
    """
    text = text.strip()
    if not text or not _TILES_TEXT.fullmatch(text):
        raise HandError(
            "bad_value", _("{text} is not a list of tiles such as 3s7z").format(text=repr(text))
        )
    codes = _tile_codes(text, None, text[0] in _CODES)
    return tuple(_tile(code) for code in codes)


def _tile(code: int) -> Tile:
    tile = _TILE_BY_CODE[code]
    assert tile is not None
    return tile


def sorted_tiles(codes: Iterable[int]) -> tuple[Tile, ...]:
    return tuple([_TILE_BY_CODE[c] for c in sorted(codes)])  # type: ignore[misc]


# --------------------------------------------------------------------------------------
# Melds


_CACHE_LIMIT: Final = 8192
#: Context words, melds and contexts already read (all immutable; errors are never cached).
_WORD_CACHE: Final[dict[str, tuple[str, Any]]] = {}
_MELD_CACHE: Final[dict[tuple[str, bool], Meld]] = {}
_CONTEXT_CACHE: Final[dict[tuple[str, str | None], Context]] = {}


def clear_caches() -> None:
    """Forget the context words, melds and contexts read so far (benchmarks, tests)."""
    _WORD_CACHE.clear()
    _MELD_CACHE.clear()
    _CONTEXT_CACHE.clear()
    clear_text_caches()


def _melds(section: str, start: int, suit_first: bool) -> tuple[Meld, ...]:
    """Read the melds part of a line (``, 3-45m, 777=z``, beginning at 0-based
    ``start``); a meld's column is worked out only to read one not seen before."""
    melds = []
    cache = _MELD_CACHE
    columns: list[_Tok] | None = None  # (text, column) of each meld, found at the first miss
    for index, piece in enumerate(section.split(",")[1:]):
        text = piece.strip(" \t\r\n")
        meld = cache.get((text, suit_first))
        if meld is None:
            if columns is None:
                columns = _split(section, start, ",")
            meld = _read_meld(text, columns[index][1], suit_first)
            if len(cache) < _CACHE_LIMIT:
                cache[text, suit_first] = meld
        melds.append(meld)
    return tuple(melds)


def _read_meld(text: str, column: int, suit_first: bool) -> Meld:
    if suit_first:
        suit, body, offset = text[0], text[1:], 1
    else:
        suit, body, offset = text[-1], text[:-1], 0
    table = _CODES[suit]
    digits: list[str] = []
    codes: list[int] = []
    marker_at = -1
    marker = ""
    for i, ch in enumerate(body):
        if ch in _MARKER_SOURCE:
            if marker:
                raise HandError(
                    "bad_meld",
                    _("{meld}: a meld has at most one marker (- left, = across, + right)").format(
                        meld=text
                    ),
                    column + offset + i,
                )
            marker, marker_at = ch, len(codes) - 1
            continue
        code = table.get(ch)
        if code is None:
            raise _bad_tile(ch, suit, column + offset + i)
        digits.append(ch)
        codes.append(code)
    n = len(codes)
    if n not in (3, 4):
        raise HandError(
            "bad_meld",
            _("{meld}: a meld has 3 tiles (chi, pon) or 4 (kan), not {count}").format(
                meld=text, count=n
            ),
            column,
        )
    kinds = [c // 2 for c in codes]
    called = _tile(codes[marker_at]) if marker else None
    source = _MARKER_SOURCE[marker] if marker else None
    same = kinds.count(kinds[0]) == n
    tiles = sorted_tiles(codes)
    # The tiles say the kind: four are a kan, three of one kind a pon, else a chi; the
    # shape rule and its words are validate's, as for records and hands made in Python.
    kind = "kan" if n == 4 else "pon" if same else "chi"
    problem = meld_shape_problem(kind, tiles)
    if problem is not None:
        if kind == "chi":
            message = _("{meld}: {problem}; a pon is three identical tiles")
        else:
            message = "{meld}: {problem}"
        raise HandError("bad_meld", message.format(meld=text, problem=problem), column)
    if n == 4:
        if not marker:
            return Meld(MeldKind.ANKAN, tiles)
        if marker_at == 2:
            return Meld(MeldKind.SHOUMINKAN, tiles, source, called)
        return Meld(MeldKind.KAN, tiles, source, called)
    if same:
        return Meld(MeldKind.PON, tiles, source, called)
    if marker and marker != "-":
        raise HandError(
            "bad_meld",
            _("{meld}: a chi can only be called from the left (marker -), not {marker}").format(
                meld=text, marker=marker
            ),
            column + offset + body.index(marker),
        )
    return Meld(MeldKind.CHI, tiles, "left", called)


# --------------------------------------------------------------------------------------
# Context words


class _Words(Mapping[str, int]):
    """The context words of one line: ``said`` (key to value, in the order written) and,
    as a mapping from key to 1-based column, where each was written. The columns are
    worked out only when an error message asks for one: a hand that reads cleanly (nearly
    every hand) never needs them."""

    __slots__ = ("_columns", "_section", "_start", "said", "texts")

    def __init__(
        self, texts: list[str], section: str, start: int, columns: list[int] | None = None
    ) -> None:
        self.texts = texts  # the words as written, in order
        self.said: dict[str, Any] = {}
        self._section = section  # the line's words part, beginning at 0-based ``start``
        self._start = start
        self._columns = columns

    def column(self, index: int) -> int:
        """Where the ``index``-th word begins (1-based)."""
        if self._columns is None:
            self._columns = [col for _, col in _split(self._section, self._start, " ")]
        return self._columns[index]

    def __getitem__(self, key: str) -> int:
        for index, said in enumerate(self.said):  # one key per word, in word order
            if said == key:
                return self.column(index)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.said)

    def __len__(self) -> int:
        return len(self.said)


#: The words of a line that has none (never filled: it has no texts to read).
_NO_WORDS: Final = _Words([], "", 0)

#: Every spelling of a flag word and of a value word (before ``=``), to its key; read off
#: :data:`~agari.hand.CONTEXT_WORDS`.
_FLAG_WORDS: Final[dict[str, str]] = {
    spelling: w.key for w in CONTEXT_WORDS if not w.takes_value for spelling in (w.word, *w.aliases)
}
_VALUE_WORDS: Final[dict[str, str]] = {
    spelling: w.key for w in CONTEXT_WORDS if w.takes_value for spelling in (w.word, *w.aliases)
}
_KIND_OF: Final[dict[str, str]] = {w.key: w.kind for w in CONTEXT_WORDS}
WIND_VALUES: Final[dict[str, str]] = {
    "e": "E",
    "s": "S",
    "w": "W",
    "n": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "north": "N",
}
#: The words as an error message lists them (``dora=`` for a word that takes a value).
KNOWN_WORDS: Final = " ".join(
    w.word + "=" if w.takes_value else " ".join((w.word, *w.aliases[:1])) for w in CONTEXT_WORDS
)


def _read_word(text: str, column: int) -> tuple[str, Any]:
    """One context word as (key, value); raises with ``column`` if it is not one."""
    name, eq, raw = text.partition("=")
    lname = name.lower()
    if not eq:
        key = _FLAG_WORDS.get(lname)
        if key is None:
            if lname in _VALUE_WORDS:
                message = _(
                    "unknown word {word} (it takes a value: {name}=...); context words are: {words}"
                )
            else:
                message = _("unknown word {word}; context words are: {words}")
            raise HandError(
                "unknown_word",
                message.format(word=repr(text), name=lname, words=KNOWN_WORDS),
                column,
            )
        return key, True
    key = _VALUE_WORDS.get(lname)
    if key is None:
        raise HandError(
            "unknown_word",
            _("unknown word {word}; context words are: {words}").format(
                word=repr(name + "="), words=KNOWN_WORDS
            ),
            column,
        )
    value = read_word_value(key, lname, raw, column + len(name) + 1)
    if key in ("dora", "ura") and isinstance(value, int):
        key += "_count"
    return key, value


def _read_words(words: _Words) -> None:
    """Fill ``words.said`` from ``words.texts``, or raise at the word that is wrong."""
    values = words.said
    cache = _WORD_CACHE
    riichi_said: list[str] = []  # the riichi words, of which a hand says one at most
    for index, text in enumerate(words.texts):
        hit = cache.get(text)
        if hit is None:
            try:  # columns counted from the word's own start, moved onto the line if wrong
                hit = _read_word(text, 1)
            except HandError as error:
                if error.column is not None:
                    error.column += words.column(index) - 1
                raise
            if len(cache) < _CACHE_LIMIT:
                cache[text] = hit
        key, value = hit
        if key in values:
            name = text.partition("=")[0].lower()
            said = f"{name}=" if value is not True else key.replace("_", "-")
            raise HandError(
                "conflicting_context",
                _("{word} is given twice").format(word=said),
                words.column(index),
            )
        values[key] = value
        if key in _RIICHI_KEYS:
            riichi_said.append(key)
    if len(riichi_said) > 1:
        if {"riichi", "double_riichi"} == set(riichi_said):
            raise HandError(
                "conflicting_context",
                _(
                    "riichi and double-riichi: write one (double-riichi is riichi declared on "
                    "the first discard)"
                ),
                max(words["riichi"], words["double_riichi"]),
            )
        first, second = sorted(riichi_said, key=words.__getitem__)[:2]
        raise HandError(
            "conflicting_context",
            _(
                "{first} and {second}: write one (open-riichi is riichi; double-open-riichi "
                "is double riichi, both shown)"
            ).format(first=first.replace("_", "-"), second=second.replace("_", "-")),
            words[second],
        )


def _short(raw: str) -> str:
    """``raw`` quoted, cut short when it is long (a line may be thousands of characters)."""
    return repr(raw) if len(raw) <= 40 else repr(raw[:37]) + "..."


def _counter(key: str, name: str, raw: str, column: int) -> int:
    """A counter's digits as a number within :data:`COUNTER_LIMITS` (never a number of
    thousands of digits: Python refuses to read those)."""
    digits = raw.lstrip("0") or "0"
    value = int(digits) if len(digits) <= 12 else 10**12
    problem = counter_problem(
        key, value, f"{name}=", digits=len(digits) if len(digits) > 12 else None
    )
    if problem is not None:
        raise HandError("bad_value", problem, column)
    return value


def read_word_value(key: str, name: str, raw: str, column: int) -> Any:
    kind = _KIND_OF[key]
    if kind == "wind":
        wind = WIND_VALUES.get(raw.lower())
        if wind is None:
            raise HandError(
                "bad_value",
                _("{name}= takes E, S, W or N, not {value}").format(name=name, value=_short(raw)),
                column,
            )
        return wind
    if kind == "count":
        if not raw.isdigit() or not raw.isascii():
            raise HandError(
                "bad_value",
                _("{name}= takes a whole number 0 or more, not {value}").format(
                    name=name, value=_short(raw)
                ),
                column,
            )
        return _counter(key, name, raw, column)
    if kind == "tiles":
        counted = key in ("dora", "ura")  # a number of dora, where the tiles are not known
        if counted and raw.isascii() and raw.isdigit():
            return _counter(f"{key}_count", name, raw, column)
        if not _TILES_TEXT.fullmatch(raw):
            if counted:
                message = _(
                    "{name}= takes indicator tiles such as 3s7z, or a number of dora, not {value}"
                )
            else:
                message = _("{name}= takes tiles such as 19p5z, not {value}")
            raise HandError("bad_value", message.format(name=name, value=_short(raw)), column)
        return tuple(_tile(c) for c in _tile_codes(raw, column, raw[0] in _CODES))
    if kind == "tile_list":
        if not _TILES_TEXT.fullmatch(raw):
            raise HandError(
                "bad_value",
                _("{name}= takes tiles such as 19m5z, not {value}").format(
                    name=name, value=_short(raw)
                ),
                column,
            )
        return sorted_tiles(_tile_codes(raw, column, raw[0] in _CODES))
    if kind == "tile":
        return _offered_tile(name, raw, column)
    # rules
    from agari.rules import PRESET_NAMES

    preset = raw.lower()
    if preset not in PRESET_NAMES:
        raise HandError(
            "bad_value",
            _("unknown rule preset {name}; valid presets: {presets}").format(
                name=repr(raw), presets=", ".join(PRESET_NAMES)
            ),
            column,
        )
    return preset


def _offered_tile(name: str, raw: str, column: int) -> Offer:
    """The value of ``call=``: one tile, and the marker after it (who discarded it)."""
    marker = raw[-1:] if raw[-1:] in _MARKER_SOURCE else ""
    text = raw[: len(raw) - len(marker)]
    if not _TILES_TEXT.fullmatch(text):
        raise HandError(
            "bad_value",
            _(
                "{name}= takes one tile such as 3p (or 3p- from the left, 3p= across, 3p+ from "
                "the right), not {value}"
            ).format(name=name, value=_short(raw)),
            column,
        )
    codes = _tile_codes(text, column, text[0] in _CODES)
    if len(codes) != 1:
        raise HandError(
            "bad_value",
            _("{name}= takes one tile, not {count} ({value})").format(
                name=name, count=len(codes), value=_short(raw)
            ),
            column,
        )
    return Offer(_tile(codes[0]), _MARKER_SOURCE[marker] if marker else None)


#: The riichi words (one at most).
_RIICHI_KEYS: Final = frozenset(w.key for w in CONTEXT_WORDS if w.kind == "riichi")
#: word key -> Context field (``ron`` and ``riichi`` are handled apart), and a bare number
#: of dora or ura to its count field.
_CONTEXT_FIELDS: Final[dict[str, str]] = {
    **{w.key: w.field for w in CONTEXT_WORDS if w.field is not None and w.key != "riichi"},
    **{w.count_field: w.count_field for w in CONTEXT_WORDS if w.count_field is not None},
}
_DEFAULT_CONTEXT: Final = Context()


def _context(words: _Words, win_from: Source | None) -> Context:
    said = words.said
    if not said and win_from is None:
        return _DEFAULT_CONTEXT
    fields = _CONTEXT_FIELDS
    values = {fields[key]: value for key, value in said.items() if key in fields}
    if (said.get("riichi") or said.get("open_riichi")) and not said.get("double_riichi"):
        values["riichi"] = True
    if said.get("double_open_riichi"):
        values["double_riichi"] = values["open_riichi"] = True
    if win_from is not None:
        values["win_from"] = win_from
    return context_of(values)


# --------------------------------------------------------------------------------------
# The grammar, the fast path and Lark


def grammar_path() -> Path:
    """Where ``hand.lark`` is: inside the package, beside this module."""
    from pathlib import Path

    return Path(_grammar_file())


def _grammar_file() -> str:
    # A str, through os.path: importing pathlib would add about 4 ms (with urllib.parse and
    # ipaddress) to the start-up of every ``agari HAND``.
    path = os.path.join(os.path.dirname(os.path.realpath(__file__)), "grammar", "hand.lark")
    if not os.path.isfile(path):
        raise FileNotFoundError(f"{path} is missing from this installation")
    return path


@functools.cache
def _grammar_text() -> str:
    with open(_grammar_file(), encoding="utf-8") as grammar:
        return grammar.read()


@functools.cache
def _terminals() -> dict[str, str]:
    """The grammar's terminal patterns, read from the grammar file itself."""
    found = re.findall(r"^([A-Z_]+)(?:\.\d+)?:\s*/(.*)/\s*$", _grammar_text(), re.MULTILINE)
    return dict(found)


#: The shape of the grammar's ``start`` rule that the fast path mirrors. If the grammar
#: says anything else, the fast path switches itself off and Lark reads every line.
_START_SHAPE: Final = (
    "CONCEALED+ WIN? MELD* WORD*",
    "SF_CONCEALED+ SF_WIN? SF_MELD* WORD*",
)
_IGNORED: Final = "%ignore /[ \\t\\r\\n]+/"


def _grammar_start() -> tuple[str, ...]:
    """The alternatives of ``start`` as written in the grammar, without their aliases."""
    found = re.search(r"^start:(.*?)(?=^\S|\Z)", _grammar_text(), re.MULTILINE | re.DOTALL)
    if found is None:
        return ()
    body = re.sub(r"//[^\n]*", "", found.group(1))
    return tuple(" ".join(alt.split("->")[0].split()) for alt in body.split("|"))


@functools.cache
def _fast_patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The ``start`` rule as two regular expressions over the grammar's terminals, or
    ``None`` when the grammar's ``start`` is no longer the shape mirrored here."""
    t = _terminals()
    needed = ("CONCEALED", "WIN", "MELD", "SF_CONCEALED", "SF_WIN", "SF_MELD", "WORD")
    lines = _grammar_text().splitlines()
    if _grammar_start() != _START_SHAPE or any(n not in t for n in needed):
        return None
    if _IGNORED not in lines:
        return None
    # Lark's lexer reads each token and each run of blanks once and its LALR parser never
    # goes back: so here every token is an atomic group and every repetition possessive,
    # which is the same language and spares the regex engine the places to backtrack to
    # (about a fifth of its work on a usual line).
    ws, blanks = r"[ \t\r\n]*+", r"[ \t\r\n]++"

    def token(name: str) -> str:
        return f"(?>{t[name]})"

    def shape(concealed: str, win: str, meld: str) -> re.Pattern[str]:
        # Lark's lexer is greedy, so two concealed runs or two words it reads as separate
        # tokens always have a blank between them: requiring it here keeps the pattern
        # unambiguous (no exponential backtracking on a line that does not match).
        conc, word = token(concealed), token("WORD")
        pattern = re.compile(
            f"{ws}(?P<c>{conc}(?:{blanks}{conc})*+){ws}(?:(?P<w>{token(win)}){ws})?+"
            f"(?P<m>(?:{token(meld)}{ws})*+)(?P<k>(?:{word}(?:{blanks}{word})*+)?+){ws}"
        )
        assert pattern.groupindex == {"c": 1, "w": 2, "m": 3, "k": 4}, "read by number"
        return pattern

    return shape("CONCEALED", "WIN", "MELD"), shape("SF_CONCEALED", "SF_WIN", "SF_MELD")


def _cache_file() -> str | bool:
    """A Lark cache file in the user's cache directory, or ``False`` when there is none."""
    try:
        import lark

        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "agari")
        os.makedirs(folder, exist_ok=True)
        if not os.access(folder, os.W_OK):
            return False
        return os.path.join(folder, f"hand-grammar-lark{lark.__version__}.cache")
    except Exception:
        return False


@functools.cache
def _lark() -> Lark:
    from lark import Lark

    from agari.notation.lark_transform import Collect

    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        "transformer": Collect(),
    }
    cache = _cache_file()
    if cache:
        try:
            return Lark(_grammar_text(), cache=cache, **options)
        except Exception:  # an unreadable or unwritable cache must never stop a parse
            pass
    return Lark(_grammar_text(), **options)


#: What a syntax error says was expected, by the grammar's terminal (translated where shown).
_EXPECTED: Final[dict[str, str]] = {
    "CONCEALED": N_("tiles such as 123m456p"),
    "SF_CONCEALED": N_("tiles such as 123m456p"),
    "WIN": N_("a winning tile such as +5z"),
    "SF_WIN": N_("a winning tile such as +z5"),
    "MELD": N_("a meld after a comma such as , 777=z"),
    "SF_MELD": N_("a meld after a comma such as ,z777="),
    "WORD": N_("a context word such as tsumo"),
    "$END": N_("the end of the hand"),
}


def _expected(names: Any) -> str:
    """What was expected, in the current language (in the order of the English texts; a
    terminal without a text by its name)."""
    shown = sorted({_EXPECTED.get(str(n), str(n)) for n in names})
    if not shown:
        return _("something else")
    return or_list([_(text) for text in shown])


def _syntax_error(text: str, exc: Exception) -> HandError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        col = exc.column
        # Read untyped: Lark declares it ``None`` (a class default) and the lexer sets an
        # int, which compiled code reading the attribute as declared would reject.
        pos: int = getattr(exc, "pos_in_stream", None) or 0
        lead = re.match(r",[ \t]*", text[pos:])
        skip = lead.end() if lead else 0
        digits = re.match(r"[0-9][0-9=+-]*", text[pos + skip :])
        if digits:
            at = pos + skip + digits.end()
            ch = text[at] if at < len(text) else ""
            where = col + skip + digits.end()
            if ch:
                message = _(
                    "column {column}: {found} after {digits}; expected a suit letter m, p, s or z"
                )
            else:
                message = _(
                    "column {column}: the end after {digits}; expected a suit letter m, p, s or z"
                )
            return HandError(
                "syntax",
                message.format(column=where, found=repr(ch), digits=repr(digits.group())),
                where,
            )
        ch = text[pos] if pos < len(text) else ""
        allowed = exc.allowed or set()
        return HandError(
            "syntax",
            _("column {column}: unexpected {found}; expected {expected}").format(
                column=col, found=repr(ch), expected=_expected(allowed)
            ),
            col,
        )
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            end = len(text.rstrip()) + 1
            return HandError("syntax", _ends_early(end, exc.expected), end)
        col = token.column if isinstance(token.column, int) else 0
        return HandError(
            "syntax",
            _("column {column}: unexpected {found}; expected {expected}").format(
                column=col, found=repr(str(token)), expected=_expected(exc.expected)
            ),
            col,
        )
    if isinstance(exc, UnexpectedEOF):
        col = len(text.rstrip()) + 1
        return HandError("syntax", _ends_early(col, exc.expected), col)
    return HandError("syntax", str(exc), None)  # pragma: no cover


def _ends_early(column: int, expected: Any) -> str:
    return _("column {column}: the hand ends too early; expected {expected}").format(
        column=column, expected=_expected(expected)
    )


_Tok = tuple[str, int]  # token text and its 1-based column


def _split(section: str, start: int, sep: str) -> list[_Tok]:
    """Pieces of a section matched by the fast path, with their columns."""
    out: list[_Tok] = []
    if not section:
        return out
    if sep == ",":
        pos = 0
        for piece in section.split(",")[1:]:
            pos = section.index(",", pos) + 1
            stripped = piece.lstrip(" \t")
            text = stripped.rstrip(" \t\r\n")
            out.append((text, start + pos + len(piece) - len(stripped) + 1))
        return out
    pos = 0
    for piece in section.split():
        pos = section.find(piece, pos)
        out.append((piece, start + pos + 1))
        pos += len(piece)
    return out


def _tokens(text: str) -> tuple[bool, _Tok, _Tok | None, _Tok, _Words]:
    """Split a line into (suit_first, concealed, win, melds, words), or raise; the melds
    as the part of the line they take and its 0-based start."""
    patterns = _fast_patterns()
    first = text.lstrip()[:1]
    m = None
    if patterns is not None:
        m = patterns[first in _CODES].fullmatch(text)
    if m is not None:
        # Where each part is, in one read: the groups c, w, m and k are 1-4 (an absent
        # winning tile spans -1:-1, which slices to "").
        spans = m.regs
        c0, c1 = spans[1]
        w0, w1 = spans[2]
        m0, m1 = spans[3]
        k0, k1 = spans[4]
        words = text[k0:k1]
        return (
            first in _CODES,
            (text[c0:c1], c0 + 1),
            (text[w0:w1], w0 + 1) if w0 >= 0 else None,
            (text[m0:m1], m0),
            _Words(words.split(), words, k0) if words else _NO_WORDS,
        )
    if not text.strip():
        raise HandError("syntax", _("empty hand: expected tiles such as 123m456p789s11z+5z"), 1)
    return _lark_tokens(text)


def _lark_tokens(text: str) -> tuple[bool, _Tok, _Tok | None, _Tok, _Words]:
    """Like :func:`_tokens`, through Lark alone."""
    from lark.exceptions import UnexpectedInput

    try:
        parsed: Any = _lark().parse(text)
        suit_first: bool = parsed[0]
        children: list[Any] = parsed[1]
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    concealed: _Tok = ("", 1)
    end = 0
    win_tok: _Tok | None = None
    melds: _Tok = ("", 0)
    words: list[str] = []
    columns: list[int] = []
    for tok in children:
        kind = tok.type
        if kind.endswith("CONCEALED"):
            if concealed[0]:
                concealed = (concealed[0] + " " * (tok.start_pos - end) + str(tok), concealed[1])
            else:
                concealed = (str(tok), tok.column)
            end = tok.end_pos
        elif kind.endswith("WIN"):
            win_tok = (str(tok), tok.column)
        elif kind.endswith("MELD"):  # the melds' part: from the first one's comma to the end
            first = melds[1] if melds[0] else tok.start_pos
            melds = (text[first : tok.end_pos], first)
        else:
            words.append(str(tok))
            columns.append(tok.column)
    return suit_first, concealed, win_tok, melds, _Words(words, " ".join(words), 0, columns)


def parse_hand(text: str) -> Hand:
    """Read one line of notation (SPEC §1) into a validated :class:`Hand`.

    Raises :class:`HandError` with a stable code, a message and (where the problem has
    a place in the line) its 1-based column.

    >>> parse_hand("123m456p789s11z+5z")
    Traceback (most recent call last):
    ...
    agari.errors.HandError: 12 tiles: a winning hand has 14 — 13 plus the winning tile
    """
    return _read(text)[0]


def read_hand(text: str) -> tuple[Hand, frozenset[str]]:
    """:func:`parse_hand`, and which context words the line states (their keys in
    :data:`agari.hand.CONTEXT_WORDS`, such as ``seat_wind`` or ``honba``): a game that
    supplies some of them checks those the hand states.

    >>> hand, stated = read_hand("123m456p789s1155z+5z riichi seat=E")
    >>> sorted(stated)
    ['riichi', 'seat_wind']
    """
    hand, words = _read(text)
    return hand, frozenset(words.said)


def _read(text: str) -> tuple[Hand, _Words]:
    if not isinstance(text, str):
        raise HandError(
            "bad_record",
            _("a hand is a line of text, not {type}").format(type=type(text).__name__),
        )
    suit_first, (ctext, ccol), win_tok, (meld_text, meld_start), words = _tokens(text)
    concealed = sorted_tiles(_tile_codes(ctext, ccol, suit_first))
    win: Tile | None = None
    win_from: Source | None = None
    if win_tok is not None:
        wtext, wcol = win_tok
        if suit_first:
            suit, digit = wtext[1], wtext[2]
        else:
            digit, suit = wtext[1], wtext[2]
        code = _CODES[suit].get(digit)
        if code is None:
            raise _bad_tile(digit, suit, wcol + 1)
        win = _tile(code)
        if len(wtext) == 4:
            win_from = _MARKER_SOURCE[wtext[3]]
    melds = _melds(meld_text, meld_start, suit_first) if meld_text else ()
    _read_words(words)
    key = (words._section, win_from)
    context = _CONTEXT_CACHE.get(key)
    if context is None:
        context = _context(words, win_from)
        if len(_CONTEXT_CACHE) < _CACHE_LIMIT:
            _CONTEXT_CACHE[key] = context
    hand = Hand(concealed, win, melds, context)
    validate(hand, words.said, words, win_column=win_tok[1] if win_tok else None)
    return hand, words
