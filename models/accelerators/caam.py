"""NXP CAAM (i.MX RT1170): job-ring descriptors; AES (128/192/256) and SHA-1/SHA-256 by the CAAM
MDHA/AESA; SHA-512 falls back to software on the RT1170 port (ARCHITECTURE.md).

No CAAM throughput figure is published (accelerators.md section 6); the per-block defaults follow
the engine structure (one round per clock at the CAAM clock, 1/4 of the 996 MHz core, plus
descriptor and DMA overhead per job) and are FITTED to the published RT1170 CAAM rows. PKHA
operations (ECC point multiply/add and modular arithmetic, firmware/drivers/caam) are priced per
call from the defaults of caam_defaults.yaml (no published PKHA figure: not fitted), for the calls a
hw-path profile recorded in an ECDSA phase; the core model prices the CPU side of the same profile
(models/matrix.py). Without a hw-path profile ECDSA on the hw path is predicted as software.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from models.accelerators.base import block_engine_cycles
from models.params import Param, Values

DEFAULTS = yaml.safe_load((Path(__file__).with_name("caam_defaults.yaml")).read_text())
PKHA_SOURCE = "caam_defaults.yaml pkha (ASSUMED there: no published PKHA figure); not fitted"
# Driver entry point (what a hw-path profile records) -> PKHA operation of caam_defaults.yaml.
PKHA_OPERATIONS = {"CAAM_PKHA_ECC_PointMul": "ecc_multiply", "CAAM_PKHA_ECC_PointAdd": "ecc_add",
                   "CAAM_PKHA_ModMul": "mod_multiply", "CAAM_PKHA_ModExp": "mod_exponent",
                   "CAAM_PKHA_ModInv": "mod_inverse", "CAAM_PKHA_ModAdd": "mod_simple",
                   "CAAM_PKHA_ModSub": "mod_simple", "CAAM_PKHA_ModRed": "mod_simple"}
# PKHA calls of one ECDSA phase in firmware/ports/mbedtls/caam/ecdsa_alt.c (k*G; u1*G + u2*Q).
DEFAULT_PKHA_CALLS = {"ecdsa-genkey": {"CAAM_PKHA_ECC_PointMul": 1},
                      "ecdsa-sign": {"CAAM_PKHA_ECC_PointMul": 1},
                      "ecdsa-verify": {"CAAM_PKHA_ECC_PointMul": 2, "CAAM_PKHA_ECC_PointAdd": 1}}

STRUCTURE = "engine structure at core/4 (accelerators.md section 6: no published figure)"

# No CAAM SHA-1 row is published, so SHA-1 is not a free parameter (it would keep its prior
# forever): its block costs the fitted SHA-256 block plus the 16 rounds SHA-1 has in addition (80
# against 64, FIPS 180-4 sections 6.1.2 and 6.2.2) at one round per CAAM clock; the rest of a
# block's time (moving its 64 bytes, per-block driver work) is the same for both. The published
# DCP rows show that shape: the fitted DCP SHA-1 block exceeds the SHA-256 one by about 61 core
# cycles, 16 clocks of the DCP at a quarter of the core clock. The same assumption as
# peripherals/NXP_CAAM/ (caam_defaults.yaml).
SHA1_EXTRA_ROUNDS = 80 - 64
# SHA-512 (SHA-384 the same) runs 80 rounds on a 128-byte block: its block costs the SHA-256 block
# plus 16 rounds too, the assumption of the C# model (caam_defaults.yaml sha512). Only wolfCrypt's
# port takes it to the CAAM (firmware/ports/wolfcrypt/caam/caam_cryptocb.c); mbedtls's, like NXP's,
# hashes SHA-512 in software.
SHA512_EXTRA_ROUNDS = 80 - 64
LIBRARY_HASHES = {"wolfcrypt": ("sha512",)}

# The units of the engine work a hw-path profile of a benchmark program records (peripherals/
# NXP_CAAM/ Work, models/profiles/collect.py) and how work_cycles prices each:
#   jobs: caam.setup_cycles each;
#   AES blocks: the fitted AES-128 block, the rounds scaled as in cycles() (FIPS 197: 10/12/14);
#   SHA blocks: the fitted SHA-256 block, SHA-1 and SHA-384/512 with their 16 more rounds;
#   DES blocks: the fitted AES-128 block with 16 (DES) or 48 (3DES, three passes; FIPS 46-3)
#     rounds instead of AES-128's 10 at one round per CAAM clock, the assumption of
#     caam_defaults.yaml des_cycles_per_block (the block's data movement is the AES block's);
#   PKHA operations (in 256-bit operations: the model scales by operand and exponent length) and
#     the RNG and CRC: caam_defaults.yaml's CAAM cycles (ASSUMED there, not fitted).
AES_ROUNDS = {"aes128_blocks": 10, "aes192_blocks": 12, "aes256_blocks": 14}
DES_ROUNDS = {"des_blocks": 16, "des3_blocks": 48}
PKHA_UNITS = {"pkha_ecc_multiply": "ecc_multiply", "pkha_ecc_add": "ecc_add",
              "pkha_mod_multiply": "mod_multiply", "pkha_mod_exponent": "mod_exponent",
              "pkha_mod_inverse": "mod_inverse", "pkha_mod_simple": "mod_simple"}
OTHER_UNITS = {"rng_blocks": "rng_block_cycles", "rng_instantiates": "rng_instantiate_cycles",
               "crc_blocks": "crc_block_cycles"}


class Caam:
    name = "caam"

    def params(self) -> list[Param]:
        return [
            Param("caam.setup_cycles", 2000.0, "core cycles",
                  "job descriptor fetch by the DECO, job ring in/out, completion per operation",
                  "assumption (job ring + descriptor DMA); weakly constrained by 1 KiB rows",
                  fit=True, prior=0.7),
            Param("caam.sha256_block_cycles", 4 * 70.0, "core cycles/64 B",
                  "MDHA SHA-256 time per 64-byte block", STRUCTURE, fit=True, prior=0.7),
            Param("caam.aes_cbc_block_cycles", 4 * 12.0, "core cycles/16 B",
                  "AESA time per 16-byte block incl. DMA", STRUCTURE, fit=True, prior=0.9),
            Param("caam.hash_glue_cycles", 3000.0, "core cycles",
                  "CPU glue per hash call at -O3", "assumption; fitted", fit=True, prior=1.0),
            Param("caam.cipher_glue_cycles", 500.0, "core cycles",
                  "CPU glue per CBC call at -O3", "assumption; fitted", fit=True, prior=1.0),
            Param("caam.clock_hz", float(DEFAULTS["clock_hz"]), "Hz",
                  "CAAM clock (PKHA cycles are counted at it)", "caam_defaults.yaml clock_hz"),
            *(Param(f"caam.pkha_{name}", float(DEFAULTS["pkha"][name]), "CAAM cycles",
                    f"PKHA {name.removesuffix('_cycles').replace('_', ' ')} of 256-bit operands, "
                    "one job", PKHA_SOURCE)
              for name in ("ecc_multiply_cycles", "ecc_add_cycles", "mod_multiply_cycles",
                           "mod_exponent_cycles", "mod_inverse_cycles", "mod_simple_cycles")),
            Param("caam.rng_block_cycles", float(DEFAULTS["rng_cycles_per_block"]),
                  "CAAM cycles/16 B", "RNG output per 16 bytes",
                  "caam_defaults.yaml (ASSUMED there); not fitted"),
            Param("caam.rng_instantiate_cycles", float(DEFAULTS["rng_instantiate_cycles"]),
                  "CAAM cycles", "RNG instantiate or reseed",
                  "caam_defaults.yaml (ASSUMED there); not fitted"),
            Param("caam.crc_block_cycles", float(DEFAULTS["crc_cycles_per_block"]),
                  "CAAM cycles/64 B", "CRCA per 64 bytes",
                  "caam_defaults.yaml (ASSUMED there); not fitted"),
        ]

    def unit_cycles(self, unit: str, clock_hz: float, values: Values) -> float:
        """Core cycles of one unit of engine work (see AES_ROUNDS above)."""
        caam_cycle = clock_hz / values["caam.clock_hz"]  # core cycles per CAAM cycle
        if unit == "jobs":
            return values["caam.setup_cycles"]
        if unit in AES_ROUNDS:
            return values["caam.aes_cbc_block_cycles"] * AES_ROUNDS[unit] / 10.0
        if unit == "sha256_blocks":
            return values["caam.sha256_block_cycles"]
        if unit == "sha1_blocks":
            return values["caam.sha256_block_cycles"] + SHA1_EXTRA_ROUNDS * caam_cycle
        if unit == "sha512_blocks":
            return values["caam.sha256_block_cycles"] + SHA512_EXTRA_ROUNDS * caam_cycle
        if unit in DES_ROUNDS:
            return values["caam.aes_cbc_block_cycles"] + (DES_ROUNDS[unit] - 10) * caam_cycle
        if unit in PKHA_UNITS:
            return values[f"caam.pkha_{PKHA_UNITS[unit]}_cycles"] * caam_cycle
        if unit in OTHER_UNITS:
            return values[f"caam.{OTHER_UNITS[unit]}"] * caam_cycle
        raise ValueError(f"CAAM: no cost known for the engine work {unit!r}")

    def work_cycles(self, work: dict[str, float], clock_hz: float, values: Values) -> float:
        """Busy time, in core cycles, of the engine work a hw-path profile recorded."""
        return sum(count * self.unit_cycles(unit, clock_hz, values)
                   for unit, count in work.items())

    def call_cycles(self, calls: dict[str, float], opt: str, clock_hz: float,
                    values: Values) -> float:
        """Busy time, in core cycles, of the PKHA calls a hw-path profile recorded: per call a job
        (caam.setup_cycles, core cycles) and the operation (CAAM cycles at caam.clock_hz)."""
        total = 0.0
        for entry, n in calls.items():
            operation = PKHA_OPERATIONS.get(entry)
            if operation is None:
                raise ValueError(f"CAAM: no PKHA operation known for the driver call {entry}")
            engine = values[f"caam.pkha_{operation}_cycles"] * clock_hz / values["caam.clock_hz"]
            total += n * (values["caam.setup_cycles"] + engine)
        return total

    def pkha_cycles(self, algorithm: str, opt: str, clock_hz: float, values: Values) -> float:
        """Busy time of an ECDSA phase with the calls of the mbedtls port (DEFAULT_PKHA_CALLS), for
        callers that have no recorded calls (e.g. what-if re-costing)."""
        return self.call_cycles(DEFAULT_PKHA_CALLS[algorithm], opt, clock_hz, values)

    def handles(self, algorithm: str, key_bits: int, library: str = "mbedtls") -> bool:
        return (algorithm in ("sha1", "sha256", "sha256-message") or algorithm.startswith("aes-cbc")
                or algorithm in LIBRARY_HASHES.get(library, ()))

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        if algorithm in DEFAULT_PKHA_CALLS:
            return self.pkha_cycles(algorithm, opt, clock_hz, values)
        name = "aes-cbc" if algorithm.startswith("aes-cbc") else (
            "sha256" if algorithm == "sha256-message" else algorithm)
        if name in ("sha1", "sha512"):
            # Their block is the SHA-256 block plus their extra rounds (unit_cycles).
            values = dict(values)
            values[f"caam.{name}_block_cycles"] = self.unit_cycles(f"{name}_blocks", clock_hz,
                                                                    values)
        cycles = block_engine_cycles("caam", name, buffer_bytes, opt, values)
        if name == "aes-cbc":
            # AES-192/256 add 2/4 rounds to the 10 of AES-128 (FIPS 197).
            rounds = {128: 10, 192: 12, 256: 14}.get(key_bits, 10)
            per_block = values["caam.aes_cbc_block_cycles"]
            cycles += (rounds / 10.0 - 1.0) * per_block * (buffer_bytes // 16)
        return cycles
