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
from agari.lang import N_, _
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
#: What ``agari rules --help`` says after the usage (translated where shown).
_HELP = N_("""\
    agari rules           every switch, all presets side by side, and where they come from
    agari rules NAME      one preset's switches, the values each switch may take, its source
    agari rules --json    the same as JSON

Exit status 0, or 2 for an unknown preset name or option.
""")


def _usage() -> str:
    """:data:`USAGE` in the current language."""
    return _("usage: ") + USAGE.removeprefix("usage: ")


def _ljust(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns as a terminal shows it (a CJK character takes
    two)."""
    from agari.render.sheet import display_width

    return text + " " * (width - display_width(text))


def table_text() -> str:
    """Every switch with its value in every preset, side by side (in the current language:
    the headings, the sentences and the sources; the names and values stay as written)."""
    from agari.render.sheet import display_width

    presets = [Rules.preset(name) for name in PRESET_NAMES]
    header = [_("switch"), *PRESET_NAMES, _("values")]
    rows = [header]
    for key, allowed in SWITCH_VALUES.items():
        rows.append([key, *(p.value_text(key) for p in presets), "/".join(allowed)])
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(_ljust(c, widths[i]) for i, c in enumerate(r)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(
        _(
            "default preset: {preset}; choose with --rules NAME, change a switch\n"
            "with --rule KEY=VALUE (repeatable). Sources:"
        ).format(preset=DEFAULT_PRESET)
    )
    for name in PRESET_NAMES:
        lines.append(f"  {name}: {_source(PRESET_SOURCES.get(name, ''))}")
    lines.append(_("House rules (off in every preset unless named there):"))
    for key, source in SWITCH_SOURCES.items():
        lines.append(f"  {key}: " + _(source))
    return "\n".join(lines) + "\n"


def _source(text: str) -> str:
    """A preset's source in the current language (none: nothing)."""
    return _(text) if text else ""


def preset_text(name: str) -> str:
    """One preset's switches, what each means and may take, and the source."""
    rules = Rules.preset(name)
    width = max(len(k) for k in SWITCH_VALUES)
    vwidth = max(len(rules.value_text(k)) for k in SWITCH_VALUES)
    lines = [f"{rules.name}: {_source(PRESET_SOURCES.get(rules.name, ''))}", ""]
    for key, allowed in SWITCH_VALUES.items():
        meaning = _(SWITCH_MEANINGS[key])
        lines.append(
            f"  {key:<{width}}  {rules.value_text(key):<{vwidth}}  "
            f"({'/'.join(allowed)}) {meaning}".rstrip()
        )
    lines.append("")
    lines.append(_("House rules' sources:"))
    for key, source in SWITCH_SOURCES.items():
        lines.append(f"  {key}: " + _(source))
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
        sys.stdout.write(_usage() + _(_HELP))
        return 0
    unknown = [a for a in args if a.startswith("-")]
    if unknown or len(args) > 1:
        what = (
            _("unknown option {option}").format(option=repr(unknown[0]))
            if unknown
            else _("give at most one preset name")
        )
        sys.stderr.write(f"agari rules: {what}\n{_usage()}")
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
