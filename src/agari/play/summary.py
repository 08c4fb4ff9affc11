"""A game reviewed (SPEC §8): every round's decisions and, per player, the summary -- the
decisions, the share of discards as good as the efficiency-best, the shanten lost, the wins
left, riichi declared while furiten, deal-ins while ready and while not -- and the decisions
where the player's choice cost the most.

>>> PlayerSummary(seat=0, name="A").best_share is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agari.game.logs import GameLog, RoundLog
from agari.game.replayed import LogReplay
from agari.play.review import Decision, review_round
from agari.rules import Rules

__all__ = ["GameReview", "PlayerSummary", "review_game", "review_replay"]


@dataclass(slots=True)
class PlayerSummary:
    """One player's figures in one game (SPEC §8 "The summary per player per game")."""

    seat: int
    name: str
    decisions: int = 0
    discards: int = 0
    best_discards: int = 0
    shanten_lost: int = 0
    acceptance_lost: int = 0
    missed_wins: int = 0
    riichi_while_furiten: int = 0
    deal_ins_ready: int = 0
    deal_ins_not_ready: int = 0
    #: the discards that lost the most (see :func:`review_game`); while the decisions are
    #: added, every discard that lost something
    costliest: list[Decision] = field(default_factory=list)

    @property
    def best_share(self) -> float | None:
        """Discards as good as the efficiency-best, over the discards (``None``: none)."""
        return self.best_discards / self.discards if self.discards else None

    def add(self, decision: Decision) -> None:
        if decision.dealt_in:
            if decision.tenpai:
                self.deal_ins_ready += 1
            else:
                self.deal_ins_not_ready += 1
        if decision.forced:  # no choice to count: a tile drawn in riichi let go
            return
        self.decisions += 1
        if decision.is_discard:
            self.discards += 1
            shanten, acceptance = decision.lost
            if shanten or acceptance:
                self.shanten_lost += shanten
                self.acceptance_lost += acceptance
                self.costliest.append(decision)  # cut to the costliest when all are in
            else:
                self.best_discards += 1
            if decision.action.get("riichi") and decision.furiten is not None:
                self.riichi_while_furiten += 1
        self.missed_wins += decision.missed_win

    def to_json(self, game: str) -> dict[str, Any]:
        share = self.best_share
        return {
            "kind": "summary",
            "game": game,
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "discards": self.discards,
            "best_share": None if share is None else round(share, 4),
            "shanten_lost": self.shanten_lost,
            "acceptance_lost": self.acceptance_lost,
            "missed_wins": self.missed_wins,
            "riichi_while_furiten": self.riichi_while_furiten,
            "deal_ins_ready": self.deal_ins_ready,
            "deal_ins_not_ready": self.deal_ins_not_ready,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """A game's decisions in play order and each player's summary."""

    name: str
    log: GameLog
    rules: Rules
    decisions: tuple[Decision, ...]
    players: tuple[PlayerSummary, ...]

    def only(self, seats: set[int]) -> GameReview:
        """The review of the players at ``seats`` alone."""
        return GameReview(
            self.name,
            self.log,
            self.rules,
            tuple(d for d in self.decisions if d.seat in seats),
            tuple(p for p in self.players if p.seat in seats),
        )

    def records(self) -> list[dict[str, Any]]:
        """SPEC §8 JSON: one object per decision in play order, then one summary per
        player."""
        label = self.name
        if self.log.game_id and self.log.game_id != self.name:
            label = f"{self.name} ({self.log.game_id})"
        return [d.to_json(label) for d in self.decisions] + [p.to_json(label) for p in self.players]


def review_game(
    log: GameLog,
    rules: Rules,
    name: str,
    *,
    costliest: int = 5,
    rounds: Sequence[RoundLog] | None = None,
) -> GameReview:
    """Review every round of ``log`` under ``rules`` (or only ``rounds``); each player's
    ``costliest`` decisions are kept (the most shanten lost, then the most acceptance)."""
    names = [n or f"seat {i}" for i, n in enumerate(log.names)]
    players = tuple(PlayerSummary(seat, names[seat]) for seat in range(rules.players))
    decisions: list[Decision] = []
    for round_log in log.rounds if rounds is None else rounds:
        for decision in review_round(round_log, rules, log.source):
            decisions.append(decision)
            players[decision.seat].add(decision)
    for player in players:
        player.costliest = _costliest(player.costliest, costliest)
    return GameReview(name, log, rules, tuple(decisions), players)


def review_replay(replay: LogReplay, name: str, *, costliest: int = 5) -> GameReview:
    """The review of a replayed log (what ``agari review`` and the page show): every round,
    or, where the replay stopped (a damaged round, an outcome the ledger refused), the rounds
    up to the one it stopped on, that one up to its damage (:func:`review_round`)."""
    log = replay.log
    rounds = log.rounds if replay.error is None else log.rounds[: len(replay.rounds) + 1]
    return review_game(log, replay.rules, name, costliest=costliest, rounds=rounds)


def _costliest(lost: list[Decision], count: int) -> list[Decision]:
    """The ``count`` discards of ``lost`` (those that lost something) that lost the most:
    shanten, then acceptance; the earliest first."""
    lost.sort(key=_by_loss)
    return lost[:count]


def _by_loss(decision: Decision) -> tuple[int, int, int, int]:
    shanten, acceptance = decision.lost
    return -shanten, -acceptance, decision.index, decision.turn
