"""A replayed game log as a score sheet (``agari game LOG``): agari's score sheet
(:func:`agari.render.sheet.render_game`) with, beneath each round, what the log states for
each win and whether agari agrees, every disagreement named (round, win, value), the log's
final result beside agari's, and a one-line summary of a run over many logs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agari.lang import _, ngettext
from agari.lang.terms import limit_name, term
from agari.render.sheet import render_game, shown
from agari.settle import value_words

if TYPE_CHECKING:
    from agari.game.compare import Difference, StatedWin
    from agari.game.replayed import LogReplay, ReplayedRound

__all__ = [
    "LogLine",
    "ReplayCounts",
    "counts_of",
    "end_log_entries",
    "end_log_lines",
    "log_title",
    "render_log_replay",
    "round_log_entries",
    "round_log_lines",
    "summary_line",
]


def _stated_value(win: StatedWin) -> str:
    parts: list[str] = []
    if win.yakuman or win.han is not None:
        parts.append(value_words(win.han, win.fu, win.yakuman))
    elif win.fu is not None:
        parts.append(_("{fu} fu").format(fu=win.fu))
    if win.limit and not win.yakuman:
        parts.append(limit_name(win.limit))
    if win.points is not None:
        parts.append(f"{win.points}")
    text = " ".join(parts) or _("no values")
    if win.yaku is not None:
        names = [f"{name} {han}" if han < 13 else name for name, _id, han in win.yaku]
        if win.dora:
            names.append(f"{term('dora')} {win.dora}")
        separator = _(", ")
        text += f"  ({separator.join(names)})"
    return text


def _verdict(diffs: Sequence[Difference]) -> str:
    if not diffs:
        return _("agrees")
    return _("DIFFERS: {what}").format(
        what="; ".join(_difference(d.what, d.log, d.agari) for d in diffs)
    )


def _difference(what: str, log: object, agari: object) -> str:
    return _("{what} log {log} agari {agari}").format(
        what=what, log=_value(log), agari=_value(agari)
    )


def _value(value: object) -> str:
    if isinstance(value, tuple | list):
        return "[" + " ".join(str(v) for v in value) + "]"
    return str(value)


#: A line beneath a round or the standings, and what it says: ``True`` agari agrees with
#: the log, ``False`` it differs, ``None`` neither (a value stated alone).
LogLine = tuple[str, bool | None]


def round_log_entries(replayed: ReplayedRound, names: Sequence[str]) -> list[LogLine]:
    """The lines beneath a round (indented by four spaces) with their verdicts: what the
    log states for each win and whether agari agrees, then every other difference."""
    lines: list[LogLine] = []
    if not replayed.stated:
        return lines
    by_win: dict[int | None, list[Difference]] = {}
    for d in replayed.differences:
        by_win.setdefault(d.win, []).append(d)
    for k, win in enumerate(replayed.stated_wins):
        who = (
            shown(names[win.seat])
            if 0 <= win.seat < len(names)
            else _("seat {seat}").format(seat=win.seat)
        )
        stated = _("log {who}: {value}").format(who=who, value=_stated_value(win))
        diffs = by_win.get(k, [])
        lines.append((f"    {stated}  -- {_verdict(diffs)}", not diffs))
    rest = by_win.get(None, [])
    if (
        replayed.stated_deltas is not None
        and not replayed.stated_wins
        and not any(d.what == "deltas" for d in rest)
    ):
        deltas = _("log deltas {deltas}").format(deltas=_value(replayed.stated_deltas))
        agrees = _("agrees")
        lines.append((f"    {deltas}  -- {agrees}", True))
    for d in rest:
        differs = _("DIFFERS: {what}").format(what=_difference(d.what, d.log, d.agari))
        lines.append(("    " + differs, False))
    return lines


def round_log_lines(replayed: ReplayedRound, names: Sequence[str]) -> list[str]:
    """The text of :func:`round_log_entries`."""
    return [text for text, _agrees in round_log_entries(replayed, names)]


def end_log_entries(replay: LogReplay) -> list[LogLine]:
    """The lines after the standings with their verdicts: the log's final result and
    whether agari agrees."""
    log = replay.log
    footer: list[LogLine] = []
    if replay.end_stated:
        agrees = not replay.end_differences
        verdict = _verdict(replay.end_differences)
        if log.final_scores is not None:
            scores = _("log score   {scores}").format(scores=_value(log.final_scores))
            footer.append((scores, None))
        if log.final_points is not None:
            points = _("log points  {points}").format(points=_value(log.final_points))
            footer.append((points, None))
        footer.append((_("log final standings -- {verdict}").format(verdict=verdict), agrees))
    else:
        for d in replay.end_differences:
            differs = _("DIFFERS: {what}").format(what=_difference(d.what, d.log, d.agari))
            footer.append((differs, False))
    return footer


def end_log_lines(replay: LogReplay) -> list[str]:
    """The text of :func:`end_log_entries`."""
    return [text for text, _agrees in end_log_entries(replay)]


def log_title(replay: LogReplay) -> str:
    """The file name, the game id where it is not the name, and the log's title."""
    log = replay.log
    title = replay.name
    if log.game_id and log.game_id != replay.name:
        title += f" ({log.game_id})"
    if log.title:
        title += f" {log.title}"
    return title


def render_log_replay(replay: LogReplay) -> str:
    """The score sheet of a replayed log with the log's values beside agari's."""
    game = replay.game
    return render_game(
        game.rounds,
        game.names,
        replay.standings,
        title=log_title(replay),
        rules=replay.rules.describe(),
        start=replay.start.scores,
        error=replay.error,
        annotations=[round_log_lines(r, game.names) for r in replay.rounds],
        footer=end_log_lines(replay),
        notes=replay.rules_notes,
    )


@dataclass(slots=True)
class ReplayCounts:
    """What a run over many logs found: games, rounds, wins; how many rounds and wins the
    log states values for and how many agree; final standings stated and agreeing;
    disagreements (and how many of them are known); logs that could not be (fully) read."""

    games: int = 0
    rounds: int = 0
    wins: int = 0
    rounds_stated: int = 0
    rounds_agree: int = 0
    wins_stated: int = 0
    wins_agree: int = 0
    ends_stated: int = 0
    ends_agree: int = 0
    differences: int = 0
    errors: int = 0

    def add(self, other: ReplayCounts) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


def counts_of(replay: LogReplay) -> ReplayCounts:
    c = ReplayCounts(games=1, errors=1 if replay.error else 0)
    for r in replay.rounds:
        c.rounds += 1
        c.wins += len(r.played.wins)
        if r.stated:
            c.rounds_stated += 1
            c.rounds_agree += 1 if r.match else 0
        wrong = {d.win for d in r.differences}
        for k, w in enumerate(r.stated_wins):
            if w.han is not None or w.points is not None or w.yakuman:
                c.wins_stated += 1
                c.wins_agree += 0 if k in wrong else 1
    if replay.end_stated:
        c.ends_stated += 1
        c.ends_agree += 1 if replay.end_match else 0
    diffs = replay.differences
    c.differences = len(diffs)
    return c


def summary_line(c: ReplayCounts) -> str:
    """``32 games, 279 rounds, 240 wins; agree with the logs: 279/279 rounds, …``"""
    text = ngettext(
        "{games} game, {rounds} rounds, {wins} wins",
        "{games} games, {rounds} rounds, {wins} wins",
        c.games,
    ).format(games=c.games, rounds=c.rounds, wins=c.wins)
    text += _(
        "; agree with the logs: {rounds_agree}/{rounds} rounds, {wins_agree}/{wins} wins, "
        "{ends_agree}/{ends} final standings"
    ).format(
        rounds_agree=c.rounds_agree,
        rounds=c.rounds_stated,
        wins_agree=c.wins_agree,
        wins=c.wins_stated,
        ends_agree=c.ends_agree,
        ends=c.ends_stated,
    )
    if c.differences:
        text += _("; {count} disagreements").format(count=c.differences)
    if c.errors:
        text += ngettext(
            "; {count} log stopped early", "; {count} logs stopped early", c.errors
        ).format(count=c.errors)
    return text
