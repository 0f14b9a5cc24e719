"""Opcode classes: mask patterns against encodings from the ARMv7-M ARM, static resolution."""
from __future__ import annotations

from models.profiles import opcodes


def classify(halfword: int) -> str:
    for name, pattern in opcodes.GENERIC_PATTERNS:
        if all(p not in "01" or int(p) == (halfword >> (15 - i)) & 1 for i, p in enumerate(pattern)):
            return name
    raise AssertionError("the catch-all pattern must match")


def test_mask_patterns_on_known_encodings():
    assert classify(0x4358) == "mul"        # muls r0, r3, r0
    assert classify(0x6808) == "ldr_word"   # ldr r0, [r1, #0]
    assert classify(0x9a01) == "ldr_sp"     # ldr r2, [sp, #4]
    assert classify(0x4a03) == "ldr_lit"    # ldr r2, [pc, #12]
    assert classify(0xd1fa) == "b_cond"     # bne.n
    assert classify(0xe7fe) == "b"          # b.n
    assert classify(0x4770) == "bx"         # bx lr
    assert classify(0xfba0) == "mul_long"   # umull (first halfword)
    assert classify(0xfbb0) == "div"        # udiv (first halfword 0xfbb0)
    assert classify(0xf8d0) == "ldr_word"   # ldr.w r0, [r0, #imm12]
    assert classify(0xf8c0) == "str_word"   # str.w
    assert classify(0xfa00) == "alu"        # lsl.w r0, r0, r1
    assert classify(0x4602) == "mov_reg"    # mov r2, r0
    assert classify(0x46c8) == "mov_reg"    # mov r8, r9
    assert classify(0x0008) == "mov_reg"    # movs r0, r1 (lsls r0, r1, #0)
    assert classify(0x0048) == "alu"        # lsls r0, r1, #1
    assert classify(0x4408) == "alu"        # add r0, r1 (high-register form, not a copy)


def test_static_resolution_of_ambiguous_halfwords():
    assert opcodes.classify_mnemonic("push", "{r4, r5, r6, lr}") == {"stm": 1.0, "stm_regs": 4.0}
    assert opcodes.classify_mnemonic("pop", "{r4, pc}") == {"ldm": 1.0, "ldm_regs": 2.0,
                                                            "pop_pc": 1.0}
    assert opcodes.classify_mnemonic("ldmia.w", "r0!, {r4-r7}") == {"ldm": 1.0, "ldm_regs": 4.0}
    assert opcodes.classify_mnemonic("bl", "1234 <f>") == {"bl": 1.0}
    assert opcodes.classify_mnemonic("add.w", "r0, r1, #4") == {"alu": 1.0}


def test_class_counts_split_exact_counters_by_their_static_mix():
    exact = [opcodes.ExactCounter("f000", {"bl": 0.75, "alu": 0.25})]
    counts = opcodes.class_counts({"hf000": 8.0, "g05_ldr_lit": 3.0}, exact)
    assert counts["bl"] == 6.0 and counts["alu"] == 2.0 and counts["ldr_lit"] == 3.0
