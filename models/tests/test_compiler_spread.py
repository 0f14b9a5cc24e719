"""The compiler spread (models/calibration/compiler_spread.py), on figures worked out by hand."""
from __future__ import annotations

import math

import pytest

from models.calibration import compiler_spread as cs


def spread(algorithm: str, gcc: float, clang: float, opt: str = "high-speed") -> cs.Spread:
    return cs.Spread("rt1060", "mbedtls", opt, algorithm, 0, gcc, clang)


def test_the_spread_is_the_log_ratio_in_either_direction():
    assert spread("sha256", 100.0, 110.0).pct == pytest.approx(100 * math.log(1.1))
    assert spread("sha256", 110.0, 100.0).pct == pytest.approx(100 * math.log(1.1))


def test_each_algorithm_takes_its_largest_spread_at_each_level():
    found = cs.by_algorithm([spread("sha256", 100, 105), spread("sha256", 100, 80, "none"),
                             spread("sha256", 100, 90, "none"), spread("aes-cbc", 100, 101)])
    assert found[("sha256", "high-speed")] == pytest.approx(100 * math.log(1.05))
    assert found[("sha256", "none")] == pytest.approx(100 * abs(math.log(0.8)))
    assert found[("aes-cbc", "high-speed")] == pytest.approx(100 * math.log(1.01))


def test_a_row_that_crosses_compilers_adds_the_spread_in_quadrature():
    spreads = {("sha256", "high-speed"): 30.0, ("aes-cbc", "high-speed"): 10.0,
               ("sha1", "high-speed"): 20.0, ("sha256", "none"): 70.0}
    assert cs.published_band(40.0, "sha256", "high-speed", spreads) == pytest.approx(50.0)
    # an algorithm clang did not build: the median of its level's (20)
    assert cs.published_band(15.0, "ecdsa-sign", "high-speed", spreads) == pytest.approx(25.0)
    assert cs.published_band(15.0, "sha256", "high-speed", {}) == 15.0


def test_the_table_puts_each_compilers_ratio_beside_gcc_12s_cycles():
    both = [cs.Spread("rt1060", "mbedtls", "high-speed", "sha256", 0, 100.0, 110.0, "clang"),
            cs.Spread("rt1060", "mbedtls", "high-speed", "sha256", 0, 100.0, 95.0, "gcc8"),
            cs.Spread("rt1060", "mbedtls", "none", "sha1", 0, 200.0, 300.0, "gcc8")]
    rows = cs.table(both)
    assert rows[0].endswith("| clang/gcc 12 | gcc8/gcc 12 |")
    assert "| rt1060 | mbedtls | high-speed | sha256 | 100 | 1.100 | 0.950 |" in rows
    assert "| rt1060 | mbedtls | none | sha1 | 200 | - | 1.500 |" in rows
    # the band of a crossing row takes the largest over both compilers
    assert cs.by_algorithm(both)[("sha256", "high-speed")] == pytest.approx(100 * math.log(1.1))
    summary = cs.summary(both)
    assert any(r.startswith("| arm-none-eabi-gcc 8.3.1 | none | 1 |") for r in summary)
