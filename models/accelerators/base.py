"""What the block accelerators share: setup + per-block engine time + CPU-side driver glue.

cycles(call) = glue(kind, opt) + setup + ceil(bytes / block) * per_block(algorithm)

The glue is the CPU work of the library's ALT layer and the vendor driver for one call (building
the descriptor or job, cache maintenance, polling, context copy), in core cycles at -O3; at -O0 it
is multiplied by `glue.none_factor`, shared by all accelerators. The glue is a fitted constant
per accelerator and operation kind: the hw-path profiles (models/profiles/collect.py) cover the
ECDSA app only, whose CPU side the core model prices instead (models/matrix.py), and the published
hw rows measured NXP's SDK drivers, not ours, so our drivers' instructions would not stand for
theirs.
"""
from __future__ import annotations

import math
from typing import Protocol

from models.params import Param, Values

HASH_BLOCK = {"sha1": 64, "sha256": 64, "sha512": 128, "sha256-message": 64}
AES_BLOCK = 16


def glue_params() -> list[Param]:
    return [Param("glue.none_factor", 2.5, "ratio",
                  "CPU cost of driver/ALT glue at -O0 relative to -O3",
                  "prior from the software profiles (instructions at -O0 / -O3 of the same code "
                  "are 2-4x); fitted", fit=True, prior=0.5)]


def blocks(algorithm: str, buffer_bytes: int) -> int:
    size = HASH_BLOCK.get(algorithm, AES_BLOCK)
    if algorithm in HASH_BLOCK:
        # Padding adds 9 (SHA-1/256) or 17 (SHA-512) bytes before rounding up to whole blocks.
        return math.ceil((buffer_bytes + (17 if size == 128 else 9)) / size)
    return math.ceil(buffer_bytes / size)


class Accelerator(Protocol):
    name: str

    def params(self) -> list[Param]:
        ...

    def handles(self, algorithm: str, key_bits: int, library: str = "mbedtls") -> bool:
        """Whether the library's accelerator port puts this algorithm on the engine."""
        ...

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        ...


def block_engine_cycles(prefix: str, algorithm: str, buffer_bytes: int, opt: str,
                        values: Values) -> float:
    """glue + setup + blocks * per-block, for the block engines (DCP, CAAM)."""
    kind = "cipher" if algorithm.startswith("aes") else "hash"
    per_block = values[f"{prefix}.{algorithm.replace('-', '_')}_block_cycles"]
    glue = values[f"{prefix}.{kind}_glue_cycles"]
    if opt == "none":
        glue *= values["glue.none_factor"]
    return glue + values[f"{prefix}.setup_cycles"] + blocks(algorithm, buffer_bytes) * per_block
