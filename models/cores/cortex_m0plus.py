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

from models.cores.base import Memory
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

    def floor_cycles(self, a: dict[str, float]) -> float:
        """One cycle per instruction: the shortest any instruction takes (TRM 3.3)."""
        return a["instructions"]

    def cycles(self, a: dict[str, float], memory: Memory, values: Values) -> float:
        v = values
        conditional = a["b_cond"] + a["cbz"]
        always_taken = a["b"] + a["bl"] + a["bx"] + a["blx"] + a["pop_pc"]
        if "taken_branches" in a:
            # Traced (models/user/run.py): the conditional branches the trace saw taken.
            taken_conditional = min(conditional, max(0.0, a["taken_branches"] - always_taken))
        else:
            taken_conditional = v["workload.taken_fraction"] * conditional
        if "nvm_misses" in a:
            # Traced on a board with a flash cache: the reads that missed it, as replayed.
            flash = memory.code_wait_states * a["nvm_misses"]
        else:
            fetch_penalty = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio)
            flash = (memory.const_wait_states * a["ldr_lit"]
                     + fetch_penalty * (a["instructions"] / 2.0 + always_taken
                                        + taken_conditional))
        return (a["alu"] + a["it"] + a["mul_long"] + a["div"]
                + v["m0plus.mul_cycles"] * a["mul"]
                + 2.0 * (a["loads"] + a["stores"] + a["ldr_lit"] + a["ldrd"] + a["strd"])
                + a["ldm"] + a["stm"] + a["regs"]
                + 2.0 * a["pop_pc"]
                + conditional + taken_conditional
                + 2.0 * (a["b"] + a["bx"] + a["blx"] + a["tbb"]) + 3.0 * a["bl"]
                + 4.0 * a["other"]
                + memory.data_wait_states * a["loads"]
                + flash)
