"""What calling a discard would give a waiting hand (SPEC §8, the word ``call=TILE``).

For a 13-tile hand and an offered tile, every call the rules allow:

* each **chi** (only of the player on the left's discard: not when ``call=`` marks it as
  from across or the right, never in three-player) -- every distinct pair of the hand's
  tiles that makes a run with the tile; a red five and a plain five of the same kind are
  two choices only where the rules count red fives of that suit (``aka``), as in
  :func:`agari.analysis.discards`;
* the **pon**, with the same red-five choices;
* the **open kan** (daiminkan).

After a chi or a pon the player discards: the option shows the best discard (the lowest
shanten after it, then one that keeps a yaku, one that is not furiten, the most tiles that
improve it, tile order), never a swap-call (*kuikae*) discard -- the called tile's kind,
or after a chi the kind that would have made the same run at the other end (riichi.wiki,
"Kuikae"; WRC rules 5.4) -- which the option lists as not allowed. After a kan the player draws a
replacement tile: the option shows the 13 tiles' shanten and the tiles that improve them.

**Whether a yaku remains.** The call opens the hand: the closed-only yaku are gone. A yaku
remains when the hand after the call can still win with one *without going further from
winning*: when it is ready, some wait with a copy left wins with a yaku (by the engine, as
the waits table values it: by ron unless furiten, or by tsumo); otherwise some yaku family
of :mod:`agari.analysis.open_yaku` (yakuhai, tanyao under ``open_tanyao``, honitsu, toitoi,
chanta, ittsu, sanshoku, sanshoku doukou) is reachable in as few tiles as the hand's
fastest path, neither counting on a tile whose every copy is in sight. An option whose
hand can reach no yaku that way is marked (``yaku_remains`` false), with ``yaku_shanten``,
the shanten of its nearest yaku (``None`` when none can be reached at all).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, Final, Literal

from agari.analysis.open_yaku import hand_distance, open_yaku
from agari.analysis.waiting import (
    Ukeire,
    Wait,
    _check,
    _closed_counts,
    _default_rules,
    _discard_choices,
    _improving_kinds,
    _shanten,
    _unseen,
    _visible_counts,
    _waits,
    river_kinds,
)
from agari.errors import HandError
from agari.hand import Hand, Meld, MeldKind, format_tiles
from agari.lang import _
from agari.notation import parse_hand
from agari.result import Result
from agari.rules import Rules
from agari.tiles import Tile

__all__ = ["CallOption", "calls", "with_calls"]

CallKind = Literal["chi", "pon", "kan"]
_INF: Final = 99


@dataclass(frozen=True, slots=True)
class CallOption:
    """One chi, pon or open kan of the offered tile: the hand after it, its best discard
    (``None`` after a kan), the shanten and the tiles that improve the hand then (its waits
    when ready), whether it is furiten, the yaku it can still reach within its shanten
    (empty: none, so the call leaves the hand without a yaku) and the nearest yaku's
    shanten, and the swap-call discards it may not make."""

    kind: CallKind
    meld: Meld
    hand: Hand
    discard: Tile | None
    shanten: int
    ukeire: tuple[Ukeire, ...]
    waits: tuple[Wait, ...] | None
    yaku: tuple[str, ...]
    yaku_shanten: int | None
    kuikae: tuple[Tile, ...] = ()

    @property
    def ukeire_total(self) -> int:
        return sum(u.unseen for u in self.ukeire)

    @property
    def yaku_remains(self) -> bool:
        return bool(self.yaku)

    @property
    def furiten(self) -> bool:
        return any(w.furiten for w in self.waits or ())

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "meld": str(self.meld),
            "hand": str(self.hand),
            "discard": str(self.discard) if self.discard is not None else None,
            "shanten": self.shanten,
            "ukeire": [u.to_json() for u in self.ukeire],
            "ukeire_total": self.ukeire_total,
            "waits": [w.to_json() for w in self.waits] if self.waits is not None else None,
            "furiten": self.furiten,
            "yaku_remains": self.yaku_remains,
            "yaku": list(self.yaku),
            "yaku_shanten": self.yaku_shanten,
            "kuikae": [str(t) for t in self.kuikae],
        }


# --------------------------------------------------------------------------- the choices


def _variants(held: Sequence[Tile], kind: int, n: int, rules: Rules) -> list[tuple[Tile, ...]]:
    """The ways of taking ``n`` tiles of ``kind`` from ``held``: one, or (red and plain
    fives both held, and the rules count red fives of the suit) each count of red ones."""
    copies = sorted((t for t in held if t.kind == kind), key=lambda t: t.red)
    if len(copies) < n:
        return []
    reds = sum(1 for t in copies if t.red)
    plain = len(copies) - reds
    if not reds or not plain or kind >= 27 or not rules.red_fives[kind // 9]:
        return [tuple(copies[:n])]  # plain ones first: whichever, the same
    out = []
    for red in range(min(reds, n) + 1):
        if n - red <= plain:
            out.append((Tile(kind),) * (n - red) + (Tile(kind, True),) * red)
    return out


def _meld_tiles(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Ascending, a red five before a plain five (as :class:`Meld` keeps them)."""
    return tuple(sorted(tiles, key=lambda t: (t.kind, not t.red)))


def _choices(hand: Hand, rules: Rules) -> list[tuple[CallKind, Meld, tuple[Tile, ...]]]:
    """Every call of the offered tile: its kind, the meld and the hand's tiles it uses."""
    assert hand.context.call is not None
    offered, source = hand.context.call
    held = hand.concealed
    kind = offered.kind
    out: list[tuple[CallKind, Meld, tuple[Tile, ...]]] = []
    if kind < 27 and rules.players == 4 and source in (None, "left"):
        rank, first = kind % 9, kind - kind % 9
        for low in range(max(0, rank - 2), min(rank, 6) + 1):
            others = [first + r for r in range(low, low + 3) if r != rank]
            pairs = product(*(_variants(held, k, 1, rules) for k in others))
            for a, b in pairs:
                used = (*a, *b)
                out.append(
                    (
                        "chi",
                        Meld(MeldKind.CHI, _meld_tiles((*used, offered)), "left", offered),
                        used,
                    )
                )
    for used in _variants(held, kind, 2, rules):
        meld = Meld(
            MeldKind.PON, _meld_tiles((*used, offered)), source, offered if source else None
        )
        out.append(("pon", meld, used))
    for used in _variants(held, kind, 3, rules):
        # An open kan is written with its discarder; without a marker, from the left.
        meld = Meld(MeldKind.KAN, _meld_tiles((*used, offered)), source or "left", offered)
        out.append(("kan", meld, used))
    return out


def _kuikae(kind: CallKind, meld: Meld, offered: Tile) -> frozenset[int]:
    """The discards swap calling forbids after the call: the called kind, and after a chi
    at one end of its run the kind that makes the same run at the other end."""
    called = offered.kind
    out = {called}
    if kind == "chi":
        low = meld.tiles[0].kind
        if called == low and low % 9 + 3 <= 8:
            out.add(low + 3)
        elif called == low + 2 and low % 9 >= 1:
            out.add(low - 1)
    return frozenset(out)


def _without(tiles: Sequence[Tile], used: Sequence[Tile]) -> tuple[Tile, ...]:
    rest = list(tiles)
    for tile in used:
        rest.remove(tile)
    return tuple(rest)


# --------------------------------------------------------------------------- one option


@dataclass(frozen=True, slots=True)
class _After:
    """13 tiles after a call (and its discard), with what the option shows of them: the
    shanten and the tiles that improve them first (cheap), the waits and the yaku when
    asked (:func:`_finish`)."""

    hand: Hand
    discard: Tile | None
    shanten: int
    ukeire: tuple[Ukeire, ...]
    closed: list[int]
    visible: list[int]
    waits: tuple[Wait, ...] | None = None
    yaku: tuple[str, ...] = ()
    yaku_shanten: int | None = None


def _thirteen(hand: Hand, rules: Rules, discard: Tile | None) -> _After:
    """The shanten of 13 tiles and the tiles that improve them (``discard`` is what left
    the hand to make them, now in sight in the river)."""
    held = _check(hand, (13,), rules.players == 3)
    closed = _closed_counts(hand.concealed)
    visible = _visible_counts(hand, held)
    if discard is not None:
        visible[discard.kind] += 1
    melds = len(hand.melds)
    value = _shanten(closed, melds, held)
    kinds = _improving_kinds(closed, melds, held, value)
    ukeire = tuple(Ukeire(Tile(k), _unseen(visible, k)) for k in kinds)
    return _After(hand, discard, value, ukeire, closed, visible)


def _finish(row: _After, rules: Rules, river: frozenset[int]) -> _After:
    """``row`` with its waits (when ready, valued; ``river`` the kinds in the river) and
    the yaku it can still reach."""
    waits: tuple[Wait, ...] | None = None
    if row.shanten == 0:
        waits = tuple(
            replace(w, unseen=_unseen(row.visible, w.tile.kind))
            for w in _waits(row.hand, rules, True, river)
        )
    # The copies the concealed part may ever hold: those it holds and those not in sight.
    limits = [row.closed[k] + _unseen(row.visible, k) for k in range(34)]
    yaku, nearest = _yaku(row.hand, rules, row.closed, limits, waits)
    return replace(row, waits=waits, yaku=yaku, yaku_shanten=nearest)


def _yaku(
    hand: Hand,
    rules: Rules,
    closed: list[int],
    limits: list[int],
    waits: tuple[Wait, ...] | None,
) -> tuple[tuple[str, ...], int | None]:
    """The yaku the hand can still win with within its shanten, and the nearest yaku's
    shanten (see the module notes)."""
    live = [w for w in waits or () if w.unseen > 0]
    found: list[str] = []
    for wait in live:
        for way in (wait.tsumo,) if wait.furiten else (wait.ron, wait.tsumo):
            if way is not None and way.status == "win":
                found += [y.id for y in way.yaku or () if y.id not in found]
    if found:
        return tuple(found), 0
    families = open_yaku(closed, hand.melds, limits, hand.context, rules.open_tanyao)
    if live:  # ready, and no live wait wins with a yaku: the nearest is further away
        beyond = [d for d in families.values() if d > 1]
        return (), (min(beyond) - 1 if beyond else None)
    fastest = hand_distance(closed, limits, 4 - len(hand.melds))
    reached = tuple(name for name, d in families.items() if d <= fastest)
    nearest = min(families.values(), default=_INF)
    return reached, (nearest - 1 if nearest < _INF else None)


def _best(rows: list[_After], rules: Rules, river: frozenset[int]) -> _After:
    """The best discard after a call: the lowest shanten, then one that keeps a yaku, one
    that is not furiten, the most tiles that improve the hand, tile order. Waits and yaku
    are worked out only for the discards of the lowest shanten, most tiles first, until one
    keeps a yaku and is not furiten."""
    lowest = min(r.shanten for r in rows)
    best: _After | None = None
    best_key = (True, True)
    for row in sorted((r for r in rows if r.shanten == lowest), key=_tiles_first):
        assert row.discard is not None
        done = _finish(row, rules, river | {row.discard.kind})
        key = (not done.yaku, any(w.furiten for w in done.waits or ()))
        if best is None or key < best_key:
            best, best_key = done, key
        if key == (False, False):
            break
    assert best is not None
    return best


def _tiles_first(row: _After) -> tuple[int, Tile | None]:
    return (-sum(u.unseen for u in row.ukeire), row.discard)


def _option(
    hand: Hand, rules: Rules, kind: CallKind, meld: Meld, used: tuple[Tile, ...]
) -> CallOption | None:
    """The option of one call, or ``None`` when swap calling leaves no discard."""
    context = hand.context._replace(call=None)
    after = Hand(_without(hand.concealed, used), None, (*hand.melds, meld), context)
    river = river_kinds(hand)
    barred: tuple[Tile, ...] = ()
    if kind == "kan":
        best = _finish(_thirteen(after, rules, None), rules, river)
    else:
        assert hand.context.call is not None
        forbidden = _kuikae(kind, meld, hand.context.call.tile)
        rows: list[_After] = []
        for tile in _discard_choices(after, rules):
            if tile.kind in forbidden:
                barred += (tile,)
                continue
            rest = replace(after, concealed=_without(after.concealed, (tile,)))
            rows.append(_thirteen(rest, rules, tile))
        if not rows:
            return None
        best = _best(rows, rules, river)
    return CallOption(kind, meld, after, best.discard, best.shanten, best.ukeire, best.waits,
                      best.yaku, best.yaku_shanten, barred)  # fmt: skip


# --------------------------------------------------------------------------- public API


def calls(hand: Hand | str, rules: Rules | str | None = None) -> list[CallOption]:
    """Every chi, pon and open kan of the tile a 13-tile hand's ``call=`` word offers, in
    that order (chi from the lowest run), each with the hand after it.

    >>> [(o.kind, str(o.meld), str(o.discard), o.shanten, o.yaku)
    ...  for o in calls("34m678p235s15677z call=7z")]
    [('pon', '777z', '1z', 2, ('chun',))]
    """
    hand = parse_hand(hand) if isinstance(hand, str) else hand
    rules = _default_rules(hand, rules)
    if hand.context.call is None:
        raise HandError("conflicting_context", _("calls() needs a hand with call=TILE"))
    _check(hand, (13,), rules.players == 3)
    out = []
    for kind, meld, used in _choices(hand, rules):
        option = _option(hand, rules, kind, meld, used)
        if option is not None:
            out.append(option)
    return out


def with_calls(result: Result, hand: Hand, rules: Rules) -> Result:
    """``result`` (a 13-tile analysis of ``hand``, which says ``call=``) with ``calls``: each
    option's record (:meth:`CallOption.to_json`); a warning when there is none, and when the
    offered tile wins the hand by ron instead."""
    assert hand.context.call is not None
    offered = hand.context.call.tile
    options = calls(hand, rules)
    notes: list[str] = []
    if not options:
        notes.append(
            _("call={tile}: no chi, pon or kan of {tile} fits this hand").format(tile=offered)
        )
    if any(w.get("tile") == format_tiles([Tile(offered.kind)]) for w in result.waits or ()):
        if result.extra.get("furiten"):
            note = _("call={tile}: {tile} also completes the hand (but the hand is furiten)")
        else:
            note = _("call={tile}: {tile} also completes the hand (a ron)")
        notes.append(note.format(tile=offered))
    return result.replace(
        warnings=(*result.warnings, *notes),
        extra={**result.extra, "calls": [o.to_json() for o in options]},
    )
