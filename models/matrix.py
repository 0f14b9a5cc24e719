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
from typing import Any, Callable

from models import boards
from models.calibration import builds
from models.accelerators import ACCELERATORS, glue_params
from models.cores import CORES
from models.cores.base import Memory, aggregate, traced_sums
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
    # Caches of what the core model prices: the binary as it ran (executed_sums), and as a
    # published build ran the same operation (calibration/builds.py published_sums).
    sums: dict[str, float] | None = field(hash=False, compare=False, default=None, repr=False)
    published_sums: dict[bool, dict[str, float]] | None = field(hash=False, compare=False,
                                                                default=None, repr=False)
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
    # The region's issue schedule (models/profiles/trace_schedule.py; None where not traced).
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


def all_params() -> list[Param]:
    params: dict[str, Param] = {}
    for source in [*(c.params() for c in CORES.values()), boards.params(), glue_params(),
                   builds.params(),
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
                   "pipelined_loads", "pipelined_stores", "register_stores",
                   "pipelined_register_stores")


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
                case = replace(case, schedule=schedule, sums=None, published_sums=None)
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


def pair_optimised(cases: list[Case]) -> list[Case]:
    """Gives each opt `none` case the per-call classes of its -O3 twin: what a published build
    at a register-allocating compiler's lowest level executes (calibration/builds.py)."""
    optimised = {case.operation: case for case in cases if case.opt == "high-speed"}
    paired = []
    for case in cases:
        twin = optimised.get(case.operation) if case.opt == "none" else None
        if twin is not None:
            per_call = {name: count / twin.iterations for name, count in twin.classes.items()}
            case = replace(case, optimised=per_call, sums=None, published_sums=None)
        paired.append(case)
    return paired


def executed_sums(case: Case) -> dict[str, float]:
    """What the core model prices of the binary that ran: every instruction the profile
    counted, and its trace where there is one (computed once per case)."""
    if case.sums is None:
        object.__setattr__(case, "sums", traced_sums(case.classes, case.schedule))
    return case.sums


def core_cycles(case: Case, values: Values, memory: Memory | None = None) -> float:
    """Cycles of one call of the binary that ran, as it ran: the instructions the profile
    counted, priced by the board's core model with the memories its sections sit in. No
    compiler or build factor: a prediction is a statement about this binary (the published
    builds of the vendor tables are priced apart, models/calibration/builds.py). `memory`:
    other wait states than the placement's (what-if sweeps)."""
    board = boards.BOARDS[case.board]
    if memory is None:
        memory = boards.memory(board, case.placement, values)
    return CORES[board.core].cycles(executed_sums(case), memory, values) / case.iterations


CorePrice = Callable[[Case, Values], float]


def cycles_per_call(case: Case, values: Values, core: CorePrice = core_cycles) -> float:
    """Predicted hardware cycles of one call (bench) or one phase (ecdsa); `core` prices the CPU
    side (by default the binary as it ran; a published build's transfer for calibration)."""
    board = boards.BOARDS[case.board]
    model = case.model
    if model == "core":
        return core(case, values)
    accelerator = ACCELERATORS[model]
    if case.engine:
        # The work holds the calls' too (PKHA operations): it alone prices the busy time.
        busy = accelerator.work_cycles(case.engine, board.clock_hz, values)
        return core(case, values) + busy / case.iterations
    if case.calls:
        busy = accelerator.call_cycles(case.calls, case.opt, board.clock_hz, values)
        return core(case, values) + busy / case.iterations
    return accelerator.cycles(case.algorithm, case.key_bits, case.buffer_bytes, case.opt,
                              board.clock_hz, values)
