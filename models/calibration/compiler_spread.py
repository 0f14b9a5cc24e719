"""The compiler spread: how much other real compilers move the same source's cycles.

    python -m models.calibration.compiler_spread profile [--compiler gcc8]   # in Renode
    python -m models.calibration.compiler_spread           # the table, from stored profiles

A published build's transfer (builds.py) carries our gcc profile over to another compiler
(IAR, Keil armcc). How far two compilers' code for the same source can differ is measured here
with others we can run (SECOND_COMPILERS), each building the bench from the same sources, flags
and optimisation levels:
  - Debian's clang (tools/clang-arm-cc.sh), another compiler family;
  - arm-none-eabi-gcc 8.3.1 (tools/fetch-gcc8-arm.sh, tools/gcc8-arm-cc.sh), Arm's 8-2019-q3
    release: the compiler generation of the published builds' era (2019-2021), against the
    matrix's gcc 12.2. Built with `-Wno-error=array-bounds`: gcc 8 flags wolfSSL's tfm.c with
    a false array-bounds warning that later releases no longer give;
  `make -C firmware elfs CC=... FW_OUT=build/fw-<compiler> LIB_OUT=build/lib-<compiler> PATHS=sw`.
Each is profiled as the matrix is (collect.profile_image: opcode counters, and on the Cortex-M7
at -O3 the issue schedule), stored under models/profiles/data/<board>/<compiler>/. Per compiler,
board, library, opt and algorithm, the spread is its predicted cycles over gcc 12's, both priced
as they run.

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
# name: what it is, the images' folder (build/fw-<name>), the make variables that build them
SECOND_COMPILERS = {
    "clang": ("Debian's clang", "CC=$PWD/tools/clang-arm-cc.sh"),
    "gcc8": ("arm-none-eabi-gcc 8.3.1", "CC=$PWD/tools/gcc8-arm-cc.sh "
             "WARNINGS='-Wall -Wextra -Werror -Wno-error=array-bounds'"),
}
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
    other_cycles: float
    compiler: str = "clang"

    @property
    def ratio(self) -> float:
        return self.other_cycles / self.gcc_cycles

    @property
    def pct(self) -> float:
        return abs(math.log(self.ratio)) * 100.0


def pairs(values: Values) -> list[Spread]:
    """Every bench case profiled with gcc 12 and a second compiler, priced as it ran."""
    gcc = {(c.board, c.library, c.opt, c.algorithm, c.key_bits): c
           for p in store.load_all() if p["app"] == "bench" and p["path"] == "sw"
           for c in cases_from_profile(p)}
    out = []
    for compiler in SECOND_COMPILERS:
        for profile in store.load_all(f"*/{compiler}/*.json"):
            for case in cases_from_profile(profile):
                twin: Case | None = gcc.get((case.board, case.library, case.opt,
                                             case.algorithm, case.key_bits))
                if twin is not None:
                    out.append(Spread(case.board, case.library, case.opt, case.algorithm,
                                      case.key_bits, core_cycles(twin, values),
                                      core_cycles(case, values), compiler))
    return out


def by_algorithm(spreads: list[Spread]) -> dict[tuple[str, str], float]:
    """Per algorithm and optimisation level, the largest spread seen (percent, log scale) over
    compilers, boards and libraries: what the band of a prediction that crosses compilers takes. The levels
    stay apart: at -O0 two compilers differ far more (gcc -O0 reloads every local) than at -O3."""
    found: dict[tuple[str, str], float] = {}
    for s in spreads:
        key = (s.algorithm, s.opt)
        found[key] = max(found.get(key, 0.0), s.pct)
    return found


def published_band(model_band_pct: float, algorithm: str, opt: str,
                   spreads: dict[tuple[str, str], float]) -> float:
    """The band of a row that crosses compilers: the model's and the spread of its algorithm at
    its level (or, for an algorithm no second compiler's build runs, the median of that
    level's) in quadrature."""
    level = [pct for (_, o), pct in spreads.items() if o == opt]
    if not level:
        return model_band_pct
    spread = spreads.get((algorithm, opt), statistics.median(level))
    return math.hypot(model_band_pct, spread)


def table(spreads: list[Spread]) -> list[str]:
    """One row per bench case: gcc 12's cycles, and each second compiler's over them."""
    compilers = [c for c in SECOND_COMPILERS if any(s.compiler == c for s in spreads)]
    by_case: dict[tuple, dict[str, Spread]] = {}
    for s in spreads:
        by_case.setdefault((s.board, s.library, s.opt, s.algorithm, s.key_bits), {})[
            s.compiler] = s
    rows = ["| board | library | opt | algorithm | gcc 12 cycles/call | "
            + " | ".join(f"{c}/gcc 12" for c in compilers) + " |",
            "|---|---|---|---|---:|" + "---:|" * len(compilers)]
    for (board, library, opt, algorithm, key_bits), found in sorted(by_case.items()):
        name = algorithm + (f"-{key_bits}" if key_bits else "")
        gcc = next(iter(found.values())).gcc_cycles
        ratios = " | ".join(f"{found[c].ratio:.3f}" if c in found else "-" for c in compilers)
        rows.append(f"| {board} | {library} | {opt} | {name} | {gcc:,.0f} | {ratios} |")
    return rows


def summary(spreads: list[Spread]) -> list[str]:
    """Per second compiler and level: how many cases, the median and the largest spread."""
    rows = ["| compiler | opt | cases | median spread [%] | largest spread [%] |",
            "|---|---|---:|---:|---:|"]
    for compiler, (title, _) in SECOND_COMPILERS.items():
        for opt in OPTS:
            found = [s.pct for s in spreads if s.compiler == compiler and s.opt == opt]
            if found:
                rows.append(f"| {title} | {opt} | {len(found)} | "
                            f"{statistics.median(found):.1f} | {max(found):.1f} |")
    return rows


def profile(renode: str, timeout: float, compiler: str) -> int:
    from models.profiles import collect
    images = TOP / "build" / f"fw-{compiler}"
    elfs = sorted(images.glob("*/*-sw-*/bench.elf"))
    if not elfs:
        print(f"compiler_spread: error: no {compiler} images under {images}: build them with "
              f"make -C firmware elfs {SECOND_COMPILERS[compiler][1]} FW_OUT={images} "
              f"LIB_OUT=$PWD/build/lib-{compiler} PATHS=sw", file=sys.stderr)
        return 1
    failures = 0
    for number, elf in enumerate(elfs, 1):
        board, image = elf.parts[-3], elf.parts[-2]
        library, _, opt = image.partition("-sw-")
        work = TOP / "build" / "profiles" / compiler / board / image
        print(f"compiler_spread: profiling {board} {image} ({compiler}, {number}/{len(elfs)}) "
              "...", flush=True)
        try:
            found = collect.profile_image(renode, elf, board, library, "sw", opt, "bench", work,
                                          timeout)
        except RuntimeError as error:
            failures += 1
            print(f"  FAILED {board} {image}: {error}", file=sys.stderr)
            continue
        found["compiler"] = compiler
        out = store.DATA / board / compiler / f"{library}-sw-{opt}-bench.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.calibration.compiler_spread",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=("table", "profile"), default="table")
    parser.add_argument("--compiler", choices=sorted(SECOND_COMPILERS), default="clang",
                        help="whose images to profile (default: clang)")
    parser.add_argument("--timeout", type=float, default=1800)
    args = parser.parse_args(argv)
    if args.command == "profile":
        from models.profiles import collect
        renode = collect.find_renode()
        if renode is None:
            print("compiler_spread: error: Renode not found", file=sys.stderr)
            return 1
        return profile(renode, args.timeout, args.compiler)
    from models import pipeline
    values = pipeline.run(progress=False).validation.full.values
    spreads = pairs(values)
    print("\n".join(summary(spreads) + [""] + table(spreads)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
