#!/usr/bin/env python3
"""How long `predict --elf` takes on a long run (the benchmark of reports/user-firmware-speed.md).

    .venv/bin/python tools/bench_predict_elf.py [--instructions 100e6]

Builds the miniature firmware of the tests (models/tests/data/user_demo.c) with its function's
loop long enough that the run executes about --instructions instructions in three calls, then
times `python -m models predict --elf ... --core m4 --clock-hz 16e6 --function sum_of_squares`
end to end (Renode's start, the counted run, the calibration, the price). Prints the figures and
writes the report. A benchmark, not a test: it asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
DATA = TOP / "models" / "tests" / "data"
OUT = TOP / "build" / "bench-predict-elf"
REPORT = TOP / "reports" / "user-firmware-speed.md"
# Instructions per loop turn of sum_of_squares at gcc -O2 for the Cortex-M4 (mul, add, adds,
# bne: the compare folds into adds), for sizing the loop; the report gives the run's own count.
PER_TURN = 4


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instructions", type=float, default=100e6)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    turns = int(args.instructions / 3 / PER_TURN)
    elf = OUT / "long.elf"
    subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-O2", "-nostdlib",
                    "-nostartfiles", f"-DDEMO_TURNS={turns}", "-T", str(DATA / "user_demo.ld"),
                    str(DATA / "user_demo.c"), "-o", str(elf)], check=True)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "models", "predict", "--elf", str(elf),
                           "--core", "m4", "--clock-hz", "16e6", "--function", "sum_of_squares",
                           "--calls", "3",
                           "--json", "--simulated-seconds", "600", "--host-seconds", "1200"],
                          cwd=TOP, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        return 1
    result = json.loads(done.stdout)
    (target,) = result["targets"]
    executed = target["instructions_per_call"] * target["calls"]
    print(f"bench_predict_elf: {target['calls']} calls, {executed / 1e6:.1f} M instructions in "
          f"them; {seconds:.1f} s host end to end (Renode run {result['host_seconds']:.1f} s)")
    REPORT.write_text(
        "# How long `predict --elf` takes\n\n"
        "`tools/bench_predict_elf.py` times `python -m models predict --elf` end to end on a run "
        "of about 100 M instructions: the tests' miniature firmware "
        "(`models/tests/data/user_demo.c`) with its function's loop lengthened, three calls, on "
        "a generic Cortex-M4 at 16 MHz (counted with the opcode counters; a run over "
        f"{30:,} M instructions is not traced).\n\n"
        "| figure | value |\n|---|---|\n"
        f"| instructions in the calls | {executed:,.0f} |\n"
        f"| calls | {target['calls']} |\n"
        f"| predicted cycles per call (median) | {target['predicted_cycles']['median']:,.0f} |\n"
        f"| host seconds, Renode's run | {result['host_seconds']:.1f} |\n"
        f"| host seconds, end to end | {seconds:.1f} |\n\n"
        "Target: under 2 minutes for a function in a run of 100 M instructions "
        f"({'met' if seconds < 120 else 'NOT met'}). Measured on the development machine (2 "
        "cores; other work may have shared them).\n")
    print(f"bench_predict_elf: wrote {REPORT.relative_to(TOP)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
