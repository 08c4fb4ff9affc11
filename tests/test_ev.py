"""``agari ev`` (issue 30, SPEC §10): the expected value of each discard.

The model (README "Expected value of a discard"; ``agari.analysis.ev``) is checked three ways:

* against an independent enumeration of every draw order (tests/ev_brute.py), in exact
  fractions, on ready and 1-shanten hands with two and three draws left, for every
  combination of the five switches, with red fives, an open hand, three players and every
  rule preset: the figures are equal, not close;
* against the true wall (every ordered draw of the tiles the player has not seen, without
  replacement) where the model says it is exact: a hand in riichi (ura aside);
* against published figures: a worked example by the author of the one-player trainer
  (mahjong.ara.black), and the reference tool's (mahjong-cpp) tables in
  fixtures/ev/reference.toml, with their sources and why agari differs where it does.
"""

from __future__ import annotations

import itertools
import json
import tomllib
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari.analysis.ev import EvOptions, evaluate
from agari.api import ev
from agari.cli import main
from agari.errors import HandError
from agari.notation import parse_hand
from agari.rules import PRESET_NAMES, Rules
from agari.tiles import NORTH
from tests.conftest import examples, tiles
from tests.ev_brute import RED_KINDS, Brute, Case, Tiles, remove, shanten, throwable

SWITCHES = ("riichi", "ura", "ippatsu", "tegawari", "backtrack")
#: Every combination of the five switches.
COMBINATIONS = [
    dict(zip(SWITCHES, bits, strict=True)) for bits in itertools.product((True, False), repeat=5)
]
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ev" / "reference.toml"


def _counts(found: object) -> list[int]:
    counts = [0] * 34
    for tile in found:  # type: ignore[attr-defined]
        counts[tile.kind] += 1
    return counts


def thin(hand: str, keep: str, indicator: str = "9p", players: int = 4) -> str:
    """Words that put in sight every copy of every kind but those of ``keep`` and the dora
    indicator: the wall then holds only the kinds kept, few enough to enumerate every
    draw order. ``hand`` is the hand's tiles and melds (2m-8m are not in a three-player
    set, so never seen there)."""
    shown = _counts(parse_hand(hand).all_tiles)
    kept = {t.kind for t in tiles(keep)}
    if players == 3:
        kept |= set(range(1, 8))
    shown[tiles(indicator)[0].kind] += 1
    seen = "".join(
        f"{kind % 9 + 1}{'mpsz'[kind // 9]}" * (4 - shown[kind])
        for kind in range(34)
        if kind not in kept and shown[kind] < 4
    )
    return f"seen={seen} dora={indicator}"


def brute_roots(
    text: str, preset: str, **switches: bool
) -> tuple[Brute, list[tuple[str, Tiles, bool, bool]]]:
    """The enumerator for ``text`` (tiles, melds and words) under ``preset``, and the hand
    after each distinct discard (its name, tiles, riichi declared, ippatsu chance)."""
    hand = parse_hand(text)
    rules = Rules.preset(preset)
    aka = (bool(rules.red_fives[0]), bool(rules.red_fives[1]), bool(rules.red_fives[2]))
    sanma = rules.players == 3
    own = list(hand.closed_tiles)
    meld_tiles = [t for m in hand.melds for t in m.tiles]
    c = hand.context
    visible = [*own, *meld_tiles, *c.dora_indicators, *c.seen]
    shown = _counts(visible)
    shown[NORTH] += c.kita
    unseen = [0] * 37
    for kind in range(34):
        if not (sanma and 1 <= kind <= 7):
            unseen[kind] = 4 - shown[kind]
    for suit, kind in enumerate(RED_KINDS):
        if aka[suit] and not (sanma and suit == 0):
            red = rules.red_fives[suit] - sum(1 for t in visible if t.red and t.kind == kind)
            unseen[34 + suit] = max(0, min(red, unseen[kind]))
            unseen[kind] -= unseen[34 + suit]
    reds = [0, 0, 0]
    for t in own:
        if t.red and aka[t.kind // 9]:
            reds[t.kind // 9] += 1
    start: Tiles = (tuple(_counts(own)), (reds[0], reds[1], reds[2]))
    case = Case(
        words=" ".join(w for w in text.split(" ") if "=" in w or w.isalpha()),
        melds="".join(f", {meld}" for meld in hand.melds),
        melds_count=len(hand.melds),
        rules=preset,
        aka=aka,
        ura_indicators=max(1, len(c.dora_indicators)),
        closed=hand.is_closed,
        meld_counts=tuple(_counts(meld_tiles)),
        kita=c.kita,
        sanma=sanma,
        **switches,
    )
    brute = Brute(case, start, unseen, sum(unseen))
    roots = []
    if hand.tile_count == 13:
        roots.append(("-", start, False, False))
    else:
        for event in throwable(start, case):
            rest = remove(start, event)
            declares = case.closed and case.riichi and shanten(rest[0], len(hand.melds)) == 0
            name = (
                "0" + "mps"[event - 34] if event >= 34 else f"{event % 9 + 1}{'mpsz'[event // 9]}"
            )
            roots.append((name, rest, declares, declares and case.ippatsu))
    return brute, roots


def assert_equal_to_enumeration(
    text: str, preset: str, turn: int, switches: dict[str, bool]
) -> None:
    """Every discard's expected points, chance of winning and of being ready, from the
    model (exact fractions) and from the enumeration of every draw order, are equal; and
    the chances by draw end where the figures do."""
    brute, roots = brute_roots(text, preset, **switches)
    got = evaluate(
        parse_hand(text),
        Rules.preset(preset),
        EvOptions(turn=turn, **switches),
        exact=True,
        curves=True,
    )
    assert len(got.discards) == len(roots)
    for name, start, riichi, ippatsu in roots:
        want = brute.value(start, riichi, ippatsu, 0, turn)
        found = next(d for d in got.discards if (str(d.tile) if d.tile else "-") == name)
        assert (found.ev, found.win, found.ready) == (want.ev, want.win, want.ready), name
        assert (found.win_by[-1], found.ready_by[-1]) == (found.win, found.ready), name
        assert isinstance(found.ev, Fraction)


# --------------------------------------------------------------------------- enumeration

READY = "3455m666p789s11z22z"  # 5m out: ready on 1z/2z (shanpon); any other: 1-shanten
ONE_SHANTEN = "3455m666p789s11z2z"  # 13 tiles, 1-shanten
KEEP = "234567m12z"  # the kinds left in the wall
KEEP_THREE = "3456m12z"  # fewer for three draws: every order is enumerated


@pytest.mark.parametrize(
    "switches", COMBINATIONS, ids=lambda s: "".join("01"[v] for v in s.values())
)
def test_ready_hand_two_draws_equals_enumeration(switches: dict[str, bool]) -> None:
    """Issue 30: a 14-tile hand with one ready discard (riichi, ura, ippatsu, dama) and
    1-shanten ones (tegawari, back-tracking), two draws left: every discard's figures
    equal the enumeration of every draw order, for every switch combination."""
    text = f"{READY} seat=E {thin(READY, KEEP)}"
    assert_equal_to_enumeration(text, "wrc2025", 2, switches)


@pytest.mark.parametrize(
    "switches", COMBINATIONS, ids=lambda s: "".join("01"[v] for v in s.values())
)
def test_one_shanten_hand_three_draws_equals_enumeration(switches: dict[str, bool]) -> None:
    """Issue 30: a 1-shanten 13-tile hand, three draws left (ready, then a win or a change
    of wait): equal to the enumeration for every switch combination."""
    text = f"{ONE_SHANTEN} {thin(ONE_SHANTEN, KEEP_THREE)}"
    assert_equal_to_enumeration(text, "wrc2025", 3, switches)


def test_the_switches_change_the_three_draw_figures() -> None:
    """The 3-draw case exercises every switch: each changes its figures (tegawari in dama,
    where a ready hand may still change its wait), so the comparison above covers them."""
    text = f"{ONE_SHANTEN} {thin(ONE_SHANTEN, KEEP_THREE)}"

    def figures(**switches: bool) -> tuple[object, ...]:
        d = ev(text, turn=3, exact=True, **switches).discards[0]
        return (d.ev, d.win, d.ready)

    for switch in ("riichi", "ura", "ippatsu", "backtrack"):
        assert figures(**{switch: False}) != figures(), switch
    assert figures(riichi=False, tegawari=False) != figures(riichi=False)


@pytest.mark.parametrize(
    "switches", [COMBINATIONS[0], COMBINATIONS[-1], dict(COMBINATIONS[0], riichi=False)]
)
def test_red_fives_equal_enumeration(switches: dict[str, bool]) -> None:
    """Red fives (tenhou: one per suit, each a dora): a red 5m in the wall is a draw of its
    own, and a hand holding a red and a plain 5m has two discards of 5m."""
    for hand in (READY, "3405m666p789s11z22z"):
        text = f"{hand} seat=E {thin(hand, KEEP)}"
        assert_equal_to_enumeration(text, "tenhou", 2, switches)


def test_open_hand_equals_enumeration() -> None:
    """An open hand (a pon of 6p) never declares riichi; its wins need a yaku (East and
    South triplets for a dealer in the East round)."""
    hand = "3455m789s11z22z, 6-66p"
    text = f"{hand} seat=E {thin(hand, KEEP)}"
    for switches in (COMBINATIONS[0], COMBINATIONS[-1]):
        assert_equal_to_enumeration(text, "tenhou", 2, switches)


def test_three_players_equal_enumeration() -> None:
    """Three players (tenhou-sanma): no 2m-8m in the wall, kita set aside are seen and are
    dora (and ura when North is indicated), 1m indicates 9m."""
    hand = "999m666p789s11z22z4z"  # 4z out: ready on 1z/2z
    text = f"{hand} seat=E kita=1 {thin(hand, '9m1245z', indicator='1m', players=3)}"
    for switches in (COMBINATIONS[0], dict(COMBINATIONS[0], ura=False)):
        assert_equal_to_enumeration(text, "tenhou-sanma", 2, switches)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_equals_enumeration(preset: str) -> None:
    """Every rule preset's values: the engine scores each win under the preset (red fives,
    kiriage, three-player payments), the same for the model and the enumeration."""
    players = Rules.preset(preset).players
    hand = "999m666p789s11z22z4z" if players == 3 else READY
    keep = "9m1245z" if players == 3 else KEEP
    text = f"{hand} seat=S {thin(hand, keep, indicator='1m', players=players)}"
    assert_equal_to_enumeration(text, preset, 2, dict(COMBINATIONS[0], ura=False))


# --------------------------------------------------------------------------- the true wall


def _true_riichi_figures(
    ready: str, words: str, preset: str, turn: int
) -> tuple[Fraction, Fraction]:
    """A ready closed hand of 13 tiles (``ready``) in riichi, with ``turn`` draws: over
    every ordered draw from the true wall (each tile the player has not seen, without
    replacement), the first winning tile drawn wins. Returns the expected points and the
    chance of winning: the sum, over the draw on which the first winning tile comes, of
    (its copies) / (tiles left) times the chance that no winning tile came before."""
    parsed = parse_hand(f"{ready} {words}")
    own = _counts(parsed.closed_tiles)
    shown = _counts([*parsed.closed_tiles, *parsed.context.dora_indicators, *parsed.context.seen])
    wall = [4 - n for n in shown]
    waits = [
        k for k in range(34) if shanten(tuple(c + (i == k) for i, c in enumerate(own)), 0) == -1
    ]
    value = {
        k: _points(f"{ready}+{k % 9 + 1}{'mpsz'[k // 9]} tsumo riichi {words}", preset)
        for k in waits
    }
    total = sum(wall)
    waiting = sum(wall[k] for k in waits)
    points = win = Fraction(0)
    miss = Fraction(1)
    for j in range(turn):
        left = total - j
        for k in waits:
            p = miss * Fraction(wall[k], left)
            win += p
            points += p * value[k]
        miss *= Fraction(left - waiting, left)
    return points, win


def _points(text: str, preset: str) -> int:
    from agari.api import score

    result = score(text, preset)
    assert result.status == "win", text
    return result.total or 0


def test_riichi_is_exact_against_the_true_wall() -> None:
    """The model's claim: a hand in riichi throws only tiles that do not win it, so its
    chance of winning and its points (ura aside, ippatsu off) are those of drawing without
    replacement from the true wall; the chance is note.com/anmo_suzuki's
    1 - C(n - a, r)/C(n, r) (n tiles unseen, a winning tiles, r draws)."""
    words = "seat=E dora=1z"
    got = evaluate(
        parse_hand(f"234m345666p4467s1z {words}"),
        Rules.preset("wrc2025"),
        EvOptions(ura=False, ippatsu=False),
        exact=True,
    ).find(tiles("1z")[0])
    assert got is not None
    # The 1z thrown to declare riichi is seen too.
    want_points, want_win = _true_riichi_figures(
        "234m345666p4467s", f"{words} seen=1z", "wrc2025", 17
    )
    assert (got.ev, got.win) == (want_points, want_win)
    assert want_win == 1 - Fraction(comb(121 - 8, 17), comb(121, 17))


# --------------------------------------------------------------------------- published figures


def test_ara_worked_example_is_reproduced() -> None:
    """mahjong.ara.black/hmr/expect3.htm ("聴牌時の期待値計算法"): a dealer's riichi on the
    first turn waiting on 5s and 8s (4 + 4 copies, 121 tiles unseen), riichi tsumo tanyao
    6000 each, no ura, no ippatsu: 6000 x 8/121 = 396.694 by the 2nd turn, + 6000 x 8/120 x
    113/121 = 770.248 by the 3rd, 4282.35 by the 18th (17 draws)."""
    text = "234m345666p4467s1z seat=E dora=1z"
    for turn, want in ((1, 396.694), (2, 770.248), (17, 4282.35)):
        found = ev(text, turn=turn, ura=False, ippatsu=False, exact=True).find(tiles("1z")[0])
        assert found is not None
        assert round(float(found.ev), 3 if turn < 17 else 2) == want
    exact = ev(text, ura=False, ippatsu=False, exact=True).discards[0]
    assert exact.ev == 6000 * (1 - Fraction(comb(113, 17), comb(121, 17)))


def test_reference_fixture_is_complete() -> None:
    """fixtures/ev/reference.toml: every entry names its source, the reference's version,
    the figures it printed and, where agari's model differs, why (issue 30)."""
    data = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))
    assert data["case"]
    for case in data["case"]:
        assert case["source"].startswith("https://"), case["id"]
        assert case["hand"] and case["reference"], case["id"]
        assert case.get("agrees") or case.get("differs"), case["id"]
        parse_hand(case["hand"])


@pytest.mark.parametrize(
    "case",
    [c for c in tomllib.loads(FIXTURE.read_text(encoding="utf-8"))["case"] if c.get("agrees")],
    ids=lambda c: c["id"],
)
def test_reference_figures_agree_where_the_models_do(case: dict[str, object]) -> None:
    """Entries marked ``agrees``: the same hand and options give the printed figures, to
    the printed rounding (points to 0.01, percentages to 0.01 %)."""
    options = dict(case.get("options", {}))  # type: ignore[call-overload]
    overrides = dict(case.get("rule", {}))  # type: ignore[call-overload]
    found = ev(str(case["hand"]), str(case.get("rules", "wrc2025")), overrides, **options)
    for tile, figures in dict(case["reference"]).items():  # type: ignore[call-overload]
        got = found.find(tiles(tile)[0])
        assert got is not None, tile
        if "ev" in figures:
            assert abs(float(got.ev) - figures["ev"]) <= 0.005 + 1e-9, tile
        if "win" in figures:
            assert abs(100 * float(got.win) - figures["win"]) <= 0.005 + 1e-9, tile
        if "ready" in figures:
            assert abs(100 * float(got.ready) - figures["ready"]) <= 0.005 + 1e-9, tile


# --------------------------------------------------------------------------- consistency


def test_shares_add_up_to_the_figures() -> None:
    """--explain's rows: each (ready hand, tile)'s chance x value is its points, and the
    points and chances of all rows add up to the discard's expected points and chance of
    winning; the chances by draw never fall."""
    text = f"{ONE_SHANTEN} {thin(ONE_SHANTEN, KEEP)}"
    found = evaluate(
        parse_hand(text), Rules.preset(), EvOptions(turn=6), exact=True, explain=tiles("1m")[0]
    )
    d = found.discards[0]
    assert d.shares
    assert sum(s.points for s in d.shares) == d.ev
    assert sum(s.chance for s in d.shares) == d.win
    for s in d.shares:
        assert s.chance * s.value == s.points
        assert s.by_draw[-1] == s.chance
    for curve in (d.win_by, d.ready_by):
        assert all(a <= b for a, b in itertools.pairwise(curve))


def test_ready_discard_is_ready_now_and_counts_its_waits() -> None:
    """A discard that leaves the hand ready is ready before any draw (chance 1 at draw 0)
    and lists its waits with the copies unseen: 1z and 2z, two of each (SPEC §4's count)."""
    found = ev(READY + " seat=E", curves=True).find(tiles("5m")[0])
    assert found is not None
    assert found.ready_by[0] == 1 and found.riichi and found.shanten == 0
    assert [(str(t), n) for t, n in found.waits] == [("1z", 2), ("2z", 2)]


def test_seen_tiles_leave_the_wall() -> None:
    """seen= (issue 30, SPEC §8): tiles in sight are not in the wall: with both other 2z
    in sight the shanpon waits on 1z alone, and the wall is two tiles shorter."""
    plain = ev(READY + " seat=E", turn=3)
    seen = ev(READY + " seat=E seen=22z", turn=3)
    assert seen.unseen == plain.unseen - 2
    assert [(str(t), n) for t, n in seen.find(tiles("5m")[0]).waits] == [("1z", 2), ("2z", 0)]  # type: ignore[union-attr]


def test_thirteen_tiles_are_one_draw_earlier() -> None:
    """A 13-tile hand has no discard to choose: one row, for the hand as it is."""
    found = ev(ONE_SHANTEN, turn=4)
    assert len(found.discards) == 1 and found.discards[0].tile is None
    assert found.shanten == 1


def test_no_draws_left() -> None:
    """turn=0: nothing more is drawn: no win, ready only if the discard leaves it ready."""
    found = ev(READY + " turn=0")
    assert all(d.ev == 0 and d.win == 0 for d in found.discards)
    assert {str(d.tile): d.ready for d in found.discards}["5m"] == 1


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "kwargs", "code"),
    [
        ("3455m666p789s11z", {}, "tile_count"),  # 12 tiles
        (READY + " turn=x", {}, "bad_value"),
        (READY + " turn=31", {}, "bad_value"),
        (READY + " turn=3 turn=4", {}, "conflicting_context"),
        (READY, {"turn": -1}, "bad_value"),
        (READY, {"explain": "9p"}, "bad_value"),
        (READY + " seen=1z1z1z", {}, "too_many_copies"),
    ],
)
def test_bad_input_is_a_hand_error(text: str, kwargs: dict[str, object], code: str) -> None:
    """Bad input is an agari.HandError with its code, never another exception."""
    with pytest.raises(HandError) as caught:
        ev(text, **kwargs)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_cli_table_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    """`agari ev HAND` prints every discard best first; --explain adds how one discard's
    points add up, ending with the discard's totals."""
    assert main(["ev", READY, "seat=E", "turn=4"]) == 0
    out = capsys.readouterr().out
    assert "discard" in out and "5m       0 riichi" in out and "waits 1z\u00d72 2z\u00d72" in out
    assert main(["ev", READY, "seat=E", "turn=4", "--explain", "5m"]) == 0
    out = capsys.readouterr().out
    assert "explain   discard 5m: ready, riichi declared with it" in out
    assert "all wins" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--json: one object with every discard's figures and chances by draw."""
    assert main(["ev", "--json", READY, "seat=E", "turn=3"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "ev" and record["options"]["turn"] == 3
    first = record["discards"][0]
    assert {"tile", "shanten", "riichi", "ev", "win", "ready", "waits", "win_by_draw"} <= set(first)
    assert len(first["win_by_draw"]) == 3


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["ev", "3455m666p789s11z"], 1),
        (["ev", READY, "turn=x"], 1),
        (["ev", READY, "--explain", "9p"], 1),
        (["ev", READY, "--explain", "xx"], 1),
        (["ev", READY, "--rules", "nope"], 2),
        (["ev", READY, "--bogus"], 2),
        (["ev", "--help"], 0),
    ],
)
def test_cli_errors(argv: list[str], status: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit 1 with the error's code; a usage error: exit 2; never a traceback."""
    assert main(argv) == status
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    if status == 1:
        assert captured.err.startswith("error (")


# --------------------------------------------------------------------------- the discard table


def test_discard_table_column_where_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """`agari --ev HAND` (issue 30): the discard table of 14 tiles that do not win gets each
    discard's expected points and chance of winning, the figures `agari ev` gives; without
    --ev the table is as before."""
    hand = READY + " seat=E"
    assert main([hand]) == 0
    assert "ev: points (win)" not in capsys.readouterr().out
    assert main(["--ev", hand]) == 0
    out = capsys.readouterr().out
    figures = ev(hand).find(tiles("5m")[0])
    assert figures is not None
    row = next(line for line in out.splitlines() if line.startswith("  5m "))
    assert row.endswith(f"{float(figures.ev):.1f} ({100 * float(figures.win):.1f}%)")
    assert main(["--ev", "--json", hand]) == 0
    record = json.loads(capsys.readouterr().out)
    first = next(d for d in record["discards"] if d["tile"] == "5m")
    assert first["ev"] == {
        "points": float(figures.ev),
        "win": float(figures.win),
        "ready": float(figures.ready),
    }


def test_discard_table_column_takes_the_hands_own_rules() -> None:
    """The column values the hand under its own rules= word, as the table does."""
    from agari.api import analyse, with_ev

    text = READY + " seat=E rules=tenhou"
    hand = parse_hand(text)
    result = with_ev(analyse(text), hand, Rules.preset(), turn=3)
    want = ev(text, turn=3).find(tiles("5m")[0])
    assert want is not None
    assert {d["tile"]: d["ev"]["points"] for d in result.discards}["5m"] == float(want.ev)


# --------------------------------------------------------------------------- random hands


@st.composite
def small_hands(draw: st.DrawFn) -> str:
    """A random closed hand of 13 or 14 tiles of 1m-8m and two honours, its wall thinned to
    the kinds the hand holds and their neighbours (so every draw order can be listed). At
    most two copies of a kind: the enumerator's shanten does not know the four-copy limit
    (a wait only on a fifth copy, karaten), which agari's does (tests/test_analysis.py)."""
    size = draw(st.sampled_from((13, 14)))
    pool = [k for k in (*range(8), 27, 28) for _ in range(2)]
    picked = sorted(draw(st.permutations(pool))[:size])
    hand = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in picked)
    near = {k + d for k in picked if k < 9 for d in (-1, 0, 1) if 0 <= k + d < 9}
    near |= {k for k in picked if k >= 27}
    keep = "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(near))
    return f"{hand} seat=E {thin(hand, keep)}"


@settings(max_examples=examples(6), deadline=None)
@given(small_hands(), st.sampled_from(COMBINATIONS))
def test_random_hands_equal_enumeration(text: str, switches: dict[str, bool]) -> None:
    """Any hand (ready or not, 13 or 14 tiles), any switches, two draws: the model's
    figures equal the enumeration of every draw order."""
    assert_equal_to_enumeration(text, "wrc2025", 2, switches)
