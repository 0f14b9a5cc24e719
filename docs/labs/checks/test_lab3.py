"""Lab 3 (docs/labs/3-feeding-an-accelerator.md): the student's dispatch sweep."""
from __future__ import annotations

import csv

import pytest
from conftest import TOP, done_steps

pytestmark = [pytest.mark.lab, pytest.mark.slow]
RESULTS = TOP / "build/sweeps/lab3-dispatch/results.csv"
ALGORITHMS = (("sha256", "0", ""), ("aes-cbc", "128", "encrypt"))


@pytest.fixture(scope="module")
def ratios() -> dict[tuple, float]:
    """{(board, algorithm, buffer_bytes): one-at-a-time cycles / all-at-once cycles}."""
    done_steps(3)
    cycles: dict[tuple, dict[str, float]] = {}
    packet = set()
    for r in csv.DictReader(RESULTS.open()):
        if (r["algorithm"], r["key_bits"], r["direction"]) in ALGORITHMS:
            assert r["figures"] == "simulated" and r["path"] == "hw"
            packet.add(int(r["packet_bytes"]))
            key = (r["board"], r["algorithm"], int(r["buffer_bytes"]))
            cycles.setdefault(key, {})[r["dispatch"]] = float(r["cycles"])
    assert len(packet) == 1 and packet != {0}, f"one packet size > 0 expected, got {packet}"
    ratios = {k: v["one-at-a-time"] / v["all-at-once"] for k, v in cycles.items() if len(v) == 2}
    ratios["packet_bytes"] = packet.pop()
    for key, value in sorted((k, v) for k, v in ratios.items() if k != "packet_bytes"):
        print(f"{key}: {value:.3f}")
    return ratios


def test_one_packet_per_request_costs_the_same_either_way(ratios):
    single = [k for k in ratios if k != "packet_bytes" and k[0] == "rt1060"
              and k[2] <= ratios["packet_bytes"]]
    assert single, "no rt1060 buffer size fits one packet"
    for key in single:
        assert ratios[key] == pytest.approx(1.0, abs=0.005), key


def test_a_batch_is_never_slower(ratios):
    for key, value in ratios.items():
        if key != "packet_bytes":
            assert value >= 0.99, f"{key}: all-at-once slower than one-at-a-time ({value:.3f})"


@pytest.mark.parametrize("board", ("rt1060", "rt1170"))
def test_a_batch_is_faster_somewhere_with_several_packets(ratios, board):
    several = [v for k, v in ratios.items() if k != "packet_bytes" and k[0] == board
               and k[2] > ratios["packet_bytes"]]
    assert several and max(several) > 1.02, several
