"""Who pays what for a win: one path for every win, as a :class:`Settlement` of transfers.

The hand's ordinary shares come first (a ron: the discarder pays 4 x base, 6 x for a dealer;
a tsumo: each other seat pays base, twice that to or from the dealer; in three-player nobody
pays the absent North's share: tsumo loss). Then the rules adjust the shares:

* **Liability (pao).** ``liable_base`` of the base (a yakuman, 8000 each) is the liable
  seat's. On tsumo the liable seat pays that part "as if ron was called against" it (4 x or
  6 x, so also without tsumo loss) and the rest is shared the ordinary way; on a ron by
  another seat the liable seat and the discarder pay half each of the liable part. The liable
  seat pays every honba (riichi.wiki "Sekinin barai": "the liable player pays the full value
  of any honba"; its tsumo example: W liable for S's daisangen + tsuuiisou at 1 honba pays
  32300 + 8000, E 16000, N 8000). Under ``pao_tsumo=whole`` (Tenhou: a real game, daisangen +
  tsuuiisou by tsumo, liable for the daisangen, paid all 64,000) the liable seat pays the
  whole hand of a tsumo as if it had dealt in, and nobody else pays.
* **Wareme.** The seed lists "adjusting the score by wareme rule" as the last step; we follow
  the common description (reachmahjong.com forum, "Wareme Rule"): the wareme seat's payments
  are doubled, and when the wareme seat wins every payment to it is doubled. Honba and riichi
  sticks are not doubled.

Last come the honba (``rules.honba`` per counter on a ron, two thirds of it in three-player;
a third from each payer on a tsumo) and the riichi sticks on the table (1000 each).

``payment`` (SPEC §3) is made from the ordinary shares before any adjustment: ``{"ron": n}``
(everything the winner gets for the hand, however split), ``{"tsumo_dealer": n,
"tsumo_non_dealer": n}`` or ``{"tsumo_each": n}`` (doubled when the winner is the wareme seat),
plus ``"wareme": n`` when a tsumo payer is the wareme seat and pays double.

>>> from agari.hand import Context
>>> from agari.rules import Rules
>>> s = settle_win(960, Context(seat_wind="S", win_from="left", honba=1), Rules.preset())
>>> s.payment, s.points, s.total, s.deltas
({'ron': 3900}, 3900, 4200, {'E': -4200, 'S': 4200, 'W': 0, 'N': 0})
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from agari.errors import SettleError
from agari.lang import N_, _
from agari.settle.limits import round_up_100
from agari.settle.seats import check_seat, seat_from, seats_in_play
from agari.settlement import UNKNOWN, Reason, Settlement, Transfer

if TYPE_CHECKING:
    from agari.hand import Context
    from agari.rules import Rules

STICK: Final = 1000

#: One payer's share of a win: ``(payer, amount, reason)``.
Share = tuple[str, int, Reason]


def honba_per_ron(rules: Rules) -> int:
    """Honba points per counter on a ron: ``rules.honba`` (300); two thirds in three-player."""
    if rules.players == 3:
        return 2 * (rules.honba // 3)
    return rules.honba


def honba_per_tsumo_payer(rules: Rules) -> int:
    """Honba points per counter from each payer on a tsumo: a third of ``rules.honba`` (100)."""
    return rules.honba // 3


def tsumo_shares(base: int, winner: str, seats: tuple[str, ...]) -> dict[str, int]:
    """Ordinary tsumo payments of ``base`` from every seat in ``seats`` but the winner."""
    dealer_wins = winner == "E"
    return {
        seat: round_up_100(base * (2 if dealer_wins or seat == "E" else 1))
        for seat in seats
        if seat != winner
    }


def settle_win(base: int, context: Context, rules: Rules, liable_base: int = 0) -> Settlement:
    """The settlement of a win worth ``base`` points (after limits).

    The winner is ``context.seat_wind`` (dealer when East); ``context.tsumo`` says how it was
    won, ``context.win_from`` whom a ron came from (unknown: the payer is ``UNKNOWN``),
    ``context.honba``/``context.sticks`` the counters, ``context.pao`` the liable seat for
    ``liable_base`` of the base, ``context.wareme`` the wareme seat (``rules.wareme``).
    Notes explain liability, wareme, three-player and an unknown discarder.
    """
    if base < 0 or liable_base < 0:
        raise SettleError(_("base points cannot be negative"))
    seats = seats_in_play(rules)
    winner = context.seat_wind
    if winner not in seats:
        check_seat(winner, seats, "winner")
    tsumo = context.tsumo
    notes: list[str] = []
    shares, payment = _ordinary_shares(base, context, rules, seats)
    if tsumo:
        honba_payers = [seat for seat, _, _ in shares]
        honba_each = honba_per_tsumo_payer(rules)
    else:
        honba_payers = [shares[0][0]]
        honba_each = honba_per_ron(rules)

    pao = context.pao if liable_base else None
    if pao is not None and (pao == winner or pao not in seats):
        notes.append(
            _("liability ignored: seat {seat} cannot be liable for this win").format(seat=pao)
        )
        pao = None
    if pao is not None:
        shares, honba_payers, honba_each = _liable_shares(
            shares, base, min(liable_base, base), pao, winner, context.tsumo, seats, rules
        )
        if context.tsumo:
            notes.append(
                _(
                    "liability: {seat} pays the liable part as if it had dealt in, and the honba"
                ).format(seat=pao)
            )
        elif shares[-1][2] == "pao":
            notes.append(
                _(
                    "liability: {seat} pays half of the liable part ({points}) and the honba; "
                    "the discarder pays the rest"
                ).format(seat=pao, points=shares[-1][1])
            )
    if context.tsumo and rules.players == 3:
        notes.append(_("three-player: tsumo loss (no share for the absent North seat)"))
    unknown = not tsumo and shares[0][0] == UNKNOWN
    if unknown:
        notes.append(_(_DISCARDER_UNKNOWN[0]))  # one translation: every ron valued has it

    wareme = context.wareme if rules.wareme and context.wareme in seats else None
    if wareme is not None:
        shares = _wareme_shares(shares, wareme, winner, notes)
        if wareme == winner:
            payment = {key: 2 * amount for key, amount in payment.items()}
        elif context.tsumo and any(seat == wareme for seat, _, _ in shares):
            payment["wareme"] = sum(a for seat, a, _ in shares if seat == wareme)
    if not tsumo and (pao is not None or wareme is not None):
        payment = {"ron": sum(amount for _, amount, _ in shares)}
    if unknown and wareme is not None and wareme != winner:
        notes.append(_(_DISCARDER_UNKNOWN[1]))

    # Transfers made as tuples of their fields (Transfer is a named tuple): several per
    # hand scored, where its Python-level __new__ would cost a call each.
    transfers = [_new(_TRANSFER, (p, winner, a, why, False)) for p, a, why in shares]
    honba = context.honba
    if honba:
        each = honba_each * honba
        transfers += [_new(_TRANSFER, (p, winner, each, "honba", False)) for p in honba_payers]
    if context.sticks:
        transfers.append(_new(_TRANSFER, (None, winner, STICK * context.sticks, "sticks", False)))
    return Settlement("win", seats, tuple(transfers), tuple(notes), winner, payment)


def hand_points(base: int, context: Context, rules: Rules, liable_base: int = 0) -> int:
    """The winner's points for a win worth ``base``: what ``settle_win(...).points`` reads
    (the hand's shares, liability and wareme as settled; no honba, no sticks), without the
    transfers made where neither liability nor wareme moves a share (the review values
    thousands of ready hands)."""
    seats = seats_in_play(rules)
    winner = context.seat_wind
    moved = (liable_base > 0 and context.pao is not None) or (
        rules.wareme and context.wareme in seats
    )
    if moved or min(base, liable_base) < 0 or winner not in seats:  # in full, or refused
        return settle_win(base, context, rules, liable_base).figures()[0]
    return sum([amount for _, amount, _ in _ordinary_shares(base, context, rules, seats)[0]])


def _ordinary_shares(
    base: int, context: Context, rules: Rules, seats: tuple[str, ...]
) -> tuple[list[Share], dict[str, int]]:
    """The hand's ordinary shares of a win worth ``base``, and the SPEC §3 payment made
    from them (:func:`tsumo_shares`, written out: the dealer pays twice the base, everyone
    pays twice when the dealer wins; a ron's discarder pays 4 x, 6 x to the dealer)."""
    winner = context.seat_wind
    if context.tsumo:
        twice = round_up_100(2 * base)
        shares: list[Share]
        if winner == "E":
            shares = [(seat, twice, "hand") for seat in seats if seat != winner]
            return shares, {"tsumo_each": twice}
        once = round_up_100(base)
        shares = [
            (seat, twice if seat == "E" else once, "hand") for seat in seats if seat != winner
        ]
        return shares, {"tsumo_dealer": twice, "tsumo_non_dealer": once}
    discarder = seat_from(winner, context.win_from, rules) or UNKNOWN
    value = round_up_100(base * (6 if winner == "E" else 4))
    return [(discarder, value, "hand")], {"ron": value}


_new: Final = tuple.__new__
# A Final alias, which the compiled build keeps in a C static (a module-level name is
# otherwise looked up in the module's globals at each use). Settlement, a compiled class, is
# called by its own name: the compiled build calls its constructor directly.
_TRANSFER: Final = Transfer


def _liable_shares(
    shares: list[Share],
    base: int,
    liable: int,
    pao: str,
    winner: str,
    tsumo: bool,
    seats: tuple[str, ...],
    rules: Rules,
) -> tuple[list[Share], list[str], int]:
    """The shares with the liable part moved to ``pao``, and who pays the honba (the liable
    seat, at the ron rate), see the module docstring."""
    times = 6 if winner == "E" else 4
    if tsumo and rules.pao_tsumo == "whole":
        liable = base
    liable_value = round_up_100(liable * times)
    rest = base - liable
    if tsumo:
        ordinary: list[Share] = [
            (seat, amount, "hand") for seat, amount in tsumo_shares(rest, winner, seats).items()
        ]
        return (
            [*(ordinary if rest else []), (pao, liable_value, "pao")],
            [pao],
            honba_per_ron(rules),
        )
    discarder = shares[0][0]
    if pao == discarder:
        return shares, [discarder], honba_per_ron(rules)
    rest_value = round_up_100(rest * times) if rest else 0
    pao_half = round_up_100(-(-liable_value // 2))
    return (
        [(discarder, rest_value + liable_value - pao_half, "hand"), (pao, pao_half, "pao")],
        [pao],
        honba_per_ron(rules),
    )


#: The notes of a ron whose discarder is not known (message ids).
_DISCARDER_UNKNOWN: Final = (
    N_("discarder unknown: no per-seat settlement"),
    N_("discarder unknown: a wareme discarder would pay double"),
)


def discarder_unknown() -> tuple[str, ...]:
    """The notes of a ron whose discarder is not known, in the current language: the
    normal case of a ron without a marker, which a hand's warnings leave out (its
    ``deltas`` say it)."""
    return tuple(_(note) for note in _DISCARDER_UNKNOWN)


def _wareme_shares(shares: list[Share], wareme: str, winner: str, notes: list[str]) -> list[Share]:
    """Each of the wareme seat's shares (every share, when it won) paid again as ``wareme``."""
    doubled = [s for s in shares if winner == wareme or s[0] == wareme]
    if not doubled:
        return shares
    if winner == wareme:
        notes.append(
            _("wareme: the winner {seat} receives double (honba and sticks not)").format(
                seat=wareme
            )
        )
    else:
        notes.append(_("wareme: {seat} pays double (honba not)").format(seat=wareme))
    return [*shares, *((payer, amount, "wareme") for payer, amount, _ in doubled)]
