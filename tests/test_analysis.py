"""Tests for agari.analysis.waiting and agari.analysis.tables: shanten, waits, ukeire, discards.

Expected values come from the definitions in SPEC §4 / RULES.md (a complete hand is four sets
and a pair, seven *different* pairs, or thirteen orphans), from worked arithmetic in each
test's docstring, and from independent checks written here: a brute-force completeness test
over all 34 kinds and the PyPI ``mahjong`` 2.1.0 package's ``Shanten``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari import score
from agari.analysis import efficiency
from agari.analysis import tables as analysis_tables
from agari.analysis.tables import exact_shanten, forget_tables, formula_shanten
from agari.analysis.waiting import (
    _shanten_after_discards,
    analyse_discards,
    analyse_waiting,
    best_win,
    discards,
    karaten,
    shanten,
    tsumo_covers_ron,
    ukeire,
    waits,
    win_contexts,
)
from agari.engine.scoring import win_points
from agari.hand import SEAT_WINDS, Context, Hand, Meld, MeldKind, make_context
from agari.notation.validate import mark_checked
from agari.rules import PRESETS, SWITCH_VALUES, Rules
from agari.tiles import PLAIN_TILES, TERMINALS_AND_HONOURS, Tile, kind_name
from tests.conftest import COMPILED, examples, pure_only, tiles

# --------------------------------------------------------------------------- helpers
# Hands are built from Tile lists here (tests/conftest.py `tiles`), independent of the
# notation module.


def meld(kind: MeldKind, text: str) -> Meld:
    return Meld(kind, tuple(sorted(tiles(text))), None if kind is MeldKind.ANKAN else "left")


def hand(text: str, *melds: Meld, context: Context | None = None) -> Hand:
    return Hand(tuple(sorted(tiles(text))), None, tuple(melds), context or Context())


def from_counts(counts: Sequence[int], melds: Sequence[Meld] = ()) -> Hand:
    concealed = tuple(Tile(k) for k in range(34) for _ in range(counts[k]))
    return Hand(concealed, None, tuple(melds))


def counts_of(h: Hand) -> list[int]:
    c = [0] * 34
    for t in h.closed_tiles:
        c[t.kind] += 1
    return c


def held_of(h: Hand) -> list[int]:
    c = counts_of(h)
    for m in h.melds:
        for t in m.tiles:
            c[t.kind] += 1
    return c


def names(kinds: Sequence[int]) -> list[str]:
    return [kind_name(k) for k in kinds]


# An independent completeness check: plain recursion, no tables.


def _sets_only(c: list[int]) -> bool:
    i = next((k for k in range(34) if c[k]), -1)
    if i < 0:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


def brute_complete(c: list[int], melds: int) -> bool:
    """Four sets (melds included) and a pair; seven different pairs; thirteen orphans."""
    assert sum(c) + 3 * melds == 14
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(c)
            c[k] += 2
            if ok:
                return True
    if melds == 0:
        if sum(1 for x in c if x == 2) == 7:
            return True
        if (
            all(c[k] for k in TERMINALS_AND_HONOURS)
            and sum(c[k] for k in TERMINALS_AND_HONOURS) == 14
        ):
            return True
    return False


def brute_waits(h: Hand) -> list[int]:
    c = counts_of(h)
    held = held_of(h)
    out = []
    for k in range(34):
        if held[k] >= 4:
            continue
        c[k] += 1
        if brute_complete(c, len(h.melds)):
            out.append(k)
        c[k] -= 1
    return out


# --------------------------------------------------------------------------- strategies

_SETS = [("seq", k) for k in range(27) if k % 9 <= 6] + [("trip", k) for k in range(34)]


@st.composite
def complete_hands(draw: st.DrawFn, max_melds: int = 2) -> Hand:
    """A complete 14-tile hand built from random sets and a pair (some sets called)."""
    held = [0] * 34
    groups: list[list[int]] = []
    for _ in range(4):
        options = [
            (g, k)
            for g, k in _SETS
            if (g == "trip" and held[k] <= 1)
            or (g == "seq" and all(held[k + d] < 4 for d in range(3)))
        ]
        g, k = draw(st.sampled_from(options))
        group = [k] * 3 if g == "trip" else [k, k + 1, k + 2]
        for x in group:
            held[x] += 1
        groups.append(group)
    pair = draw(st.sampled_from([k for k in range(34) if held[k] <= 2]))
    held[pair] += 2
    n_melds = draw(st.integers(0, max_melds))
    melds = []
    concealed: list[int] = [pair, pair]
    for i, group in enumerate(groups):
        if i < n_melds:
            kind = MeldKind.PON if group[0] == group[1] else MeldKind.CHI
            melds.append(Meld(kind, tuple(Tile(x) for x in group), "left"))
        else:
            concealed += group
    return Hand(tuple(sorted(Tile(x) for x in concealed)), None, tuple(melds))


@st.composite
def called_hands(draw: st.DrawFn, size: int = 13) -> Hand:
    """Pons, chis and closed kans from a few kinds, then concealed tiles mostly from the
    same kinds: the copies left for the concealed part are often limited (a pon and partial
    sets waiting on its last copy, kans, four copies)."""
    pool = draw(st.lists(st.integers(0, 33), min_size=4, max_size=8, unique=True))
    held = [0] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.sampled_from(pool))
        shape = draw(st.integers(0, 2))
        if shape == 0 and held[k] == 0:
            melds.append(Meld(MeldKind.ANKAN, (Tile(k),) * 4))
            held[k] = 4
        elif shape == 1 and held[k] <= 1:
            melds.append(Meld(MeldKind.PON, (Tile(k),) * 3, "left"))
            held[k] += 3
        elif k < 27 and k % 9 <= 6 and all(held[k + d] < 4 for d in range(3)):
            melds.append(Meld(MeldKind.CHI, tuple(Tile(k + d) for d in range(3)), "left"))
            for d in range(3):
                held[k + d] += 1
    wall = [k for k in pool for _ in range(4 - held[k])]
    others = [k for k in range(34) if k not in pool]
    wall += [k for k in draw(st.permutations(others))[:5] for _ in range(4 - held[k])]
    picks = draw(st.permutations(wall))[: size - 3 * len(melds)]
    return Hand(tuple(sorted(Tile(k) for k in picks)), None, tuple(melds))


@st.composite
def thirteen(draw: st.DrawFn) -> Hand:
    """13-tile hands of several shapes: random, one suit (many waits, four copies), a
    complete hand less one tile, and a complete hand less one tile with melds."""
    shape = draw(st.integers(0, 4))
    if shape == 4:
        return draw(called_hands())
    if shape == 0:
        picks = draw(st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True))
        return from_counts([sum(1 for p in picks if p // 4 == k) for k in range(34)])
    if shape == 1:
        suit = draw(st.integers(0, 3))
        size = 9 if suit < 3 else 7
        picks = draw(st.lists(st.integers(0, 4 * size - 1), min_size=13, max_size=13, unique=True))
        c = [0] * 34
        for p in picks:
            c[suit * 9 + p // 4] += 1
        return from_counts(c)
    full = draw(complete_hands(max_melds=0 if shape == 2 else 3))
    concealed = list(full.concealed)
    concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    return Hand(tuple(concealed), None, full.melds)


# --------------------------------------------------------------------------- properties


@settings(max_examples=examples(200), deadline=None)
@given(thirteen())
def test_waits_are_exactly_the_tiles_that_complete_the_hand(h: Hand) -> None:
    """SPEC §4: the waits are every tile that completes the hand, never a fifth copy."""
    found = [w.tile.kind for w in waits(h, values=False)]
    assert found == brute_waits(h)
    assert (shanten(h) == 0) == bool(found)
    assert [u.tile.kind for u in ukeire(h)] == found or shanten(h) > 0


@settings(max_examples=examples(200), deadline=None)
@given(thirteen(), st.data())
def test_one_tile_change_moves_shanten_by_at_most_one(h: Hand, data: st.DataObject) -> None:
    """Swapping one tile for another is one step: shanten moves by at most one."""
    held = held_of(h)
    concealed = list(h.concealed)
    out = concealed.pop(data.draw(st.integers(0, len(concealed) - 1)))
    held[out.kind] -= 1
    new = data.draw(st.sampled_from([k for k in range(34) if held[k] < 4]))
    changed = Hand(tuple(sorted([*concealed, Tile(new)])), None, h.melds)
    assert abs(shanten(changed) - shanten(h)) <= 1


@settings(max_examples=examples(200), deadline=None)
@given(thirteen())
def test_some_tile_change_lowers_shanten(h: Hand) -> None:
    """A hand n >= 1 from tenpai has a draw that makes it n - 1 after the best discard
    (non-empty ukeire). With the brute-force tenpai test and the one-step bound above this
    pins shanten down as the number of tile changes to a real (never a fifth copy) tenpai."""
    value = shanten(h)
    found = ukeire(h)
    if value >= 1:
        assert found
        k = found[0].tile.kind
        h14 = Hand(tuple(sorted([*h.concealed, Tile(k)])), None, h.melds)
        assert shanten(h14) == value - 1


@settings(max_examples=examples(150), deadline=None)
@given(called_hands(size=13))
def test_fast_path_agrees_with_exact_distance_tables(h: Hand) -> None:
    """The formula is only used where the four-copy limit cannot bite; the exact distance
    tables (fewest missing tiles, no fifth copy) must give the same number."""
    closed = counts_of(h)
    held = held_of(h)
    limits = [4 - (held[k] - closed[k]) for k in range(34)]
    assert shanten(h) == exact_shanten(closed, len(h.melds), limits)


@settings(max_examples=examples(200), deadline=None)
@given(complete_hands(max_melds=3))
def test_complete_hand_is_minus_one_and_every_discard_is_tenpai_or_better(h: Hand) -> None:
    """A complete hand has shanten -1; dropping its winning tile leaves it tenpai."""
    assert shanten(h) == -1
    assert brute_complete(counts_of(h), len(h.melds))
    first = discards(h, values=False)[0]
    assert first.shanten == 0


@settings(max_examples=examples(100), deadline=None)
@given(thirteen(), st.data())
def test_fourteen_tile_shanten_is_best_discard(h: Hand, data: st.DataObject) -> None:
    """14 tiles: -1 iff complete (brute force), else the best 13-tile shanten after a
    discard; ukeire are exactly the draws that lower the shanten."""
    held = held_of(h)
    draw = data.draw(st.sampled_from([k for k in range(34) if held[k] < 4]))
    h14 = Hand(tuple(sorted([*h.concealed, Tile(draw)])), None, h.melds)
    value = shanten(h14)
    assert (value == -1) == brute_complete(counts_of(h14), len(h.melds))
    advice = discards(h14, values=False)
    if value >= 0:
        assert advice[0].shanten == value
    for d in advice[:2]:
        after = Hand(tuple(sorted(_drop(h14.concealed, d.tile))), None, h.melds, h14.context)
        assert shanten(after) == d.shanten
        lowered = [
            k
            for k in range(34)
            if held_of(after)[k] < 4
            and shanten(Hand(tuple(sorted([*after.concealed, Tile(k)])), None, h.melds)) < d.shanten
        ]
        assert [u.tile.kind for u in d.ukeire] == lowered


def _drop(ts: Sequence[Tile], t: Tile) -> list[Tile]:
    rest = list(ts)
    rest.remove(t)
    return rest


@settings(max_examples=examples(150), deadline=None)
@given(thirteen())
def test_waits_agree_with_the_engine_decomposer(h: Hand) -> None:
    """Cross-check with the engine's own completeness test (agari.decompose.is_complete):
    a wait is a kind not held four times whose addition completes the hand."""
    from agari.engine import decompose

    c = counts_of(h)
    held = held_of(h)
    expected = []
    for k in range(34):
        if held[k] < 4:
            c[k] += 1
            if decompose.is_complete(decompose.keys_of_counts(c), len(h.melds)):
                expected.append(k)
            c[k] -= 1
    assert [w.tile.kind for w in waits(h, values=False)] == expected


# --------------------------------------------------------------------------- worked examples


def test_junsei_chuuren_waits_on_all_nine() -> None:
    """RULES.md (Yakuman notes): 1112345678999 is the nine-sided wait, 1m-9m."""
    h = hand("1112345678999m")
    assert shanten(h) == 0
    assert names([w.tile.kind for w in waits(h, values=False)]) == [f"{n}m" for n in range(1, 10)]
    # unseen: 4 minus copies held — 1m and 9m held 3 times, the rest once.
    assert [w.unseen for w in waits(h, values=False)] == [1, 3, 3, 3, 3, 3, 3, 3, 1]


def test_kokushi_thirteen_sided() -> None:
    """RULES.md: the thirteen different terminals/honours wait on any of the thirteen."""
    h = hand("19m19p19s1234567z")
    assert shanten(h) == 0
    found = [w.tile.kind for w in waits(h, values=False)]
    assert found == list(TERMINALS_AND_HONOURS)
    assert all(w.unseen == 3 for w in waits(h, values=False))


def test_kokushi_single_wait() -> None:
    """Twelve orphans with a pair wait only on the thirteenth (here 7z)."""
    h = hand("19m19p19s1123456z")
    assert names([w.tile.kind for w in waits(h, values=False)]) == ["7z"]


def test_karaten_four_copies_in_hand() -> None:
    """123m456p789s + 1111z: the only completion is a fifth 1z (tanki on a tile the hand
    holds four times): not tenpai, shanten 1 as on tenhou.net/2; one change (drop a 1z,
    draw any other tile) makes it a real tanki wait."""
    h = hand("123m456p789s1111z")
    assert formula_shanten(counts_of(h), 0) == 0  # the pure formula thinks tenpai
    assert shanten(h) == 1
    assert waits(h, values=False) == []
    assert karaten(h) == "karaten: all four copies of 1z are in the hand"
    result = analyse_waiting(h, Rules())
    assert result.status == "noten"
    assert result.shanten == 1
    assert "karaten: all four copies of 1z are in the hand" in result.warnings
    # Every tile but 1z (held four times) is ukeire: drop a 1z, keep the new tile as tanki.
    assert [u["tile"] for u in result.extra["ukeire"]] == [
        kind_name(k) for k in range(34) if k != 27
    ]


def test_karaten_with_a_pon() -> None:
    """Pon of 9p plus a 9p single: the tanki needs a fifth 9p (three in the pon, one in
    hand), so the hand is not tenpai and the reason names the meld."""
    h = hand("123m456s789s9p", meld(MeldKind.PON, "999p"))
    assert shanten(h) == 1
    assert karaten(h) == "karaten: all four copies of 9p are in the hand and its melds"


def test_four_copies_still_wait_elsewhere() -> None:
    """11112m 456p 789s 11z: 111m + 12m + 11z pair waits on 3m (penchan; 3m completes
    111m 123m). A 1m would complete 11m-pair readings but is the fifth copy; 2m and 1z
    complete nothing. So the one wait is 3m, none of it held: 4 unseen (worked by hand;
    the brute force agrees)."""
    h = hand("11112m456p789s11z")
    found = waits(h, values=False)
    assert [(str(w.tile), w.unseen) for w in found] == [("3m", 4)]
    assert brute_waits(h) == [2]


def test_honours_seven_pairs_wait() -> None:
    """Six honour pairs and a single 7z: seven pairs waits on the seventh kind, 7z."""
    h = hand("1122334455667z")
    assert shanten(h) == 0
    assert names([w.tile.kind for w in waits(h, values=False)]) == ["7z"]


def test_seven_pairs_needs_seven_different_kinds() -> None:
    """RULES.md: seven pairs have seven different kinds; 1111m is one pair, not two.
    1111m 22p 44p 66p 88p 9s would be a 9s wait if 1111m were two pairs. Counted right:
    pairs = 5 (1m 2p 4p 6p 8p), kinds = 6 -> 6 - 5 + (7 - 6) = 2. Standard form:
    111m, pair 22p, partial sets 44p 66p 88p -> 2*3 - 3 - 1 = 2. So shanten 2, no waits."""
    from agari.analysis.tables import chiitoitsu_shanten

    h = hand("1111m22446688p9s")
    assert chiitoitsu_shanten(counts_of(h)) == 2
    assert shanten(h) == 2
    assert waits(h, values=False) == []


def test_closed_kan_hand() -> None:
    """Closed kan of 1m (a set) + 23p 456s 789s 5z5z: waits 1p and 4p (ryanmen), and seven
    pairs is impossible with a kan."""
    h = hand("23p456s789s55z", meld(MeldKind.ANKAN, "1111m"))
    assert h.tile_count == 13
    assert shanten(h) == 0
    assert names([w.tile.kind for w in waits(h, values=False)]) == ["1p", "4p"]


def test_closed_kan_of_the_wait_tile() -> None:
    """Closed kan 4444p: 23p can only be completed by 1p (4p is the fifth copy)."""
    h = hand("23p456s789s55z", meld(MeldKind.ANKAN, "4444p"))
    assert names([w.tile.kind for w in waits(h, values=False)]) == ["1p"]


def test_four_melds_tanki() -> None:
    """Four melds called, one tile left: tanki on it (three unseen copies)."""
    h = hand(
        "5z",
        meld(MeldKind.PON, "111m"),
        meld(MeldKind.CHI, "234p"),
        meld(MeldKind.PON, "777s"),
        meld(MeldKind.CHI, "789m"),
    )
    assert shanten(h) == 0
    assert [(str(w.tile), w.unseen) for w in waits(h, values=False)] == [("5z", 3)]


def test_unseen_counts_dora_indicators() -> None:
    """Unseen = 4 minus copies in the hand, melds and dora indicators: 1112345678999m with a
    9m indicator leaves no 9m unseen — still a wait (tenhou.net/2 shows 0 left)."""
    h = hand("1112345678999m", context=Context(dora_indicators=(Tile(8),)))
    found = {str(w.tile): w.unseen for w in waits(h, values=False)}
    assert found["9m"] == 0
    assert found["5m"] == 3


def test_shanten_worked_values() -> None:
    """Standard form: 2*(4-m) - t - p with at most 4 sets+partials.
    147m258p369s1234z: no partial sets, no pair: 8 - 0 = 8? seven pairs: 6 - 0 + 0 = 6;
    kokushi: orphans held 1m 9s 1z..4z... 1m,9s(no: 9s is 26, held), 1z,2z,3z,4z -> 6 kinds
    (1m 9s 1z 2z 3z 4z) -> 13 - 6 = 7. Least: 6."""
    h = hand("147m258p369s1234z")
    assert shanten(h) == 6


def test_two_partial_sets_on_a_pons_last_copy() -> None:
    """Pon 333m beside 1224668889m: the last 3m is wanted by two partial sets (12m and
    24m), so the formula's one-shanten (12m 24m 66m 888m 9m: a set, two partial sets and a
    pair) is one short: with one 3m left only one of them can become a set, and the best is
    two-shanten (the exact tables; 4 concealed tiles within two ranks of 3m)."""
    h = Hand(tuple(tiles("1224668889m")), None, (meld(MeldKind.PON, "333m"),))
    assert formula_shanten(counts_of(h), 1) == 1
    assert shanten(h) == 2


def test_discards_sort_and_values_shape() -> None:
    """14 tiles: 123m456p789s1155z + 9m. Dropping 9m leaves the shanpon 1z/5z (tenpai,
    2 + 2 = 4 unseen); every other discard leaves 1-shanten or worse."""
    h = hand("123m456p789s1155z9m")
    advice = discards(h, values=False)
    best = advice[0]
    assert str(best.tile) == "9m"
    assert best.shanten == 0
    assert [(str(u.tile), u.unseen) for u in best.ukeire] == [("1z", 2), ("5z", 2)]
    assert best.ukeire_total == 4
    assert best.waits is not None
    assert [str(w.tile) for w in best.waits] == ["1z", "5z"]
    assert all(d.shanten >= 1 for d in advice[1:])
    keys = [(d.shanten, -d.ukeire_total, d.tile) for d in advice]
    assert keys == sorted(keys)


def test_red_five_is_one_discard_unless_aka_makes_it_matter() -> None:
    """With red fives off, 0m and 5m are one discard; with aka on, both are listed."""
    h = hand("05m123p456p789s117z")
    plain = {str(d.tile) for d in discards(h, Rules(), values=False)}
    assert "0m" not in plain or "5m" not in plain
    with_aka = {str(d.tile) for d in discards(h, Rules.preset("tenhou"), values=False)}
    assert {"0m", "5m"} <= with_aka


def test_keeping_the_red_five_is_worth_more() -> None:
    """Tenhou rules (aka on), riichi, 3m 0m 5m 234p 456p 678s 11z. Dropping the plain 5m or
    the red 0m both leave the 4m kanchan (4 unseen), but the values differ by the aka dora.
    Tsumo on 4m: 20 + 2 (tsumo) + 2 (kanchan) = 24 -> 30 fu (RULES.md fu table).
    Keeping 0m: riichi, menzen tsumo, aka = 3 han: base 30 * 2^5 = 960, dealer 1920 -> 2000,
    others 960 -> 1000: 4000. Keeping 5m: 2 han, base 480: 1000 + 500 + 500 = 2000."""
    pytest.importorskip("agari.api")
    h = hand("305m234p456p678s11z", context=Context(riichi=True))
    found = {str(d.tile): d for d in discards(h, Rules.preset("tenhou"))}
    keep_red = found["5m"].best()
    keep_plain = found["0m"].best()
    assert keep_red is not None and keep_plain is not None
    assert (keep_red["tile"], keep_red["by"], keep_red["points"]) == ("4m", "tsumo", 4000)
    assert (keep_plain["tile"], keep_plain["by"], keep_plain["points"]) == ("4m", "tsumo", 2000)


def test_analyse_discards_record() -> None:
    """The record of a 14-tile hand that does not win (SPEC §3/§4 keys)."""
    h = hand("123m456p789s1155z9m")
    record = analyse_discards(h, Rules()).to_json()
    assert record["status"] == "not_winning"
    assert record["shanten"] == 0
    first = record["discards"][0]
    assert set(first) >= {"tile", "shanten", "ukeire", "ukeire_total", "waits"}
    assert first["ukeire"] == [{"tile": "1z", "unseen": 2}, {"tile": "5z", "unseen": 2}]


def test_wait_values_closed_shanpon_without_yaku() -> None:
    """234m 456p 678s 22p 99p, closed, no riichi: shanpon on 2p/9p.
    Ron: no yaku (a closed hand needs riichi or tsumo; tanyao fails on 9p and on 2p the
    99p pair breaks it too). Tsumo: menzen tsumo 1 han; fu 20 + 2 (tsumo) + 4 (closed
    triplet of 2p, simples; RULES.md fu table) = 26 -> 30. Base 30 * 2^3 = 240;
    non-dealer tsumo: dealer 480 -> 500, others 240 -> 300, 1100 in all (RULES.md)."""
    pytest.importorskip("agari.api")
    h = hand("234m456p678s2299p")
    found = {str(w.tile): w.to_json() for w in waits(h, Rules())}
    assert set(found) == {"2p", "9p"}
    assert found["2p"]["ron"] == {"status": "no_yaku", "reason": "needs riichi or tsumo"}
    tsumo = found["2p"]["tsumo"]
    assert (tsumo["status"], tsumo["han"], tsumo["fu"], tsumo["yaku"]) == (
        "win",
        1,
        30,
        ["menzen_tsumo"],
    )
    assert tsumo["payment"] == {"tsumo_dealer": 500, "tsumo_non_dealer": 300}
    assert tsumo["points"] == 1100


def test_wait_values_open_hand_without_yaku() -> None:
    """234m 567p 9s + chi 123s + chi 789p: an open tanki on 9s with no yaku (no tanyao:
    terminals; no yakuhai): neither ron nor tsumo wins, and the reason says why."""
    pytest.importorskip("agari.api")
    h = hand("234m567p9s", meld(MeldKind.CHI, "123s"), meld(MeldKind.CHI, "789p"))
    (only,) = waits(h, Rules())
    record = only.to_json()
    assert record["tile"] == "9s"
    assert record["unseen"] == 3
    assert record["ron"] == {"status": "no_yaku", "reason": "open hand without a yaku"}
    assert record["tsumo"] == {"status": "no_yaku", "reason": "open hand without a yaku"}


def test_tenpai_discard_carries_best_value() -> None:
    """123m456p789s1155z + 9m (round East, seat South by default): discarding 9m leaves the
    1z/5z shanpon. RULES.md fu table:
    ron on 1z: 20 + 10 (closed ron) + 4 (1z triplet, made open by the ron) + 2 (5z dragon
    pair) = 36 -> 40 fu, round wind 1 han: 40 * 2^3 = 320, ron 4 * 320 = 1280 -> 1300;
    tsumo on 1z: 20 + 2 (tsumo) + 8 (closed honour triplet) + 2 = 32 -> 40 fu, 2 han
    (round wind, menzen tsumo): base 640, dealer 1280 -> 1300, others 640 -> 700: 2700.
    5z is the same with haku. Best: the first 2700, 1z by tsumo."""
    pytest.importorskip("agari.api")
    h = hand("123m456p789s1155z9m")
    record = discards(h, Rules())[0].to_json()
    assert record["tile"] == "9m"
    assert [w["ron"]["points"] for w in record["waits"]] == [1300, 1300]
    best = record["best"]
    assert (best["tile"], best["by"], best["points"], best["fu"]) == ("1z", "tsumo", 2700, 40)
    assert best["payment"] == {"tsumo_dealer": 1300, "tsumo_non_dealer": 700}


def test_three_player_shanten_and_ukeire() -> None:
    """players=3 (RULES.md, sanma): 2m-8m are not in the set. 1111m 1111z 222z 33z: with
    four players 111m + 1m can still become 123m (1-shanten); with three the 1m and 1z
    singles can form nothing, so a set must come from new tiles: 2-shanten. Both values
    are in the docstring of mahjong 2.1.0's calculate_shanten_for_regular_hand."""
    sanma = Rules().with_overrides({"players": "3"})
    h = hand("1111m111122233z")
    assert shanten(h) == 1
    assert shanten(h, sanma) == 2
    h13 = hand("1m11p1234567s557z")
    four = [str(u.tile) for u in ukeire(h13)]
    three = [str(u.tile) for u in ukeire(h13, sanma)]
    assert {"2m", "3m"} <= set(four)
    assert three == [t for t in four if t not in ("2m", "3m")]


def test_wrong_tile_count_is_an_error() -> None:
    from agari.errors import HandError

    with pytest.raises(HandError) as info:
        shanten(hand("123m"))
    assert info.value.code == "tile_count"


# --------------------------------------------------------------------------- differential


def _random_counts(rng: random.Random) -> list[int]:
    mode = rng.randrange(3)
    if mode == 0:
        wall = [k for k in range(34) for _ in range(4)]
    elif mode == 1:  # one suit: many four-copy hands
        s = rng.randrange(4)
        wall = [k for k in range(s * 9, min(34, s * 9 + 9)) for _ in range(4)]
    else:  # six kinds only
        wall = [k for k in rng.sample(range(34), 6) for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(wall, rng.choice((13, 14))):
        c[k] += 1
    return c


def test_differential_against_mahjong_package() -> None:
    """agari.shanten vs mahjong 2.1.0 ``Shanten.calculate_shanten`` on 3000 fixed-seed
    closed hands (13 and 14 tiles; a third random, a third one-suit, a third from six
    kinds, so four copies are common: about 600 of the 3000 hold a kind four times).

    Recorded disagreements: none on this seed (nor on 30,000 hands of seed 11, run by hand).
    Before agari used exact distance tables where four copies are held, it disagreed on
    hands such as 23p 9999p 4444s 6666z (pure formula 1, mahjong 2; exact 2, see
    ``test_isolated_four_copies_cannot_pair``). The package has its own four-copy
    heuristics (``_flag_four_copies``, ``jidahai``), so rare differences remain possible.
    """
    from mahjong.shanten import Shanten

    rng = random.Random(20261130)
    disagreements: list[tuple[str, int, int]] = []
    four_copies = 0
    for _ in range(3000):
        c = _random_counts(rng)
        four_copies += max(c) == 4
        ours = shanten(from_counts(c))
        theirs = Shanten.calculate_shanten(c)
        if ours != theirs:
            text = "".join(kind_name(k) * c[k] for k in range(34))
            disagreements.append((text, ours, theirs))
    assert four_copies > 300
    assert disagreements == []


def test_isolated_four_copies_cannot_pair() -> None:
    """23p 9999p 4444s 6666z (14 tiles): the formula sees 999p 444s 666z, 23p and a single
    to pair (1-shanten), but every single (9p, 4s, 6z) is a kind held four times. A
    complete hand needs a new pair (2 tiles) and 1p/4p (1 tile), 3 missing, and breaking a
    triplet is no better: shanten 2. The mahjong package also says 2."""
    h = hand("23p9999p4444s6666z")
    assert formula_shanten(counts_of(h), 0) == 1
    assert shanten(h) == 2


def test_pon_holds_the_last_copies() -> None:
    """Pon of 3s; 1s 22s 4s 77s 8s 999s in hand (13 tiles). The formula reads 999s, the
    pair 77s and two partial sets 12s and 24s: 2*2 - 2 - 1 = 1. But both partial sets wait
    on 3s and only one 3s is left (three are in the pon), so every complete hand is 3
    tiles away (e.g. 123s+3s, 789s+9s, 77s+7s beside 999s): shanten 2. Found by the random
    comparison of formula and exact tables (fixed seed, worked by hand)."""
    h = hand("1224778999s", meld(MeldKind.PON, "333s"))
    assert formula_shanten(counts_of(h), 1) == 1
    assert shanten(h) == 2


# --------------------------------------------------------------------------- the review's figures


def _exact(closed: list[int], melds: int, held: list[int]) -> int:
    return exact_shanten(closed, melds, [4 - (h - c) for c, h in zip(closed, held, strict=True)])


#: The shanten after a discard of a kind not held (``_shanten_after_discards``).
NO_DISCARD = 9


def _brute_figures(
    closed: list[int], melds: int, held: list[int], seen: list[int], also: int | None
) -> tuple[dict[int, int], set[tuple]]:
    """Every discard of 14 tiles with its exact shanten after; and the figures of those at
    the lowest and of ``also``: the kinds whose draw lowers it, and their unseen copies.
    Each by the exact tables alone."""
    after = {}
    for kind in range(34):
        if closed[kind]:
            closed[kind] -= 1
            held[kind] -= 1
            after[kind] = _exact(closed, melds, held)
            closed[kind] += 1
            held[kind] += 1
    lowest = min(after.values())
    out = set()
    for kind, value in after.items():
        if value != lowest and kind != also:
            continue
        closed[kind] -= 1
        held[kind] -= 1
        kinds = []
        for draw in range(34):
            if held[draw] < 4:
                closed[draw] += 1
                held[draw] += 1
                if _exact(closed, melds, held) < value:
                    kinds.append(draw)
                closed[draw] -= 1
                held[draw] -= 1
        closed[kind] += 1
        held[kind] += 1
        out.add((kind, value, tuple(kinds), sum(4 - seen[k] for k in kinds)))
    return after, out


@st.composite
def fourteen(draw: st.DrawFn) -> Hand:
    """14-tile hands: random, one suit, or called (pons and kans beside partial sets that
    wait on their last copies)."""
    shape = draw(st.integers(0, 2))
    if shape == 2:
        return draw(called_hands(size=14))
    suit = draw(st.integers(0, 3))
    size = 34 if shape == 0 else 9 if suit < 3 else 7
    picks = draw(st.lists(st.integers(0, 4 * size - 1), min_size=14, max_size=14, unique=True))
    c = [0] * 34
    for p in picks:
        c[(0 if shape == 0 else suit * 9) + p // 4] += 1
    return from_counts(c)


@settings(max_examples=examples(60), deadline=None)
@given(fourteen(), st.data())
def test_discard_figures_are_the_exact_tables_discard_by_discard(
    h: Hand, data: st.DataObject
) -> None:
    """The review's figures of a 14-tile hand (shanten after each discard from the
    per-suit rows, acceptance only where the four-copy limit may bite asked of the exact
    tables) equal the exact tables asked for every discard and every draw: the figures of
    the discards at the lowest shanten and of ``also`` (the others left out); and the
    figures come out the same from emptied registers and memos."""
    closed, held = counts_of(h), held_of(h)
    seen = [min(4, n + data.draw(st.integers(0, 2))) for n in held]
    also = data.draw(st.sampled_from([None, *(k for k in range(34) if closed[k])]))
    after, want = _brute_figures(closed, len(h.melds), held, seen, also)
    assert _shanten_after_discards(closed, len(h.melds), held) == [
        after.get(k, NO_DISCARD) for k in range(34)
    ]
    figures, before = efficiency.discard_figures(closed, len(h.melds), held, seen, also)
    assert before == _exact(closed, len(h.melds), held)
    assert {(f.kind, f.shanten, f.kinds, f.count) for f in figures} == want
    assert [(f.shanten, -f.count, f.kind) for f in figures] == sorted(
        (f.shanten, -f.count, f.kind) for f in figures
    )
    forget_tables()
    efficiency.forget_hands()
    again, _ = efficiency.discard_figures(closed, len(h.melds), held, seen, also)
    assert again == figures


# --------------------------------------------------------------------------- the C core
#
# Every build computes the review's figures in C (analysis/_acceptance.c) where the C core
# could be built, and in Python where it could not (or AGARI_PURE=1 left it out). The tests
# hold the two to the same answers wherever the C core is (CI's runs both have it).

native = pytest.mark.skipif(not efficiency.NATIVE, reason="the C core was not built")


def test_the_compiled_build_has_the_c_core() -> None:
    """AGARI_COMPILE=1 requires the C core beside the mypyc modules: a compiled build
    without it would review in Python (slowly), and the tests below would be skipped.
    CI's default install (a machine with a compiler) must have built it too."""
    if COMPILED or os.environ.get("AGARI_EXPECT_C_CORE"):
        assert efficiency.NATIVE


def _python_figures(
    closed: list[int], melds: int, held: list[int], seen: list[int], also: int | None
) -> tuple[list[tuple[int, int, tuple[int, ...], int]], int]:
    return efficiency._discard_rows_python(list(closed), melds, list(held), seen, also)


@native
@settings(max_examples=examples(150), deadline=None)
@given(thirteen())
def test_c_core_shanten_and_improving_kinds_are_the_pythons(h: Hand) -> None:
    """13 tiles: the C core's shanten and improving kinds are those of the Python formula
    and exact tables (random, one-suit, near-complete and called hands)."""
    from agari.analysis import _acceptance

    closed, held, melds = counts_of(h), held_of(h), len(h.melds)
    value = efficiency._shanten_memo(closed, melds, held)
    assert _acceptance.shanten(bytes(closed), bytes(held), melds) == value
    python = efficiency._improving(closed, melds, held, value, None)
    assert _acceptance.improving(bytes(closed), bytes(held), melds, value) == python


@native
@settings(max_examples=examples(100), deadline=None)
@given(fourteen(), st.data())
def test_c_core_discard_figures_are_the_pythons(h: Hand, data: st.DataObject) -> None:
    """14 tiles: the shanten after each discard and the figures of the discards at the
    lowest shanten (and of ``also``) are the Python ones, from a cold memo as well."""
    from agari.analysis import _acceptance

    closed, held, melds = counts_of(h), held_of(h), len(h.melds)
    seen = [min(4, n + data.draw(st.integers(0, 2))) for n in held]
    also = data.draw(st.sampled_from([None, *(k for k in range(34) if closed[k])]))
    after = _acceptance.after_discards(bytes(closed), bytes(held), melds)
    assert list(after) == _shanten_after_discards(closed, melds, held)
    want, before = _python_figures(closed, melds, held, seen, also)
    args = (bytes(closed), bytes(held), melds, bytes(seen), -1 if also is None else also)
    assert _acceptance.figures(*args) == (before, want)
    _acceptance.forget()
    assert _acceptance.figures(*args) == (before, want)


@native
@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((b"\x00" * 33, b"\x00" * 34, 0), "closed: 34 counts"),
        ((b"\x05" + b"\x00" * 33, b"\x05" + b"\x00" * 33, 0), "closed: 5 copies of kind 0"),
        ((b"\x00" * 34, b"\x00" * 33 + b"\x07", 0), "held: 7 copies of kind 33"),
        ((b"\x02" + b"\x00" * 33, b"\x01" + b"\x00" * 33, 0), "fewer copies of kind 0"),
        ((b"\x00" * 34, b"\x00" * 34, 5), "melds: 5"),
        ((b"\x00" * 34, b"\x00" * 34, -1), "melds: -1"),
    ],
)
def test_c_core_refuses_impossible_counts(args: tuple[bytes, bytes, int], message: str) -> None:
    from agari.analysis import _acceptance

    with pytest.raises(ValueError, match=message):
        _acceptance.shanten(*args)
    with pytest.raises(TypeError):
        _acceptance.shanten([0] * 34, bytes(34), 0)  # type: ignore[arg-type]


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.sampled_from(range(136)), max_size=14, unique=True),
    st.none() | st.lists(st.integers(0, 4), min_size=34, max_size=34),
)
def test_tally_counts_each_codes_kind_over_the_base(
    tiles_drawn: list[int], base: list[int] | None
) -> None:
    """The counts of a hand's tile codes (tile 4k + i is kind k, its code 2k + 1, or 2k
    for a red five), added to a base of at most the copies the hand leaves (so never a
    fifth copy): by hand, in the C core where it is built, and in Python."""
    codes = [(t // 4) * 2 + (t % 4 != 0 or (t // 4) not in (4, 13, 22)) for t in tiles_drawn]
    drawn = [0] * 34
    for t in tiles_drawn:
        drawn[t // 4] += 1
    if base is not None:
        base = [min(b, 4 - n) for b, n in zip(base, drawn, strict=True)]
    want = [b + n for b, n in zip(base or [0] * 34, drawn, strict=True)]
    given_base = None if base is None else bytes(base)
    assert list(efficiency.tally(codes, given_base)) == want
    native_was = efficiency.NATIVE
    try:
        efficiency.NATIVE = False
        assert list(efficiency.tally(codes, given_base)) == want
    finally:
        efficiency.NATIVE = native_was


@pytest.mark.parametrize("native", [True, False])
def test_tally_refuses_a_fifth_copy(native: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if native and not efficiency.NATIVE:
        pytest.skip("the C core was not built")
    monkeypatch.setattr(efficiency, "NATIVE", native)
    with pytest.raises(ValueError, match="a fifth copy of kind 3"):
        efficiency.tally([7, 7], bytes([0, 0, 0, 3] + [0] * 30))
    assert efficiency.tally([7], bytes([0, 0, 0, 3] + [0] * 30))[3] == 4


@pytest.mark.parametrize("native", [True, False])
@pytest.mark.parametrize(
    ("codes", "base", "message"),
    [
        ([68], None, "68 is no tile code"),
        ([-1], None, "-1 is no tile code"),
        ([1], bytes(33), "base: 34 counts"),
        ([1], bytes([5]) + bytes(33), "base: 5 copies of kind 0"),
    ],
)
def test_tally_refuses_what_is_no_hand(
    native: bool,
    codes: list[int],
    base: bytes | None,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The C core and the Python fallback refuse the same input with the same words."""
    if native and not efficiency.NATIVE:
        pytest.skip("the C core was not built")
    monkeypatch.setattr(efficiency, "NATIVE", native)
    with pytest.raises(ValueError, match=message):
        efficiency.tally(codes, base)


@native
@pytest.mark.parametrize(
    ("args", "message"),
    [(((1,), None), "list"), ((["1"], None), "str is no tile code"), (([1],), "2 arguments")],
)
def test_c_core_tally_refuses_what_is_not_its_types(args: tuple[object, ...], message: str) -> None:
    from agari.analysis import _acceptance

    with pytest.raises(TypeError, match=message):
        _acceptance.tally(*args)  # type: ignore[arg-type]


@pure_only
def test_bounded_registers_give_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registers of tables and rows are emptied as they pass their bound (a batch of
    unrelated hands): the figures do not change."""
    rng = random.Random(3)
    hands = []
    for _ in range(30):
        c = [0] * 34
        for p in rng.sample(range(136), 14):
            c[p // 4] += 1
        hands.append(c)
    unbounded = [efficiency.discard_figures(c, 0, list(c), list(c)) for c in hands]
    forget_tables()
    efficiency.forget_hands()
    monkeypatch.setattr(analysis_tables, "_REGISTER_LIMIT", 8)
    bounded = [efficiency.discard_figures(c, 0, list(c), list(c)) for c in hands]
    assert bounded == unbounded
    assert len(analysis_tables._TABLES) < 8 + 60  # emptied on the way


# --------------------------------------------------------------------------- tsumo and ron
#
# The review values a ready hand by its best tsumo alone where a tsumo is worth at least the
# ron of the same tiles (tsumo_covers_ron: four players, fu rounded to tens, no aotenjou).
# Held here under every four-player preset with two switches, each set to one of its values.

#: Each switch at each value it names (not the free numbers, nor the number of players).
_SWITCHED = [
    (key, value)
    for key, values in SWITCH_VALUES.items()
    if key != "players"
    for value in values
    if not value.startswith("<")
]
_FOUR_PLAYER = sorted(name for name, preset in PRESETS.items() if preset.players == 4)


@settings(max_examples=examples(120), deadline=None)
@given(complete_hands(), st.data())
def test_a_tsumo_is_worth_at_least_its_ron_where_the_review_values_tsumo_alone(
    h: Hand, data: st.DataObject
) -> None:
    """A ready hand (a complete one less a concealed tile), its winds, a dora indicator and
    riichi (closed hands) drawn at random: each winning tile by tsumo is worth at least
    the same by ron wherever ``tsumo_covers_ron``, so the best win valued by tsumo alone is
    the best win."""
    rules = Rules.preset(data.draw(st.sampled_from(_FOUR_PLAYER)))
    switched = data.draw(st.lists(st.sampled_from(_SWITCHED), min_size=1, max_size=2))
    rules = rules.with_overrides(dict(switched))
    key = switched[-1][0]
    if not tsumo_covers_ron(rules):  # the two switches of a four-player preset that leave it out
        assert rules.aotenjou or rules.fu_rounding == "fives"
        return
    concealed = list(h.concealed)
    concealed.remove(data.draw(st.sampled_from(concealed)))
    context = make_context(
        seat_wind=data.draw(st.sampled_from(SEAT_WINDS)),
        round_wind=data.draw(st.sampled_from(SEAT_WINDS[:2])),
        dora_indicators=(PLAIN_TILES[data.draw(st.integers(0, 33))],),
        riichi=not h.melds and data.draw(st.booleans()),
    )
    ready = Hand(tuple(concealed), None, h.melds, context)
    kinds = brute_waits(ready)
    by_ron, by_tsumo = win_contexts(context)
    for kind in kinds:
        ron, tsumo = (
            win_points(mark_checked(Hand(ready.concealed, PLAIN_TILES[kind], h.melds, c)), rules)
            for c in (by_ron, by_tsumo)
        )
        assert tsumo >= ron, (str(ready), kind_name(kind), rules.value_text(key))
    assert best_win(ready, kinds, rules, tsumo_only=True) == best_win(ready, kinds, rules)


@pytest.mark.parametrize(
    ("text", "switches", "ron", "tsumo"),
    [
        # Open tanyao with no fu: the ron is raised to 30 fu, 1 han (1000); the tsumo's 22
        # fu round down to 20 under fives, 1 han 20 fu paid 400 + 200 + 200.
        ("567p23s66s456p+4s, 3-45m", {}, 1000, 800),
        # Closed pinfu tanyao: the ron 30 fu 2 han (2000); the tsumo, no pinfu under
        # pinfu_tsumo=off, is tanyao and menzen tsumo with 22 fu, down to 20: 700 + 400 + 400.
        ("234567p23s66s456p+4s", {"pinfu_tsumo": "off"}, 2000, 1500),
    ],
)
def test_under_fives_a_tsumo_can_be_worth_less_than_its_ron(
    text: str, switches: dict[str, str], ron: int, tsumo: int
) -> None:
    """Why ``tsumo_covers_ron`` needs fu rounded to tens: these tsumo are worth less than
    the same tiles won by ron under ``fu_rounding=fives``, so the review values the rons."""
    rules = Rules.preset("tenhou").with_overrides({"fu_rounding": "fives", **switches})
    assert score(text, rules=rules).points == ron
    assert score(text + " tsumo", rules=rules).points == tsumo
    assert not tsumo_covers_ron(rules)
    assert tsumo_covers_ron(rules.with_overrides({"fu_rounding": "tens"}))
