"""The review of decisions (SPEC §8, ``agari review``): the figures of a discard beside the
efficiency-best ones, passes with a win left, riichi while furiten, deal-ins, the summary,
the JSON keys, the command. Expected values are worked out from the tiles (written out
beside each check) or read from a real log's raw file."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agari.game.log_rules import log_rules
from agari.game.logs import Call, Discard, Draw, RiichiAccepted, Win, read_log
from agari.hand import format_tiles
from agari.play.follow import Follower, follow_round
from agari.play.review import _calls, _discarded_copy, _Round, review_round
from agari.play.summary import review_game
from agari.rules import Rules
from agari.tiles import PLAIN_TILES, Tile
from tests.conftest import READY, examples, made_round, pure_only, turns

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "fixtures" / "logs" / "mjlog" / "2022010415gm-00a9-0000-9bfd3aa2.xml"
T = Tile.parse
#: Hands far from ready (no two seats can win or call on the tiles the tests throw).
FILLER = ("1358m1358p1358s1z", "2469m2469p2469s2z", "2469m2469p246s77z", "1357m1357p1357s3z")

#: SPEC §8's keys of a decision object.
SPEC_KEYS = {
    "kind", "game", "index", "round", "honba", "seat", "turn", "hand", "action", "shanten",
    "shanten_after", "seen", "best", "chosen", "furiten", "tenpai", "waits", "missed_win",
}  # fmt: skip


def _review(hands: list[str], events: list[object]):  # type: ignore[no-untyped-def]
    return review_round(made_round(hands, events), Rules.preset("tenhou"))


def test_a_discard_that_breaks_a_ready_hand_loses_a_shanten() -> None:
    """Seat 1 draws 9p to its ready hand and throws 2m: 3m 456p 789s 9p 111z 22z is one
    tile from ready (1-shanten); throwing the 9p keeps it ready on 1m and 4m (0-shanten,
    2 kinds: 4 + 4 copies, less those seat 1 sees: none here but its own)."""
    hands = [FILLER[0], READY, FILLER[2], FILLER[3]]
    events = [*turns((0, "5z")), Draw(1, T("9p")), Discard(1, T("2m"))]
    decision = next(d for d in _review(hands, events) if d.seat == 1)
    assert decision.action == {"discard": "2m", "riichi": False}
    assert decision.drawn == T("9p") and decision.turn == 1
    assert decision.shanten == 0  # 14 tiles: one discard from ready
    assert [str(f.tile) for f in decision.best] == ["9p"]
    assert (decision.best[0].shanten, decision.best[0].count) == (0, 8)
    assert decision.chosen is not None and decision.chosen.shanten == 1
    assert not decision.matches_best and decision.shanten_lost == 1
    assert decision.shanten_after == 1 and not decision.tenpai


@pytest.mark.parametrize(("indicator", "value_best"), [("9s", "5m"), ("4m", "8m")])
def test_the_value_aware_choice_weighs_the_best_win_of_each_ready_discard(
    indicator: str, value_best: str
) -> None:
    """Seat 1 holds 57m 567p 234s 678s 55s and draws 8m: throwing 5m leaves 78m (6m or 9m,
    8 copies: the efficiency-best) whose best win is a tsumo on 6m with pinfu, tanyao and
    tsumo (3 han 20 fu, 700/1,300); throwing 8m leaves 57m (6m only) whose best is tanyao
    and tsumo (2 han 30 fu, 500/1,000). With 5m the dora (indicator 4m) the kanchan keeps
    it: 3 han 30 fu (1,000/2,000), more than the 5m throw's 3 han 20 fu."""
    hands = [FILLER[0], "57m567p234678s55s", FILLER[2], FILLER[3]]
    events = [*turns((0, "5z")), Draw(1, T("8m")), Discard(1, T("5m"))]
    round_log = replace(made_round(hands, events), dora_indicator=T(indicator))
    decision = next(d for d in review_round(round_log, Rules.preset("tenhou")) if d.seat == 1)
    assert [str(f.tile) for f in decision.best] == ["5m"]
    assert decision.value_best == value_best


def test_the_value_choice_skips_a_wait_whose_every_copy_is_in_sight() -> None:
    """Seat 1 holds six pairs and the 1s (the dora: indicator 9s) and draws 7z. Keeping the
    1s would wait on the dora (seven pairs and dora 2, 4 han), keeping the 7z only seven
    pairs (2 han); but the other three 1s lie in the rivers, so the 1s wait wins nothing:
    the value choice is to throw the 1s, as is the efficiency-best (7z: 3 copies unseen)."""
    hands = [FILLER[1], "11m99m11p99p99s55z1s", FILLER[2], "2468m2468p2468s3z"]
    events = turns((0, "1s"), (1, "4z"), (2, "1s"), (3, "1s"), (0, "6z"))
    events += [Draw(1, T("7z")), Discard(1, T("7z"))]
    decision = [d for d in _review(hands, events) if d.seat == 1 and d.is_discard][-1]
    assert [(str(f.tile), f.count) for f in decision.best] == [("1s", 3)]
    assert decision.value_best == "1s"


@pytest.mark.parametrize(("second_south", "value_best"), [("5z", "6m"), ("2z", "5m")])
def test_a_wait_whose_every_copy_is_in_sight_adds_no_value(
    second_south: str, value_best: str
) -> None:
    """Seat 1 (South; the dora South, indicator 1z) holds 234m 567p 789s 22z 55m and draws
    6m. Throwing the 6m waits on 2z or 5m: a tsumo on 2z is menzen tsumo, South and dora 3
    (5 han, mangan: 2,000/4,000), on 5m menzen tsumo and dora 2 (3 han 30 fu: 1,000/2,000).
    Throwing a 5m waits on 1m, 4m or 7m (23456m), each menzen tsumo and dora 2 (pinfu is
    not: the pair is the seat's wind), 1,000/2,000. With one South in a river, the 2z wait
    has a copy left and its mangan makes the 6m the value choice; with the other two in the
    rivers it has none: both discards are then worth 4,000, and the 5m's eleven unseen
    winning tiles (1m: 4, 4m: 3, 7m: 4) beat the 6m's two (5m)."""
    hands = [FILLER[0], "234m567p789s22z55m", FILLER[2], FILLER[3]]
    events = turns((0, "2z"), (1, "9m"), (2, second_south), (3, "5z"), (0, "6z"))
    events += [Draw(1, T("6m")), Discard(1, T("5m"))]
    round_log = replace(made_round(hands, events), dora_indicator=T("1z"))
    decision = [
        d for d in review_round(round_log, Rules.preset("tenhou")) if d.seat == 1 and d.is_discard
    ][-1]
    assert decision.hand == "234556m567p789s22z"
    assert [(str(f.tile), f.count) for f in decision.best] == [("5m", 11)]
    assert decision.value_best == value_best


def test_the_copy_a_value_choice_discards_is_a_plain_one_before_a_red_five() -> None:
    """Of a kind held as a red five and plain ones, the ready hand valued keeps the red five
    (a dora); a red five held alone is the copy discarded. Codes: kind * 2 + 1 plain, kind *
    2 red (:func:`agari.tiles.tile_code`); 5p is kind 13."""
    assert _discarded_copy([3, 26, 27, 27, 40], 13) == 2  # 0p 5p 5p: the first plain 5p
    assert _discarded_copy([3, 26, 40], 13) == 1  # 0p alone
    assert _discarded_copy([3, 27, 40], 13) == 1
    assert _discarded_copy([3, 27, 40], 1) == 0  # 2m (code 3), no red kind


def test_a_single_ready_discard_of_a_closed_hand_is_the_value_choice() -> None:
    """Seat 1's ready hand draws 9p: throwing the 9p is the only discard that stays ready,
    and a closed ready hand always has a win with a yaku (menzen tsumo)."""
    hands = [FILLER[0], READY, FILLER[2], FILLER[3]]
    events = [*turns((0, "5z")), Draw(1, T("9p")), Discard(1, T("9p"))]
    decision = next(d for d in _review(hands, events) if d.seat == 1)
    assert decision.value_best == "9p" and decision.matches_best


def test_a_winning_tile_let_pass_is_a_missed_win_and_temporary_furiten() -> None:
    """Seat 2 throws 1m; seat 1, ready on it with a yaku (round-wind East triplet), not
    furiten, lets it pass: a pass decision, a win missed, furiten after."""
    hands = [FILLER[0], READY, FILLER[2], FILLER[3]]
    events = turns((0, "5z"), (1, "9p"), (2, "1m"), (3, "7z"))
    offered = [d for d in _review(hands, events) if d.seat == 1 and d.offered is not None]
    assert len(offered) == 1
    decision = offered[0]
    assert decision.action == {"pass": "1m"} and decision.missed_win
    assert decision.furiten == "temporary" and decision.tenpai


def test_a_ron_taken_is_a_win_decision() -> None:
    hands = [FILLER[0], READY, FILLER[2], FILLER[3]]
    events = [*turns((0, "5z"), (1, "9p"), (2, "1m")), Win(1, 2)]
    decision = next(d for d in _review(hands, events) if d.seat == 1 and d.offered is not None)
    assert decision.action == {"win": "ron"} and not decision.missed_win
    dealer_in = [d for d in _review(hands, events) if d.seat == 2 and d.is_discard][-1]
    assert dealer_in.dealt_in and not dealer_in.tenpai


def test_riichi_while_furiten_is_counted() -> None:
    """Seat 1 throws 4m (one of its waits) and later declares riichi: furiten riichi."""
    hands = [FILLER[0], READY, FILLER[2], FILLER[3]]
    events = [*turns((0, "5z"), (1, "4m"), (2, "7z"), (3, "7z"), (0, "6z"))]
    events += [Draw(1, T("9s")), Discard(1, T("9s"), tsumogiri=True, riichi=True)]
    events += [RiichiAccepted(1)]
    from agari.game.logs import GameLog, LogRules

    log = GameLog("test", None, None, ("A", "B", "C", "D"), LogRules(4, "tenhou"), None,
                  (made_round(hands, events),))  # fmt: skip
    review = review_game(log, Rules.preset("tenhou"), "test")
    assert review.players[1].riichi_while_furiten == 1


#: Seat 1 (South): 24m 456p 789s 111z 22z, ready on 3m alone (a closed wait), with the East
#: triplet a yaku; and a seat 0 that holds no East.
KANCHAN = "24m456p789s11122z"
NO_EAST = "1358m1358p1358s4z"


def _after_riichi(*then: object) -> list[object]:
    """Seat 1 declares riichi with the 9s it draws (accepted); three turns pass; ``then``."""
    events: list[object] = [*turns((0, "5z")), Draw(1, T("9s"))]
    events += [Discard(1, T("9s"), tsumogiri=True, riichi=True), RiichiAccepted(1)]
    return [*events, *turns((2, "7z"), (3, "7z"), (0, "6z")), *then]


def test_after_riichi_the_tile_drawn_is_the_only_discard_and_no_decision() -> None:
    """In riichi seat 1 draws 5m and must let it go (no win, no kan). Out of riichi the 2m
    would be the efficiency-best (45m waits on 3m and 6m: 8 copies, none seen, against the
    kanchan's 4 copies of 3m); in riichi the 5m is the one discard: forced, its figures the
    whole of ``best`` (ready on 3m: 4 copies), the value choice the 5m."""
    events = _after_riichi(Draw(1, T("5m")), Discard(1, T("5m"), tsumogiri=True))
    hands = [NO_EAST, KANCHAN, FILLER[2], FILLER[3]]
    riichi, forced = [d for d in _review(hands, events) if d.seat == 1 and d.is_discard]
    assert riichi.action == {"discard": "9s", "riichi": True} and not riichi.forced
    assert forced.forced and forced.action == {"discard": "5m", "riichi": False}
    assert [(str(f.tile), f.shanten, f.count) for f in forced.best] == [("5m", 0, 4)]
    assert forced.chosen == forced.best[0] and forced.matches_best
    assert forced.value_best == "5m" and forced.to_json("g")["forced"] is True
    assert "forced" not in riichi.to_json("g")
    # the same hand out of riichi: the 2m is best, the 5m costs 4 tiles of acceptance
    free = [*turns((0, "5z")), Draw(1, T("5m")), Discard(1, T("5m"), tsumogiri=True)]
    decision = next(d for d in _review(hands, free) if d.seat == 1 and d.is_discard)
    assert not decision.forced and [str(f.tile) for f in decision.best] == ["2m"]
    assert (decision.best[0].count, decision.acceptance_lost) == (8, 4)


@pytest.mark.parametrize(
    ("drawn", "forced"),
    [
        ("1z", False),  # a closed kan of the four East to weigh
        ("3m", False),  # the win on the 3m let go
        ("4z", True),  # a North: four players set none aside
        ("7p", True),
    ],
)
def test_a_tile_drawn_in_riichi_with_a_kan_or_a_win_to_weigh_is_a_decision(
    drawn: str, forced: bool
) -> None:
    events = _after_riichi(Draw(1, T(drawn)), Discard(1, T(drawn), tsumogiri=True))
    hands = [NO_EAST, KANCHAN, FILLER[2], FILLER[3]]
    last = [d for d in _review(hands, events) if d.seat == 1 and d.is_discard][-1]
    assert last.forced == forced
    assert last.missed_win == (drawn == "3m")
    assert [str(f.tile) for f in last.best] == [drawn]  # still the one discard


def test_a_tsumo_in_riichi_is_a_decision() -> None:
    events = _after_riichi(Draw(1, T("3m")), Win(1, 1))
    hands = [NO_EAST, KANCHAN, FILLER[2], FILLER[3]]
    win = [d for d in _review(hands, events) if d.seat == 1][-1]
    assert win.action == {"win": "tsumo"} and not win.forced and not win.missed_win


def test_a_north_drawn_in_riichi_with_three_players_may_be_set_aside() -> None:
    """With three players a North drawn in riichi may be declared as kita: a decision."""
    hands = ["1999m1358p1358s4z", "24p456p789s11122z", "2469p2469s2467p7z"]
    events: list[object] = [Draw(0, T("5z")), Discard(0, T("5z"), tsumogiri=True)]
    events += [Draw(1, T("9s")), Discard(1, T("9s"), tsumogiri=True, riichi=True)]
    events += [RiichiAccepted(1), Draw(2, T("6z")), Discard(2, T("6z"), tsumogiri=True)]
    events += [Draw(0, T("7z")), Discard(0, T("7z"), tsumogiri=True)]
    rules = Rules.preset("tenhou-sanma")
    for drawn, forced in (("4z", False), ("6z", True)):
        then = [Draw(1, T(drawn)), Discard(1, T(drawn), tsumogiri=True)]
        round_log = replace(made_round(hands, [*events, *then]), scores=(35000,) * 3)
        last = [d for d in review_round(round_log, rules) if d.seat == 1 and d.is_discard][-1]
        assert last.forced == forced, drawn


def test_a_forced_discard_is_no_decision_of_the_summary_but_its_deal_in_counts() -> None:
    from agari.play.summary import PlayerSummary

    events = _after_riichi(Draw(1, T("5m")), Discard(1, T("5m"), tsumogiri=True))
    hands = [NO_EAST, KANCHAN, FILLER[2], FILLER[3]]
    own = [d for d in _review(hands, events) if d.seat == 1]
    summary = PlayerSummary(seat=1, name="B")
    for decision in own[:-1]:
        summary.add(decision)
    summary.add(replace(own[-1], dealt_in=True))
    assert own[-1].forced and (summary.decisions, summary.discards) == (1, 1)
    assert (summary.deal_ins_ready, summary.deal_ins_not_ready) == (1, 0)


def test_a_pon_offer_is_a_decision() -> None:
    """Seat 2 holds 77z; seat 0 throws 7z: seat 2 could pon it and passes."""
    hands = [FILLER[0], FILLER[1], FILLER[2], FILLER[3]]
    events = turns((0, "7z"), (1, "6z"))
    offers = [d for d in _review(hands, events) if d.offered == T("7z")]
    assert [(d.seat, d.action) for d in offers] == [(2, {"pass": "7z"})]
    events = [Draw(0, T("7z")), Discard(0, T("7z"), tsumogiri=True)]
    events += [Call(2, "pon", (T("7z"),) * 3, T("7z"), 0), Discard(2, T("2m"))]
    offers = [d for d in _review(hands, events) if d.offered == T("7z")]
    assert offers[0].action == {"call": "pon", "tiles": "7z 7z 7z"}


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(range(136)), min_size=13, max_size=13, unique=True))
def test_the_calls_offered_are_those_the_hand_can_make(picks: list[int]) -> None:
    """A seat may pon a kind it holds twice, kan it held three times, and chi a number tile
    (the seat after the discarder only) that makes a sequence of one suit with two kinds it
    holds -- counted here from the tiles, by each sequence: every kind offered to the next
    seat and to the one across."""
    held = [0] * 34
    for pick in picks:
        held[pick // 4] += 1
    hand = format_tiles([PLAIN_TILES[pick // 4] for pick in picks])
    for after in (1, 2):
        hands = [hand if seat == after else FILLER[seat] for seat in range(4)]
        state = _Round(made_round(hands, []), Rules.preset("tenhou"))
        for kind in range(34):
            first = kind - kind % 9
            runs = [
                range(low, low + 3) for low in range(max(first, kind - 2), min(kind, first + 6) + 1)
            ]
            chi = (
                after == 1
                and kind < 27
                and any(all(held[k] for k in run if k != kind) for run in runs)
            )
            want = ("pon",) * (held[kind] >= 2) + ("kan",) * (held[kind] >= 3) + ("chi",) * chi
            calls = _calls(state.follower.table.seats[after], kind, after, 0, 4)
            assert calls == want, (hand, kind)


# --------------------------------------------------------------------------- a real game


def test_a_real_game_reviewed() -> None:
    """2022010415gm-00a9 (fixtures): every decision has SPEC §8's keys; every discard
    decision has its best and chosen figures; the deal-ins counted are the rons of the
    game (the mjlog's AGARI tags whose fromWho is not who: 5)."""
    log = read_log(GAME)
    review = review_game(log, log_rules(log), GAME.name)
    records = review.records()
    decisions = [r for r in records if r["kind"] == "decision"]
    assert decisions and all(set(r) >= SPEC_KEYS for r in decisions)
    discards = [d for d in review.decisions if d.is_discard]
    assert all(d.best and d.chosen is not None for d in discards)
    # the chosen figures are the discard made's, among the best exactly when as good
    assert all(
        d.chosen is not None and d.chosen.kind == Tile.parse(d.action["discard"]).kind
        for d in discards
    )
    assert all((d.chosen in d.best) == d.matches_best for d in discards)
    assert any(not d.matches_best for d in discards) and any(d.matches_best for d in discards)
    rons = {
        (r.index, w.from_seat)
        for r in log.rounds
        for w in (e for e in r.events if isinstance(e, Win))
        if w.seat != w.from_seat
    }
    assert len(rons) == 5
    dealt = sum(p.deal_ins_ready + p.deal_ins_not_ready for p in review.players)
    assert dealt == len(rons)
    summaries = [r for r in records if r["kind"] == "summary"]
    assert [s["name"] for s in summaries] == ["player A", "player B", "player C", "player D"]


def test_the_facts_after_a_discard_are_the_followers_own() -> None:
    """The review hands the follower a discard's figures as the facts of the hand it leaves
    (shanten, waits) instead of having them worked out again: on a real game, every
    discard decision's furiten, readiness and waits after are those the follower finds
    by itself (:func:`agari.play.follow.follow_round`)."""
    log = read_log(GAME)
    rules = log_rules(log)
    for round_log in log.rounds:
        own = {
            at: (
                follower.facts[event.seat].furiten,
                follower.facts[event.seat].tenpai,
                follower.facts[event.seat].waits,
            )
            for at, event, follower in follow_round(round_log, rules)
            if isinstance(event, Discard)
        }
        discards = [d for d in review_round(round_log, rules) if d.is_discard]
        assert len(discards) == len(own)
        assert [(d.furiten, d.tenpai, d.waits) for d in discards] == list(own.values())


# --------------------------------------------------------------------------- the command


def _agari(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agari", "review", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_the_command_text_json_and_html(tmp_path: Path) -> None:
    done = _agari(str(GAME))
    assert done.returncode == 0, done.stderr
    assert "player A:" in done.stdout and "efficiency-best" in done.stdout
    assert "costliest decisions:" in done.stdout
    as_json = _agari(str(GAME), "--json", "--player", "player B")
    records = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert {r["seat"] for r in records} == {1}
    assert records[-1]["kind"] == "summary" and records[-1]["name"] == "player B"
    page = tmp_path / "review.html"
    done = _agari(str(GAME), "--html", str(page))
    assert done.returncode == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and 'class="tile off' in text
    assert "http" not in text.replace("http://www.w3.org/", "")  # nothing from outside


def test_the_command_refuses_what_it_cannot_review(tmp_path: Path) -> None:
    sheet = tmp_path / "club.txt"
    sheet.write_text("players: A B C D\nE1 A tsumo 234m567p23455s78s+6s\n", encoding="utf-8")
    done = _agari(str(sheet))
    assert done.returncode == 1 and "game sheet" in done.stderr
    assert "Traceback" not in done.stderr
    cut = tmp_path / "cut.xml"
    data = GAME.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    done = _agari(str(cut))
    assert done.returncode == 1 and "player A:" in done.stdout
    assert _agari(str(GAME), "--top", "-1").returncode == 2
    assert _agari("--rules", "nonsense", str(GAME)).returncode == 2


# --------------------------------------------------------------------------- the page


def test_the_page_reviews_a_log_and_the_api_gives_its_records() -> None:
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    pytest.importorskip("starlette", reason="the web extra is not installed")
    import warnings

    with warnings.catch_warnings():  # Starlette 1.x suggests httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from agari.web.app import create_app

    client = TestClient(create_app())
    body = GAME.read_bytes()
    part = client.post("/part/review?name=game.xml", content=body)
    assert part.status_code == 200
    assert 'class="tile' in part.text and "player A" in part.text and "<defs>" in part.text
    api = client.post("/api/review?name=game.xml", content=body)
    assert api.status_code == 200 and api.headers["content-type"].startswith("application/x-ndjson")
    records = [json.loads(line) for line in api.text.splitlines()]
    assert records[0]["kind"] == "decision" and set(records[0]) >= SPEC_KEYS
    sheet = b"players: A B C D\nE1 A tsumo 234m567p23455s78s+6s\n"
    refused = client.post("/part/review?name=club.txt", content=sheet)
    assert refused.status_code == 200 and "holds the results only" in refused.text
    assert client.post("/api/review?name=club.txt", content=sheet).status_code == 400
    # the page's form without its script
    form = client.post("/game", data={"game": body.decode(), "action": "review"})
    assert form.status_code == 200 and 'class="tile' in form.text


@pytest.mark.parametrize("native", [True, False])
def test_the_memo_of_hands_forgotten_gives_the_same_figures(
    native: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``forget_hands`` (a benchmark's fresh pass) empties the memo; the figures made again
    are the same, in C (where the C core is built) and in Python. 123m 456p 789s 1z 1z 5z
    5z + 9m: ready on 1z and 5z before the 9m; out with the 9m it stays ready (shanten 0),
    the 9m the only such discard of one kind. (The C core keeps its own memo, which
    ``forget_hands`` empties too.)"""
    from agari.analysis import efficiency

    if native and not efficiency.NATIVE:
        pytest.skip("the C core was not built")
    monkeypatch.setattr(efficiency, "NATIVE", native)
    closed = [0] * 34
    for kind in (0, 1, 2, 8, 12, 13, 14, 24, 25, 26, 27, 27, 31, 31):
        closed[kind] += 1
    efficiency.forget_hands()
    first, before = efficiency.discard_figures(closed, 0, list(closed), list(closed))
    assert native or (efficiency._SHANTEN and efficiency._IMPROVING)
    efficiency.forget_hands()
    assert not efficiency._SHANTEN and not efficiency._IMPROVING
    again = efficiency.discard_figures(closed, 0, list(closed), list(closed))
    assert again == (first, before)
    assert before == 0 and first[0].kind == 8 and first[0].shanten == 0
    assert first[0].kinds == (27, 31)


@pure_only
def test_the_review_in_python_is_the_review_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every build computes the figures in C where the C core could be built, in Python
    where it could not: the two give every record of a real game's review alike (a
    four-player mjlog with calls, riichi and rons, and a three-player one)."""
    from agari.analysis import efficiency

    if not efficiency.NATIVE:
        pytest.skip("the C core was not built: nothing to compare")
    games = (GAME, ROOT / "fixtures" / "logs" / "mjlog" / "2009030612gm-00b9-0000-8753731c.xml")
    for path in games:
        log = read_log(path)
        efficiency.forget_hands()
        in_c = review_game(log, log_rules(log), path.name).records()
        monkeypatch.setattr(efficiency, "NATIVE", False)
        efficiency.forget_hands()
        in_python = review_game(log, log_rules(log), path.name).records()
        monkeypatch.setattr(efficiency, "NATIVE", True)
        assert len(in_c) > 300 and in_python == in_c


@pure_only
@pytest.mark.parametrize(
    "switches", [{}, {"fu_rounding": "fives"}, {"pinfu_tsumo": "off", "open_pinfu_fu": "20"}]
)
def test_valuing_tsumo_alone_changes_no_record(
    switches: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review values a ready hand's wins by tsumo alone where ``tsumo_covers_ron``; a
    real game reviewed so and reviewed with every ron valued too gives the same records.
    Under ``fu_rounding=fives`` this game has a ready discard whose best win is an open ron
    raised to 30 fu, worth more than its tsumo, whose fu round down (the review valued it
    by tsumo alone before ``tsumo_covers_ron`` asked for fu rounded to tens)."""
    from agari.play import review

    path = ROOT / "fixtures" / "logs" / "tenhou6" / "tenhou_2010081709gm-00a9-0000-fe3371ad.jsonl"
    log = read_log(path)
    rules = log_rules(log).with_overrides(switches)
    as_reviewed = review_game(log, rules, path.name).records()
    monkeypatch.setattr(review, "tsumo_covers_ron", lambda rules: False)
    with_rons = review_game(log, rules, path.name).records()
    assert len(as_reviewed) > 300 and as_reviewed == with_rons


def test_a_log_damaged_in_its_play_is_reviewed_up_to_the_damage(tmp_path: Path) -> None:
    """An mjai log (its reader does not follow the hands) whose second round has a discard
    of a tile the seat does not hold: the replay stops there. ``agari review`` reviews the
    first round whole and the second up to the damage -- the same records as the sound
    log's, in the same order -- names the damage and exits 1, with no traceback (it once
    raised the table's error)."""
    good = ROOT / "fixtures" / "logs" / "mjai" / "2009030612gm-00b9-0000-8753731c.mjson"
    lines = good.read_text(encoding="utf-8").splitlines()
    second = [i for i, line in enumerate(lines) if '"start_kyoku"' in line][1]
    discards = [i for i, line in enumerate(lines) if i > second and '"dahai"' in line]
    at = discards[6]  # the seventh discard of the second round
    # the kinds that seat does not hold then: the round followed up to that discard (each
    # mjai dahai is one Discard event)
    log = read_log(good.read_bytes(), game="good.mjson")
    event = json.loads(lines[at])
    follower = Follower(log.rounds[1], log_rules(log))
    seen_discards = 0
    for played in log.rounds[1].events:
        if isinstance(played, Discard):
            if seen_discards == 6:
                assert played.seat == event["actor"]
                break
            seen_discards += 1
        follower.apply(played)
    table = follower.table
    held = {code >> 1 for code in table.seats[event["actor"]].codes}
    absent = next(k for k in range(27, 34) if k not in held)
    lines[at] = json.dumps({**event, "pai": "ESWNPFC"[absent - 27], "tsumogiri": False})
    bad = tmp_path / "bad.mjson"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def decisions(path: Path) -> list[dict[str, object]]:
        done = subprocess.run(
            [sys.executable, "-m", "agari", "review", "--json", str(path)],
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
            check=False,
        )
        assert "Traceback" not in done.stderr
        records = [json.loads(line) for line in done.stdout.splitlines()]
        return [{**r, "game": None} for r in records if r["kind"] == "decision"]

    whole, cut = decisions(good), decisions(bad)
    assert cut == whole[: len(cut)]
    first = (whole[0]["round"], whole[0]["honba"])
    assert [(r["round"], r["honba"]) for r in cut].count(first) == [
        (r["round"], r["honba"]) for r in whole
    ].count(first)
    later = [r for r in cut if (r["round"], r["honba"]) != first]
    assert later and len(cut) < len(whole)
    done = subprocess.run(
        [sys.executable, "-m", "agari", "review", str(bad)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 1 and "(#2), event " in done.stderr
    assert "which is not in its hand" in done.stderr
