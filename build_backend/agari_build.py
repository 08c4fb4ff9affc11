"""agari's build backend: setuptools' own (``setuptools.build_meta``), with one addition.

``AGARI_COMPILE=1 pip install .`` asks for the compiled build: ``setup.py`` then compiles
the hot modules with mypyc, so mypy (which ships mypyc) and lark (whose types the notation
module uses) become build requirements of the wheel -- of that build only, so that the
default install needs no mypy. (The default install compiles only the review's C core, and
only where a C compiler is there: ``setup.py``.) An editable install never compiles the
modules (compiled modules beside their sources in ``src/`` would shadow every edit); it
builds the C core in place, as any install does.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook not redefined here)

#: What the compiled build needs to build (mypyc is part of mypy; lark for its types).
COMPILE_REQUIRES = ["mypy>=1.11", "lark>=1.1"]


def _asked(variable: str) -> bool:
    return os.environ.get(variable, "").strip().lower() in {"1", "true", "yes", "on"}


def compiling() -> bool:
    """Whether the compiled build was asked for (``AGARI_COMPILE=1``)."""
    return _asked("AGARI_COMPILE")


def pure() -> bool:
    """Whether a pure-Python build was asked for (``AGARI_PURE=1``): no C core either."""
    return _asked("AGARI_PURE")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if not compiling():
        return list(_setuptools.get_requires_for_build_wheel(config_settings))
    # setuptools runs setup.py to ask it; mypyc is not installed yet, so it runs as pure.
    os.environ.pop("AGARI_COMPILE")
    try:
        requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    finally:
        os.environ["AGARI_COMPILE"] = "1"
    return requires + COMPILE_REQUIRES


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    if compiling():
        print("agari: an editable install is not compiled; AGARI_COMPILE ignored", file=sys.stderr)
        os.environ.pop("AGARI_COMPILE", None)
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, Any] | None = None,
    metadata_directory: str | None = None,
) -> str:
    # pip builds a local folder in place: a staging folder left by the other build (build/lib
    # holding compiled modules, or not) would put its files into this wheel.
    for stale in glob.glob(os.path.join("build", "lib*")):
        shutil.rmtree(stale, ignore_errors=True)
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
