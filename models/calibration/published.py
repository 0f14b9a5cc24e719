"""The published measurements, read from models/data/published-measurements.csv, and how each
row maps onto a case of our matrix.

Mapping decisions (stated in the report):
  - path sw -> sw; dcp / caam / atecc508a -> hw of that board.
  - opt "unknown" (STM32F407 Keil, SAMD21 rows) is compared with our high-speed (-O3) build.
  - library "mbedtls 2.x" -> mbedtls; "wolfSSL ..." -> wolfcrypt.
  - aes-cbc rows are mbedtls_benchmark's encryption figure -> our encrypt case ("aes-cbc").
  - ecc-keygen (wolfSSL benchmark) is P-256 key generation -> our ecdsa app's "ecdsa-genkey".
Calibration cells are the rows in cycles_per_byte, cycles or ms; the throughput (KiB/s) rows are
the same measurements in another unit (mbedtls_benchmark prints both) and are only compared.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "published-measurements.csv"
FIT_METRICS = ("cycles_per_byte", "cycles", "time")
BOARD_OF_ID = ("rt1060", "rt1170", "stm32f407", "samd21")
ALIASES = {"ecc-keygen": "ecdsa-genkey"}


@dataclass(frozen=True)
class Measurement:
    id: str
    board: str
    library: str
    algorithm: str     # our algorithm name
    key_bits: int
    path: str          # sw | hw
    opt: str           # none | high-speed (after the mapping above)
    buffer_bytes: int
    metric: str
    value: float
    unit: str
    published_opt: str
    conditions: str
    toolchain: str = "unknown"  # as published: the build it measured (calibration/builds.py)

    @property
    def fitted(self) -> bool:
        return self.metric in FIT_METRICS


def load(source: Path = DATA) -> list[Measurement]:
    lines = [line for line in source.read_text().splitlines() if not line.startswith("#")]
    rows = []
    for row in csv.DictReader(lines):
        board = next((b for b in BOARD_OF_ID if row["id"].startswith(b + "-")), None)
        if board is None:
            raise ValueError(f"{source}: row {row['id']}: no board id prefix in {BOARD_OF_ID}")
        library = "wolfcrypt" if row["library"].lower().startswith("wolfssl") else "mbedtls"
        rows.append(Measurement(
            id=row["id"], board=board, library=library,
            algorithm=ALIASES.get(row["algorithm"], row["algorithm"]),
            key_bits=int(row["key_bits"]) if row["key_bits"] else 0,
            path="sw" if row["path"] == "sw" else "hw",
            opt=row["opt"] if row["opt"] in ("none", "high-speed") else "high-speed",
            buffer_bytes=int(row["buffer_bytes"]) if row["buffer_bytes"] else 0,
            metric=row["metric"], value=float(row["value"]), unit=row["unit"],
            published_opt=row["opt"], conditions=row["conditions"],
            toolchain=row.get("toolchain") or "unknown"))
    return rows


def case_key(m: Measurement) -> tuple[str, str, str, str, str, int, int]:
    """The Case.key this measurement is compared with (ecdsa phases have key_bits 256)."""
    key_bits = m.key_bits
    if m.algorithm.startswith("ecdsa") or m.algorithm in ("ecdsa-init",):
        key_bits = 256
    if m.algorithm in ("ctr-drbg-seed", "sha256-message"):
        key_bits = 256  # the ecdsa app reports every phase with the curve size
    return (m.board, m.library, m.algorithm, m.path, m.opt, key_bits, m.buffer_bytes)
