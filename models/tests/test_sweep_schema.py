"""Sweep definitions: good ones expand into the expected points; bad ones fail with one line
naming the file, the key and what was expected."""
from __future__ import annotations

from pathlib import Path

import pytest

from models.sweeps import schema

SWEEPS = Path(__file__).resolve().parents[1] / "sweeps"


def write(tmp_path: Path, text: str) -> Path:
    file = tmp_path / "bad.yaml"
    file.write_text(text)
    return file


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(schema.SweepError) as caught:
        schema.load(write(tmp_path, text))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_points_are_the_cartesian_product_with_defaults_and_fixed_values(tmp_path):
    sweep = schema.load(write(tmp_path, """
kind: firmware
fixed: {library: mbedtls, opt: high-speed, iterations: 4}
axes:
  board: [rt1060, rt1170]
  path: [sw, hw]
  buffer_bytes: [16, 4096, 16384]
"""))
    points = sweep.points()
    assert len(points) == 2 * 2 * 3
    assert sweep.name == "bad"
    assert points[0] == {"board": "rt1060", "path": "sw", "buffer_bytes": 16, "library": "mbedtls",
                         "opt": "high-speed", "iterations": 4, "app": "bench",
                         "dispatch": "one-at-a-time", "packet_bytes": 0}
    assert points[-1]["board"] == "rt1170" and points[-1]["buffer_bytes"] == 16384
    assert len({tuple(sorted(p.items())) for p in points}) == len(points)


def test_exclude_drops_the_matching_points(tmp_path):
    sweep = schema.load(write(tmp_path, """
kind: firmware
fixed: {library: mbedtls, opt: high-speed}
axes:
  board: [rt1060, stm32f407]
  path: [sw, hw]
exclude:
  - {board: stm32f407, path: hw}
"""))
    assert [(p["board"], p["path"]) for p in sweep.points()] == [
        ("rt1060", "sw"), ("rt1060", "hw"), ("stm32f407", "sw")]


@pytest.mark.parametrize("text, key, expected", [
    ("kind: firmware\nfixed: {board: rt1060, library: mbedtls, opt: none}\naxes: {path: [sw]}\n"
     "exclude: [{path: gpu}]\n", "exclude[0].path", "one of sw, hw"),
    ("kind: firmware\nfixed: {library: mbedtls, opt: none, path: sw}\naxes: {board: [rt1060, "
     "rt9999]}\n", "axes.board[1]", "one of rt1060, rt1170, samd21, stm32f407"),
    ("kind: firmware\nfixed: {board: rt1060, library: mbedtls, opt: none, path: sw}\n"
     "axes: {buffer_bytes: [16, 100]}\n", "axes.buffer_bytes[1]", "a multiple of 16"),
    ("kind: firmware\nfixed: {board: rt1060, library: mbedtls, opt: none}\naxes: {path: sw}\n",
     "axes.path", "a non-empty list"),
    ("kind: firmware\nfixed: {board: rt1060, library: mbedtls, opt: none}\naxes: {bufer: [16]}\n",
     "axes.bufer", "a firmware key"),
    ("kind: firmware\nfixed: {board: rt1060, library: mbedtls}\naxes: {path: [sw]}\n",
     "opt", "a value in fixed or axes"),
    ("kind: quantum\naxes: {board: [rt1060]}\n", "kind", "one of firmware, hardware, sleep"),
    ("kind: hardware\nfixed: {board: rt1060, library: mbedtls, opt: none, path: sw}\n"
     "axes: {dcp.setup_cyclez: [1, 2]}\n", "axes.dcp.setup_cyclez", "a model parameter"),
    ("kind: hardware\nfixed: {board: rt1060, library: mbedtls, opt: none, path: sw}\n"
     "axes: {core_clock_hz: [600000000, -1]}\n", "axes.core_clock_hz[1]", "a number > 0"),
    ("kind: hardware\nfixed: {board: rt1060, library: mbedtls, opt: none, path: sw}\n"
     "axes: {cache_hit: [0.5, 1.5]}\n", "axes.cache_hit[1]", "a number in 0..1"),
    ("kind: hardware\ntimeout: -3\nfixed: {board: rt1060, library: mbedtls, opt: none}\n"
     "axes: {path: [sw]}\n", "timeout", "a number of seconds > 0"),
    ("kind: hardware\nfixed: {board: rt1060, library: mbedtls, opt: none, path: sw}\n"
     "axes: {path: [sw]}\n", "axes.path", "not also in fixed"),
    ("kind: hardware\nfixed: {board: rt1060, library: mbedtls, opt: none}\n"
     "axes: {path: [sw, sw]}\n", "axes.path", "distinct values"),
    ("kind: hardware\naxis: {path: [sw]}\n", "axis", "one of name, kind"),
    ("- just\n- a list\n", "(top level)", "a mapping"),
    ("kind: firmware\naxes: {board: [rt1060\n", "line", "valid YAML"),
])
def test_a_bad_definition_names_file_key_and_expectation(tmp_path, text, key, expected):
    message = error_of(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'bad.yaml'}: {key}"), message
    assert "expected" in message and expected in message, message


def test_a_missing_file_is_one_clear_line(tmp_path):
    with pytest.raises(schema.SweepError, match=r"nothere\.yaml: \(file\): expected a readable"):
        schema.load(tmp_path / "nothere.yaml")


@pytest.mark.parametrize("file", sorted(SWEEPS.glob("*.yaml")), ids=lambda f: f.name)
def test_the_shipped_definitions_are_valid(file):
    sweep = schema.load(file)
    assert sweep.points()
