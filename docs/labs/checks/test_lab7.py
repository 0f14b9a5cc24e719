"""Lab 7 (docs/labs/7-your-own-function.md): the student's own function, predicted, against a
count made by hand from the Cortex-M4 TRM (Table 3-1), from the loop the compiler emitted."""
from __future__ import annotations

import json
import re

import pytest
from conftest import done_steps

pytestmark = pytest.mark.lab
BYTES = 256
# ARM Cortex-M4 TRM r0p1, Table 3-1 and section 3.3.2: a single load 2 cycles, 1 when it follows
# a single load ("nothing can be pipelined after the store"); ALU 1; a taken branch 1 + P, P = 2 (the project's m4.refill_cycles).
LOAD, PIPELINED_LOAD, ALU, TAKEN_BRANCH = 2, 1, 1, 3


@pytest.fixture(scope="module")
def out():
    return done_steps(7)


def loop_of(listing: str, function: str) -> list[str]:
    """The mnemonics from the target of the function's backward branch to that branch."""
    body = listing.split(f"<{function}>:")[1].split("\n\n")[0]
    lines = [re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{4}\s?){1,2}\s+(\S+)\s*(.*)", line)
             for line in body.splitlines()]
    code = [(int(m.group(1), 16), m.group(2), m.group(3)) for m in lines if m]
    for address, mnemonic, operands in code:
        target = re.match(r"([0-9a-f]+)\s", operands)
        if mnemonic.startswith("b") and target and int(target.group(1), 16) < address:
            start = int(target.group(1), 16)
            return [m for a, m, _ in code if start <= a <= address]
    raise AssertionError(f"no loop in {function}")


def by_hand(loop: list[str]) -> int:
    """One turn's cycles by the TRM."""
    cycles, previous = 0, ""
    for mnemonic in loop:
        if mnemonic.startswith("ldr"):
            cycles += PIPELINED_LOAD if previous.startswith("ldr") else LOAD
        elif mnemonic.startswith("b"):
            cycles += TAKEN_BRANCH
        else:
            cycles += ALU
        previous = mnemonic
    return cycles


def predicted(out, function: str) -> dict:
    result = json.loads((out / "predicted.json").read_text())
    return next(t for t in result["targets"] if t["function"] == function)


@pytest.mark.parametrize("function,bytes_per_turn", [("checksum_naive", 1),
                                                     ("checksum_unrolled", 4)])
def test_the_prediction_is_the_trm_count_of_the_loop(out, function, bytes_per_turn):
    listing = (out / "loops.lst").read_text()
    hand = by_hand(loop_of(listing, function)) * BYTES // bytes_per_turn
    target = predicted(out, function)
    assert target["calls"] == 3
    median = target["predicted_cycles"]["median"]
    print(f"{function}: by hand {hand} cycles in the loop, predicted {median:.0f} per call")
    # The call adds its set-up (a few instructions, a PUSH) and the last turn's branch falls
    # through: within 2 % of the loop alone.
    assert hand * 0.98 <= median <= hand * 1.02 + 12


def test_unrolling_halves_the_cycles_and_the_naive_figure_misses_it(out):
    naive, unrolled = predicted(out, "checksum_naive"), predicted(out, "checksum_unrolled")
    speedup = naive["predicted_cycles"]["median"] / unrolled["predicted_cycles"]["median"]
    renode = naive["naive_renode_cycles"] / unrolled["naive_renode_cycles"]
    assert speedup > 1.7
    assert renode < speedup  # one cycle per instruction hides the loads and branches
