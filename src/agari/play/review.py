"""The review of every decision in a game (SPEC §8, ``agari review``): for each seat at each
decision, the hand and what it could see, the choice made beside the efficiency-best one
(lowest shanten, then most acceptance counted on the tiles that seat had not seen), and
after it the seat's shanten, waits and furiten; wins that were there and not taken.

Decisions are:

- a seat's own turn, after its draw or its call: the discard (with riichi or not), a closed
  or added kan, a kita, or the win by tsumo;
- another seat's discard (or added kan, or kita) that the seat could take -- win on it (a
  winning tile, with a yaku, not furiten), pon or open kan it, or chi it (the seat after
  the discarder, four players) -- and what it did: the win, the call, or a pass.

The figures are those of :mod:`agari.analysis.efficiency`; where the best discard leaves the
hand ready, the value-aware choice of the discard table (SPEC §4) is named beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from agari.analysis.efficiency import (
    DiscardFigures,
    FigureRow,
    discard_rows,
    figures_of,
    shanten_of,
    tally,
)
from agari.analysis.waiting import best_win, tsumo_covers_ron, win_contexts
from agari.engine.scoring import score_hand
from agari.errors import HandError
from agari.game.logs import Call, Discard, Draw, Event, NewDora, RiichiAccepted, RoundLog, Win
from agari.game.replay_log import ReplayError, check_copies
from agari.game.table import SeatTable, TableError
from agari.hand import SEAT_WINDS, Context, Hand, make_context, replace_context
from agari.native import mypyc_attr
from agari.notation.validate import check_under_rules
from agari.play.follow import Follower, Furiten, counts
from agari.rules import Rules
from agari.tiles import NORTH, PLAIN_TILES, TILE_OF_CODE, Tile

__all__ = ["Decision", "figures_json", "review_round"]

Action = dict[str, Any]
_OWN_KANS: Final = ("ankan", "kakan", "kita")
_TAKES: Final = ("chi", "pon", "daiminkan")
# Event classes asked of every event (a tuple, made once: ``A | B`` makes a union object at
# each call, and is slower to test in both builds).
_TURN_EVENTS: Final = (Draw, Discard)
_PLAY_EVENTS: Final = (Draw, Discard, Call)
_TABLE_EVENTS: Final = (Call, RiichiAccepted, NewDora)
_NOTHING_LOST: Final = (0, 0)
#: What a ready hand's value depends on (:meth:`_Round._value_choice`): the seat, its tiles
#: as codes, its melds' sizes, the dora indicators shown, the waits with a copy left.
_ReadyKey = tuple[int, bytes, tuple[int, ...], int, tuple[int, ...]]


def figures_json(figures: DiscardFigures) -> dict[str, Any]:
    """SPEC §8's object of a discard's figures (an item of ``best``, or ``chosen``)."""
    return {
        "discard": str(figures.tile),
        "shanten": figures.shanten,
        "acceptance": {"kinds": len(figures.kinds), "count": figures.count},
    }


@mypyc_attr(acyclic=True)  # values only: the compiled build leaves it out of the collector
@dataclass(slots=True, init=False)
class Decision:
    """One decision (SPEC §8): where (round ``index``, its ``label``), who (``seat``), at
    which of its draws (``turn``), the hand before it (``hand``, and the ``drawn`` or
    ``offered`` tile), what was done (``action``), the shanten before and after, what the
    seat could see (``seen``: copies of each kind), the efficiency-best discards and the
    chosen one's figures (discard decisions), the value-aware choice where the hand could
    be ready, the furiten, readiness and waits after, and whether a win was left. A
    record, not to be changed, but not frozen (see ``__init__``)."""

    index: int
    round: str
    honba: int
    seat: int
    turn: int
    hand: str
    drawn: Tile | None
    offered: Tile | None
    action: Action
    shanten: int
    shanten_after: int
    seen: bytes
    best: tuple[DiscardFigures, ...]
    chosen: DiscardFigures | None
    value_best: str | None
    furiten: Furiten | None
    tenpai: bool
    waits: tuple[int, ...]
    missed_win: bool
    #: this discard (or added kan, or kita) was won on by another seat
    dealt_in: bool = False
    #: no choice: a seat in riichi that could neither win nor make a kan (or kita) discards
    #: the tile it drew (its figures are the whole of ``best``)
    forced: bool = False

    # Written out, and not frozen: a plain store per field in both builds. A frozen class
    # is filled through ``object.__setattr__``, which the pure build runs as a call per
    # field (some 30,000 machine instructions a decision: an eighth of a review's work);
    # the compiled build's dataclass ``__init__`` would stay interpreted.
    def __init__(
        self,
        index: int,
        round: str,
        honba: int,
        seat: int,
        turn: int,
        hand: str,
        drawn: Tile | None,
        offered: Tile | None,
        action: Action,
        shanten: int,
        shanten_after: int,
        seen: bytes,
        best: tuple[DiscardFigures, ...],
        chosen: DiscardFigures | None,
        value_best: str | None,
        furiten: Furiten | None,
        tenpai: bool,
        waits: tuple[int, ...],
        missed_win: bool,
        dealt_in: bool = False,
        forced: bool = False,
    ) -> None:
        self.index = index
        self.round = round
        self.honba = honba
        self.seat = seat
        self.turn = turn
        self.hand = hand
        self.drawn = drawn
        self.offered = offered
        self.action = action
        self.shanten = shanten
        self.shanten_after = shanten_after
        self.seen = seen
        self.best = best
        self.chosen = chosen
        self.value_best = value_best
        self.furiten = furiten
        self.tenpai = tenpai
        self.waits = waits
        self.missed_win = missed_win
        self.dealt_in = dealt_in
        self.forced = forced

    @property
    def is_discard(self) -> bool:
        return "discard" in self.action

    @property
    def lost(self) -> tuple[int, int]:
        """What the discard made lost beside the best: the shanten, and where the shanten
        is the best's, the acceptance; ``(0, 0)`` for a discard as good as the best and
        for the other decisions."""
        chosen = self.chosen
        if chosen is None or not self.best:
            return _NOTHING_LOST
        top = self.best[0]
        shanten = chosen.shanten - top.shanten
        return (shanten, 0) if shanten else (0, top.count - chosen.count)

    @property
    def matches_best(self) -> bool:
        """The discard made is as good as the best: the same shanten and acceptance."""
        return self.lost == _NOTHING_LOST

    @property
    def shanten_lost(self) -> int:
        return self.lost[0]

    @property
    def acceptance_lost(self) -> int:
        return self.lost[1]

    def to_json(self, game: str) -> dict[str, Any]:
        record: dict[str, Any] = {
            "kind": "decision",
            "game": game,
            "index": self.index,
            "round": self.round,
            "honba": self.honba,
            "seat": self.seat,
            "turn": self.turn,
            "hand": self.hand,
        }
        if self.drawn is not None:
            record["drawn"] = str(self.drawn)
        if self.offered is not None:
            record["offered"] = str(self.offered)
        record.update(
            action=self.action,
            shanten=self.shanten,
            shanten_after=self.shanten_after,
            seen={str(PLAIN_TILES[k]): n for k, n in enumerate(self.seen) if n},
            best=[figures_json(f) for f in self.best],
            chosen=None if self.chosen is None else figures_json(self.chosen),
            furiten=self.furiten,
            tenpai=self.tenpai,
            waits=[str(PLAIN_TILES[k]) for k in self.waits],
            missed_win=self.missed_win,
        )
        if self.value_best is not None:
            record["value_best"] = self.value_best
        if self.forced:
            record["forced"] = True
        return record


# --------------------------------------------------------------------------- a round


class _Round:
    """The review of one round in progress: the follower and what the decisions need."""

    def __init__(self, round_log: RoundLog, rules: Rules) -> None:
        self.log = round_log
        #: where each decision is: the round's index, name (made once, not a decision's
        #: work), honba
        self.where = (round_log.index, round_log.name, round_log.honba)
        self.rules = rules
        self.follower = Follower(round_log, rules)
        self.turn = [0] * rules.players
        self.decisions: list[Decision] = []
        #: the most a ready hand's win is worth (None: refused), by what it depends on
        #: (:meth:`_value_choice`): a ready seat's hand comes back at each of its turns
        self.best_wins: dict[_ReadyKey, int | None] = {}
        #: a ready seat's wins by ron and by tsumo, by seat and dora indicators shown
        self.win_contexts: dict[tuple[int, int], tuple[Context, Context]] = {}
        #: the value of a ready hand is its best tsumo (the contexts here hold only winds
        #: and dora indicators): the rons need not be valued
        self.tsumo_only = tsumo_covers_ron(rules)

    # --- the facts at a moment ---

    def can_win(self, seat: int, from_seat: int) -> bool:
        """Whether ``seat`` may win now on the last draw or offered tile: a complete hand
        with a yaku (the round's winds given), not furiten for a ron."""
        if seat != from_seat and self.follower.facts[seat].furiten_to_win is not None:
            return False
        table = self.follower.table
        try:
            hand = table.win_hand(Win(seat, from_seat))
        except TableError:
            return False
        context = replace_context(
            hand.context,
            seat_wind=SEAT_WINDS[(seat - table.dealer) % self.rules.players],
            round_wind=SEAT_WINDS[self.log.wind % 4],
            win_from=None,
        )
        full = Hand(hand.concealed, hand.win, hand.melds, context)
        try:
            check_under_rules(full, self.rules)
            result = score_hand(full, self.rules)
        except HandError:
            return False
        return result is not None and result.status == "win"

    # --- decisions ---

    def own_turn(self, seat: int, event: Event, action: Action, dealt_in: bool = False) -> None:
        """A decision on the seat's own turn (14 tiles): worked out before ``event`` is
        played, finished after. ``dealt_in``: another seat wins on what it gives up."""
        table = self.follower.table
        player = table.seats[seat]
        closed, held = counts(player)
        melds = len(player.melds)
        # as bytes: read-only, and no work for the garbage collector among the thousands
        # of decisions a review keeps
        seen = table.visible(seat)
        drawn = (
            table.last.tile if isinstance(table.last, Draw) and table.last.seat == seat else None
        )
        chosen_kind = event.tile.kind if isinstance(event, Discard) else None
        # After riichi the one discard is the tile drawn: the others are not weighed.
        only = drawn.kind if player.riichi and drawn is not None else None
        since = self.follower.facts[seat]  # the facts of the hand before the draw
        rows: list[FigureRow]
        if only is not None and since.shanten == 0:
            # Its discard leaves the ready hand from before the draw, whose waits the
            # follower holds (the fourteen tiles are complete where the draw is one).
            waits = since.waits
            rows = [(only, 0, waits, sum([4 - seen[k] for k in waits]))]
            before = -1 if only in waits else 0
        elif only is not None:  # a riichi hand not ready: the drawn tile's figures alone
            found, before = discard_rows(closed, melds, held, seen, also=only)
            rows = [row for row in found if row[0] == only]
        else:
            rows, before = discard_rows(closed, melds, held, seen, also=chosen_kind)
        # one pass: the best (as good as the first), the one made, those that leave it
        # ready; only those shown become objects
        _, top_shanten, _, top_count = rows[0]
        tops: list[DiscardFigures] = []
        ready: list[FigureRow] = []
        chosen: DiscardFigures | None = None
        for row in rows:
            kind, shanten, _, count = row
            shown = None
            if shanten == top_shanten and count == top_count:
                shown = figures_of(row)
                tops.append(shown)
            if kind == chosen_kind:
                chosen = shown or figures_of(row)
            if shanten == 0 and count:  # a wait whose every copy is in sight wins nothing
                ready.append(row)
        best = tuple(tops)
        missed = (
            before == -1
            and not (isinstance(event, Win) and event.seat == event.from_seat)
            and self.can_win(seat, seat)
        )
        value_best = self._value_choice(seat, ready, seen) if ready else None
        forced = (
            only is not None
            and chosen_kind == only
            and not missed
            and not self._may_declare(closed, only)
        )
        hand = player.text()
        # a discard's figures are the facts of the hand it leaves: not worked out again
        known = None if chosen is None else (chosen.shanten, chosen.kinds)
        self.follower.apply(event, known)
        facts = self.follower.facts[seat]
        after = chosen.shanten if chosen is not None else self._shanten_now(seat)
        index, name, honba = self.where
        self.decisions.append(
            Decision(
                index,
                name,
                honba,
                seat,
                self.turn[seat],
                hand,
                drawn,
                None,
                action,
                before,
                after,
                seen,
                best,
                chosen,
                value_best,
                facts.furiten,
                facts.tenpai,
                facts.waits,
                missed,
                dealt_in,
                forced,
            )
        )

    def _may_declare(self, closed: Sequence[int], drawn: int) -> bool:
        """Whether a seat in riichi that drew ``drawn`` had a declaration to weigh before
        discarding it: a closed kan of the four copies it holds (``closed``: its concealed
        counts; a server allows the kan where the waits stay), or, with three players, a
        North set aside as kita."""
        return closed[drawn] == 4 or (self.rules.players == 3 and drawn == NORTH)

    def _shanten_now(self, seat: int) -> int:
        closed, held = counts(self.follower.table.seats[seat])
        return shanten_of(closed, len(self.follower.table.seats[seat].melds), held)

    def _value_choice(self, seat: int, ready: Sequence[FigureRow], seen: bytes) -> str | None:
        """Of the discards that leave the hand ready with a winning tile unseen, the one
        whose best win is worth the most (the §4 discard table's order; more unseen winning
        tiles break a tie). A wait whose every copy is in sight (``seen``) wins nothing:
        its value does not count."""
        table = self.follower.table
        player = table.seats[seat]
        if len(ready) == 1 and not any(meld.is_open for meld in player.melds):
            # nothing to weigh, and a closed ready hand always has a yaku (menzen tsumo)
            return str(PLAIN_TILES[ready[0][0]])
        # What the value of a ready hand's wins depends on: its tiles (as codes, red fives
        # told apart), the melds by size (a pon may become a kan), the dora indicators and
        # the waits with a copy left; the seat (its winds) stays for the round. Not riichi:
        # a hand in riichi is closed with one discard (the tile drawn), answered above.
        codes = sorted(player.codes)
        melds = tuple([len(meld.tiles) for meld in player.melds])
        dora = len(table.dora_indicators)
        best: tuple[int, int, int] | None = None
        for kind, _, kinds, count in ready:
            alive = tuple([wait for wait in kinds if seen[wait] < 4])
            at = _discarded_copy(codes, kind)
            kept = codes[:at] + codes[at + 1 :]
            key = (seat, bytes(kept), melds, dora, alive)
            if key not in self.best_wins:
                contexts = self._win_contexts(seat, dora)
                concealed = tuple([TILE_OF_CODE[code] for code in kept])
                hand = Hand(concealed, None, tuple(player.melds), contexts[0])
                try:
                    self.best_wins[key] = best_win(
                        hand, alive, self.rules, contexts, self.tsumo_only
                    )
                except HandError:  # a hand the engine refuses: no value to weigh
                    self.best_wins[key] = None
            points = self.best_wins[key]
            if points is None:
                continue
            if best is None or (points, count) > best[:2]:
                best = (points, count, kind)
        return None if best is None or best[0] == 0 else str(PLAIN_TILES[best[2]])

    def _win_contexts(self, seat: int, dora: int) -> tuple[Context, Context]:
        """A ready hand's wins by ron and by tsumo for ``seat`` (its winds), the first
        ``dora`` indicators of the table shown: made once each."""
        made = self.win_contexts.get((seat, dora))
        if made is None:
            table = self.follower.table
            made = win_contexts(
                make_context(
                    seat_wind=SEAT_WINDS[(seat - table.dealer) % self.rules.players],
                    round_wind=SEAT_WINDS[self.log.wind % 4],
                    dora_indicators=table.dora_indicators[:dora],
                )
            )
            self.win_contexts[(seat, dora)] = made
        return made

    def offers(self, by: int, tile: Tile, events: Sequence[Event], at: int, robbed: bool) -> None:
        """The seats that could take ``tile`` (offered by ``by``) and what each did; the
        events from ``at`` on tell it."""
        table = self.follower.table
        kind = tile.kind
        players = self.rules.players
        # a robbed kan or kita is won on, never called; nothing is called from the last tile
        may_call = not robbed and table.wall_left > 0
        for seat, facts in enumerate(self.follower.facts):
            if seat == by:
                continue
            win = kind in facts.waits and self.can_win(seat, by)
            calls = _calls(table.seats[seat], kind, seat, by, players) if may_call else ()
            if not win and not calls:
                continue
            taken = _taken(events, at, seat, tile)
            shanten = facts.shanten
            index, name, honba = self.where
            self.decisions.append(
                Decision(
                    index,
                    name,
                    honba,
                    seat,
                    self.turn[seat],
                    table.seats[seat].text(),
                    None,
                    tile,
                    taken if taken is not None else {"pass": str(tile)},
                    shanten,
                    -1 if taken is not None and "win" in taken else shanten,
                    table.visible(seat),
                    (),
                    None,
                    None,
                    facts.furiten if taken is None else None,
                    facts.tenpai,
                    facts.waits,
                    win and (taken is None or "win" not in taken),
                )
            )


def _discarded_copy(codes: list[int], kind: int) -> int:
    """Where in a seat's sorted tile codes the copy of ``kind`` it discards is: a plain one
    where it holds one (a red five kept is a dora kept), else the red five."""
    plain = kind * 2 + 1
    return codes.index(plain) if plain in codes else codes.index(plain - 1)


def _calls(player: SeatTable, kind: int, seat: int, by: int, players: int) -> tuple[str, ...]:
    """The calls ``player``, at ``seat``, could make on a discard of ``kind`` by ``by``
    (a chi: the seat after the discarder, four players, a number tile)."""
    if player.riichi:
        return ()
    held = tally(player.codes, None)
    out: list[str] = []
    if held[kind] >= 2:
        out.append("pon")
    if held[kind] >= 3:
        out.append("kan")
    if players == 4 and seat == (by + 1) % 4 and kind < 27:
        rank = kind % 9
        below = rank >= 1 and held[kind - 1] > 0
        above = rank <= 7 and held[kind + 1] > 0
        if (below and (above or (rank >= 2 and held[kind - 2] > 0))) or (
            above and rank <= 6 and held[kind + 2] > 0
        ):  # a sequence below it, around it, or above it
            out.append("chi")
    return tuple(out)


def _taken(events: Sequence[Event], at: int, seat: int, tile: Tile) -> Action | None:
    """What ``seat`` did with the tile just offered: the win or the call in the events that
    follow (before the next draw or discard), else ``None``."""
    for event in events[at:]:
        if isinstance(event, Win) and event.seat == seat:
            return {"win": "ron"}
        if isinstance(event, Call) and event.kind in _TAKES:
            if event.seat == seat and event.called is not None and event.called.kind == tile.kind:
                kind = "kan" if event.kind == "daiminkan" else event.kind
                return {"call": kind, "tiles": " ".join(str(t) for t in event.tiles)}
            return None
        if isinstance(event, _TURN_EVENTS):
            return None
    return None


def _won_on(events: Sequence[Event], at: int, by: int) -> bool:
    """Whether another seat wins on what ``by`` just gave up (the events from ``at``)."""
    for event in events[at:]:
        if isinstance(event, Win):
            return event.from_seat == by and event.seat != by
        if isinstance(event, _PLAY_EVENTS):
            return False
    return False


def review_round(round_log: RoundLog, rules: Rules, source: str = "") -> list[Decision]:
    """Every decision of one round, in play order; of a damaged round (a fifth copy of a
    kind out of the wall, an event that does not fit the table), those before the damage.
    ``source``: the log's format (the copies a reader has counted are not counted again)."""
    try:
        check_copies(round_log, source)
        end = len(round_log.events)
    except ReplayError as damage:
        if damage.event is None:  # the deal itself: no hand to follow
            return []
        end = damage.event
    try:
        state = _Round(round_log, rules)
    except TableError:  # a deal that does not fit the table: nothing to review
        return []
    events = round_log.events
    for at in range(end):
        try:
            _review_event(state, events, at)
        except TableError:
            break
    return state.decisions


def _review_event(state: _Round, events: Sequence[Event], at: int) -> None:
    """The decisions of one event (its own turn, the offers it makes) and its play."""
    follower = state.follower
    event = events[at]
    if isinstance(event, Draw):
        follower.apply(event)
        state.turn[event.seat] += 1
    elif isinstance(event, Discard):
        action: Action = {"discard": str(event.tile), "riichi": event.riichi}
        state.own_turn(event.seat, event, action, _won_on(events, at + 1, event.seat))
        state.offers(event.seat, event.tile, events, at + 1, robbed=False)
    elif isinstance(event, Call) and event.kind in _OWN_KANS:
        kind = "kita" if event.kind == "kita" else "kan"
        action = {"call": kind, "tiles": " ".join(str(t) for t in event.tiles)}
        state.own_turn(event.seat, event, action, _won_on(events, at + 1, event.seat))
        last = follower.table.last
        if event.kind in ("kakan", "kita") and last is not None:
            robbed = event.added if event.kind == "kakan" else event.tiles[0]
            if robbed is not None:
                state.offers(event.seat, robbed, events, at + 1, robbed=True)
    elif isinstance(event, Win) and event.seat == event.from_seat:
        state.own_turn(event.seat, event, {"win": "tsumo"})
    elif isinstance(event, _TABLE_EVENTS):
        follower.apply(event)  # a call on a discard (decided at the offer), a stick, dora
