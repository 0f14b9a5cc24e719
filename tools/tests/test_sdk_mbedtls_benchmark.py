"""sdk_mbedtls_benchmark.py: NXP's printed rows are read as NXP's format prints them, each with
the host time it took, and a prediction turns into KiB/s and cycles per byte of a 1 KiB call."""
import sdk_mbedtls_benchmark as bench


def line(text: str, host_s: float) -> dict:
    return {"text": text, "host_s": host_s, "virtual_s": None}


def test_rows_are_read_with_the_host_time_each_took():
    record = {"lines": [
        line("  Asymmetric cryptography: Software implementation", 16.0),
        line("", 16.0),
        line("  MD5                      :  50230.74 KiB/s,   11.56 cycles/byte", 24.0),
        line("  SHA-1                    :   7000.10 KiB/s,   80.00 cycles/byte", 1224.0),
        line("  AES-CBC-128              :  FAILED: -0x0072", 1300.0)]}
    rows = bench.printed_rows(record)
    assert rows == {"MD5": (50230.74, 11.56, 8.0), "SHA-1": (7000.10, 80.00, 1200.0)}


def test_report_prices_a_1_kib_call():
    prediction = {"targets": [{"function": "mbedtls_md5_ret", "calls": 3,
                               "instructions_per_call": 12000.0,
                               "predicted_cycles": {"min": 10240.0, "median": 10240.0,
                                                    "max": 10240.0},
                               "naive_renode_cycles": 12000.0, "clock_hz": 600e6,
                               "band_pct": 20.0, "band_widened_because": [],
                               "code_memory": "ITCM", "data_memory": "DTCM"}],
                  "wall_seconds": 30.0}
    record = {"lines": [line("  MD5        :  50000.00 KiB/s,   12.00 cycles/byte", 20.0)],
              "host_seconds": 20.0, "virtual_seconds": 1.5, "unfinished": ""}
    text = bench.report({"runs": {"rt1060": record},
                         "predictions": {"rt1060": {"MD5": prediction}}})
    md5 = next(row for row in text.splitlines() if row.startswith("| MD5 |"))
    # 10,240 cycles per 1 KiB call: 10 cycles/byte, 600e6 / 10,240 = 58,593.75 calls (KiB) per s.
    assert "| 58,593.75 | 10.00 |" in md5
    assert "| 50,000.00 | 12.00 |" in md5
    assert "## rt1170 (CAAM port)\n\nNot run yet." in text


def test_every_row_is_listed_and_the_run_ends_at_the_blank_line_after_the_last():
    # benchmark.c's formats: TIME_AND_TSC rows, titles with spaces (the DRBGs), the public-key
    # rows (TIME_PUBLIC), a "Feature not supported" line, then "\n" and its console echo loop.
    lines = [line("  Asymmetric cryptography: Software implementation", 16.0),
             line("", 16.0),
             line("  MD5                      :  50230.74 KiB/s,   11.56 cycles/byte", 20.0),
             line("Feature not supported. Skipping.", 20.0),
             line("  CTR_DRBG (NOPR)          :  9951.49 KiB/s,   58.80 cycles/byte", 80.0),
             line("  RSA-1024                 :   52.33 private/s", 84.0),
             line("  ECDHE-secp256r1          :   10.67 full handshake/s", 90.0)]
    assert not bench.finished(lines[:2])   # the blank line after the header is not the end
    assert not bench.finished(lines)
    rows = bench.every_row({"lines": lines})
    assert [(title, figure, took) for title, figure, _, took in rows] == [
        ("MD5", "50230.74 KiB/s, 11.56 cycles/byte", 4.0),
        ("CTR_DRBG (NOPR)", "9951.49 KiB/s, 58.80 cycles/byte", 60.0),
        ("RSA-1024", "52.33 private/s", 4.0),
        ("ECDHE-secp256r1", "10.67 full handshake/s", 6.0)]
    assert bench.finished(lines + [line("", 90.0)])
