"""Where points run: a local process pool (default) or a Ray cluster (`--backend ray`).

Both offer the same three calls: submit(function, payload, timeout) -> handle,
wait(handles) -> the handles that finished, result(handle) -> (rows, seconds the point ran);
result() raises the point's error.
Ray is optional (requirements-ray.txt); without it the CLI says how to install it and exits 2.
"""
from __future__ import annotations

import multiprocessing
import time
from concurrent import futures
from typing import Any, Callable

PointFunction = Callable[[dict[str, Any], float], list[dict[str, Any]]]


def timed(function: PointFunction, payload: dict[str, Any],
          timeout: float) -> tuple[list[dict[str, Any]], float]:
    """Runs one point in a worker; returns its rows and how long it ran (not queued)."""
    started = time.monotonic()
    rows = function(payload, timeout)
    return rows, time.monotonic() - started


class BackendUnavailable(RuntimeError):
    """The backend cannot start; str() is one line saying what to do."""


class LocalBackend:
    name = "local"

    def __init__(self, jobs: int):
        # fork: workers inherit the loaded models (profiles, calibration) instead of re-importing.
        self.pool = futures.ProcessPoolExecutor(max_workers=jobs,
                                                mp_context=multiprocessing.get_context("fork"))

    def submit(self, function: PointFunction, payload: dict[str, Any], timeout: float) -> Any:
        return self.pool.submit(timed, function, payload, timeout)

    def wait(self, handles: list[Any]) -> list[Any]:
        done, _ = futures.wait(handles, return_when=futures.FIRST_COMPLETED)
        return list(done)

    def result(self, handle: Any) -> tuple[list[dict[str, Any]], float]:
        return handle.result()

    def shutdown(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def require(name: str) -> None:
    """Fails early (before any build) when the backend cannot be used here."""
    if name == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise BackendUnavailable("--backend ray needs Ray: .venv/bin/pip install -r "
                                     "requirements-ray.txt (or use --backend local)") from None


class RayBackend:
    name = "ray"

    def __init__(self, jobs: int, address: str | None):
        require("ray")
        import ray
        self.ray = ray
        if not ray.is_initialized():
            # address None starts a local Ray instance with `jobs` CPUs; "auto" or
            # "ray://host:10001" joins an existing cluster.
            options: dict[str, Any] = {"address": address, "log_to_driver": False,
                                       "include_dashboard": False}
            if address is None:
                options["num_cpus"] = jobs
            ray.init(**options)
        self.remote: Any = None

    def submit(self, function: PointFunction, payload: dict[str, Any], timeout: float) -> Any:
        if self.remote is None:
            self.remote = self.ray.remote(num_cpus=1, max_retries=0)(timed)
        return self.remote.remote(function, payload, timeout)

    def wait(self, handles: list[Any]) -> list[Any]:
        done, _ = self.ray.wait(handles, num_returns=1)
        return done

    def result(self, handle: Any) -> tuple[list[dict[str, Any]], float]:
        try:
            return self.ray.get(handle)
        except self.ray.exceptions.RayTaskError as error:
            raise RuntimeError(str(error.cause if hasattr(error, "cause") else error)) from None

    def shutdown(self) -> None:
        self.ray.shutdown()


def make(name: str, jobs: int, address: str | None = None) -> LocalBackend | RayBackend:
    if name == "ray":
        return RayBackend(jobs, address)
    return LocalBackend(jobs)
