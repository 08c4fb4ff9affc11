"""Waiting hands (SPEC §4): shanten, waits with their value, ukeire and discard advice.

The job of tenhou.net/2, with the score of every wait on top.

* :func:`shanten` — 13 or 14 tiles (each meld counts 3): the least over the standard form,
  seven pairs and thirteen orphans (both closed only); ``-1`` for a complete hand, ``0`` for
  tenpai. It is the fewest tiles missing from a complete hand, minus one, never counting on a
  fifth copy of a kind. The usual formula from per-suit tables (:mod:`agari.analysis.tables`)
  gives it unless the four-copy limit can bite (a kind held four times, or a pon/kan next to
  concealed tiles that may wait on its last copy); then exact per-suit distance tables
  decide. So a hand whose only completions need a fifth copy (*karaten*:
  ``123m456p789s1111z`` waits only on a fifth ``1z``) is **not** tenpai: like tenhou.net/2 it
  counts as 1-shanten, and :func:`karaten` says why. With ``players=3`` 2m-8m are never
  drawn.
* :func:`waits` — for a tenpai 13-tile hand, every tile that completes it (never a fifth
  copy), how many copies are unseen (4 minus the copies in the hand, its melds, the dora
  indicators and, in three-player, the kita set aside; 2m-8m are never unseen) and the full
  result by ron and by tsumo from the engine (``agari.api.score``).
* :func:`ukeire` — for a 13-tile hand, the tiles that lower its shanten, with unseen counts.
* :func:`discards` — for a 14-tile hand, every distinct discard with the shanten after it and
  its ukeire, best first (lowest shanten, most ukeire, then tile order); discards that leave
  the hand tenpai also carry their waits and values.
* :func:`analyse_waiting` / :func:`analyse_discards` — the same as SPEC §3 :class:`Result`
  records; ``agari.api.analyse`` calls them for 13-tile hands and 14-tile hands that do not win.

Choices:

* A tile counts as a wait or ukeire as long as the hand itself (concealed tiles and melds)
  does not hold all four copies; copies seen elsewhere (dora indicators) only lower its
  ``unseen`` count, possibly to 0 — the wait still exists, as on tenhou.net/2. In discard
  advice the discarded tile counts as seen.
* Red fives. A wait or ukeire tile is reported as the plain five; its value is the value of a
  plain five (a red five drawn instead would add one aka dora where ``aka`` is on). Discarding
  a red five or a plain five of the same kind leaves the same shanten and ukeire, so they are
  one discard — except when the ``aka`` rule is on and the hand holds both, where keeping the
  red five changes the value of the waits: then both are listed (the plain five first).
* Values of a wait are computed with the hand's context, made consistent with the way of
  winning: ``haitei``, ``rinshan``, ``tenhou``, ``chiihou`` only for tsumo; ``houtei``,
  ``chankan``, ``renhou`` and a discarder marker only for ron.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from agari.analysis.tables import (
    exact_shanten,
    formula_shanten,
    formula_shanten_after_discards,
    formula_shanten_after_draws,
)
from agari.engine.decompose import UNIT, is_complete, keys_of_counts
from agari.engine.scoring import score_hand, win_points
from agari.errors import HandError, and_list, or_list
from agari.hand import Context, Hand
from agari.lang import _, ngettext
from agari.notation import parse_hand
from agari.notation.validate import mark_checked
from agari.result import Result
from agari.rules import Rules
from agari.tiles import (
    NORTH,
    PLAIN_TILES,
    TERMINALS_AND_HONOURS,
    Tile,
    absent_in_three_player,
    kind_name,
)

__all__ = [
    "Discard",
    "Ukeire",
    "Wait",
    "analyse_discards",
    "analyse_waiting",
    "best_win",
    "discards",
    "furiten_note",
    "karaten",
    "river_kinds",
    "ron_furiten",
    "shanten",
    "tsumo_covers_ron",
    "ukeire",
    "value_summary",
    "waits",
    "win_contexts",
]


# --------------------------------------------------------------------------- value types


@dataclass(frozen=True, slots=True)
class Ukeire:
    """A tile that lowers the shanten, and how many copies of it are unseen."""

    tile: Tile
    unseen: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "unseen": self.unseen}


@dataclass(frozen=True, slots=True)
class Wait:
    """A winning tile of a tenpai hand with its unseen count and its value by ron and tsumo
    (``None`` when values were not asked for); ``furiten`` when the tile is among the
    player's own discards (``river=``, or the tile a discard table's row discards): then
    the hand is furiten and wins on none of its waits by ron (riichi.wiki, "Furiten")."""

    tile: Tile
    unseen: int
    ron: Result | None = None
    tsumo: Result | None = None
    furiten: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": str(self.tile),
            "unseen": self.unseen,
            "ron": value_summary(self.ron),
            "tsumo": value_summary(self.tsumo),
            "furiten": self.furiten,
        }


@dataclass(frozen=True, slots=True)
class Discard:
    """One discard from a 14-tile hand: the shanten after it, its ukeire and, when it leaves
    the hand tenpai, the waits (with values) — or why it is not tenpai (karaten)."""

    tile: Tile
    shanten: int
    ukeire: tuple[Ukeire, ...]
    waits: tuple[Wait, ...] | None = None
    note: str | None = None

    @property
    def ukeire_total(self) -> int:
        return sum(u.unseen for u in self.ukeire)

    @property
    def furiten(self) -> bool:
        """Whether the hand left after this discard is furiten: one of its waits is the
        discarded tile or among the player's earlier discards (``river=``)."""
        return any(w.furiten for w in self.waits or ())

    def best(self) -> dict[str, Any] | None:
        """The most valuable win among the waits: tile, ``ron``/``tsumo`` and its value
        (by tsumo only when the hand left is furiten)."""
        found: tuple[int, str, str, Result] | None = None
        furiten = self.furiten
        for wait in self.waits or ():
            for way, result in (("ron", None if furiten else wait.ron), ("tsumo", wait.tsumo)):
                if result is None or result.status != "win" or result.points is None:
                    continue
                if found is None or result.points > found[0]:
                    found = (result.points, str(wait.tile), way, result)
        if found is None:
            return None
        summary = value_summary(found[3]) or {}
        return {"tile": found[1], "by": found[2], **summary}

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "tile": str(self.tile),
            "shanten": self.shanten,
            "ukeire": [u.to_json() for u in self.ukeire],
            "ukeire_total": self.ukeire_total,
        }
        if self.waits is not None:
            record["waits"] = [w.to_json() for w in self.waits]
            record["best"] = self.best()
            record["furiten"] = self.furiten
        if self.note is not None:
            record["note"] = self.note
        return record


def value_summary(result: Result | None) -> dict[str, Any] | None:
    """A compact value of one way of winning: status, han, fu, yaku ids, limit, points and
    payment for a win (plus the wait shape, ``yakuman`` and non-zero ``dora`` counts when
    they apply); for ``no_yaku`` the reason (the engine's, else a derived one)."""
    if result is None:
        return None
    if result.status == "win":
        summary: dict[str, Any] = {
            "status": "win",
            "han": result.han,
            "fu": result.fu,
            "yaku": [y.id for y in result.yaku or ()],
            "limit": result.limit,
            "points": result.points,
            "payment": dict(result.payment) if result.payment is not None else None,
        }
        if result.wait is not None:
            summary["wait"] = result.wait
        if result.yakuman:
            summary["yakuman"] = result.yakuman
        if result.dora is not None and any(result.dora.values()):
            summary["dora"] = {k: v for k, v in result.dora.items() if v}
        return summary
    if result.status == "no_yaku":
        return {"status": "no_yaku", "reason": _no_yaku_reason(result)}
    return {"status": result.status, "error": result.error}


def _engine_reason(result: Result) -> str | None:
    """The engine's own reason for a ``no_yaku`` result, if it says more than "no yaku"."""
    reason = result.extra.get("reason")
    if isinstance(reason, str) and reason and reason != "no yaku":
        return reason
    return None


def _no_yaku_reason(result: Result) -> str:
    reason = result.extra.get("reason")
    return reason if isinstance(reason, str) and reason else "no yaku"


# --------------------------------------------------------------------------- counting


def _check(hand: Hand, sizes: Sequence[int], sanma: bool = False) -> list[int]:
    """Check the tile count and copies; return the held counts (see :func:`_held_counts`)."""
    if hand.tile_count not in sizes:
        raise HandError(
            "tile_count",
            _("{count} tiles (melds count 3): this analysis needs {sizes}").format(
                count=hand.tile_count, sizes=or_list([str(s) for s in sizes])
            ),
        )
    held = _held_counts(hand)
    for kind, count in enumerate(held):
        if count > 4:
            raise HandError(
                "too_many_copies",
                _("{count} copies of {tile}: there are only 4").format(
                    count=count, tile=kind_name(kind)
                ),
            )
        if sanma and count and absent_in_three_player(kind):
            raise HandError(
                "bad_tile",
                _("{tile}: 2m-8m are not used with three players").format(tile=kind_name(kind)),
            )
    if sanma:
        # 2m-8m are not in the set: as if all four copies were held, so that they are never
        # waits or ukeire and the exact tables never draw them.
        for kind in range(34):
            if absent_in_three_player(kind):
                held[kind] = 4
    return held


def _closed_counts(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return counts


def _held_counts(hand: Hand) -> list[int]:
    """Copies of each kind in the hand: concealed tiles, winning tile and melds."""
    counts = _closed_counts(hand.closed_tiles)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    return counts


def _visible_counts(hand: Hand, held: Sequence[int]) -> list[int]:
    """Copies the player can see: the hand, its melds, the dora indicators, the North
    tiles set aside as kita (three-player), what the player says they see beside the hand
    (``seen=``), their own discards (``river=``) and the discard ``call=`` offers."""
    counts = list(held)
    c = hand.context
    for tile in (*c.dora_indicators, *c.seen, *c.river):
        counts[tile.kind] += 1
    if c.call is not None:
        counts[c.call.tile.kind] += 1
    counts[NORTH] += c.kita
    return counts


def river_kinds(hand: Hand) -> frozenset[int]:
    """The kinds among the player's own discards (``river=``): a wait among them makes the
    hand furiten."""
    return frozenset(t.kind for t in hand.context.river)


def _unseen(visible: Sequence[int], kind: int) -> int:
    return max(0, 4 - visible[kind])


# --------------------------------------------------------------------------- shanten core


def _limits(closed: Sequence[int], held: Sequence[int]) -> list[int]:
    """Copies of each kind the concealed part may ever hold: 4 minus those in melds."""
    return [4 - (h - c) for c, h in zip(closed, held, strict=True)]


#: A kind held three times with copies in a meld has one copy left: the formula is
#: optimistic only where two of its partial sets wait on that copy alone (two kanchan or
#: penchan shapes around it: four concealed tiles within two ranks). Three is a margin.
_NEAR_FOR_ONE_LEFT: Final = 3


def _kind_may_bite(closed: Sequence[int], held: Sequence[int], kind: int) -> bool:
    """Whether the four-copy limit on ``kind`` can make the formula optimistic: held four
    times in the concealed part, or held three or four times with copies in a meld (pon,
    kan) while the concealed part has tiles that could wait on it (the kind itself, or a
    number within two ranks): one such tile when no copy is left, three when one is."""
    h = held[kind]
    if h < 3:
        return False
    c = closed[kind]
    if c == h:
        return h >= 4
    if kind >= 27:
        near = c
    else:
        first = kind - kind % 9
        near = sum(closed[max(kind - 2, first) : min(kind + 2, first + 8) + 1])
    return near >= (1 if h >= 4 else _NEAR_FOR_ONE_LEFT)


def _limit_may_bite(closed: Sequence[int], held: Sequence[int]) -> bool:
    """Whether the four-copy limit can make the formula optimistic for some kind
    (:func:`_kind_may_bite`). Elsewhere the formula equals the exact distance — checked on
    random hands in tests/test_analysis.py."""
    if max(held) < 3:
        return False
    return any(held[k] >= 3 and _kind_may_bite(closed, held, k) for k in range(34))


def _draw_may_bite(closed: list[int], held: list[int], kind: int, melded: bool) -> bool:
    """Whether drawing ``kind`` can make :func:`_limit_may_bite` true, when it is not: the
    kind itself or one near it may then bite (``melded``: some meld holds a copy of a kind
    held three times or more, else only a fourth concealed copy can)."""
    if not melded:
        return held[kind] == 3
    closed[kind] += 1
    held[kind] += 1
    if kind >= 27:
        bites = _kind_may_bite(closed, held, kind)
    else:
        first = kind - kind % 9
        bites = any(
            _kind_may_bite(closed, held, k)
            for k in range(max(kind - 2, first), min(kind + 2, first + 8) + 1)
        )
    closed[kind] -= 1
    held[kind] -= 1
    return bites


def _shanten(closed: list[int], melds: int, held: list[int]) -> int:
    """Shanten of 13 or 14 tiles: the fast formula, or the exact distance tables where the
    four-copy limit may bite (karaten and its kin)."""
    if _limit_may_bite(closed, held):
        return exact_shanten(closed, melds, _limits(closed, held))
    return formula_shanten(closed, melds)


def _shanten_after_discards(closed: list[int], melds: int, held: list[int]) -> list[int]:
    """:func:`_shanten` of 14 tiles less one tile of each kind (9 for a kind not in
    ``closed``). The formula serves all discards at once unless the four-copy limit may bite
    for the 14 tiles (then for none of their subsets either, so the formula is exact)."""
    if not _limit_may_bite(closed, held):
        return formula_shanten_after_discards(closed, melds)
    out = []
    for kind in range(34):
        if not closed[kind]:
            out.append(9)
            continue
        closed[kind] -= 1
        held[kind] -= 1
        out.append(_shanten(closed, melds, held))
        closed[kind] += 1
        held[kind] += 1
    return out


def _improving_kinds(
    closed: list[int], melds: int, held: list[int], current: int, bites: bool | None = None
) -> list[int]:
    """Kinds (not all four held) whose draw makes 13 tiles' shanten lower than ``current``.
    ``bites``: whether the four-copy limit may bite for these tiles, when known (it cannot
    for a subset of tiles it cannot bite for)."""
    after = formula_shanten_after_draws(closed, melds)
    if bites is None:
        bites = _limit_may_bite(closed, held)
    # The formula is optimistic, never pessimistic: a draw it does not improve is none.
    found = [k for k, value in enumerate(after) if value < current and held[k] < 4]
    melded = (
        not bites
        and held != closed
        and any(h >= 2 and h > c for c, h in zip(closed, held, strict=True))
    )
    if not bites and not melded and 3 not in held:
        return found  # no draw brings a fourth copy: the formula is exact for each
    out: list[int] = []
    for kind in found:
        value = after[kind]
        if value > -1 and (bites or _draw_may_bite(closed, held, kind, melded)):
            # With the drawn tile the four-copy limit may bite: ask the exact tables.
            closed[kind] += 1
            held[kind] += 1
            value = _shanten(closed, melds, held)
            closed[kind] -= 1
            held[kind] -= 1
        if value < current:
            out.append(kind)
    return out


def _fifth_copy_completions(closed: list[int], melds: int, held: list[int]) -> list[int]:
    """Kinds that would complete 13 tiles if a fifth copy existed (held four times)."""
    out: list[int] = []
    for kind in range(34):
        if held[kind] < 4:
            continue
        closed[kind] += 1
        if formula_shanten(closed, melds) == -1:
            out.append(kind)
        closed[kind] -= 1
    return out


def _karaten_text(kinds: Sequence[int], held: Sequence[int], closed: Sequence[int]) -> str:
    """Why the hand is karaten, in the current language."""
    if not kinds:
        return _("karaten: the only completions need a fifth copy of a tile")
    tiles = and_list([kind_name(k) for k in kinds])
    if all(closed[k] == held[k] for k in kinds):
        return _("karaten: all four copies of {tiles} are in the hand").format(tiles=tiles)
    return _("karaten: all four copies of {tiles} are in the hand and its melds").format(
        tiles=tiles
    )


# --------------------------------------------------------------------------- public API


def shanten(hand: Hand | str, rules: Rules | str | None = None) -> int:
    """The shanten number of a 13- or 14-tile hand (melds count 3).

    -1 complete, 0 tenpai, n: n tile changes from tenpai — the fewest tiles missing from a
    complete hand, minus one. Seven pairs need seven different kinds; no kind can be drawn
    beyond its four copies, so karaten (a wait only on fifth copies) counts 1, as on
    tenhou.net/2.

    >>> shanten("123m456p789s1155z"), shanten("123m456p789s1111z"), shanten("1122334455667z")
    (0, 1, 0)
    """
    hand = _as_hand(hand)
    held = _check(hand, (13, 14), _sanma(hand, rules))
    return _shanten(_closed_counts(hand.closed_tiles), len(hand.melds), held)


def karaten(hand: Hand | str, rules: Rules | str | None = None) -> str | None:
    """Why a 13-tile hand that looks tenpai is not: its only completions need a fifth copy.

    ``None`` if the hand is really tenpai or further than one tile from the formula's tenpai.
    """
    hand = _as_hand(hand)
    held = _check(hand, (13,), _sanma(hand, rules))
    closed = _closed_counts(hand.closed_tiles)
    melds = len(hand.melds)
    if formula_shanten(closed, melds) != 0 or _shanten(closed, melds, held) == 0:
        return None
    return _karaten_text(_fifth_copy_completions(closed, melds, held), held, closed)


def ukeire(hand: Hand | str, rules: Rules | str | None = None) -> list[Ukeire]:
    """For a 13-tile hand, every tile that lowers its shanten (for a tenpai hand: its
    winning tiles), in tile order, with the copies unseen."""
    hand = _as_hand(hand)
    held = _check(hand, (13,), _sanma(hand, rules))
    closed = _closed_counts(hand.closed_tiles)
    visible = _visible_counts(hand, held)
    melds = len(hand.melds)
    current = _shanten(closed, melds, held)
    return [
        Ukeire(Tile(k), _unseen(visible, k)) for k in _improving_kinds(closed, melds, held, current)
    ]


def _as_hand(hand: Hand | str) -> Hand:
    return parse_hand(hand) if isinstance(hand, str) else hand


def _sanma(hand: Hand, rules: Rules | str | None) -> bool:
    return _default_rules(hand, rules).players == 3


def _default_rules(hand: Hand, rules: Rules | str | None) -> Rules:
    """The caller's rules; else the hand's own ``rules=`` word; else the default preset.
    A preset name given by the caller yields to the hand's own word (as in agari.api)."""
    if isinstance(rules, Rules):
        return rules
    if hand.context.rules:
        return Rules.preset(hand.context.rules)
    return Rules.preset(rules) if rules else Rules()


def _waiting_hand(hand: Hand) -> Hand:
    """The hand with every closed tile concealed and no winning tile."""
    if hand.win is None:
        return hand
    return replace(hand, concealed=tuple(sorted(hand.closed_tiles)), win=None)


def win_contexts(context: Context) -> tuple[Context, Context]:
    """A waiting hand's context as a win by ron and as a win by tsumo: the words that only
    fit the other way of winning are dropped (made once per hand, not per wait)."""
    ron = context._replace(tsumo=False, haitei=False, rinshan=False, tenhou=False, chiihou=False)
    tsumo = context._replace(tsumo=True, win_from=None, houtei=False, chankan=False, renhou=False)
    return ron, tsumo


def _value(hand: Hand, kind: int, context: Context, rules: Rules) -> Result | None:
    """The engine's result for ``hand`` completed by ``kind`` in ``context`` (one of
    :func:`win_contexts`)."""
    complete = mark_checked(Hand(hand.concealed, Tile(kind), hand.melds, context))
    try:  # the result's input and hand are the hand's normal form, as the API gives them
        result = score_hand(complete, rules, input_is_text=True)
    except HandError as error:
        return Result(input=None, status="error", error=error.to_json())
    if result is None:  # never: the kind completes the hand
        raise AssertionError(f"{complete} does not win")
    if result.status == "no_yaku" and _engine_reason(result) is None:
        reason = _derive_no_yaku_reason(hand, context.tsumo)
        result = result.replace(extra={**result.extra, "reason": reason})
    return result


def tsumo_covers_ron(rules: Rules) -> bool:
    """Whether a win by tsumo is worth at least the same tiles won by ron, under ``rules``,
    for a context of winds, dora indicators and riichi only (no word that only one way of
    winning can have: houtei, chankan, renhou, open riichi ...). With four players it is:
    the yaku are the same but for menzen tsumo, which a closed tsumo adds (sanankou and a
    triplet's fu can only gain); a closed ron's 10 fu are less than the han that doubles
    the tsumo's base, an open tsumo adds 2 fu (fu rounded up to tens: 22 is 30, as an
    open ron's least); no limit lowers a larger base; and four payers' shares, each
    rounded up, add up to at least the ron's payment. Three players' tsumo loss (no share
    for the absent North) breaks it; so does ``fu_rounding=fives``, under which an open
    tsumo's 22 fu round down to 20 while an open ron gets 30, and a closed tsumo that is
    not pinfu (``pinfu_tsumo=off``) has 20 fu against the ron's 30. Aotenjou (no limits, a
    yakuman's implied yaku left out) is not worked through, so left out.
    tests/test_analysis.py checks it under every preset and switch."""
    return rules.players == 4 and rules.fu_rounding == "tens" and not rules.aotenjou


def best_win(
    hand: Hand,
    kinds: Iterable[int],
    rules: Rules,
    contexts: tuple[Context, Context] | None = None,
    tsumo_only: bool = False,
) -> int:
    """The most a win of waiting ``hand`` on any of ``kinds`` (its winning kinds) is worth,
    by ron or by tsumo: the points of the engine's result, 0 without a yaku. For a caller
    that knows the waits (the review's figures): no wait is looked for again; and, if it
    has them, the hand's context as a win by ron and by tsumo (``contexts``, as
    :func:`win_contexts` makes them). ``tsumo_only``: the ron is not valued, where the
    caller knows the tsumo is worth at least as much (:func:`tsumo_covers_ron`)."""
    by_ron, by_tsumo = win_contexts(hand.context) if contexts is None else contexts
    ways = (by_tsumo,) if tsumo_only else (by_ron, by_tsumo)
    best = 0
    for kind in kinds:
        for context in ways:
            complete = mark_checked(Hand(hand.concealed, PLAIN_TILES[kind], hand.melds, context))
            best = max(best, win_points(complete, rules))
    return best


def _derive_no_yaku_reason(hand: Hand, tsumo: bool) -> str:
    """Why a wait wins without a yaku: a SPEC §4 ``reason``, a value of the JSON record of
    a wait (compared as a string, shown by no report), so in English whatever the language."""
    if not hand.is_closed:
        return "open hand without a yaku"
    if hand.context.in_riichi or tsumo:
        return "no yaku"
    return "needs riichi or tsumo"


def _completing_kinds(closed: list[int], melds: int) -> list[int]:
    """The kinds whose draw completes 13 tiles (``closed`` counts plus ``melds`` fixed
    groups). Only kinds that can are tried, each by the decomposer's suit tables: a held
    kind or one within two of it in its suit (a group or the pair), and any terminal or
    honour when thirteen orphans is possible (no melds, twelve of its kinds held)."""
    candidates: set[int] = set()
    for kind, n in enumerate(closed):
        if n:
            if kind >= 27:
                candidates.add(kind)
            else:
                first = kind - kind % 9
                candidates.update(range(max(first, kind - 2), min(first + 8, kind + 2) + 1))
    if not melds and sum(1 for k in TERMINALS_AND_HONOURS if closed[k]) >= 12:
        candidates.update(TERMINALS_AND_HONOURS)
    out = []
    keys = keys_of_counts(closed)
    for kind in sorted(candidates):
        suit = kind // 9
        keys[suit] += UNIT[kind]
        if is_complete(keys, melds):
            out.append(kind)
        keys[suit] -= UNIT[kind]
    return out


def _waits(
    hand: Hand, rules: Rules, values: bool, river: frozenset[int] = frozenset()
) -> list[Wait]:
    """The waits of 13 tiles; each one among ``river`` (kinds) is marked furiten."""
    held = _check(hand, (13,), rules.players == 3)
    closed = _closed_counts(hand.closed_tiles)
    visible = _visible_counts(hand, held)
    out: list[Wait] = []
    by_ron, by_tsumo = win_contexts(hand.context)
    for kind in _completing_kinds(closed, len(hand.melds)):
        if held[kind] >= 4:
            continue
        ron = _value(hand, kind, by_ron, rules) if values else None
        tsumo = _value(hand, kind, by_tsumo, rules) if values else None
        out.append(Wait(Tile(kind), _unseen(visible, kind), ron, tsumo, kind in river))
    return out


def waits(hand: Hand | str, rules: Rules | str | None = None, *, values: bool = True) -> list[Wait]:
    """The winning tiles of a 13-tile hand in tile order, each with its unseen count and
    (with ``values``) the engine's result by ron and by tsumo. Empty when the hand is not
    tenpai — including karaten, whose only completions would need a fifth copy.

    >>> [(str(w.tile), w.unseen) for w in waits("1112345678999m", values=False)][:3]
    [('1m', 1), ('2m', 3), ('3m', 3)]
    """
    hand = _as_hand(hand)
    return _waits(_waiting_hand(hand), _default_rules(hand, rules), values, river_kinds(hand))


def _discard_choices(hand: Hand, rules: Rules) -> list[Tile]:
    """One tile per kind held; a red and a plain five both only when the rules count red
    fives of that suit (``aka``) and so the choice makes a difference (see the module notes)."""
    held: dict[int, set[bool]] = {}
    for tile in hand.closed_tiles:
        held.setdefault(tile.kind, set()).add(tile.red)
    out: list[Tile] = []
    for kind in sorted(held):
        reds = held[kind]
        if len(reds) == 2 and kind < 27 and rules.red_fives[kind // 9]:
            out += [Tile(kind), Tile(kind, True)]
        else:
            out.append(Tile(kind, reds == {True}))
    return out


def _without(tiles: Sequence[Tile], tile: Tile) -> tuple[Tile, ...]:
    rest = list(tiles)
    rest.remove(tile)
    return tuple(sorted(rest))


def discards(
    hand: Hand | str, rules: Rules | str | None = None, *, values: bool = True
) -> list[Discard]:
    """Every distinct discard of a 14-tile hand, best first: lowest shanten after it, then
    most unseen ukeire, then tile order. Discards that leave the hand tenpai carry their
    waits (with values when ``values``)."""
    hand = _as_hand(hand)
    rules = _default_rules(hand, rules)
    sanma = rules.players == 3
    _check(hand, (14,), sanma)
    melds = len(hand.melds)
    out: list[Discard] = []
    base = replace(hand, win=None)
    river = river_kinds(hand)
    for tile in _discard_choices(hand, rules):
        after = replace(base, concealed=_without(hand.closed_tiles, tile))
        closed = _closed_counts(after.concealed)
        held = _check(after, (13,), sanma)
        visible = _visible_counts(after, held)
        # The discarded copy is visible too (it lies in the river).
        visible[tile.kind] += 1
        value = _shanten(closed, melds, held)
        kinds = _improving_kinds(closed, melds, held, value)
        tiles = tuple(Ukeire(Tile(k), _unseen(visible, k)) for k in kinds)
        wait_list: tuple[Wait, ...] | None = None
        note: str | None = None
        if value == 0:
            wait_list = tuple(
                replace(w, unseen=_unseen(visible, w.tile.kind))
                for w in _waits(after, rules, values, river | {tile.kind})
            )
        elif formula_shanten(closed, melds) == 0:
            note = _karaten_text(_fifth_copy_completions(closed, melds, held), held, closed)
        out.append(Discard(tile, value, tiles, wait_list, note))
    out.sort(key=lambda d: (d.shanten, -d.ukeire_total, d.tile))
    return out


# --------------------------------------------------------------------------- Result records


def _texts(hand: Hand) -> tuple[str, str | None]:
    text = str(hand)
    return text, text


def analyse_waiting(hand: Hand, rules: Rules) -> Result:
    """SPEC §4 for 13 tiles: ``tenpai`` with ``shanten`` 0, ``waits``
    ``[{"tile", "unseen", "ron", "tsumo", "furiten"}]`` and ``furiten`` (a wait among the
    player's discards, ``river=``, with a warning that says so), or ``noten`` with the
    shanten and the ukeire tiles in ``ukeire``/``ukeire_total`` (and ``karaten`` with the
    reason when that is why)."""
    hand = _waiting_hand(hand)
    held = _check(hand, (13,), rules.players == 3)
    text, normal = _texts(hand)
    closed = _closed_counts(hand.closed_tiles)
    visible = _visible_counts(hand, held)
    melds = len(hand.melds)
    value = _shanten(closed, melds, held)
    common: dict[str, Any] = {"input": text, "hand": normal, "rules": rules.describe()}
    if value == 0:
        found = _waits(hand, rules, True, river_kinds(hand))
        furiten = [w for w in found if w.furiten]
        return Result(
            status="tenpai",
            shanten=0,
            waits=tuple(w.to_json() for w in found),
            warnings=(furiten_note(hand, [w.tile for w in found]),) if furiten else (),
            extra={"furiten": bool(furiten)},
            **common,
        )
    tiles = [
        Ukeire(Tile(k), _unseen(visible, k)) for k in _improving_kinds(closed, melds, held, value)
    ]
    extra: dict[str, Any] = {
        "ukeire": [u.to_json() for u in tiles],
        "ukeire_total": sum(u.unseen for u in tiles),
    }
    warnings: tuple[str, ...] = ()
    if formula_shanten(closed, melds) == 0:
        reason = _karaten_text(_fifth_copy_completions(closed, melds, held), held, closed)
        extra["karaten"] = reason
        warnings = (reason,)
    return Result(status="noten", shanten=value, warnings=warnings, extra=extra, **common)


def furiten_note(hand: Hand, waits: Sequence[Tile]) -> str:
    """Why a hand waiting on ``waits`` is furiten: the waits among its river."""
    river = river_kinds(hand)
    among = [str(t) for t in waits if t.kind in river]
    shown = " ".join(str(t) for t in waits)
    return ngettext(
        "furiten: {tiles} is among this player's discards (river=): no ron on any wait "
        "({waits}), only tsumo",
        "furiten: {tiles} are among this player's discards (river=): no ron on any wait "
        "({waits}), only tsumo",
        len(among),
    ).format(tiles=" ".join(among), waits=shown)


def ron_furiten(hand: Hand, rules: Rules) -> str | None:
    """Why a win by ron of ``hand`` (14 tiles with the winning tile) is not allowed: one of
    the waits of the 13 tiles before it is among the player's own discards (``river=``),
    and a furiten hand wins by tsumo only (riichi.wiki, "Furiten"); ``None`` when it may."""
    river = river_kinds(hand)
    if not river or hand.context.tsumo or hand.win is None:
        return None
    before = replace(hand, win=None)
    found = [w.tile for w in _waits(before, rules, False, river)]
    among = [str(t) for t in found if t.kind in river]
    if not among:
        return None
    return ngettext(
        "furiten: {tiles} is among this player's discards (river=) and the hand waits on "
        "{waits}: it cannot win by ron on {tile}, only by tsumo",
        "furiten: {tiles} are among this player's discards (river=) and the hand waits on "
        "{waits}: it cannot win by ron on {tile}, only by tsumo",
        len(among),
    ).format(tiles=" ".join(among), waits=" ".join(map(str, found)), tile=hand.win)


def analyse_discards(hand: Hand, rules: Rules) -> Result:
    """SPEC §4 for 14 tiles that do not win: ``not_winning`` with the shanten and
    ``discards`` ``[{"tile", "shanten", "ukeire": [{"tile", "unseen"}], "ukeire_total"}]``
    best first (plus ``waits`` and ``best`` for discards that leave the hand tenpai)."""
    _check(hand, (14,), rules.players == 3)
    text, normal = _texts(hand)
    found = discards(hand, rules)
    value = shanten(hand, rules)
    warnings: tuple[str, ...] = ()
    if value == -1:
        warnings = (_("the tiles form a complete hand; discards shown as asked"),)
    return Result(
        input=text,
        hand=normal,
        rules=rules.describe(),
        status="not_winning",
        shanten=value,
        discards=tuple(d.to_json() for d in found),
        warnings=warnings,
    )
