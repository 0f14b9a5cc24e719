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


def test_every_step_is_whole_microseconds(tmp_path: Path):
    # A step that ends between two instructions leaves the core's clock ahead of them, and the
    # program's run parts from one made in a single step (the module's note).
    # rt1170: 996 MIPS. Each window narrows to the whole microseconds inside it: 1,000-3,500
    # to 1,992-2,988 (2-3 us), 5,000-7,000 to 5,976-6,972 (6-7 us); 8,000-8,500 holds none.
    spans = sampled_schedule.on_microseconds([(1_000, 2_500), (5_000, 2_000), (8_000, 500)],
                                             996.0)
    assert spans == [(1_992, 996), (5_976, 996)]
    script = sampled_schedule.write_script(Path("/x.elf"), "rt1170", tmp_path, spans, 0x100,
                                           10_500)
    run_for = [line.split('"')[1] for line in script.read_text().splitlines()
               if line.startswith("emulation RunFor")]
    assert run_for == ["0.000002", "0.000001", "0.000003", "0.000001", "0.000004"]


def test_a_short_region_gets_fewer_windows_that_stay_inside_it():
    # 11 k instructions at 996 MIPS (the CPU side of an RSA-2048 public operation on the PKHA):
    # windows of two microseconds at least leave room for two parts, not eight.
    (spans,) = sampled_schedule.windows([100_000], [11_000], shortest=2 * 996)
    assert len(spans) == 2
    narrowed = sampled_schedule.on_microseconds(spans, 996.0)
    assert len(narrowed) == 2
    assert all(100_000 <= first and first + count <= 111_000 for first, count in narrowed)
    # Too short for any window of a whole microsecond: none.
    (tiny,) = sampled_schedule.windows([100_000], [1_500], shortest=2 * 996)
    assert sampled_schedule.on_microseconds(tiny, 996.0) == []


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


def _attach(monkeypatch, tmp_path: Path, setup: tuple[str, ...], short_window: int | None,
            boundaries_found: bool = True) -> list[dict]:
    """attach() on two 8 M regions with the runs replaced: the boundary pass finds the counted
    run's boundaries (or too few), the sampling run hits them, and window `short_window` traces
    short."""
    from models.profiles import host, trace_schedule
    begins, lengths = [1_000_000, 20_000_000], [8_000_000, 8_000_000]

    def boundary_pass(*args, **kwargs):
        if not boundaries_found:
            raise RuntimeError("the run without counting hit its boundary 2 times, too few")
        return begins, lengths

    def run(renode, script, timeout):
        (tmp_path / "hits.txt").write_text("1000000\n9000000\n20000000\n28000000\n")
        return 1.0

    def window_schedule(trace, count, table, boundary):
        if trace.name == f"window{short_window}.txt":
            raise RuntimeError(f"{trace}: 1788 instructions traced, {count} expected")
        return {"issue_cycles": count * 0.8, "taken_branches": 1.0, "instructions": count,
                "it_instructions": 0.0}

    monkeypatch.setattr(host, "symbol_address", lambda elf, name: 0x100)
    monkeypatch.setattr(sampled_schedule, "boundary_pass", boundary_pass)
    monkeypatch.setattr(sampled_schedule, "run", run)
    monkeypatch.setattr(sampled_schedule, "window_schedule", window_schedule)
    monkeypatch.setattr(trace_schedule, "listing", lambda elf: {})
    regions = [_region(8_000_000), _region(8_000_000)]
    sampled_schedule.attach("renode", Path("/x.elf"), "rt1170", tmp_path, regions, begins, 60,
                            "mbedtls_port_alarm_test", setup)
    return regions


def test_on_an_accelerator_path_a_short_window_costs_its_region_its_schedule_only(
        monkeypatch, tmp_path: Path):
    # Window 3 lies in the first region (8 windows each).
    first, second = _attach(monkeypatch, tmp_path, ("sysbus.caam JobSetupCycles 0",), 3)
    assert "1788 instructions traced" in first["schedule_missing"] and "schedule" not in first
    assert second["schedule"]["issue_cycles"] == pytest.approx(0.8 * 8_000_000)
    # On the software path the runs agree: a short window is an error.
    with pytest.raises(RuntimeError, match="1788 instructions traced"):
        _attach(monkeypatch, tmp_path, (), 3)


def test_on_an_accelerator_path_too_few_boundaries_leave_every_region_unscheduled(
        monkeypatch, tmp_path: Path):
    regions = _attach(monkeypatch, tmp_path, ("sysbus.caam JobSetupCycles 0",), None,
                      boundaries_found=False)
    assert all("too few" in region["schedule_missing"] for region in regions)
    with pytest.raises(RuntimeError, match="too few"):
        _attach(monkeypatch, tmp_path, (), None, boundaries_found=False)
