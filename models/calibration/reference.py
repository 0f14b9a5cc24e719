"""Calibration reference builds: profiles of a build like the one a published row measured.

A published row is compared with the case of our matrix that has its key (published.case_key).
Where the row's figures show that its build differed from ours in a way that changes what the
code executes, the calibration prices the row with a profile of a build that has that difference
(firmware/Makefile `reference`, profiled into models/profiles/data/<board>/reference/) instead:
otherwise the fit would bend shared parameters to absorb the difference. The matrix and its
predictions (reports/predictions.csv) keep the one configuration of every board.

  stm32f407 (Keil MDK 5.15 armcc 5, mbedtls 2.16.2): mbedtls 2.16.2's own sources (files.lock
  `mbedtls-2-16-2`) with firmware/ports/mbedtls/mbedtls_config_reference_stm32f407.h:
    - no bignum assembly (mbedtls's bn_mul.h excludes armcc 5 from its inline assembly);
    - no comb table for G cached between calls: the published sign costs 1.03 times the keygen;
      ours with the cached table 0.47, without it 1.05;
    - the rest of configs/config-suite-b.h's crypto settings, the only configuration 2.16.2
      ships that turns that cache off, in one block with the smallest comb window ("Save RAM at
      the expense of speed"): MBEDTLS_ECP_WINDOW_SIZE 2, ENTROPY_MAX_SOURCES 2, ECP_MAX_BITS 384,
      MPI_MAX_SIZE 48. Nothing published names the file, but none of the shipped
      configurations turns the cache off with the default window (6).

  The library version matters: on the same configuration a 2.16.2 keygen executes 12.8 M
  instructions, a 2.28.3 one 9.8 M (2.16.9, the closest release a registry serves, 12.0 M).
  Measured in Renode, gcc -O3, the same ELF otherwise.

  How the configuration was found, and what each step did to the fit (keygen / sign error,
  leave-one-out median of all cells):
    - the default window with the cache off and the M4's load/store costs per instruction:
      -14.4 / -13.3 %, 8.2 % (taken branches counted in the trace, not the assumed half);
    - the suite-B settings: keygen 14.76 M and sign 15.51 M instructions (+17.6 / +18.3 %),
      drbg-seed and hash unchanged, init 496 instructions (the entropy context's memset
      shrinks). Fitted with the M4 pricing every single store alike, the init row held the
      store cost and refill down: -20.6 / -19.2 %, init +50 %, 9.7 %;
    - loads and stores that pipeline behind a neighbouring one counted in the trace at a cycle
      (models/cores/cortex_m4.py; the init row's memset stores four words back to back), and the
      M4's floor raised to the TRM's least cost of the region's register lists and taken
      branches (cortex_m4.py floor_cycles): the init row's 589 cycles are below our build's
      floor of 623 (496 instructions, 41 registers moved by LDM/STM, 81 taken branches), so
      the published build ran other code there (armcc's memclr) and it is shown apart
      (calibration/fit.py beyond_floor). Keygen and sign -5.0 / -3.2 %, 9.1 %.
  The M4's store cost and refill settle at the TRM's upper bounds (2 and 3): what remains of
  the ECC's cost is code our compiler does not emit, not a timing the TRM allows.

  Tried on the way, in Renode on this build, and rejected by their size:
    - MBEDTLS_ECP_NIST_OPTIM off (generic reduction by division): keygen 54.3 M instructions,
      5.6 times ours, far beyond the published figure;
    - MBEDTLS_NO_UDBL_DIVISION (the half-word multiply-accumulate): keygen +26 % on 2.28.3, and
      nothing in the published build suggests it (armcc has 64-bit integers and division);
    - a memset storing four words per instruction (two STMIA per 32 bytes), as armcc's library
      might, in the default-window build: 380 instructions, priced at 1.9 times the published
      init row by the model of the time;
    - flash wait states: none at 16 MHz (RM0090 Table 10), so no fetch penalty to add.
  Not modelled, for want of a measured cost: the heap. A keygen makes 3,969 calloc/free pairs
  (counted with mbedtls_platform_set_calloc_free on a 32-bit-limb host build of the
  default-window configuration); pricing Keil's C library allocator needs a measurement of it,
  not a parameter fitted to these rows.
"""
from __future__ import annotations

from models.matrix import Case, cases_from_profile
from models.profiles import store


def cases() -> list[Case]:
    """The cases of every stored reference profile."""
    return [case for profile in store.load_references() for case in cases_from_profile(profile)]
