"""Cortex-M0+: two-stage pipeline, 32-bit instruction fetch; defaults from the TRM.

Source: ARM Cortex-M0+ Technical Reference Manual r0p1, section 3.3 "Instruction set summary"
(ALU 1; MULS 1 with the fast multiplier, 32 with the small iterative one; LDR/STR 2; LDM/STM/PUSH
1+N; POP 1+N, POP {..pc} 3+N; B<c> taken 2 not taken 1; B 2; BL 3; BX/BLX 2; MSR/MRS/DMB 3-4).
SAMD21: single-cycle hardware multiplier (SAM D21 data sheet, "Features"); NVM read wait states
RWS=1 needed at 48 MHz (data sheet, NVM characteristics, max. frequency 24 MHz per wait state);
NVMCTRL cache enabled by default (CTRLB.CACHEDIS = 0). The M0+ fetches one 32-bit word = two
16-bit instructions per bus access.
"""
from __future__ import annotations

from models.cores.base import LOADS, STORES, Classes, Memory, count
from models.params import Param, Values

TRM = "ARM Cortex-M0+ TRM r0p1, 3.3"


class CortexM0Plus:
    name = "cortex-m0plus"

    def params(self) -> list[Param]:
        return [
            Param("m0plus.mul_cycles", 1.0, "cycles/instr",
                  "MULS: 1 with the fast multiplier option, 32 with the small one",
                  TRM + "; SAMD21 implements the single-cycle multiplier"),
            Param("workload.taken_fraction", 0.5, "fraction",
                  "share of conditional branches (B<c>, CBZ) that are taken",
                  "assumption (no measurement); not fitted"),
        ]

    def cycles(self, classes: Classes, memory: Memory, values: Values) -> float:
        v = values
        taken = v["workload.taken_fraction"]
        conditional = count(classes, "b_cond", "cbz")
        instructions = sum(c for name, c in classes.items() if not name.endswith("_regs"))
        taken_branches = count(classes, "b", "bl", "bx", "blx", "pop_pc") + taken * conditional
        fetch_penalty = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio)
        return (count(classes, "alu", "it", "mul_long", "div")
                + v["m0plus.mul_cycles"] * count(classes, "mul")
                + 2.0 * (count(classes, *LOADS, *STORES, "ldr_lit", "ldrd", "strd"))
                + count(classes, "ldm", "stm") + count(classes, "ldm_regs", "stm_regs")
                + 2.0 * count(classes, "pop_pc")
                + conditional + taken * conditional
                + 2.0 * count(classes, "b", "bx", "blx", "tbb") + 3.0 * count(classes, "bl")
                + 4.0 * count(classes, "other")
                + memory.const_wait_states * count(classes, "ldr_lit")
                + memory.data_wait_states * count(classes, *LOADS)
                + fetch_penalty * (instructions / 2.0 + taken_branches))
