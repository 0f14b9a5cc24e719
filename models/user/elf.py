"""A user's ELF: is it one we can run, where are its functions, where did it put its sections.

Every refusal is a UserElfError whose text is the one line the command line prints.
"""
from __future__ import annotations

import difflib
import re
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

EM_ARM = 40
# Names start-up code gives its vector table: ours, CMSIS/NXP's, ST's CubeIDE templates.
VECTOR_SYMBOLS = ("__vectors", "__isr_vector", "__Vectors", "g_pfnVectors", "__vector_table",
                  "_vectors", "vector_table")
# Section names of the data a function reads and writes besides its stack (newlib/NXP/ST links).
DATA_SECTIONS = (".data", ".bss", ".heap")


class UserElfError(ValueError):
    """Something about the user's ELF or request that stops the prediction; one line."""


@dataclass(frozen=True)
class Symbol:
    name: str
    start: int        # Thumb bit cleared
    size: int

    @property
    def end(self) -> int:
        return self.start + self.size


@dataclass(frozen=True)
class Section:
    name: str
    address: int
    size: int


def check(path: Path) -> None:
    """Refuses what is not a 32-bit little-endian Arm ELF with a symbol table."""
    if not path.is_file():
        raise UserElfError(f"{path}: no such file")
    header = path.read_bytes()[:20]
    if header[:4] != b"\x7fELF":
        raise UserElfError(f"{path}: not an ELF file")
    if header[4] != 1 or header[5] != 1:
        raise UserElfError(f"{path}: not a 32-bit little-endian ELF (Cortex-M images are)")
    machine = struct.unpack_from("<H", header, 18)[0]
    if machine != EM_ARM:
        raise UserElfError(f"{path}: an ELF for machine {machine}, not Arm ({EM_ARM})")
    if not functions(path):
        raise UserElfError(f"{path}: stripped: no function symbols (link without -s, or pass "
                           "the unstripped ELF the debugger uses)")


def _nm(path: Path) -> str:
    return subprocess.run(["arm-none-eabi-nm", "-S", "--defined-only", str(path)],
                          capture_output=True, text=True, check=True).stdout


def functions(path: Path) -> dict[str, Symbol]:
    """The function symbols (code, with a size) by name."""
    found = {}
    for line in _nm(path).splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            start = int(parts[0], 16) & ~1
            found.setdefault(parts[3], Symbol(parts[3], start, int(parts[1], 16)))
    return found


def symbols(path: Path) -> dict[str, int]:
    """Every defined symbol's address (Thumb bit cleared), for region bounds and labels."""
    found = {}
    for line in subprocess.run(["arm-none-eabi-nm", "--defined-only", str(path)],
                               capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            found.setdefault(parts[2], int(parts[0], 16) & ~1)
    return found


def closest(name: str, names: list[str], count: int = 3) -> str:
    near = difflib.get_close_matches(name, names, n=count, cutoff=0.5)
    return f" (closest: {', '.join(near)})" if near else ""


def function(path: Path, name: str) -> Symbol:
    table = functions(path)
    if name not in table:
        raise UserElfError(f"{path.name}: no function {name}{closest(name, list(table))}")
    if table[name].size == 0:
        raise UserElfError(f"{path.name}: {name} has no size in the symbol table (an assembly "
                           "label?): profile it as --region START:END")
    return table[name]


def address_of(path: Path, name: str) -> int:
    table = symbols(path)
    if name not in table:
        raise UserElfError(f"{path.name}: no symbol {name}{closest(name, list(table))}")
    return table[name]


def sections(path: Path) -> list[Section]:
    """The allocated sections with their load addresses (objdump -h: VMA)."""
    text = subprocess.run(["arm-none-eabi-objdump", "-h", str(path)], capture_output=True,
                          text=True, check=True).stdout
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        parts = line.split()
        if len(parts) >= 4 and parts[0].isdigit() and i + 1 < len(lines) \
                and "ALLOC" in lines[i + 1]:
            found.append(Section(parts[1], int(parts[3], 16), int(parts[2], 16)))
    return found


def vector_table(path: Path) -> tuple[str, int]:
    """The vector table's symbol and address: a known name, else the lowest allocated address
    (where an image without one puts it for the boot ROM)."""
    table = symbols(path)
    for name in VECTOR_SYMBOLS:
        if name in table:
            return name, table[name]
    raise UserElfError(f"{path.name}: no vector table symbol ({', '.join(VECTOR_SYMBOLS)})")


def initial_stack_pointer(path: Path) -> int | None:
    """The first word of the vector table: the stack the reset handler starts on."""
    _, address = vector_table(path)
    for section in sections(path):
        if section.address <= address < section.address + section.size:
            dump = subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", "--only-section",
                                   section.name, str(path), "/dev/stdout"],
                                  capture_output=True, check=True).stdout
            offset = address - section.address
            if len(dump) >= offset + 4:
                return struct.unpack_from("<I", dump, offset)[0]
    return None


_RETURN = re.compile(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{4}\s?){1,2}\s+(\S+)\s*(.*)")


def returns(path: Path, symbol: Symbol) -> list[int]:
    """The addresses of a function's return instructions: POP or LDM from the stack with the
    PC in the list (gcc's -O2/-O3 epilogues write `ldmia.w sp!, {.., pc}`), LDR PC from the
    stack, BX LR."""
    listing = subprocess.run(["arm-none-eabi-objdump", "-d", f"--start-address={symbol.start:#x}",
                              f"--stop-address={symbol.end:#x}", str(path)],
                             capture_output=True, text=True, check=True).stdout
    found = []
    for line in listing.splitlines():
        match = _RETURN.match(line)
        if not match:
            continue
        mnemonic, operands = match.group(2).split(".")[0], match.group(3).split(";")[0]
        operands = operands.split("@")[0].replace(" ", "")
        if ((mnemonic == "pop" and "pc" in operands)
                or (mnemonic.startswith("ldm") and operands.startswith("sp!")
                    and "pc}" in operands)
                or (mnemonic == "ldr" and operands.startswith("pc,[sp]"))
                or (mnemonic == "bx" and operands == "lr")):
            found.append(int(match.group(1), 16))
    return found
