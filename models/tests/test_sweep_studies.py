"""The studies' numbers come from the data: the crossover rule on hand-made curves."""
from __future__ import annotations

from models.sweeps.studies import crossover, size_text

SIZES = [16, 64, 256, 1024]
SW = {16: 10.0, 64: 10.0, 256: 10.0, 1024: 10.0}


def test_crossover_is_the_first_size_from_which_hw_always_wins():
    hw = {16: 5.0, 64: 9.0, 256: 11.0, 1024: 30.0}
    assert crossover(SIZES, SW, hw) == (64, 256)


def test_hw_faster_everywhere_has_no_size_before_it():
    hw = {s: 20.0 for s in SIZES}
    assert crossover(SIZES, SW, hw) == (None, 16)


def test_hw_never_faster_has_no_crossover():
    hw = {s: 10.0 for s in SIZES}  # equal is not faster
    assert crossover(SIZES, SW, hw) == (1024, None)


def test_a_win_that_does_not_last_is_not_a_crossover():
    hw = {16: 5.0, 64: 20.0, 256: 20.0, 1024: 9.0}
    assert crossover(SIZES, SW, hw) == (1024, None)


def test_sizes_are_written_in_bytes_or_kib():
    assert [size_text(s) for s in (16, 1000, 1024, 16384)] == ["16 B", "1000 B", "1 KiB", "16 KiB"]
