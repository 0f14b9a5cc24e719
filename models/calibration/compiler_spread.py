"""The compiler spread: how much a second real compiler moves the same source's cycles.

    python -m models.calibration.compiler_spread profile   # the clang images, in Renode
    python -m models.calibration.compiler_spread           # the table, from stored profiles

A published build's transfer (builds.py) carries our gcc profile over to another compiler
(IAR, Keil armcc). How far two compilers' code for the same source can differ is measured here
with a second one we can run: Debian's clang builds the bench from the same sources, flags and
optimisation levels (tools/clang-arm-cc.sh; `make -C firmware CC=... FW_OUT=build/fw-clang`),
profiled as the matrix is (collect.profile_image: opcode counters, and on the Cortex-M7 at -O3
the issue schedule), stored under models/profiles/data/<board>/clang/. Per board, library, opt
and algorithm, the spread is clang's predicted cycles over gcc's, both priced as they run.

A prediction that crosses compilers (a published build's row, `build` reference in
predictions.csv) carries the spread of its algorithm in its band, added in quadrature to the
model's (published_band): the transfer is fitted per compiler and level, so what one algorithm's
code does differently under another compiler is what it cannot follow.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from models.matrix import Case, cases_from_profile, core_cycles
from models.params import Values
from models.profiles import store

TOP = Path(__file__).resolve().parents[2]
IMAGES = TOP / "build" / "fw-clang"
CLANG = "*/clang/*.json"   # the clang profiles, under store.DATA
BOARDS = ("rt1060", "stm32f407", "samd21")
OPTS = ("high-speed", "none")


@dataclass(frozen=True)
class Spread:
    board: str
    library: str
    opt: str
    algorithm: str
    key_bits: int
    gcc_cycles: float
    clang_cycles: float

    @property
    def ratio(self) -> float:
        return self.clang_cycles / self.gcc_cycles

    @property
    def pct(self) -> float:
        return abs(math.log(self.ratio)) * 100.0


def pairs(values: Values) -> list[Spread]:
    """Every bench case profiled with both compilers, priced as it ran."""
    gcc = {(c.board, c.library, c.opt, c.algorithm, c.key_bits): c
           for p in store.load_all() if p["app"] == "bench" and p["path"] == "sw"
           for c in cases_from_profile(p)}
    out = []
    for profile in store.load_all(CLANG):
        for case in cases_from_profile(profile):
            twin: Case | None = gcc.get((case.board, case.library, case.opt, case.algorithm,
                                         case.key_bits))
            if twin is not None:
                out.append(Spread(case.board, case.library, case.opt, case.algorithm,
                                  case.key_bits, core_cycles(twin, values),
                                  core_cycles(case, values)))
    return out


def by_algorithm(spreads: list[Spread]) -> dict[tuple[str, str], float]:
    """Per algorithm and optimisation level, the largest spread seen (percent, log scale) over
    boards and libraries: what the band of a prediction that crosses compilers takes. The levels
    stay apart: at -O0 two compilers differ far more (gcc -O0 reloads every local) than at -O3."""
    found: dict[tuple[str, str], float] = {}
    for s in spreads:
        key = (s.algorithm, s.opt)
        found[key] = max(found.get(key, 0.0), s.pct)
    return found


def published_band(model_band_pct: float, algorithm: str, opt: str,
                   spreads: dict[tuple[str, str], float]) -> float:
    """The band of a row that crosses compilers: the model's and the spread of its algorithm at
    its level (or, for an algorithm the clang build does not run, the median of that level's)
    in quadrature."""
    level = [pct for (_, o), pct in spreads.items() if o == opt]
    if not level:
        return model_band_pct
    spread = spreads.get((algorithm, opt), statistics.median(level))
    return math.hypot(model_band_pct, spread)


def table(spreads: list[Spread]) -> list[str]:
    rows = ["| board | library | opt | algorithm | gcc cycles/call | clang cycles/call | "
            "clang/gcc |", "|---|---|---|---|---:|---:|---:|"]
    for s in sorted(spreads, key=lambda s: (s.board, s.library, s.opt, s.algorithm,
                                            s.key_bits)):
        name = s.algorithm + (f"-{s.key_bits}" if s.key_bits else "")
        rows.append(f"| {s.board} | {s.library} | {s.opt} | {name} | {s.gcc_cycles:,.0f} | "
                    f"{s.clang_cycles:,.0f} | {s.ratio:.3f} |")
    return rows


def profile(renode: str, timeout: float) -> int:
    from models.profiles import collect
    failures = 0
    for elf in sorted(IMAGES.glob("*/*-sw-*/bench.elf")):
        board, image = elf.parts[-3], elf.parts[-2]
        library, _, opt = image.partition("-sw-")
        work = TOP / "build" / "profiles" / "clang" / board / image
        print(f"compiler_spread: profiling {board} {image} (clang) ...", flush=True)
        try:
            found = collect.profile_image(renode, elf, board, library, "sw", opt, "bench", work,
                                          timeout)
        except RuntimeError as error:
            failures += 1
            print(f"  FAILED {board} {image}: {error}", file=sys.stderr)
            continue
        found["compiler"] = "clang"
        out = store.DATA / board / "clang" / f"{library}-sw-{opt}-bench.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.calibration.compiler_spread",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=("table", "profile"), default="table")
    parser.add_argument("--timeout", type=float, default=1800)
    args = parser.parse_args(argv)
    if args.command == "profile":
        from models.profiles import collect
        renode = collect.find_renode()
        if renode is None:
            print("compiler_spread: error: Renode not found", file=sys.stderr)
            return 1
        return profile(renode, args.timeout)
    from models import pipeline
    values = pipeline.run(progress=False).validation.full.values
    print("\n".join(table(pairs(values))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
