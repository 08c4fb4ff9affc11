"""Mutation testing of the game wing: how many mutants of the settlement, the ledger, the
standings and the round table their tests kill (issue 26: at least 90 %), and of the play
wing's follower and review (issue 28). The figures, before and after, are in
``benchmarks/mutation.md``.

    pip install -e '.[dev]' mutmut                  # mutmut 3.x (3.8.1 measured)
    python benchmarks/mutation.py                   # every group below, one after the other
    python benchmarks/mutation.py settle --survivors          # one group, and what survived
    python benchmarks/mutation.py src/agari/settle/draws.py   # one module, its group's tests
    python benchmarks/mutation.py game --rev 71ccbe3          # a commit's sources and tests

For each group of modules (:data:`GROUPS`) it copies the repository's files (those git
tracks and the new ones it does not ignore, or with ``--rev`` those of a commit) into a
scratch folder (``--workdir``, by default ``agari-mutation`` in the temporary folder, one
subfolder per group, emptied first unless ``--keep``), adds a ``[tool.mutmut]`` table to the
copy's ``pyproject.toml`` that mutates only the group's modules (or those asked for) and
selects the group's tests, runs ``mutmut run --max-children JOBS`` there (its output in
``mutmut.log``) and prints, per module, the mutants made and how many the tests killed;
``--survivors`` adds the diff of every mutant that survived. The checkout itself is never
touched.

mutmut mutates the bodies of functions and methods (not module constants, nor decorated
functions such as properties) and runs, for each mutant, only the selected tests that call
the mutated function, fastest first, stopping at the first failure (it records which tests
call which function in one run first). A group's tests are those of its modules (the doctests
of its modules included: ``--doctest-modules`` is in pytest's ``addopts``). Left out
everywhere (:data:`DESELECT`): tests that drive a command in a subprocess (it imports the
installed, unmutated package, so they cannot kill a mutant), the same log replays again under
another file name or blanked, and the damaged-log fuzz run (the readers' errors).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The modules measured (issues 26 and 28) by group, each with the tests run against its
#: mutants.
GROUPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "settle": (
        (
            "src/agari/settlement.py",
            "src/agari/settle/__init__.py",
            "src/agari/settle/limits.py",
            "src/agari/settle/seats.py",
            "src/agari/settle/rons.py",
            "src/agari/settle/win.py",
            "src/agari/settle/draws.py",
            "src/agari/settle/table.py",
        ),
        (
            "tests/test_payment.py",
            "tests/test_payment_cli.py",
            "tests/test_several_rons.py",
            "tests/test_settle_rules.py",
            "tests/test_house.py",
            "tests/test_sanma.py",
            "tests/test_sanma_seats.py",
            "tests/test_game.py",
            "tests/test_game_rules.py",
            "src/agari/settlement.py",
            "src/agari/settle",
        ),
    ),
    "game": (
        ("src/agari/game/ledger.py", "src/agari/game/standings.py"),
        (
            "tests/test_game.py",
            "tests/test_game_rules.py",
            "tests/test_several_rons.py",
            "tests/test_sheet_names.py",
            "tests/test_sanma_seats.py",
            "tests/test_sanma_logs.py",
            "tests/game/test_replay_logs.py",
            "tests/game/test_log_content.py",
            "tests/game/test_majsoul.py",
            "src/agari/game/ledger.py",
            "src/agari/game/standings.py",
            "src/agari/game/replay.py",
        ),
    ),
    "table": (
        ("src/agari/game/table.py",),
        (
            "tests/game",
            "tests/test_sanma_logs.py",
            "src/agari/game/table.py",
        ),
    ),
    "play": (
        (
            "src/agari/play/follow.py",
            "src/agari/play/review.py",
            "src/agari/play/summary.py",
        ),
        (
            "tests/play/test_follow.py",
            "tests/play/test_review.py",
            "tests/play/test_review_records.py",
            "src/agari/play/follow.py",
            "src/agari/play/review.py",
            "src/agari/play/summary.py",
        ),
    ),
    "calls": (
        ("src/agari/analysis/calls.py", "src/agari/analysis/open_yaku.py"),
        (
            "tests/test_seen_river_call.py",
            "src/agari/analysis/calls.py",
            "src/agari/analysis/open_yaku.py",
        ),
    ),
    "stats": (
        ("src/agari/play/stats.py",),
        (
            "tests/play/test_stats.py",
            "tests/play/test_stats_tables.py",
            "src/agari/play/stats.py",
        ),
    ),
}

#: Tests left out (node id prefixes): those that drive a command in a subprocess (it imports
#: the installed, unmutated package: they cannot kill a mutant, and they cost most of the
#: time), the replays of the same logs again (blanked, or under another file name: they kill
#: nothing the replays themselves do not), the damaged-log fuzz run, and the statistics
#: counted on a local dask cluster (its workers are processes of their own, and it outlives
#: mutmut's time limit).
DESELECT = (
    "tests/test_payment_cli.py::test_subprocess_subcommands",
    "tests/test_game.py::test_cli_game_half_way_and_errors",
    "tests/test_game.py::test_cli_game_json_follows_spec_7",
    "tests/game/test_log_content.py::test_rules_for_the_wrong_number_of_players_is_a_usage_error",
    "tests/game/test_log_content.py::test_a_log_blanked_in_its_file_replays_the_same",
    "tests/game/test_log_content.py::test_a_log_under_a_neutral_name_replays_the_same",
    "tests/game/test_replay_logs.py::test_a_blanked_log_gives_the_same_output",
    "tests/game/test_replay_logs.py::test_a_discard_not_in_the_hand_names_the_game_round_and_event",
    "tests/game/test_replay_logs.py::test_a_truncated_log_keeps_the_rounds_before_the_cut",
    "tests/game/test_replay_logs.py::test_check_fails_on_a_value_agari_does_not_reproduce",
    "tests/game/test_replay_logs.py::test_check_json_and_jobs",
    "tests/game/test_replay_logs.py::test_the_readme_shows_the_real_output",
    "tests/game/test_log_fuzz.py",
    "tests/play/test_review.py::test_the_command_text_json_and_html",
    "tests/play/test_review.py::test_the_command_refuses_what_it_cannot_review",
    "tests/play/test_review.py::test_a_log_damaged_in_its_play_is_reviewed_up_to_the_damage",
    "tests/play/test_stats.py::test_an_archive_counted_on_a_local_dask_cluster",
    "tests/play/test_stats.py::test_json_jobs_and_filters",
    "tests/play/test_stats.py::test_the_tables_hold_the_same_figures",
    "tests/play/test_stats.py::test_bad_input_is_reported_and_the_rest_counted",
    "tests/play/test_stats.py::test_the_readme_duckdb_example",
)

#: Files the tests read beside the sources and the tests (mutmut copies ``src`` and ``tests``).
ALSO_COPY = ("fixtures", "README.md", "grammar", "benchmarks", "scripts", "examples", "docs")

#: mutmut's exit codes of a mutant's test run, as it reads them (``mutmut.stats``).
STATUS: dict[int | None, str] = {1: "killed", 3: "killed", 0: "survived", None: "not checked"}
STATUS |= dict.fromkeys((5, 33), "no tests") | dict.fromkeys((36, 24, -24, 152, 255), "timeout")


def _toml_list(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"


def _copy_sources(workdir: Path, rev: str | None) -> None:
    """The repository's files into ``workdir``: those of commit ``rev``, or the working
    tree's (tracked, and new ones git does not ignore)."""
    workdir.mkdir(parents=True, exist_ok=True)
    if rev is not None:
        archive = subprocess.run(
            ["git", "archive", "--format=tar", rev], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-xf", "-"], cwd=workdir, input=archive, check=True)
        return
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = workdir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != source.read_bytes():
                shutil.copy2(source, target)


def prepare(workdir: Path, modules: list[str], tests: tuple[str, ...], rev: str | None) -> None:
    """The scratch copy of the repository with mutmut's configuration."""
    _copy_sources(workdir, rev)
    selection = [t for t in tests if (workdir / t).exists()]
    selection += [arg for test in DESELECT for arg in ("--deselect", test)]
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {_toml_list(modules)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(selection)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]\n'
        f"also_copy = {_toml_list(ALSO_COPY)}\n"
    )
    pyproject = workdir / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8").split("\n[tool.mutmut]\n")[0]
    pyproject.write_text(text + config, encoding="utf-8")


def results(workdir: Path, module: str) -> dict[str, str]:
    """Each mutant of ``module`` with its status (``killed``, ``survived`` …)."""
    meta = workdir / "mutants" / (module + ".meta")
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return {name: STATUS.get(code, "other") for name, code in codes.items()}


def show_survivors(workdir: Path, survivors: list[tuple[str, str]]) -> None:
    """The diff of each surviving mutant (mutmut's own ``mutmut show``, in one process)."""
    here = Path.cwd()
    os.chdir(workdir)  # mutmut reads its configuration from the folder it runs in
    try:
        from mutmut.mutation.diff_apply import get_diff_for_mutant

        for module, name in survivors:
            print(f"# {name}")
            print(get_diff_for_mutant(name, path=module))
    finally:
        os.chdir(here)


def _plan(asked: list[str]) -> dict[str, list[str]]:
    """The modules to mutate in each group: a group's name asks for all of its modules."""
    plan: dict[str, list[str]] = {}
    for word in asked or list(GROUPS):
        for group, (modules, _) in GROUPS.items():
            if word == group or word in modules:
                plan.setdefault(group, [])
                plan[group] += [m for m in modules if word in (group, m)]
                break
        else:
            raise SystemExit(f"mutation.py: {word!r} is neither a group nor a module of one")
    return plan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("what", nargs="*", help="groups or modules (default: every group)")
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "agari-mutation"
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--keep", action="store_true", help="keep an earlier run's results")
    parser.add_argument("--rev", help="measure this commit's sources and tests instead")
    parser.add_argument("--survivors", action="store_true", help="show each surviving mutant")
    args = parser.parse_args(argv)
    plan = _plan(args.what)
    rows: list[tuple[str, Counter[str]]] = []
    survivors: list[tuple[Path, str, str]] = []
    for group, modules in plan.items():
        workdir = args.workdir / group
        if workdir.exists() and not args.keep:
            shutil.rmtree(workdir)
        prepare(workdir, modules, GROUPS[group][1], args.rev)
        with open(workdir / "mutmut.log", "w", encoding="utf-8") as log:
            run = subprocess.run(
                [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs)],
                cwd=workdir,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if run.returncode:
            print(f"mutmut failed ({run.returncode}); see {workdir / 'mutmut.log'}")
            return 1
        for module in modules:
            found = results(workdir, module)
            rows.append((module, Counter(found.values())))
            survivors += [(workdir, module, n) for n, s in found.items() if s in _LIVE]
    print(f"{'module':32} {'mutants':>7} {'killed':>7} {'survived':>8} {'rate':>6}")
    for module, counts in [*rows, ("all", sum((c for _, c in rows), Counter()))]:
        made = sum(counts.values())
        killed = counts["killed"] + counts["timeout"]
        rate = f"{100 * killed / made:5.1f}%" if made else "     -"
        print(f"{module:32} {made:7} {killed:7} {made - killed:8} {rate}")
    if args.survivors:
        for workdir, module, name in survivors:
            show_survivors(workdir, [(module, name)])
    return 0


#: The statuses of a mutant no test killed.
_LIVE = ("survived", "no tests", "not checked", "other")


if __name__ == "__main__":
    sys.exit(main())
