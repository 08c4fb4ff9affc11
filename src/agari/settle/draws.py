"""Rounds without a winner (RULES.md "At the end of a hand without a winner"): the exhaustive
draw (noten payments, or nagashi mangan in their place) and chombo, each a :class:`Settlement`.

* Noten payments: 3000 in all (2000 in three-player) from the seats not ready to those ready
  (``noten_payments=each_ready``: that much to each ready seat);
  nobody or everybody ready: nothing. Riichi sticks stay on the table; the counter goes up.
* Nagashi mangan (``nagashi=on``): paid as a mangan tsumo, replacing noten payments, without
  honba (what real Tenhou logs show).
* Chombo: ``mangan`` -- a reverse mangan paid at once (a mangan tsumo paid by the offender,
  with tsumo loss in three-player: 4000 to the dealer and 2000 to the other, or 4000 to each);
  ``20000`` -- a 20,000-point penalty taken from the final score at the end, outside the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agari.errors import SettleError
from agari.lang import _, ngettext
from agari.settle.limits import MANGAN_BASE
from agari.settle.seats import check_seat, seats_in_play
from agari.settle.win import tsumo_shares
from agari.settlement import Settlement, Transfer

if TYPE_CHECKING:
    from agari.rules import Rules

CHOMBO_PENALTY = 20000


@dataclass(frozen=True, slots=True)
class DrawSettlement:
    """What changes hands at an exhaustive draw.

    ``kind`` is ``"noten"`` (noten payments), ``"nagashi"`` (nagashi mangan, replacing noten
    payments) or ``"none"`` (nobody or everybody ready). ``settlement`` holds the transfers
    (their deltas sum to zero: riichi sticks stay on the table). ``sticks`` stay for the next
    hand, ``next_honba`` is the counter of the next hand, ``dealer_keeps`` whether the dealer
    was ready (and so keeps the deal, renchan).
    """

    kind: str
    tenpai: tuple[str, ...]
    noten: tuple[str, ...]
    nagashi: str | None
    settlement: Settlement
    sticks: int
    next_honba: int
    dealer_keeps: bool

    @property
    def deltas(self) -> dict[str, int]:
        deltas = self.settlement.deltas
        assert deltas is not None  # every payer of a draw is known
        return deltas

    @property
    def notes(self) -> tuple[str, ...]:
        return self.settlement.notes


def noten_total(rules: Rules) -> int:
    """Noten payments in all: 3000; 2000 in three-player (RULES.md "Three-player")."""
    return 2000 if rules.players == 3 else 3000


def settle_draw(
    tenpai: Iterable[str],
    nagashi: str | None,
    honba: int,
    sticks: int,
    rules: Rules,
) -> DrawSettlement:
    """Settle an exhaustive draw.

    >>> from agari.rules import Rules
    >>> settle_draw({"E"}, None, 0, 1, Rules.preset()).deltas
    {'E': 3000, 'S': -1000, 'W': -1000, 'N': -1000}
    """
    seats = seats_in_play(rules)
    ready = set(tenpai)
    for seat in ready:
        check_seat(seat, seats, "tenpai seat")
    if honba < 0 or sticks < 0:
        raise SettleError(_("honba and sticks cannot be negative"))
    ready_t = tuple(s for s in seats if s in ready)
    noten_t = tuple(s for s in seats if s not in ready)
    transfers: list[Transfer] = []
    notes: list[str] = []
    if nagashi is not None:
        check_seat(nagashi, seats, "nagashi seat")
        if not rules.nagashi:
            raise SettleError(
                _("nagashi mangan is off under rules {rules} (rule nagashi=off)").format(
                    rules=rules.describe()
                )
            )
        transfers = [
            Transfer(seat, nagashi, amount, "nagashi")
            for seat, amount in tsumo_shares(MANGAN_BASE, nagashi, seats).items()
        ]
        kind = "nagashi"
        notes.append(
            _(
                "nagashi mangan: {seat} is paid as a mangan tsumo, replacing noten payments; "
                "no honba is paid"
            ).format(seat=nagashi)
        )
    elif not ready_t or not noten_t:
        kind = "none"
        notes.append(_("nobody ready") if not ready_t else _("everybody ready"))
        notes.append(_("no noten payments"))
    else:
        kind = "noten"
        total = noten_total(rules)
        # Each noten seat pays its part of the total, spread evenly over the ready seats
        # (3000 and 2000 split evenly over one, two or three seats on either side); under
        # noten_payments=each_ready every ready seat receives the whole total.
        share = total // len(noten_t)
        if rules.noten_payments == "pool":
            share //= len(ready_t)
        transfers = [
            Transfer(payer, payee, share, "noten") for payer in noten_t for payee in ready_t
        ]
    counter = _("the counter goes up to {honba}").format(honba=honba + 1)
    if sticks:
        stay = ngettext(
            "{count} riichi stick stays on the table",
            "{count} riichi sticks stay on the table",
            sticks,
        ).format(count=sticks)
        counter = f"{stay}; {counter}"
    notes.append(counter)
    return DrawSettlement(
        kind=kind,
        tenpai=ready_t,
        noten=noten_t,
        nagashi=nagashi,
        settlement=Settlement(
            "nagashi" if kind == "nagashi" else "draw", seats, tuple(transfers), tuple(notes)
        ),
        sticks=sticks,
        next_honba=honba + 1,
        dealer_keeps="E" in ready,
    )


@dataclass(frozen=True, slots=True)
class ChomboSettlement:
    """The penalty for a chombo by ``seat`` under ``rule`` (the ``chombo`` switch).

    ``"mangan"``: a reverse mangan paid at once. ``"20000"``: nothing changes hands on the
    table (``deltas`` all 0) and ``penalty`` is taken from the seat's final score at the end.
    """

    seat: str
    rule: str
    settlement: Settlement

    @property
    def deltas(self) -> dict[str, int]:
        deltas = self.settlement.deltas
        assert deltas is not None  # every payer of a chombo is known
        return deltas

    @property
    def penalty(self) -> int:
        return self.settlement.penalties.get(self.seat, 0)

    @property
    def notes(self) -> tuple[str, ...]:
        return self.settlement.notes


def settle_chombo(seat: str, rules: Rules) -> ChomboSettlement:
    """The chombo penalty of ``seat``.

    >>> from agari.rules import Rules
    >>> settle_chombo("S", Rules.preset("tenhou")).deltas
    {'E': 4000, 'S': -8000, 'W': 2000, 'N': 2000}
    >>> settle_chombo("S", Rules.preset("wrc2025")).penalty
    20000
    """
    seats = seats_in_play(rules)
    check_seat(seat, seats, "chombo seat")
    replay = _("the hand is replayed with the same counter")
    if rules.chombo == "mangan":
        transfers = tuple(
            Transfer(seat, other, amount, "chombo")
            for other, amount in tsumo_shares(MANGAN_BASE, seat, seats).items()
        )
        if seat == "E":
            who = _("reverse mangan: the dealer E pays 4000 to each other player")
        else:
            who = _(
                "reverse mangan: {seat} pays 4000 to the dealer and 2000 to each other player"
            ).format(seat=seat)
        notes = (who, replay)
    else:
        transfers = (Transfer(seat, None, CHOMBO_PENALTY, "chombo", at_end=True),)
        notes = (
            _(
                "{seat} loses {points} points from the final score, applied at the end outside "
                "the table; nothing changes hands now"
            ).format(seat=seat, points=CHOMBO_PENALTY),
            replay,
        )
    return ChomboSettlement(
        seat=seat, rule=rules.chombo, settlement=Settlement("chombo", seats, transfers, notes)
    )
