#!/usr/bin/env python3
"""Helpers of the teaching labs (docs/labs/).

    tools/lab.py run N            run lab N's steps (the ```sh blocks under "## Steps" of its page),
                                  then its check (pytest -m lab docs/labs/checks/test_labN.py)
    tools/lab.py steps N          print lab N's steps without running them
    tools/lab.py compare A.jsonl B.jsonl ... [--ms]
                                  cycles/byte (or cycles per call; --ms: milliseconds per call) of
                                  each result, one column per file, and the ratio of the first
                                  column to each other column
    tools/lab.py pivot build/sweeps/<name>/results.csv --by path [--figure FIGURE]
                                  a sweep's results with one column per value of --by and the
                                  ratio of the first column to the others (models/sweeps/README.md);
                                  predicted figures by default where the sweep has them

Simulated figures are Renode's: one counter cycle per executed instruction plus the modelled
accelerator time; they are not hardware cycles (README.md). Predicted figures are the calibrated
models' price of the same run's profile: what the board would take, within the band printed.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

TOP = Path(__file__).resolve().parent.parent
LABS = TOP / "docs" / "labs"
CHECKS = LABS / "checks"


def page_of(number: int) -> Path:
    pages = sorted(LABS.glob(f"{number}-*.md"))
    if len(pages) != 1:
        raise SystemExit(f"lab: no lab {number} (pages: "
                         f"{', '.join(p.name for p in sorted(LABS.glob('[0-9]-*.md')))})")
    return pages[0]


def steps_of(page: Path) -> list[str]:
    """The ```sh blocks of the page's "## Steps" section, in order."""
    text = page.read_text()
    section = re.search(r"^## Steps\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if section is None:
        raise SystemExit(f"lab: {page.relative_to(TOP)} has no '## Steps' section")
    blocks = re.findall(r"^```sh\n(.*?)^```", section.group(1), re.M | re.S)
    if not blocks:
        raise SystemExit(f"lab: {page.relative_to(TOP)}: no ```sh blocks under '## Steps'")
    return blocks


def run_steps(number: int) -> int:
    """Runs each step block in bash from the repository root, as a student would type it."""
    page = page_of(number)
    for index, block in enumerate(steps_of(page), 1):
        print(f"\n--- lab {number}, step {index} ({page.name})\n{block.rstrip()}", flush=True)
        started = time.monotonic()
        status = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=TOP).returncode
        if status != 0:
            print(f"lab: error: lab {number}, step {index} failed with status {status}",
                  file=sys.stderr)
            return status
        print(f"--- step {index} done in {time.monotonic() - started:.0f} s", flush=True)
    return 0


def run_lab(number: int) -> int:
    started = time.monotonic()
    status = run_steps(number)
    if status != 0:
        return status
    check = CHECKS / f"test_lab{number}.py"
    print(f"\n--- lab {number}: check ({check.relative_to(TOP)})", flush=True)
    env = dict(os.environ, LAB_STEPS_DONE=str(number))
    status = subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "lab", "-p",
                             "no:cacheprovider", str(check)], cwd=TOP, env=env).returncode
    print(f"lab {number}: {'PASS' if status == 0 else 'FAIL'} in "
          f"{time.monotonic() - started:.0f} s", flush=True)
    return status


def load(path: Path) -> list[dict]:
    if not path.is_file():
        raise SystemExit(f"lab: error: {path} does not exist (run the lab's earlier steps)")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def result_key(r: dict) -> tuple:
    return (r["algorithm"], r.get("key_bits") or 0, r.get("direction", r.get("phase", "")))


def figure(r: dict, ms: bool = False) -> float:
    """Cycles per byte for bulk work, cycles (or milliseconds) per call otherwise."""
    if r.get("bytes"):
        return r["cycles"] / r["bytes"]
    per_call = r["cycles"] / max(1, r.get("iterations") or 1)
    return per_call / r["clock_hz"] * 1e3 if ms else per_call


def compare(paths: list[Path], ms: bool = False) -> int:
    runs = [{result_key(r): r for r in load(p)} for p in paths]
    keys = [k for k in runs[0] if all(k in run for run in runs)]
    if not keys:
        print("lab: error: the files have no result in common", file=sys.stderr)
        return 1
    names = [p.stem for p in paths]
    width = max(12, *(len(n) for n in names))
    per_call = "milliseconds per call" if ms else "cycles per call"
    print(f"SIMULATED figures: cycles/byte (bulk) or {per_call}; ratio = first / that column")
    header = f"  {'algorithm':<16} {'key':>4} {'dir':<9} {'bytes':>6}"
    for name in names:
        header += f" {name:>{width}}"
    for name in names[1:]:
        header += f" {'ratio ' + name:>{width + 6}}"
    print(header)
    for key in keys:
        values = [figure(run[key], ms) for run in runs]
        line = (f"  {key[0]:<16} {key[1] or '':>4} {key[2]:<9} "
                f"{runs[0][key].get('buffer_bytes') or '':>6}")
        for value in values:
            line += f" {value:>{width}.2f}"
        for value in values[1:]:
            line += f" {values[0] / value:>{width + 6}.2f}"
        print(line)
    return 0


# Result columns of a sweep CSV; every other column describes the point (models/sweeps/cache.py).
SWEEP_FIGURES = ("sweep", "point", "model", "clock_hz", "cycles_per_call", "time_us",
                 "cycles_per_byte", "kib_per_s", "figures", "iterations_run", "cycles", "bytes",
                 "buffer_bytes_run", "predicted_cycles_per_call", "predicted_cycles_per_byte",
                 "predicted_kib_per_s", "band_pct")
PREDICTED = "predicted_"


def default_figure(rows: list[dict]) -> str:
    """Predicted cycles/byte where the sweep priced its points, else the simulated figure."""
    if rows and any(r.get(PREDICTED + "cycles_per_byte") for r in rows):
        return PREDICTED + "cycles_per_byte"
    return "cycles_per_byte"


def figure_label(rows: list[dict], figure_name: str) -> str:
    """What kind of figure the table shows, with the models' band for predicted ones."""
    if not figure_name.startswith(PREDICTED):
        return (rows[0].get("figures", "") if rows else "").upper() or "SWEEP"
    bands = sorted({float(r["band_pct"]) for r in rows if r.get("band_pct")})
    band = (f", within ±{bands[0]:.0f} %" if len(bands) == 1 else
            f", within ±{bands[0]:.0f}-{bands[-1]:.0f} %" if bands else "")
    return f"PREDICTED (calibrated models{band})"


def pivot(path: Path, by: str, figure_name: str | None, only: list[str]) -> int:
    """One row per point-without-`by` and result, one column per value of `by`."""
    if not path.is_file():
        print(f"lab: error: {path} does not exist (run the sweep first)", file=sys.stderr)
        return 1
    rows = list(csv.DictReader(path.open()))
    if not rows or by not in rows[0]:
        print(f"lab: error: {path} has no column '{by}' (columns: "
              f"{', '.join(rows[0]) if rows else 'none'})", file=sys.stderr)
        return 1
    filters = [f.split("=", 1) for f in only]
    rows = [r for r in rows if all(r.get(k) == v for k, v in filters)]
    figure_name = figure_name or default_figure(rows)
    keys = [c for c in rows[0] if c not in SWEEP_FIGURES and c != by] if rows else []
    varying = [k for k in keys if len({r[k] for r in rows}) > 1]
    values = list(dict.fromkeys(r[by] for r in rows))
    table: dict[tuple, dict[str, float]] = {}
    for r in rows:
        if r.get(figure_name) in (None, ""):
            continue
        table.setdefault(tuple(r[k] for k in varying), {})[r[by]] = float(r[figure_name])
    print(f"{figure_label(rows, figure_name)} figures: {figure_name}, one column per {by}; "
          f"ratio = {values[0]} / that column")
    width = 12
    print("  " + " ".join(f"{k:<12}" for k in varying) + "".join(f" {v:>{width}}" for v in values)
          + "".join(f" {'ratio ' + v:>{width + 6}}" for v in values[1:]))
    for key, cells in table.items():
        line = "  " + " ".join(f"{k:<12}" for k in key)
        line += "".join(f" {cells[v]:>{width}.2f}" if v in cells else f" {'-':>{width}}"
                        for v in values)
        line += "".join(f" {cells[values[0]] / cells[v]:>{width + 6}.2f}"
                        if v in cells and values[0] in cells and cells[v] else f" {'-':>{width + 6}}"
                        for v in values[1:])
        print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "steps"):
        sub.add_parser(name).add_argument("number", type=int)
    many = sub.add_parser("compare")
    many.add_argument("files", nargs="+", type=Path)
    many.add_argument("--ms", action="store_true",
                      help="milliseconds per call instead of cycles for non-bulk results")
    table = sub.add_parser("pivot")
    table.add_argument("csv", type=Path, help="a sweep's results.csv")
    table.add_argument("--by", required=True, help="the column to spread, e.g. path or dispatch")
    table.add_argument("--figure", default=None,
                       help="predicted_cycles_per_byte (default where the sweep has it), "
                       "predicted_kib_per_s, predicted_cycles_per_call, or the simulated "
                       "cycles_per_byte, kib_per_s, time_us, cycles_per_call")
    table.add_argument("--only", action="append", default=[], metavar="COLUMN=VALUE",
                       help="keep only these rows (repeatable), e.g. --only algorithm=sha256")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run_lab(args.number)
    if args.command == "steps":
        for block in steps_of(page_of(args.number)):
            print(block)
        return 0
    if args.command == "pivot":
        return pivot(args.csv, args.by, args.figure, args.only)
    return compare(args.files, args.ms)


if __name__ == "__main__":
    sys.exit(main())
