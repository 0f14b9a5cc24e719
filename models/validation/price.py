"""The Cortex-M4 model's price of a stored validation profile, as the binary ran.

The core model (models.cores CORES by the board's core) prices the region's aggregated
instruction classes with what its trace counted (taken branches, pipelined loads and stores), at
the memory the ELF's placement gives on the board (models.boards.memory), with the parameter
values the calibration fitted to the published measurements. No toolchain ratio: the matrix's
predictions carry our gcc instruction counts over to the published builds' compilers
(models/matrix.py), while here the published figure timed a gcc build of the same sources, and
the prediction is for the binary we profiled as it runs. What gcc 14.1 and 12.2 compile
differently stays in the error.
"""
from __future__ import annotations

from typing import Any

from models import boards
from models.cores import CORES
from models.cores.base import TRACED_PRICES, aggregate
from models.params import Values


def uncounted(region: dict[str, Any]) -> float:
    """Instructions the CPU executed in the region that the opcode counters did not count: the
    IT-block instructions whose condition fails (Renode 1.16.1's counters skip them, its DWT
    count and execution trace do not; ARCHITECTURE.md). The DWT count is the region's @result
    cycles (one per executed instruction; a boundary instruction or two apart from the
    counters')."""
    return max(0.0, float(region["result"]["cycles"]) - region["instructions"])


def region_sums(region: dict[str, Any]) -> dict[str, float]:
    """The sums the core model prices: the aggregated classes and the traced counts. The
    uncounted IT-block instructions are priced as `other`, one cycle each: an instruction whose
    condition fails does nothing (ARMv7-M ARM, A7.3 "Conditional execution") but, assumed here,
    still passes through the pipeline as a one-cycle no-op."""
    classes = dict(region["classes"])
    classes["other"] = classes.get("other", 0.0) + uncounted(region)
    sums = aggregate(classes)
    schedule = region.get("schedule") or {}
    # What the core models price of a trace, as far as the region's (an M4's) holds it.
    sums.update({name: float(schedule[name]) for name in TRACED_PRICES if name in schedule})
    return sums


def predicted_cycles(profile: dict[str, Any], values: Values) -> float:
    """Predicted hardware cycles of the profile's one region."""
    board = boards.BOARDS[profile["board"]]
    memory = boards.memory(board, profile["placement"], values)
    (region,) = profile["regions"]
    return CORES[board.core].cycles(region_sums(region), memory, values)


def naive_cycles(profile: dict[str, Any]) -> float:
    """Stock Renode's figure: the DWT's count over the region, one cycle per executed
    instruction (the image's own @result line)."""
    (region,) = profile["regions"]
    return float(region["result"]["cycles"])
