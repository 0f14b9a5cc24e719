"""reports/: predictions.csv, index.md, index.html and PNG figures, from one pipeline outcome.

Every figure has its source CSV beside it and its run conditions in the report.
"""
from __future__ import annotations

import csv
import html
import io
import re
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from models import boards, native_report, pipeline  # noqa: E402
from models.accelerators.atecc508a import command_of  # noqa: E402
from models.calibration import (bands, builds, compiler_spread, fit,  # noqa: E402
                                out_of_sample)
from models.matrix import ECC_PHASES, Case, core_cycles, cycles_per_call  # noqa: E402
from models.params import Param  # noqa: E402
from models.pipeline import TOP, Outcome, geometric, naive_errors  # noqa: E402
from models.predictions import prediction_rows, write_predictions  # noqa: E402
from models.size_sweep import crossovers, sweep  # noqa: E402

REPORTS = TOP / "reports"


def _mips(board: str) -> str:
    soc = {"rt1060": "imxrt1062", "rt1170": "imxrt1176_cm7", "samd21": "atsamd21j18a",
           "stm32f407": "stm32f407"}[board]
    match = re.search(r"PerformanceInMips:\s*(\d+)", (TOP / "platforms" / "socs" /
                                                     f"{soc}.repl").read_text())
    return match.group(1) if match else "?"


def _library_versions() -> str:
    lock = (TOP / "firmware" / "third_party" / "sources.lock").read_text().splitlines()
    found = [" ".join(line.split()[:2]) for line in lock
             if line.split()[:1] and line.split()[0] in ("mbedtls", "wolfssl", "cryptoauthlib")]
    return ", ".join(found)


def parity_plot(outcome: Outcome, out: Path) -> None:
    v = outcome.validation
    naive = naive_errors(outcome)
    fig, ax = plt.subplots(figsize=(6.4, 6.0))
    for label, errors, marker in (("calibrated", v.calibration, "o"),
                                  ("leave-one-out", v.loo, "x"),
                                  ("naive (stock Renode)", naive, "s")):
        xs = [c.measurement.value for c in outcome.cells if c.id in errors]
        ys = [c.measurement.value * (1 + errors[c.id] / 100) for c in outcome.cells if c.id in errors]
        ax.scatter(xs, ys, label=label, marker=marker, alpha=0.75,
                   facecolors="none" if marker == "s" else None, edgecolors="C2" if marker == "s" else None)
    low = min(c.measurement.value for c in outcome.cells) / 2
    high = max(c.measurement.value for c in outcome.cells) * 2
    ax.plot([low, high], [low, high], "k-", lw=0.8, label="y = x")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("published (cpb, cycles or ms, as the row)")
    ax.set_ylabel("predicted (same unit)")
    ax.set_title("Parity: predicted vs published, every calibration cell")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def error_plot(outcome: Outcome, out: Path) -> None:
    v = outcome.validation
    naive = naive_errors(outcome)
    ids = [c.id for c in outcome.cells]
    fig, ax = plt.subplots(figsize=(10, 5.5))
    xs = range(len(ids))
    width = 0.28
    ax.bar([x - width for x in xs], [v.calibration[i] for i in ids], width, label="calibrated")
    ax.bar(list(xs), [v.loo[i] for i in ids], width, label="leave-one-out")
    ax.bar([x + width for x in xs], [naive.get(i, 0.0) for i in ids], width,
           label="naive (stock Renode; 0 = n/a)")
    ax.axhline(0, color="k", lw=0.6)
    ax.set_xticks(list(xs))
    ax.set_xticklabels(ids, rotation=75, fontsize=7)
    ax.set_ylabel("error [%]")
    ax.set_ylim(-100, 200)
    ax.set_title("Per-cell error (clipped to -100..200 %)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def sweep_plots(rows: list[dict[str, object]], out_dir: Path) -> list[Path]:
    paths = []
    for board in sorted({str(r["board"]) for r in rows}):
        algorithms = sorted({str(r["algorithm"]) for r in rows if r["board"] == board})
        fig, axes = plt.subplots(1, len(algorithms), figsize=(4.6 * len(algorithms), 4.2),
                                 squeeze=False)
        for ax, algorithm in zip(axes[0], algorithms):
            for opt, style in (("high-speed", "-"), ("none", "--")):
                for path, color in (("sw", "C0"), ("hw", "C3")):
                    pts = [(r["buffer_bytes"], r["kbps"]) for r in rows if r["board"] == board
                           and r["algorithm"] == algorithm and r["opt"] == opt and r["path"] == path]
                    if pts:
                        ax.plot(*zip(*pts), style, color=color, marker=".",
                                label=f"{path} {opt}")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("buffer [bytes]")
            ax.set_ylabel("throughput [KiB/s]")
            ax.set_title(f"{board}: {algorithm} (mbedtls)")
            ax.legend(fontsize=7)
        fig.tight_layout()
        path = out_dir / f"throughput-{board}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths


def _call_label(call: str) -> str:
    """ATECC508A opcodes by their command name: "calib_execute_command:64" -> "genkey (0x40)"."""
    if call.startswith("calib_execute_command:"):
        return f"{command_of(call)} ({int(call.partition(':')[2]):#04x})"
    return call


def _bound_reached(p: Param, value: float) -> str | None:
    """'lower' or 'upper' when a fitted value sits on a limit of its source range."""
    if not p.bounds:
        return None
    for name, limit in zip(("lower", "upper"), p.bounds):
        if abs(value - limit) <= 1e-3 * abs(limit):
            return name
    return None


def hw_ecc_rows(outcome: Outcome) -> list[list[object]]:
    """ECDSA phases that called an accelerator in a hw-path profile, against the same phase on the
    sw path: CPU side (core model on the hw profile) + accelerator busy time (its model)."""
    values = outcome.validation.full.values
    by_key = {c.key: c for c in outcome.cases}
    rows = []
    for case in outcome.cases:
        if not case.calls or case.algorithm not in ECC_PHASES:
            continue
        clock = boards.BOARDS[case.board].clock_hz
        total = cycles_per_call(case, values)
        cpu = core_cycles(case, values)
        sw = by_key.get((case.board, case.library, case.algorithm, "sw", case.opt, case.key_bits,
                         case.buffer_bytes))
        sw_ms = cycles_per_call(sw, values) / clock * 1e3 if sw else float("nan")
        calls = ", ".join(f"{_call_label(name)} x{n:g}" for name, n in sorted(case.calls.items()))
        rows.append([case.board, case.library, case.opt, case.algorithm, f"{sw_ms:.3g}",
                     f"{total / clock * 1e3:.3g}", f"{cpu / clock * 1e3:.3g}",
                     f"{(total - cpu) / clock * 1e3:.3g}", case.model, calls])
    return rows


def _csv_text(rows: list[dict[str, object]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def _table(header: list[str], rows: list[list[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    return lines + [""]


def beyond_floor_section(outcome: Outcome) -> list[str]:
    """The published rows faster than their core can run our build's instructions there
    (fit.beyond_floor): why they are not fitted, and what the calibrated models predict."""
    if not outcome.beyond_floor:
        return []
    values = outcome.validation.full.values
    rows = []
    for cell in outcome.beyond_floor:
        m = cell.measurement
        predicted = fit.predict(cell, values)
        rows.append([m.id, f"{m.value:g} {m.unit}", f"{fit.floor_value(cell):.6g} {m.unit}",
                     f"{predicted:.6g} {m.unit}",
                     f"{fit.error_pct(predicted, m.value):+.1f}"])
    return ["Not fitted: published rows faster than their core can execute the instructions our "
            "build runs there, whatever the parameters: one cycle per instruction on the "
            "Cortex-M0+; on the M4 one per instruction (an IT folded: none), one more per "
            "register an LDM/STM moves and per taken branch; two per cycle on the M7 "
            "(models/calibration/fit.py beyond_floor). The published build ran other code there "
            "(the STM32F407 init row: our 496 instructions, most of them newlib's memset "
            "clearing the contexts, take 81 branches), so no shared "
            "parameter can price the row without bending every other cell of its core "
            "(models/calibration/reference.py says what fitting it did).", ""] + _table(
        ["row", "published", "floor (our instructions)", "predicted", "error [%]"], rows)


def published_builds_section(outcome: Outcome) -> list[str]:
    """What each vendor table measured, and its transfer: reported apart from the core models,
    which price the binary that runs."""
    values = outcome.validation.full.values
    out = ["## Published builds", "",
           "A prediction is a statement about a binary. The published tables measured other "
           "binaries; each is modelled as a build of its own (models/calibration/builds.py): its "
           "code (a reference profile where ours differs), its placement (from its own linker "
           "file where known) and its compiler transfer, fitted to that build's rows only and "
           "never applied to a matrix or user prediction. The core models' parameters are the "
           "TRMs' and LLVM's, not fitted to these tables.", ""]
    rows = []
    cells_of = outcome.validation.full.cells_of
    for build in builds.BUILDS:
        prefix = f"compiler.{build.compiler}."
        names = sorted(name for name in values if name.startswith(prefix))
        transfer = ", ".join(f"`{name[len(prefix):]}` {values[name]:.3g}"
                             f" ({len(cells_of.get(name, []))} cells)" for name in names)
        rows.append([build.id, build.title, build.evidence, transfer])
    out += _table(["build", "what it measured", "placement and code", "compiler transfer "
                   "(cells it rests on)"], rows)
    return out + board_difference(outcome)


def board_difference(outcome: Outcome) -> list[str]:
    """The RT1170's published software rows less the RT1060's, per byte, at both levels: the same
    IAR build of the same sources on the same core, with the data in OCRAM on the RT1170
    (builds.RT1170_SDK_PLACEMENT) and in DTCM on the RT1060. What the difference depends on is
    what the memory layer has to explain; the model's difference is shown beside it."""
    values = outcome.validation.full.values
    found: dict[tuple[str, str], dict[str, tuple[float, float]]] = {}
    for cell in outcome.cells:
        m = cell.measurement
        if (cell.case.model != "core" or m.metric != "cycles_per_byte"
                or cell.case.board not in ("rt1060", "rt1170") or cell.case.path != "sw"):
            continue
        found.setdefault((cell.case.algorithm, cell.case.opt), {})[cell.case.board] = (
            m.value, fit.predict(cell, values))
    rows = []
    for (algorithm, opt), by_board in sorted(found.items()):
        if len(by_board) == 2:
            (p60, m60), (p70, m70) = by_board["rt1060"], by_board["rt1170"]
            rows.append([algorithm, opt, f"{p60:.2f}", f"{p70:.2f}", f"{p70 - p60:+.1f}",
                         f"{m70 - m60:+.1f}"])
    if not rows:
        return []
    return ["", "**The RT1170 rows less the RT1060 rows.** Both tables measured the same IAR "
            "build of the same sources on the same core; the RT1170's build keeps its data in "
            "OCRAM behind the L1 D-cache, the RT1060's in DTCM. Per algorithm the published "
            "difference is nearly the same at both optimisation levels, although the levels "
            "execute very different code: it follows what the source reads and writes, not what "
            "the compiler keeps in registers. The model prices it as a stall per load of the "
            "gcc -O3 profile (`rt1170.ocram_load_cycles`), which cannot follow the algorithms' "
            "different shares; counting each access against the section it reaches (a trace "
            "with memory accesses) is the next step for this layer.", "",
            *_table(["algorithm", "opt", "rt1060 cpb", "rt1170 cpb", "published difference",
                     "model difference"], rows)]


def compiler_spread_section(outcome: Outcome) -> list[str]:
    spreads = compiler_spread.pairs(outcome.validation.full.values)
    out = ["## Compiler spread", "",
           "The same bench sources, flags and optimisation levels built with other compilers "
           "than the matrix's gcc 12.2: Debian's clang (`tools/clang-arm-cc.sh`), another "
           "family, and arm-none-eabi-gcc 8.3.1 (`tools/gcc8-arm-cc.sh`), the generation of "
           "the published builds' era; profiled in Renode and priced as they run "
           "(models/calibration/compiler_spread.py). A published build's row crosses compilers: "
           "its band adds its algorithm's largest spread over both in quadrature "
           "(predictions.csv `band_pct` of the `reference` rows).", ""]
    if not spreads:
        return out + ["No second compiler's profiles are stored (`python -m models.calibration."
                      "compiler_spread profile` makes them): the reference rows carry the "
                      "model's band alone.", ""]
    return (out + compiler_spread.summary(spreads) + [""] + compiler_spread.table(spreads)
            + [""])


def bands_section(outcome: Outcome) -> list[str]:
    rows = [[b.model, f"±{b.pct:.1f}", b.coverage_text(), b.cells, b.pooled or "-"]
            for b in pipeline.model_bands(outcome).values()]
    out = ["## Bands", "",
           f"Each prediction carries its model's {bands.NOMINAL:.0%} band (predictions.csv "
           "`band_pct`, `predict`, `make`'s answer): the 80th percentile of the |leave-one-out "
           "error| of the published figures the model prices. Coverage is measured one level "
           "further out: the share of those figures whose error lies inside the band made from "
           "the others alone (models/calibration/bands.py). On fewer than "
           f"{bands.min_figures()} figures that coverage cannot reach {bands.NOMINAL:.0%} (the "
           "largest error is always outside the band of the others), so an accelerator model "
           "with fewer takes the band of every accelerator model's figures together, and that "
           "pool's coverage (`pooled`).", ""]
    out += _table(["model", "80 % band [%]", "measured coverage", "figures", "pooled"],
                  sorted(rows))
    return out + validation_coverage(outcome)


def validation_coverage(outcome: Outcome) -> list[str]:
    """How often the core model's band holds on the validation programs: public programs with
    published cycle counts, gcc and assembly binaries priced as they run, never fitted
    (reports/validation.md, reports/validation-asm.md)."""
    from models.validation import asm, profile, published
    from models.validation import report as embench
    core = pipeline.model_bands(outcome).get("core")
    if core is None:
        return []
    values = outcome.validation.full.values
    errors = [("Embench IoT 2.0, stm32f407 (GCC 14 -O2, newlib -Os strings)", row.error_pct)
              for row in
              embench.rows_of(profile.load_all(), published.load(), values)]
    built = {image.name: image.built for image in asm.IMAGES}
    errors += [(f"{row.figure.program}, {row.where} ({built[row.figure.image]})", row.error_pct)
               for row in asm.rows_of(asm.load_published(), asm.load_stored())]
    if not errors:
        return []
    inside = sum(abs(e) <= core.pct for _, e in errors)
    suites = sorted({name for name, _ in errors})
    return [f"On the validation programs ({'; '.join(suites)}: {len(errors)} published "
            f"figures no fit sees), the core model's band of ±{core.pct:.1f} % holds "
            f"{inside} of {len(errors)} ({inside / len(errors):.0%}); median |error| "
            f"{fit.median_abs(dict(enumerate(e for _, e in errors))):.1f} %.", ""]


def out_of_sample_section(outcome: Outcome) -> list[str]:
    found = out_of_sample.checks(outcome.cases, outcome.validation.full.values)
    if not found:
        return []
    rows = [[c.measurement.id, c.measurement.published_opt,
             f"{c.measurement.value:g} {c.measurement.unit}",
             f"{c.predicted:.6g} {c.measurement.unit}", case_label(c.case),
             f"{c.error_pct:+.1f}",
             "n/a" if c.naive_error_pct is None else f"{c.naive_error_pct:+.1f}",
             c.measurement.conditions] for c in found]
    return ["## Out-of-sample check (never fitted)", "",
            "Published figures from other sources than the calibration's, which no fit sees "
            "(models/data/out-of-sample.csv, models/calibration/out_of_sample.py): how the "
            "calibrated models carry over to code they were not fitted to. Their build conditions "
            "are less well known than the calibration rows' (the file's header says what is "
            "assumed), so one row is a check, not a measure of the error. The prediction is our "
            "gcc -O3 binary of the library release we build, as it runs; the published build's "
            "compiler, options and release are not ours and no transfer is known for them, so "
            "the error holds the whole difference between the two builds (the compiler spread "
            "alone reaches 10-27 % on these cores at -O3, section \"Compiler spread\").", ""] + _table(
        ["row", "published opt", "published", "predicted", "our case", "error [%]", "naive [%]",
         "conditions"], rows)


def markdown(outcome: Outcome, crossover: dict[tuple, int | None], elapsed: float,
             overhead: dict | None) -> str:
    v = outcome.validation
    naive = naive_errors(outcome)
    cal_med, loo_med = fit.median_abs(v.calibration), fit.median_abs(v.loo)
    naive_med = fit.median_abs(naive)
    ratio = {name: [1 + e / 100 for e in errors.values()] for name, errors in
             (("calibrated", v.calibration), ("leave-one-out", v.loo), ("naive", naive),
              ("defaults", v.default))}
    out = ["# Predicted crypto performance: calibrated cycle models", "",
           "Generated by `make report` (models/report.py) from the stored Renode profiles in "
           "models/profiles/data/ and the published measurements in "
           "models/data/published-measurements.csv (the only data the models are fitted to).", "",
           "## Summary", ""]
    out += _table(["figure", "calibrated", "leave-one-out", "naive (stock Renode)",
                   "all parameters at defaults"], [
        ["median abs. error [%]", f"{cal_med:.1f}", f"{loo_med:.1f}", f"{naive_med:.1f}",
         f"{fit.median_abs(v.default):.1f}"],
        ["geometric mean predicted/published"] + [f"{geometric(ratio[k])[0]:.3f}" for k in
                                                 ("calibrated", "leave-one-out", "naive", "defaults")],
        ["geometric SD"] + [f"{geometric(ratio[k])[1]:.3f}" for k in
                            ("calibrated", "leave-one-out", "naive", "defaults")],
        ["cells", len(v.calibration), len(v.loo), len(naive), len(v.default)],
    ])
    out += [f"Targets: calibration median <= 5 % ({'met' if cal_med <= 5 else 'NOT met'}), "
            f"leave-one-out median <= 5 % ({'met' if loo_med <= 5 else 'NOT met'}). "
            "The naive estimate exists only for software cells (stock Renode has no accelerator "
            "timing). Leave-one-out refits the same model without the cell and without its "
            "twins, published rows of the same code (the RT1060 'dcp' SHA-512 rows measure the "
            "sw rows' code), so that no cell is predicted from a second measurement of itself. "
            "Each leave-one-out fit applies the whole procedure to the cells left, the rule of "
            "two cells per fitted parameter included: a per-file transfer resting on a file's "
            "two rows stays at its default without one of them, as it would have had that row "
            "never been published.", ""]
    if outcome.missing:
        out += ["Published rows without a matching profile (not in the fit): "
                + ", ".join(m.id for m in outcome.missing), ""]
    out += ["## Parity", "", "![parity](parity.png)", "",
            "Source: predictions.csv (rows with `measured`). Log-log; y = x is a perfect "
            "prediction.", "", "## Per-cell error", "", "![errors](errors.png)", ""]
    rows = []
    for cell in outcome.cells:
        m = cell.measurement
        model = cell.case.model + (" (reference build)" if cell.case.reference else "")
        rows.append([m.id, f"{m.value:g} {m.unit}", model,
                     f"{v.calibration[cell.id]:+.1f}", f"{v.loo[cell.id]:+.1f}",
                     f"{naive[cell.id]:+.1f}" if cell.id in naive else "n/a",
                     ", ".join(f"`{p}`" for p in v.loo_frozen.get(cell.id, [])) or "-"])
    out += _table(["cell", "published", "model", "calibrated [%]", "leave-one-out [%]",
                   "naive [%]", "at default in its leave-one-out fit"], rows)
    out += ["The last column names the parameters the full fit moves but the cell's "
            "leave-one-out fit keeps at their defaults, because fewer than two of the cells left "
            "depend on them: that cell's leave-one-out figure is what those defaults predict.", ""]
    out += beyond_floor_section(outcome)
    references = sorted({c.case.reference for c in outcome.cells if c.case.reference})
    if references:
        out += ["Cells marked `reference build` are priced from a profile of a calibration "
                "reference build, built like the published board's where that board's figures show "
                "a difference in what the code executes (models/calibration/reference.py; "
                "build " + ", ".join(f"`{r}`" for r in references) + "); their naive "
                "figure is stock Renode on that build. predictions.csv gives that build's six "
                "phases as rows of their own (`build` reference) beside the matrix's own.", ""]
    out += published_builds_section(outcome)
    out += compiler_spread_section(outcome)
    out += bands_section(outcome)
    out += out_of_sample_section(outcome)
    out += ["## Parameters", "",
            "Fitted parameters are labelled `fitted` (maximum a posteriori in log space with the "
            "default as a log-normal prior; uncertainty = 1 sigma from the Jacobian, scaled by "
            "the reduced chi-square when above 1). A parameter fewer than two calibration cells "
            "depend on is never fitted. Fitted values are calibration results, not datasheet "
            "facts. The leave-one-out range is the lowest and highest value of the parameter "
            "over the leave-one-out fits (a fit that keeps it at its default counts with the "
            "default): how far one published figure moves it.", ""]
    prow = []
    for p in outcome.params:
        value = v.full.values[p.name]
        bound = _bound_reached(p, value)
        if p.name in v.full.fitted and bound:
            # the Jacobian's sigma means nothing for a value the fit pressed onto its limit
            status = f"fitted, at its {bound} bound ({len(v.full.cells_of.get(p.name, []))} cells)"
        elif p.name in v.full.fitted:
            status = f"fitted (+/- {100 * v.full.rel_sigma.get(p.name, float('nan')):.0f} %, " \
                     f"{len(v.full.cells_of.get(p.name, []))} cells)"
        elif p.fit:
            status = f"default (fittable; {len(v.full.cells_of.get(p.name, []))} cells)"
        else:
            status = "default"
        source = p.source + (f"; kept within {p.bounds[0]:g}..{p.bounds[1]:g}" if p.bounds else "")
        low, high = v.loo_range(p.name)
        spread = f"{low:.4g}..{high:.4g}" if p.name in v.full.fitted else "-"
        prow.append([p.name, f"{value:.4g}", spread, f"{p.default:.4g}", p.unit, status,
                     p.meaning, source])
    out += _table(["parameter", "value", "leave-one-out range", "default", "unit", "status",
                   "meaning", "source"], prow)
    out += [f"Reduced chi-square of the full fit (5 % cell sigma): {v.full.chi2_per_dof:.2f}.", "",
            ""]
    hw_rows = hw_ecc_rows(outcome)
    if hw_rows:
        out += ["## ECDSA on the accelerator (hw-path profiles)", "",
                "Phases whose hw-path profile called the accelerator: the core model prices the "
                "CPU side the profile counted (library, driver, scalar arithmetic left in "
                "software; the profiling run zeroes the device's modelled time and takes the "
                "host's fixed delays and polled I2C transfers out, models/profiles/collect.py) and the accelerator model "
                "adds the busy time of each recorded call (CAAM PKHA: caam.pkha_* per job, "
                "not fitted; ATECC508A: wake, I2C transfers and the polled execution time of "
                "each command). Predicted, not measured: the only published hw ECC figure is "
                "samd21-ecc256-keygen-atecc.", ""]
        out += _table(["board", "library", "opt", "phase", "sw [ms]", "hw [ms]", "hw CPU side [ms]",
                       "hw accelerator [ms]", "model", "recorded calls"], hw_rows)
    out += native_report.section(outcome)
    out += ["## Throughput vs buffer size (sw vs hw)", ""]
    for board in ("rt1060", "rt1170"):
        out += [f"![{board}](throughput-{board}.png)", ""]
    crow = [[b, a, o, f"{s} B" if s else "none up to 16 KiB"] for (b, a, o), s in
            sorted(crossover.items())]
    out += ["Crossover: smallest buffer at which the accelerator path is at least as fast as "
            "software (mbedtls). Source: throughput-vs-size.csv. Software is the profiled 1 KiB "
            "call scaled by block count; hw is the accelerator model.", ""]
    out += _table(["board", "algorithm", "opt", "crossover"], crow)
    out += ["## Run conditions", ""]
    placement = {}
    toolchain = set()
    renodes: dict[str, int] = {}
    for p in outcome.profiles:
        placement.setdefault(p["board"], p["placement"])
        toolchain.add(p["toolchain"])
        renodes[p.get("renode", "unknown")] = renodes.get(p.get("renode", "unknown"), 0) + 1
    crow = []
    for b in boards.BOARDS.values():
        place = placement.get(b.id, {})
        crow.append([b.id, b.title, boards.BOARDS[b.id].core, f"{b.clock_hz / 1e6:g} MHz",
                     _mips(b.id), f"code+rodata {place.get('.text', '?')}, data/stack "
                     f"{place.get('.data', '?')}", b.accelerator or "none"])
    out += _table(["board", "board", "core", "core clock", "PerformanceInMips",
                   "memory placement (profiles)", "accelerator"], crow)
    out += [f"- Compiler: {'; '.join(sorted(toolchain))}; flags `-mthumb -mfloat-abi=soft "
            "-ffunction-sections -fdata-sections`, opt none = `-O0`, high-speed = `-O3` "
            "(firmware/Makefile).",
            f"- Libraries: {_library_versions()}; configs firmware/ports/mbedtls/"
            "mbedtls_config_sw.h, firmware/ports/wolfcrypt/user_settings.h.",
            "- Bench: 1 KiB buffer, 16 calls per measurement; ecdsa: P-256, one call per phase.",
            "- DWT/SysTick under Renode count virtual time at the core clock "
            "(PerformanceInMips = MHz): the naive column is that count, one cycle per executed "
            "instruction.",
            "- Matrix predictions are the gcc binaries as they run: no compiler factor. The "
            "published rows are priced as builds of their own (section \"Published builds\").",
            "- Published rows: IAR 9.10 (RT1060/RT1170, mbedtls 2.27), Keil armcc (STM32F407, "
            "mbedtls 2.16.2, opt unknown: compared with our -O3; calibrated on the reference "
            "build: mbedtls 2.16.2's own sources with "
            "firmware/ports/mbedtls/mbedtls_config_reference_stm32f407.h), unknown "
            "(SAMD21, wolfSSL: compared with our -O3). Accelerator parameters: see the parameter table (dcp.*, "
            "caam.*, atecc508a.*, glue.*).",
            "- Profiles made by: " + "; ".join(f"{version} ({count} profiles)" for version, count
                                                in sorted(renodes.items())) + ".",
            "- Profiles: Renode opcode counters (first halfword of each Thumb instruction; "
            "ambiguous halfwords resolved by their static occurrences), snapshots at each "
            "`cycles_now()` entry (models/profiles/collect.py).",
            "- Cortex-M7 at -O3: each region is also traced (Renode execution tracer, PCs) and "
            "its instructions replayed in order through the M7's dual-issue rules "
            "(models/profiles/trace_schedule.py); the model prices such a region by its issue "
            "cycles plus m7.taken_branch_cycles per taken branch, the per-class m7.* costs "
            "price the -O0 regions."]
    if overhead and "mips" in overhead:
        mips = overhead["mips"]
        out.append(f"- Profiling overhead ({overhead['board']} {overhead['image']} "
                   f"{overhead['app']}, host wall time incl. start-up): "
                   f"{mips['plain']:.2f} MIPS plain, {mips['counting']:.2f} MIPS with opcode "
                   f"counting ({overhead['host_seconds']['plain']:.1f} s vs "
                   f"{overhead['host_seconds']['counting']:.1f} s).")
    out += ["", f"Report generated in {elapsed:.1f} s (wall) from stored profiles.", ""]
    return "\n".join(out)


def to_html(text: str) -> str:
    body, in_table, in_list = [], False, False
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [html.escape(c.strip()) for c in line.strip("|").split("|")]
            if set(line.replace("|", "").strip()) <= set("-"):
                continue
            if not in_table:
                body.append("<table>")
                in_table = True
                body.append("<tr>" + "".join(f"<th>{c}</th>" for c in cells) + "</tr>")
            else:
                body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
            continue
        if in_table:
            body.append("</table>")
            in_table = False
        if line.startswith("- "):
            if not in_list:
                body.append("<ul>")
                in_list = True
            body.append(f"<li>{html.escape(line[2:])}</li>")
            continue
        if in_list:
            body.append("</ul>")
            in_list = False
        image = re.match(r"!\[(.*)\]\((.*)\)", line)
        if image:
            body.append(f'<p><img alt="{html.escape(image.group(1))}" src="{image.group(2)}"></p>')
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            body.append(f"<h{level}>{html.escape(line[level:].strip())}</h{level}>")
        elif line.strip():
            body.append(f"<p>{html.escape(line)}</p>")
    if in_table:
        body.append("</table>")
    style = ("body{font-family:sans-serif;max-width:1100px;margin:auto}"
             "table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #999;"
             "padding:2px 5px}img{max-width:100%}")
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Predicted crypto "
            f"performance</title><style>{style}</style></head><body>\n" + "\n".join(body)
            + "\n</body></html>\n")


def studies_section(out: Path) -> str:
    """The what-if studies (reports/studies.md, written by `make studies`), one level down."""
    page = out / "studies.md"
    if not page.exists():
        return ""
    lines = page.read_text().splitlines()
    return "\n" + "\n".join("#" + line if line.startswith("#") else line for line in lines) + "\n"


def write(outcome: Outcome, started: float, overhead: dict | None, out: Path = REPORTS) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    write_predictions(prediction_rows(outcome), out / "predictions.csv")
    parity_plot(outcome, out / "parity.png")
    error_plot(outcome, out / "errors.png")
    rows = sweep(outcome)
    (out / "throughput-vs-size.csv").write_text(_csv_text(rows))
    sweep_plots(rows, out)
    text = markdown(outcome, crossovers(rows), time.monotonic() - started, overhead)
    text += studies_section(out)
    (out / "index.md").write_text(text)
    (out / "index.html").write_text(to_html(text))
    return out / "index.md"


def terminal_table(outcome: Outcome) -> str:
    """Predicted vs published, per calibration cell, for the console."""
    v = outcome.validation
    naive = naive_errors(outcome)
    lines = [f"{'cell':<30} {'published':>14} {'predicted':>12} {'err %':>7} {'LOO %':>7} "
             f"{'naive %':>8}"]
    for cell in outcome.cells:
        m = cell.measurement
        predicted = fit.predict(cell, v.full.values)
        lines.append(f"{m.id:<30} {m.value:>10.6g} {m.unit:<3} {predicted:>12.6g} "
                     f"{v.calibration[cell.id]:>+7.1f} {v.loo[cell.id]:>+7.1f} "
                     f"{(f'{naive[cell.id]:+.1f}' if cell.id in naive else 'n/a'):>8}")
    lines.append(f"median |error|: calibrated {fit.median_abs(v.calibration):.1f} %, "
                 f"leave-one-out {fit.median_abs(v.loo):.1f} %, naive "
                 f"{fit.median_abs(naive):.1f} % (software cells)")
    if outcome.beyond_floor:
        lines.append("not fitted, faster than the core can run our instructions there: "
                     + ", ".join(f"{c.measurement.id} {c.measurement.value:g} {c.measurement.unit}"
                                 f" (floor {fit.floor_value(c):.6g})"
                                 for c in outcome.beyond_floor))
    found = out_of_sample.checks(outcome.cases, v.full.values)
    if found:
        lines.append("out-of-sample, never fitted: " + ", ".join(
            f"{c.measurement.id} {c.error_pct:+.1f} %" for c in found))
    return "\n".join(lines)


def case_label(case: Case) -> str:
    return f"{case.board}/{case.library}-{case.path}-{case.opt}/{case.algorithm}"
