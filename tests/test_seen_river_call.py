"""The hand analysis learns what a player sees (issue 28, item 3; SPEC §8's last paragraph):
the words ``seen=TILES``, ``river=TILES`` and ``call=TILE``.

Expected values come from the tile arithmetic written out in each test (a tile has four
copies; "unseen" is four less the copies in the hand, its melds, the dora indicators and
now what ``seen=``/``river=`` name), from riichi.wiki "Furiten" (a hand with one of its
winning tiles among its own discards cannot win by ron, on any wait; tsumo stays allowed)
and "Kuikae" (after a call the player may not discard the called tile's kind, nor after a
chi at an end of its run the tile that makes the same run at the other end; WRC rules 5.4),
and RULES.md (presets: ``open_tanyao``, three-player without chi and 2m-8m). Whether a
call keeps a yaku is checked against a brute-force search over every completion within
the hand's shanten, scored by the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agari
from agari.analysis.calls import CallOption, _finish, _kuikae, _thirteen, calls
from agari.analysis.open_yaku import open_yaku
from agari.analysis.waiting import _closed_counts, _shanten, discards, ukeire, waits
from agari.api import analyse
from agari.engine.decompose import is_complete, keys_of_counts
from agari.engine.scoring import score_hand
from agari.errors import HandError
from agari.hand import Context, Hand, Meld, MeldKind, format_hand
from agari.notation import hand_from_dict, parse_hand
from agari.notation.text import _lark_tokens, _tokens
from agari.notation.validate import mark_checked
from agari.render.text import render
from agari.rules import PRESET_NAMES, Rules
from agari.tiles import PLAIN_TILES, Tile
from tests.conftest import examples, tiles

TENHOU = Rules.preset("tenhou")


def error_of(text: str, rules: str | None = None) -> Mapping[str, object]:
    result = analyse(text, rules=rules)
    assert result.status == "error", result
    assert result.error is not None
    return result.error


def options(text: str, rules: Rules | str | None = None) -> list[tuple[str, str]]:
    return [(o.kind, str(o.meld)) for o in calls(text, rules)]


def only(found: list[CallOption], meld: str) -> CallOption:
    (option,) = [o for o in found if str(o.meld) == meld]
    return option


# --------------------------------------------------------------------------- the words


def test_the_words_normal_form_sorts_the_tiles_and_keeps_the_marker() -> None:
    """``seen=``/``river=`` are sets of tiles (their order says nothing about furiten or
    counts), so the normal form sorts them; ``call=`` keeps its discarder marker."""
    hand = parse_hand("123m456p789s1155z river=m9p1 seen=5z3s call=1z+")
    assert hand.context.seen == tuple(tiles("3s5z"))
    assert hand.context.river == tuple(tiles("9m1p"))
    assert hand.context.call == (Tile.parse("1z"), "right")
    assert str(hand) == "123m456p789s1155z seen=3s5z river=9m1p call=1z+"
    assert parse_hand(str(hand)) == hand


@pytest.mark.parametrize(
    ("alias", "field"),
    [("visible=3s", "seen"), ("discards=3s", "river"), ("KAWA=3s", "river"), ("claim=3s", "call")],
)
def test_aliases(alias: str, field: str) -> None:
    hand = parse_hand(f"123m456p789s1155z {alias}")
    value = getattr(hand.context, field)
    assert value == ((Tile.parse("3s"), None) if field == "call" else (Tile.parse("3s"),))


def test_a_structured_record_takes_the_same_keys() -> None:
    """SPEC §2 records: ``seen``, ``river`` (tiles) and ``call`` (a tile, an optional
    marker) give the same hand as the words."""
    record = {"concealed": "123m456p789s1155z", "seen": "5z3s", "river": "1p9m", "call": "1z-"}
    assert hand_from_dict(record) == parse_hand("123m456p789s1155z seen=3s5z river=9m1p call=1z-")
    with pytest.raises(HandError) as info:
        hand_from_dict({"concealed": "123m456p789s1155z", "call": 5})
    assert info.value.code == "bad_record"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # 5z: two in the hand, three named as seen: five copies
        ("123m456p789s1155z seen=555z", "too_many_copies"),
        # two in the hand, one seen, one in the river, one offered: five
        ("123m456p789s1155z seen=5z river=5z call=5z", "too_many_copies"),
        # a set has one red 5p (wrc2025: one per suit)
        ("123m456p789s1155z seen=0p river=0p", "too_many_red"),
        ("123m456p789s1155z seen=2", "bad_value"),  # a count is no tile
        ("123m456p789s1155z river=x", "bad_value"),
        ("123m456p789s1155z call=33p", "bad_value"),  # one tile only
        ("123m456p789s1155z call=8z", "bad_tile"),
        ("123m456p789s1155z call=3p=-", "bad_value"),  # one marker
        ("123m456p789s1155z seen=3p seen=4p", "conflicting_context"),
        ("123m456p789s1155z+5z call=3p", "conflicting_context"),  # 14 tiles
        ("123m456p789s11556z call=3p", "conflicting_context"),  # 14 tiles, no win marked
        ("123m456p789s1155z riichi call=3p", "conflicting_context"),  # riichi calls nothing
        ("123m456p789s1155z renhou call=3p", "conflicting_context"),  # a call ends it
    ],
)
def test_errors_of_the_words(text: str, code: str) -> None:
    assert error_of(text)["code"] == code


def test_the_error_names_the_words_that_put_a_fifth_copy_in_sight() -> None:
    """Two 5z held, one seen, one in the river, one offered: five."""
    message = error_of("123m456p789s1155z seen=5z river=5z call=5z")["message"]
    assert message == "5 copies of 5z (counting seen=, river= and call=): a set has only 4"


def test_call_on_fourteen_tiles_points_at_the_word() -> None:
    error = error_of("123m456p789s1155z+5z call=3p")
    assert error["column"] == len("123m456p789s1155z+5z ") + 1


def test_three_player_refuses_2m_to_8m_in_sight_and_a_discard_from_across() -> None:
    """RULES.md "Three-player": no 2m-8m in the set, nobody sits across."""
    assert error_of("1199m456p789s1155z seen=5m", "tenhou-sanma")["code"] == "bad_tile"
    assert error_of("1199m456p789s1155z call=3p=", "tenhou-sanma")["code"] == (
        "conflicting_context"
    )


def test_the_words_join_the_help_and_the_list_of_known_words() -> None:
    from agari.cli import _help
    from agari.notation.text import KNOWN_WORDS

    assert "seen=19m5z" in _help() and "river=4p" in _help() and "call=3p" in _help()
    assert {"seen=", "river=", "call="} <= set(KNOWN_WORDS.split())


@st.composite
def waiting_hands(draw: st.DrawFn) -> str:
    """A 13-tile hand (a meld or not) with any of the three words, in either order."""
    counts = [0] * 34
    kinds = draw(st.lists(st.integers(0, 33), min_size=13, max_size=13))
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        return draw(st.nothing())
    text = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(kinds))
    words = []
    free = [k for k in range(34) if counts[k] < 4]
    for word in ("seen", "river"):
        if draw(st.booleans()):
            chosen = draw(st.lists(st.sampled_from(free), max_size=3))
            for k in chosen:
                counts[k] += 1
            if max(counts) > 4:
                return draw(st.nothing())
            if chosen:
                words.append(word + "=" + "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in chosen))
    free = [k for k in range(34) if counts[k] < 4]
    if draw(st.booleans()):
        k = draw(st.sampled_from(free))
        marker = draw(st.sampled_from(["", "-", "=", "+"]))
        words.append(f"call={k % 9 + 1}{'mpsz'[k // 9]}{marker}")
    return " ".join([text, *draw(st.permutations(words))])


@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(waiting_hands())
def test_random_waiting_hands_round_trip_and_the_two_readers_agree(text: str) -> None:
    """The normal form reads back to the same hand, and the fast path and Lark split the
    line into the same tokens (the words are ``WORD`` tokens of grammar/hand.lark)."""
    hand = parse_hand(text)
    assert parse_hand(format_hand(hand)) == hand
    fast, slow = _tokens(text), _lark_tokens(text)
    assert fast[4].texts == slow[4].texts
    assert [fast[4].column(i) for i in range(len(fast[4].texts))] == [
        slow[4].column(i) for i in range(len(slow[4].texts))
    ]


# --------------------------------------------------------------------------- seen= counts


def test_seen_lowers_the_unseen_count_of_every_wait() -> None:
    """123m456p789s1155z waits on 1z and 5z (shanpon). Unseen: 4 less the two held = 2 each;
    with seen=155z: 1z 4-2-1 = 1, 5z 4-2-2 = 0 (the wait stays, none left)."""
    plain = [(str(w.tile), w.unseen) for w in waits("123m456p789s1155z", values=False)]
    seen = [(str(w.tile), w.unseen) for w in waits("123m456p789s1155z seen=155z", values=False)]
    assert plain == [("1z", 2), ("5z", 2)]
    assert seen == [("1z", 1), ("5z", 0)]
    record = analyse("123m456p789s1155z seen=155z").to_json()
    assert [(w["tile"], w["unseen"]) for w in record["waits"]] == [("1z", 1), ("5z", 0)]


def test_seen_lowers_the_ukeire_of_a_waiting_hand() -> None:
    """123m456p789s1357z is 2-shanten (three sets, four lone honours): only a second copy of
    1z, 3z, 5z or 7z brings it closer, 3 unseen each (12). seen=113z leaves 1z 4-1-2 = 1,
    3z 4-1-1 = 2, 5z and 7z 3: 9 in all."""
    assert [(str(u.tile), u.unseen) for u in ukeire("123m456p789s1357z seen=113z")] == [
        ("1z", 1),
        ("3z", 2),
        ("5z", 3),
        ("7z", 3),
    ]
    assert agari.analyse("123m456p789s1357z seen=113z").extra["ukeire_total"] == 9


def test_seen_and_river_lower_the_discard_tables_counts() -> None:
    """README's 234m067p3457899s1z: discarding 1z waits on 6s (4 unseen) and 9s (two held:
    2). seen=6s: 6s 3; river=9s: 9s 1 -- the river is in sight too."""
    best = discards("234m067p3457899s1z seen=6s river=9s")[0]
    assert str(best.tile) == "1z"
    assert [(str(u.tile), u.unseen) for u in best.ukeire] == [("6s", 3), ("9s", 1)]
    assert best.ukeire_total == 4


def test_the_offered_tile_is_in_sight() -> None:
    """call=1z: the offered 1z lies in another player's river, so 123m456p789s1155z's 1z wait
    has 4 - 2 held - 1 offered = 1 unseen."""
    assert [w.unseen for w in waits("123m456p789s1155z call=1z", values=False)] == [1, 2]


# --------------------------------------------------------------------------- river= furiten


def test_a_wait_in_the_river_makes_the_hand_furiten() -> None:
    """riichi.wiki Furiten: with 1z among its discards, 123m456p789s1155z (waiting 1z and
    5z) cannot win by ron on either wait; the wait in the river is marked, the hand is
    furiten, and a warning says so. 3s in the river is no wait and changes nothing."""
    result = analyse("123m456p789s1155z river=1z3s")
    record = result.to_json()
    assert record["furiten"] is True
    assert [(w["tile"], w["furiten"]) for w in record["waits"]] == [("1z", True), ("5z", False)]
    assert any(w.startswith("furiten: 1z") for w in record["warnings"])
    clean = analyse("123m456p789s1155z river=3s").to_json()
    assert clean["furiten"] is False and not clean["warnings"]
    assert all(w["furiten"] is False for w in clean["waits"])
    text = render(result)
    assert "1z (river)" in text and "furiten" in text.split("waits")[1]


def test_a_discard_whose_waits_are_in_the_river_is_furiten() -> None:
    """234m067p3457899s1z river=6s: discarding 1z waits on 6s and 9s; 6s is in the river,
    so that row is furiten and its best win is by tsumo; discarding 9s waits on 1z only."""
    rows = {d["tile"]: d for d in analyse("234m067p3457899s1z river=6s").discards or ()}
    assert rows["1z"]["furiten"] is True and rows["1z"]["best"]["by"] == "tsumo"
    assert rows["9s"]["furiten"] is False
    assert "0 tenpai furiten" in render(analyse("234m067p3457899s1z river=6s"))


def test_discarding_a_wait_is_furiten() -> None:
    """123m456p789s11555z is complete: every discard leaves a hand that waits on the tile
    just discarded (1m: 23m waits 1m-4m; 5z: 1z-5z shanpon; 1z: tanki on 1z), so every
    ready discard is furiten -- the discard is in the river."""
    ready = [d for d in discards("123m456p789s11555z") if d.shanten == 0]
    assert ready and all(d.furiten for d in ready)
    one = next(d for d in ready if str(d.tile) == "1z")
    assert [(str(w.tile), w.furiten) for w in one.waits or ()] == [("1z", True)]


def test_a_ron_while_furiten_is_refused_and_a_tsumo_is_not() -> None:
    """riichi.wiki Furiten: a furiten hand wins by tsumo only. 123m456p789s1155z+5z waited
    on 1z and 5z: with 1z in the river, a ron on 5z is no win (conflicting_context); by
    tsumo it is 2 han 40 fu (menzen tsumo, haku; 20 + 2 tsumo + 8 closed 555z + 2 pair of
    round-wind 11z = 32 -> 40): 700/1300."""
    error = error_of("123m456p789s1155z+5z river=1z")
    assert error["code"] == "conflicting_context"
    assert "furiten" in str(error["message"])
    assert error["column"] == len("123m456p789s1155z+5z ") + 1
    win = analyse("123m456p789s1155z+5z river=1z tsumo")
    assert win.status == "win" and win.han == 2 and win.fu == 40 and win.points == 2700
    assert "river= checked: not furiten (a win's value does not depend on it)" in win.warnings
    ron = analyse("123m456p789s1155z+5z river=3z")  # 3z is no wait: the ron stands
    assert ron.status == "win" and ron.points == analyse("123m456p789s1155z+5z").points
    # seen= changes no value either
    assert analyse("123m456p789s1155z+5z seen=3z").points == analyse("123m456p789s1155z+5z").points


def test_unmarked_fourteen_tiles_leave_out_the_furiten_winning_tiles() -> None:
    """123m456p789s11555z: each tile could have been the winning tile; by ron with 1z in
    the river, 1z (tanki on 1z) and 5z (shanpon 1z-5z) could not have been, since those
    hands wait on 1z: they are left out, and a note names them."""
    result = analyse("123m456p789s11555z river=1z")
    assert result.candidates is not None
    assert {c.win_tile for c in result.candidates} & {"1z", "5z"} == set()
    assert "not a winning tile by ron, furiten (river=): 1z 5z" in result.warnings
    every = analyse("123m456p789s11555z river=1z tsumo")
    assert {"1z", "5z"} <= {c.win_tile for c in every.candidates or ()}
    assert analyse("123m456p789s1555z+1z river=1z").status == "error"


# --------------------------------------------------------------------------- call=


def test_each_chi_of_the_offered_tile_with_red_fives_kept_apart_where_they_count() -> None:
    """12405m789p789s11z and a 3m: runs 123m (1m 2m), 234m (2m 4m), 345m (4m with 5m or the
    red 0m). Under tenhou red fives are dora (aka), so 4m+5m and 4m+0m are two choices;
    under wrc2025 (aka off) one. No pon: no 3m is held."""
    assert options("12405m789p789s11z call=3m", "tenhou") == [
        ("chi", "123-m"),
        ("chi", "23-4m"),
        ("chi", "3-45m"),
        ("chi", "3-40m"),
    ]
    assert options("12405m789p789s11z call=3m", "wrc2025") == [
        ("chi", "123-m"),
        ("chi", "23-4m"),
        ("chi", "3-45m"),
    ]


def test_a_call_that_leaves_no_yaku_is_marked() -> None:
    """12405m789p789s11z, chi 3m with 4m 5m: left 120m789p789s11z; discarding 0m (the only
    ready discard) waits on 3m (12m), 4 - 1 (in the chi) = 3 unseen. A win on 3m is
    123m 345m 789p 789s 11z: no yakuhai triplet, 9s and 1m are no simples, no yaku: marked.
    The nearest yaku, a triplet of the round wind 1z (East), needs one more 1z and the 1m 2m
    made a pair: 2 tiles, so 1-shanten. Chi 1m 2m instead: discarding 4m leaves 05m 11z,
    a shanpon on 5m and 1z; a 1z win is an East triplet, the round wind: a yaku remains."""
    found = calls("12405m789p789s11z call=3m", "tenhou")
    plain = only(found, "3-45m")
    assert (str(plain.discard), plain.shanten) == ("0m", 0)
    assert [(str(w.tile), w.unseen) for w in plain.waits or ()] == [("3m", 3)]
    assert plain.yaku == () and not plain.yaku_remains and plain.yaku_shanten == 1
    low = only(found, "123-m")
    assert str(low.discard) == "4m" and low.yaku == ("round_wind",) and low.yaku_remains
    assert [(str(w.tile), w.unseen) for w in low.waits or ()] == [("5m", 2), ("1z", 2)]
    record = analyse("12405m789p789s11z call=3m", rules="tenhou").to_json()
    assert [c["yaku_remains"] for c in record["calls"]] == [True, True, False, False]
    assert "NO YAKU (nearest: 1-shanten)" in render(analyse("12405m789p789s11z call=3m"))


def test_a_pon_of_a_dragon_keeps_its_yakuhai() -> None:
    """34m678p235s15677z and a 7z: a pon (two held; no kan, no chi of honours). After it
    34m678p235s156z: one honour out leaves 678p beside the pon (two sets), 34m and 23s (two
    partial sets), no pair: 8 - 2*2 - 2 = 2-shanten. The chun pon is a yaku already: the
    nearest yaku is as far as the win itself, 2-shanten."""
    (pon,) = calls("34m678p235s15677z call=7z")
    assert (pon.kind, str(pon.meld), pon.shanten) == ("pon", "777z", 2)
    assert pon.yaku_remains and "chun" in pon.yaku
    assert pon.yaku_shanten == 2


def test_open_tanyao_decides_whether_an_all_simples_call_keeps_a_yaku() -> None:
    """1234m3455p45667s and a 2p: chi 234p (3p 4p; no 1p), leaving 1234m55p45667s; the
    swap-call rule bars 2p and 5p (the run's other end) as the discard. Discarding 1m
    leaves 234m 55p 456s 67s: ready on 5s (4 - 1 held = 3) and 8s (4): 7. Every win is all
    simples: tanyao where open tanyao counts (tenhou); with open_tanyao=off no yaku -- the
    nearest is sanshoku 234 (234m, the chi 234p, 234s from 4s and two more tiles): 1-shanten."""
    (chi,) = calls("1234m3455p45667s call=2p", TENHOU)
    assert (str(chi.meld), str(chi.discard), chi.shanten, chi.ukeire_total) == ("2-34p", "1m", 0, 7)
    assert chi.yaku == ("tanyao",)
    assert [str(t) for t in chi.kuikae] == ["5p"]
    (off,) = calls("1234m3455p45667s call=2p", TENHOU.with_overrides({"open_tanyao": "off"}))
    assert off.shanten == 0 and off.yaku == () and off.yaku_shanten == 1


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("switch", [None, "on", "off"])
def test_every_presets_open_tanyao_switch(preset: str, switch: str | None) -> None:
    """2344569p335567s and a 5s from the right (no chi; valid in three-player too): the pon
    555s; discarding 9p leaves 234p 456p 33s 67s beside it, ready on 5s (4 - 3 in the pon =
    1) and 8s (4), every win all simples. Tanyao counts in an open hand where the preset's
    open_tanyao is on (RULES.md, presets: all of them), or the override says so."""
    rules = Rules.preset(preset)
    if switch is not None:
        rules = rules.with_overrides({"open_tanyao": switch})
    (pon,) = calls("2344569p335567s call=5s+", rules)
    assert (str(pon.meld), str(pon.discard), pon.shanten) == ("555+s", "9p", 0)
    assert [(str(w.tile), w.unseen) for w in pon.waits or ()] == [("5s", 1), ("8s", 4)]
    assert pon.yaku_remains is rules.open_tanyao
    assert pon.yaku == (("tanyao",) if rules.open_tanyao else ())


def test_pon_and_open_kan_with_the_swap_call_rule() -> None:
    """666m067p2345s55z7z and a 6m: three 6m held, so a pon and an open kan (no chi: no
    4m 5m 7m 8m). After the pon the fourth 6m may not be discarded (kuikae). After the kan,
    067p2345s557z beside it: 567p, 234s (or 345s) and the kan are three sets, 55z the pair,
    one group short: 1-shanten; no discard (a replacement tile comes first)."""
    pon, kan = calls("666m067p2345s55z7z call=6m")
    assert (pon.kind, [str(t) for t in pon.kuikae]) == ("pon", ["6m"])
    assert (kan.kind, str(kan.meld), kan.discard, kan.shanten) == ("kan", "6666-m", None, 1)
    assert kan.kuikae == ()


def test_the_discarder_decides_whether_chi_is_possible() -> None:
    """A chi takes only the left player's discard: 1199m33456p789s1z with a 3p from the
    right (call=3p+) or across (=) has only the pon; from the left (-) or unsaid, the chi
    3-45p too. Three-player has no chi at all (RULES.md "Three-player")."""
    hand = "1199m33456p789s1z"
    assert options(f"{hand} call=3p") == [("chi", "3-45p"), ("pon", "333p")]
    assert options(f"{hand} call=3p-") == [("chi", "3-45p"), ("pon", "333-p")]
    assert options(f"{hand} call=3p+") == [("pon", "333+p")]
    assert options(f"{hand} call=3p=") == [("pon", "333=p")]
    assert options(f"{hand} call=3p", "tenhou-sanma") == [("pon", "333p")]


def test_the_pon_after_which_the_hand_waits_on_the_terminals() -> None:
    """Three-player, 1199m33456p789s1z, pon of 3p: left 1199m456p789s1z; discarding 1z
    leaves a shanpon on 1m and 9m (4 - 2 held: 2 each), and no yaku (no yakuhai triplet,
    456p and 789s rule out toitoi and chanta)."""
    (pon,) = calls("1199m33456p789s1z call=3p", "tenhou-sanma")
    assert str(pon.discard) == "1z"
    assert [(str(w.tile), w.unseen) for w in pon.waits or ()] == [("1m", 2), ("9m", 2)]
    assert not pon.yaku_remains


def test_no_call_fits_and_a_call_that_would_win() -> None:
    """Nothing to call: no 5z pair and no run with 8z... 123m456p789s1357z with a 2z: no
    chi of honours, one 2z held at most: none. 123m456p789s1155z with a 5z: the pon, and
    a warning that 5z also wins the hand by ron."""
    none = analyse("123m456p789s1357z call=2z")
    assert len(none.extra["calls"]) == 0 and any("no chi, pon or kan" in w for w in none.warnings)
    wins = analyse("123m456p789s1155z call=5z")
    assert [c["kind"] for c in wins.extra["calls"]] == ["pon"]
    assert any("5z also completes the hand (a ron)" in w for w in wins.warnings)


def test_calls_in_json_text_and_the_key_set() -> None:
    """``calls`` is added by the word, as ``candidates`` is by the input (SPEC §3): each
    entry has the same keys."""
    record = json.loads(json.dumps(analyse("666m067p2345s55z7z call=6m").to_json()))
    assert [c["kind"] for c in record["calls"]] == ["pon", "kan"]
    keys = {
        "kind", "meld", "hand", "discard", "shanten", "ukeire", "ukeire_total", "waits",
        "furiten", "yaku_remains", "yaku", "yaku_shanten", "kuikae",
    }  # fmt: skip
    assert all(set(c) == keys for c in record["calls"])
    assert parse_hand(record["calls"][1]["hand"]).melds[-1].kind is MeldKind.KAN
    text = render(analyse("666m067p2345s55z7z call=6m"))
    assert "calls     (after the call" in text and "6666-m" in text
    assert "no swap-call (kuikae) discard after 666m: 6m" in text


def test_the_api_functions_read_the_words() -> None:
    assert agari.calls is calls
    assert [w.unseen for w in agari.waits("123m456p789s1155z seen=1z", values=False)] == [1, 2]
    assert agari.ukeire("123m456p789s1357z river=7z")[-1].unseen == 2
    with pytest.raises(HandError):
        calls("123m456p789s1155z")  # no call= word


# --------------------------------------------------------------------------- the yaku check


def _brute_force_has_yaku(hand: Hand, rules: Rules, shanten: int) -> bool:
    """Whether some complete hand reached from ``hand`` (13 tiles, open) by drawing
    shanten + 1 tiles and discarding shanten of them -- never a fifth copy -- wins with a
    yaku by ron or by tsumo, as the engine scores it."""
    held = [0] * 34
    for t in hand.all_tiles:
        held[t.kind] += 1
    scored: set[tuple[tuple[int, ...], int]] = set()

    def wins(concealed: list[Tile]) -> bool:
        for i, win in enumerate(concealed):
            rest = concealed[:i] + concealed[i + 1 :]
            key = (tuple(sorted(t.kind for t in rest)), win.kind)
            if key in scored:
                continue
            scored.add(key)
            for tsumo in (False, True):
                complete = Hand(
                    tuple(sorted(rest)), win, hand.melds, hand.context._replace(tsumo=tsumo)
                )
                result = score_hand(mark_checked(complete), rules, input_is_text=True)
                if result is not None and result.status == "win":
                    return True
        return False

    def draw(concealed: list[Tile], left: int) -> Iterator[bool]:
        counts = _closed_counts(concealed)
        for kind in range(34):
            if counts[kind] + held[kind] - _closed_counts(hand.concealed)[kind] >= 4:
                continue
            more = [*concealed, Tile(kind)]
            if left == 0:
                if is_complete(keys_of_counts(_closed_counts(more)), len(hand.melds)):
                    yield wins(more)
                continue
            for out in sorted({t.kind for t in more}):
                rest = list(more)
                rest.remove(next(t for t in rest if t.kind == out))
                yield from draw(rest, left - 1)

    return any(draw(list(hand.concealed), shanten))


def test_a_yaku_remains_exactly_when_some_completion_within_the_shanten_has_one() -> None:
    """On random open hands (a chi or a pon, sometimes a second pon of an honour; ready or
    one from ready), the yaku families find a yaku exactly when a brute-force search over
    every completion within the hand's shanten finds one scored by the engine."""
    rng = random.Random(28)
    wall = [Tile(k) for k in range(34) for _ in range(4)]
    checked = 0
    while checked < 16:
        rng.shuffle(wall)
        kind = rng.randrange(34)
        if kind < 27 and kind % 9 < 7 and rng.random() < 0.6:
            melds = [
                Meld(MeldKind.CHI, tuple(Tile(kind + i) for i in range(3)), "left", Tile(kind))
            ]
        else:
            melds = [Meld(MeldKind.PON, (Tile(kind),) * 3, "across", Tile(kind))]
        pool = list(wall)
        for t in melds[0].tiles:
            pool.remove(t)
        second = rng.randrange(27, 34)
        if rng.random() < 0.3 and pool.count(Tile(second)) >= 3:
            melds.append(Meld(MeldKind.PON, (Tile(second),) * 3, "right", Tile(second)))
            for _ in range(3):
                pool.remove(Tile(second))
        concealed = tuple(sorted(pool[: 13 - 3 * len(melds)]))
        hand = Hand(concealed, None, tuple(melds), Context())
        held = _closed_counts(hand.all_tiles)
        shanten = _shanten(_closed_counts(concealed), len(melds), held)
        if shanten > 1:
            continue
        found = _finish(_thirteen(mark_checked(hand), TENHOU, None), TENHOU, frozenset())
        assert bool(found.yaku) == _brute_force_has_yaku(hand, TENHOU, shanten), hand
        checked += 1


@pytest.mark.parametrize(
    ("run", "called", "barred"),
    [
        ("345m", "3m", ["3m", "6m"]),  # called at the low end: the same run from 6m
        ("345m", "5m", ["2m", "5m"]),  # called at the high end: the same run from 2m
        ("345m", "4m", ["4m"]),  # called in the middle: its own kind only
        ("678p", "6p", ["6p", "9p"]),  # 9p is the last rank with a run 789p
        ("789p", "7p", ["7p"]),  # no tenth rank
        ("234s", "4s", ["1s", "4s"]),  # 1s is the first rank with a run 123s
        ("123s", "3s", ["3s"]),  # no rank before 1
    ],
)
def test_the_swap_call_rule_at_each_end_of_a_run(run: str, called: str, barred: list[str]) -> None:
    """Kuikae after a chi (riichi.wiki "Kuikae"; WRC rules 5.4): the called kind may not be
    discarded, nor, where the tile was called at one end of the run, the kind that would make
    the same run at the other end -- where there is one (the ranks stop at 1 and 9)."""
    tiles = tuple(Tile.parse(rank + run[-1]) for rank in run[:3])
    meld = Meld(MeldKind.CHI, tiles, called=Tile.parse(called))
    got = _kuikae("chi", meld, Tile.parse(called))
    assert sorted(str(PLAIN_TILES[k]) for k in got) == barred
    pon = Meld(MeldKind.PON, (Tile.parse(called),) * 3, called=Tile.parse(called))
    assert _kuikae("pon", pon, Tile.parse(called)) == {Tile.parse(called).kind}


def test_each_yaku_family_of_an_open_hand_with_its_distance() -> None:
    """``open_yaku`` on 234m 567m 789m 1z beside a pon of haku (East seat, East round; three
    groups and a pair still to make), each family's fewest missing tiles worked out:

    - haku: the pon is there; the rest only wants its pair (a second 1z): 1.
    - hatsu, chun: their three tiles, and a second 1z: 4.
    - seat and round wind (East): two more 1z; two of the three runs, and a pair from the
      third (a second 7m, 8m or 9m): 3.
    - honitsu (man and honours): the free hand already is: 1. Tanyao: the pon is no simple.
    - toitoi: 77m wants one more; two singles two each; a pair from a single: 1 + 4 + 1 = 6.
    - chanta: 789m; 123m wants the 1m; a second 789m from the spare 7m wants 8m and 9m; the
      pair a second 1z: 0 + 1 + 2 + 1 = 4.
    - ittsu: 1m to 9m wants the 1m; the pair from the spare 7m: 1 + 1 = 2.
    - sanshoku: 567m held, 567p and 567s missing; 77m is left for the pair: 6.
    - sanshoku doukou: 777m wants one, 777p and 777s three each; the pair from a single: 8.
    """
    counts = [0] * 34
    for rank in "234567789":
        counts[int(rank) - 1] += 1
    counts[27] = 1
    limits = [4] * 34
    limits[31] = 1  # three haku are in the pon
    haku = Meld(MeldKind.PON, (Tile.parse("5z"),) * 3, called=Tile.parse("5z"))
    context = Context(seat_wind="E", round_wind="E")
    assert open_yaku(counts, [haku], limits, context, True) == {
        "haku": 1,
        "hatsu": 4,
        "chun": 4,
        "seat_wind": 3,
        "round_wind": 3,
        "honitsu": 1,
        "toitoi": 6,
        "chanta": 4,
        "ittsu": 2,
        "sanshoku": 6,
        "sanshoku_doukou": 8,
    }
    # all simples: 234m 567m 678m 5p beside a chi 345s, open tanyao or not
    simple = [0] * 34
    for kind in (1, 2, 3, 4, 5, 6, 5, 6, 7, 13):
        simple[kind] += 1
    chi = Meld(
        MeldKind.CHI, tuple(Tile.parse(t) for t in ("3s", "4s", "5s")), called=Tile.parse("3s")
    )
    with_tanyao = open_yaku(simple, [chi], [4] * 34, context, True)
    assert with_tanyao["tanyao"] == 1  # a second 5p for the pair
    assert "tanyao" not in open_yaku(simple, [chi], [4] * 34, context, False)
    assert "toitoi" not in with_tanyao and "chanta" not in with_tanyao  # a chi, no terminal
