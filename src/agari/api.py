"""The Python API: :func:`analyse` and :func:`score`.

Both take a hand as text (SPEC §1), as a structured mapping (SPEC §2) or as a
:class:`~agari.hand.Hand`, and return a :class:`~agari.result.Result`. Bad hand input is
a result with ``status == "error"``, never an exception; a bad rule name or switch raises
:class:`~agari.errors.RuleError`.

>>> r = analyse("123m456p789s1155z+5z")
>>> r.status, r.han, r.fu, [y.id for y in r.yaku], r.wait, r.points
('win', 1, 40, ['haku'], 'shanpon', 1300)
>>> analyse("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou").payment
{'tsumo_dealer': 4000, 'tsumo_non_dealer': 2000}
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from agari.engine.scoring import score_hand
from agari.errors import HandError, RuleError
from agari.hand import Hand
from agari.lang import _, ngettext
from agari.notation.records import hand_from_dict
from agari.notation.text import parse_hand, parse_tiles
from agari.notation.validate import check_made_hand, check_tile_count, check_under_rules
from agari.result import Result, TextDetails
from agari.rules import Rules
from agari.tiles import Tile

# The expected value's model (agari ev) is imported where asked for: its module, with
# fractions and decimal, would add about 7 ms to every start-up of the pure build.
if TYPE_CHECKING:
    from agari.analysis.ev import EvAnalysis

HandInput = str | Hand | Mapping[str, Any]


def _caller_rules(rules: Rules | str | None, overrides: Mapping[str, Any] | None) -> Rules:
    if rules is None:
        base = Rules.preset()
    elif isinstance(rules, Rules):
        base = rules
    else:
        base = Rules.preset(rules)
    if overrides:
        base = base.with_overrides(dict(overrides))
    return base


def _hand_rules(hand: Hand, caller: Rules) -> Rules:
    """The hand's own ``rules=`` word wins over the caller's preset name; the caller's
    overridden switches still apply on top."""
    word = hand.context.rules
    if not word or word.lower() == caller.name:
        return caller
    try:
        preset = Rules.preset(word)
    except RuleError as error:
        raise HandError("bad_value", str(error)) from None
    return preset.with_overrides(dict(caller.overrides))


def _parse(hand: str | Mapping[str, Any]) -> Hand:
    if isinstance(hand, str):
        return parse_hand(hand)  # Hand.parse without its import on every call
    if isinstance(hand, Mapping):
        return hand_from_dict(hand)
    raise HandError("bad_record", _("not a hand: {type}").format(type=type(hand).__name__))


def _input_value(hand: HandInput) -> Any:
    """The result's ``input`` for a text or a mapping (a :class:`Hand` is handled in
    :func:`_run`)."""
    if isinstance(hand, str):
        return hand
    if isinstance(hand, Mapping):
        return dict(hand)
    return hand


def _error(value: Any, rules: Rules, error: HandError) -> Result:
    if isinstance(value, TextDetails):  # a prepared hand's text, made when read
        return Result(status="error", rules=rules.describe(), error=error.to_json(), details=value)
    return Result(input=value, status="error", rules=rules.describe(), error=error.to_json())


def _finish(result: Result, value: Any, hand: Hand, rules: Rules) -> Result:
    """Fill ``input``, ``hand`` and ``rules`` of a result made by another module."""
    return result.replace(
        input=value,
        hand=result.hand if result.hand is not None else str(hand),
        rules=result.rules or rules.describe(),
    )


def _not_scorable(hand: Hand) -> HandError:
    """Why :func:`score` cannot value this hand. The parser already refuses impossible
    counts; this also covers a :class:`Hand` built directly and a 13-tile waiting hand."""
    check_tile_count(hand)
    return HandError(
        "tile_count",
        _(
            "{count} tiles: score() values a complete hand of 14; analyse() reads a waiting hand"
        ).format(count=hand.tile_count),
    )


def _analyse_waiting(hand: Hand, rules: Rules) -> Result:
    """The analysis of a waiting hand (SPEC §4), with its calls where ``call=`` offers a
    tile."""
    from agari.analysis.calls import with_calls
    from agari.analysis.waiting import analyse_waiting

    result = analyse_waiting(hand, rules)
    return with_calls(result, hand, rules) if hand.context.call is not None else result


def _not_winning(hand: Hand, rules: Rules, analysis: bool) -> Result:
    if analysis:
        from agari.analysis.waiting import analyse_discards

        return analyse_discards(hand, rules)
    return Result(
        input=None,
        status="not_winning",
        rules=rules.describe(),
        warnings=(_("the 14 tiles do not form a complete hand"),),
    )


def _in_sight_note() -> str:
    """What a win says of the word ``river=`` (``seen=`` says nothing of a win: it counts
    only in the analysis of a waiting hand); in the current language."""
    return _("river= checked: not furiten (a win's value does not depend on it)")


def _win_in_sight(result: Result, hand: Hand, rules: Rules) -> Result:
    """A win whose hand says ``river=``: a ron while furiten is refused
    (``conflicting_context``: the rules allow a furiten hand only tsumo); else a note."""
    from agari.analysis.waiting import ron_furiten

    why = ron_furiten(hand, rules)
    if why is not None:
        raise HandError("conflicting_context", why, word="river")
    return result.replace(warnings=(*result.warnings, _in_sight_note()))


def _candidates(hand: Hand, rules: Rules, value: Any) -> Result | None:
    """One result per tile that can have been the winning tile, best first; with
    ``river=``, a ron on a tile the hand could not win on (furiten) is none of them."""
    from agari.analysis.waiting import ron_furiten

    found: list[Result] = []
    furiten: list[tuple[Tile, str]] = []  # the tiles left out, and why
    tiles = hand.concealed
    tried: set[int] = set()
    # Prefer a plain tile over a red five as the assumed winning tile.
    for tile in sorted(tiles, key=lambda t: (t.kind, t.red)):
        if tile.kind in tried:
            continue
        tried.add(tile.kind)
        rest = list(tiles)
        rest.remove(tile)
        candidate = replace(hand, concealed=tuple(rest), win=tile)
        result = score_hand(candidate, rules)
        if result is not None and hand.context.river:
            why = ron_furiten(candidate, rules)
            if why is not None:
                furiten.append((tile, why))
                continue
            result = result.replace(warnings=(*result.warnings, _in_sight_note()))
        if result is not None:
            found.append(result.replace(input=value))
    if not found and furiten:
        raise HandError("conflicting_context", furiten[0][1], word="river")
    if not found:
        return None
    found.sort(key=_candidate_key, reverse=True)
    top = found[0]
    note = ngettext(
        "winning tile not marked: assumed {tile} (the best of {count} possible winning tile)",
        "winning tile not marked: assumed {tile} (the best of {count} possible winning tiles)",
        len(found),
    ).format(tile=top.win_tile, count=len(found))
    notes: tuple[str, ...] = (note,)
    if furiten:
        left_out = " ".join(str(tile) for tile, _why in furiten)
        notes += (_("not a winning tile by ron, furiten (river=): {tiles}").format(tiles=left_out),)
    return top.replace(
        hand=str(hand),
        warnings=(*notes, *top.warnings),
        candidates=tuple(found),
    )


def _candidate_key(r: Result) -> tuple[int, int, int, int]:
    return (r.status == "win", r.base_points or 0, r.han or 0, r.fu or 0)


def _run(hand_input: HandInput, rules: Rules, analysis: bool, parsed: Hand | None = None) -> Result:
    # A prepared hand's normal form is both the result's ``input`` and its ``hand``: on a
    # complete hand the engine makes it with the result's other details, else _input_of.
    prepared = isinstance(hand_input, Hand)
    value = None if prepared else _input_value(hand_input)
    try:
        if isinstance(hand_input, Hand):
            hand = hand_input
            if not hand._checked:  # a hand made in Python; the readers check their own
                check_made_hand(hand)
        elif parsed is not None:  # the text, read already by the caller
            hand = parsed
        else:
            hand = _parse(hand_input)
        if hand.context.rules is not None:  # the hand's own ``rules=`` word
            rules = _hand_rules(hand, rules)
        check_under_rules(hand, rules)
        count = hand.tile_count
        if count == 14 and hand.win is not None:
            scored = score_hand(hand, rules, value, input_is_text=prepared)
            if scored is not None:
                if hand.context.river:  # a ron on a wait in it is furiten
                    return _win_in_sight(scored, hand, rules)
                return scored  # complete: input, hand and rules are filled in already
            result = _not_winning(hand, rules, analysis)
        elif count == 14:
            shown = str(hand_input) if prepared else value
            result = _candidates(hand, rules, shown) or _not_winning(hand, rules, analysis)
        elif count == 13 and analysis:
            result = _analyse_waiting(hand, rules)
        else:
            raise _not_scorable(hand)
    except HandError as error:
        if isinstance(hand_input, str):
            error.point_at_word(hand_input)
        return _error(_input_of(hand_input, value), rules, error)
    except Exception as error:  # a bug in agari, not bad input: say so, with the input
        return internal_error(_input_of(hand_input, value), rules, error)
    return _finish(result, str(hand_input) if prepared else value, hand, rules)


def _input_of(hand_input: HandInput, value: Any) -> Any:
    """A result's ``input``: a prepared hand's normal form (as details that make it when
    first read: a hand of values of the wrong types cannot print), else ``value``, read from
    the input."""
    return TextDetails(hand_input) if isinstance(hand_input, Hand) else value


def internal_error(value: Any, rules: Rules | None, error: BaseException) -> Result:
    """The result for an input agari failed on (a bug): status ``error``, code ``internal``,
    the input kept so that it can be reported."""
    message = _(
        "internal error ({error}); this is a bug in agari: please report it with the input"
    ).format(error=f"{type(error).__name__}: {error}")
    error_value = {"code": "internal", "message": message, "column": None}
    rules_text = rules.describe() if rules is not None else None
    if isinstance(value, TextDetails):  # a prepared hand's text, made when read
        return Result(status="error", rules=rules_text, error=error_value, details=value)
    return Result(input=value, status="error", rules=rules_text, error=error_value)


def analyse_text(text: str, rules: Rules) -> tuple[Result, Hand | None, Rules]:
    """:func:`analyse` of one line of notation, the hand read from it (``None`` when the
    line is not a hand) and the rules it was scored under (the hand's own ``rules=`` word
    applied): the command line shows all three, reading the line once."""
    try:
        hand = parse_hand(text)
    except HandError:
        return _run(text, rules, True), None, rules  # the error, pointing into the text
    except Exception as error:  # a bug in the reader
        return internal_error(text, rules, error), None, rules
    used = rules
    if hand.context.rules is not None:
        with contextlib.suppress(HandError):  # the result says so
            used = _hand_rules(hand, rules)
    return _run(text, rules, True, hand), hand, used


def analyse(
    hand: HandInput,
    rules: Rules | str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Result:
    """Everything agari says about one hand, dispatched by tile count (SPEC §1):

    14 tiles with a winning tile: the score (status ``win``, ``no_yaku``, or
    ``not_winning`` with discard advice when incomplete); 14 tiles without one: every
    tile that can have been the winning tile, best first, in ``candidates``; 13 tiles:
    the waiting-hand analysis (SPEC §4). ``rules`` is a :class:`Rules`, a preset name or
    ``None`` (``wrc2025``); ``overrides`` changes switches. The hand's own ``rules=``
    word wins over the caller's preset.

    >>> r = analyse("123p456s789s1z+1z, 1111m riichi seat=E")
    >>> [y.id for y in r.yaku], r.han, r.fu, r.points
    (['riichi'], 1, 70, 3400)
    >>> analyse("223344m556677p5s+5s", rules="tenhou").yaku[-1]
    YakuHan(id='ryanpeikou', han=3)
    >>> analyse("12m").status
    'error'
    """
    if not isinstance(rules, Rules) or overrides:  # else the Rules value as given
        rules = _caller_rules(rules, overrides)
    return _run(hand, rules, True)


def score(
    hand: HandInput,
    rules: Rules | str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Result:
    """The value of a complete hand; like :func:`analyse` but without the waiting-hand
    and discard analysis (a 13-tile hand is a ``tile_count`` error, an incomplete
    14-tile hand ``not_winning``).

    >>> r = score("234p67s55s+8s, 3-45m, 777=z tsumo")
    >>> r.han, r.fu, r.payment
    (1, 30, {'tsumo_dealer': 500, 'tsumo_non_dealer': 300})
    """
    if not isinstance(rules, Rules) or overrides:  # else the Rules value as given
        rules = _caller_rules(rules, overrides)
    return _run(hand, rules, False)


# --------------------------------------------------------------------------- ev (SPEC §10)

#: ``turn=N``: a word of ``agari ev`` (draws left), not of the hand notation.
_TURN_WORD = "turn="


def split_turn(text: str) -> tuple[str, int | None]:
    """``text`` with its ``turn=N`` word (any case) blanked out, so that the columns of the
    rest stay where they were, and N (``None`` when absent).

    >>> split_turn("123m456p789s1155z1z turn=5 seat=E")
    ('123m456p789s1155z1z        seat=E', 5)
    """
    words = text.split(" ")
    found: int | None = None
    column = 1
    for index, word in enumerate(words):
        if word.lower().startswith(_TURN_WORD):
            raw = word[len(_TURN_WORD) :]
            if found is not None:
                raise HandError("conflicting_context", _("turn= is given twice"), column)
            if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
                raise HandError(
                    "bad_value",
                    _("turn= takes the draws left, a whole number such as 17, not {value}").format(
                        value=repr(raw)
                    ),
                    column + len(_TURN_WORD),
                )
            found = int(raw)
            words[index] = " " * len(word)
        column += len(word) + 1
    return " ".join(words), found


def ev(
    hand: str | Hand | Mapping[str, Any],
    rules: Rules | str | None = None,
    overrides: Mapping[str, Any] | None = None,
    *,
    turn: int | None = None,
    riichi: bool = True,
    ura: bool = True,
    ippatsu: bool = True,
    tegawari: bool = True,
    backtrack: bool = True,
    seen: tuple[Tile, ...] | str = (),
    curves: bool = False,
    explain: Tile | str | None = None,
    exact: bool = False,
) -> EvAnalysis:
    """The expected value of each discard of a 14-tile hand (or of a 13-tile hand, a draw
    earlier): the chances of being ready and of winning and the expected points, best
    first (SPEC §10; the model is :mod:`agari.analysis.ev`'s, the README's "Expected value
    of a discard").

    ``turn`` is the draws left (default 17; the text may say ``turn=N`` instead); the
    switches say whether a ready closed hand declares riichi (off: dama) and with it counts
    ura dora and ippatsu, and whether tegawari and back-tracking are tried; ``seen`` adds
    tiles in sight to the hand's ``seen=`` word. ``curves`` adds each discard's chances by
    each coming draw, ``explain`` one discard's, with how its wins add up. ``exact``
    computes in fractions. Raises :class:`~agari.errors.HandError` for a hand it cannot
    value (with the code and column, as :func:`agari.parse_hand`) and
    :class:`~agari.errors.RuleError` for bad rules.

    >>> best = ev("234m345666p4467s1z seat=E dora=1z", ura=False, ippatsu=False).discards[0]
    >>> str(best.tile), round(best.ev, 2), round(best.win * 100, 2)
    ('1z', 4282.35, 71.37)
    """
    base = _caller_rules(rules, overrides)
    text = hand if isinstance(hand, str) else None
    try:
        if isinstance(hand, str):
            hand, said = split_turn(hand)
            if said is not None:
                if turn is not None and turn != said:
                    raise HandError(
                        "conflicting_context",
                        _("turn={said} and turn {turn} differ").format(said=said, turn=turn),
                    )
                turn = said
        parsed = hand if isinstance(hand, Hand) else _parse(hand)
        if not parsed._checked:
            check_made_hand(parsed)
        used = _hand_rules(parsed, base) if parsed.context.rules is not None else base
        check_under_rules(parsed, used)
        extra = parse_tiles(seen) if isinstance(seen, str) else tuple(seen)
        if extra:
            parsed = replace(
                parsed, context=parsed.context._replace(seen=(*parsed.context.seen, *extra))
            )
            check_made_hand(parsed)  # the copies, counting the tiles seen
        shown = Tile.parse(explain) if isinstance(explain, str) else explain
        from agari.analysis.ev import DEFAULT_TURN, EvOptions, evaluate

        options = EvOptions(
            turn=DEFAULT_TURN if turn is None else turn,
            riichi=riichi,
            ura=ura,
            ippatsu=ippatsu,
            tegawari=tegawari,
            backtrack=backtrack,
        )
        return evaluate(parsed, used, options, exact=exact, curves=curves, explain=shown)
    except HandError as error:
        if text is not None:
            error.point_at_word(text)
        raise


def with_ev(result: Result, hand: Hand, rules: Rules, **switches: Any) -> Result:
    """``result`` (14 tiles that do not win: its discard table) with each discard's expected
    value beside it (``"ev": {"points", "win", "ready"}``, as :func:`ev` counts them with
    ``switches``): the column ``agari --ev HAND`` and the page's option show. A result of
    another status comes back as it was.

    >>> r = with_ev(analyse("3455m666p789s11z22z seat=E"), parse_hand("3455m666p789s11z22z seat=E"),
    ...     Rules.preset(), turn=4)
    >>> r.discards[0]["tile"], r.discards[0]["ev"]["ready"]
    ('5m', 1.0)
    """
    if result.status != "not_winning" or not result.discards:
        return result
    if hand.context.rules is not None:  # the hand's own rules= word, as analyse applies it
        rules = _hand_rules(hand, rules)
    from agari.analysis.ev import DEFAULT_TURN, EvOptions, evaluate

    options = EvOptions(**{"turn": DEFAULT_TURN, **switches})
    analysis = evaluate(hand, rules, options)
    discards = []
    for entry in result.discards:
        found = analysis.find(Tile.parse(str(entry["tile"])))
        if found is not None:
            figures = {
                "points": float(found.ev),
                "win": float(found.win),
                "ready": float(found.ready),
            }
            entry = {**entry, "ev": figures}
        discards.append(entry)
    return result.replace(discards=tuple(discards))
