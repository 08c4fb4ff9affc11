"""Game-log readers: real game logs read into one event stream of agari's value types.

Takes a log file (a path) or its bytes, plain or gzip: tenhou.net/6 JSON (one object with
``log``, or JSON Lines of one-round objects whose ``log``s follow each other), Tenhou's
mjlog XML (``<mjloggm …>``), a Mahjong Soul record (``head`` and its records), a Riichi
City record (``handRecord``) or mjai JSON Lines (``start_game``, ``start_kyoku`` …).
Gives a :class:`GameLog`: the game's players and stated
rules, and its rounds, each a :class:`RoundLog` whose ``events`` are :data:`Event` values
in play order. Nothing is scored here (the replay does that on top of these events).

>>> log = read_log(b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>')
>>> log.source, log.rules.room, log.rules.players, log.rounds
('mjlog', '鳳南喰赤', 4, ())
"""

from __future__ import annotations

import gzip
import os
import re
import zlib
from pathlib import Path
from typing import Final

from agari.game.logs.events import (
    CALL_KINDS,
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
    StatedFuriten,
    StatedWaits,
    Win,
)
from agari.game.logs.majsoul import read_majsoul
from agari.game.logs.mjai import read_mjai
from agari.game.logs.mjlog import decode_meld, read_mjlog
from agari.game.logs.riichicity import read_riichicity
from agari.game.logs.servers import game_date
from agari.game.logs.tenhou6 import parse_call, read_tenhou6, tile_from_code
from agari.game.outcomes import ABORT_REASONS, AbortReason
from agari.lang import _

__all__ = [
    "ABORT_REASONS",
    "CALL_KINDS",
    "Abort",
    "AbortReason",
    "Call",
    "CallKind",
    "Discard",
    "Draw",
    "Event",
    "ExhaustiveDraw",
    "GameLog",
    "Limit",
    "LogError",
    "LogRules",
    "Nagashi",
    "NewDora",
    "Result",
    "RiichiAccepted",
    "RoundEnd",
    "RoundLog",
    "StatedFuriten",
    "StatedWaits",
    "Win",
    "decode_meld",
    "detect_format",
    "game_date",
    "parse_call",
    "read_log",
    "read_majsoul",
    "read_mjai",
    "read_mjlog",
    "read_riichicity",
    "read_tenhou6",
    "tile_from_code",
]


def read_log(source: str | os.PathLike[str] | bytes, *, game: str | None = None) -> GameLog:
    """Read one game log, telling the format from its content.

    ``source``: a path, or the file's bytes. ``game`` names the log in errors (a path's
    file name by default) and gives the game id where the log does not hold one (mjlog
    files never do: Tenhou's id is the file name). Raises :class:`LogError` on a log that
    cannot be read; ``error.rounds`` holds every round read before the damage.
    """
    if isinstance(source, bytes):
        data = source
    else:
        path = Path(source)
        game = game or path.name
        try:
            data = path.read_bytes()
        except OSError as e:
            raise LogError(
                _("cannot read the file: {problem}").format(problem=e.strerror or e), game=game
            ) from None
    text = _text(data, game)
    fmt = detect_format(text)
    if fmt == "mjlog":
        return read_mjlog(text, game)
    if fmt == "tenhou6":
        return read_tenhou6(text, game)
    if fmt == "majsoul":
        return read_majsoul(text, game)
    if fmt == "riichicity":
        return read_riichicity(text, game)
    if fmt == "mjai":
        return read_mjai(text, game)
    raise LogError(
        _(
            "not a game log agari reads (tenhou.net/6 JSON, mjlog XML, a Mahjong Soul or "
            "Riichi City record, mjai JSON Lines)"
        ),
        game=game,
    )


#: What a Mahjong Soul record holds beside its ``head`` (its id, accounts, the records).
_MAJSOUL_KEYS: Final = ('"uuid"', '"accounts"', ".lq.GameDetailRecords", '"actions"')
#: What a Riichi City record holds (its hands and their events).
_RIICHICITY_KEYS: Final = ('"handRecord"', '"handEventRecord"')
#: The first event of an mjai stream: a game's or a round's start.
_MJAI_START: Final = re.compile(r'"type"\s*:\s*"(?:start_game|start_kyoku)"')


def detect_format(text: str) -> str | None:
    """``"mjlog"``, ``"tenhou6"``, ``"majsoul"``, ``"riichicity"``, ``"mjai"`` or
    ``None``, from the first characters: an XML root ``<mjloggm``; a JSON object with a
    ``head`` and the game records (a Mahjong Soul record); one with ``handRecord`` (a
    Riichi City record); a first line that is an mjai ``start_game`` or ``start_kyoku``
    event; any other JSON (tenhou.net/6, whose reader says what is wrong with it)."""
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    if head.startswith("<"):
        return "mjlog" if "<mjloggm" in head else None
    if head.startswith(("{", "[")):
        if '"head"' in head and any(key in head for key in _MAJSOUL_KEYS):
            return "majsoul"
        if any(key in head for key in _RIICHICITY_KEYS):
            return "riichicity"
        if head.startswith("{") and _MJAI_START.search(head.split("\n", 1)[0]):
            return "mjai"
        return "tenhou6"
    return None


def _text(data: bytes, game: str | None) -> str:
    """The log's text: un-gzipped when it is gzip (a cut-off gzip gives what it holds)."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error):
            # A cut-off archive: keep what it holds, so the rounds before the cut are read.
            inflater = zlib.decompressobj(zlib.MAX_WBITS | 16)
            try:
                data = inflater.decompress(data)
            except zlib.error as e:
                raise LogError(
                    _("a damaged gzip file: {problem}").format(problem=e), game=game
                ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # A cut may split a character; the reader then reports the cut where it finds it.
        return data.decode("utf-8-sig", errors="replace")
