"""Calibration reference builds: profiles of a build like the one a published row measured.

A published row is compared with the case of our matrix that has its key (published.case_key).
Where the row's figures show that its build differed from ours in a way that changes what the
code executes, the calibration prices the row with a profile of a build that has that difference
(firmware/Makefile `reference`, profiled into models/profiles/data/<board>/reference/) instead:
otherwise the fit would bend shared parameters to absorb the difference. The matrix and its
predictions (reports/predictions.csv) keep the one configuration of every board.

  stm32f407 (Keil MDK 5.15 armcc 5, mbedtls 2.16.2; firmware/ports/mbedtls/
  mbedtls_config_reference_stm32f407.h): no bignum assembly (mbedtls's bn_mul.h excludes armcc 5
  from its inline assembly) and no comb table for G cached between calls (the published sign
  costs 1.03 times the keygen; ours with the cached table 0.47, without it 1.05).

  Even so the published keygen and sign cost about 1.6 times the model's price of this build
  (35.6 M cycles against 9.6 M instructions: 3.7 cycles an instruction, where the same board's
  published SHA-256 and CTR_DRBG seed rows imply 1.5-1.6 for our instruction counts), so the
  published ECC executed more instructions than ours. Configuration differences tried, in Renode on
  this build, and rejected by their size:
    - MBEDTLS_ECP_NIST_OPTIM off (generic reduction by division): keygen 54.3 M instructions,
      5.6 times ours, far beyond the published figure;
    - MBEDTLS_ECP_WINDOW_SIZE 2 (the smallest the library allows): keygen 11.5 M, +17 %;
    - flash wait states: none at 16 MHz (RM0090 Table 10), so no fetch penalty to add.
  Not modelled, for want of a measured cost: the heap. A keygen makes 3,969 calloc/free pairs
  (counted with mbedtls_platform_set_calloc_free on a 32-bit-limb host build of this
  configuration); the published gap (13.8 M cycles over the calibrated price) would mean about
  3,500 cycles a pair in Keil's C library allocator. Pricing that needs a measurement of that
  allocator, not a parameter fitted to these two rows.
"""
from __future__ import annotations

from models.matrix import Case, cases_from_profile
from models.profiles import store


def cases() -> list[Case]:
    """The cases of every stored reference profile."""
    return [case for profile in store.load_references() for case in cases_from_profile(profile)]
