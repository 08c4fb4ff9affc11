"""A game log replayed, as values: each round of the log beside agari's play of it and the
differences (:class:`ReplayedRound`), and the whole game (:class:`LogReplay`) with its SPEC
§7 records. Made by :func:`agari.game.replay_log.replay_log`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agari.game.compare import Difference, StatedWin
from agari.game.ledger import GameState, RoundResult
from agari.game.logs import GameLog, RoundLog
from agari.game.replay import Game, end_record, round_record
from agari.game.standings import Standings
from agari.rules import Rules

__all__ = ["LogReplay", "ReplayedRound"]


@dataclass(frozen=True, slots=True)
class ReplayedRound:
    """One round of the log replayed: the log's round, agari's :class:`RoundResult`, the
    wins the log states (in the log's order), the round deltas it states, and the
    differences."""

    log: RoundLog
    played: RoundResult
    stated_wins: tuple[StatedWin, ...]
    stated_deltas: tuple[int, ...] | None
    differences: tuple[Difference, ...]

    @property
    def stated(self) -> bool:
        """Whether the log states anything to compare for this round."""
        return self.stated_deltas is not None or any(w.stated for w in self.stated_wins)

    @property
    def match(self) -> bool | None:
        """SPEC §7 ``match``: ``None`` where the log states nothing."""
        return not self.differences if self.stated else None


@dataclass(slots=True)
class LogReplay:
    """A whole log replayed. ``game`` holds agari's rounds and state; ``rounds`` the
    comparison for each; ``end_differences`` those of the final result; ``error`` the
    reason the replay stopped early (a damaged log or an outcome the ledger refuses),
    naming the game, round and event; ``stopped_round`` and ``stopped_event`` the same
    round (``E2-0``) and event index apart, where known."""

    name: str
    log: GameLog
    rules: Rules
    game: Game
    #: how the rules the log does not state outright were decided
    rules_notes: tuple[str, ...] = ()
    rounds: list[ReplayedRound] = field(default_factory=list)
    end_differences: list[Difference] = field(default_factory=list)
    error: str | None = None
    stopped_round: str | None = None
    stopped_event: int | None = None

    @property
    def standings(self) -> Standings:
        return self.game.standings()

    @property
    def start(self) -> GameState:
        """The state the game started from (the first round's, as the log states it)."""
        return self.game.rounds[0].before if self.game.rounds else self.game.state

    @property
    def differences(self) -> list[Difference]:
        return [d for r in self.rounds for d in r.differences] + self.end_differences

    @property
    def wins(self) -> int:
        return sum(len(r.played.wins) for r in self.rounds)

    @property
    def end_stated(self) -> bool:
        """Whether the log states a final result to compare (not for a replay that stopped
        early: its standings are only the standings so far)."""
        if self.error is not None:
            return False
        return self.log.final_scores is not None or self.log.final_points is not None

    @property
    def end_match(self) -> bool | None:
        return not self.end_differences if self.end_stated else None

    def stop(self, message: str, round_label: str | None, event: int | None = None) -> None:
        self.error, self.stopped_round, self.stopped_event = message, round_label, event

    def records(self) -> list[dict[str, Any]]:
        """SPEC §7 JSON: one object per round, an ``error`` object when the replay stopped
        early, then the ``end`` object."""
        game = self.log.game_id if self.log.game_id and self.log.game_id != self.name else None
        label = self.name if game is None else f"{self.name} ({game})"
        out: list[dict[str, Any]] = []
        for i, r in enumerate(self.rounds):
            record = round_record(label, i, r.played)
            stated = {
                "deltas": None if r.stated_deltas is None else list(r.stated_deltas),
                "wins": [w.to_json() for w in r.stated_wins],
            }
            record["log"] = stated if r.stated else None
            record["match"] = r.match
            if r.differences:
                record["differences"] = [str(d) for d in r.differences]
            out.append(record)
        if self.error is not None:
            out.append({"kind": "error", "game": label, "message": self.error})
        end = end_record(label, self.standings)
        final = self.log.final_scores, self.log.final_points
        stated_end = {"scores": _list(final[0]), "points": _list(final[1])}
        end["log"] = stated_end if self.end_stated else None
        end["match"] = self.end_match
        if self.end_differences:
            end["differences"] = [str(d) for d in self.end_differences]
        out.append(end)
        return out


def _list(values: tuple[Any, ...] | None) -> list[Any] | None:
    return None if values is None else list(values)
