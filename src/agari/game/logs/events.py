"""The event stream: value types that both log readers give, whatever the format.

Takes nothing; gives :class:`GameLog` (a game), :class:`RoundLog` (a round) and the
events of a round (:data:`Event`), plus :class:`LogError` for a log that cannot be read.

Seats are absolute indices 0..3 (0..2 with three players) in the order of the first
round, seat 0 being its dealer, exactly as Tenhou and Mahjong Soul number them. Tiles are
:class:`agari.tiles.Tile` with the red flag set. Scores and deltas are whole points
(25000, not 250). Values a log states about a result (han, fu, points, yaku, deltas) are
carried as stated, or ``None`` where the log does not state them; nothing here is scored.
"""

from __future__ import annotations

import datetime
import operator
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final, Literal, Protocol

from agari.game.outcomes import AbortReason
from agari.lang import _, pgettext
from agari.lang.terms import round_label as shown_round
from agari.tiles import WIND_LETTERS, Tile

CallKind = Literal["chi", "pon", "daiminkan", "kakan", "ankan", "kita"]
CALL_KINDS: Final[tuple[CallKind, ...]] = ("chi", "pon", "daiminkan", "kakan", "ankan", "kita")
Limit = Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]
#: A sort key giving :class:`Tile`'s own order (kind, then red) with the comparisons in C.
TILE_ORDER: Final = operator.attrgetter("kind", "red")


# Draws and discards are nearly every event of a game (about 140 a round), so their
# ``__init__`` is written out: it stores each field through its slot's own descriptor,
# which skips the frozen check as the generated one's ``object.__setattr__`` does, at
# two thirds of the cost. The instances are as frozen, equal, hashed and printed as the rest.


@dataclass(frozen=True, slots=True, init=False)
class Draw:
    """``seat`` takes ``tile`` from the wall; ``replacement`` after a kan or a kita (the
    dead wall: a win on it is rinshan)."""

    seat: int
    tile: Tile
    replacement: bool = False

    def __init__(self, seat: int, tile: Tile, replacement: bool = False) -> None:
        _DRAW_SEAT(self, seat)
        _DRAW_TILE(self, tile)
        _DRAW_REPLACEMENT(self, replacement)


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """``seat`` discards ``tile``. ``tsumogiri``: it is the tile just drawn (the same
    physical tile). ``riichi``: riichi is declared with this discard (see
    :class:`RiichiAccepted` for whether the stick went down)."""

    seat: int
    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False

    def __init__(
        self, seat: int, tile: Tile, tsumogiri: bool = False, riichi: bool = False
    ) -> None:
        _DISCARD_SEAT(self, seat)
        _DISCARD_TILE(self, tile)
        _DISCARD_TSUMOGIRI(self, tsumogiri)
        _DISCARD_RIICHI(self, riichi)


def _slot_setters(cls: type, *names: str) -> tuple[Callable[[object, object], None], ...]:
    """The ``__set__`` of each named slot of ``cls``."""
    return tuple(cls.__dict__[name].__set__ for name in names)


_DRAW_SEAT, _DRAW_TILE, _DRAW_REPLACEMENT = _slot_setters(Draw, "seat", "tile", "replacement")
_DISCARD_SEAT, _DISCARD_TILE, _DISCARD_TSUMOGIRI, _DISCARD_RIICHI = _slot_setters(
    Discard, "seat", "tile", "tsumogiri", "riichi"
)


@dataclass(frozen=True, slots=True)
class Call:
    """A meld or a kita by ``seat``.

    ``tiles``: every tile of the meld, sorted (four for a kan, one North for a kita).
    ``called``: the tile taken from ``from_seat``'s discard (chi, pon, daiminkan), or for a
    kakan the tile the pon had called; ``None`` for ankan and kita. ``added``: the tile a
    kakan adds from the hand. :attr:`from_hand` is what leaves the caller's hand.
    """

    seat: int
    kind: CallKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    from_seat: int | None = None
    added: Tile | None = None

    @property
    def from_hand(self) -> tuple[Tile, ...]:
        """The tiles that leave the caller's concealed hand."""
        if self.kind == "kakan":
            assert self.added is not None
            return (self.added,)
        if self.called is None or self.kind not in ("chi", "pon", "daiminkan"):
            return self.tiles
        rest = list(self.tiles)
        rest.remove(self.called)
        return tuple(rest)


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """The riichi discard of ``seat`` was not won on: its 1000-point stick is down.
    mjlog states it (``REACH step=2``); for tenhou.net/6 the reader places it where
    Tenhou does, right after the discard, unless the round ends on that discard."""

    seat: int


@dataclass(frozen=True, slots=True)
class NewDora:
    """A kan reveals another dora ``indicator``. mjlog states when; tenhou.net/6 lists
    the indicators only, so the reader places them as Tenhou reveals them: after an ankan
    at once, after a daiminkan or kakan when the kan's player next discards or calls."""

    indicator: Tile


@dataclass(frozen=True, slots=True)
class Win:
    """One winner (a double ron gives two, in the log's order, nearest the discarder
    first). ``from_seat == seat`` on tsumo. ``pao_seat``: the liable seat, else ``None``.

    Stated values, ``None`` where the log has none: ``han`` (total, not for yakuman),
    ``fu`` (tenhou.net/6 omits it on limit hands), ``points`` (the hand's value without
    honba or sticks: a ron's payment, or a tsumo's payments added up), ``limit``,
    ``yaku`` ((name, han) pairs, Tenhou's Japanese names; entries of 0 han are left out),
    ``yakuman`` (names), ``deltas`` (every seat's change for this win, honba and the sticks
    taken included, riichi deposits not). ``ura_indicators``: the ura indicators the log
    shows for the round (empty when none were shown).
    """

    seat: int
    from_seat: int
    pao_seat: int | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    limit: Limit | None = None
    yaku: tuple[tuple[str, int], ...] | None = None
    yakuman: tuple[str, ...] | None = None
    deltas: tuple[int, ...] | None = None
    ura_indicators: tuple[Tile, ...] = ()

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw:
    """The wall ran out. ``tenpai``: the ready seats where the log tells them (mjlog shows
    their hands; tenhou.net/6 by its noten payments or by 全員聴牌 / 全員不聴), else
    ``None``. ``deltas``: the noten payments as stated."""

    tenpai: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Nagashi:
    """Nagashi mangan at the exhaustive draw, paid as ``deltas`` (several nagashi summed)."""

    deltas: tuple[int, ...] | None = None
    tenpai: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Abort:
    """An abortive draw, ``reason`` in SPEC §7's words."""

    reason: AbortReason
    deltas: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The last event of every round. ``deltas``: the round's stated changes (the sum of
    its results' deltas), or ``None``. On the game's last round, ``final_scores`` and
    ``final_points`` as the log states them (Tenhou: the points after uma and oka)."""

    deltas: tuple[int, ...] | None = None
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class StatedFuriten:
    """What the server states of every seat's furiten at this point (Mahjong Soul's
    ``zhenting`` on each draw, discard and call; Riichi City's notice to one seat):
    ``furiten[seat]``, ``None`` for a seat it says nothing of. Kept for the analysis of
    play; the replay does not use it."""

    furiten: tuple[bool | None, ...]


@dataclass(frozen=True, slots=True)
class StatedWaits:
    """The waits the server states for ``seat`` after its discard (Mahjong Soul's
    ``tingpais``, empty when it is not ready; Riichi City's ``ting_info`` after a riichi).
    Kept for the analysis of play."""

    seat: int
    waits: tuple[Tile, ...]


Result = Win | ExhaustiveDraw | Nagashi | Abort
Event = (
    Draw
    | Discard
    | Call
    | RiichiAccepted
    | NewDora
    | Win
    | ExhaustiveDraw
    | Nagashi
    | Abort
    | RoundEnd
    | StatedFuriten
    | StatedWaits
)


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round: ``wind`` 0..3 (East..North) and ``number`` 1..4 make its name, e.g.
    ``E2``; ``honba`` and ``sticks`` at its start; ``dealer`` seat; ``scores`` at its
    start (``None`` where the log does not state them); ``hands``: each seat's 13
    starting tiles, sorted (the dealer's 14th is its first :class:`Draw`);
    ``dora_indicator``: the first one; ``events`` in play order, ending with the
    result(s) and :class:`RoundEnd`."""

    index: int
    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...] | None
    hands: tuple[tuple[Tile, ...], ...]
    dora_indicator: Tile
    events: tuple[Event, ...]

    @property
    def name(self) -> str:
        """``E1`` .. ``S4`` .. ``W1``."""
        return round_name(self.wind, self.number)

    @property
    def label(self) -> str:
        """Round and honba, e.g. ``E2-1``."""
        return round_label(self.wind, self.number, self.honba)

    @property
    def results(self) -> tuple[Result, ...]:
        """The round's results: one or more :class:`Win`, or one draw / abort."""
        return tuple(
            e for e in self.events if isinstance(e, Win | ExhaustiveDraw | Nagashi | Abort)
        )

    @property
    def end(self) -> RoundEnd:
        last = self.events[-1]
        assert isinstance(last, RoundEnd)
        return last


@dataclass(frozen=True, slots=True)
class LogRules:
    """The rules the log states, ``None`` where it does not say.

    ``server``: ``"tenhou"``, ``"majsoul"`` or ``"riichicity"``; ``players``: 3 or 4;
    ``red_fives``: red fives in play, ``red_five_counts`` per suit (m, p, s) where stated;
    ``open_tanyao``; ``length``: ``"east"`` (tonpuusen) or ``"south"`` (hanchan);
    ``room``: the room's words as the log writes them (e.g. ``鳳南喰赤``);
    ``stated_switches``: game rules a record states outright, as rule switches (e.g.
    ``("start_points", "30000")`` from a Mahjong Soul record's own rules)."""

    players: int
    server: str | None = None
    red_fives: bool | None = None
    red_five_counts: tuple[int, int, int] | None = None
    open_tanyao: bool | None = None
    length: Literal["east", "south"] | None = None
    room: str | None = None
    stated_switches: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class GameLog:
    """A whole game read from a log.

    ``source``: the format, ``"tenhou6"``, ``"mjlog"``, ``"majsoul"``, ``"riichicity"`` or
    ``"mjai"``; ``game_id``: Tenhou's log id, Mahjong Soul's paipu id or Riichi City's
    record key where known; ``title``: the log's title words; ``names``: one per
    seat; ``date``: the day the game was played, from its id; ``final_scores`` /
    ``final_points``: the log's final result where it has one; ``date_from``: where the
    date was read, ``"log"`` (an id or time inside the file) or ``"name"`` (only the file
    name), ``None`` without a date."""

    source: str
    game_id: str | None
    title: str | None
    names: tuple[str, ...]
    rules: LogRules
    date: datetime.date | None
    rounds: tuple[RoundLog, ...]
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    date_from: Literal["log", "name"] | None = None
    #: the file holds the whole game: it states the end (a final result, or a format's
    #: closing mark), so its last round is the game's last
    complete: bool = False

    @property
    def players(self) -> int:
        return self.rules.players


class LogError(ValueError):
    """A log that cannot be read. ``game``: the file or id; ``round_index`` and
    ``round_label`` (e.g. ``E2-1``) of the damaged round, ``event_index``: how many of
    its events were read before the damage (``None`` where the damage is not in a round);
    ``rounds``: every round read before it, whole; ``log``: the game as far as it was read
    (players, names, rules and those rounds), where the reader got that far."""

    def __init__(
        self,
        message: str,
        *,
        game: str | None = None,
        round_index: int | None = None,
        round_label: str | None = None,
        event_index: int | None = None,
        rounds: tuple[RoundLog, ...] = (),
        log: GameLog | None = None,
    ) -> None:
        where = error_place(game, round_index, round_label, event_index)
        super().__init__(_("{where}: {problem}").format(where=where, problem=message))
        self.message = message
        self.game = game
        self.round_index = round_index
        self.round_label = round_label
        self.event_index = event_index
        self.rounds = log.rounds if log is not None else rounds
        self.log = log

    def with_log(self, log: GameLog) -> LogError:
        """This error with the game read so far (its rounds are this error's)."""
        return LogError(
            self.message,
            game=self.game,
            round_index=self.round_index,
            round_label=self.round_label,
            event_index=self.event_index,
            log=replace(log, rounds=self.rounds),
        )


def error_place(
    game: str | None,
    round_index: int | None = None,
    round_label: str | None = None,
    event_index: int | None = None,
) -> str:
    """Where in a log an error is, as a message says it (in the current language): the
    file or id, the round (its label, e.g. ``E2-1``, and its place in the log) and the
    event.

    >>> error_place("a.json", 2, "E2-1", 5), error_place(None, 0)
    ('a.json, round E2-1 (#3), event 5', 'log, round #1')
    """
    where = game or pgettext("a log that has no name", "log")
    if round_index is not None:
        place = (
            _("round {round} (#{number})").format(
                round=shown_round(round_label), number=round_index + 1
            )
            if round_label
            else _("round #{number}").format(number=round_index + 1)
        )
        where = _("{where}, {place}").format(where=where, place=place)
    if event_index is not None:
        event = _("event {event}").format(event=event_index)
        where = _("{where}, {place}").format(where=where, place=event)
    return where


def round_name(wind: int, number: int) -> str:
    """A round's name from its wind (0 East .. 3 North) and number: ``E1`` .. ``W4``."""
    return f"{WIND_LETTERS[wind % 4]}{number}"


def round_label(wind: int, number: int, honba: int) -> str:
    """A round's name and counter: ``E2-1``."""
    return f"{round_name(wind, number)}-{honba}"


def with_final_result(log: GameLog) -> GameLog:
    """``log`` with its final result on the last round's end too, as every reader gives it."""
    if not log.rounds or log.final_scores is None:
        return log
    last = log.rounds[-1]
    end = RoundEnd(last.end.deltas, log.final_scores, log.final_points)
    return replace(log, rounds=(*log.rounds[:-1], replace(last, events=(*last.events[:-1], end))))


class OpenRound(Protocol):
    """A round a reader is in the middle of: its index, label and the events read so far."""

    @property
    def index(self) -> int: ...
    @property
    def label(self) -> str: ...
    @property
    def events(self) -> list[Event]: ...


def damage_at(
    message: str, game: str | None, current: OpenRound | None, rounds: list[RoundLog]
) -> LogError:
    """A reader's :class:`LogError` for damage in the round it is reading (``current``) or
    between rounds, with every round read before it."""
    return LogError(
        message,
        game=game,
        round_index=current.index if current else (len(rounds) if rounds else None),
        round_label=current.label if current else None,
        event_index=len(current.events) if current else None,
        rounds=tuple(rounds),
    )
