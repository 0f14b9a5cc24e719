"""The llvm-mca comparison of the Cortex-M7 schedule (models/profiles/mca_check.py)."""
from __future__ import annotations

import shutil

import pytest

from models.profiles import mca_check
from models.profiles.opcodes import Listed

# A copy loop as objdump prints it: two loads, a store with writeback, the counter, the branch.
LOOP = mca_check.Loop("copy", 0x100, [
    Listed(0x100, "6820", None, "ldr", "r0, [r4, #0]"),
    Listed(0x102, "f854", "1c04", "ldr.w", "r1, [r4, #-4]\t@ a comment"),
    Listed(0x106, "c503", None, "stmia", "r5!, {r0, r1}"),
    Listed(0x108, "3a01", None, "subs", "r2, #1"),
    Listed(0x10a, "d1f9", None, "bne.n", "100 <copy+0x10>"),
])


def test_the_loop_reads_as_assembly_llvm_mca_takes():
    text = mca_check.assembly(LOOP)
    assert "ldr r1, [r4, #-4]" in text          # no width suffix, no comment
    assert text.rstrip().endswith("bne loop")   # the branch goes to the loop's label
    assert mca_check.branch_target(LOOP.body[-1]) == 0x100


def test_our_schedule_of_the_loop_is_worked_out_by_hand():
    # trace_schedule, steady state from a bne in cycle c: the next ldr pairs with the bne (c), the
    # ldr.w waits for the memory pipe (c+1, r1 ready at c+3), the stmia issues alone once r1 is
    # ready (c+3, two registers: one cycle), subs cannot join it (c+4), bne waits for subs's
    # flags (c+5): 5 cycles per iteration.
    assert mca_check.our_cycles(LOOP, 100) == pytest.approx(5.0, abs=0.05)


@pytest.mark.skipif(shutil.which("llvm-mca") is None, reason="llvm-mca not installed")
def test_llvm_mca_prices_the_same_loop():
    cycles = mca_check.mca_cycles(LOOP, 100)
    assert 1.0 < cycles < 10.0
