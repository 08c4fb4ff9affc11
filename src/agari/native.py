"""Layout hints for the compiled build (mypyc, issue 18), harmless in the pure one.

:func:`mypyc_attr` is mypy_extensions' decorator where that package is installed (it comes
with mypy, which makes the compiled build), and otherwise one that returns the class
unchanged: the pure build needs nothing beyond the standard library. The engine marks the
classes it makes and drops for every hand ``acyclic``: their objects only ever point at
values (never back at a container of themselves), so the compiled build leaves them out
of the cycle collector, which makes them cheaper to make and to free.

:func:`reduce_fields` is the ``__reduce__`` of the frozen dataclasses the compiled build
makes native (``Tile``, ``Meld``, ``Hand``, ``Rules`` ...): mypyc's own pickling sets each
attribute through the class's frozen ``__setattr__`` and fails, so these are pickled and
copied as the values their ``__init__`` takes, in both builds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # the pure build, installed without mypy

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        """The class unchanged: the attributes matter to the compiled build only."""
        return lambda cls: cls


def reduce_fields(value: Any) -> tuple[type[Any], tuple[Any, ...]]:
    """``__reduce__`` for a frozen dataclass: made again from its ``__init__`` fields, in
    order (the fields not given to ``__init__`` are made again by it or its
    ``__post_init__``)."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value) if f.init)
