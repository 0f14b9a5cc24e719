"""A first look at any sweep: one figure from its tidy CSV (the built-in studies draw their own).

x: the first axis with numbers; y: KiB/s where the rows have a throughput, else cycles per call;
one line per algorithm and combination of the other axes (at most MAX_LINES, the rest are in the
CSV). Without a numeric axis the first axis is used as categories.
"""
from __future__ import annotations

import csv
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from models.sweeps.schema import Sweep  # noqa: E402

MAX_LINES = 12


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def generic(sweep: Sweep, source: Path, out: Path) -> Path | None:
    with open(source, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows or not sweep.axes:
        return None
    numeric = [a for a in sweep.axes if all(_number(str(v)) is not None for v in sweep.axes[a])
               and len(sweep.axes[a]) > 1]
    x_axis = numeric[0] if numeric else next(iter(sweep.axes))
    metric = "kib_per_s" if any(r.get("kib_per_s") for r in rows) else "cycles_per_call"
    others = [a for a in sweep.axes if a != x_axis]
    lines: dict[str, dict[str, float]] = defaultdict(dict)
    for r in rows:
        decrypt = r.get("direction") == "decrypt" or r.get("algorithm", "").endswith("-dec")
        if not r.get(metric) or decrypt:  # encryption only, as in the studies
            continue
        name = r.get("algorithm", "")
        if r.get("key_bits") not in (None, "", "0"):
            name += f"-{r['key_bits']}"
        label = " ".join([name, *(f"{a}={r[a]}" for a in others)]).strip()
        lines[label][r[x_axis]] = float(r[metric])
    if not lines:
        return None
    fig, ax = plt.subplots(figsize=(8.5, 5.0))
    for label in sorted(lines)[:MAX_LINES]:
        points = lines[label]
        keys = sorted(points, key=lambda k: (_number(k) is None, _number(k) or 0.0, k))
        xs = [_number(k) for k in keys] if numeric else keys
        ax.plot(xs, [points[k] for k in keys], "-o", ms=3, label=label)
    if numeric and min(_number(str(v)) for v in sweep.axes[x_axis]) > 0:
        ax.set_xscale("log")
    ax.set_xlabel(x_axis)
    figures = rows[0].get("figures", "")
    ax.set_ylabel(f"{metric} ({figures})" if figures else metric)
    ax.set_title(f"{sweep.name}" + (f" (first {MAX_LINES} of {len(lines)} lines)"
                                    if len(lines) > MAX_LINES else ""))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
