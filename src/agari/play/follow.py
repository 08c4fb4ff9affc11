"""A round followed as the players saw it: at every event each seat's shanten, waits and
furiten, and the tiles it can see (SPEC §8).

:class:`Follower` plays a round's events on a :class:`~agari.game.table.RoundTable` and
keeps beside it, for every seat, the facts of its hand between turns (13 tiles): shanten,
the winning kinds when ready, and the three kinds of furiten:

- **discard furiten**: a winning kind is among the seat's own discards (those another
  seat called included: they were its discards);
- **temporary furiten**: a winning tile passed by -- discarded by another seat, or added to
  a kan or set aside as kita, which it may rob -- since the seat's last discard; its next
  discard ends it;
- **riichi furiten**: a winning tile passed by after the seat's riichi: to the round's end.

A tile passes by as soon as it is discarded (Mahjong Soul's ``zhenting`` flag says "furiten
if this tile passes"): a seat that wins on it is not furiten, for the win comes first.
Whether the tile would give the hand a yaku does not matter: a wait is a wait (riichi.wiki
"Furiten"; the Mahjong Soul record's flags agree). Where several apply, the reported kind is
riichi, then discard, then temporary.

The facts are worked out only for the seat whose hand changed (its discard), so following
a round costs one shanten per discard and the winning kinds of a ready hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Literal

from agari.analysis.efficiency import shanten_of, tally, winning_kinds
from agari.game.logs import (
    Call,
    Discard,
    Draw,
    Event,
    NewDora,
    RiichiAccepted,
    RoundLog,
)
from agari.game.table import KanDeclared, RoundTable, SeatTable
from agari.rules import Rules
from agari.tiles import tile_code

__all__ = ["FURITEN_KINDS", "Follower", "Furiten", "SeatFacts", "follow_round"]

Furiten = Literal["riichi", "discard", "temporary"]
FURITEN_KINDS: Final[tuple[Furiten, ...]] = ("riichi", "discard", "temporary")


@dataclass(slots=True)
class SeatFacts:
    """One seat's hand between turns: ``shanten``, ``waits`` (winning kinds, when ready),
    the kinds it discarded, and the passed winning tiles behind temporary and riichi
    furiten."""

    shanten: int = 8
    waits: tuple[int, ...] = ()
    discarded: set[int] = field(default_factory=set)
    passed: bool = False
    riichi_furiten: bool = False
    #: ``passed`` and ``riichi_furiten`` before the tile last offered (a win on it counts
    #: what was before it), ``None`` when no tile is on offer to this seat
    before_offer: tuple[bool, bool] | None = None

    @property
    def furiten(self) -> Furiten | None:
        """The furiten kind now, the tile on offer counted as passed."""
        return self._kind(self.passed, self.riichi_furiten)

    @property
    def furiten_to_win(self) -> Furiten | None:
        """The furiten kind for a win on the tile on offer (not counted as passed)."""
        passed, riichi = self.before_offer or (self.passed, self.riichi_furiten)
        return self._kind(passed, riichi)

    def _kind(self, passed: bool, riichi: bool) -> Furiten | None:
        if riichi:
            return "riichi"
        if any(k in self.discarded for k in self.waits):
            return "discard"
        if passed:
            return "temporary"
        return None

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0 and bool(self.waits)


def counts(player: SeatTable) -> tuple[bytes, bytes]:
    """A seat's concealed counts and the copies it holds in hand and melds (34 each)."""
    closed = tally(player.codes)
    if not player.melds:
        return closed, closed
    return closed, tally([tile_code(t) for meld in player.melds for t in meld.tiles], closed)


class Follower:
    """A round in play: :attr:`table` and each seat's :class:`SeatFacts`, moved on by
    :meth:`apply` one event at a time (a result event is the caller's to handle)."""

    def __init__(self, round_log: RoundLog, rules: Rules) -> None:
        self.table = RoundTable(
            players=rules.players,
            dealer=round_log.dealer,
            hands=round_log.hands,
            dora=round_log.dora_indicator,
        )
        self.facts = [SeatFacts() for _ in range(rules.players)]
        for seat in range(rules.players):
            self._refresh(seat)

    def _refresh(self, seat: int, known: tuple[int, tuple[int, ...]] | None = None) -> None:
        """The facts of ``seat``'s 13 tiles, after its hand changed (``known``: their
        shanten and the kinds that improve them, when the caller has worked them out)."""
        facts = self.facts[seat]
        if known is not None:
            facts.shanten, improving = known
            facts.waits = improving if facts.shanten == 0 else ()
            return
        player = self.table.seats[seat]
        closed, held = counts(player)
        facts.shanten = shanten_of(closed, len(player.melds), held)
        facts.waits = winning_kinds(closed, len(player.melds), held) if facts.shanten == 0 else ()

    def _passes(self, by: int, kind: int) -> None:
        """A tile of ``kind`` is offered by seat ``by``: every other seat waiting on it
        lets it pass, unless it wins on it (its win follows, and ends the round)."""
        for seat, facts in enumerate(self.facts):
            facts.before_offer = None
            if seat != by and kind in facts.waits:
                facts.before_offer = (facts.passed, facts.riichi_furiten)
                facts.passed = True
                if self.table.seats[seat].riichi:
                    facts.riichi_furiten = True

    def apply(self, event: Event, after: tuple[int, tuple[int, ...]] | None = None) -> None:
        """Play one event: the table's, then the facts it changes. ``after``: for a
        discard, the shanten of the hand it leaves and the kinds that improve that hand,
        when the caller knows them (the review has counted them for the discard made)."""
        table = self.table
        if isinstance(event, Draw):
            table.draw(event)
        elif isinstance(event, Discard):
            table.discard(event)
            facts = self.facts[event.seat]
            facts.discarded.add(event.tile.kind)
            facts.passed = False  # one's own discard ends temporary furiten
            self._refresh(event.seat, after)
            self._passes(event.seat, event.tile.kind)
        elif isinstance(event, Call):
            table.apply(event)
            last = table.last
            if isinstance(last, KanDeclared):  # 13 tiles again until the replacement draw
                self._refresh(event.seat)
                if last.kind in ("kakan", "kita"):
                    self._passes(event.seat, last.tile.kind)  # a tile another seat may rob
        elif isinstance(event, RiichiAccepted):
            table.accept_riichi(event.seat)
        elif isinstance(event, NewDora):
            table.reveal_dora(event.indicator)


#: The events a follower plays (a tuple made once: see ``play.review``).
_PLAY_EVENTS: Final = (Draw, Discard, Call, RiichiAccepted, NewDora)


def follow_round(round_log: RoundLog, rules: Rules) -> Iterator[tuple[int, Event, Follower]]:
    """Each play event of a round (index, event) with the follower just after it; the
    round's results and end are not played (the replay settles them)."""
    follower = Follower(round_log, rules)
    for index, event in enumerate(round_log.events):
        if isinstance(event, _PLAY_EVENTS):
            follower.apply(event)
        yield index, event, follower
