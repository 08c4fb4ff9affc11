"""The round table: one round as the players see it, moved on by one method per event.

After majiang-core's ``Board``: :class:`RoundTable` is dealt from a
:class:`~agari.game.logs.RoundLog`'s header and takes the round's events one at a time
(:meth:`~RoundTable.draw`, :meth:`~RoundTable.discard`, :meth:`~RoundTable.call`,
:meth:`~RoundTable.kan`, :meth:`~RoundTable.kita`, :meth:`~RoundTable.accept_riichi`,
:meth:`~RoundTable.reveal_dora`). It keeps every seat's concealed tiles, melds, river and
riichi state (double riichi, the ippatsu chance that any call or kita breaks, the first-turn
chances), its kita and the seat liable for it (pao); the dora indicators; the wall (136 or
108 tiles, 14 in the dead wall, every replacement draw taken from the live wall's end: 70
or 55 draws in all); the riichi sticks down; and the last action, as a small frozen value.

At a win, :meth:`~RoundTable.win_hand` builds the winner's :class:`~agari.hand.Hand` with
every fact the events imply: riichi, double riichi, ippatsu, haitei, houtei, rinshan after a
kan or a kita, chankan on a robbed added kan (a ron on a kita North is not chankan), tenhou,
chiihou, the dora indicators revealed so far and the ura indicators of a riichi winner,
kita. A kan or kita that is robbed never happened: its interruption (the ippatsu and
first-turn chances it breaks) takes effect only with the replacement draw.

An event that does not fit the table (a discard of a tile not in the hand, a call on a tile
that was not the last discard, a win on nothing) raises :class:`TableError`; the table is
then as it was before the event.

>>> from agari.tiles import Tile
>>> table = RoundTable(players=4, dealer=0, hands=((Tile(0),) * 13,) * 4, dora=Tile(5))
>>> table.wall_left, table.dora_indicators
(70, (Tile('6m'),))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from agari.analysis.efficiency import tally
from agari.game.logs.events import Call, Discard, Draw
from agari.game.logs.events import Win as LogWin
from agari.hand import Hand, Meld, MeldKind, Source, format_codes, format_meld, make_context
from agari.lang import N_, _
from agari.lang.terms import call_name
from agari.tiles import DRAGONS, NORTH, TILE_OF_CODE, WINDS, Tile, tile_code
from agari.tiles import IS_TERMINAL_OR_HONOUR as _YAOCHUU

__all__ = [
    "Called",
    "KanDeclared",
    "LastAction",
    "RoundTable",
    "SeatTable",
    "TableError",
]

#: Draws from the live wall in a round: 136 - 14 dead - 52 dealt (4 players), 108 - 14 - 39.
WALL_DRAWS: Final = {4: 70, 3: 55}
_DRAGON_KINDS: Final = frozenset(DRAGONS)
_WIND_KINDS: Final = frozenset(WINDS)
_MELD_KINDS: Final = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.KAN}


class TableError(ValueError):
    """An event that does not fit the table as it stands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


#: What :meth:`SeatTable.take` says of a tile the seat does not hold, by what it does with it
#: (translated where it is said).
_NOT_HELD_DISCARD: Final = N_("seat {seat} discards {tile}, which is not in its hand ({held})")
_NOT_HELD_CALL: Final = N_(
    "seat {seat} calls {kind} with {tile}, which is not in its hand ({held})"
)
_NOT_HELD_ADDED_KAN: Final = N_(
    "seat {seat} adds to a kan {tile}, which is not in its hand ({held})"
)
_NOT_HELD_CLOSED_KAN: Final = N_(
    "seat {seat} declares a closed kan with {tile}, which is not in its hand ({held})"
)
_NOT_HELD_KITA: Final = N_("seat {seat} sets aside kita {tile}, which is not in its hand ({held})")


# --------------------------------------------------------------------------- last action
# The last draw and the last discard are their events themselves (a draw or discard is
# nearly every event: no value is made for them); a kan and a call get their own.


class KanDeclared(NamedTuple):
    """``seat`` declared a kan (``kind`` ``kakan`` or ``ankan``) or set aside a kita with
    ``tile``, which another seat may rob: chankan on an added kan; a ron on a kita is not."""

    seat: int
    tile: Tile
    kind: str


class Called(NamedTuple):
    """``seat`` called a discard (chi, pon or open kan)."""

    seat: int


#: The table's last action: a draw (``replacement`` after a kan or kita: a win on it is
#: rinshan), a discard, a kan or kita that may be robbed, or a call. A draw or discard
#: while the wall is empty (:attr:`RoundTable.wall_left` 0) is the last one: haitei, houtei.
LastAction = Draw | Discard | KanDeclared | Called


# --------------------------------------------------------------------------- seats


@dataclass(slots=True)
class SeatTable:
    """One seat at the table: concealed tiles (as codes, see
    :func:`~agari.tiles.tile_code`), melds, river (the discards called away noted apart) and
    riichi state. ``discarded``: has discarded this round (the first-turn chances are gone);
    ``nagashi``: every discard a terminal or honour, none called; ``pao``: the seat that fed
    the third dragon set or the fourth wind set."""

    codes: list[int]
    melds: list[Meld] = field(default_factory=list)
    #: the discards in order (``tsumogiri``, ``riichi`` on each)
    river: list[Discard] = field(default_factory=list)
    #: the places in :attr:`river` of the discards another seat called
    called: list[int] = field(default_factory=list)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    discarded: bool = False
    kita: int = 0
    nagashi: bool = True
    pao: int | None = None

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles, sorted."""
        return tuple([TILE_OF_CODE[c] for c in sorted(self.codes)])

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld: 13 between turns, 14 to act."""
        return len(self.codes) + 3 * len(self.melds)

    @property
    def is_open(self) -> bool:
        return any(m.is_open for m in self.melds)

    def take(self, tiles: Sequence[Tile], message: str, seat: int, kind: str = "") -> None:
        """Remove ``tiles`` from the concealed tiles, all or none: or say which the seat
        lacks (``message``: one of the ``_NOT_HELD_*`` messages; ``kind``: the call's)."""
        if len(tiles) == 1:  # a discard: the common case, without a copy
            try:
                self.codes.remove(tile_code(tiles[0]))
                return
            except ValueError:
                pass  # said below
        codes = list(self.codes)
        for tile in tiles:
            try:
                codes.remove(tile_code(tile))
            except ValueError:
                held = " ".join(str(TILE_OF_CODE[c]) for c in sorted(self.codes))
                raise TableError(
                    _(message).format(seat=seat, kind=call_name(kind), tile=tile, held=held)
                ) from None
        self.codes = codes

    def waiting_hand(self) -> Hand:
        """The concealed tiles and melds as a hand without a winning tile."""
        return Hand(self.concealed, None, tuple(self.melds))

    def text(self) -> str:
        """``str(self.waiting_hand())`` from the codes, with no hand made (the review
        prints the hand at every decision)."""
        text = format_codes(sorted(self.codes))
        for meld in self.melds:
            text += ", " + format_meld(meld)
        return text


# --------------------------------------------------------------------------- the table


class RoundTable:
    """The table of one round. ``players`` 3 or 4, ``dealer`` the dealer's seat, ``hands``
    each seat's 13 starting tiles, ``dora`` the first dora indicator."""

    __slots__ = (
        "_dora",
        "_pending_interruption",
        "_shown",
        "dealer",
        "interrupted",
        "last",
        "players",
        "seats",
        "sticks",
        "wall_left",
    )

    def __init__(
        self,
        *,
        players: int,
        dealer: int,
        hands: Sequence[Sequence[Tile]],
        dora: Tile,
    ) -> None:
        if len(hands) != players:
            raise TableError(
                _("{count} starting hands for {players} players").format(
                    count=len(hands), players=players
                )
            )
        for seat, hand in enumerate(hands):
            if len(hand) != 13:
                raise TableError(
                    _("seat {seat} starts with {count} tiles, not 13").format(
                        seat=seat, count=len(hand)
                    )
                )
        if not 0 <= dealer < players:
            raise TableError(
                _("dealer seat {seat} does not play ({players} players)").format(
                    seat=dealer, players=players
                )
            )
        self.players: Final = players
        self.dealer: Final = dealer
        self.seats: list[SeatTable] = [SeatTable([tile_code(t) for t in hand]) for hand in hands]
        self._dora: list[Tile] = [dora]
        #: the copies of each kind every seat sees (:meth:`visible`), kept as tiles show
        #: (bytes-like: copied into the counts a seat sees in one step, at every decision
        #: of a review)
        self._shown = bytearray(34)
        self._shown[dora.kind] += 1
        self.wall_left: int = WALL_DRAWS[players]
        #: a call, kan or kita happened: the first-turn chances are gone for everyone
        self.interrupted: bool = False
        #: seats whose riichi stick is down
        self.sticks: set[int] = set()
        self.last: LastAction | None = None
        #: a kan or kita declared but not yet completed by its replacement draw
        self._pending_interruption = False

    # --- what the table shows ---

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return tuple(self._dora)

    def seat(self, seat: int) -> SeatTable:
        if not 0 <= seat < self.players:
            raise self._no_seat(seat)
        return self.seats[seat]

    def visible(self, seat: int) -> bytes:
        """The copies of each tile kind (34 counts) ``seat`` can see: its own concealed
        tiles, every meld and kita, every river (a called discard counts once, in the meld),
        and the dora indicators. A fifth copy (a damaged log) is a ``ValueError``."""
        # all but the seat's own tiles are counted as they show
        return tally(self.seat(seat).codes, bytes(self._shown))

    def _no_seat(self, seat: int) -> TableError:
        return TableError(
            _("seat {seat} does not play ({players} players)").format(
                seat=seat, players=self.players
            )
        )

    # --- the events ---

    # Draws and discards are nearly every event: their checks and moves are written out
    # (no method calls for the seat, the size or the tile's code).

    def draw(self, event: Draw) -> None:
        """A draw from the wall (or a replacement draw after a kan or kita)."""
        seat = event.seat
        if not 0 <= seat < self.players:
            raise self._no_seat(seat)
        player = self.seats[seat]
        if self.wall_left <= 0:
            raise TableError(_("a draw from an empty wall"))
        if len(player.codes) + 3 * len(player.melds) != 13:
            raise TableError(
                _("seat {seat} draws holding {count} tiles beside {melds} melds").format(
                    seat=seat, count=len(player.codes), melds=len(player.melds)
                )
            )
        if self._pending_interruption:
            self._settle_kan()
        self.wall_left -= 1
        tile = event.tile
        player.codes.append(tile.kind * 2 + (not tile.red))
        self.last = event

    def discard(self, event: Discard) -> None:
        """A discard, declaring riichi with it where ``event.riichi``."""
        seat = event.seat
        if not 0 <= seat < self.players:
            raise self._no_seat(seat)
        player = self.seats[seat]
        tile = event.tile
        riichi = event.riichi
        if riichi:
            if player.riichi:
                raise TableError(_("seat {seat} declares riichi twice").format(seat=seat))
            if player.is_open:
                raise TableError(
                    _("seat {seat} declares riichi with an open hand").format(seat=seat)
                )
        try:
            player.codes.remove(tile.kind * 2 + (not tile.red))
        except ValueError:
            player.take((tile,), _NOT_HELD_DISCARD, seat)  # says which tile is missing
        if self._pending_interruption:
            self._settle_kan()
        if riichi:
            player.riichi = True
            player.double_riichi = not player.discarded and not self.interrupted
            player.ippatsu = True
        else:
            player.ippatsu = False
        player.discarded = True
        player.river.append(event)
        self._shown[tile.kind] += 1
        if player.nagashi and not _YAOCHUU[tile.kind]:
            player.nagashi = False
        self.last = event

    def call(self, event: Call) -> None:
        """A chi, pon or open kan on the last discard."""
        kind = event.kind
        seat = event.seat
        player = self.seat(seat)
        src, called = event.from_seat, event.called
        if kind not in _MELD_KINDS:
            raise TableError(_("a {kind} is not a call on a discard").format(kind=call_name(kind)))
        if src is None or called is None:
            raise TableError(_("a {kind} that names no discarder").format(kind=call_name(kind)))
        last = self.last
        if not isinstance(last, Discard) or last.seat != src or last.tile != called:
            raise TableError(
                _(
                    "seat {seat} calls {kind} on {tile} from seat {discarder}, which was not "
                    "the last discard"
                ).format(seat=seat, kind=call_name(kind), tile=called, discarder=src)
            )
        if src == seat:
            raise TableError(_("seat {seat} calls its own discard").format(seat=seat))
        source = _source(seat, src, self.players)
        if kind == "chi" and source != "left":
            raise TableError(
                _("seat {seat} calls chi from seat {discarder}, not the seat before").format(
                    seat=seat, discarder=src
                )
            )
        player.take(event.from_hand, _NOT_HELD_CALL, seat, kind)
        self._settle_kan()
        tiles = _sorted(event.tiles)
        player.melds.append(Meld(_MELD_KINDS[kind], tiles, source, called))
        self._show(tiles)
        self._shown[called.kind] -= 1  # seen in the river until now: once, in the meld
        feeder = self.seats[src]
        feeder.nagashi = False  # a called discard spoils nagashi mangan
        feeder.called.append(len(feeder.river) - 1)
        if kind != "chi":
            self._note_liability(player, tiles[0].kind, src)
        self._interrupt()
        self.last = Called(seat)

    def kan(self, event: Call) -> None:
        """A closed kan (``ankan``) or an added kan (``kakan``) on the seat's own turn."""
        seat = event.seat
        player = self.seat(seat)
        if player.size != 14:
            raise TableError(_("seat {seat} declares a kan out of turn").format(seat=seat))
        self._settle_kan()
        tiles = _sorted(event.tiles)
        if event.kind == "kakan":
            added = event.added
            if added is None:
                raise TableError(_("an added kan without its tile"))
            at = next(
                (
                    j
                    for j, m in enumerate(player.melds)
                    if m.kind is MeldKind.PON and m.tiles[0].kind == added.kind
                ),
                None,
            )
            if at is None:
                raise TableError(
                    _("seat {seat} adds {tile} to a pon it does not have").format(
                        seat=seat, tile=added
                    )
                )
            player.take((added,), _NOT_HELD_ADDED_KAN, seat)
            pon = player.melds[at]
            player.melds[at] = Meld(MeldKind.SHOUMINKAN, tiles, pon.source, pon.called)
            self._show(tiles)
            for tile in pon.tiles:
                self._shown[tile.kind] -= 1
            robbable = added
        elif event.kind == "ankan":
            player.take(event.tiles, _NOT_HELD_CLOSED_KAN, seat)
            player.melds.append(Meld(MeldKind.ANKAN, tiles))
            self._show(tiles)
            robbable = event.tiles[0]
        else:
            raise TableError(
                _("a {kind} is not a kan of one's own").format(kind=call_name(event.kind))
            )
        self._pending_interruption = True
        self.last = KanDeclared(seat, robbable, event.kind)

    def kita(self, event: Call) -> None:
        """A North set aside (three-player)."""
        seat = event.seat
        player = self.seat(seat)
        if self.players != 3:
            raise TableError(_("kita in a four-player game"))
        if player.size != 14:
            raise TableError(_("seat {seat} sets aside kita out of turn").format(seat=seat))
        tile = event.tiles[0] if event.tiles else Tile(NORTH)
        if tile.kind != NORTH:
            raise TableError(
                _("seat {seat} sets aside {tile} as kita, not a North").format(seat=seat, tile=tile)
            )
        player.take((tile,), _NOT_HELD_KITA, seat)
        self._settle_kan()
        player.kita += 1
        self._shown[NORTH] += 1
        self._pending_interruption = True
        self.last = KanDeclared(seat, tile, "kita")

    def accept_riichi(self, seat: int) -> None:
        """The riichi discard of ``seat`` was not won on: its stick is down."""
        if not self.seat(seat).riichi:
            raise TableError(
                _("a riichi stick from seat {seat}, which did not declare").format(seat=seat)
            )
        self.sticks.add(seat)

    def reveal_dora(self, indicator: Tile) -> None:
        self._dora.append(indicator)
        self._shown[indicator.kind] += 1

    def _show(self, tiles: Sequence[Tile]) -> None:
        for tile in tiles:
            self._shown[tile.kind] += 1

    def apply(self, event: Draw | Discard | Call) -> None:
        """A play event (not a result): the method for its kind."""
        if isinstance(event, Draw):
            self.draw(event)
        elif isinstance(event, Discard):
            self.discard(event)
        elif event.kind in _MELD_KINDS:
            self.call(event)
        elif event.kind == "kita":
            self.kita(event)
        else:
            self.kan(event)

    # --- a win ---

    def win_hand(self, win: LogWin) -> Hand:
        """The winner's hand with every word the events imply (not seat, round, honba or
        sticks: the ledger knows those)."""
        seat = win.seat
        from_seat = win.from_seat
        player = self.seat(seat)
        self.seat(from_seat)
        last = self.last
        codes = list(player.codes)
        tsumo = from_seat == seat
        if tsumo:
            if not isinstance(last, Draw) or last.seat != seat:
                raise TableError(
                    _("seat {seat} wins by tsumo without having drawn").format(seat=seat)
                )
            tile = last.tile
            codes.remove(tile_code(tile))
            first_turn = not player.discarded and not self.interrupted and not last.replacement
            words: dict[str, object] = {
                "tsumo": True,
                "rinshan": last.replacement,
                "haitei": self.wall_left == 0 and not last.replacement,
                "tenhou": first_turn and seat == self.dealer,
                "chiihou": first_turn and seat != self.dealer,
            }
        elif isinstance(last, Discard) and last.seat == from_seat:
            tile = last.tile
            words = {"houtei": self.wall_left == 0}
        elif isinstance(last, KanDeclared) and last.seat == from_seat:
            tile = last.tile
            words = {"chankan": last.kind == "kakan", "kita_ron": last.kind == "kita"}
        else:
            raise TableError(
                _(
                    "seat {seat} wins on a tile from seat {discarder}, who did not just discard "
                    "or add to a kan"
                ).format(seat=seat, discarder=from_seat)
            )
        if len(codes) + 3 * len(player.melds) != 13:
            raise TableError(
                _("seat {seat} wins holding {count} tiles beside {melds} melds").format(
                    seat=seat, count=len(codes), melds=len(player.melds)
                )
            )
        if player.riichi:
            words["double_riichi" if player.double_riichi else "riichi"] = True
            words["ippatsu"] = player.ippatsu
            if win.ura_indicators:
                words["ura_indicators"] = tuple(win.ura_indicators[: len(self._dora)])
        words["dora_indicators"] = tuple(self._dora)
        words["kita"] = player.kita
        return Hand(
            tuple([TILE_OF_CODE[c] for c in sorted(codes)]),
            tile,
            tuple(player.melds),
            make_context(**{k: v for k, v in words.items() if v}),
        )

    def liable(self, seat: int) -> int | None:
        """The seat liable (pao) for ``seat``'s yakuman, if any."""
        return self.seat(seat).pao

    def nagashi_seats(self) -> tuple[int, ...]:
        """The seats whose every discard is a terminal or honour, none called."""
        return tuple(s for s, p in enumerate(self.seats) if p.nagashi)

    # --- helpers ---

    def _settle_kan(self) -> None:
        """Play went on after a kan or kita: it was not robbed, so it happened."""
        if self._pending_interruption:
            self._interrupt()

    def _interrupt(self) -> None:
        """A call, kan or kita: the first-turn chances and every ippatsu chance are gone."""
        self.interrupted = True
        self._pending_interruption = False
        for player in self.seats:
            player.ippatsu = False

    def _note_liability(self, player: SeatTable, kind: int, feeder: int) -> None:
        """The seat that fed the third dragon set or the fourth wind set is liable."""
        for group, size in ((_DRAGON_KINDS, 3), (_WIND_KINDS, 4)):
            if kind in group and sum(1 for m in player.melds if m.tiles[0].kind in group) == size:
                player.pao = feeder


def _source(seat: int, from_seat: int, players: int) -> Source:
    d = (from_seat - seat) % players
    if d == players - 1:
        return "left"
    if d == 1:
        return "right"
    return "across"


def _sorted(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_code))
