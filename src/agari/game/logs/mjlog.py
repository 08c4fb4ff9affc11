"""Tenhou's mjlog XML (``<mjloggm ver="2.3">``), the server's own record of a game.

Takes the XML text (the caller un-gzips it). Gives a :class:`~.events.GameLog`.

The tags are read one by one with a tolerant scanner, not an XML parser, so a file cut
off part way still gives every round before the cut (in the :class:`LogError`). Tiles are
ids 0..135 (kind = id // 4; with red fives on, ids 16, 52 and 88 are the red 5m, 5p, 5s);
the reader checks that no id is dealt, drawn or shown twice in a round. ``T U V W`` +
id are seat 0..3's draws, ``D E F G`` + id their discards; ``N`` a call whose ``m`` packs
the meld (:func:`decode_meld`); ``REACH step=1`` declares riichi (the next discard is the
riichi discard), ``step=2`` puts the stick down; ``DORA`` a kan's new indicator; ``AGARI``
(one per winner) and ``RYUUKYOKU`` end the round, the last one carrying ``owari``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Final
from urllib.parse import unquote

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
    Limit,
    LogError,
    LogRules,
    Nagashi,
    NewDora,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    Win,
    round_label,
)
from agari.game.logs.servers import TENHOU_ID, game_date
from agari.game.outcomes import AbortReason
from agari.lang import _
from agari.lang.terms import call_name
from agari.lang.terms import round_label as shown_round
from agari.tiles import Tile

RED_IDS: Final = frozenset({16, 52, 88})

#: GO type bits (Tenhou's game type, also the 4 hex digits in a log id).
GO_HUMAN: Final = 0x01
GO_NO_RED: Final = 0x02
GO_NO_KUITAN: Final = 0x04
GO_HANCHAN: Final = 0x08
GO_SANMA: Final = 0x10
GO_TOKUJOU: Final = 0x20
GO_FAST: Final = 0x40
GO_JOUKYUU: Final = 0x80

#: Tenhou's yaku ids, named as Tenhou's tenhou.net/6 JSON names them.
YAKU_NAMES: Final[tuple[str, ...]] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花",
    "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北",
    "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中",
    "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻",
    "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色",
    "清一色", "人和", "天和", "地和", "大三元",
    "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜",
    "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip

_LIMITS: Final[dict[int, Limit]] = {
    1: "mangan",
    2: "haneman",
    3: "baiman",
    4: "sanbaiman",
    5: "yakuman",
}
_ABORTS: Final[dict[str, AbortReason]] = {
    "yao9": "kyuushu",
    "kaze4": "suufon",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
}
#: One tag. Its first branch reads a plain draw or discard (``<T12/>``: letter and tile
#: id), the tag of nearly every step of a game, without the general branch's groups; the
#: general branch reads any other tag (name and attribute text), a move with attributes too.
_TAG = re.compile(
    r"<(?:([TUVWDEFG])(\d+)\s*/?\s*>"
    r"|\s*(/?)\s*([A-Za-z_?][\w.-]*)((?:\s+[\w:.-]+\s*=\s*\"[^\"]*\")*)\s*[/?]?\s*>"
    # a comment (skipped), or a declaration such as <!DOCTYPE or <!ENTITY (refused)
    r"|!--[\s\S]*?-->|!([A-Za-z]*))"
)
_ATTR = re.compile(r"([\w:.-]+)\s*=\s*\"([^\"]*)\"")
_MOVE = re.compile(r"([TUVWDEFG])(\d+)")
#: A move's letter: the seat, and whether it draws (``T U V W``) or discards (``D E F G``).
_MOVES: Final[dict[str, tuple[int, bool]]] = {
    letter: (i % 4, i < 4) for i, letter in enumerate("TUVWDEFG")
}


#: The tile of every tile id, without red fives ([False]) and with them ([True]).
_ID_TILES: Final[dict[bool, tuple[Tile, ...]]] = {
    red: tuple(Tile(i // 4, red=red and i in RED_IDS) for i in range(136)) for red in (False, True)
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A decoded ``N m=``: the kind, the tile ids, the called / added id and the relative
    seat it came from (1 right, 2 across, 3 left; ``None`` for ankan and kita)."""

    kind: CallKind
    ids: tuple[int, ...]
    called: int | None
    added: int | None
    relative: int | None


def decode_meld(m: int) -> Meld:
    """Unpack Tenhou's meld code.

    Bits 0-1: where the tile came from (0 self, 1 right, 2 across, 3 left). Bit 2 set: chi
    (bits 10-15 = run base and called index as ``(base7 * 3 + called)``, base7 counting
    runs 1-7 of each suit; bits 3-4, 5-6, 7-8: which copy of each tile). Bit 3: pon, bit
    4: kakan (bits 9-15 = ``kind * 3 + called``, bits 5-6 the copy not in the pon, the one
    a kakan adds). Bit 5: kita (bits 8-15 the tile id). Else a kan: bits 8-15 a tile id;
    from self an ankan, otherwise a daiminkan calling that id.
    """
    relative = m & 3
    if m & 0x4:
        packed = m >> 10
        called_index = packed % 3
        base7 = packed // 3
        base = (base7 // 7) * 9 + base7 % 7
        if base7 >= 21:
            raise ValueError(
                _("meld code {code}: not a chi (base {base})").format(code=m, base=base7)
            )
        ids = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Meld("chi", ids, ids[called_index], None, relative or None)
    if m & 0x18:
        packed = m >> 9
        called_index = packed % 3
        kind = packed // 3
        if kind >= 34:
            raise ValueError(
                _("meld code {code}: tile kind {kind} out of range").format(code=m, kind=kind)
            )
        unused = (m >> 5) & 3
        pon = tuple(kind * 4 + i for i in range(4) if i != unused)
        if m & 0x8:
            return Meld("pon", pon, pon[called_index], None, relative or None)
        return Meld(
            "kakan",
            tuple(kind * 4 + i for i in range(4)),
            pon[called_index],
            kind * 4 + unused,
            relative or None,
        )
    if m & 0x20:
        tile = (m >> 8) & 0xFF
        return Meld("kita", (tile,), None, None, None)
    tile = (m >> 8) & 0xFF
    if tile >= 136:
        raise ValueError(
            _("meld code {code}: tile id {tile} out of range").format(code=m, tile=tile)
        )
    ids = tuple(tile // 4 * 4 + i for i in range(4))
    if relative == 0:
        return Meld("ankan", ids, None, None, None)
    return Meld("daiminkan", ids, tile, None, relative)


def room_words(go_type: int) -> str:
    """The room as tenhou.net/6 writes it, e.g. ``鳳南喰赤`` or ``三鳳南喰赤``."""
    room = {0x00: "般", GO_JOUKYUU: "上", GO_TOKUJOU: "特", GO_TOKUJOU | GO_JOUKYUU: "鳳"}[
        go_type & (GO_TOKUJOU | GO_JOUKYUU)
    ]
    return (
        ("三" if go_type & GO_SANMA else "")
        + room
        + ("南" if go_type & GO_HANCHAN else "東")
        + ("" if go_type & GO_NO_KUITAN else "喰")
        + ("" if go_type & GO_NO_RED else "赤")
        + ("速" if go_type & GO_FAST else "")
    )


def _tags(text: str) -> Iterator[tuple[str, str | dict[str, str]]]:
    """Each tag in order: ``(letter, tile id)`` for a plain draw or discard (``<T12/>``),
    else ``(name, attributes)``; a ``#cut`` pseudo-tag where text that is not a tag
    stands (a cut-off or damaged file)."""
    at = 0
    for m in _TAG.finditer(text):
        start = m.start()
        if start != at and text[at:start].strip():
            yield "#cut", {"text": text[at : at + 8]}
            return
        at = m.end()
        if m[1]:
            yield m[1], m[2]
        elif m[3]:
            yield "/" + m[4], {}
        elif m[4]:
            yield m[4], dict(_ATTR.findall(m[5])) if m[5] else {}
        elif m[6] is not None:
            yield "#declaration", {"name": m[6]}
            return
    if text[at:].strip():
        yield "#cut", {"text": text[at : at + 8]}


def _ints(text: str) -> list[int]:
    """A comma-separated list of whole numbers (Tenhou writes some with a decimal)."""
    try:
        return [int(v) for v in text.split(",") if v.strip() != ""]
    except ValueError:
        raise ValueError(
            _("{text} is not a list of whole numbers").format(text=repr(text))
        ) from None


def read_mjlog(text: str, game: str | None = None) -> GameLog:
    """Read a Tenhou mjlog XML game. ``game`` names the log in errors and gives the game
    id (Tenhou's id is the file name, not in the XML). Raises :class:`LogError` (with the
    rounds read before the damage) on a bad log."""
    game_id = None
    if game:
        m = TENHOU_ID.search(game)
        game_id = m[0] if m else None
    return _Reader(game or game_id, game_id).read(text)


@dataclass
class _Round:
    index: int
    label: str
    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...] | None
    hands: tuple[tuple[Tile, ...], ...]
    dora: Tile
    events: list[Event] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)
    last_drawn: dict[int, int] = field(default_factory=dict)
    replacement: set[int] = field(default_factory=set)
    riichi: set[int] = field(default_factory=set)
    last_discard: tuple[int, int] | None = None
    wins: list[dict[str, str]] = field(default_factory=list)
    ended: bool = False


class _Reader:
    def __init__(self, game: str | None, game_id: str | None) -> None:
        self.game = game
        self.game_id = game_id
        self.go_type: int | None = None
        self.names: tuple[str, ...] = ()
        self.players = 4
        self.red = True
        self.rounds: list[RoundLog] = []
        self.current: _Round | None = None
        #: an <INIT> was met: a later error without a round is between rounds
        self.started = False
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None

    # --- errors ---

    def fail(self, message: str) -> LogError:
        """An error at the round being read; between rounds, at the next one (its label
        unknown), once the first round has begun."""
        r = self.current
        between = r is None and self.started
        error = LogError(
            message,
            game=self.game,
            round_index=r.index if r else (len(self.rounds) if between else None),
            round_label=r.label if r else None,
            event_index=len(r.events) if r else None,
            rounds=tuple(self.rounds),
        )
        return error if self.go_type is None else error.with_log(self.game_log())

    # --- tiles ---

    def tile(self, tile_id: int) -> Tile:
        if not 0 <= tile_id < 136:
            raise self.fail(_("tile id {id} is out of range 0..135").format(id=tile_id))
        if self.players == 3 and 4 <= tile_id < 32:
            raise self.fail(
                _("tile id {id} is a 2m-8m, not in a three-player set").format(id=tile_id)
            )
        return _ID_TILES[self.red][tile_id]

    def take(self, tile_id: int) -> Tile:
        """A tile id that comes out of the wall: dealt, drawn or shown, only once."""
        tile = self.tile(tile_id)
        r = self.current
        assert r is not None
        if tile_id in r.seen:
            raise self.fail(
                _("tile id {id} ({tile}) comes out of the wall twice").format(id=tile_id, tile=tile)
            )
        r.seen.add(tile_id)
        return tile

    def seat(self, value: str | None, what: str) -> int:
        if value is None:
            raise self.fail(_("no {attribute}= (the seat)").format(attribute=what))
        try:
            seat = int(value if value is not None else "")
        except ValueError:
            raise self.fail(
                _("{attribute} is {value}, not a seat").format(attribute=what, value=repr(value))
            ) from None
        if not 0 <= seat < self.players:
            raise self.fail(
                _("{attribute} names seat {seat}, which does not exist").format(
                    attribute=what, seat=seat
                )
            )
        return seat

    # --- the game ---

    def read(self, text: str) -> GameLog:
        closed = False
        for name, attrs in _tags(text):
            if isinstance(attrs, str):  # a plain draw or discard: letter and tile id
                self._move(name, int(attrs))
                continue
            try:
                if self._tag(name, attrs):
                    closed = True
                    break
            except LogError:
                raise
            except (ValueError, KeyError, IndexError) as e:
                raise self.fail(f"<{name}>: {e}") from None
        if self.current is not None and not self.current.ended:
            raise self.fail(_("the log is cut off before the round's result"))
        self._finish()
        if not closed and self.final_scores is None:
            self.current = None
            raise self.fail(
                _("the log is cut off after its last whole round (no </mjloggm>, no final result)")
            )
        if self.go_type is None:
            raise LogError(_("no <GO> tag: not an mjlog game"), game=self.game)
        return replace(self.game_log(), complete=True)

    def game_log(self) -> GameLog:
        """The game read so far: the rules of its ``GO`` tag, the names, the whole rounds."""
        go = self.go_type
        assert go is not None
        rules = LogRules(
            players=self.players,
            server="tenhou",
            red_fives=not go & GO_NO_RED,
            red_five_counts=(0, 0, 0) if go & GO_NO_RED else (1, 1, 1),
            open_tanyao=not go & GO_NO_KUITAN,
            length="south" if go & GO_HANCHAN else "east",
            room=room_words(go),
        )
        return GameLog(
            source="mjlog",
            game_id=self.game_id,
            title=None,
            names=self.names or ("",) * self.players,
            rules=rules,
            date=game_date(self.game_id),
            # an mjlog holds no id: Tenhou names the file after it
            date_from="name" if game_date(self.game_id) else None,
            rounds=tuple(self.rounds),
            final_scores=self.final_scores,
            final_points=self.final_points,
        )

    def _tag(self, name: str, attrs: dict[str, str]) -> bool:
        """Handle one tag; ``True`` at the closing ``</mjloggm>``."""
        if name == "#cut":
            r = self.current
            if r is not None and r.ended and not attrs["text"].lstrip().startswith("<AGARI"):
                self._finish()  # the round's result was read whole: the damage is after it
            raise self.fail(_("the XML is cut off or damaged here"))
        if name == "#declaration":
            raise self.fail(
                _(
                    "<!{name} …>: a document type or entity declaration; agari does not expand "
                    "them (an mjlog has none)"
                ).format(name=attrs["name"])
            )
        if name == "/mjloggm":
            return True
        move = _MOVE.fullmatch(name)
        if move is not None:
            self._move(move[1], int(move[2]))
        elif name == "GO":
            self.go_type = int(attrs.get("type", "0"))
            self.players = 3 if self.go_type & GO_SANMA else 4
            self.red = not self.go_type & GO_NO_RED
        elif name == "UN" and not self.names and "n0" in attrs:
            # Later UN tags are reconnections and carry no new names.
            self.names = tuple(unquote(attrs.get(f"n{s}", "")) for s in range(self.players))
        elif name == "INIT":
            self._init(attrs)
        elif name in ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU"):
            if self.current is None:
                raise self.fail(_("<{tag}> before the first round").format(tag=name))
            if self.current.ended and name != "AGARI":
                raise self.fail(_("<{tag}> after the round's result").format(tag=name))
            getattr(self, "_" + name.lower())(attrs)
        # SHUFFLE, TAIKYOKU, BYE (a disconnection), mjloggm: nothing to read.
        return False

    def _finish(self) -> None:
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
                dealer=r.dealer,
                scores=r.scores,
                hands=r.hands,
                dora_indicator=r.dora,
                events=tuple(r.events),
            )
        )

    def _need(self, attrs: dict[str, str], key: str, tag: str) -> str:
        """A required attribute, or an error naming the tag and the attribute."""
        value = attrs.get(key)
        if value is None:
            raise self.fail(_("<{tag}> has no {attribute}=").format(tag=tag, attribute=key))
        return value

    def _init(self, attrs: dict[str, str]) -> None:
        if self.go_type is None:
            raise self.fail(_("<INIT> before <GO>"))
        self.started = True
        if self.current is not None:
            if not self.current.ended:
                raise self.fail(_("a new round starts before this one's result"))
            self._finish()
        seed_text = self._need(attrs, "seed", "INIT")
        seed = _ints(seed_text)
        if len(seed) < 6:
            raise self.fail(
                _("<INIT seed={seed}> is not round,honba,sticks,dice,dice,dora").format(
                    seed=repr(seed_text)
                )
            )
        number, honba, sticks = seed[:3]
        wind, place = divmod(number, 4)
        n = self.players
        self.current = r = _Round(
            index=len(self.rounds),
            label=round_label(wind, place + 1, honba),
            wind=wind,
            number=place + 1,
            honba=honba,
            sticks=sticks,
            dealer=0,
            scores=None,
            hands=(),
            dora=Tile(0),
        )
        r.dealer = self.seat(self._need(attrs, "oya", "INIT"), "oya")
        if r.dealer != place:
            raise self.fail(
                _("oya={dealer} is not round {round}'s dealer").format(
                    dealer=r.dealer, round=shown_round(r.label)
                )
            )
        if "ten" in attrs:  # a log without values may leave the scores out
            ten = _ints(attrs["ten"])
            if len(ten) < n or any(ten[n:]):
                raise self.fail(
                    _("ten={ten} does not give every seat a score").format(ten=repr(attrs["ten"]))
                )
            r.scores = tuple(v * 100 for v in ten[:n])
        hands: list[tuple[Tile, ...]] = []
        for seat in range(n):
            ids = _ints(self._need(attrs, f"hai{seat}", "INIT"))
            if len(ids) != 13:
                raise self.fail(
                    _("seat {seat}'s starting hand has {count} tiles, not 13").format(
                        seat=seat, count=len(ids)
                    )
                )
            hands.append(tuple(sorted((self.take(i) for i in ids), key=TILE_ORDER)))
        r.hands = tuple(hands)
        r.dora = self.take(seed[5])

    def _move(self, letter: str, tile_id: int) -> None:
        r = self.current
        if r is None or r.ended:
            raise self.fail(_("<{move}> outside a round's play").format(move=f"{letter}{tile_id}"))
        seat, draw = _MOVES[letter]
        if seat >= self.players:
            raise self.fail(
                _("<{move}> is a move by seat {seat}, which does not exist").format(
                    move=f"{letter}{tile_id}", seat=seat
                )
            )
        if draw:
            tile = self.take(tile_id)
            r.events.append(Draw(seat, tile, seat in r.replacement))
            r.replacement.discard(seat)
            r.last_drawn[seat] = tile_id
            return
        tile = self.tile(tile_id)
        if tile_id not in r.seen:
            raise self.fail(
                _("seat {seat} discards tile id {id}, which it never got").format(
                    seat=seat, id=tile_id
                )
            )
        riichi = seat in r.riichi
        r.riichi.discard(seat)
        r.events.append(Discard(seat, tile, r.last_drawn.get(seat) == tile_id, riichi))
        r.last_drawn.pop(seat, None)
        r.last_discard = (seat, tile_id)

    def _n(self, attrs: dict[str, str]) -> None:
        r = self.current
        assert r is not None
        seat = self.seat(attrs.get("who"), "who")
        try:
            meld = decode_meld(int(attrs["m"]))
        except ValueError as e:
            raise self.fail(str(e)) from None
        from_seat = None
        if meld.relative is not None:
            from_seat = (seat + meld.relative) % 4
            if from_seat >= self.players:
                raise self.fail(
                    _(
                        "seat {seat}'s {kind} m={code} names seat {other}, which does not exist "
                        "with {players} players"
                    ).format(
                        seat=seat,
                        kind=call_name(meld.kind),
                        code=attrs["m"],
                        other=from_seat,
                        players=self.players,
                    )
                )
        if meld.kind in ("chi", "pon", "daiminkan") and r.last_discard != (from_seat, meld.called):
            raise self.fail(
                _(
                    "seat {seat}'s {kind} m={code} takes tile id {id} from seat {other}, which "
                    "is not the last discard"
                ).format(
                    seat=seat,
                    kind=call_name(meld.kind),
                    code=attrs["m"],
                    id=meld.called,
                    other=from_seat,
                )
            )
        called = self.tile(meld.called) if meld.called is not None else None
        added = self.tile(meld.added) if meld.added is not None else None
        tiles = tuple(sorted((self.tile(i) for i in meld.ids), key=TILE_ORDER))
        r.events.append(Call(seat, meld.kind, tiles, called, from_seat, added))
        r.last_drawn.pop(seat, None)
        if meld.kind in ("daiminkan", "kakan", "ankan", "kita"):
            r.replacement.add(seat)

    def _reach(self, attrs: dict[str, str]) -> None:
        r = self.current
        assert r is not None
        seat = self.seat(attrs.get("who"), "who")
        step = attrs.get("step")
        if step == "1":
            r.riichi.add(seat)
        elif step == "2":
            r.events.append(RiichiAccepted(seat))
        else:
            raise self.fail(f"<REACH step={step!r}>")

    def _dora(self, attrs: dict[str, str]) -> None:
        r = self.current
        assert r is not None
        r.events.append(NewDora(self.take(int(attrs["hai"]))))

    def _deltas(self, attrs: dict[str, str]) -> tuple[int, ...] | None:
        """``sc``: score and change (in hundreds) for four seats; a chip lobby's log adds
        chips and their change for four seats after them."""
        if "sc" not in attrs:
            return None
        sc = _ints(attrs["sc"])
        deltas = sc[1:8:2]
        if len(deltas) < self.players or any(deltas[self.players :]):
            raise self.fail(
                _("sc={sc} does not give every seat a change").format(sc=repr(attrs["sc"]))
            )
        return tuple(v * 100 for v in deltas[: self.players])

    def _owari(self, attrs: dict[str, str]) -> None:
        if "owari" not in attrs:
            return
        parts = [v for v in attrs["owari"].split(",") if v.strip()]
        n = self.players
        if len(parts) < 2 * n:
            raise self.fail(
                _("owari={owari} does not cover every seat").format(owari=repr(attrs["owari"]))
            )
        self.final_scores = tuple(int(float(v)) * 100 for v in parts[0::2][:n])
        self.final_points = tuple(float(v) for v in parts[1::2][:n])

    def _agari(self, attrs: dict[str, str]) -> None:
        r = self.current
        assert r is not None
        r.wins.append(attrs)
        r.ended = True
        self._owari(attrs)
        # Tenhou writes the ura indicators only on a riichi winner's AGARI; every winner
        # gets the round's list, so the Win events are rebuilt at each AGARI of the round.
        ura: tuple[Tile, ...] = ()
        for win in r.wins:
            if win.get("doraHaiUra"):
                ura = tuple(self.tile(i) for i in _ints(win["doraHaiUra"]))
        while r.events and isinstance(r.events[-1], Win | RoundEnd):  # the wins read so far
            r.events.pop()
        wins = [self._win(w, ura) for w in r.wins]
        r.events.extend(wins)
        total = tuple(
            sum(w.deltas[s] for w in wins if w.deltas is not None) for s in range(self.players)
        )
        stated = all(w.deltas is not None for w in wins)
        r.events.append(RoundEnd(total if stated else None, self.final_scores, self.final_points))

    def _win(self, attrs: dict[str, str], ura: tuple[Tile, ...]) -> Win:
        seat = self.seat(attrs.get("who"), "who")
        from_seat = self.seat(attrs.get("fromWho"), "fromWho")
        pao = self.seat(attrs["paoWho"], "paoWho") if "paoWho" in attrs else None
        han = fu = points = None
        limit: Limit | None = None
        if "ten" in attrs:
            ten = _ints(attrs["ten"])
            fu, points = ten[0], ten[1]
            limit = _LIMITS.get(ten[2]) if len(ten) > 2 else None
        yaku: tuple[tuple[str, int], ...] | None = None
        yakuman: tuple[str, ...] | None = None
        if "yaku" in attrs or "yakuman" in attrs:
            pairs = _ints(attrs.get("yaku", ""))
            yaku = tuple(
                (self._yaku_name(pairs[i]), pairs[i + 1])
                for i in range(0, len(pairs) - 1, 2)
                if pairs[i + 1]
            )
            yakuman = tuple(self._yaku_name(i) for i in _ints(attrs.get("yakuman", "")))
            if not yakuman:
                han = sum(h for _, h in yaku)
        return Win(
            seat=seat,
            from_seat=from_seat,
            pao_seat=pao,
            han=han,
            fu=fu,
            points=points,
            limit=limit,
            yaku=yaku,
            yakuman=yakuman,
            deltas=self._deltas(attrs),
            ura_indicators=ura,
        )

    def _yaku_name(self, yaku_id: int) -> str:
        if not 0 <= yaku_id < len(YAKU_NAMES):
            raise self.fail(_("unknown yaku id {id}").format(id=yaku_id))
        return YAKU_NAMES[yaku_id]

    def _ryuukyoku(self, attrs: dict[str, str]) -> None:
        r = self.current
        assert r is not None
        if r.ended:
            raise self.fail(_("a second result in one round"))
        r.ended = True
        kind = attrs.get("type")
        deltas = self._deltas(attrs)
        tenpai = tuple(s for s in range(self.players) if f"hai{s}" in attrs)
        event: Event
        if kind is None:
            event = ExhaustiveDraw(tenpai, deltas)
        elif kind == "nm":
            event = Nagashi(deltas, tenpai)
        elif kind in _ABORTS:
            event = Abort(_ABORTS[kind], deltas)
        else:
            raise self.fail(_("unknown RYUUKYOKU type {type}").format(type=repr(kind)))
        self._owari(attrs)
        r.events.append(event)
        r.events.append(RoundEnd(deltas, self.final_scores, self.final_points))
