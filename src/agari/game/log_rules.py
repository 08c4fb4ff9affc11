"""The rules a game log was played under: one table from what the log says (server,
players, length, room, starting scores, date, final result) to a preset and its overrides.

The readers (:mod:`agari.game.logs`) decide what a file says: :class:`~agari.game.logs.
LogRules` (server, players, red fives, open tanyao, length, room, and the game rules a
record states outright), the game's date and where it came from (an id inside the file, or
only the file name), the first round's scores and the final result. This module maps that
to :class:`~agari.rules.Rules` (:func:`decide_rules`), and says how each rule the log does
not state outright was decided (:attr:`RulesChoice.notes`). Nothing else decides rules.

Tenhou's final points (RULES.md "Games"): older games round them to whole points, later
ones keep one decimal, and the uma of the early east-only rooms was not one fixed era.
Where a log states its final scores and points, they show both: the uma and rounding that
reproduce them are taken (:func:`implied_points_rules`). Only a log that states no final
points falls back on the game's date (and the room).
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from agari.errors import RuleError
from agari.game.logs import GameLog
from agari.game.standings import final_points
from agari.lang import _
from agari.rules import Rules, presets_for

__all__ = [
    "DECIMAL_POINTS_FROM",
    "UMA_CANDIDATES",
    "RulesChoice",
    "decide_rules",
    "implied_points_rules",
    "log_rules",
]

#: Tenhou shows the final points with one decimal in later games and rounded to whole
#: points in older ones (RULES.md "Games"). A log that states no final points and is dated
#: from this day on is taken as decimal (a guess inside the window the logs seen leave).
DECIMAL_POINTS_FROM: Final = datetime.date(2022, 9, 1)

#: Tenhou's four-player rules changed in 2009, as real logs show (RULES.md "Games"; issue
#: 24's collection of real logs): east-only games up to 2009-06-18 record uma +10 +5 -5
#: -10, from 2009-12-02 on +20 +10 -10 -20; games of 2009 go on after the last dealer
#: was ready and on top (no tenpai-yame) and east-only games into West, games of 2022 end
#: there (tenpai-yame) and stop after South. No log seen dates the change closer: this
#: day, midway between, is where a log that cannot show it is taken to fall.
TENHOU_2009_CHANGE: Final = datetime.date(2009, 9, 10)

#: The preset for each (server, players).
PRESET_FOR: Final[dict[tuple[str, int], str]] = {
    ("tenhou", 4): "tenhou",
    ("tenhou", 3): "tenhou-sanma",
    ("majsoul", 4): "majsoul",
    ("majsoul", 3): "majsoul-sanma",
    ("riichicity", 4): "riichicity",
    ("riichicity", 3): "riichicity-sanma",
}

#: The rules a server's room brings beside its preset, where the log does not state them
#: (``"start"``: the game's starting points). Riichi City's tournaments set their own rules:
#: these are those of its three-player tournaments of 2022, as their records show them
#: (nine games of Badtaro/RiichiCityTournamentBot, three of them in ../shared/logs):
#: kiriage (4 han 30 fu wins paid 6000 by tsumo, 8000 by ron), no agari-yame (the dealer on
#: top after South 3 deals again), each ready seat paid 2000 at a draw where two are ready
#: (deltas 2000 2000 -4000, three times), no oka and uma +10 0 -10 (their final results,
#: from 50000).
ROOM_RULES: Final[dict[tuple[str, int, str], dict[str, str]]] = {
    ("riichicity", 3, "tournament"): {
        "kiriage": "on",
        "agari_yame": "off",
        "noten_payments": "each_ready",
        "return_points": "start",
        "goal_points": "start",
        "uma": "10,0,-10",
    },
}

#: The uma seen on the servers (RULES.md "Games"), tried against a log's final points.
UMA_CANDIDATES: Final[dict[int, tuple[str, ...]]] = {
    4: ("20,10,-10,-20", "10,5,-5,-10", "15,5,-5,-15", "30,10,-10,-30"),
    3: ("20,0,-20", "15,0,-15", "10,0,-10"),
}
_ROUNDINGS: Final = ("rounded", "decimal")


@dataclass(frozen=True, slots=True)
class RulesChoice:
    """The rules of a log and, in ``notes``, how each rule the log does not state outright
    was decided (shown with the game's score sheet). ``shown_by_rounds``: the switches
    guessed (by the date) whose value a game's own rounds can show (where it ends or goes
    on); the replay takes what the rounds show where the two disagree."""

    rules: Rules
    notes: tuple[str, ...] = ()
    shown_by_rounds: tuple[str, ...] = ()


#: The game-end switches whose value the rounds of a whole game show, with their values
#: (the length too, for a log that does not say it: an mjai file).
END_SWITCHES: Final[dict[str, tuple[str, ...]]] = {
    "tenpai_yame": ("on", "off"),
    "extension": ("to_west", "next_wind"),
    "game_length": ("south", "east"),
}


def end_alternatives(choice: RulesChoice) -> list[dict[str, str]]:
    """The other values of the guessed game-end switches, one switch changed, then two,
    then all, for a replay whose end disagrees with the log's rounds."""
    free = [key for key in choice.shown_by_rounds if key in END_SWITCHES]
    rules = choice.rules
    others = {key: next(v for v in END_SWITCHES[key] if v != rules.value_text(key)) for key in free}
    keys = list(others)
    return [
        {key: others[key] for key in chosen}
        for size in range(1, len(keys) + 1)
        for chosen in itertools.combinations(keys, size)
    ]


def log_rules(log: GameLog, preset: str | None = None, pairs: Iterable[str] = ()) -> Rules:
    """The rules a log was played under (:func:`decide_rules` without its notes)."""
    return decide_rules(log, preset, pairs).rules


def decide_rules(log: GameLog, preset: str | None = None, pairs: Iterable[str] = ()) -> RulesChoice:
    """The rules a log was played under: the server's preset for its number of players
    (Tenhou ``tenhou`` / ``tenhou-sanma``, Mahjong Soul ``majsoul`` / ``majsoul-sanma``),
    red fives, open tanyao, length and the game rules where the log states them, the
    starting points from its first round, and Tenhou's uma and rounding of the final
    points from the final result it states (else from the room and date); then ``preset``
    (``--rules``) in place of all that and ``pairs`` (``--rule``) on top.
    :class:`~agari.errors.RuleError` for an unknown preset or switch."""
    info = log.rules
    notes: list[str] = []
    if preset is not None:
        rules = Rules.preset(preset).with_options(pairs)
        if Rules.preset(preset).players != info.players:
            raise RuleError(
                _(
                    "--rules {preset} is a {count}-player preset but the log has {players} "
                    "players: give one of the {presets}"
                ).format(
                    preset=preset,
                    count=rules.players,
                    players=info.players,
                    presets=presets_for(info.players),
                )
            )
        return RulesChoice(_fitting(rules, info.players))
    server = info.server
    if server is None:
        server = "tenhou"
        notes.append(_("the log does not name its server: Tenhou's rules are taken"))
    base = Rules.preset(PRESET_FOR.get((server, info.players), PRESET_FOR["tenhou", 4]))
    changes = {}
    if info.red_fives is False:
        changes["aka"] = "off"
    if info.open_tanyao is False:
        changes["open_tanyao"] = "off"
    if info.length is not None:
        changes["game_length"] = info.length
    stated = dict(info.stated_switches)
    changes.update(stated)
    changes.update(_room_changes(log, server, base, changes, notes))
    changes.update(_start_changes(log, base, notes))
    shown: tuple[str, ...] = ()
    if server == "tenhou" and info.players == 4:
        shown = tuple(key for key in END_SWITCHES if key not in changes)
        changes.update(_tenhou_era(log, info.length, shown))
    rules = _points_rules(log, base.with_overrides(changes), server, notes, stated)
    # what the log states outright is never guessed again
    rules = rules.with_overrides(stated)
    # the rules' name shows only what differs from the server's preset
    changed = {key: text for key, text in rules.overrides if base.value_text(key) != text}
    rules = base.with_overrides(changed)
    given = {pair.split("=", 1)[0].strip().lower() for pair in pairs}
    free = tuple(key for key in shown if key not in given)
    return RulesChoice(_fitting(rules.with_options(pairs), info.players), tuple(notes), free)


def _fitting(rules: Rules, players: int) -> Rules:
    """``rules``, or a :class:`RuleError` where they cannot play the log's game."""
    if rules.players != players:  # --rule players=N
        raise RuleError(
            _(
                "the log has {players} players but the rules say players={count}: drop "
                "players={count}, or give one of the {presets}"
            ).format(players=players, count=rules.players, presets=presets_for(players))
        )
    places = len(rules.uma.split(","))
    if places != players:
        raise RuleError(
            _(
                "uma={uma} has {places} places but the log has {players} players: give "
                "--rule uma= with {players} places, or one of the {presets}"
            ).format(uma=rules.uma, places=places, players=players, presets=presets_for(players))
        )
    return rules


def _tenhou_era(log: GameLog, length: str | None, keys: tuple[str, ...]) -> dict[str, str]:
    """Tenhou's game-end rules by the game's date (:data:`TENHOU_2009_CHANGE`): the
    replay corrects them where a game's rounds show otherwise."""
    old = log.date is not None and log.date < TENHOU_2009_CHANGE
    era = {
        "tenpai_yame": "off" if old else "on",
        "extension": "to_west" if old or length != "east" else "next_wind",
    }
    return {key: era[key] for key in keys if key in era}


def _room_changes(
    log: GameLog, server: str, base: Rules, stated: dict[str, str], notes: list[str]
) -> dict[str, str]:
    """The rules of the log's room (:data:`ROOM_RULES`) that the log does not state."""
    room = ROOM_RULES.get((server, log.players, log.rules.room or ""))
    if room is None:
        return {}
    start = stated.get("start_points") or str(base.start_points)
    if "start_points" not in stated and log.rounds and log.rounds[0].scores:
        start = str(log.rounds[0].scores[0])
    changes = {
        key: start if value == "start" else value
        for key, value in room.items()
        if key not in stated
    }
    words = ", ".join(f"{key}={value}" for key, value in changes.items())
    notes.append(
        _("a {room} of {server}: {words}, as such rooms' records show").format(
            room=log.rules.room, server=server, words=words
        )
    )
    return changes


def _start_changes(log: GameLog, base: Rules, notes: list[str]) -> dict[str, str]:
    """The starting points from the first round's scores, where they are all alike and
    not the preset's: the return and goal points move with them (the oka stays)."""
    stated = {key for key, _ in log.rules.stated_switches}
    if not log.rounds or "start_points" in stated:
        return {}
    first = log.rounds[0]
    scores = first.scores
    if scores is None or first.index != 0:
        return {}
    if len(set(scores)) != 1 or first.sticks or (first.wind, first.number) != (0, 1):
        notes.append(
            _("the log starts at {round} with scores {scores}: a game followed from there").format(
                round=first.label, scores=" ".join(map(str, scores))
            )
        )
        return {}
    start = scores[0]
    if start == base.start_points:
        return {}
    shift = start - base.start_points
    goal = max(base.goal_points, start)
    notes.append(
        _(
            "every player starts with {start}, not the preset's {preset} (as the log's first "
            "round states): the return moves by {shift} (the oka stays), the goal is {goal}"
        ).format(start=start, preset=base.start_points, shift=f"{shift:+}", goal=goal)
    )
    return {
        "start_points": str(start),
        "return_points": str(base.return_points + shift),
        "goal_points": str(goal),
    }


def _points_rules(
    log: GameLog, rules: Rules, server: str, notes: list[str], stated: dict[str, str]
) -> Rules:
    """The uma and rounding of the final points: as the log states them outright; else as
    its final result shows them; else, for Tenhou, by the room and date; else the
    preset's."""
    if "uma" in stated and "final_points" in stated:
        return rules
    # only Tenhou rounds its final points to whole numbers
    roundings = _ROUNDINGS if server == "tenhou" else ("decimal",)
    implied = implied_points_rules(log, rules, roundings)
    if implied is not None:
        back = ""
        if implied.return_points != rules.return_points:
            back = (
                _(", the return {points} (no oka)")
                if implied.return_points == implied.start_points
                else _(", the return {points} (oka)")
            ).format(points=implied.return_points)
        notes.append(
            _(
                "uma {uma}{back} and {rounding} final points, as the log's final result shows"
            ).format(uma=_signed(implied.uma), back=back, rounding=_rounding(implied))
        )
        return implied
    if server != "tenhou":
        return rules
    date = log.date
    uma = rules.uma
    if rules.players == 4:
        east_2009 = rules.game_length == "east" and date is not None and date < TENHOU_2009_CHANGE
        uma = "10,5,-5,-10" if east_2009 else "20,10,-10,-20"
    decimal = date is not None and date >= DECIMAL_POINTS_FROM
    # both switches always stated, as where the final result shows them
    guessed = rules.with_overrides(
        {"uma": uma, "final_points": "decimal" if decimal else "rounded"}
    )
    if date is None:
        when = _("the log states neither its final points nor its date")
    elif log.date_from == "name":
        when = _("by the date in the file name ({date}); the log states no final points").format(
            date=date.isoformat()
        )
    else:
        when = _("by the game's date ({date}); the log states no final points").format(
            date=date.isoformat()
        )
    notes.append(
        _("uma {uma} and {rounding} final points {when}").format(
            uma=_signed(guessed.uma), rounding=_rounding(guessed), when=when
        )
    )
    return guessed


def implied_points_rules(
    log: GameLog, rules: Rules, roundings: tuple[str, ...] = _ROUNDINGS
) -> Rules | None:
    """``rules`` with the uma and rounding (one of ``roundings``) that reproduce the final
    points the log states from the final scores it states (the one nearest ``rules`` where
    several do); where none does with the rules' return, the return too (no oka, or 5000
    a player: :func:`_returns`); ``None`` when the log states none, or nothing of
    :data:`UMA_CANDIDATES` fits."""
    scores, points = log.final_scores, log.final_points
    if scores is None or points is None or len(scores) != rules.players:
        return None
    fitting: list[Rules] = []
    for back in _returns(rules):
        changes = {} if back == rules.return_points else {"return_points": str(back)}
        for uma in (rules.uma, *UMA_CANDIDATES.get(rules.players, ())):
            for rounding in roundings:
                candidate = rules.with_overrides({**changes, "uma": uma, "final_points": rounding})
                mine = final_points(tuple(scores), candidate)
                if all(abs(float(a) - float(b)) < 1e-6 for a, b in zip(mine, points, strict=True)):
                    fitting.append(candidate)
        if fitting:
            break
    if not fitting:
        return None
    # Whole points fit both roundings when every score is a whole thousand: then the
    # date decides, as for a log without points.
    decimal = log.date is not None and log.date >= DECIMAL_POINTS_FROM
    preferred = "decimal" if decimal else "rounded"
    return next((r for r in fitting if r.final_points == preferred), fitting[0])


def _returns(rules: Rules) -> tuple[int, ...]:
    """The returns tried against a log's final points: the rules' own, then the start
    (no oka, as in the tournaments that start at 50,000 seen in Riichi City records), then
    the start and 5,000 (the oka of the servers' ranked rooms)."""
    start = rules.start_points
    return tuple(dict.fromkeys((rules.return_points, start, start + 5000)))


def _signed(uma: str) -> str:
    return " ".join(f"{int(v):+}" for v in uma.split(","))


def _rounding(rules: Rules) -> str:
    return _("whole") if rules.final_points == "rounded" else _("one-decimal")
