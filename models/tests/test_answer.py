"""The buyer's answer `make` ends with (models/answer.py): its figures are the predictions."""
from __future__ import annotations

import re

import pytest

from models import answer, pipeline, predictions
from models.profiles import store


@pytest.fixture(scope="module")
def outcome() -> pipeline.Outcome:
    if not store.load_all():
        pytest.skip("no stored profiles")
    return pipeline.run(progress=False)


def predicted_kbps(outcome: pipeline.Outcome, board: str, algorithm: str, key_bits: str,
                   path: str) -> float:
    for row in predictions.prediction_rows(outcome):
        if (row["board"], row["library"], row["algorithm"], str(row["key_bits"]), row["path"],
                row["opt"], row["buffer_bytes"], row["metric"]) == (
                board, "mbedtls", algorithm, key_bits, path, "high-speed", 1024, "throughput"):
            return float(str(row["predicted"]))
    raise AssertionError(f"no prediction row for {board} {algorithm} {path}")


def row_of(lines: list[str], label: str) -> str:
    found = [line for line in lines if line.strip().startswith(label + " ")]
    assert len(found) == 1, f"{label}: {found}"
    return found[0]


def test_figures_are_the_predicted_throughputs(outcome):
    lines = answer.lines(outcome, "rt1060")
    numbers = [float(n.replace(",", "")) for n in
               re.findall(r"([\d,]+) ±", row_of(lines, "SHA-256"))]
    assert numbers == pytest.approx([predicted_kbps(outcome, "rt1060", "sha256", "", "sw"),
                                     predicted_kbps(outcome, "rt1060", "sha256", "", "hw")],
                                    abs=1.0)


def test_speed_up_is_accelerator_over_software(outcome):
    line = row_of(answer.lines(outcome, "rt1170"), "AES-128-CBC enc")
    speed_up = float(re.search(r"([\d.]+)x", line).group(1))
    expected = (predicted_kbps(outcome, "rt1170", "aes-cbc", "128", "hw")
                / predicted_kbps(outcome, "rt1170", "aes-cbc", "128", "sw"))
    assert speed_up == pytest.approx(expected, abs=0.06)


def test_what_the_accelerator_cannot_do_is_named_a_fallback(outcome):
    # The DCP does SHA-1/SHA-256 and AES-128 only (accelerators.md section 1).
    lines = answer.lines(outcome, "rt1060")
    assert "software fallback" in row_of(lines, "SHA-512")
    assert "software fallback" in row_of(lines, "AES-256-CBC enc")
    assert "software fallback" not in row_of(lines, "SHA-1")


def test_crossover_is_a_size_where_the_accelerator_wins(outcome):
    line = row_of(answer.lines(outcome, "rt1060"), "SHA-256")
    size = re.search(r"(\d+) B$", line)
    assert size, line
    assert 16 <= int(size.group(1)) <= 16384


def test_band_is_the_models_leave_one_out_spread(outcome):
    band = pipeline.band_pct(outcome, "dcp")
    assert band is not None and 0 < band < 50
    assert pipeline.band_pct(outcome, "no-such-model") is None
