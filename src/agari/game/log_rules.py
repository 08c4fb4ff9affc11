"""The rules a game log was played under: one table from what the log says (server,
players, length, room, date) to a preset and its overrides.

The readers (:mod:`agari.game.logs`) decide what a file says (:class:`LogRules`, the date,
the final result it states); this module maps that to :class:`~agari.rules.Rules`, and
nothing else does.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Final

from agari.game.logs import GameLog
from agari.rules import Rules

__all__ = ["DECIMAL_POINTS_FROM", "log_rules"]

#: Tenhou shows the final points with one decimal in later games and rounded to whole
#: points in older ones (RULES.md "Games": the change falls between January 2022 and May
#: 2023 in the logs seen). Games from this day on are taken as decimal (a guess inside that
#: window, not a known date).
DECIMAL_POINTS_FROM: Final = datetime.date(2022, 9, 1)

#: The preset for each (server, players).
_PRESET_FOR: Final[dict[tuple[str, int], str]] = {
    ("tenhou", 4): "tenhou",
    ("tenhou", 3): "tenhou-sanma",
    ("majsoul", 4): "majsoul",
    ("majsoul", 3): "majsoul-sanma",
}


def log_rules(log: GameLog, preset: str | None = None, pairs: Iterable[str] = ()) -> Rules:
    """The rules a log was played under: the server's preset for its number of players
    (Tenhou four-player ``tenhou``, three-player ``tenhou-sanma``; Mahjong Soul ``majsoul``
    / ``majsoul-sanma``), red fives and open tanyao where the room says, the game length,
    Tenhou's uma by room and year and its rounding of the final points by the game's date;
    then ``preset`` (``--rules``) in place of the server's and ``pairs`` (``--rule``) on top.
    :class:`~agari.errors.RuleError` for an unknown preset or switch."""
    info = log.rules
    players = info.players
    server = info.server or "tenhou"
    changes: dict[str, str] = {}
    if preset is None:
        name = _PRESET_FOR.get((server, players), "tenhou" if players == 4 else "tenhou-sanma")
        base = Rules.preset(name)
        if info.red_fives is False:
            changes["aka"] = "off"
        if info.open_tanyao is False:
            changes["open_tanyao"] = "off"
        if info.length is not None:
            changes["game_length"] = info.length
        if server == "tenhou":
            year = log.date.year if log.date else None
            if players == 4:
                east_2009 = info.length == "east" and year is not None and year <= 2009
                changes["uma"] = "10,5,-5,-10" if east_2009 else "20,10,-10,-20"
            decimal = log.date is not None and log.date >= DECIMAL_POINTS_FROM
            changes["final_points"] = "decimal" if decimal else "rounded"
    else:
        base = Rules.preset(preset)
        if players != base.players:
            changes["players"] = str(players)
    rules = base.with_overrides(changes) if changes else base
    return rules.with_options(pairs)
