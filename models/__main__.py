"""Command line of the cycle models.

    python -m models report      calibrate, validate, write reports/ (predictions.csv, index.md/html, PNGs)
    python -m models table       calibrate and print predicted vs published per calibration cell
        report and table take --measurements FILE (a copy of models/data/published-measurements.csv
        with rows of one's own) and report takes --out DIR (instead of reports/)
    python -m models params      the effective configuration: every parameter, default and source
    python -m models collect ... profile firmware in Renode (models.profiles.collect)
    python -m models sweep ...   run a what-if sweep (models/sweeps/README.md)
    python -m models studies     render the built-in studies from reports/sweeps/*.csv
    python -m models predict ... one board, library, algorithm, path and size: predicted
                                 cycles/byte and KiB/s with their band (models/predict.py)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from models.profiles import store


def report_options(rest: list[str]) -> argparse.Namespace:
    from models import boards, report
    from models.calibration import published
    parser = argparse.ArgumentParser(prog="python -m models report|table")
    parser.add_argument("--measurements", type=Path, default=published.DATA,
                        help="measurements CSV to calibrate against (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=report.REPORTS,
                        help="report directory (report only; default: %(default)s)")
    parser.add_argument("--answer-board", choices=sorted(boards.BOARDS),
                        help="first print that board's predicted software vs accelerator "
                             "throughput at 1 KiB and crossover sizes (what `make` ends with)")
    options = parser.parse_args(rest)
    if not options.measurements.is_file():
        parser.error(f"--measurements {options.measurements}: no such file")
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("report", "table", "params", "collect", "sweep", "studies",
                                            "predict"))
    parser.add_argument("rest", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.command == "sweep":
        from models.sweeps import cli
        return cli.main(args.rest)
    if args.command == "studies":
        from models.sweeps import studies
        print(f"models: wrote {studies.render_all()}")
        return 0
    if args.command == "predict":
        from models import predict
        return predict.main(args.rest)
    if args.command == "collect":
        from models.profiles import collect
        return collect.main(args.rest)
    if args.command == "params":
        from models.matrix import all_params
        for p in all_params():
            print(json.dumps({"name": p.name, "default": p.default, "unit": p.unit,
                              "fit": p.fit, "prior": p.prior, "meaning": p.meaning,
                              "source": p.source, "bounds": p.bounds}))
        return 0
    started = time.monotonic()
    options = report_options(args.rest)
    from models import pipeline, report
    outcome = pipeline.run(measurements_file=options.measurements)
    if args.command == "table":
        print(report.terminal_table(outcome))
        return 0
    overhead_file = store.DATA / "overhead.json"
    overhead = json.loads(overhead_file.read_text()) if overhead_file.exists() else None
    index = report.write(outcome, started, overhead, options.out.resolve())
    where = (index.parent.relative_to(pipeline.TOP) if index.parent.is_relative_to(pipeline.TOP)
             else index.parent)
    print(f"models: wrote {where}/ (predictions.csv, index.md, "
          f"index.html, PNGs) in {time.monotonic() - started:.1f} s")
    if options.answer_board:
        from models import answer
        print("\n".join(answer.lines(outcome, options.answer_board)) + "\n")
        print("Calibration: predicted vs published per calibration cell")
    print(report.terminal_table(outcome))
    return 0


def main_to_pipe() -> int:
    """main, quiet when the reader of stdout stops early (`... | head -2`), as shell tools are."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # Python would report the failed flush at exit; point stdout at /dev/null instead.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main_to_pipe())
