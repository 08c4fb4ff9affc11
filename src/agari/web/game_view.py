"""The game page as HTML text: the form that takes a game sheet or a game log (a file or
pasted text), and a game read by :func:`agari.game.files.read_game` as a score sheet.

The score sheet shows, round by round, the round and counter, the riichi sticks on the
table, what happened, every seat's change (riichi deposits included) over its running total,
each win's hand (a link to the hand page with its full value) and value beneath, and for a
game log what the log states beside agari's, every disagreement marked; then the standings
(score, place, points), the log's own final result, and the text ``agari game`` prints.
Every piece of input shown is escaped; the page loads nothing from elsewhere.

>>> from agari.game.files import read_game
>>> html = game_html(read_game(b"players: A B C D\\nE1 A tsumo 234m567p23455s78s+6s", "x"))
>>> 'id="standings"' in html and "A tsumo" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Final
from urllib.parse import urlencode

from agari.lang import _, current, ngettext
from agari.lang.terms import round_label, term
from agari.render.game_file import game_text
from agari.render.log_sheet import (
    LogLine,
    counts_of,
    end_log_entries,
    log_title,
    round_log_entries,
)
from agari.render.log_sheet import summary_line as log_summary
from agari.render.review import REVIEW_STYLE
from agari.render.sheet import event_text, standings_title, value_text
from agari.rules import PRESET_NAMES
from agari.web.page import STYLE, header
from agari.web.params import MAX_GAME_BODY

if TYPE_CHECKING:
    from agari.game.files import GameFile
    from agari.game.ledger import RoundResult
    from agari.rules import Rules

__all__ = ["EXAMPLE_SHEET", "game_html", "game_page"]

#: The README's game sheet: the textarea's placeholder.
EXAMPLE_SHEET: Final = """\
players: Alice Bob Carol Dave
rules: tenhou
E1   Bob ron Alice 234m567p23455s78s+6s riichi
E2   draw tenpai Alice Carol; riichi Carol
E3-1 Carol tsumo 234m567p23455s78s+6s riichi dora=1m
..."""


def _signed(value: int | float) -> str:
    if isinstance(value, float):
        return f"{value:+.1f}"
    return f"{value:+d}" if value else "0"


def _sign_class(value: int | float) -> str:
    return "pos" if value > 0 else ("neg" if value < 0 else "zero")


def _hand_link(hand: str, rules: Rules) -> str:
    """The hand page for one winning hand under the game's rules."""
    query: list[tuple[str, str]] = [("hand", hand), ("rules", rules.name)]
    query += [("rule", f"{k}={v}") for k, v in rules.overrides]
    return "/?" + urlencode(query)


def _log_line(line: LogLine) -> str:
    text, agrees = line
    cls = "" if agrees is None else ("agrees" if agrees else "differs")
    return f'<div class="log {cls}">{escape(text.strip())}</div>'


def _round_rows(
    k: int, played: RoundResult, names: Sequence[str], rules: Rules, log_lines: Sequence[LogLine]
) -> list[str]:
    before = played.before
    event = escape(event_text(played, names))
    if played.riichi:
        riichi = term("riichi") if current() != "en" else "riichi"
        event += (
            f' <span class="riichi">({escape(riichi)} '
            + escape(" ".join(names[s] for s in played.riichi))
            + ")</span>"
        )
    cells = "".join(
        f'<td class="num"><span class="{_sign_class(c)}">{_signed(c)}</span>'
        f'<br><span class="total">{total}</span></td>'
        for c, total in zip(played.changes, played.after.scores, strict=True)
    )
    matched = ""
    if log_lines:
        matched = " differs" if any(agrees is False for _, agrees in log_lines) else " agrees"
    where = escape(round_label(f"{before.label}-{before.honba}"))
    rows = [
        f'<tr class="round{matched}" id="round-{k}"><td>{where}'
        f"</td><td>{before.sticks}</td><td>{event}</td>{cells}</tr>"
    ]
    details: list[str] = []
    for w in played.wins:
        details.append(
            f'<div class="win"><b>{escape(names[w.seat])}</b> '
            f'<a href="{escape(_hand_link(w.hand, rules))}"><code>{escape(w.hand)}</code></a>'
            f"<br>{escape(value_text(w.result))}</div>"
        )
    details += [_note(n) for n in played.notes]
    details += [_log_line(line) for line in log_lines]
    if details:
        rows.append(
            f'<tr class="detail"><td></td><td colspan="{2 + len(names)}">'
            + "".join(details)
            + "</td></tr>"
        )
    return rows


def _note(note: str) -> str:
    text = _("note: {note}").format(note=note)
    return f'<div class="note">{escape(text)}</div>'


def game_html(done: GameFile) -> str:
    """The result part of the game page: the score sheet of ``done``, or its error."""
    out: list[str] = ['<div class="game" id="game">']
    if done.error:
        where = [
            _("line {line}").format(line=done.error_line) if done.error_line is not None else "",
            _("round {round}").format(round=done.error_round) if done.error_round else "",
            _("event {event}").format(event=done.error_event)
            if done.error_event is not None
            else "",
        ]
        place = ", ".join(w for w in where if w)
        shown = done.replay is not None or done.sheet is not None
        stopped = escape(_("stopped"))
        before = escape(_("every round before it is shown below"))
        out.append(
            f'<div class="error" id="game-error"><p><b>{stopped}'
            + (f" ({escape(place)})" if place else "")
            + f"</b>: {escape(done.error)}</p>"
            + (f"<p>{before}</p>" if shown else "")
            + "</div>"
        )
    log_lines: list[list[LogLine]]
    footer: list[LogLine]
    if done.replay is not None:
        replay = done.replay
        game = replay.game
        title = log_title(replay)
        log_lines = [round_log_entries(r, game.names) for r in replay.rounds]
        footer = end_log_entries(replay)
        final = replay.standings
    elif done.sheet is not None:
        game = done.sheet.game
        title = done.sheet.sheet.title or done.name
        log_lines = []
        footer = []
        final = game.standings()
    else:
        out.append("</div>")
        return "\n".join(out)
    rules = game.rules
    names = game.names
    about = " &middot; ".join(
        (
            escape(_("rules {rules}").format(rules=rules.describe())),
            escape(
                ngettext("{count} round", "{count} rounds", len(game.rounds)).format(
                    count=len(game.rounds)
                )
            ),
        )
    )
    out.append(f'<p class="game-title"><b>{escape(title)}</b> &middot; {about}</p>')
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    start = "".join(f'<td class="num">{rules.start_points}</td>' for _n in names)
    start_word = escape(_("start"))
    rows = [f'<tr class="start"><td>{start_word}</td><td></td><td></td>{start}</tr>']
    for k, played in enumerate(game.rounds):
        lines = log_lines[k] if k < len(log_lines) else []
        rows += _round_rows(k, played, names, rules, lines)
    heads = "".join(f"<th>{escape(h)}</th>" for h in (_("round"), _("sticks"), _("what happened")))
    out.append(
        f'<table class="sheet" id="sheet"><thead><tr>{heads}{head}</tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table>"
    )
    out.append(f'<h3 id="standings-title">{escape(standings_title(game.rounds, final))}</h3>')
    score = "".join(f'<td class="num">{s}</td>' for s in final.scores)
    place = "".join(f'<td class="num">{p}</td>' for p in final.places)
    points = "".join(
        f'<td class="num"><b class="{_sign_class(p)}">{_signed(p)}</b></td>' for p in final.points
    )
    score_word, place_word, points_word = (escape(w) for w in (_("score"), _("place"), _("points")))
    out.append(
        f'<table class="standings" id="standings"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody><tr><th>{score_word}</th>{score}</tr><tr><th>{place_word}</th>{place}</tr>"
        f"<tr><th>{points_word}</th>{points}</tr></tbody></table>"
    )
    out += [_note(n) for n in final.notes]
    out += [_log_line(line) for line in footer]
    if done.replay is not None:
        out.append(
            f'<p class="summary" id="summary">{escape(log_summary(counts_of(done.replay)))}</p>'
        )
    printed = escape(_("as the command line prints it"))
    out.append(
        f"<details><summary>{printed}</summary><pre>" + escape(game_text(done)) + "</pre></details>"
    )
    out.append("</div>")
    return "\n".join(out)


def game_page(
    text: str = "", preset: str | None = None, switches: Sequence[str] = (), body: str = ""
) -> str:
    """The whole game page, in the current language, with the form filled in and ``body``
    (a :func:`game_html`)."""
    own = escape(_("the game's own"), quote=False)
    options = f'<option value="">{own}</option>' + "".join(
        f'<option value="{p}"{" selected" if p == preset else ""}>{p}</option>'
        for p in PRESET_NAMES
    )
    if preset and preset not in PRESET_NAMES:
        options += f'<option value="{escape(preset)}" selected>{escape(preset)}</option>'
    hint = _(
        "Choose a game sheet or a game log (tenhou.net/6 JSON, Tenhou mjlog XML, a Mahjong Soul "
        "or Riichi City record, mjai JSON Lines; plain or gzip), or paste a game sheet, and "
        "press replay."
    )
    words = {
        "title": _("agari: a whole game, round by round"),
        "file_label": _("a game file"),
        "paste_label": _('or paste a game sheet (README "Games") or a log'),
        "rules_label": _("rules"),
        "switches_title": _("rule switches KEY=VALUE, separated by blanks"),
        "replay": _("replay"),
        "review_title": _("every decision of every player beside the efficiency-best one"),
        "review": _("review the play"),
        "footer": _(
            "JSON: POST /api/game with the file as the body (SPEC §7 JSON Lines, as agari game "
            "--json prints them); POST /api/review the review (SPEC §8, as agari review "
            "--json). Nothing is sent anywhere else."
        ),
    }
    script_words = {
        "large": _("too large"),
        "limit": _("a game file is at most 2 MB"),
        "unsent": _("not sent"),
        "bytes": _("{count} bytes"),
    }
    import json

    return _PAGE.format(
        lang=current(),
        text=escape(text),
        placeholder=escape(EXAMPLE_SHEET),
        options=options,
        switches=escape(" ".join(switches)),
        body=body or f'<p class="hint">{escape(hint)}</p>',
        style=STYLE + _GAME_STYLE + REVIEW_STYLE,
        script=_SCRIPT.replace("{limit}", str(MAX_GAME_BODY)).replace(
            "{words}", json.dumps(script_words, ensure_ascii=False).replace("</", "<\\/")
        ),
        header=header("games"),
        **{key: escape(value) for key, value in words.items()},
    )


_PAGE: Final = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="/tile/7z.svg">
<style>{style}</style></head>
<body>
{header}
<main>
<form id="game-form" method="post" action="/game?lang={lang}" autocomplete="off">
  <div class="row">
    <label for="game-file">{file_label}</label>
    <input type="file" id="game-file" accept=".txt,.json,.jsonl,.mjson,.xml,.mjlog,.gz,text/*">
    <span id="game-file-note"></span>
  </div>
  <label for="game-text">{paste_label}</label>
  <textarea id="game-text" name="game" rows="7" spellcheck="false"
    placeholder="{placeholder}">{text}</textarea>
  <div class="row">
    <label for="game-rules">{rules_label}</label>
    <select id="game-rules" name="rules">{options}</select>
    <input id="game-rule" name="rule" value="{switches}" placeholder="uma=15,5,-5,-15"
      spellcheck="false" title="{switches_title}">
    <button type="submit" id="game-go" name="action" value="replay">{replay}</button>
    <button type="submit" id="game-review" name="action" value="review"
      title="{review_title}">{review}</button>
  </div>
</form>
<section id="game-result" aria-live="polite">{body}</section>
</main>
<footer>{footer}</footer>
<script>{script}</script>
</body></html>
"""

_GAME_STYLE: Final = """
#game-form{display:flex;flex-direction:column;align-items:stretch;gap:.4em;max-width:60em}
#game-form .row{display:flex;flex-wrap:wrap;gap:.5em;align-items:center}
#game-text{font:13px/1.35 ui-monospace,monospace;padding:.35em;width:100%;box-sizing:border-box}
#game-rule{width:16em;font:14px ui-monospace,monospace;padding:.35em}
#game-file-note{color:#555}
.game-title{margin:.8em 0 .3em}
table.sheet td,table.sheet th{padding:.15em .6em}
table.sheet td.num,table.standings td.num{text-align:right;font-variant-numeric:tabular-nums}
table.sheet th:nth-child(n+4),table.standings th{text-align:right}
table.standings tbody th{text-align:left}
tr.round td{border-top:2px solid #cfd8d2;border-bottom:none;vertical-align:top}
tr.round.differs td:first-child{box-shadow:inset 4px 0 #c0392b}
tr.round.agrees td:first-child{box-shadow:inset 4px 0 #2e8b57}
tr.detail td{border-bottom:none;padding-top:0;font-size:.92em}
.total{color:#666;font-size:.9em}
.pos{color:#1d6b3a}.neg{color:#b03a2e}.zero{color:#888}
.riichi{color:#7a5a00}
.win{margin:.15em 0 .3em}
.win a{color:#1d4e7a;text-decoration:none}
.win a:hover{text-decoration:underline}
.win code{font-size:.95em}
.log{font:12.5px ui-monospace,monospace;color:#444}
.log.agrees::before{content:"\\2713  ";color:#2e8b57}
.log.differs{color:#b03a2e;font-weight:600}
.log.differs::before{content:"\\2717  "}
.note{color:#7a5a00}
.summary{color:#333}
"""

_SCRIPT: Final = r"""
(function () {
  const WORDS = {words};
  const langMenu = document.getElementById('lang');
  langMenu.addEventListener('change', function () {
    location.href = '/game?lang=' + encodeURIComponent(langMenu.value);
  });
  const form = document.getElementById('game-form'), file = document.getElementById('game-file'),
    text = document.getElementById('game-text'), rules = document.getElementById('game-rules'),
    rule = document.getElementById('game-rule'), out = document.getElementById('game-result'),
    note = document.getElementById('game-file-note');
  let seq = 0;
  const LIMIT = {limit};
  function query(name) {
    const p = new URLSearchParams();
    p.set('name', name);
    p.set('lang', document.documentElement.lang);
    if (rules.value) p.set('rules', rules.value);
    for (const s of rule.value.split(/\s+/).filter(Boolean)) p.append('rule', s);
    return p.toString();
  }
  function problem(title, text) {
    out.innerHTML = '<div class="error" id="game-error"><p><b></b>: <span></span></p></div>';
    out.querySelector('b').textContent = title;
    out.querySelector('span').textContent = text;
  }
  let mode = 'game';
  async function send(body, name) {
    const mine = ++seq;
    if (body.size > LIMIT) { problem(WORDS.large, WORDS.limit); return; }
    out.setAttribute('aria-busy', 'true');
    let response, html;
    try {
      response = await fetch('/part/' + mode + '?' + query(name), { method: 'POST', body: body });
      html = await response.text();
    } catch (e) {
      if (mine === seq) { out.removeAttribute('aria-busy'); problem(WORDS.unsent, String(e)); }
      return;
    }
    if (mine !== seq) return;
    out.removeAttribute('aria-busy');
    if (response.status === 413) problem(WORDS.large, WORDS.limit);
    else out.innerHTML = html;
  }
  let chosen = null;
  file.addEventListener('change', function () {
    chosen = file.files && file.files[0] ? file.files[0] : null;
    if (!chosen) { note.textContent = ''; return; }
    note.textContent = WORDS.bytes.replace('{count}', chosen.size);
    text.value = '';
    send(chosen, chosen.name);
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    mode = e.submitter && e.submitter.id === 'game-review' ? 'review' : 'game';
    if (text.value.trim()) { chosen = null; file.value = ''; note.textContent = '';
      send(text.value, 'pasted'); }
    else if (chosen) send(chosen, chosen.name);
  });
  rules.addEventListener('change', function () { form.requestSubmit(); });
})();
"""
