"""Mahjong Soul game records, as the client's API returns them and the paipu download
tools save them: JSON with ``head`` (the record's ``uuid``, ``start_time``, the rules in
``config``, the ``accounts``, the final ``result``) and the decoded
``.lq.GameDetailRecords`` (``data.data`` or ``data``: a ``version`` and ``actions`` whose
``result`` is a record, or the older ``records``), four or three players.

Takes the JSON text. Gives a :class:`~.events.GameLog`.

The records (field meanings from the game's ``liqi.proto``; protobuf leaves out a field
at its default, so a missing number is 0 and a missing flag false): ``RecordNewRound``
(``chang`` round wind, ``ju`` dealer, ``ben`` honba, ``liqibang`` sticks, ``scores``,
``tiles0``… the hands, the dealer's 14th tile being its first draw, ``doras``),
``RecordDealTile`` (a draw; ``liqi``: the riichi of the discard before is accepted;
``doras`` after a kan), ``RecordDiscardTile`` (``is_liqi``, ``is_wliqi``, ``moqie``
tsumogiri; ``zhenting``: each seat's furiten; ``tingpais``: the discarder's waits),
``RecordChiPengGang`` (``type`` 0 chi, 1 pon, 2 open kan; ``tiles`` with ``froms``, the
seat each came from), ``RecordAnGangAddGang`` (``type`` 3 closed kan, 2 added kan; ``tiles``
one tile), ``RecordBaBei`` (a kita), ``RecordHule`` (``hules``: each winner's ``seat``,
``zimo``, ``count`` han, ``fu``, ``fans`` by id, ``yiman``, ``li_doras``, its points; and the
round's ``delta_scores``), ``RecordNoTile`` (an exhaustive draw: ``players[].tingpai``,
``liujumanguan`` nagashi, ``scores[].delta_scores``), ``RecordLiuJu`` (an abortive draw,
``type`` 1 kyuushu, 2 suufon, 3 suukaikan, 4 suucha riichi, 5 sanchahou). The server's
furiten flags and waits are kept as :class:`~.events.StatedFuriten` and
:class:`~.events.StatedWaits` events for the analysis of play; the replay ignores them.
"""

from __future__ import annotations

import datetime
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from agari.game.logs.events import (
    TILE_ORDER,
    Abort,
    Call,
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
from agari.game.logs.jsontext import (
    TileTable,
    as_dict,
    decode_at,
    int_field,
    loads,
    whole_items,
)
from agari.game.logs.servers import game_date
from agari.game.logs.yaku_names import DORA_NAMES, LOG_NAMES
from agari.game.outcomes import AbortReason
from agari.lang import _
from agari.lang.terms import call_name
from agari.tiles import NORTH, TILE_OF_CODE, Tile, tile_code

_ABORTS: Final[dict[int, AbortReason]] = {
    1: "kyuushu",
    2: "suufon",
    3: "suukaikan",
    4: "suucha_riichi",
    5: "sanchahou",
}
_CALLS: Final = {0: "chi", 1: "pon", 2: "daiminkan"}
#: Mahjong Soul's fan id -> the name it gives the fan (its Japanese name), dora included.
FAN_NAMES: Final[dict[int, str]] = {
    n.majsoul_id: n.majsoul[0]
    for table in (LOG_NAMES, DORA_NAMES)
    for n in table.values()
    if n.majsoul_id is not None and n.majsoul
}
_SUITS: Final = "mpsz"
_FIVES: Final = frozenset({4, 13, 22})


def is_majsoul_record(obj: object) -> bool:
    """Whether a parsed JSON value is a Mahjong Soul game record (``head`` and records)."""
    return isinstance(obj, dict) and isinstance(obj.get("head"), dict) and "data" in obj


def tile_of(text: object) -> Tile:
    """A Mahjong Soul tile (``1m`` … ``9s``, ``1z`` … ``7z``, ``0m/0p/0s`` red fives)."""
    return _TILES.tile(text)


def _read_tile(text: object) -> Tile:
    """:func:`tile_of` read out, or the error that says why ``text`` is no tile."""
    if not isinstance(text, str) or len(text) != 2 or text[1] not in _SUITS:
        raise ValueError(_("{text} is not a tile").format(text=repr(text)))
    digit, suit = text[0], _SUITS.index(text[1])
    if (
        not digit.isdigit()
        or (suit == 3 and not "1" <= digit <= "7")
        or (digit == "0" and suit == 3)
    ):
        raise ValueError(_("{text} is not a tile").format(text=repr(text)))
    number = 5 if digit == "0" else int(digit)
    return Tile(suit * 9 + number - 1, red=digit == "0")


#: Every tile by its text, as :func:`_read_tile` reads it.
_TILES: Final = TileTable(_read_tile, (f"{d}{suit}" for suit in _SUITS for d in "0123456789"))


_dict: Final = as_dict


def _int(record: dict[str, Any], key: str) -> int:
    """A number field; protobuf leaves a 0 out."""
    return int_field(record, key, 0)


def read_majsoul(text: str, game: str | None = None) -> GameLog:
    """Read a Mahjong Soul game record's JSON text. ``game`` names the log in errors.
    :class:`LogError` on a bad record, with the game read so far (its head and every whole
    round before the damage: a record cut off is read up to the cut)."""
    damage: str | None = None
    try:
        obj = loads(text)
    except json.JSONDecodeError as e:
        damage = _("the JSON is cut off or damaged ({problem} at {position})").format(
            problem=e.msg, position=e.pos
        )
        obj = _salvage(text)
        if obj is None:
            raise LogError(damage, game=game) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("head"), dict):
        raise LogError(_("a Mahjong Soul record without its 'head'"), game=game)
    head = obj["head"]
    records = _records(obj.get("data"), game)
    uuid = head.get("uuid") if isinstance(head.get("uuid"), str) else None
    label = game or uuid
    players = _players(head, records)
    reader = _Reader(players, label)
    read_so_far = _game_log(head, uuid, players, ())
    try:
        for name, data in records:
            reader.record(name, data)
        if damage is not None:
            if reader.current is not None and reader.current.ended:
                reader.finish()  # the cut is after this round's result
            reader.current = None  # else the round the cut is in
            raise reader.fail(damage)
        reader.finish()
    except LogError as error:
        raise error.with_log(read_so_far) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise reader.fail(str(e)).with_log(read_so_far) from None
    return with_final_result(_game_log(head, uuid, players, tuple(reader.rounds)))


def _salvage(text: str) -> dict[str, Any] | None:
    """From a record cut off or damaged part way: its ``head`` and every record that reads
    whole before the damage, so the rounds before it are still read."""
    m = re.search(r'"head"\s*:\s*', text)
    if m is None:
        return None
    try:
        head = decode_at(text, m.end())[0]
    except json.JSONDecodeError:
        return None
    m = re.search(r'"(actions|records)"\s*:\s*\[', text)
    items = whole_items(text, m.end()) if m is not None else []
    key = m[1] if m is not None else "actions"
    return {"head": head, "data": {key: items}}


def _records(data: Any, game: str | None) -> list[tuple[str, dict[str, Any]]]:
    """The records in order, each its name (``RecordNewRound``…) and data."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        data = data["data"]  # {"name": ".lq.GameDetailRecords", "data": {...}}
    if not isinstance(data, dict):
        raise LogError(_("a Mahjong Soul record without its .lq.GameDetailRecords"), game=game)
    items = data.get("actions")
    if isinstance(items, list):
        items = [a.get("result") for a in items if isinstance(a, dict) and a.get("type") == 1]
    else:
        items = data.get("records")
    if not isinstance(items, list):
        raise LogError(_("the game records hold neither 'actions' nor 'records'"), game=game)
    out: list[tuple[str, dict[str, Any]]] = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise LogError(
                _("a record that is not {{name, data}}: {item}").format(item=f"{item!r:.80}"),
                game=game,
            )
        body = item.get("data")
        out.append((item["name"].rsplit(".", 1)[-1], body if isinstance(body, dict) else {}))
    return out


def _players(head: dict[str, Any], records: list[tuple[str, dict[str, Any]]]) -> int:
    """3 or 4: the mode (11 and 12 are three-player), else the first round's scores."""
    mode = _dict(_dict(head.get("config")).get("mode")).get("mode")
    if isinstance(mode, int) and mode > 10:
        return 3
    for name, data in records:
        if name == "RecordNewRound":
            scores = data.get("scores")
            if isinstance(scores, list) and len(scores) in (3, 4):
                return len(scores)
    return 4


def _game_log(
    head: dict[str, Any], uuid: str | None, players: int, rounds: tuple[RoundLog, ...]
) -> GameLog:
    config = _dict(head.get("config"))
    mode = _dict(config.get("mode"))
    detail = _dict(mode.get("detail_rule"))
    kind = mode.get("mode")
    length: Literal["east", "south"] | None = None
    if kind in (1, 11):
        length = "east"
    elif kind in (2, 12):
        length = "south"
    red = detail.get("dora_count")
    switches: list[tuple[str, str]] = []
    if isinstance(detail.get("init_point"), int) and detail["init_point"] > 0:
        start = detail["init_point"]
        switches += [("start_points", str(start)), ("return_points", str(start))]
    if isinstance(detail.get("fandian"), int) and detail["fandian"] > 0:
        switches.append(("goal_points", str(detail["fandian"])))
    rules = LogRules(
        players=players,
        server="majsoul",
        red_fives=None if not isinstance(red, int) else red > 0,
        open_tanyao=True,  # Mahjong Soul always has it (RULES.md Presets)
        length=length,
        room=str(_dict(config.get("meta")).get("mode_id") or "") or None,
        stated_switches=tuple(switches),
    )
    names = [""] * players
    for account in head.get("accounts") or ():
        if isinstance(account, dict):
            seat = account.get("seat", 0)
            if isinstance(seat, int) and 0 <= seat < players:
                names[seat] = str(account.get("nickname") or "")
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    result = head.get("result")
    if isinstance(result, dict) and isinstance(result.get("players"), list):
        by_seat = {p.get("seat", 0): p for p in result["players"] if isinstance(p, dict)}
        if sorted(by_seat) == list(range(players)):
            final_scores = tuple(int(by_seat[s].get("part_point_1", 0)) for s in range(players))
            final_points = tuple(
                round(int(by_seat[s].get("total_point", 0)) / 1000, 1) for s in range(players)
            )
    date = game_date(uuid)
    if date is None and isinstance(head.get("start_time"), int):
        date = datetime.datetime.fromtimestamp(head["start_time"], datetime.UTC).date()
    return GameLog(
        source="majsoul",
        game_id=uuid,
        title=None,
        names=tuple(names),
        rules=rules,
        date=date,
        rounds=rounds,
        final_scores=final_scores if rounds and final_points is not None else None,
        final_points=final_points if rounds else None,
        date_from="log" if date is not None else None,
        complete=final_scores is not None,
    )


@dataclass
class _Round:
    """The round being read: its header, events, each seat's concealed tiles (to tell the
    tiles of a kan), whose action a ron would be on, and the next draw's kind."""

    index: int
    label: str
    wind: int
    number: int
    honba: int
    sticks: int
    scores: tuple[int, ...] | None
    hands: tuple[tuple[Tile, ...], ...]
    dora: Tile
    dora_count: int = 1
    events: list[Event] = field(default_factory=list)
    held: list[Counter[Tile]] = field(default_factory=list)
    last_actor: int | None = None
    replacement: set[int] = field(default_factory=set)
    ended: bool = False


class _Reader:
    def __init__(self, players: int, game: str | None) -> None:
        self.players = players
        self.game = game
        self.rounds: list[RoundLog] = []
        self.current: _Round | None = None

    def fail(self, message: str) -> LogError:
        return damage_at(message, self.game, self.current, self.rounds)

    def record(self, name: str, data: dict[str, Any]) -> None:
        if name == "RecordNewRound":
            self._new_round(data)
            return
        r = self.current
        if r is None:
            raise self.fail(_("{record} before the first round").format(record=name))
        if r.ended:
            raise self.fail(_("{record} after the round's result").format(record=name))
        handler = _HANDLERS.get(name)
        if handler is None:
            return  # a record that does not move the play (a later version's)
        handler(self, r, data)

    def finish(self) -> None:
        r = self.current
        if r is not None and not r.ended:
            raise self.fail(_("the record stops before the round's result"))
        self._close()

    # --- helpers ---

    def _seat(self, data: dict[str, Any], key: str = "seat") -> int:
        seat = _int(data, key)
        if not 0 <= seat < self.players:
            raise self.fail(
                _("{field} {seat} does not play ({players} players)").format(
                    field=key, seat=seat, players=self.players
                )
            )
        return seat

    def _take(self, r: _Round, seat: int, tile: Tile) -> Tile:
        """``tile`` (or, for a five, the red or plain one the hand holds) out of a hand."""
        held = r.held[seat]
        # a five may be the other colour: its code's last bit flipped (tiles.tile_code)
        five = tile.kind in _FIVES
        for candidate in (tile, TILE_OF_CODE[tile_code(tile) ^ 1]) if five else (tile,):
            if held[candidate] > 0:
                held[candidate] -= 1
                return candidate
        raise self.fail(
            _("seat {seat} gives up {tile}, which is not in its hand").format(seat=seat, tile=tile)
        )

    def _doras(self, r: _Round, data: dict[str, Any]) -> None:
        """Indicators shown since the last record (``doras`` lists them all)."""
        doras = data.get("doras") or ()
        for text in list(doras)[r.dora_count :]:
            r.events.append(NewDora(tile_of(text)))
        r.dora_count = max(r.dora_count, len(doras))

    def _riichi_accepted(self, r: _Round, data: dict[str, Any]) -> None:
        liqi = data.get("liqi")
        if isinstance(liqi, dict) and not liqi.get("failed"):
            r.events.append(RiichiAccepted(self._seat(liqi)))

    def _furiten(self, r: _Round, data: dict[str, Any]) -> None:
        flags = data.get("zhenting")
        if isinstance(flags, list) and len(flags) >= self.players:
            r.events.append(StatedFuriten(tuple(bool(f) for f in flags[: self.players])))

    def _close(self) -> None:
        r = self.current
        if r is None:
            return
        self.current = None
        self.rounds.append(
            RoundLog(
                index=r.index,
                wind=r.wind,
                number=r.number,
                honba=r.honba,
                sticks=r.sticks,
                dealer=r.number - 1,
                scores=r.scores,
                hands=r.hands,
                dora_indicator=r.dora,
                events=tuple(r.events),
            )
        )

    # --- the records ---

    def _new_round(self, data: dict[str, Any]) -> None:
        if self.current is not None and not self.current.ended:
            raise self.fail(_("a new round starts before this one's result"))
        self._close()
        n = self.players
        wind, dealer = _int(data, "chang"), _int(data, "ju")
        honba = _int(data, "ben")
        label = round_label(wind, dealer + 1, honba)
        self.current = r = _Round(
            index=len(self.rounds),
            label=label,
            wind=wind,
            number=dealer + 1,
            honba=honba,
            sticks=_int(data, "liqibang"),
            scores=None,
            hands=(),
            dora=Tile(0),
        )
        if not 0 <= dealer < n:
            raise self.fail(
                _("ju {dealer} names no dealer seat ({players} players)").format(
                    dealer=dealer, players=n
                )
            )
        scores = data.get("scores")
        if scores:  # a record without values may leave them out
            r.scores = tuple(int(s) for s in scores)[:n]
            if len(r.scores) != n:
                raise self.fail(_("the start scores do not cover every seat"))
        hands: list[list[Tile]] = []
        for seat in range(n):
            tiles = [tile_of(t) for t in data.get(f"tiles{seat}") or ()]
            want = 14 if seat == dealer else 13
            if len(tiles) != want:
                raise self.fail(
                    _("seat {seat} is dealt {count} tiles, not {want}").format(
                        seat=seat, count=len(tiles), want=want
                    )
                )
            hands.append(tiles)
        first_draw = hands[dealer].pop()  # the dealer's 14th tile: its first draw
        r.hands = tuple(tuple(sorted(h, key=TILE_ORDER)) for h in hands)
        r.held = [Counter(h) for h in hands]
        doras = data.get("doras") or ([data["dora"]] if data.get("dora") else [])
        if not doras:
            raise self.fail(_("no dora indicator"))
        r.dora = tile_of(doras[0])
        r.dora_count = 1
        self._doras(r, {"doras": doras})
        r.held[dealer][first_draw] += 1
        r.events.append(Draw(dealer, first_draw))

    def _deal(self, r: _Round, data: dict[str, Any]) -> None:
        self._riichi_accepted(r, data)
        seat = self._seat(data)
        tile = tile_of(data.get("tile"))
        r.held[seat][tile] += 1
        r.events.append(Draw(seat, tile, seat in r.replacement))
        r.replacement.discard(seat)
        self._doras(r, data)
        self._furiten(r, data)

    def _discard(self, r: _Round, data: dict[str, Any]) -> None:
        seat = self._seat(data)
        tile = self._take(r, seat, tile_of(data.get("tile")))
        riichi = bool(data.get("is_liqi") or data.get("is_wliqi"))
        r.events.append(Discard(seat, tile, bool(data.get("moqie")), riichi))
        r.last_actor = seat
        self._doras(r, data)
        self._furiten(r, data)
        waits = data.get("tingpais")
        if isinstance(waits, list):
            tiles = tuple(tile_of(w.get("tile")) for w in waits if isinstance(w, dict))
            r.events.append(StatedWaits(seat, tiles))

    def _call(self, r: _Round, data: dict[str, Any]) -> None:
        self._riichi_accepted(r, data)
        seat = self._seat(data)
        kind = _CALLS.get(_int(data, "type"))
        tiles = [tile_of(t) for t in data.get("tiles") or ()]
        froms = data.get("froms") or ()
        if (
            kind is None
            or len(tiles) != len(froms)
            or len(tiles) != (4 if kind == "daiminkan" else 3)
        ):
            raise self.fail(
                _("seat {seat}'s call is not a chi, pon or open kan: {data}").format(
                    seat=seat, data=f"{data!r:.120}"
                )
            )
        called = [(t, f) for t, f in zip(tiles, froms, strict=True) if f != seat]
        if len(called) != 1:
            raise self.fail(
                _("seat {seat}'s {kind} does not take exactly one discard").format(
                    seat=seat, kind=call_name(kind)
                )
            )
        tile, from_seat = called[0]
        for t, f in zip(tiles, froms, strict=True):
            if f == seat:
                self._take(r, seat, t)
        r.events.append(
            Call(seat, kind, tuple(sorted(tiles, key=TILE_ORDER)), tile, int(from_seat))  # type: ignore[arg-type]
        )
        if kind == "daiminkan":
            r.replacement.add(seat)
        self._furiten(r, data)

    def _kan(self, r: _Round, data: dict[str, Any]) -> None:
        seat = self._seat(data)
        kind = _int(data, "type")
        texts = data.get("tiles")
        tile = tile_of(texts[0] if isinstance(texts, list) and texts else texts)
        if kind == 3:  # a closed kan: the four of the kind the hand holds
            taken = tuple(self._take(r, seat, tile) for _ in range(4))
            r.events.append(Call(seat, "ankan", tuple(sorted(taken, key=TILE_ORDER))))
        elif kind == 2:  # an added kan: the pon's three and the tile added
            added = self._take(r, seat, tile)
            pon = _pon_of(r, seat, added)
            if pon is None:
                raise self.fail(
                    _("seat {seat} adds {tile} to a pon it does not have").format(
                        seat=seat, tile=added
                    )
                )
            tiles = tuple(sorted((*pon.tiles, added), key=TILE_ORDER))
            r.events.append(Call(seat, "kakan", tiles, pon.called, pon.from_seat, added))
        else:
            raise self.fail(
                _("seat {seat}'s kan of type {type}: not a closed or added kan").format(
                    seat=seat, type=kind
                )
            )
        r.last_actor = seat
        r.replacement.add(seat)
        self._doras(r, data)

    def _kita(self, r: _Round, data: dict[str, Any]) -> None:
        seat = self._seat(data)
        tile = self._take(r, seat, Tile(NORTH))
        r.events.append(Call(seat, "kita", (tile,)))
        r.last_actor = seat
        r.replacement.add(seat)
        self._doras(r, data)

    def _hule(self, r: _Round, data: dict[str, Any]) -> None:
        hules = [h for h in data.get("hules") or () if isinstance(h, dict)]
        if not hules:
            raise self.fail(_("a win without its winners"))
        deltas = _deltas(data.get("delta_scores"), self.players)
        for hule in hules:
            seat = self._seat(hule)
            tsumo = bool(hule.get("zimo"))
            from_seat = seat if tsumo else r.last_actor
            if from_seat is None:
                raise self.fail(_("seat {seat} wins by ron on no discard").format(seat=seat))
            r.events.append(self._win(hule, seat, from_seat, deltas if len(hules) == 1 else None))
        r.events.append(RoundEnd(deltas))
        r.ended = True

    def _win(
        self, hule: dict[str, Any], seat: int, from_seat: int, deltas: tuple[int, ...] | None
    ) -> Win:
        yaku: list[tuple[str, int]] = []
        yakuman: list[str] = []
        for fan in hule.get("fans") or ():
            fan_id, value = _int(fan, "id"), _int(fan, "val")
            name = FAN_NAMES.get(fan_id, f"fan {fan_id}")
            if hule.get("yiman"):
                yakuman += [name] * max(value, 1)
            elif value:
                yaku.append((name, value))
        n = self.players
        if seat == from_seat:
            xian = _int(hule, "point_zimo_xian")
            dealer = bool(hule.get("qinjia"))
            points = xian * (n - 1) if dealer else _int(hule, "point_zimo_qin") + xian * (n - 2)
        else:
            points = _int(hule, "point_rong")
        ura = tuple(tile_of(t) for t in hule.get("li_doras") or ())
        # a record without values leaves them out (protobuf's zero): a real win has han,
        # points and fans
        stated = bool(points or hule.get("fans") or hule.get("yiman"))
        return Win(
            seat=seat,
            from_seat=from_seat,
            han=None if hule.get("yiman") or not stated else _int(hule, "count"),
            fu=_int(hule, "fu") if stated else None,
            points=points or None,
            yaku=tuple(yaku) if stated else None,
            yakuman=tuple(yakuman) if stated else None,
            deltas=deltas,
            ura_indicators=ura,
        )

    def _no_tile(self, r: _Round, data: dict[str, Any]) -> None:
        n = self.players
        players = [p for p in data.get("players") or () if isinstance(p, dict)]
        tenpai = tuple(s for s, p in enumerate(players[:n]) if p.get("tingpai"))
        total: tuple[int, ...] | None = None
        for part in data.get("scores") or ():
            if isinstance(part, dict):
                d = _deltas(part.get("delta_scores"), n)
                if d is not None:
                    total = (
                        d if total is None else tuple(a + b for a, b in zip(total, d, strict=True))
                    )
        result = (
            Nagashi(total, tenpai) if data.get("liujumanguan") else ExhaustiveDraw(tenpai, total)
        )
        r.events += [result, RoundEnd(total)]
        r.ended = True

    def _liu_ju(self, r: _Round, data: dict[str, Any]) -> None:
        self._riichi_accepted(r, data)
        kind = _int(data, "type")
        reason = _ABORTS.get(kind)
        if reason is None:
            raise self.fail(_("an abortive draw of unknown type {type}").format(type=kind))
        r.events += [Abort(reason, (0,) * self.players), RoundEnd((0,) * self.players)]
        r.ended = True


def _pon_of(r: _Round, seat: int, tile: Tile) -> Call | None:
    for event in reversed(r.events):
        if (
            isinstance(event, Call)
            and event.seat == seat
            and event.kind == "pon"
            and event.tiles[0].kind == tile.kind
        ):
            return event
    return None


def _deltas(value: Any, players: int) -> tuple[int, ...] | None:
    if not isinstance(value, list) or len(value) < players:
        return None
    return tuple(int(v) for v in value[:players])


_HANDLERS: Final = {
    "RecordDealTile": _Reader._deal,
    "RecordDiscardTile": _Reader._discard,
    "RecordChiPengGang": _Reader._call,
    "RecordAnGangAddGang": _Reader._kan,
    "RecordBaBei": _Reader._kita,
    "RecordHule": _Reader._hule,
    "RecordNoTile": _Reader._no_tile,
    "RecordLiuJu": _Reader._liu_ju,
}
