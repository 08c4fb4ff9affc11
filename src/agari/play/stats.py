"""Statistics over many games (SPEC §9, ``agari stats``): the figures players compare, with
exactly SPEC §9's definitions, from partial sums that merge.

Each game gives three tables (:func:`game_tables`): one row per player (the game's partial
sums for that player: rounds, wins, deal-ins …), one per round and player, one per win. The
figures are ratios of the player rows' sums (:class:`Totals`), so the totals of any split of
an archive -- per file, per worker, per machine -- add up to the totals of the whole
(:meth:`Totals.merge`, :meth:`Stats.merge`): counting a server's archive on a cluster is
counting the parts and adding them.

Definitions (SPEC §9; ``agari stats --explain`` prints them):

- ``games``, ``rounds``: the games and the rounds the player played;
- ``places``: how many games ended in each place; ``average_place``; ``points``: the sum
  of final points (SPEC §7 ``end``) -- of games played to their end;
- ``win_rate``: rounds won / rounds played; ``tsumo_rate``: wins by tsumo / wins;
- ``deal_in_rate``: rounds in which the player's discard (or added kan, or kita) was won on
  / rounds played -- a double ron is one deal-in;
- ``riichi_rate``: rounds in which the player declared riichi / rounds played;
- ``call_rate``: rounds with at least one chi, pon or open kan / rounds played;
- ``average_win``: mean points of the player's wins; ``average_deal_in``: mean points of
  the hands each deal-in paid for (a double ron: both), honba and sticks left out;
- ``draw_tenpai_rate``: exhaustive draws at which the player was ready / exhaustive draws
  played; ``deal_in_while_tenpai``: deal-ins at which the player was ready / deal-ins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from agari.game.files import read_game
from agari.game.logs import Call, Discard, RoundLog, Win
from agari.game.replayed import LogReplay, ReplayedRound
from agari.lang import N_
from agari.play.follow import follow_round
from agari.rules import Rules

__all__ = [
    "DEFINITIONS",
    "GameTables",
    "PlayerRow",
    "RoundRow",
    "Stats",
    "Totals",
    "WinRow",
    "columns",
    "game_tables",
    "stats_of_file",
]

By = Literal["name", "seat"]

#: SPEC §9's definitions, as ``agari stats --explain`` prints them.
DEFINITIONS: Final[tuple[tuple[str, str], ...]] = (
    ("games", N_("games the player played (a game cut short counts, for its rounds)")),
    ("rounds", N_("rounds the player played")),
    ("places", N_("games ended in each place, 1st first (games played to their end)")),
    ("average_place", N_("the mean of those places")),
    (
        "points",
        N_("the sum of final points after return, oka and uma (games played to their end)"),
    ),
    ("win_rate", N_("rounds won / rounds played")),
    ("tsumo_rate", N_("wins by tsumo / wins")),
    (
        "deal_in_rate",
        N_(
            "rounds in which the player's discard (or added kan, or kita) was won on / rounds "
            "played; a double ron is one deal-in"
        ),
    ),
    ("riichi_rate", N_("rounds in which the player declared riichi / rounds played")),
    ("call_rate", N_("rounds with at least one chi, pon or open kan / rounds played")),
    ("average_win", N_("mean points of the player's wins, honba and sticks left out")),
    (
        "average_deal_in",
        N_(
            "mean points of the hands each deal-in paid for (a double ron: both hands), honba "
            "and sticks left out"
        ),
    ),
    (
        "draw_tenpai_rate",
        N_("exhaustive draws at which the player was ready / exhaustive draws"),
    ),
    ("deal_in_while_tenpai", N_("deal-ins at which the player was ready / deal-ins")),
)


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player in one game: who, where it ended, and the game's partial sums."""

    game: str
    date: str | None
    players: int
    rules: str
    room: str | None
    seat: int
    name: str
    finished: bool
    place: int | None
    score: int | None
    points: float | None
    rounds: int
    wins: int
    tsumo_wins: int
    win_points: int
    deal_ins: int
    deal_in_points: int
    deal_ins_ready: int
    riichi_rounds: int
    call_rounds: int
    draws: int
    draws_ready: int


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One player in one round: what happened to it."""

    game: str
    index: int
    round: str
    honba: int
    seat: int
    name: str
    result: str
    won: bool
    tsumo: bool
    dealt_in: bool
    ready_at_deal_in: bool | None
    riichi: bool
    called: bool
    ready_at_draw: bool | None
    delta: int


@dataclass(frozen=True, slots=True)
class WinRow:
    """One win: who won from whom, with what value."""

    game: str
    index: int
    round: str
    honba: int
    seat: int
    name: str
    from_seat: int
    from_name: str
    tsumo: bool
    han: int | None
    fu: int | None
    yakuman: int
    points: int
    yaku: str
    pao: int | None


@dataclass(frozen=True, slots=True)
class GameTables:
    """A game's three tables."""

    players: tuple[PlayerRow, ...]
    rounds: tuple[RoundRow, ...]
    wins: tuple[WinRow, ...]


def columns(row_type: type) -> tuple[str, ...]:
    """The columns of a table, in order (its row type's fields)."""
    return tuple(f.name for f in fields(row_type))


@dataclass(slots=True)
class _Seat:
    """What one seat did in one round (filled while the round is followed)."""

    riichi: bool = False
    called: bool = False
    dealt_in: bool = False
    ready_at_deal_in: bool | None = None


def game_tables(replay: LogReplay) -> GameTables:
    """The tables of one replayed game (its rounds as played, its final standings)."""
    n = replay.rules.players
    round_rows: list[RoundRow] = []
    win_rows: list[WinRow] = []
    sums = [dict.fromkeys(_SUMS, 0) for _ in range(n)]
    for replayed in replay.rounds:
        win_rows += _win_rows(replay, replayed)
        seats = _follow(replayed.log, replay.rules, n)
        for seat in range(n):
            row = _round_row(replay, replayed, seat, seats[seat])
            round_rows.append(row)
            _add_round(sums[seat], row, replayed)
    return GameTables(_player_rows(replay, sums), tuple(round_rows), tuple(win_rows))


def _win_rows(replay: LogReplay, replayed: ReplayedRound) -> list[WinRow]:
    played, names = replayed.played, replay.game.names
    rows = []
    for w in played.wins:
        from_seat = w.seat if w.from_seat is None else w.from_seat
        rows.append(
            WinRow(
                game=replay.name,
                index=replayed.log.index,
                round=played.before.label,
                honba=played.before.honba,
                seat=w.seat,
                name=names[w.seat],
                from_seat=from_seat,
                from_name=names[from_seat],
                tsumo=w.from_seat is None,
                han=w.result.han,
                fu=w.result.fu,
                yakuman=w.result.yakuman or 0,
                points=w.result.points or 0,
                yaku=" ".join(y.id for y in w.result.yaku or ()),
                pao=w.pao,
            )
        )
    return rows


def _round_row(replay: LogReplay, replayed: ReplayedRound, seat: int, did: _Seat) -> RoundRow:
    played = replayed.played
    win = next((w for w in played.wins if w.seat == seat), None)
    draw = played.result in _DRAWS
    return RoundRow(
        game=replay.name,
        index=replayed.log.index,
        round=played.before.label,
        honba=played.before.honba,
        seat=seat,
        name=replay.game.names[seat],
        result=played.result,
        won=win is not None,
        tsumo=win is not None and win.from_seat is None,
        dealt_in=did.dealt_in,
        ready_at_deal_in=did.ready_at_deal_in,
        riichi=did.riichi,
        called=did.called,
        ready_at_draw=(seat in played.tenpai) if draw else None,
        delta=played.deltas[seat],
    )


def _add_round(total: dict[str, int], row: RoundRow, replayed: ReplayedRound) -> None:
    """One round of one player into the game's partial sums."""
    wins = replayed.played.wins
    total["rounds"] += 1
    total["wins"] += row.won
    total["tsumo_wins"] += row.tsumo
    total["win_points"] += sum(w.result.points or 0 for w in wins if w.seat == row.seat)
    total["deal_ins"] += row.dealt_in
    if row.dealt_in:  # every hand won on the deal-in (a double ron: both)
        total["deal_in_points"] += sum(
            w.result.points or 0 for w in wins if w.from_seat == row.seat
        )
    total["deal_ins_ready"] += bool(row.ready_at_deal_in)
    total["riichi_rounds"] += row.riichi
    total["call_rounds"] += row.called
    total["draws"] += row.ready_at_draw is not None
    total["draws_ready"] += bool(row.ready_at_draw)


def _player_rows(replay: LogReplay, sums: list[dict[str, int]]) -> tuple[PlayerRow, ...]:
    log = replay.log
    standings = replay.standings
    finished = standings.finished and replay.error is None
    return tuple(
        PlayerRow(
            game=replay.name,
            date=log.date.isoformat() if log.date else None,
            players=replay.rules.players,
            rules=replay.rules.name,
            room=log.rules.room,
            seat=seat,
            name=replay.game.names[seat],
            finished=finished,
            place=standings.places[seat] if finished else None,
            score=standings.scores[seat] if finished else None,
            points=float(standings.points[seat]) if finished else None,
            **total,
        )
        for seat, total in enumerate(sums)
    )


_DRAWS: Final = ("draw", "nagashi")
_SUMS: Final = (
    "rounds",
    "wins",
    "tsumo_wins",
    "win_points",
    "deal_ins",
    "deal_in_points",
    "deal_ins_ready",
    "riichi_rounds",
    "call_rounds",
    "draws",
    "draws_ready",
)


def _follow(round_log: RoundLog, rules: Rules, n: int) -> list[_Seat]:
    """Each seat's riichi, calls, and deal-in (ready or not), from the round's events."""
    seats = [_Seat() for _ in range(n)]
    for _, event, follower in follow_round(round_log, rules):
        if isinstance(event, Discard) and event.riichi:
            seats[event.seat].riichi = True
        elif isinstance(event, Call) and event.kind in ("chi", "pon", "daiminkan"):
            seats[event.seat].called = True
        elif isinstance(event, Win) and event.from_seat != event.seat:
            dealer_in = seats[event.from_seat]
            if not dealer_in.dealt_in:
                dealer_in.dealt_in = True
                dealer_in.ready_at_deal_in = follower.facts[event.from_seat].tenpai
    return seats


# --------------------------------------------------------------------------- totals


@dataclass(slots=True)
class Totals:
    """One player's partial sums over any number of games; they add up (:meth:`merge`)."""

    name: str
    players: int
    games: int = 0
    finished: int = 0
    places: list[int] = field(default_factory=list)
    points: float = 0.0
    rounds: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    win_points: int = 0
    deal_ins: int = 0
    deal_in_points: int = 0
    deal_ins_ready: int = 0
    riichi_rounds: int = 0
    call_rounds: int = 0
    draws: int = 0
    draws_ready: int = 0

    def __post_init__(self) -> None:
        if not self.places:
            self.places = [0] * self.players

    def add(self, row: PlayerRow) -> None:
        """One game's row."""
        self.games += 1
        if row.finished and row.place is not None:
            self.finished += 1
            self.places[row.place - 1] += 1
            self.points = round(self.points + (row.points or 0.0), 1)
        for key in _SUMS:
            setattr(self, key, getattr(self, key) + getattr(row, key))

    def merge(self, other: Totals) -> Totals:
        """The totals of both (the same player and table size)."""
        if (self.name, self.players) != (other.name, other.players):
            raise ValueError(f"cannot merge {other.name!r}'s totals into {self.name!r}'s")
        out = Totals(self.name, self.players)
        for key in ("games", "finished", *_SUMS):
            setattr(out, key, getattr(self, key) + getattr(other, key))
        out.places = [a + b for a, b in zip(self.places, other.places, strict=True)]
        out.points = round(self.points + other.points, 1)
        return out

    def figures(self) -> dict[str, Any]:
        """SPEC §9's object for this player."""
        placed = sum(self.places)
        return {
            "name": self.name,
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "places": list(self.places),
            "average_place": _ratio(sum((i + 1) * c for i, c in enumerate(self.places)), placed),
            "points": self.points,
            "win_rate": _ratio(self.wins, self.rounds),
            "tsumo_rate": _ratio(self.tsumo_wins, self.wins),
            "deal_in_rate": _ratio(self.deal_ins, self.rounds),
            "riichi_rate": _ratio(self.riichi_rounds, self.rounds),
            "call_rate": _ratio(self.call_rounds, self.rounds),
            "average_win": _ratio(self.win_points, self.wins),
            "average_deal_in": _ratio(self.deal_in_points, self.deal_ins),
            "draw_tenpai_rate": _ratio(self.draws_ready, self.draws),
            "deal_in_while_tenpai": _ratio(self.deal_ins_ready, self.deal_ins),
        }


def _ratio(part: int | float, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


@dataclass(slots=True)
class Stats:
    """Every player's totals, kept apart by table size (three- and four-player) and by the
    name in the logs or, ``by="seat"``, by seat (where the names are hidden)."""

    by: By = "name"
    totals: dict[tuple[int, str], Totals] = field(default_factory=dict)

    def add_rows(self, rows: Iterable[PlayerRow]) -> None:
        for row in rows:
            key = row.name if self.by == "name" else f"seat {row.seat}"
            found = self.totals.get((row.players, key))
            if found is None:
                found = self.totals[row.players, key] = Totals(key, row.players)
            found.add(row)

    def merge(self, other: Stats) -> Stats:
        """The statistics of both (``other`` may come from another process or machine)."""
        out = Stats(self.by, dict(self.totals))
        for key, totals in other.totals.items():
            mine = out.totals.get(key)
            out.totals[key] = totals if mine is None else mine.merge(totals)
        return out

    def players(self) -> list[Totals]:
        """Four-player tables first, then three-player; most games first, then by name."""
        return sorted(self.totals.values(), key=lambda t: (-t.players, -t.games, t.name))


def stats_of_file(
    path: str,
    *,
    by: By = "name",
    preset: str | None = None,
    pairs: tuple[str, ...] = (),
) -> Stats:
    """The statistics of one game log (a path), for counting an archive in parts: on a
    cluster, map this over the files and :meth:`Stats.merge` the results (README "Counting
    an archive on a cluster"). A file that cannot be read gives what it could (the rounds
    before its damage) or nothing."""
    with open(path, "rb") as handle:
        data = handle.read()
    done = read_game(data, path, preset, pairs)
    stats = Stats(by)
    if done.replay is not None:
        stats.add_rows(game_tables(done.replay).players)
    return stats
