"""python -m models sweep <file.yaml> [-j N] [--backend local|ray] [--ray-address ADDR]
                                   [--timeout S] [--retries N] [--budget S] [--out DIR] [--bench]

Runs a sweep definition (models/sweeps/README.md). Results: build/sweeps/<name>/results.csv
(tidy, one row per measurement), cache in build/sweeps/<name>/cache/. With --out DIR the CSV is
copied to DIR/<name>.csv with a first-look figure DIR/<name>.png, or, for a built-in study, its
figures and paragraph are rendered into reports/ (reports/studies.md). Exit status: 0 done, 1 some points failed or the budget ran out
first, 2 a bad definition or an unavailable backend.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from models.sweeps import schema
from models.sweeps.backends import BackendUnavailable


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("expected an integer >= 1")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m models sweep",
                                description="Run a what-if sweep (models/sweeps/README.md).")
    p.add_argument("file", type=Path, help="sweep definition (models/sweeps/*.yaml)")
    p.add_argument("-j", "--jobs", type=positive_int, default=min(2, os.cpu_count() or 1),
                   help="parallel points (default: 2, both cores)")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local process pool (default) or a Ray cluster")
    p.add_argument("--ray-address", default=None,
                   help="Ray cluster to join, e.g. auto or ray://host:10001 (default: start one)")
    p.add_argument("--timeout", type=float, default=None, help="host seconds per point")
    p.add_argument("--retries", type=int, default=None, help="extra attempts per failed point")
    p.add_argument("--budget", type=float, default=None,
                   help="start no new point after this many seconds; run again to continue")
    p.add_argument("--out", type=Path, default=None,
                   help="copy the CSV here as <name>.csv and render the study into reports/")
    p.add_argument("--bench", action="store_true",
                   help="time the sweep from an empty cache (hardware sweeps) and print figures")
    return p


def bench(sweep: schema.Sweep, jobs: int) -> int:
    """Times a hardware sweep from an empty cache: prepare (profiles, calibration, hashes),
    then every point re-costed and cached, then the CSV. Prints the figures."""
    from models.sweeps import kinds
    if sweep.kind != "hardware":
        print(f"models sweep: error: --bench times hardware sweeps; {sweep.file} is {sweep.kind}",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="sweep-bench-") as root:
        started = time.monotonic()
        summary = kinds.run(sweep, jobs=jobs, root=Path(root), stream=open(os.devnull, "w"))
        elapsed = time.monotonic() - started
        rows = sum(1 for _ in open(summary.csv)) - 1
    print(f"whatif-bench: {summary.ran} hardware points ({rows} CSV rows) re-costed from stored "
          f"profiles on {jobs} worker(s) in {elapsed:.2f} s ({summary.ran / elapsed:.0f} points/s, "
          f"including start-up, calibration, cache files and CSV)")
    return 0 if summary.ran == summary.total and not summary.failed else 1


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        sweep = schema.load(args.file)
    except schema.SweepError as error:
        print(f"models sweep: error: {error}", file=sys.stderr)
        return 2
    if args.bench:
        return bench(sweep, args.jobs)
    from models.sweeps import kinds
    try:
        summary = kinds.run(sweep, jobs=args.jobs, backend=args.backend, address=args.ray_address,
                            timeout=args.timeout, retries=args.retries, budget=args.budget)
    except BackendUnavailable as error:
        print(f"models sweep: {error}", file=sys.stderr)
        return 2
    except RuntimeError as error:  # a build that failed, a missing profile
        print(f"models sweep: error: {error}", file=sys.stderr)
        return 2
    print(f"sweep {sweep.name}: {summary.total} points: {summary.cached} cached, {summary.ran} run, "
          f"{len(summary.failed)} failed in {summary.seconds:.1f} s; {summary.csv}")
    for label, message in summary.failed:
        print(f"  FAILED {label}: {message}")
    complete = summary.cached + summary.ran == summary.total
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(summary.csv, args.out / f"{sweep.name}.csv")
        print(f"sweep {sweep.name}: copied to {args.out / (sweep.name + '.csv')}")
        if sweep.study and complete:
            from models.sweeps import studies
            page = studies.render_all()
            print(f"sweep {sweep.name}: study rendered into {page}")
        elif not sweep.study:
            from models.sweeps import plots
            figure = plots.generic(sweep, summary.csv, args.out / f"{sweep.name}.png")
            if figure:
                print(f"sweep {sweep.name}: figure {figure}")
    if summary.stopped_early:
        print(f"sweep {sweep.name}: budget used up; run the same command again to continue")
    return 0 if complete and not summary.failed else 1
