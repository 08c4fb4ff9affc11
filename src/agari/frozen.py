"""Read-only values for the mappings and records a result holds.

:class:`ReadOnlyDict` is a dict that refuses changes and can be hashed: a result's
``payment``, ``deltas``, ``dora``, ``error`` and ``extra``, and a settlement's ``payment``.
It prints, compares and serialises as the dict it is (``json`` writes it as it writes a
dict), so a program that reads a result as a mapping sees no difference.
:func:`frozen` makes a nested record of dicts and lists read-only all the way down (dicts
as read-only dicts, lists as tuples); :func:`thawed` gives the plain dicts and lists back,
as a SPEC §3 record holds them.

>>> d = ReadOnlyDict({"ron": 3900})
>>> d, d == {"ron": 3900}, hash(d) == hash(ReadOnlyDict(ron=3900))
({'ron': 3900}, True, True)
>>> d["ron"] = 1
Traceback (most recent call last):
TypeError: a result's mappings cannot be changed (copy it with dict() first)
>>> thawed(frozen({"tiles": [{"tile": "1m"}]}))
{'tiles': [{'tile': '1m'}]}
"""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")


class ReadOnlyDict(dict[str, V]):
    """A dict that refuses changes, hashed by its items (see the module notes)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a result's mappings cannot be changed (copy it with dict() first)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[type[ReadOnlyDict[V]], tuple[dict[str, V]]]:
        """Pickled as its items, made again in one step (worker processes send results)."""
        return (type(self), (dict(self),))


def frozen(value: Any) -> Any:
    """``value`` read-only all the way down: every dict a :class:`ReadOnlyDict`, every list
    a tuple (other values as they are)."""
    if isinstance(value, dict):
        return ReadOnlyDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """``value`` with every dict a plain dict and every tuple a list: the record as JSON
    reads it back (the inverse of :func:`frozen`)."""
    if isinstance(value, dict):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thawed(v) for v in value]
    return value
