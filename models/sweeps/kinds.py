"""The kinds of sweep point, the module that prepares and executes each, and run(): a sweep run
by the runner with its kind's prepare. The kinds are registered here, above the runner, which
knows none of them (runner.py)."""
from __future__ import annotations

from types import ModuleType
from typing import Any

from models.sweeps import firmware, runner, selftest, whatif
from models.sweeps.schema import Sweep

KINDS: dict[str, ModuleType] = {"firmware": firmware, "hardware": whatif, "sleep": selftest}


def run(sweep: Sweep, **options: Any) -> runner.Summary:
    """runner.run on `sweep` with the prepare of its kind; `options` as runner.run takes them."""
    return runner.run(sweep, KINDS[sweep.kind].prepare, **options)
