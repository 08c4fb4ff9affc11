"""Limits and payments: from han and fu (or a yakuman count) to who pays whom.

Everything here is arithmetic on a base-points figure (RULES.md "Limits and points"):

* :func:`base_points` — ``fu x 2^(2+han)`` capped by the limits, with ``kiriage`` and ``kazoe``;
* :func:`yakuman_base` — ``8000 x n``;
* :func:`settle_win` — the payments of a win (ron/tsumo, honba, riichi sticks, liability (pao),
  wareme, three-player tsumo loss) and every seat's score change;
* :func:`settle_draw` — noten payments or nagashi mangan at an exhaustive draw;
* :func:`settle_chombo` — the penalty for a false win under the ``chombo`` switch;
* :func:`points_table` — the han x fu table players know.

>>> from agari.rules import Rules
>>> base_points(3, 30, Rules.preset("wrc2025"))
(960, None)
>>> base_points(4, 30, Rules.preset("tenhou")), base_points(4, 30, Rules.preset("wrc2025"))
((1920, None), (2000, 'mangan'))
>>> yakuman_base(2)
(16000, '2x_yakuman')

Choices where RULES.md leaves a cell unverified:

* **Liability (pao) and honba.** The liable seat pays every honba, on tsumo and on ron
  (riichi.wiki "Sekinin barai": "the liable player pays the full value of any honba"; its
  tsumo example: W liable for S's daisangen + tsuuiisou at 1 honba pays 32300 + 8000, E 16000,
  N 8000). On tsumo the liable seat pays the liable part "as if ron was called against" it
  (4 x or 6 x the liable base, so also without three-player tsumo loss); on a ron by another seat
  the liable seat and the discarder pay half each of the liable part; any part of the hand that
  is not liable (a second, non-liable yakuman) is paid the ordinary way.
* **Wareme.** The seed lists "adjusting the score by wareme rule" as the last step; we follow the
  common description (reachmahjong.com forum, "Wareme Rule"): applied after everything else, the
  wareme seat's payments are doubled, and when the wareme seat wins every payment to it is
  doubled. Honba, riichi sticks and draw payments (noten, nagashi) and chombo are not doubled.
* **Three-player** (``players=3``): seats E, S, W; North is absent. Tsumo loss (nobody pays the
  absent seat's share); honba two thirds of ``rules.honba`` per counter on ron (200) and a third
  from each payer on tsumo (100); noten payments 2000 in all; a mangan chombo is a reverse
  mangan tsumo with tsumo loss (4000 to the dealer and 2000 to the other, or 4000 to each).
  "Left"/"right" are the previous/next seat in turn order E→S→W; nobody sits "across".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, NamedTuple

if TYPE_CHECKING:
    from agari.hand import Context
    from agari.rules import Rules

SEATS: Final = ("E", "S", "W", "N")
THREE_PLAYER_SEATS: Final = ("E", "S", "W")
MANGAN_BASE: Final = 2000
YAKUMAN_BASE: Final = 8000
STICK: Final = 1000
#: Fu rows of the points table (RULES.md "Fu": 20 pinfu tsumo, 25 seven pairs, then tens).
FU_ROWS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
#: The limit classes above mangan with the han that reach them (RULES.md "Limits and points").
LIMIT_ROWS: Final = (
    ("mangan", "5 han", 2000),
    ("haneman", "6-7 han", 3000),
    ("baiman", "8-10 han", 4000),
    ("sanbaiman", "11-12 han", 6000),
    ("yakuman", "13+ han or a yakuman", 8000),
)
MAX_FU: Final = 130


def round_up_100(points: int) -> int:
    """Round a payment up to the next multiple of 100 (RULES.md "Limits and points").

    >>> round_up_100(3840), round_up_100(3900), round_up_100(0)
    (3900, 3900, 0)
    """
    return -(-points // 100) * 100


def seats_in_play(rules: Rules) -> tuple[str, ...]:
    """E S W N, or E S W in three-player (North is absent)."""
    return THREE_PLAYER_SEATS if rules.players == 3 else SEATS


def _check_seat(seat: str, seats: tuple[str, ...], what: str) -> None:
    if seat not in seats:
        if seat in SEATS:
            raise ValueError(f"{what} {seat}: seat {seat} does not play in three-player mahjong")
        raise ValueError(f"{what} {seat!r} is not a seat; seats are {', '.join(seats)}")


# --------------------------------------------------------------------------- limits


def base_points(han: int, fu: int, rules: Rules) -> tuple[int, str | None]:
    """Base points after limits and the limit's name (``None`` below mangan).

    For hands without a yakuman; 13+ han is ``kazoe_yakuman`` (8000) or ``sanbaiman`` (6000)
    per ``rules.kazoe``. ``kiriage`` makes 4 han 30 fu and 3 han 60 fu a mangan.

    >>> from agari.rules import Rules
    >>> base_points(13, 30, Rules.preset("wrc2025")), base_points(13, 30, Rules.preset("ema2016"))
    ((8000, 'kazoe_yakuman'), (6000, 'sanbaiman'))
    """
    if han < 1:
        raise ValueError(f"a winning hand has at least 1 han, not {han}")
    if han >= 13:
        if rules.kazoe == "yakuman":
            return YAKUMAN_BASE, "kazoe_yakuman"
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
        raise ValueError(f"a winning hand has at least 20 fu, not {fu}")
    raw = fu * 2 ** (2 + han)
    if raw >= MANGAN_BASE:
        return MANGAN_BASE, "mangan"
    if rules.kiriage and (han, fu) in ((4, 30), (3, 60)):
        return MANGAN_BASE, "mangan"
    return raw, None


def yakuman_base(multiple: int) -> tuple[int, str]:
    """Base points of an ``multiple``-fold yakuman and the limit name.

    >>> yakuman_base(1), yakuman_base(3)
    ((8000, 'yakuman'), (24000, '3x_yakuman'))
    """
    if multiple < 1:
        raise ValueError(f"a yakuman hand is worth at least one yakuman, not {multiple}")
    name = "yakuman" if multiple == 1 else f"{multiple}x_yakuman"
    return YAKUMAN_BASE * multiple, name


def kiriage_applies(han: int, fu: int) -> bool:
    """4 han 30 fu and 3 han 60 fu: the hands the ``kiriage`` switch rounds up to mangan."""
    return (han, fu) in ((4, 30), (3, 60))


# --------------------------------------------------------------------------- seats


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
    _check_seat(winner, seats, "winner")
    _check_seat(discarder, seats, "discarder")
    if winner == discarder:
        raise ValueError(f"the winner ({winner}) cannot also be the discarder")
    for source in ("left", "across", "right"):
        if seat_from(winner, source, rules) == discarder:
            return source
    raise AssertionError("unreachable")  # pragma: no cover


# --------------------------------------------------------------------------- wins


class Settlement(NamedTuple):
    """The payments of one win.

    ``payment`` is the SPEC §3 shape, before honba and sticks: ``{"ron": n}`` (everything the
    winner gets for the hand on a ron, however it is split), ``{"tsumo_dealer": n,
    "tsumo_non_dealer": n}`` or ``{"tsumo_each": n}`` (the ordinary shares; doubled when the
    winner is the wareme seat), plus ``"wareme": n`` when a tsumo payer is the wareme seat and
    pays double. ``points`` is the hand's value before honba and sticks (what the winner gets
    for the hand), ``total`` what the winner receives in all. ``deltas`` gives every seat's
    score change (E S W N; E S W in three-player) and is ``None`` when the discarder of a ron
    is unknown. ``paid`` is what each paying seat hands over (hand and honba), ``honba_points``
    the honba part of ``total``, ``notes`` explains liability, wareme and assumptions (stable
    prefixes: ``"liability"``, ``"wareme"``, ``"three-player"``, ``"discarder unknown"``).

    A named tuple: one is made for every hand scored.
    """

    payment: dict[str, int]
    points: int
    total: int
    deltas: dict[str, int] | None
    paid: dict[str, int] | None = None
    honba_points: int = 0
    sticks_points: int = 0
    notes: tuple[str, ...] = ()


def honba_per_ron(rules: Rules) -> int:
    """Honba points per counter on a ron: ``rules.honba`` (300); two thirds in three-player."""
    if rules.players == 3:
        return 2 * (rules.honba // 3)
    return rules.honba


def honba_per_tsumo_payer(rules: Rules) -> int:
    """Honba points per counter from each payer on a tsumo: a third of ``rules.honba`` (100)."""
    return rules.honba // 3


def _tsumo_shares(base: int, winner: str, seats: Iterable[str]) -> dict[str, int]:
    """Ordinary tsumo payments of ``base`` from every seat in ``seats`` but the winner."""
    dealer_wins = winner == "E"
    return {
        seat: round_up_100(base * (2 if dealer_wins or seat == "E" else 1))
        for seat in seats
        if seat != winner
    }


def settle_win(base: int, context: Context, rules: Rules, liable_base: int = 0) -> Settlement:
    """Who pays what for a win worth ``base`` points (after limits).

    The winner is ``context.seat_wind`` (dealer when East); ``context.tsumo`` says how it was
    won, ``context.win_from`` whom a ron came from, ``context.honba``/``context.sticks`` the
    counters. ``liable_base`` is the part of ``base`` that ``context.pao`` is liable for
    (usually one yakuman, 8000). ``rules.wareme`` with ``context.wareme`` doubles that seat's
    payments or receipts. See the module docstring for the choices made.

    >>> from agari.hand import Context
    >>> from agari.rules import Rules
    >>> s = settle_win(960, Context(seat_wind="S", win_from="left", honba=1), Rules.preset())
    >>> s.payment, s.points, s.total, s.deltas
    ({'ron': 3900}, 3900, 4200, {'E': -4200, 'S': 4200, 'W': 0, 'N': 0})
    """
    if base < 0 or liable_base < 0:
        raise ValueError("base points cannot be negative")
    if (
        liable_base == 0
        and rules.players != 3
        and not (rules.wareme and context.wareme)
        and context.seat_wind in SEATS
    ):
        return _settle_plain(base, context, rules)
    seats = seats_in_play(rules)
    winner = context.seat_wind
    _check_seat(winner, seats, "winner")
    dealer_wins = winner == "E"
    notes: list[str] = []

    pao = context.pao if liable_base > 0 else None
    if pao is not None and (pao == winner or pao not in seats):
        notes.append(f"liability ignored: seat {pao} cannot be liable for this win")
        pao = None
    liable = min(liable_base, base) if pao is not None else 0
    ordinary = base - liable

    wareme = context.wareme if rules.wareme else None
    if wareme is not None and wareme not in seats:
        wareme = None

    pays: dict[str, int] = {}
    honba: dict[str, int] = {}
    discarder: str | None = None
    if context.tsumo:
        payment: dict[str, int]
        shares = _tsumo_shares(base, winner, seats)
        if dealer_wins:
            payment = {"tsumo_each": shares[next(iter(shares))]}
        else:
            payment = {"tsumo_dealer": shares["E"], "tsumo_non_dealer": round_up_100(base)}
        if not ordinary:
            pays = {}
        elif ordinary == base:  # nobody liable: the shares just made
            pays = dict(shares)
        else:
            pays = _tsumo_shares(ordinary, winner, seats)
        if pao is not None:
            pays[pao] = pays.get(pao, 0) + round_up_100(liable * (6 if dealer_wins else 4))
            honba[pao] = honba_per_ron(rules) * context.honba
            notes.append(
                f"liability: {pao} pays the liable part as if it had dealt in, and the honba"
            )
        else:
            for seat in seats:
                if seat != winner:
                    honba[seat] = honba_per_tsumo_payer(rules) * context.honba
        if rules.players == 3:
            notes.append("three-player: tsumo loss (no share for the absent North seat)")
    else:
        value = round_up_100(base * (6 if dealer_wins else 4))
        discarder = seat_from(winner, context.win_from, rules)
        honba_seat = discarder
        if pao is not None and pao != discarder:
            liable_value = round_up_100(liable * (6 if dealer_wins else 4))
            rest = round_up_100(ordinary * (6 if dealer_wins else 4)) if ordinary else 0
            pao_half = round_up_100(-(-liable_value // 2))
            if discarder is not None:
                pays[discarder] = rest + liable_value - pao_half
            pays[pao] = pao_half
            value = rest + liable_value
            honba_seat = pao
            notes.append(
                f"liability: {pao} pays half of the liable part ({pao_half}) and the honba; "
                "the discarder pays the rest"
            )
        elif discarder is not None:
            pays[discarder] = value
        if honba_seat is not None:
            honba[honba_seat] = honba_per_ron(rules) * context.honba
        payment = {"ron": value}
        if discarder is None:
            notes.append("discarder unknown: no per-seat settlement")

    if wareme is not None:
        if wareme == winner:
            pays = {seat: 2 * amount for seat, amount in pays.items()}
            payment = {key: 2 * amount for key, amount in payment.items()}
            notes.append(f"wareme: the winner {wareme} receives double (honba and sticks not)")
        elif wareme in pays:
            pays[wareme] *= 2
            if context.tsumo:
                payment["wareme"] = pays[wareme]
            notes.append(f"wareme: {wareme} pays double (honba not)")
        if discarder is None and not context.tsumo and wareme != winner:
            notes.append("discarder unknown: a wareme discarder would pay double")

    known = context.tsumo or discarder is not None
    if known:
        points = sum(pays.values())
        honba_points = sum(honba.values())
        if not context.tsumo:
            payment = {"ron": points}
    else:
        points = payment["ron"]
        honba_points = honba_per_ron(rules) * context.honba
    sticks_points = STICK * context.sticks
    total = points + honba_points + sticks_points

    deltas: dict[str, int] | None = None
    paid: dict[str, int] | None = None
    if known:
        paid = {seat: pays.get(seat, 0) + honba.get(seat, 0) for seat in seats if seat != winner}
        paid = {seat: amount for seat, amount in paid.items() if amount}
        deltas = {seat: -paid.get(seat, 0) for seat in seats}
        deltas[winner] = total
    return Settlement(
        payment=payment,
        points=points,
        total=total,
        deltas=deltas,
        paid=paid,
        honba_points=honba_points,
        sticks_points=sticks_points,
        notes=tuple(notes),
    )


def _settle_plain(base: int, context: Context, rules: Rules) -> Settlement:
    """:func:`settle_win` for the usual win (see :func:`settle_usual_win`): the same
    arithmetic as the general path but none of its bookkeeping for liability, wareme and
    three-player."""
    usual = settle_usual_win(base, context, rules)
    assert usual is not None  # settle_win checked that this is the usual win
    payment, points, total, deltas = usual
    sticks_points = STICK * context.sticks
    honba_points = total - points - sticks_points
    if deltas is None:
        notes = ("discarder unknown: no per-seat settlement",)
        return Settlement(payment, points, total, None, None, honba_points, sticks_points, notes)
    winner = context.seat_wind
    paid = {seat: -amount for seat, amount in deltas.items() if seat != winner and amount}
    return Settlement(payment, points, total, deltas, paid, honba_points, sticks_points)


#: What the engine shows of a win's settlement: ``(payment, points, total, deltas)`` as in
#: :class:`Settlement`.
UsualWin = tuple[dict[str, int], int, int, dict[str, int] | None]

#: The discarder's seat of a four-player ron, by the winner's seat and the source marker.
_DISCARDER: Final[dict[tuple[str, str | None], str]] = {
    (winner, source): SEATS[(i + step) % 4]
    for i, winner in enumerate(SEATS)
    for source, step in (("left", -1), ("across", 2), ("right", 1))
}


def settle_usual_win(
    base: int, context: Context, rules: Rules, liable_base: int = 0
) -> UsualWin | None:
    """The payments of the usual win -- four players, nobody liable, no wareme -- which is
    almost every hand scored, or ``None`` for any other win (then :func:`settle_win`).
    Only what a result shows is made (no :class:`Settlement`, no ``paid``); a ron whose
    discarder is unknown has ``deltas`` ``None``."""
    if (
        liable_base
        or rules.players == 3
        or (rules.wareme and context.wareme)
        or context.seat_wind not in SEATS
        or base < 0
    ):
        return None
    # The arithmetic of settle_win for four players, written out: payments rounded up
    # to 100 as -(-x // 100) * 100 (round_up_100), a four-player game's honba
    # (honba_per_ron, honba_per_tsumo_payer).
    winner = context.seat_wind
    dealer_wins = winner == "E"
    sticks_points = STICK * context.sticks
    if context.tsumo:
        honba = rules.honba // 3 * context.honba  # from each payer
        from_dealer = -(-base * 2 // 100) * 100  # the dealer's share, or each share to a dealer
        if dealer_wins:
            payment = {"tsumo_each": from_dealer}
            other = from_dealer
        else:
            other = -(-base // 100) * 100
            payment = {"tsumo_dealer": from_dealer, "tsumo_non_dealer": other}
        points = from_dealer + 2 * other
        total = points + 3 * honba + sticks_points
        other_pays = -(other + honba)
        deltas = {"E": -(from_dealer + honba), "S": other_pays, "W": other_pays, "N": other_pays}
        deltas[winner] = total
        return payment, points, total, deltas
    points = -(-base * (6 if dealer_wins else 4) // 100) * 100
    honba_points = rules.honba * context.honba
    total = points + honba_points + sticks_points
    discarder = _DISCARDER.get((winner, context.win_from))
    if discarder is None:
        return {"ron": points}, points, total, None
    ron_deltas = {"E": 0, "S": 0, "W": 0, "N": 0}
    ron_deltas[discarder] = -(points + honba_points)
    ron_deltas[winner] = total
    return {"ron": points}, points, total, ron_deltas


def delta_sum(deltas: Mapping[str, int]) -> int:
    """The sum of a settlement's deltas: the riichi sticks that left (or reached) the table."""
    return sum(deltas.values())


# --------------------------------------------------------------------------- draws


@dataclass(frozen=True, slots=True)
class DrawSettlement:
    """What changes hands at an exhaustive draw.

    ``kind`` is ``"noten"`` (noten payments), ``"nagashi"`` (nagashi mangan, replacing noten
    payments) or ``"none"`` (nobody or everybody ready). ``deltas`` is every seat's score change
    (summing to zero: riichi sticks stay on the table). ``sticks`` stay for the next hand,
    ``next_honba`` is the counter of the next hand, ``dealer_keeps`` whether the dealer was ready
    (and so keeps the deal, renchan).
    """

    kind: str
    tenpai: tuple[str, ...]
    noten: tuple[str, ...]
    nagashi: str | None
    deltas: dict[str, int]
    sticks: int
    next_honba: int
    dealer_keeps: bool
    notes: tuple[str, ...] = ()


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
    """Settle an exhaustive draw (RULES.md "At the end of a hand without a winner").

    >>> from agari.rules import Rules
    >>> settle_draw({"E"}, None, 0, 1, Rules.preset()).deltas
    {'E': 3000, 'S': -1000, 'W': -1000, 'N': -1000}
    """
    seats = seats_in_play(rules)
    ready = set(tenpai)
    for seat in ready:
        _check_seat(seat, seats, "tenpai seat")
    if honba < 0 or sticks < 0:
        raise ValueError("honba and sticks cannot be negative")
    ready_t = tuple(s for s in seats if s in ready)
    noten_t = tuple(s for s in seats if s not in ready)
    deltas = dict.fromkeys(seats, 0)
    notes: list[str] = []
    if nagashi is not None:
        _check_seat(nagashi, seats, "nagashi seat")
        if not rules.nagashi:
            raise ValueError(
                f"nagashi mangan is off under rules {rules.describe()} (rule nagashi=off)"
            )
        for seat, amount in _tsumo_shares(MANGAN_BASE, nagashi, seats).items():
            deltas[seat] -= amount
            deltas[nagashi] += amount
        kind = "nagashi"
        notes.append(
            f"nagashi mangan: {nagashi} is paid as a mangan tsumo, replacing noten payments; "
            "no honba is paid"
        )
    elif not ready_t or not noten_t:
        kind = "none"
        notes.append("nobody ready" if not ready_t else "everybody ready")
        notes.append("no noten payments")
    else:
        kind = "noten"
        total = noten_total(rules)
        for seat in noten_t:
            deltas[seat] -= total // len(noten_t)
        for seat in ready_t:
            deltas[seat] += total // len(ready_t)
    plural = "s stay" if sticks > 1 else " stays"
    stay = f"{sticks} riichi stick{plural} on the table; " if sticks else ""
    notes.append(f"{stay}the counter goes up to {honba + 1}")
    return DrawSettlement(
        kind=kind,
        tenpai=ready_t,
        noten=noten_t,
        nagashi=nagashi,
        deltas=deltas,
        sticks=sticks,
        next_honba=honba + 1,
        dealer_keeps="E" in ready,
        notes=tuple(notes),
    )


# --------------------------------------------------------------------------- chombo


@dataclass(frozen=True, slots=True)
class ChomboSettlement:
    """The penalty for a chombo by ``seat`` under ``rule`` (the ``chombo`` switch).

    ``"mangan"``: a reverse mangan paid at once — ``deltas`` holds it, ``penalty`` is 0.
    ``"20000"``: ``deltas`` are all 0 (nothing changes hands on the table) and ``penalty`` is
    the 20,000 points taken from the seat's final score at the end of the game.
    """

    seat: str
    rule: str
    deltas: dict[str, int]
    penalty: int
    notes: tuple[str, ...] = ()


def settle_chombo(seat: str, rules: Rules) -> ChomboSettlement:
    """The chombo penalty of ``seat`` (RULES.md "At the end of a hand without a winner").

    >>> from agari.rules import Rules
    >>> settle_chombo("S", Rules.preset("tenhou")).deltas
    {'E': 4000, 'S': -8000, 'W': 2000, 'N': 2000}
    >>> settle_chombo("S", Rules.preset("wrc2025")).penalty
    20000
    """
    seats = seats_in_play(rules)
    _check_seat(seat, seats, "chombo seat")
    deltas = dict.fromkeys(seats, 0)
    if rules.chombo == "mangan":
        for other, amount in _tsumo_shares(MANGAN_BASE, seat, seats).items():
            deltas[other] += amount
            deltas[seat] -= amount
        if seat == "E":
            who = "the dealer E pays 4000 to each other player"
        else:
            who = f"{seat} pays 4000 to the dealer and 2000 to each other player"
        return ChomboSettlement(
            seat=seat,
            rule="mangan",
            deltas=deltas,
            penalty=0,
            notes=(
                f"reverse mangan: {who}",
                "the hand is replayed with the same counter",
            ),
        )
    return ChomboSettlement(
        seat=seat,
        rule="20000",
        deltas=deltas,
        penalty=20000,
        notes=(
            f"{seat} loses 20000 points from the final score, applied at the end outside the "
            "table; nothing changes hands now",
            "the hand is replayed with the same counter",
        ),
    )


# --------------------------------------------------------------------------- table


def impossible_reason(han: int, fu: int, tsumo: bool, rules: Rules) -> str | None:
    """Why no hand can score ``han`` han ``fu`` fu won this way, or ``None`` if one can.

    >>> from agari.rules import Rules
    >>> print(impossible_reason(1, 20, False, Rules.preset()))
    20 fu by ron is impossible: pinfu ron is 30 fu, and an open ron is 30 fu at least
    """
    if han < 1:
        return f"a winning hand has at least 1 han, not {han}"
    fives = rules.fu_rounding == "fives"
    if fu < 20 or fu > MAX_FU:
        return f"fu must be between 20 and {MAX_FU}, not {fu}"
    if fu % 10 and fu != 25:
        if fives:
            return (
                f"{fu} fu: fu_rounding=fives rounds the units digit 4 down and 6 up, and fu "
                "before rounding are even, so only seven pairs' 25 ends in 5"
            )
        return f"{fu} fu: fu are rounded up to a multiple of 10; only seven pairs has 25"
    if fu == 20 and not tsumo:
        return "20 fu by ron is impossible: pinfu ron is 30 fu, and an open ron is 30 fu at least"
    # Under fu_rounding=fives a tsumo of 22 or 24 fu rounds down to 20, at any han.
    if fu == 20 and tsumo and not fives:
        if han == 1:
            return "1 han 20 fu by tsumo is impossible: 20 fu is pinfu tsumo, at least 2 han"
        if not rules.pinfu_tsumo:
            return "20 fu by tsumo is pinfu tsumo, which rule pinfu_tsumo=off rules out"
    if fu == 25:
        if rules.chiitoitsu == "50fu1han":
            return "25 fu is seven pairs, which is 50 fu 1 han under rule chiitoitsu=50fu1han"
        if han == 1:
            return "25 fu is seven pairs, which is at least 2 han"
        if han == 2 and tsumo:
            return "2 han 25 fu by tsumo is impossible: seven pairs by tsumo is at least 3 han"
    return None


def format_payment(payment: Mapping[str, int]) -> str:
    """A payment as players say it: ``3900``, ``1000/2000`` (non-dealer/dealer), ``2000 all``.

    >>> format_payment({"tsumo_dealer": 2000, "tsumo_non_dealer": 1000})
    '1000/2000'
    """
    if "ron" in payment:
        return str(payment["ron"])
    if "tsumo_each" in payment:
        return f"{payment['tsumo_each']} all"
    return f"{payment['tsumo_non_dealer']}/{payment['tsumo_dealer']}"


def payment_for(base: int, dealer: bool, tsumo: bool, rules: Rules) -> dict[str, int]:
    """The SPEC §3 payment of a win worth ``base`` (no honba, sticks, pao or wareme)."""
    from agari.hand import Context

    context = Context(seat_wind="E" if dealer else "S", tsumo=tsumo)
    return settle_win(base, context, rules).payment


@dataclass(frozen=True, slots=True)
class PointsTable:
    """The han x fu table (``rows``: fu, then one cell per han 1-4; ``None`` = impossible)
    followed by the limits (``limits``: name, han, cell)."""

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
            base, _ = base_points(han, fu, rules)
            cells.append(format_payment(payment_for(base, dealer, tsumo, rules)))
        rows.append((fu, tuple(cells)))
    limits = []
    for name, hans, base in LIMIT_ROWS:
        if name == "sanbaiman" and rules.kazoe == "sanbaiman":
            hans = "11+ han"
        elif name == "yakuman":
            hans = "13+ han or a yakuman" if rules.kazoe == "yakuman" else "a yakuman"
        limits.append((name, hans, format_payment(payment_for(base, dealer, tsumo, rules))))
    if rules.kiriage:
        note = "4 han 30 fu and 3 han 60 fu are rounded up to mangan"
    else:
        note = "4 han 30 fu and 3 han 60 fu stay below mangan (base 1920)"
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
    kiriage at 4 han 30 fu / 3 han 60 fu, kazoe at 13+ han.

    >>> from agari.rules import Rules
    >>> rule_warnings(4, 30, Rules.preset("tenhou"))
    ['4 han 30 fu is not rounded up: kiriage=off (rules tenhou); with kiriage it is a mangan']
    """
    warnings: list[str] = []
    if fu is not None and kiriage_applies(han, fu):
        if rules.kiriage:
            warnings.append(
                f"{han} han {fu} fu is rounded up to mangan by kiriage=on "
                f"(rules {rules.describe()}); without kiriage the base is {fu * 2 ** (2 + han)}"
            )
        else:
            warnings.append(
                f"{han} han {fu} fu is not rounded up: kiriage=off (rules "
                f"{rules.describe()}); with kiriage it is a mangan"
            )
    if han >= 13:
        if rules.kazoe == "yakuman":
            warnings.append(
                f"{han} han counted as a yakuman (kazoe=yakuman, rules {rules.describe()}); "
                "rule sets with kazoe=sanbaiman pay sanbaiman"
            )
        else:
            warnings.append(
                f"{han} han capped at sanbaiman (kazoe=sanbaiman, rules {rules.describe()}); "
                "rule sets with kazoe=yakuman count it as a yakuman"
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
    from agari.hand import Context

    warnings: list[str] = []
    limit: str | None
    if yakuman:
        base, limit = yakuman_base(yakuman)
    else:
        if fu is None:
            if han <= 4:
                raise ValueError(f"fu are needed below 5 han ({han} han given)")
        else:
            reason = impossible_reason(han, fu, tsumo, rules)
            if reason is not None:
                raise ValueError(reason)
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
