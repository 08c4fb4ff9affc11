"""A reviewed game as a person reads it (``agari review``): per player the summary and the
decisions that cost the most, as text; or a self-contained HTML page (``--html``) with
every round's rivers, the discards that were not the efficiency-best marked.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Final

from agari.lang import _, current, ngettext
from agari.lang.terms import round_label
from agari.render.svg import face_library, tile_icon
from agari.tiles import Tile

if TYPE_CHECKING:
    from agari.analysis.efficiency import DiscardFigures
    from agari.play.review import Decision
    from agari.play.summary import GameReview, PlayerSummary

__all__ = [
    "REVIEW_STYLE",
    "decision_line",
    "review_body",
    "review_html",
    "review_section",
    "review_text",
    "summary_line",
]


def _figures(figures: DiscardFigures) -> str:
    shanten = (
        _("ready") if figures.shanten == 0 else _("{count}-shanten").format(count=figures.shanten)
    )
    if figures.count < 0:
        return shanten
    kinds = len(figures.kinds)
    tiles = ngettext("{count} tiles ({kinds} kind)", "{count} tiles ({kinds} kinds)", kinds).format(
        count=figures.count, kinds=kinds
    )
    return f"{shanten}, {tiles}"


def summary_line(player: PlayerSummary) -> str:
    """One player's figures in one game."""
    share = player.best_share
    best = (
        _("{best} of {discards} discards efficiency-best ({share})").format(
            best=player.best_discards, discards=player.discards, share=f"{share:.0%}"
        )
        if share is not None
        else _("no discards")
    )
    deal_ins = player.deal_ins_ready + player.deal_ins_not_ready
    return _(
        "{name}: {decisions} decisions; {best}; shanten lost {shanten_lost}, acceptance "
        "lost {acceptance_lost}; wins missed {missed}; riichi while furiten {furiten}; "
        "deal-ins {deal_ins} (ready {ready}, not ready {not_ready})"
    ).format(
        name=player.name,
        decisions=player.decisions,
        best=best,
        shanten_lost=player.shanten_lost,
        acceptance_lost=player.acceptance_lost,
        missed=player.missed_wins,
        furiten=player.riichi_while_furiten,
        deal_ins=deal_ins,
        ready=player.deal_ins_ready,
        not_ready=player.deal_ins_not_ready,
    )


def decision_line(decision: Decision) -> str:
    """Where, the hand, what was done and what was best."""
    where = _("{round} turn {turn}").format(
        round=round_label(f"{decision.round}-{decision.honba}"), turn=decision.turn
    )
    drew = " " + _("drew {tile},").format(tile=decision.drawn) if decision.drawn is not None else ""
    chosen = decision.chosen
    made = _("discarded {tile}").format(tile=decision.action.get("discard"))
    if chosen is not None:
        made += f": {_figures(chosen)}"
    best = ", ".join(str(f.tile) for f in decision.best)
    top = (
        _("best {tiles}: {figures}").format(tiles=best, figures=_figures(decision.best[0]))
        if decision.best
        else ""
    )
    return f"{where}  {decision.hand}{drew} {made}; {top}"


def review_text(review: GameReview) -> str:
    """The text review of one game: a title, then per player the summary and its
    costliest decisions."""
    log = review.log
    title = review.name
    if log.game_id and log.game_id != review.name:
        title += f" ({log.game_id})"
    lines = [f"{title} " + _("rules {rules}").format(rules=review.rules.describe())]
    for player in review.players:
        lines.append(summary_line(player))
        if player.costliest:
            lines.append("  " + _("costliest decisions:"))
            lines.extend(f"    {decision_line(d)}" for d in player.costliest)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- HTML

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
table.summary { border-collapse: collapse; } .summary td, .summary th {
  border: 1px solid #ccc; padding: .2em .5em; text-align: right; }
.summary td:first-child, .summary th:first-child { text-align: left; }
.river { margin: .2em 0 .6em; } .river .who { display: inline-block; width: 9em; }
svg.tile { width: 24px; height: 32px; vertical-align: middle; margin: 1px; }
svg.tile.off { outline: 3px solid #d33; outline-offset: -1px; }
svg.tile.riichi { transform: rotate(-90deg); margin: 0 5px; }
svg.tile.dealt-in { outline: 3px solid #000; }
.legend { color: #555; font-size: .9em; }
"""


#: Every tile face a review shows (the red fives apart).
_FACES: Final = frozenset({Tile(k) for k in range(34)} | {Tile(k, red=True) for k in (4, 13, 22)})
#: The review's own style (a page embeds it, or the web page's sheet includes it).
REVIEW_STYLE: Final = _STYLE


def review_body(sections: Sequence[str]) -> str:
    """Reviewed games for a page: the tile faces they use (defined once), the legend and
    the games (each from :func:`review_section`)."""
    legend = _(
        "A red frame marks a discard that was not the efficiency-best (lowest shanten, then "
        "most acceptance on the tiles the player had not seen); a black one a discard that "
        "dealt in; a tile turned sideways declared riichi. Hover a tile for the figures."
    )
    return "\n".join([face_library(_FACES), f'<p class="legend">{escape(legend)}</p>', *sections])


def review_html(sections: Sequence[str], title: str) -> str:
    """A self-contained page of reviewed games: nothing outside it is needed."""
    heading = _("agari review: {title}").format(title=title)
    return (
        "\n".join(
            [
                "<!doctype html>",
                f'<html lang="{current()}"><head><meta charset="utf-8">',
                f"<title>{escape(heading)}</title><style>{_STYLE}</style>",
                "</head><body>",
                review_body(sections),
                "</body></html>",
            ]
        )
        + "\n"
    )


def review_section(review: GameReview) -> str:
    """One reviewed game for :func:`review_html`: the summary table, the costliest
    decisions, and each round's rivers with the discards that were not the
    efficiency-best marked (hover: the figures)."""
    rules = _("rules {rules}").format(rules=review.rules.describe())
    parts = [
        f"<section><h1>{escape(review.name)}</h1>",
        f"<p>{escape(rules)}</p>",
        _summary_table(review.players),
    ]
    for round_log in review.log.rounds:
        decisions = [d for d in review.decisions if d.index == round_log.index]
        parts.append(f"<h2>{escape(round_label(round_log.label))}</h2>")
        for player in review.players:
            own = [d for d in decisions if d.seat == player.seat and d.is_discard]
            tiles = "".join(_river_tile(d) for d in own)
            parts.append(
                f'<div class="river"><span class="who">{escape(player.name)}</span>{tiles}</div>'
            )
    parts.append("</section>")
    return "\n".join(parts)


def _summary_table(players: Sequence[PlayerSummary]) -> str:
    heads = (
        _("player"),
        _("decisions"),
        _("efficiency-best"),
        _("shanten lost"),
        _("wins missed"),
        _("riichi while furiten"),
        _("deal-ins ready"),
        _("deal-ins not ready"),
    )
    rows = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"]
    for p in players:
        share = "-" if p.best_share is None else f"{p.best_share:.0%}"
        cells = (
            escape(p.name),
            str(p.decisions),
            f"{share} ({p.best_discards}/{p.discards})",
            str(p.shanten_lost),
            str(p.missed_wins),
            str(p.riichi_while_furiten),
            str(p.deal_ins_ready),
            str(p.deal_ins_not_ready),
        )
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    costly = [
        f"<li>{escape(p.name)}: {escape(decision_line(d))}</li>"
        for p in players
        for d in p.costliest
    ]
    heading = escape(_("Costliest decisions"))
    listing = f"<h2>{heading}</h2><ul>{''.join(costly)}</ul>" if costly else ""
    return f'<table class="summary">{"".join(rows)}</table>{listing}'


def _river_tile(decision: Decision) -> str:
    tile = Tile.parse(str(decision.action["discard"]))
    classes = ["tile"]
    if not decision.matches_best:
        classes.append("off")
    if decision.action.get("riichi"):
        classes.append("riichi")
    if decision.dealt_in:
        classes.append("dealt-in")
    return tile_icon(tile, css=" ".join(classes), title=decision_line(decision))
