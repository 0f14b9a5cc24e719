"""The built-in studies: figures and one paragraph each, computed from the sweep CSVs.

    reports/sweeps/<sweep>.csv    the tidy results (`python -m models sweep ... --out reports/sweeps`)
    reports/studies/<study>.png   the figures
    reports/studies.md            the page; `make report` copies it into reports/index.md

Every number in a paragraph is computed here from the CSV; nothing is typed in by hand.
"""
from __future__ import annotations

import csv
import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Callable

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from models.accelerators import ACCELERATORS  # noqa: E402
from models.boards import BOARDS  # noqa: E402
from models.sweeps.cache import TOP, write_atomic  # noqa: E402

REPORTS = TOP / "reports"
CSV_DIR = REPORTS / "sweeps"
FIG_DIR = REPORTS / "studies"
NAMES = {"sha1": "SHA-1", "sha256": "SHA-256", "sha512": "SHA-512", "aes-cbc": "AES-CBC"}

Row = dict[str, str]


def read(name: str) -> list[Row]:
    with open(CSV_DIR / f"{name}.csv", newline="") as source:
        return list(csv.DictReader(source))


def series_name(row: Row) -> str:
    name = NAMES.get(row["algorithm"], row["algorithm"])
    if row["algorithm"].startswith("aes"):
        name = f"AES-{row['key_bits']}-CBC" + (" dec" if row.get("direction") == "decrypt" else "")
    return name


def accelerated(board: str, row: Row) -> bool:
    accel = BOARDS[board].accelerator
    return bool(accel) and ACCELERATORS[accel].handles(row["algorithm"], int(row["key_bits"] or 0))


def is_accelerated(board: str, name: str) -> bool:
    """For a series name (SHA-256, AES-128-CBC)."""
    return accelerated(board, {"algorithm": _algorithm(name), "key_bits": _key_bits(name)})


def size_text(size: int) -> str:
    return f"{size // 1024} KiB" if size >= 1024 and size % 1024 == 0 else f"{size} B"


def crossover(sizes: list[int], sw: dict[int, float], hw: dict[int, float]) -> tuple[int | None, int | None]:
    """(last size where software is at least as fast, first size from which the accelerator is
    faster at every larger size); (None, smallest) when hw wins everywhere, (largest, None) never."""
    first = None
    for size in reversed(sizes):
        if hw[size] > sw[size]:
            first = size
        else:
            break
    if first is None:
        return sizes[-1], None
    index = sizes.index(first)
    return (sizes[index - 1] if index > 0 else None), first


# ---------------------------------------------------------------------------------- buffer size
def buffer_size() -> tuple[str, list[Path]]:
    rows = read("buffer-size")
    profiled = bool(rows) and "predicted_kib_per_s" in rows[0]
    column = "predicted_kib_per_s" if profiled else "kib_per_s"
    kib: dict[tuple, dict[int, float]] = defaultdict(dict)        # the figures shown
    simulated: dict[tuple, dict[int, float]] = defaultdict(dict)  # Renode's, for comparison
    bands: dict[tuple, float] = {}
    per_op_ms: dict[tuple, float] = {}  # the bench's ECC part (boards that build it): per call
    for r in rows:
        if not r["kib_per_s"]:
            cycles = r.get("predicted_cycles_per_call") or r["cycles_per_call"]
            per_op_ms[(r["board"], r["path"], r["algorithm"], int(r["buffer_bytes"]))] = \
                float(cycles) / float(r["clock_hz"]) * 1e3
            continue
        if r["direction"] == "decrypt" or not r[column]:
            continue
        key = (r["board"], series_name(r), r["path"])
        kib[key][int(r["buffer_bytes"])] = float(r[column])
        simulated[key][int(r["buffer_bytes"])] = float(r["kib_per_s"])
        if r.get("band_pct"):
            bands[key] = float(r["band_pct"])
    boards = [b for b in BOARDS if any(k[0] == b for k in kib)]
    columns = 2 if len(boards) > 1 else 1
    fig, axes = plt.subplots((len(boards) + 1) // 2 if columns == 2 else 1, columns,
                             figsize=(6.2 * columns, 4.4 * ((len(boards) + 1) // columns)),
                             squeeze=False)
    findings, simulated_findings, unaccelerated, software_only = [], [], [], []
    for ax, board in zip(axes.flat, boards):
        sizes = sorted({s for k, v in kib.items() if k[0] == board for s in v})
        names = sorted({n for b, n, _ in kib if b == board})
        shown = [n for n in names if accelerated(board, {"algorithm": _algorithm(n),
                                                         "key_bits": _key_bits(n)})]
        if not shown:  # no bench algorithm on the accelerator: show the software curves
            shown = [n for n in names if n in ("SHA-1", "SHA-256", "AES-128-CBC")]
        for i, name in enumerate(shown):
            for path, style in (("sw", "--"), ("hw", "-")):
                points = kib.get((board, name, path))
                if points:
                    ax.plot(sizes, [points[s] for s in sizes], style, color=f"C{i}", marker="o",
                            ms=3, label=f"{name} {path}")
        for name in names:
            sw, hw = kib.get((board, name, "sw")), kib.get((board, name, "hw"))
            if hw is None:
                continue
            if is_accelerated(board, name):
                before, after = crossover(sizes, sw, hw)
                findings.append((board, name, before, after, hw[sizes[-1]] / sw[sizes[-1]],
                                 sizes[-1]))
                sim_sw, sim_hw = simulated[(board, name, "sw")], simulated[(board, name, "hw")]
                before, after = crossover(sizes, sim_sw, sim_hw)
                simulated_findings.append((board, name, before, after,
                                           sim_hw[sizes[-1]] / sim_sw[sizes[-1]], sizes[-1]))
            else:
                unaccelerated.append((board, max(abs(hw[s] / sw[s] - 1.0) for s in sizes)))
        if not any(k[0] == board and k[2] == "hw" for k in kib):
            software_only.append(board)
        accel = BOARDS[board].accelerator
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(sizes, [size_text(s) for s in sizes], rotation=30)
        ax.set_title(f"{board} ({accel.upper() if accel else 'no accelerator'}), mbedtls -O3")
        ax.set_xlabel("buffer per call")
        ax.set_ylabel("KiB/s (predicted)" if profiled else "KiB/s (simulated)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=7, ncol=2)
    for ax in list(axes.flat)[len(boards):]:
        ax.set_visible(False)
    fig.tight_layout()
    out = FIG_DIR / "buffer-size.png"
    fig.savefig(out, dpi=100)
    plt.close(fig)

    def phrase(board: str, name: str, before: int | None, after: int | None, ratio: float,
               largest: int, banded: bool = False) -> str:
        band = bands.get((board, name, "hw")) if banded else None
        ratio_text = f"{ratio:.1f}x" + (f" ±{band:.0f} %" if band else "")
        if after is None:
            return f"{name} never (software stays faster up to {size_text(largest)})"
        if before is None:
            return (f"{name} already at {size_text(after)}, the smallest size ({ratio_text} at "
                    f"{size_text(largest)})")
        return (f"{name} between {size_text(before)} and {size_text(after)} "
                f"({ratio_text} at {size_text(largest)})")

    def per_board(found: list[tuple], banded: bool = False) -> str:
        parts = []
        for board in boards:
            items = [phrase(*f, banded=banded) for f in found if f[0] == board]
            if items:
                parts.append(f"on the {board} ({BOARDS[board].accelerator.upper()}) "
                             + "; ".join(items))
        return "; ".join(parts)

    others = []
    for board in boards:
        spread = [d for b, d in unaccelerated if b == board]
        if spread and not any(f[0] == board for f in findings):
            others.append(f"the {board}'s {BOARDS[board].accelerator.upper()} takes none of the "
                          f"bench's algorithms, so its hw build runs them in software (hw within "
                          f"{100 * max(spread):.1f} % of sw at every size)")
    others += [f"the {b} has no accelerator (software curves only)" for b in software_only]
    ecc = ecc_sentence(per_op_ms)
    all_sizes = sorted({int(r["buffer_bytes"]) for r in rows})
    largest = {b: max(int(r["buffer_bytes"]) for r in rows if r["board"] == b) for b in boards}
    short = [f"{b} up to {size_text(largest[b])}" for b in boards if largest[b] < all_sizes[-1]]
    ran = (f"The bench ran in Renode with buffers of {', '.join(size_text(s) for s in all_sizes)} "
           f"on {', '.join(boards)} (mbedtls -O3 only - wolfCrypt would double the runs; "
           f"{''.join(x + ' for its RAM; ' for x in short)}{len(rows)} result rows)")
    if profiled:
        overstated = sorted((simulated[k][1024] / kib[k][1024], k[0], k[1]) for k in kib
                            if k[2] == "sw" and 1024 in kib[k] and is_accelerated(k[0], k[1]))
        head = (f"{ran}; every point was also profiled and priced by the calibrated models, so "
                f"the figures are predicted hardware figures (±: the accelerator model's leave-one-out "
                f"error). "
                f"The accelerator starts to pay off (first faster, and faster at every larger "
                f"size): {per_board(findings, banded=True)}. Below the crossover the fixed cost of a request "
                f"(driver glue, descriptor, context load, completion) outweighs the engine's "
                f"per-byte advantage. Renode's simulated figures (one cycle per instruction plus "
                f"the peripheral models' time) put software at "
                f"{overstated[0][0]:.1f}-{overstated[-1][0]:.1f}x its predicted speed at 1 KiB "
                f"(most on the {overstated[-1][1]}, {overstated[-1][2]}: the M7 does not run "
                f"that code at one instruction per cycle), so their crossovers differ: "
                f"{per_board(simulated_findings)}. ")
    else:
        predicted, _ = predicted_crossovers()
        head = (f"{predicted} Simulated, for comparison (this CSV has no predicted columns): "
                f"{ran[0].lower() + ran[1:]}, one cycle per instruction plus the peripheral models' time; there the "
                f"accelerator starts to pay off: {per_board(findings)}. ")
    text = (
        f"**Buffer size, software against the accelerator.** {head}" +
        ("; ".join(others)[0].upper() + "; ".join(others)[1:] + ". " if others else "") +
        ecc + "Curves: dashed software, solid accelerator; AES-CBC encryption shown "
        "(decryption is in the CSV).")
    return text, [out]


def predicted_crossovers() -> tuple[str, dict[tuple, float]]:
    """The buffer-size question answered on predicted hardware figures (the calibrated models,
    models/size_sweep.py `sweep`: software is the profiled 1 KiB call scaled by blocks, the
    accelerator its model at each size, mbedtls -O3), and the predicted software KiB/s at 1 KiB
    per (board, series name) to compare the simulated figures with."""
    from models import pipeline, size_sweep  # calibrates: imported late, only for this study
    outcome = pipeline.run(progress=False)
    rows = [r for r in size_sweep.sweep(outcome) if r["opt"] == "high-speed"]
    found = size_sweep.crossovers(rows)
    largest = max(int(r["buffer_bytes"]) for r in rows)
    kib = {(r["board"], r["algorithm"], int(r["key_bits"]), r["path"], int(r["buffer_bytes"])):
           float(r["kbps"]) for r in rows}
    per_board = []
    for board in sorted({b for b, _, _ in found}):
        items = []
        for (b, algorithm, _), size in sorted(found.items()):
            if b != board:
                continue
            bits = next(k for (bb, a, k, _, _) in kib if bb == board and a == algorithm)
            name = series_name({"algorithm": algorithm, "key_bits": str(bits)})
            ratio = kib[(board, algorithm, bits, "hw", largest)] / kib[(board, algorithm, bits,
                                                                       "sw", largest)]
            items.append(f"{name} from {size_text(size)} ({ratio:.1f}x at {size_text(largest)})"
                         if size is not None else
                         f"{name} never (software stays faster up to {size_text(largest)})")
        per_board.append(f"on the {board} ({BOARDS[board].accelerator.upper()}) "
                         + "; ".join(items))
    software = {(r["board"], series_name({"algorithm": str(r["algorithm"]),
                                          "key_bits": str(r["key_bits"])})): float(r["kbps"])
                for r in rows if r["path"] == "sw" and int(r["buffer_bytes"]) == 1024}
    text = ("Predicted on hardware (the calibrated models; software is the profiled 1 KiB call "
            "scaled by blocks, the accelerator its model at each size), the accelerator is at "
            "least as fast as software " + "; ".join(per_board) + ".")
    return text, software


def ecc_sentence(per_op_ms: dict[tuple, float]) -> str:
    """Where a board's accelerator takes the bench's ECC part instead (the samd21's ATECC508A)."""
    parts = []
    for board in sorted({k[0] for k in per_op_ms}):
        size = max(k[3] for k in per_op_ms if k[0] == board)
        ops = sorted({k[2] for k in per_op_ms if k[0] == board})
        pairs = [(op, per_op_ms.get((board, "sw", op, size)), per_op_ms.get((board, "hw", op, size)))
                 for op in ops]
        pairs = [(op, sw, hw) for op, sw, hw in pairs if sw and hw and abs(hw / sw - 1) > 0.05]
        if pairs:
            parts.append(f"on the {board} the accelerator takes the bench's ECC part instead "
                         f"(P-256, ms per operation, sw vs hw: " + ", ".join(
                             f"{op} {sw:.0f} vs {hw:.0f}" for op, sw, hw in pairs) + ")")
    return ("; ".join(parts)[0].upper() + "; ".join(parts)[1:] + ". ") if parts else ""


def _algorithm(name: str) -> str:
    return "aes-cbc" if name.startswith("AES") else {v: k for k, v in NAMES.items()}[name.split()[0]]


def _key_bits(name: str) -> str:
    return name.split("-")[1] if name.startswith("AES") else "0"


def driver_constant(source: str, name: str) -> int:
    """A #define of firmware/drivers/<source>, so the text follows the driver."""
    text = (TOP / "firmware" / "drivers" / source).read_text()
    return int(re.search(rf"#define {name} (\d+)u", text).group(1))


# ------------------------------------------------------------------------------------- dispatch
def dispatch() -> tuple[str, list[Path]]:
    rows = read("dispatch")
    cycles: dict[tuple, dict[int, float]] = defaultdict(dict)
    packet = {r["packet_bytes"] for r in rows}
    for r in rows:
        if r["direction"] == "decrypt" or not accelerated(r["board"], r):
            continue
        cycles[(r["board"], series_name(r), r["dispatch"])][int(r["buffer_bytes"])] = \
            float(r["cycles"])
    boards = sorted({b for b, _, _ in cycles})
    sizes = sorted({s for v in cycles.values() for s in v})
    fig, axes = plt.subplots(1, len(boards), figsize=(6.2 * len(boards), 4.4), squeeze=False)
    findings = []
    # A point whose run failed is missing from the CSV: a series uses the sizes both modes have,
    # and the text names the ones it lacks.
    missing = []
    for ax, board in zip(axes[0], boards):
        names = sorted({n for b, n, _ in cycles if b == board})
        for i, name in enumerate(names):
            one = cycles[(board, name, "one-at-a-time")]
            many = cycles[(board, name, "all-at-once")]
            common = [s for s in sizes if s in one and s in many]
            missing += [f"{board} {name} {size_text(s)}" for s in sizes if s not in common]
            if not common:
                continue
            ratios = [one[s] / many[s] for s in common]
            ax.plot(common, ratios, "-o", ms=3, color=f"C{i}", label=name)
            best = max(range(len(common)), key=lambda k: ratios[k])
            findings.append((board, name, ratios[best], common[best], ratios[0], ratios[-1],
                             common[-1]))
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes, [size_text(s) for s in sizes], rotation=30)
        ax.set_title(f"{board} ({BOARDS[board].accelerator.upper()}), mbedtls -O3 hw")
        ax.set_xlabel("buffer per call")
        ax.set_ylabel("cycles one-at-a-time / all-at-once")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    out = FIG_DIR / "dispatch.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    packet_size = int(sorted(packet)[0])
    max_dcp_packets = driver_constant("dcp/fsl_dcp.c", "MAX_PACKETS")
    caam_depth = driver_constant("caam/fsl_caam.h", "CAAM_QUEUE_DEPTH")
    single = {b: [cycles[(b, n, "one-at-a-time")][s] / cycles[(b, n, "all-at-once")][s]
                  for (bb, n, m) in cycles if bb == b and m == "one-at-a-time"
                  for s in sizes if s <= packet_size
                  and s in cycles[(b, n, "one-at-a-time")] and s in cycles[(b, n, "all-at-once")]]
              for b in boards}

    def span(values: list[float]) -> str:
        lo, hi = min(values), max(values)
        return f"{lo:.3f}" if abs(hi - lo) < 5e-4 else f"{lo:.3f}-{hi:.3f}"

    parts = []
    for board in boards:
        mine = [f for f in findings if f[0] == board]
        top = max(mine, key=lambda f: f[2])
        parts.append(
            f"on the {board} ({BOARDS[board].accelerator.upper()}) the ratio is "
            f"{span(single[board])} up to one packet ({size_text(packet_size)}), the largest "
            f"gain is {top[2]:.3f}x ({top[1]} at {size_text(top[3])}), and at "
            f"{size_text(sizes[-1])} it is " + ", ".join(
                f"{f[5]:.3f} ({f[1]}{'' if f[6] == sizes[-1] else ', at ' + size_text(f[6])})"
                for f in mine))
    best = max(findings, key=lambda f: f[2])
    text = (
        f"**Descriptor dispatch.** The hw-path bench ran with requests cut into "
        f"{packet_size}-byte DCP packets / CAAM jobs, once waiting for each before submitting "
        f"the next (one-at-a-time, the SDK's way) and once chaining all DCP packets or queueing "
        f"the CAAM jobs in the job ring, up to its depth, and waiting once (all-at-once). The "
        f"curve is the ratio of cycles per call, one-at-a-time over all-at-once (above 1: "
        f"all-at-once is faster); simulated figures, mbedtls -O3. The DCP driver builds at most "
        f"{max_dcp_packets} packets per call (fsl_dcp.c MAX_PACKETS), so larger requests get "
        f"longer packets, and the CAAM ring holds {caam_depth} jobs (CAAM_QUEUE_DEPTH). "
        + "; ".join(parts)[0].upper() + "; ".join(parts)[1:] + ". "
        f"Both modes pay the same engine time; all-at-once saves only the CPU's work between "
        f"descriptors (the completion wait and the next submission) and the driver's per-call "
        f"bookkeeping, which is small next to the engine time in these models: at most "
        f"{(best[2] - 1) * 100:.1f} % here. These ratios stay simulated: the calibrated models "
        f"price an accelerated call as engine time plus a fitted glue constant per call "
        f"(dcp.*_glue_cycles, caam.*_glue_cycles), which does not see the dispatch mode, so "
        f"their predicted ratio would be 1 by construction, not a finding."
        + (f" Missing (their runs failed; see reports/sweeps/dispatch.csv): "
           f"{', '.join(missing)}." if missing else ""))
    return text, [out]


# ------------------------------------------------------------------------------ clock and -O
def clock_opt() -> tuple[str, list[Path]]:
    rows = read("clock-opt")
    kib: dict[tuple, float] = {}
    for r in rows:
        if r["algorithm"] not in NAMES or (r["algorithm"] == "aes-cbc-dec"):
            continue
        kib[(r["board"], r["path"], r["opt"], float(r["core_clock_hz"]), series_name(r))] = \
            float(r["kib_per_s"])
    clocks = sorted({k[3] for k in kib})
    low, high = clocks[0], clocks[-1]
    boards = sorted({k[0] for k in kib})
    names = [n for n in ("SHA-1", "SHA-256", "SHA-512", "AES-128-CBC", "AES-256-CBC")
             if any(k[4] == n for k in kib)]
    fig, axes = plt.subplots(1, 2, figsize=(12.4, 4.6))
    width = 0.8 / (2 * len(boards))
    clock_ratio: dict[tuple, float] = {}
    opt_ratio: dict[tuple, float] = {}
    for b in boards:
        native = BOARDS[b].clock_hz
        for path in ("sw", "hw"):
            for n in names:
                clock_ratio[(b, path, n)] = (kib[(b, path, "high-speed", high, n)]
                                             / kib[(b, path, "high-speed", low, n)])
                opt_ratio[(b, path, n)] = (kib[(b, path, "high-speed", native, n)]
                                           / kib[(b, path, "none", native, n)])
    for ax, ratios, title in ((axes[0], clock_ratio,
                               f"throughput at {high / 1e6:.0f} MHz / at {low / 1e6:.0f} MHz (-O3)"),
                              (axes[1], opt_ratio, "throughput -O3 / -O0 (board clock)")):
        k = 0
        for b in boards:
            for path in ("sw", "hw"):
                xs = [i + (k - len(boards)) * width + width / 2 for i in range(len(names))]
                ax.bar(xs, [ratios[(b, path, n)] for n in names], width,
                       label=f"{b} profile, {path}", hatch="//" if path == "hw" else None)
                k += 1
        ax.set_xticks(range(len(names)), names)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_title(title)
        ax.set_ylabel("ratio (predicted)")
        ax.grid(alpha=0.3, axis="y")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    out = FIG_DIR / "clock-opt.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)

    def span(values: list[float]) -> str:
        lo, hi = min(values), max(values)
        return f"{lo:.2f}" if math.isclose(lo, hi, rel_tol=5e-3) else f"{lo:.2f}-{hi:.2f}"

    sw_clock = [clock_ratio[(b, "sw", n)] for b in boards for n in names]
    hw_accel = [clock_ratio[(b, "hw", n)] for b in boards for n in names if is_accelerated(b, n)]
    opt_sw = {b: [opt_ratio[(b, "sw", n)] for n in names] for b in boards}
    opt_hw = {b: [opt_ratio[(b, "hw", n)] for n in names if is_accelerated(b, n)] for b in boards}
    simulated = simulated_opt_ratios(boards)
    fallback = {b: [n for n in names if not is_accelerated(b, n)] for b in boards}
    text = (
        f"**Clock scaling and optimisation level.** Predicted from the stored Renode profiles, no "
        f"new simulation: the rt1060 and rt1170 mbedtls bench profiles priced by the same "
        f"calibrated Cortex-M7 model at {low / 1e6:.0f} MHz (RT1060) and {high / 1e6:.0f} MHz "
        f"(RT1170), the accelerators at their own clocks. Software scales with the core clock: "
        f"{span(sw_clock)}x for {high / low:.2f}x the clock. The accelerated algorithms gain "
        f"{span(hw_accel)}x only: their engine time is fixed by the accelerator's clock and "
        f"just the CPU-side driver glue speeds up, so a faster core narrows the gap between "
        f"software and accelerator. From -O0 to -O3 (each board at its own clock) software "
        f"speed changes by a factor of "
        + "; ".join(f"{span(opt_sw[b])} on the {b}" for b in boards)
        + ", while the accelerated paths gain "
        + "; ".join(f"{span(opt_hw[b])}x ({b})" for b in boards)
        + ": only their glue is compiled code. The predictions are our gcc builds as they run "
        f"(gcc -O0 keeps every local on the stack, so -O3 gains much); "
        f"Renode's own simulated figures for our gcc builds (one cycle per instruction, the "
        f"same stored profiles) give -O3/-O0 = "
        + "; ".join(f"{span(simulated[b])}x ({b})" for b in boards)
        + " for software. What an accelerator does not take falls back to software and scales "
        f"like it: " + "; ".join(f"{', '.join(fallback[b])} on the {b}" for b in boards
                                 if fallback[b]) + ".")
    return text, [out]


def simulated_opt_ratios(boards: list[str]) -> dict[str, list[float]]:
    """-O3 over -O0 speed of the software bench in Renode (the stored profiles' @result cycles)."""
    from models.profiles import store
    cycles: dict[tuple, float] = {}
    for profile in store.load_all():
        if profile["app"] != "bench" or profile["library"] != "mbedtls" or profile["path"] != "sw":
            continue
        for region in profile["regions"]:
            r = region["result"]
            if r.get("direction") == "decrypt" or r["algorithm"] not in NAMES:
                continue
            cycles[(profile["board"], profile["opt"], r["algorithm"], r.get("key_bits", 0))] = \
                float(r["cycles"])
    return {b: [cycles[(b, "none", a, k)] / cycles[(b, "high-speed", a, k)]
                for (bb, opt, a, k) in cycles if bb == b and opt == "high-speed"
                and (b, "none", a, k) in cycles] for b in boards}


STUDIES: dict[str, tuple[str, str, Callable[[], tuple[str, list[Path]]]]] = {
    "buffer-size": ("Buffer size: software vs accelerator", "buffer-size", buffer_size),
    "dispatch": ("Descriptor dispatch: one at a time vs all at once", "dispatch", dispatch),
    "clock-opt": ("Clock scaling and -O0 vs -O3", "clock-opt", clock_opt),
}


def render_all() -> Path:
    """Writes reports/studies.md (and the figures) from the study CSVs that exist."""
    FIG_DIR.mkdir(parents=True, exist_ok=True)
    lines = ["# What-if studies", "",
             "Generated by `make studies` (`python -m models sweep models/sweeps/<study>.yaml "
             "--out reports/sweeps`); data in `reports/sweeps/<study>.csv`. Every figure in the "
             "text below is computed from those CSVs.", ""]
    for key, (title, csv_name, render) in STUDIES.items():
        lines += [f"## {title}", ""]
        if not (CSV_DIR / f"{csv_name}.csv").exists():
            lines += [f"Not run yet: `make sweep STUDY={key}`.", ""]
            continue
        text, figures = render()
        for figure in figures:
            lines += [f"![{title}](studies/{figure.name})", ""]
        lines += [text, "", f"Data: [sweeps/{csv_name}.csv](sweeps/{csv_name}.csv)", ""]
    out = REPORTS / "studies.md"
    write_atomic(out, "\n".join(lines))
    return out
