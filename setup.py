"""Only for the compiled build: the metadata is pyproject.toml's. Without AGARI_COMPILE=1
this is a plain ``setup()``; with it, the hot modules below are compiled by mypyc into C
extension modules that take the place of their ``.py`` files (which the wheel keeps), and
the C core of the analysis of play (``analysis/_acceptance.c``, which
``agari.analysis.efficiency`` uses where it is there) is built beside them."""

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
from agari_build import compiling

#: The modules compiled (chosen by profiling the scoring of prepared and text input, the
#: analysis of a hand, replaying a game and the analysis of its play).
HOT_MODULES = [
    "tiles",
    "hand",
    "rules",
    "api",
    "notation/validate",
    "result",
    "settlement",
    "engine/decompose",
    "engine/features",
    "engine/yaku",
    "engine/fu",
    "engine/dora",
    "engine/scoring",
    "settle/limits",
    "settle/win",
    "notation/text",
    "analysis/tables",
    "analysis/waiting",
    "analysis/ev",
    "analysis/efficiency",
    "game/table",
    "play/follow",
    "play/review",
    "game/logs/mjlog",
    "game/replay",
    "game/replay_log",
    "game/ledger",
]

if compiling():
    from mypyc.build import mypycify

    # AGARI_COMPILE_OPT: the C compiler's optimisation level (default 3, the build users get;
    # CI checks the compiled build's behaviour at 0, which compiles in a fraction of the time).
    opt_level = os.environ.get("AGARI_COMPILE_OPT", "3")
    native = Extension(
        "agari.analysis._acceptance",
        ["src/agari/analysis/_acceptance.c"],
        extra_compile_args=[f"-O{opt_level}"],
    )
    compiled = mypycify([f"src/agari/{m}.py" for m in HOT_MODULES], opt_level=opt_level)
    setup(ext_modules=[*compiled, native])
else:
    setup()
