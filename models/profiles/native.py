"""Profiles of a library's own benchmark program: wolfCrypt's wolfcrypt/benchmark/benchmark.c.

The profiling images (firmware/Makefile `wolfbench-profile`, build/fw-wolfbench-profile/) run the
program's symmetric rows and its RNG, each for one pass of its loop (WOLFBENCH_MIN_SECONDS=0):

    bench_stats_start   current_time(1)    region begins
    one pass: numBlocks calls on bench_size bytes (25 x 1 KiB), or the row's operations
    bench_stats_check   current_time(0)    region ends (elapsed >= 0 s: the loop stops)
    bench_stats_*_finish current_time(0)   prints the row

current_time is the application's wolfbench_seconds(reset) (WOLFSSL_CURRTIME_REMAP,
firmware/apps/wolfbench/main.c), so a hook on its entry that also reads `reset` (r0) marks each
region: from a call with reset=1 to the next call. Each region is one row of the table the
program prints (tools/native_bench.py parses it), in order; result_of() turns a row into the
@result fields the matrix reads (models/matrix.py), so that the calibrated models price every row.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TOP / "tools"))

import native_bench  # noqa: E402  (tools/ is not a package)

APP = "wolfbench"
BOUNDARY = "wolfbench_seconds"
# The hook's detail: r0, wolfbench_seconds's `reset` argument ("1" opens a region).
RESET_DETAIL = "':' + str(self.GetRegisterUnsafe(0).RawValue)"
IMAGES = TOP / "build" / "fw-wolfbench-profile"

# Row names that are not "<ALGORITHM>[-<bits>][-<MODE>][-enc|-dec]" (wolfCrypt's bench_* names).
NAMES = {"SHA": "sha1", "HMAC-SHA": "hmac-sha1", "CHACHA": "chacha20",
         "CHA-POLY": "chacha20-poly1305", "3DES": "3des", "GMAC Default": "gmac"}
SHA = re.compile(r"^(?P<mac>HMAC-)?SHA-?(?P<bits>\d+)$")
AES = re.compile(r"^AES-(?:(?P<bits>128|192|256)-)?(?P<mode>[A-Z]+)(?:-(?P<direction>enc|dec))?$")


def algorithm_of(name: str) -> tuple[str, int]:
    """(algorithm, key bits) of a row name: "AES-192-CBC-dec" -> ("aes-cbc-dec", 192), the names
    models/matrix.py uses ("aes-cbc" is encryption); "SHA" -> ("sha1", 0)."""
    if name in NAMES:
        return NAMES[name], 0
    if found := SHA.match(name):
        return f"{(found['mac'] or '').lower()}sha{found['bits']}", 0
    if found := AES.match(name):
        algorithm = "aes-" + found["mode"].lower()
        if algorithm == "aes-cmac":
            algorithm = "cmac"
        if found["direction"] == "dec":
            algorithm += "-dec"
        # The program's CCM rows use its 128-bit bench key (bench_aesccm).
        return algorithm, int(found["bits"] or 128)
    return name.lower(), 0


def result_of(row: dict[str, Any], clock_hz: float) -> dict[str, Any]:
    """The @result fields of one symmetric row: bytes per call (the program's bench_size, 1 KiB),
    calls in the region, and its simulated cycles as the program printed them (seconds to three
    decimals; the collector replaces them with the region's exact count)."""
    algorithm, key_bits = algorithm_of(row["name"])
    return {"algorithm": algorithm, "key_bits": key_bits, "buffer_bytes": 1024,
            "iterations": max(1, round(row["bytes"] / 1024)), "row": row["name"],
            "cycles": row["seconds"] * clock_hz}


def results(lines: list[str], clock_hz: float) -> list[dict[str, Any]]:
    """The @result fields of every row the program printed, in order; a failed, asymmetric or
    incomplete table cannot be profiled row by row."""
    table = native_bench.parse_wolfcrypt(lines, clock_hz)
    if not table.complete or table.failures or table.unparsed:
        raise RuntimeError(f"the program's table is not usable: complete={table.complete}, "
                           f"failures={table.failures}, unparsed={table.unparsed[:3]}")
    if any(row["kind"] != "symmetric" for row in table.rows):
        raise RuntimeError("the profiling image printed public-key rows; build it with "
                           "`make -C firmware wolfbench-profile`")
    return [result_of(row, clock_hz) for row in table.rows]


def region_starts(details: list[str]) -> list[int]:
    """Indexes (among the boundary hits, in order) of the hits that open a region: reset=1
    followed by another hit, which closes it."""
    return [i for i, detail in enumerate(details[:-1]) if detail == "1"]
