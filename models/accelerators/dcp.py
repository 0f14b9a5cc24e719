"""NXP DCP (i.MX RT1060): AES-128 ECB/CBC, SHA-1, SHA-256 by DMA descriptors on 4 channels.

No DCP throughput figure is published (../shared/reference/accelerators.md, section 6), so the
per-block times start from the engine's structure - one SHA round per clock (80 for SHA-1, 64
for SHA-256, plus load/writeback) and one AES round per clock with AHB-fed 16-byte blocks - at
the DCP clock (AHB, 1/4 of the 600 MHz core on the EVK's default clock tree) and are FITTED to
the published RT1060 DCP rows. SHA-512 and AES-192/256 fall back to software.
"""
from __future__ import annotations

from models.accelerators.base import block_engine_cycles
from models.params import Param, Values

STRUCTURE = "engine structure at AHB = core/4 (accelerators.md section 6: no published figure)"


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
        ]

    def handles(self, algorithm: str, key_bits: int, library: str = "mbedtls") -> bool:
        return algorithm in ("sha1", "sha256", "sha256-message") or (
            algorithm.startswith("aes-cbc") and key_bits == 128)

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        name = "aes-cbc" if algorithm.startswith("aes-cbc") else (
            "sha256" if algorithm == "sha256-message" else algorithm)
        return block_engine_cycles("dcp", name, buffer_bytes, opt, values)
