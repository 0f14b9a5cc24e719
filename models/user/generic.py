"""A generic Cortex-M platform for a part the matrix does not have (an STM32H7, an i.MX RT1050):
Renode's own Cortex-M model with the memories the ELF uses, nothing else.

The memories are those its allocated sections and its initial stack pointer fall in, each
rounded out to 64 KiB; peripherals are absent, so start-up code that waits on a clock or a
PLL flag waits until the simulated-time limit (the run then says where it was).
"""
from __future__ import annotations

from pathlib import Path

from models.user import elf as user_elf

CORES = {"m7": "cortex-m7", "m4": "cortex-m4", "m0plus": "cortex-m0+"}
GRANULE = 64 * 1024
STACK_BYTES = 64 * 1024


def memories(path: Path) -> list[tuple[int, int]]:
    """(start, size) of the memories to map: the ELF's sections and its stack, merged."""
    spans = [(s.address, s.address + s.size) for s in user_elf.sections(path) if s.size]
    sp = user_elf.initial_stack_pointer(path)
    if sp:
        spans.append((max(0, sp - STACK_BYTES), sp))
    rounded = sorted((start // GRANULE * GRANULE, -(-end // GRANULE) * GRANULE)
                     for start, end in spans)
    merged: list[list[int]] = []
    for start, end in rounded:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end - start) for start, end in merged]


def platform(path: Path, core: str, clock_hz: float, work: Path) -> list[str]:
    """The .resc lines that create the machine and load the ELF."""
    vectors, _ = user_elf.vector_table(path)
    repl = ["cpu: CPU.CortexM @ sysbus",
            f'    cpuType: "{CORES[core]}"',
            "    nvic: nvic",
            f"    PerformanceInMips: {max(1, round(clock_hz / 1e6))}",
            "",
            "nvic: IRQControllers.NVIC @ sysbus 0xE000E000",
            f"    systickFrequency: {int(clock_hz)}",
            "    -> cpu@0",
            ""]
    for i, (start, size) in enumerate(memories(path)):
        repl += [f"memory{i}: Memory.MappedMemory @ sysbus {start:#x}", f"    size: {size:#x}", ""]
    description = work / "generic.repl"
    description.write_text("\n".join(repl))
    return ["mach create \"generic\"", f"machine LoadPlatformDescription @{description}",
            f"sysbus LoadELF @{path}",
            f"cpu VectorTableOffset `sysbus GetSymbolAddress \"{vectors}\"`"]
