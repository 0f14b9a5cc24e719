"""Cortex-M7 issue schedules of regions too long to trace whole, from a window in each.

A traced run costs about 10 us of host time per instruction (Renode's execution tracer and the
replay of trace_schedule.py); the public-key rows of wolfCrypt's benchmark program run about 1 G
instructions at -O3 on the M7 (RSA-2048 private, P-384), which would take hours. Their inner loops
(fastmath's Montgomery multiplication and squaring, the curve's point arithmetic) repeat for
millions of instructions, so the region's issue cycles and taken branches per instruction are
taken from SPREAD windows spread evenly over it, WINDOW instructions in all, and scaled to the
instructions the counted run measured for the whole region (region["schedule"]["sampled"] says
how many were replayed). Spread, not one window in the middle: a region of two operations has
the end of one and the start of the other in its middle (an affine conversion, a blinding), not
the loops that are most of it.

The run that samples does not count: it goes to each window by virtual time. The platforms run
PerformanceInMips instructions per simulated microsecond (platforms/socs/*.repl: one per core
cycle; the program never sleeps in software), so the n-th instruction runs at n / MIPS us, and
`emulation RunFor` stops there. A hook on the program's clock records the instructions executed at
every boundary (the CPU's ExecutedInstructions), so that every window lies in its own region; and
no window may hold a boundary.

Every step is a whole number of microseconds, a whole number of instructions (on_microseconds).
A step of fractional microseconds ends between two instructions, and the core's clock, which the
program reads (the DWT's CYCCNT, peripherals/CortexM_SyncedCounters.cs), then runs a little ahead
of the instructions executed: the program prints other figures, and the run parts from one made in
a single step. Measured on wolfCrypt's public-key image on the rt1060 at -O3, cut for its 112
windows at the nanosecond: its DH-2048 key generation executed 1,798 instructions more, each P-256
row about 383 k fewer, and its boundaries ended 1.8 M instructions off; cut at whole microseconds,
all 42 boundaries fell on the same instruction as in the single-step run.

The counted run's instruction counts do not place the windows: Renode's opcode counters (1.14 and
1.16) miss about one instruction per executed IT instruction, which mbedtls's bignum code at -O3
runs often (RSA-2048 public on the rt1060: 15,733 instructions fewer counted than executed, for
15,754 ITs; 8.2 M fewer before the first public-key row). And an accelerator path (hw runs,
`setup` commands that zero the engine's modelled time) does not keep the two runs together: with
no opcode counting, the first poll of the CAAM's status after a job still finds it running (three
instructions more per job), and the start-up's self-tests differ by about 0.5 M instructions. So a
first run without tracing records the boundaries of the uncounted run (boundary_pass), and the
windows are placed in its regions, of its lengths; the schedule is still scaled to the counted
run's instructions. The regions are found there by the
index of their opening hit among all hits, which both runs share. Should the two uncounted runs
still part, a region whose windows may then lie outside it keeps no schedule on the accelerator
path (region["schedule_missing"] says why), and the core model prices it by its classes: short
regions the engine does, whose CPU side is a few thousand instructions; on the software path it
is an error. On the RT1170 the CAAM model drew its random numbers from Renode's generator, which
keeps one sequence per thread, on whichever thread started a job; it now keeps one sequence of its
own (peripherals/NXP_CAAM/ FillRandom): on wolfCrypt's public-key image at -O3, all 14
regions then keep their schedules, against 8 before. A region too short for windows of two
microseconds gets fewer of them (windows' `shortest`), and one too short for any (a few
thousand instructions) keeps no schedule. mbedtls's public-key image parts from its counted run
(not from its other uncounted runs), and still after these changes:
through the RSA-2048 key generation (its first 1.9 G instructions, CAAM jobs before it) a
counted and an uncounted run call rand() identically at the same instruction counts, but the
uncounted runs then reach the RSA-4096 rows after 39.2 G instructions, the counted run after
21.9 G: their key generation searched longer for its primes, so the random draws parted in
between (cause not found). And a window near the CAAM's jobs may trace fewer instructions than
its length at the platform's rate (1,788 of 2,226 in the CPU side of DHE-2048 on the PKHA). On
an accelerator path such a region keeps no schedule, and where the uncounted run does not reach
every region, none does; the rows that ran in software then take the software path's
(models/matrix.py borrow_software_schedules).
"""
from __future__ import annotations

import itertools
import math
import os
import subprocess
import time
from pathlib import Path
from typing import Any

from models import boards
from models.profiles import host, trace_schedule

TOP = Path(__file__).resolve().parents[2]
# Instructions replayed per region: thousands of turns of the inner loops (a 2048-bit Montgomery
# multiplication is about 20 k instructions at -O3), about 20 host seconds each.
WINDOW = 2_000_000
# Windows per region, one in the middle of each of as many equal parts of it; a window takes at
# most half of its part, so that each keeps a margin to the region's ends.
SPREAD = 8

# Share of its length a traced window may differ by, and at least WINDOW_SLACK instructions: RunFor
# stops on the platform's time grid (rt1060: 2 instructions of 2 M; rt1170 at 996 MIPS: up to 175,
# more than the share of the 130 k windows of a 2 M region).
WINDOW_SLACK_SHARE = 0.001
WINDOW_SLACK = 256

HOOK = '''cpu AddHook {address} """
f = open(r'{hits}', 'a')
f.write(str(self.ExecutedInstructions) + '\\n')
f.close()
"""
'''


def windows(begins: list[float], lengths: list[float],
            shortest: float = 1) -> list[list[tuple[int, int]]]:
    """Per region, (first instruction, instructions) of each of its windows: the middle of each
    of SPREAD equal parts, each window at most half its part. A region too short for SPREAD
    windows of `shortest` instructions has fewer parts, at least one."""
    out = []
    for begin, length in zip(begins, lengths):
        spread = max(1, min(SPREAD, int(length // (2 * shortest))))
        part = length / spread
        count = int(min(WINDOW / SPREAD, part / 2))
        out.append([(int(begin + (k + 0.5) * part - count / 2), count) for k in range(spread)])
    return out


def on_microseconds(spans: list[tuple[int, int]], mips: float) -> list[tuple[int, int]]:
    """The windows narrowed to whole microseconds of the platform's time (see the module's note):
    each starts and ends on an instruction that a step of whole microseconds reaches, inside the
    window it was, so inside its region. A window shorter than that is dropped."""
    out = []
    for first, count in spans:
        start, end = math.ceil(first / mips), math.floor((first + count) / mips)
        if end > start:
            out.append((round(start * mips), round((end - start) * mips)))
    return out


def _seconds(instructions: int, mips: float) -> str:
    """A RunFor step of whole microseconds, the nearest to `instructions`."""
    return f"{round(instructions / mips) / 1e6:.6f}"


def write_script(elf: Path, board: str, work: Path, spans: list[tuple[int, int]],
                 boundary: int, until: int, setup: tuple[str, ...] = ()) -> Path:
    """The .resc that runs to each window, traces it into window<k>.txt, runs on to instruction
    `until` (past the last region's end, for its closing boundary) and quits. `setup`: monitor
    commands after the platform's script, as the counted run had them (collect.setup_commands)."""
    mips = boards.BOARDS[board].clock_hz / 1e6  # PerformanceInMips (platforms/socs/*.repl)
    lines = [f"$bin=@{elf}",
             f"include @{TOP / 'platforms' / 'scripts' / (board + '.resc')}",
             *setup, HOOK.format(address=hex(boundary), hits=work / "hits.txt")]
    now = 0
    for k, (first, count) in enumerate(spans):
        lines += [f'emulation RunFor "{_seconds(first - now, mips)}"',
                  f'cpu CreateExecutionTracing "window{k}" @{work / f"window{k}.txt"} PC',
                  f'emulation RunFor "{_seconds(count, mips)}"',
                  "cpu DisableExecutionTracing"]
        now = first + count
    lines += [f'emulation RunFor "{_seconds(max(0, until - now), mips)}"', "quit"]
    script = work / "sample.resc"
    script.write_text("\n".join(lines) + "\n")
    return script


def run(renode: str, script: Path, timeout: float) -> float:
    """Runs the script to its `quit`; returns host seconds."""
    started = time.monotonic()
    with open(script.parent / "renode.log", "w") as log:
        process = host.start_renode(renode, script, log)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            raise RuntimeError(f"the sampling run did not end within {timeout:.0f} s "
                               f"(see {script.parent / 'renode.log'})") from None
    return time.monotonic() - started


def boundary_pass(renode: str, elf: Path, board: str, work: Path, boundary: int, until: int,
                  setup: tuple[str, ...], timeout: float, openings: list[int]
                  ) -> tuple[list[float], list[float]]:
    """Region begins and lengths of an uncounted run (see the module's note): region k runs from
    the boundary hit openings[k] to the next hit."""
    hits_file = work / "hits.txt"
    hits_file.unlink(missing_ok=True)
    script = write_script(elf, board, work, [], boundary, until, setup)
    print(f"  finding the {len(openings)} regions in a run without counting ...", flush=True)
    run(renode, script, timeout)
    hits = [float(line) for line in hits_file.read_text().split()] if hits_file.exists() else []
    if not openings or openings[-1] + 1 >= len(hits):
        raise RuntimeError(f"the run without counting hit its boundary {len(hits)} times, too "
                           f"few for its {len(openings)} regions")
    return [hits[i] for i in openings], [hits[i + 1] - hits[i] for i in openings]


def attach(renode: str, elf: Path, board: str, work: Path, regions: list[dict[str, Any]],
           begins: list[float], timeout: float, boundary_symbol: str,
           setup: tuple[str, ...] = (), openings: list[int] | None = None) -> None:
    """Gives each region a schedule from its window (see the module's note). `begins`: the
    instructions the counted run executed before each region; `boundary_symbol`: the function
    whose entries open and close the regions; `setup`: as for write_script; `openings`: the
    index of each region's opening hit among the boundary hits (default: pairs)."""
    boundary = host.symbol_address(elf, boundary_symbol)
    lengths = [region["instructions"] for region in regions]
    last_end = max(begin + length for begin, length in zip(begins, lengths))
    # Twice the counted run's instructions: an uncounted run may part from it (the module's
    # note); once the program has ended the core sleeps, which costs little host time.
    try:
        begins, lengths = boundary_pass(renode, elf, board, work, boundary,
                                        2 * int(last_end) + 1_000_000, setup, timeout,
                                        openings or [2 * k for k in range(len(regions))])
    except RuntimeError as error:
        if not setup:
            raise
        # An accelerator path: the core model prices the regions by their classes.
        print(f"  no schedules: {error}", flush=True)
        for region in regions:
            region["schedule_missing"] = str(error)
        return
    last_end = begins[-1] + lengths[-1]
    mips = boards.BOARDS[board].clock_hz / 1e6
    # Windows of two microseconds at least, so that one survives narrowing to whole ones.
    spans = [on_microseconds(region_spans, mips)
             for region_spans in windows(begins, lengths, shortest=2 * mips)]
    for region, region_spans in zip(regions, spans):
        if not region_spans:
            # Shorter than the windows whole microseconds allow (a few thousand instructions: the
            # CPU side of an engine's job): priced by its classes.
            region["schedule_missing"] = "too short for a window of whole microseconds"
            print(f"  no schedule: row {region['result'].get('row')} is too short for a window "
                  "of whole microseconds", flush=True)
    for stale in itertools.chain([work / "hits.txt"], work.glob("window*.txt")):
        stale.unlink(missing_ok=True)
    flat = [span for region_spans in spans for span in region_spans]
    script = write_script(elf, board, work, flat, boundary, int(last_end * 1.01) + 100_000, setup)
    print(f"  sampling {len(regions)} regions in {len(flat)} windows, up to {WINDOW / 1e6:g} M "
          "instructions per region, for their issue schedule ...", flush=True)
    seconds = run(renode, script, timeout)
    errors = boundary_errors(work / "hits.txt", spans, begins, lengths, regions)
    # On the software path the two uncounted runs agree: any error is one. On an accelerator path
    # the runs can part by more than a short region's margins (module's note): such a region keeps
    # no schedule, and the core model prices it by its classes (the CPU side of a region the
    # engine does, a few thousand instructions).
    failed = [error for error in errors if error]
    if failed and (not setup or len(failed) == len(errors)):
        raise RuntimeError(failed[0])
    for error in failed:
        print(f"  no schedule: {error}", flush=True)
    table = trace_schedule.listing(elf)
    names = ("issue_cycles", "taken_branches", "instructions", "it_instructions")
    k = 0
    for region, region_spans, error in zip(regions, spans, errors):
        if not region_spans:
            continue  # too short (above): no window, no schedule
        if error:
            for _ in region_spans:
                (work / f"window{k}.txt").unlink(missing_ok=True)
                k += 1
            region["schedule_missing"] = error
            continue
        sums = dict.fromkeys(names, 0.0)
        first = k
        try:
            for _, count in region_spans:
                found = window_schedule(work / f"window{k}.txt", count, table, boundary)
                sums = {name: sums[name] + found[name] for name in names}
                k += 1
        except RuntimeError as error:
            if not setup:
                raise
            # An accelerator path: time may pass in a window with fewer instructions than its
            # length at the platform's rate (around the engine's jobs); priced by its classes.
            print(f"  no schedule: {error}", flush=True)
            region["schedule_missing"] = str(error)
            for stale in range(k, first + len(region_spans)):
                (work / f"window{stale}.txt").unlink(missing_ok=True)
            k = first + len(region_spans)
            continue
        share = region["instructions"] / sums["instructions"]
        region["schedule"] = {name: sums[name] * share for name in names} | {
            "instructions": region["instructions"], "skipped": 0.0,
            "sampled": sums["instructions"], "windows": float(len(region_spans))}
    print(f"  sampled in {seconds:.0f} s host", flush=True)


def window_schedule(trace: Path, count: int, table: dict[int, trace_schedule.Instruction],
                    boundary: int) -> dict[str, float]:
    """The issue schedule of one traced window (deleted after), which must hold `count`
    instructions and no boundary."""
    pcs = list(trace_schedule.trace_pcs(trace)) if trace.exists() else []
    if abs(len(pcs) - count) > max(WINDOW_SLACK, WINDOW_SLACK_SHARE * count):
        raise RuntimeError(f"{trace}: {len(pcs)} instructions traced, {count} expected")
    # The window as one region between two boundary entries (none may be inside it).
    found = trace_schedule.schedule_regions(itertools.chain([boundary], pcs, [boundary]), table,
                                         boundary)
    if len(found) != 1 or found[0]["skipped"]:
        raise RuntimeError(f"{trace}: the window crosses a boundary or leaves the listing")
    trace.unlink()
    return found[0]


def check_boundaries(hits_file: Path, spans: list[list[tuple[int, int]]], begins: list[float],
                     lengths: list[float], regions: list[dict[str, Any]]) -> None:
    """Raises for the first region whose windows may lie outside it (see boundary_errors)."""
    for error in boundary_errors(hits_file, spans, begins, lengths, regions):
        if error:
            raise RuntimeError(error)


def boundary_errors(hits_file: Path, spans: list[list[tuple[int, int]]], begins: list[float],
                    lengths: list[float], regions: list[dict[str, Any]]) -> list[str]:
    """The windows must lie in their region in the sampling run too: a boundary within as many
    instructions of the counted run's as the first and last windows have to the region's ends.
    (The runs differ a little where the program draws random numbers: the simulated TRNG, ECC
    scalars.)"""
    hits = [int(line) for line in hits_file.read_text().split()] if hits_file.exists() else []
    errors = []
    for region_spans, begin, length, region in zip(spans, begins, lengths, regions):
        if not region_spans:
            errors.append("")  # no window to keep inside (a region too short to sample)
            continue
        end = begin + length
        (first, _), (last, count) = region_spans[0], region_spans[-1]
        allowed = min(first - begin, end - last - count)
        opening = min((abs(hit - begin) for hit in hits), default=None)
        closing = min((abs(hit - end) for hit in hits), default=None)
        if opening is None or closing is None or max(opening, closing) > allowed:
            errors.append(f"the window of row {region['result'].get('row')} may lie outside its "
                          f"region: the sampling run's boundaries are {opening} and {closing} "
                          f"instructions off the counted run's, {allowed:.0f} allowed")
        else:
            errors.append("")
    return errors
