"""The answer for one input: :class:`Result`, which serialises to a SPEC §3 record.

A result is a frozen, slotted dataclass of values: the status, han, fu, yaku, limit, base
points, the settlement and what is read off it (``payment``, ``points``, ``total``,
``deltas``), the dora counts, the wait and the winning tile. What a result shows to explain
itself -- the hand's normal form (and a prepared hand's ``input``, the same text), the
warnings, the fu breakdown, the reading, and the ``extra`` keys of a hand without a yaku --
is one small object, :class:`Details`, which the engine makes when one of them is first
read (``to_json``, ``str``, ``==``, or the attribute): a program that ranks hands by value
never pays for the text. To every reader those fields are plain attributes of the result.

>>> r = Result(input="123m+1m", status="win", han=1, warnings=("a note",))
>>> r.warnings, r == Result(input="123m+1m", status="win", han=1, warnings=("a note",))
(('a note',), True)
>>> hash(r) == hash(Result(input="123m+1m", status="win", han=1, warnings=("a note",)))
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple

from agari.frozen import ReadOnlyDict, frozen, thawed
from agari.lang import json_names
from agari.lang.terms import yaku_name_in
from agari.settlement import Settlement

__all__ = [
    "Details",
    "FuItem",
    "ReadOnlyDict",
    "Result",
    "Status",
    "TextDetails",
    "Wait",
    "YakuHan",
    "json_line",
    "json_safe",
    "result_line",
    "utf8_line",
]

#: What a result says the input is (SPEC §3 ``status``).
Status = Literal["win", "no_yaku", "not_winning", "tenpai", "noten", "error"]
#: The wait of a reading (SPEC §3 ``wait``).
Wait = Literal["ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13"]


class YakuHan(NamedTuple):
    """One yaku of the chosen reading and the han it is worth. A named tuple, so the
    yaku table can hold the ready-made values (:mod:`agari.engine.yaku`)."""

    id: str
    han: int


class FuItem(NamedTuple):
    """One line of the fu breakdown (a named tuple, like :class:`YakuHan`)."""

    item: str
    fu: int


#: A result's ``extra`` when it has none: one read-only dict that every such result shares.
NO_EXTRA: Final[ReadOnlyDict[Any]] = ReadOnlyDict()
# Held as a Final value, which the compiled build keeps in a C static: a name imported from an
# interpreted module (``frozen``) is otherwise looked up in this module's globals at each use
# (four times for every result made).
_READ_ONLY_DICT: Final = ReadOnlyDict
_NO_WARNINGS: Final[tuple[str, ...]] = ()


class Details:
    """What a result shows beyond its value: ``input`` and ``hand`` (the hand's normal form,
    which is a prepared hand's input too), ``warnings``, ``fu_breakdown``, ``reading`` and
    ``extra``. Made with the values given; the engine's subclasses
    (:mod:`agari.engine.scoring`) make them in :meth:`make` on the first read of any,
    together, and keep them: each is a cached property."""

    __slots__ = ("_extra", "_fu_breakdown", "_hand", "_input", "_made", "_reading", "_warnings")

    def __init__(
        self,
        input: Any = None,
        hand: str | None = None,
        warnings: tuple[str, ...] = (),
        fu_breakdown: tuple[FuItem, ...] | None = None,
        reading: tuple[str, ...] | None = None,
        extra: Mapping[str, Any] = NO_EXTRA,
    ) -> None:
        self._input: Any = input
        self._hand: str | None = hand
        self._warnings: tuple[str, ...] = warnings
        self._fu_breakdown: tuple[FuItem, ...] | None = fu_breakdown
        self._reading: tuple[str, ...] | None = reading
        self._extra: Mapping[str, Any] = extra
        self._made: bool = True

    def make(self) -> None:
        """Make the fields not made yet (the engine's subclasses do; the values given to
        this class are made already)."""

    def _ready(self) -> None:
        if not self._made:
            self.make()
            self._made = True

    @property
    def input(self) -> Any:
        if not self._made:
            self._ready()
        return self._input

    @property
    def hand(self) -> str | None:
        if not self._made:
            self._ready()
        return self._hand

    @property
    def warnings(self) -> tuple[str, ...]:
        if not self._made:
            self._ready()
        return self._warnings

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...] | None:
        if not self._made:
            self._ready()
        return self._fu_breakdown

    @property
    def reading(self) -> tuple[str, ...] | None:
        if not self._made:
            self._ready()
        return self._reading

    @property
    def extra(self) -> Mapping[str, Any]:
        if not self._made:
            self._ready()
        return self._extra

    def values(self) -> tuple[Any, str | None, tuple[str, ...], Any, Any, Mapping[str, Any]]:
        """``(input, hand, warnings, fu_breakdown, reading, extra)``, made."""
        if not self._made:
            self._ready()
        return (
            self._input,
            self._hand,
            self._warnings,
            self._fu_breakdown,
            self._reading,
            self._extra,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Details):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash((self.hand, self.warnings, self.fu_breakdown, self.reading))

    def __repr__(self) -> str:
        names = ("input", "hand", "warnings", "fu_breakdown", "reading", "extra")
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(names, self.values(), strict=True))
        return f"Details({shown})"

    def __reduce__(self) -> tuple[type[Details], tuple[Any, ...]]:
        """Pickled and copied as the values, made: never the engine's objects."""
        return (Details, self.values())


class TextDetails(Details):
    """Details whose ``input`` is an object's text (``str(of)``), made when first read: a
    prepared hand's normal form in a result that has nothing else to show (an error: a hand
    made of values of the wrong types cannot be printed, and is never asked to be unless
    the input is read)."""

    __slots__ = ("_of",)

    def __init__(self, of: object) -> None:
        self._of = of
        self._made = False

    def make(self) -> None:
        self._input = str(self._of)
        self._hand = None
        self._warnings = _NO_WARNINGS
        self._fu_breakdown = None
        self._reading = None
        self._extra = NO_EXTRA


class _Keep:
    """The default of a :class:`Result` keyword that stands for a :class:`Details` field:
    given, it replaces the field's value; not given, the details keep theirs."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<as in the details>"

    def __reduce__(self) -> str:
        return "_KEEP"  # the one sentinel, also in a pickled result's arguments


_KEEP: Final = _Keep()
_EMPTY_DETAILS: Final = Details()


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Result:
    """Everything agari says about one input. ``to_json`` gives the SPEC §3 record,
    ``json_text`` the same as one line of JSON.

    Fields that do not apply are ``None`` (left out of the JSON record) so that a
    record holds only what is known: an error has no ``han``, a waiting hand no ``fu``.
    ``input``, ``hand``, ``warnings``, ``fu_breakdown``, ``reading`` and ``extra`` are read
    from :attr:`details`; every mapping is read-only, and a result is hashed by its values.
    """

    status: Status
    rules: str | None
    error: Mapping[str, Any] | None
    han: int | None
    fu: int | None
    yakuman: int | None
    yaku: tuple[YakuHan, ...] | None
    dora: Mapping[str, int] | None
    wait: Wait | None
    limit: str | None
    base_points: int | None
    payment: Mapping[str, int] | None
    points: int | None
    total: int | None
    win_tile: str | None
    deltas: Mapping[str, int] | None
    shanten: int | None
    waits: tuple[Mapping[str, Any], ...] | None
    discards: tuple[Mapping[str, Any], ...] | None
    candidates: tuple[Result, ...] | None
    #: A win's transfers (who pays whom how much and why), from which ``payment``,
    #: ``points``, ``total`` and ``deltas`` are read; not part of the JSON record.
    settlement: Settlement | None = field(compare=False)
    #: What the result shows to explain itself (see :class:`Details`).
    details: Details = field(hash=False)

    # Written out (init=False), as ``Hand``'s is: the keywords are those of SPEC §3 in its
    # order, the ``Details`` fields among them; the compiled build stores each field
    # natively. ``dataclasses.replace`` passes ``details`` and the fields it changes.
    def __init__(
        self,
        input: Any = _KEEP,
        status: Status | None = None,
        hand: str | _Keep | None = _KEEP,
        rules: str | None = None,
        error: Mapping[str, Any] | None = None,
        warnings: tuple[str, ...] | _Keep = _KEEP,
        han: int | None = None,
        fu: int | None = None,
        yakuman: int | None = None,
        yaku: tuple[YakuHan, ...] | None = None,
        dora: Mapping[str, int] | None = None,
        fu_breakdown: tuple[FuItem, ...] | _Keep | None = _KEEP,
        wait: Wait | None = None,
        limit: str | None = None,
        base_points: int | None = None,
        payment: Mapping[str, int] | None = None,
        points: int | None = None,
        total: int | None = None,
        reading: tuple[str, ...] | _Keep | None = _KEEP,
        win_tile: str | None = None,
        deltas: Mapping[str, int] | None = None,
        shanten: int | None = None,
        waits: tuple[Mapping[str, Any], ...] | None = None,
        discards: tuple[Mapping[str, Any], ...] | None = None,
        candidates: tuple[Result, ...] | None = None,
        extra: Mapping[str, Any] | _Keep = _KEEP,
        settlement: Settlement | None = None,
        details: Details | None = None,
    ) -> None:
        if status is None:
            raise TypeError("Result() needs a status")
        if (
            details is None
            or input is not _KEEP
            or hand is not _KEEP
            or warnings is not _KEEP
            or fu_breakdown is not _KEEP
            or reading is not _KEEP
            or extra is not _KEEP
        ):
            details = _details(details, input, hand, warnings, fu_breakdown, reading, extra)
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "rules", rules)
        if error is not None and type(error) is not _READ_ONLY_DICT:
            error = _read_only(error)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "han", han)
        object.__setattr__(self, "fu", fu)
        object.__setattr__(self, "yakuman", yakuman)
        object.__setattr__(self, "yaku", yaku)
        if dora is not None and type(dora) is not _READ_ONLY_DICT:
            dora = _read_only(dora)
        object.__setattr__(self, "dora", dora)
        object.__setattr__(self, "wait", wait)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "base_points", base_points)
        if payment is not None and type(payment) is not _READ_ONLY_DICT:
            payment = _read_only(payment)
        object.__setattr__(self, "payment", payment)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "win_tile", win_tile)
        if deltas is not None and type(deltas) is not _READ_ONLY_DICT:
            deltas = _read_only(deltas)
        object.__setattr__(self, "deltas", deltas)
        object.__setattr__(self, "shanten", shanten)
        object.__setattr__(self, "waits", None if waits is None else frozen(waits))
        object.__setattr__(self, "discards", None if discards is None else frozen(discards))
        object.__setattr__(self, "candidates", candidates)
        object.__setattr__(self, "settlement", settlement)
        object.__setattr__(self, "details", details)

    def __reduce__(self) -> tuple[type[Result], tuple[Any, ...]]:
        """Pickled and copied as its values, the details made (never the engine's objects
        they were made from), in both builds."""
        return (
            Result,
            (
                _KEEP,
                self.status,
                _KEEP,
                self.rules,
                self.error,
                _KEEP,
                self.han,
                self.fu,
                self.yakuman,
                self.yaku,
                self.dora,
                _KEEP,
                self.wait,
                self.limit,
                self.base_points,
                self.payment,
                self.points,
                self.total,
                _KEEP,
                self.win_tile,
                self.deltas,
                self.shanten,
                self.waits,
                self.discards,
                self.candidates,
                _KEEP,
                self.settlement,
                Details(*self.details.values()),
            ),
        )

    def replace(self, **changes: Any) -> Result:
        """A copy with ``changes``: any keyword of ``Result()``, the fields of its details
        (``input``, ``hand``, ``warnings`` ...) among them. ``dataclasses.replace(result,
        ...)`` does the same; this spelling is the one a type checker reads."""
        return dataclasses.replace(self, **changes)

    @property
    def input(self) -> Any:
        """The input, verbatim (a prepared hand's normal form)."""
        return self.details.input

    @property
    def hand(self) -> str | None:
        """The hand's normal form (``None`` when the input could not be read)."""
        return self.details.hand

    @property
    def warnings(self) -> tuple[str, ...]:
        return self.details.warnings

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...] | None:
        """The chosen reading's fu, item by item (they sum to the fu before rounding)."""
        return self.details.fu_breakdown

    @property
    def reading(self) -> tuple[str, ...] | None:
        """The chosen reading, each group in notation."""
        return self.details.reading

    @property
    def extra(self) -> Mapping[str, Any]:
        """The record's further keys (``reason``, ``complete_readings``, ``ukeire`` ...)."""
        return self.details.extra

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _RECORD_FIELDS)
        return f"Result({shown})"

    def to_json(self) -> dict[str, Any]:
        """The SPEC §3 record: ``input``, ``hand``, ``rules``, ``status``, ``error``,
        ``warnings`` always; every other key only when it applies. Always JSON: an input
        that held values JSON has not (NaN, a set, bytes ...) is shown by
        :func:`json_safe`."""
        input, hand, warnings, fu_breakdown, reading, extra = self.details.values()
        record: dict[str, Any] = {
            "input": input if type(input) is str or input is None else json_safe(input),
            "hand": hand,
            "rules": self.rules,
            "status": self.status,
            "error": None if self.error is None else thawed(self.error),
            "warnings": list(warnings),
        }
        for key, value in self._numbers():
            record[key] = dict(value) if isinstance(value, Mapping) else value
        if self.status == "win":
            # One key set per status: null below mangan, null where the payers are unknown.
            record.setdefault("limit", None)
            record.setdefault("deltas", None)
        if self.yaku is not None:
            names = json_names()
            if names is None:
                record["yaku"] = [{"id": y.id, "han": y.han} for y in self.yaku]
            else:  # asked for: each yaku's name in that language
                record["yaku"] = [
                    {"id": y.id, "han": y.han, "name": yaku_name_in(y.id, y.id, names)}
                    for y in self.yaku
                ]
        if fu_breakdown is not None:
            record["fu_breakdown"] = [{"item": f.item, "fu": f.fu} for f in fu_breakdown]
        if reading is not None:
            record["reading"] = list(reading)
        if self.waits is not None:
            record["waits"] = thawed(self.waits)
        if self.discards is not None:
            record["discards"] = thawed(self.discards)
        if self.candidates is not None:
            record["candidates"] = [c.to_json() for c in self.candidates]
        record.update(thawed(extra))
        return record

    def _numbers(self) -> list[tuple[str, Any]]:
        """The keys from ``han`` to ``shanten`` that apply, in the record's order."""
        return [
            (k, v)
            for k, v in zip(_NUMBER_KEYS, self._number_values(), strict=True)
            if v is not None
        ]

    def _number_values(self) -> tuple[Any, ...]:
        """The values of :data:`_NUMBER_KEYS`, in order (``None`` where one does not apply)."""
        return (
            self.han,
            self.fu,
            self.yakuman,
            self.limit,
            self.base_points,
            self.payment,
            self.points,
            self.total,
            self.wait,
            self.win_tile,
            self.dora,
            self.deltas,
            self.shanten,
        )

    def json_text(self) -> str:
        """:meth:`to_json` as JSON text, built directly (the same text as ``json.dumps``
        with ``ensure_ascii=False`` gives, key for key): what ``agari batch --json`` writes.
        A text holding a lone surrogate is left as it is (see :func:`json_line`)."""
        input, hand, warnings, fu_breakdown, reading, extra = self.details.values()
        enc = _encode_text
        hand_text = "null" if hand is None else enc(hand)
        if type(input) is str:
            # A prepared hand's input is its normal form: the same text, quoted once.
            input_text = hand_text if input is hand else enc(input)
        else:
            input_text = "null" if input is None else _encode(json_safe(input))
        parts = [
            '{"input": ',
            input_text,
            ', "hand": ',
            hand_text,
            ', "rules": ',
            "null" if self.rules is None else enc(self.rules),
            ', "status": ',
            enc(self.status),
            ', "error": ',
            "null" if self.error is None else _json_value(self.error),
            ', "warnings": ',
            _texts(warnings),
        ]
        for key_text, value in zip(_NUMBER_KEY_TEXTS, self._number_values(), strict=True):
            if value is not None:
                parts.append(key_text)
                parts.append(str(value) if type(value) is int else _json_value(value))
        if self.status == "win":
            if self.limit is None:
                parts.append(', "limit": null')
            if self.deltas is None:
                parts.append(', "deltas": null')
        if self.yaku is not None:
            parts.append(', "yaku": [')
            parts.append(_yaku_texts(self.yaku))
            parts.append("]")
        if fu_breakdown is not None:
            parts.append(', "fu_breakdown": [')
            parts.append(_fu_texts(fu_breakdown))
            parts.append("]")
        if reading is not None:
            parts.append(', "reading": ')
            parts.append(_texts(reading))
        if self.waits is not None:
            parts.append(', "waits": ')
            parts.append(_json_value(self.waits))
        if self.discards is not None:
            parts.append(', "discards": ')
            parts.append(_json_value(self.discards))
        if self.candidates is not None:
            parts.append(', "candidates": [')
            parts.append(", ".join([c.json_text() for c in self.candidates]))
            parts.append("]")
        if extra:
            parts.append(", ")
            parts.append(_json_value(extra)[1:-1])
        parts.append("}")
        return "".join(parts)


#: Every field of the SPEC §3 record in its order, as ``repr`` shows a result.
_RECORD_FIELDS: Final = (
    "input",
    "status",
    "hand",
    "rules",
    "error",
    "warnings",
    "han",
    "fu",
    "yakuman",
    "yaku",
    "dora",
    "fu_breakdown",
    "wait",
    "limit",
    "base_points",
    "payment",
    "points",
    "total",
    "reading",
    "win_tile",
    "deltas",
    "shanten",
    "waits",
    "discards",
    "candidates",
    "extra",
)
#: The record's keys from ``han`` to ``shanten``, in its order (:meth:`Result._numbers`).
_NUMBER_KEYS: Final = (
    "han",
    "fu",
    "yakuman",
    "limit",
    "base_points",
    "payment",
    "points",
    "total",
    "wait",
    "win_tile",
    "dora",
    "deltas",
    "shanten",
)
#: ``, "key": `` for each of :data:`_NUMBER_KEYS`.
_NUMBER_KEY_TEXTS: Final = tuple(f", {json.dumps(key)}: " for key in _NUMBER_KEYS)


def _details(
    details: Details | None,
    input: Any,
    hand: str | _Keep | None,
    warnings: tuple[str, ...] | _Keep,
    fu_breakdown: tuple[FuItem, ...] | _Keep | None,
    reading: tuple[str, ...] | _Keep | None,
    extra: Mapping[str, Any] | _Keep,
) -> Details:
    """``details`` (or none) with the fields given in place of theirs."""
    was = (details or _EMPTY_DETAILS).values()
    return Details(
        was[0] if input is _KEEP else input,
        was[1] if isinstance(hand, _Keep) else hand,
        was[2] if isinstance(warnings, _Keep) else tuple(warnings),
        was[3] if isinstance(fu_breakdown, _Keep) else fu_breakdown,
        was[4] if isinstance(reading, _Keep) else reading,
        was[5] if isinstance(extra, _Keep) else frozen(dict(extra)),
    )


def _read_only(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A mapping given to a result, read-only all the way down (the engine's are already)."""
    return frozen(dict(value))  # type: ignore[no-any-return]


_JSON_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
#: The generic encoder for the rarer nested parts (an error, waits, discards, extra keys).
_encode: Final = _JSON_ENCODER.encode
#: A text as JSON, quoted and escaped as ``json.dumps(..., ensure_ascii=False)`` does.
_encode_text: Final = json.encoder.encode_basestring


def _texts(texts: tuple[str, ...]) -> str:
    """A tuple of texts as a JSON list."""
    if not texts:
        return "[]"
    enc = _encode_text
    return "[" + ", ".join([enc(t) for t in texts]) + "]"


def _yaku_texts(yaku: tuple[YakuHan, ...]) -> str:
    """The yaku as the items of a JSON list (each yaku's name too when asked for)."""
    enc = _encode_text
    names = json_names()
    if names is None:
        return ", ".join([_item_text(y, _YAKU_TEXTS, '{{"id": {}, "han": {}}}') for y in yaku])
    return ", ".join(
        [
            f'{{"id": {enc(y.id)}, "han": {y.han}, "name": {enc(yaku_name_in(y.id, y.id, names))}}}'
            for y in yaku
        ]
    )


def _fu_texts(items: tuple[FuItem, ...]) -> str:
    """The fu breakdown as the items of a JSON list."""
    return ", ".join([_item_text(f, _FU_TEXTS, '{{"item": {}, "fu": {}}}') for f in items])


#: The JSON objects of the yaku and fu items written (made of a few hundred values, the
#: same ones again and again), each kept up to :data:`_ITEM_TEXTS_LIMIT` of them.
_YAKU_TEXTS: Final[dict[tuple[str, int], str]] = {}
_FU_TEXTS: Final[dict[tuple[str, int], str]] = {}
_ITEM_TEXTS_LIMIT: Final = 4096


def _item_text(item: tuple[str, int], texts: dict[tuple[str, int], str], shape: str) -> str:
    """A yaku or fu item (a text and an int) as the JSON object ``shape`` lays out, from
    ``texts`` or made and kept there; an item whose int is not a plain int (``True`` equals
    1) is made each time."""
    if type(item[1]) is not int:
        return shape.format(_encode_text(item[0]), item[1])
    text = texts.get(item)
    if text is None:
        text = shape.format(_encode_text(item[0]), item[1])
        if len(texts) < _ITEM_TEXTS_LIMIT:
            texts[item] = text
    return text


#: ``"key": `` of the keys met in the mappings written (a result's mappings use a few
#: dozen keys again and again); kept up to :data:`_KEY_TEXTS_LIMIT` of them.
_KEY_TEXTS: Final[dict[str, str]] = {}
_KEY_TEXTS_LIMIT: Final = 1024


def _json_value(value: Any) -> str:
    """``value`` as JSON text, the same as ``json.dumps(value, ensure_ascii=False,
    allow_nan=False)``: built directly for what a result's values are made of (texts,
    ints, ``None``, booleans, and mappings with text keys and tuples or lists of those),
    by the generic encoder for anything else (floats, other keys, other types); a
    mapping of a few keys costs the generic encoder more to set up than to write."""
    kind = type(value)
    if kind is str:
        return _encode_text(value)
    if kind is int:
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is _READ_ONLY_DICT or kind is dict:
        if not value:
            return "{}"
        keys = _KEY_TEXTS
        items = []
        for k, v in value.items():
            key = keys.get(k)
            if key is None:
                if type(k) is not str:
                    return _encode(value)  # keys JSON writes as texts: 1, 2.5, None ...
                key = _encode_text(k) + ": "
                if len(keys) < _KEY_TEXTS_LIMIT:
                    keys[k] = key
            items.append(key + (str(v) if type(v) is int else _json_value(v)))
        return "{" + ", ".join(items) + "}"
    if kind is tuple or kind is list:
        if not value:
            return "[]"
        return "[" + ", ".join([_json_value(v) for v in value]) + "]"
    return _encode(value)


def json_safe(value: Any, depth: int = 0) -> Any:
    """``value`` with everything JSON cannot hold replaced by a stand-in: a float that is
    not finite and any other object by its text, a set by a list, bytes decoded (bad bytes
    as ``\\xNN``), keys as strings, an integer too long to print by a note of its size.

    >>> json_safe({"a": float("nan"), 1: {2}, "b": b"\\xff"})
    {'a': 'nan', '1': [2], 'b': '\\\\xff'}
    """
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return value if value.bit_length() < 1000 else f"<an integer of {value.bit_length()} bits>"
    if isinstance(value, float):
        return (
            value if value == value and value not in (float("inf"), float("-inf")) else repr(value)
        )
    if depth > 50:
        return "<nested too deeply>"
    if isinstance(value, dict):
        return {
            k if isinstance(k, str) else str(json_safe(k, depth + 1)): json_safe(v, depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [json_safe(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((json_safe(v, depth + 1) for v in value), key=repr)
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", "backslashreplace")
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


def json_line(record: Mapping[str, Any]) -> str:
    """``record`` as one line of JSON, UTF-8 where it can be: a text holding a lone
    surrogate (valid in JSON, ``"\\ud800"``, but not in UTF-8) makes the line ASCII with
    ``\\u`` escapes, so that it can always be written to a UTF-8 file or pipe.

    >>> json_line({"input": "5z\\ud800"})
    '{"input": "5z\\\\ud800"}'
    """
    try:
        line = _encode(record)
    except (ValueError, TypeError, RecursionError):
        line = _encode(json_safe(dict(record)))
    return utf8_line(line)


def utf8_line(line: str) -> str:
    """A line of JSON text that can be written as UTF-8: as it is, or, when a text in it
    holds a lone surrogate, the same JSON with every such text escaped (ASCII)."""
    if line.isascii():
        return line
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(json.loads(line), ensure_ascii=True)
    return line


def result_line(result: Result, head: Mapping[str, Any], tail: Mapping[str, Any]) -> str:
    """The JSON line of ``head``'s keys, then ``result``'s record, then ``tail``'s keys
    (``agari batch --json``: the record's id, file and line before it, ``check`` after it),
    built from :meth:`Result.json_text` without making the record a dict: the same text as
    :func:`json_line` of the merged record."""
    body = result.json_text()
    if head:
        body = _json_value(dict(head))[:-1] + ", " + body[1:]
    if tail:
        body = body[:-1] + ", " + _json_value(dict(tail))[1:]
    return utf8_line(body)
