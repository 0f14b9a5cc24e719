"""Lab 1 (docs/labs/1-first-run.md): the student's two bench runs and model table."""
from __future__ import annotations

import csv

import pytest
from conftest import TOP, done_steps, results

pytestmark = pytest.mark.lab
BENCH = {("sha1", 0), ("sha256", 0), ("sha512", 0), ("aes-cbc", 128), ("aes-cbc", 192),
         ("aes-cbc", 256)}


def published_cpb(cell: str) -> float:
    lines = [line for line in (TOP / "models/data/published-measurements.csv").read_text()
             .splitlines() if not line.startswith("#")]
    return next(float(r["value"]) for r in csv.DictReader(lines) if r["id"] == cell)


@pytest.fixture(scope="module")
def out():
    return done_steps(1)


def test_every_bench_algorithm_ran_on_the_600_mhz_counter(out):
    run = results(out / "run1.jsonl")
    assert BENCH <= {(r["algorithm"], r["key_bits"]) for r in run}
    for r in run:
        assert r["board"] == "rt1060" and r["clock_hz"] == 600_000_000
        assert r["buffer_bytes"] == 1024 and r["bytes"] == 1024 * r["iterations"]
        assert r["cycles"] > r["bytes"], f"{r['algorithm']}: under one cycle per byte in software"


def test_two_runs_are_identical_to_the_cycle(out):
    first, second = results(out / "run1.jsonl"), results(out / "run2.jsonl")
    assert len(first) == len(second) > 0
    assert [r["cycles"] for r in first] == [r["cycles"] for r in second]


def test_simulated_sha256_is_not_the_hardware_figure(out):
    sha256 = next(r for r in results(out / "run1.jsonl") if r["algorithm"] == "sha256")
    simulated = sha256["cycles"] / sha256["bytes"]
    board = published_cpb("rt1060-sha256-hs-sw-c")
    print(f"simulated {simulated:.2f} cpb, published {board:.2f} cpb")
    assert abs(simulated - board) / board > 0.05


def test_model_table_has_the_sha256_cell(out):
    table = (out / "table.txt").read_text()
    row = next((line for line in table.splitlines() if line.startswith("rt1060-sha256-hs-sw-c")),
               None)
    assert row is not None, "the model table has no rt1060-sha256-hs-sw-c row"
    assert float(row.split()[1]) == published_cpb("rt1060-sha256-hs-sw-c")
