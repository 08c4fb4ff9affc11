"""A replayed game written as mjai JSON Lines (``agari game --to mjai``).

Takes a :class:`~agari.game.replayed.LogReplay`; gives the text, one event a line: the
play as the log has it (``start_game``, ``start_kyoku``, ``tsumo``, ``reach`` and the
``dahai`` it declares with, ``reach_accepted``, ``chi``/``pon``/``daiminkan``/``kakan``/
``ankan``, ``kita``, ``dora``, ``end_kyoku``, ``end_game``), and every value agari's own:
each ``hora`` carries, beside ``deltas`` and ``ura_markers``, the ``han``, ``fu``, ``yaku``
(SPEC §5 ids with their han), ``yakuman``, ``points`` and ``dora`` of agari's scoring; a
``ryukyoku`` its ``reason``, ``deltas`` and the ready seats (``tenpais``); ``end_game`` the
final ``scores`` and ``points``. ``start_game`` names the players and, under ``agari``, the
rules (the server and the switches not its preset's) and the game's id, so that reading the
file back gives the same game.
"""

from __future__ import annotations

import json
from typing import Any, Final

from agari.game.export.common import ExportedWin, stated_rules, wins_of
from agari.game.logs import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    Nagashi,
    NewDora,
    RiichiAccepted,
    Win,
)
from agari.game.replayed import LogReplay, ReplayedRound
from agari.tiles import Tile

__all__ = ["mjai_tile", "to_mjai"]

_HONOURS: Final = "ESWNPFC"
#: SPEC §7 abort reasons -> the ``ryukyoku`` reason mjai writes (gimite's mjai).
_REASONS: Final = {
    "kyuushu": "kyushukyuhai",
    "suufon": "suufonrenda",
    "suucha_riichi": "suuchareach",
    "suukaikan": "suukaikan",
    "sanchahou": "sanchaho",
}


def mjai_tile(tile: Tile) -> str:
    """``1m`` … ``9s``, ``5mr`` for a red five, ``E S W N P F C`` for the honours."""
    if tile.kind >= 27:
        return _HONOURS[tile.kind - 27]
    return f"{tile.kind % 9 + 1}{'mps'[tile.kind // 9]}{'r' if tile.red else ''}"


def to_mjai(replay: LogReplay) -> str:
    """The game as mjai JSON Lines (every round agari played; ``end_game`` when the game
    was played to its end)."""
    server, switches = stated_rules(replay)
    agari: dict[str, Any] = {"server": server, "rules": switches}
    if replay.log.game_id:
        agari["game_id"] = replay.log.game_id
    lines: list[dict[str, Any]] = [
        {"type": "start_game", "names": list(replay.game.names), "agari": agari}
    ]
    for replayed in replay.rounds:
        lines += _round(replayed)
    if replay.error is None and replay.game.state.finished:
        final = replay.standings
        lines.append(
            {
                "type": "end_game",
                "scores": list(final.scores),
                "points": [float(p) for p in final.points],
            }
        )
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def _round(replayed: ReplayedRound) -> list[dict[str, Any]]:
    log, played = replayed.log, replayed.played
    before = played.before
    n = len(before.scores)
    lines: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": "ESWN"[log.wind],
            "kyoku": log.number,
            "honba": before.honba,
            "kyotaku": before.sticks,
            "oya": log.dealer,
            "scores": list(before.scores),
            "dora_marker": mjai_tile(log.dora_indicator),
            "tehais": [[mjai_tile(t) for t in hand] for hand in log.hands],
        }
    ]
    wins = iter(wins_of(replayed))
    for event in log.events:
        line = _play(event)
        if line is not None:
            lines += line
        elif isinstance(event, ExhaustiveDraw | Nagashi | Abort):
            lines.append(_ryukyoku(event, played.deltas, played.tenpai, n))
        elif isinstance(event, Win):
            lines.append(_hora(next(wins)))
    lines.append({"type": "end_kyoku"})
    return lines


def _play(event: Event) -> list[dict[str, Any]] | None:
    """The mjai lines of a play event, or ``None`` for a result (and ``[]`` for what mjai
    has no event for: the server's furiten flags and waits, the round's end)."""
    if isinstance(event, Draw):
        return [{"type": "tsumo", "actor": event.seat, "pai": mjai_tile(event.tile)}]
    if isinstance(event, Discard):
        dahai = {
            "type": "dahai",
            "actor": event.seat,
            "pai": mjai_tile(event.tile),
            "tsumogiri": event.tsumogiri,
        }
        return [{"type": "reach", "actor": event.seat}, dahai] if event.riichi else [dahai]
    if isinstance(event, Call):
        return [_call(event)]
    if isinstance(event, RiichiAccepted):
        return [{"type": "reach_accepted", "actor": event.seat}]
    if isinstance(event, NewDora):
        return [{"type": "dora", "dora_marker": mjai_tile(event.indicator)}]
    if isinstance(event, ExhaustiveDraw | Nagashi | Abort | Win):
        return None
    return []


def _call(call: Call) -> dict[str, Any]:
    line: dict[str, Any] = {"type": call.kind, "actor": call.seat}
    if call.kind == "kita":
        line["pai"] = mjai_tile(call.tiles[0])
    elif call.kind == "ankan":
        line["consumed"] = [mjai_tile(t) for t in call.tiles]
    elif call.kind == "kakan":
        assert call.added is not None
        rest = list(call.tiles)
        rest.remove(call.added)
        line.update(pai=mjai_tile(call.added), consumed=[mjai_tile(t) for t in rest])
    else:
        assert call.called is not None
        line.update(
            target=call.from_seat,
            pai=mjai_tile(call.called),
            consumed=[mjai_tile(t) for t in call.from_hand],
        )
    return line


def _hora(win: ExportedWin) -> dict[str, Any]:
    event = win.log
    line: dict[str, Any] = {
        "type": "hora",
        "actor": event.seat,
        "target": event.from_seat,
        "deltas": list(win.deltas),
        "ura_markers": [mjai_tile(t) for t in event.ura_indicators],
    }
    if event.pao_seat is not None:
        line["pao"] = event.pao_seat
    if win.scored is not None:
        result = win.scored.result
        line.update(
            han=result.han,
            fu=result.fu,
            yaku=[{"id": y.id, "han": y.han} for y in result.yaku or ()],
            yakuman=result.yakuman or 0,
            points=result.points,
            dora=dict(result.dora or {}),
        )
    return line


def _ryukyoku(
    event: ExhaustiveDraw | Nagashi | Abort,
    deltas: tuple[int, ...],
    tenpai: tuple[int, ...],
    players: int,
) -> dict[str, Any]:
    if isinstance(event, Abort):
        return {"type": "ryukyoku", "reason": _REASONS[event.reason], "deltas": list(deltas)}
    return {
        "type": "ryukyoku",
        "reason": "nagashimangan" if isinstance(event, Nagashi) else "fanpai",
        "deltas": list(deltas),
        "tenpais": [seat in tenpai for seat in range(players)],
    }
