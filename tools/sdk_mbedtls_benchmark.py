#!/usr/bin/env python3
"""NXP's own mbedtls_benchmark (SDK 24.12.00) on the simulated EVKs, run and predicted.

    .venv/bin/python tools/sdk_mbedtls_benchmark.py run --board rt1060 --host-seconds 1800
    .venv/bin/python tools/sdk_mbedtls_benchmark.py predict --board rt1060 --row MD5 --row SHA-1
    .venv/bin/python tools/sdk_mbedtls_benchmark.py report

`run` starts the image (build/fw-sdk-examples/<board>/mbedtls_benchmark.elf, firmware/sdk-examples/)
on the board's platform and records NXP's console lines, each with the host second it arrived
at and the simulated second the machine had reached, until the benchmark ends or the host budget
is spent. `predict` runs the same ELF through the user-firmware prediction path
(`python -m models predict --elf ... --board ... --function <fn>`, docs/user-firmware.md) for the
function each row times. Both store what they measured in reports/sdk-mbedtls-benchmark.json;
`report` writes reports/sdk-mbedtls-benchmark.md from it and from the matrix's predictions
(reports/predictions.csv).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
IMAGES = TOP / "build" / "fw-sdk-examples"
WORK = TOP / "build" / "sdk-mbedtls-benchmark"
DATA = TOP / "reports" / "sdk-mbedtls-benchmark.json"
REPORT = TOP / "reports" / "sdk-mbedtls-benchmark.md"
MATRIX = TOP / "reports" / "predictions.csv"
UART = "sysbus.lpuart1"
BOARDS = {"rt1060": "DCP", "rt1170": "CAAM"}
BUFSIZE = 1024  # benchmark.c: every TIME_AND_TSC row processes 1 KiB per call

# Each TIME_AND_TSC row of benchmark.c, the mbedtls function it calls once per iteration, and the
# matrix row (reports/predictions.csv: algorithm, key bits) that measures the same operation.
ROWS = {
    "MD5": ("mbedtls_md5_ret", ("md5", "")),
    "SHA-1": ("mbedtls_sha1_ret", ("sha1", "")),
    "SHA-256": ("mbedtls_sha256_ret", ("sha256", "")),
    "SHA-512": ("mbedtls_sha512_ret", ("sha512", "")),
    "AES-CBC-128": ("mbedtls_aes_crypt_cbc", ("aes-cbc", "128")),
}
# Which rows each board's port puts on its accelerator (ksdk_mbedtls_config.h; the benchmark
# prints it too).
ACCELERATED = {"rt1060": {"SHA-1", "SHA-256", "AES-CBC-128"},
               "rt1170": {"SHA-1", "SHA-256", "AES-CBC-128"}}
ROW = re.compile(r"^\s*(?P<title>\S+)\s+:\s+(?P<kibs>[0-9.]+) KiB/s,"
                 r"\s+(?P<cpb>[0-9.]+) cycles/byte")


def load() -> dict:
    return json.loads(DATA.read_text()) if DATA.exists() else {"runs": {}, "predictions": {}}


def save(data: dict) -> None:
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def virtual_seconds(port: int) -> float | None:
    """The machine's elapsed virtual time, asked of Renode's monitor."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as monitor:
            monitor.settimeout(1.0)
            monitor.sendall(b"emulation GetTimeSourceInfo\n")
            text, started = b"", time.monotonic()
            while b"Elapsed Virtual Time" not in text or not text.rstrip().endswith(b")"):
                if time.monotonic() - started > 5:
                    break
                try:
                    text += monitor.recv(65536)
                except socket.timeout:
                    continue
    except OSError:
        return None
    found = re.search(rb"Elapsed Virtual Time: (\d+):(\d+):([0-9.]+)", text)
    if not found:
        return None
    hours, minutes, seconds = found.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def run(board: str, host_seconds: float, until: str | None) -> dict:
    """Runs the benchmark until it ends, prints the row `until`, or spends the host budget;
    returns its console lines with their host and virtual arrival times."""
    elf = IMAGES / board / "mbedtls_benchmark.elf"
    if not elf.exists():
        raise SystemExit(f"{elf} is missing: build it with `make -C firmware/sdk-examples`")
    WORK.mkdir(parents=True, exist_ok=True)
    log = WORK / f"{board}.uart.txt"
    log.unlink(missing_ok=True)
    port = free_port()
    script = TOP / "platforms" / "scripts" / f"{board}.resc"
    commands = "; ".join([f"$bin=@{elf}", f"include @{script}",
                          f"{UART} CreateFileBackend @{log} true", "start"])
    process = subprocess.Popen(["renode", "--disable-xwt", "--plain", "--hide-log", "-P", str(port),
                                "-e", commands], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    started = time.monotonic()
    lines: list[dict] = []
    # Stopped from outside (SIGTERM, Ctrl-C): keep what was printed so far, like the budget does.
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    signal.signal(signal.SIGINT, lambda *_: stop.append(True))
    try:
        while time.monotonic() - started < host_seconds and process.poll() is None \
                and not (until and until in printed_rows({"lines": lines})) and not stop \
                and not finished(lines):
            time.sleep(2)
            text = log.read_text(errors="replace").replace("\r", "") if log.exists() else ""
            complete = text.split("\n")[:-1]
            if len(complete) > len(lines):
                now, simulated = time.monotonic() - started, virtual_seconds(port)
                for line in complete[len(lines):]:
                    lines.append({"text": line, "host_s": round(now, 1),
                                  "virtual_s": simulated})
                    print(f"{now:7.0f} s  {line}", flush=True)
        ended = time.monotonic() - started
        simulated = virtual_seconds(port)
        partial = (log.read_text(errors="replace").replace("\r", "").split("\n")[-1]
                   if log.exists() else "")
    finally:
        # `renode` is a launcher script: stop its whole process group, Renode's mono included.
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
    return {"elf": str(elf.relative_to(TOP)), "host_seconds": round(ended, 1),
            "virtual_seconds": simulated, "lines": lines, "unfinished": partial.strip()}


# A row of the public-key part ("RSA-1024 :  52.33 private/s", "... full handshake/s").
PUBLIC_ROW = re.compile(r"^\s*\S.*:\s+[0-9.]+\s+[a-z ]+/s\s*$")
# Any row: a title (which may hold spaces: "CTR_DRBG (NOPR)"), a colon, a figure.
ANY_ROW = re.compile(r"^\s*(?P<title>\S.*?)\s*:\s+(?P<figure>[0-9.]+\s+\S.*?)\s*$")


def finished(lines: list[dict]) -> bool:
    """Whether benchmark.c has printed its last line: the blank line after its last row, before
    it echoes the console forever."""
    texts = [line["text"] for line in lines]
    return bool(texts) and texts[-1].strip() == "" and len(texts) > 1 and \
        bool(ROW.match(texts[-2]) or PUBLIC_ROW.match(texts[-2]))


def predict(board: str, rows: list[str], calls: int, host_seconds: float,
            xip: bool = False) -> dict:
    """One prediction run per row, for the function the row times: the run stops after `calls`
    calls of it, so hooks fire on that row's calls only (a hook costs the host milliseconds; a
    row makes tens of thousands of calls). An accelerated call's engine time is in it: the
    instructions the core skipped while the driver polled (models/user/price.py). With `xip`,
    the flash image (mbedtls_benchmark_xip.elf), whose code runs from QSPI flash behind the
    Cortex-M7's I-cache."""
    elf = IMAGES / board / f"mbedtls_benchmark{'_xip' if xip else ''}.elf"
    WORK.mkdir(parents=True, exist_ok=True)
    found = {}
    for row in rows:
        out = WORK / f"{board}{'-xip' if xip else ''}-predict-{row}.json"
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "models", "predict", "--elf", str(elf), "--board",
                        board, f"--function={ROWS[row][0]}", "--calls", str(calls),
                        "--host-seconds", str(host_seconds), "--save", str(out)], cwd=TOP,
                       check=True)
        document = json.loads(out.read_text())
        document["elf"] = str(elf.relative_to(TOP))
        document["wall_seconds"] = round(time.monotonic() - started, 1)
        found[row] = document
    return found


def printed_rows(run_record: dict) -> dict[str, tuple[float, float, float]]:
    """NXP's printed rows: title -> (KiB/s, cycles/byte, host seconds the row took)."""
    rows, previous = {}, None
    for line in run_record["lines"]:
        match = ROW.match(line["text"])
        if match:
            took = line["host_s"] - previous if previous is not None else line["host_s"]
            rows[match["title"]] = (float(match["kibs"]), float(match["cpb"]), took)
        if match or line["text"].startswith("  Asymmetric"):
            previous = line["host_s"]
    return rows


def every_row(run_record: dict) -> list[tuple[str, str, float, float]]:
    """Every row NXP printed, in order: (title, figure as printed, simulated seconds at its
    end, host seconds it took)."""
    out, previous = [], None
    for line in run_record["lines"]:
        row = ANY_ROW.match(line["text"])
        if row:
            took = line["host_s"] - (previous if previous is not None else 0.0)
            out.append((row["title"], " ".join(row["figure"].split()),
                        line["virtual_s"] or float("nan"), took))
        if row or line["text"].startswith("  Asymmetric"):
            previous = line["host_s"]
    return out


def matrix(board: str, row: str) -> dict[tuple[str, str], float]:
    """The matrix's predicted cycles/byte for the row's operation: (path, opt) -> figure."""
    algorithm, bits = ROWS[row][1]
    found = {}
    with MATRIX.open() as table:
        for entry in csv.DictReader(table):
            if (entry["board"], entry["library"], entry["algorithm"], entry["key_bits"],
                    entry["metric"], entry["build"], entry["buffer_bytes"]) == \
                    (board, "mbedtls", algorithm, bits, "cycles_per_byte", "matrix", "1024"):
                found[(entry["path"], entry["opt"])] = float(entry["predicted"])
    return found


def unfinished_pace(record: dict) -> str:
    """How fast the row the run stopped in went: simulated time per host second since its last
    printed line (where the monitor answered both times)."""
    last = record["lines"][-1] if record["lines"] else None
    if not last or last["virtual_s"] is None or record.get("virtual_seconds") is None:
        return ""
    host = record["host_seconds"] - last["host_s"]
    simulated = record["virtual_seconds"] - last["virtual_s"]
    if host <= 0:
        return ""
    return (f", which ran {simulated * 1e3:,.1f} simulated ms in {host:,.0f} host s "
            f"({simulated * 1e3 / host:.2f} simulated ms per host second)")


def fmt(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def report(data: dict) -> str:
    out = ["# NXP's mbedtls_benchmark, run and predicted",
           "",
           "Generated by `tools/sdk_mbedtls_benchmark.py report` from "
           "`reports/sdk-mbedtls-benchmark.json` (what `run` and `predict` measured); do not edit.",
           "",
           "NXP's `mbedtls_examples/mbedtls_benchmark` of mcuxsdk-examples 24.12.00 with "
           "NXP's mbedtls 2.28.8 fork of the same release (KSDK port: the DCP on the "
           "evkbmimxrt1060, the CAAM on the evkbmimxrt1170 cm7), built unmodified as the SDK's "
           "armgcc RAM target at -Os (firmware/sdk-examples/). Each row calls one mbedtls "
           "function on a 1 KiB buffer for one second, then 1024 more times.",
           "",
           "Columns:",
           "- **NXP printed (simulated)**: what the benchmark prints on the project's platform. "
           "Renode runs one instruction per cycle (the naive figure), and the DCP or CAAM takes "
           "its modelled time in virtual time while NXP's driver polls its status register.",
           "- **predicted**: the user-firmware prediction path (`python -m models predict "
           "--elf ... --function <fn>`) on the same ELF: every instruction of the call priced by "
           "the board's calibrated core model, in the memories the ELF uses, with the Cortex-M7's "
           "issue schedule from an execution trace of the calls (started shortly before the "
           "first one: `models/user/run.py` trace_window); KiB/s = clock / cycles per 1 KiB "
           "call.",
           "- **matrix**: the project's own benchmark programs' predictions for the same "
           "operation (reports/predictions.csv, 1 KiB buffer), for its two builds: `-O0` (none) "
           "and `-O3` (high-speed), software (sw) and accelerator (hw) paths.",
           ""]
    for board, engine in BOARDS.items():
        record = data["runs"].get(board)
        predictions = data["predictions"].get(board, {})
        out += [f"## {board} ({engine} port)", ""]
        if not record:
            out += ["Not run yet.", ""]
            continue
        printed = printed_rows(record)
        header = [line["text"].strip() for line in record["lines"][:8]
                  if ":" in line["text"].rstrip(":") and "KiB/s" not in line["text"]]
        out += ["NXP's header: " + "; ".join(f"`{h}`" for h in header), ""]
        out += ["| row | path | NXP printed KiB/s | NXP printed cycles/B | predicted KiB/s | "
                "predicted cycles/B | band | matrix cycles/B sw -O0 / -O3 | matrix cycles/B hw "
                "-O0 / -O3 | host s for the row |",
                "|---|---|---|---|---|---|---|---|---|---|"]
        for row in ROWS:
            if row not in printed and row not in predictions:
                continue
            kibs, cpb, took = printed.get(row, (None, None, None))
            target = predictions.get(row, {}).get("targets", [{}])[0]
            median = target.get("predicted_cycles", {}).get("median")
            clock = target.get("clock_hz")
            p_cpb = median / BUFSIZE if median else None
            p_kibs = clock / median if median else None
            figures = matrix(board, row)
            sw = f"{fmt(figures.get(('sw', 'none')))} / {fmt(figures.get(('sw', 'high-speed')))}"
            hw = f"{fmt(figures.get(('hw', 'none')))} / {fmt(figures.get(('hw', 'high-speed')))}"
            path = engine if row in ACCELERATED[board] else "software"
            band = f"±{target['band_pct']:.0f} %" if target else "—"
            out.append(f"| {row} | {path} | {fmt(kibs)} | {fmt(cpb)} | {fmt(p_kibs)} | "
                       f"{fmt(p_cpb)} | {band} | {sw} | {hw} | {fmt(took, 0)} |")
        out += xip_table(data["predictions"].get(f"{board}-xip", {}), predictions)
        printed_all = every_row(record)
        if printed_all:
            total = sum(took for *_, took in printed_all)
            out += ["", f"Every row NXP printed ({len(printed_all)} rows, "
                    f"{'the whole benchmark' if finished(record['lines']) else 'not to its end'}"
                    f"; {total:,.0f} host seconds from the first row to the last):", "",
                    "| row | NXP printed | host s |", "|---|---|---|"]
            out += [f"| {title} | {figure} | {took:,.0f} |"
                    for title, figure, _, took in printed_all]
        if record.get("unfinished"):
            out += ["", f"The run was stopped (its host budget, or the last row asked for) "
                    f"during the next row: `{record['unfinished']}`" + unfinished_pace(record)
                    + "."]
        out += ["", f"Run: {record['host_seconds']:,.0f} host seconds, "
                f"{fmt(record['virtual_seconds'], 3)} simulated seconds "
                f"({record['virtual_seconds'] / record['host_seconds'] * 1e3:.2f} simulated ms "
                "per host second on average)." if record.get("virtual_seconds") else ""]
        if predictions:
            out += ["", "Predictions (`predict`):", ""]
        for row, document in predictions.items():
            target = document["targets"][0]
            out += [f"- `{target['function']}` ({row}): {target['calls']} calls, "
                    f"{target['instructions_per_call']:,.0f} instructions per call, "
                    f"{target['predicted_cycles']['median']:,.0f} predicted cycles (naive "
                    f"{target['naive_renode_cycles']:,.0f}); code in {target['code_memory']}, "
                    f"stack in {target['data_memory']}; "
                    + ("; ".join(target["band_widened_because"]) or "band not widened")
                    + f"; {document['wall_seconds']:,.0f} host seconds."]
            if target.get("engine_wait_cycles"):
                out += [f"  - of which the {engine} polled for, skipped by the core and added "
                        f"as the engine's modelled time: {target['engine_wait_cycles']:,.0f} "
                        "cycles per call (median)."]
        out.append("")
    out += [EXPLANATION]
    return "\n".join(out) + "\n"


def xip_table(xip: dict, ram: dict) -> list[str]:
    """The XIP image's predictions beside the RAM image's: its first (cold I-cache) call and the
    median of its calls, in cycles per byte."""
    if not xip:
        return []
    out = ["", "The XIP image (`mbedtls_benchmark_xip.elf`: code in QSPI flash through FlexSPI, "
           "behind the Cortex-M7's 32 KiB I-cache; each miss priced as a line fill from the "
           "EVKB's flash configuration, models/boards.py FLEXSPI_LINE_FILL), predicted the same "
           "way:", "",
           "| row | first call cycles/B | its I-cache misses | median cycles/B | band | RAM image "
           "median cycles/B |", "|---|---|---|---|---|---|"]
    for row in ROWS:
        if row not in xip:
            continue
        target = xip[row]["targets"][0]
        first = target["per_call"][0]
        misses = first.get("nvm_misses")
        ram_target = ram.get(row, {}).get("targets", [{}])[0]
        ram_median = ram_target.get("predicted_cycles", {}).get("median")
        out.append(f"| {row} | {fmt(first['cycles'] / BUFSIZE)} | "
                   f"{'—' if misses is None else f'{misses:,.0f}'} | "
                   f"{fmt(target['predicted_cycles']['median'] / BUFSIZE)} | "
                   f"±{target['band_pct']:.0f} % | "
                   f"{fmt(ram_median / BUFSIZE if ram_median else None)} |")
    return out


EXPLANATION = """## Why the columns differ

- **Printed vs predicted, software rows.** The printed cycles/byte are Renode's instructions per
  byte (one cycle each) plus the benchmark's loop and SysTick overhead; the prediction prices the
  same instructions with the Cortex-M7 model (dual issue, branch and load costs, TCM). The
  difference is the core model, not the program: both count the same executed instructions.
- **Printed vs predicted, accelerator rows.** While the DCP or CAAM works, NXP's driver spins on
  a status register (`DCP_WaitForChannelComplete`, `CAAM_Wait`). The engine's modelled time
  (peripherals/NXP_DCP, NXP_CAAM: cycles per block at the engine's clock, fitted to the published
  RT1060/RT1170 rows) passes in virtual time; the core runs the loop's first iterations and skips
  the rest up to the engine's completion (peripherals/Shared/BusyPoll.cs), so the printed figure is
  what spinning through every iteration prints. The prediction prices the instructions the call
  executed with the core model and adds the skipped ones as the engine's time, one per cycle at
  the board's clock (models/user/price.py): the engine's share of a predicted call is its
  modelled time.
- **Against the matrix.** The matrix's programs are the project's own (firmware/ports/), built at
  -O0 and -O3 with its own ports of the accelerators; NXP's example is built at -Os with NXP's
  KSDK port, whose glue (context handling, cache maintenance of the buffers) differs. A software
  row at -Os is expected between the matrix's -O0 and -O3 figures; an accelerator row differs by
  the glue per 1 KiB call, the engine time being the same modelled time.
- **Skipping changes no printed figure, but for the RT1060's DCP SHA-1 row.** With the skipping
  off, the RT1170's CAAM SHA-1 row prints the same `30001.45 KiB/s, 32.36 cycles/byte`. The
  RT1060's prints `60102.99 KiB/s` against `60102.97` (9.64 cycles/byte both), about 200 cycles
  of the row's second, the same on Renode's stock NVIC and on the project's `CortexM7_NVIC`, which
  both boards now use: Renode 1.16.1's own NVIC already brings the core's time up to date before
  SysTick's VAL is read, so a stale VAL is not the cause. What a read of VAL sees is the core's
  executed-instruction count, which Renode advances a translation block at a time
  (robot-tests/platforms/cortex_m7_nvic.robot: two reads 400 NOPs apart in one block read the
  same value), and it takes interrupts (SysTick's, which counts the benchmark's milliseconds) at
  block ends; where blocks are cut depends on the instruction budget between time
  synchronisations, which skipping moves. With blocks of one instruction (`cpu MaximumBlockSize
  1`) the two runs agree: `60066.89 KiB/s, 9.65 cycles/byte` skipping off and on (360 and 21 host
  seconds to the row, against 345 and 21 with Renode's default blocks). The figures above are
  Renode's default blocks'. The whole RT1060 benchmark with blocks of one instruction (skipping
  on) took 682 host seconds against 583, on a host running other work beside it; of its 23 rows
  with a figure, 9 print the same (the software rows: MD5, SHA-512, DES, ...) and the rest
  differ by at most 0.33 % (AES-CCM-128 5089.94 against 5106.82 KiB/s; CTR_DRBG and AES-CFB8,
  which hand the DCP many small packets a second, 0.32-0.33 %), so block granularity, not
  skipping, is what moves a printed figure, and more where a row reads SysTick more often.
- **XIP against RAM.** In the XIP image the row's loop finds its code in the Cortex-M7's 32 KiB
  I-cache after the first call: that call pays some 30-80 line fills from the QSPI flash (420
  cycles each on the RT1060's 120 MHz read sequence, 644 on the RT1170's 133 MHz one), the later
  ones cost what the RAM image's calls do. Each miss is priced as a whole read sequence, with no
  FlexSPI prefetch: an upper bound that no measurement checks, so the band is widened.
- **Host time.** With the polling loops skipped, each row costs the host about a minute or less;
  rows that hand the engine one 16-byte block at a time (AES-CFB8: a DCP packet per byte) cost
  more, in the model's per-packet work. The last column gives each row's host seconds.
- **No software build.** The SDK offers none for this example: ksdk_mbedtls_config.h turns the DCP
  on wherever the device has one, and on the RT1170 the example's prj.conf selects the CAAM
  driver, whose CMake adds CRYPTO_USE_DRIVER_CAAM. The matrix's `sw` columns stand in for it.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    running = sub.add_parser("run")
    running.add_argument("--board", choices=sorted(BOARDS), required=True)
    running.add_argument("--host-seconds", type=float, default=1800.0)
    running.add_argument("--until", choices=sorted(ROWS), help="stop once this row is printed")
    predicting = sub.add_parser("predict")
    predicting.add_argument("--board", choices=sorted(BOARDS), required=True)
    predicting.add_argument("--row", action="append", choices=sorted(ROWS), required=True)
    predicting.add_argument("--calls", type=int, default=1)
    predicting.add_argument("--host-seconds", type=float, default=1800.0)
    predicting.add_argument("--xip", action="store_true",
                            help="the XIP image (code in QSPI flash behind the I-cache)")
    sub.add_parser("report")
    args = parser.parse_args(argv)
    data = load()
    if args.command == "run":
        data["runs"][args.board] = run(args.board, args.host_seconds, args.until)
        save(data)
    elif args.command == "predict":
        found = predict(args.board, args.row, args.calls, args.host_seconds, args.xip)
        data["predictions"].setdefault(args.board + ("-xip" if args.xip else ""),
                                       {}).update(found)
        save(data)
    REPORT.write_text(report(data))
    print(f"wrote {REPORT.relative_to(TOP)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
