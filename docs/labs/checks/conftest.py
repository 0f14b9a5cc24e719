"""Shared fixtures of the lab checks (docs/labs/checks/test_lab<N>.py).

A check first runs its lab's steps, exactly the ```sh blocks of the lab's page, unless
`tools/lab.py run N` (`make lab N=<n>`) has just run them (LAB_STEPS_DONE=<n>). It then asserts on
the files the steps wrote under build/labs/<n>/: figures this run produced, never copied values.
"""
from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(TOP / "tools"))

import lab  # noqa: E402  (tools/lab.py)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "lab: the checked solution of a teaching lab (docs/labs/)")
    config.addinivalue_line("markers", "slow: takes minutes; run by `make test-all`, not `make test`")


def renode_present() -> bool:
    found = subprocess.run([str(TOP / "tools" / "find-renode.sh"), "test"], capture_output=True,
                           text=True)
    return bool(found.stdout.strip())


def done_steps(number: int, needs_renode: bool = True) -> Path:
    """Runs lab `number`'s steps (unless just run) and returns its output directory."""
    if needs_renode and not renode_present():
        pytest.skip("Renode not found: this lab's steps run firmware in Renode")
    if os.environ.get("LAB_STEPS_DONE") != str(number):
        assert lab.run_steps(number) == 0, f"lab {number}: a step failed (see the output above)"
    out = TOP / "build" / "labs" / str(number)
    assert out.is_dir(), f"lab {number}'s steps wrote nothing under {out}"
    return out


def results(path: Path) -> list[dict]:
    assert path.is_file(), f"{path} is missing: a step did not write it"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def page_yaml(number: int, name: str) -> str:
    """The sweep definition a step of lab `number` writes to build/labs/<number>/<name>.yaml."""
    target = f"build/labs/{number}/{name}.yaml"
    for block in lab.steps_of(lab.page_of(number)):
        found = re.search(rf"^cat > {re.escape(target)} <<'EOF'\n(.*?)^EOF$", block, re.M | re.S)
        if found:
            return found.group(1)
    raise AssertionError(f"lab {number}'s steps write no {target}")


def run_sweep(definition: Path) -> Path:
    """Runs `python -m models sweep <definition>` as the pages do; returns its results.csv."""
    done = subprocess.run([sys.executable, "-m", "models", "sweep", str(definition)], cwd=TOP)
    assert done.returncode == 0, f"the sweep {definition.name} failed"
    return TOP / "build" / "sweeps" / definition.stem / "results.csv"
