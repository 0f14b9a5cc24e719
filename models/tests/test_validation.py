"""The Embench validation (models/validation/): published figures read and converted right, the
price has no toolchain ratio, the validation figures never reach the calibration, the region is
the one between the triggers, and a missing Embench makes the build skip, not fail."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from models import boards
from models.calibration import published as calibration_published
from models.cores import CORES
from models.matrix import all_params
from models.params import defaults
from models.profiles import trace_schedule
from models.validation import price, profile, published, report

TOP = Path(__file__).resolve().parents[2]
# Embench's baseline-data/speed.json at c9d2e43 (unchanged at the pinned 09c2ed8), in ms.
SPEED_JSON = {
    "aha-mont64": 4002, "crc32": 4006, "depthconv": 3842, "edn": 4006, "huffbench": 3993,
    "matmult-int": 4010, "md5sum": 3931, "nettle-aes": 3956, "nettle-sha256": 3998,
    "nsichneu": 4303, "picojpeg": 3915, "qrduino": 3927, "sglib-combined": 4131, "slre": 3995,
    "statemate": 6421, "tarfind": 4005, "ud": 3934, "wikisort": 3622, "xgboost": 3528}


def test_milliseconds_become_cycles_as_embench_computed_them():
    # run_stm32f4-discovery.py: ms = cycles / cpu_mhz / 1000, at --cpu-mhz 16.
    assert published.ms_to_cycles(4006, 16) == 64_096_000
    rows = {row.benchmark: row for row in published.load()}
    assert {name: row.ms for name, row in rows.items()} == SPEED_JSON
    crc = rows["crc32"]
    assert (crc.gsf, crc.core_mhz, crc.toolchain) == (16, 16.0, "GCC 14.1.0")
    assert crc.cycles == 4006 * 16_000
    assert crc.cycles_at(1) == 4006 * 16_000 / 16


def test_published_file_matches_the_fetched_embench_baseline():
    fetched = TOP / "build" / "third_party" / "embench-iot" / "baseline-data" / "speed.json"
    if not fetched.exists():
        pytest.skip(f"SKIPPED: {fetched} not fetched (make -C firmware/validation/embench)")
    assert json.loads(fetched.read_text()) == SPEED_JSON


def test_published_rows_must_be_milliseconds(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("id,board,soc,core,core_mhz,toolchain,opt,suite,benchmark,gsf,metric,value,"
                   "unit,conditions\nx,b,s,c,16,t,o,e,crc32,16,cycles,1,cycles,\n")
    with pytest.raises(ValueError, match="ms"):
        published.load(bad)


def region(classes: dict[str, float]) -> dict:
    return {"classes": classes, "instructions": sum(classes.values()),
            "result": {"cycles": sum(classes.values())},
            "schedule": {"taken_branches": 30.0, "pipelined_loads": 40.0,
                         "pipelined_stores": 5.0, "instructions": 0.0, "it_instructions": 0.0,
                         "skipped": 0.0}}


def stored_profile() -> dict:
    classes = {"alu": 500.0, "ldr_word": 100.0, "str_word": 20.0, "b_cond": 60.0, "bl": 10.0,
               "bx": 10.0, "mul": 5.0, "ldm": 2.0, "ldm_regs": 8.0}
    return {"board": "stm32f407", "placement": {".text": "FLASH", ".data": "SRAM",
                                                 ".bss": "SRAM", ".stack": "SRAM"},
            "regions": [region(classes)]}


def test_price_is_the_core_model_on_the_binary_with_no_toolchain_ratio():
    stored = stored_profile()
    values = defaults(all_params())
    # Toolchain or build transfers, wherever the calibration keeps them, must not move the
    # price: every parameter whose name says so is set far from 1.
    skewed = {name: (3.0 if name.startswith(("toolchain.", "build.")) or "ratio" in name
                     else value) for name, value in values.items()}
    board = boards.BOARDS["stm32f407"]
    sums = price.region_sums(stored["regions"][0])
    expected = CORES["m4"].cycles(sums, boards.memory(board, stored["placement"], values), values)
    assert price.predicted_cycles(stored, values) == pytest.approx(expected)
    assert price.predicted_cycles(stored, skewed) == pytest.approx(expected)
    # The traced counts are priced, not the untraced shares.
    assert sums["taken_branches"] == 30.0 and sums["pipelined_loads"] == 40.0
    assert price.naive_cycles(stored) == stored["regions"][0]["instructions"]


def test_instructions_the_counters_missed_are_priced_at_a_cycle_each():
    # Renode 1.16.1's opcode counters skip IT-block instructions whose condition fails; the
    # region's DWT count (its @result cycles) has them.
    stored = stored_profile()
    values = defaults(all_params())
    counted = price.predicted_cycles(stored, values)
    stored["regions"][0]["result"]["cycles"] += 100
    assert price.uncounted(stored["regions"][0]) == 100
    assert price.predicted_cycles(stored, values) == pytest.approx(counted + 100)


def test_validation_figures_never_reach_the_calibration():
    validation = {row.id for row in published.load()}
    calibration = {m.id for m in calibration_published.load()}
    assert validation and calibration and not validation & calibration
    assert calibration_published.DATA.resolve() != published.DATA.resolve()
    # No calibration code names the validation file or package.
    for source in sorted((TOP / "models" / "calibration").glob("*.py")) + [
            TOP / "models" / "pipeline.py", TOP / "models" / "matrix.py"]:
        text = source.read_text()
        assert "validation-published" not in text and "models.validation" not in text, source
    # And no stored validation profile sits where the calibration loads profiles from.
    from models.profiles import store
    assert not profile.DATA.resolve().is_relative_to(store.DATA.resolve())


def test_region_runs_from_start_trigger_to_stop_trigger():
    start, stop = 0x100, 0x200
    alu = trace_schedule.decode("adds", "r0, r0, #1", 2)
    branch = trace_schedule.decode("b", "0x300", 2)
    table = {start: alu, 0x102: alu, 0x104: branch, 0x300: alu, stop: alu, 0x400: alu}
    # Before the region; the region: start_trigger's entry (the boundary, as in the counted run's
    # hook, not counted), a branch taken, two more; stop_trigger's entry closes it; after it.
    pcs = [0x400, 0x400, start, 0x102, 0x104, 0x300, 0x300, stop, 0x400, 0x400]
    (found,) = profile.trigger_regions(pcs, table, start, stop)
    assert found["instructions"] == 4
    assert found["taken_branches"] == 1


def test_report_states_the_flags_the_makefile_builds_with():
    flags = report.embench_flags()
    assert flags.split() == ["-O2", "-ffunction-sections", "-fdata-sections", "-mcpu=cortex-m4",
                             "-mthumb", "-mfloat-abi=soft"]
    assert report.pinned_commit() == "09c2ed8c3b7008c95d08b038de4a3f6dc103ed70"


def test_report_rows_scale_the_published_figure_to_the_profiled_gsf():
    stored = stored_profile()
    stored.update({"benchmark": "crc32", "gsf": 1,
                   "full_scale": {"instructions": 16 * stored["regions"][0]["instructions"]}})
    values = defaults(all_params())
    (row,) = report.rows_of([stored], published.load(), values)
    assert row.published == 4006 * 16_000 / 16
    assert row.full_scale_ratio == 16
    assert row.error_pct == pytest.approx((row.predicted - row.published) / row.published * 100)
    assert row.predicted_ms == pytest.approx(row.predicted * 16 / 16e6 * 1e3)


def test_build_skips_loudly_without_the_embench_files(tmp_path):
    """The image build fetches Embench's files first; where they cannot be had it says so and
    succeeds (as the SDK and reference builds do), so `make test` never fails on it."""
    lock = tmp_path / "files.lock"
    lock.write_text("repo embench-iot embench/embench-iot " + "1" * 40 + "\n"
                    + "0" * 64 + " support/main.c\n")
    env = dict(os.environ, EMBENCH_IOT_GIT=str(tmp_path / "no-clone"))
    # raw.githubusercontent.com has no such commit, or is unreachable: either way unavailable.
    done = subprocess.run(["make", "-C", str(TOP / "firmware" / "validation" / "embench"),
                           f"LOCK={lock}", f"BUILD={tmp_path / 'build'}"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SKIPPED" in done.stdout and "EMBENCH_IOT_GIT" in done.stdout
    assert not list((tmp_path / "build").glob("fw-embench/**/*.elf"))
