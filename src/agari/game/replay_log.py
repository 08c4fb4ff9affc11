"""A real game log replayed: every win scored by agari, every round settled by the ledger,
and the log's own values compared (SPEC §7, issue 15).

Takes a :class:`~agari.game.logs.GameLog` (the event stream of :mod:`agari.game.logs`) and
gives a :class:`LogReplay`: the :class:`~agari.game.replay.Game` played round by round
from outcomes this module works out from the events alone, and beside each round what the
log states and every value where the two differ.

The walk through a round keeps every seat's concealed tiles, melds, river, riichi state
(double riichi, the ippatsu chance broken by any call or kita, the first-turn chances), kita
count and the wall (136 or 108 tiles, 14 in the dead wall, every replacement draw taken from
the live wall's end: 70 or 55 draws in all). At each win it builds the winner's
:class:`~agari.hand.Hand` with every fact the events imply (riichi, double riichi, ippatsu,
haitei, houtei, rinshan after a kan or a kita, chankan on a robbed added kan -- a ron on a
kita North is not chankan --, tenhou, chiihou, the dora indicators revealed so far and the
ura indicators for a riichi winner, kita, the liable seat worked out from the calls); the
ledger adds seat, round, honba and sticks. At an exhaustive draw the ready seats come from
the hands (shanten 0 with a wait that is not all in the own hand) and nagashi mangan from
the rivers. A robbed added kan (or kita) never happened: it breaks no ippatsu.

Nothing is taken from the log's stated values (han, fu, points, yaku, deltas, final
scores): a log stripped of them (:func:`blank_log`) replays to the same output.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from agari.analysis import shanten
from agari.errors import HandError
from agari.game.ledger import RoundResult, ScoredWin
from agari.game.logs import (
    Abort as LogAbort,
)
from agari.game.logs import (
    Call,
    Discard,
    Draw,
    ExhaustiveDraw,
    GameLog,
    LogError,
    LogRules,
    Nagashi,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    game_date,
)
from agari.game.logs import (
    Win as LogWin,
)
from agari.game.logs.mjlog import room_words
from agari.game.logs.yaku_names import dora_key, yaku_id
from agari.game.outcomes import WINDS, Abort, GameError, Outcome, Win, Wins
from agari.game.outcomes import Draw as DrawOutcome
from agari.game.replay import Game, end_record, round_record
from agari.game.standings import Points, Standings
from agari.hand import Hand, Meld, MeldKind, Source, make_context
from agari.rules import PRESETS, Rules
from agari.tiles import IS_TERMINAL_OR_HONOUR as _YAOCHUU
from agari.tiles import NORTH, Tile

__all__ = [
    "DECIMAL_POINTS_FROM",
    "Difference",
    "LogReplay",
    "ReplayedRound",
    "StatedWin",
    "blank_log",
    "log_rules",
    "partial_log",
    "replay_log",
]

#: Tenhou shows the final points with one decimal in later games and rounded to whole
#: points in older ones (RULES.md "Games": the change falls between January 2022 and May
#: 2023 in the logs seen). Games from this day on are taken as decimal (a guess inside that
#: window, not a known date).
DECIMAL_POINTS_FROM: Final = datetime.date(2022, 9, 1)

#: The preset for each (server, players); three-player presets that do not exist yet fall
#: back to :data:`_SANMA_FALLBACK`.
_PRESET_FOR: Final[dict[tuple[str, int], str]] = {
    ("tenhou", 4): "tenhou",
    ("tenhou", 3): "tenhou-sanma",
    ("majsoul", 4): "majsoul",
    ("majsoul", 3): "majsoul-sanma",
}
#: Until the three-player presets land: the four-player preset and these switches
#: (RULES.md "Three-player" and "Games": start 35000, return 40000, uma +20 0 -20 on
#: Tenhou; Mahjong Soul friendly rooms +15 0 -15 without oka, unverified).
_SANMA_FALLBACK: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "tenhou-sanma": (
        "tenhou",
        {
            "players": "3",
            "start_points": "35000",
            "return_points": "40000",
            "goal_points": "40000",
            "uma": "20,0,-20",
        },
    ),
    "majsoul-sanma": (
        "majsoul",
        {
            "players": "3",
            "start_points": "35000",
            "return_points": "35000",
            "goal_points": "40000",
            "uma": "15,0,-15",
        },
    ),
}


def log_rules(log: GameLog, preset: str | None = None, pairs: Iterable[str] = ()) -> Rules:
    """The rules a log was played under: the server's preset for its number of players
    (Tenhou four-player ``tenhou``, three-player ``tenhou-sanma``; Mahjong Soul ``majsoul``
    / ``majsoul-sanma``), red fives and open tanyao where the room says, the game length,
    Tenhou's uma by room and year and its rounding of the final points by the game's date;
    then ``preset`` (``--rules``) in place of the server's and ``pairs`` (``--rule``) on top.
    :class:`~agari.errors.RuleError` for an unknown preset or switch."""
    info = log.rules
    players = info.players
    server = info.server or "tenhou"
    changes: dict[str, str] = {}
    if preset is None:
        name = _PRESET_FOR.get((server, players), "tenhou" if players == 4 else "tenhou-sanma")
        if name not in PRESETS and name in _SANMA_FALLBACK:
            name, fallback = _SANMA_FALLBACK[name]
            changes.update(fallback)
        base = Rules.preset(name)
        if info.red_fives is False:
            changes["aka"] = "off"
        if info.open_tanyao is False:
            changes["open_tanyao"] = "off"
        if info.length is not None:
            changes["game_length"] = info.length
        if server == "tenhou":
            year = log.date.year if log.date else None
            if players == 4:
                east_2009 = info.length == "east" and year is not None and year <= 2009
                changes["uma"] = "10,5,-5,-10" if east_2009 else "20,10,-10,-20"
            decimal = log.date is not None and log.date >= DECIMAL_POINTS_FROM
            changes["final_points"] = "decimal" if decimal else "rounded"
    else:
        base = Rules.preset(preset)
        if players != base.players:
            changes["players"] = str(players)
    rules = base.with_overrides(changes) if changes else base
    return rules.with_options(pairs)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class StatedWin:
    """What the log states about one win (``None`` where it states nothing): ``yaku`` as
    ``(log name, agari id or None, han)`` (a yakuman's han is 13), ``dora`` the dora han
    the log lists (dora, red fives, ura, kita together)."""

    seat: int
    from_seat: int
    pao: int | None
    han: int | None
    fu: int | None
    points: int | None
    limit: str | None
    yaku: tuple[tuple[str, str | None, int], ...] | None
    yakuman: int | None
    dora: int | None
    deltas: tuple[int, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "han": self.han,
            "fu": self.fu,
            "points": self.points,
            "yaku": None
            if self.yaku is None
            else [{"name": n, "id": i, "han": h} for n, i, h in self.yaku],
        }


@dataclass(frozen=True, slots=True)
class Difference:
    """One value where agari and the log disagree: ``what`` (``han``, ``fu``, ``points``,
    ``yaku``, ``yakuman``, ``deltas``, ``result``, ``round``, ``scores``, ``final scores``,
    ``final points``, ``end``), the round (``None`` for the end), the win (0-based, in the
    log's order) where it belongs to one, and both values."""

    what: str
    round_index: int | None
    round_label: str | None
    win: int | None
    log: Any
    agari: Any

    def __str__(self) -> str:
        where = "end" if self.round_label is None else self.round_label
        if self.win is not None:
            where += f" win {self.win + 1}"
        return f"{where}: {self.what}: log {_show(self.log)}, agari {_show(self.agari)}"


def _show(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True, slots=True)
class ReplayedRound:
    """One round of the log replayed: the log's round, agari's :class:`RoundResult`, the
    wins the log states (in the log's order), the round deltas it states, and the
    differences."""

    log: RoundLog
    played: RoundResult
    stated_wins: tuple[StatedWin, ...]
    stated_deltas: tuple[int, ...] | None
    differences: tuple[Difference, ...]

    @property
    def stated(self) -> bool:
        """Whether the log states anything to compare for this round."""
        return self.stated_deltas is not None or any(
            w.han is not None or w.points is not None for w in self.stated_wins
        )

    @property
    def match(self) -> bool | None:
        """SPEC §7 ``match``: ``None`` where the log states nothing."""
        if not self.stated:
            return None
        return not self.differences


@dataclass(slots=True)
class LogReplay:
    """A whole log replayed. ``game`` holds agari's rounds and state; ``rounds`` the
    comparison for each; ``end_differences`` those of the final result; ``error`` the
    reason the replay stopped early (a damaged log or an outcome the ledger refuses),
    naming the game, round and event; ``stopped_round`` and ``stopped_event`` the same
    round (``E2-0``) and event index apart, where known."""

    name: str
    log: GameLog
    rules: Rules
    game: Game
    rounds: list[ReplayedRound] = field(default_factory=list)
    end_differences: list[Difference] = field(default_factory=list)
    error: str | None = None
    stopped_round: str | None = None
    stopped_event: int | None = None

    @property
    def standings(self) -> Standings:
        return self.game.standings()

    @property
    def differences(self) -> list[Difference]:
        return [d for r in self.rounds for d in r.differences] + self.end_differences

    @property
    def wins(self) -> int:
        return sum(len(r.played.wins) for r in self.rounds)

    @property
    def end_stated(self) -> bool:
        """Whether the log states a final result to compare (not for a replay that stopped
        early: its standings are only the standings so far)."""
        if self.error is not None:
            return False
        return self.log.final_scores is not None or self.log.final_points is not None

    @property
    def end_match(self) -> bool | None:
        if not self.end_stated:
            return None
        return not self.end_differences

    def records(self) -> list[dict[str, Any]]:
        """SPEC §7 JSON: one object per round, an ``error`` object when the replay stopped
        early, then the ``end`` object."""
        game = self.log.game_id if self.log.game_id and self.log.game_id != self.name else None
        label = self.name if game is None else f"{self.name} ({game})"
        out: list[dict[str, Any]] = []
        for i, r in enumerate(self.rounds):
            record = round_record(label, i, r.played)
            record["log"] = (
                {
                    "deltas": None if r.stated_deltas is None else list(r.stated_deltas),
                    "wins": [w.to_json() for w in r.stated_wins],
                }
                if r.stated
                else None
            )
            record["match"] = r.match
            if r.differences:
                record["differences"] = [str(d) for d in r.differences]
            out.append(record)
        if self.error is not None:
            out.append({"kind": "error", "game": label, "message": self.error})
        end = end_record(label, self.standings)
        end["log"] = (
            {
                "scores": _list(self.log.final_scores),
                "points": _list(self.log.final_points),
            }
            if self.end_stated
            else None
        )
        end["match"] = self.end_match
        if self.end_differences:
            end["differences"] = [str(d) for d in self.end_differences]
        out.append(end)
        return out


def _list(values: Sequence[Any] | None) -> list[Any] | None:
    return None if values is None else list(values)


# --------------------------------------------------------------------------- the replay


class ReplayError(ValueError):
    """A round whose events do not fit together (a discard of a tile not in the hand, a
    call that does not fit, a win on nothing); ``event`` is the event's index."""

    def __init__(self, message: str, event: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.event = event


def replay_log(
    log: GameLog,
    rules: Rules | None = None,
    *,
    name: str | None = None,
    error: LogError | None = None,
) -> LogReplay:
    """Replay every round of ``log`` under ``rules`` (default: :func:`log_rules`). ``error``:
    the reader's error for a damaged log whose rounds before the damage are ``log.rounds``;
    the replay plays them and reports it. Never raises for a log that does not fit: the
    replay stops and says why in ``error``."""
    rules = rules or log_rules(log)
    label = name or log.game_id or "log"
    names = tuple(n or f"seat {i}" for i, n in enumerate(log.names))
    if len(names) != rules.players:
        names = tuple(f"seat {i}" for i in range(rules.players))
    game = Game(rules, names=names)
    replay = LogReplay(label, log, rules, game)
    if log.players != rules.players:
        replay.error = (
            f"{label}: the log has {log.players} players but the rules say players={rules.players}"
        )
        return replay
    for round_log in log.rounds:
        where = f"{label}, round {round_log.label} (#{round_log.index + 1})"
        state = game.state
        if state.finished:
            replay.end_differences.append(
                Difference(
                    "end",
                    round_log.index,
                    round_log.label,
                    None,
                    f"the game goes on to {round_log.label}",
                    f"the game is over after {game.rounds[-1].before.label} ({state.end_reason})",
                )
            )
            break
        try:
            outcome, facts = walk_round(round_log, rules)
        except ReplayError as e:
            event = f", event {e.event}" if e.event is not None else ""
            replay.error = f"{where}{event}: {e.message}"
            replay.stopped_round, replay.stopped_event = round_log.label, e.event
            break
        try:
            played = game.play(outcome)
        except GameError as e:
            replay.error = f"{where}: {e}"
            replay.stopped_round = round_log.label
            break
        replay.rounds.append(_compare_round(round_log, played, facts, rules))
    else:
        if error is None and log.rounds and not game.state.finished:
            replay.end_differences.append(
                Difference(
                    "end",
                    None,
                    None,
                    None,
                    f"the game ends after {log.rounds[-1].label}",
                    f"the game goes on to {game.state.label}-{game.state.honba}",
                )
            )
    if error is not None and replay.error is None:
        replay.error = str(error)
        replay.stopped_round, replay.stopped_event = error.round_label, error.event_index
    if replay.error is None:
        replay.end_differences.extend(_compare_end(log, replay.standings, rules))
    return replay


# --------------------------------------------------------------------------- one round


@dataclass(slots=True)
class _Seat:
    hand: list[int]  # tile codes (see _TILE_OF)
    melds: list[Meld] = field(default_factory=list)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    discarded: bool = False
    kita: int = 0
    nagashi: bool = True  # every discard a terminal or honour, none called
    #: the seat that fed the third dragon set or the fourth wind set (liability)
    pao: int | None = None


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What the walk found beside the outcome: the liable seat it worked out for each
    winner, the ready seats and nagashi seats at a draw (several nagashi: all of them)."""

    pao: dict[int, int | None]
    tenpai: frozenset[int] = frozenset()
    nagashi: tuple[int, ...] = ()
    #: winners who won on the tile drawn after a kita, scored without rinshan because
    #: this agari does not know rinshan after a kita yet


def _sort_key(tile: Tile) -> int:
    return tile.kind * 2 + (not tile.red)


#: The walk keeps hands as tile codes (``kind * 2``, ``+ 1`` for a plain tile: a red five
#: sorts before its plain five, as in notation): list operations on ints run in C, where
#: comparing :class:`Tile` values calls Python for each pair.
_TILE_OF: Final[tuple[Tile, ...]] = tuple(
    Tile(code >> 1, red=not code & 1) if code & 1 or (code >> 1) in (4, 13, 22) else Tile(0)
    for code in range(68)
)


_DRAWS: Final = {4: 70, 3: 55}
_DRAGONS: Final = frozenset(range(31, 34))
_WIND_KINDS: Final = frozenset(range(27, 31))


def walk_round(round_log: RoundLog, rules: Rules) -> tuple[Outcome, RoundFacts]:
    """The outcome of one round worked out from its events alone (the wins' hands with
    every context word but seat, round, honba and sticks), and the facts found on the way.
    :class:`ReplayError` when the events do not fit together."""
    n = rules.players
    dealer = round_log.dealer
    seats = [_Seat([t.kind * 2 + (not t.red) for t in h]) for h in round_log.hands]
    if len(seats) != n:
        raise ReplayError(f"{len(seats)} starting hands for {n} players")
    for i, s in enumerate(seats):
        if len(s.hand) != 13:
            raise ReplayError(f"seat {i} starts with {len(s.hand)} tiles, not 13")
    wall = _DRAWS[n]
    dora: list[Tile] = [round_log.dora_indicator]
    interrupted = False  # a call or kita: the first-turn chances are gone
    sticks: set[int] = set()
    # the last action: ("draw", seat, tile, replacement, haitei) / ("discard", seat, tile,
    # houtei) / ("rob", seat, tile, chankan)
    last: tuple[Any, ...] | None = None
    events = round_log.events
    wins: list[Win] = []
    pao: dict[int, int | None] = {}
    i = 0
    count = len(events)
    while i < count:
        event = events[i]
        if isinstance(event, Draw):
            seat = event.seat
            if not 0 <= seat < n:
                _seat_of(seat, n, i)
            if wall <= 0:
                raise ReplayError("a draw from an empty wall", i)
            wall -= 1
            player = seats[seat]
            if len(player.hand) + 3 * len(player.melds) != 13:
                raise ReplayError(
                    f"seat {seat} draws holding {len(player.hand)} tiles beside "
                    f"{len(player.melds)} melds",
                    i,
                )
            tile = event.tile
            player.hand.append(tile.kind * 2 + (not tile.red))
            last = ("draw", seat, tile, event.replacement, wall == 0)
        elif isinstance(event, Discard):
            seat = event.seat
            if not 0 <= seat < n:
                _seat_of(seat, n, i)
            player = seats[seat]
            tile = event.tile
            try:
                player.hand.remove(tile.kind * 2 + (not tile.red))
            except ValueError:
                _take(player.hand, tile, seat, "discards", i)
            if event.riichi:
                if player.riichi:
                    raise ReplayError(f"seat {seat} declares riichi twice", i)
                if any(m.is_open for m in player.melds):
                    raise ReplayError(f"seat {seat} declares riichi with an open hand", i)
                player.riichi = True
                player.double_riichi = not player.discarded and not interrupted
                player.ippatsu = True
            else:
                player.ippatsu = False
            player.discarded = True
            if player.nagashi and not _YAOCHUU[tile.kind]:
                player.nagashi = False
            last = ("discard", seat, tile, wall == 0)
        elif isinstance(event, Call):
            seat = _seat_of(event.seat, n, i)
            player = seats[seat]
            robbed = (
                i + 1 < count
                and isinstance(events[i + 1], LogWin)
                and events[i + 1].from_seat == seat  # type: ignore[union-attr]
                and events[i + 1].seat != seat  # type: ignore[union-attr]
                and event.kind in ("kakan", "ankan", "kita")
            )
            if robbed:
                # a robbed kan or kita never happened: the winner takes the tile
                robbed_tile = event.added if event.kind == "kakan" else event.tiles[0]
                assert robbed_tile is not None
                _take(list(player.hand), robbed_tile, seat, "adds to a kan", i)
                last = ("rob", seat, robbed_tile, event.kind == "kakan")
            else:
                _call(event, seat, player, seats, last, dealer, n, i)
                interrupted = True
                for other in seats:
                    other.ippatsu = False
                last = ("call", seat)
        elif isinstance(event, RiichiAccepted):
            seat = _seat_of(event.seat, n, i)
            if not seats[seat].riichi:
                raise ReplayError(f"a riichi stick from seat {seat}, which did not declare", i)
            sticks.add(seat)
        elif isinstance(event, NewDora):
            dora.append(event.indicator)
        elif isinstance(event, LogWin):
            win_seat = _seat_of(event.seat, n, i)
            from_seat = _seat_of(event.from_seat, n, i)
            hand, liable = _win_hand(
                event, win_seat, from_seat, seats, last, dora, interrupted, dealer, n, i
            )
            pao[win_seat] = liable
            wins.append(Win(win_seat, None if from_seat == win_seat else from_seat, hand, liable))
        elif isinstance(event, ExhaustiveDraw | Nagashi | LogAbort):
            if wins:
                raise ReplayError("a draw after a win in the same round", i)
            riichi = frozenset(sticks)
            if isinstance(event, LogAbort):
                return Abort(event.reason, riichi), RoundFacts({})
            if wall != 0:
                raise ReplayError(f"an exhaustive draw with {wall} tiles left in the wall", i)
            tenpai = frozenset(s for s in range(n) if _ready(seats[s], rules))
            nagashi = tuple(s for s in range(n) if seats[s].nagashi)
            if isinstance(event, Nagashi) and not nagashi:
                raise ReplayError("nagashi mangan, but no river is all terminals and honours", i)
            outcome = DrawOutcome(
                tenpai, riichi, nagashi[0] if isinstance(event, Nagashi) else None
            )
            return outcome, RoundFacts({}, tenpai, nagashi)
        elif isinstance(event, RoundEnd):
            break
        i += 1
    if not wins:
        raise ReplayError("the round ends without a result", i)
    # a riichi stick of a winner is the hand's own word; the others' are listed
    winners = {w.seat for w in wins}
    return Wins(tuple(wins), frozenset(sticks - winners)), RoundFacts(pao)


def _seat_of(seat: int, n: int, index: int) -> int:
    if not 0 <= seat < n:
        raise ReplayError(f"seat {seat} does not play ({n} players)", index)
    return seat


def _take(hand: list[int], tile: Tile, seat: int, what: str, index: int) -> None:
    try:
        hand.remove(tile.kind * 2 + (not tile.red))
    except ValueError:
        held = " ".join(str(_TILE_OF[c]) for c in sorted(hand))
        raise ReplayError(
            f"seat {seat} {what} {tile}, which is not in its hand ({held})", index
        ) from None


def _source(seat: int, from_seat: int, n: int) -> Source:
    d = (from_seat - seat) % n
    if d == n - 1:
        return "left"
    if d == 1:
        return "right"
    return "across"


def _call(
    event: Call,
    seat: int,
    player: _Seat,
    seats: list[_Seat],
    last: tuple[Any, ...] | None,
    dealer: int,
    n: int,
    index: int,
) -> None:
    """Apply a call or kita to the caller's hand and melds."""
    kind = event.kind
    tiles = tuple(sorted(event.tiles, key=_sort_key))
    if kind in ("chi", "pon", "daiminkan"):
        src = event.from_seat
        if src is None or event.called is None:
            raise ReplayError(f"a {kind} that names no discarder", index)
        if last is None or last[0] != "discard" or last[1] != src or last[2] != event.called:
            raise ReplayError(
                f"seat {seat} calls {kind} on {event.called} from seat {src}, "
                "which was not the last discard",
                index,
            )
        if src == seat:
            raise ReplayError(f"seat {seat} calls its own discard", index)
        for tile in event.from_hand:
            _take(player.hand, tile, seat, f"calls {kind} with", index)
        seats[src].nagashi = False  # a called discard spoils nagashi mangan
        source = _source(seat, src, n)
        if kind == "chi" and source != "left":
            raise ReplayError(f"seat {seat} calls chi from seat {src}, not the seat before", index)
        meld_kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.KAN}[kind]
        player.melds.append(Meld(meld_kind, tiles, source, event.called))
        for group, size in ((_DRAGONS, 3), (_WIND_KINDS, 4)):
            if kind != "chi" and tiles[0].kind in group:
                sets = sum(1 for m in player.melds if m.tiles[0].kind in group)
                if sets == size:
                    player.pao = src
    elif kind == "kakan":
        added = event.added
        if added is None:
            raise ReplayError("an added kan without its tile", index)
        _take(player.hand, added, seat, "adds to a kan", index)
        for j, meld in enumerate(player.melds):
            if meld.kind is MeldKind.PON and meld.tiles[0].kind == added.kind:
                player.melds[j] = Meld(MeldKind.SHOUMINKAN, tiles, meld.source, meld.called)
                break
        else:
            raise ReplayError(f"seat {seat} adds {added} to a pon it does not have", index)
    elif kind == "ankan":
        for tile in event.tiles:
            _take(player.hand, tile, seat, "declares a closed kan with", index)
        player.melds.append(Meld(MeldKind.ANKAN, tiles))
    elif kind == "kita":
        if n != 3:
            raise ReplayError("kita in a four-player game", index)
        tile = event.tiles[0] if event.tiles else Tile(NORTH)
        if tile.kind != NORTH:
            raise ReplayError(f"seat {seat} sets aside {tile} as kita, not a North", index)
        _take(player.hand, tile, seat, "sets aside kita", index)
        player.kita += 1
    else:  # pragma: no cover - the readers give only these kinds
        raise ReplayError(f"unknown call {kind!r}", index)


def _liable(player: _Seat) -> int | None:
    """The seat that fed the third dragon set or the fourth wind set, if any."""
    return player.pao


def _win_hand(
    event: LogWin,
    seat: int,
    from_seat: int,
    seats: list[_Seat],
    last: tuple[Any, ...] | None,
    dora: list[Tile],
    interrupted: bool,
    dealer: int,
    n: int,
    index: int,
) -> tuple[Hand, int | None]:
    player = seats[seat]
    tsumo = from_seat == seat
    words: dict[str, Any] = {}
    if tsumo:
        if last is None or last[0] != "draw" or last[1] != seat:
            raise ReplayError(f"seat {seat} wins by tsumo without having drawn", index)
        _, _, tile, replacement, haitei = last
        concealed = list(player.hand)
        concealed.remove(tile.kind * 2 + (not tile.red))
        words["tsumo"] = True
        if replacement:  # after a kan or a kita
            words["rinshan"] = True
        elif haitei:
            words["haitei"] = True
        if not player.discarded and not interrupted and not replacement:
            words["tenhou" if seat == dealer else "chiihou"] = True
    else:
        if last is None or last[0] not in ("discard", "rob") or last[1] != from_seat:
            raise ReplayError(
                f"seat {seat} wins on a tile from seat {from_seat}, who did not just discard "
                "or add to a kan",
                index,
            )
        tile = last[2]
        concealed = list(player.hand)
        if last[0] == "discard" and last[3]:
            words["houtei"] = True
        if last[0] == "rob" and last[3]:
            words["chankan"] = True
        elif last[0] == "rob" and tile.kind == NORTH:
            words["kita_ron"] = True
    if len(concealed) + 3 * len(player.melds) != 13:
        raise ReplayError(
            f"seat {seat} wins holding {len(concealed)} tiles beside {len(player.melds)} melds",
            index,
        )
    if player.riichi:
        words["double_riichi" if player.double_riichi else "riichi"] = True
        if player.ippatsu:
            words["ippatsu"] = True
        if event.ura_indicators:
            words["ura_indicators"] = tuple(event.ura_indicators[: len(dora)])
    words["dora_indicators"] = tuple(dora)
    if player.kita:
        words["kita"] = player.kita
    hand = Hand(
        tuple([_TILE_OF[c] for c in sorted(concealed)]),
        tile,
        tuple(player.melds),
        make_context(**words),
    )
    return hand, _liable(player)


def _ready(player: _Seat, rules: Rules) -> bool:
    """Tenpai at an exhaustive draw: shanten 0 with a wait not all in the own hand."""
    hand = Hand(tuple([_TILE_OF[c] for c in sorted(player.hand)]), None, tuple(player.melds))
    try:
        return shanten(hand, rules) == 0
    except (HandError, ValueError):
        return False


# --------------------------------------------------------------------------- comparison


def _stated_win(win: LogWin) -> StatedWin:
    yaku: list[tuple[str, str | None, int]] | None = None
    dora: int | None = None
    if win.yaku is not None or win.yakuman is not None:
        yaku = []
        dora = 0
        for name, han in win.yaku or ():
            if dora_key(name) is not None:
                dora += han
            else:
                yaku.append((name, yaku_id(name), han))
        for name in win.yakuman or ():
            yaku.append((name, yaku_id(name), 13))
    yakuman = len(win.yakuman) if win.yakuman else (0 if win.yakuman is not None else None)
    return StatedWin(
        seat=win.seat,
        from_seat=win.from_seat,
        pao=win.pao_seat,
        han=win.han,
        fu=win.fu,
        points=win.points,
        limit=win.limit,
        yaku=None if yaku is None else tuple(yaku),
        yakuman=yakuman,
        dora=dora,
        deltas=win.deltas,
    )


def _compare_round(
    round_log: RoundLog, played: RoundResult, facts: RoundFacts, rules: Rules
) -> ReplayedRound:
    idx, label = round_log.index, round_log.label
    diffs: list[Difference] = []
    before = played.before
    state_label = f"{before.label}-{before.honba}"
    if (before.label, before.honba, before.sticks) != (
        round_log.name,
        round_log.honba,
        round_log.sticks,
    ):
        diffs.append(
            Difference(
                "round",
                idx,
                label,
                None,
                f"{label} with {round_log.sticks} sticks",
                f"{state_label} with {before.sticks} sticks",
            )
        )
    if round_log.index == 0 and tuple(round_log.scores) != tuple(before.scores):
        diffs.append(Difference("scores", idx, label, None, round_log.scores, before.scores))
    log_wins = [e for e in _results_of(round_log) if isinstance(e, LogWin)]
    stated = tuple(_stated_win(w) for w in log_wins)
    by_seat = {w.seat: w for w in played.wins}
    for k, sw in enumerate(stated):
        scored = by_seat.get(sw.seat)
        if scored is None:
            continue  # a head bump or an abort: the deltas say it
        diffs.extend(_compare_win(idx, label, k, sw, scored))
    if facts.pao:
        for k, w in enumerate(log_wins):
            mine = facts.pao.get(w.seat)
            if w.pao_seat is not None and mine != w.pao_seat:
                diffs.append(Difference("pao", idx, label, k, w.pao_seat, mine))
    stated_deltas = round_log.end.deltas
    if stated_deltas is not None and tuple(stated_deltas) != tuple(played.deltas):
        diffs.append(Difference("deltas", idx, label, None, stated_deltas, played.deltas))
    log_kind = _log_result(round_log)
    if log_kind != played.result and not (log_kind == "abort" and played.result == "abort"):
        diffs.append(Difference("result", idx, label, None, log_kind, played.result))
    return ReplayedRound(round_log, played, stated, stated_deltas, tuple(diffs))


_RESULT_TYPES: Final = (LogWin, ExhaustiveDraw, Nagashi, LogAbort)


def _results_of(round_log: RoundLog) -> list[Any]:
    """The round's results, read from its end (they stand just before :class:`RoundEnd`)."""
    out: list[Any] = []
    for event in reversed(round_log.events):
        if type(event) in _RESULT_TYPES:
            out.append(event)
        elif type(event) is not RoundEnd:
            break
    out.reverse()
    return out


def _log_result(round_log: RoundLog) -> str:
    results = _results_of(round_log)
    if not results:
        return "none"
    first = results[0]
    if isinstance(first, LogWin):
        return "abort" if len(results) == 3 else "win"
    if isinstance(first, Nagashi):
        return "nagashi"
    if isinstance(first, ExhaustiveDraw):
        return "draw"
    return "abort"


def _compare_win(
    idx: int, label: str, k: int, sw: StatedWin, scored: ScoredWin
) -> list[Difference]:
    result = scored.result
    diffs: list[Difference] = []
    agari_yakuman = result.yakuman or 0

    def differ(what: str, log: Any, mine: Any) -> None:
        diffs.append(Difference(what, idx, label, k, log, mine))

    if sw.yakuman:
        if sw.yakuman != agari_yakuman:
            differ("yakuman", sw.yakuman, agari_yakuman)
    elif sw.han is not None and sw.han != result.han:
        differ("han", sw.han, result.han)
    if sw.fu is not None and sw.fu != result.fu:
        differ("fu", sw.fu, result.fu)
    if sw.points is not None and sw.points != result.points:
        differ("points", sw.points, result.points)
    if sw.yaku is not None:
        mine = Counter((y.id, y.han) for y in result.yaku or ())
        theirs = Counter((i or name, h) for name, i, h in sw.yaku)
        if mine != theirs:
            differ(
                "yaku",
                sorted(f"{i}={h}" for i, h in theirs.elements()),
                sorted(f"{i}={h}" for i, h in mine.elements()),
            )
        if sw.dora is not None and not sw.yakuman and not agari_yakuman:
            agari_dora = sum((result.dora or {}).values())
            if sw.dora != agari_dora:
                differ("dora", sw.dora, agari_dora)
    return diffs


def _compare_end(log: GameLog, final: Standings, rules: Rules) -> list[Difference]:
    diffs: list[Difference] = []
    if log.final_scores is not None and tuple(log.final_scores) != tuple(final.scores):
        diffs.append(Difference("final scores", None, None, None, log.final_scores, final.scores))
    if log.final_points is not None:
        mine: tuple[Points, ...] = final.points
        if len(mine) != len(log.final_points) or any(
            abs(float(a) - float(b)) > 1e-6 for a, b in zip(log.final_points, mine, strict=False)
        ):
            diffs.append(Difference("final points", None, None, None, log.final_points, mine))
    return diffs


# --------------------------------------------------------------------------- blanking


def blank_log(log: GameLog) -> GameLog:
    """The log with every stated value removed (han, fu, points, limit, yaku, deltas, the
    ready seats, the final scores and points): only who won from whom, the draws and
    aborts, as a simulator may write it. Replaying it gives the same rounds and standings."""
    rounds = []
    for r in log.rounds:
        events: list[Any] = []
        for e in r.events:
            if isinstance(e, LogWin):
                e = LogWin(e.seat, e.from_seat, ura_indicators=e.ura_indicators)
            elif isinstance(e, ExhaustiveDraw):
                e = ExhaustiveDraw()
            elif isinstance(e, Nagashi):
                e = Nagashi()
            elif isinstance(e, LogAbort):
                e = LogAbort(e.reason)
            elif isinstance(e, RoundEnd):
                e = RoundEnd()
            events.append(e)
        rounds.append(replace(r, events=tuple(events)))
    return replace(log, rounds=tuple(rounds), final_scores=None, final_points=None)


# keep the winds importable for callers that label seats
SEAT_WINDS: Final = WINDS


# --------------------------------------------------------------------------- damaged logs

_GO_TYPE: Final = re.compile(r"<GO\s[^>]*type=\"(\d+)\"")
_DISP: Final = re.compile(r"\"disp\"\s*:\s*\"([^\"]*)\"")


def partial_log(error: LogError, text: str = "") -> GameLog | None:
    """The game a damaged log holds up to the damage (``error.rounds``), with the rules its
    text still shows (mjlog's ``GO`` type, tenhou.net/6's room words); ``None`` when no
    whole round was read."""
    rounds = error.rounds
    if not rounds:
        return None
    players = len(rounds[0].hands)
    game_id = _id_in(error.game or "")
    room = ""
    if (m := _GO_TYPE.search(text)) is not None:
        room = room_words(int(m[1]))
    elif (m := _DISP.search(text)) is not None:
        room = m[1]
    server = "majsoul" if game_id and not re.match(r"\d{10}gm-", game_id) else "tenhou"
    info = LogRules(
        players=players,
        server=server,
        red_fives=("赤" in room) if room else None,
        open_tanyao=("喰" in room) if room and server == "tenhou" else None,
        length="east" if "東" in room else ("south" if "南" in room else None),
        room=room or None,
    )
    return GameLog(
        source="partial",
        game_id=game_id,
        title=None,
        names=("",) * players,
        rules=info,
        date=game_date(game_id),
        rounds=rounds,
    )


def _id_in(name: str) -> str | None:
    m = re.search(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}", name) or re.search(
        r"\d{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", name
    )
    return m[0] if m else (name or None)
