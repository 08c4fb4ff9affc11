"""The payment subcommands: ``agari points``, ``agari table``, ``agari draw``, ``agari chombo``.

Each ``run_*`` takes the arguments after the subcommand name and returns the exit code:
0 ok, 1 input rejected (an impossible han/fu, a seat that does not play, a rule that forbids
it), 2 usage error (unknown option, bad number, unknown rule preset or switch). Bad input
never produces a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import TYPE_CHECKING, Any, Final, cast

from agari.cli.options import Parser, UsageError, add_rule_options, error_line, rules_of
from agari.lang import N_, _, current
from agari.lang.terms import limit_name, term
from agari.notation.text import WIND_VALUES

if TYPE_CHECKING:
    from collections.abc import Sequence

    from agari.hand import Source, Wind
    from agari.rules import Rules
    from agari.settle import PointsTable
    from agari.settlement import Settlement

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_USAGE = 2


_EXIT_EPILOG = N_(
    "exit codes: 0 ok; 1 input rejected (impossible han/fu, a seat that does not play, "
    "a rule that forbids it); 2 usage error (bad option, unknown rule preset or switch)."
)


class _Rejected(Exception):
    """Input the command refuses (exit 1)."""


def _run(prog: str, body: Any, argv: Sequence[str]) -> int:
    from agari.errors import RuleError, SettleError

    try:
        return int(body(list(argv)))
    except SystemExit as stop:  # --help
        return stop.code if isinstance(stop.code, int) else EXIT_OK
    except (UsageError, RuleError) as exc:
        sys.stderr.write(error_line(f"agari {prog}", exc))
        return EXIT_USAGE
    except (_Rejected, SettleError) as exc:
        print(f"agari {prog}: {exc}", file=sys.stderr)
        return EXIT_REJECTED
    except BrokenPipeError:  # e.g. ``agari table | head``: the reader has gone
        from agari.cli import pipe_closed

        return pipe_closed()
    except Exception as exc:  # a bug in agari, not the user's input: say so, never a traceback
        from agari.cli import is_write_failure

        if is_write_failure(exc):
            raise  # a full disk: agari.cli.main says so
        said = _(
            "internal error ({error}); please report it with the command line: {command}"
        ).format(error=f"{type(exc).__name__}: {exc}", command=f"agari {prog} {' '.join(argv)}")
        print(f"agari {prog}: {said}", file=sys.stderr)
        return EXIT_REJECTED


def _count(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(
            _("expected a non-negative whole number, not {value}").format(value=repr(text))
        )
    return int(text)


def _seat(text: str) -> str:
    seat = WIND_VALUES.get(text.strip().lower())
    if seat is None:
        raise argparse.ArgumentTypeError(
            _("a seat is E, S, W or N, not {value}").format(value=repr(text))
        )
    return seat


#: The seats a command names, as its messages say them (translated where shown).
_ROLES: Final = (
    N_("winner"),
    N_("discarder"),
    N_("liable seat"),
    N_("wareme seat"),
    N_("tenpai seat"),
    N_("chombo seat"),
)


def _check_in_play(seat: str, rules: Rules, what: str) -> None:
    """Refuse ``seat`` (the ``what``: one of :data:`_ROLES`) where it does not play."""
    from agari.settle import seats_in_play

    if seat not in seats_in_play(rules):
        raise _Rejected(
            _("{what} {seat}: seat {seat} does not play in three-player mahjong").format(
                what=_(what), seat=seat
            )
        )


def _signed(deltas: dict[str, int]) -> str:
    return "  ".join(
        f"{seat} {value:+d}" if value else f"{seat} 0" for seat, value in deltas.items()
    )


def _emit_json(record: dict[str, Any]) -> None:
    print(json.dumps(record, ensure_ascii=False))


# --------------------------------------------------------------------------- points

_YAKUMAN_RE = re.compile(r"^(?:(\d+)x[-_ ]?)?yakuman$")


def _parse_han(text: str) -> tuple[int, int]:
    """``(han, yakuman)``: ``"3"`` → (3, 0), ``"yakuman"`` → (13, 1), ``"2x-yakuman"`` → (26, 2)."""
    word = text.strip().lower()
    if word.isdigit():
        return int(word), 0
    if word in ("double-yakuman", "double_yakuman"):
        return 26, 2
    match = _YAKUMAN_RE.match(word)
    if match:
        multiple = int(match.group(1) or 1)
        if multiple < 1:
            raise _Rejected(_("a yakuman hand is worth at least one yakuman"))
        return 13 * multiple, multiple
    raise UsageError(
        _("HAN is a number of han, or yakuman, 2x-yakuman, 3x-yakuman ..., not {value}").format(
            value=repr(text)
        )
    )


def _parse_fu(text: str | None) -> int | None:
    if text is None:
        return None
    word = text.strip().lower().removesuffix("fu")
    if not word.isdigit():
        raise UsageError(
            _("FU is a whole number of fu (20, 25, 30 ...), not {value}").format(value=repr(text))
        )
    return int(word)


def _hand_value(
    han_text: str, fu_text: str | None, tsumo: bool, rules: Rules
) -> tuple[int, int | None, int, int, str | None, list[str]]:
    """``(han, fu, yakuman, base, limit, warnings)`` of a counted hand; refuses han/fu no
    hand can have."""
    from agari.settle import base_points, impossible_reason, rule_warnings, yakuman_base

    han, yakuman = _parse_han(han_text)
    fu = _parse_fu(fu_text)
    warnings: list[str] = []
    if yakuman == 0:
        if han < 1:
            raise _Rejected(_("a winning hand has at least 1 han, not {han}").format(han=han))
        if fu is None:
            if han <= 4:
                raise UsageError(_("FU is needed below 5 han ({han} han given)").format(han=han))
            if rules.aotenjou:  # no limits: the fu count at every han
                raise UsageError(
                    _("FU is needed at every han under aotenjou=on ({han} han given)").format(
                        han=han
                    )
                )
        else:
            reason = impossible_reason(han, fu, tsumo, rules)
            if reason is not None:
                raise _Rejected(reason)
        base, limit = base_points(han, fu if fu is not None else 0, rules)
        warnings.extend(rule_warnings(han, fu, rules))
    else:
        if fu is not None:
            warnings.append(_("fu do not count for a yakuman hand"))
            fu = None
        base, limit = yakuman_base(yakuman)
    return han, fu, yakuman, base, limit, warnings


def _points_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="agari points",
        description=_(
            "Payments for a hand whose han and fu are already counted: base points, the limit, "
            "ron or tsumo payments, honba, riichi sticks, the total and every seat's change. "
            "Refuses impossible han/fu (fu not a multiple of 10 except 25; 25 fu with 1 han; "
            "20 fu by ron; 1 han 20 fu tsumo; 2 han 25 fu tsumo; han below 1; fu outside "
            "20-130) and warns where rule sets differ (kiriage at 4 han 30 fu and 3 han 60 fu; "
            "13+ han counted as yakuman or sanbaiman)."
        ),
        epilog=_(_EXIT_EPILOG),
    )
    parser.add_argument(
        "han", metavar="HAN", help=_("han (1, 2, ...), or yakuman, 2x-yakuman, ...")
    )
    parser.add_argument(
        "fu", metavar="FU", nargs="?", help=_("fu (20, 25, 30, ...); optional from 5 han on")
    )
    parser.add_argument("--dealer", action="store_true", help=_("the winner is the dealer (East)"))
    parser.add_argument("--tsumo", action="store_true", help=_("won by self-draw (default: ron)"))
    parser.add_argument("--honba", type=_count, default=0, metavar="N", help=_("repeat counters"))
    parser.add_argument(
        "--sticks", type=_count, default=0, metavar="N", help=_("riichi sticks on the table")
    )
    parser.add_argument(
        "--seat", type=_seat, default=None, help=_("the winner's seat (default E with --dealer, S)")
    )
    parser.add_argument(
        "--from",
        dest="discarder",
        type=_seat,
        default=None,
        metavar="SEAT",
        help=_("who dealt in on a ron (default: the seat before the winner, with a warning)"),
    )
    parser.add_argument(
        "--pao", type=_seat, default=None, metavar="SEAT", help=_("seat liable for the yakuman")
    )
    parser.add_argument(
        "--liable",
        type=_count,
        default=None,
        metavar="N",
        help=_("how many of the yakuman the --pao seat is liable for (default: all)"),
    )
    parser.add_argument(
        "--wareme",
        type=_seat,
        default=None,
        metavar="SEAT",
        help=_("the seat whose wall was broken (needs --rule wareme=on)"),
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="HAN[/FU]@SEAT",
        help=_(
            "another winner on the same discard (repeat for a triple ron), e.g. 2/40@W or "
            "yakuman@N; needs --from. Paid each, or the head bump, as the rules say; honba and "
            "sticks to the winner nearest the discarder"
        ),
    )
    add_rule_options(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return parser


def points_record(argv: Sequence[str]) -> dict[str, Any]:
    """The ``agari points`` answer as a JSON-ready dict (raises on bad input)."""
    from agari.hand import Context
    from agari.settle import seat_from, settle_win, source_of, yakuman_base

    args = _points_parser().parse_args(list(argv))
    rules = rules_of(args)
    han, fu, yakuman, base, limit, warnings = _hand_value(args.han, args.fu, args.tsumo, rules)

    winner = args.seat if args.seat is not None else ("E" if args.dealer else "S")
    if args.dealer and winner != "E":
        raise UsageError(
            _("--dealer means the winner sits East, but --seat is {seat}").format(seat=winner)
        )
    _check_in_play(winner, rules, "winner")
    if args.also:
        first = {"han": han, "fu": fu, "yakuman": yakuman, "base_points": base, "limit": limit}
        return _several_record(args, rules, winner, first, warnings)
    source = None
    discarder = None
    if args.tsumo:
        if args.discarder is not None:
            raise UsageError(_("--from names the discarder of a ron; it cannot go with --tsumo"))
    else:
        discarder = args.discarder
        if discarder is None:
            discarder = seat_from(winner, "left", rules)
            warnings.append(
                _(
                    "discarder assumed: {seat}, the seat before the winner "
                    "(give --from SEAT to name it)"
                ).format(seat=discarder)
            )
        else:
            _check_in_play(discarder, rules, "discarder")
        assert discarder is not None
        if discarder == winner:
            raise _Rejected(_("the winner ({seat}) cannot deal in to himself").format(seat=winner))
        source = source_of(winner, discarder, rules)

    liable_base = 0
    if args.pao is not None:
        if yakuman == 0:
            raise _Rejected(_("liability (pao) applies to yakuman hands only"))
        _check_in_play(args.pao, rules, "liable seat")
        if args.pao == winner:
            raise _Rejected(
                _("the winner ({seat}) cannot be liable for his own yakuman").format(seat=winner)
            )
        liable = yakuman if args.liable is None else args.liable
        if not 1 <= liable <= yakuman:
            raise _Rejected(
                _("--liable must be between 1 and {most}, not {count}").format(
                    most=yakuman, count=liable
                )
            )
        liable_base = yakuman_base(liable)[0]
    elif args.liable is not None:
        raise UsageError(_("--liable goes with --pao"))
    wareme = args.wareme
    if wareme is not None:
        _check_in_play(wareme, rules, "wareme seat")
        if not rules.wareme:
            warnings.append(_wareme_ignored(rules))

    context = Context(
        tsumo=args.tsumo,
        seat_wind=cast("Wind", winner),
        honba=args.honba,
        sticks=args.sticks,
        pao=cast("Wind | None", args.pao),
        wareme=cast("Wind | None", wareme),
        win_from=cast("Source | None", source),
    )
    settlement = settle_win(base, context, rules, liable_base)
    return {
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "dealer": winner == "E",
        "tsumo": args.tsumo,
        "seat": winner,
        "from": discarder,
        "rules": rules.describe(),
        "limit": limit,
        "base_points": base,
        "payment": settlement.payment,
        "points": settlement.points,
        "honba": args.honba,
        "sticks": args.sticks,
        "total": settlement.total,
        "paid": settlement.paid,
        "deltas": settlement.deltas,
        "warnings": warnings,
        "notes": list(settlement.notes),
    }


def _wareme_ignored(rules: Rules) -> str:
    return _("--wareme ignored: wareme=off under rules {rules} (add --rule wareme=on)").format(
        rules=rules.describe()
    )


_ALSO_RE = re.compile(r"^\s*([^/@\s]+)\s*(?:/\s*([^@\s]+)\s*)?@\s*(\S+)\s*$")


def _rons(count: int) -> str:
    if count == 2:
        return _("double ron")
    if count == 3:
        return _("triple ron")
    return _("{count} rons").format(count=count)


def _several_record(
    args: argparse.Namespace,
    rules: Rules,
    first_seat: str,
    first: dict[str, Any],
    warnings: list[str],
) -> dict[str, Any]:
    """``agari points … --also HAN[/FU]@SEAT …``: several winners on one discard, settled
    by :func:`agari.settle.settle_rons` (the game ledger's rule)."""
    from agari.hand import Context
    from agari.settle import settle_rons, settle_win, source_of

    if args.tsumo:
        raise UsageError(_("--also names another winner on the same discard; not with --tsumo"))
    if args.discarder is None:
        raise UsageError(_("--also needs --from SEAT: who discarded the tile they all won on"))
    if args.pao is not None or args.liable is not None:
        raise UsageError(_("--pao and --liable go with one winner, not with --also"))
    discarder = args.discarder
    _check_in_play(discarder, rules, "discarder")
    hands = {first_seat: first}
    for text in args.also:
        m = _ALSO_RE.match(text)
        if m is None:
            raise UsageError(
                _("--also is HAN[/FU]@SEAT (e.g. 2/40@W, yakuman@N), not {value}").format(
                    value=repr(text)
                )
            )
        try:
            seat = _seat(m[3])
        except argparse.ArgumentTypeError as e:
            raise UsageError(f"--also {text}: {e}") from None
        _check_in_play(seat, rules, "winner")
        if seat in hands:
            raise _Rejected(
                _("--also {value}: seat {seat} already wins on this discard").format(
                    value=text, seat=seat
                )
            )
        try:
            han, fu, yakuman, base, limit, notes = _hand_value(m[1], m[2], False, rules)
        except (UsageError, _Rejected) as e:
            raise type(e)(f"--also {text}: {e}") from None
        warnings.extend(f"{seat}: {n}" for n in notes)
        hands[seat] = {"han": han, "fu": fu, "yakuman": yakuman, "base_points": base}
        hands[seat]["limit"] = limit
    if discarder in hands:
        raise _Rejected(_("the winner ({seat}) cannot deal in to himself").format(seat=discarder))
    if len(hands) > 3:
        raise _Rejected(_("at most three players can win on one discard"))
    wareme = args.wareme
    if wareme is not None:
        _check_in_play(wareme, rules, "wareme seat")
        if not rules.wareme:
            warnings.append(_wareme_ignored(rules))

    counters: dict[str, tuple[int, int]] = {}

    def settle_one(seat: str, honba: int, sticks: int) -> Settlement:
        counters[seat] = (honba, sticks)
        context = Context(
            seat_wind=cast("Wind", seat),
            honba=honba,
            sticks=sticks,
            wareme=cast("Wind | None", wareme),
            win_from=cast("Source", source_of(seat, discarder, rules)),
        )
        return settle_win(hands[seat]["base_points"], context, rules)

    rons = settle_rons(discarder, list(hands), args.honba, args.sticks, rules, settle_one)
    winners: list[dict[str, Any]] = []
    for seat in rons.order:
        record = {"seat": seat, "dealer": seat == "E", **hands[seat], "paid_out": False}
        if seat in rons.winners:
            win = rons.wins[rons.winners.index(seat)]
            honba, sticks = counters[seat]
            record.update(
                paid_out=True,
                payment=win.payment,
                points=win.points,
                honba=honba,
                sticks=sticks,
                total=win.total,
            )
        winners.append(record)
    return {
        "rons": len(rons.order),
        "from": discarder,
        "rules": rules.describe(),
        "honba": args.honba,
        "sticks": args.sticks,
        "aborted": rons.aborted,
        "winners": winners,
        "paid": rons.settlement.paid,
        "deltas": rons.settlement.deltas,
        "warnings": warnings,
        "notes": list(rons.settlement.notes),
    }


def _value_words(record: dict[str, Any]) -> str:
    """``3 han 30 fu``, ``6 han``, ``yakuman``, ``2x yakuman``."""
    from agari.settle import value_words

    return value_words(record["han"], record["fu"], record["yakuman"])


def _several_text(record: dict[str, Any]) -> str:
    from agari.settle import format_payment

    lines = [
        _("{rons} on {seat}'s discard; rules {rules}").format(
            rons=_rons(record["rons"]), seat=record["from"], rules=record["rules"]
        )
    ]
    for win in record["winners"]:
        who = _("dealer") if win["dealer"] else _("non-dealer")
        limit = f" ({limit_name(win['limit'])})" if win["limit"] else ""
        head = _("{seat}: {value}, {who}; base points {points}").format(
            seat=win["seat"], value=_value_words(win), who=who, points=win["base_points"]
        )
        lines.append(head + limit)
        if not win["paid_out"]:
            lines.append("  " + _("not paid"))
            continue
        lines.append("  " + _label(_word("ron"), 10) + format_payment(win["payment"]))
        extra = win["total"] - win["points"]
        if extra:
            lines.append("  " + _extra(win["honba"], win["sticks"], extra))
        lines.append("  " + _label(_("total"), 10) + str(win["total"]))
    return "\n".join([*lines, *_settled_lines(record)])


def _settled_lines(record: dict[str, Any]) -> list[str]:
    """Who paid, every seat's change, the notes and the warnings of a points record."""
    lines = []
    if record["paid"]:
        paid = "  ".join(f"{s} {v}" for s, v in record["paid"].items())
        lines.append(_label(_("paid by")) + paid)
    if record["deltas"] is not None:
        lines.append(_label(_("deltas")) + _signed(record["deltas"]))
    lines.extend(_("note: {note}").format(note=n) for n in record["notes"])
    lines.extend(_("warning: {warning}").format(warning=w) for w in record["warnings"])
    return lines


def _label(text: str, width: int = 12) -> str:
    """A label padded to the labels' column (by its width on a terminal), then a blank."""
    from agari.render.sheet import display_width

    return text + " " * max(1, width - display_width(text) + 1)


def _word(word: str) -> str:
    """A word of play (``ron``, ``tsumo``) in the current language; itself in English."""
    return term(word) if current() != "en" else word


def _extra(honba: int, sticks: int, extra: int) -> str:
    return _("honba {honba}, riichi sticks {sticks}: +{points}").format(
        honba=honba, sticks=sticks, points=extra
    )


def _points_text(record: dict[str, Any]) -> str:
    from agari.settle import format_payment

    if "winners" in record:
        return _several_text(record)
    value = _value_words(record)
    who = _("dealer") if record["dealer"] else _("non-dealer")
    how = _word("tsumo") if record["tsumo"] else _("ron from {seat}").format(seat=record["from"])
    lines = [
        _("{value}, {who} ({seat}) {how}; rules {rules}").format(
            value=value, who=who, seat=record["seat"], how=how, rules=record["rules"]
        )
    ]
    limit = f" ({limit_name(record['limit'])})" if record["limit"] else ""
    lines.append(_label(_("base points")) + f"{record['base_points']}{limit}")
    pay = format_payment(record["payment"])
    label = _word("ron") if "ron" in record["payment"] else _word("tsumo")
    if "wareme" in record["payment"]:
        pay += " " + _("(wareme seat pays {points})").format(points=record["payment"]["wareme"])
    worth = (
        "  " + _("(worth {points})").format(points=record["points"])
        if str(record["points"]) != pay
        else ""
    )
    lines.append(_label(label) + f"{pay}{worth}")
    extra = record["total"] - record["points"]
    if extra:
        lines.append(_extra(record["honba"], record["sticks"], extra))
    lines.append(_label(_("total")) + str(record["total"]))
    return "\n".join([*lines, *_settled_lines(record)])


def run_points(argv: Sequence[str]) -> int:
    """``agari points HAN FU [...]``."""

    def body(args: list[str]) -> int:
        json_out = "--json" in args
        record = points_record(args)
        print(json.dumps(record, ensure_ascii=False) if json_out else _points_text(record))
        return EXIT_OK

    return _run("points", body, argv)


# --------------------------------------------------------------------------- table


def _table_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="agari table",
        description=_(
            "The points table: han 1-4 by fu 20, 25, 30 ... 110, then the limits. Ron cells "
            "are the discarder's payment; non-dealer tsumo cells read non-dealer/dealer; "
            "dealer tsumo cells 'N all'. '-' marks a han/fu that no hand can score that way."
        ),
        epilog=_(_EXIT_EPILOG),
    )
    parser.add_argument("--dealer", action="store_true", help=_("the dealer's table"))
    parser.add_argument("--tsumo", action="store_true", help=_("tsumo payments (default: ron)"))
    parser.add_argument("--all", action="store_true", help=_("all four tables"))
    add_rule_options(parser)
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    return parser


#: The heading of each of the four tables: (dealer, tsumo) -> its words.
_TABLE_TITLES: Final = {
    (False, False): N_("Non-dealer ron; rules {rules}"),
    (True, False): N_("Dealer ron; rules {rules}"),
    (False, True): N_("Non-dealer tsumo (non-dealer/dealer pays); rules {rules}"),
    (True, True): N_("Dealer tsumo; rules {rules}"),
}


def _table_text(table: PointsTable) -> str:
    """One points table as text, in the current language; its columns measured as a
    terminal shows them (a CJK character takes two)."""
    from agari.render.sheet import display_width

    def right(text: str, width: int) -> str:
        return " " * (width - display_width(text)) + text

    def left(text: str, width: int) -> str:
        return text + " " * (width - display_width(text))

    title = _(_TABLE_TITLES[table.dealer, table.tsumo]).format(rules=table.rules)
    hans = [_("{han} han").format(han=h) for h in range(1, 5)]
    cells = [c for _fu, row in table.rows for c in row if c is not None]
    cells += [cell for _name, _reach, cell in table.limits]
    width = max(6, *map(display_width, [*cells, *hans]))
    head = (f"{right(term('fu'), 4)} |" + "|".join(f" {right(h, width)} " for h in hans)).rstrip()
    lines = [title, head, "-" * display_width(head)]
    for fu, row in table.rows:
        cells_text = "|".join(f" {right(c if c is not None else '-', width)} " for c in row)
        lines.append(f"{fu:>4} |{cells_text}".rstrip())
    lines.append("")
    for name, reach, cell in table.limits:
        lines.append(f"{left(limit_name(name), 10)} {left(_(reach), 21)} {cell}")
    lines.append(f"kiriage={'on' if table.kiriage else 'off'}: {table.kiriage_note}")
    return "\n".join(lines)


def _table_json(table: PointsTable) -> dict[str, Any]:
    return {
        "dealer": table.dealer,
        "tsumo": table.tsumo,
        "rules": table.rules,
        "rows": [
            {"fu": fu, "cells": {str(h): c for h, c in enumerate(row, start=1)}}
            for fu, row in table.rows
        ],
        "limits": [{"limit": n, "han": h, "payment": c} for n, h, c in table.limits],
        "kiriage": table.kiriage,
    }


def run_table(argv: Sequence[str]) -> int:
    """``agari table [--dealer] [--tsumo] [--all] [--rules P]``."""
    from agari.settle import points_table

    def body(args_list: list[str]) -> int:
        args = _table_parser().parse_args(args_list)
        rules = rules_of(args)
        if args.all:
            if args.dealer or args.tsumo:
                raise UsageError(_("--all prints every table; leave out --dealer and --tsumo"))
            situations = [(False, False), (True, False), (False, True), (True, True)]
        else:
            situations = [(args.dealer, args.tsumo)]
        tables = [points_table(d, t, rules) for d, t in situations]
        if args.json:
            for table in tables:
                _emit_json(_table_json(table))
        else:
            print("\n\n".join(_table_text(t) for t in tables))
        return EXIT_OK

    return _run("table", body, argv)


# --------------------------------------------------------------------------- draw


def _draw_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="agari draw",
        description=_(
            "Settle an exhaustive draw: noten payments (3000 in all, 2000 in three-player; "
            "none when nobody or everybody is ready), or nagashi mangan where the rule "
            "nagashi is on. Riichi sticks stay on the table and the counter goes up."
        ),
        epilog=_(_EXIT_EPILOG),
    )
    parser.add_argument(
        "--tenpai",
        metavar="SEATS",
        default="none",
        help=_("ready seats, comma-separated (E,S), or none (default)"),
    )
    parser.add_argument(
        "--nagashi",
        type=_seat,
        default=None,
        metavar="SEAT",
        help=_("the seat with nagashi mangan (needs the rule nagashi=on)"),
    )
    parser.add_argument(
        "--sticks", type=_count, default=0, metavar="N", help=_("riichi sticks on the table")
    )
    parser.add_argument(
        "--honba", type=_count, default=0, metavar="N", help=_("repeat counters before the draw")
    )
    add_rule_options(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return parser


def _parse_seats(text: str) -> set[str]:
    word = text.strip().lower()
    if word in ("", "none", "-"):
        return set()
    if word == "all":
        return {"E", "S", "W", "N"}
    seats: set[str] = set()
    for part in re.split(r"[,\s]+", word):
        if not part:
            continue
        if part in WIND_VALUES:
            seats.add(WIND_VALUES[part])
        elif all(ch in "eswn" for ch in part):  # "es" as a shorthand for E,S
            seats.update(ch.upper() for ch in part)
        else:
            raise UsageError(
                _("--tenpai takes seats like E,S or none, not {value}").format(value=repr(text))
            )
    return seats


def run_draw(argv: Sequence[str]) -> int:
    """``agari draw --tenpai SEATS [--nagashi SEAT] [--sticks N] [--honba N] [--rules P]``."""
    from agari.settle import seats_in_play, settle_draw

    def body(args_list: list[str]) -> int:
        args = _draw_parser().parse_args(args_list)
        rules = rules_of(args)
        tenpai = _parse_seats(args.tenpai)
        if args.tenpai.strip().lower() == "all":
            tenpai &= set(seats_in_play(rules))
        for seat in sorted(tenpai):
            _check_in_play(seat, rules, "tenpai seat")
        draw = settle_draw(tenpai, args.nagashi, args.honba, args.sticks, rules)
        record = {
            "rules": rules.describe(),
            "kind": draw.kind,
            "tenpai": list(draw.tenpai),
            "noten": list(draw.noten),
            "nagashi": draw.nagashi,
            "deltas": draw.deltas,
            "sticks": draw.sticks,
            "honba": args.honba,
            "next_honba": draw.next_honba,
            "dealer_keeps": draw.dealer_keeps,
            "notes": list(draw.notes),
        }
        if args.json:
            _emit_json(record)
            return EXIT_OK
        ready = ", ".join(draw.tenpai) or _("nobody")
        lines = [
            _("exhaustive draw; rules {rules}").format(rules=record["rules"]),
            _label(_("ready")) + ready,
        ]
        if draw.nagashi:
            lines.append(_label(_word("nagashi")) + draw.nagashi)
        lines.append(_label(_("deltas")) + _signed(draw.deltas))
        stay = _("{count} stay on the table").format(count=draw.sticks)
        lines.append(_label(_("sticks")) + stay)
        lines.append(_label(_("next hand")) + _("honba {honba}").format(honba=draw.next_honba))
        keeps = (
            _("keeps the deal (where the rules make a ready dealer stay)")
            if draw.dealer_keeps
            else _("not ready: the deal passes (where the rules make a ready dealer stay)")
        )
        lines.append(_label(_("dealer")) + keeps)
        lines.extend(_("note: {note}").format(note=n) for n in draw.notes)
        print("\n".join(lines))
        return EXIT_OK

    return _run("draw", body, argv)


# --------------------------------------------------------------------------- chombo


def _chombo_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="agari chombo",
        description=_(
            "The penalty for a chombo (false win or other foul) under the rule switch chombo: "
            "mangan = reverse mangan paid at once (non-dealer pays 4000 to the dealer and "
            "2000 to each other, the dealer 4000 to each); 20000 = a 20,000-point penalty "
            "taken from the final score at the end, outside the table."
        ),
        epilog=_(_EXIT_EPILOG),
    )
    parser.add_argument("seat", metavar="SEAT", type=_seat, help=_("the offender's seat"))
    add_rule_options(parser)
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    return parser


def run_chombo(argv: Sequence[str]) -> int:
    """``agari chombo SEAT [--rules P]``."""
    from agari.settle import settle_chombo

    def body(args_list: list[str]) -> int:
        args = _chombo_parser().parse_args(args_list)
        rules = rules_of(args)
        _check_in_play(args.seat, rules, "chombo seat")
        chombo = settle_chombo(args.seat, rules)
        record = {
            "rules": rules.describe(),
            "seat": chombo.seat,
            "chombo": chombo.rule,
            "deltas": chombo.deltas,
            "penalty": chombo.penalty,
            "notes": list(chombo.notes),
        }
        if args.json:
            _emit_json(record)
            return EXIT_OK
        rules_text = str(record["rules"])
        if f"chombo={chombo.rule}" not in rules_text:  # name the penalty once
            rules_text += f" (chombo={chombo.rule})"
        lines = [_("chombo by {seat}; rules {rules}").format(seat=chombo.seat, rules=rules_text)]
        lines.append(_label(_("deltas")) + _signed(chombo.deltas))
        if chombo.penalty:
            penalty = _("{seat} -{points} at the end of the game").format(
                seat=chombo.seat, points=chombo.penalty
            )
            lines.append(_label(_("penalty")) + penalty)
        lines.extend(_("note: {note}").format(note=n) for n in chombo.notes)
        print("\n".join(lines))
        return EXIT_OK

    return _run("chombo", body, argv)
