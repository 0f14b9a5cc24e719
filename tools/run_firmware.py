#!/usr/bin/env python3
"""Run one firmware image in Renode, collect its @result lines and print them as a table.

    tools/run_firmware.py --board rt1060 --library mbedtls --path sw --opt high-speed --app bench

The console output goes to build/run/<board>/<library>-<path>-<opt>/<app>.uart.txt and the
parsed results to <app>.results.jsonl beside it. The figures are SIMULATED: Renode's counter runs
at one cycle per executed instruction (PerformanceInMips = core MHz), which is not what the
hardware does; calibrated hardware predictions come from models/.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
UARTS = {"rt1060": "sysbus.lpuart1", "rt1170": "sysbus.lpuart1", "samd21": "sysbus.sercom3",
         "stm32f407": "sysbus.usart2"}
CHOICES = {"library": ("mbedtls", "wolfcrypt"), "path": ("sw", "hw"),
           "opt": ("none", "high-speed"), "app": ("bench", "selftest", "ecdsa")}


def find_renode() -> str | None:
    found = subprocess.run([str(TOP / "tools" / "find-renode.sh")], capture_output=True, text=True)
    return found.stdout.strip() or None


def free_port() -> int:
    """A free TCP port for Renode's monitor, so that concurrent runs do not collide on 1234."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def console_lines(uart_log: Path) -> list[str]:
    return uart_log.read_text(errors="replace").replace("\r", "").splitlines()


def ended(lines: list[str]) -> bool:
    """Whether the firmware reached its end: @exit, or @fault."""
    return any(line.startswith(("@exit", "@fault")) for line in lines)


def finished_run(uart_log: Path) -> list[str] | None:
    """The console lines of an earlier run that reached its end, else None (no log, or a run
    killed half-way, which must run again)."""
    if not uart_log.exists():
        return None
    lines = console_lines(uart_log)
    return lines if ended(lines) else None


def run(renode: str, elf: Path, board: str, uart_log: Path, timeout: float) -> list[str]:
    """Runs Renode until the firmware prints @exit (or @fault), returns the console lines."""
    uart_log.parent.mkdir(parents=True, exist_ok=True)
    uart_log.unlink(missing_ok=True)
    commands = "; ".join([
        f"$bin=@{elf}",
        f"include @{TOP / 'platforms' / 'scripts' / (board + '.resc')}",
        f"{UARTS[board]} CreateFileBackend @{uart_log} true",
        "start",
    ])
    process = subprocess.Popen([renode, "--disable-xwt", "--plain", "--hide-log", "-P", str(free_port()),
                                "-e", commands],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    last_report = time.monotonic()
    try:
        while time.monotonic() < deadline:
            if uart_log.exists():
                lines = console_lines(uart_log)
                if ended(lines):
                    return lines
            if process.poll() is not None:
                raise RuntimeError(f"Renode exited early with status {process.returncode}")
            if time.monotonic() - last_report > 10:
                print(f"  ... still running ({len(lines)} console lines so far)", flush=True)
                last_report = time.monotonic()
            time.sleep(0.2)
        raise RuntimeError(f"no @exit line within {timeout:.0f} s (see {uart_log})")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, 15)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)


def parse_results(lines: list[str]) -> list[dict]:
    return [json.loads(line[len("@result "):]) for line in lines if line.startswith("@result ")]


def print_table(results: list[dict]) -> None:
    print("\nSIMULATED figures (Renode virtual time, one counter cycle per executed instruction;")
    print("not hardware cycles - hardware predictions come from the cycle models):")
    print(f"  {'algorithm':<16} {'key':>4} {'dir':<8} {'cycles/byte':>12} {'KiB/s':>12} {'cycles':>14}")
    for r in results:
        direction = r.get("direction", r.get("phase", ""))
        if r.get("bytes"):
            cpb = r["cycles"] / r["bytes"]
            kib = r["bytes"] * r["clock_hz"] / r["cycles"] / 1024 if r["cycles"] else 0.0
            print(f"  {r['algorithm']:<16} {r['key_bits'] or '':>4} {direction:<8} {cpb:>12.2f} "
                  f"{kib:>12.0f} {r['cycles']:>14}")
        else:
            print(f"  {r['algorithm']:<16} {r['key_bits'] or '':>4} {direction:<8} {'':>12} {'':>12} "
                  f"{r['cycles']:>14}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", required=True, choices=sorted(UARTS))
    for name, values in CHOICES.items():
        parser.add_argument(f"--{name}", required=True, choices=values)
    parser.add_argument("--timeout", type=float, default=600, help="host seconds (default 600)")
    args = parser.parse_args(argv)
    image = f"{args.library}-{args.path}-{args.opt}"
    elf = TOP / "build" / "fw" / args.board / image / f"{args.app}.elf"
    if not elf.exists():
        print(f"run_firmware: {elf} does not exist; run `make firmware` first", file=sys.stderr)
        return 1
    renode = find_renode()
    if renode is None:
        print("run_firmware: SKIPPED - Renode not found (set RENODE or put renode on PATH)")
        return 0
    out = TOP / "build" / "run" / args.board / image
    print(f"Running {args.board}/{image}/{args.app}.elf in Renode ({renode}) ...", flush=True)
    started = time.monotonic()
    try:
        lines = run(renode, elf, args.board, out / f"{args.app}.uart.txt", args.timeout)
    except RuntimeError as error:
        print(f"run_firmware: error: {error}", file=sys.stderr)
        return 1
    results = parse_results(lines)
    (out / f"{args.app}.results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in results))
    print(f"done in {time.monotonic() - started:.1f} s host time; {len(results)} results in "
          f"{out.relative_to(TOP)}/{args.app}.results.jsonl")
    for line in lines:
        if not line.startswith("@result"):
            print(f"  | {line}")
    print_table(results)
    if any(line.startswith("@fault") for line in lines):
        print("run_firmware: error: the firmware faulted", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
