"""The expected value of each discard (SPEC §10, ``agari ev``): the chance of being ready and
of winning by each coming draw, and the points to expect, in a one-player model.

The model (the README's "Expected value of a discard" says the same for players):

* **One player, own draws.** After the discard the player draws ``turn`` more tiles (default
  17). After each draw they win by tsumo (a complete hand with a yaku) or discard a tile.
  Nobody else draws, calls, discards or wins: no ron either way, no calls, kans or kita
  declared, no haitei, no exhaustive draw, no defence; honba and sticks count as written,
  the riichi stick is not paid.
* **The wall.** It starts as every tile the player has not seen: the set (136; 108 with
  three players) less the 14 tiles of the hand and its melds, the dora indicators, the
  ``seen=`` tiles and the kita set aside: ``N`` tiles. Each draw takes one tile from it
  without replacement: the ``d``-th draw is one of ``N - d + 1`` tiles. Of a kind (a red
  five apart where red fives are dora) the wall holds its unseen copies less the copies the
  hand holds beyond the 14 tiles it had. Tiles drawn and thrown away are not tracked: they
  are taken to be tiles the hand could not use. So a tile that wins or lowers the shanten
  is drawn with the chance copies / tiles in the wall; a tile the hand could only keep as
  tegawari the same, as far as the wall has room for them beside the first kind (when the
  two outnumber the wall, the thrown tiles are taken to have been tegawari tiles, and those
  share the room left in proportion to their copies); the rest of the wall changes nothing.
  So the figures depend on the hand alone and each hand is valued once; this is exact for a
  hand in riichi (it throws only tiles that do not win it) and for any play that throws no
  usable tile, the ura dora aside (their indicators come from the wall as held here, thrown
  tiles included). (Should the first kind alone outnumber the wall, every draw is one of it.)
* **Play.** The player maximises the expected points; on equal points the higher chance of
  winning, then of being ready. A closed hand declares riichi with the first discard that
  leaves it ready (switch ``riichi``; off: dama), and then only wins or throws the tile
  drawn. Before that, a discard keeps the shanten of the 14 tiles, and a drawn tile that
  does not lower the shanten is thrown, except for one detour in all while the hand is on a
  shortest way to winning (tiles held beyond the start + shanten <= the start's shanten, as
  the reference tool mahjong-cpp bounds its search): keeping a tile that does not lower the
  shanten (switch ``tegawari``) or a discard that raises it (switch ``backtrack``). The tile
  just drawn may always be thrown; a complete hand wins or throws it (declining a win to
  change the hand is a detour).
* **Values.** A win is valued by the engine as a tsumo under the hand's rules and words
  (seat, round, dora, honba, sticks, kita): what the winner receives. In riichi it has
  riichi's han; ippatsu on the first draw after the declaration (switch ``ippatsu``); and
  the ura dora averaged over every set of ura indicators (switch ``ura``): as many as dora
  indicators (one when none is given), drawn without replacement from the wall as above.

The figures of a discard: ``ev`` the expected points, ``win`` and ``ready`` the chances of
winning and of being (or becoming) ready within the draws; by each coming draw
(``win_by[j]``, ``ready_by[j]``, ``j`` = 0 now) and the wins by ready hand and tile
(``shares``: chance x value adds up to ``ev``) when asked for. Arithmetic is in floats, or in
exact fractions (``exact=True``; slower, for the tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any, Final

from agari.analysis.waiting import (
    _closed_counts,
    _completing_kinds,
    _improving_kinds,
    _shanten,
    _shanten_after_discards,
)
from agari.engine.scoring import score_readings
from agari.errors import HandError
from agari.hand import CONTEXT_WORDS, Context, Hand, Meld, format_tiles
from agari.lang import _
from agari.notation.validate import mark_checked
from agari.rules import Rules
from agari.settle.limits import base_points
from agari.settle.win import settle_win
from agari.tiles import NORTH, PLAIN_TILES, Tile, dora_kind

__all__ = [
    "DEFAULT_TURN",
    "MAX_TURN",
    "DiscardEv",
    "EvAnalysis",
    "EvOptions",
    "WaitShare",
    "evaluate",
]

#: Draws left by default: a player's draws after the first in a four-player round.
DEFAULT_TURN: Final = 17
#: The most draws one player can have in a round (a 136-tile wall: 70 live tiles, four
#: players, the dealer's first draw; rounded up for three-player walls).
MAX_TURN: Final = 30

#: Events a draw can be: the 34 kinds (plain copies) and a red five of each suit.
_RED: Final = (34, 35, 36)
_FIVE: Final = (4, 13, 22)
_EVENTS: Final = 37
#: The dora each event's tile shows as an indicator, four-player and three-player.
_SHOWN: Final = tuple(
    tuple(dora_kind(_FIVE[e - 34] if e >= 34 else e, players) for e in range(_EVENTS))
    for players in (4, 3)
)

#: Every tile once (tiles are immutable values): the plain tile of each kind, and the red
#: five of each suit.
_REDS: Final = tuple(Tile(kind, True) for kind in _FIVE)


Number = Any  # float, or Fraction in exact mode


def _fraction(numerator: int, denominator: int = 1) -> Number:
    """An exact share (``exact`` mode). Imported here, not at the top: ``fractions`` (with
    ``decimal``) would add 2 to 4 ms to the start-up of every command."""
    from fractions import Fraction

    return Fraction(numerator, denominator)


@dataclass(frozen=True, slots=True)
class EvOptions:
    """The model's switches (the README lists them with the reference tool's defaults)."""

    #: Draws left after the discard (``turn=``).
    turn: int = DEFAULT_TURN
    #: A closed hand declares riichi with the first discard that leaves it ready (off: dama).
    riichi: bool = True
    #: In riichi, the ura dora's chance is counted.
    ura: bool = True
    #: In riichi, a win on the first draw after the declaration has ippatsu.
    ippatsu: bool = True
    #: A drawn tile that does not lower the shanten may be kept (one detour in all).
    tegawari: bool = True
    #: A discard may raise the shanten for a better shape (one detour in all).
    backtrack: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "riichi": self.riichi,
            "ura": self.ura,
            "ippatsu": self.ippatsu,
            "tegawari": self.tegawari,
            "backtrack": self.backtrack,
        }


@dataclass(frozen=True, slots=True)
class WaitShare:
    """The wins that came on one tile from one ready hand: how they add to the expected
    points (``chance`` x ``value`` = ``points``)."""

    #: The ready hand (13 tiles, melds not repeated) in notation.
    hand: str
    riichi: bool
    #: The winning tile (a red five shown as ``0``).
    tile: Tile
    #: Copies of the tile left in the wall while the hand waits on it.
    left: int
    #: The chance of winning on this tile from this hand, in all and by each coming draw.
    chance: Number
    by_draw: tuple[Number, ...]
    #: The average value of those wins (ura and ippatsu included), and chance x value.
    value: Number
    points: Number
    #: The value without ura and ippatsu: han, fu and what the winner receives.
    han: int
    fu: int
    base: int

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "riichi": self.riichi,
            "tile": str(self.tile),
            "left": self.left,
            "chance": float(self.chance),
            "by_draw": [float(x) for x in self.by_draw],
            "value": float(self.value),
            "points": float(self.points),
            "han": self.han,
            "fu": self.fu,
            "base": self.base,
        }


@dataclass(frozen=True, slots=True)
class DiscardEv:
    """One discard's figures (``tile`` is ``None`` for a 13-tile hand: no discard)."""

    tile: Tile | None
    shanten: int
    #: Riichi is declared with this discard.
    riichi: bool
    #: Expected points, chance of winning and of being or becoming ready within the draws.
    ev: Number
    win: Number
    ready: Number
    #: Where the discard leaves the hand ready: each winning tile and its copies left.
    waits: tuple[tuple[Tile, int], ...] = ()
    #: By each coming draw (index 0: now), when asked for: chance of having been ready and
    #: of having won.
    ready_by: tuple[Number, ...] = ()
    win_by: tuple[Number, ...] = ()
    #: How the expected points add up, when asked for: each ready hand and winning tile,
    #: most points first.
    shares: tuple[WaitShare, ...] = ()

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "tile": str(self.tile) if self.tile is not None else None,
            "shanten": self.shanten,
            "riichi": self.riichi,
            "ev": float(self.ev),
            "win": float(self.win),
            "ready": float(self.ready),
            "waits": [{"tile": str(t), "left": n} for t, n in self.waits],
        }
        if self.win_by:
            record["win_by_draw"] = [float(x) for x in self.win_by[1:]]
            record["ready_by_draw"] = [float(x) for x in self.ready_by[1:]]
        if self.shares:
            record["shares"] = [s.to_json() for s in self.shares]
        return record


@dataclass(frozen=True, slots=True)
class EvAnalysis:
    """Every discard of a hand valued (best first), with the model's inputs."""

    #: The hand in normal form, the rules' name, the switches and draws left.
    hand: str
    rules: str
    options: EvOptions
    #: Tiles in the wall at the start (not seen by the player).
    unseen: int
    #: The shanten of the hand (14 tiles: before the discard).
    shanten: int
    discards: tuple[DiscardEv, ...]
    warnings: tuple[str, ...] = ()
    #: Hands of 13 tiles the search went through (a measure of the work).
    states: int = 0

    def find(self, tile: Tile) -> DiscardEv | None:
        """The figures of discarding ``tile`` (a red five where it is a discard of its own,
        else the five of its kind)."""
        for d in self.discards:
            if d.tile == tile:
                return d
        for d in self.discards:
            if d.tile is not None and d.tile.kind == tile.kind:
                return d
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "rules": self.rules,
            "options": self.options.to_json(),
            "unseen": self.unseen,
            "shanten": self.shanten,
            "discards": [d.to_json() for d in self.discards],
            "warnings": list(self.warnings),
            "states": self.states,
        }


# --------------------------------------------------------------------------- tiles

#: A hand's concealed tiles as the 34 kinds' counts and the red fives held per suit.
_Tiles = tuple[tuple[int, ...], tuple[int, int, int]]


def _kind(event: int) -> int:
    return _FIVE[event - 34] if event >= 34 else event


def _event_tile(event: int) -> Tile:
    return _REDS[event - 34] if event >= 34 else PLAIN_TILES[event]


def _add(tiles: _Tiles, event: int, step: int = 1) -> _Tiles:
    """``tiles`` with one tile of ``event`` more (``step=-1``: less)."""
    counts, reds = tiles
    kind = event
    if event >= 34:
        suit = event - 34
        kind = _FIVE[suit]
        red = list(reds)
        red[suit] += step
        reds = (red[0], red[1], red[2])
    return (*counts[:kind], counts[kind] + step, *counts[kind + 1 :]), reds


def _remove(tiles: _Tiles, event: int) -> _Tiles:
    return _add(tiles, event, -1)


def _tiles_of(tiles: _Tiles) -> tuple[Tile, ...]:
    """The tiles in notation order (a red five before the plain ones of its kind)."""
    counts, reds = tiles
    out: list[Tile] = []
    for kind, n in enumerate(counts):
        if n:
            if kind in _FIVE and reds[kind // 9]:
                red = reds[kind // 9]
                out += [_REDS[kind // 9]] * red
                n -= red
            out += [PLAIN_TILES[kind]] * n
    return tuple(out)


def _kept(counts: tuple[int, ...], start: tuple[int, ...]) -> int:
    """Tiles held beyond the start: drawn and kept (the reference tool's "distance")."""
    return sum(c - s for c, s in zip(counts, start, strict=True) if c > s)


# --------------------------------------------------------------------------- the set-up

#: One reading's value as the engine gives it: han, fu, base points, and whether it is a
#: yakuman pattern (whose value dora do not change).
_Reading = tuple[int, int, int, bool]


@dataclass(slots=True)
class _Setup:
    """What every hand of one analysis shares: the rules, the wall at the start, the start
    itself and the memos of shanten, useful tiles, waits and win values."""

    rules: Rules
    options: EvOptions
    melds: tuple[Meld, ...]
    meld_counts: list[int]
    sanma: bool
    closed: bool
    #: Red fives that are dora, per suit: they are draws of their own.
    aka: tuple[bool, bool, bool]
    #: Unseen copies by event (the kinds' plain copies, then each suit's red five).
    unseen: list[int]
    wall: int
    #: The hand before the discard (14 tiles; or the 13-tile hand) and its shanten.
    start: _Tiles
    start_shanten: int
    context: Context
    ura_indicators: int
    one: Number
    zero: Number
    exact: bool
    shanten_memo: dict[tuple[int, ...], int] = field(default_factory=dict)
    useful_memo: dict[tuple[int, ...], tuple[int, ...]] = field(default_factory=dict)
    waits_memo: dict[tuple[int, ...], tuple[int, ...]] = field(default_factory=dict)
    readings_memo: dict[tuple[_Tiles, int, bool], tuple[_Reading, ...]] = field(
        default_factory=dict
    )
    total_memo: dict[int, int] = field(default_factory=dict)
    value_memo: dict[tuple[tuple[_Reading, ...], int], tuple[int, int, int]] = field(
        default_factory=dict
    )
    #: Ura chances by ready hand and winning draw (the wall is the hand's: see ``left``).
    ura_memo: dict[tuple[_Tiles, int], list[Number]] = field(default_factory=dict)

    def held(self, counts: Sequence[int]) -> list[int]:
        """Copies held of each kind, melds included; 2m-8m as all held with three players
        (never drawn)."""
        held = [c + m for c, m in zip(counts, self.meld_counts, strict=True)]
        if self.sanma:
            held[1:8] = [4] * 7
        return held

    def shanten(self, counts: tuple[int, ...]) -> int:
        found = self.shanten_memo.get(counts)
        if found is None:
            found = _shanten(list(counts), len(self.melds), self.held(counts))
            self.shanten_memo[counts] = found
        return found

    def after_discards(self, counts: tuple[int, ...]) -> list[int]:
        """The shanten of 14 tiles less one tile of each kind (9 for a kind not held)."""
        return _shanten_after_discards(list(counts), len(self.melds), self.held(counts))

    def useful(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The kinds whose draw lowers the shanten of 13 tiles."""
        found = self.useful_memo.get(counts)
        if found is None:
            melds = len(self.melds)
            found = tuple(
                _improving_kinds(list(counts), melds, self.held(counts), self.shanten(counts))
            )
            self.useful_memo[counts] = found
        return found

    def waits(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The kinds that complete a ready hand (never a fifth copy)."""
        found = self.waits_memo.get(counts)
        if found is None:
            held = self.held(counts)
            found = tuple(
                k for k in _completing_kinds(list(counts), len(self.melds)) if held[k] < 4
            )
            self.waits_memo[counts] = found
        return found

    def left(self, tiles: _Tiles) -> list[int]:
        """Copies of each event left in the wall: unseen at the start, less those the hand
        holds beyond the start (drawn and kept)."""
        counts, reds = tiles
        start_counts, start_reds = self.start
        left = list(self.unseen)
        for kind in range(34):
            extra = counts[kind] - start_counts[kind]
            if kind < 27 and kind % 9 == 4 and self.aka[kind // 9]:
                suit = kind // 9
                red_extra = reds[suit] - start_reds[suit]
                if red_extra > 0:
                    left[_RED[suit]] -= red_extra
                extra -= red_extra
            if extra > 0:
                left[kind] -= extra
        return left

    def copies(self, tiles: _Tiles, event: int) -> int:
        """Copies of one event left in the wall (see :meth:`left`)."""
        counts, reds = tiles
        start_counts, start_reds = self.start
        if event >= 34:
            suit = event - 34
            return self.unseen[event] - max(0, reds[suit] - start_reds[suit])
        extra = counts[event] - start_counts[event]
        if event < 27 and event % 9 == 4 and self.aka[event // 9]:
            extra -= reds[event // 9] - start_reds[event // 9]
        return self.unseen[event] - max(0, extra)

    def events(self, kind: int) -> tuple[int, ...]:
        """The draws of a kind: its plain copies, and its red five where reds are dora."""
        if kind < 27 and kind % 9 == 4 and self.aka[kind // 9]:
            return (kind, _RED[kind // 9])
        return (kind,)

    def discards(self, tiles: _Tiles, after: Sequence[int] | None = None) -> list[int]:
        """One event per distinct tile the hand can throw (a plain and a red five apart
        only where red fives are dora and the hand holds both); with ``after`` (the
        shanten after each discard, 9 for a kind not held), only the kinds it holds."""
        counts, reds = tiles
        out: list[int] = []
        kinds = range(34) if after is None else [k for k, v in enumerate(after) if v < 9]
        for kind in kinds:
            n = counts[kind]
            if not n:
                continue
            if kind < 27 and kind % 9 == 4 and self.aka[kind // 9]:
                red = reds[kind // 9]
                if n > red:
                    out.append(kind)
                if red:
                    out.append(_RED[kind // 9])
            else:
                out.append(kind)
        return out

    # ----------------------------------------------------------------- win values

    def readings(self, tiles: _Tiles, event: int, riichi: bool) -> tuple[_Reading, ...]:
        """The value of each reading with a yaku of ``tiles`` completed by ``event`` as a
        tsumo (empty: no yaku), from the engine (one call for every way of valuing it)."""
        key = (tiles, event, riichi)
        found = self.readings_memo.get(key)
        if found is None:
            context = self.context._replace(tsumo=True, riichi=riichi)
            hand = Hand(_tiles_of(tiles), _event_tile(event), self.melds, context)
            _, scored = score_readings(mark_checked(hand), self.rules)
            found = tuple((s.han, s.fu or 0, s.base, s.yakuman_hand) for s in scored)
            self.readings_memo[key] = found
        return found

    def received(self, base: int) -> int:
        """What the winner of a tsumo worth ``base`` receives (honba and sticks too)."""
        found = self.total_memo.get(base)
        if found is None:
            context = self.context._replace(tsumo=True)
            found = settle_win(base, context, self.rules).total
            self.total_memo[base] = found
        return found

    def value(self, readings: tuple[_Reading, ...], extra: int) -> tuple[int, int, int]:
        """The winner's receipt with ``extra`` han from ura dora and ippatsu (added to every
        reading; a yakuman pattern keeps its value), and the best reading's han and fu."""
        key = (readings, extra)
        found = self.value_memo.get(key)
        if found is None:
            found = self._value(readings, extra)
            self.value_memo[key] = found
        return found

    def _value(self, readings: tuple[_Reading, ...], extra: int) -> tuple[int, int, int]:
        best = (-1, 0, 0)
        for han, fu, base, yakuman in readings:
            if extra and (not yakuman or self.rules.aotenjou):
                han += extra
                base = base_points(han, fu, self.rules)[0]
            if (base, han, fu) > best:
                best = (base, han, fu)
        return self.received(best[0]), best[1], best[2]

    def ura_chances(self, final: tuple[int, ...], left: Sequence[int]) -> list[Number]:
        """The chance of each number of ura dora (the index): ``n`` indicators drawn without
        replacement from the wall ``left``, each worth the copies the hand holds (melds and
        kita too) of the tile it points at."""
        n = self.ura_indicators
        shown_by = _SHOWN[self.sanma]
        meld_counts = self.meld_counts
        # Indicator tiles in the wall by what each is worth to this hand.
        by_gain: dict[int, int] = {}
        for event, copies in enumerate(left):
            if copies:
                shown = shown_by[event]
                gain = final[shown] + meld_counts[shown]
                if shown == NORTH:
                    gain += self.context.kita
                by_gain[gain] = by_gain.get(gain, 0) + copies
        total = sum(by_gain.values())
        if total < n:
            return [self.one]
        if n == 1:  # the usual case: the chance of each worth is its share of the wall
            single: list[Number] = [self.zero] * (max(by_gain) + 1)
            for gain, copies in by_gain.items():
                single[gain] = _fraction(copies, total) if self.exact else copies / total
            return single
        # ways[chosen][worth]: ways of choosing ``chosen`` indicators worth ``worth`` in all.
        ways: list[dict[int, int]] = [{} for _ in range(n + 1)]
        ways[0][0] = 1
        for gain, copies in by_gain.items():
            nxt = [dict(w) for w in ways]
            for chosen in range(n):
                for worth, count in ways[chosen].items():
                    for take in range(1, min(copies, n - chosen) + 1):
                        slot = nxt[chosen + take]
                        key = worth + gain * take
                        slot[key] = slot.get(key, 0) + count * comb(copies, take)
            ways = nxt
        denominator = comb(total, n)
        out: list[Number] = [self.zero] * (max(ways[n]) + 1)
        for worth, count in ways[n].items():
            out[worth] = _fraction(count, denominator) if self.exact else count / denominator
        return out

    def win(self, tiles: _Tiles, event: int, riichi: bool, ippatsu: bool) -> _Win | None:
        """Winning on ``event`` from the ready ``tiles``: the value the winner can expect
        (ura and ippatsu in), han, fu and the value without them; ``None`` without a yaku."""
        readings = self.readings(tiles, event, riichi)
        if not readings:
            return None
        plain, han, fu = self.value(readings, 0)
        if not riichi:
            return (self.one * plain, han, fu, plain)
        bonus = 1 if ippatsu else 0
        if not self.options.ura:
            return (self.one * self.value(readings, bonus)[0], han, fu, plain)
        chances = self.ura_memo.get((tiles, event))
        if chances is None:
            final = _add(tiles, event)
            chances = self.ura_chances(final[0], self.left(final))
            self.ura_memo[(tiles, event)] = chances
        expected = self.zero
        for ura, chance in enumerate(chances):
            if chance:
                expected += chance * self.value(readings, bonus + ura)[0]
        return (expected, han, fu, plain)


# --------------------------------------------------------------------------- the graph

#: A win: the value the winner can expect, han, fu, and the value without ura and ippatsu.
_Win = tuple[Number, int, int, int]
#: A draw that may change the hand: its event, copies left, the win it makes (or ``None``),
#: the 14-tile hand it makes (an index of ``_Graph.hands``; -1 in riichi), and whether it
#: lowers the shanten or wins (else it is a tile the hand may only keep as tegawari).
_Move = tuple[int, int, _Win | None, int, bool]
#: How a draw is answered: the tile thrown back, the win, or (an index) a hand kept.
_THROW: Final = -1
_WIN: Final = -2


class _Graph:
    """Every hand the play can reach from the starts: 13-tile hands about to draw (nodes)
    and 14-tile hands about to discard (hands), with the figures of each node by the
    number of draws left."""

    def __init__(self, setup: _Setup) -> None:
        self.setup = setup
        # Nodes: tiles, riichi declared, ippatsu chance on the next draw, ready.
        self.tiles: list[_Tiles] = []
        self.riichi: list[bool] = []
        self.ippatsu: list[bool] = []
        self.ready: list[bool] = []
        #: The node after a draw it throws back: itself; its twin without the ippatsu
        #: chance; or, for a ready closed hand not yet in riichi, the riichi declared then.
        self.stay: list[int] = []
        self.moves: list[list[_Move]] = []
        #: Copies left of the events in ``moves`` that lower the shanten or win, and of
        #: the others (tegawari).
        self.useful: list[int] = []
        self.other: list[int] = []
        self.index: dict[tuple[_Tiles, bool, bool], int] = {}
        # Hands of 14 tiles: the nodes each allowed discard leaves.
        self.hands: list[tuple[int, ...]] = []
        self.hand_index: dict[_Tiles, int] = {}
        self.built = 0
        # The figures by draws left (``solve``): per node, and each hand's best discard.
        self.ev: list[list[Number]] = []
        self.win: list[list[Number]] = []
        self.ever_ready: list[list[Number]] = []
        self.best: list[list[int]] = []

    def node(self, tiles: _Tiles, riichi: bool, ippatsu: bool, shanten: int | None = None) -> int:
        """The node of ``tiles`` (made on first use); ``shanten`` when the caller knows it."""
        key = (tiles, riichi, ippatsu)
        found = self.index.get(key)
        if found is None:
            found = len(self.tiles)
            self.index[key] = found
            self.tiles.append(tiles)
            self.riichi.append(riichi)
            self.ippatsu.append(ippatsu)
            if shanten is None:
                shanten = self.setup.shanten(tiles[0])
            self.ready.append(shanten == 0)
            self.stay.append(found)
            self.moves.append([])
            self.useful.append(0)
            self.other.append(0)
        return found

    def build(self) -> None:
        """Make the moves of every node not yet expanded (and of the nodes they reach)."""
        setup = self.setup
        options = setup.options
        start_counts = setup.start[0]
        events = [setup.events(kind) for kind in range(34)]
        while self.built < len(self.tiles):
            number = self.built
            self.built += 1
            tiles = self.tiles[number]
            riichi = self.riichi[number]
            ready = self.ready[number]
            counts = tiles[0]
            if riichi:
                if self.ippatsu[number]:
                    self.stay[number] = self.node(tiles, True, False)
            elif ready and setup.closed and options.riichi:
                self.stay[number] = self.node(tiles, True, options.ippatsu)
            useful = setup.waits(counts) if riichi else setup.useful(counts)
            kinds: Iterable[int] = useful
            if (
                not riichi
                and options.tegawari
                and _kept(counts, start_counts) + setup.shanten(counts) <= setup.start_shanten
            ):
                kinds = range(34)
            waits = setup.waits(counts) if ready else ()
            moves = self.moves[number]
            stay = self.stay[number]
            left = setup.left(tiles) if isinstance(kinds, range) else None
            for kind in kinds:
                for event in events[kind]:
                    copies = left[event] if left is not None else setup.copies(tiles, event)
                    if not copies:
                        continue
                    won = None
                    if kind in waits:
                        won = setup.win(tiles, event, riichi, self.ippatsu[number])
                    if riichi:
                        if won is not None:
                            moves.append((event, copies, won, -1, True))
                        continue
                    drawn = self.hand(_add(tiles, event))
                    if won is None and all(t == stay for t in self.hands[drawn]):
                        continue  # nothing to do with it but throw it back
                    moves.append((event, copies, won, drawn, kind in useful))
            self.useful[number] = sum(m[1] for m in moves if m[4])
            self.other[number] = sum(m[1] for m in moves if not m[4])

    def hand(self, drawn: _Tiles) -> int:
        """The 14-tile hand ``drawn``: the nodes its allowed discards leave. A discard must
        keep the hand's shanten (so a complete hand has none: it wins, or throws the tile
        drawn), unless a detour is allowed (back-tracking: any discard)."""
        found = self.hand_index.get(drawn)
        if found is not None:
            return found
        setup = self.setup
        options = setup.options
        counts = drawn[0]
        after = setup.after_discards(counts)
        least = min(after)
        whole = -1 if least == 0 and setup.shanten(counts) == -1 else least
        detour = options.backtrack and _kept(counts, setup.start[0]) + whole <= setup.start_shanten
        declares = setup.closed and options.riichi
        targets: list[int] = []
        for thrown in setup.discards(drawn, after):
            value = after[_kind(thrown)]
            if value == whole or detour:
                riichi = declares and value == 0
                target = self.node(
                    _remove(drawn, thrown), riichi, riichi and options.ippatsu, value
                )
                if target not in targets:
                    targets.append(target)
        found = len(self.hands)
        self.hands.append(tuple(targets))
        self.hand_index[drawn] = found
        return found

    # ----------------------------------------------------------------- the figures

    def solve(self, turn: int) -> None:
        """The figures of every node with 0 to ``turn`` draws left (``self.ev[r][node]``:
        expected points; ``win``: chance of winning; ``ever_ready``: of being or becoming
        ready), and each 14-tile hand's best discard (``self.best[r][hand]``)."""
        setup = self.setup
        zero, one = setup.zero, setup.one
        n = len(self.tiles)
        stay, moves, ready_now = self.stay, self.moves, self.ready
        useful = self.useful
        hands = self.hands
        ev = [zero] * n
        win = [zero] * n
        ready = [one if r else zero for r in ready_now]
        self.ev, self.win, self.ever_ready, self.best = [ev], [win], [ready], [[]]
        # Hands in riichi with their copies left, points in all and least win; the rest
        # (and, for a draw count, any riichi hand that would not take every win).
        riichi = []
        others = []
        for number in range(n):
            if self.riichi[number] and moves[number]:
                wins = [(m[1], m[2][0]) for m in moves[number] if m[2] is not None]
                points = sum((c * value for c, value in wins), zero)
                riichi.append((number, useful[number], points, min(v for _, v in wins)))
            else:
                others.append(number)
        general = len(others)
        for r in range(1, turn + 1):
            # The best discard of each 14-tile hand with r - 1 draws left after it.
            best: list[int] = []
            for targets in hands:
                if not targets:  # a complete hand without a detour: win or throw back
                    best.append(-1)
                    continue
                top = targets[0]
                top_ev, top_win, top_ready = ev[top], win[top], ready[top]
                for target in targets[1:]:
                    e = ev[target]
                    if e < top_ev:
                        continue
                    w = win[target]
                    if e == top_ev and (
                        w < top_win or (w == top_win and ready[target] <= top_ready)
                    ):
                        continue
                    top, top_ev, top_win, top_ready = target, e, w, ready[target]
                best.append(top)
            wall = setup.wall - (turn - r)  # tiles in the wall before this draw
            new_ev = [zero] * n
            new_win = [zero] * n
            new_ready = [one] * n
            # A hand in riichi (ready) whose every win is worth more than going on wins on
            # each of them: its figures at once, from its copies and their points in all.
            for number, copies, points, least in riichi:
                base = stay[number]
                base_ev, base_win = ev[base], win[base]
                if least > base_ev or (least == base_ev and base_win < 1):
                    scale = one / max(wall, copies)
                    new_ev[number] = base_ev + (points - copies * base_ev) * scale
                    new_win[number] = base_win + copies * (one - base_win) * scale
                else:
                    others.append(number)
            for number in others:
                base = stay[number]
                base_ev, base_win, base_ready = ev[base], win[base], ready[base]
                add_ev = add_win = add_ready = zero  # the draws that lower the shanten or win
                more_ev = more_win = more_ready = zero  # the tegawari draws
                for _event, copies, won, drawn, lowers in moves[number]:
                    top_ev, top_win, top_ready = base_ev, base_win, base_ready
                    if won is not None and (won[0] > top_ev or (won[0] == top_ev and top_win < 1)):
                        top_ev, top_win, top_ready = won[0], one, one
                    target = best[drawn] if drawn >= 0 else -1
                    if target >= 0:
                        e = ev[target]
                        if e > top_ev or (
                            e == top_ev
                            and (
                                win[target] > top_win
                                or (win[target] == top_win and ready[target] > top_ready)
                            )
                        ):
                            top_ev, top_win, top_ready = e, win[target], ready[target]
                    if top_ev is base_ev and top_win is base_win and top_ready is base_ready:
                        continue
                    if lowers:
                        add_ev += copies * (top_ev - base_ev)
                        add_win += copies * (top_win - base_win)
                        add_ready += copies * (top_ready - base_ready)
                    else:
                        more_ev += copies * (top_ev - base_ev)
                        more_win += copies * (top_win - base_win)
                        more_ready += copies * (top_ready - base_ready)
                scale, room = self._scales(number, wall)
                new_ev[number] = base_ev + add_ev * scale + more_ev * room
                new_win[number] = base_win + add_win * scale + more_win * room
                new_ready[number] = (
                    one if ready_now[number] else base_ready + add_ready * scale + more_ready * room
                )
            del others[general:]
            ev, win, ready = new_ev, new_win, new_ready
            self.ev.append(ev)
            self.win.append(win)
            self.ever_ready.append(ready)
            self.best.append(best)

    def _scales(self, number: int, wall: int) -> tuple[Number, Number]:
        """The chance of drawing one given tile of the node's moves, with ``wall`` tiles in
        the wall: a tile that lowers the shanten or wins 1/wall (the wall's share of each
        tile); a tegawari tile the same, as far as the wall has room beside the first kind,
        the room shared out in proportion to copies (the tiles thrown earlier are taken
        to be tegawari tiles, once the tiles no move can use run out). Should the first
        kind alone outnumber the wall, every draw is one of them."""
        one = self.setup.one
        useful, other = self.useful[number], self.other[number]
        if useful >= wall:
            return one / useful, one * 0
        scale = one / wall
        if other <= wall - useful:
            return scale, scale
        return scale, scale * (wall - useful) / other

    def answer(self, number: int, move: _Move, r: int) -> int:
        """How the play answers ``move`` from ``number`` with ``r`` draws left after it, as
        :meth:`solve` chose: :data:`_THROW`, :data:`_WIN` or the node kept."""
        ev, win, ready = self.ev[r], self.win[r], self.ever_ready[r]
        base = self.stay[number]
        top_ev, top_win, top_ready = ev[base], win[base], ready[base]
        chosen = _THROW
        won, drawn = move[2], move[3]
        if won is not None and (won[0] > top_ev or (won[0] == top_ev and top_win < 1)):
            top_ev, top_win, top_ready = won[0], self.setup.one, self.setup.one
            chosen = _WIN
        target = self.best[r + 1][drawn] if drawn >= 0 else -1
        if target >= 0:
            e = ev[target]
            if e > top_ev or (
                e == top_ev
                and (
                    win[target] > top_win or (win[target] == top_win and ready[target] > top_ready)
                )
            ):
                chosen = target
        return chosen

    def play(self, start: int, turn: int) -> tuple[list[Number], list[Number], list[WaitShare]]:
        """Follow the best play forward from ``start``: the chance of having been ready and
        of having won by each draw, and the wins by ready hand and tile."""
        setup = self.setup
        zero, one = setup.zero, setup.one
        mass: dict[tuple[int, bool], Number] = {(start, self.ready[start]): one}
        ready_by = [one if self.ready[start] else zero]
        win_by = [zero]
        shares: dict[tuple[_Tiles, bool, int], list[Any]] = {}
        for draw in range(1, turn + 1):
            wall = setup.wall - (draw - 1)
            after = turn - draw
            nxt: dict[tuple[int, bool], Number] = {}
            won_now = ready_now = zero
            for (number, been_ready), m in mass.items():
                scale, room = self._scales(number, wall)
                scale, room = m * scale, m * room
                kept = m - self.useful[number] * scale - self.other[number] * room
                for move in self.moves[number]:
                    p = move[1] * (scale if move[4] else room)
                    chosen = self.answer(number, move, after)
                    if chosen == _THROW:
                        kept += p
                    elif chosen == _WIN:
                        won_now += p
                        won = move[2]
                        assert won is not None
                        key = (self.tiles[number], self.riichi[number], move[0])
                        entry = shares.get(key)
                        if entry is None:
                            entry = [move[1], [zero] * (turn + 1), zero, won]
                            shares[key] = entry
                        entry[1][draw] += p
                        entry[2] += p * won[0]
                    else:
                        flag = been_ready or self.ready[chosen]
                        if flag and not been_ready:
                            ready_now += p
                        nxt[(chosen, flag)] = nxt.get((chosen, flag), zero) + p
                if kept:
                    key2 = (self.stay[number], been_ready)
                    nxt[key2] = nxt.get(key2, zero) + kept
            mass = nxt
            ready_by.append(ready_by[-1] + ready_now)
            win_by.append(win_by[-1] + won_now)
        return ready_by, win_by, _wait_shares(shares, zero)


def _wait_shares(found: dict[tuple[_Tiles, bool, int], list[Any]], zero: Number) -> list[WaitShare]:
    out: list[WaitShare] = []
    for (tiles, riichi, event), (left, steps, points, won) in found.items():
        by_draw: list[Number] = []
        running = zero
        for step in steps[1:]:
            running += step
            by_draw.append(running)
        out.append(
            WaitShare(
                hand=format_tiles(_tiles_of(tiles)),
                riichi=riichi,
                tile=_event_tile(event),
                left=left,
                chance=running,
                by_draw=tuple(by_draw),
                value=points / running,
                points=points,
                han=won[1],
                fu=won[2],
                base=won[3],
            )
        )
    out.sort(key=lambda s: (-s.points, -s.chance, s.hand, s.tile))
    return out


# --------------------------------------------------------------------------- the analysis


#: Words of a win or a declaration, which the model decides itself (and so ignores): the
#: context words' table's ways of winning, riichi and situations, the ura and the discarder.
_DECIDED_WORDS: Final = (
    *(w.field for w in CONTEXT_WORDS if w.kind in ("way", "riichi", "situation") and w.field),
    "ura_indicators",
    "ura_count",
    "win_from",
)


def _scoring_context(context: Context) -> Context:
    """The hand's context without the words that describe a win or a declaration (the model
    decides those itself) and without ``seen=`` (it does not change a value)."""
    defaults: dict[str, Any] = {name: Context._field_defaults[name] for name in _DECIDED_WORDS}
    return context._replace(**defaults, seen=())


def _setup(
    hand: Hand, rules: Rules, options: EvOptions, seen: Sequence[Tile], exact: bool
) -> _Setup:
    sanma = rules.players == 3
    aka = (bool(rules.red_fives[0]), bool(rules.red_fives[1]), bool(rules.red_fives[2]))
    own = hand.closed_tiles
    meld_tiles = [t for meld in hand.melds for t in meld.tiles]
    visible = [*own, *meld_tiles, *hand.context.dora_indicators, *seen]
    shown = _closed_counts(visible)
    shown[NORTH] += hand.context.kita
    unseen = [0] * _EVENTS
    for kind in range(34):
        if not (sanma and 1 <= kind <= 7):
            unseen[kind] = max(0, 4 - shown[kind])
    for suit in range(3):
        if aka[suit] and not (sanma and suit == 0):
            kind = _FIVE[suit]
            reds_shown = sum(1 for t in visible if t.red and t.kind == kind)
            red_left = min(max(0, rules.red_fives[suit] - reds_shown), unseen[kind])
            unseen[_RED[suit]] = red_left
            unseen[kind] -= red_left
    reds = [0, 0, 0]
    for tile in own:
        if tile.red and aka[tile.kind // 9]:
            reds[tile.kind // 9] += 1
    start: _Tiles = (tuple(_closed_counts(own)), (reds[0], reds[1], reds[2]))
    setup = _Setup(
        rules=rules,
        options=options,
        melds=hand.melds,
        meld_counts=_closed_counts(meld_tiles),
        sanma=sanma,
        closed=hand.is_closed,
        aka=aka,
        unseen=unseen,
        wall=sum(unseen),
        start=start,
        start_shanten=0,
        context=_scoring_context(hand.context),
        ura_indicators=max(1, len(hand.context.dora_indicators)),
        one=_fraction(1) if exact else 1.0,
        zero=_fraction(0) if exact else 0.0,
        exact=exact,
    )
    setup.start_shanten = setup.shanten(start[0])
    return setup


def evaluate(
    hand: Hand,
    rules: Rules,
    options: EvOptions | None = None,
    *,
    seen: Sequence[Tile] = (),
    exact: bool = False,
    curves: bool = False,
    explain: Tile | None = None,
) -> EvAnalysis:
    """Every discard of a 14-tile hand (or the 13-tile hand itself) valued by the model of
    this module, best first (most expected points, then the higher chance of winning, then
    of being ready, then tile order).

    ``seen`` are tiles the player sees beside the hand, added to its ``seen=`` word (a
    review passes the rivers and others' melds here). ``curves`` adds every discard's
    chances by each coming draw; ``explain`` adds them and the wins' shares for one discard
    (the 13-tile hand's own with any tile). Raises :class:`~agari.errors.HandError` for a
    hand of another size, a bad ``turn`` or an ``explain`` tile the hand does not hold.

    >>> from agari.notation import parse_hand
    >>> best = evaluate(parse_hand("234m345666p4467s1z seat=E dora=1z"), Rules.preset(),
    ...     EvOptions(ura=False, ippatsu=False)).discards[0]
    >>> best.tile, best.riichi, round(best.ev, 2)  # riichi on 5s/8s: 6000 a win, 17 draws
    (Tile('1z'), True, 4282.35)
    """
    options = options or EvOptions()
    count = hand.tile_count
    if count not in (13, 14):
        raise HandError(
            "tile_count",
            _(
                "{count} tiles (melds count 3): agari ev values a hand of 14 tiles (the discard "
                "to choose) or 13 (a draw earlier)"
            ).format(count=count),
        )
    setup = _setup(hand, rules, options, (*hand.context.seen, *seen), exact)
    top = min(MAX_TURN, setup.wall)
    turn = options.turn
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= top:
        raise HandError(
            "bad_value",
            _(
                "turn={turn}: the draws left are a whole number from 0 to {top} (default {default})"
            ).format(turn=turn, top=top, default=DEFAULT_TURN),
        )
    graph = _Graph(setup)
    starts: list[tuple[Tile | None, _Tiles, int, bool]] = []
    warnings: list[str] = []
    ignored = [word for word in _DECIDED_WORDS if getattr(hand.context, word)]
    if ignored:
        names = ", ".join(w.replace("_", "-") for w in ignored)
        warnings.append(
            _(
                "{words}: not used; agari ev decides riichi itself and counts only wins by "
                "tsumo on the draws to come"
            ).format(words=names)
        )
    if not setup.closed and options.riichi:
        warnings.append(_("an open hand: no riichi"))
    if count == 13:
        starts.append((None, setup.start, setup.start_shanten, False))
    else:
        if setup.start_shanten == -1:
            warnings.append(_("the 14 tiles form a complete hand; discards shown as asked"))
        for thrown in setup.discards(setup.start):
            rest = _remove(setup.start, thrown)
            value = setup.shanten(rest[0])
            declares = value == 0 and setup.closed and options.riichi
            starts.append((_event_tile(thrown), rest, value, declares))
    chosen = _explained(starts, explain, count)
    nodes = [
        graph.node(rest, declares, declares and options.ippatsu) for _, rest, _, declares in starts
    ]
    explained = nodes[chosen] if chosen >= 0 else -1
    graph.build()
    graph.solve(turn)
    results = []
    for (tile, rest, value, declares), start in zip(starts, nodes, strict=True):
        ready_by: list[Number] = []
        win_by: list[Number] = []
        shares: list[WaitShare] = []
        if curves or start == explained:
            ready_by, win_by, shares = graph.play(start, turn)
            if start != explained:
                shares = []
        waits: tuple[tuple[Tile, int], ...] = ()
        if value == 0:
            left = setup.left(rest)
            waits = tuple(
                (_event_tile(e), left[e])
                for kind in setup.waits(rest[0])
                for e in setup.events(kind)
                if left[e] or e == kind
            )
        results.append(
            DiscardEv(
                tile=tile,
                shanten=value,
                riichi=declares,
                ev=graph.ev[turn][start],
                win=graph.win[turn][start],
                ready=graph.ever_ready[turn][start],
                waits=waits,
                ready_by=tuple(ready_by),
                win_by=tuple(win_by),
                shares=tuple(shares),
            )
        )
    results.sort(key=_order)
    return EvAnalysis(
        hand=str(hand),
        rules=rules.describe(),
        options=options,
        unseen=setup.wall,
        shanten=setup.start_shanten,
        discards=tuple(results),
        warnings=tuple(warnings),
        states=len(graph.tiles),
    )


def _explained(
    starts: list[tuple[Tile | None, _Tiles, int, bool]], explain: Tile | None, count: int
) -> int:
    """Which start ``explain`` names (its index in ``starts``), or -1 for none."""
    if explain is None:
        return -1
    if count == 13:
        return 0
    tiles = [tile for tile, _, _, _ in starts]
    if explain in tiles:
        return tiles.index(explain)
    for index, tile in enumerate(tiles):
        if tile is not None and tile.kind == explain.kind and (explain.red or not tile.red):
            return index
    held = " ".join(str(t) for t in tiles)
    raise HandError(
        "bad_value",
        _("the hand has no {tile} to discard (it can discard {tiles})").format(
            tile=explain, tiles=held
        ),
    )


def _order(d: DiscardEv) -> tuple[Any, ...]:
    tile = d.tile
    return (-d.ev, -d.win, -d.ready, tile.kind * 2 + (not tile.red) if tile else 0)
