"""Prices the calls of a user's function with the calibrated core model: the binary as it ran,
in the memories its ELF put it in.

Per target: calls seen, instructions, predicted cycles per call (min / median / max over the
calls), the time at the clock, the band, and the naive Renode figure (one cycle per instruction,
what Renode's DWT counter reads). The band is the core model's 80 % band (calibration/bands.py);
it is widened, and the output says why, where the prediction leaves what the calibration saw: a
generic core (a part whose memory system is not modelled), a memory with no calibrated cost, or
a Cortex-M7 priced per instruction class without an issue schedule.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from pathlib import Path

from models import boards
from models.calibration import bands
from models.cores import CORES
from models.cores.base import Memory, traced_sums
from models.params import Values
from models.user import elf as user_elf

# How much a band widens for each way the prediction leaves the calibrated ground. Stated, not
# measured: no published figure tests those cases (the note in the output says so).
WIDEN = 1.5


@dataclass(frozen=True)
class Place:
    """Where a binary put what a call touches, on a board of the matrix or a generic part."""
    code: str               # memory of the function's code
    data: str               # memory of its stack (the initial stack pointer) or .data
    placement: dict[str, str]
    uncalibrated: tuple[str, ...] = ()  # memories no calibrated cost prices


@dataclass
class Prediction:
    label: str
    calls: int
    instructions: float                     # median per call
    cycles: tuple[float, float, float]      # min, median, max per call
    naive_cycles: float                     # median per call, Renode's count
    clock_hz: float
    band_pct: float
    band_coverage: float
    reasons: list[str] = field(default_factory=list)   # why the band is wider
    place: Place | None = None
    interrupts: int = 0
    interrupt_instructions: float = 0.0
    slept: bool = False
    traced: dict[str, float] = field(default_factory=dict)  # the trace's figures, median per call
    waited_cycles: float = 0.0              # median per call: the engine's time it polled for
    # Each call in the order it ran: the CPU's executed instructions at its entry, its
    # instructions and its predicted cycles (a caller sums the calls inside another's).
    per_call: list[dict[str, float]] = field(default_factory=list)

    @property
    def microseconds(self) -> float:
        return self.cycles[1] / self.clock_hz * 1e6

    def as_dict(self) -> dict[str, object]:
        return {"function": self.label, "calls": self.calls,
                "instructions_per_call": self.instructions,
                "predicted_cycles": {"min": self.cycles[0], "median": self.cycles[1],
                                     "max": self.cycles[2]},
                "band_pct": self.band_pct, "band_coverage": self.band_coverage,
                "band_widened_because": self.reasons,
                "time_us": self.microseconds, "clock_hz": self.clock_hz,
                "naive_renode_cycles": self.naive_cycles,
                "code_memory": self.place.code if self.place else "",
                "data_memory": self.place.data if self.place else "",
                "interrupts": self.interrupts,
                "interrupt_instructions": self.interrupt_instructions,
                "engine_wait_cycles": self.waited_cycles,
                "traced": self.traced, "per_call": self.per_call}


def place(path: Path, board: str | None, function_address: int) -> Place:
    """The memories of the ELF's sections, its stack and the function's code."""
    def region(address: int) -> boards.Region | None:
        return boards.region_at(board, address) if board else None

    placement: dict[str, str] = {}
    for section in user_elf.sections(path):
        found = region(section.address)
        placement[section.name] = found.name if found else f"{section.address:#010x}"
    sp = user_elf.initial_stack_pointer(path)
    stack = region(sp - 4) if sp else None
    placement[".stack"] = stack.name if stack else (f"{sp - 4:#010x}" if sp else "?")
    code = region(function_address)
    placement[".text"] = code.name if code else f"{function_address:#010x}"
    uncalibrated = tuple(sorted({r.name for r in (code, stack) if r and not r.calibrated}))
    return Place(placement[".text"], placement[".stack"], placement, uncalibrated)


def memory_of(board: str | None, where: Place, values: Values) -> Memory:
    if board is None:
        return Memory()
    return boards.memory(boards.BOARDS[board], where.placement, values)


def price_call(core: str, classes: dict[str, float], memory: Memory, values: Values,
               schedule: dict[str, float] | None = None) -> float:
    """One call's cycles; where it was traced, with the registers its LDM/STM moved as the
    trace counted them (run.TRACED_REGISTERS)."""
    if schedule is not None and "ldm_regs" in schedule:
        classes = dict(classes, ldm_regs=schedule["ldm_regs"], stm_regs=schedule["stm_regs"])
    return CORES[core].cycles(traced_sums(classes, schedule), memory, values)


def predict(label: str, core: str, clock_hz: float, calls: list[dict[str, float]],
            schedules: list[dict[str, float] | None], executed: list[float], where: Place,
            board: str | None, values: Values, band: bands.Band,
            untraced: str = "", starts: list[int] | None = None,
            waited: list[float] | None = None) -> Prediction:
    """Each call's cycles: its instructions priced by the core model, plus the time it spent
    polling a busy engine (`waited`: the instructions the CPU skipped meanwhile, at one a cycle,
    i.e. the engine's modelled time in the board's cycles)."""
    memory = memory_of(board, where, values)
    waited = waited or [0.0] * len(calls)
    in_order = [price_call(core, c, memory, values, s) + w
                for c, s, w in zip(calls, schedules, waited)]
    cycles = sorted(in_order)
    reasons = []
    if board is None:
        reasons.append("a core without a board of the matrix: its memories' wait states and "
                       "caches are not modelled (priced at zero wait states)")
    if where.uncalibrated:
        replayed = bool(board and board in boards.FLEXSPI_LINE_FILL and "FLEXSPI" in
                        where.uncalibrated and any("nvm_misses" in s for s in schedules))
        how = ("its I-cache misses priced as line fills from the board's flash configuration "
               "(boards.FLEXSPI_LINE_FILL), which no measurement checks" if replayed else
               "priced as zero-wait-state memory")
        reasons.append(f"memory with no calibrated cost: {', '.join(where.uncalibrated)} "
                       f"({how})")
    if core == "m7" and not any(schedules):
        reasons.append("no issue schedule (" + (untraced or "the calls were not traced")
                       + "): the Cortex-M7 is priced per instruction class")
    pct = band.pct * WIDEN ** len(reasons)
    traced = [s for s in schedules if s]
    medians = {name: statistics.median(s[name] for s in traced) for name in traced[0]} \
        if traced else {}
    naive = [n + w for n, w in zip(executed, waited)]
    return Prediction(label, len(cycles), statistics.median(executed) if executed else 0.0,
                      (cycles[0], statistics.median(cycles), cycles[-1]) if cycles else
                      (0.0, 0.0, 0.0),
                      statistics.median(naive) if naive else 0.0, clock_hz, pct,
                      band.coverage, reasons, where, traced=medians,
                      waited_cycles=statistics.median(waited) if waited else 0.0,
                      per_call=[{"start": float(at), "instructions": n, "cycles": c,
                                 "waited": w, **fetches_of(s)}
                                for at, n, c, w, s in zip(starts or [0] * len(executed),
                                                          executed, in_order, waited, schedules)])


def fetches_of(schedule: dict[str, float] | None) -> dict[str, float]:
    """A traced call's flash fetches through its cache and their misses, where it had any: the
    first call of a loop pays the cold cache, the median hides it."""
    if not schedule or not schedule.get("nvm_reads"):
        return {}
    return {"nvm_reads": schedule["nvm_reads"], "nvm_misses": schedule["nvm_misses"]}
