"""Statistics over many games as a person reads them (``agari stats``): one table per
table size, a row per player, and the definitions (``--explain``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from agari.lang import _, pgettext
from agari.render.sheet import display_width

if TYPE_CHECKING:
    from agari.play.stats import Totals

__all__ = ["explain_text", "stats_text"]


def _heads() -> tuple[str, ...]:
    return (
        pgettext("stats column", "games"),
        pgettext("stats column", "rounds"),
        pgettext("stats column", "avg place"),
        pgettext("stats column", "points"),
        pgettext("stats column", "win"),
        pgettext("stats column", "tsumo"),
        pgettext("stats column", "deal-in"),
        pgettext("stats column", "riichi"),
        pgettext("stats column", "call"),
        pgettext("stats column", "avg win"),
        pgettext("stats column", "avg deal-in"),
        pgettext("stats column", "draw tenpai"),
        pgettext("stats column", "deal-in tenpai"),
    )


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _cells(totals: Totals) -> list[str]:
    f = totals.figures()
    return [
        str(f["games"]),
        str(f["rounds"]),
        _number(f["average_place"], 2),
        f"{f['points']:+.1f}",
        _percent(f["win_rate"]),
        _percent(f["tsumo_rate"]),
        _percent(f["deal_in_rate"]),
        _percent(f["riichi_rate"]),
        _percent(f["call_rate"]),
        _number(f["average_win"]),
        _number(f["average_deal_in"]),
        _percent(f["draw_tenpai_rate"]),
        _percent(f["deal_in_while_tenpai"]),
    ]


def stats_text(players: Sequence[Totals]) -> str:
    """A table per table size (four-player first), a row per player."""
    out: list[str] = []
    heads = _heads()
    for size in sorted({t.players for t in players}, reverse=True):
        rows = [t for t in players if t.players == size]
        name_width = max(display_width(t.name) for t in rows) + 2
        cells = [_cells(t) for t in rows]
        widths = [max(display_width(h), *(len(c[i]) for c in cells)) for i, h in enumerate(heads)]
        out.append(_("{players}-player games").format(players=size))
        out.append(
            " " * name_width + "  ".join(_rjust(h, w) for h, w in zip(heads, widths, strict=True))
        )
        for totals, row in zip(rows, cells, strict=True):
            pad = name_width - display_width(totals.name)
            out.append(
                totals.name
                + " " * pad
                + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))
            )
        out.append("")
    return "\n".join(out)


def _rjust(text: str, width: int) -> str:
    return " " * (width - display_width(text)) + text


def explain_text(definitions: Sequence[tuple[str, str]]) -> str:
    """The figures' definitions (SPEC §9), one per line: the key, and its definition in
    the current language."""
    width = max(len(key) for key, _text in definitions)
    return "\n".join(f"{key.ljust(width)}  {_(text)}" for key, text in definitions) + "\n"
