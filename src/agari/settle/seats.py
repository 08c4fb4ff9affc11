"""Seats of one round: E S W N (E S W in three-player), who sits left, across and right.

"Left" (kamicha) is the seat before a player in turn order E→S→W→N, "right" (shimocha) the
seat after; in three-player nobody sits across.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from agari.errors import SettleError

if TYPE_CHECKING:
    from agari.rules import Rules

SEATS: Final = ("E", "S", "W", "N")
THREE_PLAYER_SEATS: Final = ("E", "S", "W")


def seats_in_play(rules: Rules) -> tuple[str, ...]:
    """E S W N, or E S W in three-player (North is absent)."""
    return THREE_PLAYER_SEATS if rules.players == 3 else SEATS


def check_seat(seat: str, seats: tuple[str, ...], what: str) -> None:
    if seat not in seats:
        if seat in SEATS:
            raise SettleError(f"{what} {seat}: seat {seat} does not play in three-player mahjong")
        raise SettleError(f"{what} {seat!r} is not a seat; seats are {', '.join(seats)}")


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
        raise SettleError(f"the winner ({winner}) cannot also be the discarder")
    for source in ("left", "across", "right"):
        if seat_from(winner, source, rules) == discarder:
            return source
    raise AssertionError("unreachable")  # pragma: no cover
