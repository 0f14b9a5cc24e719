"""The published builds: what each vendor table measured, modelled as a binary of its own.

A prediction is a statement about the binary that runs: the matrix's gcc images, and a user's
ELF, are priced as they ran (models/matrix.py core_cycles), with no compiler or build factor.
The published tables measured other binaries: NXP's mbedtls_benchmark built with IAR 9.10 in
the SDK's own linker layout, a Keil armcc build of mbedtls 2.16.2, a wolfSSL build of unknown
compiler. Each is modelled here as a build of its own, and this layer is applied only to the
calibration cells of that build's rows (calibration/fit.py), never to a matrix or user
prediction. What differs, each difference with its evidence:

  - the code: where our profile of the same source differs in what executes, a reference
    profile of a build like theirs (calibration/reference.py: the STM32F407 rows);
  - the placement: the memories the published build's sections sat in, from its own linker file
    (PLACEMENTS), priced by the same memory layer as any binary (models/boards.py memory);
  - the compiler: a transfer, the cycles their compiler's code takes per cycle of gcc's for the
    same source and optimisation level. One per published compiler and level, and per mbedtls
    hash source file where that compiler's rows show a file-level difference; each is fitted
    to that build's rows only (at least two, fit.MIN_CELLS_PER_PARAM) and reported apart
    (reports/index.md, "Published builds"). At IAR's lowest level ("None"), which still
    allocates registers, the -O0 profile is priced with the -O3 profile's single loads, stores
    and register copies (published_classes) before the transfer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from models import boards
from models.cores import CORES
from models.cores.base import traced_sums
from models.params import Param, Values

if TYPE_CHECKING:  # the matrix imports this module for its parameters
    from models.calibration.published import Measurement
    from models.matrix import Case

# The single loads and stores: the instructions gcc -O0 stores and reloads every local with (it
# keeps none in a register across statements; gcc manual, -O0). LDRD/STRD are included: -O0
# moves each 64-bit local (SHA-512's words) with them.
SINGLE_ACCESSES = ("ldr_word", "ldr_half", "ldr_byte", "ldr_sp", "ldrd",
                   "str_word", "str_half", "str_byte", "str_sp", "strd")
# The register copies (16-bit MOV/MOVS Rd, Rm): gcc -O0 moves values between registers around
# each operation, and most of all the two halves of every 64-bit value (SHA-512 at -O0 executes
# 34 of them per byte, at -O3 2.6; SHA-256, with 32-bit words only, 0.1 and 1.2).
REGISTER_COPIES = ("mov_reg",)
# What a register-allocating compiler executes as the optimised build does (published_classes).
ALLOCATION_CLASSES = SINGLE_ACCESSES + REGISTER_COPIES

# mbedtls source files whose published rows show a compiler difference of their own (the RT1060
# rows of the same IAR build run SHA-1 at 1.45 cycles per gcc -O3 instruction and SHA-256 at
# 0.80, which no shared set of per-class costs reproduces).
SOURCE_FILES = {"sha1": "sha1", "sha256": "sha256", "sha512": "sha512"}

# The RT1170 rows' build: NXP's mbedtls examples replace the device's RAM linker file with one of
# their own, MIMXRT1176xxxxx_cm7_ram_ocram.icf (debug and release targets): vectors, code and
# read-only data in ITCM (0x00000000-0x0003FFFF); read-write data, zero-initialised data, heap and
# the stack in OCRAM (m_data 0x20240000-0x202BFFFF). Source: nxp-mcuxpresso/mcuxsdk-examples
# 16bf470 (2025-01-10), _boards/evkbmimxrt1170/mbedtls_examples/mbedtls_benchmark/reconfig.cmake
# and _boards/evkbmimxrt1170/mbedtls_examples/linker/MIMXRT1176xxxxx_cm7_ram_ocram.icf.
RT1170_SDK_PLACEMENT = {".text": "ITCM", ".rodata": "ITCM", ".data": "OCRAM", ".bss": "OCRAM",
                        ".heap": "OCRAM", ".stack": "OCRAM"}


@dataclass(frozen=True)
class PublishedBuild:
    id: str
    title: str
    toolchain: str          # the toolchain column of the published rows it covers
    board: str
    compiler: str           # prefix of its transfer parameters: "compiler.<compiler>.*"
    levels: tuple[str, ...]  # optimisation levels with a transfer of their own
    allocates_at_none: bool  # its lowest level still allocates registers (published_classes)
    per_file: bool           # per mbedtls hash source file transfers (SOURCE_FILES)
    placement: dict[str, str] | None  # its sections' memories where they differ from ours
    evidence: str
    id_prefix: str = ""      # only the rows whose id starts so (where the toolchain is unknown)
    reference_profiles: bool = False  # its code is a reference build's (calibration/reference.py)


BUILDS = (
    PublishedBuild("nxp-sdk-iar-rt1060", "NXP mbedtls_benchmark, IAR 9.10, MIMXRT1060-EVK",
                   "IAR 9.10", "rt1060", "iar-9.10", ("none", "high-speed"), True, True, None,
                   "published conditions: code+data in TCM, as ours"),
    PublishedBuild("nxp-sdk-iar-rt1170", "NXP mbedtls_benchmark, IAR 9.10, MIMXRT1170-EVK CM7",
                   "IAR 9.10", "rt1170", "iar-9.10", ("none", "high-speed"), True, True,
                   RT1170_SDK_PLACEMENT,
                   "the SDK example's linker file MIMXRT1176xxxxx_cm7_ram_ocram.icf (fetched): "
                   "code in ITCM, data, heap and stack in OCRAM"),
    PublishedBuild("keil-armcc5-stm32f407", "mbedtls 2.16.2, Keil MDK 5.15 armcc, STM32F407",
                   "Keil MDK 5.15 (armcc)", "stm32f407", "armcc-5", ("high-speed",), False,
                   False, None,
                   "the reference build of mbedtls 2.16.2 (calibration/reference.py); code in "
                   "flash at 0 wait states (16 MHz), data in SRAM, as ours",
                   reference_profiles=True),
    PublishedBuild("wolfssl-samd21", "wolfSSL benchmark, unknown compiler, SAMD21",
                   "unknown", "samd21", "samd21-wolfssl", ("high-speed",), False, False, None,
                   "compiler and placement not published; code in flash and data in SRAM "
                   "assumed, as ours", id_prefix="samd21-ecc256-"),
)
# A row no published build covers measured one of our own images (a user's measurement added to
# a copy of the published file, `--measurements`): it is priced as the binary ran.
AS_RUN = PublishedBuild("as-run", "the profiled binary itself", "", "", "", (), False, False,
                        None, "a measurement of the binary that was profiled")


def build_of(measurement: Measurement) -> PublishedBuild:
    """The published build a row measured, or AS_RUN for a row no build covers."""
    for build in BUILDS:
        if (build.board == measurement.board and build.toolchain == measurement.toolchain
                and measurement.id.startswith(build.id_prefix)):
            return build
    return AS_RUN


def level_of(build: PublishedBuild, opt: str) -> str:
    return opt if opt in build.levels else build.levels[-1]


def params() -> list[Param]:
    """The transfers of every published compiler: one per level, and per file where asked."""
    out: dict[str, Param] = {}
    for build in BUILDS:
        boards_of = ", ".join(b.board for b in BUILDS if b.compiler == build.compiler)
        rows = f"the {build.toolchain} rows ({boards_of})"
        for level in build.levels:
            name = f"compiler.{build.compiler}.{level.replace('-', '_')}_ratio"
            out.setdefault(name, Param(
                name, 1.0, "ratio",
                f"cycles of {build.toolchain}'s {level} build per cycle of gcc's of the same "
                "source" + (" priced with the -O3 build's single loads, stores and register "
                            "copies" if level == "none" and build.allocates_at_none else ""),
                f"prior: equal (30 %); fitted to {rows} only, never applied to a matrix or user "
                "prediction", fit=True, prior=0.3))
        if build.per_file:
            for source in sorted(set(SOURCE_FILES.values())):
                name = f"compiler.{build.compiler}.{source}_ratio"
                out.setdefault(name, Param(
                    name, 1.0, "ratio",
                    f"cycles of {build.toolchain}'s build of mbedtls {source}.c per cycle of "
                    "gcc's, beyond the level's transfer",
                    f"prior: equal (10 %); fitted to {rows} of {source} only", fit=True,
                    prior=0.1))
    return list(out.values())


def published_classes(case: Case, build: PublishedBuild) -> dict[str, float]:
    """The instruction classes the published build executes for a case.

    At opt `none` of a compiler whose lowest level still allocates registers (IAR "None"): its
    single loads and stores are the ones the program itself makes (arrays, tables, structures,
    arguments in memory), which is what the optimised build executes, and not gcc -O0's reload
    and store around each use of a local; and its register copies are the optimised build's. So
    the -O0 profile's single loads and stores and register copies are replaced by the -O3
    profile's for the same operation; everything else (ALU, branches, calls with their
    PUSH/POP: nothing is inlined at that level) stays the -O0 profile's. Without an -O3 twin the
    -O0 profile is taken as counted."""
    if case.opt != "none" or case.optimised is None or not build.allocates_at_none:
        return case.classes
    classes = dict(case.classes)
    for name in ALLOCATION_CLASSES:
        classes[name] = case.optimised.get(name, 0.0) * case.iterations
    return classes


def published_sums(case: Case, build: PublishedBuild) -> dict[str, float]:
    """What the core model prices of the published build's run (cached on the case, per kind of
    build). The trace of an -O0 region does not apply once its classes are replaced."""
    if case.published_sums is None:
        object.__setattr__(case, "published_sums", {})
    kind = build.allocates_at_none
    if kind not in case.published_sums:
        classes = published_classes(case, build)
        schedule = case.schedule if classes is case.classes else None
        case.published_sums[kind] = traced_sums(classes, schedule)
    return case.published_sums[kind]


def transfer(case: Case, build: PublishedBuild, values: Values) -> float:
    """The compiler transfer of a case: its level's ratio, times its source file's."""
    if not build.levels:
        return 1.0
    level = level_of(build, case.opt).replace("-", "_")
    ratio = values[f"compiler.{build.compiler}.{level}_ratio"]
    source = SOURCE_FILES.get(case.algorithm) if build.per_file and case.library == "mbedtls" \
        else None
    return ratio * values[f"compiler.{build.compiler}.{source}_ratio"] if source else ratio


def core_price(build: PublishedBuild) -> Callable[[Case, Values], float]:
    """The CPU side of a case as the published build ran it: its classes, in its placement,
    through its compiler's transfer (for matrix.cycles_per_call)."""
    def price(case: Case, values: Values) -> float:
        board = boards.BOARDS[case.board]
        core = CORES[board.core]
        memory = boards.memory(board, build.placement or case.placement, values)
        cycles = core.cycles(published_sums(case, build), memory, values) / case.iterations
        return transfer(case, build, values) * cycles

    return price


def floor_cycles(case: Case, build: PublishedBuild) -> float:
    """The fewest cycles the core can run the published build's instructions for a case in, at
    the transfer 1 (cores' floor_cycles)."""
    core = CORES[boards.BOARDS[case.board].core]
    return core.floor_cycles(published_sums(case, build)) / case.iterations
