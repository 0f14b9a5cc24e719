"""Boards of the matrix: core, clock, accelerator, and what their memories cost.

Memory placement comes from each profile (the ELF's sections against the board's link.ld); the
wait states of each memory come from here, each with its source.
"""
from __future__ import annotations

from dataclasses import dataclass

from models.cores.base import Memory
from models.params import Param, Values


@dataclass(frozen=True)
class Board:
    id: str
    title: str
    core: str              # key of models.cores.CORES
    clock_hz: float
    accelerator: str | None  # key of models.accelerators.ACCELERATORS
    flash_memories: tuple[str, ...] = ()  # link.ld MEMORY names that are flash


BOARDS: dict[str, Board] = {
    "rt1060": Board("rt1060", "MIMXRT1060-EVK (i.MX RT1062)", "m7", 600e6, "dcp"),
    "rt1170": Board("rt1170", "MIMXRT1170-EVK (i.MX RT1176, CM7)", "m7", 996e6, "caam"),
    "samd21": Board("samd21", "SAMD21 + ATECC508A", "m0plus", 48e6, "atecc508a", ("FLASH",)),
    "stm32f407": Board("stm32f407", "STM32F407", "m4", 16e6, None, ("FLASH",)),
}


def params() -> list[Param]:
    return [
        Param("rt1170.ocram_load_cycles", 1.0, "cycles/load",
              "mean stall per data load of a binary whose data (stack, heap, .data, .bss) sit "
              "in OCRAM behind the CM7's L1 D-cache instead of DTCM (the OCRAM on the AXI bus "
              "at the bus clock; hits cost nothing, misses the bus round trip)",
              "fitted to the RT1170 published rows, whose build places its data there "
              "(calibration/builds.py RT1170_SDK_PLACEMENT); no primary source for the mean",
              fit=True, prior=1.5),
        Param("samd21.flash_wait_states", 1.0, "cycles",
              "NVM read wait states (RWS) at 48 MHz",
              "SAM D21 data sheet, NVM characteristics (24 MHz max per wait state at 2.7-3.63 V)"),
        Param("samd21.nvm_cache_hit", 0.9, "fraction",
              "NVMCTRL cache hit ratio for fetches and constant loads",
              "assumption (cache enabled by default, CTRLB.CACHEDIS = 0); not fitted"),
        Param("stm32f407.flash_wait_states", 0.0, "cycles",
              "flash wait states at 16 MHz (HSI)", "RM0090 rev 19, Table 10 (0 WS up to 30 MHz)"),
    ]


# Where a binary's data sit: the stack first (every spilled local), else its .data.
DATA_SECTIONS = (".stack", ".data", ".bss", ".heap")
# i.MX RT memories behind the L1 D-cache rather than tightly coupled (link.ld MEMORY names).
CACHED_RAM = {"rt1170": ("OCRAM",)}


def data_memory(placement: dict[str, str]) -> str:
    return next((placement[name] for name in DATA_SECTIONS if name in placement), "")


def memory(board: Board, placement: dict[str, str], values: Values) -> Memory:
    """Wait states of a run on `board` with the sections placed as in `placement`: each cost
    belongs to a memory, and applies only where the binary put something there."""
    code_in_flash = placement.get(".text", "") in board.flash_memories
    data_ws = 0.0
    if data_memory(placement) in CACHED_RAM.get(board.id, ()):
        data_ws = values[f"{board.id}.ocram_load_cycles"]
    if board.id == "samd21":
        ws, hit = values["samd21.flash_wait_states"], values["samd21.nvm_cache_hit"]
    elif board.id == "stm32f407":
        ws, hit = values["stm32f407.flash_wait_states"], 0.0
    else:
        ws, hit = 0.0, 1.0
    if not code_in_flash:
        return Memory(data_wait_states=data_ws)
    return Memory(code_wait_states=ws, const_wait_states=ws * (1.0 - hit), fetch_hit_ratio=hit,
                  data_wait_states=data_ws)
