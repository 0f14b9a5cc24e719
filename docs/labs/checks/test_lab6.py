"""Lab 6 (docs/labs/6-what-if.md): the student's three hardware what-if sweeps."""
from __future__ import annotations

import csv

import pytest
from conftest import TOP, done_steps

pytestmark = pytest.mark.lab


@pytest.fixture(scope="module")
def sweeps():
    done_steps(6, needs_renode=False)
    return {name: list(csv.DictReader((TOP / "build/sweeps" / name / "results.csv").open()))
            for name in ("lab6-clock", "lab6-flash", "lab6-accel")}


def pick(rows, axis: str, **where) -> dict[float, dict]:
    """{axis value: row} for the rows matching `where`."""
    chosen = [r for r in rows if all(r[k] == v for k, v in where.items())]
    assert chosen, f"no rows for {where}"
    return {float(r[axis]): r for r in chosen}


def test_software_scales_with_the_core_clock(sweeps):
    for algorithm in ("sha256", "sha1", "sha512"):
        by_clock = pick(sweeps["lab6-clock"], "core_clock_hz", path="sw", algorithm=algorithm)
        low, high = min(by_clock), max(by_clock)
        assert len({float(r["cycles_per_byte"]) for r in by_clock.values()}) == 1
        speedup = float(by_clock[high]["kib_per_s"]) / float(by_clock[low]["kib_per_s"])
        assert speedup == pytest.approx(high / low, rel=0.01)


def test_the_dcp_does_not_scale_with_the_core_clock(sweeps):
    by_clock = pick(sweeps["lab6-clock"], "core_clock_hz", path="hw", algorithm="sha256")
    low, high = min(by_clock), max(by_clock)
    speedup = float(by_clock[high]["kib_per_s"]) / float(by_clock[low]["kib_per_s"])
    assert 1.0 <= speedup < 0.5 * (1.0 + high / low)


def test_every_wait_state_costs_cycles_in_flash(sweeps):
    for hit in ("0.9", "0.5"):
        by_ws = pick(sweeps["lab6-flash"], "wait_states", algorithm="sha256", cache_hit=hit)
        cpb = [float(by_ws[ws]["cycles_per_byte"]) for ws in sorted(by_ws)]
        assert len(cpb) >= 3 and all(a < b for a, b in zip(cpb, cpb[1:])), cpb
    worst = max(pick(sweeps["lab6-flash"], "wait_states", algorithm="sha256", cache_hit="0.5"))
    poor = pick(sweeps["lab6-flash"], "wait_states", algorithm="sha256", cache_hit="0.5")[worst]
    good = pick(sweeps["lab6-flash"], "wait_states", algorithm="sha256", cache_hit="0.9")[worst]
    assert float(poor["cycles_per_byte"]) > float(good["cycles_per_byte"])


def test_the_dcp_follows_its_own_clock_and_software_does_not(sweeps):
    hw = pick(sweeps["lab6-accel"], "accel_clock_hz", path="hw", algorithm="sha256")
    kib = [float(hw[c]["kib_per_s"]) for c in sorted(hw)]
    assert all(a < b for a, b in zip(kib, kib[1:])), kib
    sw = pick(sweeps["lab6-accel"], "accel_clock_hz", path="sw", algorithm="sha256")
    assert len({r["kib_per_s"] for r in sw.values()}) == 1
