"""Cortex-M4: three-stage in-order pipeline; defaults from the TRM's instruction timing table.

Source: ARM Cortex-M4 Technical Reference Manual r0p1, Table 3-1 "Cortex-M4 instruction set
summary" (ALU 1, MUL/MLA/UMULL/UMLAL 1, SDIV/UDIV 2-12, LDR 2, STR 2 - neighbouring loads/stores
pipeline to 1 -, LDM/STM/PUSH/POP 1+N, LDRD/STRD 1+2, branches 1+P with P = 1..3 pipeline
refill, POP {..pc} 1+N+P, TBB/TBH 2+P).
STM32F407 flash: 0 wait states up to 30 MHz at 2.7-3.6 V, 5 at 168 MHz, ART accelerator (prefetch +
64-line instruction cache) (RM0090 rev 19, Table 10 and section 3.5.2).
"""
from __future__ import annotations

from models.cores.base import LOADS, STORES, Classes, Memory, count
from models.params import Param, Values

TRM = "ARM Cortex-M4 TRM r0p1, Table 3-1"


class CortexM4:
    name = "cortex-m4"

    def params(self) -> list[Param]:
        return [
            Param("m4.load_cycles", 2.0, "cycles/instr",
                  "single load (2; 1 when pipelined behind another load/store)", TRM, fit=True,
                  prior=0.3),
            Param("m4.store_cycles", 2.0, "cycles/instr",
                  "single store (2; 1 when pipelined)", TRM, fit=True, prior=0.3),
            Param("m4.refill_cycles", 2.0, "cycles",
                  "P, pipeline refill after a taken branch (1..3)", TRM, fit=True, prior=0.4),
            Param("m4.div_cycles", 7.0, "cycles/instr", "SDIV/UDIV, mean of 2..12", TRM),
            Param("workload.taken_fraction", 0.5, "fraction",
                  "share of conditional branches (B<c>, CBZ) that are taken",
                  "assumption (no measurement); not fitted"),
        ]

    def cycles(self, classes: Classes, memory: Memory, values: Values) -> float:
        v = values
        refill = v["m4.refill_cycles"]
        taken = v["workload.taken_fraction"]
        conditional = count(classes, "b_cond", "cbz")
        instructions = sum(c for name, c in classes.items() if not name.endswith("_regs"))
        taken_branches = count(classes, "b", "bl", "bx", "blx", "tbb", "pop_pc") + taken * conditional
        fetch_penalty = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio)
        return (count(classes, "alu", "it", "other", "mul", "mul_long")
                + v["m4.div_cycles"] * count(classes, "div")
                + v["m4.load_cycles"] * (count(classes, *LOADS) + count(classes, "ldr_lit"))
                + v["m4.store_cycles"] * count(classes, *STORES)
                + 3.0 * count(classes, "ldrd", "strd")
                + count(classes, "ldm", "stm") + count(classes, "ldm_regs", "stm_regs")
                + count(classes, "b", "bl", "bx", "blx", "b_cond", "cbz")
                + 2.0 * count(classes, "tbb")
                + refill * taken_branches
                + memory.const_wait_states * count(classes, "ldr_lit")
                + memory.data_wait_states * count(classes, *LOADS)
                + fetch_penalty * (instructions / 2.0 + taken_branches))
