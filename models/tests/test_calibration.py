"""Calibration on synthetic data: measurements generated from known parameter values must be
recovered within tolerance, and the one-cell rule must hold."""
from __future__ import annotations

import pytest

from models.calibration import fit
from models.calibration.published import Measurement
from models.matrix import Case, all_params
from models.params import defaults


def synthetic_cells(truth: dict[str, float]) -> list[fit.Cell]:
    """Profiles with different mixes on rt1060 (M7), measured with `truth` as the hardware."""
    mixes = [
        {"alu": 9000, "ldr_word": 1000, "str_word": 500, "b_cond": 300},
        {"alu": 3000, "ldr_word": 4000, "str_word": 800, "b_cond": 200},
        {"alu": 5000, "ldr_word": 900, "str_word": 3500, "b_cond": 100},
        {"alu": 4000, "ldr_word": 1200, "str_word": 600, "b_cond": 2500},
        {"alu": 7000, "ldr_word": 2500, "str_word": 1500, "b_cond": 900},
        {"alu": 2000, "ldr_word": 600, "str_word": 400, "b_cond": 1200},
    ]
    cells = []
    for i, mix in enumerate(mixes):
        case = Case("rt1060", "mbedtls", "sw", "high-speed", "bench", f"synthetic{i}", 0, 1024, 1,
                    mix, {".text": "ITCM", ".data": "DTCM"}, None)
        measured = fit.value_in("cycles", case, 0.0 + fit.cycles_per_call(case, truth))
        m = Measurement(f"synthetic-{i}", "rt1060", "mbedtls", case.algorithm, 0, "sw",
                        "high-speed", 1024, "cycles", measured, "cycles", "high-speed", "")
        cells.append(fit.Cell(m, case))
    return cells


def m7_fittable(params: list, prior: float = 10.0) -> list:
    """The parameters with the M7's core costs made fittable: the machinery is the same for any
    parameter (the project's core costs come from the TRMs and are not fitted to the tables)."""
    return [p if not p.name.startswith("m7.") else
            type(p)(p.name, p.default, p.unit, p.meaning, p.source, True, prior, p.bounds)
            for p in params]


def test_known_parameters_are_recovered():
    params = all_params()
    truth = defaults(params)
    truth.update({"m7.alu_cpi": 0.6, "m7.load_cycles": 1.4, "m7.store_cycles": 0.9,
                  "m7.branch_cycles": 3.0})
    cells = synthetic_cells(truth)
    # The rows are measurements of the profiled binaries (no published build): no compiler
    # transfer applies, so the four CPIs are identifiable.
    result = fit.fit(cells, m7_fittable(params))
    for name in ("m7.alu_cpi", "m7.load_cycles", "m7.store_cycles", "m7.branch_cycles"):
        assert result.values[name] == pytest.approx(truth[name], rel=0.03), name
    errors = [fit.error_pct(fit.predict(c, result.values), c.measurement.value) for c in cells]
    assert max(abs(e) for e in errors) < 1.0


def test_parameter_with_one_dependent_cell_is_not_fitted():
    params = m7_fittable(all_params(), prior=0.5)
    cells = synthetic_cells(defaults(params))[:1]
    result = fit.fit(cells, params)
    assert result.fitted == []
    assert "m7.alu_cpi" in result.frozen


def test_bounded_parameter_stays_inside_its_source_range():
    params = all_params()
    truth = defaults(params)
    truth["m7.load_cycles"] = 2.5  # what the data would pull it to
    cells = synthetic_cells(truth)
    wide = [type(p)(p.name, p.default, p.unit, p.meaning, p.source,
                    p.fit or p.name.startswith("m7."), 10.0,
                    (0.5, 1.5) if p.name == "m7.load_cycles" else p.bounds) for p in params]
    result = fit.fit(cells, wide)
    assert "m7.load_cycles" in result.fitted
    assert 0.5 <= result.values["m7.load_cycles"] <= 1.5
    assert result.values["m7.load_cycles"] == pytest.approx(1.5, rel=0.01)


def test_leave_one_out_leaves_a_twin_of_the_same_code_out_too():
    # A row measured at twice what the hardware model gives, and its twin: a second published row
    # of the same code (a hw build's software fallback). Left out together, the cell is predicted
    # by the other cells alone, at the truth: -50 %. With its twin in the fit it would be pulled
    # towards its own figure.
    truth = defaults(all_params())
    cells = synthetic_cells(truth)
    first = cells[0].case
    odd = fit.Cell(Measurement("odd-sw", "rt1060", "mbedtls", first.algorithm, 0, "sw",
                               "high-speed", 1024, "cycles", 2 * cells[0].measurement.value,
                               "cycles", "high-speed", ""), first)
    twin_case = Case(first.board, first.library, "hw", first.opt, first.app, first.algorithm,
                     first.key_bits, first.buffer_bytes, 1, first.classes, first.placement, None)
    twin = fit.Cell(Measurement("odd-hw", "rt1060", "mbedtls", first.algorithm, 0, "hw",
                                "high-speed", 1024, "cycles", 2 * cells[0].measurement.value,
                                "cycles", "high-speed", ""), twin_case)
    assert twin_case.model == "core" and fit.same_code(twin) == fit.same_code(odd)
    validation = fit.validate([odd, twin, *cells[1:]], all_params())
    assert validation.loo["odd-sw"] == pytest.approx(-50.0, abs=2.0)
    assert validation.loo["odd-hw"] == pytest.approx(-50.0, abs=2.0)


def test_a_reference_build_prices_its_published_row_and_only_that_row():
    def case(algorithm: str, alu: float, reference: str | None = None) -> Case:
        return Case("stm32f407", "mbedtls", "sw", "high-speed", "ecdsa", algorithm, 256, 0, 1,
                    {"alu": alu}, {".text": "FLASH", ".data": "SRAM"}, None, reference=reference)

    def row(algorithm: str) -> Measurement:
        return Measurement(f"stm32f407-{algorithm}", "stm32f407", "mbedtls", algorithm, 256, "sw",
                           "high-speed", 0, "cycles", 1000.0, "cycles", "unknown", "")

    matrix = [case("ecdsa-sign", 100.0), case("ecdsa-genkey", 200.0)]
    reference = [case("ecdsa-sign", 300.0, "mbedtls_config_reference_stm32f407.h")]
    cells, missing = fit.build_cells(matrix, [row("ecdsa-sign"), row("ecdsa-genkey")], reference)
    assert not missing
    by_id = {c.id: c.case for c in cells}
    assert by_id["stm32f407-ecdsa-sign"].classes == {"alu": 300.0}
    assert by_id["stm32f407-ecdsa-sign"].reference == "mbedtls_config_reference_stm32f407.h"
    assert by_id["stm32f407-ecdsa-genkey"].classes == {"alu": 200.0}
    assert by_id["stm32f407-ecdsa-genkey"].reference is None


def test_leave_one_out_names_the_parameters_its_fit_keeps_at_default():
    # Two DCP SHA-1 rows (both opts) are the only cells of the DCP's parameters: the full fit
    # moves them, each one's leave-one-out fit cannot. (glue.none_factor has only the -O0 row:
    # never fitted.) The software cells share the core's parameters, which stay free without
    # any one of them.
    params = all_params()
    truth = defaults(params)
    truth["dcp.sha1_block_cycles"] = 2 * truth["dcp.sha1_block_cycles"]
    cells = synthetic_cells(truth)
    for opt in ("none", "high-speed"):
        case = Case("rt1060", "mbedtls", "hw", opt, "bench", "sha1", 0, 1024, 1, {}, {}, None)
        cycles = fit.cycles_per_call(case, truth)
        cells.append(fit.Cell(Measurement(f"dcp-{opt}", "rt1060", "mbedtls", "sha1", 0, "hw", opt,
                                          1024, "cycles", cycles, "cycles", opt, ""), case))
    validation = fit.validate(cells, params)
    assert "dcp.sha1_block_cycles" in validation.full.fitted
    accelerator = {"dcp.setup_cycles", "dcp.sha1_block_cycles", "dcp.hash_glue_cycles"}
    assert accelerator <= set(validation.full.fitted)
    assert set(validation.loo_frozen["dcp-none"]) == accelerator
    assert set(validation.loo_frozen["dcp-high-speed"]) == accelerator
    assert validation.loo_frozen["synthetic-0"] == []
    # each DCP row's leave-one-out fit keeps the block time at its default; the other row's fit
    # and the full fit recover the doubled value, so the range runs from the default to it
    low, high = validation.loo_range("dcp.sha1_block_cycles")
    assert low == pytest.approx(defaults(params)["dcp.sha1_block_cycles"])
    assert high == pytest.approx(truth["dcp.sha1_block_cycles"], rel=0.05)


def test_report_names_a_fitted_value_pressed_onto_its_bound():
    from models.params import Param
    from models.report import _bound_reached
    p = Param("x.cpi", 0.75, "cycles", "", "", fit=True, bounds=(0.5, 1.0))
    assert _bound_reached(p, 0.5) == "lower"
    assert _bound_reached(p, 1.0) == "upper"
    assert _bound_reached(p, 0.6) is None
    assert _bound_reached(Param("y", 1.0, "", "", ""), 1.0) is None


def test_a_row_faster_than_its_core_can_run_our_instructions_is_not_fitted():
    def cell(board: str, instructions: float, metric: str, value: float,
             path: str = "sw") -> fit.Cell:
        case = Case(board, "mbedtls", path, "high-speed", "ecdsa", "ecdsa-init", 256, 1024, 1,
                    {"alu": instructions - 10.0, "it": 10.0}, {}, None)
        return fit.Cell(Measurement(f"{board}-{metric}-{value}", board, "mbedtls", "ecdsa-init",
                                    256, path, "high-speed", 1024, metric, value, metric,
                                    "unknown", ""), case)

    # Cortex-M4: one cycle per instruction, a folded IT none: the floor of 1,000 is 990 cycles.
    assert fit.floor_value(cell("stm32f407", 1000.0, "cycles", 1.0)) == 990.0
    too_fast = cell("stm32f407", 1000.0, "cycles", 989.0)
    possible = cell("stm32f407", 1000.0, "cycles", 991.0)
    # Cortex-M7 (600 MHz): two instructions per cycle; 1,024 bytes in 500 cycles is 1.2 M KiB/s.
    m7_too_fast = cell("rt1060", 1000.0, "throughput", 1.3e6)
    m7_possible = cell("rt1060", 1000.0, "throughput", 1.1e6)
    fitted, apart = fit.split_beyond_floor([too_fast, possible, m7_too_fast, m7_possible])
    assert [c.id for c in apart] == [too_fast.id, m7_too_fast.id]
    assert [c.id for c in fitted] == [possible.id, m7_possible.id]


def test_the_floor_leaves_accelerator_cells_to_their_engine_model():
    case = Case("rt1060", "mbedtls", "hw", "high-speed", "bench", "sha256", 0, 1024, 1,
                {"alu": 1.0e6}, {}, None)
    assert case.model != "core"
    row = Measurement("dcp-fast", "rt1060", "mbedtls", "sha256", 0, "hw", "high-speed", 1024,
                      "cycles", 1.0, "cycles", "high-speed", "")
    assert not fit.beyond_floor(fit.Cell(row, case))


def test_only_measurements_of_the_profiled_binary_fit_a_core_timing():
    # The same synthetic cells, measured at a doubled taken-branch cost: as published IAR rows
    # they cannot move m7.taken_branch_cycles (their compiler's transfer takes the difference);
    # as measurements of the profiled binaries (an unknown toolchain: builds.AS_RUN) they do.
    from dataclasses import replace
    params = all_params()
    truth = defaults(params)
    truth["m7.taken_branch_cycles"] = 2.0
    cells = []
    for i, cell in enumerate(synthetic_cells(defaults(params))):
        schedule = {"issue_cycles": 1000.0 + 100 * i, "taken_branches": 200.0 + 80 * i}
        case = replace(cell.case, schedule=schedule, sums=None)
        measured = fit.cycles_per_call(case, truth)
        cells.append((case, measured))

    def as_cells(toolchain: str) -> list[fit.Cell]:
        return [fit.Cell(Measurement(f"{toolchain}-{i}", "rt1060", "mbedtls", case.algorithm, 0,
                                     "sw", "high-speed", 1024, "cycles", measured, "cycles",
                                     "high-speed", "", toolchain), case)
                for i, (case, measured) in enumerate(cells)]

    published = fit.fit(as_cells("IAR 9.10"), params)
    assert "m7.taken_branch_cycles" not in published.fitted
    assert published.values["m7.taken_branch_cycles"] == 1.0
    own = fit.fit(as_cells("gcc 12.2"), params)
    assert "m7.taken_branch_cycles" in own.fitted
    assert own.values["m7.taken_branch_cycles"] == pytest.approx(2.0, rel=0.05)
