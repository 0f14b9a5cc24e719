"""robot-tests/resources/native_bench_tables.py: the accelerator build's `@output` lines against
the software build's (firmware/apps/wolfbench/same_outputs.c prints them)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "robot-tests" / "resources"))
import native_bench_tables as tables  # noqa: E402

SOFTWARE = ["@start wolfbench board=rt1060", "Benchmark complete",
            "@output sha256 095ecb62", "@output aes-128-cbc-last-block fd85ecd3",
            "@done wolfbench status=0 output_failures=0"]


def write(tmp_path: Path, name: str, lines: list[str]) -> str:
    path = tmp_path / name
    path.write_text("\r\n".join(lines) + "\r\n")
    return str(path)


def test_equal_outputs_pass(tmp_path):
    software = write(tmp_path, "sw.txt", SOFTWARE)
    tables.accelerated_outputs_should_equal_software_outputs(
        write(tmp_path, "hw.txt", SOFTWARE), software)


@pytest.mark.parametrize("changed, message", [
    ("@output sha256 095ecb63", "sha256: accelerated 095ecb63, software 095ecb62"),
    ("@output sha256 FAILED -173", "failed: sha256 (FAILED -173)"),
    ("@output sha1 095ecb62", "different outputs"),
])
def test_a_different_missing_or_failed_output_is_named(tmp_path, changed, message):
    accelerated = [changed if line.startswith("@output sha256") else line for line in SOFTWARE]
    with pytest.raises(AssertionError, match=re.escape(message)):
        tables.accelerated_outputs_should_equal_software_outputs(
            write(tmp_path, "hw.txt", accelerated), write(tmp_path, "sw.txt", SOFTWARE))


def test_a_log_without_outputs_fails(tmp_path):
    with pytest.raises(AssertionError, match="no '@output' lines"):
        tables.accelerated_outputs_should_equal_software_outputs(
            write(tmp_path, "hw.txt", SOFTWARE[:2]), write(tmp_path, "sw.txt", SOFTWARE))
