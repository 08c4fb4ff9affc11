"""Points changing hands: limits and base points, and settlements as lists of transfers.

Takes han and fu (or a yakuman count), a context (seats, counters) and rules; gives base
points, the SPEC §3 payment and a :class:`~agari.settlement.Settlement` — who pays whom
how much and why — for wins (several on one discard: :func:`settle_rons`), draws, nagashi
and chombo, and the points table players know.
Knows nothing of tiles or yaku.
"""

from agari.settle.draws import ChomboSettlement, DrawSettlement, settle_chombo, settle_draw
from agari.settle.limits import base_points, round_up_100, yakuman_base
from agari.settle.rons import SeveralRons, settle_rons
from agari.settle.seats import seat_from, seats_in_play, source_of
from agari.settle.table import (
    FU_ROWS,
    Calculation,
    PointsTable,
    calculate,
    format_payment,
    impossible_reason,
    points_table,
    rule_warnings,
    value_words,
)
from agari.settle.win import settle_win
from agari.settlement import Settlement, Transfer

__all__ = [
    "FU_ROWS",
    "Calculation",
    "ChomboSettlement",
    "DrawSettlement",
    "PointsTable",
    "Settlement",
    "SeveralRons",
    "Transfer",
    "base_points",
    "calculate",
    "format_payment",
    "impossible_reason",
    "points_table",
    "round_up_100",
    "rule_warnings",
    "seat_from",
    "seats_in_play",
    "settle_chombo",
    "settle_draw",
    "settle_rons",
    "settle_win",
    "source_of",
    "value_words",
    "yakuman_base",
]
