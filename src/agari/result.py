"""The answer for one input: :class:`Result`, which serialises to a SPEC §3 record.

A few fields are made from the hand for showing -- ``input`` (for a
:class:`~agari.hand.Hand` given as input), ``hand`` (its normal form), ``reading`` (the
chosen reading in notation), ``fu_breakdown`` (its fu itemised; the fu total of every
reading is counted without the items), and the ``warnings`` and ``extra`` that list every
reading of a hand without a yaku. A batch writes them, but a program that scores hands
for their value never reads them, so the engine may give them as :func:`deferred`
values: the value is made on the first read of the field (``to_json``, ``str``, ``==``,
``repr`` read it too) and kept.
To every reader a deferred field is a plain value.

>>> r = Result(input=None, status="win", hand=deferred(lambda: "123m+1m"))
>>> r.hand, r == Result(input=None, status="win", hand="123m+1m")
('123m+1m', True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from functools import partial
from typing import Any, Final, Literal, NamedTuple, TypeAlias, TypedDict, TypeVar, cast

from agari.settlement import Settlement

V = TypeVar("V")


class ReadOnlyDict(dict[str, V]):
    """A dict that refuses changes: the mappings of a :class:`Result` (``payment``,
    ``deltas``, ``dora``), so that ``result.payment["ron"] = 1`` fails loudly. It prints,
    compares and serialises as the dict it is.

    >>> d = ReadOnlyDict({"ron": 3900})
    >>> d, d == {"ron": 3900}
    ({'ron': 3900}, True)
    >>> d["ron"] = 1
    Traceback (most recent call last):
    TypeError: a result's mappings cannot be changed (copy it with dict() first)
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a result's mappings cannot be changed (copy it with dict() first)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[ReadOnlyDict[V]], tuple[dict[str, V]]]:
        """Pickled as its items, made again in one step (worker processes send results)."""
        return (type(self), (dict(self),))


class _Deferred(partial[Any]):
    """A field value not made yet: calling it makes it (a ``partial``: one C object).

    ``deferred(make, *args)`` is a stand-in for the value ``make(*args)``, for one of
    :data:`DEFERRABLE` fields of a :class:`Result`; the field makes it on its first read."""

    __slots__ = ()


class _DeferredFields(partial[Any]):
    """Several field values not made yet: calling it gives ``{field: value}`` for every field
    that holds it (one stand-in, one call, for values made together).

    ``deferred_fields(make, *args)`` stands for several fields at once: ``make(*args)``
    gives each field's value, made when any of them is first read."""

    __slots__ = ()


#: A stand-in for a field's value, as the engine puts it in a result's fields. Typed as
#: what it is (not as the value it stands for), so that compiled code checks it as such.
Deferred: TypeAlias = _Deferred | _DeferredFields

# The stand-in's class itself: one is made for several fields of every result, and a
# wrapper function would double the cost of making it.
deferred: Final = _Deferred
deferred_fields: Final = _DeferredFields


def _deferrable(name: str) -> property:
    """The attribute of one Result field: a deferred value in the instance's ``__dict__``
    is made on the first read and stored in its place. The dataclass machinery --
    ``__init__``, ``__eq__``, ``replace`` -- goes through the same attribute, so it sees
    values only. One stand-in may serve several fields (the ``input`` and the ``hand``
    of a result for a :class:`~agari.hand.Hand` are one text): it is made once, and every
    field that holds it gets the value."""

    def read(obj: Any) -> Any:
        fields = obj.__dict__
        value = fields[name]
        kind = type(value)
        if kind is _Deferred:
            made = value()
            for other in DEFERRABLE:
                if fields[other] is value:
                    fields[other] = made
            return made
        if kind is _DeferredFields:
            fields.update(value())
            return fields[name]
        return value

    def write(obj: Any, value: Any) -> None:
        obj.__dict__[name] = value

    return property(read, write)


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


@dataclass(frozen=True)
class Result:
    """Everything agari says about one input. ``to_json`` gives the SPEC §3 record.

    Fields that do not apply are ``None`` (left out of the JSON record) so that a
    record holds only what is known: an error has no ``han``, a waiting hand no ``fu``.
    """

    input: Any
    status: Status
    hand: str | None = None
    rules: str | None = None
    error: dict[str, Any] | None = None
    warnings: tuple[str, ...] = ()
    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    yaku: tuple[YakuHan, ...] | None = None
    dora: Mapping[str, int] | None = None
    fu_breakdown: tuple[FuItem, ...] | None = None
    wait: Wait | None = None
    limit: str | None = None
    base_points: int | None = None
    payment: Mapping[str, int] | None = None
    points: int | None = None
    total: int | None = None
    reading: tuple[str, ...] | None = None
    win_tile: str | None = None
    deltas: Mapping[str, int] | None = None
    shanten: int | None = None
    waits: tuple[dict[str, Any], ...] | None = None
    discards: tuple[dict[str, Any], ...] | None = None
    candidates: tuple[Result, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: A win's transfers (who pays whom how much and why), from which ``payment``,
    #: ``points``, ``total`` and ``deltas`` are read; not part of the JSON record.
    settlement: Settlement | None = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        """The fields' values, each deferred one made: a pickled or copied result holds
        values, never the engine's stand-ins (nor the engine's objects they hold)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def to_json(self) -> dict[str, Any]:
        """The SPEC §3 record: ``input``, ``hand``, ``rules``, ``status``, ``error``,
        ``warnings`` always; every other key only when it applies. Always JSON: an input
        that held values JSON has not (NaN, a set, bytes ...) is shown by
        :func:`json_safe`."""
        value = self.input
        record: dict[str, Any] = {
            "input": value if type(value) is str or value is None else json_safe(value),
            "hand": self.hand,
            "rules": self.rules,
            "status": self.status,
            "error": self.error,
            "warnings": list(self.warnings),
        }
        for key in (
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
        ):
            value = getattr(self, key)
            if value is not None:
                record[key] = dict(value) if isinstance(value, Mapping) else value
        if self.status == "win":
            # One key set per status: null below mangan, null where the payers are unknown.
            record.setdefault("limit", None)
            record.setdefault("deltas", None)
        if self.yaku is not None:
            record["yaku"] = [{"id": y.id, "han": y.han} for y in self.yaku]
        if self.fu_breakdown is not None:
            record["fu_breakdown"] = [{"item": f.item, "fu": f.fu} for f in self.fu_breakdown]
        if self.reading is not None:
            record["reading"] = list(self.reading)
        if self.waits is not None:
            record["waits"] = list(self.waits)
        if self.discards is not None:
            record["discards"] = list(self.discards)
        if self.candidates is not None:
            record["candidates"] = [c.to_json() for c in self.candidates]
        record.update(self.extra)
        return record


#: The fields of :class:`Result` that may hold a :func:`deferred` value.
DEFERRABLE: Final = (
    "input",
    "hand",
    "reading",
    "fu_breakdown",
    "dora",
    "warnings",
    "extra",
    "settlement",
    "payment",
    "points",
    "total",
    "deltas",
)
for _name in DEFERRABLE:
    setattr(Result, _name, _deferrable(_name))

#: Every field of a :class:`Result` that has a plain default, with that default.
_DEFAULTS: Final = {f.name: f.default for f in fields(Result) if f.default is not MISSING}
_FIELD_NAMES: Final = frozenset(f.name for f in fields(Result))
_new = object.__new__
_set = object.__setattr__


def make_result(**values: Any) -> Result:
    """``Result(**values)`` made in one step, for the engine (one per hand scored): the
    ``__init__`` of a frozen dataclass sets its 26 fields one by one through
    ``object.__setattr__``, which costs more than all the rest of building a result."""
    assert values.keys() <= _FIELD_NAMES, values.keys() - _FIELD_NAMES
    result = _new(Result)
    _set(result, "__dict__", {**_DEFAULTS, "extra": {}, **values})
    return result


class Fields(TypedDict):
    """Every field of a :class:`Result`, typed: the engine fills a copy of a ready-made one
    (:func:`win_fields`) item by item -- the checker sees each name and each value's type
    -- and makes the result in one step (:func:`result_of`). A keyword call with twenty
    arguments costs twice as much, on every hand scored."""

    input: Any
    status: Status
    hand: str | Deferred | None
    rules: str | None
    error: dict[str, Any] | None
    warnings: tuple[str, ...] | Deferred
    han: int | None
    fu: int | None
    yakuman: int | None
    yaku: tuple[YakuHan, ...] | None
    dora: Mapping[str, int] | Deferred | None
    fu_breakdown: tuple[FuItem, ...] | Deferred | None
    wait: Wait | None
    limit: str | None
    base_points: int | None
    payment: Mapping[str, int] | Deferred | None
    points: int | Deferred | None
    total: int | Deferred | None
    reading: tuple[str, ...] | Deferred | None
    win_tile: str | None
    deltas: Mapping[str, int] | Deferred | None
    shanten: int | None
    waits: tuple[dict[str, Any], ...] | None
    discards: tuple[dict[str, Any], ...] | None
    candidates: tuple[Result, ...] | None
    extra: dict[str, Any] | Deferred
    settlement: Settlement | Deferred | None


#: A result's ``extra`` when it has none: one read-only dict that every such result shares.
_NO_EXTRA: Final[ReadOnlyDict[Any]] = ReadOnlyDict()
#: Every field of a win in place (the hand's values are filled into a copy).
_WIN: Final = {"input": None, "status": "win", **_DEFAULTS, "extra": _NO_EXTRA}
#: Every field of a complete hand without a yaku that does not depend on the hand.
_NO_YAKU: Final = {**_WIN, "status": "no_yaku", "han": 0, "yakuman": 0, "yaku": ()}


#: :func:`win_fields` and :func:`no_yaku_fields` as values, for the engine to copy without a
#: call (one result per hand scored); never changed.
WIN_FIELDS: Final = cast(Fields, _WIN)
NO_YAKU_FIELDS: Final = cast(Fields, _NO_YAKU)


def win_fields() -> Fields:
    """A win's fields, each in place with its default, to be filled in.

    >>> sorted(win_fields()) == sorted(f.name for f in fields(Result))
    True
    """
    return cast(Fields, _WIN.copy())  # a copy is made at its final size in one step


def no_yaku_fields() -> Fields:
    """A complete hand without a yaku (status ``no_yaku``: no fu, points or payments)."""
    return cast(Fields, _NO_YAKU.copy())


def result_of(values: Fields) -> Result:
    """The :class:`Result` holding ``values`` (deferred ones made when first read).

    >>> values = no_yaku_fields()
    >>> values["win_tile"] = "1z"
    >>> r = result_of(values)
    >>> r.status, r.han, r.points, r.win_tile
    ('no_yaku', 0, None, '1z')
    """
    result = _new(Result)
    _set(result, "__dict__", values)
    return result


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
        line = json.dumps(record, ensure_ascii=False, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        line = json.dumps(json_safe(dict(record)), ensure_ascii=False, allow_nan=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(json.loads(line), ensure_ascii=True)
    return line
