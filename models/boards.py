"""Boards of the matrix: core, clock, accelerator, and what their memories cost.

Memory placement comes from each profile (the ELF's sections against the board's link.ld); the
wait states of each memory come from here, each with its source.
"""
from __future__ import annotations

from dataclasses import dataclass

from models.cores.base import Memory
from models.params import Param, Values
from models.profiles.trace_schedule import FetchCache


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

# Read caches in front of a board's flash whose misses a trace replays (trace_schedule.CacheReplay).
# SAMD21: the NVMCTRL cache is "a direct-mapped cache that implements 8 lines of 64 bits (i.e.,
# 64 bytes)" over the NVM main array only (SAM D21 data sheet DS40001882, NVMCTRL, "Cache"); on
# by default (CTRLB.CACHEDIS = 0) and READMODE NO_MISS_PENALTY, so a miss costs the flash's read
# wait states (CTRLB.RWS) and a hit none. The main array: 256 KiB from 0 (ATSAMD21J18A).
# i.MX RT1060 / RT1170: code executed in place from the serial NOR flash behind FlexSPI goes
# through the Cortex-M7's L1 I-cache: 32 KiB on both parts (RT1060 RM and RT1170 RM, ARM core
# platform), two-way set-associative with 32-byte lines (Cortex-M7 TRM r1p2, "Level 1 caches";
# the TRM gives LRU-like replacement as pseudo-random, modelled as LRU). Only instruction fetches:
# literal loads go through the D-cache, which is not replayed. A miss is a flash read
# (FLEXSPI_LINE_FILL below). The AHB windows: the boards' flash sizes (EVKB flash configuration
# blocks, sflashA1Size): 8 MiB at 0x60000000, 64 MiB at 0x30000000.
FETCH_CACHES: dict[str, FetchCache] = {
    "samd21": FetchCache(lines=8, line_bytes=8, low=0x00000000, high=256 * 1024),
    "rt1060": FetchCache(lines=1024, line_bytes=32, low=0x60000000, high=0x60800000, ways=2,
                         literals=False),
    "rt1170": FetchCache(lines=1024, line_bytes=32, low=0x30000000, high=0x34000000, ways=2,
                         literals=False),
}

# Core cycles of one I-cache line fill from the EVKB's serial NOR flash, one FlexSPI read per
# miss, from the read sequence of the board's own FlexSPI configuration block (NXP
# mcuxsdk-examples 16bf470, _boards/<board>/.../<board>_flexspi_nor_config.c, LUT entry 0):
#   rt1060 (evkbmimxrt1060/xip): 120 MHz SDR, 0xEB on 1 pad (8 clocks), a 24-bit address on 4
#     pads (6), 6 dummy clocks, 32 bytes on 4 pads (64): 84 clocks = 700 ns = 420 cycles at
#     600 MHz;
#   rt1170 (evkbmimxrt1170 fsl_romapi/xip): 133 MHz SDR, 0xEC on 1 pad (8), a 32-bit address on
#     4 pads (8), 6 dummy, 32 bytes on 4 pads (64): 86 clocks = 647 ns = 644 cycles at 996 MHz.
# Not counted: the AHB and chip-select overheads (a few clocks), and the FlexSPI AHB prefetch,
# which can have the next line in its buffer before a sequential miss: so each miss is priced as
# a read of its own, an upper bound. No published measurement checks it (the memory stays
# uncalibrated in MEMORY_MAPS, and a prediction placed there carries the widened band).
FLEXSPI_LINE_FILL = {"rt1060": (8 + 6 + 6 + 64) / 120e6, "rt1170": (8 + 8 + 6 + 64) / 133e6}


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


def _data_wait_states(board: Board, placement: dict[str, str], values: Values) -> float:
    """The mean stall per data load where the binary's data sit in a cached RAM."""
    if data_memory(placement) in CACHED_RAM.get(board.id, ()):
        return values[f"{board.id}.ocram_load_cycles"]
    return 0.0


def memory(board: Board, placement: dict[str, str], values: Values) -> Memory:
    """Wait states of a run on `board` with the sections placed as in `placement`: each cost
    belongs to a memory, and applies only where the binary put something there."""
    code_in_flash = placement.get(".text", "") in board.flash_memories
    if board.id in FLEXSPI_LINE_FILL and placement.get(".text", "") == "FLEXSPI":
        # Executed in place: each I-cache miss a line fill (FETCH_CACHES); priced where a trace
        # replays the fetches (the cores' nvm_misses), nothing otherwise.
        fill = FLEXSPI_LINE_FILL[board.id] * board.clock_hz
        return Memory(code_wait_states=fill, fetch_hit_ratio=1.0,
                      data_wait_states=_data_wait_states(board, placement, values))
    data_ws = _data_wait_states(board, placement, values)
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


@dataclass(frozen=True)
class Region:
    """One memory of a board's address map, as a user's ELF may place sections in it."""
    name: str
    origin: int
    length: int
    calibrated: bool   # a calibrated cost prices it (or it needs none: TCM, 0-wait-state RAM)
    source: str


# The memories of each board's address map a user's ELF may use, and whether the models price
# them. Names match the link.ld MEMORY names memory() knows.
MEMORY_MAPS: dict[str, tuple[Region, ...]] = {
    "rt1060": (
        Region("ITCM", 0x00000000, 512 * 1024, True, "i.MX RT1060 RM, FlexRAM: zero wait states"),
        Region("DTCM", 0x20000000, 512 * 1024, True, "i.MX RT1060 RM, FlexRAM: zero wait states"),
        Region("OCRAM", 0x20200000, 1024 * 1024, False,
               "i.MX RT1060 RM, OCRAM behind the L1 D-cache: no calibrated cost on this board"),
        Region("FLEXSPI", 0x60000000, 0x1F800000, False,
               "i.MX RT1060 RM, FlexSPI XIP flash behind the I-cache: each traced miss a line "
               "fill from the EVKB's flash configuration (FLEXSPI_LINE_FILL); not calibrated"),
        Region("SDRAM", 0x80000000, 0x60000000, False, "SEMC SDRAM: not modelled")),
    "rt1170": (
        Region("ITCM", 0x00000000, 256 * 1024, True, "i.MX RT1170 RM, FlexRAM: zero wait states"),
        Region("DTCM", 0x20000000, 256 * 1024, True, "i.MX RT1170 RM, FlexRAM: zero wait states"),
        Region("OCRAM", 0x20200000, 1536 * 1024, True,
               "OCRAM behind the L1 D-cache: rt1170.ocram_load_cycles (fitted)"),
        Region("FLEXSPI", 0x30000000, 0x10000000, False,
               "FlexSPI1 XIP flash behind the I-cache: each traced miss a line fill from the "
               "EVKB's flash configuration (FLEXSPI_LINE_FILL); not calibrated"),
        Region("SDRAM", 0x80000000, 0x60000000, False, "SEMC SDRAM: not modelled")),
    "samd21": (
        Region("FLASH", 0x00000000, 256 * 1024, True, "samd21.flash_wait_states, nvm_cache_hit"),
        Region("SRAM", 0x20000000, 32 * 1024, True, "SAM D21 SRAM: zero wait states")),
    "stm32f407": (
        Region("FLASH", 0x08000000, 1024 * 1024, True, "stm32f407.flash_wait_states (16 MHz)"),
        Region("CCM", 0x10000000, 64 * 1024, True, "RM0090: CCM RAM on the D-bus, zero wait"),
        Region("SRAM", 0x20000000, 128 * 1024, True, "RM0090: SRAM, zero wait states")),
}


def region_at(board: str, address: int) -> Region | None:
    return next((r for r in MEMORY_MAPS[board] if r.origin <= address < r.origin + r.length),
                None)
