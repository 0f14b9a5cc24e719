"""models/profiles/native.py: wolfCrypt's benchmark program, row by row.

Row lines are formatted with the program's own format strings (wolfcrypt/benchmark/benchmark.c
5.5.4, bench_stats_sym_finish and bench_stats_asym_finish_ex), so the test follows the program,
not the parser."""
from __future__ import annotations

import pytest

from models.profiles import native

CLOCK = 16e6


def row(desc: str, kib: int, seconds: float) -> str:
    return "%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s" % (desc, "", kib, "KiB", "took", seconds,
                                                         "seconds", kib / seconds, "KiB")


def table(*rows: str) -> list[str]:
    return ["@start wolfbench board=stm32f407 clock_hz=16000000",
            "wolfCrypt Benchmark (block bytes 1024, min 0.0 sec each)", *rows,
            "Benchmark complete", "@exit 0"]


@pytest.mark.parametrize("name, expected", [
    ("SHA", ("sha1", 0)), ("SHA-256", ("sha256", 0)), ("HMAC-SHA", ("hmac-sha1", 0)),
    ("HMAC-SHA384", ("hmac-sha384", 0)), ("AES-128-CBC-enc", ("aes-cbc", 128)),
    ("AES-192-CBC-dec", ("aes-cbc-dec", 192)), ("AES-CCM-dec", ("aes-ccm-dec", 128)),
    ("AES-256-CMAC", ("cmac", 256)), ("AES-128-CTR", ("aes-ctr", 128)), ("3DES", ("3des", 0)),
    ("CHA-POLY", ("chacha20-poly1305", 0)), ("MD5", ("md5", 0)), ("RNG", ("rng", 0))])
def test_row_names_become_the_matrix_names(name, expected):
    # The bench's names where it has the operation (models/matrix.py: sha256, aes-cbc-dec).
    assert native.algorithm_of(name) == expected


def test_each_row_is_a_result_of_one_kib_calls():
    (sha,) = native.results(table(row("SHA-256", 25, 0.045)), CLOCK)
    assert (sha["algorithm"], sha["buffer_bytes"], sha["iterations"]) == ("sha256", 1024, 25)
    assert sha["cycles"] == pytest.approx(0.045 * CLOCK) and sha["row"] == "SHA-256"


def asym(algo: str, strength: int, desc: str, count: int, total: float) -> str:
    ms = total / count * 1e3 if count else 0.0
    return "%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s" % (
        algo, strength, desc, "", "", count, "ops took", total, "sec", "avg", ms,
        count / total, "ops/sec")


def ecc(kind: str, curve: str) -> str:
    return "%-5s [%15s]" % (kind, curve)


def test_a_table_of_the_other_kind_or_with_failures_is_refused():
    rsa = asym("RSA", 2048, "public", 6, 0.011)
    with pytest.raises(RuntimeError, match="other than symmetric"):
        native.results(table(rsa), CLOCK)
    with pytest.raises(RuntimeError, match="other than asymmetric"):
        native.results(table(row("SHA-256", 25, 0.045)), CLOCK, native.PUBLIC_KEY_APP)
    with pytest.raises(RuntimeError, match="not usable"):
        native.results(table("Benchmark SHA-256 failed: -125"), CLOCK)


def test_public_key_rows_are_operations_named_as_the_bench_names_them():
    rows = native.results(table(asym("RSA", 2048, "private", 2, 0.364),
                                asym(ecc("ECDHE", "SECP384R1"), 384, "agree", 2, 0.179)),
                          CLOCK, native.PUBLIC_KEY_APP)
    rsa, ecdhe = rows
    assert (rsa["algorithm"], rsa["key_bits"], rsa["buffer_bytes"], rsa["iterations"]) == \
        ("rsa-private", 2048, 0, 2)
    assert rsa["cycles"] == pytest.approx(0.364 * CLOCK)
    # firmware/apps/bench/ecc.c names ECDHE "ecdhe-agree"; the row keeps its curve.
    assert (ecdhe["algorithm"], ecdhe["key_bits"]) == ("ecdhe-agree", 384)
    assert ecdhe["row"] == "ECDHE [SECP384R1] 384 agree"


def test_a_row_that_failed_at_once_keeps_its_place_without_a_result():
    # The SAMD21's software ECC: key generation fails (MEMORY_E), its region still exists.
    lines = table(asym("DH", 2048, "agree", 2, 11.3),
                  asym(ecc("ECC", "SECP256R1"), 256, "key gen", 0, 0.002),
                  f"Benchmark {ecc('ECC', 'SECP256R1')} key gen 256 failed: -125")
    dh, failed = native.results(lines, CLOCK, native.PUBLIC_KEY_APP)
    assert dh["algorithm"] == "dh-agree" and failed is None


def test_a_region_runs_from_a_reset_call_to_the_next_call():
    from models.profiles.collect import BOUNDARY, Event, split_regions
    # Per row: bench_stats_start (reset 1), bench_stats_check (0), the row's finish (0); two
    # counters (collect._delta's arithmetic), the last start without its end: no region.
    hits = [Event(BOUNDARY, "bench_stats_start", 0, counters, detail) for detail, counters in (
        ("1", [10, 5]), ("0", [30, 5]), ("0", [31, 6]), ("1", [40, 6]), ("0", [50, 16]),
        ("0", [52, 16]), ("1", [60, 20]))]
    parts = split_regions(hits, {}, native.opens_region(native.APP))
    assert [part["opening"] for part in parts] == [0, 3]
    assert [part["raw"] for part in parts] == [[20, 0], [10, 10]]
    assert [part["begin"] for part in parts] == [15, 46]


def _profile(app: str, *results: dict) -> dict:
    return {"board": "rt1060", "library": "wolfcrypt", "path": "sw", "opt": "high-speed",
            "app": app, "placement": {},
            "regions": [{"result": r, "classes": {"alu": float(r["cycles"])}} for r in results]}


def test_program_rows_add_algorithms_and_never_replace_the_bench_or_become_hw_cases():
    from models.matrix import matrix_cases
    bench_sha = {"algorithm": "sha256", "key_bits": 0, "buffer_bytes": 1024, "iterations": 16,
                 "cycles": 100.0}
    program_sha = dict(bench_sha, iterations=25, cycles=200.0, row="SHA-256")
    program_gcm = {"algorithm": "aes-gcm", "key_bits": 128, "buffer_bytes": 1024,
                   "iterations": 25, "cycles": 300.0, "row": "AES-128-GCM-enc"}
    cases = {(c.algorithm, c.path): c for c in matrix_cases(
        [_profile(native.APP, program_sha, program_gcm), _profile("bench", bench_sha)])}
    assert cases[("sha256", "sw")].app == "bench"
    assert cases[("aes-gcm", "sw")].app == native.APP
    # The bench's sw profile stands in for the DCP build's fallback; the program's does not.
    assert ("sha256", "hw") in cases and ("aes-gcm", "hw") not in cases


def test_the_program_adds_p384_but_the_ecdsa_apps_p256_stands():
    from models.matrix import matrix_cases
    ecdsa = {"algorithm": "ecdsa-sign", "key_bits": 256, "buffer_bytes": 0, "iterations": 1,
             "cycles": 100.0}
    program = [dict(ecdsa, iterations=2, cycles=300.0, row="ECDSA [SECP256R1] 256 sign"),
               dict(ecdsa, key_bits=384, iterations=2, cycles=700.0,
                    row="ECDSA [SECP384R1] 384 sign")]
    cases = {(c.key_bits, c.path): c for c in matrix_cases(
        [_profile(native.PUBLIC_KEY_APP, *program), _profile("ecdsa", ecdsa)])}
    assert cases[(256, "sw")].app == "ecdsa"
    assert cases[(384, "sw")].app == native.PUBLIC_KEY_APP
    assert (384, "hw") not in cases


def mbed_row(title: str, kib: int, cpb: int) -> str:
    # programs/test/benchmark.c: HEADER_FORMAT, then TIME_AND_TSC's figures.
    return "  %-24s :  " % title + "%9lu KiB/s,  %9lu cycles/byte" % (kib, cpb)


@pytest.mark.parametrize("title, expected", [
    ("SHA-256", ("sha256", 0)), ("AES-GCM-192", ("aes-gcm", 192)), ("AES-CMAC-128", ("cmac", 128)),
    ("AES-CMAC-PRF-128", ("cmac-prf", 128)), ("3DES-CMAC", ("3des-cmac", 0)),
    ("CTR_DRBG (PR)", ("ctr-drbg-pr", 0)), ("HMAC_DRBG SHA-256 (NOPR)", ("hmac-drbg-sha256", 0))])
def test_mbedtls_row_titles_become_the_matrix_names(title, expected):
    assert native.mbedtls_algorithm_of(title) == expected


def test_an_mbedtls_row_is_its_measured_loop_of_1024_calls_on_1_kib():
    lines = ["@start mbedbench board=rt1060 args=sha256", mbed_row("SHA-256", 1, 33),
             "@done mbedbench status=0"]
    (sha,) = native.results(lines, CLOCK, native.MBED_APP)
    assert (sha["algorithm"], sha["buffer_bytes"], sha["iterations"]) == ("sha256", 1024, 1024)
    assert sha["cycles"] == 33 * 1024 * 1024
    with pytest.raises(RuntimeError, match="no matrix name"):
        native.results(lines[:1] + [mbed_row("BLOWFISH-CBC-128", 1, 40)] + lines[2:], CLOCK,
                       native.MBED_APP)
    public = "  %-24s :  " % "RSA-2048" + "%6lu " % 18 + "public/s"
    with pytest.raises(RuntimeError, match="other than symmetric"):
        native.results(lines[:1] + [public] + lines[2:], CLOCK, native.MBED_APP)


def mbed_public_row(title: str, operation: str, ops: int = 0) -> str:
    # programs/test/benchmark.c: HEADER_FORMAT, then TIME_PUBLIC's "%6lu " TYPE "/s" (TYPE is
    # " public" for RSA's public row, as in the program).
    return "  %-24s :  " % title + "%6lu " % ops + operation + "/s"


@pytest.mark.parametrize("title, operation, expected", [
    ("RSA-4096", "private", ("rsa-private", 4096)), ("RSA-2048", " public", ("rsa-public", 2048)),
    ("DHE-3072", "handshake", ("dhe-handshake", 3072)), ("DH-2048", "handshake", ("dh-agree", 2048)),
    ("ECDSA-secp384r1", "sign", ("ecdsa-sign", 384)),
    ("ECDSA-secp256r1", "verify", ("ecdsa-verify", 256)),
    ("ECDH-secp256r1", "handshake", ("ecdhe-agree", 256)),
    ("ECDHE-secp256r1", "full handshake", ("ecdhe-full-handshake", 256))])
def test_an_mbedtls_public_key_row_is_one_operation(title, operation, expected):
    lines = ["@start mbedbench board=rt1060 args=rsa dhm ecdsa ecdh",
             mbed_public_row(title, operation), "@done mbedbench status=0"]
    (result,) = native.results(lines, CLOCK, native.MBED_PUBLIC_KEY_APP)
    assert (result["algorithm"], result["key_bits"]) == expected
    assert (result["buffer_bytes"], result["iterations"]) == (0, 1)


def test_an_mbedtls_public_key_row_that_failed_keeps_its_place_without_a_result():
    # Its loop still tested the alarm twice: a region the collector drops with the None.
    lines = ["@start mbedbench board=samd21 args=rsa",
             mbed_public_row("RSA-2048", " public"),
             "  %-24s :  " % "RSA-4096" + "FAILED: -0x4080",
             mbed_public_row("RSA-4096", "private"), "@done mbedbench status=0"]
    public, failed, private = native.results(lines, CLOCK, native.MBED_PUBLIC_KEY_APP)
    assert failed is None
    assert (public["key_bits"], private["algorithm"]) == (2048, "rsa-private")
    # The symmetric image may not fail a row, nor print a public-key one.
    with pytest.raises(RuntimeError, match="not usable"):
        native.results(lines, CLOCK, native.MBED_APP)
    with pytest.raises(RuntimeError, match="other than asymmetric"):
        native.results([lines[0], mbed_row("SHA-256", 1, 33), lines[-1]], CLOCK,
                       native.MBED_PUBLIC_KEY_APP)
    with pytest.raises(RuntimeError, match="no matrix name"):
        native.results([lines[0], mbed_public_row("ECDSA-brainpoolP256r1", "sign"), lines[-1]],
                       CLOCK, native.MBED_PUBLIC_KEY_APP)


def test_on_the_hw_path_a_row_run_on_the_device_too_is_its_hw_run():
    # wolfCrypt's CAAM mode prints "SW" then "HW" for what the device does; ChaCha only once.
    lines = table(row("AES-128-CBC-enc         SW", 25, 0.010),
                  row("AES-128-CBC-enc         HW", 25, 0.002),
                  row("CHACHA                  SW", 25, 0.004))
    sw_twin, on_device, software = native.results(lines, CLOCK, native.APP, "hw")
    assert sw_twin is None
    assert on_device["algorithm"] == "aes-cbc" and on_device["cycles"] == pytest.approx(
        0.002 * CLOCK)
    assert software["algorithm"] == "chacha20"
    # the software path keeps every row (no device there)
    assert None not in native.results(lines, CLOCK, native.APP, "sw")


def test_a_program_profile_of_the_hw_path_gives_hw_cases_priced_with_its_work():
    from models.matrix import matrix_cases
    gcm = {"algorithm": "aes-gcm", "key_bits": 128, "buffer_bytes": 1024, "iterations": 1024,
           "cycles": 300.0, "row": "AES-GCM-128"}
    chacha = dict(gcm, algorithm="chacha20", key_bits=0, row="ChaCha20")
    profile = dict(_profile(native.MBED_APP, gcm, chacha), board="rt1170", library="mbedtls",
                   path="hw")
    profile["regions"][0]["engine"] = {"jobs": 1024.0, "aes128_blocks": 66560.0}
    profile["regions"][1]["engine"] = {}
    cases = {(c.algorithm, c.path): c for c in matrix_cases([profile])}
    assert cases[("aes-gcm", "hw")].model == "caam"
    assert cases[("chacha20", "hw")].model == "core"  # the port leaves it to the library


def test_a_program_row_on_the_atecc508a_is_priced_by_the_commands_it_recorded():
    from models.matrix import all_params, cycles_per_call, matrix_cases
    from models.params import defaults
    handshake = {"algorithm": "ecdhe-full-handshake", "key_bits": 256, "buffer_bytes": 0,
                 "iterations": 1, "cycles": 2e6, "row": "ECDHE-secp256r1 full handshake"}
    sign = dict(handshake, algorithm="ecdsa-sign", key_bits=384, row="ECDSA-secp384r1 sign")
    profile = dict(_profile(native.MBED_PUBLIC_KEY_APP, handshake, sign), board="samd21",
                   library="mbedtls", path="hw")
    # Two key pairs and two secrets on the device; P-384 is not the device's curve.
    profile["regions"][0]["calls"] = {"calib_execute_command:64": 2, "calib_execute_command:67": 2}
    profile["regions"][1]["calls"] = {}
    cases = {c.algorithm: c for c in matrix_cases([profile])}
    on_device, software = cases["ecdhe-full-handshake"], cases["ecdsa-sign"]
    assert (on_device.model, software.model) == ("atecc508a", "core")
    values = defaults(all_params())
    # Two GenKeys (115 ms) and two ECDHs (58 ms) at 48 MHz: at least their execution times.
    assert cycles_per_call(on_device, values) > 2 * (115e-3 + 58e-3) * 48e6
    assert cycles_per_call(software, values) < 2 * (115e-3 + 58e-3) * 48e6


def test_an_mbedtls_public_key_region_is_the_second_operation_of_its_row():
    from models.profiles.collect import BOUNDARY, Event, split_regions
    # mbedtls_port_alarm_test(1), operation, (2), operation, (3): rings; the next row's (1) ...
    # The second row failed at its first operation: (1), then (2) ends its loop.
    tests = [("1", 0), ("2", 100), ("3", 160), ("1", 200), ("2", 900), ("1", 1000), ("2", 1400),
             ("3", 1500)]
    hits = [Event(BOUNDARY, "main", 0, [count], test) for test, count in tests]
    parts = split_regions(hits, {}, native.opens_region(native.MBED_PUBLIC_KEY_APP))
    assert [part["raw"] for part in parts] == [[60], [100], [100]]
    assert [part["opening"] for part in parts] == [1, 4, 6]


def test_a_hw_row_run_in_software_without_a_schedule_takes_the_sw_rows_per_instruction():
    from models.matrix import matrix_cases
    rsa = {"algorithm": "rsa-private", "key_bits": 4096, "buffer_bytes": 0, "iterations": 1,
           "cycles": 1000.0, "row": "RSA-4096 private"}
    dh = dict(rsa, algorithm="dh-agree", key_bits=2048, row="DH-2048 handshake")
    sw = dict(_profile(native.MBED_PUBLIC_KEY_APP, rsa, dh), board="rt1170", library="mbedtls")
    for region in sw["regions"]:
        region["schedule"] = {"issue_cycles": 600.0, "taken_branches": 100.0,
                              "instructions": 1000.0, "sampled": 500.0}
    hw = dict(sw, path="hw", regions=[
        {"result": rsa, "classes": {"alu": 1010.0}, "engine": {}},     # software, same code
        {"result": dh, "classes": {"alu": 100.0}, "engine": {"jobs": 1.0}}])  # on the PKHA
    cases = {(c.algorithm, c.path): c for c in matrix_cases([sw, hw])}
    borrowed = cases[("rsa-private", "hw")].schedule
    assert borrowed["issue_cycles"] == pytest.approx(606.0) and borrowed["borrowed"] == 1.0
    assert cases[("dh-agree", "hw")].schedule is None  # the engine's row keeps its own pricing
    # Not the same code: more than 2 % apart.
    hw["regions"][0]["classes"] = {"alu": 1100.0}
    assert {(c.algorithm, c.path): c for c in matrix_cases([sw, hw])}[
        ("rsa-private", "hw")].schedule is None
