"""Cortex-M4: three-stage in-order pipeline; defaults from the TRM's instruction timing table.

Source: ARM Cortex-M4 Technical Reference Manual r0p1, Table 3-1 "Cortex-M4 instruction set
summary" (ALU 1, MUL/MLA/UMULL/UMLAL 1, SDIV/UDIV 2-12, LDR 2, STR 2 - neighbouring loads/stores
pipeline to 1 -, LDM/STM/PUSH/POP 1+N, LDRD/STRD 1+2, branches 1+P with P = 1..3 pipeline
refill, POP {..pc} 1+N+P, TBB/TBH 2+P).
A region of optimised code traced in Renode (models/profiles/collect.py scheduled) is priced with
the taken branches its trace counted; others assume workload.taken_fraction of the conditional
ones. Measured on the STM32F407's bench and ECDSA images at -O3: from 5 to 88 % of the
conditional branches taken per region (wolfCrypt's AES-128-CBC encryption, mbedtls's SHA-512);
42-45 % in the ECC key generation, signing and verification of both libraries and of a 2.16.2
build with the default comb window, 65-74 % in the DRBGs' seeding.
Loads and stores (TRM section 3.3.2 "Load/store timings"): "STR Rx,[Ry,#imm] is always one
cycle" (the address is formed in the first cycle, the data stored while the next instruction
executes); a single load, or a store with a register offset, behind a single load whose result
does not form its address costs one cycle ("nothing can be pipelined after the store";
trace_schedule.pipelines_behind); m4.load_cycles and m4.store_cycles price the other loads and
register-offset stores. The trace counts them per region; where there is none, measured shares.
STM32F407 flash: 0 wait states up to 30 MHz at 2.7-3.6 V, 5 at 168 MHz, ART accelerator (prefetch +
64-line instruction cache) (RM0090 rev 19, Table 10 and section 3.5.2).
"""
from __future__ import annotations

from models.cores.base import UNCONDITIONAL_BRANCHES, Memory
from models.params import AS_RUN, Param, Values

TRM = "ARM Cortex-M4 TRM r0p1, Table 3-1"
TRM_LOAD_STORE = TRM + " and section 3.3.2"
# For regions without a trace (-O0 code, which is not traced, and the libraries' benchmark
# programs): the share of single loads that pipeline behind a load (0.19-0.40 per region), and of
# single stores that have a register offset (0-0.018 per region; none of them is then assumed to
# pipeline). The medians of the 30 traced regions of the STM32F407's -O3 bench and ecdsa images,
# both libraries (trace_schedule.pipelines_behind, register_offset).
PIPELINED_LOADS = 0.36
REGISTER_STORES = 0.0
PIPELINED_SOURCE = ("median of the STM32F407 -O3 traced regions (trace_schedule.pipelines_behind, "
                    "register_offset); not fitted")


def always_taken(a: dict[str, float]) -> float:
    """The branches that always refill the pipeline: the unconditional ones."""
    return sum(a[name] for name in UNCONDITIONAL_BRANCHES)


class CortexM4:
    name = "cortex-m4"

    def params(self) -> list[Param]:
        return [
            Param("m4.load_cycles", 2.0, "cycles/instr",
                  "single load (2; 1 when pipelined behind a load)", TRM_LOAD_STORE,
                  fit=True, fit_by=AS_RUN, prior=0.3, bounds=(1.0, 2.0)),
            Param("m4.store_cycles", 2.0, "cycles/instr",
                  "single store with a register offset (2; 1 when pipelined behind a load; "
                  "immediate offsets always 1)", TRM_LOAD_STORE, fit=True, fit_by=AS_RUN,
                  prior=0.3,
                  bounds=(1.0, 2.0)),
            Param("m4.refill_cycles", 2.0, "cycles",
                  "P, pipeline refill after a taken branch (1..3)", TRM, fit=True, fit_by=AS_RUN,
                  prior=0.4,
                  bounds=(1.0, 3.0)),
            Param("m4.div_cycles", 7.0, "cycles/instr", "SDIV/UDIV, mean of 2..12", TRM),
            Param("workload.taken_fraction", 0.5, "fraction",
                  "share of conditional branches (B<c>, CBZ) that are taken",
                  "assumption (no measurement); not fitted"),
            Param("workload.pipelined_load_fraction", PIPELINED_LOADS, "fraction",
                  "share of single loads that pipeline behind a load (untraced regions)",
                  PIPELINED_SOURCE),
            Param("workload.register_store_fraction", REGISTER_STORES, "fraction",
                  "share of single stores with a register offset (untraced regions)",
                  PIPELINED_SOURCE),
        ]

    def floor_cycles(self, a: dict[str, float]) -> float:
        """The TRM's least cost of every instruction (Table 3-1 and its notes): one cycle each,
        none for an IT folded onto the instruction before it, one more per register an LDM/STM/
        PUSH/POP moves (1+N), and one refill cycle (P >= 1) per taken branch: those a trace
        counted, else only the branches that are always taken."""
        taken = a["taken_branches"] if "taken_branches" in a else always_taken(a)
        return a["instructions"] - a["it"] + a["regs"] + taken

    def cycles(self, a: dict[str, float], memory: Memory, values: Values) -> float:
        v = values
        refill = v["m4.refill_cycles"]
        conditional = a["b_cond"] + a["cbz"]
        if "taken_branches" in a:
            # Counted in the region's execution trace (models/profiles/collect.py scheduled).
            taken = a["taken_branches"]
        else:
            taken = always_taken(a) + v["workload.taken_fraction"] * conditional
        # Counted in the trace where there is one, else the measured shares (module text).
        pipelined_loads = a.get("pipelined_loads",
                                v["workload.pipelined_load_fraction"] * a["loads"])
        register_stores = a.get("register_stores",
                                v["workload.register_store_fraction"] * a["stores"])
        slow_stores = register_stores - a.get("pipelined_register_stores", 0.0)
        fetch_penalty = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio)
        return (a["alu"] + a["it"] + a["other"] + a["mul"] + a["mul_long"]
                + v["m4.div_cycles"] * a["div"]
                + v["m4.load_cycles"] * (a["loads"] - pipelined_loads + a["ldr_lit"])
                + pipelined_loads
                + v["m4.store_cycles"] * slow_stores + (a["stores"] - slow_stores)
                + 3.0 * (a["ldrd"] + a["strd"])
                + a["ldm"] + a["stm"] + a["regs"]
                + a["b"] + a["bl"] + a["bx"] + a["blx"] + conditional
                + 2.0 * a["tbb"]
                + refill * taken
                + memory.const_wait_states * a["ldr_lit"]
                + memory.data_wait_states * a["loads"]
                + fetch_penalty * (a["instructions"] / 2.0 + taken))
