"""Profile collection: run firmware images in Renode with opcode counters, per measured region.

    python -m models.profiles.collect [--board B] [--library L] [--opt O] [--app A] [-j 2]
    python -m models.profiles.collect --overhead     # MIPS with and without opcode counting

A measured region is what one `@result` line reports. Both apps (bench, ecdsa) call
`cycles_now()` exactly once before and once after every measured operation, so a hook on the
entry of `cycles_now` snapshots the counters at each region boundary: snapshots 2k and 2k+1
bracket result k. Nothing in the firmware changes for profiling.

Output: models/profiles/data/<board>/<library>-<path>-<opt>-<app>.json (see store.py).
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from models.profiles import opcodes, store

TOP = Path(__file__).resolve().parents[2]
UARTS = {"rt1060": "sysbus.lpuart1", "rt1170": "sysbus.lpuart1", "samd21": "sysbus.sercom3",
         "stm32f407": "sysbus.usart2"}
APPS = ("bench", "ecdsa")

HOOK = '''cpu AddHook {address} """
f = open(r'{snapshots}', 'a')
f.write(' '.join([str(self.GetOpcodeCounter(n)) for n in {names!r}]) + '\\n')
f.close()
"""
'''


def find_renode() -> str | None:
    found = subprocess.run([str(TOP / "tools" / "find-renode.sh")], capture_output=True, text=True)
    return found.stdout.strip() or None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def symbol_address(elf: Path, symbol: str) -> int:
    listing = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True,
                             check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == symbol:
            return int(parts[0], 16) & ~1
    raise ValueError(f"{elf}: symbol {symbol} not found")


def write_script(elf: Path, board: str, work: Path, counting: bool) -> tuple[Path, list[str],
                                                                              list[opcodes.ExactCounter]]:
    """The .resc for one profiled run; returns it with the counter names and exact counters."""
    exact = opcodes.exact_counters(elf) if counting else []
    names = [c.name for c in exact] + [opcodes.generic_name(i)
                                       for i in range(len(opcodes.GENERIC_PATTERNS))]
    lines = [f"$bin=@{elf}",
             f"include @{TOP / 'platforms' / 'scripts' / (board + '.resc')}",
             f"{UARTS[board]} CreateFileBackend @{work / 'uart.txt'} true"]
    if counting:
        lines.append("cpu EnableOpcodesCounting true")
        lines += [f"cpu InstallOpcodeCounterPattern \"{c.name}\" \"{c.pattern}\"" for c in exact]
        lines += [f"cpu InstallOpcodeCounterPattern \"{opcodes.generic_name(i)}\" \"{pattern}\""
                  for i, (_, pattern) in enumerate(opcodes.GENERIC_PATTERNS)]
        lines.append(HOOK.format(address=hex(symbol_address(elf, "cycles_now")),
                                 snapshots=work / "snapshots.txt", names=names))
    lines.append("start")
    script = work / "collect.resc"
    script.write_text("\n".join(lines) + "\n")
    return script, names, exact


def run_renode(renode: str, script: Path, uart: Path, timeout: float) -> tuple[list[str], float]:
    """Runs until @exit/@fault; returns console lines and host seconds."""
    log = open(script.parent / "renode.log", "w")
    # Without a terminal Renode serves its monitor on a TCP port (1234 by default): give every
    # process its own free port so that parallel runs, and other Renode users, do not collide.
    process = subprocess.Popen([renode, "--disable-xwt", "--plain", "--hide-log", "-P",
                                str(free_port()), "-e", f"include @{script}"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    started = time.monotonic()
    try:
        while time.monotonic() - started < timeout:
            if uart.exists():
                lines = uart.read_text(errors="replace").replace("\r", "").splitlines()
                if any(line.startswith(("@exit", "@fault")) for line in lines):
                    return lines, time.monotonic() - started
            if process.poll() is not None:
                raise RuntimeError(f"Renode exited early with status {process.returncode} "
                                   f"(see {script.parent / 'renode.log'})")
            time.sleep(0.1)
        raise RuntimeError(f"no @exit line within {timeout:.0f} s (see {uart})")
    finally:
        log.close()
        if process.poll() is None:
            os.killpg(process.pid, 15)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)


def collect_one(renode: str, board: str, library: str, path: str, opt: str, app: str,
                timeout: float) -> Path:
    image = f"{library}-{path}-{opt}"
    elf = TOP / "build" / "fw" / board / image / f"{app}.elf"
    if not elf.exists():
        raise FileNotFoundError(f"{elf} does not exist; run `make firmware` first")
    work = TOP / "build" / "profiles" / board / f"{image}-{app}"
    work.mkdir(parents=True, exist_ok=True)
    for stale in ("uart.txt", "snapshots.txt"):
        (work / stale).unlink(missing_ok=True)
    script, names, exact = write_script(elf, board, work, counting=True)
    lines, seconds = run_renode(renode, script, work / "uart.txt", timeout)
    results = [json.loads(line[len("@result "):]) for line in lines if line.startswith("@result ")]
    snapshots = [[int(v) for v in row.split()] for row in
                 (work / "snapshots.txt").read_text().splitlines() if row.strip()]
    if len(snapshots) != 2 * len(results):
        raise RuntimeError(f"{work}: {len(snapshots)} counter snapshots for {len(results)} results "
                           "(expected two per result)")
    regions = []
    for k, result in enumerate(results):
        begin, end = snapshots[2 * k], snapshots[2 * k + 1]
        # tlib's counters are 32-bit: differences modulo 2^32 survive one wrap per region.
        raw = {name: float((e - b) % (1 << 32)) for name, b, e in zip(names, begin, end)}
        regions.append({"result": result, "classes": opcodes.class_counts(raw, exact),
                        "instructions": sum(raw.values())})
    total = sum(r["instructions"] for r in regions)
    profile = store.make_profile(board=board, library=library, path=path, opt=opt, app=app,
                                 elf=elf, regions=regions, host_seconds=seconds,
                                 exact_counters=len(exact))
    out = store.save(profile)
    print(f"  profile {board}/{image}/{app}: {len(regions)} regions, {total / 1e6:.1f} M "
          f"instructions in regions, {seconds:.1f} s host", flush=True)
    return out


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


def matrix(args: argparse.Namespace) -> list[tuple[str, str, str, str, str]]:
    jobs = []
    for board in ([args.board] if args.board else list(UARTS)):
        for library in ([args.library] if args.library else ["mbedtls", "wolfcrypt"]):
            for path in ([args.path] if args.path else ["sw", "hw"]):
                for opt in ([args.opt] if args.opt else ["none", "high-speed"]):
                    for app in ([args.app] if args.app else list(APPS)):
                        elf = TOP / "build" / "fw" / board / f"{library}-{path}-{opt}" / f"{app}.elf"
                        if elf.exists():
                            jobs.append((board, library, path, opt, app))
    return jobs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(UARTS))
    parser.add_argument("--library", choices=("mbedtls", "wolfcrypt"))
    parser.add_argument("--path", choices=("sw", "hw"))
    parser.add_argument("--opt", choices=("none", "high-speed"))
    parser.add_argument("--app", choices=APPS)
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
                print(f"  FAILED {'/'.join(futures[future])}: {error}", file=sys.stderr)
            print(f"collect: {done}/{len(jobs)} done", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
