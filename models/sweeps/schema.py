"""Sweep definitions (models/sweeps/*.yaml): read, check, expand into points.

A definition names a kind of point and the values to try:

    name: buffer-size            # optional; the file name without .yaml by default
    kind: firmware               # firmware (built and run in Renode) | hardware (re-costed from
                                 # stored profiles, no Renode) | sleep (runner self-test)
    description: one line
    study: buffer-size           # optional: the built-in study that renders this sweep's report
    timeout: 600                 # optional: host seconds per point
    retries: 1                   # optional: extra attempts for a failed point
    fixed: {library: mbedtls}    # values every point shares
    axes:                        # lists; the points are their cartesian product
      board: [rt1060, rt1170]
    exclude:                     # optional: drop the points that match every key of an entry
      - {board: rt1170, buffer_bytes: 16}

Every problem is reported as one line naming the file, the key and what was expected.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

BOARDS = ("rt1060", "rt1170", "samd21", "stm32f407")
LIBRARIES = ("mbedtls", "wolfcrypt")
PATHS = ("sw", "hw")
OPTS = ("none", "high-speed")
APPS = ("bench", "selftest", "ecdsa")
DISPATCH = ("one-at-a-time", "all-at-once")
PLACEMENTS = ("linked", "flash")
TOP_KEYS = ("name", "kind", "description", "study", "timeout", "retries", "fixed", "axes",
            "exclude")


class SweepError(ValueError):
    """A bad sweep definition: str() is one line, `<file>: <key>: expected <what>, got <value>`."""


@dataclass(frozen=True)
class Key:
    """One point key: what values it takes (checked by `accepts`) and its default."""

    expected: str
    accepts: Callable[[Any], bool]
    default: Any = None
    required: bool = False


def choice(values: tuple[str, ...], **kw: Any) -> Key:
    return Key("one of " + ", ".join(values), lambda v: v in values, **kw)


def integer(low: int, high: int, multiple: int = 1, **kw: Any) -> Key:
    what = f"an integer in {low}..{high}" + (f", a multiple of {multiple}" if multiple > 1 else "")
    return Key(what, lambda v: isinstance(v, int) and not isinstance(v, bool)
               and low <= v <= high and v % multiple == 0, **kw)


def number(low: float, high: float = math.inf, **kw: Any) -> Key:
    what = f"a number > {low:g}" if high == math.inf else f"a number in {low:g}..{high:g}"
    return Key(what, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
               and (low < v <= high if high != math.inf else v > low), **kw)


def at_least(low: float, **kw: Any) -> Key:
    return Key(f"a number >= {low:g}", lambda v: isinstance(v, (int, float))
               and not isinstance(v, bool) and v >= low, **kw)


def fraction(**kw: Any) -> Key:
    return Key("a number in 0..1", lambda v: isinstance(v, (int, float))
               and not isinstance(v, bool) and 0.0 <= v <= 1.0, **kw)


# Which image of the matrix a point is about; both kinds of sweep name it.
IMAGE_KEYS: dict[str, Key] = {
    "board": choice(BOARDS, required=True),
    "library": choice(LIBRARIES, required=True),
    "path": choice(PATHS, required=True),
    "opt": choice(OPTS, required=True),
    "app": choice(APPS, default="bench"),
}

# Firmware/build axes: each point is an image built with these settings and run in Renode.
FIRMWARE_KEYS: dict[str, Key] = {
    **IMAGE_KEYS,
    "buffer_bytes": integer(16, 65536, 16, default=1024),      # BENCH_BUFFER_BYTES
    "iterations": integer(1, 1000, default=16),                # BENCH_ITERATIONS
    "dispatch": choice(DISPATCH, default="one-at-a-time"),     # DCP chains / CAAM queued jobs
    "packet_bytes": integer(0, 65536, 16, default=0),          # DCP packet / CAAM job size, 0 = driver's
}

# Hardware axes: re-cost the stored profiles (models/profiles/data) with other hardware.
# Any model parameter (`python -m models params`, e.g. dcp.setup_cycles) is a key as well.
HARDWARE_KEYS: dict[str, Key] = {
    **IMAGE_KEYS,
    "core_clock_hz": number(0.0),         # default: the board's clock
    "accel_clock_hz": number(0.0),        # default: the accelerator's (models/accelerators/*.yaml)
    "placement": choice(PLACEMENTS, default="linked"),  # code where link.ld puts it, or in flash
    "wait_states": at_least(0.0),         # flash wait states; default: the board's
    "cache_hit": fraction(),              # flash cache hit ratio; default: the board's
    "i2c_hz": number(0.0),                # ATECC508A bus clock (atecc508a.i2c_hz)
}

# Runner self-test points (tests, benchmarks): sleep, return one row.
SLEEP_KEYS: dict[str, Key] = {
    "index": integer(0, 10**9, required=True),
    "seconds": at_least(0.0, default=0.0),
}

KIND_KEYS = {"firmware": FIRMWARE_KEYS, "hardware": HARDWARE_KEYS, "sleep": SLEEP_KEYS}


def _param_names() -> set[str]:
    from models.matrix import all_params
    return {p.name for p in all_params()}


@dataclass
class Sweep:
    file: Path
    name: str
    kind: str
    description: str = ""
    study: str | None = None
    timeout: float = 600.0
    retries: int = 1
    fixed: dict[str, Any] = field(default_factory=dict)
    axes: dict[str, list[Any]] = field(default_factory=dict)
    exclude: list[dict[str, Any]] = field(default_factory=list)

    def points(self) -> list[dict[str, Any]]:
        """Every point: defaults, then fixed values, then one value per axis (in file order)."""
        keys = KIND_KEYS[self.kind]
        base = {k: spec.default for k, spec in keys.items() if spec.default is not None}
        base.update(self.fixed)
        names = list(self.axes)
        out = []
        for combo in itertools.product(*(self.axes[n] for n in names)):
            point = dict(base)
            point.update(zip(names, combo))
            if not any(all(point.get(k) == v for k, v in rule.items()) for rule in self.exclude):
                out.append(point)
        return out

    @property
    def columns(self) -> list[str]:
        """Point columns of the tidy CSV: the swept and fixed keys."""
        return list(dict.fromkeys([*self.axes, *self.fixed]))


def _fail(file: Path, key: str, expected: str, got: Any) -> SweepError:
    return SweepError(f"{file}: {key}: expected {expected}, got {got!r}")


def _key_spec(file: Path, kind: str, where: str, key: str) -> Key:
    keys = KIND_KEYS[kind]
    if key in keys:
        return keys[key]
    if kind == "hardware" and "." in key:
        if key in _param_names():
            return number(0.0)
        raise _fail(file, where, "a model parameter (see `python -m models params`)", key)
    raise _fail(file, where, f"a {kind} key: " + ", ".join(keys) +
                (", or a model parameter name" if kind == "hardware" else ""), key)


def parse(data: Any, file: Path) -> Sweep:
    """Checks a loaded definition; raises SweepError (one line) on the first problem."""
    if not isinstance(data, dict):
        raise _fail(file, "(top level)", "a mapping with kind and axes", type(data).__name__)
    for key in data:
        if key not in TOP_KEYS:
            raise _fail(file, key, "one of " + ", ".join(TOP_KEYS), key)
    kind = data.get("kind")
    if kind not in KIND_KEYS:
        raise _fail(file, "kind", "one of " + ", ".join(KIND_KEYS), kind)
    name = data.get("name", file.stem)
    if not isinstance(name, str) or not name or not all(c.isalnum() or c in "-_" for c in name):
        raise _fail(file, "name", "letters, digits, '-' or '_'", name)
    for key in ("description", "study"):
        if key in data and not isinstance(data[key], str):
            raise _fail(file, key, "a string", data[key])
    timeout = data.get("timeout", 600.0)
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
        raise _fail(file, "timeout", "a number of seconds > 0", timeout)
    retries = data.get("retries", 1)
    if not isinstance(retries, int) or isinstance(retries, bool) or not 0 <= retries <= 10:
        raise _fail(file, "retries", "an integer in 0..10", retries)
    fixed = data.get("fixed", {}) or {}
    if not isinstance(fixed, dict):
        raise _fail(file, "fixed", "a mapping of key: value", fixed)
    axes = data.get("axes")
    if not isinstance(axes, dict) or not axes:
        raise _fail(file, "axes", "a mapping of key: [values] with at least one axis", axes)
    for key, value in fixed.items():
        spec = _key_spec(file, kind, f"fixed.{key}", key)
        if isinstance(value, list) or not spec.accepts(value):
            raise _fail(file, f"fixed.{key}", spec.expected, value)
    for key, values in axes.items():
        spec = _key_spec(file, kind, f"axes.{key}", key)
        if key in fixed:
            raise _fail(file, f"axes.{key}", "a key that is not also in fixed", key)
        if not isinstance(values, list) or not values:
            raise _fail(file, f"axes.{key}", "a non-empty list", values)
        for i, value in enumerate(values):
            if not spec.accepts(value):
                raise _fail(file, f"axes.{key}[{i}]", spec.expected, value)
        if len(set(map(repr, values))) != len(values):
            raise _fail(file, f"axes.{key}", "distinct values", values)
    exclude = data.get("exclude", []) or []
    if not isinstance(exclude, list):
        raise _fail(file, "exclude", "a list of mappings key: value", exclude)
    for i, rule in enumerate(exclude):
        if not isinstance(rule, dict) or not rule:
            raise _fail(file, f"exclude[{i}]", "a mapping key: value", rule)
        for key, value in rule.items():
            spec = _key_spec(file, kind, f"exclude[{i}].{key}", key)
            if isinstance(value, list) or not spec.accepts(value):
                raise _fail(file, f"exclude[{i}].{key}", spec.expected, value)
    for key, spec in KIND_KEYS[kind].items():
        if spec.required and key not in fixed and key not in axes:
            raise _fail(file, key, f"a value in fixed or axes ({spec.expected})", None)
    return Sweep(file, name, kind, data.get("description", ""), data.get("study"),
                 float(timeout), retries, dict(fixed), {k: list(v) for k, v in axes.items()},
                 [dict(rule) for rule in exclude])


def load(file: Path) -> Sweep:
    """Reads and checks a sweep definition file."""
    try:
        text = file.read_text()
    except OSError as error:
        raise SweepError(f"{file}: (file): expected a readable YAML file, got {error.strerror}")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "(file)"
        raise SweepError(f"{file}: {where}: expected valid YAML, got "
                         f"{getattr(error, 'problem', None) or error}")
    return parse(data, file)
