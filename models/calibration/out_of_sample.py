"""Out-of-sample checks: published figures the calibration never sees, compared with the
calibrated predictions.

models/data/out-of-sample.csv has the columns of published-measurements.csv; its rows come from
other sources than that file (each row names its source) and are never calibration cells, so the
error against them says how the models carry over to code no fit looked at - here wolfCrypt on
the Cortex-M7, for which published-measurements.csv has no row at all. Their build conditions are
less well known than the calibration rows' (the file's header says which are assumed).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from models.calibration import fit, published
from models.matrix import Case, cycles_per_call
from models.params import Values

DATA = Path(__file__).resolve().parents[1] / "data" / "out-of-sample.csv"


@dataclass(frozen=True)
class Check:
    measurement: published.Measurement
    case: Case
    predicted: float            # in the measurement's metric
    naive: float | None         # stock Renode's figure in that metric (software cases)

    @property
    def error_pct(self) -> float:
        return fit.error_pct(self.predicted, self.measurement.value)

    @property
    def naive_error_pct(self) -> float | None:
        return None if self.naive is None else fit.error_pct(self.naive, self.measurement.value)


def checks(cases: list[Case], values: Values, source: Path = DATA) -> list[Check]:
    """Every row of `source` with its matching case of the matrix, priced with `values`."""
    if not source.exists():
        return []
    by_key = {case.key: case for case in cases}
    out = []
    for m in published.load(source):
        case = by_key.get(published.case_key(m))
        if case is None:
            raise ValueError(f"{source}: row {m.id}: no case of the matrix has its key "
                             f"{published.case_key(m)}")
        predicted = fit.value_in(m.metric, case, cycles_per_call(case, values))
        out.append(Check(m, case, predicted, fit.naive_value(m.metric, case)))
    return out
