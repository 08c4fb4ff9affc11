"""A replayed game written as tenhou.net/6 JSON (``agari game --to tenhou6``), the format
the Tenhou viewer (tenhou.net/6) opens.

Takes a :class:`~agari.game.replayed.LogReplay`; gives one JSON object: ``title``,
``name``, ``rule`` (``disp``, ``aka51``…), ``ref`` (the game's id), ``log`` (one entry a
round, laid out as :mod:`agari.game.logs.tenhou6` reads it: header, scores, dora and ura
indicators, each seat's deal, draws and discards -- four seats' worth in a three-player
game, the fourth empty, as Tenhou writes them --, and the result), and ``sc`` (each seat's
final score and points). The play is the log's; every value is agari's: each win's result
with Tenhou's Japanese score string (``40符3飜5200点``, ``満貫2000-4000点``, ``30符2飜1000点∀``)
and yaku names (``立直(1飜)``, ``ドラ(2飜)``, ``国士無双(役満)``), the draws' and
aborts' words, the deltas and the final result. ``agari`` names the server and the
switches not its preset's, so that reading the file back gives the same rules.
"""

from __future__ import annotations

import json
from typing import Any, Final

from agari.game.export.common import ExportedWin, stated_rules, wins_of
from agari.game.ledger import GameState
from agari.game.logs import (
    Abort,
    Call,
    Discard,
    Draw,
    ExhaustiveDraw,
    Nagashi,
    NewDora,
    Win,
)
from agari.game.logs.yaku_names import DORA_NAMES, LOG_NAMES
from agari.game.replayed import LogReplay, ReplayedRound
from agari.result import Result
from agari.tiles import Tile

__all__ = ["tenhou_code", "to_tenhou6"]

TSUMOGIRI: Final = 60
_LIMITS: Final = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe_yakuman": "数え役満",
}
_ABORTS: Final = {
    "kyuushu": "九種九牌",
    "suufon": "四風連打",
    "suucha_riichi": "四家立直",
    "suukaikan": "四槓散了",
    "sanchahou": "三家和了",
}
_WINDS: Final = "東南西北"


def tenhou_code(tile: Tile) -> int:
    """Tenhou's tile code: 11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red fives."""
    if tile.red:
        return 51 + tile.kind // 9
    return (tile.kind // 9 + 1) * 10 + tile.kind % 9 + 1


def to_tenhou6(replay: LogReplay) -> str:
    """The game as one tenhou.net/6 JSON object (every round agari played; ``sc`` when the
    game was played to its end)."""
    rules, log = replay.rules, replay.log
    n = rules.players
    server, switches = stated_rules(replay)
    names = [*replay.game.names, *[""] * (4 - n)]
    room = log.rules.room if server == "tenhou" and log.rules.room else _disp(replay)
    m, p, s = rules.red_fives
    head: dict[str, Any] = {
        "ver": 2.3,
        "ref": log.game_id or "",
        "ratingc": f"PF{n}",
        "rule": {"disp": room, "aka51": m, "aka52": p, "aka53": s},
        "lobby": 0,
        "dan": [""] * 4,
        "rate": [1500.0] * 4,
        "sx": ["C"] * 4,
        "name": names,
        "title": [log.title or "", ""],
        "log": [_round(r, n) for r in replay.rounds],
        "agari": {"server": server, "rules": switches},
    }
    if replay.error is None and replay.game.state.finished:
        final = replay.standings
        sc: list[float] = []
        for seat in range(4):
            score = final.scores[seat] if seat < n else 0
            point = final.points[seat] if seat < n else 0
            sc += [score, int(point) if rules.final_points == "rounded" else float(point)]
        head["sc"] = sc
    return json.dumps(head, ensure_ascii=False) + "\n"


def _disp(replay: LogReplay) -> str:
    """The room's words for a game of another server: players, length, open tanyao, red."""
    rules = replay.rules
    return "".join(
        (
            "三" if rules.players == 3 else "",
            "東" if rules.game_length == "east" else "南",
            "喰" if rules.open_tanyao else "",
            "赤" if any(rules.red_fives) else "",
        )
    )


def _round(replayed: ReplayedRound, n: int) -> list[Any]:
    log, played = replayed.log, replayed.played
    before = played.before
    draws: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    dora = [tenhou_code(log.dora_indicator)]
    for event in log.events:
        if isinstance(event, Draw):
            draws[event.seat].append(tenhou_code(event.tile))
        elif isinstance(event, Discard):
            code = TSUMOGIRI if event.tsumogiri else tenhou_code(event.tile)
            discards[event.seat].append(f"r{code}" if event.riichi else code)
        elif isinstance(event, Call):
            _call(event, draws, discards)
        elif isinstance(event, NewDora):
            dora.append(tenhou_code(event.indicator))
    wins = wins_of(replayed)
    # the round's ura indicators: a writer may give them to its riichi winners only
    shown = next((w.log.ura_indicators for w in wins if w.log.ura_indicators), ())
    ura = [tenhou_code(t) for t in shown]
    out: list[Any] = [
        [log.wind * 4 + log.number - 1, before.honba, before.sticks],
        [*before.scores, *[0] * (4 - n)],
        dora,
        ura,
    ]
    for seat in range(4):
        hand = [tenhou_code(t) for t in log.hands[seat]] if seat < n else []
        out += [hand, draws[seat], discards[seat]]
    out.append(_result(replayed, wins, before, n))
    return out


def _call(call: Call, draws: list[list[Any]], discards: list[list[Any]]) -> None:
    """A call string (Tenhou's: the letter stands before the called tile, in the place of
    the seat it came from: first the left, then across, then the right)."""
    seat = call.seat
    if call.kind == "kita":
        discards[seat].append(f"f{tenhou_code(call.tiles[0])}")
        return
    if call.kind == "ankan":
        codes = [str(tenhou_code(t)) for t in call.tiles]
        discards[seat].append("".join(codes[:3]) + "a" + codes[3])
        return
    assert call.called is not None and call.from_seat is not None
    relative = (call.from_seat - seat) % 4  # 1 right, 2 across, 3 left, on four seats
    called = str(tenhou_code(call.called))
    if call.kind == "kakan":
        assert call.added is not None
        rest = list(call.tiles)
        rest.remove(call.added)
        rest.remove(call.called)
        pairs = [str(tenhou_code(t)) for t in rest]
        pairs.insert(3 - relative, f"k{tenhou_code(call.added)}{called}")
        discards[seat].append("".join(pairs))
        return
    pairs = [str(tenhou_code(t)) for t in call.from_hand]
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[call.kind]
    place = {3: 0, 2: 1, 1: 3 if call.kind == "daiminkan" else 2}[relative]
    pairs.insert(place, f"{letter}{called}")
    draws[seat].append("".join(pairs))
    if call.kind == "daiminkan":
        discards[seat].append(0)  # Tenhou's mark where the kan's turn is


def _result(
    replayed: ReplayedRound, wins: list[ExportedWin], before: GameState, n: int
) -> list[Any]:
    played = replayed.played
    pad = [0] * (4 - n)
    scored = [w for w in wins if w.scored is not None]
    if scored:
        out: list[Any] = ["和了"]
        for win in scored:
            out += [[*win.deltas, *pad], _win_info(win, before)]
        return out
    result = next(e for e in replayed.log.events if isinstance(e, ExhaustiveDraw | Nagashi | Abort))
    if isinstance(result, Abort):
        return [_ABORTS[result.reason]]
    deltas = [*played.deltas, *pad]
    if isinstance(result, Nagashi):
        return ["流し満貫", deltas]
    if len(played.tenpai) == n:
        return ["全員聴牌"]
    if not played.tenpai:
        return ["全員不聴"]
    return ["流局", deltas]


def _win_info(win: ExportedWin, before: GameState) -> list[Any]:
    event: Win = win.log
    assert win.scored is not None
    result = win.scored.result
    pao = event.pao_seat if event.pao_seat is not None else event.seat
    info: list[Any] = [event.seat, event.from_seat, pao, _score_text(result)]
    seat_wind = _WINDS["ESWN".index(before.wind_of(event.seat))]
    round_wind = _WINDS["ESWN".index(before.round_wind)]
    yakuman = bool(result.yakuman) and result.limit != "kazoe_yakuman"
    for yaku in result.yaku or ():
        name = _yaku_name(yaku.id, seat_wind, round_wind)
        if yakuman:
            info += [f"{name}(役満)"] * max(yaku.han // 13, 1)
        else:
            info.append(f"{name}({yaku.han}飜)")
    if not yakuman:
        for key, count in (result.dora or {}).items():
            if count:
                info.append(f"{DORA_NAMES[key].tenhou[0]}({count}飜)")
    return info


def _yaku_name(yaku: str, seat_wind: str, round_wind: str) -> str:
    """Tenhou's name of a yaku (the wind yaku name their wind); an agari id where Tenhou
    has none (a house rule's yaku)."""
    if yaku == "seat_wind":
        return f"自風 {seat_wind}"
    if yaku == "round_wind":
        return f"場風 {round_wind}"
    names = LOG_NAMES.get(yaku)
    return names.tenhou[0] if names is not None and names.tenhou else yaku


def _score_text(result: Result) -> str:
    """Tenhou's score string: fu and han (or the limit), then the payment: a ron's, a
    non-dealer tsumo's ``non-dealer-dealer``, a dealer tsumo's ``each∀``."""
    limit = result.limit
    if limit is None:
        value = f"{result.fu}符{result.han}飜"
    elif limit in _LIMITS:
        value = _LIMITS[limit]
    else:
        value = "役満"
    pay = result.payment or {}
    if "ron" in pay:
        return f"{value}{pay['ron']}点"
    if "tsumo_each" in pay:
        return f"{value}{pay['tsumo_each']}点∀"
    return f"{value}{pay.get('tsumo_non_dealer', 0)}-{pay.get('tsumo_dealer', 0)}点"
