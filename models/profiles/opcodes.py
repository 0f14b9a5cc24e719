"""Thumb instruction classes for Renode's opcode counters, and the static analysis behind them.

Renode 1.14 (tlib `disas_thumb_insn`) matches counter patterns against the FIRST 16-bit halfword
of every executed Thumb instruction, first installed pattern wins. For 32-bit instructions the
first halfword does not always decide the class: `11110...` is either a data-processing immediate
or a branch (BL, B.W), and LDM/STM/PUSH/POP keep their register list elsewhere (or in the second
halfword). Those "ambiguous" first halfwords get one exact counter each, and each is resolved by
the static occurrences of that halfword in the image (objdump): e.g. 0xf000 seen 30 times as `bl`
and 10 times as `add.w` counts as 0.75 bl + 0.25 alu per execution. All other instructions are
classified exactly by mask patterns.
"""
from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# Instruction classes of a profile. Counts are executions; *_regs are registers transferred.
CLASSES: tuple[str, ...] = (
    "alu", "mov_reg", "it", "mul", "mul_long", "div",
    "ldr_word", "ldr_half", "ldr_byte", "ldr_lit", "ldr_sp",
    "str_word", "str_half", "str_byte", "str_sp",
    "ldrd", "strd", "ldm", "ldm_regs", "stm", "stm_regs",
    "b_cond", "b", "bl", "bx", "blx", "cbz", "tbb", "pop_pc", "other",
)

# Mask patterns on the first halfword, most specific first (bit 15 leftmost, x = any).
GENERIC_PATTERNS: tuple[tuple[str, str], ...] = (
    # 16-bit (ARMv6-M / ARMv7-M Architecture Reference Manuals, Thumb encoding tables)
    ("mul", "0100001101xxxxxx"),
    ("alu", "010000xxxxxxxxxx"),
    ("bx", "010001110xxxxxxx"),
    ("blx", "010001111xxxxxxx"),
    ("mov_reg", "01000110xxxxxxxx"),  # MOV (register), any registers: a register copy
    ("alu", "010001xxxxxxxxxx"),
    ("ldr_lit", "01001xxxxxxxxxxx"),
    ("str_word", "0101000xxxxxxxxx"),
    ("str_half", "0101001xxxxxxxxx"),
    ("str_byte", "0101010xxxxxxxxx"),
    ("ldr_byte", "0101011xxxxxxxxx"),
    ("ldr_word", "0101100xxxxxxxxx"),
    ("ldr_half", "0101101xxxxxxxxx"),
    ("ldr_byte", "0101110xxxxxxxxx"),
    ("ldr_half", "0101111xxxxxxxxx"),
    ("str_word", "01100xxxxxxxxxxx"),
    ("ldr_word", "01101xxxxxxxxxxx"),
    ("str_byte", "01110xxxxxxxxxxx"),
    ("ldr_byte", "01111xxxxxxxxxxx"),
    ("str_half", "10000xxxxxxxxxxx"),
    ("ldr_half", "10001xxxxxxxxxxx"),
    ("str_sp", "10010xxxxxxxxxxx"),
    ("ldr_sp", "10011xxxxxxxxxxx"),
    ("alu", "1010xxxxxxxxxxxx"),
    ("cbz", "1011x0x1xxxxxxxx"),
    ("alu", "10111111xxxx0000"),  # NOP/YIELD/WFE/WFI/SEV hints
    ("it", "10111111xxxxxxxx"),
    ("stm", "1011010xxxxxxxxx"),  # PUSH (fallback; images get exact counters for these)
    ("ldm", "1011110xxxxxxxxx"),  # POP (fallback)
    ("alu", "1011xxxxxxxxxxxx"),
    ("stm", "11000xxxxxxxxxxx"),
    ("ldm", "11001xxxxxxxxxxx"),
    ("other", "1101111xxxxxxxxx"),  # UDF, SVC
    ("b_cond", "1101xxxxxxxxxxxx"),
    ("b", "11100xxxxxxxxxxx"),
    ("mov_reg", "0000000000xxxxxx"),  # MOVS Rd, Rm (LSLS #0): a register copy
    ("alu", "0xxxxxxxxxxxxxxx"),  # shifts, add/sub/mov/cmp immediate
    # 32-bit, first halfword
    ("ldm", "1110100xxxxxxxxx"),  # LDM/STM/LDRD/STRD/TBB (fallback)
    ("alu", "1110101xxxxxxxxx"),  # data processing, shifted register
    ("other", "111011xxxxxxxxxx"),  # coprocessor / FP (the images are soft-float)
    ("alu", "11110xxxxxxxxxxx"),  # data processing immediate or branch (fallback)
    ("ldr_lit", "1111100xxxx11111"),
    ("ldr_sp", "1111100xx1011101"),
    ("str_sp", "11111000x1001101"),
    ("str_byte", "11111000x000xxxx"),
    ("str_half", "11111000x010xxxx"),
    ("str_word", "11111000x100xxxx"),
    ("ldr_byte", "1111100xx001xxxx"),
    ("ldr_half", "1111100xx011xxxx"),
    ("ldr_word", "1111100xx101xxxx"),
    ("alu", "11111010xxxxxxxx"),  # data processing, register (shifts, extend, REV, CLZ, SIMD)
    ("mul", "111110110xxxxxxx"),  # MUL, MLA, MLS, SMUL<x><y>, SMLA<x><y>, ...
    ("div", "111110111001xxxx"),  # SDIV
    ("div", "111110111011xxxx"),  # UDIV
    ("mul_long", "111110111xxxxxxx"),  # SMULL, UMULL, SMLAL, UMLAL, UMAAL
    ("other", "xxxxxxxxxxxxxxxx"),
)

# First halfwords whose class the mask cannot decide: PUSH/POP/LDM/STM (16-bit, register count),
# 32-bit LDM/STM/LDRD/STRD/TBB (1110100x), and 11110 (data-processing immediate vs branch).
AMBIGUOUS = re.compile(r"^(b[45cd][0-9a-f]{2}|c[0-9a-f]{3}|e[89][0-9a-f]{2}|f[0-7][0-9a-f]{2})$")

_LINE = re.compile(r"^\s*([0-9a-f]+):\t([0-9a-f]{4})(?: ([0-9a-f]{4}))?\s*\t(\S+)\s*(.*)$")
# objdump's names of r9..r15.
REGISTER_ALIASES = {"sb": "r9", "sl": "r10", "fp": "r11", "ip": "r12", "sp": "r13", "lr": "r14",
                    "pc": "r15"}


@dataclass(frozen=True)
class Listed:
    """One instruction of an objdump -d listing."""

    address: int
    first: str              # first halfword, hex
    second: str | None      # second halfword of a 32-bit instruction
    mnemonic: str
    operands: str           # as printed, comments included


def disassembly(elf: Path, objdump: str = "arm-none-eabi-objdump") -> list[Listed]:
    """Every instruction of the code in `elf` (data directives such as .word left out)."""
    text = subprocess.run([objdump, "-d", str(elf)], capture_output=True, text=True,
                          check=True).stdout
    found = []
    for line in text.splitlines():
        match = _LINE.match(line)
        if match and not match.group(4).startswith("."):
            found.append(Listed(int(match.group(1), 16), match.group(2), match.group(3),
                                match.group(4), match.group(5)))
    return found


@dataclass
class ExactCounter:
    """One exact first-halfword counter and the class mix of its static occurrences."""

    halfword: str
    mix: dict[str, float] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"h{self.halfword}"

    @property
    def pattern(self) -> str:
        return format(int(self.halfword, 16), "016b")


def register_list(operands: str) -> list[str]:
    """The registers of an LDM/STM/PUSH/POP register list ({r4-r7, lr} -> r4..r7, r14)."""
    inside = operands[operands.find("{") + 1:operands.find("}")]
    found: list[str] = []
    for item in (part.strip() for part in inside.split(",") if part.strip()):
        if "-" in item:
            low, high = (int(REGISTER_ALIASES.get(r.strip(), r.strip()).lstrip("r"))
                         for r in item.split("-"))
            found += [f"r{n}" for n in range(low, high + 1)]
        else:
            found.append(REGISTER_ALIASES.get(item, item))
    return found


def _register_count(operands: str) -> int:
    return len(register_list(operands))


def classify_mnemonic(mnemonic: str, operands: str) -> dict[str, float]:
    """Class mix of one statically disassembled ambiguous instruction."""
    base = mnemonic.split(".")[0]
    if base in ("push", "stmdb", "stmia", "stm", "stmea", "stmfd"):
        return {"stm": 1.0, "stm_regs": float(_register_count(operands))}
    if base in ("pop", "ldmia", "ldm", "ldmdb", "ldmfd"):
        regs = _register_count(operands)
        mix = {"ldm": 1.0, "ldm_regs": float(regs)}
        if "pc" in operands[operands.find("{"):operands.find("}")]:
            mix["pop_pc"] = 1.0
        return mix
    if base == "ldrd" or base.startswith("ldrex"):
        return {"ldrd": 1.0}
    if base == "strd" or base.startswith("strex"):
        return {"strd": 1.0}
    if base in ("tbb", "tbh"):
        return {"tbb": 1.0}
    if base == "bl":
        return {"bl": 1.0}
    if base == "b":
        return {"b": 1.0}
    if re.fullmatch(r"b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)", base):
        return {"b_cond": 1.0}
    if base in ("msr", "mrs", "dmb", "dsb", "isb", "cpsid", "cpsie", "udf"):
        return {"other": 1.0}
    return {"alu": 1.0}


def exact_counters(elf: Path, objdump: str = "arm-none-eabi-objdump") -> list[ExactCounter]:
    """Exact counters for the ambiguous first halfwords of the code in `elf`."""
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    seen: dict[str, int] = defaultdict(int)
    for listed in disassembly(elf, objdump):
        first = listed.first
        if not AMBIGUOUS.match(first):
            continue
        seen[first] += 1
        for cls, value in classify_mnemonic(listed.mnemonic, listed.operands).items():
            sums[first][cls] += value
    counters = []
    for halfword in sorted(seen):
        mix = {cls: total / seen[halfword] for cls, total in sums[halfword].items()}
        counters.append(ExactCounter(halfword, mix))
    return counters


def generic_name(index: int) -> str:
    return f"g{index:02d}_{GENERIC_PATTERNS[index][0]}"


def class_counts(raw: dict[str, float], exact: list[ExactCounter]) -> dict[str, float]:
    """Turns raw counter values (name -> executions) into class counts."""
    counts = {cls: 0.0 for cls in CLASSES}
    by_name = {counter.name: counter for counter in exact}
    for name, value in raw.items():
        if name in by_name:
            for cls, weight in by_name[name].mix.items():
                counts[cls] += weight * value
        else:
            counts[name.split("_", 1)[1]] += value
    return counts
