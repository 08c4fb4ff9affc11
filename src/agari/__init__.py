"""agari: reads riichi mahjong hands written as text and tells what they are worth and why."""

from typing import TYPE_CHECKING, Any

from agari.errors import HandError, RuleError
from agari.hand import Context, Hand, Meld, MeldKind
from agari.rules import Rules
from agari.tiles import Tile

if TYPE_CHECKING:
    from agari.analysis import discards, shanten, waits
    from agari.api import analyse, score

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
    "discards",
    "score",
    "shanten",
    "waits",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The engine and the analyser load on first use, so that start-up stays fast."""
    if name in ("analyse", "score"):
        from agari import api

        return getattr(api, name)
    if name in ("shanten", "waits", "discards"):
        from agari import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module 'agari' has no attribute {name!r}")
