"""Predict the user's own firmware: any ELF, any function, on a board of the matrix or a core.

    python -m models predict --elf APP.elf --board rt1060|rt1170|samd21|stm32f407 \\
        --function NAME [--function NAME ...] [--region START:END ...] [--calls N] [--json] \\
        [--with SCRIPT.resc ...]
    python -m models predict --elf APP.elf --core m7|m4|m0plus --clock-hz F --function NAME

Runs the ELF in Renode (the board's platform with the project's peripheral models, or a generic
Cortex-M made from the ELF's memories: generic.py), counts every call of each function from its
entry to its return (nested calls included, interrupts taken out and said apart: run.py), and
prices the calls with the calibrated core model as the binary ran, in the memories the ELF put
it in (price.py). Prints per function: calls seen, instructions, predicted cycles per call
(min / median / max) with the band, the time at the clock, and Renode's naive figure beside it.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import signal
import sys
from pathlib import Path

from models import boards
from models.profiles import collect
from models.user import elf as user_elf
from models.user import generic, price, run

TOP = Path(__file__).resolve().parents[2]
WORK = TOP / "build" / "predict" / "elf"


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m models predict --elf",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--elf", type=Path, required=True)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--board", choices=sorted(boards.BOARDS))
    where.add_argument("--core", choices=sorted(generic.CORES),
                       help="a Cortex-M the matrix does not have (needs --clock-hz)")
    parser.add_argument("--clock-hz", type=float, help="core clock (default: the board's)")
    parser.add_argument("--function", action="append", default=[], metavar="NAME")
    parser.add_argument("--region", action="append", default=[], metavar="START:END",
                        help="from the entry of START to the entry of END (symbols)")
    parser.add_argument("--with", dest="scripts", action="append", default=[], type=Path,
                        metavar="RESC", help="a Renode script included after the board's (e.g. "
                        "a peer machine on a link: platforms/scripts/tls-link-<board>.resc); "
                        "it leaves the ELF's machine current")
    parser.add_argument("--calls", type=int, help="stop after N calls of each target")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--save", type=Path, metavar="FILE",
                        help="also write that JSON document to FILE")
    parser.add_argument("--simulated-seconds", type=float, default=run.SIMULATED_SECONDS,
                        help="simulated-time limit of the run (default: %(default)g s)")
    parser.add_argument("--host-seconds", type=float, default=run.HOST_SECONDS,
                        help="host-time limit of the run (default: %(default)g s)")
    args = parser.parse_args(argv)
    if not args.function and not args.region:
        parser.error("name at least one --function or --region")
    if args.core and not args.clock_hz:
        parser.error("--core needs --clock-hz (the part's core clock)")
    if args.clock_hz is not None and args.clock_hz <= 0:
        parser.error("--clock-hz must be positive")
    if args.scripts and not args.board:
        parser.error("--with needs --board (the script extends the board's platform)")
    for script in args.scripts:
        if not script.is_file():
            parser.error(f"--with {script}: no such file")
    if args.calls is not None and args.calls < 1:
        parser.error("--calls must be at least 1")
    return args


def fail(message: str) -> int:
    print(f"predict: error: {message}", file=sys.stderr)
    return 1


def core_and_clock(args: argparse.Namespace) -> tuple[str, float]:
    if args.board:
        board = boards.BOARDS[args.board]
        return board.core, args.clock_hz or board.clock_hz
    return args.core, args.clock_hz


def where_it_stopped(path: Path, work: Path) -> str:
    pc = run.last_pc(work)
    try:
        address = int(pc, 16)
    except ValueError:
        return f"last PC {pc}"
    inside = next((s.name for s in user_elf.functions(path).values()
                   if s.start <= address < s.end), "?")
    return f"last PC {pc} in {inside}"


def lines_of(p: price.Prediction) -> list[str]:
    low, median, high = p.cycles
    out = [f"{p.label}: {p.calls} call(s), {p.instructions:,.0f} instructions per call (median)",
           f"  predicted   {median:,.0f} cycles per call (min {low:,.0f}, max {high:,.0f}), "
           f"band ±{p.band_pct:.0f} % ({bands_text(p)}); {p.microseconds:,.2f} us at "
           f"{p.clock_hz / 1e6:g} MHz",
           f"  naive       {p.naive_cycles:,.0f} cycles (Renode: one per instruction)",
           f"  memories    code in {p.place.code}, stack in {p.place.data}"]
    if p.traced.get("nvm_reads", 0) > 0:
        out.append(f"  fetches     {p.traced['nvm_misses']:,.0f} misses of the flash's read cache "
                   f"in {p.traced.get('nvm_reads', 0):,.0f} fetches per call (median), each "
                   "priced as a read of the flash: in the figures above")
    if p.waited_cycles:
        out.append(f"  engine      {p.waited_cycles:,.0f} cycles per call (median) polling a busy "
                   "accelerator: its modelled time, in the figures above")
    if p.interrupts:
        out.append(f"  interrupts  {p.interrupts} taken during the calls, "
                   f"{p.interrupt_instructions:,.0f} instructions: not in the figures above")
    out += [f"  wider band: {reason}" for reason in p.reasons]
    return out


def bands_text(p: price.Prediction) -> str:
    coverage = "" if p.band_coverage != p.band_coverage else \
        f", coverage {p.band_coverage:.0%} on published figures"
    return f"80 % band of the core model{coverage}"


def trace_calls(args: argparse.Namespace, renode: str, path: Path, chosen: list[run.Target],
                work: Path, platform: list[str], core: str, outcome: run.Outcome
                ) -> tuple[dict[str, list[dict[str, float]]], str]:
    """The calls' traced schedules, or why there are none: from reset where the run was short,
    else from shortly before the first call (run.trace_window), once more with a wider margin
    where the traced run reached that call before its tracer started. Targets whose calls lie
    too far apart to share one trace are traced one by one. A run with the user's own scripts
    (--with: other machines, links) is traced only from reset, in one step as it was counted:
    stepped otherwise, a machine linked to another can part from the counted run (a TLS
    handshake on the samd21 came out 2-5 ms shorter), and the scripts' own files with it."""
    if args.scripts and outcome.executed > run.TRACE_LIMIT:
        return {}, (f"the run executed {outcome.executed:,} instructions, more than the "
                    f"{run.TRACE_LIMIT:,} it traces from reset (a run with --with scripts is "
                    "traced only from reset)")
    if len(chosen) > 1 and run.trace_window(outcome).span > run.TRACE_LIMIT:
        traced: dict[str, list[dict[str, float]]] = {}
        reasons = []
        for target in chosen:
            alone = dataclasses.replace(outcome, calls={target.label: outcome.calls[target.label]})
            found, why = trace_calls(args, renode, path, [target], work, platform, core, alone)
            traced.update(found)
            reasons += [f"{target.label}: {why}"] if why else []
        return traced, "; ".join(reasons)
    for factor in (1, run.TRACE_RETRY_FACTOR):
        window = run.trace_window(outcome, factor)
        if window.span > run.TRACE_LIMIT:
            return {}, (f"tracing the calls takes {window.span:,} instructions, more than the "
                        f"{run.TRACE_LIMIT:,} it traces")
        if not args.json:
            where = f" from instruction {window.begin:,}" if window.begin else ""
            print(f"predict: tracing the calls{where} for the {generic.CORES[core]}'s schedule "
                  "...", flush=True)
        traced = run.schedules(renode, path, chosen, work, platform, core, outcome, args.calls,
                               args.simulated_seconds, args.host_seconds,
                               boards.FETCH_CACHES.get(args.board or ""), window)
        if traced is not None:
            return traced, ""
    return {}, "the traced run reached the first call before its tracer started"


def main(argv: list[str] | None = None) -> int:
    args = options(argv)
    # Stopped from outside (a CI job's timeout): unwind, so that run.py stops its Renode.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    path = args.elf.resolve()
    try:
        user_elf.check(path)
        chosen = run.targets(path, args.function, args.region)
        user_elf.vector_table(path)
    except user_elf.UserElfError as error:
        return fail(str(error))
    renode = collect.find_renode()
    if renode is None:
        return fail("Renode not found: install Renode 1.16.1 and put it on PATH, or set "
                    "RENODE=/path/to/renode (`make deps` tries to install it)")
    core, clock = core_and_clock(args)
    work = WORK / path.stem
    work.mkdir(parents=True, exist_ok=True)
    platform = run.board_platform(path, args.board) if args.board else \
        generic.platform(path, core, clock, work)
    platform += [f"include @{script.resolve()}" for script in args.scripts]
    if not args.json:
        where = args.board or f"a generic {generic.CORES[core]}"
        print(f"predict: running {path.name} on {where} in Renode ...", flush=True)
    outcome = run.run(renode, path, chosen, work, platform, args.calls,
                      args.simulated_seconds, args.host_seconds)
    if outcome.fault:
        return fail(f"{path.name} faulted ({outcome.fault}, HardFault handler entered) after "
                    f"{outcome.host_seconds:.0f} s host time; {where_it_stopped(path, work)}")
    traced: dict[str, list[dict[str, float]]] = {}
    untraced = ""
    priceable = all(outcome.calls[t.label] and not any(c.slept for c in outcome.calls[t.label])
                    for t in chosen)
    if priceable:
        traced, untraced = trace_calls(args, renode, path, chosen, work, platform, core, outcome)
    from models import pipeline  # the calibration: a few seconds, only once the run is done
    fitted = pipeline.run(progress=False)
    band = pipeline.model_bands(fitted)["core"]
    predictions = []
    for target in chosen:
        calls = outcome.calls[target.label]
        if not calls:
            return fail(f"{target.label} was never called (the run ended at {outcome.ended}; "
                        f"{where_it_stopped(path, work)})")
        if any(call.slept for call in calls):
            return fail(f"{target.label}: a call spans a WFI (the core sleeps until an "
                        "interrupt wakes it): no core model prices the sleep; profile a region "
                        "without it")
        where = price.place(path, args.board, target.begin)
        schedules = traced.get(target.label, [])
        if len(schedules) != len(calls):
            schedules = [None] * len(calls)
        prediction = price.predict(target.label, core, clock,
                                   [run.classes_of(call, outcome) for call in calls],
                                   schedules, [call.executed for call in calls],
                                   where, args.board, fitted.validation.full.values, band,
                                   untraced, [call.start for call in calls],
                                   [call.waited for call in calls])
        prediction.interrupts = sum(call.interrupts for call in calls)
        prediction.interrupt_instructions = sum(call.interrupt_instructions for call in calls)
        predictions.append(prediction)
    document = json.dumps({"elf": str(path), "board": args.board, "core": core,
                           "clock_hz": clock, "run_ended_at": outcome.ended,
                           "host_seconds": round(outcome.host_seconds, 2),
                           "targets": [p.as_dict() for p in predictions]}, indent=1)
    if args.save:
        args.save.write_text(document + "\n")
    if args.json:
        print(document)
        return 0
    for p in predictions:
        print("\n".join(lines_of(p)))
    print(f"(run ended at {outcome.ended}; {outcome.host_seconds:.0f} s host time; predicted "
          "figures are hardware cycles, the naive one is Renode's count)")
    return 0
