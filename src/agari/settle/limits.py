"""Limits and base points (RULES.md "Limits and points"): from han and fu, or a yakuman count,
to the base that every payment is a multiple of.

>>> from agari.rules import Rules
>>> base_points(3, 30, Rules.preset("wrc2025"))
(960, None)
>>> base_points(4, 30, Rules.preset("tenhou")), base_points(4, 30, Rules.preset("wrc2025"))
((1920, None), (2000, 'mangan'))
>>> yakuman_base(2)
(16000, '2x_yakuman')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from agari.errors import SettleError
from agari.lang import N_, _

if TYPE_CHECKING:
    from agari.rules import Rules

MANGAN_BASE: Final = 2000
YAKUMAN_BASE: Final = 8000
#: The limit classes above mangan with the han that reach them (RULES.md "Limits and points";
#: the han in English, translated where shown).
LIMIT_ROWS: Final = (
    ("mangan", N_("5 han"), 2000),
    ("haneman", N_("6-7 han"), 3000),
    ("baiman", N_("8-10 han"), 4000),
    ("sanbaiman", N_("11-12 han"), 6000),
    ("yakuman", N_("13+ han or a yakuman"), 8000),
)
#: The hands ``kiriage`` rounds up to mangan: (han, fu).
KIRIAGE_HANDS: Final = ((4, 30), (3, 60))


def round_up_100(points: int) -> int:
    """Round a payment up to the next multiple of 100 (RULES.md "Limits and points").

    >>> round_up_100(3840), round_up_100(3900), round_up_100(0)
    (3900, 3900, 0)
    """
    return -(-points // 100) * 100


def base_points(han: int, fu: int, rules: Rules) -> tuple[int, str | None]:
    """Base points after limits and the limit's name (``None`` below mangan).

    For hands without a yakuman; 13+ han is ``kazoe_yakuman`` (8000) or ``sanbaiman`` (6000)
    per ``rules.kazoe`` (``multiple``: one yakuman per 13 han, at most ``yakuman_limit``).
    ``kiriage`` makes 4 han 30 fu and 3 han 60 fu a mangan. Under ``aotenjou`` there are no
    limits: ``fu x 2^(2+han)`` for any han.

    >>> from agari.rules import Rules
    >>> base_points(13, 30, Rules.preset("wrc2025")), base_points(13, 30, Rules.preset("ema2016"))
    ((8000, 'kazoe_yakuman'), (6000, 'sanbaiman'))
    """
    if han < 1:
        raise SettleError(_("a winning hand has at least 1 han, not {han}").format(han=han))
    if rules.aotenjou:  # no limits at all (riichi.wiki Aotenjou)
        if fu < 20:
            raise SettleError(_("a winning hand has at least 20 fu, not {fu}").format(fu=fu))
        return fu * 2 ** (2 + han), None
    if han >= 13:
        if rules.kazoe == "yakuman":
            return YAKUMAN_BASE, "kazoe_yakuman"
        if rules.kazoe == "multiple":  # 26+ han count as more yakuman
            multiple = han // 13
            cap = rules.yakuman_cap
            if cap is not None:
                multiple = min(multiple, cap)
            return YAKUMAN_BASE * multiple, kazoe_limit(multiple)
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return MANGAN_BASE, "mangan"
    if fu < 20:
        raise SettleError(_("a winning hand has at least 20 fu, not {fu}").format(fu=fu))
    raw = fu * 2 ** (2 + han)
    if raw >= MANGAN_BASE:
        return MANGAN_BASE, "mangan"
    if rules.kiriage and kiriage_applies(han, fu):
        return MANGAN_BASE, "mangan"
    return raw, None


def yakuman_base(multiple: int) -> tuple[int, str]:
    """Base points of an ``multiple``-fold yakuman and the limit name.

    >>> yakuman_base(1), yakuman_base(3)
    ((8000, 'yakuman'), (24000, '3x_yakuman'))
    """
    if multiple < 1:
        raise SettleError(
            _("a yakuman hand is worth at least one yakuman, not {count}").format(count=multiple)
        )
    name = "yakuman" if multiple == 1 else f"{multiple}x_yakuman"
    return YAKUMAN_BASE * multiple, name


def kazoe_limit(multiple: int) -> str:
    """The limit name of a counted (kazoe) yakuman worth ``multiple`` yakuman: ``kazoe_yakuman``,
    then ``2x_yakuman`` … (SPEC §3's names; ``yakuman`` in the result says how many).

    >>> kazoe_limit(1), kazoe_limit(2)
    ('kazoe_yakuman', '2x_yakuman')
    """
    return "kazoe_yakuman" if multiple == 1 else f"{multiple}x_yakuman"


def kazoe_count(limit: str | None) -> int:
    """How many yakuman a hand without a yakuman pattern is worth by its ``limit``.

    >>> kazoe_count("kazoe_yakuman"), kazoe_count("2x_yakuman"), kazoe_count("baiman")
    (1, 2, 0)
    """
    if limit == "kazoe_yakuman":
        return 1
    if limit is not None and limit.endswith("x_yakuman"):
        return int(limit.split("x_", 1)[0])
    return 0


def kiriage_applies(han: int, fu: int) -> bool:
    """4 han 30 fu and 3 han 60 fu: the hands the ``kiriage`` switch rounds up to mangan."""
    return (han, fu) in KIRIAGE_HANDS
