"""models/profiles/sampled_schedule.py: where the windows lie, and the run that traces them."""
from __future__ import annotations

from pathlib import Path

import pytest

from models.profiles import sampled_schedule


def test_the_windows_are_spread_evenly_over_their_region():
    long_region, short_region = sampled_schedule.windows([1_000, 50_000_000],
                                                         [100_000_000, 1_600_000])
    count = sampled_schedule.WINDOW // sampled_schedule.SPREAD
    assert [c for _, c in long_region] == [count] * sampled_schedule.SPREAD
    part = 100_000_000 / sampled_schedule.SPREAD
    # Each window is centred in its part of the region: the first after 1/2 part, then 1 apart.
    assert [first + count / 2 - 1_000 for first, _ in long_region] == pytest.approx(
        [(k + 0.5) * part for k in range(sampled_schedule.SPREAD)], abs=1)
    # A short region: each window at most half its part (200 k), the first 50 k after the start.
    assert short_region[0] == (50_050_000, 100_000)
    assert short_region[-1][0] + 100_000 == 51_550_000


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
    # 8 M instructions: windows of 250 k centred at 0.5 M, 1.5 M, ... 7.5 M after the start,
    # 375 k from either end.
    spans = sampled_schedule.windows([1_000_000], [8_000_000])
    hits.write_text("1000100\n9000050\n")  # a little off, every window stays inside
    sampled_schedule.check_boundaries(hits, spans, [1_000_000], [8_000_000],
                                          [_region(8_000_000)])
    hits.write_text("1000100\n8600000\n")  # the region ends inside the last window
    with pytest.raises(RuntimeError, match="outside its region"):
        sampled_schedule.check_boundaries(hits, spans, [1_000_000], [8_000_000],
                                          [_region(8_000_000)])
    hits.write_text("1000100\n")  # no closing boundary: the run stopped early
    with pytest.raises(RuntimeError, match="outside its region"):
        sampled_schedule.check_boundaries(hits, spans, [1_000_000], [8_000_000],
                                          [_region(8_000_000)])


def test_each_region_is_judged_on_its_own(tmp_path: Path):
    """An accelerator run keeps the regions whose windows stay inside (sampled_schedule.attach)."""
    hits = tmp_path / "hits.txt"
    spans = sampled_schedule.windows([1_000_000, 20_000_000], [8_000_000, 8_000_000])
    # the first region's boundaries where the run put them, the second's 1 M instructions late
    hits.write_text("1000100\n9000050\n21000000\n29000000\n")
    first, second = sampled_schedule.boundary_errors(
        hits, spans, [1_000_000, 20_000_000], [8_000_000, 8_000_000],
        [_region(8_000_000), _region(8_000_000)])
    assert first == "" and "outside its region" in second
