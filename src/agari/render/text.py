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
from agari.settle import format_payment, value_words

if TYPE_CHECKING:
    from agari.hand import Hand, Meld
    from agari.result import Result

__all__ = ["outcome", "render", "value_phrase", "yaku_name"]


_WIND_NAMES: Final = {"E": "East", "S": "South", "W": "West", "N": "North"}
_SOURCE_NAMES: Final = {"left": "the left", "across": "across", "right": "the right"}
_PLAYER_AT: Final = {"left": "on the left", "across": "across", "right": "on the right"}
_TIMES: Final = "\u00d7"  # the multiplication sign: "6s" "\u00d7" "4" = four unseen 6s
_HONOURS: Final = ("East", "South", "West", "North", "white", "green", "red")


def yaku_name(yaku_id: str) -> str:
    """``Romaji (English)`` for a yaku id; the id itself if it is not in the table."""
    names = NAMES.get(yaku_id)
    return f"{names[0]} ({names[1]})" if names else yaku_id


def _payment_long(payment: Mapping[str, int] | None, players: int) -> str:
    """Who pays what, in words: ``2000 from each non-dealer, 4000 from the dealer`` (in
    three-player one non-dealer pays: ``2000 from the other non-dealer``)."""
    if not payment:
        return ""
    if "ron" in payment:
        return "from the discarder"
    if "tsumo_each" in payment:
        return f"{payment['tsumo_each']} from each of the others"
    if "tsumo_dealer" in payment:
        who = "the other non-dealer" if players == 3 else "each non-dealer"
        return (
            f"{payment.get('tsumo_non_dealer', 0)} from {who}, "
            f"{payment['tsumo_dealer']} from the dealer"
        )
    return ""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    lines = [f"error ({code}): {error.get('message', '')}"]
    if isinstance(result.input, str):
        lines.extend(_caret(result.input, error.get("column")))
    elif result.input is not None:
        lines.append(f"  input: {result.input!r}")
    return "\n".join(lines)


def _tile_name(text: str) -> str:
    if len(text) == 2 and text[1] == "z" and text[0] in "1234567":
        return f"{text} ({_HONOURS[int(text[0]) - 1]})"
    if len(text) == 2 and text[0] == "0":
        return f"{text} (red 5{text[1]})"
    return text


def _meld_text(meld: Meld) -> str:
    kind = {
        "chi": "chi",
        "pon": "pon",
        "kan": "open kan",
        "shouminkan": "added kan",
        "ankan": "closed kan",
    }[meld.kind.value]
    source = f" from {_SOURCE_NAMES[meld.source]}" if meld.source else ""
    if meld.kind.value == "chi" and meld.called is None:
        source = " from the left"
    elif meld.kind.value in ("pon",) and meld.source is None:
        source = " (caller not given)"
    return f"{meld} {kind}{source}"


def describe_hand(hand: Hand, players: int = 4) -> list[str]:
    """What the hand is, with every default of the context spelled out."""
    from agari.hand import SITUATIONAL, format_tiles, says_sight_words
    from agari.tiles import dora_from_indicator

    c = hand.context
    n = hand.tile_count
    parts = [f"{len(hand.concealed)} concealed"]
    if hand.melds:
        parts.append(f"{len(hand.melds)} meld{'s' if len(hand.melds) > 1 else ''} x 3")
    if hand.win is not None:
        parts.append("the winning tile")
    if hand.win is not None:
        what = "a winning hand"
    elif n == 14:
        what = "14 tiles, winning tile not marked"
    else:
        what = "a waiting hand"
    lines = [f"tiles     {n}: {' + '.join(parts)} ({what})"]
    if hand.win is not None:
        how = "tsumo" if c.tsumo else "ron"
        if c.win_from:
            how += f", discarded by the player {_PLAYER_AT[c.win_from]}"
        elif not c.tsumo:
            how += " (default: tsumo not written)"
        lines.append(f"winning   {_tile_name(str(hand.win))} by {how}")
    if hand.melds:
        lines.append("melds     " + "; ".join(_meld_text(m) for m in hand.melds))
    else:
        lines.append("melds     none (closed hand)")
    seat = f"{c.seat_wind} ({_WIND_NAMES[c.seat_wind]}{', default' if c.seat_wind == 'S' else ''})"
    rnd = (
        f"{c.round_wind} ({_WIND_NAMES[c.round_wind]}{', default' if c.round_wind == 'E' else ''})"
    )
    lines.append(f"seat      {seat}, {'dealer' if c.dealer else 'not dealer'}; round {rnd}")
    riichi = "double riichi" if c.double_riichi else ("riichi" if c.riichi else "no riichi")
    flags = [w for w in SITUATIONAL if getattr(c, w)]
    lines.append(f"declared  {riichi}; special {', '.join(flags) if flags else 'none'}")
    for label, tiles, count in (
        ("dora", c.dora_indicators, c.dora_count),
        ("ura", c.ura_indicators, c.ura_count),
    ):
        shown: list[str] = []
        if tiles:
            dora = format_tiles([dora_from_indicator(t, players) for t in tiles], keep_order=True)
            shown.append(f"indicators {format_tiles(tiles, keep_order=True)} -> {dora}")
        if count:
            shown.append(f"{count} (count given)")
        lines.append(f"{label + ' ind.':<9} {'; '.join(shown) if shown else 'none'}")
    lines.append(
        f"counters  honba {c.honba}, riichi sticks {c.sticks}, kita {c.kita}; "
        f"pao {c.pao or 'none'}, wareme {c.wareme or 'none'}"
    )
    if says_sight_words(c):
        lines.append(f"in sight  {_in_sight(hand)}")
    if c.rules:
        lines.append(f"preset    {c.rules} (from the hand)")
    return lines


def _in_sight(hand: Hand) -> str:
    """What the words ``seen=``, ``river=`` and ``call=`` say the player sees."""
    from agari.hand import format_tiles

    c = hand.context
    parts = [
        f"seen {format_tiles(c.seen) if c.seen else 'none'}",
        f"own discards {format_tiles(c.river) if c.river else 'none'}",
    ]
    if c.call is not None:
        source = c.call.source
        who = f"by the player {_PLAYER_AT[source]}" if source else "(discarder not given)"
        parts.append(f"offered {_tile_name(str(c.call.tile))} {who}")
    return "; ".join(parts)


def _fu_lines(result: Result) -> list[str]:
    if not result.fu_breakdown:
        return []
    width = max(5, *(len(f.item) for f in result.fu_breakdown))
    lines = ["fu"]
    for item in result.fu_breakdown:
        lines.append(f"  {item.item:<{width}}  {item.fu:>3}")
    raw = sum(f.fu for f in result.fu_breakdown)
    if result.fu is not None:
        rounded = "" if raw == result.fu else f" -> {result.fu}"
        note = "" if raw == result.fu else " (rounded up)" if raw < result.fu else " (rounded down)"
        lines.append(f"  {'total':<{width}}  {raw:>3}{rounded} fu{note}")
    pinfu = any(y.id == "pinfu" for y in result.yaku or ())
    if pinfu and result.payment and "ron" not in result.payment and result.fu == 20:
        lines.append("  (pinfu tsumo: no 2 fu for the tsumo, so 20 fu flat)")
    return lines


def value_phrase(result: Result) -> str:
    """A win's value with its limit: ``4 han 30 fu``, ``6 han, haneman``, ``2x yakuman``,
    ``13 han: counted yakuman (kazoe)``."""
    if result.yakuman and result.limit == "kazoe_yakuman":
        return f"{result.han} han: counted yakuman (kazoe)"
    head = value_words(result.han, result.fu, result.yakuman)
    if result.limit and not result.yakuman:
        head += f", {result.limit.replace('_', ' ')}"
    return head


def _value_line(result: Result) -> str:
    head = value_phrase(result)
    if result.base_points is not None:
        head += f" (base {result.base_points})"
    return head


def _render_score(result: Result, hand: Hand | None) -> list[str]:
    lines: list[str] = []
    if result.reading:
        wait = f"   wait: {result.wait}" if result.wait else ""
        win = f" on {result.win_tile}" if result.win_tile and result.wait else ""
        lines.append(f"reading   {' '.join(result.reading)}{wait}{win}")
    if result.status == "no_yaku":
        lines.append("yaku      none: a complete hand without a yaku does not win")
    elif result.yaku:
        lines.append("yaku")
        width = max(len(yaku_name(y.id)) for y in result.yaku)
        for y in result.yaku:
            lines.append(f"  {yaku_name(y.id):<{width}}  {y.han:>2} han")
    if result.dora and not result.yakuman:
        d = result.dora
        shown = ", ".join(f"{k} {d[k]}" for k in ("dora", "aka", "ura", "kita") if k in d)
        lines.append(f"dora      {shown}")
    lines.extend(_fu_lines(result))
    if result.status != "no_yaku" and (result.han is not None or result.yakuman):
        lines.append(f"value     {_value_line(result)}")
    if result.payment:
        lines.append(
            f"payment   {format_payment(result.payment)}  "
            f"({_payment_long(result.payment, len(result.deltas or 'ESWN'))}; "
            f"hand worth {result.points})"
        )
    if result.total is not None and result.points is not None:
        extra = result.total - result.points
        if extra and hand is not None:
            sticks = 1000 * hand.context.sticks
            honba = extra - sticks
            bits = []
            if hand.context.honba:
                bits.append(f"honba {hand.context.honba} +{honba}")
            if hand.context.sticks:
                bits.append(f"riichi sticks {hand.context.sticks} +{sticks}")
            lines.append(f"bonus     {', '.join(bits) if bits else f'+{extra}'}")
        elif extra:
            lines.append(f"bonus     +{extra} (honba and riichi sticks)")
        lines.append(f"total     {result.total}")
    if result.deltas:
        shown = "  ".join(
            f"{seat} {value:+d}" if value else f"{seat} 0" for seat, value in result.deltas.items()
        )
        lines.append(f"deltas    {shown}")
    elif result.payment and "ron" in result.payment:
        tile = result.win_tile or "X"
        lines.append(
            f"deltas    unknown: the discarder is not marked "
            f"(+{tile}- left, +{tile}= across, +{tile}+ right)"
        )
    if hand is not None and result.payment:
        lines.append(f"next hand {_next_hand(hand)}")
    return lines


def _next_hand(hand: Hand) -> str:
    """Who deals next after a win (seed 001, German: a winning dealer keeps the deal for
    another hand, with the counter up by one; otherwise the deal moves on, counter 0)."""
    if hand.context.dealer:
        return f"the dealer (E) wins and keeps the deal; honba {hand.context.honba + 1}"
    return "the deal passes to the next seat; honba 0"


def outcome(entry: Any) -> str:
    """A wait's or a discard's value, from its summary record: ``3 han 30 fu: 3900``,
    ``no yaku``, ``-``."""
    if not isinstance(entry, Mapping):
        return "-"
    status = entry.get("status")
    if status == "no_yaku":
        return "no yaku"
    if status not in (None, "win"):
        return str(status)
    head = value_words(entry.get("han"), entry.get("fu"), int(entry.get("yakuman") or 0))
    return f"{head}: {format_payment(entry.get('payment'))}"


def _waits_table(waits: Sequence[Mapping[str, Any]]) -> list[str]:
    """The waits with their unseen copies and values; in a furiten hand (a wait among
    the player's discards) the ron column says so, and the tile is marked ``(river)``."""
    furiten = any(w.get("furiten") for w in waits)
    rows = [("tile", "unseen", "ron", "tsumo")]
    for w in waits:
        rows.append(
            (
                str(w.get("tile", "?")) + (" (river)" if w.get("furiten") else ""),
                str(w.get("unseen", "")),
                "furiten" if furiten else outcome(w.get("ron")),
                outcome(w.get("tsumo")),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return ["  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows]


def _ukeire_text(ukeire: Any) -> str:
    if not ukeire:
        return "-"
    return " ".join(
        f"{u.get('tile')}{_TIMES}{u.get('unseen')}" for u in ukeire if isinstance(u, Mapping)
    )


def _render_waiting(result: Result) -> list[str]:
    lines: list[str] = []
    if result.shanten is not None:
        what = "tenpai" if result.shanten == 0 else f"{result.shanten} from tenpai"
        if result.shanten < 0:
            what = "complete"
        lines.append(f"shanten   {result.shanten} ({what})")
    if result.waits:
        total = sum(int(w.get("unseen", 0) or 0) for w in result.waits)
        lines.append(f"waits     {_plural(len(result.waits), 'tile')}, {total} unseen")
        lines.extend(_waits_table(result.waits))
    ukeire = result.extra.get("ukeire")
    if ukeire:
        lines.append(
            f"ukeire    {_ukeire_text(ukeire)} ({result.extra.get('ukeire_total', '?')} tiles)"
        )
    calls = result.extra.get("calls")
    if calls is not None:
        lines.extend(_calls_table(calls))
    return lines


def _calls_table(calls: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each chi, pon and kan of the offered tile (``call=``): the meld, the best discard
    after it, shanten and the tiles that improve the hand then, the yaku it can still
    reach (``NO YAKU`` marks a call that leaves none), and the hand after the call."""
    if not calls:
        return ["calls     none possible"]
    rows: list[tuple[str, ...]] = [
        ("call", "meld", "discard", "shanten", "ukeire", "tiles", "yaku within reach", "hand after")
    ]
    for c in calls:
        shanten = c.get("shanten")
        ready = "0 tenpai" + (" furiten" if c.get("furiten") else "")
        rows.append(
            (
                str(c.get("kind", "?")),
                str(c.get("meld", "")),
                str(c.get("discard") or "-"),
                ready if shanten == 0 else str(shanten),
                str(c.get("ukeire_total", "")),
                _ukeire_text(c.get("waits") or c.get("ukeire")),
                _reach_text(c),
                str(c.get("hand", "")),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "calls     (after the call and its best discard: shanten, tiles that improve the "
        "hand or its waits, unseen copies)"
    ]
    lines.extend(
        "  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows
    )
    barred = [f"{c.get('meld')}: {' '.join(c['kuikae'])}" for c in calls if c.get("kuikae")]
    if barred:
        lines.append(f"  no swap-call (kuikae) discard after {'; '.join(barred)}")
    return lines


def _reach_text(call: Mapping[str, Any]) -> str:
    """``Yakuhai haku, Tanyao``; ``NO YAKU (nearest: 2-shanten)`` for a call that leaves
    the hand without a yaku within its shanten."""
    yaku = call.get("yaku") or []
    if yaku:
        return ", ".join(NAMES.get(y, (y,))[0] for y in yaku)
    nearest = call.get("yaku_shanten")
    return "NO YAKU" + (f" (nearest: {nearest}-shanten)" if nearest is not None else "")


def _render_discards(result: Result) -> list[str]:
    lines: list[str] = []
    if result.shanten is not None:
        lines.append(f"shanten   {result.shanten} (before the discard)")
    if not result.discards:
        return lines
    rows: list[tuple[str, ...]] = [
        ("discard", "shanten", "ukeire", "tiles (the waits when tenpai)", "best win")
    ]
    for d in result.discards:
        shanten = d.get("shanten", "")
        ready = "0 tenpai" + (" furiten" if d.get("furiten") else "")
        rows.append(
            (
                str(d.get("tile", "?")),
                ready if shanten == 0 else str(shanten),
                str(d.get("ukeire_total", "")),
                _ukeire_text(d.get("ukeire")),
                _best_text(d.get("best")),
            )
        )
    if not any(r[4] for r in rows[1:]):
        rows = [r[:4] for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines.append(
        "discards  (shanten after the discard; tiles that improve the hand, unseen copies)"
    )
    lines.extend(
        "  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows
    )
    return lines


def _best_text(best: Any) -> str:
    """The most valuable win a tenpai discard leaves: ``6s tsumo 2 han 20 fu: 400/700``."""
    if not isinstance(best, Mapping) or best.get("status") != "win":
        return ""
    return f"{best.get('tile', '?')} {best.get('by', '')} {outcome(best)}".replace("  ", " ")


def _render_candidates(result: Result) -> list[str]:
    if not result.candidates or len(result.candidates) < 2:
        return []
    lines = ["candidates (possible winning tiles, best first)"]
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
        yaku = ", ".join(NAMES.get(y.id, (y.id,))[0] for y in c.yaku or ())
        lines.append(f"  +{c.win_tile or '?'}  {value}  {yaku}".rstrip())
    return lines


def render(result: Result, hand: Hand | None = None, players: int = 4) -> str:
    """The text the CLI prints for one result. ``hand`` (when known) adds the
    description of the hand with every context default spelled out; ``players`` is the
    player count of the rules it was scored under (with three, a 1m indicator shows 9m)."""
    if result.status == "error":
        return _render_error(result)
    lines: list[str] = []
    shown = result.hand if result.hand is not None else (str(hand) if hand else "")
    lines.append(f"hand      {shown}")
    if isinstance(result.input, str) and result.input.strip() != shown:
        lines.append(f"input     {result.input.strip()}")
    if hand is not None:
        lines.extend(describe_hand(hand, players))
    if result.rules:
        lines.append(f"rules     {result.rules}")
    status = {
        "win": "win",
        "no_yaku": "no yaku (complete, but nothing to win with)",
        "not_winning": "not a winning hand",
        "tenpai": "tenpai (waiting)",
        "noten": "noten (not waiting)",
    }.get(result.status, result.status)
    lines.append(f"status    {status}")
    for warning in result.warnings:
        lines.append(f"note      {warning}")
    if result.status in ("win", "no_yaku"):
        lines.extend(_render_score(result, hand))
        lines.extend(_render_candidates(result))
    elif result.status in ("tenpai", "noten"):
        lines.extend(_render_waiting(result))
    elif result.status == "not_winning":
        lines.extend(_render_discards(result))
    return "\n".join(lines)
