"""`python -m models predict --elf` (models/user/): bad input gets one clear line, and a real run
counts and prices every call of a function (the Renode cases skip without Renode)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from models.profiles import collect
from models.user import cli
from models.user import elf as user_elf
from models.user import run

DATA = Path(__file__).resolve().parent / "data"
needs_gcc = pytest.mark.skipif(shutil.which("arm-none-eabi-gcc") is None,
                               reason="arm-none-eabi-gcc not installed")
needs_renode = pytest.mark.skipif(collect.find_renode() is None, reason="Renode not found")


def demo(tmp_path: Path, mode: int = 0, strip: bool = False, preamble: int = 0) -> Path:
    out = tmp_path / f"demo{mode}-{preamble}{'-stripped' if strip else ''}.elf"
    subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb", "-O2", "-Wall", "-Wextra",
                    "-Werror", "-nostdlib", "-nostartfiles", f"-DDEMO_MODE={mode}",
                    f"-DDEMO_PREAMBLE={preamble}", "-T",
                    str(DATA / "user_demo.ld"), str(DATA / "user_demo.c"), "-o", str(out)]
                   + (["-s"] if strip else []), check=True)
    return out


def error_of(capsys, argv: list[str]) -> str:
    assert cli.main(argv) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_a_file_that_is_not_an_arm_elf_is_refused(tmp_path, capsys):
    text = tmp_path / "app.elf"
    text.write_text("hello")
    assert "not an ELF file" in error_of(capsys, ["--elf", str(text), "--board", "rt1060",
                                                  "--function", "f"])
    host = Path("/bin/ls").resolve()
    assert "not a 32-bit little-endian ELF" in error_of(
        capsys, ["--elf", str(host), "--board", "rt1060", "--function", "f"])


@needs_gcc
def test_a_stripped_elf_is_refused(tmp_path, capsys):
    assert "stripped" in error_of(capsys, ["--elf", str(demo(tmp_path, strip=True)), "--board",
                                           "stm32f407", "--function", "sum_of_squares"])


@needs_gcc
def test_an_unknown_function_names_the_closest(tmp_path, capsys):
    line = error_of(capsys, ["--elf", str(demo(tmp_path)), "--board", "stm32f407",
                             "--function", "sum_of_square"])
    assert "no function sum_of_square" in line and "closest: sum_of_squares" in line


@needs_gcc
def test_returns_and_handlers_are_found_in_the_listing(tmp_path):
    path = demo(tmp_path)
    (target,) = run.targets(path, ["sum_of_squares"], [])
    assert target.ends and all(target.begin < end for end in target.ends)
    handlers, faults = run.vector_handlers(path)
    functions = user_elf.functions(path)
    assert handlers == [functions["systick_handler"].start]
    assert faults == [functions["hard_fault_handler"].start]


def test_renode_missing_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(collect, "find_renode", lambda: None)
    elf = Path(__file__).resolve().parents[2] / "build" / "fw" / "rt1060" / \
        "mbedtls-sw-high-speed" / "bench.elf"
    if not elf.exists():
        pytest.skip("no firmware built")
    assert "Renode not found" in error_of(capsys, ["--elf", str(elf), "--board", "rt1060",
                                                   "--function", "mbedtls_internal_sha256_process"])


def test_calls_are_split_at_the_outer_depth_and_interrupts_taken_out():
    # enter, irq (10 instructions of counter 0), leave; then a recursive call (enter, enter,
    # leave, leave) of 7 instructions: two calls of 5 and 7 instructions.
    rows = [("enter0", "", [100, 0], 100), ("irq-in", "", [102, 0], 102),
            ("irq-out", "", [112, 0], 112), ("leave0", "", [115, 0], 115),
            ("enter0", "", [200, 0], 200), ("enter0", "", [203, 0], 203),
            ("leave0", "", [205, 0], 205), ("leave0", "", [207, 0], 207)]
    calls, fault = run.split_calls(rows, 1)
    assert fault == ""
    assert [c.raw for c in calls[0]] == [[5, 0], [7, 0]]
    assert [c.executed for c in calls[0]] == [5.0, 7.0]
    assert calls[0][0].interrupts == 1 and calls[0][0].interrupt_instructions == 10.0
    # Each call keeps where it began (the CPU's count at its entry), so that a caller can tell
    # the calls of one target that ran inside a call of another.
    assert [c.start for c in calls[0]] == [100, 200]


def test_a_call_keeps_the_time_it_skipped_polling_a_busy_engine():
    # A snapshot line ends with the CPU's executed and skipped instructions (run.SKIPPED): the
    # first call polled a busy engine for 480 skipped instructions, the second did not.
    text = ("enter0 0 100 7 #100 ~20\n"
            "leave0 0 130 7 #130 ~500\n"
            "enter0 0 200 7 #200 ~500\n"
            "leave0 0 210 7 #210 ~500\n"
            "enter0 0 300 7 #3")   # a line the hook was still writing: left out
    rows = run.parse(text)
    assert [r[3:] for r in rows] == [(100, 20), (130, 500), (200, 500), (210, 500)]
    calls, _ = run.split_calls(rows, 1)
    assert [c.executed for c in calls[0]] == [30.0, 10.0]
    assert [c.waited for c in calls[0]] == [480.0, 0.0]


@needs_gcc
@needs_renode
def test_every_call_is_counted_and_priced(tmp_path, capsys):
    assert cli.main(["--elf", str(demo(tmp_path)), "--core", "m4", "--clock-hz", "16e6",
                     "--function", "sum_of_squares", "--json", "--simulated-seconds", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    (target,) = result["targets"]
    assert target["calls"] == 3
    # the loop runs 100 times: several hundred instructions a call
    assert 300 < target["instructions_per_call"] < 2000
    cycles = target["predicted_cycles"]
    assert cycles["min"] == cycles["max"] > target["instructions_per_call"] * 0.9
    assert target["band_widened_because"]  # a generic core: said why


def test_a_long_run_is_traced_from_shortly_before_its_first_call():
    # 200 M instructions before the first call, at 600 instructions a microsecond, 8 of them
    # skipped polling an engine: the tracer starts TRACE_MARGIN_MAX (1 M) instructions early,
    # a hundredth of the way being more.
    calls = [run.Call([], 100.0, start=200_000_000, skipped_before=8, end=200_000_100),
             run.Call([], 100.0, start=200_000_200, skipped_before=8, end=200_000_300)]
    outcome = run.Outcome([], [], {"f": calls}, executed=300_000_000, mips=600.0)
    window = run.trace_window(outcome)
    assert window.begin == 199_000_008
    assert window.span == 1_000_300
    assert run.trace_start(window, 600.0) == "0.331666"   # whole microseconds, never late
    assert run.trace_window(outcome, run.TRACE_RETRY_FACTOR).begin == 190_000_008
    # Nearer reset, a hundredth of the way.
    near = run.Outcome([], [], {"f": [run.Call([], 1.0, start=40_000_000, end=40_000_001)]},
                       executed=50_000_000, mips=600.0)
    assert run.trace_window(near).begin == 39_600_000
    # A short run is traced from reset, and one whose CPU rate is unknown too (it then needs
    # its whole length within TRACE_LIMIT).
    assert run.trace_window(run.Outcome([], [], {"f": calls}, executed=300_000_000)) == \
        run.TraceWindow(0, 300_000_000)
    short = run.Outcome([], [], {"f": calls[:1]}, executed=1_000, mips=600.0)
    assert run.trace_window(short) == run.TraceWindow(0, 1_000)


@needs_gcc
@needs_renode
def test_the_calls_traced_after_a_long_start_match_a_trace_from_reset(tmp_path, capsys,
                                                                       monkeypatch):
    path = demo(tmp_path, preamble=100_000)   # about 500 k instructions before the first call
    argv = ["--elf", str(path), "--core", "m4", "--clock-hz", "16e6", "--function",
            "sum_of_squares", "--json", "--simulated-seconds", "1"]
    assert cli.main(argv) == 0
    from_reset = json.loads(capsys.readouterr().out)["targets"][0]
    monkeypatch.setattr(run, "TRACE_LIMIT", 200_000)
    assert cli.main(argv) == 0
    windowed = json.loads(capsys.readouterr().out)["targets"][0]
    assert not any("schedule" in reason for reason in windowed["band_widened_because"])
    assert windowed["traced"] and windowed["traced"] == from_reset["traced"]
    assert windowed["predicted_cycles"] == from_reset["predicted_cycles"]


@needs_gcc
@needs_renode
def test_targets_too_far_apart_for_one_trace_are_traced_one_by_one(tmp_path, capsys,
                                                                     monkeypatch):
    # preamble (about 500 k instructions in its one call) runs before the three calls of
    # sum_of_squares: with TRACE_LIMIT at 200 k they cannot share a trace, sum_of_squares
    # alone fits one, and preamble's own call is too long for any. On a Cortex-M7 an untraced
    # call says so (it is priced per instruction class).
    path = demo(tmp_path, preamble=100_000)
    argv = ["--elf", str(path), "--core", "m7", "--clock-hz", "16e6", "--function", "preamble",
            "--function", "sum_of_squares", "--json", "--simulated-seconds", "1"]
    monkeypatch.setattr(run, "TRACE_LIMIT", 200_000)
    assert cli.main(argv) == 0
    long_one, short_one = json.loads(capsys.readouterr().out)["targets"]
    assert short_one["function"] == "sum_of_squares" and short_one["traced"]
    assert not long_one["traced"]
    assert any("preamble: tracing the calls takes" in reason
               for reason in long_one["band_widened_because"])


@needs_gcc
@needs_renode
def test_a_function_never_called_is_said_after_the_run(tmp_path, capsys):
    line = error_of(capsys, ["--elf", str(demo(tmp_path)), "--core", "m4", "--clock-hz", "16e6",
                             "--function", "never_called", "--simulated-seconds", "0.2"])
    assert "never_called was never called" in line and "last PC" in line


@needs_gcc
@needs_renode
def test_a_fault_stops_the_run_with_its_pc(tmp_path, capsys):
    path = demo(tmp_path, mode=1)
    line = error_of(capsys, ["--elf", str(path), "--core", "m4", "--clock-hz", "16e6",
                             "--function", "faults", "--simulated-seconds", "1"])
    assert "faulted" in line
    assert f"pc={user_elf.functions(path)['faults'].start:#010x}" in line


@needs_gcc
@needs_renode
def test_a_call_that_sleeps_is_refused(tmp_path, capsys):
    line = error_of(capsys, ["--elf", str(demo(tmp_path, mode=2)), "--core", "m4", "--clock-hz",
                             "16e6", "--function", "sleeps", "--simulated-seconds", "1"])
    assert "spans a WFI" in line
