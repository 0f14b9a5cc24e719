"""Lab 2 (docs/labs/2-software-vs-accelerator.md): the student's buffer-size sweep, sw vs hw."""
from __future__ import annotations

import csv

import pytest
from conftest import TOP, done_steps

pytestmark = [pytest.mark.lab, pytest.mark.slow]
RESULTS = TOP / "build/sweeps/lab2-crossover/results.csv"
ALGORITHMS = (("sha256", "0", ""), ("aes-cbc", "128", "encrypt"))


@pytest.fixture(scope="module")
def cpb() -> dict[tuple, float]:
    """{(board, library, algorithm, path, buffer_bytes): simulated cycles/byte}."""
    done_steps(2)
    table = {}
    for r in csv.DictReader(RESULTS.open()):
        if (r["algorithm"], r["key_bits"], r["direction"]) in ALGORITHMS:
            assert r["figures"] == "simulated"
            table[(r["board"], r["library"], r["algorithm"], r["path"],
                   int(r["buffer_bytes"]))] = float(r["cycles_per_byte"])
    return table


@pytest.mark.parametrize("board", ("rt1060", "rt1170"))
@pytest.mark.parametrize("library", ("mbedtls", "wolfcrypt"))
@pytest.mark.parametrize("algorithm", [a for a, _, _ in ALGORITHMS])
def test_accelerator_pays_off_and_more_so_with_size(cpb, board, library, algorithm):
    sizes = sorted(n for (b, lib, alg, path, n) in cpb
                   if (b, lib, alg, path) == (board, library, algorithm, "hw"))
    assert len(sizes) >= 3, f"too few buffer sizes for {board} {library} {algorithm}"
    ratio = {n: cpb[(board, library, algorithm, "sw", n)] / cpb[(board, library, algorithm, "hw", n)]
             for n in sizes}
    crossover = next((n for n in sizes if ratio[n] >= 1.0), None)
    print(f"{board} {library} {algorithm}: sw/hw " +
          ", ".join(f"{n} B {ratio[n]:.2f}" for n in sizes) + f"; crossover {crossover} B")
    assert ratio[sizes[-1]] > 1.0, "the accelerator is not faster at the largest buffer"
    assert ratio[sizes[-1]] > ratio[sizes[0]], "the advantage does not grow with the buffer"
