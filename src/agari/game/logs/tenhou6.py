"""tenhou.net/6 JSON (Tenhou's viewer export, mjlog2json, Mahjong Soul conversions).

Takes the text of one game: a JSON object with a ``log`` list of rounds, or JSON Lines
whose objects' ``log``s follow each other. Gives a :class:`~.events.GameLog`.

A round is ``[[round, honba, sticks], scores, dora, ura, haipai0, draws0, discards0, …,
result]`` with one (haipai, draws, discards) triple per seat (four triples in Tenhou's
three-player logs, the fourth empty). The format keeps each seat's draws and discards
apart; the reader interleaves them in turn order into one stream: after a discard, a seat
whose next draw entry is a pon or kan string naming that discard takes it (pon and kan
before chi, nearer seat first), else a chi by the next seat, else the next seat draws.
Call strings carry one letter whose place among the tile pairs tells where the tile came
from: first pair = the seat on the left (kamicha), second = across (toimen), third (or
fourth, for a daiminkan) = the right (shimocha); the relative seat counts round a
four-seat table even with three players, as Tenhou and tensoul write it.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter
from collections.abc import Sequence
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
    Limit,
    LogError,
    LogRules,
    Nagashi,
    NewDora,
    Result,
    RiichiAccepted,
    RoundEnd,
    RoundLog,
    Win,
    round_label,
)
from agari.game.logs.exported import exported_rules
from agari.game.logs.jsontext import decode_at, int_field, loads, whole_items
from agari.game.logs.servers import find_game_id, game_date, server_of_id
from agari.game.outcomes import AbortReason
from agari.lang import _
from agari.lang.terms import call_name
from agari.tiles import Tile

TSUMOGIRI: Final = 60
NORTH_CODE: Final = 44

#: Result words: Tenhou's, tensoul's (Mahjong Soul) and their romanised / English forms.
_ABORTS: Final[dict[str, AbortReason]] = {
    "九種九牌": "kyuushu",
    "Kyuushu Kyuuhai": "kyuushu",
    "Nine Terminal Abortion": "kyuushu",
    "四風連打": "suufon",
    "Suufon Renda": "suufon",
    "Four Wind Abortion": "suufon",
    "四家立直": "suucha_riichi",
    "Suucha Riichi": "suucha_riichi",
    "Four Riichi Abortion": "suucha_riichi",
    "四槓散了": "suukaikan",
    "四開槓": "suukaikan",
    "Suukaikan": "suukaikan",
    "Four Kan Abortion": "suukaikan",
    "三家和了": "sanchahou",
    "三家和": "sanchahou",
    "Sanchahou": "sanchahou",
    "Three Ron Abortion": "sanchahou",
}
_WIN_WORDS: Final = frozenset({"和了", "和", "Agari"})
_DRAW_WORDS: Final = frozenset({"流局", "Ryuukyoku", "Exhaustive Draw"})
_ALL_TENPAI: Final = frozenset({"全員聴牌"})
_ALL_NOTEN: Final = frozenset({"全員不聴"})
_NAGASHI_WORDS: Final = frozenset({"流し満貫", "Nagashi Mangan", "Mangan at Draw"})

#: Limit words of the score string, longest first (三倍満 before 倍満).
_LIMITS: Final[tuple[tuple[str, Limit], ...]] = (
    ("数え役満", "yakuman"),
    ("Kazoe Yakuman", "yakuman"),
    ("Counted Yakuman", "yakuman"),
    ("役満", "yakuman"),
    ("Yakuman", "yakuman"),
    ("三倍満", "sanbaiman"),
    ("Sanbaiman", "sanbaiman"),
    ("倍満", "baiman"),
    ("Baiman", "baiman"),
    ("跳満", "haneman"),
    ("Haneman", "haneman"),
    ("切り上げ満貫", "mangan"),
    ("Kiriage Mangan", "mangan"),
    ("Rounded Mangan", "mangan"),
    ("満貫", "mangan"),
    ("Mangan", "mangan"),
)
_FU_HAN = re.compile(r"(\d+)\s*(?:符|Fu)\s*(\d+)\s*(?:飜|翻|Han)")
_POINTS = re.compile(r"(\d+)(?:-(\d+))?\s*(?:点|Points)\s*(∀)?")
_YAKU = re.compile(r"^(.*)\((\d+)\s*(?:飜|翻|Han)\)$")
_YAKUMAN = re.compile(r"^(.*)\(([^()]*役満|[^()]*Yakuman)\)$")


def tile_from_code(code: object) -> Tile:
    """Tenhou's tile code (11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red fives)."""
    if type(code) is int:  # the common case: one look-up (a Tile is a shared value)
        tile = _TILE_CODES.get(code)
        if tile is not None:
            return tile
    if isinstance(code, bool) or not isinstance(code, int):
        raise ValueError(_("tile code {code} is not a number").format(code=repr(code)))
    suit, number = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= number <= 9:
        return Tile((suit - 1) * 9 + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return Tile(27 + number - 1)
    if suit == 5 and 1 <= number <= 3:
        return Tile((number - 1) * 9 + 4, red=True)
    raise ValueError(
        _("tile code {code} is out of range (11-19, 21-29, 31-39, 41-47, 51-53)").format(code=code)
    )


#: The other seats in turn order after each seat, by the number of players.
_AFTER: Final = {n: [[(seat + k) % n for k in range(1, n)] for seat in range(n)] for n in (3, 4)}
#: Every valid tile code and its tile.
_TILE_CODES: Final[dict[int, Tile]] = {
    **{suit * 10 + n: Tile((suit - 1) * 9 + n - 1) for suit in (1, 2, 3) for n in range(1, 10)},
    **{40 + n: Tile(26 + n) for n in range(1, 8)},
    **{50 + n: Tile((n - 1) * 9 + 4, red=True) for n in range(1, 4)},
}


@dataclass(frozen=True, slots=True)
class ParsedCall:
    """A call string read: its kind, tiles, the called / added tile and the relative seat
    it came from (1 right, 2 across, 3 left; ``None`` for ankan and kita)."""

    kind: CallKind
    tiles: tuple[Tile, ...]
    called: Tile | None
    added: Tile | None
    relative: int | None


_CALL_LETTERS: Final[dict[str, CallKind]] = {
    "c": "chi",
    "p": "pon",
    "m": "daiminkan",
    "k": "kakan",
    "a": "ankan",
    "f": "kita",
}


def _call_parts(text: str) -> tuple[CallKind, list[int], list[Tile], int]:
    """A call string's kind, tile codes, tiles and the letter's place (in tile pairs), its
    tile count and kinds checked; :class:`ValueError` if it is not a call string."""
    letters = [(i, ch) for i, ch in enumerate(text) if not ch.isdigit()]
    if len(letters) != 1 or letters[0][1] not in _CALL_LETTERS:
        raise ValueError(_("unknown call string {text}").format(text=repr(text)))
    at, letter = letters[0]
    digits = text[:at] + text[at + 1 :]
    if at % 2 or len(digits) % 2:
        raise ValueError(_("unknown call string {text}").format(text=repr(text)))
    codes = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    tiles = [tile_from_code(c) for c in codes]
    kind = _CALL_LETTERS[letter]
    expected = {"chi": 3, "pon": 3, "daiminkan": 4, "kakan": 4, "ankan": 4, "kita": 1}[kind]
    if len(tiles) != expected:
        raise ValueError(
            _("call string {text}: a {kind} has {count} tiles").format(
                text=repr(text), kind=call_name(kind), count=expected
            )
        )
    if len({t.kind for t in tiles}) != 1 and kind != "chi":
        raise ValueError(
            _("call string {text}: a {kind} has tiles of one kind").format(
                text=repr(text), kind=call_name(kind)
            )
        )
    return kind, codes, tiles, at // 2


def parse_call(text: str) -> ParsedCall:
    """Read a call string such as ``c375336``, ``41p4141``, ``3939m3939``, ``k37373737``,
    ``121212a12`` or ``f44``; :class:`ValueError` if it is not one."""
    kind, codes, tiles, place = _call_parts(text)  # place: tile pairs before the letter
    if kind == "chi":
        if place != 0:
            raise ValueError(
                _("call string {text}: a chi is called from the left only").format(text=repr(text))
            )
        kinds = sorted(t.kind for t in tiles)
        if (
            kinds[0] >= 27
            or kinds != list(range(kinds[0], kinds[0] + 3))
            or (kinds[0] // 9 != kinds[2] // 9)
        ):
            raise ValueError(_("call string {text}: not a run").format(text=repr(text)))
        return ParsedCall(kind, tuple(sorted(tiles, key=TILE_ORDER)), tiles[0], None, 3)
    if kind == "pon":
        if place > 2:
            raise ValueError(
                _("call string {text}: the letter is out of place").format(text=repr(text))
            )
        return ParsedCall(kind, tuple(sorted(tiles, key=TILE_ORDER)), tiles[place], None, 3 - place)
    if kind == "daiminkan":
        # Left, across, right are the first, second and fourth place (third: also right).
        relative = {0: 3, 1: 2, 2: 1, 3: 1}[place]
        return ParsedCall(kind, tuple(sorted(tiles, key=TILE_ORDER)), tiles[place], None, relative)
    if kind == "kakan":
        # The letter stands where the pon's letter stood; the tile after it is the one
        # added from the hand, the next one the tile the pon called.
        if place > 2:
            raise ValueError(
                _("call string {text}: the letter is out of place").format(text=repr(text))
            )
        return ParsedCall(
            kind, tuple(sorted(tiles, key=TILE_ORDER)), tiles[place + 1], tiles[place], 3 - place
        )
    if kind == "ankan":
        return ParsedCall(kind, tuple(sorted(tiles, key=TILE_ORDER)), None, None, None)
    if codes != [NORTH_CODE]:
        raise ValueError(
            _("call string {text}: a kita sets aside a North (44)").format(text=repr(text))
        )
    return ParsedCall(kind, tuple(tiles), None, None, None)


# --- the game ---------------------------------------------------------------------------


def read_tenhou6(text: str, game: str | None = None) -> GameLog:
    """Read a tenhou.net/6 game (one JSON object, or JSON Lines of one-round objects).

    ``game`` names the log in errors and gives the game id when the log has none.
    Raises :class:`LogError` (with the rounds read before the damage) on a bad log.
    """
    objects, damage = _load(text, game)
    if not objects:
        raise LogError(damage or _("no tenhou.net/6 object with a 'log' list"), game=game)
    raw_rounds: list[Any] = []
    for obj in objects:
        log = obj.get("log")
        if not isinstance(log, list):
            raise LogError(_("a JSON object without a 'log' list"), game=game)
        raw_rounds.extend(log)
    read_so_far = _game_head(objects, raw_rounds, game)
    players, label = read_so_far.players, game or read_so_far.game_id
    rounds: list[RoundLog] = []
    final_error: LogError | None = None
    try:
        final_scores, final_points = _final(objects, players, label)
    except LogError as error:  # the rounds are still read; the damage is told after them
        final_scores = final_points = None
        final_error = error
    try:
        for index, raw in enumerate(raw_rounds):
            last = index == len(raw_rounds) - 1 and damage is None
            rounds.append(
                _RoundReader(raw, index, players, label, tuple(rounds)).read(
                    (final_scores, final_points) if last else (None, None)
                )
            )
    except LogError as error:
        raise error.with_log(read_so_far) from None
    if damage is not None:
        raise LogError(
            damage,
            game=label,
            round_index=len(rounds),
            round_label=_peek_label(text, len(rounds)),
            rounds=tuple(rounds),
        ).with_log(read_so_far)
    if final_error is not None:
        raise LogError(final_error.message, game=label, rounds=tuple(rounds)).with_log(read_so_far)
    return replace(
        read_so_far,
        rounds=tuple(rounds),
        final_scores=final_scores,
        final_points=final_points,
        complete=final_scores is not None,
    )


def _game_head(objects: list[dict[str, Any]], raw_rounds: list[Any], game: str | None) -> GameLog:
    """The game as its objects' head says it, before any round: id, players, names,
    title, rules, date."""
    head = objects[0]
    ref = _first_str(obj.get("ref") for obj in objects)
    game_id = ref or find_game_id(game)
    players = _count_players(raw_rounds, head, game or game_id)
    listed = head.get("name")  # the names, cosmetic: anything but a list is no names
    names = tuple(str(n) for n in listed[:players]) if isinstance(listed, list) else ()
    title = head.get("title")
    title_text = (
        " ".join(str(t) for t in title if t) if isinstance(title, list) else str(title or "")
    )
    return GameLog(
        source="tenhou6",
        game_id=game_id,
        title=title_text or None,
        names=names + ("",) * (players - len(names)),
        rules=_stated(head, _rules(head, players, game_id, game or game_id), game or game_id),
        date=game_date(game_id),
        rounds=(),
        date_from=_date_from(game_date(ref), game_date(game_id)),
    )


def _load(text: str, game: str | None) -> tuple[list[dict[str, Any]], str | None]:
    """The JSON objects of the text, and a message when the text is damaged after them."""
    text = text.lstrip("\ufeff").strip()
    try:
        whole = loads(text)
    except json.JSONDecodeError as whole_error:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1:
            objects: list[dict[str, Any]] = []
            for number, line in enumerate(lines, 1):
                try:
                    obj = loads(line)
                except json.JSONDecodeError as e:
                    salvaged = _salvage(line)
                    if salvaged is not None and (number == 1 or "log" in salvaged):
                        objects.append(salvaged)
                    return objects, _("line {number} is not whole JSON ({problem})").format(
                        number=number, problem=e.msg
                    )
                if not isinstance(obj, dict):
                    return objects, _("line {number} is not a JSON object").format(number=number)
                objects.append(obj)
            return objects, None
        salvaged = _salvage(text)
        message = _("the JSON is cut off or damaged ({problem} at {position})").format(
            problem=whole_error.msg, position=whole_error.pos
        )
        return ([salvaged] if salvaged is not None else []), message
    if isinstance(whole, dict):
        return [whole], None
    if isinstance(whole, list) and all(isinstance(o, dict) for o in whole):
        return list(whole), None
    return [], _("not a tenhou.net/6 JSON object")


def _salvage(text: str) -> dict[str, Any] | None:
    """From a cut-off object, every key that reads whole before the cut and every whole
    round of its ``log``: so the rounds before the damage are still read."""
    found: dict[str, Any] = {}
    for key in ("title", "name", "rule", "ref", "ver"):
        m = re.search(rf'"{key}"\s*:\s*', text)
        if m:
            with contextlib.suppress(json.JSONDecodeError):
                found[key] = decode_at(text, m.end())[0]
    m = re.search(r'"log"\s*:\s*\[', text)
    if m is None:
        return found or None
    found["log"] = whole_items(text, m.end())
    return found


def _peek_label(text: str, index: int) -> str | None:
    """The name of the ``index``-th round of a cut-off log, if its header is readable."""
    headers = re.findall(r"\[\s*\[\s*(\d+)\s*,\s*(\d+)\s*,\s*\d+\s*\]\s*,\s*\[", text)
    if index < len(headers):
        number, honba = int(headers[index][0]), int(headers[index][1])
        return round_label(number // 4, number % 4 + 1, honba)
    return None


def _date_from(in_file: object, found: object) -> Literal["log", "name"] | None:
    """Where the game's date came from: an id in the file, else the file name."""
    if found is None:
        return None
    return "log" if in_file is not None else "name"


def _first_str(values: Any) -> str | None:
    for v in values:
        if isinstance(v, str) and v:
            return v
    return None


def _count_players(raw_rounds: list[Any], head: dict[str, Any], game: str | None) -> int:
    """3 or 4: the seats dealt a hand in the first round (Tenhou's three-player logs keep an
    empty fourth seat), else the room's words."""
    for raw in raw_rounds[:1]:
        if isinstance(raw, list) and len(raw) >= 14:
            seats = (len(raw) - 5) // 3
            dealt = sum(1 for s in range(seats) if raw[4 + 3 * s])
            if dealt in (3, 4):
                return dealt
    disp = str((head.get("rule") or {}).get("disp", ""))
    if disp.startswith(("三", "3")):
        return 3
    if raw_rounds:
        raise LogError(_("cannot tell three from four players"), game=game, round_index=0)
    return 4


#: The rule's red fives of each suit (``aka51`` man, ``aka52`` pin, ``aka53`` sou).
_RED_COUNTS: Final = ("aka51", "aka52", "aka53")


def _rules(head: dict[str, Any], players: int, game_id: str | None, game: str | None) -> LogRules:
    rule = head.get("rule") if isinstance(head.get("rule"), dict) else {}
    assert isinstance(rule, dict)
    disp = str(rule.get("disp") or "")
    counts: tuple[int, int, int] | None = None
    red: bool | None = None
    if any(k in rule for k in _RED_COUNTS):
        try:
            m, p, s = (int_field(rule, key, 0) for key in _RED_COUNTS)
        except ValueError as e:  # named: "aka52 is 'x', not a whole number"
            raise LogError(str(e), game=game) from None
        counts = (m, p, s)
        red = any(counts)
    elif "aka" in rule:
        red = bool(rule["aka"])
        counts = (1, 1, 1) if red else (0, 0, 0)
    title = head.get("title")
    title_text = " ".join(str(t) for t in title) if isinstance(title, list) else str(title or "")
    server: str | None = None
    id_server = server_of_id(game_id)
    if id_server == "majsoul" or any(
        w in disp + title_text for w in ("の間", "友人戦", "大会戦", "Friendly", "Tournament")
    ):
        server = "majsoul"
    elif id_server == "tenhou" or re.match(r"^三?[般上特鳳技若銀琥孔]", disp):
        server = "tenhou"
    length: Literal["east", "south"] | None = None
    if "東" in disp or "East" in disp:
        length = "east"
    elif "南" in disp or "South" in disp:
        length = "south"
    # Tenhou writes 喰 when open tanyao is on; Mahjong Soul always has it on.
    open_tanyao: bool | None = None
    if "喰" in disp or server == "majsoul":
        open_tanyao = True
    elif disp and server == "tenhou":
        open_tanyao = False
    return LogRules(
        players=players,
        server=server,
        red_fives=red,
        red_five_counts=counts,
        open_tanyao=open_tanyao,
        length=length,
        room=disp or None,
    )


def _stated(head: dict[str, Any], rules: LogRules, game: str | None) -> LogRules:
    """The rules agari's own export states (``agari``: the server and the switches not its
    preset's), over what the rest of the head says."""
    if "agari" not in head:
        return rules
    try:
        server, switches, _game_id = exported_rules(head["agari"])
    except ValueError as e:
        raise LogError(str(e), game=game) from None
    return replace(rules, server=server or rules.server, stated_switches=switches)


def _final(
    objects: list[dict[str, Any]], players: int, game: str | None
) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
    """``sc``: final score and points per seat, interleaved (four seats in three-player)."""
    sc: list[Any] | None = None
    for at in range(len(objects) - 1, -1, -1):  # the last one (mypyc fails on reversed())
        if isinstance(objects[at].get("sc"), list):
            sc = objects[at]["sc"]
            break
    if sc is None:
        return None, None
    try:
        scores = tuple(_whole(v) for v in sc[0::2][:players])
        points = tuple(float(v) for v in sc[1::2][:players])
    except (TypeError, ValueError) as e:
        raise LogError(
            _("the final result 'sc' is not numbers: {problem}").format(problem=e), game=game
        ) from None
    if len(scores) != players or len(points) != players:
        raise LogError(_("the final result 'sc' has too few seats"), game=game)
    return scores, points


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ValueError(_("{value} is not a whole number").format(value=repr(value)))
    return int(value)


# --- one round -------------------------------------------------------------------------

#: How many times the interleaving of one round may go back to a choice before it gives
#: up (a real round has a handful of discards a call could have taken).
_MAX_CHOICES: Final = 4096


@dataclass(slots=True)
class _Turn:
    """Where the interleaving of a round stands: each seat's next draw and discard entry,
    its last drawn tile, the kan indicators still to place, its concealed tiles, whose turn
    it is and in what phase, whether the next draw replaces a kan, whether the discard
    declared riichi."""

    def give(self, seat: int, tile: Tile) -> None:
        self.held[seat][tile.kind] += 1

    def take(self, seat: int, tiles: Sequence[Tile]) -> bool:
        """Take ``tiles`` from ``seat``'s concealed tiles; ``False`` if it lacks one."""
        counts = self.held[seat]
        for tile in tiles:
            counts[tile.kind] -= 1
        return all(counts[tile.kind] >= 0 for tile in tiles)

    at_draw: list[int]
    at_discard: list[int]
    last_drawn: list[Tile | None]
    dora_queue: list[Tile]
    pending_dora: list[int]
    #: each seat's concealed tiles, counted by kind (a discard or call must find them)
    held: list[list[int]]
    seat: int
    phase: str = "draw"
    replacement: bool = False
    riichi: bool = False

    def copy(self) -> _Turn:
        return _Turn(
            list(self.at_draw),
            list(self.at_discard),
            list(self.last_drawn),
            list(self.dora_queue),
            list(self.pending_dora),
            [list(counts) for counts in self.held],
            self.seat,
            self.phase,
            self.replacement,
            self.riichi,
        )


@dataclass(slots=True)
class _Choice:
    """A discard more than one way could follow: the turn just after it, how many events
    stood then, and the ways not tried yet (a caller, or ``None``: no call)."""

    turn: _Turn
    events: int
    options: list[tuple[int, Call] | None]


#: How a discard is taken: by a caller, or by nobody (``None``).
_Pick = tuple[int, Call] | None


@dataclass
class _RoundReader:
    raw: Any
    index: int
    players: int
    game: str | None
    before: tuple[RoundLog, ...]
    events: list[Event] = field(default_factory=list)
    label: str | None = None

    def fail(self, message: str) -> LogError:
        return LogError(
            message,
            game=self.game,
            round_index=self.index,
            round_label=self.label,
            event_index=len(self.events),
            rounds=self.before,
        )

    def read(self, final: tuple[tuple[int, ...] | None, tuple[float, ...] | None]) -> RoundLog:
        try:
            return self._read(final)
        except LogError:
            raise
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as e:
            raise self.fail(str(e)) from None

    def _read(self, final: tuple[tuple[int, ...] | None, tuple[float, ...] | None]) -> RoundLog:
        raw = self.raw
        if not isinstance(raw, list) or len(raw) < 5 + 3 * self.players:
            raise self.fail(_("a round is not a list of header, scores, dora, ura, seats, result"))
        header = raw[0]
        if not (isinstance(header, list) and len(header) >= 3):
            raise self.fail(_("the round header is not [round, honba, sticks]"))
        number, honba, sticks = (_whole(v) for v in header[:3])
        wind, place = divmod(number, 4)
        self.label = round_label(wind, place + 1, honba)
        if (len(raw) - 5) % 3 or (len(raw) - 5) // 3 not in (3, 4):
            raise self.fail(
                _("a round has {count} entries, not 3 or 4 seats' worth").format(count=len(raw))
            )
        n = self.players
        dealer = place
        if dealer >= n:
            raise self.fail(
                _("round number {number} names dealer seat {dealer}, not a seat").format(
                    number=number, dealer=dealer
                )
            )
        scores: tuple[int, ...] | None = None
        if raw[1]:  # a log without values may leave the scores out
            scores = tuple(_whole(v) for v in raw[1][:n])
            if len(scores) != n:
                raise self.fail(_("the start scores do not cover every seat"))
        dora = [tile_from_code(c) for c in raw[2]]
        ura = tuple(tile_from_code(c) for c in raw[3])
        if not dora:
            raise self.fail(_("no dora indicator"))
        hands = tuple(
            tuple(sorted((tile_from_code(c) for c in raw[4 + 3 * s]), key=TILE_ORDER))
            for s in range(n)
        )
        for seat, hand in enumerate(hands):
            if len(hand) != 13:
                raise self.fail(
                    _("seat {seat}'s starting hand has {count} tiles, not 13").format(
                        seat=seat, count=len(hand)
                    )
                )
        draws = [list(raw[5 + 3 * s]) for s in range(n)]
        discards = [list(raw[6 + 3 * s]) for s in range(n)]
        result = raw[-1]
        self._check_counts(hands, draws, dora, ura)
        self._play(dealer, hands, draws, discards, dora[1:], result)
        self._end(self._result(result, ura, dealer), final)
        return RoundLog(
            index=self.index,
            wind=wind,
            number=place + 1,
            honba=honba,
            sticks=sticks,
            dealer=dealer,
            scores=scores,
            hands=hands,
            dora_indicator=dora[0],
            events=tuple(self.events),
        )

    def _check_counts(
        self,
        hands: tuple[tuple[Tile, ...], ...],
        draws: list[list[Any]],
        dora: list[Tile],
        ura: tuple[Tile, ...],
    ) -> None:
        """No kind more than four times among the hands, the draws and the indicators."""
        kinds: Counter[int] = Counter(t.kind for hand in hands for t in hand)
        codes = Counter(c for seat_draws in draws for c in seat_draws if isinstance(c, int))
        for code, count in codes.items():  # a bad code fails where it first stands
            kinds[tile_from_code(code).kind] += count
        kinds.update(t.kind for t in (*dora, *ura))
        for kind, count in kinds.items():
            if count > 4:
                raise self.fail(
                    _("{tile} is dealt, drawn or shown {count} times").format(
                        tile=Tile(kind), count=count
                    )
                )

    # The interleaving: see the module docstring.
    def _play(
        self,
        dealer: int,
        hands: tuple[tuple[Tile, ...], ...],
        draws: list[list[Any]],
        discards: list[list[Any]],
        kan_dora: Sequence[Tile],
        result: Any,
    ) -> None:
        """Interleave the seats' draws and discards into one stream of events. Where a
        discard could be called (another seat's next entry names it), the call is tried
        first, then the next caller, then no call: a wrong choice meets an entry that does
        not fit later on, and the walk goes back to the last choice (real logs have a
        player let a tile pass and call the next copy of it)."""
        n = self.players
        held = [[0] * 34 for _ in range(n)]
        for seat, hand in enumerate(hands):
            for tile in hand:
                held[seat][tile.kind] += 1
        at = _Turn([0] * n, [0] * n, [None] * n, list(kan_dora), [0] * n, held, dealer)
        choices: list[_Choice] = []
        pick: _Pick = None
        resuming = False
        first_error: LogError | None = None
        for _attempt in range(_MAX_CHOICES):
            try:
                self._turns(at, draws, discards, result, choices, pick, resuming)
                return
            except LogError as error:
                first_error = first_error or error
                if not choices:
                    break
                choice = choices[-1]
                pick, resuming = choice.options.pop(0), True
                if not choice.options:
                    choices.pop()
                at = choice.turn.copy()
                del self.events[choice.events :]
        assert first_error is not None
        raise first_error

    def _turns(
        self,
        at: _Turn,
        draws: list[list[Any]],
        discards: list[list[Any]],
        result: Any,
        choices: list[_Choice],
        pick: _Pick,
        resuming: bool,
    ) -> None:
        """Walk the turns from ``at`` to the round's end. ``resuming`` at a choice: ``pick``
        is how the discard just made is taken (a caller, or ``None``: no call)."""
        if resuming:
            self._take_discard(at, draws, discards, result, pick)
        while True:
            seat = at.seat
            if at.phase == "draw" and not self._draw(at, draws):
                break
            if at.at_discard[seat] >= len(discards[seat]):
                break  # the turn ends the round: a tsumo, nine terminals, or a robbed kan
            item = discards[seat][at.at_discard[seat]]
            at.at_discard[seat] += 1
            if isinstance(item, str) and not item.lstrip("r").isdigit():
                if item.startswith("r"):
                    raise self.fail(
                        _("seat {seat} declares riichi with {item}").format(
                            seat=seat, item=repr(item)
                        )
                    )
                self._own_kan(at, self._parse_call(item, seat, ("kakan", "ankan", "kita")))
                continue
            tile, tsumogiri = self._discarded(at, item)
            if not at.take(seat, (tile,)):
                raise self.fail(
                    _("seat {seat} discards {tile}, which is not in its hand").format(
                        seat=seat, tile=tile
                    )
                )
            self._flush_dora(at, seat)
            self.events.append(Discard(seat, tile, tsumogiri, at.riichi))
            at.last_drawn[seat] = None
            callers: list[_Pick] = list(self._callers(seat, tile, draws, at.at_draw))
            if callers:  # a choice: each caller in turn, then no call
                choices.append(_Choice(at.copy(), len(self.events), [*callers[1:], None]))
            self._take_discard(at, draws, discards, result, callers[0] if callers else None)
        self._end_of_play(at, draws, discards)

    def _draw(self, at: _Turn, draws: list[list[Any]]) -> bool:
        """The seat to play draws its next tile; ``False`` when its draws have run out."""
        seat = at.seat
        if at.at_draw[seat] >= len(draws[seat]):
            return False
        item = draws[seat][at.at_draw[seat]]
        if isinstance(item, str):
            self._parse_call(item, seat, ("chi", "pon", "daiminkan"))
        if not isinstance(item, int) or isinstance(item, bool):
            raise self.fail(
                _("seat {seat}'s draw {number} is {item}: a call with no discard to take").format(
                    seat=seat, number=at.at_draw[seat] + 1, item=repr(item)
                )
            )
        at.at_draw[seat] += 1
        tile = tile_from_code(item)
        at.give(seat, tile)
        self.events.append(Draw(seat, tile, at.replacement))
        at.last_drawn[seat] = tile
        at.replacement = False
        at.phase = "act"
        return True

    def _discarded(self, at: _Turn, item: Any) -> tuple[Tile, bool]:
        """The tile of a discard entry and whether it is the tile just drawn; notes a
        riichi declared with it (``r`` before the code) in ``at.riichi``."""
        seat = at.seat
        at.riichi = isinstance(item, str) and item.startswith("r")
        if isinstance(item, str):
            item = int(item.lstrip("r"))
        if not isinstance(item, int) or isinstance(item, bool) or item == 0:
            raise self.fail(
                _("seat {seat}'s discard {number} is {item}, not a discard").format(
                    seat=seat, number=at.at_discard[seat], item=repr(item)
                )
            )
        if item != TSUMOGIRI:
            return tile_from_code(item), False
        drawn = at.last_drawn[seat]
        if drawn is None:
            raise self.fail(
                _("seat {seat} discards the tile just drawn (60) after a call").format(seat=seat)
            )
        return drawn, True

    def _own_kan(self, at: _Turn, call: Call) -> None:
        """A closed or added kan, or a kita, on the seat's own turn: the replacement draw
        is next (an ankan's indicator is shown at once, the others' after the discard)."""
        if not at.take(at.seat, call.from_hand):
            raise self.fail(
                _("seat {seat}'s {kind} takes tiles not in its hand").format(
                    seat=at.seat, kind=call_name(call.kind)
                )
            )
        self._flush_dora(at, at.seat)
        self.events.append(call)
        if call.kind == "ankan":
            self._reveal(at)
        elif call.kind == "kakan":
            at.pending_dora[at.seat] += 1
        at.phase, at.replacement = "draw", True

    def _take_discard(
        self,
        at: _Turn,
        draws: list[list[Any]],
        discards: list[list[Any]],
        result: Any,
        pick: _Pick,
    ) -> None:
        """The discard just made is called by ``pick`` or passes (``None``); a riichi
        declared with it is accepted unless the round ends on it."""
        n = self.players
        seat = at.seat
        following = (seat + 1) % n
        if at.riichi and (
            pick is not None
            or at.at_draw[following] < len(draws[following])
            or not self._won_on_last_discard(result)
        ):
            self.events.append(RiichiAccepted(seat))
        at.riichi = False
        if pick is None:
            at.seat, at.phase = following, "draw"
            return
        call_seat, call = pick
        if not at.take(call_seat, call.from_hand):
            raise self.fail(
                _("seat {seat}'s {kind} takes tiles not in its hand").format(
                    seat=call_seat, kind=call_name(call.kind)
                )
            )
        at.at_draw[call_seat] += 1
        self.events.append(call)
        at.seat = call_seat
        if call.kind == "daiminkan":
            # Tenhou (and tensoul) put a 0 in the discards where the kan's turn is.
            slot = discards[call_seat][at.at_discard[call_seat] : at.at_discard[call_seat] + 1]
            if slot == [0]:
                at.at_discard[call_seat] += 1
            at.pending_dora[call_seat] += 1
            at.phase, at.replacement = "draw", True
        else:
            at.phase = "act"
            at.last_drawn[call_seat] = None

    def _reveal(self, at: _Turn, count: int = 1) -> None:
        for _shown in range(count):
            if at.dora_queue:
                self.events.append(NewDora(at.dora_queue.pop(0)))

    def _flush_dora(self, at: _Turn, seat: int) -> None:
        """The indicators of ``seat``'s open or added kans, shown as it next acts."""
        if at.pending_dora[seat]:
            self._reveal(at, at.pending_dora[seat])
            at.pending_dora[seat] = 0

    def _end_of_play(self, at: _Turn, draws: list[list[Any]], discards: list[list[Any]]) -> None:
        for s in range(self.players):
            if at.at_draw[s] < len(draws[s]) or at.at_discard[s] < len(discards[s]):
                left = draws[s][at.at_draw[s] :] + discards[s][at.at_discard[s] :]
                raise self.fail(
                    _(
                        "seat {seat} has draws or discards left after the round's last turn: {left}"
                    ).format(seat=s, left=repr(left))
                )
        # Indicators the turn order did not place (e.g. a kan won on at once): before the result.
        self._reveal(at, len(at.dora_queue))

    def _parse_call(self, text: str, seat: int, allowed: tuple[CallKind, ...]) -> Call:
        try:
            parsed = parse_call(text)
        except ValueError as e:
            raise self.fail(_("seat {seat}: {problem}").format(seat=seat, problem=e)) from None
        if parsed.kind not in allowed:
            where = (
                _("seat {seat}: {kind} {text} belongs in the discards")
                if parsed.kind in ("kakan", "ankan", "kita")
                else _("seat {seat}: {kind} {text} belongs in the draws")
            )
            raise self.fail(where.format(seat=seat, kind=call_name(parsed.kind), text=repr(text)))
        from_seat = None
        if parsed.relative is not None:
            from_seat = (seat + parsed.relative) % 4
            if from_seat >= self.players:
                raise self.fail(
                    _(
                        "seat {seat}'s {kind} {text} names seat {other}, which does not exist "
                        "with {players} players"
                    ).format(
                        seat=seat,
                        kind=call_name(parsed.kind),
                        text=repr(text),
                        other=from_seat,
                        players=self.players,
                    )
                )
        return Call(seat, parsed.kind, parsed.tiles, parsed.called, from_seat, parsed.added)

    def _callers(
        self, discarder: int, tile: Tile, draws: list[list[Any]], at_draw: list[int]
    ) -> list[tuple[int, Call]]:
        """Who could take this discard, as the seats' next entries say: a pon or daiminkan
        first, nearest seat first, then a chi."""
        calls: list[tuple[int, Call]] = []
        chi: list[tuple[int, Call]] = []
        for seat in _AFTER[self.players][discarder]:
            row, at = draws[seat], at_draw[seat]
            if at >= len(row) or not isinstance(row[at], str):
                continue  # the seat's next entry is a draw from the wall, or none
            call = self._parse_call(row[at], seat, ("chi", "pon", "daiminkan"))
            if call.from_seat != discarder or call.called is None:
                continue
            if call.called.kind != tile.kind:
                continue
            (chi if call.kind == "chi" else calls).append((seat, call))
        return calls + chi

    def _won_on_last_discard(self, result: Any) -> bool:
        """Whether the round ends on the last discard: a ron or three rons."""
        if not isinstance(result, list) or not result:
            return False
        word = result[0]
        if word in _ABORTS:
            return _ABORTS[word] == "sanchahou"
        if word in _WIN_WORDS:
            infos = _win_infos(result[1:], self.players)
            return infos is not None and any(info[0] != info[1] for _, info in infos)
        return False

    # --- the result ---------------------------------------------------------------

    def _deltas(self, value: Any, *, win: bool = False) -> tuple[int, ...] | None:
        """Stated deltas, or ``None`` where the log states none: no list, an empty list,
        or for a win only zeros (what a simulator writes beside a bare winner and
        discarder: a real win always moves points)."""
        if value is None or (isinstance(value, list) and not (any(value) if win else value)):
            return None
        if not isinstance(value, list):
            raise self.fail(_("deltas {value} are not a list").format(value=repr(value)))
        deltas = tuple(_whole(v) for v in value)
        if any(deltas[self.players :]):
            raise self.fail(
                _("deltas {value} pay a seat that does not exist").format(value=repr(value))
            )
        if len(deltas) < self.players:
            raise self.fail(_("deltas {value} do not cover every seat").format(value=repr(value)))
        return deltas[: self.players]

    def _result(self, result: Any, ura: tuple[Tile, ...], dealer: int) -> list[Result]:
        """The round's result events (one or more wins, or one draw or abort), appended."""
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            raise self.fail(
                _("the round's result {result} is not a list starting with a word").format(
                    result=repr(result)
                )
            )
        word = result[0]
        n = self.players
        results: list[Result] = []
        if word in _WIN_WORDS:
            infos = _win_infos(result[1:], n)
            if infos is None:
                raise self.fail(
                    _("a win whose entries are not [deltas, [winner, from, …]]: {result}").format(
                        result=repr(result)
                    )
                )
            for deltas, info in infos:
                results.append(self._win(deltas, info, ura, dealer))
                self.events.append(results[-1])
            return results
        deltas = self._deltas(result[1]) if len(result) > 1 else None
        if word in _DRAW_WORDS:
            tenpai = None
            if deltas is not None and any(deltas):
                tenpai = tuple(s for s in range(n) if deltas[s] > 0)
            results.append(ExhaustiveDraw(tenpai, deltas))
        elif word in _ALL_TENPAI or word in _ALL_NOTEN:
            tenpai = tuple(range(n)) if word in _ALL_TENPAI else ()
            results.append(ExhaustiveDraw(tenpai, deltas or (0,) * n))
        elif word in _NAGASHI_WORDS:
            results.append(Nagashi(deltas))
        elif word in _ABORTS:
            # An abortive draw pays nobody: Tenhou writes no deltas for it.
            results.append(Abort(_ABORTS[word], deltas or (0,) * n))
        else:
            raise self.fail(_("unknown result {word}").format(word=repr(word)))
        self.events.extend(results)
        return results

    def _win(self, deltas_raw: Any, info: list[Any], ura: tuple[Tile, ...], dealer: int) -> Win:
        n = self.players
        seat, from_seat, pao = (_whole(v) for v in info[:3])
        for who in (seat, from_seat, pao):
            if not 0 <= who < n:
                raise self.fail(_("a win names seat {seat}, which does not exist").format(seat=who))
        han = fu = points = None
        limit: Limit | None = None
        yaku: list[tuple[str, int]] = []
        yakuman: list[str] = []
        stated = False
        for text in info[3:]:
            if not isinstance(text, str):
                continue
            if (m := _YAKU.match(text)) is not None:
                stated = True
                if int(m[2]):
                    yaku.append((m[1].strip(), int(m[2])))
            elif (m := _YAKUMAN.match(text)) is not None:
                stated = True
                yakuman.append(m[1].strip())
            elif (p := _POINTS.search(text)) is not None:
                stated = True
                if (fh := _FU_HAN.search(text)) is not None:
                    fu, han = int(fh[1]), int(fh[2])
                limit = next((lim for word, lim in _LIMITS if word in text), None)
                first, second = int(p[1]), p[2]
                if second is not None:  # non-dealer tsumo: "non-dealers-dealer"
                    points = first * (n - 2) + int(second)
                elif p[3] or (seat == from_seat and seat == dealer):  # dealer tsumo, all pay
                    points = first * (n - 1)
                else:
                    points = first
        if han is None and yaku and not yakuman:
            han = sum(h for _, h in yaku)
        return Win(
            seat=seat,
            from_seat=from_seat,
            pao_seat=None if pao == seat else pao,
            han=han,
            fu=fu,
            points=points,
            limit=limit,
            yaku=tuple(yaku) if stated else None,
            yakuman=tuple(yakuman) if stated else None,
            deltas=self._deltas(deltas_raw, win=True),
            ura_indicators=ura,
        )

    def _end(
        self,
        results: list[Result],
        final: tuple[tuple[int, ...] | None, tuple[float, ...] | None],
    ) -> None:
        total: tuple[int, ...] | None = None
        if results and all(r.deltas is not None for r in results):
            total = tuple(
                sum(r.deltas[s] for r in results if r.deltas is not None)
                for s in range(self.players)
            )
        self.events.append(RoundEnd(total, final[0], final[1]))


def _is_info(value: Any, players: int) -> bool:
    """``[winner, from, pao, …strings]``."""
    return (
        isinstance(value, list)
        and len(value) >= 3
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value[:3])
        and all(isinstance(v, str) for v in value[3:])
    )


def _is_deltas(value: Any, players: int) -> bool:
    """A list of numbers, one per seat (four in Tenhou's three-player logs), or empty;
    real deltas always move at least 100 points, and a log without values writes zeros."""
    if not isinstance(value, list):
        return False
    if not value:
        return True
    return (
        len(value) in (players, 4)
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        and (not any(value) or any(abs(v) >= 100 for v in value))
    )


def _win_infos(items: list[Any], players: int) -> list[tuple[Any, list[Any]]] | None:
    """The (deltas, info) pairs of a win result; a log that writes only the info lists
    (winner, from, pao, no values) gives ``None`` deltas."""
    if (
        items
        and len(items) % 2 == 0
        and all(
            _is_deltas(items[i], players) and _is_info(items[i + 1], players)
            for i in range(0, len(items), 2)
        )
    ):
        return [(items[i], items[i + 1]) for i in range(0, len(items), 2)]
    if items and all(_is_info(item, players) for item in items):
        return [(None, item) for item in items]
    return None
