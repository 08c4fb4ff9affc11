"""``agari ev`` as people read it: the discards with their chances and expected points, and
``--explain``: how one discard's expected points add up, wait by wait.

The figures come from :func:`agari.api.ev` (:mod:`agari.analysis.ev` holds the model).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agari.analysis.ev import DiscardEv, EvAnalysis, EvOptions, WaitShare
from agari.lang import _, ngettext
from agari.render.sheet import display_width

__all__ = ["ev_cell", "milestones", "percent", "play_text", "points", "render_ev"]

#: Rows of wins listed by ``--explain`` one per ready hand; beyond, one per winning tile.
SHARE_ROWS = 12
#: The multiplication sign of the waits (``6s`` sign ``4``: four 6s left), as in the discard table.
TIMES = "\u00d7"


def percent(x: Any) -> str:
    return f"{100 * float(x):.1f}%"


def points(x: Any) -> str:
    return f"{float(x):.1f}"


def play_text(options: EvOptions) -> str:
    """The switches as a phrase: ``riichi when ready (ura, ippatsu); tegawari; back-tracking``."""
    if options.riichi:
        extras = [name for name, on in (("ura", options.ura), ("ippatsu", options.ippatsu)) if on]
        riichi = _("riichi when ready")
        parts = [riichi + (f" ({', '.join(extras)})" if extras else "")]
    else:
        parts = [_("dama (no riichi)")]
    parts.append(_("tegawari") if options.tegawari else _("no tegawari"))
    parts.append(_("back-tracking") if options.backtrack else _("no back-tracking"))
    return "; ".join(parts)


def _waits_text(d: DiscardEv) -> str:
    if not d.waits:
        return ""
    return _("waits {tiles}").format(tiles=" ".join(f"{t}{TIMES}{n}" for t, n in d.waits))


def ev_cell(expected: Any, win: Any) -> str:
    """A discard's expected points and chance of winning, as the discard table's column
    shows them (``agari --ev``): ``5810.3 (60.5%)``."""
    return f"{points(expected)} ({percent(win)})"


def milestones(turn: int) -> list[int]:
    """The draws the chances are shown at: a few along the way and the last."""
    return sorted({j for j in (1, 3, 6, 9, 12, 15) if j < turn} | ({turn} if turn else set()))


def _header(analysis: EvAnalysis) -> list[str]:
    o = analysis.options
    wall = _("{unseen} tiles unseen; {turn} draws to come (turn={turn})").format(
        unseen=analysis.unseen, turn=o.turn
    )
    play = _("{play}; rules {rules}").format(play=play_text(o), rules=analysis.rules)
    lines = [_row(_("hand"), analysis.hand), _row(_("wall"), wall), _row(_("play"), play)]
    if analysis.discards and analysis.discards[0].tile is not None:
        before = _("(before the discard)")
    else:
        before = _("(a draw earlier: no discard to choose)")
    lines.append(_row(_("shanten"), f"{analysis.shanten} {before}"))
    lines.extend(_row(_("note"), w) for w in analysis.warnings)
    return lines


def _row(label: str, text: str) -> str:
    """A label padded to the labels' column (as the hand report's), then its text."""
    return f"{label}{' ' * max(1, 10 - display_width(label))}{text}"


def _ljust(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def _rjust(text: str, width: int) -> str:
    return " " * (width - display_width(text)) + text


def _table(analysis: EvAnalysis) -> list[str]:
    rows = [(_("discard"), _("shanten"), _("ready"), _("win"), _("points"), "")]
    riichi = _("riichi")
    for d in analysis.discards:
        rows.append(
            (
                str(d.tile) if d.tile is not None else "-",
                f"{d.shanten} {riichi}" if d.riichi else str(d.shanten),
                percent(d.ready),
                percent(d.win),
                points(d.ev),
                _waits_text(d),
            )
        )
    widths = [max(display_width(r[i]) for r in rows) for i in range(5)]
    out = []
    for row in rows:
        cells = [_ljust(row[0], widths[0]), _ljust(row[1], widths[1])]
        cells += [_rjust(row[i], widths[i]) for i in (2, 3, 4)]
        out.append(("  " + "  ".join(cells) + ("  " + row[5] if row[5] else "")).rstrip())
    return out


def render_ev(analysis: EvAnalysis, explain: DiscardEv | None = None) -> str:
    """The header, every discard best first (shanten after it, chance of being ready and of
    winning within the draws, expected points, the waits of a ready discard), and with
    ``explain`` how that discard's figures come about."""
    lines = _header(analysis)
    lines.append(
        _row(
            _("discards"),
            _(
                "(chance of being ready and of winning within the draws; points: the\n"
                "          expected value of the win by tsumo, in the one-player model)"
            ),
        )
    )
    lines.extend(_table(analysis))
    if explain is not None:
        lines.append("")
        lines.extend(_explain(analysis, explain))
    return "\n".join(lines)


def _explain(analysis: EvAnalysis, d: DiscardEv) -> list[str]:
    o = analysis.options
    turn = o.turn
    name = _("the hand (no discard)") if d.tile is None else _("discard {tile}").format(tile=d.tile)
    state = _("ready") if d.shanten == 0 else _("{count}-shanten").format(count=d.shanten)
    how = f"{name}: {state}"
    if d.riichi:
        how += _(", riichi declared with it")
    if d.waits:
        how += "; " + _waits_text(d)
    lines = [_row(_("explain"), how)]
    marks = milestones(turn)
    lines.append("  " + _ljust(_("by draw"), 8) + "".join(f"{j:>8}" for j in marks))
    for label, curve in ((_("ready"), d.ready_by), (_("win"), d.win_by)):
        values = "".join(f"{percent(curve[j]):>8}" for j in marks if j < len(curve))
        lines.append("  " + _ljust(label, 8) + values)
    lines.append(
        _row(
            _("wins"),
            _(
                "(each ready hand and winning tile: copies left while waiting, the value of "
                "the win\n          - ura and ippatsu averaged in -, its chance in all and by "
                "draw; chance x value = points)"
            ),
        )
    )
    lines.extend(_shares(d.shares, marks, d))
    return lines


def _value_text(share: WaitShare) -> str:
    plain = _("{han} han {fu} fu {base}").format(han=share.han, fu=share.fu, base=share.base)
    if abs(float(share.value) - share.base) < 0.05:
        return plain
    return f"{plain} -> {points(share.value)}"


def _by_tile(shares: Sequence[WaitShare]) -> list[tuple[str, str, str, list[float], float]]:
    """The wins grouped by winning tile: the tile, how many ready hands wait on it, the
    copies left (a range), the chance by draw and the points."""
    groups: dict[str, list[WaitShare]] = {}
    for share in shares:
        groups.setdefault(str(share.tile), []).append(share)
    rows = []
    for tile, group in groups.items():
        lefts = sorted({s.left for s in group})
        left = str(lefts[0]) if len(lefts) == 1 else f"{lefts[0]}-{lefts[-1]}"
        steps = len(group[0].by_draw)
        by_draw = [sum(float(s.by_draw[j]) for s in group) for j in range(steps)]
        hands = ngettext("{count} ready hand", "{count} ready hands", len(group)).format(
            count=len(group)
        )
        rows.append((hands, tile, left, by_draw, sum(float(s.points) for s in group)))
    rows.sort(key=lambda r: -r[4])
    return rows


def _shares(shares: Sequence[WaitShare], marks: list[int], d: DiscardEv) -> list[str]:
    """One row per ready hand and winning tile; when there are more than
    :data:`SHARE_ROWS`, one row per winning tile (its ready hands summed, the value their
    average)."""
    rows: list[tuple[str, ...]] = [
        (
            _("ready hand"),
            _("tile"),
            _("left"),
            _("value"),
            *(_("by {draw}").format(draw=j) for j in marks),
            _("points"),
        )
    ]
    if len(shares) <= SHARE_ROWS:
        for s in shares:
            rows.append(
                (
                    s.hand + (" " + _("riichi") if s.riichi else ""),
                    str(s.tile),
                    str(s.left),
                    _value_text(s),
                    *(percent(s.by_draw[j - 1]) for j in marks),
                    points(s.points),
                )
            )
    else:
        for hands, tile, left, by_draw, total in _by_tile(shares):
            average = total / by_draw[-1] if by_draw[-1] else 0.0
            rows.append(
                (
                    hands,
                    tile,
                    left,
                    _("average {points}").format(points=points(average)),
                    *(percent(by_draw[j - 1]) for j in marks),
                    points(total),
                )
            )
    every = (_("all wins"), "", "", "", *(percent(d.win_by[j]) for j in marks), points(d.ev))
    rows.append(every)
    n = len(rows[0])
    widths = [max(display_width(r[i]) for r in rows) for i in range(n)]
    out = []
    for row in rows:
        cells = [
            _ljust(row[i], widths[i]) if i < 4 else _rjust(row[i], widths[i]) for i in range(n)
        ]
        out.append(("  " + "  ".join(cells)).rstrip())
    if not shares:
        out.append("  " + _("(no win can be reached within the draws)"))
    return out
