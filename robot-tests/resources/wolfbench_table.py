"""Robot keywords on the table wolfCrypt's benchmark program printed (tools/wolfbench.py parses it)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import wolfbench  # noqa: E402

# The algorithms every board's table must have (issue list; ports/wolfcrypt/benchmark/
# user_settings.h enables them). Names as benchmark.c prints them.
SYMMETRIC = ("RNG", "MD5", "SHA", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "HMAC-SHA256",
             "AES-128-CBC-enc", "AES-128-CBC-dec", "AES-192-CBC-enc", "AES-256-CBC-enc",
             "AES-128-CTR", "AES-256-CTR", "AES-128-GCM-enc", "AES-256-GCM-dec", "AES-CCM-enc",
             "AES-CCM-dec", "AES-128-CMAC", "3DES", "CHA-POLY")
ASYMMETRIC = (("RSA", "public"), ("RSA", "private"), ("DH", "key gen"), ("DH", "agree"))
ECC = (("ECC", "key gen"), ("ECDHE", "agree"), ("ECDSA", "sign"), ("ECDSA", "verify"))
# wolfCrypt's MEMORY_E: the heap could not hold what the operation needs.
MEMORY_E = -125


def wolfbench_log_should_report_every_algorithm(log: str, ecc_fits: str = "yes") -> None:
    """Every line of the table parses, every listed algorithm has a positive figure, and nothing
    failed - except ECC where it does not fit (ecc_fits=no), which must fail with MEMORY_E."""
    lines = Path(log).read_text(errors="replace").replace("\r", "").splitlines()
    fields = wolfbench.start_line(lines)
    if "clock_hz" not in fields:
        raise AssertionError(f"{log}: no '@start wolfbench ... clock_hz=' line")
    table = wolfbench.parse(lines, float(fields["clock_hz"]))
    if not table.complete:
        raise AssertionError(f"{log}: no 'Benchmark complete' line")
    if table.unparsed:
        raise AssertionError(f"lines not understood: {table.unparsed}")
    symmetric = {r["name"]: r for r in table.rows if r["kind"] == "symmetric"}
    missing = [name for name in SYMMETRIC if name not in symmetric]
    if missing:
        raise AssertionError(f"missing from the table: {missing}")
    for name in SYMMETRIC:
        if not symmetric[name]["bytes_per_s"] > 0:
            raise AssertionError(f"{name}: no throughput")
    asymmetric = {(r["name"], r["operation"]): r for r in table.rows if r["kind"] == "asymmetric"}
    expected = ASYMMETRIC + (ECC if ecc_fits == "yes" else ())
    missing = [key for key in expected if key not in asymmetric]
    if missing:
        raise AssertionError(f"missing from the table: {missing}")
    for key in expected:
        if not asymmetric[key]["ms"] > 0:
            raise AssertionError(f"{key}: no time per operation")
    if ecc_fits == "yes":
        if table.failures:
            raise AssertionError(f"failed: {table.failures}")
    elif [f["code"] for f in table.failures] != [MEMORY_E]:
        raise AssertionError(f"expected only ECC to fail, with MEMORY_E: {table.failures}")
