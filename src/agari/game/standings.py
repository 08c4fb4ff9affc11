"""Final standings: leftover sticks, places, return, oka and uma (RULES.md "Games").

- Leftover riichi sticks go to the top player (``leftover_sticks=top``; shared in 100s among
  players tied for first under ``ties=split``, the odd hundreds to the first of them in seat
  order) or are lost (``lost``).
- Places: by score; equal scores go to the seat nearer the first dealer (``ties=seat``) or
  share the place, and the uma and oka of the places they cover (``ties=split``).
- Points: (score - return) / 1000 + uma of the place, + oka to the top player, where oka =
  (return - start) x players / 1000. ``final_points=rounded`` is Tenhou's formula (RULES.md):
  every player but the top gets the score in thousands rounded half away from zero, minus the
  return in thousands, plus the uma; the top gets minus the sum of the others.
- A chombo penalty under ``chombo=20000`` is taken off the points after uma (20 points), and
  does not change the places.

>>> from agari.rules import Rules
>>> rules = Rules.preset("tenhou").with_overrides({"final_points": "rounded"})
>>> final_points((33400, 25100, 23200, 18300), rules)
(44, 5, -17, -32)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from agari.game.outcomes import GameError
from agari.lang import _
from agari.rules import presets_for

if TYPE_CHECKING:
    from agari.game.ledger import GameState
    from agari.rules import Rules

Points = int | float


@dataclass(frozen=True, slots=True)
class Standings:
    """The final (or, ``finished`` false, the current) standings by seat: ``scores`` (the
    leftover sticks settled when finished), ``places`` (1 = first), ``points`` after return,
    oka and uma, ``sticks`` the points of the leftover sticks and where they went."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[Points, ...]
    finished: bool
    sticks: int
    notes: tuple[str, ...] = ()


def uma_of(rules: Rules, players: int) -> tuple[int, ...]:
    """The uma by place from the ``uma`` switch; its length must be the number of players."""
    uma = tuple(int(x) for x in rules.uma.split(","))
    if len(uma) != players:
        raise GameError(
            _(
                "rule uma={uma} has {places} places but the game has {players} players: "
                "give one of the {presets}, or an uma of {players} places"
            ).format(uma=rules.uma, places=len(uma), players=players, presets=presets_for(players))
        )
    return uma


def places_of(scores: tuple[int, ...], ties: str) -> tuple[int, ...]:
    """Each seat's place: ties by seat order (``seat``) or shared (``split``: 1, 1, 3, 4).

    >>> scores = (30000, 20000, 30000, 20000)
    >>> places_of(scores, "seat"), places_of(scores, "split")
    ((1, 3, 2, 4), (1, 3, 1, 3))
    """
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    places = [0] * len(scores)
    for rank, seat in enumerate(order, start=1):
        places[seat] = rank
        if ties == "split":
            better = sum(1 for other in scores if other > scores[seat])
            places[seat] = better + 1
    return tuple(places)


def _half_away(hundreds: int) -> int:
    """A score in hundreds to thousands, rounded half away from zero (295 → 30, -25 → -3)."""
    sign = -1 if hundreds < 0 else 1
    return sign * ((abs(hundreds) + 5) // 10)


def final_points(scores: tuple[int, ...], rules: Rules) -> tuple[Points, ...]:
    """The points after return, oka and uma for final ``scores`` (sticks already settled)."""
    n = len(scores)
    uma = uma_of(rules, n)
    places = places_of(scores, rules.ties)
    oka = Fraction((rules.return_points - rules.start_points) * n, 1000)
    if rules.final_points == "rounded":
        top = min(range(n), key=lambda s: (places[s], s))
        out: list[Points] = [0] * n
        for seat in range(n):
            if seat != top:
                out[seat] = (
                    _half_away(scores[seat] // 100)
                    - rules.return_points // 1000
                    + uma[places[seat] - 1]
                )
        out[top] = -sum(int(p) for p in out)
        return tuple(out)
    points: list[Points] = []
    for seat in range(n):
        place = places[seat]
        shared = [s for s in range(n) if places[s] == place]
        covered = range(place - 1, place - 1 + len(shared))  # the places the tie covers
        bonus = Fraction(sum(uma[i] for i in covered), len(shared))
        if place == 1:
            bonus += oka / len(shared)
        value = Fraction(scores[seat] - rules.return_points, 1000) + bonus
        points.append(round(float(value), 1))
    return tuple(points)


def standings(state: GameState, rules: Rules) -> Standings:
    """The standings of a game in ``state``: final when it is over (leftover sticks settled),
    else the standings so far (sticks left on the table, ``finished`` false)."""
    scores = list(state.scores)
    n = len(scores)
    notes: list[str] = []
    leftover = state.sticks * 1000
    if state.finished and leftover:
        if rules.leftover_sticks == "top":
            places = places_of(tuple(scores), rules.ties)
            tops = [s for s in range(n) if places[s] == 1]
            share = leftover // len(tops) // 100 * 100
            for i, seat in enumerate(tops):
                scores[seat] += share + (leftover - share * len(tops) if i == 0 else 0)
            notes.append(
                _("{count} riichi stick(s) left on the table go to the top player").format(
                    count=state.sticks
                )
            )
        else:
            notes.append(
                _("{count} riichi stick(s) left on the table are lost").format(count=state.sticks)
            )
    elif leftover:
        notes.append(
            _("{count} riichi stick(s) on the table (the game is not over)").format(
                count=state.sticks
            )
        )
    final = tuple(scores)
    places = places_of(final, rules.ties)
    points = list(final_points(final, rules))
    penalties = state.penalties or (0,) * n
    for seat, penalty in enumerate(penalties):
        if penalty:
            value = points[seat] - Fraction(penalty, 1000)
            points[seat] = int(value) if isinstance(points[seat], int) else round(float(value), 1)
            notes.append(
                _("seat {seat}: chombo penalty {penalty} taken off after uma").format(
                    seat=seat, penalty=penalty
                )
            )
    return Standings(final, places, tuple(points), state.finished, leftover, tuple(notes))
