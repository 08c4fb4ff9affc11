"""agari: reads riichi mahjong hands written as text and tells what they are worth and why."""

from typing import TYPE_CHECKING, Any

from agari.errors import HandError, RuleError
from agari.hand import Context, Hand, Meld, MeldKind
from agari.rules import Rules
from agari.tiles import Tile

if TYPE_CHECKING:
    from agari.analysis import calls, discards, shanten, ukeire, waits
    from agari.api import analyse, ev, score
    from agari.notation import hand_from_dict, parse_hand

__all__ = [
    "Context",
    "Hand",
    "HandError",
    "Meld",
    "MeldKind",
    "RuleError",
    "Rules",
    "Tile",
    "analyse",
    "calls",
    "discards",
    "ev",
    "hand_from_dict",
    "parse_hand",
    "score",
    "shanten",
    "ukeire",
    "waits",
]


#: The functions loaded on first use, so that start-up stays fast, by the module holding each.
_LAZY: dict[str, str] = {
    "analyse": "agari.api",
    "score": "agari.api",
    "ev": "agari.api",
    "shanten": "agari.analysis",
    "waits": "agari.analysis",
    "discards": "agari.analysis",
    "ukeire": "agari.analysis",
    "calls": "agari.analysis",
    "parse_hand": "agari.notation",
    "hand_from_dict": "agari.notation",
    "Game": "agari.game.replay",
    "svg": "agari.render.svg",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":  # one source: the installed package's metadata (pyproject)
        from importlib.metadata import version

        return version("agari")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'agari' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    """The lazily loaded functions too, for completion in a REPL."""
    return sorted({*globals(), *__all__})
