"""`kind: firmware` points: build the image with the point's settings, run it in Renode.

prepare() builds every variant the sweep needs (firmware/Makefile with FW_OUT=build/sweeps/fw/
<variant>, so the matrix images in build/fw stay as they are), one make call per variant, and
hashes each point as ELF + platform (board .repl/.resc, SoC files, peripheral models) + point.
execute() runs the ELF in Renode through tools/run_firmware.py and returns its @result lines:
the SIMULATED figures (one counter cycle per executed instruction plus modelled accelerator time,
columns cycles_per_call, cycles_per_byte, kib_per_s with figures=simulated). It then profiles the
same ELF (models/profiles/collect.py: opcode counters, the Cortex-M7 -O3 issue schedule) and prices
the profile with the calibrated models as `make report` does (models/sweeps/whatif.py recost):
the PREDICTED hardware figures, columns predicted_cycles_per_call, predicted_cycles_per_byte,
predicted_kib_per_s, with band_pct, the model's leave-one-out error (models/pipeline.py
band_pct), and model.
A point's hash includes the models' inputs (whatif.fingerprint), so a refit re-prices it. What
Renode measured does not depend on the models: the console log of a point is kept under runs/
by the hash of ELF + platform + point alone, its profile by that hash and the profiler's code
(profiler_hash; a finished log ends in @exit, the profile is written whole or not at all), so a
refit re-prices the stored profiles in seconds instead of running the firmware again.

Run a firmware sweep under the shared Renode lock: `flock /tmp/renode.lock python -m models
sweep ...` (the runner itself does not take it, so that one lock holder may run -j2).
"""
from __future__ import annotations

import fcntl
import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from models.sweeps.cache import TOP, content_hash, point_json, write_atomic
from models.sweeps.runner import Task
from models.sweeps.schema import Sweep

FW_ROOT = TOP / "build" / "sweeps" / "fw"
BUILD_LOCK = TOP / "build" / "sweeps" / ".build.lock"
ACCELERATED = {"rt1060": "DCP", "rt1170": "CAAM"}  # boards whose driver has dispatch modes


class BuildError(RuntimeError):
    """A variant did not build; str() is one line naming it (make's output is in the log)."""


def variant_of(point: dict[str, Any]) -> str:
    return (f"b{point['buffer_bytes']}-i{point['iterations']}-{point['dispatch']}"
            f"-p{point['packet_bytes']}")


def make_modes(point: dict[str, Any]) -> list[str]:
    """Driver mode variables for firmware/boards/<board>/hw.mk (DCP_MODES, CAAM_MODES)."""
    at_once = point["dispatch"] == "all-at-once"
    packet = point["packet_bytes"]
    if point["board"] == "rt1060":
        flags = [f"-DDCP_DISPATCH_CHAINED={int(at_once)}"]
        flags += [f"-DDCP_MAX_PACKET_BYTES={packet}u"] if packet else []
        return [f"DCP_MODES={' '.join(flags)}"]
    if point["board"] == "rt1170":
        flags = [f"-DCAAM_DISPATCH_QUEUED={int(at_once)}"]
        flags += [f"-DCAAM_CHUNK_BYTES={packet}u"] if packet else []
        return [f"CAAM_MODES={' '.join(flags)}"]
    return []


def platform_files(board: str) -> list[Path]:
    # The board's script and every script it may include (boot ROM, vector table, PPB, ...).
    files = sorted((TOP / "platforms" / "scripts").glob("*.resc"))
    files += [TOP / "platforms" / "boards" / f"{board}.repl"]
    files += sorted((TOP / "platforms" / "socs").glob("*.repl"))
    # The models, split ones included (peripherals/<model>/*.cs and the .resc that lists them).
    files += sorted(f for f in (TOP / "peripherals").rglob("*") if f.suffix in (".cs", ".resc"))
    return [f for f in files if f.exists()]


def platform_hash(board: str) -> str:
    return content_hash(*(f.read_bytes() for f in platform_files(board)))


def build(points: list[dict[str, Any]], log: Path) -> None:
    """One make call per (variant, board, library, opt, app), for the paths the sweep needs."""
    groups: dict[tuple, set[str]] = {}
    for p in points:
        if p["board"] not in ACCELERATED and (p["dispatch"] != "one-at-a-time" or p["packet_bytes"]):
            raise BuildError(f"dispatch/packet_bytes apply to {', '.join(ACCELERATED)} only, "
                             f"not {p['board']}")
        groups.setdefault((variant_of(p), p["board"], p["library"], p["opt"], p["app"],
                           p["buffer_bytes"], p["iterations"], tuple(make_modes(p))),
                          set()).add(p["path"])
    log.parent.mkdir(parents=True, exist_ok=True)
    BUILD_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(BUILD_LOCK, "w") as lock, open(log, "a") as out:
        fcntl.flock(lock, fcntl.LOCK_EX)  # variants share the library archives
        for (variant, board, library, opt, app, size, iterations, modes), paths in groups.items():
            command = ["make", "--no-print-directory", "-C", str(TOP / "firmware"), "-j2",
                       f"BOARDS={board}", f"LIBRARIES={library}", f"OPTS={opt}",
                       f"PATHS={' '.join(sorted(paths))}", f"APPS={app}",
                       f"FW_OUT={FW_ROOT / variant}", f"BENCH_BUFFER_BYTES={size}",
                       f"BENCH_ITERATIONS={iterations}", *modes, "elfs"]
            out.write("$ " + " ".join(command) + "\n")
            out.flush()
            result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT)
            if result.returncode != 0:
                raise BuildError(f"building {board} {library} {opt} {variant} failed (see {log})")


def elf_of(point: dict[str, Any]) -> Path:
    return (FW_ROOT / variant_of(point) / point["board"] /
            f"{point['library']}-{point['path']}-{point['opt']}" / f"{point['app']}.elf")


def label_of(point: dict[str, Any]) -> str:
    parts = [point["board"], point["library"], point["path"], point["opt"],
             f"{point['buffer_bytes']} B"]
    if point["dispatch"] != "one-at-a-time":
        parts.append(point["dispatch"])
    return " ".join(parts)


def profiler_hash() -> str:
    """What a profile depends on besides the image and the point: the code that collects it
    (models/profiles/*.py), so that a change to what a profile records profiles the point again."""
    return content_hash(*(f.read_bytes() for f in sorted((TOP / "models" / "profiles")
                                                          .glob("*.py"))))


def prepare(sweep: Sweep, points: list[dict[str, Any]], directory: Path) -> list[Task]:
    build(points, directory / "build.log")
    from models.sweeps import whatif
    models_state = whatif.fingerprint()
    profiler = profiler_hash()
    platforms: dict[str, str] = {}
    tasks = []
    for i, p in enumerate(points):
        elf = elf_of(p)
        if not elf.exists():
            raise BuildError(f"{elf.relative_to(TOP)} was not built ({p['board']} has no "
                             f"{p['path']} path?)")
        if p["board"] not in platforms:
            platforms[p["board"]] = platform_hash(p["board"])
        run = content_hash("firmware", elf.read_bytes(), platforms[p["board"]], point_json(p))
        key = content_hash(run, models_state)
        profiled = content_hash(run, profiler)
        payload = {"elf": str(elf), "board": p["board"], "library": p["library"],
                   "path": p["path"], "opt": p["opt"], "app": p["app"],
                   "uart_log": str(directory / "runs" / f"{run[:16]}.uart.txt"),
                   "profile_dir": str(directory / "runs" / f"{profiled[:16]}-profile")}
        tasks.append(Task(i, p, key, label_of(p), payload, execute))
    return tasks


def execute(payload: dict[str, Any], timeout: float) -> list[dict[str, Any]]:
    sys.path.insert(0, str(TOP / "tools"))
    import run_firmware  # tools/run_firmware.py
    renode = run_firmware.find_renode()  # only needed for what the kept runs do not hold
    lines = run_firmware.finished_run(Path(payload["uart_log"])) or run_firmware.run(
        needed(renode), Path(payload["elf"]), payload["board"], Path(payload["uart_log"]),
        timeout)
    faults = [line for line in lines if line.startswith("@fault")]
    if faults:
        raise RuntimeError(f"firmware fault: {faults[0]}")
    done = [line for line in lines if line.startswith("@done")]
    if done and "failures=0" not in done[-1]:
        raise RuntimeError(f"firmware reported failures: {done[-1]}")
    results = run_firmware.parse_results(lines)
    if not results:
        raise RuntimeError(f"no @result lines (see {payload['uart_log']})")
    predicted = predicted_rows(renode, payload, timeout)
    rows = []
    for r in results:
        cycles, size = int(r["cycles"]), int(r.get("bytes", 0))
        direction = r.get("direction", r.get("phase", ""))
        algorithm = "aes-cbc-dec" if direction == "decrypt" else r["algorithm"]
        priced = predicted.get((algorithm, int(r.get("key_bits", 0))), {})
        rows.append({
            "algorithm": r["algorithm"], "direction": r.get("direction", r.get("phase", "")),
            "key_bits": r.get("key_bits", 0), "iterations_run": r.get("iterations", 1),
            "cycles": cycles, "bytes": size, "clock_hz": r["clock_hz"],
            "cycles_per_call": cycles / max(1, int(r.get("iterations", 1))),
            "cycles_per_byte": round(cycles / size, 4) if size else "",
            "kib_per_s": round(size * r["clock_hz"] / cycles / 1024.0, 2) if size and cycles else "",
            "figures": "simulated",
            "predicted_cycles_per_call": priced.get("cycles_per_call", ""),
            "predicted_cycles_per_byte": priced.get("cycles_per_byte", ""),
            "predicted_kib_per_s": priced.get("kib_per_s", ""),
            "band_pct": priced.get("band_pct", ""),
            "model": priced.get("model", ""),
        })
    return rows


def needed(renode: str | None) -> str:
    if renode is None:
        raise RuntimeError("Renode not found (set RENODE or put renode on PATH)")
    return renode


@functools.lru_cache(maxsize=1)
def calibration() -> tuple[dict[str, float], dict[str, float]]:
    """The calibrated parameter values and each model's band (its median leave-one-out error),
    computed once per process."""
    from models import pipeline
    outcome = pipeline.run(progress=False)
    bands = {}
    for model in {case.model for case in outcome.cases}:
        band = pipeline.band_pct(outcome, model)
        if band is not None:
            bands[model] = round(band, 2)
    return outcome.validation.full.values, bands


def predicted_rows(renode: str | None, payload: dict[str, Any],
                   timeout: float) -> dict[tuple[str, int], dict[str, Any]]:
    """The point's ELF profiled in Renode and priced by the calibrated models, per (algorithm,
    key bits); AES decryption is "aes-cbc-dec" as in reports/predictions.csv."""
    from models.matrix import matrix_cases
    from models.profiles import collect
    from models.sweeps import whatif
    key = (payload["board"], payload["library"], payload["path"], payload["opt"], payload["app"])
    work = Path(payload["profile_dir"])
    stored = work / "profile.json"
    try:
        profile = json.loads(stored.read_text())
    except (OSError, ValueError):
        profile = collect.profile_image(needed(renode), Path(payload["elf"]), *key, work,
                                        timeout)
        write_atomic(stored, json.dumps(profile) + "\n")
    cases = [case for case in matrix_cases([profile]) if case.path == payload["path"]]
    values, bands = calibration()
    point = dict(zip(("board", "library", "path", "opt", "app"), key))
    return {(row["algorithm"], int(row["key_bits"])): {**row, "band_pct": bands.get(row["model"], "")}
            for row in whatif.recost(point, {key: cases}, values)}
