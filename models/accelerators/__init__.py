"""Accelerator latency models: NXP DCP (RT1060), NXP CAAM (RT1170), Microchip ATECC508A (SAMD21).

Each exposes: params(), handles(algorithm, key_bits) and cycles(...) for one library call. Where an
accelerator cannot do an algorithm the `hw` build falls back to software, exactly as the vendor
ports do, and the software cost model applies.
"""
from __future__ import annotations

from models.accelerators.atecc508a import Atecc508a
from models.accelerators.base import Accelerator, glue_params
from models.accelerators.caam import Caam
from models.accelerators.dcp import Dcp

ACCELERATORS: dict[str, Accelerator] = {"dcp": Dcp(), "caam": Caam(), "atecc508a": Atecc508a()}

__all__ = ["ACCELERATORS", "Accelerator", "glue_params"]
