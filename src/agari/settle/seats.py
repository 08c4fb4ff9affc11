"""Seats of one round: E S W N (E S W in three-player), who sits left, across and right.

"Left" (kamicha) is the seat before a player in turn order E→S→W→N, "right" (shimocha) the
seat after; in three-player nobody sits across.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from agari.errors import SettleError
from agari.lang import N_, _

if TYPE_CHECKING:
    from agari.rules import Rules

SEATS: Final = ("E", "S", "W", "N")
THREE_PLAYER_SEATS: Final = ("E", "S", "W")
#: The seats :func:`check_seat` is asked about, as its messages name them (translated where
#: shown).
ROLES: Final = (
    N_("winner"),
    N_("discarder"),
    N_("tenpai seat"),
    N_("nagashi seat"),
    N_("chombo seat"),
)


def seats_in_play(rules: Rules) -> tuple[str, ...]:
    """E S W N, or E S W in three-player (North is absent)."""
    return THREE_PLAYER_SEATS if rules.players == 3 else SEATS


def check_seat(seat: str, seats: tuple[str, ...], what: str) -> None:
    """Refuse (:class:`SettleError`) a ``seat`` not among ``seats``; ``what`` is the seat's
    role (one of :data:`ROLES`)."""
    if seat not in seats:
        if seat in SEATS:
            raise SettleError(
                _("{what} {seat}: seat {seat} does not play in three-player mahjong").format(
                    what=_(what), seat=seat
                )
            )
        raise SettleError(
            _("{what} {seat} is not a seat; seats are {seats}").format(
                what=_(what), seat=repr(seat), seats=", ".join(seats)
            )
        )


def seat_from(winner: str, source: str | None, rules: Rules) -> str | None:
    """The discarder's seat from the winner's seat and the marker ``left``/``across``/``right``.

    Left (kamicha) is the seat before the winner in turn order E→S→W→N, right (shimocha) the
    seat after. ``None`` when the source is unknown or there is no such seat (three-player
    "across").

    >>> from agari.rules import Rules
    >>> r = Rules.preset()
    >>> seat_from("S", "left", r), seat_from("S", "across", r), seat_from("S", "right", r)
    ('E', 'N', 'W')
    >>> seat_from("E", "left", r.with_overrides({"players": 3}))
    'W'
    """
    if source is None:
        return None
    seats = seats_in_play(rules)
    if winner not in seats:
        return None
    i = seats.index(winner)
    n = len(seats)
    if source == "left":
        return seats[(i - 1) % n]
    if source == "right":
        return seats[(i + 1) % n]
    if source == "across" and n == 4:
        return seats[(i + 2) % n]
    return None


def source_of(winner: str, discarder: str, rules: Rules) -> str:
    """The inverse of :func:`seat_from`: ``left``, ``across`` or ``right``.

    >>> from agari.rules import Rules
    >>> source_of("S", "E", Rules.preset())
    'left'
    """
    seats = seats_in_play(rules)
    check_seat(winner, seats, "winner")
    check_seat(discarder, seats, "discarder")
    if winner == discarder:
        raise SettleError(_("the winner ({seat}) cannot also be the discarder").format(seat=winner))
    for source in ("left", "across", "right"):
        if seat_from(winner, source, rules) == discarder:
            return source
    raise AssertionError("unreachable")  # pragma: no cover
