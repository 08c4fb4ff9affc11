"""``agari rules``: the rule presets and their switches.

    agari rules           every switch, all presets side by side, and where they come from
    agari rules NAME      one preset's switches, the values each switch may take, its source
    agari rules --json    the same as JSON

Exit status 0, or 2 for an unknown preset name or option.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from agari.errors import RuleError
from agari.lang import _
from agari.rules import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    PRESET_SOURCES,
    SWITCH_MEANINGS,
    SWITCH_SOURCES,
    SWITCH_VALUES,
    Rules,
)

__all__ = ["run", "table_text"]

USAGE = "usage: agari rules [--json] [PRESET]\n"


def table_text() -> str:
    """Every switch with its value in every preset, side by side."""
    presets = [Rules.preset(name) for name in PRESET_NAMES]
    header = ["switch", *PRESET_NAMES, "values"]
    rows = [header]
    for key, allowed in SWITCH_VALUES.items():
        rows.append([key, *(p.value_text(key) for p in presets), "/".join(allowed)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(f"default preset: {DEFAULT_PRESET}; choose with --rules NAME, change a switch")
    lines.append("with --rule KEY=VALUE (repeatable). Sources:")
    for name in PRESET_NAMES:
        lines.append(f"  {name}: {PRESET_SOURCES.get(name, '')}")
    lines.append("House rules (off in every preset unless named there):")
    for key, source in SWITCH_SOURCES.items():
        lines.append(f"  {key}: {source}")
    return "\n".join(lines) + "\n"


def preset_text(name: str) -> str:
    """One preset's switches, what each means and may take, and the source."""
    rules = Rules.preset(name)
    width = max(len(k) for k in SWITCH_VALUES)
    vwidth = max(len(rules.value_text(k)) for k in SWITCH_VALUES)
    lines = [f"{rules.name}: {PRESET_SOURCES.get(rules.name, '')}", ""]
    for key, allowed in SWITCH_VALUES.items():
        lines.append(
            f"  {key:<{width}}  {rules.value_text(key):<{vwidth}}  "
            f"({'/'.join(allowed)}) {SWITCH_MEANINGS[key]}".rstrip()
        )
    lines.append("")
    lines.append("House rules' sources:")
    for key, source in SWITCH_SOURCES.items():
        lines.append(f"  {key}: {source}")
    return "\n".join(lines) + "\n"


def _json(name: str | None) -> str:
    if name is None:
        record = {
            "default": DEFAULT_PRESET,
            "switches": {k: list(v) for k, v in SWITCH_VALUES.items()},
            "presets": {n: Rules.preset(n).switches() for n in PRESET_NAMES},
            "sources": {n: PRESET_SOURCES.get(n, "") for n in PRESET_NAMES},
            "switch_sources": dict(SWITCH_SOURCES),
        }
    else:
        rules = Rules.preset(name)
        record = {
            "preset": rules.name,
            "switches": rules.switches(),
            "source": PRESET_SOURCES.get(rules.name, ""),
        }
    return json.dumps(record, ensure_ascii=False) + "\n"


def run(argv: Sequence[str]) -> int:
    """``agari rules [--json] [PRESET]``; returns the exit status."""
    args = list(argv)
    as_json = "--json" in args
    args = [a for a in args if a != "--json"]
    if any(a in ("-h", "--help") for a in args):
        sys.stdout.write(USAGE + (__doc__ or "").split("\n\n", 1)[-1])
        return 0
    unknown = [a for a in args if a.startswith("-")]
    if unknown or len(args) > 1:
        what = (
            _("unknown option {option}").format(option=repr(unknown[0]))
            if unknown
            else _("give at most one preset name")
        )
        sys.stderr.write(f"agari rules: {what}\n{USAGE}")
        return 2
    name = args[0] if args else None
    try:
        if as_json:
            sys.stdout.write(_json(name))
        else:
            sys.stdout.write(preset_text(name) if name else table_text())
    except RuleError as error:
        sys.stderr.write(f"agari rules: {error}\n")
        return 2
    return 0
