"""The decomposer: every reading, every wait, no reading twice.

Expected readings are worked out by hand from the shapes (RULES.md "Fu": "the wait is a
property of the reading: 45m + 6m ryanmen, 46m + 5m kanchan, 12m + 3m or 89m + 7m
penchan, pair completion tanki, two pairs one of which becomes a triplet shanpon").
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from agari.engine.decompose import (
    KAN,
    PAIR,
    SEQUENCE,
    TRIPLET,
    is_complete,
    keys_of_counts,
    readings,
    readings_of_counts,
    suit_splits,
)
from agari.hand import Meld, MeldKind
from agari.tiles import Tile
from tests.conftest import examples, tiles


def _tiles(text: str) -> tuple[Tile, ...]:
    """``123m44z`` -> sorted tiles."""
    return tuple(sorted(tiles(text)))


def _waits(concealed: str, win: str, melds: tuple[Meld, ...] = ()) -> list[tuple[str, ...]]:
    return sorted(
        (r.wait, *r.notation()) for r in readings(_tiles(concealed), _tiles(win)[0], False, melds)
    )


def test_ryanmen_kanchan_penchan() -> None:
    """RULES.md "Fu": 45m + 6m ryanmen, 46m + 5m kanchan, 12m + 3m and 89m + 7m penchan."""
    rest = "123p456p789p11s"
    assert [w[0] for w in _waits("45m" + rest, "6m")] == ["ryanmen"]
    assert [w[0] for w in _waits("46m" + rest, "5m")] == ["kanchan"]
    assert [w[0] for w in _waits("12m" + rest, "3m")] == ["penchan"]
    assert [w[0] for w in _waits("89m" + rest, "7m")] == ["penchan"]


def test_tanki_and_shanpon() -> None:
    """RULES.md "Fu": pair completion tanki; two pairs, one becoming a triplet, shanpon."""
    assert [w[0] for w in _waits("123m456p789s111z5z", "5z")] == ["tanki"]
    assert [w[0] for w in _waits("123m456p789s11z55z", "5z")] == ["shanpon"]


def test_a_tile_in_several_groups_gives_several_readings() -> None:
    """RULES.md "Fu": a winning tile that fits several groups gives several readings.
    2344m + 4m: the 4m completed 234m (23m waiting 1m/4m: ryanmen, pair 44m) or the
    pair 44m (234m held, tanki)."""
    got = _waits("2344m123p456p789p", "4m")
    assert [w[0] for w in got] == ["ryanmen", "tanki"]


def test_same_group_twice_is_one_reading() -> None:
    """No reading twice: 112233m + 1m... 11223m + 3m completes either copy of 123m."""
    got = _waits("11223m456p789p11s", "3m")
    assert got == [("penchan", "123m", "123m", "456p", "789p", "11s")]


def test_ryanpeikou_and_seven_pairs_are_both_readings() -> None:
    """RULES.md: 223344m556677p55s is ryanpeikou or seven pairs: both readings exist."""
    got = readings(_tiles("223344m556677p5s"), _tiles("5s")[0])
    assert sorted(r.shape for r in got) == ["chiitoitsu", "standard"]


def test_seven_pairs_need_seven_different_kinds() -> None:
    """RULES.md "All presets: seven pairs ... with seven different pairs"."""
    got = readings(_tiles("1111m3355p2299s1z"), _tiles("1z")[0])
    assert all(r.shape != "chiitoitsu" for r in got)
    assert got == []


def test_kokushi_single_and_thirteen_sided() -> None:
    """RULES.md "Yakuman notes": 13-sided when the thirteen were all held before the win."""
    assert [r.wait for r in readings(_tiles("119m19p19s123456z"), _tiles("7z")[0])] == ["kokushi"]
    assert [r.wait for r in readings(_tiles("19m19p19s1234567z"), _tiles("7z")[0])] == [
        "kokushi_13"
    ]


def test_melds_are_fixed_groups() -> None:
    """SPEC §1 melds are called groups; the decomposer only splits the concealed part."""
    chi = Meld(MeldKind.CHI, _tiles("345m"), "left")
    kan = Meld(MeldKind.ANKAN, _tiles("1111z"))
    got = readings(_tiles("123p456p5s"), _tiles("5s")[0], False, (chi, kan))
    assert len(got) == 1
    r = got[0]
    assert r.wait == "tanki"
    assert [(g.type, g.kind) for g in r.groups] == [
        (SEQUENCE, 9),
        (SEQUENCE, 12),
        (SEQUENCE, 2),
        (KAN, 27),
        (PAIR, 22),
    ]
    assert r.groups[3].concealed  # a closed kan stays concealed


def test_ron_completed_triplet_is_not_concealed() -> None:
    """RULES.md "Fu": a triplet completed by the winning tile on ron counts as open;
    on tsumo it stays closed."""
    concealed, win = _tiles("123m456p789s11z55z"), _tiles("5z")[0]
    ron = readings(concealed, win, tsumo=False)[0]
    tsumo = readings(concealed, win, tsumo=True)[0]
    assert not ron.groups[ron.win_index].concealed
    assert tsumo.groups[tsumo.win_index].concealed


def test_suit_table_is_memoised() -> None:
    """DESIGN.md: readings from memoised per-suit tables keyed by count tuples."""
    suit_splits.cache_clear()
    readings(_tiles("123m456m789m11m23p"), _tiles("4p")[0])
    readings(_tiles("123m456m789m11m23s"), _tiles("4s")[0])
    info = suit_splits.cache_info()
    assert info.hits >= 1


# --------------------------------------------------------------------------- hypothesis

group_strategy = st.one_of(
    st.tuples(st.just(SEQUENCE), st.integers(0, 2), st.integers(0, 6)).map(
        lambda t: (t[0], 9 * t[1] + t[2])
    ),
    st.tuples(st.just(TRIPLET), st.integers(0, 33)),
)


@settings(max_examples=examples(200), deadline=None)
@given(
    groups=st.lists(group_strategy, min_size=4, max_size=4),
    pair=st.integers(0, 33),
    pick=st.integers(0, 4),
    tsumo=st.booleans(),
)
def test_built_hand_decomposes_into_its_own_reading(
    groups: list[tuple[int, int]], pair: int, pick: int, tsumo: bool
) -> None:
    """DESIGN.md property: a hand built from random groups always decomposes back, with
    the winning tile in the group it was taken from."""
    counts = [0] * 34
    for t, k in groups:
        for kk in (k, k + 1, k + 2) if t == SEQUENCE else (k, k, k):
            counts[kk] += 1
    counts[pair] += 2
    if max(counts) > 4:
        return
    if pick == 4:
        win, win_group = pair, (PAIR, pair)
    else:
        win_group = groups[pick]
        win = win_group[1]
    built = sorted([*groups, (PAIR, pair)])
    found = readings_of_counts(counts, win, tsumo)
    assert is_complete(keys_of_counts(counts), 0)
    keys = [
        (
            sorted((g.type, g.kind) for g in r.groups),
            (r.groups[r.win_index].type, r.groups[r.win_index].kind),
        )
        for r in found
        if r.shape == "standard"
    ]
    assert (built, win_group) in keys
    # no reading twice
    assert len(set(map(repr, keys))) == len(keys)
