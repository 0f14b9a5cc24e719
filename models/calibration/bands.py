"""Bands with a measured coverage.

A prediction's band is the share NOMINAL (80 %) quantile of the |leave-one-out error| of the
published figures its model prices: the error of each figure when the fit did not see it, taken
at the split-conformal rank ceil((n + 1) x share) of n, so that a new figure as exchangeable with
them as they are with each other falls inside with at least that probability. Its
coverage is measured the same way, one level further out: for each figure, the band made from
the other figures' errors alone, and whether that band holds the figure's own error. A coverage
at or above NOMINAL says the band is honest on figures it was not made from; the report prints
it next to the band (reports/index.md, "Bands").

Leave-one-out coverage cannot reach a share s on fewer than 1 / (1 - s) figures (5 at 80 %): with
n figures, the one with the largest error lies outside the band of the other n - 1 whenever it is
the only largest, so the coverage is at most (n - 1) / n. A model with fewer figures than that
(MIN_FIGURES) takes the band of a pool: its figures together with those of the other models of
its kind (the accelerator and secure-element models), and the pool's measured coverage.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

NOMINAL = 0.8


def min_figures(share: float = NOMINAL) -> int:
    """The fewest figures on which leave-one-out coverage can reach `share`."""
    return math.ceil(1.0 / (1.0 - share) - 1e-9)


def quantile_abs(errors: list[float], share: float = NOMINAL) -> float:
    """The |error| at the conformal rank ceil((n + 1) x share) of n (the largest when n is too
    small for that rank)."""
    ranked = sorted(abs(e) for e in errors)
    if not ranked:
        return float("nan")
    rank = min(len(ranked), math.ceil((len(ranked) + 1) * share))
    return ranked[rank - 1]


def coverage(errors: list[float], share: float = NOMINAL) -> float:
    """Share of errors inside the band made from the others (leave-one-out coverage)."""
    if len(errors) < 2:
        return float("nan")
    inside = sum(abs(e) <= quantile_abs(errors[:i] + errors[i + 1:], share)
                 for i, e in enumerate(errors))
    return inside / len(errors)


@dataclass(frozen=True)
class Band:
    model: str          # what it is the band of: a core model or an accelerator model
    pct: float          # half-width in percent
    coverage: float     # measured, as coverage() says
    cells: int          # figures it rests on
    pooled: str = ""    # the pool it was made from, where its model has too few figures

    def text(self) -> str:
        if math.isnan(self.pct):
            return f"no band: no published figure tests the {self.model} model"
        pool = f" pooled with the {self.pooled} models'" if self.pooled else ""
        return (f"±{self.pct:.1f} % ({NOMINAL:.0%} band of the {self.model} model{pool}, "
                f"coverage {self.coverage_text()} over {self.cells} figures left out of the fit)")

    def coverage_text(self) -> str:
        return "not measurable (one figure)" if math.isnan(self.coverage) \
            else f"{self.coverage:.0%}"


def band(model: str, errors: list[float], share: float = NOMINAL) -> Band:
    return Band(model, quantile_abs(errors, share), coverage(errors, share), len(errors))


def pooled_band(model: str, errors: list[float], pool: dict[str, list[float]],
                pool_name: str, share: float = NOMINAL) -> Band:
    """The model's own band where it has MIN_FIGURES figures; else the band of the pool (every
    model's errors in `pool`, its own included)."""
    if not errors or len(errors) >= min_figures(share):
        return band(model, errors, share)   # no figure tests the model: no band
    everything = [e for found in pool.values() for e in found]
    if len(everything) <= len(errors):
        return band(model, errors, share)
    return Band(model, quantile_abs(everything, share), coverage(everything, share),
                len(everything), pool_name)
