"""Profiles of the libraries' own benchmark programs, row by row: wolfCrypt's
wolfcrypt/benchmark/benchmark.c and mbedtls's programs/test/benchmark.c, on the software path
and, where the board's engine counts its work (collect.WORK_SOURCES), the accelerator path.

mbedtls's (app "mbedbench", firmware/Makefile `mbedbench-profile`, build/fw-mbedbench-profile/):
its symmetric rows, each measured between two mbedtls_timing_hardclock() calls around 1,024 calls
on 1 KiB (TIME_AND_TSC): a hook on that function gives the regions in pairs, as cycles_now does
for the bench (collect.split_regions). The profiling images' alarm rings at once, so the warm-up
loop before each measured one does not run.

mbedtls's public-key rows (app "mbedbench-pk", build/fw-mbedbench-profile-pk/: RSA-2048/4096,
DHE/DH-2048/3072, ECDSA and ECDHE on P-384 and P-256): their profiling images' alarm rings at its
third test (MBEDTLS_PORT_ALARM_TESTS, ports/mbedtls/benchmark_timing.c), so each TIME_PUBLIC loop
`for (ii = 1; !mbedtls_timing_alarmed && !ret; ii++) { CODE; }` runs two operations, and each
test enters mbedtls_port_alarm_test(test) with its number. A row's region is its second
operation: from test 2 to the next test. The first does one-time work that the program's run of
seconds spreads over hundreds of operations (ECDSA's comb table for G, which the program clears
before the loop; DH's and RSA's blinding values, made once and then squared). Measured at -O3
on the rt1060, the first executes 2.09 times the second for DH-2048, 2.21 for ECDSA P-256 sign,
1.37 for its verify, 1.33 for RSA-2048 private, and 1.00-1.01 for DHE and the full ECDHE
handshake, which start afresh each time. A row that fails at its first operation
opens no region of its own, ends the loop, and has no result: the region from its test 2 to the
next row's first test is dropped with it. The program prints 1 operation/s for each row.

wolfCrypt's: two sets of profiling images (firmware/Makefile `wolfbench-profile`) run the
program's rows, each for one pass of its loop (WOLFBENCH_MIN_SECONDS=0):
  - app "wolfbench" (build/fw-wolfbench-profile/): the symmetric rows and the RNG, 25 x 1 KiB;
  - app "wolfbench-pk" (build/fw-wolfbench-profile-pk/): the public-key rows (RSA-2048, DH-2048,
    ECC P-256, then P-384 where the board runs it, then RSA-1024), two operations each (DH key
    generation: one). RSA-1024 is the program's -rsa-sz run: it generates the key outside any
    region, then times it as it does its built-in 2048-bit key.

    bench_stats_start   current_time(1)    region begins
    one pass of the row's loop
    bench_stats_check   current_time(0)    region ends (elapsed >= 0 s: the loop stops)
    bench_stats_*_finish current_time(0)   prints the row

current_time is the application's wolfbench_seconds(reset) (WOLFSSL_CURRTIME_REMAP,
firmware/apps/wolfbench/main.c), so a hook on its entry that also reads `reset` (r0) marks each
region: from a call with reset=1 to the next call. A row whose first operation fails (the
SAMD21's software ECC: MEMORY_E) still has its region, up to its finish, and prints 0 operations.
Each region is one row of the table the program prints (tools/native_bench.py parses it), in
order; result_of() turns a row into the @result fields the matrix reads (models/matrix.py), so
that the calibrated models price every row.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Callable

TOP = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TOP / "tools"))

import native_bench  # noqa: E402  (tools/ is not a package)

APP = "wolfbench"
PUBLIC_KEY_APP = "wolfbench-pk"
MBED_APP = "mbedbench"
MBED_PUBLIC_KEY_APP = "mbedbench-pk"
MBED_APPS = (MBED_APP, MBED_PUBLIC_KEY_APP)
APPS = (APP, PUBLIC_KEY_APP, MBED_APP, MBED_PUBLIC_KEY_APP)
BOUNDARY = "wolfbench_seconds"
# The function whose entries bound the regions of each app.
BOUNDARIES = {APP: BOUNDARY, PUBLIC_KEY_APP: BOUNDARY, MBED_APP: "mbedtls_timing_hardclock",
              MBED_PUBLIC_KEY_APP: "mbedtls_port_alarm_test"}
# Apps whose regions run from a hit whose argument (r0) is the app's OPENING to the next hit (the
# clock's reset=1, the alarm's second test; opens_region()); the others' run between pairs of hits.
OPENING = {APP: "1", PUBLIC_KEY_APP: "1", MBED_PUBLIC_KEY_APP: "2"}
RESET_APPS = tuple(OPENING)
# Apps whose accelerator paths are profiled too, on the boards whose accelerator counts its work
# (collect.WORK_SOURCES: the CAAM, the DCP) or its calls are counted (the SAMD21's ATECC508A;
# collect.profiles_hw); the hw path's case of a row wolfCrypt's program runs twice is its "HW"
# run (results()).
HW_APPS = APPS
# Apps whose regions are too long to trace whole on the Cortex-M7 (sampled_schedule.py): about
# 1 G instructions (wolfCrypt's public-key rows), 3.7 G (mbedtls's symmetric rows, 1 MiB each)
# and up to 0.73 G (mbedtls's public-key rows: DHE-3072).
SAMPLED_APPS = (PUBLIC_KEY_APP, MBED_APP, MBED_PUBLIC_KEY_APP)
# The hook's detail: r0, wolfbench_seconds's `reset` or mbedtls_port_alarm_test's `test`.
RESET_DETAIL = "':' + str(self.GetRegisterUnsafe(0).RawValue)"
# Each app's profiling images, their file name, and the command that builds them.
IMAGES = {APP: TOP / "build" / "fw-wolfbench-profile",
          PUBLIC_KEY_APP: TOP / "build" / "fw-wolfbench-profile-pk",
          MBED_APP: TOP / "build" / "fw-mbedbench-profile",
          MBED_PUBLIC_KEY_APP: TOP / "build" / "fw-mbedbench-profile-pk"}
ELFS = {APP: "wolfbench.elf", PUBLIC_KEY_APP: "wolfbench.elf", MBED_APP: "mbedbench.elf",
        MBED_PUBLIC_KEY_APP: "mbedbench.elf"}
MAKE = {APP: "make -C firmware wolfbench-profile",
        PUBLIC_KEY_APP: "make -C firmware wolfbench-profile",
        MBED_APP: "make -C firmware mbedbench-profile",
        MBED_PUBLIC_KEY_APP: "make -C firmware mbedbench-profile"}

# Row names that are not "<ALGORITHM>[-<bits>][-<MODE>][-enc|-dec]" (wolfCrypt's bench_* names).
NAMES = {"SHA": "sha1", "HMAC-SHA": "hmac-sha1", "CHACHA": "chacha20",
         "CHA-POLY": "chacha20-poly1305", "3DES": "3des", "GMAC Default": "gmac"}
SHA = re.compile(r"^(?P<mac>HMAC-)?SHA-?(?P<bits>\d+)$")
AES = re.compile(r"^AES-(?:(?P<bits>128|192|256)-)?(?P<mode>[A-Z]+)(?:-(?P<direction>enc|dec))?$")
# Public-key rows: (program's algorithm, operation) -> the matrix's name; the ECC ones are the
# names of the bench (firmware/apps/bench/ecc.c) and of the ecdsa app.
PUBLIC_KEY = {("RSA", "public"): "rsa-public", ("RSA", "private"): "rsa-private",
              ("DH", "key gen"): "dh-keygen", ("DH", "agree"): "dh-agree",
              ("ECC", "key gen"): "ecc-keygen", ("ECDHE", "agree"): "ecdhe-agree",
              ("ECDSA", "sign"): "ecdsa-sign", ("ECDSA", "verify"): "ecdsa-verify"}
# mbedtls's row titles (programs/test/benchmark.c) -> (the matrix's name, key bits); AES rows by
# MBED_AES. Its AES-GCM, AES-CCM and AES-CBC rows encrypt.
MBED_NAMES = {"MD5": ("md5", 0), "SHA-1": ("sha1", 0), "SHA-256": ("sha256", 0),
              "SHA-512": ("sha512", 0), "3DES": ("3des", 0), "DES": ("des", 0),
              "3DES-CMAC": ("3des-cmac", 0), "ChaCha20-Poly1305": ("chacha20-poly1305", 0),
              "ChaCha20": ("chacha20", 0), "Poly1305": ("poly1305", 0),
              "CTR_DRBG (NOPR)": ("ctr-drbg", 0), "CTR_DRBG (PR)": ("ctr-drbg-pr", 0),
              "HMAC_DRBG SHA-1 (NOPR)": ("hmac-drbg-sha1", 0),
              "HMAC_DRBG SHA-1 (PR)": ("hmac-drbg-sha1-pr", 0),
              "HMAC_DRBG SHA-256 (NOPR)": ("hmac-drbg-sha256", 0),
              "HMAC_DRBG SHA-256 (PR)": ("hmac-drbg-sha256-pr", 0)}
# mbedtls's public-key rows: (title's algorithm, operation) -> the matrix's name. DHE and ECDHE
# "handshake" make a key pair and the shared secret; DH and ECDH "handshake" the secret only (the
# matrix's "agree"); ECDHE "full handshake" is both sides of an ephemeral exchange: two key pairs,
# both secrets, and the parameters' encoding.
MBED_PUBLIC_KEY = {("RSA", "public"): "rsa-public", ("RSA", "private"): "rsa-private",
                   ("DHE", "handshake"): "dhe-handshake", ("DH", "handshake"): "dh-agree",
                   ("ECDSA", "sign"): "ecdsa-sign", ("ECDSA", "verify"): "ecdsa-verify",
                   ("ECDHE", "handshake"): "ecdhe-handshake", ("ECDH", "handshake"): "ecdhe-agree",
                   ("ECDHE", "full handshake"): "ecdhe-full-handshake"}
# "RSA-2048", "ECDSA-secp384r1": the algorithm, then the key size or the curve.
MBED_PUBLIC_KEY_TITLE = re.compile(r"^(?P<algorithm>[A-Z]+)-(?:(?P<bits>\d+)|secp(?P<curve>\d+)r1)$")
MBED_AES = re.compile(r"^AES-(?P<mode>CBC|CTR|GCM|CCM|CMAC|CMAC-PRF)-(?P<bits>128|192|256)$")
# The program's TIME_AND_TSC: BUFSIZE bytes per call, 1,024 calls measured.
MBED_BUFFER_BYTES, MBED_CALLS = 1024, 1024


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
    """The @result fields of one row, with its simulated cycles as the program printed them (the
    collector replaces them with the region's exact count). A symmetric row: bytes per call (the
    program's bench_size: 1 KiB, or the block size its command line gives) and calls in the
    region; a public-key row: its operations, no buffer."""
    if row["kind"] == "asymmetric":
        key = (row["name"], row["operation"])
        if key not in PUBLIC_KEY:
            raise RuntimeError(f"no matrix name for the program's row {key}")
        curve = f" [{row['curve']}]" if row["curve"] else ""
        return {"algorithm": PUBLIC_KEY[key], "key_bits": row["key_bits"], "buffer_bytes": 0,
                "iterations": row["ops"], "cycles": row["seconds"] * clock_hz,
                "row": f"{row['name']}{curve} {row['key_bits']} {row['operation']}"}
    algorithm, key_bits = algorithm_of(row["name"])
    block = row.get("block_bytes", 1024)
    return {"algorithm": algorithm, "key_bits": key_bits, "buffer_bytes": block,
            "iterations": max(1, round(row["bytes"] / block)), "row": row["name"],
            "cycles": row["seconds"] * clock_hz}


def mbedtls_algorithm_of(title: str) -> tuple[str, int]:
    """(algorithm, key bits) of a row title of mbedtls's program: "AES-GCM-192" ->
    ("aes-gcm", 192), "AES-CMAC-128" -> ("cmac", 128)."""
    if title in MBED_NAMES:
        return MBED_NAMES[title]
    if found := MBED_AES.match(title):
        mode = found["mode"].lower()
        return ("aes-" + mode if not mode.startswith("cmac") else mode), int(found["bits"])
    raise RuntimeError(f"no matrix name for mbedtls's row {title!r}")


def mbedtls_public_key_result(row: dict[str, Any]) -> dict[str, Any]:
    """The @result fields of one public-key row of mbedtls's profiling image: one operation, its
    second (its cycles are the region's, which the collector fills in; the program printed 1/s)."""
    found = MBED_PUBLIC_KEY_TITLE.match(row["name"])
    key = (found["algorithm"], row["operation"]) if found else None
    if key not in MBED_PUBLIC_KEY:
        raise RuntimeError(f"no matrix name for mbedtls's row {row['name']!r} {row['operation']!r}")
    return {"algorithm": MBED_PUBLIC_KEY[key], "key_bits": int(found["bits"] or found["curve"]),
            "buffer_bytes": 0, "iterations": 1, "row": f"{row['name']} {row['operation']}",
            "cycles": 0.0}


def mbedtls_results(lines: list[str], clock_hz: float,
                    app: str = MBED_APP) -> list[dict[str, Any] | None]:
    """The @result fields of every row mbedtls's program printed, in order: a symmetric row's
    simulated cycles from its cycles/byte column, to the cycle per byte (the collector replaces
    them). In the public-key image, None for a row that failed or was skipped (it has a region,
    see the module's note); the symmetric image must have none."""
    table = native_bench.parse_mbedtls(lines, clock_hz)
    public_key = app == MBED_PUBLIC_KEY_APP
    if not table.complete or table.unparsed or (table.failures and not public_key) \
            or any(f["what"].startswith("self-test ") for f in table.failures):
        raise RuntimeError(f"the program's table is not usable: complete={table.complete}, "
                           f"failures={table.failures}, unparsed={table.unparsed[:3]}")
    kind = "asymmetric" if public_key else "symmetric"
    if any(row["kind"] != kind for row in table.rows):
        raise RuntimeError(f"the {app} profiling image printed other than {kind} rows; build it "
                           f"with `{MAKE[app]}`")
    empty = [row["position"] for row in table.empty_rows]
    out: list[dict[str, Any] | None] = []
    for position, row in enumerate(table.rows):
        out += [None] * empty.count(position)
        if public_key:
            out.append(mbedtls_public_key_result(row))
            continue
        algorithm, key_bits = mbedtls_algorithm_of(row["name"])
        out.append({"algorithm": algorithm, "key_bits": key_bits,
                    "buffer_bytes": MBED_BUFFER_BYTES, "iterations": MBED_CALLS,
                    "row": row["name"],
                    "cycles": row["cycles_per_byte"] * MBED_BUFFER_BYTES * MBED_CALLS})
    return out + [None] * empty.count(len(table.rows))


def results(lines: list[str], clock_hz: float, app: str = APP,
            path: str = "sw") -> list[dict[str, Any] | None]:
    """The @result fields of every row the program printed, in order, None for a row that failed
    at once (it has a region, see the module's note) and, on the hw path, for the software run of
    a row wolfCrypt's program also ran on the device ("SW" and "HW", see tools/native_bench.py):
    the hw path's case is the "HW" one. An incomplete table, or one whose rows are not the app's
    kind, cannot be profiled row by row."""
    if app in MBED_APPS:
        return mbedtls_results(lines, clock_hz, app)
    table = native_bench.parse_wolfcrypt(lines, clock_hz)
    failed = [row["position"] for row in table.empty_rows]
    if not table.complete or table.unparsed or len(failed) != len(table.failures):
        raise RuntimeError(f"the program's table is not usable: complete={table.complete}, "
                           f"failures={table.failures}, unparsed={table.unparsed[:3]}")
    kind = "asymmetric" if app == PUBLIC_KEY_APP else "symmetric"
    if any(row["kind"] != kind for row in table.rows):
        raise RuntimeError(f"the {app} profiling image printed other than {kind} rows; build it "
                           f"with `{MAKE[app]}`")
    on_device = {(row["name"], row.get("operation")) for row in table.rows
                 if row.get("device") == "HW"} if path == "hw" else set()
    out: list[dict[str, Any] | None] = []
    for position, row in enumerate(table.rows):
        twin = row.get("device") == "SW" and (row["name"], row.get("operation")) in on_device
        out += [None] * failed.count(position) + [None if twin else result_of(row, clock_hz)]
    return out + [None] * failed.count(len(table.rows))


def opens_region(app: str) -> Callable[[Any], bool]:
    """Whether a boundary hit (collect.Event) of a RESET_APPS program opens a region: its argument
    is the app's OPENING; the next hit closes it (collect.split_regions)."""
    return lambda hit: hit.detail == OPENING[app]
