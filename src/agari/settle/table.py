"""The points table players know (han x fu), the payment calculator behind ``agari points``,
and the one payment formatter (``3900``, ``1000/2000``, ``2000 all``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from agari.errors import SettleError
from agari.hand import Context
from agari.lang import N_, _
from agari.settle.limits import (
    LIMIT_ROWS,
    base_points,
    kazoe_count,
    kiriage_applies,
    yakuman_base,
)
from agari.settle.win import settle_win
from agari.settlement import Settlement

if TYPE_CHECKING:
    from collections.abc import Mapping

    from agari.rules import Rules

#: Fu rows of the points table (RULES.md "Fu": 20 pinfu tsumo, 25 seven pairs, then tens).
FU_ROWS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
MAX_FU: Final = 130


def impossible_reason(han: int, fu: int, tsumo: bool, rules: Rules) -> str | None:
    """Why no hand can score ``han`` han ``fu`` fu won this way, or ``None`` if one can.

    >>> from agari.rules import Rules
    >>> print(impossible_reason(1, 20, False, Rules.preset()))
    20 fu by ron is impossible: pinfu ron is 30 fu, and an open ron is 30 fu at least
    """
    if han < 1:
        return _("a winning hand has at least 1 han, not {han}").format(han=han)
    fives = rules.fu_rounding == "fives"
    if fu < 20 or fu > MAX_FU:
        return _("fu must be between 20 and {most}, not {fu}").format(most=MAX_FU, fu=fu)
    if fu % 10 and fu != 25:
        if fives:
            return _(
                "{fu} fu: fu_rounding=fives rounds the units digit 4 down and 6 up, and fu "
                "before rounding are even, so only seven pairs' 25 ends in 5"
            ).format(fu=fu)
        return _("{fu} fu: fu are rounded up to a multiple of 10; only seven pairs has 25").format(
            fu=fu
        )
    if fu == 20 and not tsumo:
        return _(
            "20 fu by ron is impossible: pinfu ron is 30 fu, and an open ron is 30 fu at least"
        )
    # Under fu_rounding=fives a tsumo of 22 or 24 fu rounds down to 20, at any han.
    if fu == 20 and tsumo and not fives:
        if han == 1:
            return _("1 han 20 fu by tsumo is impossible: 20 fu is pinfu tsumo, at least 2 han")
        if not rules.pinfu_tsumo:
            return _("20 fu by tsumo is pinfu tsumo, which rule pinfu_tsumo=off rules out")
    if fu == 25:
        if rules.chiitoitsu == "50fu1han":
            return _("25 fu is seven pairs, which is 50 fu 1 han under rule chiitoitsu=50fu1han")
        if han == 1:
            return _("25 fu is seven pairs, which is at least 2 han")
        if han == 2 and tsumo:
            return _("2 han 25 fu by tsumo is impossible: seven pairs by tsumo is at least 3 han")
    return None


def format_payment(payment: Mapping[str, int] | None) -> str:
    """A payment as players say it: ``3900``, ``1000/2000`` (non-dealer/dealer), ``2000 all``;
    ``-`` for none. Every payment shown to a user is written here.

    >>> format_payment({"tsumo_dealer": 2000, "tsumo_non_dealer": 1000})
    '1000/2000'
    >>> format_payment({"tsumo_each": 4000}), format_payment({"ron": 8000}), format_payment(None)
    ('4000 all', '8000', '-')
    """
    if not payment:
        return "-"
    if "ron" in payment:
        return str(payment["ron"])
    if "tsumo_each" in payment:
        return _("{points} all").format(points=payment["tsumo_each"])
    return f"{payment['tsumo_non_dealer']}/{payment['tsumo_dealer']}"


def value_words(han: int | None, fu: int | None, yakuman: int | None) -> str:
    """A hand's value as players say it: ``3 han 30 fu``, ``6 han``, ``yakuman``,
    ``2x yakuman``.

    >>> value_words(3, 30, 0), value_words(6, None, 0), value_words(26, None, 2)
    ('3 han 30 fu', '6 han', '2x yakuman')
    """
    if yakuman:
        return _("yakuman") if yakuman == 1 else _("{count}x yakuman").format(count=yakuman)
    if fu is None:
        return _("{han} han").format(han=han)
    return _("{han} han {fu} fu").format(han=han, fu=fu)


def payment_for(base: int, dealer: bool, tsumo: bool, rules: Rules) -> dict[str, int]:
    """The SPEC §3 payment of a win worth ``base`` (no honba, sticks, pao or wareme)."""
    context = Context(seat_wind="E" if dealer else "S", tsumo=tsumo)
    return dict(settle_win(base, context, rules).payment or {})


@dataclass(frozen=True, slots=True)
class PointsTable:
    """The han x fu table (``rows``: fu, then one cell per han 1-4; ``None`` = impossible)
    followed by the limits (``limits``: name, han in English, cell) and the note on
    ``kiriage`` (in the current language)."""

    dealer: bool
    tsumo: bool
    rules: str
    rows: tuple[tuple[int, tuple[str | None, ...]], ...]
    limits: tuple[tuple[str, str, str], ...]
    kiriage: bool = False
    kiriage_note: str = ""


def points_table(dealer: bool, tsumo: bool, rules: Rules) -> PointsTable:
    """The points table for one of the four situations (the same fu rows under both
    ``fu_rounding`` rules: rounded 4 down, 6 up, even fu still end in 0).

    >>> from agari.rules import Rules
    >>> t = points_table(False, False, Rules.preset("tenhou"))
    >>> dict(t.rows)[30]
    ('1000', '2000', '3900', '7700')
    """
    rows: list[tuple[int, tuple[str | None, ...]]] = []
    for fu in FU_ROWS:
        cells: list[str | None] = []
        for han in range(1, 5):
            if impossible_reason(han, fu, tsumo, rules) is not None:
                cells.append(None)
                continue
            base = base_points(han, fu, rules)[0]
            cells.append(format_payment(payment_for(base, dealer, tsumo, rules)))
        rows.append((fu, tuple(cells)))
    limits = []
    for name, hans, base in LIMIT_ROWS:
        if name == "sanbaiman" and rules.kazoe == "sanbaiman":
            hans = N_("11+ han")
        elif name == "yakuman":
            hans = N_("13+ han or a yakuman") if rules.kazoe == "yakuman" else N_("a yakuman")
        limits.append((name, hans, format_payment(payment_for(base, dealer, tsumo, rules))))
    if rules.kiriage:
        note = _("4 han 30 fu and 3 han 60 fu are rounded up to mangan")
    else:
        note = _("4 han 30 fu and 3 han 60 fu stay below mangan (base 1920)")
    if tsumo and rules.players == 3:
        note = _(
            "{note}; three-player: only the two other players pay a tsumo (tsumo loss)"
        ).format(note=note)
    return PointsTable(
        dealer=dealer,
        tsumo=tsumo,
        rules=rules.describe(),
        rows=tuple(rows),
        limits=tuple(limits),
        kiriage=rules.kiriage,
        kiriage_note=note,
    )


# --------------------------------------------------------------------------- calculator


def rule_warnings(han: int, fu: int | None, rules: Rules) -> list[str]:
    """Where rule sets differ on this han/fu, what the active rule does (issue 6):
    kiriage at 4 han 30 fu / 3 han 60 fu, kazoe at 13+ han (nothing under ``aotenjou``,
    which has no limits).

    >>> from agari.rules import Rules
    >>> rule_warnings(4, 30, Rules.preset("tenhou"))
    ['4 han 30 fu is not rounded up: kiriage=off (rules tenhou); with kiriage it is a mangan']
    """
    warnings: list[str] = []
    if rules.aotenjou:  # no limits: neither kiriage nor kazoe applies (base_points)
        return warnings
    named = rules.describe()
    if fu is not None and kiriage_applies(han, fu):
        if rules.kiriage:
            warnings.append(
                _(
                    "{han} han {fu} fu is rounded up to mangan by kiriage=on (rules {rules}); "
                    "without kiriage the base is {base}"
                ).format(han=han, fu=fu, rules=named, base=fu * 2 ** (2 + han))
            )
        else:
            warnings.append(
                _(
                    "{han} han {fu} fu is not rounded up: kiriage=off (rules {rules}); "
                    "with kiriage it is a mangan"
                ).format(han=han, fu=fu, rules=named)
            )
    if han >= 13:
        if rules.kazoe == "yakuman":
            warnings.append(
                _(
                    "{han} han counted as a yakuman (kazoe=yakuman, rules {rules}); "
                    "rule sets with kazoe=sanbaiman pay sanbaiman"
                ).format(han=han, rules=named)
            )
        elif rules.kazoe == "multiple":
            count = kazoe_count(base_points(han, 0, rules)[1])
            if count == 1:
                warning = _(
                    "{han} han counted as a yakuman (kazoe=multiple, rules {rules}); "
                    "rule sets with kazoe=sanbaiman pay sanbaiman"
                )
            else:
                warning = _(
                    "{han} han counted as {count} yakuman (kazoe=multiple, rules {rules}); "
                    "kazoe=yakuman counts it as one yakuman, kazoe=sanbaiman as sanbaiman"
                )
            warnings.append(warning.format(han=han, count=count, rules=named))
        else:
            warnings.append(
                _(
                    "{han} han capped at sanbaiman (kazoe=sanbaiman, rules {rules}); "
                    "rule sets with kazoe=yakuman count it as a yakuman"
                ).format(han=han, rules=named)
            )
    return warnings


@dataclass(frozen=True, slots=True)
class Calculation:
    """The payment calculator's answer: base points, limit, settlement, rule warnings."""

    base: int
    limit: str | None
    settlement: Settlement
    warnings: tuple[str, ...] = ()


def calculate(
    han: int,
    fu: int | None,
    rules: Rules,
    *,
    yakuman: int = 0,
    dealer: bool = False,
    tsumo: bool = False,
    honba: int = 0,
    sticks: int = 0,
) -> Calculation:
    """The payment for a hand whose han and fu are already counted (``agari points``).

    ``yakuman`` > 0 scores an n-fold yakuman and ignores ``han``/``fu``. The winner sits East
    when ``dealer``, else South; a ron is taken as coming from the seat before the winner.
    Raises :class:`ValueError` for a han/fu no hand can have (:func:`impossible_reason`).

    >>> from agari.rules import Rules
    >>> c = calculate(3, 30, Rules.preset(), dealer=True)
    >>> c.base, c.limit, c.settlement.payment
    (960, None, {'ron': 5800})
    """
    warnings: list[str] = []
    limit: str | None
    if yakuman:
        base, limit = yakuman_base(yakuman)
    else:
        if fu is None:
            if han <= 4:
                raise SettleError(_("fu are needed below 5 han ({han} han given)").format(han=han))
            if rules.aotenjou:  # no limits: the fu count at every han
                raise SettleError(
                    _("fu are needed at every han under aotenjou=on ({han} han given)").format(
                        han=han
                    )
                )
        else:
            reason = impossible_reason(han, fu, tsumo, rules)
            if reason is not None:
                raise SettleError(reason)
        base, limit = base_points(han, fu if fu is not None else 0, rules)
        warnings = rule_warnings(han, fu, rules)
    context = Context(
        seat_wind="E" if dealer else "S",
        tsumo=tsumo,
        win_from=None if tsumo else "left",
        honba=honba,
        sticks=sticks,
    )
    return Calculation(base, limit, settle_win(base, context, rules), tuple(warnings))
