"""Embench IoT 2.0's published STM32F407 figures, read from models/data/validation-published.csv.

The file holds Embench's milliseconds per benchmark as published (baseline-data/speed.json); its
header says where they come from. Embench's runner turns the DWT cycle count into milliseconds
as cycles / cpu_mhz / 1000 (pylib/run_stm32f4-discovery.py, run with --cpu-mhz 16), so the
cycles are ms x core MHz x 1000: ms x 16,000 here.

Never read by the calibration (models/tests/test_validation.py checks it): these figures judge
the calibrated models, they do not shape them.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "validation-published.csv"


def ms_to_cycles(ms: float, core_mhz: float) -> float:
    """Core cycles of a figure Embench printed in milliseconds (the inverse of its runner's
    cycles / cpu_mhz / 1000)."""
    return ms * core_mhz * 1000.0


@dataclass(frozen=True)
class Published:
    id: str
    benchmark: str     # the directory name under Embench's src/
    ms: float          # as published, at `gsf`
    gsf: int           # Embench's global scale factor of the published run
    core_mhz: float
    toolchain: str

    @property
    def cycles(self) -> float:
        return ms_to_cycles(self.ms, self.core_mhz)

    def cycles_at(self, gsf: int) -> float:
        """The published cycles for a run of `gsf` instead: each benchmark repeats its whole body
        LOCAL_SCALE_FACTOR x GLOBAL_SCALE_FACTOR times in the timed region (profile.py says why
        that scales)."""
        return self.cycles * gsf / self.gsf


def load(source: Path = DATA) -> list[Published]:
    lines = [line for line in source.read_text().splitlines() if not line.startswith("#")]
    rows = []
    for row in csv.DictReader(lines):
        if row["metric"] != "time" or row["unit"] != "ms":
            raise ValueError(f"{source}: row {row['id']}: metric 'time' in 'ms' expected, got "
                             f"{row['metric']!r} in {row['unit']!r}")
        rows.append(Published(id=row["id"], benchmark=row["benchmark"], ms=float(row["value"]),
                              gsf=int(row["gsf"]), core_mhz=float(row["core_mhz"]),
                              toolchain=row["toolchain"]))
    return rows
