"""Rule switches (SPEC §6) and the presets (RULES.md "Presets", "Three-player").

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

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final, Literal, get_args

from agari.errors import RuleError, or_list
from agari.lang import N_, _
from agari.native import reduce_fields

PRESET_NAMES: Final = (
    "wrc2025",
    "ema2016",
    "tenhou",
    "majsoul",
    "mleague",
    "tenhou-sanma",
    "majsoul-sanma",
    "riichicity",
    "riichicity-sanma",
)
DEFAULT_PRESET: Final = "wrc2025"


# The values of the switches that take one of a few words (the checker sees each test of them).
Kazoe = Literal["yakuman", "sanbaiman", "multiple"]
Renhou = Literal["none", "mangan", "yakuman", "5han"]
Chiitoitsu = Literal["25fu2han", "50fu1han"]
FuRounding = Literal["tens", "fives"]
Chombo = Literal["mangan", "20000"]
PaoTsumo = Literal["liable_part", "whole"]
Paarenchan = Literal["off", "on", "needs_yaku"]
Daisharin = Literal["off", "pin", "all"]
GameLength = Literal["south", "east"]
Ties = Literal["seat", "split"]
LeftoverSticks = Literal["top", "lost"]
MultipleRon = Literal["all", "head_bump"]
MultipleRonHonba = Literal["nearest", "each"]
TripleRon = Literal["win", "abort"]
FinalPoints = Literal["decimal", "rounded"]
Extension = Literal["to_west", "next_wind"]
NotenPayments = Literal["pool", "each_ready"]


def _switch(default: Any, values: tuple[str, ...], meaning: str) -> Any:
    """One rule switch, declared once: its default (``wrc2025``'s value), the values it may
    take in the CLI's spelling (``--rule KEY=VALUE``) and what it means (``agari rules``:
    marked ``N_("...")``, translated where shown)."""
    return field(default=default, metadata={"values": values, "meaning": meaning})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch of SPEC §6, plus two table rows of RULES.md made switches:
    ``pao_suukantsu`` (liability also for the fourth kan) and ``kokushi_ankan_chankan``
    (thirteen orphans may rob a closed kan), and one variant of the seeds:
    ``pinfu_tsumo`` (off: pinfu only by ron; a tsumo gets its 2 fu).

    Each switch is one declaration here (default, values, meaning); the presets below give
    their values, and :data:`SWITCH_VALUES` / :data:`SWITCH_MEANINGS` are read off them."""

    name: str = DEFAULT_PRESET
    #: ``on``/``off`` (a bool), or red fives by count per suit (a text such as ``m1p2s1``:
    #: that many red fives of each suit are in the set and count as dora; see
    #: :attr:`red_fives`).
    aka: bool | str = _switch(
        False,
        ("on", "off", "<counts>"),
        N_("red fives count as dora (on: one per suit; <counts> per suit, as m1p2s1)"),
    )
    open_tanyao: bool = _switch(True, ("on", "off"), N_("tanyao allowed in an open hand"))
    kiriage: bool = _switch(True, ("on", "off"), N_("4 han 30 fu and 3 han 60 fu are mangan"))
    kazoe: Kazoe = _switch(
        "yakuman",
        get_args(Kazoe),
        N_("what 13+ han without a yakuman is worth (multiple: 26+ han count as more yakuman)"),
    )
    double_yakuman: bool = _switch(
        False,
        ("on", "off"),
        N_("suuankou tanki, kokushi 13-wait, junsei chuuren, daisuushii double"),
    )
    yakuman_stacking: bool = _switch(
        True, ("on", "off"), N_("different yakuman in one hand add up")
    )
    double_wind_fu: int = _switch(
        2, ("2", "4"), N_("fu for a pair that is both seat and round wind")
    )
    renhou: Renhou = _switch(
        "mangan",
        get_args(Renhou),
        N_("value of a win on a discard before one's first draw (5han: a 5-han yaku)"),
    )
    chiitoitsu: Chiitoitsu = _switch(
        "25fu2han", get_args(Chiitoitsu), N_("seven pairs scoring (50 fu 1 han: Kansai)")
    )
    fu_rounding: FuRounding = _switch(
        "tens", get_args(FuRounding), N_("round fu up to 10; or to 5 (old rule)")
    )
    rinshan_fu: bool = _switch(
        True, ("on", "off"), N_("a win on the kan replacement tile gets the 2 tsumo fu")
    )
    honba: int = _switch(300, ("<integer>",), N_("points per repeat counter on ron"))
    nagashi: bool = _switch(False, ("on", "off"), N_("nagashi mangan at an exhaustive draw"))
    noten_payments: NotenPayments = _switch(
        "pool",
        get_args(NotenPayments),
        N_(
            "at an exhaustive draw 3000 (three-player 2000) in all go to the ready seats, or that "
            "much to each ready seat"
        ),
    )
    wareme: bool = _switch(
        False, ("on", "off"), N_("the player whose wall was broken pays and receives double")
    )
    players: int = _switch(4, ("4", "3"), N_("four or three players"))
    chombo: Chombo = _switch(
        "20000",
        get_args(Chombo),
        N_("reverse mangan at once, or a 20,000-point penalty at the end"),
    )
    pao_suukantsu: bool = _switch(
        True, ("on", "off"), N_("liability (pao) also for the fourth kan")
    )
    pao_tsumo: PaoTsumo = _switch(
        "liable_part",
        get_args(PaoTsumo),
        N_("a liable yakuman won by tsumo: the liable seat pays its yakuman, or the whole hand"),
    )
    kokushi_ankan_chankan: bool = _switch(
        False, ("on", "off"), N_("thirteen orphans may rob a closed kan")
    )
    #: Seed 000 (English), "Counting Fu": "Add 2 fu if one wins by drawing the tile
    #: yourself unless Pinfu is treated as a possible winning hand" -- off is the variant
    #: where a self-drawn win is never pinfu. Every preset allows pinfu by tsumo.
    pinfu_tsumo: bool = _switch(
        True, ("on", "off"), N_("pinfu may be won by tsumo (off: ron only; a tsumo gets its 2 fu)")
    )
    # House rules and local yaku (SPEC §6, issue 16): off in every preset. Sources in
    # SWITCH_SOURCES below.
    open_riichi: bool = _switch(
        False, ("on", "off"), N_("open riichi (word open-riichi) is a 2-han yaku, 3 if double")
    )
    aotenjou: bool = _switch(
        False,
        ("on", "off"),
        N_("no limits: base = fu x 2^(2+han) for every hand, a yakuman counted as 13 han"),
    )
    paarenchan: Paarenchan = _switch(
        "off",
        get_args(Paarenchan),
        N_("the dealer's 8th win in a row (paarenchan=7) is a yakuman; needs_yaku: with a yaku"),
    )
    daisharin: Daisharin = _switch(
        "off",
        get_args(Daisharin),
        N_("seven pairs 2-8 of one suit are a yakuman: daisharin (pin); all: also sou and man"),
    )
    daichisei: bool = _switch(False, ("on", "off"), N_("seven pairs of honours are a yakuman"))
    sashikomi: bool = _switch(
        False, ("on", "off"), N_("dealing into an open riichi (word sashikomi) is a yakuman")
    )
    yakuman_limit: str = _switch(
        "none", ("none", "<integer>"), N_("the most yakuman one hand can be worth")
    )
    open_pinfu_fu: int = _switch(
        30, ("30", "20"), N_("fu of an open ron that has no fu: 30 (the minimum), or 20")
    )
    # Game rules (SPEC §7, RULES.md "Games"; read by agari.game). Oka is not a switch: it is
    # (return_points - start_points) x players, paid to the top player.
    start_points: int = _switch(30000, ("<integer>",), N_("every player's score at the start"))
    return_points: int = _switch(
        30000, ("<integer>",), N_("the return (genten) taken off at the end")
    )
    goal_points: int = _switch(30000, ("<integer>",), N_("score that ends the last/extra rounds"))
    uma: str = _switch(
        "15,5,-5,-15",
        ("15,5,-5,-15", "20,10,-10,-20", "30,10,-10,-30", "10,5,-5,-10", "20,0,-20", "15,0,-15"),
        N_("uma by place, in thousands of points (any such list of whole numbers)"),
    )
    game_length: GameLength = _switch(
        "south", get_args(GameLength), N_("half game (E+S) or east-only")
    )
    bust: bool = _switch(False, ("on", "off"), N_("a score below 0 ends the game at once"))
    west_round: bool = _switch(False, ("on", "off"), N_("extra round while nobody reaches goal"))
    extension: Extension = _switch(
        "to_west",
        get_args(Extension),
        N_("how far extra rounds go: until West's last round, or the next wind's only"),
    )
    agari_yame: bool = _switch(
        False, ("on", "off"), N_("a win by the last dealer, then top (>= goal), ends the game")
    )
    tenpai_yame: bool = _switch(
        False,
        ("on", "off"),
        N_("the last dealer ready at an exhaustive draw, top (>= goal), ends the game"),
    )
    ties: Ties = _switch("split", get_args(Ties), N_("equal scores: seat order or uma/oka split"))
    leftover_sticks: LeftoverSticks = _switch(
        "top", get_args(LeftoverSticks), N_("riichi sticks left at the end")
    )
    multiple_ron: MultipleRon = _switch(
        "head_bump", get_args(MultipleRon), N_("several rons on one discard")
    )
    multiple_ron_honba: MultipleRonHonba = _switch(
        "nearest",
        get_args(MultipleRonHonba),
        N_("several rons: honba to the nearest winner or each"),
    )
    triple_ron: TripleRon = _switch("win", get_args(TripleRon), N_("three rons on one discard"))
    final_points: FinalPoints = _switch(
        "decimal", get_args(FinalPoints), N_("final points: exact/Tenhou's")
    )
    overrides: tuple[tuple[str, str], ...] = ()
    #: How many red fives of each suit (m, p, s) count as dora: ``aka=on`` one each,
    #: ``off`` none, counts as given (``m1p2s1``). Read off ``aka`` once, when the rules are
    #: made: every hand scored reads it.
    red_fives: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        return reduce_fields(self)  # pickled and copied alike in both builds

    def __post_init__(self) -> None:
        object.__setattr__(self, "red_fives", _red_counts(self.aka))

    @classmethod
    def preset(cls, name: str = DEFAULT_PRESET) -> Rules:
        """The preset called ``name``; :class:`RuleError` lists the valid names."""
        try:
            return PRESETS[name.lower()]
        except KeyError:
            raise RuleError(
                _("unknown rule preset {name}; valid presets: {presets}").format(
                    name=repr(name), presets=", ".join(PRESET_NAMES)
                )
            ) from None

    @classmethod
    def from_options(cls, preset: str | None, pairs: Iterable[str] = ()) -> Rules:
        """The rules a command line asks for: ``--rules PRESET`` and ``--rule KEY=VALUE``
        texts (every subcommand reads them here). :class:`RuleError` says what is wrong.

        >>> Rules.from_options("tenhou", ["KIRIAGE = on"]).describe()
        'tenhou (kiriage=on)'
        """
        return cls.preset(preset or DEFAULT_PRESET).with_options(pairs)

    def with_options(self, pairs: Iterable[str]) -> Rules:
        """A copy with the ``KEY=VALUE`` texts of ``--rule`` options applied (the one reader
        of them: the CLI, the web page and game logs all come here)."""
        overrides: dict[str, str] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise RuleError(
                    _("--rule takes KEY=VALUE (e.g. --rule kiriage=off), not {value}").format(
                        value=repr(pair)
                    )
                )
            overrides[key.strip()] = value.strip()
        return self.with_overrides(overrides)

    def with_overrides(self, overrides: dict[str, Any]) -> Rules:
        """A copy with switches changed; keys in any case, values as on the CLI
        (``on``/``off``, numbers) or as JSON values (booleans, numbers)."""
        if not overrides:
            return self
        changes: dict[str, Any] = {}
        spelled = dict(self.overrides)
        for raw_key, raw in overrides.items():
            key = str(raw_key).strip().lower()
            value, text = _convert(key, raw)
            changes[key] = value
            spelled[key] = text
        return replace(self, overrides=tuple(spelled.items()), **changes)

    @property
    def yakuman_cap(self) -> int | None:
        """The most yakuman a hand can be worth (``yakuman_limit``), or ``None``."""
        return None if self.yakuman_limit == "none" else int(self.yakuman_limit)

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


#: The values each switch may take, in the spelling of the CLI, read off the declarations.
SWITCH_VALUES: Final[dict[str, tuple[str, ...]]] = {
    f.name: f.metadata["values"] for f in fields(Rules) if "values" in f.metadata
}
#: What each switch means, one line each (``agari rules``), in English: translated where
#: shown (``_(SWITCH_MEANINGS[key])``).
SWITCH_MEANINGS: Final[dict[str, str]] = {
    f.name: f.metadata["meaning"] for f in fields(Rules) if "meaning" in f.metadata
}
#: Each switch's type as written (``"bool"``, ``"int"``, ...): a string under postponed
#: annotations, a type object where the class is compiled.
_FIELD_TYPES: Final = {
    f.name: f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    for f in fields(Rules)
}


def _convert(key: str, raw: Any) -> tuple[Any, str]:
    """Turn one override into the typed value and its CLI spelling."""
    if key not in SWITCH_VALUES:
        raise RuleError(
            _("unknown rule switch {key}; valid switches: {switches}").format(
                key=repr(key), switches=", ".join(SWITCH_VALUES)
            )
        )
    kind = _FIELD_TYPES[key]
    text = ("on" if raw else "off") if isinstance(raw, bool) else str(raw).strip().lower()
    allowed = SWITCH_VALUES[key]
    if key == "aka":
        if text in ("on", "true", "yes", "1"):
            return True, "on"
        if text in ("off", "false", "no", "0"):
            return False, "off"
        counts = _AKA_COUNTS.fullmatch(text.replace(" ", ""))
        if counts and any(counts.groups()):
            spelled = "".join(f"{s}{n or 0}" for s, n in zip("mps", counts.groups(), strict=True))
            return spelled, spelled
        raise RuleError(
            _(
                "rule aka takes on, off or red fives per suit such as m1p2s1 (0-4 each), "
                "not {value}"
            ).format(value=repr(raw))
        )
    if key == "yakuman_limit":
        if text == "none" or (text.isdigit() and int(text) >= 1):
            value = text if text == "none" else str(int(text))
            return value, value
        raise RuleError(
            _("rule yakuman_limit takes none or a whole number 1 or more, not {value}").format(
                value=repr(raw)
            )
        )
    if kind == "bool":
        if text in ("on", "true", "yes", "1"):
            return True, "on"
        if text in ("off", "false", "no", "0"):
            return False, "off"
    elif kind == "int":
        if allowed == ("<integer>",):
            if text.isdigit():
                return int(text), text
            raise RuleError(
                _("rule {key} takes a non-negative integer, not {value}").format(
                    key=key, value=repr(raw)
                )
            )
        if text in allowed:
            return int(text), text
    elif text in allowed or (key == "uma" and _uma_text(text)):
        return text.replace(" ", ""), text.replace(" ", "")
    raise RuleError(
        _("rule {key} takes {values}, not {value}").format(
            key=key, values=or_list(allowed), value=repr(raw)
        )
    )


#: Red fives per suit: ``m1p2s1`` (any of the three, in this order, each 0-4).
_AKA_COUNTS: Final = re.compile(r"(?:m([0-4]))?(?:p([0-4]))?(?:s([0-4]))?")


def _red_counts(aka: bool | str) -> tuple[int, int, int]:
    """The red fives of each suit that count as dora under an ``aka`` value."""
    if isinstance(aka, bool):
        return (1, 1, 1) if aka else (0, 0, 0)
    found = _AKA_COUNTS.fullmatch(aka)
    assert found is not None, aka
    m, p, s = (int(n or 0) for n in found.groups())
    return (m, p, s)


def _uma_text(text: str) -> bool:
    """An uma switch value: one whole number per place, ``20,10,-10,-20``."""
    parts = text.replace(" ", "").split(",")
    return 3 <= len(parts) <= 4 and all(p.lstrip("+-").isdigit() for p in parts)


#: Where each preset's values come from (printed by ``agari rules NAME``, translated there;
#: English in its JSON).
PRESET_SOURCES: Final[dict[str, str]] = {
    "wrc2025": N_(
        "World Riichi Championship rules 2025 (RULES.md, Presets); rinshan_fu unverified. "
        "Game: RULES.md Games; head bump per WRC rules 2015 5.7.6; leftover_sticks unverified"
    ),
    "ema2016": N_(
        "European Mahjong Association Riichi Competition Rules 2016 (RULES.md, Presets); "
        "double_wind_fu and rinshan_fu unverified. Game: RULES.md Games; several rons all paid "
        "per RCR 2016 3.4.9 (RULES.md says head bump: unverified); honba to each winner per "
        "3.4.10, sticks to the nearest unverified; leftover_sticks unverified"
    ),
    "tenhou": N_(
        "Tenhou.net ranked rules (RULES.md, Presets). Game: RULES.md Games and Tenhou's "
        "rules page (west round until someone has 30000, at most W4; last dealer on top stops; "
        "double ron with honba and sticks to the nearest; triple ron aborts); final_points "
        "decimal as in logs since 2022-23 (rounded for older games); pao_tsumo=whole from a real "
        "game (daisangen + tsuuiisou by tsumo, liable for the daisangen, paid all 64,000)"
    ),
    "majsoul": N_(
        "Mahjong Soul ranked rules (RULES.md, Presets); rinshan_fu unverified. Game: "
        "RULES.md Games (friendly-room uma, no oka); west round, agari_yame, triple ron "
        "unverified (as Tenhou)"
    ),
    "mleague": N_(
        "M.League rules (RULES.md, Presets); rinshan_fu unverified, nagashi unverified "
        "(off chosen). Game: RULES.md Games; no agari_yame unverified"
    ),
    "tenhou-sanma": N_(
        "Tenhou.net three-player ranked rules (三鳳南喰赤): RULES.md Three-player, "
        "from 6,383 real Tenhou three-player wins (no 2m-8m, no chi; red 5p and 5s; open tanyao; "
        "no kiriage; kazoe yakuman; no double yakuman; kita one dora each, rinshan on the tile "
        "drawn after one; tsumo loss; honba 200 on ron, 100 per payer on tsumo; noten 2000). Game: "
        "RULES.md Games, Tenhou 3p column (35000/40000, uma +20 0 -20, oka 15, bust, ties by seat, "
        "sticks to the top); goal 40000 for the west round unverified (Tenhou's rules page not "
        "seen); nagashi and chombo as the tenhou preset"
    ),
    "majsoul-sanma": N_(
        "Mahjong Soul three-player rules: as tenhou-sanma (riichi.wiki Majsoul, "
        "3P-Mahjong: 'basically refers to Tenhou', tsumo loss by default, North may be robbed "
        "without chankan, a North triplet is a guest wind; RULES.md Three-player: the same scoring "
        "in RiichiEnv checked on Mahjong Soul logs) plus the majsoul preset's own switches "
        "(double yakuman, kokushi may rob a closed kan). Unverified: rinshan_fu, nagashi; game "
        "rules 35000 start, uma +15 0 -15 without oka (friendly rooms, as the majsoul preset), "
        "goal 40000"
    ),
    "riichicity": N_(
        "Riichi City four-player ranked rules as its records show them (game API "
        "JSON; the ranked half game 4ma_gin_han_sample.json of 0num4/paifu-playground): start "
        "25000, return 30000, uma +30 +10 -10 -30 (its end scores 41000 30500 29500 -1000 are "
        "61.0 10.5 -10.5 -61.0 points), a score below 0 ends the game. No 2 tsumo fu on a rinshan "
        "win and no kiriage as riichicity-sanma (unverified for four players); the rest as the "
        "majsoul preset: unverified"
    ),
    "riichicity-sanma": N_(
        "Riichi City three-player ranked rules as its records show them "
        "(game API JSON of 0num4/paifu-playground, 2024): start 35000, return 40000, uma +20 0 -20 "
        "(cnrkj069…: 56800 34100 14100 are 51.8 -5.9 -45.9 points; a friends' room from 30000 "
        "the same return and uma); no kiriage (4 han 30 fu ron paid 7700 in cnrkj069…, a dealer's "
        "11600 in cnvbk1u…); tsumo loss, honba 200 on a ron, kita (the same records); no 2 tsumo "
        "fu on a rinshan win (Badtaro/RiichiCityTournamentBot cd1atc6…: a rinshan tsumo of 62 fu "
        "recorded as 60 fu, a tournament of 2022). The rest as majsoul-sanma: unverified. "
        "Tournaments set their own rules: agari.game.log_rules.ROOM_RULES"
    ),
}

#: Where the house-rule switches and values come from (issue 16; ``agari rules`` prints
#: them, translated; English in its JSON). "mahjong 2.1.0" is the PyPI scorer: its
#: ``OptionalRules``/``HandConfig`` options and yaku classes (mahjong/hand_calculating/),
#: read in its installed source.
SWITCH_SOURCES: Final[dict[str, str]] = {
    "aka": N_(
        "counts per suit: house sets with two red 5p, Mahjong Soul three-player (issue "
        "16); Tenhou logs name them per suit (aka51/aka52/aka53); each red five held is one dora"
    ),
    "kazoe": N_(
        "multiple: mahjong 2.1.0 HandConstants.KAZOE_NO_LIMIT ('13+ han as yakuman, 26+ "
        "as double yakuman, and so on')"
    ),
    "renhou": N_(
        "5han: mahjong 2.1.0 yaku Renhou (han_closed 5, added to the other yaku and "
        "dora); yakuman: its RenhouYakuman"
    ),
    "open_riichi": N_(
        "riichi.wiki Riichi, 'Open riichi': worth 1 han more than riichi; mahjong "
        "2.1.0 OpenRiichi 2 han, DaburuOpenRiichi 3 han (closed only)"
    ),
    "aotenjou": N_(
        "riichi.wiki Aotenjou: basic points = fu x 2^(2+han) without limits, yakuman "
        "13 han per yakuman stacking with yaku and dora, yaku implied by a yakuman not scored, "
        "kokushi 13 han 40 fu ron / 30 fu tsumo; mahjong 2.1.0 Aotenjou (its aotenjou_filter_yaku "
        "lists the implied yaku)"
    ),
    "paarenchan": N_(
        "riichi.wiki Optional yaku, Paarenchan: yakuman for the eighth consecutive "
        "win, the dealer's; 'usually not a true yaku and the dealer must still have another "
        "yaku' (needs_yaku) 'but this is not always the case' (on); mahjong 2.1.0 "
        "paarenchan_needs_yaku"
    ),
    "daisharin": N_(
        "riichi.wiki Daisharin: yakuman for a closed 22334455667788 of pinzu; "
        "daichikurin (souzu) and daisuurin (manzu) the same pattern; mahjong 2.1.0 has_daisharin, "
        "has_daisharin_other_suits"
    ),
    "daichisei": N_(
        "riichi.wiki Optional yaku, Daichisei: the seven-pairs tsuuiisou as its own "
        "yakuman; mahjong 2.1.0 has_daichisei (scored beside tsuuiisou: a double yakuman)"
    ),
    "sashikomi": N_(
        "riichi.wiki Riichi, 'Open riichi': yakuman when a player who is not in "
        "riichi deals into an open riichi; mahjong 2.1.0 has_sashikomi_yakuman"
    ),
    "yakuman_limit": N_(
        "mahjong 2.1.0 limit_to_sextuple_yakuman (at most 6 yakuman); none: "
        "every yakuman adds up, as before"
    ),
    "open_pinfu_fu": N_(
        "mahjong 2.1.0 fu_for_open_pinfu=False ('1 han 20 fu hands become "
        "possible'); 30: RULES.md Fu, the open ron minimum of every preset"
    ),
}

#: The game rules Tenhou and Mahjong Soul share (RULES.md "Games"; Tenhou's rules page).
_ONLINE: Final[dict[str, Any]] = {
    "start_points": 25000,
    "bust": True,
    "west_round": True,
    "agari_yame": True,
    "tenpai_yame": True,
    "ties": "seat",
    "multiple_ron": "all",
    "triple_ron": "abort",
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
        multiple_ron="all",
        multiple_ron_honba="each",
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
        pao_tsumo="whole",
        **_ONLINE,
        uma="20,10,-10,-20",
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
        **_ONLINE,
        return_points=25000,
    ),
    "mleague": Rules(
        name="mleague",
        aka=True,
        kazoe="sanbaiman",
        renhou="none",
        start_points=25000,
        uma="30,10,-10,-30",
        ties="seat",
    ),
}

#: What both servers' three-player games share (RULES.md "Three-player"): the North seat
#: is absent, so ``players=3`` gives no 2m-8m, kita, tsumo loss, honba 200/100, noten 2000.
_SANMA: Final[dict[str, Any]] = {
    "players": 3,
    "start_points": 35000,
    "goal_points": 40000,
}
PRESETS["tenhou-sanma"] = replace(
    PRESETS["tenhou"],
    name="tenhou-sanma",
    **_SANMA,
    return_points=40000,
    uma="20,0,-20",
)
PRESETS["majsoul-sanma"] = replace(
    PRESETS["majsoul"],
    name="majsoul-sanma",
    **_SANMA,
    return_points=35000,
    uma="15,0,-15",
)
#: Riichi City: Mahjong Soul's scoring (nothing measured says otherwise) and its own game
#: rules (PRESET_SOURCES says where each comes from).
PRESETS["riichicity"] = replace(
    PRESETS["majsoul"],
    name="riichicity",
    rinshan_fu=False,
    return_points=30000,
    uma="30,10,-10,-30",
)
PRESETS["riichicity-sanma"] = replace(
    PRESETS["majsoul-sanma"],
    name="riichicity-sanma",
    rinshan_fu=False,
    return_points=40000,
    uma="20,0,-20",
)


def presets_for(players: int) -> str:
    """The presets of ``players``-player games, for a message that names them.

    >>> presets_for(3)
    'three-player presets tenhou-sanma, majsoul-sanma, riichicity-sanma'
    """
    names = ", ".join(n for n in PRESET_NAMES if PRESETS[n].players == players)
    message = _PRESETS_OF.get(players, N_("{count}-player presets {names}"))
    return _(message).format(count=players, names=names)


#: The presets of a number of players, as a message names them (translated where shown).
_PRESETS_OF: Final = {
    3: N_("three-player presets {names}"),
    4: N_("four-player presets {names}"),
}


def split_switches(values: Iterable[str]) -> list[str]:
    """Switches as people write them (the page's ``rule=a=1&rule=b=2``, ``rule=a=1 b=2`` or
    ``rule=a=1,b=2``, a game sheet's ``rule: a=1, b=2``), one ``KEY=VALUE`` each; a comma
    followed by no ``=`` is part of the value (``uma=15,5,-5,-15``).

    >>> split_switches(["aka=on,kiriage=on", "uma=15,5,-5,-15 west_round=off"])
    ['aka=on', 'kiriage=on', 'uma=15,5,-5,-15', 'west_round=off']
    """
    out: list[str] = []
    for value in values:
        for word in value.split():
            parts: list[str] = []
            for part in filter(None, word.split(",")):
                if parts and "=" not in part:
                    parts[-1] += "," + part
                else:
                    parts.append(part)
            out += parts
    return out
