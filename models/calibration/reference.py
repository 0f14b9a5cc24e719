"""Calibration reference builds: profiles of a build like the one a published row measured.

A published row is compared with the case of our matrix that has its key (published.case_key).
Where the row's figures show that its build differed from ours in a way that changes what the
code executes, the calibration prices the row with a profile of a build that has that difference
(firmware/Makefile `reference`, profiled into models/profiles/data/<board>/reference/) instead:
otherwise the fit would bend shared parameters to absorb the difference. The matrix and its
predictions (reports/predictions.csv) keep the one configuration of every board.

  stm32f407 (Keil MDK 5.15 armcc 5, mbedtls 2.16.2): mbedtls 2.16.2's own sources (files.lock
  `mbedtls-2-16-2`) with firmware/ports/mbedtls/mbedtls_config_reference_stm32f407.h: no bignum
  assembly (mbedtls's bn_mul.h excludes armcc 5 from its inline assembly) and no comb table for G
  cached between calls (the published sign costs 1.03 times the keygen; ours with the cached
  table 0.47, without it 1.05).

  The library version matters: on this configuration a 2.16.2 keygen executes 12.8 M
  instructions, a 2.28.3 one 9.8 M (2.16.9, the closest release a registry serves, 12.0 M).
  Measured in Renode, gcc -O3, the same ELF otherwise.

  Even on 2.16.2 the published keygen and sign cost about 1.4 times the model's price of this
  build, so the published ECC still executed more (or slower) instructions than ours: ECC here is
  bookkeeping-bound (1.5 % long multiplies; 15 % conditional branches, 12 % load/store-multiple
  registers), where the compiler and its C library weigh most. Tried, in Renode on this build,
  and rejected by their size:
    - MBEDTLS_ECP_NIST_OPTIM off (generic reduction by division): keygen 54.3 M instructions,
      5.6 times ours, far beyond the published figure;
    - MBEDTLS_ECP_WINDOW_SIZE 2 (the smallest the library allows): keygen +17 %;
    - MBEDTLS_NO_UDBL_DIVISION (the half-word multiply-accumulate): keygen +26 % on 2.28.3, and
      nothing in the published build suggests it (armcc has 64-bit integers and division);
    - flash wait states: none at 16 MHz (RM0090 Table 10), so no fetch penalty to add.
  Not modelled, for want of a measured cost: the heap. A keygen makes 3,969 calloc/free pairs
  (counted with mbedtls_platform_set_calloc_free on a 32-bit-limb host build of this
  configuration); pricing Keil's C library allocator needs a measurement of it, not a parameter
  fitted to these two rows. The init row (589 cycles, mostly clearing about 1 KiB of contexts)
  is over-priced for the same reason: armcc calls its library's word-aligned clear, newlib's
  memset stores a word an instruction.
"""
from __future__ import annotations

from models.matrix import Case, cases_from_profile
from models.profiles import store


def cases() -> list[Case]:
    """The cases of every stored reference profile."""
    return [case for profile in store.load_references() for case in cases_from_profile(profile)]
