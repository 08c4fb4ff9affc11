"""Differential test: agari against the PyPI ``mahjong`` package (2.1.0) on random
complete hands.

Hands are built from random groups with a fixed seed (closed and open hands, kans, seven
pairs, thirteen orphans, triplet-heavy shapes, ron and tsumo, riichi, winds, dora
indicators and red fives) and scored by both libraries under matching switches: the
``tenhou`` preset (open tanyao, red fives, no kiriage, 13+ han a yakuman, double-wind
pair 4 fu, no double yakuman, pinfu tsumo 20 fu, open pinfu-shaped ron 30 fu) against
``OptionalRules`` set the same way. Han, fu, yaku ids with han, and the payments must
agree.

Runs under three switch sets: ``tenhou``, ``majsoul`` (double yakuman patterns) and
``tenhou`` with ``kiriage=on``, on 1000 uniformly built hands plus 1000 hands drawn from
pools that make rare yaku likely (flushes, outside hands, all green, terminals and
honours, triple sequences, dragons/winds, many kans). With the fixed seeds all 2000
hands agree under all three.

Known disagreements, decided from RULES.md and therefore not compared here:

* ``double_wind_fu=2`` (``wrc2025``, ``mleague``): mahjong 2.1.0 always gives 4 fu for a
  pair that is both seat and round wind (its ``DOUBLE_VALUED_PAIR``); RULES.md "Presets"
  gives 2 for those presets, so agari is right for them and the presets are not run.
* ``renhou`` as a mangan "not combined with other yaku or dora" (``wrc2025``) has no
  counterpart in the package (its renhou is a 5-han yaku that adds to the others).
* Physical constraint, not a rule: with red fives on, four fives of a suit in one hand
  include the red one, so the generator marks it red (the package would otherwise count
  copy 0 as red while agari does not).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator
from mahjong.meld import Meld as PeerMeld

from agari.engine.scoring import score_hand
from agari.hand import Context, Hand, Meld, MeldKind
from agari.rules import Rules
from agari.tiles import TERMINALS_AND_HONOURS, Tile

SEED = 20261130
N_HANDS = 1000
FIVES = (4, 13, 22)

#: mahjong's yaku class names -> SPEC §5 ids (dora kinds map to None).
PEER_IDS: dict[str, str | None] = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "DaburuRiichi": "double_riichi",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haku": "haku",
    "Hatsu": "hatsu",
    "Chun": "chun",
    "SeatWindEast": "seat_wind",
    "SeatWindSouth": "seat_wind",
    "SeatWindWest": "seat_wind",
    "SeatWindNorth": "seat_wind",
    "RoundWindEast": "round_wind",
    "RoundWindSouth": "round_wind",
    "RoundWindWest": "round_wind",
    "RoundWindNorth": "round_wind",
    "Sanshoku": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroto": "honroutou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi",
    "ChuurenPoutou": "chuuren",
    "Suuankou": "suuankou",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu",
    "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "DaiSuushii": "daisuushii",
    "DaburuKokushiMusou": "kokushi_13",
    "SuuankouTanki": "suuankou_tanki",
    "DaburuChuurenPoutou": "junsei_chuuren",
    # house rules (issue 16); the peer's Daisharin is renamed per suit (its ``name``)
    "OpenRiichi": "open_riichi",
    "DaburuOpenRiichi": "open_riichi",
    "Renhou": "renhou",
    "RenhouYakuman": "renhou",
    "Daichisei": "daichisei",
    "Sashikomi": "sashikomi",
    "Paarenchan": "paarenchan",
    "Dora": None,
    "AkaDora": None,
    "UraDora": None,
}


class Generated:
    """One random complete hand in both libraries' terms."""

    # house-rule context (issue 16), set by the house pool only
    double = False
    open_riichi = False
    paarenchan = 0
    renhou = False
    sashikomi = False

    def __init__(self, rng: random.Random) -> None:
        self.ok = False
        counts = [0] * 34
        closed: list[int] = []
        melds: list[tuple[str, int]] = []  # (kind, first kind)
        shape = rng.random()
        if shape < 0.1:
            kinds = rng.sample(range(34), 7)
            closed = [k for k in kinds for _ in (0, 1)]
        elif shape < 0.13:
            closed = [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)]
        else:
            n_melds = 0 if shape < 0.55 else rng.randint(1, 4)
            heavy = rng.random() < 0.25
            one_suit = rng.random() < 0.1
            suit = rng.randrange(3)
            for i in range(4):
                for _ in range(30):
                    if rng.random() < (0.2 if heavy else 0.6):
                        s = suit if one_suit else rng.randrange(3)
                        first = 9 * s + rng.randrange(7)
                        need = [first, first + 1, first + 2]
                        kind = "seq"
                    else:
                        first = rng.randrange(34)
                        if one_suit and rng.random() < 0.7:
                            first = 9 * suit + rng.randrange(9)
                        need = [first] * 3
                        kind = "trip"
                    if i < n_melds and kind == "trip" and rng.random() < 0.3:
                        kind = rng.choice(["kan", "ankan", "shouminkan"])
                        need = [first] * 4
                    if all(counts[k] + need.count(k) <= 4 for k in set(need)):
                        break
                else:
                    return
                for k in need:
                    counts[k] += 1
                if i < n_melds:
                    melds.append(({"seq": "chi", "trip": "pon"}.get(kind, kind), first))
                else:
                    closed += need
            pair = rng.randrange(34)
            if counts[pair] + 2 > 4:
                return
            closed += [pair, pair]
        all_counts = [0] * 34
        for k in closed:
            all_counts[k] += 1
        for kind, first in melds:
            for k in _meld_kinds(kind, first):
                all_counts[k] += 1
        if max(all_counts) > 4:
            return
        self.closed = sorted(closed)
        self.melds = melds
        self.win = rng.choice(self.closed)
        self.tsumo = rng.random() < 0.4
        self.is_closed = all(kind == "ankan" for kind, _ in melds)
        self.riichi = self.is_closed and rng.random() < 0.5
        self.ippatsu = self.riichi and rng.random() < 0.2
        self.seat = rng.randrange(4)
        self.round = rng.randrange(2)
        self.dora = [rng.randrange(34) for _ in range(rng.randint(1, 2))]
        self.ura = [rng.randrange(34) for _ in range(rng.randint(1, 2))] if self.riichi else []
        # red fives: at most one per suit, only where a five is held
        # (with four fives of a suit in the hand one of them is the red one)
        self.red = {
            f for f in FIVES if all_counts[f] == 4 or (all_counts[f] and rng.random() < 0.5)
        }
        self.ok = True

    def agari_hand(self) -> Hand:
        reds = set(self.red)
        meld_objs = []
        for kind, first in self.melds:
            mt = []
            for k in _meld_kinds(kind, first):
                mt.append(Tile(k, k in reds))
                reds.discard(k)
            tiles_sorted = tuple(sorted(mt, key=lambda t: (t.kind, not t.red)))
            source = None if kind == "ankan" else "left"
            meld_objs.append(Meld(MeldKind(kind), tiles_sorted, source))  # type: ignore[arg-type]
        closed_tiles = []
        for k in self.closed:
            red = k in reds
            reds.discard(k)
            closed_tiles.append(Tile(k, red))
        win_index = next(i for i, t in enumerate(closed_tiles) if t.kind == self.win)
        # the winning tile is a plain copy when there is one
        plain = [i for i, t in enumerate(closed_tiles) if t.kind == self.win and not t.red]
        if plain:
            win_index = plain[0]
        win = closed_tiles.pop(win_index)
        ctx = Context(
            tsumo=self.tsumo,
            riichi=self.riichi and not self.double,
            double_riichi=self.riichi and self.double,
            open_riichi=self.open_riichi,
            paarenchan=self.paarenchan,
            renhou=self.renhou,
            sashikomi=self.sashikomi,
            ippatsu=self.ippatsu,
            seat_wind="ESWN"[self.seat],  # type: ignore[arg-type]
            round_wind="ESWN"[self.round],  # type: ignore[arg-type]
            dora_indicators=tuple(Tile(k) for k in self.dora),
            ura_indicators=tuple(Tile(k) for k in self.ura),
        )
        return Hand(tuple(sorted(closed_tiles)), win, tuple(meld_objs), ctx)

    def peer(self, rules: Rules) -> Any:
        hand = self.agari_hand()
        used = [0] * 34
        order = {k: ([1, 2, 3, 0] if k in FIVES else [0, 1, 2, 3]) for k in range(34)}

        def take(t: Tile) -> int:
            if t.red:
                order[t.kind].remove(0)
                return t.kind * 4
            copy = order[t.kind][used[t.kind]]
            used[t.kind] += 1
            return t.kind * 4 + copy

        all_ids: list[int] = []
        peer_melds = []
        for m in hand.melds:
            ids = [take(t) for t in m.tiles]
            all_ids += ids
            kind = {
                MeldKind.CHI: PeerMeld.CHI,
                MeldKind.PON: PeerMeld.PON,
                MeldKind.KAN: PeerMeld.KAN,
                MeldKind.ANKAN: PeerMeld.KAN,
                MeldKind.SHOUMINKAN: PeerMeld.SHOUMINKAN,
            }[m.kind]
            peer_melds.append(PeerMeld(kind, ids, opened=m.kind is not MeldKind.ANKAN))
        win_id = take(hand.win) if hand.win is not None else 0
        all_ids += [take(t) for t in hand.concealed] + [win_id]
        dora = [k * 4 + 3 - (k in FIVES) for k in self.dora]
        ura = [k * 4 + 3 - (k in FIVES) for k in self.ura]
        config = HandConfig(
            is_tsumo=self.tsumo,
            is_riichi=self.riichi and not self.double,
            is_daburu_riichi=self.riichi and self.double,
            is_open_riichi=self.open_riichi and rules.open_riichi,
            is_renhou=self.renhou and rules.renhou in ("5han", "yakuman"),
            paarenchan=int(self.paarenchan >= 7 and rules.paarenchan != "off"),
            is_ippatsu=self.ippatsu,
            player_wind=27 + self.seat,
            round_wind=27 + self.round,
            options=peer_options(rules),
        )
        return HandCalculator.estimate_hand_value(
            all_ids,
            win_id,
            peer_melds,
            dora,
            config,
            Aotenjou if rules.aotenjou else ScoresCalculator,
            ura_dora_indicators=ura,
        )


def peer_options(rules: Rules) -> Any:
    """The peer's ``OptionalRules`` for agari's switches (issue 16 maps each house rule to
    the peer's option of the same meaning)."""
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=any(rules.red_fives),
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit={
            "yakuman": HandConstants.KAZOE_LIMITED,
            "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
            "multiple": HandConstants.KAZOE_NO_LIMIT,
        }[rules.kazoe],
        kiriage=rules.kiriage,
        fu_for_open_pinfu=rules.open_pinfu_fu == 30,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=rules.renhou == "yakuman",
        has_daisharin=rules.daisharin != "off",
        has_daisharin_other_suits=rules.daisharin == "all",
        has_daichisei=rules.daichisei,
        has_sashikomi_yakuman=rules.sashikomi,
        limit_to_sextuple_yakuman=rules.yakuman_cap == 6,
        paarenchan_needs_yaku=rules.paarenchan == "needs_yaku",
    )


def _meld_kinds(kind: str, first: int) -> list[int]:
    if kind == "chi":
        return [first, first + 1, first + 2]
    if kind == "pon":
        return [first] * 3
    return [first] * 4


def _hands() -> list[Generated]:
    rng = random.Random(SEED)
    out: list[Generated] = []
    while len(out) < N_HANDS:
        g = Generated(rng)
        if g.ok:
            out.append(g)
    return out


_TH = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GREEN = (19, 20, 21, 23, 25, 32)
_POOLS = ("terminals", "green", "one_suit", "half_flush", "outside", "sanshoku", "honours")


def _biased_group(rng: random.Random, pool: str, suit: int) -> tuple[str, int]:
    """A group from a pool that makes rare yaku likely (flushes, outside hands, all
    green, terminals and honours, triple sequences, dragons and winds)."""
    r = rng.random()
    if pool == "terminals":
        return ("trip", rng.choice(_TH))
    if pool == "green":
        return ("seq", 19) if r < 0.3 else ("trip", rng.choice(_GREEN))
    if pool == "one_suit":
        return (
            ("seq", 9 * suit + rng.randrange(7))
            if r < 0.5
            else ("trip", 9 * suit + rng.randrange(9))
        )
    if pool == "half_flush":
        if r < 0.4:
            return ("seq", 9 * suit + rng.randrange(7))
        return ("trip", 27 + rng.randrange(7)) if r < 0.7 else ("trip", 9 * suit + rng.randrange(9))
    if pool == "outside":
        if r < 0.6:
            return ("seq", 9 * rng.randrange(3) + rng.choice((0, 6)))
        return ("trip", rng.choice(_TH))
    if pool == "sanshoku":
        return ("seq", 9 * rng.randrange(3) + rng.randrange(7))
    if r < 0.6:
        return ("trip", 27 + rng.randrange(7))
    return ("seq", 9 * rng.randrange(3) + rng.randrange(7))


def _biased(rng: random.Random) -> Generated | None:
    pool = rng.choice(_POOLS)
    suit = rng.randrange(3)
    counts = [0] * 34
    groups: list[tuple[str, int, list[int]]] = []
    for _ in range(4):
        for _ in range(30):
            kind, first = _biased_group(rng, pool, suit)
            need = [first, first + 1, first + 2] if kind == "seq" else [first] * 3
            if all(counts[k] + need.count(k) <= 4 for k in set(need)):
                break
        else:
            return None
        for k in need:
            counts[k] += 1
        groups.append((kind, first, need))
    pair_pool = _TH if pool in ("terminals", "outside") else _GREEN if pool == "green" else None
    pair = rng.choice(pair_pool) if pair_pool else rng.randrange(34)
    if counts[pair] + 2 > 4:
        return None
    counts[pair] += 2
    n_melds = 0 if rng.random() < 0.5 else rng.randint(1, 4)
    closed: list[int] = []
    melds: list[tuple[str, int]] = []
    for i, (kind, first, need) in enumerate(groups):
        if i < n_melds:
            mk = (
                "chi" if kind == "seq" else rng.choice(["pon", "pon", "kan", "ankan", "shouminkan"])
            )
            if mk not in ("chi", "pon"):
                if counts[first] >= 4:
                    mk = "pon"
                else:
                    counts[first] += 1
            melds.append((mk, first))
        else:
            closed += need
    closed += [pair, pair]
    g = Generated.__new__(Generated)
    g.closed = sorted(closed)
    g.melds = melds
    g.win = rng.choice(g.closed)
    g.tsumo = rng.random() < 0.4
    g.is_closed = all(k == "ankan" for k, _ in melds)
    g.riichi = g.is_closed and rng.random() < 0.5
    g.ippatsu = False
    g.seat = rng.randrange(4)
    g.round = rng.randrange(2)
    g.dora = [rng.randrange(34)]
    g.ura = []
    g.red = {f for f in FIVES if counts[f] == 4}
    g.ok = True
    return g


def _biased_hands() -> list[Generated]:
    rng = random.Random(SEED + 1)
    out: list[Generated] = []
    while len(out) < N_HANDS:
        g = _biased(rng)
        if g is not None:
            out.append(g)
    return out


def _peer_id(yaku: Any) -> str:
    name = type(yaku).__name__
    if name == "Daisharin":  # one class, renamed per suit
        return str(yaku.name).lower()
    return PEER_IDS[name] or ""


def _compare(g: Generated, rules: Rules) -> str | None:
    hand = g.agari_hand()
    mine = score_hand(hand, rules)
    peer = g.peer(rules)
    assert mine is not None, f"agari found no reading of a built hand: {hand!r}"
    if peer.error:
        if mine.status == "no_yaku" and peer.error == "no_yaku":
            return None
        return f"peer error {peer.error!r}; agari {mine.status} {mine.han} {mine.yaku}"
    if mine.status != "win":
        return f"agari {mine.status}; peer {peer.han} han {peer.yaku}"
    peer_yaku = sorted(
        (_peer_id(y), y.han_closed if g.is_closed or not y.han_open else y.han_open)
        for y in peer.yaku
        if type(y).__name__ == "Daisharin" or PEER_IDS[type(y).__name__] is not None
    )
    mine_yaku = sorted((y.id, y.han) for y in mine.yaku or ())
    if mine.yakuman:  # the peer's yakuman han live elsewhere; total han is compared
        mine_yaku = sorted((y, 0) for y, _ in mine_yaku)
        peer_yaku = sorted((y, 0) for y, _ in peer_yaku)
    problems = []
    if mine_yaku != peer_yaku:
        problems.append(f"yaku {mine_yaku} vs {peer_yaku}")
    if mine.han != peer.han:
        problems.append(f"han {mine.han} vs {peer.han}")
    if not mine.yakuman and mine.fu != peer.fu:
        problems.append(f"fu {mine.fu} vs {peer.fu}")
    cost = peer.cost
    if g.tsumo:
        if g.seat == 0:
            want = {"tsumo_each": cost["main"]}
        else:
            want = {"tsumo_dealer": cost["main"], "tsumo_non_dealer": cost["additional"]}
    else:
        want = {"ron": cost["main"]}
    if mine.payment != want:
        problems.append(f"payment {mine.payment} vs {want}")
    if problems:
        return f"{hand!r}: " + "; ".join(problems)
    return None


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("tenhou"),
        # Mahjong Soul's distinctive switch: double yakuman patterns count twice
        Rules.preset("majsoul"),
        # kiriage on, otherwise tenhou
        Rules.preset("tenhou").with_overrides({"kiriage": "on"}),
    ],
    ids=["tenhou", "majsoul", "tenhou+kiriage"],
)
def test_agari_agrees_with_mahjong_package_on_random_hands(rules: Rules) -> None:
    """Source of the expected values: the independent ``mahjong`` 2.1.0 scorer."""
    failures = []
    for g in _hands() + _biased_hands():
        problem = _compare(g, rules)
        if problem is not None:
            failures.append(problem)
    assert not failures, f"{len(failures)} disagreements, e.g.:\n" + "\n".join(failures[:10])


# --------------------------------------------------------------------------------------
# House rules (issue 16): the same comparison with the house switches on, on the hands
# above plus a pool that makes the local yaku and the house words likely.


def _house(rng: random.Random) -> Generated | None:
    """A hand of the house pool: seven pairs 2-8 of one suit, seven pairs of honours, or
    a hand of the other pools; then riichi, open riichi (double too), a dealer's run of
    wins (paarenchan), renhou, and sashikomi on every ron into an open riichi (the peer
    scores sashikomi for any ron on an open riichi)."""
    shape = rng.random()
    if shape < 0.25:
        suit = rng.randrange(3)
        closed = [9 * suit + k for k in range(1, 8) for _ in (0, 1)]
        g = Generated.__new__(Generated)
        g.closed, g.melds = closed, []
    elif shape < 0.35:
        closed = [k for k in range(27, 34) for _ in (0, 1)]
        g = Generated.__new__(Generated)
        g.closed, g.melds = closed, []
    else:
        made = Generated(rng) if shape < 0.7 else _biased(rng)
        if made is None or not made.ok:
            return None
        g = made
    g.win = rng.choice(g.closed)
    g.tsumo = rng.random() < 0.4
    g.is_closed = all(kind == "ankan" for kind, _ in g.melds)
    g.riichi = g.is_closed and rng.random() < 0.6
    g.double = g.riichi and rng.random() < 0.2
    g.open_riichi = g.riichi and rng.random() < 0.6
    g.ippatsu = False
    g.seat = rng.randrange(4)
    g.round = rng.randrange(2)
    g.paarenchan = rng.choice((0, 3, 7, 8)) if g.seat == 0 else 0
    g.renhou = (
        g.is_closed and not g.melds and not g.riichi and not g.tsumo and g.seat != 0
    ) and rng.random() < 0.3
    g.sashikomi = g.open_riichi and not g.tsumo
    g.dora = [rng.randrange(34)]
    g.ura = []
    counts = [0] * 34
    for k in g.closed:
        counts[k] += 1
    for kind, first in g.melds:
        for k in _meld_kinds(kind, first):
            counts[k] += 1
    g.red = {f for f in FIVES if counts[f] == 4 or (counts[f] and rng.random() < 0.5)}
    g.ok = True
    return g


def _house_hands() -> list[Generated]:
    rng = random.Random(SEED + 2)
    out: list[Generated] = []
    while len(out) < N_HANDS:
        g = _house(rng)
        if g is not None:
            out.append(g)
    return out


#: Known differences, decided from the rule sources (README "House rules"), not compared:
#: * ``open_pinfu_fu=20``: the peer gives an open hand without fu 20 fu on a tsumo too
#:   (no 2 tsumo fu when the hand has no other fu); agari keeps the tsumo's 2 fu (22 -> 30),
#:   as the rule is about the open ron (issue 16: "an open pinfu-shaped ron at 20 fu").
#: * ``aotenjou``: mahjong 2.1.0's ``aotenjou_filter_yaku`` raises ValueError on some
#:   yakuman hands (it removes toitoi from a seven-pairs tsuuiisou, the dragon yaku from a
#:   daisangen that lacks one of them ...): those hands are skipped and counted.
#: * ``aotenjou`` on thirteen orphans: the peer scores only the yakuman and dora there (no
#:   riichi, menzen tsumo, red fives); agari keeps them (riichi.wiki Aotenjou: "14 han 30 fu
#:   (tsumo, counting menzen tsumo)").
def _known_difference(g: Generated, rules: Rules) -> bool:
    if rules.open_pinfu_fu == 20 and not g.is_closed and g.tsumo:
        return bool(g.peer(rules).fu == 20)
    return rules.aotenjou and len(set(g.closed)) == 13  # thirteen orphans


HOUSE_RULES = {
    # every house yaku and word on, kazoe multiple with the peer's sextuple cap, 20-fu
    # open ron, renhou a 5-han yaku
    "house": Rules.preset("tenhou").with_overrides(
        {
            "open_riichi": "on",
            "sashikomi": "on",
            "paarenchan": "on",
            "daisharin": "all",
            "daichisei": "on",
            "renhou": "5han",
            "kazoe": "multiple",
            "yakuman_limit": "6",
            "open_pinfu_fu": "20",
        }
    ),
    # paarenchan only with another yaku, daisharin of circles only, renhou a yakuman,
    # double yakuman patterns (majsoul)
    "house-needs-yaku": Rules.preset("majsoul").with_overrides(
        {
            "open_riichi": "on",
            "paarenchan": "needs_yaku",
            "daisharin": "pin",
            "renhou": "yakuman",
        }
    ),
    # no limits: yakuman as 13 han beside the yaku and dora
    "aotenjou": Rules.preset("tenhou").with_overrides(
        {"aotenjou": "on", "open_riichi": "on", "daisharin": "all", "daichisei": "on"}
    ),
}


@pytest.mark.parametrize("name", list(HOUSE_RULES))
def test_agari_agrees_with_mahjong_package_under_house_rules(name: str) -> None:
    """Source of the expected values: the ``mahjong`` 2.1.0 scorer with the options each
    house switch maps to (:func:`peer_options`)."""
    rules = HOUSE_RULES[name]
    failures = []
    compared = peer_crashes = 0
    for g in _hands() + _biased_hands() + _house_hands():
        if _known_difference(g, rules):
            continue
        try:
            g.peer(rules)
        except ValueError:  # the peer's aotenjou filter removes a yaku the hand lacks
            peer_crashes += 1
            continue
        compared += 1
        problem = _compare(g, rules)
        if problem is not None:
            failures.append(problem)
    assert compared > 2500 and peer_crashes < 150
    assert not failures, f"{len(failures)} disagreements, e.g.:\n" + "\n".join(failures[:10])
