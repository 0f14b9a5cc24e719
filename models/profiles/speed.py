"""Profiling speed of one or more Renode builds, measured in one run on one image.

    python -m models.profiles.speed RENODE [RENODE ...] [--board rt1060] [--rounds 2]

Each Renode runs the same image (default: the rt1060 mbedtls -O3 bench) in the three ways
profile collection runs firmware (models/profiles/collect.py):
  plain     no instrumentation, as the robot suites and `make`'s bench run,
  counting  opcode counters and the region hooks (every profile),
  traced    the execution tracer writing PCs (the Cortex-M7 -O3 issue schedules).
Rounds alternate between the Renodes, so a change in the machine's load hits each alike; the
fastest round of each is kept. MIPS = instructions executed in the measured regions (the stored
profile's total) / host wall seconds, Renode start-up included, so it is a lower bound of the
execution rate and comparable between Renodes, not between images.

Writes reports/renode-speed.md and reports/renode-speed.json.
"""
from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path

from models.profiles import collect, store

TOP = Path(__file__).resolve().parents[2]
REPORTS = TOP / "reports"
MODES = ("plain", "counting", "traced")


def startup_seconds(renode: str, elf: Path, board: str, work: Path) -> float:
    """Host seconds from launching Renode to quitting it with the image loaded, not run: what
    every run pays before its first instruction."""
    work.mkdir(parents=True, exist_ok=True)
    script, _, _ = collect.write_script(elf, board, work, counting=False)
    lines = script.read_text().splitlines()
    script.write_text("\n".join(line for line in lines if line != "start") + "\nquit\n")
    started = time.monotonic()
    subprocess.run([renode, "--disable-xwt", "--plain", "--hide-log", "-P",
                    str(collect.free_port()), "-e", f"include @{script}"],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=300, check=False)
    return time.monotonic() - started


def renode_version(renode: str) -> str:
    shown = subprocess.run([renode, "--version"], capture_output=True, text=True, timeout=120)
    # "Renode, version 1.14.0.21972 (...)" (1.14) or "Renode v1.16.1.22410" (1.16)
    lines = [line.strip() for line in shown.stdout.splitlines() if "Renode" in line]
    return lines[0] if lines else "unknown"


def timed_run(renode: str, elf: Path, board: str, mode: str, work: Path,
              regions: int, timeout: float) -> float:
    """Host seconds of one run of the image in one mode."""
    work.mkdir(parents=True, exist_ok=True)
    for stale in ("uart.txt", "snapshots.txt", "trace.txt"):
        (work / stale).unlink(missing_ok=True)
    trace = work / "trace.txt" if mode == "traced" else None
    script, _, _ = collect.write_script(elf, board, work, counting=mode == "counting", trace=trace)
    written = None
    if trace is not None:
        progress = collect.TraceProgress(trace, collect.symbol_address(elf, collect.BOUNDARY))

        def written() -> bool:
            return progress.count() >= 2 * regions
    started = time.monotonic()
    collect.run_renode(renode, script, work / "uart.txt", timeout, written=written)
    seconds = time.monotonic() - started
    if trace is not None:
        trace.unlink(missing_ok=True)
    return seconds


def measure(renodes: list[str], board: str, image: str, app: str, rounds: int,
            timeout: float) -> dict:
    library, path, opt = image.split("-", 2)
    profile = store.load(board, library, path, opt, app)
    if profile is None:
        raise SystemExit(f"speed: error: no stored profile of {board}/{image}/{app} to count "
                         "its instructions")
    elf = TOP / "build" / "fw" / board / image / f"{app}.elf"
    if not elf.exists():
        raise SystemExit(f"speed: error: {elf} does not exist; run `make firmware` first")
    instructions = float(profile["total_instructions"])
    regions = len(profile["regions"])
    versions = {renode: renode_version(renode) for renode in renodes}
    best: dict[str, dict[str, float]] = {renode: {} for renode in renodes}
    for round_number in range(1, rounds + 1):
        for index, renode in enumerate(renodes):
            seconds = startup_seconds(renode, elf, board,
                                      TOP / "build" / "profiles" / "speed" / f"renode{index}" / "startup")
            print(f"speed: round {round_number}/{rounds} start-up {versions[renode]}: "
                  f"{seconds:.1f} s", flush=True)
            best[renode]["startup"] = min(seconds, best[renode].get("startup", float("inf")))
        for mode in MODES:
            for index, renode in enumerate(renodes):
                work = TOP / "build" / "profiles" / "speed" / f"renode{index}" / mode
                seconds = timed_run(renode, elf, board, mode, work, regions, timeout)
                print(f"speed: round {round_number}/{rounds} {mode:8s} {versions[renode]}: "
                      f"{seconds:.1f} s", flush=True)
                best[renode][mode] = min(seconds, best[renode].get(mode, float("inf")))
    return {
        "board": board, "image": image, "app": app, "rounds": rounds,
        "instructions_in_regions": instructions,
        "host": f"{platform.machine()}, {platform.system()} {platform.release()}",
        "renodes": [{"renode": renode, "version": versions[renode],
                     "host_seconds": best[renode],
                     "mips": {mode: instructions / best[renode][mode] / 1e6 for mode in MODES},
                     "execution_mips": {mode: instructions / max(1e-3, best[renode][mode]
                                                                 - best[renode]["startup"]) / 1e6
                                        for mode in MODES}}
                    for renode in renodes],
    }


def markdown(record: dict) -> str:
    out = ["# Profiling speed per Renode version", "",
           f"Generated by `python -m models.profiles.speed` (models/profiles/speed.py) on "
           f"{record['host']}: {record['board']} {record['image']} {record['app']}, "
           f"{record['instructions_in_regions'] / 1e6:.1f} M instructions in its measured "
           f"regions, best of {record['rounds']} alternating rounds per Renode and mode. "
           "MIPS = those instructions / host wall seconds including Renode's start-up: a lower "
           "bound of the execution rate, comparable between the Renodes of this table. "
           "Execution MIPS takes the start-up (Renode launched, the image loaded, quit) out.", "",
           "| Renode | start-up s | plain s | counting s | traced s | plain MIPS (exec) | "
           "counting MIPS (exec) | traced MIPS (exec) |", "|---|---|---|---|---|---|---|---|"]
    for entry in record["renodes"]:
        cells = [entry["version"], f"{entry['host_seconds']['startup']:.1f}"]
        cells += [f"{entry['host_seconds'][mode]:.1f}" for mode in MODES]
        cells += [f"{entry['mips'][mode]:.1f} ({entry['execution_mips'][mode]:.1f})"
                  for mode in MODES]
        out.append("| " + " | ".join(cells) + " |")
    short = sorted({mode for entry in record["renodes"] for mode in MODES
                    if entry["host_seconds"][mode] - entry["host_seconds"]["startup"] < 1.0})
    if short:
        out += ["", f"Caution: the {', '.join(short)} runs executed for less than a second beyond "
                "the start-up, within its run-to-run variation: their execution MIPS are not "
                "meaningful at this image's size (pick a longer one with --image/--app)."]
    if len(record["renodes"]) == 2:
        first, second = record["renodes"]
        ratios = ", ".join(f"{mode} {second['execution_mips'][mode] / first['execution_mips'][mode]:.2f}x"
                           for mode in MODES)
        out += ["", f"{second['version']} against {first['version']}, execution MIPS: {ratios}."]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("renodes", nargs="+", metavar="RENODE",
                        help="path of a `renode` launcher (at least one)")
    parser.add_argument("--board", default="rt1060", choices=sorted(collect.UARTS))
    parser.add_argument("--image", default="mbedtls-sw-high-speed")
    parser.add_argument("--app", default="bench", choices=collect.APPS)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args(argv)
    for renode in args.renodes:
        if not Path(renode).is_file():
            parser.error(f"{renode}: no such file (give the path of a renode launcher)")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    record = measure(args.renodes, args.board, args.image, args.app, args.rounds, args.timeout)
    REPORTS.mkdir(exist_ok=True)
    (REPORTS / "renode-speed.json").write_text(json.dumps(record, indent=1) + "\n")
    (REPORTS / "renode-speed.md").write_text(markdown(record))
    print(markdown(record))
    print("speed: wrote reports/renode-speed.md and reports/renode-speed.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
