"""Writers: a replayed game log written out again, in another log format, with agari's own
values (``agari game --to FORMAT``).

Takes a :class:`~agari.game.replayed.LogReplay` (:func:`agari.game.replay_log.replay_log`
of any log agari reads); gives the text of the file: mjai JSON Lines
(:func:`~agari.game.export.mjai.to_mjai`) or tenhou.net/6 JSON
(:func:`~agari.game.export.tenhou6.to_tenhou6`). The play is the log's, every value
(han, fu, yaku, points, deltas, final result) agari's; each writer also states the rules
the game was replayed under, so that reading the file back (:func:`agari.game.logs.read_log`)
gives the same game, round for round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from agari.game.export.mjai import to_mjai
from agari.game.export.tenhou6 import to_tenhou6
from agari.game.replayed import LogReplay

__all__ = ["FORMATS", "SUFFIXES", "export", "to_mjai", "to_tenhou6"]

#: Each format's writer.
FORMATS: Final[dict[str, Callable[[LogReplay], str]]] = {
    "mjai": to_mjai,
    "tenhou6": to_tenhou6,
}
#: The file name ending each format's files get.
SUFFIXES: Final = {"mjai": ".mjson", "tenhou6": ".json"}


def export(replay: LogReplay, fmt: str) -> str:
    """The replayed game as the text of a ``fmt`` file (one of :data:`FORMATS`)."""
    try:
        writer = FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unknown export format {fmt!r}; one of {', '.join(FORMATS)}") from None
    return writer(replay)
