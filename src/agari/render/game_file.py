"""A game file read by :func:`agari.game.files.read_game` as the text score sheet that
``agari game`` prints: a log's replay with the log's values beside agari's
(:func:`agari.render.log_sheet.render_log_replay`), or a game sheet played through
(:func:`agari.render.sheet.render_game`); empty when nothing could be played. And as the
SPEC §7 JSON Lines that ``agari game --json`` prints and ``POST /api/game`` answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agari.render.log_sheet import render_log_replay
from agari.render.sheet import render_game
from agari.result import json_line

if TYPE_CHECKING:
    from agari.game.files import GameFile

__all__ = ["game_json_lines", "game_text"]


def game_json_lines(done: GameFile) -> str:
    """``done``'s SPEC §7 records, one JSON line each; a name holding a lone surrogate (a
    log's JSON may hold one) is written as its ``\\u`` escape (:func:`json_line`)."""
    return "".join(json_line(record) + "\n" for record in done.records())


def game_text(done: GameFile) -> str:
    """The score sheet of ``done`` (every round played, ``stopped:`` where it stopped, the
    standings), as ``agari game`` prints it."""
    if done.replay is not None:
        return render_log_replay(done.replay)
    if done.sheet is None:
        return ""
    played = done.sheet
    game = played.game
    return render_game(
        game.rounds,
        game.names,
        game.standings(),
        title=played.sheet.title or done.name,
        rules=game.rules.describe(),
        start=(game.rules.start_points,) * game.state.players,
        error=str(played.error) if played.error else None,
    )
