"""The machine instructions of a whole process, counted by valgrind's callgrind: a figure the
load of a shared machine barely moves (times on it swing by half). ``PYTHONHASHSEED`` is fixed
so that two runs of the same command count the same. Needs valgrind (``apt install
valgrind``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence


def instructions(command: Sequence[str], what: str) -> int:
    """The instructions ``command`` executes from start to exit; ``what`` names it when
    valgrind fails. Without valgrind, says so and exits (status 2): nothing is counted."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind); nothing counted", file=sys.stderr)
        raise SystemExit(2)
    counted = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(counted, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed for {what}:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))
