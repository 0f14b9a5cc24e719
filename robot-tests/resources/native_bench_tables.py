"""Robot keywords on the tables the libraries' own benchmark programs print
(tools/native_bench.py parses them)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import native_bench  # noqa: E402

# What each table must have (the list, as far as each program has it), names as the
# programs print them; ports/*/ configure them in.
WOLFCRYPT_SYMMETRIC = (
    "RNG", "MD5", "SHA", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "HMAC-SHA256",
    "AES-128-CBC-enc", "AES-128-CBC-dec", "AES-192-CBC-enc", "AES-256-CBC-enc", "AES-128-CTR",
    "AES-256-CTR", "AES-128-GCM-enc", "AES-256-GCM-dec", "AES-CCM-enc", "AES-CCM-dec",
    "AES-128-CMAC", "3DES", "CHA-POLY")
WOLFCRYPT_ASYMMETRIC = (("RSA", "public"), ("RSA", "private"), ("DH", "key gen"),
                        ("DH", "agree"))
WOLFCRYPT_ECC = (("ECC", "key gen"), ("ECDHE", "agree"), ("ECDSA", "sign"), ("ECDSA", "verify"))
# The program's curve names (firmware/apps/wolfbench/main.c runs P-384 as a second run).
P256, P384 = "SECP256R1", "SECP384R1"
# mbedtls: the short run of `make test` (MBEDBENCH_ARGS, firmware/Makefile) and the full one.
MBEDTLS_SHORT = ("SHA-256", "AES-CBC-128", "AES-CBC-256")
MBEDTLS_SYMMETRIC = MBEDTLS_SHORT + (
    "MD5", "SHA-1", "SHA-512", "DES", "3DES", "AES-GCM-128", "AES-CCM-128", "AES-CMAC-128",
    "ChaCha20-Poly1305", "CTR_DRBG (NOPR)", "HMAC_DRBG SHA-256 (NOPR)")
MBEDTLS_ASYMMETRIC = (("RSA-2048", "public"), ("RSA-2048", "private"), ("DH-2048", "handshake"),
                      ("ECDSA-secp256r1", "sign"), ("ECDSA-secp256r1", "verify"),
                      ("ECDSA-secp384r1", "sign"), ("ECDHE-secp256r1", "full handshake"))
# The rt1170's accelerator build benchmarks each of these twice, "SW" and "HW" (wolfSSL's
# WOLFSSL_CAAM switch, firmware/ports/wolfcrypt/benchmark/user_settings.h); the HW rows are what
# the CAAM's crypto callback takes (firmware/ports/wolfcrypt/caam/caam_cryptocb.c).
DEVICE_SYMMETRIC = ("SHA", "SHA-256", "SHA-384", "SHA-512", "AES-128-CBC-enc", "AES-256-CBC-dec",
                    "AES-128-ECB-enc", "AES-128-GCM-enc", "AES-256-GCM-dec", "3DES")
DEVICE_ASYMMETRIC = (("RSA", "public"), ("RSA", "private"), ("ECC", "key gen"),
                     ("ECDHE", "agree"), ("ECDSA", "sign"), ("ECDSA", "verify"))
# wolfCrypt's MEMORY_E: the heap could not hold what the operation needs.
MEMORY_E = -125


def _table(program: str, log: str) -> native_bench.Table:
    lines = Path(log).read_text(errors="replace").replace("\r", "").splitlines()
    fields = native_bench.start_line(lines)
    if "clock_hz" not in fields:
        raise AssertionError(f"{log}: no '@start ... clock_hz=' line")
    table = native_bench.PROGRAMS[program][2](lines, float(fields["clock_hz"]))
    if not table.complete:
        raise AssertionError(f"{log}: the table did not end")
    if table.unparsed:
        raise AssertionError(f"lines not understood: {table.unparsed}")
    return table


def _check(table: native_bench.Table, symmetric: tuple, asymmetric: tuple) -> None:
    names = {r["name"]: r for r in table.rows if r["kind"] == "symmetric"}
    missing = [name for name in symmetric if name not in names]
    if missing:
        raise AssertionError(f"missing from the table: {missing}")
    for name in symmetric:
        if not names[name]["bytes_per_s"] > 0 or not names[name]["cycles_per_byte"] > 0:
            raise AssertionError(f"{name}: no throughput")
    operations = {(r["name"], r["operation"]) for r in table.rows if r["kind"] == "asymmetric"}
    missing = [key for key in asymmetric if key not in operations]
    if missing:
        raise AssertionError(f"missing from the table: {missing}")


def wolfcrypt_table_should_report_every_algorithm(log: str, ecc_fits: str = "yes",
                                                  without: str = "", p384: str = "yes") -> None:
    """Every line parses, every listed algorithm but those of `without` (space separated) has a
    figure, and nothing failed - except ECC where it does not fit (ecc_fits=no), which must fail
    with MEMORY_E. Where ECC fits, each ECC operation has a P-256 figure, and a P-384 one unless
    p384=no (the board does not run it)."""
    table = _table("wolfcrypt", log)
    symmetric = tuple(name for name in WOLFCRYPT_SYMMETRIC if name not in without.split())
    _check(table, symmetric,
           WOLFCRYPT_ASYMMETRIC + (WOLFCRYPT_ECC if ecc_fits == "yes" else ()))
    curves = [P256, P384] if p384 == "yes" else [P256]
    if ecc_fits == "yes":
        seen = {(r["name"], r.get("operation"), r.get("curve")) for r in table.rows}
        missing = [f"{name} {operation} {curve}" for curve in curves
                   for name, operation in WOLFCRYPT_ECC if (name, operation, curve) not in seen]
        if missing:
            raise AssertionError(f"missing from the table: {missing}")
    for row in table.rows:
        if row["kind"] == "asymmetric" and not row["ms"] > 0:
            raise AssertionError(f"{row['name']} {row['operation']}: no time per operation")
    if ecc_fits == "yes":
        if table.failures:
            raise AssertionError(f"failed: {table.failures}")
    elif [f["code"] for f in table.failures] != [MEMORY_E]:
        raise AssertionError(f"expected only ECC to fail, with MEMORY_E: {table.failures}")


def wolfcrypt_table_should_report_both_devices(log: str) -> None:
    """Each algorithm of DEVICE_SYMMETRIC/DEVICE_ASYMMETRIC has a "SW" and a "HW" figure."""
    table = _table("wolfcrypt", log)
    seen = {(row["name"], row.get("operation"), row["device"]) for row in table.rows}
    wanted = [(name, None) for name in DEVICE_SYMMETRIC] + list(DEVICE_ASYMMETRIC)
    missing = [f"{name} {operation or ''} {device}".replace("  ", " ")
               for name, operation in wanted for device in ("SW", "HW")
               if (name, operation, device) not in seen]
    if missing:
        raise AssertionError(f"missing from the table: {missing}")


def mbedtls_table_should_report_every_algorithm(log: str, run: str = "short") -> None:
    """Every line parses, nothing failed or was skipped, and the run's algorithms are there
    (run=short: MBEDTLS_SHORT; run=full: everything listed above)."""
    table = _table("mbedtls", log)
    if run == "short":
        _check(table, MBEDTLS_SHORT, ())
    else:
        _check(table, MBEDTLS_SYMMETRIC, MBEDTLS_ASYMMETRIC)
    if table.failures or table.skipped:
        raise AssertionError(f"failed: {table.failures}; skipped: {table.skipped}")


def mbedtls_accelerated_modules_should_have_passed_their_checks(log: str, names: str) -> None:
    """The mbedbench app checked each module of `names` (space separated) that the accelerator
    port replaces, and it passed (firmware/apps/mbedbench/main.c prints `@selftest <name>
    passed`), before the program ran."""
    passed = set(_table("mbedtls", log).self_tests)
    missing = [name for name in names.split() if name not in passed]
    if missing:
        raise AssertionError(f"{log}: no passed check of {missing} (passed: {sorted(passed)})")


def _outputs(log: str) -> dict[str, str]:
    """The `@output <name> <hex>` lines the wolfbench app prints after the program
    (firmware/apps/wolfbench/same_outputs.c)."""
    outputs = {}
    for line in Path(log).read_text(errors="replace").replace("\r", "").splitlines():
        if line.startswith("@output "):
            name, _, value = line[len("@output "):].partition(" ")
            outputs[name] = value
    if not outputs:
        raise AssertionError(f"{log}: no '@output' lines")
    failed = [f"{name} ({value})" for name, value in outputs.items() if value.startswith("FAILED")]
    if failed:
        raise AssertionError(f"{log}: failed: {', '.join(failed)}")
    return outputs


def accelerated_outputs_should_equal_software_outputs(accelerated_log: str,
                                                      software_log: str) -> None:
    """The accelerator build computed the same bytes as the software build on the same inputs."""
    accelerated, software = _outputs(accelerated_log), _outputs(software_log)
    if accelerated.keys() != software.keys():
        raise AssertionError(f"different outputs: accelerated {sorted(accelerated)}, "
                             f"software {sorted(software)}")
    differ = [f"{name}: accelerated {accelerated[name]}, software {software[name]}"
              for name in accelerated if accelerated[name] != software[name]]
    if differ:
        raise AssertionError("accelerated results differ from software: " + "; ".join(differ))
