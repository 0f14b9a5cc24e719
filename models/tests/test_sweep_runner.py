"""The sweep runner on cheap `kind: sleep` points (no Renode): cache, retries, timeouts, the tidy
CSV, and a real SIGKILL in the middle of a run followed by a restart."""
from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from models.sweeps import kinds, schema

TOP = Path(__file__).resolve().parents[2]
POINTS = 30


def sleep_sweep(tmp_path: Path, seconds: float, count: int = POINTS, extra: str = "") -> Path:
    file = tmp_path / "naps.yaml"
    file.write_text(f"kind: sleep\n{extra}fixed: {{seconds: {seconds}}}\n"
                    f"axes:\n  index: [{', '.join(str(i) for i in range(count))}]\n")
    return file


def read_csv(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text())))


def test_a_second_run_takes_everything_from_the_cache(tmp_path):
    sweep = schema.load(sleep_sweep(tmp_path, 0.0, count=6))
    first = kinds.run(sweep, jobs=2, root=tmp_path / "out", stream=io.StringIO())
    assert (first.ran, first.cached, first.failed) == (6, 0, [])
    second = kinds.run(sweep, jobs=2, root=tmp_path / "out", stream=io.StringIO())
    assert (second.ran, second.cached) == (0, 6)
    rows = read_csv(second.csv)
    assert sorted(int(r["index"]) for r in rows) == list(range(6))
    assert all(int(r["square"]) == int(r["index"]) ** 2 for r in rows)


def test_a_point_over_its_timeout_is_retried_then_reported(tmp_path):
    sweep = schema.load(sleep_sweep(tmp_path, 0.3, count=2, extra="timeout: 0.05\nretries: 2\n"))
    log = io.StringIO()
    summary = kinds.run(sweep, jobs=2, root=tmp_path / "out", stream=log)
    assert summary.ran == 0 and len(summary.failed) == 2
    assert "longer than 0.05 s" in summary.failed[0][1]
    assert log.getvalue().count("retry") == 4  # two points, two retries each
    assert read_csv(summary.csv) == []


def test_progress_lines_name_the_point_and_its_time(tmp_path):
    sweep = schema.load(sleep_sweep(tmp_path, 0.0, count=3))
    log = io.StringIO()
    kinds.run(sweep, jobs=1, root=tmp_path / "out", stream=log)
    assert "[3/3]" in log.getvalue() and "sleep #" in log.getvalue() and " s" in log.getvalue()


def start(file: Path, root: Path, log: Path) -> subprocess.Popen:
    env = dict(os.environ, MODELS_SWEEP_ROOT=str(root), SWEEP_SELFTEST_LOG=str(log))
    return subprocess.Popen([sys.executable, "-m", "models", "sweep", str(file), "-j", "2"],
                            cwd=TOP, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)


def test_sigkill_mid_run_then_restart_redoes_nothing_finished(tmp_path):
    file = sleep_sweep(tmp_path, 0.15)
    root, log = tmp_path / "out", tmp_path / "executions.log"
    cache = root / "naps" / "cache"
    process = start(file, root, log)
    deadline = time.monotonic() + 60
    while len(list(cache.glob("*.json"))) < 6:
        assert process.poll() is None, process.stdout.read().decode()
        assert time.monotonic() < deadline, "the sweep did not get going"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)  # the runner and its workers, no clean-up
    process.wait()
    assert process.returncode == -signal.SIGKILL

    finished = {f.name: f.read_bytes() for f in cache.glob("*.json")}
    assert 6 <= len(finished) < POINTS, "the kill did not land mid-run"
    finished_indices = {json.loads(b)["point"]["index"] for b in finished.values()}
    executions_before = len(log.read_text().split())
    csv_path = root / "naps" / "results.csv"
    if csv_path.exists():  # written atomically: whole rows of whole points only
        assert {int(r["index"]) for r in read_csv(csv_path)} <= finished_indices

    process = start(file, root, log)
    output = process.communicate(timeout=120)[0].decode()
    assert process.returncode == 0, output
    assert f"{len(finished)} cached, {POINTS - len(finished)} run" in output

    rerun = [int(i) for i in log.read_text().split()[executions_before:]]
    assert not finished_indices & set(rerun), "finished points were run again"
    assert sorted(set(rerun) | finished_indices) == list(range(POINTS))
    for name, content in finished.items():
        assert (cache / name).read_bytes() == content
    rows = read_csv(csv_path)
    assert sorted(int(r["index"]) for r in rows) == list(range(POINTS))
    assert all(r["sweep"] == "naps" and float(r["slept_s"]) == 0.15 for r in rows)


def test_ray_backend_without_ray_says_how_to_install_it(tmp_path):
    try:
        import ray  # noqa: F401
        pytest.skip("Ray is installed here")
    except ImportError:
        pass
    result = subprocess.run([sys.executable, "-m", "models", "sweep",
                             str(sleep_sweep(tmp_path, 0.0, count=1)), "--backend", "ray"],
                            cwd=TOP, capture_output=True, text=True,
                            env=dict(os.environ, MODELS_SWEEP_ROOT=str(tmp_path / "out")))
    assert result.returncode == 2
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1 and "pip install -r requirements-ray.txt" in lines[0]


def test_a_bad_definition_exits_2_with_one_line(tmp_path):
    file = tmp_path / "bad.yaml"
    file.write_text("kind: firmware\naxes: {board: [rt1060]}\n")
    result = subprocess.run([sys.executable, "-m", "models", "sweep", str(file)], cwd=TOP,
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert f"{file}: library: expected" in result.stderr


def test_a_budget_stops_starting_points_and_the_next_run_continues(tmp_path):
    sweep = schema.load(sleep_sweep(tmp_path, 0.1, count=10))
    first = kinds.run(sweep, jobs=1, root=tmp_path / "out", budget=0.25, stream=io.StringIO())
    assert first.stopped_early and 1 <= first.ran < 10
    second = kinds.run(sweep, jobs=2, root=tmp_path / "out", stream=io.StringIO())
    assert not second.stopped_early
    assert (second.cached, second.ran) == (first.ran, 10 - first.ran)
    assert len(read_csv(second.csv)) == 10
