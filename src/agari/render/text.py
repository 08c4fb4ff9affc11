"""Human-readable output of a :class:`~agari.result.Result` (the CLI's default output).

Deterministic: the same result always prints the same text. ``--json`` bypasses this
module and prints ``Result.to_json()``.

>>> from agari.result import Result
>>> print(render(Result(input="12x", status="error",
...     error={"code": "syntax", "message": "unexpected 'x'", "column": 3})))
error (syntax): unexpected 'x'
  12x
    ^
>>> from agari.settle import format_payment, value_words
>>> format_payment({"tsumo_dealer": 4000, "tsumo_non_dealer": 2000})
'2000/4000'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from agari.engine.yaku import NAMES
from agari.lang import _, current, ngettext, pgettext
from agari.lang.terms import call_name, limit_name, term, yaku_name_in
from agari.render.sheet import display_width
from agari.settle import format_payment, value_words

if TYPE_CHECKING:
    from agari.hand import Hand, Meld
    from agari.result import Result

__all__ = ["fu_item", "outcome", "render", "value_phrase", "yaku_name"]


_WIND_WORDS: Final = {"E": "east", "S": "south", "W": "west", "N": "north"}
_TIMES: Final = "\u00d7"  # the multiplication sign: "6s" "\u00d7" "4" = four unseen 6s
#: The labels' column: a line is a label padded to it, then what it says.
_LABEL: Final = 10


def _row(label: str, text: str) -> str:
    """``label`` (translated) padded to the labels' column by its width on a terminal."""
    pad = max(1, _LABEL - display_width(label))
    return f"{label}{' ' * pad}{text}".rstrip() if text else label


def yaku_name(yaku_id: str) -> str:
    """``Romaji (English)`` for a yaku id in English (the id itself if it is not in the
    table); its name in the current language otherwise."""
    names = NAMES.get(yaku_id)
    language = current()
    if language != "en":
        return yaku_name_in(yaku_id, names[0] if names else yaku_id, language)
    return f"{names[0]} ({names[1]})" if names else yaku_id


def _wind(letter: str) -> str:
    return term(_WIND_WORDS[letter]) if current() != "en" else _WIND_WORDS[letter].title()


def _source(source: str) -> str:
    """Where a called tile came from: the player on the left, across or on the right."""
    return {
        "left": _("from the left"),
        "across": _("from across"),
        "right": _("from the right"),
    }[source]


def _payment_long(payment: Mapping[str, int] | None, players: int) -> str:
    """Who pays what, in words: ``2000 from each non-dealer, 4000 from the dealer`` (in
    three-player one non-dealer pays: ``2000 from the other non-dealer``)."""
    if not payment:
        return ""
    if "ron" in payment:
        return _("from the discarder")
    if "tsumo_each" in payment:
        return _("{points} from each of the others").format(points=payment["tsumo_each"])
    if "tsumo_dealer" in payment:
        shares = (
            _("{points} from the other non-dealer, {dealer} from the dealer")
            if players == 3
            else _("{points} from each non-dealer, {dealer} from the dealer")
        )
        return shares.format(
            points=payment.get("tsumo_non_dealer", 0), dealer=payment["tsumo_dealer"]
        )
    return ""


def _tiles(n: int) -> str:
    return ngettext("{count} tile", "{count} tiles", n).format(count=n)


def _caret(text: str, column: int | None) -> list[str]:
    if "\n" in text:
        text = text.replace("\n", " ")
    if not text.strip():  # nothing to point at
        return []
    lines = [f"  {text}"]
    if column is not None and column >= 1:
        lines.append("  " + " " * (column - 1) + "^")
    return lines


def _render_error(result: Result) -> str:
    error = result.error or {}
    code = error.get("code", "error")
    lines = [_("error ({code}): {message}").format(code=code, message=error.get("message", ""))]
    if isinstance(result.input, str):
        lines.extend(_caret(result.input, error.get("column")))
    elif result.input is not None:
        lines.append("  " + _("input: {input}").format(input=repr(result.input)))
    return "\n".join(lines)


def _honour_name(digit: str) -> str:
    if digit in "1234":
        return _wind("ESWN"[int(digit) - 1])
    return (_("white"), _("green"), _("red"))[int(digit) - 5]


def _tile_name(text: str) -> str:
    if len(text) == 2 and text[1] == "z" and text[0] in "1234567":
        return f"{text} ({_honour_name(text[0])})"
    if len(text) == 2 and text[0] == "0":
        return _("{tile} (red 5{suit})").format(tile=text, suit=text[1])
    return text


#: A meld's kind as the report names it: the word of play in each language (TERMS).
_MELD_WORDS: Final = {
    "chi": "chii",
    "pon": "pon",
    "kan": "open kan",
    "shouminkan": "added kan",
    "ankan": "closed kan",
}


def _meld_text(meld: Meld) -> str:
    word = _MELD_WORDS[meld.kind.value]
    kind = term(word) if current() != "en" else {"chii": "chi"}.get(word, word)
    source = f" {_source(meld.source)}" if meld.source else ""
    if meld.kind.value == "chi" and meld.called is None:
        source = " " + _source("left")
    elif meld.kind.value == "pon" and meld.source is None:
        source = " " + _("(caller not given)")
    return f"{meld} {kind}{source}"


def describe_hand(hand: Hand, players: int = 4) -> list[str]:
    """What the hand is, with every default of the context spelled out."""
    from agari.hand import SITUATIONAL, format_tiles, says_sight_words
    from agari.tiles import dora_from_indicator

    c = hand.context
    n = hand.tile_count
    parts = [_("{count} concealed").format(count=len(hand.concealed))]
    if hand.melds:
        parts.append(
            ngettext("{count} meld x 3", "{count} melds x 3", len(hand.melds)).format(
                count=len(hand.melds)
            )
        )
    if hand.win is not None:
        parts.append(_("the winning tile"))
    if hand.win is not None:
        what = _("a winning hand")
    elif n == 14:
        what = _("14 tiles, winning tile not marked")
    else:
        what = _("a waiting hand")
    lines = [_row(_("tiles"), f"{n}: {' + '.join(parts)} ({what})")]
    if hand.win is not None:
        how = term("tsumo") if c.tsumo else term("ron")
        if c.win_from:
            player = {
                "left": _("discarded by the player on the left"),
                "across": _("discarded by the player across"),
                "right": _("discarded by the player on the right"),
            }[c.win_from]
            how += f", {player}"
        elif not c.tsumo:
            how += " " + _("(default: tsumo not written)")
        tile = _tile_name(str(hand.win))
        lines.append(_row(_("winning"), _("{tile} by {how}").format(tile=tile, how=how)))
    if hand.melds:
        lines.append(_row(_("melds"), "; ".join(_meld_text(m) for m in hand.melds)))
    else:
        lines.append(_row(_("melds"), _("none (closed hand)")))
    default = _(", default")
    seat = f"{c.seat_wind} ({_wind(c.seat_wind)}{default if c.seat_wind == 'S' else ''})"
    rnd = f"{c.round_wind} ({_wind(c.round_wind)}{default if c.round_wind == 'E' else ''})"
    dealer = _("dealer") if c.dealer else _("not dealer")
    lines.append(
        _row(
            _("seat"),
            _("{seat}, {dealer}; round {round}").format(seat=seat, dealer=dealer, round=rnd),
        )
    )
    riichi = _("riichi") if c.riichi else _("no riichi")
    if c.double_riichi:
        riichi = _("double riichi")
    flags = [w for w in SITUATIONAL if getattr(c, w)]
    special = ", ".join(flags) if flags else _("none")
    lines.append(
        _row(_("declared"), _("{riichi}; special {special}").format(riichi=riichi, special=special))
    )
    for label, tiles, count in (
        (_("dora ind."), c.dora_indicators, c.dora_count),
        (_("ura ind."), c.ura_indicators, c.ura_count),
    ):
        shown: list[str] = []
        if tiles:
            dora = format_tiles([dora_from_indicator(t, players) for t in tiles], keep_order=True)
            shown.append(
                _("indicators {tiles} -> {dora}").format(
                    tiles=format_tiles(tiles, keep_order=True), dora=dora
                )
            )
        if count:
            shown.append(_("{count} (count given)").format(count=count))
        lines.append(_row(label, "; ".join(shown) if shown else _("none")))
    lines.append(
        _row(
            _("counters"),
            _(
                "honba {honba}, riichi sticks {sticks}, kita {kita}; pao {pao}, wareme {wareme}"
            ).format(
                honba=c.honba,
                sticks=c.sticks,
                kita=c.kita,
                pao=c.pao or _("none"),
                wareme=c.wareme or _("none"),
            ),
        )
    )
    if says_sight_words(c):
        lines.append(_row(_("in sight"), _in_sight(hand)))
    if c.rules:
        lines.append(_row(_("preset"), _("{preset} (from the hand)").format(preset=c.rules)))
    return lines


def fu_item(text: str) -> str:
    """A line of the fu breakdown (SPEC §3 ``item``, English) in the current language: its
    words translated, its tiles (``555z``) as they are."""
    words, _space, tiles = text.rpartition(" ")
    if words and tiles[:1].isdigit() and tiles[-1:] in ("m", "p", "s", "z"):
        return f"{_(words)} {tiles}"
    return _(text)


def _in_sight(hand: Hand) -> str:
    """What the words ``seen=``, ``river=`` and ``call=`` say the player sees."""
    from agari.hand import format_tiles

    c = hand.context
    parts = [
        _("seen {tiles}").format(tiles=format_tiles(c.seen) if c.seen else _("none")),
        _("own discards {tiles}").format(tiles=format_tiles(c.river) if c.river else _("none")),
    ]
    if c.call is not None:
        source = c.call.source
        tile = _tile_name(str(c.call.tile))
        if source:
            parts.append(_("offered {tile} {who}").format(tile=tile, who=_source(source)))
        else:
            parts.append(_("offered {tile} (discarder not given)").format(tile=tile))
    return "; ".join(parts)


def _fu_lines(result: Result) -> list[str]:
    if not result.fu_breakdown:
        return []
    items = [(fu_item(f.item), f.fu) for f in result.fu_breakdown]
    total = _("total")
    width = max(5, display_width(total), *(display_width(item) for item, _fu in items))

    def line(text: str, rest: str) -> str:
        return "  " + text + " " * (width - display_width(text)) + "  " + rest

    lines = [term("fu") if current() != "en" else "fu"]
    for item, fu in items:
        lines.append(line(item, f"{fu:>3}"))
    raw = sum(fu for _item, fu in items)
    if result.fu is not None:
        if raw == result.fu:
            summed = _("{raw} fu").format(raw=f"{raw:>3}")
        elif raw < result.fu:
            summed = _("{raw} -> {fu} fu (rounded up)").format(raw=f"{raw:>3}", fu=result.fu)
        else:
            summed = _("{raw} -> {fu} fu (rounded down)").format(raw=f"{raw:>3}", fu=result.fu)
        lines.append(line(total, summed))
    pinfu = any(y.id == "pinfu" for y in result.yaku or ())
    if pinfu and result.payment and "ron" not in result.payment and result.fu == 20:
        lines.append("  " + _("(pinfu tsumo: no 2 fu for the tsumo, so 20 fu flat)"))
    return lines


def value_phrase(result: Result) -> str:
    """A win's value with its limit: ``4 han 30 fu``, ``6 han, haneman``, ``2x yakuman``,
    ``13 han: counted yakuman (kazoe)``."""
    if result.yakuman and result.limit == "kazoe_yakuman":
        return _("{han} han: counted yakuman (kazoe)").format(han=result.han)
    head = value_words(result.han, result.fu, result.yakuman)
    if result.limit and not result.yakuman:
        limit = limit_name(result.limit)
        head += f", {limit.replace('_', ' ')}"
    return head


def _value_line(result: Result) -> str:
    head = value_phrase(result)
    if result.base_points is not None:
        head += " " + _("(base {points})").format(points=result.base_points)
    return head


def _render_score(result: Result, hand: Hand | None) -> list[str]:
    lines: list[str] = []
    if result.reading:
        wait = ""
        if result.wait:
            shown = term(result.wait) if current() != "en" else result.wait
            wait = "   " + _("wait: {wait}").format(wait=shown)
            if result.win_tile:
                wait = "   " + _("wait: {wait} on {tile}").format(wait=shown, tile=result.win_tile)
        lines.append(_row(_("reading"), " ".join(result.reading) + wait))
    if result.status == "no_yaku":
        lines.append(_row(_("yaku"), _("none: a complete hand without a yaku does not win")))
    elif result.yaku:
        lines.append(_("yaku"))
        names = [yaku_name(y.id) for y in result.yaku]
        width = max(display_width(name) for name in names)
        for name, y in zip(names, result.yaku, strict=True):
            han = _("{han} han").format(han=f"{y.han:>2}")
            lines.append(f"  {name}{' ' * (width - display_width(name))}  {han}")
    if result.dora and not result.yakuman:
        d = result.dora
        shown_dora = ", ".join(
            f"{term(k)} {d[k]}" for k in ("dora", "aka", "ura", "kita") if k in d
        )
        lines.append(_row(pgettext("report label", "dora"), shown_dora))
    lines.extend(_fu_lines(result))
    if result.status != "no_yaku" and (result.han is not None or result.yakuman):
        lines.append(_row(_("value"), _value_line(result)))
    if result.payment:
        who = _payment_long(result.payment, len(result.deltas or "ESWN"))
        worth = _("hand worth {points}").format(points=result.points)
        lines.append(_row(_("payment"), f"{format_payment(result.payment)}  ({who}; {worth})"))
    if result.total is not None and result.points is not None:
        extra = result.total - result.points
        if extra and hand is not None:
            sticks = 1000 * hand.context.sticks
            honba = extra - sticks
            bits = []
            if hand.context.honba:
                bits.append(
                    _("honba {count} +{points}").format(count=hand.context.honba, points=honba)
                )
            if hand.context.sticks:
                bits.append(
                    _("riichi sticks {count} +{points}").format(
                        count=hand.context.sticks, points=sticks
                    )
                )
            lines.append(_row(_("bonus"), ", ".join(bits) if bits else f"+{extra}"))
        elif extra:
            lines.append(
                _row(_("bonus"), _("+{points} (honba and riichi sticks)").format(points=extra))
            )
        lines.append(_row(_("total"), str(result.total)))
    if result.deltas:
        shown_deltas = "  ".join(
            f"{seat} {value:+d}" if value else f"{seat} 0" for seat, value in result.deltas.items()
        )
        lines.append(_row(_("deltas"), shown_deltas))
    elif result.payment and "ron" in result.payment:
        tile = result.win_tile or "X"
        lines.append(
            _row(
                _("deltas"),
                _(
                    "unknown: the discarder is not marked (+{tile}- left, +{tile}= across, "
                    "+{tile}+ right)"
                ).format(tile=tile),
            )
        )
    if hand is not None and result.payment:
        lines.append(_row(_("next hand"), _next_hand(hand)))
    return lines


def _next_hand(hand: Hand) -> str:
    """Who deals next after a win (seed 001, German: a winning dealer keeps the deal for
    another hand, with the counter up by one; otherwise the deal moves on, counter 0)."""
    if hand.context.dealer:
        return _("the dealer (E) wins and keeps the deal; honba {honba}").format(
            honba=hand.context.honba + 1
        )
    return _("the deal passes to the next seat; honba 0")


def outcome(entry: Any) -> str:
    """A wait's or a discard's value, from its summary record: ``3 han 30 fu: 3900``,
    ``no yaku``, ``-``."""
    if not isinstance(entry, Mapping):
        return "-"
    status = entry.get("status")
    if status == "no_yaku":
        return _("no yaku")
    if status not in (None, "win"):
        return str(status)
    head = value_words(entry.get("han"), entry.get("fu"), int(entry.get("yakuman") or 0))
    return f"{head}: {format_payment(entry.get('payment'))}"


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as columns, each as wide as its widest cell on a terminal."""
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  " + "  ".join(c + " " * (widths[i] - display_width(c)) for i, c in enumerate(r)).rstrip()
        for r in rows
    ]


def _waits_table(waits: Sequence[Mapping[str, Any]]) -> list[str]:
    """The waits with their unseen copies and values; in a furiten hand (a wait among
    the player's discards) the ron column says so, and the tile is marked ``(river)``."""
    furiten = any(w.get("furiten") for w in waits)
    rows = [(_("tile"), _("unseen"), term("ron"), term("tsumo"))]
    for w in waits:
        rows.append(
            (
                str(w.get("tile", "?")) + (" " + _("(river)") if w.get("furiten") else ""),
                str(w.get("unseen", "")),
                term("furiten") if furiten else outcome(w.get("ron")),
                outcome(w.get("tsumo")),
            )
        )
    return _table(rows)


def _ukeire_text(ukeire: Any) -> str:
    if not ukeire:
        return "-"
    return " ".join(
        f"{u.get('tile')}{_TIMES}{u.get('unseen')}" for u in ukeire if isinstance(u, Mapping)
    )


def _render_waiting(result: Result) -> list[str]:
    lines: list[str] = []
    if result.shanten is not None:
        if result.shanten < 0:
            what = _("complete")
        elif result.shanten == 0:
            what = term("tenpai")
        else:
            what = _("{count} from tenpai").format(count=result.shanten)
        lines.append(_row(_("shanten"), f"{result.shanten} ({what})"))
    if result.waits:
        total = sum(int(w.get("unseen", 0) or 0) for w in result.waits)
        waits = _("{tiles}, {unseen} unseen").format(tiles=_tiles(len(result.waits)), unseen=total)
        lines.append(_row(_("waits"), waits))
        lines.extend(_waits_table(result.waits))
    ukeire = result.extra.get("ukeire")
    if ukeire:
        count = _("({count} tiles)").format(count=result.extra.get("ukeire_total", "?"))
        lines.append(_row(_("ukeire"), f"{_ukeire_text(ukeire)} {count}"))
    calls = result.extra.get("calls")
    if calls is not None:
        lines.extend(_calls_table(calls))
    return lines


def _ready(furiten: bool) -> str:
    """A shanten cell of a ready hand: ``0 tenpai``, ``0 tenpai furiten``."""
    return f"0 {term('tenpai')}" + (f" {term('furiten')}" if furiten else "")


def _calls_table(calls: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each chi, pon and kan of the offered tile (``call=``): the meld, the best discard
    after it, shanten and the tiles that improve the hand then, the yaku it can still
    reach (``NO YAKU`` marks a call that leaves none), and the hand after the call."""
    if not calls:
        return [_row(_("calls"), _("none possible"))]
    rows: list[tuple[str, ...]] = [
        (
            pgettext("a call of a discard", "call"),
            _("meld"),
            _("discard"),
            _("shanten"),
            _("ukeire"),
            _("tiles"),
            _("yaku within reach"),
            _("hand after"),
        )
    ]
    for c in calls:
        shanten = c.get("shanten")
        kind = str(c.get("kind", "?"))
        rows.append(
            (
                call_name(kind),
                str(c.get("meld", "")),
                str(c.get("discard") or "-"),
                _ready(bool(c.get("furiten"))) if shanten == 0 else str(shanten),
                str(c.get("ukeire_total", "")),
                _ukeire_text(c.get("waits") or c.get("ukeire")),
                _reach_text(c),
                str(c.get("hand", "")),
            )
        )
    lines = [
        _row(
            _("calls"),
            _(
                "(after the call and its best discard: shanten, tiles that improve the "
                "hand or its waits, unseen copies)"
            ),
        ),
        *_table(rows),
    ]
    barred = [f"{c.get('meld')}: {' '.join(c['kuikae'])}" for c in calls if c.get("kuikae")]
    if barred:
        lines.append(
            "  " + _("no swap-call (kuikae) discard after {melds}").format(melds="; ".join(barred))
        )
    return lines


def _reach_text(call: Mapping[str, Any]) -> str:
    """``Yakuhai haku, Tanyao``; ``NO YAKU (nearest: 2-shanten)`` for a call that leaves
    the hand without a yaku within its shanten."""
    yaku = call.get("yaku") or []
    if yaku:
        return ", ".join(_short_yaku(y) for y in yaku)
    nearest = call.get("yaku_shanten")
    if nearest is None:
        return _("NO YAKU")
    return _("NO YAKU (nearest: {count}-shanten)").format(count=nearest)


def _short_yaku(yaku_id: str) -> str:
    """A yaku's short name: romaji in English, the name in another language."""
    names = NAMES.get(yaku_id)
    return yaku_name_in(yaku_id, names[0] if names else yaku_id, current())


def _render_discards(result: Result) -> list[str]:
    lines: list[str] = []
    if result.shanten is not None:
        before = _("(before the discard)")
        lines.append(_row(_("shanten"), f"{result.shanten} {before}"))
    if not result.discards:
        return lines
    rows: list[tuple[str, ...]] = [
        (
            _("discard"),
            _("shanten"),
            _("ukeire"),
            _("tiles (the waits when tenpai)"),
            _("best win"),
        )
    ]
    for d in result.discards:
        shanten = d.get("shanten", "")
        rows.append(
            (
                str(d.get("tile", "?")),
                _ready(bool(d.get("furiten"))) if shanten == 0 else str(shanten),
                str(d.get("ukeire_total", "")),
                _ukeire_text(d.get("ukeire")),
                _best_text(d.get("best")),
            )
        )
    if not any(r[4] for r in rows[1:]):
        rows = [r[:4] for r in rows]
    if any("ev" in d for d in result.discards):  # agari --ev: the expected value beside
        rows[0] = (*rows[0], _("ev: points (win)"))
        for i, d in enumerate(result.discards, 1):
            figures = d.get("ev")
            cell = ""
            if isinstance(figures, Mapping):
                from agari.render.ev import ev_cell

                cell = ev_cell(figures["points"], figures["win"])
            rows[i] = (*rows[i], cell)
    lines.append(
        _row(
            _("discards"),
            _("(shanten after the discard; tiles that improve the hand, unseen copies)"),
        )
    )
    lines.extend(_table(rows))
    return lines


def _best_text(best: Any) -> str:
    """The most valuable win a tenpai discard leaves: ``6s tsumo 2 han 20 fu: 400/700``."""
    if not isinstance(best, Mapping) or best.get("status") != "win":
        return ""
    by = best.get("by", "")
    shown_by = term(by) if by in ("tsumo", "ron") else by
    return f"{best.get('tile', '?')} {shown_by} {outcome(best)}".replace("  ", " ")


def _render_candidates(result: Result) -> list[str]:
    if not result.candidates or len(result.candidates) < 2:
        return []
    lines = [_("candidates (possible winning tiles, best first)")]
    for c in result.candidates:
        value = outcome(
            {
                "status": c.status,
                "han": c.han,
                "fu": c.fu,
                "yakuman": c.yakuman,
                "payment": c.payment,
            }
        )
        yaku = _(", ").join(
            yaku_name_in(y.id, NAMES.get(y.id, (y.id,))[0], current()) for y in c.yaku or ()
        )
        lines.append(f"  +{c.win_tile or '?'}  {value}  {yaku}".rstrip())
    return lines


def _status(status: str) -> str:
    return {
        "win": _("win"),
        "no_yaku": _("no yaku (complete, but nothing to win with)"),
        "not_winning": _("not a winning hand"),
        "tenpai": _("tenpai (waiting)"),
        "noten": _("noten (not waiting)"),
    }.get(status, status)


def render(result: Result, hand: Hand | None = None, players: int = 4) -> str:
    """The text the CLI prints for one result. ``hand`` (when known) adds the
    description of the hand with every context default spelled out; ``players`` is the
    player count of the rules it was scored under (with three, a 1m indicator shows 9m)."""
    if result.status == "error":
        return _render_error(result)
    lines: list[str] = []
    shown = result.hand if result.hand is not None else (str(hand) if hand else "")
    lines.append(_row(_("hand"), shown))
    if isinstance(result.input, str) and result.input.strip() != shown:
        lines.append(_row(_("input"), result.input.strip()))
    if hand is not None:
        lines.extend(describe_hand(hand, players))
    if result.rules:
        lines.append(_row(_("rules"), result.rules))
    lines.append(_row(_("status"), _status(result.status)))
    for warning in result.warnings:
        lines.append(_row(_("note"), warning))
    if result.status in ("win", "no_yaku"):
        lines.extend(_render_score(result, hand))
        lines.extend(_render_candidates(result))
    elif result.status in ("tenpai", "noten"):
        lines.extend(_render_waiting(result))
    elif result.status == "not_winning":
        lines.extend(_render_discards(result))
    return "\n".join(lines)
