"""`kind: sleep` points: each sleeps `seconds` and returns one row. They exercise the runner
(parallelism, cache, resume after SIGKILL) without Renode; models/tests/test_sweep_runner.py uses
them. With SWEEP_SELFTEST_LOG set, every finished execution appends its index to that file, so a
test can tell which points really ran."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from models.sweeps.cache import content_hash, point_json
from models.sweeps.runner import Task
from models.sweeps.schema import Sweep


def execute(payload: dict[str, Any], timeout: float) -> list[dict[str, Any]]:
    seconds = float(payload["seconds"])
    if seconds > timeout:
        time.sleep(timeout)
        raise TimeoutError(f"point {payload['index']} took longer than {timeout:g} s")
    time.sleep(seconds)
    log = os.environ.get("SWEEP_SELFTEST_LOG")
    if log:
        with open(log, "a") as out:
            out.write(f"{payload['index']}\n")
    return [{"slept_s": seconds, "square": payload["index"] ** 2}]


def prepare(sweep: Sweep, points: list[dict[str, Any]], directory: Path) -> list[Task]:
    return [Task(i, p, content_hash("sleep", point_json(p)), f"sleep #{p['index']}",
                 {"index": p["index"], "seconds": p["seconds"]}, execute)
            for i, p in enumerate(points)]
