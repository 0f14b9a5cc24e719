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

  The init row (589 cycles) is not fitted (calibration/fit.py beyond_floor): our build executes
  655 instructions there, three quarters of them newlib's memset clearing 1,124 bytes of contexts
  with single-word stores, and a Cortex-M4 takes at least a cycle per instruction, so the
  published build ran other code. Fitted, that row alone held the M4's store cost at 1 cycle and
  its pipeline refill at 1.55 (the TRM gives 2 and 1..3), and priced the keygen and sign 28.9 and
  28.0 % below the published figures; without it the fit takes 2 and 3, and they are 13.0 and
  11.9 % below (leave-one-out median of all cells 10.3 -> 8.0 %). Tried on the way and not kept:
  a memset storing four words per instruction (two STMIA per 32 bytes) in this build, as armcc's
  library might: 380 instructions, still priced at 1.9 times the published 589 cycles.

  Their taken branches are measured since (an execution trace of this build: 42 % of the
  conditional branches of the keygen and sign taken, not the assumed half; models/cores/
  cortex_m4.py): fewer refills, so the keygen and sign are now priced 14.4 and 13.3 % below the
  published figures (leave-one-out median of all cells 8.2 %). Branches do not explain the gap.

  The keygen and sign still cost more than the model's price of this build, so the published ECC
  executed more (or slower) instructions than ours: ECC here is bookkeeping-bound (1.5 % long
  multiplies; 15 % conditional branches, 12 % load/store-multiple registers), where the compiler
  and its C library weigh most. Tried, in Renode on this build, and rejected by their size:
    - MBEDTLS_ECP_NIST_OPTIM off (generic reduction by division): keygen 54.3 M instructions,
      5.6 times ours, far beyond the published figure;
    - MBEDTLS_ECP_WINDOW_SIZE 2 (the smallest the library allows): keygen +17 %, which would
      now close the gap, but nothing published says the build's window size (the library's
      default is 6), so it is not assumed. It is the likeliest cause: of the configurations
      mbedtls 2.16.2 ships, only configs/config-suite-b.h turns the cached comb table off, and
      it does so in one block with window size 2 ("Save RAM at the expense of speed"). Built
      with that file's crypto settings (window 2, ENTROPY_MAX_SOURCES 2, ECP_MAX_BITS 384,
      MPI_MAX_SIZE 48; AES_ROM_TABLES and NIST_OPTIM are ours already) and profiled: keygen
      14.76 M and sign 15.51 M instructions (+17.6 / +18.3 %), drbg-seed and hash unchanged,
      and the init row 496 instructions (the entropy context's memset shrinks), now below the
      published 589 cycles, so no longer beyond the floor. Fitted with it, the init row holds
      the M4's costs down: keygen and sign -20.6 / -19.2 %, init +50 %, leave-one-out median
      9.7 %. With the init row left out they would be -5.2 / -3.4 % (median 9.3 %). So what
      keeps this build out is the init row's price: its memset stores four words back to back
      per loop turn, which the TRM's note pipelines to about a cycle each, where the model
      prices every single store alike (m4.store_cycles). Counting pipelined loads and stores in
      the traces, as the taken branches are, is the next step before adopting that build;
    - MBEDTLS_NO_UDBL_DIVISION (the half-word multiply-accumulate): keygen +26 % on 2.28.3, and
      nothing in the published build suggests it (armcc has 64-bit integers and division);
    - flash wait states: none at 16 MHz (RM0090 Table 10), so no fetch penalty to add.
  Not modelled, for want of a measured cost: the heap. A keygen makes 3,969 calloc/free pairs
  (counted with mbedtls_platform_set_calloc_free on a 32-bit-limb host build of this
  configuration); pricing Keil's C library allocator needs a measurement of it, not a parameter
  fitted to these two rows.
"""
from __future__ import annotations

from models.matrix import Case, cases_from_profile
from models.profiles import store


def cases() -> list[Case]:
    """The cases of every stored reference profile."""
    return [case for profile in store.load_references() for case in cases_from_profile(profile)]
