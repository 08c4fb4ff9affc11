"""The game's rules at their edges (issue 26: the game wing's tests kill at least 90 % of the
mutants of the ledger and the standings; ``benchmarks/mutation.py`` measures it): the goal
points exactly reached or missed by 100, agari-yame and tenpai-yame there, the west round
and how far extra rounds go, the bust at 0, a hand marking its discarder, the counters of
several rons, noten payments with three and four players, nagashi, chombo, leftover sticks,
ties under both rules and Tenhou's rounded final points.

Every expected figure is worked out from RULES.md (../shared/RULES.md: "Limits and points",
"At the end of a hand without a winner", "Three-player", "Games") with the arithmetic beside
it. The hand P is pinfu + tanyao with no dora: ron 2 han 30 fu, base 30 x 2^4 = 480, a
non-dealer's ron 4 x 480 = 1920 -> 2000, a dealer's 6 x 480 = 2880 -> 2900; tsumo 3 han
20 fu, base 640: 700 from each non-dealer and 1300 from the dealer, a dealer's 1300 all;
with riichi a non-dealer's ron is 3 han 30 fu, 4 x 960 = 3840 -> 3900. Q is the same hand in
pinzu for three-player (no 2m-8m there). Presets (RULES.md "Games" and "Presets"): tenhou
starts at 25000 with the goal and return 30000, uma +20 +10 -10 -20, oka 20, a bust below
0, a west round, agari-yame and tenpai-yame, ties by seat, rons paid to each with the
counters to the nearest, nagashi and a reverse-mangan chombo; wrc2025 starts at 30000, uma
+15 +5 -5 -15 split on ties, no bust, no west round, the head bump, chombo 20000 at the end.
"""

from __future__ import annotations

import pytest

from agari.game.ledger import GameState, is_top, step
from agari.game.outcomes import Abort, Chombo, Draw, GameError, Outcome, Win, Wins
from agari.game.standings import final_points, places_of, standings, uma_of
from agari.hand import Hand
from agari.notation import read_hand
from agari.rules import Rules
from agari.tiles import Tile
from tests.conftest import tiles

P = "234m567p23455s78s+6s"
Q = "234p567p23455s78s+6s"
TENHOU = Rules.preset("tenhou")
WRC = Rules.preset("wrc2025")
SANMA = Rules.preset("tenhou-sanma")


def T(text: str) -> Tile:
    return Tile.parse(text)


def _state(scores: tuple[int, ...], label: str = "E1", **kw: int) -> GameState:
    return GameState(
        scores, round_wind=label[0], round_number=int(label[1]), penalties=(0,) * len(scores), **kw
    )


def _play(state: GameState, outcome: Outcome, rules: Rules = TENHOU) -> GameState:
    return step(state, outcome, rules)[0]


def _tsumo(seat: int, hand: str = P) -> Wins:
    return Wins((Win(seat, None, hand),))


def _ron(seat: int, discarder: int, hand: str = P) -> Wins:
    return Wins((Win(seat, discarder, hand),))


# --------------------------------------------------------------------------- the goal


def test_the_last_round_ends_the_game_with_a_player_exactly_at_the_goal() -> None:
    # RULES.md "Games": a game goes on into the next wind while nobody has reached the
    # return (30,000) after its last round. S4, the dealer (seat 3) noten, nobody ready: no
    # payments, the deal passes, and seat 0 holds exactly 30000.
    after = _play(_state((30000, 25000, 25000, 20000), "S4"), Draw())
    assert after.finished and after.end_reason == "last round"


def test_the_last_round_goes_on_into_west_100_points_below_the_goal() -> None:
    after = _play(_state((29900, 25100, 25000, 20000), "S4"), Draw())
    assert not after.finished and (after.label, after.honba) == ("W1", 1)


def test_a_player_over_the_goal_before_the_last_round_does_not_end_the_game() -> None:
    # RULES.md "Games": the game ends after the last round (S4 of a half game).
    after = _play(_state((40000, 20000, 20000, 20000), "E4"), Draw())
    assert not after.finished and after.label == "S1"
    after = _play(_state((40000, 20000, 20000, 20000), "S3"), Draw())
    assert not after.finished and after.label == "S4"


def test_agari_yame_when_the_last_dealer_wins_to_exactly_the_goal_on_top() -> None:
    # RULES.md "Games": in the last round the game ends after a win by the dealer who is
    # then top (and, with tenhou's goal, has 30000). Dealer seat 3 tsumo: 1300 all, so
    # 26100 + 3 x 1300 = 30000.
    after = _play(_state((25000, 25000, 23900, 26100), "S4"), _tsumo(3))
    assert after.scores == (23700, 23700, 22600, 30000)
    assert after.finished and after.end_reason == "agari-yame"
    # 100 short: 26000 + 3900 = 29900, the dealer keeps the deal (S4-1)
    after = _play(_state((25000, 25000, 24000, 26000), "S4"), _tsumo(3))
    assert after.scores[3] == 29900
    assert not after.finished and (after.label, after.honba) == ("S4", 1)


def test_a_last_dealer_tied_for_top_with_an_earlier_seat_is_not_top() -> None:
    # RULES.md "Games": ties go to the seat nearer the first dealer. Dealer seat 3 tsumo
    # (1300 all): 27100 + 3900 = 31000, tied with seat 0's 32300 - 1300 = 31000.
    after = _play(_state((32300, 20300, 20300, 27100), "S4"), _tsumo(3))
    assert after.scores == (31000, 19000, 19000, 31000)
    assert not after.finished and (after.label, after.honba) == ("S4", 1)
    assert not is_top(after.scores, 3) and is_top(after.scores, 0)


def test_tenpai_yame_when_the_last_dealer_is_ready_at_exactly_the_goal_on_top() -> None:
    # RULES.md "At the end of a hand without a winner": one ready, each other pays 1000;
    # tenhou's tenpai_yame: the last dealer ready and then top with the goal ends the game.
    ready = Draw(tenpai=frozenset({3}))
    after = _play(_state((25000, 25000, 23000, 27000), "S4"), ready)
    assert after.scores == (24000, 24000, 22000, 30000)
    assert after.finished and after.end_reason == "tenpai-yame"
    after = _play(_state((25000, 25000, 23100, 26900), "S4"), ready)  # 29900: goes on
    assert not after.finished and (after.label, after.honba) == ("S4", 1)
    # the dealer on top but someone else ready too: noten payments 1500 each way
    both = Draw(tenpai=frozenset({0, 3}))
    after = _play(_state((20000, 20000, 20000, 40000), "S4"), both)
    assert after.scores == (21500, 18500, 18500, 41500) and after.end_reason == "tenpai-yame"


def test_the_dealer_ready_but_not_on_top_keeps_the_deal_in_the_last_round() -> None:
    after = _play(_state((40000, 20000, 20000, 20000), "S4"), Draw(tenpai=frozenset({3})))
    assert not after.finished and (after.label, after.honba) == ("S4", 1)


# --------------------------------------------------------------------------- extra rounds


def test_an_extra_round_without_anyone_at_the_goal_goes_on_round_by_round() -> None:
    # RULES.md "Games": in the west round the game ends as soon as a player has reached the
    # return. W1: B (seat 1, South) ron on A: 25000 + 2000 = 27000, nobody at 30000: W2.
    after = _play(_state((25000,) * 4, "W1"), _ron(1, 0))
    assert after.scores == (23000, 27000, 25000, 25000)
    assert not after.finished and (after.label, after.honba) == ("W2", 0)
    # W2: C (seat 2, South now) ron on A for 2000: 28000 + 2000 = 30000, the game ends
    after = _play(_state((23000, 25000, 28000, 24000), "W2"), _ron(2, 0))
    assert after.finished and after.end_reason == "last round"


def test_the_dealer_keeps_the_deal_in_an_extra_round_while_nobody_has_the_goal() -> None:
    # W1, the dealer (seat 0) ready alone: +3000; 25000 + 3000 = 28000, below 30000.
    after = _play(_state((25000,) * 4, "W1"), Draw(tenpai=frozenset({0})))
    assert not after.finished and (after.label, after.honba) == ("W1", 1)


def test_a_half_game_ends_after_west_4_and_an_east_game_after_the_extension() -> None:
    # RULES.md "Games": an east-only game goes on into South, then into West; extension
    # next_wind stops it after South (Tenhou after its 2009 change), to_west after West.
    after = _play(_state((25000,) * 4, "W4"), Draw())
    assert after.finished and after.end_reason == "extra round"
    after = _play(_state((25000,) * 4, "W3"), Draw())
    assert not after.finished and after.label == "W4"
    east = TENHOU.with_overrides({"game_length": "east", "extension": "next_wind"})
    after = _play(_state((25000,) * 4, "E4"), Draw(), east)
    assert not after.finished and after.label == "S1"
    after = _play(_state((25000,) * 4, "S3"), Draw(), east)
    assert not after.finished and after.label == "S4"
    after = _play(_state((25000,) * 4, "S4"), Draw(), east)
    assert after.finished and after.end_reason == "extra round"


def test_without_a_west_round_the_last_round_ends_the_game_below_the_goal() -> None:
    after = _play(_state((25000,) * 4, "S4"), Draw(), TENHOU.with_overrides({"west_round": "off"}))
    assert after.finished and after.end_reason == "last round"


def test_the_seats_winds_turn_with_the_deal() -> None:
    # RULES.md "Games": the dealer (East) is seat number - 1; the winds follow in turn.
    e2 = _state((25000,) * 4, "E2")
    assert [e2.wind_of(seat) for seat in range(4)] == ["N", "E", "S", "W"]
    assert [e2.seat_of(wind) for wind in "ESWN"] == [1, 2, 3, 0]
    assert [_state((35000,) * 3, "E3").seat_of(w) for w in "ESW"] == [2, 0, 1]


# --------------------------------------------------------------------------- the bust


def test_a_score_of_exactly_0_is_no_bust_and_100_below_is() -> None:
    # RULES.md "Games": the game ends at once when a score falls below zero (Tenhou: yes).
    # B ron on the dealer A: 2000 (non-dealer 2 han 30 fu).
    after = _play(_state((2000, 38000, 30000, 30000)), _ron(1, 0))
    assert after.scores[0] == 0 and not after.finished
    after = _play(_state((1900, 38100, 30000, 30000)), _ron(1, 0))
    assert after.scores[0] == -100 and after.finished and after.end_reason == "bust"
    # without the bust (wrc2025) the game goes on below zero
    assert not _play(_state((1900, 38100, 30000, 30000)), _ron(1, 0), WRC).finished


def test_noten_payments_and_a_chombo_can_bust_too() -> None:
    # one ready: each other pays 1000 (RULES.md); 900 - 1000 < 0
    after = _play(_state((900, 39100, 30000, 30000)), Draw(tenpai=frozenset({1})))
    assert after.finished and after.end_reason == "bust"
    # a non-dealer's reverse mangan: 4000 to the dealer, 2000 to each other: 7900 - 8000
    after = _play(_state((30000, 7900, 32100, 30000)), Chombo(1))
    assert after.finished and after.end_reason == "bust" and after.scores[1] == -100


def test_no_round_after_the_end() -> None:
    over = GameState((25000,) * 4, penalties=(0,) * 4, finished=True, end_reason="bust")
    with pytest.raises(GameError, match=r"^the game is over \(bust\); no more rounds$"):
        step(over, Draw(), TENHOU)
    with pytest.raises(GameError, match=r"^the game has 4 players but the rules say players=3$"):
        step(GameState.start(TENHOU), Draw(), SANMA)


# --------------------------------------------------------------------------- the hand


def test_a_hand_may_mark_its_discarder_where_the_game_says() -> None:
    # E1: B is seat 1 (South); D (seat 3, North) sits across from B, C (West) on B's right,
    # A (East) on B's left (README: `=` across, `+` right, `-` left). 2000 each time.
    start = _state((25000,) * 4)
    for discarder, marker, deltas in (
        (3, "=", (0, 2000, 0, -2000)),
        (2, "+", (0, 2000, -2000, 0)),
        (0, "-", (-2000, 2000, 0, 0)),
    ):
        assert step(start, _ron(1, discarder, P + marker), TENHOU)[1].deltas == deltas


@pytest.mark.parametrize(
    ("win", "message"),
    [
        (
            Win(1, 3, P + "-"),
            "the hand marks the winning tile's discarder as left but the discarder sits across",
        ),
        (
            Win(1, 0, P + "="),
            "the hand marks the winning tile's discarder as across but the discarder sits left",
        ),
        (Win(1, None, P + "="), "the hand marks a discarded winning tile but the win is a tsumo"),
        (Win(1, 0, P + " tsumo"), "the hand says tsumo but the win is a ron"),
        (
            Win(1, 0, P + " round=S"),
            "the hand says round=S but the game has round=E here (leave round= out: the game "
            "supplies it)",
        ),
        (
            Win(1, 0, P + " sticks=1"),
            "the hand says sticks=1 but the game has sticks=0 here (leave sticks= out: the "
            "game supplies it)",
        ),
        (Win(1, 0, P + " rules=wrc2025"), "the hand says rules=wrc2025 but the game plays tenhou"),
    ],
)
def test_a_hand_that_disagrees_with_the_game_is_an_error(win: Win, message: str) -> None:
    with pytest.raises(GameError) as error:
        step(_state((25000,) * 4), Wins((win,)), TENHOU)
    assert error.value.message == message


def test_a_win_is_scored_with_every_word_the_game_supplies() -> None:
    # E2-1: B (seat 1) deals; D (seat 3) sits West, across from B. A dealer's ron 2900 +
    # 300 honba (RULES.md). The full hand carries the marker and the game's words, as the
    # score sheet prints it (README "Game logs": `07m067p22s+6m+, ... seat=E dora=6p honba=1`).
    outcome = _ron(1, 3)
    after, played = step(_state((25000,) * 4, "E2", honba=1), outcome, TENHOU)
    assert played.deltas == (0, 3200, 0, -3200) and (after.label, after.honba) == ("E2", 2)
    win = played.wins[0]
    assert (win.seat, win.from_seat, win.pao) == (1, 3, None)
    assert win.hand == "234m567p2345578s+6s= seat=E honba=1" == win.result.input
    assert played.settlement.kind == "win" and played.outcome == outcome
    assert played.result == "win" and played.reason is None and played.tenpai == ()


@pytest.mark.parametrize(
    ("hand", "pao"),
    [
        # the liable seat named inside the hand (README "Games": `pao=WHO`) or by the game
        ("123m4p+4p, 555=z, 666+z, 777-z pao=W", None),
        ("123m4p+4p, 555=z, 666+z, 777-z", 2),
    ],
)
def test_a_liable_seat_named_in_the_hand_or_by_the_game(hand: str, pao: int | None) -> None:
    # RULES.md "Liability (pao)": daisangen by ron from A, C (seat 2, West in E1) fed the
    # third dragon: C and the discarder pay half each of the 32000 (4 x 8000).
    _, played = step(_state((25000,) * 4), Wins((Win(1, 0, hand, pao=pao),)), TENHOU)
    assert played.deltas == (-16000, 32000, -16000, 0)
    assert played.wins[0].pao == pao
    assert played.wins[0].hand.endswith(" pao=W")


def test_a_three_player_tsumo_in_a_game_notes_the_tsumo_loss() -> None:
    # RULES.md "Three-player": a tsumo is paid by the two other players only: B (seat 1)
    # 3 han 20 fu, 1300 from the dealer and 700 from C, nothing for the absent North.
    _, played = step(GameState.start(SANMA), _tsumo(1, Q), SANMA)
    assert played.deltas == (-1300, 2000, -700)
    assert played.settlement.notes == (
        "three-player: tsumo loss (no share for the absent North seat)",
    )


def test_a_hand_made_in_python_is_checked_whole() -> None:
    # a set holds four of each tile: a hand with five 1m is no hand
    five = Hand(tuple(tiles("1111123m456p789s")), T("9s"), ())
    with pytest.raises(GameError) as error:
        step(_state((25000,) * 4), Wins((Win(1, 0, five),)), TENHOU)
    assert error.value.message == (
        "the hand '1111123m456p789s+9s-' does not score as a win: 5 copies of 1m: a set has only 4"
    )


def test_a_hand_that_states_what_the_game_says_is_scored() -> None:
    hand = P + " seat=S round=E honba=0 sticks=0 rules=tenhou"
    after, played = step(_state((25000,) * 4), _ron(1, 0, hand), TENHOU)
    assert after.scores[1] == 27000
    assert played.wins[0].hand == "234m567p2345578s+6s-"  # the game's rules are not the hand's


def test_a_parsed_hand_checks_the_words_its_writer_stated() -> None:
    # the same win given as a Hand with the words read from its text: seat=W disagrees
    hand, stated = read_hand(P + " seat=W")
    with pytest.raises(GameError, match="says seat=W but the game has seat=S"):
        step(_state((25000,) * 4), Wins((Win(1, 0, hand, stated=stated),)), TENHOU)
    # without the stated words the hand's own seat is not held against the game
    assert _play(_state((25000,) * 4), Wins((Win(1, 0, hand),))).scores[1] == 27000


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (
            "123m456p789s1234z+5z",
            "the hand '123m456p789s1234z+5z-' does not score as a win: not a complete hand",
        ),
        # a West triplet is no yaku for B, who sits South in the East round
        (
            "123m456p789s1133z+3z",
            "the hand '123m456p789s1133z+3z-' does not score as a win: no yaku",
        ),
        ("123m", "hand '123m': "),
    ],
)
def test_a_hand_that_does_not_win_is_an_error(hand: str, words: str) -> None:
    with pytest.raises(GameError) as error:
        step(_state((25000,) * 4), _ron(1, 0, hand), TENHOU)
    assert words in error.value.message


@pytest.mark.parametrize(
    ("wins", "message"),
    [
        ((), "a win needs a winner"),
        ((Win(1, 1, P),), "a winner cannot have discarded the winning tile"),
        ((Win(1, 0, P), Win(1, 0, P)), "the same seat wins twice in one round"),
        (
            (Win(1, 0, P), Win(2, None, P)),
            "several winners only on one discard (ron), never with a tsumo",
        ),
        ((Win(1, 0, P), Win(2, 3, P)), "several winners must win on the same discard"),
        ((Win(4, 0, P),), "winner: seat 4 does not play (4 players)"),
        ((Win(1, 4, P),), "discarder: seat 4 does not play (4 players)"),
        ((Win(-1, 0, P),), "winner: seat -1 does not play (4 players)"),
    ],
)
def test_wins_that_cannot_happen(wins: tuple[Win, ...], message: str) -> None:
    with pytest.raises(GameError) as error:
        step(_state((25000,) * 4), Wins(wins), TENHOU)
    assert error.value.message == message


# --------------------------------------------------------------------------- several rons


def test_double_ron_gives_every_stick_to_the_nearest_winner() -> None:
    # RULES.md "Games" (Tenhou): each winner paid, the honba and the sticks to the winner
    # nearest the discarder. E1-2, one stick down before; A (seat 0) deals in to C (seat 2)
    # and B (seat 1, nearest), both in riichi: their two sticks go down too.
    riichi = P + " riichi"
    after, played = step(
        _state((24000, 24000, 24000, 25000), honba=2, sticks=3),
        Wins((Win(2, 0, riichi), Win(1, 0, riichi))),
        TENHOU,
    )
    # B: 3900 + 2 x 300 + (3 + 2) x 1000 - its own stick 1000; C: 3900 - 1000; A pays 8400
    assert after.scores == (24000 - 8400, 24000 + 9500 - 1000, 24000 + 3900 - 1000, 25000)
    assert played.deltas == (-8400, 9500, 3900, 0)  # SPEC §7: without the deposits
    assert played.changes == (-8400, 8500, 2900, 0)
    assert played.riichi == (1, 2) and (after.sticks, after.honba, after.label) == (0, 0, "E2")
    assert after.total() == 100000  # the start total, now all on the scores


def test_a_head_bumped_winners_riichi_stick_goes_to_the_winner() -> None:
    # RULES.md "Games" (WRC: the head bump) and "Limits and points" (sticks on the table go
    # to the winner): D (seat 3) in riichi is bumped by C (seat 2), nearer after B (seat 1)
    # who dealt in; D's stick was down before the discard.
    after, played = step(
        _state((30000,) * 4),
        Wins((Win(3, 1, P + " riichi"), Win(2, 1, P))),
        WRC,
    )
    assert played.deltas == (0, -2000, 2000 + 1000, 0)
    assert after.scores == (30000, 28000, 33000, 29000)
    assert played.notes == (
        "head bump (multiple_ron=head_bump): only the winner nearest the discarder wins; "
        "seat 3 not paid",
    )
    assert [w.seat for w in played.wins] == [2]
    # three on one discard: the head bump still takes the nearest only (WRC has no abort)
    _, played = step(_state((30000,) * 4), Wins((Win(3, 1, P), Win(0, 1, P), Win(2, 1, P))), WRC)
    assert played.deltas == (0, -2000, 2000, 0)
    assert played.notes == (
        "head bump (multiple_ron=head_bump): only the winner nearest the discarder wins; "
        "seat 3, seat 0 not paid",
    )


def test_a_triple_ron_aborts_with_the_sticks_kept() -> None:
    # RULES.md "Games": a triple ron is an abortive draw on Tenhou; the sticks stay and the
    # counter goes up; the riichi sticks of the winners are down.
    state = _state((25000,) * 4, honba=1, sticks=1)
    triple = Wins((Win(1, 0, P + " riichi"), Win(2, 0, P), Win(3, 0, P)))
    after, played = step(state, triple, TENHOU)
    assert played.result == "abort" and played.reason == "sanchahou"
    assert played.outcome == triple and played.wins == ()
    assert played.notes == ("three rons on one discard: an abortive draw (triple_ron=abort)",)
    assert after.scores == (25000, 24000, 25000, 25000) and (after.sticks, after.honba) == (2, 2)
    assert after.label == "E1"


def test_a_dealer_deals_in_to_a_double_ron_and_loses_the_deal() -> None:
    # RULES.md "Games": the deal passes after a win that is not the dealer's; the counter
    # returns to 0. 2000 each from A, with 300 honba to B (nearest).
    after, played = step(_state((25000,) * 4, honba=1), Wins((Win(2, 0, P), Win(1, 0, P))), TENHOU)
    assert played.deltas == (-4300, 2300, 2000, 0)
    assert (after.label, after.honba) == ("E2", 0)


# --------------------------------------------------------------------------- draws


def test_noten_payments_four_player_and_the_deal_passing() -> None:
    # RULES.md: one ready, each other pays 1000; the dealer noten: the deal passes and the
    # counter goes up (after any draw); a riichi stick goes down and stays.
    after, played = step(
        _state((25000,) * 4, honba=1), Draw(tenpai=frozenset({1}), riichi=frozenset({1})), TENHOU
    )
    assert played.deltas == (-1000, 3000, -1000, -1000)
    assert played.changes == (-1000, 2000, -1000, -1000)  # the deposit left the score
    assert (after.label, after.honba, after.sticks) == ("E2", 2, 1)
    assert played.result == "draw" and played.tenpai == (1,) and played.riichi == (1,)
    assert played.settlement.kind == "draw" and played.outcome.tenpai == frozenset({1})
    assert played.settlement.notes == (
        "1 riichi stick stays on the table; the counter goes up to 2",
    )


def test_noten_payments_three_player() -> None:
    # RULES.md "Three-player": 2000 in all; one ready: 1000 from each other; two ready:
    # 2000 from the noten player, 1000 to each. The dealer ready keeps the deal.
    after, played = step(GameState.start(SANMA), Draw(tenpai=frozenset({1})), SANMA)
    assert played.deltas == (-1000, 2000, -1000) and (after.label, after.honba) == ("E2", 1)
    after, played = step(GameState.start(SANMA), Draw(tenpai=frozenset({0, 2})), SANMA)
    assert played.deltas == (1000, -2000, 1000) and (after.label, after.honba) == ("E1", 1)


def test_nagashi_mangan_in_a_game() -> None:
    # RULES.md: nagashi mangan is paid as a mangan tsumo, replacing noten payments: C (seat
    # 2, a non-dealer) gets 4000 from the dealer and 2000 from each other. The dealer was
    # ready: the deal stays, the counter goes up.
    after, played = step(
        _state((25000,) * 4, honba=1), Draw(tenpai=frozenset({0}), nagashi=2), TENHOU
    )
    assert played.deltas == (-4000, -2000, 8000, -2000)
    assert played.result == "nagashi" and played.settlement.kind == "nagashi"
    assert (after.label, after.honba) == ("E1", 2)
    with pytest.raises(GameError, match=r"nagashi mangan is off under rules wrc2025"):
        step(_state((30000,) * 4), Draw(nagashi=2), WRC)
    with pytest.raises(GameError, match=r"^nagashi: seat 4 does not play \(4 players\)$"):
        step(_state((25000,) * 4), Draw(nagashi=4), TENHOU)
    with pytest.raises(GameError, match=r"^riichi: seat 4 does not play \(4 players\)$"):
        step(_state((25000,) * 4), Draw(riichi=frozenset({4})), TENHOU)
    with pytest.raises(GameError, match=r"^tenpai: seat 4 does not play \(4 players\)$"):
        step(_state((25000,) * 4), Draw(tenpai=frozenset({4})), TENHOU)


def test_four_riichi_put_every_stick_down() -> None:
    # an abortive draw by four riichi: every seat declared, so every stick is down; the deal
    # stays and the counter goes up (RULES.md "Games").
    outcome = Abort("suucha_riichi", frozenset({0}))
    after, played = step(_state((25000,) * 4), outcome, TENHOU)
    assert after.scores == (24000,) * 4 and after.sticks == 4
    assert played.notes == ("four riichi: every seat put down a stick",)
    assert played.riichi == (0, 1, 2, 3) and played.result == "abort"
    assert played.reason == "suucha_riichi" and played.outcome == outcome
    assert played.settlement.kind == "draw"
    assert played.settlement.notes == ("abort: suucha_riichi",)
    # all four named: nothing to add
    _, named = step(_state((25000,) * 4), Abort("suucha_riichi", frozenset(range(4))), TENHOU)
    assert named.notes == () and named.riichi == (0, 1, 2, 3)
    with pytest.raises(GameError, match=r"^unknown abortive draw 'rain'; one of kyuushu, "):
        step(_state((25000,) * 4), Abort("rain"), TENHOU)


# --------------------------------------------------------------------------- chombo


def test_a_chombo_keeps_the_deal_the_counter_and_the_sticks() -> None:
    # RULES.md "Chombo": the dealer's reverse mangan is 4000 to each; the hand is replayed
    # (the same dealer and counter; the sticks stay).
    state = _state((25000,) * 4, honba=2, sticks=1)
    after, played = step(state, Chombo(0), TENHOU)
    assert after.scores == (13000, 29000, 29000, 29000)
    assert (after.label, after.honba, after.sticks) == ("E1", 2, 1)
    assert played.result == "chombo" and played.deltas == (-12000, 4000, 4000, 4000)
    assert (played.before, played.after) == (state, after) and played.reason is None
    assert played.riichi == played.wins == played.tenpai == ()
    with pytest.raises(GameError, match=r"^chombo: seat 4 does not play"):
        step(_state((25000,) * 4), Chombo(4), TENHOU)


def test_a_chombo_penalty_of_20000_is_taken_off_the_final_points() -> None:
    # RULES.md "Chombo": WRC/EMA 20,000 points at the end, outside the table: 20 points off
    # after uma. Two by the same seat: 40 points. Four equal scores share the uma:
    # (15 + 5 - 5 - 15) / 4 = 0 each.
    state = GameState.start(WRC)
    for _ in range(2):
        state = _play(state, Chombo(1), WRC)
    assert GameState.start(WRC).penalties == (0, 0, 0, 0)
    assert state.penalties == (0, 40000, 0, 0) and state.scores == (30000,) * 4
    # a state made without penalties starts them at 0
    assert _play(GameState((30000,) * 4), Chombo(2), WRC).penalties == (0, 0, 20000, 0)
    final = standings(state, WRC)
    assert final.points == (0.0, -40.0, 0.0, 0.0) and final.places == (1, 1, 1, 1)
    assert final.notes == ("seat 1: chombo penalty 40000 taken off after uma",)


def test_a_chombo_penalty_off_points_with_a_decimal_and_off_rounded_points() -> None:
    # wrc2025: 35500 first: 5.5 + 15 = 20.5; two tied at 30000 share (5 - 5) / 2 = 0;
    # 24500 last: -5.5 - 15 = -20.5, and 20 off for its chombo: -40.5.
    penalised = GameState((35500, 24500, 30000, 30000), finished=True, penalties=(0, 20000, 0, 0))
    assert standings(penalised, WRC).points == (20.5, -40.5, 0.0, 0.0)
    # Tenhou's rounded points (RULES.md "Games"), with a 20000 chombo rule: four at 25000,
    # places by seat: 25 - 30 + 10 = 5 for the second, 20 off: -15; -15, -25; the top 35.
    rounded = TENHOU.with_overrides({"final_points": "rounded", "chombo": "20000"})
    state = _play(GameState.start(rounded), Chombo(1), rounded)
    points = standings(state, rounded).points
    assert points == (35, -15, -15, -25) and all(type(p) is int for p in points)


# --------------------------------------------------------------------------- standings


def test_leftover_sticks_shared_in_hundreds_by_players_tied_for_top() -> None:
    # RULES.md "Games": leftover sticks to the top player; under ties=split the tied top
    # players share them in hundreds, the odd hundreds to the first in seat order (the
    # standings' rule): 1 stick over three is 400 + 300 + 300; 3 sticks over two 1500 each.
    three = GameState((30000, 30000, 30000, 29000), finished=True, sticks=1, penalties=(0,) * 4)
    assert standings(three, WRC).scores == (30400, 30300, 30300, 29000)
    two = GameState((31500, 31500, 27000, 27000), finished=True, sticks=3, penalties=(0,) * 4)
    assert standings(two, WRC).scores == (33000, 33000, 27000, 27000)
    assert standings(two, WRC).notes == (
        "3 riichi stick(s) left on the table go to the top player",
    )
    # ties=seat: the seat nearer the first dealer is the top player and takes them all
    assert standings(two, TENHOU).scores == (34500, 31500, 27000, 27000)


def test_leftover_sticks_lost_or_still_on_the_table() -> None:
    state = GameState((36000, 25000, 20000, 18000), finished=True, sticks=1, penalties=(0,) * 4)
    lost = standings(state, TENHOU.with_overrides({"leftover_sticks": "lost"}))
    assert lost.scores == (36000, 25000, 20000, 18000) and lost.sticks == 1000
    assert lost.notes == ("1 riichi stick(s) left on the table are lost",)
    going = standings(GameState((36000, 25000, 20000, 18000), sticks=1), TENHOU)
    assert going.scores == (36000, 25000, 20000, 18000) and not going.finished
    assert going.notes == ("1 riichi stick(s) on the table (the game is not over)",)
    assert going.places == (1, 2, 3, 4)


def test_ties_by_seat_and_by_split_places() -> None:
    # RULES.md "Games": equal scores by seat order from the first dealer, or sharing.
    scores = (20000, 40000, 20000, 40000)
    assert places_of(scores, "seat") == (3, 1, 4, 2)
    assert places_of(scores, "split") == (3, 1, 3, 1)
    assert places_of((10000, 30000, 30000, 30000), "split") == (4, 1, 1, 1)


def test_split_ties_share_the_uma_and_the_oka() -> None:
    # wrc2025 (start and return 30000, no oka): three tied for second share
    # (5 - 5 - 15) / 3 = -5 each: (20000 - 30000) / 1000 - 5 = -15; the top 30 + 15 = 45.
    assert final_points((60000, 20000, 20000, 20000), WRC) == (45.0, -15.0, -15.0, -15.0)
    # tenhou with ties=split (oka 20): two tied for first share (20 + 10) / 2 uma and 20 / 2
    # oka: 5 + 15 + 10 = 30; two tied for third share (-10 - 20) / 2: -15 - 15 = -30.
    split = TENHOU.with_overrides({"ties": "split"})
    assert final_points((35000, 35000, 15000, 15000), split) == (30.0, 30.0, -30.0, -30.0)
    # by seat: 5 + 20 + 20 = 45, 5 + 10 = 15, -15 - 10 = -25, -15 - 20 = -35
    assert final_points((35000, 35000, 15000, 15000), TENHOU) == (45.0, 15.0, -25.0, -35.0)


def test_final_points_far_from_the_return_and_with_a_large_oka() -> None:
    # RULES.md "Games": (score - return) / 1000 + uma, oka to the top. wrc2025: 80100 is
    # 50.1 + 15 = 65.1; 20000: -10 + 5; 15000: -15 - 5; 4900: -25.1 - 15 = -40.1.
    assert final_points((80100, 20000, 15000, 4900), WRC) == (65.1, -5.0, -20.0, -40.1)
    # oka = (return - start) x players: (40000 - 20000) x 4 = 80 points to the top
    big = TENHOU.with_overrides({"start_points": 20000, "return_points": 40000})
    assert final_points((50000, 10000, 10000, 10000), big)[0] == 10 + 20 + 80


def test_three_tied_for_first_share_to_a_tenth() -> None:
    # tenhou with ties=split: three tied at 30000 share (20 + 10 - 10) / 3 uma and 20 / 3
    # oka: 0 + 40 / 3 = 13.3; the last -20 - 20 = -40.
    split = TENHOU.with_overrides({"ties": "split"})
    assert final_points((30000, 30000, 30000, 10000), split) == (13.3, 13.3, 13.3, -40.0)


def test_tenhous_rounded_final_points() -> None:
    # RULES.md "Games": every player but the top gets the score in thousands rounded half
    # away from zero, minus 30, plus the uma; the top minus the sum of the others.
    rounded = TENHOU.with_overrides({"final_points": "rounded"})
    # second 24500 -> 25: 25 - 30 + 10 = 5; third 24400 -> 24: 24 - 30 - 10 = -16; fourth
    # 19500 -> 20: 20 - 30 - 20 = -30; the top -(5 - 16 - 30) = 41
    points = final_points((31600, 24500, 24400, 19500), rounded)
    assert points == (41, 5, -16, -30)
    assert all(type(p) is int for p in points)
    # below zero: -1400 -> -1, -1500 -> -2 (half away from zero)
    points = final_points((50000, 26400, 25000, -1400), rounded)
    assert points[3] == -1 - 30 - 20
    assert final_points((50000, 26500, 25000, -1500), rounded)[3] == -2 - 30 - 20
    # ties by seat: the top is the first of the tied seats
    assert final_points((30000, 30000, 20000, 20000), rounded) == (40, 10, -20, -30)


def test_an_uma_of_the_wrong_length_is_an_error() -> None:
    with pytest.raises(GameError) as error:
        uma_of(WRC, 3)
    assert error.value.message == (
        "rule uma=15,5,-5,-15 has 4 places but the game has 3 players: give one of the "
        "three-player presets tenhou-sanma, majsoul-sanma, riichicity-sanma, or an uma of 3 places"
    )
    assert uma_of(SANMA, 3) == (20, 0, -20)
