"""Throughput against buffer size, software and accelerator, from the calibrated models
(pipeline.py): the sweep the report plots (reports/throughput-*.png, throughput-vs-size.csv), and
the smallest size at which the accelerator is at least as fast as software (the crossover that
`make`'s answer and the report print). No plotting here: answer.py imports it without matplotlib.
"""
from __future__ import annotations

from models import boards
from models.accelerators import ACCELERATORS
from models.accelerators.base import blocks
from models.matrix import cycles_per_call
from models.pipeline import Outcome

SIZES = [16 << i for i in range(11)]  # 16 B .. 16 KiB
SWEEP_ALGORITHMS = (("sha256", 0), ("sha1", 0), ("aes-cbc", 128))


def sweep(outcome: Outcome) -> list[dict[str, object]]:
    """Throughput vs buffer size, sw and hw, mbedtls, both opts, boards with a block engine.

    hw: the accelerator model at each size. sw: the profiled 1 KiB call scaled by the number of
    blocks (padding included), i.e. no fixed per-call cost beyond the padding block - the key
    schedule is outside the timed loop and hashing's init/finish are a few hundred cycles."""
    values = outcome.validation.full.values
    by_key = {c.key: c for c in outcome.cases}
    rows = []
    for board in boards.BOARDS.values():
        accelerator = ACCELERATORS.get(board.accelerator or "")
        if accelerator is None or board.accelerator == "atecc508a":
            continue
        for opt in ("none", "high-speed"):
            for algorithm, key_bits in SWEEP_ALGORITHMS:
                sw = by_key.get((board.id, "mbedtls", algorithm, "sw", opt, key_bits, 1024))
                if sw is None or not accelerator.handles(algorithm, key_bits):
                    continue
                sw_1k = cycles_per_call(sw, values)
                for size in SIZES:
                    sw_cycles = sw_1k * blocks(algorithm, size) / blocks(algorithm, 1024)
                    hw_cycles = accelerator.cycles(algorithm, key_bits, size, opt, board.clock_hz,
                                                   values)
                    for path, cycles in (("sw", sw_cycles), ("hw", hw_cycles)):
                        rows.append({"board": board.id, "algorithm": algorithm, "key_bits": key_bits,
                                     "opt": opt, "path": path, "buffer_bytes": size,
                                     "kbps": size * board.clock_hz / cycles / 1024.0})
    return rows


def crossovers(rows: list[dict[str, object]]) -> dict[tuple, int | None]:
    """Smallest buffer size at which hw is at least as fast as sw, per (board, algorithm, opt)."""
    table: dict[tuple, dict[int, dict[str, float]]] = {}
    for r in rows:
        key = (r["board"], r["algorithm"], r["opt"])
        table.setdefault(key, {}).setdefault(int(r["buffer_bytes"]), {})[str(r["path"])] = float(r["kbps"])
    result = {}
    for key, sizes in table.items():
        result[key] = next((s for s in sorted(sizes) if sizes[s]["hw"] >= sizes[s]["sw"]), None)
    return result
