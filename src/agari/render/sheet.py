"""A game as a score sheet in the terminal (``agari game``): one block per round (round and
counter, sticks on the table, what happened, every seat's change and running total, each
win's hand and value beneath), then the final standings, or the standings so far.

Each seat's change here includes its riichi deposit, so that the running totals add up; the
JSON ``deltas`` (SPEC §7) leave deposits out.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from agari.engine.yaku import NAMES
from agari.lang import _
from agari.lang.terms import limit_name, round_label, term, yaku_name
from agari.settle import format_payment, value_words

if TYPE_CHECKING:
    from agari.game.ledger import RoundResult
    from agari.game.standings import Standings
    from agari.result import Result

__all__ = ["display_width", "event_text", "render_game", "shown", "standings_title", "value_text"]


def shown(name: str) -> str:
    """A player's name as the sheet prints it: a control character or a lone surrogate (a
    log's JSON may hold either) as its escape (``\\x1b``, ``\\ud800``), so that a name can
    neither drive the terminal nor stop the output; everything else as it is."""
    if name.isprintable():
        return name
    return "".join(
        c.encode("unicode_escape").decode() if unicodedata.category(c) in _ESCAPED else c
        for c in name
    )


_ESCAPED: Final = ("Cc", "Cs")


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for a wide character (CJK, full-width
    forms: ``unicodedata.east_asian_width`` W or F), none for a combining mark or a format
    character (a zero-width joiner), one for the rest.

    >>> display_width("Alice"), display_width("天鳳太郎"), display_width("e\u0301")
    (5, 8, 1)
    """
    if text.isascii():
        return len(text)
    width = 0
    for c in text:
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
    return width


def _rjust(text: str, width: int) -> str:
    return " " * (width - display_width(text)) + text


def _ljust(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _row(left: str, cells: Sequence[str], width: int, left_width: int) -> str:
    return (_ljust(left, left_width) + "".join(_rjust(c, width) for c in cells)).rstrip()


def _signed(value: int | float) -> str:
    if isinstance(value, float):
        return f"{value:+.1f}"
    return f"{value:+d}" if value else "0"


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return " ".join(names[s] for s in seats)


def _head(played: RoundResult, names: Sequence[str]) -> str:
    before = played.before
    event = event_text(played, names)
    if played.riichi:
        event += f" ({term('riichi')} {_names(played.riichi, names)})"
    where = round_label(f"{before.label}-{before.honba}")
    return _ljust(where, 7) + _ljust(f"{before.sticks}", 8) + event


def event_text(played: RoundResult, names: Sequence[str]) -> str:
    """What happened in a round: ``Bob ron Alice``, ``draw, tenpai Alice Carol`` …"""
    if played.result == "win":
        parts = []
        for w in played.wins:
            if w.from_seat is None:
                parts.append(f"{names[w.seat]} {term('tsumo')}")
            else:
                parts.append(f"{names[w.seat]} {term('ron')} {names[w.from_seat]}")
        text = "; ".join(parts)
    elif played.result == "draw":
        tenpai = _names(played.tenpai, names) or _("nobody")
        text = f"{term('draw')}, {term('tenpai')} {tenpai}"
    elif played.result == "nagashi":
        seat = getattr(played.outcome, "nagashi", None)
        text = f"{term('nagashi')} {names[seat] if seat is not None else '?'}"
    elif played.result == "abort":
        text = f"{term('abort')} ({term(played.reason or '?')})"
    else:
        text = f"{term('chombo')} {names[getattr(played.outcome, 'seat', 0)]}"
    return text


def value_text(result: Result) -> str:
    """A win's value: ``4 han 30 fu: 7700  (Riichi, Pinfu, Tanyao)``."""
    value = value_words(result.han, result.fu, result.yakuman)
    if result.limit and not result.yakuman:
        value += f" {limit_name(result.limit)}"
    yaku = _(", ").join(yaku_name(y.id, NAMES.get(y.id, (y.id, ""))[0]) for y in result.yaku or ())
    return f"{value}: {format_payment(result.payment)}  ({yaku})"


def standings_title(rounds: Sequence[RoundResult], final: Standings) -> str:
    """``final standings (game over: bust)``, or the standings so far and the next round."""
    if final.finished:
        reason = rounds[-1].after.end_reason if rounds else None
        return _("final standings (game over: {reason})").format(reason=term(reason or "?"))
    if not rounds:
        return _("standings so far (unfinished: the next round would be the start)")
    where = round_label(rounds[-1].after.label + f"-{rounds[-1].after.honba}")
    return _("standings so far (unfinished: the next round would be {round})").format(round=where)


def render_game(
    rounds: Sequence[RoundResult],
    names: Sequence[str],
    final: Standings,
    *,
    title: str | None = None,
    rules: str | None = None,
    start: Sequence[int] | None = None,
    error: str | None = None,
    annotations: Sequence[Sequence[str]] | None = None,
    footer: Sequence[str] = (),
    notes: Sequence[str] = (),
) -> str:
    """The score sheet of a game played (or stopped) after ``rounds``. ``annotations``: for
    each round, more lines to print beneath it (a game log's stated values); ``footer``:
    lines after the standings; ``notes``: lines under the title (how rules were decided)."""
    names = [shown(n) for n in names]
    width = max(9, max(display_width(n) for n in names) + 2)
    heads = [_head(played, names) for played in rounds]
    left_width = max([30, *(display_width(h) + 1 for h in heads)])

    def row(left: str, cells: Sequence[str]) -> str:
        return _row(left, cells, width, left_width)

    lines: list[str] = []
    if title or rules:
        shown_rules = _("rules {rules}").format(rules=rules) if rules else None
        lines.append(" ".join(x for x in (title, shown_rules) if x))
    lines.extend("  " + _("note: {note}").format(note=note) for note in notes)
    lines.append(row(_ljust(_("round"), 7) + _ljust(_("sticks"), 8) + _("what happened"), names))
    if start is None:
        start = rounds[0].before.scores if rounds else final.scores
    lines.append(row(_("start"), [str(s) for s in start]))
    for k, (played, head) in enumerate(zip(rounds, heads, strict=True)):
        lines.append(row(head, [_signed(c) for c in played.changes]))
        lines.append(row("", [str(s) for s in played.after.scores]))
        for w in played.wins:
            lines.append(f"    {names[w.seat]}: {w.hand}")
            lines.append(f"    {' ' * display_width(names[w.seat])}  {value_text(w.result)}")
        for note in played.notes:
            lines.append("    " + _("note: {note}").format(note=note))
        if annotations is not None and k < len(annotations):
            lines.extend(annotations[k])
    if error:
        lines.append(_("stopped: {error}").format(error=error))
    lines.append("")
    lines.append(standings_title(rounds, final))
    lines.append(row("", names))
    lines.append(row(_("score"), [str(s) for s in final.scores]))
    lines.append(row(_("place"), [str(p) for p in final.places]))
    lines.append(row(_("points"), [_signed(p) for p in final.points]))
    for note in final.notes:
        lines.append(_("note: {note}").format(note=note))
    lines.extend(footer)
    return "\n".join(lines) + "\n"
