"""The yaku names game logs write, mapped to agari's yaku ids (SPEC §5): one table.

Takes a name as a log writes it -- Tenhou's Japanese names (tenhou.net/6 JSON strings such
as ``立直(1飜)``, mjlog ``yaku=`` ids read through :data:`TENHOU_IDS`), Mahjong Soul's
Japanese and English names (what tensoul and similar converters write, from Mahjong Soul's
fan table) -- and gives agari's id, so that the log's yaku can be compared with agari's and
a ``--json`` reader can map back. Dora are not yaku: their names map to the keys of the
result's ``dora`` object (``dora``, ``aka``, ``ura``, ``kita``).

:data:`LOG_NAMES` is keyed by agari id; each entry holds Tenhou's id and names and Mahjong
Soul's fan id and names. Names are matched loosely (:func:`normalise`: blanks, ``:``,
full-width digits and the variant kanji 么/幺, 發/発, 對/対 do not matter).

>>> yaku_id("立直"), yaku_id("自風 東"), yaku_id("役牌:場風牌"), yaku_id("Pinfu")
('riichi', 'seat_wind', 'round_wind', 'pinfu')
>>> yaku_id("国士無双１３面"), dora_key("裏ドラ"), tenhou_name("double_riichi")
('kokushi_13', 'ura', '両立直')
>>> TENHOU_IDS[41], MAJSOUL_IDS[48]
('suuankou_tanki', 'suuankou_tanki')
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class LogNames:
    """How the servers name one yaku: Tenhou's ids (mjlog ``yaku=``; several for the wind
    yaku, one per wind) and Japanese names (the first is the one tenhou.net/6 writes),
    Mahjong Soul's fan id and its Japanese / English names (first: the Japanese name), and
    other spellings seen in converted logs."""

    tenhou_ids: tuple[int, ...]
    tenhou: tuple[str, ...]
    majsoul_id: int | None
    majsoul: tuple[str, ...]
    other: tuple[str, ...] = ()


_WINDS: Final = "東南西北"

#: agari yaku id -> how the logs name it. Tenhou: the ids and names of its mjlog/tenhou.net/6
#: yaku table; Mahjong Soul: the fan ids of its ``fan`` table (1 menzen tsumo … 50 daisuushii)
#: with their Japanese and English names.
LOG_NAMES: Final[dict[str, LogNames]] = {
    "menzen_tsumo": LogNames(
        (0,),
        ("門前清自摸和",),
        1,
        ("門前清自摸和", "Fully Concealed Hand"),
        ("Menzen Tsumo", "Tsumo"),
    ),
    "riichi": LogNames((1,), ("立直",), 2, ("立直", "Riichi"), ("Reach",)),
    "ippatsu": LogNames((2,), ("一発",), 30, ("一発", "Ippatsu"), ("一發",)),
    "chankan": LogNames((3,), ("槍槓",), 3, ("槍槓", "Robbing a Kan"), ("Chankan",)),
    "rinshan": LogNames(
        (4,), ("嶺上開花",), 4, ("嶺上開花", "After a Kan"), ("Rinshan Kaihou", "Rinshan")
    ),
    "haitei": LogNames(
        (5,),
        ("海底摸月",),
        5,
        ("海底摸月", "Under the Sea"),
        ("海底撈月", "Haitei Raoyue", "Haitei"),
    ),
    "houtei": LogNames(
        (6,), ("河底撈魚",), 6, ("河底撈魚", "Under the River"), ("Houtei Raoyui", "Houtei")
    ),
    "pinfu": LogNames((7,), ("平和",), 14, ("平和", "Pinfu"), ()),
    "tanyao": LogNames((8,), ("断幺九",), 12, ("断幺九", "All Simples"), ("Tanyao",)),
    "iipeikou": LogNames((9,), ("一盃口",), 13, ("一盃口", "Pure Double Sequence"), ("Iipeikou",)),
    "seat_wind": LogNames(
        (10, 11, 12, 13),
        tuple(f"自風 {w}" for w in _WINDS),
        10,
        ("役牌:自風牌", "Seat Wind"),
        ("Jikaze", "Yakuhai Seat Wind"),
    ),
    "round_wind": LogNames(
        (14, 15, 16, 17),
        tuple(f"場風 {w}" for w in _WINDS),
        11,
        ("役牌:場風牌", "Prevalent Wind"),
        ("Bakaze", "Yakuhai Round Wind", "Round Wind"),
    ),
    "haku": LogNames((18,), ("役牌 白",), 7, ("役牌 白", "White Dragon"), ("Haku", "Yakuhai Haku")),
    "hatsu": LogNames(
        (19,), ("役牌 發",), 8, ("役牌 發", "Green Dragon"), ("Hatsu", "Yakuhai Hatsu")
    ),
    "chun": LogNames((20,), ("役牌 中",), 9, ("役牌 中", "Red Dragon"), ("Chun", "Yakuhai Chun")),
    "double_riichi": LogNames(
        (21,), ("両立直",), 18, ("ダブル立直", "Double Riichi"), ("ダブルリーチ", "Daburu Riichi")
    ),
    "chiitoitsu": LogNames((22,), ("七対子",), 25, ("七対子", "Seven Pairs"), ("Chiitoitsu",)),
    "chanta": LogNames(
        (23,), ("混全帯幺九",), 15, ("混全帯幺九", "Half Outside Hand"), ("Chanta", "Chantaiyao")
    ),
    "ittsu": LogNames(
        (24,), ("一気通貫",), 16, ("一気通貫", "Pure Straight"), ("Ittsu", "Ikkitsuukan")
    ),
    "sanshoku": LogNames(
        (25,),
        ("三色同順",),
        17,
        ("三色同順", "Mixed Triple Sequence"),
        ("Sanshoku Doujun", "Sanshoku"),
    ),
    "sanshoku_doukou": LogNames(
        (26,), ("三色同刻",), 19, ("三色同刻", "Triple Triplets"), ("Sanshoku Doukou",)
    ),
    "sankantsu": LogNames((27,), ("三槓子",), 20, ("三槓子", "Three Quads"), ("Sankantsu",)),
    "toitoi": LogNames((28,), ("対々和",), 21, ("対々和", "All Triplets"), ("対対和", "Toitoi")),
    "sanankou": LogNames(
        (29,), ("三暗刻",), 22, ("三暗刻", "Three Concealed Triplets"), ("Sanankou",)
    ),
    "shousangen": LogNames(
        (30,), ("小三元",), 23, ("小三元", "Little Three Dragons"), ("Shousangen",)
    ),
    "honroutou": LogNames(
        (31,), ("混老頭",), 24, ("混老頭", "All Terminals and Honors"), ("Honroutou",)
    ),
    "ryanpeikou": LogNames(
        (32,), ("二盃口",), 28, ("二盃口", "Twice Pure Double Sequence"), ("Ryanpeikou",)
    ),
    "junchan": LogNames(
        (33,), ("純全帯幺九",), 26, ("純全帯幺九", "Fully Outside Hand"), ("Junchan",)
    ),
    "honitsu": LogNames((34,), ("混一色",), 27, ("混一色", "Half Flush"), ("Honitsu",)),
    "chinitsu": LogNames((35,), ("清一色",), 29, ("清一色", "Full Flush"), ("Chinitsu",)),
    "renhou": LogNames((36,), ("人和",), 59, ("人和", "Blessing of Man"), ("Renhou",)),
    "tenhou": LogNames((37,), ("天和",), 35, ("天和", "Blessing of Heaven"), ("Tenhou",)),
    "chiihou": LogNames((38,), ("地和",), 36, ("地和", "Blessing of Earth"), ("Chiihou",)),
    "daisangen": LogNames((39,), ("大三元",), 37, ("大三元", "Big Three Dragons"), ("Daisangen",)),
    "suuankou": LogNames(
        (40,), ("四暗刻",), 38, ("四暗刻", "Four Concealed Triplets"), ("Suuankou",)
    ),
    "suuankou_tanki": LogNames(
        (41,),
        ("四暗刻単騎",),
        48,
        ("四暗刻単騎", "Single-wait Four Concealed Triplets"),
        ("四暗刻単騎待ち", "Suuankou Tanki"),
    ),
    "tsuuiisou": LogNames((42,), ("字一色",), 39, ("字一色", "All Honors"), ("Tsuuiisou",)),
    "ryuuiisou": LogNames((43,), ("緑一色",), 40, ("緑一色", "All Green"), ("Ryuuiisou",)),
    "chinroutou": LogNames((44,), ("清老頭",), 41, ("清老頭", "All Terminals"), ("Chinroutou",)),
    "chuuren": LogNames(
        (45,), ("九蓮宝燈",), 45, ("九蓮宝燈", "Nine Gates"), ("Chuuren Poutou", "Chuuren")
    ),
    "junsei_chuuren": LogNames(
        (46,),
        ("純正九蓮宝燈",),
        47,
        ("純正九蓮宝燈", "True Nine Gates"),
        ("Junsei Chuuren Poutou", "Pure Nine Gates"),
    ),
    "kokushi": LogNames(
        (47,), ("国士無双",), 42, ("国士無双", "Thirteen Orphans"), ("Kokushi Musou", "Kokushi")
    ),
    "kokushi_13": LogNames(
        (48,),
        ("国士無双１３面",),
        49,
        ("国士無双十三面", "Thirteen-wait Thirteen Orphans"),
        ("国士無双13面待ち", "Kokushi Musou Juusanmen", "Kokushi 13"),
    ),
    "daisuushii": LogNames((49,), ("大四喜",), 50, ("大四喜", "Four Big Winds"), ("Daisuushii",)),
    "shousuushii": LogNames(
        (50,), ("小四喜",), 43, ("小四喜", "Four Little Winds"), ("Shousuushii",)
    ),
    "suukantsu": LogNames((51,), ("四槓子",), 44, ("四槓子", "Four Quads"), ("Suukantsu",)),
}

#: Dora names -> the key of the result's ``dora`` object, with Tenhou's ids (52-54) and
#: Mahjong Soul's fan ids (31-34).
DORA_NAMES: Final[dict[str, LogNames]] = {
    "dora": LogNames((52,), ("ドラ",), 31, ("ドラ", "Dora"), ()),
    "ura": LogNames((53,), ("裏ドラ",), 33, ("裏ドラ", "Ura Dora"), ("Uradora",)),
    "aka": LogNames((54,), ("赤ドラ",), 32, ("赤ドラ", "Red Five"), ("Akadora", "Aka Dora")),
    "kita": LogNames((), ("抜きドラ",), 34, ("抜きドラ", "Kita"), ("北ドラ", "Kita Dora")),
}

_FOLD: Final = str.maketrans({"么": "幺", "発": "發", "對": "対", "竜": "龍", "發": "發"})


def normalise(name: str) -> str:
    """A name folded for matching: NFKC (full-width digits and letters), lower case, no
    blanks or ``:``/``・``/``-``/``_``, and the variant kanji folded (么→幺, 発→發 …)."""
    text = unicodedata.normalize("NFKC", name).lower().translate(_FOLD)
    return "".join(ch for ch in text if ch.isalnum())


def _index(table: dict[str, LogNames]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, names in table.items():
        for name in (*names.tenhou, *names.majsoul, *names.other, key):
            out.setdefault(normalise(name), key)
    return out


_YAKU_INDEX: Final = _index(LOG_NAMES)
#: agari's yakuman ids (Tenhou's yakuman ids are 36 and up).
YAKUMAN_IDS: Final = frozenset(k for k, n in LOG_NAMES.items() if n.tenhou_ids[0] >= 36)
_DORA_INDEX: Final = _index(DORA_NAMES)
# Tenhou writes the wind yaku per wind; Mahjong Soul converters sometimes too.
for _i, _w in enumerate(_WINDS):
    _YAKU_INDEX.setdefault(normalise(f"役牌 {_w}"), "seat_wind")
    _YAKU_INDEX[normalise(f"自風{_w}")] = "seat_wind"
    _YAKU_INDEX[normalise(f"場風{_w}")] = "round_wind"

#: Tenhou's yaku id (mjlog ``yaku=``) -> agari's id, or the dora key for 52-54.
TENHOU_IDS: Final[dict[int, str]] = {
    i: key for table in (LOG_NAMES, DORA_NAMES) for key, n in table.items() for i in n.tenhou_ids
}
#: Mahjong Soul's fan id -> agari's id, or the dora key for 31-34.
MAJSOUL_IDS: Final[dict[int, str]] = {
    n.majsoul_id: key
    for table in (LOG_NAMES, DORA_NAMES)
    for key, n in table.items()
    if n.majsoul_id is not None
}


@functools.lru_cache(maxsize=1024)
def yaku_id(name: str) -> str | None:
    """agari's yaku id for a name a log writes; ``None`` for a dora name or an unknown one."""
    return _YAKU_INDEX.get(normalise(name))


@functools.lru_cache(maxsize=256)
def dora_key(name: str) -> str | None:
    """``dora``, ``aka``, ``ura`` or ``kita`` for a dora name a log writes, else ``None``."""
    return _DORA_INDEX.get(normalise(name))


def tenhou_name(yaku: str) -> str | None:
    """The name tenhou.net/6 writes for an agari yaku id (``None``: not a Tenhou yaku)."""
    names = LOG_NAMES.get(yaku)
    return names.tenhou[0] if names and names.tenhou else None


#: Riichi City's fang types (``EMjFangType``, the ``fang_type`` of a win's ``fang_info``) ->
#: agari's yaku id, or the dora key (49 red fives, 50 dora, 51 ura, 55 kita). The codes as
#: 0num4/paifu-playground ``riichicity/Types/commonConsts.py`` lists them (``fangTypeLiZhi``
#: 0 … ``fangTypeYiPaiBei`` 56; 10 is the round wind, 圈风, and 11 the seat wind, 门风).
#: Types without an agari yaku (30 nagashi mangan, a result; 47 pure green, 48 paarenchan's
#: eighth win, 54 open-riichi yakuman, 56 North as a yakuhai) are left out.
RIICHICITY_FANS: Final[dict[int, str]] = {
    0: "riichi",
    1: "menzen_tsumo",
    2: "ippatsu",
    3: "rinshan",
    4: "haitei",
    5: "houtei",
    6: "chankan",
    7: "chun",
    8: "hatsu",
    9: "haku",
    10: "round_wind",
    11: "seat_wind",
    12: "iipeikou",
    13: "pinfu",
    14: "tanyao",
    15: "double_riichi",
    16: "toitoi",
    17: "chiitoitsu",
    18: "sanankou",
    19: "sankantsu",
    20: "honroutou",
    21: "chanta",
    22: "ittsu",
    23: "sanshoku",
    24: "shousangen",
    25: "sanshoku_doukou",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    31: "tenhou",
    32: "chiihou",
    33: "renhou",
    34: "kokushi",
    35: "kokushi_13",
    36: "chuuren",
    37: "junsei_chuuren",
    38: "suuankou",
    39: "suuankou_tanki",
    40: "suukantsu",
    41: "chinroutou",
    42: "tsuuiisou",
    43: "daisuushii",
    44: "shousuushii",
    45: "daisangen",
    46: "ryuuiisou",
    49: "aka",
    50: "dora",
    51: "ura",
    52: "open_riichi",
    53: "open_riichi",
    55: "kita",
}


def log_name(key: str) -> str:
    """The name a log reader writes for an agari yaku id or dora key whose log names it by
    number only: Mahjong Soul's Japanese name where it has one (one name for each wind
    yaku, where Tenhou names the wind), else the id itself."""
    names = LOG_NAMES.get(key) or DORA_NAMES.get(key)
    if names is not None and names.majsoul:
        return names.majsoul[0]
    return key
