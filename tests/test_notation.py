"""The notation (SPEC §1), structured records (SPEC §2) and validation (SPEC §3 error codes).

Every expected value below is read off SPEC §1/§2/§3 or RULES.md (cited per test), or is
plain tile arithmetic; none is copied from agari's output.
"""

from __future__ import annotations

import os
import string
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agari.errors import HandError
from agari.hand import Hand, MeldKind, format_hand
from agari.notation.records import hand_from_dict
from agari.notation.text import _lark_tokens, _split, _tokens, parse_hand, parse_tiles
from agari.tiles import Tile
from tests.conftest import examples

T = Tile.parse

# --------------------------------------------------------------------------------------
# SPEC §1 examples


SPEC_EXAMPLES = [
    "123m456p789s1155z+5z",
    "234m067p3457899s+6s tsumo riichi dora=4p",
    "234p67s55s+8s, 3-45m, 777=z tsumo",
    "123p456s789s1z+1z, 1111m riichi ura=9p seat=E",
    "m123p055z1112+z2=,s7-89",
]


@pytest.mark.parametrize("text", SPEC_EXAMPLES)
def test_every_spec_example_parses_and_round_trips(text: str) -> None:
    """SPEC §1 "Examples (all legal)" and "Normal form": parsing str(hand) gives it back."""
    hand = parse_hand(text)
    assert parse_hand(str(hand)) == hand
    assert str(parse_hand(str(hand))) == str(hand)
    assert hand.tile_count == 14


def test_spec_example_shanpon_on_5z() -> None:
    """SPEC §1: "123m456p789s1155z+5z — thirteen concealed tiles plus a winning 5z", ron,
    non-dealer, East round (the defaults round=E seat=S, ron)."""
    hand = parse_hand("123m456p789s1155z+5z")
    assert len(hand.concealed) == 13
    assert hand.win == T("5z")
    assert hand.concealed.count(T("5z")) == 2
    c = hand.context
    assert (c.tsumo, c.seat_wind, c.round_wind, c.dealer) == (False, "S", "E", False)


def test_spec_example_red_five_and_context() -> None:
    """SPEC §1: "234m067p3457899s+6s tsumo riichi dora=4p — closed tsumo with riichi, a red 5p"."""
    hand = parse_hand("234m067p3457899s+6s tsumo riichi dora=4p")
    assert T("0p") in hand.concealed and T("0p").red and T("0p").kind == T("5p").kind
    assert hand.context.tsumo and hand.context.riichi
    assert hand.context.dora_indicators == (T("4p"),)
    assert hand.is_closed


def test_spec_example_open_hand_melds() -> None:
    """SPEC §1: "chi 345m called from the left, pon of red dragons"."""
    hand = parse_hand("234p67s55s+8s, 3-45m, 777=z tsumo")
    chi, pon = hand.melds
    assert chi.kind is MeldKind.CHI and chi.source == "left" and chi.called == T("3m")
    assert chi.tiles == (T("3m"), T("4m"), T("5m"))
    assert pon.kind is MeldKind.PON and pon.source == "across" and pon.tiles == (T("7z"),) * 3
    assert not hand.is_closed


def test_spec_example_closed_kan_dealer() -> None:
    """SPEC §1: "closed kan of 1m, dealer"; a closed kan keeps the hand closed."""
    hand = parse_hand("123p456s789s1z+1z, 1111m riichi ura=9p seat=E")
    (kan,) = hand.melds
    assert kan.kind is MeldKind.ANKAN and kan.source is None and not kan.is_open
    assert hand.context.dealer and hand.is_closed
    assert hand.context.ura_indicators == (T("9p"),)


def test_spec_example_majiang_core_style() -> None:
    """SPEC §1: "m123p055z1112+z2=,s7-89 — majiang-core style": same meaning digit-first."""
    hand = parse_hand("m123p055z1112+z2=,s7-89")
    assert hand == parse_hand("123m055p1112z+2z=, 7-89s")
    assert hand.win == T("2z") and hand.context.win_from == "across"
    assert not hand.context.tsumo  # a marker on the winning tile implies ron
    assert hand.melds[0].kind is MeldKind.CHI and hand.melds[0].called == T("7s")


def test_design_brief_example_counts_the_tiles() -> None:
    """SPEC §1: "123m456p789s11z+5z is eleven concealed tiles plus a winning tile: twelve
    tiles, so it parses and is then rejected with a message that counts the tiles"."""
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s11z+5z")
    assert info.value.code == "tile_count"
    assert info.value.message == "12 tiles: a winning hand has 14 — 13 plus the winning tile"


def test_thirteen_and_fourteen_without_win_are_fine() -> None:
    """SPEC §1 "Without +": 14 tiles (winning tile unknown) and 13 (waiting) are legal."""
    assert parse_hand("123m456p789s1155z").win is None
    assert parse_hand("123m456p789s11555z").tile_count == 14
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s155z")
    assert info.value.code == "tile_count" and info.value.message.startswith("12 tiles")


# --------------------------------------------------------------------------------------
# Tiles and melds, both styles


def test_h_is_an_alias_for_z() -> None:
    """SPEC §1 Tiles: "Also accept h as an alias for z"."""
    assert parse_hand("123m456p789s1155h+5h") == parse_hand("123m456p789s1155z+5z")


def test_red_five_zero_in_every_suit() -> None:
    """SPEC §1 Tiles: "0 is a red five (0m = red 5m)"."""
    assert parse_tiles("0m0p0s") == (Tile(4, True), Tile(13, True), Tile(22, True))


MELD_FORMS = [
    # (digit-first, suit-first, kind, source, called) — SPEC §1 meld table
    ("345m", "m345", MeldKind.CHI, "left", None),
    ("3-45m", "m3-45", MeldKind.CHI, "left", "3m"),
    ("777z", "z777", MeldKind.PON, None, None),
    ("777=z", "z777=", MeldKind.PON, "across", "7z"),
    ("6666+s", "s6666+", MeldKind.KAN, "right", "6s"),
    ("555=5p", "p555=5", MeldKind.SHOUMINKAN, "across", "5p"),
    ("5555p", "p5555", MeldKind.ANKAN, None, None),
    ("0555p", "p5550", MeldKind.ANKAN, None, None),
]


@pytest.mark.parametrize(("digit_first", "suit_first", "kind", "source", "called"), MELD_FORMS)
def test_each_meld_kind_in_both_styles(
    digit_first: str, suit_first: str, kind: MeldKind, source: str | None, called: str | None
) -> None:
    """SPEC §1 meld table: each kind, digit-first and majiang-core style, give equal melds."""
    head_df = "1z+1z, 123m, 789p, 789s, "
    head_sf = "z1+z1,m123,p789,s789,"
    a = parse_hand(head_df + digit_first)
    b = parse_hand(head_sf + suit_first)
    assert a == b
    meld = a.melds[-1]
    assert meld.kind is kind
    assert meld.source == source
    assert meld.called == (T(called) if called else None)
    assert parse_hand(str(a)) == a


def test_closed_kan_with_red_five() -> None:
    """SPEC §1: `0555p` is a closed kan holding the red 5p (tiles ascending, red first)."""
    hand = parse_hand("1z+1z, 123m, 789p, 789s, 0555p")
    assert hand.melds[-1].tiles == (T("0p"), T("5p"), T("5p"), T("5p"))
    assert str(hand.melds[-1]) == "0555p"


def test_win_marker_sets_source_and_implies_ron() -> None:
    """SPEC §1 Winning tile: "An optional marker after it names the player who discarded
    it (see melds) and implies ron"."""
    hand = parse_hand("123m456p789s1155z+5z-")
    assert hand.context.win_from == "left" and not hand.context.tsumo
    assert str(hand) == "123m456p789s1155z+5z-"


def test_spaces_between_parts_and_case_insensitive_words() -> None:
    """SPEC §1: "spaces between parts are allowed"; context words "case-insensitive"."""
    a = parse_hand("  123m 456p 789s 1z  +1z ,  777=z  TSUMO Seat=e  ")
    b = parse_hand("123m456p789s1z+1z, 777=z tsumo seat=E")
    assert a == b


@pytest.mark.parametrize(
    "spaced", ["123m 456p\t789s  1122z+1z", "m123 p456\ts789  z1122+z1", "m123p456 s789z1122 +z1"]
)
def test_concealed_runs_may_have_blanks_between_them_in_either_style(spaced: str) -> None:
    """SPEC §1: spaces are allowed between parts, the concealed runs included."""
    assert parse_hand(spaced) == parse_hand("123m456p789s1122z+1z")


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("m123 p456 s789 z1182+z1", 19),
        ("123m 456p 789s\t1182z+1z", 18),
        ("m123p456s789z1122+z1 dora=s3z8", 30),
    ],
)
def test_a_bad_tile_after_blanks_or_in_a_value_is_shown_at_its_column(
    text: str, column: int
) -> None:
    """The column of the digit that is no tile (8z), counted by hand."""
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert (info.value.code, info.value.column) == ("bad_tile", column)


def test_normal_form_order_and_defaults_omitted() -> None:
    """SPEC §1 Normal form: suits m p s z, sorted, red five in its place, melds after ", ",
    context words in a fixed order, defaults omitted (ron, seat=S, round=E, zeros)."""
    hand = parse_hand("z1155 s789 p406 m312 +z1 seat=S round=E honba=0 RIICHI tsumo dora=z7s3")
    assert str(hand) == "123m406p789s1155z+1z tsumo riichi dora=7z3s"


def test_every_context_word() -> None:
    """SPEC §1 context word table, every word at once (a consistent combination)."""
    hand = parse_hand(
        "123m456p789s1155z+5z tsumo double-riichi ippatsu haitei seat=W round=S "
        "dora=3s7z ura=2 honba=3 sticks=2 kita=1 pao=N wareme=E rules=tenhou"
    )
    c = hand.context
    assert c.tsumo and c.double_riichi and c.in_riichi and c.ippatsu and c.haitei
    assert (c.seat_wind, c.round_wind) == ("W", "S")
    assert c.dora_indicators == (T("3s"), T("7z")) and c.ura_count == 2
    assert (c.honba, c.sticks, c.kita, c.pao, c.wareme, c.rules) == (3, 2, 1, "N", "E", "tenhou")
    assert parse_hand(str(hand)) == hand


@pytest.mark.parametrize("word", ["double-riichi", "wriichi", "WRIICHI", "w-riichi"])
def test_double_riichi_spellings_and_implied_riichi(word: str) -> None:
    """SPEC §1: `double-riichi` (`wriichi`); double riichi implies riichi."""
    hand = parse_hand(f"123m456p789s1155z+5z {word}")
    assert hand.context.double_riichi and hand.context.in_riichi
    assert hand == parse_hand("123m456p789s1155z+5z double-riichi")


@pytest.mark.parametrize("word", ["chankan", "houtei", "renhou", "ron"])
def test_ron_only_situations(word: str) -> None:
    """RULES.md/SPEC §5: chankan, houtei, renhou are wins on another player's tile."""
    hand = parse_hand(f"123m456p789s23p55z+1p {word}")
    assert not hand.context.tsumo


# --------------------------------------------------------------------------------------
# Structured records (SPEC §2)


def test_structured_record_called_tile() -> None:
    """Beyond SPEC §2: a meld may say which tile was called ("called")."""
    record = {
        "concealed": "1z1z",
        "win": "1z",
        "melds": [
            {"kind": "chi", "tiles": "345m", "from": "left", "called": "3m"},
            {"kind": "pon", "tiles": "055p", "from": "right", "called": "0p"},
            {"kind": "chi", "tiles": "789s", "called": "8s"},
            {"kind": "pon", "tiles": "777z"},
        ],
    }
    assert hand_from_dict(record) == parse_hand("1z+1z, 3-45m, 0+55p, 78-9s, 777z")
    with pytest.raises(HandError) as info:
        hand_from_dict({**record, "melds": [{"kind": "pon", "tiles": "777z", "called": "7z"}]})
    assert info.value.code == "bad_meld"


def test_structured_record_equals_notation() -> None:
    """SPEC §2: "concealed" INCLUDES the winning tile; the same hand as the notation."""
    record = {
        "concealed": "234p5567s8s",
        "win": "8s",
        "melds": [
            {"kind": "chi", "tiles": "345m", "from": "left"},
            {"kind": "pon", "tiles": "777z", "from": "across"},
        ],
        "tsumo": True,
    }
    assert hand_from_dict(record) == parse_hand("234p67s55s+8s, 3-45m, 777=z tsumo").__class__(
        *_without_chi_called(parse_hand("234p67s55s+8s, 3-45m, 777=z tsumo"))
    )


def _without_chi_called(hand: Hand) -> tuple[Any, ...]:
    """The record form does not say which chi tile was called (SPEC §2 has no such key)."""
    melds = tuple(
        m.__class__(m.kind, m.tiles, m.source, None) if m.kind is MeldKind.CHI else m
        for m in hand.melds
    )
    return hand.concealed, hand.win, melds, hand.context


def test_structured_record_all_keys() -> None:
    """SPEC §2 key list, every key."""
    record = {
        "concealed": "123p456s789s11z",
        "win": "1z",
        "melds": [{"kind": "ankan", "tiles": "1111m"}],
        "tsumo": False,
        "riichi": True,
        "double_riichi": False,
        "ippatsu": False,
        "haitei": False,
        "houtei": False,
        "rinshan": False,
        "chankan": False,
        "tenhou": False,
        "chiihou": False,
        "renhou": False,
        "seat_wind": "E",
        "round_wind": "E",
        "dora_indicators": "",
        "ura_indicators": "9p",
        "honba": 0,
        "riichi_sticks": 0,
        "kita": 0,
    }
    assert hand_from_dict(record) == parse_hand("123p456s789s1z+1z, 1111m riichi ura=9p seat=E")


def test_structured_record_melds_round_trip() -> None:
    """SPEC §2 meld kinds read into the same melds as the notation of SPEC §1."""
    record = {
        "concealed": "1z1z",
        "win": "1z",
        "melds": [
            {"kind": "pon", "tiles": "777z", "from": "across"},
            {"kind": "kan", "tiles": "6666s", "from": "right"},
            {"kind": "shouminkan", "tiles": "5555p", "from": "across"},
            {"kind": "ankan", "tiles": "0555m"},
        ],
    }
    hand = hand_from_dict(record)
    assert hand == parse_hand("1z+1z, 777=z, 6666+s, 555=5p, 0555m")
    assert parse_hand(str(hand)) == hand


def test_structured_record_removes_the_exact_red_variant() -> None:
    """Brief: remove one copy of win from concealed, preferring the exact red/plain tile."""
    plain = hand_from_dict({"concealed": "123m406p789s11z555p", "win": "5p"})
    assert plain.win == T("5p") and T("0p") in plain.concealed
    red = hand_from_dict({"concealed": "123m406p789s11z555p", "win": "0p"})
    assert red.win == T("0p") and T("0p") not in red.concealed


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ({"win": "1z"}, "bad_record"),
        ({"concealed": "123m", "win": "1z", "colour": 1}, "bad_record"),
        ({"concealed": "123m456p789s1155z", "win": "7z"}, "bad_record"),
        ({"concealed": "123m456p789s11555z", "win": "5z", "tsumo": "yes"}, "bad_record"),
        ({"concealed": "123m456p789s11555z", "win": "5z", "honba": -1}, "bad_value"),
        ({"concealed": "123m456p789s11555z", "win": "5z", "seat_wind": "X"}, "bad_value"),
        (
            {
                "concealed": "123m456p789s11z",
                "win": "1z",
                "melds": [{"kind": "kan", "tiles": "666s"}],
            },
            "bad_meld",
        ),
        (
            {
                "concealed": "123m456p789s11z",
                "win": "1z",
                "melds": [{"kind": "kan", "tiles": "6666s"}],
            },
            "bad_meld",
        ),
        (
            {
                "concealed": "123m456p789s11z",
                "win": "1z",
                "melds": [{"kind": "chi", "tiles": "345m", "from": "right"}],
            },
            "bad_meld",
        ),
        (
            {
                "concealed": "123m456p789s11z",
                "win": "1z",
                "melds": [{"kind": "shouminkan", "tiles": "6666s"}],
            },
            "bad_meld",
        ),
        ({"concealed": "123m456p789s11555z", "win": "5z", "tsumo": True, "chankan": True}, None),
    ],
)
def test_structured_record_errors(record: dict[str, Any], code: str | None) -> None:
    """SPEC §3 error codes for records; a kan of three tiles and an open kan without a
    caller are bad melds (brief)."""
    with pytest.raises(HandError) as info:
        hand_from_dict(record)
    assert info.value.code == (code or "conflicting_context")
    assert info.value.message


# --------------------------------------------------------------------------------------
# Every bad-input class gets its own code


BAD = [
    # syntax (column of the problem)
    ("12x", "syntax", 3),
    ("", "syntax", 1),
    ("123m456p789s1155z+5z tsumo,", "syntax", 27),
    ("+5z", "syntax", 1),
    # tile count
    ("123m456p789s11z+5z", "tile_count", None),
    ("123m456p789s1155z+5z, 345m", "tile_count", None),
    ("123m456p789s1z", "tile_count", None),
    # copies: concealed, melds, dora indicators all count (brief)
    ("11111m456p789s1z+1z", "too_many_copies", None),
    ("1111m56p789s11z+1z, 1-23m", "too_many_copies", None),
    ("123m456p789s1155z+5z dora=5z5z", "too_many_copies", None),
    # bad tiles
    ("123m456p789s1158z+5z", "bad_tile", 16),
    ("123m456p789s1105z+5z", "bad_tile", 15),
    ("123m456p789s1155z+8z", "bad_tile", 19),
    ("123m456p789s1155z+5z dora=9z", "bad_tile", 27),
    # bad melds
    ("1z+1z, 123m, 456p, 789s, 357m", "bad_meld", 26),
    ("1z+1z, 123m, 456p, 789s, 123z", "bad_meld", 26),
    ("1z+1z, 123m, 456p, 789s, 1+23m", "bad_meld", 27),
    ("1z+1z, 123m, 456p, 789s, 3=45m", "bad_meld", 27),
    ("1z+1z, 123m, 456p, 789s, 667z", "bad_meld", 26),
    ("1z+1z, 123m, 456p, 789s, 5567p", "bad_meld", 26),
    ("1z+1z, 123m, 456p, 789s, 55m", "bad_meld", 26),
    ("1z+1z, 123m, 456p, 789s, 5-5=5m", "bad_meld", 29),
    # conflicting context (brief list)
    ("123m456p789s1155z+5z tsumo chankan", "conflicting_context", 28),
    ("123m456p789s1155z+5z tsumo houtei", "conflicting_context", 28),
    ("123m456p789s1155z+5z ron haitei", "conflicting_context", 26),
    ("123m456p789s1155z+5z haitei", "conflicting_context", 22),
    ("1z+1z, 123m, 456p, 789s, 1111s rinshan", "conflicting_context", 32),
    ("1z+1z, 123m, 456p, 789s, 1111s ron rinshan tsumo", "conflicting_context", 32),
    ("1z+1z, 123m, 456p, 789s, 1111s rinshan haitei tsumo", "conflicting_context", 32),
    ("123m456p789s1155z+5z houtei chankan", "conflicting_context", 29),
    ("123m456p789s1155z+5z rinshan tsumo", "conflicting_context", 22),
    ("123m456p789s1155z+5z ippatsu", "conflicting_context", 22),
    ("123m456p789s1z+1z, 555=z riichi", "conflicting_context", 26),
    ("123m456p789s1z+1z, 555=z double-riichi", "conflicting_context", 26),
    ("123m456p789s1z+1z, 5555z tenhou tsumo seat=E", "conflicting_context", 26),
    ("123m456p789s1z+1z, 5555z chiihou tsumo", "conflicting_context", 26),
    ("123m456p789s1155z+5z tenhou seat=E", "conflicting_context", 22),
    ("123m456p789s1155z+5z tenhou tsumo", "conflicting_context", 22),
    ("123m456p789s1155z+5z chiihou tsumo seat=E", "conflicting_context", 22),
    ("123m456p789s1155z+5z renhou tsumo", "conflicting_context", 22),
    ("123m456p789s1155z+5z renhou seat=E", "conflicting_context", 22),
    ("123m456p789s1155z+5z= tsumo", "conflicting_context", 18),
    ("123m456p789s1155z+5z tsumo ron", "conflicting_context", 28),
    ("123m456p789s1155z+5z seat=E seat=S", "conflicting_context", 29),
    # unknown words and bad values
    ("123m456p789s1155z+5z foo", "unknown_word", 22),
    ("123m456p789s1155z+5z colour=red", "unknown_word", 22),
    ("123m456p789s1155z+5z seat=X", "bad_value", 27),
    ("123m456p789s1155z+5z round=1", "bad_value", 28),
    ("123m456p789s1155z+5z honba=-1", "bad_value", 28),
    ("123m456p789s1155z+5z sticks=x", "bad_value", 29),
    ("123m456p789s1155z+5z rules=house", "bad_value", 28),
    ("123m456p789s1155z+5z dora=", "bad_value", 27),
]


@pytest.mark.parametrize("text", ["005m456p789s1155z+5z", "1z+1z, 123m, 406p, 789s, 0-55p"])
def test_two_red_fives_of_a_suit_are_too_many_under_the_presets(text: str) -> None:
    """Red fives: one per suit in every preset's set. The notation cannot know the rules
    (``aka`` may put more in the set: issue 16), so the check is the engine's."""
    from agari.api import analyse

    parse_hand(text)  # read: as many red fives as a five's copies
    result = analyse(text)
    assert result.error is not None and result.error["code"] == "too_many_red"
    assert analyse(text, overrides={"aka": "m2p2s1"}).error is None


@pytest.mark.parametrize(("text", "code", "column"), BAD)
def test_bad_input_has_its_own_code(text: str, code: str, column: int | None) -> None:
    """SPEC §3 Errors: a stable code, a message a player understands and, where the
    problem has a place, the 1-based column (counted by hand in each string)."""
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert info.value.code == code, info.value.message
    assert info.value.message
    assert info.value.column == column, info.value.message


def test_syntax_error_says_what_was_expected() -> None:
    """SPEC §3: syntax errors give the column and what was expected."""
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s1155z+5z tsumo,")
    assert "expected" in info.value.message and "context word" in info.value.message


@pytest.mark.parametrize(
    "words",
    ["riichi double-riichi ippatsu", "double-riichi riichi", "wriichi riichi", "riichi riichi"],
)
def test_riichi_written_twice_is_a_conflict(words: str) -> None:
    """Issue 12: riichi written twice, or with double-riichi (the same declaration said
    twice, one of them stronger), is `conflicting_context`, like `seat=` given twice; the
    error points at the second word."""
    text = f"123m456p789s1155z+5z {words}"
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert info.value.code == "conflicting_context"
    assert info.value.column == len(f"123m456p789s1155z+5z {words.split()[0]} ") + 1


def test_flag_word_twice_is_a_conflict() -> None:
    """Issue 12: a word given twice is not silently read once (as `seat=` twice)."""
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s1155z+5z tsumo TSUMO")
    assert (info.value.code, info.value.column) == ("conflicting_context", 28)


def test_closed_kan_does_not_open_the_hand_for_riichi() -> None:
    """RULES.md/brief: riichi with open melds is an error, closed kans are fine."""
    parse_hand("123m456p789s1z+1z, 5555z riichi")


# --------------------------------------------------------------------------------------
# Properties


@st.composite
def legal_hands(draw: st.DrawFn) -> tuple[str, str]:
    """A random legal hand as (digit-first text, suit-first text) with the same meaning."""
    counts = [0] * 34
    groups: list[tuple[str, list[int]]] = []
    for _ in range(4):
        shape = draw(st.sampled_from(["chi", "pon", "kan"]))
        if shape == "chi":
            suit = draw(st.integers(0, 2))
            start = draw(st.integers(0, 6))
            kinds = [suit * 9 + start + i for i in range(3)]
        else:
            kinds = [draw(st.integers(0, 33))] * (3 if shape == "pon" else 4)
        groups.append((shape, kinds))
        for k in kinds:
            counts[k] += 1
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    if max(counts) > 4:
        return draw(st.nothing())  # type: ignore[no-any-return]
    red_used = [False, False, False]

    def digit(kind: int) -> str:
        if kind < 27 and kind % 9 == 4 and not red_used[kind // 9] and draw(st.booleans()):
            red_used[kind // 9] = True
            return "0"
        return str(kind % 9 + 1)

    suit_of = "mpsz"
    closed: list[int] = [pair, pair]
    melds_df: list[str] = []
    melds_sf: list[str] = []
    has_open = has_kan = False
    n_melds = draw(st.integers(0, 4))
    for i, (shape, kinds) in enumerate(groups):
        if shape == "kan" or i < n_melds:
            digits = [digit(k) for k in kinds]
            suit = suit_of[kinds[0] // 9]
            if shape == "kan":
                has_kan = True
                how = draw(st.sampled_from(["ankan", "kan", "shouminkan"]))
            else:
                how = shape
            marker = draw(st.sampled_from(["-", "=", "+", ""]))
            if how == "chi":
                marker = draw(st.sampled_from(["-", ""]))
                at = draw(st.integers(0, 2))
            elif how == "pon":
                at = draw(st.integers(0, 2))
            elif how == "kan":
                marker = marker or "+"
                at = 3
            elif how == "shouminkan":
                marker = marker or "="
                at = 2
            else:
                marker, at = "", 0
            has_open = has_open or how != "ankan"
            body = "".join(d + (marker if j == at else "") for j, d in enumerate(digits))
            melds_df.append(body + suit)
            melds_sf.append(suit + body)
        else:
            closed.extend(kinds)
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    closed_digits = [(suit_of[k // 9], digit(k)) for k in sorted(closed)]
    win_digit = (suit_of[win // 9], digit(win))
    tsumo = draw(st.booleans())
    words: list[str] = []
    win_marker = ""
    if tsumo:
        words.append("tsumo")
    elif draw(st.booleans()):
        win_marker = draw(st.sampled_from(["-", "=", "+"]))
    if not has_open and draw(st.booleans()):
        words.append(draw(st.sampled_from(["riichi", "double-riichi", "wriichi"])))
        if draw(st.booleans()):
            words.append("ippatsu")
    if tsumo and has_kan and "ippatsu" not in words and draw(st.booleans()):
        words.append("rinshan")  # one's own kan ends ippatsu (issue 13)
    elif tsumo and draw(st.booleans()):
        words.append("haitei")
    elif not tsumo and draw(st.booleans()):
        # chankan only where no other copy of the winning tile is in sight (issue 12)
        robbable = counts[win] == 1
        words.append(draw(st.sampled_from(["houtei", "chankan"] if robbable else ["houtei"])))
    for key in ("seat", "round", "pao", "wareme"):
        if draw(st.booleans()):
            words.append(f"{key}={draw(st.sampled_from('ESWNeswn'))}")
    for key in ("honba", "sticks"):
        if draw(st.booleans()):
            words.append(f"{key}={draw(st.integers(0, 12))}")
    if draw(st.booleans()):
        free = [k for k in range(34) if counts[k] < 4 and not (k == win and "chankan" in words)]
        k = draw(st.sampled_from(free))
        counts[k] += 1
        words.append(f"dora={k % 9 + 1}{suit_of[k // 9]}")
    if any(w in ("riichi", "double-riichi", "wriichi") for w in words) and draw(st.booleans()):
        words.append(f"ura={draw(st.integers(0, 3))}")  # ura only with riichi (issue 12)
    for key in ("seen", "river"):  # tiles in sight (issue 28): never a fifth copy
        if draw(st.booleans()):
            free = [k for k in range(34) if counts[k] < 4 and not (k == win and "chankan" in words)]
            shown = draw(st.lists(st.sampled_from(free), min_size=1, max_size=3, unique=True))
            for k in shown:
                counts[k] += 1
            words.append(f"{key}=" + "".join(f"{k % 9 + 1}{suit_of[k // 9]}" for k in shown))
    if draw(st.booleans()):
        words.append(f"rules={draw(st.sampled_from(['tenhou', 'MAJSOUL', 'wrc2025']))}")
    words = draw(st.permutations(words))
    words = [w.upper() if draw(st.booleans()) and "=" not in w else w for w in words]

    df_conc = "".join(f"{d}{s}" for s, d in closed_digits)
    sf_conc = "".join(f"{s}{d}" for s, d in closed_digits)
    tail = (" " + " ".join(words)) if words else ""
    df = f"{df_conc}+{win_digit[1]}{win_digit[0]}{win_marker}" + "".join(", " + m for m in melds_df)
    sf = f"{sf_conc}+{win_digit[0]}{win_digit[1]}{win_marker}" + "".join("," + m for m in melds_sf)
    return df + tail, sf + tail


@settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(legal_hands())
def test_random_legal_hands_round_trip(texts: tuple[str, str]) -> None:
    """DESIGN.md Habits: "normal form round-trips"; both styles give equal hands."""
    df, sf = texts
    hand = parse_hand(df)
    assert parse_hand(sf) == hand
    normal = format_hand(hand)
    assert parse_hand(normal) == hand
    assert format_hand(parse_hand(normal)) == normal
    assert hand.tile_count == 14


ALPHABET = "0123456789mpszh+-=, " + "tsumoriichdaEWSN"


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40) | st.text(max_size=40))
def test_random_strings_raise_only_hand_error(text: str) -> None:
    """DESIGN.md Habits: "no input string makes the parser raise anything but its own
    error"; every rejected input has a code and a message."""
    try:
        parse_hand(text)
    except HandError as error:
        assert error.code and error.message
        assert error.column is None or 1 <= error.column <= len(text) + 1


def _norm(tokens: tuple[Any, ...]) -> tuple[Any, ...]:
    """The tokens with each meld and each word as (text, column)."""
    suit_first, (ctext, ccol), win, (meld_text, meld_start), words = tokens
    melds = _split(meld_text, meld_start, ",")
    said = [(word, words.column(i)) for i, word in enumerate(words.texts)]
    return suit_first, (" ".join(ctext.split()), ccol), win, melds, said


@settings(max_examples=examples(300), deadline=None)
@given(
    st.text(alphabet="0123456789mpszh+-=, tsumoEd", max_size=30)
    | legal_hands().map(lambda t: t[0])
    | legal_hands().map(lambda t: t[1])
)
def test_fast_path_agrees_with_lark(text: str) -> None:
    """The fast path (one regex over the grammar's terminals) accepts only what Lark
    accepts, and splits it into the same tokens at the same columns."""
    try:
        fast = _tokens(text)
    except HandError:
        with pytest.raises(HandError):
            _lark_tokens(text)
        return
    assert _norm(fast) == _norm(_lark_tokens(text))


def test_lark_cache_in_an_unwritable_place_is_harmless(tmp_path: Any) -> None:
    """Brief: the parser cache "must never fail if the dir is not writable"."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    env = dict(os.environ, XDG_CACHE_HOME=str(blocker / "cache"), HOME=str(blocker))
    code = (
        "from agari.notation.text import _lark, parse_hand\n"
        "print(parse_hand('123m456p789s1155z+5z tsumo,,'.rstrip(',')).win)\n"
        "print(len(_lark().parse('123m+1m')[1]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.split() == ["5z", "2"]


def test_hand_error_is_a_value_error() -> None:
    """DESIGN.md: errors are ValueError subclasses (python-chess style)."""
    assert issubclass(HandError, ValueError)
    assert set(string.digits) <= set(ALPHABET)


def test_caches_never_change_an_answer() -> None:
    """The word/meld/context caches hold only what was read without error: the same
    words in another place still give their own columns, and clearing changes nothing."""
    from agari.notation.text import clear_caches

    first = parse_hand("1z+1z, 123m, 789p, 789s, 777=z seat=E")
    with pytest.raises(HandError) as info:
        parse_hand("123m456p789s1155z+5z seat=E seat=E")
    assert info.value.column == 29
    clear_caches()
    assert parse_hand("1z+1z, 123m, 789p, 789s, 777=z seat=E") == first


def test_fast_path_mirrors_the_grammar_and_lark_alone_gives_the_same_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """grammar/hand.lark is the single source of truth: the fast path is on only while
    the grammar's start rule has the shape it mirrors, and Lark alone reads the same."""
    import agari.notation.text as notation

    assert notation._grammar_start() == notation._START_SHAPE
    assert notation._fast_patterns() is not None
    fast = [parse_hand(text) for text in SPEC_EXAMPLES]
    monkeypatch.setattr(notation, "_fast_patterns", lambda: None)
    notation.clear_caches()
    assert [parse_hand(text) for text in SPEC_EXAMPLES] == fast


def test_grammar_ships_inside_the_package() -> None:
    """Brief: grammar/hand.lark is the syntax's home and ships in the wheel as
    agari/notation/grammar/hand.lark: a real file (no symlink, so checkouts without symlinks
    work), kept identical to the top-level copy by this test."""
    from pathlib import Path

    import agari.notation
    from agari.notation.text import grammar_path

    package_copy = Path(agari.notation.__file__).resolve().parent / "grammar" / "hand.lark"
    assert package_copy.is_file() and not package_copy.is_symlink()
    assert grammar_path() == package_copy
    top = Path(__file__).resolve().parents[1] / "grammar" / "hand.lark"
    if top.is_file():  # a source checkout (an installed package has only its own copy)
        assert top.read_text(encoding="utf-8") == package_copy.read_text(encoding="utf-8")
