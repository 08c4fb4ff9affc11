"""What a log states, beside what agari works out: the comparison of a replayed game with
the values its log states (SPEC §7 ``log`` and ``match``), and the log without them.

Nothing here decides a value: the replay (:mod:`agari.game.replay_log`) scores and settles
every round from the play alone; this module reads what the log states about the same
round (:func:`stated_wins`), names every value where the two differ
(:func:`round_differences`, :func:`end_differences`), and strips a log of its stated values
(:func:`blank_log`), so that a test can show they were never needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from agari.game.ledger import RoundResult, ScoredWin
from agari.game.logs import (
    Abort,
    ExhaustiveDraw,
    GameLog,
    Nagashi,
    RoundEnd,
    RoundLog,
    Win,
)
from agari.game.logs.yaku_names import dora_key, yaku_id
from agari.game.standings import Points, Standings

__all__ = [
    "Difference",
    "StatedWin",
    "blank_log",
    "end_differences",
    "log_result",
    "round_differences",
    "stated_wins",
]


@dataclass(frozen=True, slots=True)
class StatedWin:
    """What the log states about one win (``None`` where it states nothing): ``yaku`` as
    ``(log name, agari id or None, han)`` (a yakuman's han is 13), ``dora`` the dora han
    the log lists (dora, red fives, ura, kita together)."""

    seat: int
    from_seat: int
    pao: int | None
    han: int | None
    fu: int | None
    points: int | None
    limit: str | None
    yaku: tuple[tuple[str, str | None, int], ...] | None
    yakuman: int | None
    dora: int | None
    deltas: tuple[int, ...] | None

    @property
    def stated(self) -> bool:
        return self.han is not None or self.points is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "han": self.han,
            "fu": self.fu,
            "points": self.points,
            "yaku": None
            if self.yaku is None
            else [{"name": n, "id": i, "han": h} for n, i, h in self.yaku],
        }


@dataclass(frozen=True, slots=True)
class Difference:
    """One value where agari and the log disagree: ``what`` (``han``, ``fu``, ``points``,
    ``yaku``, ``yakuman``, ``dora``, ``pao``, ``deltas``, ``result``, ``round``,
    ``scores``, ``final scores``, ``final points``, ``end``), the round (``None`` for the
    end), the win (0-based, in the log's order) where it belongs to one, and both values."""

    what: str
    round_index: int | None
    round_label: str | None
    win: int | None
    log: Any
    agari: Any

    def __str__(self) -> str:
        where = "end" if self.round_label is None else self.round_label
        if self.win is not None:
            where += f" win {self.win + 1}"
        return f"{where}: {self.what}: log {_show(self.log)}, agari {_show(self.agari)}"


def _show(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


# --------------------------------------------------------------------------- stated


def _stated_win(win: Win) -> StatedWin:
    yaku: list[tuple[str, str | None, int]] | None = None
    dora: int | None = None
    if win.yaku is not None or win.yakuman is not None:
        yaku = []
        dora = 0
        for name, han in win.yaku or ():
            if dora_key(name) is not None:
                dora += han
            else:
                yaku.append((name, yaku_id(name), han))
        for name in win.yakuman or ():
            yaku.append((name, yaku_id(name), 13))
    yakuman = len(win.yakuman) if win.yakuman else (0 if win.yakuman is not None else None)
    return StatedWin(
        seat=win.seat,
        from_seat=win.from_seat,
        pao=win.pao_seat,
        han=win.han,
        fu=win.fu,
        points=win.points,
        limit=win.limit,
        yaku=None if yaku is None else tuple(yaku),
        yakuman=yakuman,
        dora=dora,
        deltas=win.deltas,
    )


_RESULT_TYPES: Final = (Win, ExhaustiveDraw, Nagashi, Abort)


def results_of(round_log: RoundLog) -> list[Win | ExhaustiveDraw | Nagashi | Abort]:
    """The round's results, read from its end (they stand just before :class:`RoundEnd`)."""
    out: list[Win | ExhaustiveDraw | Nagashi | Abort] = []
    for event in reversed(round_log.events):
        if isinstance(event, _RESULT_TYPES):
            out.append(event)
        elif type(event) is not RoundEnd:
            break
    out.reverse()
    return out


def stated_wins(round_log: RoundLog) -> tuple[StatedWin, ...]:
    """What the log states about each of the round's wins, in the log's order."""
    return tuple(_stated_win(e) for e in results_of(round_log) if isinstance(e, Win))


def log_result(round_log: RoundLog) -> str:
    """The round's result as SPEC §7 names it, from the log's result events."""
    results = results_of(round_log)
    if not results:
        return "none"
    first = results[0]
    if isinstance(first, Win):
        return "abort" if len(results) == 3 else "win"
    if isinstance(first, Nagashi):
        return "nagashi"
    if isinstance(first, ExhaustiveDraw):
        return "draw"
    return "abort"


# --------------------------------------------------------------------------- differences


def round_differences(
    round_log: RoundLog,
    played: RoundResult,
    stated: Sequence[StatedWin],
    pao: dict[int, int | None],
) -> tuple[Difference, ...]:
    """Every value of one round where the log and agari's play differ: the round and its
    counters, the first round's scores, each win's values and liable seat, the deltas and
    the kind of result."""
    idx, label = round_log.index, round_log.label
    diffs: list[Difference] = []
    before = played.before
    if (before.label, before.honba, before.sticks) != (
        round_log.name,
        round_log.honba,
        round_log.sticks,
    ):
        diffs.append(
            Difference(
                "round",
                idx,
                label,
                None,
                f"{label} with {round_log.sticks} sticks",
                f"{before.label}-{before.honba} with {before.sticks} sticks",
            )
        )
    if (
        round_log.index == 0
        and round_log.scores is not None
        and tuple(round_log.scores) != tuple(before.scores)
    ):
        diffs.append(Difference("scores", idx, label, None, round_log.scores, before.scores))
    by_seat = {w.seat: w for w in played.wins}
    for k, sw in enumerate(stated):
        scored = by_seat.get(sw.seat)
        if scored is not None:  # else a head bump or an abort: the deltas say it
            diffs.extend(_win_differences(idx, label, k, sw, scored))
        mine = pao.get(sw.seat)
        if sw.pao is not None and mine != sw.pao:
            diffs.append(Difference("pao", idx, label, k, sw.pao, mine))
    stated_deltas = round_log.end.deltas
    if stated_deltas is not None and tuple(stated_deltas) != tuple(played.deltas):
        diffs.append(Difference("deltas", idx, label, None, stated_deltas, played.deltas))
    log_kind = log_result(round_log)
    if log_kind != played.result:
        diffs.append(Difference("result", idx, label, None, log_kind, played.result))
    return tuple(diffs)


def _win_differences(
    idx: int, label: str, k: int, sw: StatedWin, scored: ScoredWin
) -> list[Difference]:
    result = scored.result
    diffs: list[Difference] = []
    agari_yakuman = result.yakuman or 0

    def differ(what: str, log: Any, mine: Any) -> None:
        diffs.append(Difference(what, idx, label, k, log, mine))

    if sw.yakuman:
        if sw.yakuman != agari_yakuman:
            differ("yakuman", sw.yakuman, agari_yakuman)
    elif sw.han is not None and sw.han != result.han:
        differ("han", sw.han, result.han)
    if sw.fu is not None and sw.fu != result.fu:
        differ("fu", sw.fu, result.fu)
    if sw.points is not None and sw.points != result.points:
        differ("points", sw.points, result.points)
    if sw.yaku is not None:
        mine = Counter((y.id, y.han) for y in result.yaku or ())
        theirs = Counter((i or name, h) for name, i, h in sw.yaku)
        if mine != theirs:
            differ(
                "yaku",
                sorted(f"{i}={h}" for i, h in theirs.elements()),
                sorted(f"{i}={h}" for i, h in mine.elements()),
            )
        if sw.dora is not None and not sw.yakuman and not agari_yakuman:
            agari_dora = sum((result.dora or {}).values())
            if sw.dora != agari_dora:
                differ("dora", sw.dora, agari_dora)
    return diffs


def end_differences(log: GameLog, final: Standings) -> list[Difference]:
    """The final scores and points where the log states them and agari differs."""
    diffs: list[Difference] = []
    if log.final_scores is not None and tuple(log.final_scores) != tuple(final.scores):
        diffs.append(Difference("final scores", None, None, None, log.final_scores, final.scores))
    if log.final_points is not None:
        mine: tuple[Points, ...] = final.points
        if len(mine) != len(log.final_points) or any(
            abs(float(a) - float(b)) > 1e-6 for a, b in zip(log.final_points, mine, strict=False)
        ):
            diffs.append(Difference("final points", None, None, None, log.final_points, mine))
    return diffs


# --------------------------------------------------------------------------- blanking


def blank_log(log: GameLog) -> GameLog:
    """The log with every stated value removed (han, fu, points, limit, yaku, deltas, the
    ready seats, the final scores and points): only who won from whom (and the liable
    seat), the draws and aborts, as a simulator may write it. Replaying it gives the same
    rounds and standings."""
    rounds = []
    for r in log.rounds:
        events: list[Any] = []
        for e in r.events:
            if isinstance(e, Win):
                e = Win(e.seat, e.from_seat, e.pao_seat, ura_indicators=e.ura_indicators)
            elif isinstance(e, ExhaustiveDraw):
                e = ExhaustiveDraw()
            elif isinstance(e, Nagashi):
                e = Nagashi()
            elif isinstance(e, Abort):
                e = Abort(e.reason)
            elif isinstance(e, RoundEnd):
                e = RoundEnd()
            events.append(e)
        rounds.append(replace(r, events=tuple(events)))
    return replace(log, rounds=tuple(rounds), final_scores=None, final_points=None)
