"""The build's code; the metadata is pyproject.toml's. Every build compiles the C core of the
analysis of play (``analysis/_acceptance.c``, which ``agari.analysis.efficiency`` uses where
it is there and replaces by Python where it is not) when a C compiler and the Python headers
are there, and goes on without it when they are not (an optional extension); ``AGARI_PURE=1``
leaves it out (a pure-Python wheel). With ``AGARI_COMPILE=1`` the hot modules below are also
compiled by mypyc into C extension modules that take the place of their ``.py`` files (which
the wheel keeps), and the C core is required."""

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
from agari_build import compiling, pure

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
    "settle/seats",
    "settle/win",
    "notation/text",
    "analysis/tables",
    "analysis/waiting",
    "analysis/ev",
    "analysis/efficiency",
    "game/table",
    "play/follow",
    "play/review",
    "play/summary",
    "game/logs/jsontext",
    "game/logs/mjlog",
    "game/logs/tenhou6",
    "game/logs/majsoul",
    "game/logs/riichicity",
    "game/logs/mjai",
    "game/replay",
    "game/replay_log",
    "game/ledger",
]

# AGARI_COMPILE_OPT: the C compiler's optimisation level (default 3, the build users get;
# CI checks the compiled build's behaviour at 0, which compiles in a fraction of the time).
opt_level = os.environ.get("AGARI_COMPILE_OPT", "3")


def c_core(optional: bool) -> Extension:
    """The review's C core; ``optional``: a failure to compile it is a warning, not an error."""
    return Extension(
        "agari.analysis._acceptance",
        ["src/agari/analysis/_acceptance.c"],
        extra_compile_args=[f"-O{opt_level}"],
        optional=optional,
    )


if compiling():
    from mypyc.build import mypycify

    compiled = mypycify([f"src/agari/{m}.py" for m in HOT_MODULES], opt_level=opt_level)
    setup(ext_modules=[*compiled, c_core(optional=False)])
elif pure():
    setup()
else:
    setup(ext_modules=[c_core(optional=True)])
