"""The tables under ``agari stats`` (SPEC §9), in process: each game's win, round and player
rows against what the logs themselves state (each win's han, fu, points and deltas, the
final scores and points), and the totals they add up to, worked out by hand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from agari.game.files import read_game
from agari.game.logs import Call, Discard, RoundLog, Win
from agari.game.replayed import LogReplay
from agari.play.stats import (
    GameTables,
    PlayerRow,
    Stats,
    Totals,
    columns,
    game_tables,
    stats_of_file,
)

ROOT = Path(__file__).resolve().parents[2]
#: Tenhou games that state every win's values and the final result: four- and three-player.
GAMES = [
    ROOT / "fixtures" / "logs" / "mjlog" / name
    for name in (
        "2022010415gm-00a9-0000-9bfd3aa2.xml",
        "2009030520gm-00b9-0000-be2415fd.xml",
        "2022010201gm-00b9-0000-f593ed93.xml",
    )
]


def _tables(path: Path) -> tuple[LogReplay, GameTables]:
    done = read_game(path.read_bytes(), path.name)
    assert done.replay is not None and done.error is None
    return done.replay, game_tables(done.replay)


def _wins(round_log: RoundLog) -> list[Win]:
    return [e for e in round_log.events if isinstance(e, Win)]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_win_row_is_the_win_the_log_states(path: Path) -> None:
    replay, tables = _tables(path)
    log = replay.log
    want = []
    for round_log in log.rounds:
        for w in _wins(round_log):
            want.append(
                (
                    path.name,
                    round_log.index,
                    round_log.name,
                    round_log.honba,
                    w.seat,
                    log.names[w.seat],
                    w.from_seat,
                    log.names[w.from_seat],
                    w.seat == w.from_seat,
                    w.han if not w.yakuman else None,
                    w.fu if not w.yakuman else None,
                    len(w.yakuman or ()),
                    w.points,
                    w.pao_seat,
                )
            )
    got = []
    for r in tables.wins:
        limit = bool(r.yakuman)  # a yakuman's han and fu are not stated alike
        where = (r.game, r.index, r.round, r.honba, r.seat, r.name, r.from_seat, r.from_name)
        value = (None if limit else r.han, None if limit else r.fu, r.yakuman, r.points)
        got.append((*where, r.tsumo, *value, r.pao))
    assert got == want
    assert all(r.yaku and len(r.yaku.split()) >= 1 for r in tables.wins)
    assert any(r.tsumo for r in tables.wins) and any(not r.tsumo for r in tables.wins)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_round_row_is_what_the_seat_did_as_the_log_states(path: Path) -> None:
    replay, tables = _tables(path)
    log = replay.log
    n = replay.rules.players
    assert len(tables.rounds) == n * len(log.rounds)
    rows = iter(tables.rounds)
    for round_log in log.rounds:
        wins = _wins(round_log)
        for seat in range(n):
            row = next(rows)
            assert (row.game, row.index, row.round, row.honba) == (
                path.name,
                round_log.index,
                round_log.name,
                round_log.honba,
            )
            assert (row.seat, row.name) == (seat, log.names[seat])
            won = [w for w in wins if w.seat == seat]
            assert row.won == bool(won)
            assert row.tsumo == any(w.from_seat == seat for w in won)
            assert row.dealt_in == any(w.from_seat == seat != w.seat for w in wins)
            assert row.ready_at_deal_in is None or row.dealt_in
            events = round_log.events
            assert row.riichi == any(
                isinstance(e, Discard) and e.seat == seat and e.riichi for e in events
            )
            assert row.called == any(
                isinstance(e, Call) and e.seat == seat and e.kind in ("chi", "pon", "daiminkan")
                for e in events
            )
            if len(wins) == 1 and wins[0].deltas is not None:
                assert row.delta == wins[0].deltas[seat]
                assert row.result == "win" and row.ready_at_draw is None
    assert {r.result for r in tables.rounds} >= {"win", "draw"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_player_row_ends_as_the_log_states(path: Path) -> None:
    replay, tables = _tables(path)
    log = replay.log
    assert log.final_scores is not None and log.final_points is not None
    assert [r.seat for r in tables.players] == list(range(replay.rules.players))
    for row in tables.players:
        assert (row.game, row.name, row.players) == (
            path.name,
            log.names[row.seat],
            replay.rules.players,
        )
        assert row.date == (log.date.isoformat() if log.date else None)
        assert (row.rules, row.room) == (replay.rules.name, log.rules.room)
        assert row.finished
        assert row.score == log.final_scores[row.seat]
        assert row.points == log.final_points[row.seat]
        ahead = sum(s > row.score for s in log.final_scores)
        assert row.place == ahead + 1  # no ties in these games
        mine = [r for r in tables.rounds if r.seat == row.seat]
        assert row.rounds == len(mine) and row.wins == sum(r.won for r in mine)
        assert row.deal_ins_ready == sum(bool(r.ready_at_deal_in) for r in mine)
        assert row.draws == sum(r.ready_at_draw is not None for r in mine)


def _row(name: str, place: int | None, points: float | None, **sums: int) -> PlayerRow:
    names = columns(PlayerRow)
    counts = dict.fromkeys(names[names.index("rounds") :], 0)  # the partial sums
    counts.update(sums)
    return PlayerRow(
        game="g",
        date=None,
        players=4,
        rules="tenhou",
        room=None,
        seat=0,
        name=name,
        finished=place is not None,
        place=place,
        score=None if place is None else 25000,
        points=points,
        **counts,
    )


def test_totals_add_games_places_and_points() -> None:
    """Three games of player A: first (+25.3), third (-10.1), and one that did not finish
    (its rounds count, its place and points do not)."""
    totals = Totals("A", 4)
    totals.add(_row("A", 1, 25.3, rounds=8, wins=2, win_points=9000))
    totals.add(_row("A", 3, -10.1, rounds=9, deal_ins=1, deal_in_points=3900, deal_ins_ready=1))
    totals.add(_row("A", None, None, rounds=3, wins=1, win_points=1000))
    assert (totals.games, totals.finished, totals.places) == (3, 2, [1, 0, 1, 0])
    assert totals.points == 15.2 and totals.rounds == 20
    figures = totals.figures()
    assert figures["name"] == "A" and figures["players"] == 4 and figures["games"] == 3
    assert figures["places"] == [1, 0, 1, 0] and figures["points"] == 15.2
    assert figures["rounds"] == 20 and figures["average_place"] == 2.0
    assert figures["win_rate"] == 0.15 and figures["average_win"] == 3333.3333
    assert figures["average_deal_in"] == 3900.0 and figures["deal_in_while_tenpai"] == 1.0
    assert figures["tsumo_rate"] == 0.0 and figures["draw_tenpai_rate"] is None
    other = Totals("A", 4)
    other.add(_row("A", 2, 0.04, rounds=5))
    both = totals.merge(other)
    assert (both.games, both.finished, both.places, both.points) == (4, 3, [1, 1, 1, 0], 15.2)
    assert both.rounds == 25 and both.win_points == 10000
    with pytest.raises(ValueError, match="cannot merge"):
        totals.merge(Totals("B", 4))


def test_players_are_kept_by_name_or_by_seat_and_listed_in_order() -> None:
    """Four-player tables before three-player, more games first, then by name."""
    stats = Stats()
    rows = [_row("B", 1, 1.0), _row("A", 2, 1.0), _row("B", 3, 1.0)]
    rows.append(replace(_row("C", 1, 1.0), players=3))
    stats.add_rows(rows)
    assert [(t.players, t.name, t.games) for t in stats.players()] == [
        (4, "B", 2),
        (4, "A", 1),
        (3, "C", 1),
    ]
    by_seat = Stats(by="seat")
    by_seat.add_rows(rows)
    assert {t.name for t in by_seat.players()} == {"seat 0"}
    merged = stats.merge(by_seat)
    # kept apart by table size: seat 0 of the four-player games and of the three-player one
    assert {(t.players, t.name) for t in by_seat.players()} == {(4, "seat 0"), (3, "seat 0")}
    assert merged.by == "name" and len(merged.totals) == 5


def test_the_statistics_of_one_file_are_its_tables_added_up() -> None:
    replay, tables = _tables(GAMES[0])
    one = stats_of_file(str(GAMES[0]))
    assert [t.name for t in one.players()] == sorted(replay.log.names)
    by_name = {t.name: t for t in one.players()}
    for row in tables.players:
        assert by_name[row.name].rounds == row.rounds
        assert by_name[row.name].places[row.place - 1] == 1  # type: ignore[operator]
    assert stats_of_file(str(GAMES[0]), by="seat").players()[0].name.startswith("seat ")


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_deal_in_is_ready_as_the_review_finds_the_discarder(path: Path) -> None:
    """``ready_at_deal_in`` beside the review's own reading of the same moment: the decision
    whose discard (or kan) was won on, and whether its seat was ready after it."""
    from agari.play.summary import review_game

    replay, tables = _tables(path)
    review = review_game(replay.log, replay.rules, path.name)
    ready = {(d.index, d.seat): d.tenpai for d in review.decisions if d.dealt_in}
    dealt = {(r.index, r.seat): r.ready_at_deal_in for r in tables.rounds if r.dealt_in}
    assert dealt == ready
    assert set(dealt.values()) == {True, False} or len(dealt) < 3


def test_a_game_cut_short_has_no_places() -> None:
    """The first half of a log: the rounds before the cut are counted, but the game did not
    finish, so no place, score or points."""
    data = GAMES[0].read_bytes()
    done = read_game(data[: len(data) // 2], "cut.xml")
    assert done.replay is not None and done.error is not None
    tables = game_tables(done.replay)
    assert tables.players and all(
        (r.finished, r.place, r.score, r.points) == (False, None, None, None)
        for r in tables.players
    )
    whole, _ = _tables(GAMES[0])
    assert 0 < tables.players[0].rounds < len(whole.log.rounds)
