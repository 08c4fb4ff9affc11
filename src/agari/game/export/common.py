"""What both writers take from a replayed log: the rules to state (the server and every
switch that is not its preset's), each win as agari scored it with its own deltas, and
the round's results in play order.

Takes a :class:`~agari.game.replayed.LogReplay`; gives plain values the writers turn into
text. Every value is agari's (the replay's), never the log's: the log gives the play.
"""

from __future__ import annotations

from dataclasses import dataclass

from agari.game.ledger import RoundResult, ScoredWin
from agari.game.log_rules import END_SWITCHES, PRESET_FOR
from agari.game.logs import Win
from agari.game.replayed import LogReplay, ReplayedRound
from agari.rules import SWITCH_VALUES, Rules

__all__ = ["ExportedWin", "stated_rules", "wins_of"]


def stated_rules(replay: LogReplay) -> tuple[str | None, dict[str, str]]:
    """The server whose rules the game was replayed under and every switch whose value is
    not that server's preset's (in the order the rules name them), so that a reader that
    takes them as stated gets the same rules back; the switches a reader would otherwise
    guess from the date or the final result (the game's end, the uma and the rounding of
    the final points) always. A preset of no server (``--rules wrc2025``) is stated as all
    its differences from the log's server's preset."""
    rules, players = replay.rules, replay.rules.players
    server = next(
        (s for (s, n), name in PRESET_FOR.items() if n == players and name == rules.name),
        replay.log.rules.server,
    )
    base = Rules.preset(PRESET_FOR.get((server or "tenhou", players), "tenhou"))
    keys = [key for key, _ in rules.overrides] + list(SWITCH_VALUES)
    always = {*END_SWITCHES, "uma", "final_points"}
    switches = {
        key: rules.value_text(key)
        for key in dict.fromkeys(keys)
        if key in SWITCH_VALUES and (key in always or rules.value_text(key) != base.value_text(key))
    }
    return server, switches


@dataclass(frozen=True, slots=True)
class ExportedWin:
    """One win of a round as the log has it (who from whom, the ura shown) beside agari's
    scoring of it (``None`` where agari did not pay it: a head bump) and the deltas agari
    settled for it, honba and sticks included, riichi deposits not."""

    log: Win
    scored: ScoredWin | None
    deltas: tuple[int, ...]


def wins_of(replayed: ReplayedRound) -> list[ExportedWin]:
    """The round's wins in the log's order, each with agari's value and deltas."""
    played = replayed.played
    by_seat = {w.seat: w for w in played.wins}
    out = []
    for event in replayed.log.events:
        if isinstance(event, Win):
            scored = by_seat.get(event.seat)
            out.append(ExportedWin(event, scored, _deltas(played, scored)))
    return out


def _deltas(played: RoundResult, scored: ScoredWin | None) -> tuple[int, ...]:
    players = len(played.before.scores)
    if scored is None:
        return (0,) * players
    by_wind = scored.settlement.deltas or {}
    before = played.before
    return tuple(by_wind.get(before.wind_of(seat), 0) for seat in range(players))
