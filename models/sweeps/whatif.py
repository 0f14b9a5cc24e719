"""`kind: hardware` points: re-cost the stored profiles (models/profiles/data) with other hardware.

No Renode: the instruction classes Renode counted for each firmware region stay as they are;
the cycle models price them again with the point's hardware. Parameters start from the
calibrated values (the same fit as `make report`) and the point overrides:

  core_clock_hz   the core clock. Core cycles do not change; time does. Accelerator engine time
                  is fixed in seconds by the accelerator's own clock, so at another core clock it
                  costs other core cycles; the CPU-side glue stays in core cycles.
  accel_clock_hz  the accelerator's clock; its nominal value is `clock_hz` in
                  models/accelerators/<name>_defaults.yaml (engine time scales by nominal/new).
  placement       `flash` puts code and constants in flash (`linked`: where link.ld puts them).
  wait_states     flash wait states per fetch for code in flash (default: the board's, 0 on the
  cache_hit       TCM boards) and the flash cache hit ratio (default: the board's).
  i2c_hz          the ATECC508A bus clock (parameter atecc508a.i2c_hz).
  <model param>   any parameter of `python -m models params`, e.g. dcp.setup_cycles.

Rows: one per bench algorithm / ecdsa phase of the selected profile, figures PREDICTED.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from models import boards, matrix
from models.accelerators import ACCELERATORS
from models.cores.base import Memory
from models.matrix import Case
from models.params import Values
from models.sweeps.cache import TOP, content_hash, point_json
from models.sweeps.runner import Task
from models.sweeps.schema import HARDWARE_KEYS, Sweep

ACCEL_DIR = TOP / "models" / "accelerators"


@functools.lru_cache(maxsize=None)
def nominal_accel_clock(name: str) -> float | None:
    """clock_hz of models/accelerators/<name>_defaults.yaml (the block engines); None for the
    ATECC508A, whose time is in milliseconds and bus bit times."""
    source = ACCEL_DIR / f"{name}_defaults.yaml"
    if not source.exists():
        return None
    return float(yaml.safe_load(source.read_text())["clock_hz"])


@functools.lru_cache(maxsize=1)
def state() -> tuple[dict[tuple, list[Case]], Values]:
    """Cases of the stored profiles by (board, library, path, opt, app), and calibrated values.
    Computed once per process (workers forked after prepare() inherit it)."""
    from models.calibration import fit, published, reference
    from models.matrix import all_params, matrix_cases
    from models.profiles import store
    profiles = store.load_all()
    if not profiles:
        raise RuntimeError(f"no stored profiles under {store.DATA}; run `make profiles`")
    cases = matrix_cases(profiles)
    cells, _ = fit.build_cells(cases, published.load(), reference.cases())
    values = fit.fit(cells, all_params()).values
    by_image: dict[tuple, list[Case]] = {}
    for case in cases:
        by_image.setdefault((case.board, case.library, case.path, case.opt, case.app), []).append(case)
    return by_image, values


def fingerprint() -> str:
    """What a hardware point's result depends on besides the point: the stored profiles, the
    published measurements and the model code."""
    from models.profiles import store
    files = store.files(store.MATRIX) + store.files(store.REFERENCES)
    files += sorted((TOP / "models" / "data").glob("*.csv"))
    for sub in ("cores", "accelerators", "calibration"):
        files += sorted((TOP / "models" / sub).glob("*.*"))
    files += [TOP / "models" / name for name in ("boards.py", "matrix.py", "params.py")]
    files += [Path(__file__)]
    return content_hash(*(f.read_bytes() for f in files if f.is_file()))


def memory_for(board: boards.Board, placement: dict[str, str], point: dict[str, Any],
               values: Values) -> Memory:
    base = boards.memory(board, placement, values)
    in_flash = (placement.get(".text", "") in board.flash_memories
                or point.get("placement") == "flash")
    if not in_flash:
        return base
    default_ws = values.get(f"{board.id}.flash_wait_states", 0.0)
    default_hit = values["samd21.nvm_cache_hit"] if board.id == "samd21" else 0.0
    ws = float(point.get("wait_states", default_ws))
    hit = float(point.get("cache_hit", default_hit))
    return Memory(code_wait_states=ws, const_wait_states=ws * (1.0 - hit), fetch_hit_ratio=hit,
                  data_wait_states=base.data_wait_states)


def accelerator_cycles(case: Case, board: boards.Board, clock: float, point: dict[str, Any],
                       values: Values) -> float:
    name = case.model
    accel = ACCELERATORS[name]
    nominal = nominal_accel_clock(name)
    if nominal is None:  # ATECC508A: milliseconds of bus and device time
        return accel.cycles(case.algorithm, case.key_bits, case.buffer_bytes, case.opt, clock,
                            values)
    total = accel.cycles(case.algorithm, case.key_bits, case.buffer_bytes, case.opt,
                         board.clock_hz, values)
    no_glue = dict(values)
    no_glue[f"{name}.hash_glue_cycles"] = 0.0
    no_glue[f"{name}.cipher_glue_cycles"] = 0.0
    engine = accel.cycles(case.algorithm, case.key_bits, case.buffer_bytes, case.opt,
                          board.clock_hz, no_glue)
    glue = total - engine
    engine_seconds = engine / board.clock_hz * nominal / float(point.get("accel_clock_hz", nominal))
    return glue + engine_seconds * clock


def core_cycles(case: Case, board: boards.Board, point: dict[str, Any], values: Values) -> float:
    """One call's CPU instructions of a stored profile through the core model at the point's
    memory timing."""
    return matrix.core_cycles(case, values, memory_for(board, case.placement, point, values))


def recorded_call_cycles(case: Case, clock: float, point: dict[str, Any], values: Values) -> float:
    """Busy time, in core cycles at `clock`, of the accelerator calls a hw-path profile recorded,
    with the point's accelerator clock when it sets one."""
    scaled = dict(values)
    clock_key = f"{case.model}.clock_hz"
    if "accel_clock_hz" in point and clock_key in scaled:
        scaled[clock_key] = float(point["accel_clock_hz"])
    return ACCELERATORS[case.model].call_cycles(case.calls, case.opt, clock, scaled)


def recorded_work_cycles(case: Case, clock: float, point: dict[str, Any], values: Values
                         ) -> float:
    """Busy time, in core cycles at `clock`, of the engine work a hw-path profile recorded: its
    time at the board's clock, and at the point's accelerator clock when it sets one (as
    accelerator_cycles does)."""
    board = boards.BOARDS[case.board]
    busy = ACCELERATORS[case.model].work_cycles(case.engine, board.clock_hz, values)
    nominal = nominal_accel_clock(case.model)
    seconds = busy / board.clock_hz
    if nominal is not None:
        seconds *= nominal / float(point.get("accel_clock_hz", nominal))
    return seconds * clock


def sig(value: float) -> float:
    """Seven significant digits: the CSV stays readable, the models are not that exact anyway."""
    return float(f"{value:.7g}")


def recost(point: dict[str, Any], by_image: dict[tuple, list[Case]],
           calibrated: Values) -> list[dict[str, Any]]:
    board = boards.BOARDS[point["board"]]
    clock = float(point.get("core_clock_hz", board.clock_hz))
    values = dict(calibrated)
    values.update({k: float(v) for k, v in point.items() if "." in k})
    if "i2c_hz" in point:
        values["atecc508a.i2c_hz"] = float(point["i2c_hz"])
    key = (point["board"], point["library"], point["path"], point["opt"], point["app"])
    cases = by_image.get(key)
    if not cases:
        raise RuntimeError(f"no stored profile for {'/'.join(key)}")
    rows = []
    for case in cases:
        if case.model == "core":
            cycles = core_cycles(case, board, point, values)
        elif case.engine:
            # The engine's recorded work, as models/matrix.py prices it for the report.
            cycles = (core_cycles(case, board, point, values)
                      + recorded_work_cycles(case, clock, point, values) / case.iterations)
        elif case.calls:
            # A hw-path profile recorded this phase's accelerator calls: its CPU side through the
            # core model plus the calls' busy time, as models/matrix.py prices it for the report.
            cycles = (core_cycles(case, board, point, values)
                      + recorded_call_cycles(case, clock, point, values) / case.iterations)
        else:
            cycles = accelerator_cycles(case, board, clock, point, values)
        size = case.buffer_bytes
        rows.append({
            "algorithm": case.algorithm, "key_bits": case.key_bits, "buffer_bytes_run": size,
            "model": case.model, "clock_hz": clock,
            "cycles_per_call": sig(cycles), "time_us": sig(cycles / clock * 1e6),
            "cycles_per_byte": sig(cycles / size) if size else "",
            "kib_per_s": sig(size * clock / cycles / 1024.0) if size else "",
            "figures": "predicted",
        })
    return rows


def execute(payload: dict[str, Any], timeout: float) -> list[dict[str, Any]]:
    by_image, values = state()
    return recost(payload["point"], by_image, values)


def label_of(point: dict[str, Any]) -> str:
    defaults = {k: spec.default for k, spec in HARDWARE_KEYS.items()}
    extra = " ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                     for k, v in point.items()
                     if k not in ("board", "library", "path", "opt", "app") and v != defaults.get(k))
    return f"{point['board']} {point['library']} {point['path']} {point['opt']} {extra}".strip()


def prepare(sweep: Sweep, points: list[dict[str, Any]], directory: Path) -> list[Task]:
    by_image, _ = state()  # load before the workers fork; fails early without profiles
    for p in points:
        key = (p["board"], p["library"], p["path"], p["opt"], p["app"])
        if key not in by_image:
            raise RuntimeError(f"{sweep.file}: no stored profile for {'/'.join(key)} "
                               f"(models/profiles/data)")
    base = fingerprint()
    return [Task(i, p, content_hash("hardware", base, point_json(p)), label_of(p),
                 {"point": p}, execute) for i, p in enumerate(points)]
