"""Several winners on one discard: who is paid, who takes the honba and the sticks.

RULES.md ("Games"): Tenhou and Mahjong Soul pay each winner (a double ron; a triple ron is
an abortive draw on Tenhou, ``triple_ron=abort``), and only the winner nearest the discarder
in turn order takes the honba and the riichi sticks (``multiple_ron_honba=nearest``; EMA pays
the honba to each, ``each``); WRC and M.League use the head bump (``multiple_ron=head_bump``:
only the winner nearest the discarder wins). The rule is written here once:
:func:`settle_rons` orders the winners, applies it and gives every paid winner's counters to
a ``settle`` function that values that winner's hand (:func:`~agari.settle.win.settle_win`
for a counted hand in ``agari points``; the game ledger scores the whole hand), then joins
their transfers into one :class:`~agari.settlement.Settlement`.

>>> from agari.hand import Context
>>> from agari.rules import Rules
>>> from agari.settle import settle_win, source_of
>>> rules = Rules.preset("tenhou")
>>> bases = {"S": 960, "W": 640}  # 3 han 30 fu and 2 han 40 fu, both on E's discard
>>> def one(seat, honba, sticks):
...     context = Context(seat_wind=seat, win_from=source_of(seat, "E", rules),
...                       honba=honba, sticks=sticks)
...     return settle_win(bases[seat], context, rules)
>>> rons = settle_rons("E", ["W", "S"], 1, 1, rules, one)
>>> rons.winners, [s.total for s in rons.wins], rons.settlement.deltas
(('S', 'W'), [5200, 2600], {'E': -6800, 'S': 5200, 'W': 2600, 'N': 0})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agari.errors import SettleError
from agari.lang import _
from agari.settle.seats import check_seat, seats_in_play
from agari.settlement import Settlement

if TYPE_CHECKING:
    from agari.rules import Rules


@dataclass(frozen=True, slots=True)
class SeveralRons:
    """One discard won on by ``order`` (every winner, nearest the discarder first).

    ``winners``: those paid, in that order (the head bump keeps the first; a triple ron that
    aborts, none); ``bumped``: those the head bump leaves unpaid; ``wins``: each paid
    winner's own settlement; ``settlement``: all their transfers in one list (kind ``draw``
    with no transfers for an abortive triple ron); ``aborted``: the triple ron aborts."""

    discarder: str
    order: tuple[str, ...]
    winners: tuple[str, ...]
    bumped: tuple[str, ...]
    wins: tuple[Settlement, ...]
    settlement: Settlement
    aborted: bool = False


def settle_rons(
    discarder: str,
    winners: Sequence[str],
    honba: int,
    sticks: int,
    rules: Rules,
    settle: Callable[[str, int, int], Settlement],
) -> SeveralRons:
    """Settle one or more rons on ``discarder``'s tile under ``honba`` counters with ``sticks``
    riichi sticks on the table. ``settle(winner, honba, sticks)`` values one winner's hand with
    the counters that winner gets: the nearest winner in turn order all of them, the others
    no sticks and no honba (or the honba too under ``multiple_ron_honba=each``). Seats are
    winds of the round. :class:`SettleError` for a seat that does not play, a winner named
    twice or a discarder among the winners."""
    seats = seats_in_play(rules)
    check_seat(discarder, seats, "discarder")
    for winner in winners:
        check_seat(winner, seats, "winner")
        if winner == discarder:
            raise SettleError(
                _("the discarder ({seat}) cannot also win on the discard").format(seat=discarder)
            )
    if not winners:
        raise SettleError(_("a ron needs a winner"))
    if len(set(winners)) != len(winners):
        raise SettleError(_("the same seat wins twice on one discard"))
    at = seats.index(discarder)
    order = tuple(sorted(winners, key=lambda w: (seats.index(w) - at) % len(seats)))
    if len(order) == 3 and rules.triple_ron == "abort" and rules.multiple_ron == "all":
        note = _("three rons on one discard: an abortive draw (triple_ron=abort)")
        aborted = Settlement("draw", seats, (), (note,))
        return SeveralRons(discarder, order, (), (), (), aborted, aborted=True)
    paid = order[:1] if rules.multiple_ron == "head_bump" else order
    wins: list[Settlement] = []
    for i, winner in enumerate(paid):
        nearest = i == 0
        each = honba if nearest or rules.multiple_ron_honba == "each" else 0
        wins.append(settle(winner, each, sticks if nearest else 0))
    notes = [note for win in wins for note in win.notes]
    if len(order) > 1 and rules.multiple_ron == "head_bump":
        notes.append(
            _(
                "head bump (multiple_ron=head_bump): only {seat}, the winner nearest the "
                "discarder, wins; {others} not paid"
            ).format(seat=order[0], others=", ".join(order[1:]))
        )
    elif len(order) > 1 and (honba or sticks):
        to = (
            _("honba and sticks to {seat}, the winner nearest the discarder")
            if rules.multiple_ron_honba == "nearest"
            else _("sticks to {seat}, the winner nearest the discarder")
        )
        notes.append(to.format(seat=order[0]))
    transfers = tuple(t for win in wins for t in win.transfers)
    settlement = Settlement("win", seats, transfers, tuple(notes))
    return SeveralRons(discarder, order, paid, order[len(paid) :], tuple(wins), settlement)
