"""NXP DCP (i.MX RT1060): AES-128 ECB/CBC, SHA-1, SHA-256 by DMA descriptors on 4 channels.

No DCP throughput figure is published (../shared/reference/accelerators.md, section 6), so the
per-block times start from the engine's structure - one SHA round per clock (80 for SHA-1, 64
for SHA-256, plus load/writeback) and one AES round per clock with AHB-fed 16-byte blocks - at
the DCP clock (AHB, 1/4 of the 600 MHz core on the EVK's default clock tree) and are FITTED to
the published RT1060 DCP rows. SHA-512 and AES-192/256 fall back to software.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from models.accelerators.base import AES_BLOCK, HASH_BLOCK, block_engine_cycles
from models.params import Param, Values

DEFAULTS = yaml.safe_load((Path(__file__).with_name("dcp_defaults.yaml")).read_text())

STRUCTURE = "engine structure at AHB = core/4 (accelerators.md section 6: no published figure)"
DEFAULT_SOURCE = "dcp_defaults.yaml (ASSUMED there); not fitted"
# The units of the engine work a hw-path profile of a benchmark program records (peripherals/
# NXP_DCP/ Work, models/profiles/collect.py) and the parameter that prices each, per packet or
# per byte (the block parameters over their block's bytes). A packet that both ciphers and hashes
# counts its bytes for each, which this sum over-prices (the engines overlap); the ports never
# send one (firmware/ports/*/dcp*).
WORK_UNITS = {"packets": ("dcp.setup_cycles", 1),
              "aes_bytes": ("dcp.aes_cbc_block_cycles", AES_BLOCK),
              "sha1_bytes": ("dcp.sha1_block_cycles", HASH_BLOCK["sha1"]),
              "sha256_bytes": ("dcp.sha256_block_cycles", HASH_BLOCK["sha256"]),
              "crc32_bytes": ("dcp.crc32_byte_cycles", 1),
              "copy_bytes": ("dcp.copy_byte_cycles", 1),
              "context_loads": ("dcp.context_load_cycles", 1),
              "context_stores": ("dcp.context_store_cycles", 1)}


class Dcp:
    name = "dcp"

    def params(self) -> list[Param]:
        return [
            Param("dcp.setup_cycles", 400.0, "core cycles",
                  "descriptor fetch, channel start and completion per operation",
                  "assumption (a few AHB transactions); weakly constrained by 1 KiB rows",
                  fit=True, prior=0.7),
            Param("dcp.sha1_block_cycles", 4 * 85.0, "core cycles/64 B",
                  "SHA-1 engine time per 64-byte block", STRUCTURE, fit=True, prior=0.7),
            Param("dcp.sha256_block_cycles", 4 * 70.0, "core cycles/64 B",
                  "SHA-256 engine time per 64-byte block", STRUCTURE, fit=True, prior=0.7),
            Param("dcp.aes_cbc_block_cycles", 4 * 12.0, "core cycles/16 B",
                  "AES-128 engine time per 16-byte block incl. DMA in/out", STRUCTURE, fit=True,
                  prior=0.9),
            Param("dcp.hash_glue_cycles", 1000.0, "core cycles",
                  "CPU glue per hash call at -O3 (init/update/finish through the ALT layer)",
                  "assumption; fitted", fit=True, prior=1.0),
            Param("dcp.cipher_glue_cycles", 300.0, "core cycles",
                  "CPU glue per CBC call at -O3", "assumption; fitted", fit=True, prior=1.0),
            # dcp_defaults.yaml counts at the 600 MHz core clock: its cycles are core cycles.
            Param("dcp.crc32_byte_cycles", DEFAULTS["per_byte_x100"]["crc32"] / 100.0,
                  "core cycles/B", "CRC-32 per byte", DEFAULT_SOURCE),
            Param("dcp.copy_byte_cycles", DEFAULTS["per_byte_x100"]["copy"] / 100.0,
                  "core cycles/B", "memory copy, fill or blit per byte", DEFAULT_SOURCE),
            Param("dcp.context_load_cycles", float(DEFAULTS["context_load_cycles"]),
                  "core cycles", "channel context load (context switching)", DEFAULT_SOURCE),
            Param("dcp.context_store_cycles", float(DEFAULTS["context_store_cycles"]),
                  "core cycles", "channel context store (context switching)", DEFAULT_SOURCE),
        ]

    def work_cycles(self, work: dict[str, float], clock_hz: float, values: Values) -> float:
        """Busy time, in core cycles, of the engine work a hw-path profile recorded. The fitted
        costs are core cycles of the 600 MHz RT1060; another core clock does not change them (the
        block model's convention, cycles())."""
        total = 0.0
        for unit, count in work.items():
            if unit not in WORK_UNITS:
                raise ValueError(f"DCP: no cost known for the engine work {unit!r}")
            name, per = WORK_UNITS[unit]
            total += count / per * values[name]
        return total

    def handles(self, algorithm: str, key_bits: int, library: str = "mbedtls") -> bool:
        return algorithm in ("sha1", "sha256", "sha256-message") or (
            algorithm.startswith("aes-cbc") and key_bits == 128)

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        name = "aes-cbc" if algorithm.startswith("aes-cbc") else (
            "sha256" if algorithm == "sha256-message" else algorithm)
        return block_engine_cycles("dcp", name, buffer_bytes, opt, values)
