"""reports/predictions.csv: every case of the calibrated models (pipeline.py) priced, row by row.

predictions.csv follows ARCHITECTURE.md (Contracts):
  board,library,algorithm,key_bits,path,opt,buffer_bytes,metric,predicted,unit,measured,error_pct
and adds, after those, `naive` and `naive_error_pct` (stock Renode: virtual time at the DWT clock,
one cycle per instruction), `model` (core or the accelerator), `build`, `published_build` and
`band_pct`, and `direction`-free algorithm names: AES-CBC decryption is "aes-cbc-dec" (the
published aes-cbc rows are encryption).

Two kinds of rows (`build`):
  - matrix: the project's own gcc images, priced as they run (no compiler factor); `measured`
    only where a row measured that binary itself (a user's own row, builds.AS_RUN): a published
    table measured another binary;
  - reference: the published builds (calibration/builds.py, named in `published_build`), each
    priced through its placement and compiler transfer, with the published figure and the
    error where one exists; the STM32F407 rows are the reference build's own profile, all six
    phases.
`band_pct` is the half-width of the model's 80 % band (calibration/bands.py).
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from models.calibration import builds, compiler_spread, fit, published, reference
from models.matrix import Case, cycles_per_call
from models.pipeline import Outcome, model_bands

COLUMNS = ("board", "library", "algorithm", "key_bits", "path", "opt", "buffer_bytes", "metric",
           "predicted", "unit", "measured", "error_pct", "naive", "naive_error_pct", "model",
           "build", "published_build", "band_pct")
UNITS = {"throughput": "kbps", "cycles_per_byte": "cpb", "cycles": "cycles", "time": "ms"}


def metrics_of(case: Case) -> tuple[str, ...]:
    return ("throughput", "cycles_per_byte") if case.buffer_bytes else ("cycles", "time")


def _row(case: Case, metric: str, predicted: float, truth: float | None, build: str,
         published_build: str, band_pct: float | None) -> dict[str, object]:
    naive = fit.naive_value(metric, case)
    return {
        "board": case.board, "library": case.library, "algorithm": case.algorithm,
        "key_bits": case.key_bits or "", "path": case.path, "opt": case.opt,
        "buffer_bytes": case.buffer_bytes or "", "metric": metric,
        "predicted": f"{predicted:.6g}", "unit": UNITS[metric],
        "measured": "" if truth is None else f"{truth:g}",
        "error_pct": "" if truth is None else f"{fit.error_pct(predicted, truth):.2f}",
        "naive": "" if naive is None else f"{naive:.6g}",
        "naive_error_pct": "" if naive is None or truth is None
        else f"{fit.error_pct(naive, truth):.2f}",
        "model": case.model, "build": build, "published_build": published_build,
        "band_pct": "" if band_pct is None or band_pct != band_pct else f"{band_pct:.1f}",
    }


def reference_cases(outcome: Outcome) -> list[tuple[Case, builds.PublishedBuild]]:
    """Every case a published build is priced for: each published row's case (a reference
    profile's where there is one), and every phase of the reference profiles."""
    by_key = {case.key: case for case in outcome.cases}
    references = {case.key: case for case in reference.cases()}
    chosen: dict[tuple, tuple[Case, builds.PublishedBuild]] = {}
    for m in outcome.measurements:
        key = published.case_key(m)
        case = references.get(key) or by_key.get(key)
        if case is not None and builds.build_of(m) is not builds.AS_RUN:
            chosen.setdefault(key, (case, builds.build_of(m)))
    for key, case in references.items():
        build = next((b for _, b in chosen.values() if b.board == case.board
                      and b.reference_profiles), None)
        if build is not None:
            chosen.setdefault(key, (case, build))
    return sorted(chosen.values(), key=lambda pair: pair[0].key)


def prediction_rows(outcome: Outcome) -> list[dict[str, object]]:
    values = outcome.validation.full.values
    measured = {(published.case_key(m), m.metric): m.value for m in outcome.measurements
                if builds.build_of(m) is not builds.AS_RUN}
    own = {(published.case_key(m), m.metric): m.value for m in outcome.measurements
           if builds.build_of(m) is builds.AS_RUN}
    by_model = {model: band.pct for model, band in model_bands(outcome).items()}
    spreads = compiler_spread.by_algorithm(compiler_spread.pairs(values))
    rows = []
    for case in outcome.cases:
        cycles = cycles_per_call(case, values)
        for metric in metrics_of(case):
            rows.append(_row(case, metric, fit.value_in(metric, case, cycles),
                             own.get((case.key, metric)), "matrix", "",
                             by_model.get(case.model)))
    for case, build in reference_cases(outcome):
        cycles = cycles_per_call(case, values, builds.core_price(build))
        band = by_model.get(case.model)
        if band is not None and case.model == "core":
            # a published build's row crosses compilers: the spread goes into its band
            band = compiler_spread.published_band(band, case.algorithm, case.opt, spreads)
        for metric in metrics_of(case):
            rows.append(_row(case, metric, fit.value_in(metric, case, cycles),
                             measured.get((case.key, metric)), "reference", build.id, band))
    return rows


def write_predictions(rows: list[dict[str, object]], out: Path) -> None:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(buffer.getvalue())
