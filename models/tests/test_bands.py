"""Bands with a measured coverage (models/calibration/bands.py), on errors worked out by hand."""
from __future__ import annotations

import math

import pytest

from models.calibration import bands


def test_the_band_is_the_conformal_rank_of_the_errors():
    # n = 9: rank ceil(10 x 0.8) = 8 of the sorted |errors| 1..9 -> 8
    errors = [1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0, -8.0, 9.0]
    assert bands.quantile_abs(errors) == 8.0
    # n = 3: rank ceil(4 x 0.8) = 4 is beyond n: the largest
    assert bands.quantile_abs([1.0, -5.0, 2.0]) == 5.0
    assert math.isnan(bands.quantile_abs([]))


def test_coverage_counts_each_error_against_the_band_of_the_others():
    # 1..9 and an outlier of 50; each band is rank ceil(10 x 0.8) = 8 of the 9 others.
    # 1..8: the others hold 9 at rank 8 -> band 9, inside. 9: the others 1..8, 50 -> band 8,
    # outside. 50: the others 1..9 -> band 8, outside. 8 of 10 inside.
    errors = [float(e) for e in range(1, 10)] + [50.0]
    assert bands.coverage(errors) == pytest.approx(0.8)
    assert math.isnan(bands.coverage([3.0]))


def test_a_band_says_what_it_rests_on():
    band = bands.band("core", [1.0, 2.0, 3.0, 4.0, 5.0])
    assert band.pct == 5.0 and band.cells == 5
    assert "80% band of the core model" in band.text()
    assert "no band" in bands.band("dcp", []).text()
    assert "not measurable" in bands.band("atecc508a", [17.7]).text()


def test_four_figures_cannot_show_an_80_percent_coverage():
    # The largest of four distinct errors always lies outside the band of the other three.
    errors = [1.0, -2.0, 3.0, -25.0]
    assert bands.coverage(errors) == 0.75
    assert bands.min_figures(0.8) == 5
    assert bands.min_figures(0.9) == 10


def test_a_model_with_too_few_figures_takes_its_pools_band():
    own = [1.0, -2.0, 3.0, -25.0]
    pool = {"caam": own, "dcp": [0.5, -1.0, 2.0, -4.0, 6.0, 10.0], "atecc508a": [-18.0]}
    pooled = bands.pooled_band("caam", own, pool, "accelerator")
    everything = [e for found in pool.values() for e in found]
    assert pooled.cells == 11 and pooled.pooled == "accelerator"
    assert pooled.pct == bands.quantile_abs(everything)
    assert pooled.coverage == bands.coverage(everything)
    assert "pooled with the accelerator models'" in pooled.text()
    # enough figures of its own: its own band; none: no band at all
    dcp = bands.pooled_band("dcp", pool["dcp"], pool, "accelerator")
    assert dcp.pooled == "" and dcp.cells == 6
    assert "no band" in bands.pooled_band("x", [], pool, "accelerator").text()
