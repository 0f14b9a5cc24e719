"""Calibration: maximum a posteriori fit in log space, uncertainty, leave-one-out validation.

Residual per calibration cell: ln(predicted / measured) / sigma_cell (sigma_cell = 5 %: the spread
expected between the published builds - IAR/Keil, other library versions - and ours).
Residual per fitted parameter: ln(value / default) / prior (its log-normal prior). A parameter
whose source gives a range (Param.bounds, e.g. the Cortex-M4 TRM's 1..3 cycle pipeline refill) is
kept inside it.
A parameter is fitted only when at least two of the cells in the fit depend on it
(`MIN_CELLS_PER_PARAM`); otherwise it stays at its default for that fit. Leave-one-out refits
without each cell in turn (the rule is re-applied on the remaining cells) and predicts it. A
cell's twins - published rows of the same code, priced by the same model from the same kind of
case (the RT1060 "dcp" SHA-512 rows measure the software fallback of the sw rows) - are left out
with it: otherwise a cell would be predicted from a second measurement of itself.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np
from scipy.optimize import least_squares

from models import boards
from models.calibration import builds
from models.calibration.published import Measurement, case_key
from models.matrix import Case, cycles_per_call
from models.params import AS_RUN, Param, Values, defaults

SIGMA_CELL = 0.05
MIN_CELLS_PER_PARAM = 2


@dataclass(frozen=True)
class Cell:
    measurement: Measurement
    case: Case

    @property
    def id(self) -> str:
        return self.measurement.id

    @property
    def build(self) -> builds.PublishedBuild:
        """The build the published row measured (calibration/builds.py)."""
        return builds.build_of(self.measurement)


def value_in(metric: str, case: Case, cycles: float) -> float:
    """A call's cycles in the unit of `metric` (kbps = KiB/s, cpb, cycles, ms)."""
    clock = boards.BOARDS[case.board].clock_hz
    if metric == "cycles_per_byte":
        return cycles / case.buffer_bytes
    if metric == "throughput":
        return case.buffer_bytes * clock / cycles / 1024.0
    if metric == "time":
        return cycles / clock * 1e3
    return cycles


def naive_value(metric: str, case: Case) -> float | None:
    """Stock Renode's figure for a case in the unit of `metric` (virtual time at the DWT clock);
    None on the accelerator models' cases, which the stock platform does not time at all."""
    if case.model != "core" or not case.naive_cycles:
        return None
    return value_in(metric, case, case.naive_cycles)


def predict(cell: Cell, values: Values) -> float:
    """The cell's published figure as predicted for the build that measured it."""
    cycles = cycles_per_call(cell.case, values, builds.core_price(cell.build))
    return value_in(cell.measurement.metric, cell.case, cycles)


def build_cells(cases: list[Case], measurements: list[Measurement],
                references: list[Case] = ()) -> tuple[list[Cell], list[Measurement]]:
    """Calibration cells with a matching case, and the fitted measurements that have none. A
    reference case (models/calibration/reference.py) takes the place of the matrix's case with
    its key."""
    by_key = {case.key: case for case in cases}
    by_key.update({case.key: case for case in references})
    cells, missing = [], []
    for m in measurements:
        case = by_key.get(case_key(m))
        if case is None:
            if m.fitted:
                missing.append(m)
            continue
        if m.fitted:
            cells.append(Cell(m, case))
    return cells, missing


def floor_value(cell: Cell) -> float:
    """The published metric at the core's fewest cycles for the instructions the cell's build
    executes (cores' floor_cycles), at the compiler transfer 1."""
    return value_in(cell.measurement.metric, cell.case,
                    builds.floor_cycles(cell.case, cell.build))


def beyond_floor(cell: Cell) -> bool:
    """True when a software cell's published figure is faster than its core can execute the
    instructions our build runs there, whatever the parameters: the published build ran other
    code in that region (the STM32F407 init row: 589 cycles, where our build's 496
    instructions, most of them newlib's memset, move 41 registers in LDM/STM and take 81
    branches: at least 623 cycles on a Cortex-M4). No shared parameter can price such a cell
    without bending every other cell of its core, so it is not fitted; the report shows it
    apart with its prediction."""
    if cell.case.model != "core":
        return False
    floor = floor_value(cell)
    if cell.measurement.metric == "throughput":
        return cell.measurement.value > floor
    return cell.measurement.value < floor


def split_beyond_floor(cells: list[Cell]) -> tuple[list[Cell], list[Cell]]:
    """The cells to fit, and those beyond their core's floor (beyond_floor)."""
    return ([c for c in cells if not beyond_floor(c)], [c for c in cells if beyond_floor(c)])


def dependents(cells: list[Cell], params: list[Param], values: Values) -> dict[str, list[str]]:
    """For each fittable parameter, the ids of the cells whose prediction moves with it."""
    base = [predict(c, values) for c in cells]
    result: dict[str, list[str]] = {}
    for p in params:
        if not p.fit:
            continue
        moved = dict(values)
        moved[p.name] = values[p.name] * 1.1
        result[p.name] = [c.id for c, b in zip(cells, base)
                          if abs(predict(c, moved) - b) > 1e-9 * max(1.0, abs(b))]
    return result


@dataclass
class FitResult:
    values: Values
    fitted: list[str]                       # parameters moved by this fit
    frozen: list[str]                       # fittable but kept at the default (< 2 cells)
    rel_sigma: dict[str, float] = field(default_factory=dict)  # 1-sigma relative uncertainty
    cells_of: dict[str, list[str]] = field(default_factory=dict)
    chi2_per_dof: float = 0.0


def fixed(p: Param) -> Param:
    return replace(p, fit=False)


def fit(cells: list[Cell], params: list[Param], start: Values | None = None) -> FitResult:
    """Two stages. The parameters only measurements of the profiled binaries may fit (fit_by
    AS_RUN: the cores' timing) are fitted to those cells alone; then, with them held, the rest
    (published builds' transfers, memories, accelerators) to every cell. So a vendor table's
    compiler never bends the timing that prices a user's binary."""
    as_run = [c for c in cells if c.build is builds.AS_RUN]
    first = _fit(as_run, [p if p.fit_by == AS_RUN else fixed(p) for p in params],
                 defaults(params), start)
    held = dict(defaults(params))
    held.update({p.name: first.values[p.name] for p in params if p.fit_by == AS_RUN})
    second = _fit(cells, [fixed(p) if p.fit_by == AS_RUN else p for p in params], held, start)
    cells_of = dict(second.cells_of)
    cells_of.update({name: first.cells_of.get(name, []) for name in
                     (p.name for p in params if p.fit_by == AS_RUN and p.fit)})
    return FitResult(second.values, first.fitted + second.fitted, first.frozen + second.frozen,
                     {**first.rel_sigma, **second.rel_sigma}, cells_of, second.chi2_per_dof)


def _fit(cells: list[Cell], params: list[Param], base: Values,
         start: Values | None = None) -> FitResult:
    """A maximum a posteriori fit of the fittable `params` to `cells`, the others at `base`."""
    depends = dependents(cells, params, base)
    free = [p for p in params if p.fit and len(depends.get(p.name, [])) >= MIN_CELLS_PER_PARAM]
    frozen = [p.name for p in params if p.fit and p not in free]
    measured = np.array([c.measurement.value for c in cells])

    def values_of(x: np.ndarray) -> Values:
        values = dict(base)
        for p, xi in zip(free, x):
            values[p.name] = p.default * math.exp(xi)
        return values

    def residuals(x: np.ndarray) -> np.ndarray:
        values = values_of(x)
        predicted = np.array([predict(c, values) for c in cells])
        data = np.log(np.maximum(predicted, 1e-12) / measured) / SIGMA_CELL
        prior = np.array([xi / p.prior for p, xi in zip(free, x)])
        return np.concatenate([data, prior])

    if not free:
        return FitResult(base, [], frozen, {}, depends)
    # Bounds in log space; the start is nudged inside them (least_squares needs a strict interior).
    low = np.array([math.log(p.bounds[0] / p.default) if p.bounds else -np.inf for p in free])
    high = np.array([math.log(p.bounds[1] / p.default) if p.bounds else np.inf for p in free])
    x0 = np.array([math.log((start or base)[p.name] / p.default) for p in free])
    x0 = np.clip(x0, low + 1e-9, high - 1e-9)
    # Which residual moves with which parameter: lets the finite differences perturb
    # independent parameters together (accelerator parameters touch only their own cells).
    index = {c.id: i for i, c in enumerate(cells)}
    sparsity = np.zeros((len(cells) + len(free), len(free)))
    for j, p in enumerate(free):
        for cell_id in depends[p.name]:
            sparsity[index[cell_id], j] = 1.0
        sparsity[len(cells) + j, j] = 1.0
    solution = least_squares(residuals, x0, method="trf", diff_step=1e-4, x_scale=1.0,
                             ftol=1e-6, xtol=1e-6, gtol=1e-6, bounds=(low, high),
                             jac_sparsity=sparsity)
    jac = solution.jac.toarray() if hasattr(solution.jac, "toarray") else solution.jac
    values = values_of(solution.x)
    dof = max(1, len(cells) - len(free))
    chi2 = float(np.sum(solution.fun[:len(cells)] ** 2)) / dof
    try:
        covariance = np.linalg.inv(jac.T @ jac) * max(1.0, chi2)
        sigma = {p.name: math.expm1(math.sqrt(max(0.0, covariance[i, i])))
                 for i, p in enumerate(free)}
    except np.linalg.LinAlgError:
        sigma = {p.name: float("nan") for p in free}
    return FitResult(values, [p.name for p in free], frozen, sigma, depends, chi2)


def error_pct(predicted: float, measured: float) -> float:
    return (predicted - measured) / measured * 100.0


@dataclass
class Validation:
    calibration: dict[str, float]   # cell id -> error % with all cells in the fit
    loo: dict[str, float]           # cell id -> error % when that cell is left out
    default: dict[str, float]       # cell id -> error % with every parameter at its default
    full: FitResult
    # cell id -> parameters the full fit moves that its leave-one-out fit keeps at their
    # defaults (fewer than two cells left depend on them): what the cell alone taught the model
    loo_frozen: dict[str, list[str]] = field(default_factory=dict)
    # cell id -> parameter values of the fit without that cell (and its twins)
    loo_values: dict[str, Values] = field(default_factory=dict)

    def loo_range(self, name: str) -> tuple[float, float]:
        """Lowest and highest value of a parameter over the leave-one-out fits: how far one
        published figure moves it (read beside the Jacobian's sigma, which assumes a linear
        model and Gaussian errors)."""
        seen = [values[name] for values in self.loo_values.values()]
        return (min(seen), max(seen)) if seen else (self.full.values[name],) * 2


def same_code(cell: Cell) -> tuple:
    """Cells with equal keys measure the same code with the same model (see the module text)."""
    c = cell.case
    return (c.board, c.library, c.algorithm, c.key_bits, c.buffer_bytes, c.opt, c.model)


def validate(cells: list[Cell], params: list[Param], progress: bool = False) -> Validation:
    full = fit(cells, params)
    calibration = {c.id: error_pct(predict(c, full.values), c.measurement.value) for c in cells}
    base = defaults(params)
    default = {c.id: error_pct(predict(c, base), c.measurement.value) for c in cells}
    loo, loo_frozen, loo_values = {}, {}, {}
    for i, cell in enumerate(cells):
        rest = [c for c in cells if same_code(c) != same_code(cell)]
        held_out = fit(rest, params, start=full.values)
        loo[cell.id] = error_pct(predict(cell, held_out.values), cell.measurement.value)
        loo_frozen[cell.id] = [name for name in full.fitted if name in held_out.frozen]
        loo_values[cell.id] = held_out.values
        if progress and (i + 1) % 10 == 0:
            print(f"  leave-one-out: {i + 1}/{len(cells)}", flush=True)
    return Validation(calibration, loo, default, full, loo_frozen, loo_values)


def median_abs(errors: dict[str, float]) -> float:
    return float(np.median([abs(e) for e in errors.values()])) if errors else float("nan")
