"""The names of the game's things in Japanese, simplified Chinese and Korean: one table,
each column from a stated source (the English is agari's own: the yaku names of
:mod:`agari.engine.yaku`, the ids and words of SPEC §3-§9). ``docs/terms-sources.md`` gives
every source with the excerpts relied on, and ``docs/terms-cells.tsv`` the source of every
cell; in short:

- ``ja``: the names Tenhou writes in its logs (tenhou.net/6 yaku strings, its draw and limit
  words: as :mod:`agari.game.logs.yaku_names` matches them, and public Tenhou-log code
  writes them); Mahjong Soul's Japanese client (its fan table, yaku guide and UI strings)
  for the yaku Tenhou lacks and the words of play.
- ``zh``: Mahjong Soul's simplified-Chinese client (雀魂), the same three tables.
- ``ko``: Mahjong Soul's Korean client (작혼), the same tables; where it has no word, the
  Korean riichi community's rule pages (namu.wiki's terms page).

A few cells have no source (seat and some wait names, chombo, the game-end words): they
are listed in ``docs/terms-sources.md`` as general knowledge.

>>> from agari.lang import use
>>> with use("ja"):
...     yaku_name("pinfu", "Pinfu"), term("haneman"), term("ron")
('平和', '跳満', 'ロン')
>>> with use("zh"):
...     yaku_name("rinshan", "Rinshan kaihou"), term("tsumo")
('岭上开花', '自摸')
>>> yaku_name("pinfu", "Pinfu"), term("haneman"), round_label("S2-1")
('Pinfu', 'haneman', 'S2-1')
>>> with use("ko"):
...     round_label("S2-1")
'남2-1'
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from agari.lang import _, current

__all__ = [
    "TERMS",
    "YAKU",
    "Names",
    "call_name",
    "limit_name",
    "round_label",
    "term",
    "term_in",
    "yaku_name",
    "yaku_name_in",
]


class Names(NamedTuple):
    """One thing's name in each language agari translates to."""

    ja: str
    zh: str
    ko: str


#: agari yaku id (SPEC §5, and the house rules' yaku) -> its names.
YAKU: Final[dict[str, Names]] = {
    "riichi": Names("立直", "立直", "리치"),
    "double_riichi": Names("両立直", "两立直", "더블 리치"),
    "open_riichi": Names("オープン立直", "开立直", "오픈 리치"),
    "ippatsu": Names("一発", "一发", "일발"),
    "menzen_tsumo": Names("門前清自摸和", "门前清自摸和", "멘젠쯔모"),
    "pinfu": Names("平和", "平和", "핑후"),
    "tanyao": Names("断幺九", "断幺九", "탕야오"),
    "iipeikou": Names("一盃口", "一杯口", "이페코"),
    "haku": Names("役牌 白", "役牌 白", "역패 백"),
    "hatsu": Names("役牌 發", "役牌 发", "역패 발"),
    "chun": Names("役牌 中", "役牌 中", "역패 중"),
    "seat_wind": Names("役牌:自風牌", "役牌:门风牌", "역패: 자풍패"),
    "round_wind": Names("役牌:場風牌", "役牌:场风牌", "역패: 장풍패"),
    "chankan": Names("槍槓", "枪杠", "창깡"),
    "rinshan": Names("嶺上開花", "岭上开花", "영상개화"),
    "haitei": Names("海底摸月", "海底摸月", "해저로월"),
    "houtei": Names("河底撈魚", "河底捞鱼", "하저로어"),
    "chiitoitsu": Names("七対子", "七对子", "치또이쯔"),
    "sanshoku": Names("三色同順", "三色同顺", "삼색동순"),
    "ittsu": Names("一気通貫", "一气通贯", "일기통관"),
    "chanta": Names("混全帯幺九", "混全带幺九", "찬타"),
    "sanshoku_doukou": Names("三色同刻", "三色同刻", "삼색동각"),
    "sankantsu": Names("三槓子", "三杠子", "산깡쯔"),
    "toitoi": Names("対々和", "对对和", "또이또이"),
    "sanankou": Names("三暗刻", "三暗刻", "산안커"),
    "shousangen": Names("小三元", "小三元", "소삼원"),
    "honroutou": Names("混老頭", "混老头", "혼노두"),
    "ryanpeikou": Names("二盃口", "二杯口", "량페코"),
    "honitsu": Names("混一色", "混一色", "혼일색"),
    "junchan": Names("純全帯幺九", "纯全带幺九", "준찬타"),
    "chinitsu": Names("清一色", "清一色", "청일색"),
    "renhou": Names("人和", "人和", "인화"),
    "nagashi_mangan": Names("流し満貫", "流局满贯", "유국만관"),
    "kokushi": Names("国士無双", "国士无双", "국사무쌍"),
    "kokushi_13": Names("国士無双１３面", "国士无双十三面", "국사무쌍 13면 대기"),
    "suuankou": Names("四暗刻", "四暗刻", "스안커"),
    "suuankou_tanki": Names("四暗刻単騎", "四暗刻单骑", "스안커 단기"),
    "daisangen": Names("大三元", "大三元", "대삼원"),
    "tsuuiisou": Names("字一色", "字一色", "자일색"),
    "ryuuiisou": Names("緑一色", "绿一色", "녹일색"),
    "chinroutou": Names("清老頭", "清老头", "청노두"),
    "shousuushii": Names("小四喜", "小四喜", "소사희"),
    "daisuushii": Names("大四喜", "大四喜", "대사희"),
    "chuuren": Names("九蓮宝燈", "九莲宝灯", "구련보등"),
    "junsei_chuuren": Names("純正九蓮宝燈", "纯正九莲宝灯", "순정구련보등"),
    "suukantsu": Names("四槓子", "四杠子", "스깡쯔"),
    "tenhou": Names("天和", "天和", "천화"),
    "chiihou": Names("地和", "地和", "지화"),
    "daisharin": Names("大車輪", "大车轮", "대차륜"),
    "daichikurin": Names("大竹林", "大竹林", "대죽림"),
    "daisuurin": Names("大数隣", "大数邻", "대수린"),
    "daichisei": Names("大七星", "大七星", "대칠성"),
    "paarenchan": Names("八連荘", "八连庄", "팔연장"),
    "sashikomi": Names("差し込み", "放铳开立直", "사시코미"),
}

#: The other words agari shows, by their English (an id of SPEC §3-§9, or the word the
#: English output prints) -> their names.
TERMS: Final[dict[str, Names]] = {
    # the limits (SPEC §3 ``limit``)
    "mangan": Names("満貫", "满贯", "만관"),
    "haneman": Names("跳満", "跳满", "하네만"),
    "baiman": Names("倍満", "倍满", "배만"),
    "sanbaiman": Names("三倍満", "三倍满", "삼배만"),
    "yakuman": Names("役満", "役满", "역만"),
    "kazoe_yakuman": Names("数え役満", "累计役满", "헤아림 역만"),
    # the waits (SPEC §3 ``wait``)
    "ryanmen": Names("両面待ち", "两面听", "양면 대기"),
    "kanchan": Names("嵌張待ち", "坎张听", "칸장 대기"),
    "penchan": Names("辺張待ち", "边张听", "변장 대기"),
    "tanki": Names("単騎待ち", "单骑听", "단기 대기"),
    "shanpon": Names("シャンポン待ち", "双碰听", "샤보 대기"),
    "kokushi_wait": Names("国士無双単騎待ち", "国士无双单骑听", "국사무쌍 단기 대기"),
    "kokushi_13_wait": Names("十三面待ち", "十三面听", "13면 대기"),
    # the dora (SPEC §3 ``dora``)
    "dora": Names("ドラ", "宝牌", "도라"),
    "aka": Names("赤ドラ", "红宝牌", "적도라"),
    "ura": Names("裏ドラ", "里宝牌", "뒷도라"),
    "kita": Names("抜きドラ", "拔北宝牌", "북도라"),
    # the winds, as seats and rounds
    "east": Names("東", "东", "동"),
    "south": Names("南", "南", "남"),
    "west": Names("西", "西", "서"),
    "north": Names("北", "北", "북"),
    # the words of play
    "tsumo": Names("ツモ", "自摸", "쯔모"),
    "ron": Names("ロン", "荣和", "론"),
    "riichi": Names("立直", "立直", "리치"),
    "dealer": Names("親", "庄家", "오야"),
    "non-dealer": Names("子", "闲家", "자"),
    "honba": Names("本場", "本场", "본장"),
    "riichi sticks": Names("供託", "供托", "공탁"),
    "han": Names("飜", "番", "판"),
    "fu": Names("符", "符", "부"),
    "tenpai": Names("聴牌", "听牌", "텐파이"),
    "noten": Names("ノーテン", "未听牌", "노텐"),
    "furiten": Names("フリテン", "振听", "후리텐"),
    "shanten": Names("シャンテン", "向听", "샹텐"),
    "draw": Names("流局", "流局", "유국"),
    "nagashi": Names("流し満貫", "流局满贯", "유국만관"),
    "abort": Names("途中流局", "途中流局", "도중 유국"),
    "chombo": Names("チョンボ", "错和", "촌보"),
    "pao": Names("責任払い", "包牌", "책임 지불"),
    "chii": Names("チー", "吃", "치"),
    "pon": Names("ポン", "碰", "퐁"),
    "kan": Names("カン", "杠", "깡"),
    "closed kan": Names("暗槓", "暗杠", "안깡"),
    "open kan": Names("大明槓", "大明杠", "대명깡"),
    "added kan": Names("加槓", "加杠", "가깡"),
    "deal-in": Names("放銃", "放铳", "방총"),
    "uma": Names("ウマ", "顺位马", "우마"),
    # the abortive draws (``agari.game.outcomes.ABORT_REASONS``)
    "kyuushu": Names("九種九牌", "九种九牌", "구종구패"),
    "suufon": Names("四風連打", "四风连打", "사풍연타"),
    "suucha_riichi": Names("四家立直", "四家立直", "사가리치"),
    "suukaikan": Names("四槓散了", "四杠散了", "사깡 유국"),
    "sanchahou": Names("三家和了", "三家和了", "트리플 론"),
    # why a game ended (``agari.game.ledger``)
    "bust": Names("飛び", "被飞", "토비"),
    "agari-yame": Names("和了止め", "和了终局", "화료 종료"),
    "tenpai-yame": Names("聴牌止め", "听牌终局", "텐파이 종료"),
    "last round": Names("オーラス終了", "最终局结束", "마지막 국 종료"),
    "extra round": Names("延長戦終了", "延长战结束", "연장전 종료"),
}


def _in(names: Names | None, language: str) -> str | None:
    if names is None or language == "en":
        return None
    return str(getattr(names, language))


def yaku_name_in(yaku_id: str, english: str, language: str) -> str:
    """A yaku's name in ``language`` (``english``, agari's name, for English)."""
    return _in(YAKU.get(yaku_id), language) or english


def yaku_name(yaku_id: str, english: str) -> str:
    """A yaku's name in the current language (:func:`agari.lang.use`)."""
    return yaku_name_in(yaku_id, english, current())


def term_in(word: str, language: str) -> str:
    """One of :data:`TERMS`' words in ``language`` (itself in English)."""
    return _in(TERMS.get(word), language) or word


def term(word: str) -> str:
    """One of :data:`TERMS`' words in the current language."""
    return term_in(word, current())


def call_name(kind: str) -> str:
    """A call's kind (:data:`agari.game.logs.events.CALL_KINDS`, and ``kan``) as a message
    names it: the kind itself in English, the word of play in another language
    (``daiminkan``: 大明槓)."""
    if current() == "en":
        return kind
    return term(_CALL_TERMS.get(kind, kind))


#: The call kinds' words in :data:`TERMS` (the others are their own word there).
_CALL_TERMS: Final = {
    "chi": "chii",
    "daiminkan": "open kan",
    "kakan": "added kan",
    "ankan": "closed kan",
}


_WIND_WORDS: Final = {"E": "east", "S": "south", "W": "west", "N": "north"}


def round_label(label: str) -> str:
    """A round's name (``E1``) or label (``S2-1``) with its wind in the current language:
    ``東1``, ``南2-1`` (the honba after the dash, as agari writes it everywhere)."""
    word = _WIND_WORDS.get(label[:1])
    if word is None or current() == "en":
        return label
    return term(word) + label[1:]


def limit_name(limit: str) -> str:
    """A SPEC §3 ``limit`` in the current language: ``mangan`` … ``kazoe_yakuman``, and
    ``2x_yakuman``, ``3x_yakuman`` … as "2x yakuman"."""
    times = re.fullmatch(r"(\d+)x_yakuman", limit)
    if times:
        return _("{count}x yakuman").format(count=int(times.group(1)))
    return term(limit)
