"""Cortex-M7: six-stage, dual-issue, in-order superscalar pipeline with branch prediction.

Arm publishes no per-instruction cycle table for the M7 (the TRM gives none), so the defaults are
the scheduling model LLVM uses (llvm/lib/Target/ARM/ARMScheduleM7.td: IssueWidth 2, one load/store
port, MispredictPenalty 8) reduced to effective cycles per instruction class. Only measurements
of the binaries that were profiled may fit them (Param.fit_by AS_RUN, calibration/fit.py), never
a vendor table of another compiler's build. Code and data in TCM: zero wait states (i.MX RT1060
Reference Manual, FlexRAM chapter).

An optimised region with an issue schedule (models/profiles/trace_schedule.py: the executed
instructions replayed in order through the M7's pairing rules) is priced with it instead of the
per-class costs: its issue cycles plus a cost per taken branch. Per-class costs stay for regions
without one: the -O0 builds, which are not traced, and IAR's "None" build of the published
tables (calibration/builds.py published_classes), whose instructions no trace has.
"""
from __future__ import annotations

from models.cores.base import Memory
from models.params import AS_RUN, Param, Values

LLVM_M7 = "LLVM ARMScheduleM7.td (IssueWidth 2, one load/store pipe, MispredictPenalty 8)"


class CortexM7:
    name = "cortex-m7"

    def params(self) -> list[Param]:
        return [
            Param("m7.taken_branch_cycles", 1.0, "cycles/branch",
                  "cost of a taken branch beyond its issue slot, in a scheduled region (the next "
                  "fetch starts after it; a mispredicted one refills the pipeline)",
                  LLVM_M7 + "; 1 for a predicted branch, 1 + 8 mispredicted; kept within 0.1..9",
                  fit=True, fit_by=AS_RUN, prior=0.5, bounds=(0.1, 9.0)),
            Param("m7.alu_cpi", 0.75, "cycles/instr",
                  "effective cycles per ALU/IT instruction (dual issue: 0.5 best, 1 worst)",
                  LLVM_M7 + "; midpoint of the dual-issue range", fit=True, fit_by=AS_RUN,
                  prior=0.4,
                  bounds=(0.5, 1.0)),
            Param("m7.load_cycles", 1.0, "cycles/instr",
                  "effective cycles per single load from TCM (one load pipe, latency hidden when "
                  "not dependent)", LLVM_M7, fit=True, fit_by=AS_RUN, prior=0.5),
            Param("m7.store_cycles", 1.0, "cycles/instr",
                  "effective cycles per single store to TCM", LLVM_M7, fit=True, fit_by=AS_RUN,
                  prior=0.5),
            Param("m7.branch_cycles", 2.0, "cycles/instr",
                  "mean cycles per branch (predicted taken ~1, mispredicted 1+8)", LLVM_M7,
                  fit=True, fit_by=AS_RUN, prior=0.5, bounds=(1.0, 9.0)),
            Param("m7.mul_cycles", 1.0, "cycles/instr",
                  "MUL/MLA/UMULL/UMLAL issue cost (pipelined MAC)", LLVM_M7),
            Param("m7.div_cycles", 7.0, "cycles/instr",
                  "SDIV/UDIV, mean of the 2..12 cycle early-terminating divider",
                  "ARM Cortex-M4 TRM Table 3-1 (2-12); the M7 divider is of the same kind"),
            Param("m7.multi_reg_cycles", 0.5, "cycles/register",
                  "LDM/STM/PUSH/POP per register (64-bit TCM/AXI data path moves two registers "
                  "per cycle)", "Cortex-M7 TRM r1p2, 64-bit D-TCM interface"),
        ]

    def floor_cycles(self, a: dict[str, float]) -> float:
        """Two instructions per cycle: the dual issue's best (IssueWidth 2)."""
        return a["instructions"] / 2.0

    def cycles(self, a: dict[str, float], memory: Memory, values: Values) -> float:
        v = values
        ram_loads = a["loads"] + a["ldrd"] + a["ldm_regs"]
        if "issue_cycles" in a:
            core = a["issue_cycles"] + v["m7.taken_branch_cycles"] * a["taken_branches"]
        else:
            core = self.class_cycles(a, values)
        if "nvm_misses" in a:
            # Traced with code executed in place: the I-cache misses, as replayed (each a line
            # fill, boards.FLEXSPI_LINE_FILL).
            fetch = memory.code_wait_states * a["nvm_misses"]
        else:
            fetch = memory.code_wait_states * (1.0 - memory.fetch_hit_ratio) * a["instructions"]
        return (core
                + memory.data_wait_states * ram_loads
                + memory.const_wait_states * a["ldr_lit"]
                + fetch)

    def class_cycles(self, a: dict[str, float], values: Values) -> float:
        """Core cycles from the per-class costs, for regions without an issue schedule."""
        v = values
        loads = a["loads"] + a["ldrd"] + a["ldm"]
        branches = (a["b_cond"] + a["cbz"] + a["b"] + a["bl"] + a["bx"] + a["blx"] + a["tbb"]
                    + a["pop_pc"])
        return (v["m7.alu_cpi"] * (a["alu"] + a["it"] + a["other"])
                + v["m7.mul_cycles"] * (a["mul"] + a["mul_long"])
                + v["m7.div_cycles"] * a["div"]
                + v["m7.load_cycles"] * (loads + a["ldr_lit"])
                + v["m7.store_cycles"] * (a["stores"] + a["strd"] + a["stm"])
                + v["m7.multi_reg_cycles"] * a["regs"]
                + v["m7.branch_cycles"] * branches)
