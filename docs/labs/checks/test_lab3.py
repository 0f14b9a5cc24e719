"""Lab 3 (docs/labs/3-feeding-an-accelerator.md): the student's dispatch sweep."""
from __future__ import annotations

import csv
import os

import pytest
import yaml
from conftest import TOP, done_steps, page_yaml, renode_present, run_sweep

pytestmark = pytest.mark.lab
RESULTS = TOP / "build/sweeps/lab3-dispatch/results.csv"
ALGORITHMS = (("sha256", "0", ""), ("aes-cbc", "128", "encrypt"))


def dispatch_ratios(results) -> dict:
    """{(board, algorithm, buffer_bytes): one-at-a-time cycles / all-at-once cycles}, and
    {"packet_bytes": the sweep's packet size}."""
    cycles: dict[tuple, dict[str, float]] = {}
    packet = set()
    for r in csv.DictReader(results.open()):
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


@pytest.fixture(scope="module")
def ratios() -> dict:
    done_steps(3)
    return dispatch_ratios(RESULTS)


@pytest.mark.slow
def test_one_packet_per_request_costs_the_same_either_way(ratios):
    single = [k for k in ratios if k != "packet_bytes" and k[0] == "rt1060"
              and k[2] <= ratios["packet_bytes"]]
    assert single, "no rt1060 buffer size fits one packet"
    for key in single:
        assert ratios[key] == pytest.approx(1.0, abs=0.005), key


@pytest.mark.slow
def test_a_batch_is_never_slower(ratios):
    for key, value in ratios.items():
        if key != "packet_bytes":
            assert value >= 0.99, f"{key}: all-at-once slower than one-at-a-time ({value:.3f})"


@pytest.mark.slow
@pytest.mark.parametrize("board", ("rt1060", "rt1170"))
def test_a_batch_is_faster_somewhere_with_several_packets(ratios, board):
    several = [v for k, v in ratios.items() if k != "packet_bytes" and k[0] == board
               and k[2] > ratios["packet_bytes"]]
    assert several and max(several) > 1.02, several


def test_smoke_the_pages_sweep_on_one_board_and_two_sizes():
    """`make test`'s short version: the page's own sweep definition, cut to the RT1060 at one
    and at several packets per request (4 Renode runs), so the lab cannot rot."""
    if not renode_present():
        pytest.skip("Renode not found: this lab's steps run firmware in Renode")
    if os.environ.get("LAB_STEPS_DONE") == "3":
        pytest.skip("the lab's full sweep has just run (make lab N=3)")
    definition = yaml.safe_load(page_yaml(3, "lab3-dispatch"))
    packet = definition["fixed"]["packet_bytes"]
    definition["axes"].update(board=["rt1060"], buffer_bytes=[packet, 4 * packet])
    smoke = TOP / "build/labs/3/lab3-smoke.yaml"
    smoke.parent.mkdir(parents=True, exist_ok=True)
    smoke.write_text(yaml.safe_dump(definition))
    ratios = dispatch_ratios(run_sweep(smoke))
    for algorithm in ("sha256", "aes-cbc"):
        assert ratios[("rt1060", algorithm, packet)] == pytest.approx(1.0, abs=0.005)
        assert ratios[("rt1060", algorithm, 4 * packet)] >= 0.99
    assert ratios[("rt1060", "aes-cbc", 4 * packet)] > 1.02
