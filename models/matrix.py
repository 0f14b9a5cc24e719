"""The configurations of the matrix and their predicted cycles.

A Case is one measured operation of one firmware image: board x library x path x opt x app x
algorithm (x direction, key size, buffer). Its cycles come from
  - the core model applied to the Renode profile of that region (software, and hw-path algorithms
    the accelerator cannot do), or
  - the accelerator model (hw path, algorithms the accelerator does), or
  - both, for a region of a hw-path profile that called the accelerator (ECDSA on the CAAM's PKHA,
    commands of the ATECC508A): the core model prices the CPU side the profile counted (driver,
    library glue, scalar arithmetic left in software; the waiting is not in the profile, see
    models/profiles/collect.py) and the accelerator model adds the busy time of each call.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from models import boards
from models.accelerators import ACCELERATORS, glue_params
from models.cores import CORES
from models.cores.base import Memory, aggregate
from models.params import Param, Values
from models.profiles import store

LIBRARIES = ("mbedtls", "wolfcrypt")
ECC_PHASES = ("ecdsa-genkey", "ecdsa-sign", "ecdsa-verify")
OPTS = ("none", "high-speed")


@dataclass(frozen=True)
class Case:
    board: str
    library: str
    path: str
    opt: str
    app: str
    algorithm: str          # published names; AES decryption is "aes-cbc-dec"
    key_bits: int
    buffer_bytes: int       # bytes per call (0 for ecdsa phases)
    iterations: int
    classes: dict[str, float] = field(hash=False, compare=False, default_factory=dict)
    placement: dict[str, str] = field(hash=False, compare=False, default_factory=dict)
    naive_cycles: float | None = field(hash=False, compare=False, default=None)  # per call
    sums: dict[str, float] | None = field(hash=False, compare=False, default=None, repr=False)
    # Accelerator calls the hw-path profile recorded in this region (None: not recorded).
    calls: dict[str, float] | None = field(hash=False, compare=False, default=None)
    # The accelerator's work in this region, per unit (collect.WORK_SOURCES; None: not recorded).
    engine: dict[str, float] | None = field(hash=False, compare=False, default=None)
    # Library configuration of a calibration reference build (models/calibration/reference.py);
    # None for the matrix's own builds.
    reference: str | None = field(hash=False, compare=False, default=None)
    # Opt `none` only: per-call instruction classes of the same operation in the -O3 image of the
    # same board, library and path (matrix_cases pairs them; None where there is no such case).
    optimised: dict[str, float] | None = field(hash=False, compare=False, default=None,
                                               repr=False)
    # The region's issue schedule (models/profiles/m7_schedule.py; None where not traced).
    schedule: dict[str, float] | None = field(hash=False, compare=False, default=None,
                                              repr=False)

    @property
    def key(self) -> tuple[str, str, str, str, str, int, int]:
        return (self.board, self.library, self.algorithm, self.path, self.opt, self.key_bits,
                self.buffer_bytes)

    @property
    def operation(self) -> tuple[str, str, str, str, int, int]:
        """The key without the optimisation level: the same operation in another build."""
        return (self.board, self.library, self.algorithm, self.path, self.key_bits,
                self.buffer_bytes)

    @property
    def model(self) -> str:
        """Which model predicts this case: 'core' or the accelerator's name."""
        accelerator = boards.BOARDS[self.board].accelerator
        if self.path != "hw" or not accelerator:
            return "core"
        if self.engine is not None:
            return accelerator if self.engine else "core"
        if self.calls is not None and self.app in NATIVE_APPS:
            # A benchmark program's row: the device ran it if the profile recorded its calls.
            return accelerator if self.calls else "core"
        handled = ACCELERATORS[accelerator].handles(self.algorithm, self.key_bits, self.library)
        if self.calls and (handled or self.algorithm in ECC_PHASES):
            return accelerator
        if self.calls is not None and self.algorithm in ECC_PHASES:
            return "core"  # the profile recorded the calls: this phase ran in software
        return accelerator if handled else "core"


# mbedtls source files whose instruction count the reference compiler's build is allowed to scale
# beyond the library-wide ratio (the published rows of each are listed in the Param's source).
# aes.c has no ratio of its own: the software AES rows are the bulk of what fits the library-wide
# ratio, so a per-file one would be degenerate with it.
SOURCE_FILES = {"sha1": "sha1", "sha256": "sha256", "sha256-message": "sha256",
                "sha512": "sha512"}


def toolchain_params() -> list[Param]:
    """The published builds were made with other compilers (IAR 9.10, Keil armcc) than ours
    (arm-none-eabi-gcc 12). gcc -O0 keeps every local on the stack; IAR's "None" level still
    allocates registers, so the same source executes far fewer loads, stores and register copies
    there: at opt `none` the core model prices the -O0 profile with the -O3 profile's single loads
    and stores and register copies (priced_classes). These ratios carry our instruction counts over to the published builds'
    compilers; they apply to every core-model prediction at that optimisation level (so
    predictions are for those toolchains).

    Compilers also differ per source file: the RT1060 rows of the same IAR build run SHA-1 at
    1.45 cycles per gcc -O3 instruction and SHA-256 at 0.80, which no shared set of per-class
    costs reproduces. One ratio per mbedtls hash source file carries that difference; each is
    fitted to at least two published rows (both opts, and every board that published the
    algorithm) and is held near 1 by a narrow prior, so that it takes only what the shared
    model cannot explain."""
    per_file = [
        Param(f"toolchain.{name}_ratio", 1.0, "ratio",
              f"executed instructions of the reference compiler's build of mbedtls {name}.c "
              "relative to gcc's, beyond the library-wide ratio",
              f"prior: equal (10 %); fitted to the published {rows} rows", fit=True, prior=0.1)
        for name, rows in (("sha1", "RT1060 SHA-1"),
                           ("sha256", "RT1060/RT1170 SHA-256 and STM32F407 SHA-256 message"),
                           ("sha512", "RT1060 SHA-512"))]
    return [
        Param("toolchain.none_ratio", 1.0, "ratio",
              "cycles of the reference compiler's no-optimisation build relative to the -O0 "
              "profile priced with the -O3 profile's single loads, stores and register copies "
              "(priced_classes)",
              "prior: equal once gcc -O0's reloads, stores and copies of locals are taken out; "
              "fitted",
              fit=True, prior=0.5),
        Param("toolchain.high_speed_ratio", 1.0, "ratio",
              "executed instructions of the reference compiler's highest-speed build relative "
              "to gcc -O3", "prior: equal; fitted", fit=True, prior=0.3),
        *per_file,
    ]


def toolchain_ratio(library: str, algorithm: str, opt: str, values: Values) -> float:
    """Instructions of the reference compiler's build per instruction of ours, for one case."""
    ratio = values["toolchain.none_ratio" if opt == "none" else "toolchain.high_speed_ratio"]
    source = SOURCE_FILES.get(algorithm) if library == "mbedtls" else None
    return ratio * values[f"toolchain.{source}_ratio"] if source else ratio


def all_params() -> list[Param]:
    params: dict[str, Param] = {}
    for source in [*(c.params() for c in CORES.values()), boards.params(), glue_params(),
                   toolchain_params(),
                   *(a.params() for a in ACCELERATORS.values())]:
        for p in source:
            params.setdefault(p.name, p)
    return list(params.values())


def algorithm_of(result: dict[str, Any]) -> str:
    if result["algorithm"] == "aes-cbc" and result.get("direction") == "decrypt":
        return "aes-cbc-dec"
    return result["algorithm"]


def cases_from_profile(profile: dict[str, Any], path: str | None = None) -> list[Case]:
    """Cases of one profile; `path` relabels a sw profile as the hw build's fallback."""
    out = []
    for region in profile["regions"]:
        r = region["result"]
        iterations = max(1, int(r.get("iterations", 1)))
        calls = region.get("calls") if path is None else None
        engine = region.get("engine") if path is None else None
        out.append(Case(profile["board"], profile["library"], path or profile["path"],
                        profile["opt"], profile["app"], algorithm_of(r), int(r.get("key_bits", 0)),
                        int(r.get("buffer_bytes", 0)), iterations, region["classes"],
                        profile["placement"], float(r["cycles"]) / iterations, calls=calls,
                        engine=engine,
                        reference=profile.get("reference"), schedule=region.get("schedule")))
    return out


# Apps whose profiles are a library's own benchmark program (models/profiles/native.py, one case
# per row of its table), and that library. Their rows add the algorithms the bench and the ecdsa
# app do not measure; where those measured the same operation, their case stands. Their software
# profiles are not relabelled as the hw path: the accelerator takes modes (GCM, CCM, 3DES, RSA,
# ...) that only a hw-path profile of the program, which records the engine's work, prices
# (models/profiles/collect.py WORK_SOURCES).
NATIVE_APPS = {"wolfbench": "wolfcrypt", "wolfbench-pk": "wolfcrypt", "mbedbench": "mbedtls",
               "mbedbench-pk": "mbedtls"}


# How far a benchmark program's row may differ in instructions on the accelerator path from the
# software path's to count as the same library code (borrow_software_schedules).
SAME_CODE_SHARE = 0.02
# The parts of a schedule that grow with the instructions executed.
SCALED_SCHEDULE = ("issue_cycles", "taken_branches", "instructions", "it_instructions",
                   "pipelined_loads", "pipelined_stores")


def borrow_software_schedules(cases: list[Case]) -> list[Case]:
    """Gives a benchmark program's accelerator-path row that ran in software (no engine work)
    and has no issue schedule the schedule of the same row on the software path, per
    instruction, where the two executed the same instructions within SAME_CODE_SHARE: the same
    library code. On the RT1170, runs without opcode counting part from the counted one after
    the CAAM's jobs (models/profiles/sampled_schedule.py), so its rows run in software after
    them (RSA-4096, DH-3072) would otherwise be priced by their classes alone."""
    software = {(c.board, c.library, c.opt, c.app, c.algorithm, c.key_bits, c.buffer_bytes): c
                for c in cases if c.path == "sw" and c.schedule is not None}
    out = []
    for case in cases:
        twin = software.get((case.board, case.library, case.opt, case.app, case.algorithm,
                             case.key_bits, case.buffer_bytes))
        if (case.path == "hw" and case.app in NATIVE_APPS and case.schedule is None
                and case.engine == {} and twin is not None):
            ratio = sum(case.classes.values()) / sum(twin.classes.values())
            if abs(ratio - 1) <= SAME_CODE_SHARE:
                schedule = dict(twin.schedule, borrowed=1.0)
                for name in SCALED_SCHEDULE:
                    if name in twin.schedule:
                        schedule[name] = twin.schedule[name] * ratio
                case = replace(case, schedule=schedule, sums=None)
        out.append(case)
    return out


def matrix_cases(profiles: list[dict[str, Any]]) -> list[Case]:
    """Every case of the matrix: the profiled ones, plus the hw path of boards with an accelerator
    (from the hw profile when it exists, else from the sw profile, whose library code is what
    the hw build runs for everything the accelerator does not do)."""
    cases: dict[tuple, Case] = {}
    for profile in profiles:
        if profile["app"] not in NATIVE_APPS:
            for case in cases_from_profile(profile):
                cases[case.key] = case
    for profile in profiles:
        if profile["app"] in NATIVE_APPS:
            for case in cases_from_profile(profile):
                cases.setdefault(case.key, case)
    for profile in profiles:
        board = boards.BOARDS[profile["board"]]
        if profile["path"] != "sw" or board.accelerator is None or profile["app"] in NATIVE_APPS:
            continue
        for case in cases_from_profile(profile, path="hw"):
            cases.setdefault(case.key, case)
    return pair_optimised(borrow_software_schedules(sorted(cases.values(), key=lambda c: c.key)))


# The single loads and stores: the instructions gcc -O0 stores and reloads every local with (it
# keeps none in a register across statements; gcc manual, -O0). LDRD/STRD are included: -O0
# moves each 64-bit local (SHA-512's words) with them.
SINGLE_ACCESSES = ("ldr_word", "ldr_half", "ldr_byte", "ldr_sp", "ldrd",
                   "str_word", "str_half", "str_byte", "str_sp", "strd")
# The register copies (16-bit MOV/MOVS Rd, Rm): gcc -O0 moves values between registers around
# each operation, and most of all the two halves of every 64-bit value (SHA-512 at -O0 executes
# 34 of them per byte, at -O3 2.6; SHA-256, with 32-bit words only, 0.1 and 1.2).
REGISTER_COPIES = ("mov_reg",)
# What a register-allocating compiler executes as the optimised build does (priced_classes).
ALLOCATION_CLASSES = SINGLE_ACCESSES + REGISTER_COPIES


def pair_optimised(cases: list[Case]) -> list[Case]:
    """Gives each opt `none` case the per-call classes of its -O3 twin (see priced_classes)."""
    optimised = {case.operation: case for case in cases if case.opt == "high-speed"}
    paired = []
    for case in cases:
        twin = optimised.get(case.operation) if case.opt == "none" else None
        if twin is not None:
            per_call = {name: count / twin.iterations for name, count in twin.classes.items()}
            case = replace(case, optimised=per_call, sums=None)
        paired.append(case)
    return paired


def priced_classes(case: Case) -> dict[str, float]:
    """The instruction classes the core model prices for a case.

    At opt `none` they stand for the published builds' compilers at their lowest level (IAR
    "None"), which still allocates registers: their single loads and stores are the ones the
    program itself makes (arrays, tables, structures, arguments in memory), which is what the
    optimised build executes, and not gcc -O0's reload and store around each use of a local; and
    their register copies are the optimised build's, not gcc -O0's shuffling of values between
    registers. So the -O0 profile's single loads and stores and register copies are replaced by
    the -O3 profile's for the same operation; everything else (ALU, branches, calls with their
    PUSH/POP: nothing is inlined at that level) stays the -O0 profile's, and
    toolchain.none_ratio scales the result. Without an
    -O3 twin the -O0 profile is priced as counted."""
    if case.opt != "none" or case.optimised is None:
        return case.classes
    classes = dict(case.classes)
    for name in ALLOCATION_CLASSES:
        classes[name] = case.optimised.get(name, 0.0) * case.iterations
    return classes


# What a core model prices of a region's trace.
TRACED_PRICES = ("issue_cycles", "taken_branches", "pipelined_loads", "pipelined_stores")


def priced_sums(case: Case) -> dict[str, float]:
    """What the core model prices: the aggregated classes, and the issue schedule of a region
    that has one and is priced as counted (not opt none, whose classes priced_classes changes)."""
    sums = aggregate(priced_classes(case))
    if case.schedule is not None and case.opt != "none":
        # The M4's traces keep no issue cycles, the M7's no pipelined loads and stores
        # (collect.TRACED_FIELDS).
        sums.update({name: case.schedule[name] for name in TRACED_PRICES
                     if name in case.schedule})
    return sums


def core_cycles(case: Case, values: Values, memory: Memory | None = None) -> float:
    """Cycles of one call of the instructions the profile counted, by the board's core model, at
    the reference compiler (toolchain ratio); `memory`: other wait states than the board's (what-if
    sweeps)."""
    board = boards.BOARDS[case.board]
    if memory is None:
        memory = boards.memory(board, case.placement, values)
    if case.sums is None:
        object.__setattr__(case, "sums", priced_sums(case))
    ratio = toolchain_ratio(case.library, case.algorithm, case.opt, values)
    return ratio * CORES[board.core].cycles(case.sums, memory, values) / case.iterations


def cycles_per_call(case: Case, values: Values) -> float:
    """Predicted hardware cycles of one call (bench) or one phase (ecdsa)."""
    board = boards.BOARDS[case.board]
    model = case.model
    if model == "core":
        return core_cycles(case, values)
    accelerator = ACCELERATORS[model]
    if case.engine:
        # The work holds the calls' too (PKHA operations): it alone prices the busy time.
        busy = accelerator.work_cycles(case.engine, board.clock_hz, values)
        return core_cycles(case, values) + busy / case.iterations
    if case.calls:
        busy = accelerator.call_cycles(case.calls, case.opt, board.clock_hz, values)
        return core_cycles(case, values) + busy / case.iterations
    return accelerator.cycles(case.algorithm, case.key_bits, case.buffer_bytes, case.opt,
                              board.clock_hz, values)
