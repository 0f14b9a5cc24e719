"""The Embench validation (models/validation/): published figures read and converted right, the
price has no toolchain ratio, the validation figures never reach the calibration, the region is
the one between the triggers, and a missing Embench makes the build skip, not fail."""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
from pathlib import Path

import pytest

from models import boards
from models.calibration import published as calibration_published
from models.cores import CORES
from models.matrix import all_params
from models.params import defaults
from models.profiles import trace_schedule
from models.validation import price, profile, published, report, size

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


def test_gcc14_fetch_skips_loudly_in_one_line_where_it_cannot_be_had(tmp_path):
    """Without its tools (here: no curl, dpkg-deb or patchelf on PATH) the fetch says why in one
    line and exits 3, the status the Makefile turns into its SKIPPED banner."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "uname", "mkdir", "mktemp", "rm"):
        found = subprocess.run(["bash", "-c", f"command -v {tool}"], capture_output=True,
                               text=True).stdout.strip()
        (bin_dir / tool).symlink_to(found)
    done = subprocess.run([str(TOP / "tools" / "fetch-gcc14-arm.sh")], capture_output=True,
                          text=True, timeout=60,
                          env={"PATH": str(bin_dir), "GCC14_HOME": str(tmp_path / "gcc14")})
    assert done.returncode == 3, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("fetch-gcc14-arm: ")
    assert not (tmp_path / "gcc14").exists()


def test_gcc14_compiler_identifies_as_14():
    home = TOP / "build" / "tools" / "gcc-arm-none-eabi-14"
    if not (home / "usr" / "bin" / "arm-none-eabi-gcc").exists():
        pytest.skip(f"SKIPPED: {home} not fetched (tools/fetch-gcc14-arm.sh)")
    done = subprocess.run([str(TOP / "tools" / "gcc14-arm-cc.sh"), "-dumpfullversion"],
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip().startswith("14.")


def test_stored_profiles_are_of_the_builds_they_stand_for():
    """The validation profiles were taken of GCC 14 images, the spread's of gcc 12.2 images,
    each of all 19 benchmarks, as the images' own .comment sections said."""
    validation = profile.load_all()
    spread = profile.load_all(profile.SPREAD_BUILD)
    assert [p["benchmark"] for p in validation] == list(profile.BENCHMARKS)
    assert [p["benchmark"] for p in spread] == list(profile.BENCHMARKS)
    assert all(re.search(r"\) 14\.\d", p["toolchain"]) for p in validation)
    assert all(re.search(r"\) 12\.\d", p["toolchain"]) for p in spread)
    assert all(p["build"] == profile.VALIDATION_BUILD for p in validation)
    assert not {p["elf_sha256"] for p in validation} & {p["elf_sha256"] for p in spread}


def test_report_puts_each_program_before_and_after_with_both_counts_beyond_the_bound():
    values = defaults(all_params())
    figures = published.load()
    before, after = stored_profile(), stored_profile()
    before.update({"benchmark": "tarfind", "gsf": 1})
    after.update({"benchmark": "tarfind", "gsf": 1})
    after["regions"][0] = region({name: 2.5 * count for name, count
                                  in before["regions"][0]["classes"].items()})
    (old,) = report.rows_of([before], figures, values)
    (new,) = report.rows_of([after], figures, values)
    lines = report.spread_lines([new], [old])
    (row,) = [line for line in lines if line.startswith("| tarfind |")]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == f"{old.instructions:,.0f}" and cells[2] == f"{new.instructions:,.0f}"
    assert cells[3] == "+150.0 %"
    assert cells[4] == f"{old.error_pct:+.1f} %" and cells[5] == f"{new.error_pct:+.1f} %"
    summary = next(line for line in lines if line.startswith("Median |error|"))
    assert f"before {report.beyond([old.error_pct])} of 1" in summary
    assert f"after {report.beyond([new.error_pct])} of 1" in summary
    assert report.beyond([-10.5, 9.9, 10.0, 12.0]) == 2
    # Without a spread build stored, no such section.
    assert report.spread_lines([new], []) == []


def test_report_rows_are_the_stored_validation_builds():
    text = (TOP / "reports" / "validation.md").read_text()
    for name in profile.BENCHMARKS:
        assert re.search(rf"^\| (\*\*)?{re.escape(name)}(\*\*)? \| [\d,]+ \|", text, re.MULTILINE)
        assert re.search(rf"^\| {re.escape(name)} \| [\d,]+ \| [\d,]+ \| [+-]", text, re.MULTILINE)


READELF_SECTIONS = """\
  [ 1] .isr_vector       PROGBITS        08000000 010000 000008 00   A  0   0  4
  [ 2] .text             PROGBITS        08000008 010008 000264 00  AX  0   0  4
  [ 3] .data             PROGBITS        20000000 020000 000010 00  WA  0   0  4
  [ 4] .bss              NOBITS          20000010 020010 002334 00  WA  0   0  4
  [ 5] .comment          PROGBITS        00000000 01026c 00004c 01  MS  0   0  1
  [ 6] .debug_info       PROGBITS        00000000 0102e6 000135 00      0   0  1
"""


def test_size_categories_are_benchmark_size_pys():
    # benchmark_size.py: text = ALLOC|EXECINSTR PROGBITS, rodata = ALLOC PROGBITS, data =
    # ALLOC|WRITE PROGBITS, bss = ALLOC|WRITE NOBITS; nothing else counts.
    assert size.sections(READELF_SECTIONS) == {"text": 0x264, "rodata": 8, "data": 16,
                                               "bss": 0x2334}
    assert size.relative({"text": 10, "bss": 4}, {"text": 3, "bss": 4}) == {"text": 7, "bss": 0}


def test_stored_sizes_say_the_published_newlib_was_built_for_size():
    """The stored code-size comparison: only the build with newlib's size-optimised string
    functions matches the published sizes (tarfind's memset among them); the others are off by
    those functions' sizes wherever a benchmark calls one."""
    stored = size.load()
    assert stored is not None
    median = {name: statistics.median(abs(v) for v in size.text_differences(stored, name).values())
              for name in stored["builds"]}
    assert median["gcc14-newlib-os"] <= 4
    assert median["gcc14"] > 100 and median["gcc12"] > 100
    assert size.text_differences(stored, "gcc14-newlib-os")["tarfind"] == 0
    assert size.text_differences(stored, "gcc14")["tarfind"] >= 100
    # A benchmark that calls no C library function matches without them.
    assert abs(size.text_differences(stored, "gcc14")["nettle-aes"]) <= 4
