"""Riichi City game records, as its game API returns them: JSON (bare, or inside the API's
``{"code", "data", "message"}`` envelope) whose ``handRecord`` list holds one record a
hand, each with its ``players`` and its ``handEventRecord`` events, three or four players.

Takes the JSON text. Gives a :class:`~.events.GameLog`.

The fields (their meanings from the game client's enums as 0num4/paifu-playground
``riichicity/Types/commonConsts.py`` lists them, ``EMjReplayEventType``, ``EMjActionType``,
``EMjGameEndType``, ``EMjFangType``; checked against real records): the game's
``playerCount``, ``initPoints``, ``round`` (1 east-only, 2 a half game, 3 one hand),
``gamePlay`` (1001 ranked, 1002 a tournament, 1003 a friends' room), ``keyValue`` (the
record's id), ``nowTime``; a hand's ``changCi`` (its number, 1-4), ``benChangNum`` (honba),
``quanFeng`` (the round wind's tile code), ``players`` (``userId``, ``position``,
``nickname``, ``points`` at the hand's start). Each event is ``eventType``, ``userId`` and
``data``, a JSON text: 1 the deal (``hand_cards``, the dealer's 14th being its first draw;
``dealer_pos``, ``bao_pai_card`` the dora indicator, ``li_zhi_bang_num`` the sticks); 2 a
turn (``in_card`` the tile drawn, 0 for none; ``is_gang_incard`` after a kan or kita); 4 an
action (``action`` 11 a discard with ``is_li_zhi`` for riichi, 2-4 chi, 5 pon, 6 open kan,
8 closed kan, 9 added kan, 13 kita, 7 ron, 10 tsumo; ``card``, ``group_cards`` the tiles
from the hand); 7 a kan dora (``cards``, every indicator so far); 8 a riichi accepted; 9 the
server telling a seat it is furiten; 11 the waits after a riichi (``ting_info``); 5 the
hand's end (``end_type`` 0 ron, 1 tsumo, 7 the wall ran out, 2-6 and 1002/1004 the abortive
draws, 8 and 11 the game stopped by vote or force; ``win_info`` each winner's ``fang_info``,
``all_fang_num`` han, ``all_fu``, ``all_point``, ``li_bao_card`` ura, or at a draw the ready
hands; ``user_profit`` every seat's ``point_profit``, honba and sticks included, riichi
deposits apart); 6 the game's end (``user_data``: ``point_num`` the final score, ``score``
the final points times ten). Tiles are 0x01-0x09 1p-9p, 0x11-0x19 1s-9s, 0x21-0x29 1m-9m,
0x31-0x91 East … red, 0x100 on a red five (InjusticeJudge ``fetch/riichicity.py``).

Seat 0 is the first hand's dealer. The server's furiten notices and waits are kept as
:class:`~.events.StatedFuriten` and :class:`~.events.StatedWaits` for the analysis of play.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from agari.game.logs.events import (
    TILE_ORDER,
    Abort,
    Call,
    CallKind,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    GameLog,
    LogError,
    LogRules,
    Nagashi,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    StatedFuriten,
    StatedWaits,
    Win,
    damage_at,
    round_label,
    with_final_result,
)
from agari.game.logs.jsontext import as_dict, decode_at, int_field, loads, whole_items
from agari.game.logs.yaku_names import RIICHICITY_FANS, YAKUMAN_IDS, log_name
from agari.game.outcomes import AbortReason
from agari.lang import _
from agari.lang.terms import call_name
from agari.tiles import Tile

#: ``end_type`` of the abortive draws (``EMjGameEndType``; 1002 and 1004 are the
#: three-player forms of four winds and four riichi).
_ABORTS: Final[dict[int, AbortReason]] = {
    2: "suufon",
    3: "suukaikan",
    4: "suucha_riichi",
    5: "sanchahou",
    6: "kyuushu",
    1002: "suufon",
    1004: "suucha_riichi",
}
_WIN_ENDS: Final = (0, 1)
_EXHAUSTED: Final = 7
#: The game stopped in the hand, by a vote or by force: the hand has no result.
_STOPPED: Final = (8, 11)
_NAGASHI_FANG: Final = 30
_CALLS: Final[dict[int, CallKind]] = {2: "chi", 3: "chi", 4: "chi", 5: "pon", 6: "daiminkan"}
_WINDS: Final = {0x31: 0, 0x41: 1, 0x51: 2, 0x61: 3}
#: ``gamePlay``: the kind of room.
_ROOMS: Final[dict[object, str]] = {
    1001: "ranked",
    1002: "tournament",
    1003: "friends",
    1004: "one-round",
}
_SUIT_OF: Final = {0: 9, 1: 18, 2: 0}  # 0x0N pin, 0x1N sou, 0x2N man: the first kind


def tile_of(code: object) -> Tile:
    """A Riichi City tile code: 0x01-0x09 pin, 0x11-0x19 sou, 0x21-0x29 man, 0x31 … 0x91
    the honours East South West North white green red, 0x100 added on a red five."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(_("tile {code} is not a number").format(code=repr(code)))
    red, base = bool(code & 0x100), code & ~0x100
    high, number = divmod(base, 16)
    if code >> 9 == 0 and high in _SUIT_OF and 1 <= number <= 9 and (not red or number == 5):
        return Tile(_SUIT_OF[high] + number - 1, red=red)
    if not red and 3 <= high <= 9 and number == 1:
        return Tile(27 + high - 3)
    raise ValueError(
        _("tile code {code} ({hex}) is not a tile").format(code=code, hex=f"0x{code:x}")
    )


_dict: Final = as_dict
_int: Final = int_field


def _game_of(obj: object) -> dict[str, Any]:
    """The record itself: the object, or the API envelope's ``data``."""
    found = _dict(obj)
    inner = found.get("data")
    return inner if isinstance(inner, dict) and "handRecord" in inner else found


# --------------------------------------------------------------------------- the game


def read_riichicity(text: str, game: str | None = None) -> GameLog:
    """Read a Riichi City record's JSON text. ``game`` names the log in errors.
    :class:`LogError` on a bad record, with the game read so far (every whole hand before
    the damage: a record cut off is read up to the cut)."""
    damage: str | None = None
    try:
        record = _game_of(loads(text))
    except json.JSONDecodeError as e:
        damage = _("the JSON is cut off or damaged ({problem} at {position})").format(
            problem=e.msg, position=e.pos
        )
        record = _salvage(text)
    hands = record.get("handRecord")
    if not isinstance(hands, list):
        raise LogError(damage or _("a Riichi City record without its 'handRecord' list"), game=game)
    players = _players(record, hands)
    label = game or _str(record.get("keyValue"))
    read_so_far = _game_log(record, players, ())
    reader = _Reader(players, label, _first_dealer(hands, players))
    try:
        for hand in hands:
            if not reader.hand(hand):
                break
        if damage is not None:
            raise reader.fail(damage)
    except LogError as error:
        raise error.with_log(read_so_far) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise reader.fail(str(e)).with_log(read_so_far) from None
    return with_final_result(
        _game_log(record, players, tuple(reader.rounds), reader.final, reader.stopped)
    )


def _salvage(text: str) -> dict[str, Any]:
    """From a record cut off or damaged part way: every hand record that reads whole
    before the damage, and the game's fields that stand before it."""
    found: dict[str, Any] = {}
    for key in ("playerCount", "initPoints", "round", "gamePlay", "keyValue", "nowTime"):
        m = re.search(rf'"{key}"\s*:\s*', text)
        if m is not None:
            with contextlib.suppress(json.JSONDecodeError):
                found[key] = decode_at(text, m.end())[0]
    m = re.search(r'"handRecord"\s*:\s*\[', text)
    if m is not None:
        found["handRecord"] = whole_items(text, m.end())
    return found


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _players(record: dict[str, Any], hands: list[Any]) -> int:
    """3 or 4: ``playerCount``, else the seats of the first hand."""
    count = record.get("playerCount")
    if count in (3, 4):
        return int(count)
    for hand in hands[:1]:
        seats = _dict(hand).get("players")
        if isinstance(seats, list) and len(seats) in (3, 4):
            return len(seats)
    return 4


def _first_dealer(hands: list[Any], players: int) -> int:
    """The table position that dealt the game's first hand (seat 0), from the first deal."""
    for hand in hands[:1]:
        number = _dict(hand).get("changCi")
        for event in _dict(hand).get("handEventRecord") or ():
            if _dict(event).get("eventType") == 1:
                try:
                    data = _data(_dict(event))
                except ValueError:  # damaged: reading the hand names the event
                    return 0
                dealer = data.get("dealer_pos")
                if isinstance(dealer, int) and isinstance(number, int):
                    return (dealer - (number - 1)) % players
    return 0


def _data(event: dict[str, Any]) -> dict[str, Any]:
    """An event's ``data``, a JSON text (an object already in some copies)."""
    raw = event.get("data")
    if isinstance(raw, str):
        raw = loads(raw) if raw.strip() else {}
    if not isinstance(raw, dict):
        raise ValueError(_("event data {data} is not an object").format(data=f"{raw!r:.60}"))
    return raw


def _game_log(
    record: dict[str, Any],
    players: int,
    rounds: tuple[RoundLog, ...],
    final: tuple[tuple[int, ...], tuple[float, ...]] | None = None,
    stopped: bool = False,
) -> GameLog:
    lengths: dict[object, Literal["east", "south"]] = {1: "east", 2: "south"}
    length = lengths.get(record.get("round"))
    switches: list[tuple[str, str]] = []
    start = record.get("initPoints")
    if isinstance(start, int) and not isinstance(start, bool) and start > 0:
        switches.append(("start_points", str(start)))
    room = _ROOMS.get(record.get("gamePlay"))
    rules = LogRules(
        players=players,
        server="riichicity",
        length=length,
        room=room,
        stated_switches=tuple(switches),
    )
    names = [""] * players
    date: datetime.date | None = None
    stamp = record.get("nowTime")
    if isinstance(stamp, int) and not isinstance(stamp, bool):
        date = datetime.datetime.fromtimestamp(stamp, datetime.UTC).date()
    first = next((h for h in record.get("handRecord") or () if isinstance(h, dict)), {})
    for player in _dict(first).get("players") or ():
        seat = _dict(player).get("position")
        if isinstance(seat, int) and 0 <= seat < players:
            names[seat] = str(player.get("nickname") or "")
    dealer = _first_dealer(record.get("handRecord") or [], players)
    names = names[dealer:] + names[:dealer]
    return GameLog(
        source="riichicity",
        game_id=_str(record.get("keyValue")),
        title=room,
        names=tuple(names),
        rules=rules,
        date=date,
        rounds=rounds,
        final_scores=final[0] if final and rounds else None,
        final_points=final[1] if final and rounds else None,
        date_from="log" if date is not None else None,
        complete=final is not None and not stopped,
    )


# --------------------------------------------------------------------------- one hand


@dataclass
class _Hand:
    """The hand being read: its header, events, each seat's concealed tiles, the seats by
    user id, the last seat to discard or kan (a ron's discarder), each seat's tile just
    drawn (a discard of it from its place is tsumogiri), the kan indicators shown so far."""

    index: int
    label: str
    seat_of: dict[int, int]
    events: list[Event] = field(default_factory=list)
    held: list[Counter[Tile]] = field(default_factory=list)
    last_actor: int | None = None
    drawn: dict[int, Tile] = field(default_factory=dict)
    kan_dora: int = 0


class _Reader:
    def __init__(self, players: int, game: str | None, first_dealer: int) -> None:
        self.players = players
        self.game = game
        self.first_dealer = first_dealer
        self.rounds: list[RoundLog] = []
        self.current: _Hand | None = None
        self.final: tuple[tuple[int, ...], tuple[float, ...]] | None = None
        #: the game was stopped by a vote or by force in a hand with no result
        self.stopped = False

    def fail(self, message: str) -> LogError:
        return damage_at(message, self.game, self.current, self.rounds)

    def hand(self, raw: Any) -> bool:
        """Read one hand record into a round; ``False`` when the game ends in it without a
        result (stopped by a vote)."""
        if not isinstance(raw, dict):
            raise self.fail(
                _("a hand record that is not an object: {record}").format(record=f"{raw!r:.60}")
            )
        self.current = None
        header = self._header(raw)
        events = raw.get("handEventRecord")
        if not isinstance(events, list):
            raise self.fail(_("a hand record without its 'handEventRecord' list"))
        hand_round = self._deal(raw, header, events)
        r = self._hand()
        for event in events:
            event = _dict(event)
            kind = event.get("eventType")
            if kind == 1:
                continue  # the deal, read above
            data = _data(event)
            if kind == 6:
                self.final = self._final(r, data)
            elif self.stopped:
                continue  # the game was stopped in this hand: only its end counts
            elif kind == 5:
                self.stopped = not self._end(r, data)
            elif r.events and isinstance(r.events[-1], RoundEnd):
                raise self.fail(_("event type {type} after the hand's end").format(type=kind))
            else:
                self._event(r, kind, event, data)
        if self.stopped:
            self.current = None
            return False
        if not r.events or not isinstance(r.events[-1], RoundEnd):
            raise self.fail(_("the hand record stops before the hand's end"))
        self.rounds.append(replace(hand_round, events=tuple(r.events)))
        self.current = None
        return True

    def _header(self, raw: dict[str, Any]) -> tuple[int, int, int]:
        """The hand's wind, number and honba."""
        wind = _WINDS.get(_int(raw, "quanFeng"))
        number, honba = _int(raw, "changCi"), _int(raw, "benChangNum", 0)
        if wind is None or not 1 <= number <= self.players:
            raise self.fail(
                _("a hand of round wind {wind}, number {number}").format(
                    wind=repr(raw.get("quanFeng")), number=number
                )
            )
        self.current = _Hand(len(self.rounds), round_label(wind, number, honba), {})
        return wind, number, honba

    def _hand(self) -> _Hand:
        """The hand being read, begun by :meth:`_header` (a call, not ``self.current``:
        after ``self.current = None`` the checker, and the compiled build, take it as None)."""
        r = self.current
        assert r is not None
        return r

    def _seat(self, r: _Hand, user: object) -> int:
        seat = r.seat_of.get(user) if isinstance(user, int) else None
        if seat is None:
            raise self.fail(_("user {user} does not play in this hand").format(user=repr(user)))
        return seat

    def _deal(
        self, raw: dict[str, Any], header: tuple[int, int, int], events: list[Any]
    ) -> RoundLog:
        """The hand's deal (its players and the type-1 events): the round without events."""
        r = self._hand()
        n = self.players
        scores: list[int] | None = [0] * n
        for player in raw.get("players") or ():
            seat = (_int(player, "position") - self.first_dealer) % n
            r.seat_of[_int(player, "userId")] = seat
            if scores is not None and "points" in player:
                scores[seat] = _int(player, "points")
            else:  # a record without values may leave them out
                scores = None
        if len(set(r.seat_of.values())) != n:
            raise self.fail(_("the hand's players do not fill {count} seats").format(count=n))
        deals = [(_dict(e), _data(_dict(e))) for e in events if _dict(e).get("eventType") == 1]
        if len(deals) != n:
            raise self.fail(
                _("{count} deals for {players} players").format(count=len(deals), players=n)
            )
        wind, number, honba = header
        dealer = number - 1
        hands: list[list[Tile]] = [[] for _ in range(n)]
        for event, data in deals:
            seat = self._seat(r, event.get("userId"))
            hands[seat] = [tile_of(c) for c in data.get("hand_cards") or ()]
            if (_int(data, "dealer_pos") - self.first_dealer) % n != dealer:
                raise self.fail(
                    _("the deal names a dealer other than seat {seat}").format(seat=dealer)
                )
        for seat, tiles in enumerate(hands):
            want = 14 if seat == dealer else 13
            if len(tiles) != want:
                raise self.fail(
                    _("seat {seat} is dealt {count} tiles, not {want}").format(
                        seat=seat, count=len(tiles), want=want
                    )
                )
        data = deals[0][1]
        first_draw = hands[dealer].pop()  # the dealer's 14th tile: its first draw
        r.held = [Counter(h) for h in hands]
        r.held[dealer][first_draw] += 1
        r.drawn[dealer] = first_draw
        r.events.append(Draw(dealer, first_draw))
        return RoundLog(
            index=r.index,
            wind=wind,
            number=number,
            honba=honba,
            sticks=_int(data, "li_zhi_bang_num", 0),
            dealer=dealer,
            scores=None if scores is None else tuple(scores),
            hands=tuple(tuple(sorted(h, key=TILE_ORDER)) for h in hands),
            dora_indicator=tile_of(data.get("bao_pai_card")),
            events=(),
        )

    # --- play ---

    def _event(self, r: _Hand, kind: object, event: dict[str, Any], data: dict[str, Any]) -> None:
        if kind == 2:
            tile = _int(data, "in_card", 0)
            if tile:
                seat = self._seat(r, event.get("userId"))
                drawn = tile_of(tile)
                r.held[seat][drawn] += 1
                r.drawn[seat] = drawn
                r.events.append(Draw(seat, drawn, bool(data.get("is_gang_incard"))))
        elif kind == 4:
            self._action(r, data)
        elif kind == 7:
            cards = data.get("cards") or ()  # every kan indicator so far
            for code in list(cards)[r.kan_dora :]:
                r.events.append(NewDora(tile_of(code)))
            r.kan_dora = max(r.kan_dora, len(cards))
        elif kind == 8:
            r.events.append(RiichiAccepted(self._seat(r, data.get("user_id"))))
        elif kind == 9:
            seat = self._seat(r, event.get("userId"))
            flags = tuple(True if s == seat else None for s in range(self.players))
            r.events.append(StatedFuriten(flags))
        elif kind == 11:
            seat = self._seat(r, event.get("userId"))
            waits = [_dict(w) for w in data.get("ting_info") or ()]
            r.events.append(StatedWaits(seat, tuple(tile_of(w.get("ting_card")) for w in waits)))

    def _take(self, r: _Hand, seat: int, tile: Tile) -> Tile:
        held = r.held[seat]
        if held[tile] <= 0:
            raise self.fail(
                _("seat {seat} gives up {tile}, which is not in its hand").format(
                    seat=seat, tile=tile
                )
            )
        held[tile] -= 1
        return tile

    def _action(self, r: _Hand, data: dict[str, Any]) -> None:
        seat = self._seat(r, data.get("user_id"))
        action = _int(data, "action")
        if action in (7, 10):
            return  # a win: the hand's end says who and how
        if action == 11:
            tile = self._take(r, seat, tile_of(data.get("card")))
            where = data.get("move_cards_pos") or [0]
            tsumogiri = r.drawn.get(seat) == tile and where[0] == sum(r.held[seat].values()) + 1
            r.events.append(Discard(seat, tile, tsumogiri, bool(data.get("is_li_zhi"))))
            r.drawn.pop(seat, None)
            r.last_actor = seat
        elif action in _CALLS:
            self._call(r, seat, _CALLS[action], data)
        elif action in (8, 9, 13):
            self._own(r, seat, action, data)
        elif action not in (0, 1, 12):  # 12 declares nine terminals: the end says it
            raise self.fail(
                _("seat {seat}'s action {action} is not one agari knows").format(
                    seat=seat, action=action
                )
            )

    def _call(self, r: _Hand, seat: int, kind: CallKind, data: dict[str, Any]) -> None:
        """A chi, pon or open kan on the last discard (``card``) with ``group_cards``."""
        if r.last_actor is None:
            raise self.fail(
                _("seat {seat} calls {kind} with no discard to take").format(
                    seat=seat, kind=call_name(kind)
                )
            )
        called = tile_of(data.get("card"))
        mine = [self._take(r, seat, tile_of(c)) for c in data.get("group_cards") or ()]
        if len(mine) != (3 if kind == "daiminkan" else 2):
            raise self.fail(
                _("seat {seat}'s {kind} does not hold the tiles of one").format(
                    seat=seat, kind=call_name(kind)
                )
            )
        tiles = tuple(sorted((*mine, called), key=TILE_ORDER))
        r.events.append(Call(seat, kind, tiles, called, r.last_actor))
        r.drawn.pop(seat, None)

    def _own(self, r: _Hand, seat: int, action: int, data: dict[str, Any]) -> None:
        """A closed kan, an added kan or a kita on the seat's own turn."""
        tile = self._take(r, seat, tile_of(data.get("card")))
        if action == 13:
            r.events.append(Call(seat, "kita", (tile,)))
        elif action == 8:
            rest = [self._take(r, seat, tile_of(c)) for c in data.get("group_cards") or ()]
            if len(rest) != 3:
                raise self.fail(
                    _("seat {seat}'s closed kan does not hold four tiles").format(seat=seat)
                )
            r.events.append(Call(seat, "ankan", tuple(sorted((tile, *rest), key=TILE_ORDER))))
        else:
            pon = next(
                (
                    e
                    for e in reversed(r.events)
                    if isinstance(e, Call)
                    and (e.seat, e.kind) == (seat, "pon")
                    and e.tiles[0].kind == tile.kind
                ),
                None,
            )
            if pon is None:
                raise self.fail(
                    _("seat {seat} adds {tile} to a pon it does not have").format(
                        seat=seat, tile=tile
                    )
                )
            tiles = tuple(sorted((*pon.tiles, tile), key=TILE_ORDER))
            r.events.append(Call(seat, "kakan", tiles, pon.called, pon.from_seat, tile))
        r.last_actor = seat
        r.drawn.pop(seat, None)

    # --- the end ---

    def _profits(self, r: _Hand, data: dict[str, Any]) -> tuple[int, ...] | None:
        """Every seat's ``point_profit`` (honba and sticks included, deposits not)."""
        deltas = [0] * self.players
        profits = [_dict(p) for p in data.get("user_profit") or ()]
        if not profits:
            return None
        for p in profits:
            deltas[self._seat(r, p.get("user_id"))] = _int(p, "point_profit", 0)
        return tuple(deltas)

    def _end(self, r: _Hand, data: dict[str, Any]) -> bool:
        """The hand's result; ``False`` for a game stopped in it without one."""
        end = _int(data, "end_type")
        if end in _STOPPED:
            return False
        deltas = self._profits(r, data)
        if end in _WIN_ENDS:
            self._wins(r, data, deltas, tsumo=end == 1)
        elif end == _EXHAUSTED:
            infos = [_dict(w) for w in data.get("win_info") or ()]
            tenpai = tuple(
                sorted(self._seat(r, w.get("user_id")) for w in infos if w.get("ting_card_list"))
            )
            fangs = {_int(f, "fang_type") for w in infos for f in w.get("fang_info") or ()}
            nagashi = _NAGASHI_FANG in fangs
            r.events.append(Nagashi(deltas, tenpai) if nagashi else ExhaustiveDraw(tenpai, deltas))
        elif end in _ABORTS:
            deltas = (0,) * self.players
            r.events.append(Abort(_ABORTS[end], deltas))
        else:
            raise self.fail(
                _("a hand that ends with end type {type}, which agari does not replay").format(
                    type=end
                )
            )
        r.events.append(RoundEnd(deltas))
        return True

    def _wins(
        self, r: _Hand, data: dict[str, Any], deltas: tuple[int, ...] | None, *, tsumo: bool
    ) -> None:
        infos = [_dict(w) for w in data.get("win_info") or ()]
        if not infos:
            raise self.fail(_("a win without its winners"))
        liable = [
            self._seat(r, p.get("user_id"))
            for p in (_dict(p) for p in data.get("user_profit") or ())
            if p.get("is_bao_pai")
        ]
        from_seat = r.last_actor
        wins: list[Win] = []
        for info in infos:
            seat = self._seat(r, info.get("user_id"))
            src = seat if tsumo else from_seat
            if src is None or (src == seat and not tsumo):
                raise self.fail(_("seat {seat} wins by ron on no discard").format(seat=seat))
            only = deltas if len(infos) == 1 else None
            wins.append(_win(info, seat, src, liable[0] if liable else None, only))
        # nearest the discarder first, as the event stream orders several winners
        n = self.players
        wins.sort(key=lambda w: (w.seat - w.from_seat) % n)
        r.events.extend(wins)

    def _final(self, r: _Hand, data: dict[str, Any]) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The game's end: each seat's final score and points (``score`` is ten times)."""
        scores = [0] * self.players
        points = [0.0] * self.players
        users = [_dict(u) for u in data.get("user_data") or ()]
        if len(users) != self.players:
            raise self.fail(_("the game's end does not cover every seat"))
        for user in users:
            seat = self._seat(r, user.get("user_id"))
            scores[seat] = _int(user, "point_num")
            points[seat] = _int(user, "score") / 10
        return tuple(scores), tuple(points)


def _win(
    info: dict[str, Any],
    seat: int,
    from_seat: int,
    pao: int | None,
    deltas: tuple[int, ...] | None,
) -> Win:
    """One winner's stated values: han, fu, points, the yaku and dora by name, the ura."""
    yaku: list[tuple[str, int]] = []
    yakuman: list[str] = []
    for fang in info.get("fang_info") or ():
        kind, han = _int(fang, "fang_type"), _int(fang, "fang_num")
        key = RIICHICITY_FANS.get(kind)
        name = log_name(key) if key else f"fang {kind}"
        if key in YAKUMAN_IDS:
            yakuman += [name] * max(han // 13, 1)
        elif han:
            yaku.append((name, han))
    han = _int(info, "all_fang_num", 0)
    stated = bool(info.get("fang_info")) or bool(info.get("all_point"))
    return Win(
        seat=seat,
        from_seat=from_seat,
        pao_seat=pao if pao != seat else None,
        han=han if stated and not yakuman else None,
        fu=_int(info, "all_fu", 0) if stated else None,
        points=_int(info, "all_point", 0) or None,
        yaku=tuple(yaku) if stated else None,
        yakuman=tuple(yakuman) if stated else None,
        deltas=deltas,
        ura_indicators=tuple(tile_of(c) for c in info.get("li_bao_card") or ()),
    )
