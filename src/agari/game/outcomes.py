"""What happened in one round, as values: the input of the ledger (:mod:`agari.game.ledger`).

Seats are absolute, ``0 … players-1``, seat 0 being the first dealer; the ledger works out
each seat's wind from the round. A win's hand is SPEC §1 notation (or a parsed
:class:`~agari.hand.Hand`) *without* the words the game knows — seat, round, honba, sticks
and the discarder's marker — which the ledger supplies; a hand that states one of them and
disagrees is an error. Any reader (a game sheet, a Tenhou or Mahjong Soul log) makes these
values and feeds them to the same ledger.

>>> Wins((Win(1, 0, "123m456p789s1155z+5z"),)).discarder
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from agari.hand import Hand
from agari.lang import _

#: The abortive draws (SPEC §7 ``reason``).
AbortReason = Literal["kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou"]
ABORT_REASONS: Final[tuple[AbortReason, ...]] = get_args(AbortReason)


class GameError(ValueError):
    """An outcome that cannot happen in the game as it stands (a seat that does not play, a
    hand that does not win, words that disagree with the game); ``line`` is the sheet line
    when a reader knows it."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        where = _("line {line}").format(line=self.line)
        return _("{where}: {problem}").format(where=where, problem=self.message)


@dataclass(frozen=True, slots=True)
class Win:
    """``seat`` wins with ``hand``; ``from_seat`` discarded the winning tile (``None``: tsumo);
    ``pao`` is the seat liable for a yakuman, if any. ``stated``: for a :class:`Hand`, the
    context words its writer stated (keys of :data:`agari.hand.CONTEXT_WORDS`, as
    :func:`agari.notation.read_hand` gives them): the ledger checks those the game also
    knows (seat, round, honba, sticks). A hand given as text states what it writes."""

    seat: int
    from_seat: int | None
    hand: str | Hand
    pao: int | None = None
    stated: frozenset[str] = frozenset()

    @property
    def tsumo(self) -> bool:
        return self.from_seat is None


@dataclass(frozen=True, slots=True)
class Wins:
    """One round won: one tsumo, or one or more rons on the same discard. ``riichi``: the
    seats that did not win but put down a riichi stick (a winner's own riichi is the hand's
    ``riichi`` word; a riichi whose declaring discard is won on puts no stick down)."""

    wins: tuple[Win, ...]
    riichi: frozenset[int] = frozenset()

    @property
    def discarder(self) -> int | None:
        return self.wins[0].from_seat if self.wins else None


@dataclass(frozen=True, slots=True)
class Draw:
    """An exhaustive draw: ``tenpai`` seats were ready; ``nagashi`` the seat with nagashi
    mangan (paid instead of noten payments), if any."""

    tenpai: frozenset[int] = frozenset()
    riichi: frozenset[int] = frozenset()
    nagashi: int | None = None


@dataclass(frozen=True, slots=True)
class Abort:
    """An abortive draw (``reason`` one of :data:`ABORT_REASONS`): the deal stays, the counter
    goes up, the sticks stay on the table."""

    reason: str
    riichi: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Chombo:
    """A foul by ``seat``: settled under the ``chombo`` rule; the hand is replayed with the
    same dealer and counter (riichi sticks of the hand go back)."""

    seat: int


Outcome = Wins | Draw | Abort | Chombo
