#!/usr/bin/env python3
"""wolfCrypt's own benchmark program on a simulated board: build, run in Renode, read its table.

    tools/wolfbench.py --board rt1060 [--opt high-speed] [--no-build] [--timeout 1800]

The image is wolfcrypt/benchmark/benchmark.c, unmodified (firmware/apps/wolfbench/, `make -C
firmware wolfbench`). The program prints its native table; this tool echoes it, reads every line
back (parse()), and writes build/wolfbench/<board>-<opt>.json with one row per line. Figures are
SIMULATED: the program times itself with the board's cycle counter, which in Renode counts one
cycle per executed instruction plus the accelerators' modelled time, not hardware cycles.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOP / "tools"))

import run_firmware  # noqa: E402  (tools/ is not a package)

UNIT_BYTES = {"bytes": 1, "KiB": 1024, "MiB": 1024 * 1024, "KB": 1000, "MB": 1000 * 1000}

# benchmark.c bench_stats_sym_finish: "%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s".
SYMMETRIC = re.compile(r"^(?P<name>\S.*?)\s+(?P<amount>\d+) (?P<unit>bytes|KiB|MiB|KB|MB) took "
                       r"(?P<seconds>[\d.]+) seconds,\s+(?P<rate>[\d.]+) "
                       r"(?P<rate_unit>bytes|KiB|MiB|KB|MB)/s$")
# benchmark.c bench_stats_asym_finish_ex:
# "%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s" (ECC adds "[curve]" to the name).
ASYMMETRIC = re.compile(r"^(?P<algorithm>\S+)\s+(?:\[\s*(?P<curve>\S+)\]\s+)?(?P<bits>\d+)\s+"
                        r"(?P<operation>\S.*?)\s+(?P<ops>\d+) ops took (?P<seconds>[\d.]+) sec, "
                        r"avg (?P<ms>[\d.]+) ms, (?P<per_second>[\d.]+) ops/sec$")
FAILURE = re.compile(r"^Benchmark (?P<what>.+?) failed: (?P<code>-?\d+)$")
FIRST, LAST = "wolfCrypt Benchmark", "Benchmark complete"


class Table:
    """What one run of the program printed: result rows, failures, and lines not understood."""

    def __init__(self) -> None:
        self.rows: list[dict] = []
        self.failures: list[dict] = []
        self.unparsed: list[str] = []
        self.complete = False


def parse(lines: list[str], clock_hz: float) -> Table:
    """Reads the program's table between its title and "Benchmark complete"."""
    table = Table()
    inside = False
    for raw in lines:
        line = raw.rstrip()
        if line.startswith(FIRST):
            inside = True
            continue
        if not inside or not line:
            continue
        if line == LAST:
            table.complete = True
            break
        if found := SYMMETRIC.match(line):
            rate = float(found["rate"]) * UNIT_BYTES[found["rate_unit"]]
            table.rows.append({
                "kind": "symmetric", "name": found["name"].strip(),
                "bytes": int(found["amount"]) * UNIT_BYTES[found["unit"]],
                "seconds": float(found["seconds"]), "bytes_per_s": rate,
                "kib_per_s": rate / 1024, "cycles_per_byte": clock_hz / rate if rate else None})
        elif found := ASYMMETRIC.match(line):
            if int(found["ops"]) == 0:
                continue  # the operation failed at once; its "Benchmark ... failed" line follows
            ms = float(found["ms"])
            table.rows.append({
                "kind": "asymmetric", "name": found["algorithm"], "curve": found["curve"],
                "key_bits": int(found["bits"]), "operation": found["operation"].strip(),
                "ops": int(found["ops"]), "seconds": float(found["seconds"]), "ms": ms,
                "cycles": ms * 1e-3 * clock_hz})
        elif found := FAILURE.match(line):
            table.failures.append({"what": found["what"].strip(), "code": int(found["code"])})
        else:
            table.unparsed.append(line)
    return table


def start_line(lines: list[str]) -> dict[str, str]:
    """The fields of the app's "@start wolfbench key=value ..." line."""
    for line in lines:
        if line.startswith("@start wolfbench "):
            return dict(field.split("=", 1) for field in line.split()[2:] if "=" in field)
    return {}


def build(board: str, opt: str) -> None:
    print(f"wolfbench: building {board} {opt} ...", flush=True)
    subprocess.run(["make", "--no-print-directory", "-C", str(TOP / "firmware"), "wolfbench",
                    f"BOARDS={board}", f"OPTS={opt}"], check=True, stdout=subprocess.DEVNULL)


def report(table: Table, clock_hz: float) -> None:
    print(f"\nSIMULATED figures at {clock_hz / 1e6:g} MHz (Renode's counter: one cycle per "
          "instruction; not hardware cycles):")
    for row in table.rows:
        if row["kind"] == "symmetric":
            print(f"  {row['name']:<28} {row['kib_per_s']:>12,.1f} KiB/s "
                  f"{row['cycles_per_byte']:>10.2f} cycles/byte")
        else:
            name = f"{row['name']} {row['curve'] or ''} {row['key_bits']} {row['operation']}"
            print(f"  {' '.join(name.split()):<28} {row['ms']:>12,.3f} ms    "
                  f"{row['cycles']:>14,.0f} cycles")
    for failure in table.failures:
        print(f"  FAILED {failure['what']}: {failure['code']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", required=True, choices=sorted(run_firmware.UARTS))
    parser.add_argument("--opt", default="high-speed", choices=("none", "high-speed"))
    parser.add_argument("--no-build", action="store_true", help="run the existing image")
    parser.add_argument("--timeout", type=float, default=1800, help="host seconds (default 1800)")
    args = parser.parse_args(argv)
    renode = run_firmware.find_renode()
    if renode is None:
        print("wolfbench: error: Renode not found (`make deps` installs it, or set RENODE=)",
              file=sys.stderr)
        return 1
    if not args.no_build:
        build(args.board, args.opt)
    elf = TOP / "build" / "fw-wolfbench" / args.board / f"wolfcrypt-sw-{args.opt}" / "wolfbench.elf"
    if not elf.exists():
        print(f"wolfbench: error: {elf} does not exist (run without --no-build)", file=sys.stderr)
        return 1
    out = TOP / "build" / "wolfbench"
    print(f"wolfbench: running {elf.relative_to(TOP)} in Renode ({renode}) ...", flush=True)
    started = time.monotonic()
    lines = run_firmware.run(renode, elf, args.board, out / f"{args.board}-{args.opt}.uart.txt",
                             args.timeout)
    print("\n".join(line for line in lines if not line.startswith("@")))
    fields = start_line(lines)
    clock_hz = float(fields.get("clock_hz", 0))
    if not clock_hz:
        print("wolfbench: error: the image printed no @start line with its clock", file=sys.stderr)
        return 1
    table = parse(lines, clock_hz)
    report(table, clock_hz)
    record = out / f"{args.board}-{args.opt}.json"
    record.write_text(json.dumps({"board": args.board, "opt": args.opt, "start": fields,
                                  "rows": table.rows, "failures": table.failures,
                                  "unparsed": table.unparsed, "complete": table.complete},
                                 indent=1) + "\n")
    print(f"\nwolfbench: {len(table.rows)} results, {len(table.failures)} failed, "
          f"{len(table.unparsed)} lines not understood, in {time.monotonic() - started:.1f} s "
          f"host; {record.relative_to(TOP)}")
    return 0 if table.complete and not table.unparsed else 1


if __name__ == "__main__":
    sys.exit(main())
