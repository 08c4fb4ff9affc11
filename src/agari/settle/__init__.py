"""Points changing hands: limits and base points, and settlements as lists of transfers.

Takes han and fu (or a yakuman count), a context (seats, counters) and rules; gives base
points, the SPEC §3 payment and a :class:`~agari.settle.transfers.Settlement` — who pays whom
how much and why — for wins, draws, nagashi and chombo, and the points table players know.
Knows nothing of tiles or yaku.
"""
