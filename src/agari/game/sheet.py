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

WHO is a player's name or the seat wind this round (``E`` is the dealer).

A name is any text a server takes (``1q4d``, ``ロン``, ``NoName``), written as it is unless
it holds a blank or one of ``" ; # ,``, or is read as something else: a seat wind (``E``,
``east`` …), a round (``E1``) or a word of the sheet (``ron``, ``tsumo``, ``riichi``,
``draw``, ``all`` …). Such a name is quoted, in the players line and wherever it is used:
``players: "Ron" "a;b" "Mr E" Dave``, then ``"Ron" ron "a;b" HAND``; inside quotes ``\\"``
is a quote and ``\\\\`` a backslash. A name is matched as written, or in any case where
that names one player only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, NamedTuple

from agari.errors import HandError, RuleError
from agari.game.ledger import GameState
from agari.game.outcomes import Abort, Chombo, Draw, GameError, Outcome, Win, Wins
from agari.game.replay import Game
from agari.hand import SEAT_WINDS
from agari.lang import N_, _, pgettext
from agari.lang.terms import term
from agari.notation import read_hand
from agari.notation.text import WIND_VALUES
from agari.rules import Rules, split_switches

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
_PAO: Final = "pao="
#: What makes a name need quotes: a blank or one of these (they split a line).
_SPLITTERS: Final = frozenset('";#,')


class Word(NamedTuple):
    """A word of a sheet line; ``quoted`` when it was written in quotes (a name then, never a
    seat wind or a word of the sheet)."""

    text: str
    quoted: bool = False

    def low(self) -> str:
        """The word in lower case, as the sheet's own words are read; a quoted word is no
        word of the sheet, so it gives nothing that could match one."""
        return "" if self.quoted else self.text.lower().rstrip(":")


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One round line: its line number, text, the round it states (if any) and its clauses,
    each a tuple of words."""

    number: int
    text: str
    label: str | None
    honba: int | None
    clauses: tuple[tuple[Word, ...], ...]


def _quoted(text: str, start: int, number: int) -> tuple[str, int]:
    """The quoted part of ``text`` whose opening quote is at ``start``, and the index after
    its closing quote; ``\\"`` and ``\\\\`` inside stand for ``"`` and ``\\``."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in '"\\':
            out.append(text[i + 1])
            i += 2
        elif c == '"':
            return "".join(out), i + 1
        else:
            out.append(c)
            i += 1
    raise GameError(
        _("a quote opened at column {column} is not closed").format(column=start + 1), number
    )


def _clauses(text: str, number: int) -> list[list[Word]]:
    """A line's clauses (split at ``;``), each a list of words (split at blanks); a quoted
    part is taken as written (``"a;b"`` is one word); ``#`` outside quotes ends the line."""
    clauses: list[list[Word]] = [[]]
    chars: list[str] = []
    quoted = started = False
    i = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            part, i = _quoted(text, i, number)
            chars.append(part)
            quoted = started = True
            if text[i : i + 1] == ",":  # a list's comma after a quoted name: "a;b", C
                clauses[-1].append(Word("".join(chars), quoted))
                chars, quoted, started = [], False, False
                i += 1
            continue
        i += 1
        if c == "#":
            break
        if c == ";" or c.isspace():
            if started:
                clauses[-1].append(Word("".join(chars), quoted))
                chars, quoted, started = [], False, False
            if c == ";":
                clauses.append([])
            continue
        chars.append(c)
        started = True
    if started:
        clauses[-1].append(Word("".join(chars), quoted))
    return [clause for clause in clauses if clause]


def _clause_text(words: tuple[Word, ...] | list[Word]) -> str:
    return " ".join(quote_name(w.text) if w.quoted else w.text for w in words)


def needs_quotes(name: str) -> bool:
    """Whether ``name`` must be quoted on a sheet: it holds a blank or one of ``" ; # ,``, or
    it would be read as a seat wind, a round or a word of the sheet.

    >>> [needs_quotes(n) for n in ("1q4d", "Ron", "E", "S2", "a;b", "ロン")]
    [False, True, True, True, True, False]
    """
    low = name.lower()
    return (
        not name
        or any(c.isspace() or c in _SPLITTERS for c in name)
        or low in WIND_VALUES
        or low in _KEYWORDS
        or _LABEL.match(name) is not None
        or name.endswith(":")
    )


def quote_name(name: str) -> str:
    """``name`` as a sheet writes it: as it is, or quoted where :func:`needs_quotes`.

    >>> quote_name("Ron"), quote_name("1q4d"), quote_name('say "hi"')
    ('"Ron"', '1q4d', '"say \\\\"hi\\\\""')
    """
    if not needs_quotes(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True, slots=True)
class Sheet:
    """A read game sheet: the players in seat order, the rules it names, its round lines."""

    names: tuple[str, ...]
    preset: str | None
    rule_pairs: tuple[str, ...]
    title: str | None
    lines: tuple[SheetLine, ...]


#: A file that is neither a log in a format agari reads nor a game sheet (it has none of a
#: sheet's header lines); translated where raised.
_NEITHER_TEXT: Final = N_(
    "neither a game log agari reads (tenhou.net/6 JSON, Tenhou mjlog XML, a Mahjong Soul or "
    "Riichi City record, mjai JSON Lines) nor a game sheet (one starts with 'players: NAME NAME "
    "NAME NAME')"
)


def parse_sheet(text: str) -> Sheet:
    """Read a game sheet's header and split its round lines (the rounds are read against the
    game as it goes, :func:`outcome_of`). :class:`GameError` names the line."""
    names: tuple[str, ...] = ()
    preset: str | None = None
    pairs: list[str] = []
    title: str | None = None
    lines: list[SheetLine] = []
    headers = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        clauses = _clauses(raw, number)
        if not clauses:
            continue
        head = clauses[0][0]
        key = head.low()
        if key in _HEADERS and (head.text.endswith(":") or not lines):
            if lines:
                raise GameError(
                    _("{key}: the header comes before the first round").format(key=key), number
                )
            if len(clauses) > 1 and key not in ("title", "game", "event"):
                raise GameError(
                    _("{key}: a header line has no ';' (quote a name that has)").format(key=key),
                    number,
                )
            headers += 1
            values = [w for clause in clauses for w in clause][1:]
            if values and values[0].text == ":" and not values[0].quoted:
                values = values[1:]
            if key == "players":
                names = _read_names(values, number)
            elif key == "rules":
                words = _plain(values)
                if not words:
                    raise GameError(_("rules: name a preset, e.g. 'rules: tenhou'"), number)
                for word in words:
                    if "=" in word:
                        pairs.append(word)
                    else:
                        preset = word
            elif key == "rule":
                pairs.extend(_plain(values))
            elif key in ("title", "game", "event"):
                title = raw.split(head.text, 1)[1].split("#", 1)[0].strip(" :")
            continue
        if not names:
            raise _no_players(headers, number)
        lines.append(_round_line(raw, clauses, number))
    if not names:
        raise _no_players(headers, None)
    return Sheet(names, preset, tuple(pairs), title, tuple(lines))


def _no_players(headers: int, line: int | None) -> GameError:
    """The error of a file with no players before its first round line (``line``) or its
    end (``None``): with no header line at all it is no sheet, nor a log agari knows."""
    if not headers:
        return GameError(_(_NEITHER_TEXT), line)
    if line is None:
        return GameError(_("the sheet names no players: 'players: NAME NAME NAME NAME'"))
    return GameError(
        _(
            "the sheet names no players: start with 'players: NAME NAME NAME NAME' "
            "(seat order, the first deals first)"
        ),
        line,
    )


def _round_line(raw: str, clauses: list[list[Word]], number: int) -> SheetLine:
    """A round line, its label and counter (``E2-1``) split off where it starts with them."""
    label = honba = None
    line = raw.strip()
    match = _LABEL.match(line)
    if match:
        label = f"{match.group(1).upper()}{match.group(2)}"
        honba = int(match.group(3)) if match.group(3) is not None else None
        clauses = _clauses(match.group(4), number)
    if not clauses:
        raise GameError(_("a round line says nothing happened"), number)
    return SheetLine(number, line, label, honba, tuple(tuple(c) for c in clauses))


def _plain(words: list[Word]) -> list[str]:
    """A header's list (``rules: tenhou, aka=off``, ``rule: uma=15,5,-5,-15``)."""
    return split_switches(w.text for w in words)


def _read_names(words: list[Word], number: int) -> tuple[str, ...]:
    """The players line's names: blanks or commas between them, quoted where they need it
    (:func:`needs_quotes`)."""
    names: list[str] = []
    for word in words:
        if word.quoted:
            if not word.text:
                raise GameError(_('players: an empty name ("")'), number)
            names.append(word.text)
            continue
        for name in word.text.split(","):
            if not name:
                continue
            if needs_quotes(name):
                raise GameError(
                    _(
                        "players: {name} is read as a seat wind, a round or a word of the "
                        "sheet: write it quoted, {quoted}, here and where it is used"
                    ).format(name=repr(name), quoted=quote_name(name)),
                    number,
                )
            names.append(name)
    if len(names) not in (3, 4):
        raise GameError(_("players: 3 or 4 names, not {count}").format(count=len(names)), number)
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise GameError(_("players: {name} named twice").format(name=repr(twice)), number)
    return tuple(names)


def _seat(word: Word, state: GameState, names: tuple[str, ...], number: int) -> int:
    """A player's name (as written, or in any case where that names one player only), or
    a seat wind this round (unquoted)."""
    text = word.text if word.quoted else word.text.rstrip(",:")
    wind = None if word.quoted else WIND_VALUES.get(text.lower())
    if wind is not None and SEAT_WINDS.index(wind) < state.players:
        return state.seat_of(wind)  # unquoted, a wind is never a name (needs_quotes)
    if text in names:
        return names.index(text)
    folded = [seat for seat, name in enumerate(names) if name.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    shown = quote_name(text) if word.quoted else text
    if folded:
        raise GameError(
            _(
                "{name} names {count} players in different cases: write it as in the players "
                "line ({names})"
            ).format(
                name=repr(shown),
                count=len(folded),
                names=", ".join(quote_name(names[s]) for s in folded),
            ),
            number,
        )
    raise GameError(
        _("{name} is not a player: {names} (or a seat wind this round: {winds})").format(
            name=repr(shown),
            names=", ".join(quote_name(n) for n in names),
            winds=" ".join(SEAT_WINDS[: state.players]),
        ),
        number,
    )


def _seats(
    words: tuple[Word, ...], state: GameState, names: tuple[str, ...], number: int
) -> set[int]:
    out: set[int] = set()
    for word in words:
        parts = [word] if word.quoted else [Word(t) for t in word.text.split(",") if t]
        for part in parts:
            low = part.low()
            if low in _READY:
                continue
            if low in _EVERYBODY:
                out.update(range(state.players))
            elif low not in _NOBODY:
                out.add(_seat(part, state, names, number))
    return out


def _check_round(line: SheetLine, state: GameState) -> None:
    """A line's round label and counter, where it gives them, are the game's."""
    if line.label is not None and line.label != state.label:
        raise GameError(
            _("the line says {said} but the game is at {round}").format(
                said=line.label, round=state.label
            ),
            line.number,
        )
    if line.honba is not None and line.honba != state.honba:
        raise GameError(
            _("the line says {said} but the counter is {honba}").format(
                said=f"{line.label}-{line.honba}", honba=state.honba
            ),
            line.number,
        )


def _not_a_win(
    words: tuple[Word, ...], state: GameState, names: tuple[str, ...], number: int
) -> Outcome | None:
    """A clause that is a draw, nagashi, an abort or a chombo, as its outcome (without the
    round's riichi); ``None`` for a win."""
    first = words[0].low()
    if first in _DRAW:
        return Draw(frozenset(_seats(words[1:], state, names, number)))
    if first == "nagashi":
        if len(words) < 2:
            raise GameError(_("nagashi WHO: whose nagashi mangan?"), number)
        seat = _seat(words[1], state, names, number)
        return Draw(frozenset(_seats(words[2:], state, names, number)), nagashi=seat)
    if first in _ABORT or first in _REASONS:
        reason_word = first if first in _REASONS else (words[1].low() if words[1:] else "")
        reason = _REASONS.get(reason_word.replace("-", "_"))
        if reason is None:
            raise GameError(
                _(
                    "abort REASON: kyuushu, suufon, suucha (four riichi), suukaikan or "
                    "sanchahou, not {word}"
                ).format(word=repr(reason_word or pgettext("no word given", "nothing"))),
                number,
            )
        return Abort(reason)
    if first == "chombo":
        if len(words) != 2:
            raise GameError(_("chombo WHO: one player"), number)
        return Chombo(_seat(words[1], state, names, number))
    if len(words) >= 2 and words[1].low() == "chombo":
        return Chombo(_seat(words[0], state, names, number))
    return None


def outcome_of(line: SheetLine, state: GameState, names: tuple[str, ...]) -> Outcome:
    """The outcome a round line states, read against the game as it stands (seat winds and
    the round). :class:`GameError` names the line."""
    number = line.number
    _check_round(line, state)
    riichi: set[int] = set()
    wins: list[Win] = []
    other: Outcome | None = None
    for words in line.clauses:
        first = words[0].low()
        if first == "riichi":
            riichi |= _seats(words[1:], state, names, number)
            continue
        ends = first in _DRAW | _ABORT | set(_REASONS) | {"nagashi", "chombo"}
        if other is not None or (wins and ends):
            raise GameError(
                _("one round, one result: {clause} is a second one").format(
                    clause=repr(_clause_text(words))
                ),
                number,
            )
        found = _not_a_win(words, state, names, number)
        if found is None:
            wins.append(_win(words, state, names, number))
        else:
            other = found
    if wins:
        if other is not None:
            raise GameError(_("one round, one result: a win and a draw/abort/chombo"), number)
        return Wins(tuple(wins), frozenset(riichi))
    if other is None:
        raise GameError(_("riichi alone is not a round: add what happened"), number)
    if isinstance(other, Draw):
        return Draw(other.tenpai, frozenset(riichi), other.nagashi)
    if isinstance(other, Abort):
        return Abort(other.reason, frozenset(riichi))
    if riichi:
        raise GameError(_("a chombo round puts down no riichi sticks (they go back)"), number)
    return other


def _win(words: tuple[Word, ...], state: GameState, names: tuple[str, ...], number: int) -> Win:
    clause = _clause_text(words)
    if len(words) < 3:
        raise GameError(
            _(
                "{clause}: a win is 'WHO tsumo HAND' or 'WHO ron FROM HAND'; a result is "
                "draw, nagashi, abort or chombo"
            ).format(clause=repr(clause)),
            number,
        )
    seat = _seat(words[0], state, names, number)
    how = words[1].low()
    rest = list(words[2:])
    from_seat: int | None
    if how == "tsumo":
        from_seat = None
    elif how in ("ron", "from"):
        if rest and rest[0].low() == "from":
            rest = rest[1:]
        if len(rest) < 2:
            raise GameError(
                _("{clause}: 'WHO ron FROM HAND' needs the discarder and a hand").format(
                    clause=repr(clause)
                ),
                number,
            )
        from_seat = _seat(rest[0], state, names, number)
        rest = rest[1:]
    else:
        raise GameError(
            _("{clause}: after the winner comes 'tsumo' or 'ron FROM', not {word}").format(
                clause=repr(clause), word=repr(words[1].text)
            ),
            number,
        )
    pao, rest = _pao(rest, state, names, number)
    hand_words = [w.text for w in rest]
    low = [w.lower() for w in hand_words]
    if from_seat is not None and "tsumo" in low:
        raise GameError(_("the line says ron but the hand says tsumo"), number)
    hand = " ".join(w for w, lw in zip(hand_words, low, strict=True) if lw not in ("tsumo", "ron"))
    try:
        parsed, stated = read_hand(hand)
    except HandError as error:
        raise GameError(
            _("hand {hand}: {problem}").format(hand=repr(hand), problem=error.message), number
        ) from None
    return Win(seat, from_seat, parsed, pao, stated)


def _pao(
    words: list[Word], state: GameState, names: tuple[str, ...], number: int
) -> tuple[int | None, list[Word]]:
    """The liable player a hand names (``pao=WHO``, also ``pao = WHO``), and the hand's
    other words."""
    for i, word in enumerate(words):
        low = word.text.lower()
        if low == "pao" and i + 2 < len(words) and words[i + 1].text == "=":
            who, used = words[i + 2], 3
        elif low == "pao=" and i + 1 < len(words):
            who, used = words[i + 1], 2
        elif low.startswith(_PAO) and len(low) > len(_PAO):
            who, used = Word(word.text[len(_PAO) :], word.quoted), 1
        else:
            continue
        return _seat(who, state, names, number), words[:i] + words[i + used :]
    return None, words


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
            last = game.rounds[-1].before.label if game.rounds else _("the start")
            return SheetGame(
                sheet,
                game,
                GameError(
                    _(
                        "the game ended after {round} ({reason}); this line is one round too many"
                    ).format(round=last, reason=term(game.state.end_reason or "?")),
                    line.number,
                ),
            )
        try:
            game.play(outcome_of(line, game.state, sheet.names))
        except GameError as error:
            return SheetGame(sheet, game, GameError(error.message, line.number))
    return SheetGame(sheet, game, None)
