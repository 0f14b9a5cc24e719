"""The report's per-board table of a library's own benchmark program, in the shape of the
published ones: each row of wolfCrypt's program (models/profiles/native.py) with its predicted
KiB/s and cycles/byte at both optimisation levels, software path.

Every figure is predicted by the calibrated core model from the program's own profile of the row
(the fit of reports/predictions.csv); the band is the core model's leave-one-out spread on
published figures (models/answer.py). For the operations the bench measures too (SHA-1/256/512,
AES-CBC), predictions.csv keeps the bench's case (models/matrix.py NATIVE_APPS); the table shows
the program's, which calls the library differently (its own buffers, key setup, streaming).
"""
from __future__ import annotations

from models import boards
from models.answer import band_pct
from models.calibration import fit
from models.matrix import NATIVE_APPS, Case, cases_from_profile, cycles_per_call, pair_optimised
from models.pipeline import Outcome

OPTS = ("none", "high-speed")


def native_cases(outcome: Outcome, board: str, app: str) -> tuple[list[tuple[str, str, int]],
                                                                    dict[tuple, Case]]:
    """The program's rows on a board, in its order ((row name, algorithm, key bits)), and its
    software cases by (algorithm, key bits, opt), each priced from the program's own profile (at
    opt none paired with the program's -O3 profile, as the matrix pairs)."""
    profiles = [p for p in outcome.profiles
                if p["board"] == board and p["app"] == app and p["path"] == "sw"]
    rows: dict[tuple[str, int], str] = {}
    for profile in profiles:
        for region in profile["regions"]:
            result = region["result"]
            rows.setdefault((result["algorithm"], int(result["key_bits"])), result["row"])
    cases = pair_optimised(sorted((case for profile in profiles
                                   for case in cases_from_profile(profile)),
                                  key=lambda case: case.key))
    return ([(row, algorithm, bits) for (algorithm, bits), row in rows.items()],
            {(case.algorithm, case.key_bits, case.opt): case for case in cases})


def section(outcome: Outcome) -> list[str]:
    values = outcome.validation.full.values
    band = band_pct(outcome, "core")
    out: list[str] = []
    for app in NATIVE_APPS:
        for board in boards.BOARDS:
            rows, cases = native_cases(outcome, board, app)
            if not rows:
                continue
            info = boards.BOARDS[board]
            table = []
            for row, algorithm, key_bits in rows:
                cells: list[str] = [row]
                for opt in OPTS:
                    case = cases.get((algorithm, key_bits, opt))
                    if case is None:
                        cells += ["", ""]
                        continue
                    cycles = cycles_per_call(case, values)
                    cells += [f"{fit.value_in('throughput', case, cycles):,.1f}",
                              f"{fit.value_in('cycles_per_byte', case, cycles):.1f}"]
                table.append(cells)
            out += [f"### {info.title}: wolfCrypt's benchmark program, software, predicted", "",
                    f"{info.clock_hz / 1e6:g} MHz, 1 KiB per call. Band: ±{band:.0f} % (the core "
                    "model's leave-one-out median on published figures)." if band is not None
                    else f"{info.clock_hz / 1e6:g} MHz, 1 KiB per call.", "",
                    "| algorithm | none KiB/s | none cycles/byte | high-speed KiB/s | "
                    "high-speed cycles/byte |", "|---|---|---|---|---|"]
            out += ["| " + " | ".join(cells) + " |" for cells in table]
            out.append("")
    if not out:
        return []
    return ["## The libraries' own benchmark programs (predicted)", "",
            "wolfCrypt's wolfcrypt/benchmark/benchmark.c, unmodified, profiled row by row "
            "(`make -C firmware wolfbench-profile`, `python -m models collect --app wolfbench`: "
            "each row's loop once, 25 KiB) and priced by the calibrated core model: predicted "
            "hardware figures, not Renode's simulated ones. Software path only: the accelerator "
            "models do not yet price the modes the program adds (GCM, CCM, CTR, 3DES, CMAC, "
            "SHA-384/512 on the CAAM), and its public-key rows are not profiled yet (their "
            "regions are too long to trace for the Cortex-M7's issue schedule). Every row is "
            "priced from the program's own profile; for the operations the bench measures too "
            "(SHA-1/256/512, AES-CBC) predictions.csv keeps the bench's case.", ""] + out
