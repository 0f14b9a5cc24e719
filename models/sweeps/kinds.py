"""The kinds of sweep point and the module that prepares and executes each."""
from __future__ import annotations

from types import ModuleType

from models.sweeps import firmware, selftest, whatif

KINDS: dict[str, ModuleType] = {"firmware": firmware, "hardware": whatif, "sleep": selftest}
