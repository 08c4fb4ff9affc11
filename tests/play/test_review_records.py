"""The review's records and counts (SPEC §8): what a decision's JSON object says, the
summary as the sum of its decisions, the turns, the own kans and kita with the offers they
make, the seat's winds in a win let pass, a damaged round. Expected values are worked out
from the tiles (written out beside each check) or recounted from the decisions by the test's
own plain loop."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from agari.analysis.efficiency import DiscardFigures
from agari.game.log_rules import log_rules
from agari.game.logs import Call, Discard, Draw, RiichiAccepted, RoundLog, Win, read_log
from agari.play.follow import Follower
from agari.play.review import review_round
from agari.play.summary import GameReview, review_game
from agari.rules import Rules
from agari.tiles import PLAIN_TILES, Tile
from tests.conftest import READY, made_round, turns

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "logs"
#: Whole games of each format with riichi, calls, kans, wins and deal-ins among them.
GAMES = (
    LOGS / "mjlog" / "2022010415gm-00a9-0000-9bfd3aa2.xml",
    LOGS / "mjai" / "2009030612gm-00b9-0000-8753731c.mjson",  # three players
    LOGS / "majsoul" / "mahjongsoul_210815-6da08e40-2605-42fb-a5e3-f8aa5940362a.json",
)
T = Tile.parse
TENHOU = Rules.preset("tenhou")
#: Hands far from ready that hold none of the tiles the tests below move.
FAR = ("1358m1358p1358s1z", "2469m2469p2469s2z", "2469m2469p246s77z", "2468m2468p2468s3z")


def _reviewed(path: Path) -> GameReview:
    """``path`` reviewed under the name its log gives its game (else the file's)."""
    log = read_log(path)
    return review_game(log, log_rules(log), log.game_id or path.name)


# --------------------------------------------------------------------------- the records


def _figures(figures: DiscardFigures) -> dict[str, object]:
    """SPEC §8's figures of a discard, written from the object's attributes."""
    return {
        "discard": str(figures.tile),
        "shanten": figures.shanten,
        "acceptance": {"kinds": len(figures.kinds), "count": figures.count},
    }


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_every_record_says_what_its_decision_holds(path: Path) -> None:
    """Each decision's JSON object, key by key (SPEC §8), against the decision it is made
    from; the summaries follow in seat order."""
    review = _reviewed(path)
    records = review.records()
    assert len(records) == len(review.decisions) + len(review.players)
    for decision, record in zip(review.decisions, records, strict=False):
        want: dict[str, object] = {
            "kind": "decision",
            "game": review.name,
            "index": decision.index,
            "round": decision.round,
            "honba": decision.honba,
            "seat": decision.seat,
            "turn": decision.turn,
            "hand": decision.hand,
            "action": decision.action,
            "shanten": decision.shanten,
            "shanten_after": decision.shanten_after,
            "seen": {str(PLAIN_TILES[k]): n for k, n in enumerate(decision.seen) if n > 0},
            "best": [_figures(f) for f in decision.best],
            "chosen": None if decision.chosen is None else _figures(decision.chosen),
            "furiten": decision.furiten,
            "tenpai": decision.tenpai,
            "waits": [str(PLAIN_TILES[k]) for k in decision.waits],
            "missed_win": decision.missed_win,
        }
        if decision.drawn is not None:
            want["drawn"] = str(decision.drawn)
        if decision.offered is not None:
            want["offered"] = str(decision.offered)
        if decision.value_best is not None:
            want["value_best"] = decision.value_best
        if decision.forced:
            want["forced"] = True
        assert record == want
    # where each decision is, from the log's rounds; offers are never forced; a hand not
    # ready after the best discard has no value-aware choice
    rounds = review.log.rounds
    for decision in review.decisions:
        where = rounds[decision.index]
        assert (decision.round, decision.honba) == (where.name, where.honba)
        assert decision.offered is None or not decision.forced
        # its draws so far (a call or an offer may come before the seat's first draw)
        assert decision.turn >= (decision.drawn is not None)
        if decision.best and decision.best[0].shanten > 0:
            assert decision.value_best is None
    assert any(r.honba > 0 for r in rounds)
    summaries = records[len(review.decisions) :]
    seats = range(review.rules.players)
    assert [(s["kind"], s["seat"]) for s in summaries] == [("summary", s) for s in seats]
    # what the records show: the round names, a hand each, every kind of decision
    assert {r["round"] for r in records[: len(review.decisions)]} >= {"E1", "E2"}
    assert all(isinstance(d.hand, str) and d.hand for d in review.decisions)
    kinds = {next(iter(d.action)) for d in review.decisions}
    assert kinds >= {"discard", "pass", "win"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_the_summary_is_the_sum_of_its_decisions(path: Path) -> None:
    """Each player's figures recounted from the game's decisions by a plain loop: the
    decisions (a forced one not among them), the discards, those as good as the best, the
    shanten and acceptance lost, the wins left, riichi while furiten, the deal-ins ready
    and not; the JSON summary holds the same."""
    review = _reviewed(path)
    for player in review.players:
        mine = [d for d in review.decisions if d.seat == player.seat]
        chosen = [d for d in mine if not d.forced]
        discards = [d for d in chosen if "discard" in d.action]
        best = lost_shanten = lost_acceptance = furiten_riichi = 0
        for d in discards:
            assert d.chosen is not None and d.best
            shanten = d.chosen.shanten - d.best[0].shanten
            acceptance = 0 if shanten else d.best[0].count - d.chosen.count
            lost_shanten += shanten
            lost_acceptance += acceptance
            best += shanten == 0 and acceptance == 0
            furiten_riichi += d.action["riichi"] is True and d.furiten is not None
        dealt = [d for d in mine if d.dealt_in]
        want = {
            "kind": "summary",
            "game": review.name,
            "seat": player.seat,
            "name": player.name,
            "decisions": len(chosen),
            "discards": len(discards),
            "best_share": round(best / len(discards), 4),
            "shanten_lost": lost_shanten,
            "acceptance_lost": lost_acceptance,
            "missed_wins": sum(d.missed_win for d in chosen),
            "riichi_while_furiten": furiten_riichi,
            "deal_ins_ready": sum(d.tenpai for d in dealt),
            "deal_ins_not_ready": sum(not d.tenpai for d in dealt),
        }
        assert player.to_json(review.name) == want
    # figures that are there to be counted
    assert all(0 < p.best_discards < p.discards for p in review.players)
    assert sum(p.shanten_lost for p in review.players) > 0
    assert sum(p.acceptance_lost for p in review.players) > 0
    assert sum(p.deal_ins_ready + p.deal_ins_not_ready for p in review.players) > 0


def test_the_games_recounted_hold_wins_left_and_forced_discards() -> None:
    """The recount above meets every count: among its games, wins let pass and tiles drawn
    in riichi that had to go (a riichi while furiten is counted in test_review.py)."""
    reviews = [_reviewed(path) for path in GAMES]
    assert sum(p.missed_wins for r in reviews for p in r.players) > 0
    assert sum(d.forced for r in reviews for d in r.decisions) > 0


def test_the_review_of_some_players_keeps_theirs_alone() -> None:
    review = _reviewed(GAMES[0])
    two = review.only({1, 3})
    assert two.decisions == tuple(d for d in review.decisions if d.seat in (1, 3))
    assert [p.seat for p in two.players] == [1, 3]
    assert two.players[0] is review.players[1]
    assert (two.name, two.log, two.rules) == (review.name, review.log, review.rules)


def test_a_game_id_beside_the_file_name_labels_the_records() -> None:
    """A Tenhou log names its game: the records' ``game`` is the file name with that id."""
    log = read_log(GAMES[0])
    review = review_game(log, log_rules(log), "mine.xml")
    assert log.game_id and log.game_id != "mine.xml"
    assert {r["game"] for r in review.records()} == {f"mine.xml ({log.game_id})"}
    same = review_game(log, log_rules(log), log.game_id)
    assert {r["game"] for r in same.records()} == {log.game_id}


# --------------------------------------------------------------------------- turns and offers


def test_a_seats_turns_are_counted_by_its_draws() -> None:
    """Three go-rounds of tsumogiri: each seat's discards are its turns 1, 2 and 3."""
    moves = [(seat, tile) for tile in ("5z", "6z", "7z") for seat in range(4)]
    hands = [FAR[0], FAR[1], "1357m1357p1357s4z", FAR[3]]
    decisions = review_round(made_round(hands, turns(*moves)), TENHOU)
    own = [(d.seat, d.turn) for d in decisions if d.is_discard]
    assert own == [(seat, turn) for turn in (1, 2, 3) for seat in range(4)]


def _kans() -> tuple[list[str], list[object]]:
    """Seat 0 (11m 358m 1358p 1358s) pons the 1m seat 3 throws, and when it draws the last
    1m adds it to the pon. Seat 1 (READY) is ready on 1m and 4m: it lets seat 3's 1m pass
    (temporary furiten, ended by its next discard), and the added 1m may be robbed."""
    hands = ["11m358m1358p1358s", READY, FAR[2], FAR[3]]
    events = turns((0, "6z"), (1, "9p"), (2, "5z"))
    events += [Draw(3, T("1m")), Discard(3, T("1m"), tsumogiri=True)]
    events += [Call(0, "pon", (T("1m"),) * 3, T("1m"), 3), Discard(0, T("8s"))]
    events += turns((1, "9s"), (2, "6z"), (3, "4z"))
    events += [Draw(0, T("1m")), Call(0, "kakan", (T("1m"),) * 4, T("1m"), 3, T("1m"))]
    return hands, events


def test_a_pon_and_an_added_kan_are_decisions_and_the_kan_offers_its_tile_to_rob() -> None:
    hands, events = _kans()
    decisions = review_round(made_round(hands, events), TENHOU)
    first = [d for d in decisions if d.offered == T("1m")]
    # seat 3's 1m: seat 0 pons it; seat 1 could win on it (East triplet) and lets it pass
    assert [(d.seat, d.action) for d in first[:2]] == [
        (0, {"call": "pon", "tiles": "1m 1m 1m"}),
        (1, {"pass": "1m"}),
    ]
    assert first[1].missed_win and first[1].furiten == "temporary"
    assert first[0].shanten_after == first[0].shanten  # a call: its shanten is the offer's
    kan = [d for d in decisions if d.seat == 0 and d.action.get("call") == "kan"]
    assert len(kan) == 1 and kan[0].drawn == T("1m") and kan[0].turn == 2
    # the added 1m: seat 1 (no longer furiten) could rob it, and no seat may call it
    robbed = first[2:]
    assert [(d.seat, d.action, d.missed_win) for d in robbed] == [(1, {"pass": "1m"}, True)]
    assert robbed[0].furiten == "temporary" and robbed[0].shanten == 0
    assert not kan[0].dealt_in


def test_a_win_on_an_added_kan_is_a_ron_taken() -> None:
    hands, events = _kans()
    round_log = made_round(hands, [*events, Win(1, 0)])
    robbed = [d for d in review_round(round_log, TENHOU) if d.offered == T("1m")][-1]
    assert robbed.action == {"win": "ron"} and not robbed.missed_win
    assert robbed.shanten_after == -1 and robbed.furiten is None
    kan = [d for d in review_round(round_log, TENHOU) if d.action.get("call") == "kan"]
    assert [(d.seat, d.dealt_in) for d in kan] == [(0, True)]  # the kan was won on


def test_a_closed_kan_is_a_decision() -> None:
    """Seat 1 holds the East triplet and draws the fourth: it declares the closed kan, draws
    its replacement and throws it."""
    hands = [FAR[0].replace("1z", "5z"), READY, FAR[2], FAR[3]]
    events = [*turns((0, "6z")), Draw(1, T("1z"))]
    events += [Call(1, "ankan", (T("1z"),) * 4), Draw(1, T("9m"), replacement=True)]
    events += [Discard(1, T("9m"), tsumogiri=True)]
    own = [d for d in review_round(made_round(hands, events), TENHOU) if d.seat == 1]
    assert [d.action for d in own] == [
        {"call": "kan", "tiles": "1z 1z 1z 1z"},
        {"discard": "9m", "riichi": False},
    ]
    assert own[0].drawn == T("1z") and (own[0].turn, own[1].turn) == (1, 2)  # two draws
    assert own[0].best and own[0].chosen is None  # no discard made: figures beside it
    assert own[1].tenpai and own[1].waits == (0, 3)  # 1m and 4m, still


def test_an_open_kan_taken_is_named_kan() -> None:
    """Seat 2 holds three 7z and takes seat 1's 7z as an open kan."""
    hands = [FAR[0], "1357m1357p1357s4z", "2469m2469p24s777z", FAR[3]]
    events = [*turns((0, "5z")), Draw(1, T("7z")), Discard(1, T("7z"), tsumogiri=True)]
    events += [Call(2, "daiminkan", (T("7z"),) * 4, T("7z"), 1)]
    offers = [d for d in review_round(made_round(hands, events), TENHOU) if d.offered]
    assert [(d.seat, d.action) for d in offers] == [(2, {"call": "kan", "tiles": "7z 7z 7z 7z"})]


def test_a_kita_is_a_decision_and_its_north_may_be_robbed() -> None:
    """Three players: seat 0 sets aside the North it draws. Seat 1, waiting on the 4z alone
    (123p 789p 111z 999s 4z, the East triplet a yaku), could rob it, lets it pass and is
    furiten after; seat 2 holds two 4z but may not pon a North set aside."""
    rules = Rules.preset("tenhou-sanma")
    hands = ["19m1258p1258s355z", "123p789p111z999s4z", "19m2469p2468s44z6z"]
    events = [Draw(0, T("4z")), Call(0, "kita", (T("4z"),))]
    events += [Draw(0, T("6z"), replacement=True), Discard(0, T("6z"), tsumogiri=True)]
    round_log = replace(made_round(hands, events), scores=(35000,) * 3)
    decisions = review_round(round_log, rules)
    assert [(d.seat, d.action) for d in decisions[:2]] == [
        (0, {"call": "kita", "tiles": "4z"}),
        (1, {"pass": "4z"}),
    ]
    assert decisions[1].offered == T("4z") and decisions[1].missed_win
    assert decisions[1].furiten == "temporary"
    assert not decisions[0].dealt_in
    # the 6z thrown after: seat 2 holds one, seat 1 none; no offer
    assert [d.seat for d in decisions[2:]] == [0]


@pytest.mark.parametrize(("dealer", "missed"), [(1, True), (3, False)])
def test_a_win_let_pass_needs_a_yaku_of_the_seats_own_wind(dealer: int, missed: bool) -> None:
    """Seat 3 waits on 1m or 4m with a West triplet as its only yaku (East round). With
    seat 1 the dealer, seat 3 sits West: the 1m it lets pass is a win missed; with seat 3
    the dealer it sits East and the West triplet is no yaku: nothing was missed."""
    hands = [FAR[0].replace("1z", "5z"), FAR[1], FAR[2], "23m456p789s33344z"]
    round_log = replace(made_round(hands, turns((1, "1m"))), dealer=dealer)
    offered = [d for d in review_round(round_log, TENHOU) if d.seat == 3 and d.offered]
    assert len(offered) == missed
    assert all(d.missed_win and d.action == {"pass": "1m"} for d in offered)


def test_a_riichi_hands_one_discard_counts_the_copies_in_sight() -> None:
    """Seat 1 (24m 456p 789s 111z 22z, the kanchan on 3m) declares riichi; a 3m lies in
    seat 2's river; the 5m it draws is its one discard, whose acceptance is the 3m's three
    unseen copies."""
    hands = ["1358m1358p1358s4z", "24m456p789s11122z", FAR[2], "1257m1357p1357s3z"]
    events: list[object] = [*turns((0, "5z")), Draw(1, T("9s"))]
    events += [Discard(1, T("9s"), tsumogiri=True, riichi=True), RiichiAccepted(1)]
    events += turns((2, "3m"), (3, "7z"), (0, "6z"))
    events += [Draw(1, T("5m")), Discard(1, T("5m"), tsumogiri=True)]
    last = [d for d in review_round(made_round(hands, events), TENHOU) if d.seat == 1][-1]
    assert last.forced and last.chosen is not None
    assert (last.chosen.kinds, last.chosen.count) == ((2,), 3)
    assert last.shanten == 0 and last.furiten == "riichi"


# --------------------------------------------------------------------------- damage


def test_a_round_with_a_fifth_copy_is_reviewed_up_to_the_draw_that_shows_it() -> None:
    """Three 7z are dealt (seat 2: two, seat 3: one); seat 1 draws the fourth and seat 2 a
    fifth (event 4): the decisions before that draw are those of the same round with seat
    2 drawing a 6z instead, and none come after it. Five copies dealt: nothing to review."""
    hands = [FAR[0], FAR[1], FAR[2], "1357m1357p1357s7z"]
    sound = made_round(hands, turns((0, "5z"), (1, "7z"), (2, "6z"), (3, "6z")))
    damaged = made_round(hands, turns((0, "5z"), (1, "7z"), (2, "7z"), (3, "6z")))
    whole = review_round(sound, TENHOU)
    cut = review_round(damaged, TENHOU, source="mjai")  # a reader that does not count
    assert [(d.seat, next(iter(d.action))) for d in cut] == [
        (0, "discard"),
        (1, "discard"),
        (2, "pass"),
    ]
    assert [d.to_json("g") for d in cut] == [d.to_json("g") for d in whole[: len(cut)]]
    assert len(whole) > len(cut)
    dealt = made_round([FAR[0], FAR[1], FAR[2], "1357m1357p13s777z"], [])
    assert review_round(dealt, TENHOU) == []


# --------------------------------------------------------------------------- more offers


def test_the_seat_after_the_discarder_is_offered_a_chi() -> None:
    """Seat 0 holds 23m and sits after seat 3 (the seats go round: 3, then 0): seat 3's 1m
    and 4m are each a chi for it; seat 1, across, holds 23m too and is offered no chi of
    seat 3's tiles (only a pon of the 6z seat 0 throws: it holds two)."""
    hands = ["2358m1358p1358s1z", "23m4679p1358s2z66z", FAR[2], FAR[3].replace("3z", "7z")]
    events = [*turns((0, "9m"), (1, "9m"), (2, "9p")), Draw(3, T("1m"))]
    events += [Discard(3, T("1m"), tsumogiri=True), *turns((0, "6z"), (1, "9s"), (2, "9m"))]
    events += [Draw(3, T("4m")), Discard(3, T("4m"), tsumogiri=True)]
    offers = [d for d in review_round(made_round(hands, events), TENHOU) if d.offered]
    assert [(d.seat, str(d.offered), d.action) for d in offers] == [
        (0, "1m", {"pass": "1m"}),
        (1, "6z", {"pass": "6z"}),
        (0, "4m", {"pass": "4m"}),
    ]


def test_a_furiten_seat_let_its_winning_tile_pass_missed_nothing() -> None:
    """Seat 1 throws the 4m, one of its waits: furiten on the discard, so seat 2's 1m is
    no win for it (and no call): no decision."""
    hands = [FAR[0], READY, FAR[2], FAR[3]]
    events = [*turns((0, "5z")), Draw(1, T("4m")), Discard(1, T("4m"), tsumogiri=True)]
    events += turns((2, "1m"))
    decisions = review_round(made_round(hands, events), TENHOU)
    assert [d for d in decisions if d.offered == T("1m")] == []
    assert [d.furiten for d in decisions if d.seat == 1] == ["discard"]


def _drawn_out(last: str) -> list[object]:
    """Seventy draws, each thrown at once (seat 0 first): every tile the deal below and the
    indicator 9s leave, in kind order, the two ``last`` kept for draws 69 and 70 (seats 0
    and 1)."""
    dealt = [T(t) for hand in DRAWN_OUT for t in _tiles(hand)]
    left = [k for k in range(34) for _ in range(4)]
    for tile in [*dealt, T("9s")]:
        left.remove(tile.kind)
    kept = T(last).kind
    left.remove(kept)
    left.remove(kept)
    order = [*left[:68], kept, kept]
    return turns(*((i % 4, str(PLAIN_TILES[k])) for i, k in enumerate(order)))


def _tiles(hand: str) -> list[str]:
    from agari.notation import parse_hand

    return [str(t) for t in parse_hand(hand).concealed]


#: Seat 2 holds 77z: it may pon the 7z seat 0 throws from the second-last draw, not the
#: one seat 1 throws from the last (nothing is called from the last tile).
DRAWN_OUT = ("1111m2222p3333s5z", "4444m5555p6666s6z", "7777m8888p111s77z", "9999m1111p2222s3z")


def test_nothing_is_called_from_the_last_tile() -> None:
    round_log = made_round(list(DRAWN_OUT), _drawn_out("7z"))
    decisions = review_round(round_log, TENHOU)
    offers = [d for d in decisions if d.offered == T("7z")]
    assert [(d.seat, d.turn, d.action) for d in offers] == [(2, 17, {"pass": "7z"})]
    # the last discard was made: seat 1's 18th draw emptied the wall
    assert [d.turn for d in decisions if d.seat == 1 and d.is_discard][-1] == 18


# --------------------------------------------------------------------------- value choice


def _open_ready() -> tuple[list[str], list[object]]:
    """Seat 1 chis seat 0's 1m with its 23m and throws the 1z: 456p 789s 99m 45s, ready on
    3s or 6s with no yaku (open; the 9m pair and 789s rule out tanyao)."""
    hands = [FAR[0], "23m99m456p45789s1z", FAR[2], FAR[3]]
    events: list[object] = [Draw(0, T("7z")), Discard(0, T("1m"))]
    events += [Call(1, "chi", (T("1m"), T("2m"), T("3m")), T("1m"), 0), Discard(1, T("1z"))]
    return hands, events


def test_an_open_hand_ready_without_a_yaku_has_no_value_choice() -> None:
    """Seat 1 (above) draws a 6z: throwing it is the one discard that stays ready, and no
    win of that hand has a yaku; later it draws a 5s: throwing the 4s waits on 5s or 9m
    (shanpon), the 5s on 3s or 6s, and neither has a yaku either."""
    hands, events = _open_ready()
    events += [*turns((2, "5z"), (3, "5z"), (0, "5z"), (1, "6z"))]
    events += [*turns((2, "4z"), (3, "4z"), (0, "4z")), Draw(1, T("5s")), Discard(1, T("5s"))]
    own = [d for d in review_round(made_round(hands, events), TENHOU) if d.seat == 1]
    one, two = own[-2:]
    assert one.action == {"discard": "6z", "riichi": False}
    assert [str(f.tile) for f in one.best] == ["6z"] and one.value_best is None
    assert [str(f.tile) for f in two.best] == ["5s"] and two.value_best is None
    assert two.tenpai and two.waits == (20, 23)


def test_a_tie_in_value_and_tiles_goes_to_the_first_discard_of_the_table() -> None:
    """Seat 1 holds 123456789m 111z 5p and draws 5s: throwing either five leaves a wait on
    the other (ittsu, East, tsumo: the same han, the same fu, three copies unseen of each):
    the 5p comes first in the discard table, and is the value choice."""
    hands = [FAR[0].replace("1z", "5z"), "123456789m111z5p", FAR[2], FAR[3]]
    events = [*turns((0, "6z")), Draw(1, T("5s")), Discard(1, T("5s"))]
    decision = next(d for d in review_round(made_round(hands, events), TENHOU) if d.seat == 1)
    assert [(str(f.tile), f.count) for f in decision.best] == [("5p", 3), ("5s", 3)]
    assert decision.value_best == "5p"


# --------------------------------------------------------------------------- odd rounds


def test_a_riichi_declared_not_ready_weighs_the_tile_drawn_alone() -> None:
    """A log may show a riichi the hand did not support: the tile drawn after it is still
    the one discard, with its own figures (the efficiency table's row of that tile)."""
    from agari.analysis.efficiency import discard_figures
    from agari.play.follow import counts

    hands = [FAR[0], "1357m1357p1357s4z", FAR[2], FAR[3]]
    events = [*turns((0, "5z")), Draw(1, T("9m"))]
    events += [Discard(1, T("9m"), tsumogiri=True, riichi=True), RiichiAccepted(1)]
    events += [*turns((2, "5z"), (3, "5z"), (0, "6z")), Draw(1, T("9p"))]
    round_log = made_round(hands, [*events, Discard(1, T("9p"), tsumogiri=True)])
    last = [d for d in review_round(round_log, TENHOU) if d.seat == 1][-1]
    state = _state_before(made_round(hands, events), TENHOU)
    closed, held = counts(state.table.seats[1])
    rows, before = discard_figures(closed, 0, held, state.table.visible(1), also=T("9p").kind)
    assert [f.tile for f in last.best] == [T("9p")] and last.forced
    assert last.best[0] == next(f for f in rows if f.tile == T("9p"))
    assert last.shanten == before > 0


def _state_before(round_log: RoundLog, rules: Rules) -> Follower:
    """The round followed through all its events (its end aside)."""
    follower = Follower(round_log, rules)
    for event in round_log.events[:-1]:
        follower.apply(event)
    return follower


def test_a_round_whose_play_does_not_fit_the_table_is_reviewed_up_to_it() -> None:
    """Seat 1 throws a 7z it does not hold: the decisions before are kept, in order."""
    hands = [FAR[0], READY, FAR[2], FAR[3]]
    good = turns((0, "5z"))
    bad = [*good, Draw(1, T("9p")), Discard(1, T("7z")), *turns((2, "6z"))]
    kept = review_round(made_round(hands, bad), TENHOU)
    assert kept == review_round(made_round(hands, good), TENHOU)
    assert [d.seat for d in kept] == [0]


# --------------------------------------------------------------------------- the summary


def test_each_riichi_while_furiten_is_counted() -> None:
    """Seat 1 throws the 4m (one of its waits) and then declares riichi, in two rounds."""
    from agari.game.logs import GameLog, LogRules

    hands = [FAR[0], READY, FAR[2], FAR[3]]
    events = [*turns((0, "5z"), (1, "4m"), (2, "7z"), (3, "7z"), (0, "6z"))]
    events += [Draw(1, T("9s")), Discard(1, T("9s"), tsumogiri=True, riichi=True)]
    events += [RiichiAccepted(1)]
    first = made_round(hands, events)
    rounds = (first, replace(first, index=1, number=2, dealer=1))
    log = GameLog("test", None, None, ("A", "B", "C", "D"), LogRules(4, "tenhou"), None, rounds)
    review = review_game(log, TENHOU, "test")
    assert [p.riichi_while_furiten for p in review.players] == [0, 2, 0, 0]
    only_first = review_game(log, TENHOU, "test", rounds=rounds[:1])
    assert {d.index for d in only_first.decisions} == {0}
    assert only_first.players[1].riichi_while_furiten == 1


def test_a_player_without_a_discard_has_no_best_share() -> None:
    from agari.play.summary import PlayerSummary

    record = PlayerSummary(seat=2, name="C").to_json("g")
    assert record["best_share"] is None and record["discards"] == 0


@pytest.mark.parametrize("keep", [5, 2])
def test_the_costliest_discards_are_those_that_lost_the_most(keep: int) -> None:
    """Each player's costliest decisions: the discards that lost something, sorted by the
    shanten lost, then the acceptance lost, then play order, the first ``keep`` (5 unless
    asked)."""
    log = read_log(GAMES[0])
    review = (
        review_game(log, log_rules(log), "g")
        if keep == 5
        else review_game(log, log_rules(log), "g", costliest=keep)
    )
    for player in review.players:
        lost = []
        for d in review.decisions:
            if d.seat != player.seat or d.forced or d.chosen is None or not d.best:
                continue
            shanten = d.chosen.shanten - d.best[0].shanten
            acceptance = 0 if shanten else d.best[0].count - d.chosen.count
            if shanten or acceptance:
                lost.append(((-shanten, -acceptance, d.index, d.turn), d))
        lost.sort(key=lambda pair: pair[0])
        assert len(lost) > keep
        assert player.costliest == [d for _, d in lost[:keep]]
        assert player.costliest[0].shanten_lost >= player.costliest[-1].shanten_lost


def test_the_review_of_a_replay_stops_where_the_replay_stopped(tmp_path: Path) -> None:
    """An mjai log whose second round discards a tile the seat does not hold: the replay
    stops in that round; its review holds the first round whole and the second up to the
    damage, none of the third. A sound replay's review is the whole game's."""
    from agari.game.replay_log import replay_log
    from agari.play.summary import review_replay

    good = LOGS / "mjai" / "2009030612gm-00b9-0000-8753731c.mjson"
    sound = replay_log(read_log(good), name="good")
    whole = review_replay(sound, "good")
    assert whole.decisions == review_game(sound.log, sound.rules, "good").decisions
    assert all(len(p.costliest) == 5 for p in whole.players)
    assert all(len(p.costliest) == 2 for p in review_replay(sound, "g", costliest=2).players)
    lines = good.read_text(encoding="utf-8").splitlines()
    second = [i for i, line in enumerate(lines) if '"start_kyoku"' in line][1]
    at = next(i for i, line in enumerate(lines) if i > second and '"dahai"' in line)
    event = json.loads(lines[at])
    lines[at] = json.dumps({**event, "pai": "C" if event["pai"] != "C" else "F"})
    damaged = replay_log(read_log("\n".join(lines).encode(), game="bad.mjson"), name="bad")
    assert damaged.error is not None and len(damaged.rounds) == 1
    cut = review_replay(damaged, "bad")
    assert {d.index for d in cut.decisions} == {0, 1}
    first = [d for d in whole.decisions if d.index == 0]
    assert list(cut.decisions[: len(first)]) == first
    assert len(cut.decisions) < len([d for d in whole.decisions if d.index <= 1])
