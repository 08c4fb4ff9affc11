"""Unfinished hands (SPEC §4): shanten, waits with their values, ukeire and discard advice.

Takes a :class:`~agari.hand.Hand` of 13 or 14 tiles and rules; gives numbers and SPEC §3
records, valuing each wait with the engine (:mod:`agari.engine.scoring`). Modules: ``tables``
(per-suit shanten tables) and ``waiting`` (the analyses).
"""

from agari.analysis.calls import calls
from agari.analysis.waiting import (
    analyse_discards,
    analyse_waiting,
    discards,
    karaten,
    shanten,
    ukeire,
    waits,
)

__all__ = [
    "analyse_discards",
    "analyse_waiting",
    "calls",
    "discards",
    "karaten",
    "shanten",
    "ukeire",
    "waits",
]
