"""The report's per-board tables of the libraries' own benchmark programs, in the shape of the
published ones: each row of wolfCrypt's and mbedtls's programs (models/profiles/native.py) with
its predicted figures at both optimisation levels, software path: KiB/s and cycles/byte for the
symmetric rows, milliseconds and operations per second for the public-key rows. Where the
program's accelerator path is profiled too (the CAAM's and the DCP's, models/profiles/collect.py
WORK_SOURCES), a second table sets each row's software and accelerator figures side by side (KiB/s
or ms), with what runs it and the speed-up.

Every figure is predicted by the calibrated core model from the program's own profile of the row
(the fit of reports/predictions.csv); the band is the core model's 80 % band from its
leave-one-out errors on published figures (models/pipeline.py band_pct). For the operations the
bench or the ecdsa app measures too (SHA-1/256/512, AES-CBC, P-256 key generation, signature and
verification), predictions.csv keeps their case (models/matrix.py NATIVE_APPS); the table shows
the program's, which calls the library differently (its own buffers, key setup, streaming, keys).
"""
from __future__ import annotations

from models import boards
from models.calibration import fit
from models.matrix import (NATIVE_APPS, Case, borrow_software_schedules, cases_from_profile,
                           cycles_per_call, pair_optimised)
from models.pipeline import Outcome, band_pct

OPTS = ("none", "high-speed")
LIBRARY_TITLES = {"wolfcrypt": "wolfCrypt", "mbedtls": "mbedtls"}
# Columns of each kind of row, per optimisation level: (heading, metric).
SYMMETRIC = (("KiB/s", "throughput"), ("cycles/byte", "cycles_per_byte"))
PUBLIC_KEY = (("ms", "time"), ("ops/s", "operations"))
# What the profile recorded of each accelerator in a row, and how the accelerator model prices it
# (peripherals/NXP_CAAM/ and NXP_DCP/ Work; the ATECC508A's commands, collect.py
# ACCELERATOR_ENTRIES).
ENGINE_WORK = {
    "caam": "the engine's work in the row (jobs, blocks per engine, PKHA operations), priced by "
            "the accelerator model with its calibrated costs",
    "dcp": "the engine's work in the row (packets, bytes per engine, context loads and stores), "
           "priced by the accelerator model with its calibrated costs",
    "atecc508a": "the device's commands in the row (cryptoauthlib's calib_execute_command, by "
                 "opcode), priced by the device model: cryptoauthlib's execution times, the I2C "
                 "transfers and the polling, none fitted"}


def native_cases(outcome: Outcome, board: str, app: str, path: str = "sw"
                 ) -> tuple[list[tuple[str, str, int]], dict[tuple, Case]]:
    """The program's rows on a board, in its order ((row name, algorithm, key bits)), and its
    cases on `path` by (algorithm, key bits, opt), each priced from the program's own profile (at
    opt none paired with the program's -O3 profile, as the matrix pairs)."""
    profiles = [p for p in outcome.profiles if p["board"] == board and p["app"] == app]
    rows: dict[tuple[str, int], str] = {}
    for profile in sorted(profiles, key=lambda p: p["opt"] != "high-speed"):
        if profile["path"] != path:
            continue
        for region in profile["regions"]:
            result = region["result"]
            rows.setdefault((result["algorithm"], int(result["key_bits"])), result["row"])
    # Both paths, so that a hw row run in software can take the sw row's schedule.
    cases = [case for case in pair_optimised(borrow_software_schedules(sorted(
        (case for profile in profiles for case in cases_from_profile(profile)),
        key=lambda case: case.key))) if case.path == path]
    return ([(row, algorithm, bits) for (algorithm, bits), row in rows.items()],
            {(case.algorithm, case.key_bits, case.opt): case for case in cases})


def figure(metric: str, case: Case, cycles: float) -> str:
    if metric == "operations":
        return f"{boards.BOARDS[case.board].clock_hz / cycles:,.2f}"
    value = fit.value_in(metric, case, cycles)
    return f"{value:,.1f}" if metric != "time" else f"{value:,.2f}"


def table(outcome: Outcome, board: str, app: str) -> list[str]:
    """The Markdown table of one app's rows on one board ([] without a profile)."""
    rows, cases = native_cases(outcome, board, app)
    if not rows:
        return []
    values = outcome.validation.full.values
    public_key = all(cases[key].buffer_bytes == 0 for key in cases)
    columns = PUBLIC_KEY if public_key else SYMMETRIC
    out = ["| " + ("operation" if public_key else "algorithm") + " | "
           + " | ".join(f"{opt} {heading}" for opt in OPTS for heading, _ in columns) + " |",
           "|---" * (1 + len(OPTS) * len(columns)) + "|"]
    sampled = False
    for row, algorithm, key_bits in rows:
        cells = [row]
        for opt in OPTS:
            case = cases.get((algorithm, key_bits, opt))
            if case is None:
                cells += [""] * len(columns)
                continue
            cycles = cycles_per_call(case, values)
            cells += [figure(metric, case, cycles) for _, metric in columns]
            sampled = sampled or bool(case.schedule and "sampled" in case.schedule)
        out.append("| " + " | ".join(cells) + " |")
    if sampled:
        out += ["", "The Cortex-M7's high-speed figures of this table are priced with an issue "
                "schedule sampled from windows spread over each region (models/profiles/"
                "sampled_schedule.py)."]
    return out + [""]


def accelerator_table(outcome: Outcome, board: str, app: str) -> list[str]:
    """The Markdown table of one app's rows on one board, software against accelerator path: KiB/s
    of the symmetric rows, ms of the public-key ones, and the accelerator's speed-up ([] without a
    profile of the accelerator path)."""
    rows, hw = native_cases(outcome, board, app, "hw")
    if not rows:
        return []
    _, sw = native_cases(outcome, board, app)
    values = outcome.validation.full.values
    engine = boards.BOARDS[board].accelerator.upper()
    public_key = all(case.buffer_bytes == 0 for case in hw.values())
    metric, unit = ("time", "ms") if public_key else ("throughput", "KiB/s")
    out = [f"| {'operation' if public_key else 'algorithm'} | runs on | " + " | ".join(
               f"{opt} {column}" for opt in OPTS
               for column in (f"sw {unit}", f"hw {unit}", "speed-up"))
           + " |", "|---" * (2 + 3 * len(OPTS)) + "|"]
    for row, algorithm, key_bits in rows:
        cells, runs_on = [row], "software"
        for opt in OPTS:
            key = (algorithm, key_bits, opt)
            if key not in hw:
                cells += [""] * 3
                continue
            if hw[key].model != "core":
                runs_on = engine
            figures = [fit.value_in(metric, case, cycles_per_call(case, values)) if case else None
                       for case in (sw.get(key), hw[key])]
            digits = 2 if public_key else 1
            cells += [f"{value:,.{digits}f}" if value else "" for value in figures]
            if figures[0] is None:
                cells.append("")  # a row the software build does not print (device only)
                continue
            speed_up = figures[0] / figures[1] if public_key else figures[1] / figures[0]
            cells.append(f"{speed_up:.2f}")
        out.append("| " + " | ".join(cells[:1] + [runs_on] + cells[1:]) + " |")
    return out + ["", f"\"{engine}\": the profile recorded {ENGINE_WORK[engine.lower()]}; the "
                  "CPU side (the library, the port, our driver) by the core model. \"software\": "
                  "the port leaves the row to the library's own code.", ""]


def section(outcome: Outcome) -> list[str]:
    band = band_pct(outcome, "core")
    out: list[str] = []
    for board, info in boards.BOARDS.items():
        for library in dict.fromkeys(NATIVE_APPS.values()):
            tables = [table(outcome, board, app) for app, of in NATIVE_APPS.items()
                      if of == library]
            if not any(tables):
                continue
            out += [f"### {info.title}: {LIBRARY_TITLES[library]}'s benchmark program, software, "
                    "predicted", "",
                    f"{info.clock_hz / 1e6:g} MHz; symmetric rows "
                    + ("1 KiB per call" if library == "wolfcrypt" else "1,024 calls on 1 KiB")
                    + ". " + (f"Band: ±{band:.0f} % (the core model's 80 % band from its "
                              "leave-one-out errors on published figures)." if band is not None else ""), ""]
            for rows in tables:
                out += rows
            accelerated = [accelerator_table(outcome, board, app)
                           for app, of in NATIVE_APPS.items() if of == library]
            if any(accelerated):
                out += [f"### {info.title}: {LIBRARY_TITLES[library]}'s benchmark program, "
                        "software against accelerator, predicted", ""]
                for rows in accelerated:
                    out += rows
    if not out:
        return []
    return ["## The libraries' own benchmark programs (predicted)", "",
            "wolfCrypt's wolfcrypt/benchmark/benchmark.c and mbedtls's programs/test/benchmark.c, "
            "unmodified, profiled row by row (`make -C firmware wolfbench-profile` and "
            "`mbedbench-profile`, then `python -m models collect --app wolfbench`, "
            "`--app wolfbench-pk`, `--app mbedbench` and `--app mbedbench-pk`: each row's loop "
            "once: wolfCrypt's 25 KiB or two operations, mbedtls's measured 1 MiB or the second "
            "of two operations) and priced by the calibrated core model: "
            "predicted hardware figures, not Renode's simulated ones. The accelerator path is "
            "profiled where the engine model counts its work (the RT1170's CAAM and the "
            "RT1060's DCP) or the device's commands are counted (the SAMD21's ATECC508A): "
            "`--path hw`. The engines' block and job costs are fitted to the "
            "published SHA and AES-CBC rows; DES/3DES blocks add their rounds to the AES block, "
            "and the PKHA's and the RNG's costs are assumptions (models/accelerators/"
            "caam_defaults.yaml, no published figure): the public-key rows' accelerator figures "
            "rest on those. Every row is priced from the program's own "
            "profile; for the operations the bench or the ecdsa app measures too (SHA-1/256/512, "
            "AES-CBC, P-256 ECDSA) predictions.csv keeps their case. A row a board does not show "
            "was not profiled there.", ""] + out
