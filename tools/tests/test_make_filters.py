"""Unknown BOARD/LIB/OPT values: one line naming the valid ones, non-zero exit."""
import subprocess

import pytest
from conftest import TOP


@pytest.mark.parametrize("variable,valid", [
    ("BOARD", "rt1060 rt1170 samd21 stm32f407"),
    ("LIB", "mbedtls wolfcrypt"),
    ("OPT", "none high-speed"),
])
def test_unknown_value_is_one_clear_line(variable, valid):
    run = subprocess.run(["make", "-n", "firmware", f"{variable}=bogus"], cwd=TOP,
                         capture_output=True, text=True)
    assert run.returncode != 0
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    assert f"unknown {variable}=bogus; valid: {valid}" in lines[0]
