"""`python -m models predict` (models/predict.py): one configuration's predicted figures."""
from __future__ import annotations

import dataclasses
import re

import pytest

from models import pipeline, predict, predictions
from models.profiles import store


@pytest.fixture(scope="module")
def outcome() -> pipeline.Outcome:
    if not store.load_all():
        pytest.skip("no stored profiles")
    return pipeline.run(progress=False)


@pytest.fixture
def run(outcome, monkeypatch, capsys):
    """predict.main on the module's calibration, with Renode out of reach (no profiling)."""
    monkeypatch.setattr(predict.pipeline, "run", lambda **_: outcome)
    monkeypatch.setenv("RENODE", "/nonexistent/renode")

    def call(*argv: str) -> tuple[int, str]:
        code = predict.main(list(argv))
        return code, capsys.readouterr().out
    return call


def figures(text: str) -> tuple[float, float]:
    found = re.search(r"predicted\s+([\d.]+) cycles/byte, ([\d,.]+) KiB/s", text)
    assert found, text
    return float(found.group(1)), float(found.group(2).replace(",", ""))


def published_row(outcome, board: str, algorithm: str, path: str) -> float:
    for row in predictions.prediction_rows(outcome):
        if (row["board"], row["library"], row["algorithm"], row["path"], row["opt"],
                row["buffer_bytes"], row["metric"]) == (board, "mbedtls", algorithm, path,
                                                        "high-speed", 1024, "throughput"):
            return float(str(row["predicted"]))
    raise AssertionError("no row")


BASE = ("--board", "rt1060", "--library", "mbedtls")


def test_the_stored_size_is_the_reports_prediction(run, outcome):
    code, text = run(*BASE, "--algorithm", "sha256", "--path", "sw", "--bytes", "1024")
    assert code == 0
    assert "stored profile models/profiles/data/rt1060/mbedtls-sw-high-speed-bench.json" in text
    assert figures(text)[1] == pytest.approx(published_row(outcome, "rt1060", "sha256", "sw"),
                                             rel=1e-3)


def test_the_accelerator_model_prices_any_size(run):
    _, small = run(*BASE, "--algorithm", "sha256", "--path", "hw", "--bytes", "64")
    _, large = run(*BASE, "--algorithm", "sha256", "--path", "hw", "--bytes", "8192")
    assert "the dcp model at 64 B" in small
    # The DCP's fixed set-up per call is spread over more bytes in the larger call.
    assert figures(small)[0] > figures(large)[0]


def test_software_at_another_size_without_renode_is_an_estimate(run):
    code, text = run(*BASE, "--algorithm", "sha256", "--path", "sw", "--bytes", "64")
    assert code == 0
    assert "ESTIMATE: no profile at 64 B and Renode not found" in text


def test_a_slower_core_clock_keeps_cycles_and_lowers_throughput(run):
    _, nominal = run(*BASE, "--algorithm", "aes-cbc", "--path", "sw", "--bytes", "1024")
    _, half = run(*BASE, "--algorithm", "aes-cbc", "--path", "sw", "--bytes", "1024",
                  "--core-clock-hz", "300e6")
    assert figures(half)[0] == pytest.approx(figures(nominal)[0], rel=1e-6)
    assert figures(half)[1] == pytest.approx(figures(nominal)[1] / 2, rel=1e-3)


@pytest.mark.parametrize("argv, message", [
    (("--algorithm", "aes-cbc", "--path", "hw", "--bytes", "100"), "whole 16-byte blocks"),
    (("--algorithm", "sha1", "--path", "sw", "--bytes", "64", "--key-bits", "128"),
     "AES only"),
    (("--algorithm", "aes-cbc", "--path", "sw", "--bytes", "64", "--key-bits", "100"),
     "128, 192 or 256"),
    (("--algorithm", "sha1", "--path", "sw", "--bytes", "0"), "1 .. 65536"),
    (("--algorithm", "sha1", "--path", "sw"), "--bytes is required"),
    (("--algorithm", "ecdsa-sign", "--path", "sw", "--bytes", "64"), "does not apply"),
    (("--algorithm", "ecdsa-sign", "--path", "sw", "--key-bits", "521"), "at 256, 384 bits"),
    (("--algorithm", "rsa-private", "--path", "sw", "--key-bits", "3072"),
     "at 2048, 1024, 4096 bits"),
    (("--algorithm", "gmac", "--path", "sw"), "only the benchmark program of wolfcrypt has it"),
    (("--algorithm", "aes-gcm", "--path", "sw", "--bytes", "64"),
     "mbedtls's benchmark program runs aes-gcm at 1024 bytes per call only"),
    (("--library", "wolfcrypt", "--algorithm", "aes-gcm", "--path", "sw", "--bytes", "100"),
     "in whole 16-byte blocks"),
    (("--library", "wolfcrypt", "--algorithm", "md5", "--path", "sw", "--bytes", "32768"),
     "takes 16 .. 25600 bytes per call"),
    (("--library", "wolfcrypt", "--algorithm", "aes-ccm", "--path", "sw", "--key-bits", "256"),
     "has 128"),
])
def test_bad_input_is_one_clear_line(run, capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        run(*BASE, *argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def operation_figures(text: str) -> tuple[float, float]:
    found = re.search(r"predicted\s+([\d,]+) cycles, ([\d.]+) ms per operation", text)
    assert found, text
    return float(found.group(1).replace(",", "")), float(found.group(2))


def report_time_ms(outcome, board: str, algorithm: str, path: str) -> float:
    for row in predictions.prediction_rows(outcome):
        if (row["board"], row["library"], row["algorithm"], row["path"], row["opt"],
                row["metric"]) == (board, "mbedtls", algorithm, path, "high-speed", "time"):
            return float(str(row["predicted"]))
    raise AssertionError("no row")


def test_a_p256_operation_is_the_reports_prediction_in_milliseconds(run, outcome):
    code, text = run("--board", "samd21", "--library", "mbedtls", "--algorithm", "ecdsa-sign",
                     "--path", "hw")
    assert code == 0
    assert "stored profile models/profiles/data/samd21/mbedtls-hw-high-speed-ecdsa.json" in text
    assert operation_figures(text)[1] == pytest.approx(
        report_time_ms(outcome, "samd21", "ecdsa-sign", "hw"), rel=1e-3)


def test_a_slower_core_barely_slows_an_operation_the_device_does(run):
    """The ATECC508A signs in its own time; only the SAMD21's driver and I2C handling scale."""
    args = ("--board", "samd21", "--library", "mbedtls", "--algorithm", "ecdsa-sign")
    _, device = run(*args, "--path", "hw")
    _, device_slow = run(*args, "--path", "hw", "--core-clock-hz", "24e6")
    _, software = run(*args, "--path", "sw")
    _, software_slow = run(*args, "--path", "sw", "--core-clock-hz", "24e6")
    assert operation_figures(software_slow)[1] == pytest.approx(
        2 * operation_figures(software)[1], rel=1e-3)
    assert operation_figures(device_slow)[1] < 1.2 * operation_figures(device)[1]


def test_an_operation_no_profile_has_names_the_boards_that_have_it(run, capsys):
    # `run` has patched the calibration in; call main directly to keep stderr for the check.
    code = predict.main([*BASE, "--algorithm", "ecdhe-agree", "--path", "sw"])
    assert code == 1
    assert "samd21 mbedtls hw" in capsys.readouterr().err


def report_row(outcome, *key) -> dict:
    """The predictions.csv row of (board, library, algorithm, key bits, path, opt, metric)."""
    return next(r for r in predictions.prediction_rows(outcome)
                if (r["board"], r["library"], r["algorithm"], r["key_bits"], r["path"], r["opt"],
                    r["metric"]) == key)


# Rows of the libraries' own programs (board, library, path, app, algorithm, key bits, the
# report's metric) and what the answer must also name.
PROGRAM_ROWS = [
    ("stm32f407", "wolfcrypt", "sw", "wolfbench", "aes-gcm", 128, "throughput", "aes-gcm-128"),
    ("rt1060", "wolfcrypt", "sw", "wolfbench-pk", "ecdsa-sign", 384, "cycles", "P-384"),
    ("rt1060", "mbedtls", "sw", "mbedbench", "aes-ccm", 256, "throughput", "model       core"),
    ("rt1170", "mbedtls", "hw", "mbedbench", "aes-gcm", 256, "throughput", "model       caam"),
    ("rt1060", "mbedtls", "sw", "mbedbench-pk", "rsa-private", 4096, "cycles", "4096-bit"),
    ("rt1170", "mbedtls", "hw", "mbedbench-pk", "rsa-private", 2048, "cycles",
     "model       caam"),
    ("stm32f407", "mbedtls", "sw", "mbedbench-pk", "ecdhe-full-handshake", 384, "cycles",
     "P-384"),
    ("samd21", "mbedtls", "hw", "mbedbench-pk", "ecdhe-full-handshake", 256, "cycles",
     "model       atecc508a"),
]


@pytest.mark.parametrize("board, library, path, app, algorithm, key_bits, metric, named",
                         PROGRAM_ROWS)
def test_a_row_of_a_librarys_own_program_is_the_reports_prediction(
        run, outcome, board, library, path, app, algorithm, key_bits, metric, named):
    if not store.load(board, library, path, "high-speed", app):
        pytest.skip(f"no stored profile of {app} on {board} {library} {path}")
    code, text = run("--board", board, "--library", library, "--algorithm", algorithm,
                     "--key-bits", str(key_bits), "--path", path)
    assert code == 0
    assert f"{library}-{path}-high-speed-{app}.json" in text and named in text
    row = report_row(outcome, board, library, algorithm, key_bits, path, "high-speed", metric)
    answer = operation_figures(text)[0] if metric == "cycles" else figures(text)[1]
    # KiB/s are printed to 0.1, cycles to 1.
    assert answer == pytest.approx(float(str(row["predicted"])), rel=1e-3, abs=0.05)


def test_a_program_row_without_an_accelerator_profile_is_one_clear_line(outcome, monkeypatch,
                                                                       capsys):
    # A path no stored profile covers: the samd21's accelerator path at -O0, taken out here.
    unprofiled = dataclasses.replace(outcome, cases=[
        c for c in outcome.cases if (c.board, c.path, c.opt) != ("samd21", "hw", "none")])
    monkeypatch.setattr(predict.pipeline, "run", lambda **_: unprofiled)
    code = predict.main(["--board", "samd21", "--library", "mbedtls", "--algorithm", "aes-gcm",
                         "--path", "hw", "--opt", "none"])
    assert code == 1
    assert "no stored profile has aes-gcm 128 on samd21 mbedtls hw none" in \
        capsys.readouterr().err


def test_a_wolfcrypt_program_row_at_another_size_without_renode_is_an_estimate(run):
    if not store.load("rt1060", "wolfcrypt", "sw", "high-speed", "wolfbench"):
        pytest.skip("no stored profile of wolfbench on rt1060")
    code, text = run("--board", "rt1060", "--library", "wolfcrypt", "--algorithm", "aes-gcm",
                     "--path", "sw", "--bytes", "256")
    assert code == 0
    assert "ESTIMATE: no profile at 256 B and Renode not found" in text


def test_a_wolfcrypt_program_row_at_another_size_is_profiled_at_that_block_size(
        outcome, monkeypatch, capsys):
    # Renode "found": the program's image at 256-byte blocks is what gets profiled; here a copy
    # of the stored 1 KiB profile relabelled at 256 B stands for the run.
    stored = store.load("rt1060", "wolfcrypt", "sw", "high-speed", "wolfbench")
    if not stored:
        pytest.skip("no stored profile of wolfbench on rt1060")
    made = []

    def profile(renode, args, opt):
        made.append((args.bytes, opt))
        regions = [dict(r, result=dict(r["result"], buffer_bytes=args.bytes))
                   for r in stored["regions"]]
        return dict(stored, regions=regions)
    monkeypatch.setattr(predict.pipeline, "run", lambda **_: outcome)
    monkeypatch.setattr(predict.collect, "find_renode", lambda: "renode")
    monkeypatch.setattr(predict, "program_profile_at", profile)
    code = predict.main(["--board", "rt1060", "--library", "wolfcrypt", "--algorithm", "aes-gcm",
                         "--path", "sw", "--bytes", "256"])
    text = capsys.readouterr().out
    assert code == 0 and made == [(256, "high-speed")]
    assert "profile of wolfCrypt's benchmark program made now in Renode at 256 B" in text


def test_a_failed_profiling_run_is_one_clear_line(outcome, monkeypatch, capsys):
    def fails(renode, args, opt):
        raise RuntimeError("the execution trace is incomplete after 3600 s")
    monkeypatch.setattr(predict.pipeline, "run", lambda **_: outcome)
    monkeypatch.setattr(predict.collect, "find_renode", lambda: "renode")
    monkeypatch.setattr(predict, "profile_at", fails)
    code = predict.main(["--board", "rt1060", "--library", "mbedtls", "--algorithm", "sha256",
                         "--path", "sw", "--bytes", "64"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1
    assert err == ["predict: error: no profile at 64 B: the execution trace is incomplete after "
                   "3600 s"]
