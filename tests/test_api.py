"""``agari.analyse`` / ``agari.score``: dispatch by tile count, errors as results, rules.

Contract: docs/TEAM.md "Interfaces" and SPEC §1 ("Winning tile"), §3 (result keys).
"""

from __future__ import annotations

from typing import Any

import pytest

import agari
from agari.api import analyse, score
from agari.errors import RuleError
from agari.hand import Context, Hand, Meld, MeldKind
from agari.notation import parse_hand
from agari.result import Result
from agari.rules import Rules
from agari.tiles import Tile
from tests.conftest import COMPILED


def test_package_exposes_analyse_and_score() -> None:
    assert agari.analyse is analyse
    assert agari.score is score


def test_every_spec_result_key_of_a_win() -> None:
    """SPEC §3 keys of a scored hand."""
    record = analyse("123m456p789s1155z+5z").to_json()
    for key in (
        "input", "hand", "rules", "status", "error", "warnings", "han", "fu", "yakuman",
        "yaku", "dora", "fu_breakdown", "wait", "limit", "base_points", "payment",
        "points", "total", "reading", "win_tile",
    ):  # fmt: skip
        assert key in record or (key == "limit" and record.get("limit") is None), key
    assert record["input"] == "123m456p789s1155z+5z"
    assert record["dora"] == {"dora": 0, "aka": 0, "ura": 0, "kita": 0}


def test_deltas_when_the_discarder_is_known() -> None:
    """SPEC §3 deltas; SPEC §1: ``+5z=`` names the discarder (across). Haku 1 han 40 fu
    non-dealer: 1300 (RULES.md arithmetic: 40 x 8 x 4 = 1280 -> 1300)."""
    result = analyse("123m456p789s1155z+5z=")
    assert result.deltas == {"E": 0, "S": 1300, "W": 0, "N": -1300}


def test_fourteen_tiles_without_winning_tile_gives_candidates() -> None:
    """SPEC §1: score every tile that can be the winning tile, report each, best first,
    and say the tile was assumed. In 123m456p789s11555z every kind can have been the
    last tile; 5z (shanpon ron: 555z open, 20+10+4+2 = 36 -> 40 fu, 1300) is worth less
    than 1z (tanki: 555z closed 8, 20+10+8+2+2 = 42 -> 50 fu, 1600)."""
    result = analyse("123m456p789s11555z")
    assert result.status == "win"
    assert result.candidates is not None
    tiles = [c.win_tile for c in result.candidates]
    assert set(tiles) == {"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "5z"}
    assert tiles[-1] == "5z"
    assert result.win_tile == tiles[0]
    assert any("assumed" in w for w in result.warnings)
    points = [c.points or 0 for c in result.candidates]
    assert points == sorted(points, reverse=True)


def test_thirteen_tiles_is_a_waiting_hand() -> None:
    """SPEC §4: 13 tiles -> tenpai with waits (1p/4p for 23p ... here 23p + pair)."""
    result = analyse("123m456p789s23p55z")
    assert result.status == "tenpai"
    assert result.input == "123m456p789s23p55z"


def test_fourteen_tiles_not_complete_is_not_winning() -> None:
    """TEAM.md: 14 not complete -> analysis (status not_winning)."""
    result = analyse("123m456p789s24p55z+7z")
    assert result.status == "not_winning"
    assert score("123m456p789s24p55z+7z").status == "not_winning"


def test_bad_input_is_an_error_result_not_an_exception() -> None:
    """SPEC §3: errors are results with a stable code."""
    result = analyse("123m456p789s11z+5z")
    assert result.status == "error"
    assert result.error is not None and result.error["code"] == "tile_count"


def test_score_rejects_a_waiting_hand() -> None:
    """score() is for complete hands: 13 tiles is a tile_count error."""
    result = score("123m456p789s23p55z")
    assert result.status == "error"
    assert result.error is not None and result.error["code"] == "tile_count"


def test_bad_rules_raise() -> None:
    """TEAM.md: analyse raises RuleError for bad rules."""
    with pytest.raises(RuleError):
        analyse("123m456p789s1155z+5z", rules="nope")
    with pytest.raises(RuleError):
        analyse("123m456p789s1155z+5z", overrides={"kiriage": "maybe"})


def test_hand_rules_word_wins_over_the_caller_preset() -> None:
    """TEAM.md: the hand's own rules= word wins over the caller's preset name. 4 han 30
    fu: 7700 under tenhou (no kiriage), 8000 under wrc2025 (RULES.md Presets)."""
    hand = "234m456p789s23s55m+1s riichi dora=1m4p"
    assert analyse(hand, rules="wrc2025").points == 8000
    assert analyse(hand + " rules=tenhou", rules="wrc2025").points == 7700
    assert analyse(hand + " rules=tenhou").rules == "tenhou"


def test_overrides_apply() -> None:
    """SPEC §6 switches: kiriage=on turns 4 han 30 fu into a mangan."""
    hand = "234m456p789s23s55m+1s riichi dora=1m4p"
    result = analyse(hand, rules="tenhou", overrides={"kiriage": "on"})
    assert result.points == 8000
    assert result.rules == "tenhou (kiriage=on)"
    assert analyse(hand, rules=Rules.preset("tenhou")).points == 7700


def test_structured_input_and_hand_objects() -> None:
    """SPEC §2 structured input: concealed includes the winning tile."""
    record = {"concealed": "123m456p789s11555z", "win": "5z"}
    result = analyse(record)
    assert result.status == "win" and result.win_tile == "5z"
    assert result.input == record
    hand = parse_hand("123m456p789s1155z+5z")
    assert analyse(hand).points == result.points


def test_three_player_rejects_2m_to_8m_and_chi() -> None:
    """RULES.md "Three-player": 2m-8m are absent, so a hand holding them, or a chi, cannot
    exist under players=3 (and is fine with four players)."""
    from agari.api import analyse

    bad = analyse("123m456p789s1155z+5z tsumo", overrides={"players": "3"})
    assert bad.status == "error" and bad.error is not None
    assert bad.error["code"] == "bad_tile" and "2m" in bad.error["message"]
    chi = analyse("111m99s55z+5z, 456p, 789s tsumo", overrides={"players": "3"})
    assert chi.error is not None and chi.error["code"] == "bad_meld"
    assert analyse("123m456p789s1155z+5z tsumo").status == "win"


def test_limit_is_null_not_absent_below_mangan() -> None:
    """SPEC §3: ``limit`` is null, or a limit name."""
    from agari.api import analyse

    record = analyse("123m456p789s1155z+5z").to_json()
    assert "limit" in record and record["limit"] is None


# A Hand made directly in Python is checked like one read from notation (SPEC §3 error
# codes); the hands below are each impossible for the reason named.
def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        # 1m five times: 111m as a triplet and 11m as the pair would "complete" it.
        (
            Hand(_tiles("1m 1m 1m 1m 1m 2p 3p 4p 5p 6p 7s 8s 9s"), Tile.parse("7p")),
            "too_many_copies",
        ),
        (
            Hand(
                _tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 5z"),
                Tile.parse("5z"),
                (Meld(MeldKind.CHI, _tiles("1p 1p 1p"), "left"),),
            ),
            "bad_meld",
        ),
        (
            Hand(
                _tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 5z"),
                Tile.parse("5z"),
                (Meld(MeldKind.PON, _tiles("1p 2p 3p"), "left"),),
            ),
            "bad_meld",
        ),
        (
            Hand(
                _tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 5z 5z"),
                Tile.parse("4s"),
                (),
                Context(tsumo=True, houtei=True),
            ),
            "conflicting_context",
        ),
        (Hand(_tiles("1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 5z"), Tile.parse("4s")), "tile_count"),
    ],
)
def test_a_hand_made_in_python_is_checked(hand: Hand, code: str) -> None:
    for result in (analyse(hand), score(hand)):
        assert result.status == "error"
        assert result.error is not None and result.error["code"] == code


def test_a_read_hand_is_not_checked_twice_and_a_copy_is_checked_afresh() -> None:
    from dataclasses import replace

    hand = parse_hand("123m456p789s1155z+5z")
    assert hand._checked  # the reader checked it
    copy = replace(hand, context=Context(tsumo=True, houtei=True))
    assert not copy._checked
    assert analyse(copy).error["code"] == "conflicting_context"  # type: ignore[index]
    assert analyse(hand).status == "win"


def test_wareme_word_under_wareme_off_is_named_in_a_warning() -> None:
    # RULES.md presets: wareme is off everywhere unless switched on; the word is then
    # ignored, and the result says so rather than dropping it silently.
    off = analyse("123m456p789s1155z+5z tsumo wareme=W")
    assert any("wareme=W ignored" in w for w in off.warnings)
    on = analyse("123m456p789s1155z+5z tsumo wareme=W", overrides={"wareme": "on"})
    assert not any("ignored" in w for w in on.warnings)
    assert on.deltas != off.deltas


@pytest.mark.parametrize(
    ("hand", "overrides", "code"),
    [
        # SPEC §1 kita=N: North tiles set aside, a three-player thing (RULES.md "Three-player").
        ("234m567p3457888s+6s riichi kita=1", None, "conflicting_context"),
        # RULES.md "Three-player": the North seat is absent, so nobody sits across.
        ("111m9m123p456s777z+9m= riichi", {"players": 3}, "conflicting_context"),
        ("111m123p456s9m+9m, 777=z", {"players": 3}, "bad_meld"),
        # A first-turn win comes before one's first discard, so before any riichi, and it
        # is not on the last tile (RULES.md yaku: tenhou/chiihou/renhou, riichi, haitei).
        ("234m567p3457888s+6s tenhou riichi tsumo seat=E", None, "conflicting_context"),
        ("234m567p3457888s+6s chiihou riichi tsumo", None, "conflicting_context"),
        ("234m567p3457888s+6s renhou double-riichi", None, "conflicting_context"),
        ("234m567p3457888s+6s renhou houtei", None, "conflicting_context"),
        ("234m567p3457888s+6s tsumo tenhou haitei seat=E", None, "conflicting_context"),
    ],
)
def test_impossible_situations_are_errors(
    hand: str, overrides: dict[str, Any] | None, code: str
) -> None:
    result = analyse(hand, overrides=overrides)
    assert result.status == "error", result.to_json()
    assert result.error is not None and result.error["code"] == code


def test_kita_still_counts_in_three_player() -> None:
    result = analyse("111m9m123p456s777z+9m- riichi kita=1", overrides={"players": 3})
    assert result.status == "win" and result.dora is not None and result.dora["kita"] == 1


def test_pao_without_a_liable_yakuman_is_named_in_a_warning() -> None:
    # RULES.md pao: liability is for daisangen and daisuushii (suukantsu per pao_suukantsu).
    result = analyse("22z11m+1m, 555-z, 666=z, 123-m tsumo pao=N")
    assert result.status == "win"
    assert any(w.startswith("pao=N ignored") for w in result.warnings)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Hand(("1m",) * 13, Tile(0)), "a concealed tile is str"),  # type: ignore[arg-type]
        (lambda: Hand(_tiles("1m 2m 3m"), 0), "the winning tile is int"),  # type: ignore[arg-type]
        (lambda: Hand(_tiles("1m 2m 3m"), None, (), None), "the context is NoneType"),  # type: ignore[arg-type]
    ],
)
def test_a_hand_of_the_wrong_types_is_an_error_not_an_exception(make: Any, words: str) -> None:
    # README "Python API": analyse/score never raise for bad hands. The compiled build's
    # Hand refuses a winning tile or a context of the wrong type as it is made.
    if COMPILED and "concealed" not in words:
        with pytest.raises(TypeError):
            make()
        return
    result = analyse(make())
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == "bad_record" and words in result.error["message"]


def test_a_structured_chi_across_two_suits_is_a_bad_meld() -> None:
    # SPEC §1 melds: a chi is three consecutive numbers of one suit; 8m 9m 1p are three
    # consecutive tile kinds but not of one suit.
    record = {
        "concealed": "123m456p11z789s",
        "win": "1z",
        "melds": [{"kind": "chi", "tiles": "89m1p", "from": "left"}],
    }
    result = analyse(record)
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == "bad_meld"


def test_an_engine_context_error_points_at_its_word() -> None:
    # SPEC §3: errors name the column where the problem has a place in the input.
    text = "123m456p789s1155z+5z riichi kita=2"
    result = analyse(text)
    assert result.error is not None
    assert result.error["column"] == text.index("kita") + 1


# --------------------------------------------------------------------------- issue 12


_BASE_HAND = "123m456p789s1155z+5z"


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"seat_wind": "X"}, "bad_value"),
        ({"round_wind": "Q"}, "bad_value"),
        ({"pao": "Z"}, "bad_value"),
        ({"wareme": "east"}, "bad_value"),
        ({"honba": -3}, "bad_value"),
        ({"sticks": -1}, "bad_value"),
        ({"kita": -1}, "bad_value"),
        ({"kita": 5}, "bad_value"),
        ({"dora_count": -4}, "bad_value"),
        ({"ura_count": -1, "riichi": True}, "bad_value"),
        ({"honba": 10**5000}, "bad_value"),
        ({"win_from": "nowhere"}, "bad_value"),
        ({"tsumo": "yes"}, "bad_record"),
        ({"honba": 1.5}, "bad_record"),
        ({"honba": True}, "bad_record"),
        ({"dora_indicators": 3}, "bad_record"),
    ],
    ids=lambda p: next(iter(p)) if isinstance(p, dict) else str(p),
)
def test_made_hand_values_are_checked(fields: dict[str, Any], code: str) -> None:
    """Issue 12: a Hand made in Python with an impossible context value is an error result
    (the readers' rules), never a KeyError or a payment of a negative honba."""
    from dataclasses import replace

    from agari import Context
    from agari.notation import parse_hand

    hand = replace(parse_hand(_BASE_HAND), context=Context(**fields))
    result = analyse(hand)
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == code


@pytest.mark.parametrize(
    "text",
    [
        f"{_BASE_HAND} honba={'9' * 5000}",
        f"{_BASE_HAND} sticks={'9' * 5000}",
        f"{_BASE_HAND} kita={'1' * 5000}",
        f"{_BASE_HAND} dora={'9' * 5000}",
        f"{_BASE_HAND} riichi ura={'9' * 5000}",
        f"{_BASE_HAND} honba=100",
        f"{_BASE_HAND} sticks=121",
        f"{_BASE_HAND} dora=91",
    ],
    ids=lambda text: text.split()[-1][:12],
)
def test_counters_are_bounded_in_text(text: str) -> None:
    """Issue 12: a counter beyond what a game holds (or of thousands of digits) is a
    bad_value naming the word; parse_hand raises HandError, not a plain ValueError."""
    from agari import HandError, parse_hand

    result = analyse(text)
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == "bad_value"
    assert "digits" not in result.error["message"] or "a number of" in result.error["message"]
    assert "int_max_str_digits" not in result.error["message"]
    word = text.split()[-1].split("=")[0]
    assert result.error["column"] == text.rindex(word) + len(word) + 2
    with pytest.raises(HandError):
        parse_hand(text)


@pytest.mark.parametrize("key", ["honba", "riichi_sticks", "kita", "dora_count", "ura_count"])
@pytest.mark.parametrize(
    "value", [10**5000, -(10**5000), -1, 1000], ids=["huge", "minus-huge", "-1", "1000"]
)
def test_counters_are_bounded_in_records(key: str, value: int) -> None:
    """Issue 12: the same bounds for SPEC §2 records."""
    record = {"concealed": "123m456p789s11555z", "win": "5z", "riichi": True, key: value}
    result = analyse(record)
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == "bad_value"
    assert key in result.error["message"]


def test_counters_at_their_bounds_are_accepted() -> None:
    """The bounds themselves are values a game can hold."""
    result = analyse(f"{_BASE_HAND} honba=99 sticks=120 dora=90")
    assert result.status == "win"


@pytest.mark.skipif(
    COMPILED, reason="a monkeypatched module function is not seen by compiled callers"
)
def test_an_internal_error_is_not_the_users_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: a bug (here a ValueError raised inside the engine) is code `internal` with
    the input, not a `bad_value` blaming the user."""
    import agari.api

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("boom")

    monkeypatch.setattr(agari.api, "score_hand", broken)
    result = analyse(_BASE_HAND)
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == "internal"
    assert "ValueError: boom" in result.error["message"]
    assert result.input == _BASE_HAND


def test_win_from_error_names_the_value_given() -> None:
    """Issue 12: the message names the value given, not `None`."""
    result = analyse({"concealed": "123m456p789s11555z", "win": "5z", "win_from": "upstairs"})
    assert result.error is not None and "'upstairs'" in result.error["message"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("123m456p789s1155z+5z ura=1m", "conflicting_context"),
        ("123m456p789s1155z+5z ura=2", "conflicting_context"),
        ("123m456p789s1155z+5z riichi dora=1m2m3m4m6m7m", "bad_value"),
        ("123m456p789s1155z+5z riichi ura=1m2m3m4m6m7m", "bad_value"),
        ("123m456p789s1155z+5z chankan", "conflicting_context"),  # 5z held as a pair
        ("12m456p789s11555z+3m chankan dora=2m", "win"),  # the control: no other 3m
    ],
)
def test_inputs_no_longer_dropped_without_a_word(text: str, code: str) -> None:
    """Issue 12: ura without riichi, more than 5 indicators (one plus one per kan) and a
    chankan on a tile the winner can see another copy of are errors."""
    result = analyse(text)
    if code == "win":
        assert result.status == "win"
        return
    assert result.status == "error" and result.error is not None
    assert result.error["code"] == code


def test_chankan_impossible_when_a_meld_or_indicator_shows_the_tile() -> None:
    """Issue 12: the robbed kan holds the other three copies of the winning tile."""
    for text in (
        "12m456p789s11555z+3m chankan dora=3m",
        "12m789s11555z+3m, 3-45m chankan",
    ):
        result = analyse(text)
        assert result.error is not None and result.error["code"] == "conflicting_context"


def test_a_result_is_immutable_all_the_way_down() -> None:
    """Issues 11 and 27: a frozen, slotted Result whose mappings cannot be changed, so that
    an accidental ``result.payment["ron"] = 1`` fails loudly; a copy is free to change;
    equal results hash alike (a set of results works), and pickling (worker processes)
    keeps the value."""
    import dataclasses
    import pickle

    result = analyse("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou")
    again = analyse("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou")
    assert result.payment == {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}
    error = analyse("234m067p3457899s+6x")
    waiting = analyse("123m456p789s1155z")
    noten = analyse("123m456p789s1357z")
    assert error.error is not None and waiting.waits is not None
    mappings = [result.payment, result.deltas, result.dora, error.error, *waiting.waits]
    mappings += [waiting.waits[0]["ron"], noten.extra, noten.extra["ukeire"][0]]
    assert result.settlement is not None and result.settlement.payment is not None
    mappings.append(result.settlement.payment)
    for mapping in mappings:
        assert mapping is not None
        with pytest.raises(TypeError):
            mapping["E"] = 1  # type: ignore[index]
        with pytest.raises(TypeError):
            mapping.update({})  # type: ignore[attr-defined]
        copy = dict(mapping)
        copy["E"] = 1
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        result.han = 3  # type: ignore[misc]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        result.warnings = ()  # type: ignore[misc]
    assert not hasattr(result, "__dict__")
    assert result == again and hash(result) == hash(again) and len({result, again}) == 1
    assert len({error, waiting, noten, result}) == 4
    assert pickle.loads(pickle.dumps(result)) == result
    # The record is plain JSON data again: lists and dicts, as before.
    record = waiting.to_json()
    assert type(record["waits"]) is list and type(record["waits"][0]["ron"]) is dict
    assert type(noten.to_json()["ukeire"]) is list


def test_a_result_is_a_plain_dataclass_of_values_with_its_details() -> None:
    """Issue 27: a result's value fields are dataclass fields; what explains it (the hand's
    text, warnings, fu breakdown, reading, extra keys) is one Details object, made when first
    read; ``dataclasses.replace`` changes either kind of field."""
    import dataclasses

    from agari.result import Details

    result = score("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou")
    names = [f.name for f in dataclasses.fields(result)]
    assert names[:3] == ["status", "rules", "error"] and names[-2:] == ["settlement", "details"]
    assert isinstance(result.details, Details)
    assert result.reading == result.details.reading == ("234m", "067p", "345s", "678s", "99s")
    changed = dataclasses.replace(result, han=6, warnings=("a note",))
    assert changed.han == 6 and changed.warnings == ("a note",) and result.warnings == ()
    assert changed.reading == result.reading and changed.points == result.points
    assert changed != result
    made = Result(input="x", status="win", han=1, payment={"ron": 1000}, extra={"k": [1]})
    assert made.extra == {"k": (1,)} and made.to_json()["k"] == [1]
    assert made.payment == {"ron": 1000} and hash(made) == hash(dataclasses.replace(made))


def test_a_hand_is_a_frozen_value_with_its_written_out_init() -> None:
    """Issue 18: ``Hand`` writes its ``__init__`` out (``init=False``) so that the compiled
    build stores the fields natively; it is still the frozen dataclass value it was: the
    same defaults and keywords, equal and hashed by its tiles and context, ``replace``-able
    (a copy is checked afresh), and refusing changes."""
    import copy as copy_module
    import dataclasses
    import pickle

    read = parse_hand("123m456p789s1122z+1z tsumo")
    made = Hand(
        concealed=read.concealed, win=Tile.parse("1z"), melds=(), context=Context(tsumo=True)
    )
    assert made == read and hash(made) == hash(read) and str(made) == str(read)
    bare = Hand(read.concealed)
    assert (bare.win, bare.melds, bare.context) == (None, (), Context())
    assert [f.name for f in dataclasses.fields(Hand) if f.init] == [
        "concealed",
        "win",
        "melds",
        "context",
    ]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        read.win = None  # type: ignore[misc]
    copy = dataclasses.replace(read, win=Tile.parse("2z"))
    assert copy.win == Tile.parse("2z") and copy.concealed == read.concealed
    assert read._checked and not copy._checked
    assert score(copy).status == "win" and copy._checked
    for again in (pickle.loads(pickle.dumps(read)), copy_module.deepcopy(read)):
        assert again == read and score(again).to_json() == score(read).to_json()


def test_values_pickle_and_copy_alike_in_both_builds() -> None:
    """Issue 18: the compiled build makes the frozen dataclasses native classes, whose own
    pickling sets each field through the frozen ``__setattr__``; tiles, melds, hands, rules
    and results pickle (worker processes) and copy as the values they are in either build.
    A result not yet read pickles as its values, not the engine's deferred stand-ins."""
    import copy
    import pickle

    from agari.hand import CONTEXT_WORDS

    hand = parse_hand("1122z+1z, 123m, 456p, 789s tsumo")
    read = score("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou")
    assert read.settlement is not None
    values: list[object] = [
        Tile.parse("0p"),
        hand.melds[0],
        hand,
        CONTEXT_WORDS[0],
        Rules.preset("tenhou").with_overrides({"aka": "m1p2s1"}),
        read,
        read.settlement,
        score("234m067p3457899s+6s tsumo riichi dora=4p", rules="tenhou"),
    ]
    for value in values:
        for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert again == value and type(again) is type(value)
    unread = pickle.loads(pickle.dumps(values[-1]))
    assert isinstance(unread, Result) and unread.to_json() == read.to_json()
    assert pickle.loads(pickle.dumps(values[4])).red_fives == (1, 2, 1)
