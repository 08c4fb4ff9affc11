"""Check that the default build and the compiled build give byte-identical JSON.

    python scripts/compare_builds.py --compiled /path/to/venv-c/bin/python
    python scripts/compare_builds.py --pure PYTHON --compiled PYTHON [--oracle FILE]

Each interpreter runs ``agari batch --json`` (in a process of its own) over the fixtures
(``fixtures/hands_*.toml``, under their own rules) and, where it is present, the development
oracle (``../shared/oracle/majiang_hule.jsonl`` beside this repository, under ``tenhou``),
plus the waits and discard tables of every 13- and 14-tile hand of ``examples/``, and the
replay and the review of every game of ``fixtures/logs`` (``agari game --json``, ``agari
review --json``); the outputs must be equal byte for byte. ``--pure`` (the default build,
its modules interpreted: ``(pure Python)``, or ``(pure Python, C core)`` where the review's C
core was built) defaults to this interpreter with the source tree beside this script on its
path; ``--compiled`` is a Python whose installed agari says ``(compiled)`` (``AGARI_COMPILE=1
pip install .``). The review's figures in Python and in C are held to each other by
tests/play/test_review.py. Exit status 0 when every output agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(python: str, src: bool, args: list[str]) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    if src:
        env["PYTHONPATH"] = str(ROOT / "src")
    return subprocess.run(
        [python, "-m", "agari", *args], capture_output=True, env=env, cwd=ROOT, check=False
    )


def _build(python: str, src: bool) -> str:
    out = _run(python, src, ["--version"]).stdout.decode().strip()
    return out[out.rfind("(") + 1 : -1] if out.endswith(")") else f"unknown: {out!r}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pure", help="the pure build's Python (default: this one, ../src)")
    parser.add_argument("--compiled", required=True, help="a Python with the compiled build")
    parser.add_argument(
        "--oracle",
        type=Path,
        default=ROOT.parent / "shared" / "oracle" / "majiang_hule.jsonl",
        help="the development oracle (skipped when absent)",
    )
    args = parser.parse_args(argv)
    pure, pure_src = (args.pure, False) if args.pure else (sys.executable, True)
    builds = {"pure": (pure, pure_src), "compiled": (args.compiled, False)}
    for name, (python, src) in builds.items():
        kind = _build(python, src)
        expected = "pure Python" if name == "pure" else "compiled"
        if kind.split(",")[0] != expected:  # "pure Python, C core" is the default build too
            print(f"{name}: {python} runs the {kind!r} build, not {expected!r}")
            return 1
    fixtures = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("fixtures/hands_*.toml"))
    runs = {"fixtures": ["batch", "--json", *fixtures]}
    if args.oracle.is_file():
        runs["oracle"] = ["batch", "--json", "--rules", "tenhou", str(args.oracle)]
    else:
        print(f"oracle: {args.oracle} not found, skipped")
    examples = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("examples/*.txt"))
    if examples:
        runs["examples"] = ["batch", "--json", *examples]
    waiting = ["123m456p789s1155z", "234m067p3457899s1z", "1112345678999m", "19m19p19s1234567z"]
    # what the player sees (issue 28): unseen counts, furiten, the calls of a discard
    waiting += ["123m456p789s1155z seen=5z river=1z", "234m067p3457899s1z river=6s"]
    waiting += ["12405m789p789s11z call=3m", "666m067p2345s55z7z call=6m seen=1z"]
    runs["analysis"] = ["--json", "--rules", "tenhou", *waiting]
    runs["games"] = ["game", "--json", "fixtures/logs"]
    runs["review"] = ["review", "--json", "fixtures/logs"]
    failed = 0
    for label, command in runs.items():
        outputs = {name: _run(python, src, command) for name, (python, src) in builds.items()}
        a, b = outputs["pure"], outputs["compiled"]
        lines = a.stdout.count(b"\n")
        if a.stdout == b.stdout and a.returncode == b.returncode:
            print(f"{label}: {lines:,} records, byte-identical (exit {a.returncode})")
            continue
        failed += 1
        print(f"{label}: DIFFERENT (exit {a.returncode} vs {b.returncode})")
        for n, (x, y) in enumerate(zip(a.stdout.splitlines(), b.stdout.splitlines(), strict=False)):
            if x != y:
                print(
                    f"  first difference, line {n + 1}:\n  pure     {x[:300]!r}\n"
                    f"  compiled {y[:300]!r}"
                )
                break
        else:
            other = b.stdout.count(b"\n")
            print(f"  {lines:,} and {other:,} lines; stderr: {b.stderr[-300:]!r}")
    print("every output agrees" if not failed else f"{failed} of {len(runs)} outputs differ")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
