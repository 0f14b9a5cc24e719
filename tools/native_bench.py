#!/usr/bin/env python3
"""The libraries' own benchmark programs on a simulated board: build, run in Renode, read the table.

    tools/native_bench.py --program wolfcrypt|mbedtls --board rt1060 [--path sw|hw]
                          [--opt high-speed] [--no-build] [--timeout 3600]

  wolfcrypt  wolfcrypt/benchmark/benchmark.c, unmodified (firmware/apps/wolfbench/,
             `make -C firmware wolfbench`)
  mbedtls    programs/test/benchmark.c, unmodified but for its main()'s name
             (firmware/apps/mbedbench/, `make -C firmware mbedbench`; MBEDBENCH_ARGS= picks
             algorithms)

`--path hw` runs the accelerator build of a board that has one (the library's port of
firmware/boards/<board>/hw.mk). On the rt1170 wolfCrypt's program then benchmarks each algorithm
twice, "SW" and "HW" (its own CAAM mode), which the rows keep in their "device" field.

The program prints its native table; this tool echoes it, reads every line back
(parse_wolfcrypt(), parse_mbedtls()), and writes
build/native-bench/<program>-<board>-<path>-<opt>.json with one row per line. Figures are SIMULATED: the programs time themselves with the board's cycle
counter, which in Renode counts one cycle per executed instruction plus the accelerators'
modelled time, not hardware cycles.
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

# wolfcrypt/benchmark/benchmark.c bench_stats_sym_finish: "%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s".
WOLF_SYMMETRIC = re.compile(r"^(?P<name>\S.*?)\s+(?P<amount>\d+) (?P<unit>bytes|KiB|MiB|KB|MB) "
                            r"took (?P<seconds>[\d.]+) seconds,\s+(?P<rate>[\d.]+) "
                            r"(?P<rate_unit>bytes|KiB|MiB|KB|MB)/s$")
# bench_stats_asym_finish_ex: "%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s"
# (ECC adds "[curve]" to the name).
WOLF_ASYMMETRIC = re.compile(r"^(?P<algorithm>\S+)\s+(?:\[\s*(?P<curve>\S+)\]\s+)?(?P<bits>\d+)"
                             r"\s+(?P<operation>\S.*?)\s+(?P<ops>\d+) ops took "
                             r"(?P<seconds>[\d.]+) sec, avg (?P<ms>[\d.]+) ms, "
                             r"(?P<per_second>[\d.]+) ops/sec$")
# With a device (WOLFSSL_CAAM: the rt1170's accelerator build) each name or operation ends in the
# program's BENCH_DEVID_GET_NAME, "SW" or "HW".
WOLF_DEVICE = re.compile(r"^(?P<base>\S.*?)\s+(?P<device>SW|HW)$")
WOLF_FAILURE = re.compile(r"^Benchmark (?P<what>.+?) failed: (?P<code>-?\d+)$")
WOLF_FIRST, WOLF_LAST = "wolfCrypt Benchmark", "Benchmark complete"
# The title's "(block bytes %d, ...)": the bytes of each call of a symmetric row (the program's
# bench_size, 1 KiB unless its command line gives another).
WOLF_BLOCK_BYTES = re.compile(r"\(block bytes (?P<bytes>\d+),")

# programs/test/benchmark.c: HEADER_FORMAT "  %-24s :  ", then TIME_AND_TSC's
# "%9lu KiB/s,  %9lu cycles/byte", TIME_PUBLIC's "%6lu " TYPE "/s", or an error or skip notice.
MBED_SYMMETRIC = re.compile(r"^  (?P<name>\S.*?)\s*:\s+(?P<kib>\d+) KiB/s,\s+(?P<cpb>\d+) "
                            r"cycles/byte$")
MBED_PUBLIC = re.compile(r"^  (?P<name>\S.*?)\s*:\s+(?P<ops>\d+)\s+(?P<operation>[a-z][a-z ]*)/s$")
MBED_FAILURE = re.compile(r"^  (?P<name>\S.*?)\s*:\s+FAILED: (?P<what>.*)$")
MBED_SKIPPED = re.compile(r"^  (?P<name>\S.*?)\s*:\s+Feature [Nn]ot [Ss]upported\. Skipping\.$")
MBED_FIRST, MBED_LAST = "@start mbedbench", "@done mbedbench"
# The app's checks of an accelerator port before the program runs (firmware/apps/mbedbench/main.c).
MBED_SELF_TEST = re.compile(r"^@selftest (?P<name>\S+) (?P<result>passed|failed)$")


class Table:
    """What one run of a program printed: result rows, failures, skipped algorithms, the self-tests
    that passed, and lines not understood."""

    def __init__(self) -> None:
        self.rows: list[dict] = []
        # Rows of no operation, each with the index in `rows` it would have had: wolfCrypt's rows
        # whose first operation failed (their failure line follows) and mbedtls's failed or
        # skipped rows (the line itself). The programs still timed them.
        self.empty_rows: list[dict] = []
        self.self_tests: list[str] = []
        self.failures: list[dict] = []
        self.skipped: list[str] = []
        self.unparsed: list[str] = []
        self.complete = False


def split_device(text: str) -> tuple[str, str | None]:
    """("AES-128-CBC-enc", "HW") from "AES-128-CBC-enc         HW"; (text, None) without one."""
    if found := WOLF_DEVICE.match(text):
        return found["base"], found["device"]
    return text, None


def parse_wolfcrypt(lines: list[str], clock_hz: float) -> Table:
    """Reads wolfCrypt's tables, each between its title and "Benchmark complete" (the app runs
    the program more than once: the whole set, then P-384's ECC). Complete when every table
    ended. Rows of a build with a device carry "device": "SW" or "HW"; others "device": None."""
    table = Table()
    inside = False
    runs = ended = 0
    block_bytes = 1024
    for raw in lines:
        line = raw.rstrip()
        if line.startswith(WOLF_FIRST):
            inside, runs = True, runs + 1
            if found := WOLF_BLOCK_BYTES.search(line):
                block_bytes = int(found["bytes"])
            continue
        if not inside or not line:
            continue
        if line == WOLF_LAST:
            inside, ended = False, ended + 1
            continue
        if found := WOLF_SYMMETRIC.match(line):
            rate = float(found["rate"]) * UNIT_BYTES[found["rate_unit"]]
            name, device = split_device(found["name"].strip())
            table.rows.append({
                "kind": "symmetric", "name": name, "device": device,
                "bytes": int(found["amount"]) * UNIT_BYTES[found["unit"]],
                "block_bytes": block_bytes,
                "seconds": float(found["seconds"]), "bytes_per_s": rate,
                "kib_per_s": rate / 1024, "cycles_per_byte": clock_hz / rate if rate else None})
        elif found := WOLF_ASYMMETRIC.match(line):
            if int(found["ops"]) == 0:
                # The operation failed at once; its "Benchmark ... failed" line follows.
                table.empty_rows.append({"name": found["algorithm"], "position": len(table.rows)})
                continue
            ms = float(found["ms"])
            operation, device = split_device(found["operation"].strip())
            table.rows.append({
                "kind": "asymmetric", "name": found["algorithm"], "curve": found["curve"],
                "key_bits": int(found["bits"]), "operation": operation, "device": device,
                "ops": int(found["ops"]), "seconds": float(found["seconds"]), "ms": ms,
                "cycles": ms * 1e-3 * clock_hz})
        elif found := WOLF_FAILURE.match(line):
            table.failures.append({"what": found["what"].strip(), "code": int(found["code"])})
        else:
            table.unparsed.append(line)
    table.complete = runs > 0 and ended == runs
    return table


def parse_mbedtls(lines: list[str], clock_hz: float) -> Table:
    """Reads mbedtls's table between the app's @start and @done lines. Its public-key lines give
    whole operations per second (the program's resolution), so their ms are as coarse."""
    table = Table()
    inside = False
    for raw in lines:
        line = raw.rstrip()
        if line.startswith(MBED_FIRST):
            inside = True
            continue
        if not inside or not line.strip():
            continue
        if line.startswith(MBED_LAST):
            table.complete = True
            break
        if found := MBED_SYMMETRIC.match(line):
            kib = float(found["kib"])
            table.rows.append({
                "kind": "symmetric", "name": found["name"], "kib_per_s": kib,
                "bytes_per_s": kib * 1024, "cycles_per_byte": float(found["cpb"])})
        elif found := MBED_PUBLIC.match(line):
            ops = int(found["ops"])
            table.rows.append({
                "kind": "asymmetric", "name": found["name"],
                "operation": " ".join(found["operation"].split()), "per_second": ops,
                "ms": 1000.0 / ops if ops else None,
                "cycles": clock_hz / ops if ops else None})
        elif found := MBED_FAILURE.match(line):
            table.failures.append({"what": found["name"], "code": found["what"]})
            table.empty_rows.append({"name": found["name"], "position": len(table.rows)})
        elif found := MBED_SKIPPED.match(line):
            table.skipped.append(found["name"])
            table.empty_rows.append({"name": found["name"], "position": len(table.rows)})
        elif found := MBED_SELF_TEST.match(line):
            if found["result"] == "passed":
                table.self_tests.append(found["name"])
            else:
                table.failures.append({"what": f"self-test {found['name']}", "code": "failed"})
        else:
            table.unparsed.append(line)
    return table


PROGRAMS = {"wolfcrypt": ("wolfbench", "wolfcrypt", parse_wolfcrypt),
            "mbedtls": ("mbedbench", "mbedtls", parse_mbedtls)}


def start_line(lines: list[str]) -> dict[str, str]:
    """The fields of the app's "@start <app> key=value ..." line."""
    for line in lines:
        if line.startswith(("@start wolfbench ", "@start mbedbench ")):
            return dict(field.split("=", 1) for field in line.split()[2:] if "=" in field)
    return {}


def build(app: str, board: str, opt: str) -> None:
    print(f"native-bench: building {app} for {board} {opt} ...", flush=True)
    subprocess.run(["make", "--no-print-directory", "-C", str(TOP / "firmware"), app,
                    f"BOARDS={board}", f"OPTS={opt}"], check=True, stdout=subprocess.DEVNULL)


def report(table: Table, clock_hz: float) -> None:
    print(f"\nSIMULATED figures at {clock_hz / 1e6:g} MHz (Renode's counter: one cycle per "
          "instruction; not hardware cycles):")
    for row in table.rows:
        device = row.get("device") or ""
        if row["kind"] == "symmetric":
            print(f"  {row['name'] + ' ' + device:<32} {row['kib_per_s']:>12,.1f} KiB/s "
                  f"{row['cycles_per_byte']:>10.2f} cycles/byte")
            continue
        name = " ".join(f"{row['name']} {row.get('curve') or ''} {row.get('key_bits') or ''} "
                        f"{row['operation']} {device}".split())
        if row["ms"] is None:
            print(f"  {name:<32} {'< 1 per second':>15}")
        else:
            print(f"  {name:<32} {row['ms']:>12,.3f} ms    {row['cycles']:>14,.0f} cycles")
    for name in table.self_tests:
        print(f"  self-test {name} passed (through the accelerator port, before the program)")
    for failure in table.failures:
        print(f"  FAILED {failure['what']}: {failure['code']}")
    for name in table.skipped:
        print(f"  SKIPPED {name} (not supported by this build)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", required=True, choices=sorted(PROGRAMS))
    parser.add_argument("--board", required=True, choices=sorted(run_firmware.UARTS))
    parser.add_argument("--path", default="sw", choices=("sw", "hw"))
    parser.add_argument("--opt", default="high-speed", choices=("none", "high-speed"))
    parser.add_argument("--no-build", action="store_true", help="run the existing image")
    parser.add_argument("--timeout", type=float, default=3600, help="host seconds (default 3600)")
    args = parser.parse_args(argv)
    app, library, parse = PROGRAMS[args.program]
    renode = run_firmware.find_renode()
    if renode is None:
        print("native-bench: error: Renode not found (`make deps` installs it, or set RENODE=)",
              file=sys.stderr)
        return 1
    if not args.no_build:
        build(app, args.board, args.opt)
    elf = TOP / "build" / f"fw-{app}" / args.board / f"{library}-{args.path}-{args.opt}" / f"{app}.elf"
    if not elf.exists():
        print(f"native-bench: error: {elf} does not exist (run without --no-build)",
              file=sys.stderr)
        return 1
    out = TOP / "build" / "native-bench"
    name = f"{args.program}-{args.board}-{args.path}-{args.opt}"
    print(f"native-bench: running {elf.relative_to(TOP)} in Renode ({renode}) ...", flush=True)
    started = time.monotonic()
    lines = run_firmware.run(renode, elf, args.board, out / f"{name}.uart.txt", args.timeout)
    print("\n".join(line for line in lines if not line.startswith("@")))
    fields = start_line(lines)
    clock_hz = float(fields.get("clock_hz", 0))
    if not clock_hz:
        print("native-bench: error: the image printed no @start line with its clock",
              file=sys.stderr)
        return 1
    table = parse(lines, clock_hz)
    report(table, clock_hz)
    record = out / f"{name}.json"
    record.write_text(json.dumps({"program": args.program, "board": args.board,
                                  "path": args.path, "opt": args.opt,
                                  "start": fields, "rows": table.rows,
                                  "failures": table.failures, "skipped": table.skipped,
                                  "unparsed": table.unparsed, "complete": table.complete},
                                 indent=1) + "\n")
    print(f"\nnative-bench: {len(table.rows)} results, {len(table.failures)} failed, "
          f"{len(table.skipped)} skipped, {len(table.unparsed)} lines not understood, in "
          f"{time.monotonic() - started:.1f} s host; {record.relative_to(TOP)}")
    return 0 if table.complete and not table.unparsed else 1


if __name__ == "__main__":
    sys.exit(main())
