"""The facts the yaku table and the fu count both read: of a hand, and of one reading.

:class:`HandFacts` is made once per hand (tiles present as bitmasks, openness, the context's
words, whether a yakuman is possible at all); :class:`Features` once per reading (sequences,
triplets, concealed triplets, the pair, the wait, pinfu shape, the fu of its triplets and
kans, and the *plan key* that says which yaku rows are worth testing, see
:mod:`agari.engine.yaku`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from agari.engine.decompose import (
    KAN,
    KIND_BITS,
    PAIR,
    SEQUENCE,
    STANDARD,
    TRIPLET,
    UNIT,
    Group,
    Reading,
    SuitEntry,
    kind_bits,
    meld_groups,
    suit_entries,
    suit_key,
    suit_keys,
)
from agari.hand import says_rare_words
from agari.native import mypyc_attr
from agari.tiles import (
    DRAGONS,
    EAST,
    GREEN_KINDS,
    IS_TERMINAL_OR_HONOUR,
    TERMINALS_AND_HONOURS,
    WIND_LETTERS,
    WINDS,
)

if TYPE_CHECKING:
    from agari.hand import Context, Hand

_TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
_DRAGON_SET: Final = frozenset(DRAGONS)


def group_fu(kind: int, kan: bool, concealed: bool) -> int:
    """2 for an open simple triplet, doubled for a terminal or honour, doubled when
    concealed, four times for a kan (RULES.md, "Fu")."""
    fu = 2
    if IS_TERMINAL_OR_HONOUR[kind]:
        fu *= 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


#: The fu of a group by type (a triplet or a kan; sequences and pairs have none here),
#: whether it counts as concealed, and kind: ``GROUP_FU[type][concealed][kind]``.
GROUP_FU: Final = tuple(
    tuple(
        tuple(
            group_fu(k, type_ == KAN, concealed) if type_ in (TRIPLET, KAN) else 0
            for k in range(34)
        )
        for concealed in (False, True)
    )
    for type_ in range(4)
)


# Sets of kinds as bitmasks (bit k for kind k, as a suit entry's ``present``): "every tile
# held is X" is then one AND against the mask of the kinds present instead of a loop over
# the tiles.
_ALL: Final = kind_bits(range(34))
_HONOURS: Final = kind_bits(range(27, 34))
_NOT_HONOUR: Final = _ALL & ~_HONOURS
_SUIT_MASKS: Final = tuple(kind_bits(range(9 * s, 9 * s + 9)) for s in range(3))
#: Every kind but one number suit and the honours: a hand of one suit holds none of them.
_NOT_M_OR_HONOUR: Final = _ALL & ~(_SUIT_MASKS[0] | _HONOURS)
_NOT_P_OR_HONOUR: Final = _ALL & ~(_SUIT_MASKS[1] | _HONOURS)
_NOT_S_OR_HONOUR: Final = _ALL & ~(_SUIT_MASKS[2] | _HONOURS)
_NOT_SIMPLE: Final = kind_bits(TERMINALS_AND_HONOURS)
_NOT_TERMINAL: Final = _ALL & ~kind_bits(_TERMINALS)
_NOT_TERMINAL_OR_HONOUR: Final = _ALL & ~_NOT_SIMPLE
_NOT_GREEN: Final = _ALL & ~kind_bits(GREEN_KINDS)
#: The tiles of a fixed group of each type (SEQUENCE, TRIPLET, KAN) by its first kind, as
#: an addition to its suit's key (:func:`agari.engine.decompose.suit_keys`), and the kinds
#: it holds as bits.
_GROUP_TILES: Final[tuple[tuple[int, ...], ...]] = (
    tuple(UNIT[k] * (1 + (1 << KIND_BITS) + (1 << 2 * KIND_BITS)) for k in range(34)),
    tuple(3 * UNIT[k] for k in range(34)),
    tuple(4 * UNIT[k] for k in range(34)),
)
_GROUP_KINDS: Final[tuple[tuple[int, ...], ...]] = (
    tuple(7 << k for k in range(34)),
    *((tuple(1 << k for k in range(34)),) * 2),
)


#: A count of at most 10 plus 5 has its fourth bit set exactly when the count is 3 or
#: more: added to an honours key, the kinds held three times or more, in one addition.
_PLUS_FIVE: Final = suit_key([5] * 7)
_FOURTH_BITS: Final = suit_key([8] * 7)
_WIND_THREES: Final = suit_key([8, 8, 8, 8, 0, 0, 0])
_DRAGON_THREES: Final = suit_key([0, 0, 0, 0, 8, 8, 8])
#: One suit's key in nine gates (1112345678999 and one more), and the nine keys it may be.
_NINE_GATES: Final = suit_key([3, 1, 1, 1, 1, 1, 1, 1, 3])
_NINE_GATES_WINS: Final = frozenset(_NINE_GATES + (1 << KIND_BITS * i) for i in range(9))
#: One suit's key in seven pairs 2-8 (daisharin and its kin).
_SEVEN_RUN: Final = suit_key([0, 2, 2, 2, 2, 2, 2, 2, 0])
#: Wind letters (as in a Context) to kinds.
_WIND_KIND: Final = {letter: EAST + i for i, letter in enumerate(WIND_LETTERS)}
#: Pair kinds that earn fu / spoil pinfu, by seat wind and round wind (East first):
#: dragons and both.
_VALUED: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(_DRAGON_SET | {seat, round_} for round_ in WINDS) for seat in WINDS
)
#: Whether a group starting at a kind holds a terminal or an honour (chanta/junchan):
#: for sequences 123 and 789, for triplets and pairs the kind itself.
_SEQ_OUTSIDE: Final = tuple(k < 27 and k % 9 in (0, 6) for k in range(34))


#: The facts of the rarer context words that alone decide a yaku row.
_SITUATIONAL_FACTS: Final = (
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "renhou",
    "open_riichi",
    "double_open_riichi",
)
#: The bit of each hand fact that alone decides a yaku row (``YakuDef.fact``): a hand's
#: plan key holds the bits of the facts that hold, so a plan lists the rows that hold
#: and tests only the rows that look at the reading.
FACT_BITS: Final = {
    name: 1 << i
    for i, name in enumerate(
        (
            "riichi",
            "closed_tsumo",
            "all_simple",
            "one_suit_with_honours",
            "one_suit_only",
            "all_terminal_or_honour",
            *_SITUATIONAL_FACTS,
        )
    )
}
_BIT_RIICHI: Final = FACT_BITS["riichi"]
BIT_CLOSED_TSUMO: Final = FACT_BITS["closed_tsumo"]
_BIT_ALL_SIMPLE: Final = FACT_BITS["all_simple"]
_BIT_HONITSU: Final = FACT_BITS["one_suit_with_honours"]
_BIT_CHINITSU: Final = FACT_BITS["one_suit_only"]
_BIT_HONROUTOU: Final = FACT_BITS["all_terminal_or_honour"]
#: ``paarenchan=N``: the dealer's wins in a row before this one; the 8th win (7 before it)
#: and every one after is the yakuman (riichi.wiki Optional yaku, Paarenchan).
PAARENCHAN_WINS: Final = 7
#: A reading's part of its plan key: sequences (3 bits), triplets (3), offers (3).
READING_KEY_BITS: Final = 9


@mypyc_attr(acyclic=True)
class HandFacts:
    """What every reading of one hand shares: tiles present, openness, context.

    Computed once per hand; the tile tests are bitmask tests on the kinds present."""

    # Not slotted, for these class-level defaults: the facts of the rarer context words
    # are set on an instance only for a hand that has one of those words.
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    open_riichi: bool = False
    double_open_riichi: bool = False
    sashikomi: bool = False
    paarenchan: bool = False

    def __init__(
        self,
        hand: Hand,
        closed_keys: list[int] | None = None,
        entries: Sequence[SuitEntry] | None = None,
        fixed: tuple[Group, ...] | None = None,
    ) -> None:
        """``closed_keys``: the suit keys of the concealed tiles with the winning tile,
        ``entries`` their suit entries and ``fixed`` the melds' groups, when the caller
        has them already (the decomposer needs them too)."""
        ctx = hand.context
        if closed_keys is None:
            closed_keys = suit_keys(hand.closed_tiles)
        if entries is None:
            entries = suit_entries(closed_keys)
        if fixed is None:
            fixed = meld_groups(hand.melds)
        present = concealed_triplets = 0
        for entry in entries:
            present |= entry.present
            concealed_triplets += entry.triplets
        closed = True
        kans = closed_kans = 0
        keys = closed_keys
        if fixed:  # add the melds' tiles; note openness and kans
            keys = list(closed_keys)
            for t, k, concealed, _ in fixed:
                keys[k // 9] += _GROUP_TILES[t][k]
                present |= _GROUP_KINDS[t][k]
                if t == KAN:
                    kans += 1
                    closed_kans += concealed
                closed = closed and concealed
        #: The hand's suit keys (melds included).
        self.keys = keys
        self.closed = closed
        tsumo = self.tsumo = ctx.tsumo
        seat = self.seat_wind = _WIND_KIND[ctx.seat_wind]
        round_ = self.round_wind = _WIND_KIND[ctx.round_wind]
        self.valued = _VALUED[seat - EAST][round_ - EAST]
        riichi = self.riichi = (
            closed and ctx.riichi and not ctx.double_riichi and not ctx.open_riichi
        )
        rare = says_rare_words(ctx)
        situation = self._situation(ctx, closed, tsumo) if rare else 0
        has_honour = self.has_honour = present & _HONOURS != 0
        all_honour = self.all_honour = not present & _NOT_HONOUR
        one_suit = not all_honour and (
            not present & _NOT_M_OR_HONOUR
            or not present & _NOT_P_OR_HONOUR
            or not present & _NOT_S_OR_HONOUR
        )
        honitsu = self.one_suit_with_honours = one_suit and has_honour
        chinitsu = self.one_suit_only = one_suit and not has_honour
        closed_tsumo = self.closed_tsumo = closed and tsumo
        all_simple = self.all_simple = not present & _NOT_SIMPLE
        honroutou = self.all_terminal_or_honour = not present & _NOT_TERMINAL_OR_HONOUR
        all_terminal = self.all_terminal = not present & _NOT_TERMINAL
        all_green = self.all_green = not present & _NOT_GREEN
        # The hand-level rows that hold, as bits (see FACT_BITS), and whether the hand is
        # closed: the part of a reading's plan key that every reading shares.
        bits = (
            situation
            | (_BIT_RIICHI if riichi else 0)
            | (BIT_CLOSED_TSUMO if closed_tsumo else 0)
            | (_BIT_ALL_SIMPLE if all_simple else 0)
            | (_BIT_HONITSU if honitsu else 0)
            | (_BIT_CHINITSU if chinitsu else 0)
            | (_BIT_HONROUTOU if honroutou else 0)
        )
        self.plan_base = (bits << 1 | closed) << READING_KEY_BITS
        chuuren = junsei = False
        #: Seven pairs 2-8 of one suit (daisharin, daichikurin, daisuurin): the suit (0 m,
        #: 1 p, 2 s), or -1.
        seven_run = -1
        if chinitsu and not fixed:
            suit = 0 if present & _SUIT_MASKS[0] else 1 if present & _SUIT_MASKS[1] else 2
            key = closed_keys[suit]
            if key in _NINE_GATES_WINS:
                chuuren = True
                win = hand.win
                junsei = win is not None and key - UNIT[win.kind] == _NINE_GATES
            elif key == _SEVEN_RUN:
                seven_run = suit
        self.chuuren = chuuren
        self.junsei = junsei
        self.seven_run = seven_run
        # Every yakuman but kokushi needs one of these, so a hand without any of them
        # skips the yakuman table (kokushi is told by the reading's shape): suuankou four
        # concealed triplets (three closed copies of four kinds, closed kans counted),
        # daisangen the three dragons, the wind yakuman three winds, suukantsu four kans.
        possible = (
            concealed_triplets + closed_kans >= 4
            or kans == 4
            or all_green
            or all_terminal
            or chuuren
            or seven_run >= 0
            or (
                rare
                and (
                    self.tenhou or self.chiihou or self.renhou or self.paarenchan or self.sashikomi
                )
            )
        )
        if has_honour and not possible:
            threes = (keys[3] + _PLUS_FIVE) & _FOURTH_BITS
            possible = (
                all_honour
                or (threes & _WIND_THREES).bit_count() >= 3
                or threes & _DRAGON_THREES == _DRAGON_THREES
            )
        self.yakuman_possible = possible

    def _situation(self, ctx: Context, closed: bool, tsumo: bool) -> int:
        """The facts of the rarer context words, each only where it can be true; returns
        the bits (:data:`FACT_BITS`) of those that decide a yaku row."""
        self.double_riichi = closed and ctx.double_riichi and not ctx.open_riichi
        self.open_riichi = closed and ctx.open_riichi and ctx.riichi and not ctx.double_riichi
        self.double_open_riichi = closed and ctx.open_riichi and ctx.double_riichi
        self.sashikomi = closed and ctx.sashikomi and ctx.open_riichi and not tsumo
        self.paarenchan = ctx.paarenchan >= PAARENCHAN_WINS and ctx.dealer
        self.ippatsu = closed and ctx.in_riichi and ctx.ippatsu
        self.haitei = tsumo and ctx.haitei
        self.houtei = not tsumo and ctx.houtei
        self.rinshan = tsumo and ctx.rinshan
        self.chankan = not tsumo and ctx.chankan
        self.tenhou = ctx.tenhou and tsumo and closed
        self.chiihou = ctx.chiihou and tsumo and closed
        self.renhou = ctx.renhou and not tsumo and closed
        return sum(FACT_BITS[name] for name in _SITUATIONAL_FACTS if getattr(self, name))


#: Things a row may require of a reading (bits of ``YakuDef.requires``): a triplet of
#: honours, every group holding a terminal or honour, no groups at all (seven pairs).
HONOUR_TRIPLET: Final = 1
OUTSIDE: Final = 2
NO_GROUPS: Final = 4


@mypyc_attr(acyclic=True)
class Features:
    """The facts of one reading that the yaku predicates and the fu count look at."""

    __slots__ = (
        "ankou",
        "chanta_shape",
        "facts",
        "iipeikou",
        "kans",
        "offers",
        "pair",
        "pinfu",
        "plan",
        "reading",
        "ryanpeikou",
        "seqs",
        "set_fu",
        "shape",
        "trips",
        "wait",
    )

    def __init__(self, reading: Reading, facts: HandFacts) -> None:
        self.reading = reading
        self.facts = facts
        shape = self.shape = reading.shape
        wait = self.wait = reading.wait
        seqs: list[int] = []
        trips: list[int] = []
        ankou = 0
        kans = 0
        set_fu = 0
        chanta = True
        offers = 0
        pair = -1
        if shape == STANDARD:
            outside = IS_TERMINAL_OR_HONOUR
            for t, k, concealed, _ in reading.groups:
                if t == SEQUENCE:
                    seqs.append(k)
                    chanta = chanta and _SEQ_OUTSIDE[k]
                    continue
                chanta = chanta and outside[k]
                if t == PAIR:
                    pair = k
                    continue
                trips.append(k)
                set_fu += GROUP_FU[t][concealed][k]
                if concealed:
                    ankou += 1
                if t == KAN:
                    kans += 1
                if k >= EAST:
                    offers = HONOUR_TRIPLET
            if chanta:
                offers |= OUTSIDE
        else:
            chanta = False
            offers = NO_GROUPS
        self.pair = pair
        seqs.sort()
        # Lists, not tuples: only read, and a copy for every reading costs more.
        self.seqs = seqs
        # Identical sequences count in a closed hand only: two pairs of them are
        # ryanpeikou, one pair iipeikou (never both).
        iipeikou = ryanpeikou = False
        if facts.closed and len(seqs) >= 2:
            if len(seqs) == 4 and seqs[0] == seqs[1] and seqs[2] == seqs[3]:
                ryanpeikou = True
            else:
                iipeikou = len(set(seqs)) < len(seqs)
        self.iipeikou = iipeikou
        self.ryanpeikou = ryanpeikou
        self.trips = trips
        self.ankou = ankou
        self.kans = kans
        #: The fu of the reading's triplets and kans (see :func:`agari.fu.fu_total`).
        self.set_fu = set_fu
        self.chanta_shape = chanta
        self.pinfu = (
            facts.closed and len(seqs) == 4 and wait == "ryanmen" and pair not in facts.valued
        )
        #: What this reading offers the rows' ``requires`` (see :data:`HONOUR_TRIPLET`).
        self.offers = offers
        #: The key of the reading's plan in :attr:`RuleTables.plans`.
        self.plan = facts.plan_base | len(seqs) << 6 | len(trips) << 3 | offers
