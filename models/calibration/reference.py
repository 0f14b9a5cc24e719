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
"""
from __future__ import annotations

from models.matrix import Case, cases_from_profile
from models.profiles import store


def cases() -> list[Case]:
    """The cases of every stored reference profile."""
    return [case for profile in store.load_references() for case in cases_from_profile(profile)]
