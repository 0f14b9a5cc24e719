"""The sweep cache: one JSON file per finished point, and the tidy CSV rebuilt from them.

build/sweeps/<sweep>/cache/<hash>.json holds {hash, label, point, rows, seconds, attempts}.
Every file is written to a temporary name and renamed (os.replace is atomic on POSIX), so a run
killed at any instant leaves either the whole file or none: resuming skips exactly the points
whose file exists, and the CSV never holds half a row.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable

TOP = Path(__file__).resolve().parents[2]
# MODELS_SWEEP_ROOT moves the caches and CSVs elsewhere (the tests use a temporary directory).
ROOT = Path(os.environ.get("MODELS_SWEEP_ROOT", TOP / "build" / "sweeps"))


def content_hash(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def point_json(point: dict[str, Any]) -> str:
    return json.dumps(point, sort_keys=True, separators=(",", ":"))


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)  # no fsync: the rename is what makes a kill safe (not power loss)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Cache:
    def __init__(self, directory: Path):
        self.directory = directory

    def file(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def has(self, key: str) -> bool:
        return self.file(key).exists()

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            return json.loads(self.file(key).read_text())
        except (OSError, ValueError):
            return None

    def put(self, key: str, entry: dict[str, Any]) -> None:
        write_atomic(self.file(key), json.dumps(entry) + "\n")


def tidy_rows(sweep_name: str, point_columns: list[str],
              entries: Iterable[dict[str, Any]]) -> tuple[list[str], list[dict[str, Any]]]:
    """One CSV row per result row of every point: sweep, point hash, the point's keys, results."""
    rows: list[dict[str, Any]] = []
    result_columns: dict[str, None] = {}
    for entry in entries:
        for row in entry["rows"]:
            for key in row:
                if key not in point_columns:
                    result_columns.setdefault(key)
            rows.append({"sweep": sweep_name, "point": entry["hash"][:16],
                         **{k: entry["point"].get(k, "") for k in point_columns},
                         **{k: v for k, v in row.items() if k not in point_columns}})
    return ["sweep", "point", *point_columns, *result_columns], rows


def write_csv(path: Path, columns: list[str], rows: list[dict[str, Any]]) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n", restval="")
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(path, buffer.getvalue())
