"""The Cortex-M7 issue schedule (trace_schedule.py) against LLVM's, on the hot loops of an image.

    python -m models.profiles.mca_check ELF FUNCTION [FUNCTION ...] [--iterations N]

LLVM ships a Cortex-M7 scheduling model (llvm/lib/Target/ARM/ARMScheduleM7.td) and `llvm-mca`
(Debian's llvm package), which replays a straight-line block through it. For every innermost
loop of each named function (a backward branch whose body holds no other branch), this prints
the cycles per iteration both give for the same instructions: trace_schedule.py's issue cycles
(without the taken-branch cost, a parameter of cortex_m7.py that llvm-mca does not model) and
llvm-mca's total cycles / iterations. reports/m7-schedule-vs-llvm.md holds a run of it on the
matrix's hot loops and what settled each difference.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from models.profiles.trace_schedule import Instruction, Schedule, decode
from models.profiles.opcodes import Listed, disassembly

MCA = "llvm-mca"
TRIPLE = "thumbv7em-none-eabi"
ITERATIONS = 200
_BRANCH = re.compile(r"^(b|bl|blx|bx|cbz|cbnz|tbb|tbh|b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|"
                     r"gt|le))(\.[nw])?$")
_TARGET = re.compile(r"^\s*([0-9a-f]+)\s*<")


@dataclass(frozen=True)
class Loop:
    function: str
    start: int
    body: list[Listed]       # from the branch target to the backward branch, inclusive


def function_ranges(elf: Path) -> dict[str, tuple[int, int]]:
    """Address ranges of the image's functions (nm: Thumb bit cleared)."""
    text = subprocess.run(["arm-none-eabi-nm", "-S", "--defined-only", str(elf)],
                          capture_output=True, text=True, check=True).stdout
    ranges = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tT":
            start = int(fields[0], 16) & ~1
            ranges[fields[3]] = (start, start + int(fields[1], 16))
    return ranges


def branch_target(listed: Listed) -> int | None:
    match = _TARGET.match(listed.operands.split(",")[-1])
    return int(match.group(1), 16) if match else None


def innermost_loops(elf: Path, function: str) -> list[Loop]:
    """The loops of `function` whose body is straight-line code ending in its backward branch."""
    ranges = function_ranges(elf)
    if function not in ranges:
        raise KeyError(f"{elf.name}: no function {function}")
    low, high = ranges[function]
    code = [ins for ins in disassembly(elf) if low <= ins.address < high]
    loops = []
    for i, ins in enumerate(code):
        target = branch_target(ins) if _BRANCH.match(ins.mnemonic) else None
        if target is None or target >= ins.address or target < low:
            continue
        body = [b for b in code[:i + 1] if b.address >= target]
        if not any(_BRANCH.match(b.mnemonic) for b in body[:-1]):
            loops.append(Loop(function, target, body))
    return loops


def decoded(body: list[Listed]) -> list[Instruction]:
    return [decode(b.mnemonic, re.split(r"[@;]", b.operands, maxsplit=1)[0].strip(),
                   4 if b.second else 2) for b in body]


def our_cycles(loop: Loop, iterations: int = ITERATIONS) -> float:
    """Issue cycles per iteration of trace_schedule's model, the loop replayed `iterations` times
    (the steady state: the first iterations' start-up shares the total)."""
    schedule = Schedule()
    instructions = decoded(loop.body)
    for _ in range(iterations):
        for ins in instructions:
            schedule.issue(ins)
    return (schedule.cycle + 1) / iterations


def assembly(loop: Loop) -> str:
    """The loop body as llvm-mca reads it: unified Thumb syntax, the branch to a local label,
    objdump's comments and literal-pool annotations dropped."""
    lines = [".syntax unified", ".thumb", "loop:"]
    for b in loop.body:
        operands = re.split(r"[@;]", b.operands, maxsplit=1)[0].strip()
        if _BRANCH.match(b.mnemonic) and branch_target(b) is not None:
            operands = re.sub(r"[0-9a-f]+\s*<[^>]*>", "loop", operands)
        # The width suffix only picks an encoding: LLVM's model times the operation, and its
        # assembler refuses some of objdump's explicit widths (ldr.w with a negative offset).
        mnemonic = re.sub(r"\.[nw]$", "", b.mnemonic)
        lines.append(f"  {mnemonic} {operands}".rstrip())
    return "\n".join(lines) + "\n"


def mca_cycles(loop: Loop, iterations: int = ITERATIONS, mca: str = MCA) -> float:
    """llvm-mca's total cycles per iteration of the loop on its Cortex-M7 model."""
    result = subprocess.run([mca, f"-mtriple={TRIPLE}", "-mcpu=cortex-m7",
                             f"-iterations={iterations}"], input=assembly(loop),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"llvm-mca refused the loop at {loop.start:#x}: "
                           f"{result.stderr.strip().splitlines()[0]}")
    total = re.search(r"Total Cycles:\s+(\d+)", result.stdout)
    return int(total.group(1)) / iterations


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.profiles.mca_check",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("elf", type=Path)
    parser.add_argument("functions", nargs="+")
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    args = parser.parse_args(argv)
    mca = shutil.which(MCA) or shutil.which(f"{MCA}-14")
    if mca is None:
        print("mca_check: error: llvm-mca not found (Debian: apt-get install llvm)",
              file=sys.stderr)
        return 1
    if not args.elf.is_file():
        print(f"mca_check: error: {args.elf}: no such file", file=sys.stderr)
        return 1
    print("| function | loop at | instructions | trace_schedule [cycles/iter] | llvm-mca "
          "[cycles/iter] | difference |")
    print("|---|---|---|---|---|---|")
    for function in args.functions:
        try:
            loops = innermost_loops(args.elf, function)
        except KeyError as error:
            print(f"mca_check: error: {error.args[0]}", file=sys.stderr)
            return 1
        if not loops:
            print(f"| {function} | - | - | no straight-line loop (unrolled or branching) | | |")
        for loop in loops:
            ours = our_cycles(loop, args.iterations)
            try:
                theirs = mca_cycles(loop, args.iterations, mca)
            except RuntimeError as error:
                print(f"| {function} | {loop.start:#x} | {len(loop.body)} | {ours:.2f} | "
                      f"{error} | |")
                continue
            print(f"| {function} | {loop.start:#x} | {len(loop.body)} | {ours:.2f} | "
                  f"{theirs:.2f} | {(ours - theirs) / theirs * 100:+.1f} % |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
