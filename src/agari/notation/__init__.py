"""Text and records into hands: the notation (SPEC §1) and the structured form (SPEC §2).

Takes a string or a mapping; gives a checked :class:`~agari.hand.Hand`, or raises
:class:`~agari.errors.HandError` naming the problem (and the column, for text). Modules:
``text`` (the grammar, its fast path and the context words), ``records`` (SPEC §2 mappings),
``validate`` (the checks every reader applies: counts, copies, meld shapes, conflicting words).
Printing a hand back (the normal form) belongs to the value types in :mod:`agari.hand`.
"""

from agari.notation.records import hand_from_dict
from agari.notation.text import parse_hand, read_hand

__all__ = ["hand_from_dict", "parse_hand", "read_hand"]
