"""The interface every core model shares (one module per core, SLOTHY style).

A core model turns a profile region (instruction classes counted by Renode, see
models/profiles/opcodes.py) and the memory the code and data sit in into core clock cycles.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from models.params import Param, Values

Classes = dict[str, float]

LOADS = ("ldr_word", "ldr_half", "ldr_byte", "ldr_sp")
STORES = ("str_word", "str_half", "str_byte", "str_sp")
UNCONDITIONAL_BRANCHES = ("b", "bl", "bx", "blx", "tbb", "pop_pc")


@dataclass(frozen=True)
class Memory:
    """Wait states seen by the core for one run: where code and data live (from the profile's
    placement) and what those memories cost on the board."""

    code_wait_states: float = 0.0   # per instruction fetch from the code memory
    data_wait_states: float = 0.0   # per data load from RAM (stack, heap, .data): its memory's
    const_wait_states: float = 0.0  # per literal / constant load (from the code memory)
    fetch_hit_ratio: float = 1.0    # flash cache / accelerator hit ratio for fetches


class CoreModel(Protocol):
    name: str

    def params(self) -> list[Param]:
        ...

    def cycles(self, a: dict[str, float], memory: Memory, values: Values) -> float:
        """Cycles of a region given its aggregate() sums."""
        ...

    def floor_cycles(self, a: dict[str, float]) -> float:
        """The fewest cycles the core can execute a region's instructions in, whatever its
        parameters: a measured figure below it ran other instructions than the region's."""
        ...


def count(classes: Classes, *names: str) -> float:
    return sum(classes.get(name, 0.0) for name in names)


def aggregate(classes: Classes) -> dict[str, float]:
    """The sums the core models use, computed once per profile region (the calibration
    evaluates every model thousands of times)."""
    a = {name: classes.get(name, 0.0) for name in (
        "it", "other", "mul", "mul_long", "div", "ldr_lit", "ldrd", "strd", "ldm", "stm",
        "b_cond", "cbz", "b", "bl", "bx", "blx", "tbb", "pop_pc")}
    # A register copy costs what any other ALU instruction costs; the class exists for what a
    # published build at its lowest level does with it (calibration/builds.py published_classes).
    a["alu"] = count(classes, "alu", "mov_reg")
    a["loads"] = count(classes, *LOADS)
    a["stores"] = count(classes, *STORES)
    a["regs"] = count(classes, "ldm_regs", "stm_regs")
    a["ldm_regs"] = classes.get("ldm_regs", 0.0)
    a["instructions"] = sum(c for name, c in classes.items() if not name.endswith("_regs"))
    return a


# What a core model prices of a region's trace.
TRACED_PRICES = ("issue_cycles", "taken_branches", "pipelined_loads", "register_stores",
                 "pipelined_register_stores", "nvm_misses")


def uncounted_it_instructions(counted: float, schedule: dict[str, float]) -> float:
    """Instructions the region's trace executed that its opcode counters did not count: Renode
    1.16.1's counters skip an IT block's instructions whose condition fails, which the core
    still issues (a failed conditional instruction takes a cycle, Cortex-M4 TRM 3.3.2). The
    traced count less the counted one, never below zero (a traced region is cut at its boundary
    instruction, the counted one at a hook: a few instructions either way) nor above the IT
    blocks' instructions the trace saw."""
    traced = schedule.get("instructions", 0.0) + schedule.get("skipped", 0.0)
    if "instructions" not in schedule:
        return 0.0
    return min(max(0.0, traced - counted), schedule.get("it_instructions", 0.0))


def traced_sums(classes: Classes, schedule: dict[str, float] | None) -> dict[str, float]:
    """The aggregated classes, with what the region's trace measured (its issue schedule, taken
    branches, pipelined loads and stores) where it has one, and the IT-block instructions the
    counters missed (uncounted_it_instructions) as single-cycle ALU instructions."""
    sums = aggregate(classes)
    if schedule is not None:
        # The M4's traces keep no issue cycles, the M7's no pipelined loads and stores
        # (collect.TRACED_FIELDS).
        sums.update({name: schedule[name] for name in TRACED_PRICES if name in schedule})
        missed = uncounted_it_instructions(sums["instructions"], schedule)
        sums["alu"] += missed
        sums["instructions"] += missed
        sums["uncounted_it"] = missed
    return sums
