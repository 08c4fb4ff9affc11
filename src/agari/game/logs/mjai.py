"""mjai JSON Lines: one event object a line, as the mjai bots, Mortal, mjai.app,
mjai-reviewer and the log converters write them (and ``agari game --to mjai``).

Takes the text of one game. Gives a :class:`~.events.GameLog`.

The events (the mjai protocol; fields a writer adds beside them are ignored): ``start_game``
(``names``), ``start_kyoku`` (``bakaze``, ``kyoku``, ``honba``, ``kyotaku``, ``oya``,
``scores`` -- left out by some writers --, ``tehais``, ``dora_marker``), ``tsumo``, ``dahai``
(``tsumogiri``), ``reach`` (the next ``dahai`` declares riichi), ``reach_accepted``, ``chi`` /
``pon`` / ``daiminkan`` (``target``, ``pai``, ``consumed``), ``kakan`` (``pai`` added to the
pon of ``consumed``), ``ankan`` (``consumed``), ``kita`` or ``nukidora`` (three-player),
``dora`` (``dora_marker``), ``hora`` (``actor``, ``target``; ``deltas``, ``ura_markers`` or
``uradora_markers``, ``pao`` where the writer states them), ``ryukyoku`` (``reason`` where
stated, ``deltas``, ``tenpais``), ``end_kyoku``, ``end_game`` (``scores``). Tiles are ``1m``
… ``9s``, ``5mr`` for a red five, ``E S W N P F C`` for the honours. Three players when a
round deals three ``tehais`` (``scores`` and ``deltas`` may still hold four entries).

mjai states no rules: the rules are the Tenhou four-player half game (three-player with three
hands) unless ``--rules`` says otherwise; where a writer's own ``start_game`` fields say the
length or the red fives, they are read (jansou's ``rules`` object: ``game_length`` ``E``,
``aka_dora``, ``kuitan`` -- jansou writes ``S`` whatever the game was, so only ``E`` tells;
mjai-manue's ``gametype`` ``tonpu``; akochan's ``kyoku_first`` 4, an east-only game as its
logs end after East 4), and agari's own export states its rules (``agari``: ``server``,
``rules``, ``game_id``). A win's values are read where a writer states them: agari's export
(``han``, ``fu``, ``yaku``, ``yakuman``, ``points``, ``dora``), mjai-manue's (``fan``,
``fu``, ``hora_points``). Without ``reason``, a ``ryukyoku`` is told by the play: an
exhaustive draw when the wall is used up (nagashi mangan where a river is all terminals and
honours, none called), else the abortive draw the play shows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
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
    Win,
    damage_at,
    round_label,
    with_final_result,
)
from agari.game.logs.exported import exported_rules
from agari.game.logs.jsontext import TileTable, int_field, loads
from agari.game.logs.servers import game_date
from agari.game.logs.yaku_names import YAKUMAN_IDS
from agari.game.outcomes import AbortReason
from agari.lang import N_, _
from agari.lang.terms import call_name
from agari.lang.terms import round_label as shown_round
from agari.tiles import IS_TERMINAL_OR_HONOUR, NORTH, WINDS, Tile

_HONOURS: Final = "ESWNPFC"
_SUITS: Final = "mps"
#: Draws from the live wall in a round (the round table's count, replacement draws
#: included): 136 - 14 - 52, or 108 - 14 - 39 with three players.
_WALL_DRAWS: Final = {4: 70, 3: 55}
#: ``ryukyoku`` reasons, as the writers spell them (jansou from mjlog; gimite's mjai and
#: Mortal; tenhou.net/6 result words; agari's own), -> an abort reason, or ``"draw"`` (the
#: wall ran out), ``"nagashi"``.
_REASONS: Final[dict[str, AbortReason | Literal["draw", "nagashi"]]] = {
    **dict.fromkeys(("exhaustive", "fanpai", "流局", "全員聴牌", "全員不聴", "draw"), "draw"),
    **dict.fromkeys(("nm", "nagashimangan", "nagashi", "流し満貫"), "nagashi"),
    **dict.fromkeys(("yao9", "kyushukyuhai", "kyuushukyuuhai", "kyuushu", "九種九牌"), "kyuushu"),
    **dict.fromkeys(("kaze4", "suufonrenda", "suufuurenta", "suufon", "四風連打"), "suufon"),
    **dict.fromkeys(
        ("reach4", "suuchareach", "suuchariichi", "suucha_riichi", "四家立直"), "suucha_riichi"
    ),
    **dict.fromkeys(("ron3", "sanchaho", "sanchahou", "三家和了", "三家和"), "sanchahou"),
    **dict.fromkeys(("kan4", "suukaikan", "四槓散了", "四開槓"), "suukaikan"),
}
_CALLS: Final[dict[str, CallKind]] = {"chi": "chi", "pon": "pon", "daiminkan": "daiminkan"}


def tile_of(text: object) -> Tile:
    """An mjai tile: ``1m`` … ``9s``, ``5mr``/``5pr``/``5sr`` (or ``0m``) a red five,
    ``E S W N P F C`` the honours (``?`` is a tile hidden from the writer: refused)."""
    return _TILES.tile(text)


def _read_tile(text: object) -> Tile:
    """:func:`tile_of` read out, or the error that says why ``text`` is no tile."""
    if isinstance(text, str):
        if len(text) == 1 and text in _HONOURS:
            return Tile(27 + _HONOURS.index(text))
        red = text.endswith("r") and len(text) == 3
        body = text[:2] if red else text
        if len(body) == 2 and body[0].isdigit() and body[1] in _SUITS:
            number = 5 if body[0] == "0" else int(body[0])
            if number >= 1 and (not red or number == 5):
                return Tile(_SUITS.index(body[1]) * 9 + number - 1, red=red or body[0] == "0")
    if text == "?":
        raise ValueError(_("a tile hidden from the writer ('?'): not a whole game's log"))
    raise ValueError(_("{text} is not an mjai tile").format(text=repr(text)))


#: Every tile by its text, as :func:`_read_tile` reads it.
_TILES: Final = TileTable(
    _read_tile,
    [*_HONOURS, *(f"{d}{suit}{r}" for suit in _SUITS for d in "0123456789" for r in ("", "r"))],
)


_int: Final = int_field


def _ints(value: object, players: int, what: str) -> tuple[int, ...] | None:
    """A per-seat list (a three-player writer may add a fourth, zero entry), or ``None``
    for none or an empty one. ``what`` names it in an error (marked with ``N_``)."""
    if value is None or value == []:
        return None
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise ValueError(
            _("{what} {value} are not numbers").format(what=_(what), value=f"{value!r:.60}")
        )
    if len(value) < players or any(value[players:]):
        raise ValueError(
            _("{what} {value} do not fit {players} seats").format(
                what=_(what), value=f"{value!r:.60}", players=players
            )
        )
    return tuple(value[:players])


# --------------------------------------------------------------------------- the game


def read_mjai(text: str, game: str | None = None) -> GameLog:
    """Read an mjai game (one event a line). ``game`` names the log in errors.
    :class:`LogError` on a bad log, with the game read so far (every round closed before
    the damage: a file cut off is read up to the cut)."""
    reader = _Reader(game)
    number = 0
    try:
        for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
            if not line.strip():
                continue
            try:
                event = loads(line)
            except json.JSONDecodeError as e:
                raise reader.fail(
                    _("line {number} is not whole JSON ({problem})").format(
                        number=number, problem=e.msg
                    )
                ) from None
            if not isinstance(event, dict):
                raise reader.fail(
                    _("line {number} is not an mjai event object").format(number=number)
                )
            reader.event(event, number)
        reader.finish()
    except LogError as error:
        raise error.with_log(reader.game_log()) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        where = _("line {line}").format(line=number)
        raise reader.fail(_("{where}: {problem}").format(where=where, problem=e)).with_log(
            reader.game_log()
        ) from None
    return reader.game_log(whole=True)


@dataclass
class _Round:
    """The round being read: its header, events, and what the play shows for a
    ``ryukyoku`` without a reason and for a kakan (the pons)."""

    index: int
    label: str
    head: RoundLog
    events: list[Event] = field(default_factory=list)
    riichi_next: set[int] = field(default_factory=set)
    replacement: set[int] = field(default_factory=set)
    draws: int = 0
    kans: int = 0
    #: each seat's discards all terminals and honours, none called (nagashi)
    nagashi: list[bool] = field(default_factory=list)
    ended: bool = False


class _Reader:
    def __init__(self, game: str | None) -> None:
        self.game = game
        self.players = 4
        self.names: tuple[str, ...] = ()
        self.hints: dict[str, Any] = {}
        self.rounds: list[RoundLog] = []
        self.current: _Round | None = None
        self.started = False
        self.final: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.complete = False

    def fail(self, message: str) -> LogError:
        return damage_at(message, self.game, self.current, self.rounds)

    def event(self, event: dict[str, Any], line: int) -> None:
        kind = event.get("type")
        if kind == "start_game":
            if self.started or self.rounds:
                raise self.fail(
                    _("line {line}: a second game starts; agari reads one a file").format(line=line)
                )
            self.started = True
            self._start_game(event)
            return
        if self.complete:
            raise self.fail(
                _("line {line}: {type} after the end_game").format(line=line, type=kind)
            )
        if kind == "end_game":
            self._close()
            self._end_game(event)
            return
        if kind == "start_kyoku":
            self._close()
            self._start_kyoku(event)
            return
        if kind == "end_kyoku":
            self._close(required=True)
            return
        r = self.current
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            if kind in _IGNORED:
                return
            raise self.fail(
                _("line {line}: an event of type {type} agari does not know").format(
                    line=line, type=repr(kind)
                )
            )
        if r is None:
            raise self.fail(
                _("line {line}: {type} before the first start_kyoku").format(line=line, type=kind)
            )
        if r.ended and kind not in ("hora", "dora"):
            raise self.fail(
                _("line {line}: {type} after the round's result").format(line=line, type=kind)
            )
        handler(self, r, event)

    def finish(self) -> None:
        """The end of the file: a round still open stops the read (a file cut inside it)."""
        if self.current is not None:
            raise self.fail(_("the file stops inside the round, before its end_kyoku"))

    def game_log(self, *, whole: bool = False) -> GameLog:
        """The game read so far (``whole``: to its end, the final result kept)."""
        hints = self.hints
        server, switches, game_id = hints.get("agari") or (None, (), None)
        rules = LogRules(
            players=self.players,
            server=server,
            red_fives=hints.get("red_fives"),
            open_tanyao=hints.get("open_tanyao"),
            length=hints.get("length"),
            stated_switches=switches,
        )
        date = game_date(game_id)
        rounds = tuple(self.rounds)
        final = self.final if whole and rounds else None
        return with_final_result(
            GameLog(
                source="mjai",
                game_id=game_id,
                title=None,
                names=self.names if len(self.names) == self.players else ("",) * self.players,
                rules=rules,
                date=date,
                rounds=rounds,
                final_scores=final,
                final_points=self.final_points if final is not None else None,
                date_from="log" if date is not None else None,
                complete=whole and self.complete,
            )
        )

    # --- the game's and the rounds' ends ---

    def _start_game(self, event: dict[str, Any]) -> None:
        names = event.get("names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            self.names = tuple(names)
            if len(names) == 3:  # the table's size until a round deals it
                self.players = 3
        self.hints = _hints(event)

    def _end_game(self, event: dict[str, Any]) -> None:
        self.complete = True
        self.final = _ints(event.get("scores"), self.players, N_("the final scores"))
        points = event.get("points")
        if isinstance(points, list) and len(points) >= self.players:
            self.final_points = tuple(float(p) for p in points[: self.players])

    def _close(self, *, required: bool = False) -> None:
        r = self.current
        if r is None:
            if required:
                raise self.fail(_("end_kyoku outside a round"))
            return
        if not r.ended:
            raise self.fail(_("the round ends without a hora or ryukyoku"))
        deltas = _round_deltas(r.events, self.players)
        r.events.append(RoundEnd(deltas))
        self.rounds.append(replace(r.head, events=tuple(r.events)))
        self.current = None

    def _start_kyoku(self, event: dict[str, Any]) -> None:
        tehais = event.get("tehais")
        if not isinstance(tehais, list) or len(tehais) not in (3, 4):
            raise self.fail(_("start_kyoku without the hands (tehais) of three or four seats"))
        hands = [h for h in tehais if h]
        if not self.rounds:
            self.players = len(hands)
        n = self.players
        if len(hands) != n:
            raise self.fail(
                _("start_kyoku deals {count} hands in a {players}-player game").format(
                    count=len(hands), players=n
                )
            )
        wind = "ESWN".find(str(event.get("bakaze")))
        number = _int(event, "kyoku")
        honba = _int(event, "honba", 0)
        label = round_label(max(wind, 0), number, honba)
        self.current = _Round(len(self.rounds), label, head=None)  # type: ignore[arg-type]
        if wind < 0 or not 1 <= number <= n:
            raise self.fail(
                _("start_kyoku of bakaze {bakaze}, kyoku {number}").format(
                    bakaze=repr(event.get("bakaze")), number=number
                )
            )
        dealer = _int(event, "oya", number - 1)
        if dealer != number - 1:
            raise self.fail(
                _("start_kyoku {round}: oya {dealer} is not seat {seat}").format(
                    round=shown_round(label), dealer=dealer, seat=number - 1
                )
            )
        dealt = [tuple(sorted((tile_of(t) for t in h), key=TILE_ORDER)) for h in hands]
        for seat, hand in enumerate(dealt):
            if len(hand) != 13:
                raise self.fail(
                    _("seat {seat} is dealt {count} tiles, not {want}").format(
                        seat=seat, count=len(hand), want=13
                    )
                )
        self.current.head = RoundLog(
            index=len(self.rounds),
            wind=wind,
            number=number,
            honba=honba,
            sticks=_int(event, "kyotaku", 0),
            dealer=dealer,
            scores=_ints(event.get("scores"), n, N_("the scores")),
            hands=tuple(dealt),
            dora_indicator=tile_of(event.get("dora_marker")),
            events=(),
        )
        self.current.nagashi = [True] * n

    # --- play ---

    def _seat(self, event: dict[str, Any], key: str = "actor") -> int:
        seat = _int(event, key)
        if not 0 <= seat < self.players:
            raise self.fail(
                _("{field} {seat} does not play ({players} players)").format(
                    field=key, seat=seat, players=self.players
                )
            )
        return seat

    def _tsumo(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        r.events.append(Draw(seat, tile_of(event.get("pai")), seat in r.replacement))
        r.replacement.discard(seat)
        r.draws += 1

    def _dahai(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        tile = tile_of(event.get("pai"))
        tsumogiri = event.get("tsumogiri")
        if not isinstance(tsumogiri, bool):
            last = r.events[-1] if r.events else None
            tsumogiri = isinstance(last, Draw) and last.seat == seat and last.tile == tile
        r.events.append(Discard(seat, tile, tsumogiri, seat in r.riichi_next))
        r.riichi_next.discard(seat)
        if not IS_TERMINAL_OR_HONOUR[tile.kind]:
            r.nagashi[seat] = False

    def _reach(self, r: _Round, event: dict[str, Any]) -> None:
        r.riichi_next.add(self._seat(event))

    def _reach_accepted(self, r: _Round, event: dict[str, Any]) -> None:
        r.events.append(RiichiAccepted(self._seat(event)))

    def _call(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        kind = _CALLS[str(event.get("type"))]
        called = tile_of(event.get("pai"))
        consumed = [tile_of(t) for t in event.get("consumed") or ()]
        if len(consumed) != (3 if kind == "daiminkan" else 2):
            raise self.fail(
                _("seat {seat}'s {kind} consumes {count} tiles").format(
                    seat=seat, kind=call_name(kind), count=len(consumed)
                )
            )
        target = self._seat(event, "target")
        tiles = tuple(sorted((*consumed, called), key=TILE_ORDER))
        r.events.append(Call(seat, kind, tiles, called, target))
        r.nagashi[target] = False
        if kind == "daiminkan":
            r.replacement.add(seat)
            r.kans += 1

    def _ankan(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        consumed = [tile_of(t) for t in event.get("consumed") or ()]
        if len(consumed) != 4:
            raise self.fail(
                _("seat {seat}'s ankan consumes {count} tiles, not 4").format(
                    seat=seat, count=len(consumed)
                )
            )
        r.events.append(Call(seat, "ankan", tuple(sorted(consumed, key=TILE_ORDER))))
        r.replacement.add(seat)
        r.kans += 1

    def _kakan(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        added = tile_of(event.get("pai"))
        pon = next(
            (
                e
                for e in reversed(r.events)
                if isinstance(e, Call)
                and (e.seat, e.kind) == (seat, "pon")
                and e.tiles[0].kind == added.kind
            ),
            None,
        )
        if pon is None:
            raise self.fail(
                _("seat {seat} adds {tile} to a pon it does not have").format(seat=seat, tile=added)
            )
        tiles = tuple(sorted((*pon.tiles, added), key=TILE_ORDER))
        r.events.append(Call(seat, "kakan", tiles, pon.called, pon.from_seat, added))
        r.replacement.add(seat)
        r.kans += 1

    def _kita(self, r: _Round, event: dict[str, Any]) -> None:
        seat = self._seat(event)
        tile = tile_of(event.get("pai", "N"))
        if tile.kind != NORTH:
            raise self.fail(
                _("seat {seat} sets aside {tile} as kita, not a North").format(seat=seat, tile=tile)
            )
        r.events.append(Call(seat, "kita", (tile,)))
        r.replacement.add(seat)

    def _dora(self, r: _Round, event: dict[str, Any]) -> None:
        indicator = NewDora(tile_of(event.get("dora_marker")))
        if r.ended:  # a writer's indicator placed after the result: before it
            first = next(i for i, e in enumerate(r.events) if isinstance(e, Win))
            r.events.insert(first, indicator)
        else:
            r.events.append(indicator)

    # --- results ---

    def _hora(self, r: _Round, event: dict[str, Any]) -> None:
        if r.ended and not any(isinstance(e, Win) for e in r.events):
            raise self.fail(_("a hora after a ryukyoku"))
        seat = self._seat(event)
        target = self._seat(event, "target")
        pao = event.get("pao")
        ura = event.get("ura_markers", event.get("uradora_markers")) or ()
        r.events.append(
            replace(
                _values(event),
                seat=seat,
                from_seat=target,
                pao_seat=pao if isinstance(pao, int) and pao != seat else None,
                deltas=_ints(event.get("deltas"), self.players, N_("the deltas")),
                ura_indicators=tuple(tile_of(t) for t in ura),
            )
        )
        r.ended = True

    def _ryukyoku(self, r: _Round, event: dict[str, Any]) -> None:
        n = self.players
        reason = event.get("reason")
        kind = _REASONS.get(reason) if isinstance(reason, str) else None
        if reason is not None and kind is None:
            raise self.fail(
                _("a ryukyoku for the reason {reason}, which agari does not know").format(
                    reason=repr(reason)
                )
            )
        if kind is None:
            kind = self._inferred_end(r)
        deltas = _ints(event.get("deltas"), n, N_("the deltas"))
        if kind == "draw" or kind == "nagashi":
            tenpai = _tenpai(event, deltas, n)
            nagashi = kind == "nagashi" or (reason is None and any(r.nagashi))
            r.events.append(Nagashi(deltas, tenpai) if nagashi else ExhaustiveDraw(tenpai, deltas))
        else:
            r.events.append(Abort(kind, deltas or (0,) * n))
        r.ended = True

    def _inferred_end(self, r: _Round) -> AbortReason | Literal["draw"]:
        """A ``ryukyoku`` without a reason, as the play shows it."""
        if r.draws >= _WALL_DRAWS[self.players]:
            return "draw"
        discards = [e for e in r.events if isinstance(e, Discard)]
        calls = [e for e in r.events if isinstance(e, Call)]
        first_turn = not calls and r.draws <= self.players
        if not discards or (isinstance(r.events[-1], Draw) and first_turn):
            return "kyuushu"
        winds = {d.tile.kind for d in discards}
        if len(discards) == 4 and not calls and len(winds) == 1 and winds <= set(WINDS):
            return "suufon"
        if sum(isinstance(e, RiichiAccepted) for e in r.events) == self.players:
            return "suucha_riichi"
        if r.kans >= 4:
            return "suukaikan"
        if isinstance(r.events[-1], Draw):
            return "kyuushu"
        return "sanchahou"


def _hints(event: dict[str, Any]) -> dict[str, Any]:
    """What a writer's ``start_game`` says of the rules (see the module's docstring)."""
    hints: dict[str, Any] = {}
    rules = event.get("rules")
    if isinstance(rules, dict):  # jansou
        if rules.get("game_length") == "E":
            hints["length"] = "east"
        if isinstance(rules.get("aka_dora"), bool):
            hints["red_fives"] = rules["aka_dora"]
        if isinstance(rules.get("kuitan"), bool):
            hints["open_tanyao"] = rules["kuitan"]
    if event.get("gametype") == "tonpu":  # mjai-manue
        hints["length"] = "east"
    elif event.get("gametype") == "tonnan":
        hints["length"] = "south"
    if event.get("kyoku_first") == 4:  # akochan
        hints["length"] = "east"
    if isinstance(event.get("aka_flag"), bool):  # akochan
        hints["red_fives"] = event["aka_flag"]
    if "agari" in event:  # agari's own export
        hints["agari"] = exported_rules(event["agari"])
    return hints


def _values(event: dict[str, Any]) -> Win:
    """A win's values where the writer states them (the seats are set by the caller):
    agari's export (``han``, ``fu``, ``points``, ``yaku`` of SPEC §5 ids, ``yakuman``,
    ``dora``), or mjai-manue's (``fan``, ``fu``, ``hora_points``; its yaku names are not
    read)."""
    han = event.get("han", event.get("fan"))
    fu = event.get("fu")
    points = event.get("points", event.get("hora_points"))
    yaku: list[tuple[str, int]] | None = None
    yakuman: list[str] | None = None
    if isinstance(event.get("yaku"), list):
        yaku, yakuman = [], []
        for item in event["yaku"]:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                count = _int(item, "han")
                if item["id"] in YAKUMAN_IDS:
                    yakuman += [item["id"]] * max(count // 13, 1)
                else:
                    yaku.append((item["id"], count))
        dora = event.get("dora") if isinstance(event.get("dora"), dict) else {}
        assert isinstance(dora, dict)
        yaku += [(str(k), v) for k, v in dora.items() if isinstance(v, int) and v]
        if yakuman:
            han = None
    return Win(
        seat=0,
        from_seat=0,
        han=han if isinstance(han, int) and not isinstance(han, bool) and han > 0 else None,
        fu=fu if isinstance(fu, int) and not isinstance(fu, bool) and fu > 0 else None,
        points=points if isinstance(points, int) and points > 0 else None,
        yaku=None if yaku is None else tuple(yaku),
        yakuman=None if yakuman is None else tuple(yakuman),
    )


def _tenpai(
    event: dict[str, Any], deltas: tuple[int, ...] | None, players: int
) -> tuple[int, ...] | None:
    """The ready seats at an exhaustive draw: ``tenpais`` (mjai-manue), the hands shown
    (``tehais`` with a list for a shown hand: jansou from mjlog), or the noten payments."""
    flags = event.get("tenpais")
    if isinstance(flags, list) and len(flags) >= players:
        return tuple(s for s in range(players) if flags[s] is True)
    shown = event.get("tehais")
    if isinstance(shown, list) and len(shown) >= players:
        return tuple(s for s in range(players) if isinstance(shown[s], list))
    if deltas is not None and any(deltas):
        return tuple(s for s in range(players) if deltas[s] > 0)
    return None


def _round_deltas(events: list[Event], players: int) -> tuple[int, ...] | None:
    """The round's stated deltas: its results' summed, where every result states them."""
    results = [e for e in events if isinstance(e, Win | ExhaustiveDraw | Nagashi | Abort)]
    if not results or any(e.deltas is None for e in results):
        return None
    return tuple(sum(e.deltas[s] for e in results if e.deltas is not None) for s in range(players))


_IGNORED: Final = frozenset({"none", "error", "hello", "join", "skip"})
_HANDLERS: Final[dict[str, Callable[[_Reader, _Round, dict[str, Any]], None]]] = {
    "tsumo": _Reader._tsumo,
    "dahai": _Reader._dahai,
    "reach": _Reader._reach,
    "reach_accepted": _Reader._reach_accepted,
    "chi": _Reader._call,
    "pon": _Reader._call,
    "daiminkan": _Reader._call,
    "ankan": _Reader._ankan,
    "kakan": _Reader._kakan,
    "kita": _Reader._kita,
    "nukidora": _Reader._kita,
    "dora": _Reader._dora,
    "hora": _Reader._hora,
    "ryukyoku": _Reader._ryukyoku,
}
