"""Runs a user's ELF in Renode and counts every call of the functions (or regions) asked for.

A hook on a function's entry and on each of its return instructions snapshots the opcode
counters (models/profiles/collect.py HOOK, opcodes.py): each entry-to-return at the outermost
depth is one call, nested calls included. Interrupts are said apart: hooks on the handlers of
the vector table and on their return instructions bracket each one, and its instructions are
taken out of the call that it interrupted (and counted apart). A hook on the HardFault handler
stops the run with the faulting PC; a hook on every WFI says when a call sleeps, which no core
model prices. The run ends when every target has been called `calls` times, at the
simulated-time limit, or at the host-time limit; then Renode is stopped whole.

On a board of the matrix the board's own platform runs the ELF (platforms/scripts/<board>.resc,
the project's peripheral models included); with a core and no board, a generic platform made from
the ELF: Renode's Cortex-M model and the memories its sections and stack use (generic.py).
"""
from __future__ import annotations

import math
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable, Iterator
from typing import Any

from models.profiles import collect, trace_schedule, opcodes
from models.user import elf as user_elf

ENTER, LEAVE = "enter", "leave"
IRQ_IN, IRQ_OUT, WFI, FAULT = "irq-in", "irq-out", "wfi", "fault"
# What a snapshot line carries for a fault: the stacked PC (SP + 24 on exception entry, ARMv7-M
# ARM B1.5.6), read by the hook.
STACKED_PC = ("':' + str(machine.SystemBus.ReadDoubleWord("
              "self.GetRegisterUnsafe(13).RawValue + 24))")
# What a snapshot line also carries: the instructions the CPU skipped so far, i.e. the virtual
# time it spent spinning on a busy engine's status (peripherals/Shared/BusyPoll.cs): at one
# instruction per cycle (the boards' PerformanceInMips is their clock in MHz) the engine's
# modelled time the call waited, which no core model prices.
SKIPPED = "(' ~' + str(self.SkippedInstructions))"
SIMULATED_SECONDS = 60.0
HOST_SECONDS = 600.0


@dataclass(frozen=True)
class Target:
    label: str              # the function's name, or START:END
    begin: int              # entry address, or the start symbol's
    ends: tuple[int, ...]   # the function's return instructions, or the end symbol's address
    function: bool


@dataclass
class Call:
    raw: list[int]                   # opcode counter deltas, interrupts taken out
    executed: float                  # the CPU's executed instructions, interrupts taken out
    interrupts: int = 0
    interrupt_instructions: float = 0.0
    slept: bool = False              # a WFI ran inside the call
    start: int = 0                   # the CPU's executed instructions at the call's entry
    waited: float = 0.0              # instructions skipped while it polled a busy engine
    skipped_before: int = 0          # instructions the CPU skipped before the call's entry
    end: int = 0                     # the CPU's executed instructions at the call's return


@dataclass
class Outcome:
    names: list[str]
    exact: list[opcodes.ExactCounter]
    calls: dict[str, list[Call]] = field(default_factory=dict)
    fault: str = ""                  # "pc=0x..." when the HardFault handler ran
    ended: str = ""                  # why the run stopped
    host_seconds: float = 0.0
    executed: int = 0                # instructions the run executed up to its last snapshot
    mips: float = 0.0                # the CPU's PerformanceInMips (0 if the run did not say)


def targets(path: Path, functions: list[str], regions: list[str]) -> list[Target]:
    found = []
    for name in functions:
        symbol = user_elf.function(path, name)
        ends = user_elf.returns(path, symbol)
        if not ends:
            raise user_elf.UserElfError(
                f"{path.name}: {name} has no return instruction (pop {{..pc}} or bx lr): it "
                "ends in a tail call or never returns; profile it as --region START:END, or "
                "build it with -fno-optimize-sibling-calls")
        found.append(Target(name, symbol.start, tuple(ends), True))
    for region in regions:
        start, _, end = region.partition(":")
        if not start or not end:
            raise user_elf.UserElfError(f"--region {region}: expected START_SYMBOL:END_SYMBOL")
        found.append(Target(region, user_elf.address_of(path, start),
                            (user_elf.address_of(path, end),), False))
    return found


# The fault exceptions' vectors: HardFault, MemManage, BusFault, UsageFault (ARMv7-M ARM B1.5.2).
# Renode enters a configurable fault's own vector even where the SHCSR has not enabled it (a
# Cortex-M escalates it to HardFault), so each is a fault hook.
FAULT_VECTORS = (3, 4, 5, 6)


def vector_handlers(path: Path) -> tuple[list[int], list[int]]:
    """The distinct exception and interrupt handlers of the vector table (not the reset
    handler, not the faults'), and the fault handlers (FAULT_VECTORS)."""
    _, address = user_elf.vector_table(path)
    for section in user_elf.sections(path):
        if section.address <= address < section.address + section.size:
            data = subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", "--only-section",
                                   section.name, str(path), "/dev/stdout"],
                                  capture_output=True, check=True).stdout
            words = [int.from_bytes(data[i:i + 4], "little")
                     for i in range(address - section.address, len(data) - 3, 4)][:256]
            break
    else:
        return [], []
    code = {symbol.start for symbol in user_elf.functions(path).values()}
    handlers = [w & ~1 for w in words[2:] if w & 1 and (w & ~1) in code]
    faults = sorted({words[i] & ~1 for i in FAULT_VECTORS if i < len(words) and words[i] & 1})
    return sorted(set(handlers) - set(faults) - {words[1] & ~1}), faults


def wfi_addresses(path: Path) -> list[int]:
    return [ins.address for ins in opcodes.disassembly(path) if ins.mnemonic.startswith("wfi")]


def hook_lines(path: Path, chosen: list[Target], snapshots: Path,
               names: list[str]) -> list[str]:
    hooks: list[tuple[str, int, str]] = []
    for i, target in enumerate(chosen):
        hooks.append((f"{ENTER}{i}", target.begin, "''"))
        hooks += [(f"{LEAVE}{i}", end, "''") for end in target.ends]
    handlers, faults = vector_handlers(path)
    table = user_elf.functions(path)
    ends_of = {s.start: s.end for s in table.values()}
    for handler in handlers:
        hooks.append((IRQ_IN, handler, "''"))
        hooks += [(IRQ_OUT, a, "''") for a in user_elf.returns(
            path, user_elf.Symbol("handler", handler, ends_of[handler] - handler))]
    hooks += [(FAULT, fault, STACKED_PC) for fault in faults]
    hooks += [(WFI, a, "''") for a in wfi_addresses(path)]
    return [collect.HOOK.format(address=hex(address), tag=tag, skip="False", detail=detail,
                                work=SKIPPED, snapshots=snapshots, names=names)
            for tag, address, detail in hooks]


def script(path: Path, chosen: list[Target], work: Path, platform: list[str],
           simulated_seconds: float) -> tuple[Path, list[str], list[opcodes.ExactCounter]]:
    """The .resc: the platform's lines (which load the ELF), counters, hooks, a bounded run."""
    exact = opcodes.exact_counters(path)
    names = [c.name for c in exact] + [opcodes.generic_name(i)
                                       for i in range(len(opcodes.GENERIC_PATTERNS))]
    lines = list(platform)
    lines.append("cpu EnableOpcodesCounting true")
    lines += [f"cpu InstallOpcodeCounterPattern \"{c.name}\" \"{c.pattern}\"" for c in exact]
    lines += [f"cpu InstallOpcodeCounterPattern \"{opcodes.generic_name(i)}\" \"{pattern}\""
              for i, (_, pattern) in enumerate(opcodes.GENERIC_PATTERNS)]
    lines += hook_lines(path, chosen, work / "snapshots.txt", names)
    # The CPU's rate, which turns instructions into the virtual time a traced run goes by
    # (trace_window); then a run bounded in simulated time, after which the last PC is written
    # for the report.
    lines += [f"python \"f = open(r'{work / 'mips.txt'}', 'w'); "
              f"f.write(str(monitor.Machine['sysbus.cpu'].PerformanceInMips)); f.close()\"",
              f'emulation RunFor "{simulated_seconds:g}"',
              f"python \"f = open(r'{work / 'last-pc.txt'}', 'w'); "
              f"f.write(str(monitor.Machine['sysbus.cpu'].PC.RawValue)); f.close()\"",
              "quit"]
    resc = work / "predict.resc"
    resc.write_text("\n".join(lines) + "\n")
    return resc, names, exact


def board_platform(path: Path, board: str) -> list[str]:
    vectors, _ = user_elf.vector_table(path)
    return [f"$bin=@{path}", f'$vectors="{vectors}"',
            f"include @{collect.TOP / 'platforms' / 'scripts' / (board + '.resc')}"]


Row = tuple  # (tag, detail, counters, executed[, skipped])


def parse(text: str) -> list[Row]:
    """(tag, detail, counters, executed, skipped) per snapshot line."""
    rows = []
    for row in text.splitlines():
        parts = row.split()
        if len(parts) < 4 or not parts[-1].startswith("~") or not parts[-2].startswith("#"):
            continue  # a line the hook was still writing when the run was stopped
        tag, _, detail = parts[0].partition(":")
        rows.append((tag, detail, [int(v) for v in parts[2:-2]], int(parts[-2][1:]),
                     int(parts[-1][1:])))
    return rows


def split_calls(rows: list[Row], count: int) -> tuple[dict[int, list[Call]], str]:
    """Calls per target index; the fault's stacked PC if the HardFault handler ran. The opcode
    counters are 32-bit: differences are taken modulo 2^32, which holds for calls of fewer than
    2^32 instructions of one pattern (the CPU's own count is 64-bit). A row's skipped
    instructions (the fifth field, 0 where absent) give each call the time it spent waiting on a
    busy engine (Call.waited)."""
    calls: dict[int, list[Call]] = {i: [] for i in range(count)}
    open_calls: dict[int, tuple[list[int], int, int]] = {}   # target -> begin, executed, depth
    skipped_at: dict[int, int] = {}                          # target -> skipped at its entry
    irq_begin: tuple[list[int], int] | None = None
    irq_depth = 0
    pending: dict[int, Call] = {}
    fault = ""
    for tag, detail, counters, executed, *rest in rows:
        skipped = rest[0] if rest else 0
        if tag == FAULT:
            fault = f"pc={int(detail):#010x}" if detail else "pc=?"
            break
        if tag == IRQ_IN:
            irq_depth += 1
            if irq_depth == 1:
                irq_begin = (counters, executed)
            continue
        if tag == IRQ_OUT:
            if irq_depth == 1 and irq_begin is not None:
                for call in pending.values():
                    call.interrupts += 1
                    call.raw = [c - ((e - b) % collect.COUNTER_RANGE)
                                for c, b, e in zip(call.raw, irq_begin[0], counters)]
                    call.interrupt_instructions += executed - irq_begin[1]
                    call.executed -= executed - irq_begin[1]
            irq_depth = max(0, irq_depth - 1)
            continue
        if tag == WFI:
            for call in pending.values():
                call.slept = True
            continue
        if irq_depth:
            continue  # the handler called a target: that call belongs to the interrupt
        index = int(tag[len(ENTER):]) if tag.startswith(ENTER) else int(tag[len(LEAVE):])
        if tag.startswith(ENTER):
            if index in open_calls:
                begin, at, depth = open_calls[index]
                open_calls[index] = (begin, at, depth + 1)   # recursion: one outer call
            else:
                open_calls[index] = (counters, executed, 1)
                skipped_at[index] = skipped
                pending[index] = Call([0] * len(counters), 0.0, start=executed,
                                      skipped_before=skipped)
        elif index in open_calls:
            begin, at, depth = open_calls[index]
            if depth > 1:
                open_calls[index] = (begin, at, depth - 1)
                continue
            call = pending.pop(index)
            del open_calls[index]
            call.raw = [r + ((e - b) % collect.COUNTER_RANGE)
                        for r, b, e in zip(call.raw, begin, counters)]
            call.executed += executed - at
            call.end = executed
            call.waited = float(skipped - skipped_at.pop(index))
            calls[index].append(call)
    return calls, fault


def run(renode: str, path: Path, chosen: list[Target], work: Path, platform: list[str],
        calls: int | None, simulated_seconds: float = SIMULATED_SECONDS,
        host_seconds: float = HOST_SECONDS) -> Outcome:
    work.mkdir(parents=True, exist_ok=True)
    snapshots = work / "snapshots.txt"
    snapshots.unlink(missing_ok=True)
    (work / "last-pc.txt").unlink(missing_ok=True)
    (work / "mips.txt").unlink(missing_ok=True)
    resc, names, exact = script(path, chosen, work, platform, simulated_seconds)
    log_path = work / "renode.log"
    with open(log_path, "w") as log:
        process = collect.start_renode(renode, resc, log)
        started = time.monotonic()
        ended = ""
        try:
            while True:
                if process.poll() is not None:
                    ended = f"the simulated-time limit ({simulated_seconds:g} s)"
                    break
                if time.monotonic() - started > host_seconds:
                    ended = f"the host-time limit ({host_seconds:g} s)"
                    break
                if snapshots.exists():
                    text = snapshots.read_text()
                    if f"\n{FAULT}" in "\n" + text:
                        ended = "a fault"
                        break
                    if calls is not None and all(
                            text.count(f"\n{LEAVE}{i} ") + text.startswith(f"{LEAVE}{i} ")
                            >= calls for i in range(len(chosen))):
                        ended = f"{calls} call(s) of each target"
                        break
                time.sleep(0.2)
        finally:
            seconds = time.monotonic() - started
            collect.stop_renode(process)
    rows = parse(snapshots.read_text()) if snapshots.exists() else []
    split, fault = split_calls(rows, len(chosen))
    outcome = Outcome(names, exact, {t.label: split[i][:calls] if calls else split[i]
                                     for i, t in enumerate(chosen)}, fault, ended, seconds,
                      rows[-1][3] if rows else 0, read_mips(work))
    return outcome


def read_mips(work: Path) -> float:
    written = work / "mips.txt"
    text = written.read_text().strip() if written.exists() else ""
    try:
        return float(text)
    except ValueError:
        return 0.0


def last_pc(work: Path) -> str:
    """The PC at the end of a run that reached its simulated-time limit ("?" if it did not)."""
    written = work / "last-pc.txt"
    text = written.read_text().strip().rstrip("L") if written.exists() else ""
    return f"{int(text):#010x}" if text.isdigit() else "?"


def classes_of(call: Call, outcome: Outcome) -> dict[str, Any]:
    raw = {name: float(v) for name, v in zip(outcome.names, call.raw)}
    return opcodes.class_counts(raw, outcome.exact)


# The most instructions a traced run writes for the issue schedule: a trace (a line per
# instruction, about 10 us of host time each with its replay) longer than this would cost more
# host time than the prediction is worth.
TRACE_LIMIT = 30_000_000
# A run longer than TRACE_LIMIT is traced from shortly before the first call it prices, if its
# calls fit (trace_window). The traced run goes there by virtual time (`emulation RunFor`), which
# passes PerformanceInMips instructions a microsecond, skipped ones included (BusyPoll.cs), and
# more while the core sleeps: a place worked out from instructions is never late in time. The
# traced run (no opcode counting) may still part from the counted one by a few instructions an
# engine job (a poll that finds the engine busy once more, see sampled_schedule.py), so the tracer
# starts a margin earlier: a hundredth of the way to the call, at least TRACE_MARGIN_MIN and at
# most TRACE_MARGIN_MAX instructions (10 host seconds of trace). Should the first call still
# come before the tracer, the run is traced once more with ten times the margin.
TRACE_MARGIN_MIN = 10_000
TRACE_MARGIN_MAX = 1_000_000
TRACE_RETRY_FACTOR = 10


@dataclass(frozen=True)
class TraceWindow:
    begin: int    # the instruction (executed and skipped) at which the tracer starts; 0: at reset
    span: int     # instructions the trace holds, from there to the last priced call's return


def trace_window(counted: Outcome, margin_factor: int = 1) -> TraceWindow:
    """Where the traced run starts its tracer, and how much it traces: from reset where the
    counted run was short enough, else from a margin before the first priced call."""
    calls = [call for found in counted.calls.values() for call in found]
    if not calls or counted.executed <= TRACE_LIMIT or counted.mips <= 0:
        return TraceWindow(0, counted.executed)
    first = min(calls, key=lambda call: call.start)
    place = first.start + first.skipped_before
    margin = margin_factor * min(TRACE_MARGIN_MAX, max(TRACE_MARGIN_MIN, place // 100))
    begin = max(0, place - margin)
    return TraceWindow(begin, max(call.end for call in calls) - max(0, first.start - margin))


def trace_start(window: TraceWindow, mips: float) -> str:
    """The RunFor step to the tracer's start: whole microseconds, rounded down (early)."""
    return f"{math.floor(window.begin / mips) / 1e6:.6f}"


MARK = -1   # a boundary no PC takes
# What a user's call also keeps of its trace: the registers its LDM/STM moved, exact where the
# opcode counters only have an image-wide mean (price.py replaces the counted ones with them).
TRACED_REGISTERS = ("ldm_regs", "stm_regs")
# What a user's call keeps of its trace per core: the matrix's fields (collect.TRACED_FIELDS), and
# on the Cortex-M0+ its taken branches and, on a board with a flash cache
# (boards.FETCH_CACHES), the flash reads that missed it.
TRACED_FIELDS = {**collect.TRACED_FIELDS,
                 "m0plus": ("taken_branches", "instructions", "it_instructions", "skipped")}
CACHE_FIELDS = ("nvm_reads", "nvm_misses")


def call_stream(pcs: Iterable[int], target: Target,
                handlers: list[tuple[int, int]]) -> Iterator[int]:
    """The PC stream with MARK at each outermost call's entry and before its return instruction
    (where the counting hooks snapshot), the interrupt handlers' own PCs left out of calls."""
    depth = 0
    for pc in pcs:
        if pc == target.begin:
            if depth == 0:
                yield MARK
            depth += 1
        elif depth and pc in target.ends:
            depth -= 1
            if depth == 0:
                yield MARK
        if depth and any(low <= pc < high for low, high in handlers):
            continue
        yield pc


def first_calls(stream: Iterable[int], count: int) -> Iterator[int]:
    """A call_stream up to the end of its first `count` calls: the trace goes on growing while
    it is read, and only those calls are priced."""
    marks = 0
    for pc in stream:
        yield pc
        if pc == MARK:
            marks += 1
            if marks == 2 * count:
                return


def schedules(renode: str, path: Path, chosen: list[Target], work: Path, platform: list[str],
              core: str, counted: Outcome, calls: int | None,
              simulated_seconds: float = SIMULATED_SECONDS,
              host_seconds: float = HOST_SECONDS,
              fetch_cache: trace_schedule.FetchCache | None = None,
              window: TraceWindow = TraceWindow(0, 0)
              ) -> dict[str, list[dict[str, float]]] | None:
    """What each call's execution trace shows (collect.TRACED_FIELDS of the core): a second run
    with Renode's execution tracer, from reset or from the window's start (trace_window), stopped
    after the calls the counted run saw. None if a priced call began before the tracer did."""
    trace = work / "trace.txt"
    trace.unlink(missing_ok=True)
    tracer_start = work / "trace-start.txt"
    tracer_start.unlink(missing_ok=True)
    tracer = f'cpu CreateExecutionTracing "schedule" @{trace} PC'
    lines = list(platform)
    if window.begin:
        lines += hook_lines(path, chosen, work / "snapshots.txt", [])
        step = trace_start(window, counted.mips)
        lines += [f'emulation RunFor "{step}"',
                  f"python \"f = open(r'{tracer_start}', 'w'); "
                  f"f.write(str(monitor.Machine['sysbus.cpu'].ExecutedInstructions)); f.close()\"",
                  tracer,
                  f'emulation RunFor "{max(0.0, simulated_seconds - float(step)):.6f}"', "quit"]
    else:
        lines += [tracer, *hook_lines(path, chosen, work / "snapshots.txt", [])]
        lines += [f'emulation RunFor "{simulated_seconds:g}"', "quit"]
    resc = work / "trace.resc"
    resc.write_text("\n".join(lines) + "\n")
    snapshots = work / "snapshots.txt"
    snapshots.unlink(missing_ok=True)
    wanted = {t.label: len(counted.calls[t.label]) for t in chosen}
    table = trace_schedule.listing(path)
    functions = user_elf.functions(path)
    handler_starts, fault_starts = vector_handlers(path)
    ends_of = {s.start: s.end for s in functions.values()}
    handlers = [(h, ends_of[h]) for h in handler_starts + fault_starts if h in ends_of]

    def walk() -> dict[str, list[dict[str, float]]]:
        found = {}
        for target in chosen:
            stream = first_calls(call_stream(trace_schedule.trace_pcs(trace, table), target,
                                             handlers), wanted[target.label])
            regions = trace_schedule.schedule_regions(stream, table, MARK,
                                                      fetch_cache=fetch_cache)
            fields = TRACED_FIELDS[core] + TRACED_REGISTERS + (CACHE_FIELDS if fetch_cache
                                                               else ())
            found[target.label] = [{name: float(r[name]) for name in fields}
                                   for r in regions[:wanted[target.label]]]
        return found

    out: dict[str, list[dict[str, float]]] = {}
    with open(work / "trace.log", "w") as log:
        process = collect.start_renode(renode, resc, log)
        started = time.monotonic()
        try:
            while process.poll() is None and time.monotonic() - started < host_seconds:
                rows = parse(snapshots.read_text()) if snapshots.exists() else []
                done, _ = split_calls(rows, len(chosen))
                if all(len(done[i]) >= wanted[t.label] for i, t in enumerate(chosen)):
                    break
                time.sleep(0.2)
            if window.begin and not began_after(tracer_start, snapshots, len(chosen)):
                return None
            # The tracer's writer runs behind the emulation: walk the trace until it holds
            # every call the hooks saw end.
            while time.monotonic() - started < host_seconds:
                out = walk() if trace.exists() else {}
                if out and all(len(out[t.label]) >= wanted[t.label] for t in chosen):
                    break
                if process.poll() is not None:
                    out = walk() if trace.exists() else {}
                    break
                time.sleep(1.0)
        finally:
            collect.stop_renode(process)
            trace.unlink(missing_ok=True)
    return out


def began_after(started: Path, snapshots: Path, count: int) -> bool:
    """Whether the traced run started its tracer (the CPU's executed instructions in `started`)
    before the first call of every target that the hooks saw."""
    text = started.read_text().strip().rstrip("L") if started.exists() else ""
    if not text.isdigit() or not snapshots.exists():
        return False
    calls, _ = split_calls(parse(snapshots.read_text()), count)
    return all(found and found[0].start >= int(text) for found in calls.values())
