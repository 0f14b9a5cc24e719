"""Hardware what-if re-costing on hand-written micro profiles, against figures worked out by hand
from the model equations (models/cores/cortex_m7.py, models/accelerators/base.py)."""
from __future__ import annotations

import pytest

from models.matrix import all_params, cases_from_profile
from models.params import defaults
from models.sweeps import whatif

# One region: 1000 ALU, 200 word loads, 100 word stores, 50 branches; 1 KiB per call, one call.
MICRO = {
    "board": "rt1060", "library": "mbedtls", "path": "sw", "opt": "high-speed", "app": "bench",
    "placement": {".text": "ITCM", ".rodata": "ITCM", ".data": "DTCM", ".bss": "DTCM"},
    "regions": [{"result": {"algorithm": "sha256", "key_bits": 0, "buffer_bytes": 1024,
                            "iterations": 1, "cycles": 1350},
                 "classes": {"alu": 1000, "ldr_word": 200, "str_word": 100, "b": 50},
                 "instructions": 1350}],
}
POINT = {"board": "rt1060", "library": "mbedtls", "path": "sw", "opt": "high-speed", "app": "bench"}


@pytest.fixture
def values():
    v = defaults(all_params())
    v.update({"m7.alu_cpi": 0.5, "m7.load_cycles": 1.0, "m7.store_cycles": 1.0,
              "m7.branch_cycles": 2.0, "toolchain.high_speed_ratio": 1.0,
              "dcp.hash_glue_cycles": 1000.0, "dcp.setup_cycles": 400.0,
              "dcp.sha256_block_cycles": 280.0})
    return v


def images(path="sw"):
    return {("rt1060", "mbedtls", path, "high-speed", "bench"): cases_from_profile(MICRO, path=path)}


def test_software_cycles_and_time_at_the_board_clock(values):
    [row] = whatif.recost(POINT, images(), values)
    # 0.5 x 1000 + 1 x 200 + 1 x 100 + 2 x 50 = 900 cycles at 600 MHz
    assert row["model"] == "core"
    assert row["cycles_per_call"] == pytest.approx(900.0)
    assert row["time_us"] == pytest.approx(1.5)
    assert row["kib_per_s"] == pytest.approx(1024 * 600e6 / 900 / 1024, rel=1e-6)


def test_a_faster_core_clock_keeps_core_cycles_and_halves_time(values):
    [row] = whatif.recost(dict(POINT, core_clock_hz=1.2e9), images(), values)
    assert row["cycles_per_call"] == pytest.approx(900.0)
    assert row["time_us"] == pytest.approx(0.75)


def test_code_in_flash_pays_wait_states_on_cache_misses(values):
    point = dict(POINT, placement="flash", wait_states=2.0, cache_hit=0.5)
    [row] = whatif.recost(point, images(), values)
    # + 2 wait states x (1 - 0.5) missed fetches x 1350 instructions = 1350
    assert row["cycles_per_call"] == pytest.approx(900.0 + 1350.0)


def test_a_model_parameter_is_an_axis(values):
    [row] = whatif.recost(dict(POINT, **{"m7.alu_cpi": 1.0}), images(), values)
    assert row["cycles_per_call"] == pytest.approx(1400.0)


def test_accelerator_engine_time_is_fixed_by_its_own_clock(values):
    point = dict(POINT, path="hw")
    [nominal] = whatif.recost(point, images("hw"), values)
    # DCP: glue 1000 + setup 400 + ceil((1024 + 9) / 64) = 17 blocks x 280 = 6160 at 600 MHz
    assert nominal["model"] == "dcp"
    assert nominal["cycles_per_call"] == pytest.approx(6160.0)
    assert whatif.nominal_accel_clock("dcp") == 600e6
    [fast_core] = whatif.recost(dict(point, core_clock_hz=1.2e9), images("hw"), values)
    # the engine's 5160 cycles of 600 MHz are 10320 core cycles at 1.2 GHz; the glue stays 1000
    assert fast_core["cycles_per_call"] == pytest.approx(1000.0 + 10320.0)
    [both] = whatif.recost(dict(point, core_clock_hz=1.2e9, accel_clock_hz=1.2e9), images("hw"),
                           values)
    assert both["cycles_per_call"] == pytest.approx(6160.0)
    assert both["time_us"] == pytest.approx(6160.0 / 1.2e9 * 1e6)


def test_a_missing_profile_is_an_error(values):
    with pytest.raises(RuntimeError, match="no stored profile for rt1060/wolfcrypt"):
        whatif.recost(dict(POINT, library="wolfcrypt"), images(), values)


def test_recorded_accelerator_calls_are_priced_as_in_the_report():
    """A hw-path ECDSA phase with recorded PKHA calls: the default what-if point must give the
    report's figure (CPU side through the core model plus the calls' busy time), and halving the
    CAAM clock must add exactly the PKHA engine time once more."""
    from models.matrix import cycles_per_call
    by_image, calibrated = whatif.state()
    key = ("rt1170", "mbedtls", "hw", "high-speed", "ecdsa")
    cases = [c for c in by_image[key] if c.algorithm == "ecdsa-sign"]
    assert cases and cases[0].calls, "the stored rt1170 hw ecdsa profile must record PKHA calls"
    case = cases[0]
    point = dict(zip(("board", "library", "path", "opt", "app"), key))
    [row] = [r for r in whatif.recost(point, {key: [case]}, calibrated)]
    assert row["cycles_per_call"] == pytest.approx(cycles_per_call(case, calibrated), rel=1e-6)
    slow = dict(point, accel_clock_hz=calibrated["caam.clock_hz"] / 2)
    [slow_row] = whatif.recost(slow, {key: [case]}, calibrated)
    from models.accelerators.caam import PKHA_OPERATIONS
    engine = sum(n * calibrated[f"caam.pkha_{PKHA_OPERATIONS[call]}_cycles"]
                 for call, n in case.calls.items())
    extra = engine * 996e6 / calibrated["caam.clock_hz"] / case.iterations
    assert slow_row["cycles_per_call"] - row["cycles_per_call"] == pytest.approx(extra, rel=1e-3)
