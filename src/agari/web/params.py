"""Reading a hand the way the command line and the web page both take it: one line of
notation (SPEC §1) or a SPEC §2 record written as JSON (text that starts with ``{``). Rules
are read by :meth:`agari.rules.Rules.from_options`.

>>> read_hand('{"concealed": "123m456p789s11555z", "win": "5z"}')
{'concealed': '123m456p789s11555z', 'win': '5z'}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from agari.errors import HandError
from agari.lang import _

__all__ = ["MAX_GAME_BODY", "MAX_GAME_FILE", "MAX_HAND", "read_hand"]

#: The longest hand text accepted (a hand with four kans and every context word is ~150).
MAX_HAND: Final = 500
#: The largest game file accepted (a Tenhou half game is 20-60 KB as JSON or XML).
MAX_GAME_BODY: Final = 2 * 1024 * 1024
#: The most a game file may hold: ``agari game`` reads no more of a file (or of standard
#: input: ``/dev/zero`` is refused, not read until memory runs out), and a gzip one, here or
#: there, may unpack to no more (the largest real logs are under 1 MB).
MAX_GAME_FILE: Final = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (:mod:`agari.web.server`): how long a request may take to arrive
    (its head and body), how long a connection may sit idle between requests, and how many
    connections may be open at once (fewer where the process may open fewer files)."""

    request_timeout: float = 15.0
    idle_timeout: int = 5
    max_connections: int = 256


def read_hand(text: str) -> str | Mapping[str, Any]:
    """Notation as it is; a JSON object (SPEC §2 record) as a mapping. Too long a text or
    JSON that is not an object is a :class:`HandError` (``bad_record``)."""
    if len(text) > MAX_HAND:
        raise HandError(
            "bad_record",
            _("{count} characters: a hand is at most {limit}").format(
                count=len(text), limit=MAX_HAND
            ),
        )
    if not text.lstrip().startswith("{"):
        return text
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise HandError(
            "bad_record", _("not a JSON record: {reason}").format(reason=error.msg), error.colno
        ) from None
    if not isinstance(value, dict):
        raise HandError("bad_record", _("a SPEC §2 record is a JSON object"))
    return value
