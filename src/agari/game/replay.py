"""A game replayed outcome by outcome (:class:`Game`), and its SPEC §7 JSON records.

>>> game = Game("tenhou", names=("A", "B", "C", "D"))
>>> r = game.ron(1, 0, "123m456p789s1155z+5z riichi")
>>> game.state.scores, game.state.label, game.state.honba
((22400, 27600, 25000, 25000), 'E2', 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from agari.game.ledger import GameState, RoundResult, step
from agari.game.outcomes import Abort, Chombo, Draw, GameError, Outcome, Win, Wins
from agari.game.standings import Standings, standings, uma_of
from agari.hand import Hand
from agari.lang import _
from agari.rules import Rules


class Game:
    """A game in play: ``state`` before the next round, ``rounds`` played so far, ``rules``.

    :meth:`play` takes any outcome value; :meth:`tsumo`, :meth:`ron`, :meth:`multi_ron`,
    :meth:`draw`, :meth:`abort` and :meth:`chombo` make one. Seats are ``0 … players-1``,
    seat 0 the first dealer. :class:`~agari.game.outcomes.GameError` when an outcome cannot
    happen; the game is then unchanged."""

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        names: Sequence[str] | None = None,
        state: GameState | None = None,
    ) -> None:
        if rules is None:
            rules = Rules.preset()
        elif isinstance(rules, str):
            rules = Rules.preset(rules)
        self.rules: Rules = rules
        uma_of(rules, rules.players)  # the uma fits the table, or an error now
        self.state: GameState = state or GameState.start(rules)
        players = self.state.players
        self.names: tuple[str, ...] = (
            tuple(names) if names else tuple(f"seat {i}" for i in range(players))
        )
        if len(self.names) != players:
            raise GameError(
                _("{count} names for {players} players").format(
                    count=len(self.names), players=players
                )
            )
        self.rounds: list[RoundResult] = []

    @property
    def finished(self) -> bool:
        return self.state.finished

    def play(self, outcome: Outcome) -> RoundResult:
        """Play one round; the state moves on and the round is added to :attr:`rounds`."""
        self.state, result = step(self.state, outcome, self.rules)
        self.rounds.append(result)
        return result

    def tsumo(self, seat: int, hand: str | Hand, *, riichi: Iterable[int] = ()) -> RoundResult:
        return self.play(Wins((Win(seat, None, hand),), frozenset(riichi)))

    def ron(
        self, seat: int, from_seat: int, hand: str | Hand, *, riichi: Iterable[int] = ()
    ) -> RoundResult:
        return self.play(Wins((Win(seat, from_seat, hand),), frozenset(riichi)))

    def multi_ron(
        self, from_seat: int, hands: Mapping[int, str | Hand], *, riichi: Iterable[int] = ()
    ) -> RoundResult:
        """Several winners on one discard (``hands``: winner seat -> hand)."""
        wins = tuple(Win(seat, from_seat, hand) for seat, hand in hands.items())
        return self.play(Wins(wins, frozenset(riichi)))

    def draw(
        self,
        tenpai: Iterable[int] = (),
        *,
        riichi: Iterable[int] = (),
        nagashi: int | None = None,
    ) -> RoundResult:
        return self.play(Draw(frozenset(tenpai), frozenset(riichi), nagashi))

    def abort(self, reason: str, *, riichi: Iterable[int] = ()) -> RoundResult:
        return self.play(Abort(reason, frozenset(riichi)))

    def chombo(self, seat: int) -> RoundResult:
        return self.play(Chombo(seat))

    def standings(self) -> Standings:
        """The final standings, or the standings so far (``finished`` false)."""
        return standings(self.state, self.rules)


# --------------------------------------------------------------------------- JSON (SPEC §7)


def round_record(game: str | None, index: int, played: RoundResult) -> dict[str, Any]:
    """The SPEC §7 round object of one round; ``log``/``match`` null (nothing stated)."""
    before = played.before
    record: dict[str, Any] = {
        "kind": "round",
        "game": game,
        "index": index,
        "round": before.label,
        "honba": before.honba,
        "sticks": before.sticks,
        "dealer": before.dealer,
        "scores": list(before.scores),
        "result": played.result,
    }
    if played.reason is not None:
        record["reason"] = played.reason
    record["riichi"] = list(played.riichi)
    record["wins"] = [
        {
            "seat": w.seat,
            "from": w.seat if w.from_seat is None else w.from_seat,
            "pao": w.pao,
            "hand": w.hand,
            "result": w.result.to_json(),
        }
        for w in played.wins
    ]
    if played.result in ("draw", "nagashi"):
        record["tenpai"] = list(played.tenpai)
    if isinstance(played.outcome, Draw) and played.outcome.nagashi is not None:
        record["nagashi"] = played.outcome.nagashi
    if isinstance(played.outcome, Chombo):
        record["chombo"] = played.outcome.seat
    record["deltas"] = list(played.deltas)
    if played.notes:
        record["notes"] = list(played.notes)
    record["log"] = None
    record["match"] = None
    return record


def end_record(game: str | None, final: Standings) -> dict[str, Any]:
    """The SPEC §7 ``end`` object; ``finished`` false marks the standings of a game that
    stopped half way."""
    return {
        "kind": "end",
        "game": game,
        "finished": final.finished,
        "scores": list(final.scores),
        "places": list(final.places),
        "points": list(final.points),
        "notes": list(final.notes),
        "log": None,
        "match": None,
    }
