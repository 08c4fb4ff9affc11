"""The answer for one input: :class:`Result`, which serialises to a SPEC §3 record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Status = str  # "win", "no_yaku", "not_winning", "tenpai", "noten", "error"


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of the chosen reading and the han it is worth."""

    id: str
    han: int


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the fu breakdown."""

    item: str
    fu: int


@dataclass(frozen=True, slots=True)
class Result:
    """Everything agari says about one input. ``to_json`` gives the SPEC §3 record.

    Fields that do not apply are ``None`` (left out of the JSON record) so that a
    record holds only what is known: an error has no ``han``, a waiting hand no ``fu``.
    """

    input: Any
    status: Status
    hand: str | None = None
    rules: str | None = None
    error: dict[str, Any] | None = None
    warnings: tuple[str, ...] = ()
    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    yaku: tuple[YakuHan, ...] | None = None
    dora: dict[str, int] | None = None
    fu_breakdown: tuple[FuItem, ...] | None = None
    wait: str | None = None
    limit: str | None = None
    base_points: int | None = None
    payment: dict[str, int] | None = None
    points: int | None = None
    total: int | None = None
    reading: tuple[str, ...] | None = None
    win_tile: str | None = None
    deltas: dict[str, int] | None = None
    shanten: int | None = None
    waits: tuple[dict[str, Any], ...] | None = None
    discards: tuple[dict[str, Any], ...] | None = None
    candidates: tuple[Result, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The SPEC §3 record: ``input``, ``hand``, ``rules``, ``status``, ``error``,
        ``warnings`` always; every other key only when it applies."""
        record: dict[str, Any] = {
            "input": self.input,
            "hand": self.hand,
            "rules": self.rules,
            "status": self.status,
            "error": self.error,
            "warnings": list(self.warnings),
        }
        for key in (
            "han",
            "fu",
            "yakuman",
            "limit",
            "base_points",
            "payment",
            "points",
            "total",
            "wait",
            "win_tile",
            "dora",
            "deltas",
            "shanten",
        ):
            value = getattr(self, key)
            if value is not None:
                record[key] = value
        if self.yaku is not None:
            record["yaku"] = [{"id": y.id, "han": y.han} for y in self.yaku]
        if self.fu_breakdown is not None:
            record["fu_breakdown"] = [{"item": f.item, "fu": f.fu} for f in self.fu_breakdown]
        if self.reading is not None:
            record["reading"] = list(self.reading)
        if self.waits is not None:
            record["waits"] = list(self.waits)
        if self.discards is not None:
            record["discards"] = list(self.discards)
        if self.candidates is not None:
            record["candidates"] = [c.to_json() for c in self.candidates]
        record.update(self.extra)
        return record
