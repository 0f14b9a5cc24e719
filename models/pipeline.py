"""One pass from the stored profiles to the calibrated models: cases, calibration cells, the fit
and its leave-one-out validation (run, Outcome), and what every reader of that outcome shares:
each model's 80 % band (model_bands, band_of, band_pct; calibration/bands.py), the naive errors.

What is priced from the outcome lives above this module: predictions.csv (predictions.py), the
throughput-vs-size sweep (size_sweep.py), the answer `make` ends with (answer.py), the report
(report.py). None of them is imported here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from models import boards
from models.calibration import bands, fit, published, reference
from models.matrix import Case, all_params, matrix_cases
from models.params import Param
from models.profiles import store

TOP = Path(__file__).resolve().parents[1]


@dataclass
class Outcome:
    params: list[Param]
    cases: list[Case]
    cells: list[fit.Cell]
    missing: list[published.Measurement]
    measurements: list[published.Measurement]
    validation: fit.Validation
    profiles: list[dict]
    # Published rows faster than their core can run our instructions (fit.beyond_floor): not
    # fitted, shown apart.
    beyond_floor: list[fit.Cell] = field(default_factory=list)


def run(progress: bool = True, measurements_file: Path = published.DATA) -> Outcome:
    """measurements_file: the published measurements to calibrate against (a copy with a user's
    own rows added is how a user calibrates for their board)."""
    profiles = store.load_all()
    if not profiles:
        raise SystemExit(f"models: error: no profiles under {store.DATA}; run `make profiles`")
    params = all_params()
    cases = matrix_cases(profiles)
    measurements = published.load(measurements_file)
    cells, missing = fit.build_cells(cases, measurements, reference.cases())
    cells, beyond_floor = fit.split_beyond_floor(cells)
    if progress:
        print(f"models: {len(profiles)} profiles, {len(cases)} cases, {len(cells)} calibration "
              f"cells; calibrating and {len(cells)} leave-one-out refits ...", flush=True)
    validation = fit.validate(cells, params, progress=progress)
    return Outcome(params, cases, cells, missing, measurements, validation, profiles,
                   beyond_floor)


def _loo_errors(outcome: Outcome) -> dict[str, list[float]]:
    errors: dict[str, list[float]] = {}
    for cell in outcome.cells:
        if cell.id in outcome.validation.loo:
            errors.setdefault(cell.case.model, []).append(outcome.validation.loo[cell.id])
    return errors


def model_bands(outcome: Outcome) -> dict[str, bands.Band]:
    """The 80 % band of each model, from its cells' leave-one-out errors (band_of)."""
    return {model: band_of(outcome, model) for model in _loo_errors(outcome)}


def band_of(outcome: Outcome, model: str) -> bands.Band:
    """The 80 % band of the calibration cells that `model` prices, from their leave-one-out
    errors, with its measured coverage. An accelerator model with too few figures for a
    measurable coverage (bands.min_figures) takes the band of every accelerator model's figures
    together."""
    errors = _loo_errors(outcome)
    own = errors.get(model, [])
    if model == "core":
        return bands.band(model, own)
    accelerators = {name: found for name, found in errors.items() if name != "core"}
    return bands.pooled_band(model, own, accelerators, "accelerator")


def band_pct(outcome: Outcome, model: str) -> float | None:
    """The half-width of band_of, None where no published figure tests the model."""
    pct = band_of(outcome, model).pct
    return None if pct != pct else pct


def geometric(ratios: list[float]) -> tuple[float, float]:
    """Geometric mean and geometric standard deviation of ratios (Embench style)."""
    logs = [math.log(r) for r in ratios if r > 0]
    if not logs:
        return float("nan"), float("nan")
    mean = sum(logs) / len(logs)
    var = sum((x - mean) ** 2 for x in logs) / max(1, len(logs) - 1)
    return math.exp(mean), math.exp(math.sqrt(var))


def naive_errors(outcome: Outcome) -> dict[str, float]:
    """Error of stock Renode's figure per calibration cell (software cells only: on the hw path
    the stock platform has no accelerator timing at all)."""
    errors = {}
    for cell in outcome.cells:
        naive = fit.naive_value(cell.measurement.metric, cell.case)
        if naive is not None:
            errors[cell.id] = fit.error_pct(naive, cell.measurement.value)
    return errors


def clock_of(board: str) -> float:
    return boards.BOARDS[board].clock_hz
