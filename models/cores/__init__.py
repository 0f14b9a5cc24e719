"""Per-core cost models: Cortex-M0+, Cortex-M4, Cortex-M7."""
from __future__ import annotations

from models.cores.base import CoreModel, Memory
from models.cores.cortex_m0plus import CortexM0Plus
from models.cores.cortex_m4 import CortexM4
from models.cores.cortex_m7 import CortexM7

CORES: dict[str, CoreModel] = {"m0plus": CortexM0Plus(), "m4": CortexM4(), "m7": CortexM7()}

__all__ = ["CORES", "CoreModel", "Memory"]
