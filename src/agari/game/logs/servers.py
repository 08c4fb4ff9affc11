"""What the servers' game ids look like, one pattern each, and the day an id tells.

A Tenhou log id is ``YYYYMMDDHHgm-TTTT-LLLL-xxxxxxxx`` (the game type ``TTTT`` in hex, the
lobby); a Mahjong Soul record id (paipu uuid) is ``YYMMDD-`` and a UUID; a Riichi City
record key is 20 letters and digits and tells no date. The readers find an id inside a
file (tenhou.net/6 ``ref``, a Mahjong Soul ``uuid``), the file name being the last hint.

>>> soul = "210815-6da08e40-2605-42fb-a5e3-f8aa5940362a"
>>> game_date("2019021004gm-00a9-0000-e2f6516d"), game_date(soul), server_of_id(soul)
(datetime.date(2019, 2, 10), datetime.date(2021, 8, 15), 'majsoul')
>>> find_game_id("x_2019021004gm-00a9-0000-e2f6516d.xml")
'2019021004gm-00a9-0000-e2f6516d'
"""

from __future__ import annotations

import datetime
import re
from typing import Final

__all__ = ["MAJSOUL_ID", "TENHOU_ID", "find_game_id", "game_date", "server_of_id"]

TENHOU_ID: Final = re.compile(r"(20\d\d)(\d\d)(\d\d)\d\dgm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")
MAJSOUL_ID: Final = re.compile(
    r"(\d\d)(\d\d)(\d\d)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
)
_PATTERNS: Final = (("tenhou", TENHOU_ID), ("majsoul", MAJSOUL_ID))


def find_game_id(text: str | None) -> str | None:
    """The first Tenhou or Mahjong Soul id in ``text`` (a file name), or ``None``."""
    if not text:
        return None
    for _, pattern in _PATTERNS:
        m = pattern.search(text)
        if m is not None:
            return m[0]
    return None


def server_of_id(game_id: str | None) -> str | None:
    """``"tenhou"`` or ``"majsoul"`` for an id that is one of theirs, else ``None``."""
    for server, pattern in _PATTERNS:
        if game_id and pattern.fullmatch(game_id):
            return server
    return None


def game_date(game_id: str | None) -> datetime.date | None:
    """The day in a Tenhou or Mahjong Soul id; ``None`` for anything else."""
    if not game_id:
        return None
    for server, pattern in _PATTERNS:
        m = pattern.search(game_id)
        if m is not None:
            year = int(m[1]) + (2000 if server == "majsoul" else 0)
            try:
                return datetime.date(year, int(m[2]), int(m[3]))
            except ValueError:
                return None
    return None
