"""tools/native_bench.py: reading the table wolfCrypt's benchmark program prints.

The sample lines are formatted here with the program's own format strings
(wolfcrypt/benchmark/benchmark.c 5.5.4, bench_stats_sym_finish and
bench_stats_asym_finish_ex), so the test follows the program, not the parser."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import native_bench  # noqa: E402

CLOCK = 600e6


def symmetric(desc: str, blocks: float, unit: str, seconds: float, rate: float,
              device: str = "") -> str:
    return "%-24s%s %5.0f %s %s %5.3f %s, %8.3f %s/s" % (desc, device, blocks, unit, "took",
                                                         seconds, "seconds", rate, unit)


def asymmetric(algo: str, bits: int, desc: str, count: int, seconds: float,
               device: str = "") -> str:
    # The program computes each = total / count only when count > 0, opsSec = count / total.
    each_ms = seconds / count * 1000 if count else 0.0
    return "%-6s %5d %8s%-2s %s %6d %s %5.3f %s, %s %5.3f ms, %.3f %s\n" % (
        algo, bits, desc, "", device, count, "ops took", seconds, "sec", "avg", each_ms,
        count / seconds, "ops/sec")


def table(*body: str) -> list[str]:
    return ["@start wolfbench board=rt1060 clock_hz=600000000",
            "wolfCrypt Benchmark (block bytes 1024, min 0.0 sec each)", *body,
            "Benchmark complete", "@exit 0"]


def test_symmetric_and_asymmetric_lines_become_rows():
    lines = table(symmetric("SHA-256", 175, "KiB", 0.011, 15406.216),
                  symmetric("POLY1305", 1, "MiB", 0.010, 104.449),
                  symmetric("GMAC Default", 1024, "bytes", 0.011, 90913.126),
                  asymmetric("RSA", 2048, "private", 2, 0.364),
                  asymmetric("ECDSA [      SECP256R1]", 256, "sign", 2, 0.080).rstrip())
    parsed = native_bench.parse_wolfcrypt(lines, CLOCK)
    assert parsed.complete and not parsed.unparsed and not parsed.failures
    sha, poly, gmac, rsa, ecdsa = parsed.rows
    assert sha["name"] == "SHA-256" and sha["kib_per_s"] == pytest.approx(15406.216)
    assert sha["cycles_per_byte"] == pytest.approx(CLOCK / (15406.216 * 1024))
    assert poly["bytes_per_s"] == pytest.approx(104.449 * 1024 * 1024)
    assert gmac["name"] == "GMAC Default" and gmac["bytes_per_s"] == pytest.approx(90913.126)
    assert (rsa["name"], rsa["key_bits"], rsa["operation"]) == ("RSA", 2048, "private")
    assert rsa["ms"] == pytest.approx(182.0) and rsa["cycles"] == pytest.approx(0.182 * CLOCK)
    assert (ecdsa["name"], ecdsa["curve"], ecdsa["operation"]) == ("ECDSA", "SECP256R1", "sign")


def test_a_device_build_names_each_row_sw_or_hw():
    # WOLFSSL_CAAM (the rt1170's accelerator build): BENCH_DEVID_GET_NAME after each name.
    lines = table(symmetric("SHA-384", 25, "KiB", 0.010, 10407.2, "SW"),
                  symmetric("SHA-384", 25, "KiB", 0.002, 59661.2, "HW"),
                  asymmetric("RSA", 2048, "public", 8, 0.015, "HW").rstrip(),
                  asymmetric("ECDSA [      SECP256R1]", 256, "sign", 8, 0.011, "HW").rstrip())
    parsed = native_bench.parse_wolfcrypt(lines, CLOCK)
    assert parsed.complete and not parsed.unparsed
    software, hardware, rsa, ecdsa = parsed.rows
    assert (software["name"], software["device"]) == ("SHA-384", "SW")
    assert (hardware["name"], hardware["device"]) == ("SHA-384", "HW")
    assert (rsa["name"], rsa["operation"], rsa["device"]) == ("RSA", "public", "HW")
    assert (ecdsa["curve"], ecdsa["operation"], ecdsa["device"]) == ("SECP256R1", "sign", "HW")
    plain = native_bench.parse_wolfcrypt(table(symmetric("SHA-256", 1, "KiB", 0.1, 10.0)), CLOCK)
    assert plain.rows[0]["device"] is None


def test_a_failed_operation_is_a_failure_not_a_row():
    lines = table(asymmetric("ECC   [      SECP256R1]", 256, "key gen", 0, 0.002).rstrip(),
                  "Benchmark ECC   [      SECP256R1] key gen 256 failed: -125")
    parsed = native_bench.parse_wolfcrypt(lines, CLOCK)
    assert parsed.rows == []
    assert parsed.failures == [{"what": "ECC   [      SECP256R1] key gen 256", "code": -125}]


def test_lines_it_does_not_know_are_kept_and_a_cut_table_is_incomplete():
    parsed = native_bench.parse_wolfcrypt(table("something else")[:-2], CLOCK)
    assert parsed.unparsed == ["something else"] and not parsed.complete


def test_two_runs_of_the_program_make_one_table_complete_only_when_both_ended():
    # firmware/apps/wolfbench/main.c: the whole set, then "-ecc-kg -ecc -p384"; the program's
    # command-line entry prints a version banner before each run's title.
    banner = ["------------------------------------------------------------------------------",
              " wolfSSL version 5.5.4"]
    first = table(asymmetric("ECDSA [      SECP256R1]", 256, "sign", 2, 0.080).rstrip())[:-1]
    second = table(asymmetric("ECDSA [      SECP384R1]", 384, "sign", 2, 0.200).rstrip())[1:]
    parsed = native_bench.parse_wolfcrypt(first[:1] + banner + first[1:] + banner + second, CLOCK)
    assert parsed.complete and not parsed.unparsed
    assert [(r["curve"], r["key_bits"]) for r in parsed.rows] == [("SECP256R1", 256),
                                                                   ("SECP384R1", 384)]
    cut = native_bench.parse_wolfcrypt(first + second[:-2], CLOCK)
    assert not cut.complete


# programs/test/benchmark.c (mbedtls 2.28.3): HEADER_FORMAT, then TIME_AND_TSC or TIME_PUBLIC.
HEADER = "  %-24s :  "


def mbedtls_table(*body: str) -> list[str]:
    return ["@start mbedbench board=rt1060 clock_hz=600000000 args=all", "", *body, "",
            "@done mbedbench status=0", "@exit 0"]


def test_mbedtls_symmetric_and_public_key_lines_become_rows():
    lines = mbedtls_table(
        HEADER % "SHA-256" + "%9lu KiB/s,  %9lu cycles/byte" % (12478, 46),
        HEADER % "HMAC_DRBG SHA-256 (NOPR)" + "%9lu KiB/s,  %9lu cycles/byte" % (1316, 445),
        HEADER % "RSA-2048" + "%6lu " % 13 + "private" + "/s",
        HEADER % "ECDHE-secp256r1" + "%6lu " % 17 + "full handshake" + "/s",
        HEADER % "RSA-4096" + "%6lu " % 0 + "private" + "/s")
    parsed = native_bench.parse_mbedtls(lines, CLOCK)
    assert parsed.complete and not parsed.unparsed and not parsed.failures
    sha, drbg, rsa, ecdhe, slow = parsed.rows
    assert (sha["name"], sha["kib_per_s"], sha["cycles_per_byte"]) == ("SHA-256", 12478, 46)
    assert drbg["name"] == "HMAC_DRBG SHA-256 (NOPR)"
    assert (rsa["name"], rsa["operation"], rsa["per_second"]) == ("RSA-2048", "private", 13)
    assert rsa["ms"] == pytest.approx(1000 / 13)
    assert (ecdhe["operation"], ecdhe["per_second"]) == ("full handshake", 17)
    # Fewer than one operation a second: the program's resolution says nothing more.
    assert slow["per_second"] == 0 and slow["ms"] is None


def test_mbedtls_failures_and_skips_are_kept_apart():
    lines = mbedtls_table(HEADER % "AES-XTS-128" + "Feature Not Supported. Skipping.",
                          HEADER % "DES" + "FAILED: -0x0032", "garbage")
    parsed = native_bench.parse_mbedtls(lines, CLOCK)
    assert parsed.skipped == ["AES-XTS-128"]
    assert parsed.failures == [{"what": "DES", "code": "-0x0032"}]
    assert parsed.unparsed == ["garbage"]
    # Each took a row's place: the program still ran its loop.
    assert [(row["name"], row["position"]) for row in parsed.empty_rows] == [
        ("AES-XTS-128", 0), ("DES", 0)]


def test_mbedtls_port_self_tests_are_read_and_a_failed_one_is_a_failure():
    lines = mbedtls_table("@selftest des passed", "@selftest ecdh failed",
                          HEADER % "3DES" + "%9lu KiB/s,  %9lu cycles/byte" % (15432, 63))
    parsed = native_bench.parse_mbedtls(lines, 996e6)
    assert parsed.complete and not parsed.unparsed
    assert parsed.self_tests == ["des"]
    assert parsed.failures == [{"what": "self-test ecdh", "code": "failed"}]
    assert [row["name"] for row in parsed.rows] == ["3DES"]


def test_a_symmetric_row_carries_the_block_size_of_its_title():
    # benchmark.c's title prints bench_size, which a bare number on its command line sets.
    lines = ["@start wolfbench board=rt1060 clock_hz=600000000",
             "wolfCrypt Benchmark (block bytes 256, min 0.0 sec each)",
             symmetric("AES-128-GCM-enc", 25, "KiB", 0.010, 2500.0),
             "Benchmark complete", "@exit 0"]
    (row,) = native_bench.parse_wolfcrypt(lines, CLOCK).rows
    assert row["block_bytes"] == 256 and row["bytes"] == 25 * 1024
    (default,) = native_bench.parse_wolfcrypt(table(symmetric("SHA-256", 25, "KiB", 0.01, 1.0)),
                                              CLOCK).rows
    assert default["block_bytes"] == 1024
