"""The assembly validation (models/validation/asm.py): the published figures read as published,
the stored predictions turned into rows per published unit, the report written from stored data
alone, the figures never reaching a calibration, and a missing library making the builds skip,
not fail."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from models.calibration import published as calibration_published
from models.validation import asm
from models.validation import published as embench_published

TOP = Path(__file__).resolve().parents[2]
# The README figures at the pinned commits (x25519-cm0 README.md lines 9, 126, 207;
# aes-armcortexm README.md lines 23-25; CoreMark README.md lines 9 and 21).
PUBLISHED = {
    "asm-x25519-cm0-x25519": 3_229_950, "asm-x25519-cm0-gf-inv": 54_793,
    "asm-x25519-cm0-gf-legendre": 43_726, "asm-aes-armcortexm-keyschedule": 244.9,
    "asm-aes-armcortexm-encrypt": 634.7, "asm-aes-armcortexm-ctr": 527.9,
    "asm-aes-armcortexm-keyschedule-ctr-image": 244.9,
    # CoreMark README.md lines 9 and 21: iterations per second, as cycles per iteration.
    "coremark-teensy40": 259_338.2, "coremark-arduino-zero": 844_178.7}


def test_published_figures_are_the_readmes():
    figures = {f.id: f for f in asm.load_published()}
    assert {name: f.value for name, f in figures.items()} == PUBLISHED
    ctr = figures["asm-aes-armcortexm-ctr"]
    assert (ctr.per_call, ctr.unit, ctr.function) == (256, "cycles per block",
                                                      "AES_128_encrypt_ctr")
    assert figures["asm-x25519-cm0-gf-inv"].kind == "counted"
    assert figures["asm-x25519-cm0-x25519"].core_mhz == 8
    # Every figure names an image and a function that image is predicted for.
    functions = {(image.name, name) for image in asm.IMAGES for name in image.functions}
    assert all((f.image, f.function) in functions for f in figures.values())
    assert {f.commit for f in figures.values()} == {
        "75a53f277d15acd9a0a8e220c8e26a48cc8974c2", "bed63794d09008bc62e9a69614077acbf10746a1",
        "b3704c697255fd19ac47c66308543ecd4a5f6833"}


def test_published_rows_must_be_cycles(tmp_path):
    bad = tmp_path / "bad.csv"
    header = asm.PUBLISHED.read_text().splitlines()
    columns = next(line for line in header if not line.startswith("#"))
    bad.write_text(columns + "\nx,p,r,c,i,f,1,ms,1,measured,b,s,c,8,src,covers\n")
    with pytest.raises(ValueError, match="cycles per"):
        asm.load_published(bad)


def document(instructions: float, predicted: float) -> dict:
    return {"elf": "build/x.elf", "board": "stm32f407", "core": "m4", "clock_hz": 16e6,
            "targets": [{"function": "AES_128_encrypt_ctr", "calls": 3,
                         "instructions_per_call": instructions,
                         "predicted_cycles": {"min": predicted, "median": predicted,
                                              "max": predicted},
                         "band_pct": 27.0, "naive_renode_cycles": instructions,
                         "code_memory": "FLASH", "data_memory": "SRAM"}]}


def test_a_call_of_several_blocks_is_divided_into_the_published_unit():
    figures = [f for f in asm.load_published() if f.id == "asm-aes-armcortexm-ctr"]
    (row,) = asm.rows_of(figures, {"aes-armcortexm-aes128ctr": document(256 * 400, 256 * 520)})
    assert (row.instructions, row.naive, row.predicted) == (400, 400, 520)
    assert row.error_pct == pytest.approx((520 - 527.9) / 527.9 * 100)
    assert row.naive_error_pct == pytest.approx((400 - 527.9) / 527.9 * 100)
    assert row.where == "stm32f407"


def test_a_missing_function_in_a_stored_prediction_is_an_error():
    figures = [f for f in asm.load_published() if f.id == "asm-aes-armcortexm-keyschedule"]
    with pytest.raises(KeyError, match="AES_128_keyschedule"):
        asm.rows_of(figures, {"aes-armcortexm-aes128": document(1, 1)})


def test_stored_predictions_cover_every_figure():
    stored = asm.load_stored()
    assert set(stored) == {image.name for image in asm.IMAGES}
    for image in asm.IMAGES:
        targets = {t["function"]: t for t in stored[image.name]["targets"]}
        assert set(targets) == set(image.functions)
        assert all(t["calls"] == image.calls for t in targets.values())
        # Stored where the image's board or core says, with a portable ELF path.
        assert image.stored.parent.parent.name == image.place
        assert not Path(stored[image.name]["elf"]).is_absolute()
    assert stored["x25519-cm0"]["board"] is None and stored["x25519-cm0"]["core"] == "m0plus"
    assert stored["x25519-cm0"]["clock_hz"] == 8e6


def test_report_is_written_from_the_stored_predictions_alone(tmp_path):
    out = asm.write(tmp_path / "validation-asm.md")
    text = out.read_text()
    for figure in asm.load_published():
        assert f"`{figure.id}`" in text and figure.commit[:7] in text
    assert "Not predicted" not in text
    rows = asm.rows_of(asm.load_published(), asm.load_stored())
    assert len(rows) == len(PUBLISHED)
    # Each row's naive figure is Renode's count: one cycle per instruction.
    assert all(r.naive == r.instructions for r in rows)


def test_report_names_the_figures_without_a_stored_prediction(tmp_path):
    out = asm.write(tmp_path / "validation-asm.md", data=tmp_path / "nothing")
    assert "Not predicted (no stored prediction): asm-x25519-cm0-x25519" in out.read_text()


def test_assembly_figures_never_reach_the_calibration():
    validation = {f.id for f in asm.load_published()}
    calibration = {m.id for m in calibration_published.load()}
    embench = {row.id for row in embench_published.load()}
    assert validation and calibration and not validation & calibration
    assert not validation & embench
    assert asm.PUBLISHED.resolve() not in (calibration_published.DATA.resolve(),
                                           embench_published.DATA.resolve())
    for source in sorted((TOP / "models" / "calibration").glob("*.py")) + [
            TOP / "models" / "pipeline.py", TOP / "models" / "matrix.py"]:
        text = source.read_text()
        assert "validation-published-asm" not in text and "validation.asm" not in text, source
    from models.profiles import store
    assert not asm.DATA.resolve().is_relative_to(store.DATA.resolve())


@pytest.mark.parametrize("program, locked_as, repository", [
    ("x25519-cm0", "x25519-cm0", "pornin/x25519-cm0 "),
    ("aes-armcortexm", "aes-armcortexm", "Ko-/aes-armcortexm "),
    ("coremark", "coremark-arduino", "PaulStoffregen/CoreMark ")])
def test_build_skips_loudly_without_the_library(tmp_path, program, locked_as, repository):
    """Where the pinned files cannot be had the build says so and succeeds, so `make test`
    never fails on it."""
    lock = tmp_path / "files.lock"
    lock.write_text(f"repo {locked_as} {repository}" + "1" * 40 + "\n" + "0" * 64 + " x.s\n")
    variable = locked_as.upper().replace("-", "_") + "_GIT"
    env = dict(os.environ, **{variable: str(tmp_path / "no-clone")})
    done = subprocess.run(["make", "-C", str(TOP / "firmware" / "validation" / program),
                           f"LOCK={lock}", f"BUILD={tmp_path / 'build'}"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SKIPPED" in done.stdout and variable in done.stdout
    assert not list((tmp_path / "build").rglob("*.elf"))


def test_compiled_figures_are_repeated_by_a_second_compiler(tmp_path):
    """Each CoreMark figure again on its gcc 12.2 image: the same figure, another binary."""
    figures = asm.load_published()
    spread = asm.spread_rows(figures, asm.load_stored())
    compiled = {f.id for f in figures if f.program == "coremark"}
    assert {row.figure.id for row, _ in spread} == compiled
    for row, image in spread:
        assert image.name == row.figure.image and image.spread_of != image.name
        assert image.built.startswith("gcc 12.2")
    text = asm.write(tmp_path / "validation-asm.md").read_text()
    section = text.split("## The compiler alone", 1)[1].split("##", 1)[0]
    assert "gcc 8.3 -Os" in section and "gcc 12.2 -Os" in section
    assert all(f"`{name}`" in section for name in compiled)


def test_the_older_compiler_is_skipped_loudly_where_it_cannot_be_fetched(tmp_path):
    shims = tmp_path / "bin"
    shims.mkdir()
    (shims / "curl").write_text("#!/bin/sh\nexit 6\n")
    (shims / "curl").chmod(0o755)
    env = dict(os.environ, GCC8_HOME=str(tmp_path / "gcc8"),
               PATH=f"{shims}:{os.environ['PATH']}")
    done = subprocess.run([str(TOP / "tools" / "fetch-gcc8-arm.sh")], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "cannot fetch" in done.stderr
    assert not (tmp_path / "gcc8").exists()


def test_the_older_compiler_compiles_as_gcc_8(tmp_path):
    home = TOP / "build" / "tools" / "gcc-arm-none-eabi-8"
    if not (home / "usr" / "bin" / "arm-none-eabi-gcc").exists():
        pytest.skip("gcc 8.3.1 not fetched here (tools/fetch-gcc8-arm.sh)")
    source = tmp_path / "f.c"
    source.write_text("#include <stdint.h>\nuint32_t f(uint32_t x) { return x * 3u; }\n")
    done = subprocess.run([str(TOP / "tools" / "gcc8-arm-cc.sh"), "-mcpu=cortex-m0plus",
                           "-mthumb", "-Os", "-c", str(source), "-o", str(tmp_path / "f.o")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert b"8.3.1" in (tmp_path / "f.o").read_bytes()
