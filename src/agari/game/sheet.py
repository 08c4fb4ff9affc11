"""The agari game sheet: a whole game typed at the table, one line per round (SPEC §7).

::

    # a comment; blank lines are skipped
    players: Alice Bob Carol Dave        # seat order; Alice deals first
    rules: tenhou                        # optional; also  rule: west_round=off
    E1  Alice tsumo 234m067p3457899s+6s riichi dora=4p
    E2  Carol ron Alice 123m456p789s1155z+5z
        Bob ron Dave 22m456p789s+2m, 777=z; riichi Carol
        draw tenpai Bob Dave; riichi Dave
        Bob ron Alice 234m456p678s5z+5z; Carol ron Alice 11m234p345678s+1m riichi
        nagashi Dave tenpai Alice
        abort kyuushu
        chombo Carol

Each round line may start with the round (``E1``, ``S4``, ``E2-1`` with its counter); when
given it is checked. Its clauses are separated by ``;``:

- ``WHO tsumo HAND`` / ``WHO ron FROM HAND`` (also ``WHO ron from FROM HAND``) — a win; the
  hand in SPEC §1 notation without seat, round, honba, sticks (the game knows them; a hand
  that states one and disagrees is an error); ``pao=WHO`` in the hand names the liable
  player. Several ``ron`` clauses with the same discarder: several winners on one discard.
- ``riichi WHO…`` — players who did not win but put down a riichi stick (a winner's own
  riichi is the hand's ``riichi`` word).
- ``draw`` [``tenpai WHO…`` | ``all``] — an exhaustive draw with the ready players.
- ``nagashi WHO`` [``tenpai WHO…``] — nagashi mangan at an exhaustive draw.
- ``abort REASON`` — ``kyuushu``, ``suufon``, ``suucha`` (four riichi), ``suukaikan``,
  ``sanchahou`` (triple ron).
- ``chombo WHO``.

WHO is a player's name (any case) or the seat wind this round (``E`` is the dealer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from agari.errors import HandError, RuleError
from agari.game.ledger import GameState
from agari.game.outcomes import Abort, Chombo, Draw, GameError, Outcome, Win, Wins
from agari.game.replay import Game
from agari.hand import SEAT_WINDS
from agari.notation import read_hand
from agari.notation.text import WIND_VALUES
from agari.rules import Rules

_DRAW: Final = {"draw", "ryuukyoku", "exhaustive", "drawn"}
_ABORT: Final = {"abort", "abortive"}
_REASONS: Final = {
    "kyuushu": "kyuushu",
    "kyuushukyuuhai": "kyuushu",
    "kyuushu_kyuuhai": "kyuushu",
    "nine": "kyuushu",
    "suufon": "suufon",
    "suufonrenda": "suufon",
    "suufon_renda": "suufon",
    "suucha": "suucha_riichi",
    "suucha_riichi": "suucha_riichi",
    "suuchariichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "suukan": "suukaikan",
    "sanchahou": "sanchahou",
    "sanchaho": "sanchahou",
}
_READY: Final = {"tenpai", "tempai", "ready"}
_NOBODY: Final = {"none", "nobody", "noten"}
_EVERYBODY: Final = {"all", "everybody", "everyone"}
_HEADERS: Final = {"players", "rules", "rule", "title", "date", "event", "table", "game"}
_KEYWORDS: Final = (
    _DRAW
    | _ABORT
    | set(_REASONS)
    | _READY
    | _NOBODY
    | _EVERYBODY
    | _HEADERS
    | {"tsumo", "ron", "from", "riichi", "nagashi", "chombo"}
)
_LABEL: Final = re.compile(r"^([ESWN])([1-4])(?:\s*[-./]\s*(\d+))?(?::|\s|$)\s*(.*)$", re.I)
_PAO: Final = re.compile(r"(?<![\w=])pao\s*=\s*(\S+)", re.I)


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One round line: its line number, text, the round it states (if any) and its clauses."""

    number: int
    text: str
    label: str | None
    honba: int | None
    clauses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A read game sheet: the players in seat order, the rules it names, its round lines."""

    names: tuple[str, ...]
    preset: str | None
    rule_pairs: tuple[str, ...]
    title: str | None
    lines: tuple[SheetLine, ...]


def parse_sheet(text: str) -> Sheet:
    """Read a game sheet's header and split its round lines (the rounds are read against the
    game as it goes, :func:`outcome_of`). :class:`GameError` names the line."""
    names: tuple[str, ...] = ()
    preset: str | None = None
    pairs: list[str] = []
    title: str | None = None
    lines: list[SheetLine] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, rest = line.partition(" ")
        key = head.rstrip(":").lower()
        if key in _HEADERS and (head.endswith(":") or not lines):
            if lines:
                raise GameError(f"{key}: the header comes before the first round", number)
            value = rest.strip().lstrip(":").strip()
            if key == "players":
                names = _read_names(value, number)
            elif key == "rules":
                words = value.replace(",", " ").split()
                if not words:
                    raise GameError("rules: name a preset, e.g. 'rules: tenhou'", number)
                for word in words:
                    if "=" in word:
                        pairs.append(word)
                    else:
                        preset = word
            elif key == "rule":
                pairs.extend(value.replace(",", " ").split())
            elif key in ("title", "game", "event"):
                title = value
            continue
        if not names:
            raise GameError(
                "the sheet names no players: start with 'players: NAME NAME NAME NAME' "
                "(seat order, the first deals first)",
                number,
            )
        label = honba = None
        match = _LABEL.match(line)
        if match:
            label = f"{match.group(1).upper()}{match.group(2)}"
            honba = int(match.group(3)) if match.group(3) is not None else None
            line = match.group(4)
        clauses = tuple(c.strip() for c in line.split(";") if c.strip())
        if not clauses:
            raise GameError("a round line says nothing happened", number)
        lines.append(SheetLine(number, raw.strip(), label, honba, clauses))
    if not names:
        raise GameError("the sheet names no players: 'players: NAME NAME NAME NAME'")
    return Sheet(names, preset, tuple(pairs), title, tuple(lines))


def _read_names(value: str, number: int) -> tuple[str, ...]:
    names = tuple(value.replace(",", " ").split())
    if len(names) not in (3, 4):
        raise GameError(f"players: 3 or 4 names, not {len(names)}", number)
    seen: set[str] = set()
    for name in names:
        low = name.lower()
        if low in WIND_VALUES or low in _KEYWORDS or "=" in name or name[0].isdigit():
            raise GameError(
                f"players: {name!r} cannot be a name (a seat wind, a keyword or a number)", number
            )
        if low in seen:
            raise GameError(f"players: {name!r} named twice", number)
        seen.add(low)
    return names


def _seat(word: str, state: GameState, names: tuple[str, ...], number: int) -> int:
    """A player's name (any case) or a seat wind this round."""
    low = word.strip(",:").lower()
    for seat, name in enumerate(names):
        if name.lower() == low:
            return seat
    wind = WIND_VALUES.get(low)
    if wind is not None and SEAT_WINDS.index(wind) < state.players:
        return state.seat_of(wind)
    raise GameError(
        f"{word!r} is not a player: {', '.join(names)} (or a seat wind this round: "
        f"{' '.join(SEAT_WINDS[: state.players])})",
        number,
    )


def _seats(words: list[str], state: GameState, names: tuple[str, ...], number: int) -> set[int]:
    out: set[int] = set()
    for word in " ".join(words).replace(",", " ").split():
        low = word.lower()
        if low in _READY:
            continue
        if low in _EVERYBODY:
            out.update(range(state.players))
        elif low not in _NOBODY:
            out.add(_seat(word, state, names, number))
    return out


def outcome_of(line: SheetLine, state: GameState, names: tuple[str, ...]) -> Outcome:
    """The outcome a round line states, read against the game as it stands (seat winds and
    the round). :class:`GameError` names the line."""
    number = line.number
    if line.label is not None and line.label != state.label:
        raise GameError(f"the line says {line.label} but the game is at {state.label}", number)
    if line.honba is not None and line.honba != state.honba:
        raise GameError(
            f"the line says {line.label}-{line.honba} but the counter is {state.honba}", number
        )
    riichi: set[int] = set()
    wins: list[Win] = []
    other: Outcome | None = None
    for clause in line.clauses:
        words = clause.split()
        first = words[0].lower().rstrip(":")
        if first == "riichi":
            riichi |= _seats(words[1:], state, names, number)
            continue
        ends = first in _DRAW | _ABORT | set(_REASONS) | {"nagashi", "chombo"}
        if other is not None or (wins and ends):
            raise GameError(f"one round, one result: {clause!r} is a second one", number)
        if first in _DRAW:
            other = Draw(frozenset(_seats(words[1:], state, names, number)))
        elif first == "nagashi":
            if len(words) < 2:
                raise GameError("nagashi WHO: whose nagashi mangan?", number)
            seat = _seat(words[1], state, names, number)
            other = Draw(frozenset(_seats(words[2:], state, names, number)), nagashi=seat)
        elif first in _ABORT or first in _REASONS:
            reason_word = first if first in _REASONS else (words[1].lower() if words[1:] else "")
            reason = _REASONS.get(reason_word.replace("-", "_"))
            if reason is None:
                raise GameError(
                    "abort REASON: kyuushu, suufon, suucha (four riichi), suukaikan or "
                    f"sanchahou, not {reason_word or 'nothing'!r}",
                    number,
                )
            other = Abort(reason)
        elif first == "chombo":
            if len(words) != 2:
                raise GameError("chombo WHO: one player", number)
            other = Chombo(_seat(words[1], state, names, number))
        elif len(words) >= 2 and words[1].lower().rstrip(":") == "chombo":
            other = Chombo(_seat(words[0], state, names, number))
        else:
            wins.append(_win(clause, words, state, names, number))
    if wins:
        if other is not None:
            raise GameError("one round, one result: a win and a draw/abort/chombo", number)
        return Wins(tuple(wins), frozenset(riichi))
    if other is None:
        raise GameError("riichi alone is not a round: add what happened", number)
    if isinstance(other, Draw):
        return Draw(other.tenpai, frozenset(riichi), other.nagashi)
    if isinstance(other, Abort):
        return Abort(other.reason, frozenset(riichi))
    if riichi:
        raise GameError("a chombo round puts down no riichi sticks (they go back)", number)
    return other


def _win(
    clause: str, words: list[str], state: GameState, names: tuple[str, ...], number: int
) -> Win:
    if len(words) < 3:
        raise GameError(
            f"{clause!r}: a win is 'WHO tsumo HAND' or 'WHO ron FROM HAND'; a result is "
            "draw, nagashi, abort or chombo",
            number,
        )
    seat = _seat(words[0], state, names, number)
    how = words[1].lower().rstrip(":")
    rest = words[2:]
    from_seat: int | None
    if how == "tsumo":
        from_seat = None
    elif how in ("ron", "from"):
        if rest and rest[0].lower() == "from":
            rest = rest[1:]
        if len(rest) < 2:
            raise GameError(
                f"{clause!r}: 'WHO ron FROM HAND' needs the discarder and a hand", number
            )
        from_seat = _seat(rest[0], state, names, number)
        rest = rest[1:]
    else:
        raise GameError(
            f"{clause!r}: after the winner comes 'tsumo' or 'ron FROM', not {words[1]!r}", number
        )
    hand = " ".join(rest)
    pao: int | None = None
    found = _PAO.search(hand)
    if found:
        pao = _seat(found.group(1), state, names, number)
        hand = (hand[: found.start()] + hand[found.end() :]).strip()
    words_low = hand.lower().split()
    if from_seat is not None and "tsumo" in words_low:
        raise GameError("the line says ron but the hand says tsumo", number)
    if from_seat is None:
        hand = " ".join(w for w in hand.split() if w.lower() != "tsumo")
    if "ron" in words_low:
        hand = " ".join(w for w in hand.split() if w.lower() != "ron")
    try:
        parsed, stated = read_hand(hand)
    except HandError as error:
        raise GameError(f"hand {hand!r}: {error.message}", number) from None
    return Win(seat, from_seat, parsed, pao, stated)


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class SheetGame:
    """A sheet played through: the sheet, the game (its rounds, state and standings) and the
    error that stopped it half way, if any (every round before it is in ``game.rounds``)."""

    sheet: Sheet
    game: Game
    error: GameError | None


def sheet_rules(sheet: Sheet, preset: str | None = None, pairs: tuple[str, ...] = ()) -> Rules:
    """The sheet's rules, then ``preset``/``pairs`` (``--rules``/``--rule``) over them; a
    sheet of three players gets ``players=3``."""
    chosen = preset or sheet.preset
    try:
        rules = Rules.from_options(chosen, [*sheet.rule_pairs, *pairs])
        if len(sheet.names) != rules.players:
            rules = rules.with_overrides({"players": len(sheet.names)})
    except RuleError as error:
        raise GameError(str(error)) from None
    return rules


def play_sheet(text: str, preset: str | None = None, pairs: tuple[str, ...] = ()) -> SheetGame:
    """Read and play a game sheet. :class:`GameError` for a sheet that cannot start (no
    players, bad rules); an error in a round line stops the game there and is returned."""
    sheet = parse_sheet(text)
    rules = sheet_rules(sheet, preset, pairs)
    try:
        game = Game(rules, names=sheet.names)
    except GameError as error:
        raise GameError(error.message, sheet.lines[0].number if sheet.lines else None) from None
    for line in sheet.lines:
        if game.finished:
            last = game.rounds[-1].before.label if game.rounds else "the start"
            return SheetGame(
                sheet,
                game,
                GameError(
                    f"the game ended after {last} ({game.state.end_reason}); "
                    "this line is one round too many",
                    line.number,
                ),
            )
        try:
            game.play(outcome_of(line, game.state, sheet.names))
        except GameError as error:
            return SheetGame(sheet, game, GameError(error.message, line.number))
    return SheetGame(sheet, game, None)
