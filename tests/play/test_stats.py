"""Statistics over many games (SPEC §9, ``agari stats``): every figure recomputed from the
servers' own records -- places and points from the final result each log states, wins,
tsumo wins, deal-ins, riichi and calls from its events, the stated points of each win, ready
seats at draws from the servers' lists -- equals agari's for every player; the parts of an
archive add up to the whole (one process, worker processes, a local Dask cluster); the
tables for data tools hold the same figures.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from agari.game.files import read_game
from agari.game.logs import Call, Discard, ExhaustiveDraw, GameLog, Nagashi, Win
from agari.play.stats import Stats, Totals, game_tables, stats_of_file

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "logs"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/logs")
SUFFIXES = (".json", ".jsonl", ".xml")
#: Whole games whose every value the log states (the one-round excerpts are not games).
LOGS = [
    p
    for p in sorted((ROOT / "fixtures" / "logs").glob("*/*"))
    if p.suffix in SUFFIXES and not p.name.startswith("confusing_nakis")
]
if SHARED.is_dir():
    LOGS += sorted(
        p
        for folder in ("tenhou6", "mjlog", "mahjongsoul")
        for p in (SHARED / folder).glob("*")
        if p.suffix in SUFFIXES
    )


@pytest.fixture(scope="module")
def played() -> list[tuple[Path, Any]]:
    """Every log read and replayed once for the module's tests."""
    out = []
    for path in LOGS:
        done = read_game(path.read_bytes(), path.name)
        assert done.replay is not None and done.error is None, path
        out.append((path, done.replay))
    return out


#: A few files for the command's tests: three- and four-player, 2009 and 2022.
SOME = [
    str(ROOT / "fixtures" / "logs" / "mjlog" / name)
    for name in (
        "2009030520gm-00b9-0000-be2415fd.xml",
        "2009031123gm-00e1-0000-1456d6b0.xml",
        "2022010115gm-00a9-0000-ab4d3702.xml",
        "2022010201gm-00b9-0000-f593ed93.xml",
        "2022010415gm-00a9-0000-9bfd3aa2.xml",
    )
]


def _server_figures(logs: list[GameLog]) -> dict[tuple[int, str], dict[str, Any]]:
    """SPEC §9's sums, counted from what each log states, without agari's replay."""
    sums: dict[tuple[int, str], dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    for log in logs:
        n = log.players
        names = log.names
        for round_log in log.rounds:
            wins = [e for e in round_log.events if isinstance(e, Win)]
            for seat in range(n):
                mine = sums[n, names[seat]]
                mine["rounds"] += 1
                won = [w for w in wins if w.seat == seat]
                mine["wins"] += bool(won)
                mine["tsumo_wins"] += any(w.from_seat == seat for w in won)
                mine["win_points"] += sum(w.points or 0 for w in won)
                into = [w for w in wins if w.from_seat == seat and w.seat != seat]
                mine["deal_ins"] += bool(into)
                mine["deal_in_points"] += sum(w.points or 0 for w in into)
                events = round_log.events
                mine["riichi"] += any(
                    isinstance(e, Discard) and e.seat == seat and e.riichi for e in events
                )
                mine["calls"] += any(
                    isinstance(e, Call) and e.seat == seat and e.kind in ("chi", "pon", "daiminkan")
                    for e in events
                )
                for e in events:
                    if isinstance(e, ExhaustiveDraw | Nagashi) and e.tenpai is not None:
                        mine["draws"] += 1
                        mine["draws_ready"] += seat in e.tenpai
    return sums


def test_every_figure_as_the_servers_recorded_it(played: list[tuple[Path, Any]]) -> None:
    logs = [replay.log for _, replay in played]
    stats = Stats()
    for _, replay in played:
        stats.add_rows(game_tables(replay).players)
    theirs = _server_figures(logs)
    assert set(theirs) == set(stats.totals)
    for key, totals in stats.totals.items():
        want = theirs[key]
        assert totals.rounds == want["rounds"], key
        assert (totals.wins, totals.tsumo_wins) == (want["wins"], want["tsumo_wins"]), key
        assert totals.win_points == want["win_points"], key
        assert (totals.deal_ins, totals.deal_in_points) == (
            want["deal_ins"],
            want["deal_in_points"],
        ), key
        assert (totals.riichi_rounds, totals.call_rounds) == (want["riichi"], want["calls"]), key
        assert (totals.draws, totals.draws_ready) == (want["draws"], want["draws_ready"]), key


def test_places_and_points_as_each_log_states_them(played: list[tuple[Path, Any]]) -> None:
    """Every game whose log states its final result: each player's place (by the final
    score, ties to the seat nearer the first dealer, RULES.md "Games") and final points."""
    checked = 0
    for _, replay in played:
        log = replay.log
        if log.final_scores is None or log.final_points is None:
            continue
        rows = game_tables(replay).players
        scores = log.final_scores
        order = sorted(range(log.players), key=lambda s: (-scores[s], s))
        for place, seat in enumerate(order, start=1):
            assert (rows[seat].place, rows[seat].points) == (place, log.final_points[seat])
        checked += 1
    assert checked >= 26


def test_the_figures_are_ratios_of_the_sums() -> None:
    """SPEC §9's definitions on made-up sums: 2 wins in 10 rounds, 1 by tsumo…"""
    totals = Totals("A", 4, games=2, rounds=10, wins=2, tsumo_wins=1, win_points=9000)
    totals.places = [1, 0, 1, 0]
    totals.deal_ins, totals.deal_in_points, totals.deal_ins_ready = 2, 10000, 1
    totals.riichi_rounds, totals.call_rounds, totals.draws, totals.draws_ready = 3, 4, 2, 1
    f = totals.figures()
    assert (f["win_rate"], f["tsumo_rate"], f["average_win"]) == (0.2, 0.5, 4500)
    assert (f["deal_in_rate"], f["average_deal_in"], f["deal_in_while_tenpai"]) == (0.2, 5000, 0.5)
    assert (f["riichi_rate"], f["call_rate"], f["draw_tenpai_rate"]) == (0.3, 0.4, 0.5)
    assert f["average_place"] == 2.0  # a first and a third
    assert Totals("B", 3).figures()["win_rate"] is None  # nothing to divide
    with pytest.raises(ValueError, match="cannot merge"):
        totals.merge(Totals("B", 4))


def test_the_parts_add_up_to_the_whole(played: list[tuple[Path, Any]]) -> None:
    """Counted file by file and merged, the statistics are those of one pass."""
    whole = Stats()
    parts = []
    for path, replay in played[:10]:
        whole.add_rows(game_tables(replay).players)
        parts.append(stats_of_file(str(path)))
    merged = Stats()
    for part in parts:
        merged = merged.merge(part)
    assert {k: t.figures() for k, t in merged.totals.items()} == {
        k: t.figures() for k, t in whole.totals.items()
    }


def test_an_archive_counted_on_a_local_dask_cluster() -> None:
    """README "Counting an archive on a cluster": the same figures as one process."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    import functools

    files = SOME
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cl,
        distributed.Client(cl) as client,
    ):
        futures = client.map(stats_of_file, files)
        total = client.submit(lambda parts: functools.reduce(Stats.merge, parts), futures).result()
    one = functools.reduce(Stats.merge, map(stats_of_file, files))
    assert {k: t.figures() for k, t in total.totals.items()} == {
        k: t.figures() for k, t in one.totals.items()
    }


# --------------------------------------------------------------------------- the command


def _agari(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agari", "stats", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_json_jobs_and_filters() -> None:
    one = _agari(*SOME, "--json")
    assert one.returncode == 0, one.stderr
    rows = [json.loads(line) for line in one.stdout.splitlines()]
    keys = {"name", "games", "rounds", "places", "average_place", "points", "win_rate",
            "tsumo_rate", "deal_in_rate", "riichi_rate", "call_rate", "average_win",
            "average_deal_in", "draw_tenpai_rate", "deal_in_while_tenpai"}  # fmt: skip
    assert all(keys <= set(r) for r in rows)
    assert {r["players"] for r in rows} == {3, 4}
    assert _agari(*SOME, "--json", "-j", "2").stdout == one.stdout
    three = [json.loads(x) for x in _agari(*SOME, "--json", "--players", "3").stdout.splitlines()]
    assert three and {r["players"] for r in three} == {3}
    since = _agari(*SOME, "--json", "--since", "2022-01-01", "--player", "player A")
    rows = [json.loads(x) for x in since.stdout.splitlines()]
    assert {r["name"] for r in rows} == {"player A"}
    # of these files, those of 2022: two four-player games and one three-player
    assert sorted(r["games"] for r in rows) == [1, 2]
    assert _agari(*SOME, "--since", "2022-13-01").returncode == 2
    assert "deal_in_while_tenpai" in _agari("--explain").stdout


def test_the_tables_hold_the_same_figures(tmp_path: Path) -> None:
    """The CSV tables (and Parquet, where pyarrow is) give back the figures."""
    done = _agari(*SOME, "--json", "--csv", str(tmp_path / "csv"), "--players", "4")
    figures = {r["name"]: r for r in map(json.loads, done.stdout.splitlines())}
    with open(tmp_path / "csv" / "players.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    wins: dict[str, int] = defaultdict(int)
    rounds: dict[str, int] = defaultdict(int)
    for row in rows:
        wins[row["name"]] += int(row["wins"])
        rounds[row["name"]] += int(row["rounds"])
    for name, row in figures.items():
        assert round(wins[name] / rounds[name], 4) == row["win_rate"]
    with open(tmp_path / "csv" / "wins.csv", encoding="utf-8") as handle:
        assert sum(1 for _ in csv.DictReader(handle)) == sum(wins.values())
    pytest.importorskip("pyarrow", reason="the parquet extra is not installed")
    import pyarrow.parquet as pq

    _agari(*SOME, "--parquet", str(tmp_path / "pq"), "--players", "4")
    table = pq.read_table(tmp_path / "pq" / "players.parquet").to_pylist()
    assert sum(r["wins"] for r in table) == sum(wins.values())
    assert {r["name"] for r in table} == set(figures)


def test_bad_input_is_reported_and_the_rest_counted(tmp_path: Path) -> None:
    good = ROOT / "fixtures" / "logs" / "mjlog" / "2022010115gm-00a9-0000-ab4d3702.xml"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    done = _agari(str(good), str(bad), "--json")
    assert done.returncode == 1 and "bad.json" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout.count("\n") == 4
    assert _agari(str(tmp_path / "none-*.xml")).returncode == 1
    assert _agari().returncode == 2


def test_the_readme_duckdb_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's DuckDB block, run on the tables its comment says to write, prints the
    win rates of the table above it (the figures of --json)."""
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```python\nimport duckdb", 1)[1].split("```", 1)[0]
    sql = block.split('"""', 2)[1]
    monkeypatch.chdir(tmp_path)
    folder = str(ROOT / "fixtures" / "logs" / "mjlog")
    assert _agari(folder, "--players", "4", "--csv", str(tmp_path / "tables")).returncode == 0
    rows = duckdb.sql(sql).fetchall()
    figures = {
        r["name"]: r["win_rate"]
        for r in map(json.loads, _agari(folder, "--json", "--players", "4").stdout.splitlines())
    }
    assert {name: rate for name, rate in rows} == figures
    assert "player A 0.1985" in block and figures["player A"] == 0.1985
