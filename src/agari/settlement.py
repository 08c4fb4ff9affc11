"""Settlement as data: who pays whom how much and why.

Every way points change hands in one round -- a win (the hand's value, liability, wareme,
honba, riichi sticks), an exhaustive draw (noten payments), nagashi mangan, chombo -- is a
:class:`Settlement`: a tuple of :class:`Transfer` values. The SPEC §3 ``deltas``, the paid and
received figures, the payment text and the score sheet are all derived from it; a game ledger
adds settlements up, and several winners on one discard are several settlements.

Seats are wind letters of the round (``E`` deals). The table itself is ``None``: riichi sticks
are paid from the table to a winner, and a deposit goes to it. A penalty settled at the end of
the game (chombo under ``chombo=20000``) leaves the table with ``at_end``: it is not part of
the round's deltas.

A ron whose discarder is not known has :data:`UNKNOWN` as the payer: its value and total are
known, every seat's change is not (``deltas`` is ``None``).

>>> s = Settlement("win", ("E", "S", "W", "N"), (
...     Transfer("E", "S", 3900, "hand"), Transfer("E", "S", 300, "honba"),
...     Transfer(None, "S", 1000, "sticks")), winner="S", payment={"ron": 3900})
>>> s.deltas
{'E': -4200, 'S': 5200, 'W': 0, 'N': 0}
>>> s.points, s.total, s.received("S"), s.paid_by("E"), s.table_change
(3900, 5200, 5200, 4200, -1000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from agari.frozen import ReadOnlyDict

# Held as a Final value, which the compiled build keeps in a C static: a name imported from an
# interpreted module (``frozen``) is otherwise looked up in this module's globals at each use.
_READ_ONLY: Final = ReadOnlyDict

#: Why points move. ``hand``: the value of a win (``pao``: the part a liable seat pays;
#: ``wareme``: the extra a wareme seat pays or receives); ``honba``: the repeat counters;
#: ``sticks``: riichi sticks from the table to the winner; ``riichi``: a riichi deposit to the
#: table; ``noten``: payments at an exhaustive draw; ``nagashi``: nagashi mangan; ``chombo``: a
#: penalty for a foul.
Reason = Literal["hand", "pao", "wareme", "honba", "sticks", "riichi", "noten", "nagashi", "chombo"]
Kind = Literal["win", "draw", "nagashi", "chombo"]
#: The reasons that make up the value of a win (``points``), before honba and sticks.
VALUE_REASONS: Final = ("hand", "pao", "wareme")
#: The payer of a ron whose discarder is not known.
UNKNOWN: Final = "?"


class Transfer(NamedTuple):
    """``amount`` points from ``payer`` to ``payee`` (``None``: the table) for ``reason``.

    ``at_end``: taken from the payer's final score at the end of the game, outside the table
    (a chombo penalty under ``chombo=20000``); such a transfer is not in :meth:`Settlement.deltas`.

    A named tuple: an immutable value made in one step (``tuple.__new__(Transfer, fields)``
    where it is made for every hand scored, :func:`agari.settle.win.settle_win`); a frozen
    dataclass sets its five fields one by one, which cost more than the rest of a usual
    win's settlement.
    """

    payer: str | None
    payee: str | None
    amount: int
    reason: Reason
    at_end: bool = False


@dataclass(frozen=True, slots=True, init=False)
class Settlement:
    """The transfers of one round's outcome among ``seats`` (E S W N, or E S W in
    three-player), with notes that explain choices (stable prefixes: ``liability``,
    ``wareme``, ``three-player``, ``discarder unknown``, ``nagashi``)."""

    kind: Kind
    seats: tuple[str, ...]
    transfers: tuple[Transfer, ...]
    notes: tuple[str, ...] = ()
    #: The winner of a win (``None`` otherwise).
    winner: str | None = None
    #: A win's SPEC §3 ``payment`` (read-only): the hand's ordinary shares before honba
    #: and sticks (see :func:`agari.settle.win.settle_win`); ``None`` for other settlements.
    payment: Mapping[str, int] | None = None

    # Written out (init=False): see :class:`Transfer`.
    def __init__(
        self,
        kind: Kind,
        seats: tuple[str, ...],
        transfers: tuple[Transfer, ...],
        notes: tuple[str, ...] = (),
        winner: str | None = None,
        payment: Mapping[str, int] | None = None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "transfers", transfers)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "winner", winner)
        if payment is not None and type(payment) is not _READ_ONLY:
            payment = _READ_ONLY(payment)
        object.__setattr__(self, "payment", payment)

    def figures(self) -> tuple[int, int, dict[str, int] | None]:
        """``(points, total, deltas)`` in one pass over the transfers: what a result reads
        off a win's settlement (see the properties of those names)."""
        winner = self.winner
        points = total = 0
        # (a comprehension: the compiled build builds it natively, where ``dict.fromkeys``
        # is a call through the Python API)
        deltas: dict[str, int] | None = {seat: 0 for seat in self.seats}
        for t in self.transfers:
            amount = t.amount
            payer = t.payer
            payee = t.payee
            if winner is not None and payee == winner:
                total += amount
                if t.reason in VALUE_REASONS:
                    points += amount
            if deltas is not None:
                if payer == UNKNOWN:
                    deltas = None
                elif not t.at_end:
                    if payer is not None:
                        deltas[payer] -= amount
                    if payee is not None:
                        deltas[payee] += amount
        return points, total, deltas

    def __reduce__(self) -> tuple[type[Settlement], tuple[object, ...]]:
        """Pickled as its fields and made again by ``__init__`` (worker processes send
        results; the compiled build's frozen class cannot have its fields set one by one)."""
        fields = (self.kind, self.seats, self.transfers, self.notes, self.winner, self.payment)
        return (Settlement, fields)

    @property
    def points(self) -> int:
        """A win's value before honba and sticks: what the winner gets for the hand."""
        return self.figures()[0]

    @property
    def total(self) -> int:
        """What the winner receives in all, honba and sticks included."""
        return self.figures()[1]

    @property
    def honba_points(self) -> int:
        return self.received(self.winner, "honba") if self.winner is not None else 0

    @property
    def sticks_points(self) -> int:
        return self.received(self.winner, "sticks") if self.winner is not None else 0

    @property
    def known(self) -> bool:
        """Whether every payer is known (a ron's discarder may not be)."""
        return all(t.payer != UNKNOWN for t in self.transfers)

    @property
    def deltas(self) -> dict[str, int] | None:
        """Every seat's score change now (transfers ``at_end`` excluded), or ``None`` when a
        payer is not known; they sum to what left the table (riichi sticks taken) minus
        what reached it."""
        return self.figures()[2]

    def received(self, seat: str, *reasons: Reason) -> int:
        """What ``seat`` receives (for ``reasons`` only, if given)."""
        return sum(
            t.amount
            for t in self.transfers
            if t.payee == seat and (not reasons or t.reason in reasons)
        )

    def paid_by(self, seat: str, *reasons: Reason) -> int:
        """What ``seat`` pays (for ``reasons`` only, if given), now or at the end."""
        return sum(
            t.amount
            for t in self.transfers
            if t.payer == seat and (not reasons or t.reason in reasons)
        )

    @property
    def paid(self) -> dict[str, int] | None:
        """What each paying seat hands over now, in seat order (seats that pay nothing left
        out); ``None`` when a payer is not known."""
        if not self.known:
            return None
        paid = {seat: self.paid_by(seat) for seat in self.seats if seat != self.winner}
        return {seat: amount for seat, amount in paid.items() if amount}

    @property
    def table_change(self) -> int:
        """Points the table gains (riichi deposits) minus those it gives (sticks taken)."""
        return sum(
            t.amount if t.payee is None else -t.amount
            for t in self.transfers
            if (t.payer is None) != (t.payee is None) and not t.at_end
        )

    @property
    def penalties(self) -> dict[str, int]:
        """Points each seat loses at the end of the game (``at_end`` transfers)."""
        out: dict[str, int] = {}
        for t in self.transfers:
            if t.at_end and t.payer is not None:
                out[t.payer] = out.get(t.payer, 0) + t.amount
        return out
