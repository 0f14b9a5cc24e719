"""Lab 2 (docs/labs/2-software-vs-accelerator.md): the student's buffer-size sweep, sw vs hw."""
from __future__ import annotations

import csv
import os

import pytest
import yaml
from conftest import TOP, done_steps, page_yaml, renode_present, run_sweep

pytestmark = pytest.mark.lab
RESULTS = TOP / "build/sweeps/lab2-crossover/results.csv"
ALGORITHMS = (("sha256", "0", ""), ("aes-cbc", "128", "encrypt"))


def cycles_per_byte(results, column: str = "predicted_cycles_per_byte") -> dict[tuple, float]:
    """{(board, library, algorithm, path, buffer_bytes): cycles/byte}, predicted by default,
    Renode's simulated figure with column="cycles_per_byte"."""
    table = {}
    for r in csv.DictReader(results.open()):
        if (r["algorithm"], r["key_bits"], r["direction"]) in ALGORITHMS:
            assert r["figures"] == "simulated"
            assert r[column], f"no {column} in {r['point']}: the sweep did not price its points"
            table[(r["board"], r["library"], r["algorithm"], r["path"],
                   int(r["buffer_bytes"]))] = float(r[column])
    return table


@pytest.fixture(scope="module")
def cpb() -> dict[tuple, float]:
    done_steps(2)
    return cycles_per_byte(RESULTS)


def speedups(cpb, board, library, algorithm) -> dict[int, float]:
    """{buffer_bytes: software cycles / accelerator cycles}."""
    sizes = sorted(n for (b, lib, alg, path, n) in cpb
                   if (b, lib, alg, path) == (board, library, algorithm, "hw"))
    return {n: cpb[(board, library, algorithm, "sw", n)] / cpb[(board, library, algorithm, "hw", n)]
            for n in sizes}


@pytest.mark.slow
@pytest.mark.parametrize("board", ("rt1060", "rt1170"))
@pytest.mark.parametrize("library", ("mbedtls", "wolfcrypt"))
@pytest.mark.parametrize("algorithm", [a for a, _, _ in ALGORITHMS])
def test_accelerator_pays_off_and_more_so_with_size(cpb, board, library, algorithm):
    ratio = speedups(cpb, board, library, algorithm)
    sizes = sorted(ratio)
    assert len(sizes) >= 3, f"too few buffer sizes for {board} {library} {algorithm}"
    crossover = next((n for n in sizes if ratio[n] >= 1.0), None)
    print(f"{board} {library} {algorithm}: sw/hw " +
          ", ".join(f"{n} B {ratio[n]:.2f}" for n in sizes) + f"; crossover {crossover} B")
    assert ratio[sizes[-1]] > 1.0, "the accelerator is not faster at the largest buffer"
    assert ratio[sizes[-1]] > ratio[sizes[0]], "the advantage does not grow with the buffer"


@pytest.mark.slow
def test_the_rt1170s_simulated_sha256_gain_understates_the_predicted_one():
    """The page's point about simulated figures: Renode runs the RT1170's software at one cycle
    per instruction, so its CAAM gain at the largest size is smaller than the prediction's."""
    done_steps(2)
    simulated = speedups(cycles_per_byte(RESULTS, "cycles_per_byte"), "rt1170", "mbedtls",
                         "sha256")
    predicted = speedups(cycles_per_byte(RESULTS), "rt1170", "mbedtls", "sha256")
    largest = max(predicted)
    print(f"rt1170 mbedtls sha256 at {largest} B: simulated {simulated[largest]:.2f}x, "
          f"predicted {predicted[largest]:.2f}x")
    assert simulated[largest] < predicted[largest]


def test_smoke_the_pages_sweep_on_one_board_and_two_sizes():
    """`make test`'s short version: the page's own sweep definition, cut to the RT1060 with
    mbedtls at two sizes (4 Renode runs), so the lab cannot rot between `make test-all` runs."""
    if not renode_present():
        pytest.skip("Renode not found: this lab's steps run firmware in Renode")
    if os.environ.get("LAB_STEPS_DONE") == "2":
        pytest.skip("the lab's full sweep has just run (make lab N=2)")
    definition = yaml.safe_load(page_yaml(2, "lab2-crossover"))
    definition["axes"].update(board=["rt1060"], library=["mbedtls"], buffer_bytes=[64, 4096])
    smoke = TOP / "build/labs/2/lab2-smoke.yaml"
    smoke.parent.mkdir(parents=True, exist_ok=True)
    smoke.write_text(yaml.safe_dump(definition))
    cpb = cycles_per_byte(run_sweep(smoke))
    for algorithm, _, _ in ALGORITHMS:
        ratio = speedups(cpb, "rt1060", "mbedtls", algorithm)
        assert ratio[4096] > 1.0 and ratio[4096] > ratio[64], (algorithm, ratio)
