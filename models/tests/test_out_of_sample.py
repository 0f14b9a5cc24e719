"""Out-of-sample checks (models/calibration/out_of_sample.py): rows no fit sees, priced like
predictions.csv."""
from __future__ import annotations

from pathlib import Path

import pytest

from models import pipeline, predictions
from models.calibration import out_of_sample, published
from models.profiles import store


@pytest.fixture(scope="module")
def outcome() -> pipeline.Outcome:
    if not store.load_all():
        pytest.skip("no stored profiles")
    return pipeline.run(progress=False)


def test_out_of_sample_rows_are_never_calibration_cells(outcome):
    ids = {m.id for m in published.load(out_of_sample.DATA)}
    assert ids
    assert not ids & {cell.id for cell in outcome.cells}
    assert not ids & {m.id for m in outcome.measurements}


def test_a_check_is_the_prediction_of_its_case(outcome):
    rows = predictions.prediction_rows(outcome)
    for check in out_of_sample.checks(outcome.cases, outcome.validation.full.values):
        case = check.case
        row = next(r for r in rows if (r["board"], r["library"], r["algorithm"], r["path"],
                                       r["opt"], r["metric"]) == (case.board, case.library,
                                                                  case.algorithm, case.path,
                                                                  case.opt,
                                                                  check.measurement.metric))
        assert float(row["predicted"]) == pytest.approx(check.predicted, rel=1e-5)
        assert check.error_pct == pytest.approx(
            (check.predicted - check.measurement.value) / check.measurement.value * 100)


def test_a_row_without_a_case_is_one_clear_error(outcome, tmp_path: Path):
    lines = out_of_sample.DATA.read_text().splitlines()
    header = next(line for line in lines if line.startswith("id,"))
    bad = tmp_path / "bad.csv"
    bad.write_text(header + "\nrt1060-nothing,MIMXRT1060-EVK,i.MX RT1062,cortex-m7,600,x,unknown,"
                   "wolfSSL 4.5.0,sha3-256,,sw,1024,throughput,1.0,kbps,\n")
    with pytest.raises(ValueError, match="rt1060-nothing"):
        out_of_sample.checks(outcome.cases, outcome.validation.full.values, bad)
