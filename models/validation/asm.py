"""Validation on public programs with published hardware cycle counts, through the user-ELF path:
hand-written assembly (pornin/x25519-cm0 on a Cortex-M0+, Ko-/aes-armcortexm's AES-128 on the
STM32F407's Cortex-M4) and compiled code (EEMBC CoreMark as built for the Teensy 4.0's i.MX RT1062
Cortex-M7 and the Arduino Zero's SAMD21 Cortex-M0+).

    python -m models.validation.asm             write reports/validation-asm.md from the stored
                                                predictions (no Renode, no third-party files)
    python -m models.validation.asm predict     predict the images in Renode first (needs
                                                `make -C firmware/validation/<program>`)

For the assembly no compiler stands between the published figures and our binary, so what the
error measures is the core model and the memories; CoreMark adds what two gcc versions do
differently with the same source and flags. Each
image is predicted with the project's own user-ELF path (`python -m models predict --elf`), one
Renode at a time; its JSON document is stored under data/<core or board>/<program>/ so that the
report is written without Renode. The published figures (models/data/validation-published-asm.csv)
are read here only, never by a calibration (models/tests/test_validation_asm.py checks it).
"""
from __future__ import annotations

import csv
import json
import statistics
import subprocess
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
PUBLISHED = TOP / "models" / "data" / "validation-published-asm.csv"
REPORT = TOP / "reports" / "validation-asm.md"
CALLS = 3


@dataclass(frozen=True)
class Image:
    """One validation ELF and how `predict` runs it."""
    name: str                   # the ELF's stem, also its stored JSON's
    program: str                # firmware/validation/<program>/
    where: tuple[str, ...]      # predict's --board or --core/--clock-hz options
    place: str                  # data/<place>/: the board or the core
    functions: tuple[str, ...]
    calls: int = CALLS          # the calls of each function the run makes (predict stops at CALLS)
    built: str = "assembly"     # how the published code became our binary
    spread_of: str = ""         # the validation image this one repeats with another compiler

    @property
    def elf(self) -> Path:
        return TOP / "build" / f"fw-{self.program}" / f"{self.name}.elf"

    @property
    def stored(self) -> Path:
        return DATA / self.place / self.program / f"{self.name}.json"


IMAGES = (
    # The published board ran at 8 MHz with zero wait states: a generic Cortex-M0+ at that
    # clock, whose memories are priced at zero wait states.
    Image("x25519-cm0", "x25519-cm0", ("--core", "m0plus", "--clock-hz", "8e6"), "m0plus",
          ("x25519", "gf_inv_inner", "gf_legendre_inner")),
    # The published STM32F407 ran at 24 MHz with 0 wait states; the board is modelled at 16 MHz,
    # also 0 wait states: the same cycles per call.
    Image("aes-armcortexm-aes128", "aes-armcortexm", ("--board", "stm32f407"), "stm32f407",
          ("AES_128_keyschedule", "AES_128_encrypt")),
    Image("aes-armcortexm-aes128ctr", "aes-armcortexm", ("--board", "stm32f407"), "stm32f407",
          ("AES_128_encrypt_ctr", "AES_128_keyschedule")),
    # Compiled code: CoreMark built with each published board's flags and placement, on the
    # project's board of the same part (Teensy 4.0: an RT1062; Arduino Zero: a SAMD21), by the
    # gcc nearest the published builds' (8.3.1; theirs 5.4.1 and 7.2.1), and again by gcc 12.2
    # for the spread. CoreMark times one call of iterate().
    Image("coremark-rt1060", "coremark", ("--board", "rt1060"), "rt1060", ("iterate",), 1,
          "gcc 8.3 -O2"),
    Image("coremark-samd21", "coremark", ("--board", "samd21"), "samd21", ("iterate",), 1,
          "gcc 8.3 -Os"),
    Image("coremark-rt1060-gcc12", "coremark", ("--board", "rt1060"), "rt1060", ("iterate",), 1,
          "gcc 12.2 -O2", spread_of="coremark-rt1060"),
    Image("coremark-samd21-gcc12", "coremark", ("--board", "samd21"), "samd21", ("iterate",), 1,
          "gcc 12.2 -Os", spread_of="coremark-samd21"),
)


@dataclass(frozen=True)
class Figure:
    """One published figure (a row of validation-published-asm.csv)."""
    id: str
    program: str
    repository: str
    commit: str
    image: str
    function: str
    value: float        # cycles per unit
    unit: str
    per_call: int       # units in one call of `function`
    kind: str           # measured on the board, or counted from the instruction timings
    board: str
    core: str
    core_mhz: float
    source: str         # file:lines in the repository
    covers: str


def load_published(source: Path = PUBLISHED) -> list[Figure]:
    lines = [line for line in source.read_text().splitlines() if not line.startswith("#")]
    figures = []
    for row in csv.DictReader(lines):
        if not row["unit"].startswith("cycles per "):
            raise ValueError(f"{source}: row {row['id']}: a unit in cycles per call or block "
                             f"expected, got {row['unit']!r}")
        if row["kind"] not in ("measured", "counted"):
            raise ValueError(f"{source}: row {row['id']}: kind {row['kind']!r} is neither "
                             "'measured' nor 'counted'")
        figures.append(Figure(id=row["id"], program=row["program"],
                              repository=row["repository"], commit=row["commit"],
                              image=row["image"], function=row["function"],
                              value=float(row["value"]), unit=row["unit"],
                              per_call=int(row["per_call"]), kind=row["kind"],
                              board=row["board"], core=row["core"],
                              core_mhz=float(row["core_mhz"]), source=row["source"],
                              covers=row["covers"]))
    return figures


def load_stored(data: Path = DATA) -> dict[str, dict[str, Any]]:
    """The stored predict documents by image name."""
    return {path.stem: json.loads(path.read_text())
            for path in sorted(data.glob("*/*/*.json"))
            if path.stem in {image.name for image in IMAGES}}


@dataclass(frozen=True)
class Row:
    figure: Figure
    calls: int
    instructions: float     # per unit of the figure (median call / per_call)
    naive: float            # Renode's count per unit
    predicted: float        # the model's median per unit
    band_pct: float
    where: str              # the board, or the generic core and clock
    code: str
    data: str
    traced: dict[str, float] = field(default_factory=dict)  # the trace's figures per call

    @property
    def error_pct(self) -> float:
        return (self.predicted - self.figure.value) / self.figure.value * 100.0

    @property
    def naive_error_pct(self) -> float:
        return (self.naive - self.figure.value) / self.figure.value * 100.0


def target_of(document: dict[str, Any], function: str) -> dict[str, Any]:
    for target in document["targets"]:
        if target["function"] == function:
            return target
    raise KeyError(f"{document.get('elf', '?')}: no prediction of {function}")


def rows_of(figures: list[Figure], stored: dict[str, dict[str, Any]]) -> list[Row]:
    """A row per figure whose image has a stored prediction of its function."""
    rows = []
    for figure in figures:
        document = stored.get(figure.image)
        if document is None:
            continue
        target = target_of(document, figure.function)
        where = document["board"] or (f"generic {document['core']} at "
                                      f"{document['clock_hz'] / 1e6:g} MHz")
        rows.append(Row(figure, target["calls"],
                        target["instructions_per_call"] / figure.per_call,
                        target["naive_renode_cycles"] / figure.per_call,
                        target["predicted_cycles"]["median"] / figure.per_call,
                        target["band_pct"], where, target["code_memory"],
                        target["data_memory"], target.get("traced", {})))
    return rows


def spread_rows(figures: list[Figure], stored: dict[str, dict[str, Any]]) -> list[tuple[Row, Image]]:
    """Each figure again, on the image that repeats its program with another compiler."""
    rows = []
    for image in IMAGES:
        if not image.spread_of or image.name not in stored:
            continue
        for figure in figures:
            if figure.image == image.spread_of:
                again = replace(figure, image=image.name)
                rows += [(row, image) for row in rows_of([again], stored)]
    return rows


def median_abs(errors: list[float]) -> float:
    return statistics.median(abs(e) for e in errors) if errors else float("nan")


def number(value: float) -> str:
    """Whole cycles, or one decimal under a thousand (the AES figures are published so)."""
    return f"{value:,.1f}" if abs(value) < 1000 else f"{value:,.0f}"


def flash_reads(row: Row) -> str:
    """What the trace's flash cache replay found, and the figure with no cache at all."""
    reads, misses = row.traced.get("nvm_reads"), row.traced.get("nvm_misses")
    if reads is None or misses is None:
        return ""
    per = row.figure.per_call
    uncached = row.predicted + (reads - misses) / per   # one wait state per read (samd21)
    error = (uncached - row.figure.value) / row.figure.value * 100.0
    return (f"; per {row.figure.unit.removeprefix('cycles per ')}, {number(reads / per)} flash "
            f"reads (instruction words and literals), {number(misses / per)} of them missing "
            f"the NVM cache (with no cache, every read at its wait state: {number(uncached)} "
            f"cycles, {error:+.1f} %)")


def pinned(figures: list[Figure]) -> list[tuple[str, str]]:
    return sorted({(f.repository, f.commit) for f in figures})


def spread_section(spread: list[tuple[Row, Image]], rows: list[Row]) -> list[str]:
    """The compiled figures again with gcc 12.2: what the compiler alone moves."""
    if not spread:
        return []
    nearest = {r.figure.id: r for r in rows}
    lines = [
        "",
        "## The compiler alone",
        "",
        "The compiled figures again, from the same files, flags and placement, by Debian "
        "bookworm's gcc 12.2 instead of the gcc nearest the published builds' (8.3.1). Same "
        "board model, same published figure: the change is the compiler's.",
        "",
        "| figure | build | instructions | predicted cycles | error | build | instructions | "
        "predicted cycles | error |",
        "|---|---|---:|---:|---:|---|---:|---:|---:|",
    ]
    for row, image in spread:
        near = nearest.get(row.figure.id)
        if near is None:
            continue
        built = next(i.built for i in IMAGES if i.name == image.spread_of)
        lines.append(f"| `{row.figure.id}` | {built} | {number(near.instructions)} | "
                     f"{number(near.predicted)} | {near.error_pct:+.1f} % | {image.built} | "
                     f"{number(row.instructions)} | {number(row.predicted)} | "
                     f"{row.error_pct:+.1f} % |")
    return lines


def markdown(rows: list[Row], figures: list[Figure], missing: list[str],
             spread: list[tuple[Row, Image]] | None = None) -> str:
    lines = [
        "# Validation: public programs with published cycle counts",
        "",
        "Two assembly libraries and one compiled benchmark whose authors published hardware "
        "cycle counts, predicted with the project's own user-ELF path (`python -m models predict "
        "--elf`, `docs/user-firmware.md`). For the assembly no compiler is in the loop: our "
        "binary runs the published instructions, so the error is the core model's and the "
        "memories'. CoreMark is compiled from the published source with the published builds' "
        "flags and memory placement by the gcc nearest theirs that a registry here serves "
        "(Debian bullseye's 8.3.1; theirs 5.4.1 and 7.2.1): its error also holds what those "
        "compilers do differently, and the section \"The compiler alone\" shows how much that "
        "can be. "
        "No fit sees these figures (`models/data/validation-published-asm.csv` is read by "
        "`models/validation/asm.py` only): the errors are out of sample.",
        "",
        "## Results",
        "",
        "Per figure: the instructions Renode counted, Renode's naive cycles (one per "
        "instruction), the predicted cycles (median over the calls; the functions are "
        "constant-time) and the published cycles, in the published unit; "
        "error = (figure - published) / published.",
        "",
        "| program | function | instructions | naive cycles | predicted cycles | published "
        "cycles | unit | error predicted | error naive | band | kind |",
        "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---|",
    ]
    for r in rows:
        f = r.figure
        lines.append(f"| {f.program} (`{f.image}`) | `{f.function}` | {number(r.instructions)} | "
                     f"{number(r.naive)} | {number(r.predicted)} | {number(f.value)} | "
                     f"{f.unit} | {r.error_pct:+.2f} % | {r.naive_error_pct:+.1f} % | "
                     f"±{r.band_pct:.0f} % | {f.kind} |")
    measured = [r for r in rows if r.figure.kind == "measured"]
    lines += [
        "",
        f"Median |error| over {len(rows)} figures: predicted "
        f"**{median_abs([r.error_pct for r in rows]):.2f} %**, naive "
        f"{median_abs([r.naive_error_pct for r in rows]):.1f} %; over the {len(measured)} "
        f"measured ones: predicted {median_abs([r.error_pct for r in measured]):.2f} %, naive "
        f"{median_abs([r.naive_error_pct for r in measured]):.1f} %. The band is the one "
        "`predict` states (the core model's 80 % band, widened where the prediction leaves the "
        "calibrated ground: here a generic core for the Cortex-M0+).",
    ]
    if missing:
        lines += ["", f"Not predicted (no stored prediction): {', '.join(missing)}."]
    lines += spread_section(spread or [], rows)
    lines += ["", "## What each figure covers", ""]
    for r in rows:
        f = r.figure
        # A generic core has no named memories: its places are addresses.
        code, data = (f"{'at' if m.startswith('0x') else 'in'} {m}" for m in (r.code, r.data))
        lines.append(f"- `{f.id}`: {f.covers}; {f.repository} {f.commit[:7]} `{f.source}`. "
                     f"Ours: {r.calls} call(s) of `{f.function}` on {r.where}, code {code}, "
                     f"stack {data}"
                     + (f"; one call is {f.per_call} units" if f.per_call != 1 else "")
                     + flash_reads(r) + ".")
    lines += [
        "",
        "## Sources and conditions",
        "",
        *[f"- https://github.com/{repository} at commit {commit} (the files the images assemble or "
          "compile are pinned with their SHA-256 in `firmware/third_party/files.lock`)."
          for repository, commit in pinned(figures)],
        "- **x25519-cm0** (`firmware/validation/x25519-cm0/`): `src/x25519-cm0.S` as published, "
        "assembled with its `src/Makefile` flags (-Os -mcpu=cortex-m0plus). Published: x25519 "
        "measured on a SAM D20 Xplained Pro (ATSAMD20J18, Cortex-M0+) at 8 MHz; flash at zero "
        "wait states at that clock. The repository has no board harness, so whether the "
        "published count includes the call and a timer read is not said (a few cycles of 3.2 "
        "M). `gf_inv_inner` and `gf_legendre_inner` are the sums of the file's `Cost:` comments, "
        "instruction timings counted by hand, from entry through the return. Ours: a generic "
        "Cortex-M0+ at 8 MHz (`--core m0plus --clock-hz 8e6`), code in flash at 0x0 and "
        "the stack in SRAM at 0x20000000, priced at zero wait states; x25519 checked against "
        "RFC 7748's one-iteration result, gf_legendre_inner called through `legendre_of` (the "
        "file's own commented-out test wrapper) on 2, 4 and 8 and checked; x25519's three "
        "memcpy calls run the harness's byte loop.",
        "- **aes-armcortexm** (`firmware/validation/aes-armcortexm/`): `aes128/aes.s` (key "
        "schedule, single block) and `aes128ctr/aes_128_ctr.s` (CTR) as published, one image "
        "each. Published: STM32F407 at 24 MHz from the PLL, FLASH_ACR 0 wait states with the "
        "ART caches and prefetch on; averages over 10,000 runs with random inputs, nonces and "
        "keys; each a CYCCNT difference around one call, so it includes the argument set-up, "
        "the BL, the return and a CYCCNT load (some 5-10 cycles that the prediction, counting "
        "from the function's entry to its return instruction, leaves out). Ours: the stm32f407 "
        "board (`--board stm32f407`, modelled at 16 MHz, 0 wait states), code and T-table in "
        "flash, stack and buffers in SRAM1; the single block checked against FIPS-197 C.1, the "
        "CTR output's first and last blocks against a reference AES.",
        "- **CoreMark** (`firmware/validation/coremark/`): PaulStoffregen/CoreMark's files as "
        "published (EEMBC CoreMark 1.0 with its Arduino core_portme), the 2K performance run "
        "(seeds 0, 0, 0x66). Published: iterations per second of the README's table, the "
        "timed region being one call of `iterate()`; turned into cycles per iteration at the "
        "boards' clocks (Teensy 4.0 600 MHz, Arduino Zero 48 MHz). The published builds are "
        "the Arduino cores' defaults: Teensyduino, -O2, code in ITCM and data and stack in DTCM "
        "(the Teensy 4.0's linker script); ArduinoCore-samd, -Os with `--param "
        "max-inline-insns-single=500`, code in flash at 1 wait state (its start-up sets "
        "NVMCTRL RWS to 1 at 48 MHz), data and stack in SRAM. Ours: the same files and flags "
        "(soft-float; the timed code has no floating point) on the rt1060 and samd21 boards, "
        "whose placements are the same, compiled by Debian bullseye's arm-none-eabi-gcc 8.3.1 "
        "(Arm's 8-2019-q3, `tools/fetch-gcc8-arm.sh`, pinned by SHA-256), the release nearest "
        "the published builds' gcc 5.4.1 (Teensyduino 1.47) and 7.2.1 (ArduinoCore-samd "
        "1.8.3's arm-none-eabi-gcc 7-2017q4) that a registry here serves; our harness and "
        "start-up by gcc 12.2, outside the timed region. 10 iterations per call, the list, "
        "matrix and state CRCs checked against CoreMark's own (0xe714, 0x1fd7, 0x8e3a). The "
        "published runs also took the boards' 1 kHz SysTick and idle USB interrupts, some "
        "0.1 % of the cycles, which ours do not have. The samd21's flash is priced from the "
        "call's trace: its instruction-word fetches and literal loads replayed through the "
        "NVMCTRL cache of the data sheet (direct-mapped, 8 lines of 64 bits; ArduinoCore-samd "
        "1.8.3's start-up sets RWS to 1 and leaves the cache at its reset state), a miss "
        "costing the wait state. The same files by gcc 12.2 (\"The compiler alone\") make a "
        "fifth fewer instructions on the Cortex-M0+ at -Os: the Arduino Zero figure measured "
        "a binary of gcc 7's generation, not gcc 12's. A second SAMD21 figure points the same "
        "way but is not a row: manitou48/DUEZoo's `perf.txt` (b819fa4, 2019) gives 85.3 "
        "iterations/s for an Adafruit-core -O2 build by gcc 7.2.1 (562,720 cycles per "
        "iteration), of a CoreMark port whose source that repository does not hold.",
        "- The return instruction of a function is not in its count (`docs/user-firmware.md`, "
        "\"Not modelled yet\"): the predicted figures leave out one return (BX LR or POP {..,PC}) "
        "per call, which the published ones include.",
        "- 32-bit LDM/STM/PUSH/POP: the register counts of these come from the image's static "
        "listing, averaged over the instructions that share a first halfword "
        "(`models/profiles/opcodes.py` `exact_counters`), not from the executed instruction. The "
        "identical `AES_128_keyschedule` (one PUSH.W of 8 registers, an LDM of 4 and a POP.W "
        "of 8 per call) is therefore priced differently in the two AES images: in the CTR image "
        "with 12.5 registers loaded and 8 stored per call, near the 12 and 8 it transfers; in "
        "the single-block image, whose other functions push and pop fewer registers with the "
        "same first halfwords, with 9.4 and 5.6, some 5 cycles fewer.",
        "",
        "Regenerate: `.venv/bin/python -m models.validation.asm` (stored predictions); "
        "`make validation-asm` builds the images and predicts them again in Renode when present.",
        "",
    ]
    return "\n".join(lines)


def write(out: Path = REPORT, data: Path = DATA, source: Path = PUBLISHED) -> Path:
    figures = load_published(source)
    stored = load_stored(data)
    rows = rows_of(figures, stored)
    missing = [f.id for f in figures if f.image not in stored]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(markdown(rows, figures, missing, spread_rows(figures, stored)))
    return out


def predict(image: Image) -> int:
    """Runs `predict --elf` on the image, keeping its JSON document (the ELF path made relative
    to the repository, the command added)."""
    options = [*image.where,
               *[option for name in image.functions for option in ("--function", name)],
               "--calls", str(CALLS), "--json"]
    image.stored.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "models", "predict", "--elf", str(image.elf), *options,
               "--save", str(image.stored)]
    print(f"validation-asm: predicting {image.name} ({' '.join(image.where)}) ...", flush=True)
    done = subprocess.run(command, cwd=TOP, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stderr.strip() or done.stdout.strip(), file=sys.stderr)
        return done.returncode
    document = json.loads(image.stored.read_text())
    document["elf"] = str(image.elf.relative_to(TOP))
    document["command"] = " ".join(["python -m models predict --elf", document["elf"], *options])
    image.stored.write_text(json.dumps(document, indent=1) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = argv[0] if argv else "report"
    if command not in ("report", "predict"):
        print(f"validation-asm: error: unknown command {command!r} (report, predict)",
              file=sys.stderr)
        return 2
    if command == "predict":
        for image in IMAGES:   # one after the other: one Renode at a time
            if not image.elf.exists():
                print(f"validation-asm: {image.elf.relative_to(TOP)} not built (make -C "
                      f"firmware/validation/{image.program}): its stored prediction is kept")
                continue
            status = predict(image)
            if status:
                return status
    out = write()
    print(f"validation-asm: wrote {out.relative_to(TOP)}")
    print(out.read_text().split("## Results", 1)[1].split("## What each", 1)[0].strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
