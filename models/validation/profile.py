"""Profiles of the Embench validation images in Renode: the region each published figure times.

    python -m models.validation profile [--build gcc14|gcc12] [--benchmark B ...] [--timeout S]

Builds (firmware/validation/embench/Makefile): `gcc14`, the validation images, built as the
published ones were (GCC 14, newlib 4.3.0's size-optimised string functions), stored in
data/stm32f407/embench/; `gcc12`, the same sources by Debian's gcc 12.2 and newlib 3.3.0, the
spread of the compiler and library, stored in data/stm32f407/embench-gcc12/.

The region runs from the entry of start_trigger to the entry of stop_trigger: Embench's
support/main.c calls them around its one call of benchmark(), and the published run reads CYCCNT
at breakpoints on both (pylib/run_stm32f4-discovery.py; start_trigger's first instructions, before
it starts the counter, are in our region, three instructions of tens of millions). It is profiled
as collect.py profiles the matrix's -O3 images on the Cortex-M4: counted with the opcode counters
(the instruction classes, opcodes.py), then run again with the execution tracer for the taken
branches and the loads and stores that pipeline behind a neighbour (trace_schedule.schedule_regions,
collect.TRACED_FIELDS["m4"]).

Scale. The stored region is the gsf-1 image's (GLOBAL_SCALE_FACTOR 1): the published gsf 16 runs
each benchmark for about 64 M cycles, whose execution trace would take hours of host time to
replay. support/main.c runs warm_caches(WARMUP_HEAT) before start_trigger and one call of
benchmark() in the region; every benchmark's benchmark() is benchmark_body(LOCAL_SCALE_FACTOR,
GLOBAL_SCALE_FACTOR), which runs its whole body, data initialisation included,
LOCAL_SCALE_FACTOR x GLOBAL_SCALE_FACTOR times. So gsf 1 does a sixteenth of the published
region's work, and its cycles are compared with a sixteenth of the published ones. Checked, not
assumed: the gsf-16 image is counted as well (no trace) and the profile keeps its instructions
(full_scale), whose ratio to the gsf-1 region's the report shows.

Output: models/validation/data/stm32f407/embench[-gcc12]/<benchmark>.json (store.py's schema,
one region, its `toolchain` the image's own compiler (its .comment), plus the fields of
`validation_fields`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from models.profiles import collect, trace_schedule, opcodes, store

TOP = Path(__file__).resolve().parents[2]
BOARD = "stm32f407"
# Per build: the Makefile's image directory under build/fw-embench/ and the stored profiles'.
BUILDS = {"gcc14": (BOARD, "embench"), "gcc12": (f"{BOARD}-gcc12", "embench-gcc12")}
VALIDATION_BUILD = "gcc14"
SPREAD_BUILD = "gcc12"
IMAGES = TOP / "build" / "fw-embench" / BUILDS[VALIDATION_BUILD][0]
DATA = Path(__file__).resolve().parent / "data" / BOARD / BUILDS[VALIDATION_BUILD][1]
TRIGGERS = ("start_trigger", "stop_trigger")
PROFILED_GSF = 1
PUBLISHED_GSF = 16
MAKE = "make -C firmware/validation/embench"
BENCHMARKS = ("aha-mont64", "crc32", "depthconv", "edn", "huffbench", "matmult-int", "md5sum",
              "nettle-aes", "nettle-sha256", "nsichneu", "picojpeg", "qrduino", "sglib-combined",
              "slre", "statemate", "tarfind", "ud", "wikisort", "xgboost")


def elf_of(benchmark: str, gsf: int, build: str = VALIDATION_BUILD) -> Path:
    return IMAGES.parent / BUILDS[build][0] / f"gsf{gsf}" / f"{benchmark}.elf"


def file_of(benchmark: str, build: str = VALIDATION_BUILD) -> Path:
    return DATA.parent / BUILDS[build][1] / f"{benchmark}.json"


def load_all(build: str = VALIDATION_BUILD) -> list[dict[str, Any]]:
    """The stored profiles of a build, in BENCHMARKS order."""
    return [json.loads(file_of(b, build).read_text()) for b in BENCHMARKS
            if file_of(b, build).exists()]


def compiler_of(elf: Path) -> str:
    """The compiler that built the image, as its .comment section names it ("GCC: (...) 14.2.1
    ..."); several distinct strings are joined with "; "."""
    done = subprocess.run(["arm-none-eabi-readelf", "-p", ".comment", str(elf)],
                          capture_output=True, text=True, check=True)
    found = re.findall(r"\]\s+(GCC: .+)$", done.stdout, re.MULTILINE)
    return "; ".join(dict.fromkeys(line.strip() for line in found)) or "unknown"


def exit_status(lines: list[str]) -> int:
    """The status main() returned (the start-up's `@exit` line): 0 when the benchmark verified
    its result (Embench's main returns !verify_benchmark(result))."""
    for line in lines:
        if line.startswith("@exit"):
            return int(line.split()[1])
        if line.startswith("@fault"):
            raise RuntimeError(f"the image faulted: {line}")
    raise RuntimeError("no @exit line")


def counted_region(renode: str, elf: Path, work: Path,
                   timeout: float) -> tuple[dict[str, Any], int, float]:
    """The region's instruction classes and @result line: (region, exact counters, host s)."""
    work.mkdir(parents=True, exist_ok=True)
    for stale in ("uart.txt", "snapshots.txt"):
        (work / stale).unlink(missing_ok=True)
    script, names, exact = collect.write_script(elf, BOARD, work, counting=True,
                                                boundaries=TRIGGERS)
    lines, seconds = collect.run_renode(renode, script, work / "uart.txt", timeout)
    if exit_status(lines) != 0:
        raise RuntimeError(f"{elf.name}: the benchmark did not verify its result")
    results = [json.loads(line[len("@result "):]) for line in lines
               if line.startswith("@result ")]
    events = collect.parse_events((work / "snapshots.txt").read_text(), collect.functions(elf))
    split = collect.split_regions(events, {})
    if len(split) != 1 or len(results) != 1:
        raise RuntimeError(f"{work}: {len(split)} regions and {len(results)} results, expected "
                           "one of each")
    raw = {name: float(v) for name, v in zip(names, split[0]["raw"])}
    region = {"result": results[0], "classes": opcodes.class_counts(raw, exact),
              "instructions": sum(raw.values())}
    return region, len(exact), seconds


def trigger_regions(pcs: Iterable[int], table: dict[int, trace_schedule.Instruction], start: int,
                    stop: int) -> list[dict[str, float]]:
    """The trace walker's regions from each entry of start_trigger to the next entry of
    stop_trigger: the walker takes one boundary PC, entered in pairs, so stop_trigger's entry is
    read as start_trigger's."""
    return trace_schedule.schedule_regions((start if pc == stop else pc for pc in pcs), table, start)


def traced_schedule(renode: str, elf: Path, work: Path, timeout: float,
                    executed: float) -> tuple[dict[str, float], float]:
    """What the region's execution trace shows (collect.TRACED_FIELDS["m4"]) and host seconds.
    `executed`: the instructions the counted run's CPU executed in the region (its DWT count),
    which the trace must match: the opcode counters miss the IT-block instructions whose
    condition fails (ARCHITECTURE.md), the trace and the CPU's count do not."""
    trace = work / "trace.txt"
    (work / "uart.txt").unlink(missing_ok=True)
    trace.unlink(missing_ok=True)
    script, _, _ = collect.write_script(elf, BOARD, work, counting=False, trace=trace)
    start, stop = (collect.symbol_address(elf, name) for name in TRIGGERS)
    progress = collect.TraceProgress(trace, stop)
    _, seconds = collect.run_renode(renode, script, work / "uart.txt", timeout,
                                    written=lambda: progress.count() >= 1)
    schedules = trigger_regions(trace_schedule.trace_pcs(trace), trace_schedule.listing(elf), start,
                                stop)
    trace.unlink()
    if len(schedules) != 1:
        raise RuntimeError(f"{work}: the traced run has {len(schedules)} regions, expected one")
    schedule = schedules[0]
    traced = schedule["instructions"] + schedule["skipped"]
    allowed = max(collect.TRACE_TOLERANCE, collect.TRACE_TOLERANCE_SHARE * executed)
    if abs(traced - executed) > allowed:
        raise RuntimeError(f"{work}: traced region ran {traced:.0f} instructions, the counted "
                           f"run's CPU {executed:.0f}")
    return {name: float(schedule[name]) for name in collect.TRACED_FIELDS["m4"]}, seconds


def validation_fields(benchmark: str, full_scale: dict[str, Any], seconds: dict[str, float],
                      build: str = VALIDATION_BUILD) -> dict[str, Any]:
    """What a validation profile adds to store.py's schema."""
    return {"suite": "Embench IoT 2.0", "benchmark": benchmark, "build": build,
            "gsf": PROFILED_GSF,
            "published_gsf": PUBLISHED_GSF, "boundaries": list(TRIGGERS),
            "full_scale": full_scale, "host_seconds_by_run": seconds}


def profile_benchmark(renode: str, benchmark: str, timeout: float,
                      build: str = VALIDATION_BUILD) -> Path:
    elf = elf_of(benchmark, PROFILED_GSF, build)
    full_elf = elf_of(benchmark, PUBLISHED_GSF, build)
    for image in (elf, full_elf):
        if not image.exists():
            raise FileNotFoundError(f"{image} does not exist; run `{MAKE}` first")
    work = TOP / "build" / "profiles" / "validation" / build / benchmark
    region, exact, counted_s = counted_region(renode, elf, work / f"gsf{PROFILED_GSF}", timeout)
    region["schedule"], traced_s = traced_schedule(renode, elf, work / f"gsf{PROFILED_GSF}",
                                                   timeout, float(region["result"]["cycles"]))
    full, _, full_s = counted_region(renode, full_elf, work / f"gsf{PUBLISHED_GSF}", timeout)
    full_scale = {"gsf": PUBLISHED_GSF,
                  "elf_sha256": hashlib.sha256(full_elf.read_bytes()).hexdigest(),
                  "instructions": full["instructions"],
                  "simulated_cycles": float(full["result"]["cycles"]),
                  "classes": full["classes"]}
    seconds = {"counted": round(counted_s, 2), "traced": round(traced_s, 2),
               "counted_full_scale": round(full_s, 2)}
    profile = store.make_profile(board=BOARD, library="embench", path="sw", opt="O2",
                                 app=benchmark, elf=elf, regions=[region],
                                 host_seconds=counted_s + traced_s + full_s,
                                 exact_counters=exact)
    # store.py names the system's arm-none-eabi-gcc; the image says which compiler built it.
    profile["toolchain"] = compiler_of(elf)
    profile.update(validation_fields(benchmark, full_scale, seconds, build))
    out = file_of(benchmark, build)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(profile, indent=1, sort_keys=True) + "\n")
    ratio = full["instructions"] / region["instructions"]
    print(f"  profile {build} {benchmark}: {region['instructions'] / 1e6:.2f} M instructions at "
          f"gsf {PROFILED_GSF}, x{ratio:.4f} at gsf {PUBLISHED_GSF}; host s: counted "
          f"{counted_s:.1f}, traced {traced_s:.1f}, gsf {PUBLISHED_GSF} {full_s:.1f}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.validation profile",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--benchmark", action="append", choices=BENCHMARKS,
                        help="one benchmark (repeatable; default: all 19)")
    parser.add_argument("--build", choices=tuple(BUILDS), default=VALIDATION_BUILD,
                        help=f"which images (default: {VALIDATION_BUILD}, the validation build)")
    parser.add_argument("--timeout", type=float, default=1800)
    args = parser.parse_args(argv)
    renode = collect.find_renode()
    if renode is None:
        print("validation: error: Renode not found (set RENODE or put renode on PATH); the "
              "report can be written from the stored profiles without it", file=sys.stderr)
        return 1
    failures = 0
    # One Renode at a time: a traced run's tracer writes from a thread of its own.
    for benchmark in args.benchmark or BENCHMARKS:
        try:
            profile_benchmark(renode, benchmark, args.timeout, args.build)
        except (RuntimeError, FileNotFoundError, ValueError) as error:
            failures += 1
            print(f"  FAILED {benchmark}: {error}", file=sys.stderr)
    return 1 if failures else 0
