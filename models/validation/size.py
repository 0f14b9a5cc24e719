"""Which build the published Embench figures came from, told by code size.

    python -m models.validation size     build the size images and store what they measure in
                                         data/stm32f407/embench-size.json

Embench's baseline-data/size.json is the published build's other table: the same toolchain
(GCC 14.1.0, binutils 2.39, newlib 4.3.0) at -Os, each benchmark's sections measured as
benchmark_size.py measures them, an image's less the dummy benchmark's. Embench's STM32 start-up
and board support call no C library function, so each benchmark's figure holds the library
functions it calls. Built here the same way (the sources at -Os with Embench's size flags, linked
with firmware/validation/embench/size/'s start-up and dummy, which call no library function
either), once per candidate build; the build whose sizes match the published ones is the one the
published speed figures ran. Nothing here is fitted: the sizes are compared, not used.

Builds (BUILDS): Debian's gcc 12.2 with newlib 3.3.0; Debian trixie's GCC 14.2 with newlib 4.5.0;
the same GCC 14.2 with newlib 4.3.0's string functions compiled -Os (the validation images' string
functions, firmware/validation/embench/Makefile NEWLIB_STRING, which `make` compiles first).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from models.validation import profile

TOP = Path(__file__).resolve().parents[2]
EMBENCH = TOP / "build" / "third_party" / "embench-iot"
PUBLISHED = EMBENCH / "baseline-data" / "size.json"
HERE = TOP / "firmware" / "validation" / "embench" / "size"
WORK = TOP / "build" / "embench-size"
DATA = profile.DATA.parent / "embench-size.json"
# The string functions the validation images link (firmware/validation/embench/Makefile).
NEWLIB_OBJECTS = profile.IMAGES / "newlib" / "obj"
GCC12 = "arm-none-eabi-gcc"
GCC14 = str(TOP / "tools" / "gcc14-arm-cc.sh")
# name: (compiler, link the -Os newlib 4.3.0 string functions)
BUILDS = {"gcc12": (GCC12, False), "gcc14": (GCC14, False), "gcc14-newlib-os": (GCC14, True)}
# Embench's size build (commit c9d2e43's message): cflags and ldflags at -Os; the defines
# sconstruct.py adds, at gsf 1 as a size build uses.
CFLAGS = ["-Os", "-ffunction-sections", "-fdata-sections", "-mcpu=cortex-m4", "-mthumb",
          "-mfloat-abi=soft", "-DWARMUP_HEAT=1", "-DGLOBAL_SCALE_FACTOR=1"]
LDFLAGS = ["-Os", "-Wl,--gc-sections", "-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=soft",
           "-static", "-nostartfiles"]
# benchmark_size.py's categories: (section type, flags as readelf prints them).
CATEGORIES = {("PROGBITS", "AX"): "text", ("PROGBITS", "A"): "rodata",
              ("PROGBITS", "WA"): "data", ("NOBITS", "WA"): "bss"}
SECTION = re.compile(r"^\s*\[\s*\d+\]\s+\S+\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+"
                     r"[0-9a-f]+\s+(\S*)\s")


def sections(readelf_output: str) -> dict[str, int]:
    """An image's bytes per category from `readelf -SW`, as benchmark_size.py sums them."""
    sizes = dict.fromkeys(CATEGORIES.values(), 0)
    for line in readelf_output.splitlines():
        found = SECTION.match(line)
        if found and (found.group(1), found.group(3)) in CATEGORIES:
            sizes[CATEGORIES[(found.group(1), found.group(3))]] += int(found.group(2), 16)
    return sizes


def image_sizes(elf: Path) -> dict[str, int]:
    done = subprocess.run(["arm-none-eabi-readelf", "-SW", str(elf)], capture_output=True,
                          text=True, check=True)
    return sections(done.stdout)


def relative(image: dict[str, int], dummy: dict[str, int]) -> dict[str, int]:
    return {name: image[name] - dummy[name] for name in image}


def compile_c(compiler: str, source: Path, out: Path, extra: list[str]) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([compiler, *CFLAGS, f"-I{EMBENCH / 'support'}", *extra, "-c", str(source),
                    "-o", str(out)], check=True)
    return out


def build(name: str) -> dict[str, dict[str, int]]:
    """Each benchmark's sizes relative to the dummy's, for one build."""
    compiler, newlib_os = BUILDS[name]
    work = WORK / name
    common = [compile_c(compiler, EMBENCH / "support" / f"{stem}.c", work / f"{stem}.o", [])
              for stem in ("main", "beebsc")]
    common.append(compile_c(compiler, HERE / "start.c", work / "start.o",
                            ["-Wall", "-Wextra", "-Werror"]))
    libraries = sorted(NEWLIB_OBJECTS.glob("*.o")) if newlib_os else []
    if newlib_os and not libraries:
        raise FileNotFoundError(f"no objects in {NEWLIB_OBJECTS}: run `{profile.MAKE}` first")
    sizes = {}
    for benchmark in ("dummy",) + profile.BENCHMARKS:
        sources = ([HERE / "dummy.c"] if benchmark == "dummy"
                   else sorted((EMBENCH / "src" / benchmark).glob("*.c")))
        objects = [compile_c(compiler, source, work / benchmark / f"{source.stem}.o", [])
                   for source in sources]
        elf = work / f"{benchmark}.elf"
        subprocess.run([compiler, *LDFLAGS, f"-T{HERE / 'link.ld'}", *map(str, objects),
                        *map(str, common), *map(str, libraries), "-lm", "-lc", "-lgcc", "-o",
                        str(elf)], check=True, capture_output=True)
        sizes[benchmark] = image_sizes(elf)
    return {b: relative(sizes[b], sizes["dummy"]) for b in profile.BENCHMARKS}


def compiler_version(compiler: str) -> str:
    done = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True)
    return done.stdout.splitlines()[0]


def measure() -> dict[str, Any]:
    return {"published": json.loads(PUBLISHED.read_text()),
            "builds": {name: {"compiler": compiler_version(BUILDS[name][0]),
                              "newlib_4_3_0_string_functions_Os": BUILDS[name][1],
                              "sizes": build(name)} for name in BUILDS}}


def load() -> dict[str, Any] | None:
    return json.loads(DATA.read_text()) if DATA.exists() else None


def text_differences(stored: dict[str, Any], name: str) -> dict[str, int]:
    """Per benchmark: a build's code (text) bytes less the published build's."""
    published = stored["published"]
    sizes = stored["builds"][name]["sizes"]
    return {b: sizes[b]["text"] - published[b]["text"] for b in profile.BENCHMARKS
            if b in sizes and b in published}


def main() -> int:
    if not PUBLISHED.exists():
        print(f"validation: error: {PUBLISHED} not fetched; run `{profile.MAKE}` first",
              file=sys.stderr)
        return 1
    DATA.write_text(json.dumps(measure(), indent=1, sort_keys=True) + "\n")
    print(f"validation: wrote {DATA.relative_to(TOP)}")
    return 0
