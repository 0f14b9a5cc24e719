"""Cortex-M7 issue schedule on hand-written instruction sequences; expected cycles worked out by
hand from the issue rules in models/profiles/trace_schedule.py's docstring (two per cycle, one memory
access, one shifter, load result after 2 cycles, LDM/POP two registers per cycle)."""
from __future__ import annotations

from models.profiles.trace_schedule import decode, schedule_regions

BOUNDARY = 0x100


def region(*instructions: tuple[str, str]) -> dict[str, float]:
    """Schedules one region of 4-byte instructions at 0x200, 0x204, ..."""
    table = {0x200 + 4 * n: decode(mnemonic, operands, 4)
             for n, (mnemonic, operands) in enumerate(instructions)}
    pcs = [BOUNDARY, *table, BOUNDARY]
    (only,) = schedule_regions(pcs, table, BOUNDARY)
    return only


def test_independent_alu_instructions_pair():
    assert region(("add.w", "r0, r1, r2"), ("add.w", "r3, r4, r5"))["issue_cycles"] == 1


def test_dependent_alu_instruction_waits_a_cycle():
    assert region(("add.w", "r0, r1, r2"), ("add.w", "r3, r0, r4"))["issue_cycles"] == 2


def test_two_shifted_operands_need_two_cycles():
    shifted = region(("eor.w", "r0, r1, r2, ror #7"), ("eor.w", "r3, r4, r5, ror #9"))
    assert shifted["issue_cycles"] == 2


def test_load_result_is_ready_two_cycles_later():
    # ldr in cycle 0, the add waits for r0 until cycle 2: cycles 0..2
    assert region(("ldr.w", "r0, [r1]"), ("add.w", "r2, r0, r3"))["issue_cycles"] == 3


def test_one_memory_access_per_cycle():
    assert region(("ldr.w", "r0, [r1]"), ("ldr.w", "r2, [r3, #4]"))["issue_cycles"] == 2


def test_pop_moves_two_registers_per_cycle_and_its_return_is_a_taken_branch():
    table = {0x200: decode("pop", "{r4, r5, r6, r7, pc}", 2),
             0x300: decode("add.w", "r0, r1, r2", 4)}
    (only,) = schedule_regions([BOUNDARY, 0x200, 0x300, BOUNDARY], table, BOUNDARY)
    # POP of 5 registers: cycles 0..2 alone; the add issues in cycle 3
    assert only["issue_cycles"] == 4
    assert only["taken_branches"] == 1
    assert only["instructions"] == 2


def test_decoded_registers_and_flags():
    post_increment = decode("ldr.w", "r0, [r1], #4", 4)
    assert (post_increment.kind, post_increment.dst, post_increment.src) == (
        "load", ["r0", "r1"], ["r1"])
    accumulate = decode("umlal", "r0, r1, r2, r3", 4)
    assert accumulate.kind == "mul" and set(accumulate.src) == {"r0", "r1", "r2", "r3"}
    in_it_block = decode("addeq", "r0, #1", 2)
    assert in_it_block.reads_flags and in_it_block.src == ["r0"]
    assert decode("adds", "r0, r1, #1", 2).sets_flags
    assert decode("ubfx", "r0, r1, #8, #8", 4).kind == "alu_shift"
    assert decode("bne.n", "2cb0 <f+0x4>", 2).conditional_branch


def test_optimised_cortex_m7_and_m4_runs_are_traced():
    from models.profiles.collect import scheduled
    assert scheduled("rt1060", "high-speed") and scheduled("rt1170", "high-speed")
    assert scheduled("rt1060", "high-speed", "wolfbench-pk")
    assert not scheduled("rt1060", "none")
    assert scheduled("stm32f407", "high-speed", "ecdsa")
    assert not scheduled("stm32f407", "high-speed", "wolfbench-pk")
    assert not scheduled("stm32f407", "none", "ecdsa") and not scheduled("samd21", "high-speed")


def test_trace_progress_counts_boundaries_across_partial_writes(tmp_path):
    from models.profiles.collect import TraceProgress
    trace = tmp_path / "trace.txt"
    progress = TraceProgress(trace, 0x2C0)
    assert progress.count() == 0                    # not written yet
    trace.write_text("0x2C0\n0x1A4\n0x2C")          # the writer stopped inside a line
    assert progress.count() == 1
    with open(trace, "a") as stream:
        stream.write("0\n0x2C04\n0x2C0\n")
    assert progress.count() == 3                    # 0x2C04 is another address


def test_without_pairs_every_boundary_hit_opens_the_next_region():
    # wolfCrypt's benchmark program: start, check, finish hits per row (models/profiles/native.py).
    table = {0x200: decode("add.w", "r0, r1, r2", 4), 0x300: decode("add.w", "r3, r4, r5", 4)}
    pcs = [BOUNDARY, 0x200, BOUNDARY, 0x300, 0x300, BOUNDARY]
    first, second = schedule_regions(pcs, table, BOUNDARY, pairs=False)
    assert (first["instructions"], second["instructions"]) == (1, 2)
    (paired,) = schedule_regions(pcs, table, BOUNDARY)
    assert paired["instructions"] == 1


def pipelined(*instructions: tuple[str, str]) -> tuple[float, float]:
    only = region(*instructions)
    return only["pipelined_loads"], only["pipelined_stores"]


def test_neighbouring_loads_and_stores_pipeline_as_the_m4_trm_examples_say():
    # ARM Cortex-M4 TRM r0p1 section 3.3.2: each of these takes one cycle more than its loads
    # and stores, so every one after the first pipelines.
    assert pipelined(("ldr", "r0, [r1]"), ("ldr", "r1, [r2]")) == (1, 0)
    assert pipelined(("ldr", "r0, [r1, r2]"), ("str", "r0, [r3, #20]")) == (0, 1)
    assert pipelined(("ldr", "r0, [r1, r5]"), ("ldr", "r1, [r2]"), ("ldr", "r2, [r3, #4]")) == (
        2, 0)


def test_a_load_or_store_does_not_pipeline_where_the_m4_trm_says_it_cannot():
    # its address is the register the load before it fetches
    assert pipelined(("ldr", "r0, [r1]"), ("ldr", "r2, [r0, #4]")) == (0, 0)
    # "nothing can be pipelined after the store", whatever its offset
    assert pipelined(("str", "r0, [r1, r2]"), ("ldr", "r3, [r4]")) == (0, 0)
    assert pipelined(("str", "r0, [r1, #4]"), ("ldr", "r3, [r4]")) == (0, 0)
    assert pipelined(("str", "r0, [r1, #4]"), ("str", "r3, [r4, r5]")) == (0, 0)
    # a literal load keeps its own cost; an ALU instruction between them breaks the pair
    assert pipelined(("ldr", "r0, [r1]"), ("ldr", "r2, [pc, #8]")) == (0, 0)
    assert pipelined(("ldr", "r0, [r1]"), ("add", "r5, r6"), ("str", "r2, [r3]")) == (0, 0)
    # load/store multiple and doubleword accesses are not single loads and stores
    assert pipelined(("ldrd", "r0, r1, [r2]"), ("ldr", "r3, [r4]")) == (0, 0)
    assert pipelined(("ldr", "r3, [r4]"), ("stmia", "r0!, {r1, r2}")) == (0, 0)


def test_stores_with_a_register_offset_are_counted_apart_with_those_behind_a_load():
    # TRM 3.3.2 prices "STR Rx,[Ry,#imm]" at always one cycle; only register offsets take two
    # unless they pipeline behind a load ("LDR R0,[R1,R2]; STR R1,[R3,R2] - normally three
    # cycles total").
    loop = [("str", "r1, [r3]"), ("str", "r1, [r3, #4]"), ("str.w", "r1, [r3, r2, lsl #2]"),
            ("ldr", "r0, [r4]"), ("strb", "r1, [r3, r2]"), ("str", "r1, [r3], #4"),
            ("adds", "r3, #16"), ("cmp", "r3, r2")]
    only = region(*loop)
    assert (only["register_stores"], only["pipelined_register_stores"]) == (2, 1)
    assert pipelined(*loop) == (0, 1)
