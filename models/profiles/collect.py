"""Profile collection: run firmware images in Renode with opcode counters, per measured region.

    python -m models.profiles.collect [--board B] [--library L] [--opt O] [--app A] [-j 2]
    python -m models.profiles.collect --overhead     # MIPS with and without opcode counting

A measured region is what one `@result` line reports. Both apps (bench, ecdsa) call
`cycles_now()` exactly once before and once after every measured operation, so a hook on the
entry of `cycles_now` snapshots the counters at each region boundary: snapshots 2k and 2k+1
bracket result k. Nothing in the firmware changes for profiling.

hw-path images (`--path hw`) are profiled for their CPU side: what the core executes besides
waiting for the accelerator, whose busy time the accelerator models price (models/accelerators).
  - The accelerator's modelled time is set to zero for the run (ZERO_LATENCY), so that the
    driver's status polling loops do not run for the device's busy time.
  - Every hook also records its caller (LR). cycles_now() calls from a wait function
    (WAIT_FUNCTIONS: cryptoauthlib's fixed delays, which spin on the cycle counter, and the
    polled I2C transfers) are not
    region boundaries and are not recorded; hooks on the wait functions' entries and return
    instructions bracket each wait, whose instructions are taken out of the region.
  - Calls of the accelerator's entry points (ACCELERATOR_ENTRIES) are counted per region
    (region["calls"]): the accelerator model prices each call's busy time.
  - The libraries' benchmark programs (native.py) on an engine that counts its work (WORK_SOURCES:
    the CAAM's jobs, blocks per engine and PKHA operations; the DCP's packets and bytes) run with
    all of its modelled time zeroed (ENGINE_ZERO_LATENCY), and each region gets the work done in
    it (region["engine"]), which the accelerator model prices with its own per-unit costs
    (work_cycles). Their CPU side is our driver's, priced by the core model: no published row
    covers their modes.

Calibration reference builds (firmware/Makefile `reference`, models/calibration/reference.py) are
profiled too when their images exist, into models/profiles/data/<board>/reference/.

Optimised (-O3) images on a Cortex-M7 run a second time with Renode's execution tracer (PCs): the
trace, replayed through the M7 issue rules (trace_schedule.py), gives each region its dual-issue
schedule (region["schedule"]: issue cycles, taken branches), which the M7 model prices those
regions with. The traced run must execute the same instructions per region as the counted one.
Optimised images on the Cortex-M4 are traced too, for their taken branches only (scheduled).

`--app wolfbench`, `--app wolfbench-pk`, `--app mbedbench` and `--app mbedbench-pk` profile the
libraries' own benchmark programs instead (software path, and the accelerator path where the
engine's work or the device's calls are counted: profiles_hw): one region per row of their
tables, from their profiling images (models/profiles/native.py). The programs' public-key rows
and mbedtls's symmetric rows are too long to trace whole on the Cortex-M7 (up to 3.7 G
instructions at -O3): their issue schedule comes from windows spread over each region
(models/profiles/sampled_schedule.py).

Output: models/profiles/data/<board>/<library>-<path>-<opt>-<app>.json (see store.py).
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from models import boards
from models.matrix import NATIVE_APPS
from models.profiles import trace_schedule, native, opcodes, sampled_schedule, store
# Renode's process and the ELF's symbols (host.py); also collect.find_renode etc. for its callers.
from models.profiles.host import (find_renode, free_port, functions, start_renode,  # noqa: F401
                                  stop_renode, symbol_address)

TOP = Path(__file__).resolve().parents[2]
UARTS = {"rt1060": "sysbus.lpuart1", "rt1170": "sysbus.lpuart1", "samd21": "sysbus.sercom3",
         "stm32f407": "sysbus.usart2"}
APPS = ("bench", "ecdsa")

# One line per hook hit: tag[:detail], caller (LR), counters, "#" and the instructions the CPU has
# executed (its own 64-bit count, unwrap's check). R14 is LR at a function's first
# instruction. {skip}: a Python condition on `lr` under which the hit is not recorded (cycles_now
# called from a wait function: the spin loop would otherwise cost a file write per turn).
# {detail}: an expression appended to the tag (e.g. a byte of the first argument's structure).
# {work}: an expression appended to the line (" @" and the accelerator's work, WORK_SOURCES) or ''.
HOOK = '''cpu AddHook {address} """
lr = self.GetRegisterUnsafe(14).RawValue
if not ({skip}):
    f = open(r'{snapshots}', 'a')
    f.write('{tag}' + {detail} + ' ' + str(lr) + ' ' + ' '.join([str(self.GetOpcodeCounter(n)) for n in {names!r}]) + ' #' + str(self.ExecutedInstructions) + {work} + '\\n')
    f.close()
"""
'''
# tlib's opcode counters are 32-bit: a difference modulo 2^32 between two consecutive hook hits
# survives one wrap of each counter, not two. A region of the -O0 public-key rows on the SAMD21
# runs more than 2^32 of one Thumb pattern (DHE-3072: 26 G instructions, about a third of them
# one ALU pattern), so that board's runs also record a hit at every SysTick interrupt, which its
# cycle counter takes every 2^24 cycles (firmware/common/cycles_systick.c): TICK hits, used only
# to follow the counters (unwrap). The other boards count cycles with the DWT and take no
# periodic interrupt; on them split_regions refuses a region whose hits lie too far apart. Hits
# far apart between regions are harmless: the rt1170's mbedtls program at -O3 generates its
# RSA-4096 key outside its regions in one interval of up to 37 G instructions.
COUNTER_RANGE = 1 << 32
TICK = "tick"
TICK_FUNCTIONS = {"samd21": "SysTick_Handler"}
# The byte at offset 2 of the structure r0 points to: ATCAPacket.opcode for calib_execute_command
# (cryptoauthlib lib/calib/calib_command.h: _reserved, txsize, opcode, ...).
OPCODE_DETAIL = "':' + str(machine.SystemBus.ReadByte(self.GetRegisterUnsafe(0).RawValue + 2))"
BOUNDARY = "cycles_now"
# The boundary function of each app (the benchmark program's clock, native.py).
BOUNDARIES = native.BOUNDARIES
WAIT_ENTER, WAIT_EXIT = "wait-enter", "wait-exit"

# Accelerator entry points counted per region, keyed by the callee or, for cryptoauthlib's one
# command dispatcher, by the command's opcode ("calib_execute_command:65": the caller does not tell,
# as -O3 inlines calib_random and calib_sign_base into calib_sign).
ACCELERATOR_ENTRIES: dict[str, dict[str, str]] = {
    "rt1170": {name: "callee" for name in (
        "CAAM_PKHA_ECC_PointMul", "CAAM_PKHA_ECC_PointAdd", "CAAM_PKHA_ModAdd", "CAAM_PKHA_ModSub",
        "CAAM_PKHA_ModMul", "CAAM_PKHA_ModInv", "CAAM_PKHA_ModRed", "CAAM_PKHA_ModExp")},
    "samd21": {"calib_execute_command": "opcode"},
}
# Host waits: from entering one of these until the next return from one of them (a tail call or
# a nested call from one to the other stays one wait). cryptoauthlib's fixed delays, and the polled
# I2C transfers of firmware/drivers/samd21_i2c.c (the bus time is in the ATECC508A model).
WAIT_FUNCTIONS = ("atca_delay_us", "atca_delay_ms", "samd21_i2c_write", "samd21_i2c_read")
# Monitor commands that zero the accelerator's modelled time in hw-path profiling runs (property
# names of peripherals/NXP_CAAM/, Microchip_ATECC508A/, Microchip_SAMD21_SERCOM_I2C.cs). The
# CAAM's RNG and block engines keep their time: those phases are priced as before (core model for
# the RNG seed, block-engine model for hashing and AES).
ZERO_LATENCY: dict[str, tuple[str, ...]] = {
    "rt1170": tuple(f"sysbus.caam {p} 0" for p in (
        "JobSetupCycles", "PkhaEccMultiplyCycles", "PkhaEccAddCycles", "PkhaModMultiplyCycles",
        "PkhaModExponentCycles", "PkhaModInverseCycles", "PkhaModSimpleCycles")),
    "samd21": tuple(f"sysbus.sercom2.atecc {c}TimeMs 0" for c in (
        "Info", "Random", "Nonce", "Sha", "GenKey", "Sign", "Verify", "Ecdh", "Read", "Write",
        "Lock")),
}


# Accelerators that count their work per unit (a property "unit=count;...": Work of
# peripherals/NXP_CAAM/ and NXP_DCP/), read at the boundaries of the benchmark programs'
# regions on the hw path.
WORK_SOURCES = {"rt1170": "sysbus.caam", "rt1060": "sysbus.dcp"}
# The rest of their modelled time, zeroed too in those runs: the work's time is priced from Work.
ENGINE_ZERO_LATENCY: dict[str, tuple[str, ...]] = {
    "rt1170": tuple(f"sysbus.caam {p} 0" for p in (
        "Aes128CyclesPerBlock", "Aes192CyclesPerBlock", "Aes256CyclesPerBlock",
        "Sha1CyclesPerBlock", "Sha256CyclesPerBlock", "Sha512CyclesPerBlock",
        "DesCyclesPerBlock", "Des3CyclesPerBlock", "CrcCyclesPerBlock", "RngCyclesPerBlock",
        "RngInstantiateCycles")),
    # A DCP packet still takes one DCP cycle (NXP_DCP/ PacketCycles): one tick of virtual time,
    # 1 ns from Renode 1.15 on but 1 us on 1.14, which a driver that polls spends in its loop.
    "rt1060": tuple(f"sysbus.dcp {p} 0" for p in (
        "SetupCycles", "AesCyclesPerByteX100", "Sha1CyclesPerByteX100", "Sha256CyclesPerByteX100",
        "Crc32CyclesPerByteX100", "CopyCyclesPerByteX100", "ContextLoadCycles",
        "ContextStoreCycles")),
}


def counts_work(board: str, path: str, app: str) -> bool:
    """Whether a run records the accelerator's work per region (see the module's note)."""
    return path == "hw" and app in native.APPS and board in WORK_SOURCES


def profiles_hw(board: str) -> bool:
    """Whether the benchmark programs' accelerator path is profiled on a board: where its engine
    counts its work (WORK_SOURCES), or where the accelerator's calls are counted
    (ACCELERATOR_ENTRIES: the SAMD21's ATECC508A commands, with the host's waits taken out of
    each region, split_regions)."""
    return board in WORK_SOURCES or board in ACCELERATOR_ENTRIES


# The engines let a CPU that spins on their status skip ahead to the job's end
# (peripherals/Shared/BusyPoll.cs). Profiles keep every instruction of those loops, as the stored
# profiles were collected: the accelerator models price the engine's time from its work or its
# calls, and the loops' instructions are the CPU side they were fitted with.
KEEP_POLLING: dict[str, tuple[str, ...]] = {
    "rt1060": ("sysbus.dcp SkipBusyPolls false",),
    "rt1170": ("sysbus.caam SkipBusyPolls false",),
}


def setup_commands(board: str, path: str, app: str) -> tuple[str, ...]:
    """Monitor commands after the platform's script: the zeroed accelerator times of a hw run,
    and its polling loops run in full (KEEP_POLLING)."""
    if path != "hw":
        return ()
    engine = ENGINE_ZERO_LATENCY.get(board, ()) if counts_work(board, path, app) else ()
    return ZERO_LATENCY.get(board, ()) + engine + KEEP_POLLING.get(board, ())


def parse_work(text: str) -> dict[str, float]:
    """"aes128_blocks=64;jobs=2" -> {"aes128_blocks": 64.0, "jobs": 2.0}."""
    pairs = (item.partition("=") for item in text.split(";") if item)
    return {unit: float(count) for unit, _, count in pairs}


def work_delta(begin: dict[str, float], end: dict[str, float]) -> dict[str, float]:
    """The work done between two snapshots, the units that grew."""
    return {unit: end[unit] - begin.get(unit, 0.0) for unit in sorted(end)
            if end[unit] != begin.get(unit, 0.0)}


def caller_of(address: int, table: list[tuple[int, int, str]]) -> str:
    """Name of the function containing a return address ("?" outside every function)."""
    address &= ~1
    for begin, end, name in table:
        if begin <= address < end:
            return name
    return "?"


@dataclass
class Event:
    tag: str           # BOUNDARY, TICK or an accelerator entry point
    caller: str        # function the hook's LR points into
    site: int          # the LR itself (call site)
    counters: list[int]
    detail: str = ""   # what the hook read besides the counters (an opcode)
    work: dict[str, float] | None = None  # the accelerator's work so far (WORK_SOURCES)
    executed: int | None = None  # the CPU's count of executed instructions (None: not recorded)
    lost: str = ""  # why the counters' totals before it lost wraps (unwrap), if they did


class CounterWrapError(RuntimeError):
    """Two consecutive hook hits lie too far apart for the 32-bit opcode counters."""


def parse_events(text: str, table: list[tuple[int, int, str]]) -> list[Event]:
    """The hook hits of a run, with counters that do not wrap, and without the TICK hits."""
    events = []
    for row in text.splitlines():
        parts = row.split()
        if len(parts) < 2:
            continue
        site = int(parts[1])
        tag, _, detail = parts[0].partition(":")
        work = parse_work(parts.pop()[1:]) if parts[-1].startswith("@") else None
        executed = int(parts.pop()[1:]) if parts[-1].startswith("#") else None
        events.append(Event(tag, caller_of(site, table), site, [int(v) for v in parts[2:]], detail,
                            work, executed))
    return unwrap(events)


def unwrap(events: list[Event]) -> list[Event]:
    """The events with the counters' totals since the start of the run instead of their 32-bit
    values, without the TICK hits (COUNTER_RANGE). Where the CPU executed so many more
    instructions than the counters' differences between two hits (half the range or more; the
    counters miss only an instruction per IT) that a counter wrapped twice, the next kept event
    says so (Event.lost): split_regions refuses a region that holds such an interval, while one
    between regions (a key generation outside them) costs nothing, as only differences within a
    region are kept."""
    kept: list[Event] = []
    previous: Event | None = None
    totals: list[int] = []
    lost = ""
    for event in events:
        if previous is None:
            totals = list(event.counters)
        else:
            steps = [(e - b) % COUNTER_RANGE for b, e in zip(previous.counters, event.counters)]
            if event.executed is not None and previous.executed is not None and (
                    event.executed - previous.executed - sum(steps) >= COUNTER_RANGE // 2):
                lost = lost or (
                    f"{event.executed - previous.executed:,} instructions ran between two hook "
                    f"hits ({previous.tag}, {event.tag}), {sum(steps):,} of them counted: an "
                    f"opcode counter wrapped more than once (collect.TICK_FUNCTIONS)")
            totals = [t + step for t, step in zip(totals, steps)]
        previous = event
        if event.tag != TICK:
            kept.append(replace(event, counters=totals, lost=lost))
            lost = ""
    return kept


def _delta(begin: list[int], end: list[int]) -> list[int]:
    # Counters unwrapped by parse_events.
    return [e - b for b, e in zip(begin, end)]


def split_regions(events: list[Event], entries: dict[str, str],
                  opens: Callable[[Event], bool] | None = None) -> list[dict[str, Any]]:
    """Per measured region: raw counter deltas without the host's waits, waited instructions,
    accelerator calls, "begin": the instructions executed before it (sampled_schedule.py), and
    "opening": the index of its opening hit among the boundary hits. Boundaries are the boundary
    function's calls from outside WAIT_FUNCTIONS: in pairs, or, with `opens`, from a hit it
    accepts (native.opens_region: wolfbench_seconds(reset=1), the alarm's second test) to the
    next hit. A wait runs from a WAIT_ENTER outside a wait to the next WAIT_EXIT."""
    regions: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    wait_begin: Event | None = None
    executed, previous, hits = 0.0, None, 0
    for event in events:
        if event.lost and current is not None:
            raise CounterWrapError(f"in measured region {len(regions) + 1}: {event.lost}")
        # Instructions before the event: the CPU's own count where the run recorded it (exact
        # past lost wraps between regions), else the counters' sum.
        if event.executed is not None:
            executed = float(event.executed)
        else:
            executed += sum(_delta(previous.counters, event.counters)) if previous else sum(
                event.counters)
        previous = event
        if event.tag == WAIT_ENTER:
            wait_begin = wait_begin or event
        elif event.tag == WAIT_EXIT:
            if wait_begin is not None and current is not None:
                current["wait"] = [w + d for w, d in
                                   zip(current["wait"], _delta(wait_begin.counters, event.counters))]
            wait_begin = None
        elif event.tag == BOUNDARY and event.caller not in WAIT_FUNCTIONS:
            closes = current is not None
            if closes:
                raw = _delta(current["begin"].counters, event.counters)
                regions.append({"raw": [r - w for r, w in zip(raw, current["wait"])],
                                "waited": sum(current["wait"]), "calls": current["calls"],
                                "begin": current["executed"], "opening": current["opening"],
                                "work": region_work(current["begin"], event)})
                current = None
            if (opens(event) if opens else not closes):
                current = {"begin": event, "executed": executed, "opening": hits,
                           "wait": [0] * len(event.counters), "calls": {}}
            hits += 1
        elif current is not None and event.tag in entries:
            key = (f"{event.tag}:{event.detail}" if entries[event.tag] == "opcode"
                   else event.caller if entries[event.tag] == "caller" else event.tag)
            current["calls"][key] = current["calls"].get(key, 0) + 1
    return regions


def region_work(begin: Event, end: Event) -> dict[str, float] | None:
    """The accelerator's work between two boundary events, None where the run did not record it."""
    if begin.work is None or end.work is None:
        return None
    return work_delta(begin.work, end.work)


def return_addresses(elf: Path, begin: int, end: int) -> list[int]:
    """Addresses of the return instructions (pop {..pc}, bx lr) of the function at [begin, end)."""
    listing = subprocess.run(["arm-none-eabi-objdump", "-d", f"--start-address={begin:#x}",
                              f"--stop-address={end:#x}", str(elf)], capture_output=True,
                             text=True, check=True).stdout
    found = []
    for line in listing.splitlines():
        match = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{4}\s?){1,2}\s+(\S+)\s*(.*)", line)
        if match and ((match.group(2).startswith("pop") and "pc" in match.group(3))
                      or (match.group(2).startswith("bx") and match.group(3).startswith("lr"))):
            found.append(int(match.group(1), 16))
    return found


def write_script(elf: Path, board: str, work: Path, counting: bool, path: str = "sw",
                 trace: Path | None = None, app: str = "bench",
                 boundaries: tuple[str, ...] = ()) -> tuple[Path, list[str],
                                                           list[opcodes.ExactCounter]]:
    """The .resc for one profiled run; returns it with the counter names and exact counters.
    `trace`: write an execution trace (one PC per line) there instead of counting.
    `boundaries`: functions whose entries are the boundary hits instead of the app's boundary
    function (Embench's start_trigger and stop_trigger, models/validation/profile.py)."""
    exact = opcodes.exact_counters(elf) if counting else []
    names = [c.name for c in exact] + [opcodes.generic_name(i)
                                       for i in range(len(opcodes.GENERIC_PATTERNS))]
    lines = [f"$bin=@{elf}",
             f"include @{TOP / 'platforms' / 'scripts' / (board + '.resc')}",
             f"{UARTS[board]} CreateFileBackend @{work / 'uart.txt'} true"]
    lines += list(setup_commands(board, path, app))
    if trace is not None:
        lines.append(f'cpu CreateExecutionTracing "schedule" @{trace} PC')
    if counting:
        lines.append("cpu EnableOpcodesCounting true")
        lines += [f"cpu InstallOpcodeCounterPattern \"{c.name}\" \"{c.pattern}\"" for c in exact]
        lines += [f"cpu InstallOpcodeCounterPattern \"{opcodes.generic_name(i)}\" \"{pattern}\""
                  for i, (_, pattern) in enumerate(opcodes.GENERIC_PATTERNS)]
        table = functions(elf)
        waits = [(b, e) for b, e, name in table if name in WAIT_FUNCTIONS]
        skip = " or ".join(f"({b} <= lr and lr < {e})" for b, e in waits) or "False"
        detail = native.RESET_DETAIL if app in native.RESET_APPS else "''"
        work_text = (f"' @' + machine['{WORK_SOURCES[board]}'].Work"
                     if counts_work(board, path, app) else "''")
        hooks = [(BOUNDARY, symbol_address(elf, boundary), skip, detail, work_text)
                 for boundary in boundaries or (BOUNDARIES.get(app, BOUNDARY),)]
        if board in TICK_FUNCTIONS:
            hooks.append((TICK, symbol_address(elf, TICK_FUNCTIONS[board]), "False", "''", "''"))
        if path == "hw":
            present = {name: b for b, _, name in table}
            entries = ACCELERATOR_ENTRIES.get(board, {})
            hooks += [(tag, present[tag], "False",
                       OPCODE_DETAIL if entries[tag] == "opcode" else "''", "''")
                      for tag in entries if tag in present]
            for b, e in waits:
                hooks.append((WAIT_ENTER, b, "False", "''", "''"))
                hooks += [(WAIT_EXIT, a, "False", "''", "''") for a in return_addresses(elf, b, e)]
        for tag, address, condition, detail, work_text in hooks:
            lines.append(HOOK.format(address=hex(address), tag=tag, skip=condition, detail=detail,
                                     work=work_text, snapshots=work / "snapshots.txt",
                                     names=names))
    lines.append("start")
    script = work / "collect.resc"
    script.write_text("\n".join(lines) + "\n")
    return script, names, exact


class TraceProgress:
    """Counts the boundary PCs a growing text execution trace holds so far. The tracer's writer
    thread formats the trace behind the emulation: after @exit its end is still being written."""

    def __init__(self, trace: Path, boundary: int) -> None:
        self.trace, self.line = trace, f"0x{boundary:X}"
        self.offset, self.rest, self.boundaries = 0, "", 0

    def count(self) -> int:
        if self.trace.exists():
            with open(self.trace) as stream:
                stream.seek(self.offset)
                chunk = stream.read()
                self.offset = stream.tell()
            lines = (self.rest + chunk).split("\n")
            self.rest = lines.pop()
            self.boundaries += sum(1 for line in lines if line == self.line)
        return self.boundaries


# A run of a public-key program spends minutes in key generation, printing nothing: every this
# many host seconds a run says where its console is, so a long collection shows it is alive.
PROGRESS_SECONDS = 120.0


def progress_line(uart: Path, lines: list[str], seconds: float) -> str:
    """One line on a running run: host seconds so far and its console's last line."""
    shown = uart.parent.relative_to(TOP / "build") if uart.is_relative_to(TOP / "build") \
        else uart.parent
    last = next((line for line in reversed(lines) if line.strip()), "(nothing yet)")
    return f"  {shown}: {seconds:.0f} s host, console at: {last[:80]}"


def run_renode(renode: str, script: Path, uart: Path, timeout: float,
               written: Callable[[], bool] | None = None) -> tuple[list[str], float]:
    """Runs until @exit/@fault; returns console lines and host seconds. `written`: then also
    until it is true (an execution trace complete), within the same timeout."""
    log = open(script.parent / "renode.log", "w")
    process = start_renode(renode, script, subprocess.DEVNULL)
    started = time.monotonic()
    reported = started
    try:
        while time.monotonic() - started < timeout:
            if uart.exists():
                lines = uart.read_text(errors="replace").replace("\r", "").splitlines()
                if time.monotonic() - reported >= PROGRESS_SECONDS:
                    reported = time.monotonic()
                    print(progress_line(uart, lines, reported - started), flush=True)
                if any(line.startswith(("@exit", "@fault")) for line in lines):
                    seconds = time.monotonic() - started
                    while written is not None and not written():
                        # Renode runs on after @exit (the firmware sleeps): an exit here is a
                        # crash or a kill, and the trace will not grow any more.
                        if process.poll() is not None:
                            raise RuntimeError(f"Renode exited (status {process.returncode}) "
                                               "before the execution trace was complete")
                        if time.monotonic() - started > timeout:
                            raise RuntimeError(f"the execution trace is incomplete after "
                                               f"{timeout:.0f} s")
                        time.sleep(0.5)
                    return lines, seconds
            if process.poll() is not None:
                raise RuntimeError(f"Renode exited early with status {process.returncode} "
                                   f"(see {script.parent / 'renode.log'})")
            time.sleep(0.1)
        raise RuntimeError(f"no @exit line within {timeout:.0f} s (see {uart})")
    finally:
        log.close()
        stop_renode(process)


def image_dir(reference: bool, app: str = "bench") -> Path:
    if app in native.APPS:
        return native.IMAGES[app]
    return TOP / "build" / ("fw-reference" if reference else "fw")


def elf_name(app: str) -> str:
    return native.ELFS.get(app, f"{app}.elf")


def run_name(board: str, library: str, path: str, opt: str, app: str, reference: bool) -> str:
    return f"{board}/{'reference/' if reference else ''}{library}-{path}-{opt}/{app}"


def collect_one(renode: str, board: str, library: str, path: str, opt: str, app: str,
                reference: bool, timeout: float) -> Path:
    image = f"{library}-{path}-{opt}"
    elf = image_dir(reference, app) / board / image / elf_name(app)
    if not elf.exists():
        make = native.MAKE.get(app, "make firmware")
        raise FileNotFoundError(f"{elf} does not exist; run `{make}` first")
    work = (TOP / "build" / "profiles" / board / ("reference" if reference else "")
            / f"{image}-{app}")
    profile = profile_image(renode, elf, board, library, path, opt, app, work, timeout)
    if reference:
        profile["reference"] = reference_config(elf)
    out = store.save(profile)
    total = profile["total_instructions"]
    print(f"  profile {run_name(board, library, path, opt, app, reference)}: "
          f"{len(profile['regions'])} regions, {total / 1e6:.1f} M instructions in regions, "
          f"{profile['host_seconds']:.1f} s host", flush=True)
    return out


def profile_image(renode: str, elf: Path, board: str, library: str, path: str, opt: str,
                  app: str, work: Path, timeout: float) -> dict[str, Any]:
    """The profile of one firmware image (store.py's schema), run in the folder `work`."""
    work.mkdir(parents=True, exist_ok=True)
    for stale in ("uart.txt", "snapshots.txt"):
        (work / stale).unlink(missing_ok=True)
    script, names, exact = write_script(elf, board, work, counting=True, path=path,
                                        app=app)
    lines, seconds = run_renode(renode, script, work / "uart.txt", timeout)
    events = parse_events((work / "snapshots.txt").read_text(), functions(elf))
    starts: list[int] | None = None
    if app in native.APPS:
        results = native.results(lines, boards.BOARDS[board].clock_hz, app, path)
    else:
        results = [json.loads(line[len("@result "):]) for line in lines
                   if line.startswith("@result ")]
    entries = ACCELERATOR_ENTRIES.get(board, {}) if path == "hw" else {}
    split = split_regions(events, entries,
                          native.opens_region(app) if app in native.RESET_APPS else None)
    if app in native.APPS:
        # Each region by its opening hit; its row may have no result (native.py).
        starts = [part["opening"] for part in split]
    if len(split) != len(results):
        raise RuntimeError(f"{work}: {len(split)} measured regions for {len(results)} results "
                           "(expected one per result)")
    if starts is not None:
        # A row that failed at once has a region but no result (native.py): drop both.
        kept = [i for i, result in enumerate(results) if result is not None]
        results, split, starts = ([seq[i] for i in kept] for seq in (results, split, starts))
    regions = []
    for result, part in zip(results, split):
        raw = {name: float(v) for name, v in zip(names, part["raw"])}
        region = {"result": result, "classes": opcodes.class_counts(raw, exact),
                  "instructions": sum(raw.values())}
        if app in native.APPS:
            # Software path: Renode's counter reads one cycle per instruction, exactly.
            result["cycles"] = region["instructions"]
        if path == "hw":
            region["calls"] = part["calls"]
            region["waited_instructions"] = float(part["waited"])
            if part.get("work") is not None:
                region["engine"] = part["work"]
        regions.append(region)
    if scheduled(board, opt, app) and app in native.SAMPLED_APPS:
        sampled_schedule.attach(renode, elf, board, work, regions,
                                [part["begin"] for part in split], timeout, BOUNDARIES[app],
                                setup_commands(board, path, app), starts)
    elif scheduled(board, opt, app):
        attach_schedule(renode, elf, board, path, work, regions, timeout, app, starts)
    profile = store.make_profile(board=board, library=library, path=path, opt=opt, app=app,
                                 elf=elf, regions=regions, host_seconds=seconds,
                                 exact_counters=len(exact))
    if path == "hw":
        profile["zero_latency"] = list(setup_commands(board, path, app))
    return profile


def scheduled(board: str, opt: str, app: str = "bench") -> bool:
    """Whether a run is traced as well: optimised code on the Cortex-M7, for its dual-issue
    schedule, and on the Cortex-M4, for its taken branches (each refills its pipeline:
    models/cores/cortex_m4.py), where a whole trace takes minutes (not the libraries' benchmark
    programs, whose windows sampled_schedule.py places for the M7 only)."""
    core = boards.BOARDS[board].core
    return opt == "high-speed" and (core == "m7" or core == "m4" and app not in native.APPS)


# What a region keeps of its trace (region["schedule"]), per core: the M7 model prices its issue
# cycles and taken branches; the M4 issues one instruction at a time, so its model takes the
# taken branches, the loads that pipeline behind a load and the stores with a register offset
# (those behind a load apart), and the M7's issue cycles of its code would mean nothing. The M4's
# pipelined stores are kept for the record: an immediate-offset store costs one cycle anyway.
TRACED_FIELDS = {"m7": ("issue_cycles", "taken_branches", "instructions", "it_instructions",
                        "skipped"),
                 "m4": ("taken_branches", "pipelined_loads", "pipelined_stores",
                        "register_stores", "pipelined_register_stores", "instructions",
                        "it_instructions", "skipped")}


# Instructions a traced region may differ by from the counted one: the counters' snapshot is taken
# by a hook, the trace is cut at the boundary instruction; and Renode 1.14's opcode counters miss
# up to one instruction per executed IT instruction (tlib decodes IT blocks partly outside the
# counted path), so that many more are allowed. Regions that sleep for many completion interrupts
# differ a little more (unexplained; the rt1060 DCP driver's one-at-a-time dispatch at 4 KiB: 32
# interrupts, 135 more traced than counted of 6,407, 116 in IT blocks), so the allowance is also
# at least TRACE_TOLERANCE_SHARE of the region: too little to change its price.
TRACE_TOLERANCE = 8
TRACE_TOLERANCE_SHARE = 0.005


def attach_schedule(renode: str, elf: Path, board: str, path: str, work: Path,
                    regions: list[dict[str, Any]], timeout: float, app: str = "bench",
                    starts: list[int] | None = None) -> None:
    """Runs the image again with the execution tracer and stores what each region's trace shows
    (TRACED_FIELDS). `starts`: the regions are the intervals after these boundary hits (by
    index), not pairs."""
    shown = work.relative_to(TOP / "build") if work.is_relative_to(TOP / "build") else work
    core = boards.BOARDS[board].core
    purpose = "issue schedule" if core == "m7" else "taken branches and pipelined loads/stores"
    print(f"  tracing {shown} for its {purpose} "
          f"({sum(r['instructions'] for r in regions) / 1e6:.1f} M instructions) ...", flush=True)
    trace = work / "trace.txt"
    (work / "uart.txt").unlink(missing_ok=True)
    trace.unlink(missing_ok=True)
    script, _, _ = write_script(elf, board, work, counting=False, path=path, trace=trace, app=app)
    boundary = symbol_address(elf, BOUNDARIES.get(app, BOUNDARY))
    progress = TraceProgress(trace, boundary)
    hits = 2 * len(regions) if starts is None else starts[-1] + 2 if starts else 0
    run_renode(renode, script, work / "uart.txt", timeout,
               written=lambda: progress.count() >= hits)
    schedules = trace_schedule.schedule_regions(trace_schedule.trace_pcs(trace),
                                             trace_schedule.listing(elf), boundary,
                                             pairs=starts is None)
    if starts is not None:
        schedules = [schedules[i] for i in starts if i < len(schedules)]
    trace.unlink()
    if len(schedules) != len(regions):
        raise RuntimeError(f"{work}: the traced run has {len(schedules)} regions, the counted run "
                           f"{len(regions)}")
    for region, schedule in zip(regions, schedules):
        counted = region["instructions"] + region.get("waited_instructions", 0.0)
        traced = schedule["instructions"] + schedule["skipped"]
        allowed = (max(TRACE_TOLERANCE, TRACE_TOLERANCE_SHARE * counted)
                   + schedule["it_instructions"])
        if abs(traced - counted) > allowed:
            raise RuntimeError(f"{work}: traced region ran {schedule['instructions']:.0f} "
                               f"instructions, the counted one {counted:.0f}")
        region["schedule"] = {name: float(schedule[name]) for name in TRACED_FIELDS[core]}


def measure_overhead(renode: str, board: str, image: str, app: str, timeout: float) -> dict:
    """Host MIPS of one run with and without opcode counting (executed instructions / host s)."""
    elf = TOP / "build" / "fw" / board / image / f"{app}.elf"
    figures = {}
    for counting in (False, True):
        work = TOP / "build" / "profiles" / "overhead" / ("counting" if counting else "plain")
        work.mkdir(parents=True, exist_ok=True)
        for stale in ("uart.txt", "snapshots.txt"):
            (work / stale).unlink(missing_ok=True)
        script, _, _ = write_script(elf, board, work, counting)
        lines, seconds = run_renode(renode, script, work / "uart.txt", timeout)
        figures["counting" if counting else "plain"] = seconds
    profile = store.load(board, *image.split("-", 2)[:2], image.split("-", 2)[2], app)
    instructions = profile["total_instructions"] if profile else None
    record = {"board": board, "image": image, "app": app, "host_seconds": figures,
              "instructions_in_regions": instructions,
              "note": "host seconds include Renode start-up (about 2 s) and console output"}
    if instructions:
        record["mips"] = {k: instructions / v / 1e6 for k, v in figures.items()}
    out = store.DATA / "overhead.json"
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"  overhead: {json.dumps(record)}")
    return record


def reference_config(elf: Path) -> str:
    """The library configuration a reference image was compiled with, and the library sources
    when they are not the matrix's (a third_party directory of files.lock), from its cflags.txt:
    e.g. "mbedtls_config_reference_stm32f407.h on mbedtls-2-16-2"."""
    flags = (elf.parent / "cflags.txt").read_text()
    found = re.search(r'CONFIG_FILE="?\\?"?([\w.]+)', flags)
    config = found.group(1) if found else "unknown"
    sources = re.search(r"third_party/([\w.-]+)/include", flags)
    if sources and sources.group(1) not in ("mbedtls", "wolfssl"):
        config += f" on {sources.group(1)}"
    return config


def matrix(args: argparse.Namespace) -> list[tuple[str, str, str, str, str, bool]]:
    """Runs to profile: the images of the matrix, then the calibration reference images, that
    exist and pass the filters."""
    jobs = []
    for reference in (False, True):
        for board in ([args.board] if args.board else list(UARTS)):
            for library in ([args.library] if args.library else ["mbedtls", "wolfcrypt"]):
                for path in ([args.path] if args.path else ["sw", "hw"]):
                    for opt in ([args.opt] if args.opt else ["none", "high-speed"]):
                        for app in ([args.app] if args.app else list(APPS)):
                            if app in native.APPS and (
                                    reference or library != NATIVE_APPS[app]
                                    or (path == "hw" and not (app in native.HW_APPS
                                                              and profiles_hw(board)))):
                                continue  # hw: where the accelerator's work or calls are counted
                            elf = (image_dir(reference, app) / board
                                   / f"{library}-{path}-{opt}" / elf_name(app))
                            if elf.exists():
                                jobs.append((board, library, path, opt, app, reference))
    return jobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(UARTS))
    parser.add_argument("--library", choices=("mbedtls", "wolfcrypt"))
    parser.add_argument("--path", choices=("sw", "hw"))
    parser.add_argument("--opt", choices=("none", "high-speed"))
    parser.add_argument("--app", choices=APPS + native.APPS,
                        help=f"default: {', '.join(APPS)}; {', '.join(native.APPS)}: "
                             "wolfCrypt's own benchmark program, its symmetric and its "
                             "public-key rows (make -C firmware wolfbench-profile), and mbedtls's "
                             "symmetric and public-key rows (make -C firmware mbedbench-profile)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--overhead", action="store_true",
                        help="measure MIPS with and without counting (rt1060 mbedtls high-speed bench)")
    args = parser.parse_args(argv)
    renode = find_renode()
    if renode is None:
        print("collect: error: Renode not found (set RENODE or put renode on PATH)", file=sys.stderr)
        return 1
    if args.overhead:
        measure_overhead(renode, args.board or "rt1060", "mbedtls-sw-high-speed",
                         args.app or "bench", args.timeout)
        return 0
    jobs = matrix(args)
    if not jobs and args.app in native.APPS:
        print(f"collect: error: no {args.app} profiling images ({NATIVE_APPS[args.app]}, "
              f"software path) under {native.IMAGES[args.app].relative_to(TOP)} for these "
              f"filters; run `{native.MAKE[args.app]}`", file=sys.stderr)
        return 1
    if not jobs:
        print("collect: error: no firmware images found under build/fw; run `make firmware`",
              file=sys.stderr)
        return 1
    print(f"collect: {len(jobs)} runs, {args.jobs} in parallel", flush=True)
    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(collect_one, renode, *job, args.timeout): job for job in jobs}
        for done, future in enumerate(futures, 1):
            try:
                future.result()
            except (RuntimeError, FileNotFoundError, ValueError) as error:
                failures += 1
                print(f"  FAILED {run_name(*futures[future])}: {error}", file=sys.stderr)
            print(f"collect: {done}/{len(jobs)} done", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
