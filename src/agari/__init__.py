"""agari: reads riichi mahjong hands written as text and tells what they are worth and why."""

from agari.errors import HandError, RuleError
from agari.hand import Context, Hand, Meld, MeldKind
from agari.rules import Rules
from agari.tiles import Tile

__all__ = ["Context", "Hand", "HandError", "Meld", "MeldKind", "RuleError", "Rules", "Tile"]
__version__ = "0.1.0"
