"""In-order issue schedule of an executed instruction stream (a Renode PC trace): the Cortex-M7's
dual issue, and the Cortex-M4's single-issue pipelining of loads.

The opcode counters (opcodes.py) say how many instructions of each class ran, not in which order,
so they cannot tell how often the M7 pairs two instructions in one cycle: that depends on the
neighbours, their registers and which pipe each needs. This module replays the executed
instructions in order through an in-order, two-wide issue model and counts the cycles: the issue
cycles of the region. models/cores/cortex_m7.py prices an optimised (-O3) region with them.

Issue rules (Cortex-M7: two instructions per cycle, in order; sources: LLVM ARMScheduleM7.td,
IssueWidth 2; SLOTHY slothy/targets/arm_v7m/cortex_m7.py, from jnk0le's pipeline cycle tests and
quinapalus.com/cm7cycles.html):
  - an instruction issues when its source registers are ready (and the flags, if it reads them),
    never before the one before it; a second one joins the cycle's first unless they compete for
    a pipe: two memory accesses, two ALU instructions with a shifted operand (one shifter, ALU0),
    two multiplies or divides, two branches;
  - LDM/STM/PUSH/POP issue alone and move two registers per cycle (64-bit data path);
  - results are ready after 1 cycle (ALU), 2 (loads, multiplies) or 7 (divide, which also holds
    issue for its duration); a shifted operand must be ready one cycle early; flags 1 cycle.
Not modelled here (left to cortex_m7.py's parameters): branch prediction (a taken branch is
counted, its cost is a parameter), memory wait states, and dependencies across a skipped (not
decodable) instruction.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from models.profiles.opcodes import REGISTER_ALIASES, disassembly, register_list

_REGISTER = re.compile(r"\b(r1[0-5]|r[0-9]|sp|lr|pc|ip|fp|sl|sb)\b")
_CONDITIONS = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le"
_DATA_PROCESSING = set(
    "add adc sub sbc rsb and orr orn eor bic mov mvn lsl lsr asr ror rrx mul neg cmp cmn tst teq "
    "uxtb uxth sxtb sxth ubfx sbfx bfi bfc rev rev16 revsh clz rbit adr movw movt mla mls umull "
    "smull umlal smlal umaal sdiv udiv uxtab uxtah sxtab sxtah pkhbt pkhtb nop".split())
# Extract/insert instructions go through the shifter like a shifted operand (SLOTHY: ALU0 only).
_SHIFTER = {"uxtb", "uxth", "sxtb", "sxth", "ubfx", "sbfx", "bfi", "pkhbt", "pkhtb", "uxtab",
            "uxtah", "sxtab", "sxtah"}
_MEMORY = {"load", "ldrd", "store", "strd", "ldm", "stm", "ldm_pc"}
_ALONE = {"ldm", "stm", "ldm_pc"}
_BRANCHES = {"branch", "ldm_pc"}
_SINGLE = {"load", "store"}
_LATENCY = {"load": 2, "ldrd": 2, "ldm": 2, "ldm_pc": 2, "mul": 2, "div": 7}
DIVIDE_CYCLES = 7


@dataclass(slots=True)
class Instruction:
    kind: str                       # alu, alu_shift, mul, div, load, ldrd, store, strd, ldm, stm,
                                    # ldm_pc (loads pc), branch, it
    size: int                       # bytes
    dst: list[str] = field(default_factory=list)
    src: list[str] = field(default_factory=list)
    shifted: list[str] = field(default_factory=list)  # sources that go through the shifter
    sets_flags: bool = False
    reads_flags: bool = False
    registers: int = 0              # LDM/STM register count
    conditional_branch: bool = False
    address: list[str] = field(default_factory=list)  # single load/store: its address registers
    literal: int | None = None      # a PC-relative load's address (objdump's `@ (addr ...)`)


def _registers(text: str) -> list[str]:
    return [REGISTER_ALIASES.get(r, r) for r in _REGISTER.findall(text)]


def decode(mnemonic: str, operands: str, size: int) -> Instruction:
    """What the schedule needs of one disassembled instruction (objdump's unified syntax)."""
    base = mnemonic.split(".")[0]
    ins = Instruction("alu", size)
    if base in ("b", "bl", "blx", "bx", "cbz", "cbnz", "tbb", "tbh") or re.fullmatch(
            r"b(" + _CONDITIONS + ")", base):
        ins.kind = "branch"
        if base in ("bx", "blx", "cbz", "cbnz", "tbb", "tbh"):
            ins.src = _registers(operands)
        if base in ("bl", "blx"):
            ins.dst = ["r14"]
        ins.reads_flags = base not in ("b", "bl", "blx", "bx", "cbz", "cbnz", "tbb", "tbh")
        ins.conditional_branch = ins.reads_flags or base in ("cbz", "cbnz")
        return ins
    if base.startswith("it") and set(base[1:]) <= {"t", "e"}:
        ins.kind, ins.reads_flags = "it", True
        return ins
    conditional = re.fullmatch(r"(.*?)(" + _CONDITIONS + r")", base)
    if conditional and (conditional.group(1) in _DATA_PROCESSING
                        or conditional.group(1).rstrip("s") in _DATA_PROCESSING
                        or conditional.group(1).startswith(("ldr", "str", "pop", "push"))):
        base, ins.reads_flags = conditional.group(1), True   # inside an IT block
    registers = _registers(operands)
    writeback = "!" in operands or re.search(r"\],\s*#", operands) is not None
    if base in ("push", "stmdb", "stmia", "stm", "stmea", "stmfd"):
        listed = register_list(operands)
        ins.kind, ins.registers, ins.src = "stm", len(listed), listed + ["r13"]
        if base == "push":
            ins.dst = ["r13"]
        else:
            pointer = _registers(operands.split(",")[0])[0]
            ins.src.append(pointer)
            ins.dst = [pointer] if writeback else []
        return ins
    if base in ("pop", "ldmia", "ldm", "ldmdb", "ldmfd"):
        listed = register_list(operands)
        ins.kind, ins.registers, ins.dst = "ldm", len(listed), list(listed)
        if base == "pop":
            ins.src, ins.dst = ["r13"], ins.dst + ["r13"]
        else:
            pointer = _registers(operands.split(",")[0])[0]
            ins.src = [pointer]
            ins.dst += [pointer] if writeback else []
        if "r15" in listed:
            ins.kind = "ldm_pc"
        return ins
    if base.startswith("ldr"):
        count = 2 if base.startswith("ldrd") else 1
        ins.kind = "ldrd" if count == 2 else "load"
        ins.dst, ins.src = registers[:count], registers[count:]
        ins.address = list(ins.src)
        if writeback and ins.src:
            ins.dst.append(ins.src[0])
        if "r15" in ins.dst[:1]:
            ins.kind = "ldm_pc"
        return ins
    if base.startswith("str"):
        count = 2 if base.startswith("strd") else 1
        ins.kind = "strd" if count == 2 else "store"
        ins.src, ins.address = registers, registers[count:]
        if writeback and len(registers) > count:
            ins.dst = [registers[count]]
        return ins
    name = base
    if base not in _DATA_PROCESSING and base.endswith("s") and base[:-1] in _DATA_PROCESSING:
        name, ins.sets_flags = base[:-1], True
    if name in ("cmp", "cmn", "tst", "teq"):
        ins.src, ins.sets_flags = registers, True
    elif name in ("mul", "mla", "mls"):
        ins.kind, ins.dst, ins.src = "mul", registers[:1], registers[1:]
    elif name in ("umull", "smull", "umlal", "smlal", "umaal"):
        accumulates = name in ("umlal", "smlal", "umaal")
        ins.kind, ins.dst = "mul", registers[:2]
        ins.src = registers[2:] + (registers[:2] if accumulates else [])
    elif name in ("sdiv", "udiv"):
        ins.kind, ins.dst, ins.src = "div", registers[:1], registers[1:]
    else:
        ins.dst, ins.src = registers[:1], registers[1:]
        if name in ("movt", "bfi", "bfc") and registers:
            ins.src.append(registers[0])        # they keep part of the destination
        if name in ("adc", "sbc", "rrx"):
            ins.reads_flags = True
        if len(registers) == 1 and name not in ("mov", "mvn", "movw", "movt", "adr"):
            ins.src = registers[:1]             # two-operand form: Rdn is read too
        if (re.search(r",\s*(lsl|lsr|asr|ror)\s*#?\w*$", operands) and len(registers) >= 2) \
                or name in _SHIFTER:
            ins.kind = "alu_shift"
            ins.shifted = registers[-1:]
    return ins


_LITERAL = re.compile(r"\[pc(?:, #-?\d+)?\]\s*@\s*\((?:0x)?([0-9a-f]+)")


def listing(elf: Path, objdump: str = "arm-none-eabi-objdump") -> dict[int, Instruction]:
    """Every instruction of the image's code by address."""
    table = {}
    for listed in disassembly(elf, objdump):
        ins = decode(listed.mnemonic, re.split(r"[@;]", listed.operands, maxsplit=1)[0].strip(),
                     4 if listed.second else 2)
        literal = _LITERAL.search(listed.operands)
        if literal and ins.kind in ("load", "ldrd"):
            ins.literal = int(literal.group(1), 16)
        table[listed.address] = ins
    return table


@dataclass(frozen=True)
class FetchCache:
    """A read cache in front of a flash, as the board's data sheet gives it: `lines` lines of
    `line_bytes` bytes over [low, high), `ways` lines per set (1: direct-mapped; more: each set
    replaces its least recently used line). `literals`: whether the core's literal loads go
    through it too (the SAMD21's NVMCTRL cache serves every read of the array; a Cortex-M7's
    I-cache only instruction fetches, its literal loads go through the D-cache)."""
    lines: int
    line_bytes: int
    low: int
    high: int
    ways: int = 1
    literals: bool = True


class CacheReplay:
    """Replays a core's flash reads through a FetchCache and counts the misses: the
    instruction fetches (one per 32-bit word the PC enters; the Cortex-M0+'s fetch width, and
    within a line the same count of misses for a wider fetch) and, where the cache serves
    them, the literal loads. Reads outside the cached range neither hit nor miss."""

    def __init__(self, cache: FetchCache) -> None:
        self.cache = cache
        self.sets = max(1, cache.lines // cache.ways)
        self.tags: list[list[int]] = [[] for _ in range(self.sets)]  # most recent last
        self.word: int | None = None
        self.misses = 0
        self.reads = 0

    def read(self, address: int) -> None:
        if not self.cache.low <= address < self.cache.high:
            return
        self.reads += 1
        line = address // self.cache.line_bytes
        held = self.tags[line % self.sets]
        if line in held:
            held.remove(line)
        else:
            self.misses += 1
            if len(held) == self.cache.ways:
                held.pop(0)
        held.append(line)

    def execute(self, pc: int, ins: Instruction) -> None:
        for word in range(pc & ~3, pc + ins.size, 4):
            if word != self.word:
                self.read(word)
                self.word = word
        if ins.literal is not None and self.cache.literals:
            self.read(ins.literal)

    def branch(self) -> None:
        """After a taken branch the fetch restarts: the next word is fetched again."""
        self.word = None


class Schedule:
    """In-order two-wide issue; `cycle` is the cycle the last instruction issued in."""

    def __init__(self) -> None:
        self.cycle = -1             # nothing issued yet: the first instruction issues in cycle 0
        self.group: list[Instruction] = []
        self.ready: dict[str, int] = {}
        self.flags_ready = 0

    def _joins_group(self, ins: Instruction) -> bool:
        if len(self.group) != 1:
            return False
        other = self.group[0]
        if ins.kind in _ALONE or other.kind in _ALONE or other.kind == "div":
            return False
        pairs = ((_MEMORY, _MEMORY), ({"alu_shift"}, {"alu_shift"}),
                 ({"mul", "div"}, {"mul", "div"}), (_BRANCHES, _BRANCHES))
        return not any(ins.kind in a and other.kind in b for a, b in pairs)

    def issue(self, ins: Instruction) -> None:
        # A register no instruction of the stream has written is ready long before.
        earliest = max([self.ready.get(r, -8) for r in ins.src]
                       + [self.ready.get(r, -8) + 1 for r in ins.shifted]
                       + [self.flags_ready if ins.reads_flags else 0, self.cycle, 0])
        if earliest == self.cycle and self.group and not self._joins_group(ins):
            earliest += 1
        if earliest > self.cycle or not self.group:
            self.cycle, self.group = earliest, []
        self.group.append(ins)
        for register in ins.dst:
            self.ready[register] = self.cycle + _LATENCY.get(ins.kind, 1)
        if ins.sets_flags:
            self.flags_ready = self.cycle + 1
        if ins.kind in _ALONE:
            self.cycle += max(0, (ins.registers + 1) // 2 - 1)
            for register in ins.dst:
                self.ready[register] = self.cycle + 2
        elif ins.kind == "div":
            self.cycle += DIVIDE_CYCLES - 1


def pipelines_behind(previous: Instruction, ins: Instruction) -> bool:
    """Whether a single load or store completes a cycle early behind the instruction before it
    (Cortex-M4: ARM Cortex-M4 TRM r0p1, note to Table 3-1, "neighboring load and store single
    instructions can pipeline their address and data phases", and section 3.3.2 "Load/store
    timings": "LDR [any] are pipelined when possible ... if the next instruction is an LDR or
    STR, and the destination of the first LDR is not used to compute the base address for the
    next instruction, then one cycle is removed from the cost of the next instruction"; "STR can
    only be pipelined when it follows an LDR, but nothing can be pipelined after the store").
    So: a single load or store behind a single load whose loaded register does not form its
    address. A literal load (LDR Rx, [PC, #imm]) is left at its own cost: the TRM says it may
    contend with the fetch unit instead."""
    if ins.kind not in _SINGLE or previous.kind != "load" or "r15" in ins.address:
        return False
    return not set(previous.dst[:1]) & set(ins.address)


def register_offset(ins: Instruction) -> bool:
    """A single store whose address adds a register (STR Rx, [Ry, Rz{, LSL #n}]): the Cortex-M4
    TRM's 3.3.2 prices only "STR Rx,[Ry,#imm]" at "always one cycle" (the address is formed in
    the first cycle, the data stored while the next instruction executes); the others take the
    table's two cycles unless they pipeline behind a load."""
    return ins.kind == "store" and len(ins.address) >= 2


def schedule_regions(pcs: Iterable[int], table: dict[int, Instruction],
                     boundary: int, pairs: bool = True,
                     fetch_cache: FetchCache | None = None) -> list[dict[str, float]]:
    """Per measured region of a PC stream: issue cycles, instructions (of which IT
    instructions, which Renode's opcode counters do not see), taken branches, single loads and
    stores that pipeline behind the one before them (pipelines_behind: the Cortex-M4's rule),
    the single stores with a register offset and how many of those pipelined (register_offset),
    the registers LDM/STM moved and skipped PCs (not in the listing).
    Regions run between pairs of entries to `boundary` (cycles_now, as in collect.py), or with
    pairs=False from every entry to the next; the boundary instruction itself is not counted,
    as the opcode counters' snapshots do not. With a `fetch_cache`, also the region's flash
    reads through it and their misses (nvm_reads, nvm_misses; CacheReplay)."""
    regions: list[dict[str, float]] = []
    replay = CacheReplay(fetch_cache) if fetch_cache else None
    current: dict[str, float] | None = None
    schedule = Schedule()
    start = 0
    previous: tuple[int, Instruction] | None = None
    reads_at_start = misses_at_start = 0
    for pc in pcs:
        if pc == boundary:
            if current is not None:
                current["issue_cycles"] = schedule.cycle + 1 - start
                if replay is not None:
                    current["nvm_reads"] = replay.reads - reads_at_start
                    current["nvm_misses"] = replay.misses - misses_at_start
                regions.append(current)
                opens = not pairs
            else:
                opens = True
            current = None
            if opens:
                current = {"issue_cycles": 0, "instructions": 0, "taken_branches": 0,
                           "it_instructions": 0, "skipped": 0, "pipelined_loads": 0,
                           "pipelined_stores": 0, "register_stores": 0,
                           "pipelined_register_stores": 0, "ldm_regs": 0, "stm_regs": 0}
                start = schedule.cycle + 1
                if replay is not None:
                    reads_at_start, misses_at_start = replay.reads, replay.misses
            previous = None
            continue
        if current is None:
            continue
        ins = table.get(pc)
        if ins is None:
            current["skipped"] += 1
            previous = None
            continue
        if previous is not None and previous[1].kind in _BRANCHES \
                and pc != previous[0] + previous[1].size:
            current["taken_branches"] += 1
            if replay is not None:
                replay.branch()
        if replay is not None:
            replay.execute(pc, ins)
        pipelined = previous is not None and pipelines_behind(previous[1], ins)
        if pipelined:
            current["pipelined_loads" if ins.kind == "load" else "pipelined_stores"] += 1
        if register_offset(ins):
            current["register_stores"] += 1
            current["pipelined_register_stores"] += pipelined
        current["instructions"] += 1
        current["it_instructions"] += ins.kind == "it"
        # The registers each executed LDM/STM/PUSH/POP moves, from its own listing (the opcode
        # counters key on the first halfword, which for a 32-bit LDM/STM leaves the register
        # list out: opcodes.py averages it over the image's instructions that share it).
        if ins.kind in ("ldm", "ldm_pc"):
            current["ldm_regs"] += ins.registers
        elif ins.kind == "stm":
            current["stm_regs"] += ins.registers
        schedule.issue(ins)
        previous = (pc, ins)
    return regions


# The tracer's line for an executed instruction its disassembler could not decode (seen with
# Renode 1.16.1 on the Cortex-M0+'s UXTB, UXTH and SXTH): it stands in the PC's place, and the
# tracer then writes nothing more of that translation block, whose remaining instructions ran all
# the same: straight-line code up to the block's branch, or up to where the next block starts.
UNDECODED = "Couldn't disassemble opcode at PC "


def trace_pcs(path: Path, table: dict[int, Instruction] | None = None) -> Iterable[int]:
    """The PCs of a Renode text execution trace (format PC: one hexadecimal PC per line, or the
    tracer's note that it could not disassemble the instruction at a PC); other lines are
    skipped. With the image's listing (`table`), the rest of the block after an undecoded
    instruction is filled in from it (fill_block)."""
    pending: int | None = None      # an undecoded PC whose block's rest is still unknown
    with open(path) as trace:
        for line in trace:
            if not line.endswith("\n"):
                break   # the tracer is still writing this line
            if line.startswith("0x"):
                pc = int(line, 16)
            elif line.startswith(UNDECODED):
                pc = int(line[len(UNDECODED):], 16)
            else:
                continue
            if pending is not None:
                yield from fill_block(pending, pc, table)
                pending = None
            if line.startswith(UNDECODED) and table is not None:
                pending = pc
            else:
                yield pc
    if pending is not None:
        yield pending


def fill_block(start: int, next_pc: int, table: dict[int, Instruction] | None) -> Iterable[int]:
    """The instructions from `start` that ran before the traced `next_pc`: straight on through
    the listing until the next PC, or through the first branch (whose target the next PC is)."""
    yield start
    if table is None:
        return
    pc = start
    while pc in table and table[pc].kind not in _BRANCHES:
        pc += table[pc].size
        if pc == next_pc or pc not in table:
            return
        yield pc
