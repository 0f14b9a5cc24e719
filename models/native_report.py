"""The report's per-board tables of the libraries' own benchmark programs, in the shape of the
published ones: each row of wolfCrypt's and mbedtls's programs (models/profiles/native.py) with
its predicted figures at both optimisation levels, software path: KiB/s and cycles/byte for the
symmetric rows, milliseconds and operations per second for the public-key rows.

Every figure is predicted by the calibrated core model from the program's own profile of the row
(the fit of reports/predictions.csv); the band is the core model's leave-one-out spread on
published figures (models/answer.py). For the operations the bench or the ecdsa app measures too
(SHA-1/256/512, AES-CBC, P-256 key generation, signature and verification), predictions.csv keeps
their case (models/matrix.py NATIVE_APPS); the table shows the program's, which calls the library
differently (its own buffers, key setup, streaming, keys).
"""
from __future__ import annotations

from models import boards
from models.answer import band_pct
from models.calibration import fit
from models.matrix import NATIVE_APPS, Case, cases_from_profile, cycles_per_call, pair_optimised
from models.pipeline import Outcome

OPTS = ("none", "high-speed")
LIBRARY_TITLES = {"wolfcrypt": "wolfCrypt", "mbedtls": "mbedtls"}
# Columns of each kind of row, per optimisation level: (heading, metric).
SYMMETRIC = (("KiB/s", "throughput"), ("cycles/byte", "cycles_per_byte"))
PUBLIC_KEY = (("ms", "time"), ("ops/s", "operations"))


def native_cases(outcome: Outcome, board: str, app: str) -> tuple[list[tuple[str, str, int]],
                                                                    dict[tuple, Case]]:
    """The program's rows on a board, in its order ((row name, algorithm, key bits)), and its
    software cases by (algorithm, key bits, opt), each priced from the program's own profile (at
    opt none paired with the program's -O3 profile, as the matrix pairs)."""
    profiles = [p for p in outcome.profiles
                if p["board"] == board and p["app"] == app and p["path"] == "sw"]
    rows: dict[tuple[str, int], str] = {}
    for profile in sorted(profiles, key=lambda p: p["opt"] != "high-speed"):
        for region in profile["regions"]:
            result = region["result"]
            rows.setdefault((result["algorithm"], int(result["key_bits"])), result["row"])
    cases = pair_optimised(sorted((case for profile in profiles
                                   for case in cases_from_profile(profile)),
                                  key=lambda case: case.key))
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
                    + ". " + (f"Band: ±{band:.0f} % (the core model's leave-one-out median on "
                              "published figures)." if band is not None else ""), ""]
            for rows in tables:
                out += rows
    if not out:
        return []
    return ["## The libraries' own benchmark programs (predicted)", "",
            "wolfCrypt's wolfcrypt/benchmark/benchmark.c and mbedtls's programs/test/benchmark.c, "
            "unmodified, profiled row by row (`make -C firmware wolfbench-profile` and "
            "`mbedbench-profile`, then `python -m models collect --app wolfbench`, "
            "`--app wolfbench-pk` and `--app mbedbench`: each row's loop once: wolfCrypt's 25 KiB "
            "or two operations, mbedtls's measured 1 MiB) and priced by the calibrated core model: "
            "predicted hardware figures, not Renode's simulated ones. Software path only: the "
            "accelerator models do not yet price the modes the programs add (GCM, CCM, CTR, 3DES, "
            "CMAC, SHA-384/512 and RSA on the CAAM). Every row is priced from the program's own "
            "profile; for the operations the bench or the ecdsa app measures too (SHA-1/256/512, "
            "AES-CBC, P-256 ECDSA) predictions.csv keeps their case. mbedtls's public-key rows "
            "are not profiled (the program counts them against its alarm, not its clock). A row "
            "a board does not show was not profiled there.", ""] + out
