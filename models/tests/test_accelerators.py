"""Accelerator block models: expected figures worked out by hand from the structure the modules
state (FIPS 180-4 round counts and padding, engine clock against core clock)."""
from __future__ import annotations

import pytest

from models.accelerators import ACCELERATORS
from models.matrix import all_params
from models.params import defaults

VALUES = defaults(all_params())


def test_caam_sha1_block_is_the_sha256_block_plus_16_rounds_at_the_caam_clock():
    caam = ACCELERATORS["caam"]
    sha1 = caam.cycles("sha1", 0, 1024, "high-speed", 996e6, VALUES)
    sha256 = caam.cycles("sha256", 0, 1024, "high-speed", 996e6, VALUES)
    # 1024 B plus 9 B of padding is 17 blocks of 64 B; each has 80 - 64 = 16 more rounds, one per
    # 240 MHz CAAM clock, seen by the 996 MHz core.
    assert sha1 - sha256 == pytest.approx(17 * 16 * 996e6 / 240e6)


def test_caam_sha512_only_for_wolfcrypt_and_per_128_byte_block():
    caam = ACCELERATORS["caam"]
    # wolfCrypt's crypto callback takes SHA-384/512 to the CAAM; mbedtls's port (as NXP's) does not.
    assert caam.handles("sha512", 0, "wolfcrypt") and not caam.handles("sha512", 0, "mbedtls")
    sha512 = caam.cycles("sha512", 0, 1024, "high-speed", 996e6, VALUES)
    sha256 = caam.cycles("sha256", 0, 1024, "high-speed", 996e6, VALUES)
    per_block = VALUES["caam.sha256_block_cycles"]
    # 1024 B plus 17 B of padding is 9 blocks of 128 B against 17 of 64 B; each 128-byte block
    # costs a 64-byte one plus 16 rounds at the CAAM clock.
    assert sha512 - sha256 == pytest.approx(9 * (per_block + 16 * 996e6 / 240e6) - 17 * per_block)
