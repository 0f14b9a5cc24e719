"""reports/predictions.csv against the ARCHITECTURE.md contract, built from the stored profiles."""
from __future__ import annotations

import csv
import io

import pytest

from models import pipeline, predictions
from models.calibration import published
from models.profiles import store

CONTRACT = ["board", "library", "algorithm", "key_bits", "path", "opt", "buffer_bytes", "metric",
            "predicted", "unit", "measured", "error_pct"]


@pytest.fixture(scope="module")
def outcome() -> pipeline.Outcome:
    if not store.load_all():
        pytest.skip("no stored profiles")
    return pipeline.run(progress=False)


@pytest.fixture(scope="module")
def rows(outcome) -> list[dict[str, str]]:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=predictions.COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(predictions.prediction_rows(outcome))
    return list(csv.DictReader(io.StringIO(text.getvalue())))


def test_columns_start_with_the_contract(rows):
    assert list(rows[0])[:len(CONTRACT)] == CONTRACT


def test_metrics_units_and_values(rows):
    units = {"throughput": "kbps", "cycles_per_byte": "cpb", "cycles": "cycles", "time": "ms"}
    for row in rows:
        assert units[row["metric"]] == row["unit"]
        assert float(row["predicted"]) > 0
        assert (row["measured"] == "") == (row["error_pct"] == "")


def test_every_profiled_configuration_has_rows(rows, outcome):
    keys = {(r["board"], r["library"], r["path"], r["opt"]) for r in rows}
    for profile in outcome.profiles:
        assert (profile["board"], profile["library"], profile["path"], profile["opt"]) in keys
        # boards with an accelerator also get the hw path
    assert any(r["path"] == "hw" and r["board"] == "rt1060" for r in rows)


def test_published_rows_with_a_case_carry_measured(rows):
    with_measured = {(r["board"], r["algorithm"], r["path"], r["opt"], r["metric"])
                     for r in rows if r["measured"]}
    for m in published.load():
        if m.board == "rt1060" and m.path == "sw":
            assert (m.board, m.algorithm, "sw", m.opt, m.metric) in with_measured


def test_hw_ecdsa_rows_use_the_hw_profiles(rows, outcome):
    """Where a hw-path ECDSA profile recorded accelerator calls, the row is priced by that
    accelerator (CPU side + busy time) and is faster than the software row."""
    recorded = {(c.board, c.library, c.opt, c.algorithm) for c in outcome.cases
                if c.calls and c.algorithm.startswith("ecdsa-")}
    if not recorded:
        pytest.skip("no hw-path ECDSA profiles")
    time = {(r["board"], r["library"], r["path"], r["opt"], r["algorithm"]): r
            for r in rows if r["metric"] == "time"}
    for board, library, opt, algorithm in recorded:
        hw = time[(board, library, "hw", opt, algorithm)]
        sw = time[(board, library, "sw", opt, algorithm)]
        assert hw["model"] != "core"
        assert float(hw["predicted"]) < float(sw["predicted"])


def test_reference_builds_price_the_calibration_and_never_the_matrix(rows, outcome):
    references = store.load_references()
    if not references:
        pytest.skip("no stored reference profiles")
    assert all(case.reference is None for case in outcome.cases)
    by_id = {cell.id: cell.case for cell in outcome.cells + outcome.beyond_floor}
    for profile in references:
        for region in profile["regions"]:
            result = region["result"]
            matching = [m for m in published.load() if m.board == profile["board"]
                        and m.fitted and published.case_key(m)[:2] == (profile["board"],
                                                                       profile["library"])
                        and m.algorithm == result["algorithm"]]
            for m in matching:
                assert by_id[m.id].reference == profile["reference"]
                assert by_id[m.id].naive_cycles == float(result["cycles"])
    sign = [r for r in rows if (r["board"], r["library"], r["algorithm"], r["opt"], r["metric"])
            == ("stm32f407", "mbedtls", "ecdsa-sign", "high-speed", "cycles")]
    matrix_sign = next(c for c in outcome.cases if (c.board, c.library, c.algorithm, c.opt)
                       == ("stm32f407", "mbedtls", "ecdsa-sign", "high-speed"))
    assert float(sign[0]["naive"]) == pytest.approx(matrix_sign.naive_cycles, rel=1e-5)
