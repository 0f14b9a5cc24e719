"""`python -m models predict` (models/predict.py): one configuration's predicted figures."""
from __future__ import annotations

import re

import pytest

from models import pipeline, predict
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
    for row in pipeline.prediction_rows(outcome):
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
])
def test_bad_input_is_one_clear_line(run, capsys, argv, message):
    with pytest.raises(SystemExit) as stop:
        run(*BASE, *argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
