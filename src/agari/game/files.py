"""One game file read whole, the way ``agari game`` and the web page's ``POST /api/game``
both take it: its bytes told apart by their content (a game log -- tenhou.net/6 JSON, Tenhou
mjlog XML, a Mahjong Soul or Riichi City record, mjai JSON Lines, plain or gzip -- is
replayed, anything else is read as a game sheet), played
through, and kept as a :class:`GameFile`: the replay or the played sheet, the SPEC §7
records (:meth:`GameFile.records`, what ``agari game --json`` prints) and the error that
stopped it, naming the line (a sheet) or the round and event (a log). The text score sheet is
drawn from it one stage up (:func:`agari.render.game_file.game_text`).

Never raises for bad input.

>>> done = read_game(b"players: A B C D\\nE1 A tsumo 234m567p23455s78s+6s", "club.txt")
>>> done.kind, done.status, done.error, [r["kind"] for r in done.records()]
('sheet', 0, None, ['round', 'end'])
>>> read_game(b"E1 draw", "x.txt").error_line
1
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Final, Literal

from agari.errors import RuleError
from agari.game.log_rules import decide_rules
from agari.game.logs import LogError, detect_format, read_log
from agari.game.logs import _text as log_text
from agari.game.outcomes import GameError
from agari.game.replay import end_record, round_record
from agari.game.replay_log import LogReplay, replay_log
from agari.game.sheet import SheetGame, play_sheet
from agari.lang import _

__all__ = ["GameFile", "read_game"]

_GZIP: Final = b"\x1f\x8b"


@dataclass(frozen=True, slots=True)
class GameFile:
    """One file read and played. ``kind``: ``"log"``, ``"sheet"``, or ``None`` when it could
    not be read at all; ``replay`` (a log) or ``sheet`` (a game sheet) what was played;
    ``error`` the reason it stopped, as ``agari game`` prints it after ``agari game:`` (the
    rounds before it are still played); ``status`` the command's exit status for this file
    (0 read to its end, 1 an error in the file, 2 bad rules given with the file);
    ``error_line`` (a sheet), ``error_round`` and ``error_event`` (a log; the round also for
    a sheet) where the error is."""

    name: str
    kind: Literal["log", "sheet"] | None
    replay: LogReplay | None = None
    sheet: SheetGame | None = None
    error: str | None = None
    status: int = 0
    error_line: int | None = None
    error_round: str | None = None
    error_event: int | None = None

    def records(self) -> list[dict[str, Any]]:
        """SPEC §7 JSON: one object per round played, an ``error`` object where the game
        stopped early, then the ``end`` object; empty when nothing could be played."""
        if self.replay is not None:
            return self.replay.records()
        if self.sheet is None:
            return []
        game = self.sheet.game
        records = [round_record(self.name, i, r) for i, r in enumerate(game.rounds)]
        if self.sheet.error:
            records.append(
                {
                    "kind": "error",
                    "game": self.name,
                    "line": self.sheet.error.line,
                    "message": self.sheet.error.message,
                }
            )
        records.append(end_record(self.name, game.standings()))
        return records


def read_game(
    data: bytes,
    name: str,
    preset: str | None = None,
    pairs: tuple[str, ...] = (),
    *,
    max_unpacked: int | None = None,
) -> GameFile:
    """Read, play and keep one game file. ``name`` is the file's name as shown in the
    records and messages (``agari game`` gives the path, ``<stdin>`` for ``-``); for an
    mjlog it is also where the game id comes from. ``preset``/``pairs`` are
    ``--rules``/``--rule`` over the rules the file states. ``max_unpacked``: refuse a gzip
    file that unpacks to more bytes than this (a server's guard; the command has none)."""
    if max_unpacked is not None and data[:2] == _GZIP:
        inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
        try:
            size = len(inflater.decompress(data, max_unpacked + 1))
        except zlib.error:
            size = 0  # the reader says what is wrong with it
        if size > max_unpacked:
            message = _("{where}: {problem}").format(
                where=name,
                problem=_("the gzip file unpacks to more than {count} bytes").format(
                    count=max_unpacked
                ),
            )
            return GameFile(name, None, error=message, status=1)
    try:
        text = log_text(data, name)
    except LogError as error:
        return GameFile(name, None, error=str(error), status=1)
    if detect_format(text) is not None:
        return _log(name, data, text, preset, pairs)
    return _sheet(name, text, preset, pairs)


def _log(name: str, data: bytes, text: str, preset: str | None, pairs: tuple[str, ...]) -> GameFile:
    error: LogError | None = None
    try:
        log = read_log(data, game=name)
    except LogError as e:
        error = e
        partial = e.log
        if partial is None or not partial.rounds:
            return GameFile(
                name,
                "log",
                error=str(e),
                status=1,
                error_round=e.round_label,
                error_event=e.event_index,
            )
        log = partial
    try:
        choice = decide_rules(log, preset, pairs)
    except RuleError as e:
        return GameFile(
            name, "log", error=_("{where}: {problem}").format(where=name, problem=e), status=2
        )
    replay = replay_log(log, choice, name=name, error=error)
    return GameFile(
        name,
        "log",
        replay=replay,
        error=replay.error,
        status=1 if replay.error else 0,
        error_round=replay.stopped_round,
        error_event=replay.stopped_event,
    )


def _sheet(name: str, text: str, preset: str | None, pairs: tuple[str, ...]) -> GameFile:
    try:
        played = play_sheet(text, preset, pairs)
    except GameError as error:
        return GameFile(
            name,
            "sheet",
            error=_("{where}: {problem}").format(where=name, problem=error),
            status=1,
            error_line=error.line,
        )
    except RuleError as error:
        return GameFile(name, "sheet", error=str(error), status=2)
    if played.error is None:
        return GameFile(name, "sheet", sheet=played)
    state = played.game.state
    return GameFile(
        name,
        "sheet",
        sheet=played,
        error=_("{where}: {problem}").format(where=name, problem=played.error),
        status=1,
        error_line=played.error.line,
        error_round=f"{state.label}-{state.honba}",
    )
