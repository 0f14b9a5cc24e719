"""Core cost models on hand-written micro-profiles; expected cycles worked out by hand from the
TRM tables cited in each core module (not from the code under test)."""
from __future__ import annotations

import pytest

from models.cores import CORES, Memory
from models.cores.base import aggregate
from models.matrix import all_params
from models.params import defaults

VALUES = defaults(all_params())


def cycles(core: str, classes: dict[str, float], memory: Memory = Memory()) -> float:
    return CORES[core].cycles(aggregate(classes), memory, VALUES)


def test_m0plus_loop_body():
    # loop: ldr r2,[r0]  (2) / adds r2,#1 (1) / str r2,[r0] (2) / subs r1,#1 (1) / bne loop
    # taken half the time by the default taken fraction: 1 + 0.5 = 1.5 -> 10 iterations = 75
    micro = {"ldr_word": 10, "alu": 20, "str_word": 10, "b_cond": 10}
    assert cycles("m0plus", micro) == pytest.approx(10 * (2 + 1 + 2 + 1 + 1.5))


def test_m0plus_call_and_return_with_multiply():
    # bl f (3) / push {r4, lr} (1+2) / muls (1, fast multiplier) / pop {r4, pc} (3+2)
    micro = {"bl": 1, "stm": 1, "stm_regs": 2, "mul": 1, "ldm": 1, "ldm_regs": 2, "pop_pc": 1}
    assert cycles("m0plus", micro) == pytest.approx(3 + 3 + 1 + 5)


def test_m0plus_flash_wait_states_cost_per_fetched_word():
    # 100 ALU instructions from flash, 1 wait state, no cache hits: 50 word fetches stall 1 each
    memory = Memory(code_wait_states=1.0, fetch_hit_ratio=0.0)
    assert cycles("m0plus", {"alu": 100}, memory) == pytest.approx(100 + 50)


def test_m0plus_takes_a_traced_regions_taken_branches_and_flash_misses():
    # The loop of test_m0plus_loop_body, traced: bne taken 9 times of 10 (1 + 1 each when
    # taken), 3 flash reads missed the cache at 1 wait state; no assumed shares.
    micro = {"ldr_word": 10, "alu": 20, "str_word": 10, "b_cond": 10}
    sums = dict(aggregate(micro), taken_branches=9.0, nvm_misses=3.0)
    memory = Memory(code_wait_states=1.0, fetch_hit_ratio=0.9)
    assert CORES["m0plus"].cycles(sums, memory, VALUES) == pytest.approx(
        10 * (2 + 1 + 2 + 1 + 1) + 9 + 3)


def test_m0plus_takes_a_traced_regions_taken_branches_without_a_flash_cache():
    # A generic core (no board, no cache): the traced taken branches alone, bne taken 2 of 10.
    micro = {"ldr_word": 10, "alu": 20, "str_word": 10, "b_cond": 10}
    sums = dict(aggregate(micro), taken_branches=2.0)
    assert CORES["m0plus"].cycles(sums, Memory(), VALUES) == pytest.approx(
        10 * (2 + 1 + 2 + 1 + 1) + 2)


def test_m4_table_3_1():
    # ldr (2) + str [rn, rm] (2) + umlal (1) + udiv (7, mean of 2..12) + ldm {4 regs} (1+4)
    # + b (1+P, P=2) + bne not/taken half (1 + 0.5*2)
    # (the load and the store stand alone: neither pipelines behind the other)
    micro = {"ldr_word": 1, "str_word": 1, "mul_long": 1, "div": 1, "ldm": 1, "ldm_regs": 4,
             "b": 1, "b_cond": 1}
    a = aggregate(micro)
    a.update(pipelined_loads=0.0, register_stores=1.0, pipelined_register_stores=0.0)
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(2 + 2 + 1 + 7 + 5 + 3 + 2)


def test_m4_takes_a_traced_regions_taken_branches_instead_of_the_assumed_share():
    # 10 bne (1 each) and 2 bl (1 each); the trace saw 7 taken branches in all: 7 refills of
    # P = 2, where the assumption would take 2 + 0.5 x 10.
    a = aggregate({"b_cond": 10, "bl": 2})
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(12 + 2 * 7)
    a["taken_branches"] = 7.0
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(12 + 2 * 7)
    a["taken_branches"] = 4.0
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(12 + 2 * 4)


def test_m4_prices_stores_by_their_offset_and_pipelined_accesses_at_a_cycle():
    # 10 loads, 4 of them behind another load: 6 x 2 + 4 x 1 (TRM 3.3.2, "LDR [any] are
    # pipelined when possible"). 8 stores: 5 with an immediate offset at 1 ("STR Rx,[Ry,#imm] is
    # always one cycle"), 3 with a register offset, 1 of which pipelines behind a load: 2 x 2 + 1.
    a = aggregate({"ldr_word": 10, "str_word": 8})
    a.update(pipelined_loads=4.0, register_stores=3.0, pipelined_register_stores=1.0)
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(6 * 2 + 4 + 5 + 2 * 2 + 1)


def test_m4_assumes_the_measured_shares_without_a_trace():
    a = aggregate({"ldr_word": 100, "str_word": 100})
    loads = VALUES["workload.pipelined_load_fraction"]
    register = VALUES["workload.register_store_fraction"]
    assert 0 < loads < 1 and 0 <= register < 1
    slow = 100 * register   # none assumed to pipeline
    assert CORES["m4"].cycles(a, Memory(), VALUES) == pytest.approx(
        100 * (2 - loads) + 100 + slow)


def test_m7_dual_issue_defaults():
    # 4 ALU at 0.75 + 2 loads at 1 + 1 store at 1 + 1 branch at 2 + ldm of 4 regs (1 + 4*0.5)
    micro = {"alu": 4, "ldr_word": 2, "str_sp": 1, "b": 1, "ldm": 1, "ldm_regs": 4}
    assert cycles("m7", micro) == pytest.approx(3 + 2 + 1 + 2 + 1 + 2)


def test_register_copies_cost_what_other_alu_instructions_cost():
    # 6 ALU and 2 register copies at 0.75 each (M7 defaults); M4: 1 cycle each (TRM Table 3-1)
    assert cycles("m7", {"alu": 6, "mov_reg": 2}) == pytest.approx(6.0)
    assert cycles("m4", {"alu": 6, "mov_reg": 2}) == pytest.approx(8.0)


def test_m7_data_memory_stall_applies_to_ram_loads_only():
    micro = {"ldr_word": 10, "ldr_lit": 10}
    plain = cycles("m7", micro)
    slow = cycles("m7", micro, Memory(data_wait_states=3.0))
    assert slow - plain == pytest.approx(30)


def _iar(board: str = "rt1060"):
    from models.calibration import builds
    return next(b for b in builds.BUILDS if b.compiler == "iar-9.10" and b.board == board)


def test_the_binary_as_it_ran_carries_no_compiler_factor():
    # Whatever the published compilers' transfers are, a matrix or user case is priced as its
    # own instructions: 120 ALU at 0.75 = 90 cycles.
    from models.matrix import Case, core_cycles
    values = dict(VALUES, **{"compiler.iar-9.10.high_speed_ratio": 1.5,
                             "compiler.iar-9.10.sha1_ratio": 1.2,
                             "compiler.iar-9.10.none_ratio": 3.0})
    for opt in ("none", "high-speed"):
        case = Case("rt1060", "mbedtls", "sw", opt, "bench", "sha1", 0, 64, 1, {"alu": 120},
                    {".text": "ITCM"})
        assert core_cycles(case, values) == pytest.approx(90.0)


def test_per_file_compiler_ratio_scales_only_its_own_mbedtls_source():
    # 120 ALU instructions at -O3 with IAR's level ratio at 1.5 and its SHA-1 one at 1.2:
    # mbedtls SHA-1 costs 120 x 0.75 x 1.5 x 1.2 = 162; AES and wolfCrypt's SHA-1 keep 135.
    from models.calibration import builds
    from models.matrix import Case
    values = dict(VALUES, **{"compiler.iar-9.10.high_speed_ratio": 1.5,
                             "compiler.iar-9.10.sha1_ratio": 1.2})
    price = builds.core_price(_iar())

    def case(library: str, algorithm: str) -> Case:
        return Case("rt1060", library, "sw", "high-speed", "bench", algorithm, 0, 64, 1,
                    {"alu": 120}, {".text": "ITCM"})

    assert price(case("mbedtls", "sha1"), values) == pytest.approx(162.0)
    assert price(case("mbedtls", "aes-cbc"), values) == pytest.approx(135.0)
    assert price(case("wolfcrypt", "sha1"), values) == pytest.approx(135.0)


def test_a_published_build_prices_its_data_in_its_own_placement():
    # The RT1170 rows' build keeps its data in OCRAM (the SDK's linker file): 10 word loads pay
    # the OCRAM stall there, and nothing in our build's DTCM.
    from models.calibration import builds
    from models.matrix import Case, core_cycles
    values = dict(VALUES, **{"rt1170.ocram_load_cycles": 4.0})
    case = Case("rt1170", "mbedtls", "sw", "high-speed", "bench", "aes-cbc", 128, 64, 1,
                {"ldr_word": 10}, {".text": "ITCM", ".stack": "DTCM", ".data": "DTCM"})
    assert core_cycles(case, values) == pytest.approx(10.0)
    assert builds.core_price(_iar("rt1170"))(case, values) == pytest.approx(50.0)


def _bench_case(opt: str, classes: dict[str, float], iterations: int):
    from models.matrix import Case
    return Case("rt1060", "mbedtls", "sw", opt, "bench", "aes-cbc", 128, 64, iterations, classes,
                {".text": "ITCM"})


def test_published_no_optimisation_build_takes_its_single_loads_and_stores_from_the_o3_twin():
    # -O0, 2 calls: 40 ALU, 30 word loads (reloads of locals), 20 word stores, 2 POP of 3 regs.
    # -O3, 4 calls: 8 word loads and 4 byte stores per call. IAR's "None" build is priced with
    # 40 ALU, 2 x 8 = 16 word loads, 2 x 4 = 8 byte stores and its own 2 POPs (1 + 3 x 0.5 each):
    # (40 x 0.75 + 16 x 1 + 8 x 1 + 2 x 2.5) x ratio 1.0 / 2 calls = 29.5 cycles per call.
    from models.calibration import builds
    from models.matrix import core_cycles, pair_optimised
    o0 = _bench_case("none", {"alu": 40, "ldr_word": 30, "str_word": 20, "ldm": 2,
                              "ldm_regs": 6}, 2)
    o3 = _bench_case("high-speed", {"alu": 48, "ldr_word": 32, "str_byte": 16}, 4)
    paired = {case.opt: case for case in pair_optimised([o0, o3])}
    price = builds.core_price(_iar())
    assert price(paired["none"], VALUES) == pytest.approx(29.5)
    # the gcc -O0 binary as it ran: (40 x 0.75 + 30 + 20 + 2 x 2.5) / 2 = 42.5
    assert core_cycles(paired["none"], VALUES) == pytest.approx(42.5)
    # the -O3 case keeps its own counts: (48 x 0.75 + 32 + 16) / 4 calls = 21
    assert price(paired["high-speed"], VALUES) == pytest.approx(21.0)


def test_no_optimisation_case_without_an_o3_twin_is_priced_as_counted():
    # 40 x 0.75 + 30 + 20 = 80 cycles for 2 calls
    from models.calibration import builds
    from models.matrix import pair_optimised
    o0 = _bench_case("none", {"alu": 40, "ldr_word": 30, "str_word": 20}, 2)
    (alone,) = pair_optimised([o0])
    assert builds.core_price(_iar())(alone, VALUES) == pytest.approx(40.0)


def test_published_no_optimisation_build_takes_its_register_copies_from_the_o3_twin():
    # -O0, 2 calls: 20 ALU and 40 register copies (a 64-bit value's halves moved around each
    # operation). -O3, 4 calls: 12 ALU and 2 copies per call. Priced: 20 ALU + 2 x 2 copies =
    # 24 x 0.75 = 18 cycles for 2 calls, 9 per call (as counted it would be 60 x 0.75 / 2 = 22.5).
    from models.calibration import builds
    from models.matrix import core_cycles, pair_optimised
    o0 = _bench_case("none", {"alu": 20, "mov_reg": 40}, 2)
    o3 = _bench_case("high-speed", {"alu": 48, "mov_reg": 8}, 4)
    paired = {case.opt: case for case in pair_optimised([o0, o3])}
    assert builds.core_price(_iar())(paired["none"], VALUES) == pytest.approx(9.0)
    assert core_cycles(paired["none"], VALUES) == pytest.approx(22.5)


def test_m7_prices_a_scheduled_region_by_its_issue_cycles():
    # 100 issue cycles and 10 taken branches at 1 cycle each (default); the 10 word loads add
    # only their memory's stall (3 each), not a per-class cost.
    a = aggregate({"alu": 150, "ldr_word": 10})
    a.update(issue_cycles=100.0, taken_branches=10.0)
    assert CORES["m7"].cycles(a, Memory(), VALUES) == pytest.approx(110.0)
    assert CORES["m7"].cycles(a, Memory(data_wait_states=3.0), VALUES) == pytest.approx(140.0)


def test_a_trace_prices_the_binary_that_ran_at_any_level():
    from dataclasses import replace

    from models.calibration import builds
    from models.matrix import core_cycles, pair_optimised
    schedule = {"issue_cycles": 40.0, "taken_branches": 0.0}
    o3 = replace(_bench_case("high-speed", {"alu": 100}, 2), schedule=schedule)
    o0 = replace(_bench_case("none", {"alu": 100}, 2), schedule=schedule)
    assert core_cycles(o3, VALUES) == pytest.approx(20.0)       # 40 cycles / 2 calls
    assert core_cycles(o0, VALUES) == pytest.approx(20.0)
    # IAR's "None" build runs other instructions than the traced -O0 ones: its classes, priced
    # per class (100 x 0.75 / 2 calls)
    paired = {case.opt: case for case in pair_optimised([o0, o3])}
    assert builds.core_price(_iar())(paired["none"], VALUES) == pytest.approx(37.5)


def test_it_block_instructions_the_counters_missed_are_priced_from_the_trace():
    # 1,000 counted ALU instructions; the trace executed 1,040 with 100 inside IT blocks: the 40
    # failed conditional instructions the counters skipped cost a cycle each on the M4.
    from models.cores.base import traced_sums
    schedule = {"instructions": 1040.0, "skipped": 0.0, "it_instructions": 100.0,
                "taken_branches": 0.0}
    sums = traced_sums({"alu": 1000}, schedule)
    assert sums["instructions"] == 1040.0 and sums["uncounted_it"] == 40.0
    assert CORES["m4"].cycles(sums, Memory(), VALUES) == pytest.approx(1040.0)
    # never more than the IT blocks held, never below zero
    assert traced_sums({"alu": 1000}, dict(schedule, it_instructions=10.0))["uncounted_it"] == 10
    assert traced_sums({"alu": 1100}, schedule)["uncounted_it"] == 0.0


def test_an_it_heavy_region_is_priced_with_every_instruction_it_executed():
    # mbedtls's P-256 key generation on the STM32F407 at -O3: IT blocks everywhere in its
    # bignum code. With the correction the priced count is the trace's.
    from models.cores.base import traced_sums
    from models.profiles import store
    profile = next((p for p in store.load_all() if (p["board"], p["library"], p["opt"],
                    p["app"]) == ("stm32f407", "mbedtls", "high-speed", "ecdsa")), None)
    if profile is None:
        pytest.skip("no stored profile")
    region = next(r for r in profile["regions"] if r["result"]["algorithm"] == "ecdsa-genkey")
    schedule = region["schedule"]
    counted = aggregate(region["classes"])["instructions"]
    sums = traced_sums(region["classes"], schedule)
    assert schedule["instructions"] > counted * 1.01  # the counters missed over 1 %
    assert sums["instructions"] == pytest.approx(schedule["instructions"] + schedule["skipped"],
                                                 rel=1e-6)
