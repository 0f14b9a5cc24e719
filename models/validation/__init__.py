"""Validation of the core models on public programs with published hardware figures that no
calibration sees: Embench IoT 2.0 on the STM32F407 (Cortex-M4 at 16 MHz).

    python -m models.validation             price the stored profiles, write reports/validation.md
    python -m models.validation profile     profile the images in Renode first (needs
                                            `make -C firmware/validation/embench`)
    python -m models.validation size        build the code-size images first: which build the
                                            published figures came from (size.py)

published.py reads the published figures (models/data/validation-published.csv), profile.py
profiles the images (firmware/validation/embench/) into data/, price.py prices a stored profile
with the calibrated Cortex-M4 model, size.py compares the builds' code sizes with the
published build's, report.py writes the report.

asm.py validates on hand-written assembly with published cycle counts (x25519-cm0 on a
Cortex-M0+, aes-armcortexm on the STM32F407) through `predict --elf`: `python -m
models.validation.asm`.
"""
