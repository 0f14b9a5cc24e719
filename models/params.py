"""Model parameters: each has a physical meaning, a default with its source, and a prior width.

A parameter with `fit=True` may be moved by the calibration (models/calibration/fit.py); the prior
(log-normal around the default, relative width `prior`) keeps it near its source value where the
published data say little. The calibration refuses to fit a parameter that fewer than two
calibration cells depend on (it then stays at its default): no parameter may serve a single cell.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Param:
    name: str          # "<component>.<quantity>", e.g. "m7.load_cycles"
    default: float
    unit: str
    meaning: str
    source: str
    fit: bool = False
    prior: float = 0.5  # relative 1-sigma width of the log-normal prior around `default`
    # Hard limits of a fitted value where its source gives a range (e.g. a TRM's "1..3 cycles");
    # None: the prior alone keeps it near the default.
    bounds: tuple[float, float] | None = None
    # Which cells may fit it: "" any calibration cell; AS_RUN only the measurements of binaries
    # that were profiled as they ran (calibration/builds.py AS_RUN), never a published build's
    # table: a core's timing is the binary's, not another compiler's (calibration/fit.py).
    fit_by: str = ""


AS_RUN = "as-run"


Values = dict[str, float]


def defaults(params: list[Param]) -> Values:
    return {p.name: p.default for p in params}
