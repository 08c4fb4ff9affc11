"""Rule switches (SPEC §6) and the five presets (RULES.md "Presets").

A :class:`Rules` is frozen and travels with every call; it is built from a preset plus
overrides and never changes afterwards.

>>> Rules.preset("tenhou").kiriage
False
>>> Rules.preset("wrc2025").with_overrides({"kiriage": "off"}).kiriage
False
>>> Rules.preset("tenhou").with_overrides({"kiriage": "on"}).describe()
'tenhou (kiriage=on)'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final

from agari.errors import RuleError

PRESET_NAMES: Final = ("wrc2025", "ema2016", "tenhou", "majsoul", "mleague")
DEFAULT_PRESET: Final = "wrc2025"

#: The values each switch may take, in the spelling of the CLI (``--rule KEY=VALUE``).
SWITCH_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "aka": ("on", "off"),
    "open_tanyao": ("on", "off"),
    "kiriage": ("on", "off"),
    "kazoe": ("yakuman", "sanbaiman"),
    "double_yakuman": ("on", "off"),
    "yakuman_stacking": ("on", "off"),
    "double_wind_fu": ("2", "4"),
    "renhou": ("none", "mangan", "yakuman"),
    "chiitoitsu": ("25fu2han", "50fu1han"),
    "fu_rounding": ("tens", "fives"),
    "rinshan_fu": ("on", "off"),
    "honba": ("<integer>",),
    "nagashi": ("on", "off"),
    "wareme": ("on", "off"),
    "players": ("4", "3"),
    "chombo": ("mangan", "20000"),
    "pao_suukantsu": ("on", "off"),
    "kokushi_ankan_chankan": ("on", "off"),
    "pinfu_tsumo": ("on", "off"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch of SPEC §6, plus two table rows of RULES.md made switches:
    ``pao_suukantsu`` (liability also for the fourth kan) and ``kokushi_ankan_chankan``
    (thirteen orphans may rob a closed kan), and one variant of the seeds:
    ``pinfu_tsumo`` (off: pinfu only by ron; a tsumo gets its 2 fu)."""

    name: str = DEFAULT_PRESET
    aka: bool = False
    open_tanyao: bool = True
    kiriage: bool = True
    kazoe: str = "yakuman"
    double_yakuman: bool = False
    yakuman_stacking: bool = True
    double_wind_fu: int = 2
    renhou: str = "mangan"
    chiitoitsu: str = "25fu2han"
    fu_rounding: str = "tens"
    rinshan_fu: bool = True
    honba: int = 300
    nagashi: bool = False
    wareme: bool = False
    players: int = 4
    chombo: str = "20000"
    pao_suukantsu: bool = True
    kokushi_ankan_chankan: bool = False
    #: Seed 000 (English), "Counting Fu": "Add 2 fu if one wins by drawing the tile
    #: yourself unless Pinfu is treated as a possible winning hand" -- off is the variant
    #: where a self-drawn win is never pinfu. Every preset allows pinfu by tsumo.
    pinfu_tsumo: bool = True
    overrides: tuple[tuple[str, str], ...] = ()

    @classmethod
    def preset(cls, name: str = DEFAULT_PRESET) -> Rules:
        """The preset called ``name``; :class:`RuleError` lists the valid names."""
        try:
            return PRESETS[name.lower()]
        except KeyError:
            valid = ", ".join(PRESET_NAMES)
            raise RuleError(f"unknown rule preset {name!r}; valid presets: {valid}") from None

    def with_overrides(self, overrides: dict[str, Any]) -> Rules:
        """A copy with switches changed; values as on the CLI (``on``/``off``, numbers)
        or as JSON values (booleans, numbers)."""
        if not overrides:
            return self
        changes: dict[str, Any] = {}
        spelled = dict(self.overrides)
        for key, raw in overrides.items():
            value, text = _convert(key, raw)
            changes[key] = value
            spelled[key] = text
        return replace(self, overrides=tuple(spelled.items()), **changes)

    def value_text(self, key: str) -> str:
        """The CLI spelling of a switch's value (``on``, ``off``, ``4`` …)."""
        value = getattr(self, key)
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def describe(self) -> str:
        """The preset name with any overridden switches, as in the result's ``rules``."""
        if not self.overrides:
            return self.name
        changed = " ".join(f"{k}={v}" for k, v in self.overrides)
        return f"{self.name} ({changed})"

    def switches(self) -> dict[str, str]:
        """Every switch with its value, in SPEC §6 order."""
        return {key: self.value_text(key) for key in SWITCH_VALUES}


def _convert(key: str, raw: Any) -> tuple[Any, str]:
    """Turn one override into the typed value and its CLI spelling."""
    if key not in SWITCH_VALUES:
        valid = ", ".join(SWITCH_VALUES)
        raise RuleError(f"unknown rule switch {key!r}; valid switches: {valid}")
    kind = {f.name: f.type for f in fields(Rules)}[key]
    text = ("on" if raw else "off") if isinstance(raw, bool) else str(raw).strip().lower()
    allowed = SWITCH_VALUES[key]
    if kind == "bool":
        if text in ("on", "true", "yes", "1"):
            return True, "on"
        if text in ("off", "false", "no", "0"):
            return False, "off"
    elif kind == "int":
        if key == "honba":
            if text.isdigit():
                return int(text), text
            raise RuleError(f"rule honba takes a non-negative integer, not {raw!r}")
        if text in allowed:
            return int(text), text
    elif text in allowed:
        return text, text
    raise RuleError(f"rule {key} takes {' or '.join(allowed)}, not {raw!r}")


#: Where each preset's values come from (printed by ``agari rules NAME``).
PRESET_SOURCES: Final[dict[str, str]] = {
    "wrc2025": "World Riichi Championship rules 2025 (RULES.md, Presets); rinshan_fu unverified",
    "ema2016": "European Mahjong Association Riichi Competition Rules 2016 (RULES.md, Presets); "
    "double_wind_fu and rinshan_fu unverified",
    "tenhou": "Tenhou.net ranked rules (RULES.md, Presets)",
    "majsoul": "Mahjong Soul ranked rules (RULES.md, Presets); rinshan_fu unverified",
    "mleague": "M.League rules (RULES.md, Presets); rinshan_fu unverified, nagashi unverified "
    "(off chosen)",
}

PRESETS: Final[dict[str, Rules]] = {
    "wrc2025": Rules(name="wrc2025"),
    "ema2016": Rules(
        name="ema2016",
        kiriage=False,
        kazoe="sanbaiman",
        yakuman_stacking=False,
        double_wind_fu=4,
        pao_suukantsu=False,
    ),
    "tenhou": Rules(
        name="tenhou",
        aka=True,
        kiriage=False,
        double_wind_fu=4,
        renhou="none",
        nagashi=True,
        chombo="mangan",
        pao_suukantsu=False,
    ),
    "majsoul": Rules(
        name="majsoul",
        aka=True,
        kiriage=False,
        double_yakuman=True,
        double_wind_fu=4,
        renhou="none",
        nagashi=True,
        chombo="mangan",
        pao_suukantsu=False,
        kokushi_ankan_chankan=True,
    ),
    "mleague": Rules(
        name="mleague",
        aka=True,
        kazoe="sanbaiman",
        renhou="none",
    ),
}
