"""Per-deal columns written to one Parquet file batch by batch, so a run of any length keeps only its
current batch in memory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

from analyzer.errors import UserError


class ParquetSink:
    """A Parquet file filled batch by batch (:meth:`write`); the run's settings go into the file's
    metadata under the key ``analyzer`` (JSON). Use as a context manager; every batch must have the
    same columns and types as the first."""

    def __init__(self, path: str | Path, metadata: dict[str, Any]) -> None:
        self.path = Path(path)
        self.metadata = {"analyzer": json.dumps(metadata, ensure_ascii=False)}
        self.writer: Any = None
        self.schema: Any = None

    def write(self, frame: pl.DataFrame) -> None:
        import pyarrow.parquet as pq

        table = frame.to_arrow()
        try:
            if self.writer is None:
                self.schema = table.schema.with_metadata(self.metadata)
                self.writer = pq.ParquetWriter(str(self.path), self.schema)
            self.writer.write_table(table.cast(self.schema))
        except OSError as e:
            raise UserError(f"cannot write {str(self.path)!r}: {e.strerror or e}") from None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def __enter__(self) -> ParquetSink:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class NoSink:
    """Stands in for a :class:`ParquetSink` when nothing is saved."""

    def write(self, frame: pl.DataFrame) -> None:
        pass

    def __enter__(self) -> NoSink:
        return self

    def __exit__(self, *exc: Any) -> None:
        pass


def sink(path: str | Path | None, metadata: dict[str, Any]) -> ParquetSink | NoSink:
    """A :class:`ParquetSink` for ``path``, or a :class:`NoSink` when ``path`` is None."""
    return NoSink() if path is None else ParquetSink(path, metadata)
