"""models/profiles/sampled_schedule.py: where the windows lie, and the run that traces them."""
from __future__ import annotations

from pathlib import Path

import pytest

from models.profiles import sampled_schedule


def test_a_window_is_in_the_middle_of_its_region_and_at_most_half_of_it():
    long_region, short_region = sampled_schedule.windows([1_000, 50_000_000],
                                                         [100_000_000, 1_000_000])
    first, count = long_region
    assert count == sampled_schedule.WINDOW
    assert first - 1_000 == 100_000_000 + 1_000 - (first + count)  # as much before as after
    assert short_region == (50_250_000, 500_000)


def test_the_script_runs_to_each_window_by_the_boards_instructions_per_second(tmp_path: Path):
    # rt1060: 600 MIPS (platforms/socs/imxrt1062.repl), so 600 instructions take 1 us.
    script = sampled_schedule.write_script(Path("/x.elf"), "rt1060", tmp_path,
                                           [(600, 1_200), (6_000, 600)], 0x100, 60_000)
    run_for = [line.split('"')[1] for line in script.read_text().splitlines()
               if line.startswith("emulation RunFor")]
    assert [float(t) * 1e6 for t in run_for] == pytest.approx([1, 2, 7, 1, 89])
    text = script.read_text()
    assert text.count("CreateExecutionTracing") == 2 and text.rstrip().endswith("quit")


def _region(instructions: float) -> dict:
    return {"result": {"row": "RSA 2048 private"}, "instructions": instructions}


def test_a_sampling_run_off_the_counted_one_is_refused(tmp_path: Path):
    hits = tmp_path / "hits.txt"
    spans = sampled_schedule.windows([1_000_000], [8_000_000])
    hits.write_text("1000100\n9000050\n")  # a little off, the window stays inside
    sampled_schedule.check_boundaries(hits, spans, [1_000_000], [_region(8_000_000)])
    hits.write_text("1000100\n5500000\n")  # the region ends inside the window (4 M .. 6 M)
    with pytest.raises(RuntimeError, match="outside its region"):
        sampled_schedule.check_boundaries(hits, spans, [1_000_000], [_region(8_000_000)])
    hits.write_text("1000100\n")  # no closing boundary: the run stopped early
    with pytest.raises(RuntimeError, match="outside its region"):
        sampled_schedule.check_boundaries(hits, spans, [1_000_000], [_region(8_000_000)])
