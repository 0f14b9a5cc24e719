"""Cortex-M4: three-stage in-order pipeline; defaults from the TRM's instruction timing table.

Source: ARM Cortex-M4 Technical Reference Manual r0p1, Table 3-1 "Cortex-M4 instruction set
summary" (ALU 1, MUL/MLA/UMULL/UMLAL 1, SDIV/UDIV 2-12, LDR 2, STR 2 - neighbouring loads/stores
pipeline to 1 -, LDM/STM/PUSH/POP 1+N, LDRD/STRD 1+2, branches 1+P with P = 1..3 pipeline
refill, POP {..pc} 1+N+P, TBB/TBH 2+P).
A region of optimised code traced in Renode (models/profiles/collect.py scheduled) is priced with
the taken branches its trace counted; others assume workload.taken_fraction of the conditional
ones. Measured on the STM32F407's bench and ECDSA images at -O3: from 5 to 88 % of the
conditional branches taken per region (wolfCrypt's AES-128-CBC encryption, mbedtls's SHA-512);
42-45 % in the ECC key generation, signing and verification of both libraries and of the 2.16.2
calibration reference build, 65-74 % in the DRBGs' seeding.
STM32F407 flash: 0 wait states up to 30 MHz at 2.7-3.6 V, 5 at 168 MHz, ART accelerator (prefetch +
64-line instruction cache) (RM0090 rev 19, Table 10 and section 3.5.2).
"""
from __future__ import annotations

from models.cores.base import Memory
from models.params import Param, Values

TRM = "ARM Cortex-M4 TRM r0p1, Table 3-1"


class CortexM4:
    name = "cortex-m4"

    def params(self) -> list[Param]:
        return [
            Param("m4.load_cycles", 2.0, "cycles/instr",
                  "single load (2; 1 when pipelined behind another load/store)", TRM, fit=True,
                  prior=0.3, bounds=(1.0, 2.0)),
            Param("m4.store_cycles", 2.0, "cycles/instr",
                  "single store (2; 1 when pipelined)", TRM, fit=True, prior=0.3,
                  bounds=(1.0, 2.0)),
            Param("m4.refill_cycles", 2.0, "cycles",
                  "P, pipeline refill after a taken branch (1..3)", TRM, fit=True, prior=0.4,
                  bounds=(1.0, 3.0)),
            Param("m4.div_cycles", 7.0, "cycles/instr", "SDIV/UDIV, mean of 2..12", TRM),
            Param("workload.taken_fraction", 0.5, "fraction",
                  "share of conditional branches (B<c>, CBZ) that are taken",
                  "assumption (no measurement); not fitted"),
        ]

    def floor_cycles(self, a: dict[str, float]) -> float:
        """One cycle per instruction, none for an IT folded onto the instruction before it
        (Table 3-1 and its notes)."""
        return a["instructions"] - a["it"]

    def cycles(self, a: dict[str, float], memory: Memory, values: Values) -> float:
        v = values
        refill = v["m4.refill_cycles"]
        conditional = a["b_cond"] + a["cbz"]
        if "taken_branches" in a:
            # Counted in the region's execution trace (models/profiles/collect.py scheduled).
            taken = a["taken_branches"]
        else:
            taken = (a["b"] + a["bl"] + a["bx"] + a["blx"] + a["tbb"] + a["pop_pc"]
                     + v["workload.taken_fraction"] * conditional)
        fetch_penalty = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio)
        return (a["alu"] + a["it"] + a["other"] + a["mul"] + a["mul_long"]
                + v["m4.div_cycles"] * a["div"]
                + v["m4.load_cycles"] * (a["loads"] + a["ldr_lit"])
                + v["m4.store_cycles"] * a["stores"]
                + 3.0 * (a["ldrd"] + a["strd"])
                + a["ldm"] + a["stm"] + a["regs"]
                + a["b"] + a["bl"] + a["bx"] + a["blx"] + conditional
                + 2.0 * a["tbb"]
                + refill * taken
                + memory.const_wait_states * a["ldr_lit"]
                + memory.data_wait_states * a["loads"]
                + fetch_penalty * (a["instructions"] / 2.0 + taken))
