"""models/profiles/native.py: wolfCrypt's benchmark program, row by row.

Row lines are formatted with the program's own format string (wolfcrypt/benchmark/benchmark.c
5.5.4, bench_stats_sym_finish), so the test follows the program, not the parser."""
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


def test_a_table_with_public_key_rows_or_failures_is_refused():
    rsa = "RSA     2048   public         6 ops took 0.011 sec, avg 1.833 ms, 545.455 ops/sec"
    with pytest.raises(RuntimeError, match="public-key"):
        native.results(table(rsa), CLOCK)
    with pytest.raises(RuntimeError, match="not usable"):
        native.results(table("Benchmark SHA-256 failed: -125"), CLOCK)


def test_a_region_runs_from_a_reset_call_to_the_next_call():
    # Per row: bench_stats_start (reset 1), bench_stats_check (0), the row's finish (0).
    assert native.region_starts(["1", "0", "0", "1", "0", "0"]) == [0, 3]
    assert native.region_starts(["1"]) == []  # a start without its end is no region


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
