"""The flash read cache replay (trace_schedule.CacheReplay) and the trace reader's undecoded
lines: a direct-mapped cache of the SAMD21's geometry, misses counted by hand."""
from __future__ import annotations

from pathlib import Path

from models import boards
from models.profiles import trace_schedule
from models.profiles.trace_schedule import CacheReplay, FetchCache, Instruction

SAMD21 = FetchCache(lines=8, line_bytes=8, low=0, high=256 * 1024)


def alu() -> Instruction:
    return Instruction(kind="alu", size=2)


def test_straight_code_misses_once_per_line_and_reads_once_per_word():
    replay = CacheReplay(SAMD21)
    for pc in range(0x100, 0x100 + 64, 2):      # 32 halfword instructions, 64 bytes
        replay.execute(pc, alu())
    assert replay.reads == 16                   # one fetch per 32-bit word
    assert replay.misses == 8                   # one per 64-bit line


def test_a_loop_within_the_cache_hits_after_its_first_pass():
    replay = CacheReplay(SAMD21)
    for _ in range(3):
        for pc in range(0x200, 0x200 + 32, 2):
            replay.execute(pc, alu())
        replay.branch()
    assert replay.misses == 4


def test_a_loop_larger_than_the_cache_misses_every_pass():
    # 128 bytes: lines 0x300 and 0x340 share an index, as do all pairs 64 bytes apart.
    replay = CacheReplay(SAMD21)
    for _ in range(2):
        for pc in range(0x300, 0x300 + 128, 2):
            replay.execute(pc, alu())
        replay.branch()
    assert replay.misses == 32


def test_literal_loads_go_through_the_cache_and_other_memories_do_not():
    replay = CacheReplay(SAMD21)
    replay.execute(0x400, Instruction(kind="load", size=2, literal=0x404))
    assert (replay.reads, replay.misses) == (2, 1)   # the fetch missed; the literal hit its line
    replay.execute(0x20000000, alu())                # SRAM: not the flash
    assert (replay.reads, replay.misses) == (2, 1)


def test_the_samd21_cache_is_the_data_sheets():
    assert boards.FETCH_CACHES["samd21"] == SAMD21


def test_the_trace_keeps_instructions_the_tracer_could_not_disassemble(tmp_path: Path):
    trace = tmp_path / "trace.txt"
    trace.write_text("0x136A\n0x136C\nCouldn't disassemble opcode at PC 0x136E\n0x1370\n"
                     "some other note\n")
    assert list(trace_schedule.trace_pcs(trace)) == [0x136A, 0x136C, 0x136E, 0x1370]


def test_the_rest_of_a_block_after_an_undecoded_instruction_is_filled_from_the_listing(
        tmp_path: Path):
    # 0x10 uxth (undecoded) / 0x12 lsrs / 0x14 bne 0x10: the tracer wrote only 0x10 of the
    # block, then the next block's first PC, 0x10 again (the branch taken), then 0x16.
    table = {0x10: alu(), 0x12: alu(), 0x14: Instruction(kind="branch", size=2), 0x16: alu()}
    trace = tmp_path / "trace.txt"
    trace.write_text("Couldn't disassemble opcode at PC 0x10\n"
                     "Couldn't disassemble opcode at PC 0x10\n0x16\n")
    assert list(trace_schedule.trace_pcs(trace, table)) == [0x10, 0x12, 0x14, 0x10, 0x12, 0x14,
                                                            0x16]
    # A block that ends before its branch (the next block starts on the straight path).
    trace.write_text("Couldn't disassemble opcode at PC 0x10\n0x12\n")
    assert list(trace_schedule.trace_pcs(trace, table)) == [0x10, 0x12]


def test_a_two_way_set_keeps_its_two_most_recent_lines():
    # The RT1060's I-cache: 1,024 lines of 32 bytes in 512 sets of two; lines 16 KiB apart
    # share a set. A, B, A, C, B: C evicts B (A was used more recently), then B misses again.
    icache = boards.FETCH_CACHES["rt1060"]
    replay = CacheReplay(icache)
    a, b, c = icache.low, icache.low + 16 * 1024, icache.low + 32 * 1024
    for address in (a, b, a, c, b):
        replay.read(address)
    assert replay.misses == 4
    replay.read(c)
    assert replay.misses == 4      # C and B are the set's two lines now


def test_an_instruction_cache_does_not_see_literal_loads():
    icache = boards.FETCH_CACHES["rt1060"]
    replay = CacheReplay(icache)
    replay.execute(icache.low, Instruction(kind="ldr_lit", size=2, literal=icache.low + 4096))
    assert (replay.reads, replay.misses) == (1, 1)      # the fetch only
    unified = CacheReplay(SAMD21)
    unified.execute(0x100, Instruction(kind="ldr_lit", size=2, literal=0x1000))
    assert (unified.reads, unified.misses) == (2, 2)


def test_code_executed_in_place_pays_a_line_fill_per_traced_miss():
    from models.cores import CORES
    from models.cores.base import traced_sums
    from models.matrix import all_params
    from models.params import defaults
    values = defaults(all_params())
    board = boards.BOARDS["rt1060"]
    xip = boards.memory(board, {".text": "FLEXSPI", ".stack": "DTCM"}, values)
    tcm = boards.memory(board, {".text": "ITCM", ".stack": "DTCM"}, values)
    # 84 FlexSPI clocks at 120 MHz (the EVKB's read sequence) in 600 MHz core cycles
    assert xip.code_wait_states == 420.0
    classes = {"alu": 1000.0, "ldr_word": 200.0}
    schedule = {"issue_cycles": 700.0, "taken_branches": 10.0, "instructions": 1200.0,
                "nvm_reads": 600.0, "nvm_misses": 3.0}
    sums = traced_sums(classes, schedule)
    m7 = CORES["m7"]
    assert m7.cycles(sums, xip, values) - m7.cycles(sums, tcm, values) == 3 * 420.0
