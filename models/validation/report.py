"""The validation report: reports/validation.md and reports/validation.csv, from the stored
profiles (no Renode, no Embench sources needed).

Per benchmark: the instructions Renode counted in the region, stock Renode's cycles (one per
instruction), the calibrated Cortex-M4 model's prediction (price.py), the published cycles at the
profiled scale (published.py), and both errors; then the median |error| of each. The validation
build's images are the published build's reproduction (profile.VALIDATION_BUILD); the spread
build's (gcc 12.2, newlib 3.3.0) are shown beside them, before and after, never averaged in.
"""
from __future__ import annotations

import csv
import io
import re
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models import boards
from models.params import Values
from models.validation import price, profile, published, size

TOP = Path(__file__).resolve().parents[2]
REPORTS = TOP / "reports"
MAKEFILE = TOP / "firmware" / "validation" / "embench" / "Makefile"
LOCK = TOP / "firmware" / "third_party" / "files.lock"
REPOSITORY = "https://github.com/embench/embench-iot"
# The commit whose message records the published build and run (baseline-data/speed.json).
BASELINE_COMMIT = "c9d2e43df379655f88ce0e4070d9ddf40b4ac51f"
PUBLISHED_BUILD = "GCC 14.1.0, binutils 2.39, newlib 4.3.0"
# What each build is (firmware/validation/embench/Makefile); the compiler's own string comes
# from the stored profiles (their images' .comment).
BUILD_TEXT = {
    "gcc14": "Debian trixie's arm-none-eabi-gcc 14.2, binutils 2.44 and newlib 4.5.0 "
             "(`tools/fetch-gcc14-arm.sh`), with newlib 4.3.0's string functions compiled -Os "
             "(`files.lock` `newlib`)",
    "gcc12": "Debian bookworm's arm-none-eabi-gcc 12.2, binutils 2.40 and newlib 3.3.0, as "
             "installed"}
# A program whose |error| exceeds this is counted apart (issue #43's bound for gcc programs).
BOUND_PCT = 10.0
CRYPTO = ("nettle-aes", "nettle-sha256", "md5sum", "crc32", "aha-mont64")
COLUMNS = ("benchmark", "gsf", "instructions", "naive_cycles", "predicted_cycles",
           "published_cycles", "error_pct", "naive_error_pct", "published_cycles_per_instruction",
           "predicted_ms_published_gsf", "published_ms", "full_scale_instruction_ratio")
# The parameters the Cortex-M4 model and the board's memory read, shown with their values.
SHOWN_PARAMS = ("m4.", "workload.", "stm32f407.")


@dataclass(frozen=True)
class Row:
    benchmark: str
    gsf: int
    instructions: float
    naive: float
    predicted: float
    published: float            # cycles at `gsf`
    published_ms: float         # as published, at the published gsf
    published_gsf: int
    full_scale_ratio: float | None  # gsf-16 instructions / gsf-1 instructions

    @property
    def error_pct(self) -> float:
        return (self.predicted - self.published) / self.published * 100.0

    @property
    def naive_error_pct(self) -> float:
        return (self.naive - self.published) / self.published * 100.0

    @property
    def predicted_ms(self) -> float:
        """The prediction in the published unit and scale."""
        clock = boards.BOARDS[profile.BOARD].clock_hz
        return self.predicted * self.published_gsf / self.gsf / clock * 1e3


def calibrated_values() -> Values:
    """The parameter values the calibration fits to the published measurements (what `python -m
    models report` and `predict` use)."""
    from models import pipeline
    return pipeline.run(progress=False).validation.full.values


def rows_of(profiles: list[dict[str, Any]], figures: list[published.Published],
            values: Values) -> list[Row]:
    by_benchmark = {figure.benchmark: figure for figure in figures}
    rows = []
    for stored in profiles:
        figure = by_benchmark[stored["benchmark"]]
        (region,) = stored["regions"]
        full = stored.get("full_scale")
        rows.append(Row(
            benchmark=stored["benchmark"], gsf=stored["gsf"],
            instructions=region["instructions"], naive=price.naive_cycles(stored),
            predicted=price.predicted_cycles(stored, values),
            published=figure.cycles_at(stored["gsf"]), published_ms=figure.ms,
            published_gsf=figure.gsf,
            full_scale_ratio=full["instructions"] / region["instructions"] if full else None))
    return rows


def median_abs(errors: list[float]) -> float:
    return statistics.median(abs(e) for e in errors) if errors else float("nan")


def beyond(errors: list[float], bound: float = BOUND_PCT) -> int:
    """How many errors exceed the bound either way."""
    return sum(abs(e) > bound for e in errors)


def spread_lines(rows: list[Row], spread: list[Row]) -> list[str]:
    """The per-program table of the spread build (before) beside the validation build (after)."""
    before = {r.benchmark: r for r in spread}
    both = [(before[r.benchmark], r) for r in rows if r.benchmark in before]
    if not both:
        return []
    lines = [
        "## Compiler and library: before and after",
        "",
        f"Before: the images by {BUILD_TEXT[profile.SPREAD_BUILD]} "
        f"(`models/validation/data/stm32f407/embench-gcc12/`, profiled as above). After: the "
        "validation images above. Same sources, flags, start-up and model; what moves is what "
        "the compiler and the C library execute.",
        "",
        "| benchmark | instructions before | instructions after | change | error before | "
        "error after | published cycles/instr before | after |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for old, new in both:
        change = (new.instructions - old.instructions) / old.instructions * 100.0
        lines.append(f"| {old.benchmark} | {old.instructions:,.0f} | {new.instructions:,.0f} | "
                     f"{change:+.1f} % | {old.error_pct:+.1f} % | {new.error_pct:+.1f} % | "
                     f"{old.published / old.instructions:.3f} | "
                     f"{new.published / new.instructions:.3f} |")
    old_errors = [old.error_pct for old, _ in both]
    new_errors = [new.error_pct for _, new in both]
    lines += [
        "",
        f"Median |error|: before {median_abs(old_errors):.1f} %, after "
        f"{median_abs(new_errors):.1f} %. Beyond ±{BOUND_PCT:.0f} %: before "
        f"{beyond(old_errors)} of {len(both)}, after {beyond(new_errors)} of {len(both)}.",
        "",
    ]
    return lines


def embench_flags() -> str:
    """Embench's reference compiler flags as the Makefile builds its sources."""
    found = re.search(r"^CFLAGS_EMBENCH\s*:=\s*(.+)$", MAKEFILE.read_text(), re.MULTILINE)
    return found.group(1).strip() if found else "unknown"


def pinned_commit() -> str:
    found = re.search(r"^repo embench-iot \S+ ([0-9a-f]{40})$", LOCK.read_text(), re.MULTILINE)
    return found.group(1) if found else "unknown"


def csv_text(rows: list[Row]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([r.benchmark, r.gsf, f"{r.instructions:.0f}", f"{r.naive:.0f}",
                         f"{r.predicted:.0f}", f"{r.published:.0f}", f"{r.error_pct:.2f}",
                         f"{r.naive_error_pct:.2f}", f"{r.published / r.instructions:.4f}",
                         f"{r.predicted_ms:.1f}", f"{r.published_ms:g}",
                         "" if r.full_scale_ratio is None else f"{r.full_scale_ratio:.5f}"])
    return buffer.getvalue()


def size_lines(stored: dict[str, Any] | None) -> list[str]:
    """The code-size comparison (size.py): each build's code bytes less the published build's."""
    if not stored:
        return []
    names = list(stored["builds"])
    differences = {name: size.text_differences(stored, name) for name in names}
    lines = [
        "## Code size: which build the published figures ran",
        "",
        "Embench's `baseline-data/size.json` measured the published build's code (GCC 14.1.0, "
        "binutils 2.39, newlib 4.3.0, -Os; an image less the dummy benchmark's, so with the C "
        "library functions each benchmark calls). The same sources built here the same way "
        "(`models/validation/size.py`), per build: its code bytes less the published ones.",
        "",
        "| benchmark | published text | " + " | ".join(names) + " |",
        "|---|---:|" + "---:|" * len(names),
    ]
    for benchmark in profile.BENCHMARKS:
        if benchmark not in stored["published"]:
            continue
        lines.append(f"| {benchmark} | {stored['published'][benchmark]['text']:,} | "
                     + " | ".join(f"{differences[name][benchmark]:+d}" for name in names) + " |")
    lines.append("")
    for name in names:
        values = list(differences[name].values())
        build = stored["builds"][name]
        lines.append(f"- {name} (`{build['compiler']}`"
                     + (", newlib 4.3.0's string functions -Os" if
                        build["newlib_4_3_0_string_functions_Os"] else "")
                     + f"): {sum(v == 0 for v in values)} of {len(values)} to the byte, "
                     f"{sum(abs(v) <= 4 for v in values)} within 4 bytes, median |difference| "
                     f"{statistics.median(abs(v) for v in values):g} bytes.")
    lines += ["", "The benchmarks that call no C library function match in every GCC 14 build; "
              "those that call memset, memcpy, memmove, memcmp, strchr or strlen match only with "
              "newlib's size-optimised string functions (byte loops, `__OPTIMIZE_SIZE__`): the "
              "published build's newlib was built for size, and the validation images link those "
              "functions so.", ""]
    return lines


def markdown(rows: list[Row], profiles: list[dict[str, Any]], values: Values,
             missing: list[str], spread: list[Row] | None = None,
             sizes: dict[str, Any] | None = None) -> str:
    toolchain = profiles[0]["toolchain"] if profiles else "unknown"
    renode = profiles[0]["renode"] if profiles else "unknown"
    host = sum(p["host_seconds"] for p in profiles)
    ratios = [r.full_scale_ratio for r in rows if r.full_scale_ratio is not None]
    gsf = rows[0].gsf if rows else profile.PROFILED_GSF
    gap = max(((price.uncounted(p["regions"][0]) / float(p["regions"][0]["result"]["cycles"]),
                p["benchmark"]) for p in profiles), default=(0.0, ""))
    lines = [
        "# Validation: Embench IoT 2.0 on the STM32F407 (Cortex-M4, 16 MHz)",
        "",
        "Public programs with published hardware cycle counts, priced by the calibrated "
        "Cortex-M4 model. No fit sees these figures (`models/data/validation-published.csv` is "
        "read by `models/validation/` only): the errors below are out of sample.",
        "",
        "## Sources",
        "",
        f"- Programs: Embench IoT 2.0, {REPOSITORY} at commit {pinned_commit()} (pinned with "
        "every file's SHA-256 in `firmware/third_party/files.lock`, `embench-iot`), all "
        "benchmarks of `src/` with its `support/main.c` and `support/beebsc.c`.",
        f"- Published figures: `baseline-data/speed.json` (milliseconds at gsf 16), last changed "
        f"by commit {BASELINE_COMMIT[:7]} \"Correct baseline values\", whose message gives the "
        "build and the run: STM32F4-Discovery (STM32F407) on its 16 MHz HSI, code in flash "
        f"(reset FLASH_ACR: 0 wait states), {PUBLISHED_BUILD}; DWT CYCCNT from `start_trigger` "
        "to `stop_trigger` read by GDB, in ms = cycles / 16 / 1000 "
        "(`pylib/run_stm32f4-discovery.py`, `--cpu-mhz 16`); so cycles = ms x 16,000.",
        f"- Our build (`firmware/validation/embench/`): Embench's reference flags `"
        f"{embench_flags()}`, `-DWARMUP_HEAT=1 -DGLOBAL_SCALE_FACTOR=<gsf>`, linked "
        "`-Wl,--gc-sections -static -nostartfiles` with the full newlib and libm, code and "
        "constants in flash, data and stack in SRAM; the board's start-up instead of Embench's "
        "STM32 files, and our `initialise_board`/`start_trigger`/`stop_trigger` doing what "
        "Embench's do.",
        f"- **Compiler: ours is `{toolchain}` (the images' .comment sections: the compiler, "
        "and any other that built the library code linked in): "
        f"{BUILD_TEXT[profile.VALIDATION_BUILD]}; the "
        f"published build's {PUBLISHED_BUILD}.** The published build's newlib was built for "
        "size: its `baseline-data/size.json` (the same toolchain at -Os) counts each "
        "benchmark's code with the C library functions it calls, and GCC 14 builds of the same "
        "sources match it to a few bytes only with newlib's size-optimised string functions "
        "(byte loops: memset 16 bytes against the word-wise 164; the code-size section "
        "below). What GCC 14.1 and 14.2, "
        "binutils 2.39 and 2.44 and the rest of newlib 4.3.0 and 4.5.0 do differently stays "
        "in the error.",
        "- Run conditions: the published run loads the image with GDB's `load` through "
        "OpenOCD (`target extended-remote :3333`), whose default for a flash write is "
        "`reset init`; OpenOCD's `target/stm32f4x.cfg` reset-init sets the PLL to 64 MHz "
        "with FLASH_ACR = prefetch and 2 wait states, ART caches off, and Embench's "
        "`SystemInit` leaves the clock alone. Modelled here: 0 wait states (16 MHz HSI), as "
        "commit c9d2e43 says. The figures side with it: tarfind's region is mostly newlib's "
        "memset byte loop (cmp, bne, strb, b: two taken branches a byte), whose published "
        "time, about 7 cycles a byte if the rest of the region runs as predicted, leaves no "
        "room for a flash refetch after every taken branch.",
        f"- Simulator: {renode}; profiles in `models/validation/data/stm32f407/embench/` "
        f"({host:.0f} host seconds in all, counted and traced runs and the full-scale checks).",
        "",
        "## Method",
        "",
        "- Region: from the entry of `start_trigger` to the entry of `stop_trigger` "
        "(`models/validation/profile.py`): instruction classes from the opcode counters, taken "
        "branches, pipelined loads and register-offset stores from the execution trace, as for the "
        "matrix's -O3 Cortex-M4 regions.",
        f"- Scale: profiled at gsf {gsf}, compared with the published cycles x {gsf}/16. "
        "`support/main.c` times one call of `benchmark()`, which runs the benchmark's whole "
        "body LOCAL_SCALE_FACTOR x GLOBAL_SCALE_FACTOR times; counted at gsf 16 too, each "
        "benchmark executes "
        + (f"{min(ratios):.4f} to {max(ratios):.4f} times the gsf-{gsf} region's instructions."
           if ratios else "(no full-scale count stored)."),
        "- Prediction: `models.cores` `CORES['m4']` on the region's aggregated classes and "
        "traced counts, memory from `models.boards.memory` for the ELF's placement, clock "
        "16 MHz, the parameter values of the calibration (`models.pipeline`), **no toolchain "
        "ratio** (`models/validation/price.py`: the prediction is for this gcc binary as it "
        "runs).",
        "- Instructions: as the opcode counters counted them. Renode 1.16.1's counters skip "
        "the IT-block instructions whose condition fails, which the region's DWT count and its "
        "trace include: the prediction prices those at one cycle each "
        "(`price.uncounted`" + (f"; up to {100 * gap[0]:.1f} % of a region here, {gap[1]})."
                                if gap[0] > 0 else ")."),
        "- Naive: stock Renode, one cycle per executed instruction (the DWT's count in the "
        "region).",
        "",
        "Parameters: " + ", ".join(f"`{name}` = {values[name]:.4g}" for name in sorted(values)
                                   if name.startswith(SHOWN_PARAMS)) + ".",
        "",
        "## Results",
        "",
        f"Cycles at gsf {gsf}; error = (figure - published) / published. Published cycles per "
        "instruction: the published cycles over the instructions our build executes. "
        "Crypto-relevant benchmarks in bold.",
        "",
        "| benchmark | instructions | naive cycles | predicted cycles | published cycles | "
        "error predicted | error naive | published cycles/instr | predicted ms (gsf 16) | "
        "published ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        name = f"**{r.benchmark}**" if r.benchmark in CRYPTO else r.benchmark
        lines.append(f"| {name} | {r.instructions:,.0f} | {r.naive:,.0f} | {r.predicted:,.0f} | "
                     f"{r.published:,.0f} | {r.error_pct:+.1f} % | {r.naive_error_pct:+.1f} % | "
                     f"{r.published / r.instructions:.3f} | {r.predicted_ms:,.0f} | "
                     f"{r.published_ms:,.0f} |")
    predicted = [r.error_pct for r in rows]
    naive = [r.naive_error_pct for r in rows]
    crypto = [r for r in rows if r.benchmark in CRYPTO]
    lines += [
        "",
        f"Median |error| over {len(rows)} benchmarks: predicted **{median_abs(predicted):.1f} %**, "
        f"naive {median_abs(naive):.1f} %.",
    ]
    if crypto:
        lines.append(f"Crypto-relevant ({', '.join(r.benchmark for r in crypto)}): predicted "
                     f"{median_abs([r.error_pct for r in crypto]):.1f} %, naive "
                     f"{median_abs([r.naive_error_pct for r in crypto]):.1f} %.")
    lines.append(f"Beyond ±{BOUND_PCT:.0f} %: {beyond(predicted)} of {len(rows)} "
                 f"({', '.join(r.benchmark for r in rows if abs(r.error_pct) > BOUND_PCT)}).")
    if missing:
        lines += ["", f"Not profiled (no stored profile): {', '.join(missing)}."]
    lines += [""] + spread_lines(rows, spread or []) + size_lines(sizes)
    lines += ["Regenerate: `.venv/bin/python -m models.validation` (stored profiles); "
              "`make -C firmware/validation/embench` then `.venv/bin/python -m models.validation "
              "profile [--build gcc12]` to profile again in Renode.", ""]
    return "\n".join(lines)


def write(out: Path = REPORTS, values: Values | None = None) -> Path:
    profiles = profile.load_all()
    figures = published.load()
    values = calibrated_values() if values is None else values
    rows = rows_of(profiles, figures, values)
    spread = rows_of(profile.load_all(profile.SPREAD_BUILD), figures, values)
    profiled = {p["benchmark"] for p in profiles}
    missing = [f.benchmark for f in figures if f.benchmark not in profiled]
    out.mkdir(parents=True, exist_ok=True)
    (out / "validation.csv").write_text(csv_text(rows))
    index = out / "validation.md"
    index.write_text(markdown(rows, profiles, values, missing, spread, size.load()))
    return index
