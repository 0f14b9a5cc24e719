"""Stored profiles: one JSON file per firmware run, versioned, under models/profiles/data/.

Schema (SCHEMA_VERSION 1):
  schema, board, library, path, opt, app, toolchain, renode, elf_sha256,
  placement: {section: memory} from the ELF's section addresses and the board's link.ld MEMORY,
  regions: [{result: <@result json>, classes: {class: executions}, instructions}],
  total_instructions, host_seconds, exact_counters
hw-path profiles add (models/profiles/collect.py): zero_latency (the monitor commands that zeroed
the accelerator's modelled time for the run) and, per region, calls ({accelerator entry point or
ATECC command function: calls}) and waited_instructions (host waiting, taken out of the classes);
the benchmark programs' hw-path profiles also engine ({unit: count}: the accelerator's work in the
region, peripherals/NXP_CAAM/ and NXP_DCP/ Work).
Cortex-M7 -O3 profiles add, per region, schedule ({issue_cycles, taken_branches, instructions,
it_instructions, skipped}: the region's dual-issue schedule from an execution trace,
models/profiles/trace_schedule.py). Cortex-M4 -O3 profiles of the bench and ecdsa apps add, per
region, schedule without issue_cycles: the taken branches of its trace and its single loads and
stores that pipeline behind a neighbouring one (pipelined_loads, pipelined_stores;
collect.TRACED_FIELDS).
Calibration reference profiles (models/calibration/reference.py) add reference: the library
configuration file of the build, and live in data/<board>/reference/ (load_references).
"""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
TOP = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"

_MEMORY = re.compile(r"^\s*(\w+)\s*\([^)]*\)\s*:\s*ORIGIN\s*=\s*(0x[0-9a-fA-F]+),\s*LENGTH\s*=\s*(\d+)K",
                     re.MULTILINE)


def board_memories(board: str) -> list[tuple[str, int, int]]:
    """(name, origin, length) of the MEMORY block of firmware/boards/<board>/link.ld."""
    text = (TOP / "firmware" / "boards" / board / "link.ld").read_text()
    return [(name, int(origin, 16), int(length) * 1024) for name, origin, length in _MEMORY.findall(text)]


def placement(elf: Path, board: str) -> dict[str, str]:
    """Memory holding each allocated section (.text, .data, .bss, .heap, .stack)."""
    headers = subprocess.run(["arm-none-eabi-objdump", "-h", str(elf)], capture_output=True,
                             text=True, check=True).stdout
    memories = board_memories(board)
    result: dict[str, str] = {}
    for line in headers.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[0].isdigit() and parts[1] in (".text", ".data", ".bss",
                                                                   ".heap", ".stack"):
            address = int(parts[3], 16)
            for name, origin, length in memories:
                if origin <= address < origin + length:
                    result[parts[1]] = name
    # .rodata is linked into .text (firmware/common/sections.ld)
    if ".text" in result:
        result[".rodata"] = result[".text"]
    return result


def _tool_version(command: list[str]) -> str:
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    except FileNotFoundError:
        return "unknown"
    return out.splitlines()[0].strip() if out else "unknown"


def make_profile(*, board: str, library: str, path: str, opt: str, app: str, elf: Path,
                 regions: list[dict[str, Any]], host_seconds: float,
                 exact_counters: int) -> dict[str, Any]:
    renode = subprocess.run([str(TOP / "tools" / "find-renode.sh")], capture_output=True,
                            text=True).stdout.strip()
    return {
        "schema": SCHEMA_VERSION,
        "board": board, "library": library, "path": path, "opt": opt, "app": app,
        "toolchain": _tool_version(["arm-none-eabi-gcc", "--version"]),
        "renode": _tool_version([renode, "--version"]) if renode else "unknown",
        "elf_sha256": hashlib.sha256(elf.read_bytes()).hexdigest(),
        "placement": placement(elf, board),
        "regions": regions,
        "total_instructions": sum(r["instructions"] for r in regions),
        "host_seconds": round(host_seconds, 2),
        "exact_counters": exact_counters,
    }


def file_of(board: str, library: str, path: str, opt: str, app: str,
            reference: bool = False) -> Path:
    folder = DATA / board / ("reference" if reference else "")
    return folder / f"{library}-{path}-{opt}-{app}.json"


def save(profile: dict[str, Any]) -> Path:
    out = file_of(profile["board"], profile["library"], profile["path"], profile["opt"],
                  profile["app"], reference="reference" in profile)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(profile, indent=1, sort_keys=True) + "\n")
    return out


def load(board: str, library: str, path: str, opt: str, app: str) -> dict[str, Any] | None:
    source = file_of(board, library, path, opt, app)
    if not source.exists():
        return None
    profile = json.loads(source.read_text())
    if profile.get("schema") != SCHEMA_VERSION:
        raise ValueError(f"{source}: schema {profile.get('schema')}, expected {SCHEMA_VERSION}")
    return profile


MATRIX = "*/*.json"                 # the matrix's profiles, under DATA
REFERENCES = "*/reference/*.json"   # the calibration reference profiles, under DATA


def files(pattern: str = MATRIX) -> list[Path]:
    return sorted(DATA.glob(pattern))


def load_all(pattern: str = MATRIX) -> list[dict[str, Any]]:
    """The matrix's profiles (or, with another glob pattern under DATA, other stored ones)."""
    profiles = []
    for source in files(pattern):
        profile = json.loads(source.read_text())
        if profile.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"{source}: schema {profile.get('schema')}, expected {SCHEMA_VERSION}")
        profiles.append(profile)
    return profiles


def load_references() -> list[dict[str, Any]]:
    """The calibration reference profiles (data/<board>/reference/)."""
    return load_all(REFERENCES)
