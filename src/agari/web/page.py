"""The web page as HTML text: the form, the tile palette and a result (no web framework
here, so that it can be tested and reused on its own).

Everything the page needs is in it (CSS and script inline) or served by the app itself (tile
pictures under ``/tile/``); it loads nothing from elsewhere. Every piece of input shown is
escaped.

>>> "4 han 20 fu" in result_html(*analysed("234m067p3457899s+6s tsumo riichi dora=4p"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, Final

from agari.api import analyse
from agari.engine.yaku import NAMES
from agari.errors import HandError, RuleError
from agari.hand import Hand
from agari.lang import LANGUAGE_NAMES, LANGUAGES, _, current, pgettext
from agari.lang.terms import call_name, term, yaku_name_in
from agari.render.svg import caption, hand_svg
from agari.render.text import outcome, render
from agari.result import Result
from agari.rules import PRESET_NAMES, Rules
from agari.settle import format_payment
from agari.tiles import Tile, absent_in_three_player
from agari.web.params import MAX_HAND, read_hand

__all__ = [
    "PALETTE",
    "STYLE",
    "analysed",
    "error_result",
    "header",
    "page",
    "page_script",
    "result_html",
]

#: The palette, row by row: the three suits with their red fives, then the honours.
PALETTE: Final = (
    ("1m", "2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m", "9m"),
    ("1p", "2p", "3p", "4p", "5p", "0p", "6p", "7p", "8p", "9p"),
    ("1s", "2s", "3s", "4s", "5s", "0s", "6s", "7s", "8s", "9s"),
    ("1z", "2z", "3z", "4z", "5z", "6z", "7z"),
)
_SUITS: Final = (("m", "man"), ("p", "pin"), ("s", "sou"))
_TILE_NAMES: Final = {
    **{f"{n}{s}": f"{n} {w}" for s, w in _SUITS for n in range(1, 10)},
    **{f"0{s}": f"red 5 {w}" for s, w in _SUITS},
    **dict(zip(
        ("1z", "2z", "3z", "4z", "5z", "6z", "7z"),
        ("East", "South", "West", "North", "white dragon", "green dragon", "red dragon"),
        strict=True,
    )),
}  # fmt: skip


def _tile_name(tile: str) -> str:
    """A tile's name for its picture's title (English: ``3 man``, ``red 5 pin``,
    ``white dragon``; the tile itself, ``3m``, in the other languages, where the numbers
    and suits are read from the picture)."""
    if current() == "en":
        return _TILE_NAMES.get(tile, tile)
    return tile


EXAMPLES: Final = (
    "234m067p3457899s+6s tsumo riichi dora=4p",
    "234p67s55s+8s, 3-45m, 777=z tsumo",
    "123p456s789s1z+1z, 1111m riichi ura=9p seat=E",
    "123m456p789s1155z",
    "234m067p3457899s1z",
    "2346m067p2345s55z call=5p river=1m seen=8p",
)


def error_result(text: Any, code: str, message: str, column: int | None = None) -> Result:
    """A SPEC §3 error result for input that never reached the engine."""
    return Result(
        input=text, status="error", error={"code": code, "message": message, "column": column}
    )


def analysed(
    text: str, preset: str | None = None, switches: Sequence[str] = (), ev: bool = False
) -> tuple[Result, Hand | None]:
    """The result of ``text`` under the rules, and the hand when it could be read; with
    ``ev``, 14 tiles that do not win get each discard's expected value (``agari --ev``)."""
    try:
        rules = Rules.from_options(preset, switches)
    except RuleError as error:
        return error_result(text, "bad_rules", str(error)), None
    try:
        value = read_hand(text)
    except HandError as error:
        return error_result(text, error.code, error.message, error.column), None
    result = analyse(value, rules=rules)
    if result.status == "error":
        return result, None
    from agari.notation import hand_from_dict, parse_hand

    try:
        hand = parse_hand(value) if isinstance(value, str) else hand_from_dict(value)
    except HandError:  # analyse read it, so this does not happen; no picture if it does
        return result, None
    if ev:
        from agari.api import with_ev

        result = with_ev(result, hand, rules)
    return result, hand


def _tile(name: str, label: str | None = None) -> str:
    title = escape(_tile_name(name))
    shown = escape(label if label is not None else name)
    return (
        f'<span class="t"><img src="/tile/{escape(name)}.svg" alt="{title}" title="{title}" '
        f'width="18" height="24">{shown}</span>'
    )


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], cls: str = "") -> str:
    out = [f'<table class="{cls}"><thead><tr>']
    out += [f"<th>{h}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _outcome(entry: Any) -> str:
    return escape(outcome(entry))


def _ukeire(ukeire: Any) -> str:
    if not ukeire:
        return "-"
    return " ".join(
        _tile(str(u.get("tile")), f"{u.get('tile')}\u00d7{u.get('unseen')}")
        for u in ukeire
        if isinstance(u, Mapping)
    )


def _error_html(result: Result) -> str:
    error = result.error or {}
    column = error.get("column")
    head = _("error ({code})").format(code=error.get("code", "error"))
    out = [
        '<div class="error" id="error">',
        f"<p><b>{escape(head)}</b>: {escape(str(error.get('message', '')))}</p>",
    ]
    if isinstance(result.input, str) and result.input.strip():
        text = result.input.replace("\n", " ")
        out.append(f'<pre class="caret" data-column="{column or ""}">{escape(text)}')
        if isinstance(column, int) and column >= 1:
            at = _("at column {column}").format(column=column)
            out.append("\n" + " " * (column - 1) + "^")
            out.append(f"</pre><p>{escape(at)}</p>")
        else:
            out.append("</pre>")
    out.append("</div>")
    return "".join(out)


def _yaku_cells(yaku_id: str) -> tuple[str, str]:
    """A yaku's name and what it means (English), or its name in the page's language."""
    names = NAMES.get(yaku_id, (yaku_id, ""))
    language = current()
    if language == "en":
        return escape(names[0]), escape(names[1])
    return escape(yaku_name_in(yaku_id, names[0], language)), ""


def _win_html(result: Result) -> list[str]:
    out: list[str] = []
    if result.reading:
        wait = ""
        if result.wait:
            shown = term(result.wait) if current() != "en" else result.wait
            said = (
                _("wait: {wait} on {tile}").format(wait=shown, tile=result.win_tile)
                if result.win_tile
                else _("wait: {wait}").format(wait=shown)
            )
            wait = f" &middot; {escape(said)}"
        groups = " ".join(f"<code>{escape(g)}</code>" for g in result.reading)
        reading = escape(_("reading"))
        out.append(f'<p class="reading">{reading} {groups}{wait}</p>')
    if result.status == "no_yaku":
        said = _("none: a complete hand without a yaku does not win")
        none = _("no yaku")
        out.append(f"<p><b>{escape(none)}</b>: {escape(said)}</p>")
    if result.yaku:
        han = _("{han} han")
        rows = [(*_yaku_cells(y.id), escape(han.format(han=y.han))) for y in result.yaku]
        if result.dora and not result.yakuman:
            rows += [
                (escape(term(k)), "", escape(han.format(han=v)))
                for k, v in result.dora.items()
                if v
            ]
        heads = (escape(_("yaku")), "", escape(term("han")) if current() != "en" else "han")
        out.append(f"<h3>{heads[0]}</h3>" + _table(heads, rows, "yaku"))
    if result.fu_breakdown:
        from agari.render.text import fu_item

        fu_rows = [(escape(fu_item(f.item)), f"{f.fu}") for f in result.fu_breakdown]
        raw = sum(f.fu for f in result.fu_breakdown)
        rounded = (
            " " + escape(_("(rounded up from {raw})").format(raw=raw)) if raw != result.fu else ""
        )
        total = escape(_("total"))
        fu_rows.append((f"<b>{total}</b>", f"<b>{result.fu}</b>{rounded}"))
        fu_word = term("fu") if current() != "en" else "fu"
        out.append(
            f"<h3>{escape(fu_word)}</h3>"
            + _table((escape(_("item")), escape(fu_word)), fu_rows, "fu")
        )
    if result.payment:
        paid = escape(format_payment(result.payment))
        payment = escape(_("payment"))
        pay = [f'<p class="payment">{payment} <b>{paid}</b>']
        pay.append(" &middot; " + escape(_("hand worth {points}").format(points=result.points)))
        if result.total is not None and result.total != result.points:
            total = _("total with honba and sticks {points}").format(points=result.total)
            pay.append(" &middot; " + escape(total))
        out.append("".join(pay) + "</p>")
    if result.deltas:
        cells = [f"{v:+d}" if v else "0" for v in result.deltas.values()]
        changes = escape(_("every seat's change"), quote=False)
        out.append(f"<h3>{changes}</h3>" + _table(tuple(result.deltas), [cells], "deltas"))
    elif result.payment and "ron" in result.payment:
        unknown = _(
            "seat changes unknown: the discarder is not marked (+{tile}- left, +{tile}= across, "
            "+{tile}+ right)"
        ).format(tile=result.win_tile or "X")
        out.append(f"<p>{escape(unknown)}</p>")
    return out


def _waiting_html(result: Result) -> list[str]:
    out: list[str] = []
    if result.shanten is not None:
        shanten = _("shanten {count}").format(count=result.shanten)
        if result.shanten == 0:
            shanten += f" ({term('tenpai')})" if current() != "en" else " (tenpai)"
        out.append(f"<p>{escape(shanten)}</p>")
    if result.waits:
        total = sum(int(w.get("unseen", 0) or 0) for w in result.waits)
        furiten = bool(result.extra.get("furiten"))
        ron = f'<b class="furiten">{escape(_word("furiten"))}</b>'
        rows = [
            (_tile(str(w.get("tile")))
             + (" " + escape(_("(in the river)")) if w.get("furiten") else ""),
             str(w.get("unseen", "")), ron if furiten else _outcome(w.get("ron")),
             _outcome(w.get("tsumo")))
            for w in result.waits
        ]  # fmt: skip
        title = _("waits: {count} tiles, {unseen} unseen").format(
            count=len(result.waits), unseen=total
        )
        if furiten:
            title += " \u00b7 " + _("furiten: no ron, only tsumo")
        heads = (_("tile"), _("unseen"), _word("ron"), _word("tsumo"))
        out.append(f"<h3>{escape(title)}</h3>" + _table(tuple(map(escape, heads)), rows, "waits"))
    if result.extra.get("ukeire"):
        count = _("({count} tiles)").format(count=result.extra.get("ukeire_total", "?"))
        improve = escape(_("tiles that improve the hand:"))
        out.append(f"<p>{improve} {_ukeire(result.extra['ukeire'])} {escape(count)}</p>")
    if result.extra.get("calls") is not None:
        out += _calls_html(result.extra["calls"])
    return out


def _word(word: str) -> str:
    """A word of play in the page's language (itself in English)."""
    return term(word) if current() != "en" else word


def _ready(furiten: bool) -> str:
    """A shanten cell of a ready hand (HTML): ``0 tenpai``, furiten marked."""
    mark = f' <b class="furiten">{escape(_word("furiten"))}</b>' if furiten else ""
    return escape(f"0 {_word('tenpai')}") + mark


def _calls_html(calls: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each chi, pon and kan of the offered tile (``call=``): the meld, the best discard,
    the shanten and tiles that improve the hand after it, the yaku still within reach (a
    call that leaves none marked), the hand after it (a link that analyses it)."""
    if not calls:
        none = escape(_("no chi, pon or kan of the offered tile fits this hand"))
        title = escape(_("calls"))
        return [f"<h3>{title}</h3><p>{none}</p>"]
    rows = []
    for c in calls:
        yaku = c.get("yaku") or []
        if yaku:
            reach = escape(_(", ")).join(_yaku_cells(y)[0] for y in yaku)
        else:
            nearest = c.get("yaku_shanten")
            no_yaku = escape(_("no yaku"))
            reach = f'<b class="noyaku">{no_yaku}</b>'
            if nearest is not None:
                reach += " " + escape(_("(nearest at {count}-shanten)").format(count=nearest))
        shanten = c.get("shanten")
        after = str(c.get("hand", ""))
        discard = c.get("discard")
        barred = " ".join(c.get("kuikae") or ())
        kind = str(c.get("kind", ""))
        rows.append(
            (escape(call_name(kind)),
             f"<code>{escape(str(c.get('meld', '')))}</code>",
             _tile(str(discard)) if discard else "-",
             _ready(bool(c.get("furiten"))) if shanten == 0 else str(shanten),
             str(c.get("ukeire_total", "")),
             _ukeire(c.get("waits") or c.get("ukeire")), reach,
             f'<a href="/?hand={escape(_quote(after))}"><code>{escape(after)}</code></a>',
             escape(barred) or "-")
        )  # fmt: skip
    heads = (
        pgettext("a call of a discard", "call"), _("meld"), _("best discard"), _("shanten"),
        _("ukeire"),
        _("tiles (the waits when tenpai)"), _("yaku within reach"), _("hand after the call"),
        _("no swap-call discard"),
    )  # fmt: skip
    title = escape(_("calls: each chi, pon and kan of the offered tile"))
    return [f"<h3>{title}</h3>" + _table(tuple(map(escape, heads)), rows, "calls")]


def _discards_html(result: Result) -> list[str]:
    out: list[str] = []
    if result.shanten is not None:
        before = _("shanten {count} before the discard").format(count=result.shanten)
        out.append(f"<p>{escape(before)}</p>")
    if result.discards:
        rows = []
        for d in result.discards:
            best = d.get("best")
            best_text = ""
            if isinstance(best, Mapping) and best.get("status") == "win":
                by = str(best.get("by", ""))
                by = _word(by) if by in ("tsumo", "ron") else by
                best_text = escape(f"{best.get('tile')} {by} ") + _outcome(best)
            shanten = d.get("shanten")
            row: tuple[str, ...] = (
                _tile(str(d.get("tile"))),
                _ready(bool(d.get("furiten"))) if shanten == 0 else str(shanten),
                str(d.get("ukeire_total", "")),
                _ukeire(d.get("ukeire")),
                best_text,
            )
            figures = d.get("ev")
            if isinstance(figures, Mapping):  # the option "expected value" (agari ev)
                row += (
                    escape(
                        _("{points} ({win} win, {ready} ready)").format(
                            points=f"{figures['points']:.1f}",
                            win=f"{100 * figures['win']:.1f}%",
                            ready=f"{100 * figures['ready']:.1f}%",
                        )
                    ),
                )
            rows.append(row)
        head: tuple[str, ...] = (
            _("discard"), _("shanten after"), _("ukeire"), _("tiles (the waits when tenpai)"),
            _("best win"),
        )  # fmt: skip
        if any(isinstance(d.get("ev"), Mapping) for d in result.discards):
            head += (_("expected points (agari ev)"),)
        title = escape(_("discards"))
        out.append(f"<h3>{title}</h3>" + _table(tuple(map(escape, head)), rows, "discards"))
    return out


def _candidates_html(result: Result) -> list[str]:
    if not result.candidates or len(result.candidates) < 2:
        return []
    rows = []
    for c in result.candidates:
        value = _outcome(
            {"status": c.status, "han": c.han, "fu": c.fu, "yakuman": c.yakuman,
             "payment": c.payment}
        )  # fmt: skip
        yaku = _(", ").join(_yaku_cells(y.id)[0] for y in c.yaku or ())
        rows.append((_tile(str(c.win_tile)), value, yaku))
    title = _("every tile that could have been the winning tile (best first)")
    heads = tuple(map(escape, (_("winning tile"), _("value"), _("yaku"))))
    return [f"<h3>{escape(title)}</h3>" + _table(heads, rows, "candidates")]


def _status_word(status: str) -> str:
    """A result's status in the page's language (the SPEC §3 value in English)."""
    if current() == "en":
        return status
    return {
        "win": _("win"),
        "no_yaku": _("no yaku"),
        "not_winning": _("not a winning hand"),
        "tenpai": term("tenpai"),
        "noten": term("noten"),
    }.get(status, status)


def result_html(result: Result, hand: Hand | None) -> str:
    """The result part of the page: picture, headline, the tables, the text report."""
    if result.status == "error":
        return _error_html(result)
    out: list[str] = []
    if hand is not None:
        picture = hand_svg(hand, info=result, with_caption=False)
        out.append(f'<div class="picture">{picture}</div>')
    lines = caption(result)
    out.append(f'<p class="headline" id="headline">{escape(lines[0])}</p>')
    status = escape(_("status"))
    rules = escape(_("rules {rules}").format(rules=result.rules or ""))
    out.append(
        f'<p class="meta">{escape(result.hand or "")} &middot; {status} <b id="status" '
        f'data-status="{escape(result.status)}">{escape(_status_word(result.status))}</b> '
        f"&middot; {rules}</p>"
    )
    if result.warnings:
        notes = [_("note: {note}").format(note=w) for w in result.warnings]
        out.append(
            '<ul class="warnings">' + "".join(f"<li>{escape(n)}</li>" for n in notes) + "</ul>"
        )
    if result.status in ("win", "no_yaku"):
        out += _win_html(result)
    elif result.status in ("tenpai", "noten"):
        out += _waiting_html(result)
    elif result.status == "not_winning":
        out += _discards_html(result)
    out += _candidates_html(result)
    printed = escape(_("as the command line prints it"))
    out.append(
        f"<details><summary>{printed}</summary><pre>"
        + escape(render(result, hand))
        + "</pre></details>"
    )
    return "\n".join(out)


def _players(preset: str | None, switches: Sequence[str]) -> int:
    """3 or 4: the players of the rules the page shows (4 while the rules are bad)."""
    try:
        return Rules.from_options(preset, switches).players
    except RuleError:
        return 4


def _palette(players: int) -> str:
    """The tile buttons; those of 2m-8m are marked (``data-sanma="absent"``) and, under
    three-player rules, hidden (the page's script shows and hides them as the rules change)."""
    rows = []
    for row in PALETTE:
        buttons = "".join(_tile_button(t, players) for t in row)
        rows.append(f'<div class="row">{buttons}</div>')
    undo_title = escape(_("undo the last tile"))
    undo = escape(_("undo"))
    clear = escape(_("clear"))
    return (
        '<div class="palette" id="palette">' + "".join(rows) + '<div class="row">'
        f'<button type="button" id="undo" title="{undo_title}">&#9003; {undo}</button>'
        f'<button type="button" id="clear">{clear}</button>'
        '<span id="palette-note"></span></div></div>'
    )


def _tile_button(tile: str, players: int) -> str:
    absent = absent_in_three_player(Tile.parse(tile).kind)
    marks = ' data-sanma="absent"' + (" hidden" if players == 3 else "") if absent else ""
    return (
        f'<button type="button" data-tile="{tile}" title="{escape(_tile_name(tile))}"{marks}>'
        f'<img src="/tile/{tile}.svg" alt="{tile}" width="27" height="36"></button>'
    )


def header(current_page: str) -> str:
    """The pages' header: the name, the links between the hand page and the game page
    (``current_page``: ``"hands"`` or ``"games"``) and the language menu (a link to the same
    page in each language; the page's script keeps what the address holds)."""
    hands = ' aria-current="page"' if current_page == "hands" else ""
    games = ' aria-current="page"' if current_page == "games" else ""
    language = current()
    choices = "".join(
        f'<option value="{code}"{" selected" if code == language else ""}>'
        f"{escape(LANGUAGE_NAMES[code])}</option>"
        for code in LANGUAGES
    )
    tagline = escape(_("riichi mahjong hands: what they are worth and why"))
    label = escape(_("language"))
    hands_word, games_word = escape(_("hands")), escape(_("games"))
    return (
        f"<header><h1>agari</h1><span>{tagline}</span>"
        f'<nav><a href="/"{hands}>{hands_word}</a> '
        f'<a href="/game"{games}>{games_word}</a>'
        f'<select id="lang" aria-label="{label}" title="{label}">{choices}</select></nav>'
        "</header>"
    )


def page_script() -> str:
    """The page's script, with its words in the page's language (``WORDS``)."""
    import json

    words = {
        "notation": _("the palette edits digit-first notation (123m456p...)"),
        "full": _("14 tiles already"),
    }
    return _SCRIPT.replace("{words}", json.dumps(words, ensure_ascii=False).replace("</", "<\\/"))


def page(
    text: str = "",
    preset: str | None = None,
    switches: Sequence[str] = (),
    body: str = "",
    ev: bool = False,
) -> str:
    """The whole page, in the current language, with the form filled in and ``body`` (a
    :func:`result_html`)."""
    options = "".join(
        f'<option value="{p}" data-players="{Rules.preset(p).players}"'
        f"{' selected' if p == (preset or 'wrc2025') else ''}>{p}</option>"
        for p in PRESET_NAMES
    )
    if preset and preset not in PRESET_NAMES:
        options += f'<option value="{escape(preset)}" selected>{escape(preset)}</option>'
    examples = " ".join(
        f'<a href="/?hand={escape(_quote(e))}"><code>{escape(e)}</code></a>' for e in EXAMPLES
    )
    hint = escape(_("Type a hand or click tiles. Examples:"))
    words = {
        "title": _("agari: what is this hand worth?"),
        "hand_label": _("hand"),
        "rules_label": _("rules"),
        "switches_hint": _("switches, e.g. players=3"),
        "switches_title": _("rule switches KEY=VALUE, separated by blanks"),
        "ev_title": _(
            "14 tiles that do not win: each discard's expected points and chance of winning "
            "(agari ev: one player's own draws, 17 to come)"
        ),
        "ev_label": _("expected value"),
        "score": _("score"),
        "footer": _("Tile pictures: FluffyStuff/riichi-mahjong-tiles (CC0)."),
        "picture": _("picture:"),
    }
    return _PAGE.format(
        lang=current(),
        text=escape(text),
        max_hand=MAX_HAND,
        options=options,
        switches=escape(" ".join(switches)),
        ev_checked=" checked" if ev else "",
        palette=_palette(_players(preset, switches)),
        body=body or f'<p class="hint">{hint} {examples}</p>',
        style=STYLE,
        script=page_script(),
        header=header("hands"),
        **{key: escape(value) for key, value in words.items()},
    )


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


_PAGE: Final = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="/tile/7z.svg">
<style>{style}</style></head>
<body>
{header}
<main>
<form id="form" method="get" action="/" autocomplete="off">
  <input type="hidden" name="lang" value="{lang}">
  <label for="hand">{hand_label}</label>
  <input id="hand" name="hand" value="{text}" maxlength="{max_hand}" spellcheck="false"
    placeholder="234m067p3457899s+6s tsumo riichi dora=4p" autofocus>
  <label for="rules">{rules_label}</label>
  <select id="rules" name="rules">{options}</select>
  <input id="rule" name="rule" value="{switches}" placeholder="{switches_hint}"
    spellcheck="false" title="{switches_title}">
  <label title="{ev_title}"><input type="checkbox" id="ev" name="ev"
    value="1"{ev_checked}> {ev_label}</label>
  <button type="submit" id="go">{score}</button>
</form>
{palette}
<section id="result" aria-live="polite">{body}</section>
</main>
<footer>{footer} JSON:
<code>/api/analyse?hand=&hellip;</code>, {picture} <code>/api/svg?hand=&hellip;</code></footer>
<script>{script}</script>
</body></html>
"""

STYLE: Final = """
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#222;background:#fbfaf7}
header{background:#1d5e3a;color:#fff;padding:.6em 1.2em;display:flex;gap:1em;align-items:baseline}
header h1{margin:0;font-size:1.5em}
header nav{margin-left:auto;display:flex;gap:1em}
header nav a{color:#fff}
header nav a[aria-current]{font-weight:600;text-decoration:none}
main{padding:1em 1.2em;max-width:1100px}
form{display:flex;flex-wrap:wrap;gap:.5em;align-items:center}
#hand{flex:1 1 28em;font:16px ui-monospace,monospace;padding:.35em}
#rule{width:12em;font:14px ui-monospace,monospace;padding:.35em}
select,button{font:inherit;padding:.3em .6em}
.palette{margin:.8em 0}
.palette .row{display:flex;gap:2px;margin-bottom:2px;align-items:center}
.palette button{padding:1px;background:none;border:1px solid transparent;cursor:pointer}
.palette button:hover{border-color:#1d5e3a}
#palette-note{color:#a33;margin-left:1em}
.picture svg{max-width:100%;height:auto}
.headline{font-size:1.6em;font-weight:600;margin:.3em 0}
.meta{color:#555}
table{border-collapse:collapse;margin:.3em 0 1em}
th,td{border-bottom:1px solid #ddd;padding:.2em .7em;text-align:left;vertical-align:middle}
td:last-child{white-space:nowrap}
.t{display:inline-flex;align-items:center;gap:2px;margin-right:.4em}
.error{background:#fdecea;border:1px solid #e0a8a0;padding:.5em 1em}
.caret{font:16px ui-monospace,monospace;margin:.3em 0}
.warnings{color:#7a5a00}
.furiten,.noyaku{color:#a33}
h3{margin:.8em 0 .2em;font-size:1.05em}
footer{color:#666;padding:1em 1.2em;font-size:.9em}
"""

_SCRIPT: Final = r"""
(function () {
  const WORDS = {words};
  const form = document.getElementById('form'), hand = document.getElementById('hand'),
    rules = document.getElementById('rules'), rule = document.getElementById('rule'),
    ev = document.getElementById('ev'), langMenu = document.getElementById('lang'),
    out = document.getElementById('result'), note = document.getElementById('palette-note');
  let timer = null, seq = 0;
  const undo = [];
  // The language stays in the address once chosen (?lang=, or the menu); the parts asked
  // for as you type come in the page's own.
  let chosen = new URLSearchParams(location.search).get('lang');
  function params() {
    const p = new URLSearchParams();
    if (hand.value.trim()) p.set('hand', hand.value);
    if (rules.value && rules.value !== 'wrc2025') p.set('rules', rules.value);
    for (const s of rule.value.split(/[\s,]+/).filter(Boolean)) p.append('rule', s);
    if (ev.checked) p.set('ev', '1');
    if (chosen) p.set('lang', chosen);
    return p;
  }
  langMenu.addEventListener('change', function () {
    chosen = langMenu.value;
    location.search = params().toString();
  });
  async function update() {
    const p = params(), q = p.toString();
    history.replaceState(null, '', q ? '/?' + q : '/');
    const mine = ++seq;
    if (!p.has('hand')) { out.innerHTML = ''; return; }
    p.set('lang', document.documentElement.lang);
    const response = await fetch('/part/result?' + p.toString());
    const html = await response.text();
    if (mine === seq) out.innerHTML = html;
  }
  function later() { clearTimeout(timer); timer = setTimeout(update, 250); }
  hand.addEventListener('input', later);
  rule.addEventListener('input', later);
  rules.addEventListener('change', update);

  // Three-player rules (a preset, or players=3 among the switches) have no 2m-8m.
  function showPalette() {
    const option = rules.options[rules.selectedIndex];
    let players = option ? option.dataset.players || '4' : '4';
    for (const s of rule.value.split(/[\s,]+/)) {
      const m = /^players=([34])$/.exec(s.trim());
      if (m) players = m[1];
    }
    for (const b of document.querySelectorAll('#palette button[data-sanma="absent"]'))
      b.hidden = players === '3';
  }
  rules.addEventListener('change', showPalette);
  rule.addEventListener('input', showPalette);
  ev.addEventListener('change', update);
  form.addEventListener('submit', function (e) {
    e.preventDefault(); clearTimeout(timer); update();
  });

  // The palette edits the first word of the hand (digit-first notation: 123m456p...+5z).
  const ORDER = 'mpsz';
  function readFirst(word) {
    const m = /^((?:[0-9]+[mpszh])*)(?:\+([0-9])([mpszh])([-=+]?))?$/.exec(word);
    if (!m) return null;
    const tiles = [];
    for (const g of m[1].matchAll(/([0-9]+)([mpszh])/g))
      for (const d of g[1]) tiles.push(d + (g[2] === 'h' ? 'z' : g[2]));
    const win = m[2] ? m[2] + (m[3] === 'h' ? 'z' : m[3]) : null;
    return { tiles: tiles, win: win, from: m[4] || '' };
  }
  function key(t) { const d = +t[0]; return ORDER.indexOf(t[1]) * 20 + (d === 0 ? 10.5 : d * 2); }
  function write(tiles) {
    const sorted = tiles.slice().sort(function (a, b) { return key(a) - key(b); });
    let s = '', run = '', suit = '';
    for (const t of sorted) {
      if (t[1] !== suit && run) { s += run + suit; run = ''; }
      suit = t[1]; run += t[0];
    }
    return run ? s + run + suit : s;
  }
  function addTile(t) {
    note.textContent = '';
    const text = hand.value.replace(/^\s+/, '');
    const cut = text.search(/[\s,]/);
    const first = cut < 0 ? text : text.slice(0, cut), rest = cut < 0 ? '' : text.slice(cut);
    const read = readFirst(first);
    if (!read) {
      note.textContent = WORDS.notation;
      return;
    }
    const melds = (rest.match(/,\s*[^\s,]+/g) || []).length;
    const tiles = read.tiles.slice();
    let win = read.win;
    if (win) { tiles.push(win); win = null; }
    tiles.push(t);
    const count = tiles.length + 3 * melds;
    if (count > 14) { note.textContent = WORDS.full; return; }
    if (count === 14) { win = tiles.pop(); }
    undo.push(hand.value);
    hand.value = write(tiles) + (win ? '+' + win : '') + rest;
    update();
  }
  document.getElementById('palette').addEventListener('click', function (e) {
    const b = e.target.closest('button[data-tile]');
    if (b) addTile(b.dataset.tile);
  });
  document.getElementById('undo').addEventListener('click', function () {
    if (undo.length) { hand.value = undo.pop(); update(); }
  });
  document.getElementById('clear').addEventListener('click', function () {
    undo.push(hand.value); hand.value = ''; update(); hand.focus();
  });
})();
"""
