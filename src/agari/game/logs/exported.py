"""What agari's own exports state beside the play (``agari game --to mjai`` / ``tenhou6``):
an ``agari`` object with the ``server``, the ``rules`` (switches not that server's preset's)
and the game's ``game_id``.

Takes the object as a reader found it; gives the server, the switches as
:attr:`~agari.game.logs.events.LogRules.stated_switches` and the id, each ``None`` or empty
where the object does not hold it. A switch agari does not know, or a value it cannot take,
is a :class:`ValueError` naming it (the reader reports it as damage of the file).
"""

from __future__ import annotations

from typing import Any

from agari.errors import RuleError
from agari.game.logs.jsontext import as_dict
from agari.lang import _
from agari.rules import Rules

__all__ = ["exported_rules"]


def exported_rules(
    value: Any,
) -> tuple[str | None, tuple[tuple[str, str], ...], str | None]:
    """The ``agari`` object's server, switches and game id."""
    agari = as_dict(value)
    server = agari.get("server") if isinstance(agari.get("server"), str) else None
    game_id = agari.get("game_id") if isinstance(agari.get("game_id"), str) else None
    switches = tuple((str(k), str(v)) for k, v in as_dict(agari.get("rules")).items())
    try:
        Rules.preset().with_overrides(dict(switches))
    except RuleError as e:
        raise ValueError(_("the export's rules: {problem}").format(problem=e)) from None
    return server, switches, game_id
