"""Runs the points of a sweep: cache look-up, parallel execution, retries, progress, tidy CSV.

Each kind of point (firmware.py, whatif.py, selftest.py) supplies
  prepare(sweep, points, directory) -> [Task]   in this process (builds firmware, computes hashes)
  execute(payload, timeout) -> [rows]           in a worker (local pool or Ray)
The runner knows no kind: the caller hands run() the kind's prepare. kinds.py, above both,
registers the kinds and runs a sweep with its own (kinds.run), so the kinds import the runner's
Task and the runner imports none of them.
A point whose cache file exists is not run again; the CSV is rebuilt from the cache.
"""
from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

from models.sweeps import backends
from models.sweeps.cache import Cache, ROOT, tidy_rows, write_csv
from models.sweeps.schema import Sweep


@dataclass
class Task:
    index: int
    point: dict[str, Any]
    hash: str
    label: str
    payload: dict[str, Any]
    execute: Callable[[dict[str, Any], float], list[dict[str, Any]]]
    attempts: int = 0


@dataclass
class Summary:
    total: int
    cached: int
    ran: int
    failed: list[tuple[str, str]] = field(default_factory=list)  # (label, error)
    seconds: float = 0.0
    csv: Path | None = None
    stopped_early: bool = False


class Progress:
    """One line per finished point on stderr: [done/total] bar label ... seconds.
    Fast sweeps print at most every `interval` seconds (and the last point)."""

    def __init__(self, total: int, stream: TextIO, interval: float):
        self.total, self.stream, self.interval = total, stream, interval
        self.last = 0.0

    def show(self, done: int, label: str, seconds: float, status: str = "") -> None:
        now = time.monotonic()
        if done < self.total and not status and now - self.last < self.interval:
            return
        self.last = now
        width = 20
        filled = width * done // max(1, self.total)
        bar = "#" * filled + "-" * (width - filled)
        tail = f" {status}" if status else ""
        print(f"[{done}/{self.total}] {bar} {label} ... {seconds:.1f} s{tail}", file=self.stream,
              flush=True)


def sweep_dir(sweep: Sweep, root: Path | None = None) -> Path:
    return (root or ROOT) / sweep.name


def write_results(sweep: Sweep, tasks: list[Task], cache: Cache, out: Path) -> Path:
    entries = [e for e in (cache.get(t.hash) for t in tasks) if e is not None]
    columns, rows = tidy_rows(sweep.name, sweep.columns, entries)
    write_csv(out, columns, rows)
    return out


# A kind's prepare: (sweep, points, the sweep's directory) -> one Task per point.
Prepare = Callable[[Sweep, list[dict[str, Any]], Path], list[Task]]


def run(sweep: Sweep, prepare: Prepare, *, jobs: int = 2, backend: str = "local",
        address: str | None = None, timeout: float | None = None, retries: int | None = None,
        root: Path | None = None, budget: float | None = None,
        stream: TextIO = sys.stderr) -> Summary:
    """Runs every point of `sweep` not yet in its cache; returns what happened. `prepare`: the
    prepare of the sweep's kind (kinds.run hands it over).

    budget: stop starting new points after this many seconds (the running ones finish), so a
    long firmware sweep can be run in chunks; run again to continue.
    """
    backends.require(backend)
    started = time.monotonic()
    timeout = timeout or sweep.timeout
    retries = sweep.retries if retries is None else retries
    directory = sweep_dir(sweep, root)
    cache = Cache(directory / "cache")
    tasks = prepare(sweep, sweep.points(), directory)
    pending = deque(t for t in tasks if not cache.has(t.hash))
    summary = Summary(total=len(tasks), cached=len(tasks) - len(pending), ran=0)
    csv_path = directory / "results.csv"
    if pending:
        progress = Progress(len(tasks), stream, 0.0 if sweep.kind == "firmware" else 0.5)
        print(f"sweep {sweep.name}: {len(tasks)} points, {summary.cached} cached, "
              f"{len(pending)} to run on {jobs} {backend} worker(s)", file=stream, flush=True)
        pool = backends.make(backend, jobs, address)
        running: dict[Any, tuple[Task, float]] = {}
        window = jobs * (16 if sweep.kind == "hardware" else 1)  # cheap points: keep workers fed
        last_csv = time.monotonic()
        try:
            while pending or running:
                out_of_time = budget is not None and time.monotonic() - started > budget
                while pending and len(running) < window and not out_of_time:
                    task = pending.popleft()
                    task.attempts += 1
                    running[pool.submit(task.execute, task.payload, timeout)] = (task, time.monotonic())
                if not running:
                    summary.stopped_early = True
                    break
                for handle in pool.wait(list(running)):
                    task, t0 = running.pop(handle)
                    seconds = time.monotonic() - t0
                    done = summary.cached + summary.ran + len(summary.failed)
                    try:
                        rows, seconds = pool.result(handle)
                    except Exception as error:  # a point failed: retry or record it
                        message = str(error).splitlines()[0] if str(error) else type(error).__name__
                        if task.attempts <= retries:
                            pending.append(task)
                            progress.show(done, task.label, seconds,
                                          f"failed ({message}); retry {task.attempts}/{retries}")
                        else:
                            summary.failed.append((task.label, message))
                            progress.show(done + 1, task.label, seconds, f"FAILED: {message}")
                        continue
                    cache.put(task.hash, {"hash": task.hash, "label": task.label,
                                          "point": task.point, "rows": rows,
                                          "seconds": round(seconds, 3), "attempts": task.attempts})
                    summary.ran += 1
                    progress.show(done + 1, task.label, seconds)
                if time.monotonic() - last_csv > 10.0:
                    write_results(sweep, tasks, cache, csv_path)
                    last_csv = time.monotonic()
        finally:
            pool.shutdown()
    summary.csv = write_results(sweep, tasks, cache, csv_path)
    summary.seconds = time.monotonic() - started
    return summary
