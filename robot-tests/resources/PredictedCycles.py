"""Robot Framework keywords: budgets on the predicted hardware cycles of a user's own function.

    *** Settings ***
    Library    ${ROOT}/robot-tests/resources/PredictedCycles.py    elf=${ELF}    board=rt1060

    *** Test Cases ***
    Signature Check Fits Its Budget
        Predicted Cycles Of  verify_signature  Should Be Below  1200000

Each keyword runs `python -m models predict --elf ... --json` (models/user/cli.py) in a Renode
of its own, so it works inside a `renode-test` suite as in plain `robot`. A prediction is made
once per function and library instance and reused by the other keywords. The budget compares
with the median predicted cycles per call; `... Should Be Below  N  With Band` compares the
band's upper end, for a budget that must hold however the band falls.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from robot.api import logger
from robot.api.deco import keyword, library

TOP = Path(__file__).resolve().parents[2]


def _python() -> str:
    venv = TOP / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


@library(scope="SUITE")
class PredictedCycles:
    def __init__(self, elf: str, board: str = "", core: str = "", clock_hz: str = "",
                 calls: str = "3") -> None:
        if not board and not core:
            raise ValueError("PredictedCycles: give board= (rt1060, rt1170, samd21, stm32f407) "
                             "or core= with clock_hz=")
        self.elf, self.board, self.core, self.clock_hz = elf, board, core, clock_hz
        self.calls = calls
        self.known: dict[str, dict] = {}

    def _predict(self, function: str) -> dict:
        if function not in self.known:
            command = [_python(), "-m", "models", "predict", "--elf", self.elf, "--function",
                       function, "--calls", self.calls, "--json"]
            command += ["--board", self.board] if self.board else \
                ["--core", self.core, "--clock-hz", self.clock_hz]
            done = subprocess.run(command, cwd=TOP, capture_output=True, text=True,
                                  env=dict(os.environ, PYTHONPATH=str(TOP)))
            if done.returncode != 0:
                raise AssertionError(done.stderr.strip().splitlines()[-1] if done.stderr.strip()
                                     else f"predict exited with {done.returncode}")
            self.known[function] = json.loads(done.stdout)["targets"][0]
            target = self.known[function]
            logger.info(f"{function}: {target['predicted_cycles']['median']:,.0f} cycles per "
                        f"call predicted (band ±{target['band_pct']:.0f} %), "
                        f"{target['naive_renode_cycles']:,.0f} naive; {target['calls']} call(s)")
        return self.known[function]

    @keyword("Predicted Cycles Of")
    def predicted_cycles_of(self, function: str, *budget: str) -> float:
        """The median predicted hardware cycles per call of `function`; with
        `Should Be Below  N` (and `With Band`) it fails when they are not below the budget:

        | ${cycles}=    Predicted Cycles Of    verify_signature
        | Predicted Cycles Of  verify_signature  Should Be Below  1200000
        | Predicted Cycles Of  verify_signature  Should Be Below  1200000  With Band
        """
        target = self._predict(function)
        cycles = float(target["predicted_cycles"]["median"])
        if not budget:
            return cycles
        if budget[0].lower() != "should be below" or len(budget) not in (2, 3) or (
                len(budget) == 3 and budget[2].lower() != "with band"):
            raise ValueError("usage: Predicted Cycles Of  FUNCTION  [Should Be Below  N  "
                             f"[With Band]], not {' '.join(budget)!r}")
        limit = float(budget[1])
        if len(budget) == 3:
            high = cycles * (1 + target["band_pct"] / 100)
            if high >= limit:
                raise AssertionError(f"{function}: up to {high:,.0f} predicted cycles per call "
                                     f"(band ±{target['band_pct']:.0f} %), not below the budget "
                                     f"of {limit:,.0f}")
        elif cycles >= limit:
            raise AssertionError(f"{function}: {cycles:,.0f} predicted cycles per call, not "
                                 f"below the budget of {limit:,.0f}")
        return cycles
