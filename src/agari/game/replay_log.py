"""A real game log replayed: every win scored by agari, every round settled by the ledger,
and the log's own values compared (SPEC §7).

Takes a :class:`~agari.game.logs.GameLog` (the event stream of :mod:`agari.game.logs`) and
gives a :class:`LogReplay`: the :class:`~agari.game.replay.Game` played round by round from
outcomes worked out from the events alone, and beside each round what the log states and
every value where the two differ (:mod:`agari.game.compare`).

Each round is played on a :class:`~agari.game.table.RoundTable`, event by event
(:func:`walk_round`): the table builds each winner's hand; at an exhaustive draw the ready
seats come from the hands (shanten 0) and nagashi mangan from the rivers. Nothing is taken
from the log's stated values (han, fu, points, yaku, deltas, ready seats, final scores): a
log stripped of them (:func:`~agari.game.compare.blank_log`) replays to the same output.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from agari.analysis import shanten
from agari.errors import HandError
from agari.game.compare import (
    Difference,
    StatedWin,
    blank_log,
    end_differences,
    round_differences,
    stated_wins,
)
from agari.game.ledger import GameState
from agari.game.log_rules import RulesChoice, decide_rules, end_alternatives, log_rules
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
    Nagashi,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    StatedFuriten,
    StatedWaits,
)
from agari.game.logs import (
    Win as LogWin,
)
from agari.game.logs.events import error_place
from agari.game.outcomes import Abort, GameError, Outcome, Win, Wins
from agari.game.outcomes import Draw as DrawOutcome
from agari.game.replay import Game
from agari.game.replayed import LogReplay, ReplayedRound
from agari.game.table import RoundTable, SeatTable, TableError
from agari.hand import SEAT_WINDS
from agari.lang import _, pgettext
from agari.lang.terms import round_label as shown_round
from agari.rules import Rules
from agari.tiles import Tile

__all__ = [
    "Difference",
    "LogReplay",
    "ReplayError",
    "ReplayedRound",
    "RoundFacts",
    "StatedWin",
    "blank_log",
    "log_rules",
    "replay_log",
    "walk_round",
]


# --------------------------------------------------------------------------- the game


def replay_log(
    log: GameLog,
    rules: Rules | RulesChoice | None = None,
    *,
    name: str | None = None,
    error: LogError | None = None,
    notes: tuple[str, ...] = (),
) -> LogReplay:
    """Replay every round of ``log`` under ``rules``: given, or decided from the log
    (:func:`decide_rules`, whose notes say how). Where the rules were decided and a rule
    the log does not state outright (when the last dealer's tenpai ends the game, how far
    the extra rounds go) disagrees with the rounds the log holds, the game is replayed
    under the value its rounds show, and a note says so. ``error``: the reader's error for
    a damaged log whose rounds before the damage are ``log.rounds``; the replay plays them
    and reports it. The game starts from the first round's state as the log states it
    (scores, round, counters). Never raises for a log that does not fit: the replay stops
    and says why in ``error``."""
    if rules is None:
        rules = decide_rules(log)
    if isinstance(rules, Rules):
        return _replay(log, rules, name, error, notes)
    replay = _replay(log, rules.rules, name, error, rules.notes)
    if not any(d.what == "end" for d in replay.end_differences):
        return replay
    for changes in end_alternatives(rules):
        refit = rules.rules.with_overrides(changes)
        what = " ".join(f"{key}={refit.value_text(key)}" for key in changes)
        note = _("{switches}: as the game's rounds show (where it ends or goes on)").format(
            switches=what
        )
        again = _replay(log, refit, name, error, (*rules.notes, note))
        if not any(d.what == "end" for d in again.end_differences):
            return again
    return replay


def _replay(
    log: GameLog,
    rules: Rules,
    name: str | None,
    error: LogError | None,
    notes: tuple[str, ...],
) -> LogReplay:
    label = name or log.game_id or pgettext("a log that has no name", "log")
    # a player's name is data (an export writes it back, the statistics go by it): English
    names = tuple(n or f"seat {i}" for i, n in enumerate(log.names))
    if len(names) != rules.players:
        names = tuple(f"seat {i}" for i in range(rules.players))
    game = Game(rules, names=names, state=_start_state(log, rules))
    replay = LogReplay(label, log, rules, game, notes)
    if log.players != rules.players:
        message = _("the log has {players} players but the rules say players={count}").format(
            players=log.players, count=rules.players
        )
        replay.stop(_("{where}: {problem}").format(where=label, problem=message), None)
        return replay
    for round_log in log.rounds:
        if not _play_round(replay, round_log):
            break
    else:
        state = replay.game.state
        if error is None and log.rounds and not state.finished:
            last = log.rounds[-1].label
            if log.complete:  # the log says this was the game's last round
                replay.end_differences.append(
                    Difference(
                        "end",
                        None,
                        None,
                        None,
                        f"the game ends after {last}",
                        f"the game goes on to {state.label}-{state.honba}",
                    )
                )
            else:
                replay.rules_notes += (
                    _(
                        "the log stops after {round}, before the game is over: the standings "
                        "are those so far"
                    ).format(round=shown_round(last)),
                )
    if error is not None and replay.error is None:
        replay.stop(str(error), error.round_label, error.event_index)
    if replay.error is None:
        replay.end_differences.extend(end_differences(log, replay.standings))
    return replay


def _start_state(log: GameLog, rules: Rules) -> GameState:
    """The game's state before its first round as the log states it: the scores, the round
    and its counters (a log may begin part way through a game); the rules' start where
    the log states no scores."""
    start = GameState.start(rules)
    if not log.rounds:
        return start
    first = log.rounds[0]
    scores = first.scores if first.scores is not None else start.scores
    if len(scores) != rules.players:
        return start
    return replace(
        start,
        scores=tuple(scores),
        round_wind=SEAT_WINDS[first.wind % 4],
        round_number=first.number,
        honba=first.honba,
        sticks=first.sticks,
    )


def _play_round(replay: LogReplay, round_log: RoundLog) -> bool:
    """Play one round into ``replay``; ``False`` when the replay stops here."""
    game = replay.game
    if game.state.finished:
        replay.end_differences.append(
            Difference(
                "end",
                round_log.index,
                round_log.label,
                None,
                f"the game goes on to {round_log.label}",
                f"the game is over after {game.rounds[-1].before.label} ({game.state.end_reason})",
            )
        )
        return False
    try:
        check_copies(round_log, replay.log.source)
        outcome, facts = walk_round(round_log, replay.rules)
    except ReplayError as e:
        where = error_place(replay.name, round_log.index, round_log.label, e.event)
        replay.stop(
            _("{where}: {problem}").format(where=where, problem=e.message), round_log.label, e.event
        )
        return False
    try:
        played = game.play(outcome)
    except GameError as refused:  # not ``e``: the compiled build types a name per function
        where = error_place(replay.name, round_log.index, round_log.label)
        replay.stop(_("{where}: {problem}").format(where=where, problem=refused), round_log.label)
        return False
    stated = stated_wins(round_log)
    differences = round_differences(round_log, played, stated, facts.pao)
    replay.rounds.append(
        ReplayedRound(round_log, played, stated, round_log.end.deltas, differences)
    )
    return True


# --------------------------------------------------------------------------- one round


class ReplayError(ValueError):
    """A round whose events do not fit together (a discard of a tile not in the hand, a
    call that does not fit, a win on nothing); ``event`` is the event's index."""

    def __init__(self, message: str, event: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.event = event


#: The formats whose readers refuse a fifth copy as they read (tenhou.net/6 counts the kinds;
#: an mjlog's tile ids come out of the wall once each): the replay counts for the others.
_COPIES_COUNTED: Final = frozenset({"tenhou6", "mjlog"})


def check_copies(round_log: RoundLog, source: str = "") -> None:
    """No kind comes out of the wall more than four times (dealt, drawn, shown as a dora
    indicator): a log that brings out a fifth is damaged, whichever reader read it. A
    :class:`ReplayError` names the draw or indicator that shows the fifth. Nothing is
    counted for a log whose reader counted as it read (``source``, the log's format: see
    :data:`_COPIES_COUNTED`)."""
    if source in _COPIES_COUNTED:
        return
    copies = [0] * 34
    for hand in round_log.hands:
        for tile in hand:
            copies[tile.kind] += 1
    copies[round_log.dora_indicator.kind] += 1
    if max(copies) > 4:
        kind = next(k for k, n in enumerate(copies) if n > 4)
        dealt = next(t for hand in round_log.hands for t in hand if t.kind == kind)
        raise _fifth(dealt, copies[kind], None)
    for index, event in enumerate(round_log.events):
        if type(event) is Draw:
            tile = event.tile
        elif type(event) is NewDora:
            tile = event.indicator
        else:
            continue
        copies[tile.kind] += 1
        if copies[tile.kind] > 4:
            raise _fifth(tile, copies[tile.kind], index)


def _fifth(tile: Tile, count: int, event: int | None) -> ReplayError:
    message = _("{tile} is dealt, drawn or shown {count} times")
    return ReplayError(message.format(tile=tile, count=count), event)


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What the walk found beside the outcome: the liable seat it worked out for each
    winner, the ready seats and nagashi seats at a draw (several nagashi: all of them)."""

    pao: dict[int, int | None]
    tenpai: frozenset[int] = frozenset()
    nagashi: tuple[int, ...] = ()


def walk_round(round_log: RoundLog, rules: Rules) -> tuple[Outcome, RoundFacts]:
    """The outcome of one round worked out from its events alone (the wins' hands with
    every context word but seat, round, honba and sticks), and the facts found on the way.
    :class:`ReplayError` when the events do not fit together."""
    try:
        table = RoundTable(
            players=rules.players,
            dealer=round_log.dealer,
            hands=round_log.hands,
            dora=round_log.dora_indicator,
        )
    except TableError as e:
        raise ReplayError(e.message) from None
    wins: list[Win] = []
    for index, event in enumerate(round_log.events):
        try:
            # Draws and discards, nearly every event, before the match: its class patterns
            # cost more than an identity test of the type.
            if type(event) is Draw:
                table.draw(event)
                continue
            if type(event) is Discard:
                table.discard(event)
                continue
            match event:
                case Call():
                    table.apply(event)
                case RiichiAccepted(seat=seat):
                    table.accept_riichi(seat)
                case NewDora(indicator=indicator):
                    table.reveal_dora(indicator)
                case LogWin(seat=seat, from_seat=from_seat):
                    hand = table.win_hand(event)
                    discarder = None if from_seat == seat else from_seat
                    wins.append(Win(seat, discarder, hand, table.liable(seat)))
                case ExhaustiveDraw() | Nagashi() | LogAbort() if wins:
                    raise TableError(_("a draw after a win in the same round"))
                case LogAbort(reason=reason):
                    return Abort(reason, frozenset(table.sticks)), RoundFacts({})
                case ExhaustiveDraw() | Nagashi():
                    return _exhaustive_draw(table, isinstance(event, Nagashi), rules)
                case RoundEnd():
                    break
                case StatedFuriten() | StatedWaits():
                    pass  # the server's view, for the analysis of play
        except TableError as e:
            raise ReplayError(e.message, index) from None
    if not wins:
        raise ReplayError(_("the round ends without a result"), len(round_log.events))
    # a riichi stick of a winner is the hand's own word; the others' are listed
    others = frozenset(table.sticks - {w.seat for w in wins})
    return Wins(tuple(wins), others), RoundFacts({w.seat: w.pao for w in wins})


def _exhaustive_draw(
    table: RoundTable, nagashi_stated: bool, rules: Rules
) -> tuple[Outcome, RoundFacts]:
    if table.wall_left != 0:
        raise TableError(
            _("an exhaustive draw with {count} tiles left in the wall").format(
                count=table.wall_left
            )
        )
    tenpai = frozenset(s for s, player in enumerate(table.seats) if _ready(player, rules))
    nagashi = table.nagashi_seats()
    if nagashi_stated and not nagashi:
        raise TableError(_("nagashi mangan, but no river is all terminals and honours"))
    outcome = DrawOutcome(tenpai, frozenset(table.sticks), nagashi[0] if nagashi_stated else None)
    return outcome, RoundFacts({}, tenpai, nagashi)


def _ready(player: SeatTable, rules: Rules) -> bool:
    """Tenpai at an exhaustive draw: shanten 0 with a wait not all in the own hand."""
    try:
        return shanten(player.waiting_hand(), rules) == 0
    except (HandError, ValueError):
        return False
