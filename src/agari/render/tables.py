"""The tables behind the statistics, for data tools (``agari stats --csv DIR`` and
``--parquet DIR``): ``players`` (one row per game and player: the game's partial sums),
``rounds`` (one per round and player) and ``wins`` (one per win), written as the games come,
so that memory stays flat whatever the number of games. The columns are the fields of
:class:`~agari.play.stats.PlayerRow`, :class:`~agari.play.stats.RoundRow` and
:class:`~agari.play.stats.WinRow`, documented in the README.

Parquet needs ``pyarrow`` (the ``parquet`` extra)."""

from __future__ import annotations

import csv
import importlib
import os
from dataclasses import astuple, fields
from typing import IO, Any, Final, Protocol

from agari.play.stats import GameTables, PlayerRow, RoundRow, WinRow, columns

__all__ = ["TABLES", "CsvTables", "ParquetTables", "TableWriter"]

#: Each table's file stem and row type.
TABLES: Final = (("players", PlayerRow), ("rounds", RoundRow), ("wins", WinRow))


class TableWriter(Protocol):
    def add(self, tables: GameTables) -> None: ...

    def close(self) -> None: ...


def _rows(tables: GameTables) -> tuple[tuple[Any, ...], ...]:
    return (tables.players, tables.rounds, tables.wins)


class CsvTables:
    """``players.csv``, ``rounds.csv`` and ``wins.csv`` in ``folder`` (made if missing),
    UTF-8 with a header row; booleans as ``true``/``false``, a missing value empty."""

    def __init__(self, folder: str) -> None:
        os.makedirs(folder, exist_ok=True)
        self._files: list[IO[str]] = []
        self._writers: list[Any] = []
        for stem, row_type in TABLES:
            path = os.path.join(folder, f"{stem}.csv")
            # open for the life of the writer (closed by close()): rows come game by game
            handle = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
            self._files.append(handle)
            writer = csv.writer(handle)
            writer.writerow(columns(row_type))
            self._writers.append(writer)

    def add(self, tables: GameTables) -> None:
        for writer, rows in zip(self._writers, _rows(tables), strict=True):
            writer.writerows(tuple(_cell(v) for v in astuple(row)) for row in rows)

    def close(self) -> None:
        for handle in self._files:
            handle.close()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


class ParquetTables:
    """``players.parquet``, ``rounds.parquet`` and ``wins.parquet`` in ``folder``, written
    in row groups of ``batch`` games' rows."""

    def __init__(self, folder: str, batch: int = 200) -> None:
        # the parquet extra; typed as Any (pyarrow ships no type information)
        pa: Any = importlib.import_module("pyarrow")
        pq: Any = importlib.import_module("pyarrow.parquet")

        os.makedirs(folder, exist_ok=True)
        self._pa = pa
        self._schemas = [_schema(pa, row_type) for _, row_type in TABLES]
        self._writers = [
            pq.ParquetWriter(os.path.join(folder, f"{stem}.parquet"), schema)
            for (stem, _), schema in zip(TABLES, self._schemas, strict=True)
        ]
        self._pending: list[list[tuple[Any, ...]]] = [[], [], []]
        self._games = 0
        self._batch = batch

    def add(self, tables: GameTables) -> None:
        for pending, rows in zip(self._pending, _rows(tables), strict=True):
            pending.extend(astuple(row) for row in rows)
        self._games += 1
        if self._games % self._batch == 0:
            self._flush()

    def _flush(self) -> None:
        for writer, schema, pending in zip(
            self._writers, self._schemas, self._pending, strict=True
        ):
            if pending:
                names = schema.names
                data = {name: [row[i] for row in pending] for i, name in enumerate(names)}
                writer.write_table(self._pa.table(data, schema=schema))
                pending.clear()

    def close(self) -> None:
        self._flush()
        for writer in self._writers:
            writer.close()


def _schema(pa: Any, row_type: type) -> Any:
    """The Arrow schema of a row type, from its fields' annotations."""
    kinds = {"str": pa.string(), "int": pa.int64(), "bool": pa.bool_(), "float": pa.float64()}
    out = []
    for f in fields(row_type):
        text = str(f.type).replace(" ", "")
        base = text.split("|")[0]
        out.append(pa.field(f.name, kinds[base], nullable="None" in text))
    return pa.schema(out)
