"""What the profilers run on the host: Renode found, started headless and stopped whole, and an
ELF's function symbols read with binutils. collect.py and sampled_schedule.py share them; collect.py
also offers them under its own names (collect.find_renode, collect.start_renode, ...) to its other
callers (models/user/, models/validation/, predict.py).
"""
from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parents[2]


def find_renode() -> str | None:
    found = subprocess.run([str(TOP / "tools" / "find-renode.sh")], capture_output=True, text=True)
    return found.stdout.strip() or None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def functions(elf: Path) -> list[tuple[int, int, str]]:
    """(start, end, name) of every function symbol of the ELF, sorted by address."""
    listing = subprocess.run(["arm-none-eabi-nm", "-S", "--defined-only", str(elf)],
                             capture_output=True, text=True, check=True).stdout
    found = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in ("t", "T", "W"):
            address = int(parts[0], 16) & ~1
            found.append((address, address + int(parts[1], 16), parts[3]))
    return sorted(found)


def symbol_address(elf: Path, symbol: str) -> int:
    listing = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True,
                             check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == symbol:
            return int(parts[0], 16) & ~1
    raise ValueError(f"{elf}: symbol {symbol} not found")


def start_renode(renode: str, script: Path, output: Any) -> subprocess.Popen:
    """Renode, headless, running `script` in a process group of its own (so that it can be
    stopped whole), its console to `output` (a file or subprocess.DEVNULL)."""
    # Without a terminal Renode serves its monitor on a TCP port (1234 by default): give every
    # process its own free port so that parallel runs, and other Renode users, do not collide.
    return subprocess.Popen([renode, "--disable-xwt", "--plain", "--hide-log", "-P",
                             str(free_port()), "-e", f"include @{script}"],
                            stdin=subprocess.DEVNULL, stdout=output, stderr=output,
                            start_new_session=True)


def stop_renode(process: subprocess.Popen) -> None:
    """Stops a Renode start_renode started, whole (its process group), if it still runs."""
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
